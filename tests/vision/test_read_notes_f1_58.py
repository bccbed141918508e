"""Session 58 (F1): ``tilelens read`` says what the app's photo page says about a photo (``quality_said``): blurry
(with tiles, without, with many unsure), many tiles unsure, too dark, a tile at the photo's edge (one short with it),
faces washed out by a reflection, a hand the orientation model leans to upside down; a small photo; the small tiles'
height in the photo's own pixels. One ``note:`` line each, in English and Japanese, in words for a command line (no
taps, no buttons), and ``--json`` ``notes`` with a stable id each; the reasons to retake first.

With a fake reader (no model loaded), as ``test_read_cli_52``, on photos drawn here: each photo is read as the hand
given, its boxes in the pixels the reader is given (the photo shrunk to ``vision.READ_SIDE``)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import cv2
import numpy as np
import pytest

from tilelens.cli import main as tilelens

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
FELT = (60, 110, 40)  # BGR
GAME = "tokyo-mahjong"


def hand_photo(n: int = 14, tile_h: int = 80, wh: tuple[int, int] = (1280, 720), x0: int | None = None,
               seed: int = 0) -> tuple[np.ndarray, list[tuple[float, float, float, float]]]:
    """A hand of ``n`` white tiles with dark strokes on felt (``x0``: its first tile's left; default centred), and
    its boxes in the photo's pixels."""
    rng = np.random.default_rng(seed)
    w, h = wh
    img = np.empty((h, w, 3), np.uint8)
    img[:] = FELT
    img = np.clip(img.astype(np.int16) + rng.integers(-6, 7, (h, w, 1), dtype=np.int16), 0, 255).astype(np.uint8)
    tw = int(tile_h * 0.75)
    x0 = (w - n * (tw + 4)) // 2 if x0 is None else x0
    y0 = (h - tile_h) // 2
    boxes = []
    for i in range(n):
        x = x0 + i * (tw + 4)
        cv2.rectangle(img, (x, y0), (x + tw, y0 + tile_h), (235, 235, 235), -1)
        m = max(2, tile_h // 10)
        for _ in range(6):
            p = rng.integers([x + m, y0 + m], [x + tw - m, y0 + tile_h - m], size=(2, 2))
            cv2.line(img, tuple(map(int, p[0])), tuple(map(int, p[1])), (30, 30, 30), max(1, tile_h // 25))
        boxes.append((float(x), float(y0), float(x + tw), float(y0 + tile_h)))
    return img, boxes


def motion(img: np.ndarray, length: int) -> np.ndarray:
    """A sideways motion blur ``length`` pixels long."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0 / length
    return cv2.filter2D(img, -1, kernel)


def _tile(kind: str, xyxy, p: float = 0.95, glare: float = 0.0):
    from vision.recognizer import ReadTile

    conf = {"detection": 0.9, "kind": p, "suit": p, "rank": p}
    if glare:
        conf["glare"] = glare
    return ReadTile(tuple(xyxy), kind, {"suit": kind[-1], "rank": kind[:-1]}, conf, False, ((kind, p), ("9m", 0.01)))


def leaning():
    """An orientation model that leans to upside down on every face (its vote 2.2, over its threshold 1.7)."""
    from vision.orient import Orientation

    class Leaning(Orientation):
        def p_upside_down(self, image, xyxy, quarters=0):
            return np.full(len(np.asarray(xyxy).reshape(-1, 4)), 0.9)

    return Leaning(classifier=None, threshold=1.7)


class FakeReader:
    """Reads every photo as ``kinds`` in ``boxes`` (the photo's own pixels), scaled to the pixels it is given."""

    largest_hand, taught_for, game, tileset = 14, (), GAME, ""

    def __init__(self, boxes, kinds, unsure=(), glare=(), wh=None, orient=None):
        self.boxes, self.kinds, self.unsure, self.glare, self.wh, self.orient = boxes, kinds, unsure, glare, wh, orient
        self.classifier = SimpleNamespace(spec=SimpleNamespace(classes=()))

    def read(self, img, source=None):
        from vision.recognizer import HandReading

        h, w = img.shape[:2]
        s = w / self.wh[0] if self.wh else 1.0
        tiles = [_tile(k, [v * s for v in b], 0.5 if i in self.unsure or i in self.glare else 0.95,
                       0.3 if i in self.glare else 0.0) for i, (k, b) in enumerate(zip(self.kinds, self.boxes))]
        return HandReading(tiles, (w, h), GAME, "")

    def read_turned(self, img, turn):
        return self.read(img)


@pytest.fixture
def reader(monkeypatch):
    import vision.recognizer as recognizer

    def use(**kwargs):
        fake = FakeReader(**kwargs)
        monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(lambda **_: fake))
        return fake
    return use


def _save(tmp_path, img, name="p.png") -> str:
    path = tmp_path / name
    cv2.imwrite(str(path), img)
    return str(path)


def read(photo: str, *args: str, lang: str = "en", monkeypatch=None, capsys=None):
    """``tilelens read`` of ``photo``: its note lines (text), the JSON notes' ids and texts, and --kinds' stdout and
    stderr."""
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert tilelens(["read", photo, "--game", GAME, *args]) == 0
    text = capsys.readouterr().out
    notes = [line.strip() for line in text.splitlines() if line.startswith(("  note:", "  注意:"))]
    assert tilelens(["read", photo, "--game", GAME, "--json", *args]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    assert tilelens(["read", photo, "--game", GAME, "--kinds", *args]) == 0
    out, err = capsys.readouterr()
    return notes, entry["notes"], out, err


def ids(json_notes) -> list[str]:
    return [n["note"] for n in json_notes]


# a clean photo: nothing said ---------------------------------------------------------------------------------------

def test_a_clean_photo_says_no_photo_note(tmp_path, reader, monkeypatch, capsys):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN)
    notes, said, out, err = read(_save(tmp_path, img), monkeypatch=monkeypatch, capsys=capsys)
    assert notes == [] and said == [] and out.split() == WIN and err == "", (notes, said, err)


# dark ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,words", [("en", "the photo is dark: tiles may be missed or misread: retake it in "
                                                "better light"),
                                        ("ja", "写真が暗く、牌を見落としたり読み違えたりしやすくなります")])
def test_a_dark_photo_is_said_with_a_retake(tmp_path, reader, monkeypatch, capsys, lang, words):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN)
    dim = (img.astype(np.float32) * 0.22).astype(np.uint8)  # tiles' white at 52: W2's very dim photos
    notes, said, out, err = read(_save(tmp_path, dim), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert len(notes) == 1 and words in notes[0], notes
    assert ids(said) == ["dark"] and "dark" in said[0]["text"], said  # --json: English
    assert out.split() == WIN and words in err, err  # --kinds: stdout stays score's line


# at the edge, and one short with it --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tile_at_the_edge_is_said_and_one_short_with_it(tmp_path, reader, monkeypatch, capsys, lang):
    img, boxes = hand_photo(n=13, x0=0)  # the first tile touches the photo's left edge; 13 of riichi's 14
    reader(boxes=boxes, kinds=WIN[:13])
    notes, said, out, err = read(_save(tmp_path, img), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert len(notes) == 1, notes
    if lang == "en":
        assert "a tile at the photo's edge may be cut off: retake with the whole hand in the photo" in notes[0]
        assert "13 tiles read: if this is a winning hand, one tile was missed" in notes[0], notes
    else:
        assert "写真の端の牌が切れているかもしれません" in notes[0] and "牌を13枚読みました" in notes[0], notes
    assert ids(said) == ["at_edge"] and "13 tiles read" in said[0]["text"], said


def test_a_whole_hand_at_the_edge_is_not_called_one_short(tmp_path, reader, monkeypatch, capsys):
    img, boxes = hand_photo(n=14, x0=0)
    reader(boxes=boxes, kinds=WIN)
    notes, said, _, _ = read(_save(tmp_path, img), monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["at_edge"] and "one tile was missed" not in notes[0], notes


# glare --------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,glare,words", [
    ("en", (5,), "tile 6 may be washed out by a reflection: tilt the tile or move the light and retake"),
    ("en", (2, 5), "tiles 3 and 6 may be washed out by a reflection: tilt the tiles or move the light and retake"),
    ("ja", (5,), "6枚目の牌が光の反射で白く写っているかもしれません"),
    ("ja", (2, 5), "3枚目と6枚目の牌が光の反射で白く写っているかもしれません")])
def test_faces_washed_out_by_a_reflection_are_named(tmp_path, reader, monkeypatch, capsys, lang, glare, words):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN, glare=glare)
    notes, said, _, err = read(_save(tmp_path, img), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert any(words in note for note in notes) and words in err, notes
    assert ids(said) == ["glare"], said  # the unsure tiles' own note is their flags in --json


# upside down --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,words", [("en", "the hand may be shown upside down: if so, read it again with --turn 2"),
                                        ("ja", "手牌が逆さまに写っているかもしれません: そうなら、向きを変えて読み直してください: --turn 2")])
