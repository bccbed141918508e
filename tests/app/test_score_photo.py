"""The "Score a photo" page: bad uploads get one clear message; a photo is read, boxed, corrected, scored."""
import io
from pathlib import Path

import pytest
from app_helpers import add_to_ledger, expected_tsumo, photo_read_whole, read_as_the_page, synthetic, texts, tsumo
from PIL import Image

from app.components.tiles import LIKELY_FLOOR
from scorer import load_game

YOKAI_NEAR = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]


def upload(at, name, data, mime="image/jpeg"):
    at.file_uploader(key="photo_upload").set_value((name, data, mime)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_before_a_photo_the_page_says_what_to_do(home, page):
    at = page("score_photo", "yokai-watch")
    assert "Photograph the hand" in texts(at)


@pytest.mark.parametrize("name, data, words", [
    ("notes.txt", b"shopping list: tea, milk" * 10, "not an image"),
    ("broken.jpg", b"\xff\xd8\xff\xe0" + b"\x00" * 300, "cannot be read"),
    ("empty.jpg", b"", "empty"),
])
def test_bad_uploads_get_one_clear_message(home, page, name, data, words):
    at = upload(page("score_photo", "yokai-watch"), name, data)
    assert at.error and words in at.error[0].value
    assert "The photo cannot be read" in at.error[0].value


def test_a_bad_upload_is_explained_in_japanese_on_a_japanese_screen(home, page):
    at = upload(page("score_photo", "yokai-watch", "ja"), "notes.txt", b"shopping list: tea, milk" * 10)
    assert at.error[0].value == "写真を読めません。notes.txt: 写真ではありません。形式が不明か、対応していない形式です。"
    import cv2
    import numpy as np

    ok, jpeg = cv2.imencode(".jpg", np.full((80, 120, 3), 90, np.uint8))
    at = upload(at, "cut.jpg", jpeg.tobytes()[:400])  # a photo cut short: Pillow's English was kept in brackets
    assert at.error[0].value.startswith("写真を読めません。cut.jpg: ファイルが途中で切れています。")


@pytest.fixture(scope="module")
def fully_read_once():
    """``photo_read_whole`` of YOKAI_NEAR, rendered and read once for this file (the same photo and reading
    every time: the render is seeded and the shipped models read it)."""
    return photo_read_whole("yokai-watch", YOKAI_NEAR)


@pytest.fixture
def fully_read(fully_read_once):
    """A synthetic photo of YOKAI_NEAR on which the recognizer finds all 9 tiles, and that hand (a copy)."""
    data, read = fully_read_once
    return data, list(read)


def test_photo_is_read_boxed_corrected_and_rescored(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert at.session_state["photo_tiles"] == read
    assert len(at.image) >= 1 + 9  # the boxed photo and the strip's pictures
    at.button(key="photo_tile_8").click().run()
    reading = at.session_state["photo_reading"]
    tile = [tile for tile in reading.tiles if tile.in_hand][8]
    offered = [b.key.removeprefix("photo_alt_") for b in at.button if (b.key or "").startswith("photo_alt_")]
    # the likely kinds first, in the classifier's order: then those past its first two above the floor (a kind held
    # elsewhere in all its copies left out)
    scores = dict(tile.choices[1:])
    assert offered and set(offered) <= set(tile.alternatives)
    assert offered == [kind for kind in tile.alternatives if kind in offered]
    assert all(scores[kind] >= LIKELY_FLOOR for kind in offered if kind not in tile.alternatives[:2])
    at.button(key="photo_pick_almighty").click().run()
    corrected = [*read[:8], "almighty"]
    assert at.session_state["photo_tiles"] == corrected
    result = expected_tsumo("yokai-watch", corrected)
    if result.winning:
        assert f"{result.points:,}" in at.success[0].value
        assert texts(at).count(f"pays {result.payments[0].amount} points") == len(result.payments)
    else:
        assert "Not a win" in at.warning[-1].value
    if read[:8] == YOKAI_NEAR[:8]:  # the photo was read right: the correction makes the planned win
        assert result.winning and result.points == 120


def test_an_iphone_heic_photo_is_read_not_refused(home, page):
    heic = Path(__file__).resolve().parents[1] / "vision" / "data" / "heic" / "marked-orientation6.heic"
    at = upload(page("score_photo", "yokai-watch"), "IMG_0001.HEIC", heic.read_bytes(), "image/heic")
    assert not at.error, [e.value for e in at.error]
    reading = at.session_state["photo_reading"]
    assert reading.original_wh == (60, 100)  # decoded, and turned upright as the phone was held
    assert reading.image_rgb.shape[:2] == (100, 60)


def test_a_photo_whose_tiles_are_small_says_a_closer_one_reads_better(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert not [i for i in at.info if "tiles are small" in i.value]  # 640 px, tiles about 74 px tall
    small = io.BytesIO()
    photo = Image.open(io.BytesIO(data))
    photo.resize((photo.width // 2, photo.height // 2)).save(small, format="JPEG", quality=92)
    at = upload(at, "small.jpg", small.getvalue())
    assert at.session_state["photo_reading"].hand  # still read, but with less to go on
    # 320 px wide: the photo too small, said once (its tiles small too: the same advice, not said twice)
    assert [w for w in at.warning if "This photo is only 320×" in w.value]
    assert not [i for i in at.info if "tiles are small" in i.value]


def test_a_photo_smaller_than_the_reader_looks_at_says_so(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert not [w for w in at.warning if "too small" in w.value]  # 640 px
    thumb = io.BytesIO()
    Image.open(io.BytesIO(data)).resize((320, 240)).save(thumb, format="JPEG", quality=92)
    at = upload(at, "thumb.jpg", thumb.getvalue())
    assert [w for w in at.warning if "This photo is only 320×240 pixels" in w.value]
    at = upload(page("score_photo", "yokai-watch", "ja"), "thumb.jpg", thumb.getvalue())
    assert [w for w in at.warning if "写真が小さすぎて (320×240ピクセル)、牌を確かに読めません" in w.value]


def test_photo_with_no_tiles_says_so(home, page):
    buf = io.BytesIO()
    Image.new("RGB", (640, 480), (30, 90, 50)).save(buf, format="JPEG")
    at = upload(page("score_photo", "yokai-watch"), "felt.jpg", buf.getvalue())
    assert "No tiles found" in texts(at)


def test_a_new_game_rereads_the_photo_with_its_model(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert at.session_state["photo_tiles"] == read
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert at.session_state["photo_tiles"] == read_as_the_page("nogizaka", data)
    nogizaka = {k.id for k in load_game("nogizaka").tiles}
    assert set(at.session_state["photo_tiles"]) <= nogizaka


def test_huge_photo_is_read_smaller_and_says_so(home, page, fully_read):
    import cv2
    import numpy as np

    image = cv2.imdecode(np.frombuffer(fully_read[0], np.uint8), cv2.IMREAD_COLOR)
    ok, buf = cv2.imencode(".jpg", cv2.resize(image, (5000, 5000), interpolation=cv2.INTER_LINEAR))
    at = upload(page("score_photo", "yokai-watch"), "huge.jpg", buf.tobytes())
    assert "A large photo" not in texts(at)  # read as any photo: nothing to do about it
    assert at.session_state["photo_tiles"] == read_as_the_page("yokai-watch", buf.tobytes())


def with_reading(at, tiles):
    """The page's photo reading replaced by ``tiles`` (PhotoTiles: kinds, choices, detections chosen by
    the test), as if the recognizer had read them; the hand is theirs."""
    from dataclasses import replace

    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(tiles))
    at.session_state["photo_tiles"] = [t.kind for t in tiles if t.in_hand]
    return at.run()


def read_surely(boxes, kinds):
    from app.components.photo import PhotoTile

    return [PhotoTile(tuple(b), k, 0.95, choices=((k, 0.95),)) for b, k in zip(boxes, kinds)]


WIN = YOKAI_NEAR[:8] + ["almighty"]  # 120 points; YOKAI_NEAR (yokai-09 last) does not win


def test_a_hand_misread_out_of_its_win_is_offered_its_winning_reading(home, page, fully_read):
    from app.components.photo import PhotoTile

    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", fully_read[0])
    boxes = [t.xyxy for t in at.session_state["photo_reading"].tiles if t.in_hand]
    tiles = read_surely(boxes, YOKAI_NEAR)
    tiles[8] = PhotoTile(boxes[8], "yokai-09", 0.55, ("almighty",), choices=(("yokai-09", 0.55), ("almighty", 0.35)))
    at = with_reading(at, tiles)
    assert "Not a win" in at.warning[-1].value
    assert "It wins if" in texts(at) and "35% likely" in texts(at)
    # a tile corrected in the same moment: the offer was for the hand before it, so it is not applied
    at.session_state["photo_tiles"] = [*YOKAI_NEAR[:7], "yokai-04", "yokai-09"]
    at.button(key="photo_hint_apply").click().run()
    assert at.session_state["photo_tiles"] == [*YOKAI_NEAR[:7], "yokai-04", "yokai-09"]
    at.session_state["photo_tiles"] = list(YOKAI_NEAR)
    at.run()
    at.button(key="photo_hint_apply").click().run()
    assert at.session_state["photo_tiles"] == WIN
    assert "120" in at.success[0].value
    assert "It wins if" not in texts(at)  # a hand that wins gets no hint


def test_a_stray_box_is_offered_for_removal_when_the_rest_wins(home, page, fully_read):
    from app.components.photo import PhotoTile

    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", fully_read[0])
    boxes = [t.xyxy for t in at.session_state["photo_reading"].tiles if t.in_hand]
    tiles = read_surely(boxes, WIN)
    stray = PhotoTile((0.0, 0.0, 5.0, 5.0), "yokai-05", 0.9, choices=(("yokai-05", 0.9),), detection=0.3)
    at = with_reading(at, [stray, *tiles])
    assert "A hand has 9 tiles (10 now)" in texts(at)
    assert "may not be a tile" in texts(at)
    at.button(key="photo_hint_apply").click().run()
    assert at.session_state["photo_tiles"] == WIN
    assert len([t for t in at.session_state["photo_reading"].tiles if t.in_hand]) == 9  # its box went too


def test_a_tile_the_player_set_is_not_second_guessed():
    from app.components.options import HandOptions
    from app.components.scoring import winning_hint

    game = load_game("yokai-watch")
    options = HandOptions("tsumo", True, 4, False, {})
    choices = [((k, 0.95),) for k in YOKAI_NEAR]
    choices[8] = (("yokai-09", 0.55), ("almighty", 0.35))
    assert [c.becomes for c in winning_hint(game, YOKAI_NEAR, options, choices).changes] == ["almighty"]
    set_by_hand = YOKAI_NEAR[:8] + ["yokai-05"]  # the player tapped tile 9 and chose yokai-05
    assert winning_hint(game, set_by_hand, options, choices) is None
    assert winning_hint(game, WIN, options, choices) is None  # it wins: nothing to offer
    # ten tiles: the nine read (the Almighty's box in some doubt) and a third yokai-03 the player added.
    # Dropping either the Almighty or the added tile leaves a win; a tile the player set stays.
    read = [((k, 0.95),) for k in WIN]
    added = WIN + ["yokai-03"]
    found = winning_hint(game, added, options, read, [0.95] * 8 + [0.6])
    assert [(c.index, c.becomes) for c in found.changes] == [(8, None)]
    assert winning_hint(game, added, options, read, [0.99] * 9) is None  # no box doubtful enough to drop


def test_a_riichi_hint_counts_the_tables_melds():
    from app.components.options import HandOptions
    from app.components.scoring import winning_hint

    game = load_game("tokyo-mahjong")
    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()  # and a pon of 5z on the table
    choices = [((k, 0.95),) for k in concealed]
    choices[10] = (("2z", 0.6), ("1z", 0.3))
    read = concealed[:10] + ["2z"]
    melded = HandOptions("ron", False, 4, False, {"melds": ["pon:555z"]})
    assert [(c.index, c.becomes) for c in winning_hint(game, read, melded, choices).changes] == [(10, "1z")]
    assert winning_hint(game, read, HandOptions("ron", False, 4, False, {}), choices) is None  # 11 of 14: no hand


def test_a_corrected_photo_is_kept_as_an_accepted_labelled_photo_and_opened_on_the_label_page(home, page,
                                                                                           fully_read):
    from tilelens.labelling import load_done, read_yolo

    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    corrected = [*read[:8], "almighty"]
    assert at.text_input(key="photo_keep_name").value == "yokai-watch-photos"
    at.button(key="photo_keep").click().run()
    root = home / "home" / "datasets" / "yokai-watch-photos"
    assert "Added to yokai-watch-photos as images/train/hand.jpg (boxes: 9)." in texts(at)
    dataset, problems = read_yolo(root)
    assert not problems and dataset.game == "yokai-watch"
    assert [b.kind for b in sorted(dataset.images[0].boxes, key=lambda b: b.xyxyn[0])] == corrected
    assert load_done(root) == {"images/train/hand.jpg"}
    # the new dataset is now the one chosen; keeping the photo again after another fix replaces its labels
    assert at.selectbox(key="photo_keep_dataset").value == "yokai-watch-photos"
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_yokai-09").click().run()
    at.button(key="photo_keep").click().run()
    assert "hand.jpg was already in yokai-watch-photos: it now has the photo as turned and the names" in texts(at)
    dataset, _ = read_yolo(root)
    assert len(dataset.images) == 1
    assert sorted(b.kind for b in dataset.images[0].boxes) == sorted(["yokai-09", *corrected[1:]])
    at.button(key="photo_keep_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="label_dir").value == str(root)
    assert "Accepted 1 of 1 photos" in at.get("progress")[0].proto.text


def test_a_kept_photo_opens_the_label_page_with_the_language_in_the_address(home, page, fully_read):
    # st.switch_page without query_params clears the address's parameters, and Streamlit refuses to clear
    # ?lang=, bound to the language switch: "Cannot clear query parameters" instead of the Label page
    data, _ = fully_read
    at = page("score_photo", "yokai-watch")
    at.query_params["lang"] = "English"
    at.query_params["match"] = "7"
    at = upload(at, "hand.jpg", data)
    at.button(key="photo_keep").click().run()
    at.button(key="photo_keep_open").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key="label_dir").value.endswith("yokai-watch-photos")
    assert at.query_params["match"] == "7"  # another page's parameter kept, as a sidebar link keeps it


def test_a_picture_tapped_after_another_tile_was_opened_never_changes_the_tile_picked_before(home, page,
                                                                                           fully_read):
    # In a browser a tap on tile 1 and a tap on a picture of the picker still drawn for tile 9 can reach the
    # page together: the tile 1 tap's callback runs first, then the picture's, with tile 9's arguments.
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_tile_8").click().run()
    at.session_state["photo_edit"] = 0  # what the tap on tile 1 did
    at.button(key="photo_pick_almighty").click().run()
    assert at.session_state["photo_tiles"] == read  # tile 9 kept its name; the tap was dropped
    at.button(key="photo_pick_almighty").click().run()  # the picker now drawn for tile 1
    assert at.session_state["photo_tiles"] == ["almighty", *read[1:]]


def test_called_melds_set_apart_in_a_riichi_photo_are_scored_as_melds_until_unticked(home, page):
    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", concealed))
    row = read_surely([(i * 30.0, 100.0, i * 30.0 + 28, 140.0) for i in range(11)], concealed)
    pon = read_surely([(400.0, 110.0, 440.0, 140.0), (442.0, 100.0, 470.0, 140.0), (472.0, 100.0, 500.0, 140.0)],
                      ["5z"] * 3)  # set apart at the right, the first turned sideways
    at = tsumo(with_reading(at, [*row, *pon]), "photo")
    assert at.checkbox(key="photo_photo_melds").value
    assert "called melds: pon 555z" in at.checkbox(key="photo_photo_melds").label
    assert not at.checkbox(key="photo_riichi").value  # an open hand cannot declare riichi
    assert [c.value for c in at.caption].count(":blue[pon]") == 3
    assert "Hand (14 tiles: 11 held, 3 in melds)" in texts(at)
    assert not at.error, [e.value for e in at.error]
    open_names = texts(at)
    assert at.success and "Yakuhai: white dragon" in open_names and "Menzen" not in open_names
    at.checkbox(key="photo_photo_melds").uncheck().run()  # the same 14 tiles as a closed hand
    assert [c.value for c in at.caption].count(":blue[pon]") == 0
    assert at.success and "Menzen" in texts(at)


def test_called_melds_of_a_hand_photographed_from_across_the_table_are_scored_as_melds(home, page):
    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", concealed))
    # upside down: the pon lies at the photo's left, its sideways tile last, the hand at the right
    pon = read_surely([(0.0, 100.0, 28.0, 140.0), (30.0, 100.0, 58.0, 140.0), (60.0, 100.0, 100.0, 130.0)],
                      ["5z"] * 3)
    row = read_surely([(600 - i * 30.0, 100.0, 628 - i * 30.0, 140.0) for i in range(11)], concealed)
    at = with_reading(at, [*pon, *row])
    assert at.checkbox(key="photo_photo_melds").value
    assert "called melds: pon 555z" in at.checkbox(key="photo_photo_melds").label
    assert "Hand (14 tiles: 11 held, 3 in melds)" in texts(at)
    assert not at.error and at.success and "Yakuhai: white dragon" in texts(at)


def test_a_photo_read_turned_round_says_so(home, page):
    from dataclasses import replace

    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg",
                synthetic("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()))
    assert not any("Read as a hand photographed" in i.value for i in at.info)  # read as taken
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], turned=2)
    at.run()
    assert any("from across the table" in i.value for i in at.info)
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], turned=1)
    at.run()
    assert any("from the side" in i.value for i in at.info)


def test_a_hand_photographed_from_across_the_table_is_listed_as_its_owner_sees_it(home, page):
    import cv2
    import numpy as np

    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 7z".split()
    data = synthetic("tokyo-mahjong", hand)
    as_taken = read_as_the_page("tokyo-mahjong", data)
    turned = cv2.rotate(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), cv2.ROTATE_180)
    at = upload(page("score_photo", "tokyo-mahjong"), "across.jpg", cv2.imencode(".jpg", turned)[1].tobytes())
    assert any("from across the table" in i.value for i in at.info)
    assert at.session_state["photo_tiles"] == as_taken  # the owner's left first, the winning tile last


def test_a_photo_shown_the_wrong_way_up_is_turned_with_a_tap_and_read_again(home, page):
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 7z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    as_taken = at.session_state["photo_tiles"]
    assert not at.session_state["photo_reading"].chosen
    at.button(key="photo_turn_round").click().run()
    assert not at.exception
    turned = at.session_state["photo_reading"]
    assert turned.turned == 2 and turned.chosen
    assert "Read again turned the way you chose." in [i.value for i in at.info]
    assert at.session_state["photo_tiles"] == as_taken[::-1]  # listed from what was the photo's right
    at.button(key="photo_turn_left").click().run()  # a quarter further anticlockwise
    assert at.session_state["photo_reading"].turned == 3
    at.button(key="photo_turn_left").click().run()  # and back as taken, by hand
    again = at.session_state["photo_reading"]
    assert again.turned == 0 and again.chosen and at.session_state["photo_tiles"] == as_taken
    at.button(key="photo_turn_right").click().run()
    assert at.session_state["photo_reading"].turned == 3


def test_a_tile_added_by_hand_is_removed_like_any_other(home, page, fully_read):
    """It has no box in the photo: removing it raised IndexError on the page."""
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-05").click().run()
    assert at.session_state["photo_tiles"] == [*read, "yokai-05"]
    at.button(key=f"photo_tile_{len(read)}").click().run()
    at.button(key="photo_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == read
    assert len([t for t in at.session_state["photo_reading"].tiles if t.in_hand]) == len(read)


def test_a_new_camera_shot_is_read_though_an_upload_is_still_there(home, page):
    first = synthetic("yokai-watch", YOKAI_NEAR)
    other = ["yokai-04"] * 3 + ["yokai-05"] * 3 + ["yokai-06"] * 3
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", first)
    before = at.session_state["photo_digest"]
    at.camera_input(key="photo_camera").set_value(("image.jpg", synthetic("yokai-watch", other), "image/jpeg")).run()
    assert not at.exception and at.session_state["photo_digest"] != before  # the shot, not the upload, is read


def test_turning_after_a_correction_says_the_corrections_were_read_afresh(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_turn_round").click().run()
    assert not any("read afresh" in w.value for w in at.warning)  # nothing had been corrected
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_almighty").click().run()
    at.button(key="photo_turn_round").click().run()
    assert any("the tiles you had corrected were read afresh too" in w.value for w in at.warning)


def test_a_correction_after_the_photo_was_kept_says_the_dataset_holds_the_old_names(home, page, fully_read):
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_keep").click().run()
    assert "Added to yokai-watch-photos" in texts(at)
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_almighty").click().run()
    assert "Added to yokai-watch-photos" not in texts(at)
    assert any("You changed tiles or turned the photo since it was added" in w.value for w in at.warning)


def test_a_new_photo_starts_from_the_default_options_not_the_last_hands(home, page):
    # riichi unticked by one photo's open melds, the melds and dora typed for it and its winning tile were
    # all kept for the next photo (and for another game's): the next hand was scored short or wrong
    concealed = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "open.jpg", synthetic("tokyo-mahjong", concealed))
    row = read_surely([(i * 30.0, 100.0, i * 30.0 + 28, 140.0) for i in range(11)], concealed)
    pon = read_surely([(400.0, 110.0, 440.0, 140.0), (442.0, 100.0, 470.0, 140.0), (472.0, 100.0, 500.0, 140.0)],
                      ["5z"] * 3)
    at = with_reading(at, [*row, *pon])
    assert not at.checkbox(key="photo_riichi").value  # this hand is open
    at.text_input(key="photo_melds").set_value("pon 777z").run()
    at.button(key="photo_dora_add_4s").click().run()
    at.pills(key="photo_wintile").set_value("1m").run()
    at.checkbox(key="photo_riichi").check().run()  # ticked by the player for this hand: not carried either
    assert at.checkbox(key="photo_riichi").value
    at = upload(at, "closed.jpg", synthetic("tokyo-mahjong", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 1z 1z".split()))
    # a new riichi-mahjong hand starts without riichi (a dama win is as common)
    assert not at.checkbox(key="photo_riichi").value and at.text_input(key="photo_melds").value == ""
    assert at.session_state.get("photo_dora", []) == []
    assert at.pills(key="photo_wintile").value == at.session_state["photo_tiles"][-1]


def test_turning_after_a_tile_was_removed_says_it_was_read_afresh(home, page, fully_read):
    # the hand and the reading both lost the tile, so they agreed and nothing was said when it came back
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_remove").click().run()
    at.button(key="photo_turn_round").click().run()
    assert any("the tiles you had corrected were read afresh too" in w.value for w in at.warning)


def test_a_new_dataset_named_like_another_games_says_so(home, page, fully_read):
    # it said "choose it in the list", where only this game's datasets are listed
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_keep").click().run()  # a yokai-watch dataset, yokai-watch-photos
    at = upload(page("score_photo", "nogizaka"), "hand.jpg", data)
    at.selectbox(key="photo_keep_dataset").set_value("")
    at.text_input(key="photo_keep_name").set_value("yokai-watch-photos").run()
    at.button(key="photo_keep").click().run()
    assert any("of another game: choose another name" in e.value for e in at.error), texts(at)


def test_a_kept_photo_turned_then_kept_again_updates_the_one_copy(home, page, fully_read):
    from tilelens.labelling import read_yolo

    data, _ = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_keep").click().run()
    root = home / "home" / "datasets" / "yokai-watch-photos"
    at.button(key="photo_turn_left").click().run()
    assert at.session_state["photo_reading"].turned == 1
    assert any("turned the photo since it was added" in w.value for w in at.warning)
    at.button(key="photo_keep").click().run()
    assert "hand.jpg was already in yokai-watch-photos: it now has the photo as turned" in texts(at)
    dataset, _ = read_yolo(root)
    assert [im.path for im in dataset.images] == ["images/train/hand.jpg"]
    h, w = at.session_state["photo_reading"].image_rgb.shape[:2]
    assert Image.open(root / "images" / "train" / "hand.jpg").size == (w, h)  # the photo as turned


def test_a_dataset_of_the_tiles_before_an_edit_is_still_offered_and_keeps_the_photo(home, page, fully_read):
    # a club's own dataset, made before its house table renamed a tile: still offered (session 55: it was refused,
    # and the club could keep no more photos in it); the photo goes in with the boxes of kinds the dataset has
    from app import settings

    data, _ = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_keep").click().run()
    assert at.selectbox(key="photo_keep_dataset").options == ["yokai-watch-photos", "A new dataset…"]
    settings.save_house_table("yokai-watch", settings.game_text("yokai-watch").replace(
        'id = "yokai-09"', 'id = "yokai-09b"', 1))
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert at.selectbox(key="photo_keep_dataset").options == ["yokai-watch-photos", "A new dataset…"]
    at.button(key="photo_keep").click().run()
    assert not at.error, [e.value for e in at.error]
    assert "yokai-watch-photos" in texts(at)


def _laid_out_otherwise(root, train, val, photos) -> str:
    """A yokai-watch dataset whose data.yaml names ``train`` and ``val`` (not tilelens's ``images/train``),
    with ``photos`` (paths in it) saved; the data.yaml's text."""
    import yaml

    for i, rel in enumerate(photos):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (100, 80), (60 * i, 90, 120)).save(root / rel)
    text = yaml.safe_dump({"train": train, "val": val, "names": [t.id for t in load_game("yokai-watch").tiles],
                           "game": "yokai-watch"}, sort_keys=False)
    (root / "data.yaml").write_text(text, encoding="utf-8")
    return text


def test_a_photo_is_kept_in_a_roboflow_export_where_its_train_split_is(home, page, fully_read):
    # only datasets of tilelens's own layout (images/train) were offered; the library files a kept photo
    # into a Roboflow export's train/images, its labels into train/labels
    from tilelens.labelling import load_done, read_yolo

    data, read = fully_read
    root = home / "home" / "datasets" / "export"
    text = _laid_out_otherwise(root, "train/images", "valid/images", ["train/images/a.jpg", "valid/images/c.jpg"])
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert at.selectbox(key="photo_keep_dataset").options == ["export", "A new dataset…"]
    at.selectbox(key="photo_keep_dataset").set_value("export").run()
    at.button(key="photo_keep").click().run()
    assert "Added to export as train/images/hand.jpg (boxes: 9)." in texts(at), texts(at)
    assert len((root / "train/labels/hand.txt").read_text().splitlines()) == 9
    assert not (root / "images").exists() and not (root / "labels").exists()
    assert (root / "data.yaml").read_text(encoding="utf-8") == text
    dataset, problems = read_yolo(root)
    assert [im.path for im in dataset.images] == ["train/images/a.jpg", "train/images/hand.jpg",
                                                  "valid/images/c.jpg"]
    kept = next(im for im in dataset.images if im.path == "train/images/hand.jpg")
    assert sorted(b.kind for b in kept.boxes) == sorted(read)
    assert load_done(root) == {"train/images/hand.jpg"}


def test_a_photo_kept_in_a_dataset_training_on_a_txt_list_is_named_in_it(home, page, fully_read):
    data, _ = fully_read
    root = home / "home" / "datasets" / "listed"
    text = _laid_out_otherwise(root, "train.txt", "train.txt", ["photos/a.jpg"])
    (root / "train.txt").write_text("./photos/a.jpg\n", encoding="utf-8")
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.selectbox(key="photo_keep_dataset").set_value("listed").run()
    at.button(key="photo_keep").click().run()
    assert "Added to listed as images/train/hand.jpg (boxes: 9)." in texts(at), texts(at)
    assert (root / "train.txt").read_text().splitlines() == ["./photos/a.jpg", "./images/train/hand.jpg"]
    assert len((root / "labels/train/hand.txt").read_text().splitlines()) == 9
    assert (root / "data.yaml").read_text(encoding="utf-8") == text


def test_a_dataset_whose_training_would_not_read_a_kept_photo_is_not_offered(home, page, fully_read):
    # its train split is a folder outside the dataset: a photo filed under its images/train is never
    # trained on. Named as a new dataset, it is the folder photos cannot be kept in.
    data, _ = fully_read
    elsewhere = home / "elsewhere" / "images"
    elsewhere.mkdir(parents=True)
    _laid_out_otherwise(home / "home" / "datasets" / "shared", str(elsewhere), "valid/images", ["valid/images/c.jpg"])
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    assert at.selectbox(key="photo_keep_dataset").options == ["A new dataset…"]
    at.text_input(key="photo_keep_name").set_value("shared").run()
    at.button(key="photo_keep").click().run()
    assert "There is already a folder called shared, and photos of Yokai Watch Donjara cannot be added to it" in \
        at.error[0].value
    assert not (home / "home" / "datasets" / "shared" / "images").exists()


def test_a_datasets_folder_that_cannot_be_written_is_one_message_in_the_screens_language(home, page, fully_read):
    data, _ = fully_read
    (home / "home").mkdir(parents=True, exist_ok=True)
    (home / "home" / "datasets").write_text("a file where the folder must go", encoding="utf-8")
    at = upload(page("score_photo", "yokai-watch", "ja"), "hand.jpg", data)
    at.button(key="photo_keep").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.error[0].value.startswith("yokai-watch-photosに書き込めません: ")
    at.session_state["lang"] = "en"  # what the button said follows the screen's language
    at.run()
    assert at.error[0].value.startswith("Cannot write to yokai-watch-photos: ")


def test_a_folder_photos_cannot_be_kept_in_is_named_with_the_games_japanese_name(home, page, fully_read):
    data, _ = fully_read
    (home / "home" / "datasets" / "yokai-watch-photos").mkdir(parents=True)  # a folder, no dataset
    at = upload(page("score_photo", "yokai-watch", "ja"), "hand.jpg", data)
    at.text_input(key="photo_keep_name").set_value("yokai-watch-photos").run()
    at.button(key="photo_keep").click().run()
    name_ja = load_game("yokai-watch").name_ja
    assert at.error[0].value.startswith(f"「yokai-watch-photos」というフォルダはもうありますが、{name_ja} の牌")


def test_no_model_for_the_game_is_said_in_japanese_without_training_advice(home, page, monkeypatch, tmp_path,
                                                                          fully_read):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "no-models"))
    data, _ = fully_read
    at = upload(page("score_photo", "yokai-watch", "ja"), "hand.jpg", data)
    said = [e.value for e in at.error]
    assert said and said[0].startswith("この写真を読むモデルがありません: ")
    assert "分類モデルがありません" in said[0] and "tilelens train" not in said[0]


def test_after_a_reload_a_photo_is_added_to_the_match_in_the_address(home, fully_read):
    """A reload starts a new session: the photo page added to the newest match, not the one the address
    named, until the ledger page was opened again."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    older = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.new_match("yokai-watch", ["Wu", "Xi", "Yo", "Zed"])
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["match"] = str(older)
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page("views/score_photo.py").run()
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    data, read = fully_read
    at = upload(at, "hand.jpg", data)
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    assert not at.exception and at.query_params["match"] == str(older)
    if expected_tsumo("yokai-watch", [*read[:8], "almighty"]).winning:
        assert f"Adds to match #{older} · Ann, Bo, Cy, Di" in texts(at)
        add_to_ledger(at, "photo")
        assert len(ledger.hands(older)) == 1


def test_a_message_about_a_photo_that_cannot_be_read_follows_the_screens_language(home, page, monkeypatch,
                                                                               tmp_path, fully_read):
    # the message was worded once, when the photo was read: switching the language left it in the old one
    at = upload(page("score_photo", "yokai-watch"), "notes.txt", b"shopping list: tea, milk" * 10)
    assert at.error[0].value.startswith("The photo cannot be read. notes.txt: ")
    at.session_state["lang"] = "ja"
    at.run()
    assert at.error[0].value == "写真を読めません。notes.txt: 写真ではありません。形式が不明か、対応していない形式です。"
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "no-models"))
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", fully_read[0])
    assert at.error[0].value.startswith("No recognition model can read this: ")
    at.session_state["lang"] = "ja"
    at.run()
    assert at.error[0].value.startswith("この写真を読むモデルがありません: ")


def test_a_photo_chosen_again_in_the_uploader_after_a_camera_shot_is_read(home, page):
    # the upload was told apart by its bytes: the same photo chosen again looked unchanged, and the page
    # went on showing the camera's shot
    first = synthetic("yokai-watch", YOKAI_NEAR)
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", first)
    as_uploaded = at.session_state["photo_digest"]
    other = ["yokai-04"] * 3 + ["yokai-05"] * 3 + ["yokai-06"] * 3
    at.camera_input(key="photo_camera").set_value(("image.jpg", synthetic("yokai-watch", other), "image/jpeg")).run()
    assert at.session_state["photo_digest"] != as_uploaded
    at = upload(at, "hand.jpg", first)
    assert at.session_state["photo_digest"] == as_uploaded


@pytest.fixture
def enrolled_set(tmp_path, monkeypatch):
    """A models folder with the shipped models and a copy of the enrolled set hk-mahjong (skipped
    without it): the test may remove the copy."""
    import shutil

    shipped = Path(__file__).resolve().parents[2] / "models"
    if not (shipped / "tilesets" / "hk-mahjong" / "tileset.json").is_file():
        pytest.skip("no enrolled tile set hk-mahjong")
    models = tmp_path / "models"
    (models / "tilesets").mkdir(parents=True)
    for path in shipped.iterdir():
        if path.name != "tilesets":
            (models / path.name).symlink_to(path)
    shutil.copytree(shipped / "tilesets" / "hk-mahjong", models / "tilesets" / "hk-mahjong")
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    return models / "tilesets" / "hk-mahjong"


def test_a_tile_set_removed_from_disk_is_said_and_the_hands_options_are_kept(home, page, enrolled_set):
    # the page read the photo again with the game's own model without a word, and forgot the dora (and
    # riichi, melds, winning tile) given for the hand, as for another photo
    import shutil

    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    at.button(key="photo_dora_add_4s").click().run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert not at.exception and ":hk-mahjong:" in at.session_state["photo_digest"]
    assert at.session_state["photo_dora"] == ["4s"]  # the same hand, read with another set
    at.selectbox(key="game_id").set_value("yokai-watch").run()  # a set that does not read this game: not gone
    assert not at.exception and not [w for w in at.warning if "no longer there" in w.value]
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    at.session_state["photo_dora"] = ["4s"]  # (a run follows)
    shutil.rmtree(enrolled_set)
    at.run()
    assert not at.exception and ":None:" in at.session_state["photo_digest"]
    gone = "The tile set hk-mahjong is no longer there: the photo was read with the Tokyo Mahjong (riichi) model."
    assert gone in [w.value for w in at.warning]
    assert at.session_state["photo_dora"] == ["4s"]
    at.button(key="photo_tile_0").click().run()  # said until another photo or set is read
    assert gone in [w.value for w in at.warning]


def test_a_winning_tile_chosen_then_dropped_by_a_correction_is_said(home, page):
    # a correction makes another hand, whose winning tile is its last tile again: the tile the player
    # had chosen was dropped without a word, and the hand scored as won on another
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    at = with_reading(at, read_surely([(i * 30.0, 100.0, i * 30.0 + 28, 140.0) for i in range(14)], hand))
    at.pills(key="photo_wintile").set_value("3m").run()
    assert not [c for c in at.caption if "winning tile" in c.value]
    at.button(key="photo_tile_2").click().run()
    at.button(key="photo_pick_3p").click().run()  # the chosen 3m corrected away
    assert at.pills(key="photo_wintile").value == "5z"
    assert "Winning tile: the hand changed, so it is its last tile again (you had chosen 3 Man)." in \
        [c.value for c in at.caption]
    at.button(key="photo_tile_3").click().run()
    at.button(key="photo_pick_4s").click().run()  # the last tile was the winning tile already: nothing to say
    assert not [c for c in at.caption if "winning tile" in c.value.lower()]


def test_a_tile_added_and_removed_again_is_no_correction_when_the_photo_is_turned(home, page, fully_read):
    # taking out a tile added by hand marked the photo's reading as changed: a turn then said the tiles
    # corrected had been read afresh, where nothing of the photo had been changed
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-05").click().run()
    at.button(key=f"photo_tile_{len(read)}").click().run()
    at.button(key="photo_remove").click().run()
    assert at.session_state["photo_tiles"] == read
    at.button(key="photo_turn_round").click().run()
    assert not any("read afresh" in w.value for w in at.warning)


def test_a_hand_corrected_after_it_was_added_says_adding_again_records_a_second_hand(home, page, fully_read):
    """Correcting a tile of a photo's hand already added to the ledger made "Add to the ledger" ready again,
    without a word, and a tap recorded the hand twice: the misread one and the corrected one."""
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    data, read = fully_read
    first, corrected = [*read[:8], "almighty"], [*read[:8], "yokai-03"]
    assert expected_tsumo("yokai-watch", first).winning and expected_tsumo("yokai-watch", corrected).winning
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    add_to_ledger(at, "photo")
    assert len(ledger.hands(match)) == 1 and not at.warning
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_yokai-03").click().run()
    assert not at.exception
    said = [w.value for w in at.warning]
    assert any("added to the ledger before your correction (hand 1)" in w for w in said), said
    # another photo is another hand: nothing to say
    other, _ = photo_read_whole("yokai-watch", ["yokai-04"] * 3 + ["yokai-05"] * 3 + ["yokai-06"] * 3)
    at = upload(at, "next.jpg", other)
    assert not any("before your correction" in w.value for w in at.warning)


def test_a_photo_read_again_with_another_tile_set_says_the_corrections_were_read_afresh(home, page, enrolled_set):
    # the tiles the player had corrected were read afresh with the other set without a word (a turn says so)
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    said = "Read again with another tile set: the tiles you had corrected were read afresh too. Check them again."
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_9p").click().run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert not at.exception and said in [w.value for w in at.warning]
    at.selectbox(key="photo_tileset").set_value(None).run()  # nothing corrected since: nothing to say
    assert not at.exception and said not in [w.value for w in at.warning]


def test_tiles_added_by_hand_are_kept_when_the_photo_is_read_with_another_tile_set(home, page, enrolled_set):
    # reading the same photo with another set dropped the tiles added by hand and said "corrected"
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z".split()
    at = upload(page("score_photo", "tokyo-mahjong"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_5z").click().run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == [*at.session_state["photo_reading"].hand, "5z"]
    assert not any("corrected" in w.value for w in at.warning)
    # another photo starts afresh: nothing added by hand carried to it
    at = upload(at, "other.jpg", synthetic("tokyo-mahjong", "1m 1m 1m 2p 3p 4p 5s 6s 7s 2z 2z 2z 6z 6z".split()))
    assert at.session_state["photo_tiles"] == list(at.session_state["photo_reading"].hand)


def test_tiles_added_by_hand_are_kept_when_the_photo_is_turned(home, page, fully_read):
    # a turn read the photo afresh and dropped the tiles added by hand, and said the tiles "corrected" were
    # read afresh, where none of the photo's tiles had been corrected
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-05").click().run()
    at.button(key="photo_turn_round").click().run()
    assert not at.exception, [e.value for e in at.exception]
    turned = at.session_state["photo_reading"]
    assert turned.turned == 2 and turned.chosen
    assert at.session_state["photo_tiles"] == [*turned.hand, "yokai-05"]  # the photo's tiles first, as boxed
    assert not any("corrected" in w.value for w in at.warning)
    assert "Turned and read again: the tiles you added by hand are kept, after the photo's." in \
        [i.value for i in at.info]
    # a correction of the photo's tiles is still read afresh, and said; the tile added by hand stays
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_almighty").click().run()
    at.button(key="photo_turn_round").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == [*at.session_state["photo_reading"].hand, "yokai-05"]
    assert any("the tiles you had corrected were read afresh too" in w.value for w in at.warning)


@pytest.mark.parametrize("lang, said", [
    ("en", "Not kept, added by hand: {name}. With the tiles read again, the hand would hold more copies than the "
           "set has."),
    ("ja", "手で追加した {name}は、読み直した牌と合わせるとセットの枚数を超えるので外しました。"),
])
def test_a_tile_added_by_hand_beyond_the_sets_copies_is_not_kept_when_the_photo_is_turned(
        home, page, fully_read, lang, said):
    # a turn kept every tile added by hand after the new reading's: a yokai taken out of the photo's reading
    # and added by hand again made a fourth copy of a yokai the set has three of once the turn read it again
    data, read = fully_read
    at = upload(page("score_photo", "yokai-watch", lang), "hand.jpg", data)
    assert read.count("yokai-01") == load_game("yokai-watch").tile("yokai-01").copies == 3
    at.button(key=f"photo_tile_{read.index('yokai-01')}").click().run()
    at.button(key="photo_remove").click().run()
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-01").click().run()  # two in the hand now: the palette adds a third
    at.button(key="photo_add_yokai-05").click().run()
    assert at.session_state["photo_tiles"].count("yokai-01") == 3
    at.button(key="photo_turn_round").click().run()
    assert not at.exception, [e.value for e in at.exception]
    turned = at.session_state["photo_reading"]
    assert turned.hand.count("yokai-01") == 3  # the new reading has them all
    assert at.session_state["photo_tiles"] == [*turned.hand, "yokai-05"]  # the one beyond the set's, not kept
    kind = load_game("yokai-watch").tile("yokai-01")
    name = kind.name_ja if lang == "ja" else kind.name_en or kind.name_ja
    assert said.format(name=name) in [w.value for w in at.warning]


@pytest.mark.parametrize("lang, none_found, entered", [
    ("en", "No tiles found", "No tiles were found in this photo: the hand below is only the tiles you added by hand."),
    ("ja", "牌が見つかりませんでした。", "写真からは牌を読み取れませんでした。下の手牌は、手で追加した牌だけです。"),
])
def test_no_tiles_found_is_not_said_once_tiles_are_added_by_hand(home, page, lang, none_found, entered):
    # the warning that the photo had no tiles stayed over a hand the player had entered by hand
    buf = io.BytesIO()
    Image.new("RGB", (640, 480), (30, 90, 50)).save(buf, format="JPEG")
    at = upload(page("score_photo", "yokai-watch", lang), "felt.jpg", buf.getvalue())
    assert any(none_found in w.value for w in at.warning)
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-05").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["photo_tiles"] == ["yokai-05"]
    assert not any(none_found in w.value for w in at.warning)
    assert entered in [i.value for i in at.info]
    at.button(key="photo_turn_round").click().run()  # a turn keeps the tile: still a hand entered by hand
    assert at.session_state["photo_tiles"] == ["yokai-05"]
    assert not any(none_found in w.value for w in at.warning)
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_remove").click().run()  # the hand empty again: the photo's advice is back
    assert at.session_state["photo_tiles"] == []
    assert any(none_found in w.value for w in at.warning)


def test_the_corrections_read_afresh_warning_goes_once_the_player_corrects_again(home, page, fully_read):
    # "the tiles you had corrected were read afresh too" stayed over the hand after the player had checked and
    # corrected its tiles again: it no longer described the hand shown
    data, read = fully_read
    said = "Turned and read again: the tiles you had corrected were read afresh too. Check them again."
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", data)
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_almighty").click().run()
    at.button(key="photo_turn_round").click().run()
    assert said in [w.value for w in at.warning]
    at.toggle(key="photo_add_open").set_value(True).run()
    at.button(key="photo_add_yokai-05").click().run()  # a tile added by hand corrects none of the photo's
    assert said in [w.value for w in at.warning]
    as_read = at.session_state["photo_reading"].hand[0]
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_" + ("yokai-04" if as_read == "almighty" else "almighty")).click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert said not in [w.value for w in at.warning]
    at.button(key="photo_tile_0").click().run()  # corrected back as read: still corrected since, not said again
    at.button(key=f"photo_pick_{as_read}").click().run()
    assert at.session_state["photo_tiles"][0] == as_read
    assert said not in [w.value for w in at.warning]
    at.button(key="photo_tile_1").click().run()
    at.button(key="photo_remove").click().run()
    at.button(key="photo_turn_round").click().run()  # a correction read afresh again: said again
    assert said in [w.value for w in at.warning]


def test_the_corrections_read_afresh_warning_of_another_tile_set_goes_once_a_tile_is_removed(home, page,
                                                                                           enrolled_set):
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
    at = upload(page("score_photo", "tokyo-mahjong", "ja"), "hand.jpg", synthetic("tokyo-mahjong", hand))
    said = "別の牌セットで読み直したので、直した牌も読み直しました。もう一度確かめてください。"
    at.button(key="photo_tile_0").click().run()
    at.button(key="photo_pick_9p").click().run()
    at.selectbox(key="photo_tileset").set_value("hk-mahjong").run()
    assert not at.exception and said in [w.value for w in at.warning]
    at.button(key="photo_tile_1").click().run()
    at.button(key="photo_remove").click().run()
    assert not at.exception and said not in [w.value for w in at.warning]


def test_a_reload_on_a_match_of_another_game_reads_the_photo_for_that_game(home, fully_read):
    """A reload on ``?match=`` of another game than the default one opened the photo page on the default game:
    the photo was read with that game's model and its hand added to that game's match."""
    from streamlit.testing.v1 import AppTest

    from app_helpers import MAIN
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    yokai = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.new_match("cinderella-neo", ["Wu", "Xi", "Yo", "Zed"])
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["match"] = str(yokai)
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page("views/score_photo.py").run()
    assert not at.exception and at.selectbox(key="game_id").value == "yokai-watch"
    data, read = fully_read
    at = upload(at, "hand.jpg", data)
    assert at.session_state["photo_digest"].startswith("yokai-watch:")
    at.button(key="photo_tile_8").click().run()
    at.button(key="photo_pick_almighty").click().run()
    assert not at.exception and at.query_params["match"] == str(yokai)
    if expected_tsumo("yokai-watch", [*read[:8], "almighty"]).winning:
        assert f"Adds to match #{yokai} · Ann, Bo, Cy, Di" in texts(at)


RIICHI_HAND = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()


def test_a_photo_of_another_games_tiles_asks_whether_the_game_is_right(home, page, fully_read):
    riichi = synthetic("tokyo-mahjong", RIICHI_HAND, seed=3)
    at = upload(page("score_photo", "yokai-watch"), "riichi.jpg", riichi)
    said = [w.value for w in at.warning if "do not look like" in w.value]
    assert len(said) == 1 and "is the game right?" in said[0] and "Yokai Watch Donjara" in said[0], said
    at.selectbox(key="game_id").set_value("tokyo-mahjong").run()  # the right game: nothing to ask
    assert not [w for w in at.warning if "do not look like" in w.value]
    at = upload(page("score_photo", "yokai-watch"), "hand.jpg", fully_read[0])  # its own game's tiles
    assert not [w for w in at.warning if "do not look like" in w.value]
    at = upload(page("score_photo", "yokai-watch", "ja"), "riichi.jpg", riichi)
    assert [w for w in at.warning if "妖怪ウォッチ" in w.value and "選んだゲームが合っているか" in w.value]
