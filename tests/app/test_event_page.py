"""AppTest of the "Event check" page: one table from uploads, and browsing an event's report folder."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event


support = event_support()


class FakeRecognizer:
    def __init__(self, reader):
        self.read = reader


def png_bytes(path: Path) -> bytes:
    buf = io.BytesIO()
    Image.open(path).save(buf, format="PNG")
    return buf.getvalue()


def test_check_one_table_from_uploads(home, monkeypatch, tmp_path):
    reader = support.ExactReader()
    hands = dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin", "miona"]})  # a 10-tile hand at seat 2
    photos = {}
    for seat, kinds in hands.items():
        path = tmp_path / f"s{seat}.png"
        reader.draw(path, kinds, {0: 0.3} if seat == "4" else None)
        photos[seat] = png_bytes(path)
    from app.components import resources

    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    at = open_page("event_check", game="nogizaka")
    for seat, data in photos.items():
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", data, "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error] == ["table-01: Not in order"]
    text = texts(at)
    assert "Seat 2 (non-dealer) has 10 tiles, expected 8" in text  # a sentence (session 53)
    assert "Seat 4, tile 1: read as" in text and "please confirm" in text
    assert reader.calls == 4
    assert len(at.image) >= 2  # the crops of the flagged tiles (10 at seat 2, 1 at seat 4)
    # the report and the photos it shows are kept in the app's own scratch folder, not the system's
    checked = Path(at.session_state["event_checked"][0])
    assert checked.parent.parent == tmp_path / "home" / "scratch" / "event-check"
    assert (checked / "report.json").is_file()
    # another game, or another photo at a seat: the report of the check before is no longer shown
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    assert not at.exception and "Seat 2 (non-dealer) has 10 tiles" not in texts(at)
    at.selectbox(key="game_id").set_value("nogizaka").run()
    for seat, data in photos.items():
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", data, "image/png"))
    at.run()
    assert "Seat 2 (non-dealer) has 10 tiles" in texts(at)  # the same game and photos: the same report
    at.file_uploader(key="event_seat_2").set_value(("seat2.png", photos["1"], "image/png")).run()
    assert not [m for m in at.markdown if m.value.startswith(":red[") and "has 10 tiles" in m.value]


def test_photos_uploaded_under_one_name_are_each_read_for_its_seat(home, monkeypatch, tmp_path):
    """A phone names each camera upload image.jpg: a fair deal was "Not in order", no seat read."""
    reader = support.ExactReader()
    from app.components import resources

    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    at = open_page("event_check", game="nogizaka")
    for seat, kinds in support.CLEAN.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        at.file_uploader(key=f"event_seat_{seat}").set_value(("image.png", png_bytes(tmp_path / f"s{seat}.png"),
                                                              "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.success] == ["table-01: In order"] and reader.calls == 4


def test_the_page_reads_each_tile_on_its_own_as_tilelens_check_does(home, monkeypatch, tmp_path):
    """The page's reader kept a game's tiles within the set's copies: a tile dealt twice that the set holds
    once was read as the next likeliest idol and listed to confirm, where `tilelens check` said the fault."""
    import vision
    from app.components import resources

    reader, asked = support.ExactReader(), {}

    def load(**options):
        asked.update(options)
        return FakeRecognizer(reader)

    monkeypatch.setattr(vision.Recognizer, "load", load)
    resources._event_reader.clear()
    at = open_page("event_check", game="nogizaka")
    reader.draw(tmp_path / "s1.png", support.CLEAN["1"])
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", png_bytes(tmp_path / "s1.png"), "image/png")).run()
    at.button(key="event_check").click().run()
    resources._event_reader.clear()
    assert not at.exception, [e.value for e in at.exception]
    assert asked["game"] == "nogizaka" and asked["set_limit"] is False and reader.calls == 1


def test_missing_seat_upload_is_reported(home, monkeypatch, tmp_path):
    reader = support.ExactReader()
    path = tmp_path / "s1.png"
    reader.draw(path, support.CLEAN["1"])
    from app.components import resources

    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    at = open_page("event_check", game="nogizaka")
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", png_bytes(path), "image/png")).run()
    at.button(key="event_check").click().run()
    assert not at.exception
    text = texts(at)
    assert all(f"No photo for seat {n}" in text for n in "234")
    assert "seat2.jpg" not in text  # file names are the folder layout's, not the upload page's


def test_browse_an_event_report(home, tmp_path):
    reader = support.ExactReader()
    root = tmp_path / "event"
    support.make_table(reader, root, "a-clean", support.CLEAN)
    support.make_table(reader, root, "b-surplus", dict(support.CLEAN, **{
        s: ["kotoko"] * 2 + support.CLEAN[s][:-2] for s in "1234"}))
    out = tmp_path / "report"
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "1 of 2 tables in order" in at.subheader[0].value
    assert at.selectbox(key="event_table").value == "b-surplus"  # faults first
    assert [e.value for e in at.error] == ["b-surplus: Not in order"]
    assert "read 9 times, but the set has 6" in texts(at)  # session 52: the page's short line
    at.selectbox(key="event_table").set_value("a-clean").run()
    assert [e.value for e in at.success] == ["a-clean: In order"]


@pytest.mark.parametrize("lang, said", [
    ("en", ["Folders not checked as tables", "`old`: holds only the report of an earlier check (event.json)"]),
    ("ja", ["卓として確認しなかったフォルダ", "`old`: 以前のチェックのレポート (event.json) だけで"])])
def test_folders_skipped_as_reports_are_named_in_the_screens_language(home, tmp_path, lang, said):
    # event.json lists them ("skipped"); the page showed the tables only, so a folder passed over vanished
    reader = support.ExactReader()
    root = tmp_path / "event"
    support.make_table(reader, root, "t1", support.CLEAN)
    (root / "old").mkdir()  # an earlier report kept inside the event folder: not a table
    (root / "old" / "event.json").write_text("{}", encoding="utf-8")
    out = tmp_path / "report"
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    (shown,) = [w.value for w in at.warning if said[0] in w.value]
    assert said[1] in shown and ("holds only" in shown) == (lang == "en")
    assert [o.split(" (")[0] for o in at.selectbox(key="event_table").options] == ["t1"]  # a table still, and the only one


def test_an_event_without_skipped_folders_says_none(home, tmp_path):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.warning and "not checked as tables" not in texts(at)


def test_browse_a_folder_without_report(home, tmp_path):
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(tmp_path)).run()
    assert "No report in this folder" in texts(at)


def test_a_damaged_report_is_one_message_not_a_traceback(home, tmp_path):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    table_json = out / "t1" / "report.json"
    table_json.write_text(table_json.read_text()[:40], encoding="utf-8")  # cut short
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1 and at.error[0].value.startswith("This report cannot be read (damaged, or not written")
    for damaged in ("[]", '{"tables": [{"table": "t1"}]}', '{"tables": "t1"}', "{\"tables",
                    '{"tables": [], "skipped": ["old"]}'):
        (out / "event.json").write_text(damaged, encoding="utf-8")
        at.text_input(key="event_folder").set_value(str(out)).run()
        assert not at.exception, (damaged, [e.value for e in at.exception])
        assert "This report cannot be read" in at.error[0].value and "event.json" in at.error[0].value


def test_a_missing_seat_is_said_in_japanese_on_japanese_screens(home, monkeypatch, tmp_path):
    reader = support.ExactReader()
    path = tmp_path / "s1.png"
    reader.draw(path, support.CLEAN["1"])
    from app.components import resources

    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    at = open_page("event_check", game="nogizaka", lang="ja")
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", png_bytes(path), "image/png")).run()
    at.button(key="event_check").click().run()
    text = texts(at)
    assert all(f"{n}番席の写真がありません" in text for n in "234") and "no photo" not in text
    assert [e.value for e in at.error] == ["卓01: 問題あり"]  # was "upload: ..."; a Japanese screen's name (52)


def test_a_report_shows_its_findings_in_japanese(home, tmp_path):
    reader = support.ExactReader()
    root = tmp_path / "event"
    support.make_table(reader, root, "b-surplus", dict(support.CLEAN, **{
        s: ["kotoko"] * 2 + support.CLEAN[s][:-2] for s in "1234"}))
    out = tmp_path / "report"
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check", lang="ja")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert "9枚読みましたが、セットには6枚しかありません" in texts(at)
    html = (out / "b-surplus" / "index.html").read_text(encoding="utf-8")
    assert "read 9 times but the set has 6" in html and "セットには6枚しかありません" in html


def test_a_table_folder_named_wrong_is_explained_in_japanese(home, tmp_path):
    reader = support.ExactReader()
    table = support.make_table(reader, tmp_path / "event", "a-mixed-up", support.CLEAN)
    (table / "seat2.jpg").write_bytes((table / "seat2.png").read_bytes())
    (table / "IMG_0001.png").write_bytes(b"x")
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check", lang="ja")
    at.text_input(key="event_folder").set_value(str(out)).run()
    text = texts(at)
    assert "2番席の写真が複数あります: seat2.jpg、seat2.png (1枚にしてください)" in text
    assert "写真 IMG_0001.png の名前では席がわかりません" in text and "does not say its seat" not in text


def test_a_seat_with_many_unsure_tiles_is_one_finding_with_their_crops_in_one_row(home, tmp_path):
    reader = support.ExactReader()
    root = tmp_path / "event"
    support.make_table(reader, root, "t1", support.CLEAN, conf={"2": {i: 0.4 for i in range(8)}, "3": {0: 0.5}})
    out = tmp_path / "report"
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    text = texts(at)
    assert "Seat 2: 8 tiles to confirm (tiles 1, 2, 3, 4, 5, 6, 7, 8)" in text and "Seat 2, tile" not in text
    assert "Seat 3, tile 1: read as" in text  # one unsure tile is told as before
    crops = [len(im.value) for im in at.image]
    assert 8 in crops and 1 in crops  # the eight crops together, the single one alone
    at = open_page("event_check", lang="ja")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert "2番席: 確かめる牌が8枚あります (1、2、3、4、5、6、7、8枚目)" in texts(at)
    assert at.subheader[0].value == "1卓中0卓が問題なし"  # was "0 / 1 卓が問題なし", as `tilelens check` says it


def test_a_home_folder_that_cannot_be_written_is_one_message_not_a_traceback(home, monkeypatch, tmp_path):
    reader = support.ExactReader()
    path = tmp_path / "s1.png"
    reader.draw(path, support.CLEAN["1"])
    from app.components import resources

    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    (home / "home").mkdir(parents=True, exist_ok=True)
    (home / "home" / "scratch").write_text("a file where the folder must go", encoding="utf-8")
    at = open_page("event_check", game="nogizaka")
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", png_bytes(path), "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(e.value.endswith("scratch: File exists (a file is where a folder must go)") or
               "Not a directory" in e.value for e in at.error), [e.value for e in at.error]


def test_no_model_for_the_game_is_said_in_the_screens_language(home, monkeypatch, tmp_path):
    """The page's own reader, with no models: one line in Japanese (it was a NameError on the way)."""
    reader = support.ExactReader()
    path = tmp_path / "s1.png"
    reader.draw(path, support.CLEAN["1"])
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "no-models"))
    at = open_page("event_check", game="nogizaka", lang="ja")
    at.file_uploader(key="event_seat_1").set_value(("seat1.png", png_bytes(path), "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    said = [e.value for e in at.error]
    assert any("モデルがありません" in e and "tilelens train" not in e for e in said), said


@pytest.mark.parametrize("lang, said", [
    ("en", ["The check did not finish (interrupted)", "Tables not checked: t2",
            "1 of 2 tables checked, 1 in order"]),
    ("ja", ["チェックは終わっていません (中断されました)", "チェックしていない卓: t2", "2卓中1卓をチェック"])])
def test_a_check_that_did_not_finish_says_so_in_the_screens_language(home, tmp_path, lang, said):
    """An interrupted check's event.json lists the tables done: the page said "1 of 1 tables in order"."""
    from tilelens.event import EventInterrupted

    reader = support.ExactReader()
    root = tmp_path / "event"
    support.make_table(reader, root, "t1", support.CLEAN)
    support.make_table(reader, root, "t2", support.CLEAN)

    def read(image):
        if reader.calls >= 4:  # Ctrl-C as t2 is read
            raise KeyboardInterrupt
        return reader(image)

    out = tmp_path / "report"
    with pytest.raises(EventInterrupted):
        check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: read, jobs=1, progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    (stopped,) = [e.value for e in at.error if said[0] in e.value]
    assert said[1] in stopped
    assert said[2] in at.subheader[0].value
    assert [o.split(" (")[0] for o in at.selectbox(key="event_table").options] == ["t1"]


@pytest.mark.parametrize("lang, said", [
    ("en", ["The check did not finish (interrupted before the event folder was read): no table was checked",
            "No table checked (not finished)"]),
    ("ja", ["チェックは終わっていません (イベントフォルダを読む前に中断されました)", "チェックした卓はありません (未完了)"])])
def test_a_check_stopped_before_the_event_folder_was_read_says_so(home, tmp_path, monkeypatch, lang, said):
    """It said "0 of 0 tables checked" and "Tables not checked: none" of an event whose folder was never read."""
    from tilelens.event import EventInterrupted, runner

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    out = tmp_path / "report"
    with monkeypatch.context() as m:
        m.setattr(runner, "scan_event", interrupted)
        with pytest.raises(EventInterrupted):
            check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                        progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(said[0] in e.value for e in at.error), [e.value for e in at.error]
    assert said[1] in at.subheader[0].value
    assert not any("0 of 0" in e.value or "0卓中" in e.value for e in [*at.error, *at.subheader])


def _event_report(tmp_path: Path, tables: tuple[str, ...] = ("t1", "t2"), game: str = "nogizaka") -> Path:
    """An event of clean ``tables`` checked into ``tmp_path / "report"``."""
    reader = support.ExactReader()
    for name in tables:
        support.make_table(reader, tmp_path / "event", name, support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game=game), factory=lambda g: reader, jobs=1, progress=False)
    return out


@pytest.mark.parametrize("typed", ['"{out}"', "'{out}'", "  {out} ", "{out}/event.json", "{out}/index.html"])
def test_a_report_folder_copied_with_quotes_or_as_its_file_opens(home, tmp_path, typed):
    """Windows' "Copy as path" quotes the path, and an organiser may paste the report's own file: the page said
    "No report in this folder" of a folder that holds one."""
    out = _event_report(tmp_path)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(typed.format(out=out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "No report in this folder" not in texts(at)
    assert "2 of 2 tables in order" in at.subheader[0].value


def test_a_table_report_json_pasted_opens_that_table(home, tmp_path):
    out = _event_report(tmp_path)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out / "t1" / "report.json")).run()
    assert [e.value for e in at.success] == ["t1: In order"]


@pytest.mark.parametrize("lang, said", [("en", ["There is no folder", "is a file, not a report folder"]),
                                        ("ja", ["フォルダがありません", "はファイルです"])])
def test_a_folder_that_does_not_exist_or_is_a_file_is_named_as_such(home, tmp_path, lang, said):
    """Both were "No report in this folder", as of a folder that exists but holds no report."""
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(tmp_path / "nope")).run()
    assert not at.exception and any(said[0] in w.value and str(tmp_path / "nope") in w.value for w in at.warning), \
        [w.value for w in at.warning]
    at.text_input(key="event_folder").set_value(str(tmp_path / "notes.txt")).run()
    assert not at.exception and any(said[1] in w.value and "notes.txt" in w.value for w in at.warning), \
        [w.value for w in at.warning]


