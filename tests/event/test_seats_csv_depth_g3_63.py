"""The seats' CSV reads what the check recorded, not the event folder laid out again nor the findings' shape: a photo
that could not be read names itself in its finding (``data`` ``photo``), and the wrong game's table finding says how
many findings it held back (``data`` ``held_back``) whichever game its seats look like. A red five is said by its own
name (``Game.red_of``); a table's page redrawn in the other language links back to the event's where its folder is
one of an event's report folder."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event.model import SeatReading, TileRef  # noqa: E402
from tilelens.event.report import PAGE_FORMAT, page_in, table_html, report_from_dict  # noqa: E402
from tilelens.event.rules import HELD_BACK_SAID, other_game_findings  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402
from tilelens.event.seats_csv import HEADERS, table_rows, wrong_game_table  # noqa: E402


def test_a_photo_cut_short_is_named_by_its_finding_without_the_folder(tmp_path):
    reader = ExactReader()
    table = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    good = (table / "seat1-dealer.png").read_bytes()
    (table / "seat1-dealer.png").write_bytes(good[: len(good) // 2])
    out = tmp_path / "ev" / "_report"
    check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                progress=False)
    report = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    (found,) = [f for f in report["findings"] if f["kind"] == "unreadable-photo"]
    assert found["data"] == {"photo": "seat1-dealer.png"} and found["seats"] == ["1"]

    def no_folder() -> dict[str, str]:
        raise AssertionError("the folder was laid out again")

    rows = {str(r[1]): r for r in table_rows("t1", report, no_folder)}
    assert rows["1"][HEADERS.index("photo")] == "seat1-dealer.png"


def _seat(seat: str, like: str) -> SeatReading:
    tiles = tuple(TileRef(seat, i, "rarin", (0, 0, 1, 1), 0.9) for i in range(8))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (600, 120), other_game=bool(like), looks_like=like)


def test_the_wrong_game_of_seats_of_two_looks_records_what_it_held_back():
    """Three seats of four another game's, two looking like Yokai Watch and one like no game told: the table is of
    the wrong game (``runner`` holds its counts back) though no one game is named to switch to."""
    game = load_game("nogizaka")
    readings = {"1": _seat("1", "yokai-watch"), "2": _seat("2", "yokai-watch"), "3": _seat("3", "cinderella-neo"),
                "4": _seat("4", "")}
    (found,) = other_game_findings(game, readings, held_back=2)
    assert found.data["held_back"] == 2 and "switch" not in found.data
    assert found.message.endswith(HELD_BACK_SAID[0]) and found.message_ja.endswith(HELD_BACK_SAID[1])
    assert other_game_findings(game, readings, held_back=0)[0].data["held_back"] == 0


def test_a_report_of_today_is_of_the_wrong_game_only_where_it_held_findings_back():
    named = [{"kind": "other-game", "seats": ["1", "2", "3"], "data": {"looks_like": ""}}]
    assert not wrong_game_table(named) and wrong_game_table(named, older=True)
    report = {"table": "t1", "game": "nogizaka", "verdict": "fault", "dealer": "1", "page_format": PAGE_FORMAT,
              "findings": named, "seats": [{"seat": s, "photo": f"seat{s}.jpg", "tiles": []} for s in "1234"]}
    verdicts = [r[HEADERS.index("seat verdict")] for r in table_rows("t1", report)]
    assert not any("held back" in v for v in verdicts), verdicts
    older = dict(report, page_format=PAGE_FORMAT - 1)
    assert all("held back" in r[HEADERS.index("seat verdict")] for r in table_rows("t1", older))


def test_the_red_five_is_found_by_the_game():
    game = load_game("tokyo-mahjong")
    assert game.red_of("5p").name_en == "Red 5 Pin" and game.red_of("0p") is None and game.red_of("1z") is None
    assert game.red_of("no-such-tile") is None and load_game("nogizaka").red_of("rarin") is None


def test_a_table_page_redrawn_links_back_where_its_folder_is_an_events(tmp_path):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    out = tmp_path / "ev" / "_report"
    check_event(tmp_path / "ev", out, CheckOptions(game="nogizaka"), factory=lambda game: reader, jobs=1,
                progress=False)
    stored = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    other = "ja" if stored["page_lang"] == "en" else "en"
    page = (out / "t1" / "index.html").read_bytes()
    assert b'<p class="back"><a href="../' in page_in(out / "t1", stored, page, other)
    alone = tmp_path / "alone" / "t1"  # a table's report folder of no event's
    alone.mkdir(parents=True)
    plain = table_html(report_from_dict(stored), {}, False, stored["page_lang"]).encode("utf-8")
    assert b'class="back"' not in page_in(alone, stored, plain, other)
