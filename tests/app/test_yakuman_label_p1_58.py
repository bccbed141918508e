"""Session 58 (P1): a yakuman is said as a yakuman, not in han. The result said 「大三元 (13翻)」 over 「13翻 · 役満」 and
「国士無双十三面待ち (26翻)」 over 「26翻 · ダブル役満」 ("(13 han)" in English), where the ledger's yaku column said
「大三元 (役満)」. Now 「大三元 (役満)」, 「国士無双十三面待ち (ダブル役満)」 and the line 「役満」 (「ダブル役満」) alone; a
counted yakuman (数え役満: ordinary yaku and dora to 13 han) keeps its han, which made it."""
import pytest
from streamlit.testing.v1 import AppTest

KOKUSHI_13 = ("19m19p19s1234567z1m", {"win_tile": "1m", "win": "ron"})
CHUUREN = ("11122345678999m", {"win_tile": "9m", "win": "tsumo"})
DAISANGEN = ("22z", {"melds": ["pon:555z", "pon:666z", "pon:777z", "chi:123p"], "win": "ron"})
# 18 han of ordinary yaku and dora: a counted yakuman
KAZOE = ("22334455667788m", {"win_tile": "7m", "win": "tsumo", "riichi": True, "ippatsu": True,
                             "dora_indicators": ["1m"], "ura_dora_indicators": ["1m"]})


def _shown(lang: str, hand: tuple[str, dict]) -> AppTest:
    def page(lang: str, tiles: str, options: dict) -> None:
        import streamlit as st

        from app.components.result import result_view
        from scorer import load_game, score

        st.session_state["lang"] = lang
        game = load_game("tokyo-mahjong")
        result_view(game, score(game, tiles, **options))

    at = AppTest.from_function(page, args=(lang, *hand), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, hand, yaku, line", [
    ("ja", DAISANGEN, "**役**: 大三元 (役満)", "役満"),
    ("en", DAISANGEN, "**Yaku**: Daisangen (big three dragons) (yakuman)", "yakuman"),
    ("ja", CHUUREN, "**役**: 九蓮宝燈 (役満)", "役満"),
    ("ja", KOKUSHI_13, "**役**: 国士無双十三面待ち (ダブル役満)", "ダブル役満"),
    ("en", KOKUSHI_13, "**Yaku**: Kokushi Musou 13-sided wait (double yakuman)", "double yakuman"),
])
def test_a_yakuman_is_said_as_one_not_in_han(lang, hand, yaku, line):
    at = _shown(lang, hand)
    markdown = [m.value for m in at.markdown]
    captions = [c.value for c in at.caption]
    assert yaku in markdown, markdown
    assert line in captions, captions  # the line alone: no "13翻 · 役満"
    said = "\n".join(markdown + captions)
    assert "翻" not in said and " han" not in said, said


@pytest.mark.parametrize("lang, han, limit", [("ja", "18翻", "数え役満"), ("en", "18 han", "kazoe yakuman")])
def test_a_counted_yakuman_keeps_its_han(lang, han, limit):
    at = _shown(lang, KAZOE)
    captions = [c.value for c in at.caption]
    line = next((c for c in captions if limit in c), None)
    assert line is not None and line.startswith(han), captions
    yaku = next(m.value for m in at.markdown if m.value.startswith("**"))
    assert ("清一色 (6翻)" if lang == "ja" else "(6 han)") in yaku and "yakuman" not in yaku and "役満" not in yaku, yaku
