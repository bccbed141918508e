"""Who pays what: the tsumo split with its rounding, ron, and the noten payments of a drawn hand.

>>> from scorer.rules import Payout, Rounding
>>> [p.amount for p in payments(Payout(Rounding.UP, 10), 100, "tsumo", 4)]
[40, 40, 40]
>>> [p.amount for p in payments(Payout(Rounding.REMAINDER, 1), 12, "tsumo", 4)]
[4, 4, 4]
>>> [p.amount for p in payments(Payout(Rounding.REMAINDER, 1), 36, "tsumo", 3)]
[18, 18]
>>> [p.amount for p in payments(Payout(Rounding.REMAINDER, 1), 6, "tsumo", 5)]
[2, 2, 1, 1]
>>> [p.amount for p in payments(Payout(Rounding.REMAINDER, 10), 100, "tsumo", 4)]
[40, 30, 30]
>>> [(p.payer, p.amount) for p in payments(Payout(Rounding.UP, 10), 60, "ron", 4)]
[('discarder', 60)]
>>> noten_transfers([0, 1, 2, 3], [1, 3], 3000)
[(0, 1, 750), (0, 3, 750), (2, 1, 750), (2, 3, 750)]
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from scorer.result import Payment, WinKind
from scorer.rules import Payout, Rounding

REMAINDER_NOTE = "includes one part of the remainder; rock-paper-scissors decides who pays it"
# a payment that holds a part of the remainder once who lost rock-paper-scissors is named (``settle_remainder``);
# ``REMAINDER_LOST`` says the part's amount (``tilelens score``'s text)
REMAINDER_LOST = "includes {part} of the remainder: lost rock-paper-scissors"
REMAINDER_LOST_NOTE = REMAINDER_LOST.format(part="a part")
# the remainder said apart while nobody is named as its payer, by how many parts it is paid in (as the app says it)
REMAINDER_SETTLE = ("the payers play rock-paper-scissors and the loser pays it",
                    "the payers play rock-paper-scissors and the {n} losers pay one part each")


def payments(payout: Payout, value: int, win: str, players: int) -> tuple[Payment, ...]:
    """One payment per paying player: the discarder on ron, every other player on tsumo."""
    if WinKind(win) is WinKind.RON:
        return (Payment("discarder", value),)
    payers = players - 1
    step = payout.round_to
    if payout.rounding is Rounding.UP:
        share = -(-value // (payers * step)) * step  # ceiling to the chip
        return tuple(Payment(f"player {i + 1}", share) for i in range(payers))
    chips, odd = divmod(value, step)
    even, remainder = divmod(chips, payers)
    # The remainder goes one chip each to ``remainder`` payers, and a part below one chip (a value no whole
    # number of chips: a game file refuses such a yaku) to the next payer, so the payments add up to the value.
    return tuple(Payment(f"player {i + 1}", (even + (i < remainder)) * step + (odd if i == remainder else 0),
                         REMAINDER_NOTE if i < remainder or (i == remainder and odd) else "")
                 for i in range(payers))


def split_parts(payout: Payout, value: int, players: int) -> dict[str, int]:
    """The even share and the remainder of a tsumo split (what the product shows explicitly), for a game
    whose remainder the payers settle among themselves; nothing where each share is rounded up (Nogizaka,
    Yokai Watch: no remainder is left, and the payments already say each share).

    >>> split_parts(Payout(Rounding.REMAINDER, 1), 100, 4), split_parts(Payout(Rounding.UP, 10), 100, 4)
    ({'even_share': 33, 'remainder': 1}, {})
    """
    if payout.rounding is not Rounding.REMAINDER:
        return {}
    even = value // payout.round_to // (players - 1) * payout.round_to
    return {"even_share": even, "remainder": value - even * (players - 1)}


def settle_remainder(paid: Sequence[Payment], even_share: int, losers: Sequence[str] = ()
                     ) -> tuple[tuple[Payment, ...], dict[str, Any] | None]:
    """A tsumo split's payments with its remainder said apart (``tilelens score``): who pays it is settled by
    rock-paper-scissors among the payers (RULES.md), so until ``losers`` (payers as ``paid`` names them, one for each
    part) are named each payer pays ``even_share`` and the remainder is ``{"amount", "parts", "payers": None,
    "note"}``; named, the losers pay the parts (in their order), ``payers`` says them and the payments add up to the
    value again. None where no payment holds a part (ron, an even split, a share rounded up). ``losers`` is taken as
    given: the caller checks there is one for each part.

    >>> split = (Payment("player 1", 2, REMAINDER_NOTE), Payment("player 2", 1))
    >>> [p.amount for p in settle_remainder(split, 1)[0]], settle_remainder(split, 1)[1]["payers"]
    ([1, 1], None)
    >>> [p.amount for p in settle_remainder(split, 1, ["player 2"])[0]]
    [1, 2]
    """
    parts = [p.amount - even_share for p in paid if p.note == REMAINDER_NOTE]
    if not parts:
        return tuple(paid), None
    even = [Payment(p.payer, even_share) if p.note == REMAINDER_NOTE else p for p in paid]
    rest = {"amount": sum(parts), "parts": len(parts), "payers": None,
            "note": REMAINDER_SETTLE[len(parts) > 1].format(n=len(parts))}
    if not losers:
        return tuple(even), rest
    charged = dict(zip(losers, parts))
    return (tuple(Payment(p.payer, p.amount + charged[p.payer], REMAINDER_LOST_NOTE) if p.payer in charged else p
                  for p in even), {**rest, "payers": list(losers)})


def remainder_apart(paid: Sequence[Payment], extra: Mapping[str, Any] | None, losers: Sequence[str] = ()
                    ) -> tuple[tuple[Payment, ...], dict[str, Any] | None]:
    """``paid`` with a tsumo split's remainder said apart (:func:`settle_remainder`) where ``extra`` (a result's, or
    :func:`split_parts`) has an ``even_share``: the even share each, and the remainder, or the parts charged to
    ``losers``. As they are, and None, where it has none (ron, a share rounded up). ``tilelens score`` (text and
    ``--json``), the app's payments and the engine's would-be payments of a hand refused all say it so.

    >>> split = (Payment("player 1", 2, REMAINDER_NOTE), Payment("player 2", 1))
    >>> [p.amount for p in remainder_apart(split, {"even_share": 1})[0]], remainder_apart(split, {})[1]
    ([1, 1], None)
    """
    even = (extra or {}).get("even_share")
    return (tuple(paid), None) if even is None else settle_remainder(paid, even, losers)


def noten_transfers(seats: Sequence[Hashable], tenpai: Iterable[Hashable], total: int
                    ) -> list[tuple[Hashable, Hashable, int]]:
    """``(payer, payee, amount)`` for a hand drawn at the end of the wall: every noten seat pays every
    tenpai seat the same share of ``total`` (3,000 in riichi: 1,000 x 3, 1,500 x 2, 3,000 x 1), rounded
    down, so the payments always sum to zero. Nothing moves when every seat or no seat is tenpai."""
    ready = set(tenpai)
    payees = [s for s in seats if s in ready]
    payers = [s for s in seats if s not in ready]
    if not payees or not payers or total <= 0:
        return []
    share = total // (len(payers) * len(payees))
    return [(p, q, share) for p in payers for q in payees]
