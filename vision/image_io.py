"""Reading photos and fitting them to a model's input.

``load_image`` accepts a path, raw bytes, a binary stream (an open file, ``io.BytesIO``), a PIL image or an array
and always returns an upright BGR ``uint8`` array
(EXIF orientation applied, as a phone photo is meant to be seen; what is transparent laid over grey:
``flatten``). JPEG, PNG, WebP and the other formats Pillow reads, and HEIC/HEIF (an iPhone's own format)
through ``pi-heif``, in a child process (a damaged one crashed the decoder, and the process with it). A RAW (DNG)
photo and a video are refused as such. Anything that is not a readable image raises ``ImageError`` with one line
naming the problem; ``check_whole`` says whether a photo file is all
there and decodes (what ``load_image`` would read), decoding it as small as it can. ``letterbox`` resizes with the aspect ratio kept
and pads to a square; its ``Letterbox`` record maps boxes back to the original pixels.
"""
from __future__ import annotations

import io
import json
import os
import math
import re
import subprocess
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from scorer.paths import PHOTO_NOUN, loop_chain, loop_said  # a loop of links, said as every command says it
from scorer.result import TilelensInputError

try:  # iPhones save HEIC: photos copied off a phone are read as they are. pi-heif is pillow-heif's
    # decoder-only build (its wheels leave out the GPL x265 encoder); reading is all tilelens does.
    from pi_heif import register_heif_opener
except ImportError:  # an install without it still reads JPEG, PNG and WebP
    register_heif_opener = None
if register_heif_opener is not None:
    register_heif_opener()

# Longest side kept when loading by default (labelling, crops for training). Phone photos (4032 px) pass
# unchanged; larger ones (a 48-megapixel phone's 8064 px) are shrunk, which bounds memory and time, and a
# reading is mapped back to their own pixels (``load_image_sized`` gives the size to map to). A photo is
# *read* smaller still (``vision.READ_SIDE``).
MAX_SIDE = 4096
EXIF_ORIENTATION = 0x0112  # 5-8: the picture is stored turned a quarter, so width and height swap
# Refuse to even decode absurd images (PIL's bomb guard, raised from its default warning level).
MAX_PIXELS = 16384 * 16384


# Most bytes read from a stream given as a photo (a pipe: ``tilelens read <(...)`` or ``-``): a photo file larger
# than this is no photo (a 268-megapixel PNG stored raw is 800 MB); /dev/zero is read until memory runs out.
MAX_STREAM_BYTES = 1 << 30
# ... and from a photo file: one larger is refused before it is read (500 MB of zeros named .jpg was read whole first).
MAX_FILE_BYTES = MAX_STREAM_BYTES
# A photo file larger than this has its first bytes looked at before it is read whole (``_photo_bytes``): one no
# image starts as is refused unread. Smaller ones are read whole as they were, each said in its own words.
HEAD_FIRST_FROM = 16 << 20
# How a photo file starts: the formats whose header may lie beyond what ``_HEAD_READ`` holds (a JPEG's EXIF and ICC
# blocks, a TIFF's directory at its end, a PSD's resources), and those said in words of their own (``ftyp``: a
# HEIC, an AVIF, a video; a WebP read by OpenCV): read whole as before, whatever their size.
_IMAGE_STARTS = (b"\xff\xd8\xff", b"\x89PNG", b"GIF8", b"BM", b"II*\x00", b"MM\x00*", b"8BPS", b"RIFF")
_HEAD_READ = 1 << 16

# What the transparent part of a PNG, WebP or GIF becomes (half-transparent pixels are blended with it): the plain
# grey the detector's own padding is (``letterbox``), which it learnt is no tile. What an editor stores under pixels it
# made transparent (an eraser keeps the picture it erased; other tools black or white) is not shown, so not read.
TRANSPARENT_GREY = 114

MAX_ASPECT = 50  # a strip photo of a wall of tiles may be 25 times as long as it is high; 50 leaves them 32 px
# high at the reader's 1600 px; more is not a photo of tiles


class ImageFault(StrEnum):
    """What is wrong with the bytes of a photo that cannot be read, where a page tells it apart from the rest (the app's
    photo page looks again at bytes that decode to nothing: a PDF is said as one): by this, not by the words said."""

    EMPTY = "empty"
    NOT_AN_IMAGE = "not an image"
    DAMAGED = "damaged"  # whole in length, its picture cannot be decoded (``damaged``)
    NO_PIXELS = "no pixels"


class ImageError(TilelensInputError):
    """A photo that cannot be read: missing, empty, corrupt, not an image, or of an odd shape. ``fault``: what is
    wrong with its bytes, where it is one of ``ImageFault``'s (else None)."""

    def __init__(self, message: str = "", message_ja: str = "", fault: ImageFault | None = None) -> None:
        super().__init__(message, message_ja)
        self.fault = fault


def empty_file(name: str, name_ja: str | None = None) -> ImageError:
    """What every reader says of an empty file named ``name`` (``name_ja`` in Japanese, else ``name``): ``read``, the
    app, and ``label check`` (``tilelens.labelling.yolo.image_size``) in one wording."""
    return ImageError(f"{name}: empty file, not an image: copy the photo again",  # a copy cut short, as a rule
                      f"{name if name_ja is None else name_ja}: 空のファイルで、写真ではありません。写真をコピーし直してください。",
                      fault=ImageFault.EMPTY)


def _describe(source: object) -> str:
    return str(source) if isinstance(source, (str, Path)) else f"<{type(source).__name__}>"


def _from_array(arr: np.ndarray) -> np.ndarray:
    import cv2  # here, not at the top: the child that decodes a HEIC (``_heif_child``) starts without it (~0.1 s)

    if arr.dtype != np.uint8:
        raise ImageError(f"image array must be uint8 (0-255), got {arr.dtype}",
                         f"画像の配列は uint8 (0-255) にしてください。いまは {arr.dtype} です。")
    if arr.ndim == 2:
        return cv2.cvtColor(arr, cv2.COLOR_GRAY2BGR)
    if arr.ndim == 3 and arr.shape[2] == 3:
        return np.ascontiguousarray(arr)
    if arr.ndim == 3 and arr.shape[2] == 4:
        return cv2.cvtColor(arr, cv2.COLOR_BGRA2BGR)
    raise ImageError(f"image array must be HxW, HxWx3 or HxWx4, got shape {arr.shape}",
                     f"画像の配列の形は HxW、HxWx3 か HxWx4 にしてください。いまは {arr.shape} です。")


# What ``load_image`` takes, as a message about anything else says it.
TAKEN = ("a file path, the file's bytes, a binary stream (an open file, io.BytesIO), a PIL image or a numpy array "
         "(BGR)")
TAKEN_JA = "ファイルのパス、ファイルのバイト列、バイナリのストリーム (開いたファイル、io.BytesIO)、PIL の画像か numpy の配列 (BGR)"


def _not_taken(source: object) -> ImageError:
    """The error for a ``source`` that is no kind of image ``load_image`` takes, naming those it takes."""
    what = "no image given (None)" if source is None else f"cannot read an image from {_describe(source)}"
    what_ja = "写真が渡されていません (None)" if source is None else f"{_describe(source)} から写真を読めません"
    return ImageError(f"{what}: give {TAKEN}", f"{what_ja}。{TAKEN_JA}を渡してください。")


def _stream_name(stream: object) -> str:
    """What an error about ``stream`` calls it: an open file's path, else "image stream"."""
    name = getattr(stream, "name", None)
    return name if isinstance(name, str) and name else "image stream"


def _stream_data(stream, name: str, name_ja: str) -> bytes:
    """All of the binary ``stream`` (an open file, ``io.BytesIO``), from its start where it can go back there (as
    Pillow's ``Image.open`` reads one: a ``BytesIO`` just written to is read whole), bounded as ``read_stream``."""
    try:
        if stream.seekable():
            stream.seek(0)
    except (AttributeError, OSError, ValueError):  # no seekable(), or closed: read it as it is, and say so there
        pass
    try:
        return read_stream(stream, name, name_ja)
    except ImageError:  # read_stream's own, said as it is
        raise
    except UnicodeDecodeError:  # open(path) without "rb": a JPEG's first byte (0xff) is no UTF-8 (a ValueError too)
        raise _opened_as_text(name, name_ja) from None
    except ValueError as exc:  # "I/O operation on closed file"
        raise ImageError(f"{name}: cannot be read ({exc}): give a stream that is open",
                         f"{name_ja}: ストリームが閉じているので読めません。開いたままのストリームを渡してください。") from None
    except OSError as exc:
        raise ImageError(f"{name}: cannot be read ({exc.strerror or exc})", f"{name_ja}: 読み込めません。") from None


