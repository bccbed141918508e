"""Session 49, the second app walkthrough: the Label page's words for a data.yaml that is not YAML (Japanese without
the parser's English) and for a folder of one photo; the Event page's words for an event.json that is not UTF-8
or not JSON (plain English, as the Japanese), an event.json saved with a byte-order mark read, a table whose
report.json alone is missing, and counts that are not whole numbers refused."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from PIL import Image

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event
from tilelens.event.model import event_report_problem
from tilelens.labelling import LabelFileError
from tilelens.labelling.yolo import parse_data_yaml

support = event_support()
ENGLISH_WORDS = re.compile(r"[A-Za-z]{4,}")


# ---------------------------------------------------------------- Label page

def test_a_data_yaml_not_yaml_is_said_in_japanese_with_its_line_and_column():
    with pytest.raises(LabelFileError) as caught:
        parse_data_yaml("names: [unclosed\n")
    message, message_ja = str(caught.value), caught.value.message_ja
    assert "expected ',' or ']'" in message and "line 2, column 1" in message  # the parser's words, in English
    assert message_ja == "data.yaml: YAML として読めません (2行目 1文字目)", message_ja


def test_the_label_page_says_a_data_yaml_not_yaml_in_japanese(home, tmp_path):
    (tmp_path / "bady").mkdir()
    (tmp_path / "bady" / "data.yaml").write_text("names: [unclosed\n", encoding="utf-8")
    at = open_page("label", lang="ja")
    at.text_input(key="label_dir").set_value(str(tmp_path / "bady")).run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert "YAML として読めません (2行目 1文字目)" in error, error
    assert not ENGLISH_WORDS.search(error.split("data.yaml")[-1].replace("YAML", "")), error  # no "expected", "line"


@pytest.mark.parametrize("n, said", [(1, "(1 photo)"), (2, "(2 photos)")])
def test_a_folder_without_a_data_yaml_counts_its_photos_in_english(home, tmp_path, n, said):
    (tmp_path / "photos").mkdir()
    for i in range(n):
        Image.new("RGB", (64, 48), (200, 180, 160)).save(tmp_path / "photos" / f"p{i}.jpg")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(tmp_path / "photos")).run()
    assert not at.exception
    infos = [i.value for i in at.info if "no data.yaml yet" in i.value]
    assert len(infos) == 1 and said in infos[0], infos


# ---------------------------------------------------------------- Event page

def _event_report(tmp_path: Path) -> Path:
    reader = support.ExactReader()
    for name in ("table-2", "table-10"):
        support.make_table(reader, tmp_path / "event", name, support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return out


@pytest.mark.parametrize("damaged, plain, python", [
    (b"\xff\xfe\x00garbage", "not UTF-8 text", "codec"),
    (b"", "the file is empty", "Expecting value"),
    (b'{"tables": [', "not JSON (line 1, column 13)", "Expecting")])
def test_an_event_json_not_utf8_or_not_json_is_said_plainly_in_english(home, tmp_path, damaged, plain, python):
    out = _event_report(tmp_path)
    (out / "event.json").write_bytes(damaged)
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert "event.json" in error and plain in error and python not in error, error


def test_an_event_json_saved_with_a_byte_order_mark_is_read(home, tmp_path):
    out = _event_report(tmp_path)
    text = (out / "event.json").read_text(encoding="utf-8")
    (out / "event.json").write_text("\ufeff" + text, encoding="utf-8")  # an editor's "UTF-8 with BOM"
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    assert "table-2: In order" in texts(at)


@pytest.mark.parametrize("lang, said, not_said", [
    ("en", "The report file of table-2 is missing", "moved or removed"),
    ("ja", "table-2 のレポートファイルがありません", "移動か削除")])
def test_a_table_whose_report_json_alone_is_missing_is_said_so(home, tmp_path, lang, said, not_said):
    out = _event_report(tmp_path)
    (out / "table-2" / "report.json").unlink()
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    at.selectbox(key="event_table").set_value("table-2").run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning if "table-2" in w.value]
    assert said in warning and "report.json" in warning and not_said not in warning, warning


def test_a_table_whose_folder_is_gone_is_still_said_moved_or_removed(home, tmp_path):
    out = _event_report(tmp_path)
    shutil.rmtree(out / "table-2")
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(out)).run()
    at.selectbox(key="event_table").set_value("table-2").run()
    (warning,) = [w.value for w in at.warning if "table-2" in w.value]
    assert "moved or removed" in warning, warning


@pytest.mark.parametrize("counts", [{"1": "x"}, {"error": 1.5}, {"error": True}, {"error": None}])
def test_stored_counts_that_are_not_whole_numbers_are_refused(counts):
    event = {"tables": [{"table": "t1", "verdict": "ok", "counts": counts}]}
    problem = event_report_problem(event)
    assert problem is not None and '"counts"' in problem[0] and '"counts"' in problem[1], problem
    assert event_report_problem({"tables": [{"table": "t1", "verdict": "fault", "counts": {"error": 2}}]}) is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_event_page_refuses_counts_that_are_text(home, tmp_path, lang):
    out = _event_report(tmp_path)
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    event["tables"][0]["counts"] = {"1": "x"}
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception
    (error,) = [e.value for e in at.error]
    assert "event.json" in error and '"counts"' in error, error
    assert "In order" not in texts(at) and "問題なし" not in texts(at)
