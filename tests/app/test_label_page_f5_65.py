"""Session 65 (F5): the Label page at 300 photos and on a phone.

Pre-labelling in the app showed a spinner alone (53 s for 300 photos): a bar says how far it is and how long is left,
in the command line's own words. A pre-labelling cut off (the server restarted) left photos with no label file that no
filter found and only "Pre-label again" (every photo not accepted, hand fixes lost) would fill: the page offers to
pre-label the photos left, as `label init` again does, and a filter shows them. An accepted photo had three names and
one to do two: one each. The page's wrong-game warning named a command-line flag; the command line's Japanese named
the game by its id; the orientation model's log had another name than the page's. On a phone a new dataset needed a
typed name, the tiles-per-kind chart drew 84 bars (66 empty), and the picker broke "Kobayakawa" in the middle."""
from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

import label_phone_helpers as label_phone
from app_helpers import open_page, texts
from label_phone_helpers import from_address

network = label_phone.network
laptop = label_phone.laptop


class _Reader:
    """One tile of ``kind`` in the middle of every photo (``other_game``: its tiles do not look like the game's)."""

    def __init__(self, kind: str = "1m", other_game: bool = False):
        self.kind, self.other_game = kind, other_game

    def read(self, image, source=None):
        h, w = image.shape[:2]
        return SimpleNamespace(tiles=[SimpleNamespace(xyxy=(0.4 * w, 0.3 * h, 0.6 * w, 0.7 * h), kind=self.kind,
                                                      is_back=False)], other_game=self.other_game)


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def _photos(root: Path, n: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        Image.new("RGB", (160, 120), (20 * i, 120, 90)).save(root / f"p{i}.jpg")
    return root


def _progress(at) -> str:
    return " ".join(e.proto.text for e in at.get("progress"))


# ---- 1. a bar while the photos are read, in the command line's words ----------------------------------------------
def test_prelabel_folder_tells_where_it_stands_before_the_first_photo_and_after_each(tmp_path):
    from tilelens.labelling.prelabel import prelabel_folder

    told = []
    prelabel_folder(_photos(tmp_path / "club", 3), "tokyo-mahjong", reader=_Reader(), progress=False,
                    on_photo=lambda done, total: told.append((done, total)))
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("lang, first, last", [("ja", "下書き中: 0/3枚 (0%)", "下書き中: 3/3枚 (100%)"),
                                              ("en", "pre-labelling: 0/3 photos (0%)",
                                               "pre-labelling: 3/3 photos (100%)")])
def test_the_page_s_pre_labelling_shows_a_bar_in_the_command_line_s_words(network, monkeypatch, lang, first, last):
    from app.components import label_datasets, resources
    from app.settings import datasets_dir

    _photos(datasets_dir() / "club", 3)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    lines = []
    real = label_datasets.progress_line
    monkeypatch.setattr(label_datasets, "progress_line",
                        lambda *a, **k: lines.append(real(*a, **k)) or lines[-1])
    at = _ok(from_address(lang, dataset="club"))
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    _ok(at)
    assert lines[0] == first and lines[-1] == last, lines
    assert len(lines) == 4  # before the first photo and after each


def test_the_line_says_the_time_left_as_the_command_line_does():
    from app.components.label_datasets import progress_line

    assert progress_line(30, 300, 10.0, lang="ja") == "下書き中: 30/300枚 (10%)、残り約 2分"
    assert progress_line(30, 300, 10.0, lang="en") == "pre-labelling: 30/300 photos (10%), about 2 min left"
    assert progress_line(3, 3, 1.0, checking=True, lang="en") == "checking photos: 3/3 photos (100%)"


# ---- 2. a pre-labelling cut off: the photos left pre-labelled, and a filter that shows them -------------------------
def _cut_off(n: int = 4, left: int = 2) -> Path:
    """A dataset of ``n`` photos whose pre-labelling stopped with ``left`` of them not read (no label file)."""
    from app.settings import datasets_dir
    from tilelens.labelling.prelabel import prelabel_folder

    root = _photos(datasets_dir() / "club", n)
    prelabel_folder(root, "tokyo-mahjong", reader=_Reader(), progress=False)
    for i in range(n - left, n):
        (root / f"labels/train/p{i}.txt").unlink()
    return root


@pytest.mark.parametrize("lang, offer, shown", [("ja", "残りの 2枚を下書きする", "ラベルなし (2)"),
                                               ("en", "Pre-label the 2 photos left", "No labels yet (2)")])
def test_photos_a_cut_off_pre_labelling_left_are_offered_and_found(network, monkeypatch, lang, offer, shown):
    from app.components import resources

    root = _cut_off()
    fixed = "1 0.1 0.1 0.1 0.1\n"
    (root / "labels/train/p0.txt").write_text(fixed)  # a hand fix, not accepted: kept (Pre-label again lost it)
    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader("3m"))
    at = _ok(from_address(lang, dataset="club"))
    assert at.button(key="label_prelabel_left").label == offer
    options = at.segmented_control(key="label_filter").options
    assert options[-1] == shown, options
    at.segmented_control(key="label_filter").set_value("unlabelled").run()
    _ok(at)
    assert "p2.jpg" in texts(at) and "1/2" in texts(at)
    at.button(key="label_prelabel_left").click().run()
    _ok(at)
    assert (root / "labels/train/p0.txt").read_text() == fixed  # as the person left it
    assert (root / "labels/train/p2.txt").is_file() and (root / "labels/train/p3.txt").is_file()
    assert not [b for b in at.button if b.key == "label_prelabel_left"]  # none left
    assert at.segmented_control(key="label_filter").options[-1] != shown
    assert "Pre-labelled 2 photos" in texts(at) or "2枚に下書きしました" in texts(at)