def test_a_hand_leaning_upside_down_names_the_turn_option(tmp_path, reader, monkeypatch, capsys, lang, words):
    img, boxes = hand_photo()
    reader(boxes=boxes, kinds=WIN, orient=leaning())
    photo = _save(tmp_path, img)
    notes, said, _, err = read(photo, lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert notes == [next(n for n in notes if words in n)] and words in err, notes
    assert ids(said) == ["upside_down"], said
    notes, said, _, _ = read(photo, "--turn", "0", lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert notes == [] and said == [], notes  # turned as the person chose: the model is not asked


# blurry, many unsure ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_blurry_and_many_unsure_are_said_as_the_page_says_them(tmp_path, reader, monkeypatch, capsys, lang):
    img, boxes = hand_photo()
    blurred = _save(tmp_path, motion(img, 20), "blurred.png")
    reader(boxes=boxes, kinds=WIN)  # blurry, every tile sure: check the tiles
    notes, said, _, _ = read(blurred, lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["blurry"], said
    assert ("the photo looks blurry" if lang == "en" else "写真がぼやけています") in notes[0], notes
    reader(boxes=boxes, kinds=WIN, unsure=(0, 1, 2, 3, 4))  # blurry, 5 of 14 unsure: retake
    notes, said, _, _ = read(blurred, lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["blurry_many"], said
    assert ("5 of 14 tiles" if lang == "en" else "14枚中5枚") in notes[0], notes
    assert "unsure" in notes[1] or "信頼度" in notes[1], notes  # the tiles to check named after the reason to retake
    sharp = _save(tmp_path, img, "sharp.png")  # sharp, 5 of 14 unsure: a retake too
    notes, said, _, _ = read(sharp, lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["unsure_many"] and ("5 of 14 tiles" if lang == "en" else "14枚中5枚") in notes[0], notes


def test_a_photo_blurred_everywhere_with_no_tile_says_retake_in_focus(tmp_path, reader, monkeypatch, capsys):
    img, _ = hand_photo()
    reader(boxes=[], kinds=[])
    photo = _save(tmp_path, cv2.GaussianBlur(img, (0, 0), 8))
    notes, said, _, err = read(photo, monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said) == ["blurry_retake"] and "retake it in focus" in notes[0], notes
    assert "no tiles found" in err, err


# a small photo ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,words", [("en", "only 480×270 pixels"), ("ja", "480×270ピクセル")])
def test_a_small_photo_is_said_and_its_blur_not_judged(tmp_path, reader, monkeypatch, capsys, lang, words):
    img, boxes = hand_photo(tile_h=30, wh=(480, 270))
    reader(boxes=boxes, kinds=WIN)
    notes, said, _, _ = read(_save(tmp_path, motion(img, 9)), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert ids(said)[0] == "small_photo" and not {"blurry", "blurry_many"} & set(ids(said)), said
    assert words in notes[0], notes


# small tiles, in the photo's own pixels -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang,words", [("en", "about 40 px tall"), ("ja", "高さ約40ピクセル")])
def test_small_tiles_are_quoted_in_the_photos_own_pixels(tmp_path, reader, monkeypatch, capsys, lang, words):
    """A 3200 x 1800 photo is read at 1600 x 900: its 40-px tiles are 20 px there (under ``SMALL_TILE_PX``), and
    the note said 20, a height no one finds in the photo."""
    img, boxes = hand_photo(tile_h=40, wh=(3200, 1800))
    reader(boxes=boxes, kinds=WIN, wh=(3200, 1800))
    notes, said, _, _ = read(_save(tmp_path, img), lang=lang, monkeypatch=monkeypatch, capsys=capsys)
    assert "small_tiles" in ids(said) and any(words in note for note in notes), notes


# the order, and words for a command line ----------------------------------------------------------------------------

def test_the_reasons_to_retake_come_first(tmp_path, reader, monkeypatch, capsys):
    img, boxes = hand_photo(n=14, x0=0)
    dim = (img.astype(np.float32) * 0.22).astype(np.uint8)
    reader(boxes=boxes, kinds=WIN, glare=(5,), orient=leaning())
    notes, said, _, err = read(_save(tmp_path, dim), monkeypatch=monkeypatch, capsys=capsys)
    got = ids(said)
    assert got[:2] == ["dark", "at_edge"] and got[-2:] == ["glare", "upside_down"], got
    assert [n for n in notes if "dark" in n or "edge" in n] == notes[:2], notes
    assert err.index("dark") < err.index("edge") < err.index("reflection") < err.index("--turn"), err


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_note_says_tap_or_press(lang):
    """The page's words name taps and buttons; a command line has none."""
    from vision.read_cli import QUALITY_NOTES

    for key, text in QUALITY_NOTES[lang].items():
        for word in ("tap", "press", "button", "turn round", "add a tile the photo missed", "タップ", "押して", "ボタン",
                     "逆さにする", "写真にない牌を追加"):
            assert word not in text.lower(), (key, text)
    assert set(QUALITY_NOTES["en"]) == set(QUALITY_NOTES["ja"])