_WIDE_GREY = ("I;16", "I;16L", "I;16B", "I;16N", "I", "F")  # Pillow's modes for 16-bit, 32-bit and float grey


# Rows of a wide grey image converted at a time (``_grey_to_8bit``), about this many pixels: a 48-megapixel 16-bit
# PNG converted whole in floats took 1.3 GB at its peak (a float copy is 8 bytes a pixel, and each step made one).
_BAND_PIXELS = 1 << 18


def _bands(im: Image.Image) -> Iterator[tuple[int, np.ndarray]]:
    """``im``'s pixels a band of rows at a time (``_BAND_PIXELS``), each as an array of its own type, with its
    first row: no copy of the whole image is made."""
    w, h = im.size
    rows = max(1, _BAND_PIXELS // max(w, 1))
    for y in range(0, h, rows):
        yield y, np.asarray(im.crop((0, y, w, min(h, y + rows))))


def _grey_to_8bit(im: Image.Image) -> Image.Image:
    """A grey image of more than 8 bits (a 16-bit PNG or TIFF, a scanner's float TIFF) as 8-bit grey, its
    values scaled from their type's range: Pillow's own conversion clips every value over 255, so a 16-bit
    photo came out all white and read as no tiles. Values that all fit 8 bits (an 8-bit photo stored
    wide) are kept; floats up to 1.0 are taken as 0..1. Converted a band of rows at a time (``_bands``), each
    in floats as the whole was: the same pixels, in a fraction of the memory."""
    w, h = im.size
    maxima = [band.max() for _, band in _bands(im) if band.size]
    top = float(np.max(maxima)) if maxima else 0.0
    if im.mode == "F" and top <= 1.0:
        scale = 255.0
    elif top <= 255.0:
        scale = 1.0
    elif top <= 65535.0:
        scale = 255.0 / 65535.0
    else:
        scale = 255.0 / top
    out = np.empty((h, w), np.uint8)
    for y, band in _bands(im):
        f = np.multiply(band, scale, dtype=np.float64)  # one float copy of the band, rounded and clipped in place
        out[y:y + len(band)] = np.clip(np.rint(f, out=f), 0, 255, out=f)
    return Image.fromarray(out, "L")


def flatten(im: Image.Image) -> Image.Image:
    """``im`` as RGB, what is transparent in it (an alpha channel, or a palette's or a grey's transparent
    colour) laid over ``TRANSPARENT_GREY``, as the reader sees it; an image with nothing transparent as it is,
    and one whose alpha hides everything by its colours alone. What shows a photo the reader reads (the Label
    page's editor) should convert through this after ``to_8bit``. Laid over a band of rows at a time
    (``_BAND_PIXELS``; each pixel on its own, so the same pixels as laid over whole): full-size RGBA copies of a
    48-megapixel PNG with alpha (its RGBA, the grey under it, the two laid over each other) took ~900 MB."""
    if im.mode not in ("RGBA", "LA", "PA", "RGBa", "La") and "transparency" not in im.info:
        return im
    w, h = im.size
    rows = max(1, _BAND_PIXELS // max(w, 1))

    def band(y: int) -> Image.Image:
        return im.crop((0, y, w, min(h, y + rows))).convert("RGBA")

    if im.mode == "RGBA":  # its alpha's extremes read in place
        shows = im.getextrema()[3][1] > 0
    else:
        shows = any(band(y).getchannel("A").getextrema()[1] > 0 for y in range(0, h, rows))
    out = Image.new("RGB", im.size)
    for y in range(0, h, rows):
        part = band(y)
        if shows:  # else nothing would show: an alpha written wrong (a tool's zero fourth byte); the colours are
            under = Image.new("RGBA", part.size, (TRANSPARENT_GREY,) * 3 + (255,))  # all there is
            under.alpha_composite(part)
            part = under
        out.paste(part.convert("RGB"), (0, y))
    return out


def to_8bit(im: Image.Image) -> Image.Image:
    """``im`` with a grey of more than 8 bits made 8-bit grey as the reader makes it (``_grey_to_8bit``);
    any other image as it is. Everything that shows a photo the reader reads (the Label page's editor)
    converts through this, so that what is labelled is what is read."""
    return _grey_to_8bit(im) if im.mode in _WIDE_GREY else im


def cut_short(exc: BaseException, name: str, name_ja: str | None = None) -> ImageError | None:
    """The error to raise for Pillow's ``exc`` when it says the file stops before the picture does (a copy or
    an upload that ended part way: "image file is truncated", "Truncated File Read"), else None: what every reader
    says of it (``load_image``, ``check_whole``, ``label check``'s ``tilelens.labelling.yolo.image_size``). The
    error's own words, not its file's name (a permission error on truncated_hand.jpg is no file cut short)."""
    if not isinstance(exc, OSError):
        return None
    words = str(exc) if exc.filename is None else str(exc.strerror or "")  # str(exc) names its file where it has one
    if "truncated" not in words.lower():
        return None
    return _cut_short_said(name, name if name_ja is None else name_ja)


def a_folder(name: str, named: bool = True) -> ImageError:
    """What every reader says of a folder where a photo belongs: that it is one, not "not an image". ``named``: a
    person named it as a photo (``tilelens read DIR``), told to name the photos in it; else a dataset's photo that is
    a folder."""
    if named:
        return ImageError(f"{name}: a folder, not an image file (name the photos in it)",
                          f"{name}: フォルダです。写真のファイルを指定してください。")
    return ImageError(f"{name}: a folder, not an image file", f"{name}: フォルダで、写真のファイルではありません。")


def not_an_image(name: str, name_ja: str | None = None) -> ImageError:
    """What every reader says of a file Pillow does not know as an image (``UnidentifiedImageError``), none of the
    kinds said on their own (a HEIC, a video, an AVIF or WebP cut short): ``read``, the app and ``label check``."""
    return ImageError(f"{name}: not an image (unknown or unsupported format)",
                      f"{name if name_ja is None else name_ja}: 写真ではありません。形式が不明か、対応していない形式です。",
                      fault=ImageFault.NOT_AN_IMAGE)


def damaged(name: str, name_ja: str | None = None, why: str = "", fmt: str = "") -> ImageError:
    """What every reader says of a photo whose picture cannot be decoded, its file whole in length (a JPEG's tables
    damaged, an AVIF's picture): ``load_image``, ``check_whole`` and ``unreadable`` alike, so ``read``, ``check``,
    ``label check``, ``enroll`` and the app in one wording. ``why``: the decoder's own words, in the English only
    (default "the file is corrupt"); ``fmt``: the format where it is named ("AVIF")."""
    ja = name if name_ja is None else name_ja
    photo, photo_ja = (f"{fmt} photo", f"{fmt} のファイル") if fmt else ("photo", "ファイル")
    return ImageError(f"{name}: a damaged {photo}: its picture cannot be decoded ({why or 'the file is corrupt'}): "
                      f"{AGAIN_EN}",
                      f"{ja}: {photo_ja}が壊れていて、中身を読めません。撮り直すか選び直してください (コピーし直しても"
                      f"かまいません)。", fault=ImageFault.DAMAGED)


def unreadable(path: str | Path, name: str = "", exc: BaseException | None = None) -> ImageError:
    """Why the photo file at ``path`` (named ``name``, else its path) cannot be read, in the reader's words
    (``check_whole``'s): for a reader that opened it, or its header, and failed (``label check``'s size of a photo,
    ``label init``'s photo it may not open, the Label page's picture of it, an evaluation's photo), which would
    otherwise word the same file its own way. ``exc``: what the reader ran into, where it says the file stops short
    (:func:`cut_short`), that. ``not_an_image`` where ``check_whole`` finds nothing wrong (the file changed since),
    and for what is no file (a named pipe: opening it to read waits for a writer, for ever where none comes)."""
    if exc is not None and (short := cut_short(exc, name or str(path))) is not None:
        return short
    if Path(path).is_dir():
        return a_folder(name or str(path), named=False)
    if not Path(path).is_file():
        return not_an_image(name or str(path))
    try:
        check_whole(path, name)
    except ImageError as exc:
        return exc
    return not_an_image(name or str(path))


def too_large(pixels: int | None, name: str, name_ja: str | None = None) -> ImageError:
    """The error for a photo of ``pixels`` (None: not known) over ``MAX_PIXELS``, in one line naming the photo
    and the limit: Pillow's own words ("could be decompression bomb DOS attack") name no photo and say
    nothing to do."""
    ja = name if name_ja is None else name_ja
    limit = _megapixels(MAX_PIXELS)
    mp = _megapixels(pixels) if pixels else ""
    size, size_ja = (f"a photo of {mp} megapixels", f"{mp}メガピクセルの写真で、") if pixels else ("the photo", "")
    return ImageError(f"{name}: {size} is larger than tilelens reads (at most {limit} megapixels): save it smaller "
                      f"(a phone's own photos fit)",
                      f"{ja}: {size_ja}大きすぎて読めません。tilelens が読めるのは{limit}メガピクセルまでです。"
                      f"小さくして保存し直してください (スマホで撮ったままの写真は読めます)。")


def _megapixels(pixels: int) -> str:
    """``pixels`` in megapixels as a message says them: "400", "1,600", "0.25"."""
    return f"{pixels / 1e6:,.0f}" if pixels >= 1e7 else f"{pixels / 1e6:.3g}"


def _pixels_said(exc: BaseException) -> int | None:
    """The pixels Pillow's bomb error names: "Image size (1600000000 pixels) exceeds limit of ..."."""
    found = re.search(r"\((\d+) pixels\)", str(exc))
    return int(found[1]) if found else None


# Pillow's bomb guard at the reader's limit: its error (over twice the limit) is caught where a photo is
# opened, and a photo between the limit and twice it, which Pillow only warns of and decodes, is refused
# there by its size (``_refuse_too_large``). The warning itself is silenced once for the process, not
# around each open: ``warnings.catch_warnings`` is not thread-safe, and the app reads photos in threads.
Image.MAX_IMAGE_PIXELS = MAX_PIXELS
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)
# Pillow's words on an EXIF block it reads only in part ("Corrupt EXIF data. Expecting to read 2 bytes but only got
# 0.", "Metadata Warning, tag 274 had too many entries"), with its own file and line on standard error: the photo is
# read all the same (the tags it could read kept), so there is nothing for a person to do. Once, as above.
warnings.filterwarnings("ignore", message=r"(possibly )?corrupt exif|metadata warning", category=UserWarning,
                        module=r"PIL\.")
# ... and all of its TIFF directory reader's (an EXIF block is one: an orientation tag of a wrong type whose data lies
# past the block's end said "Truncated File Read"; "Tag data larger than file"): a TIFF photo it cannot decode is
# refused where it is decoded, with words of ours. Likewise a JPEG taken as a base JPEG, its MPO header damaged.
warnings.filterwarnings("ignore", category=UserWarning, module=r"PIL\.TiffImagePlugin")
warnings.filterwarnings("ignore", message=r"image appears to be a malformed mpo", category=UserWarning,
                        module=r"PIL\.")


def _refuse_too_large(im: Image.Image, name: str, name_ja: str | None = None) -> None:
    """Raise ``too_large`` for an opened photo of more pixels than ``MAX_PIXELS`` (its header read only)."""
    if im.width * im.height > MAX_PIXELS:
        raise too_large(im.width * im.height, name, name_ja)


def check_whole(path: str | Path, name: str = "") -> tuple[int, int] | None:
    """Raise ``ImageError`` (one line naming ``name``, else the path) unless the photo file at ``path``
    decodes to its end as ``load_image`` decodes it. Returns the upright size (w, h) of a HEIC/HEIF, which its
    child process read as it decoded it (``yolo.image_size`` need not start another to read its header), else None.
    Reading a photo's size reads its header only, which a file cut short (a copy or an upload that stopped part way)
    still has, and a file damaged inside ends as a whole one does (a JPEG's end marker, a PNG's IEND: a file taken
    as whole from those bytes alone was refused by the reader). So every photo is decoded: a JPEG at an eighth of its
    size (which still reads all its data: 30 12-megapixel JPEGs checked in ~1 s), a plain WebP by OpenCV as the
    reader decodes it (``_webp_by_opencv``), a HEIC/HEIF in a child process (``_heif_apart``), any other by Pillow."""
    path = Path(path)
    name = name or str(path)
    try:
        with open(path, "rb") as f:
            raw = _dng(f)
        data = _photo_bytes(path, name)
    except OSError as exc:
        raise ImageError(f"{name}: cannot be read ({exc.strerror or exc})", f"{name}: ファイルを読めません。") from None
    if raw:
        raise _raw_said(name, name)
    if not data:
        raise empty_file(name)
    head = data[:64]  # a HEIC/HEIF's brands (``_heif``), an AVIF's, a WebP's header
    if is_heif(head):
        apart = _heif_apart(data, name, name, _CHECK_SIDE)
        if apart is not None:  # decoded whole in a child process
            return apart[1]
    if _webp_by_opencv(data) is not None:  # what the reader decodes a plain WebP with
        return None
    try:
        Image.MAX_IMAGE_PIXELS = MAX_PIXELS
        with Image.open(io.BytesIO(data)) as im:
            _refuse_too_large(im, name)
            if im.format in ("JPEG", "MPO"):
                im.draft("RGB", (1, 1))  # the smallest scale libjpeg offers: fast, every byte still read
            im.load()
    except ImageError:  # _refuse_too_large's, said as it is
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:  # the warning: where filters make it one
        raise too_large(_pixels_said(exc), name) from None
    except (OSError, SyntaxError, ValueError, EOFError, RuntimeError) as exc:  # OSError: unidentified too; EOFError,
        # RuntimeError: what the HEIF and AVIF decoders raise for a picture they cannot decode
        if _heif(head) and register_heif_opener is not None:  # a HEIC/HEIF's header, its picture not there whole
            raise _heic_unread(name, name) from None
        if _video(head):
            raise _video_said(name, name) from None
        said = _avif_or_webp_unread(data, name, name)
        if said is not None:
            raise said from None
        if isinstance(exc, UnidentifiedImageError):  # Pillow's words name the file by its path, or a BytesIO
            raise not_an_image(name) from None
        raise cut_short(exc, name) or damaged(name, why=str(exc)) from None
    return None


def _avif(head: bytes) -> bool:
    """True when ``head`` (a file's first bytes) starts as an AVIF does: an ``ftyp`` box naming ``avif`` or
    ``avis`` (an AVIF sequence), and no HEIC/HEIF (``_heif``)."""
    if head[4:8] != b"ftyp" or _heif(head):
        return False
    brands = head[8:min(max(int.from_bytes(head[:4], "big"), 16), len(head))]
    return any(brands[i:i + 4] in (b"avif", b"avis") for i in range(0, len(brands) - 3, 4) if i != 4)


def _webp(head: bytes) -> bool:
    return head[:4] == b"RIFF" and head[8:12] == b"WEBP"


def _boxes_cut_short(data: bytes) -> bool:
    """True when the ISO media file ``data`` (an AVIF) stops inside one of its top-level boxes: a copy or a
    download that ended part way (its ``mdat``, the picture, is last and largest)."""
    pos = 0
    while pos + 8 <= len(data):
        size = int.from_bytes(data[pos:pos + 4], "big")
        if size == 1:  # a 64-bit size after the type
            if pos + 16 > len(data):
                return True
            size = int.from_bytes(data[pos + 8:pos + 16], "big")
        elif size == 0:  # the last box, to the file's end
            return False
        if size < 8:  # no box is that small: damaged, not cut short
            return False
        if pos + size > len(data):
            return True
        pos += size
    return pos < len(data)  # a box's header begun and not ended


# What to do about a photo cut short or damaged: a phone takes or chooses it again (it copies nothing), a computer
# copies it again; each message of such a file says it so, in Japanese 「撮り直すか選び直してください (コピーし直しても
# かまいません)。」, written out in each (tests/vision/test_image_io_japanese_55.py reads them from this file) (a
# phone's visitor was told 「もう一度コピーしてください」, which a phone cannot follow)
AGAIN_EN = "take or choose the photo again (or copy it again)"


def _avif_or_webp_unread(data: bytes, name: str, ja: str) -> ImageError | None:
    """The error for an AVIF or a WebP (by its header) that cannot be decoded: cut short (a WebP's RIFF size, an
    AVIF's boxes reach past its end: Pillow says "cannot identify image file", "could not create decoder object")
    or damaged inside; either way to be copied again. None for any other file."""
    if _avif(data[:64]):
        fmt = "AVIF"
        from PIL import features

        if not features.check("avif"):  # Pillow older than 11.3 reads no AVIF, whole or not
            return ImageError(f"{name}: an AVIF photo, which this install cannot read (its Pillow has no AVIF "
                              f"decoder): save it as JPEG",
                              f"{ja}: AVIF の写真ですが、このインストールの Pillow には AVIF を読み込む機能がないので"
                              f"読めません。JPEG で保存し直してください。")
        short = _boxes_cut_short(data)
    elif _webp(data[:64]):
        fmt = "WebP"
        short = len(data) < 8 + int.from_bytes(data[4:8], "little")
    else:
        return None
    if short:
        a = "an" if fmt == "AVIF" else "a"
        return ImageError(f"{name}: {a} {fmt} photo cut short (an incomplete download or copy): {AGAIN_EN}",
                          f"{ja}: {fmt} のファイルが途中で切れています。ダウンロードかコピーが途中で終わったようです。"
                          "撮り直すか選び直してください (コピーし直してもかまいません)。")
    return damaged(name, ja, fmt=fmt)


def _opened_as_text(name: str, ja: str) -> ImageError:
    """A photo's stream opened as text (``open(path)`` without "rb"): its bytes read as text, or failing to."""
    return ImageError(f"{name}: opened as text: open the photo in binary mode (open(path, 'rb'))",
                      f"{ja}: テキストとして開かれています。写真はバイナリで開いてください (open(path, 'rb'))。")


def read_stream(stream, name: str, name_ja: str | None = None) -> bytes:
    """All of a binary stream given as a photo (a pipe, standard input), refused with ``ImageError`` naming
    ``name`` once it runs to more than ``MAX_STREAM_BYTES``."""
    chunks, size = [], 0
    while size <= MAX_STREAM_BYTES:  # in pieces: one read of the limit would set aside all of it at once
        chunk = stream.read(min(1 << 20, MAX_STREAM_BYTES + 1 - size))
        if not chunk:
            break
        if isinstance(chunk, str):  # open(path) without "rb": a photo's bytes read as text
            raise _opened_as_text(name, name if name_ja is None else name_ja)
        chunks.append(chunk)
        size += len(chunk)
    if size > MAX_STREAM_BYTES:  # said before the pieces are joined: the join would need as much again
        ja = name if name_ja is None else name_ja
        limit = f"{MAX_STREAM_BYTES / (1 << 20):,.0f} MB"
        raise ImageError(f"{name}: more than {limit} came without an end: no photo is that large",
                         f"{ja}: {limit}を超えても終わらないので、写真ではありません。")
    return b"".join(chunks)


def _photo_bytes(path: Path, name: str) -> bytes:
    """All the bytes of the photo file ``path`` (named ``name`` in an error), refused with ``ImageError`` unread where
    it is larger than ``MAX_FILE_BYTES``, or larger than ``HEAD_FIRST_FROM`` and starting as no image does (its first
    bytes no image format's Pillow knows, ``_IMAGE_STARTS`` aside): never read whole to be refused."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size > MAX_FILE_BYTES:
            mb, limit = f"{size / (1 << 20):,.0f} MB", f"{MAX_FILE_BYTES / (1 << 20):,.0f} MB"
            raise ImageError(f"{name}: a file of {mb}, larger than any photo tilelens reads (at most {limit}): no "
                             f"photo is that large; save it smaller, or check it is a photo",
                             f"{name}: {mb}のファイルで、大きすぎて読めません。tilelens が読めるのは{limit}までです。"
                             f"小さくして保存し直すか、写真のファイルか確かめてください。")
        head = f.read(_HEAD_READ)
        if size > HEAD_FIRST_FROM and not head.startswith(_IMAGE_STARTS) and head[4:8] != b"ftyp" \
                and not _opens_as_image(head):
            raise not_an_image(name)
    return path.read_bytes()


def _opens_as_image(head: bytes) -> bool:
    """Whether Pillow knows ``head`` (a file's first bytes) as the start of an image (its header read only). Given
    the bytes, not the file: some of its readers read a file of zeros whole to find it is none."""
    try:
        with Image.open(io.BytesIO(head)):
            return True
    except UnidentifiedImageError:
        return False
    except Exception:  # noqa: BLE001 (known, cut short here: read whole, it is said in the reader's words)
        return True


def is_stream(path: str | Path) -> bool:
    """True for a path that is there but is no file or folder: a pipe (``tilelens read <(...)``), /dev/null, a
    device. It can be read once only: ``read_path_stream`` reads it whole."""
    path = Path(path)
    return path.exists() and not path.is_file() and not path.is_dir()


def read_path_stream(path: str | Path, waiting: Callable[[], None] | None = None, after: float = 2.0) -> bytes:
    """All of the stream at ``path`` (``is_stream``), bounded as ``read_stream``; ``ImageError`` naming it when it
    cannot be opened. ``waiting``: called once (from another thread) where no data has come ``after`` seconds on
    (a pipe no one writes to yet waits for ever): the command line says so, not silent."""
    timer = threading.Timer(after, waiting) if waiting is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        with open(path, "rb") as stream:  # a pipe: waits here for a writer, then for its first bytes
            return read_stream(_OnFirstRead(stream, timer.cancel) if timer is not None else stream, str(path))
    except OSError as exc:
        raise ImageError(f"{path}: cannot be read ({exc.strerror or exc})",
                         f"{path}: ファイルを読めません。") from None
    finally:
        if timer is not None:
            timer.cancel()


class _OnFirstRead:
    """A stream that calls ``then`` once, when its first read has returned (data, or its end)."""

    def __init__(self, stream: BinaryIO, then: Callable[[], None]):
        self.stream, self.then = stream, then

    def read(self, size: int = -1) -> bytes:
        chunk = self.stream.read(size)
        if self.then is not None:
            then, self.then = self.then, None
            then()
        return chunk


# The brands of an ISO media file (its first box, ``ftyp``: its own brand, then those it is compatible with) that
# say it holds a HEIC/HEIF picture, as iPhones and other phones write them.
_HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1"}


def _heif(data: bytes) -> bool:
    """True when ``data`` starts as a HEIC/HEIF file does: an ``ftyp`` box naming one of ``_HEIF_BRANDS``, and not
    as its own brand an AVIF's (which names ``mif1`` too: Pillow's own AVIF decoder reads it, and a damaged one is no
    HEIC to be told of as an iPhone's)."""
    if data[4:8] != b"ftyp" or data[8:12] in (b"avif", b"avis"):
        return False
    size = int.from_bytes(data[:4], "big")
    brands = data[8:min(max(size, 16), 256)]
    return any(brands[i:i + 4] in _HEIF_BRANDS for i in range(0, len(brands) - 3, 4) if i != 4)  # 4: a version


def _cut_short_said(name: str, ja: str) -> ImageError:
    return ImageError(f"{name}: the file is cut short (an incomplete download or copy): {AGAIN_EN}",
                      f"{ja}: ファイルが途中で切れています。ダウンロードかコピーが途中で終わったようです。"
                      f"撮り直すか選び直してください (コピーし直してもかまいません)。")


def _heic_unread(name: str, ja: str) -> ImageError:
    """A HEIC/HEIF's header and no picture decoded after it: cut short (copied off a phone in part), or of a kind
    the decoder does not take; what to do about either (the app's upload and ``tilelens read`` say the same)."""
    return ImageError(f"{name}: a HEIC photo (an iPhone's own format) that cannot be decoded: if it is cut short, "
                      f"{AGAIN_EN}; else use a JPEG or PNG (on an iPhone: Settings > Camera > Formats > Most "
                      f"Compatible)",
                      f"{ja}: 読めない HEIC の写真 (iPhone の形式) です。ファイルが途中までしかないなら、撮り直すか"
                      f"選び直してください (コピーし直してもかまいません)。"
                      f"JPEG か PNG を使うこともできます (iPhone では 設定 > カメラ > フォーマット > 互換性優先)。")


def _heic_damaged(name: str, ja: str) -> ImageError:
    """A HEIC/HEIF whose decoding ended the child process that decoded it (``_heif_apart``): a damaged file."""
    # each reason a whole sentence (the app's event page puts it after 「… は読めません。」), and "use", not "send": a
    # command line is sent nothing
    return ImageError(f"{name}: a damaged HEIC photo: its decoder failed on it (the file is corrupt): {AGAIN_EN}, "
                      f"or use a JPEG or PNG (on an iPhone: Settings > Camera > "
                      f"Formats > Most Compatible)",
                      f"{ja}: 壊れた HEIC の写真です (読み込み中に処理が止まりました)。"
                      f"撮り直すか選び直してください (コピーし直してもかまいません)。"
                      f"JPEG か PNG を使うこともできます (iPhone では 設定 > カメラ > フォーマット > 互換性優先)。")


# A HEIC/HEIF photo is decoded in a child process of its own (``_heif_apart``), and only such a photo: a damaged one
# crashed pi-heif's native decoder (a segfault in ``HeifFile``, an iPhone's HEIC with one byte of its item info
# changed) and the process with it, so that `tilelens read` lost every photo given with it and the app's server
# every session. The child decodes as this process did (``_upright_rgb``: the same pixels, turned as before) and
# sends them back; one that dies, or does not finish in ``HEIF_SECONDS``, was given a damaged photo. A HEIC read so
# costs ~0.2 s of CPU more (a Python started, numpy, Pillow and pi-heif imported; OpenCV is not), the same however
# large the photo but for its pixels sent back (a 12-megapixel one's 36 MB through a pipe: up to 0.1 s).
HEIF_SECONDS = 120
_ROOT = str(Path(__file__).resolve().parents[1])  # where the child imports ``vision`` from, wherever it is started
_CHILD = ("import sys; sys.path.insert(0, sys.argv[1]); from vision.image_io import _heif_child; "
          "_heif_child(sys.argv[2])")
_READY = b"ready\n"  # the child's first line, once it could import this module: what it says after is of the photo
# HEIC/HEIF decoding children running at once in this process (the app's sessions, label check, an upload of ten):
# a 200-megapixel HEIC's child peaked at 1.43 GB (its picture decoded whole, then as Pillow's RGB, 4 bytes a pixel),
# three at once at 3.8 GB. Each is decoded at its full size whatever size is wanted: pi-heif has no reduced decode
# (no ``draft``; libheif decodes the whole picture, every tile of a grid), only the small thumbnail a phone stores.
HEIF_AT_ONCE = 2
_HEIF_SLOTS = threading.BoundedSemaphore(HEIF_AT_ONCE)
_CHECK_SIDE = 64  # a HEIC only checked whole (``check_whole``) is shrunk to this: it is decoded whole all the same


def is_heif(head: bytes) -> bool:
    """True for a file whose first bytes ``head`` say it is a HEIC/HEIF (``_heif``) and pi-heif is there to decode it:
    ``load_image`` decodes it in a child process (``_heif_apart``). What else shows a photo reads such a one through
    ``load_image``, never ``Image.open``: a damaged one crashes the decoder, and the process that opened it."""
    return register_heif_opener is not None and _heif(head)



def _heif_child(max_side: str) -> None:
    """What the child process started by ``_heif_apart`` runs: the HEIC/HEIF on its standard input decoded as
    ``_decode`` decodes a photo, written to its standard output: ``_READY``, a line of JSON (``shape`` and ``full``;
    ``pixels`` of a photo over ``MAX_PIXELS``; ``error``), then the RGB pixels."""
    out = sys.stdout.buffer
    out.write(_READY)
    out.flush()
    rgb = None
    try:
        with Image.open(io.BytesIO(sys.stdin.buffer.read())) as im:
            if im.width * im.height > MAX_PIXELS:
                said: dict = {"pixels": im.width * im.height}
            else:
                rgb, full = _upright_rgb(im, int(max_side), own=True)
                rgb = np.ascontiguousarray(rgb)
                said = {"shape": list(rgb.shape), "full": list(full)}
    except Image.DecompressionBombError as exc:
        said = {"pixels": _pixels_said(exc)}
    except Exception as exc:  # noqa: BLE001 - whatever the decoder raised: said in the parent, as a HEIC not decoded
        said = {"error": f"{type(exc).__name__}: {exc}"}
    out.write(json.dumps(said).encode() + b"\n")
    if rgb is not None:
        out.write(memoryview(rgb).cast("B"))
    out.flush()


def _heif_apart(data: bytes, name: str, ja: str, max_side: int) -> tuple[np.ndarray, tuple[int, int]] | None:
    """The HEIC/HEIF ``data`` decoded in a child process (``_heif_child``) as ``_decode`` decodes a photo: the RGB
    pixels upright and shrunk to ``max_side``, and the photo's own upright size (w, h); ``ImageError`` naming it where
    it is too large, cannot be decoded (``_heic_unread``), or ended the child (``_heic_damaged``). None where no child
    could be started (an embedded Python with no ``sys.executable``): it is decoded in this process then, as before."""
    if not sys.executable:
        return None
    try:
        with _HEIF_SLOTS:  # at most HEIF_AT_ONCE at a time: a 200-megapixel one's child peaked at 1.4 GB
            # -I: isolated, so the folder tilelens was started in (a shared event folder: `cd table-07; tilelens
            # check .`) is not on the child's import path: a json.py left there beside a seat1.heic ran as the user
            done = subprocess.run([sys.executable, "-I", "-c", _CHILD, _ROOT, str(max_side)], input=data,
                                  capture_output=True, timeout=HEIF_SECONDS, check=False, cwd=_ROOT)
    except subprocess.TimeoutExpired:
        raise _heic_damaged(name, ja) from None
    except OSError:
        return None
    out = done.stdout
    if not out.startswith(_READY):  # it could not import this module (its traceback on its standard error)
        return None
    end = out.find(b"\n", len(_READY))
    try:
        said = json.loads(out[len(_READY):end]) if end >= 0 else {}
    except ValueError:
        said = {}
    if "pixels" in said:
        raise too_large(said["pixels"] or None, name, ja)
    if "error" in said:
        raise _heic_unread(name, ja)
    shape, full = said.get("shape"), said.get("full")
    if not (isinstance(shape, list) and len(shape) == 3 and shape[2] == 3 and isinstance(full, list)
            and len(out) - end - 1 == math.prod(shape)):  # it died part way (a segfault), or sent less than a photo
        raise _heic_damaged(name, ja)
    rgb = np.frombuffer(out, np.uint8, offset=end + 1).reshape(shape)
    return rgb, (int(full[0]), int(full[1]))


DNG_VERSION = 50706  # the TIFF tag every RAW (DNG) photo's first directory holds
_TIFF = (b"II*\x00", b"MM\x00*")


def _dng(f: BinaryIO) -> bool:
    """True when the file ``f`` (read from its start; left anywhere) is a RAW (DNG) photo: a TIFF whose first
    directory holds ``DNG_VERSION``. Pillow opens one as the small preview stored in that directory."""
    f.seek(0)
    head = f.read(8)
    order = "little" if head[:4] == _TIFF[0] else "big" if head[:4] == _TIFF[1] else ""
    if not order:
        return False
    f.seek(int.from_bytes(head[4:8], order))
    count = int.from_bytes(f.read(2), order)
    entries = f.read(12 * min(count, 4096))
    return any(int.from_bytes(entries[i:i + 2], order) == DNG_VERSION for i in range(0, len(entries) - 11, 12))


def _raw_said(name: str, ja: str) -> ImageError:
    return ImageError(f"{name}: a RAW (DNG) photo, whose small preview is all tilelens could read: use the camera's "
                      f"JPEG or HEIC",
                      f"{ja}: RAW (DNG) の写真です。tilelens が読めるのは中の小さなプレビューだけなので、カメラの JPEG か "
                      f"HEIC を使ってください。")


# The brands of an ISO media file's ``ftyp`` box that say it is a video: a QuickTime movie (an iPhone's Live Photo
# .MOV), an MP4 (a phone's, a chat app's).
_VIDEO_BRANDS = {b"qt  ", b"isom", b"iso2", b"iso4", b"iso5", b"iso6", b"mp41", b"mp42", b"avc1", b"M4V ", b"M4VH",
                 b"M4VP", b"3gp4", b"3gp5", b"3gp6", b"3g2a", b"MSNV", b"dash", b"XAVC"}


def _video(head: bytes) -> bool:
    """True when ``head`` (a file's first bytes) is a video's (``_VIDEO_BRANDS``) and no HEIF photo's."""
    return head[4:8] == b"ftyp" and head[8:12] in _VIDEO_BRANDS and not _heif(head)


def _video_said(name: str, ja: str) -> ImageError:
    return ImageError(f"{name}: a video, not a photo: use the photo's file (a Live Photo's picture is a HEIC or JPEG "
                      f"of its own)",
                      f"{ja}: 動画のファイルで、写真ではありません。写真のファイルを使ってください (Live Photos の静止画は、"
                      f"動画とは別の HEIC か JPEG のファイルです)。")


def _decode(data: bytes, name: str, name_ja: str | None = None,
            max_side: int = MAX_SIDE) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo decoded upright and shrunk to ``max_side``, and its own upright size (w, h)."""
    ja = name if name_ja is None else name_ja
    if not data:
        raise empty_file(name, ja)
    if _dng(io.BytesIO(data)):
        raise _raw_said(name, ja)
    try:
        Image.MAX_IMAGE_PIXELS = MAX_PIXELS
        apart = _heif_apart(data, name, ja, max_side) if is_heif(data[:64]) else None
        if apart is not None:
            rgb, full = apart
        else:
            webp = _webp_by_opencv(data)
            with webp if webp is not None else Image.open(io.BytesIO(data)) as im:
                _refuse_too_large(im, name, ja)
                rgb, full = _upright_rgb(im, max_side, own=True)
    except ImageError:  # _refuse_too_large's, said as it is
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:  # the warning: where filters make it one
        raise too_large(_pixels_said(exc), name, ja) from None
    except UnidentifiedImageError:
        if data[:4] in (b"II*\x00", b"MM\x00*"):  # a TIFF of a kind Pillow does not decode: colour in floats
            raise ImageError(f"{name}: a TIFF of a kind tilelens cannot decode (colour stored as floating point, or "
                             f"in more channels than a photo has): save it as an 8-bit JPEG, PNG or TIFF",
                             f"{ja}: tilelens が読めない種類の TIFF です (色が浮動小数点か、チャンネルが多すぎます)。"
                             f"8ビットの JPEG、PNG か TIFF で保存し直してください。") from None
        if _heif(data):  # a HEIC/HEIF's header, and no picture after it: a photo copied off a phone only in part
            if register_heif_opener is None:  # no decoder: a whole one would not be read either
                raise ImageError(f"{name}: a HEIC/HEIF photo, which this install cannot read (pi-heif is not "
                                 f"installed): install it, or save the photo as JPEG",
                                 f"{ja}: HEIC/HEIF の写真ですが、このインストールには pi-heif がないので読めません。"
                                 f"pi-heif をインストールするか、JPEG で保存し直してください。") from None
            raise _heic_unread(name, ja) from None
        if _video(data):
            raise _video_said(name, ja) from None
        said = _avif_or_webp_unread(data, name, ja)  # an AVIF cut short: Pillow cannot tell it is one
        if said is not None:
            raise said from None
        raise not_an_image(name, ja) from None
    except (OSError, SyntaxError, ValueError, EOFError, RuntimeError) as exc:  # EOFError, RuntimeError: what the
        # HEIF and AVIF decoders raise for a picture they cannot decode ("Unexpected end of file", "Failed to decode
        # frame 0"). Pillow's own words stay out of the Japanese, and out of the English of a file cut short:
        # "image file is truncated (3 bytes not processed)" of a JPEG cut at half reads as if it were nearly whole
        if _heif(data) and register_heif_opener is not None:
            raise _heic_unread(name, ja) from None
        said = _avif_or_webp_unread(data, name, ja)  # a WebP cut short: "could not create decoder object"
        if said is not None:
            raise said from None
        short = cut_short(exc, name, ja)
        if short is not None:
            raise short from None
        raise damaged(name, ja, str(exc)) from None
    return _checked(rgb, full, name, ja)


def _plain_webp(head: bytes) -> bool:
    """True when ``head`` (a file's first 25 bytes or more) is a WebP's with nothing transparent, no animation and no
    XMP (whose orientation Pillow would read and OpenCV does not): a lossy one (``VP8 ``), a lossless one with no
    alpha (``VP8L``), or one whose extended header (``VP8X``) has none of those flags."""
    if head[:4] != b"RIFF" or head[8:12] != b"WEBP" or len(head) < 25:
        return False
    chunk = head[12:16]
    if chunk == b"VP8 ":
        return True
    if chunk == b"VP8L":  # after its signature (0x2f): 14 bits width, 14 bits height, then alpha_is_used
        return head[20] == 0x2F and not (int.from_bytes(head[21:25], "little") >> 28) & 1
    return chunk == b"VP8X" and not head[20] & (0x10 | 0x04 | 0x02)  # alpha, XMP, animation


def _webp_by_opencv(data: bytes) -> Image.Image | None:
    """A plain WebP (``_plain_webp``) decoded by OpenCV, turned upright as its EXIF says (as Pillow's
    ``exif_transpose`` turns it: the same pixels, all eight orientations, lossy and lossless), as a PIL image; None
    for any other file, or one OpenCV cannot decode (Pillow's reading then says what is wrong with it). A
    48-megapixel WebP peaked at 810 MB read by Pillow (its decoder keeps the picture as RGBA, twice), 390 MB so
    (``/usr/bin/time -v``; OpenCV's decode ~340 MB of it)."""
    if not _plain_webp(data[:32]):
        return None
    import cv2

    try:
        bgr = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        return None
    if bgr is None or bgr.ndim != 3 or bgr.shape[2] != 3:
        return None
    h, w = bgr.shape[:2]
    return Image.frombuffer("RGB", (w, h), bgr, "raw", "BGR", 0, 1)  # a copy in Pillow's own layout


def _upright_rgb(im: Image.Image, max_side: int, own: bool) -> tuple[np.ndarray, tuple[int, int]]:
    """``im`` as the reader reads it: turned upright as its EXIF says, 8-bit (``to_8bit``), what is transparent laid
    over grey (``flatten``), RGB, shrunk to ``max_side``; and its own upright size (w, h). ``own``: ``im`` was opened
    here, and is changed in place (a large JPEG decoded at a reduced scale); else it is a caller's (a PIL image given
    to ``load_image``), which is left as it was: a copy is turned and shrunk."""
    full = im.size
    if im.getexif().get(EXIF_ORIENTATION, 1) in (5, 6, 7, 8):  # as exif_transpose will turn it
        full = full[::-1]
    if own:
        if im.format in ("JPEG", "MPO"):  # MPO: a JPEG with more pictures after it, as phones write them
            # decode a large JPEG at a reduced scale (1/2, 1/4, 1/8) that still covers max_side: fast
            w, h = im.size
            s = min(1.0, max_side / max(w, h))
            im.draft("RGB", (max(1, math.ceil(w * s)), max(1, math.ceil(h * s))))
        # in place, and no conversion of what is RGB already: a 12-megapixel photo copied twice
        # more took 60 ms of its 160 ms decode
        ImageOps.exif_transpose(im, in_place=True)
    else:  # a copy, turned where its EXIF says: from here on the image is this one's own
        im = ImageOps.exif_transpose(im)
    flat = flatten(to_8bit(im))
    if flat is not im:  # the photo as decoded is needed no more: its memory freed before it is shrunk
        im.close()  # (a 48-megapixel PNG with alpha: 190 MB)
    im = flat
    if im.mode == "L" and max(im.size) > max_side:  # grey shrunk before it is made RGB (the same pixels):
        im.thumbnail((max_side, max_side), Image.Resampling.BILINEAR)  # not three copies at full size
    if im.mode != "RGB":
        im = im.convert("RGB")
    if max(im.size) > max_side:
        im.thumbnail((max_side, max_side), Image.Resampling.BILINEAR)
    return np.asarray(im), full


def _checked(rgb: np.ndarray, full: tuple[int, int], name: str, ja: str) -> tuple[np.ndarray, tuple[int, int]]:
    """A decoded photo ``rgb`` of upright size ``full`` as BGR, with that size; ``ImageError`` where it has no
    pixels or is too long and thin to be a photo of tiles."""
    import cv2

    if rgb.size == 0:
        raise ImageError(f"{name}: image has no pixels", f"{ja}: 画素が一つもない画像です。",
                         fault=ImageFault.NO_PIXELS)
    w, h = full
    if max(w, h) > MAX_ASPECT * min(w, h):  # shrunk to READ_SIDE it would be a line a pixel or two thick
        raise ImageError(f"{name}: a {w} x {h} image is too long and thin to be a photo of tiles (more than "
                         f"{MAX_ASPECT} times as long as it is wide)",
                         f"{ja}: {w} x {h} の画像は細長すぎて、牌の写真ではありません (長さが幅の{MAX_ASPECT}倍を超えます)。")
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), (int(full[0]), int(full[1]))


def _from_pil(im: Image.Image, name: str, name_ja: str, max_side: int) -> tuple[np.ndarray, tuple[int, int]]:
    """A PIL image given to ``load_image``, read as its file is (``_upright_rgb``), the image itself left as it was."""
    if DNG_VERSION in (getattr(im, "tag_v2", None) or {}):  # a RAW (DNG) photo's preview (a TIFF's first directory)
        raise _raw_said(name, name_ja)
    try:
        _refuse_too_large(im, name, name_ja)
        rgb, full = _upright_rgb(im, max_side, own=False)
    except ImageError:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, RuntimeError) as exc:  # a lazily opened image whose file is
        # closed or cut short, or whose decoder failed on it (a damaged AVIF)
        short = cut_short(exc, name, name_ja)
        if short is not None:
            raise short from None
        raise damaged(name, name_ja, str(exc)) from None
    return _checked(rgb, full, name, name_ja)


def load_image(source: str | Path | bytes | bytearray | np.ndarray | BinaryIO | Image.Image, name: str = "",
               max_side: int = MAX_SIDE) -> np.ndarray:
    """Read a photo from a path, bytes, a binary stream, a PIL image or an array into an upright BGR ``uint8`` array.

    Arrays are taken as BGR (grey and BGRA are converted); files, bytes and streams (an open file, ``io.BytesIO``:
    read whole, from their start where they can go back there, as Pillow reads one) are decoded with their EXIF
    orientation applied, and a PIL image is read likewise (turned as its EXIF says, 16-bit grey made 8-bit,
    transparency laid over grey, RGB made BGR; the image itself is left as it was); all shrunk to at most
    ``max_side`` pixels on the longest side (default ``MAX_SIDE``; a JPEG much larger is decoded at a reduced
    scale, which is fast). ``name``: what an error about bytes, a stream or a PIL image calls them (an uploaded
    file's name; an open file's own path by default). Anything else raises ``ImageError`` naming what is taken.
    """
    return load_image_sized(source, name, max_side)[0]


def load_image_sized(source: str | Path | bytes | bytearray | np.ndarray | BinaryIO | Image.Image, name: str = "",
                     max_side: int = MAX_SIDE, name_ja: str | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """:func:`load_image`, and the photo's own upright size (w, h) before any shrinking: what boxes found
    in the returned array are scaled by to stand in the photo's own pixels (an array's own size).
    ``name_ja``: what the Japanese of an error about bytes calls them (default ``name``: a file's name reads
    the same; 標準入力 for "standard input")."""
    if isinstance(source, np.ndarray):
        img = _from_array(source)
        full = (img.shape[1], img.shape[0])
    elif isinstance(source, (bytes, bytearray, memoryview)):
        img, full = _decode(bytes(source), name or "image bytes", name_ja or name or "アップロードした写真", max_side)
    elif isinstance(source, (str, Path)):
        path = Path(source)
        if path.is_dir():
            raise a_folder(str(path))
        if is_stream(path):  # a pipe (`tilelens read <(...)`), /dev/null, a device
            img, full = _decode(read_path_stream(path), str(path), max_side=max_side)
        elif not path.is_file():
            loop = loop_chain(path) if path.is_symlink() else None
            if loop:  # loop1.jpg -> loop2.jpg -> loop1.jpg: no "not there" of a link that is
                raise ImageError(*loop_said(str(path), loop, PHOTO_NOUN))
            if path.is_symlink() and not path.exists():  # a link left behind by a photo moved or deleted
                target = path.readlink()
                raise ImageError(f"{path}: a link to {target}, which is not there (moved or deleted?)",
                                 f"{path}: リンク先の {target} がありません。移動されたか削除されたのかもしれません。")
            if any(c in str(source) for c in "*?["):  # a shell passes a pattern that matched nothing on as written
                raise ImageError(f"{path}: no file matches this pattern",
                                 f"{path}: このパターンに合うファイルはありません。")
            raise ImageError(f"{path}: no such image file", f"{path}: そのファイルはありません。")
        else:
            img, full = _decode(_photo_bytes(path, str(path)), str(path), max_side=max_side)
    elif isinstance(source, Image.Image):
        img, full = _from_pil(source, name or "PIL image", name_ja or name or "PIL の画像", max_side)
    elif callable(getattr(source, "read", None)):  # an open file, io.BytesIO, a request's body
        said = name or _stream_name(source)
        said_ja = name_ja or name or ("アップロードした写真" if said == "image stream" else said)
        img, full = _decode(_stream_data(source, said, said_ja), said, said_ja, max_side)
    else:
        raise _not_taken(source)
    if min(img.shape[:2]) == 0:
        raise ImageError("image has no pixels", "画素が一つもない画像です。", fault=ImageFault.NO_PIXELS)
    return img, full


@dataclass(frozen=True)
class Letterbox:
    """How an image was fitted into a model input: scaled by ``scale_x``/``scale_y`` (equal up to the
    rounding of the resized size) then padded by ``pad_x``/``pad_y`` pixels."""

    scale_x: float
    scale_y: float
    pad_x: int
    pad_y: int
    resolution_wh: tuple[int, int]  # of the original image

    def to_original(self, xyxy: np.ndarray) -> np.ndarray:
        """Map boxes from model-input pixels back to original-image pixels (clipped to the image)."""
        out = np.asarray(xyxy, dtype=np.float32).reshape(-1, 4).copy()
        out[:, [0, 2]] = (out[:, [0, 2]] - self.pad_x) / self.scale_x
        out[:, [1, 3]] = (out[:, [1, 3]] - self.pad_y) / self.scale_y
        w, h = self.resolution_wh
        out[:, [0, 2]] = out[:, [0, 2]].clip(0, w)
        out[:, [1, 3]] = out[:, [1, 3]].clip(0, h)
        return out

    def to_input(self, xyxy: np.ndarray) -> np.ndarray:
        """Map boxes from original-image pixels into model-input pixels."""
        out = np.asarray(xyxy, dtype=np.float32).reshape(-1, 4).copy()
        out[:, [0, 2]] = out[:, [0, 2]] * self.scale_x + self.pad_x
        out[:, [1, 3]] = out[:, [1, 3]] * self.scale_y + self.pad_y
        return out


def letterbox(image: np.ndarray, size: int, color: int = 114) -> tuple[np.ndarray, Letterbox]:
    """Resize ``image`` to fit a ``size`` x ``size`` square (aspect kept), pad the rest with ``color``.

    >>> img, lb = letterbox(np.zeros((100, 200, 3), np.uint8), 64)
    >>> img.shape, lb.scale_x, lb.scale_y, lb.pad_x, lb.pad_y
    ((64, 64, 3), 0.32, 0.32, 0, 16)
    """
    import cv2

    h, w = image.shape[:2]
    scale = min(size / h, size / w)
    nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    resized = cv2.resize(image, (nw, nh), interpolation=interp) if (nw, nh) != (w, h) else image
    pad_x, pad_y = (size - nw) // 2, (size - nh) // 2
    out = cv2.copyMakeBorder(resized, pad_y, size - nh - pad_y, pad_x, size - nw - pad_x,
                             cv2.BORDER_CONSTANT, value=(color, color, color))
    return out, Letterbox(nw / w, nh / h, pad_x, pad_y, (w, h))


# What a photo read whole should say of itself (``photo_notes``): why its tiles may be read worse, or not all of
# them read. `tilelens read` and the app's photo page word each note.
COLOURLESS = "colourless"  # no colour: the classifiers tell tiles apart partly by colour
PALETTE = "palette"  # stored in 256 colours or fewer (a GIF, a palette PNG): a red five's few red pixels may be lost
ANIMATED = "animated"  # an animation (GIF, WebP, APNG): its first frame alone is read
TWO_HANDS = "two_hands"  # more tiles than a hand, in two groups apart: two hands read as one
MULTIPAGE = "multipage"  # a file of several pictures (a multi-page TIFF, a scan): its first page alone is read

# A photo is colourless when in all but ``COLOURED_SHARE`` of its pixels (at ``COLOUR_SIDE`` px) the channels lie
# within ``COLOURLESS_CHROMA`` of each other: a grey JPEG is within 2 (its compression's noise). On 36 rendered
# hands (benchmarks/make_synth_hands.py seed 8, riichi and Donjara) a grey copy read 52-69% of riichi tiles right
# and 17-22% of Donjara ones, and no hand whole, where the colour photos read all; with a tenth of their
# saturation (11 of the 36 taken as colourless) 86% and 32%, with a fifth (none taken) 96% and 42%. None of the
# HK set's 280 real photos is taken as colourless: the dullest (ivory tiles, dark red ink, a grey table) has 29
# in its 99.9th percentile. A dim photo is judged as if lit (``vision.photo_checks.lift``, as for blur and plainness:
# 1 for a photo whose white is 128 or more, judged as before): a colour photo's chroma shrinks with its light (F14:
# a real Hong Kong hand far off on felt, at 25 % of its light, spread 11 in its 99.9th percentile, said grey), a grey
# one's is none at any light. Lifted, a dim grey photo's noise is no colour: a spread of ``GREY_NOISE`` or less never
# is (a grey photo with a sensor's noise of 2 levels in each channel, at 5 % of its light, lifted 8 times, was said to
# have colour). Not chroma over each pixel's brightness: a bright photo's shadows and black ink would make noise
# colour, and every verdict measured here would change.
COLOURLESS_CHROMA = 12
GREY_NOISE = 2
COLOURED_SHARE = 0.001
COLOUR_SIDE = 640
_GREY_MODES = ("1", "L", "LA", "La", "I", "F", *_WIDE_GREY)
# Formats whose files hold an animation; a phone's MPO holds more pictures than its photo too, but the first is
# the photo as taken.
_ANIMATIONS = ("GIF", "PNG", "WEBP", "AVIF")
_PAGED = ("TIFF",)  # formats whose files hold pages: a scanner's TIFF of several sheets


@dataclass(frozen=True)
class Stored:
    """How a photo file holds its picture, as reading it goes: ``frames`` (an animation's; 1 for a photo),
    ``palette`` (a palette of 256 colours or fewer), ``colourless`` (``colourless``: no colour to tell by),
    ``pages`` (a multi-page TIFF's; 1 for a photo)."""

    frames: int = 1
    palette: bool = False
    colourless: bool = False
    pages: int = 1


def colourless(image: np.ndarray) -> bool:
    """True when ``image`` (BGR or RGB; grey) has no colour to speak of: its channels within ``COLOURLESS_CHROMA``
    of each other in all but ``COLOURED_SHARE`` of its pixels, measured at ``COLOUR_SIDE`` px (averaging away a
    JPEG's colour noise), a dim photo as if lit (``vision.photo_checks.lift``; a spread of ``GREY_NOISE`` or less
    is none). A grey photo at any light, or a colour one a scanner or an app's filter made grey; not a dim colour
    photo."""
    import cv2

    from vision.photo_checks import lift

    if image.ndim == 2 or image.shape[2] == 1:
        return True
    h, w = image.shape[:2]
    scale = COLOUR_SIDE / max(h, w, 1)
    if scale < 1:
        image = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    chroma = _chroma(image)
    coloured = (chroma * lift(image) >= COLOURLESS_CHROMA) & (chroma > GREY_NOISE)
    return bool(np.count_nonzero(coloured) <= COLOURED_SHARE * chroma.size)


def _chroma(image: np.ndarray) -> np.ndarray:
    """Each pixel's spread of colour: its largest channel less its smallest (of the first three). Channel by
    channel (``np.maximum``), not ``max(axis=2)``, which numpy does pixel by pixel: 28 ms at 640 px, now 1 ms;
    the same figures.

    >>> _chroma(np.array([[[10, 200, 30], [7, 7, 7]]], np.uint8)).tolist()
    [[190, 0]]
    """
    channels = [image[:, :, i] for i in range(min(3, image.shape[2]))]
    return np.maximum.reduce(channels) - np.minimum.reduce(channels)


def how_stored(source: str | Path | bytes | bytearray | np.ndarray) -> Stored:
    """How the photo file at ``source`` (a path or its bytes) holds its picture (``Stored``), from its header
    alone (an animation's frames, a palette, a grey mode); the plain ``Stored()`` for an array, a stream (a pipe
    can be read once) and whatever cannot be opened (the reading says what is wrong with it). Whether a colour
    file's picture has colour is measured on the photo as decoded for reading (``notes_for``): a 16-megapixel
    PNG takes most of a second to decode again."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        fp = io.BytesIO(bytes(source))
    elif isinstance(source, (str, Path)) and Path(source).is_file():
        fp = source
    else:
        return Stored()
    try:
        if isinstance(fp, io.BytesIO):
            head = fp.getvalue()[:64]
        else:
            with open(fp, "rb") as f:
                head = f.read(64)
    except OSError:
        return Stored()
    if is_heif(head):  # not opened here: a damaged one crashes its decoder (``_heif_apart``). One frame, in
        return Stored()  # colour or not as its pixels say (``notes_for``), is what opening it would say
    try:
        Image.MAX_IMAGE_PIXELS = MAX_PIXELS
        with Image.open(fp) as im:
            if im.width * im.height > MAX_PIXELS:
                return Stored()
            frames = int(getattr(im, "n_frames", 1)) if im.format in _ANIMATIONS else 1
            pages = int(getattr(im, "n_frames", 1)) if im.format in _PAGED else 1
            return Stored(frames, im.mode in ("P", "PA"), im.mode in _GREY_MODES, pages)
    except (OSError, SyntaxError, ValueError, EOFError, RuntimeError, Image.DecompressionBombError):
        return Stored()


def notes_for(photo: str | Path | bytes | None, image: np.ndarray, xyxy, largest_hand: int,
              pages: bool = False) -> tuple[str, ...]:
    """The notes on a photo read (``photo_notes``): how its file ``photo`` (its path or bytes; None where there
    is none to look at) holds it (``how_stored``), whether ``image``, the photo as decoded for reading, has
    colour (``colourless``), and whether its tiles' boxes ``xyxy`` look like two hands of a game whose largest
    hand is ``largest_hand`` (``two_hands``). What `tilelens read` and the app's photo page both say; ``pages``:
    ``MULTIPAGE`` as well, for a file of several pages (`tilelens read` and the app's photo page word it)."""
    stored = how_stored(photo) if photo else Stored()
    return photo_notes(replace(stored, colourless=colourless(image)), two_hands(xyxy, largest_hand), pages)


HAND_GAP = 1.5  # tiles whose centres lie more than this many long sides of a tile apart are not of one group
MAX_KANS = 4  # a riichi hand with four kans shows four tiles more than its hand


def two_hands(xyxy, largest_hand: int) -> bool:
    """True when the boxes ``xyxy`` look like two hands: more of them than the game's ``largest_hand`` with
    ``MAX_KANS`` kans, in groups apart (tiles chained by neighbours no further apart than ``HAND_GAP`` tiles'
    long sides) of which the second largest holds half a hand or more: two players' racks, two hands laid side
    by side. A hand and its called melds, one long row (a wall), a hand laid in two rows close together, a
    hand with a few tiles far off are not. False with no ``largest_hand`` (no game to go by).

    >>> row = lambda n, y: [[i * 42, y, i * 42 + 40, y + 56] for i in range(n)]
    >>> two_hands(row(14, 0) + row(14, 300), 14), two_hands(row(28, 0), 14)
    (True, False)
    """
    boxes = np.asarray(xyxy, np.float64).reshape(-1, 4)
    if largest_hand <= 0 or len(boxes) <= largest_hand + MAX_KANS:
        return False
    long = float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    near = np.linalg.norm(centres[:, None] - centres[None], axis=2) <= HAND_GAP * long
    group = np.full(len(boxes), -1)
    for start in range(len(boxes)):  # each group grown from its first tile through its neighbours
        if group[start] >= 0:
            continue
        group[start], todo = start, [start]
        while todo:
            for j in np.flatnonzero(near[todo.pop()] & (group < 0)):
                group[j] = start
                todo.append(int(j))
    sizes = sorted(np.bincount(group), reverse=True)
    return len(sizes) > 1 and bool(2 * sizes[1] >= largest_hand)


def photo_notes(stored: Stored, two: bool = False, pages: bool = False) -> tuple[str, ...]:
    """The notes on a photo stored so (``Stored``) whose tiles look like two hands or not (``two``: ``two_hands``),
    in this order: ``COLOURLESS``, ``PALETTE`` (not for a grey palette: having no colour says it),
    ``ANIMATED``, ``MULTIPAGE`` (where ``pages`` asks for it), ``TWO_HANDS``."""
    notes = [COLOURLESS] if stored.colourless else [PALETTE] if stored.palette else []
    if stored.frames > 1:
        notes.append(ANIMATED)
    if pages and stored.pages > 1:
        notes.append(MULTIPAGE)
    if two:
        notes.append(TWO_HANDS)
    return tuple(notes)