@pytest.mark.parametrize("lang, said", [("en", "The report of table t1 is not there"), ("ja", "卓 t1 のレポートがありません")])
def test_a_table_whose_pages_were_removed_is_said_not_a_blank(home, tmp_path, lang, said):
    """event.json lists t1 but its folder was removed: choosing it showed nothing, not a word why."""
    import shutil

    out = _event_report(tmp_path)
    shutil.rmtree(out / "t1")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="event_table").value == "t1"
    assert any(said in w.value and str(out / "t1") in w.value for w in at.warning), [w.value for w in at.warning]


@pytest.mark.parametrize("lang, said", [("en", "Game: Nogizaka"), ("ja", "ゲーム: 乃木")])
def test_a_report_says_which_game_it_checked(home, tmp_path, lang, said):
    """An organiser who opens last season's folder (another game's check) was not told it is of another game."""
    out = _event_report(tmp_path, ("t1",))
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert said in texts(at), texts(at)
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()
    assert said in texts(at), texts(at)


def _check_clean_table(at, photos: dict[str, bytes]) -> None:
    for seat, data in photos.items():
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", data, "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.fixture
def clean_photos(monkeypatch, tmp_path):
    """The four clean seat photos, and the exact reader that reads them as the page's reader."""
    return _page_photos(monkeypatch, tmp_path, support.CLEAN)


