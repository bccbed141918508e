"""Session 63 (F2): a dataset folder whose name leaves only digits as a set name (妖怪セット2: "2") was offered the
tile set name "2", which names nothing; now the game's name with those digits (yokai-watch-set-2), as a name
with nothing left (妖怪セット) is offered the game's."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from app_helpers import label_teach_support

support = label_teach_support()


@pytest.mark.parametrize("folder, game, offered", [
    ("妖怪セット2", "yokai-watch", "yokai-watch-set-2"), ("妖怪セット 2-3", "yokai-watch", "yokai-watch-set-2-3"),
    ("妖怪セット2", None, "my-set-2"), ("妖怪セット", "yokai-watch", "yokai-watch-set"), ("Club Tiles 2", None, "club-tiles-2"),
    ("2024", "nogizaka", "nogizaka-set-2024")])
def test_a_folder_name_of_digits_alone_is_offered_with_the_games_name(tmp_path, monkeypatch, home, folder, game,
                                                                      offered):
    from app.components.teach_view import default_name
    from vision.enroll import NAME_RE

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / folder, {"a": ["1m", "1p"]})
    name = default_name(root, SimpleNamespace(tileset=None, game=game, names=("1m", "1p")))
    assert name == offered and NAME_RE.match(name)
