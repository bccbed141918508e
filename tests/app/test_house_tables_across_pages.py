"""An organiser's edit of a game on the Rules page is the game on every page: the hand, the photo's
winning hint and reading, the event check, the Label page and the ledger all use the table in use."""
from dataclasses import replace

import pytest

from app_helpers import open_page, texts

from app import settings

NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3


def test_a_hand_holding_a_tile_an_edit_renamed_starts_afresh_not_a_traceback(home):
    at = open_page("score_manual", "nogizaka")
    for tile in NOGI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    assert "A win!" in at.success[0].value
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace('id = "rarin"', 'id = "rarin2"', 1))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["manual_tiles"] == []  # the hand was of the table before the edit
    assert "manual_add_rarin2" in {b.key for b in at.button}


def test_the_winning_hint_is_searched_under_the_table_in_use(home):
    """The hint took the shipped file: with Almighty barred from sets it still offered one (no win after)."""
    from app.components.photo import PhotoTile

    from app_helpers import photo_read_whole

    near = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]
    data, _ = photo_read_whole("yokai-watch", near)

    def hinted(at) -> bool:
        at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run()
        boxes = [t.xyxy for t in at.session_state["photo_reading"].tiles if not t.is_back][:9]
        tiles = [PhotoTile(tuple(b), k, 0.95, choices=((k, 0.95),)) for b, k in zip(boxes, near)]
        tiles[8] = PhotoTile(boxes[8], "yokai-09", 0.55, ("almighty",), choices=(("yokai-09", 0.55), ("almighty", 0.35)))
        at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(tiles))
        at.session_state["photo_tiles"] = [t.kind for t in tiles]
        return "It wins if" in texts(at.run())

    assert hinted(open_page("score_photo", "yokai-watch"))  # the shipped table: the Almighty completes the set
    settings.save_house_table("yokai-watch", settings.game_text("yokai-watch").replace(
        "max_almighty = 1", "max_almighty = 0", 1))
    assert not hinted(open_page("score_photo", "yokai-watch"))


def test_the_photo_reader_is_bound_by_the_edited_copies(home):
    """A fourth copy of a picture, allowed by the edit, was renamed to the next likeliest picture."""
    from app.components import resources

    settings.save_house_table("yokai-watch", settings.game_text("yokai-watch").replace(
        'name_en = "Yokai 01"\ncopies = 3', 'name_en = "Yokai 01"\ncopies = 4', 1))
    game = settings.app_game("yokai-watch")
    assert game.inventory()["yokai-01"] == 4
    recognizer = resources.recognizer(str(game.source))
    assert recognizer.copies["yokai-01"] == 4 and recognizer.game == "yokai-watch"


def test_an_event_report_is_not_shown_for_a_table_edited_since(home, monkeypatch, tmp_path):
    import importlib

    support = importlib.import_module("test_event_page").support
    from app.components import resources

    reader = support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    at = open_page("event_check", game="nogizaka")
    for seat, kinds in support.CLEAN.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        at.file_uploader(key=f"event_seat_{seat}").set_value(
            (f"seat{seat}.png", (tmp_path / f"s{seat}.png").read_bytes(), "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert [s.value for s in at.success] == ["table-01: In order"]
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("copies = 6", "copies = 2", 1))
    at.run()
    assert not at.success and not at.error  # the verdict of the table before the edit is not shown
    at.button(key="event_check").click().run()
    assert [e.value for e in at.error] == ["table-01: Not in order"]


def test_the_label_page_names_and_offers_a_tile_the_edit_added(home, tmp_path):
    from tilelens.labelling.model import Box, Dataset, LabelledImage
    from tilelens.labelling.yolo import write_yolo
    from PIL import Image

    text = settings.game_text("nogizaka")
    member = text.index("[[tiles]]\nid = \"misa-senpai\"")
    settings.save_house_table("nogizaka", text[:member] + '[[tiles]]\nid = "newbie"\nname_ja = "新人"\nname_en = "Newbie"\n'
                              'copies = 6\nattrs = { colour = "pink", member = "newbie" }\n\n' + text[member:])
    names = tuple(k.id for k in settings.app_game("nogizaka").tiles)
    root = tmp_path / "ds"
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (200, 100), (90, 140, 90)).save(root / "images/train/a.jpg")
    write_yolo(Dataset(names, (LabelledImage("images/train/a.jpg", (200, 100), (Box("newbie", (0.1, 0.1, 0.3, 0.9)),)),),
                       "nogizaka"), root)
    at = open_page("label")
    at.text_input(key="label_dir").set_value(str(root)).run()
    at.session_state["label_sel"] = 0  # the photo's one box chosen: the picker shows
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert "label_pick_newbie" in {b.key for b in at.button}
    assert any("Box 1: Newbie" in m.value for m in at.markdown)
    assert not [e for e in at.error if "newbie" in e.value]  # it is a tile of the table in use


