"""Riichi tiles as our code reads them: mpsz notation, red fives, melds, winds and input errors.

Honours are ``1z``-``7z`` (east south west north haku hatsu chun), or, anywhere tiles are written, the letters
E S W N P F C, those words, or 東 南 西 北 白 發 (発) 中 (``parse_mpsz``). Numbers may also be written as Japanese
players write them: ``一二三萬`` / ``123万`` (manzu), ``筒`` (pinzu), ``索`` (souzu), ``赤五萬`` (red five), and red
fives as mjai writes them, ``5mr`` ``5pr`` ``5sr`` (the same as ``0m`` ``0p`` ``0s``).

A tile is a small int *code*: ``0..33`` are the 34 kinds in the ``mahjong`` package's order
(1-9m, 1-9p, 1-9s, 1-7z) and ``34, 35, 36`` are the red fives 0m, 0p, 0s. Codes keep the hot path of
scoring to list indexing; ``KIND34[code]`` folds a red five onto its plain five.

>>> parse_mpsz("123m0p7z")
[0, 1, 2, 35, 33]
>>> tile_ids(parse_mpsz("406s"))
['4s', '0s', '6s']
>>> parse_meld("chi:342m")
MeldSpec(kind=<MeldKind.CHI: 'chi'>, codes=(1, 2, 3))
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence, Sized
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorer.result import HandError, InputProblem, UnknownTileError, count_words, echoed, quoted_ja

GAME_ID = "tokyo-mahjong"
RED_CODES = (34, 35, 36)
FIVES = (4, 13, 22)  # kind34 of 5m, 5p, 5s, in the order of RED_CODES
# A field a message names: its English name (``hand``; ``_field_ja`` says it in Japanese), or one with its own
# Japanese as an (English, Japanese) pair (a meld's, ``meld_named``).
FieldName = str | tuple[str, str]
MAX_INDICATORS = 5  # dora (or ura dora) indicators turned over at most: the first and one for each of four kans
# kind34 of each code: the red fives fold onto 5m (4), 5p (13), 5s (22).
KIND34 = tuple(range(34)) + (4, 13, 22)
SUITS = "mpsz"
TILE_IDS = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8)) \
    + ("0m", "0p", "0s")
_CODE_BY_ID = {tid: code for code, tid in enumerate(TILE_IDS)}
_CODE_BY_DIGIT_SUIT = {(tid[0], tid[1]): code for tid, code in _CODE_BY_ID.items()}
_MPSZ_RE = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP_RE = re.compile(r"([0-9]+)([mpsz])")
_SUIT_TABLES = {suit: {d: code for (d, s), code in _CODE_BY_DIGIT_SUIT.items() if s == suit} for suit in SUITS}
_RUN_RE = re.compile(r"[0-9]+|[A-Za-z]+|\s+|.", re.DOTALL)  # digits, letters, spaces, any other
# Honours by letter as mjai/tenhou-style tools write them (E S W N winds, P F C haku hatsu chun), any case,
# or by word; 27..33 are 1z..7z.
_HONOUR_LETTERS = {ch: 27 + i for i, ch in enumerate("eswnpfc")}
_HONOUR_WORDS = {word: 27 + i for i, words in enumerate((
    ("east", "ton"), ("south", "nan"), ("west", "sha"), ("north", "pei"),
    ("haku", "white"), ("hatsu", "green"), ("chun", "red"))) for word in words}
_HOW_HONOURS = ("write honours as 1z-7z, as letters E S W N P F C, as words east south west north "
                "haku hatsu chun, or as 東 南 西 北 白 發 中")
_HOW_HONOURS_JA = ("字牌は 1z〜7z、E S W N P F C の文字、east south west north haku hatsu chun、"
                   "東 南 西 北 白 發 中 のどれかで書いてください")
# The one short hint of how tiles are written: an unknown word's (``_unknown_word``), and an unknown tile's where no
# tile is near it (``scorer.result.how_written``)
HOW_TILES = "write tiles as in 123m456p789s11z (honours 1z-7z, or E S W N P F C)"
HOW_TILES_JA = "牌は 123m456p789s11z のように書いてください (字牌は 1z〜7z か E S W N P F C)"
# Tiles as Japanese players write them, one character a run of _RUN_RE: honours 東南西北白發中 (発 for 發),
# numbers as kanji numerals 一..九 (or digits) ending with a suit 萬/万 筒 索, and 赤 straight before a five.
_HONOUR_KANJI = {ch: 27 + i for i, ch in enumerate("東南西北白發中")} | {"発": 32}
_KANJI_DIGITS = {ch: str(i + 1) for i, ch in enumerate("一二三四五六七八九")}
_KANJI_SUITS = {"萬": "m", "万": "m", "筒": "p", "索": "s"}
_RED_KANJI = "赤"
_JA_TILE_CHARS = frozenset(_HONOUR_KANJI) | frozenset(_KANJI_DIGITS) | frozenset(_KANJI_SUITS) | {_RED_KANJI}
_HOW_RED = "write red fives as 0m 0p 0s (mjai's 5mr 5pr 5sr are read too)"
# A Hong Kong set's flower or season as ``read`` names it (f1..f8), a word of its own: no riichi tile (not hatsu, F,
# and a digit left without its suit).
_FLOWER_RE = re.compile(r"(?<![^\s,、;])f[1-8](?![0-9a-z])", re.IGNORECASE)
# A word ending with digits (or 一..九) that have no suit: on a command line each word is read on its own.
_DIGITS_AT_END = re.compile(r"[0-9一二三四五六七八九]$")
_HOW_RED_JA = "赤ドラは 0m・0p・0s と書いてください (mjai の 5mr 5pr 5sr も読めます)"


class RiichiInputError(HandError):
    """A riichi hand or option that cannot be scored; the message names the field and the value. A ``HandError``
    (``problem`` always named), as a Donjara hand's is: a caller catches one class for every game."""

    def __init__(self, problem: InputProblem, message: str, message_ja: str = ""):
        super().__init__(message, message_ja, problem)


