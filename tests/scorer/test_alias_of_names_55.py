"""An alias made of other tiles' names (a security re-walk: "Sayurin Maimai" on a third member): typed in the app's
box or on the command line, it read as one tile instead of the two named. Refused in the game file, naming them."""
import pytest

from scorer.catalog import GameFileError, parse_game


def _three(**third):
    return {"id": "t", "name_ja": "t", "name_en": "t", "hand_size": 1,
            "tiles": [{"id": "sayu", "name_ja": "さゆ", "name_en": "Sayurin"},
                      {"id": "mai", "name_ja": "まい", "name_en": "Maimai"},
                      {"id": "rarin", "name_ja": "らりん", "name_en": "Rarin", **third}]}


@pytest.mark.parametrize("alias", ["Sayurin Maimai", "sayurin, maimai", "さゆ まい"])
def test_an_alias_made_of_two_other_tiles_names_is_refused_naming_them(alias):
    with pytest.raises(GameFileError, match=r"tiles\[2\]\.aliases.*other tiles' names \(sayu, mai\)"):
        parse_game(_three(aliases=[alias]), "house.toml")


def test_an_alias_with_one_word_of_another_tiles_name_stays():
    game = parse_game(_three(aliases=["Rarin Maimai-fan"]), "house.toml")
    assert game.tile("Rarin Maimai-fan").id == "rarin"


def test_every_shipped_game_still_loads():
    from scorer.catalog import list_games, load_game

    assert all(load_game(g).tiles for g in list_games())
