"""A page asked for in the other language is drawn again from its report only where its game still loads: with the
check's game file gone since, its tiles would be named by their ids ("1. misa-senpai"), so the page is given as it
was written; with the game there, it is drawn in the language asked."""
from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.report import page_trusted  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def checked(tmp_path, monkeypatch):
    """An event checked in English with a club's game file (a copy of Nogizaka's), one table with a tile too many."""
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    monkeypatch.setenv("TILELENS_LANG", "en")
    game = tmp_path / "club" / "nogi2.toml"
    game.parent.mkdir()
    game.write_text((REPO / "scorer" / "games" / "nogizaka.toml").read_text(encoding="utf-8"), encoding="utf-8")
    root = tmp_path / "event"
    make_table(reader, root, "t1", dict(CLEAN, **{"2": CLEAN["2"] + ["rarin"]}))
    assert cli.main(["check", str(root), "--game", str(game), "--jobs", "1"]) == 1
    return root / "_report" / "t1", game


def _tiles_read(page: bytes) -> str:
    said = re.findall(r'class="tiles-read"[^>]*>(.{0,300})', page.decode("utf-8"))[0]  # the seat's
    return re.sub("<[^>]+>", "", said)


def test_a_page_whose_game_file_is_gone_is_given_as_written(checked):
    table, game = checked
    written = page_trusted(table)
    game.unlink()
    assert page_trusted(table, "ja") == written
    assert "Misa-senpai" in _tiles_read(written)


def test_with_its_game_there_the_page_is_drawn_in_the_language_asked(checked):
    table, _ = checked
    page = page_trusted(table, "ja")
    assert page.startswith(b'<!doctype html>\n<html lang="ja"') or b'<html lang="ja"' in page[:200], page[:200]
    assert "みさ先輩" in _tiles_read(page)
