"""What the score pages and the reader import before they need it (session 52, measured by a helper from a user's
seat: pandas and altair were ~0.7 s of CPU on a server's first page, scipy.optimize ~35% of a one-photo read, and the
font's path imported matplotlib). Each runs in a fresh interpreter, so nothing imported by other tests hides it."""
from __future__ import annotations

import subprocess
import sys

import pytest


def _imported(code: str, modules: tuple[str, ...]) -> dict[str, bool]:
    probe = f"{code}\nimport sys\nprint(*[m in sys.modules for m in {modules!r}])"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    return dict(zip(modules, (word == "True" for word in out), strict=True))


def test_the_score_pages_components_import_no_pandas_or_altair():
    code = ("import app.components.scoring, app.components.ledger_view, app.components.rules_view, "
            "app.components.result, app.components.photo")
    assert _imported(code, ("pandas", "altair")) == {"pandas": False, "altair": False}


def test_the_ledger_table_and_chart_still_draw_with_them():
    code = ("from app.components import ledger_view, rules_view\n"
            "from scorer import load_game\n"
            "rules_view.yaku_table(load_game('yokai-watch')); rules_view.tiles_table(load_game('tokyo-mahjong'))")
    assert _imported(code, ("pandas",)) == {"pandas": True}


@pytest.mark.parametrize("game", ["yokai-watch", "tokyo-mahjong"])
def test_loading_a_recognizer_does_not_import_scipy(game):
    code = f"from vision import Recognizer\nRecognizer.load(game={game!r})"
    assert _imported(code, ("scipy.optimize",)) == {"scipy.optimize": False}


def test_the_faces_font_is_found_without_matplotlib():
    code = "from vision.faces.draw import font_path\nassert font_path().suffix == '.ttf'"
    assert _imported(code, ("matplotlib",)) == {"matplotlib": False}
