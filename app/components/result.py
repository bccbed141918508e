"""Drawing a ``ScoreResult`` (yaku and why, points, who pays whom) and the waits of a hand one short."""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from typing import Any

import streamlit as st

from app.components.common import as_typed, style
from app.components.i18n import attribute_value, game_t, lang, name_of, said, t
from app.components.tiles import no_toolbars_css, picture
from scorer import Game, ScoreResult, UnknownTileError
from scorer.attribute_names import value_pair
from scorer.engine import amount_en
from scorer.result import Payment, payer_ja, payment_note_ja
from scorer.riichi_rules import fu_mean_nothing, han_mean_nothing, listed_yaku, yakuman_times
from scorer.rules import has_stand_in_yaku


def currency(game: Game) -> str:
    """The unit a game's points are counted in (万 fans, 点)."""
    if game.engine == "riichi":
        return "点" if lang() == "ja" else "points"
    from scorer.rules import donjara_rules

    payout = donjara_rules(game).payout
    return payout.currency_ja if lang() == "ja" else payout.currency_en


def amount(value: int, unit: str) -> str:
    """An amount with its unit (``currency``): against the number where the unit is Japanese ("120点", "12万"),
    after a space where it is in letters ("120 points", "12 x10,000 fans"), as `tilelens score` writes it."""
    return f"{value:,} {unit}" if unit[:1].isascii() else f"{value:,}{unit}"


def counted(n: Any, ja: str, en: str) -> str:
    """A count in the screen's language: "3翻", "30符"; "3 han", "30 fu"."""
    return f"{n}{ja}" if lang() == "ja" else f"{n} {en}"


def yaku_label(hit: Any, unit: str = "") -> str:
    """A yaku with its value: "Riichi (1 han)", "立直 (1翻)", "リハーサルライブセット 3万" (with the game's
    ``unit``: a bare "(3)" read as 3 points), the name as its file writes it (``as_typed``: a club's file is no Markdown)."""
    name = as_typed(name_of(hit))
    if getattr(hit, "limit", ""):  # renhou paid as a mangan (``LimitYakuHit``): "Renhou (mangan)", not "(5 han)"
        return f"{name} ({said(hit.limit, hit.limit_ja)})"
    if getattr(hit, "han", None):
        return f"{name} ({yakuman_said(hit) or counted(hit.han, '翻', 'han')})"
    if getattr(hit, "points", None) is None:
        return name
    # a Donjara yaku's value after its name, as the win line says it (「基本セット 100点」): a name ending in its
    # type's bracket took a second one (「シンフォニーセット (キュート) (24万)」)
    return f"{name} {amount(hit.points, unit)}" if unit else f"{name} ({hit.points})"


def yakuman_said(hit: Any) -> str:
    """A riichi yaku that is a yakuman said as one in the screen's language, "役満", "ダブル役満" ("yakuman", "double
    yakuman"), as the ledger's yaku column says it: not "13翻" (a yakuman's han are the scorer's count of it). "" for
    any other yaku, and for the dora lines (``listed_yaku``: 13 dora are 13 han, a counted yakuman's part)."""
    return {1: t("yakuman"), 2: t("double_yakuman")}.get(yakuman_times(hit), "")


def list_sep() -> str:
    """What separates a list's items on the screen: a Japanese list 、 (as the scorer's own, ``tilelens score``),
    an English one a comma."""
    return "、" if lang() == "ja" else ", "


# A phone showed the result below the hand's rows and its options, two screens down: a page keeps a place
# above the hand (``summary_at``) where the result is also said in one line.
_SUMMARY: ContextVar[tuple[Any, str] | None] = ContextVar("result_summary", default=None)


@contextmanager
def summary_at(place: Any, prefix: str) -> Iterator[None]:
    """Within it, a result drawn is also said in one line in ``place`` (an ``st.empty()`` the page made
    higher up), in a container keyed ``<prefix>_summary``."""
    token = _SUMMARY.set((place, prefix))
    try:
        yield
    finally:
        _SUMMARY.reset(token)


