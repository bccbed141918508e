"""Session 52 phone walkthrough of the scoring pages: the photo page's options folded once a photo is read (their
choices said in the fold's label), the picker's every-tile grid with the almighty first in three columns, the tile
being corrected marked in the hand strip, and the Enter-a-hand palette narrowed by a name with the typed box below."""
import pytest
from streamlit.proto.GapSize_pb2 import GapSize

from app_helpers import YOKAI_WIN, open_page, read_as, type_hand


def _block(at, key):
    """The proto of the container keyed ``key``."""
    found = []

    def walk(node):
        proto = getattr(node, "proto", None)
        if proto is not None and str(getattr(proto, "id", "")).endswith(f"-{key}"):
            found.append(proto)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    assert len(found) == 1, key
    return found[0]


def _options(at):
    found = [e for e in at.expander if e.label.startswith(("Options", "条件"))]
    assert len(found) == 1, [e.label for e in at.expander]
    return found[0]


# 1. the options fold: closed under a photo's hand, its choices in its label

@pytest.mark.parametrize("lang, tsumo, riichi", [("en", "Tsumo", "Riichi"), ("ja", "ツモ", "リーチ")])
def test_the_photo_pages_options_start_folded_and_say_their_choices(home, lang, tsumo, riichi):
    at = read_as(open_page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN)
    opts = _options(at)
    assert not opts.proto.expanded
    assert tsumo in opts.label and riichi in opts.label, opts.label
    assert "4" in opts.label, opts.label  # the players


def test_the_options_label_follows_a_changed_option(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    at.segmented_control(key="photo_win").set_value("ron").run()
    at.checkbox(key="photo_riichi").uncheck().run()
    label = _options(at).label
    assert "Ron" in label and "Tsumo" not in label and "Riichi" not in label, label


def test_the_manual_pages_options_stay_open(home):
    at = open_page("score_manual", "yokai-watch")
    type_hand(at, " ".join(YOKAI_WIN))
    opts = _options(at)
    assert opts.proto.expanded and "Tsumo" in opts.label, opts.label


# 2. every tile: the almighty first, three columns on a phone

def test_the_all_tiles_grid_starts_with_the_almighty(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    at.button(key="photo_tile_2").click().run()
    keys = [b.key for b in at.button if (b.key or "").startswith("photo_pick_")]
    assert keys and keys[0] == "photo_pick_almighty", keys[:3]
    assert len(keys) == len(set(keys))


def test_the_all_tiles_grid_is_narrow_enough_for_three_columns(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    at.button(key="photo_tile_2").click().run()
    # three 88 px cells and two 8 px gaps: 280 px, in the picker's 292 px on a 390 px phone (16 px gaps: two)
    assert _block(at, "photo_pick_grid").flex_container.gap_config.gap_size == GapSize.XSMALL


# 3. the tile being corrected, marked in the strip

def test_the_tile_being_corrected_is_marked_in_the_strip(home):
    at = read_as(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN)
    at.button(key="photo_tile_2").click().run()
    assert at.button(key="photo_tile_2").proto.icon == ":material/edit:"
    assert at.button(key="photo_tile_1").proto.icon != ":material/edit:"
    css = "\n".join(str(h.proto.body) for h in at.get("html"))
    assert ".st-key-photo_cell_2" in css and "outline: 3px solid" in css
    at.button(key="photo_cancel").click().run()
    assert at.button(key="photo_tile_2").proto.icon != ":material/edit:"


# 4. Enter a hand: a name narrows the palette; the typed box below it

@pytest.mark.parametrize("lang, find", [("en", "Shimamura"), ("ja", "島村")])
def test_a_name_narrows_the_palette(home, lang, find):
    from app.components.i18n import STRINGS

    words = {key: STRINGS[key][0 if lang == "ja" else 1] for key in ("add_tile", "type_hand")}
    fold = words["type_hand"].split("{")[0]
    at = open_page("score_manual", "cinderella-neo", lang)
    every = [b.key for b in at.button if (b.key or "").startswith("manual_add_")]
    at.text_input(key="manual_pal_find").set_value(find).run()
    few = [b.key for b in at.button if (b.key or "").startswith("manual_add_")]
    assert 1 <= len(few) < 5 < len(every), few
    labels = [e.label for e in at.expander]
    typed = [x for x in labels if x.startswith(fold)]
    assert typed and labels.index(typed[0]) > labels.index("Add a tile" if lang == "en" else "牌を追加"), labels


def test_the_palette_has_four_cells_a_row_on_a_phone(home):
    # Streamlit sets a cell's 88 px on its wrapper: three a row in the 324 px an expander leaves on a 390 px phone
    at = open_page("score_manual", "cinderella-neo")
    css = "\n".join(str(h.proto.body) for h in at.get("html"))
    wrapper = '.st-key-manual_add_grid > [data-testid="stLayoutWrapper"]'
    rule = next(line for line in css.splitlines() if wrapper in line)
    assert "@media (max-width: 640px)" in rule.split(".st-key")[0], rule
    assert "width: 76px" in rule and "gap: 4px" in rule, rule


def test_a_name_that_matches_nothing_says_so(home):
    at = open_page("score_manual", "cinderella-neo")
    at.text_input(key="manual_pal_find").set_value("zzzz").run()
    assert not [b for b in at.button if (b.key or "").startswith("manual_add_")]
    assert any("zzzz" in c.value for c in at.caption), [c.value for c in at.caption]


# 5. the Label tiles page named by its title ("Label tiles", 「ラベル付け」), not "Label page"

def _said(func) -> str:
    """What ``func``'s messages say: its source less its docstring."""
    import inspect

    return inspect.getsource(func).replace(func.__doc__ or "", "")


def test_the_vision_messages_name_the_label_tiles_page_by_its_title():
    from vision import enroll, read_cli, recognizer

    english = [*enroll.WORDS["en"].values(), read_cli.WORDS["en"]["other_game"]]
    japanese = [*enroll.WORDS["ja"].values(), read_cli.WORDS["ja"]["other_game"]]
    code = _said(enroll.accepted_words) + _said(recognizer.game_reader)
    assert not [w for w in [*english, code] if "Label page" in str(w)]
    assert not [w for w in [*japanese, code] if "ラベル付けページ" in str(w) or "ラベル付けのページ" in str(w)]
    assert "the app's Label tiles page" in read_cli.WORDS["en"]["other_game"]
    assert "アプリの「ラベル付け」のページ" in read_cli.WORDS["ja"]["other_game"]
    assert "the Label tiles page" in code and "「ラベル付け」のページ" in code
