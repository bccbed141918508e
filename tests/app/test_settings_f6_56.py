"""Session 56: the app and the command line check a club's table with one sequence (``tilelens.home``), so they say
the same of a table they refuse; and a Save of an edit checks the game's names as Add does (an added game's edit took
a shipped game's name, and the pickers showed two of one name)."""
from __future__ import annotations

import pytest

from app_helpers import open_page
from test_added_game_50 import club_text

from app import settings
from scorer import GameFileError, list_games
from tilelens import cli, home as tl_home

NOGIZAKA_EN, NOGIZAKA_JA = "Nogizaka Donjara (fan-made)", "乃木坂ドンジャラ"
HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3


def _renamed(text: str, name_en: str | None = None, name_ja: str | None = None) -> str:
    if name_en is not None:
        text = text.replace('name_en = "Club Donjara"', f'name_en = "{name_en}"', 1)
    if name_ja is not None:
        text = text.replace('name_ja = "クラブドンジャラ"', f'name_ja = "{name_ja}"', 1)
    return text


# 3. a Save checks the names as Add does ------------------------------------------------------------------------------
@pytest.mark.parametrize("name_en, name_ja, taken", [(NOGIZAKA_EN, None, "nogizaka"),
                                                     (None, NOGIZAKA_JA, "nogizaka"),
                                                     ("yokai watch  DONJARA", None, "yokai-watch")])
def test_an_added_games_edit_under_another_games_name_is_refused(home, name_en, name_ja, taken):
    settings.add_game(club_text())
    with pytest.raises(GameFileError) as refused:
        settings.save_house_table("club", _renamed(club_text(), name_en, name_ja))
    assert f"({taken})" in str(refused.value) and "rename" in str(refused.value), str(refused.value)
    assert f"({taken})" in refused.value.message_ja and "名前" in refused.value.message_ja
    assert settings.edited_path("club") is None  # nothing saved
    assert settings.game_label("club") == "Club Donjara"


def test_a_shipped_games_edit_under_another_games_name_is_refused(home):
    text = settings.game_text("nogizaka").replace(f'name_en = "{NOGIZAKA_EN}"', 'name_en = "Yokai Watch Donjara"', 1)
    with pytest.raises(GameFileError, match=r"\(yokai-watch\)"):
        settings.save_house_table("nogizaka", text)
    assert settings.edited_path("nogizaka") is None


def test_an_edits_name_with_a_character_that_shows_nothing_is_refused(home):
    settings.add_game(club_text())
    with pytest.raises(GameFileError, match="U\\+200B"):
        settings.save_house_table("club", _renamed(club_text(), name_en="Club\u200b Donjara"))


def test_an_edit_keeping_its_own_name_or_taking_a_new_one_is_saved(home):
    settings.add_game(club_text())
    assert settings.save_house_table("club", club_text().replace("points = 60\n", "points = 70\n", 1)) is not None
    assert settings.save_house_table("club", _renamed(club_text(), name_en="Our Club", name_ja="わがクラブ")) is not None
    assert settings.game_label("club") == "Our Club" and settings.game_label("club", "ja") == "わがクラブ"
    text = settings.game_text("nogizaka").replace("points = 60\n", "points = 70\n", 1)
    assert settings.save_house_table("nogizaka", text) is not None  # its own name: no clash with itself


def test_an_edit_that_leaves_a_name_two_games_share_is_saved(home):
    """A copy placed by hand under Nogizaka's name (the pickers tell them apart by id): an edit of Nogizaka that
    does not touch its name is saved, not refused for a clash it did not make."""
    folder = settings.added_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "clone.toml").write_text(settings.shipped_path("nogizaka").read_text(encoding="utf-8").replace(
        'id = "nogizaka"', 'id = "clone"', 1), encoding="utf-8")
    text = settings.game_text("nogizaka").replace("points = 60\n", "points = 70\n", 1)
    assert settings.save_house_table("nogizaka", text) is not None


def test_the_rules_page_says_the_name_is_taken_once_in_each_language(home):
    settings.add_game(club_text())
    for lang, word in (("en", "rename"), ("ja", "名前")):
        at = open_page("rules", "club", lang)
        key = "rules_text_club"
        at.text_area(key=key).input(_renamed(at.text_area(key=key).value, name_en=NOGIZAKA_EN))
        at.button(key="rules_save").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert len(at.error) == 1 and word in at.error[0].value.lower() and "nogizaka" in at.error[0].value, \
            [e.value for e in at.error]
    assert settings.edited_path("club") is None and settings.game_label("club") == "Club Donjara"
    assert list(settings.games()) == list_games() + ["club"]


# 1. one check, one record: the app's and the command line's ---------------------------------------------------------
def _core(message: str, path) -> str:
    """What a refusal says of the table itself: after its file's name."""
    return message.split(f"{path}: ", 1)[1] if f"{path}: " in message else message


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_command_line_refuses_an_edit_the_app_refuses_saying_the_same(home, capsys, monkeypatch, lang):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    edit = folder / "edit.toml"
    edit.write_text(settings.game_text("nogizaka").replace("players_max = 4", "players_max = 5", 1), encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        settings.app_game("nogizaka")
    app_says = str(refused.value) if lang == "en" else refused.value.message_ja
    core = _core(app_says, settings.short_path(edit)).rstrip("。.")
    assert "players_max" in core, core
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = cli.main(["score", "--game", "nogizaka", "--riichi", *HAND])
    err = capsys.readouterr().err
    assert code == 2 and core in err, (core, err)


def test_the_app_keeps_the_record_where_home_says(home):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60\n", "points = 70\n", 1))
    edit = settings.edited_path("nogizaka")
    assert tl_home.made_from_path(edit).is_file()
    assert not settings.made_from_unknown("nogizaka") and not tl_home.made_from_unknown("nogizaka", edit)
    tl_home.made_from_path(edit).unlink()
    assert settings.made_from_unknown("nogizaka") and tl_home.made_from_unknown("nogizaka", edit)
    assert settings.shipped_changes("nogizaka") == tl_home.shipped_changes(
        "nogizaka", edit, settings.shipped_path("nogizaka")) is not None
