"""A Japanese user's walkthrough counted two words for one thing in what tilelens prints under
TILELENS_LANG=ja. Each thing now has one word, the one most said: パソコン (not コンピューター, which `check`, `app` and
enroll said while `ledger` and the app said パソコン), 信頼度 (not 確信度), もうあります (not 既にあります/すでにあります),
分割 (not 分け方), 鳴き (not 副露). The scan covers every module a user reads words from (tilelens/, vision/, app/,
scorer/); comments are not said, docstrings are scanned too. And `tilelens synth --hand` on a Japanese screen names
each tile as `read` does, 「らりん (rarin)」, not by its id alone."""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MODULES = sorted(p for folder in ("tilelens", "vision", "app", "scorer") for p in (REPO / folder).rglob("*.py"))
# The minority word -> the word kept.
RETIRED = {"コンピューター": "パソコン", "確信度": "信頼度", "既に": "もう", "すでにあります": "もうあります",
           "分け方": "分割", "副露": "鳴き"}
_SAID = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}  # f-strings split from Python 3.12


def _japanese_strings(path: Path) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [t.string for t in tokens if t.type in _SAID
            and any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in t.string)]


def test_each_thing_has_one_word_in_what_a_user_reads():
    said = [(str(path.relative_to(REPO)), word, s[:80]) for path in MODULES for s in _japanese_strings(path)
            for word in RETIRED if word in s]
    assert not said, "\n".join(map(str, said))


def test_the_scan_sees_the_modules_and_the_words_kept():
    assert len(MODULES) > 100 and REPO / "vision" / "synth" / "cli.py" in MODULES
    kept = "".join(s for path in MODULES for s in _japanese_strings(path))
    assert all(word in kept for word in RETIRED.values())


def _synth(tmp_path, capsys, monkeypatch, lang, game, *hand):
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["synth", "--game", game, "--hand", *hand, "--out", str(tmp_path / f"{lang}.jpg"), "--imgsz", "128"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out.splitlines()[1:]


@pytest.mark.parametrize("game, hand, names", [
    ("nogizaka", ("rarin", "misa-senpai"), ["らりん (rarin)", "みさ先輩 (misa-senpai)"]),
    ("tokyo-mahjong", ("1m", "5z"), ["一萬 (1m)", "白 (5z)"])])
def test_synth_names_each_tile_under_ja_as_read_does(tmp_path, capsys, monkeypatch, game, hand, names):
    lines = _synth(tmp_path, capsys, monkeypatch, "ja", game, *hand)
    assert [re.split(r" +枠 ", line.strip())[0] for line in lines] == names, lines
    assert all(re.search(r" 枠 \d+, \d+, \d+, \d+$", line) for line in lines), lines
    assert len({line.index(" 枠 ") + sum(1 for c in line[:line.index(" 枠 ")] if ord(c) > 0x2000)
                for line in lines}) == 1, lines  # the boxes in one column, a Japanese character two wide
    lines = _synth(tmp_path, capsys, monkeypatch, "en", game, *hand)
    assert [line.split()[0] for line in lines] == list(hand) and all(" box " in line for line in lines), lines
