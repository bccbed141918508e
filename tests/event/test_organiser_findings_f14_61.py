"""Session 61 (F14): the event check's findings as an organiser reads them (walkthrough W1, a Cinderella Girls
tournament checked in Japanese).

- A resized copy of a seat's photo at another seat of its table is one finding, as a byte copy is: the copy's tiles
  are not counted a second time (no surplus per tile), its hand counted once.
- A seat read poorly (a poor photo, another game's tiles) announces no hand as dealt; a long list of waits is cut
  short ("… and 40 more").
- A wrong count says what to do.
- A blurred photo whose tiles do not look like the game's is said to be blurred first.
- A wait's worth in Japanese (「大和亜季 (yamato-aki、… 6万)」) loses its id on a page, as other findings do.
"""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))
from test_event_support import IDOLS, ExactReader, WrongGameReader, make_table  # noqa: E402

from scorer import load_game  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event.layout import Photo, read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, SeatReading, TileRef  # noqa: E402
from tilelens.event.reading import load_photo  # noqa: E402
from tilelens.event.report import without_ids  # noqa: E402
from tilelens.event.rules import Seating, check_readings, count_findings  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402

GAME = "cinderella-neo"
FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")
# W1's blurred seat 4 (blur 18): two Almighty tiles read, every idol a wait (70 of them)
ALMIGHTY_HAND = ["matsunaga-ryou", "almighty-passion", "maekawa-miku", "fujiwara-hajime", "ootsuki-yui",
                 "oikawa-shizuku", "almighty-cool", "tsujino-akari"]


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def _hand(seat: str, kinds: list[str], sure: float | None = None) -> SeatReading:
    tiles = tuple(TileRef(seat, i, k, (i * 50.0, 0.0, i * 50.0 + 45, 60.0), 0.99) for i, k in enumerate(kinds))
    return SeatReading(seat, f"seat{seat}.jpg", tiles, (50 * len(kinds), 120), kind_sure=sure)  # no room for more


def _copied_table(tmp_path: Path, reader: ExactReader, seat4: list[str] | None = None) -> Path:
    """A table whose seat 3 photo is seat 2's hand photographed once, drawn again (another file, the same tiles in the
    same places: a copy resized or recompressed, as a chat app sends it)."""
    d = make_table(reader, tmp_path / "ev", "t1", {"1": IDOLS[0], "2": IDOLS[1], "4": seat4 or IDOLS[3]})
    reader.draw(d / "seat3.png", IDOLS[1], salt=99)
    return d


# --- 1. a near copy at the same table: one finding ---------------------------------------------------------------

def test_a_resized_copy_at_another_seat_is_one_finding_not_a_surplus_per_tile(tmp_path, game):
    reader = ExactReader()
    d = _copied_table(tmp_path, reader)
    report, _ = check_table(read_table_folder(d, 4), game, reader)
    assert [f.kind for f in report.findings] == [FindingKind.NEAR_COPY], [f.message_ja for f in report.findings]
    assert {s.seat for s in report.seats} == {"1", "2", "3", "4"}  # both photos still shown


def test_the_copied_hand_counts_once_in_a_surplus_with_another_seat(tmp_path, game):
    reader = ExactReader()
    d = _copied_table(tmp_path, reader, seat4=IDOLS[3][:7] + [IDOLS[1][0]])  # one idol dealt twice, at seat 4
    report, _ = check_table(read_table_folder(d, 4), game, reader)
    (surplus,) = [f for f in report.findings if f.kind == FindingKind.SURPLUS]
    assert surplus.data["count"] == 2 and surplus.seats == ("2", "4"), surplus.message
    assert [f.kind for f in report.findings] == [FindingKind.NEAR_COPY, FindingKind.SURPLUS]


def test_a_report_judged_again_at_another_threshold_counts_the_copy_once_still(tmp_path):
    reader = ExactReader()
    _copied_table(tmp_path, reader, seat4=IDOLS[3][:7] + [IDOLS[1][0]])
    out = tmp_path / "report"
    for threshold in (0.8, 0.5):
        check_event(tmp_path / "ev", out, CheckOptions(game=GAME, min_confidence=threshold),
                    factory=lambda g: reader, jobs=1, progress=False)
        found = json.loads((out / "t1" / "report.json").read_text())["findings"]
        assert [f["kind"] for f in found] == ["near-copy", "surplus"], found
        assert found[1]["data"]["count"] == 2 and found[1]["seats"] == ["2", "4"]


# --- 2. no hand announced for a seat read poorly; a long wait list cut short --------------------------------------

def _table_with_seat4(kinds: list[str], sure: float | None = None, other_game: bool = False):
    readings = {s: _hand(s, IDOLS[int(s) - 1], None if sure is None else 0.97) for s in "123"}
    four = _hand("4", kinds, sure)
    if other_game:
        four = dataclasses.replace(four, other_game=True)
    return {**readings, "4": four}


def test_a_seat_read_poorly_or_of_another_game_announces_no_hand_as_dealt(game):
    for readings in (_table_with_seat4(ALMIGHTY_HAND, sure=0.6), _table_with_seat4(ALMIGHTY_HAND, other_game=True)):
        kinds = [f.kind for f in check_readings(game, FOUR, readings)]
        assert FindingKind.TENPAI_AS_DEALT not in kinds and FindingKind.WINNING_AS_DEALT not in kinds, kinds


