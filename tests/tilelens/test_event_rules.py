"""The checking rules of a dealt table, on exact readings (no photos, no models)."""
from __future__ import annotations

import pytest

from scorer import load_game
from tilelens.event.model import FindingKind, SeatReading, Severity, TileRef, Verdict, verdict_of
from tilelens.event.rules import Seating, check_readings

from test_event_support import CLEAN, IDOLS, M, japanese

FOUR = Seating(seats=("1", "2", "3", "4"), dealer="1")


def hand(seat: str, kinds: list[str], conf: dict[int, float] | None = None,
         backs: tuple[int, ...] = ()) -> SeatReading:
    conf = conf or {}
    tiles = tuple(TileRef(seat=seat, index=i, kind="" if i in backs else k, xyxy=(i * 50.0, 0, i * 50.0 + 45, 60),
                          confidence=conf.get(i, 0.99), is_back=i in backs) for i, k in enumerate(kinds))
    return SeatReading(seat=seat, photo=f"seat{seat}.jpg", tiles=tiles)


def table(hands: dict[str, list[str]], **kw) -> dict[str, SeatReading]:
    return {s: hand(s, k, **kw.get(s, {})) for s, k in hands.items()}


def kinds_of(findings) -> list[FindingKind]:
    return [f.kind for f in findings]


@pytest.fixture(scope="module")
def nogi():
    return load_game("nogizaka")


def test_clean_table_has_no_findings(nogi):
    findings = check_readings(nogi, FOUR, table(CLEAN))
    assert findings == []
    assert verdict_of(findings) is Verdict.OK


def test_clean_cinderella_table_all_eight_and_no_dealer_needed():
    game = load_game("cinderella-neo")
    hands = {str(s + 1): IDOLS[s] for s in range(4)}
    assert check_readings(game, Seating(("1", "2", "3", "4"), dealer=None), table(hands)) == []


def test_ten_tile_hand_is_a_wrong_count_naming_the_seat(nogi):
    hands = dict(CLEAN, **{"3": CLEAN["3"] + ["miria", "kotoko"]})
    (f,) = [f for f in check_readings(nogi, FOUR, table(hands)) if f.kind is FindingKind.WRONG_COUNT]
    assert f.seats == ("3",) and f.data == {"count": 10, "expected": [8]}
    assert "seat 3" in f.message and "2 too many" in f.message
    assert f.severity is Severity.ERROR


def test_missing_tile_at_the_dealer(nogi):
    hands = dict(CLEAN, **{"1": CLEAN["1"][:8]})
    (f,) = check_readings(nogi, FOUR, table(hands))
    assert f.kind is FindingKind.WRONG_COUNT and f.seats == ("1",)
    assert "dealer" in f.message and "expected 9" in f.message and "1 missing" in f.message


def test_without_a_dealer_either_deal_size_is_accepted_but_the_missing_dealer_is_reported(nogi):
    findings = check_readings(nogi, Seating(FOUR.seats, dealer=None), table(CLEAN))
    assert kinds_of(findings) == [FindingKind.DEALER_TAKEN]


def test_with_two_seats_said_to_deal_the_others_are_counted_as_players(nogi):
    """Two -dealer photos gave "no seat is marked as the dealer" too, and every seat passed at 8 or 9."""
    two = Seating(FOUR.seats, dealer=None, dealer_claims=("1", "2"))
    assert check_readings(nogi, two, table(CLEAN)) == []  # the table's TWO_DEALERS says it; not NO_DEALER
    hands = dict(CLEAN, **{"2": CLEAN["1"], "3": CLEAN["3"] + ["miria"]})  # seat 2 dealt 9: it may deal
    (f,) = check_readings(nogi, two, table(hands))
    assert f.kind is FindingKind.WRONG_COUNT and f.seats == ("3",) and f.data == {"count": 9, "expected": [8]}
    assert f.message == "seat 3 (non-dealer) has 9 tiles, expected 8 (1 too many): count the tiles again at the table"



