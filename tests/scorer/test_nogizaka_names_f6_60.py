"""Session 60 (F6, walk W1): the names a Nogizaka fan types.

A member's full name (齋藤飛鳥, with or without a space) named no tile while 飛鳥 and あすか did: every member of the
default roster is typed by her full name too (the file's ``aliases``). The seed's own examples まあや and なあちゃん
are members the default roster (the 12 the document plays with) has no tile for: the refusal said only
「'まあや' という牌はありません」, naming no member and not saying where the members are listed; it now points to
`tilelens games nogizaka` (a name near a tile still gets its suggestions, as before)."""
import pytest

from scorer import UnknownTileError, load_game
from tilelens.cli import main

GAME = load_game("nogizaka")

FULL_NAMES = {"衛藤美彩": "misa-senpai", "松村沙友理": "sayurin", "深川麻衣": "maimai", "伊藤万理華": "marika",
              "永島聖羅": "rarin", "井上小百合": "sayunyan", "星野みなみ": "minami", "堀未央奈": "miona",
              "中元日芽香": "himetan", "渡辺みり愛": "miria", "佐々木琴子": "kotoko", "齋藤飛鳥": "ashu"}


@pytest.mark.parametrize("typed, tile_id", [*FULL_NAMES.items(), ("齋藤 飛鳥", "ashu"), ("齋藤　飛鳥", "ashu"),
                                            ("斎藤飛鳥", "ashu"), ("星野 みなみ", "minami")])
def test_a_member_is_typed_by_her_full_name(typed, tile_id):
    assert GAME.tile(typed).id == tile_id


def test_every_member_of_the_roster_has_a_full_name():
    named = {GAME.tile(name).id for name in FULL_NAMES}
    assert named == {k.id for k in GAME.tiles if not k.almighty}


def test_the_cli_scores_a_hand_of_full_names(capsys):
    code = main(["score", "--game", "nogizaka", "--riichi", "齋藤飛鳥", "齋藤 飛鳥", "あすか", "深川麻衣", "まいまい",
                 "まいまい", "中元日芽香", "ひめたん", "ひめたん"])
    out, err = capsys.readouterr()
    assert code == 0 and not err and "60" in out, (out, err)


@pytest.mark.parametrize("name", ["まあや", "なあちゃん"])
def test_a_member_with_no_tile_is_pointed_to_the_games_list(name):
    with pytest.raises(UnknownTileError) as refused:
        GAME.tile(name)
    said, said_ja = str(refused.value), refused.value.message_ja
    assert said.startswith(f"unknown tile '{name}' for Nogizaka Donjara") and "tilelens games nogizaka" in said, said
    assert said_ja.startswith(f"「乃木坂ドンジャラ」に「{name}」という牌はありません"), said_ja
    assert "tilelens games nogizaka" in said_ja and "一覧" in said_ja, said_ja


@pytest.mark.parametrize("lang, said", [("en", "tiles are listed by `tilelens games nogizaka`"),
                                        ("ja", "`tilelens games nogizaka` で一覧できます")])
def test_the_cli_says_where_the_members_are_listed(capsys, monkeypatch, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code = main(["score", "--game", "nogizaka", "--riichi", "まあや", "まあや", "まあや", "まいまい", "まいまい", "まいまい",
                 "ひめたん", "ひめたん", "ひめたん"])
    err = capsys.readouterr().err
    assert code == 2 and said in err and "まあや" in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err


def test_a_near_name_still_gets_its_suggestions_and_no_pointer():
    with pytest.raises(UnknownTileError) as refused:
        GAME.tile("rarim")
    assert str(refused.value) == "unknown tile 'rarim' for Nogizaka Donjara (nogizaka; did you mean: rarin?)"
