"""Session 49: photos of another game's tiles checked as this game's (``tilelens check --game`` mis-picked). The
photo reader flags such a photo (``vision.HandReading.other_game``); the event check says so, per seat, and once
per table (and once for the event) when most seats (tables) say so, ahead of the wall of count and duplicate
errors that follow: in the text, the JSON, the HTML pages, in both languages. And a report.json edited by hand
that no longer holds a report is read again, not a ``KeyError``."""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, WrongGameReader, japanese, make_table  # noqa: E402
from scorer import load_game  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import CheckOptions, check_event  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.layout import read_table_folder  # noqa: E402
from tilelens.event.model import FindingKind, Verdict  # noqa: E402
from tilelens.event.runner import check_table  # noqa: E402


def _check(tmp_path: Path, reader: WrongGameReader, game: str = "nogizaka"):
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    return check_table(read_table_folder(tmp_path / "ev" / "t1", 4), load_game(game), reader)[0]


def test_a_table_of_another_games_tiles_is_one_finding_ahead_of_the_rest(tmp_path):
    report = _check(tmp_path, WrongGameReader("yokai-watch"))
    first = report.findings[0]
    assert first.kind == FindingKind.OTHER_GAME and first.seats == ("1", "2", "3", "4")
    assert "look like Yokai Watch Donjara's, not Nogizaka Donjara (fan-made)'s" in first.message
    assert "was the event checked with the right --game?" in first.message
    assert japanese(first.message_ja) and "妖怪ウォッチ" in first.message_ja and "--game" in first.message_ja
    assert [f.kind for f in report.findings].count(FindingKind.OTHER_GAME) == 1  # one finding, not one per seat
    assert report.verdict == Verdict.FAULT
    seats = report.to_dict()["seats"]
    assert [(s["other_game"], s["looks_like"]) for s in seats] == [(True, "yokai-watch")] * 4


def test_one_seat_of_another_games_tiles_is_said_at_that_seat(tmp_path):
    report = _check(tmp_path, WrongGameReader("cinderella-neo", flagged={"3"}))
    said = [f for f in report.findings if f.kind == FindingKind.OTHER_GAME]
    assert [f.seats for f in said] == [("3",)] and report.findings[0] is said[0]
    assert said[0].message.startswith("seat 3's photo shows another set's tiles, which look like Donjara NEO: THE "
                                      "iDOLM@STER Cinderella Girls': retake it")  # 49d: the photo, not --game
    assert said[0].message_ja.startswith("3番席の写真は別のセットの牌です")


def test_tiles_like_no_game_known_say_they_do_not_look_like_the_games(tmp_path):
    report = _check(tmp_path, WrongGameReader(""))
    assert report.findings[0].kind == FindingKind.OTHER_GAME
    assert "do not look like Nogizaka Donjara (fan-made)'s" in report.findings[0].message
    assert "乃木坂ドンジャラ" in report.findings[0].message_ja


def test_a_reader_that_cannot_guess_still_says_the_tiles_are_not_the_games(tmp_path):
    reader = WrongGameReader()

    def broken(image, reading):
        raise RuntimeError("no classifier")

    reader.looks_like = broken
    report = _check(tmp_path, reader)
    assert report.findings[0].kind == FindingKind.OTHER_GAME and "do not look like" in report.findings[0].message


@pytest.mark.parametrize("lang, said", [
    ("en", "most tables (2 of 2): their tiles look like Yokai Watch Donjara's, not Nogizaka Donjara (fan-made)'s: "
           "was the event checked with the right --game?"),
    ("ja", "ほとんどの卓 (2卓中2卓) の牌が乃木坂ドンジャラではなく妖怪ウォッチ ドンジャラの牌に見えます")])