def test_a_dealer_marked_at_the_wrong_seat_is_said_as_such(nogi):
    """seat1-dealer.jpg where seat 3 dealt (or the page's dealer left at seat 1): "seat 1 has 1 missing, seat 3 has
    1 too many", as though a tile had gone from one hand to another, and not a word of the dealer."""
    hands = dict(CLEAN, **{"1": CLEAN["3"][:8], "3": CLEAN["1"]})  # seat 3 holds 9, seat 1 holds 8
    found = check_readings(nogi, FOUR, table(hands))
    assert kinds_of(found) == [FindingKind.WRONG_COUNT, FindingKind.WRONG_COUNT]
    assert found[0].message == ("seat 1 (dealer) has 8 tiles, expected 9 (1 missing); seat 3 holds the dealer's 9: "
                                "if seat 3 dealt, mark it as the dealer (rename seat3.jpg to seat3-dealer.jpg)")
    assert "3番席が親の9枚を持っています" in found[0].message_ja
    assert found[1].message == "seat 3 (non-dealer) has 9 tiles, expected 8 (1 too many): count the tiles again at the table"
    # two seats of 9 besides the dealer's 8: no one seat to name
    hands = dict(hands, **{"2": CLEAN["2"] + ["ashu"]})
    assert "mark it as the dealer" not in check_readings(nogi, FOUR, table(hands))[0].message

def test_duplicate_idol_names_the_kind_and_both_seats():
    game = load_game("cinderella-neo")
    hands = {str(s + 1): IDOLS[s] for s in range(4)}
    ids = IDOLS[0]
    hands["4"] = hands["4"][:7] + [ids[0]]  # seat 1's first idol appears again at seat 4
    (f,) = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1"), table(hands))
    assert f.kind is FindingKind.SURPLUS and f.seats == ("1", "4")
    assert f.data["kind"] == ids[0] and f.data["count"] == 2 and f.data["copies"] == 1
    assert game.tile(ids[0]).name_en in f.message and game.tile(ids[0]).name_ja in f.message_ja
    assert {(t.seat, t.index) for t in f.tiles} == {("1", 0), ("4", 7)}


def test_seventh_copy_of_a_member_is_a_surplus(nogi):
    others = [m for m in M if m != "rarin"]
    hands = {"1": ["rarin"] * 3 + others[0:6], "2": ["rarin"] * 2 + others[4:10],
             "3": ["rarin"] * 2 + others[5:11], "4": M[4:12]}
    surplus = [f for f in check_readings(nogi, FOUR, table(hands)) if f.kind is FindingKind.SURPLUS]
    assert [(f.data["kind"], f.data["count"], f.data["per_seat"]) for f in surplus] == [
        ("rarin", 8, {"1": 3, "2": 2, "3": 2, "4": 1})]


def test_unsure_tiles_are_listed_each_with_its_tile(nogi):
    readings = table(CLEAN, **{"2": {"conf": {3: 0.31}}, "4": {"conf": {0: 0.59, 7: 0.61}}})
    unsure = [f for f in check_readings(nogi, FOUR, readings, min_confidence=0.6)
              if f.kind is FindingKind.UNSURE_TILE]
    assert [(f.tiles[0].seat, f.tiles[0].index) for f in unsure] == [("2", 3), ("4", 0)]
    assert all(f.severity is Severity.REVIEW for f in unsure)
    assert verdict_of(unsure) is Verdict.REVIEW


def test_face_down_tile_in_a_hand_is_reported(nogi):
    readings = table(CLEAN, **{"2": {"backs": (5,)}})
    findings = check_readings(nogi, FOUR, readings)
    assert kinds_of(findings) == [FindingKind.FACE_DOWN]
    assert findings[0].tiles[0].index == 5


def test_foreign_tile_is_unknown(nogi):
    hands = dict(CLEAN, **{"2": CLEAN["2"][:7] + ["shimamura-uzuki"]})
    (f,) = check_readings(nogi, FOUR, table(hands))
    assert f.kind is FindingKind.UNKNOWN_TILE and "shimamura-uzuki" in f.message


def test_wall_must_make_the_set(nogi):
    in_hands = 9 + 8 * 3
    good = hand("wall", [""] * (81 - in_hands), backs=tuple(range(81 - in_hands)))
    assert check_readings(nogi, FOUR, table(CLEAN), wall=good) == []
    short = hand("wall", [""] * 40, backs=tuple(range(40)))
    (f,) = check_readings(nogi, FOUR, table(CLEAN), wall=short)
    assert f.kind is FindingKind.WALL_COUNT and "8 missing" in f.message
    assert f.data == {"wall": 40, "in_hands": 33, "set": 81}


def test_wall_is_not_judged_when_a_seat_was_not_read(nogi):
    readings = table({k: v for k, v in CLEAN.items() if k != "3"})
    wall = hand("wall", [""] * 10, backs=tuple(range(10)))
    assert FindingKind.WALL_COUNT not in kinds_of(check_readings(nogi, FOUR, readings, wall=wall))


