"""Session 55 (f19, reviews rv1 and rv2): the Rules page's list of what the shipped table changed since an edit.

1. An update that makes one line's change in two places (two members' ``copies = 6`` -> ``copies = 4``) gave two
   checkboxes one key: StreamlitDuplicateElementKey, hidden by the news block's guard as "could not be listed",
   with no button to take either. Each change's key now holds its place.
2. A Cinderella Girls club with a saved house table was given 317 changes to tick after the shipped file's names
   changed (English names, readings, aliases), each saying the tile was the same on both sides. Changes of tiles'
   and units' names alone are one line, ticked where the edit's base is known, taken in together.
3. A changed tile listed every attribute on both sides, a member by its id: only what differs is said now, a member
   by the tile's name.
4. The score pages warned that rules may be missing from the edit whenever the shipped text differed at all (an
   update of comments, or one the edit already had): they warn only where the Rules page lists a change to take.
"""
from __future__ import annotations

import pytest
import test_rules_shipped_changed as changed
from app_helpers import open_page, texts

from app import settings

shipped = changed.shipped  # the fixture: a copy of Nogizaka's shipped file that a test changes as an update would


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


def _copies_update(path, which: tuple[int, ...]) -> None:
    """The club's edit (a yaku's points 60 -> 90), then tilelens updated: the members ``which`` (by their order among
    those with 6 copies) have 4 copies."""
    text = path.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1))
    lines = text.split("\n")
    sixes = [i for i, line in enumerate(lines) if line == "copies = 6"]
    for n in which:
        lines[sixes[n]] = "copies = 4"
    path.write_text("\n".join(lines), encoding="utf-8")


# ---- 1. one line's change made in two places -------------------------------------------------------------------------
@pytest.mark.parametrize("lang, failed", [("en", "could not be listed"), ("ja", "一覧にできませんでした")])
def test_the_same_change_in_two_places_lists_both_with_their_buttons(shipped, lang, failed):
    _copies_update(shipped, (0, 3))
    at = open_page("rules", "nogizaka", lang)
    assert not any(failed in w.value for w in at.warning), [w.value for w in at.warning]
    boxes = _boxes(at)
    assert len(boxes) == 2, list(boxes)
    assert all(box.value and not box.disabled for box in boxes.values())
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    text = settings.game_text("nogizaka")
    assert text.count("copies = 4") == 2 and "points = 90" in text
    assert settings.shipped_changes("nogizaka") is None


# ---- 3. only what differs, a member by its name ----------------------------------------------------------------------
@pytest.mark.parametrize("lang, said", [
    ("ja", "牌「みさ先輩」: いまの同梱の表では4枚、編集した表では6枚"),
    ("en", "The tile “Misa-senpai”: copies 4 in today's shipped table, copies 6 in your edit")])
def test_a_changed_tile_says_only_what_differs(shipped, lang, said):
    _copies_update(shipped, (0,))
    at = open_page("rules", "nogizaka", lang)
    assert list(_boxes(at)) == [said]


@pytest.mark.parametrize("lang, said, ids", [
    ("ja", "牌「みさ先輩」: いまの同梱の表ではメンバーはさゆりん、編集した表ではメンバーはみさ先輩", ("色",)),
    ("en", "The tile “Misa-senpai”: member Sayurin in today's shipped table, member Misa-senpai in your edit",
     ("colour",))])
def test_a_member_is_said_by_its_name(shipped, lang, said, ids):
    text = shipped.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1))
    shipped.write_text(text.replace('member = "misa-senpai"', 'member = "sayurin"', 1), encoding="utf-8")
    at = open_page("rules", "nogizaka", lang)
    labels = list(_boxes(at))
    assert labels == [said], labels
    assert not any(word in labels[0] for word in ("misa-senpai", "sayurin", *ids))


# ---- 2. names alone: one change ---------------------------------------------------------------------------------------
CINDERELLA = "cinderella-neo"


@pytest.fixture
def cinderella(home, tmp_path, monkeypatch):
    """Cinderella Girls' shipped file as a copy a test changes as an update would."""
    path = tmp_path / "shipped-cinderella.toml"
    path.write_text(settings.shipped_path(CINDERELLA).read_text(encoding="utf-8"), encoding="utf-8")
    real = settings.shipped_path
    monkeypatch.setattr(settings, "shipped_path", lambda game_id: path if game_id == CINDERELLA else real(game_id))
    return path


def _names_before(text: str) -> str:
    """The file as shipped before its names were given as fans write them (commit f2c0f08): English names family
    name first, no readings or other spellings, no unit named in English."""
    out, section = [], ""
    for line in text.split("\n"):
        if line.startswith("["):
            section = line.strip()
        if section in ("[[tiles]]", "[[units]]") and line.startswith(("reading = ", "aliases = ")):
            continue
        if section == "[[units]]" and line.startswith("name_en = "):
            continue
        if section == "[[tiles]]" and line.startswith('name_en = "') and " " in line[11:]:
            line = 'name_en = "' + " ".join(reversed(line[11:-1].split(" "))) + '"'
        out.append(line)
    return "\n".join(out)


CLUB = ("favourite_multiplier = 2", "favourite_multiplier = 1")  # the club's edit: no 担当 bonus


