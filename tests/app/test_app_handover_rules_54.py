"""Session 54, handed over from walkthroughs and a native Japanese re-read (r4): an old house table (saved before the
record of its shipped base) is said without telling the club to copy the "+" lines over (its "-" side is the club's
own edit), its diff headed in the screen's language; a riichi file's ``[house] defaults`` checked as a Donjara one's;
the Label page offers a member the house table took back after the dataset was made (added to its names when first
used, drawn once); "Keep this photo" does not mark accepted a photo whose face-up tiles of a kind the table lacks
lost their boxes; and the re-read's words (headings, refusals, the name taken, the event page's unreadable photo,
Cinderella's riichi said with its own call)."""
from __future__ import annotations

import numpy as np
import pytest
import yaml

from app_helpers import open_page, texts
from test_label_house_table_54 import dataset, opened, picks
from test_old_house_edits_54 import GAME, RON_RULE, place_old_edit

from app import settings
from scorer import GameFileError


# ---- 1. an old house table -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said, headers, copy_over", [
    ("en", "Besides the rules your club changed",  # session 55: each rule a line in words
     ("--- the edit (saved by an older tilelens)", "+++ shipped (now)"), "Copy the ones you did not make"),
    ("ja", "クラブで変えたルールのほかに",
     ("--- 編集した表 (古い tilelens で保存)", "+++ 同梱の表 (いま)"), "書き写して")])
def test_an_old_edit_is_said_without_copying_the_plus_lines_over_and_its_diff_is_headed_in_the_language(
        home, lang, said, headers, copy_over):
    place_old_edit()
    at = open_page("rules", GAME, lang)
    assert not at.exception, [e.value for e in at.exception]
    warned = " ".join(w.value for w in at.warning)
    assert said in warned and copy_over not in warned, warned
    diff = next(c.value for c in at.code if f"+{RON_RULE}" in c.value)
    assert all(h in diff for h in headers), diff[:300]


def test_the_diff_of_an_edit_with_a_known_base_is_headed_in_japanese_too(home):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60", "points = 90", 1))
    shipped = settings.shipped_path("nogizaka")
    record = next(settings.house_dir("nogizaka").glob(".*.shipped"), None)
    assert record is not None, list(settings.house_dir("nogizaka").iterdir())
    record.write_text(shipped.read_text(encoding="utf-8").replace("[table]", "[table]\n# older", 1), encoding="utf-8")
    diff = settings.shipped_changes("nogizaka", "ja")
    assert diff is not None and "--- 同梱の表 (編集の元)" in diff and "+++ 同梱の表 (いま)" in diff, diff
    assert "--- shipped (edit made from)" in settings.shipped_changes("nogizaka")


# ---- 2. a riichi file's [house] ---------------------------------------------------------------------------------------
def test_a_house_defaults_part_that_is_no_part_of_a_game_file_is_refused_in_any_file():
    from app.components.rules_view import check_house_text

    with pytest.raises(GameFileError) as refused:
        check_house_text('id = "tokyo"\n[house]\ndefaults = ["yaku", "tilez"]\n')
    assert "tilez" in str(refused.value) and "編集したルール" in refused.value.message_ja
    check_house_text('[house]\ndefaults = ["yaku"]\n')  # a part of a game file: fine


# ---- 3. words ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [("en", "A win needs a riichi (Standby) first."),
                                        ("ja", "上がるにはリーチ (スタンバイ)が必要です")])
def test_cinderella_s_rules_summary_says_riichi_with_its_own_call(home, lang, said):
    at = open_page("rules", "cinderella-neo", lang)
    assert not at.exception, [e.value for e in at.exception]
    assert said in texts(at)


def test_a_plain_donjara_summary_still_says_riichi(home):
    at = open_page("rules", "nogizaka", "en")
    assert "A win needs a riichi first." in texts(at) and "{riichi}" not in texts(at)


def test_the_rules_page_words_of_the_reread():
    from app.components.i18n import STRINGS
    from app.components.rules_view import RULES_STRINGS

    assert "写し" not in RULES_STRINGS["add_help"][0] and "コピー" in RULES_STRINGS["add_help"][0]
    assert "成績表の対局は残ります" in RULES_STRINGS["remove_help"][0]
    assert "を押すと" in RULES_STRINGS["links_restore"][0] and "また遊べるようになります" in RULES_STRINGS["links_restore"][0]
    assert "開始時の持ち点" in STRINGS["table_changed"][0] and "今の" not in STRINGS["table_changed"][0]
    assert "「ルールと役」のページ" in STRINGS["orphan_help"][0]