def test_a_dataset_with_every_photo_labelled_offers_neither(network):
    _cut_off(left=0)
    at = _ok(from_address("en", dataset="club"))
    assert not [b for b in at.button if b.key == "label_prelabel_left"]
    assert len(at.segmented_control(key="label_filter").options) == 3


# ---- 3. one name for an accepted photo, one for a photo to do -------------------------------------------------------
def test_the_count_says_ok_and_to_do(network):
    _cut_off(left=0)
    at = _ok(from_address("ja", dataset="club"))
    assert "OK 0 / 4枚 (未完了 4)" in _progress(at), _progress(at)
    en = _ok(from_address("en", dataset="club"))
    assert "Accepted 0 of 4 photos (4 to do)" in _progress(en), _progress(en)
    from app.components.label_words import STRINGS

    assert STRINGS["dataset_count"] == ("写真 {n}枚、OK {done}枚", "{n} photo{s}, {done} accepted")


def test_keep_this_photo_says_an_accepted_photo_as_the_label_page_does():
    from app.components.keep_photo import S

    assert "OK にした写真として加えます" in S["help"][0] and "確認済み" not in S["help"][0]
    assert "確認済み" not in S["unboxed_kinds"][0] and "OK にしていません" in S["unboxed_kinds"][0]


# ---- 4. the page names its own panel, the command line the game's name, the log the page's word ---------------------
def test_the_wrong_game_warning_names_the_page_s_panel_not_a_flag():
    from app.components.label_words import STRINGS

    ja, en = STRINGS["other_game"]
    assert "--tileset" not in ja and "--tileset" not in en
    assert "「別のゲーム・牌セットで下書きし直す」" in ja and "Pre-label again with another game or set" in en


def test_label_init_s_japanese_names_the_game_by_its_name(tmp_path, monkeypatch, capsys):
    from tilelens.cli import main as tilelens
    from tilelens.labelling import prelabel

    real = prelabel.prelabel_folder
    monkeypatch.setattr(prelabel, "prelabel_folder",
                        lambda *a, **k: real(*a, **{**k, "reader": _Reader("rarin", other_game=True)}))
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens(["label", "init", str(_photos(tmp_path / "club", 1)), "--game", "nogizaka"]) == 0
    err = capsys.readouterr().err
    assert "次の写真の牌は「乃木坂ドンジャラ」の牌に見えません" in err, err
    assert "ラベルは「乃木坂ドンジャラ」の牌の名前です" in err and " nogizaka の牌" not in err


def test_the_orientation_log_says_the_page_s_word():
    from vision.orient import WORDS

    assert all("牌の上下" in line and "向きのモデル" not in line for line in WORDS["ja"].values()), WORDS["ja"]


# ---- 5. a phone: a name offered, the chart of the kinds with tiles, names kept whole ------------------------------
def test_a_new_dataset_is_offered_a_dated_name_and_created_without_typing(network):
    import datetime

    from app.settings import datasets_dir

    at = _ok(open_page("label", lang="ja"))
    name = at.text_input(key="label_new_name").value
    assert name and datetime.date.today().strftime("%Y-%m-%d") in name, name
    buf = io.BytesIO()
    Image.new("RGB", (100, 80), (0, 200, 0)).save(buf, "JPEG")
    at.file_uploader(key="label_upload_new_0").set_value([("a.jpg", buf.getvalue(), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    _ok(at)
    assert (datasets_dir() / name / "a.jpg").is_file()
    again = _ok(open_page("label", lang="ja"))  # taken now: the next one offered
    assert again.text_input(key="label_new_name").value not in ("", name)


def test_the_chart_draws_the_kinds_with_tiles_and_counts_the_others(network, monkeypatch):
    from app.components import label_panels

    _cut_off(left=0)
    drawn = []
    real = label_panels.kinds_chart
    monkeypatch.setattr(label_panels, "kinds_chart", lambda table, *a: drawn.append(len(table)) or real(table, *a))
    at = _ok(from_address("en", dataset="club"))
    assert drawn == [1]  # 1m alone: not a bar for each of the game's kinds
    assert any("kinds with no tiles" in c.value for c in at.caption), [c.value for c in at.caption]


def test_the_picker_keeps_a_long_name_whole_as_the_score_picker_does():
    from app.components import label_panels
    from app.components.common import ZWSP

    # the palette's cell on a phone (``tiles.PALETTE_PHONE_CSS``): 76 px hold "Kobayakawa", 「アナスタシア」
    assert label_panels.PICK_CELL_W >= 76
    assert ZWSP in label_panels._pick_words("宮本フレデリカ")
