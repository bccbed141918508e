"""Session 58 (F3): the pao question ("Who fed the last dragon? (pao)") sat between the "Result" heading and the
result's line, above the win it asks about; now it follows the result's line, its yaku and its han, and the note
of its answer follows it, said as a sentence ("West fed the last dragon", 「西家が最後の三元牌を鳴かせた」). The
payments below follow the answer as before."""
from app_helpers import texts, type_hand

from tilelens.ledger import Ledger

MELDS = "pon:555z, pon:666z, pon:777z, chi:123p"


def _daisangen(at, win="tsumo"):
    type_hand(at, "22z")
    at.text_input(key="manual_melds").set_value(MELDS).run()
    at.segmented_control(key="manual_win").set_value(win).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _in_order(at):
    """The page's elements below the "Result" heading in the order drawn: (type, key, text) each."""
    found = []

    def walk(node):
        kind = getattr(node, "type", "")
        if kind not in ("block", "flex_container"):  # the containers' elements, in their places
            found.append((kind, getattr(node, "key", None), str(getattr(node, "label", None) or
                                                              getattr(node, "value", ""))))
        children = getattr(node, "children", None)
        for child in (children.values() if isinstance(children, dict) else ()):
            walk(child)

    walk(at.main)
    start = next(i for i, (kind, _, _) in enumerate(found) if kind == "subheader")
    return found[start:]


def _place(order, test):
    return next(i for i, element in enumerate(order) if test(*element))


def _question_placed(at, yaku, han, said):
    order = _in_order(at)
    won = _place(order, lambda kind, key, text: kind == "success")
    yaku_line = _place(order, lambda kind, key, text: kind == "markdown" and yaku in text)
    han_line = _place(order, lambda kind, key, text: kind == "caption" and han in text)
    question = _place(order, lambda kind, key, text: key == "manual_pao")
    note = _place(order, lambda kind, key, text: kind == "caption" and said in text)
    heading = next(i for i in range(question, len(order)) if order[i][2].startswith("#### "))  # Groups
    assert won < yaku_line < han_line < question < note < heading, order


def test_the_question_follows_the_result_line_and_its_answer_follows_it(home, page):
    at = _daisangen(page("score_manual", "tokyo-mahjong"))
    at.selectbox(key="manual_pao").set_value("west").run()
    _question_placed(at, "**Yaku**: Daisangen", "yakuman", "West fed the last dragon of this Daisangen")
    said = texts(at)
    assert "West pays 32,000 points" in said  # the payments follow the answer as before
    assert "west fed" not in said, said


def test_the_question_is_asked_below_the_result_before_any_answer(home, page):
    at = _daisangen(page("score_manual", "tokyo-mahjong"), win="ron")
    order = _in_order(at)
    assert order[0][0] == "subheader" and order[1][0] == "success", order[:3]  # the result first, under its heading
    assert _place(order, lambda kind, key, text: kind == "markdown" and "**Yaku**" in text) < \
        _place(order, lambda kind, key, text: key == "manual_pao")


def test_in_japanese_at_an_open_match(home, page):
    ledger = Ledger(home / "ledger.sqlite")
    ledger.new_match("tokyo-mahjong", ["Aki", "Ben", "Chie", "Dan"])
    at = _daisangen(page("score_manual", "tokyo-mahjong", "ja"), win="ron")
    at.selectbox(key="manual_winner").set_value(1).run()
    at.selectbox(key="manual_pao").set_value("west").run()
    at.selectbox(key="manual_discarder").set_value(3).run()
    _question_placed(at, "**役**: 大三元", "役満", "Chieが最後の三元牌を鳴かせたので")
    said = texts(at)
    assert "Chie" in said and "16,000" in said, said  # the liable player's half, named at the table
