"""App leftovers: the box editor's selected box told without colour, the ledger page's one reading of the
hands a rerun, tile pictures sent as the JPEG they are (one image open a picture, not two), and the notes a
wait's ron or tsumo carries (dora beside a yakuman) said under the wait."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter

import pytest
from app_helpers import texts, type_hand

YOKAI_EIGHT = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2


def _js_function(name: str) -> str:
    from app.components.box_editor import _JS

    start = _JS.index(f"function {name}(")
    end = _JS.find("\nfunction ", start + 1)
    return _JS[start:end if end > 0 else len(_JS)]


def test_the_selected_box_is_told_apart_without_its_colour():
    """A colour-blind labeller saw the selected box only as orange among blue ones: it is dashed and drawn
    thicker, and its name tag is marked, wherever the editor shows a box selected (drawn, or just clicked)."""
    from app.components.box_editor import _JS

    mark = _js_function("markSelected")
    assert "stroke-dasharray" in mark and "stroke-width" in mark  # a dashed, thicker outline
    assert re.search(r'"tl-tag sel"|tl-tag\.sel|"sel"', mark)  # its name tag marked too
    # every place that shows a box selected goes through it: no box made orange without the rest
    assert _JS.count("markSelected(") >= 3  # its definition, the drawing, a click
    assert '"tl-box sel"' not in _JS.replace(mark, "")
    from app.components.box_editor import _CSS

    assert re.search(r"\.tl-tag\.sel\s*\{[^}]*(text-decoration|font-weight)", _CSS)


@pytest.mark.skipif(shutil.which("node") is None, reason="runs the editor's JavaScript in node")
def test_markSelected_marks_the_box_and_its_tag_and_unmarks_them():
    """The editor's own code, run on stand-ins for the box and its tag: selected, then another box chosen."""
    script = _js_function("markSelected") + """
const el = () => ({ a: {}, setAttribute(k, v) { this.a[k] = String(v); }, removeAttribute(k) { delete this.a[k]; } });
const rect = el(), tag = el();
markSelected(rect, tag, true, 2);
const on = { rect: { ...rect.a }, tag: { ...tag.a } };
markSelected(rect, tag, false, 2);
console.log(JSON.stringify({ on, off: { rect: rect.a, tag: tag.a } }));
"""
    out = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True,
                                    timeout=30).stdout)
    assert out["on"]["rect"] == {"class": "tl-box sel", "stroke-width": "4", "stroke-dasharray": "8 4"}
    assert out["on"]["tag"] == {"class": "tl-tag sel"}
    assert out["off"] == {"rect": {"class": "tl-box", "stroke-width": "2"}, "tag": {"class": "tl-tag"}}


def test_the_ledger_page_reads_the_match_once_a_rerun(home, page, monkeypatch):
    """The totals, the hands table and the CSV come from one reading of the match's hands."""
    from test_ledger_page import draw_button, start

    from tilelens.ledger import Ledger

    at = start(page("ledger", "nogizaka"))
    draw_button(at).click().run()
    calls = Counter()
    for name in ("hands", "table"):
        inner = getattr(Ledger, name)

        def counted(self, *args, _name=name, _inner=inner, **kwargs):
            calls[_name] += 1
            return _inner(self, *args, **kwargs)

        monkeypatch.setattr(Ledger, name, counted)
    at.run()
    assert not at.exception and at.dataframe
    assert calls == Counter(table=1, hands=1)  # the hands read by the table's one reading, and no other


def test_tile_pictures_are_opened_once_each_on_a_rerun(home, page, monkeypatch):
    """A tile picture is JPEG bytes: Streamlit, told so, no longer opens it to find out its format."""
    import PIL.Image

    at = page("score_manual", "yokai-watch")
    for kind in YOKAI_EIGHT:
        at.button(key=f"manual_add_{kind}").click().run()
    assert not at.exception
    opened = Counter()
    inner = PIL.Image.open

    def counted(*args, **kwargs):
        opened["open"] += 1
        return inner(*args, **kwargs)

    monkeypatch.setattr(PIL.Image, "open", counted)
    at.button(key="manual_tile_0").click().run()  # the picker opens: every tile's picture, and the waits
    assert not at.exception
    assert len(at.image) > 20
    assert opened["open"] <= len(at.image)  # was two a picture


SUUANKOU_TANKI_WAIT = "111m999m111p999p1z"  # waits on 1z; with dora indicator 8m its three 9m are 3 dora, not counted


@pytest.mark.parametrize("lang, said, other", [
    ("en", "3 dora not counted: beside a yakuman only the yakuman counts", "ドラ3は数えません"),
    ("ja", "ドラ3は数えません: 役満があるときは役満だけを数えます", "3 dora not counted"),
])
def test_a_waits_notes_are_said_under_it(home, page, lang, said, other):
    at = type_hand(page("score_manual", "tokyo-mahjong", lang=lang), SUUANKOU_TANKI_WAIT)
    assert not at.exception and said not in texts(at)  # no dora given: nothing to say
    at.button(key="manual_dora_add_8m").click().run()
    assert not at.exception
    shown = [c.value for c in at.caption if said in c.value]
    assert len(shown) == 1, [c.value for c in at.caption]  # once, though its ron and tsumo both carry it
    assert other not in texts(at)
