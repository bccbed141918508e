"""Session 56 (f4): the Label page when a club member teaches a new tile set from a phone, in Japanese.

Photos added after a set was taught from the dataset were pre-labelled with the shipped game's model (29 of 68 named
right; the taught set: 68 of 68): they are pre-labelled with the newest set taught from it, and the page says which
and lets the person choose. A new dataset's game was silently the first one (Cinderella Girls boxes on a mahjong
photo, no way out): it is asked, and a dataset's photos not accepted yet can be pre-labelled again with another game or
set. A photo (a HEIC with no tiles) or a dataset can be removed, after a question, into a folder of removed things in
the home, and brought back with Undo. A phone is shown no command line and no laptop path or label file; a dataset
reopened starts at its first photo still to do; and a phone downloads its dataset as a zip."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path
from types import SimpleNamespace

import yaml
from PIL import Image

import label_phone_helpers as label_phone
from app_helpers import open_page, texts
from label_phone_helpers import dataset as _dataset, from_address, seen

network = label_phone.network
laptop = label_phone.laptop


class _Reader:
    """One tile of ``kind`` in the middle of every photo (``other_game``: its tiles do not look like the game's)."""

    def __init__(self, kind: str, other_game: bool = False):
        self.kind, self.other_game = kind, other_game

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind=self.kind,
                                                      is_back=False)], other_game=self.other_game)


def _jpeg(colour=(0, 200, 0)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (100, 80), colour).save(out, "JPEG")
    return out.getvalue()


def _prelabelled(name: str = "club-photos", n: int = 2, game: str = "tokyo-mahjong", kind: str = "1m") -> Path:
    """A dataset ``name`` in the datasets folder of ``n`` photos (``p0.jpg`` ...) pre-labelled as ``game``, one
    ``kind`` on each."""
    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = datasets_dir() / name
    root.mkdir(parents=True)
    for i in range(n):
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / f"p{i}.jpg")
    prelabel_folder(root, game, reader=_Reader(kind), progress=False)
    return root


def _kinds(root: Path, photo: str) -> list[str]:
    from tilelens.labelling.yolo import read_data_yaml

    names = read_data_yaml(root).names
    return [names[int(line.split()[0])] for line in (root / "labels/train" / f"{photo}.txt").read_text().splitlines()]


def _progress(at) -> str:
    return " ".join(e.proto.text for e in at.get("progress"))


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


