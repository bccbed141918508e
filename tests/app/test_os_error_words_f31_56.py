"""Session 56 (f31): a file that cannot be read or written, said by the app (``i18n.os_error_pair``).
1. A caller that names the file itself (the event page's 「`report.json`: ...」) says so (``named``), and the error
   does not name it again: it read 「`report.json`: report.json: 読み書きできません (No such file or directory)」.
2. The common errors are said in Japanese of their own on a Japanese screen, not with the system's English reason in
   brackets; an error of no Japanese of its own keeps the system's words, so that something says what went wrong."""
from __future__ import annotations

import doctest
import errno

import pytest
from app_helpers import open_page

from app.components import i18n

REPORT = "/x/t1/report.json"


def _err(code: int, path: str | None = REPORT) -> OSError:
    import os

    return OSError(code, os.strerror(code), path) if path else OSError(code, os.strerror(code))


# ---------------------------------------------------------------- 1. a file the caller names is not named again

def test_a_file_the_caller_names_is_not_named_again():
    """Before: there was no saying it: both lines began with the file."""
    en, ja = i18n.os_error_pair(FileNotFoundError(errno.ENOENT, "No such file or directory", REPORT), named=REPORT)
    assert (en, ja) == ("No such file or directory", "ファイルがありません")


def test_a_file_named_as_a_path_object_is_the_same_file():
    from pathlib import Path

    en, ja = i18n.os_error_pair(_err(errno.EACCES), named=Path(REPORT))
    assert REPORT not in en and REPORT not in ja and ja == "読み書きの許可がありません", (en, ja)


def test_the_file_is_named_where_the_caller_does_not_name_it_or_names_another():
    for named in (None, "/x/t1"):  # the folder named, the error of a file in it: the error's file said
        en, ja = i18n.os_error_pair(_err(errno.ENOENT), named=named)
        assert en == f"{REPORT}: No such file or directory" and ja == f"{REPORT}: ファイルがありません", (en, ja)


def test_os_error_text_passes_the_named_file_on(monkeypatch):
    monkeypatch.setattr(i18n, "lang", lambda: "ja")
    assert i18n.os_error_text(_err(errno.ENOENT), named=REPORT) == "ファイルがありません"
    assert i18n.os_error_text(_err(errno.ENOENT)) == f"{REPORT}: ファイルがありません"


# ---------------------------------------------------------------- 2. the common errors in Japanese of their own

@pytest.mark.parametrize("code, ja", [
    (errno.ENOENT, "ファイルがありません"),
    (errno.EACCES, "読み書きの許可がありません"),
    (errno.EPERM, "読み書きの許可がありません"),
    (errno.ENOSPC, "ディスクがいっぱいです"),
    (errno.EISDIR, "フォルダです (ファイルのあるべき所にフォルダがあります)"),
    (errno.ENOTDIR, "フォルダのあるべき所にファイルがあります"),
    (errno.EEXIST, "フォルダのあるべき所にファイルがあります"),
    (errno.EROFS, "読み取り専用のディスクです"),
    (errno.ENAMETOOLONG, "名前が長すぎます"),
])
def test_common_errors_are_said_in_japanese_without_the_systems_english(code, ja):
    """Before: 「読み書きできません (No such file or directory)」, 「読み書きする権限がありません (Permission denied)」..."""
    import os

    en, said = i18n.os_error_pair(_err(code))
    assert said == f"{REPORT}: {ja}", said
    assert os.strerror(code) not in said and os.strerror(code) in en


def test_the_kind_of_error_says_it_where_no_number_is_given():
    """An error raised with words alone (``PermissionError("...")``) is still said by its kind."""
    assert i18n.os_error_pair(PermissionError("no rights"))[1] == "読み書きの許可がありません"
    assert i18n.os_error_pair(FileNotFoundError("gone"))[1] == "ファイルがありません"


def test_an_error_of_no_japanese_of_its_own_keeps_the_systems_words():
    import os

    en, ja = i18n.os_error_pair(_err(errno.EIO))
    assert ja == f"{REPORT}: 読み書きできません ({os.strerror(errno.EIO)})" and en == f"{REPORT}: {os.strerror(errno.EIO)}"


def test_the_doctest_of_os_error_pair():
    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(i18n.os_error_pair, "os_error_pair", globs=vars(i18n)):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0


# ---------------------------------------------------------------- a Japanese screen

def test_the_rules_page_says_a_file_where_its_folder_must_go_in_japanese_alone(home):
    """Before: 「...: フォルダのあるべき所にファイルがあります (File exists)」 on a Japanese screen."""
    from app import settings

    (home / "home").mkdir(parents=True, exist_ok=True)
    (home / "home" / "games").write_text("a file where the folder must go", encoding="utf-8")
    at = open_page("rules", "yokai-watch", "ja")
    at.text_area(key="rules_text_yokai-watch").set_value(settings.game_text("yokai-watch") + "\n# ours\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    [error] = [e.value for e in at.error]
    assert "フォルダのあるべき所にファイルがあります" in error and "File exists" not in error, error
    assert "Not a directory" not in error, error
