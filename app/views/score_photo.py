"""Score a hand from a photo: take or upload it, see each tile boxed and named, fix any tile, score."""
import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st
from PIL import Image

from app import settings
from app.components import resources
from app.components.common import as_typed, camera_words, game_select, gone_tiles, keep_choice, style, uploader_words
from app.components.i18n import error_text, lang, name_of, t, text_in
from app.components.keep_photo import keep_panel
from app.components.keep_photo import tr as keep_words
from app.components.ledger_view import follow_address_of_score_page
from app.components.options import HAND_KEYS, forget_hand_options, melds_in_play, photo_melds_key
from app.components.photo import (NOTE_KEYS, PhotoReading, boxed, decode, flower_of, kind_names, label_size,
                                  melds_with_kans, read_image, shipped_game, shipped_kind, shown_rows, stand_ins)
from app.components.result import list_sep, summary_at
from app.components.scoring import (AS_ADDED, LEDGER_BOXES, OpenTable, forget_ledger_boxes, house_table_note,
                                    next_hand_after_shown, next_hand_said, next_hand_set, score_section)
from app.components.set_names import SHIPPED_SETS, default_reader, reader_text, set_name, tileset_names
from app.components.visitor import said_paths
from app.components.tiles import (added_by_hand, boxes_changed, hand, no_toolbars_css, palette, picture, removed_key,
                                  set_hand, within_copies)
from scorer import Game, TilelensInputError
from tilelens.ledger import LedgerError, hand_number

P = "photo"
# a photo note said of a Donjara game's tiles (the shared ones name riichi's red fives and green dragon)
DONJARA_NOTES = {"photo_note_colourless": "photo_note_colourless_donjara",
                 "photo_note_palette": "photo_note_palette_donjara"}


# said of a photo on this page alone, key: (Japanese, English)
PAGE_STRINGS = {
    # the tile set reading the photo changed, not by the person's choice (``set_changed_under``)
    "set_changed": ("写真を「{now}」で読み直しました (前は「{was}」で読んでいました)。前のように読むには、上の「{picker}」で"
                    "もう一度選んでください。",
                    "The photo was read again with “{now}” (it was read with “{was}”): to read it as before, choose "
                    "that again in “{picker}” above."),
    # ``vision.scorable.off_row``, as `tilelens read` says it (``vision.read_cli.READ_NOTES``), with the page's way back
    "off_row": ("手牌の列から離れた信頼度の低い枠は、手牌の牌ではないとして手牌から外しました (手牌の外の物か、卓の上の牌): "
                "{tiles}。手牌の牌なら「{add}」で追加してください。",
                "Left out of the hand as no tile of it (read unsurely, and off the hand's row: something beside the "
                "hand, or a tile on the table): {tiles}. If it is one of the hand's, add it with “{add}”."),
    # a tile added by hand (or by the meld builder's kan) of the kind of a pon the photo shows: that pon made a kan
    # holding it (``photo.melds_with_kans``)
    "kan_by_added": ("追加した「{tile}」で、写真の「{tile}」のポンをカンにしました (カンは3枚と数えます)。違うなら、手牌の最後の「{tile}」を"
                     "タップして「{remove}」を押してください。",
                     "The {tile} added makes the photo's pon of {tile} a kan (a kan counts 3). If it is no kan, tap "
                     "that {tile} at the end of the hand and “{remove}”."),
}


def foreign_name(kind: str, game: Game) -> str:
    """A tile the game's table does not have, by its name in the screen's language (``photo.kind_names``: a Hong Kong
    set's flowers and seasons, 梅 (花牌); a member the house table dropped as the shipped game names her, ひめたん);
    any other by its id."""
    ja, en = kind_names(game, kind)
    return ja if lang() == "ja" else en


def foreign_picture(game: Game, kind: str, width: int) -> bytes | None:
    """The picture of a kind the game's table does not have, as the game it is of draws it (a flower: the Hong Kong
    set's), or None where the app has none."""
    from vision.faces.catalog import HK_GAME

    if (flower := flower_of(kind)) is not None:
        return resources.face_picture(HK_GAME, kind, flower[0], width, riichi=True)
    found = shipped_kind(game, kind)
    if found is None:
        return None
    path, tile = found  # drawn from the shipped file: the house table played under its id has no such kind
    return resources.face_picture(path, tile.id, tile.name_ja, width, riichi=shipped_game(path)[0])


def sets_to_offer(game: Game, sets: Sequence[str]) -> list[str]:
    """The tile sets of the picker (``sets``: ``resources.tilesets_for``) to name where a photo's tiles do not look
    like the game's, the one to read it with first: those taught here before the shipped ones (``SHIPPED_SETS``),
    each in the order the recognizer reads a game with them (``vision.recognizer.taught_tilesets``: knowing the most
    of its kinds, newest), then by name."""
    from vision.recognizer import default_models_dir, taught_tilesets

    try:
        order = [folder.name for folder in taught_tilesets(game, default_models_dir())]
    except (OSError, TilelensInputError):
        order = []
    rank = {name: i for i, name in enumerate(order)}
    return sorted(sets, key=lambda name: (name in SHIPPED_SETS, rank.get(name, len(rank))))  # stable: by name


SET_CHOSEN = f"{P}_set_chosen"  # the person chose the tile set since the photo was last read (the picker, a button)
SET_CHANGED = f"{P}_set_changed"  # (the set the photo was read with, the set now): said until the next reading
LAST_READ = f"{P}_last_read"  # game id -> (the photo's SHA-1, the set) of its last reading, kept through a game change


def set_chosen() -> None:
    """A callback: the tile set is the person's choice, not one changed under a kept photo (``set_changed_said``)."""
    st.session_state[SET_CHOSEN] = True


def read_with_set(name: str) -> None:
    """The photo read again with the tile set ``name``: chosen in the picker (before it is drawn again)."""
    st.session_state[f"{P}_tileset"] = name
    set_chosen()


def set_changed_under(game: Game, sha: str, tileset: str | None, chosen: bool) -> None:
    """Noted before a reading (``SET_CHANGED``, said by ``set_changed_said``): the same photo of the same game read with
    another tile set than its last reading (``LAST_READ``), not by the person's choice (``chosen``: the picker, or a
    button naming a set). A set forgotten on the way (the picker's, by a page left) read it again with the game's
    own model, another hand, unsaid."""
    last = st.session_state.setdefault(LAST_READ, {})
    if not chosen and game.id in last and last[game.id][0] == sha and last[game.id][1] != tileset:
        st.session_state[SET_CHANGED] = (last[game.id][1], tileset)
    last[game.id] = (sha, tileset)


