"""Result types shared by every game engine (Donjara and riichi alike).

A legal hand that does not win is a ``ScoreResult`` with ``winning=False`` and a ``reason``;
bad input raises a ``TilelensInputError`` subclass instead.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class WinKind(StrEnum):
    TSUMO = "tsumo"
    RON = "ron"


# Each win kind as a Japanese player says it (in katakana: a help's words, a riichi hand's head line, a rules file's
# choice); ``scorer.cli.WIN_KIND_TYPED`` takes these, and their hiragana, for --win.
WIN_KIND_JA = {WinKind.TSUMO.value: "ツモ", WinKind.RON.value: "ロン"}


class TilelensInputError(ValueError):
    """Bad input from a user: the message is one clear line naming the problem. ``message_ja`` says it in
    Japanese where a screen shows it ("" where only English is written)."""

    def __init__(self, message: str = "", message_ja: str = "") -> None:
        super().__init__(message)
        self.message_ja = message_ja

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as made, whatever the subclass's ``__init__`` takes (``UnknownTileError(token, game_id)``):
        its ``args`` (the English message) and its fields (``message_ja``, ``token``, ``problem`` ...) put back
        without calling ``__init__`` again, so that one crosses a process pool as the error it is."""
        return _unpickled_error, (type(self), self.args, dict(vars(self)))


def _unpickled_error(cls: type[TilelensInputError], args: tuple[Any, ...], fields: dict[str, Any]
                     ) -> TilelensInputError:
    """A ``TilelensInputError`` (or subclass) from its pickle (``TilelensInputError.__reduce__``)."""
    exc = cls.__new__(cls, *args)
    exc.args = args
    vars(exc).update(fields)
    return exc


class UnknownTileError(TilelensInputError):
    """A tile name or id that the game's catalog does not hold."""

    def __init__(self, token: str, game_id: str, suggestions: tuple[str, ...] = (), game: Any = None,
                 listed: bool = False):
        """``game``: the game itself where the caller has it (a house file's, not found by its id); else it is
        loaded by ``game_id`` for its names. ``listed``: a name near no tile (a Nogizaka member the table has no
        tile for, まあや) is told the command that lists the game's tiles (the command line's and the library's
        ``Game.tile``; a screen shows its tiles itself)."""
        self.token, self.game_id, self.suggestions = token, game_id, tuple(suggestions)
        hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
        hint_ja = f" (もしかして: {'、'.join(suggestions)})" if suggestions else ""
        command = "" if suggestions or not listed else games_command(game_id, game)
        where = f"; its tiles are listed by `{command}`" if command else ""
        where_ja = f"。このゲームの牌は `{command}` で一覧できます" if command else ""
        if not (suggestions or command):  # nothing near it, no list to look in: how the game's tiles are written
            how, how_ja = how_written(game_id, game)
            where, where_ja = (f"; {how}", f"。{how_ja}") if how else ("", "")
        # the game by its English name, as the Japanese says its Japanese one; the id kept for a script (and the
        # whole token in ``token``: a 100,000-character one is said cut short)
        super().__init__(f"unknown tile {echoed(token)} for {game_name_en(game_id, game)} ({game_id}{hint}){where}",
                         f"{game_name_ja(game_id, game).lstrip()}に{quoted_ja(token)}という牌はありません{hint_ja}"
                         f"{where_ja}")


def how_written(game_id: str, game: Any = None) -> tuple[str, str]:
    """One short hint of how a game's tiles are written, in English and Japanese: riichi notation (the hint an unknown
    word in a riichi hand is given, ``scorer.riichi_tiles.HOW_TILES``), or a Donjara tile's name as an example (its
    first tile but an almighty one); ``("", "")`` for a game not found.

    >>> how_written("yokai-watch")
    ('write tiles by name, e.g. Yokai 01', '牌は名前で書いてください (例: 妖怪01)')
    >>> how_written("tokyo-mahjong")[0], how_written("no-such-game")
    ('write tiles as in 123m456p789s11z (honours 1z-7z, or E S W N P F C)', ('', ''))
    """
    found = _game(game_id, game)
    if getattr(found, "engine", "") == "riichi":
        from scorer.riichi_tiles import HOW_TILES, HOW_TILES_JA  # it imports this module

        return HOW_TILES, HOW_TILES_JA
    kind = next((k for k in getattr(found, "tiles", ()) if not getattr(k, "almighty", False)), None)
    if kind is None:
        return "", ""
    return (f"write tiles by name, e.g. {kind.name_en or kind.id}",
            f"牌は名前で書いてください (例: {kind.name_ja or kind.id})")


