"""Session 67: a rendered scene shows no tile kind more often than its set holds, counting everything the scene
draws (the hand, called melds, and a training scene's extras: the discard pond). A new user's `tilelens synth --game
nogizaka --count 20 --out rendered/` made 000018.jpg with 2 almighty-green of a set that holds 1 (`label check
rendered/kinds --game nogizaka` warned more-than-the-set-holds): ``sample_hand`` capped the hand, but
``compose(..., extras=True)`` drew the pond's tiles from every kind with no regard to what the hand used."""
from __future__ import annotations

from collections import Counter

import pytest

from vision.faces.catalog import game_ids, synth_game
from vision.synth import layouts
from vision.synth.dataset import render_scene, write_dataset


class _Laid(Exception):
    """Stops a scene once laid out (before the drawing): its items."""


def _laid_out(game: str, seed: int, index: int, monkeypatch) -> list[layouts.Item]:
    def stop(items):
        raise _Laid(items)

    monkeypatch.setattr(layouts, "bounds", stop)
    with pytest.raises(_Laid) as laid:
        render_scene(game, seed, index, 64)
    return laid.value.args[0]


def _over(game: str, kinds: list[str]) -> dict[str, int]:
    copies = {t.id: t.copies for t in synth_game(game).tiles}
    return {k: n for k, n in Counter(k for k in kinds if k in copies).items() if n > copies[k]}


@pytest.mark.parametrize("game", game_ids())
def test_no_scene_lays_a_kind_beyond_its_copies(game, monkeypatch):
    """Every tile of the scene with a face (hand, pond, face down or hidden as it may be), 200 scenes a game."""
    over = {}
    for index in range(200):
        items = _laid_out(game, 0, index, monkeypatch)
        extra = _over(game, [it.tile_id for it in items if it.tile_id])
        if extra:
            over[index] = extra
    assert not over, over


def test_a_pond_keeps_the_scene_s_own_draws_where_none_goes_beyond(monkeypatch):
    """A pond's draw of a kind with no copy left becomes the next kind with one: the pond keeps its length (the
    scenes that were right render as before, their random draws unchanged), and training scenes keep their ponds."""
    ponds = 0
    for index in range(60):
        items = _laid_out("tokyo-mahjong", 3, index, monkeypatch)
        ponds += any(it.tile_id and not it.in_hand for it in items)
    assert ponds >= 5


def test_synth_count_20_of_nogizaka_labels_no_kind_beyond_its_copies(tmp_path):
    """A new user's command at a small size: the kinds/ view (what `label check --game` reads) and the scene records."""
    from tilelens.labelling.checks import check_dataset
    from tilelens.labelling.model import IssueKind

    out = tmp_path / "rendered"
    write_dataset("nogizaka", 20, out, seed=0, imgsz=64, workers=1, progress=False)
    report = check_dataset(out / "kinds", game="nogizaka")
    assert report.count(IssueKind.MORE_THAN_THE_SET) == 0, report.issues


@pytest.mark.parametrize("game", ["nogizaka", "hk-mahjong"])
def test_rendered_scenes_label_no_kind_beyond_its_copies(game):
    over = {}
    for index in range(20):  # nogizaka's 18 is the one a new user met
        scene = render_scene(game, 0, index, 64)
        extra = _over(game, [t.tile_id for t in scene.tiles])
        if extra:
            over[index] = extra
    assert not over, over
