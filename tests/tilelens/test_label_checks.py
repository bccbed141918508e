"""``label check`` / ``stats``: each problem a dataset can have is found, named, and never crashes."""
from __future__ import annotations

import os

import pytest

from tilelens.labelling import Box, IssueKind, check_dataset, format_report

from label_helpers import NAMES, make_dataset


def kinds(report):
    return sorted(str(i.kind) for i in report.issues)


def test_clean_dataset_counts_and_reports_only_the_real_duplicate(tmp_path):
    make_dataset(tmp_path)
    report = check_dataset(tmp_path)
    s = report.stats
    assert s.photos_per_split == {"train": 2, "val": 1}
    assert s.tiles_per_kind == {"1m": 3, "2m": 1, "5p": 1, "7z": 1}
    assert s.photos_labelled == 3 and s.photos_unlabelled == 0
    # The game check names every tile of Tokyo Mahjong: the 4 classes are real tiles.
    assert report.issues == ()


def test_kinds_never_seen_are_listed(tmp_path):
    make_dataset(tmp_path, names=("1m", "2m", "5p", "7z", "9s", "0m"))
    stats = check_dataset(tmp_path).stats
    assert stats.unseen_kinds == ("9s", "0m")
    assert "kinds never seen (2): 9s, 0m" in format_report(check_dataset(tmp_path))


def test_kinds_with_fewer_than_three_tiles_are_listed_for_enrolment(tmp_path):
    make_dataset(tmp_path)  # 1m x3, 2m, 5p, 7z x1
    stats = check_dataset(tmp_path).stats
    assert stats.thin_kinds == ("2m", "5p", "7z")
    assert "kinds with fewer than 3 tiles (3): 2m, 5p, 7z (a tile set" in format_report(check_dataset(tmp_path))


def test_each_bad_line_of_a_label_file_is_its_own_issue(tmp_path):
    make_dataset(tmp_path)
    (tmp_path / "labels/train/a.txt").write_text(
        "0 0.5 0.5 0.2\n"          # 4 numbers
        "9 0.5 0.5 0.2 0.2\n"      # class out of range (4 classes)
        "0 0.95 0.5 0.2 0.2\n"     # reaches past the right edge
        "1 0.3 0.3 0.0 0.2\n"      # no width
        "2 0.5 0.5 0.2 0.2\n"
        "3 0.505 0.5 0.2 0.2\n")   # on top of the previous box
    report = check_dataset(tmp_path)
    found = [(str(i.kind), i.line) for i in report.issues]
    assert found == [("wrong-field-count", 1), ("class-out-of-range", 2), ("box-out-of-image", 3),
                     ("zero-size-box", 4), ("duplicate-box", 6)]
    assert all(i.path == "labels/train/a.txt" for i in report.issues)
    assert "4 fields, expected 5" in report.issues[0].message
    assert "class 9 out of range: the dataset has 4 classes (0..3)" in report.issues[1].message
    assert "same tile as line 5 (5p and 7z)" in report.issues[4].message
    assert len(report.errors) == 4  # a duplicate is a warning: two tiles can touch


