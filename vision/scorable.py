"""A photo's reading as a hand to score: what ``tilelens read --kinds`` prints and ``--json``'s ``score_args`` give,
for a library's caller (``HandReading.scorable``) and the CLI alike (``vision.read_cli`` calls these).

A reading lists every box the recognizer found; the hand scored is less the unsure boxes clearly off the hand's row
(``off_row``: an object below the rack, a discard on the table) and the kinds the game has not (a Hong Kong set's
flowers: ``not_of_game``), its called melds set apart (``HandReading.called_melds``). A tile set of no game is
scored as the game whose catalog names most of the kinds it learnt (``scoring_game``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scorer.catalog import load_game
from scorer.result import TilelensInputError, quoted_ja
from vision import CHECK_BELOW, LOW_DETECTION


def is_unsure(tile) -> bool:
    """True for a face-up tile a person should check, as the app's photo page marks it (``PhotoTile.low``): its
    kind named with less confidence than ``vision.CHECK_BELOW`` (a face washed out by glare is held under it:
    ``vision.glare``), or its box found with less than ``vision.LOW_DETECTION``."""

    if getattr(tile, "is_back", False):
        return False
    return tile.confidence.get("kind", 1.0) < CHECK_BELOW or tile.confidence.get("detection", 1.0) < LOW_DETECTION


def off_row(reading) -> frozenset[int]:
    """The places in ``reading.tiles`` of the unsure face-up boxes clearly off the hand's row: their kind unsure
    (``is_unsure``) and their box too (found with less than ``vision.level.AGREE_CONF``, under which the recognizer
    drops a box a second look does not find again), and no sure face-up box's rows of pixels meet theirs, as the
    hand's owner sees it (``upright``). An object below the rack, a discard on the table: ``--kinds`` and
    ``score_args`` leave them out. A tile among the hand's (one of a second row of sure tiles, or of a called meld
    laid apart) meets a sure one's rows and stays; so does every box where fewer than ``vision.level.MIN_ROW_TILES``
    are sure (no row to be off). Held-out real Hong Kong photos (119): the two boxes so left out are no tiles (an
    object below a rack, a discard in mid-table); by the kind alone, 21 more, real tiles of rows read unsurely, went
    too, which the box's confidence (0.52 and more) keeps."""
    import numpy as np

    from vision import level

    tiles = reading.tiles
    sure = [i for i, t in enumerate(tiles) if not getattr(t, "is_back", False) and not is_unsure(t)]
    if len(sure) < level.MIN_ROW_TILES:
        return frozenset()
    boxes = np.array([t.xyxy for t in tiles], np.float64).reshape(-1, 4)
    if getattr(reading, "upright", None) is not None:
        boxes = level.to_turned(boxes, reading.upright)
    top, bottom = boxes[:, 1], boxes[:, 3]
    return frozenset(i for i, t in enumerate(tiles) if is_unsure(t)
                     and t.confidence.get("detection", 1.0) < level.AGREE_CONF
                     and not ((top[i] < bottom[sure]) & (top[sure] < bottom[i])).any())


def hand_of(reading, game: str = "") -> tuple[object, list[int]]:
    """``reading`` as it is scored: less the boxes ``off_row`` and (``game``: the game it is scored as) the face-up
    tiles of kinds ``game`` has not (a Hong Kong set's flowers), read as ``game``'s where it is of none (a tile set
    of a game: ``scoring_game``); and the place in ``reading.tiles`` of each tile kept, to number them as the text
    lists them."""
    off = off_row(reading)
    ids = {t.id for t in load_game(game).tiles} if game else None
    keep = [i for i, t in enumerate(reading.tiles)
            if i not in off and (ids is None or getattr(t, "is_back", False) or t.kind in ids)]
    if len(keep) == len(reading.tiles) and (reading.game or not game):
        return reading, keep
    return replace(reading, tiles=[reading.tiles[i] for i in keep], game=reading.game or game), keep


def scoring_game(rec) -> str:
    """The game whose tiles ``read --kinds`` gives ``tilelens score``: the reader's game; for a tile set of no game,
    the one whose catalog names the most of its kinds, three quarters of them or more (``scoring_game_of``: as the
    app's photo page offers such a set for that game: ``app.components.resources.tilesets_for``; a Hong Kong set's
    flowers then are left out, as the page leaves them out); "" when none does. ``Recognizer.scored_as`` keeps it,
    and stamps each reading with it (``HandReading.scored_as``)."""
    if rec.game or not rec.tileset or getattr(rec, "classifier", None) is None:  # no classifier: no kinds to map
        return rec.game or ""
    return scoring_game_of(set_kinds(rec.classifier))