def games_command(game_id: str, game: Any = None) -> str:
    """The command that lists a game's tiles: ``tilelens games <id>`` where the id names it, else its file's path (a
    house file named on the command line); "" where neither does."""
    try:
        from scorer.catalog import load_game

        load_game(game_id)
        return f"tilelens games {game_id}"
    except Exception:  # noqa: BLE001 - a message must still be said: by the game's file, or without the command
        source = str(getattr(game, "source", "") or "")
        return f"tilelens games {source}" if source else ""


def _game(game_id: str, game: Any = None) -> Any:
    if game is not None:
        return game
    try:
        from scorer.catalog import load_game

        return load_game(game_id)
    except Exception:  # noqa: BLE001 - a message must still be said: an id not loadable is said as itself
        return None


def game_name_ja(game_id: str, game: Any = None) -> str:
    """A game's Japanese name (「乃木坂ドンジャラ」) for a Japanese message, its id where it has none."""
    name = getattr(_game(game_id, game), "name_ja", "")
    return f"「{name}」" if name else f" {game_id} "


def game_name_en(game_id: str, game: Any = None) -> str:
    """A game's English name for an English message, without its file's aside ("Nogizaka Donjara", not
    "Nogizaka Donjara (fan-made)"); ``game <id>`` where it has none.

    >>> game_name_en("nogizaka"), game_name_en("tokyo-mahjong"), game_name_en("no-such-game")
    ('Nogizaka Donjara', 'Tokyo Mahjong', 'game no-such-game')
    """
    name = re.sub(r"\s*\([^()]*\)$", "", getattr(_game(game_id, game), "name_en", "") or "")
    return name or f"game {game_id}"


class GameFileError(TilelensInputError):
    """A game data file that cannot be read or does not validate. Without a ``message_ja`` of its own, the
    Japanese is made from the English one (:func:`game_file_ja`): an organiser editing a house table on a
    Japanese screen reads which field is wrong and how, in Japanese."""

    def __init__(self, message: str = "", message_ja: str = "") -> None:
        super().__init__(message, message_ja or game_file_ja(message))


# What a value of a Python type must be, as a game file's messages say it ("must be a whole number", not "must be
# int"; "must be text in quotes", not "must be str"); a type not here is said by its name.
TYPE_WORDS: dict[type, str] = {bool: "true or false", int: "a whole number", str: "text in quotes"}


ECHO_MAX = 60  # characters of a user's text a message echoes whole; a longer one is cut to its first two thirds
PATH_ECHO_MAX = 300  # a file's path: said whole as far as a long one goes, it is what the user looks for


def echoed(text: Any, lang: str = "en", most: int = ECHO_MAX) -> str:
    """A user's ``text`` as a message echoes it: its ``repr``, cut to its first two thirds of ``most`` characters
    and its length where it is longer than ``most`` (a 100,000-character tile wrote 100 KB to stderr).

    >>> echoed("rarim"), echoed("b" * 100), echoed("b" * 100, "ja")
    ("'rarim'", "'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…' (100 characters)", "'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…' (100 文字)")
    >>> echoed(9), echoed(list(range(100)))
    ('9', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1…')
    """
    kept = most * 2 // 3
    if not isinstance(text, str):  # a value of another type, said by its repr (cut short too)
        said = repr(text)
        return said if len(said) <= most else said[:kept] + "…"
    if len(text) <= most:
        return repr(text)
    length = f"{len(text)} 文字" if lang == "ja" else f"{len(text)} characters"
    return f"{text[:kept] + '…'!r} ({length})"


