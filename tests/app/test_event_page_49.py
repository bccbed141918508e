"""Session 49, the Event check page: photos of another game's tiles checked as this game's are told so, ahead of
the count and duplicate errors they cause (the upload check and a browsed event); a damaged or hand-edited report
is one message naming the file and what is wrong in the screen's language, never a Python exception's name."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event

PYTHON_ERRORS = ("KeyError", "TypeError", "AttributeError", "ValueError", "IndexError")


support = event_support()


def png_bytes(path: Path) -> bytes:
    buf = io.BytesIO()
    Image.open(path).save(buf, format="PNG")
    return buf.getvalue()


@pytest.mark.parametrize("lang, said", [
    ("en", "these tiles look like Yokai Watch Donjara's, not Nogizaka Donjara (fan-made)'s: is the game chosen "
           "above right?"),
    ("ja", "この牌は乃木坂ドンジャラではなく妖怪ウォッチ ドンジャラの牌に見えます: 上で選んだゲームが合っているか確かめてください")])
def test_an_uploaded_table_of_another_games_tiles_is_told_so_first(home, monkeypatch, tmp_path, lang, said):
    from app.components import resources

    reader = support.WrongGameReader()  # every photo's tiles look like Yo-kai Watch's
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    hands = dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]})  # a count error too: told after
    at = open_page("event_check", game="nogizaka", lang=lang)
    for seat, kinds in hands.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", png_bytes(tmp_path / f"s{seat}.png"),
                                                              "image/png"))
    at.run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    lines = [m.value for m in at.markdown if m.value.startswith((":red[:material/error:]", ":orange[:material/warning:]"))]
    assert said in lines[0], lines  # the one finding of the table, ahead of the errors it explains
    assert sum(said in line for line in lines) == 1 and "--game" not in texts(at)


@pytest.mark.parametrize("lang, said", [("en", "Most tables (2 of 2): their tiles look like Yokai Watch Donjara's"),
                                        ("ja", "ほとんどの卓 (2卓中2卓) の牌が乃木坂ドンジャラではなく妖怪ウォッチ")])
def test_a_browsed_event_of_another_games_tiles_says_so_once(home, tmp_path, lang, said):
    reader = support.WrongGameReader()  # every photo's tiles look like Yo-kai Watch's
    for name in ("t1", "t2"):
        support.make_table(reader, tmp_path / "event", name, support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [e.value for e in at.error if said in e.value] and said in at.error[0].value, [e.value for e in at.error]


def _event_report(tmp_path: Path) -> Path:
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


TABLE = '{"table": "t1", "verdict": "ok", "counts": {}}'


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("damaged, names", [
    ('{"tables": [{"table": "t1"}]}', "verdict"),  # the walkthrough's badreport3: "KeyError: 'verdict'"
    ('{"tables": [{"table": "t1", "verdict": "ok", "counts": []}]}', "counts"),
    ('{"tables": [{"table": "t1", "verdict": "maybe", "counts": {}}]}', "verdict"),
    ('{"tables": [' + TABLE + '], "skipped": [{"folder": 3}]}', "folder"),
    ('{"tables": [' + TABLE + '], "finished": false, "unchecked": "t2"}', "unchecked"),
    ('{"tables": [{"table": "t1", "verdict": "fault", "counts": {}, "findings": [{"kind": "surplus"}]}]}',
     "severity")])
def test_a_damaged_event_report_names_the_file_and_what_is_wrong(home, tmp_path, lang, damaged, names):
    out = _event_report(tmp_path)
    (out / "event.json").write_text(damaged, encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "event.json" in errors[0] and f'"{names}"' in errors[0], errors
    assert not any(word in errors[0] for word in PYTHON_ERRORS), errors
    assert support.japanese(errors[0].split("event.json")[-1]) == (lang == "ja"), errors


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("damaged, names", [
    ('{"verdict": 3}', "table"),
    ('{"table": "t1", "verdict": "ok", "findings": [{"kind": "x"}]}', "severity"),
    ('{"table": "t1", "verdict": "fault", "findings": [{"kind": "surplus", "severity": "error", "message": "m", '
     '"seats": [], "tiles": [{"seat": "1", "index": 0, "kind": "x", '
     '"xyxy": [0, 0, 9, 9], "confidence": 0.5}]}]}', "crop"),
    ('{"table": "t1", "verdict": "review", "findings": [{"kind": "unsure-tile", "severity": "review", "message": "m", '
     '"seats": [], "tiles": []}]}', "seats")])
def test_a_damaged_table_report_names_the_file_and_what_is_wrong(home, tmp_path, lang, damaged, names):
    out = _event_report(tmp_path)
    (out / "t1" / "report.json").write_text(damaged, encoding="utf-8")
    at = open_page("event_check", lang=lang)
    for folder in (out / "t1", out):  # opened on its own, and chosen among the event's tables
        at.text_input(key="event_folder").set_value(str(folder)).run()
        assert not at.exception, [e.value for e in at.exception]
        errors = [e.value for e in at.error]
        assert len(errors) == 1 and "report.json" in errors[0] and f'"{names}"' in errors[0], errors
        assert not any(word in errors[0] for word in PYTHON_ERRORS), errors
        assert support.japanese(errors[0].split("report.json")[-1]) == (lang == "ja"), errors