def test_a_long_list_of_waits_is_cut_short_in_both_languages(game):
    (f,) = [f for f in check_readings(game, FOUR, _table_with_seat4(ALMIGHTY_HAND))
            if f.kind == FindingKind.TENPAI_AS_DEALT]
    n = len(f.data["waits"])
    assert n > 40  # every wait kept for a machine
    assert len(f.message_ja) < 800 and len(f.message) < 1000, (len(f.message_ja), len(f.message))
    assert f.message_ja.endswith("種") and "… ほか" in f.message_ja, f.message_ja
    assert " and " in f.message and f.message.endswith(" more"), f.message
    more = int(f.message_ja.rsplit("ほか", 1)[1].rstrip("種"))
    assert f"and {more} more" in f.message and 0 < more < n


def test_a_short_list_of_waits_is_said_whole(game):
    hand = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2
    nogi = load_game("nogizaka")
    readings = {"1": _hand("1", ["misa-senpai", "sayurin", "maimai", "marika", "rarin", "sayunyan", "minami", "miona",
                                 "himetan"]), "3": _hand("3", hand)}
    (f,) = [f for f in check_readings(nogi, Seating(("1", "3"), dealer="1"), readings)
            if f.kind == FindingKind.TENPAI_AS_DEALT]
    assert "ほか" not in f.message_ja and "more" not in f.message


# --- 3. a wrong count says what to do -----------------------------------------------------------------------------

def test_a_wrong_count_says_to_count_again_at_the_table_and_a_short_one_to_retake_a_photo_missing_a_tile(game):
    readings = {"1": _hand("1", IDOLS[0] + [IDOLS[3][0]]), "3": _hand("3", IDOLS[2][:7])}
    many, few = count_findings(game, FOUR, readings)
    assert many.message_ja == ("1番席 (親) の牌は9枚です。8枚のはずです。1枚多すぎます。卓で牌を数え直してください")
    assert many.message == "seat 1 (dealer) has 9 tiles, expected 8 (1 too many): count the tiles again at the table"
    assert few.message_ja == ("3番席 (子) の牌は7枚です。8枚のはずです。1枚足りません。卓で牌を数え直し、"
                              "写真に写っていない牌があれば撮り直してください")
    assert few.message == ("seat 3 (non-dealer) has 7 tiles, expected 8 (1 missing): count the tiles again at the "
                           "table, and retake the photo if a tile is not in it")


# --- 4. a blurred photo of tiles that do not look like the game's: the blur said first ---------------------------

def _blurred(reader: WrongGameReader, path: Path, radius: float = 6.0) -> None:
    key = reader.key(load_photo(Photo(path.name, path=path)))
    Image.open(path).filter(ImageFilter.GaussianBlur(radius)).save(path)
    new = reader.key(load_photo(Photo(path.name, path=path)))
    reader.known[new], reader.names[new] = reader.known[key], reader.names[key]


def test_a_blurred_seat_of_tiles_unlike_the_game_s_is_said_blurred_first(tmp_path, game):
    reader = WrongGameReader(looks="", flagged={"4"})
    d = make_table(reader, tmp_path / "ev", "t1", {str(s + 1): IDOLS[s] for s in range(4)})
    _blurred(reader, d / "seat4.png")
    report, _ = check_table(read_table_folder(d, 4), game, reader)
    (f,) = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert f.message_ja.startswith("4番席の写真がぼやけています: ピントを合わせて撮り直してください"), f.message_ja
    assert f.message.startswith("seat 4's photo is blurred: retake it in focus"), f.message
    assert "別のセット" in f.message_ja and "another set" in f.message  # the other cause, after it
    assert f.data.get("blurry") is True


def test_a_sharp_seat_of_tiles_unlike_the_game_s_is_said_as_before(tmp_path, game):
    reader = WrongGameReader(looks="", flagged={"4"})
    d = make_table(reader, tmp_path / "ev", "t1", {str(s + 1): IDOLS[s] for s in range(4)})
    report, _ = check_table(read_table_folder(d, 4), game, reader)
    (f,) = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert f.message_ja.startswith("4番席の写真の牌は") and "ぼやけ" not in f.message_ja, f.message_ja
    assert "blurry" not in f.data


# --- 5. a wait's worth in Japanese loses its id on a page ---------------------------------------------------------

def test_a_wait_and_its_worth_in_one_bracket_lose_the_id_in_japanese():
    ids = {"yamato-aki", "kotoko"}
    assert without_ids("待ちは大和亜季 (yamato-aki、スタートダッシュライブユニット 6万)、琴子 (kotoko、基本セット 60点)",
                       ids) == "待ちは大和亜季 (スタートダッシュライブユニット 6万)、琴子 (基本セット 60点)"
    assert without_ids("Aki Yamato (yamato-aki) (Start Dash 6)", ids) == "Aki Yamato (Start Dash 6)"
    assert without_ids("何か (not-an-id、6万)", ids) == "何か (not-an-id、6万)"