def set_changed_said(set_labels) -> None:
    """One line where the tile set reading the photo changed, not by the person's choice (``set_changed_under``): what
    it is read with now and was read with, by the picker's labels (``set_labels``). Said until the next reading."""
    changed = st.session_state.get(SET_CHANGED)
    if changed:
        was, now = (set_labels(s) for s in changed)
        st.warning(text_in(PAGE_STRINGS, "set_changed", now=as_typed(now), was=as_typed(was), picker=t("tileset")))


def other_game_said(game: Game, sets: Sequence[str], like: str = "") -> None:
    """A photo whose tiles do not look like the game's (read with its own model): is the game right? Where another
    game's classifier reads them surer (``like``: its id, ``vision.HandReading.looks_like``), that game is named, to be
    chosen above. Else, where tile sets the picker offers read the game (``sets``), they are named, to be chosen above,
    with a button reading the photo with the first of them (``sets_to_offer``: a set taught here); else a set never
    seen is to be taught."""
    name = as_typed(name_of(game))
    if like:
        # the game as the picker above names it (its table's name as edited here: ``settings.game_labels``)
        other = settings.game_labels(lang()).get(like) or settings.game_label(like, lang())
        st.warning(t("other_game_like", game=name, other=as_typed(other)))
        return
    offered = sets_to_offer(game, sets)
    if not offered:
        st.warning(t("other_game", game=name))
        return
    st.warning(t("other_game_sets", game=name, picker=t("tileset"),
                 sets=list_sep().join(as_typed(set_name(s)) for s in offered)))
    st.button(t("other_game_read_with", name=as_typed(set_name(offered[0]))), key=f"{P}_read_with_set",
              on_click=read_with_set, args=(offered[0],))


Problem = tuple[str, Exception]  # why a photo has no reading: the message's key and the error it names


def read(game: Game, tileset: str | None, data: bytes, turn: int | None = None,
         name: str = "") -> PhotoReading | Problem:
    """The reading of a photo (turned ``turn`` quarter turns anticlockwise when a person chose so), or why
    there is none (worded when shown: ``problem_text``; ``name``: the file's, which a photo that cannot be
    decoded is called by)."""
    try:
        image, original_wh = decode(data, name)
    except TilelensInputError as exc:
        return "bad_image", exc
    try:
        from vision.other_game import asking_others  # a game's reader asks the other games' too (not a tile set's)

        # by the game's file: an organiser's table of it (more copies of a picture) bounds the reading
        recognizer = asking_others(resources.recognizer(game.id if tileset else str(game.source or game.id), tileset))
    except (ImportError, OSError, RuntimeError, TilelensInputError) as exc:
        return "no_model", exc  # no model for this game (missing, damaged): say so instead of failing
    with st.spinner(t("reading")):
        # the file's bytes: a 256-colour palette or an animation's frames are said (``PhotoReading.notes``)
        reading = read_image(image, original_wh, recognizer, {k.id for k in game.tiles}, turn, photo=data)
    return stand_ins(game, reading)  # a member the table dropped: her tiles kept in the hand, to be checked


def problem_text(problem: Problem, sets: Sequence[str] = ()) -> str:
    """Why a photo has no reading, in the screen's language now (it may have changed since the photo was
    read). A game added in the app that nothing reads yet (``NoReaderError``, whose words are the command line's):
    choose one of the tile sets ``sets`` the picker offers, or teach one on the Label page."""
    key, exc = problem
    if key == "no_model":
        from vision.recognizer import NoReaderError  # imported already: the photo was read

        if isinstance(exc, NoReaderError):
            return reader_text("choose_set" if sets else "teach_set")
    # a model's path (a damaged detector.onnx) said as a phone is told paths: never the laptop's folders
    return said_paths(t(key, err=error_text(exc) if isinstance(exc, TilelensInputError) else exc))


def keep_reading(game: Game, got: PhotoReading | Problem, added: Sequence[str] = ()) -> None:
    """Keep a new reading of the photo: its hand is the hand now (then the tiles ``added`` by hand, kept
    from the reading before, but for one the set has no copy left of beside the new reading's tiles: said
    until the next reading), its melds scored as melds again."""
    st.session_state[f"{P}_reading"] = got
    reading = list(got.hand) if isinstance(got, PhotoReading) else []
    kept, refused = within_copies(game, P, reading, added) if isinstance(got, PhotoReading) else ([], [])
    set_hand(P, [*reading, *kept])
    st.session_state[f"{P}_added_refused"] = refused
    st.session_state.pop(photo_melds_key(P), None)
    st.session_state.pop(removed_key(P), None)


def changes_of(boxed: Sequence[str]) -> str | None:
    """What a person changed of a photo's reading (``boxed``, its face-up tiles): ``"corrected"`` (a tile named
    otherwise), ``"removed"`` (tiles only taken out, as a meld typed in takes its tiles out of the hand), or None.
    Read again with another set, the page said "the tiles you had corrected" of tiles only taken out."""
    if not boxes_changed(P, boxed):
        return None
    rest = iter(boxed)
    return "removed" if all(kind in rest for kind in hand(P)) else "corrected"  # the hand: the reading less some


def turn_buttons(reading: PhotoReading) -> None:
    """Turn the shown photo a quarter either way or half round: it is read again that way up (a hand the
    orientation model judged wrong, or one it could not judge). Tiles of the photo the person had changed
    are read afresh too, and the page says so; tiles added by hand are kept, after the photo's."""
    row = st.container(horizontal=True, gap="small", key=f"{P}_turns")  # one row on a phone too (columns stack)
    for key, quarters in (("turn_left", 1), ("turn_round", 2), ("turn_right", 3)):
        if row.button(t(key), key=f"{P}_{key}", help=t("turn_help")):
            st.session_state[f"{P}_turn_to"] = (reading.turned + quarters) % 4
            st.session_state[f"{P}_turn_dropped"] = boxes_changed(P, reading.hand)
            st.session_state[f"{P}_turn_added"] = added_by_hand(P, reading.hand)
            st.rerun()


CHECKS_LEFT = f"{P}_checks_left"  # (the photo's digest, the checks a turned reading found no stand-in for)


