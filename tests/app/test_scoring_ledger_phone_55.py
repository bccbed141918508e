"""Session 55 (walkthrough w1, phone): a photo's hand recorded in one match is not offered for the next match, and
the winner chosen for one match is not kept for another; the score pages say a house table is out of date (the
Rules page and the command line did); a phone is shown none of the laptop's folders (tooltips, the ledger file) and
does not take the ledger's upgrade notice meant for the organiser; a removed game's matches are named by the game's
name; "1 hand", not "1 hands"."""
from __future__ import annotations

import pytest
from app_helpers import YOKAI_WIN, go_to, open_page, read_as, texts, type_hand

from app import settings
from tilelens.ledger import Ledger

SEAM = "TILELENS_VISITOR"  # app.components.visitor.SEAM: "network" makes AppTest a visitor from the network
START = {"en": "Start the match", "ja": "対局を始める"}


def _start(at, names: str):
    at.text_input(key="ledger_names").set_value(names)
    at.button(key=f"FormSubmitter:ledger_new-{START[at.session_state['lang']]}").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _hands(home) -> dict[int, int]:
    ledger = Ledger(home / "ledger.sqlite")
    return {m.id: len(ledger.hands(m.id)) for m in ledger.matches()}


# --- 1: a hand recorded in one match, then a new match started


@pytest.mark.parametrize("lang, said", [
    ("en", "already in the ledger, as hand 1 of match #1: it is not added to match #2"),
    ("ja", "対局 #1の1局目として成績表に記録済みです。対局 #2には記録しません")])
def test_a_photos_hand_recorded_in_one_match_is_not_offered_for_the_next(home, lang, said):
    at = open_page("ledger", "yokai-watch", lang)
    _start(at, "Pa Taro Hana Jiro")
    go_to(at, "score_photo")
    read_as(at, "yokai-watch", YOKAI_WIN, seed=1)
    at.selectbox(key="photo_winner").set_value(0).run()
    at.button(key="photo_add_ledger").click().run()
    assert _hands(home) == {1: 1}
    go_to(at, "ledger")
    _start(at, "Pa Taro Hana")
    go_to(at, "score_photo")
    assert at.selectbox(key="photo_winner").value is None  # chosen for match #1: not kept for match #2
    assert at.button(key="photo_add_ledger").proto.disabled
    assert said in texts(at), texts(at)
    at.selectbox(key="photo_winner").set_value(0).run()  # chosen again: still refused, and said
    assert at.button(key="photo_add_ledger").proto.disabled
    assert said in texts(at)
    assert _hands(home) == {1: 1, 2: 0}


def test_a_typed_hand_may_be_a_new_hand_of_the_next_match_but_its_winner_is_chosen_again(home):
    at = open_page("ledger", "yokai-watch", "en")
    _start(at, "Pa Taro Hana Jiro")
    go_to(at, "score_manual")
    type_hand(at, " ".join(YOKAI_WIN))
    at.selectbox(key="manual_winner").set_value(0).run()
    at.button(key="manual_add_ledger").click().run()
    assert _hands(home) == {1: 1}
    go_to(at, "ledger")
    _start(at, "Pa Taro Hana")
    go_to(at, "score_manual")
    assert at.selectbox(key="manual_winner").value is None
    assert at.button(key="manual_add_ledger").proto.disabled  # Add waits for the winner
    assert "already in the ledger" not in texts(at)
    at.selectbox(key="manual_winner").set_value(1).run()
    assert not at.button(key="manual_add_ledger").proto.disabled  # the same tiles: a new hand, on purpose
    at.button(key="manual_add_ledger").click().run()
    assert _hands(home) == {1: 1, 2: 1}


def test_the_winner_stays_chosen_while_the_match_does_not_change(home):
    at = open_page("ledger", "yokai-watch", "en")
    _start(at, "Pa Taro Hana Jiro")
    go_to(at, "score_manual")
    type_hand(at, " ".join(YOKAI_WIN))
    at.selectbox(key="manual_winner").set_value(2).run()
    go_to(at, "ledger")
    go_to(at, "score_manual")
    assert at.selectbox(key="manual_winner").value == 2


# --- 2 and 3: a house table out of date, said on the score pages; no folder of the laptop shown to a phone


@pytest.fixture
def shipped(home, tmp_path, monkeypatch):
    """Yokai Watch's shipped file as a copy this test may change, as an update of tilelens would."""
    path = tmp_path / "shipped-yokai.toml"
    path.write_text(settings.shipped_path("yokai-watch").read_text(encoding="utf-8"), encoding="utf-8")
    real = settings.shipped_path
    monkeypatch.setattr(settings, "shipped_path", lambda game_id: path if game_id == "yokai-watch" else real(game_id))
    return path