def printable(text: str) -> str:
    r"""``text`` (a player's name, a note, a photo's file name) as a terminal line says it: as it is, or, where it
    holds a control character (an ANSI colour, a line break, a right-to-left mark, which recoloured the terminal or
    broke the one-line layout), repr-like with those escaped, as `score` echoes a tile: ``'\x1b[31mA'``. A full-width
    space, a joiner of an emoji, is kept. The ledger's ``said``, `tilelens read`'s photo names.

    >>> printable("山田\u3000花子"), printable("\x1b[31mA"), printable("B\nB"), printable("\u202eC")
    ('山田\u3000花子', "'\\x1b[31mA'", "'B\\nB'", "'\\u202eC'")
    """
    if not CONTROL.search(text):
        return text
    return "'" + CONTROL.sub(lambda m: repr(m.group())[1:-1], text.replace("\\", "\\\\")) + "'"


# control characters (C0, DEL, C1), line and paragraph separators, and the marks that turn text right to left
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]")


def quoted_ja(text: Any, most: int = ECHO_MAX) -> str:
    """A user's ``text`` as a Japanese message echoes it: in Japanese quotes, as the app's Find box does
    (「しぶりん」という牌はありません), cut as ``echoed`` cuts it; a text the quotes would hide something of (empty, with a
    control character or a quote of its own) or not a text at all is said as ``echoed`` says it.

    >>> quoted_ja("しぶりん"), quoted_ja("b" * 100), quoted_ja("a\\nb"), quoted_ja("")
    ('「しぶりん」', '「bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…」 (100 文字)', "'a\\\\nb'", "''")
    """
    if not isinstance(text, str) or not text or not text.isprintable() or "「" in text or "」" in text:
        return echoed(text, "ja", most)
    if len(text) <= most:
        return f"「{text}」"
    return f"「{text[:most * 2 // 3]}…」 ({len(text)} 文字)"


def type_words(kind: type | tuple[type, ...]) -> str:
    """What a value of ``kind`` (a type, or types any of which will do) must be, in words.

    >>> type_words(int), type_words(bool), type_words(str), type_words((int, float))
    ('a whole number', 'true or false', 'text in quotes', 'a whole number or float')
    """
    return " or ".join(TYPE_WORDS.get(k, k.__name__) for k in (kind if isinstance(kind, tuple) else (kind,)))


# What a value must be, said the way the validators say it in English ("must be a whole number", "must be a table").
_TYPES_JA = {"int": "整数", "a whole number": "整数", "str": "文字列", "bool": "true か false", "float": "数",
             "list": "リスト ([...])", "dict": "表", "table": "表", "a table": "表", "a string": "文字列",
             "text in quotes": "文字列",
             "a list of strings": "文字列のリスト ([...])"}
_GOT = r"(?P<got> \(got .*\))?"
_PROBLEMS_JA: tuple[tuple[str, Callable[[re.Match[str]], str | None]], ...] = (
    (r"is missing", lambda m: "ありません (必要な項目です)"),
    (r"unknown key \(did you mean (?P<x>.+)\?\)", lambda m: f"不明なキーです ({m['x']} のことですか?)"),
    (r"unknown key \(known: (?P<x>.+)\)", lambda m: f"不明なキーです (使えるのは {'、'.join(m['x'].split(', '))})"),
    (r"must be at least (?P<n>\S+)" + _GOT, lambda m: _please(f"{m['n']} 以上", m)),
    (r"must be (?P<n>-?\d+) or more" + _GOT, lambda m: _please(f"{m['n']} 以上", m)),
    (r"must be (?P<lo>-?\d+) to (?P<hi>-?\d+)" + _GOT, lambda m: _please(f"{m['lo']} から {m['hi']} まで", m)),
    (r"must be (?:one of|among) (?P<x>.+?)" + _GOT, lambda m: _please(choice_ja(m["x"].split(", ")), m)),
    (r"must be (?P<t>.+?)" + _GOT, lambda m: _must_be(m)),
)