def turned_with_checks(got: PhotoReading | Problem, digest: str) -> PhotoReading | Problem:
    """A reading of the photo turned another way, with the stand-ins the person had checked (and still has as they
    stand) checked again, tile by tile (``PhotoReading.with_checks``): a turn dropped them unsaid. A check that finds
    no such tile (the photo upside down read those tiles as others) is kept for the next turn of the same photo."""
    before, left = st.session_state.get(f"{P}_reading"), st.session_state.get(CHECKS_LEFT)
    if not isinstance(got, PhotoReading):
        return got
    checks = before.checks(hand(P)) if isinstance(before, PhotoReading) else ()
    got, left = got.with_checks((*checks, *(left[1] if left and left[0] == digest else ())))
    st.session_state[CHECKS_LEFT] = (digest, left)
    return got


def newest(**given) -> object | None:
    """The photo to read, of those ``given`` (the upload, the camera's): the one that changed last, so a
    new camera shot is read although an earlier upload is still in its tab, and a photo chosen in the
    uploader after a shot is read although it is the one chosen there before (each choice is a file of
    its own)."""
    seen = st.session_state.setdefault(f"{P}_inputs", {})  # input -> (its photo's file, when it came)
    for name, photo in given.items():
        mark = getattr(photo, "file_id", None) or hashlib.sha1(photo.getvalue()).hexdigest() \
            if photo is not None else None
        if seen.get(name, (None, 0))[0] != mark:
            seen[name] = (mark, max((when for _, when in seen.values()), default=0) + 1)
    present = [(seen[name][1], photo) for name, photo in given.items() if photo is not None]
    return max(present, key=lambda pair: pair[0])[1] if present else None


def sha_of(photo, data: bytes) -> str:
    """The SHA-1 of a photo's bytes (``data``, ``photo.getvalue()``), kept while the page is given the same
    photo: 4 ms a rerun for a phone's 4 MB photo. The same photo: the same upload (Streamlit names each file
    uploaded or shot anew by a ``file_id`` of its own, which ``newest`` goes by too), or the very bytes hashed
    last (the photo kept from before: they are held here, so never another's)."""
    mark = getattr(photo, "file_id", None)
    was = st.session_state.get(f"{P}_sha")  # (file_id, the bytes, their length, the SHA-1)
    if was is not None and was[2] == len(data) and (was[0] == mark if mark else was[1] is data):
        return was[3]
    sha = hashlib.sha1(data).hexdigest()
    st.session_state[f"{P}_sha"] = (mark, data, len(data), sha)
    return sha


@dataclass(frozen=True)
class KeptPhoto:
    """The photo last read, as the page keeps it: Streamlit forgets an uploaded file (and a camera shot) once
    another page is opened, and back from it (the ledger page, to start a match) the page asked for a photo,
    the hand read and corrected out of sight. Read like an upload (``name``, ``getvalue``)."""

    name: str
    data: bytes

    def getvalue(self) -> bytes:
        return self.data


KEPT = f"{P}_photo"
ASIDE = f"{P}_aside"  # the reading of the photo for the game left, with the tiles fixed: back if that game is
# chosen again (a game changed by mistake re-read the photo, and every fix was gone)
KEEP_ASIDE = 4  # readings kept aside: the games there are
# the table's options, who won and who dealt in, and the table's figures go aside with the reading too: the game
# picker drops the figures for another game, and a dealer's win added came back priced at the next deal's ("A win!
# 6,300" above "Added", 6,000 recorded)
TABLE_KEYS = tuple(f"{P}_{k}" for k in ("players", "dealer", "seat", "round", "honba", "sticks",  # win: HAND_KEYS
                                         *LEDGER_BOXES, AS_ADDED))
ASIDE_KEYS = (f"{P}_game", f"{P}_reading", f"{P}_digest", f"{P}_tiles", f"{P}_hand_of", f"{P}_added_refused",
              photo_melds_key(P), removed_key(P), *(f"{P}_{k}" for k in HAND_KEYS), *TABLE_KEYS)


def set_aside(before: dict, now: tuple[str, str] | None) -> None:
    """The page's photo state ``before`` the game picker (``ASIDE_KEYS``) kept aside where the picker dropped its
    reading (another game, or this game's table without one of the hand's tiles), said where the tiles had been
    fixed and the game is another (the picker says what became of a table's change)."""
    reading, was = before.get(f"{P}_reading"), before.get(f"{P}_game")
    if was is None or was == now or f"{P}_reading" in st.session_state or not isinstance(reading, PhotoReading):
        return
    aside = st.session_state.setdefault(ASIDE, {})  # the photo's digest -> its state: one for each game left
    aside.pop(before.get(f"{P}_digest"), None)
    aside[before.get(f"{P}_digest")] = before  # newest last
    for old in list(aside)[:-KEEP_ASIDE]:
        del aside[old]
    if now is not None and was[0] != now[0] and before.get(f"{P}_tiles") != reading.hand:
        kept = st.session_state.get(KEPT)
        # named as its table in use names it; a game added in the app has no id load_game knows
        st.info(t("photo_aside", game=as_typed(settings.game_label(was[0], lang())),
                  name=as_typed(kept.name if kept else "")))


def take_up_aside(game: Game, digest: str, name: str) -> bool:
    """The reading set aside for this photo, game and set (``digest``) taken up again, the tiles fixed with it and
    the table's options and figures, where its tiles are all the game's (True), said; else False (the photo is to
    be read): a reading whose tile the game's table no longer has (an organiser's save meanwhile) is said, and
    dropped (the photo read again may be misread where it was fixed). ``name``: the photo's."""
    aside = st.session_state.get(ASIDE, {}).get(digest)
    if aside is None:
        return False
    reading = aside.get(f"{P}_reading")
    if not isinstance(reading, PhotoReading):  # nothing to take up (``set_aside`` keeps none such): read the photo
        del st.session_state[ASIDE][digest]
        return False
    tiles = aside.get(f"{P}_tiles") or ()
    gone = [k for k in dict.fromkeys(tiles) if k not in {kind.id for kind in game.tiles}]
    if gone:
        del st.session_state[ASIDE][digest]
        st.warning(t("photo_aside_gone", name=as_typed(name), game=as_typed(name_of(game)),
                     tiles=gone_tiles(game.id, gone)))
        return False
    fixed = list(tiles) != list(reading.hand)
    st.info(t("photo_back" if fixed else "photo_back_read", name=as_typed(name)))
    for key in (f"{P}_turn_dropped", f"{P}_turn_added", f"{P}_tileset_gone", f"{P}_set_dropped", SET_CHANGED):
        st.session_state.pop(key, None)  # said of the reading left, not of this one
    if aside.get(f"{P}_hand_of") is not None and aside[f"{P}_hand_of"] != st.session_state.get(f"{P}_hand_of"):
        ledger_record_of(aside[f"{P}_hand_of"])  # the ledger button's record of that photo's hand, back with it
    forget_hand_options(P)
    for key in TABLE_KEYS:  # as they were: not the other game's
        st.session_state.pop(key, None)
    for key, value in aside.items():
        if key != f"{P}_game":
            st.session_state[key] = value
    st.session_state[f"{P}_edit"] = None
    # dropped once taken up: a run stopped at the note above (for a newer one) takes it up on the next
    st.session_state[ASIDE].pop(digest, None)
    return True
