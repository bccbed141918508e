"""Session 58 (u1, walk w2): the Rules page's list of the shipped table's changes for homes made by older tilelens
versions; a shipped change never undoes a club's rule in silence.

1. A Tokyo Mahjong edit saved by an older tilelens (its base not known) with the club's ``open_tanyao = false`` beside
   ``kiriage = true``: one checkbox, said by its kiriage alone, held both lines; ticked and taken, it wrote the shipped
   ``open_tanyao = true`` over the club's, and the page said "what your club changed is as it was". A box a rule now,
   and that sentence only where it is true.
2. A Nogizaka edit of the same age: the list said raw keys (`attribute_values`, `house.defaults`,
   `table.keep_on_dealer_win`, `yaku[0].description`, Tokyo's `table`), offered lines that change nothing (the
   ledger's keep-on-win and keep-on-draw as its defaults), and said nothing of the club's description quoting the
   shipped 60 under the club's 90.
3. An edit whose base is known, where the shipped table changed in words alone (descriptions, readings): the page said
   "the edited table still scores by the old rules".
4. A Tokyo edit made from the shipped table before pao, nagashi and the reverse mangan chombo were played by default:
   "Your edit already has the shipped table's changes", and not a word of the rules new matches now play.
"""
from __future__ import annotations

import pytest
from app_helpers import open_page

from app import settings
from tilelens.home import record_made_from


def _shipped(game_id: str) -> str:
    return settings.shipped_path(game_id).read_text(encoding="utf-8")


def _edit(game_id: str, text: str, made_from: str | None = None) -> None:
    """A saved edit of ``game_id`` as an older tilelens left it: with the shipped text it was made from, or without
    (saved before tilelens kept it)."""
    folder = settings.house_dir(game_id)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "0.toml"
    path.write_text(text, encoding="utf-8")
    if made_from is not None:
        record_made_from(path, made_from)


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


def _cut(text: str, first: str, last_prefix: str | None = None) -> str:
    """``text`` without the lines from the one starting with ``first`` through the last one after it starting with
    ``last_prefix`` (that line alone where none is given)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(first))
    end = start + 1
    if last_prefix is not None:
        while end < len(lines) and lines[end].startswith(last_prefix):
            end += 1
    return "\n".join(lines[:start] + lines[end:])


def _tokyo_before_options() -> str:
    """Tokyo Mahjong's table as tilelens shipped it before pao, nagashi and a riichi chombo were played by default
    (no "House options" comments); as 8882f7a shipped it, without its ``[table]`` either (``table=False``)."""
    return _cut(_shipped("tokyo-mahjong"), "# House options left at their defaults", "#")


def _tokyo_club(text: str) -> str:
    """The club's rules: no open tanyao, kiriage mangan."""
    out = text.replace("open_tanyao = true ", "open_tanyao = false").replace("kiriage = false", "kiriage = true ")
    assert out != text
    return out


# ---- 1. a box a rule -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, kiriage, tanyao, as_was, taken", [
    ("en", "kiriage", "tanyao", "what your club changed is as it was", "the ticked lines now read as today's"),
    ("ja", "切り上げ", "喰いタン", "クラブで変えたところはそのままです", "いまの同梱の表と同じ")])
def test_each_rule_its_own_box_and_taking_one_keeps_the_other(home, lang, kiriage, tanyao, as_was, taken):
    old = _cut(_tokyo_before_options(), "# ---- the table between hands", "")  # 8882f7a's: no [table] either
    _edit("tokyo-mahjong", _tokyo_club(old))
    at = open_page("rules", "tokyo-mahjong", lang)
    boxes = _boxes(at)
    assert not any("`table`" in label for label in boxes), list(boxes)  # the ledger's defaults restated: not offered
    assert len(boxes) == 2, list(boxes)
    (kiriage_box,) = [box for label, box in boxes.items() if kiriage in label]
    (tanyao_box,) = [box for label, box in boxes.items() if tanyao in label]
    assert kiriage_box is not tanyao_box
    kiriage_box.check().run()
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    text = settings.game_text("tokyo-mahjong")
    assert "\nkiriage = false" in text and "\nopen_tanyao = false" in text  # the club's open tanyao kept
    said = " ".join(s.value for s in at.success)
    assert as_was not in said and taken in said, said


