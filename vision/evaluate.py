"""``tilelens eval``: detection, identity and latency of the recognizer on a labelled set, in one table.

Each system under test ("tilelens", and optionally the PyPI ``mahjong-detector`` side by side) reads
every photo once, timed from file to tiles; a second, untimed pass at a very low confidence gives the
ranked boxes that mAP needs (with the box check, each scored by both stages). Per-tile identity counts a
truth tile as right when a read tile overlaps it with IoU >= 0.5 and names its kind; a hand is exact when
every tile is right and nothing extra was read.
"""
from __future__ import annotations

import json
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np
from tqdm import tqdm

from vision.cli_args import progress_bar  # a bar where stderr is a terminal, lines in a log

from scorer.result import TilelensInputError, cli_lang, said_in
from vision.boxcheck import faces_not_nested
from vision.cli_args import named_path, positive_int, tileset_name
from vision.detections import Detections
from vision.data_yaml import read_data_yaml, split_images
from vision.eval_data import (HK_SETS, UNREADABLE, EvalDataError, LabelledImage, check_split, kindless_note,
                              load_eval_set)
from vision.eval_errors import (EXTRA, MARKED, MISSED, UNMARKED, WRONG_COUNT, ReadError, how_seen,
                                make_pictures_folder, photo_errors, write_error_pictures)
from vision.eval_metrics import DetectionTally, percentile_ms
from vision import CHECK_BELOW
from vision.synth.scene import MIN_READABLE

AP_CONF = 0.001  # the ranked list that mAP integrates over, as COCO and Ultralytics do

# What `tilelens eval` prints for a person, in each language (``scorer.result.cli_lang``: ``TILELENS_LANG=ja`` or a
# Japanese locale), filled in by ``_said``: the table's headings (``HEADS``, by column), its lines and notes. ``--json``
# (its keys, notes and warnings) and the pictures drawn are the same in both languages.
HEADS = {"en": {"system": "system", "images": "images", "tiles": "tiles", "precision": "P", "recall": "R",
                "map50": "map50", "map50_95": "map50_95", "identity": "identity", "hand_exact": "hand_exact",
                "latency_p50_ms": "latency_p50_ms", "latency_p95_ms": "latency_p95_ms"},
         "ja": {"system": "方式", "images": "写真", "tiles": "牌", "precision": "P", "recall": "R",
                "map50": "map50", "map50_95": "map50_95", "identity": "牌の正解率", "hand_exact": "手の完全一致",
                "latency_p50_ms": "遅延p50_ms", "latency_p95_ms": "遅延p95_ms"}}
