"""The house-table journey on the Rules page (session 52): an edited table is never called official; Save with no
change writes nothing; one edit file per game, older ones kept in ``history/``; Restore asks first and moves the
edits aside rather than deleting them; tidy words (tiles table, amounts in fans, paths said short)."""
import os
import time

import pytest

from app_helpers import texts
from streamlit.testing.v1.element_tree import Block

from app import settings
from scorer import GameFileError


def _edit(game_id: str, old: str, new: str) -> str:
    text = settings.game_text(game_id)
    assert old in text
    return text.replace(old, new, 1)


def _tomls(game_id: str) -> list[str]:
    return sorted(p.name for p in settings.house_dir(game_id).glob("*.toml"))


def test_an_edited_riichi_table_is_never_called_official(home, page):
    settings.save_house_table("tokyo-mahjong", _edit("tokyo-mahjong", "red_fives = true", "red_fives = false"))
    for lang, official in (("en", "Official table"), ("ja", "公式の表")):
        at = page("rules", "tokyo-mahjong", lang)
        assert official not in texts(at), texts(at)


def test_save_with_no_change_writes_nothing_and_says_so(home, page):
    at = page("rules", "nogizaka")
    at.button(key="rules_save").click().run()
    assert "Nothing changed: the table is as it was." in texts(at)
    assert settings.edited_path("nogizaka") is None and _tomls("nogizaka") == []
    assert settings.save_house_table("nogizaka", settings.game_text("nogizaka")) is None


def test_save_with_no_change_of_a_broken_table_says_what_is_wrong(home):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "abc.toml").write_text('id = "nogizaka"\nhand_size = "lots"\n', encoding="utf-8")
    with pytest.raises(GameFileError, match="hand_size"):
        settings.save_house_table("nogizaka", settings.game_text("nogizaka"))


def test_saving_the_shipped_text_over_an_edit_is_the_shipped_table_again(home):
    shipped = settings.game_text("nogizaka")
    settings.save_house_table("nogizaka", _edit("nogizaka", "points = 60", "points = 90"))
    settings.save_house_table("nogizaka", shipped)
    assert settings.edited_path("nogizaka") is None and settings.shipped_changes("nogizaka") is None


def test_one_edit_file_per_game_older_ones_in_history(home):
    settings.save_house_table("nogizaka", _edit("nogizaka", "points = 60", "points = 90"))
    first = settings.edited_path("nogizaka")
    settings.save_house_table("nogizaka", _edit("nogizaka", "points = 90", "points = 100"))
    (newest,) = settings.house_dir("nogizaka").glob("*.toml")
    assert newest == settings.edited_path("nogizaka") != first and not first.exists()
    (old,) = [p for p in (settings.house_dir("nogizaka") / "history").glob("*.toml")
              if "points = 90" in p.read_text(encoding="utf-8")]  # the edit moved aside (a Save keeps its own too)
    assert "points = 90" in old.read_text(encoding="utf-8")
    later = time.time() + 60
    os.utime(old, (later, later))  # an older edit touched by hand is not brought back silently
    assert settings.edited_path("nogizaka") == newest


def test_restore_asks_first_and_moves_the_edits_aside(home, page):
    settings.save_house_table("nogizaka", _edit("nogizaka", "points = 60", "points = 90"))
    at = page("rules", "nogizaka")
    (box,) = [b for b in _blocks_of(at, "popover") if _has_button(b, "rules_reset")]
    assert box.proto.popover.label == "Restore the shipped default"
    assert "$TILELENS_HOME/games/nogizaka/history" in texts(at)  # where the edits will go, said before
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("nogizaka") is None and _tomls("nogizaka") == []
    (kept,) = (settings.house_dir("nogizaka") / "history").glob("*.toml")
    assert "points = 90" in kept.read_text(encoding="utf-8")
    assert "$TILELENS_HOME/games/nogizaka/history" in texts(at)  # said where, after


def _blocks_of(at, kind):
    found, todo = [], list(at.main.children.values())
    while todo:
        node = todo.pop()
        proto = getattr(node, "proto", None)
        if isinstance(node, Block) and proto is not None and node.type == kind:
            found.append(node)
        todo += list(getattr(node, "children", {}).values())
    return found


def _has_button(block, key):
    todo = list(block.children.values())
    while todo:
        node = todo.pop()
        if getattr(node, "key", None) == key:
            return True
        todo += list(getattr(node, "children", {}).values())
    return False


def test_a_broken_edit_is_named_by_its_short_path(home, page):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "abc.toml").write_text('id = "nogizaka"\nhand_size = "lots"\n', encoding="utf-8")
    at = page("rules", "nogizaka")
    shown = " ".join(e.value for e in at.error)
    assert "$TILELENS_HOME/games/nogizaka/abc.toml" in shown and str(folder) not in shown, shown


def test_tiles_table_of_tokyo_mahjong_has_word_headers_and_no_almighty(home, page):
    for lang, want in (("en", {"ID", "Copies", "Suit", "Rank"}), ("ja", {"ID", "枚数", "種類", "数"})):
        at = page("rules", "tokyo-mahjong", lang)
        columns = set(at.dataframe[0].value.columns)
        assert want <= columns and not columns & {"Almighty", "オールマイティ", "id", "copies", "suit", "rank"}, columns


def test_cinderella_start_is_said_in_fans_plainly(home, page):
    said = texts(page("rules", "cinderella-neo"))
    assert "Everyone starts with 1,000,000 fans (100 x10,000 in the ledger)." in said, said


def test_shipped_table_said_once_and_add_help_points_up_and_plainly(home, page):
    at = page("rules", "nogizaka")
    said = texts(at)
    assert "Scoring with the shipped default table." not in said or "House table" not in said
    assert "“Edit the table” below" not in said and "“Edit the table” above" in said
    assert "Saved in $TILELENS_HOME" not in said
    ja = texts(page("rules", "nogizaka", "ja"))
    assert "下の「表を編集」" not in ja.split("ゲームを追加")[-1] and "上の「表を編集」" in ja


def test_saving_the_shipped_text_over_an_edit_leaves_no_check_file_in_history(tmp_path, monkeypatch):
    """save_house_table's hidden .check-*.toml, in the folder while it restores, was moved into history/ too."""
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    from app import settings

    shipped = settings.game_text("nogizaka")
    settings.save_house_table("nogizaka", shipped.replace("points = 60", "points = 90", 1))
    settings.save_house_table("nogizaka", shipped)
    history = tmp_path / "home" / "games" / "nogizaka" / "history"
    assert [p.name for p in history.iterdir() if ".check-" in p.name] == []
    assert len([p for p in history.glob("*.toml")]) == 1  # the edit, moved aside
