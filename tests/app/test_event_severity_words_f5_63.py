"""Session 63 (F5): the Event page says a finding's severity in a word beside its icon (a colour-blind reader, a screen
reader: the icon's colour and shape alone said nothing), the HTML report's word for it (``report.SEVERITY_JA``:
エラー, 要確認; English as its page says it: Error, Review)."""
import pytest
from app_helpers import event_support, open_page

from tilelens.event import CheckOptions, check_event

support = event_support()


@pytest.mark.parametrize("lang, error, review", [("en", "**Error**", "**Review**"), ("ja", "**エラー**", "**要確認**")])
def test_each_finding_says_its_severity_in_a_word(home, tmp_path, lang, error, review):
    reader = support.ExactReader()
    support.make_table(reader, tmp_path / "ev", "t1", dict(support.CLEAN, **{"2": support.CLEAN["2"] + ["rarin"]}),
                       conf={"4": {0: 0.4}})  # seat 2 one tile too many (an error), seat 4's tile 1 to confirm
    check_event(tmp_path / "ev", tmp_path / "ev" / "_report", CheckOptions(game="nogizaka"),
                factory=lambda g: reader, jobs=1, progress=False)
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(tmp_path / "ev" / "_report")).run()
    at.selectbox(key="event_table").set_value("t1").run()
    assert not at.exception, [e.value for e in at.exception]
    lines = [m.value for m in at.markdown if ":material/" in m.value]
    assert [line for line in lines if line.startswith(f":red[:material/error:] :red[{error}] ")], lines
    assert [line for line in lines if line.startswith(f":orange[:material/warning:] :orange[{review}] ")], lines
