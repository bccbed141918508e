"""Session 51, the Event check page walked again: a table retaken keeps its name (the name moves on only at Next
table), a table checked by mistake can be removed from the session's event, the next name follows the organiser's
own, a name that differs from a table's only by zero padding, case or width is warned of, a game switched with
photos loaded starts that game's event at its own first table, an older tilelens's report is said to be older,
and a missing seat hints at Players 3 where the game allows three."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app_helpers import open_page, texts
from test_event_page import _event_report
from test_event_page import support
from test_event_page_51 import NAME, SURPLUS, _t, _textured
from tilelens.event.trust import sealed


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Two tables' photos (a clean one, one not in order), the page reading them with the exact reader (as
    test_event_page_51's)."""
    from app.components import resources

    reader = support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    return {table: {seat: _textured(reader, tmp_path / f"{table}{seat}.png", kinds, seed=10 * n + int(seat))
                    for seat, kinds in hands.items()}
            for n, (table, hands) in enumerate((("clean", support.CLEAN), ("surplus", SURPLUS)))}


def _uploader(at, seat: str):
    """Seat ``seat``'s uploader, whatever generation of keys the page draws it under (Next table clears them)."""
    return next(u for u in at.get("file_uploader")
                if u.key == f"event_seat_{seat}" or u.key.startswith(f"event_seat_{seat}_g"))


def _upload(at, seats: dict[str, bytes]) -> None:
    for seat in "1234":
        _uploader(at, seat).set_value((f"seat{seat}.png", seats[seat], "image/png") if seat in seats else None)
    at.run()


def _check(at) -> None:
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _out(at) -> Path:
    return Path(at.session_state["event_checked"][0]).parent


