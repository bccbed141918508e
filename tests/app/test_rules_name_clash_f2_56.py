"""Session 56 (f2): a shipped change of names that collides with the club's own rename of a tile.

The club renamed one tile (みさ先輩 -> ミサ); an update of tilelens renames another to the same name (さゆりん ->
ミサ). Taken in alone, the table would not load (one name, two tiles): the change is disabled, and its note said
why only as the check's words about ``tiles[1].name_ja``, not which tile, nor that the club's own rename is in the
way. It names the tiles and the name now, in both languages.
"""
from __future__ import annotations

import test_rules_shipped_changed as changed
from app_helpers import open_page

from app import settings

shipped = changed.shipped  # Nogizaka's shipped file as a copy a test changes as an update would


def _boxes(at) -> dict[str, object]:
    return {box.label: box for box in at.checkbox if box.key and box.key.startswith("rules_take_")}


def _clash(path) -> None:
    """The club renames みさ先輩 to ミサ; then the shipped table renames さゆりん to ミサ."""
    text = path.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace('name_ja = "みさ先輩"', 'name_ja = "ミサ"', 1))
    path.write_text(text.replace('name_ja = "さゆりん"', 'name_ja = "ミサ"', 1), encoding="utf-8")
    assert settings.shipped_changes("nogizaka") is not None


def _run(path, lang: str, clash=None):
    (clash or _clash)(path)
    at = open_page("rules", "nogizaka", lang)
    boxes = _boxes(at)
    assert sum(b.disabled for b in boxes.values()) == 1, list(boxes)  # the names' box (a copies change: its own)
    return [c.value for c in at.caption]


def test_the_clash_names_the_tiles_and_the_name_in_english(shipped):
    captions = _run(shipped, "en")
    note = [c for c in captions if "cannot be taken in by itself" in c]
    assert len(note) == 1, captions
    assert "ミサ" in note[0] and "Misa-senpai" in note[0] and "Sayurin" in note[0], note[0]
    assert "tiles[" not in note[0], note[0]


def test_the_clash_names_the_tiles_and_the_name_in_japanese(shipped):
    captions = _run(shipped, "ja")
    note = [c for c in captions if "単独では取り込めません" in c]
    assert len(note) == 1, captions
    assert "ミサ" in note[0] and "みさ先輩" in note[0] and "さゆりん" in note[0], note[0]
    assert "tiles[" not in note[0], note[0]


def _clash_with_copies(path) -> None:
    """As ``_clash``, the update changing さゆりん's copies in the same lines: a change of more than names."""
    text = path.read_text(encoding="utf-8")
    settings.save_house_table("nogizaka", text.replace('name_ja = "みさ先輩"', 'name_ja = "ミサ"', 1))
    was = 'name_ja = "さゆりん"\nname_en = "Sayurin"\naliases = ["松村沙友理"]\ncopies = 6'
    assert was in text
    path.write_text(text.replace(was, 'name_ja = "ミサ"\nname_en = "Misa"\naliases = ["松村沙友理"]\ncopies = 4', 1),
                    encoding="utf-8")


def test_a_change_of_more_than_names_names_the_clash_too(shipped):
    captions = _run(shipped, "en", _clash_with_copies)
    note = [c for c in captions if "cannot be taken in by itself" in c]
    assert len(note) == 1, captions
    assert "the tile “Sayurin” would be named “ミサ”, the name the tile “Misa-senpai” has in your edit" in note[0], \
        note[0]
