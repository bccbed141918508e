"""Session 51: ``tilelens read``'s colour notes name only the colour-told tiles of the game being read: a riichi
photo its red fives and green dragon, a Donjara photo its colour marks (not both, as it said before)."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from vision.read_cli import format_reading, image_entry

RIICHI_WORDS = ("red five", "green dragon", "red-inked", "赤ドラ", "發", "萬子")
DONJARA_WORDS = ("Donjara", "ドンジャラ")


@dataclass
class _Reading:
    game: str
    tiles: tuple = ()
    turned: int = 0
    other_game: bool = False

    @property
    def kinds(self):
        return []

    def called_melds(self):
        return ()

    def winning_reading(self):
        return None


def _notes(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "note:" in line or "注意" in line or "色" in line)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", ["yokai-watch", "cinderella-neo", "nogizaka"])
def test_a_donjara_photos_colour_notes_name_no_riichi_tiles(game, lang):
    text = format_reading("p.jpg", _Reading(game), ("colourless", "palette"), lang)
    notes = _notes(text)
    assert ("colour" in notes) if lang == "en" else ("色" in notes), text
    for word in RIICHI_WORDS:
        assert word not in notes, (word, text)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_riichi_photos_colour_notes_name_no_donjara(lang):
    text = format_reading("p.jpg", _Reading("tokyo-mahjong"), ("colourless", "palette"), lang)
    notes = _notes(text)
    assert ("red five" in notes) if lang == "en" else ("赤ドラ" in notes), text
    for word in DONJARA_WORDS:
        assert word not in notes, (word, text)


def test_the_json_notes_are_the_games_too():
    donjara = image_entry("p.jpg", "yokai-watch", "", notes=("colourless", "palette"))
    riichi = image_entry("p.jpg", "tokyo-mahjong", "", notes=("colourless", "palette"))
    assert [n["note"] for n in donjara["notes"]] == ["colourless", "palette"]
    for note in donjara["notes"]:
        assert not [w for w in RIICHI_WORDS if w in note["text"]], note
    assert "red fives" in riichi["notes"][0]["text"] and "Donjara" not in riichi["notes"][0]["text"]


def test_a_tile_set_of_no_game_gets_notes_true_of_any_tiles():
    text = format_reading("p.jpg", _Reading(""), ("colourless", "palette"), "en")
    notes = _notes(text)
    assert "colour" in notes
    for word in RIICHI_WORDS + DONJARA_WORDS:
        assert word not in notes, (word, text)
