"""``tilelens read``: JSON shape, text and --kinds output, one-line errors, chaining into ``score``."""
import json
import shutil
from pathlib import Path

import cv2
import pytest

from tilelens.cli import main as tilelens

PHOTO = Path(__file__).parent / "data" / "detector" / "images" / "hk-1.jpg"


def test_json_has_every_tile_with_box_kind_attributes_and_confidences(capsys):
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tileset"] == "hk-mahjong" and len(data["images"]) == 1
    image = data["images"][0]
    assert image["path"] == str(PHOTO) and (image["width"], image["height"]) == (640, 640)
    assert len(image["tiles"]) >= 8 and image["kinds"] == [t["kind"] for t in image["tiles"]]
    tile = image["tiles"][0]
    assert len(tile["xyxy"]) == 4 and 0 <= tile["xyxy"][0] < tile["xyxy"][2] <= 640
    assert set(tile["confidence"]) >= {"detection", "kind", "suit", "rank"}
    assert tile["attrs"]["suit"] in {"m", "p", "s", "z", "f"} and tile["is_back"] is False
    xs = [t["xyxy"][0] for t in image["tiles"]]
    assert xs != sorted(xs, reverse=True)  # hand order, not arbitrary


def test_json_entries_have_the_same_keys_read_or_not_and_null_where_nothing_is(tmp_path, capsys):
    """A photo not read was only ``{"path", "error"}``, and a value that is not there was ``""`` (``game`` of a
    tile set of no game, ``tileset`` of a game): a script reads every entry alike and tests for null."""
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a photo")
    assert tilelens(["read", str(bad), str(PHOTO), "--tileset", "hk-mahjong", "--json"]) == 2
    out = capsys.readouterr().out
    data = json.loads(out)
    assert out.count("\n") == 1 and data["game"] is None and data["tileset"] == "hk-mahjong"
    failed, read = data["images"]
    assert list(failed) == list(read) and read["error"] is None and "not an image" in failed["error"]
    assert (read["game"], read["tileset"]) == (None, "hk-mahjong") == (failed["game"], failed["tileset"])
    assert (failed["kinds"], failed["tiles"], failed["melds"]) == ([], [], []) and read["kinds"]
    assert [failed[k] for k in ("width", "height", "turned", "winning_reading")] == [None] * 4
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["tileset"]) == ("cinderella-neo", None)
    assert (data["images"][0]["game"], data["images"][0]["tileset"]) == ("cinderella-neo", None)


def test_a_corrupt_photo_is_one_line_and_the_rest_are_read(tmp_path, capsys):
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"\xff\xd8 not really a jpeg")
    assert tilelens(["read", str(bad), str(PHOTO), "--tileset", "hk-mahjong"]) == 2
    out, err = capsys.readouterr()
    # its one line, and the batch's closing line naming it (1 of 2 photos not read)
    assert err.count("\n") == 2 and err.count("broken.jpg") == 2 and "Traceback" not in err
    assert f"{PHOTO}:" in out and "kinds:" in out


def test_kinds_keep_one_line_per_photo_when_one_cannot_be_read(tmp_path, capsys):
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a photo")
    assert tilelens(["read", str(PHOTO), str(bad), str(PHOTO), "--tileset", "hk-mahjong", "--kinds"]) == 2
    lines = capsys.readouterr().out.split("\n")[:3]
    assert lines[0] and lines[1] == "" and lines[2] == lines[0]  # the third photo's line is the third line


def test_a_model_that_is_not_a_detector_is_named(capsys):
    boxcheck = Path(__file__).resolve().parents[2] / "models" / "boxcheck.onnx"
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--detector", str(boxcheck)]) == 2
    assert "boxcheck.onnx: not a tile detector" in capsys.readouterr().err


def test_unknown_tileset_and_missing_choice_are_errors(capsys):
    assert tilelens(["read", str(PHOTO), "--tileset", "nope"]) == 2
    assert "unknown tile set 'nope'" in capsys.readouterr().err
    assert tilelens(["read", str(PHOTO)]) == 2
    assert capsys.readouterr().err == ("tilelens read: one of the arguments --game --tileset is required "
                                       "(see tilelens read --help)\n")