WORDS: dict[str, dict[str, str]] = {
    "en": {"data": "data: {data} ({n} image{s})", "warning": "warning: {text}",
           "data_split": "data: {data}, its {split} split ({n} image{s}; {more}: --split {others} reads them)",
           "more": "{n} more in {split}", "more_next": ", {n} in {split}", "or": " or ",
           "kindless": "detector only (the labels name no tile kinds: {what}'s classifier is not measured)",
           "left_out": "{n} photo{s} {has} no label file and {is_are} left out (first: {first})",
           "unreadable": "{n} photo{s} cannot be read and {is_are} left out ({first}{more})",
           "unreadable_more": "; {n} more",
           "bar": "eval {name}", "unit": "img",
           "detection_only": "detection only (no classifier for this set)",
           "with_classifier": "detector + classifier ({what})",
           "no_set_limit": ", each tile named on its own (--no-set-limit)",
           "within_copies": ", kinds chosen within the set's copies", "boxcheck": ", box check", "file": "; {name}",
           "mahjong_detector": "PyPI mahjong-detector 0.0.6, its own threshold 0.5; no flowers in its classes",
           "wrong": "of the {wrong} photo{s} not read exactly, {count} read a wrong number of tiles (a hand of known "
                    "size then fails its count), {marked} mark a wrong tile for a check (confidence under {below:g}), "
                    "{unmarked} {is_are} wrong with nothing marked",
           "is": "is", "are": "are",
           "learnt_unknown": "tile set {name} does not record which photos it learned from (enrolled before that was "
                             "recorded): cannot tell whether these {n} photos are among them; enrol it again to know",
           "learnt_unknown_one": "tile set {name} does not record which photos it learned from (enrolled before that "
                                 "was recorded): cannot tell whether this photo is among them; enrol it again to know",
           "learnt": "{k} of {n} photo{s} measured {is_a} tile set {name} learned from: these figures overstate how it "
                     "reads new photos",
           "hidden": "identity and hand_exact leave out the names of {n} tiles with under {share:.0%} of their face in "
                     "view (their boxes still count for P, R and mAP)",
           "hidden_one": "identity and hand_exact leave out the name of {n} tile with under {share:.0%} of its face in "
                         "view (its box still counts for P, R and mAP)",
           "not_exact": "{name}: {k} of {n} photo{s} not read exactly",
           "how_met": " (how a person would meet each: a wrong count, a wrong tile marked, or nothing marked)",
           "seen": "[{seen}] ",
           "pictures": "{name}: {n} picture{s} of the photos not read exactly in {folder}"},
    "ja": {"data": "データ: {data} (写真 {n}枚)", "warning": "警告: {text}",
           "data_split": "データ: {data} の {split} の分割 (写真 {n}枚。{more}: --split {others} で読みます)",
           "more": "ほかに {split} に {n}枚", "more_next": "、{split} に {n}枚", "or": " か ",
           "kindless": "検出のみ (ラベルが牌の種類を示していないので、{what} の分類器は測っていません)",
           "left_out": "写真 {n}枚にはラベルのファイルがないので外しました (最初: {first})",
           "unreadable": "写真 {n}枚は読めないので外しました ({first}{more})",
           "unreadable_more": "。ほかに {n}枚",
           "bar": "評価 {name}", "unit": "枚",
           "detection_only": "検出のみ (このセットの分類器がありません)",
           "with_classifier": "検出器 + 分類器 ({what})",
           "no_set_limit": "、牌を1枚ずつ名付け (--no-set-limit)",
           "within_copies": "、種類はセットの枚数の中から選択", "boxcheck": "、枠の確認あり", "file": "。検出器: {name}",
           "mahjong_detector": "PyPI の mahjong-detector 0.0.6、そのしきい値 0.5。花牌の種類はありません",
           "wrong": "正しく読めなかった写真 {wrong}枚のうち、牌の数を間違えたもの {count}枚 (枚数の決まった手なら数の確認"
                    "で分かる)、間違った牌に確認の印が付いたもの {marked}枚 (信頼度 {below:g} 未満)、印なしで間違えた"
                    "もの {unmarked}枚",
           "is": "", "are": "",
           "learnt_unknown": "牌セット {name} はどの写真から学習したかを記録していません (記録する前に登録されました): この"
                             "写真 {n}枚が含まれるかは分かりません。登録し直すと分かります",
           "learnt": "測った写真 {n}枚のうち{k}枚は牌セット {name} が学習した写真です: この数字は新しい写真の読みを"
                     "実際より良く見せます",
           "hidden": "牌の正解率と手の完全一致は、顔が {share:.0%} 未満しか見えない牌 {n}枚の名前を数えません (枠は P、"
                     "R、mAP に数えます)",
           "not_exact": "{name}: 写真 {n}枚のうち{k}枚を正しく読めませんでした",
           "how_met": " (それぞれ人がどう気づくか: 牌の数の間違い、印の付いた間違い、印なしの間違い)",
           "seen": "[{seen}] ",
           "pictures": "{name}: 正しく読めなかった写真の図 {n}枚を {folder} に描きました"},
}
# How a person meets a photo read wrongly (``vision.eval_errors.how_seen``), in Japanese.
SEEN_JA = {WRONG_COUNT: "牌の数の間違い", MARKED: "印あり", UNMARKED: "印なし"}


_said = partial(said_in, WORDS)  # ``WORDS[lang][key]`` filled in, by default in the command line's language


def said_counted(key: str, lang: str | None, n: int, **values) -> str:
    """``_said`` of a line counting ``n`` things: its ``KEY_one`` where ``n`` is 1 and the language has one
    (English's singular; Japanese has no plural: one line for any count)."""
    lang = lang or cli_lang()
    one = f"{key}_one"
    return _said(one if n == 1 and one in WORDS[lang] else key, lang, n=n, **values)


@dataclass(frozen=True)
class Reading:
    """What a system made of one photo: its timed read and the low-confidence boxes for AP."""

    seconds: float
    kept: Detections  # boxes the system reports (its own confidence threshold)
    kinds: list[str] | None  # tile id of each kept box, when the system names tiles
    ranked: Detections  # all boxes down to AP_CONF, detector classes
    sureness: list[float] | None = None  # the reader's confidence in each name it gave, when it gives one


