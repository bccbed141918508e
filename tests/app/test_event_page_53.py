"""Session 53, the Event check page: its English findings begin with a capital; a seat's tiles read are said with
one colon (「**1番席 (親)で**読んだ牌: …」, not 「**1番席 (親)**: 読んだ牌: …」); the HTML reports it writes (and
offers to download) are made in the screen's language (<html lang="ja"> on a Japanese screen, whatever TILELENS_LANG
says); the photos checked are kept in the report folder, one table's in its folder as ``tilelens check`` reads one, so
that ``tilelens check FOLDER`` checks the event again (and the page says so); a table whose report was written before
reports kept each photo's digest is not said to hold a resized copy of a photo that looks the very same."""
from __future__ import annotations

import json

import pytest

from app_helpers import open_page, texts
import test_event_page_51 as session_51
import test_event_rewalk_52 as session_52
from test_event_page_51 import _check, _out, _t, _upload
from tilelens.event import CheckOptions, check_event


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


@pytest.fixture
def idol_photos(monkeypatch, tmp_path):
    """Two Cinderella Girls tables' photos (session 52's: a game played by 3, where Nogizaka is of four only)."""
    return session_52.idol_photos.__wrapped__(monkeypatch, tmp_path)


def test_an_english_finding_line_begins_with_a_capital(home, photos):
    at = open_page("event_check", game="nogizaka")
    _upload(at, {s: photos["clean"][s] for s in "123"})  # no photo for seat 4
    _check(at)
    lines = [m.value for m in at.markdown if "material/" in m.value]
    assert any(line.endswith("] No photo for seat 4") for line in lines), lines
    assert not any("] no photo" in line for line in lines), lines


@pytest.mark.parametrize("lang, said", [("en", "**Seat 1 (dealer)**, tiles read: 1. Misa-senpai, 2. Sayurin"),
                                        ("ja", "**1番席 (親)\u2060**の牌: 1. みさ先輩、2. さゆりん")])
def test_a_seats_tiles_read_are_said_with_one_colon(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    text = texts(at)
    assert said in text, text
    assert "**: 読んだ牌:" not in text and "**: Tiles read:" not in text, text


@pytest.mark.parametrize("lang, env", [("ja", "en"), ("en", "ja")])
def test_the_reports_written_are_made_in_the_screens_language(home, photos, monkeypatch, lang, env):
    monkeypatch.setenv("TILELENS_LANG", env)  # the command line's language: not the screen's
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    out = _out(at)
    for page in (out / _t("table-01", lang) / "index.html", out / "index.html"):
        assert f'<html lang="{lang}">' in page.read_text(encoding="utf-8"), page


@pytest.mark.parametrize("lang, said", [("en", "the photos checked"), ("ja", "チェックした写真")])
def test_the_photos_checked_are_kept_so_that_tilelens_check_checks_the_event_again(home, idol_photos, lang, said):
    """A table of four, then one of three (Cinderella Girls: played by 3; Nogizaka by 4 only)."""
    from app.components import resources

    photos = idol_photos
    at = open_page("event_check", game="cinderella-neo", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    at.selectbox(key="event_players").set_value(3).run()
    at.selectbox(key="event_dealer").set_value("2").run()
    session_52._upload_named(at, {s: (f"seat{s}.png", photos["surplus"][s]) for s in "123"})
    _check(at)
    out = _out(at)
    first, second = _t("table-01", lang), _t("table-02", lang)
    assert sorted(p.name for p in (out / first).iterdir() if p.is_file()) == [
        "index.html", "report.json", "seat1-dealer.png", "seat2.png", "seat3.png", "seat4.png", "table.toml"]
    assert (out / second / "seat2-dealer.png").read_bytes() == photos["surplus"]["2"]
    assert "players = 3" in (out / second / "table.toml").read_text(encoding="utf-8")
    # the page says what it keeps; browsed, the folder says how it is checked again on the computer
    assert said in texts(at), texts(at)
    at.text_input(key="event_folder").set_value(str(out)).run()
    # with this home (``runner.check_command_here``): the app's may be a club's own
    assert any(f"`TILELENS_HOME={home / 'home'} tilelens check {out} --game cinderella-neo`" in c.value
               for c in at.caption), [c.value for c in at.caption]
    # the page's report folder checked again as an event folder, as `tilelens check FOLDER` does
    page = json.loads((out / "event.json").read_text(encoding="utf-8"))
    result = check_event(out, out / "_report", CheckOptions(game="cinderella-neo"),
                         factory=lambda g: resources.event_reader(g), jobs=1, progress=False)
    again = {t["table"]: (t["verdict"], t["counts"]) for t in result.event["tables"]}
    assert again == {t["table"]: (t["verdict"], t["counts"]) for t in page["tables"]}, (again, page["tables"])
    assert not result.event["skipped"]


def test_a_table_checked_again_keeps_only_its_new_photos(home, photos):
    at = open_page("event_check", game="nogizaka")
    _upload(at, photos["clean"])
    _check(at)
    at.selectbox(key="event_dealer").set_value("3").run()
    _upload(at, dict(photos["clean"], **{"2": photos["surplus"]["2"]}))
    _check(at)
    folder = _out(at) / "table-01"
    assert sorted(p.name for p in folder.glob("*.png")) == ["seat1.png", "seat2.png", "seat3-dealer.png", "seat4.png"]
    assert (folder / "seat2.png").read_bytes() == photos["surplus"]["2"]


@pytest.mark.parametrize("lang, said", [("en", "identical to look at"), ("ja", "見た目がまったく同じ")])
def test_a_table_of_an_older_report_without_digests_is_not_said_to_be_resized(home, photos, lang, said):
    """Reports written before session 52 keep no photo digest: one file at two tables is told by its look."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    out = _out(at)
    stored = out / _t("table-01", lang) / "report.json"
    old = json.loads(stored.read_text(encoding="utf-8"))
    for seat in old["seats"]:
        seat.pop("digest", None)
    from tilelens.event.trust import sealed

    old.pop("seal", None)  # as a report before session 52 had it, sealed as this computer seals what it wrote
    stored.write_text(json.dumps(sealed(old), ensure_ascii=False), encoding="utf-8")
    at.button(key="event_next").click().run()
    _upload(at, dict(photos["surplus"], **{"3": photos["clean"]["3"]}))  # seat 3's photo of table-01 again
    _check(at)
    text = texts(at)
    assert said in text, text
    assert "resized" not in text and "大きさ・圧縮" not in text, text
    assert "same file" not in text and "同じファイルです" not in text, text  # not known without a digest

