"""Session 59 (F15): the Label page's Accept took a photo with a box of a kind the dataset marks absent ("Not in my
set"): it showed the problem under the photo, yet accepted it, while `tilelens label accept` refuses such a photo and
teach refuses to learn from it. Accept (the button, and Ctrl+Enter, its shortcut) now refuses it too, in the check's
words, saying both ways out (relabel the box, or mark the kind as in the set), and stays on the photo."""
from __future__ import annotations

import pytest

import label_phone_helpers as label_phone
from label_phone_helpers import dataset, from_address

laptop, network = label_phone.laptop, label_phone.network

REFUSED = {"en": ["Cannot accept this photo", "a.jpg has 1 box of", "a kind marked absent from this set",
                  "is it labelled wrong?", "“They are in my set”"],
           "ja": ["OK にできません", "a.jpg に", "このセットにない種類にした牌です", "ラベルの間違いなら直してください",
                  "「セットにあると戻す」"]}


def _absent_1m():
    from tilelens.labelling.kinds import set_absent

    root = dataset()  # a.jpg: a 1m box and a 2m box; b.jpg: none
    set_absent(root, ["1m"])
    return root


def _accepted(root) -> set[str]:
    from tilelens.labelling.store import read_progress

    return read_progress(root)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accept_refuses_a_photo_with_a_box_of_a_kind_marked_absent(laptop, lang):
    root = _absent_1m()
    at = from_address(lang, dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "images/train/a.jpg" not in _accepted(root)
    said = "\n".join(e.value for e in at.error)
    for words in REFUSED[lang]:
        assert words in said, said
    assert at.query_params["photo"] in ("images/train/a.jpg", ["images/train/a.jpg"])  # still on it: nothing moved on


def test_a_phone_is_refused_without_the_command(network):
    root = _absent_1m()
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert "images/train/a.jpg" not in _accepted(root)
    said = "\n".join(e.value for e in at.error)
    assert "Cannot accept this photo" in said and "tilelens label" not in said, said


def test_a_photo_with_no_such_box_is_accepted_as_before(laptop):
    root = _absent_1m()
    at = from_address("en", dataset="club-photos", photo="images/train/b.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception and "images/train/b.jpg" in _accepted(root)
    assert not [e.value for e in at.error if "Cannot accept" in e.value]


def test_once_the_kind_is_in_the_set_again_the_photo_is_accepted(laptop):
    from tilelens.labelling.kinds import set_absent

    root = _absent_1m()
    at = from_address("en", dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert "images/train/a.jpg" not in _accepted(root)
    set_absent(root, ["1m"], absent=False)
    at.run()
    at.button(key="label_accept").click().run()
    assert "images/train/a.jpg" in _accepted(root)
