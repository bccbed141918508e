"""An organiser's house table is a whole copy of the game file: when tilelens is updated and its shipped table
changes, the copy keeps the old one's rules, and nothing said so. The Rules page says it now, with what the
shipped table changed, until the organiser restores the default or keeps the edit knowingly. Also: local yaku
listed on the page but never scored, with nothing saying how to switch them on."""
import pytest
from app_helpers import texts

from app import settings


@pytest.fixture
def shipped(home, tmp_path, monkeypatch):
    """Nogizaka's shipped file as a copy this test may change, as an update of tilelens would."""
    path = tmp_path / "shipped-nogizaka.toml"
    path.write_text(settings.shipped_path("nogizaka").read_text(encoding="utf-8"), encoding="utf-8")
    real = settings.shipped_path
    monkeypatch.setattr(settings, "shipped_path", lambda game_id: path if game_id == "nogizaka" else real(game_id))
    return path


def _update(path):
    """The shipped table as a later tilelens ships it: the chombo penalty corrected."""
    path.write_text(path.read_text(encoding="utf-8").replace("penalty = 300", "penalty = 200", 1), encoding="utf-8")


def test_an_edit_says_when_the_shipped_table_changed_since_and_what_changed(shipped):
    mine = shipped.read_text(encoding="utf-8").replace("points = 60", "points = 90", 1)
    settings.save_house_table("nogizaka", mine)
    assert settings.shipped_changes("nogizaka") is None  # made from the table shipped now
    _update(shipped)
    diff = settings.shipped_changes("nogizaka")
    assert "-penalty = 300" in diff and "+penalty = 200" in diff and "points" not in diff
    # a second save of the edit is still an edit of the old shipped table: the news stays
    settings.save_house_table("nogizaka", mine.replace("points = 90", "points = 80", 1))
    assert "+penalty = 200" in settings.shipped_changes("nogizaka")
    settings.keep_edit_over_shipped("nogizaka")
    assert settings.shipped_changes("nogizaka") is None
    settings.reset_house_table("nogizaka")
    # nothing of it left in use: the edits are moved aside into history/ (kept, never played)
    assert [p.name for p in settings.house_dir("nogizaka").iterdir()] == ["history"]


def test_no_news_without_an_edit_and_every_difference_for_an_edit_saved_before_it_was_recorded(shipped):
    assert settings.shipped_changes("nogizaka") is None
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    _update(shipped)
    assert "+penalty = 200" in settings.shipped_changes("nogizaka")  # not known what it was made from: all differences


@pytest.mark.parametrize("lang, said, keep", [("en", "shipped table has changed", "Keep my edit"),
                                              ("ja", "同梱の表が変わりました", "編集した表のまま使う")])
def test_the_rules_page_says_the_shipped_table_changed_and_the_edit_can_be_kept(shipped, page, lang, said, keep):
    at = page("rules", "nogizaka", lang)
    text = at.text_area(key="rules_text_nogizaka").value.replace("points = 60", "points = 90", 1)
    at.text_area(key="rules_text_nogizaka").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert said not in texts(at)
    _update(shipped)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(said in w.value for w in at.warning)
    assert any("+penalty = 200" in c.value for c in at.code)
    assert keep in at.button(key="rules_keep_edit").label
    at.button(key="rules_keep_edit").click().run()
    assert not any(said in w.value for w in at.warning)
    assert settings.game_text("nogizaka") == text  # the edit itself unchanged


@pytest.mark.parametrize("lang, said", [("en", "scored only if the club switches them on"),
                                        ("ja", "クラブで使うと決めたときだけ採点します")])
def test_local_yaku_listed_say_they_are_not_scored_and_how_to_switch_them_on(home, page, lang, said):
    at = page("rules", "cinderella-neo", lang)  # said to a player in words; the key in the organisers' editor
    assert any(said in c.value and "local = true" not in c.value for c in at.caption)
    assert any("`local = true`" in c.value for c in at.caption)
    at = page("rules", "nogizaka", lang)  # no local yaku: nothing said
    assert not any(said in c.value or "local = true" in c.value for c in at.caption)
