"""``tilelens read IMAGE... [--game GAME | --tileset NAME] [--json | --kinds]``.

Per photo, the tiles in hand order with box, kind, attributes and confidences. ``--kinds`` prints only
the kinds of each photo on one line, so that ``tilelens score --game G $(tilelens read --kinds ...)``
chains; riichi melds laid apart at the right of the hand (``vision.melds``) are left out of the kinds
and follow them as ``--melds pon:555z ...``, and ``--json`` lists them as ``melds``. When a game's hand
does not win as read but would with a tile or two read as their next guesses (or a stray box dropped),
the text says so and ``--json`` gives it as ``winning_reading`` (``scorer.likely``): a person checks the
photo and takes it or not. When the tiles do not look like the game's at all (a photo of another game's
tiles: ``HandReading.other_game``), the text asks whether the game is right and ``--json`` says
``other_game``. What may make a photo read worse, or not all of it read (no colour, a 256-colour palette, an
animation's later frames, two hands in one photo: ``vision.image_io.photo_notes``) is said in a ``note:`` line
each, and ``--json`` lists them as ``notes`` (``note`` and ``text``). An unreadable photo prints one line
naming it and the problem; the others are still read, and the exit status is 2. ``-`` is a photo piped in
on standard input (``cat photo.jpg | tilelens read - --game G``).

``--json`` is one object on one line: ``game``, ``tileset`` and ``images``, one entry per photo in the order
given, each with the same keys (``image_entry``): a photo not read has its ``error`` (null for one read),
empty lists of tiles, kinds and melds, and null for what was not measured. ``score_args`` chains as
``--kinds`` does (``tilelens score --game G $(jq -r '.images[0].score_args[]')``). A value that is not there (the
game of a tile set of no game, the tile set of a game) is null.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from scorer.result import TilelensInputError
from tilelens.cli import os_problem
from vision.cli_args import tileset_name


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise TilelensInputError(f"{message} (see {self.prog} --help)")  # one line, as `tilelens score` says it


def _parse(argv: list[str]) -> argparse.Namespace:
    p = _Parser(prog="tilelens read", description="Read the tiles in photos.")
    p.add_argument("images", nargs="+", metavar="IMAGE",
                   help="photo files (JPEG, PNG, WebP, AVIF, HEIC or another format Pillow reads); - for one photo "
                        "piped in on standard input")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", help="a game whose classifier is shipped (models/classifier-GAME.onnx)")
    which.add_argument("--tileset", type=tileset_name, help="an enrolled tile set (models/tilesets/NAME, or a user's own: tilelens enroll)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON object for all photos")
    out.add_argument("--kinds", action="store_true",
                     help="only the tile ids, one line per photo (an empty line for a photo that cannot be read)")
    p.add_argument("--models", help="models folder (default: the shipped models/)")
    p.add_argument("--detector", help="another detector ONNX to find the tiles with, e.g. one made by "
                                      "`tilelens train quantize` (default: the tile set's, else the shipped one)")
    p.add_argument("--turn", type=int, choices=range(4), metavar="{0,1,2,3}",
                   help="read every photo turned this many quarter turns anticlockwise, as its hand's owner sees "
                        "it (2: photographed from across the table; 0: as taken), instead of letting the "
                        "orientation model judge which way up it stands")
    p.add_argument("--no-set-limit", dest="set_limit", action="store_false",
                   help="name each tile on its own, even if a photo then shows more copies of a kind than the "
                        "set holds (by default the kinds of one photo are chosen together within the set)")
    return p.parse_args(argv)


# What ``tilelens read`` says of each of ``vision.image_io.photo_notes``' notes (the app's photo page says them in
# its own strings: ``app.components.photo.NOTE_KEYS``).
NOTES = {
    "colourless": "the photo has no colour (grey): tiles are told apart partly by colour (red fives, the green "
                  "dragon, red-inked characters; Donjara's colour marks), so many may be misread: photograph in colour",
    "palette": "the photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour marks such as a red "
               "five's may be lost and tiles misread: the camera's own photo reads better",
    "animated": "an animation: only its first frame is read",
    "two_hands": "two hands may be in this photo (more tiles than a hand, in two groups apart), read as one: "
                 "photograph one hand",
}


def format_reading(path: str, reading, notes: Sequence[str] = ()) -> str:
    """The human-readable lines of one photo (tiles listed as the hand's owner sees them, and how the photo
    was turned to read them so), and a line for each of its ``notes`` (``NOTES``)."""
    turned = {1: ", read turned a quarter anticlockwise (photographed from the side)",
              2: ", read turned round (photographed from across the table)",
              3: ", read turned a quarter clockwise (photographed from the side)"}
    lines = [f"{path}: {len(reading.tiles)} tiles{turned.get(getattr(reading, 'turned', 0), '')}"]
    for i, t in enumerate(reading.tiles, 1):
        box = ",".join(f"{v:.0f}" for v in t.xyxy)
        attrs = " ".join(f"{k}={v}({t.confidence.get(k, 0):.2f})" for k, v in t.attrs.items()
                         if k in t.confidence)
        lines.append(f"  {i:>2} {t.kind:<18} kind {t.confidence.get('kind', 1.0):.2f}  "
                     f"det {t.confidence['detection']:.2f}  xyxy {box}  {attrs}".rstrip())
    lines.append("  kinds: " + " ".join(reading.kinds))
    if getattr(reading, "other_game", False):
        lines.append(f"  these tiles do not look like {reading.game}'s: is the game right? (a tile set never seen "
                     f"reads poorly until enrolled: tilelens enroll, or the app's Label page)")
    lines.extend(f"  note: {NOTES[note]}" for note in notes)
    melds = reading.called_melds()
    if melds:
        lines.append("  called melds (set apart from the hand): " + ", ".join(
            f"{m.spec} (tiles {', '.join(str(i + 1) for i in m.indices)})" for m in melds)
            + "; score the rest with --melds " + " ".join(m.spec for m in melds))
    found = reading.winning_reading()
    if found is not None:
        lines.append("  does not win as read; it wins if " + ", ".join(
            f"tile {c.index + 1} ({c.read}, box {1 - c.probability:.2f} sure) is not a tile" if c.becomes is None
            else f"tile {c.index + 1} {c.read} is {c.becomes} ({c.probability:.2f})" for c in found.changes)
            + ": " + " ".join(found.tiles))
    return "\n".join(lines)


def kinds_line(reading) -> str:
    """``--kinds``: the face-up kinds, and any called melds as ``--melds`` after the hand's own tiles."""
    melds = reading.called_melds()
    if not melds:
        return " ".join(reading.kinds)
    return " ".join([*reading.held_kinds(melds), "--melds", *(m.spec for m in melds)])