def test_an_event_of_another_games_tiles_says_so_once_in_text_json_and_html(tmp_path, monkeypatch, capsys, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    reader = WrongGameReader("yokai-watch")
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, CLEAN)
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda game: reader))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 1
    out = capsys.readouterr().out
    assert out.count(said) == 1, out
    table_line = next(line for line in out.splitlines() if "t1" in line)
    assert ("Yokai Watch Donjara" if lang == "en" else "妖怪ウォッチ") in table_line  # the table's line, first
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert event["other_game"]["tables"] == ["t1", "t2"] and event["other_game"]["looks_like"] == "yokai-watch"
    assert "most tables (2 of 2)" in event["other_game"]["message"] and japanese(event["other_game"]["message_ja"])
    page = (ev / "_report" / "index.html").read_text(encoding="utf-8")
    # a sentence on the page (session 53): "Most tables", as the JSON's "most tables ..." begins one
    assert 'class="other-game"' in page and "Most tables (2 of 2)" in page and "ほとんどの卓" in page
    table_page = (ev / "_report" / "t1" / "index.html").read_text(encoding="utf-8")
    assert 'data-finding="other-game"' in table_page


def test_an_event_of_this_games_tiles_says_nothing_of_another_game(tmp_path):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader,
                         jobs=1, progress=False)
    assert result.event["other_game"] is None
    assert 'class="other-game"' not in (tmp_path / "out" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("edited", ['{"verdict": 3, "fingerprint": "{fp}"}', '["{fp}"]',
                                    '{"table": "t1", "fingerprint": "{fp}", "verdict": "ok"}',
                                    '{"table": "t1", "fingerprint": "{fp}", "verdict": "ok", "findings": [], "seats": '
                                    '[{"seat": "1", "photo": "seat1.png", "tiles": [{"seat": "1", "index": 0, '
                                    '"kind": "maimai"}]}]}'])
def test_a_report_json_edited_by_hand_is_read_again_not_a_key_error(tmp_path, edited):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    options = CheckOptions(game="nogizaka")
    check_event(tmp_path / "ev", tmp_path / "out", options, factory=lambda g: reader, jobs=1, progress=False)
    path = tmp_path / "out" / "t1" / "report.json"
    fp = json.loads(path.read_text(encoding="utf-8"))["fingerprint"]
    path.write_text(edited.replace("{fp}", fp), encoding="utf-8")
    result = check_event(tmp_path / "ev", tmp_path / "out", options, factory=lambda g: reader, jobs=1,
                         progress=False)
    assert result.checked == 1 and result.event["tables"][0]["verdict"] == "ok"
    assert json.loads(path.read_text(encoding="utf-8"))["findings"] == []


def test_the_recognizer_reader_names_the_game_a_photo_of_another_games_tiles_looks_like():
    from vision.recognizer import default_models_dir
    from vision.synth import render_hand

    if not all((default_models_dir() / f"classifier-{g}.onnx").is_file() for g in ("nogizaka", "yokai-watch")):
        pytest.skip("committed models missing")
    from tilelens.event.reading import looks_like, recognizer_reader

    hand = [k.id for k in load_game("yokai-watch").tiles][:9]
    image = render_hand("yokai-watch", hand, seed=3, layout="flat", imgsz=640).image
    reader = recognizer_reader("nogizaka", threads=1)
    reading = reader(image)
    assert reading.other_game
    assert looks_like(reader, image, reading) == "yokai-watch"


@pytest.mark.parametrize("tampered", ['{"game": 1' + "0" * 5000 + "}", "[" * 100_000 + "]" * 100_000,
                                      b"\xff\xfe"])
def test_an_event_json_tampered_with_is_no_report_of_a_check_before_not_a_traceback(tmp_path, tampered):
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    (tmp_path / "out").mkdir()
    path = tmp_path / "out" / "event.json"
    path.write_bytes(tampered if isinstance(tampered, bytes) else tampered.encode())
    result = check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader,
                         jobs=1, progress=False)
    assert result.checked == 1 and json.loads(path.read_text(encoding="utf-8"))["tables"][0]["verdict"] == "ok"
