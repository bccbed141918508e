"""benchmarks/bench_riichi.py builds its cases for any seed (a red five in a meld must find its tile)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_riichi.py"


@pytest.fixture(scope="module")
def bench():
    sys.path.insert(0, str(BENCH.parent))
    try:
        spec = importlib.util.spec_from_file_location("bench_riichi_50", BENCH)
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # the module's dataclass looks itself up there
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("bench_riichi_50", None)
        sys.path.remove(str(BENCH.parent))


@pytest.mark.parametrize("seed", range(12))
def test_make_cases_works_for_every_seed(bench, seed):
    cases = bench.make_cases(40, seed)
    assert len(cases) == 40
    for case in cases:
        assert bench.score_package(case).error is None


def test_a_red_five_in_a_meld_scores_with_the_package(bench):
    case = bench.Case("1m2m3m4p5p6p7z7z7z1z1z", "1z", ("pon:0m5m5m",), "1m", False, False, "east")
    assert bench.score_package(case).error is None