def won_said(game: Game, result: ScoreResult) -> tuple[str, str]:
    """A won hand's headline: (what the winner receives, how it comes from the yaku's value), the second "" where
    the total is the yaku's value as listed. A Yokai Watch tsumo at four said "120点 · 基本セット (100)": 120 of
    what, and why not 100? Now 「120点を受け取ります」 and 「基本セット 100点、ツモは1人40点ずつ」 (shares rounded up);
    a favourite's doubling is said as ``担当 ×2``."""
    unit = currency(game)
    total = amount(result.points, unit)
    if game.engine == "riichi" or not result.yaku or result.points == sum(y.points or 0 for y in result.yaku):
        return total, ""
    parts = [list_sep().join(f"{name_of(y)} {amount(y.points or 0, unit)}" for y in result.yaku)]
    extra = result.extra or {}
    if isinstance(extra.get("multiplier"), int) and extra["multiplier"] > 1:
        parts.append(t("win_favourite_times", n=extra["multiplier"]))
    shares = {p.amount for p in result.payments}
    if extra.get("win") == "tsumo" and len(shares) == 1 and len(result.payments) > 1:
        parts.append(t("win_tsumo_each", share=amount(shares.pop(), unit)))
    return t("win_receives", total=total), ("、" if lang() == "ja" else "; ").join(parts)


def unsure_said(n: int) -> str:
    """That a win rests on ``n`` tiles read unsurely, to be checked before it is recorded (``PhotoTile.low``)."""
    return t("unsure_win_one") if n == 1 else t("unsure_win", n=n)


def summary_line(game: Game, result: ScoreResult, would_win: Sequence[tuple[str, ScoreResult]] = (),
                 unsure: int = 0) -> str:
    """The result in one line: a win, its points and yaku (a riichi hand's win kind before its points: the phone's
    first screen, where a ron kept for a tsumo shows); or no win and why, or what would win it (``would_win``). A win
    resting on ``unsure`` tiles a person should check says so first, its win word no longer green (a misread photo
    showed as a green win, the only warning further down)."""
    if result.winning:
        total, detail = won_said(game, result)
        word = f"**{as_typed(game_t('win', game))}**"
        first = f":orange[:material/warning: **{unsure_said(unsure)}**]  \n" if unsure else ""
        word = first + (word if unsure else f":green[{word}]")
        if detail:  # the yaku and its value said in the bracket: not again after it
            return f"{word} **{total}** ({detail})"
        yaku = list_sep().join(yaku_label(y, currency(game)) for y in listed_yaku(result))  # a riichi hand's dora too
        kind = result.extra.get("win") if game.engine == "riichi" else None
        won = f"{word} **" + (f"{_short(t(kind))} " if kind in ("ron", "tsumo") else "") + f"{total}**"
        return " · ".join(p for p in (won, yaku) if p)
    if would_win:
        return would_win_said(game, would_win)
    reason = said(result.reason, result.reason_ja)  # the scorer's English reason is English only: shown as it is
    return f":orange[**{t('no_win')}**]" + (f": {reason}" if reason else "")


def would_win_said(game: Game, would_win: Sequence[tuple[str, ScoreResult]]) -> str:
    """The top line of a complete hand that does not win as chosen, where the other win kind or Riichi ticked wins
    it (``would_win``: ("tsumo" or "ron", result), ("riichi", result)): "Not a win as a ron: as a tsumo it wins
    (Menzen Tsumo)". A menzen-tsumo hand scored at a riichi table's default ron read only "no yaku"."""
    other = next(((what, r) for what, r in would_win if what != "riichi"), None)
    riichi = next((r for what, r in would_win if what == "riichi"), None)
    box = as_typed(game_t("riichi", game))
    words = {"riichi": box, "riichi_low": box.lower()}

    def kind(what: str) -> str:
        return _short(t(what)).lower()

    def yaku(r: ScoreResult) -> str:
        return list_sep().join(_short(as_typed(name_of(y))) for y in r.yaku)

    now = "ron" if other is not None and other[0] == "tsumo" else "tsumo"
    clauses = [t("wins_as", kind=kind(other[0]), yaku=yaku(other[1]))] if other is not None else []
    if riichi is not None:
        clauses.append(t("wins_with_riichi_too" if clauses else "wins_with_riichi", yaku=yaku(riichi), **words))
    head = t("no_win_as_without_riichi", kind=kind(now), **words) if other is not None and riichi is not None else \
        t("no_win_as", kind=kind(now)) if other is not None else t("no_win_without_riichi", **words)
    return f":orange[**{head}**]: " + ("。" if lang() == "ja" else "; ").join(clauses)


