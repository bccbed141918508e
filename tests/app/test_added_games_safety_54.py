"""Session 54: a club's added games made safe for the others at the laptop (a security review's findings).

A game added under a shipped game's name took its place in every picker (Streamlit's selectbox maps a label to
the last option with it); a file of 5,000 tiles slowed every page to 20-36 s a run; an ``_added`` file the app
could not offer was dropped without a word; a name from a club's file was read as Markdown (a remote image loaded
in the Rules page's heading); and event photos were swept only when a later check began."""
from __future__ import annotations

import os
import re
import shutil
import time

import pytest

from app_helpers import open_page
from test_added_game_50 import club_text

from app import settings
from scorer import GameFileError, list_games

NOGIZAKA_EN, NOGIZAKA_JA = "Nogizaka Donjara (fan-made)", "乃木坂ドンジャラ"
EVIL = "EVL ![p](http://evil.example/t.png) [click](http://evil.example)"
RAW_LINK = re.compile(r"(?<!\\)\]\(http")  # a link or an image markdown would follow


def _copy_of_nogizaka(game_id: str) -> str:
    """The shipped Nogizaka file with its id changed only: its names are the shipped game's."""
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    return text.replace('id = "nogizaka"', f'id = "{game_id}"', 1)


def _placed(name: str, text: str):
    """A game file put into the added games' folder by hand (not through ``add_game``)."""
    folder = settings.added_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


# 1. a name another game has -----------------------------------------------------------------------------------------
def test_a_game_under_a_shipped_games_english_name_is_refused_naming_that_game(home):
    with pytest.raises(GameFileError) as refused:
        settings.add_game(_copy_of_nogizaka("clone"))
    said, said_ja = str(refused.value), refused.value.message_ja
    assert NOGIZAKA_EN in said and "nogizaka" in said and "rename" in said.lower(), said
    assert NOGIZAKA_JA in said_ja or NOGIZAKA_EN in said_ja, said_ja
    assert "名前" in said_ja and "変えて" in said_ja, said_ja
    assert settings.games() == list_games() and settings.added_path("clone") is None


def test_a_game_under_a_shipped_games_japanese_name_only_is_refused_too(home):
    text = _copy_of_nogizaka("clone").replace(f'name_en = "{NOGIZAKA_EN}"', 'name_en = "Our Clone"', 1)
    with pytest.raises(GameFileError) as refused:
        settings.add_game(text)
    assert NOGIZAKA_JA in str(refused.value) and NOGIZAKA_JA in refused.value.message_ja
    assert settings.added_path("clone") is None


def test_a_second_added_game_under_the_first_ones_name_is_refused(home):
    settings.add_game(club_text())
    with pytest.raises(GameFileError) as refused:
        settings.add_game(club_text(game_id="club2", name_ja="クラブ2"))  # the English name taken
    assert "Club Donjara" in str(refused.value) and "club" in str(refused.value)
    assert settings.games() == list_games() + ["club"]


def test_the_rules_page_says_the_name_is_taken_in_one_message_in_each_language(home):
    for lang, word in (("en", "rename"), ("ja", "名前")):
        at = open_page("rules", "nogizaka", lang)
        at.text_area(key="rules_add_text").set_value(_copy_of_nogizaka("clone")).run()
        at.button(key="rules_add").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert len(at.error) == 1 and word in at.error[0].value.lower(), [e.value for e in at.error]
    assert settings.games() == list_games()


def test_a_copy_placed_by_hand_cannot_take_the_shipped_games_place_in_the_picker(home):
    _placed("clone.toml", _copy_of_nogizaka("clone"))
    at = open_page("score_manual", lang="en")
    options = at.selectbox(key="game_id").options
    assert len(options) == len(set(options)) == len(list_games()) + 1, options
    assert f"{NOGIZAKA_EN} [nogizaka]" in options and f"{NOGIZAKA_EN} [clone]" in options, options
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert at.session_state["game_id"] == "nogizaka"  # was "clone": the last option of that label
    at.selectbox(key="game_id").set_value("clone").run()
    assert at.session_state["game_id"] == "clone"
    assert settings.game_labels("en")["yokai-watch"] == "Yokai Watch Donjara"  # no clash: the name alone


