"""``tilelens score`` / ``waits`` given a photo where the tiles go (walk W3, session 60).

`tilelens score --game tokyo-mahjong zoo/tm-upright.jpg` said "hand: 'zoo/tm-upright.jpg' is not riichi tile
notation (suit letter 'z' ...)" and `tilelens score --game nogizaka base.jpg` "unknown tile 'base.jpg'". A word that
ends in a photo's suffix, or names an existing image file, is now said to be a photo, with the line that scores it
(`$(tilelens read PHOTO --kinds)`, as ``NOT_STDIN`` says it); a misspelt tile is said as before.
"""
import io
import shlex
import sys

import pytest

from tilelens.cli import main as tilelens

PNG_HEAD = b"\x89PNG\r\n\x1a\n" + b"\0" * 24


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _terminal(monkeypatch):
    monkeypatch.setattr(sys, "stdin", Terminal())


def _run(capsys, monkeypatch, lang, argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = tilelens(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["score", "--game", "nogizaka", "base.jpg"],
    ["score", "--game", "nogizaka", "rarin", "base.JPEG"],
    ["waits", "--game", "nogizaka", "base.heic"],
    ["score", "--game", "tokyo-mahjong", "zoo/tm-upright.jpg"],
    ["score", "--game", "tokyo-mahjong", "zoo/tm-upright.png", "--dora", "1m"],
    ["waits", "--game", "tokyo-mahjong", "hand.webp"],
], ids=["donjara", "donjara-among-tiles", "donjara-waits", "riichi", "riichi-with-a-list", "riichi-waits"])
def test_a_photo_name_is_said_to_be_a_photo(capsys, monkeypatch, argv):
    photo, game, command = next(w for w in argv if "." in w), argv[2], argv[0]
    code, out, err = _run(capsys, monkeypatch, "en", argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"tilelens {command}: '{photo}' is a photo, not a tile"), err
    assert f"tilelens {command} --game {game} $(tilelens read {photo} --game {game} --kinds)" in err, err
    assert "unknown tile" not in err and "not riichi tile notation" not in err and "Traceback" not in err
    code, out, err = _run(capsys, monkeypatch, "ja", argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"'{photo}' は写真で、牌ではありません" in err, err
    assert f"$(tilelens read {photo} --game {game} --kinds)" in err and "photo" not in err, err


def test_an_existing_image_without_a_suffix_is_a_photo(capsys, monkeypatch, tmp_path):
    picture = tmp_path / "hand"
    picture.write_bytes(PNG_HEAD)
    for game in ("nogizaka", "tokyo-mahjong"):
        code, _, err = _run(capsys, monkeypatch, "en", ["score", "--game", game, str(picture)])
        assert code == 2 and f"'{picture}' is a photo, not a tile" in err, err


def test_a_path_with_spaces_is_quoted_whole(capsys, monkeypatch):
    photo = "写真 2026-12-06 午後 8.15.03 (1).jpg"  # a phone's name: the riichi hand splits on spaces
    for game in ("nogizaka", "tokyo-mahjong"):
        code, _, err = _run(capsys, monkeypatch, "en", ["score", "--game", game, photo])
        assert code == 2 and f"'{photo}' is a photo, not a tile" in err, err
        assert f"$(tilelens read {shlex.quote(photo)} --game {game} --kinds)" in err, err


@pytest.mark.parametrize("argv,said", [
    (["score", "--game", "nogizaka", "rarinx"], "unknown tile 'rarinx'"),
    (["score", "--game", "tokyo-mahjong", "123m456p789s11zz"], "not riichi tile notation"),
], ids=["donjara", "riichi"])
def test_a_misspelt_tile_is_said_as_before(capsys, monkeypatch, argv, said):
    code, _, err = _run(capsys, monkeypatch, "en", argv)
    assert code == 2 and said in err and "photo, not a tile" not in err, err


def test_a_text_file_is_not_a_photo(capsys, monkeypatch, tmp_path):
    """An existing file that is no image (and has no photo suffix) is a misspelt tile as before."""
    notes = tmp_path / "notes"
    notes.write_text("rarin\n")
    code, _, err = _run(capsys, monkeypatch, "en", ["score", "--game", "nogizaka", str(notes)])
    assert code == 2 and "unknown tile" in err and "photo" not in err.split("unknown tile")[0], err