def test_hand_one_tile_from_winning_as_dealt_is_a_notice_with_waits_and_yaku(nogi):
    hands = dict(CLEAN, **{"3": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2})
    (f,) = check_readings(nogi, FOUR, table(hands))
    assert f.kind is FindingKind.TENPAI_AS_DEALT and f.severity is Severity.NOTICE and f.seats == ("3",)
    waits = {w["tile"]: w["yaku"] for w in f.data["waits"]}
    assert "kotoko" in waits and waits["kotoko"][0]["points"] == 60
    assert "misa-senpai" not in waits
    assert "ことこ" in f.message or "kotoko" in f.message
    assert "without a riichi" not in f.message  # Nogizaka needs a riichi even then


def test_a_wait_on_an_almighty_says_that_win_is_chombo_and_english_names_yaku_in_english(nogi):
    """Nogizaka: winning on an Almighty is chombo; the notice listed the Almighty as a plain wait worth 60."""
    hands = dict(CLEAN, **{"3": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2})
    (f,) = check_readings(nogi, FOUR, table(hands))
    almighty = [w for w in f.data["waits"] if w["tile"].startswith("almighty")]
    assert almighty and all(w["note"] == "winning on an Almighty is chombo" for w in almighty)
    assert "(an Almighty also completes the hand, but winning on an Almighty is chombo)" in f.message
    assert "(Basic set 60)" in f.message and "基本セット" not in f.message
    assert "オールマイティで上がるとチョンボ" in f.message_ja and "基本セット 60" in f.message_ja


def test_dealer_winning_as_dealt_is_flagged_with_its_yaku(nogi):
    hands = dict(CLEAN, **{"1": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3})
    (f,) = check_readings(nogi, FOUR, table(hands))
    assert f.kind is FindingKind.WINNING_AS_DEALT and f.seats == ("1",)
    assert f.data["tiles_from_win"] == 0 and f.data["yaku"][0]["points"] == 60
    assert f.data["yaku"][0]["name_en"] in f.message and f.data["yaku"][0]["name"] in f.message_ja


def test_dealer_one_tile_away_lists_discards_and_yokai_watch_says_no_riichi_needed():
    game = load_game("yokai-watch")
    y = [f"yokai-{i:02d}" for i in range(1, 27)]
    hands = {"1": [y[0]] * 3 + [y[1]] * 3 + [y[2]] * 2 + [y[9]],  # discard yokai-10, wait on yokai-03
             "2": y[10:18], "3": y[3:9] + y[18:20], "4": y[20:26] + y[3:5]}
    findings = check_readings(game, FOUR, table(hands))
    assert [f.kind for f in findings] == [FindingKind.TENPAI_AS_DEALT]
    (f,) = findings
    assert "without a riichi" in f.message
    by_discard = {d["discard"]: [w["tile"] for w in d["waits"]] for d in f.data["discards"]}
    assert "yokai-03" in by_discard["yokai-10"]