# ---- 1. photos added after a set was taught from the dataset: pre-labelled with that set ---------------------------
def test_photos_added_after_teaching_are_prelabelled_with_the_set_taught_from_the_dataset(network, monkeypatch):
    from app.components import resources
    from tilelens.labelling import teach

    root = _prelabelled()
    before = (root / "data.yaml").read_text()
    monkeypatch.setattr(teach, "own_tilesets", lambda r: ["club-set"] if Path(r) == root else [])
    used = []

    def recognizer(game_id, tileset=None):
        used.append(tileset)
        return _Reader("2m" if tileset else "1m")

    monkeypatch.setattr(resources, "recognizer", recognizer)
    at = _ok(from_address("ja", dataset="club-photos"))
    choice = at.selectbox(key="label_add_with")
    assert choice.value == "tileset:club-set"  # the newest set taught from it, not the game's model
    assert "東京麻雀のモデル" in choice.options and "覚えさせた牌セット: club-set" in choice.options
    at.file_uploader(key="label_upload_add_0").set_value([("new.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_add").click().run()
    _ok(at)
    assert used == ["club-set"] and _kinds(root, "new") == ["2m"]
    assert (root / "data.yaml").read_text() == before  # the dataset is still the game's


def test_the_games_model_can_still_be_chosen_for_added_photos(network, monkeypatch):
    from app.components import resources
    from tilelens.labelling import teach

    root = _prelabelled()
    monkeypatch.setattr(teach, "own_tilesets", lambda r: ["club-set"])
    used = []
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: used.append(tileset) or _Reader("3m"))
    at = _ok(from_address("en", dataset="club-photos"))
    at.selectbox(key="label_add_with").set_value("game").run()
    at.file_uploader(key="label_upload_add_0").set_value([("new.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_add").click().run()
    _ok(at)
    assert used == [None] and _kinds(root, "new") == ["3m"]


# ---- 2. a new dataset's game is asked; pre-label again with another game or set ------------------------------------
def test_a_new_datasets_game_is_asked_not_the_first_one_chosen(network):
    at = open_page("label", lang="ja")
    at.text_input(key="label_new_name").set_value("mahjong")
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    _ok(at)
    picker = at.selectbox(key="label_init_game")
    assert picker.value is None and at.button(key="label_init").disabled
    assert "ゲームか牌セットを選んで" in texts(at)
    picker.set_value("tokyo-mahjong").run()
    assert not at.button(key="label_init").disabled


def test_photos_not_accepted_are_pre_labelled_again_with_another_game(network, monkeypatch):
    from app.components import resources
    from scorer import load_game
    from tilelens.labelling.yolo import read_data_yaml

    idol = load_game("cinderella-neo").tiles[0].id
    root = _prelabelled(game="cinderella-neo", kind=idol)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("1m"))
    at = _ok(from_address("ja", dataset="club-photos"))
    at.selectbox(key="label_redo_with").set_value("tokyo-mahjong").run()
    at.button(key="label_redo").click().run()
    assert any("OK にしていない写真 2枚" in w.value for w in at.warning)  # asked first: nothing changed yet
    assert read_data_yaml(root).game == "cinderella-neo"
    at.button(key="label_redo_yes").click().run()
    _ok(at)
    config = read_data_yaml(root)
    assert config.game == "tokyo-mahjong" and "1m" in config.names and idol not in config.names
    assert _kinds(root, "p0") == ["1m"] and _kinds(root, "p1") == ["1m"]


def test_pre_labelling_again_keeps_the_accepted_photos(network, monkeypatch):
    from app.components import resources
    from tilelens.labelling import set_done

    root = _prelabelled(kind="1m")
    set_done(root, "images/train/p0.jpg")
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("2m"))
    at = _ok(from_address("en", dataset="club-photos"))
    at.selectbox(key="label_redo_with").set_value("tokyo-mahjong").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    _ok(at)
    assert _kinds(root, "p0") == ["1m"] and _kinds(root, "p1") == ["2m"]


def test_another_game_is_refused_while_photos_are_accepted_and_nothing_changes(network, monkeypatch):
    from app.components import resources
    from tilelens.labelling import set_done

    root = _prelabelled(kind="1m")
    set_done(root, "images/train/p0.jpg")
    before = (root / "data.yaml").read_text(), (root / "labels/train/p1.txt").read_text()
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("yokai-01"))
    at = _ok(from_address("ja", dataset="club-photos"))
    at.selectbox(key="label_redo_with").set_value("yokai-watch").run()
    at.button(key="label_redo").click().run()
    at.button(key="label_redo_yes").click().run()
    _ok(at)
    assert any("OK にした写真が 1枚" in e.value for e in at.error), [e.value for e in at.error]
    assert ((root / "data.yaml").read_text(), (root / "labels/train/p1.txt").read_text()) == before


# ---- 3. remove a photo or a dataset, after a question, with a way back ---------------------------------------------
def test_a_photo_is_removed_after_a_question_and_undo_brings_it_back(network):
    from app.settings import datasets_dir
    from tilelens.labelling import set_done
    from tilelens.labelling.store import read_progress

    root = _prelabelled(n=3)
    set_done(root, "images/train/p0.jpg")
    photo, label = (root / "images/train/p0.jpg").read_bytes(), (root / "labels/train/p0.txt").read_text()
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/p0.jpg"))
    at.button(key="label_remove_photo").click().run()
    assert (root / "images/train/p0.jpg").is_file()  # only asked
    assert any("p0.jpg" in w.value and "元に戻せます" in w.value for w in at.warning)
    at.button(key="label_remove_photo_yes").click().run()
    _ok(at)
    assert not (root / "images/train/p0.jpg").exists() and not (root / "labels/train/p0.txt").exists()
    kept = list((datasets_dir().parent / "removed").rglob("p0.*"))
    assert sorted(p.name for p in kept) == ["p0.jpg", "p0.txt"]  # moved aside, not deleted
    assert "OK 0 / 2枚" in _progress(at) and "images/train/p0.jpg" not in read_progress(root)
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    assert (root / "images/train/p0.jpg").read_bytes() == photo and (root / "labels/train/p0.txt").read_text() == label
    assert "images/train/p0.jpg" in read_progress(root) and "OK 1 / 3枚" in _progress(at)


