"""Session 54: a house table saved by a tilelens older than the record of the shipped table an edit was made from
(9493090) has no ``.<name>.shipped`` beside it, so the Rules page never said that the box had changed since, and
the edit kept scoring by its whole old copy. The upgrade walkthrough's Cinderella Girls edit, saved at 5b77c0f to
switch the 担当 bonus off (favourite_multiplier = 1), lost the box's later ``win.ron_on_almighty = false``: a ron
on a discarded Almighty won, in silence. Such an edit now lists where it differs from today's shipped table (its
own changes among them: what it was made from is not known). Also: the Label page's label of a tile kind the table
in use lacks (a kind it dropped is a warning now, no longer an error) fits both cases."""
from __future__ import annotations

import pytest

from app_helpers import open_page
from test_label_house_table_54 import dataset, house_text, opened, shipped_names

from app import settings

GAME = "cinderella-neo"
RON_RULE = "ron_on_almighty = false"


def old_edit() -> str:
    """The walkthrough's edit as a tilelens before ``ron_on_almighty`` shipped saved it: the 担当 bonus off, no
    ``ron_on_almighty`` line (the box had none then)."""
    box = settings.shipped_path(GAME).read_text(encoding="utf-8")
    line = next(line for line in box.splitlines(keepends=True) if line.startswith(RON_RULE))
    return box.replace(line, "", 1).replace("favourite_multiplier = 2", "favourite_multiplier = 1", 1)


def place_old_edit(text: str | None = None) -> None:
    """An edit where an older tilelens saved it: ``games/<id>/<hash>.toml``, no record beside it."""
    folder = settings.house_dir(GAME)
    folder.mkdir(parents=True)
    (folder / "4c9615287eda.toml").write_text(old_edit() if text is None else text, encoding="utf-8")


def test_an_edit_saved_by_an_older_tilelens_lists_where_it_differs_from_the_shipped_table(home):
    place_old_edit()
    assert settings.made_from_unknown(GAME)
    diff = settings.shipped_changes(GAME)
    assert diff is not None and f"+{RON_RULE}" in diff  # the box's rule the edit lacks
    # its own change is listed too (what it was made from is not known): the organiser tells which is which
    assert "-favourite_multiplier = 1" in diff and "+favourite_multiplier = 2" in diff
    assert "older tilelens" in diff.splitlines()[0]


def test_keeping_the_old_edit_records_today_s_table_and_later_updates_are_said_as_for_any_edit(home):
    place_old_edit()
    settings.keep_edit_over_shipped(GAME)
    assert not settings.made_from_unknown(GAME) and settings.shipped_changes(GAME) is None
    assert settings.game_text(GAME) == old_edit()  # the edit itself unchanged


def test_an_edit_saved_over_an_old_one_still_lists_the_differences(home):
    """The organiser edits the old table again: the new edit is still of an unknown shipped table."""
    place_old_edit()
    settings.save_house_table(GAME, settings.game_text(GAME).replace("# 担当", "# 担当 (off at our club)", 1))
    assert settings.made_from_unknown(GAME)
    assert f"+{RON_RULE}" in settings.shipped_changes(GAME)


def test_an_old_edit_that_is_the_shipped_table_says_nothing(home):
    place_old_edit(settings.game_text(GAME).replace("\n", "\r\n") + "\n\n")  # saved on Windows, blank lines after
    assert settings.shipped_changes(GAME) is None


def test_an_edit_saved_now_is_not_said_to_be_an_older_tilelens_s(home):
    assert not settings.made_from_unknown(GAME)  # no edit
    settings.save_house_table(GAME, old_edit())
    assert not settings.made_from_unknown(GAME) and settings.shipped_changes(GAME) is None


def test_an_added_game_s_edit_without_a_record_says_nothing(home):
    """An added game's table is the club's file, which no tilelens update changes."""
    text = settings.game_text("nogizaka").replace('id = "nogizaka"', 'id = "club"', 1)
    text = text.replace('name_en = "', 'name_en = "Club ', 1).replace('name_ja = "', 'name_ja = "クラブ', 1)
    settings.add_game(text)
    folder = settings.house_dir("club")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text(text.replace("points = 60", "points = 90", 1), encoding="utf-8")
    assert settings.edited_path("club") is not None
    assert not settings.made_from_unknown("club") and settings.shipped_changes("club") is None


@pytest.mark.parametrize("lang, said, diff", [
    ("en", "saved by an older tilelens", "How the edit differs from today's shipped table"),
    ("ja", "古い tilelens で保存した", "編集した表といまの同梱の表の違い")])
def test_the_rules_page_warns_of_an_old_edit_and_shows_the_box_s_rule_it_lacks(home, lang, said, diff):
    place_old_edit()
    at = open_page("rules", GAME, lang)
    assert not at.exception, [e.value for e in at.exception]
    assert any(said in w.value for w in at.warning) and any(f"+{RON_RULE}" in c.value for c in at.code)
    assert any(diff in e.label for e in at.expander)
    assert not any("tilelens was updated" in w.value or "tilelens の更新" in w.value for w in at.warning)
    at.button(key="rules_keep_edit").click().run()
    assert not any(RON_RULE in c.value for c in at.code)
    assert settings.game_text(GAME) == old_edit()


def test_a_kind_the_table_lacks_is_labelled_so_on_a_japanese_label_page(home, tmp_path):
    """A kind the house table dropped (a warning) and one no table has (an error) share the label."""
    settings.save_house_table("nogizaka", house_text())
    at = opened(dataset(tmp_path / "ds", (*shipped_names(), "zzz")), "ja", select=False)
    dropped = [w.value for w in at.warning if "himetan" in w.value]
    unknown = [e.value for e in at.error if "zzz" in e.value]
    assert dropped and unknown, (dropped, unknown)
    for said in (*dropped, *unknown):
        assert "【この表にない牌の種類】" in said and "知らない" not in said, said
