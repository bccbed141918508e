"""Session 55 (f17, walkthrough w5): the Rules page never crashes on an edit, and a phone sees no laptop path.

1. An edit whose changes since the shipped table each make a table the ledger refuses when taken alone (an older
   edit with start_points = 3000 and ends_at_or_below = 2500: without the first line alone, 1000 <= 2500), or whose
   record of the shipped table it was made from has a ``[table]`` today's ledger refuses (a value, an old key): the
   page was a traceback, and the editor with its Restore, drawn after, never came. Now such a change is said as not
   to be taken in by itself, and the editor is always drawn, even where the news of the box fails as a whole.
2. A phone was shown the laptop's paths: the target of an edit that is a link to no file (every page's game picker),
   and the full path of an edit saved in another encoding (the Rules page).
3. A game added under a name that looks like a shipped game's (a zero-width space in it) was taken: the picker
   showed two identical names.
"""
from __future__ import annotations

import pytest
from app_helpers import open_page, texts
from screen_words import gather

from app import settings
from scorer import GameFileError

SEAM = "TILELENS_VISITOR"  # app.components.visitor.SEAM: "network" makes every visitor a phone
KD = 'keep_on_draw = "dealer-riichi"'


def _shipped() -> str:
    return settings.shipped_path("nogizaka").read_text(encoding="utf-8")


def _older_cross() -> None:
    """An edit saved by an older tilelens (no record of its base): start 3000, a match ends at 2500 or below."""
    text = (_shipped().replace("keep_on_dealer_win = true", "start_points = 3000\nkeep_on_dealer_win = true", 1)
            .replace('multiple_ron = ["nearest-clockwise"]',
                     'multiple_ron = ["nearest-clockwise"]\nends_at_or_below = 2500', 1))
    settings.save_house_table("nogizaka", text)
    for record in settings.house_dir("nogizaka").glob(".*.shipped"):
        record.unlink()
    assert settings.made_from_unknown("nogizaka")


def _record(text: str) -> None:
    """An edit (keep_on_draw = "never") whose record of the shipped table it was made from is ``text``."""
    settings.save_house_table("nogizaka", _shipped().replace(KD, 'keep_on_draw = "never"', 1))
    record = next(settings.house_dir("nogizaka").glob(".*.shipped"))
    record.write_text(text, encoding="utf-8")


STATES = {
    "older-cross": _older_cross,
    "bad-value": lambda: _record(_shipped().replace(KD, 'keep_on_draw = "sometimes"', 1)),
    "old-key": lambda: _record(_shipped().replace(KD, KD + "\nstart_point = 2000", 1)),
}


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("state", list(STATES))
def test_an_edit_whose_changes_the_ledger_refuses_alone_is_no_crash_and_can_be_restored(home, state, lang):
    STATES[state]()
    at = open_page("rules", "nogizaka", lang)  # asserts no exception
    assert at.warning, texts(at)  # the news of the box is said
    assert at.button(key="rules_reset")  # the editor is there, its Restore with it
    assert at.text_area(key="rules_text_nogizaka").value == settings.game_text("nogizaka")
    at.button(key="rules_reset").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert settings.edited_path("nogizaka") is None