class Wind(StrEnum):
    """A seat or round wind; the order is the seat order (east deals)."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"

    @property
    def name_ja(self) -> str:
        """The wind as a Japanese screen says it (東 .. 北)."""
        return "東南西北"[self.index]

    @property
    def index(self) -> int:
        """0 for east .. 3 for north."""
        return _WIND_ORDER.index(self)

    @property
    def tile34(self) -> int:
        """The wind's kind in the package's 34-format (east = 27)."""
        return 27 + self.index

    @classmethod
    def parse(cls, value: Any, field_name: str = "seat") -> Wind:
        """A wind from ``east``/``e``/``1z``/``東``/0-3; ``RiichiInputError`` naming ``field_name`` else."""
        if isinstance(value, Wind):
            return value
        found = _WIND_ALIASES.get(value) if isinstance(value, str) else None
        if found is not None:
            return found
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return _WIND_ORDER[value]
        key = typed(str(value)).strip().lower()
        found = _WIND_ALIASES.get(key)
        if found is None:
            raise RiichiInputError(InputProblem.OPTION,
                                   f"{field_name} {echoed(value)} is not a wind (expected east, south, west or north)",
                                   f"{_field_ja(field_name)}{quoted_ja(value)}は風ではありません (東・南・西・北のどれかにしてください)")
        return found


_WIND_ORDER = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
_WIND_ALIASES = {alias: wind for wind, aliases in zip(_WIND_ORDER, (
    ("east", "e", "1z", "東", "ton"), ("south", "s", "2z", "南", "nan"),
    ("west", "w", "3z", "西", "sha"), ("north", "n", "4z", "北", "pei"))) for alias in aliases}


class MeldKind(StrEnum):
    """A declared meld: chi, pon, open kan (daiminkan), closed kan (ankan), added kan (kakan)."""

    CHI = "chi"
    PON = "pon"
    KAN = "kan"
    ANKAN = "ankan"
    KAKAN = "kakan"

    @property
    def size(self) -> int:
        """Tiles in the meld."""
        return 3 if self in (MeldKind.CHI, MeldKind.PON) else 4

    @property
    def opened(self) -> bool:
        """Only a closed kan keeps the hand closed."""
        return self is not MeldKind.ANKAN


MELD_JA = {MeldKind.CHI: "チー", MeldKind.PON: "ポン", MeldKind.KAN: "カン", MeldKind.ANKAN: "暗カン",
           MeldKind.KAKAN: "加カン"}  # what a Japanese screen calls each
_MELD_ALIASES = {"chi": MeldKind.CHI, "chii": MeldKind.CHI, "chow": MeldKind.CHI,
                 "pon": MeldKind.PON, "pung": MeldKind.PON,
                 "kan": MeldKind.KAN, "minkan": MeldKind.KAN, "daiminkan": MeldKind.KAN, "kong": MeldKind.KAN,
                 "ankan": MeldKind.ANKAN, "closed-kan": MeldKind.ANKAN, "concealed-kan": MeldKind.ANKAN,
                 "kakan": MeldKind.KAKAN, "shouminkan": MeldKind.KAKAN, "added-kan": MeldKind.KAKAN,
                 "チー": MeldKind.CHI, "ポン": MeldKind.PON, "カン": MeldKind.KAN, "明カン": MeldKind.KAN,
                 "大明カン": MeldKind.KAN, "暗カン": MeldKind.ANKAN, "加カン": MeldKind.KAKAN}


@dataclass(frozen=True)
class MeldSpec:
    """A validated meld: its kind and tile codes (a chi sorted low to high)."""

    kind: MeldKind
    codes: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.kind}:{mpsz(tile_ids(self.codes))}"


def tile_ids(codes: Iterable[int]) -> list[str]:
    """Catalog ids (``5m``, ``0m``, ``7z``) of tile codes."""
    return [TILE_IDS[c] for c in codes]


def mpsz(ids: Sequence[str]) -> str:
    """Tile ids of one suit written together, as in a meld: ``["5p", "0p", "5p"]`` -> ``"505p"``."""
    return "".join(i[0] for i in ids) + ids[0][1]


def code_of(tile_id: str) -> int:
    """The code of one catalog id such as ``5m`` or ``0p``; ``UnknownTileError`` otherwise."""
    code = _CODE_BY_ID.get(tile_id)
    if code is None:
        raise UnknownTileError(tile_id, GAME_ID, _near(tile_id))
    return code


def kans_in_row(codes: Sequence[int], over: int) -> list[list[int]]:
    """The four-of-a-kinds among a hand's concealed ``codes`` (a red five counted as its five), each as its codes in
    the hand's order, where the hand is ``over`` tiles too many by one for each of at most that many of them: a kan
    written in the row, where it counts 4, not 3 as a meld. ``[]`` where no such kan explains ``over`` (``1 <= over
    <= number of quads`` fails). ``tilelens score``'s hint and the app's alike.

    >>> [mpsz(tile_ids(q)) for q in kans_in_row(parse_mpsz("66606s555s"), 2)]
    ['6666s', '0555s']
    >>> kans_in_row(parse_mpsz("66606s555s"), 3), kans_in_row(parse_mpsz("1111m"), 0)
    ([], [])
    """
    kinds = Counter(KIND34[c] for c in codes)
    quads = [[c for c in codes if KIND34[c] == k] for k, n in kinds.items() if n == 4]
    return quads if 1 <= over <= len(quads) else []


def parse_mpsz(text: str, field_name: FieldName = "hand", shown: str | None = None) -> list[int]:
    """Tile codes of an mpsz string such as ``123m406p789s1122z`` (spaces allowed), in written order.

    Honours may also be written as letters, E S W N (winds) and P F C (haku, hatsu, chun) as mjai/tenhou-style
    tools write them, or as words (``east`` .. ``north``, ``haku hatsu chun``, ``white green red``), in any
    case. ``P`` or ``S`` straight after a suit letter (``55pp``) is refused as ambiguous: put a space before it.

    Japanese forms are read too: honours 東 南 西 北 白 發 中 (or 発), one character a tile, written together or
    apart (``東東東南南``); numbers as kanji numerals 一..九 or digits ending with 萬 (or 万), 筒 or 索
    (``一二三萬``, ``456筒``, ``一萬 二萬``), and ``赤`` straight before a five for the red five (``赤五筒`` is 0p).
    A red five may be written as mjai does, ``5mr`` (0m), ``5pr`` (0p), ``5sr`` (0s): ``r`` straight after a lone
    ``5`` and its suit letter. The word ``red`` beside a lone plain five (``5m red``, ``5mred``, ``red 5p``) is
    refused as ambiguous, the red five or the five and chun: write ``0m``/``5mr`` or ``7z``/``chun``. Full-width
    digits and letters are read as ``parse_tiles`` reads them (``１２３ｍ``); a digit of another script is refused.
    An error quotes ``shown`` (the text as the player typed it, before ``typed``) where given.

    >>> parse_mpsz("12 3m"), parse_mpsz("123sEEE PFC"), parse_mpsz("east chun")
    ([0, 1, 2], [18, 19, 20, 27, 27, 27, 31, 32, 33], [27, 33])
    >>> tile_ids(parse_mpsz("東東南白發中")), tile_ids(parse_mpsz("一二三萬赤五筒5sr"))
    (['1z', '1z', '2z', '5z', '6z', '7z'], ['1m', '2m', '3m', '0p', '0s'])
    >>> try:
    ...     parse_mpsz("8z")
    ... except RiichiInputError as exc:
    ...     print(exc.problem, "|", exc)  # doctest: +NORMALIZE_WHITESPACE
    notation | hand: '8z' is not riichi tile notation (honours are 1z-7z: 1z east (E), 2z south (S), 3z west (W),
    4z north (N), 5z haku/white (P), 6z hatsu/green (F), 7z chun/red (C))
    """
    shown = text if shown is None else shown
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)  # "１２３ｍ" is 123m, as parse_tiles reads it (typed)
    if _MPSZ_RE.fullmatch(text):  # the common case: one regex pass, one table per suit
        return [_SUIT_TABLES[suit][d] for digits, suit in _GROUP_RE.findall(text) for d in digits]
    return _parse_mpsz_slowly(text, field_name, shown)


def _parse_mpsz_slowly(plain: str, field_name: FieldName, text: str) -> list[int]:
    """Run by run through ``plain``: allows spaces, honours by letter, word or kanji, Japanese numbers (一二三萬),
    mjai red fives (5mr), and names the first thing that is wrong, quoting the whole ``text`` as typed (a hand
    typed ``123M…555Q`` was quoted ``'123m…555q'``, a full-width one half width)."""
    _refuse_flower(plain, field_name)
    codes: list[int] = []
    digits = ""
    kanji = False  # the pending digits were written the Japanese way (一, 赤): their suit may be 萬 筒 索
    red = False  # 赤 was written: the next tile is a five, the red one
    five = ""  # the last tile written is a lone plain five ("5m"): the word "red" straight after it is ambiguous
    red_word = False  # the last tile written is the word "red": a lone plain five straight after it is ambiguous
    red_digits = False  # the pending digits hold a five made red by 赤: their suit may not be z
    for match in _RUN_RE.finditer(plain):
        run = match.group()
        if red:  # 赤五萬, 赤5萬: the five becomes 0
            red = False
            if run == "五" or (run.isascii() and run.startswith("5")):
                run = "0" + run[1:]
                red_digits = True
            else:
                raise _red_kanji_error(text, field_name)
        if run in _KANJI_DIGITS:
            digits += _KANJI_DIGITS[run]
            kanji = True
            continue
        if run == _RED_KANJI:
            red = kanji = True
            continue
        if run.isspace():
            continue  # "12 3m" is 123m; "5p P" is 5p and haku
        if run.isascii() and run.isdigit():  # not "٥": a digit of another script is named below
            digits += run
            continue
        if run in _KANJI_SUITS:
            if not digits:
                raise _notation_error(text, field_name, f"suit {echoed(run)} has no numbers before it",
                                      f"{quoted_ja(run)}の前に数字がありません")
            codes.extend(_digit_group(text, field_name, digits, _KANJI_SUITS[run]))
            five = _lone_five(text, field_name, digits, _KANJI_SUITS[run], red_word)
            digits, kanji, red_word = "", False, False
            continue
        if run in _HONOUR_KANJI:
            if digits:
                raise _no_suit_error(text, field_name, kanji)
            codes.append(_HONOUR_KANJI[run])
            five, red_word = "", False
            continue
        if not (run.isascii() and run.isalpha()):  # one character that is no digit, letter, tile kanji or space
            raise _notation_error(text, field_name, f"unexpected character {echoed(run)}",
                                  f"{quoted_ja(run)}は使えない文字です")
        letters = run.lower()
        after_suit = bool(digits)
        if digits:  # the first letter ends the digits; what follows it is honours written straight after
            suit = letters[0]
            if suit not in SUITS:
                raise _notation_error(text, field_name, f"unexpected character {run[0]!r}",
                                      f"{quoted_ja(run[0])}は使えない文字です")
            if red_digits and suit == "z":  # 赤5z, 赤五z: not the honours' hint ("honours are 1z-7z")
                raise _notation_error(text, field_name, "赤 (red) goes only before a five of manzu, pinzu or souzu, "
                                      "as in 赤五萬 (0m): honours have no red five",
                                      "赤は萬子・筒子・索子の5の前にだけ書けます (例: 赤五萬 = 0m)")
            red_digits = False
            codes.extend(_digit_group(text, field_name, digits, suit))
            rest = letters[1:]
            if rest.startswith("r") and rest not in _HONOUR_WORDS:  # mjai's red five: 5mr is 0m
                if digits != "5" or suit == "z":
                    raise _notation_error(
                        text, field_name, f"'r' marks a red five only straight after a lone 5m, 5p or 5s; {_HOW_RED}",
                        f"r は 5m・5p・5s の直後にだけ書けます。{_HOW_RED_JA}")
                codes[-1] = RED_CODES[FIVES.index(KIND34[codes[-1]])]
                rest = rest[1:]
                five, red_word = "", False
            else:
                five = _lone_five(text, field_name, digits, suit, red_word)
                red_word = False
            digits, kanji = "", False
            letters = rest
        if letters:  # honours: straight after a suit letter (5mEE), or a run of their own (EE, east)
            if letters == "r" and five and not after_suit:  # "5m r": mjai's 5mr typed with a space
                raise _spaced_red_error(text, field_name, five)
            codes.extend(_honour_run(text, field_name, letters, after_suit=after_suit,
                                     as_typed=_as_typed(plain, text, match.end() - len(letters), match.end())))
            if letters == "red" and five:
                raise _red_word_error(text, field_name, five)
            five, red_word = "", letters == "red"
    if red:
        raise _red_kanji_error(text, field_name)
    if digits:
        raise _no_suit_error(text, field_name, kanji)
    return codes


def _refuse_flower(text: str, field_name: FieldName) -> None:
    """A word ``f1``..``f8`` in ``text`` (a Hong Kong set's flower, as ``read --json``'s ``kinds`` name it) is refused:
    read as tiles it was hatsu (F) and a digit that joined the next word's (``f1 1z`` was 發 11z)."""
    found = _FLOWER_RE.search(text)
    if found:
        flower = found.group()
        raise RiichiInputError(InputProblem.NOTATION,
                               f"{_field_en(field_name)}: {flower} is a flower, which riichi mahjong does not score: "
                               f"leave it out",
                               f"{_field_ja(field_name)}: {flower} は花牌で、リーチ麻雀では数えません。外してください")


