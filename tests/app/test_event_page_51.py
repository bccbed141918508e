"""Session 51, the Event check page: an event checked table by table from uploads. Each table is checked under a
name (offered: table-01, then table-02...), kept in its own folder of the page's event folder (a table checked after
it no longer writes over it), its report and download named by it (the HTML's title too, in either language: not
"This table" / "この卓"); the tables checked so far are listed with their verdicts, with the photos one photo across
tables said (``runner.check_uploaded_table``), and the event's page is offered for download, also when a report
folder of ``tilelens check`` is browsed."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import streamlit

from app_helpers import open_page, texts
from test_event_page import _event_report, support
from tilelens.event.model import Verdict
from tilelens.event.report import VERDICT_JA

NAME = "event_table_name"
SURPLUS = {s: ["kotoko"] * 2 + support.CLEAN[s][:-2] for s in "1234"}  # kotoko read 9 times: not in order
IN_ORDER = {"en": "In order", "ja": "問題なし"}
NOT_IN_ORDER = {"en": "Not in order", "ja": VERDICT_JA[Verdict.FAULT]}  # the HTML report's word


def _t(name: str, lang: str) -> str:
    """A table's name as the page offers it on a screen of ``lang``: 卓01 for table-01 on a Japanese one (session 52)."""
    return name.replace("table-", "卓") if lang == "ja" else name


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Two tables' photos (a clean one, one not in order), the page reading them with the exact reader."""
    from app.components import resources

    reader = support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    drawn = {}
    for n, (table, hands) in enumerate((("clean", support.CLEAN), ("surplus", SURPLUS))):
        drawn[table] = {}
        for seat, kinds in hands.items():
            drawn[table][seat] = _textured(reader, tmp_path / f"{table}{seat}.png", kinds, seed=10 * n + int(seat))
    return drawn


def _textured(reader, path: Path, kinds: list[str], seed: int) -> bytes:
    """A photo of ``kinds`` in the exact reader's places, of noise (no flat colour: a photo's look, ``copies``, is
    had of it), known to ``reader``."""
    from PIL import Image

    from tilelens.event.layout import Photo
    from tilelens.event.reading import load_photo

    pixels = np.random.default_rng(seed).integers(0, 256, (60, 20 + 30 * len(kinds), 3), dtype=np.uint8)
    Image.fromarray(pixels).save(path)
    reader.known[reader.key(load_photo(Photo(path.name, path=path)))] = [(k, 0.98) for k in kinds]
    return path.read_bytes()


