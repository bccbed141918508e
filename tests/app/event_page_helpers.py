"""What the Event check page's walk tests share (test_event_rewalk_52.py, test_event_page_phone_55.py): a table
checked, then checked again under its name with other photos."""
from __future__ import annotations

from pathlib import Path

from test_event_page_51 import NAME, _check, _out, _upload


def other_photos_under_a_taken_name(at, photos) -> tuple[str, Path]:
    """Session 51's clean table checked under the page's first name, then, at Next table, that name typed again and
    the other table's photos put in (one photo of the first again), not yet checked: the name and the event's folder.
    ``photos``: session 51's ``photos`` fixture."""
    first = at.text_input(key=NAME).value
    _upload(at, photos["clean"])
    _check(at)
    out = _out(at)
    at.button(key="event_next").click().run()
    at.text_input(key=NAME).set_value(first).run()
    _upload(at, dict(photos["surplus"], **{"4": photos["clean"]["4"]}))  # another table, one photo of it again
    return first, out
