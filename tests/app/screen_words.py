"""What a page shows a person, gathered from an AppTest run, and the words of the other language in it.

Used by ``test_japanese_screens.py``: on a Japanese screen no English sentence may show, on an English screen
no Japanese one. Every string the page sends is gathered (text, alerts, captions, titles, button and widget
labels, help texts, placeholders, options, metric labels and values, table headers and cells, chart titles),
then what may stand in either language is taken out (see ``ALLOWED``, ``names`` and ``_strip``)."""
from __future__ import annotations

import json
import re
from functools import cache

from streamlit.testing.v1 import AppTest

from app.components.i18n import STRINGS
from scorer import list_games, load_game

# Elements whose text is no sentence for a person: a page's own CSS and scripts, and code blocks (a command
# line, a diff of a house table: the same in both languages).
SKIPPED_TYPES = {"html", "code", "json", "exception"}
# Inputs whose value is the person's own text (a house table's TOML, a folder, player names): only their label,
# help and placeholder are the page's.
TYPED = {"text_area", "text_input"}
# Table columns that list a name in the other language on purpose: the rules page's "英語名" column shows each
# tile's and yaku's ``name_en`` (the house table's, which an organiser edits) beside the Japanese one, and its
# "Name (ja)" column the Japanese names (those of the riichi yaku too, which are no game file's) on an English one;
# its yaku table's "Yaku" column (session 52: one name column) the Japanese name in brackets under the English one.
SHOWN_AS_WRITTEN = {STRINGS["name_en"][0], STRINGS["name_ja"][1], "Yaku"}
# The proto fields that carry text a person reads; ``id``, ``form_id``, ``url``, ``key`` and the like are
# the page's own.
TEXT_FIELDS = {"body", "label", "help", "placeholder", "options", "content", "text", "caption", "value",
               "default", "title", "delta", "tooltip", "display_values", "format"}

# Words of three or more ASCII letters that may show on a Japanese screen, each with its reason.
ALLOWED = {
    # proper names
    "tilelens": "the app's own name",
    "English": "the language switch offers English in English: a person who reads no Japanese must find it",
    "Language": "the language switch's label is '言語 / Language' on purpose, for the same person",
    # names of formats and encodings: written so in Japanese too
    "HEIC": "a photo format (an iPhone's)", "HEIF": "a photo format (HEIC/HEIF)",
    # what a phone's photo files are, as the photo messages name them (vision.image_io): written so on the phone,
    # in Japanese too
    "iPhone": "a phone's name (iPhone の形式, iPhone では 設定 > カメラ)",
    "RAW": "a camera's unprocessed photo (RAW (DNG) の写真)", "DNG": "a RAW photo's format",
    "AVIF": "a photo format", "WebP": "a photo format", "TIFF": "a photo format",
    "MOV": "a video format (an iPhone's Live Photo)",
    "Live Photos": "Apple's name for an iPhone's photos that move, written so in Japanese too (two words: taken "
                   "out as one, so that neither is allowed alone)",
    "CSV": "a file format (CSVで書き出す)", "UTF": "UTF-8, an encoding", "TOML": "the house table's format",
    "YAML": "a file format (data.yaml)", "JSON": "a file format", "JPEG": "a photo format",
    "PNG": "a photo format", "HTML": "a file format (HTMLレポート)",
    "ZIP": "a file format (データセットをダウンロード (ZIP))",
    "URL": "a web address, written so in Japanese too (URLの対局 #3)",
    # the names printed on a keyboard's keys, given beside a button that has a shortcut
    "Enter": "a key's name", "Shift": "a key's name", "Delete": "a key's name", "Ctrl": "a key's name",
    # spellings the hand box accepts, listed by its error so a player can type one of them: they are typed as
    # written whatever the screen's language (the Japanese ones, 東 南 ..., are listed beside them)
    **{word: "a spelling the hand box accepts" for word in
       ("east", "south", "west", "north", "haku", "hatsu", "chun")},
}
# Japanese words that may show on an English screen: none beyond the names of ``names()`` and the language
# switch's own "日本語" (``japanese_words``).


@cache
def names() -> frozenset[str]:
    """Names that may stand in either language: the games' ids and names, tile ids, the tiles' and yaku's
    Japanese names (idols, yokai: some have only that) and the official units' names (Cinderella Girls' units
    are written in letters: "LiPPS", "new generations")."""
    found: set[str] = set()
    for game_id in list_games():
        game = load_game(game_id)
        found |= {game.id, game.name_ja, game.name_en}
        for tile in game.tiles:
            found |= {tile.id, tile.name_ja}
        for unit in game.units:
            found |= {unit.name, unit.reading} - {""}
        # a yaku's Japanese name, as the game's own sheet writes it: an English screen gives it beside the
        # English one ("基本セット Basic set") so a player can match the two
        found |= {y["name_ja"] for y in game.rules.get("yaku", []) if isinstance(y, dict) and y.get("name_ja")}
    return frozenset(found)