@pytest.fixture
def downloads(monkeypatch):
    """The file names the page offers for download, in the order drawn (each run's)."""
    names: list[str] = []
    real = streamlit.download_button

    def recorded(label, data, file_name=None, **kwargs):
        names.append(file_name)
        return real(label, data, file_name=file_name, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", recorded)
    return names


def _upload(at, seats: dict[str, bytes]) -> None:
    for seat in "1234":  # the uploader's key is new at each Next table (``event_check.seat_key``)
        up = next(u for u in at.get("file_uploader") if u.key == f"event_seat_{seat}"
                  or u.key.startswith(f"event_seat_{seat}_g"))
        up.set_value((f"seat{seat}.png", seats[seat], "image/png") if seat in seats else None)
    at.run()


def _check(at) -> None:
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _out(at) -> Path:
    return Path(at.session_state["event_checked"][0]).parent


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tables_checked_one_after_another_are_each_kept_under_their_name(home, photos, downloads, lang):
    """The walkthrough: table-01, -02 checked in turn were each "This table", each written over the last."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    assert at.text_input(key=NAME).value == _t("table-01", lang)
    _upload(at, photos["clean"])
    _check(at)
    assert [e.value for e in at.success] == [f"{_t('table-01', lang)}: {IN_ORDER[lang]}"]
    out = _out(at)
    assert (out / _t("table-01", lang) / "report.json").is_file()
    page = (out / _t("table-01", lang) / "index.html").read_text(encoding="utf-8")
    assert f"<title>{_t('table-01', lang)}" in page and "This table" not in page and "この卓" not in page
    assert f"{_t('table-01', lang)}.html" in downloads
    assert not any(_t("table-01", lang) in c.value for c in at.caption)  # not "checked already" of the table shown
    # Next table: the name moves on to the next table's (the organiser says so), and table-01 is kept
    at.button(key="event_next").click().run()
    assert at.text_input(key=NAME).value == _t("table-02", lang)
    _upload(at, photos["surplus"])
    assert at.text_input(key=NAME).value == _t("table-02", lang)
    assert not at.info, [i.value for i in at.info]
    downloads.clear()
    _check(at)
    assert [e.value for e in at.error] == [f"{_t('table-02', lang)}: {NOT_IN_ORDER[lang]}"]
    assert (out / _t("table-01", lang) / "report.json").is_file() and (out / _t("table-02", lang) / "report.json").is_file()
    assert f"{_t('table-02', lang)}.html" in downloads and "event.zip" in downloads  # the table's page, and the event's
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert {t["table"]: t["verdict"] for t in event["tables"]} == {_t("table-01", lang): "ok", _t("table-02", lang): "fault"}
    # the tables checked so far, listed with their verdicts
    summary = {"en": "1 of 2 tables in order", "ja": "2卓中1卓が問題なし"}[lang]
    assert any(summary in h.value for h in at.subheader), [h.value for h in at.subheader]
    listed = at.dataframe[0].value
    assert list(listed.iloc[:, 0]) == [_t("table-01", lang), _t("table-02", lang)]
    assert list(listed.iloc[:, 1]) == [IN_ORDER[lang], NOT_IN_ORDER[lang]]


def test_a_correction_checks_the_same_table_again(home, photos):
    """A dealer chosen again, a seat's photo retaken: the same table, checked again under its name."""
    at = open_page("event_check", game="nogizaka")
    _upload(at, photos["surplus"])
    _check(at)
    at.selectbox(key="event_dealer").set_value("2").run()
    _upload(at, dict(photos["surplus"], **{"2": photos["clean"]["2"]}))
    assert at.text_input(key=NAME).value == "table-01"
    assert any("table-01 was checked already" in c.value for c in at.caption), [c.value for c in at.caption]
    _check(at)
    out = _out(at)
    assert sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")) == ["table-01"]
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert [t["table"] for t in event["tables"]] == ["table-01"]


@pytest.mark.parametrize("lang, said", [("en", "is the same file as seat 3 at table-01"),
                                        ("ja", "卓01の3番席の写真")])
def test_a_photo_copied_from_a_table_checked_before_is_said_at_both(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload(at, dict(photos["surplus"], **{"3": photos["clean"]["3"]}))  # seat 3's photo of table-01 again
    _check(at)
    assert said in texts(at), texts(at)
    out = _out(at)
    earlier = json.loads((out / _t("table-01", lang) / "report.json").read_text(encoding="utf-8"))
    assert earlier["verdict"] != "ok" and any(f["kind"] == "near-copy" for f in earlier["findings"])


@pytest.mark.parametrize("name", ["../x", "a/b", "", "  ", ".hidden", "index.html", "CON"])
@pytest.mark.parametrize("lang, said", [("en", "table name"), ("ja", "卓の名前")])
def test_a_table_name_that_cannot_be_a_folder_is_one_message(home, photos, name, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    at.text_input(key=NAME).set_value(name).run()
    _upload(at, photos["clean"])
    _check(at)
    assert len(at.error) == 1 and said in at.error[0].value, [e.value for e in at.error]
    assert "event_checked" not in at.session_state


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_browsed_event_offers_its_own_page(home, tmp_path, downloads, lang):
    """The browse view offered each table's page but not the event's index.html."""
    out = _event_report(tmp_path)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "event.zip" in downloads, downloads  # named after the event's folder; its pages, their links working
    labels = [b.proto.label for b in at.get("download_button")]
    assert {"en": "Download the event's pages", "ja": "イベントのページを保存"}[lang] in labels, labels
