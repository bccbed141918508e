"""Three details a phone showed at a Cinderella Girls table:
- a favourite idol not in the hand: "(an Almighty standing for it does not count)" said only where the hand holds an
  Almighty (said of every hand, it read as if one were there);
- the tick before Add names each unsure tile by its place as words ("tile 1: Haru Yuki", 「1枚目の結城晴」): a bare
  "1 結城晴" read as one of her;
- the ledger's hands table with four players: the result column as wide as its longest result (76 px cut 誰も上がらず and
  "みう ロン (さくらから)" on a phone and a laptop alike), a longer one wrapped."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from app_helpers import YOKAI_NEAR, YOKAI_WIN, open_page, yokai_match
from test_doubtful_win_f16_62 import _ask, _ok, read_unsure
from test_result_notes_48 import _cinderella_win, _view_of

import app.components.i18n as i18n
from app.components import ledger_view
from tilelens.ledger import Ledger

ALMIGHTY_SAID = {"en": "an Almighty standing for it does not count", "ja": "オールマイティでの代わりは数えません"}
NOT_HELD = {"en": "not doubled: not in the hand", "ja": "手牌にないので2倍になりません"}


def _not_held_caption(hand: list[str], lang: str) -> str:
    at = _view_of("cinderella-neo", hand, lang, win="ron", riichi=True, favourite="shimamura-uzuki")
    assert not at.exception, [e.value for e in at.exception]
    (caption,) = [c.value for c in at.caption if NOT_HELD[lang] in c.value]
    return caption


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_favourite_not_held_says_nothing_of_an_almighty_the_hand_does_not_hold(home, lang):
    caption = _not_held_caption(_cinderella_win(), lang)
    assert ALMIGHTY_SAID[lang] not in caption and ("Almighty" if lang == "en" else "オールマイティ") not in caption


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_favourite_not_held_beside_an_almighty_says_it_does_not_stand_for_her(home, lang):
    assert ALMIGHTY_SAID[lang] in _not_held_caption(_cinderella_win()[:8] + ["almighty-cute"], lang)


@pytest.mark.parametrize("lang, named", [("en", "tile 3: Yokai 01, tile 9: Almighty"),
                                         ("ja", "3枚目の妖怪01、9枚目のオールマイティ")])
def test_the_unsure_tick_names_each_tile_by_its_place_in_words(home, lang, named):
    yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN, {2, 8}, YOKAI_NEAR)
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    assert named in _ask(at).label, _ask(at).label


PLAYERS = ["さくら", "あおい", "ゆうな", "みう"]


def _shown(tmp_path, monkeypatch, players: list[str]) -> tuple[dict, list[str]]:
    """The ledger page's hands table of a Cinderella Girls match of ``players`` (a tsumo, two rons, a draw), in
    Japanese: how it is drawn, and its results."""
    monkeypatch.setattr(i18n, "st", SimpleNamespace(session_state={i18n.LANG_KEY: "ja"}))
    ledger = Ledger(tmp_path / "ledger.sqlite")
    match = ledger.new_match("cinderella-neo", players)
    ledger.add_win(match, 0, "tsumo", {1: 8, 2: 8, 3: 8})
    ledger.add_win(match, 1, "ron", {0: 24})
    ledger.add_draw(match)
    ledger.add_win(match, 3, "ron", {2: 6})
    state, hands = ledger.table(match)
    table = ledger_view.hands_table(ledger.match(match), hands, state)
    return ledger_view.hands_table_shown(table, len(players)), list(table[i18n.t("result")])


def _width(text: str) -> int:
    """About what ``text`` takes in the table: 14 px a Japanese character, 7 any other, and the cell's padding."""
    return sum(14 if ord(c) > 0x2E80 else 7 for c in text) + 17


def test_the_hands_tables_result_column_shows_each_result_whole(tmp_path, monkeypatch):
    shown, results = _shown(tmp_path, monkeypatch, ["A", "B", "C", "D"])
    assert "誰も上がらず" in results and "B ロン (Aから)" in results, results
    width = shown["column_config"][i18n.t("result")]["width"]
    assert width >= max(map(_width, results)), (width, results)
    assert 32 + width + 4 * 48 <= 356, width  # beside every total on a phone's 356 px
    assert "row_height" not in shown  # one line a hand, as before


def test_a_result_too_long_for_a_phone_is_wrapped_in_taller_rows(tmp_path, monkeypatch):
    """The walk's names: "あおい ロン (さくらから)" wider than a phone leaves beside the four totals (it cut the last
    total to "1"): wrapped, every total in view."""
    shown, results = _shown(tmp_path, monkeypatch, PLAYERS)
    width = shown["column_config"][i18n.t("result")]["width"]
    assert max(map(_width, results)) > width and 32 + width + 4 * 48 <= 356, (width, results)
    assert shown["row_height"] > 64  # Streamlit wraps a cell's text in rows over 4rem only