def choice_ja(items: Sequence[str]) -> str:
    """``items`` (values as a file writes them) as a Japanese choice of one: 「A か B」, 「A・B・C のどれか」 (not
    English's commas).

    >>> choice_ja(["donjara", "riichi"]), choice_ja(["2", "3", "4"])
    ('donjara か riichi', '2・3・4 のどれか')
    """
    return f"{items[0]} か {items[1]}" if len(items) == 2 else f"{'・'.join(items)} のどれか"


def choose_ja(items: Sequence[str]) -> str:
    """"Make it one of ``items``" in Japanese: 「donjara か riichi にしてください」, 「a・b・c のどれかにしてください」.

    >>> choose_ja(["donjara", "riichi"]), choose_ja(["a", "b", "c"])
    ('donjara か riichi にしてください', 'a・b・c のどれかにしてください')
    """
    return _spaced(choice_ja(items), "にしてください")


def near_said(near: Sequence[str]) -> tuple[str, str]:
    """The question after a word not known, of the ones ``near`` it (English, Japanese): " (did you mean: a, b?)",
    " (もしかして: a、b)"; ("", "") where none is near.

    >>> near_said(["list", "show"]), near_said([])
    ((' (did you mean: list, show?)', ' (もしかして: list、show)'), ('', ''))
    """
    if not near:
        return "", ""
    return f" (did you mean: {', '.join(near)}?)", f" (もしかして: {'、'.join(near)})"


def _got_ja(got: str | None) -> str:
    return f" (いま {got.strip()[5:-1]})" if got else ""


def _spaced(left: str, right: str) -> str:
    """``left`` and ``right`` joined as the messages write them: a space where a word, number or bracket of
    the file meets Japanese ("true か false", "0 以上"), none between Japanese words ("整数か数")."""
    ascii_side = left[-1:].isascii() or right[:1].isascii()
    return f"{left} {right}" if ascii_side and left and right else left + right


def _please(what: str, m: re.Match[str]) -> str:
    return _spaced(what, "にしてください") + _got_ja(m["got"])


def _must_be(m: re.Match[str]) -> str | None:
    """"must be int or float", "must be tsumo or ron", "must be 2, 3 or 4"; None for anything else."""
    items = re.split(r", | or ", m["t"])
    if all(item in _TYPES_JA for item in items):
        said = _TYPES_JA[items[0]]
        for item in items[1:]:
            said = _spaced(_spaced(said, "か"), _TYPES_JA[item])
        return _please(said, m)
    if not all(re.fullmatch(r"[\w.+\-]+", item, re.A) for item in items):
        return None  # prose: said as the field being wrong, the English after it
    if len(items) == 2:
        return _please(f"{items[0]} か {items[1]}", m)
    return _please(f"{'・'.join(items)} のどれか", m)