def summary_note(text: str) -> None:
    """Say ``text`` (markdown) in the result's one line above the hand, where the page keeps one
    (``summary_at``): the result, the waits, or why there is none (too few tiles)."""
    kept = _SUMMARY.get()
    if kept is not None:
        place, prefix = kept
        place.container(border=True, key=f"{prefix}_summary").markdown(text)


def _summary(game: Game, result: ScoreResult, would_win: Sequence[tuple[str, ScoreResult]] = (),
             unsure: int = 0) -> None:
    summary_note(summary_line(game, result, would_win, unsure))


def result_view(game: Game, result: ScoreResult, above: Any = None,
                would_win: Sequence[tuple[str, ScoreResult]] = (), unsure: int = 0, won_on: str = "") -> Any:
    """The result: win or not (and why), the yaku, the groups that prove it, the payments: the place they are
    drawn in (an ``st.empty()``, None without payments), for the ledger box to name the players there.
    ``above``: a container the page drew earlier, above a question it asked of this result (who fed a pao yakuman,
    ``scoring._pao_asked``): it holds the result's line, its yaku and its han, and the rest (the notes, the answer's
    among them) follows the question. ``would_win``: what would win a hand that does not (``summary_line``).
    ``unsure``: the tiles of a photo's hand a person should check (``PhotoTile.low``): a win resting on them says so in
    its top line (``summary_line``; no warning more: the photo's notes are one warning, a screen reader reads each).
    ``won_on``: how a riichi win's tile came (``WON_ON``), said below its han (``_won_on``); "" says nothing of it."""
    _summary(game, result, would_win, unsure)
    with above if above is not None else nullcontext():
        _result_head(game, result, won_on)
    if result.winning or result.extra.get("han"):
        _notes(result.extra)
    if result.decomposition:
        heading(t("groups"))
        with st.container(key=GROUPS):
            for group in result.decomposition:
                group_view(game, group)
        style(no_toolbars_css(GROUPS))  # tile pictures: no Fullscreen button (a Tab stop, unseen)
    if not result.payments:
        return None
    place = st.empty()  # where a match is open, the ledger box names the players in it (``payments_view``)
    with place.container():
        payments_view(game, result)
    return place


def _result_head(game: Game, result: ScoreResult, won_on: str = "") -> None:
    """The result's line (a win and its total, or no win and why), its yaku, a favourite's doubling, and a riichi
    hand's han and fu, and the tile it won on (``won_on``: ``_won_on``) (``result_view``)."""
    unit = currency(game)
    if result.winning:
        total, detail = won_said(game, result)
        st.success(f"**{as_typed(game_t('win', game))}** {total}" + (f" ({detail})" if detail else ""),
                   icon=":material/celebration:")
        if result.pot:  # the riichi sticks on the table go to the winner too, as `tilelens score` says
            taken = game_t("pot_taken", game, pot=f"{result.pot:,}", total=f"{result.points + result.pot:,}", unit=unit)
            if result.extra.get("own_riichi_chip"):  # part of the pot was the winner's own: nobody pays it twice
                # in the total's line: a line of its own read as another total ("120", "130 in all", "10 of them")
                own = game_t("pot_own", game, own=f"{result.extra['own_riichi_chip']:,}", unit=unit)
                taken += ("" if lang() == "ja" else " — ") + own  # the Japanese total's sentence ends in 。
            st.caption(taken)
    else:
        reason = said(result.reason, result.reason_ja)
        st.warning(f"**{t('no_win')}**: {reason or ''}")
        if result.value and not result.chombo:  # a chombo's hand is worth nothing: its penalty is the result
            # in a sentence, as `tilelens score`'s reason says it: "worth 120,000 fans", not "12 x10,000 fans"
            st.caption(t("would_be", v=amount(result.value, unit) if lang() == "ja" else amount_en(result.value, unit)))
    if result.yaku:  # a chombo's: the hand as declared, not paid (as `tilelens score` heads it)
        head = t("as_declared") if result.chombo else t("yaku")
        # a riichi hand's dora are lines of the list (dora, red fives, ura dora), so its han add up to the han
        # said below, as `tilelens score` and a score sheet list them
        st.markdown(f"**{head}**: " + list_sep().join(yaku_label(y, unit) for y in listed_yaku(result)))
    if result.extra.get("multiplier", 1) > 1 and result.extra.get("favourite"):  # the yaku's 42 is a win of 84
        st.caption(t("favourite_doubles", name=_favourite(game, result.extra["favourite"]), n=result.extra["multiplier"]))
    elif result.extra.get("favourite_not_doubled") in FAVOURITE_NOT_DOUBLED and result.extra.get("favourite"):
        # a favourite picked and the payout not doubled: why (not in the hand, or the house rule off), as
        # `tilelens score` says it
        why = FAVOURITE_NOT_DOUBLED[result.extra["favourite_not_doubled"]]
        if why == "favourite_not_held" and any(g.get("almighty") for g in result.decomposition):
            why = "favourite_not_held_almighty"  # an Almighty in the hand: one standing for her is not her
        st.caption(t(why, name=_favourite(game, result.extra["favourite"])))
    if result.winning or result.extra.get("han"):  # "0 han · 0 fu" says nothing of a hand that does not win
        _riichi_extra(result.extra, any(yakuman_said(y) for y in result.yaku))
    if result.winning and won_on in WON_ON and result.extra.get("win_tile"):
        _won_on(game, result.extra["win_tile"], won_on)
    if has_stand_in_yaku(game):  # Yokai Watch's: the Rules page says it, the result did not
        st.caption(t("stand_in_yaku"))


