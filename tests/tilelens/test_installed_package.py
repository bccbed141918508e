"""tilelens installed as a user installs it (`pip install tilelens-0.1.0-py3-none-any.whl[app]`, not editable,
run from any folder): the wheel must hold every file the code opens at run time, where the code looks for it.

Installed that way, `tilelens read` said "no classifier for game 'tokyo-mahjong':
.../site-packages/models/classifier-tokyo-mahjong.onnx is missing": the wheel had no models at all. The wheel
and the sdist are built here by setuptools itself from a copy of the project (no pip, no install: seconds)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("tilelens", "scorer", "vision", "app")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")


def _copy_project(dest: Path) -> Path:
    """What a build reads: pyproject.toml, README.md, MANIFEST.in, the packages, models/ and the data files
    pyproject.toml installs beside them ([tool.setuptools.data-files])."""
    for name in ("pyproject.toml", "README.md", "MANIFEST.in"):
        if (ROOT / name).is_file():
            shutil.copy(ROOT / name, dest / name)
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    for name in [f for files in data_files.get("data-files", {}).values() for f in files]:
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, dest / name)
    for name in (*PACKAGES, "models"):
        shutil.copytree(ROOT / name, dest / name, ignore=SKIP)
    return dest


def _build(src: Path, out: Path, what: str) -> Path:
    """``setuptools.build_meta.build_<what>`` run in ``src``; the file it wrote."""
    out.mkdir()
    code = f"from setuptools import build_meta as b; print(b.build_{what}({str(out)!r}))"
    run = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    return out / run.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    src = _copy_project(tmp_path_factory.mktemp("project"))
    out = tmp_path_factory.mktemp("dist")
    return {"wheel": _build(src, out / "wheel", "wheel"), "sdist": _build(src, out / "sdist", "sdist")}


@pytest.fixture(scope="module")
def wheel_files(built) -> set[str]:
    with zipfile.ZipFile(built["wheel"]) as whl:
        return set(whl.namelist())


def _shipped_models_dir() -> Path:
    """Where the code looks for its models when TILELENS_MODELS is not set (beside the installed packages)."""
    from vision.detector import default_models_dir

    saved = os.environ.pop("TILELENS_MODELS", None)
    try:
        return default_models_dir()
    finally:
        if saved is not None:
            os.environ["TILELENS_MODELS"] = saved


def run_time_files() -> list[str]:
    """Every file the code opens from beside itself, as a path in the wheel: the shipped models and enrolled
    tile sets (``vision.detector.default_models_dir``), the game files (``scorer.catalog.GAMES_DIR``) and
    their schema, and the pictures tiles are drawn with (``vision.faces.riichi.ASSETS``)."""
    from scorer.catalog import GAMES_DIR
    from vision.faces.riichi import ASSETS

    models = _shipped_models_dir()
    files = [p for p in models.glob("*") if p.suffix in {".onnx", ".json", ".pt"}]
    files += [p for p in models.glob("tilesets/*/*") if p.is_file()]
    files += list(GAMES_DIR.glob("*.toml")) + list(GAMES_DIR.glob("*.md"))
    files += [p for p in ASSETS.rglob("*") if p.is_file()]
    return sorted(p.resolve().relative_to(ROOT).as_posix() for p in files)


def test_the_files_read_at_run_time_are_found_and_are_many():
    """The list below is not empty: the detector, the four games' classifiers, hk-mahjong and 34 faces."""
    files = run_time_files()
    assert "models/detector.onnx" in files and "models/tilesets/hk-mahjong/tileset.json" in files
    assert {f"models/classifier-{g}.onnx" for g in ("tokyo-mahjong", "nogizaka", "yokai-watch")} <= set(files)
    assert "scorer/games/nogizaka.toml" in files and "vision/assets/riichi-fluffystuff/Man1.png" in files


def test_the_wheel_holds_every_file_the_code_opens_at_run_time(wheel_files):
    missing = [f for f in run_time_files() if f not in wheel_files]
    assert not missing, f"{len(missing)} files the code reads are not in the wheel: {missing[:8]}"


def test_the_wheel_holds_every_file_of_the_packages(wheel_files):
    """A data file put beside the code later (a picture, a game file) ships with it, whatever its kind."""
    on_disk = [p.relative_to(ROOT).as_posix() for name in PACKAGES for p in (ROOT / name).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]
    missing = [f for f in on_disk if f not in wheel_files]
    assert not missing, missing[:8]


def test_the_wheel_is_the_app_and_its_models_only(built, wheel_files):
    """No tests, benchmarks, datasets, model card or journal: at most the size of the code and the files it reads
    (the data folder only the Hong Kong labels' corrections, installed outside the packages)."""
    tops = {name.split("/")[0] for name in wheel_files}
    assert tops == {*PACKAGES, "models", "tilelens-0.1.0.dist-info", "tilelens-0.1.0.data"}, tops
    assert [name for name in wheel_files if name.startswith("tilelens-0.1.0.data/")] == [_installed_corrections()[0]]
    needed = sum((ROOT / f).stat().st_size for f in run_time_files())
    code = sum(p.stat().st_size for name in PACKAGES for p in (ROOT / name).rglob("*.py"))
    assert built["wheel"].stat().st_size < needed + code  # about 19 MB, nearly all of it models
    assert not any(name.endswith(("MODEL_CARD.md", "JOURNAL.md")) for name in wheel_files)