def image_entry(path: str, game: str, tileset: str, reading=None, error: str | None = None,
                notes: Sequence[str] = ()) -> dict:
    """One photo of ``tilelens read --json``, the same keys whether it was read or not: a photo that failed
    has its ``error``, no tiles, kinds or melds, and null width, height, ``turned``, ``winning_reading`` and
    ``other_game`` (true when the tiles do not look like the game's: ``HandReading.other_game``);
    one read has ``error`` null. ``notes``: one ``{"note", "text"}`` for each of the photo's ``notes``
    (``NOTES``), none for a photo not read. ``game`` and ``tileset`` are null where there are none.
    ``score_args`` are the words ``--kinds`` prints (``kinds`` less the tiles of called melds, then
    ``--melds ...``): what ``tilelens score --game G`` takes for the photo (``kinds`` lists every face-up tile)."""
    entry = {"path": _shown(path), "error": None if error is None else _shown(error), "width": None,
             "height": None, "game": game or None, "tileset": tileset or None, "turned": None, "kinds": [],
             "tiles": [], "melds": [], "score_args": [], "winning_reading": None, "other_game": None,
             "notes": [{"note": note, "text": NOTES[note]} for note in notes]}
    if reading is not None:
        read = reading.to_dict()
        entry.update(read, game=read["game"] or None, tileset=read["tileset"] or None,
                     score_args=kinds_line(reading).split(), winning_reading=winning_dict(reading))
    return entry


