"""Things the app builds once per process: the recognizer per game, the ledger, tile pictures."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import streamlit as st
from PIL import Image, ImageDraw

from app import settings
from scorer import Game
from tilelens.ledger import Ledger


def recognizer(game_id: str, tileset: str | None = None):
    """The recognizer for a game (its id, or the file of an organiser's edited table), or for an enrolled
    tile set, loaded once per version of its files (onnxruntime, CPU): a set taught again, or a table
    edited again, is loaded afresh on every page, whoever taught or edited it. A game added in the app is read by
    its file (``settings.game_ref``): with a tile set taught for it, the newest one taught."""
    from vision.detector import find_tileset
    from vision.recognizer import default_models_dir

    game_id = settings.game_ref(game_id) if game_id else game_id
    models = default_models_dir()
    folder = find_tileset(tileset, models) if tileset else None  # the user's set, or a shipped one of that name
    return _recognizer(game_id, tileset, str(folder or models), _version(models, game_id, tileset))


def _version(models: Path, game_id: str, tileset: str | None) -> int:
    """When the set's ``tileset.json`` (written last by an enrolment) or the table's file last changed."""
    if tileset:
        from vision.detector import find_tileset

        folder = find_tileset(tileset, models)  # $TILELENS_HOME/tilesets/ first when installed as a package
        if folder is None:
            return 0  # a set not (or no longer) there: Recognizer.load says
        path = folder / "tileset.json"
    elif game_id.endswith(".toml"):
        path = Path(game_id)
    else:
        return 0  # a shipped game: its files change only with the app
    try:
        stamp = path.stat().st_mtime_ns
    except (OSError, ValueError):  # a set or table not (or no longer) there: Recognizer.load says
        return 0
    if game_id.endswith(".toml"):  # a game file is read with a tile set taught for it: one taught since too
        stamp = max([stamp, *_taught_stamps()])
    return stamp


def _taught_stamps() -> list[int]:
    """When each enrolled tile set's ``tileset.json`` last changed (a set taught or taught again)."""
    from vision.detector import enrolled_tilesets

    stamps = []
    for folder in enrolled_tilesets().values():
        try:
            stamps.append((folder / "tileset.json").stat().st_mtime_ns)
        except OSError:  # removed meanwhile
            pass
    return stamps


@st.cache_resource(show_spinner=False, max_entries=16)
def _recognizer(game_id: str, tileset: str | None, models: str, version: int):  # models: the folder read (a set's)
    from vision import Recognizer  # vision pulls OpenCV and onnxruntime: only pages that read photos pay

    return Recognizer.load(tileset=tileset) if tileset else Recognizer.load(game=game_id)


def event_reader(game_id: str, tileset: str = ""):
    """The event check's reader of a game, loaded once per models folder: ``tilelens check``'s own
    (``tilelens.event.reading.recognizer_reader``), each tile named on its own, so that a seat showing
    two tiles of a kind the set holds once is reported, not explained away. ``tileset``: an enrolled tile set that
    reads the game's photos instead (the page's Tile set, as ``tilelens check --tileset``), loaded once per version of
    its files, as ``recognizer`` loads one."""
    from vision.recognizer import default_models_dir

    game_id = settings.game_ref(game_id)  # a game added in the app: by its file, read with a set taught for it
    models = default_models_dir()
    if tileset:  # a set taught again is loaded afresh (its ``tileset.json``'s time)
        return _event_reader(game_id, str(models), _version(models, game_id, tileset), tileset)
    stamp = max(_taught_stamps(), default=0) if game_id.endswith(".toml") else 0
    return _event_reader(game_id, str(models), stamp)


@st.cache_resource(show_spinner=False, max_entries=16)
def _event_reader(game_id: str, models: str, taught: int = 0, tileset: str = ""):  # models: the folder
    from tilelens.event.reading import recognizer_reader  # read; taught: a set since (or the set's version)

    return recognizer_reader(game_id, tileset=tileset)


def tilesets_for(game: Game) -> list[str]:
    """Enrolled tile sets that read this game: made for it (its id, or a game file of its id: a club's own game
    added in the app, taught for the club's file or the app's copy), or whose kinds learnt are mostly its tile ids (a
    mahjong set enrolled from real photos reads Tokyo Mahjong; its flower tiles are left out): the kinds its training
    had crops of (``tileset.json``'s ``learnt``: ``vision.recognizer.learnt_of``), not merely those its classifier
    names (a set taught from a dataset naming every mahjong kind, whose photos showed flowers). Those knowing few of
    the game's kinds (``sets_knowing_few``) are offered last, the one knowing the most first."""
    return [name for name, _ in _offered(game)]


def sets_knowing_few(game: Game) -> dict[str, tuple[int, int]]:
    """The tile sets offered for this game (``tilesets_for``) that know few of its kinds, each with how many it knows
    of how many: it learnt them, or its set has them not (``vision.recognizer.kinds_known``: a Hong Kong set's red
    fives), fewer than three quarters of them (more than ``vision.recognizer.FEW_UNLEARNT`` never learnt: read as
    other kinds). A set taught from 3 photos showing 7 of 37 kinds: ``{"hk-3": (7, 37)}``."""
    return {name: known for name, known in _offered(game) if known is not None and _few(*known)}


def _few(known: int, total: int) -> bool:
    from vision.recognizer import FEW_UNLEARNT

    return known < (1 - FEW_UNLEARNT) * total


def _offered(game: Game) -> list[tuple[str, tuple[int, int] | None]]:
    """The sets ``tilesets_for`` offers, in its order, each with (kinds of the game it knows, the game's kinds);
    None where what it learnt is not known (no kinds in its ``tileset.json`` and no classifier to read)."""
    from vision.detector import enrolled_tilesets
    from vision.recognizer import absent_of, learnt_kinds, learnt_of, tileset_meta_or_none

    ids = {k.id for k in game.tiles}
    found = []
    for folder in enrolled_tilesets().values():  # the user's, shipped
        meta = tileset_meta_or_none(folder)
        if meta is None:
            continue  # a half-written or foreign folder is not offered
        kinds = meta.get("kinds")
        kinds = [str(k) for k in kinds] if isinstance(kinds, list) else []
        learnt = learnt_of(meta, kinds) if kinds else learnt_kinds(folder)  # no kinds said: its classifier's
        if not (_made_for(meta.get("game"), game) or (learnt and sum(k in ids for k in learnt) >= 0.75 * len(learnt))):
            continue
        known = (len(ids & (set(learnt) | set(absent_of(meta)))), len(ids)) if learnt else None
        found.append((str(meta.get("name") or folder.name), known))
    # stable: by name, those knowing few last, the most of them first
    return sorted(found, key=lambda f: (1, -f[1][0]) if f[1] is not None and _few(*f[1]) else (0, 0))


def taught_with_file(game_id: str) -> list[str]:
    """The enrolled tile sets taught for the file of the game added in the app ``game_id`` (their ``tileset.json``'s
    ``game`` is that file, as the app's Teach names it): removing the game leaves them unable to read ("taught for the
    game file ..., which does not exist") until that file is added again."""
    if settings.added_path(game_id) is None:
        return []
    from vision.detector import enrolled_tilesets
    from vision.recognizer import tileset_meta_or_none

    found = []
    for name, folder in enrolled_tilesets().items():
        named = (tileset_meta_or_none(folder) or {}).get("game")  # a half-written or foreign folder names none
        if isinstance(named, str) and named.endswith(".toml") and settings.game_id_of(named) == game_id:
            found.append(name)
    return found


def _made_for(named: object, game: Game) -> bool:
    """Whether a tile set's ``game`` (an id, or the game file it was taught for) is ``game``: its id, or a file
    that loads as a game of its id (a file gone or broken since names no game): ``settings.offered_game_of``, the
    rule the Teach panel says a set is offered by."""
    return isinstance(named, str) and bool(named) and (named == game.id or settings.offered_game_of(named) == game.id)


@st.cache_resource(show_spinner=False)
def _ledger(path: str) -> Ledger:
    return Ledger(path)


def ledger() -> Ledger:
    """The table ledger at the settings path (``TILELENS_LEDGER`` overrides)."""
    return _ledger(str(settings.ledger_path()))


def game(game_id: str) -> Game:
    """The game as the app scores it (an organiser's edited table when there is one)."""
    return settings.app_game(game_id)


@lru_cache(maxsize=4096)  # not st.cache_data: hashing its arguments cost 0.6 ms a picture, a hundred a rerun
def face_picture(game_id: str, tile_id: str, name: str, width: int = 60, riichi: bool = False) -> bytes:
    """A tile's picture as JPEG bytes (quality 90), ``width`` wide (3:4). A tile the face factory does not know
    (a kind added in a house table) gets a plain card with its name. ``riichi``: the game's engine is riichi, whose
    red fives (0m 0p 0s) carry the 赤 mark (another game's tile of such an id does not). JPEG: Streamlit sends a picture without
    transparency as a JPEG, and re-encoded the PNG it was given so on every rerun (0.5 ms a picture, a hundred
    pictures a rerun on a riichi page); given the JPEG it sends the bytes as they are."""
    height = width * 4 // 3
    try:
        from vision.faces import render_face

        rgb = render_face(game_id, tile_id, 0, (width, height))[:, :, ::-1]
        image = Image.fromarray(np.ascontiguousarray(rgb))
    except Exception:  # noqa: BLE001 - any failure to draw a face falls back to a name card
        image = _name_card(name, width, height)
    if riichi and RED_FIVE.fullmatch(tile_id):
        _red_five_mark(image)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="JPEG", quality=90)  # as Streamlit's own conversion made it
    return buf.getvalue()