@pytest.fixture
def idol_photos(monkeypatch, tmp_path):
    """The four seat photos of a clean Cinderella Girls deal (``support.IDOLS``), read as ``clean_photos``: a game
    played by 2 to 4, where Nogizaka is of four only (the Players picker offers it 4 alone)."""
    return _page_photos(monkeypatch, tmp_path, {str(s + 1): hand for s, hand in enumerate(support.IDOLS)})


def _page_photos(monkeypatch, tmp_path, hands: dict[str, list[str]]) -> dict[str, bytes]:
    """Each seat's photo of ``hands``, and the exact reader that reads them as the page's reader."""
    from app.components import resources

    reader = support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    photos = {}
    for seat, kinds in hands.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        photos[seat] = png_bytes(tmp_path / f"s{seat}.png")
    return photos


def test_a_checked_table_follows_the_screens_language(home, clean_photos):
    """Checked on an English screen, then switched to Japanese: the verdict read "This table: 問題なし", and the
    photos were captioned seat1..seat4 in either language."""
    at = open_page("event_check", game="nogizaka")
    _check_clean_table(at, clean_photos)
    assert [e.value for e in at.success] == ["table-01: In order"]
    assert [x.caption for x in _report_photos(at)] == ["Seat 1 (dealer)", "Seat 2", "Seat 3", "Seat 4"]
    at.session_state["lang"] = "ja"
    at.run()
    assert [e.value for e in at.success] == ["table-01: 問題なし"]
    assert [x.caption for x in _report_photos(at)] == ["1番席 (親)", "2番席", "3番席", "4番席"]


