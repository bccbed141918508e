"""Session 58 (J1, from W3's walk in Japanese): a list and an amount said with the Japanese comma 、 (not ", "), the
detector's kinds back and tile named in Japanese, a tile at the photo's edge and a hand one tile short said in one
note that asks once, a match's names and its hands apart in the Delete box, and the Label page's game guessed from
the kinds of a dataset whose data.yaml names none (a riichi dataset opened on a Donjara game read 0 of its labels)."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest
from app_helpers import open_page, synthetic, texts
from PIL import Image

from app.components.photo import PhotoTile
from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo
from tilelens.ledger import Ledger

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
RIICHI_13 = "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5z 5z".split()  # one short of a win: waits on 2z or 5z


def ledger():
    return Ledger(os.environ["TILELENS_LEDGER"])


# 6: an entry said in Japanese -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, button, said", [
    ("en", "Record a chombo", "Recorded hand 1: Cy chombo, 8,000 points"),
    ("ja", "チョンボを記録", "1局目を記録しました: Cy チョンボ、8,000点")])
def test_an_entry_said_in_japanese_has_its_amount_after_a_japanese_comma(home, page, lang, button, said):
    m = ledger().new_match("tokyo-mahjong", PLAYERS)
    at = page("ledger", "tokyo-mahjong", lang=lang)
    at.selectbox(key=f"ledger_chombo_offender_{m}_0").set_value(2)
    at.button(key=f"FormSubmitter:ledger_chombo_{m}_0-{button}").click().run()
    assert not at.exception
    assert [s.value for s in at.success if said in s.value], [s.value for s in at.success]


# 13: the Delete box ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, label", [
    ("ja", "対局 #1 (Ann、Bo、Cy、Di · 1局)"),
    ("en", "Match #1 (Ann, Bo, Cy, Di; 1 hand)")])
def test_the_delete_box_sets_the_hands_apart_from_the_names(home, page, lang, label):
    """「佐藤、鈴木、高橋、田中、2局」 read as a fifth name."""
    led = ledger()
    m = led.new_match("tokyo-mahjong", PLAYERS)
    led.add_draw(m, tenpai=[0])
    at = page("ledger", "tokyo-mahjong", lang=lang)
    assert label in [c.value for c in at.caption], [c.value for c in at.caption]  # said above the box


# 7: one note for a tile at the edge and a hand one short ------------------------------------------------------------

ONE_NOTE = {"ja": "写真の端の牌が切れているかもしれません。牌を13枚読みました。上がった手牌なら1枚読み落としています。"
                  "手牌全体が写るように撮り直すか、下の「写真にない牌を追加」で追加してください。",
            "en": "A tile at the photo's edge may be cut off. 13 tiles read: if this is a winning hand, one tile was "
                  "missed. Retake with the whole hand in the photo, or add it below with “Add a tile the photo "
                  "missed”."}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_tile_at_the_edge_of_a_hand_one_short_is_one_note_asking_once(home, page, lang):
    at = page("score_photo", "tokyo-mahjong", lang)
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", synthetic("tokyo-mahjong", RIICHI_13),
                                                    "image/jpeg")).run()
    read = [PhotoTile((30.0 * i, 100.0, 30.0 * i + 25, 140.0), k, 0.95, choices=((k, 0.95),))
            for i, k in enumerate(RIICHI_13)]  # the first at the photo's left edge
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(RIICHI_13)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    infos = [i.value for i in at.info]
    assert ONE_NOTE[lang] in infos, infos
    add = "写真にない牌を追加" if lang == "ja" else "Add a tile the photo missed"
    assert sum(i.count(add) for i in infos) == 1, infos  # the add asked once, not twice


# 6 and 22: the Label page ---------------------------------------------------------------------------------------

def _dataset(root, names, boxes=("1m", "2m"), game=None):
    """One photo with a box of each of ``boxes``; ``names`` the dataset's kinds; its data.yaml names ``game``."""
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (160, 120), (40, 120, 90)).save(root / "images/train/a.jpg")
    drawn = tuple(Box(k, (0.1 + 0.3 * i, 0.1, 0.3 + 0.3 * i, 0.5)) for i, k in enumerate(boxes))
    write_yolo(Dataset(tuple(names), (LabelledImage("images/train/a.jpg", (160, 120), drawn),), game), root)
    return root


def test_a_dataset_of_riichi_kinds_naming_no_game_opens_on_the_riichi_game(tmp_path, monkeypatch, home):
    root = _dataset(tmp_path / "ds", ["1m", "2m", "3m", "7z", "back", "tile"])
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="ja")
    assert at.selectbox(key="label_game").value == "tokyo-mahjong"  # not the first game, ドンジャラNEO
    said = texts(at)
    assert "種類の名前から東京麻雀のデータセットと判断しました" in said, said
    # its kinds by their Japanese names, in a Japanese list; the detector's back and tile too
    assert "一度も出てこない種類 (4): 三萬、中、裏向きの牌、表向きの牌" in said, said
    assert "3枚未満の種類 (2): 一萬、二萬。" in said, said
    assert not at.exception
    at = open_page("label", lang="en")
    assert "Kinds never seen (4): 3 Man, Red dragon, back, tile" in texts(at)


def test_a_dataset_whose_kinds_are_no_games_keeps_the_first_game_and_says_so(tmp_path, monkeypatch, home):
    root = _dataset(tmp_path / "ds", ["a", "b"], boxes=("a",))
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    for lang, words in (("ja", "どのゲームの牌とも合いません"), ("en", "match no game's tiles")):
        at = open_page("label", lang=lang)
        assert at.selectbox(key="label_game").value == "cinderella-neo"
        assert words in texts(at), texts(at)
        assert not at.exception


def test_a_review_under_another_games_model_that_knows_none_of_the_labels_names_the_game_they_look_like(
        tmp_path, monkeypatch, home):
    root = _dataset(tmp_path / "ds", ["1m", "2m", "3m", "7z"])
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="ja")
    at.selectbox(key="label_game").set_value("yokai-watch").run()
    at.button(key="label_audit_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [w.value for w in at.warning]
    assert [w for w in said if "妖怪ウォッチ ドンジャラ" in w and "東京麻雀のデータセットのようです" in w], said