class TilelensSystem:
    """The shipped detector, plus the classifier (``vision.Recognizer``) when one can be loaded."""

    name = "tilelens"

    def __init__(self, game: str | None, tileset: str | None, detector_path: Path | None = None,
                 boxcheck: bool = True, set_limit: bool = True):
        from vision.detector import Detector
        from vision.recognizer import default_models_dir, load_boxcheck

        self.recognizer = None
        notes = ["detection_only"]  # ``note`` (as --json writes it) and ``note_ja``: these, said in a language
        if game or tileset:  # named: a set that cannot be loaded is said (not measured as detection only)
            from vision import Recognizer

            # the detector under test also does the reading
            self.recognizer = Recognizer.load(game=game, tileset=tileset, detector=detector_path,
                                              boxcheck=boxcheck, set_limit=set_limit)
            notes = ["with_classifier"]
            if not set_limit:
                notes.append("no_set_limit")
            elif self.recognizer.copies:
                notes.append("within_copies")
        self.detector = self.recognizer.detector if self.recognizer else Detector.load(detector_path)
        self.boxcheck = (self.recognizer.boxcheck if self.recognizer
                         else load_boxcheck(boxcheck, default_models_dir()))
        if self.boxcheck is not None:
            notes.append("boxcheck")
        # which file read: the int8 detector or the float one
        self._what, self._file = tileset or game, self.detector.path.name if self.detector.path is not None else ""
        self._say(notes)

    def _say(self, notes: list[str]) -> None:
        self.note, self.note_ja = ("".join(_said(n, lang, what=self._what) for n in notes)
                                   + (_said("file", lang, name=self._file) if self._file else "")
                                   for lang in ("en", "ja"))

    def measured_detection_only(self) -> None:
        """Say in ``note`` that only the detector is measured: the labels name no tile kinds, so what the
        classifier loaded names is not scored (it said "detector + classifier" over identity "-")."""
        self._say(["kindless"] + ["boxcheck"] * (self.boxcheck is not None))

    def read(self, path: Path) -> Reading:
        """Read a photo as ``tilelens read`` and the app do (shrunk to ``READ_SIDE``); boxes in its own
        pixels, where the labels stand."""
        from vision import READ_SIDE
        from vision.image_io import load_image_sized

        t0 = time.perf_counter()
        img, size = load_image_sized(path, max_side=READ_SIDE)
        if self.recognizer is not None:
            reading = self.recognizer.read(img)
            seconds = time.perf_counter() - t0
            tiles = reading.tiles
            kept = Detections(np.array([t.xyxy for t in tiles], np.float32).reshape(-1, 4),
                              np.array([t.confidence.get("detection", 1.0) for t in tiles]),
                              np.array([1 if t.is_back else 0 for t in tiles]))
            kinds = ["back" if t.is_back else t.kind for t in tiles]
            sureness = [t.confidence.get("kind", t.confidence.get("detection", 1.0)) for t in tiles]
        else:
            kept = self.detector.detect(img, zoom=True)
            if self.boxcheck is not None and len(kept):
                kept = self.boxcheck.filter(img, kept)
            seconds = time.perf_counter() - t0
            kinds = sureness = None
        sx, sy = size[0] / img.shape[1], size[1] / img.shape[0]
        return Reading(seconds, kept.scaled(sx, sy), kinds, self.ranked(img).scaled(sx, sy), sureness)

    def ranked(self, img: np.ndarray) -> Detections:
        """Every box down to ``AP_CONF``; with a box check, each scored ``confidence * (1 - p(none))``,
        the two stages' joint belief that the box holds a tile, less the face boxes lying inside a surer
        one that the reader keeps (as ``BoxCheck.filter`` drops them)."""
        boxes = self.detector.detect(img, conf=AP_CONF, zoom=True)
        if self.boxcheck is None or not len(boxes):
            return boxes
        p_none = self.boxcheck.none_prob(img, boxes.xyxy)
        score = boxes.confidence * (1.0 - p_none)
        read = (boxes.confidence >= self.detector.conf) & self.boxcheck.keeps(p_none)
        return Detections(boxes.xyxy, score, boxes.class_id)[faces_not_nested(boxes, score, suppressors=read)]


def _check_kinds(items: list[LabelledImage], system: TilelensSystem, what: str | None) -> None:
    """``EvalDataError`` when the labels name kinds the reader cannot name (a data.yaml written with the
    tiles' Japanese names, or a set of another game): each of their tiles was counted a misreading."""
    if system.recognizer is None or not any(it.kinds for it in items):
        return
    known = set(system.recognizer.classifier.spec.classes)
    foreign = sorted({k for it in items for k in (it.kinds or ()) if k not in known} - {"back", UNREADABLE})
    if foreign:
        named = f"{', '.join(foreign[:5])}{' ...' if len(foreign) > 5 else ''}"
        tileset = getattr(system.recognizer, "tileset", "")
        if tileset:  # a tile set's kinds are its own: `tilelens games` lists none of them
            kinds = ", ".join(system.recognizer.classifier.spec.classes)
            raise EvalDataError(f"the labels name {len(foreign)} kind{'' if len(foreign) == 1 else 's'} that tile set "
                                f"{tileset} does not know: "
                                f"{named} (it knows {kinds}; a data.yaml's names must be among them, or enrol the "
                                f"set again from photos that show those kinds)",
                                f"ラベルに、牌セット {tileset} が覚えていない種類が {len(foreign)}個あります: "
                                f"{named} (このセットが覚えているのは {kinds}。data.yaml の names はこの中から付けるか、"
                                f"その牌の写った写真で牌セットを覚えさせ直してください)")
        raise EvalDataError(f"the labels name {len(foreign)} kind{'' if len(foreign) == 1 else 's'} that "
                            f"{'is not a tile' if len(foreign) == 1 else 'are not tiles'} of {what}: "
                            f"{named} (a data.yaml's names must be its tile ids, as `tilelens games` lists them)",
                            f"ラベルに {what} の牌でない種類が {len(foreign)}個あります: {named} (data.yaml の names は"
                            f"牌の id にしてください。`tilelens games` が一覧にします)")


