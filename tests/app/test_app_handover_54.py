"""Changes handed over to the app's pages (session 54): the ledger file's upgrade said once on the ledger page, the
kinds the photo's model never learnt said on the photo page, the remainder note's share, game names as typed, one
tile said "1 tile", and Cinderella's riichi word in the ledger box."""
import pytest

from app_helpers import YOKAI_NEAR, YOKAI_WIN, ledger_upgrade_support, open_page, read_as, texts, type_hand

from tilelens.ledger import Ledger

upgrade = ledger_upgrade_support()


# --- 1: the ledger file upgraded for this tilelens, said once on the ledger page


def test_page_says_the_upgrade_once(home, page):
    path = upgrade.old_file(home / "ledger.sqlite")
    said = "This ledger file was upgraded for this version of tilelens"
    at = page("ledger", "nogizaka", lang="en")
    infos = [i.value for i in at.info]
    (copy,) = upgrade.copies(path)
    assert any(said in i and copy.name in i for i in infos), infos
    at.button(key="ledger_upgraded_ok").click().run()
    assert not any(said in i.value for i in at.info)
    again = page("ledger", "nogizaka", lang="en")
    assert not any(said in i.value for i in again.info)


def test_page_says_the_upgrade_in_japanese(home, page):
    path = upgrade.old_file(home / "ledger.sqlite")
    at = page("ledger", "nogizaka", lang="ja")
    (copy,) = upgrade.copies(path)
    assert any("この版の tilelens に合わせて更新しました" in i.value and copy.name in i.value for i in at.info), \
        [i.value for i in at.info]


# --- 2: the kinds the photo's model never learnt, said on the photo page


def _read_unlearnt(at, unlearnt, sets=()):
    """The photo page with a photo read as YOKAI_WIN by a model that never learnt ``unlearnt`` (a fake reading)."""
    from dataclasses import replace

    at = read_as(at, "yokai-watch", YOKAI_WIN)
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], unlearnt=tuple(unlearnt),
                                                unlearnt_sets=tuple(sets))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_photo_page_names_the_kinds_its_model_never_learnt(home, page):
    at = _read_unlearnt(page("score_photo", "yokai-watch"), ["yokai-10", "yokai-11"])
    said = [w.value for w in at.warning if "never learnt" in w.value]
    assert len(said) == 1, [w.value for w in at.warning]
    assert "Yokai 10, Yokai 11" in said[0] and "Yokai Watch Donjara" in said[0] and "Label tiles" in said[0]
    assert "Tile set" not in said[0]  # no set taught on every tile: none offered


def test_the_photo_page_offers_the_tile_sets_that_name_them_all_in_japanese(home, page):
    at = _read_unlearnt(page("score_photo", "yokai-watch", "ja"), ["yokai-10"], ["club-all"])
    said = [w.value for w in at.warning if "覚えていない" in w.value]
    assert len(said) == 1, [w.value for w in at.warning]
    assert "妖怪10" in said[0] and "妖怪ウォッチ" in said[0] and "「ラベル付け」" in said[0]
    assert "club-all" in said[0] and "「牌セット」" in said[0]


def test_a_photo_whose_model_learnt_every_kind_says_nothing_of_it(home, page):
    at = _read_unlearnt(page("score_photo", "yokai-watch"), [])
    assert not [w for w in at.warning if "never learnt" in w.value]


# --- 4: a club's game name said as typed (Markdown in it shown, not read)


CLUB_NAME = "*Club* Donjara"
SHOWN = "\\*Club\\* Donjara"  # as the page writes it: the stars shown, not read as italics


def _save_rules(edit) -> None:
    """The organiser, on another phone, saves the Yokai Watch house table edited by ``edit``."""
    org = open_page("rules", "yokai-watch")
    area = org.text_area(key="rules_text_yokai-watch")
    changed = edit(area.value)
    assert changed != area.value
    area.input(changed).run()
    org.button(key="rules_save").click().run()
    assert not org.exception and not org.error, [e.value for e in (*org.exception, *org.error)]


def _club_without(tile: str):
    def edit(text: str) -> str:
        text = text.replace('name_en = "Yokai Watch Donjara"', f'name_en = "{CLUB_NAME}"', 1)
        return text.replace(f'id = "{tile}"', f'id = "{tile}x"', 1)
    return edit


def test_a_manual_hand_kept_aside_names_a_clubs_game_as_typed(home):
    at = type_hand(open_page("score_manual", "yokai-watch"), " ".join(YOKAI_NEAR))
    at.selectbox(key="game_id").set_value("nogizaka").run()
    _save_rules(_club_without("yokai-09"))
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    said = [w.value for w in at.warning if "could not come back" in w.value]
    assert len(said) == 1 and SHOWN in said[0], [w.value for w in at.warning]