def test_a_wrong_option_is_one_line_as_in_score(capsys):
    """`tilelens read` printed argparse's usage block before the problem; score, waits and games say one line."""
    for argv, problem in ((["--game", "nogizaka", "--json", "--kinds"], "argument --kinds: not allowed with argument --json"),
                          (["--tileset", "hk-mahjong", "--turn", "5"], "argument --turn: invalid choice: 5")):
        assert tilelens(["read", str(PHOTO), *argv]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and err.startswith(f"tilelens read: {problem}"), err


def test_a_photo_that_cannot_be_opened_is_one_entry_and_the_rest_are_read(tmp_path, monkeypatch, capsys):
    """A photo without read permission (or an I/O error) ended every reading: the router's one line, the
    photos after it never read, and with --json no JSON at all."""
    locked = tmp_path / "locked.jpg"
    shutil.copy(PHOTO, locked)
    read_bytes = Path.read_bytes

    def refuse(self):
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert tilelens(["read", str(locked), str(PHOTO), "--tileset", "hk-mahjong", "--json"]) == 2
    out, err = capsys.readouterr()
    images = json.loads(out)["images"]
    assert (images[0]["path"], images[0]["error"]) == (str(locked), "Permission denied")
    assert images[0]["kinds"] == [] and images[1]["kinds"]
    # and, as text and --kinds end, the photos not read (session 52: --json said no count of them)
    assert err == f"tilelens read: {locked}: Permission denied\ntilelens read: 1 of 2 photos not read: {locked}\n"


def test_kinds_of_a_real_photo_chain_into_waits(tmp_path, capsys):
    """The top row of a held-out real photo (13 tiles, one tile short of a win) read with the enrolled
    Hong Kong set; its kinds go straight into ``tilelens waits``. The cut ends where the 13th tile does
    (cut 9 px wider, it keeps a quarter of the next tile, which a detector may rightly find)."""
    path = tmp_path / "row.jpg"
    cv2.imwrite(str(path), cv2.imread(str(PHOTO.with_name("hk-3.jpg")))[255:365, 76:563])
    assert tilelens(["read", str(path), "--tileset", "hk-mahjong", "--kinds"]) == 0
    kinds = capsys.readouterr().out.split()
    assert kinds == "6m 7m 8m 6m 7m 8m 1m 2m 3m 5m 5m 5m 5z".split()
    assert tilelens(["waits", "--game", "tokyo-mahjong", "--json", *kinds]) == 0
    waits = json.loads(capsys.readouterr().out)
    assert [w["tile"] for w in waits["waits"]] == ["5z"]


def test_no_set_limit_reaches_the_reader_of_read_and_eval(monkeypatch, capsys):
    import vision.recognizer as recognizer

    asked = []

    def load(**kwargs):
        asked.append(kwargs["set_limit"])
        raise recognizer.RecognizerError("not loading models in this test")

    monkeypatch.setattr(recognizer.Recognizer, "load", staticmethod(load))
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo"]) == 2
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo", "--no-set-limit"]) == 2
    assert "not loading models" in capsys.readouterr().err
    data = str(PHOTO.parents[1])
    assert tilelens(["eval", "--data", data, "--game", "cinderella-neo", "--no-set-limit", "--limit", "1"]) == 2
    assert asked == [True, False, False]  # (a game named that cannot be loaded is said, not measured without)


def test_read_finds_the_tiles_with_the_detector_it_is_given(tmp_path, capsys):
    missing = tmp_path / "no.onnx"
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo", "--detector", str(missing)]) == 2
    assert capsys.readouterr().err.strip().endswith(f"detector model not found: {missing}")
    other = tmp_path / "other.onnx"  # the shipped network in another file: the same reading
    shutil.copy(Path(__file__).resolve().parents[2] / "models" / "detector.onnx", other)
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo", "--json"]) == 0
    shipped = json.loads(capsys.readouterr().out)
    assert tilelens(["read", str(PHOTO), "--game", "cinderella-neo", "--json", "--detector", str(other)]) == 0
    assert json.loads(capsys.readouterr().out) == shipped and shipped


def _reading(kinds, second=None, game="tokyo-mahjong"):
    """A HandReading of ``kinds`` (a back first), each tile sure; ``second``: index -> (read, p, truth, q)."""
    from vision.recognizer import HandReading, ReadTile

    tiles = [ReadTile((0, 0, 10, 10), "back", {}, {"detection": 0.9}, True)]
    for i, kind in enumerate(kinds):
        read, p, alt, q = second[i] if second and i in second else (kind, 0.95, "9m", 0.01)
        tiles.append(ReadTile((20.0 * i, 0, 20.0 * i + 18, 30), read, {}, {"detection": 0.9, "kind": p}, False,
                              ((read, p), (alt, q))))
    return HandReading(tiles, (400, 100), game)


def test_a_hand_misread_out_of_its_win_says_what_would_win():
    from vision.read_cli import format_reading, winning_dict

    win = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    reading = _reading(win, {4: ("6p", 0.6, "5p", 0.3)})
    found = reading.winning_reading()
    assert [(c.index, c.read, c.becomes) for c in found.changes] == [(5, "6p", "5p")]  # numbered with the back
    text = format_reading("hand.jpg", reading)
    assert "does not win as read; it wins if tile 6 6p is 5p (0.30): " + " ".join(win) in text
    assert winning_dict(reading) == {"kinds": win, "odds": 2.0,
                                     "changes": [{"tile": 6, "read": "6p", "becomes": "5p", "probability": 0.3}]}
    assert _reading(win).winning_reading() is None and winning_dict(_reading(win)) is None  # it wins as read
    assert "does not win" not in format_reading("hand.jpg", _reading(win))
    assert _reading(win, game="").winning_reading() is None  # a tile set of no game: no rules to win by


def _open_hand(misread=None, kan=False):
    """A reading of 11 concealed tiles in a row and a pon of 5z laid apart at their right (the first of it
    turned sideways; ``kan``: four); ``misread``: index -> (read, p, truth, q) among the 11."""
    from vision.recognizer import HandReading, ReadTile

    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    tiles = []
    for i, kind in enumerate(concealed):
        read, p, alt, q = misread[i] if misread and i in misread else (kind, 0.95, "9m", 0.01)
        tiles.append(ReadTile((30.0 * i, 0, 30.0 * i + 28, 40), read, {}, {"detection": 0.9, "kind": p}, False,
                              ((read, p), (alt, q))))
    for box in ((400.0, 10, 440, 40), (442.0, 0, 470, 40), (472.0, 0, 500, 40), (502.0, 0, 530, 40))[:3 + kan]:
        tiles.append(ReadTile(box, "5z", {}, {"detection": 0.9, "kind": 0.95}, False, (("5z", 0.95),)))
    return HandReading(tiles, (540, 60), "tokyo-mahjong"), concealed


def test_called_melds_laid_apart_are_named_and_chain_into_score_as_melds(capsys):
    from dataclasses import replace

    from vision.read_cli import format_reading, kinds_line
    from vision.recognizer import ReadTile

    reading, concealed = _open_hand()
    assert [(m.spec, m.indices) for m in reading.called_melds()] == [("pon:555z", (11, 12, 13))]
    assert "called melds (set apart from the hand): pon:555z (tiles 12, 13, 14)" in format_reading("h.jpg", reading)
    assert reading.to_dict()["melds"] == [{"meld": "pon:555z", "tiles": [12, 13, 14]}]
    line = kinds_line(reading)
    assert line == " ".join(concealed) + " --melds pon:555z"
    assert tilelens(["score", "--game", "tokyo-mahjong", "--json", *line.split()]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["winning"] and "Menzen" not in json.dumps(result)  # scored open, with the pon as a meld
    assert reading.winning_reading() is None  # it wins beside its meld
    misread, _ = _open_hand({3: ("9p", 0.6, "4p", 0.3)})
    found = misread.winning_reading()  # 11 tiles beside the pon: a 4p read as 9p is the change that wins
    assert [(c.index, c.read, c.becomes) for c in found.changes] == [(3, "9p", "4p")]
    flower = ReadTile((-60.0, 0, -32, 40), "f1", {}, {"detection": 0.9, "kind": 0.9}, False, (("f1", 0.9),))
    with_flower = replace(reading, tiles=[flower, *reading.tiles])  # a Hong Kong set's flower: not the hand's
    assert [(m.spec, m.indices, m.called) for m in with_flower.called_melds()] == [("pon:555z", (12, 13, 14), 12)]
    kan, _ = _open_hand(kan=True)  # 15 tiles: as one hand, a box too many; beside the kan, a win as read
    assert [m.spec for m in kan.called_melds()] == ["kan:5555z"] and kan.winning_reading() is None


def test_turn_reads_every_photo_turned_as_told(tmp_path, capsys):
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--json"]) == 0
    as_taken = json.loads(capsys.readouterr().out)["images"][0]
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--json", "--turn", "2"]) == 0
    turned = json.loads(capsys.readouterr().out)["images"][0]
    assert as_taken["turned"] == 0 and turned["turned"] == 2
    assert turned["tiles"][0]["xyxy"][0] > as_taken["tiles"][0]["xyxy"][0]  # listed from the photo's right
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--turn", "2"]) == 0
    assert "read turned round" in capsys.readouterr().out
    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--turn", "5"]) == 2
    assert "invalid choice: 5" in capsys.readouterr().err


def test_json_stays_utf8_for_a_file_name_that_is_not(tmp_path, capsys):
    import os

    odd = tmp_path / os.fsdecode(b"\x8e\xca\x90\x5e.jpg")  # a Shift-JIS name, as an old camera card may hold
    shutil.copy(PHOTO, odd)
    assert tilelens(["read", str(odd), "--tileset", "hk-mahjong", "--json"]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")  # a lone surrogate here made the output invalid UTF-8 for every JSON reader
    assert json.loads(out)["images"][0]["path"].endswith(".jpg")


def test_a_photo_piped_in_is_read_as_dash(monkeypatch, capsys):
    """`cat photo.jpg | tilelens read - --kinds`: `-` is the photo on standard input, as the file itself."""
    import io
    import sys

    assert tilelens(["read", str(PHOTO), "--tileset", "hk-mahjong", "--kinds"]) == 0
    want = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(PHOTO.read_bytes())))
    assert tilelens(["read", "-", "--tileset", "hk-mahjong", "--kinds"]) == 0
    assert capsys.readouterr().out == want
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"not a photo")))
    assert tilelens(["read", "-", "--tileset", "hk-mahjong", "--json"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("tilelens read: standard input: not an image") and err.count("\n") == 1
    [image] = json.loads(out)["images"]
    assert (image["path"], image["error"], image["kinds"]) == ("-", err.split(": ", 2)[2].strip(), [])
    assert tilelens(["read", "-", "-", "--tileset", "hk-mahjong"]) == 2
    assert "standard input can be read once" in capsys.readouterr().err


    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())  # nothing piped: said, not a wait for a photo typed in
    assert tilelens(["read", "-", "--tileset", "hk-mahjong", "--kinds"]) == 2
    assert capsys.readouterr().err.startswith("tilelens read: standard input: nothing is piped in (")


def test_a_pattern_that_matched_no_photo_is_named_as_one(tmp_path, capsys):
    """`tilelens read photos/*.HEIC` where none is: the shell passes the pattern on as written."""
    pattern = str(tmp_path / "*.HEIC")
    assert tilelens(["read", pattern, "--tileset", "hk-mahjong"]) == 2
    assert capsys.readouterr().err == f"tilelens read: {pattern}: no file matches this pattern\n"


NORMAL = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
          "kawashima-mizuki", "nitta-minami", "takagaki-kaede"]


