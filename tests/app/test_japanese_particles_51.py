"""Session 51: no space before a Japanese particle after a filled-in value: 「乃木坂ドンジャラの役」, not
「乃木坂ドンジャラ の役」; 「合計 300点を払います」, not 「合計 300点 を払います」. Checked in the app's strings
(``i18n.STRINGS``, the Label and Rules pages' own) and in the Japanese the scorer and `tilelens read` say."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.components.i18n import STRINGS
from app.components.rules_view import RULES_STRINGS
from app.views.label import STRINGS as LABEL_STRINGS

ROOT = Path(__file__).parents[2]
# a particle right after a value and a space; です (a copula) is no particle
BEFORE_PARTICLE = re.compile(r"\}\s+(?:の|を|が|に|は|で(?!す)|と|へ|も|から|まで|や|より)")
# a value that is a command-line token keeps its space: "- は" (standard input), "--melds pon:777z を"
TOKENS = ("{STDIN} は", "--melds {specs} を")


@pytest.mark.parametrize("table", [STRINGS, LABEL_STRINGS, RULES_STRINGS], ids=["i18n", "label", "rules"])
def test_no_space_before_a_particle_in_the_apps_japanese(table):
    bad = {key: ja for key, (ja, _en) in table.items() if BEFORE_PARTICLE.search(ja)}
    assert not bad, bad


def test_the_examples_read_as_japanese():
    assert STRINGS["rules_for"][0].format(game="乃木坂ドンジャラ") == "乃木坂ドンジャラの役"
    assert STRINGS["sum_chombo"][0].format(n=300, unit="点") == "チョンボをした人はほかの人に合計 300点を払います。"


@pytest.mark.parametrize("path", ["scorer/engine.py", "vision/read_cli.py"])
def test_no_space_before_a_particle_in_the_command_lines_japanese(path):
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    bad = [line.strip() for line in lines if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line)
           and BEFORE_PARTICLE.search(line) and not any(token in line for token in TOKENS)]
    assert not bad, bad


# The ledger's messages (session 57): a player's name is followed by its particle (「Aki (席 2)はこの捨て牌で…」), while
# a value that is a token keeps its space: a file's path (「ledger.sqlite の対局」), a match's id (「#4 を除いて」), a key
# (「[table] に不明なキー future_key があります」), a seat's number. A value is a token by what it holds (its expression).
LEDGER_TOKENS = re.compile(r"path|folder|file|inside|other|target|source|safe|copy|blocker|match_id|\bid\b|#|key|kind"
                           r"|\bway\b|seat|since|comma|game_id|without|\buma\b|unknown|near|KEPT|MULTIPLE_RON|DrawKeep"
                           r"|list,show|until|option|typed")  # a date typed, an option's name (totals' dates, 59)
# (file, text): a bare {name} that is a [table] key's name, not a player's
LEDGER_KEY_NAMES = {("tilelens/ledger.py", "[table] {name} は"), ("tilelens/ledger.py", "{name} は言葉にしてください")}


def _placeholders_before_a_particle(line: str):
    """The expression of each {value} of ``line`` followed by a space and a particle (its braces matched, an
    f-string's nested {} in it)."""
    for found in re.finditer(r"\}\s+(?:の|を|が|に|は|で(?!す)|と|へ|も|から|まで|や|より)", line):
        depth, at = 0, found.start()
        while at >= 0:
            depth += {"}": 1, "{": -1}.get(line[at], 0)
            if depth == 0:
                break
            at -= 1
        yield line[at + 1:found.start()]


@pytest.mark.parametrize("path", ["tilelens/ledger.py", "tilelens/ledger_cli.py", "tilelens/ledger_merge.py"])
def test_no_space_between_a_name_and_its_particle_in_the_ledgers_japanese(path):
    """「Bo (席 2) はこの捨て牌ですでに上がっています」 (walkthrough W3): the name, then its particle."""
    bad = [line.strip() for line in (ROOT / path).read_text(encoding="utf-8").splitlines()
           if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", line)
           and any(not LEDGER_TOKENS.search(value) for value in _placeholders_before_a_particle(line))
           and not any(name == path and text in line for name, text in LEDGER_KEY_NAMES)]
    assert not bad, bad


def test_the_ledgers_japanese_names_a_player_before_the_particle():
    from tilelens.ledger import Ledger, LedgerError

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        ledger = Ledger(Path(folder) / "ledger.sqlite")
        match = ledger.new_match("tokyo-mahjong", ["Aki", "Bo", "Cy", "Di"])
        ledger.add_win(match, 1, "ron", {3: 2000})
        with pytest.raises(LedgerError) as info:
            ledger.add_win(match, 1, "ron", {3: 2000}, same_discard=True)
    assert info.value.message_ja.startswith("Bo (席 2)はこの捨て牌で"), info.value.message_ja


def test_the_scorers_japanese_reads_as_japanese():
    from scorer import TilelensInputError
    from scorer.engine import score

    with pytest.raises(TilelensInputError) as info:
        score("yokai-watch", ["yokai-01"] * 4 + ["yokai-02"] * 3 + ["yokai-03"] * 2)
    said = info.value.message_ja
    assert " が" not in said and "が" in said, said
