"""Session 57: "Not in my set" rewrites the boxes of the photos not accepted (a kind made plain, or removed); the box
Undo then offered the step it made before and refused it as "changed since elsewhere (in another tab?)". Its steps of
the photos so rewritten are forgotten (as after Pre-label again): Undo offers nothing it would refuse."""
from __future__ import annotations

from PIL import Image

import label_phone_helpers as label_phone
import test_label_undo_prelabel_again_57 as again  # _edit
from app.components import box_editor as editor
from app_helpers import tilelens_tests_module
from label_phone_helpers import from_address

laptop = label_phone.laptop
label = tilelens_tests_module("label_helpers")  # OneTileReader


def test_undo_after_not_in_my_set_offers_nothing_it_would_refuse(laptop, monkeypatch):
    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = datasets_dir() / "club-photos"
    root.mkdir(parents=True)
    for i in range(2):
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / f"p{i}.jpg")
    prelabel_folder(root, "tokyo-mahjong", reader=label.OneTileReader("0m"), progress=False)
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": []})
    at = from_address("en", dataset="club-photos")
    again._edit(monkeypatch, at, {"op": "add", "photo": "images/train/p0.jpg", "xyxyn": [0.02, 0.02, 0.1, 0.2],
                                  "nonce": "n-1"})
    assert not at.button(key="label_undo").disabled
    at.multiselect(key="label_absent_pick").set_value(["0m"]).run()
    at.button(key="label_absent_mark").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="label_undo").disabled  # the drawn box's step went with the rewrite
    at.session_state["label_undo_asked"] = True  # pressed on the page drawn before: nothing refused
    at.run()
    said = "\n".join(m.value for m in [*at.warning, *at.error])
    assert "another tab" not in said, said
