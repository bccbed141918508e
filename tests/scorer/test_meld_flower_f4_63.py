"""Session 63 (F4): a flower (``f1``..``f8``) written as a meld's tiles on the command line (``--melds pon f1 f1 f1``)
was said as the hand's ("hand: f1 is a flower ..."): the meld took ``f1`` alone and left the other two to the hand.
It is said as the meld's, as any other wrong meld tile is (and as ``--dora f1`` names its option), in both languages;
a flower after a whole meld is still the hand's."""
from __future__ import annotations

import pytest

from scorer.riichi_tiles import spaced_melds
from tilelens.cli import main

G = ["score", "--game", "tokyo-mahjong", "123m", "456p", "789s", "11z"]


def run(capsys, monkeypatch, lang, *argv):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main([*G, *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("lang, said", [
    ("en", "tilelens score: meld 'pon:f1 f1 f1': f1 is a flower, which riichi mahjong does not score: leave it out"),
    ("ja", "tilelens score: 鳴き「pon:f1 f1 f1」: f1 は花牌で、リーチ麻雀では数えません。外してください")])
@pytest.mark.parametrize("melds", [["pon", "f1", "f1", "f1"], ["pon:f1", "f1", "f1"], ["pon f1 f1 f1"]])
def test_a_flower_among_a_melds_tiles_is_said_as_the_melds(capsys, monkeypatch, lang, said, melds):
    code, out, err = run(capsys, monkeypatch, lang, "--melds", *melds)
    assert code == 2 and out == "" and err.strip() == said, err
    assert "hand" not in err and "手牌" not in err


def test_a_chi_of_flowers_is_the_melds_too(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "en", "--melds", "pon", "555z", "chi", "f1", "f2", "f3")
    assert code == 2 and err.startswith("tilelens score: meld 'chi:f1 f2 f3': f1 is a flower"), err


def test_a_flower_after_a_whole_meld_is_still_the_hands(capsys, monkeypatch):
    assert spaced_melds(["pon", "5z", "5z", "5z", "f1"]) == ["pon:5z 5z 5z", "f1"]
    code, _, err = run(capsys, monkeypatch, "en", "--melds", "pon", "5z", "5z", "5z", "f1")
    assert code == 2 and "hand: f1 is a flower" in err, err


def test_the_dora_field_is_still_named(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, "en", "--melds", "pon", "555z", "--dora", "f1")
    assert code == 2 and "dora indicators: f1 is a flower" in err, err
