"""Leftovers: labelling finds a dataset's photos where its data.yaml names them (not only under images/); a
folder copied from elsewhere is said plainly with a fix that runs; the event check names a table once."""
from __future__ import annotations

import json

from PIL import Image

from tilelens.cli import main as tilelens
from tilelens.labelling import check_dataset

from label_helpers import FixedReader, make_dataset


def _listed_elsewhere(root, outside=None):
    """A dataset whose train split is a .txt list naming photos in pics/ plus a folder more/, no labels yet
    (a set laid out by another tool), and optionally a list entry for a photo outside the folder."""
    from tilelens.labelling.prelabel import class_names

    (root / "pics").mkdir(parents=True)
    (root / "more").mkdir()
    for k, name in enumerate(("pics/a.jpg", "pics/b.jpg", "more/c.jpg")):
        Image.new("RGB", (64, 48), (40 * k, 90, 90)).save(root / name)
    (root / "lists").mkdir()
    entries = ["pics/a.jpg", "pics/b.jpg"] + ([str(outside)] if outside else [])
    (root / "lists" / "train.txt").write_text("".join(f"{e}\n" for e in entries))
    names = list(class_names("tokyo-mahjong"))
    (root / "data.yaml").write_text(f"train: [lists/train.txt, more]\nval: lists/train.txt\nnames: {names}\n"
                                    f"game: tokyo-mahjong\n")


def test_prelabel_finds_the_photos_a_txt_list_names_outside_images(tmp_path):
    """label init pre-labelled more/c.jpg only: the photos of pics/, which train.txt names and the Label page
    and `label check` show, were left without labels (it looked in images/ and the split's first folder)."""
    from tilelens.labelling.prelabel import prelabel_folder

    root = tmp_path / "ds"
    _listed_elsewhere(root)
    summary = prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.photos == 3 and summary.labelled == 3, summary
    assert all((root / label).is_file() for label in ("pics/a.txt", "pics/b.txt", "more/c.txt"))
    assert check_dataset(root).stats.photos_unlabelled == 0