def _event(out: Path) -> dict:
    return json.loads((out / "event.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_retaken_at_most_seats_keeps_its_name(home, photos, lang):
    """Three of four seats retaken: the name jumped to table-02 and the retake became another table."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["surplus"])
    _check(at)
    _upload(at, dict(photos["clean"], **{"1": photos["surplus"]["1"]}))  # seats 2, 3, 4 retaken
    assert at.text_input(key=NAME).value == _t("table-01", lang)
    assert _t("table-02", lang) not in texts(at)
    _check(at)
    out = _out(at)
    assert [t["table"] for t in _event(out)["tables"]] == [_t("table-01", lang)]
    assert "looks like the same photo" not in texts(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_next_table_clears_the_photos_and_offers_the_next_name(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key=NAME).value == _t("table-02", lang)
    assert all(u.value is None for u in at.get("file_uploader")), [u.key for u in at.get("file_uploader")]
    assert "event_checked" not in at.session_state or not at.session_state["event_checked"]
    _upload(at, photos["surplus"])
    _check(at)
    assert {t["table"] for t in _event(_out(at))["tables"]} == {_t("table-01", lang), _t("table-02", lang)}


@pytest.mark.parametrize("lang, removed", [("en", "table-02 was removed"), ("ja", "卓02 を取り除きました")])
def test_a_table_checked_by_mistake_can_be_removed(home, photos, lang, removed):
    """table-02 holds seat 3 of table-01 again: both say the copy; removing table-02 takes it out of the event, its
    report moved aside, and table-01 no longer says it."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload(at, dict(photos["surplus"], **{"3": photos["clean"]["3"]}))
    _check(at)
    out = _out(at)
    assert any(f["kind"] == "near-copy" for f in json.loads((out / _t("table-01", lang) / "report.json").read_text())["findings"])
    at.selectbox(key="event_remove_table").set_value(_t("table-02", lang)).run()
    at.button(key="event_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert removed in texts(at), texts(at)
    assert [t["table"] for t in _event(out)["tables"]] == [_t("table-01", lang)]
    assert not (out / _t("table-02", lang)).exists()
    assert list((out / ".removed").glob(f"{_t('table-02', lang)}*/report.json"))  # moved aside, not lost
    first = json.loads((out / _t("table-01", lang) / "report.json").read_text(encoding="utf-8"))
    assert not any(f["kind"] == "near-copy" for f in first["findings"]) and first["verdict"] == "ok"
    assert at.text_input(key=NAME).value == _t("table-02", lang)  # offered again


def test_removing_a_table_in_the_runner(tmp_path):
    """A table not checked there is one message naming it, nothing moved."""
    from scorer import load_game
    from tilelens.event import EventInputError
    from tilelens.event.runner import remove_uploaded_table

    out = tmp_path / "out"
    (out / "t1").mkdir(parents=True)
    with pytest.raises(EventInputError) as err:
        remove_uploaded_table(out, "t9", load_game("nogizaka"))
    assert "t9" in str(err.value)
    assert (out / "t1").is_dir() and not (out / ".removed").exists()


@pytest.mark.parametrize("lang, said", [
    ("en", ["this browser session", "a reload", "24 hours", "Download the event's pages"]),
    ("ja", ["このブラウザを開いている間だけ", "再読み込み", "24時間", "イベントのページを保存"])])
def test_the_caption_says_the_event_lives_for_this_browser_session(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    captions = " ".join(c.value for c in at.caption)
    for words in said:
        assert words in captions, captions
    assert "is kept in" not in captions


@pytest.mark.parametrize("names, last, offered", [
    (["卓3"], "卓3", "卓4"), (["table-09"], "table-09", "table-10"), (["A卓", "B卓"], "B卓", "table-03"),
    (["卓３"], "卓３", "卓４"), (["table-01", "table-02"], "table-01", "table-03"), ([], None, "table-01"),
    (["R1-07"], "R1-07", "R1-08")])
def test_the_next_name_follows_the_organisers_own(tmp_path, monkeypatch, names, last, offered):
    from tilelens.event import runner

    next_table_name = runner.next_table_name
    monkeypatch.setattr(runner, "tables_checked", lambda out: list(names))
    assert next_table_name(tmp_path, last) == offered


@pytest.mark.parametrize("name, like", [("table-1", "table-01"), ("TABLE-01", "table-01"), ("table-０１", "table-01"),
                                        ("table-01", None), ("table-02", None)])
def test_a_name_only_padded_cased_or_wide_otherwise_is_found(name, like):
    from tilelens.event.runner import similar_table_name

    assert similar_table_name(name, ["table-01", "A卓"]) == like


@pytest.mark.parametrize("lang, said", [("en", "table-1 differs from table-01"), ("ja", "卓1 は、チェック済みの 卓01 と")])
def test_the_page_warns_of_a_name_like_a_table_checked(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.text_input(key=NAME).set_value(_t("table-1", lang)).run()
    assert any(said in w.value for w in at.warning), [w.value for w in at.warning]


def test_the_page_offers_the_name_after_the_organisers_own(home, photos):
    at = open_page("event_check", game="nogizaka")
    at.text_input(key=NAME).set_value("卓3").run()
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    assert at.text_input(key=NAME).value == "卓4"


@pytest.mark.parametrize("lang, said", [
    ("en", "These photos were checked as Nogizaka"), ("ja", "この写真は乃木坂")])
def test_a_game_switched_with_photos_loaded_starts_its_own_event(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_input(key=NAME).value == _t("table-01", lang)
    infos = [i.value for i in at.info]
    assert any(said in i for i in infos), infos
    assert not any("changed since" in i or "変わりました" in i for i in infos), infos


@pytest.mark.parametrize("lang, said", [("en", "written by an older tilelens"), ("ja", "古い tilelens")])
def test_a_report_of_an_older_tilelens_is_said(home, tmp_path, lang, said):
    out = _event_report(tmp_path)
    report = json.loads((out / "t1" / "report.json").read_text(encoding="utf-8"))
    report["page_format"] = 1
    # sealed here, as an older tilelens of this home sealed it (session 55: one changed since is not trusted)
    (out / "t1" / "report.json").write_text(json.dumps(sealed(report)), encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    warned = [w.value for w in at.warning]
    assert any(said in w and "tilelens check" in w and "--game nogizaka" in w for w in warned), warned
    assert len(warned) == 1 and "t1" in warned[0] and "t2" not in warned[0].split("`")[0], warned  # once, naming the table
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()  # the table's folder on its own: said too
    assert any(said in w.value and "--game nogizaka" in w.value for w in at.warning), [w.value for w in at.warning]
    at.text_input(key="event_folder").set_value(str(out / "t2")).run()  # a report of today: nothing said
    assert not any(said in w.value for w in at.warning)


@pytest.mark.parametrize("lang, said", [("en", "set Players to 3"), ("ja", "人数を3に")])
def test_a_missing_seat_hints_at_three_players_where_the_game_allows_it(home, photos, lang, said):
    at = open_page("event_check", game="yokai-watch", lang=lang)
    _upload(at, {s: photos["clean"][s] for s in "123"})
    _check(at)
    assert said in texts(at), texts(at)


def test_no_three_player_hint_where_the_game_is_of_four(home, photos):
    at = open_page("event_check", game="nogizaka")
    _upload(at, {s: photos["clean"][s] for s in "123"})
    _check(at)
    assert "No photo for seat 4" in texts(at)
    assert "set Players to 3" not in texts(at)
