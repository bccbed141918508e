"""A club's edited table that switches the favourite doubling off (``favourite_multiplier = 1``): ``favourite``
changes nothing there, and is kept, not refused, as an option that changes nothing is (session 52)."""
import pytest

from scorer import HandError, load_game, score

NORMAL = ["shibuya-rin", "島村卯月", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
          "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]


@pytest.fixture
def no_doubling(tmp_path):
    body = open(load_game("cinderella-neo").source, encoding="utf-8").read()
    assert "favourite_multiplier = 2" in body
    path = tmp_path / "house.toml"
    path.write_text(body.replace("favourite_multiplier = 2", "favourite_multiplier = 1", 1), encoding="utf-8")
    return load_game(path)


def test_favourite_on_a_house_table_without_doubling_is_scored_as_without_it(no_doubling):
    plain = score(no_doubling, NORMAL, win="ron", riichi=True)
    fav = score(no_doubling, NORMAL, win="ron", riichi=True, favourite="島村卯月")
    assert fav.winning and fav.value == plain.value == 12
    assert fav.extra.get("multiplier") == 1 and "favourite_not_doubled" not in fav.extra


def test_a_game_with_no_favourite_rule_at_all_still_refuses_it():
    with pytest.raises(HandError, match="Nogizaka Donjara has no favourite-member rule"):
        score("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"], win="ron",
              riichi=True, favourite="rarin")


def test_the_command_line_scores_favourite_with_a_house_table_that_switched_it_off(capsys, monkeypatch, tmp_path,
                                                                                  no_doubling):
    from tilelens.cli import main

    folder = tmp_path / "home" / "games" / "cinderella-neo"
    folder.mkdir(parents=True)
    (folder / "edit.toml").write_text(open(no_doubling.source, encoding="utf-8").read(), encoding="utf-8")
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")
    code = main(["score", "--game", "cinderella-neo", "--win", "ron", "--riichi", "--favourite", "島村卯月", *NORMAL])
    out, err = capsys.readouterr()
    assert code == 0 and "12 x10,000 fans" in out and "no favourite-idol rule" not in err