# What Python's TOML reader (tomllib) says of a file that is no TOML, and what it means in English and Japanese (None:
# English as said, scorer.catalog's own words); its other words (a newer Python's) are said as written, in Japanese as
# code. ``{x}``: what the words name, a key or table as the file writes it (tomllib says ``('deal',)``, a Python tuple);
# ``{key}``: the key written on the line of the problem, where the caller read it (``toml_words``).
_TOML_WORDS: tuple[tuple[str, str | None, str], ...] = (
    (r"Expected '=' after a key in a key/value pair", "no = after the key (an entry is written key = value)",
     "キーのあとに = がありません"),
    (r"Expected newline or end of document after a statement",
     "more is written after the entry on its line: write one entry to a line", "1行に1つの項目だけを書いてください"),
    (r"Expected '\]' at the end of a table declaration", "a table's header is not closed with ]",
     "表の見出しが ] で閉じていません"),
    (r"Expected '\]\]' at the end of an array declaration", "the header of an array of tables is not closed with ]]",
     "表の配列の見出しが ]] で閉じていません"),
    (r"Expected (?P<x>'.*')", "{x} is needed here", "{x} が必要です"),
    (r"Invalid statement", "a line that is no entry (key = value) nor a table's header ([name])",
     "項目として読めない行です"),
    (r"Invalid value", "a value that cannot be read", "値として読めません"),
    (r"Invalid initial character for a key part", "a key starts with a character no key may have",
     "キーに使えない文字で始まっています"),
    (r"Invalid date or datetime", "a date that cannot be read", "日付として読めません"),
    (r"Invalid hex value", "an escape (\\u, \\U) whose hex digits cannot be read", "16進数として読めません"),
    (r"Unclosed array", "a list is not closed with ]", "配列が ] で閉じていません"),
    (r"Unclosed inline table", "an inline table is not closed with }", "インラインの表が } で閉じていません"),
    (r"Unterminated string", "a string is not closed", "文字列が閉じていません"),
    (r"the closing (?P<q>\S) of a string is missing(?:: .*)?", None,  # scorer.catalog's words for tomllib's
     "文字列を閉じる {q} がありません (文字列はその行のうちに閉じます)"),
    (r"Unescaped '\\' in a string", "a \\ in a string must be escaped (\\\\), or the string written in single quotes",
     "文字列の中の \\ はエスケープしてください"),
    (r"Escaped character is not a Unicode scalar value", "an escaped character that is no Unicode character",
     "エスケープした文字が Unicode の文字ではありません"),
    (r"(?:Illegal|Found invalid) character (?P<x>.*)", "a character that cannot be used here: {x}",
     "使えない文字 {x} があります"),
    (r"Cannot overwrite a value", "{key} is written twice: a key takes one value, written once",
     "同じキーを2回書いています{key_ja} (値は1つのキーに1回だけ書けます)"),
    (r"Cannot declare (?P<x>.*) twice", "[{x}] is written twice: write a table's header once, its keys under it",
     "[{x}] を2回書いています (表の見出しは1回だけ書き、キーはその下にまとめて書きます)"),
    (r"Cannot mutate immutable namespace (?P<x>.*)",
     "{x} is written whole already (an inline table or a list): nothing can be added to it later",
     "{x} はもう書き終えた表で、あとから足せません"),
    (r"Cannot redefine namespace (?P<x>.*)", "{x} is written again as another kind of value",
     "{x} を別の形で書き直しています"),
    (r"Duplicate inline table key (?P<x>.*)", "the key {x} is written twice in an inline table",
     "インラインの表にキー {x} が2回あります"),
)


def _toml_key(said: str) -> str:
    """A key or table tomllib names as a Python tuple, as the file writes it: ``('a', 'b')`` -> ``a.b``."""
    import ast

    try:
        parts = ast.literal_eval(said)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return said
    if isinstance(parts, tuple) and parts and all(isinstance(p, str) for p in parts):
        return ".".join(parts)
    return said


def toml_words(detail: str, key: str = "") -> tuple[str, str]:
    """tomllib's ``detail`` of a file that is no TOML, in English and in Japanese (``_TOML_WORDS``), naming ``key`` (the
    key on the line of a value written twice) where given; words it does not know, as said (in Japanese as code).

    >>> en, ja = toml_words("Cannot overwrite a value", "hand_size")
    >>> en
    'the key hand_size is written twice: a key takes one value, written once'
    >>> ja
    '同じキーを2回書いています: hand_size (値は1つのキーに1回だけ書けます)'
    >>> toml_words("Cannot declare ('deal',) twice")[0]
    "[deal] is written twice: write a table's header once, its keys under it"
    """
    for pattern, en, ja in _TOML_WORDS:
        m = re.fullmatch(pattern, detail, re.S)
        if m:
            named = {name: _toml_key(value) for name, value in m.groupdict().items()}
            key_ja = f": {key}" if key else ""
            return (detail if en is None else en.format(key=f"the key {key}" if key else "a key", **named),
                    ja.format(key_ja=key_ja, **named))
    return detail, f"`{detail}`"


def _toml_ja(detail: str) -> str:
    """tomllib's ``detail`` of a file that is no TOML, in Japanese (``toml_words``); one it does not know, as code.

    >>> _toml_ja("Unclosed array"), _toml_ja("Illegal character '\\x07'"), _toml_ja("Some new words")
    ('配列が ] で閉じていません', "使えない文字 '\\x07' があります", '`Some new words`')
    """
    return toml_words(detail)[1]


