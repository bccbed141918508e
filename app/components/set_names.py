"""A tile set as every page names it (the Score a photo and Event pages' pickers, the Label page's models, a teach's
base): one shipped with the app by what it is, one a person taught by the name they gave it."""
from __future__ import annotations

from app.components.i18n import text_in

# the tile sets shipped in models/tilesets, by a name a person reads (their metadata names only the folder)
SHIPPED_SETS = {"hk-mahjong": ("香港麻雀の牌セット", "Hong Kong mahjong set")}

STRINGS = {
    "set_named": ("{name} ({id})", "{name} ({id})"),  # a shipped tile set: its name, then its folder's
    # a set a person taught, where games' models are offered beside it (a shipped set is none they taught)
    "taught_set": ("覚えさせた牌セット: {name}", "Enrolled tile set: {name}"),
}


def set_name(name: str, among_models: bool = False) -> str:
    """A tile set by the name a person reads, in the screen's language: a shipped one by what it is, with its folder's
    name; one a person taught by the name they gave it, said to be taught where ``among_models`` (a picker of games'
    models and tile sets)."""
    if name in SHIPPED_SETS:
        return text_in(STRINGS, "set_named", name=text_in(SHIPPED_SETS, name), id=name)
    return text_in(STRINGS, "taught_set", name=name) if among_models else name