def check_words(words: Sequence[str], field_name: str = "hand") -> None:
    """A command line's words of tiles, each read on its own before they are joined: a flower (``f1``) is refused
    (``_refuse_flower``), and so is a word ending with digits that have no suit (``f1 1z`` was 發 11z, ``1 1z``
    11z): its digits do not join the next word's. One word may still be spaced (``"12 3m"``), as a typed box is.

    >>> check_words(["123m", "EE", "12 3m"])
    >>> try:
    ...     check_words(["123m", "11", "1z"])
    ... except RiichiInputError as exc:
    ...     print(exc)  # doctest: +NORMALIZE_WHITESPACE
    hand: '11' is not riichi tile notation (digits must end with a suit letter m, p, s or z in the same word: each
    word is read on its own)
    """
    for word in words:
        plain = unicodedata.normalize("NFKC", word).strip()
        _refuse_flower(plain, field_name)
        if _DIGITS_AT_END.search(plain):
            kanji = not plain[-1].isascii()
            suits, suits_ja = ("m, p, s or z (or 萬/万, 筒, 索)", "m・p・s・z (または 萬/万・筒・索)") if kanji \
                else ("m, p, s or z", "m・p・s・z")
            raise _notation_error(word, field_name, f"digits must end with a suit letter {suits} in the same word: "
                                  "each word is read on its own",
                                  f"数字の後には同じ語の中で {suits_ja} のどれかを書いてください: 語は1つずつ読みます")


