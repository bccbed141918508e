"""The Label page's kept list of photos follows the page's own count of changes, as its check does: a photo removed
and put back (Undo) is listed again where the folders' times never move."""
from __future__ import annotations

from app.components import label_listing

from app_helpers import label_page_dataset, open_page


def jump_options(at) -> list[str]:
    return list(at.selectbox(key="label_jump").options)


def test_a_photo_put_back_is_listed_again_where_the_folder_keeps_its_time(tmp_path, monkeypatch, home):
    root = label_page_dataset(tmp_path, monkeypatch)
    monkeypatch.setattr(label_listing, "_state", lambda paths: ((1, 0),) * len(paths))  # times never move
    at = open_page("label", lang="en")
    at.button(key="label_next").click().run()  # b.jpg: no boxes, may be removed
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_yes").click().run()
    assert jump_options(at) == ["1. a.jpg", "2. c.jpg"]
    at.button(key="label_removed_undo").click().run()
    assert (root / "images/train/b.jpg").is_file()
    assert jump_options(at) == ["1. a.jpg", "2. b.jpg", "3. c.jpg"] and not at.exception
    kept = at.session_state[label_listing.LISTED_KEY]
    assert len(kept) == 1 and "images/train/b.jpg" in list(kept.values())[0]["photos"]  # kept as listed again
