"""A drop-down after a language switch: the browser keeps the words of the choice it was last sent, so each box is sent
its choice again, in the language switched to ("Round wind 東" stood on an English page). A browser sends a box's
choice back as those words: words of the old language were taken for no choice on the next run, and the box went back
to its first (the round wind from South to East, a favourite idol to none) without a tap."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_helpers import open_page, type_hand  # noqa: E402

from test_a11y_68 import WAIT_MS, tokyo_in_japanese  # noqa: E402

from app.serve import chromium_path  # noqa: E402


def shown(at, key: str) -> str:
    """The words the box ``key`` shows as the app tells the browser (its options' words as the run made them)."""
    box = at.selectbox(key=key)
    return box.options[box.index] if box.index is not None else None


def switched(at, lang: str, keys: list[str]) -> dict[str, str]:
    """The language switched as the sidebar does, and run once more as a browser would: each box of ``keys`` sends
    back the words it shows, those it was sent again if it was, else those it showed before. What each showed after
    the switch."""
    from streamlit.proto.WidgetStates_pb2 import WidgetStates

    before = {key: shown(at, key) for key in keys}
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    after = {}
    for key in keys:
        box = at.selectbox(key=key).proto
        after[key] = box.raw_value if box.set_value else before[key]
    states = WidgetStates()
    for widget in at._tree.get_widget_states().widgets:
        key = next((k for k in keys if widget.id.endswith(f"-{k}")), None)
        if key is not None:
            widget.string_value = after[key]
        states.widgets.append(widget)
    at._run(widget_state=states)
    assert not at.exception, [e.value for e in at.exception]
    return after


def test_the_wind_boxes_say_their_choice_in_the_language_switched_to_and_keep_it(home):
    at = open_page("score_manual", "tokyo-mahjong", lang="ja")
    type_hand(at, "123m456p789s11z555z")
    at.selectbox(key="manual_seat").set_value("west").run()
    at.selectbox(key="manual_round").set_value("south").run()
    keys = ["manual_seat", "manual_round", "game_id"]
    assert switched(at, "en", keys) == {"manual_seat": "West", "manual_round": "South",
                                        "game_id": "Tokyo Mahjong (riichi)"}
    assert at.selectbox(key="manual_seat").value == "west" and at.selectbox(key="manual_round").value == "south"
    assert switched(at, "ja", keys) == {"manual_seat": "西", "manual_round": "南", "game_id": "東京麻雀"}
    assert at.selectbox(key="manual_round").value == "south"


def test_the_round_wind_a_page_starts_from_is_kept_across_a_switch(home):
    # the round wind a page starts from where none was chosen: said as chosen, and kept as the box's choice
    at = open_page("score_manual", "tokyo-mahjong", lang="en")
    type_hand(at, "123m456p789s11z555z")
    assert shown(at, "manual_round") == "East" and at.selectbox(key="manual_round").value == "east"
    assert switched(at, "ja", ["manual_round"]) == {"manual_round": "東"}
    assert at.selectbox(key="manual_round").value == "east"


def cinderella_hand(at) -> list[str]:
    from scorer import load_game

    game = load_game("cinderella-neo")
    hand = [k.id for k in game.tiles if k.attrs.get("type") == "cute" and k.attrs.get("status") == "Vo"][:9]
    type_hand(at, " ".join(hand))
    assert not at.exception, [e.value for e in at.exception]
    return hand


def test_the_favourite_box_says_its_idol_in_the_language_switched_to_and_keeps_her(home):
    at = open_page("score_manual", "cinderella-neo", lang="ja")
    cinderella_hand(at)
    plain = at.success[0].value
    at.selectbox(key="manual_fav").set_value("ichinose-shiki").run()
    doubled = at.success[0].value
    assert doubled != plain, doubled
    assert switched(at, "en", ["manual_fav"]) == {"manual_fav": "Shiki Ichinose"}
    assert at.selectbox(key="manual_fav").value == "ichinose-shiki"
    assert switched(at, "ja", ["manual_fav"]) == {"manual_fav": "一ノ瀬志希"}
    assert at.success[0].value == doubled  # still scored with her


def test_the_favourite_box_says_none_in_the_language_switched_to(home):
    at = open_page("score_manual", "cinderella-neo", lang="ja")
    cinderella_hand(at)
    assert shown(at, "manual_fav") == "なし"
    assert switched(at, "en", ["manual_fav"]) == {"manual_fav": "None"}
    assert not at.selectbox(key="manual_fav").value
    at.selectbox(key="manual_fav").set_value("ichinose-shiki").run()
    at.selectbox(key="manual_fav").set_value(None).run()  # back to none: said so, not an empty box
    assert shown(at, "manual_fav") == "None" and not at.selectbox(key="manual_fav").value
    assert switched(at, "ja", ["manual_fav"]) == {"manual_fav": "なし"}


def test_the_pao_box_says_its_answer_in_the_language_switched_to(home):
    from tilelens.ledger import Ledger

    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["Aki", "Ben", "Chie", "Dan"])
    at = type_hand(open_page("score_manual", "tokyo-mahjong", lang="ja"), "22z")
    at.text_input(key="manual_melds").set_value("pon:555z, pon:666z, pon:777z, chi:123p").run()
    at.selectbox(key="manual_winner").set_value(1).run()
    at.selectbox(key="manual_pao").set_value("west").run()
    assert switched(at, "en", ["manual_pao"]) == {"manual_pao": "West (Chie)"}
    assert at.selectbox(key="manual_pao").value == "west"