def _lone_five(text: str, field_name: FieldName, digits: str, suit: str, red_word: bool) -> str:
    """``"5m"`` when ``digits`` in ``suit`` is a lone plain five (``5m``, ``五萬``), else ``""``; a lone five
    straight after the word ``red`` (``red 5m``) is refused as ambiguous."""
    five = f"5{suit}" if digits == "5" and suit in "mps" else ""
    if five and red_word:
        raise _red_word_error(text, field_name, five)
    return five


def _red_word_error(text: str, field_name: FieldName, five: str) -> RiichiInputError:
    """``red`` beside a lone plain five: the red five (``5m red`` for mjai's ``5mr``) or the five and chun."""
    red = f"0{five[1]}"
    return _notation_error(
        text, field_name, f"'red' beside {five} is ambiguous: write the red five as {red} (or {five}r), the red "
        f"dragon as 7z (or chun)",
        f"{five} の隣の 'red' は赤ドラとも中とも読めます。赤ドラは {red} (または {five}r)、中は 7z (または chun) と書いてください")


def _digit_group(text: str, field_name: FieldName, digits: str, suit: str) -> list[int]:
    """Codes of ``digits`` in ``suit`` (``"406", "p"``); a digit that is no tile there is refused."""
    codes = []
    for d in digits:
        code = _CODE_BY_DIGIT_SUIT.get((d, suit))
        if code is None:
            raise _notation_error(text, field_name, _bad_digit_hint(d, suit), _bad_digit_hint(d, suit, ja=True))
        codes.append(code)
    return codes


def _no_suit_error(text: str, field_name: FieldName, kanji: bool) -> RiichiInputError:
    if kanji:
        return _notation_error(text, field_name, "digits must end with a suit letter m, p, s or z (or 萬/万, 筒, 索)",
                               "数字の後には m・p・s・z (または 萬/万・筒・索) のどれかを書いてください")
    return _notation_error(text, field_name, "digits must end with a suit letter m, p, s or z",
                           "数字の後には m・p・s・z のどれかを書いてください")


def _red_kanji_error(text: str, field_name: FieldName) -> RiichiInputError:
    return _notation_error(text, field_name, "赤 (red) goes straight before 五 or 5, as in 赤五萬 (0m); " + _HOW_RED,
                           "赤は 五 または 5 のすぐ前に書いてください (例: 赤五萬 は 0m)。" + _HOW_RED_JA)


def _spaced_red_error(text: str, field_name: FieldName, five: str) -> RiichiInputError:
    """A lone ``r`` after a space past a lone plain five (``5m r``): the honours hint, and how the red five is
    written (``0m`` or mjai's ``5mr``, with no space)."""
    red = f"0{five[1]}"
    return _notation_error(
        text, field_name, f"unexpected character 'r'; {_HOW_HONOURS}; a red five is written {red} or {five}r "
        f"(no space before r)",
        f"「r」は使えない文字です。{_HOW_HONOURS_JA}。赤ドラは {red} または {five}r (r の前に空白なし) と書いてください")


def _honour_run(text: str, field_name: FieldName, letters: str, *, after_suit: bool,
                as_typed: str | None = None) -> list[int]:
    """Honours in ``letters`` (lower case, no digits before it): a word (``east``, ``chun``) or letters
    (``eswn``, ``pfc``). ``p`` or ``s`` straight after a suit letter (``55pp``) is refused as ambiguous. A word that
    is no tile is quoted ``as_typed`` where given (``ｘｙｚｚｙ``, ``XYZZY``: not 'xyzzy')."""
    word = _HONOUR_WORDS.get(letters)
    if word is not None:
        return [word]
    if all(ch in _HONOUR_LETTERS for ch in letters):
        if after_suit and letters[0] in "ps":
            z = TILE_IDS[_HONOUR_LETTERS[letters[0]]]
            raise _notation_error(
                text, field_name, f"{letters[0]!r} straight after a suit letter is ambiguous: put a space before "
                f"honour letters, or write it as {z}",
                f"数牌の記号のすぐ後の{quoted_ja(letters[0])}は紛らわしいので、字牌の文字の前に空白を入れるか {z} と書いてください")
        return [_HONOUR_LETTERS[ch] for ch in letters]
    if letters[0] in SUITS:
        raise _notation_error(text, field_name, f"suit letter {letters[0]!r} has no digits before it",
                              f"{quoted_ja(letters[0])}の前に数字がありません")
    if len(letters) == 1:
        raise _notation_error(text, field_name, f"unexpected character {echoed(letters)}; {_HOW_HONOURS}",
                              f"{quoted_ja(letters)}は使えない文字です。{_HOW_HONOURS_JA}")
    raise _unknown_word(as_typed or letters, field_name)