ADDED_BY_PHOTO = f"{P}_added_by_photo"  # each photo read (``hand_of``) -> the ledger button's record of its hand
KEEP_ADDED = 200  # photos remembered: more than a night's hands


def ledger_record_of(hand_of: str) -> None:
    """The ledger button's record of the hand it added (``photo_added``, and ``photo_added_of``: the photo it
    was read from; see ``scoring.ledger_button``) is made the new photo's: that photo's own record where its
    hand was added before, else none. The button kept the last hand added whatever photo was read next: a
    new photo of a hand like it (the same tiles, winner and points: a dealer's second win) was refused as
    "added", and a photo added before, read again after another photo was added, was taken as not added."""
    kept = st.session_state.setdefault(ADDED_BY_PHOTO, {})
    before, record = st.session_state.get(f"{P}_added_of"), st.session_state.get(f"{P}_added")
    if before is not None and record is not None:
        kept.pop(before, None)
        kept[before] = record  # newest last
        for old in list(kept)[:-KEEP_ADDED]:
            del kept[old]
    if hand_of in kept:
        st.session_state[f"{P}_added"], st.session_state[f"{P}_added_of"] = kept[hand_of], hand_of
    else:
        st.session_state.pop(f"{P}_added", None)
        st.session_state.pop(f"{P}_added_of", None)


def forget_photo() -> None:
    """A callback: the photo kept from before is put away, with its reading and hand; the page asks for a
    photo again."""
    for key in (KEPT, f"{P}_reading", f"{P}_digest", f"{P}_boxed", f"{P}_sha", f"{P}_turn_dropped", f"{P}_turn_added",
                f"{P}_added_refused", f"{P}_set_dropped", f"{P}_tileset_gone", SET_CHANGED, LAST_READ, ASIDE,
                CHECKS_LEFT):
        st.session_state.pop(key, None)
    set_hand(P, [])


def added_earlier(table: OpenTable | str | None = None) -> None:
    """Says that the photo's hand is in the ledger when the match has moved on since (other hands added after
    it): the ledger button, refusing it again (``scoring.ledger_button``: the record names the hand by its id),
    says only "added". A match still at that hand says it there; a hand undone since is not said. ``table``:
    the open match as the page read it in this run (``score_section``'s), read again only for another match."""
    if st.session_state.get(f"{P}_added_of") != st.session_state.get(f"{P}_hand_of"):
        return
    record = st.session_state.get(f"{P}_added")  # (match id, tiles, winner, points, hand id, hands then)
    if not record or len(record) < 6:
        return
    if isinstance(table, str):  # the ledger cannot be read: said where it was read
        return
    if isinstance(table, tuple) and table[0].id != record[0]:  # another match open: its ledger box says it
        return
    try:
        hands = table[2] if table is not None and table[0].id == record[0] else resources.ledger().hands(record[0])
    except LedgerError:  # gone or unreadable: the ledger box says so where it reads the ledger
        return
    if any(h.id == record[-2] for h in hands) and hands[-1].id != record[-2]:
        st.info(t("added_earlier", id=record[0], n=hand_number(hands, record[-2])))


SHOWN_WIDTH = 1460  # the widest Streamlit sends a picture (``image_utils.MAXIMUM_CONTENT_WIDTH``)