def winning_dict(reading) -> dict | None:
    """``winning_reading`` of ``tilelens read --json``: the winning kinds and each change (tile numbered
    from 1 as in the text; ``becomes`` null drops the box)."""
    found = reading.winning_reading()
    if found is None:
        return None
    return {"kinds": list(found.tiles), "odds": round(found.odds, 3),
            "changes": [{"tile": c.index + 1, "read": c.read, "becomes": c.becomes,
                         "probability": round(c.probability, 4)} for c in found.changes]}


def _shown(path: str) -> str:
    """A file name as JSON can carry it: one not in UTF-8 (bytes the shell passed undecoded) with U+FFFD
    where it cannot be read, so that the output stays valid UTF-8."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


STDIN, STDIN_NAME = "-", "standard input"  # `cat photo.jpg | tilelens read - ...`


def _piped() -> bytes:
    """The photo on standard input; ``TilelensInputError`` when nothing is piped in (a terminal)."""
    stdin = sys.stdin
    if stdin is None or stdin.isatty():
        raise TilelensInputError(f"{STDIN_NAME}: nothing is piped in ({STDIN} reads a photo piped in: "
                                 f"cat photo.jpg | tilelens read {STDIN} ...)")
    from vision.image_io import read_stream

    return read_stream(getattr(stdin, "buffer", stdin), STDIN_NAME)  # bounded: `tilelens read - < /dev/zero`


def main(argv: list[str]) -> int:
    """Read each photo; print text, ``--json`` or ``--kinds``; exit 2 if any photo failed."""
    a = _parse(argv)
    if a.images.count(STDIN) > 1:
        raise TilelensInputError(f"standard input can be read once: give {STDIN} once among the photos")
    from vision import READ_SIDE
    from vision.image_io import is_stream, load_image_sized, notes_for, read_path_stream
    from vision.recognizer import Recognizer

    rec = Recognizer.load(game=a.game, tileset=a.tileset, models_dir=a.models, set_limit=a.set_limit,
                          detector=a.detector)
    results, failed = [], 0
    for path in a.images:
        try:
            source, named = (_piped(), {"name": STDIN_NAME}) if path == STDIN else (path, {})
            if isinstance(source, str) and is_stream(source):  # a pipe path (`<(...)`) can be read once: its bytes
                source, named = read_path_stream(source), {"name": path}  # serve the reading and the notes alike
            # decoded once, as Recognizer.read would: read, and looked at for the notes (``NOTES``)
            img, size = load_image_sized(source, named.get("name", ""), max_side=READ_SIDE)
            reading = (rec.read(img) if a.turn is None else rec.read_turned(img, a.turn)).in_pixels_of(size)
            notes = () if a.kinds else notes_for(source, img, [t.xyxy for t in reading.tiles], rec.largest_hand)
        except (TilelensInputError, OSError) as exc:  # OSError: a photo that cannot be opened (no rights, I/O)
            failed += 1
            problem = os_problem(exc) if isinstance(exc, OSError) else str(exc)
            # the image loader may name it already
            where = "" if (STDIN_NAME if path == STDIN else path) in problem else f"{path}: "
            print(f"tilelens read: {where}{problem}", file=sys.stderr)
            results.append(image_entry(path, rec.game, rec.tileset, error=problem))
            if a.kinds:
                print(flush=True)  # one line per photo still: an empty one for a photo not read
            continue
        if a.json:
            results.append(image_entry(path, rec.game, rec.tileset, reading, notes=notes))
        elif a.kinds:
            print(kinds_line(reading))
        else:
            print(format_reading(path, reading, notes))
    if a.json:
        print(json.dumps({"game": rec.game or None, "tileset": rec.tileset or None, "images": results},
                         ensure_ascii=False))
    return 2 if failed else 0
