"""Leftovers: the ledger button's "added" keyed on the hand it added (the photo page); the Label page's box
editor edits whose box is gone said at once."""
from __future__ import annotations

import pytest

from app_helpers import add_to_ledger, YOKAI_WIN, label_page_dataset, open_page, read_as_win, texts, yokai_match

# --- the Label page: a move or a removal whose box another tab removed -----------------------------------------

GONE = [0.7, 0.1, 0.8, 0.5]  # no box there: label_dataset's a.jpg has 1m at 0.1-0.3 and 2m at 0.4-0.6
SAID = {"en": ("no longer where it was", "no box was moved", "no box was removed"),
        "ja": ("元の場所にもうありません", "どの枠も動かしていません", "どの枠も消していません")}


def _edit(op: str, **more) -> dict:
    return {"op": op, "photo": "images/train/a.jpg", "xyxyn": [0.7, 0.6, 0.8, 0.9] if op == "set" else GONE,
            "nonce": "n-1", **more}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("edit, verb", [
    (_edit("set", index=0, **{"from": GONE}), 1),  # the editor found no box where it was drawn
    (_edit("set", index=None), 1),  # a move sent with no box to it (no place it was drawn at)
    (_edit("delete", index=0), 2),  # removed (or moved) in another tab first: nothing to remove
])
def test_an_edit_whose_box_is_gone_changes_nothing_and_says_so_once(tmp_path, monkeypatch, home, lang, edit, verb):
    from app.components import box_editor as editor

    root = label_page_dataset(tmp_path, monkeypatch)
    before = (root / "labels/train/a.txt").read_text()
    at = open_page("label", lang=lang)
    monkeypatch.setattr(editor, "_component", lambda **_: {"edits": [edit]})
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert (root / "labels/train/a.txt").read_text() == before
    gone, *_ = SAID[lang]
    said = [w.value for w in at.warning if gone in w.value]
    assert len(said) == 1 and SAID[lang][verb] in said[0], [w.value for w in at.warning]
    at.run()  # said once
    assert not [w.value for w in at.warning if gone in w.value]


# --- the photo page: "added" is the hand added, still in the ledger ---------------------------------------------

@pytest.fixture
def match(home):
    return yokai_match(home)


def _added_said(at) -> bool:
    return any("Added to the ledger" in s.value or "記録しました" in s.value for s in at.success)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_photos_hand_undone_since_can_be_added_again_after_another_phones_hand(match, page, lang):
    # Added, then undone on the ledger page, and another phone's hand added: the table has as many hands as
    # when this one was added, and the button took the hand for still added ("Added to the ledger", disabled).
    ledger, match_id = match
    at = read_as_win(page("score_photo", "yokai-watch", lang), 5)
    add_to_ledger(at, "photo")
    assert at.button(key="photo_add_ledger").disabled and _added_said(at)
    ledger.undo(match_id)
    ledger.add_win(match_id, 2, "ron", {1: 100})  # another phone
    at.run()
    assert not at.button(key="photo_add_ledger").disabled and not _added_said(at)
    assert "already in the ledger" not in texts(at) and "記録済み" not in texts(at)
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match_id)) == 2 and at.button(key="photo_add_ledger").disabled


def test_a_photos_hand_still_in_the_ledger_is_not_added_again_once_the_table_moved_on(match, page):
    # Added as hand 1, then another phone added hand 2: the button took the hand for a new one and recorded it
    # a second time.
    ledger, match_id = match
    at = read_as_win(page("score_photo", "yokai-watch"), 5)
    add_to_ledger(at, "photo")
    ledger.add_win(match_id, 2, "ron", {1: 100})  # another phone
    at.run()
    assert at.button(key="photo_add_ledger").disabled
    assert f"already in the ledger, as hand 1 of match #{match_id}" in texts(at)
    # the same photo read again after another photo: still refused; once its hand is undone (the last one
    # first), it is taken again and nothing says it is in the ledger
    at = read_as_win(at, 6)
    at = read_as_win(at, 5)
    assert at.button(key="photo_add_ledger").disabled
    ledger.undo(match_id)
    ledger.undo(match_id)
    ledger.add_win(match_id, 2, "ron", {1: 100})
    ledger.add_win(match_id, 3, "ron", {1: 100})
    at.run()
    at.selectbox(key="photo_winner").set_value(0).run()  # nobody is chosen until the player does (session 54)
    assert not at.button(key="photo_add_ledger").disabled
    assert "already in the ledger" not in texts(at)


def test_a_typed_hand_undone_since_can_be_added_again_after_another_phones_hand(match, page):
    # The "Enter a hand" page: added, undone on the ledger page, another phone's hand added: the table had as many
    # hands as when this one was added, and the button said "Added to the ledger" (disabled).
    ledger, match_id = match
    at = page("score_manual", "yokai-watch")
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    add_to_ledger(at, "manual")
    assert at.button(key="manual_add_ledger").disabled and _added_said(at)
    ledger.undo(match_id)
    ledger.add_win(match_id, 2, "ron", {1: 100})  # another phone
    at.run()
    assert not at.button(key="manual_add_ledger").disabled and not _added_said(at)
    add_to_ledger(at, "manual")
    assert len(ledger.hands(match_id)) == 2 and at.button(key="manual_add_ledger").disabled
    ledger.add_win(match_id, 2, "ron", {1: 100})  # another phone's hand: this page's hand, still in the match, stays
    at.run()  # added (session 55: one tap recorded it a second time); Clear or other tiles make a new hand
    assert at.button(key="manual_add_ledger").disabled
