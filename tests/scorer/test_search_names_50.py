"""Session 50: a yaku whose name varies by an attribute value ("Ensemble Set (Cute)") names that value as the game
file's own ``[attribute_values]`` names it, as every other text does (``value_name(..., game)``), not only by the
shipped table of value names."""
from __future__ import annotations

from pathlib import Path

import pytest

from scorer.catalog import GAMES_DIR, load_game
from scorer.groups import Group
from scorer.rules import donjara_rules
from scorer.search import yaku_label

OWN_NAMES = '''
[attribute_values.type]
cute = { name_ja = "キュートタイプ", name_en = "Cutie" }
'''


@pytest.fixture
def edition(tmp_path: Path):
    """The shipped Cinderella Girls file, naming one of its type values itself."""
    path = tmp_path / "cinderella-club.toml"
    path.write_text((GAMES_DIR / "cinderella-neo.toml").read_text(encoding="utf-8") + OWN_NAMES, encoding="utf-8")
    return load_game(path)


def _ensemble(game):
    return next(y for y in donjara_rules(game).yaku if y.id == "ensemble-set")


def _groups(value: str) -> tuple[Group, ...]:
    return (Group("status-set", 0b111, (0, 1, 2), value, attrs={"type": value, "status": "Vo"}),)


def test_a_yaku_names_the_value_as_the_game_file_names_it(edition):
    y = _ensemble(edition)
    assert yaku_label(y, _groups("cute"), "ja", edition) == "アンサンブルセット (キュートタイプ)"
    assert yaku_label(y, _groups("cute"), "en", edition) == "Ensemble Set (Cutie)"


def test_a_value_the_file_does_not_name_is_the_shipped_tables(edition):
    shipped = load_game("cinderella-neo")
    for lang in ("ja", "en"):  # the file names "cute" only: "cool" is as the shipped table names it
        assert yaku_label(_ensemble(edition), _groups("cool"), lang, edition) == \
            yaku_label(_ensemble(shipped), _groups("cool"), lang, shipped)
    assert yaku_label(_ensemble(shipped), _groups("cute"), "ja") == "アンサンブルセット (キュート)"  # no game: as before


def test_a_scored_hand_names_its_yaku_as_the_game_file_names_the_value(edition):
    # the engine passed no game to yaku_label: `tilelens score` said the shipped "(Cute)" of a file naming it "Cutie"
    from scorer.engine import score

    # eight Cute idols and the Cute Almighty: an Ensemble Set (as tests/scorer/test_donjara_rare_situations.py)
    hand = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "fujimoto-rina", "ichinose-shiki",
            "shiragiku-hotaru", "otokura-yuuki", "kurosaki-chitose", "almighty-cute"]
    r = score(edition, hand, riichi=True, win="ron")
    assert r.winning and [(y.name, y.name_en) for y in r.yaku] == [("アンサンブルセット (キュートタイプ)",
                                                                    "Ensemble Set (Cutie)")]
