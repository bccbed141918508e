"""A meld with no kind before its tiles (``:555z``, or a script's ``(None, "555z")``) says the kind is missing
(鳴きの種類がありません), naming the kinds there are: not "unknown kind ''" (``quoted_ja``'s fallback for an empty text
would read ``''という鳴きはありません``), nor "unknown kind None"."""
from __future__ import annotations

import pytest

from scorer.riichi_tiles import RiichiInputError, parse_meld
from tilelens.cli import main

SHORT = "123m456p789s11z"
KINDS_EN, KINDS_JA = "(expected chi, pon, kan, ankan or kakan)", "(チー・ポン・カン・暗カン・加カン)"


def _said(spec, **kwargs) -> tuple[str, str]:
    with pytest.raises(RiichiInputError) as info:
        parse_meld(spec, **kwargs)
    return str(info.value), info.value.message_ja


@pytest.mark.parametrize("spec, named_en, named_ja", [(":555z", "meld ':555z'", "鳴き「:555z」"),
                                                      (("", "555z"), "meld ':555z'", "鳴き「:555z」"),
                                                      ((None, "555z"), "meld 'None:555z'", "鳴き「None:555z」"),
                                                      (" :555z", "meld ' :555z'", "鳴き「 :555z」"),
                                                      ("\u3000:555z", r"meld '\u3000:555z'", r"鳴き'\u3000:555z'")])
def test_a_meld_with_no_kind_says_the_kind_is_missing(spec, named_en, named_ja):
    en, ja = _said(spec)
    assert en == f"{named_en}: no kind {KINDS_EN}"
    assert ja == f"{named_ja}: 鳴きの種類がありません {KINDS_JA}"


def test_a_meld_with_no_kind_shown_as_typed():
    en, ja = _said(":555z", shown=": 555z")
    assert (en, ja) == (f"': 555z': no kind {KINDS_EN}", f"「: 555z」: 鳴きの種類がありません {KINDS_JA}")


def test_an_unknown_kind_is_still_named():
    en, ja = _said("pong:555z")
    assert en == f"meld 'pong:555z': unknown kind 'pong' {KINDS_EN}"
    assert ja == f"鳴き「pong:555z」: 「pong」という鳴きはありません {KINDS_JA}"


@pytest.mark.parametrize("lang, line", [("en", f"tilelens score: meld ':555z': no kind {KINDS_EN}"),
                                        ("ja", f"tilelens score: 鳴き「:555z」: 鳴きの種類がありません {KINDS_JA}")])
def test_score_says_it(capsys, monkeypatch, lang, line):
    monkeypatch.setenv("TILELENS_LANG", lang)
    assert main(["score", "--game", "tokyo-mahjong", "--shipped-rules", SHORT, "--melds", ":555z"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == line and "''" not in err and "Traceback" not in err, err
