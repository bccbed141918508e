"""Fixtures for every test: the command line speaks English whatever the machine's locale (a Japanese
``LANG`` or ``TILELENS_LANG`` switches `tilelens` to Japanese: ``scorer.result.cli_lang``); the tests of the
Japanese command line choose their language themselves. Each test has a ``TILELENS_HOME`` of its own (``own_home``),
never the user's ``~/.tilelens``. At the root, not in tests/: under --doctest-modules a
tests/conftest.py clashed with tests/app/conftest.py (both imported as ``conftest``). Also the fixtures of test
folders that do not import each other: a new edition's game file and a models folder with fake tile sets taught for
it (the new-edition tests in tests/vision and tests/tilelens)."""
import json
import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def session_home(tmp_path_factory):
    """A ``TILELENS_HOME`` (not made yet) for what runs before a test's own (``own_home``): a module's or the
    session's fixture (test_event_browser's event checked once made the event report's key in ``~/.tilelens``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TILELENS_HOME", str(tmp_path_factory.mktemp("tilelens-home-session") / "home"))
        patch.delenv("TILELENS_LEDGER", raising=False)
        yield


@pytest.fixture(autouse=True)
def english_command_line(own_home, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "en")


@pytest.fixture(autouse=True)
def own_home(tmp_path_factory):
    """A ``TILELENS_HOME`` of its own for every test, not made yet, and no ``TILELENS_LEDGER`` from the environment
    (the app's ledger is the home's): no test writes to the user's ``~/.tilelens`` (the event report's key, a
    ledger, added games), nor reads what another test left there. The home is beside the test's ``tmp_path``, not in
    it: many tests take ``tmp_path`` itself for an event or a dataset folder, and a home made there (the event check
    makes its key) would be one more folder in it. ``tilelens.home.home_dir`` reads the variable each time (nothing
    keeps it from an import); the event key kept once a home (``tilelens.event.trust._KEYS``) is keyed by its path.

    Set with a patch of its own, before the test's ``monkeypatch`` is made (``english_command_line`` asks for this
    fixture first): a test, or a fixture of its own, that sets either variable still wins (tests/app/conftest.py's
    ``home``: ``tmp_path/home``), its value is undone first, and a test's ``monkeypatch.undo()`` keeps this home
    (it took the user's ``~/.tilelens`` back)."""
    home = tmp_path_factory.mktemp("tilelens-home") / "home"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TILELENS_HOME", str(home))
        patch.delenv("TILELENS_LEDGER", raising=False)
        yield home


LOCALE = ("TILELENS_LANG", "LC_ALL", "LC_MESSAGES", "LANG")  # what chooses the command line's language


@pytest.fixture
def stderr_a_terminal(capsys, monkeypatch):
    """Standard error taken for a terminal while capsys captures it: the commands draw their progress bars there
    (``vision.cli_args.bar_hidden`` hides them where standard error is a file or a pipe)."""
    import vision.cli_args

    monkeypatch.setattr(vision.cli_args, "is_terminal", lambda stream: True)


@pytest.fixture
def cli_env(monkeypatch):
    """No language chosen in the environment; ``cli_env(LANG=...)`` chooses one (the Japanese command line's
    tests)."""
    for key in LOCALE:
        monkeypatch.delenv(key, raising=False)

    def choose(**values: str) -> None:
        for key, value in values.items():
            monkeypatch.setenv(key, value)
    return choose


# --- a new edition (tiles no shipped classifier names) and tile sets taught for it -----------------------------
REPO = Path(__file__).resolve().parent
MODELS = REPO / "models"
HK = MODELS / "tilesets" / "hk-mahjong"
FRUITS = REPO / "tests" / "scorer" / "data" / "house-fruits.toml"


@pytest.fixture
def models(tmp_path, monkeypatch):
    """A models folder read by default: the shipped detector and classifiers (linked), no tile set."""
    root = tmp_path / "models"
    (root / "tilesets").mkdir(parents=True)
    for f in MODELS.iterdir():
        if f.is_file() and f.name.startswith(("classifier-", "detector")) and f.suffix in (".onnx", ".json"):
            (root / f.name).symlink_to(f)
    monkeypatch.setenv("TILELENS_MODELS", str(root))
    return root


@pytest.fixture
def edition(tmp_path):
    """The new edition's game file (house-fruits: no shipped classifier names an apple)."""
    path = tmp_path / "club" / "fruits.toml"
    path.parent.mkdir()
    shutil.copy(FRUITS, path)
    return path


def _fake_tileset(models: Path, name: str, game: str, stamp: int | None = None) -> Path:
    out = models / "tilesets" / name
    out.mkdir(parents=True)
    for f in ("classifier.onnx", "classifier.json"):
        shutil.copy(HK / f, out / f)
    meta = {"name": name, "game": game, "classifier": "classifier.onnx", "detector": None, "kinds": ["1m", "2m"]}
    (out / "tileset.json").write_text(json.dumps(meta), encoding="utf-8")
    if stamp is not None:
        os.utime(out / "tileset.json", (stamp, stamp))
    return out


@pytest.fixture
def taught():
    """``taught(models, name, game, stamp=None)``: a fake tile set ``name`` taught for ``game`` (hk-mahjong's model
    files under a ``tileset.json`` naming it), its tileset.json written at ``stamp`` (seconds) where given."""
    return _fake_tileset