def _installed_corrections() -> tuple[str, Path]:
    """The Hong Kong labels' corrections: where the wheel holds them (installed under the environment's data folder,
    where ``vision.hk_split.corrections_path`` looks), and the checkout's file."""
    from vision.hk_split import CORRECTIONS, INSTALLED_CORRECTIONS

    return f"tilelens-0.1.0.data/data/{INSTALLED_CORRECTIONS.as_posix()}", CORRECTIONS


def test_the_wheel_holds_the_hk_label_corrections_where_the_code_looks(built, wheel_files):
    """Installed, `tilelens eval --data hk-heldout` failed: the corrections it applies were left out of the wheel."""
    inside, checkout = _installed_corrections()
    assert inside in wheel_files
    with zipfile.ZipFile(built["wheel"]) as whl:
        assert whl.read(inside) == checkout.read_bytes()
    with tarfile.open(built["sdist"]) as sdist:  # a wheel built from the sdist holds it too
        assert "tilelens-0.1.0/" + checkout.relative_to(ROOT).as_posix() in sdist.getnames()


def test_the_wheel_installs_the_tilelens_command(built):
    with zipfile.ZipFile(built["wheel"]) as whl:
        entry = whl.read("tilelens-0.1.0.dist-info/entry_points.txt").decode()
    assert "[console_scripts]" in entry and "tilelens = tilelens.cli:main" in entry


def test_the_sdist_builds_a_wheel_with_the_models(built):
    """`pip install tilelens-0.1.0.tar.gz` builds the wheel from the sdist: it must carry the same files."""
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    missing = [f for f in run_time_files() if f not in names]
    assert not missing, missing[:8]


class Launched(Exception):
    """Streamlit would have started (in this process's place, or as a child where there is no exec)."""


def _no_launch(monkeypatch, app_cli) -> list:
    ran = []

    def launch(*args, **kwargs):
        ran.append((args[1], args[2]) if len(args) == 3 else (args[0], kwargs["env"]))
        raise Launched

    monkeypatch.setattr(app_cli.os, "execve", launch)
    monkeypatch.setattr(app_cli.subprocess, "call", launch)
    return ran


def test_the_app_command_runs_streamlit_with_the_apps_settings(monkeypatch, tmp_path):
    """`tilelens app` is how an installed app starts (there is no ./dev there): the app's main.py from the
    installed package, headless, with the settings `./dev app` reads from .streamlit/config.toml (run from
    another folder, streamlit found none: a "Deploy" button, "200MB per file", usage statistics sent)."""
    from tilelens import app_cli

    ran = _no_launch(monkeypatch, app_cli)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(Launched):
        app_cli.main(["--server.port", "8999"])
    cmd, env = ran[0]
    assert env["YOLO_OFFLINE"] == "1"
    assert cmd[:4] == [sys.executable, "-m", "streamlit", "run"]
    main_py = Path(cmd[4])
    assert main_py.is_file() and main_py == Path(__import__("app").__file__).parent / "main.py"
    flags = dict(zip(cmd[5::2], cmd[6::2]))
    assert flags["--server.headless"] == "true" and flags["--server.port"] == "8999"
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    for section, values in config.items():
        for key, value in values.items():
            assert flags[f"--{section}.{key}"] == str(value).lower(), (section, key)


def test_the_app_command_help_starts_nothing(monkeypatch, capsys):
    from tilelens import app_cli
    from tilelens.cli import main

    ran = _no_launch(monkeypatch, app_cli)
    assert main(["app", "--help"]) == 0 and not ran
    out = capsys.readouterr().out
    assert out.startswith("usage: tilelens app") and "--server.address 127.0.0.1" in out


@pytest.mark.parametrize("argv,package,wanted", [
    (["train", "classifier", "--game", "yokai-watch"], "torch", ["'torch==", "'ultralytics>=", "'onnx>="]),
    (["app"], "streamlit", ["'streamlit>="]),
])
def test_installed_without_the_repository_a_missing_package_names_what_to_pip_install(monkeypatch, capsys, tmp_path,
                                                                                       argv, package, wanted):
    """Installed from the wheel it said "install it with `scripts/setup.sh test` (or `.venv/bin/pip install -c
    constraints.txt -e '.[train]'`": neither is there. Nor is `pip install tilelens[train]` an answer: PyPI's
    `tilelens` is another project. The extra's own requirements, by name, are."""
    import tilelens.cli as cli
    from tilelens import app_cli

    monkeypatch.setattr(cli, "REPO_SETUP", tmp_path / "scripts" / "setup.sh")  # no repository around it

    def without(name):
        if name == "tilelens.app_cli":
            return app_cli
        raise ModuleNotFoundError(f"No module named {package!r}", name=package)

    monkeypatch.setattr(cli.importlib, "import_module", without)
    find_spec = app_cli.importlib.util.find_spec
    monkeypatch.setattr(app_cli.importlib.util, "find_spec", lambda name: None if name == package else find_spec(name))
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert f"needs the package {package!r}" in err and "`pip install " in err, err
    assert all(w in err for w in wanted), err
    assert "setup.sh" not in err and "constraints.txt" not in err and "pip install tilelens" not in err


def test_the_app_does_not_log_the_widget_value_duplication_warning():
    """The app sets widgets' values itself on purpose (``?lang=en`` opening a session, a hand set aside brought
    back); Streamlit logged "created with a default value but also had its value set via the Session State API"
    to the server's log each time the app started, a line nobody running it could act on."""
    from tilelens import app_cli

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["global"]["disableWidgetStateDuplicationWarning"] is True
    assert app_cli.SETTINGS["global.disableWidgetStateDuplicationWarning"] == "true"
