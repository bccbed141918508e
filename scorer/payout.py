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

from collections.abc import Hashable, Iterable, Sequence

from scorer.result import Payment, WinKind
from scorer.rules import Payout, Rounding

REMAINDER_NOTE = "includes one part of the remainder; rock-paper-scissors decides who pays it"


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
