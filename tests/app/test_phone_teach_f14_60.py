"""Session 60 (f14, walk W6): teaching a tile set from a phone on the club's Wi-Fi.

1. Without the training packages the Teach panel told a phone to run `scripts/setup.sh test` and showed
   `tilelens enroll --data /laptop/... --work /laptop/...`: a phone is told to ask the laptop's owner, with no command
   and no path; a failed job's Log shows a phone no folder of the laptop (``visitor.said_paths``).
2. Teach was offered when no accepted photo showed a tile ("1 accepted photos (of 1; 0 with tiles)", the job failing
   seconds later): refused up front, saying what to do; the crop set's own English says it too.
3. Words: "1 accepted photo"; the count warning names the tile ("2 boxes of Red 5 Pin (0p)", 赤五筒の枠が2個); a box
   changed elsewhere may have been changed on another phone.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tilelens.labelling import set_done, teach

from app_helpers import label_teach_support, open_page, texts




support = label_teach_support()


@pytest.fixture
def phone(tmp_path, monkeypatch, home):
    """A dataset in the app's datasets folder (a with four tiles, b with two, empty with none), opened by a phone."""
    from app.settings import datasets_dir

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    root = support.make_dataset(datasets_dir() / "her-set", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"],
                                                              "empty": []})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    return root


def _all_shown(at) -> str:
    return texts(at) + "\n" + "\n".join(c.value for c in at.code)


NO_TORCH = {"en": "This app has no training packages, so it cannot teach from here: ask the owner of the laptop "
                  "running the app to install them, or to teach this dataset there.",
            "ja": "このアプリには学習用のパッケージがないので、ここからは覚えさせられません。アプリを動かしているパソコンの"
                  "持ち主に、パッケージを入れるか、このデータセットをそのパソコンで覚えさせるよう頼んでください。"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_without_training_packages_is_told_to_ask_the_laptops_owner_with_no_command(phone, tmp_path,
                                                                                             monkeypatch, lang):
    set_done(phone, "images/train/a.png")
    monkeypatch.setattr(teach, "can_train", lambda: False)
    at = open_page("label", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    assert NO_TORCH[lang] in [m.value for m in at.info], [m.value for m in at.info]
    shown = _all_shown(at)
    assert "tilelens enroll" not in shown and "setup.sh" not in shown and str(tmp_path) not in shown, shown
    assert not [b for b in at.button if b.key == "teach_start"]


def _failed_job(root: Path, log: str) -> None:
    """A teach job of ``root`` that failed, its log ``log``."""
    folder = teach.job_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.json").write_text(json.dumps({"name": "mine", "started": time.time() - 60, "minutes": 1,
                                                 "photos": 2}))
    (folder / "result.json").write_text(json.dumps({"ok": False, "message": f"cannot write {root}/x",
                                                    "message_ja": f"{root}/x に書けません"}))
    (folder / "log.txt").write_text(log)


@pytest.mark.parametrize("visitor", ["network", None])
def test_a_failed_jobs_log_shows_a_phone_no_folder_of_the_laptop(phone, tmp_path, monkeypatch, visitor):
    home = tmp_path / "home"
    log = (f"base {tmp_path}/repo/models/classifier-tokyo-mahjong.pt\n"
           f"checkpoint \"{tmp_path}/run/last.pt\", see https://example.org/x/y\n"
           f"tile set written to {home}/tilesets/mine (1.21 min)\n"
           f"`tilelens label teach {phone} --name mine`\n")
    _failed_job(phone, log)
    if visitor is None:
        monkeypatch.delenv("TILELENS_VISITOR")
    at = open_page("label", lang="en")
    assert not at.exception, [e.value for e in at.exception]
    code = "\n".join(c.value for c in at.code)
    error = " ".join(e.value for e in at.error)
    if visitor is None:  # the laptop: the log as it is
        assert code == log.strip() and f"cannot write {phone}/x" in error
        return
    assert str(tmp_path) not in code and str(tmp_path) not in error, (code, error)
    assert "base classifier-tokyo-mahjong.pt" in code
    assert 'checkpoint "last.pt", see https://example.org/x/y' in code
    assert "tile set written to $TILELENS_HOME/tilesets/mine (1.21 min)" in code
    assert "`tilelens label teach her-set --name mine`" in code
    assert "cannot write her-set/x" in error


def test_said_paths_says_every_absolute_path_of_a_text_as_a_phone_is_told_it(monkeypatch, home):
    from app.components.visitor import said_paths
    from app.settings import datasets_dir

    text = f"read {datasets_dir()}/club/a.jpg and /srv/x y/z.pt, (/opt/m.onnx); a/b and https://h/p stay"
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    assert said_paths(text) == text  # the laptop: as it is
    monkeypatch.setenv("TILELENS_VISITOR", "network")
    assert said_paths(text) == "read club/a.jpg and x y/z.pt, (m.onnx); a/b and https://h/p stay"
    # a path with a space in it, named: said whole
    assert said_paths(text, "/srv/x y") == "read club/a.jpg and x y/z.pt, (m.onnx); a/b and https://h/p stay"


@pytest.mark.parametrize("lang, said", [
    ("en", "The accepted photo shows no tile (it has no box): draw the boxes of the tiles on a photo, "
           "then accept it, to teach from it."),
    ("ja", "OK にした写真 1枚には、牌の枠が1つもありません。覚えさせるには、写真に牌の枠を描いてから OK にしてください。"),
])
def test_teach_is_refused_up_front_when_no_accepted_photo_shows_a_tile(phone, lang, said):
    set_done(phone, "images/train/empty.png")
    at = open_page("label", lang=lang)
    assert not at.exception, [e.value for e in at.exception]
    assert said in [m.value for m in at.info], [m.value for m in at.info]
    assert not [b for b in at.button if b.key == "teach_start"]
    assert "0 with tiles" not in texts(at) and "牌の写った写真 0枚" not in texts(at)


def test_one_accepted_photo_is_one_photo(phone):
    set_done(phone, "images/train/a.png")
    at = open_page("label", lang="en")
    assert "Learns from the 1 accepted photo (of 3)." in texts(at), texts(at)


def test_the_crop_sets_english_says_what_to_do_as_its_japanese_does():
    from vision.cropset import CropDataError, from_yolo

    with pytest.raises(CropDataError) as caught:
        from_yolo([], ["1m"], progress=False)
    assert str(caught.value).startswith("no labelled tiles found")
    assert "draw the boxes of the tiles" in str(caught.value) and "accept" in str(caught.value)


def test_the_count_warning_names_the_tile_as_well_as_its_id(tmp_path, monkeypatch):
    from tilelens.labelling.checks import check_dataset

    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = support.make_dataset(tmp_path / "ds", {"a": ["1m"] * 5})
    issues = [i for i in check_dataset(root).issues if "set holds" in i.message]
    assert [i.message for i in issues] == ["5 boxes of 1 Man (1m), a tokyo-mahjong set holds 4: are some labelled "
                                           "wrong?"]
    assert issues[0].message_ja.startswith("一萬の枠が5個ありますが、")


@pytest.mark.parametrize("table, key", [("label_words", "box_changed"), ("label_words", "move_gone"),
                                        ("label_words", "delete_gone"), ("box_editor", "box_gone")])
def test_a_box_changed_elsewhere_may_have_been_changed_on_another_phone(table, key):
    from app.components import box_editor, label_words

    ja, en = (label_words.STRINGS if table == "label_words" else box_editor.S)[key]
    assert "in another tab or on another phone" in en and "別のタブや別のスマホ" in ja