@pytest.mark.parametrize("game, kinds, flags", [
    ("cinderella-neo", NORMAL, ["--riichi"]),
    ("nogizaka", ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3, ["--riichi"]),
    ("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3, ["--riichi"]),
    ("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split(), []),
])
def test_a_reading_chains_into_score_by_kinds_and_by_json_for_every_game(capsys, game, kinds, flags):
    """``tilelens score --game G $(tilelens read ... --kinds)`` and the ``kinds`` of ``--json``: the same
    hand, scored, in each of the four games."""
    from vision.read_cli import image_entry, kinds_line

    reading = _reading(kinds, game=game)
    assert tilelens(["score", "--game", game, "--json", *flags, *kinds_line(reading).split()]) == 0
    by_kinds = json.loads(capsys.readouterr().out)
    entry = json.loads(json.dumps(image_entry("hand.jpg", game, "", reading)))
    assert entry["game"] == game and entry["tileset"] is None and entry["error"] is None
    assert tilelens(["score", "--game", game, "--json", *flags, *entry["kinds"]]) == 0
    by_json = json.loads(capsys.readouterr().out)
    assert by_kinds == by_json and by_json["winning"] and by_json["game"] == game


def test_json_gives_the_words_to_score_an_open_hand_with(capsys):
    """``kinds`` of ``--json`` lists every face-up tile, a called meld's too: chained into ``score`` an open hand
    was scored as a closed one of 14 tiles. ``score_args`` is what ``--kinds`` prints, as a list."""
    from vision.read_cli import image_entry, kinds_line

    reading, concealed = _open_hand()
    entry = image_entry("h.jpg", "tokyo-mahjong", "", reading)
    assert entry["score_args"] == kinds_line(reading).split() == [*concealed, "--melds", "pon:555z"]
    assert len(entry["kinds"]) == 14  # kept as it was: every face-up tile
    assert tilelens(["score", "--game", "tokyo-mahjong", "--json", *entry["score_args"]]) == 0
    assert json.loads(capsys.readouterr().out)["open"] is True
    assert image_entry("x.jpg", "tokyo-mahjong", "", error="x.jpg: no such image file")["score_args"] == []
