"""A first visit, nothing set up (a fresh TILELENS_HOME): each page says what to do next."""
from app_helpers import open_page, texts


def test_empty_ledger_says_how_to_start_a_match(home):
    at = open_page("ledger", "yokai-watch")
    said = "\n".join(str(i.value) for i in at.info)
    assert "No match yet" in said and "Start the match" in said, texts(at)


def test_empty_ledger_says_it_in_japanese(home):
    at = open_page("ledger", "yokai-watch", lang="ja")
    said = "\n".join(str(i.value) for i in at.info)
    assert "対局はまだありません" in said and "対局を始める" in said, texts(at)


def test_ledger_with_a_match_does_not_say_none_yet(home):
    at = open_page("ledger", "yokai-watch")
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    at.button(key="FormSubmitter:ledger_new-Start the match").click().run()
    assert "No match yet" not in texts(at)


def test_event_browse_tab_says_where_a_report_comes_from(home):
    """The Browse a report tab with no folder typed was a bare text box: where a report comes from is said."""
    at = open_page("event_check")
    said = "\n".join(str(c.value) for c in at.caption)
    assert "tilelens check" in said and "Check a table" in said and "no report yet" in said.lower(), said


def test_event_browse_tab_says_it_in_japanese(home):
    at = open_page("event_check", lang="ja")
    said = "\n".join(str(c.value) for c in at.caption)
    assert "tilelens check" in said and "1卓をチェック" in said and "レポートがまだない" in said, said


def test_event_browse_hint_goes_once_a_folder_is_typed(home, tmp_path):
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(tmp_path)).run()
    assert "no report yet" not in "\n".join(str(c.value) for c in at.caption).lower()


def test_photo_page_says_what_photo_to_take(home):
    """Before a photo: how to take one (one row, from the owner's side, close up), not only "every tile"."""
    at = open_page("score_photo")
    said = "\n".join(str(c.value) for c in at.caption)
    assert "one row" in said and "owner's side" in said and "fills most of the photo" in said, said
    at = open_page("score_photo", lang="ja")
    said = "\n".join(str(c.value) for c in at.caption)
    assert "一列" in said and "持ち主の側から" in said and "近づいて" in said, said
