"""Table rules are data: each shipped game's ``[table]`` in its own file says how its table runs between hands,
so that a club's copy of a shipped game (its id, names and tile ids changed, as the Rules page adds one) plays as
the original, and a house table's own ``[table]`` still overrides. The shipped games' rules are the values the
ledger had in code before (written here)."""
import re
import tomllib

import pytest

from scorer import list_games, load_game
from scorer.catalog import GAMES_DIR, parse_game
from tilelens.ledger import DEFAULT_RULES, DrawKeep, TableRules, rules_for

# DEFAULT_RULES as it was written in tilelens/ledger.py before it came from the game files
BEFORE = {
    "cinderella-neo": TableRules(start_points=100, unit="万", riichi_chip=0, chombo_penalty=0),
    "nogizaka": TableRules(start_points=1000, riichi_chip=10, keep_on_dealer_win=True,
                           keep_on_draw=DrawKeep.DEALER_RIICHI, chombo_penalty=300),
    "yokai-watch": TableRules(start_points=1000, riichi_chip=10, keep_on_dealer_win=True, chombo_penalty=0),
    "tokyo-mahjong": TableRules(start_points=25000, riichi_chip=1000, keep_on_dealer_win=True,
                                keep_on_draw=DrawKeep.DEALER_TENPAI, honba=True, noten_total=3000,
                                ends_at_or_below=-1, several_ron=True, chombo_penalty=8000, honba_ron=300,
                                honba_tsumo_each=100),
}


def shipped_text(game_id: str) -> str:
    return (GAMES_DIR / f"{game_id}.toml").read_text(encoding="utf-8")


def copy_of(game_id: str, new_id: str = "club"):
    """The shipped file with its id and names changed (and, as the app's club copy, every tile's id)."""
    data = tomllib.loads(shipped_text(game_id))
    data.update(id=new_id, name_en="Club game", name_ja="クラブのゲーム")
    return parse_game(data, "club.toml")


def test_the_shipped_games_play_the_rules_they_played():
    assert set(list_games()) == set(BEFORE)
    for game_id, rules in BEFORE.items():
        assert DEFAULT_RULES[game_id] == rules, game_id
        assert rules_for(game_id) == rules, game_id
        assert rules_for(load_game(game_id)) == rules, game_id


@pytest.mark.parametrize("game_id", sorted(BEFORE))
def test_a_copy_with_a_new_id_plays_as_the_original(game_id):
    assert rules_for(copy_of(game_id)) == rules_for(load_game(game_id)) == BEFORE[game_id]


def test_the_clubs_nogizaka_keeps_the_deal_as_nogizaka_does():
    """The Rules page's club copy (tests/app/test_added_game_50.py ``club_text``): tile ids changed too."""
    text = shipped_text("nogizaka")
    text = re.sub(r'^id = "([a-z-]+)"$', r'id = "c-\1"', text, flags=re.M)
    text = text.replace('id = "c-nogizaka"', 'id = "club"', 1)
    club = parse_game(tomllib.loads(text), "club.toml")
    rules = rules_for(club)
    assert rules.keep_on_dealer_win and rules.keep_on_draw is DrawKeep.DEALER_RIICHI
    assert rules == BEFORE["nogizaka"]


def test_the_rules_are_written_in_each_game_file():
    """Each file says whether a dealer who wins keeps the deal; the keys it leaves out are ``TableRules``' own."""
    for game_id in BEFORE:
        assert "keep_on_dealer_win" in load_game(game_id).rules.get("table", {}), game_id
    assert load_game("nogizaka").rules["table"]["keep_on_draw"] == "dealer-riichi"
    assert load_game("cinderella-neo").rules["table"]["unit"] == "万"


@pytest.mark.parametrize("game_id", ["nogizaka", "club"])
def test_a_house_table_of_its_own_still_overrides(game_id):
    data = tomllib.loads(shipped_text("nogizaka"))
    data.update(id=game_id, name_en="House", name_ja="ハウス")
    data["table"] = {**data.get("table", {}), "keep_on_dealer_win": False, "keep_on_draw": "never",
                     "start_points": 2000, "laps": 1}
    rules = rules_for(parse_game(data, "house.toml"))
    assert not rules.keep_on_dealer_win and rules.keep_on_draw is DrawKeep.NEVER
    assert (rules.start_points, rules.laps) == (2000, 1)
    assert (rules.riichi_chip, rules.chombo_penalty) == (10, 300)  # the rest as the game's


# ---- the ledger page's wording (session 50, item 2)

def test_the_pot_taken_is_said_in_points_not_as_a_count_of_chips(tmp_path):
    """"+ 1,000 riichi chips from the table" read as a thousand chips: it is one 1,000-point stick."""
    from tilelens.ledger import Ledger, hand_notes

    ledger = Ledger(tmp_path / "ledger.sqlite")
    m = ledger.new_match("tokyo-mahjong", ["Al", "Bo", "Cy", "Di"])
    ledger.add_draw(m, tenpai=(0,), riichi=(0,))
    ledger.add_win(m, 2, "ron", {1: 1300})
    match = ledger.match(m)
    state, hands = ledger.table(match)
    assert "+ 1,000 points of riichi sticks from the table" in hand_notes(match.players, hands, state)[1]


def test_the_japanese_status_line_says_the_deal_count_without_a_second_dealer():
    """「親: Bo · 東2局 0本場 · 親 1/8」 said 親 twice; the count is of deals finished, in both languages."""
    from app.components.i18n import STRINGS

    ja, en = STRINGS["deals"]
    assert "親" not in ja and ja.format(done=1, total=8) == "8局中1局終了"
    assert en.format(done=1, total=8) == "1 of 8 deals done"


def test_the_ledger_forms_japanese_uses_half_width_brackets():
    from app.components.i18n import STRINGS

    for key in ("several_ron", "same_discard", "same_discard_honba"):
        ja = STRINGS[key][0]
        assert "（" not in ja and "）" not in ja and ("(" in ja or key == "several_ron"), key  # its reason in its help
    assert "（" not in STRINGS["several_ron_help"][0] and "）" not in STRINGS["several_ron_help"][0]
