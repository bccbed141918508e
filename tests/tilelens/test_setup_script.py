"""scripts/setup.sh (what `./dev app` and `./dev test` run first): it installs only what an earlier set-up has not.

No pip runs here: the set-up is run in a copy of the project whose .venv/bin/python is a stand-in that writes
down what it was asked to do."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETUP = ROOT / "scripts" / "setup.sh"


def project(tmp_path: Path) -> tuple[Path, str]:
    """A copy of what setup.sh reads, with a stand-in Python; returns it and the stamps' hash of its pins."""
    root = tmp_path / "project"
    (root / "scripts").mkdir(parents=True)
    shutil.copy(SETUP, root / "scripts" / "setup.sh")
    for name in ("pyproject.toml", "constraints.txt"):
        shutil.copy(ROOT / name, root / name)
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/../../asked.txt"\n')
    python.chmod(0o755)
    chromium = tmp_path / "bin" / "chromium"  # there already: the test set-up never reaches for apt-get
    chromium.parent.mkdir()
    chromium.write_text("#!/bin/sh\n")
    chromium.chmod(0o755)
    pins = hashlib.sha1((root / "pyproject.toml").read_bytes() + (root / "constraints.txt").read_bytes())
    return root, pins.hexdigest()[:12]


def set_up(root: Path, what: str) -> list[str]:
    """Run setup.sh WHAT there; the pip commands it ran."""
    asked = root / "asked.txt"
    asked.unlink(missing_ok=True)
    run = subprocess.run(["bash", str(root / "scripts" / "setup.sh"), what], capture_output=True, text=True,
                         timeout=60, env={"PATH": f"{root.parent / 'bin'}:/usr/bin:/bin", "HOME": str(root)})
    assert run.returncode == 0, run.stderr
    return asked.read_text().splitlines() if asked.exists() else []


def test_the_app_after_the_tests_installs_nothing(tmp_path):
    root, pins = project(tmp_path)
    (root / ".venv" / f".tilelens-app,train,test-{pins}").touch()  # `./dev test` set it up
    assert set_up(root, "app") == []  # it installed pip again, and tilelens with the app extra
    assert list((root / ".venv").glob(".tilelens-*")) == [root / ".venv" / f".tilelens-app,train,test-{pins}"]


def test_a_set_up_installs_within_the_constraints_what_no_earlier_one_installed(tmp_path):
    root, pins = project(tmp_path)
    (root / ".venv" / f".tilelens-app-{pins}").touch()  # `./dev app` set it up: the tests need more
    asked = set_up(root, "test")
    assert "-m pip install -q -c constraints.txt -e .[app,train,test]" in asked
    assert (root / ".venv" / f".tilelens-app,train,test-{pins}").is_file()
    assert set_up(root, "test") == [] and set_up(root, "app") == []
    # new pins: what was installed with the old ones covers nothing
    with (root / "constraints.txt").open("a") as f:
        f.write("# a pin changed\n")
    assert "-m pip install -q -c constraints.txt -e .[app]" in set_up(root, "app")


@pytest.mark.parametrize("stamps, wanted, covered", [
    (["app,train,test"], "app", True),
    (["app,train,test"], "app,train,test", True),
    (["app"], "app,train,test", False),
    ([], "app", False),
])
def test_the_decision_reads_the_extras_each_stamp_names(tmp_path, stamps, wanted, covered):
    root, pins = project(tmp_path)
    assert "covered()" in SETUP.read_text(), "setup.sh has no decision function to ask"
    for extras in stamps:
        (root / ".venv" / f".tilelens-{extras}-{pins}").touch()
    (root / ".venv" / ".tilelens-app,train,test-0123456789ab").touch()  # other pins: never counts
    run = subprocess.run(["bash", "-c", f'source scripts/setup.sh && covered "{wanted}" "{pins}"'], cwd=root,
                         capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin"})
    assert run.returncode == (0 if covered else 1), run.stderr
    assert not (root / "asked.txt").exists()  # sourcing it sets nothing up
