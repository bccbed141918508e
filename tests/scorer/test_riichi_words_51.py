"""Session 51, a riichi player's walkthrough of `tilelens score`: a closed ron's 30 fu base is said as a player
counts it by hand (副底 20 + 門前加符 10); the dora are lines of the yaku list, so the han listed add up to the
total; a hand one tile over that holds four of a kind is told to write the kan as a meld; and the
``--riichi-sticks`` and ``--win`` help say what they count against the app's boxes."""
from __future__ import annotations

import json
import re

import pytest

from scorer.riichi import score
from tilelens.cli import main

PENCHAN_RON = ["score", "--game", "tokyo-mahjong", "789m123456789p11s", "--win-tile", "7m", "--win", "ron"]
# riichi, haku, one dora (1m points at the 2m held) and a red 5p: 1 + 1 + 1 + 1 = 4 han
DORA_HAND = ["score", "--game", "tokyo-mahjong", "234m406p678s22z555z", "--win-tile", "8s", "--win", "ron",
             "--riichi", "--dora-indicators", "1m"]


def run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _fu(result):
    return [(d["reason"], d["fu"]) for d in result.extra["fu_details"]]


# --- 1. a closed ron's base: 20 and 10 apart ---------------------------------------------------------------------

def test_a_closed_rons_base_is_20_and_the_closed_ron_bonus_10():
    r = score(None, "789m123456789p11s", win_tile="7m", win="ron")
    assert sorted(_fu(r)) == [("base", 20), ("closed_ron", 10), ("penchan", 2)], _fu(r)
    assert r.extra["fu"] == 40
    bonus = next(d for d in r.extra["fu_details"] if d["reason"] == "closed_ron")
    assert (bonus["label"], bonus["label_ja"]) == ("closed ron bonus", "門前加符")


@pytest.mark.parametrize("hand,kwargs", [
    ("789m123456789p11s", {"win_tile": "7m", "win": "tsumo"}),                        # closed tsumo
    ("456p678s23m4m66s", {"win_tile": "4m", "win": "ron", "melds": ["chi:234m"]}),   # open ron
])
def test_no_closed_ron_bonus_off_a_closed_ron(hand, kwargs):
    r = score(None, hand, **kwargs)
    assert ("base", 20) in _fu(r) and "closed_ron" not in dict(_fu(r)), _fu(r)


def test_seven_pairs_keep_their_25():
    r = score(None, "1133m5577p22s44z6z6z", win_tile="6z", win="ron", riichi=True)
    assert _fu(r) == [("base", 25)]


@pytest.mark.parametrize("lang,line", [("en", "  fu: base 20, closed ron bonus 10, edge wait 2"),
                                       ("ja", "  符の内訳: 副底 20、門前加符 10、辺張待ち 2")])
def test_the_command_says_the_closed_ron_bonus_apart(capsys, monkeypatch, lang, line):
    code, out, _ = run(capsys, monkeypatch, lang, *PENCHAN_RON)
    assert code == 0 and line in out.splitlines(), out


def test_the_json_fu_details_stay_a_list_with_the_bonus_its_own_item(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "en", *PENCHAN_RON, "--json")
    d = json.loads(out)
    assert code == 0 and isinstance(d["fu_details"], list) and d["fu_details"] == d["extra"]["fu_details"]
    assert {"fu": 20, "reason": "base", "label": "base", "label_ja": "副底"} in d["fu_details"]
    assert {"fu": 10, "reason": "closed_ron", "label": "closed ron bonus", "label_ja": "門前加符"} in d["fu_details"]


# --- 2. the dora are lines of the yaku list ---------------------------------------------------------------------

def listed_yaku(result):
    from scorer.riichi_rules import listed_yaku as listed  # new this session: imported here, each test fails alone

    return listed(result)


def test_listed_yaku_add_the_dora_that_count():
    r = score(None, "234m406p678s22z555z", win_tile="8s", win="ron", riichi=True, dora_indicators="1m")
    listed = listed_yaku(r)
    assert [y.name_en for y in listed][-2:] == ["Dora", "Red five"] and [y.name for y in listed][-2:] == ["ドラ", "赤ドラ"]
    assert sum(y.han for y in listed) == r.extra["han"] == 4
    assert not any(y.name_en == "Ura dora" for y in listed)  # none counted: no line
    assert len(r.yaku) == 2  # the result's own yaku stay yaku: dora are not one


