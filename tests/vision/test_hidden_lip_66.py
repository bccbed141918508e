"""Session 66 (M1): a face whose lower part a rack's lip hides is read from the part that shows, sometimes as another
kind surely (a red 5m as the red dragon at 0.81); its box is short of its row's, and it is marked for a person to check
(``vision.hidden``, ``vision.recognizer.hidden_marked``)."""

from vision import CHECK_BELOW, hidden
from vision.recognizer import HandReading, ReadTile, hidden_marked
from vision.scorable import is_unsure


def row(n=13, w=36.0, h=50.0, top=100.0, grow=0.0):
    """``n`` boxes side by side, each ``grow`` larger than the last (a row seen in perspective)."""
    out, x = [], 0.0
    for i in range(n):
        s = 1 + grow * i
        out.append([x, top, x + w * s, top + h * s])
        x += w * s + 3
    return out


def test_one_tile_half_behind_the_lip_is_short_of_its_row():
    boxes = row()
    boxes[5][3] = boxes[5][1] + 25  # its lower half hidden
    shares = hidden.short_of_row(boxes)
    assert shares.nonzero()[0].tolist() == [5] and 0.45 < shares[5] < 0.55


def test_a_row_seen_in_perspective_is_not_short_anywhere():
    assert not hidden.short_of_row(row(grow=0.03)).any()  # the near end 40% larger: taller and wider alike


def test_a_called_tile_turned_sideways_is_not_a_hidden_one():
    boxes = row()
    x0, y0 = boxes[12][0], boxes[12][1]
    boxes[12] = [x0, y0 + 14, x0 + 50, y0 + 50]  # lying on its side: wide and low
    assert not hidden.short_of_row(boxes).any()


def test_each_row_is_judged_against_its_own_tiles():
    hand = row(n=11)
    melds = row(n=6, w=30, h=24, top=200)  # tiles lying flat in front of the rack: a row of its own, all low
    assert not hidden.short_of_row(hand + melds).any()


def test_a_lip_hiding_the_whole_row_alike_marks_none():
    # a limit of the rule: a row hidden alike has no whole tile to compare with (the glare's is its halo)
    assert not hidden.short_of_row(row(h=28)).any()


def test_too_few_tiles_make_no_row():
    assert not hidden.short_of_row(row(n=3)).any()


def test_a_hidden_face_read_surely_is_marked_to_check():
    boxes = row()
    boxes[5][3] = boxes[5][1] + 25
    tiles = [ReadTile(tuple(b), "7z" if i == 5 else "1m", confidence={"detection": 0.85, "kind": 0.97})
             for i, b in enumerate(boxes)]
    reading = hidden_marked(HandReading(tiles, game="tokyo-mahjong"))
    t = reading.tiles[5]
    assert t.confidence["kind"] < CHECK_BELOW and t.confidence["hidden"] > 0.4 and is_unsure(t)
    assert [is_unsure(u) for u in reading.tiles].count(True) == 1
    assert reading.tiles[0].confidence == {"detection": 0.85, "kind": 0.97}
    assert not reading.other_game  # held low to be checked, it says nothing of the game


def test_a_clean_reading_is_returned_as_it_was():
    reading = HandReading([ReadTile(tuple(b), "1m", confidence={"kind": 0.97}) for b in row()], game="tokyo-mahjong")
    assert hidden_marked(reading) is reading
