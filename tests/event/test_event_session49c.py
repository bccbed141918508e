"""Session 49c: a house rules file of its own id is checked (the reader gets the file, the model version hashes
the classifier it reads with); the event folder's own errors say themselves in Japanese; a table.toml that is no
TOML is one finding naming its line, in plain words, and nothing else of that table; tables in natural order
(table-2 before table-10); a stopped check names the tables not in order and those to confirm; photos that are
identical files at two seats still say the tiles look like another game's."""
from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, ExactReader, WrongGameReader, japanese, make_table  # noqa: E402
from tilelens import cli  # noqa: E402
from tilelens.event import cli as event_cli  # noqa: E402
from tilelens.event.layout import EventInputError, read_table_folder, scan_event  # noqa: E402
from tilelens.event.reading import model_version  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _house(tmp_path: Path) -> Path:
    """The walkthrough's myhouse.toml: Nogizaka's rules under an id of its own."""
    text = (ROOT / "scorer" / "games" / "nogizaka.toml").read_text(encoding="utf-8")
    house = tmp_path / "myhouse.toml"
    house.write_text(text.replace('\nid = "nogizaka"', '\nid = "my-house"', 1) if not text.startswith("id =")
                     else text.replace('id = "nogizaka"', 'id = "my-house"', 1), encoding="utf-8")
    assert 'id = "my-house"' in house.read_text(encoding="utf-8")
    return house


# --- 1. a house rules file of its own id --------------------------------------------------------------------
def test_a_house_file_of_its_own_id_is_given_to_the_reader_as_the_file(tmp_path, monkeypatch, capsys):
    reader, asked = ExactReader(), []

    def factory(game):
        asked.append(game)
        return reader

    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=factory))
    house = _house(tmp_path)
    make_table(reader, tmp_path / "ev", "t1", CLEAN)
    assert cli.main(["check", str(tmp_path / "ev"), "--game", str(house), "--jobs", "1", "--quiet"]) == 0
    assert asked == [str(house)]  # was "my-house": the recognizer knows no such game


def test_the_model_version_of_a_house_file_hashes_the_classifier_it_reads_with(tmp_path):
    house = _house(tmp_path)
    assert model_version(str(house)) == model_version("nogizaka") != "no-models"
    assert model_version(str(house)) != model_version("cinderella-neo")


def test_the_real_recognizer_checks_an_event_with_a_house_file(tmp_path):
    ev = tmp_path / "ev"
    make_table(ExactReader(), ev, "t1", {"1": CLEAN["1"][:3]})  # the real models read it: one small photo
    result = check_event(ev, tmp_path / "out", CheckOptions(game=str(_house(tmp_path)), players=2), jobs=1,
                         progress=False)  # was "unknown game 'my-house'"
    assert result.event["game_id"] == "my-house" and result.checked == 1