# How the tile a riichi win was scored on came (``result_view``'s ``won_on``): chosen in the Options' box, or taken
# as the hand's last tile, typed or tapped ("written") or a photo's, read or added ("photo"): the string saying it.
WON_ON = {"chosen": "won_on", "written": "won_on_last", "photo": "won_on_last_photo"}


def _won_on(game: Game, tile_id: str, how: str) -> None:
    """The tile a riichi hand was scored on, by the name its box gives it ("Won on 9 Man"), and where the player did
    not choose it, that it is the hand's last and where to change it: the box is in the Options, and a hand typed
    was scored on its last tile unsaid (9m's pinfu, 2 han; on 7m an edge wait, 1 han)."""
    st.caption(t(WON_ON[how], tile=as_typed(_display(game, tile_id)), options=t("options")))


# The containers of a result's tile pictures: the pictures show no toolbar. Streamlit gives each picture a
# "Fullscreen" button, a Tab stop drawn at opacity 0 (a keyboard's focus vanished 14 times in a riichi hand's
# groups), that opened a 36 px tile full screen.
GROUPS = "result_groups"
WAITS = "result_waits"


def heading(text: str) -> None:
    """A part of the result ("Groups", "Who pays") as a heading (h4) a screen reader can move by, with no
    "Link to heading" button (one more Tab stop each)."""
    st.markdown(f"#### {text}", anchors=False)


# ``extra["favourite_not_doubled"]`` (``scorer.engine``): the string saying why.
FAVOURITE_NOT_DOUBLED = {"not_held": "favourite_not_held", "house_rule": "favourite_house_rule"}


def _favourite(game: Game, tile_id: Any) -> str:
    try:
        return name_of(game.tile(str(tile_id)))
    except UnknownTileError:
        return str(tile_id)


