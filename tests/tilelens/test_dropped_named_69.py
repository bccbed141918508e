"""A kind dropped by an added game (a copy of a shipped game given as its file, himetan graduated, sakura in her
place) is named as under a house table of a shipped game: ひめたん (himetan), looked up in the shipped games, not
by its id alone (the shipped file was consulted only where the game was given by a shipped id)."""
from __future__ import annotations

from scorer.catalog import GAMES_DIR


def _added_game(tmp_path):
    text = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
    text = text.replace('id = "nogizaka"', 'id = "club-nogi"', 1)
    text = text.replace('id = "himetan"\nname_ja = "ひめたん"\nname_en = "Himetan"\naliases = ["中元日芽香"]',
                        'id = "sakura"\nname_ja = "さくら"\nname_en = "Sakura"\naliases = []', 1)
    assert 'id = "himetan"' not in text  # the copy has dropped her
    path = tmp_path / "club-nogi.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_kind_an_added_game_dropped_is_named_from_the_shipped_games(tmp_path):
    from tilelens.labelling.prelabel import names_ja

    path = _added_game(tmp_path)
    assert names_ja(["himetan", "sakura"], path) == ("ひめたん", "さくら")


def test_the_table_in_use_names_a_kind_first(tmp_path):
    from tilelens.labelling.prelabel import names_ja

    path = _added_game(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace('name_ja = "さくら"', 'name_ja = "桜"', 1), "utf-8")
    assert names_ja(["sakura", "nowhere"], path) == ("桜", "nowhere")
