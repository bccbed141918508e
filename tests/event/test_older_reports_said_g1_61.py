"""`tilelens check` of an event whose reports an older tilelens wrote (another ``runner.REPORT_FORMAT``, another
``report.PAGE_FORMAT``) reads every table again, and says why in one line (English, Japanese), as the Event page says
such reports are an older tilelens's; a table read again for its own photos is not said so."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, make_table  # noqa: E402

from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event import report, runner  # noqa: E402
from tilelens.event.runner import check_event  # noqa: E402


@pytest.fixture()
def exact(monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    return reader


def _event(reader: ExactReader, root: Path) -> Path:
    ev = root / "ev"
    for name in ("table-01", "table-02"):
        make_table(reader, ev, name, CLEAN)
    return ev


def _check(ev: Path, *more: str) -> int:
    return cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet", *more])


def _checked_by_an_older_tilelens(ev: Path, monkeypatch, capsys) -> None:
    with monkeypatch.context() as older:
        older.setattr(runner, "REPORT_FORMAT", str(int(runner.REPORT_FORMAT) - 1))
        older.setattr(report, "PAGE_FORMAT", report.PAGE_FORMAT - 1)
        assert _check(ev) == 0
    capsys.readouterr()


@pytest.mark.parametrize("lang, said", [("en", "2 tables were read again: their reports were written by an older "
                                                "tilelens"),
                                        ("ja", "2卓は写真を読み直しました。レポートが古い tilelens の書いたものだったためです")])
def test_tables_read_again_for_an_older_tilelens_say_so(exact, tmp_path, capsys, monkeypatch, lang, said):
    ev = _event(exact, tmp_path)
    _checked_by_an_older_tilelens(ev, monkeypatch, capsys)
    monkeypatch.setenv("TILELENS_LANG", lang)
    calls = exact.calls
    assert _check(ev) == 0
    assert exact.calls > calls  # read again: the photos
    out = capsys.readouterr().out
    assert [ln for ln in out.splitlines() if "older tilelens" in ln or "古い tilelens" in ln] == [said], out
    assert _check(ev) == 0  # kept now: nothing said
    assert "older tilelens" not in capsys.readouterr().out


def test_a_table_read_again_for_its_photos_is_not_said_older(exact, tmp_path, capsys):
    ev = _event(exact, tmp_path)
    assert _check(ev) == 0
    capsys.readouterr()
    exact.draw(ev / "table-02" / "seat3.png", CLEAN["3"], salt=7)  # a photo retaken
    assert _check(ev) == 0
    out = capsys.readouterr().out
    assert "older tilelens" not in out and "table-02 (read)" in out, out  # read again, for its photo


def test_one_table_said_in_the_singular(exact, tmp_path, capsys, monkeypatch):
    ev = tmp_path / "ev"
    make_table(exact, ev, "table-01", CLEAN)
    _checked_by_an_older_tilelens(ev, monkeypatch, capsys)
    assert _check(ev) == 0
    assert "1 table was read again: its report was written by an older tilelens" in capsys.readouterr().out
