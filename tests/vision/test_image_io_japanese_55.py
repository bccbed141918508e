"""Session 55 (f13): ``vision.image_io``'s Japanese messages are plain Japanese sentences. The file's name once, at the
start ("IMG_0005.avif: ", which the app's pages, `label check` and `tilelens check` take off where they name the photo
themselves), then whole sentences each ended with 。, no English-style 「: 」 chains after the name; a damaged HEIC's
advice fits a photo sent from the phone itself (take or choose it again), not only one copied off it."""
from __future__ import annotations

import ast
import io
import re
from functools import partial
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from photo_message_helpers import VIDEO, dng as _dng, saved

from vision import image_io
from vision.image_io import ImageError, check_whole, load_image

HEIC = Path(__file__).parent / "data" / "heic" / "marked-orientation6.heic"
CORRUPT_AVIF = Path(__file__).parent / "data" / "damaged" / "corrupt.avif"
_saved = partial(saved, seed=3)


def _rendered(node: ast.expr, constants: dict[str, str]) -> str | None:
    """The text of a message's Japanese as written in the source, each value put in as X; None where it is built
    elsewhere (a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) else "X" for part in node.values)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
            and isinstance(node.func.value, ast.Name) and node.func.value.id in constants):
        return constants[node.func.value.id].replace("{}", "X")
    return None


def _source_messages() -> list[tuple[int, str]]:
    """Every Japanese message ``ImageError`` is given in image_io.py, as written (line, text)."""
    tree = ast.parse(Path(image_io.__file__).read_text(encoding="utf-8"))
    constants = {t.id: n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
                 and isinstance(n.value.value, str)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ImageError" and len(node.args) == 2:
            text = _rendered(node.args[1], constants)
            assert text is not None, f"line {node.lineno}: a Japanese message this test cannot read as written"
            found.append((node.lineno, text))
    return found


def _body(message_ja: str, name: str = "X") -> str:
    """A message without the name it begins with."""
    return message_ja.removeprefix(f"{name}: ")


def _plain(body: str) -> list[str]:
    """What is wrong with a message's words after the file's name: English-style colons, no full stop."""
    wrong = []
    if ": " in body or "：" in body:
        wrong.append("a colon after the name")
    if not body.endswith("。"):
        wrong.append("no 。 at its end")
    if re.search(r"\?\)?$|\?\)", body):
        wrong.append("an English question mark")
    return wrong


def test_every_japanese_message_of_image_io_is_sentences_after_the_name():
    messages = _source_messages()
    assert len(messages) >= 29, messages  # every one of them found
    bad = {f"line {line}: {text}": wrong for line, text in messages if (wrong := _plain(_body(text)))}
    assert not bad, "\n".join(f"{k} -> {v}" for k, v in bad.items())


def _bad_photos() -> dict[str, bytes]:
    avif, webp = _saved("AVIF", quality=70), _saved("WEBP", quality=80)
    jpeg = _saved("JPEG", quality=90)
    bad_webp = bytearray(webp)
    bad_webp[20:30] = b"\xff" * 10  # its picture's frame header: no decoder takes it
    return {"IMG_0001.jpg": b"", "notes.txt": b"shopping list: tea, milk" * 10, "IMG_0002.jpg": jpeg[:400],
            "IMG_0005.avif": avif[:len(avif) // 2], "IMG_0006.webp": webp[:len(webp) // 2],
            "IMG_0007.webp": bytes(bad_webp), "IMG_0008.avif": CORRUPT_AVIF.read_bytes(),
            "IMG_0009.heic": HEIC.read_bytes()[:len(HEIC.read_bytes()) // 2], "IMG_0010.DNG": _dng(),
            "IMG_0011.MOV": VIDEO, "IMG_0012.jpg": _long_thin()}


def _long_thin() -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.zeros((10, 2000, 3), np.uint8)).save(out, "JPEG")
    return out.getvalue()


def test_a_photo_that_cannot_be_read_is_named_once_then_said_in_sentences(tmp_path):
    said = {}
    for name, data in _bad_photos().items():
        path = tmp_path / name
        path.write_bytes(data)
        for how, read in (("bytes", lambda: load_image(data, name)), ("path", lambda: load_image(path)),
                          ("check", lambda: check_whole(path, name))):
            try:
                read()
            except ImageError as exc:
                named = str(path) if how == "path" else name
                said[f"{name} ({how})"] = (exc.message_ja, named)
    assert len(said) == 3 * 11 - 1, said  # the JPEG too long and thin is whole (check_whole), refused when read
    for what, (message_ja, named) in said.items():
        assert message_ja.startswith(f"{named}: "), (what, message_ja)
        body = _body(message_ja, named)
        assert name_once(body, named), (what, message_ja)
        assert not _plain(body), (what, message_ja, _plain(body))


def name_once(body: str, named: str) -> bool:
    return Path(named).name not in body


def test_an_avif_cut_short_reads_as_plain_japanese():
    data = _saved("AVIF", quality=70)
    with pytest.raises(ImageError) as caught:
        load_image(data[:len(data) // 2], "IMG_0005.avif")
    assert caught.value.message_ja == ("IMG_0005.avif: AVIF のファイルが途中で切れています。ダウンロードかコピーが途中で"
                                       "終わったようです。撮り直すか選び直してください (コピーし直してもかまいません)。")
    assert "写真" not in caught.value.message_ja  # the page says 「写真を読めません。」 before it


def test_a_damaged_heic_asks_for_the_photo_again_not_only_a_copy_off_the_phone():
    error = image_io._heic_damaged("IMG_0042.heic", "IMG_0042.heic")
    assert "take or choose the photo again (or copy it again)" in str(error), str(error)
    assert "off the phone" not in str(error)
    assert "撮り直すか選び直してください (コピーし直してもかまいません)" in error.message_ja, error.message_ja
    assert "スマホからコピー" not in error.message_ja


@pytest.mark.parametrize("pixels, mp", [(500_000_000, "500"), (None, "")])
def test_a_photo_too_large_is_said_in_sentences_in_both_languages(pixels, mp):
    error = image_io.too_large(pixels, "big.jpg")
    assert not _plain(_body(error.message_ja, "big.jpg")), error.message_ja
    assert "スマホで撮ったままの写真は読めます" in error.message_ja
    assert ("メガピクセルの写真" in error.message_ja) == bool(mp) and "268メガピクセルまで" in error.message_ja
    assert "a photo is larger" not in str(error), str(error)  # "big.jpg: a photo is larger than ..." read oddly