_TOML_AT = r"(?: \(at (?:line (?P<l>\d+), column (?P<c>\d+)|(?P<end>end of document))\))?"


def not_toml(source: str, said: str, key: str = "") -> tuple[str, str]:
    """A game file's ``source`` that is no TOML, as tomllib ``said`` it (its words, then where), in English and in
    Japanese: what the words mean (``toml_words``, naming ``key`` where given), and the line and column.

    >>> not_toml("f.toml", "Cannot declare ('deal',) twice (at line 9, column 6)")[1]
    'f.toml: TOML の書き方が正しくありません (9行目 6文字目): [deal] を2回書いています (表の見出しは1回だけ書き、キーはその下にまとめて書きます)'
    """
    found = re.fullmatch(r"(?P<detail>.*?)(?P<at>" + _TOML_AT + ")", said, re.S)
    en, ja = toml_words(found["detail"], key)
    where = (f" ({found['l']}行目 {found['c']}文字目)" if found["l"] else " (ファイルの終わり)" if found["end"]
             else "")
    return f"{source}: not valid TOML: {en}{found['at']}", f"{source}: TOML の書き方が正しくありません{where}: {ja}"


def game_file_ja(message: str) -> str:
    """A game file's problem in Japanese, the file and field named as in English.

    >>> game_file_ja("house.toml: field yaku[0].points: must be int (got 'sixty')")
    "house.toml: 項目 yaku[0].points: 整数にしてください (いま 'sixty')"
    >>> game_file_ja("house.toml: field hand_sise: unknown key (did you mean hand_size?)")
    'house.toml: 項目 hand_sise: 不明なキーです (hand_size のことですか?)'
    >>> game_file_ja("house.toml: not valid TOML: Expected '=' after a key in a key/value pair (at line 2, column 6)")
    'house.toml: TOML の書き方が正しくありません (2行目 6文字目): キーのあとに = がありません'
    """
    field = re.fullmatch(r"(?P<src>.*?): field (?P<name>[^:]+): (?P<problem>.*)", message, re.S)
    if field:
        for pattern, say in _PROBLEMS_JA:
            m = re.fullmatch(pattern, field["problem"], re.S)
            said = say(m) if m else None
            if said:
                return f"{field['src']}: 項目 {field['name']}: {said}"
        return f"{field['src']}: 項目 {field['name']} が正しくありません: {field['problem']}"
    toml = re.fullmatch(r"(?P<src>.*?): not valid TOML: (?P<said>.*)", message, re.S)
    if toml:
        return not_toml(toml["src"], toml["said"])[1]
    if message.endswith("not UTF-8 text: save the game file as UTF-8"):
        return message.replace("not UTF-8 text: save the game file as UTF-8", "UTF-8 の文字ではありません: UTF-8 で保存してください")
    return ""