def test_asking_to_remove_a_photo_and_saying_no_keeps_it(network):
    root = _prelabelled()
    at = _ok(from_address("en", dataset="club-photos"))
    at.button(key="label_remove_photo").click().run()
    at.button(key="label_remove_photo_no").click().run()
    _ok(at)
    assert (root / "images/train/p0.jpg").is_file() and not any(b.key == "label_remove_photo_yes" for b in at.button)


def test_a_dataset_is_removed_after_a_question_and_undo_brings_it_back(network):
    from app.settings import datasets_dir

    root = _prelabelled()
    at = _ok(from_address("ja", dataset="club-photos"))
    at.button(key="label_remove_dataset").click().run()
    assert root.is_dir()
    at.button(key="label_remove_dataset_yes").click().run()
    _ok(at)
    assert not root.exists()
    assert [p.name for p in (datasets_dir().parent / "removed" / "datasets").iterdir()][0].startswith("club-photos-")
    assert not any((b.key or "").startswith("label_open_") for b in at.button)  # no longer listed
    assert str(datasets_dir().parent) not in seen(at)  # a phone is not shown where it went
    at.button(key="label_removed_undo").click().run()
    _ok(at)
    assert (root / "images/train/p0.jpg").is_file() and (root / "data.yaml").is_file()
    assert any(b.key == "label_open_club-photos" for b in at.button)


