"""The checking rules of a dealt table: pure functions from exact readings to findings.

Nothing here touches pixels: a reading is a ``SeatReading`` (tile kinds, boxes, confidences), so the
rules are tested on exact readings and the photos only decide what the readings are.
"""
from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from collections.abc import Container
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import scorer
from scorer import Game
from scorer.catalog import ordinal
from scorer.result import TilelensInputError, quoted_ja
from scorer.riichi_tiles import Wind
from scorer.rules import players_span
from tilelens.event.layout import dealer_wind_photo, japanese_named, parse_photo_name, players_refused_as, \
    seat_photo_name, wind_of_dealer, wind_renamed
from tilelens.event.model import (Finding, FindingKind, SeatReading, TileRef, owned, seat_order, seats_said, sure_text,
                                  where, where_ja)
# plain constants: no model code is loaded; SMALL_PHOTO_SIDE is the photo page's threshold of a small photo too
from vision import CHECK_BELOW, SMALL_PHOTO_SIDE

# A tile read with less confidence (the lower of its box's and its name's) is listed to confirm: the
# app's red-mark threshold. It was 0.6 here. On synthetic dealt tables of seed 25 (60 a game,
# `benchmarks/event_threshold.py`) 0.8 let no table read wrong pass as in order (riichi: 5 of 60 at 0.6),
# for 14 tiles to confirm on the 42 riichi tables read right (1 at 0.6) and 4-14 on 57 of the Donjara
# games' (models/JOURNAL.md, "Event check threshold").
DEFAULT_MIN_CONFIDENCE = CHECK_BELOW


def confidence_said(confidence: float, below: float | None = None) -> str:
    """A confidence in two places as a finding says it: rounded, as the seats' CSV rounds its percentages (0.7789 is
    "0.78" beside 77.9%), but never up to ``below`` (the check's threshold) where it is under it: a tile read at 0.7962
    under 0.80 is "0.79" (``model.sure_text``), not "0.80: please confirm".

    >>> confidence_said(0.7789), confidence_said(0.5681), confidence_said(0.7962, 0.8), confidence_said(0.7962)
    ('0.78', '0.57', '0.79', '0.80')
    """
    said = f"{float(confidence):.2f}"
    return sure_text(confidence) if below is not None and confidence < below <= float(said) else said


@dataclass(frozen=True)
class Seating:
    """Who sits where: the seat labels expected, and the dealer (None when not said, or said of more than
    one seat: ``dealer_claims``, one of which deals)."""

    seats: tuple[str, ...]
    dealer: str | None
    dealer_claims: tuple[str, ...] = ()
    # how the table says its dealer (``layout.TableInput.marked_by``): "name" (seatN-dealer.jpg), "manifest"
    # (dealer = N in table.toml), "chosen" (the app's dealer's seat); "" not known, said as by the photos' names
    marked_by: str = ""
    # the manifest that names the dealer too (``dealer = N`` in table.toml: ``layout.TableInput.dealer_manifest``),
    # "" where none does
    dealer_manifest: str = ""


def _dealer_line(manifest: str, seat: str) -> str:
    """The manifest's line that names ``seat`` the dealer: ``dealer = 3`` in table.toml, ``"dealer": 3`` in
    table.json."""
    return f'"dealer": {seat}' if manifest.endswith(".json") else f"dealer = {seat}"


def mark_dealer(seat: str, seating: Seating, readings: dict[str, SeatReading] | None = None) -> tuple[str, str]:
    """How to mark ``seat`` as the dealer, as its table marks one (``Seating.marked_by``): the photos to rename
    (``seat3.jpg`` to ``seat3-dealer.jpg``, and the dealer's marked now back to ``seat1.jpg``), the line of
    ``table.toml``, or the app's choice: (English, Japanese), each a clause to follow "mark it as the dealer". One way,
    which leaves one seat marked: where ``table.toml`` names the dealer (beside a photo's name or not), its line to
    change, and the photo named as the dealer's now renamed back (following a rename alone, table.toml would still
    name the seat before: "more than one dealer").

    >>> readings = {s: SeatReading(s, n, ()) for s, n in (("1", "seat1-dealer.jpg"), ("3", "seat3.jpg"))}
    >>> mark_dealer("3", Seating(("1", "2", "3", "4"), dealer="1"), readings)[0]
    'rename seat3.jpg to seat3-dealer.jpg and seat1-dealer.jpg to seat1.jpg'
    >>> mark_dealer("3", Seating(("1", "2", "3", "4"), dealer="1", dealer_manifest="table.toml"), readings)[0]
    'change dealer = 1 to dealer = 3 in table.toml and rename seat1-dealer.jpg to seat1.jpg'
    >>> mark_dealer("1", Seating(("1", "2", "3", "4"), None), {"1": SeatReading("1", "席1.jpg", ())})[1]
    '席1.jpg を 席1-親.jpg に名前を変えてください'
    """
    if seating.marked_by == "chosen":
        return f"choose seat {seat} as the dealer's seat", f"親の席に{seat}番席を選んでください"
    now = (readings or {}).get(seating.dealer or "")
    # the photo marked as the dealer's now (seat1-dealer.jpg), to be named back as any seat's
    back = [(now.photo, seat_photo_name(seating.dealer or "", False, japanese_named(now.photo), Path(now.photo).suffix))] \
        if now is not None and parse_photo_name(now.photo) == (seating.dealer, True) else []
    photo = (readings or {}).get(seat)
    if seating.dealer_manifest or seating.marked_by == "manifest" or photo is None \
            or parse_photo_name(photo.photo) != (seat, False):
        # table.toml names the dealer, or lists camera names (or a photo not named seatN: its name says no dealer)
        manifest = seating.dealer_manifest or "table.toml"
        new = _dealer_line(manifest, seat)
        if seating.dealer_manifest and seating.dealer:
            old = _dealer_line(manifest, seating.dealer)
            en, ja, ja_and = (f"change {old} to {new} in {manifest}", f"{manifest} の {old} を {new} に書き換えてください",
                              f"{manifest} の {old} を {new} に書き換え")
        else:
            en, ja, ja_and = f"set {new} in {manifest}", f"{manifest} に {new} と書いてください", f"{manifest} に {new} と書き"
        if back:
            return (f"{en} and rename {back[0][0]} to {back[0][1]}",
                    f"{ja_and}、{back[0][0]} を {back[0][1]} に名前を変えてください")
        return en, ja
    winds = _wind_renames(seat, seating, readings or {})
    if winds:  # 東南西北: 東 is the dealer's, so each photo is named by its wind counted from the dealer's
        listed = [f"{a} to {b}" for a, b in winds]
        east = wind_of_dealer(winds[0][0])  # as the table names it: 東, or East in English
        return (f"rename {', '.join(listed[:-1])} and {listed[-1]}: {east} is the dealer's, the winds counted on "
                f"from it", "、".join(f"{a} を {b}" for a, b in winds)
                + f" に名前を変えてください。{east}が親で、風はそこから順に数えます")
    # named as the table names its photos: 席3.jpg to 席3-親.jpg, seat3.jpg to seat3-dealer.jpg
    renames = [(photo.photo, seat_photo_name(seat, True, japanese_named(photo.photo), Path(photo.photo).suffix)), *back]
    return ("rename " + " and ".join(f"{a} to {b}" for a, b in renames),
            "、".join(f"{a} を {b}" for a, b in renames) + " に名前を変えてください")


def _wind_renames(seat: str, seating: Seating, readings: dict[str, SeatReading]) -> list[tuple[str, str]]:
    """The photos of a table named by the winds (東.jpg, 南.jpg ...) named again with ``seat`` the dealer's: each seat's
    wind counted from the dealer's in the seat order, as ``seat_wind`` counts it (the dealer at 南: 南.jpg to 東.jpg,
    西.jpg to 南.jpg, 北.jpg to 西.jpg, 東.jpg to 北.jpg), from the dealer's photo on; [] where a photo read is not
    named by a wind (席2.jpg, seat2.jpg: named as those are, ``mark_dealer``)."""
    if seat not in seating.seats or seat not in readings or len(seating.seats) > 4 \
            or any(wind_renamed(r.photo, 0) is None for r in readings.values()):
        return []
    d, n = seating.seats.index(seat), len(seating.seats)
    order = [seating.seats[(d + i) % n] for i in range(n)]  # from the dealer's seat on
    renames = [(readings[s].photo, wind_renamed(readings[s].photo, i)) for i, s in enumerate(order) if s in readings]
    return [(a, b) for a, b in renames if b is not None and a != b]


def expected_count(game: Game, seating: Seating, seat: str) -> set[int]:
    """The tile counts allowed at ``seat``: the dealer's or the others' deal size (either one when the
    dealer is unknown, and the seat one of those said to deal, if any are)."""
    dealer_size, others_size = game.deal_sizes
    if seating.dealer is None:
        return {others_size} if seating.dealer_claims and seat not in seating.dealer_claims else {dealer_size,
                                                                                                   others_size}
    return {dealer_size if seat == seating.dealer else others_size}


def plays_three(game: Game) -> bool:
    """Whether ``game`` is played by three too: its span of players (``players_span``) holds 3 (riichi: sanma; a
    Donjara game whose players_min..players_max does); False where its rules cannot be read (the check says why)."""
    low, high, _ = players_span(game, unread=(4, 4, 4))
    return low <= 3 <= high


def players_refused(game: Game, players: int) -> tuple[str, str] | None:
    """Why ``--players players`` is refused for ``game`` (English, Japanese), in the sentence `tilelens score` refuses
    it with (``scorer.rules.played_by``: the game's name and the count it is played by, ``players_span``); None where
    the game is played by that many (``layout.players_refused_as``, as a manifest's ``players = N`` is refused)."""
    return players_refused_as(game, players, f"--players {players}",
                              ("leave --players out for {usual}", "--players を省けば {usual}人"))


def only_last_seat_missing(findings: object, players: int = 4) -> bool:
    """Whether of a table's ``findings`` (its ``report.json``'s, as read), seat ``players`` (the last), and no other,
    has no photo: a table of three, perhaps, with nothing saying so (``tilelens check`` and the Event page then say how
    to say it had three). Anything else in their place (a report edited by hand): False.

    >>> only_last_seat_missing([{"kind": "missing-seat", "seats": ["4"]}])
    True
    >>> only_last_seat_missing([{"kind": "missing-seat", "seats": ["3"]}, {"kind": "missing-seat", "seats": ["4"]}])
    False
    """
    missing = {str(s) for f in (findings if isinstance(findings, list) else ())
               if isinstance(f, dict) and f.get("kind") == FindingKind.MISSING_SEAT
               for s in (f.get("seats") if isinstance(f.get("seats"), list) else ())}
    return missing == {str(players)}