def compare_install() -> tuple[str, str]:
    """How to install ``mahjong-detector`` at the version the suite passed with (it comes with the test extra, which
    the app's set-up leaves out), in English and Japanese: the project's set-up in the repository; installed from a
    wheel, a pinned `pip install` (as ``tilelens.cli._install_hint`` says a missing training package)."""
    from tilelens.cli import REPO_SETUP

    if REPO_SETUP.is_file():
        return (", which comes with the test extra: install it with `scripts/setup.sh test` (or "
                "`.venv/bin/pip install -c constraints.txt -e '.[test]'`)",
                " (test の追加パッケージ): `scripts/setup.sh test` で入れてください")
    from importlib.metadata import PackageNotFoundError, requires

    try:
        wanted = [r.split(";")[0].replace(" ", "") for r in requires("tilelens") or []]
    except PackageNotFoundError:
        wanted = []
    pinned = next((r for r in wanted if r.startswith("mahjong-detector")), "mahjong-detector==0.0.6")
    return f": install it with `pip install '{pinned}'`", f": `pip install '{pinned}'` で入れてください"


class MahjongDetectorSystem:
    """The PyPI package ``mahjong-detector`` (a riichi tile detector shipping its own ONNX model),
    run with the same thread settings as ours; its class names mapped to mpsz."""

    name = "mahjong-detector"
    HONOURS = {"tou": "1z", "nan": "2z", "sha": "3z", "pe": "4z", "haku": "5z", "hatsu": "6z", "chun": "7z"}

    def __init__(self):
        import importlib

        try:
            # by module path: the package's __init__ shadows the submodule name `predict` with a function
            mp = importlib.import_module("mahjong_detector.predict")
            pre = importlib.import_module("mahjong_detector.preprocess")
        except ImportError:
            how, how_ja = compare_install()
            raise TilelensInputError(f"--compare mahjong-detector needs the package 'mahjong-detector'{how}",
                                     f"--compare mahjong-detector にはパッケージ 'mahjong-detector' が要ります{how_ja}"
                                     ) from None
        from vision.onnx_session import open_session

        self._mp, self._pre = mp, pre
        self.session = open_session(mp.model_path, 2, lambda why: TilelensInputError(
            f"mahjong-detector's model {mp.model_path} cannot be loaded ({why})",
            f"mahjong-detector のモデル {mp.model_path} を読み込めません ({why})"))
        self.kind_of = [self.HONOURS.get(n, n) for n in mp.CLASS_NAMES]
        self.note, self.note_ja = (_said("mahjong_detector", lang) for lang in ("en", "ja"))

    def _boxes(self, raw, padding, conf: float) -> tuple[Detections, list[str]]:
        found = self._mp.postprocess(raw, padding, len(self._mp.CLASS_NAMES), conf_threshold=conf)
        xyxy = np.array([[d.x1, d.y1, d.x2, d.y2] for d in found], np.float32).reshape(-1, 4)
        det = Detections(xyxy, np.array([d.confidence for d in found]), np.zeros(len(found), int))
        return det, [self.kind_of[d.class_id] for d in found]

    def read(self, path: Path) -> Reading:
        from PIL import Image

        t0 = time.perf_counter()
        with Image.open(path) as im:
            img, padding = self._pre.preprocess_image(im)
        blob = self._mp.create_input_tensor(img)
        raw = self.session.run(None, {self.session.get_inputs()[0].name: blob})[0][0]
        kept, kinds = self._boxes(raw, padding, 0.5)
        seconds = time.perf_counter() - t0
        return Reading(seconds, kept, kinds, self._boxes(raw, padding, AP_CONF)[0])


@dataclass
class Scores:
    """Running totals of one system over a set, and what went wrong in each photo not read exactly."""

    tally: DetectionTally = field(default_factory=DetectionTally)
    hits: int = 0
    tiles: int = 0
    exact: int = 0
    hands: int = 0
    unreadable: int = 0  # truth tiles whose face cannot be read: found or missed, never named
    # the photos not read exactly, by whether a person would notice: a wrong number of tiles read (a hand
    # of known size then fails its count), a wrong tile marked for a check (``ReadError.marked``), or neither
    wrong_count: int = 0
    wrong_marked: int = 0
    wrong_unmarked: int = 0
    marks: bool = True  # False when a reading gave no confidence per name (nothing can be marked)
    seconds: list[float] = field(default_factory=list)
    errors: dict[str, tuple[Detections, list[ReadError]]] = field(default_factory=dict)  # path -> truth, errors

    def add(self, item: LabelledImage, r: Reading) -> None:
        self.tally.add(r.ranked, item.truth)  # mAP from the ranked boxes; P/R come from the kept ones
        self.seconds.append(r.seconds)
        if item.kinds is None or r.kinds is None:
            return
        self.marks &= r.sureness is not None
        hit, errors = photo_errors(item.truth, item.kinds, r.kept, r.kinds, r.sureness)
        named = np.array([k != UNREADABLE for k in item.kinds], bool)  # a hidden face's name is not scored
        self.hits += int(hit[named].sum())
        self.tiles += int(named.sum())
        self.unreadable += int((~named).sum())
        self.hands += 1
        # every named tile right, nothing read that is no tile and no tile missed, a hidden face included (a
        # missed hidden face and a stray box elsewhere are two errors, not a count that matches)
        exact = bool(hit[named].all() and not any(e.what in (MISSED, EXTRA) for e in errors))
        self.exact += int(exact)
        if not exact:
            self.errors[str(item.image_path)] = (item.truth, errors)
            seen = how_seen(errors)
            self.wrong_count += seen == WRONG_COUNT
            self.wrong_marked += seen == MARKED
            self.wrong_unmarked += seen == UNMARKED

    def row(self, kept_tally: DetectionTally) -> dict[str, float | int | None]:
        det = self.tally.summary()
        pr = kept_tally.summary()
        return {"images": len(self.seconds), "tiles": det["truth_boxes"],
                "precision": pr["precision"], "recall": pr["recall"],
                "map50": det["map50"], "map50_95": det["map50_95"],
                "identity": self.hits / self.tiles if self.tiles else None, "unreadable": self.unreadable,
                "hand_exact": self.exact / self.hands if self.hands else None,
                "wrong_count": self.wrong_count if self.hands else None,
                "wrong_marked": self.wrong_marked if self.hands and self.marks else None,
                "wrong_unmarked": self.wrong_unmarked if self.hands and self.marks else None,
                "latency_p50_ms": percentile_ms(self.seconds, 50),
                "latency_p95_ms": percentile_ms(self.seconds, 95)}


