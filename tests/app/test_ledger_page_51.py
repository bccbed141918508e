"""The ledger page (51): a favourite's doubling said in the hand's yaku; the game's unit beside the totals and in the
final standings; who went below zero named when the match ends so; why no chombo is recorded, for every game
without a penalty; a ledger whose folder cannot be written said in plain words in the page's language.

Seats: 0 = うづき, 1 = りん, 2 = みお, 3 = みか (Cinderella Girls: everyone starts with 100 x10,000 fans)."""
from __future__ import annotations

import pytest

from app_helpers import texts
from scorer import load_game, score
from tilelens.ledger import Ledger, result_note

PLAYERS = ["うづき", "りん", "みお", "みか"]
HAND = "島村卯月 渋谷凛 本田未央 十時愛梨 神崎蘭子 高垣楓 安部菜々 北条加蓮 鷺沢文香".split()


def _ended_match(home):
    """みか wins a tsumo (40 from each, the favourite 島村卯月 doubling it), then a ron of 120 from うづき: -60."""
    game = load_game("cinderella-neo")
    ids = {t.name_ja: t.id for t in game.tiles}
    result = score(game, [ids[n] for n in HAND], riichi=True, favourite="shimamura-uzuki")
    assert result.winning and result.extra.get("multiplier") == 2, result
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("cinderella-neo", PLAYERS)
    ledger.add_win(m, 3, "tsumo", {0: 40, 1: 40, 2: 40}, note=result_note(game, result))
    ledger.add_win(m, 3, "ron", {0: 120})
    return ledger, m


@pytest.mark.parametrize("lang, said", [("en", "×2 (favourite Uzuki Shimamura)"), ("ja", "×2 (担当 島村卯月)")])
def test_the_yaku_column_says_the_favourites_doubling(home, page, lang, said):
    _ended_match(home)
    at = page("ledger", "cinderella-neo", lang=lang)
    notes = [str(v) for v in at.dataframe[0].value.iloc[:, 2]]
    assert notes[0].endswith(said), notes


@pytest.mark.parametrize("lang, totals, standing", [
    ("en", "Totals in x10,000 fans", "1st みか: 340 x10,000 fans"),
    ("ja", "持ち点の単位: 万", "1位 みか: 340万")])
def test_the_totals_and_standings_say_the_unit(home, page, lang, totals, standing):
    _ended_match(home)
    at = page("ledger", "cinderella-neo", lang=lang)
    body = texts(at)
    assert totals in body and standing in body, body


@pytest.mark.parametrize("lang, said", [
    ("en", "うづき is at -60 x10,000 fans, below 0"), ("ja", "うづきは-60万で、0より少なくなりました")])
def test_the_end_names_who_went_below_zero(home, page, lang, said):
    _ended_match(home)
    at = page("ledger", "cinderella-neo", lang=lang)
    ended = [w.value for w in at.warning if "ended" in w.value or "対局終了" in w.value]
    assert ended and said in ended[0], [w.value for w in at.warning]


@pytest.mark.parametrize("game", ["cinderella-neo", "yokai-watch"])
@pytest.mark.parametrize("lang, says", [("en", "No chombo is recorded"), ("ja", "チョンボは記録しません")])
def test_a_donjara_game_without_a_chombo_penalty_says_none_is_recorded(home, page, game, lang, says):
    Ledger(home / "ledger.sqlite").new_match(game, PLAYERS)
    at = page("ledger", game, lang=lang)
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert any(says in c.value for c in at.caption), [c.value for c in at.caption]


@pytest.mark.parametrize("lang, says", [("en", "pays 300 points to the others"), ("ja", "300点をほかの人に払います")])
def test_nogizakas_chombo_rule_says_its_unit(home, page, lang, says):
    Ledger(home / "ledger.sqlite").new_match("nogizaka", PLAYERS)
    at = page("ledger", "nogizaka", lang=lang)
    assert says in texts(at) and "No chombo is recorded" not in texts(at), texts(at)


@pytest.mark.parametrize("lang, says", [("en", "cannot be written"), ("ja", "書き込めません")])
def test_a_ledger_folder_that_cannot_be_written_is_said_plainly(home, page, monkeypatch, lang, says):
    link = home / "ro" / "ledger.sqlite"
    link.parent.mkdir()
    link.symlink_to(home / "gone" / "ledger.sqlite")  # sqlite cannot make the file there, as in a read-only folder
    monkeypatch.setenv("TILELENS_LEDGER", str(link))
    at = page("ledger", "cinderella-neo", lang=lang)
    errors = [e.value for e in at.error]
    assert errors and says in errors[0] and "unable to open database file" not in errors[0], errors