# A red five (riichi's 0m 0p 0s) differs from a plain five by its colour alone: a colour-blind player saw two
# alike. The app's pictures of one carry a mark (a dark disc, 「赤」 in it) in the bottom right corner, over the suit
# (萬) or the last pip, clear of the top where the man tiles' number (伍) is; the faces drawn for training the reader
# (``vision.faces``) are left as real tiles look. The disc is 16 px at least: a 36 px tile of the result's groups had
# a 12 px dot, too small for the character (a black dot on a phone).
RED_FIVE = re.compile(r"0[mps]")
MARK_MIN = 16


def _red_five_mark(image: Image.Image) -> None:
    width, height = image.size
    side = max(MARK_MIN, round(width * 0.34))
    inset = max(1, width // 25)
    box = (width - inset - side, height - inset - side, width - inset - 1, height - inset - 1)
    draw = ImageDraw.Draw(image)
    draw.ellipse(box, fill=(30, 30, 30), outline=(250, 250, 250), width=max(1, side // 12))
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.text((cx, cy), "赤", fill=(255, 255, 255), font=ui_font(round(side * 0.68)), anchor="mm")


def _name_card(name: str, width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), (246, 242, 230))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, width - 1, height - 1], outline=(90, 90, 90), width=2)
    font = ui_font(max(10, width // 5))
    for i, line in enumerate([name[j:j + 4] for j in range(0, len(name), 4)][:4]):
        draw.text((4, 4 + i * (width // 4)), line, fill=(20, 20, 20), font=font)
    return image


@st.cache_resource(show_spinner=False)
def ui_font(size: int):
    """A font with Japanese glyphs (IPAex Gothic, shipped by matplotlib-fontja)."""
    from PIL import ImageFont

    try:
        from vision.faces.draw import font

        return font(size)
    except Exception:  # noqa: BLE001 - a missing font only costs the labels their looks
        return ImageFont.load_default(size)
