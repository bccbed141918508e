"""Session 59, F23: the event check as a tournament volunteer found it (walkthrough W6).

A whole event checked with the wrong --game (most seats read surer as another game) is said once, the counts and
tiles to confirm held back; the report pages lay out at a phone's width; every tile crop is captioned, its alt in both
languages; a finding of a whole photo shows that seat's thumbnail, two photos of one seat both thumbnails; a surplus
names its least sure tiles only under the threshold, seat by seat; no space before a particle."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the event tests' support module

from test_event_support import CLEAN, MISREAD, M, ExactReader, YokaiReader, make_table  # noqa: E402
from test_event_support import misread_table as _table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef, Verdict  # noqa: E402
from tilelens.event.rules import surplus_findings  # noqa: E402

NOGI = load_game("nogizaka")
HELD = {FindingKind.SURPLUS, FindingKind.WRONG_COUNT, FindingKind.UNSURE_TILE, FindingKind.TENPAI_AS_DEALT,
        FindingKind.WINNING_AS_DEALT}


def test_most_seats_read_surer_as_another_game_is_the_wrong_game_its_misreads_held_back(tmp_path):
    report = _table(tmp_path, YokaiReader(flagged={"2"}, likelier={"1", "3"}))
    kinds = [f.kind for f in report.findings]
    assert kinds[0] == FindingKind.OTHER_GAME and kinds.count(FindingKind.OTHER_GAME) == 1, kinds
    assert not HELD & set(kinds), kinds
    first = report.findings[0]
    assert first.seats == ("1", "2", "3")
    assert "Check the event with --game yokai-watch" in first.message
    assert "--game yokai-watch でチェックし直してください" in first.message_ja
    assert first.data["held_back"] >= 1 and first.data["switch"] == "check the event with --game yokai-watch"
    assert report.verdict == Verdict.FAULT
    seats = report.to_dict()["seats"]
    assert [s.get("likelier", "") for s in seats] == ["yokai-watch", "", "yokai-watch", ""]


def test_a_minority_read_surer_as_another_game_keeps_the_tables_findings(tmp_path):
    report = _table(tmp_path, YokaiReader(flagged=set(), likelier={"1", "3"}))  # two of four: half, unsure which game, none held back
    kinds = [f.kind for f in report.findings]
    assert kinds[0] == FindingKind.OTHER_GAME and report.findings[0].data["unsure_game"], kinds
    assert FindingKind.SURPLUS in kinds, kinds


def test_the_event_says_the_game_to_check_with_once_and_fails(tmp_path):
    reader = YokaiReader(flagged={"2"}, likelier={"1", "3", "4"})
    for name in ("t1", "t2", "t3"):
        make_table(reader, tmp_path / "ev", name, MISREAD)
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader,
                         jobs=1, progress=False)
    other = result.event["other_game"]
    assert other["looks_like"] == "yokai-watch"
    assert other["message"].startswith("most tables (3 of 3)")
    assert other["message"].endswith("Check the event with --game yokai-watch")
    assert other["message_ja"].endswith("--game yokai-watch でチェックし直してください")
    assert not result.in_order
    for t in result.event["tables"]:
        assert {f["kind"] for f in t["findings"]} == {"other-game"}, t["findings"]


def test_the_pages_lay_out_at_a_phones_width_and_caption_each_crop_in_both_languages(tmp_path):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"2": {0: 0.4}})
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    viewport = '<meta name="viewport" content="width=device-width,initial-scale=1">'
    for page in (tmp_path / "out" / "index.html", tmp_path / "out" / "t1" / "index.html"):
        html = page.read_text(encoding="utf-8")
        assert viewport in html, page
        assert re.search(r'<figcaption lang="en">seat 2, tile 1<span class="ja" lang="ja">2番席の1枚目</span>', html)
        alt = re.search(r'<img [^>]*alt="(tile read as [^"]*)"', html)
        assert alt and "tile read as Rarin" == alt.group(1), page


def test_a_photo_finding_shows_the_seats_thumbnail(tmp_path):
    reader = YokaiReader(flagged={"3"}, likelier=set())  # one seat of another set's tiles: that photo's finding
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    for page in (tmp_path / "out" / "index.html", tmp_path / "out" / "t1" / "index.html"):
        html = page.read_text(encoding="utf-8")
        row = next(r for r in html.split("<tr") if 'data-finding="other-game"' in r)
        assert '<figure class="seat-thumb"><img src="data:image/' in row, page
        assert '<figcaption lang="en">seat 3<span class="ja" lang="ja">3番席</span>' in row


def test_two_photos_of_one_seat_show_both_to_choose_from(tmp_path):
    reader = ExactReader()
    folder = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    reader.draw(folder / "seat2 (1).png", M[3:11], salt=7)
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    assert (tmp_path / "out" / "t1" / "thumbs" / "seat2-photo1.jpg").is_file()
    assert (tmp_path / "out" / "t1" / "thumbs" / "seat2-photo2.jpg").is_file()
    for page in (tmp_path / "out" / "index.html", tmp_path / "out" / "t1" / "index.html"):
        html = page.read_text(encoding="utf-8")
        row = next(r for r in html.split("<tr") if 'data-finding="duplicate-seat"' in r)
        assert row.count('<figure class="seat-thumb">') == 2, page
        assert "seat 2: seat2 (1).png" in row and "seat 2: seat2.png" in row and "2番席: seat2.png" in row


def _tile(seat: str, index: int, kind: str, conf: float) -> TileRef:
    return TileRef(seat, index, kind, (0, 0, 10, 10), conf)


def test_a_surplus_read_surely_names_no_least_sure_tile(tmp_path):
    copies = NOGI.inventory()["sayurin"]
    seats = {"3": tuple(_tile("3", i, "sayurin", 0.90) for i in range(copies)),
             "2": (_tile("2", 0, "sayurin", 0.91), _tile("2", 1, "sayurin", 0.95))}
    (f,) = surplus_findings(NOGI, {s: SeatReading(s, f"seat{s}.jpg", t) for s, t in seats.items()})
    assert "least sure" not in f.message and "none is unsure (each read at 0.80 or more): look at each" in f.message
    assert "一番信頼度" not in f.message_ja and "どれも信頼度 0.80 以上で読めています" in f.message_ja
    assert f.data["least_sure"] == [] and f.data["all_sure"] == "0.80"


def test_a_surplus_names_its_unsure_tiles_seat_by_seat():
    copies = NOGI.inventory()["sayurin"]
    seats = {"3": (_tile("3", 3, "sayurin", 0.30), _tile("3", 0, "sayurin", 0.95)),
             "2": (_tile("2", 0, "sayurin", 0.50), *(_tile("2", i, "sayurin", 0.97) for i in range(1, copies)))}
    (f,) = surplus_findings(NOGI, {s: SeatReading(s, f"seat{s}.jpg", t) for s, t in seats.items()})
    assert f.data["least_sure"][:2] == [["2", 0], ["3", 3]], f.data
    assert f.message.index("seat 2, tile 1") < f.message.index("seat 3, tile 4")
    # Japanese: no space between the tile's name (its id in brackets) and its particle
    assert re.search(r"\(sayurin\)を\d+枚読みましたが", f.message_ja), f.message_ja


def test_no_space_before_a_particle_in_the_surplus_words():
    from app.components.event_words import S

    assert "** を" not in S["surplus"][0] and "**を" in S["surplus"][0]
    rules = (Path(__file__).parents[2] / "tilelens" / "event" / "rules.py").read_text(encoding="utf-8")
    assert "} を{len(tiles)}枚" not in rules


def test_the_event_json_line_keeps_the_photos_of_a_seat_with_two(tmp_path):
    reader = ExactReader()
    folder = make_table(reader, tmp_path / "ev", "t1", CLEAN)
    reader.draw(folder / "seat2 (1).png", M[3:11], salt=7)
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    event = json.loads((tmp_path / "out" / "event.json").read_text(encoding="utf-8"))
    dup = next(f for f in event["tables"][0]["findings"] if f["kind"] == "duplicate-seat")
    assert dup["data"]["photos"] == ["seat2 (1).png", "seat2.png"]
