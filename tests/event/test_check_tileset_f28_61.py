"""Session 61 (F28, walkthrough W9's findings 1 and 5): the event check reads with a taught tile set. Real Hong Kong
photos checked as Tokyo Mahjong read 0 of 21 seats exactly with the riichi classifier, 20 of 21 with the taught
``hk-mahjong`` set, and nothing let the check use it: ``tilelens check --tileset NAME`` reads every seat with it, says
so, records it in the report (a check with another set reads every table again), and the Event page has a "Tile set"
picker as the photo page has. And a house file with no red fives read by the riichi classifier never reads one."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))  # the app tests' helpers

from test_event_support import ExactReader, japanese, make_table  # noqa: E402
from tilelens import cli  # noqa: E402

# A legal Tokyo Mahjong deal: no kind more than twice, the dealer's 14, the others' 13; no red five.
DEAL = {"1": "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p".split(),
        "2": "1s 2s 3s 4s 5s 6s 7s 8s 9s 1z 2z 3z 4z".split(),
        "3": "6p 7p 8p 9p 5z 6z 7z 1m 2m 3m 4m 1s 2s".split(),
        "4": "3s 4s 6s 7s 8s 9s 1z 2z 3z 4z 5z 6z 7z".split()}


class _Loaded:
    """What the fake ``Recognizer.load`` gives: a recognizer whose ``read`` is the exact reader's."""

    def __init__(self, reader: ExactReader):
        self.reader = reader

    def read(self, image):
        return self.reader(image)


@pytest.fixture
def loads(monkeypatch, tmp_path):
    """``vision.Recognizer.load`` replaced: each call's keywords recorded, an exact reader of the drawn photos given."""
    from vision.recognizer import Recognizer

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    reader, calls = ExactReader(), []

    def load(cls, **kwargs):
        calls.append(kwargs)
        return _Loaded(reader)

    monkeypatch.setattr(Recognizer, "load", classmethod(load))
    return reader, calls


def _event(tmp_path: Path, reader: ExactReader) -> Path:
    ev = tmp_path / "ev"
    for name in ("t1", "t2"):
        make_table(reader, ev, name, DEAL)
    return ev


def test_check_reads_every_seat_with_the_tile_set_named_and_says_so(tmp_path, loads, capsys):
    reader, calls = loads
    ev = _event(tmp_path, reader)
    code = cli.main(["check", str(ev), "--game", "tokyo-mahjong", "--tileset", "hk-mahjong", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert calls and all(c.get("tileset") == "hk-mahjong" and c.get("game") == "tokyo-mahjong" for c in calls), calls
    assert "2 of 2 tables in order, read with tile set hk-mahjong (2 read" in out, out
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert event["tileset"] == "hk-mahjong"


def test_a_check_with_another_set_reads_every_table_again(tmp_path, loads, capsys):
    reader, calls = loads
    ev = _event(tmp_path, reader)
    base = ["check", str(ev), "--game", "tokyo-mahjong", "--jobs", "1"]
    assert cli.main(base + ["--tileset", "hk-mahjong"]) == 0
    assert cli.main(base + ["--tileset", "hk-mahjong"]) == 0  # the same set: the readings kept
    capsys.readouterr()
    n = reader.calls
    assert cli.main(base) == 0  # the game's own classifier now: every seat read again, not the set's readings kept
    out = capsys.readouterr().out
    assert reader.calls == n + 8 and "(2 read, 0 unchanged)" in out, out
    assert calls[-1].get("tileset") == ""
    assert "tileset" not in json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert cli.main(base + ["--tileset", "hk-mahjong"]) == 0
    assert reader.calls == n + 16  # and back to the set: read again


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unknown_or_unfit_set_is_one_line_before_any_photo_is_read(tmp_path, loads, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    reader, calls = loads
    ev = _event(tmp_path, reader)
    assert cli.main(["check", str(ev), "--game", "tokyo-mahjong", "--tileset", "nope", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "nope" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert japanese(err) == (lang == "ja")
    # the Hong Kong set does not read Nogizaka's tiles: refused, as `tilelens read --game --tileset` refuses it
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--tileset", "hk-mahjong", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "hk-mahjong" in err and "Traceback" not in err, err
    assert reader.calls == 0 and not calls


@pytest.mark.parametrize("lang, said", [("en", "--tileset NAME"), ("ja", "登録した牌セット")])
def test_the_help_names_the_option_in_each_language(monkeypatch, capsys, lang, said):
    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit):
        cli.main(["check", "--help"])
    out = capsys.readouterr().out
    assert "--tileset" in out and said in out, out


def test_a_house_file_without_red_fives_never_reads_one(tmp_path):
    """W9 #5: the riichi classifier read a Hong Kong five as a red five of a house file that has none ("'0p' is not
    a tile of hk-riichi"): it keeps to the game's kinds."""
    from scorer.catalog import GAMES_DIR
    from vision.recognizer import Recognizer

    text = (Path(GAMES_DIR) / "tokyo-mahjong.toml").read_text(encoding="utf-8")
    blocks = text.split("[[tiles]]")
    kept = [blocks[0].replace('id = "tokyo-mahjong"', 'id = "hk-riichi"')]
    for block in blocks[1:]:
        if any(f'id = "0{s}"' in block for s in "mps"):
            tail = block[block.find("\n[", block.find("attrs")):] if "\n[" in block[block.find("attrs"):] else ""
            kept[-1] += tail
            continue
        kept.append(block.replace("copies = 3", "copies = 4") if any(f'id = "5{s}"' in block for s in "mps")
                    else block)
    house = tmp_path / "hk-riichi.toml"
    house.write_text("[[tiles]]".join(kept), encoding="utf-8")
    rec = Recognizer.load(game=str(house), threads=1, boxcheck=False, orient=False)
    assert rec.classifier.never == {"0m", "0p", "0s"}
    assert not Recognizer.load(game="tokyo-mahjong", threads=1, boxcheck=False, orient=False).classifier.never


def test_the_event_page_offers_the_sets_of_the_game_and_reads_with_the_one_chosen(tmp_path, monkeypatch):
    from app_helpers import open_page
    from app.components import resources

    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TILELENS_LEDGER", str(tmp_path / "ledger.sqlite"))
    reader, asked = ExactReader(), []

    def event_reader(game_id, tileset=None):
        asked.append((game_id, tileset))
        return reader

    monkeypatch.setattr(resources, "event_reader", event_reader)
    at = open_page("event_check", game="tokyo-mahjong")
    picker = at.selectbox(key="event_tileset")
    assert "Hong Kong mahjong set (hk-mahjong)" in picker.options
    for seat, kinds in DEAL.items():
        reader.draw(tmp_path / f"s{seat}.png", kinds)
        at.file_uploader(key=f"event_seat_{seat}").set_value((f"seat{seat}.png", (tmp_path / f"s{seat}.png").read_bytes(),
                                                              "image/png"))
    at.run()
    at.selectbox(key="event_tileset").set_value("hk-mahjong").run()
    at.button(key="event_check").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert asked and asked[-1] == ("tokyo-mahjong", "hk-mahjong"), asked
    assert not at.error, [e.value for e in at.error]
