"""What the score pages keep across a house-table save, a game changed by mistake and a bad upload; what a broken
house table says on them."""

import pytest
from app_helpers import YOKAI_NEAR, go_to, open_page, photo_read_whole, texts, type_hand

EIGHT = "yokai-01 yokai-01 yokai-01 yokai-02 yokai-02 yokai-02 yokai-03 yokai-03"
FIXED = YOKAI_NEAR[:8] + ["yokai-08"]  # the photo's last tile (yokai-09) fixed to yokai-08


def save_rules(at, edit=lambda text: text + "\n# the organiser's note\n"):
    """Save an edit of the Yokai Watch house table on the Rules page ``at`` is on."""
    area = at.text_area(key="rules_text_yokai-watch")
    area.input(edit(area.value)).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    return at


def without_yokai_03(text: str) -> str:
    changed = text.replace('id = "yokai-03"', 'id = "yokai-3x"', 1)
    assert changed != text
    return changed


@pytest.fixture(scope="module")
def yokai_photo():
    return photo_read_whole("yokai-watch", YOKAI_NEAR)[0]


def fixed_photo_page(data, lang="en"):
    at = open_page("score_photo", "yokai-watch", lang)
    at.file_uploader(key="photo_upload").set_value(("IMG_0001.jpg", data, "image/jpeg")).run()
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_yokai-08").click().run()
    assert at.session_state["photo_tiles"] == FIXED
    return at


def test_a_rules_save_on_another_phone_keeps_the_hand_typed_and_says_the_rules_changed(home):
    player = open_page("score_manual", "yokai-watch")
    type_hand(player, EIGHT)
    save_rules(open_page("rules", "yokai-watch"))
    player.button(key="manual_add_yokai-03").click().run()  # the player's next tap
    assert not player.exception
    assert player.session_state["manual_tiles"] == EIGHT.split() + ["yokai-03"]
    said = texts(player)
    assert "rules of Yokai Watch Donjara were changed" in said and "kept aside" not in said


def test_a_rules_save_then_a_reset_keep_the_hand_typed_since(home):
    at = open_page("score_manual", "yokai-watch")
    type_hand(at, EIGHT + " yokai-03")
    save_rules(go_to(at, "rules"))
    go_to(at, "score_manual")
    assert at.session_state["manual_tiles"] == (EIGHT + " yokai-03").split()
    type_hand(at, EIGHT + " yokai-04")
    go_to(at, "rules").button(key="rules_reset").click().run()
    go_to(at, "score_manual")
    assert at.session_state["manual_tiles"] == (EIGHT + " yokai-04").split()  # not the hand before the save
    assert "kept aside" not in texts(at)


@pytest.mark.parametrize("lang, words", [("en", "Yokai 03"), ("ja", "妖怪03")])
def test_a_rules_save_taking_out_a_tile_of_the_hand_says_so_and_keeps_the_hand_aside(home, lang, words):
    at = open_page("score_manual", "yokai-watch", lang)
    type_hand(at, EIGHT + " yokai-01")
    save_rules(go_to(at, "rules"), without_yokai_03)
    go_to(at, "score_manual")
    assert at.session_state["manual_tiles"] == []
    said = "\n".join(i.value for i in at.info)
    assert words in said and ("no longer" in said if lang == "en" else "なくなりました" in said)
    assert "choose" not in said and "に戻すと" not in said  # the game is the one chosen: not "choose it again"
    go_to(at, "rules").button(key="rules_reset").click().run()  # the tile is back: so is the hand
    go_to(at, "score_manual")
    assert at.session_state["manual_tiles"] == (EIGHT + " yokai-01").split()


