"""Session 63 (F2): `tilelens label init` said a photo it skipped by its name as it is, so a name holding a line
break broke the "skipped" line in two; now that name is said as the other name-printing lines say one
(``scorer.result.printable``: escaped, quoted), on one line, in English and in Japanese."""
from __future__ import annotations

import pytest

from tilelens.cli import main as tilelens

from label_helpers import FixedReader


@pytest.fixture
def fixed_reader(monkeypatch):
    from tilelens.labelling import prelabel

    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: FixedReader())


@pytest.mark.parametrize("lang, word", [("en", "skipped "), ("ja", "飛ばした写真: ")])
def test_a_skipped_photo_named_with_a_line_break_is_said_on_one_line(tmp_path, fixed_reader, cli_env, capsys,
                                                                      lang, word):
    cli_env(TILELENS_LANG=lang)
    d = tmp_path / "lab"
    d.mkdir()
    (d / "bad\nname.jpg").write_bytes(b"\xff\xd8 not a jpeg at all")
    try:
        code = tilelens(["label", "init", str(d), "--game", "nogizaka"])
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 1, err
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.startswith(word)]
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{word}'bad\\nname.jpg': "), lines[0]
    assert not any(line.startswith("name.jpg") for line in err.splitlines()), err  # no half a name on a line