def _name(game: Game, kind: str, ja: bool = False) -> str:
    """A tile kind's name in the message's language (its id where the game has no such tile)."""
    try:
        tk = game.tile(kind)
    except TilelensInputError:
        return kind
    return tk.name_ja if ja else (tk.name_en or tk.name_ja)


def _label(game: Game, kind: str, ja: bool = False) -> str:
    """A tile kind as a message says it: its name in the message's language, with its id."""
    name = _name(game, kind, ja)
    return kind if name == kind else f"{name} ({kind})"


def _seats_text(seats: list[str] | tuple[str, ...]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(seats)


def taken_dealer(game: Game, seating: Seating, readings: dict[str, SeatReading] | None) -> str | None:
    """The seat taken as the dealer of a table that marks none (no ``dealer``, nor seats said to deal): the one seat
    of ``readings`` holding the dealer's count, where the game's dealer holds more than the others, every seat was read
    and none shows another set's tiles (a seat not read, or not counted, may be the dealer's); else None (no seat,
    or two, of the dealer's count: which dealt is not known, ``dealer_findings`` says so)."""
    dealer_size, others_size = game.deal_sizes
    if seating.dealer is not None or seating.dealer_claims or dealer_size == others_size or not readings \
            or set(readings) != set(seating.seats) or any(r.other_game for r in readings.values()):
        return None
    holders = [s for s, r in readings.items() if len(r.tiles) == dealer_size]
    return holders[0] if len(holders) == 1 else None


def dealer_findings(game: Game, seating: Seating, readings: dict[str, SeatReading] | None = None) -> list[Finding]:
    """A missing dealer matters only when the dealer's deal size differs from the others' (more than one
    said to deal is the table's input problem, said by ``layout``). Every seat then passes at either size, so
    the finding names the seats ``readings`` holds at the dealer's size: one (every seat read: ``taken_dealer``) is
    taken as the dealer, a notice saying how to mark it and the misdeal of the same counts (``DEALER_TAKEN``: it one
    over, the real dealer one short), the others then counted as non-dealers
    (``check_readings``); two or more hold a tile too many, all but the dealer (its ``seats``); none, the dealer's hand
    is short. Not said of a table whose seats were none of them read."""
    return _dealer_findings(game, seating, readings, taken_dealer(game, seating, readings))


def _dealer_findings(game: Game, seating: Seating, readings: dict[str, SeatReading] | None,
                     taken: str | None) -> list[Finding]:
    """``dealer_findings``, the seat taken as the dealer (``taken_dealer``) worked out by the caller."""
    dealer_size, others_size = game.deal_sizes
    if seating.dealer is not None or seating.dealer_claims or dealer_size == others_size or readings == {}:
        return []  # readings == {}: no seat photo read (every one missing or unreadable), each said on its own
    holders = sorted((s for s, r in (readings or {}).items() if len(r.tiles) == dealer_size and not r.other_game),
                     key=int)  # another set's tiles (``other_game``): its count is none of this deal's
    if taken is not None:  # a notice: the seats counted as so dealt
        how, how_ja = mark_dealer(taken, seating, readings)
        # the other reading of the same counts: a misdeal, the real dealer short by what ``taken`` holds
        # over a non-dealer's count: said, not judged (a photo cannot tell the two apart; the usual case is the first)
        off = dealer_size - others_size
        off_en = "one" if off == 1 else str(off)
        return [Finding(FindingKind.DEALER_TAKEN, f"no seat is marked as the dealer: seat {taken}, the one seat "
                        f"holding {dealer_size} tiles (the dealer's count), is taken as the dealer; mark it as the "
                        f"dealer ({how}); if seat {taken} did not deal, it holds {off_en} tile{'s' * (off > 1)} too "
                        f"many and the dealer's hand is {off_en} short: count both hands again at the table",
                        seats=(taken,), data={"dealer": taken, "count": dealer_size},
                        message_ja=f"親の席の印がありません: 親の{dealer_size}枚を持つ席は{taken}番席だけなので、"
                                   f"{taken}番席を親としてチェックしました。親の印を付けてください ({how_ja})。"
                                   f"{taken}番席が親でなければ、{taken}番席の牌が{off}枚多く、親の牌が{off}枚足りません。"
                                   f"卓で両方の手牌を数え直してください")]
    hint = hint_ja = ""
    if len(holders) == 1:
        how, how_ja = mark_dealer(holders[0], seating, readings)
        hint = (f"; seat {holders[0]} holds {dealer_size} tiles, the dealer's count: if seat {holders[0]} dealt, "
                f"mark it as the dealer ({how})")
        hint_ja = (f"。{holders[0]}番席が親の{dealer_size}枚を持っています。{holders[0]}番席が親なら、親をその席にしてください "
                   f"({how_ja})")
    elif holders:
        hint = (f"; {_seats_text(holders)} each hold {dealer_size} tiles, the dealer's count, which only the "
                f"dealer's hand holds: each of them but the dealer has {dealer_size - others_size} too many (mark the "
                f"dealer to have them counted)")
        hint_ja = (f"。{'と'.join(f'{s}番席' for s in holders)}が親の{dealer_size}枚を持っています。{dealer_size}枚は親だけ"
                   f"なので、親以外は{dealer_size - others_size}枚多いです。親を指定すると、ほかの席の枚数を確かめます")
    elif readings and len(readings) == len(seating.seats):  # every seat read, none holding the dealer's count
        hint = f"; no seat holds {dealer_size} tiles, the dealer's count: the dealer's hand is short"
        hint_ja = f"。親の{dealer_size}枚を持つ席がありません。親の牌が足りません"
    # the dealer's photo name as the table names its photos: 席N-親.jpg beside 席2.jpg, 東.jpg beside 南.jpg (東 is the
    # dealer's wind: a table named by the winds has no 席N-親.jpg)
    photos = [r.photo for r in (readings or {}).values()]
    marked = dealer_wind_photo(photos) or ("席N-親.jpg" if any(japanese_named(p) for p in photos) else "seatN-dealer.jpg")
    return [Finding(FindingKind.NO_DEALER, "no seat is marked as the dealer (name its photo "
                    f"{marked} or set dealer = N in table.toml){hint}", seats=tuple(holders),
                    message_ja=f"親の席がわかりません (親の写真の名前を {marked} にするか、table.toml に "
                               f"dealer = N と書いてください){hint_ja}")]


# What a wrong count asks for, [too many, missing] (English, Japanese), where no other hint says what to do: count the
# hand at the table (a photo shows what was read, not what was dealt), and a short one's photo may miss a tile.
COUNT_AGAIN = ((": count the tiles again at the table", "。卓で牌を数え直してください"),
               (": count the tiles again at the table, and retake the photo if a tile is not in it",
                "。卓で牌を数え直し、写真に写っていない牌があれば撮り直してください"))


# What a short seat's photo too dark (``count_findings``'s ``dark``) says, after its seat and photo: {n} tiles found,
# {want} expected (English, Japanese).
TOO_DARK = ("is too dark: only {n} tiles found, expected {want}: retake it in better light before counting the hand",
            "は暗すぎます。牌が{n}枚しか見つかりません ({want}枚のはずです)。明るい所で撮り直してから枚数を数えてください")


def count_findings(game: Game, seating: Seating, readings: dict[str, SeatReading],
                   murky: Container[str] | None = None, dark: Container[str] = ()) -> list[Finding]:
    """Each seat read must hold its deal size; a dealer holding the others' size while one other seat holds
    the dealer's is said to be perhaps marked at the wrong seat. A seat of another set's tiles (``other_game``: its
    photo said once, ``other_game_findings``) is not counted. ``murky``: the seats whose photos are measurably dark or
    blurred (``runner._murky``; None where the photos were not measured), for ``hiding_tiles``; ``dark``: the seats
    whose photos are too dark (``runner._dark``): one short is said to be a photo to retake (``TOO_DARK``), not a
    hand to count again (the tiles in the dark are not found, however surely the others read)."""
    out = []
    dealer_size, others_size = game.deal_sizes
    readings = {s: r for s, r in readings.items() if not r.other_game}
    holds_dealers = [s for s, r in readings.items() if s != seating.dealer and len(r.tiles) == dealer_size]
    moved = (seating.dealer in readings and dealer_size != others_size and len(holds_dealers) == 1
             and len(readings[seating.dealer].tiles) == others_size)
    for seat, reading in sorted(readings.items()):
        allowed = expected_count(game, seating, seat)
        n = len(reading.tiles)
        if n not in allowed and not found_too_few(reading):  # too few found: a photo to retake (``too_few_findings``)
            want = " or ".join(str(a) for a in sorted(allowed))
            role = "dealer" if seat == seating.dealer else "non-dealer"  # 親 and 子 in Japanese
            diff = n - min(allowed, key=lambda a: abs(a - n))
            what = f"{abs(diff)} too many" if diff > 0 else f"{abs(diff)} missing"
            # a sentence of its own, not "(1枚多い)": a bracket after Japanese wraps alone on a phone ("(1枚多/い)")
            what_ja = f"{abs(diff)}枚多すぎます" if diff > 0 else f"{abs(diff)}枚足りません"
            hint = hint_ja = ""
            if moved and seat == seating.dealer:
                other = holds_dealers[0]
                how, how_ja = mark_dealer(other, seating, readings)
                hint = (f"; seat {other} holds the dealer's {dealer_size}: if seat {other} dealt, mark it as the dealer "
                        f"({how})")
                hint_ja = (f"。{other}番席が親の{dealer_size}枚を持っています。{other}番席が親なら、親をその席にしてください "
                           f"({how_ja})")
            hiding = hiding_tiles(reading, -diff, None if murky is None else seat in murky) if diff < 0 else None
            # a dark photo read surely, no hint of hiding tiles (which says to retake it): the photo to retake, not the
            # hand to count again
            if diff < 0 and seat in dark and not hint and not hiding:
                en, ja = TOO_DARK
                out.append(Finding(FindingKind.WRONG_COUNT,
                                   f"seat {seat} ({role}): {reading.photo} {en.format(n=n, want=want)}", seats=(seat,), data={"count": n, "expected": sorted(allowed), "retake": "dark"},
                                   message_ja=f"{seat}番席 ({'親' if role == 'dealer' else '子'}): {reading.photo} "
                                              + ja.format(n=n, want='か'.join(str(a) for a in sorted(allowed)))))
                continue
            if hiding:
                hint, hint_ja = hint + hiding[1], hint_ja + hiding[2]
            elif not hint:  # what to do, where no hint says it (the dealer's seat to mark, the photo to retake)
                hint, hint_ja = COUNT_AGAIN[diff < 0]
            out.append(Finding(FindingKind.WRONG_COUNT, f"seat {seat} ({role}) has {n} tiles, expected {want} "
                               f"({what}){hint}", seats=(seat,), data={"count": n, "expected": sorted(allowed),
                                                                      **({"retake": hiding[0]} if hiding else {})},
                               message_ja=f"{seat}番席 ({'親' if role == 'dealer' else '子'}) の牌は{n}枚です。"
                                          f"{'か'.join(str(a) for a in sorted(allowed))}枚のはずです。{what_ja}{hint_ja}"))
    return out


SIDE_JA = {"top": "上", "bottom": "下", "left": "左", "right": "右"}
# What the photo page (``app.components.i18n`` "small_photo", which reads it from here: the app's strings need
# Streamlit, the command line does not) says of a photo whose longest side is under ``SMALL_PHOTO_SIDE``: a chat
# app's copy or a screenshot, not the camera's photo (English, Japanese).
SMALL_PHOTO = ("This photo is only {w}×{h} pixels, too small to read tiles reliably: send the camera's own photo, not "
               "a copy shrunk by a chat app or a screenshot.",
               "写真が小さすぎて ({w}×{h}ピクセル)、牌を確かに読めません。チャットやスクリーンショットで縮んだ写真ではなく、カメラで撮った"
               "元の写真を使ってください。")


def small_photo(reading: SeatReading | None) -> tuple[str, str] | None:
    """What the photo page says of a seat's photo smaller than the reader looks at (``SMALL_PHOTO``), as a finding
    says it (after a colon, no full stop): (English, Japanese); None for a photo of a camera's size (or of a size not
    known: an older report). A small photo reads poorly for want of pixels, not for being dark or blurred.

    >>> small_photo(SeatReading("2", "seat2.jpg", (), image_wh=(160, 120)))[0].split(":")[0]
    'this photo is only 160×120 pixels, too small to read tiles reliably'
    >>> small_photo(SeatReading("2", "seat2.jpg", (), image_wh=(4032, 3024))) is None
    True
    """
    w, h = reading.image_wh if reading is not None else (0, 0)
    if not 0 < max(w, h) < SMALL_PHOTO_SIDE:
        return None
    en, ja = (text.format(w=w, h=h) for text in SMALL_PHOTO)
    return en[:1].lower() + en[1:].rstrip("."), ja.rstrip("。")


# A seat's tiles whose boxes are shorter than this (the median of their long sides, in the pixels read: a photo is read
# at ``vision.READ_SIDE`` at most) are small in the photo: taken from too far away. Said as why a seat reads poorly
# (``poor_photo_finding``), not of every seat: a riichi event's 1280-px photos read a seat of 21-px tiles at 0.65, one
# of 40-px tiles at 0.97, the other seats' 85-230 px at 0.89-0.99. The photo page's note of small tiles
# (``vision.SMALL_TILE_PX``, 50) is a hint of any photo; this names the cause of one that read poorly.
SMALL_TILES_BELOW = 30
# What a seat whose tiles are small in the photo (``small_tiles``) is asked to do (English, Japanese): the retake
# alone (``hiding_tiles`` asks it before counting the hand), and said with its cause, after a colon.
SMALL_TILES_RETAKE = ("retake it closer, the hand filling the frame", "近づいて、手牌が画面いっぱいに入るように撮り直してください")
SMALL_TILES = (f"its tiles are small in the photo (taken from too far away?): {SMALL_TILES_RETAKE[0]}",
               f"写真の中の牌が小さすぎます (遠くから撮りましたか?)。{SMALL_TILES_RETAKE[1]}")


def small_tiles(reading: SeatReading | None) -> int | None:
    """The height of a seat's tiles in its photo, in the pixels read (the median of their boxes' long sides: a hand
    photographed turned too), where it is under ``SMALL_TILES_BELOW`` (tiles small in the photo: taken from too far
    away); None for tiles of a usual size, or too few face up (``POOR_MIN_TILES``) to tell.

    >>> tiles = tuple(TileRef("4", i, "1m", (30.0 * i, 0, 30.0 * i + 16, 21), 0.9) for i in range(13))
    >>> small_tiles(SeatReading("4", "seat4.jpg", tiles)), small_tiles(SeatReading("4", "seat4.jpg", tiles[:3]))
    (21, None)
    """
    faces = reading.faces if reading is not None else ()
    if len(faces) < POOR_MIN_TILES:
        return None
    px = statistics.median(max(t.xyxy[2] - t.xyxy[0], t.xyxy[3] - t.xyxy[1]) for t in faces)
    return round(px) if 0 < px < SMALL_TILES_BELOW else None


def hiding_tiles(reading: SeatReading, missing: int, murky: bool | None = None) -> tuple[str, str, str] | None:
    """Whether a seat's photo, ``missing`` tiles short, shows signs of hiding them (a dark or blurred part, read
    poorly): ("bunched", English, Japanese) where the tiles found run from one edge of the photo (less than a tile's
    room before it) and stop with room for the missing, and two tiles at least, after them (the hand's row goes on in
    a part the reader did not find tiles in); ("poor", ...) where its tiles read with a mean kind confidence below
    ``POOR_BELOW`` (what ``poorly_read_seats`` measures) and a photo measurably dark or blurred (``murky``; None: not
    measured, the confidence alone) or a small one (``small_photo``); None for a photo that reads cleanly: a short
    hand, counted (2026-12-06: a sharp photo of 12 tiles of 13, read at 0.73, was told it might be too dark or
    blurred). A photo of no colour or another game's tiles is not said so: their own findings say why it reads
    poorly."""
    retake, retake_ja = ": retake it before counting the hand", ": 枚数を数える前に撮り直してください"
    if reading.colourless or reading.other_game:
        return None
    tiles, (width, height) = reading.tiles, reading.image_wh
    if tiles and width > 0 and height > 0:
        xs = [(t.xyxy[0] + t.xyxy[2]) / 2 for t in tiles]
        ys = [(t.xyxy[1] + t.xyxy[3]) / 2 for t in tiles]
        axis = 1 if max(ys) - min(ys) > max(xs) - min(xs) else 0  # the row runs down the photo (a hand turned)
        centres = sorted(ys if axis else xs)
        gaps = [b - a for a, b in zip(centres, centres[1:])]
        pitch = statistics.median(gaps) if gaps else statistics.median(t.xyxy[2 + axis] - t.xyxy[axis] for t in tiles)
        before = min(t.xyxy[axis] for t in tiles)
        after = (height if axis else width) - max(t.xyxy[2 + axis] for t in tiles)
        room, edge = max(before, after), min(before, after)
        if pitch > 0 and edge < pitch and room >= max(missing, 2) * pitch:
            at, to = (("top", "bottom") if axis else ("left", "right"))[::1 if before <= after else -1]
            at_ja, to_ja = SIDE_JA[at], SIDE_JA[to]
            n = len(tiles)
            return ("bunched", f"; its photo may be hiding tiles (the {n} found are at its {at}, with room for the "
                    f"{missing} missing to their {to}: a dark or blurred part?){retake}",
                    f"。写真に写っていない牌があるかもしれません (見つかった{n}枚は写真の{at_ja}側にあり、その{to_ja}に"
                    f"足りない{missing}枚が入る余白があります。暗いか、ぼやけた部分がありませんか?){retake_ja}")
    if reading.kind_sure is None or reading.kind_sure >= POOR_BELOW:
        return None
    sure = confidence_said(reading.kind_sure, POOR_BELOW)
    if small_photo(reading):
        # a thumbnail: too few pixels, not dark or blurred (its seat's poor-photo finding says the photo page's words)
        return ("poor", f"; its photo may be hiding tiles (its tiles read with confidence {sure} from a photo of only "
                f"{width}×{height} pixels): send the camera's own photo before counting the hand",
                f"。写真に写っていない牌があるかもしれません (牌を信頼度 {sure} でしか読めていません。"
                f"写真が {width}×{height}ピクセルしかありません): 枚数を数える前に、カメラで撮った元の写真を使ってください")
    if small_tiles(reading):
        # taken from too far away: tiles too small to find or read, not dark or blurred
        return ("poor", f"; its photo may be hiding tiles (its tiles read with confidence {sure} and are small in the "
                f"photo: taken from too far away?): {SMALL_TILES_RETAKE[0]}, before counting the hand",
                f"。写真に写っていない牌があるかもしれません (牌を信頼度 {sure} でしか読めておらず、写真の中の牌が小さすぎます。"
                f"遠くから撮りましたか?): 枚数を数える前に、{SMALL_TILES_RETAKE[1]}")
    if murky is not False:
        return ("poor", f"; its photo may be hiding tiles (its tiles read with confidence {sure}: too dark or "
                f"blurred?){retake}",
                f"。写真に写っていない牌があるかもしれません (牌を信頼度 {sure} でしか読めていません。"
                f"暗すぎるかぼやけているかもしれません){retake_ja}")
    return None


def found_too_few(reading: SeatReading) -> bool:
    """Whether a seat's photo (not the wall's) showed the reader fewer than ``POOR_MIN_TILES`` tiles: a photo too
    dark or blurred to find them in (a deal is 8 tiles or more), not a player short of tiles."""
    return reading.seat != "wall" and len(reading.tiles) < POOR_MIN_TILES


def too_few_findings(readings: dict[str, SeatReading]) -> list[Finding]:
    """A seat photo where no tile, or almost none, was found (``found_too_few``): a photo to retake, an error (the
    seat is not checked), in the place of its count; the few tiles found are not listed to confirm."""
    out = []
    for seat, reading in sorted(readings.items()):
        if not found_too_few(reading):
            continue
        n, photo = len(reading.tiles), reading.photo
        found = "no tiles found" if not n else f"only {n} tile{'s' if n > 1 else ''} found"
        found_ja = "牌が見つかりません" if not n else f"牌が{n}枚しか見つかりません"
        if small := small_photo(reading):  # a thumbnail (a chat app's copy): said so, not "too dark or blurred?"
            out.append(Finding(FindingKind.UNREADABLE_PHOTO, f"{where(seat)}: {found} in {photo}: {small[0]}",
                               seats=(seat,), data={"count": n, "too_few": True, "small": list(reading.image_wh)},
                               message_ja=f"{where_ja(seat)}: {photo} に{found_ja}。{small[1]}"))
            continue
        out.append(Finding(FindingKind.UNREADABLE_PHOTO, f"{where(seat)}: {found} in {photo} (too dark or blurred?): "
                           f"retake it", seats=(seat,), data={"count": n, "too_few": True},
                           message_ja=f"{where_ja(seat)}: {photo} に{found_ja} (暗すぎるかぼやけているかもしれません): "
                                      f"撮り直してください"))
    return out


def face_down_findings(readings: dict[str, SeatReading]) -> list[Finding]:
    """A tile face down in a hand photo cannot be checked."""
    out = []
    for seat, reading in sorted(readings.items()):
        backs = tuple(t for t in reading.tiles if t.is_back)
        if backs:
            out.append(Finding(FindingKind.FACE_DOWN, f"seat {seat}: {len(backs)} tile(s) face down: turn them over "
                               f"and photograph again", seats=(seat,), tiles=backs,
                               message_ja=f"{seat}番席: 裏向きの牌が{len(backs)}枚あります。表にして撮り直してください"))
    return out


def unknown_findings(game: Game, readings: dict[str, SeatReading]) -> list[Finding]:
    """A tile kind that the game's catalog does not hold (a tile of another set, or a wrong model)."""
    ids = set(game.inventory())
    out = []
    for seat, reading in sorted(readings.items()):
        for t in reading.faces:
            if t.kind not in ids:
                out.append(Finding(FindingKind.UNKNOWN_TILE, f"seat {seat}, tile {t.index + 1}: {t.kind!r} is not a "
                                   f"tile of {game.id}", seats=(seat,), tiles=(t,),
                                   message_ja=f"{seat}番席の{t.index + 1}枚目: {quoted_ja(t.kind)}は{game.name_ja}の牌ではありません"))
    return out


def surplus_findings(game: Game, readings: dict[str, SeatReading],
                     min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> list[Finding]:
    """No kind may be read more often across the table than the set holds copies of it. The tiles read least surely
    are named (seat by seat, each seat's left to right) only where read under ``min_confidence``; where every one was
    read at it or more, that is said (each must be looked at), not two of them picked at 0.90. ``readings`` may hold
    the wall (``"wall"``): a wall photographed face up is counted with the hands (said last, as "the wall" / 残りの山);
    one face down has no kinds to count."""
    inventory = game.inventory()
    out = []
    for kind, tiles in sorted(_by_kind(game, readings).items()):
        copies = inventory[kind]
        if len(tiles) > copies:
            red, red_en, red_ja = _red_copies(game, kind)  # a player counts a plain five and its red one alike
            per_seat = Counter(t.seat for t in tiles)
            seats = sorted(per_seat, key=seat_order)  # the wall last
            places = ", ".join(where(s) + (f" x{per_seat[s]}" if per_seat[s] > 1 else "") for s in seats)
            suspects = sorted((t for t in _least_sure(tiles, len(tiles) - copies) if t.confidence < min_confidence),
                              key=lambda t: (*seat_order(t.seat), t.index))
            hint = "; least sure: " + "; ".join(_suspect_text(game, t, min_confidence) for t in suspects) \
                if suspects else ""
            places_ja = "、".join(where_ja(s) + (f"×{per_seat[s]}" if per_seat[s] > 1 else "") for s in seats)
            hint_ja = "。一番信頼度の低い牌: " + "、".join(_suspect_text_ja(game, t, min_confidence) for t in suspects) \
                if suspects else ""
            all_sure = all(t.confidence >= min_confidence for t in tiles)
            if all_sure:  # no tile to single out: each is to look at
                hint = f"; none is unsure (each read at {sure_text(min_confidence)} or more): look at each"
                hint_ja = f"。どれも信頼度 {sure_text(min_confidence)} 以上で読めています。1枚ずつ確かめてください"
            grey = [s for s in seats if readings[s].colourless]  # misread for want of colour, not another set's
            grey_en, grey_ja = seats_said(grey)
            why, why_ja = ("a misread or a tile from another set", "読み違いか、別のセットの牌") if not grey else (
                f"{where(grey[0])}'s photo has no colour: misread" if len(grey) == 1 else
                f"the photos of {grey_en} have no colour: misread", f"{grey_ja}の写真に色がないための読み違い")
            out.append(Finding(
                FindingKind.SURPLUS, f"{_label(game, kind)} read {len(tiles)} times but the set has {copies}{red_en}: "
                f"{places} ({why}){hint}", seats=tuple(seats), tiles=tuple(tiles),
                data={"kind": kind, "count": len(tiles), "copies": copies, **red, "per_seat": dict(per_seat),
                      "least_sure": [[t.seat, t.index] for t in suspects], **({"colourless": grey} if grey else {}),
                      **({"all_sure": sure_text(min_confidence)} if all_sure else {})},
                message_ja=f"{_label(game, kind, ja=True)}を{len(tiles)}枚読みましたが、セットには{copies}枚しかありません"
                           f"{red_ja}: {places_ja} ({why_ja}){hint_ja}"))
    return out


def _by_kind(game: Game, readings: dict[str, SeatReading]) -> dict[str, list[TileRef]]:
    """The face-up tiles of ``readings`` (a face-up wall among them) by kind, as a surplus counts them: the kinds of
    ``game`` alone, each seat's left to right, no seat of another set's tiles (``other_game``: its photo said once,
    ``other_game_findings``; no copies of this set's)."""
    inventory = game.inventory()
    by_kind: dict[str, list[TileRef]] = {}
    for _, reading in sorted(readings.items()):
        if reading.other_game:
            continue
        for t in reading.faces:
            if t.kind in inventory:
                by_kind.setdefault(t.kind, []).append(t)
    return by_kind


def _red_copies(game: Game, kind: str) -> tuple[dict[str, Any], str, str]:
    """The red copies of ``kind`` in ``game`` (``Game.red_of``: a riichi set's 0m beside 5m), as a surplus's ``data``
    holds them (``red``: their id and copies) and as its words say them, by the red tile's own names (" (and 1 Red 5
    Man)", " (ほかに赤五萬が1枚あります)"); nothing where it has none."""
    if (red := game.red_of(kind)) is None:
        return {}, "", ""
    return ({"red": {"kind": red.id, "copies": red.copies}}, f" (and {red.copies} {red.name_en or red.id})",
            f" (ほかに{red.name_ja}が{red.copies}枚あります)")


def _least_sure(tiles: list[TileRef], extra: int) -> list[TileRef]:
    """The ``extra`` tiles read with the lowest confidence, the likeliest misreads among tiles read as one
    kind; none when the reader was no less sure of them than of the tiles it would keep. A game file
    holds at least one copy of each kind, so at least one tile is kept."""
    ranked = sorted(tiles, key=lambda t: t.confidence)
    if ranked[extra - 1].confidence >= ranked[extra].confidence:
        return []
    return ranked[:extra]


# An alternative kind the reader gives less than this is not said: "or Honoka (honoka) 0.00" only adds words. One in
# twenty is a guess worth a look (and still shows as 0.05 at two decimals); below, the reader is as good as sure.
ALTERNATIVE_SHOWN = 0.05


# The next guesses an unsure tile's finding shows (``unsure_findings``): those it may be said to be a copy over the
# set's of (``_over_said``)
UNSURE_GUESSES = 2


def _next_kinds(t: TileRef, n: int) -> list[tuple[str, float]]:
    """The reader's next ``n`` likeliest kinds for ``t`` and their probabilities (none under ``ALTERNATIVE_SHOWN``)."""
    return [(k, p) for k, p in t.alternatives if k != t.kind and p >= ALTERNATIVE_SHOWN][:n]


def _other_kinds(game: Game, t: TileRef, n: int, ja: bool = False) -> list[str]:
    """The reader's next ``n`` likeliest kinds for ``t``, each with its probability (none under
    ``ALTERNATIVE_SHOWN``)."""
    return [f"{_label(game, k, ja)} {p:.2f}" for k, p in _next_kinds(t, n)]


_NTH = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _over_said(game: Game, t: TileRef, held: dict[str, list[TileRef]]) -> tuple[list[dict[str, Any]], str, str]:
    """The next guesses of an unsure tile ``t`` (those its finding shows, ``UNSURE_GUESSES``) of a kind the table holds
    every copy of already (``held``: ``_by_kind``'s): read as one, the table would hold one over the set's copies,
    the first thing to look at. Their ``data`` (kind, the count it would make, the set's copies) and one sentence of
    them (English, Japanese); nothing where there is none.

    >>> game = scorer.load_game("tokyo-mahjong")
    >>> t = TileRef("1", 1, "2z", (0, 0, 1, 1), 0.57, alternatives=(("2z", 0.57), ("1z", 0.24), ("2p", 0.07)))
    >>> said = _over_said(game, t, {"2p": [t] * 4})
    >>> said[1]
    "tile 2 may be 2 Pin (2p): that would be a fifth 2 Pin, one over the set's 4"
    >>> said[2]
    '2枚目は二筒 (2p) かもしれません: 二筒なら5枚になり、セットの4枚より1枚多くなります'
    >>> _over_said(game, t, {"2p": [t] * 3})
    ([], '', '')
    """
    inventory = game.inventory()
    over = [{"kind": k, "count": len(held.get(k, ())) + 1, "copies": inventory[k]}
            for k, _ in _next_kinds(t, UNSURE_GUESSES) if k in inventory and len(held.get(k, ())) >= inventory[k]]
    if not over:
        return [], "", ""
    would, would_ja = [], []
    for o in over:
        n, copies, extra = o["count"], o["copies"], o["count"] - o["copies"]
        red = game.red_of(o["kind"])  # a plain five beside its red one: counted apart, as a surplus counts them
        nth = _NTH[n - 1] if n <= len(_NTH) else ordinal(n)
        nth = f"{'an' if nth.startswith(('e', '8', '11th', '18th')) else 'a'} {nth}"  # an eighth, an 11th
        would.append(f"{nth} {_name(game, o['kind'])}, {'one' if extra == 1 else extra} over the set's {copies}"
                     + (f" (and {red.copies} {red.name_en or red.id})" if red else ""))
        would_ja.append(f"{_name(game, o['kind'], ja=True)}なら{n}枚になり、セットの{copies}枚"
                        + (f" (ほかに{red.name_ja}が{red.copies}枚)" if red else "") + f"より{extra}枚多く")
    place = t.index + 1
    return (over, f"tile {place} may be {' or '.join(_label(game, o['kind']) for o in over)}: that would be "
            + ", or ".join(would),
            f"{place}枚目は{' か'.join(_label(game, o['kind'], ja=True) for o in over)} かもしれません: "
            + "、".join(would_ja) + "なります")


def _suspect_text(game: Game, t: TileRef, below: float | None = None) -> str:
    others = _other_kinds(game, t, 1)
    said = f"{where(t.seat)}, tile {t.index + 1} ({confidence_said(t.confidence, below)}"
    return said + (f"; or {others[0]}" if others else "") + ")"


def _suspect_text_ja(game: Game, t: TileRef, below: float | None = None) -> str:
    others = _other_kinds(game, t, 1, ja=True)
    said = f"{where_ja(t.seat)}の{t.index + 1}枚目 ({confidence_said(t.confidence, below)}"
    return said + (f"、次の候補は {others[0]}" if others else "") + ")"


def unsure_findings(game: Game, readings: dict[str, SeatReading], min_confidence: float) -> list[Finding]:
    """Each tile read with a confidence below ``min_confidence``, for a person to confirm; every tile of a seat whose
    photo reads poorly (``poorly_read_seats``: its tiles misread surely too, 0.87 on a blurred photo), those at or above
    ``min_confidence`` said so (``data`` ``poor_photo``). A tile whose next guess shown is a kind the table holds every
    copy of says so too, after "please confirm" (``_over_said``; ``data`` ``would_be_over``): the copy over the set's it
    may be is the first thing to look at."""
    poor = {s for s, _, _ in poorly_read_seats(readings)}
    held = _by_kind(game, readings)
    out = []
    for seat, reading in sorted(readings.items()):
        if reading.other_game:  # another set's tiles: its photo said once (``other_game_findings``), none to confirm
            continue
        for t in reading.tiles:
            if t.confidence < min_confidence or seat in poor:
                what = "a face-down tile" if t.is_back else _label(game, t.kind)
                others = _other_kinds(game, t, UNSURE_GUESSES)
                hint = f" (or {', '.join(others)})" if others else ""
                what_ja = "裏向きの牌" if t.is_back else _label(game, t.kind, ja=True)
                others_ja = _other_kinds(game, t, UNSURE_GUESSES, ja=True)
                hint_ja = f"、ほかの候補: {'、'.join(others_ja)}" if others_ja else ""  # in the confidence's bracket
                sure = t.confidence >= min_confidence  # listed for its photo, not its confidence
                on, on_ja = (" on a photo that reads poorly", "、読みにくい写真") if sure else ("", "")
                # a next guess of a kind the table holds every copy of: said after "please confirm" (and kept in its
                # ``data``: the seat's one line of many says it too, ``model.grouped``)
                over, over_en, over_ja = _over_said(game, t, held)
                then, then_ja = (": please confirm; ", "確かめてください。") if over else (": please confirm", "確かめてください")
                out.append(Finding(FindingKind.UNSURE_TILE, f"{where(seat)}, tile {t.index + 1}: read as {what} with "
                                   f"confidence {confidence_said(t.confidence, min_confidence)}{on}{hint}{then}"
                                   f"{over_en}", seats=(seat,),
                                   tiles=(t,), data={"confidence": round(t.confidence, 4), **({"poor_photo": True}
                                                                                             if sure else {}),
                                                     **({"would_be_over": over, "over_said": [over_en, over_ja]}
                                                        if over else {})},
                                   message_ja=f"{where_ja(seat)}の{t.index + 1}枚目: {what_ja} と読みました (信頼度 "
                                              f"{confidence_said(t.confidence, min_confidence)}{on_ja}{hint_ja})。"
                                              f"{then_ja}{over_ja}"))
    return out


def _yaku_list(result: Any) -> list[dict[str, Any]]:
    return [{"name": y.name, "name_en": y.name_en, "points": y.points, "han": y.han} for y in result.yaku]


def _yaku_text(yaku: list[dict[str, Any]], ja: bool = False, unit: str = "") -> str:
    """The yaku a hand has, with their worth: ``unit`` after a Donjara yaku's points in Japanese (「基本セット 60点」)."""
    parts = []
    for y in yaku:
        han = (f" {y['han']}翻" if ja else f" {y['han']} han") if y.get("han") else ""
        worth = f" {y['points']}{unit if ja else ''}" if y.get("points") is not None else han
        parts.append(f"{y['name'] if ja else y.get('name_en') or y['name']}{worth}")
    return ("、" if ja else ", ").join(parts) or ("役なし" if ja else "no yaku")


def _wait_worth(wait: dict[str, Any], ja: bool = False, unit: str = "") -> str:
    """What a win on ``wait`` is worth, then its ``note``: 「アンサンブルセット (キュート) 42万、ツモのみ: 捨てられた
    オールマイティではロンできません」 (an Almighty won by tsumo only is worth its yaku as an idol is). A wait that is
    chombo to win on (Nogizaka) is left out of the waits said (``_chombo_wait``); a noted one of no yaku is its note
    alone."""
    note = (wait.get("note_ja") or wait.get("note", "")) if ja else wait.get("note", "")
    if note and not wait.get("yaku"):
        return note
    worth = _yaku_text(wait["yaku"], ja, unit)
    return f"{worth}{'、' if ja else ', '}{note}" if note else worth


def _unit_ja(game: Game) -> str:
    """What follows a Donjara yaku's points in Japanese: the game's unit (点, 万); none for a riichi game."""
    if game.engine != "donjara":
        return ""
    from scorer.rules import donjara_rules

    return donjara_rules(game).payout.currency_ja


def _wait_said(game: Game, wait: dict[str, Any], ja: bool = False) -> str:
    """A wait and what a win on it is worth: "Marika (marika) (Basic set 60)"; in Japanese in one bracket,
    「まりか (marika、基本セット 60点)」 (「まりか (marika) (基本セット 60)」 read as two asides)."""
    label = _label(game, wait["tile"], ja)
    if not ja:
        return f"{label} ({_wait_worth(wait)})"
    worth = _wait_worth(wait, True, _unit_ja(game))
    return f"{label[:-1]}、{worth})" if label.endswith(")") else f"{label} ({worth})"


def seat_wind(game: Game, seating: Seating, seat: str, count: int) -> str | None:
    """A riichi seat's wind as dealt: the dealer is east, the seats after it south, west, north in the
    order of their numbers; with the dealer not said, a hand of the dealer's deal size is the dealer's.
    None for a Donjara game, or where it cannot be known."""
    if game.engine != "riichi":
        return None
    if seating.dealer is None or seating.dealer not in seating.seats:
        if seating.dealer_claims and seat not in seating.dealer_claims:
            return None
        return "east" if count == game.deal_sizes[0] != game.deal_sizes[1] else None
    i, d = seating.seats.index(seat), seating.seats.index(seating.dealer)
    return list(Wind)[(i - d) % len(seating.seats)].value  # the seat order: east deals


def _waits_of(game: Game, kinds: list[str], wind: str | None = None) -> list[dict[str, Any]]:
    """The winning tiles of a hand one tile short, each with its best yaku (``wind``: a riichi seat's)."""
    out = []
    for w in scorer.waits(game, kinds, **({"seat": wind} if wind else {})):
        tile = getattr(w, "tile", None) or getattr(w, "tile_id", None) or str(w)
        # Donjara waits carry one ``result``; riichi waits a ``ron`` and a ``tsumo`` (ron is the lower bound)
        result = next((r for r in (getattr(w, a, None) for a in ("result", "ron", "tsumo")) if r is not None), None)
        if result is not None:
            yaku = _yaku_list(result)
        else:  # a Donjara wait names its one best yaku
            hits = getattr(w, "yaku", ())
            hits = hits if isinstance(hits, (tuple, list)) else (hits,)
            yaku = [{"name": y.name, "name_en": y.name_en, "points": y.points, "han": y.han} for y in hits]
        wait = {"tile": str(tile), "yaku": yaku}
        if getattr(w, "note", ""):  # a Donjara win on it that is no win (an Almighty: chombo in Nogizaka)
            wait.update(note=w.note, note_ja=getattr(w, "note_ja", "") or w.note)
        out.append(wait)
    return out


def deal_analysis(game: Game, kinds: list[str], wind: str | None = None) -> dict[str, Any] | None:
    """``{"tiles_from_win": 0, "yaku": [...]}`` for a hand winning as dealt, ``{"tiles_from_win": 1,
    "waits": [...]}`` (``"discards"`` for a hand that must discard first) one tile away, else None.
    ``wind``: a riichi seat's wind (``seat_wind``); the dealer's hand winning as dealt is a tenhou."""
    away = scorer.tiles_from_win(game, kinds)
    if away == 0 and len(kinds) == game.hand_size:
        dealt = {"seat": wind, "win": "tsumo", "tenhou": wind == "east"} if wind else {}
        return {"tiles_from_win": 0, "yaku": _yaku_list(scorer.score(game, kinds, **dealt))}
    if away != 1:
        return None
    if len(kinds) == game.hand_size - 1:
        return {"tiles_from_win": 1, "waits": _waits_of(game, kinds, wind)}
    discards = []
    for kind in sorted(set(kinds)):
        rest = list(kinds)
        rest.remove(kind)
        if scorer.tiles_from_win(game, rest) == 1:
            discards.append({"discard": kind, "waits": _waits_of(game, rest, wind)})
    return {"tiles_from_win": 1, "discards": discards}


def riichi_exempt(game: Game) -> bool:
    """True when the game lets a hand one tile from winning as dealt win without a riichi (Yokai Watch)."""
    win = game.rules.get("win", {})
    return bool(isinstance(win, dict) and win.get("dealt_tenpai_exempt"))


def _chombo_wait(game: Game, wait: dict[str, Any]) -> bool:
    """A wait on an Almighty that the game makes a chombo to win on (Nogizaka): it completes the shape, but is no
    tile to win on."""
    if game.engine == "riichi" or not wait.get("note"):
        return False
    from scorer.rules import ChomboCase, donjara_rules

    try:
        almighty = game.tile(wait["tile"]).almighty
    except TilelensInputError:
        return False
    return almighty and ChomboCase.WIN_ON_ALMIGHTY in donjara_rules(game).chombo.cases


def _but_almighty(chombo: list[dict[str, Any]], ja: bool) -> str:
    """What is said of the Almighty waits that are chombo to win on, after the waits one may win on: once, in the
    scorer's words of the rule ("winning on an Almighty is chombo")."""
    note = chombo[0]["note_ja"] if ja else chombo[0]["note"]
    return (f"オールマイティでも形はできますが、{note}です" if ja
            else f"an Almighty also completes the hand, but {note}")


# The most waits a hand one tile from winning names; the rest are counted ("… and 40 more"). Riichi's widest common
# wait (nine tiles) is said whole; a Donjara hand of two Almighty tiles waits on every idol (70 of Cinderella Girls').
WAITS_SHOWN = 9


def _some(names: list[str], sep: str, ja: bool) -> str:
    """``names`` joined by ``sep``, the first ``WAITS_SHOWN`` of a longer list and how many more."""
    if len(names) <= WAITS_SHOWN:
        return sep.join(names)
    more = len(names) - WAITS_SHOWN
    return sep.join(names[:WAITS_SHOWN]) + (f" … ほか{more}種" if ja else f" … and {more} more")


def _tenpai_text(game: Game, seat: str, analysis: dict[str, Any], ja: bool = False) -> str:
    """A hand one tile from winning as dealt: its waits, or each discard and the waits after it. An Almighty that is
    chombo to win on (Nogizaka) is no wait: left out of the list, and said once after it (it read as a wait, and its
    note as one for every wait: 「琴子、グリーンオールマイティ、神オールマイティ待ち (オールマイティで上がるとチョンボ)」)."""
    head = f"{seat}番席は配牌でテンパイです: " if ja else f"seat {seat} is one tile from winning as dealt: "
    sep = "、" if ja else "; "
    if "waits" in analysis:
        chombo = [w for w in analysis["waits"] if _chombo_wait(game, w)]
        legal = [w for w in analysis["waits"] if not _chombo_wait(game, w)]
        waits = _some([_wait_said(game, w, ja) for w in legal], sep, ja)
        if legal:
            text = head + ("待ちは" if ja else "waits on ") + waits
            if chombo:
                text += f"。{_but_almighty(chombo, ja)}" if ja else f" ({_but_almighty(chombo, ja)})"
        elif chombo:
            text = head + (f"待ちはオールマイティだけで、{chombo[0]['note_ja']}です" if ja
                           else f"the only waits are Almighty tiles, and {chombo[0]['note']}")
        else:
            text = head + ("待ちは ?" if ja else "waits on ?")
    else:
        def option(d: dict[str, Any]) -> str:
            discard = _label(game, d["discard"], ja)
            chombo = [w for w in d["waits"] if _chombo_wait(game, w)]
            legal = [_label(game, w["tile"], ja) for w in d["waits"] if not _chombo_wait(game, w)]
            # each other note of its waits once, after them: the scorer's words ("tsumo only: ...")
            notes = "".join(f" ({n})" for n in dict.fromkeys((ja and w.get("note_ja")) or w["note"]
                                                               for w in d["waits"]
                                                               if w.get("note") and not _chombo_wait(game, w)))
            if chombo:
                notes += f" ({_but_almighty(chombo, ja)})" if legal else ""
            if not legal:  # only an Almighty completes it: no tile to win on
                return (f"{discard} を切ると、待ちはオールマイティだけです ({chombo[0]['note_ja']})" if ja
                        else f"discard {discard} -> only an Almighty completes the hand ({chombo[0]['note']})")
            return (f"{discard} を切って{_some(legal, '、', ja)} 待ち{notes}" if ja
                    else f"discard {discard} -> wait on {_some(legal, ', ', ja)}{notes}")
        text = head + (sep.join(option(d) for d in analysis["discards"]) or "?")
    if not riichi_exempt(game):
        return text
    return text + ("。リーチなしで上がれます" if ja else " (may win without a riichi)")


def deal_findings(game: Game, seating: Seating, readings: dict[str, SeatReading]) -> list[Finding]:
    """Hands already winning, or one tile from winning, as dealt (only for hands read cleanly: not of a seat whose
    photo reads poorly, ``poorly_read_seats``, or shows another game's tiles; 2026-12-06: a blurred seat's misread
    Almighty tiles made every idol a wait, a note of 2,838 characters)."""
    ids = set(game.inventory())
    poor = {s for s, _, _ in poorly_read_seats(readings)}
    out = []
    for seat, reading in sorted(readings.items()):
        kinds = [t.kind for t in reading.tiles]
        # a photo of no colour, or of another game's tiles, or read poorly is read too poorly to announce its hand
        clean = len(reading.faces) == len(kinds) and all(k in ids for k in kinds) and not reading.colourless \
            and not reading.other_game and seat not in poor
        if not clean or len(kinds) not in expected_count(game, seating, seat):
            continue
        try:
            analysis = deal_analysis(game, kinds, seat_wind(game, seating, seat, len(kinds)))
        except TilelensInputError:
            continue  # an impossible hand (e.g. a surplus) is reported by the other rules
        if analysis is None:
            continue
        if analysis["tiles_from_win"] == 0:
            out.append(Finding(FindingKind.WINNING_AS_DEALT, f"seat {seat} holds a winning hand as dealt: "
                               f"{_yaku_text(analysis['yaku'])}", seats=(seat,), tiles=reading.tiles, data=analysis,
                               message_ja=f"{seat}番席は配牌で上がっています: "
                                          f"{_yaku_text(analysis['yaku'], True, _unit_ja(game))}"))
        else:
            out.append(Finding(FindingKind.TENPAI_AS_DEALT, _tenpai_text(game, seat, analysis), seats=(seat,),
                               tiles=reading.tiles, data=analysis, message_ja=_tenpai_text(game, seat, analysis, ja=True)))
    return out


def wall_findings(game: Game, seating: Seating, readings: dict[str, SeatReading],
                  wall: SeatReading | None) -> list[Finding]:
    """With a photo of the wall, the tiles in hands plus the wall must make the whole set."""
    if wall is None or set(readings) != set(seating.seats) or any(map(found_too_few, readings.values())):
        return []  # no wall photo, or a seat unread (or too few of its tiles found): the total cannot be known
    in_hands = sum(len(r.tiles) for r in readings.values())
    total = in_hands + len(wall.tiles)
    if total == game.total_tiles:
        return []
    diff = total - game.total_tiles
    what = f"{diff} too many" if diff > 0 else f"{-diff} missing"
    what_ja = f"{diff}枚多すぎます" if diff > 0 else f"{-diff}枚足りません"  # a sentence: no bracket to wrap alone
    return [Finding(FindingKind.WALL_COUNT, f"wall has {len(wall.tiles)} tiles; with the {in_hands} in hands the "
                    f"table holds {total}, the set has {game.total_tiles} ({what})", seats=("wall",),
                    data={"wall": len(wall.tiles), "in_hands": in_hands, "set": game.total_tiles},
                    message_ja=f"残りの山は{len(wall.tiles)}枚で、手牌の{in_hands}枚と合わせて{total}枚です。"
                               f"セットは{game.total_tiles}枚です。{what_ja}")]


# What a finding of tiles of another game asks: the check's own words (``tilelens check``), (English, Japanese);
# the app, which asks of its game chosen, passes its own.
# The Japanese ends without "?": the lines join findings with "。" (never "?。").
GAME_HINT = ("was the event checked with the right --game?", "正しい --game でチェックしたか確かめてください")

# What a table of most seats of one other game's tiles asks beside ``GAME_HINT``: the game to check it with (English,
# Japanese; ``{game}`` its id); the app, which asks of its game chosen, passes its own (``{name}``, ``{name_ja}``).
GAME_SWITCH = ("check the event with --game {game}", "--game {game} でチェックし直してください")
# The findings a table of the wrong game's tiles holds back (``wrong_game``): they are worked out from tiles named by
# the wrong game's model (counts, surplus, tiles to confirm, dealt hands), not from the tiles on the table.
HELD_BACK = frozenset({FindingKind.WRONG_COUNT, FindingKind.SURPLUS, FindingKind.UNSURE_TILE, FindingKind.UNKNOWN_TILE,
                       FindingKind.WINNING_AS_DEALT, FindingKind.TENPAI_AS_DEALT, FindingKind.WALL_COUNT,
                       FindingKind.NO_DEALER, FindingKind.DEALER_TAKEN, FindingKind.POOR_PHOTO})


def game_share(n: int, seats: int) -> str:
    """How much of a table's ``seats`` read (not the wall) ``n`` seats of another game's tiles are: "most" (more than
    half, two or more: the table was checked with the wrong game, ``wrong_game``), "half" (exactly half, two or more:
    which game's set it is, is unsure), "" (fewer: those photos). The one rule of ``wrong_game`` and
    ``other_game_findings``.

    >>> [game_share(n, 4) for n in range(5)]
    ['', '', 'half', 'most', 'most']
    """
    if n < 2:
        return ""
    return "most" if 2 * n > seats else "half" if 2 * n == seats else ""


def table_game(readings: dict[str, SeatReading]) -> tuple[str, tuple[str, ...], str]:
    """The other game the most of a table's seats read (not the wall) look like, those seats, and their share
    (``game_share``): each flagged ``other_game`` with that ``looks_like``, or read surer as it than as its own by
    ``LIKELIER_MARGIN`` or more (``SeatReading.likelier``); ("", (), "") where they are under half.

    >>> r = {s: SeatReading(s, f"seat{s}.jpg", (), likelier="yokai-watch" if s in "12" else "") for s in "1234"}
    >>> table_game(r)
    ('yokai-watch', ('1', '2'), 'half')
    """
    seats = sorted((s for s in readings if s != "wall"), key=lambda s: (len(s), s))
    votes: dict[str, list[str]] = {}
    for s in seats:
        r = readings[s]
        if like := (r.looks_like if r.other_game else "") or r.likelier:
            votes.setdefault(like, []).append(s)
    like, who = max(votes.items(), key=lambda kv: len(kv[1]), default=("", []))
    if share := game_share(len(who), len(seats)):
        return like, tuple(who), share
    return "", (), ""


def wrong_game(readings: dict[str, SeatReading]) -> tuple[str, tuple[str, ...]]:
    """The other game most of a table's seats read look like, and those seats (``table_game``: more than half the
    seats read, two or more); ("", ()) where no game is. Then the table was checked with the wrong game: its counts
    and tiles to confirm are of misread tiles (``HELD_BACK``). At exactly half, which game's set it is, is unsure
    (``other_game_findings`` says so): none held back.

    >>> r = {s: SeatReading(s, f"seat{s}.jpg", (), likelier="yokai-watch" if s != "4" else "") for s in "1234"}
    >>> wrong_game(r)
    ('yokai-watch', ('1', '2', '3'))
    >>> wrong_game({s: r[s] for s in "34"})
    ('', ())
    """
    like, who, share = table_game(readings)
    return (like, who) if share == "most" else ("", ())


def switch_said(like: str, switch: tuple[str, str] = GAME_SWITCH) -> tuple[str, str]:
    """``switch`` (``GAME_SWITCH`` or the app's) filled in for the game ``like`` (its id), (English, Japanese)."""
    en, ja = _game_names(like)
    return switch[0].format(game=like, name=en), switch[1].format(game=like, name=en, name_ja=ja)


# A seat read far less surely than the other seats of its table (a photo of another set's tiles that its game's
# classifier still reads above ``vision.recognizer.OTHER_GAME_BELOW``, or a poor photo): its mean kind confidence is
# below POOR_BELOW and POOR_GAP or more below the median of the table's other seats (two or more, each of
# POOR_MIN_TILES face-up tiles or more). Set before measuring: see the model card.
POOR_BELOW = 0.80
POOR_GAP = 0.12
POOR_MIN_TILES = 4
# A seat not flagged ``other_game`` is read surer as another game (``SeatReading.likelier``, ``reading.likelier_game``:
# a vote in ``table_game``; half a table's seats or more so, another game's table) only where that game's classifier
# reads its tiles LIKELIER_MARGIN or more surer than its own game's did. One seat alone (fewer than half so) needs
# LONE_LIKELIER_GAP more on top (0.05 in all: ``runner._lone_likelier`` asks again over its mean kind confidence raised
# by it) to be said to show another set's tiles. Measured (2026-12-06/07): clean seats of their own game read surer
# as another by +0.022 at most (5 of 51 rendered Yokai Watch seats as Nogizaka, +0.001 to +0.022: without a margin a
# table of four such was called Nogizaka's; other games' seats and real riichi photos none above 0); another set's
# photo by +0.086 (a Nogizaka photo at a Tokyo Mahjong seat) and +0.458 (one at a Yokai Watch seat); the 51 Yokai Watch
# seats checked as Nogizaka: 22 flagged, 22 read surer as Yokai Watch by +0.047 to +0.20, 1 by +0.024 (no vote).
LIKELIER_MARGIN = 0.04
LONE_LIKELIER_GAP = 0.01
# A seat alone read surer as another game by FAULT_LIKELIER_MARGIN or more (under the lone seat's 0.05), where the
# table's counts fail on it (``faulted_on``), may show another set's tiles: said so and not counted
# (``runner._faulted_likelier``), its misreads' surplus not put on the seats read cleanly. Measured (2026-12-07): a
# Yokai Watch photo at a Nogizaka seat read +0.036 surer as Yokai Watch, its misreads a Minami surplus put on two
# correct seats; 2 of 56 rendered Yokai Watch photos at a Nogizaka seat +0.043 and +0.050, under
# the lone margin. Clean seats at most +0.022 (above); in 189 rendered tables of the three Donjara games (clean, a
# genuine extra copy, another game's seat planted) the 202 clean seats a count or surplus was put on at most -0.029.
FAULT_LIKELIER_MARGIN = 0.03


def faulted_on(game: Game, seating: Seating, readings: dict[str, SeatReading], wall: SeatReading | None = None,
               findings: list[Finding] | None = None) -> frozenset[str]:
    """The seats (not flagged ``other_game``) whose leaving out clears a fault of their table's counts
    (``check_readings``' ``findings``, checked here where not given, with the table's face-up ``wall`` as the check
    counts it: a surplus may show only with the wall's tiles): a seat whose own count is wrong, or one holding so many
    of a kind read beyond its copies that without them it is not (``SURPLUS``'s ``per_seat``; the wall is never
    one)."""
    out = set()
    for f in check_readings(game, seating, readings, wall) if findings is None else findings:
        if f.kind == FindingKind.WRONG_COUNT:
            out.update(f.seats)
        elif f.kind == FindingKind.SURPLUS:
            over = int(f.data.get("count", 0)) - int(f.data.get("copies", 0))
            out.update(s for s, n in (f.data.get("per_seat") or {}).items() if n >= over)
    return frozenset(s for s in out if s in readings and not readings[s].other_game)


def _game_names(game_id: str) -> tuple[str, str]:
    """A game's English and Japanese names (its id where it cannot be loaded)."""
    try:
        game = scorer.load_game(game_id)
    except TilelensInputError:
        return game_id, game_id
    return game.name_en, game.name_ja


def poorly_read_seats(readings: dict[str, SeatReading]) -> list[tuple[str, float, float]]:
    """The seats (not the wall, not flagged ``other_game`` already) read far less surely than the other seats of
    their table: (seat, its mean kind confidence, the median of the others'), by ``POOR_BELOW`` and ``POOR_GAP``.
    Seats whose mean kind confidence is not known (``SeatReading.kind_sure`` None) are not compared, nor seats whose
    photo has no colour (``colourless_findings`` says why they read poorly)."""
    sure = {s: r.kind_sure for s, r in readings.items()
            if s != "wall" and r.kind_sure is not None and len(r.faces) >= POOR_MIN_TILES and not r.colourless}
    out = []
    for seat in sorted(sure, key=lambda s: (len(s), s)):
        others = [v for s, v in sure.items() if s != seat]
        if len(others) < 2 or readings[seat].other_game:
            continue
        median = float(statistics.median(others))
        if sure[seat] < POOR_BELOW and median - sure[seat] > POOR_GAP - 1e-9:
            out.append((seat, sure[seat], median))
    return out


def poor_photo_finding(seat: str, sure: float, median: float, reading: SeatReading | None = None) -> Finding:
    """A seat read far less surely than its table (``poorly_read_seats``) whose tiles look like no other game's; its
    photo (``reading``) a small one (``small_photo``), or its tiles small in it (``small_tiles``: taken from too far
    away): said so, not "retake it (sharp, well lit)"."""
    data: dict[str, Any] = {"kind_sure": round(sure, 4), "table_median": round(median, 4)}
    if small := small_photo(reading):  # the same order as ``hiding_tiles``: a small photo, then small tiles in it
        (en, ja), data = small, {**data, "small": list(reading.image_wh)}  # type: ignore[union-attr]
    elif px := small_tiles(reading):
        (en, ja), data = SMALL_TILES, {**data, "tile_px": px}
    else:
        en, ja = "retake it (sharp, well lit, tiles face up)", "ピントと明るさを確かめて、牌を表向きにして撮り直してください"
    return Finding(FindingKind.POOR_PHOTO, f"{where(seat)}: this photo reads poorly next to the table's other seats "
                   f"(confidence {confidence_said(sure, POOR_BELOW)}, the others {confidence_said(median)}): {en}",
                   seats=(seat,), data=data,
                   message_ja=f"{where_ja(seat)}: この写真はほかの席よりうまく読めません (信頼度 "
                              f"{confidence_said(sure, POOR_BELOW)}、ほかの席は {confidence_said(median)})。{ja}")


def colourless_findings(readings: dict[str, SeatReading]) -> list[Finding]:
    """The seats whose photo has no colour (``SeatReading.colourless``: grey, a phone's mono or black-and-white
    filter): tiles are told apart partly by colour, so theirs are misread (what ``tilelens read`` and the app say of
    such a photo). One finding of them all, a photo to retake (``POOR_PHOTO``), with ``data`` ``{"colourless": True}``;
    ahead of the surplus their misreads make (``surplus_findings`` puts it down to them)."""
    grey = [s for s in sorted(readings, key=seat_order) if readings[s].colourless]
    if not grey:
        return []
    one = len(grey) == 1
    who, who_ja = seats_said(grey)
    return [Finding(FindingKind.POOR_PHOTO, f"{who}: {'this photo has' if one else 'these photos have'} no colour (grey: "
                    f"a phone's mono or black-and-white filter?): tiles are told apart partly by colour, so many are "
                    f"misread: photograph {'it' if one else 'them'} in colour", seats=tuple(grey),
                    data={"colourless": True},
                    message_ja=f"{who_ja}: 写真に色がありません (白黒のフィルター?)。牌は色でも見分けるので、多くを読み違えます。"
                               f"カラーで撮り直してください")]


def _looks_listed(looks: dict[str, str], names: dict[str, tuple[str, str]]) -> tuple[str, str]:
    """Each seat's own look, where told (``looks``: seat -> game, "" untold), in words with no brackets around them:
    a game's name may hold its own ("seat 3's look like Nogizaka Donjara (fan-made)'s, seat 4's like Yokai Watch
    Donjara's").

    >>> _looks_listed({"3": "a", "4": "", "5": "b"}, {"a": ("A (x)", "甲"), "b": ("B", "乙")})
    ("seat 3's look like A (x)'s, seat 5's like B's", '3番席は甲、5番席は乙の牌に見えます')
    """
    told = [(s, g) for s, g in looks.items() if g]
    en = ", ".join(f"{where(s)}'s {'look ' * (i == 0)}like {owned(names[g][0])}" for i, (s, g) in enumerate(told))
    return en, "、".join(f"{where_ja(s)}は{names[g][1]}" for s, g in told) + "の牌に見えます"


def other_game_findings(game: Game, readings: dict[str, SeatReading],
                        hint: tuple[str, str] = GAME_HINT, held_back: int = -1,
                        switch: tuple[str, str] = GAME_SWITCH, blurred: frozenset[str] = frozenset(),
                        possibly: frozenset[str] = frozenset()) -> list[Finding]:
    """The seats whose tiles do not look like ``game``'s (``SeatReading.other_game``), each said with the game they
    look like where the reader could tell (``looks_like``) and ``hint``, what to ask (the right ``--game``?); where
    half the seats read or more (two or more: ``game_share``, the rule of ``wrong_game`` too) say so, one finding of
    the table in their place, ahead of the errors that follow (a wall of counts and duplicates: tiles named by the
    wrong game's model). ``data`` holds the games, ids and names (``model.other_game_event`` tells the event of them).
    ``held_back`` (0 or more: the table is of the wrong game, ``wrong_game``): the table's finding says which game to
    check it with (``switch``) and that its counts and tiles to confirm, that many findings, are held back
    (``held_back_said``). At exactly half, which game's set it is, is unsure: the finding names both games and what to
    do if it is either's (``switch``; retake the photos), ``data`` ``unsure_game``, and holds nothing back.
    ``blurred``: the seats whose photos are measurably blurred (``runner._blurred``); a seat's own finding says the
    blur first (blurred tiles look like no set's), another set after it, ``data`` ``blurry``. ``possibly``: the seats
    read only a little surer as another game, flagged because the table's counts fail on them
    (``runner._faulted_likelier``): a seat's own finding says they may show another set's tiles, ``data``
    ``possibly``, kept beside a table's finding: they are no vote in its share (``game_share``), which a photo that only
    may show another set's tiles cannot tip."""
    flagged = [s for s in sorted(readings, key=lambda s: (s == "wall", s)) if readings[s].other_game]
    if not flagged:
        return []
    game_en, game_ja = game.name_en, game.name_ja
    looks = {s: readings[s].looks_like for s in flagged}
    names = {g: _game_names(g) for g in set(looks.values()) if g}

    def said(like: str, who: str, who_ja: str) -> tuple[str, str]:
        if like:
            return (f"{who}: these tiles look like {owned(names[like][0])}, not {owned(game_en)}: {hint[0]}",
                    f"{who_ja}: この牌は{game_ja}ではなく{names[like][1]}の牌に見えます: {hint[1]}")
        return (f"{who}: these tiles do not look like {owned(game_en)}: {hint[0]}",
                f"{who_ja}: この牌は{game_ja}の牌に見えません: {hint[1]}")

    def seat_said(like: str, s: str) -> tuple[str, str]:
        if like:
            # the game's name not in brackets: it may hold its own ("Tokyo Mahjong (riichi)'s")
            return (f"{where(s)}'s photo shows another set's tiles, which look like {owned(names[like][0])}: retake "
                    f"it, or another set is at this table",
                    f"{where_ja(s)}の写真は別のセットの牌です。{names[like][1]}の牌に見えます。撮り直すか、この卓に"
                    f"別のセットが混じっていないか確かめてください")
        return (f"{where(s)}'s photo shows tiles that do not look like {owned(game_en)}: retake it, or another set "
                f"is at this table",
                f"{where_ja(s)}の写真の牌は{game_ja}の牌に見えません: 撮り直すか、この卓に別のセットが混じっていないか"
                f"確かめてください")

    def data(like: str, **more: Any) -> dict[str, Any]:
        en, ja = names.get(like, ("", ""))
        return {"game": game.id, "game_en": game_en, "game_ja": game_ja, "looks_like": like, "looks_like_en": en,
                "looks_like_ja": ja, "hint": hint[0], "hint_ja": hint[1], **more}

    # a seat that only may show another set's tiles keeps its own finding, and is no vote in the table's share
    maybe = [s for s in flagged if s in possibly and looks[s]]
    own = [_possibly_found(s, names[looks[s]], data(looks[s], possibly=True)) for s in maybe]
    sure = [s for s in flagged if s not in maybe]
    sure_looks = {s: looks[s] for s in sure}
    # half the seats or more (two of four: the walker's Yokai Watch tables checked as Nogizaka read the other two at
    # about 0.90, since read surer as Yokai Watch: ``likelier``): the table's one finding, asking for the game
    seats = [s for s in readings if s != "wall"]
    share = "most" if held_back >= 0 else game_share(len([s for s in sure if s != "wall"]), len(seats))
    if share == "half":
        rest = {s: r for s, r in readings.items() if s not in maybe}  # "but seat 3's look like ...": not theirs
        return [_unsure_game(game, rest, sure, sure_looks, names, hint, switch, data), *own]
    if share:
        alike = set(sure_looks.values())
        like = alike.pop() if len(alike) == 1 else ""
        en, ja = said(like, _seats_text(sure), "、".join(where_ja(s) for s in sure))
        if not like and any(sure_looks.values()):  # each seat's own look, where told
            each, each_ja = _looks_listed(sure_looks, names)
            en = en.replace(f": {hint[0]}", f": {each}: {hint[0]}")
            ja = ja.replace(f": {hint[1]}", f"。{each_ja}: {hint[1]}")
        more: dict[str, Any] = {}
        if held_back >= 0 and like:  # one game the seats look like: the one to check the table with
            to, to_ja = switch_said(like, switch)
            more = {"switch": to, "switch_ja": to_ja}
            en += f" {to[:1].upper()}{to[1:]}"
            ja += f"。{to_ja}"
        found = Finding(FindingKind.OTHER_GAME, en, seats=tuple(sure), data=data(like, seats=sure_looks, **more),
                        message_ja=ja)
        # the wrong game, whichever game it looks like: its ``data`` says how many findings it holds back, which the
        # seats' CSV and a re-judging read (``seats_csv.wrong_game_table``, ``runner._rejudged``)
        return [held_back_said(found, held_back) if held_back >= 0 else found, *own]
    out = []
    for s in flagged:  # a minority of seats: that photo (or another set at the table), not --game
        if s in maybe:
            out.append(own[maybe.index(s)])
            continue
        if s in blurred:
            en, ja = _blurred_said(s, names[looks[s]] if looks[s] else (), game_en, game_ja)
            out.append(Finding(FindingKind.OTHER_GAME, en, seats=(s,), data=data(looks[s], blurry=True),
                               message_ja=ja))
            continue
        en, ja = seat_said(looks[s], s)
        out.append(Finding(FindingKind.OTHER_GAME, en, seats=(s,), data=data(looks[s]), message_ja=ja))
    return out


def _possibly_found(seat: str, like: tuple[str, str], data: dict[str, Any]) -> Finding:
    """A seat read only a little surer as another game (``like``: its names, English and Japanese) whose tiles the
    table's counts fail on (``FAULT_LIKELIER_MARGIN``): its finding that it may show another set's tiles."""
    return Finding(FindingKind.OTHER_GAME,
                   f"{where(seat)}'s photo may show another set's tiles: they read a little surer as {owned(like[0])}, "
                   f"and the table's tile counts are wrong only with them: retake it, or another set is at this table",
                   seats=(seat,), data=data,
                   message_ja=f"{where_ja(seat)}の写真は別のセットの牌かもしれません。{like[1]}の牌にやや近く、卓の枚数の"
                              f"誤りはこの席の牌があるときだけです。撮り直すか、この卓に別のセットが混じっていないか確かめて"
                              f"ください")


def _blurred_said(seat: str, like: tuple[str, ...], game_en: str, game_ja: str) -> tuple[str, str]:
    """A seat's photo, blurred, whose tiles do not look like the game's (``like``: the names of the game they look
    like, English and Japanese, where the reader could tell): the blur first, another set after it (English,
    Japanese)."""
    seen, again = ((f"these look like {owned(like[0])}", "do too") if like
                   else (f"these do not look like {owned(game_en)}", "do not either"))
    seen_ja = f"{like[1]}の牌に見えます" if like else f"{game_ja}の牌に見えません"
    return (f"{where(seat)}'s photo is blurred: retake it in focus (blurred tiles are misread: {seen}; if a sharp "
            f"photo's {again}, another set is at this table)",
            f"{where_ja(seat)}の写真がぼやけています: ピントを合わせて撮り直してください (ぼやけた牌は読み違えます。"
            f"{seen_ja}。撮り直しても同じなら、この卓に別のセットが混じっていないか確かめてください)")


# What the wrong game's table finding adds where it holds findings back (``held_back_said``), (English, Japanese).
HELD_BACK_SAID = ("; its tile counts, tiles to confirm and dealt hands are not said: they would be worked out from "
                  "misread tiles", "。枚数、確かめる牌、配牌の判定は読み違えた牌から出すことになるので、出していません")


def held_back_said(found: Finding, held_back: int) -> Finding:
    """The wrong game's table finding (``other_game_findings``, its ``data`` holding ``held_back``) saying it holds
    ``held_back`` findings back: its words say so where it holds any (``HELD_BACK_SAID``), not where it holds none;
    the same finding re-judged at another threshold (``runner._rejudged``) says the count of then."""
    en, ja = found.message.replace(HELD_BACK_SAID[0], ""), found.message_ja.replace(HELD_BACK_SAID[1], "")
    if held_back:
        en, ja = en + HELD_BACK_SAID[0], ja + HELD_BACK_SAID[1]
    return dataclasses.replace(found, message=en, message_ja=ja, data={**found.data, "held_back": held_back})


def _unsure_game(game: Game, readings: dict[str, SeatReading], flagged: list[str], looks: dict[str, str],
                 names: dict[str, tuple[str, str]], hint: tuple[str, str], switch: tuple[str, str],
                 data: Any) -> Finding:
    """The table's one finding where exactly half its seats read (``game_share``) are ``flagged`` another game's
    tiles: which game's set it is, is unsure. It names both games (the one the flagged seats look like, where they
    look like one) and what to do in either case: check with the other game (``switch``), or retake the flagged
    seats' photos (another set at the table?). Nothing is held back: if the set is ``game``'s, the other seats'
    findings hold."""
    en_g, ja_g = game.name_en, game.name_ja
    rest = [s for s in sorted(readings, key=lambda s: (len(s), s)) if s != "wall" and s not in flagged]
    who, who_ja = _seats_text(flagged), "、".join(where_ja(s) for s in flagged)
    rest_en, rest_ja = _seats_text(rest), "、".join(where_ja(s) for s in rest)
    alike = set(looks.values())
    like = next(iter(alike)) if len(alike) == 1 else ""
    if like:
        en_l, ja_l = names[like]
        en = f"{who}: these tiles look like {owned(en_l)}, not {owned(en_g)}, but {rest_en}'s look like {owned(en_g)}"
        ja = f"{who_ja}: この牌は{ja_g}ではなく{ja_l}の牌に見えますが、{rest_ja}は{ja_g}の牌に見えます"
    else:
        en = f"{who}: these tiles do not look like {owned(en_g)}, but {rest_en}'s do"
        ja = f"{who_ja}: この牌は{ja_g}の牌に見えませんが、{rest_ja}は{ja_g}の牌に見えます"
        if any(alike):  # each seat's own look, where told
            each, each_ja = _looks_listed(looks, names)
            en += f": {each}"
            ja += f"。{each_ja}"
    en += f": half the table each, so which game's set it is, is unsure: {hint[0]} "
    ja += f"。卓の半分ずつなので、どちらのゲームのセットかわかりません: {hint[1]}。"
    if like:
        to, to_ja = switch_said(like, switch)
        en += f"If the set is {owned(en_l)}, {to}; if it is {owned(en_g)}, "
        ja += f"{ja_l}のセットなら、{to_ja}。{ja_g}のセットなら、"
    else:
        en += f"If the set is {owned(en_g)}, "
        ja += f"{ja_g}のセットなら、"
    en += f"retake the photos of {who} (or another set is at this table)"
    ja += f"{who_ja}の写真を撮り直すか、この卓に別のセットが混じっていないか確かめてください"
    return Finding(FindingKind.OTHER_GAME, en, seats=tuple(flagged), message_ja=ja,
                   data=data(like, seats=looks, unsure_game=True))


def check_readings(game: Game, seating: Seating, readings: dict[str, SeatReading],
                   wall: SeatReading | None = None,
                   min_confidence: float = DEFAULT_MIN_CONFIDENCE, murky: Container[str] | None = None,
                   dark: Container[str] = ()) -> list[Finding]:
    """Every rule of a dealt table, in the order a person reads them: the deal, then the tiles. ``murky``: the seats
    whose photos are measurably dark or blurred (``count_findings``), None where not measured; ``dark``: those
    measurably too dark (``count_findings``)."""
    found = {s: r for s, r in readings.items() if not found_too_few(r)}  # too few found: no dealer's hint, none unsure
    taken = taken_dealer(game, seating, found)
    dealer = _dealer_findings(game, seating, found, taken)
    if taken:  # no dealer marked, one seat of the dealer's count: it deals
        seating = dataclasses.replace(seating, dealer=taken)
    return [
        *too_few_findings(readings),
        *dealer,
        *count_findings(game, seating, readings, murky, dark),
        *face_down_findings(readings),
        *unknown_findings(game, readings),
        *surplus_findings(game, {**readings, **({"wall": wall} if wall else {})}, min_confidence),  # a face-up wall
        *wall_findings(game, seating, readings, wall),
        *unsure_findings(game, {**found, **({"wall": wall} if wall else {})}, min_confidence),
        *deal_findings(game, seating, readings),
    ]
