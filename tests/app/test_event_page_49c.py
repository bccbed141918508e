"""Session 49c, the Event check page: a hand-edited report whose tile crop points outside its folder (an absolute
path, ``../``) shows no picture from elsewhere on the disk, but a short note; the tables of an event in natural
order (table-2 before table-10), a report written by an older check too."""
from __future__ import annotations

import json
import shutil

import pytest

from app_helpers import event_support, open_page, texts
from tilelens.event import CheckOptions, check_event


support = event_support()


def _captions(at) -> list[str]:
    return [img.caption for node in at.get("image") for img in node.proto.imgs]


@pytest.mark.parametrize("lang, note", [("en", "not shown"), ("ja", "表示しません")])
@pytest.mark.parametrize("where", ["absolute", "up"])
def test_a_crop_outside_the_report_folder_is_not_shown(home, tmp_path, lang, note, where):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN, conf={"3": {0: 0.5}})
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    path = out / "t1" / "report.json"
    report = json.loads(path.read_text(encoding="utf-8"))
    tile = next(t for f in report["findings"] for t in f["tiles"])
    secret = tmp_path / "secret.jpg"  # any picture on the disk
    shutil.copy(out / "t1" / tile["crop"], secret)
    tile["crop"] = str(secret) if where == "absolute" else "../../secret.jpg"
    path.write_text(json.dumps(report), encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()
    assert not at.exception, [e.value for e in at.exception]
    crop = {"en": "Seat 3, tile 1", "ja": "3番席の1枚目"}[lang]  # the crop's caption, as a shown crop has it
    assert crop not in _captions(at), _captions(at)
    assert note in texts(at)


def test_a_crop_inside_the_report_folder_is_still_shown(home, tmp_path):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "event", "t1", support.CLEAN, conf={"3": {0: 0.5}})
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out / "t1")).run()
    assert "Seat 3, tile 1" in _captions(at) and "not shown" not in texts(at)


def test_the_tables_of_an_older_report_are_listed_in_natural_order(home, tmp_path):
    reader = support.ExactReader()
    for name in ("table-1", "table-2", "table-10"):
        support.make_table(reader, tmp_path / "event", name, support.CLEAN)
    out = tmp_path / "report"
    check_event(tmp_path / "event", out, CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    event = json.loads((out / "event.json").read_text(encoding="utf-8"))
    event["tables"].sort(key=lambda t: t["table"])  # as an older check wrote it: table-10 before table-2
    (out / "event.json").write_text(json.dumps(event), encoding="utf-8")
    at = open_page("event_check")
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert [o.split(" (")[0] for o in at.selectbox(key="event_table").options] == ["table-1", "table-2", "table-10"]