def set_kinds(classifier) -> tuple[str, ...]:
    """The kinds a tile set's ``classifier`` (loaded from its folder) learnt (``vision.recognizer.learnt_kinds``: the
    kinds its ``tileset.json`` says had training crops), as the app's photo page offers a set for a game by them: a
    set taught from a dataset naming every mahjong kind, whose photos showed flowers, reads no Tokyo Mahjong. Its
    classes where its folder says nothing of them (a set taught before sets said what they learnt)."""
    from pathlib import Path

    from vision.recognizer import learnt_kinds

    classes = tuple(str(c) for c in classifier.spec.classes)
    path = getattr(classifier, "path", None)
    folder = Path(path).parent if path else None
    if folder is None or not (folder / "tileset.json").is_file():
        return classes
    learnt = learnt_kinds(folder)  # () where it learnt none of them: no game's
    return classes if learnt is None else learnt


def scoring_game_of(classes) -> str:
    """The shipped game whose catalog names the most of ``classes`` (a tile set's kinds: those it learnt,
    ``set_kinds``), where it names three quarters of them or more; "" where none does. A game added in the app is not
    guessed: ``Recognizer.load(game=..., tileset=...)`` reads a set as the game named with it, as the app's photo
    page does."""
    from scorer.catalog import list_games

    classes = [str(c) for c in classes]
    best, most = "", 0
    for game in list_games():
        try:
            ids = {t.id for t in load_game(game).tiles}
        except Exception:  # noqa: BLE001 - a game that cannot be loaded reads nothing here
            continue
        named = sum(c in ids for c in classes)
        if named >= 0.75 * len(classes) and named > most:
            best, most = game, named
    return best


# How ``tilelens read`` names a house table a club edited in the app (``house_table_of``), where it is the table in use.
HOUSE_TABLE = {"en": "{game}'s house table edited in the app", "ja": "アプリで編集した{name}のハウスルール"}


def house_table_of(game: str):
    """The file of the house table edited in the app that the game of the id ``game`` is played with now (while the
    ``tilelens`` command plays house tables: ``scorer.catalog.house_table``), or None: no edit, no such context, or
    ``game`` a game file or none."""
    from scorer.catalog import added_games, house_table, list_games

    if not game or (game not in list_games() and game not in added_games()):
        return None
    return house_table(game)


def table_said(game: str, lang: str = "en") -> str:
    """The table ``game`` is played with, in words: "nogizaka's house table edited in the app" where that is in use
    (``house_table_of``), else the game as named (its id, or its file)."""
    if house_table_of(game) is None:
        return game
    from scorer.result import game_name_ja

    return HOUSE_TABLE[lang].format(game=game, name=game_name_ja(game).strip())


def not_of_game(reading, game: str) -> list[str]:
    """The face-up kinds of ``reading`` that ``game`` has not, in order (none for no game): ``hand_of`` leaves them
    out, and ``--kinds`` says so (``LEFT_OUT``)."""
    if not game:
        return []
    ids = {t.id for t in load_game(game).tiles}
    return [t.kind for t in reading.tiles if not t.is_back and t.kind not in ids]


def score_words(tiles, melds) -> list[str]:
    """The words ``tilelens score --game GAME`` takes for a hand: its ``tiles``, then any called ``melds`` (in the
    scorer's notation) after ``--melds``: ``kinds_line`` and ``ScorableHand.args`` both say a hand so."""
    return [*tiles, "--melds", *melds] if melds else list(tiles)


def kinds_line(reading) -> str:
    """``--kinds``: the face-up kinds, and any called melds as ``--melds`` after the hand's own tiles."""
    melds = reading.called_melds()
    if not melds:
        return " ".join(score_words(reading.kinds, ()))
    return " ".join(score_words(reading.held_kinds(melds), [m.spec for m in melds]))


