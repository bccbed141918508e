"""Where the app keeps its files, and which game file it scores with.

``TILELENS_HOME`` (default ``~/.tilelens``) holds the organiser's edited house tables under
``games/<game-id>/``, and the games a club added from its own rules file as ``games/_added/<game-id>.toml``
(``_`` is in no id a game is added under, so no game's house tables share that folder; an added game's edits
are house tables of it like a shipped game's, and Reset goes back to the file as added); ``TILELENS_LEDGER``
(default ``$TILELENS_HOME/ledger.sqlite``) is the table ledger.
``datasets/`` holds the datasets started on the Label page from uploaded photos. ``scratch/`` holds a
session's working files (the reports of tables checked from uploads); a scratch
folder left untouched for ``SCRATCH_KEEP_S`` is removed the next time one is made, and when the app starts
(``keep_tidy``: `tilelens app`, a process's first run of the app, then hourly). The folders made here are the
user's alone (``tilelens.home.make_dirs``: 0700).
A saved edit is a new file named by its content hash, so ``scorer.load_game``'s per-path cache can never
serve a stale table; it is the one ``*.toml`` in ``games/<game-id>/``, the game the app scores with. A copy of each
text saved, the edits before it, and those a Restore of the shipped default put aside, are kept in
``games/<game-id>/history/`` (the last ``HISTORY_KEEP``, each named by when it went there), which nothing plays: the
Rules page brings back the last one that works where the edit in use was broken by hand (``back_to_last_working``).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
import time
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scorer import Game, GameFileError, list_games, load_game
from scorer.catalog import GAMES_DIR, add_games_dir
from scorer.catalog import ADDED_ID  # a folder's and a URL's name on any system, as the catalog offers added files
from scorer.catalog import SkippedGame
from scorer.catalog import added_games as catalog_added_games
from scorer.catalog import skipped_added_games as catalog_skipped
from scorer.result import quoted_ja
from tilelens import home
from tilelens.home import MAX_PLAYERS, make_dirs, private_home, same_id
from tilelens.home import added_games_dir, home_dir  # the app's settings folder, the user's data: one resolver

SCRATCH_KEEP_S = 24 * 3600  # a day: an event's session is long over by then


def _last_touched(folder: Path) -> float:
    """The newest modification time of ``folder`` and anything in it."""
    times = [folder.stat().st_mtime]
    for root, dirs, files in os.walk(folder):
        times += [os.stat(os.path.join(root, n)).st_mtime for n in dirs + files]
    return max(times)


def scratch_dir(kind: str, keep_s: float = SCRATCH_KEEP_S) -> Path:
    """A new, empty folder ``$TILELENS_HOME/scratch/<kind>/<random>`` for one session's working files (private:
    ``make_dirs``, and ``mkdtemp`` makes its folder 0700).

    Uploaded photos and their reports would otherwise pile up for as long as the app runs, so the folders
    of ``kind`` that nothing has touched for ``keep_s`` seconds are removed first."""
    parent = make_dirs(home_dir() / "scratch" / kind)
    _sweep(parent, keep_s)
    return Path(tempfile.mkdtemp(dir=parent))


def _sweep(parent: Path, keep_s: float) -> None:
    """Remove the folders in ``parent`` that nothing has touched for ``keep_s`` seconds."""
    cutoff = time.time() - keep_s
    for old in parent.iterdir():
        try:
            if old.is_dir() and not old.is_symlink() and _last_touched(old) < cutoff:
                shutil.rmtree(old, ignore_errors=True)
        except OSError:  # removed meanwhile by another session's clean-up
            pass


def sweep_scratch(keep_s: float = SCRATCH_KEEP_S) -> None:
    """The scratch folders of every kind untouched for ``keep_s`` seconds removed (``scratch_dir`` removes those of
    its kind only when a new one is made: an event's photos stayed past the day the page promises where no later
    session started a check). Nothing where there is no scratch folder; one that cannot be read is left."""
    root = home_dir() / "scratch"
    try:
        kinds = [k for k in root.iterdir() if k.is_dir() and not k.is_symlink()]
    except OSError:  # no scratch folder yet, or one that cannot be read
        return
    for kind in kinds:
        try:
            _sweep(kind, keep_s)
        except OSError:
            pass


SWEPT: dict[str, float] = {}  # home -> when this process last swept its scratch folders (``keep_tidy``)
SWEEP_EVERY_S = 3600  # an app left running for days sweeps again as it is used


def keep_tidy(always: bool = False) -> None:
    """When the app starts (`tilelens app`, ``always``; the router's first run in a process, and hourly after as it
    is used): the home made private where it is not there yet (``tilelens.home.private_home``: what is written there
    later, the ledger too, is in a folder of the user's alone) and the old scratch folders swept
    (``sweep_scratch``). Quiet: a home that cannot be made is said by the page that writes there."""
    where, now = str(home_dir()), time.time()
    if not always and now - SWEPT.get(where, float("-inf")) < SWEEP_EVERY_S:
        return
    SWEPT[where] = now
    try:
        private_home()
        sweep_scratch()
    except OSError:
        pass


def datasets_dir() -> Path:
    """Where the Label page keeps the datasets it starts from uploaded photos: ``$TILELENS_HOME/datasets``."""
    return home_dir() / "datasets"


def ledger_path() -> Path:
    """The SQLite file of the table ledger (env ``TILELENS_LEDGER`` overrides): the ledger's own
    ``tilelens.ledger.default_path``, which `tilelens ledger` reads too."""
    from tilelens.ledger import default_path

    return default_path()


def house_dir(game_id: str) -> Path:
    """The folder of a game's saved house-table edits (``tilelens.home.house_dir``, where the command line finds
    them too)."""
    return home.house_dir(game_id)


def shipped_path(game_id: str) -> Path:
    """The game file that ships with tilelens; for a game added in the app, the file as it was added (the
    table Reset goes back to)."""
    if game_id not in list_games() and (added := added_path(game_id)) is not None:
        return added
    return GAMES_DIR / f"{game_id}.toml"


# $TILELENS_HOME/games/_added/<id>.toml (``tilelens.home.added_games_dir``); "_" is in no id of an added game


added_dir = added_games_dir  # the folder of the games added in the app from a club's own rules file
add_games_dir(added_dir)  # `load_game("<added id>")` anywhere in the app, as the command line names them


def added_games() -> list[str]:
    """The ids of the games added in the app, in the order of their ids (``scorer.catalog.added_games``: a shipped
    game of the same id, come with a later tilelens, is the shipped one: its file is left, not offered twice)."""
    return [g for g, path in catalog_added_games().items() if path.parent == added_dir() and ADDED_ID.fullmatch(g)]


def skipped_added_games() -> list[SkippedGame]:
    """The files in the added games' folder (or the folder itself) that the app does not offer, and why
    (``scorer.catalog.skipped_added_games``: a link to no file, a shipped game's id, a folder that cannot be read),
    and those whose name is no game id (``ADDED_ID``: "My Game.toml"), which ``added_games`` leaves out: the Rules
    page says each; they were dropped without a word."""
    folder = added_dir()
    skipped = [s for s in catalog_skipped() if folder in (s.path, s.path.parent)]
    for game_id, path in catalog_added_games().items():
        if path.parent == folder and not ADDED_ID.fullmatch(game_id):
            skipped.append(SkippedGame(path, game_id, *_not_an_id(path)))
    return sorted(skipped, key=lambda s: str(s.path))


def _not_an_id(path: Path) -> tuple[str, str]:
    """Why the game file ``path``, whose name is no game id, is not offered (English, Japanese): named by the id
    written in it where it has one that would do."""
    try:
        written = load_game(path).id
    except (GameFileError, OSError, UnicodeDecodeError):
        written = None
    rename = (f"rename it {written}.toml, the id written in it" if written and ADDED_ID.fullmatch(written) else
              "rename it by the id written in it (e.g. precure.toml)")
    rename_ja = (f"中に書いてある id のとおり {written}.toml にしてください" if written and ADDED_ID.fullmatch(written)
                 else "中に書いてある id のとおりの名前にしてください (例 precure.toml)")
    return (f"its name is no game id (lower-case letters, digits and -, at most 40): {rename}",
            f"ファイル名がゲームの id になっていません (小文字の英字・数字・- で 40 字まで): {rename_ja}")


def added_path(game_id: str) -> Path | None:
    """The file of a game added in the app, or None where ``game_id`` is no such game."""
    if game_id not in added_games():
        return None
    return added_dir() / f"{game_id}.toml"


# A game added in the app (or a table edited there) is drawn on every page of every visitor: a file of 5,000 tile kinds
# (586 KB) took 20-36 s a run. The largest shipped game has 84 tile kinds in a file of 54 KB (Cinderella Girls): the
# limits are well above any real edition (a test keeps every shipped game under a third of them).
MAX_ADDED_KINDS = 300
MAX_ADDED_BYTES = 256 * 1024


def check_size(text: str) -> None:
    """``GameFileError`` where a rules ``text`` to add or save is larger than ``MAX_ADDED_BYTES``: said before it is
    read (the Rules page asks before its own check of the text, which reads it)."""
    _check_bytes(len(text.encode("utf-8")))


def _check_bytes(size: int, where: str = "") -> None:
    """``check_size``'s ``GameFileError`` for rules of ``size`` bytes, ``where`` (a file's path and ": ") before it."""
    if size > MAX_ADDED_BYTES:
        limit, kb = MAX_ADDED_BYTES // 1024, -(-size // 1024)
        raise GameFileError(f"{where}the rules are {kb} KB: a game's table in the app is at most {limit} KB (a larger "
                            "file slows every page for everyone); leave out what the game does not need",
                            f"{where}ルールファイルが {kb} KB あります。追加できるゲームのファイルは {limit} KB までです "
                            "(大きすぎると、アプリを使う全員のページが遅くなります)。ゲームに要らない部分を削ってください")


def _check_kinds(game: Game) -> None:
    """``GameFileError`` where ``game`` has more tile kinds than ``MAX_ADDED_KINDS``."""
    if len(game.tiles) > MAX_ADDED_KINDS:
        raise GameFileError(f"the rules have {len(game.tiles)} tile kinds: a game's table in the app has at most "
                            f"{MAX_ADDED_KINDS} tile kinds (more slows every page for everyone)",
                            f"ルールの牌が {len(game.tiles)}種類あります。追加できるゲームの牌は "
                            f"{MAX_ADDED_KINDS}種類までです (多すぎると、アプリを使う全員のページが遅くなります)")


def _invisible(char: str) -> bool:
    """Whether ``char`` shows nothing on a screen: a format character (Unicode category Cf: a zero-width space, a word
    joiner, a soft hyphen, a byte-order mark, a direction mark) or a control character other than white space."""
    category = unicodedata.category(char)
    return category == "Cf" or category == "Cc" and not char.isspace()


def _name_key(name: str) -> str:
    """A name as a reader tells names apart: what shows nothing, case, runs of spaces and the width of a letter
    (NFKC: "Ｎogizaka" is "Nogizaka") aside."""
    name = unicodedata.normalize("NFKC", "".join(c for c in name if not _invisible(c)))
    return " ".join(name.split()).casefold()


def _check_name(game: Game, own: str | None = None) -> None:
    """``GameFileError`` where ``game``'s name in either language has a character that shows nothing (``_invisible``:
    a name with a zero-width space in it was added beside the shipped game's, the picker showing two identical
    names), or is the name of a game offered already (as its table in use names it, compared as ``_name_key``
    says): the pickers showed both under one name, and a Streamlit picker gives the last option of a label, so the
    shipped game of that name could no longer be picked. ``own``: the game ``game`` is an edit of (a Save), whose
    names are checked only where the edit changes them (a name two games shared already, a copy placed by hand,
    does not stop an edit of the other rules), and never against its own."""
    kept = {field: _label_of(game, lang) == game_label(own, lang)
            for lang, field in (("en", "name_en"), ("ja", "name_ja"))} if own is not None else {}
    for field in ("name_en", "name_ja"):
        if kept.get(field):
            continue
        hidden = sorted({c for c in getattr(game, field) or "" if _invisible(c)})
        if hidden:
            codes = [f"U+{ord(c):04X}" for c in hidden]
            chars = ", ".join(f"{code} {unicodedata.name(c, 'control').lower()}" for code, c in zip(codes, hidden))
            raise GameFileError(f"the rules' {field} has invisible characters ({chars}): a name with one looks like "
                                "another game's in the list of games; remove them from the file",
                                f"ルールの {field} に見えない文字 ({'、'.join(codes)}) が入っています。ゲームの一覧で"
                                "ほかのゲームと同じ名前に見えてしまうので、ファイルから消してください")
    for other in games():
        for lang, field in (("en", "name_en"), ("ja", "name_ja")):
            if other == own or kept.get(field):
                continue
            name, taken = _label_of(game, lang), game_label(other, lang)
            if _name_key(name) != _name_key(taken):
                continue
            raise GameFileError(f"the rules' {field} “{name}” is the name of the game “{game_label(other, 'en')}” "
                                f"({other}) the app offers already: rename yours in the file (name_en and name_ja), "
                                "so that the list of games tells the two apart",
                                f"ルールの {field}「{name}」は、すでにあるゲーム「{game_label(other, 'ja')}」({other}) "
                                "と同じ名前です。ゲームの一覧で見分けられるよう、ファイルの中の名前 (name_en と name_ja) "
                                "を変えてください")


def add_game(text: str) -> Game:
    """Validate ``text`` as the rules editor validates a house table (``scorer.load_game`` and the rule tables)
    and save it as a new game of its own id. ``GameFileError`` naming the problem, nothing saved: a file that
    does not load, an id that is not a folder's name, or one a shipped or already added game has; a name (English
    or Japanese) another game offered has; a file over ``MAX_ADDED_BYTES`` or a game of more than
    ``MAX_ADDED_KINDS`` tile kinds."""
    folder = added_dir()
    check_size(text)
    with _checked_text(folder, text, "the added rules", "追加するルール") as (tmp, game):
        if not ADDED_ID.fullmatch(game.id):
            raise GameFileError(f"the rules say id = {game.id!r}: a game's id is its folder's name, lower-case "
                                "letters, digits and - (at most 40, e.g. 'precure'); change it in the file",
                                f"ルールの id が{quoted_ja(game.id)}です: id はフォルダの名前になるので、小文字の英字・"
                                "数字・- で 40 字までにしてください (例 'precure')")
        if game.id in list_games():
            raise GameFileError(f"the rules say id = {game.id!r}, the id of a shipped game: give yours another id "
                                f"(to change {game.id!r} itself, edit its table on the Rules page)",
                                f"ルールの id {quoted_ja(game.id)}は同梱のゲームの id です: 別の id にしてください "
                                f"({quoted_ja(game.id)}そのものを変えるときは、ルールのページでその表を編集します)")
        if game.id in added_games():
            raise GameFileError(f"the rules say id = {game.id!r}, a game added already: edit its table on the Rules "
                                "page, remove it first, or give this one another id",
                                f"ルールの id {quoted_ja(game.id)}のゲームはもう追加してあります: ルールのページでその表を"
                                "編集するか、先に削除するか、別の id にしてください")
        _check_name(game)
        _check_kinds(game)
        check_rule_tables(game)
        final = folder / f"{game.id}.toml"
        shutil.rmtree(house_dir(game.id), ignore_errors=True)  # edits left by a game of that id removed by hand
        os.replace(tmp, final)
        return load_game(final)


def game_ref(game_id: str) -> str:
    """How tilelens's own tools are to name a game (``label init --game``, a dataset's ``data.yaml``, ``enroll
    --game``): a shipped game by its id, a game added in the app by its file as added, which they read as any
    game file (and a tile set taught for it names)."""
    added = added_path(game_id) if game_id not in list_games() else None
    return str(added) if added is not None else game_id


def game_id_of(ref: str | None) -> str | None:
    """The game the app offers that ``ref`` (a dataset's or a tile set's game) names: the id of the game added in
    the app whose file it is; else ``ref`` as it is (a shipped game's id, another game file)."""
    if ref and str(ref).endswith(".toml"):
        try:
            path = Path(ref).expanduser().resolve()
            for game_id in added_games():
                if (added_dir() / f"{game_id}.toml").resolve() == path:
                    return game_id
        except (OSError, RuntimeError):  # a path that cannot be resolved names no added game
            pass
    return ref


def offered_game_of(ref: str | None) -> str | None:
    """The game the app offers that ``ref`` (a dataset's or a tile set's game) is, or None: a game of the app by its
    id, the file of a game added in the app (``game_id_of``), or a game file of such a game's id (a copy of a club's
    file kept elsewhere, the file a set was taught for before the game was added). One rule for the Score a photo
    page's tile sets (``resources.tilesets_for``) and the Teach panel's word of where a set taught is offered."""
    if not ref:
        return None
    game_id = game_id_of(ref)
    if game_id in games():
        return game_id
    if not str(ref).endswith(".toml"):
        return None
    try:
        game_id = load_game(str(ref)).id
    except (GameFileError, OSError, UnicodeDecodeError):  # a file gone or broken names no game
        return None
    return game_id if game_id in games() else None


def remove_game(game_id: str) -> Path:
    """Remove a game added in the app (a shipped game cannot be removed): its file and its house tables are moved,
    not deleted, into a folder of their own under ``games/_removed/`` (returned: one tap lost a club's rules file,
    nothing else held it); adding that file again brings the game back. The ledger's matches of it stay."""
    path = added_path(game_id)
    if path is None:
        raise GameFileError(f"{game_id!r} is not a game added in the app: only those can be removed",
                            f"{quoted_ja(game_id)}はアプリで追加したゲームではないので削除できません")
    kept = make_dirs(home_dir() / "games" / "_removed" / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}")
    if house_dir(game_id).is_dir():
        shutil.move(str(house_dir(game_id)), str(kept / "edited"))
    shutil.move(str(path), str(kept / path.name))
    return kept


def _label_of(game: Game, lang: str) -> str:
    """``game``'s name in ``lang`` ("ja" or "en"), its Japanese where it has no English one, else its id."""
    return (game.name_ja if lang == "ja" else game.name_en) or game.name_ja or game.id


def game_label(game_id: str, lang: str = "en") -> str:
    """A game's name for a picker (``lang``: "ja" or "en"), as its table in use says it (an organiser's edit may
    rename it); the file's it was made from where that table will not load, else its id."""
    for load in (lambda: app_game(game_id), lambda: load_game(shipped_path(game_id))):
        try:
            game = load()
        except (GameFileError, OSError, UnicodeDecodeError):
            continue
        return (game.name_ja if lang == "ja" else game.name_en) or game.name_ja or game_id
    return game_id


def game_labels(lang: str = "en") -> dict[str, str]:
    """Each game the app offers (``games``) -> its name for a picker (``game_label``), no two alike: a name two
    games share (a file placed by hand, an edit's new name; ``add_game`` refuses one) is followed by the game's id
    in brackets, "Nogizaka Donjara (fan-made) [clone]". A Streamlit picker gives the last option of a label: the
    shipped game of a name an added one took could no longer be picked."""
    names = {g: game_label(g, lang) for g in games()}
    shared = Counter(_name_key(n) for n in names.values())
    labels = {g: f"{n} [{g}]" if shared[_name_key(n)] > 1 else n for g, n in names.items()}
    alike = Counter(labels.values())  # a name written "X [y]" beside a game y named X: the id alone then
    return {g: f"[{g}]" if alike[label] > 1 else label for g, label in labels.items()}


# how the app says the way out of an edit that cannot be read (``tilelens.home.edited_path``; the command line's
# is ``--shipped-rules``)
APP_WAY_OUT = ("Until then the app cannot play this game", "直すまで、このゲームはアプリで遊べません")


def edited_path(game_id: str) -> Path | None:
    """The newest saved edit of a game, or None when the shipped default is in use (``tilelens.home.edited_path``:
    the table `tilelens score` plays too). Hidden files are not saved edits: ``save_house_table`` checks a text in
    ``.check-*.toml`` there before it saves it. None too where the edits cannot be read (their folder without read
    permission, a link to no file): ``app_game`` refuses the game then, naming the folder or the link, and the
    pages say that (the game picker) rather than fail where they ask which file is in use."""
    try:
        return home.edited_path(game_id, APP_WAY_OUT)
    except GameFileError:
        return None


def game_source(game_id: str) -> Path:
    """The file the app scores ``game_id`` with: the organiser's edit if there is one."""
    return edited_path(game_id) or shipped_path(game_id)


def short_path(path: str | Path) -> str:
    """``path`` as a phone's screen can show it: from ``~`` under the user's home folder
    (``~/.tilelens/games/_added/club.toml``), else from ``$TILELENS_HOME`` under tilelens's data folder set
    elsewhere; as it is otherwise. The full path goes where it is copied from (a caption's help)."""
    path, user = Path(path), Path.home()
    data = home_dir()
    if not (data == user or user in data.parents):  # tilelens's data folder set elsewhere (``TILELENS_HOME``)
        try:
            return f"$TILELENS_HOME/{path.relative_to(data).as_posix()}"
        except ValueError:
            pass
    try:
        return f"~/{path.relative_to(user).as_posix()}"
    except ValueError:
        return str(path)


def app_game(game_id: str) -> Game:
    """The game as the app plays it (the edited house table when present), its problems naming its file as every
    page says a path (``visitor.said_path``: short), as the Rules page's captions name it: the full path of a broken
    edit filled a phone's screen."""
    try:
        return _app_game(game_id)
    except GameFileError as exc:
        from app.components.visitor import said_in  # (it reads this module: imported when it is needed)

        # (said_in says the longest first: a file of the folder of its edits as itself, not by that folder)
        files = [p for p in (edited_path(game_id), added_path(game_id), house_dir(game_id)) if p is not None]
        en, ja = str(exc), getattr(exc, "message_ja", "") or ""
        en, ja = _link_targets_said(game_id, en, ja)
        en, ja = said_in(en, *files), said_in(ja, *files)
        if (en, ja) == (str(exc), getattr(exc, "message_ja", "")):
            raise
        raise GameFileError(en, ja) from None


# Where an edit that is a link to no file points, said to a visitor from the network where it is outside the app's
# folder (``_link_targets_said``): a phone is not shown the laptop's folders (English, Japanese: in the sentence
# "... is a link to <this>, which is no file")
LINK_ELSEWHERE = ("a place outside tilelens's folder on the laptop running it",
                  " tilelens を動かしているパソコンの、tilelens のフォルダの外")


def _link_targets_said(game_id: str, en: str, ja: str) -> tuple[str, str]:
    """A message (``en``, ``ja``) naming where an edit of ``game_id`` that is a link to no file points
    (``tilelens.home.edited_path``), as the visitor may read it: in full on the computer running the app (the file to
    put back), for a phone by its place under ``$TILELENS_HOME`` (``visitor.said_path``), or as outside the app's
    folder."""
    from app.components.visitor import is_local_visitor, said_path  # (it reads this module: imported when needed)

    links = dangling_edits(game_id)
    if not links or is_local_visitor():
        return en, ja
    for link in links:
        try:
            raw = os.readlink(link)
        except OSError:
            continue
        target, data = Path(os.path.normpath(link.parent / raw)), home_dir()
        if target == data or data in target.parents:
            shown = said_path(target)
            en, ja = en.replace(f" {raw}, ", f" {shown}, "), ja.replace(f" {raw} ", f" {shown} ")
        else:
            en, ja = en.replace(f" {raw}, ", f" {LINK_ELSEWHERE[0]}, "), ja.replace(f" {raw} ", LINK_ELSEWHERE[1])
    return en, ja


def _app_game(game_id: str) -> Game:
    """The game as the app plays it (the edited house table when present). An edited table is checked
    whole, its rule tables too (``check_rule_tables``): one edited by hand, or saved by an older tilelens,
    whose tiles load but whose yaku do not was a traceback when a hand was scored; ``GameFileError`` now,
    which every page's game picker says in one line; so is an edit that cannot be read (``tilelens.home.edited_path``:
    its folder without read permission, a link to no file), which was skipped and the box's table played."""
    edited = home.edited_path(game_id, APP_WAY_OUT)
    if not edited:
        if game_id in list_games():
            return load_game(game_id)
        added = added_path(game_id)
        if added is None:  # a game removed (in another tab), or a path: load_game says what it is
            return load_game(game_id)
        _check_file_size(added)  # edited by hand past the limit Add refuses
        return home.checked_table(game_id, added)  # the file as added, its id or seats edited by hand since
    _check_file_size(edited)  # edited by hand past the limit a Save refuses: played, and put in every editor's box
    # the command line's check too (``tilelens.cli.HouseTables``): an id edited by hand, played as another game's,
    # its matches and models would be that one's; a fifth seat; a [table] the ledger cannot read
    return home.checked_table(game_id, edited)


def stored_warning(game_id: str) -> GameFileError | None:
    """What the table the app plays ``game_id`` from (an edit, or an added game's file) is read despite, saved before
    the check came (``tilelens.home.stored_problem``: ``noten_total = 1000`` at four, paid 333 x 3 as then), its file
    named as every page names a path (``app_game``'s words): the pages say it as a warning, the Rules page's Save
    refuses it. None for the shipped table, a table that passes, and one ``app_game`` refuses (said there)."""
    from app.components.visitor import said_in  # (it reads this module: imported when it is needed)

    path = edited_path(game_id) or added_path(game_id)
    problem = home.stored_problem(path) if path is not None else None
    if problem is None:
        return None
    en, ja = str(problem), getattr(problem, "message_ja", "") or ""
    return GameFileError(said_in(en, path), said_in(ja, path) if ja else "")


def _check_file_size(path: Path) -> None:
    """``GameFileError`` naming ``path`` where the file is larger than ``MAX_ADDED_BYTES``, in the words of a Save's
    refusal (``check_size``); a file that cannot be looked at is left to the load to say."""
    try:
        size = path.stat().st_size
    except OSError:
        return
    _check_bytes(size, f"{path}: ")


def too_large(game_id: str) -> int | None:
    """The size in bytes of the file the app plays ``game_id`` from (``game_source``) where it is over
    ``MAX_ADDED_BYTES`` (edited by hand past the limit a Save refuses: ``app_game`` refuses the game), else None; None
    too where it cannot be looked at. The Rules page does not open such a file in its editor (a text area of
    megabytes on every run): it says the way out instead."""
    try:
        size = game_source(game_id).stat().st_size
    except OSError:
        return None
    return size if size > MAX_ADDED_BYTES else None


def check_rule_tables(game: Game) -> None:
    """An edited or added table's rule tables checked as the command line checks them
    (``tilelens.home.check_rule_tables``), with room for the ``MAX_PLAYERS`` seats of a table (a key of ``[table]``
    written in Japanese pointed to its English name: ``tilelens.ledger.check_table``)."""
    home.check_rule_tables(game, seats=MAX_PLAYERS)


def game_text(game_id: str) -> str:
    """The TOML text the rules editor starts from."""
    return game_source(game_id).read_text(encoding="utf-8")


HISTORY = "history"  # games/<id>/history: a copy of each text saved, the edits before it, those a Restore moved aside
HISTORY_KEEP = 20  # the newest files kept in a game's history/ (a Save or a Restore removes older ones)


def history_dir(game_id: str) -> Path:
    """``$TILELENS_HOME/games/<id>/history``: a copy of each text saved and a game's older edits, the last
    ``HISTORY_KEEP`` kept (never read as the table in use: only the ``*.toml`` directly in ``games/<id>/`` is); one is
    brought back by moving it into ``games/<id>/``, or by the Rules page (``back_to_last_working``)."""
    return house_dir(game_id) / HISTORY


_same_text = home.same_text  # whether two tables' texts are the same file to a reader


def dangling_edits(game_id: str) -> list[Path]:
    """The saved edits of ``game_id`` that are links to no file, by name: ``tilelens.home.edited_path`` refuses the
    game for one (which edit is the newest cannot be told). A Restore or a Save moves them aside into
    ``history_dir`` with the edits (``_move_aside``), each the link it was: put its file back, and it reads again."""
    folder = house_dir(game_id)
    try:
        return sorted(p for p in folder.glob("*.toml")
                      if not p.name.startswith(".") and p.is_symlink() and not p.exists())
    except OSError:  # a folder that cannot be read: edited_path says that
        return []


def _move_aside(game_id: str, keep: Path | None = None) -> Path | None:
    """Move the saved edits of ``game_id`` (all but ``keep``) into ``history_dir``, each with the shipped text it
    was made from, named by when it was moved (``20261205-183000-01-<name>``: ``_history_name``); the folder, or None
    where none was.
    An edit that is a link to no file (``dangling_edits``) is moved too, as the link it is: left, it kept the game
    refused after a Restore, and the page's error said to remove it by hand."""
    folder = house_dir(game_id)
    # not a hidden file: save_house_table's .check-*.toml is in the folder while it restores
    edits = ([p for p in folder.glob("*.toml") if (p.is_file() or p.is_symlink() and not p.exists())
              and p != keep and not p.name.startswith(".")] if folder.is_dir() else [])
    if not edits:
        return None
    history = make_dirs(history_dir(game_id))
    for edit in edits:
        if not edit.is_symlink() and _kept_copy(history, edit) is not None:  # its copy, kept when it was saved
            edit.unlink(missing_ok=True)  # (missing: moved by another Save the same moment)
            home.made_from_path(edit).unlink(missing_ok=True)
            continue
        target = _history_name(history, edit.name)
        made_from = home.made_from_path(edit)
        try:
            shutil.move(str(edit), str(target))
        except FileNotFoundError:
            if os.path.lexists(edit):
                raise
            continue  # another Save (another phone, the same moment) moved it aside first, its record with it
        if made_from.is_file():
            try:
                shutil.move(str(made_from), str(home.made_from_path(target)))
            except FileNotFoundError:  # moved by that other Save meanwhile
                if os.path.lexists(made_from):
                    raise
    _prune_history(history)
    return history


# a name in history/: when it went there, its place that second, then the file's own name
# (``20261205-183000-01-<hash>.toml``; before session 60's review ``20261205-183000-<hash>.toml``, the first that
# second, and ``20261205-183000-2-<hash>.toml`` where that name was taken)
_HISTORY_NAME = re.compile(r"(\d{8}-\d{6})-(?:(\d+)-)?(.+)")


def _history_key(name: str) -> tuple[str, int] | None:
    """Where ``name`` stands in history/ (when it went there, and its place that second), or None for a name tilelens
    gives no file there (``my-backup.toml``: a file of the user's own, which no Save or Restore prunes or offers)."""
    found = _HISTORY_NAME.fullmatch(name)
    return (found.group(1), int(found.group(2) or 1)) if found else None


def _history_name(history: Path, name: str) -> Path:
    """The path in ``history`` that a file named ``name`` goes to now: named by when, then its place that second
    (``20261205-183000-01-<name>``, ``20261205-183000-02-<name>``: two digits, so that a listing by name is in that
    order too). The order comes from the name, not from the file's time: a Save's copy and an edit moved aside the
    same second keep the order they went there in, which a name sorted by its hash does not tell, nor a file's time
    (a move keeps the edit's own, some disks keep 1 or 2 seconds, a copy of the folder loses them all)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        taken = [key[1] for p in history.iterdir() if (key := _history_key(p.name)) and key[0] == stamp]
    except OSError:
        taken = []
    n = max(taken, default=0) + 1
    while os.path.lexists(target := history / f"{stamp}-{n:02d}-{name}"):
        n += 1  # (lexists: a link to no file is there too)
    return target


def _history_files(history: Path) -> list[Path]:
    """The edits kept in ``history`` (not a link moved aside, nor a hidden record), the newest first: by when each
    went there, then by its place that second (``_history_key``). A file not named as tilelens names them (the user's
    own) is not one: never pruned, nor brought back."""
    try:
        kept = [(key, p) for p in history.glob("*.toml") if not p.name.startswith(".") and p.is_file()
                and not p.is_symlink() and (key := _history_key(p.name)) is not None]
    except OSError:
        return []
    return [p for _, p in sorted(kept, key=lambda kp: kp[0], reverse=True)]


def _kept_copy(history: Path, edit: Path) -> Path | None:
    """The file in ``history`` whose text is ``edit``'s (the copy a Save kept of it), or None."""
    try:
        data = edit.read_bytes()
    except OSError:
        return None
    for kept in _history_files(history):
        try:
            if kept.stat().st_size == len(data) and kept.read_bytes() == data:
                return kept
        except OSError:
            continue
    return None


def _keep_copy(game_id: str, edit: Path) -> None:
    """A copy of the edit just saved, with its record of the shipped table it was made from, in ``history_dir``,
    named by when (the same text kept before is removed: the newest copy is the last saved): an edit later broken by
    hand in its place comes back from it (``back_to_last_working``)."""
    history = make_dirs(history_dir(game_id))
    if (old := _kept_copy(history, edit)) is not None:
        old.unlink(missing_ok=True)
        home.made_from_path(old).unlink(missing_ok=True)
    target = _history_name(history, edit.name)
    shutil.copyfile(edit, target)
    if (record := home.made_from_path(edit)).is_file():
        shutil.copyfile(record, home.made_from_path(target))
    _prune_history(history)


def _prune_history(history: Path) -> None:
    """Only the newest ``HISTORY_KEEP`` edits kept in ``history`` (their records with them); a link moved aside is
    kept (its file put back, it reads again)."""
    for old in _history_files(history)[HISTORY_KEEP:]:
        old.unlink(missing_ok=True)
        home.made_from_path(old).unlink(missing_ok=True)


def last_working_edit(game_id: str) -> Path | None:
    """The newest edit in ``history_dir`` that the app would play (``tilelens.home.checked_table``) and that is not
    the text in use, or None: the way back from an edit broken by hand (``back_to_last_working``)."""
    try:
        current = game_text(game_id)
    except (OSError, UnicodeDecodeError):
        current = None
    for kept in _history_files(history_dir(game_id)):
        try:
            if current is not None and _same_text(kept.read_text(encoding="utf-8"), current):
                continue
            home.checked_table(game_id, kept)
        except (GameFileError, OSError, UnicodeDecodeError):
            continue
        return kept
    return None


def back_to_last_working(game_id: str) -> Game:
    """The last edit that works (``last_working_edit``) saved again as the table in use, as a Save saves it (the edit
    in use, broken, moved aside into ``history_dir``), with the record of the shipped table it was made from.
    ``GameFileError`` where there is none."""
    kept = last_working_edit(game_id)
    if kept is None:
        raise GameFileError(f"{history_dir(game_id)}: no edit kept there works",
                            f"{history_dir(game_id)}: 使える編集した表が残っていません")
    text = kept.read_text(encoding="utf-8")
    record = home.made_from_path(kept)
    made_from = record.read_text(encoding="utf-8") if record.is_file() else None
    # the broken edit moved aside first: edited in place by hand, it bears the name of the text it was (a hash of it),
    # which the text saved again would be written over
    _move_aside(game_id)
    game = save_house_table(game_id, text)
    if (edited := edited_path(game_id)) is not None and made_from is not None:
        home.record_made_from(edited, made_from)
        _keep_copy(game_id, edited)  # its copy with that record too
    return game if game is not None else app_game(game_id)


def _edited_in_place(path: Path, text: str) -> bool:
    """Whether ``path``, the file a Save of ``text`` is written to (named by its hash), is there holding another
    text: an edit changed by hand in its place, which the Save would write over with no copy of it anywhere."""
    try:
        if not path.is_file() or path.is_symlink():  # (a link is replaced, not the file it names)
            return False
        return not _same_text(path.read_text(encoding="utf-8"), text)
    except UnicodeDecodeError:
        return True
    except OSError:
        return False


def save_house_table(game_id: str, text: str) -> Game | None:
    """Validate ``text`` with ``scorer.load_game`` and, if it loads as ``game_id``, save it as the
    game's house table. Raises ``GameFileError`` naming the problem; nothing is saved then (a table over
    ``MAX_ADDED_BYTES`` or ``MAX_ADDED_KINDS`` too, as ``add_game`` refuses one: it slowed every page; and a name
    another game offers, which an edit of an added game took from a shipped one: ``_check_name``).

    None, and nothing written, where ``text`` is the table in use (a Save with no change made a copy of the shipped
    table that counted as a house table). The shipped text saved over an edit is a Restore (the edits moved aside):
    no edit stays that is the box's table. One edit is kept in ``games/<id>/``, the file a club may edit by hand;
    the one it replaces goes into ``history/`` (``_move_aside``): older files there are never played. So does that
    file edited by hand in its place (named by the hash of the text saved then), where the same text is saved again."""
    check_size(text)
    # an edit that is a link to no file: the game is refused, so the box's text saved is a Restore (the link moved
    # aside), and any other text a Save that moves it aside, not "nothing changed"
    dangling = bool(dangling_edits(game_id))
    try:
        if not dangling and _same_text(text, game_text(game_id)):
            app_game(game_id)  # a table in use that does not load is said (GameFileError), not "nothing changed"
            return None
        back = ((dangling or edited_path(game_id) is not None)
                and _same_text(text, shipped_path(game_id).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):  # the table in use cannot be read: the text is saved over it
        back = False
    folder = house_dir(game_id)
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]
    with _checked_text(folder, text, "the edited rules", "編集したルール") as (tmp, game):
        same_id(game, game_id)
        _check_kinds(game)
        check_rule_tables(game)
        if back:
            reset_house_table(game_id)
            return load_game(shipped_path(game_id))
        _check_name(game, game_id)  # a name another game has, as Add refuses one (not the names it has already)
        final = folder / f"{digest}.toml"
        made_from = home.made_from(edited_path(game_id), shipped_path(game_id))
        if _edited_in_place(final, text):  # its copy first (a copy: a Save that fails below leaves it in use)
            _keep_copy(game_id, final)
        # the record first, whole: a full disk then saves nothing and says so (written after, it was left 0 bytes
        # in silence, and the page said "the shipped table has changed" ever after)
        had_record = os.path.lexists(home.made_from_path(final))
        try:
            home.record_made_from(final, made_from, strict=True)
        except OSError as exc:  # said of the game's folder, not of a hidden file the organiser never made
            if exc.errno is None:
                raise
            raise OSError(exc.errno, exc.strerror, str(folder)) from exc
        try:
            os.replace(tmp, final)
        except BaseException:
            if not had_record and not os.path.lexists(final):  # the record of no edit
                home.made_from_path(final).unlink(missing_ok=True)
            raise
        os.utime(final)  # newest wins, even when the same text is saved again
        # the edit replaced first (deleted where its copy is kept already), then the copy of the text saved: history
        # holds them in the order they were written, the text saved the newest
        _move_aside(game_id, keep=final)
        _keep_copy(game_id, final)
        return load_game(final)


@contextmanager
def _checked_text(folder: Path, text: str, said_en: str, said_ja: str) -> Iterator[tuple[str, Game]]:
    """A rules ``text`` written to a hidden ``.check-*.toml`` in ``folder`` and loaded strictly (``scorer.load_game``
    with ``strict``: the checks a stored file is spared, ``scorer.catalog.STRICT_CHECKS``, as Add and Save write it):
    ``(that file, its game)``, for the caller to check further and move into place. A ``GameFileError`` names the
    text (``said_en``/``said_ja``: "the edited rules"), not the throw-away file; the file is gone afterwards unless
    moved (nothing saved where the text is refused)."""
    make_dirs(folder)
    home.sweep_temps(folder / "x", pattern=".check-*.toml")  # those of a Save killed long ago (another's now is kept)
    fd, tmp = tempfile.mkstemp(suffix=".toml", prefix=".check-", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())  # on the disk before it is moved into place: a crash leaves the old table, or this
        # strict: a table written on purpose is refused for what a stored one is read with
        # (``scorer.catalog.STRICT_CHECKS``: a reading not in kana, two tiles of one English name)
        yield tmp, load_game(tmp, strict=True)
    except GameFileError as exc:
        if tmp not in str(exc):
            raise
        raise GameFileError(str(exc).replace(tmp, said_en), getattr(exc, "message_ja", "").replace(tmp, said_ja)) \
            from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# The record of the shipped table an edit was made from is ``tilelens.home``'s (``made_from_path``), which the command
# line reads too: these give it the app's edit in use and shipped file.

def made_from_unknown(game_id: str) -> bool:
    """Whether the edit in use of a shipped game has no record of the shipped table it was made from
    (``tilelens.home.made_from_unknown``): saved by a tilelens older than the record, put in its folder by hand, or
    saved over such an edit. :func:`shipped_changes` then lists where the edit differs from today's shipped table,
    its own changes among them. An added game's edit never is."""
    return home.made_from_unknown(game_id, edited_path(game_id))


def shipped_changes(game_id: str, lang: str = "en") -> str | None:
    """What the shipped table of ``game_id`` changed since the edit in use was made from it (tilelens updated
    meanwhile), as a unified diff (``tilelens.home.shipped_changes``; headers in ``lang``, "ja" or "en"); None where
    there is no edit, or the shipped table is as it was. A house table is a whole copy, so it keeps the old table's
    rules until the organiser carries the changes over, restores the default, or keeps the edit
    (:func:`keep_edit_over_shipped`). Where what it was made from is not known (:func:`made_from_unknown`), the diff
    is from the edit itself to today's shipped table."""
    return home.shipped_changes(game_id, edited_path(game_id), shipped_path(game_id), lang)


def keep_edit_over_shipped(game_id: str) -> None:
    """The organiser has seen :func:`shipped_changes` and keeps the edit as it is: it counts as made from the
    shipped table now."""
    edited = edited_path(game_id)
    if edited is not None:
        home.record_made_from(edited, shipped_path(game_id).read_text(encoding="utf-8"))




def reset_house_table(game_id: str) -> Path | None:
    """The shipped default back: the saved edits, and those that are links to no file (``dangling_edits``), are
    moved, not deleted, into ``history_dir`` (returned; None where there was none), where one can be brought back
    by moving it into ``games/<id>/`` again."""
    kept = _move_aside(game_id)
    folder = house_dir(game_id)
    for path in folder.glob(".*.shipped") if folder.is_dir() else ():  # records of edits gone by hand
        path.unlink(missing_ok=True)
    return kept


def games() -> list[str]:
    """The ids of the games the app offers: the shipped ones, then those added in the app."""
    return list_games() + added_games()
