"""benchmarks/*.py --help: the description is the docstring's whole first paragraph, not a line cut mid-sentence."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
# Every benchmark script with an argparse command line (cli_args.py is their shared helper, not a script).
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if "argparse.ArgumentParser" in p.read_text())


def test_the_scripts_are_found():
    names = {p.name for p in SCRIPTS}
    assert {"meld_reads.py", "event_threshold.py", "bench_event.py", "bench_read.py", "sideways_reads.py",
            "classifier_accuracy.py"} <= names and "cli_args.py" not in names


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_help_describes_the_script_in_its_whole_first_paragraph(script):
    first = ast.get_docstring(ast.parse(script.read_text())).split("\n\n")[0]
    run = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120,
                         cwd=BENCHMARKS.parent)
    assert run.returncode == 0, run.stderr
    # argparse fills the description to the terminal's width: compare the words, not the line breaks.
    words = " ".join(run.stdout.split())
    assert " ".join(first.split()) in words
    # ... and only that paragraph: the usage examples that follow it are not folded into the description.
    rest = ast.get_docstring(ast.parse(script.read_text())).split("\n\n")[1]
    assert " ".join(rest.split()) not in words