def test_a_rules_save_on_another_phone_keeps_the_photos_fix(home, yokai_photo):
    at = fixed_photo_page(yokai_photo)
    reading = at.session_state["photo_reading"]
    save_rules(open_page("rules", "yokai-watch"))
    at.toggle(key="photo_add_open").set_value(True).run()  # any tap
    assert not at.exception
    assert at.session_state["photo_tiles"] == FIXED
    assert at.session_state["photo_reading"] is reading  # not read again
    assert "rules of Yokai Watch Donjara were changed" in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_game_changed_by_mistake_and_back_restores_the_photos_fix(home, yokai_photo, lang):
    at = fixed_photo_page(yokai_photo, lang)
    reading = at.session_state["photo_reading"]
    at.selectbox(key="game_id").set_value("nogizaka").run()
    said = "\n".join(i.value for i in at.info)
    assert ("Yokai Watch Donjara" if lang == "en" else "妖怪ウォッチ") in said
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception
    assert at.session_state["photo_tiles"] == FIXED
    assert at.session_state["photo_reading"] is reading
    assert "IMG_0001.jpg" in "\n".join(i.value for i in at.info)  # the fixed reading back, said


def cut_jpeg() -> bytes:
    import cv2
    import numpy as np

    ok, jpeg = cv2.imencode(".jpg", np.random.default_rng(1).integers(0, 255, (200, 300, 3), np.uint8))
    return jpeg.tobytes()[:3000]


def test_a_bad_upload_names_the_file_and_goes_away_with_it(home):
    at = open_page("score_photo", "yokai-watch")
    at.file_uploader(key="photo_upload").set_value(("IMG_0001.jpg", cut_jpeg(), "image/jpeg")).run()
    [error] = at.error
    assert "IMG_0001.jpg" in error.value and "image bytes" not in error.value
    at.file_uploader(key="photo_upload").set_value(None).run()  # the uploader's x
    assert not at.error and "read before" not in texts(at)
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert not at.error and "read before" not in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("data, kind", [
    (b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "PDF"),
    (b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + b"\x00" * 200, "HEIC"),
])
def test_a_pdf_or_heic_named_jpg_says_what_it_is_and_what_to_send(home, lang, data, kind):
    at = open_page("score_photo", "yokai-watch", lang)
    at.file_uploader(key="photo_upload").set_value(("IMG_0002.jpg", data, "image/jpeg")).run()
    [error] = at.error
    assert kind in error.value and "IMG_0002.jpg" in error.value
    assert "JPEG" in error.value
    if kind == "HEIC":
        assert ("Most Compatible" if lang == "en" else "互換性優先") in error.value


@pytest.mark.parametrize("lang, words", [("en", "Rules and yaku"), ("ja", "ルールと役")])
@pytest.mark.parametrize("name", ["score_manual", "score_photo"])
def test_a_broken_house_table_says_the_rules_page_fixes_it(home, name, lang, words):
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_bytes(b"this is [not toml")
    at = open_page(name, "yokai-watch", lang)
    assert not at.exception
    said = "\n".join(e.value for e in (*at.error, *at.info))
    assert words in said
    links = [link for link in at.get("page_link") if "rules" in link.proto.page]
    assert len(links) == 2  # the page menu's, and the one by the message


def test_a_rules_save_taking_out_a_tile_of_the_photos_hand_says_so(home, yokai_photo):
    at = fixed_photo_page(yokai_photo)
    save_rules(open_page("rules", "yokai-watch"), without_yokai_03)
    at.toggle(key="photo_add_open").set_value(True).run()  # any tap
    assert not at.exception, [e.value for e in at.exception]
    said = "\n".join(i.value for i in at.info)
    assert "Yokai 03 is no longer one of its tiles" in said
    assert "yokai-03" not in at.session_state["photo_tiles"]  # read again by the table saved


def test_the_rules_page_itself_does_not_send_a_broken_table_to_the_rules_page(home):
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_bytes(b"this is [not toml")
    at = open_page("rules", "yokai-watch")
    assert "Rules and yaku page can fix" not in texts(at)
    assert len([link for link in at.get("page_link") if "rules" in link.proto.page]) == 1  # the menu's own