def _report_photos(at) -> list:
    """The report's photos, captioned by seat (not the uploaders' thumbnails, uncaptioned: session 52)."""
    return next(i.proto.imgs for i in at.image if any(x.caption for x in i.proto.imgs))


@pytest.mark.parametrize("lang, said", [("en", "changed since the table was checked"), ("ja", "チェックした後に")])
def test_a_report_put_away_by_a_change_says_why(home, clean_photos, lang, said):
    """Another dealer (or photo, or game) after a check: the report vanished without a word."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _check_clean_table(at, clean_photos)
    assert not any(said in i.value for i in at.info)
    at.selectbox(key="event_dealer").set_value("2").run()
    assert not at.success and any(said in i.value for i in at.info), [i.value for i in at.info]
    at.selectbox(key="event_dealer").set_value("1").run()  # as checked again: the report, and no word
    assert at.success and not any(said in i.value for i in at.info)


@pytest.mark.parametrize("lang, said", [("en", "This folder cannot be opened"), ("ja", "このフォルダを開けません")])
def test_a_folder_that_cannot_be_opened_is_one_message_not_a_traceback(home, tmp_path, monkeypatch, lang, said):
    """A report folder the app's user may not enter (Permission denied), or text pasted in place of a path (File
    name too long): pathlib's is_file raised, and the page showed a traceback."""
    import errno

    out = _event_report(tmp_path, ("t1",))
    stat = Path.stat

    def guarded(self, *args, **kwargs):
        if str(self).startswith(str(out)):
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return stat(self, *args, **kwargs)

    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value("x" * 5000).run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1 and said in at.error[0].value
    monkeypatch.setattr(Path, "stat", guarded)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1 and said in at.error[0].value and str(out) in at.error[0].value


