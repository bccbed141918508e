"""The photo page as a player with a phone uses it: leaving the page and coming back, adding a hand to the
ledger, a photo with nothing on it."""
import io

import pytest
from app_helpers import go_to, synthetic, texts, tsumo
from PIL import Image

from scorer import load_game

RIICHI_OPEN = "2m 3m 4m 4p 5p 6p 6s 7s 8s 2z 2z".split()  # won on 2z, a pon of 5z called


def upload(at, name, data, mime="image/jpeg"):
    at.file_uploader(key="photo_upload").set_value((name, data, mime)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang, kept_words", [("en", "read before"), ("ja", "前に読んだ写真")])
def test_a_corrected_photo_is_still_there_after_a_visit_to_the_ledger_page(home, page, lang, kept_words):
    """The page tells a player with no match to start one on the ledger page; back from it, the uploader was
    empty (Streamlit forgets a page's uploaded file when another page is opened): the page asked for a photo,
    and the hand read and corrected was out of sight."""
    data = synthetic("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3)
    at = upload(page("score_photo", "yokai-watch", lang), "hand.jpg", data)
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_yokai-26").click().run()
    corrected = list(at.session_state["photo_tiles"])
    assert corrected[0] == "yokai-26"
    go_to(at, "ledger")
    go_to(at, "score_photo")
    assert at.session_state["photo_tiles"] == corrected
    assert [b for b in at.button if b.key == "photo_tile_0"]  # the hand, drawn to tap again
    assert len(at.image) >= 1 + len(corrected)  # the boxed photo and the strip
    assert kept_words in texts(at)
    at.button(key="photo_forget").click().run()  # the player is done with it: the page asks for a photo again
    assert not at.exception and not at.session_state["photo_tiles"]
    assert not [b for b in at.button if b.key == "photo_tile_0"]
    assert ("Photograph the hand" if lang == "en" else "手牌が写るように") in texts(at)


def test_a_photo_read_before_is_read_for_the_game_chosen_on_another_page(home, page):
    """Back from another page where another game was chosen, the photo is read for that game, as a game chosen
    on this page reads it again."""
    data = synthetic("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3)
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    go_to(at, "ledger")
    at.selectbox(key="game_id").set_value("nogizaka").run()
    go_to(at, "score_photo")
    assert not at.exception
    assert at.session_state["photo_tiles"]
    assert set(at.session_state["photo_tiles"]) <= {k.id for k in load_game("nogizaka").tiles}


@pytest.mark.parametrize("lang, seat_words", [("en", "sits"), ("ja", "の自風は")])
def test_a_hand_just_added_to_the_ledger_is_not_told_to_change_its_seat(home, page, lang, seat_words):
    """After a non-dealer's win the deal passes on: the page then said the winner now sits elsewhere and to set
    the seat wind to match, of the hand just recorded; doing so made the button ready to record it twice."""
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Bo", "Cy", "Di"])
    from vision.synth import render_hand
    import cv2

    photo = render_hand("tokyo-mahjong", RIICHI_OPEN, seed=5, imgsz=1280, layout="melds", effects=0.0,
                        melds=["pon:555z"]).image
    at = upload(page("score_photo", "tokyo-mahjong", lang), "hand.jpg", cv2.imencode(".jpg", photo)[1].tobytes())
    tsumo(at, "photo")
    at.selectbox(key="photo_winner").set_value(1).run()  # Bo, south: the seat the hand is scored at
    assert not [w for w in at.warning if seat_words in w.value]
    at.button(key="photo_add_ledger").click().run()
    assert len(ledger.hands(match)) == 1 and at.success
    assert not [w.value for w in at.warning if seat_words in w.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_blurred_photo_with_no_tiles_is_not_told_to_tap_a_tile(home, page, lang):
    buf = io.BytesIO()
    Image.new("RGB", (1200, 900), (30, 90, 50)).save(buf, format="JPEG")  # felt, nothing sharp on it
    at = upload(page("score_photo", "yokai-watch", lang), "felt.jpg", buf.getvalue())
    said = [w.value for w in at.warning]
    assert any(("no detail" if lang == "en" else "模様") in w for w in said), said  # plain: not called blurry
    assert not any(("tap" if lang == "en" else "タップ") in w for w in said), said


def _captions(at) -> list[str]:
    return [img.caption for element in at.image for img in element.proto.imgs]


@pytest.mark.parametrize("lang, words", [("en", "photo"), ("ja", "写真")])
def test_the_picker_shows_the_tile_as_photographed_beside_its_choices(home, page, lang, words):
    """The picker named the tile being corrected in words only: on a phone the photo is a screen above it, and
    the player scrolled up and down to compare the tile with the choices."""
    import numpy as np

    data = synthetic("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 3)
    at = upload(page("score_photo", "yokai-watch", lang), "hand.jpg", data)
    assert words not in _captions(at)
    at.button(key="photo_tile_2").click().run()
    assert _captions(at).count(words) == 1
    reading = at.session_state["photo_reading"]
    assert reading.face_crop(2) is not None and np.asarray(reading.face_crop(2)).size
    at.button(key="photo_cancel").click().run()
    assert words not in _captions(at)


@pytest.mark.parametrize("lang, han", [("en", "0 han"), ("ja", "0翻")])
def test_a_riichi_hand_that_does_not_win_shows_no_zero_han_and_fu(home, page, lang, han):
    """A misread tile out of a riichi hand's win said "0 han · 0 fu" under "Not a win" (`tilelens score` says
    only why it does not win)."""
    at = page("score_manual", "tokyo-mahjong", lang)
    at.text_input(key="manual_typed").set_value("234m456p678s22z556z")
    submit = next(b for b in at.button if (b.key or "").startswith("FormSubmitter:manual_typed_form"))
    submit.click().run()
    assert not at.exception and at.warning  # not a win, and why
    assert not [c.value for c in at.caption if han in c.value]
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")  # a win: its han and fu
    next(b for b in at.button if (b.key or "").startswith("FormSubmitter:manual_typed_form")).click().run()
    assert at.success and [c.value for c in at.caption if ("fu" if lang == "en" else "符") in c.value]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_photo_whose_last_tile_is_an_almighty_is_scored_as_tilelens_score_scores_it(home, page, lang):
    """A photo's tiles are in the order they lie, not the order they were drawn: the page took the last one
    lying as the winning tile, and a Nogizaka hand with its Almighty at the right end was a chombo ("winning on
    an Almighty is not allowed", penalty 300) where `tilelens score` scores the same tiles a 60-point win."""
    from dataclasses import replace

    from app.components.photo import PhotoTile
    from scorer.engine import score

    tiles = ["rarin"] * 3 + ["miona"] * 3 + ["sayurin"] * 2 + ["almighty-pink"]
    at = upload(page("score_photo", "nogizaka", lang), "hand.jpg", synthetic("nogizaka", tiles))
    read = [PhotoTile((i * 30.0, 100.0, i * 30.0 + 28, 140.0), k, 0.95, choices=((k, 0.95),))
            for i, k in enumerate(tiles)]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(tiles)
    at.run()
    cli = score("nogizaka", tiles, win="tsumo", riichi=True, players=4)  # no winning tile: as `tilelens score`
    assert cli.winning and cli.points == 60
    assert at.success and f"{cli.points:,}" in at.success[0].value, [w.value for w in at.warning]
    assert at.pills(key="photo_wintile").value == "sayurin"
    at.pills(key="photo_wintile").set_value("almighty-pink").run()  # the player says it was won on it
    assert not at.success and at.warning  # the chombo, as the rules say


@pytest.mark.parametrize("lang, start", [("en", "Start the match"), ("ja", None)])
def test_with_no_match_a_tap_opens_the_ledger_page_and_the_hand_is_there_on_the_way_back(home, page, lang, start):
    """"Start one on the ledger page" was words only: on a phone the page list is behind the sidebar's button."""
    data = synthetic("yokai-watch", ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"])
    at = upload(page("score_photo", "yokai-watch", lang), "hand.jpg", data)
    read = list(at.session_state["photo_tiles"])
    at.button(key="photo_open_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [b for b in at.button if (b.key or "").startswith("FormSubmitter:") or b.label == start]
    assert not [b for b in at.button if b.key == "photo_open_ledger"]  # on the ledger page now
    go_to(at, "score_photo")
    assert at.session_state["photo_tiles"] == read and [b for b in at.button if b.key == "photo_tile_0"]


@pytest.mark.parametrize("lang, words", [("en", "Favourite Kyoko Igarashi in the hand: ×2"),
                                         ("ja", "担当アイドル (五十嵐響子) が手牌にあるので2倍")])
def test_a_favourite_doubling_is_said_beside_the_yaku_it_doubles(home, page, lang, words):
    """"Ensemble Set (Cute) (42)" above "A win! 84": the doubling was not said (`tilelens score` says it)."""
    from scorer import load_game

    game = load_game("cinderella-neo")
    hand = [k.id for k in game.tiles if k.attrs.get("type") == "cute" and k.attrs.get("status") == "Vo"][:9]
    at = page("score_manual", "cinderella-neo", lang)
    at.text_input(key="manual_typed").set_value(" ".join(hand))
    at.button(key="FormSubmitter:manual_typed_form-" + ("Use this hand" if lang == "en" else "この手牌にする")).click().run()
    assert at.success and words not in texts(at)
    at.selectbox(key="manual_fav").set_value("igarashi-kyouko").run()
    assert "84" in at.success[0].value and words in texts(at)