def test_prelabel_says_a_listed_photo_outside_the_folder_and_what_to_do(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder

    outside = tmp_path / "elsewhere" / "d.jpg"
    outside.parent.mkdir()
    Image.new("RGB", (64, 48), (1, 2, 3)).save(outside)
    root = tmp_path / "ds"
    _listed_elsewhere(root, outside)
    summary = prelabel_folder(root, "tokyo-mahjong", reader=FixedReader(), progress=False)
    assert summary.labelled == 3 and summary.photos == 4
    (skipped,) = summary.unreadable
    assert str(outside) in skipped.photo and "outside" in skipped.why and "copy" in skipped.why
    assert str(root) in skipped.why and skipped.why_ja and "コピー" in skipped.why_ja
    assert not (outside.parent / "d.txt").exists()


def test_uploads_count_the_listed_photos_and_keep_their_stems_apart(tmp_path):
    """The Label page's count said 1 photo of a dataset of 3, and an upload named a.jpg was saved as a.jpg
    beside pics/a.jpg's stem (label files go by stem)."""
    from tilelens.labelling.uploads import add_photos, photo_count

    root = tmp_path / "ds"
    _listed_elsewhere(root)
    assert photo_count(root) == 3
    other = tmp_path / "new.jpg"
    Image.new("RGB", (64, 48), (200, 10, 10)).save(other)
    again = (root / "pics" / "a.jpg").read_bytes()
    added = add_photos(root, [("a.jpg", other.read_bytes()), ("copy.jpg", again)])
    assert added.saved == ("a-2.jpg",) and added.duplicates == ("copy.jpg",)


def test_import_labels_a_listed_photo_where_it_is_not_a_copy_in_images(tmp_path):
    """A Label Studio/COCO file naming a photo by its name alone: the dataset's pics/a.jpg (named in its
    train.txt) was not found, and the file's own copy was copied into images/train, a second photo."""
    from tilelens.labelling.transfer import Format, import_dataset

    root = tmp_path / "ds"
    _listed_elsewhere(root)
    coco = {"images": [{"id": 1, "file_name": "a.jpg", "width": 64, "height": 48}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [4, 4, 20, 30]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "export").mkdir()
    (tmp_path / "export" / "coco.json").write_text(json.dumps(coco))
    summary = import_dataset(tmp_path / "export" / "coco.json", Format.COCO, root)
    assert summary.labelled == 1 and summary.copied == 0, summary
    assert (root / "pics" / "a.txt").read_text().startswith("0 ")
    assert not (root / "images").exists()


def test_a_copied_folder_is_said_plainly_with_a_fix_that_runs(tmp_path):
    """check said "path '/x/old' is not this folder (moved?) ... run `tilelens label init ... --game
    tokyo-mahjong` again to fix it" of a dataset whose class names are not the whole game's: that init
    refuses ("its class names are not the tile kinds of tokyo-mahjong"), so the fix told did not run."""
    old, new = tmp_path / "old", tmp_path / "new"
    make_dataset(old)  # 4 class names of tokyo-mahjong: init of the game refuses it
    (old / "data.yaml").write_text(f"path: {old}\n" + (old / "data.yaml").read_text())  # as written before session 54
    import shutil

    shutil.copytree(old, new)
    (issue,) = [i for i in check_dataset(new).issues if i.kind == "moved-folder"]
    said, said_ja = issue.message, issue.message_ja
    assert f"{old}" in said and "copied" in said and "moved?" not in said
    assert "label init" not in said and "path: ." in said and "path: ." in said_ja
    assert "コピー" in said_ja
    # doing what it says fixes it
    text = (new / "data.yaml").read_text().replace(f"path: {old}", "path: .")
    (new / "data.yaml").write_text(text)
    assert not [i for i in check_dataset(new).issues if i.kind == "moved-folder"]


def test_a_moved_folder_whose_names_init_takes_is_told_the_init_command(tmp_path, capsys):
    from scorer import load_game

    root = tmp_path / "new"
    make_dataset(root, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    gone = tmp_path / "old-place"
    (root / "data.yaml").write_text(f"path: {gone}\n" + (root / "data.yaml").read_text())
    (issue,) = [i for i in check_dataset(root).issues if i.kind == "moved-folder"]
    command = f"tilelens label init {root} --game tokyo-mahjong"
    assert f"`{command}`" in issue.message and f"`{command}`" in issue.message_ja
    assert "not there" in issue.message and "again" not in issue.message and "ありません" in issue.message_ja
    assert tilelens(command.split()[1:]) == 0
    assert not [i for i in check_dataset(root).issues if i.kind == "moved-folder"]


def test_a_photo_copied_from_another_table_names_that_table_once(tmp_path):
    """It said "seat 2 of table table-03": the folder's name says table already."""
    from tilelens.event.layout import Photo, TableInput, same_photos_across

    photo = tmp_path / "seat2.jpg"
    photo.write_bytes(b"same bytes")
    tables = [TableInput(name, 4, {"2": Photo("seat2.jpg", photo)}) for name in ("table-03", "t4", "卓5")]
    found = same_photos_across(tables)
    (f,) = found["t4"]
    assert "seat 2 at table-03 (seat2.jpg)" in f.message and "table table-03" not in f.message
    assert "seat 2 at 卓5" in f.message
    assert "table-03 の2番席の写真" in f.message_ja and "卓 table-03" not in f.message_ja
    assert "卓5の2番席" in f.message_ja and "卓 卓5" not in f.message_ja
    (g,) = found["table-03"]
    assert "seat 2 of table t4" in g.message and "卓 t4 の2番席" in g.message_ja  # a bare name is called a table


def test_a_report_folder_in_a_table_folder_names_the_table_once(tmp_path):
    import pytest

    from tilelens.event.runner import EventInputError, _not_among_the_photos

    table = tmp_path / "event" / "table-03"
    table.mkdir(parents=True)
    with pytest.raises(EventInputError) as exc:
        _not_among_the_photos(tmp_path / "event", table, (table,))
    assert "the photo folder of table-03" in str(exc.value) and "table table-03" not in str(exc.value)
    assert "table-03 の写真のフォルダ" in exc.value.message_ja and "卓 table-03" not in exc.value.message_ja


def test_the_table_page_heading_names_a_table_folder_once(tmp_path):
    import re

    from tilelens.event.model import SeatReading, TableReport
    from tilelens.event.report import table_html

    seats = (SeatReading("1", "seat1.jpg", ()),)
    page = table_html(TableReport("table-03", "nogizaka", (), seats, dealer="1"), {})
    head = re.sub(r"<[^>]+>", "", page[page.index("<h1>"):page.index("</h1>")])
    title = page[page.index("<title>"):page.index("</title>")]
    assert "Table table-03" not in head and "卓 table-03" not in head and head.startswith("table-03")
    assert "Table table-03" not in title and "卓 table-03" not in title and "table-03" in title


def test_init_again_without_game_names_the_option_its_data_yaml_says(tmp_path, monkeypatch, capsys):
    """Photos added later to a dataset: `label init photos/` again said "name the --game (or an enrolled
    --tileset) the photos show", though its data.yaml names the game: it says which now."""
    from tilelens.labelling import prelabel

    root = tmp_path / "photos"
    root.mkdir()
    Image.new("RGB", (64, 48), (5, 5, 5)).save(root / "a.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, set_limit=True: FixedReader())
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    capsys.readouterr()
    assert tilelens(["label", "init", str(root)]) == 2
    err = capsys.readouterr().err
    assert "name the --game (or an enrolled --tileset)" in err and f"{root}/data.yaml names --game tokyo-mahjong" in err


def test_init_without_game_on_a_folder_that_names_none_still_asks_for_it(tmp_path, capsys):
    (tmp_path / "photos").mkdir()
    assert tilelens(["label", "init", str(tmp_path / "photos")]) == 2
    assert "name the --game" in capsys.readouterr().err
    assert not (tmp_path / "photos" / "data.yaml").exists()


def test_teach_with_nothing_accepted_says_where_photos_are_accepted(tmp_path):
    """"accept the photos whose boxes and names are right, then teach", said by `tilelens label teach`:
    the command line cannot accept a photo, and it did not say where one can."""
    import pytest

    from tilelens.labelling.teach import TeachError, claim_here

    make_dataset(tmp_path)
    with pytest.raises(TeachError) as exc:
        claim_here(tmp_path, "my-set", None, 1.0, ())
    assert "Label page" in str(exc.value) and "ラベル付けページ" in exc.value.message_ja


def test_init_on_a_data_yaml_that_points_at_photos_elsewhere_says_so_and_changes_nothing(tmp_path, monkeypatch):
    """A folder whose data.yaml reads its photos from another folder (path:), holding none itself: init
    rewrote its path: to the empty folder (enroll then found no photos) and said "no photos found in DIR or
    DIR/images: put them there"."""
    import pytest

    from scorer import load_game
    from tilelens.labelling import prelabel
    from tilelens.labelling.model import LabelFileError

    real, pointer = tmp_path / "real", tmp_path / "pointer"
    make_dataset(real, names=tuple(t.id for t in load_game("tokyo-mahjong").tiles))
    pointer.mkdir()
    (pointer / "data.yaml").write_text(f"path: {real.resolve()}\n" + (real / "data.yaml").read_text())
    before = (pointer / "data.yaml").read_text()
    monkeypatch.setattr(prelabel, "load_reader", lambda *a, **k: FixedReader())
    with pytest.raises(LabelFileError) as exc:
        prelabel.prelabel_folder(pointer, "tokyo-mahjong")
    said = str(exc.value)
    assert str(real) in said and f"`tilelens label init {real} --game tokyo-mahjong`" in said and "path: ." in said
    assert str(real) in exc.value.message_ja and "label init" in exc.value.message_ja
    assert (pointer / "data.yaml").read_text() == before and sorted(p.name for p in pointer.iterdir()) == ["data.yaml"]
    # photos put loose in it: labelled here, as before (path: then names this folder)
    Image.new("RGB", (64, 48), (5, 5, 5)).save(pointer / "new.jpg")
    assert prelabel.prelabel_folder(pointer, "tokyo-mahjong", reader=FixedReader(), progress=False).labelled == 1


def test_import_of_photos_it_cannot_find_says_where_it_looked_and_what_to_give(tmp_path, capsys):
    """Each photo was "photo not found; skipped", with no word of where it was looked for or of --images."""
    coco = {"images": [{"id": 1, "file_name": "a.jpg", "width": 64, "height": 48}],
            "annotations": [{"id": 1, "image_id": 1, "category_id": 1, "bbox": [4, 4, 20, 30]}],
            "categories": [{"id": 1, "name": "1m"}]}
    (tmp_path / "export").mkdir()
    (tmp_path / "export" / "coco.json").write_text(json.dumps(coco))
    assert tilelens(["label", "import", str(tmp_path / "export" / "coco.json"), "--from", "coco",
                     str(tmp_path / "ds"), "--game", "tokyo-mahjong"]) == 1
    err = capsys.readouterr().err
    hint = err.strip().splitlines()[-1]
    assert "1 photo not found" in hint and str(tmp_path / "ds") in hint and str(tmp_path / "export") in hint
    assert "--images FOLDER" in hint, err


def test_init_says_what_to_do_next(tmp_path, monkeypatch, capsys):
    """A new user's first `label init` ended at "data.yaml written in photos", nothing of the Label page where
    the proposals are checked and accepted, nor of teaching."""
    from tilelens.labelling import prelabel

    root = tmp_path / "photos"
    root.mkdir()
    Image.new("RGB", (64, 48), (5, 5, 5)).save(root / "a.jpg")
    monkeypatch.setattr(prelabel, "load_reader", lambda game, tileset=None, set_limit=True: FixedReader())
    assert tilelens(["label", "init", str(root), "--game", "tokyo-mahjong"]) == 0
    out = capsys.readouterr().out
    assert "Label page" in out and f"tilelens label teach {root} --name NAME" in out
