"""A Cinderella Girls evening in Japanese (session 61, W11): names as a Japanese keyboard spells them first (桜井 for the
catalogue's 櫻井, 黒崎 for 黒埼, 城ケ崎 for 城ヶ崎, 鷺澤 for 鷺沢, アーニャ for アナスタシア); a Scout of tiles no
Scout completes said plainly (not "a 3-tile members of a 9-11 member unit"); a non-win one tile from a yaku names
it and its worth; the help of --scouted says what the engine does (a 9-tile set may hold a scouted set)."""
import pytest

from scorer import HandError, load_game, score
from scorer.catalog import name_key
from tilelens.cli import main

GAME = load_game("cinderella-neo")


@pytest.mark.parametrize("typed, tile_id", [
    ("桜井桃華", "sakurai-momoka"), ("黒崎ちとせ", "kurosaki-chitose"), ("城ケ崎美嘉", "jougasaki-mika"),
    ("城が崎莉嘉", "jougasaki-rika"), ("鷺澤文香", "sagisawa-fumika"), ("アーニャ", "anasutashia"), ("Anya", "anasutashia"),
    ("渋谷凜", "shibuya-rin"), ("髙垣楓", "takagaki-kaede"), ("北條加蓮", "houjou-karen"), ("嶋村卯月", "shimamura-uzuki"),
    ("濱口あやめ", "hamaguchi-ayame"), ("神﨑蘭子", "kanzaki-ranko"), ("一ノ瀨志希", "ichinose-shiki"),
])
def test_a_name_as_an_ime_spells_it_is_the_catalogues_idol(typed, tile_id):
    assert GAME.tile(typed).id == tile_id


@pytest.mark.parametrize("a, b", [("櫻井", "桜井"), ("黒埼", "黒崎"), ("城ヶ崎", "城ケ崎"), ("城ヶ崎", "城が崎"),
                                  ("鷺沢", "鷺澤"), ("城ヶ", "城ケ")])
def test_variant_kanji_key_alike(a, b):
    assert name_key(a) == name_key(b)


def test_kana_words_keep_their_ke_and_ga():
    # only a ケ/が between (or after) kanji is the place-name particle: a reading's け and が stay
    assert name_key("かけ") != name_key("かが") and name_key("ケーキ") != name_key("ガーキ")


def test_the_score_command_takes_the_ime_spellings(capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    hand = ["藤原肇", "三船美優", "桐生つかさ", "星輝子", "水本ゆかり", "三村かな子", "五十嵐響子", "小日向美穂", "桜井桃華"]
    code = main(["score", "--game", "cinderella-neo", "--riichi", *hand])
    out = capsys.readouterr().out
    assert code == 0 and "カルテットユニット" in out, out


# --- the Scout's refusal ----------------------------------------------------------------------------------------

SCOUT_HAND = ["shibuya-rin", "shimamura-uzuki", "honda-mio", "kohinata-miho", "sakurai-momoka", "seki-hiromi",
              "kamiya-nao", "tada-riina", "mifune-miyu"]


def test_a_scout_of_no_group_a_scout_completes_is_said_plainly():
    with pytest.raises(HandError) as said:
        score(GAME, SCOUT_HAND, riichi=True, scouted=[["shibuya-rin", "kohinata-miho", "kamiya-nao"]])
    en, ja = str(said.value), said.value.message_ja
    assert "neither a set nor a unit" in en and "a Scout completes only" in en, en
    assert "9-11" not in en and "members of" not in en, en
    assert "9-11" not in ja and "3枚の9" not in ja, ja
    assert "スカウトで完成できるセットでもユニットでもありません" in ja, ja


def test_a_status_set_of_the_wrong_size_is_still_said_by_its_size():
    cute_vo = ["mizumoto-yukari", "mimura-kanako", "igarashi-kyouko", "fujimoto-rina"]
    hand = cute_vo + ["kohinata-miho", "sakurai-momoka", "seki-hiromi", "kamiya-nao", "tada-riina"]
    with pytest.raises(HandError, match="is a 4-tile status set: a Scout completes only") as said:
        score(GAME, hand, riichi=True, scouted=[cute_vo])
    assert "4枚のステータスセットです" in said.value.message_ja


def test_a_short_scout_is_said_without_a_space_after_wa():
    with pytest.raises(HandError) as said:
        score(GAME, SCOUT_HAND, riichi=True, scouted=[["shibuya-rin", "kohinata-miho"]])
    assert "スカウトした組は3枚以上" in said.value.message_ja, said.value.message_ja


# --- a non-win one tile from a yaku -----------------------------------------------------------------------------

ONE_OFF_QUARTET = ["fujiwara-hajime", "mifune-miyu", "kiryuu-tsukasa", "hoshi-shouko", "mizumoto-yukari",
                   "mimura-kanako", "igarashi-kyouko", "kohinata-miho", "takamori-aiko"]


def test_a_hand_one_tile_from_a_yaku_names_it_and_its_worth():
    r = score(GAME, ONE_OFF_QUARTET, riichi=True)
    assert not r.winning and r.reason.startswith("no yaku"), r.reason
    assert "あと1枚でカルテットユニット (36万)" in r.reason_ja, r.reason_ja
    assert "1 tile from Quartet Unit (360,000 fans)" in r.reason, r.reason
    assert "いちばん基本" not in r.reason_ja


def test_a_hand_further_off_still_names_the_simplest_yaku():
    far = ["nakano-yuka", "kurosaki-chitose", "hino-akane", "moroboshi-kirari", "kamiya-nao", "takafuji-kako",
           "yorita-yoshino", "hayami-kanade", "morikubo-nono"]  # three tiles off (two off names the swaps instead)
    r = score(GAME, far, riichi=True)
    assert not r.winning and "いちばん基本の役は" in r.reason_ja, r.reason_ja


# --- the help of --scouted --------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_scouted_help_says_a_whole_hand_set_may_hold_it(capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = capsys.readouterr().out
    flat, joined = " ".join(out.split()), "".join(out.split())
    assert "never split nor merged" not in flat and "合わせることもしません" not in joined
    assert ("group of the whole hand" in flat) if lang == "en" else ("手牌すべてで1組の役" in joined), out
