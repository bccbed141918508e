"""Session 62 (F3): the Label page's "Pre-label again with another game or set", given a set of the dataset's own tile
list, recorded the dataset's own set as the model of the proposals (``.tilelens/prelabelled.json``): a later
``tilelens label init DIR --tileset OWN`` kept the other set's boxes as its own. The record names the set picked."""
from __future__ import annotations

import json
from types import SimpleNamespace

import label_phone_helpers as label_phone
from label_phone_helpers import from_address

network = label_phone.network
KINDS = ["1m", "1p", "5p"]


class _Reader:
    """One tile of ``kind`` in the middle of every photo."""

    def __init__(self, kind: str):
        self.kind = kind

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind=self.kind,
                                                      is_back=False)], other_game=False)


def test_pre_labelled_again_on_the_page_with_another_set_the_record_names_it(network, monkeypatch):
    from PIL import Image

    from app.settings import datasets_dir
    from tilelens.home import home_dir
    from tilelens.labelling import prelabel
    from tilelens.labelling.prelabel import prelabel_folder, prelabelled_record

    for name in ("mine", "other"):
        (home_dir() / "tilesets" / name).mkdir(parents=True)
        (home_dir() / "tilesets" / name / "tileset.json").write_text(json.dumps({"name": name, "kinds": KINDS}))
    root = datasets_dir() / "club-photos"
    root.mkdir(parents=True)
    for i in range(2):
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / f"p{i}.jpg")
    prelabel_folder(root, None, "mine", reader=_Reader("1m"), progress=False)
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: _Reader("5p"))
    at = from_address("en", dataset="club-photos")
    at.selectbox(key="label_redo_with").set_value("tileset:other").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [(root / f"labels/train/p{i}.txt").read_text().split()[0] for i in range(2)] == ["2", "2"]  # 5p
    assert {entry["by"] for entry in prelabelled_record(root).values()} == {"tileset:other"}