def test_a_house_table_whose_id_was_changed_by_hand_is_refused_by_every_page(home):
    """The Rules page said so, but the other pages played the file as a game of another id (its ledger
    matches, its models and its name all another game's), without a word."""
    from scorer import GameFileError

    settings.save_house_table("nogizaka", settings.game_text("nogizaka") + "\n# ours\n")
    (saved,) = settings.house_dir("nogizaka").glob("*.toml")
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('id = "nogizaka"', 'id = "other"', 1), encoding="utf-8")
    with pytest.raises(GameFileError, match="id = 'other'; it must stay 'nogizaka'"):
        settings.app_game("nogizaka")
    at = open_page("score_manual", "nogizaka")
    assert not at.exception and any("it must stay 'nogizaka'" in e.value for e in at.error)


def test_a_table_saved_by_hand_with_a_multiple_ron_of_the_wrong_kind_is_one_message_not_a_traceback(home):
    """``[table] multiple_ron = 3`` in a table saved by hand: the ledger page was a TypeError for the game."""
    settings.save_house_table("nogizaka", settings.game_text("nogizaka") + "\n# ours\n")
    (saved,) = settings.house_dir("nogizaka").glob("*.toml")
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('multiple_ron = ["nearest-clockwise"]', "multiple_ron = 3", 1), encoding="utf-8")
    for name in ("ledger", "score_manual", "rules"):
        at = open_page(name, "nogizaka")
        assert not at.exception, (name, [e.value for e in at.exception])
        assert [e.value for e in at.error if "multiple_ron" in e.value], name
    at = open_page("rules", "nogizaka")
    at.button(key="rules_reset").click().run()  # the way back
    assert settings.edited_path("nogizaka") is None and not at.error


def test_a_table_of_more_players_than_a_table_seats_is_refused_at_save(home):
    """``players_max = 6`` was saved; a match of six then scored a hand of seat 5 as an IndexError (seat winds)."""
    from scorer import GameFileError

    text = settings.game_text("nogizaka").replace("players_max = 4", "players_max = 6", 1)
    with pytest.raises(GameFileError, match=r"win\.players_max: must be at most 4 .*\(got 6\)") as info:
        settings.save_house_table("nogizaka", text)
    assert "4 以下にしてください (いま 6)" in info.value.message_ja
    assert settings.edited_path("nogizaka") is None


def test_an_edit_of_the_honba_amounts_mid_match_does_not_change_a_match_under_way(home):
    """A hand was scored with the honba amounts of the table in use: an organiser's edit mid-match
    (``honba_ron`` 300 to 1,500) changed what a counter was worth in a match already started."""
    from scorer import score
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(settings.app_game("tokyo-mahjong"), ["E", "S", "W", "N"])
    ledger.add_draw(match)  # nobody tenpai: the deal moves to S, one honba
    settings.save_house_table("tokyo-mahjong", settings.game_text("tokyo-mahjong").replace(
        "honba_ron = 300", "honba_ron = 1500", 1))
    at = open_page("score_manual", "tokyo-mahjong")
    at.text_input(key="manual_typed").set_value("234m456p678s22z555z")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()
    assert at.number_input(key="manual_honba").value == 1
    at.selectbox(key="manual_winner").set_value(2).run()
    at.selectbox(key="manual_seat").set_value("south").run()  # S deals: W sits south
    at.selectbox(key="manual_discarder").set_value(0).run()
    at.button(key="manual_add_ledger").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (_, hand) = ledger.hands(match)
    plain = score("tokyo-mahjong", "234m456p678s22z555z", win="ron", seat="south").points
    assert dict(hand.payments) == {0: plain + 300}
    # a match started after the edit: its honba is the edit's
    later = ledger.new_match(settings.app_game("tokyo-mahjong"), ["E", "S", "W", "N"])
    assert ledger.match(later).rules.honba_ron == 1500
