"""Session 59, F25: the Event check page shows, as the HTML report does (c4c61ca), the seat's photo under a finding
of a whole photo (another set's tiles, too dark, face down) and both photos of a seat that has two, each small,
captioned and said (alt) in the screen's language: a volunteer looks rather than reads."""
from __future__ import annotations

from pathlib import Path

import pytest

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event

support = event_support()


def _browse(out: Path, lang: str):
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _seat3_of_another_set(tmp_path: Path) -> Path:
    """The report folder of a Nogizaka table t1 (``CLEAN``) whose seat 3 reads as another set's tiles (a finding of the
    whole photo), checked by ``tilelens.event.check_event``."""
    reader = support.YokaiReader(flagged={"3"})
    support.make_table(reader, tmp_path / "ev", "t1", support.CLEAN)
    out = tmp_path / "out"
    check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def _pictures(at) -> list[list[tuple[str, str]]]:
    """Each image element's pictures as (caption, alt), in the page's order."""
    return [[(x.caption, x.alt) for x in i.proto.imgs] for i in at.image]


@pytest.mark.parametrize("lang, caption, alt", [("en", "Seat 3", "Photo of Seat 3"),
                                                ("ja", "3番席", "3番席の写真")])
def test_a_finding_of_a_whole_photo_shows_that_seats_photo(home, tmp_path, lang, caption, alt):
    out = _seat3_of_another_set(tmp_path)
    at = _browse(out, lang)
    # its own picture beside the finding (the Photos fold holds all four together)
    assert [(caption, alt)] in _pictures(at), _pictures(at)
    pictures = _pictures(at)
    assert pictures.index([(caption, alt)]) < next(i for i, p in enumerate(pictures) if len(p) == 4)  # beside it


@pytest.mark.parametrize("lang, said", [("en", "Seat 2"), ("ja", "2番席")])
def test_two_photos_of_one_seat_are_both_shown_with_their_file_names(home, tmp_path, lang, said):
    reader = support.ExactReader()
    folder = support.make_table(reader, tmp_path / "ev", "t1", support.CLEAN)
    reader.draw(folder / "seat2 (1).png", support.M[3:11], salt=7)
    out = tmp_path / "out"
    check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = _browse(out, lang)
    photo = "写真" if lang == "ja" else "Photo of "
    both = [(f"{said}: {n}", f"{said}: {n}の写真" if lang == "ja" else f"Photo of {said}: {n}")
            for n in ("seat2 (1).png", "seat2.png")]
    assert sorted(both) in [sorted(p) for p in _pictures(at)], _pictures(at)
    # the Photos fold names them alike, not by the report's file names (seat2-photo1)
    assert not any("photo1" in c or "photo2" in c for p in _pictures(at) for c, _ in p), _pictures(at)
    assert photo in str(_pictures(at))
    finding = "2番席の写真が複数あります" if lang == "ja" else "two photos for seat 2"
    assert finding in texts(at).replace("Two", "two")


def test_a_thumbnail_gone_or_damaged_is_a_short_note_not_a_traceback(home, tmp_path):
    out = _seat3_of_another_set(tmp_path)
    (out / "t1" / "thumbs" / "seat3.jpg").write_text("not a picture", encoding="utf-8")
    at = _browse(out, "en")
    # said once, where the Photos fold draws the seats' photos, not again beside the finding
    assert texts(at).count("(`thumbs/seat3.jpg` cannot be read as an image: not shown)") == 1, texts(at)
    (out / "t1" / "thumbs" / "seat3.jpg").unlink()
    at = _browse(out, "en")
    assert not any(c == "Seat 3" for p in _pictures(at) for c, _ in p)


def test_a_finding_edited_by_hand_past_its_pictures_is_still_said(home, tmp_path):
    import json

    out = _seat3_of_another_set(tmp_path)
    path = out / "t1" / "report.json"
    report = json.loads(path.read_text(encoding="utf-8"))
    for f in report["findings"]:
        f["seats"] = ["../../../../elsewhere"]  # a thumbnail named outside the report folder: not drawn, said so
    path.write_text(json.dumps(report), encoding="utf-8")
    at = _browse(out / "t1", "en")
    assert "another set's tiles" in texts(at) and "cannot be read" not in texts(at), texts(at)
    said = "(`thumbs/seat../../../../elsewhere.jpg` points outside the report folder: not shown)"
    assert said in texts(at), texts(at)