def evaluate(items: list[LabelledImage], system) -> dict[str, float | int | None]:
    """Run one system over a labelled set; return its row of figures."""
    return evaluate_with_errors(items, system)[0]


def evaluate_with_errors(items: list[LabelledImage], system, lang: str | None = None
                         ) -> tuple[dict, dict[str, tuple[Detections, list[ReadError]]]]:
    """Run one system over a labelled set; return its row of figures and, for each photo whose tiles it did
    not read exactly, its truth boxes and what went wrong (``vision.eval_errors.photo_errors``). The progress
    bar speaks ``lang`` (default: the command line's)."""
    scores, kept = Scores(), DetectionTally(conf_threshold=0.0)
    system.read(items[0].image_path)  # warm-up: first-run allocations are not what a user waits for
    for item in progress_bar(items, desc=_said("bar", lang, name=system.name), unit=_said("unit", lang), lang=lang,
                             leave=False, bar=tqdm):
        r = system.read(item.image_path)
        scores.add(item, r)
        kept.add(r.kept, item.truth)
    return scores.row(kept), scores.errors


def wrong_summary(row: dict, lang: str = "en") -> str:
    """How the photos not read exactly would meet a person, in words ("" when every photo was exact or the
    system gives no confidence per name).

    >>> wrong_summary({"wrong_count": 2, "wrong_marked": 3, "wrong_unmarked": 1})
    'of the 6 photos not read exactly, 2 read a wrong number of tiles (a hand of known size then fails its count), 3 mark a wrong tile for a check (confidence under 0.8), 1 is wrong with nothing marked'
    """
    if row.get("wrong_marked") is None:
        return ""
    wrong = row["wrong_count"] + row["wrong_marked"] + row["wrong_unmarked"]
    if not wrong:
        return ""
    unmarked = row["wrong_unmarked"]
    return _said("wrong", lang, wrong=wrong, count=row["wrong_count"], marked=row["wrong_marked"], below=CHECK_BELOW,
                 unmarked=unmarked, is_are=_said("is" if unmarked == 1 else "are", lang), s=_s(wrong))


def _s(n: int) -> str:
    """The plural ending of an English count: "1 photo", "2 photos"."""
    return "" if n == 1 else "s"


def _learnt_digests(meta: dict) -> set[str] | None:
    """The content digests of the photos a tile set learned from (``tileset.json``'s ``photos_sha256``,
    written by ``vision.enroll``; the shipped hk-mahjong's written for its enrolment part), None when it does
    not record them (enrolled before they were recorded)."""
    recorded = meta.get("photos_sha256")
    return {str(d) for d in recorded} if isinstance(recorded, list) else None


def learnt_photos(items: list[LabelledImage], tileset: str, models: Path) -> dict:
    """How many of the photos measured (``items``) the enrolled tile set ``tileset`` in ``models`` learned
    from, known by content (a copied or moved folder's photos too): ``{"tileset", "photos", "learnt"}``,
    ``learnt`` None when the set does not record which photos it learned from."""
    from vision.data_yaml import photo_sha256
    from vision.detector import find_tileset
    from vision.recognizer import read_tileset_meta

    folder = find_tileset(tileset, models) or Path(models) / "tilesets" / tileset  # a user's own set too
    learnt = _learnt_digests(read_tileset_meta(folder))
    count = None if learnt is None else sum(photo_sha256(it.image_path) in learnt for it in items)
    return {"tileset": tileset, "photos": len(items), "learnt": count}


def learnt_words(learnt: dict, lang: str = "en") -> str:
    """:func:`learnt_photos`'s finding in a line ("" when none of the photos measured was learned from).

    >>> learnt_words({"tileset": "s", "photos": 12, "learnt": 12})
    '12 of 12 photos measured are photos tile set s learned from: these figures overstate how it reads new photos'
    """
    name, n, k = learnt["tileset"], learnt["photos"], learnt["learnt"]
    if k is None:
        return said_counted("learnt_unknown", lang, n, name=name)
    if not k:
        return ""
    return _said("learnt", lang, k=k, n=n, s="" if n == 1 else "s", is_a="is a photo" if k == 1 else "are photos",
                 name=name)


