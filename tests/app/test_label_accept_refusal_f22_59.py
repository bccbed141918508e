"""Session 59 (F22, W4's walk at 320 px): Accept's refusal (a box of a kind the set has not, lines that cannot be read)
is said just above the Accept button, where the person who pressed it is looking; under the title it pushed the
focused Accept off a phone's screen. Needs ``accept_refusal()`` called by app/views/label.py before its nav row."""
from __future__ import annotations

import pytest

import label_phone_helpers as label_phone
from label_phone_helpers import dataset, from_address

laptop = label_phone.laptop

WORDS = {"en": "Cannot accept this photo", "ja": "OK にできません"}


def _flat(node):
    kids = getattr(node, "children", None)
    if kids is None:
        yield node
        return
    yield node
    for child in kids.values():
        yield from _flat(child)


def _before_the_nav(at):
    """The element drawn just before the row that holds Accept."""
    nodes = list(_flat(at.main))
    row = next(i for i, n in enumerate(nodes) if getattr(n, "children", None)
               and any(getattr(c, "key", None) == "label_accept" for c in n.children.values()))
    return nodes[row - 1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_accepts_refusal_is_said_just_above_accept(laptop, lang):
    root = dataset()
    (root / "labels" / "train" / "a.txt").write_text("0 0.2 0.3 0.2 0.4\nzero 0.5 0.3 0.2 0.4\n")
    at = from_address(lang, dataset="club-photos", photo="images/train/a.jpg")
    at.button(key="label_accept").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = _before_the_nav(at)
    assert said.type == "alert" or hasattr(said, "icon"), said
    assert WORDS[lang] in said.value, said.value
    assert [e.value for e in at.error if WORDS[lang] in e.value] == [said.value]  # said once, not under the title too
    at.run()  # said once: gone on the next run
    assert not [e for e in at.error if WORDS[lang] in e.value]
