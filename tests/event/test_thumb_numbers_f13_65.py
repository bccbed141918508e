"""Session 65 (F13): a 14-tile hand's thumbnail drew the numbers 10-14 on top of each other (its boxes overlap,
numbers sized by their boxes' widths): a number is now sized by the room between its box and the ones beside it."""
from tilelens.event.images import _font, number_rooms, number_size


def test_the_numbers_of_overlapping_boxes_fit_between_them():
    # the walkthrough's dealer hand: boxes ~31 px wide, ~26 px apart
    boxes = [[26 * i, 20, 26 * i + 31, 60] for i in range(14)]
    rooms = number_rooms(boxes)
    assert rooms == [26] * 14
    for n, (box, room) in enumerate(zip(boxes, rooms), 1):
        left, _, right, _ = _font(number_size(str(n), room)).getbbox(str(n))
        assert right - left + 6 <= room  # the label's edges too: no two labels touch
    assert number_size("1", 40) == 20 and number_size("14", 200) == 20