def _constants(path: str) -> list[str]:
    """The string constants of a page's source (a page runs when imported)."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_the_label_and_visitor_words_of_the_reread():
    from app.components.visitor import S

    label = _constants("app/components/label_words.py")
    assert any("下書きの枠は外しました" in s for s in label) and not any("提案は捨てました" in s for s in label)

    ja = S["refused_dataset"][0]
    assert "写真から新しいデータセットを作ってください。このフォルダを開くには、主催者に" in ja, ja
    assert "To open this folder, ask the organiser" in S["refused_report"][1]


@pytest.mark.parametrize("lang, said", [
    ("en", "is the name of the game “Nogizaka"), ("ja", "すでにあるゲーム「乃木坂")])
def test_a_name_taken_is_said_by_the_other_game_s_name(home, lang, said):
    text = settings.game_text("nogizaka").replace('id = "nogizaka"', 'id = "clone"', 1)
    with pytest.raises(GameFileError) as refused:
        settings.add_game(text)
    message = str(refused.value) if lang == "en" else refused.value.message_ja
    assert said in message and "(nogizaka)" in message, message
    assert "'nogizaka'" not in message


@pytest.mark.parametrize("lang, said", [("en", "Seat 1: photo seat1.png cannot be read: a video, not a photo"),
                                        ("ja", "1番席: 写真 seat1.png を開けません: 動画のファイルで、写真ではありません。")])
def test_an_unreadable_seat_photo_is_said_in_sentences(home, lang, said):
    from test_event_page_51 import _upload

    video = b"\x00\x00\x00\x18ftypqt  \x00\x00\x02\x00qt  " + b"\x00" * 64
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, {"1": video}), at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    errors = texts(at).splitlines()
    assert any(said in e for e in errors), errors
    assert all(e.rstrip().endswith(("。", ".", ")", "）")) for e in errors if "seat1.png" in e), errors


def test_the_event_page_says_pasokon_as_the_rest_of_the_app():  # session 58: コンピューター here alone
    assert not [s for path in ("app/views/event_check.py", "app/components/event_words.py",
                               "app/components/event_table_view.py", "app/components/event_report_view.py")
                for s in _constants(path) if "コンピューター" in s]


# ---- 4. the Label page: a member taken back ---------------------------------------------------------------------------
def test_a_dataset_of_another_game_is_not_offered_the_game_s_other_tiles(home, tmp_path):
    root = dataset(tmp_path / "ds", ("rarin", "himetan"))
    data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
    data.pop("game", None)  # no game said: the page's picker chooses one to show pictures by
    (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    at = opened(root)
    assert not at.exception, [e.value for e in at.exception]
    assert sorted(picks(at)) == ["label_pick_himetan", "label_pick_rarin"]


# ---- 5. Keep this photo under a table that dropped members ------------------------------------------------------------
def _reading(kinds_in_hand, foreign):
    from app.components.photo import PhotoReading, PhotoTile

    tiles = [PhotoTile((10.0 + 40 * i, 10.0, 40.0 + 40 * i, 60.0), k, 0.9) for i, k in enumerate(kinds_in_hand)]
    tiles += [PhotoTile((10.0 + 40 * i, 70.0, 40.0 + 40 * i, 95.0), k, 0.9, foreign=True)
              for i, k in enumerate(foreign)]
    return PhotoReading(np.full((100, 400, 3), 120, np.uint8), tuple(tiles))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_keep_does_not_accept_a_photo_whose_tiles_of_a_dropped_kind_lost_their_boxes(home, lang):
    from app.components import keep_photo
    from tilelens.labelling.store import read_progress

    from test_label_house_table_54 import house_text

    settings.save_house_table("nogizaka", house_text())  # himetan graduated
    game = settings.app_game("nogizaka")
    reading = _reading(["rarin", "sayurin"], ["himetan", "himetan"])
    kind, said, root = keep_photo._keep(game, reading, reading.hand, "hand.jpg", keep_photo.NEW, "club", {}, None)
    assert kind == "warning" and root is not None, said
    assert read_progress(root) == set()  # not accepted: two tiles of the photo have no box
    en, ja = said
    assert "Himetan" in en and "not marked accepted" in en, en  # named by her name (session 55), not her id
    assert "ひめたん" in ja and "OK にしていません" in ja, ja
    labels = next(root.glob("labels/**/*.txt")).read_text().splitlines()
    assert len(labels) == 2  # the two in the table's kinds, boxed


def test_keep_still_accepts_a_photo_of_the_table_s_kinds_only(home):
    from app.components import keep_photo
    from tilelens.labelling.store import read_progress

    game = settings.app_game("nogizaka")
    reading = _reading(["rarin", "sayurin"], [])
    kind, said, root = keep_photo._keep(game, reading, reading.hand, "hand.jpg", keep_photo.NEW, "club", {}, None)
    assert kind == "success" and len(read_progress(root)) == 1, said
