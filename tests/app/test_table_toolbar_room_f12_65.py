"""Session 65 (F12): a table's toolbar on a phone (shown there without a tap, 44 px tall, its bottom at the table's
top: ``common.PHONE_CSS``) lay over the page's 16 px gap and the end of the line above the table: the Ledger page's
"Tonight's totals" caption ("…less the starting points; –: not at that table" cut), the Event page's "…ほか2件". One
rule of the app-wide phone stylesheet leaves room above every table (in Streamlit 1.67's page a table's toolbar is
placed from the table itself, ``stDataFrame``, inside its ``stElementContainer``: the room is the container's margin,
outside the box the toolbar stands on); the Event page's own container for it is gone. Checked by eye at 390 px in
Chromium (a phone's user agent, touch): /tmp/F12/ledger_after_*.png, /tmp/F12/event_after_*.png."""
from __future__ import annotations

import inspect
import re

from test_phone_css_53 import phone_rules

from app.components import event_report_view
from app.components.common import PHONE_CSS

TABLE = '[data-testid="stElementContainer"]:has([data-testid="stDataFrame"])'
TOOLBAR_REM = 2.75  # its 40 px icons and its 4 px below them
GAP_REM = 1.0  # Streamlit's gap between a page's elements


def test_every_table_on_a_phone_has_room_above_it_for_its_toolbar():
    rules = phone_rules(PHONE_CSS)
    room = re.search(r"margin-top: ([\d.]+)rem", rules.get(TABLE, ""))
    assert room is not None, rules.get(TABLE)
    assert float(room.group(1)) >= TOOLBAR_REM - GAP_REM
    # the toolbar still stands on the table's top edge, not over its header row (session 53)
    assert "bottom: 100%" in rules['[data-testid="stElementToolbar"]']


def test_the_event_page_has_no_container_of_its_own_for_it():
    assert not hasattr(event_report_view, "TABLES_LIST") and not hasattr(event_report_view, "TABLES_LIST_CSS")
    assert "key" not in inspect.signature(event_report_view.draw_overview).parameters
    assert "st-key-event_tables_list" not in inspect.getsource(event_report_view)
