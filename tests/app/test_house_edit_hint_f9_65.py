"""Session 65 (F9) 1: a house edit that is a folder (``games/<id>/<hash>.toml/``) or saved under another extension
(``x.toml.txt``, ``x.TOML``) is refused with its own message (``tilelens.home._folder_edit``, ``_misnamed_edit``), which
says the way out. The game picker added "The Rules and yaku page can fix this table, or press Restore" to it: false
there (Restore moves only the ``*.toml`` files and the links to no file, and the Rules page draws no editor for such a
game), so it is not said for them; a broken table's text and a link to no file still get it."""
from __future__ import annotations

import pytest
from app_helpers import open_page
from test_added_game_50 import club_text

from app import settings
from app.components.i18n import STRINGS

LANGS = [("en", 1), ("ja", 0)]
HINTS = [key for key in STRINGS if key.startswith("rules_broken_fix")]  # the added game's and the Rules page's too


def _hints_in(errors: list[str], i: int) -> list[str]:
    return [key for key in HINTS for e in errors if STRINGS[key][i] in e]


def _folder(game_id: str) -> str:
    (settings.house_dir(game_id) / "fad565c264b1.toml").mkdir(parents=True)
    return "fad565c264b1.toml"


def _txt(game_id: str) -> str:
    folder = settings.house_dir(game_id)
    folder.mkdir(parents=True)
    (folder / "e.toml.txt").write_text(settings.game_text(game_id), encoding="utf-8")
    return "e.toml.txt"


def _upper(game_id: str) -> str:
    folder = settings.house_dir(game_id)
    folder.mkdir(parents=True)
    (folder / "e.TOML").write_text(settings.game_text(game_id), encoding="utf-8")
    return "e.TOML"


def _errors(page: str, game_id: str, lang: str) -> list[str]:
    at = open_page(page, None, lang)
    at.selectbox(key="game_id").set_value(game_id).run()
    assert not at.exception, [e.value for e in at.exception]
    return [e.value for e in at.error]


@pytest.mark.parametrize("make", [_folder, _txt, _upper])
@pytest.mark.parametrize("lang, i", LANGS)
@pytest.mark.parametrize("page", ["score_manual", "rules"])
def test_an_edit_restore_cannot_move_gets_no_restore_hint(home, make, lang, i, page):
    name = make("nogizaka")
    errors = _errors(page, "nogizaka", lang)
    assert any(name in e for e in errors), errors  # its own message, its way out with it
    assert not _hints_in(errors, i), errors


@pytest.mark.parametrize("make", [_folder, _txt])
@pytest.mark.parametrize("lang, i", LANGS)
def test_an_added_game_s_edit_restore_cannot_move_gets_no_hint_either(home, make, lang, i):
    settings.add_game(club_text())
    name = make("club")
    errors = _errors("score_manual", "club", lang)
    assert any(name in e for e in errors), errors
    assert not _hints_in(errors, i), errors


@pytest.mark.parametrize("lang, i", LANGS)
def test_a_link_to_no_file_still_gets_the_hint_restore_moves_it(home, tmp_path, lang, i):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "e.toml").symlink_to(tmp_path / "nope.toml")
    errors = _errors("score_manual", "nogizaka", lang)
    assert _hints_in(errors, i) == ["rules_broken_fix"], errors
    settings.reset_house_table("nogizaka")  # and so it does
    assert settings.app_game("nogizaka").id == "nogizaka"


@pytest.mark.parametrize("lang, i", LANGS)
def test_a_broken_text_beside_a_misnamed_older_file_still_gets_the_hint(home, lang, i):
    import os

    name = _txt("nogizaka")
    os.utime(settings.house_dir("nogizaka") / name, (1, 1))  # older than the edit: not what is refused
    (settings.house_dir("nogizaka") / "0.toml").write_bytes(b"this is [not toml")
    errors = _errors("score_manual", "nogizaka", lang)
    assert _hints_in(errors, i) == ["rules_broken_fix"], errors
