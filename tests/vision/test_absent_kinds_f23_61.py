"""Session 61 (F23): a tile set's absent kinds (``tileset.json``'s ``absent``: ``tilelens label kinds --absent``, a Hong
Kong set's red fives) are never read. A set taught from a dataset saying 0m 0p 0s are absent, on the tokyo-mahjong
base, kept those kinds as classes (their rows inherited from the base) and read "0m" on held-out photos (W5: 3 times);
``read --kinds`` passed it to ``score``, where a red five is a dora. The classifier's choice now leaves them out, the
first kind and the alternatives the photo page offers alike (``vision.classifier.decode``'s ``never``); the page's
"All tiles" picker (the game's tiles) is untouched. Kinds a set never learnt are still read: their rows come from the
base by id (``classifier_train``), and a set taught on a few kinds reads the others with them."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from vision.classifier import Classifier, ClassifierSpec, decode
from vision.recognizer import Recognizer, read_tileset_meta

MODELS = Path(__file__).resolve().parents[2] / "models"
RED_FIVES = ["0m", "0p", "0s"]


def _spec():
    return ClassifierSpec.for_classes(["5m", "0m", "6m"], [{"suit": "m", "rank": "5"}, {"suit": "m", "rank": "0"},
                                                          {"suit": "m", "rank": "6"}])


def _heads(n: int) -> dict[str, np.ndarray]:
    spec = _spec()
    return {name: np.full((n, len(values)), 1 / len(values)) for name, values in spec.heads.items()}


def test_an_absent_kind_is_never_the_kind_read_nor_an_alternative():
    kind = np.array([[0.20, 0.70, 0.10], [0.05, 0.05, 0.90]])  # the first looks most like a red five
    free = decode(_spec(), kind, _heads(2))
    assert free[0].kind == "0m"  # the control: read as a red five without the mask
    first, second = decode(_spec(), kind, _heads(2), top=3, never=frozenset({"0m"}))
    assert first.kind == "5m" and first.attrs["rank"] == "5"
    assert [k for k, _ in first.alternatives] == ["5m", "6m"]  # never offered, even with room for it
    assert first.confidence["kind"] == pytest.approx(0.20 / 0.30, abs=1e-3)  # the kinds it may be, weighed anew
    assert sum(p for _, p in first.alternatives) == pytest.approx(1.0, abs=1e-6)
    assert second.kind == "6m" and "0m" not in dict(second.alternatives)


def test_an_absent_kind_is_never_chosen_within_the_copies_either():
    kind = np.array([[0.10, 0.80, 0.10], [0.30, 0.60, 0.10]])  # two tiles look like a red five; one 5m held
    guesses = decode(_spec(), kind, _heads(2), copies={"5m": 1, "0m": 1, "6m": 1}, never=frozenset({"0m"}))
    assert "0m" not in [g.kind for g in guesses] and sorted(g.kind for g in guesses) == ["5m", "6m"]


def test_a_mask_of_every_class_or_of_none_leaves_the_reading_as_it_was():
    kind = np.array([[0.20, 0.70, 0.10]])
    plain = decode(_spec(), kind, _heads(1))
    for never in (frozenset(), frozenset({"9z"}), frozenset({"5m", "0m", "6m"})):
        assert decode(_spec(), kind, _heads(1), never=never) == plain


class _RedFiveSession:
    """A stand-in for a riichi classifier's session: every crop looks most like a red five (0m), then a 5m."""

    def __init__(self, spec: ClassifierSpec):
        self.spec = spec

    def get_outputs(self):
        names = ["kind", *(f"attr_{h}" for h in self.spec.heads), "embedding"]
        return [type("Output", (), {"name": n})() for n in names]

    def run(self, _names, feed):
        n = len(feed["crops"])
        kind = np.zeros((n, len(self.spec.classes)), np.float32)
        kind[:, self.spec.classes.index("0m")], kind[:, self.spec.classes.index("5m")] = 3.0, 2.0
        heads = [np.zeros((n, len(v)), np.float32) for v in self.spec.heads.values()]
        return [kind, *heads, np.ones((n, 4), np.float32)]


