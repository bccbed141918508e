"""Session 67 (G8): small leftovers, each written once.

1. An exhaustive draw's count of players out of its table's is said by the game's span (``scorer.rules.played_by``,
   as a hand scored is): "players 5 must be 2, 3 or 4" named no game, and a table of three took a draw of four.
2. ``vision.melds`` folds a red five to its five by the catalog's one fold (``KIND34``), not by slicing its id.
3. A photo is named by one ``scorer.paths.PHOTO_NOUN`` where a loop of links is said.
4. The ledger's three cards a row on a phone are sized from ``common.COLUMN_GAP_PX``, as two a row are.
5. ``check_copies``' plain fives: the set's copies by ``copies_at_table``, the words unchanged.
6. A training run's ``--minutes`` budget is the loop's wall time, each epoch's checkpoint save included: `label teach`
   of 5 minutes on 6 photos ended "100% of 5 min (5.6 of about 5.3 min in all)", its hundreds of tiny epochs' saves
   (15 ms each here) unbudgeted; measured on 12 synthetic photos at --minutes 0.5: 33.1 s, 30.0 of them budgeted.
"""
from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from scorer import riichi
from scorer.riichi_hand import check_copies
from scorer.riichi_pay import exhaustive_draw
from scorer.riichi_rules import RiichiRules
from scorer.riichi_tiles import RiichiInputError, code_of
from test_written_once_g5_67 import sanma  # noqa: F401 - a fixture: a house Tokyo Mahjong of three seats

ROOT = Path(__file__).resolve().parent.parent


# --- 1. a draw's count of players ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, en, ja", [
    (5, "Tokyo Mahjong is played by 2-4 players, got 5", "「東京麻雀」は 2〜4人で遊びます。人数を 2〜4人にしてください (いま 5人)"),
    (1, "Tokyo Mahjong is played by 2-4 players, got 1", "「東京麻雀」は 2〜4人で遊びます。人数を 2〜4人にしてください (いま 1人)"),
    ("four", "Tokyo Mahjong is played by 2-4 players, got 'four'",
     "「東京麻雀」は 2〜4人で遊びます。人数を 2〜4人にしてください (いま 「four」)"),  # was a TypeError
])
def test_a_draws_count_out_of_the_table_is_said_by_the_games_span(players, en, ja):
    for draw in (exhaustive_draw, riichi.exhaustive_draw):
        with pytest.raises(RiichiInputError) as refused:
            draw(["east"], players=players)
        assert (str(refused.value), refused.value.message_ja) == (en, ja)


def test_a_table_of_three_refuses_a_draw_of_four_as_it_refuses_a_hand(sanma):
    with pytest.raises(RiichiInputError) as refused:
        riichi.exhaustive_draw(["east"], game=sanma, players=4)
    assert str(refused.value) == "Tokyo Mahjong is played by 2-3 players, got 4"
    with pytest.raises(RiichiInputError, match="played by 2-3 players, got 4"):
        exhaustive_draw(["east"], players=4, rules=RiichiRules(players=3))
    assert riichi.exhaustive_draw(["east"], game=sanma).deltas == {"east": 3000, "south": -1500, "west": -1500}


def test_a_draw_at_the_tables_count_is_settled_as_before():
    assert exhaustive_draw(["south"], players=2).deltas == {"east": -3000, "south": 3000}
    assert exhaustive_draw(["north"]).deltas["north"] == 3000
    assert exhaustive_draw(["west"], players=3).deltas == {"east": -1500, "south": -1500, "west": 3000}


# --- 2. a red five folded by the catalog ---------------------------------------------------------------------------

def test_melds_fold_a_red_five_by_the_catalogs_fold():
    from vision import melds
    from vision.melds import find_melds

    assert [melds._plain(t) for t in ("0m", "5m", "0p", "0s", "7z", "1s")] == ["5m", "5m", "5p", "5s", "7z", "1s"]
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2z", "2z"]
    row = [(i * 30, 0, i * 30 + 28, 40) for i in range(len(hand))]
    for shown, spec in ((["back", "0p", "5p", "back"], "ankan:0555p"), (["back", "5s", "0s", "back"], "ankan:5055s"),
                        (["0m", "5m", "5m"], "pon:055m"), (["4s", "0s", "6s"], "chi:406s")):
        boxes = row + [(400 + i * 30, 0, 428 + i * 30, 40) for i in range(len(shown))]
        assert [m.spec for m in find_melds(boxes, hand + shown)] == [spec]
    assert "tile_id[:1] == \"0\"" not in (ROOT / "vision" / "melds.py").read_text(encoding="utf-8")


