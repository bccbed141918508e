"""Session 50, from a walkthrough with phone-made photo forms: a seat photographed in grey (a phone's mono filter)
is said to have no colour and to be photographed in colour, and the surplus its misread tiles make is put down to
it, not to another set; one table whose check meets an unexpected error is that table's finding, in one line, and
the other tables are checked (one process or several)."""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, japanese, make_table, same_reader  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.layout import Photo, read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TableReport, TileRef, Verdict, report_from_dict  # noqa: E402
from tilelens.event.reading import load_photo  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402

NOGI = load_game("nogizaka")


def _grey(reader: ExactReader, path: Path, kinds: list[str], sure: float = 0.55) -> None:
    """Make the photo at ``path`` grey (as a phone's mono filter saves it) and teach ``reader`` to read ``kinds``
    in it, unsurely (what the classifier makes of tiles without their colours)."""
    Image.open(path).convert("L").convert("RGB").save(path)
    reader.known[reader.key(load_photo(Photo(path.name, path=path)))] = [(k, sure) for k in kinds]


# --- 1. a photo with no colour -------------------------------------------------------------------------------
def test_a_grey_seat_is_said_to_have_no_colour_and_its_surplus_is_not_put_on_another_set(tmp_path):
    reader = ExactReader()
    folder = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    _grey(reader, folder / "seat2.png", ["miona"] * 8)  # every tile of seat 2 misread as Miona: 10 of a set of 6
    report = check_table(read_table_folder(folder, 4), NOGI, reader)[0]
    said = [f for f in report.findings if f.seats == ("2",) and f.kind == FindingKind.POOR_PHOTO]
    assert len(said) == 1, [f.message for f in report.findings]
    f = said[0]
    assert "no colour" in f.message and "in colour" in f.message, f.message
    assert "色がありません" in f.message_ja and "カラー" in f.message_ja and japanese(f.message_ja), f.message_ja
    assert f.data.get("colourless") is True
    assert not any("reads poorly" in g.message for g in report.findings)  # not a blurred photo to retake
    [surplus] = [g for g in report.findings if g.kind == FindingKind.SURPLUS]
    assert "another set" not in surplus.message and "no colour" in surplus.message, surplus.message
    assert "別のセット" not in surplus.message_ja and "色がない" in surplus.message_ja, surplus.message_ja
    assert report.findings.index(f) < report.findings.index(surplus)  # the cause ahead of what it explains
    assert [s.colourless for s in report.seats] == [False, True, False, False]


def test_a_table_photographed_all_in_grey_is_one_finding_of_its_seats_and_no_other_set_is_blamed(tmp_path):
    reader = ExactReader()
    folder = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    for seat, kinds in CLEAN.items():
        name = "seat1-dealer.png" if seat == "1" else f"seat{seat}.png"
        _grey(reader, folder / name, ["misa-senpai"] * 4 + kinds[4:], sure=0.4 + 0.05 * int(seat))
    report = check_table(read_table_folder(folder, 4), NOGI, reader)[0]
    [f] = [g for g in report.findings if g.data.get("colourless") is True]
    assert f.seats == ("1", "2", "3", "4") and f.message.startswith("seats 1, 2, 3, 4: "), f.message
    assert "no colour" in f.message and "in colour" in f.message and "カラー" in f.message_ja
    assert report.findings[0] == f
    texts = [g.message for g in report.findings] + [g.message_ja for g in report.findings]
    assert not any("another set" in t or "別のセット" in t or "reads poorly" in t for t in texts), texts
    assert any(g.kind == FindingKind.SURPLUS for g in report.findings)
    # a hand misread for want of colour is no hand to announce as winning or one tile away
    assert not any(g.kind in (FindingKind.TENPAI_AS_DEALT, FindingKind.WINNING_AS_DEALT) for g in report.findings)


def test_a_colour_table_says_nothing_of_colour(tmp_path):
    reader = ExactReader()
    folder = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    report = check_table(read_table_folder(folder, 4), NOGI, reader)[0]
    assert report.verdict == Verdict.OK and not any(s.colourless for s in report.seats)