def _as_typed(plain: str, text: str, start: int, end: int) -> str | None:
    """The piece of ``text`` (as typed) that ``plain[start:end]`` was read from, ``plain`` being ``text`` in its
    NFKC form (``typed``: ``ｘｙｚｚｙ`` is read xyzzy; commas may have become spaces); None where the two do not
    line up character by character."""
    at: list[int] = []  # where in text each character of its NFKC form came from
    for i, ch in enumerate(text):
        at.extend([i] * len(unicodedata.normalize("NFKC", ch)))
    if len(at) != len(plain) or not 0 <= start < end <= len(at):
        return None
    piece = text[at[start]:at[end - 1] + 1]
    return piece if unicodedata.normalize("NFKC", piece).lower() == plain[start:end].lower() else None


def _unknown_word(word: str, field_name: FieldName) -> RiichiInputError:
    """A word that is no tile (``xyzzy`` in ``1m xyzzy 9q``), named alone with one short hint: the hand around it
    made a message three brackets deep (手牌: 「1m xyzzy 9q」は… (「xyzzy」という牌はありません (字牌は…)))."""
    return RiichiInputError(InputProblem.NOTATION,
                            f"{_field_en(field_name)}: unknown tile {echoed(word)}; {HOW_TILES}",
                            f"{_field_ja(field_name)}: {quoted_ja(word)}という牌はありません。{HOW_TILES_JA}")


def typed(text: str) -> str:
    """``text`` as a Japanese keyboard may type it, in the plain forms: full-width letters and digits made
    ASCII (``"２３４ｍ"`` -> ``"234m"``), and ASCII tile notation lower-cased (``"234M"`` -> ``"234m"``).

    >>> typed("２３４ｍ５６７Ｐ"), typed("東 東"), typed("ＥＡＳＴ")
    ('234m567p', '東 東', 'east')
    """
    plain = unicodedata.normalize("NFKC", text)
    return plain.lower() if plain.isascii() else plain


def parse_tiles(tiles: Any, game: Any = None, field_name: FieldName = "hand", shown: str | None = None) -> list[int]:
    """Tile codes from an mpsz string or a sequence of tokens (ids, mpsz runs, Japanese names, TileKinds);
    full-width and upper-case notation is read as typed (``typed``). An error in a string quotes it as typed
    (``shown``, where a caller read it first: the app's typed box, its commas made spaces), and names the field
    ``field_name`` (``FieldName``)."""
    if isinstance(tiles, str):
        # an error quotes the text as typed, not as read ("123M", "１２３ｍ" were quoted '123m')
        as_typed, tiles = tiles if shown is None else shown, typed(tiles)
        if tiles.isascii():
            return parse_mpsz(tiles, field_name, as_typed)
        words = tiles.replace(",", " ").replace("、", " ")
        if game is None or _japanese_notation(words):  # "123m東東東南南", "一二三萬 赤五筒"
            return parse_mpsz(words, field_name, as_typed)
        tiles = words.split()  # other names the game knows, one a word
    if tiles is None:
        return []
    if isinstance(tiles, (bytes, bytearray, Mapping)) or not isinstance(tiles, Iterable):
        raise RiichiInputError(InputProblem.NOTATION, f"{_field_en(field_name)}: {echoed(tiles)} is no tiles: write "
                               f"them as a string (e.g. 123m456p) or a list of tiles",
                               f"{_field_ja(field_name)}: {quoted_ja(tiles)}は牌ではありません: 文字列 (例: 123m456p) か牌の"
                               f"リストで書いてください")
    tiles = list(tiles)
    _check_red_word_beside_five(tiles, field_name)
    codes: list[int] = []
    for token in tiles:
        if isinstance(token, int) and not isinstance(token, bool):
            if not 0 <= token < len(TILE_IDS):
                raise RiichiInputError(InputProblem.NOTATION,
                                       f"{_field_en(field_name)}: tile code {token} is out of range",
                                       f"{_field_ja(field_name)}: 牌の番号 {token} は範囲外です")
            codes.append(token)
            continue
        token = getattr(token, "id", token)
        if not isinstance(token, str):
            raise RiichiInputError(InputProblem.NOTATION,
                                   f"{_field_en(field_name)}: {echoed(token)} is not a tile",
                                   f"{_field_ja(field_name)}: {quoted_ja(token)}は牌ではありません")
        token = typed(token)
        code = _CODE_BY_ID.get(token)
        if code is not None:
            codes.append(code)
        elif _MPSZ_RE.fullmatch(token.replace(" ", "")):
            codes.extend(parse_mpsz(token, field_name))
        elif token.isascii() and (token.lstrip()[:1].isdigit() or _honours_only(token)):
            codes.extend(parse_mpsz(token, field_name))  # "8z" says which honour is which; "N", "east" are read
        elif _japanese_notation(token):
            codes.extend(parse_mpsz(token, field_name))  # "東東東", "一二三萬", "赤五筒"
        elif _FLOWER_RE.fullmatch(token.strip()):
            _refuse_flower(token.strip(), field_name)  # f1..f8: a flower, not an unknown tile
        elif game is not None and hasattr(game, "tile"):
            try:
                codes.append(code_of(game.tile(token).id))  # another name the game knows
            except UnknownTileError:
                if any(ch in _JA_TILE_CHARS for ch in token):  # "東東十": name the character that is no tile
                    parse_mpsz(token, field_name)
                raise
        else:
            raise UnknownTileError(token, GAME_ID, _near(token))
    return codes


_FIVE_SUIT = "([mps]|萬|万|筒|索)"
_LONE_FIVE_AT_END = re.compile(rf"(?:^|[^0-9一二三四五六七八九赤])(?:5|五){_FIVE_SUIT}$")
_LONE_FIVE_AT_START = re.compile(rf"^(?:5|五){_FIVE_SUIT}(?!r)")