def payments_view(game: Game, result: ScoreResult, to: str | None = None,
                  paid: Sequence[tuple[str, int, str]] = (), remainder_settled: bool = False) -> int:
    """Who pays whom: the result's payers ("player 2", "east (dealer)", "discarder"); or at the open match's
    table, each payer by name paying the winner ``to``: ``paid``, (name, amount, note) each (names as typed).
    A tsumo split that leaves a remainder (Cinderella Girls) is said as its even part each and the remainder
    (RULES.md 000, as `tilelens score` says it) until ``remainder_settled``: who lost rock-paper-scissors is
    chosen (the ledger box's), or the hand was added so: said apart by ``scorer.payout.remainder_apart``, as the
    command line says it. Returns the number of payment lines drawn (one for payers alike)."""
    from scorer.payout import remainder_apart

    unit = currency(game)
    # "Player 1/2/3" named nobody as the winner (the scorer numbers the others only): said in a caption under the
    # heading (the ledger box draws the payments again in its place, by the players' names, with no such line). Said
    # in the heading, it was four lines of large bold type on a phone
    numbered = [p for p in result.payments if re.fullmatch(r"player \d+", p.payer)] if to is None else []
    heading(t("payments"))
    # its place kept where there is none: the ledger box draws the payments over these (``to``), and a line of the
    # first drawing past the second's stayed shown
    if len(numbered) > 1:
        st.caption(t("payers_others", n=len(numbered)))
    else:
        st.empty()
    extra = result.extra or {}
    # a split not settled: each payer pays the even share, and the remainder ({"amount", "parts"}) is said apart
    even, rest = (result.payments, None) if remainder_settled else remainder_apart(result.payments, extra)
    split = rest is not None

    def part(paid_amount: int) -> str:  # what of the remainder a payment holds: over the even share
        over = paid_amount - extra["even_share"] if "even_share" in extra else 0
        return amount(over, unit) if over > 0 else ""

    alike = getattr(game, "engine", "riichi") == "riichi" and len(paid) > 1 and len({(a, n) for _, a, n in paid}) == 1
    if to is not None and alike and not split:  # a dealer's tsumo at the table: one line, not three of the same
        _, paid_amount, note = paid[0]
        said_note = f" ({payment_note(note, part(paid_amount))})" if note else ""
        line = t("pays_all_to", to=as_typed(to), amount=amount(paid_amount, unit))
        st.markdown(f"- {line[:1].upper() + line[1:]}{said_note}")
        drawn = 1
    elif to is not None:
        if split:  # the payers as named, in the same order: each its even share
            shares = remainder_apart([Payment(who, a, note) for who, a, note in paid], extra)[0]
            paid = [(who, p.amount, p.note) for (who, _, _), p in zip(paid, shares)]
        for who, paid_amount, note in paid:
            said_note = f" ({payment_note(note, part(paid_amount))})" if note else ""
            line = t("pays_to", who=as_typed(who), to=as_typed(to), amount=amount(paid_amount, unit))
            st.markdown(f"- {line}{said_note}")
        drawn = len(paid)
    elif all_alike(game, result.payments):  # a dealer's tsumo: one line, not three of the same
        pay = result.payments[0]
        note = f" ({payment_note(pay.note, part(pay.amount))})" if pay.note else ""
        line = t("pays_all", amount=amount(pay.amount, unit))
        st.markdown(f"- {line[:1].upper() + line[1:]}{note}")
        drawn = 1
    else:
        for pay in even:  # the even share each, where the remainder is still to settle
            note = f" ({payment_note(pay.note, part(pay.amount))})" if pay.note else ""
            who = payer_label(pay.payer, game)  # 「東 (親) が」: a bracket is not run into the particle
            line = t("pays", who=f"{who} " if lang() == "ja" and who.endswith(")") else who,
                     amount=amount(pay.amount, unit))
            st.markdown(f"- {line[:1].upper() + line[1:]}{note}")  # a line alone: "Player 1 pays 20 points"
        drawn = len(result.payments)
    if rest is not None:
        st.markdown("- " + t("remainder_left" if rest["parts"] == 1 else "remainder_left_n",
                             rest=amount(rest["amount"], unit), n=rest["parts"]))
    elif extra.get("remainder"):  # its place kept, empty: drawn over the split said apart, it stayed shown
        st.empty()
    return drawn


def all_alike(game: Game, payments: Sequence[Any]) -> bool:
    """Every payer of a riichi tsumo pays the same, with the same note (a dealer's tsumo): said in one line
    ("each of the others pays 1,000 (1,000 all)"); a Donjara game has no dealer nor "all" to say."""
    return getattr(game, "engine", "riichi") == "riichi" and len(payments) > 1 \
        and len({(getattr(p, "amount", None), getattr(p, "note", "")) for p in payments}) == 1


def payer_label(payer: str, game: Game | None = None) -> str:
    """A payment's payer ("player 2", "east (dealer)", "discarder") in the current language (``scorer.result.payer_ja``,
    as the command line says it), in ``game``'s words: a Donjara game's discarder is 「捨てた人」."""
    return payer_ja(payer, getattr(game, "engine", "riichi")) if lang() == "ja" else payer


def payment_note(note: str, part: str = "") -> str:
    """A payment's note ("incl. 300 for 1 honba") in the current language. ``part``: what of a tsumo split's
    remainder the payment holds, in the game's unit ("1万"), said on a Japanese screen (``payment_note_ja``)."""
    from scorer.payout import REMAINDER_NOTE

    if note == REMAINDER_NOTE:
        return payment_note_ja(note, part) if lang() == "ja" else t("incl_remainder")
    from scorer.riichi_pay import PAO_NOTE

    if note == PAO_NOTE:
        return t("pao_half_note")
    found = re.fullmatch(r"incl\. ([\d,]+) for (\d+) honba", note)
    return t("incl_honba", bonus=found.group(1), n=found.group(2)) if found else note


