"""`label init` under a house table (himetan graduated, sakura in her place) drops the proposals of a kind the table in
use lacks and says so on stderr. It named them by id in both languages ("himetan", joined with 、 in Japanese), where
the Label page and the never-learnt line name a kind by its Japanese name with its id: ひめたん (himetan)."""
from __future__ import annotations

import pytest
from PIL import Image

from label_helpers import OneTileReader, run
from test_label_house_table_cli_54 import home  # noqa: F401 - a fixture: the club's home, its house table


@pytest.mark.parametrize("lang, said", [("en", "proposals dropped, not tiles of nogizaka: himetan"),
                                        ("ja", "nogizaka の牌ではない提案は捨てました: ひめたん (himetan)")])
def test_label_init_names_the_dropped_kind_as_the_never_learnt_line_does(home, tmp_path, capsys, monkeypatch,  # noqa: F811
                                                                        lang, said):
    from tilelens.labelling import prelabel

    monkeypatch.setenv("TILELENS_LANG", lang)
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, **_: OneTileReader("himetan"))
    (tmp_path / "ds").mkdir()
    Image.new("RGB", (200, 100), (90, 140, 90)).save(tmp_path / "ds" / "a.jpg")
    code, _, err = run(capsys, "label", "init", tmp_path / "ds", "--game", "nogizaka")
    assert code == 0, err
    assert said in err.splitlines(), err
