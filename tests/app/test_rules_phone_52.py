"""The Rules page's yaku table on a phone (session 52 walkthrough, 390x844: the table 356 css px wide): one name
column in the screen's language (the Japanese name in brackets under it on an English screen), the points, a short
shape; a local or house yaku marked by a short word in its name cell, not a column of its own; the long shape, and
what a local or house yaku means, in an expander per yaku; no config text (``local = true``,
``favourite_multiplier = 1``) outside the organisers' editor; Yokai's default yaku said plainly."""
import re
import unicodedata

import pytest

from app.components.i18n import STRINGS
from app.components.rules_view import RULES_STRINGS
from scorer import list_games

LANGS = ("en", "ja")
CONFIG = ("local = true", "favourite_multiplier", "house-table default")  # 「(ハウスルール)」: the mark (native review)


def _width(text: str) -> int:
    """Display cells: a Japanese character is two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _lines(cell) -> list[str]:
    """A markdown cell's lines (a hard break is two spaces and a newline), without the zero-width spaces that tell a
    name's words apart (session 53)."""
    return [line.strip() for line in str(cell).replace("\u200b", "").split("\n")]


def _player_strings(at) -> list[str]:
    """What the page says outside the organisers' editor (``Edit the table``) and the Add panel."""
    skip = {STRINGS["edit_table"][0], STRINGS["edit_table"][1], RULES_STRINGS["add_game"][0],
            RULES_STRINGS["add_game"][1]}
    out: list[str] = []

    def walk(node) -> None:
        if getattr(node, "type", "") == "expander" and getattr(node, "label", "") in skip:
            return
        kind = getattr(node, "type", "")
        if kind in ("markdown", "caption", "info", "warning", "success", "error"):
            out.append(str(node.value))
        if kind in ("arrow_table", "table"):
            out.extend(str(v) for col in node.value.columns for v in node.value[col])
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list_games())
def test_the_yaku_table_fits_a_phone(home, page, game, lang):
    at = page("rules", game, lang)
    table = at.table[0].value
    assert len(table.columns) <= 3, list(table.columns)
    assert STRINGS["name_en"][lang == "en"] not in table.columns and STRINGS["name_ja"][1] not in table.columns
    for cell in table[table.columns[0]]:
        lines = _lines(cell)
        assert len(lines) <= 2, lines
        assert all(_width(line) <= 44 for line in lines), lines
        assert all(len(word) <= 18 for word in re.findall(r"[!-~]+", str(cell))), cell  # no word past its column
    if game != "tokyo-mahjong":  # a shape was 6 lines: now two or three short ones at most
        for cell in table[table.columns[2]]:
            assert _width(str(cell)) <= 52, cell


@pytest.mark.parametrize("lang", LANGS)
def test_one_name_in_the_screens_language_the_japanese_under_it_in_english(home, page, lang):
    table = page("rules", "cinderella-neo", lang).table[0].value
    names = [n.replace("\u200b", "") for n in table[table.columns[0]]]
    if lang == "en":
        assert "Rehearsal Live Set  \n(リハーサルライブセット)" in names, names
        assert "WONDERFUL M@GIC!!" in names  # the same in both: said once
    else:
        assert "リハーサルライブセット" in names and not any("Rehearsal" in n for n in names), names
    riichi = page("rules", "tokyo-mahjong", lang).table[0].value
    assert ("Riichi  \n(立直)" if lang == "en" else "立直") in {n.replace("\u200b", "") for n in riichi[riichi.columns[0]]}


@pytest.mark.parametrize("lang, local, house", [("en", "SP Live Set A (local)", "Basic set (house)"),
                                                ("ja", "SPライブセットA (ローカル)", "基本セット (ハウスルール)")])
def test_local_and_house_yaku_are_marked_by_a_short_word(home, page, lang, local, house):
    table = page("rules", "cinderella-neo", lang).table[0].value
    assert any(_lines(n)[0] == local for n in table[table.columns[0]])
    yokai = page("rules", "yokai-watch", lang)
    table = yokai.table[0].value
    assert _lines(table[table.columns[0]][0])[0] == house
    assert list(table.columns) == [RULES_STRINGS["yaku_col"][lang == "en"], STRINGS["value"][lang == "en"],
                                   STRINGS["shape"][lang == "en"]]


@pytest.mark.parametrize("lang, short, full", [
    ("en", "a 4-member unit + a group of 3 + a group of 2",
     "a 4-member unit + a group of 3 (unit or status set) + a group of 2"),
    ("ja", "4人ユニット + 3枚の組 + 2枚の組", "4人ユニット + 3枚の組 (ユニットかステータスセット) + 2枚の組")])
def test_a_long_shape_is_short_in_the_table_and_whole_in_its_expander(home, page, lang, short, full):
    at = page("rules", "cinderella-neo", lang)
    table = at.table[0].value
    assert short in set(table[table.columns[2]])
    label = "Quartet Unit" if lang == "en" else "カルテットユニット"
    fold = [e for e in at.expander if e.label.startswith(label)]
    assert fold, [e.label for e in at.expander]
    assert any(full in m.value for m in fold[0].markdown), [m.value for m in fold[0].markdown]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["cinderella-neo", "yokai-watch", "nogizaka"])
def test_no_config_text_reaches_a_player(home, page, game, lang):
    said = _player_strings(page("rules", game, lang))
    assert said
    leaks = [s for s in said if any(c in s for c in CONFIG)]
    assert not leaks, leaks


@pytest.mark.parametrize("lang, note", [
    ("en", "Points set by this app"), ("ja", "点数はこのアプリが決めた値です")])
def test_yokais_default_yaku_is_said_plainly(home, page, lang, note):
    at = page("rules", "yokai-watch", lang)
    fold = [e for e in at.expander if e.label.startswith("Basic set" if lang == "en" else "基本セット")]
    assert fold and any(note in m.value for m in fold[0].markdown), [e.label for e in at.expander]


@pytest.mark.parametrize("lang, words", [("en", "scored only if the club switches"), ("ja", "クラブで使うと決めたとき")])
def test_a_local_yaku_is_said_without_config_and_the_key_is_left_to_the_editor(home, page, lang, words):
    at = page("rules", "cinderella-neo", lang)
    fold = [e for e in at.expander if e.label.startswith("SP Live Set A" if lang == "en" else "SPライブセットA")]
    assert fold and any(words in m.value for m in fold[0].markdown)
    editor = [e for e in at.expander if e.label == STRINGS["edit_table"][lang == "en"]]
    notes = " ".join(c.value for c in editor[0].caption)
    assert "`local = true`" in notes and "`favourite_multiplier = 1`" in notes, notes
    assert not re.search(r"local = true|favourite_multiplier", " ".join(_player_strings(at)))