def _edit_then_update(shipped):
    text = shipped.read_text(encoding="utf-8")
    settings.save_house_table("yokai-watch", text + "\n# the club's edit\n")
    # a rule changed since (an update of comments alone is not said: nothing to take on the Rules page)
    shipped.write_text(text.replace("ron_on_almighty = false", "ron_on_almighty = true", 1), encoding="utf-8")
    assert settings.shipped_changes("yokai-watch") is not None


def _rules_links(at) -> list:
    return [link for link in at.get("page_link") if "rules" in link.proto.page]


@pytest.mark.parametrize("page_name", ["score_manual", "score_photo"])
@pytest.mark.parametrize("lang, said", [("en", "compare them on the Rules and yaku page"),
                                        ("ja", "「ルールと役」のページで確かめてください")])
def test_the_score_pages_say_a_house_table_is_out_of_date(shipped, page_name, lang, said):
    at = open_page(page_name, "yokai-watch", lang)
    links = len(_rules_links(at))  # the page menu's
    assert said not in texts(at)
    _edit_then_update(shipped)
    at = open_page(page_name, "yokai-watch", lang)
    assert not at.exception
    assert said in texts(at), texts(at)
    assert len(_rules_links(at)) == links + 1  # one tap to the Rules page


def test_a_house_table_in_date_says_nothing_of_the_shipped_one(shipped):
    settings.save_house_table("yokai-watch", shipped.read_text(encoding="utf-8") + "\n# the club's edit\n")
    at = open_page("score_manual", "yokai-watch", "en")
    assert "Scoring with the edited table" in texts(at)
    assert "compare them on the Rules" not in texts(at)


def test_a_phone_is_not_shown_the_house_tables_path(shipped, monkeypatch):
    settings.save_house_table("yokai-watch", shipped.read_text(encoding="utf-8") + "\n# the club's edit\n")
    edited = str(settings.edited_path("yokai-watch"))
    at = open_page("score_manual", "yokai-watch", "en")
    (note,) = [c for c in at.caption if "Scoring with the edited table" in c.value]
    assert note.proto.help == edited  # the computer running the app: the full path, to copy
    monkeypatch.setenv(SEAM, "network")
    at = open_page("score_manual", "yokai-watch", "en")
    (note,) = [c for c in at.caption if "Scoring with the edited table" in c.value]
    assert not note.proto.help
    assert edited not in texts(at)


def _ledger_file_captions(at) -> list:
    # a phone is told the ledger is on the laptop, in words (session 58: no file name either)
    return [c for c in at.caption if c.value.startswith(("Ledger file: ", "成績表のファイル: ", "The ledger is kept",
                                                         "成績表は、tilelens"))]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_not_shown_the_ledger_files_path(home, monkeypatch, lang):
    monkeypatch.setenv(SEAM, "network")
    path = str(home / "ledger.sqlite")  # outside TILELENS_HOME and ~: its path was said whole
    at = open_page("ledger", "yokai-watch", lang)  # no match yet: the file named under the hint
    (said,) = _ledger_file_captions(at)
    assert not said.proto.help and path not in said.value and "ledger.sqlite" not in said.value
    Ledger(home / "ledger.sqlite").new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    at = open_page("ledger", "yokai-watch", lang)
    (said,) = _ledger_file_captions(at)  # under "Where the ledger is kept"
    assert not said.proto.help and path not in said.value and "ledger.sqlite" not in said.value
    assert path not in texts(at)


# --- 4: the ledger's upgrade notice is the organiser's


def test_a_phone_does_not_take_the_upgrade_notice(home, monkeypatch):
    from test_app_handover_54 import upgrade

    path = upgrade.old_file(home / "ledger.sqlite")
    said = "This ledger file was upgraded for this version of tilelens"
    monkeypatch.setenv(SEAM, "network")
    at = open_page("ledger", "nogizaka", "en")
    assert said not in texts(at)
    assert not [b for b in at.button if b.key == "ledger_upgraded_ok"]
    monkeypatch.delenv(SEAM)
    at = open_page("ledger", "nogizaka", "en")  # the organiser, on the laptop: still told
    (copy,) = upgrade.copies(path)
    assert any(said in i.value and copy.name in i.value for i in at.info), [i.value for i in at.info]


# --- 5: a removed game's matches named by the game's name