# ---- 2. words, and nothing offered that changes nothing --------------------------------------------------------------
def _nogizaka_8882() -> str:
    """Nogizaka's table as 8882f7a shipped it (no colour names, the organiser's tiles alone, the ledger's defaults
    not written, a description quoting the amounts), edited by the club (a basic set 90)."""
    text = _cut(_shipped("nogizaka"), "# The colours as the Almighty tiles name them", "#")
    text = _cut(text, "[attribute_values.colour]", ("pink", "lightblue", "yellow", "green"))
    text = text.replace('defaults = ["tiles", "yaku"]', 'defaults = ["tiles"]')
    text = _cut(_cut(text, "keep_on_dealer_win = true"), 'keep_on_draw = "dealer-riichi"')
    text = text.replace("points = 60", "points = 90", 1)
    text = text.replace('description = "three sets of one member each"',
                        'description = "three sets of one member each (ron: 60 from the discarder; tsumo: 20 from each '
                        'other player)"')
    text = text.replace('description_ja = "同じメンバー3枚のセット3つ"',
                        'description_ja = "同じメンバー3枚のセット3つ (ロン: 放銃した人から60、ツモ: ほかの人から20ずつ)"')
    assert "keep_on" not in text and "ron: 60" in text and "attribute_values" not in text
    return text


@pytest.mark.parametrize("lang, colours, parts, description, amounts", [
    ("en", ("pink", "light blue"), "What the organiser may change", "The description of the yaku “Basic set”",
     "90 points"),
    ("ja", ("ピンク", "水色"), "主催者が変えてよい部分", "役「基本セット」の説明", "90点")])
def test_an_older_edit_is_said_in_words_and_nothing_is_offered_that_changes_nothing(home, lang, colours, parts,
                                                                                      description, amounts):
    _edit("nogizaka", _nogizaka_8882())
    at = open_page("rules", "nogizaka", lang)
    labels = list(_boxes(at))
    assert not any("`" in label for label in labels), labels  # no raw keys
    assert len(labels) == 4, labels  # colour names, the organiser's parts, the points, the description
    assert any(all(c in label for c in colours) for label in labels), labels
    assert any(parts in label for label in labels), labels
    (said,) = [label for label in labels if description in label]
    assert amounts in said  # the club's description quotes amounts its table does not pay


# ---- 3. words alone --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, old_rules, words", [("en", "still scores by the old rules", "only in words"),
                                                    ("ja", "古い表のルールのまま採点しています", "ことばだけ")])
def test_an_update_of_words_alone_says_so(home, lang, old_rules, words):
    now = _shipped("nogizaka")
    then = _cut(now, 'reading = "みりあ"').replace('description = "three sets of one member each"',
                                                  'description = "three sets of one member each (ron: 60)"')
    _edit("nogizaka", then.replace("points = 60", "points = 90", 1), made_from=then)
    at = open_page("rules", "nogizaka", lang)
    warned = " ".join(w.value for w in at.warning)
    assert len(_boxes(at)) == 2
    assert old_rules not in warned and words in warned, warned


def test_the_score_page_does_not_warn_of_rules_missing_for_an_update_of_words(home):
    now = _shipped("nogizaka")
    then = now.replace('description = "three sets of one member each"',
                       'description = "three sets of one member each (ron: 60)"')
    _edit("nogizaka", then.replace("points = 60", "points = 90", 1), made_from=then)
    at = open_page("score_manual", "nogizaka", "en")
    said = " ".join(c.value for c in at.caption)
    assert "Scoring with the edited table" in said and "may be missing" not in said, said


def test_an_update_of_a_rule_still_says_the_edit_scores_by_the_old_rules(home):
    now = _shipped("nogizaka")
    then = now.replace("penalty = 300", "penalty = 200", 1)
    assert then != now
    _edit("nogizaka", then.replace("points = 60", "points = 90", 1), made_from=then)
    at = open_page("rules", "nogizaka", "en")
    assert any("still scores by the old rules" in w.value for w in at.warning)


# ---- 4. rules played by default since --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, named", [("en", ("pao", "nagashi", "chombo", "`pao = false`")),
                                         ("ja", ("包", "流し満貫", "チョンボ", "`pao = false`"))])
def test_rules_played_by_default_since_the_base_are_named_once(home, lang, named):
    then = _tokyo_before_options()
    _edit("tokyo-mahjong", _tokyo_club(then), made_from=then)
    at = open_page("rules", "tokyo-mahjong", lang)
    notes = [i.value for i in at.info if all(word in i.value for word in named)]
    assert len(notes) == 1, [i.value for i in at.info]
    at.button(key="rules_keep_edit").click().run()  # seen: the edit counts as made from today's table
    assert not any(named[0] in i.value for i in at.info)


def test_a_rule_the_club_sets_is_not_named(home):
    then = _tokyo_before_options()
    _edit("tokyo-mahjong", _tokyo_club(then).replace("[riichi]\n", "[riichi]\npao = false\n"), made_from=then)
    at = open_page("rules", "tokyo-mahjong", "en")
    (note,) = [i.value for i in at.info if "nagashi" in i.value]
    assert "chombo" in note and "pao" not in note