def test_a_photo_kept_aside_names_a_clubs_game_as_typed(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_NEAR)
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_yokai-08").click().run()
    at.selectbox(key="game_id").set_value("nogizaka").run()
    _save_rules(_club_without("yokai-08"))
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    said = [w.value for w in at.warning if "could not come back" in w.value]
    assert len(said) == 1 and SHOWN in said[0], [w.value for w in at.warning]


# --- 3: the remainder's share said with its amount on a Japanese screen


def _cinderella_split(home, lang):
    """The manual page at a three-player Cinderella Girls match, a tsumo split with a remainder, Mio its payer."""
    from test_cinderella_pages_51 import CG_WIN

    Ledger(home / "ledger.sqlite").new_match("cinderella-neo", ["Uzuki", "Rin", "Mio"])
    at = type_hand(open_page("score_manual", "cinderella-neo", lang), " ".join(CG_WIN))
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.multiselect(key="manual_remainder_1").set_value([2]).run()
    assert not at.exception, [e.value for e in at.exception]
    return [m.value for m in at.markdown if "Rin" in m.value]


def test_the_remainders_payer_is_told_its_share_in_japanese(home):
    lines = _cinderella_split(home, "ja")
    assert "- MioがRinに2万払う (端数の1万を含みます: じゃんけんで負けた人)" in lines, lines  # as chosen (59)
    assert "- UzukiがRinに1万払う" in lines, lines


def test_the_remainders_payer_in_english_is_said_as_chosen(home):
    lines = _cinderella_split(home, "en")
    assert "- Mio pays Rin 2 x10,000 fans (includes 1 x10,000 fans of the remainder: the loser of " \
        "rock-paper-scissors)" in lines, lines


def test_a_remainder_note_without_its_share_says_a_part_of_it():
    from app.components.i18n import STRINGS

    assert STRINGS["incl_remainder"][0] == "端数の一部を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます"


# --- 5: one tile is "1 tile"


def test_a_hand_of_one_tile_is_said_one_tile(home):
    at = type_hand(open_page("score_manual", "yokai-watch"), "yokai-09")
    said = texts(at)
    assert "Hand (1 tile)" in said and "1 tiles" not in said, said
    at.selectbox(key="game_id").set_value("nogizaka").run()
    kept = [i.value for i in at.info if "kept aside" in i.value]
    assert len(kept) == 1 and "hand (1 tile) is kept aside" in kept[0], kept
    _save_rules(_club_without("yokai-09"))
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    gone = [w.value for w in at.warning if "could not come back" in w.value]
    assert len(gone) == 1 and "kept aside (1 tile)" in gone[0], [w.value for w in at.warning]


def test_a_hand_of_two_tiles_is_still_two_tiles_and_japanese_counts_mai(home):
    at = type_hand(open_page("score_manual", "yokai-watch"), "yokai-09 yokai-09")
    assert "Hand (2 tiles)" in texts(at)
    at = type_hand(open_page("score_manual", "yokai-watch", "ja"), "yokai-09")
    assert "手牌 (1枚)" in texts(at)


# --- 6: Cinderella Girls' riichi is its Standby, in the ledger's riichi boxes


def _chipped_cinderella(home) -> int:
    """A Cinderella Girls match whose table puts a chip down for each riichi: who declared one is asked."""
    from dataclasses import replace

    from tilelens.ledger import rules_for

    rules = replace(rules_for("cinderella-neo"), riichi_chip=1)
    return Ledger(home / "ledger.sqlite").new_match("cinderella-neo", ["Uzuki", "Rin", "Mio"], rules=rules)


@pytest.mark.parametrize("lang, label", [("ja", "リーチ (スタンバイ) した人"), ("en", "Riichi (Standby)")])
def test_the_ledger_box_asks_for_cinderellas_standby(home, lang, label):
    from test_cinderella_pages_51 import CG_WIN

    _chipped_cinderella(home)
    at = type_hand(open_page("score_manual", "cinderella-neo", lang), " ".join(CG_WIN))
    at.segmented_control(key="manual_players").set_value(3).run()
    at.selectbox(key="manual_winner").set_value(1).run()
    box = at.multiselect(key="manual_riichi_seats_1")
    assert label in box.label, box.label


@pytest.mark.parametrize("lang, label", [("ja", "リーチ (スタンバイ) した人"), ("en", "Riichi (Standby)")])
def test_the_ledger_pages_draw_asks_for_cinderellas_standby(home, lang, label):
    match = _chipped_cinderella(home)
    at = open_page("ledger", "cinderella-neo", lang)
    box = at.multiselect(key=f"ledger_draw_riichi_{match}_0")
    assert label in box.label, box.label


def test_a_riichi_mahjong_box_says_riichi_as_before(home):
    match = Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["A", "B", "C", "D"])
    at = open_page("ledger", "tokyo-mahjong", "ja")
    assert at.multiselect(key=f"ledger_draw_riichi_{match}_0").label == "リーチした人"