def test_two_added_games_of_one_name_are_both_offered(home):
    settings.add_game(club_text())
    _placed("club2.toml", club_text(game_id="club2"))  # placed by hand: add_game refuses the name
    for lang, name in (("en", "Club Donjara"), ("ja", "クラブドンジャラ")):
        labels = settings.game_labels(lang)
        assert labels["club"] == f"{name} [club]" and labels["club2"] == f"{name} [club2]", labels
    at = open_page("score_manual", lang="ja")
    at.selectbox(key="game_id").set_value("club").run()
    assert at.session_state["game_id"] == "club"


# 2. a game too large ------------------------------------------------------------------------------------------------
def _many_tiles(n: int) -> str:
    extra = "".join(f'\n[[tiles]]\nid = "x{i}"\nname_ja = "エックス{i}"\nname_en = "X {i}"\ncopies = 1\n'
                    f'attrs = {{ colour = "pink", member = "x{i}" }}\n' for i in range(n))
    return club_text().replace("\n[[tiles]]", extra + "\n[[tiles]]", 1)


def test_the_limits_are_well_above_every_shipped_game():
    from scorer import load_game

    for game_id in list_games():
        game = load_game(game_id)
        assert len(game.tiles) * 3 <= settings.MAX_ADDED_KINDS, game_id
        assert settings.shipped_path(game_id).stat().st_size * 4 <= settings.MAX_ADDED_BYTES, game_id


def test_a_game_of_too_many_tile_kinds_is_refused_saying_the_limit(home):
    text = _many_tiles(settings.MAX_ADDED_KINDS)  # with the club's own 17: over the limit
    assert len(text.encode()) < settings.MAX_ADDED_BYTES
    with pytest.raises(GameFileError) as refused:
        settings.add_game(text)
    assert str(settings.MAX_ADDED_KINDS) in str(refused.value) and "tile kinds" in str(refused.value)
    assert str(settings.MAX_ADDED_KINDS) in refused.value.message_ja and "種類" in refused.value.message_ja
    assert settings.added_path("club") is None


def test_a_game_of_just_under_the_limit_is_added(home):
    settings.add_game(_many_tiles(settings.MAX_ADDED_KINDS - 17))
    assert len(settings.app_game("club").tiles) == settings.MAX_ADDED_KINDS