def _check_red_word_beside_five(tokens: Sequence[Any], field_name: FieldName) -> None:
    """Tokens as words (``["5m", "red"]``, as ``--dora 5m red`` gives them) are refused as ``"5m red"`` is."""
    def word(i: int) -> str:
        token = tokens[i] if 0 <= i < len(tokens) else None
        return typed(token).strip().lower() if isinstance(token, str) else ""

    for i, token in enumerate(tokens):
        if not (isinstance(token, str) and len(token.strip()) == 3 and word(i) == "red"):
            continue
        for j, lone_five in ((i - 1, _LONE_FIVE_AT_END), (i + 1, _LONE_FIVE_AT_START)):
            found = lone_five.search(word(j))
            if found:
                pair = f"{word(j)} red" if j < i else f"red {word(j)}"
                raise _red_word_error(pair, field_name, "5" + _KANJI_SUITS.get(found.group(1), found.group(1)))


def _japanese_notation(text: str) -> bool:
    """Whether ``text`` is tile notation with Japanese characters in it (``東東東``, ``123m白``, ``一二三萬``):
    ASCII and tile kanji only, and at least one tile kanji."""
    return not text.isascii() and all(ch.isascii() or ch in _JA_TILE_CHARS for ch in text)


def _honours_only(token: str) -> bool:
    """Whether ``token`` (lower case) is honours written as letters or words only (``n``, ``east pfc``)."""
    return all(word in _HONOUR_WORDS or set(word) <= _HONOUR_LETTERS.keys() for word in token.split()) \
        and bool(token.strip())


def meld_kind(text: Any) -> MeldKind | None:
    """The kind of meld a word names (``pon``, ``PON``, ``ポン``, ``ﾎﾟﾝ``, ``chow`` ...), None for none.

    >>> meld_kind("ＰＯＮ"), meld_kind("暗カン"), meld_kind("pong")
    (<MeldKind.PON: 'pon'>, <MeldKind.ANKAN: 'ankan'>, None)
    """
    return _MELD_ALIASES.get(typed(str(text)).strip())


def parse_meld(spec: Any, shown: str | None = None) -> MeldSpec:
    """A meld from ``kind:tiles`` (``pon:555z``, ``chi:234m``, ``kan:1111p``, ``ankan:9999s``, ``kakan:...``).

    Also accepts a ``MeldSpec`` or a ``(kind, tiles)`` pair. A meld that is not a meld raises
    ``RiichiInputError``, naming it ``meld 'pon:5z5z'`` (鳴き「pon:5z5z」); or, where ``shown`` is given (the meld as
    the player typed it, on a screen whose words already say it is a meld: "Not counted as a meld"), as typed and
    alone: ``'pon 5z5z'`` (「pon 5z5z」).

    >>> parse_meld("pon:556m")
    Traceback (most recent call last):
    ...
    scorer.riichi_tiles.RiichiInputError: meld 'pon:556m': a pon is three identical tiles
    """
    if isinstance(spec, MeldSpec):
        return spec
    if isinstance(spec, str):
        kind_text, sep, tiles_text = spec.partition(":")
        if not sep:
            meld, meld_ja = meld_named(spec, shown)
            raise RiichiInputError(InputProblem.MELD, f"{meld}: write it as KIND:TILES or KIND TILES, "
                                   f"e.g. pon:555z or pon 555z (kinds: chi, pon, kan, ankan, kakan)",
                                   f"{meld_ja}: 「種類:牌」か「種類 牌」の形で書いてください (例: pon:555z、"
                                   f"ポン 555z; 種類はチー・ポン・カン・暗カン・加カン)")
    else:
        try:
            kind_text, tiles_text = spec
        except (TypeError, ValueError):
            meld, meld_ja = meld_named(spec, shown)
            raise RiichiInputError(InputProblem.MELD, f"{meld}: expected 'kind:tiles'",
                                   f"{meld_ja}: 「種類:牌」の形にしてください (例: pon:555z)") from None
    named = meld_named(spec if isinstance(spec, str) else f"{kind_text}:{tiles_text}", shown)
    kind = meld_kind(kind_text)
    if kind is None and (kind_text is None or isinstance(kind_text, str) and not kind_text.strip()):  # ``:555z``
        raise RiichiInputError(InputProblem.MELD, f"{named[0]}: no kind (expected chi, pon, kan, ankan or kakan)",
                               f"{named[1]}: 鳴きの種類がありません (チー・ポン・カン・暗カン・加カン)")
    if kind is None:
        raise RiichiInputError(InputProblem.MELD, f"{named[0]}: unknown kind {echoed(kind_text)} "
                               f"(expected chi, pon, kan, ankan or kakan)",
                               f"{named[1]}: {quoted_ja(kind_text)}という鳴きはありません (チー・ポン・カン・暗カン・加カン)")
    codes = parse_tiles(tiles_text, field_name=named)
    return MeldSpec(kind, _check_meld_shape(kind, codes, named))


def meld_named(label: Any, shown: str | None = None) -> tuple[str, str]:
    """A meld as every message names it, in English and Japanese: ``meld 'pon:55x'``, 鳴き「pon:55x」 (its text quoted
    as ``_whole`` quotes it; a ``MeldSpec`` as it writes itself, ``meld 'pon:555z'``: a tile of it the set lacks, a
    chi at a table of three); ``shown`` (as typed) alone where given: ``'pon 55x'``, 「pon 55x」."""
    if shown is not None:
        return _whole(shown), _whole(shown, "ja")
    if isinstance(label, MeldSpec):
        label = str(label)
    return f"meld {_whole(label)}", f"鳴き{_whole(label, 'ja')}"


def _check_meld_shape(kind: MeldKind, codes: list[int], named: tuple[str, str]) -> tuple[int, ...]:
    meld, meld_ja = named
    if len(codes) != kind.size:
        raise RiichiInputError(InputProblem.MELD, f"{meld}: a {kind} has {kind.size} tiles, got {len(codes)}",
                               f"{meld_ja}: {MELD_JA[kind]}は {kind.size}枚です ({len(codes)}枚あります)")
    kinds = sorted(KIND34[c] for c in codes)
    if kind is MeldKind.CHI:
        if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise RiichiInputError(InputProblem.MELD, f"{meld}: a chi is three consecutive numbers "
                                   f"of one suit (honours cannot form a chi)",
                                   f"{meld_ja}: チーは同じ種類の連続した3つの数です (字牌ではチーできません)")
        return tuple(sorted(codes, key=lambda c: KIND34[c]))
    if kinds[0] != kinds[-1]:
        what = "a pon is three" if kind is MeldKind.PON else f"a {kind} is four"
        raise RiichiInputError(InputProblem.MELD, f"{meld}: {what} identical tiles",
                               f"{meld_ja}: {MELD_JA[kind]}は同じ牌 {kind.size}枚です")
    return tuple(codes)