def _fmt(v) -> str:
    if v is None or (isinstance(v, float) and np.isnan(v)):
        return "-"
    return f"{v:.3f}" if isinstance(v, float) and v <= 1.0 else (f"{v:.1f}" if isinstance(v, float) else str(v))


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a wide (Japanese) character two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _ljust(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def format_table(rows: dict[str, dict], lang: str = "en") -> str:
    """One plain-text table: a row per system, headed in ``lang`` (``HEADS``)."""
    cols = ["images", "tiles", "precision", "recall", "map50", "map50_95", "identity", "hand_exact",
            "latency_p50_ms", "latency_p95_ms"]
    heads = [HEADS[lang][c] for c in ["system", *cols]]
    lines = [[name] + [_fmt(r[c]) for c in cols] for name, r in rows.items()]
    widths = [max(_width(h), *(_width(line[i]) for line in lines)) for i, h in enumerate(heads)]
    out = ["  ".join(_ljust(h, w) for h, w in zip(heads, widths))]
    out += ["  ".join(_ljust(v, w) for v, w in zip(line, widths)) for line in lines]
    return "\n".join(out)


def yaml_split(data: str, split: str | None) -> tuple[str, dict[str, int]] | None:
    """Of ``--data`` naming a data.yaml (or a folder holding one, not a set ``tilelens synth`` wrote, whose
    scenes are read): the split ``load_eval_set`` reads (``split``, by default val; train where it has no val)
    and how many photos each of its other splits holds that this one does not; None for other data."""
    path = Path(data)
    if data in HK_SETS or not path.exists():
        return None
    if path.is_dir():
        synthetic = (path / "scenes.jsonl").is_file() or any(path.glob("*/scenes.jsonl"))
        if synthetic or not (path / "data.yaml").is_file():
            return None
        path = path / "data.yaml"
    elif path.suffix not in {".yaml", ".yml"}:
        return None
    try:
        settings = read_data_yaml(path, EvalDataError)
        used = split or "val"
        used = used if settings.get(used) else "train"
        read = set(split_images(settings, path, used, "train", EvalDataError))
        more = {other: len(set(split_images(settings, path, other, other, EvalDataError)) - read)
                for other in ("train", "val", "test") if other != used and settings.get(other)}
    except (EvalDataError, OSError):  # said as the photos were loaded, or not worth a word here
        return None
    return used, {other: n for other, n in more.items() if n}


def _check_data_file(data: str) -> None:
    """``--data nothere.yaml``: a path written as a file (it has a suffix) that is not there is said to be no such
    file, not "not hk-heldout, a data.yaml, or a folder..." (which reads as if the file were there and wrong)."""
    path = Path(data)
    if data not in HK_SETS and path.suffix and not path.exists():
        raise EvalDataError(f"--data {data}: no such file (--data takes hk-heldout, a data.yaml, or a folder with "
                            "images/ and labels/)",
                            f"--data {data}: そのファイルはありません (--data には hk-heldout、data.yaml、images/ と "
                            "labels/ のあるフォルダのどれかを指定します)")


def data_line(data: str, split: str | None, n: int, lang: str = "en") -> str:
    """The first line of the table: the data measured and its ``n`` photos; of a data.yaml whose other splits
    hold photos not measured, which split was read and where the others are (:func:`yaml_split`).

    >>> data_line("nowhere", None, 1)
    'data: nowhere (1 image)'
    """
    found = yaml_split(data, split)
    s = "" if n == 1 else "s"
    if not found or not found[1]:
        return _said("data", lang, data=data, n=n, s=s)
    used, more = found
    said = "".join(_said("more" if i == 0 else "more_next", lang, n=k, split=other)
                   for i, (other, k) in enumerate(more.items()))
    return _said("data_split", lang, data=data, split=used, n=n, s=s, more=said,
                 others=_said("or", lang).join(more))


# `tilelens eval --help`'s last lines: what --json prints (one line: a loop of runs appended to a file is JSON
# Lines) and the exit statuses.
EPILOG = ("--json: one JSON object on one line (UTF-8; the same keys, and its texts in English, whatever the "
          "language): `data` (--data as given), `rows` (per system, \"tilelens\" and each --compare: `images`, "
          "`tiles`, `precision`, `recall`, `map50`, `map50_95`, `identity`, `unreadable`, `hand_exact`, "
          "`wrong_count`, `wrong_marked`, `wrong_unmarked`, `latency_p50_ms`, `latency_p95_ms`; shares 0-1, null "
          "for what was not measured), `notes` (per system: what was measured), `warnings`, `learnt_photos` (with "
          "--tileset: the photos measured that the set learnt from, else null) and, with --errors, `errors` (per "
          "system, per photo not read exactly: what went wrong). Warnings and progress go to standard error.\n\n"
          "Exit status: 0 measured (however well), 2 bad input (no such data, a data.yaml or label file that "
          "cannot be read, labels naming kinds the classifier lacks), 130 interrupted.")

# The help said in Japanese (``scorer.cli.say_help_in_japanese``), by each option's first name: one line for each of
# the English ones in ``main``, kept in step with them. The epilog says the --json keys by name only: each one's
# meaning is in the English help (``EPILOG``), which it points to.
HELP_JA = {
    "--data": "hk-heldout (測るために取っておいた実際の写真。元のデータで誤っていたラベルは直したもの。"
              "hk-heldout-upstream: 公開されたまま)、data.yaml、data.yaml のあるフォルダ、images/ と labels/ のある"
              "フォルダ (検出だけ: 読み取りの正しさには、names が牌の id の data.yaml が要ります)、または `tilelens "
              "synth` で書いたフォルダ",
    "--game": "牌を名付ける分類器のゲーム",
    "--tileset": "牌を名付ける分類器の、登録した牌セット (例: hk-mahjong)",
    "--split": "data.yaml のどの分割か (指定がなければ val。val のない data.yaml は train)、または `tilelens synth` "
               "が書いたセットのどの分割か (指定がなければ全部)",
    "--detector": "検出器の ONNX (指定がなければ同梱のもの。$TILELENS_MODELS か models/ にあります)",
    "--no-boxcheck": "検出器が見つけた枠をすべて残します (models/boxcheck.onnx による枠の確認をしません)",
    "--no-set-limit": "ゲームのセットにある枚数の中でではなく、牌を1枚ずつ別々に名付けます (`tilelens read "
                      "--no-set-limit` と同じ。学習用の場面にはどの種類も4枚まであり、実際のセットより多くなります)",
    "--compare": "同じ写真で mahjong-detector パッケージのモデルも測り、別の行に出します (test の追加パッケージ)",
    "--limit": "最初の N 枚の写真だけ",
    "--errors": "正しく読めなかった写真ごとに、何が違ったか (名前の違う牌、枠がずれた牌、見落とした牌、余分な枠と、"
                "その大きさ) も一覧にします",
    "--errors-dir": "正しく読めなかった写真をそれぞれ DIR に描き、誤りを枠で囲んで説明を付けます",
    "--json": "表をテキストではなく、JSON オブジェクト1つとして1行で出力します (キーは下に)",
}
EPILOG_JA = ("--json: JSON オブジェクトを1行で出力します (UTF-8。キーは言語によらず同じで、その文は英語): `data`・"
             "`rows`・`notes`・`warnings`・`learnt_photos`、--errors のときは `errors`。キーそれぞれの意味は英語のヘルプ"
             "にあります: TILELENS_LANG=en tilelens eval --help。警告と進み具合は標準エラーに出します。\n\n"
             "終了ステータス: 測れたときは (結果がどうであれ) 0。入力の誤り (データがない、読めない data.yaml や"
             "ラベルファイル、分類器にない種類を名指すラベル) は 2、中断 (Ctrl-C) は 130。")


def main(argv: list[str]) -> int:
    """``tilelens eval --data DIR_OR_YAML [--game G | --tileset T] [--compare mahjong-detector] [--json]``."""
    from scorer.cli import HelpFormatter, UsageLinesParser  # lines break at spaces only: an option name is never split
    from scorer.cli import say_help_in_japanese

    what = __doc__.splitlines()[0].split(": ", 1)[1]
    p = UsageLinesParser(prog="tilelens eval", description=what[0].upper() + what[1:],
                         formatter_class=HelpFormatter, epilog=EPILOG)
    p.add_argument("--data", required=True, type=named_path("path", str),
                   help="hk-heldout (the real photos held out, labels found wrong upstream corrected; "
                        "hk-heldout-upstream: as published), a data.yaml, or a folder with one, with images/ + "
                        "labels/ (detection only: identity needs a data.yaml whose names are the tile ids), or "
                        "written by `tilelens synth`")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--game", help="game whose classifier names the tiles")
    g.add_argument("--tileset", type=tileset_name, help="enrolled tile set whose classifier names the tiles (e.g. hk-mahjong)")
    p.add_argument("--split", choices=["train", "val", "test"],
                   help="which split of a data.yaml (default val; a data.yaml without one reads its train) or of "
                        "a set `tilelens synth` wrote (default: all of it)")
    p.add_argument("--detector", type=named_path("file"), help="detector ONNX (default: the shipped one, in $TILELENS_MODELS or models/)")
    p.add_argument("--no-boxcheck", dest="boxcheck", action="store_false",
                   help="keep every box the detector finds (no second look by models/boxcheck.onnx)")
    p.add_argument("--no-set-limit", dest="set_limit", action="store_false",
                   help="name each tile on its own, not within the copies the game's set holds (as `tilelens read "
                        "--no-set-limit`; the training scenes hold up to 4 of every kind, more than a real set)")
    p.add_argument("--compare", action="append", default=[], choices=["mahjong-detector"],
                   help="also measure the mahjong-detector package's model on the same photos, a row of its own "
                        "(comes with the test extra)")
    p.add_argument("--limit", type=positive_int, help="only the first N images")
    p.add_argument("--errors", action="store_true",
                   help="also list, for each photo not read exactly, what went wrong (tiles misnamed, boxed loosely "
                        "or missed, extra boxes, with their sizes)")
    p.add_argument("--errors-dir", type=named_path("folder"), metavar="DIR",
                   help="also draw each photo not read exactly into DIR, its errors boxed and captioned")
    p.add_argument("--json", action="store_true",
                   help="print the table as one JSON object on one line (below), not as text")
    if cli_lang() == "ja":
        say_help_in_japanese(p, HELP_JA, "ラベル付きのデータで、認識器の牌の検出・読み取りの正しさ・速さを1つの表に"
                                         "します。", EPILOG_JA)
    a, lang = p.parse_args(argv), cli_lang()
    check_split(a.data, a.split)
    _check_data_file(a.data)
    if a.errors_dir:
        make_pictures_folder(a.errors_dir)  # before any photo is read, not after them all
    skipped: list[Path] = []
    warnings: list[str] = []  # where the photos were read from; whether the set learned them (--json's, English)
    warnings_ja: list[str] = []  # the same in Japanese
    unread: list[tuple[Path, str, str]] = []  # photos cut short: left out and counted, not the end of the run
    items = load_eval_set(a.data, a.split, skipped, warnings, warnings_ja, unread)[: a.limit]
    for line in (warnings_ja if lang == "ja" and len(warnings_ja) == len(warnings) else warnings):
        print(_said("warning", lang, text=line), file=sys.stderr)  # said now, before the photos are read
    systems = [TilelensSystem(a.game, a.tileset, a.detector, a.boxcheck, a.set_limit)]
    _check_kinds(items, systems[0], a.game or a.tileset)
    if systems[0].recognizer is not None and not any(it.kinds for it in items):
        systems[0].measured_detection_only()
    learnt, learnt_line = None, ""
    if a.tileset:  # a game's classifier learnt rendered tiles, never a labelled photo
        from vision.recognizer import default_models_dir

        learnt = learnt_photos(items, a.tileset, default_models_dir())
        learnt_line = learnt_words(learnt)  # --json's, in English
    if skipped:
        print(_said("left_out", lang, n=len(skipped), first=skipped[0], s=_s(len(skipped)),
                    has="has" if len(skipped) == 1 else "have", is_are=_said("is" if len(skipped) == 1 else "are", lang)),
              file=sys.stderr)
    if unread:  # each why as `label check` says it; the first named, the rest counted
        more = _said("unreadable_more", lang, n=len(unread) - 1) if len(unread) > 1 else ""
        print(_said("unreadable", lang, n=len(unread), s=_s(len(unread)), first=unread[0][2 if lang == "ja" else 1],
                    more=more, is_are=_said("is" if len(unread) == 1 else "are", lang)), file=sys.stderr)
    systems += [MahjongDetectorSystem() for _ in a.compare]
    results = {s.name: evaluate_with_errors(items, s, lang) for s in systems}
    rows = {name: row for name, (row, _) in results.items()}
    # what went wrong, for the systems that name tiles (a detection-only row has nothing to list per photo)
    errors = {name: errs for name, (row, errs) in results.items() if row["hand_exact"] is not None}
    pictures = {}
    if a.errors_dir:
        for name, errs in errors.items():
            folder = a.errors_dir / name if len(errors) > 1 else a.errors_dir
            pictures[name] = (folder, write_error_pictures(folder, errs))
    if a.json:
        out = {"data": a.data, "rows": rows, "notes": {s.name: s.note for s in systems},
               "warnings": warnings + [learnt_line] * bool(learnt_line), "learnt_photos": learnt}
        if a.errors:
            out["errors"] = {name: {path: [str(e) for e in errs] for path, (_, errs) in by_photo.items()}
                             for name, by_photo in errors.items()}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(data_line(a.data, a.split, len(items), lang))
        if learnt_line:
            print(_said("warning", lang, text=learnt_words(learnt, lang)))
        print(format_table(rows, lang))
        for s in systems:  # a system's note in Japanese where it has one
            print(f"  {s.name}: {lang == 'ja' and getattr(s, 'note_ja', '') or s.note}")
        for name, row in rows.items():
            line = wrong_summary(row, lang)
            if line:
                print(f"  {name}: {line}")
        if systems[0].recognizer is not None and not any(it.kinds for it in items):
            print(f"  {kindless_note(a.data)}")
        hidden = next(iter(rows.values()))["unreadable"]
        if hidden:
            print(f"  {said_counted('hidden', lang, hidden, share=MIN_READABLE)}")
        if a.errors:
            for name, by_photo in errors.items():
                marks = rows[name]["wrong_marked"] is not None  # the reader gave a confidence per name
                print("\n" + _said("not_exact", lang, name=name, k=len(by_photo), n=len(items), s=_s(len(items)))
                      + (_said("how_met", lang) if marks else ""))
                for path, (_, errs) in by_photo.items():
                    seen = how_seen(errs)
                    seen = _said("seen", lang, seen=SEEN_JA.get(seen, seen) if lang == "ja" else seen) if marks else ""
                    print(f"  {path}: {seen}{'; '.join(e.said(lang) for e in errs)}")
        for name, (folder, written) in pictures.items():
            print(_said("pictures", lang, name=name, n=len(written), folder=folder, s=_s(len(written))))
    return 0
