"""Leftovers (47b): the last tile and a win on the first turn offered one at a time on the manual page; names as
typed with their emoji and icon shortcodes kept as typed (players, tables, folders, dataset kinds); paths and
folder names as code; the event page names the tables not in order and those with tiles to confirm first."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from app_helpers import open_page, texts, tsumo, type_hand as typed

WJ = "\u2060"  # the word joiner as_typed puts after a shortcode's colon: unseen, it keeps the shortcode a shortcode


# --- the manual page: the last tile and a win on the first turn cannot both apply -----------------------------

@pytest.mark.parametrize("lang, last_why, first_why", [
    ("en", "first turn", "last tile"), ("ja", "1巡目", "最後の牌")])
def test_the_last_tile_and_a_first_turn_win_are_offered_one_at_a_time(home, page, lang, last_why, first_why):
    # both boxes were offered together: tick both and the scorer refused the hand
    at = typed(page("score_manual", "tokyo-mahjong", lang), "123m456p789s234s11z")
    at.checkbox(key="manual_riichi").uncheck().run()  # no riichi before the first draw
    assert not at.checkbox(key="manual_first_turn").disabled and not at.checkbox(key="manual_last_tile").disabled
    at.checkbox(key="manual_last_tile").check().run()
    first = at.checkbox(key="manual_first_turn")
    assert first.disabled and last_why in (first.help or ""), first.help
    assert not at.checkbox(key="manual_last_tile").disabled
    assert at.success and not at.error, [e.value for e in at.error]
    at.checkbox(key="manual_last_tile").uncheck().run()
    at.checkbox(key="manual_first_turn").check().run()
    last = at.checkbox(key="manual_last_tile")
    assert last.disabled and first_why in (last.help or ""), last.help
    assert not at.checkbox(key="manual_first_turn").disabled
    assert at.success and not at.error, [e.value for e in at.error]


def test_a_box_left_ticked_but_disabled_is_not_sent(home, page):
    # both ticked as the page was left (a box disabled keeps its tick): the one disabled is not scored
    from scorer.engine import score

    hand = "123m456p789s234s11z"
    at = tsumo(typed(page("score_manual", "tokyo-mahjong"), hand))
    at.checkbox(key="manual_riichi").uncheck().run()
    at.checkbox(key="manual_first_turn").check().run()
    at.session_state["manual_last_tile"] = True  # as a tick left from before would be (a browser cannot tick it)
    at.run()
    assert at.checkbox(key="manual_last_tile").disabled
    assert not at.error, [e.value for e in at.error]
    want = score("tokyo-mahjong", hand, win="tsumo", seat="south", chiihou=True)
    assert at.success and f"{want.points:,}" in at.success[0].value
    assert "Haitei" not in at.success[0].value


# --- names as typed: emoji and icon shortcodes too ----------------------------------------------------------------

SHORTCODES = [":smile:", ":material/home:", ":streamlit:", "a:+1:b"]


def _no_shortcode(markdown: str) -> None:
    for code in SHORTCODES:
        assert code not in markdown, (code, markdown)
    assert ":material/" not in markdown, markdown


def test_shortcodes_in_typed_text_are_kept_as_typed():
    from app.components.common import as_typed

    for code in SHORTCODES:
        shown = as_typed(code)
        _no_shortcode(shown)
        assert shown.replace(WJ, "") == code  # nothing seen changed: the joiner is invisible
    assert as_typed("12:30").replace(WJ, "") == "12:30" and as_typed("C:\\x") == "C:\\\\x"
    assert as_typed("Ann: 3") == "Ann: 3" and as_typed("a.txt:1 b") == "a.txt:1 b"  # no shortcode: left as typed


def test_code_spans_hold_any_backticks():
    from app.components.common import as_code

    assert as_code("table_07") == "`table_07`"
    assert as_code("a`b") == "``a`b``"
    assert as_code("`x") == "`` `x ``"
    assert as_code("a``b") == "```a``b```"


def test_a_players_name_with_a_shortcode_is_shown_as_typed_on_the_ledger_page(home):
    from tilelens.ledger import Ledger

    Ledger(home / "ledger.sqlite").new_match("yokai-watch", [":smile:", ":material/home:", "Cy", "Di"])
    at = open_page("ledger", "yokai-watch")
    assert not at.exception, [e.value for e in at.exception]
    _no_shortcode("\n".join(m.label for m in at.metric))
    _no_shortcode(texts(at))


def _event(tmp_path: Path, tables: dict[str, dict], root_name: str = "event") -> Path:
    from tilelens.event import CheckOptions, check_event

    from test_event_page import support

    reader = support.ExactReader()
    for name, how in tables.items():
        support.make_table(reader, tmp_path / root_name, name, how.get("hands", support.CLEAN), conf=how.get("conf"))
    out = tmp_path / "report"
    check_event(tmp_path / root_name, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


def test_the_event_page_shows_a_tables_name_with_a_shortcode_as_typed(home, tmp_path):
    out = _event(tmp_path, {":smile:": {}})
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value.replace(WJ, "") for e in at.success] == [":smile:: In order"]
    _no_shortcode("\n".join(e.value for e in at.success))


def test_the_event_pages_paths_are_code_not_markdown(home, tmp_path):
    # "*x*" in a folder's path read "x" in italics, a ":smile:" an emoji
    root = tmp_path / "*x*" / ":smile:"
    root.mkdir(parents=True)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(root)).run()
    assert [w.value for w in at.warning] == [f"No report in this folder: `{root}`"]


def test_the_skipped_folders_name_with_a_backtick_stays_whole(home, tmp_path):
    from tilelens.event import CheckOptions, check_event

    from test_event_page import support

    reader = support.ExactReader()
    root = tmp_path / "third"
    support.make_table(reader, root, "t1", support.CLEAN)
    (root / "a`b").mkdir()  # an earlier report kept inside the event folder: skipped, named
    (root / "a`b" / "event.json").write_text("{}", encoding="utf-8")
    out = tmp_path / "report3"
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    skipped = [w.value for w in at.warning if "Folders not checked" in w.value]
    assert skipped and "- ``a`b``: " in skipped[0], [w.value for w in at.warning]


def _dataset(root: Path, names: list[str], meta: dict | None = None) -> Path:
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "images/train/a.jpg")
    boxes = (Box("1m", (0.1, 0.1, 0.3, 0.5)), Box("2m", (0.4, 0.1, 0.6, 0.5)))
    write_yolo(Dataset(tuple(names), (LabelledImage("images/train/a.jpg", (160, 120), boxes),), "tokyo-mahjong",
                       meta or {}), root)
    return root


@pytest.mark.parametrize("meta_tileset", [False, True])
def test_a_datasets_kind_names_are_shown_as_typed_on_the_label_page(home, tmp_path, monkeypatch, meta_tileset):
    # a kind named "*odd*" read "odd" in italics, ":smile:" an emoji, in the kinds never seen
    # an enrolled set (no pictures): the names said in one line
    root = _dataset(tmp_path / "ds", ["1m", "2m", "*odd*", ":smile:"],
                    {"tileset": "hk-mahjong"} if meta_tileset else None)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    assert not at.exception, [e.value for e in at.exception]
    (never,) = [e for e in at.expander if e.label == "Kinds never seen (2)"]
    said = "\n".join(c.value for c in never.caption)  # (the dataset check's own lines are tilelens's words)
    assert r"\*odd\*" in said, said
    assert "*odd*" not in said.replace(r"\*odd\*", "")
    _no_shortcode(said)


# --- the event page names the tables to look at first, as the HTML report does ---------------------------------

def _mixed_event(tmp_path: Path) -> Path:
    from test_event_page import support

    surplus = {s: ["kotoko"] * 2 + support.CLEAN[s][:-2] for s in "1234"}
    return _event(tmp_path, {"table-01": {}, "table-02": {"hands": surplus}, "table-03": {"conf": {"2": {1: 0.2}}},
                             "table-04": {"hands": surplus}})


@pytest.mark.parametrize("lang, lines", [
    ("en", ["Not in order (2): table-02, table-04", "Tiles to confirm (1): table-03"]),
    ("ja", ["問題あり (2卓): table-02、table-04", "要確認 (1卓): table-03"])])
def test_the_event_page_names_the_tables_not_in_order_and_to_confirm_first(home, tmp_path, lang, lines):
    out = _mixed_event(tmp_path)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    said = [m.value for m in at.markdown]
    assert all(any(line in m for m in said) for line in lines), said
    order = [getattr(e, "value", None) for e in at.get("markdown")]
    assert order.index(next(m for m in said if lines[0] in m)) <= order.index(next(m for m in said if lines[1] in m))


def test_an_event_all_in_order_names_no_table_to_look_at(home, tmp_path):
    out = _event(tmp_path, {"table-01": {}})
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert "Not in order (" not in texts(at) and "Tiles to confirm (" not in texts(at)


def test_the_selected_boxs_kind_is_shown_as_typed_on_the_label_page(home, tmp_path, monkeypatch):
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    root = tmp_path / "ds"
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "images/train/a.jpg")
    boxes = (Box("*odd*", (0.1, 0.1, 0.3, 0.5)),)
    write_yolo(Dataset(("1m", "*odd*"), (LabelledImage("images/train/a.jpg", (160, 120), boxes),), "tokyo-mahjong",
                       {}), root)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    at.button(key="label_next_box").click().run()  # the first box selected
    assert not at.exception, [e.value for e in at.exception]
    assert r"**Box 1: \*odd\***" in [m.value for m in at.markdown], [m.value for m in at.markdown]


# --- files tampered with: a number thousands of digits long, brackets nested too deep --------------------------

def test_rules_text_nested_too_deep_or_a_number_too_long_is_left_to_the_save():
    """The Rules page's check of an edited text caught only TOML's own error: text nested thousands deep or with a
    number of 5,000 digits raised RecursionError / ValueError (a traceback on the page); the save says what is
    wrong (``scorer.catalog._read_toml``)."""
    from app.components.rules_view import check_house_text

    assert check_house_text("x = " + "[" * 100_000 + "]" * 100_000) is None
    assert check_house_text("x = " + "9" * 5000) is None


@pytest.mark.parametrize("body", ["[" * 100_000 + "]" * 100_000, '{"tables": ' + "9" * 5000 + "}"])
def test_an_event_report_tampered_with_is_one_line(home, tmp_path, body):
    from test_leftovers_47_pages import _event_with_table

    out = _event_with_table(tmp_path, "table-01")
    (out / "event.json").write_text(body, encoding="utf-8")
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("not a report: a number too long or brackets nested too deep" in e.value for e in at.error), \
        [e.value for e in at.error]
