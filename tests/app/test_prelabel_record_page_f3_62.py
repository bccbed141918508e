"""Session 62 (F3): the Label page's "Pre-label again with another game or set", given a set of the dataset's own tile
list, recorded the dataset's own set as the model of the proposals (``.tilelens/prelabelled.json``): a later
``tilelens label init DIR --tileset OWN`` kept the other set's boxes as its own. The record names the set picked."""
from __future__ import annotations

import label_phone_helpers as label_phone
from app_helpers import tilelens_tests_module
from label_phone_helpers import from_address

network = label_phone.network
label = tilelens_tests_module("label_helpers")  # OneTileReader, two_sets, prelabelled_photos


def test_pre_labelled_again_on_the_page_with_another_set_the_record_names_it(network, monkeypatch):
    from app.settings import datasets_dir
    from tilelens.home import home_dir
    from tilelens.labelling import prelabel
    from tilelens.labelling.prelabel import prelabelled_record

    label.two_sets(home_dir())
    root = label.prelabelled_photos(datasets_dir() / "club-photos", 2, tileset="mine")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None: label.OneTileReader("5p"))
    at = from_address("en", dataset="club-photos")
    at.selectbox(key="label_redo_with").set_value("tileset:other").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [(root / f"labels/train/p{i}.txt").read_text().split()[0] for i in range(2)] == ["2", "2"]  # 5p
    assert {entry["by"] for entry in prelabelled_record(root).values()} == {"tileset:other"}