def test_a_file_too_large_is_refused_before_it_is_read(home, monkeypatch):
    import app.settings as module

    text = club_text() + "# " + "x" * settings.MAX_ADDED_BYTES + "\n"
    monkeypatch.setattr(module, "load_game", lambda *a, **k: pytest.fail("a file over the limit was parsed"))
    with pytest.raises(GameFileError) as refused:
        settings.add_game(text)
    kb = str(settings.MAX_ADDED_BYTES // 1024)
    assert kb in str(refused.value) and "KB" in str(refused.value) and kb in refused.value.message_ja
    assert not settings.added_dir().exists() or not list(settings.added_dir().iterdir())


def test_an_edit_past_the_limits_is_refused_as_an_added_game_is(home):
    settings.add_game(club_text())
    with pytest.raises(GameFileError) as refused:
        settings.save_house_table("club", _many_tiles(settings.MAX_ADDED_KINDS))
    assert str(settings.MAX_ADDED_KINDS) in str(refused.value)
    with pytest.raises(GameFileError) as refused:
        settings.save_house_table("nogizaka", settings.game_text("nogizaka") + "#" * settings.MAX_ADDED_BYTES)
    assert str(settings.MAX_ADDED_BYTES // 1024) in str(refused.value)
    assert settings.edited_path("club") is None and settings.edited_path("nogizaka") is None


def test_the_rules_page_refuses_a_paste_too_large_in_one_message(home):
    at = open_page("rules", "nogizaka", "en")
    at.text_area(key="rules_add_text").set_value(club_text() + "#" * settings.MAX_ADDED_BYTES).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1 and f"{settings.MAX_ADDED_BYTES // 1024} KB" in at.error[0].value
    assert settings.games() == list_games()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_says_the_limits_where_it_says_how_to_add(home, lang):
    at = open_page("rules", "nogizaka", lang)
    helps = " ".join(c.proto.help for c in at.caption)
    assert str(settings.MAX_ADDED_KINDS) in helps and str(settings.MAX_ADDED_BYTES // 1024) in helps, helps


# 3. files passed over -----------------------------------------------------------------------------------------------
@pytest.fixture
def passed_over(home, tmp_path):
    settings.add_game(club_text())
    folder = settings.added_dir()
    (folder / "precure.toml").symlink_to(tmp_path / "moved-away.toml")
    shutil.copy(settings.shipped_path("nogizaka"), folder / "nogizaka.toml")
    _placed("My Game.toml", club_text(game_id="my-game", name_en="Mine", name_ja="わたしの"))
    return folder


def test_the_rules_page_warns_once_for_each_added_file_it_cannot_offer(passed_over):
    at = open_page("rules", "nogizaka", "en")
    warned = [w.value for w in at.warning]
    for name in ("precure.toml", "nogizaka.toml", "My Game.toml"):
        assert len([w for w in warned if name in w]) == 1, (name, warned)
    assert not [w for w in warned if "club.toml" in w]
    said = {name: next(w for w in warned if name in w) for name in ("precure.toml", "nogizaka.toml", "My Game.toml")}
    assert "link" in said["precure.toml"] and "shipped" in said["nogizaka.toml"]
    assert "id" in said["My Game.toml"] and "lower-case" in said["My Game.toml"]
    assert "club" in settings.games() and "My Game" not in settings.games()


def test_the_warnings_are_in_japanese_on_a_japanese_screen(passed_over):
    at = open_page("rules", "nogizaka", "ja")
    warned = [w.value for w in at.warning if ".toml" in w.value]
    assert len(warned) == 3, warned
    assert all("選べません" in w for w in warned) and not [w for w in warned if "link" in w or "shipped" in w]


def test_no_warning_where_every_added_file_is_offered(home):
    settings.add_game(club_text())
    at = open_page("rules", "club", "en")
    assert not [w for w in at.warning if ".toml" in w.value]


# 4. names from a club's file are text, not markdown -----------------------------------------------------------------
def test_a_games_name_is_shown_as_written_in_the_rules_heading_and_messages(home):
    at = open_page("rules", "nogizaka", "en")
    at.text_area(key="rules_add_text").set_value(club_text(name_en=EVIL)).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    shown = [str(e.value) for e in (*at.subheader, *at.success, *at.markdown, *at.caption, *at.info)]
    assert [s for s in shown if "EVL" in s], shown
    assert not [s for s in shown if "EVL" in s and RAW_LINK.search(s)], shown


def test_a_tiles_name_is_shown_as_written_in_its_tooltip_and_the_picker(home):
    text = club_text().replace('name_en = "Rarin"', f'name_en = "{EVIL}"', 1)
    settings.add_game(text)
    at = open_page("score_manual", "club", "en")
    at.button(key="manual_add_c-rarin").click().run()
    strip = at.button(key="manual_tile_0")
    assert "EVL" in strip.proto.help and not RAW_LINK.search(strip.proto.help), strip.proto.help
    strip.click().run()
    assert not at.exception, [e.value for e in at.exception]
    heads = [str(h.value) for h in at.subheader if "EVL" in str(h.value)]
    assert heads and not [h for h in heads if RAW_LINK.search(h)], heads
    grid = [b.label for b in at.button if "EVL" in b.label]
    assert grid and not [g for g in grid if RAW_LINK.search(g)], grid


# 6. event photos are swept when the app starts ----------------------------------------------------------------------
def _aged(folder, seconds: float):
    then = time.time() - seconds
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            os.utime(os.path.join(root, name), (then, then))
    os.utime(folder, (then, then))


def test_the_app_sweeps_old_event_photos_when_it_starts(home):
    old = home / "home" / "scratch" / "event-check" / "old-session"
    (old / "upload").mkdir(parents=True)
    (old / "upload" / "photo.jpg").write_bytes(b"jpeg")
    _aged(old, settings.SCRATCH_KEEP_S + 60)
    recent = home / "home" / "scratch" / "event-check" / "recent-session"
    recent.mkdir()
    settings.SWEPT.clear()  # a fresh process: the app has not started in this home yet
    open_page("ledger", lang="en")  # any page: no event check is started
    assert not old.exists() and recent.is_dir()
