"""One tile labelled twice in the held-out real photos is counted once (vision.eval_data.REPEATED_LABELS)."""
import numpy as np
import pytest

from vision.detections import box_iou
from vision.hk_split import hk_root

needs_photos = pytest.mark.skipif(not (hk_root() / "labels").is_dir(),
                                  reason="the shared Hong Kong photos are not here")


@needs_photos
def test_no_tile_of_the_held_out_photos_is_labelled_twice():
    from vision.eval_data import load_eval_set

    def twice(items):
        found = []
        for item in items:
            iou = np.triu(box_iou(item.truth.xyxy, item.truth.xyxy), 1)
            found += [(item.image_path.name, i + 1, j + 1) for i, j in zip(*np.nonzero(iou > 0.9))
                      if item.kinds[i] == item.kinds[j]]
        return found

    assert twice(load_eval_set("hk-heldout")) == []
    # as published the labels hold the box twice: IMG_20231107_230643's 2p, lines 22 and 33 (IoU 0.94)
    assert [(n.split("_jpg")[0], i, j) for n, i, j in twice(load_eval_set("hk-heldout-upstream"))] == [
        ("IMG_20231107_230643", 22, 33)]


def test_a_label_dropped_as_written_twice_must_repeat_another():
    from vision.eval_data import EvalDataError, without_repeats

    text = "7 0.5 0.5 0.1 0.1\n3 0.2 0.5 0.1 0.1\n7 0.501 0.5 0.1 0.1\n"
    assert without_repeats("a.jpg", text, {("a.jpg", 3): "why"}) == "7 0.5 0.5 0.1 0.1\n3 0.2 0.5 0.1 0.1\n"
    assert without_repeats("b.jpg", text, {("a.jpg", 3): "why"}) == text  # other photos: byte for byte
    with pytest.raises(EvalDataError, match=r"a.jpg, line 2: dropped as a label written twice, but no other line "
                                            r"boxes the same tile as it"):
        without_repeats("a.jpg", text, {("a.jpg", 2): "why"})
    with pytest.raises(EvalDataError, match=r"a.jpg, line 9: dropped as a label written twice, but the labels have 3 "
                                            r"lines"):
        without_repeats("a.jpg", text, {("a.jpg", 9): "why"})
