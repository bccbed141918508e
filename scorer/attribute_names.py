"""What the shipped games' attribute values are called in Japanese and English: the one table that both a
yaku named by its attribute ("シンフォニーセット (キュート)") and the app's filters and tile lists read.
A game file names its own values as data (``[attribute_values.ATTR]``, ``Game.value_names``): those come first.
A value named nowhere is said as the game file writes it.

>>> value_name("type", "cute", "ja"), value_name("type", "cute", "en"), value_name("status", "Vo", "ja")
('キュート', 'Cute', 'Vo')
"""
from __future__ import annotations

from typing import Any

ATTRIBUTE_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("type", "cute"): ("キュート", "Cute"), ("type", "cool"): ("クール", "Cool"),
    ("type", "passion"): ("パッション", "Passion"),
    ("status", "All"): ("すべて", "All"),
    ("colour", "pink"): ("ピンク", "pink"), ("colour", "green"): ("緑", "green"),
    ("colour", "lightblue"): ("水色", "light blue"), ("colour", "purple"): ("紫", "purple"),
    ("colour", "yellow"): ("黄", "yellow"),
    ("suit", "m"): ("萬子", "characters (m)"), ("suit", "p"): ("筒子", "dots (p)"),
    ("suit", "s"): ("索子", "bamboo (s)"), ("suit", "z"): ("字牌", "honours (z)"),
    ("suit", "f"): ("花牌", "flowers (f)"),  # a Hong Kong tile set's flowers (an enrolled set's kinds)
    ("tiara", "yes"): ("あり", "yes"), ("tiara", "no"): ("なし", "no"),
    ("red", "yes"): ("赤", "yes"), ("red", "no"): ("", "no"),
}


# The shipped games' attribute names in Japanese, as `tilelens games` and `tilelens read` say them (a name not
# listed is said as the game file writes it, or as the file's ``[attribute_names]`` names it).
ATTRIBUTE_NAMES_JA = {"suit": "種類", "rank": "数", "red": "赤", "type": "タイプ", "status": "ステータス",
                      "tiara": "ティアラ", "colour": "色", "member": "メンバー", "picture": "絵柄"}


def attribute_name(attr: str, lang: str = "ja", game: Any = None) -> str:
    """An attribute's name in ``lang``: as the ``game``'s file names it (``[attribute_names]``), else (Japanese)
    ``ATTRIBUTE_NAMES_JA``'s, else as the file writes it.

    >>> attribute_name("colour"), attribute_name("colour", "en"), attribute_name("team")
    ('色', 'colour', 'team')
    """
    ja, en = getattr(game, "attribute_names", {}).get(attr, ("", ""))
    if lang == "ja":
        return ja or ATTRIBUTE_NAMES_JA.get(attr, attr)
    return en or attr


def value_pair(attr: str, value: str, game: Any = None) -> tuple[str, str] | None:
    """``(Japanese, English)`` names of ``value`` of ``attr``: the ``game``'s file's own where it names the value
    (a name it leaves out is the shipped table's, or the value as written), else the shipped table's; None where
    neither names it."""
    shipped = ATTRIBUTE_VALUES.get((attr, str(value)))
    own = getattr(game, "value_names", {}).get((attr, str(value)))
    if own is None:
        return shipped
    ja, en = own
    return (ja or (shipped[0] if shipped else str(value)), en or (shipped[1] if shipped else str(value)))


def value_name(attr: str, value: str, lang: str = "ja", game: Any = None) -> str:
    """``value`` of ``attr`` in ``lang`` ("ja" or "en"): as the ``game``'s file names it, else as the shipped table
    does, else as the game file writes it.

    >>> from scorer.catalog import load_game
    >>> value_name("colour", "pink", "ja", load_game("nogizaka"))
    'ピンク'
    """
    pair = value_pair(attr, value, game)
    return str(value) if pair is None else pair[0 if lang == "ja" else 1]


def own_names_ja(game: str | Any) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """The Japanese names a game's file gives its attributes (``[attribute_names]``) and their values
    (``[attribute_values]``): ``({attr: name}, {(attr, value): name})``, for a text that says the shipped ones by
    its own tables (``tilelens read``). Empty for no game, or one that cannot be loaded (said as read)."""
    if not game:
        return {}, {}
    if isinstance(game, str):
        from scorer.catalog import load_game

        try:
            game = load_game(game)
        except Exception:  # noqa: BLE001 - the text is still said, with the values as read
            return {}, {}
    return ({a: ja for a, (ja, _) in getattr(game, "attribute_names", {}).items() if ja},
            {k: ja for k, (ja, _) in getattr(game, "value_names", {}).items() if ja})


def values_in_order(game: Any, attr: str) -> list[str]:
    """The values of ``attr`` the ``game``'s tiles have, in the order its file lists them (``[attribute_values]``),
    then those it does not list in the tiles' order: a filter sorted by the values as written said Nogizaka's
    colours グリーン, 水色, ピンク, 紫, イエロー.

    >>> from scorer.catalog import load_game
    >>> values_in_order(load_game("nogizaka"), "colour")
    ['pink', 'lightblue', 'yellow', 'green', 'purple']
    """
    held = list(dict.fromkeys(str(k.attrs[attr]) for k in getattr(game, "tiles", ()) if k.attrs.get(attr)))
    listed = [v for a, v in getattr(game, "value_names", {}) if a == attr and v in held]
    return [*listed, *(v for v in held if v not in listed)]
