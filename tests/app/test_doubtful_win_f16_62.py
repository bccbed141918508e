"""Session 62 (F16): the photo page on a phone (W7).

1. A win that rests on tiles a person should check (``PhotoTile.low``: read with low confidence, or a stand-in not yet
   checked) says so on the result's top line ("2 tiles read unsure: check them before recording"), and the ledger's
   Add waits for a tick that names those tiles; once each is checked (corrected, or named as
   it stands in the picker), nothing is asked. A riichi hand too.
3. The payments' explanation ("Players 1 to 3 are the winner's opponents…") is a caption under the "Who pays"
   heading, not part of it; a group's caption is above its pictures (a 3-tile group's third picture wrapped at 390 px).
4. Under a match ended early (``TableState.ended_early``), the photo page names "Undo the end of the match" on the
   ledger page beside "New match".
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from app_helpers import YOKAI_NEAR, YOKAI_WIN, open_page, synthetic, texts, yokai_match

from tilelens.ledger import Ledger

RIICHI_TILES = ["2m", "3m", "4m", "4p", "5p", "6p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]  # haku


def _ok(at):
    assert not at.exception, [e.value for e in at.exception]
    return at


def read_unsure(at, game_id: str, tiles: list[str], unsure: set[int], shown: list[str] | None = None, seed: int = 5):
    """The photo page given a synthetic photo, read as ``tiles``, those at ``unsure`` (places in the hand) read with low
    confidence (0.3)."""
    from app.components.photo import PhotoTile

    data = synthetic(game_id, shown or tiles, seed)
    at.file_uploader(key="photo_upload").set_value((f"hand-{seed}.jpg", data, "image/jpeg")).run()
    read = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.3 if i in unsure else 0.95,
                      choices=((k, 0.3 if i in unsure else 0.95),)) for i, k in enumerate(tiles)]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(tiles)
    return _ok(at.run())


def _summary(at, prefix: str = "photo") -> str:
    boxes = [b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith(f"-{prefix}_summary")]
    return " ".join(str(m.value) for box in boxes for m in box.get("markdown"))


def _ask(at):
    return next((c for c in at.checkbox if (c.key or "").startswith("photo_doubts_seen")), None)


def _add(at):
    return at.button(key="photo_add_ledger")


# ---- 1. a doubtful win ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, top, named, ninth", [
    ("en", "2 tiles read unsure: check them before recording", "tile 3: Yokai 01", "tile 9: "),
    ("ja", "2枚の読みが不確か。確かめてから記録してください", "3枚目の妖怪01", "9枚目")])
def test_a_win_on_unsure_tiles_says_so_on_top_and_add_waits_for_a_tick(home, lang, top, named, ninth):
    ledger, match = yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN, {2, 8}, YOKAI_NEAR)
    summary = _summary(at)
    assert top in summary, summary
    assert summary.index(top) < summary.index("120"), summary  # the first thing said
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    ask = _ask(at)
    assert ask is not None and not ask.value
    assert named in ask.label and ninth in ask.label, ask.label
    assert _add(at).disabled  # the tick first
    _ok(ask.check().run())
    assert not _add(at).disabled
    _ok(_add(at).click().run())
    assert len(ledger.hands(match)) == 1
    assert _ask(at) is None  # added: nothing asked


def test_the_ask_names_the_unsure_tiles_and_only_them(home):
    yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, {2, 8}, YOKAI_NEAR)
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    label = _ask(at).label
    assert "tile 3: Yokai 01" in label and "tile 9: Almighty" in label, label
    assert "tile 1: " not in label and "tile 4: " not in label, label


def test_once_each_unsure_tile_is_checked_in_the_picker_nothing_is_asked(home):
    ledger, match = yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, {2, 8}, YOKAI_NEAR)
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    for i, kind in ((2, "yokai-01"), (8, "almighty")):  # tile 3 named as it stands; tile 9 too
        _ok(at.button(key=f"photo_tile_{i}").click().run())
        _ok(at.button(key=f"photo_pick_{kind}").click().run())
        if i == 2:  # one still unsure
            assert "1 tile read unsure: check it before recording" in _summary(at), _summary(at)
            assert _ask(at) is not None and _add(at).disabled
    assert "unsure" not in _summary(at), _summary(at)
    assert _ask(at) is None and not _add(at).disabled


def test_a_tile_corrected_is_no_longer_asked_of(home):
    yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, {8}, YOKAI_NEAR)
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    assert _ask(at) is not None
    _ok(at.button(key="photo_tile_7").click().run())  # a sure tile tapped: nothing changes
    _ok(at.button(key="photo_tile_7").click().run())
    assert _ask(at) is not None
    _ok(at.button(key="photo_tile_8").click().run())
    _ok(at.button(key="photo_pick_yokai-03").click().run())  # tile 9 corrected: three of a kind still
    assert _ask(at) is None, [c.label for c in at.checkbox]


def test_a_sure_win_asks_nothing_and_stays_green(home):
    yokai_match(home)
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, set(), YOKAI_NEAR)
    assert _summary(at).startswith(":green["), _summary(at)
    _ok(at.selectbox(key="photo_winner").set_value(0).run())
    assert _ask(at) is None and not _add(at).disabled


def test_a_riichi_win_on_an_unsure_tile_asks_too(home):
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match("tokyo-mahjong", ["Ann", "Ben", "Cy", "Di"])
    at = read_unsure(open_page("score_photo", "tokyo-mahjong", "ja"), "tokyo-mahjong", RIICHI_TILES, {5}, seed=3)
    assert "1枚の読みが不確か。確かめてから記録してください" in _summary(at), _summary(at)
    _ok(at.selectbox(key="photo_winner").set_value(1).run())
    _ok(at.selectbox(key="photo_discarder").set_value(0).run())
    ask = _ask(at)
    assert ask is not None and "6枚目" in ask.label and _add(at).disabled, ask
    _ok(ask.check().run())
    _ok(_add(at).click().run())
    assert len(ledger.hands(match)) == 1


def test_no_match_open_says_it_on_top_and_asks_nothing(home):
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, {2}, YOKAI_NEAR)
    assert "1 tile read unsure" in _summary(at)
    assert _ask(at) is None


# ---- 3. layout at 390 px ---------------------------------------------------------------------------------------------

def test_who_pays_is_the_heading_and_its_explanation_a_caption(home):
    at = read_unsure(open_page("score_photo", "yokai-watch", "ja"), "yokai-watch", YOKAI_WIN, set(), YOKAI_NEAR)
    headings = [m.value for m in at.markdown if m.value.startswith("#### ")]
    assert "#### 支払い" in headings, headings
    assert not any("上がった人以外" in h for h in headings), headings
    assert any(c.value.startswith("プレイヤー1〜3は上がった人以外の人です") for c in at.caption), \
        [c.value for c in at.caption]


def test_a_groups_caption_is_above_its_pictures_not_beside_them(home):
    from streamlit.testing.v1.element_tree import Block

    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_WIN, set(), YOKAI_NEAR)
    groups = next(b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith("-result_groups"))
    rows = [b for b in groups.children.values() if isinstance(b, Block)]
    assert rows
    for group in rows:  # each group: its caption, then a row of its pictures alone
        kids = list(group.children.values())
        assert type(kids[0]).__name__ == "Caption" and kids[0].value.strip(), kids
        assert [type(k).__name__ for k in kids[1:]] == ["Block"], kids
        assert {type(c).__name__ for c in kids[1].children.values()} == {"Image"}, kids[1].children


# ---- 4. after a match ended early ------------------------------------------------------------------------------------

def _ended(home, early: bool):
    ledger, match = yokai_match(home)
    ledger.add_win(match, 1, "ron", {2: 100})
    if early:
        ledger.end_match(match)
    return ledger, match


@pytest.mark.parametrize("lang, undo", [("en", "Undo the end of the match on the ledger page"),
                                        ("ja", "成績表のページの「対局の終了を取り消す」")])
def test_a_match_ended_early_names_undo_the_end(home, lang, undo):
    _ended(home, early=True)
    at = read_unsure(open_page("score_photo", "yokai-watch", lang), "yokai-watch", YOKAI_WIN, set(), YOKAI_NEAR)
    said = [i.value for i in at.info]
    assert any(undo in s and ("New match" in s or "「新しい対局」" in s) for s in said), said


def test_a_match_ended_early_names_undo_the_end_under_a_hand_that_does_not_win(home):
    _ended(home, early=True)
    at = read_unsure(open_page("score_photo", "yokai-watch"), "yokai-watch", YOKAI_NEAR, set())
    assert "Undo the end of the match on the ledger page" in texts(at), texts(at)