def test_a_seat_with_no_colour_is_kept_in_its_report():
    seat = SeatReading("2", "seat2.jpg", (TileRef("2", 0, "miona", (0, 0, 1, 1), 0.5),), colourless=True)
    d = TableReport("t1", "nogizaka", (), (seat,)).to_dict()
    assert d["seats"][0]["colourless"] is True
    assert report_from_dict(json.loads(json.dumps(d))).seats[0].colourless


# --- 2. an unexpected error at one table ---------------------------------------------------------------------
class _BrokenReading:
    """A reading whose tiles cannot be had: an error in tilelens itself, past the reader's own call."""

    @property
    def tiles(self):
        raise ImportError("cannot import name 'thumb' from 'tilelens.event.report'")


class BreakingReader(ExactReader):
    """``ExactReader`` whose readings of some photos (``breaks``: their keys) break the check past the reader."""

    def __init__(self):
        super().__init__()
        self.breaks: set[str] = set()

    def __call__(self, image):
        if self.key(image) in self.breaks:
            return _BrokenReading()
        return super().__call__(image)


def _event(tmp_path: Path) -> tuple[BreakingReader, Path]:
    reader = BreakingReader()
    for name in ("t1", "t2", "t3"):
        make_table(reader, tmp_path / "ev", name, CLEAN)
    photo = tmp_path / "ev" / "t2" / "seat3.png"
    reader.breaks.add(reader.key(load_photo(Photo(photo.name, path=photo))))
    return reader, tmp_path / "ev"


def _said(result, out: Path) -> None:
    verdicts = {t["table"]: t["verdict"] for t in result.event["tables"]}
    assert verdicts == {"t1": "ok", "t2": "fault", "t3": "ok"} and result.event["finished"], verdicts
    [f] = [t for t in result.event["tables"] if t["table"] == "t2"][0]["findings"]
    assert "could not be checked" in f["message"] and "ImportError: cannot import name 'thumb'" in f["message"]
    assert "\n" not in f["message"] and japanese(f["message_ja"]) and "ImportError" in f["message_ja"]
    stored = json.loads((out / "t2" / "report.json").read_text(encoding="utf-8"))
    assert stored["verdict"] == "fault" and stored["fingerprint"] == ""  # never kept as unchanged: read again


def test_an_unexpected_error_at_one_table_is_its_finding_and_the_others_are_checked(tmp_path):
    reader, ev = _event(tmp_path)
    result = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                         progress=False)
    _said(result, tmp_path / "out")
    again = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                        progress=False)
    assert again.checked == 1  # the table that broke is checked again, the others kept


def test_an_unexpected_error_in_a_worker_process_is_its_tables_finding(tmp_path):
    reader, ev = _event(tmp_path)
    result = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"),
                         factory=functools.partial(same_reader, reader), jobs=2, progress=False)
    _said(result, tmp_path / "out")


# --- 5. the app's photo page: no note of a large photo read smaller ------------------------------------------
def test_a_48_megapixel_photo_is_read_as_a_12_megapixel_one_with_no_note_of_its_size(tmp_path):
    """Both are read at the same size (``vision.READ_SIDE``): "A large photo: read at 1600x1200." was said of the
    first alone, and gave nothing to do (the tiles' size, what matters, has its own note: ``small_tiles``)."""
    import io

    from app.components.photo import decode

    def jpeg(w: int, h: int) -> bytes:
        buf = io.BytesIO()
        Image.new("RGB", (w, h), (40, 120, 60)).save(buf, format="JPEG")
        return buf.getvalue()

    read = []
    for w, h in ((8064, 6048), (4032, 3024)):
        image, original = decode(jpeg(w, h))
        read.append(image.shape[:2])
    assert read == [(1200, 1600), (1200, 1600)]  # the page says nothing of the size: test_score_photo.py


def test_an_input_error_at_one_table_is_said_in_its_own_words():
    from scorer.result import TilelensInputError
    from tilelens.event.runner import not_checked

    f = not_checked(TilelensInputError("seat 2: a tile set that is gone", "2番席: タイルセットがありません"))
    assert f.message == "this table could not be checked: seat 2: a tile set that is gone"
    assert f.message_ja == "この卓はチェックできませんでした: 2番席: タイルセットがありません"