@pytest.mark.parametrize("lang, name", [("en", "Club Donjara"), ("ja", "クラブドンジャラ")])
def test_a_removed_games_matches_are_named_by_its_name(home, lang, name):
    from test_ledger_club_54 import _removed_club_match

    m = _removed_club_match(home)
    at = open_page("ledger", "nogizaka", lang)
    (picker,) = [s for s in at.selectbox if s.key == "ledger_orphan_match"]
    said = " ".join(map(str, picker.options))
    assert f"#{m}" in said and name in said and "club" in said and "Eve" in said, said
    at.query_params["match"] = str(m)  # a link to it: said by the name too
    at.run()
    assert any(name in i.value and f"#{m}" in i.value for i in at.info), [i.value for i in at.info]


def test_a_removed_game_whose_file_is_unreadable_is_named_by_its_id(home):
    from test_ledger_club_54 import _removed_club_match

    m = _removed_club_match(home)
    for kept in (settings.home_dir() / "games" / "_removed").rglob("club.toml"):
        kept.write_text("this is [not toml", encoding="utf-8")
    at = open_page("ledger", "nogizaka", "en")
    assert not at.exception
    (picker,) = [s for s in at.selectbox if s.key == "ledger_orphan_match"]
    said = " ".join(map(str, picker.options))
    assert f"#{m} · club · Eve" in said, said


# --- 6: one hand


@pytest.mark.parametrize("hands, said", [(1, "(Ann, Bo, Cy; 1 hand)"), (2, "(Ann, Bo, Cy; 2 hands)")])
def test_the_delete_box_says_one_hand(home, hands, said):
    ledger = Ledger(home / "ledger.sqlite")
    m = ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy"])
    for _ in range(hands):
        ledger.add_win(m, 1, "ron", {2: 40})
    at = open_page("ledger", "yokai-watch", "en")
    assert [c for c in at.checkbox if c.key == f"ledger_delete_sure_{m}"]  # the box, its match in the caption above
    captions = [c.value for c in at.caption]
    assert any(said in c for c in captions), captions
    ja = open_page("ledger", "yokai-watch", "ja")
    captions = [c.value for c in ja.caption]
    assert any(f"{hands}局" in c and "Ann" in c for c in captions), captions


@pytest.mark.parametrize("lang, said", [("en", "saved by an older tilelens"), ("ja", "古い tilelens で保存した表")])
def test_the_score_pages_say_an_edit_saved_by_an_older_tilelens(shipped, lang, said):
    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    # the club's edit, a rule (an edit of comments alone has nothing the Rules page lists to take: not said)
    text = shipped.read_text(encoding="utf-8").replace("ron_on_almighty = false", "ron_on_almighty = true", 1)
    (folder / "0.toml").write_text(text, encoding="utf-8")
    at = open_page("score_manual", "yokai-watch", lang)
    assert said in texts(at), texts(at)
    assert ("「ルールと役」のページ" if lang == "ja" else "Rules and yaku page") in texts(at)


def test_a_phone_is_not_shown_the_ledger_files_path_in_its_messages(home, monkeypatch):
    junk = home / "junk.sqlite"
    junk.write_bytes(b"not a database " * 100)
    monkeypatch.setenv("TILELENS_LEDGER", str(junk))
    at = open_page("ledger", "nogizaka", "en")  # the organiser: the file named whole, to find it
    assert "cannot be opened" in at.error[0].value and str(junk) in at.error[0].value
    monkeypatch.setenv(SEAM, "network")
    at = open_page("ledger", "nogizaka", "en")
    assert not at.exception
    assert "cannot be opened" in at.error[0].value and "junk.sqlite" in at.error[0].value
    assert str(home) not in texts(at), texts(at)


def test_a_photos_hand_in_a_match_moved_on_is_said_once_when_another_match_is_open(home):
    # match #1 has a hand after the photo's: the page's "already in the ledger" note (score_photo.added_earlier)
    # and the ledger box's refusal said the same twice
    at = open_page("ledger", "yokai-watch", "en")
    _start(at, "Pa Taro Hana Jiro")
    go_to(at, "score_photo")
    read_as(at, "yokai-watch", YOKAI_WIN, seed=1)
    at.selectbox(key="photo_winner").set_value(0).run()
    at.button(key="photo_add_ledger").click().run()
    go_to(at, "score_manual")
    type_hand(at, " ".join(YOKAI_WIN))
    at.selectbox(key="manual_winner").set_value(1).run()
    at.button(key="manual_add_ledger").click().run()
    assert _hands(home) == {1: 2}
    go_to(at, "ledger")
    _start(at, "Pa Taro Hana")
    go_to(at, "score_photo")
    assert texts(at).count("already in the ledger, as hand 1 of match #1") == 1, texts(at)