def _riichi_extra(extra: Mapping[str, Any], yakuman: bool = False) -> None:
    """A riichi result's han, fu and limit in one line ("3翻 · 30符", 「満貫」), and why the fu. ``yakuman``: the hand
    holds a yakuman of yaku, said by its limit alone (「役満」, not 「13翻 · 役満」); a counted one (数え役満) keeps the
    han that made it."""
    if "han" not in extra:
        return
    # renhou as the mangan: "mangan", not "5 han · mangan" (``han_mean_nothing``); a yakuman as itself
    said_alone = han_mean_nothing(extra) or (yakuman and bool(extra.get("limit")))
    bits = [] if said_alone else [counted(extra["han"], "翻", "han")]
    if not fu_mean_nothing(extra):  # a yakuman's fu mean nothing: "26 han · 50 fu" said none
        bits.append(counted(extra.get("fu", "?"), "符", "fu"))
    if extra.get("limit"):  # the dora are not said here: each kind is a line of the yaku (``listed_yaku``)
        bits.append(str(said(extra["limit"], extra.get("limit_ja"))))
    st.caption(" · ".join(bits))
    details = () if fu_mean_nothing(extra) else extra.get("fu_details") or ()
    if details:  # why the fu: each part of the hand that added some
        key = "label_ja" if lang() == "ja" else "label"
        st.caption(list_sep().join(f"{d.get(key) or d.get('reason')} {d.get('fu')}" for d in details))


def _notes(extra: Mapping[str, Any]) -> None:
    """A riichi result's notes (``extra["notes"]``): what was given and left out (renhou or dora beside a yakuman),
    and the share of a pao paid, below the question that asked it (``result_view``'s ``above``)."""
    if "han" not in extra:  # a riichi result's alone, as before
        return
    for note in extra.get("notes") or ():
        st.caption(said(note.get("text", ""), note.get("text_ja")))


def _tile_ids(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Sequence):
        return [str(getattr(v, "id", v)) for v in value]
    return []


def group_view(game: Game, group: Mapping[str, Any]) -> None:
    """One group of a winning hand: its tiles as pictures, its kind, and what each Almighty stood for."""
    tiles = _tile_ids(group.get("tiles", ()))
    label = group.get(f"kind_{lang()}") or group.get("label") or group.get("kind") or ""
    extra = "" if group.get("label") == label else _group_label(game, group)
    extra = "" if extra == label else extra  # a unit named alike in both languages: said once
    notes = [f"{label} {extra}".strip()]
    for stand in group.get("almighty") or ():
        notes.append(t("stands_for_tile", tile=_display(game, stand.get("tile")), t=_display(game, stand.get("as"))))
    if group.get("scouted"):  # completed by a Scout (a claimed discard), as `tilelens score` tags it
        notes.append(t("group_scouted"))
    # the kind first, as the tiles' description: a screen reader hears where each group starts (after the tiles it
    # ran on from one group's names into the next's). Above the pictures, not beside them: beside a group of three on
    # a phone it left room for two, the third wrapped under the caption
    group_box = st.container(gap=None)
    group_box.caption(" · ".join(n for n in notes if n) or " ")
    row = group_box.container(horizontal=True, gap="small", vertical_alignment="center")
    for tile_id in tiles:
        try:
            row.image(picture(game, tile_id, 36), width=36, output_format="JPEG",
                      alt=_display(game, tile_id))  # a screen reader's text
        except UnknownTileError:
            row.caption(tile_id)


def _group_label(game: Game, group: Mapping[str, Any]) -> str:
    """What a group is of, in the screen's language: a Donjara set names its tile by its Japanese name
    (``"妖怪01"``), a unit its attribute values (``"cool"``), a riichi meld says both languages itself."""
    raw = str(group.get("label", ""))
    if group.get("label_ja") and lang() == "ja":  # the scorer's own Japanese (a riichi meld's, a set's, a unit's)
        return str(group["label_ja"])
    tile = next((k for k in game.tiles if raw in (k.name_ja, k.name_en, k.id)), None)
    if tile is not None:
        return name_of(tile)
    return " ".join(next((attribute_value(a, w, game) for a in game.attributes if value_pair(a, w, game)), w)
                    for w in raw.split(" "))


