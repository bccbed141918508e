"""The pages as players at a table see them: on a phone (about 360 px of page width).

What a browser lays out is checked by eye on ``scripts/screenshots.py``'s phone shots; these tests pin what
the page asks for so that a phone shows the thing that matters without scrolling sideways."""
from tilelens.ledger import Ledger


def test_the_hands_table_shows_every_players_total_before_the_yaku(home, page):
    """On a phone the hands table showed "#, Result, Yaku, Riichi, Ann" and the other players' totals lay
    off the screen's right edge: the totals (what a table asks the ledger) now come right after the result,
    the yaku and riichi after them (the table's data, and its CSV, keep their order)."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])
    ledger.add_win(m, 1, "ron", {0: 100}, riichi=(1,), note="基本セット")
    for lang, entry, result, yaku, riichi in (("en", "Entry", "Result", "Yaku", "Riichi"),
                                              ("ja", "入力順", "結果", "役", "リーチ")):
        at = page("ledger", "yokai-watch", lang=lang)
        table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
        # the yaku and riichi are said under the table, each hand whole (52: they were cut at a phone's edge)
        assert list(table.proto.column_order) == [entry, result, "Ann", "Bo", "Cy", "Di"]
        assert list(table.value.columns) == [entry, result, yaku, riichi, "Ann", "Bo", "Cy", "Di"]


def test_a_player_named_like_a_column_is_shown_by_the_name_the_table_gives_them(home, page):
    """A player named "Yaku" is the table's "Yaku (3)" column: the order shown names that column."""
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("nogizaka", ["Ann", "Bo", "Yaku", "Di"])
    ledger.add_draw(m)
    at = page("ledger", "nogizaka")
    table = at.dataframe[0]  # the hands table first (Tonight's totals below it since session 57)
    shown = list(table.proto.column_order)
    assert shown == ["Entry", "Result", "Ann", "Bo", "Yaku (3)", "Di"]


YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]


def top_level_keys(at) -> list[str]:
    """The keys of the main area's top-level keyed containers, in the order the page draws them."""
    ids = [getattr(block.proto, "id", "") for block in at.main.children.values()]
    return [i.rpartition("-")[2] for i in ids if i]


def summary_text(at, prefix: str) -> str:
    (box,) = [b for b in at.main.children.values() if getattr(b.proto, "id", "").endswith(f"-{prefix}_summary")]
    return " ".join(str(m.value) for m in box.get("markdown"))


def test_the_result_is_said_in_one_line_above_the_hand_on_the_manual_page(home, page):
    """The result came below the hand's rows and its options: a phone's third screen. Its one line (win,
    points, yaku) now comes above the hand, the full result (groups, who pays whom) still below."""
    at = page("score_manual", "yokai-watch")
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    keys = top_level_keys(at)
    assert keys.index("manual_summary") < keys.index("manual_strip")
    said = summary_text(at, "manual")
    assert "A win!" in said and "120 points" in said and "Basic set" in said
    assert "120" in at.success[0].value  # the full result below, as before
    at.checkbox(key="manual_riichi").uncheck().run()  # no riichi: no win, and the line says so
    said = summary_text(at, "manual")
    assert "Not a win" in said and "riichi" in said.lower() and "A win!" not in said


def test_the_result_line_is_in_japanese_on_a_japanese_screen(home, page):
    at = page("score_manual", "yokai-watch", lang="ja")
    for tile in YOKAI_WIN:
        at.button(key=f"manual_add_{tile}").click().run()
    said = summary_text(at, "manual")
    assert "ドンジャラ！" in said and "120点" in said and "基本セット" in said


def test_the_photo_pages_result_line_comes_above_the_photo(home, page):
    from app_helpers import photo_read_whole

    data, _ = photo_read_whole("yokai-watch", YOKAI_WIN)
    at = page("score_photo", "yokai-watch")
    at.file_uploader(key="photo_upload").set_value(("hand.jpg", data, "image/jpeg")).run()
    assert not at.exception
    children = list(at.main.children.values())
    ids = [getattr(b.proto, "id", "") or type(b).__name__ for b in children]
    summary = next(i for i, x in enumerate(ids) if x.endswith("-photo_summary"))
    photo = next(i for i, b in enumerate(children) if getattr(b, "type", "") == "image")
    assert summary < photo
    assert "points" in summary_text(at, "photo")


def test_the_typed_hands_example_is_in_the_screens_language(home, page):
    """An English screen said "Or type the hand (e.g. 妖怪01 妖怪02 妖怪03)": its example is now tile ids, which
    type on any phone's keyboard and read back as that hand; a Japanese screen keeps the Japanese names."""
    at = page("score_manual", "yokai-watch")
    label = at.text_input(key="manual_typed").label
    assert label == "Type the hand (e.g. yokai-01 yokai-02 yokai-03)"
    at.text_input(key="manual_typed").set_value("yokai-01 yokai-02 yokai-03")
    at.button(key="FormSubmitter:manual_typed_form-Use this hand").click().run()
    assert at.session_state["manual_tiles"] == ["yokai-01", "yokai-02", "yokai-03"]
    ja = page("score_manual", "yokai-watch", lang="ja")
    assert ja.text_input(key="manual_typed").label == "文字で入力 (例: 妖怪01 妖怪02 妖怪03)"


def test_a_hand_one_short_says_its_waits_in_the_result_line(home, page):
    """A hand one tile short shows the tiles that complete it below the options: the line above the hand
    names them too (or says that none does)."""
    at = page("score_manual", "nogizaka")
    for tile in ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2:
        at.button(key=f"manual_add_{tile}").click().run()
    said = summary_text(at, "manual")
    assert said.startswith("**Waits**") and "Kotoko" in said
    ja = page("score_manual", "nogizaka", lang="ja")
    for tile in ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 2:
        ja.button(key=f"manual_add_{tile}").click().run()
    assert summary_text(ja, "manual").startswith("**待ち**")