def _names_update(path, rule: tuple[str, str] | None = None) -> tuple[str, str]:
    """A club's edit of the table before the names update, then the update (with ``rule`` changed too): (the
    table the club edited, today's)."""
    now = path.read_text(encoding="utf-8")
    if rule is not None:
        now = now.replace(*rule, 1)
    then = _names_before(now if rule is None else now.replace(rule[1], rule[0], 1))
    assert CLUB[0] in then and then != now
    path.write_text(then, encoding="utf-8")
    settings.save_house_table(CINDERELLA, then.replace(*CLUB, 1))
    path.write_text(now, encoding="utf-8")
    assert settings.shipped_changes(CINDERELLA) is not None
    return then, now


NAMES = {"en": ("Names of ", " tiles and units (English names, readings, other spellings)"),
         "ja": ("牌とユニットの名前 ", "件 (英語名、読み、別の表記)")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_names_alone_are_one_change_ticked_and_taken_together(cinderella, lang):
    then, now = _names_update(cinderella)
    at = open_page("rules", CINDERELLA, lang)
    boxes = _boxes(at)
    assert len(boxes) == 1, list(boxes)[:3]
    label, box = next(iter(boxes.items()))
    start, end = NAMES[lang]
    assert label.startswith(start) and label.endswith(end), label
    assert int(label[len(start):-len(end)]) > 100  # every idol and unit renamed, counted once each
    assert box.value and not box.disabled
    at.button(key="rules_take").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert settings.game_text(CINDERELLA) == now.replace(*CLUB, 1)  # the names in, the club's change kept
    assert settings.shipped_changes(CINDERELLA) is None and not _boxes(at)


def test_names_beside_a_rule_change_are_two_changes_the_rule_said_as_before(cinderella):
    _names_update(cinderella, ("ron_on_almighty = false", "ron_on_almighty = true"))
    at = open_page("rules", CINDERELLA, "en")
    labels = list(_boxes(at))
    assert len(labels) == 2, labels[:3]
    assert sum(label.startswith(NAMES["en"][0]) for label in labels) == 1
    assert not any("same" in label or "The tile" in label for label in labels), labels


def test_names_of_an_older_edit_are_one_change_not_ticked(cinderella):
    _names_update(cinderella)
    for record in settings.house_dir(CINDERELLA).glob(".*.shipped"):
        record.unlink()  # saved by an older tilelens: its base not known
    assert settings.made_from_unknown(CINDERELLA)
    at = open_page("rules", CINDERELLA, "en")
    boxes = _boxes(at)
    assert len(boxes) == 2, list(boxes)[:3]  # the names, and the club's own change
    names = [box for label, box in boxes.items() if label.startswith(NAMES["en"][0])]
    assert len(names) == 1 and not names[0].value and not names[0].disabled


# ---- 4. the score pages warn only where the Rules page lists something to take ----------------------------------------
WARNED = "rules added or changed since may be missing"


def test_the_score_page_says_nothing_where_the_edit_has_the_update_already(shipped):
    text = shipped.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1))
    shipped.write_text(text.replace("penalty = 300", "penalty = 200", 1), encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1)
                              .replace("penalty = 300", "penalty = 200", 1))  # copied over by hand
    assert settings.shipped_changes("nogizaka") is not None
    rules = open_page("rules", "nogizaka", "en")
    assert any("already has the shipped table's changes" in i.value for i in rules.info)
    at = open_page("score_manual", "nogizaka", "en")
    assert "Scoring with the edited table" in texts(at) and WARNED not in texts(at), texts(at)


def test_the_score_page_says_nothing_of_an_update_of_comments(shipped):
    text = shipped.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace("points = 60", "points = 90", 1))
    shipped.write_text(text + "\n# a note added since\n", encoding="utf-8")
    assert settings.shipped_changes("nogizaka") is not None
    at = open_page("score_manual", "nogizaka", "en")
    assert "Scoring with the edited table" in texts(at) and WARNED not in texts(at), texts(at)


@pytest.mark.parametrize("lang, said", [("en", WARNED), ("ja", "加わったルールや変わったルールが入っていないかもしれません")])
def test_the_score_page_warns_of_a_rule_to_take(shipped, lang, said):
    _copies_update(shipped, (0,))
    at = open_page("score_manual", "nogizaka", lang)
    assert said in texts(at), texts(at)


def test_a_tile_renamed_beside_a_rule_in_one_change_is_said_as_names_not_as_the_same_twice(home):
    """A change of lines that renames a tile and changes a rule (told by the tables' words, not as names alone):
    the tile is one names line, not "the same in both" (the screen's language outside a page: Japanese)."""
    from app.components import rules_news

    a = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    b = a.replace('name_en = "Misa-senpai"', 'name_en = "Misa"', 1).replace("points = 60", "points = 70", 1)
    words, alone = rules_news._words(a.split("\n"), b.split("\n"))
    assert alone is None and "牌とユニットの名前 1件 (英語名)" in words, words
    assert not any("みさ先輩" in line for line in words), words


def test_a_unit_whose_members_changed_but_not_its_size_names_them(cinderella):
    """"4 in today's shipped table, 4 in your edit" said nothing of which members changed."""
    text = cinderella.read_text(encoding="utf-8")
    settings.save_house_table(CINDERELLA, text.replace(*CLUB, 1))
    old = 'members = ["ichinose-shiki", "shiomi-shuuko"'
    cinderella.write_text(text.replace(old, 'members = ["shimamura-uzuki", "shiomi-shuuko"', 1), encoding="utf-8")
    at = open_page("rules", CINDERELLA, "en")
    (label,) = list(_boxes(at))
    shipped, edit = label.split(" in today's shipped table, ")
    assert shipped.startswith("The members of the unit “LiPPS”: Uzuki Shimamura, "), label
    assert "Shiki Ichinose" in edit and "Uzuki" not in edit and edit.endswith(" in your edit"), label
