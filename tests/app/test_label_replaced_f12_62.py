"""Session 62 (F12): `tilelens label init` acts on photos replaced under their names since they were labelled (an
accepted one no longer accepted, one still holding the old photo's proposals pre-labelled again:
``replaced.forget_replaced``); the Label page's pre-labelling (Add photos, "Pre-label again") did not. It now calls the
same function first, and says what it did."""
from __future__ import annotations

import label_phone_helpers as label_phone
from app_helpers import add_a_photo, tilelens_tests_module
from label_phone_helpers import from_address

network, laptop = label_phone.network, label_phone.laptop
label = tilelens_tests_module("label_helpers")  # OneTileReader, two_sets, prelabelled_photos


def _replaced_dataset(monkeypatch):
    """A dataset of 3 photos pre-labelled with the set ``mine``, p0 accepted, then p0 and p1 replaced by other photos
    under their names (p2 as it was); the page's reader proposes a 5p."""
    from PIL import Image

    from app.components import resources
    from app.settings import datasets_dir
    from tilelens.home import home_dir
    from tilelens.labelling import prelabel, set_done

    label.two_sets(home_dir())
    root = label.prelabelled_photos(datasets_dir() / "club-photos", 3, tileset="mine")
    set_done(root, "images/train/p0.jpg")
    for i in range(2):
        Image.new("RGB", (160, 120), (200, 30 + 50 * i, 30)).save(root / f"images/train/p{i}.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: label.OneTileReader("5p"))
    monkeypatch.setattr(resources, "recognizer", lambda game, tileset=None, *a, **k: label.OneTileReader("5p"))
    return root


def _said(at) -> str:
    return " ".join(str(e.value) for kind in ("warning", "info", "success") for e in getattr(at, kind))


def test_add_photos_acts_on_a_replaced_photo_as_init_does(laptop, monkeypatch):
    from tilelens.labelling import load_done
    from tilelens.labelling.prelabel import prelabelled_record
    from tilelens.labelling.replaced import replaced_photos

    root = _replaced_dataset(monkeypatch)
    p2 = (root / "labels/train/p2.txt").read_bytes()
    at = add_a_photo(from_address("en", dataset="club-photos"))
    assert not at.exception, [e.value for e in at.exception]
    assert "images/train/p0.jpg" not in load_done(root)
    assert (root / "labels/train/p1.txt").read_text().split()[0] == "2"  # pre-labelled again: a 5p
    assert (root / "labels/train/p2.txt").read_bytes() == p2  # not replaced: as it was
    assert replaced_photos(root) == []  # both pre-labelled again (p0's boxes were still proposals): known as they are
    assert prelabelled_record(root)["images/train/p1.jpg"]["by"]
    said = _said(at)
    assert "no longer accepted" in said and "images/train/p0.jpg" in said, said
    assert "pre-labelled again: images/train/p0.jpg, images/train/p1.jpg" in said, said


def test_pre_label_again_un_accepts_a_replaced_photo_said_in_japanese(network, monkeypatch):
    from tilelens.labelling import load_done

    root = _replaced_dataset(monkeypatch)
    at = from_address("ja", dataset="club-photos")
    at.selectbox(key="label_redo_with").set_value("tileset:other").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "images/train/p0.jpg" not in load_done(root)
    said = _said(at)
    assert "OK を取り消しました" in said and "p0.jpg" in said and "images/train" not in said, said  # a phone: names