# ---- 4. no command line shown to a phone ---------------------------------------------------------------------------
def test_a_phone_is_shown_no_command_line_and_the_laptop_keeps_it(network, monkeypatch):
    from app.components import resources
    from app.components.i18n import STRINGS

    _prelabelled()
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("1m", other_game=True))
    at = _ok(from_address("ja", dataset="club-photos"))
    at.file_uploader(key="label_upload_add_0").set_value([("more.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_add").click().run()
    _ok(at)
    (warning,) = [w.value for w in at.warning if "見えません" in w.value]
    assert "more.jpg" in warning and "images/train/" not in warning and "--tileset" not in warning
    assert "tilelens" not in seen(at)  # the review's help: no `tilelens label audit ...` to run in a terminal
    assert "tilelens enroll" not in " ".join(STRINGS["tileset_help"])
    monkeypatch.delenv("TILELENS_VISITOR")  # the laptop: the command, to run in its terminal
    at = _ok(from_address("ja", dataset="club-photos"))
    assert "`tilelens label audit フォルダ --cross 2` をターミナルで実行" in seen(at)


def test_a_phone_is_told_no_command_for_the_suspects_not_shown(network):
    from tilelens.labelling.audit import UNLABELLED, AuditReport, Suspect

    root = _prelabelled()
    suspects = tuple(Suspect(UNLABELLED, "gone.jpg", (0, 0, 5, 5), None, "1m", 0.9) for _ in range(60))
    at = _ok(from_address("ja", dataset="club-photos"))
    at.session_state["label_audit"] = (str(root), AuditReport(suspects, 2, 2))
    at.run()
    _ok(at)
    (more,) = [c.value for c in at.caption if "ほか 12件" in c.value]
    assert "tilelens" not in more


# ---- 5. no developer words nor laptop paths on a phone -------------------------------------------------------------
def test_a_phone_is_shown_no_laptop_path_nor_data_yaml_when_starting_a_dataset(network):
    at = open_page("label", lang="ja")
    assert "$TILELENS_HOME" not in seen(at) and "datasets" not in at.text_input(key="label_new_name").help
    at.text_input(key="label_new_name").set_value("mahjong")
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg(), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    _ok(at)
    assert "data.yaml" not in seen(at) and "写真 1枚" in texts(at)


def test_a_phone_is_told_the_photos_name_not_its_label_file(network):
    _dataset()  # b.jpg: an empty label file, which the check warns of
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/b.jpg"))
    said = "\n".join(w.value for w in at.warning)
    assert "b.jpg" in said and "labels/train/b.txt" not in said, said
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/a.jpg"))
    at.session_state["label_sel"] = 0
    at.run()
    at.button(key="label_pick_2m").click().run()
    _ok(at)
    assert at.button(key="label_undo").help.startswith("`a.jpg`")  # not images/train/a.jpg


def test_the_laptop_still_sees_the_label_file(laptop):
    root = _dataset()
    at = _ok(from_address("ja", dataset=str(root), photo="images/train/b.jpg"))
    assert "labels/train/b.txt" in "\n".join(w.value for w in at.warning)


# ---- 6. a dataset reopened starts at its first photo still to do ---------------------------------------------------
def test_a_dataset_reopened_starts_at_its_first_photo_to_do(network):
    from tilelens.labelling import set_done

    root = _prelabelled(n=3)
    set_done(root, "images/train/p0.jpg")
    set_done(root, "images/train/p1.jpg")
    at = _ok(from_address("ja", dataset="club-photos"))
    assert at.query_params["photo"] == "images/train/p2.jpg"
    at = _ok(open_page("label", lang="ja"))
    at.button(key="label_open_club-photos").click().run()
    assert at.query_params["photo"] == "images/train/p2.jpg"
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/p0.jpg"))  # the address's own photo
    assert at.query_params["photo"] == "images/train/p0.jpg"


# ---- 7. a phone downloads the dataset ------------------------------------------------------------------------------
def test_a_phone_downloads_the_dataset_as_a_zip(network, monkeypatch):
    from streamlit.runtime.media_file_manager import MediaFileManager

    made = []
    monkeypatch.setattr(MediaFileManager, "add_deferred",
                        lambda self, data, mimetype, coordinates, file_name=None, element_id="": made.append(
                            (data, file_name)) or "deferred")
    root = _prelabelled()
    at = _ok(from_address("ja", dataset="club-photos"))
    assert at.get("download_button")
    ((data, file_name),) = made
    assert file_name == "club-photos.zip"
    with zipfile.ZipFile(io.BytesIO(data())) as zipped:
        names = set(zipped.namelist())
        assert {"club-photos/data.yaml", "club-photos/images/train/p0.jpg", "club-photos/labels/train/p0.txt",
                "club-photos/images/train/p1.jpg", "club-photos/labels/train/p1.txt"} <= names
        assert zipped.read("club-photos/labels/train/p0.txt") == (root / "labels/train/p0.txt").read_bytes()
        assert yaml.safe_load(zipped.read("club-photos/data.yaml"))["game"] == "tokyo-mahjong"
        assert [n for n in names if "/.tilelens/" in n] == ["club-photos/.tilelens/prelabelled.json"]


def test_a_phone_is_not_told_to_fix_a_label_file_nor_shown_the_house_tables_file(network):
    from app import settings

    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    settings.save_house_table("tokyo-mahjong", text.replace('name_en = "1 Man"', 'name_en = "One Man"', 1))
    root = _dataset()
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 0.2\n")  # four fields: a line that cannot be read
    at = _ok(from_address("ja", dataset="club-photos", photo="images/train/a.jpg"))
    said = seen(at)
    assert "パソコンの持ち主に頼んで" in said and "ファイルで直してください" not in said
    assert "アプリで編集したハウスルールの表" in said and "$TILELENS_HOME" not in said and ".toml" not in said
