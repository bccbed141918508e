"""Session 55: the Label page's picker offers every tile of the table in use, a kind the dataset does not name yet
among them (a member the club's house table took back after the dataset was made had no button: "Add a tile kind"
was the only way, and made her a kind of the dataset's own). The dataset's own kinds come first, where they were: the
table's others after them, closed away when there are many (offered in one grid, a 3-kind dataset of riichi drew 37
pictures and its 7z went below the fold: clicking it scrolled the photo away, and a box drawn after was lost, in the
browser test ``test_label_browser.py::test_change_a_kind_and_draw_a_box_in_the_browser``)."""
from __future__ import annotations

import yaml
from PIL import Image

from test_label_house_table_54 import dataset, house_text, opened, picks, shipped_names

from app import settings


def _names(root) -> tuple[str, ...]:
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    return tuple(data["names"].values()) if isinstance(data["names"], dict) else tuple(data["names"])


def test_a_member_taken_back_after_the_dataset_was_made_is_offered_and_added_to_its_names(home, tmp_path):
    # labelled under a house table where sakura took himetan's place; the table in use is the box's again (the
    # organiser restored it: himetan rejoined), a kind the dataset does not name
    names = tuple("sakura" if k == "himetan" else k for k in shipped_names())
    root = dataset(tmp_path / "ds", names, kinds=("rarin", "sakura"))
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    assert "label_pick_himetan" in picks(at) and len(picks(at)) == len(set(picks(at)))
    at.button(key="label_pick_himetan").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert _names(root) == (*names, "himetan")  # after the others: no label's class number changes
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    assert "himetan" not in (data.get("own_kinds") or {})  # the game's kind, not one of the dataset's own
    assert (root / "labels/train/a.txt").read_text().split()[0] == str(len(names))
    assert not [e.value for e in at.error if "himetan" in e.value]  # (sakura, of the old house table, is said)
    at.run()
    assert picks(at).count("label_pick_himetan") == 1 and picks(at).count("label_pick_sakura") == 1


def test_a_house_table_member_is_offered_to_a_dataset_of_the_box_s_kinds(home, tmp_path):
    settings.save_house_table("nogizaka", house_text())  # sakura joined in himetan's place
    root = dataset(tmp_path / "ds", shipped_names())
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    assert picks(at).count("label_pick_sakura") == 1 and picks(at).count("label_pick_himetan") == 1
    at.button(key="label_pick_sakura").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert _names(root) == (*shipped_names(), "sakura")
    assert (root / "labels/train/a.txt").read_text().split()[0] == str(len(shipped_names()))


def _riichi(root):
    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (400, 300), (60, 130, 80)).save(root / "images/train/a.jpg")
    write_yolo(Dataset(("1m", "2m", "7z"), (LabelledImage("images/train/a.jpg", (400, 300),
                                                           (Box("1m", (0.1, 0.1, 0.3, 0.5)),)),), "tokyo-mahjong"),
               root)
    return root


def test_the_dataset_s_kinds_come_first_and_many_others_are_closed_away(home, tmp_path):
    """The browser test's dataset: its three kinds drawn first, where they were; the table's 34 others after them, in
    a closed expander (the page no taller where the photo is drawn beside it)."""
    root = _riichi(tmp_path / "ds")
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    keys = picks(at)
    assert keys[:3] == ["label_pick_1m", "label_pick_2m", "label_pick_7z"], keys[:5]
    table = [t.id for t in settings.app_game("tokyo-mahjong").tiles]
    assert sorted(keys) == sorted(f"label_pick_{k}" for k in table)  # each tile of the table once
    [others] = [e for e in at.expander if "tiles of the table" in e.label]
    assert str(len(table) - 3) in others.label and not others.proto.expanded
    at.button(key="label_pick_7z").click().run()
    assert not at.exception and (root / "labels/train/a.txt").read_text().split()[0] == "2"
    assert _names(root) == ("1m", "2m", "7z")  # a kind of its own: nothing added


def test_few_others_are_shown_open_and_said_in_japanese(home, tmp_path):
    settings.save_house_table("nogizaka", house_text())
    root = dataset(tmp_path / "ds", shipped_names())
    at = opened(root, "ja")
    assert not at.exception, [e.value for e in at.exception]
    [others] = [e for e in at.expander if "使用中の表" in e.label]
    assert "(1)" in others.label and others.proto.expanded
    assert "tiles of the table" not in " ".join(e.label for e in at.expander)


def test_a_dataset_of_the_table_s_kinds_has_no_other_tiles_to_offer(home, tmp_path):
    root = dataset(tmp_path / "ds", shipped_names())
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    assert not [e for e in at.expander if "tiles of the table" in e.label]
    assert sorted(picks(at)) == sorted(f"label_pick_{k}" for k in shipped_names())