def parse_melds(melds: Any) -> list[MeldSpec]:
    """Melds from a sequence of specs, or one string of them as ``split_melds`` reads it
    (``"pon 555z, chi:234m"``)."""
    if melds is None or (isinstance(melds, Sized) and not len(melds)):
        return []
    if isinstance(melds, str):
        melds = [spec for spec, _ in split_melds(melds)]
    elif isinstance(melds, MeldSpec):  # one meld
        melds = [melds]
    elif isinstance(melds, (bytes, bytearray, Mapping)) or not isinstance(melds, Iterable):
        raise RiichiInputError(InputProblem.MELD, f"melds: {echoed(melds)} is no list of melds: give them as a list of "
                               f"KIND:TILES, e.g. [\"pon:555z\", \"chi:234m\"], or one string of them",
                               f"鳴き (melds): {quoted_ja(melds)}は鳴きのリストではありません: 「種類:牌」のリスト "
                               f"(例: [\"pon:555z\", \"chi:234m\"]) か、それを並べた文字列にしてください")
    return [parse_meld(m) for m in melds]


def kan_of_pon(spec: str, fourth: str) -> str | None:
    """The open kan of a pon (``spec``) and a ``fourth`` tile of its kind (a red five as its five), its red five
    first (``0555m``, as the app's meld builder writes a kan); None where ``spec`` is no pon or ``fourth`` of another
    kind. A called kan whose fourth tile a photo missed reads as a pon; an open kan and an added kan (kakan) of the
    same tiles score alike.

    >>> kan_of_pon("pon:777z", "7z"), kan_of_pon("pon:055m", "5m"), kan_of_pon("pon:555p", "0p")
    ('kan:7777z', 'kan:0555m', 'kan:0555p')
    >>> kan_of_pon("pon:111s", "7z"), kan_of_pon("chi:123s", "1s"), kan_of_pon("pon:111s", "x")
    (None, None, None)
    """
    try:
        pon, code = parse_meld(spec), code_of(fourth)
    except (HandError, UnknownTileError):  # no meld, or no tile
        return None
    if pon.kind is not MeldKind.PON or KIND34[code] != KIND34[pon.codes[0]]:
        return None
    return str(MeldSpec(MeldKind.KAN, tuple(sorted((*pon.codes, code), key=lambda c: TILE_IDS[c]))))


_MELDS_APART = re.compile(r"[,、;]")  # after NFKC: ，→ ,  ､ → 、  ； → ;


def split_melds(text: str) -> list[tuple[str, str]]:
    """The melds written in one text, each as the scorer's ``kind:tiles`` and as written (to quote it as the
    player typed it). A meld is a kind word (``pon``, ``ポン``, ``chow`` ...: ``meld_kind``) then its tiles, after
    ``:`` or spaces, in any words ``parse_tiles`` reads (``666z``, ``FFF``, ``發發發``, ``一二三萬``); full width is
    read as typed (``ｐｏｎ：６６６ｚ``). Melds are apart by commas, 、, or the next kind word. A meld that
    parses is written in mpsz (``pon:666z``); text that is no meld is kept for ``parse_meld`` to refuse with its
    reason (``pong``; ``pong 555z`` as ``pong:555z``).

    >>> split_melds("pon FFF, chi:一二三萬")
    [('pon:666z', 'pon FFF'), ('chi:123m', 'chi:一二三萬')]
    >>> split_melds("ポン 發發發 暗カン 9999s"), split_melds("pong")
    ([('pon:666z', 'ポン 發發發'), ('ankan:9999s', '暗カン 9999s')], [('pong', 'pong')])
    """
    plain, typed_at = "", []  # NFKC a character at a time: where each of ``plain`` was typed in ``text``
    for i, ch in enumerate(text):
        normal = unicodedata.normalize("NFKC", ch)
        plain += normal
        typed_at.extend([i] * len(normal))
    typed_at.append(len(text))
    words = list(re.finditer(r"[^\s,、;]+", plain))
    starts = [i for i, w in enumerate(words) if i == 0 or _starts_meld(w.group())
              or _MELDS_APART.search(plain[words[i - 1].end():w.start()])]
    found: list[tuple[str, str]] = []
    for first, after in zip(starts, [*starts[1:], len(words)]):
        start, end = words[first].start(), words[after - 1].end()
        found.append((_meld_spec(plain[start:end]), text[typed_at[start]:typed_at[end]]))
    return found


_KIND_THEN_TILES = re.compile(r"(?<![^\s,、;])([^\s,、;:]+)\s+(?=[^\s,、;:])")


def spaced_melds(words: Sequence[str]) -> list[str]:
    """A command line's ``--melds`` words with each meld as ``KIND:TILES``: full width made plain
    (``ｐｏｎ：６６６ｚ``), and a kind word and its tiles written apart joined, in one word (``"pon 666z"``) or more
    (``pon 666z``, ``ポン 發發發``, ``pon 白 白 白``, ``pon:白 白 白``). A meld short of its tiles takes the next words
    that are tiles, up to its size (``_meld_tiles_taken``); a word after them is the hand's. Other words are as they
    were.

    >>> spaced_melds(["ｐｏｎ：６６６ｚ", "chi", "234m", "11z"]), spaced_melds(["pon 555z, chi 一二三萬"])
    (['pon:666z', 'chi:234m', '11z'], ['pon:555z, chi:一二三萬'])
    >>> spaced_melds(["pon", "白", "白", "白", "chi", "1m", "2m", "3m", "11z"])
    ['pon:白 白 白', 'chi:1m 2m 3m', '11z']
    """
    plain = [_meld_word(word) for word in words]
    joined: list[str] = []
    i = 0
    while i < len(plain):
        word = plain[i]
        if meld_kind(word.strip(" ,、;")) is not None and i + 1 < len(plain) and ":" not in plain[i + 1]:
            word = f"{word.strip(' ,、;')}:{plain[i + 1]}"
            i += 1
        taken = _meld_tiles_taken(word, plain[i + 1:])
        word = " ".join([word, *plain[i + 1:i + 1 + taken]])
        joined.append(word)
        i += 1 + taken
    return joined


