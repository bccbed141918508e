"""Session 57 (L1, P2): a dataset whose data.yaml names a kind its game lacks (``f1`` in a Tokyo Mahjong dataset) was
said to a phone with the laptop's command mid-sentence ("add it (`tilelens label kinds plain --add f1`)"):
``phone_text`` cut only a command after its mark. A phone is told the page's own way, the "Add a tile kind" panel;
the laptop that too, and the command."""
from __future__ import annotations

import pytest
from PIL import Image

import label_phone_helpers as label_phone
from label_phone_helpers import from_address
from tilelens.labelling import checks

laptop = label_phone.laptop
network = label_phone.network

WAY = {"en": "“Add a tile kind”", "ja": "「牌の種類を追加」"}


def _plain():
    """A Tokyo Mahjong dataset in the datasets folder whose list names ``f1``, not one of the game's nor its own."""
    from app.settings import datasets_dir
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    root = datasets_dir() / "plain"
    images = []
    for i, rel in enumerate(["images/train/a.jpg", "images/train/b.jpg"]):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / rel)
        images.append(LabelledImage(rel, (160, 120), (Box("1m", (0.1, 0.1, 0.3, 0.5)),
                                                      Box("f1", (0.4, 0.1, 0.6, 0.5)))))
    write_yolo(Dataset(("1m", "2m", "f1"), tuple(images), "tokyo-mahjong"), root)
    return root


def _unknown(at) -> list[str]:
    return [e.value for e in at.error if "f1" in e.value and ("not a tile" in e.value or "牌ではありません" in e.value)]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_told_the_pages_way_to_add_the_kind_not_a_command(network, lang):
    _plain()
    at = from_address(lang, dataset="plain")
    assert not at.exception, [e.value for e in at.exception]
    said = _unknown(at)
    assert len(said) == 1, [e.value for e in at.error]
    assert "tilelens" not in said[0] and "--add" not in said[0], said[0]
    assert WAY[lang] in said[0], said[0]
    assert "()" not in said[0] and "( )" not in said[0]
    assert "tilelens label kinds" not in label_phone.seen(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_laptop_is_told_the_pages_way_and_the_command(laptop, lang):
    _plain()
    at = from_address(lang, dataset="plain")
    assert not at.exception, [e.value for e in at.exception]
    said = _unknown(at)
    assert len(said) == 1, [e.value for e in at.error]
    assert "tilelens label kinds" in said[0] and "--add f1" in said[0], said[0]
    assert WAY[lang] in said[0], said[0]


def test_phone_text_leaves_out_a_command_in_brackets_or_says_the_way_in_its_place():
    en = "class 'f1' is not a tile of x: add it (`tilelens label kinds d --add f1`); else fix the class name"
    assert checks.phone_text(en, "en") == "class 'f1' is not a tile of x: add it; else fix the class name"
    assert checks.phone_text(en, "en", way="on the page") == \
        "class 'f1' is not a tile of x: add it (on the page); else fix the class name"
    ja = "'f1' は x の牌ではありません: 追加してください (`tilelens label kinds d --add f1`)。そうでなければ直してください"
    assert checks.phone_text(ja, "ja") == "'f1' は x の牌ではありません: 追加してください。そうでなければ直してください"
    # a command after its mark: cut as before
    assert checks.phone_text("a: fix it. On the command line: `tilelens label kinds d --present 0m`") == "a: fix it."