@pytest.mark.parametrize("lang, said", [("en", ["Seat 4: not at a table of 3 (not checked)", "Seat 4 was the dealer"]),
                                        ("ja", ["4番席: 3人の卓にはありません (チェックしません)", "4番席が親でした"])])
def test_fewer_players_keeps_the_photo_of_a_seat_left_out_and_says_the_dealer_moved(home, idol_photos, lang, said):
    """Players 4 -> 3 removed seat 4's uploader, its photo lost with it (back at 4 players it was gone), and the
    dealer chosen there became seat 1 without a word. (Cinderella Girls: played by 3; Nogizaka by 4 only.)"""
    at = open_page("event_check", game="cinderella-neo", lang=lang)
    for seat, data in idol_photos.items():
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", data, "image/png"))
    at.run()
    at.selectbox(key="event_dealer").set_value("4").run()
    at.selectbox(key="event_players").set_value(3).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.file_uploader(key="event_seat_4").label == said[0]
    assert at.file_uploader(key="event_seat_4").value is not None
    assert any(said[1] in w.value for w in at.warning), [w.value for w in at.warning]
    at.button(key="event_check").click().run()
    assert "seat 4" not in " ".join(e.value for e in at.error).lower()
    assert not any("seat 4" in m.value or "4番席" in m.value for m in at.markdown)  # its photo not read
    at.selectbox(key="event_players").set_value(4).run()
    assert at.file_uploader(key="event_seat_4").value is not None and not at.warning


