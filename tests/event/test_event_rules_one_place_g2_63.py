"""The event rules' words and wind names said from one place: a poorly read seat's finding built once (a small photo,
then small tiles, then a retake), the small tiles' retake one constant, the dealer's wind and wind photo one helper
each."""
from __future__ import annotations

from tilelens.event.layout import dealer_wind_photo, wind_of_dealer
from tilelens.event.model import SeatReading, TileRef
from tilelens.event.rules import SMALL_TILES, SMALL_TILES_RETAKE, Seating, hiding_tiles, mark_dealer, poor_photo_finding

HEAD = "seat 4: this photo reads poorly next to the table's other seats (confidence 0.60, the others 0.95): "
HEAD_JA = "4番席: この写真はほかの席よりうまく読めません (信頼度 0.60、ほかの席は 0.95)。"


def _seat(wh: tuple[int, int], side: float) -> SeatReading:
    step = wh[0] / 13  # spread over the photo: no bunched row
    tiles = tuple(TileRef("4", i, "1m", (step * i + 2, 0, step * i + 2 + side * 0.7, side), 0.9) for i in range(13))
    return SeatReading("4", "seat4.jpg", tiles, image_wh=wh, kind_sure=0.6)


def test_a_poor_photo_says_a_small_photo_then_small_tiles_then_a_retake():
    small_both = poor_photo_finding("4", 0.6, 0.95, _seat((400, 300), 21))
    assert small_both.message.startswith(HEAD + "this photo is only 400×300 pixels"), small_both.message
    assert small_both.data == {"kind_sure": 0.6, "table_median": 0.95, "small": [400, 300]}
    far = poor_photo_finding("4", 0.6, 0.95, _seat((4032, 3024), 21))
    assert (far.message, far.message_ja) == (HEAD + SMALL_TILES[0], HEAD_JA + SMALL_TILES[1])
    assert far.data == {"kind_sure": 0.6, "table_median": 0.95, "tile_px": 21}
    plain = poor_photo_finding("4", 0.6, 0.95, _seat((4032, 3024), 90))
    assert plain.message == HEAD + "retake it (sharp, well lit, tiles face up)"
    assert plain.message_ja == HEAD_JA + "ピントと明るさを確かめて、牌を表向きにして撮り直してください"
    assert plain.data == {"kind_sure": 0.6, "table_median": 0.95} == poor_photo_finding("4", 0.6, 0.95).data


def test_small_tiles_hiding_a_tile_ask_the_same_retake():
    why, en, ja = hiding_tiles(_seat((4032, 3024), 21), 1)
    assert why == "poor" and en.endswith(f": {SMALL_TILES_RETAKE[0]}, before counting the hand"), en
    assert ja.endswith(f": 枚数を数える前に、{SMALL_TILES_RETAKE[1]}"), ja
    assert SMALL_TILES[0].endswith(SMALL_TILES_RETAKE[0]) and SMALL_TILES[1].endswith(SMALL_TILES_RETAKE[1])


def test_the_dealers_wind_as_a_sentence_and_its_photo_as_the_table_names_them():
    assert [wind_of_dealer(n) for n in ("south.jpg", "NORTH (1).png", "東家-親.jpg", "西.jpg", "seat2.jpg")] == \
        ["East", "East", "東", "東", ""]
    assert dealer_wind_photo(["seat1.jpg", "南家.png", "西.jpg"]) == "東家.jpg"
    assert dealer_wind_photo(["WEST (1).jpg"]) == "EAST.jpg" and dealer_wind_photo(["席2.jpg", "wall.jpg"]) == ""


def test_a_lower_case_wind_table_still_says_east_as_a_sentences_word():
    names = {"1": "east.jpg", "2": "south.jpg", "3": "west.jpg", "4": "north.jpg"}
    readings = {s: SeatReading(s, n, ()) for s, n in names.items()}
    en, ja = mark_dealer("2", Seating(("1", "2", "3", "4"), dealer=None), readings)
    assert en.startswith("rename south.jpg to east.jpg, ") and en.endswith(
        ": East is the dealer's, the winds counted on from it"), en
    assert ja.endswith("に名前を変えてください。Eastが親で、風はそこから順に数えます"), ja
