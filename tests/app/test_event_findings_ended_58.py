"""Session 58: a table's finding on a line of its own ends as a sentence in Japanese (「…1枚多すぎます。」): the check
writes them without their last 。 (its summary lines join them), and the table's view showed them so."""
from app_helpers import event_support, open_page

from tilelens.event import CheckOptions, check_event

support = event_support()


def test_a_tables_finding_in_japanese_ends_with_its_full_stop(home, tmp_path):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "ev", "t1", support.CLEAN)
    support.make_table(reader, tmp_path / "ev", "t2", dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]}))
    check_event(tmp_path / "ev", tmp_path / "ev" / "_report", CheckOptions(game="nogizaka"),
                factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check", lang="ja")
    at.text_input(key="event_folder").set_value(str(tmp_path / "ev" / "_report")).run()
    at.selectbox(key="event_table").set_value("t2").run()
    assert not at.exception, [e.value for e in at.exception]
    lines = [m.value for m in at.markdown if "1枚多すぎます" in m.value and not m.value.startswith("- **")]
    assert lines and all(line.endswith("1枚多すぎます。卓で牌を数え直してください。") for line in lines), lines