def gather(at: AppTest) -> list[str]:
    """Every string the page ``at`` shows (the main area and the sidebar)."""
    out: list[str] = []

    def strings(message, field: str = "", typed: bool = False) -> None:
        for desc, value in message.ListFields():
            name = desc.name
            if typed and name in ("value", "default"):
                continue
            if desc.type == desc.TYPE_MESSAGE:
                items = value if getattr(desc, "is_repeated", False) else [value]
                for item in items:
                    strings(item, name, typed)
            elif desc.type == desc.TYPE_STRING and (name in TEXT_FIELDS or field == "options"):
                out.extend([value] if isinstance(value, str) else list(value))

    def walk(node) -> None:
        kind = getattr(node, "type", "")
        if kind in SKIPPED_TYPES:
            return
        proto = getattr(node, "proto", None)
        if kind in ("arrow_data_frame", "arrow_table", "table", "dataframe"):
            frame = node.value
            out.extend(str(c) for c in frame.columns)
            out.extend(str(v) for col in frame.columns if col not in SHOWN_AS_WRITTEN
                       for v in frame[col] if isinstance(v, str))
        elif kind in ("arrow_vega_lite_chart", "vega_lite_chart"):
            out.extend(_chart_titles(json.loads(proto.spec)))
        elif proto is not None and hasattr(proto, "ListFields"):
            strings(proto, typed=kind in TYPED)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return [s for s in out if s.strip()]


def _chart_titles(spec) -> list[str]:
    """A chart's titles and the fields its axes and legends are titled with."""
    found = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "title" and isinstance(value, str):
                found.append(value)
            elif key == "field" and isinstance(value, str) and "title" not in spec:
                found.append(value)  # an axis or legend without a title of its own is titled with its field
            elif key != "datasets":
                found.extend(_chart_titles(value))
    elif isinstance(spec, list):
        for item in spec:
            found.extend(_chart_titles(item))
    return found


def _strip(text: str, extra: frozenset[str] = frozenset()) -> str:
    """``text`` without what may be in letters in any language: names, code in backticks, addresses, paths,
    file names, Streamlit's markdown directives (``:material/grid_view:``, ``:red[...]``), the person's own
    typed text quoted back in a message (``'1m xyzzy'``), and ids written with hyphens (a tile set's
    ``hk-mahjong``, a table's folder ``a-clean``, a dataset's ``yokai-watch-photos``: names of folders and
    files, never a word of a sentence)."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"(?<![A-Za-z])'[^'\n]{1,60}'(?![A-Za-z])", " ", text)
    # typed text in Japanese quotes: a tile, a meld's kind, a hand's or a meld's whole text (鳴き「pon 5z」: …)
    text = re.sub(r"「[^「」\n]{1,60}」(?=という牌|という鳴き|は使えない文字|は牌の書き方|になって|: )", " ", text)
    # a file's name whole before the ids with hyphens: those took "hand-1" of "hand-1.jpg" and left "jpg" as English
    text = re.sub(r"\b[\w.-]+\.(jpe?g|png|heic|heif|webp|avif|dng|tiff?|gif|mov|mp4|ya?ml|json|toml|csv|txt|html|"
                  r"sqlite|pt|onnx|zip)\b", " ", text, flags=re.I)
    text = re.sub(r"\b[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+\b", " ", text)
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(r":material/\w+:", " ", text)
    text = re.sub(r":(red|green|blue|orange|violet|gray|grey|rainbow|primary)(-background)?\[", " ", text)
    for name in sorted(names() | extra, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    text = re.sub(r"\S*[/\\]\S*", " ", text)  # a path (a/b, C:\x) and a fraction (1/3)
    return text


def english_words(text: str, extra: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` a Japanese screen should not show."""
    text = _strip(text, extra)
    for phrase in (allowed for allowed in ALLOWED if " " in allowed):  # a name of two words ("Live Photos")
        text = text.replace(phrase, " ")
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in ALLOWED]


JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]+")


def japanese_words(text: str, extra: frozenset[str] = frozenset()) -> list[str]:
    """The Japanese words (kana, kanji) of ``text`` an English screen should not show."""
    text = text.replace("言語 / Language", " ").replace("日本語", " ")  # the language switch: both, on purpose
    return JAPANESE.findall(_strip(text, extra))


def foreign(at: AppTest, lang: str, extra: frozenset[str] = frozenset()) -> dict[str, list[str]]:
    """Each string ``at`` shows with words of the other language than ``lang``, and those words."""
    find = english_words if lang == "ja" else japanese_words
    return {s: words for s in gather(at) if (words := find(s, extra))}
