"""What the Label page says after a pre-labelling is the same after each of its four buttons that pre-label: the first
"Pre-label", "Add photos", "Pre-label the N photos left" and "Pre-label again". Proposals of a kind the table in use
does not have (a house table's graduate, himetan, read by the box's model) were said removed only after the first:
after the other three the boxes were gone in silence, and the person looked for tiles the model had seen."""
from __future__ import annotations

import pytest

from app import settings
from app_helpers import open_page
from test_label_house_table_54 import _Reader, house_text
from test_label_loose_junk_57 import _add as _add_photo
from test_label_loose_junk_57 import _jpeg

DROPPED = {"en": "Draft boxes of kinds the table in use does not have were removed: himetan",
           "ja": "使用中の表の牌ではない下書きの枠は外しました: ひめたん (himetan)"}


def _said(at, lang: str) -> list[str]:
    assert not at.exception, [e.value for e in at.exception]
    return [n.value for n in at.info if DROPPED[lang] in n.value]


@pytest.fixture
def prelabelled(home, tmp_path, monkeypatch):
    """``open(lang)``: a folder of two photos pre-labelled as Nogizaka under the club's house table (himetan
    graduated), the model reading a sakura and a himetan on each, on the Label page of the laptop."""
    from app.components import resources

    settings.save_house_table("nogizaka", house_text())
    folder = tmp_path / "photos"
    folder.mkdir()
    for i in range(2):
        (folder / f"x{i}.jpg").write_bytes(_jpeg((40 * i, 120, 90)))
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())

    def open_(lang: str):
        at = open_page("label", lang=lang)
        at.text_input(key="label_dir").set_value(str(folder)).run()
        at.selectbox(key="label_init_game").set_value("nogizaka").run()
        at.button(key="label_init").click().run()
        return at

    open_.folder = folder
    return open_


def _left(at, folder):
    """A pre-labelling cut off: one photo with no label file, pre-labelled alone."""
    sorted(folder.glob("labels/*/*.txt"))[-1].unlink()
    at.run()
    at.button(key="label_prelabel_left").click().run()


def _add(at, folder):
    _add_photo(at, "more.jpg", (200, 10, 10))


def _again(at, folder):
    at.selectbox(key="label_redo_with").set_value("nogizaka").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()


@pytest.mark.parametrize("action, lang", [(_left, "en"), (_add, "ja"), (_again, "en")],
                         ids=["photos-left", "add-photos", "pre-label-again"])
def test_each_pre_labelling_says_the_proposals_of_kinds_the_table_lacks_removed(prelabelled, action, lang):
    at = prelabelled(lang)
    assert len(_said(at, lang)) == 1  # the first pre-labelling said it
    action(at, prelabelled.folder)
    assert len(_said(at, lang)) == 1, [n.value for n in at.info]


class _TwoDroppedReader:
    """A sakura, a himetan (the house table's graduate) and a kind no game has, on every photo."""

    def read(self, image, source=None):
        from types import SimpleNamespace

        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[
            SimpleNamespace(xyxy=(x * w, 0.2 * h, (x + 0.15) * w, 0.8 * h), kind=kind, is_back=False)
            for x, kind in ((0.05, "sakura"), (0.35, "himetan"), (0.65, "zz9"))])


@pytest.mark.parametrize("lang, kinds", [("en", "himetan, zz9"), ("ja", "ひめたん (himetan)、zz9")])
def test_the_kinds_removed_are_named_as_the_never_learnt_note_names_them(prelabelled, monkeypatch, lang, kinds):
    """In Japanese each kind by its name in the box's table (the table in use lacks it), with its id, listed with
    「、」; a kind no table names by its id. In English by their ids, as the never-learnt note lists them."""
    from app.components import resources

    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _TwoDroppedReader())
    at = prelabelled(lang)
    said = DROPPED[lang].rsplit(": ", 1)[0] + ": " + kinds
    assert [n.value for n in at.info if said in n.value], [n.value for n in at.info]


@pytest.mark.parametrize("lang, words", [("en", "1 photo labelled meanwhile"), ("ja", "下書きの間に")])
def test_the_photos_labelled_meanwhile_are_said_by_the_one_note_every_button_says(lang, words):
    """Only "Add photos" and "Pre-label the N left" said the photos a person labelled during the pre-labelling; "Pre-label
    again" (whose overwrite keeps such a photo too) and the first "Pre-label" said nothing of them."""
    from streamlit.testing.v1 import AppTest

    def page():
        from pathlib import Path

        import streamlit as st

        from app.components import label_datasets
        from app.components.i18n import LANG_KEY
        from app.components.label_nav import NOTES_KEY
        from tilelens.labelling.prelabel import PrelabelSummary

        st.session_state[LANG_KEY] = st.session_state["lang_wanted"]
        summary = PrelabelSummary(photos=3, labelled=2, kept=1, tiles=10, meanwhile=("images/train/x1.jpg",))
        label_datasets._note_prelabelled(Path("/nowhere"), summary, None)
        st.session_state["notes_said"] = [text for _, text in st.session_state.get(NOTES_KEY, [])]

    at = AppTest.from_function(page)
    at.session_state["lang_wanted"] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    said = [n for n in at.session_state["notes_said"] if words in n]
    assert len(said) == 1 and "x1.jpg" in said[0], at.session_state["notes_said"]