def test_listed_yaku_say_ura_dora_under_riichi():
    r = score(None, "234m456p678s22z555z", win_tile="8s", win="ron", riichi=True, ura_dora_indicators="1z")
    assert [(y.name, y.name_en, y.han) for y in listed_yaku(r)][-1] == ("裏ドラ", "Ura dora", 2)
    assert sum(y.han for y in listed_yaku(r)) == r.extra["han"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_commands_yaku_lines_add_up_to_its_han(capsys, monkeypatch, lang):
    code, out, _ = run(capsys, monkeypatch, lang, *DORA_HAND)
    han = r"(\d+)翻$" if lang == "ja" else r"(\d+) han$"
    listed = [int(m.group(1)) for line in out.splitlines()[1:] if (m := re.search(han, line))]
    assert code == 0 and sum(listed) == 4 and len(listed) == 4, out
    one = "1翻" if lang == "ja" else "1 han"
    lines = [" ".join(line.split()) for line in out.splitlines()]
    want = ["ドラ 1翻", "赤ドラ 1翻"] if lang == "ja" else ["ドラ Dora 1 han", "赤ドラ Red five 1 han"]
    assert all(w in lines for w in want) and lines.index(want[0]) < lines.index(want[1]), out
    assert all(line.endswith(one) for line in lines[1:5]), out  # riichi, haku, dora, red five: 1 each
    assert "ura" not in out.lower() and "裏ドラ" not in out  # 0 ura dora: no line
    assert "red fives" not in out and "ドラ 1、" not in out  # the old one-line count is gone


def test_a_waits_line_lists_its_dora_too(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "en", "waits", "--game", "tokyo-mahjong", "234m456p67s22z555z",
                       "--riichi", "--dora-indicators", "1m")
    ron = [line for line in out.splitlines() if line.strip().startswith("ron:")]
    assert code == 0 and ron and all("Dora 1" in line for line in ron), out


# --- 3. a hand one over with four of a kind: the kan is a meld ---------------------------------------------------

@pytest.mark.parametrize("lang,words", [
    ("en", ["a hand has 14 tiles here (15 now; a kan counts 3)", "--melds ankan:5555z", "kan:5555z"]),
    ("ja", ["--melds ankan:5555z", "kan:5555z", "4枚"])])
def test_a_quad_written_in_the_hand_is_told_to_be_a_kan_meld(capsys, monkeypatch, lang, words):
    code, out, err = run(capsys, monkeypatch, lang, "score", "--game", "tokyo-mahjong", "234m456p678s22z5555z")
    assert code == 2 and all(w in err for w in words), err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_waits_one_over_with_a_quad_say_the_same(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "en", "waits", "--game", "tokyo-mahjong", "234m456p678s2z5555z")
    assert code == 2 and "--melds ankan:5555z" in err, err


def test_a_count_off_without_a_quad_says_nothing_of_a_kan(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "en", "score", "--game", "tokyo-mahjong", "234m456p678s22z555z1m")
    assert code == 2 and "(15 now; a kan counts 3)" in err and "--melds" not in err, err


# --- 4. the table's sticks and the win: what each counts, against the app's boxes -------------------------------

def test_the_help_says_the_app_counts_the_sticks_without_yours_and_starts_at_tsumo(capsys, monkeypatch):
    with pytest.raises(SystemExit):
        main(["score", "--game", "tokyo-mahjong", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    text = text[text.index("options:"):]  # the options' help, past the usage line
    sticks = text[text.index("--riichi-sticks"):][:400]
    assert "winner's own included" in sticks and "app" in sticks and "add 1" in sticks, sticks[:400]
    win = text[text.index("--win {tsumo,ron}") + len("--win {tsumo,ron}"):][:300]
    assert "default: ron" in win and "app" in win and "tsumo" in win, win
