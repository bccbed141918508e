"""Session 55 (f25, re-walk r1): the Rules page's list of the shipped table's changes, from a phone in Japanese.

1. A changed tile read 「いまの同梱の表では 枚数 4、メンバー さゆりん、…」: now 「いまの同梱の表では4枚・メンバーはさゆりん、…」.
2. A changed rule line (the chombo penalty 300 -> 200) was two lines, has and has-not, joined by 「 / 」: one line.
3. Taking some of the changes dropped the unticked ones unsaid: the message says how many were left as the edit has
   them, and that they are not asked again.
4. On a page left open while another device took the changes, 「印をつけた変更を取り込む」 did nothing and said
   nothing: it says they were taken already.
5. 「ハウスルール (既定値、主催者が編集できます)」 under 「編集した表で採点しています」: the label of an edited table
   says so.
6. Sentences joined by a colon in the Rules page's strings: two sentences."""
from __future__ import annotations

import pytest
import test_rules_shipped_changed as changed
from app_helpers import open_page

from app import settings
from app.components.i18n import STRINGS
from app.components.rules_view import RULES_STRINGS

shipped = changed.shipped  # the fixture: a copy of Nogizaka's shipped file that a test changes as an update would


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


def _update_three(path) -> None:
    """The club's edit (a yaku's points 60 -> 90), then tilelens updated: みさ先輩 4 copies and さゆりん's member, the
    chombo penalty 300 -> 200."""
    text = path.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1))
    lines = text.split("\n")
    lines[next(i for i, line in enumerate(lines) if line == "copies = 6")] = "copies = 4"
    text = "\n".join(lines).replace("penalty = 300", "penalty = 200", 1)
    path.write_text(text.replace('member = "misa-senpai"', 'member = "sayurin"', 1), encoding="utf-8")


def test_a_changed_tile_is_said_in_natural_japanese(shipped):
    _update_three(shipped)
    labels = list(_boxes(open_page("rules", "nogizaka", "ja")))
    # session 58: each key its own box (a club's line beside a shipped change is never taken with it)
    assert "牌「みさ先輩」: いまの同梱の表では4枚、編集した表では6枚" in labels, labels
    assert "牌「みさ先輩」: いまの同梱の表ではメンバーはさゆりん、編集した表ではメンバーはみさ先輩" in labels, labels


@pytest.mark.parametrize("lang, rule", [("ja", "ルール"), ("en", "A rule")])
def test_a_changed_rule_is_one_line(shipped, lang, rule):
    _update_three(shipped)
    labels = [label for label in _boxes(open_page("rules", "nogizaka", lang)) if "200" in label]
    assert len(labels) == 1, labels
    (label,) = labels
    assert " / " not in label and "300" in label and label.startswith(rule), label


@pytest.mark.parametrize("lang, left", [("ja", "残りの1件は編集した表のままにしました"), ("en", "The 1 left unticked stays")])
def test_the_changes_left_unticked_are_said(shipped, lang, left):
    _update_three(shipped)
    at = open_page("rules", "nogizaka", lang)
    boxes = _boxes(at)
    next(box for label, box in boxes.items() if "200" in label).uncheck().run()
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    (said,) = [s.value for s in at.success]
    assert left in said, said
    assert "penalty = 300" in settings.game_text("nogizaka")  # the one unticked: as the edit has it


@pytest.mark.parametrize("lang, already", [("ja", "もう取り込まれています"), ("en", "already taken in")])
def test_a_page_left_open_while_another_device_took_the_changes_says_so(shipped, lang, already):
    _update_three(shipped)
    phone = open_page("rules", "nogizaka", lang)
    laptop = open_page("rules", "nogizaka", "en")
    laptop.button(key="rules_take").click().run()
    assert settings.shipped_changes("nogizaka") is None
    phone.button(key="rules_take").click().run()
    assert not phone.exception, [e.value for e in phone.exception]
    said = [i.value for i in phone.info if already in i.value]
    assert len(said) == 1, [a.value for a in (*phone.info, *phone.success, *phone.warning)]
    phone.run()  # said of that tap only
    assert not [i.value for i in phone.info if already in i.value]


def test_a_take_on_the_page_itself_is_not_said_to_be_taken_already(shipped):
    _update_three(shipped)
    at = open_page("rules", "nogizaka", "en")
    at.button(key="rules_take").click().run()
    assert at.success and not [i.value for i in at.info if "already" in i.value], [i.value for i in at.info]


@pytest.mark.parametrize("lang, default", [("ja", "既定値"), ("en", "a default")])
def test_an_edited_table_is_not_labelled_the_default(home, lang, default):
    settings.save_house_table("nogizaka", settings.game_text("nogizaka").replace("points = 60", "points = 90", 1))
    at = open_page("rules", "nogizaka", lang)
    house = [i.value for i in at.info if "ハウスルール" in i.value or "House table" in i.value]
    assert len(house) == 1 and default not in house[0], house


def test_the_shipped_table_with_house_defaults_is_still_labelled_the_default(home):
    at = open_page("rules", "nogizaka", "ja")
    assert [i.value for i in at.info if i.value == STRINGS["house_table"][0]]


@pytest.mark.parametrize("table, key", [(RULES_STRINGS, "nothing_changed"), (RULES_STRINGS, "add_not_utf8")])
def test_two_sentences_are_not_joined_by_a_colon(table, key):
    ja = table[key][0]
    assert "ん: " not in ja and ja.endswith("。"), ja


def test_keep_on_a_page_left_open_while_another_device_took_the_changes_says_so(shipped):
    _update_three(shipped)
    phone = open_page("rules", "nogizaka", "ja")
    laptop = open_page("rules", "nogizaka", "en")
    laptop.button(key="rules_take").click().run()
    phone.button(key="rules_keep_edit").click().run()
    assert not phone.exception, [e.value for e in phone.exception]
    assert [i.value for i in phone.info if "もう取り込まれています" in i.value], [i.value for i in phone.info]