def _meld_tiles_taken(word: str, after: Sequence[str]) -> int:
    """How many of the words ``after`` a ``KIND:TILES`` ``word`` short of its kind's tiles takes as the rest of
    them (``pon:白`` then ``白``, ``白``): each a word of tiles alone (no kind word, no ``:``), while the meld is short
    and they do not take it over its size. 0 for any other word (a meld whole, or no meld).

    >>> _meld_tiles_taken("pon:白", ["白", "白", "11z"]), _meld_tiles_taken("pon:白白白", ["11z"])
    (2, 0)
    """
    kind_text, colon, tiles = word.partition(":")
    kind = meld_kind(kind_text) if colon else None
    have = _tiles_in(tiles) if kind is not None else None
    taken = 0
    while have is not None and have < kind.size and taken < len(after):  # type: ignore[union-attr]
        more = after[taken]
        n = None if ":" in more or meld_kind(more.strip(" ,、;")) is not None else _tiles_in(more)
        if n is None or have + n > kind.size:  # type: ignore[union-attr]
            break
        have, taken = have + n, taken + 1
    return taken


def _tiles_in(text: str) -> int | None:
    """How many tiles ``text`` is (None where it is no tiles, or none); a flower (``f1``) is one: a meld short of its
    tiles takes it, to be refused as the meld's (``pon f1 f1 f1`` is no hand's flower)."""
    flowers = _FLOWER_RE.findall(text)
    if flowers and not _FLOWER_RE.sub("", text).strip(" ,、;"):
        return len(flowers)
    try:
        return len(parse_tiles(text.strip(" ,、;"), field_name="meld")) or None
    except (HandError, UnknownTileError, ValueError):
        return None


def _meld_word(word: str) -> str:
    """One ``--melds`` word with its melds as ``KIND:TILES``; a word that holds no kind word as typed (a photo's
    name in full width is looked for as it was typed)."""
    normal = unicodedata.normalize("NFKC", word)
    joined = _KIND_THEN_TILES.sub(lambda m: m.group(1) + ":" if meld_kind(m.group(1)) else m.group(0), normal)
    said = joined != normal or meld_kind(normal.strip(" ,、;")) is not None or ":" in normal
    return joined if said else word


def _starts_meld(word: str) -> bool:
    """Whether ``word`` opens a meld: a kind word (``pon``, ``pon:555z``), or any word before a colon."""
    head, colon, _ = word.partition(":")
    return meld_kind(head) is not None or bool(colon and head)


def _meld_spec(piece: str) -> str:
    """One meld's text as ``kind:tiles`` (in mpsz where it is a meld); a word alone as it is."""
    kind, colon, tiles = piece.partition(":")
    if not colon:
        kind, tiles = (*piece.split(None, 1), "")[:2]
        if not tiles.strip():
            return piece
    named = meld_kind(kind)
    spec = f"{named.value if named is not None else kind.strip().lower()}:{typed(tiles.strip())}"
    try:
        parse_meld(spec)
        return f"{spec.partition(':')[0]}:{mpsz(tile_ids(parse_tiles(typed(tiles.strip()))))}"
    except (RiichiInputError, UnknownTileError):
        return spec


HAND_ECHO = 200  # characters of a hand's or a meld's whole text a message echoes (``echoed``): a long hand in words


def _whole(text: Any, lang: str = "en") -> str:
    """A hand's or a meld's whole text as a message echoes it: as typed, but for a text of thousands of characters;
    in Japanese in Japanese quotes, as the tile named inside it is (鳴き「pong:555z」: 「pong」という鳴きは…:
    ``quoted_ja``)."""
    return quoted_ja(text, HAND_ECHO) if lang == "ja" else echoed(text, lang, HAND_ECHO)


def _notation_error(text: str, field_name: FieldName, hint: str, hint_ja: str) -> RiichiInputError:
    return RiichiInputError(InputProblem.NOTATION, f"{_field_en(field_name)}: {_whole(text)} is not riichi tile "
                            f"notation ({hint})",
                            f"{_field_ja(field_name)}: {_whole(text, 'ja')}は牌の書き方 (例: 123m456p789s11z) になっていません ({hint_ja})")


def _field_en(field_name: FieldName) -> str:
    """A field's name as an English message says it: the name, or a pair's English."""
    return field_name if isinstance(field_name, str) else field_name[0]


def _field_ja(field_name: FieldName) -> str:
    """A field's name as a Japanese screen says it (``hand`` -> ``手牌``), or a pair's Japanese (a meld's,
    ``meld_named``)."""
    if not isinstance(field_name, str):
        return field_name[1]
    return {"hand": "手牌", "dora indicators": "ドラ表示牌", "ura dora indicators": "裏ドラ表示牌",
            "discards": "捨て牌", "winning tile": "上がり牌", "seat": "自風", "round wind": "場風",
            "discarder": "放銃者", "tenpai seat": "テンパイの席"}.get(field_name, field_name)


def _bad_digit_hint(digit: str, suit: str, ja: bool = False) -> str:
    if suit == "z":
        return ("字牌は 1z〜7z です: 1z=東、2z=南、3z=西、4z=北、5z=白、6z=發、7z=中 (英字なら E・S・W・N・P・F・C)" if ja
                else "honours are 1z-7z: 1z east (E), 2z south (S), 3z west (W), 4z north (N), "
                "5z haku/white (P), 6z hatsu/green (F), 7z chun/red (C)")
    return f"{digit}{suit} という牌はありません" if ja else f"{digit}{suit} is not a tile"


def _near(token: str) -> tuple[str, ...]:
    import difflib

    return tuple(difflib.get_close_matches(token.strip().lower(), TILE_IDS, n=3, cutoff=0.5))


def check_tile_count(concealed: Sequence[int], melds: Sequence[MeldSpec], expected: Iterable[int]) -> None:
    """Raise ``RiichiInputError`` unless concealed tiles + 3 per meld is one of ``expected`` (a kan counts 3), in
    the words every game says a wrong count in (``scorer.result.count_words``).

    >>> check_tile_count(range(13), (), (14,))
    Traceback (most recent call last):
    ...
    scorer.riichi_tiles.RiichiInputError: wrong tile count: a hand has 14 tiles here (13 now; a kan counts 3)
    """
    allowed = tuple(expected)
    if len(concealed) + 3 * len(melds) not in allowed:
        raise RiichiInputError(InputProblem.COUNT, *count_words(allowed, len(concealed), len(melds), kan=True))
