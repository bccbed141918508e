"""A red five photographed for a riichi house set without red fives reads as a sure plain five.

Some sets' fives are red yet played plain. The riichi classifier names such a five red (0p); the reader keeps to the
game's kinds (``vision.recognizer._not_of_game``), so the red five was never read, and the tile came out as 5p at a
confidence of about 0.12: its kind right, flagged for the player to check. The red five's probability, and its "red"
attribute's, are now its plain five's (``vision.classifier.decode``'s ``fold``): the tile reads as a sure 5p. The
standard set and sets with red fives read as before."""
from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from vision import CHECK_BELOW
from vision.classifier import ClassifierSpec, decode
from vision.recognizer import Recognizer, _not_of_game
from vision.synth import render_hand

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scorer"))
from test_house_copies_68 import NO_REDS, _house  # noqa: E402 - the house sets the scorer's tests make

MODELS = Path(__file__).resolve().parents[2] / "models"
RIICHI = ClassifierSpec.from_json((MODELS / "classifier-tokyo-mahjong.json").read_text(encoding="utf-8"))
HAND = "2m 3m 4m 4p 0p 6p 7s 8s 9s 1z 1z 5z 5z 5z".split()  # drawn with a red 5p: the set's five has a red face
FIVE = HAND.index("0p")


def _load(game: str) -> Recognizer:
    return Recognizer.load(game=game, threads=1, boxcheck=False, orient=False)


@pytest.fixture(scope="module")
def photo():
    return render_hand("tokyo-mahjong", HAND, seed=3).image


@pytest.fixture(scope="module")
def no_reds(tmp_path_factory):
    return _house(tmp_path_factory.mktemp("no-reds"), "no-reds", NO_REDS)


def _red_five_crop(n: int = 1) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The classifier's outputs for ``n`` crops of a red 5p, as the riichi classifier gives them: its kind head sure of
    0p (the plain 5p no likelier than any other kind), its heads of pins, 5 and red."""
    kind = np.full((n, len(RIICHI.classes)), 0.01 / (len(RIICHI.classes) - 1))
    kind[:, RIICHI.classes.index("0p")] = 0.99
    heads = {}
    for name, values in RIICHI.heads.items():
        sure = {"suit": "p", "rank": "5", "red": "yes"}[name]
        heads[name] = np.full((n, len(values)), 0.04 / (len(values) - 1))
        heads[name][:, values.index(sure)] = 0.96
    return kind, heads


# --- the reader: the game's kinds and the kinds read in their place ------------------------------------------------

def test_a_house_set_without_red_fives_reads_each_red_five_as_its_plain_five(no_reds):
    classifier = _load(str(no_reds.source)).classifier
    assert classifier.never == {"0m", "0p", "0s"}
    assert classifier.fold == {"0m": "5m", "0p": "5p", "0s": "5s"}


@pytest.mark.parametrize("copies", [{}, {"5p": 2, "0p": 2}, {"0m": 0, "0s": 0}],
                         ids=["standard copies", "two red 5p", "a red five in the pins alone"])
def test_a_set_with_red_fives_reads_them_as_before(tmp_path, copies):
    game = _house(tmp_path, "reds", copies)
    classifier = _load(str(game.source)).classifier
    assert not classifier.never and not classifier.fold
    assert not _load("tokyo-mahjong").classifier.fold


def test_a_kind_the_game_dropped_alike_on_every_attribute_is_not_read_as_another():
    """Two faces the same on every attribute (two idols of one type) are two faces: a table that dropped one still
    never reads her, and does not read her as the other either, surely."""
    tiles = [SimpleNamespace(id="a", attrs={"type": "cute"}), SimpleNamespace(id="c", attrs={"type": "cool"})]
    table = SimpleNamespace(tiles=tiles, attributes=["type"])
    not_of = _not_of_game(["a", "b", "c"], [{"type": "cute"}, {"type": "cute"}, {"type": "cool"}], table)
    assert not_of == {"b": ""}


def test_a_dropped_idol_told_apart_only_by_her_tiara_is_not_read_as_the_idol_kept():
    """A Cinderella house table without tiara tiles, one Cute Da idol kept: a tiara idol (abe-nana, Cute Da) differs
    from her only on the tiara, an attribute the table has one value of, yet is another face: never read as her."""
    import json

    from vision.detector import default_models_dir

    clf = json.loads((default_models_dir() / "classifier-cinderella-neo.json").read_text(encoding="utf-8"))
    kept = {"kohinata-miho": {"type": "cute", "status": "Da", "tiara": "no"},
            "kawashima-mizuki": {"type": "cool", "status": "Vo", "tiara": "no"}}
    table = SimpleNamespace(tiles=[SimpleNamespace(id=k, attrs=a) for k, a in kept.items()],
                            attributes=("type", "status", "tiara"))
    not_of = _not_of_game(clf["classes"], clf["class_attrs"], table)
    assert not_of.get("abe-nana") == "", not_of.get("abe-nana")
    assert not any(not_of.values()), {k: v for k, v in not_of.items() if v}


# --- the classifier's choice -----------------------------------------------------------------------------------------

def test_a_red_five_s_probability_is_its_plain_five_s():
    kind, heads = _red_five_crop()
    (masked,) = decode(RIICHI, kind, heads, never={"0m", "0p", "0s"})
    assert masked.kind == "5p" and masked.confidence["kind"] < CHECK_BELOW  # the control: masked alone, unsure
    (g,) = decode(RIICHI, kind, heads, fold={"0m": "5m", "0p": "5p", "0s": "5s"})
    assert g.kind == "5p" and g.attrs["red"] == "no"
    assert g.confidence["kind"] >= CHECK_BELOW
    assert g.confidence["red"] == pytest.approx(1.0)  # "yes" given to "no" once, not once a suit
    assert not {"0m", "0p", "0s"} & set(dict(g.alternatives))


def test_a_plain_tile_reads_as_before_with_the_red_fives_folded():
    kind, heads = _red_five_crop()
    kind[:] = kind[:, ::-1]  # another kind sure
    heads = {name: np.full_like(p, 1 / p.shape[1]) for name, p in heads.items()}
    plain = decode(RIICHI, kind, heads, never={"0m", "0p", "0s"})[0]
    folded = decode(RIICHI, kind, heads, fold={"0m": "5m", "0p": "5p", "0s": "5s"})[0]
    assert folded.kind == plain.kind and folded.kind not in ("5m", "5p", "5s")


# --- a photo ---------------------------------------------------------------------------------------------------------

def test_a_photographed_red_five_of_a_set_without_reads_as_a_sure_plain_five(photo, no_reds):
    standard = _load("tokyo-mahjong").read(photo)
    assert standard.kinds == HAND  # the control: the standard set reads its red five
    house = _load(str(no_reds.source)).read(photo)
    assert house.kinds == [k.replace("0", "5") for k in HAND]
    five = house.tiles[FIVE]
    assert five.confidence["kind"] >= CHECK_BELOW and five.confidence["red"] >= CHECK_BELOW
    for i, (a, b) in enumerate(zip(standard.tiles, house.tiles)):
        if i != FIVE:  # every other tile as sure as the standard set reads it
            assert a.confidence["kind"] == pytest.approx(b.confidence["kind"], abs=0.005)