def boxed_photo(reading: PhotoReading, digest: str, names: Sequence[str], in_melds: set[int],
                corrected: set[int]) -> bytes:
    """The photo boxed and numbered (``boxed``), cut to the rows of its tiles (``shown_rows``), as the JPEG
    Streamlit would send (no wider than it shows a picture, ``SHOWN_WIDTH``: Streamlit then sends the bytes as they
    are), kept until what it is drawn from changes: the photo (and the reading of it), the melds, the tiles
    corrected. Every tap reruns the page: one that opened the picker, or changed an option, drew the whole photo
    again, encoded it, and Streamlit shrank a phone's photo (1600 px read) and encoded it once more."""
    size = label_size(reading)
    key = (digest, reading.turned, reading.tiles, frozenset(in_melds), frozenset(corrected), size)
    was = st.session_state.get(f"{P}_boxed")  # (the photo drawn on, held: never another's; the key; the JPEG)
    if was is not None and was[0] is reading.image_rgb and was[1] == key:
        return was[2]
    image = boxed(reading.image_rgb, reading.tiles, names, resources.ui_font(size), in_melds, corrected)
    top, bottom = shown_rows(reading)  # the rows of the tiles: not a phone's screen of table above the result
    if (top, bottom) != (0, image.height):
        image = image.crop((0, top, image.width, bottom))
    quality = 100  # as Streamlit encodes a picture it is given
    if image.width > SHOWN_WIDTH:  # as Streamlit shrinks it (bilinear, quality 90)
        image, quality = image.resize((SHOWN_WIDTH, image.height * SHOWN_WIDTH // image.width), Image.BILINEAR), 90
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=quality)
    st.session_state[f"{P}_boxed"] = (reading.image_rgb, key, buf.getvalue())
    return buf.getvalue()


# A picture's toolbar (the photo's: the tile pictures have none) shown while one of its buttons has the focus
TOOLBAR_FOCUS_CSS = '[data-testid="stElementToolbar"]:focus-within { opacity: 1; }'


def boxed_alt(names: Sequence[str], low: Sequence[bool | str], meld_of: dict[int, str]) -> str:
    """The boxed photo's text for a screen reader: the tiles as the photo numbers them, a called meld's tiles with its
    kind ("12 White dragon (pon)": the photo boxes them in blue), a doubtful one said so in words ("1 1 Man (low
    confidence)", 「12 白 (ポン、要確認)」), and one washed out by a reflection (``GLARE_ALT``) so too ("6 6 Pin (low
    confidence, maybe a reflection)"). The photo marks a doubtful tile by a "?" after its number, which a screen reader
    says nothing of (NVDA at its default level, before a space) or reads as a pause (a Japanese one)."""
    def said(i: int, name: str) -> str:
        doubt = low[i] if i < len(low) else False
        marks = [t("meld_" + meld_of[i])] if i in meld_of else []
        marks += [t("boxed_low")] if doubt else []
        marks += [t("boxed_glare")] if doubt == GLARE_ALT else []
        return f"{i + 1} {name}" + (f" ({list_sep().join(marks)})" if marks else "")

    return t("boxed_alt", tiles=list_sep().join(said(i, name) for i, name in enumerate(names)))


PICTURE_W = 40  # a kind's picture beside what is said of it: smaller than the hand's (``tiles.STRIP_W``)


def kind_pictures(pictures: Sequence[tuple[bytes, str]], key: str) -> None:
    """Tile pictures in a row, each named under it (and for a screen reader): the kinds a message names, to look
    for in the photo. ``key``: the row's, under the page's prefix."""
    if not pictures:
        return
    style(no_toolbars_css(f"{P}_{key}"))
    row = st.container(horizontal=True, gap="small", key=f"{P}_{key}")
    for data, name in pictures:
        with row.container(width=PICTURE_W + 16, gap=None):
            st.image(data, width=PICTURE_W, output_format="JPEG", alt=name)
            st.caption(as_typed(name))


def foreign_pictures(game: Game, kinds: Sequence[str], key: str) -> None:
    """The pictures of kinds the game's table does not have, where the app has them."""
    shown = [(data, foreign_name(kind, game)) for kind in dict.fromkeys(kinds)
             if (data := foreign_picture(game, kind, PICTURE_W)) is not None]
    kind_pictures(shown, key)


# A stand-in's doubt in the hand strip: the text its picture is given (``i18n``), not "low confidence" (the flags the
# strip is given are true for a tile to check; ``tiles.tile_strip`` says a string flag's text where it takes one)
STAND_IN_ALT = "stand_in_alt"
# A face washed out by a reflection (``PhotoTile.glare``): said so in the strip (its text), the photo's text and a note
GLARE_ALT = "glare_alt"
CHECKING = f"{P}_checking"  # the picker's tile, the hand and the picks (``tiles.set_tile``'s count) as a run began


def checked_now(reading: PhotoReading) -> PhotoReading:
    """The reading with the stand-in, or the tile read unsurely, the person picked a kind for since the last run
    checked (the picker set that tile, the rest of the hand is as it was), kept as the page's reading; and this run's
    picker tile, hand and picks noted for the next run. Any pick on a stand-in (or a tile read unsurely: a win resting
    on one asks before it is added) is the person's check of it: the very kind it is kept as (it was
    kept red, the notice of it on screen, however often it was tapped and named so), or another kind (a stand-in
    named みおな and then さくら again stayed red, both notices on screen, when only a pick that left the hand as it
    was counted)."""
    picks = st.session_state.get(f"{P}_version", 0)
    was = st.session_state.get(CHECKING)
    now = tuple(hand(P))
    if was is not None and isinstance(was[0], int) and was[1] != picks and len(was[2]) == len(now) and \
            all(a == b for i, (a, b) in enumerate(zip(was[2], now)) if i != was[0]):
        checked = reading.checked_at(was[0])
        if checked is not reading and st.session_state.get(f"{P}_reading") is reading:
            st.session_state[f"{P}_reading"] = reading = checked
    st.session_state[CHECKING] = (st.session_state.get(f"{P}_edit"), picks, tuple(hand(P)))
    return reading


def unlearnt_said(game: Game, reading: PhotoReading, digest: str) -> None:
    """The kinds of the game the photo's model never learnt (a club's new member: read as others, surely), with their
    pictures: the tiles to correct, then the photo to keep just below ("Keep this photo"), then the Label page.
    Once every tile of those kinds in the hand is one the person named (corrected, or added), said so instead of
    warned of; once the photo is kept with the hand as it is, not said again (the keep panel says what is next)."""
    kinds = {kind.id: kind for kind in game.tiles}
    unlearnt = list(reading.unlearnt)
    names = list_sep().join(as_typed(name_of(kinds[k]) if k in kinds else k) for k in unlearnt)
    kept = st.session_state.get(f"{P}_kept")  # ``keep_panel``'s record of the photo kept
    if getattr(kept, "digest", None) == digest and getattr(kept, "kind", "error") != "error" and \
            (tuple(kept.hand), kept.turned) == (tuple(hand(P)), reading.turned):
        return
    faces = [tile for tile in reading.tiles if tile.in_hand]
    of_kinds = [i for i, k in enumerate(hand(P)) if k in unlearnt]
    # the person's, not the reading's: corrected, checked (a stand-in named as it stands) or added
    named = [i for i in of_kinds if i >= len(faces) or faces[i].kind != hand(P)[i] or faces[i].checked]
    keep = keep_words("title")
    if of_kinds and named == of_kinds:
        st.info(t("unlearnt_named", kinds=names, keep=keep))
        return
    said = t("unlearnt_kinds", game=as_typed(name_of(game)), kinds=names, keep=keep)
    if reading.unlearnt_sets:
        said += t("unlearnt_sets", sets=list_sep().join(as_typed(s) for s in reading.unlearnt_sets))
    st.warning(said)
    kind_pictures([(picture(game, k, PICTURE_W), name_of(kinds[k])) for k in unlearnt if k in kinds], "unlearnt")


KANS = ("kan", "ankan")  # melds of four tiles: a hand with one shows one tile more (``vision.melds.CalledMeld.kind``)


def glare_said(places: Sequence[int], note: str = "glare") -> str:
    """The note of the tiles washed out by a reflection, by their ``places`` (numbered as the photo numbers them):
    "Tile 6 may be…", "Tiles 3 and 6 may be…" (「3枚目と6枚目の牌が…」); ``note="hidden"``: of those half hidden."""
    if len(places) == 1:
        return t(f"{note}_one", n=places[0])
    nth = [t("glare_nth", n=n) for n in places]
    return t(f"{note}_many", ns=list_sep().join(nth[:-1]) + t("glare_and") + nth[-1])


def quality_said(game: Game, reading: PhotoReading, low: Sequence[bool | str], kans: int, judged: bool) -> None:
    """What about the photo may have made it read worse (``vision.photo_checks``), the reasons to take it again
    first, in one warning (a screen reader reads each warning out as it comes: a bad photo's two, and four notes, were
    said at once), each in its own words; then what else to do, a note each. ``low``: each face-up tile's doubt (as
    ``show`` flags them); ``judged``: False for a photo too small, or plain with no tile read, whose blur and light
    are not judged.

    To take again: blurry with no tile read; blurry or not, with many tiles unsure (to be taken again before they
    are corrected one by one: where the photo's colour note is said, its lost colour named as the cause, not
    focus and light); too dark; a tile at the photo's edge, which the frame may cut off (the reading may have
    left it out, or misread half a tile: alone, a note, as it may be corrected or added below). Blurry with a few
    tiles unsure: its misread tiles to be tapped (in the warning, after the reasons to retake). Then: small tiles (in a
    photo of a camera's size: a photo too small says so in its own warning, which names the cure, and no more);
    faces washed out by a reflection (``GLARE_ALT``); faces half hidden, by a rack's lip maybe (``PhotoTile.hidden``);
    a hand the orientation model leans to upside down, naming the button that turns it. A hand one tile short of the
    game's (13 of riichi's 14, less a tile for each of its ``kans``) is said so only in the edge note, pointing to the
    toggle that adds a tile ("add_missed"): alone it is a hand waiting, its waits shown (R3: the note was false on
    117 of 203 photos, every photo of a hand waiting)."""
    from vision.photo_checks import many_unsure

    unsure = sum(1 for doubt in low if doubt is True or doubt == GLARE_ALT)
    retake, tap = [], []
    if judged:
        many = many_unsure(unsure, len(low))
        if reading.blurry:
            (retake if many or not reading.hand else tap).append(
                t("blurry_many", n=unsure, m=len(low)) if many else t("blurry" if reading.hand else "blurry_retake"))
        elif many:  # of a photo whose colour note is said below (no colour, a palette): that cause named
            lost = next((key for key in ("colourless", "palette") if NOTE_KEYS[key] in reading.notes), "")
            retake.append(t(f"unsure_many_{lost}" if lost else "unsure_many", n=unsure, m=len(low)))
        if reading.dark:
            retake.append(t("dark"))
    edge = []
    if reading.at_edge:  # one short as well: the edge note says so (alone, one short is a hand waiting: no note)
        short = reading.hand and len(hand(P)) - kans == game.hand_size - 1
        edge = [t("at_edge_short", n=len(hand(P)), add=t("add_missed")) if short  # one note, asking to add once
                else t("at_edge", add=t("add_missed"))]
    if retake or tap:
        st.warning("\n\n".join([*retake, *edge, *tap]))  # one paragraph a reason
    elif edge:
        st.info(edge[0])
    if reading.small_tiles and not reading.small_photo:  # a photo too small says so, its remedy this one's
        # in the photo's own pixels, as `tilelens read` quotes them (read shrunk: a 12 MP photo's 22 px tiles are 9)
        shrunk = max(reading.image_rgb.shape[:2])
        st.info(t("small_tiles", px=round(reading.tile_height * (max(reading.original_wh) / shrunk
                                                                 if max(reading.original_wh) and shrunk else 1.0))))
    washed = [i + 1 for i, doubt in enumerate(low) if doubt == GLARE_ALT]
    if washed:
        st.info(glare_said(washed))
    # half hidden (``PhotoTile.hidden``), by a rack's lip maybe: said as glare is (one cause a tile: glare's if both)
    faces = [tile for tile in reading.tiles if tile.in_hand]
    hidden = [i + 1 for i, (tile, doubt) in enumerate(zip(faces, low)) if doubt is True and tile.hidden]
    if hidden:
        st.info(glare_said(hidden, "hidden"))
    if reading.upside_down and not reading.chosen:  # the orientation model leans so, not surely: the button named
        st.info(t("upside_down_maybe", turn=t("turn_round")))


def kans_said(game: Game, by_added: Sequence[str]) -> None:
    """The photo's pons made kans by a tile added (``photo.melds_with_kans``), said where the player adds a tile
    (under the palette's toggle): taken out again, it is a pon again."""
    for kind in dict.fromkeys(by_added):
        st.info(text_in(PAGE_STRINGS, "kan_by_added", tile=as_typed(name_of(game.tile(kind))), remove=t("remove_tile")))


def show(game: Game, reading: PhotoReading, photo_name: str, digest: str, original: bytes,
         sets: Sequence[str] = ()) -> None:
    """The photo with each tile boxed and named, and what is doubtful about it (``sets``: the tile sets the picker
    offers, named where its tiles do not look like the game's)."""
    reading = checked_now(reading)  # a stand-in named as it stands: checked
    w, h = reading.original_wh
    # the cause first: a photo too small (a chat app's copy), plain (nothing in it), or with no tile found too dark
    # (W3: a hand at 12-20 % of its light was said to have nothing in it) is said so, and none is called blurry or
    # colourless as well (no judging a 50 x 50 picture's focus, nor a blank or dark one's)
    dark_empty = reading.dark and not reading.hand and not reading.plain
    unjudged = reading.small_photo or reading.plain or dark_empty
    if not reading.hand and hand(P):  # the photo's advice no more: the hand was entered by hand
        st.info(t("no_tiles_by_hand"))
    elif not reading.hand:
        st.warning(t("no_tiles_small", w=w, h=h) if reading.small_photo else t("no_tiles_plain") if reading.plain
                   else t("no_tiles_dark") if reading.dark else t("no_tiles"))
    # the result in one line (``summary_at``), above the photo's notes and the photo: a phone's first screen however
    # many notes there are (a small photo's three put it below a 390 x 844 phone's first screen)
    summary = st.empty()
    if reading.small_photo and reading.hand:  # its tiles small too: said by this alone (``quality_said``)
        st.warning(t("small_photo", w=w, h=h))
    if reading.other_game:  # a photo of another game's tiles, read as this game's: the game is easily mis-picked
        # or of a set taught here, read with the game's own model; the game they look like named, where one is
        other_game_said(game, sets, getattr(reading, "looks_like", ""))
    if reading.unlearnt and reading.hand:  # kinds its model never learnt: read as others, surely (a club's new member)
        unlearnt_said(game, reading, digest)
    # said after the kinds never learnt (the kind in a dropped member's place is often one), while a tile of them is
    # still in the hand as it was put there (not yet corrected by the person)
    stood_in = [tile for tile, now in zip([tile for tile in reading.tiles if tile.in_hand], hand(P))
                if tile.stands_in and now == tile.kind]
    if stood_in:
        st.info(t("stood_in", kinds=list_sep().join(dict.fromkeys(as_typed(foreign_name(tile.read_as, game))
                                                                  for tile in stood_in)),
                  guesses=list_sep().join(dict.fromkeys(as_typed(name_of(game.tile(tile.kind)))
                                                        for tile in stood_in))))
        foreign_pictures(game, [tile.read_as for tile in stood_in], "stood_in")
    faces = [tile for tile in reading.tiles if tile.in_hand]
    # a tile of low confidence the player has corrected is checked: no longer marked red (box and button) to check;
    # so is a stand-in the player named as it stands (``checked_now``)
    corrected = {i for i, (tile, kind) in enumerate(zip(faces, hand(P))) if kind != tile.kind or tile.checked}
    # each tile's doubt: True (low confidence), or a text key: a stand-in's (``STAND_IN_ALT``), a face washed out by a
    # reflection (``GLARE_ALT``, read with low confidence too), else False
    low = [(STAND_IN_ALT if tile.stands_in else GLARE_ALT if tile.glare else True) if tile.low and i not in corrected
           else False for i, tile in enumerate(faces)]
    names = [name_of(game.tile(k)) for k in hand(P)]
    melds, by_added = melds_with_kans(reading, hand(P), game.hand_size, game) if game.engine == "riichi" else ((), [])
    in_play = melds_in_play(P, melds)
    meld_of = {i: spec.partition(":")[0] for spec, places in in_play for i in places if i < len(faces)}  # its kind
    in_melds = set(meld_of)
    # a photo too small, or plain or too dark with no tile read, is said so, and its blur and light not judged; but
    # one plain with tiles read in it is judged (tiles are in it)
    quality_said(game, reading, low, sum(spec.partition(":")[0] in KANS for spec, _ in in_play),
                 judged=not reading.small_photo and not (reading.plain and not reading.hand) and not dark_empty)
    for note in reading.notes:  # no colour, a palette, an animation, two hands: why it may read worse
        if unjudged and note == NOTE_KEYS["colourless"]:
            continue
        # said of the game's own tiles (a Donjara page names no red fives); no colour: the reading, and the result
        # below, are doubtful (a warning above it, not a note)
        said_of_game = t(note if game.engine == "riichi" else DONJARA_NOTES.get(note, note))
        (st.warning if note == NOTE_KEYS["colourless"] else st.info)(said_of_game)
    gone = st.session_state.get(f"{P}_tileset_gone")
    if gone:
        st.warning(t("tileset_gone", name=as_typed(gone), game=as_typed(name_of(game))))
    if boxes_changed(P, reading.hand):  # the person has corrected the photo's tiles since this reading: the
        # warnings that their corrections before it were read afresh no longer describe the hand shown (for good:
        # a tile corrected back as read says nothing again)
        st.session_state.pop(f"{P}_set_dropped", None)
        st.session_state.pop(f"{P}_turn_dropped", None)
    dropped = st.session_state.get(f"{P}_set_dropped")
    if dropped:  # "removed": tiles taken out (into a typed meld) are back; else tiles corrected were read afresh
        st.warning(t("set_dropped_removed" if dropped == "removed" else "set_dropped"))
    refused = st.session_state.get(f"{P}_added_refused")
    if refused:  # tile ids, named in the screen's language now
        st.warning(t("added_refused", tiles=", ".join(dict.fromkeys(name_of(game.tile(k)) for k in refused))))
    if reading.chosen:
        st.info(t("turned_chosen"))
        if st.session_state.get(f"{P}_turn_dropped"):
            st.warning(t("turn_dropped"))
        if st.session_state.get(f"{P}_turn_added") and added_by_hand(P, reading.hand):
            st.info(t("turn_kept"))
    elif reading.turned:
        st.info(t("turned_half" if reading.turned == 2 else "turned_quarter"))
    if reading.foreign:
        st.info(t("foreign", kinds=list_sep().join(dict.fromkeys(as_typed(foreign_name(k, game))
                                                                 for k in reading.foreign))))
        foreign_pictures(game, reading.foreign, "foreign")
    if reading.off_row:  # left out as `tilelens read` leaves them out (``vision.scorable.off_row``): said, as it says
        ids = {kind.id for kind in game.tiles}
        st.info(text_in(PAGE_STRINGS, "off_row", add=t("add_missed"), tiles=list_sep().join(
            as_typed(name_of(game.tile(k)) if k in ids else foreign_name(k, game)) for k in reading.off_row)))
    st.image(boxed_photo(reading, digest, names, in_melds, corrected), width="stretch",
             alt=boxed_alt(names, low, meld_of))
    # its Fullscreen button (a larger look at the photo) is kept, and shown while it has the keyboard's focus:
    # Streamlit draws it at opacity 0 until the mouse is over the photo, and a Tab to it seemed to go nowhere
    style(TOOLBAR_FOCUS_CSS)
    turn_buttons(reading)
    if any(low):  # the red tiles said for what they are: read with low confidence, or stand-ins (or both)
        stands, unsure = STAND_IN_ALT in low, True in low or GLARE_ALT in low  # a washed-out face: low confidence
        st.caption(t("low_conf_both" if stands and unsure else "stand_in_conf" if stands else "low_conf"))
    if st.toggle(t("add_missed"), key=f"{P}_add_open"):  # drawn only when asked: it is every tile of the game
        palette(game, P)  # a tile the photo missed (hidden by a finger, cut by the frame)
    kans_said(game, by_added)
    next_hand_said(P)
    with summary_at(summary, P):
        table = score_section(game, P, low, [tile.alternatives for tile in faces], [tile.choices for tile in faces],
                              [tile.detection for tile in faces], reading.face_crop, melds)
    added_earlier(table)
    if faces:
        keep_panel(game, reading, hand(P), photo_name, digest, P, original)


st.title(t("page_score_photo"), anchor=False)  # no "Link to heading" Tab stop
follow_address_of_score_page()  # a reload on a match of another game: that game, as on the ledger page
before_picker = {key: st.session_state[key] for key in ASIDE_KEYS if key in st.session_state}
game = game_select((P,))
set_aside(before_picker, st.session_state.get(f"{P}_game") if game is not None else None)
if game is not None:
    house_table_note(game)  # an organiser's edit of the table is in use: said, as the Rules page says it
    upload, camera = st.tabs([t("upload_photo"), t("take_photo")])
    with upload:
        uploaded = st.file_uploader(t("upload_photo"), key=f"{P}_upload", label_visibility="collapsed")
        uploader_words(f"{P}_upload")
    with camera:
        # 1080p: by default the browser's picture is as wide as the widget (358 x 269 px on a phone), too
        # small for the tiles to be read
        taken = st.camera_input(t("take_photo"), key=f"{P}_camera", label_visibility="collapsed",
                                resolution="1080p")
        camera_words(f"{P}_camera")
    photo = newest(upload=uploaded, camera=taken)
    if photo is None and st.session_state.get(KEPT) is not None:  # back from another page: the photo read before
        photo = st.session_state[KEPT]
        kept_row = st.container(horizontal=True, gap="small", vertical_alignment="center", key=f"{P}_kept")
        kept_row.caption(t("photo_kept", name=as_typed(photo.name)))
        kept_row.button(t("photo_forget"), key=f"{P}_forget", on_click=forget_photo)
    sets = resources.tilesets_for(game)
    wanted = st.session_state.get(f"{P}_tileset")  # a set chosen before, maybe no longer on disk
    reader = default_reader(game)  # an added game: the set it is read with, or nothing yet
    set_labels = tileset_names(reader, resources.sets_knowing_few(game) if sets else None,  # those knowing few: said
                               name_of(game))
    tileset = None
    if sets:
        keep_choice(f"{P}_tileset", sets, "")  # its words after a language switch; "" the game's own reader
        # kept across pages, as the game picker is: back from the ledger page the picker said the game's own model,
        # and the photo kept was read again with it, another hand unsaid
        tileset = st.selectbox(t("tileset"), ["", *sets], key=f"{P}_tileset", help=t("tileset_help"),
                               format_func=lambda name: set_labels(name or None), persist_state="session",
                               on_change=set_chosen) or None
    if tileset is None and reader[0] == "set":
        st.caption(reader_text("reads_with_set", name=as_typed(reader[1])))
    if photo is None:
        if reader[0] == "none":  # said when a photo is read too, instead of the command line's way to teach one
            st.info(reader_text("choose_set" if sets else "teach_set"))
        st.caption(t("photo_hint"))
    else:
        data = photo.getvalue()
        sha = sha_of(photo, data)
        digest = f"{game.id}:{tileset}:{sha}"
        hand_of = f"{game.source or game.id}:{sha}"  # the photo of one game's hand, whatever set reads it
        turn_to = st.session_state.pop(f"{P}_turn_to", None)
        # none after a new game (its own sets are offered), nor without a reading (one cut short): read again
        was = (st.session_state.get(f"{P}_digest") or "") if f"{P}_reading" in st.session_state else ""
        chosen = st.session_state.pop(SET_CHOSEN, False) if was != digest else False
        if was != digest:
            st.session_state.pop(SET_CHANGED, None)  # said of the reading before
        if was != digest and take_up_aside(game, digest, photo.name):
            st.session_state.setdefault(LAST_READ, {})[game.id] = (sha, tileset)  # back to the game left: its reading
        elif was != digest:
            st.session_state.pop(CHECKS_LEFT, None)  # read afresh: a check kept from a turn is of the reading left
            st.session_state.pop(f"{P}_turn_dropped", None)
            st.session_state.pop(f"{P}_turn_added", None)
            st.session_state.pop(f"{P}_tileset_gone", None)
            before = st.session_state.get(f"{P}_reading")
            # the same photo read with another set: the tiles the person had changed are read afresh, and said;
            # tiles added by hand are kept
            # (the reading kept is of this photo: not the last photo's, kept where this one's reading was cut short)
            same = st.session_state.get(f"{P}_hand_of") == hand_of and isinstance(before, PhotoReading) \
                and was.endswith(f":{sha}")
            st.session_state[f"{P}_set_dropped"] = same and changes_of(before.hand)
            added = added_by_hand(P, before.hand) if same else []
            if st.session_state.get(f"{P}_hand_of") != hand_of:  # not the same photo read with another set
                after = next_hand_after_shown(P)  # the last photo's win, if it showed one
                st.session_state[f"{P}_hand_of"] = hand_of
                ledger_record_of(hand_of)
                forget_hand_options(P)  # win kind, riichi, melds, dora, winning tile: the last photo's
                # and who won, dealt in, declared riichi: a new photo is the next hand, nobody chosen yet (another
                forget_ledger_boxes(P)  # winner on the same discard has its discarder fixed)
                next_hand_set(P, after)  # its honba and sticks as the rules give them after a win
            if wanted and wanted not in sets and was.startswith(f"{game.id}:{wanted}:"):  # gone from disk: the
                # photo is read with the game's own model instead, which is said until another read
                st.session_state[f"{P}_tileset_gone"] = wanted
            set_changed_under(game, sha, tileset, chosen or bool(st.session_state.get(f"{P}_tileset_gone")))
            keep_reading(game, read(game, tileset, data, name=photo.name), added)
            # noted once its reading is kept: a run stopped while it read (Streamlit stops it for a newer one: a
            # second tap, an upload's second message) left this photo noted as read with no reading of it, or the
            # last photo's, and the next run failed on it (a KeyError) or showed that photo's tiles under this one
            st.session_state[f"{P}_digest"] = digest
        elif turn_to is not None:
            keep_reading(game, turned_with_checks(read(game, tileset, data, turn_to, photo.name), digest),
                         st.session_state.get(f"{P}_turn_added", []))
        reading = st.session_state[f"{P}_reading"]
        if isinstance(reading, tuple) and reading[0] == "bad_image":
            st.session_state.pop(KEPT, None)  # never a photo: nothing to show as "the photo read before" once removed
        else:
            st.session_state[KEPT] = KeptPhoto(photo.name, data)
        set_changed_said(set_labels)
        if isinstance(reading, tuple):
            st.error(problem_text(reading, sets))
        else:
            show(game, reading, photo.name, digest, data, sets)
