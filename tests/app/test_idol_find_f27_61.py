"""Fixing a tile among Cinderella Girls' 84 (session 61, W11): the picker's every-tile grid has the palette's Find box
(the same piece, ``tiles.find_by_name``), and the Find box takes the spellings a Japanese keyboard gives first (桜井
for the catalogue's 櫻井, 黒崎 for 黒埼, 城ケ崎 for 城ヶ崎, 鷺澤 for 鷺沢, アーニャ for アナスタシア)."""
import pytest

from app_helpers import open_page, type_hand
from scorer import load_game

GAME = load_game("cinderella-neo")
# one tile off a Quartet Unit: 高森藍子 where 櫻井桃華 was meant (W11's h8)
ONE_OFF = ["藤原肇", "三船美優", "桐生つかさ", "星輝子", "水本ゆかり", "三村かな子", "五十嵐響子", "小日向美穂", "高森藍子"]


@pytest.mark.parametrize("typed, tile_ids", [
    ("桜井", {"sakurai-momoka"}), ("黒崎", {"kurosaki-chitose"}), ("城ケ崎", {"jougasaki-mika", "jougasaki-rika"}),
    ("城ケ", {"jougasaki-mika", "jougasaki-rika"}), ("鷺澤", {"sagisawa-fumika"}), ("アーニャ", {"anasutashia"}),
])
def test_the_find_box_takes_what_an_ime_gives_first(typed, tile_ids):
    from app.components.tiles import named_like

    assert {k.id for k in named_like(GAME.tiles, typed)} == tile_ids


def _picker_open(lang="ja"):
    at = open_page("score_manual", "cinderella-neo", lang)
    type_hand(at, " ".join(ONE_OFF))
    at.button(key="manual_tile_8").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _picks(at):
    return [b.key for b in at.button if (b.key or "").startswith("manual_pick_")]


@pytest.mark.parametrize("typed", ["さくらい", "桜井", "ももか"])
def test_the_pickers_every_tile_grid_is_found_by_name(home, typed):
    at = _picker_open()
    assert len(_picks(at)) > 40  # every tile, before a name is typed
    at.text_input(key="manual_pick_find").set_value(typed).run()
    assert _picks(at) == ["manual_pick_sakurai-momoka"], _picks(at)
    at.button(key="manual_pick_sakurai-momoka").click().run()
    assert at.session_state["manual_tiles"][8] == "sakurai-momoka"
    assert not at.exception


def test_a_name_the_picker_finds_not_is_said(home):
    at = _picker_open("en")
    at.text_input(key="manual_pick_find").set_value("zzz").run()
    assert _picks(at) == [] and any("zzz" in c.value for c in at.caption), [c.value for c in at.caption]


def test_the_picker_opens_on_the_next_tile_with_its_find_box_empty(home):
    at = _picker_open()
    at.text_input(key="manual_pick_find").set_value("さくらい").run()
    at.button(key="manual_pick_sakurai-momoka").click().run()
    at.button(key="manual_tile_0").click().run()
    assert at.text_input(key="manual_pick_find").value in ("", None) and len(_picks(at)) > 40


def test_a_game_of_few_tiles_has_no_find_box_in_the_picker(home):
    at = open_page("score_manual", "yokai-watch", "en")
    type_hand(at, " ".join(["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]))
    at.button(key="manual_tile_8").click().run()
    assert not [w for w in at.text_input if (w.key or "").endswith("_pick_find")]


def test_a_short_scout_on_the_page_has_no_space_after_wa(home):
    at = open_page("score_manual", "cinderella-neo", "ja")
    type_hand(at, " ".join(ONE_OFF))
    at.multiselect(key="manual_scout_0").set_value(["fujiwara-hajime", "mifune-miyu"]).run()
    said = "\n".join(str(e.value) for e in (*at.caption, *at.warning, *at.info, *at.error, *at.markdown))
    assert "スカウトした組は3枚以上" in said and "は 3枚" not in said, said
