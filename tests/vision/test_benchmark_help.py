"""benchmarks/*.py --help: the description is the docstring's whole first paragraph, not a line cut mid-sentence."""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
# Every benchmark script with an argparse command line (cli_args.py is their shared helper, not a script).
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if "argparse.ArgumentParser" in p.read_text())


@functools.lru_cache(maxsize=None)
def _help(script: Path) -> subprocess.CompletedProcess:
    """``script --help`` as a person runs it, run once per script for both tests that read its answer."""
    return subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120,
                          cwd=BENCHMARKS.parent)


def test_the_scripts_are_found():
    names = {p.name for p in SCRIPTS}
    assert {"meld_reads.py", "event_threshold.py", "bench_event.py", "bench_read.py", "sideways_reads.py",
            "classifier_accuracy.py"} <= names and "cli_args.py" not in names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_help_describes_the_script_in_its_whole_first_paragraph(script):
    first = ast.get_docstring(ast.parse(script.read_text())).split("\n\n")[0]
    run = _help(script)
    assert run.returncode == 0, run.stderr
    # argparse fills the description to the terminal's width: compare the words, not the line breaks.
    words = " ".join(run.stdout.split())
    assert " ".join(first.split()) in words
    # ... and only that paragraph: the usage examples that follow it are not folded into the description.
    rest = ast.get_docstring(ast.parse(script.read_text())).split("\n\n")[1]
    assert " ".join(rest.split()) not in words


SCRIPTS_ALL = sorted(p for p in BENCHMARKS.glob("*.py") if p.name != "cli_args.py")


@pytest.mark.parametrize("script", SCRIPTS_ALL, ids=lambda p: p.name)
def test_every_script_answers_help_with_its_usage_not_a_traceback(script):
    run = _help(script)
    assert run.returncode == 0 and run.stdout.startswith("usage:"), run.stderr
    assert "Traceback" not in run.stderr


def test_classifier_latency_names_a_model_that_is_not_there_in_one_line(tmp_path):
    script = BENCHMARKS / "classifier_latency.py"
    run = subprocess.run([sys.executable, str(script), str(tmp_path / "no.onnx")], capture_output=True, text=True,
                         timeout=120, cwd=BENCHMARKS.parent)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert str(tmp_path / "no.onnx") in run.stderr and len(run.stderr.strip().splitlines()) <= 3
