"""What the session-55 tests of a photo that cannot be read share (tests/vision/test_image_io_japanese_55.py,
tests/app/test_photo_messages_words_55.py, tests/app/test_event_page_phone_55.py; the app's put this folder on
``sys.path``): the files a phone sends that are no photo to read, as bytes."""
from __future__ import annotations

import io

import numpy as np
from PIL import Image, TiffImagePlugin, TiffTags

# an iPhone's Live Photo movie: an ISO media file whose ftyp brand is QuickTime's
VIDEO = b"\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  \x00\x00\x00\x08wide" + b"\x00\x00\x10\x00mdat" + bytes(4096)


def saved(fmt: str, seed: int, **kw) -> bytes:
    """A 64x48 photo of noise (from ``seed``) saved as ``fmt`` with Pillow's options ``kw``."""
    out = io.BytesIO()
    Image.fromarray((np.random.default_rng(seed).random((48, 64, 3)) * 255).astype(np.uint8)).save(out, fmt, **kw)
    return out.getvalue()


def dng() -> bytes:
    """A TIFF with the DNGVersion tag (50706) in its first directory: a RAW (DNG) photo's small preview."""
    info = TiffImagePlugin.ImageFileDirectory_v2()
    info[50706] = b"\x01\x04\x00\x00"
    info.tagtype[50706] = TiffTags.BYTE
    out = io.BytesIO()
    Image.fromarray(np.full((48, 64, 3), 90, np.uint8)).save(out, "TIFF", tiffinfo=info)
    return out.getvalue()