def test_riichi_hand_tenpai_as_dealt():
    game = load_game("tokyo-mahjong")
    tenpai = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "5z", "5z", "5z"]
    far = ["1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "1z", "2z", "3z", "4z"]
    hands = {"1": far + ["6z"], "2": tenpai, "3": far, "4": far[:12] + ["7z"]}
    findings = check_readings(game, FOUR, table(hands))
    assert [(f.kind, f.seats) for f in findings] == [(FindingKind.TENPAI_AS_DEALT, ("2",))]
    assert [w["tile"] for w in findings[0].data["waits"]] == ["1z"]


def test_a_riichi_hand_as_dealt_is_scored_at_its_own_seat_wind():
    """Every seat was scored as south: the dealer's winning deal read "seat wind south 1 han", not a
    tenhou, and west's wait on south was given south's seat-wind yaku."""
    game = load_game("tokyo-mahjong")
    far = ["1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "1z", "4z", "7z", "6z"]
    south_wait = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z", "6z", "6z"]
    hands = {"1": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "3z", "3z", "3z", "5m", "5m"],
             "2": far, "3": south_wait, "4": ["2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "5z", "6z", "7z",
                                               "7z"]}
    findings = check_readings(game, Seating(seats=("1", "2", "3", "4"), dealer="1"), table(hands))
    won, tenpai = findings
    assert (won.kind, won.seats, tenpai.kind, tenpai.seats) == (FindingKind.WINNING_AS_DEALT, ("1",),
                                                               FindingKind.TENPAI_AS_DEALT, ("3",))
    assert [y["name_en"] for y in won.data["yaku"]] == ["Tenhou (blessing of heaven)"]
    by_tile = {w["tile"]: [y["name_en"] for y in w["yaku"]] for w in tenpai.data["waits"]}
    assert not any("south" in y for y in by_tile["2z"]), by_tile  # seat 3 sits west of a dealer at seat 1
    seat_two_deals = check_readings(game, Seating(seats=("1", "2", "3", "4"), dealer="2"),
                                    table({"1": far, "2": hands["1"], "3": south_wait, "4": far}))
    south_wind = [f for f in seat_two_deals if f.seats == ("3",)][0]  # seat 3 is south of a dealer at seat 2
    assert any("south" in y for w in south_wind.data["waits"] for y in (x["name_en"] for x in w["yaku"])
               if w["tile"] == "2z")


def test_a_surplus_names_the_tile_the_reader_was_least_sure_of_and_its_next_kind():
    game = load_game("cinderella-neo")
    hands = {str(s + 1): IDOLS[s] for s in range(4)}
    ids = IDOLS[0]
    hands["4"] = hands["4"][:7] + [ids[0]]
    readings = table(hands, **{"4": {"conf": {7: 0.41}}})
    seat4 = readings["4"].tiles
    alt = IDOLS[3][7]
    readings["4"] = SeatReading("4", "seat4.jpg", seat4[:7] + (TileRef(
        "4", 7, ids[0], seat4[7].xyxy, 0.41, alternatives=((ids[0], 0.41), (alt, 0.33))),))
    findings = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1"), readings)
    assert kinds_of(findings) == [FindingKind.SURPLUS, FindingKind.UNSURE_TILE]  # 0.41 is also unsure alone
    f = findings[0]
    assert f.data["least_sure"] == [["4", 7]]
    assert f"least sure: seat 4, tile 8 (0.41; or {game.tile(alt).name_en} ({alt}) 0.33)" in f.message
    # equally sure of both: no tile is singled out
    (even,) = check_readings(game, Seating(("1", "2", "3", "4"), dealer="1"), table(hands))
    assert even.data["least_sure"] == [] and "least sure" not in even.message


def test_every_finding_of_the_rules_is_said_in_japanese_too(nogi):
    cases = [
        (Seating(FOUR.seats, dealer=None), table(dict(CLEAN, **{"1": CLEAN["1"][:8]})), None),  # no dealer
        (FOUR, table(dict(CLEAN, **{"3": CLEAN["3"] + ["miria", "kotoko"]})), None),  # count
        (FOUR, table(CLEAN, **{"2": {"backs": (5,), "conf": {3: 0.31}}}), None),  # face down, unsure
        (FOUR, table(dict(CLEAN, **{"2": CLEAN["2"][:7] + ["shimamura-uzuki"]})), None),  # unknown
        (FOUR, table({"1": ["rarin"] * 3 + [m for m in M if m != "rarin"][0:6], "2": ["rarin"] * 5 + M[9:12],
                      "3": CLEAN["3"], "4": CLEAN["4"]}), None),  # surplus
        (FOUR, table(CLEAN), hand("wall", [""] * 40, backs=tuple(range(40)))),  # wall
        (FOUR, table(dict(CLEAN, **{"1": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3,
                                    "3": ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2})), None),  # deal
    ]
    seen = {}
    for seating, readings, wall in cases:
        for f in check_readings(nogi, seating, readings, wall, min_confidence=0.6):
            seen[f.kind] = f
    assert set(seen) >= {FindingKind.NO_DEALER, FindingKind.WRONG_COUNT, FindingKind.FACE_DOWN,
                         FindingKind.UNSURE_TILE, FindingKind.UNKNOWN_TILE, FindingKind.SURPLUS,
                         FindingKind.WALL_COUNT, FindingKind.WINNING_AS_DEALT, FindingKind.TENPAI_AS_DEALT}
    for kind, f in seen.items():
        assert japanese(f.message_ja), (kind, f.message_ja)
    assert "3番席" in seen[FindingKind.WRONG_COUNT].message_ja and "2枚多すぎます" in seen[FindingKind.WRONG_COUNT].message_ja
    assert "8枚足りません" in seen[FindingKind.WALL_COUNT].message_ja
