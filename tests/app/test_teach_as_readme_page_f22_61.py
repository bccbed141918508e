"""The Label page after a teach (session 61, F22, W5's walk): the photos not accepted that the new set can pre-label
again are said once, by the "Pre-label again" panel, whose picker offers that set first, chosen."""
from __future__ import annotations

import os
import time

import label_phone_helpers as label_phone
from label_phone_helpers import from_address
from test_label_page_f4_56 import _ok, _prelabelled
from test_label_page_review_f30_56 import _taught

network = label_phone.network


def test_the_photos_to_pre_label_again_are_said_once_and_the_set_is_offered_first(network, monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = _prelabelled(kind="1m")  # two photos, none accepted
    _taught(root, tmp_path / "models")
    meta = tmp_path / "models" / "tilesets" / "mine" / "tileset.json"
    later = time.time() + 60
    os.utime(meta, (later, later))  # taught after the photos were pre-labelled
    for lang, words in (("en", "not accepted can be pre-labelled"), ("ja", "下書きし直せ")):
        at = _ok(from_address(lang, dataset="club-photos"))
        said = [e.value for e in (*at.success, *at.info, *at.warning) if words in e.value]
        assert len(said) == 1, said
        picker = at.selectbox(key="label_redo_with")
        assert picker.options[0].endswith("mine") and picker.value == "tileset:mine", (picker.options, picker.value)