def _display(game: Game, token: Any) -> str:
    """What an Almighty stands for: a tile's name, or the attributes it takes (a type and a status mark:
    "Cute Vo", not the scorer's mapping as Python writes it)."""
    if isinstance(token, Mapping):
        return " ".join(attribute_value(str(a), str(v), game) for a, v in token.items())
    try:
        return name_of(game.tile(str(token)))
    except UnknownTileError:
        return str(token)


def waits_view(game: Game, waits: Sequence[Any]) -> None:
    """The tiles that complete a hand one short, each with what it would be worth."""
    heading(t("waits"))
    if not waits:
        summary_note(f"**{t('waits')}**: {t('waits_none')}")
        st.info(t("waits_none"))
        return
    dead = f" ({_short(t('wait_dead'))})"  # a tile with no copy left, said so in the line above the hand too
    summary_note(f"**{t('waits')}**: " + list_sep().join(dict.fromkeys(
        as_typed(_display(game, getattr(w, "tile", getattr(w, "tile_id", "")))) + (dead if wait_dead(w) else "") for w in waits)))
    unit = currency(game)
    with st.container(key=WAITS):
        for wait in waits:
            _wait_row(game, wait, unit)
    style(no_toolbars_css(WAITS))


def _wait_row(game: Game, wait: Any, unit: str) -> None:
    """A wait: its tile's picture and name, what it is worth, and its notes."""
    tile_id = str(getattr(wait, "tile", getattr(wait, "tile_id", "")))
    row = st.container(horizontal=True, gap="small", vertical_alignment="center")
    try:
        name = name_of(game.tile(tile_id))
        row.image(picture(game, tile_id, 36), width=36, output_format="JPEG", alt=name)  # the line beside it names it too
    except UnknownTileError:
        name = tile_id
    row.markdown(f"**{as_typed(name)}** — {wait_value(wait, unit)}")
    for note in () if wait_dead(wait) else wait_notes(wait):  # what its ron or tsumo was given and left out (dora beside a yakuman)
        st.caption(note)


def wait_notes(wait: Any) -> list[str]:
    """The notes a riichi wait's ron and tsumo carry (``extra["notes"]``), in the screen's language, each once:
    the dora beside a yakuman are left out of both."""
    notes = [note for win in (getattr(wait, "ron", None), getattr(wait, "tsumo", None)) if win is not None
             for note in (getattr(win, "extra", None) or {}).get("notes") or ()]
    return list(dict.fromkeys(str(said(n.get("text", ""), n.get("text_ja"))) for n in notes))


def wait_dead(wait: Any) -> bool:
    """No copy of the tile is left to win on (``remaining`` 0: every copy in view; a riichi ``RiichiWait.dead``).
    The Donjara waits leave such a tile out; the riichi waits list it last, the hand being tenpai all the same."""
    return getattr(wait, "remaining", None) == 0


def _short(label: str) -> str:
    """A label without its explanation in brackets (``"none left (every copy in view)"`` -> ``"none left"``)."""
    return label.split(" (")[0]


def wait_value(wait: Any, unit: str) -> str:
    """What a wait is worth: riichi waits give ron and tsumo results, Donjara waits one result. A wait with no
    copy left (``wait_dead``) is worth nothing to win: "none left", greyed, its value left out (as `tilelens
    waits` leaves out its ron and tsumo lines)."""
    if wait_dead(wait):
        return f":gray[{t('wait_dead')}]"
    if hasattr(wait, "ron") and hasattr(wait, "tsumo"):
        ron, tsumo = wait.ron, wait.tsumo
        # a ron with no yaku said so, not "ron 0" (0 of what?)
        ron_said = f"{t('ron')} {ron.value or ron.points:,}" if ron.yaku else t("ron_no_yaku")
        text = f"{ron_said} / {t('tsumo')} {amount(tsumo.value or tsumo.points, unit)}"
        if (ron.yaku or tsumo.yaku) and "furiten" in ron.extra:  # its ron's value is no ron: said, as the command says
            return f"{text} ({t('wait_furiten')})"
        return text if ron.yaku or tsumo.yaku else f"{text} ({t('wait_no_yaku')})"
    yaku = getattr(wait, "yaku", None)
    hits = yaku if isinstance(yaku, Sequence) else ([yaku] if yaku is not None else [])
    names = list_sep().join(name_of(y) for y in hits)
    note_text = said(getattr(wait, "note", ""), getattr(wait, "note_ja", ""))
    note = f" ({note_text})" if note_text else ""
    return f"{names} {amount(int(getattr(wait, 'points', 0) or 0), unit)}{note}".strip()
