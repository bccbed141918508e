"""Japanese text writes a number against its counter ("写真 8枚", "3つ", "2回", "1本", "20点"), as the scorer's
messages do since session 49 (tests/scorer/test_wording_session49.py); the space before a filled-in value stays
where it follows Japanese text ("手牌は 14枚までです"). A unit in Latin letters keeps its space ("448 px", "3.2 MB").

The scan reads every string literal of the files below (the app's STRINGS pairs, the words tables' "ja" entries,
Japanese f-strings, implicit concatenations joined as Python joins them) from the source, without importing it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FILES = sorted({
    *(p.relative_to(ROOT).as_posix() for p in (ROOT / "tilelens" / "labelling").glob("*.py")),
    "tilelens/ledger.py", "tilelens/ledger_cli.py", "tilelens/ledger_merge.py", "tilelens/home.py", "tilelens/app_cli.py",
    *(p.relative_to(ROOT).as_posix() for p in (ROOT / "vision").glob("*.py")),
    *(p.relative_to(ROOT).as_posix() for p in (ROOT / "vision" / "synth").glob("*.py")),
    "app/components/i18n.py", "app/components/keep_photo.py", "app/components/teach_view.py",
    "app/components/ledger_view.py", "app/components/box_editor.py",
    "app/views/label.py", "app/views/ledger.py", "app/views/rules.py", "app/views/score_photo.py",
    "app/components/label_words.py", "app/components/label_nav.py", "app/components/label_panels.py",
    "app/components/label_datasets.py",
    *(p.relative_to(ROOT).as_posix() for p in (ROOT / "tilelens" / "event").glob("*.py")),
    "app/views/event_check.py", "app/settings.py", "app/components/result.py",
    "app/components/event_words.py", "app/components/event_table_view.py", "app/components/event_report_view.py",
})

# The scorer's counters and the rest this project counts with in Japanese ("1エポック", "2手順中", "2.5時間",
# "640×480ピクセル", "41文字まで", "1スレッド").
COUNTERS = ("文字目|文字|行目|本場|種類|メガピクセル|ピクセル|エポック|手順|時間|スレッド|"
            "枚|つ|回|人|点|本|局|卓|件|個|秒|分|万|翻|符|位|番|席|倍|組")
# Words that start with a counter's character but are not a count of it ("判定 0.95  位置 10,5", "種類=萬子", ...).
NOT_A_COUNT = "位置|番号|分け|分割|分か|本当|回転|局面|組み|人目につ|点検|点数|種類="
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SPACED = re.compile(rf"(?:\d|\}}) +(?!{NOT_A_COUNT})(?:{COUNTERS})")

# (file, the text that matched): why it keeps its space. None so far.
ALLOWED: dict[tuple[str, str], str] = {}


def _strings(tree: ast.AST):
    """Each string literal with its line: an f-string with its values as "{}" (what the reader sees around them),
    a value that picks the screen's word (``{'翻' if lang() == 'ja' else 'han'}``) as its Japanese word."""
    in_fstring: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                in_fstring.add(id(value))
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    parts.append(value.value)
                else:
                    parts.append(_japanese_choice(value) or "{}")
            yield node.lineno, "".join(parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in in_fstring:
            yield node.lineno, node.value


def _japanese_choice(value: ast.AST) -> str | None:
    """The Japanese word an f-string's ``{'翻' if ... else 'han'}`` writes, None for any other value."""
    expr = getattr(value, "value", None)
    if isinstance(value, ast.FormattedValue) and isinstance(expr, ast.IfExp):
        for branch in (expr.body, expr.orelse):
            if isinstance(branch, ast.Constant) and isinstance(branch.value, str) and JAPANESE.search(branch.value):
                return branch.value
    return None


def spaced_counters(text: str) -> list[str]:
    """The places in a Japanese text where a number or a {placeholder} stands a space away from its counter."""
    if not JAPANESE.search(text):
        return []
    return [text[max(0, m.start() - 12):m.end() + 2] for m in SPACED.finditer(text)]


@pytest.mark.parametrize("text,found", [
    ("写真 {n} 枚のうち", True), ("鳴きは4つまでです ({n} つあります)", True), ("全 1 エポック", True),
    ("全員が {laps} 回親をすると終局。", True), ("赤五 (各色 1 枚) は 1 枚 1 ドラです。", True),
    ("a.txt の {} 行目", True), ("({} メガピクセルまで)", True), ("{minutes:g} 分", True),
    ("写真 {n}枚のうち", False), ("検出器の場面 800枚 (448 px)", False), ("{mb:.1f} MB、元は", False),
    ("判定 {kind:.2f}  検出 {det:.2f}  位置 {box}", False), ("{n} photos, {done} done", False),
    ("{ok} / {n} 卓が問題なし", True), ("第{n}局", False), ("({w}×{h} ピクセル)", True), ("(41 文字まで)", True),
    ("{hours:g} 時間で", True), ("位置 10,5,19,21  種類=萬子", False), ("UTF-8 の文字ではない", False)])
def test_the_scan_finds_a_spaced_counter_and_only_that(text, found):
    assert bool(spaced_counters(text)) is found, text


def test_the_scan_reads_the_japanese_word_an_fstring_picks():
    source = "f\"{name} ({han} {'翻' if lang() == 'ja' else 'han'})\""
    assert "{} ({} 翻)" in [text for _, text in _strings(ast.parse(source))]


@pytest.mark.parametrize("path", FILES)
def test_no_japanese_string_spaces_a_number_from_its_counter(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    found = []
    for line, text in _strings(ast.parse(source, filename=path)):
        for bad in spaced_counters(text):
            if (path, bad) not in ALLOWED:
                found.append(f"{path}:{line}: ...{bad}...")
    assert not found, "\n".join(sorted(set(found)))


# "M of N" in Japanese is one form, with no space after のうち: "50枚のうち18枚", "全体で約 2.3分のうち0.5分" (session 65;
# some read "3枚のうち 1枚"). A value followed by a space is a name in Latin letters ("37種類のうち {spec.id} の牌は") and keeps
# its space, as a word does ("4枚のうち OK にしたのは"). The scorer's messages are read too.
SPACED_OF = re.compile(r"のうち +(?:\d|\{[^{}]*\})(?! )")
OF_FILES = sorted({*FILES, *(p.relative_to(ROOT).as_posix() for p in (ROOT / "scorer").glob("*.py"))})


def spaced_of(text: str) -> list[str]:
    """The places in a Japanese text where "のうち" stands a space away from the number or {placeholder} after it."""
    if not JAPANESE.search(text):
        return []
    return [text[max(0, m.start() - 12):m.end() + 2] for m in SPACED_OF.finditer(text)]


@pytest.mark.parametrize("text,found", [
    ("OK にした写真: {total}枚のうち {n}枚", True), ("{of}枚のうち{n}枚は読めませんでした", False),
    (" (全体で約 2.3分のうち 0.5分)", True), (" (全体で約 2.3分のうち0.5分)", False), ("(そのうち {n}枚はラベルなし)", True),
    ("({}のうち {})。", True), ("この牌セットの {}種類のうち {} の牌は", False), ("写真 {}枚のうち OK にしたのは {}枚", False),
    ("ばらの写真のうち images/val に入れる割合", False), ("{n} of {total} photos", False)])
def test_the_of_scan_finds_a_space_after_nouchi_and_only_that(text, found):
    assert bool(spaced_of(text)) is found, text


@pytest.mark.parametrize("path", OF_FILES)
def test_no_japanese_string_spaces_m_of_n(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    found = sorted({f"{path}:{line}: ...{bad}..." for line, text in _strings(ast.parse(source, filename=path))
                    for bad in spaced_of(text)})
    assert not found, "\n".join(found)


def test_a_filled_in_value_keeps_the_space_after_japanese_text():
    """The value is written against its counter, not against the words before it (as the scorer does)."""
    from app.components.i18n import STRINGS
    assert STRINGS["hand_full"][0].format(n=14).startswith("手牌は 14枚までです。")
    assert STRINGS["too_many_melds"][0].format(n=5) == "鳴きは4つまでです (5つあります)"
    assert STRINGS["sum_end_laps"][0].format(laps=2) == "全員が 2回ずつ親をすると対局終了です。"


@pytest.fixture
def screen_in(monkeypatch):
    """The result's drawing (``app.components.result``) with the screen's language set, outside a page's run."""
    from app.components import i18n, result

    def choose(lang: str):
        monkeypatch.setattr(i18n, "lang", lambda: lang)
        monkeypatch.setattr(result, "lang", lambda: lang)
        return result
    return choose


@pytest.mark.parametrize("lang, said", [
    ("ja", ["立直 (1翻)", "120点", "12万", "基本セット 120点", "ロン 8,000 / ツモ 8,000点", "3翻 · 30符"]),
    ("en", ["Riichi (1 han)", "120 points", "12 x10,000 fans", "Basic set 120 points",
            "Ron (discard) 8,000 / Tsumo (self-draw) 8,000 points", "3 han · 30 fu"])])
def test_the_result_writes_points_han_and_fu_against_the_number_in_japanese(screen_in, monkeypatch, lang, said):
    """A result's points, han and fu in Japanese: "120点", "(1翻)", "3翻 · 30符" (was "120 点", "(1 翻)"); in
    English a space before the unit in letters ("120 points", "12 x10,000 fans")."""
    from types import SimpleNamespace as Thing

    result = screen_in(lang)
    points, fans = ("点", "万") if lang == "ja" else ("points", "x10,000 fans")
    win = Thing(value=8000, points=8000, yaku=["riichi"], extra={})
    captions: list[str] = []
    monkeypatch.setattr(result.st, "caption", captions.append)
    result._riichi_extra({"han": 3, "fu": 30})
    assert [result.yaku_label(Thing(name_ja="立直", name_en="Riichi", han=1)),
            result.amount(120, points), result.amount(12, fans),
            result.wait_value(Thing(yaku=[Thing(name_ja="基本セット", name_en="Basic set")], points=120), points),
            result.wait_value(Thing(ron=win, tsumo=win), points), captions[0]] == said
