"""Session 54: the app side's leftovers of session 53's note.

1. The Teach panel's training minutes are a drop-down, not a slider (Streamlit names a slider's thumb by the
   slider's label as well: a screen reader said it twice), its stored choice and 1-15 range kept.
2. A house-table edit that is a link to no file: the Rules page offers Restore (and Save) for it, which move the
   link aside into history/ with the edits, and say so; nothing is lost, no removing it by hand.
3. "Delete box" disabled by a run its own key press caused (Ctrl+Enter accepting the photo with the focus on it,
   the next photo opened with no box selected): a browser drops a disabled button's focus to the page body. The
   page's script puts it on "Next box", beside it (the place Ctrl+Enter pressed there leaves it).
4. A text box with a length limit out of a form (the Label page's new kind id) keeps its count ("0/32") on a
   Japanese screen before anything is typed, while Streamlit's English "Press Enter" hint stays hidden.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time

import pytest

from app_helpers import label_page_dataset, open_page, texts
from test_added_game_50 import club_text

from app import settings
from scorer import GameFileError
from tilelens.labelling import set_done, teach


# ---------------------------------------------------------------- 1. the Teach panel's minutes: a drop-down

@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_page_dataset(tmp_path, monkeypatch)
    for photo in ("images/train/a.jpg", "images/train/b.jpg"):
        set_done(root, photo)
    monkeypatch.setattr(teach, "can_train", lambda: True)
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_training_minutes_are_a_drop_down_of_1_to_15_at_5(dataset, lang):
    at = open_page("label", lang=lang)
    assert not [s for s in at.slider if s.key == "teach_minutes"]  # its thumb was named twice
    box = at.pills(key="teach_minutes")
    assert box.label == ("学習時間 (分)" if lang == "ja" else "Training time (minutes)")
    assert [int(o) for o in box.options] == list(range(1, 16))
    assert box.value == 5


def test_the_minutes_chosen_are_kept_through_a_job_and_time_said(dataset, monkeypatch):
    at = open_page("label", lang="en")
    at.pills(key="teach_minutes").set_value(9).run()
    assert "training (9 min)" in texts(at), texts(at)
    real = teach.status
    monkeypatch.setattr(teach, "status", lambda root: teach.TeachJob(
        "mine", "running", "orientation", 0.5, time.time(), 9, 2, "", teach.job_dir(root)))
    at.run()  # the form is not drawn while a job runs: Streamlit forgets its widgets
    assert not [s for s in at.pills if s.key == "teach_minutes"]
    monkeypatch.setattr(teach, "status", real)
    at.run()
    assert not at.exception
    assert at.pills(key="teach_minutes").value == 9  # the stored choice (``kept["minutes"]``)


# ---------------------------------------------------------------- 2. Restore with an edit that is a dangling link

EDIT = "# the club's edit\n"


@pytest.fixture
def dangling(home, tmp_path):
    """nogizaka with a saved edit and, beside it, an edit that is a link to no file."""
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", EDIT + text)
    link = settings.house_dir("nogizaka") / "e.toml"
    link.symlink_to(tmp_path / "nope.toml")
    with pytest.raises(GameFileError, match="is a link to"):
        settings.app_game("nogizaka")
    return link


def _in_history(game_id: str) -> tuple[list[str], list[str]]:
    """The links (their targets) and the files (their texts' first lines) in the game's history/."""
    history = settings.history_dir(game_id)
    entries = sorted(history.iterdir()) if history.is_dir() else []
    return ([os.readlink(p) for p in entries if p.is_symlink()],
            [p.read_text(encoding="utf-8").splitlines()[0] for p in entries
             if p.is_file() and not p.is_symlink() and p.suffix == ".toml"])


def test_reset_moves_a_dangling_link_aside_with_the_edits(dangling, tmp_path):
    kept = settings.reset_house_table("nogizaka")
    assert kept == settings.history_dir("nogizaka")
    assert not os.path.lexists(dangling)
    links, files = _in_history("nogizaka")
    assert links == [str(tmp_path / "nope.toml")]  # the link itself, pointing where it did: nothing lost
    assert files == [EDIT.strip()]
    assert settings.app_game("nogizaka").source == str(settings.shipped_path("nogizaka"))


def test_a_save_over_a_dangling_link_moves_it_aside_too(dangling, tmp_path):
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", "# another edit\n" + text)
    assert not os.path.lexists(dangling)
    assert _in_history("nogizaka")[0] == [str(tmp_path / "nope.toml")]
    assert settings.app_game("nogizaka").source == str(settings.edited_path("nogizaka"))


def test_the_shipped_text_saved_over_a_dangling_link_is_a_restore(dangling):
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    assert settings.save_house_table("nogizaka", text) is not None  # not "nothing changed": the game was refused
    assert not os.path.lexists(dangling) and settings.edited_path("nogizaka") is None
    assert settings.app_game("nogizaka").source == str(settings.shipped_path("nogizaka"))


def test_two_links_of_one_name_moved_in_one_second_are_both_kept(home, tmp_path):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    for target in ("one.toml", "two.toml"):
        (folder / "e.toml").symlink_to(tmp_path / target)
        settings.reset_house_table("nogizaka")
    assert sorted(_in_history("nogizaka")[0]) == [str(tmp_path / "one.toml"), str(tmp_path / "two.toml")]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_restores_the_shipped_table_over_a_dangling_link(dangling, tmp_path, lang):
    at = open_page("rules", "nogizaka", lang)
    assert any("is a link to" in e.value or "リンク" in e.value for e in at.error), [e.value for e in at.error]
    said = texts(at)
    assert ("`e.toml` is a link to no file. “Restore the shipped default” moves it aside, with your edits, into "
            "$TILELENS_HOME/games/nogizaka/history" if lang == "en" else
            "`e.toml`はその先にファイルがないリンクです。「同梱の表に戻す」を押すと") in said, said
    reset = at.button(key="rules_reset")
    assert not reset.disabled  # the way back, on the page the error sends one to
    reset.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]  # the game plays again: no "remove the link" left to do
    assert [s.value for s in at.success] == ["同梱の表に戻しました。" if lang == "ja" else "The shipped default is back."]
    said = texts(at)
    assert ("The link to no file `e.toml` was moved aside to $TILELENS_HOME/games/nogizaka/history too." if lang == "en"
            else "その先にファイルがないリンク `e.toml`も $TILELENS_HOME/games/nogizaka/historyに移しました。") in said, said
    assert not os.path.lexists(dangling)
    assert _in_history("nogizaka") == ([str(tmp_path / "nope.toml")], [EDIT.strip()])


def test_a_save_on_the_rules_page_over_a_lone_dangling_link_moves_it_aside_and_says_so(home, tmp_path):
    link = settings.house_dir("nogizaka") / "e.toml"
    link.parent.mkdir(parents=True)
    link.symlink_to(tmp_path / "nope.toml")
    at = open_page("rules", "nogizaka")
    key = "rules_text_nogizaka"
    at.text_area(key=key).set_value(EDIT + at.text_area(key=key).value).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert [s.value for s in at.success] == ["Saved: it scores at once."]
    assert "The link to no file `e.toml` was moved aside" in texts(at), texts(at)
    assert _in_history("nogizaka")[0] == [str(tmp_path / "nope.toml")]
    assert settings.app_game("nogizaka").source == str(settings.edited_path("nogizaka"))


def test_an_added_game_with_a_dangling_link_restores_the_table_as_added(home, tmp_path):
    settings.add_game(club_text())
    link = settings.house_dir("club") / "e.toml"
    link.parent.mkdir(parents=True)
    link.symlink_to(tmp_path / "nope.toml")
    at = open_page("rules", "club")
    reset = at.button(key="rules_reset")
    assert not reset.disabled
    reset.click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert [s.value for s in at.success] == ["The table as added is back."]
    assert not os.path.lexists(link) and _in_history("club")[0] == [str(tmp_path / "nope.toml")]


def test_a_shipped_game_with_no_edit_still_offers_no_restore(home):
    at = open_page("rules", "nogizaka")
    assert at.button(key="rules_reset").disabled


# ---------------------------------------------------------------- 3. the focus after "Delete box" is disabled

def _label_scripts(at) -> list[str]:
    return [m for h in at.get("html") for m in re.findall(r"<script>(.*?)</script>", h.proto.body, re.S)]


def test_the_label_page_sends_the_script_that_keeps_the_focus_off_the_page_body(dataset):
    at = open_page("label", lang="en")  # opened at its first photo still to do (c.jpg): back to a.jpg, boxed
    at.session_state["label_index"] = 0
    at.session_state["label_sel"] = 0  # a box selected: "Delete box" enabled, focusable
    at.run()
    assert not at.button(key="label_delete").disabled
    scripts = [s for s in _label_scripts(at) if "label_delete" in s]
    assert len(scripts) == 1, _label_scripts(at)
    assert ".st-key-label_next_box button" in scripts[0] and ".focus(" in scripts[0]
    at.button(key="label_accept").click().run()  # the next photo, no box selected: "Delete box" disabled
    assert at.button(key="label_delete").disabled
    assert [s for s in _label_scripts(at) if "label_delete" in s] == scripts  # still there, the same


def _refocus_run(events: str) -> dict:
    """Run the Label page's focus script on stand-ins of the page's buttons; ``events`` is JavaScript that acts on
    them (``del``, ``nextBox``, ``other``, ``doc``, ``key()``), then the result is printed after 200 ms."""
    from app.views.label import REFOCUS_JS

    script = """
const listeners = [];
const button = (name, key) => ({ name, disabled: false, focused: 0,
  closest(sel) { return sel === `.st-key-${key}` ? this : null; }, focus() { this.focused += 1; doc.activeElement = this; } });
const del = button("delete", "label_delete"), nextBox = button("next", "label_next_box"), other = button("other", "x");
const body = { name: "body", closest() { return null; } };
const doc = { body, activeElement: del,
  querySelector(sel) { return sel === ".st-key-label_next_box button" ? nextBox : null; } };
const win = { setTimeout: (f, ms) => setTimeout(f, Math.min(ms, 5)),
  addEventListener(type, f, capture) { listeners.push([type, f, capture]); } };
const key = () => listeners.filter(([t, , c]) => t === "keydown" && c).forEach(([, f]) => f({ key: "Enter", ctrlKey: true }));
""" + REFOCUS_JS.replace("document, window", "doc, win") + events + """
setTimeout(() => console.log(JSON.stringify({ active: doc.activeElement.name, nextFocused: nextBox.focused,
  listeners: listeners.length })), 200);
"""
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


node = pytest.mark.skipif(shutil.which("node") is None, reason="runs the page's JavaScript in node")


@node
@pytest.mark.parametrize("lost", ["del.disabled = true;", "doc.activeElement = body;"])
def test_ctrl_enter_on_delete_box_leaves_the_focus_on_next_box(lost):
    # the key pressed on "Delete box"; the page's run then disables it (the browser keeps it or drops it to body)
    out = _refocus_run(f"key(); {lost}")
    assert out == {"active": "next", "nextFocused": 1, "listeners": 1}


@node
def test_the_script_adds_its_listener_once_however_often_it_is_sent():
    from app.views.label import REFOCUS_JS

    out = _refocus_run(REFOCUS_JS.replace("document, window", "doc, win") + "key(); del.disabled = true;")
    assert out == {"active": "next", "nextFocused": 1, "listeners": 1}


@node
@pytest.mark.parametrize("events", [
    "doc.activeElement = other; key(); doc.activeElement = body;",  # a key pressed elsewhere: not its business
    "key(); doc.activeElement = other;",  # the person moved on (Tab) before the page ran
    "key();",  # "Delete box" still enabled and focused: the focus stays on it
])
def test_the_focus_is_left_alone_otherwise(events):
    out = _refocus_run(events)
    assert out["nextFocused"] == 0, out


# ---------------------------------------------------------------- 4. a length limit's count on a Japanese screen

COUNT_RULE = ('html:lang(ja) .st-key-label_new_kind_id [data-testid="InputInstructions"] > span:only-child '
              '{ display: inline; }')


def _css(at) -> str:
    return "\n".join(h.proto.body for h in at.get("html"))


def test_the_new_kind_ids_count_shows_on_a_japanese_screen(dataset):
    at = open_page("label", lang="ja")
    assert at.text_input(key="label_new_kind_id").max_chars == 32
    css = _css(at)
    assert COUNT_RULE in css, css
    assert 'html:lang(ja) [data-testid="InputInstructions"] > span:first-child { display: none; }' in css  # the hint


def test_the_count_rule_wins_over_the_hint_rule():
    """Streamlit draws the count first and alone before anything is typed, after the hint once one types: in a box
    with a limit, the only span is the count. The rule that shows it is the hint rule's selector and more."""
    from app.components.common import INPUT_HINT_CSS, length_count_css

    assert length_count_css("label_new_kind_id") == COUNT_RULE
    hint = INPUT_HINT_CSS.splitlines()[0]
    assert hint.startswith('html:lang(ja) [data-testid="InputInstructions"] > span:first-child {')
    # a class and a pseudo-class over the hint rule's one pseudo-class: (0,4,2) against (0,3,2)
    assert COUNT_RULE.count(".st-key-") == 1 and ":only-child" in COUNT_RULE
