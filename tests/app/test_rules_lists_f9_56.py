"""Session 56 (f9): the Rules page says the rules that change totals, from the game's data.

Tokyo Mahjong's "Table rules" left out what only the README said: a double ron's sticks and honba go to the winner
nearest the discarder, three rons on one discard are an abortive draw, sticks left at the end go to nobody, no uma
or oka, double yakuman on or off. A Donjara game's left out its chips left at the end and how a chombo's penalty is
shared, and Nogizaka's that a colour Almighty stands only for its own colour's members. "Tiles of the game" showed
tile ids under Member and NaN for the Almighty rows. A typed hand's unknown name quoted the words after it as well
('みさせんぱい みさ先輩 みりあ'), and 妖怪1 was offered 妖怪21, not 妖怪01."""
from __future__ import annotations

import pytest
import streamlit as st

from app.components.rules_view import table_summary, tiles_table
from scorer import UnknownTileError, load_game
from scorer.catalog import GAMES_DIR


def _summary(game, lang: str) -> list[str]:
    st.session_state["lang"] = lang
    return table_summary(game if not isinstance(game, str) else load_game(game))


def _has(said: list[str], sentence: str) -> bool:
    """``sentence`` is said in one of the lines (a sentence may be said beside another in its line)."""
    return any(sentence in line for line in said)


