"""A face-up wall's tiles count with the hands for a tile read more often than the set holds (``rules.
surplus_findings`` of ``check_readings``): a table judged again at another threshold from its report's readings
(``runner._rejudged``) counts them too, naming the wall's least sure tile at the new threshold."""
from __future__ import annotations

import json

from test_event_support import CLEAN, ExactReader, make_table
from tilelens.event import CheckOptions, check_event
from scorer import load_game


def _surplus(out):
    report = json.loads((out / "t" / "report.json").read_text())
    return [f for f in report["findings"] if f["kind"] == "surplus"]


def test_a_wall_surplus_is_judged_again_with_the_wall(tmp_path):
    reader, root, out = ExactReader(), tmp_path / "event", tmp_path / "report"
    make_table(reader, root, "t", CLEAN)
    game = load_game("nogizaka")
    kind = CLEAN["1"][0]
    copies = game.inventory()[kind]
    held = sum(hand.count(kind) for hand in CLEAN.values())
    extra = copies - held + 1  # one more than the set has, with the hands' own
    wall = [kind] * extra + ["back"] * (game.total_tiles - 33 - extra)
    reader.draw(root / "t" / "wall.png", wall, conf={0: 0.6}, salt=7)  # the wall's first tile read at 0.6

    def run(min_confidence):
        return check_event(root, out, CheckOptions(game="nogizaka", min_confidence=min_confidence),
                           factory=lambda game: reader, jobs=1, progress=False)

    run(0.5)
    (first,) = _surplus(out)
    assert "wall" in first["seats"] and "the wall" in first["message"], first["message"]
    calls = reader.calls
    run(0.7)  # judged again from the report's readings, none read again
    assert reader.calls == calls
    (again,) = _surplus(out)
    assert "wall" in again["seats"] and ["wall", 0] in again["data"]["least_sure"], again
