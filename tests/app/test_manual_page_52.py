"""The manual score page, walked through as a first-time player would (session 52): a bad typed hand beside the
last hand's result, tapped tiles lost to a typed hand, the English names the page shows refused when typed, the
box left with another game's hand, the Donjara riichi chip's two totals, options named by what they hold, melds
said as typed, an empty box that did nothing, the command line in a player's help, a house table unsaid."""
import pytest

from app_helpers import open_page, texts, type_hand

from app import settings
from app.components.i18n import DONJARA_STRINGS, STRINGS

YOKAI_WIN = "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03 almighty"


def typed_box(at) -> str:
    return at.text_input(key="manual_typed").value


def errors(at) -> list[str]:
    return [e.value for e in at.error]


# 1. a bad typed hand beside the result of the hand before it

def test_a_bad_typed_hand_says_the_hand_below_is_the_one_before(home):
    at = open_page("score_manual", "tokyo-mahjong")
    type_hand(at, "234m456p678s22z55z")
    type_hand(at, "234m456p678s22z555q")
    said = errors(at)
    assert len(said) == 1, said
    assert not said[0].startswith("hand:"), said  # not a command line's argument error
    assert "'234m456p678s22z555q' is not riichi tile notation" in said[0], said
    assert "still the one before" in said[0], said


def test_a_bad_typed_hand_with_no_hand_before_says_only_the_problem(home):
    at = open_page("score_manual", "tokyo-mahjong", "ja")
    type_hand(at, "234m456p678s22z555q")
    said = errors(at)
    assert len(said) == 1 and not said[0].startswith("手牌:") and "前のまま" not in said[0], said


# 2. tapped tiles are in the typed box: typing edits the hand, nothing is lost unseen

def test_the_typed_box_shows_the_tapped_tiles(home):
    at = open_page("score_manual", "yokai-watch")
    for _ in range(3):
        at.button(key="manual_add_yokai-01").click().run()
    assert typed_box(at) == "yokai-01 yokai-01 yokai-01"
    type_hand(at, typed_box(at) + " yokai-02 yokai-02")
    assert at.session_state["manual_tiles"] == ["yokai-01"] * 3 + ["yokai-02"] * 2


def test_the_typed_box_shows_a_riichi_hand_in_its_notation(home):
    at = open_page("score_manual", "tokyo-mahjong")
    for tile in ("1m", "2m", "3m", "5z"):
        at.button(key=f"manual_add_{tile}").click().run()
    assert typed_box(at) == "123m5z"


# 3. the names the page shows can be typed

@pytest.mark.parametrize("game, typed, want", [
    ("yokai-watch", "Yokai 01", ["yokai-01"]),
    ("yokai-watch", "Yokai 01, Yokai 01、yokai 02", ["yokai-01", "yokai-01", "yokai-02"]),
    ("yokai-watch", "Yokai 01 Yokai 02 almighty", ["yokai-01", "yokai-02", "almighty"]),
    ("cinderella-neo", "Shimamura Uzuki, 中野有香", ["shimamura-uzuki", "nakano-yuka"]),
])
def test_the_english_names_shown_are_typed(home, game, typed, want):
    at = open_page("score_manual", game)
    type_hand(at, typed)
    assert not errors(at), errors(at)
    assert at.session_state["manual_tiles"] == want


def test_a_misspelt_name_is_answered_with_names_to_type(home):
    at = open_page("score_manual", "yokai-watch")
    type_hand(at, "Yokia 01")
    said = errors(at)
    assert len(said) == 1 and "'Yokia 01'" in said[0] and "Yokai 01" in said[0], said


# 7. another game's hand leaves the box with it, and comes back with it

def test_switching_game_empties_the_box_and_switching_back_restores_it(home):
    at = open_page("score_manual", "tokyo-mahjong")
    type_hand(at, "234m456p678s22z555z")
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert typed_box(at) == "", typed_box(at)
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    assert at.session_state["manual_tiles"] and typed_box(at) == "234m456p678s22555z", typed_box(at)


# 9. one total with the riichi chip, and who the payers pay

def test_a_donjara_win_with_its_own_chip_has_one_total_line_and_names_the_winner(home):
    at = open_page("score_manual", "yokai-watch")
    type_hand(at, YOKAI_WIN)
    caps = [c.value for c in at.caption]
    assert sum("in all" in c for c in caps) == 1, caps
    assert not any(c.startswith("10 of them") for c in caps), caps  # said in the total's line
    line = next(c for c in caps if "in all" in c)
    assert "130 in all" in line and "winner's own" in line, line
    assert "the winner" in texts(at).split("#### Who pays")[1], texts(at)


def test_donjara_riichi_stays_ticked_at_first(home):
    # RULES.md: a Donjara win needs a riichi first (but for a hand dealt one from winning)
    at = open_page("score_manual", "yokai-watch")
    type_hand(at, YOKAI_WIN)
    assert at.checkbox(key="manual_riichi").value is True


# 12. the riichi options' fold named by what it holds

def test_the_situations_fold_is_named_by_what_it_holds(home):
    at = open_page("score_manual", "tokyo-mahjong")
    type_hand(at, "234m456p678s22z555z")
    assert at.checkbox(key="manual_riichi").value is False
    labels = [e.label for e in at.expander]
    assert not any("Ippatsu" in x for x in labels), labels
    assert any(x.startswith("Last tile") for x in labels), labels
    at.checkbox(key="manual_riichi").check().run()
    assert any(x.startswith("Ippatsu, ura dora") for x in (e.label for e in at.expander))


# 14. a meld that is none, said as typed

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bad_meld_is_said_as_the_player_typed_it(home, lang):
    at = open_page("score_manual", "tokyo-mahjong", lang)
    type_hand(at, "234m456p678s22z")
    at.text_input(key="manual_melds").set_value("pon 5z5z").run()
    said = "\n".join(errors(at))
    assert ("「pon 5z5z」" if lang == "ja" else "'pon 5z5z'") in said and "pon:5z5z" not in said, said


# 18. "Use this hand" with nothing typed

@pytest.mark.parametrize("lang, says", [("en", "Nothing typed"), ("ja", "何も入力されていません")])
def test_an_empty_box_says_so(home, lang, says):
    at = open_page("score_manual", "yokai-watch", lang)
    type_hand(at, "  ")
    assert says in texts(at), texts(at)


def test_an_empty_box_beside_a_hand_says_how_to_empty_it_and_keeps_it(home):
    at = open_page("score_manual", "yokai-watch")
    at.button(key="manual_add_yokai-01").click().run()
    type_hand(at, "")
    assert 'To empty the hand, press "Clear"' in texts(at), texts(at)
    assert at.session_state["manual_tiles"] == ["yokai-01"]


# 8. a player's help says no command line

@pytest.mark.parametrize("key", ["win_kind_help", "sticks_help"])
def test_the_players_help_names_no_command(key):
    for table in (STRINGS, DONJARA_STRINGS):
        for words in table.get(key, ()):
            assert "tilelens" not in words and "--" not in words, words


# H. a house table in use is said on the page

@pytest.mark.parametrize("lang, says", [("en", "Scoring with the edited table"), ("ja", "編集した表で採点しています")])
def test_the_page_says_an_edited_table_is_in_use(home, lang, says):
    at = open_page("score_manual", "nogizaka", lang)
    assert says not in texts(at)
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("copies = 6", "copies = 5", 1))
    at.run()
    assert says in texts(at), texts(at)