def cli_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language the command line speaks, ``"ja"`` or ``"en"``: ``TILELENS_LANG`` (ja or en, ja_JP and the like;
    jp, the country's code, for ja) first, else the POSIX locale (the first set of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``) when it starts with ``ja``; English else.

    >>> cli_lang({"LANG": "ja_JP.UTF-8"}), cli_lang({"TILELENS_LANG": "en", "LANG": "ja_JP.UTF-8"}), cli_lang({})
    ('ja', 'en', 'en')
    >>> cli_lang({"TILELENS_LANG": "jp"}), cli_lang({"TILELENS_LANG": "ja_JP"})
    ('ja', 'ja')
    """
    env = os.environ if environ is None else environ
    chosen = env.get("TILELENS_LANG", "").strip().lower()[:2]
    if chosen in ("ja", "en", "jp"):
        return "ja" if chosen == "jp" else chosen
    locale = next((env[key] for key in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(key)), "")
    return "ja" if locale.lower().startswith("ja") else "en"


def said_in(words: Mapping[str, Mapping[str, str]], key: str, lang: str | None = None, **values: Any) -> str:
    """A command's line ``words[lang][key]`` filled in with ``values``, in the command line's language
    (:func:`cli_lang`) where ``lang`` is not given: the words of a command, per language, kept as data.

    >>> said_in({"en": {"n": "{n} tiles"}, "ja": {"n": "{n}枚"}}, "n", "ja", n=3)
    '3枚'
    """
    return words[lang or cli_lang()][key].format(**values)


def error_text(exc: TilelensInputError, lang: str) -> str:
    """A user's error as the command line says it: its ``message_ja`` in Japanese where it has one."""
    return exc.message_ja if lang == "ja" and getattr(exc, "message_ja", "") else str(exc)


# A payment's payer ("player 2", "east (dealer)", "discarder") word by word in Japanese, as the app says them.
PAYER_JA = {"discarder": "放銃者", "player": "プレイヤー", "dealer": "親", "east": "東", "south": "南",
            "west": "西", "north": "北"}
# ... where a Donjara game says it its own way: the words of its documents, which a child reads (the Yokai Watch
# seed's 「パイを捨てたプレイヤー」), not riichi mahjong's 放銃
PAYER_JA_DONJARA = {**PAYER_JA, "discarder": "捨てた人"}


def payer_ja(payer: str, engine: str = "riichi") -> str:
    """A payment's payer in Japanese, in the words of the game's ``engine`` (``Game.engine``: a Donjara game's
    discarder is 「捨てた人」).

    >>> payer_ja("player 2"), payer_ja("east (dealer)"), payer_ja("discarder"), payer_ja("discarder", "donjara")
    ('プレイヤー2', '東 (親)', '放銃者', '捨てた人')
    """
    words = PAYER_JA if engine == "riichi" else PAYER_JA_DONJARA
    said = re.sub(r"[a-z]+", lambda m: words.get(m.group(0), m.group(0)), payer)
    return re.sub(r" (?!\()", "", said)  # 「プレイヤー2」, but 「東 (親)」 as the app writes a bracket


def payment_note_ja(note: str, part: str = "") -> str:
    """A payment's note in Japanese (the remainder of a tsumo split, honba); another note as written. ``part``: what
    of the remainder the payment holds, in the game's unit ("1万"), said where given (「1単位分」 read as jargon).

    >>> payment_note_ja("incl. 300 for 1 honba"), payment_note_ja("incl. 29,700 for 99 honba")
    ('1本場分 300点を含む', '99本場分 29,700点を含む')
    >>> from scorer.payout import REMAINDER_NOTE
    >>> payment_note_ja(REMAINDER_NOTE, "1万")
    '端数のうち1万を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます'
    """
    from scorer.payout import REMAINDER_NOTE  # scorer.payout imports this module

    if note == REMAINDER_NOTE:
        return f"端数{f'のうち{part}' if part else 'の一部'}を含みます。誰が払うかは、払う人どうしのじゃんけんで決めます"
    found = re.fullmatch(r"incl\. ([\d,]+) for (\d+) honba", note)
    return f"{found.group(2)}本場分 {found.group(1)}点を含む" if found else note


class InputProblem(StrEnum):
    """What was wrong with a hand or its options (``HandError.problem``; None where no kind is named), the same
    kinds for every game: a Donjara count and a riichi one are both ``COUNT``."""

    NOTATION = "notation"
    COUNT = "count"
    COPIES = "copies"
    MELD = "meld"
    WIN_TILE = "win_tile"
    OPTION = "option"


class HandError(TilelensInputError):
    """A hand that cannot be scored: wrong tile count, more copies than the set holds, bad option, in any game
    (a riichi game's is the subclass ``scorer.riichi_tiles.RiichiInputError``). ``problem``: which kind of mistake
    (``InputProblem``), None where none is named."""

    def __init__(self, message: str = "", message_ja: str = "", problem: InputProblem | None = None) -> None:
        super().__init__(message, message_ja)
        self.problem = problem


def count_words(need: tuple[int, ...], concealed: int, melds: int = 0, kan: bool = False) -> tuple[str, str]:
    """A wrong tile count, worded one way for every game (English, Japanese), as the app asks for the tiles ("A
    hand has 9 tiles (4 now)", 「手牌は9枚にしてください」): ``need`` the counts a hand may have here (a called meld 3
    each), ``concealed`` the tiles given beside ``melds`` called melds; ``kan``: a kan counts 3 (riichi), said.

    >>> count_words((9,), 4)
    ('wrong tile count: a hand has 9 tiles here (4 now)', '牌の枚数が違います: 手牌は9枚にしてください (いま 4枚)')
    >>> count_words((14,), 13, melds=1, kan=True)[0]
    'wrong tile count: beside the melds, the concealed hand has 11 tiles here (13 now; a kan counts 3)'
    """
    held = tuple(n - 3 * melds for n in need)
    kan_en, kan_ja = ("; a kan counts 3", "。カンは3枚と数えます") if kan else ("", "")
    if melds and min(held) >= 0:  # as the app's "need_held": the concealed tiles beside the melds
        en = f"beside the melds, the concealed hand has {' or '.join(map(str, held))} tiles here"
        ja = f"鳴きのほかに手の内の牌を{' か '.join(map(str, held))}枚にしてください"
        now_en, now_ja = str(concealed), f"{concealed}枚"
    else:  # no melds, or more than a hand holds (five melds): the whole hand, the melds 3 each
        en = f"a hand has {' or '.join(map(str, need))} tiles here"
        ja = f"手牌は{' か '.join(map(str, need))}枚にしてください"
        total = concealed + 3 * melds
        now_en = f"{concealed} concealed + {melds} melds x 3 = {total}" if melds else str(concealed)
        now_ja = f"手の内 {concealed}枚 + 鳴き {melds}組 × 3 = {total}枚" if melds else f"{concealed}枚"
    return (f"wrong tile count: {en} ({now_en} now{kan_en})",
            f"牌の枚数が違います: {ja} (いま {now_ja}{kan_ja})")


@dataclass(frozen=True)
class YakuHit:
    """One yaku that a hand scores. Donjara yaku carry ``points``; riichi yaku carry ``han``."""

    name: str
    name_en: str
    points: int | None = None
    han: int | None = None


@dataclass(frozen=True)
class Payment:
    """What one player pays the winner. ``payer`` is a seat label (e.g. "discarder", "seat 2")."""

    payer: str
    amount: int
    note: str = ""


@dataclass(frozen=True)
class ScoreResult:
    """The outcome of scoring one hand, the same shape for every game.

    ``points`` is what the winner receives for the hand (sum of ``payments``, before any riichi pot);
    ``value`` is what the winner receives, or would were the win allowed, won as asked (``win``: a ron the
    discarder's payment, a tsumo the sum of the tsumo payments: Yokai Watch's 100-point yaku is 120 by tsumo
    at four players); set even when ``winning`` is False because, say, no riichi was declared.
    """

    game: str
    winning: bool
    yaku: tuple[YakuHit, ...] = ()
    points: int = 0
    payments: tuple[Payment, ...] = ()
    reason: str | None = None
    value: int = 0
    decomposition: tuple[dict[str, Any], ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)
    # Added for the Donjara engine (defaults keep older callers working):
    pot: int = 0  # riichi chips on the table that the winner also takes (not in ``points``)
    chombo: str | None = None  # the chombo case, when the declared win is a chombo
    penalty: int = 0  # what the chombo costs the declarer
    reason_ja: str | None = None  # ``reason`` in Japanese, for the app's Japanese screens

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field, keys as named here. ``tilelens score --json`` is made from it
        (``scorer.cli.score_document``): the same keys with ``engine``, ``win`` and ``remainder`` added at the top
        level (a tsumo split's remainder said apart, ``payments`` there the even shares until its payers are
        named), and for a riichi game its ``extra`` repeated there."""
        d = asdict(self)
        d["yaku"] = [asdict(y) for y in self.yaku]
        d["payments"] = [asdict(p) for p in self.payments]
        d["decomposition"] = list(self.decomposition)
        return d