def test_a_classifier_told_the_absent_kinds_never_reads_them():
    spec = ClassifierSpec.from_json((MODELS / "classifier-tokyo-mahjong.json").read_text(encoding="utf-8"))
    img, box = np.full((60, 60, 3), 128, np.uint8), np.array([[10, 10, 40, 50]], np.float64)
    views = ((1.0, 0.0, 0.0),)
    assert Classifier(_RedFiveSession(spec), spec, "fake", views=views).classify(img, box)[0].kind == "0m"
    (g,) = Classifier(_RedFiveSession(spec), spec, "fake", views=views, never=RED_FIVES).classify(img, box, top=5)
    assert g.kind == "5m" and not set(RED_FIVES) & set(dict(g.alternatives))


def _riichi_set(models: Path, name: str, **meta) -> Path:
    """A set taught on the tokyo-mahjong base from a dataset naming every riichi kind (its classifier names the red
    fives), its ``tileset.json`` holding ``meta``."""
    folder = models / "tilesets" / name
    folder.mkdir(parents=True)
    for suffix in (".onnx", ".json"):
        shutil.copy(MODELS / f"classifier-tokyo-mahjong{suffix}", folder / f"classifier{suffix}")
    (folder / "tileset.json").write_text(json.dumps({"name": name, "game": "", "classifier": "classifier.onnx",
                                                     "detector": None, "base": "classifier-tokyo-mahjong.pt",
                                                     **meta}), encoding="utf-8")
    return folder


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LANG", "en")


def _read_red_five(rec: Recognizer):
    """What ``rec``'s classifier reads a crop as where its model leans to a red five (its session stood in for)."""
    clf = rec.classifier
    clf.session, clf.outputs = _RedFiveSession(clf.spec), [o.name for o in _RedFiveSession(clf.spec).get_outputs()]
    return clf.classify(np.full((60, 60, 3), 128, np.uint8), np.array([[10, 10, 40, 50]], np.float64), top=5)[0]


def test_a_set_saying_its_red_fives_absent_reads_none(home, models):
    _riichi_set(models, "club-hk", absent=RED_FIVES)
    for rec in (Recognizer.load(tileset="club-hk", boxcheck=False, orient=False),
                Recognizer.load(tileset="club-hk", game="tokyo-mahjong", boxcheck=False, orient=False)):
        g = _read_red_five(rec)
        assert g.kind == "5m" and not set(RED_FIVES) & set(dict(g.alternatives)), g
    _riichi_set(models, "with-reds")  # the control: a set saying nothing absent reads its red fives
    assert _read_red_five(Recognizer.load(tileset="with-reds", boxcheck=False, orient=False)).kind == "0m"


def test_kinds_a_set_never_learnt_are_still_read(home, models):
    # its photos showed no red five, but it says none absent: the base's row reads them, and a reading says them as
    # never learnt (``unlearnt_kinds``) rather than hiding them
    learnt = {k: 3 for k in ("1m", "2m", "5m")}
    _riichi_set(models, "few", learnt=learnt)
    rec = Recognizer.load(tileset="few", boxcheck=False, orient=False)
    assert _read_red_five(rec).kind == "0m" and "0m" in rec.unlearnt_kinds


def test_the_shipped_hong_kong_set_says_its_red_fives_absent_and_names_none():
    assert read_tileset_meta(MODELS / "tilesets" / "hk-mahjong")["absent"] == RED_FIVES
    spec = json.loads((MODELS / "tilesets" / "hk-mahjong" / "classifier.json").read_text(encoding="utf-8"))
    assert not set(RED_FIVES) & set(spec["classes"])  # nothing for the mask to change in its readings
