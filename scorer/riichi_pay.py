"""Points between seats: who pays a riichi win (honba included) and the noten payments of an exhaustive draw
(or its nagashi mangan).

The package gives the base payments of a hand (``cost["main"]``, ``cost["additional"]``); this module
turns them into one payment per paying seat with the table's honba value, and settles exhaustive draws.

>>> draw = exhaustive_draw(["east", "west"])
>>> dict(draw.deltas)
{'east': 1500, 'south': -1500, 'west': 1500, 'north': -1500}
>>> draw.dealer_keeps_seat, draw.next_honba
(True, 1)
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from scorer.payout import noten_transfers
from scorer.result import Payment, quoted_ja
from scorer.riichi_rules import RiichiRules
from scorer.riichi_tiles import InputProblem, RiichiInputError, Wind

_SEATS = tuple(Wind)


def table_seats(players: int) -> tuple[Wind, ...]:
    """The seats at a table of ``players`` (east deals; a 3-player table has no north)."""
    return _SEATS[:players]


def seat_wind(value: Any, field_name: str = "seat") -> Wind:
    """``Wind.parse`` of a seat, which a Japanese player also names with 家: 東家, 南家, 西家, 北家 (``--seat 北家`` was
    refused as no wind). A value that is none is refused naming it as written.

    >>> seat_wind("北家"), seat_wind("south")
    (<Wind.NORTH: 'north'>, <Wind.SOUTH: 'south'>)
    """
    if isinstance(value, str) and value.strip().endswith("家") and len(value.strip()) > 1:
        try:
            return Wind.parse(value.strip()[:-1], field_name)
        except RiichiInputError:
            pass  # said as written below
    return Wind.parse(value, field_name)


# Payer labels as plain strings, built once: payments are made for every scored hand.
_LABELS = {seat: f"{seat.value} (dealer)" if seat is Wind.EAST else seat.value for seat in _SEATS}


def _label(seat: Wind) -> str:
    return _LABELS[seat]


def win_payments(main: int, additional: int, *, tsumo: bool, winner: Wind, discarder: Wind | None,
                 honba: int, rules: RiichiRules, players: int) -> tuple[Payment, ...]:
    """One ``Payment`` per paying seat for a win whose base payments the package computed.

    Ron: the discarder pays ``main`` plus ``honba_ron`` per counter. Tsumo: the dealer pays ``main``
    and each other seat ``additional`` (all pay ``main`` when the dealer wins), plus
    ``honba_tsumo_each`` per counter each; at fewer than four seats as ``tsumo_shares`` says.

    >>> rules = RiichiRules()
    >>> [(p.payer, p.amount) for p in win_payments(2000, 1000, tsumo=True, winner=Wind.SOUTH,
    ...  discarder=None, honba=1, rules=rules, players=4)]
    [('east (dealer)', 2100), ('west', 1100), ('north', 1100)]
    """
    if not tsumo:
        bonus = rules.honba_ron * honba
        note = f"incl. {bonus:,} for {honba} honba" if honba else ""
        payer = _label(discarder) if discarder is not None else "discarder"
        return (Payment(payer, main + bonus, note),)
    bonus = rules.honba_tsumo_each * honba
    note = f"incl. {bonus:,} for {honba} honba" if honba else ""
    return tuple(Payment(_LABELS[seat], amount + bonus, note)
                 for seat, amount in tsumo_shares(main, additional, winner, players, rules).items())


def tsumo_shares(main: int, additional: int, winner: Wind, players: int, rules: RiichiRules) -> dict[Wind, int]:
    """What each seat at a table of ``players`` pays of a tsumo whose base payments the package computed (no honba):
    the dealer ``main``, each other seat ``additional`` (every seat ``main`` when the dealer wins). At fewer than
    four the empty seats' shares are lost (tsumo loss, ツモ損: ``[riichi] tsumo_loss``, the default), or, under
    ``tsumo_loss = false``, split between the payers, each part rounded up to 100 (北家折半: a non-dealer's mangan
    3,000/5,000, 30 fu 1 han 500/700; MJ's three-player table).

    >>> no_loss = RiichiRules(players=3, tsumo_loss=False)
    >>> {str(s): a for s, a in tsumo_shares(4000, 2000, Wind.SOUTH, 3, no_loss).items()}
    {'east': 5000, 'west': 3000}
    >>> {str(s): a for s, a in tsumo_shares(4000, 2000, Wind.SOUTH, 3, RiichiRules(players=3)).items()}
    {'east': 4000, 'west': 2000}
    """
    dealer_wins = winner is Wind.EAST
    owed = {seat: main if dealer_wins or seat is Wind.EAST else additional
            for seat in _SEATS[:players] if seat is not winner}
    if rules.tsumo_loss or players >= len(_SEATS) or not owed:
        return owed
    empty = (len(_SEATS) - players) * (main if dealer_wins else additional)  # an empty seat is never the dealer's
    part = -(-empty // (100 * len(owed))) * 100
    return {seat: amount + part for seat, amount in owed.items()}


# The note of a liable player's half of a ron's yakuman (pao, :func:`pao_payments`), and as a Japanese screen says it:
# told from the discarder's half beside it (the two alike were said as "each of the others pays 16,000").
PAO_NOTE = "pao: half the yakuman"
PAO_NOTE_JA = "包: 役満の半分"

# A yakuman's base payment: a ron pays 4x it (6x to the dealer), a tsumo 2x from the dealer (or from each seat when
# the dealer wins) and 1x from each other seat (8,000-16,000; dealer 16,000 all).
YAKUMAN_BASE = 8000


def pao_payments(*, tsumo: bool, winner: Wind, discarder: Wind | None, pao: Wind, honba: int, rules: RiichiRules,
                 players: int, pao_yakuman: int, other_yakuman: int = 0) -> tuple[Payment, ...]:
    """One ``Payment`` per paying seat of a yakuman win with a liability payment (pao, 責任払い): ``pao`` fed the
    deciding set of ``pao_yakuman`` yakuman (2 for a double), the hand's ``other_yakuman`` are paid as usual.

    Tsumo: ``pao`` pays the pao yakuman whole, as a ron would pay it (32,000; the dealer's 48,000; at three players
    too), and every honba; the other yakuman are shared as any tsumo. Ron by another player: ``pao`` pays half of
    the pao yakuman (its note ``PAO_NOTE``), the discarder the other half, the other yakuman and the honba
    (``discarder`` None: labelled "discarder"). Ron by ``pao`` itself: it pays it all, as any discarder. Payers in seat order; on a ron the
    discarder first.

    >>> rules = RiichiRules()
    >>> [(p.payer, p.amount) for p in pao_payments(tsumo=True, winner=Wind.SOUTH, discarder=None, pao=Wind.WEST,
    ...  honba=1, rules=rules, players=4, pao_yakuman=1)]
    [('west', 32300)]
    >>> [(p.payer, p.amount) for p in pao_payments(tsumo=False, winner=Wind.SOUTH, discarder=Wind.NORTH,
    ...  pao=Wind.WEST, honba=0, rules=rules, players=4, pao_yakuman=1)]
    [('north', 16000), ('west', 16000)]
    """
    dealer_wins = winner is Wind.EAST
    whole = YAKUMAN_BASE * (6 if dealer_wins else 4)  # one yakuman as a ron pays it
    liable = pao_yakuman * whole
    if not tsumo:
        bonus = rules.honba_ron * honba
        note = f"incl. {bonus:,} for {honba} honba" if honba else ""
        rest = other_yakuman * whole + bonus
        if discarder is pao:
            return (Payment(_label(pao), liable + rest, note),)
        payer = _label(discarder) if discarder is not None else "discarder"
        half = liable // 2
        return Payment(payer, liable - half + rest, note), Payment(_label(pao), half, PAO_NOTE)
    owed = tsumo_shares(2 * other_yakuman * YAKUMAN_BASE, other_yakuman * YAKUMAN_BASE, winner, players, rules)
    bonus = rules.honba_tsumo_each * honba * (players - 1)  # every payer's honba, the liable player's alone
    owed[pao] += liable + bonus
    note = f"incl. {bonus:,} for {honba} honba" if honba else ""
    return tuple(Payment(_label(seat), amount, note if seat is pao else "") for seat, amount in owed.items() if amount)


@dataclass(frozen=True)
class Transfer:
    """Points moved from one seat to another."""

    payer: Wind
    payee: Wind
    amount: int


@dataclass(frozen=True)
class DrawResult:
    """An exhaustive draw (ryuukyoku) settled: tenpai and noten seats, the noten payments, and what
    happens next (the dealer keeps the seat when tenpai; a counter is added either way)."""

    tenpai: tuple[Wind, ...]
    noten: tuple[Wind, ...]
    transfers: tuple[Transfer, ...]
    deltas: Mapping[str, int]
    dealer_keeps_seat: bool
    next_honba: int
    riichi_sticks: int
    nagashi: tuple[Wind, ...] = ()  # the seats paid a nagashi mangan (in place of the noten payments)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"tenpai": [str(s) for s in self.tenpai], "noten": [str(s) for s in self.noten],
                "nagashi": [str(s) for s in self.nagashi],
                "transfers": [{"payer": str(t.payer), "payee": str(t.payee), "amount": t.amount}
                              for t in self.transfers],
                "deltas": dict(self.deltas), "dealer_keeps_seat": self.dealer_keeps_seat,
                "next_honba": self.next_honba, "riichi_sticks": self.riichi_sticks}


# A mangan's base payment: a tsumo pays 2x it from the dealer (or from each seat when the dealer wins) and 1x it
# from each other seat (2,000-4,000; dealer 4,000 all).
MANGAN_BASE = 2000


def nagashi_transfers(players: int, nagashi: Iterable[int], dealer: int = 0) -> list[tuple[int, int, int]]:
    """``(payer, payee, amount)`` of the nagashi mangan of an exhaustive draw, by seat number (``dealer`` deals):
    each nagashi seat is paid as a mangan tsumo (dealer 4,000 all; a non-dealer 4,000 from the dealer and 2,000
    from each other seat), with no honba (the common rule: nagashi is a draw, and the honba go on to the next hand);
    two nagashi seats are each paid so.

    >>> nagashi_transfers(4, [1])
    [(0, 1, 4000), (2, 1, 2000), (3, 1, 2000)]
    """
    out = []
    for payee in sorted(set(nagashi)):
        for payer in range(players):
            if payer != payee:
                out.append((payer, payee, 2 * MANGAN_BASE if dealer in (payer, payee) else MANGAN_BASE))
    return out


def exhaustive_draw(tenpai_seats: Iterable[Any], *, players: int | None = None, honba: int = 0,
                    riichi_sticks: int = 0, rules: RiichiRules | None = None,
                    nagashi: Iterable[Any] = (), game: Any = None) -> DrawResult:
    """Settle an exhaustive draw: the noten seats pay ``rules.noten_total`` (3,000) in all, shared by the
    tenpai seats; nothing moves when every seat or no seat is tenpai. Riichi sticks stay on the table.

    ``tenpai_seats`` are winds (``east``...) or seat numbers 0-3 (0 = east, the dealer). ``nagashi``: the seats
    whose discards made a nagashi mangan: each is paid as a mangan tsumo (:func:`nagashi_transfers`), no honba, and
    there are no noten payments at that draw; the dealer keeps the seat when tenpai, as at any draw, and a counter
    is added. Under ``[riichi] nagashi = false`` a ``nagashi`` seat is refused, naming the option. ``players`` (the
    table's, ``rules.players``, where not given) out of the table's span is refused as a hand's is, by ``game``'s name
    (``scorer.rules.played_by``; the house game's where none is given).

    >>> [(str(t.payer), str(t.payee), t.amount) for t in exhaustive_draw(["south"]).transfers]
    [('east', 'south', 1000), ('west', 'south', 1000), ('north', 'south', 1000)]
    """
    rules = rules or RiichiRules()
    players = rules.players if players is None else players
    from scorer.riichi_hand import _check_players  # riichi_hand imports this module

    _check_players(game, rules, players)
    _check_counter("honba", honba)
    _check_counter("riichi_sticks", riichi_sticks)
    seats = table_seats(players)
    tenpai = sorted({seat_wind(s, "tenpai seat") for s in tenpai_seats}, key=lambda w: w.index)
    for seat in tenpai:
        if seat not in seats:
            raise RiichiInputError(InputProblem.OPTION, f"tenpai seat {seat} is not at a {players}-player table",
                                   f"テンパイの席 {seat.name_ja}は {players}人の卓にありません")
    noten = [s for s in seats if s not in tenpai]
    paid = sorted({seat_wind(s, "nagashi seat") for s in nagashi}, key=lambda w: w.index)
    for seat in paid:
        if seat not in seats:
            raise RiichiInputError(InputProblem.OPTION, f"nagashi seat {seat} is not at a {players}-player table",
                                   f"流し満貫の席 {seat.name_ja}は {players}人の卓にありません")
    if paid and not rules.nagashi:
        raise RiichiInputError(InputProblem.OPTION, "nagashi mangan is off in this game's rules ([riichi] nagashi = "
                               "false): leave the nagashi seats out (the draw's noten payments are paid as usual)",
                               "このゲームのルールには流し満貫がありません ([riichi] nagashi = false)。流し満貫の席を"
                               "外してください (流局のノーテン罰符はいつもどおり払います)")
    if paid:  # in place of the noten payments
        transfers = [Transfer(seats[p], seats[q], amount)
                     for p, q, amount in nagashi_transfers(players, [s.index for s in paid])]
    else:
        transfers = [Transfer(p, q, amount) for p, q, amount in noten_transfers(seats, tenpai, rules.noten_total)]
    deltas = {str(s): 0 for s in seats}
    for t in transfers:
        deltas[str(t.payer)] -= t.amount
        deltas[str(t.payee)] += t.amount
    return DrawResult(tuple(tenpai), tuple(noten), tuple(transfers), MappingProxyType(deltas),
                      dealer_keeps_seat=Wind.EAST in tenpai, next_honba=honba_after(honba, draw=True),
                      riichi_sticks=riichi_sticks,
                      nagashi=tuple(paid))


def honba_after(honba: int, *, dealer_kept: bool = False, draw: bool = False, counted: bool = True) -> int:
    """The honba the next hand starts at, after a hand played at ``honba``: one more after a draw (``draw``) or a win
    the dealer keeps the deal by (``dealer_kept``), none after any other win; none at a table that counts no honba
    (``counted`` False, ``[table] honba = false``). One rule for the ledger's replay (``tilelens.ledger.replay``), the
    Score pages' next hand (:func:`next_hand_after`) and a result's ``next_honba`` (a win's, :func:`exhaustive_draw`'s).

    >>> honba_after(2, dealer_kept=True), honba_after(2), honba_after(2, draw=True), honba_after(2, counted=False)
    (3, 0, 3, 0)
    """
    return honba + 1 if counted and (draw or dealer_kept) else 0


@dataclass(frozen=True)
class NextHand:
    """The table the hand after a riichi win starts at (:func:`next_hand_after`): its ``honba`` and the riichi
    sticks left on it (none: the winner took them), whether the dealer won (the reason for the honba), and how many
    sticks the winner took (``sticks_taken``, its own riichi's included); whether the table keeps the deal after a
    dealer's win (``keeps_deal``) and counts honba at all (``counts_honba``), the reason for none where the dealer
    won (a house table's ``[table]``)."""

    honba: int
    riichi_sticks: int
    dealer_won: bool
    sticks_taken: int
    keeps_deal: bool = True
    counts_honba: bool = True

    def said(self) -> tuple[str, str]:
        """What the next hand starts with and why, in English and Japanese (a page's caption)."""
        if not self.counts_honba:
            honba, honba_ja = "no honba (this table counts no honba)", "0本場 (この卓では本場を積みません)"
        elif self.dealer_won and not self.keeps_deal:
            honba = "no honba (the dealer won, but this table does not keep the deal)"
            honba_ja = "0本場 (親の上がり、この卓では親が交代します)"
        else:
            honba = (f"{self.honba} honba (the dealer won)" if self.dealer_won else
                     f"{self.honba or 'no'} honba (a non-dealer won)")
            honba_ja = f"{self.honba}本場 ({'親' if self.dealer_won else '子'}の上がり)"
        sticks, sticks_ja = ("no riichi sticks (the winner took them)", "リーチ棒なし (上がった人が受け取りました)") \
            if self.sticks_taken else ("no riichi sticks", "リーチ棒なし")
        return f"Next hand: {honba}, {sticks}", f"次の局: {honba_ja}、{sticks_ja}"


def next_hand_after(result: Any, *, keep_on_dealer_win: bool = True, counts_honba: bool = True) -> NextHand | None:
    """The table the hand after a riichi ``result`` starts at where it is a win: its honba as the table's rules give
    them (:func:`honba_after`, the ledger's rule: one more after the dealer's win, none after a non-dealer's; none
    where the table does not keep the deal after a dealer's win, ``keep_on_dealer_win`` False, or counts no honba,
    ``counts_honba`` False: a house table's ``[table]``, ``tilelens.ledger.rules_for``) and no riichi sticks (the winner
    took them, RULES.md 002). None for a result that is no win (a hand being corrected, not one played) and for a
    Donjara result (no honba; its chips are the ledger's to carry).

    >>> from scorer import score
    >>> won = score("tokyo-mahjong", "234m456p678s22p789s", win="tsumo", seat="east", honba=2, riichi_sticks=2)
    >>> next_hand_after(won).said()[0]
    'Next hand: 3 honba (the dealer won), no riichi sticks (the winner took them)'
    >>> next_hand_after(won, keep_on_dealer_win=False).honba
    0
    """
    extra = getattr(result, "extra", None) or {}
    if not getattr(result, "winning", False) or extra.get("next_honba") is None:
        return None
    dealer_won = bool(extra.get("dealer_keeps_seat"))
    at = int(extra.get("honba") or 0)  # the honba the win was priced at
    return NextHand(honba=honba_after(at, dealer_kept=dealer_won and keep_on_dealer_win, counted=counts_honba),
                    riichi_sticks=0, dealer_won=dealer_won, sticks_taken=int(extra.get("riichi_sticks") or 0),
                    keeps_deal=keep_on_dealer_win, counts_honba=counts_honba)


_COUNTERS_JA = {"honba": "本場", "riichi_sticks": "リーチ棒", "nuki": "抜きドラ"}


def _check_counter(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RiichiInputError(InputProblem.OPTION, f"{name} must be a whole number 0 or more (got {value!r})",
                               f"{_COUNTERS_JA.get(name, name)}は 0 以上の整数にしてください (いま {quoted_ja(value)})")
    return value