@pytest.mark.parametrize("lang, said", [("en", "Report of this folder's check: "), ("ja", "このフォルダのチェックのレポート: ")])
def test_the_event_folder_typed_for_its_report_opens_the_report_in_it(home, tmp_path, lang, said):
    """``tilelens check EVENT`` writes EVENT/_report; an organiser who gave the event folder (the one the
    command was given) was told "No report in this folder" of it."""
    reader = support.ExactReader()
    root = tmp_path / "event"
    for name in ("t1", "t2"):
        support.make_table(reader, root, name, support.CLEAN)
    check_event(root, root / "_report", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(root)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.warning, [w.value for w in at.warning]
    assert [o.split(" (")[0] for o in at.selectbox(key="event_table").options] == ["t1", "t2"]
    assert f"{said}`{root / '_report'}`" in texts(at)  # the path as code: shown as it is


def _left_running(tmp_path: Path, monkeypatch) -> Path:
    """The report folder of a check of t1 and t2 killed after t1 (no Ctrl-C: SIGKILL, a power cut): its
    event.json says "running", as the check left it."""
    from tilelens.event import runner

    monkeypatch.setattr(runner, "EVENT_JSON_EVERY_S", 0.0)  # event.json written after each table
    reader = support.ExactReader()
    root, out = tmp_path / "event", tmp_path / "report"
    for name in ("t1", "t2"):
        support.make_table(reader, root, name, support.CLEAN)
    left = []
    check_event(root, out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1, progress=False,
                on_table=lambda report: left.append((out / "event.json").read_bytes()))
    (out / "event.json").write_bytes(left[0])  # as it was after t1, while the check ran
    return out


@pytest.mark.skipif(sys.platform == "win32", reason="no file lock on this system")
@pytest.mark.parametrize("lang, said", [
    ("en", ["A check is writing this report now", "Tables not checked yet: t2", "still running, or stopped"]),
    ("ja", ["いまチェックがこのレポートを書いています", "まだチェックしていない卓: t2", "実行中か、途中で止まりました"])])
def test_a_check_writing_the_report_now_is_told_from_one_that_stopped(home, tmp_path, monkeypatch, lang, said):
    """An unfinished report said "still running, or stopped before its end": the check's lock on the report
    folder tells which."""
    import fcntl

    from vision.locks import lock_file

    out = _left_running(tmp_path, monkeypatch)
    with lock_file(f"event-check:{out.resolve()}") as held:  # a check writing the folder now
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        at = open_page("event_check", lang=lang)
        at.text_input(key="event_folder").set_value(str(out)).run()
        fcntl.flock(held, fcntl.LOCK_UN)
    assert not at.exception, [e.value for e in at.exception]
    shown = [m.value for m in [*at.info, *at.warning, *at.error]]
    (running,) = [m for m in shown if said[0] in m]
    assert said[1] in running
    assert not any(said[2] in m for m in shown), shown
    assert not at.error  # not a fault: the check is at work
    assert [o.split(" (")[0] for o in at.selectbox(key="event_table").options] == ["t1"]


@pytest.mark.skipif(sys.platform == "win32", reason="no file lock on this system")
@pytest.mark.parametrize("lang, said", [
    ("en", ["The check stopped before it finished", "Tables not checked: t2",
            "Run the same command again to check the rest", "still running, or stopped"]),
    ("ja", ["チェックは途中で止まりました", "チェックしていない卓: t2", "同じコマンドをもう一度実行すると残りをチェックします",
            "実行中か、途中で止まりました"])])
def test_a_check_that_stopped_without_a_word_is_said_to_have_stopped(home, tmp_path, monkeypatch, lang, said):
    out = _left_running(tmp_path, monkeypatch)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    (stopped,) = [e.value for e in at.error if said[0] in e.value]
    assert said[1] in stopped and said[2] in stopped
    assert not any(said[3] in m.value for m in [*at.info, *at.warning, *at.error])


def test_without_file_locks_an_unfinished_report_says_it_cannot_tell(home, tmp_path, monkeypatch):
    from vision import locks

    out = _left_running(tmp_path, monkeypatch)
    monkeypatch.setattr(locks, "fcntl", None)
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("still running, or stopped before its end" in e.value for e in at.error), [e.value for e in at.error]