# --- 2. the event folder's own errors in Japanese -----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_event_folder_of_no_table_says_so_in_the_screens_language(tmp_path, monkeypatch, capsys, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    (tmp_path / "emptydir").mkdir()
    assert cli.main(["check", str(tmp_path / "emptydir"), "--game", "nogizaka", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert japanese(err.split("emptydir")[-1]) == (lang == "ja"), err


def test_the_event_folders_own_errors_have_japanese(tmp_path):
    ev = tmp_path / "ev"
    make_table(ExactReader(), ev, "t1", CLEAN)
    (ev / "IMG_1.jpg").write_bytes(b"x")  # photos of its own beside the table folders
    cases = [ev, tmp_path / "missing"]
    (tmp_path / "empty").mkdir()
    cases.append(tmp_path / "empty")
    for folder in cases:
        with pytest.raises(EventInputError) as caught:
            scan_event(folder)
        assert japanese(caught.value.message_ja.replace(str(folder), "")), (folder, caught.value.message_ja)


# --- 3. a table.toml that is no TOML -------------------------------------------------------------------------
UNCLOSED = 'players = 4\ndealer = 1\nwall = "IMG_0105.jpg"\n[seats]\n1 = "IMG_0101.jpg"\n2 = "IMG_0102.jpg"\n' \
           '3 = "IMG_0103.jpg\n4 = "IMG_0104.jpg"\n'
WINDOWS = 'dealer = 1\n[seats]\n1 = "C:\\Users\\me\\東 席1.jpg"\n2 = "IMG_0102.jpg"\n3 = "IMG_0103.jpg"\n' \
          '4 = "IMG_0104.jpg"\n'


def _manifest_table(tmp_path: Path, manifest: str) -> Path:
    folder = tmp_path / "t1"
    folder.mkdir()
    for i in range(1, 5):
        (folder / f"IMG_010{i}.jpg").write_bytes(b"photo %d" % i)
    (folder / "table.toml").write_text(manifest, encoding="utf-8")
    return folder


@pytest.mark.parametrize("manifest, line, plain, plain_ja", [
    (UNCLOSED, 7, '"', "\""), (WINDOWS, 3, "single quotes 'C:\\...' or with forward slashes", "'C:\\...'")])
def test_a_table_toml_typo_is_one_finding_naming_its_line(tmp_path, manifest, line, plain, plain_ja):
    table = read_table_folder(_manifest_table(tmp_path, manifest))
    assert len(table.problems) == 1, [p.message for p in table.problems]
    said = table.problems[0]
    assert said.message.startswith(f"table.toml line {line}: "), said.message
    assert plain in said.message and "Illegal character" not in said.message and "hex" not in said.message
    assert f"{line}行目" in said.message_ja and plain_ja in said.message_ja and japanese(said.message_ja)
    assert table.seats == {} and table.dealer is None


def test_a_table_toml_typo_gives_its_table_no_seat_or_dealer_faults(tmp_path):
    ev = tmp_path / "ev"
    ev.mkdir()
    _manifest_table(ev, WINDOWS)
    result = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: ExactReader(),
                         jobs=1, progress=False)
    findings = result.event["tables"][0]["findings"]
    assert [f["kind"] for f in findings] == ["bad-manifest"], [f["message"] for f in findings]
    assert result.event["tables"][0]["verdict"] == "fault"


# --- 4. natural order ----------------------------------------------------------------------------------------
def test_tables_go_in_natural_order_in_lines_event_json_and_scan(tmp_path, monkeypatch, capsys):
    reader = ExactReader()
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda g: reader))
    ev = tmp_path / "ev"
    for name in ("table-10", "table-2", "table-1"):
        make_table(reader, ev, name, CLEAN)
    assert [p.name for p in scan_event(ev).tables] == ["table-1", "table-2", "table-10"]
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 0
    said = [line.split()[-1] for line in capsys.readouterr().out.splitlines() if line.startswith("ok")]
    assert said == ["table-1", "table-2", "table-10"]
    event = json.loads((ev / "_report" / "event.json").read_text(encoding="utf-8"))
    assert [t["table"] for t in event["tables"]] == ["table-1", "table-2", "table-10"]
    page = (ev / "_report" / "index.html").read_text(encoding="utf-8")
    assert page.index("table-2<") < page.index("table-10<") or page.index("table-2") < page.index("table-10")


# --- 5. a stopped check names the tables to look at ----------------------------------------------------------
@pytest.mark.parametrize("lang, fault, review", [("en", "not in order: t2", "tiles to confirm: t3"),
                                                 ("ja", "問題あり: t2", "要確認: t3")])
def test_a_stopped_check_names_the_tables_not_in_order_and_to_confirm(tmp_path, monkeypatch, capsys, lang, fault,
                                                                      review):
    monkeypatch.setenv("TILELENS_LANG", lang)
    class Stopping(ExactReader):
        def __call__(self, image):
            if self.calls >= 12:  # Ctrl-C at t4's first photo
                raise KeyboardInterrupt
            return super().__call__(image)

    reader = Stopping()
    ev = tmp_path / "ev"
    make_table(reader, ev, "t1", CLEAN)
    make_table(reader, ev, "t2", dict(CLEAN, **{"4": CLEAN["4"] + ["rarin"]}))
    make_table(reader, ev, "t3", CLEAN, conf={"2": {0: 0.2}})
    make_table(reader, ev, "t4", CLEAN)
    monkeypatch.setattr(event_cli, "check_event", functools.partial(check_event, factory=lambda g: reader))
    assert cli.main(["check", str(ev), "--game", "nogizaka", "--jobs", "1", "--quiet"]) == 130
    printed = capsys.readouterr().out.splitlines()
    assert fault in printed and review in printed, printed


# --- 7. identical photos at two seats still say another game's tiles -----------------------------------------
def test_identical_photos_of_another_games_tiles_still_say_so(tmp_path):
    reader = WrongGameReader()
    ev = tmp_path / "ev"
    folder = make_table(reader, ev, "t1", CLEAN)
    (folder / "seat3.png").write_bytes((folder / "seat2.png").read_bytes())  # one photo at two seats
    (folder / "seat4.png").unlink()
    (folder / "seat1-dealer.png").unlink()
    result = check_event(ev, tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                         progress=False)
    kinds = [f["kind"] for f in result.event["tables"][0]["findings"]]
    assert "other-game" in kinds and "duplicate-seat" in kinds, kinds
    said = next(f for f in result.event["tables"][0]["findings"] if f["kind"] == "other-game")
    assert "Yokai Watch" in said["message"], said["message"]