def test_photo_without_label_file_empty_label_and_orphan_label(tmp_path):
    make_dataset(tmp_path)
    (tmp_path / "labels/train/a.txt").unlink()
    (tmp_path / "labels/train/b.txt").write_text("\n")
    (tmp_path / "labels/val/gone.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    report = check_dataset(tmp_path)
    assert kinds(report) == ["empty-label-file", "label-without-photo", "no-label-file"]
    by_kind = {str(i.kind): i for i in report.issues}
    assert by_kind["no-label-file"].path == "images/train/a.jpg"
    assert by_kind["empty-label-file"].path == "labels/train/b.txt"
    assert by_kind["label-without-photo"].path == "labels/val/gone.txt"
    assert report.stats.photos_labelled == 2 and report.stats.photos_unlabelled == 1
    assert report.errors == ()


def test_paths_escaping_the_dataset_are_reported_and_skipped(tmp_path):
    outside = tmp_path / "outside"
    (outside / "images").mkdir(parents=True)
    (outside / "images/secret.jpg").write_bytes(b"x")
    root = tmp_path / "ds"
    make_dataset(root)
    (root / "list.txt").write_text("images/train/a.jpg\n../outside/images/secret.jpg\n/etc/hostname\n")
    os.symlink(outside / "images/secret.jpg", root / "images/val/link.jpg")
    (root / "data.yaml").write_text("train: list.txt\nval: [images/val, ../outside/images]\n"
                                    "names: [1m, 2m, 5p, 7z]\n")
    report = check_dataset(root)
    escapes = [i for i in report.issues if i.kind == IssueKind.PATH_ESCAPE]
    assert sorted(i.path for i in escapes) == ["../outside/images/secret.jpg", "/etc/hostname", "data.yaml",
                                               "images/val/link.jpg"]
    assert report.stats.photos_per_split == {"train": 1, "val": 1}
    assert all(im.path in {"images/train/a.jpg", "images/val/c.jpg"} for im in report.dataset.images)


def test_photos_that_are_links_in_a_loop_are_reported_and_skipped(tmp_path):
    """`label check`, `export`, `audit` and `teach` stopped with a traceback (RuntimeError: Symlink loop)."""
    make_dataset(tmp_path)
    os.symlink(tmp_path / "images/val/loopb.jpg", tmp_path / "images/val/loopa.jpg")
    os.symlink(tmp_path / "images/val/loopa.jpg", tmp_path / "images/val/loopb.jpg")
    report = check_dataset(tmp_path)
    looped = sorted(i.path for i in report.issues if "link in a loop" in i.message)
    assert looped == ["images/val/loopa.jpg", "images/val/loopb.jpg"]
    assert not any("loop" in im.path for im in report.dataset.images) and report.dataset.images


def test_unreadable_photo_and_missing_folder_are_reported(tmp_path):
    make_dataset(tmp_path)
    (tmp_path / "images/train/b.png").write_bytes(b"not a png at all")
    (tmp_path / "data.yaml").write_text("train: images/train\nval: images/nowhere\nnames: [1m, 2m, 5p, 7z]\n")
    report = check_dataset(tmp_path)
    assert kinds(report) == ["label-without-photo", "missing-images", "unreadable-photo"]  # c.txt: val moved
    unreadable = next(i for i in report.issues if i.kind == IssueKind.UNREADABLE_IMAGE)
    assert unreadable.message.startswith("not an image")  # the photo named once, by the issue's path


@pytest.mark.parametrize("content, kind", [(None, IssueKind.NO_DATA_YAML), ("names: 3\n", IssueKind.BAD_DATA_YAML)])
def test_missing_or_broken_data_yaml_is_one_issue(tmp_path, content, kind):
    if content:
        (tmp_path / "data.yaml").write_text(content)
    report = check_dataset(tmp_path)
    assert [i.kind for i in report.issues] == [kind]


def test_a_folder_that_is_not_there_is_said_so(tmp_path):
    """It was "no data.yaml (run label init ...)", as if the folder held photos to start from."""
    (issue,) = check_dataset(tmp_path / "nowhere").issues
    assert issue.message == f"{tmp_path / 'nowhere'}: no such folder" and "フォルダがありません" in issue.message_ja


def test_class_names_are_checked_against_the_game_and_a_moved_folder_is_noticed(tmp_path):
    make_dataset(tmp_path, names=("1m", "2m", "5p", "7z", "dragon"))
    text = "path: /somewhere/else\n" + (tmp_path / "data.yaml").read_text()
    (tmp_path / "data.yaml").write_text(text)
    report = check_dataset(tmp_path)
    assert kinds(report) == ["moved-folder", "unknown-tile-kind"]
    assert "'dragon' is not a tile of tokyo-mahjong" in report.issues[1].message


def test_real_photo_set_is_checked_without_errors():
    root = "/work/shared/datasets/hk-mahjong-real"
    if not os.path.isdir(root):
        pytest.skip("the shared Hong Kong photo set is not on this machine")
    report = check_dataset(root)
    assert report.stats.photos_per_split == {"train": 280, "val": 280}
    assert report.errors == ()
    assert report.count(IssueKind.POLYGON) == 6  # segment lines some upstream labels carry


def test_more_boxes_of_a_kind_than_the_set_holds_is_a_warning(tmp_path):
    from tilelens.labelling import Box

    row = tuple(Box("1m", (0.1 * i, 0.2, 0.1 * i + 0.09, 0.8)) for i in range(5))  # five 1m: a set holds 4
    reds = (Box("0m", (0.1, 0.1, 0.2, 0.3)), Box("0m", (0.3, 0.1, 0.4, 0.3)))  # two red 5m: a set holds 1
    make_dataset(tmp_path, {"images/train/a.jpg": ((200, 100), row + reds),
                            "images/train/b.jpg": ((200, 100), row[:4])}, names=("1m", "0m"))
    report = check_dataset(tmp_path)
    flagged = report.count(IssueKind.MORE_THAN_THE_SET)
    assert flagged == 2 and report.errors == ()
    messages = [i.message for i in report.issues]
    assert "5 boxes of 1 Man (1m), a tokyo-mahjong set holds 4: are some labelled wrong?" in messages
    assert "2 boxes of Red 5 Man (0m), a tokyo-mahjong set holds 1: are some labelled wrong?" in messages
    assert {i.path for i in report.issues} == {"labels/train/a.txt"}
    # no game, no inventory: nothing to compare with
    make_dataset(tmp_path / "nogame", {"images/train/a.jpg": ((200, 100), row)}, names=("1m",), game=None)
    assert check_dataset(tmp_path / "nogame").count(IssueKind.MORE_THAN_THE_SET) == 0


def _everything_wrong(root):
    """A dataset with every problem `label check` finds past its data.yaml."""
    make_dataset(root, names=("1m", "2m", "5p", "7z", "dragon"))
    five = "".join(f"0 {0.1 + 0.15 * i:.2f} 0.5 0.1 0.2\n" for i in range(5))  # a set holds four 1m
    (root / "labels/train/a.txt").write_text(
        five + "0 0.5 0.5 0.2\n" "x 0.5 0.5 0.2 0.2\n" "0 inf 0.5 0.2 0.2\n" "9 0.5 0.5 0.2 0.2\n"
        "2 0.95 0.2 0.2 0.2\n" "1 0.3 0.3 0.0 0.2\n" "3 0.1 0.5 0.1 0.2\n" "2 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2\n"
        "3 0.5 0.9 0.001 0.001\n")  # a speck of a box
    (root / "labels/train/b.txt").unlink()
    (root / "labels/val/c.txt").write_text("")
    (root / "labels/val/gone.txt").write_text("0 0.5 0.5 0.1 0.1\n")
    (root / "images/train/d.jpg").write_bytes(b"not a photo")
    (root / "images/train/b.jpg").write_bytes((root / "images/train/b.png").read_bytes())  # b.txt is both's
    (root / "list.txt").write_text("images/train/a.jpg\nimages/train/b.png\nimages/train/d.jpg\n"
                                   "images/train/gone.jpg\n../x.jpg\nimages/train/b.jpg\n")
    (root / "data.yaml").write_text("path: /somewhere/else\ntrain: list.txt\nval: [images/val, ../outside, "
                                    "images/nowhere]\ntest: images/untested\nnames: [1m, 2m, 5p, 7z, dragon]\n"
                                    "game: tokyo-mahjong\n")


BAD_DATA_YAML = ["names: [1m\n", "[1m, 2m]\n", "names: {a: 1m}\ntrain: t\n", "names: {1: 1m}\ntrain: t\n",
                 "names: 3\ntrain: t\n", "names: [1m]\ntrain: 3\n", "names: [1m]\n"]


def test_every_problem_is_said_in_japanese_too(tmp_path):
    from test_event_support import japanese

    _everything_wrong(tmp_path / "ds")
    issues = list(check_dataset(tmp_path / "ds").issues) + list(check_dataset(tmp_path / "none").issues)
    for n, text in enumerate(BAD_DATA_YAML):
        (tmp_path / f"bad{n}").mkdir()
        (tmp_path / f"bad{n}/data.yaml").write_text(text)
        issues += check_dataset(tmp_path / f"bad{n}").issues
    assert {i.kind for i in issues} == set(IssueKind) - {IssueKind.PHOTO_CHANGED, IssueKind.CHANGED_ON_BOTH_SIDES}
    assert [str(i) for i in issues if not japanese(i.message_ja)] == []
    assert len({i.message_ja for i in issues if i.kind == IssueKind.BAD_DATA_YAML}) == len(BAD_DATA_YAML)
    said = "\n".join(i.message_ja for i in issues)
    for text in ("項目が4個あります。5個 (class xc yc w h) のはずです", "牌番号 9 は範囲外です", "「x 0.5 0.5 0.2 0.2」に数値でない",
                 "「0 inf 0.5 0.2 0.2」に有限でない数", "1行目の枠と同じ牌に重なっています (1m と 7z)", "一萬の枠が5個ありますが",
                 "「dragon」は", "ラベルファイル labels/train/b.txt がありません", "写真ではありません"):
        assert text in said


def test_a_dataset_checked_again_sees_every_edit_made_since(tmp_path):
    """The check remembers what it read of each file while the file is unchanged; an edit (the Label
    page saves atomically), a photo replaced by another of the same name, a file rewritten in place:
    each is seen on the next check."""
    from PIL import Image

    from tilelens.labelling import Box, editing
    from tilelens.labelling.model import LabelledImage
    from tilelens.labelling.yolo import write_labels

    make_dataset(tmp_path)
    assert check_dataset(tmp_path).stats.tiles_per_kind["2m"] == 1
    # an edit as the Label page makes it: b.png's 2m becomes a 7z
    editing.save_boxes(tmp_path, "images/train/b.png", (Box("7z", (0.05, 0.05, 0.45, 0.40)),),
                       ("1m", "2m", "5p", "7z"))
    report = check_dataset(tmp_path)
    assert report.stats.tiles_per_kind["2m"] == 0 and report.stats.tiles_per_kind["7z"] == 2
    # a second box exactly over the first: now a duplicate, found without any other change
    write_labels(tmp_path, LabelledImage("images/train/b.png", (120, 160), (
        Box("7z", (0.05, 0.05, 0.45, 0.40)), Box("7z", (0.05, 0.05, 0.45, 0.40)))), ("1m", "2m", "5p", "7z"))
    assert "duplicate-box" in kinds(check_dataset(tmp_path))
    # the photo replaced by a larger one under the same name: its new size is what the dataset holds
    Image.new("RGB", (640, 480)).save(tmp_path / "images/train/b.png")
    sizes = {i.path: i.resolution_wh for i in check_dataset(tmp_path).dataset.images}
    assert sizes["images/train/b.png"] == (640, 480)
    # a label file rewritten in place (not atomically), to the same length, is read again too
    label = tmp_path / "labels/train/a.txt"
    text = label.read_text()
    stat = label.stat()
    with open(label, "r+") as f:
        f.write(text.replace("0 ", "1 ", 1))
    os.utime(label, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert check_dataset(tmp_path).stats.tiles_per_kind["2m"] == 1


def test_a_data_yaml_naming_a_game_tilelens_does_not_know_is_a_problem_not_a_crash(tmp_path):
    # a typo in game: crashed the Label page and `label check` (load_game's error was not caught)
    make_dataset(tmp_path)
    text = (tmp_path / "data.yaml").read_text()
    (tmp_path / "data.yaml").write_text(text + "game: tokyo-mahjon\n")
    report = check_dataset(tmp_path)
    [issue] = [i for i in report.issues if i.kind is IssueKind.BAD_DATA_YAML]
    assert "game 'tokyo-mahjon'" in issue.message and report.stats.photos_labelled == 3


@pytest.mark.parametrize("extra, said", [
    ("path: 5\n", "'path' must be a name (text), got 5"),
    ("game: 3\n", "'game' must be a name (text), got 3"),
])
def test_a_data_yaml_field_of_the_wrong_type_is_named(tmp_path, extra, said):
    make_dataset(tmp_path)
    lines = [ln for ln in (tmp_path / "data.yaml").read_text().splitlines() if not ln.startswith(extra.split(":")[0])]
    (tmp_path / "data.yaml").write_text("\n".join(lines) + "\n" + extra)
    [issue] = check_dataset(tmp_path).issues
    assert issue.kind is IssueKind.BAD_DATA_YAML and said in issue.message


def test_names_listed_twice_are_refused_before_a_label_is_rewritten(tmp_path):
    # with names [1m, 1m, 2m] a box saved as 1m took class 1: line `0 ...` became `1 ...` unasked
    make_dataset(tmp_path, names=("1m", "1m", "2m", "5p", "7z"))
    [issue] = check_dataset(tmp_path).issues
    assert issue.kind is IssueKind.BAD_DATA_YAML and "'1m' more than once" in issue.message


def test_a_photo_too_large_to_decode_is_an_unreadable_photo_not_a_crash(tmp_path):
    # Pillow's DecompressionBombError was not caught: the Label page and `label check` crashed
    import struct
    import zlib

    make_dataset(tmp_path)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 40000, 40000, 1, 0, 0, 0, 0)  # 1.6 gigapixels, header only
    (tmp_path / "images/train/huge.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))
    report = check_dataset(tmp_path)
    [issue] = [i for i in report.issues if i.kind is IssueKind.UNREADABLE_IMAGE]
    assert issue.path == "images/train/huge.png" and issue.message.startswith("too large to read")


def test_two_photos_of_one_name_and_folder_are_said_to_share_their_labels(tmp_path):
    # a.jpg and a.png read and wrote one label file: a box deleted on one went from the other
    make_dataset(tmp_path)
    (tmp_path / "images/train/b.jpg").write_bytes((tmp_path / "images/train/b.png").read_bytes())
    [issue] = [i for i in check_dataset(tmp_path).issues if i.kind is IssueKind.SHARED_LABEL_FILE]
    assert issue.path == "images/train/b.png" and "shares its label file with images/train/b.jpg" in issue.message


def test_a_tiny_box_left_by_a_tap_is_found(tmp_path):
    # A tap whose finger drifted a few pixels saved a box of a few pixels, which then took the next
    # tile named: such boxes were never reported.
    make_dataset(tmp_path, photos={"images/train/a.jpg": ((4000, 3000), ())})
    (tmp_path / "labels/train/a.txt").write_text(
        "0 0.200000 0.300000 0.040000 0.080000\n"   # 160 x 240 px: tiles
        "1 0.300000 0.300000 0.040000 0.080000\n"
        "2 0.400000 0.300000 0.045000 0.085000\n"
        "3 0.205000 0.310000 0.007500 0.010000\n"   # 30 x 30 px on a 1m: a finger's drift
        "3 0.700000 0.700000 0.000500 0.000700\n")  # 2 x 2 px
    report = check_dataset(tmp_path)
    found = [(str(i.kind), i.line) for i in report.issues]
    assert found == [("tiny-box", 4), ("tiny-box", 5)]
    assert not report.errors  # worth a look, not wrong: a far tile of a wide shot can be that small
    assert "box (7z) is only 30 x 30 px, far smaller than the other boxes of this photo (median 160 x 240 px)" \
        in report.issues[0].message
    assert "box (7z) is only 2 x 2 px" in report.issues[1].message
    assert "30 x 30 px" in report.issues[0].message_ja and "小さすぎます" in report.issues[0].message_ja


def test_small_tiles_of_a_small_photo_are_not_tiny_boxes(tmp_path):
    # the boxes of a chat app's small copy of a photo are small but alike: nothing to report
    make_dataset(tmp_path, photos={"images/train/a.jpg": ((320, 240), tuple(
        Box(kind, (0.05 + 0.03 * i, 0.4, 0.075 + 0.03 * i, 0.45)) for i, kind in enumerate(NAMES)))})  # 8 x 12 px
    assert check_dataset(tmp_path).issues == ()


def test_a_label_file_saved_as_utf16_or_with_a_bom_is_one_clear_problem(tmp_path):
    # Windows PowerShell's `>` writes UTF-16 and Notepad may add a byte-order mark: the check listed every
    # line as garbage ('\x000\x00 \x000\x00.\x005...'), or line 1 as "not a number" though it looked right
    make_dataset(tmp_path)
    text = "0 0.2 0.5 0.2 0.6\r\n3 0.6 0.5 0.2 0.8\r\n"
    (tmp_path / "labels/train/a.txt").write_bytes(text.encode("utf-16"))
    (tmp_path / "labels/train/b.txt").write_bytes(text.encode("utf-8-sig"))
    report = check_dataset(tmp_path)
    found = [(i.path, str(i.kind), i.line) for i in report.errors]
    assert found == [("labels/train/a.txt", "not-a-number", 1), ("labels/train/b.txt", "not-a-number", 1)]
    utf16, bom = report.errors
    assert "UTF-16" in utf16.message and "save it as UTF-8" in utf16.message and "\\x00" not in utf16.message
    assert "byte-order mark" in bom.message and "UTF-8" in bom.message_ja
    # the boxes behind the mark are read (saving the photo on the Label page writes them back without it)
    b = next(im for im in report.dataset.images if im.path == "images/train/b.png")
    assert [box.kind for box in b.boxes] == ["1m", "7z"]


def _a_real_jpeg(size=(400, 300)) -> bytes:
    """A JPEG of some size with a phone's EXIF block, as photos come (noise, so its data is not tiny)."""
    import io

    import numpy as np
    from PIL import Image

    pixels = np.random.default_rng(0).integers(0, 255, (size[1], size[0], 3), dtype=np.uint8)
    exif = Image.Exif()
    exif[0x010F] = "Some Phone Maker"  # Make
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "JPEG", quality=90, exif=exif)
    return out.getvalue()


def test_a_photo_cut_short_is_named_and_the_others_are_still_checked(tmp_path):
    # a copy or upload that stopped part way left a JPEG whose header reads (so its size did) but whose
    # picture stops: `label check` passed it, and training or the Label page met it later
    make_dataset(tmp_path)
    whole = _a_real_jpeg()
    start_of_scan = whole.find(b"\xff\xda")
    (tmp_path / "images/train/a.jpg").write_bytes(whole[:start_of_scan + 600])  # header whole, picture cut
    png = (tmp_path / "images/train/b.png").read_bytes()
    (tmp_path / "images/train/b.png").write_bytes(png[:-12])  # lost its IEND chunk (and nothing more)
    (tmp_path / "images/val/c.jpg").write_bytes(whole[:len(whole) // 2])
    (tmp_path / "images/val/d.jpg").write_bytes(whole[:start_of_scan - 100])  # cut inside its header
    report = check_dataset(tmp_path)
    cut = {i.path: i for i in report.issues if i.kind is IssueKind.UNREADABLE_IMAGE}
    assert sorted(cut) == ["images/train/a.jpg", "images/val/c.jpg", "images/val/d.jpg"]  # b.png's picture is all there
    for path, issue in cut.items():
        name = path.rsplit("/", 1)[1]  # named by the issue's path, once: not again in its message
        assert issue.is_error and issue.message.startswith("the file is cut short") and name not in issue.message
        assert "take or choose the photo again" in issue.message
        assert name not in issue.message_ja and "途中で切れています" in issue.message_ja
    assert [im.path for im in report.dataset.images] == ["images/train/b.png"]  # still read and checked
    text = format_report(report)
    assert "error [unreadable-photo] images/train/a.jpg: the file is cut short" in text
    assert "Traceback" not in text


def test_whole_photos_with_something_after_the_picture_are_not_cut_short(tmp_path):
    # a phone's motion photo is a JPEG with a video after its end marker; some tools pad with zeros
    make_dataset(tmp_path)
    whole = _a_real_jpeg()
    (tmp_path / "images/train/a.jpg").write_bytes(whole + b"\0" * 64)
    (tmp_path / "images/val/c.jpg").write_bytes(whole + b"\0\0\0\x18ftypmp42" + bytes(range(256)) * 8)
    report = check_dataset(tmp_path)
    assert report.count(IssueKind.UNREADABLE_IMAGE) == 0 and len(report.dataset.images) == 3
