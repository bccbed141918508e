"""A saved edit is named by the hash of the text saved (``<hash>.toml``); edited by hand in its place, it still bears
that name. Saving that same text again (another phone's editor, or the change typed back) wrote over it, and the hand
edit was in no file (session 61, F8): it goes into ``history/`` first, as any edit a Save replaces does."""
from app import settings
from tilelens import home as tl_home

GAME = "yokai-watch"


def _text(points: int = 120) -> str:
    text = settings.shipped_path(GAME).read_text(encoding="utf-8")
    assert "points = 100" in text
    return text.replace("points = 100", f"points = {points}", 1)


def _kept() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in settings.history_dir(GAME).glob("*.toml")]


def _edit_by_hand(text: str) -> str:
    edit = settings.edited_path(GAME)
    edit.write_text(text, encoding="utf-8")
    return edit.name


def test_the_same_text_saved_again_keeps_the_hand_edit_in_history(home):
    settings.save_house_table(GAME, _text())
    name = _edit_by_hand(_text(150))  # by hand, in the file the text 120 was saved as
    settings.save_house_table(GAME, _text())
    assert settings.edited_path(GAME).name == name and settings.game_text(GAME) == _text()
    assert _kept().count(_text(150)) == 1  # the hand edit, kept once
    assert _kept().count(_text()) == 1  # and the text saved, once


def test_the_hand_edit_kept_with_its_record_of_the_shipped_table(home):
    settings.save_house_table(GAME, _text())
    _edit_by_hand(_text(150))
    settings.save_house_table(GAME, _text())
    (hand,) = [p for p in settings.history_dir(GAME).glob("*.toml") if p.read_text(encoding="utf-8") == _text(150)]
    shipped = settings.shipped_path(GAME).read_text(encoding="utf-8")
    assert tl_home.made_from_path(hand).read_text(encoding="utf-8") == shipped


def test_the_hand_edit_is_the_way_back_from_the_text_saved_again(home):
    settings.save_house_table(GAME, _text())
    _edit_by_hand(_text(150))
    settings.save_house_table(GAME, _text())
    assert settings.last_working_edit(GAME).read_text(encoding="utf-8") == _text(150)
    settings.back_to_last_working(GAME)
    assert settings.game_text(GAME) == _text(150)
    assert _text() in _kept()  # and the text it replaced kept in its turn


def test_a_broken_hand_edit_is_kept_and_the_last_that_worked_still_comes_back(home):
    settings.save_house_table(GAME, _text())
    broken = _text().replace("\n[table]\n", "\n[table\n", 1)
    _edit_by_hand(broken)
    settings.back_to_last_working(GAME)
    assert settings.game_text(GAME) == _text()
    assert _kept().count(broken) == 1


def test_a_hand_edited_copy_in_history_is_never_written_over(home):
    settings.save_house_table(GAME, _text())
    (copy,) = settings.history_dir(GAME).glob("*.toml")
    copy.write_text(_text(150), encoding="utf-8")  # named by when it went there, not by its text
    settings.save_house_table(GAME, _text(130))
    settings.save_house_table(GAME, _text())
    assert copy.read_text(encoding="utf-8") == _text(150)


def test_no_copy_where_the_file_holds_the_text_it_is_named_by(home):
    settings.save_house_table(GAME, _text())
    settings.save_house_table(GAME, _text(130))
    settings.save_house_table(GAME, _text())  # back to 120: its old file was moved aside, nothing written over
    assert sorted(_kept()) == sorted([_text(), _text(130)])