ALONE = {"en": "cannot be taken in by itself", "ja": "単独では取り込めません"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_change_that_makes_a_table_the_ledger_refuses_alone_is_said_so_and_not_ticked(home, lang):
    _older_cross()
    at = open_page("rules", "nogizaka", lang)
    boxes = _boxes(at)
    assert len(boxes) == 2, list(boxes)  # the start_points line and the ends_at_or_below line
    start = [box for label, box in boxes.items() if "start_points" in label]
    assert len(start) == 1 and start[0].disabled and not start[0].value, list(boxes)
    said = [c.value for c in at.caption if ALONE[lang] in c.value]
    assert said and all("ends_at_or_below" in s for s in said), [c.value for c in at.caption]
    assert not any("<table>" in s for s in gather(at))  # the throw-away source name of the check is not shown


@pytest.mark.parametrize("lang, said", [("en", "could not be listed"), ("ja", "一覧にできませんでした")])
def test_the_editor_is_drawn_even_where_the_news_of_the_box_fails_as_a_whole(home, monkeypatch, lang, said):
    _older_cross()

    def broken(game_id):
        raise RuntimeError("a fault in the news")

    monkeypatch.setattr(settings, "made_from_unknown", broken)
    at = open_page("rules", "nogizaka", lang)  # asserts no exception
    assert any(said in w.value for w in at.warning), [w.value for w in at.warning]
    assert not any("a fault in the news" in s for s in gather(at))
    assert at.button(key="rules_reset") and at.text_area(key="rules_text_nogizaka")


# ---- 2. no laptop path for a phone -----------------------------------------------------------------------------------
def _dangling(tmp_path) -> str:
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    target = tmp_path / "elsewhere" / "gone.toml"
    (folder / "0.toml").symlink_to(target)
    return str(target)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("where", ["score_photo", "rules"])
def test_a_phone_is_not_shown_where_an_edit_that_is_a_link_to_no_file_points(home, monkeypatch, tmp_path, where, lang):
    target = _dangling(tmp_path)
    monkeypatch.setenv(SEAM, "network")
    at = open_page(where, "nogizaka", lang)
    shown = gather(at)
    assert not [s for s in shown if str(tmp_path) in s], [s for s in shown if str(tmp_path) in s]
    assert any("games/nogizaka/0.toml" in e.value for e in at.error), [e.value for e in at.error]
    assert target not in texts(at)


def test_the_laptop_is_shown_where_the_link_points(home, tmp_path):
    target = _dangling(tmp_path)
    at = open_page("score_photo", "nogizaka", "en")
    assert any(target in e.value for e in at.error), [e.value for e in at.error]


def _sjis_edit() -> None:
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_bytes(_shipped().encode("shift_jis", "replace"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_not_shown_the_full_path_of_an_edit_not_in_utf8(home, monkeypatch, lang):
    _sjis_edit()
    monkeypatch.setenv(SEAM, "network")
    at = open_page("rules", "nogizaka", lang)
    home_dir = str(home / "home")
    shown = [s for s in gather(at) if home_dir in s]
    assert not shown, shown
    assert any("games/nogizaka/0.toml" in e.value and "UTF-8" in e.value for e in at.error), \
        [e.value for e in at.error]


def test_the_laptop_is_shown_the_full_path_of_an_edit_not_in_utf8(home):
    _sjis_edit()
    at = open_page("rules", "nogizaka", "en")
    full = str(settings.house_dir("nogizaka") / "0.toml")
    assert any(full in e.value for e in at.error), [e.value for e in at.error]


# ---- 3. look-alike names ---------------------------------------------------------------------------------------------
def _named(en: str, ja: str, game_id: str = "spoof") -> str:
    return (_shipped().replace('id = "nogizaka"', f'id = "{game_id}"', 1)
            .replace('name_en = "Nogizaka Donjara (fan-made)"', f'name_en = "{en}"', 1)
            .replace('name_ja = "乃木坂ドンジャラ"', f'name_ja = "{ja}"', 1))


@pytest.mark.parametrize("en, ja", [
    ("Nogizaka\u200b Donjara (fan-made)", "乃木坂ドンジャラ (クラブ)"),  # a zero-width space in the English name
    ("Club Donjara", "乃木坂\u2060ドンジャラ"),  # a word joiner in the Japanese one
    ("Nogizaka\u00adDonjara (fan-made)", "クラブのドンジャラ"),  # a soft hyphen for the space
    ("\ufeffClub Donjara", "クラブのドンジャラ"),  # a byte-order mark before a name of its own
])
def test_a_name_with_invisible_characters_is_refused(home, en, ja):
    with pytest.raises(GameFileError) as refused:
        settings.add_game(_named(en, ja))
    message = str(refused.value)
    assert "invisible" in message and "U+" in message, message
    assert "見えない文字" in refused.value.message_ja, refused.value.message_ja
    assert "spoof" not in settings.games()


def test_a_name_that_normalises_to_another_s_is_refused(home):
    with pytest.raises(GameFileError, match="is the name of the game"):
        settings.add_game(_named("Ｎｏｇｉｚａｋａ Donjara (fan-made)", "クラブのドンジャラ"))
    settings.add_game(_named("Club Donjara", "クラブのドンジャラ"))  # a name of its own is taken
    assert "spoof" in settings.games()


@pytest.mark.parametrize("lang, said", [("en", "invisible"), ("ja", "見えない文字")])
def test_the_rules_page_refuses_a_look_alike_name_in_one_line(home, lang, said):
    at = open_page("rules", None, lang)
    at.text_area(key="rules_add_text").set_value(_named("Nogizaka\u200b Donjara (fan-made)", "クラブ")).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(said in e.value for e in at.error), [e.value for e in at.error]
    assert "spoof" not in settings.games()
