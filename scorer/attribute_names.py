"""What the shipped games' attribute values are called in Japanese and English: the one table that both a
yaku named by its attribute ("シンフォニーセット (キュート)") and the app's filters and tile lists read.
A value not listed is said as the game file writes it.

>>> value_name("type", "cute", "ja"), value_name("type", "cute", "en"), value_name("status", "Vo", "ja")
('キュート', 'Cute', 'Vo')
"""
from __future__ import annotations

ATTRIBUTE_VALUES: dict[tuple[str, str], tuple[str, str]] = {
    ("type", "cute"): ("キュート", "Cute"), ("type", "cool"): ("クール", "Cool"),
    ("type", "passion"): ("パッション", "Passion"),
    ("status", "All"): ("すべて", "All"),
    ("colour", "pink"): ("ピンク", "pink"), ("colour", "green"): ("緑", "green"),
    ("colour", "lightblue"): ("水色", "light blue"), ("colour", "purple"): ("紫", "purple"),
    ("colour", "yellow"): ("黄", "yellow"),
    ("suit", "m"): ("萬子", "characters (m)"), ("suit", "p"): ("筒子", "dots (p)"),
    ("suit", "s"): ("索子", "bamboo (s)"), ("suit", "z"): ("字牌", "honours (z)"),
    ("tiara", "yes"): ("あり", "yes"), ("tiara", "no"): ("なし", "no"),
    ("red", "yes"): ("赤", "yes"), ("red", "no"): ("", "no"),
}


def value_name(attr: str, value: str, lang: str = "ja") -> str:
    """``value`` of ``attr`` in ``lang`` ("ja" or "en"), as the game file writes it when not listed."""
    pair = ATTRIBUTE_VALUES.get((attr, str(value)))
    return str(value) if pair is None else pair[0 if lang == "ja" else 1]