# --- 3. one PHOTO_NOUN -------------------------------------------------------------------------------------------

def test_a_photo_is_named_by_one_noun():
    from scorer.paths import FOLDER_NOUN, PHOTO_NOUN

    assert PHOTO_NOUN == ("photo", "写真") and FOLDER_NOUN == ("folder", "フォルダ")
    for rel in ("vision/image_io.py", "tilelens/event/layout.py", "vision/synth/cli.py"):
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert '("photo", "写真")' not in text and "PHOTO_NOUN" in text, rel


# --- 4. three cards a row from the gap -----------------------------------------------------------------------------

def test_three_cards_a_row_are_sized_from_the_column_gap():
    from app.components import ledger_view
    from app.components.common import COLUMN_GAP_PX

    third = f"calc(33.3% - {COLUMN_GAP_PX * 2 / 3:.2f}px)"
    assert third == "calc(33.3% - 10.67px)"  # 0.67rem of the 16 px base: the numbers as they were
    css = ledger_view.totals_css(3)
    assert css.count(third) == 3 and "0.67rem" not in css
    assert third not in ledger_view.totals_css(4)
    result = doctest.testmod(ledger_view)
    assert result.attempted > 0 and result.failed == 0


# --- 5. check_copies' plain fives ----------------------------------------------------------------------------------

def test_four_plain_fives_are_refused_where_a_red_one_is_played_only():
    four = [[code_of("5m")] * 4]
    with pytest.raises(RiichiInputError) as refused:
        check_copies(four, True)
    assert str(refused.value) == ("too many plain 5 Man (5m): 4; the set has 3 (the fourth is the red five, "
                                  "Red 5 Man (0m))"), str(refused.value)
    assert refused.value.message_ja == "普通の 五萬が 4枚あります。セットには3枚です (4枚目は赤五萬)"
    check_copies(four, False)  # no red fives: the fourth plain five is the set's
    with pytest.raises(RiichiInputError, match="the set has 4"):
        check_copies([[code_of("5m")] * 5], False)


# --- 6. the budget is the loop's wall time ------------------------------------------------------------------------

def test_a_time_budget_counts_each_epochs_save(tmp_path, monkeypatch):
    """A clock that moves 1 s a training step and 10 s a checkpoint save: a run of 1 minute ends by the minute, its
    last step and final save (it counted 60 steps, 60 epochs, 660 s)."""
    import types

    import numpy as np
    import torch

    import vision.classifier_train as classifier_train
    from vision.classifier import ClassifierSpec
    from vision.cropset import CropSet

    clock = types.SimpleNamespace(now=1000.0)
    monkeypatch.setattr(classifier_train, "time", types.SimpleNamespace(monotonic=lambda: clock.now))
    loss, save, saves = classifier_train._loss, torch.save, []

    def stepped(*args, **kwargs):
        clock.now += 1.0
        return loss(*args, **kwargs)

    def saved(obj, path, *args, **kwargs):
        clock.now += 10.0
        saves.append(obj.get("elapsed"))
        return save(obj, path, *args, **kwargs)

    monkeypatch.setattr(classifier_train, "_loss", stepped)
    monkeypatch.setattr(torch, "save", saved)
    rng = np.random.default_rng(0)
    crops = CropSet(rng.integers(0, 255, (8, 32, 32, 3), np.uint8), np.arange(8) % 2, ["a", "b"],
                    np.array([f"p{i}.png" for i in range(8)]))
    spec = ClassifierSpec.for_classes(["a", "b"], [{}, {}], crop_size=32)
    begun = clock.now
    classifier_train.train(crops, spec, classifier_train.TrainConfig(minutes=1.0, batch=8, width=4, embed=8),
                           tmp_path / "run", progress=False, lang="en")
    assert clock.now - begun <= 60 + 1 + 10, clock.now - begun  # the budget, the step begun before it, the save
    assert len(saves) == 6 and saves[-1] == 56.0, saves  # 5 epochs of 11 s; the sixth begun at 55 s, saved at 56