def test_the_ledger_match_box_says_its_match_in_the_language_switched_to(home):
    from tilelens.ledger import Ledger

    Ledger(home / "ledger.sqlite").new_match("tokyo-mahjong", ["Aki", "Ben", "Chie", "Dan"])
    at = open_page("ledger", "tokyo-mahjong", lang="ja")
    key = "ledger_match_tokyo-mahjong"
    assert shown(at, key) == "#1 · Aki、Ben、Chie、Dan"
    assert switched(at, "en", [key]) == {key: "#1 · Aki, Ben, Chie, Dan"}  # the list as English writes it


def test_the_event_boxes_say_their_choice_in_the_language_switched_to(home, monkeypatch):
    import test_event_page_51 as session_51
    from test_event_page_51 import _check, _upload

    photos = session_51.photos.__wrapped__(monkeypatch, home)
    at = open_page("event_check", game="nogizaka", lang="ja")
    at.text_input(key="event_new_name").set_value("club-night").run()
    at.button(key="event_open").click().run()
    _upload(at, photos["surplus"])
    _check(at)
    at.selectbox(key="event").set_value("").run()  # this browser's own event
    at.text_input(key="event_folder").set_value("club-night").run()  # the named event's tables, browsed
    assert switched(at, "en", ["event", "event_table"]) == {"event": "This browser's own event",
                                                           "event_table": "卓01 (Not in order)"}


def test_the_label_pages_boxes_say_their_choice_in_the_language_switched_to(home):
    from PIL import Image

    root = home / "ds"  # a dataset whose data.yaml names no game: the page asks which
    for folder in ("images/train", "labels/train"):
        (root / folder).mkdir(parents=True)
    Image.new("RGB", (200, 100), (90, 140, 90)).save(root / "images/train/a.jpg")
    (root / "labels/train/a.txt").write_text("0 0.5 0.5 0.2 0.8\n")
    (root / "data.yaml").write_text("path: .\ntrain: images/train\nval: images/train\nnames:\n  0: '1m'\n")
    at = open_page("label", lang="ja")
    at.text_input(key="label_dir").set_value(str(root)).run()
    assert switched(at, "en", ["label_game", "teach_base"]) == {
        "label_game": "Tokyo Mahjong (riichi)", "teach_base": "The Tokyo Mahjong (riichi) model"}


def test_the_keep_this_photo_box_says_a_new_dataset_in_the_language_switched_to(home):
    from app_helpers import read_as_win

    at = open_page("score_photo", "yokai-watch", lang="ja")
    read_as_win(at, 5)
    assert shown(at, "photo_keep_dataset") == "新しいデータセット…"
    assert switched(at, "en", ["photo_keep_dataset"]) == {"photo_keep_dataset": "A new dataset…"}


@pytest.mark.browser
@pytest.mark.skipif(chromium_path() is None, reason="chromium is not installed (apt-get install chromium)")
def test_the_round_wind_box_says_its_choice_in_the_language_switched_to_in_a_browser(tmp_path):
    from playwright.sync_api import expect

    with tokyo_in_japanese(tmp_path, "manual") as (page, settle):
        box = page.locator(".st-key-manual_round input")
        page.locator(".st-key-manual_type_fold summary").click()
        settle()
        page.locator(".st-key-manual_typed input").fill("123m456p789s11z555z")
        page.locator(".st-key-manual_typed input").press("Enter")
        settle()
        page.wait_for_selector(".st-key-manual_round [role='combobox']", timeout=WAIT_MS)  # drawn once a hand is used
        settle()
        page.locator(".st-key-manual_round [role='combobox']").click()
        page.keyboard.type("南")
        page.keyboard.press("Enter")
        settle()
        expect(box).to_have_value("南")
        page.locator("[data-testid='stSidebar']").get_by_text("English").click()
        expect(box).to_have_value("South", timeout=WAIT_MS)
        settle()
        page.locator(".st-key-manual_riichi label").click()  # another run: the box's choice is kept, not put back
        settle()
        expect(box).to_have_value("South")