@dataclass(frozen=True)
class ScorableHand:
    """A photo's hand as ``scorer.score`` takes it (``HandReading.scorable``), as ``tilelens read --kinds`` gives it.

    ``game``: the game it is scored as ("" where none: a tile set whose kinds no game names); ``tiles``: the face-up
    kinds held, in order, less the tiles of ``melds`` (called melds laid apart, in the scorer's notation), the boxes
    ``off_row`` and the kinds ``left_out`` (read, but not ``game``'s: a Hong Kong set's flowers); ``off_row``: the
    places in the reading's ``tiles`` of the unsure boxes left out as off the hand's row; ``unsure``: the places of
    the tiles a person should check (``is_unsure``: the app marks them, ``tilelens read`` with ``?``), those
    ``off_row`` among them; ``tileset``: the tile set that read it ("" for a game's classifier)."""

    game: str
    tiles: tuple[str, ...]
    melds: tuple[str, ...] = ()
    left_out: tuple[str, ...] = ()
    off_row: tuple[int, ...] = ()
    unsure: tuple[int, ...] = ()
    tileset: str = ""

    @property
    def args(self) -> list[str]:
        """The words ``tilelens score --game GAME`` takes for the hand: ``tilelens read --kinds``' line, ``--json``'s
        ``score_args``."""
        return score_words(self.tiles, self.melds)

    def score(self, **options: Any):
        """``scorer.score(game, tiles, melds=melds, **options)`` (``melds`` passed only where there are some: a
        Donjara game takes none); a ``TilelensInputError`` where the hand is of no game (name one:
        ``HandReading.scorable(game=...)``)."""
        if not self.game:
            of = f"tile set {self.tileset!r}" if self.tileset else "this reading"
            of_ja = f"牌セット{quoted_ja(self.tileset)}" if self.tileset else "この読み取り"
            raise TilelensInputError(
                f"{of} is of no game whose tiles it names: name the game to score it as, "
                f"reading.scorable(game=...)",
                f"{of_ja}の牌がどのゲームの牌かわかりません: reading.scorable(game=...) で採点するゲームを指定してください")
        from scorer import score

        if self.melds:
            options.setdefault("melds", list(self.melds))
        return score(self.game, list(self.tiles), **options)


def refuse_other_set(reading, game: str) -> None:
    """A ``TilelensInputError`` naming ``game`` and the set ``reading`` was read as, where ``reading`` has face-up tiles
    and none of them is one of ``game``'s (a tokyo-mahjong reading scored as nogizaka): it would be scored as an empty
    hand, every tile left out, and ``score`` would say only that the tile count is wrong."""
    face_up = [t.kind for t in reading.tiles if not getattr(t, "is_back", False)]
    if not face_up:
        return
    spec = load_game(game)
    ids = {t.id for t in spec.tiles}
    if any(kind in ids for kind in face_up):
        return
    if reading.tileset:
        of, of_ja = f"tile set {reading.tileset!r}", f"牌セット{quoted_ja(reading.tileset)}の"
    else:
        of = reading.game or "another game"
        of_ja = f"{reading.game} の" if reading.game else "別のゲームの"
    own = reading.scored_as or reading.game
    own = "" if own == game else own
    again = (f"score the reading as {own} (reading.scorable()), or read the photo with game={game!r}" if own
             else f"read the photo with game={game!r}")
    again_ja = (f"{own} として採点するか (reading.scorable())、写真を game={game!r} で読み直してください" if own
                else f"写真を game={game!r} で読み直してください")
    raise TilelensInputError(
        f"none of the {len(face_up)} tiles read is a tile of {game} ({spec.name_en}): they are tiles of {of}; {again}",
        f"読み取った{len(face_up)}枚のどれも {game} ({spec.name_ja}) の牌ではありません ({of_ja}牌です): {again_ja}")


def scorable(reading, game: str | None = None) -> ScorableHand:
    """``reading``'s hand as scored (``hand_of``) as ``game``, by default the game the reading is scored as
    (``HandReading.scored_as``, else its ``game``); refused where none of its face-up tiles is ``game``'s
    (``refuse_other_set``)."""
    game = (reading.scored_as or reading.game) if game is None else game
    if game:
        refuse_other_set(reading, game)
    hand, _ = hand_of(reading, game)
    melds = hand.called_melds()
    return ScorableHand(game=game or "", tiles=tuple(hand.held_kinds(melds)), melds=tuple(m.spec for m in melds),
                        left_out=tuple(not_of_game(reading, game)), off_row=tuple(sorted(off_row(reading))),
                        unsure=tuple(i for i, t in enumerate(reading.tiles) if is_unsure(t)),
                        tileset=reading.tileset)


def winning_of(reading, game: str | None = None):
    """The likeliest winning reading of ``reading``'s hand as scored (``hand_of``: less the boxes off its row and the
    kinds ``game`` has not; a tile set's reading as ``game``'s), as ``tilelens read`` says it ("it wins if tile 6 6p
    is 5p") and ``--json``'s ``winning_reading`` gives it: ``HandReading.winning_reading`` of that hand, each change's
    ``index`` the tile's place in ``reading.tiles``. ``game``: the game it is scored as (default, as
    :func:`scorable`'s: ``scored_as``, else ``game``; "" scores it as its own game, none for a tile set of no game).
    None where it wins as read, no winning reading is near, or it is of no game."""
    game = (reading.scored_as or reading.game) if game is None else game
    hand, places = hand_of(reading, game)
    found = hand.winning_reading()
    if found is None or hand is reading:  # numbered as ``reading.tiles`` already
        return found
    return replace(found, changes=tuple(replace(c, index=places[c.index]) for c in found.changes))
