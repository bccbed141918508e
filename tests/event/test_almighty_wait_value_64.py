"""A hand one tile from winning as dealt says an Almighty wait's yaku and value as its idol waits', then
that it is won by tsumo only (Cinderella Girls NEO: no ron on a discarded Almighty). Before, the note stood for the
value: 「オールマイティ(キュート) (ツモのみ: 捨てられたオールマイティではロンできません)」 beside
「佐久間まゆ (アンサンブルセット (キュート) 42万)」, though the Almighty makes the same アンサンブルセット by tsumo. A Nogizaka
Almighty, chombo to win on, is still no wait (said once after the waits)."""
from __future__ import annotations

from scorer import load_game
from tilelens.event.model import FindingKind, SeatReading, TileRef
from tilelens.event.report import tile_ids, without_ids
from tilelens.event.rules import Seating, deal_findings

# the hand of table-05 seat 1 in the walkthrough: one idol from アンサンブルセット (キュート)
SEAT_1 = ["shimamura-uzuki", "nakano-yuka", "shiina-noriko", "ogata-chieri", "yusa-kozue", "maekawa-miku",
          "kobayakawa-sae", "doumyouji-karin"]


def _tenpai(game_id: str, kinds: list[str]):
    """The finding of a hand one tile from winning as dealt at seat 3 (not the dealer: a Nogizaka dealer holds 9)."""
    tiles = tuple(TileRef(seat="3", index=i, kind=k, xyxy=(i * 50.0, 0, i * 50.0 + 45, 60), confidence=0.99)
                  for i, k in enumerate(kinds))
    found = deal_findings(load_game(game_id), Seating(seats=("1", "2", "3", "4"), dealer="1"),
                          {"3": SeatReading("3", "seat3.jpg", tiles, (600, 120))})
    (finding,) = [f for f in found if f.kind == FindingKind.TENPAI_AS_DEALT]
    return finding


def test_an_almighty_wait_says_its_yaku_and_value_then_tsumo_only():
    finding = _tenpai("cinderella-neo", SEAT_1)
    ids = tile_ids("cinderella-neo")
    ja, en = without_ids(finding.message_ja, ids), without_ids(finding.message, ids)
    assert "佐久間まゆ (アンサンブルセット (キュート) 42万)" in ja, ja
    assert ("オールマイティ(キュート) (アンサンブルセット (キュート) 42万、ツモのみ: 捨てられたオールマイティではロンできません)"
            in ja), ja
    assert "Almighty (Cute) (Ensemble Set (Cute) 42, tsumo only: no ron on a discarded Almighty)" in en, en


def test_a_nogizaka_almighty_is_still_no_wait_said_once_after_them():
    finding = _tenpai("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2)
    assert "チョンボ" in finding.message_ja and "60点、" not in finding.message_ja, finding.message_ja
    assert finding.message_ja.count("チョンボ") == 1, finding.message_ja