def _edited(tmp_path, game_id: str, old: str, new: str):
    text = (GAMES_DIR / f"{game_id}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{game_id}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_game(str(path))


# --- Tokyo Mahjong: what the README alone said ----------------------------------------------------------------------

TOKYO_EN = [
    "Several players may ron one discard (a double ron): the discarder pays each in full, and the riichi sticks and "
    "honba on the table go to the winner nearest the discarder in turn order.",
    "Three rons on one discard are an abortive draw (triple ron), not three wins: nobody pays, and it is recorded as "
    "an abortive draw.",
    "Riichi sticks still on the table when the match ends go to nobody.",
    "No uma or oka: the totals at the end are the result (equal totals share a place).",
    "Double yakuman count double: a 13-sided kokushi, a suuankou on a single wait, a pure nine gates and big four "
    "winds are each worth two yakuman.",
]
TOKYO_JA = [
    "1つの捨て牌で2人以上がロンできます (ダブロン)。放銃者がそれぞれに全額払い、場のリーチ棒と本場は放銃者から順番で"
    "いちばん近い人が受け取ります。",
    "1つの捨て牌に3人がロンすると三家和 (途中流局) で、上がりにはなりません。支払いはなく、途中流局として記録します。",
    "対局が終わったときに場に残っているリーチ棒は、誰のものにもなりません。",
    "ウマ・オカはありません。終了時の持ち点がそのまま結果です (同点は同順位)。",
    "ダブル役満あり: 国士無双十三面待ち・四暗刻単騎・純正九蓮宝燈・大四喜は役満2つ分です。",
]


@pytest.mark.parametrize("lang, want", [("en", TOKYO_EN), ("ja", TOKYO_JA)])
def test_tokyo_table_rules_say_what_changes_totals(lang, want):
    said = _summary("tokyo-mahjong", lang)
    for line in want:
        assert line in said, (line, said)


def test_double_yakuman_off_is_read_from_the_table(tmp_path):
    game = _edited(tmp_path, "tokyo-mahjong", "double_yakuman = true", "double_yakuman = false")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert "No double yakuman: a 13-sided kokushi, a suuankou on a single wait, a pure nine gates and big four winds are each worth one yakuman, as any other." in en, en
    assert "ダブル役満なし: 国士無双十三面待ち・四暗刻単騎・純正九蓮宝燈・大四喜も役満1つ分です。" in ja, ja
    assert not any("count double" in line for line in en)


def test_a_table_without_double_ron_says_neither_double_nor_triple_ron(tmp_path):
    game = _edited(tmp_path, "tokyo-mahjong", "several_ron = true", "several_ron = false")
    en = "\n".join(_summary(game, "en"))
    assert "double ron" not in en and "triple ron" not in en, en


def test_the_tokyo_rules_page_lists_them(home, page):
    from app_helpers import texts

    said = texts(page("rules", "tokyo-mahjong", "en"))
    assert "- No uma or oka" in said and "- Riichi sticks still on the table when the match ends" in said, said


# --- Donjara: chips left at the end, a chombo's penalty shared ----------------------------------------------------------

def test_nogizaka_says_chips_left_go_to_nobody_and_the_chombo_split():
    en, ja = _summary("nogizaka", "en"), _summary("nogizaka", "ja")
    assert "Riichi chips still on the table when the match ends go to nobody." in en, en
    assert "対局が終わったときに場に残っているリーチのチップは、誰のものにもなりません。" in ja, ja
    # tilelens.ledger.chombo_payments: 300 shared among the 3 others
    assert "A player who makes a chombo pays 300 points in all to the others. At 4 players that is 100 points to each " \
        "of the other 3." in en, en
    assert "チョンボをした人はほかの人に合計 300点を払います。4人なら、ほかの3人に100点ずつです。" in ja, ja
    assert not any("uma or oka" in line for line in en)  # a mahjong custom: not said of a Donjara game


def test_a_chombo_penalty_that_does_not_share_evenly_is_said_seat_by_seat(tmp_path):
    game = _edited(tmp_path, "nogizaka", "penalty = 300", "penalty = 310")
    en, ja = _summary(game, "en"), _summary(game, "ja")
    assert _has(en, "At 4 players the others are paid 110 points, 100 points and 100 points, "
                "in turn order from the player after the one who made it (the chip that does not share evenly goes to "
                "the first)."), en
    assert _has(ja, "4人なら、チョンボした人の次の人から順に 110点、100点、100点を受け取ります (等分できないチップは"
                "先の人へ)。"), ja


def test_a_game_with_no_riichi_chip_says_nothing_of_chips_left():
    en = "\n".join(_summary("cinderella-neo", "en"))
    assert "go to nobody" not in en and "chombo" not in en.lower(), en


# --- the colour Almighty -------------------------------------------------------------------------------------------

def test_nogizaka_says_a_colour_almighty_stands_only_for_its_own_colour():
    en, ja = _summary("nogizaka", "en"), _summary("nogizaka", "ja")
    assert ("Almighty (Pink), Almighty (Light blue), Almighty (Yellow) and Almighty (Green) each stand only for a tile "
            "of their own colour. God Almighty (purple) stands for any tile.") in en, en
    assert ("ピンクオールマイティ、水色オールマイティ、イエローオールマイティ、グリーンオールマイティは、それぞれ同じ色の牌の"
            "代わりにだけ使えます。神オールマイティはどの牌の代わりにも使えます。") in ja, ja


def test_cinderella_says_its_almighty_stand_for_their_own_type():
    en = _summary("cinderella-neo", "en")
    assert ("Almighty (Cute), Almighty (Cool) and Almighty (Passion) each stand only for a tile of their own type."
            in en), en


def test_a_game_whose_almighty_stands_for_anything_says_no_colour_rule():
    assert not any("stand only" in line or "stands only" in line for line in _summary("yokai-watch", "en"))


# --- Tiles of the game ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, member, column", [("en", "Misa-senpai", "Member"), ("ja", "みさ先輩", "メンバー")])
def test_the_tiles_table_names_members_and_leaves_almighty_blank(lang, member, column):
    st.session_state["lang"] = lang
    table = tiles_table(load_game("nogizaka"))
    assert column in table.columns, list(table.columns)
    assert table[column].iloc[0] == member, table[column].tolist()
    assert "misa-senpai" not in table[column].tolist()
    assert not table.isna().any().any(), table[table.isna().any(axis=1)]
    assert table[column].iloc[-1] == ""


# --- a typed hand's unknown names ------------------------------------------------------------------------------------

@pytest.fixture(params=["en", "ja"])
def screen(request, monkeypatch):
    from app.components import tiles

    monkeypatch.setattr(tiles, "lang", lambda: request.param)
    return tiles


def _refused(screen, game_id: str, text: str) -> UnknownTileError:
    with pytest.raises(UnknownTileError) as info:
        screen.parse_hand_text(load_game(game_id), text)
    return info.value


def test_an_unknown_name_is_quoted_alone(screen):
    err = _refused(screen, "nogizaka", "みさせんぱいx みさ先輩 みりあ")
    assert "'みさせんぱいx'" in str(err) and "みさ先輩 みりあ" not in str(err), str(err)
    assert "「みさせんぱいx」" in err.message_ja, err.message_ja


def test_an_unknown_name_in_the_middle_is_quoted_alone(screen):
    err = _refused(screen, "nogizaka", "らりん ことこx みなみ")
    assert "'ことこx'" in str(err) and "みなみ" not in str(err).split("(")[0], str(err)


def test_a_misspelt_name_of_two_words_is_quoted_whole(screen):
    err = _refused(screen, "cinderella-neo", "Uzuki Shimamuro Mio Honda")
    assert "'Uzuki Shimamuro'" in str(err), str(err)


@pytest.mark.parametrize("typed, first_en, first_ja", [("妖怪1", "Yokai 01", "妖怪01"), ("Yokai 1", "Yokai 01", "妖怪01"),
                                                        ("yokai 7", "Yokai 07", "妖怪07")])
def test_a_number_without_its_zero_is_offered_the_tile_first(screen, typed, first_en, first_ja):
    err = _refused(screen, "yokai-watch", f"{typed} 妖怪02")
    first = first_en if screen.lang() == "en" else first_ja
    assert err.suggestions[0] == first, err.suggestions
    assert str(err).startswith(f"unknown tile '{typed}'"), str(err)
