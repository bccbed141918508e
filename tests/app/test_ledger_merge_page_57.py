"""Session 57: the ledger page's "Add another laptop's ledger" (ほかのパソコンの成績表を追加): the other laptop's ledger
file chosen and added, the merge's summary said (``tilelens.ledger_merge``: added, already here, kept twice), in both
languages; a file that is no ledger said in one line naming it as chosen; and this laptop's own ledger file to
download, so that the laptop adding up the evening can be sent it."""
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest
from app_helpers import texts, two_laptops
from screen_words import foreign

from tilelens.ledger import Ledger

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the ledger tests' helpers
from ledger_merge_helpers_57 import table_two  # noqa: E402

GAME = "yokai-watch"
UPLOADER = "ledger_merge_file"


@pytest.fixture
def laptops(home):
    """This laptop's ledger (the app's, TILELENS_LEDGER) and the other laptop's file."""
    return two_laptops(home)


def uploader(at_):
    return next(u for u in at_.get("file_uploader") if u.key.startswith(UPLOADER))


def add(at_, name, data):
    uploader(at_).set_value((name, data, "application/vnd.sqlite3"))
    at_.run()
    at_.button(key="ledger_merge").click().run()
    assert not at_.exception, [e.value for e in at_.exception]
    return at_


def said(at_):
    (block,) = [n for n in at_._tree if getattr(n, "key", None) == "ledger_merge_said"]
    # as shown: the markdown's escapes (as_typed: "\\#2") taken off
    return "\n".join(str(e.value) for e in (*block.success, *block.warning, *block.error, *block.markdown)
                     ).replace("\\", "")


@pytest.mark.parametrize("lang, title, added, again", [
    ("en", "Add another laptop's ledger", "added 2 matches (4 hands); already here: 0", "already here: 2"),
    ("ja", "ほかのパソコンの成績表を追加", "対局を2件 (4局) 追加しました。すでにあった対局: 0件", "すでにあった対局: 2件")])
def test_the_other_laptops_file_is_added_and_the_summary_said(laptops, page, lang, title, added, again):
    a, b = laptops
    at_ = page("ledger", GAME, lang=lang)
    assert title in [e.label for e in at_.expander]
    add(at_, "ledger.sqlite", b.path.read_bytes())
    assert added in said(at_) and "#3" in said(at_) and "#4" in said(at_)
    assert len(a.matches()) == 4 and a.match(3).players == ("Eri", "Fumi", "Goro", "Hana")
    assert at_.multiselect(key=f"ledger_tonight_{GAME}").value == [4, 2, 3, 1]  # tonight's totals: both tables
    assert uploader(at_).key != f"{UPLOADER}_0"  # a fresh, empty uploader for the next laptop's file
    players = frozenset(name for m in a.matches() for name in m.players)
    assert not foreign(at_, lang, players)  # no word of the other language in the section or its summary
    add(at_, "ledger.sqlite", b.path.read_bytes())
    assert again in said(at_) and len(a.matches()) == 4


def test_a_match_on_both_laptops_with_other_hands_is_said_kept_twice(laptops, page, tmp_path):
    a, _ = laptops
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(a.path.read_bytes())
    Ledger(copy).add_win(2, 3, "ron", {2: 70})
    a.add_win(2, 0, "ron", {1: 10})
    at_ = page("ledger", GAME)
    add(at_, "table2.sqlite", copy.read_bytes())
    (warning,) = [w.value.replace("\\", "") for w in at_.warning if "conflicting" in w.value]
    assert "kept both: #2 here and #3 added" in warning and "Delete this match" in said(at_)
    assert len(a.matches()) == 3


@pytest.mark.parametrize("lang, words", [
    ("en", "photo.sqlite cannot be read as a ledger file: it is damaged, or it is not a ledger file"),
    ("ja", "photo.sqlite を成績表のファイルとして読めません。壊れているか、成績表のファイルではありません")])
def test_a_file_that_is_no_ledger_is_said_by_its_name_nothing_changed(laptops, page, lang, words):
    a, _ = laptops
    at_ = page("ledger", GAME, lang=lang)
    add(at_, "photo.sqlite", b"\xff\xd8\xff not a ledger" * 50)
    (error,) = [e.value for e in at_.error]
    assert words in error and "tilelens-upload-" not in error  # the file as chosen, not a temporary path
    assert len(a.matches()) == 2


def test_add_with_no_file_chosen_says_to_choose_one(laptops, page):
    at_ = page("ledger", GAME)
    at_.button(key="ledger_merge").click().run()
    assert "Choose the other laptop's ledger file first." in texts(at_)


def test_this_laptops_ledger_can_be_downloaded_as_a_ledger_file(laptops, page, tmp_path):
    from tilelens.ledger_merge import ledger_file_bytes

    a, _ = laptops
    at_ = page("ledger", GAME)
    # K2: under "Where the ledger is kept", in words that hold on a phone (it was "Download this laptop's ledger")
    (button,) = [d for d in at_.get("download_button") if d.proto.label == "Download the ledger file"]
    # what it saves, said in a caption before it (session 59: a phone shows no help), where it goes on the other laptop
    assert any("Add another laptop's ledger" in c.value for c in at_.caption) and "ledger.sqlite" in texts(at_)
    copy = tmp_path / "downloaded.sqlite"
    copy.write_bytes(ledger_file_bytes(a.path))
    assert [m.players for m in Ledger(copy, read_only=True).matches()] == [m.players for m in a.matches()]


def test_a_laptop_with_no_ledger_yet_can_add_the_others(home, page):
    b = table_two(home / "b.sqlite")
    at_ = page("ledger", GAME)
    assert not [d for d in at_.get("download_button") if "ledger" in d.proto.label.lower()]  # nothing to send yet
    add(at_, "b.sqlite", b.path.read_bytes())
    assert "added 2 matches (4 hands)" in said(at_)
    with closing(sqlite3.connect(home / "ledger.sqlite")) as db:
        assert db.execute("SELECT COUNT(*) FROM matches").fetchone() == (2,)
