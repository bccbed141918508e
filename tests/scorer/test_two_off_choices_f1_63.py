"""Session 63, F1: a Donjara hand two tiles from a yaku names the other tiles that would do as well in a word, as a
hand one tile off does (「辻野あかりを渋谷凛 (またはWONDERFUL M@GIC!!のほかのメンバー)に、…」). F14: for one of its two
swaps only, those that win with the other swap made, the other said with its own tile alone (every pair the words
allow wins). The wording is the one-off hint's."""
import re

from scorer import load_game, score

GAME = "cinderella-neo"
# seven members of WONDERFUL M@GIC!! (a unit of 19), 辻野あかり and 向井拓海: any two other members make it
TWO_OFF_MAGIC = ["shimamura-uzuki", "futaba-anzu", "mimura-kanako", "honda-mio", "abe-nana", "tada-riina",
                 "shirasaka-koume", "tsujino-akari", "mukai-takumi"]
UNIT_JA = "WONDERFUL M@GIC!!のほかのメンバー"
UNIT_EN = "another member of WONDERFUL M@GIC!!"


def _swaps_ja(reason_ja):
    """[(out, example, the others' word)] from 「…。AをB (またはX)に、CをD (またはY)に替えるとそろいます」."""
    said = re.search(r"。([^。]+)替えるとそろいます$", reason_ja).group(1)
    swaps = []
    for part in said.removesuffix("に").split("に、"):
        out, into = part.split("を", 1)
        others = re.search(r" \(または(.+)\)$", into)
        swaps.append((out, into.split(" (")[0], others.group(1) if others else ""))
    return swaps


def test_one_swap_of_a_unit_two_off_names_the_other_members():
    r = score(GAME, TWO_OFF_MAGIC, riichi=True)
    assert not r.winning and r.reason_ja.startswith("どの役の形にもなっていません。あと2枚でWONDERFUL M@GIC!! ("), \
        r.reason_ja
    swaps = _swaps_ja(r.reason_ja)
    assert [out for out, _, _ in swaps] and sorted(out for out, _, _ in swaps) == sorted(["辻野あかり", "向井拓海"])
    assert sorted(others for _, _, others in swaps) == ["", UNIT_JA], r.reason_ja
    assert r.reason.count(f"(or {UNIT_EN})") == 1, r.reason
    assert re.fullmatch(r"no yaku in these tiles; 2 tiles from WONDERFUL M@GIC!! \(480,000 fans\) by swapping "
                        rf"[\w ]+ for [\w ]+( \(or {re.escape(UNIT_EN)}\))? and [\w ]+ for [\w ]+( \(or "
                        rf"{re.escape(UNIT_EN)}\))?", r.reason), r.reason


def test_the_words_say_true_every_member_left_wins_with_the_other_swap_made():
    game = load_game(GAME)
    r = score(GAME, TWO_OFF_MAGIC, riichi=True)
    by_ja = {t.name_ja: t.id for t in game.tiles}
    (out1, into1, others1), (out2, into2, _) = _swaps_ja(r.reason_ja)
    unit = next(u for u in game.units if u.name == "WONDERFUL M@GIC!!")
    for out, fixed_out, fixed_into in ((out1, out2, into2),) if others1 else ((out2, out1, into1),):
        hand = list(TWO_OFF_MAGIC)
        hand[hand.index(by_ja[fixed_out])] = by_ja[fixed_into]  # the other swap made
        for member in unit.members:
            if member in hand:
                continue
            swapped = list(hand)
            swapped[swapped.index(by_ja[out])] = member
            won = score(GAME, swapped, riichi=True)
            assert won.winning, (swapped, won.reason_ja)


def test_a_two_off_swap_with_one_choice_is_said_as_before():
    r = score("nogizaka", ["rarin"] * 3 + ["marika"] * 3 + ["minami", "kotoko", "ashu"], riichi=True)
    assert "(or " not in r.reason and "(または" not in r.reason_ja, r.reason
