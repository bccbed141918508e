"""Machine-readable output for scripts (session 54, a power user's walkthrough): every ``--json`` of ``label
check``, ``label stats``, ``label audit`` and ``eval`` is one JSON line on standard output (a loop appending to a
.jsonl file broke on their indented JSON), the same keys in every language; ``label check``, ``label stats`` and
``eval`` say their exit statuses in ``--help``, and they are what the commands return."""
from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from tilelens.cli import main as tilelens

from label_helpers import make_dataset

DETECTOR_DATA = Path(__file__).resolve().parents[1] / "vision" / "data" / "detector"


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))


def one_json_line(out: str):
    """The one JSON value ``out`` holds on one line (fails on indented JSON or more lines)."""
    assert out.endswith("\n") and out.count("\n") == 1, out[:300]
    return json.loads(out)


@pytest.mark.parametrize("action", ["check", "stats"])
def test_label_check_and_stats_json_is_one_line_with_the_same_keys_in_japanese(tmp_path, capsys, monkeypatch,
                                                                               action):
    root = tmp_path / "ds"
    make_dataset(root)
    assert tilelens(["label", action, str(root), "--game", "tokyo-mahjong", "--json"]) == 0
    english = one_json_line(capsys.readouterr().out)
    assert english["stats"]["photos_per_split"] == {"train": 2, "val": 1}
    assert ("issues" in english) == (action == "check")
    monkeypatch.setenv("TILELENS_LANG", "ja")
    assert tilelens(["label", action, str(root), "--game", "tokyo-mahjong", "--json"]) == 0
    assert one_json_line(capsys.readouterr().out) == english  # keys, numbers and messages (English) alike


def test_label_audit_json_is_one_line(tmp_path, capsys, monkeypatch):
    import tilelens.labelling.audit as audit
    import tilelens.labelling.prelabel as prelabel

    root = tmp_path / "ds"
    make_dataset(root)
    report = SimpleNamespace(photos=3, labels=6, not_read=("7z",), suspects=[], issues=[])
    monkeypatch.setattr(prelabel, "load_reader", lambda *a, **k: object())
    monkeypatch.setattr(audit, "audit_dataset", lambda *a, **k: report)
    assert tilelens(["label", "audit", str(root), "--game", "tokyo-mahjong", "--json"]) == 0
    got = one_json_line(capsys.readouterr().out)
    assert got == {"photos": 3, "labels": 6, "not_audited_kinds": ["7z"], "suspects": [], "pictures": []}


def test_eval_json_is_one_line(capsys):
    from vision.evaluate import main as evaluate

    assert evaluate(["--data", str(DETECTOR_DATA), "--json", "--limit", "1"]) == 0
    got = one_json_line(capsys.readouterr().out)
    assert set(got) == {"data", "rows", "notes", "warnings", "learnt_photos"}
    assert got["rows"]["tilelens"]["images"] == 1


def help_of(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as done:
        tilelens(argv)
    assert done.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # the words, whatever the terminal's width


def test_label_check_and_stats_say_their_exit_statuses_and_return_them(tmp_path, capsys):
    check, stats = help_of(["label", "check", "--help"], capsys), help_of(["label", "stats", "--help"], capsys)
    assert "Exit status: 0 no errors (warnings only, or none), 1 errors found, 2 bad input" in check, check
    assert "Exit status: 0 counted (errors too: `label check` lists them), 2 bad input" in stats, stats
    for said in (check, stats):
        assert "--json: one JSON object on one line" in said, said
    root = tmp_path / "ds"
    make_dataset(root)
    assert tilelens(["label", "check", str(root)]) == 0  # a clean set
    (root / "labels" / "train" / "orphan.txt").write_text("0 0.5 0.5 0.1 0.1\n")  # a warning only
    assert tilelens(["label", "check", str(root)]) == 0
    (root / "labels" / "train" / "a.txt").write_text("0 0.5 0.5\n")  # an error: a field missing
    assert tilelens(["label", "check", str(root)]) == 1
    assert tilelens(["label", "stats", str(root)]) == 0
    assert tilelens(["label", "check", str(tmp_path / "nothere")]) == 2
    assert tilelens(["label", "stats", str(tmp_path / "nothere")]) == 2


def test_eval_help_says_what_json_prints_and_the_exit_statuses(capsys):
    said = help_of(["eval", "--help"], capsys)
    assert "--json print the table as one JSON object on one line" in said, said
    for key in ("data", "rows", "notes", "warnings", "learnt_photos", "errors"):
        assert f"`{key}`" in said, key
    assert "Exit status: 0 measured (however well), 2 bad input" in said, said
    assert tilelens(["eval", "--data", "nothere.yaml"]) == 2


def test_readme_has_a_section_for_scripts_naming_each_commands_exit_statuses():
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("## Scripts, errors and languages", 1)[1].split("\n## ", 1)[0]
    words = " ".join(section.split())
    assert "every `--json` prints one JSON object (or list) on one line" in words, words
    for command in ("`label check`", "`label stats`", "`label audit`", "`eval`", "`ledger show`"):
        assert command in words, command
    assert "event.json" in words and "`in_order`" in words  # what CI reads, not the translated verdict line


def test_japanese_names_an_unknown_game_or_kind_plainly(tmp_path):
    """A native review: 知らない (a person's "don't know") for what tilelens has no such thing of."""
    from tilelens.labelling.audit import AUDIT_WORDS
    from tilelens.labelling.checks import check_dataset

    root = tmp_path / "ds"
    make_dataset(root)
    (issue,) = [i for i in check_dataset(root, "no-such-game").issues if i.kind == "bad-data-yaml"]
    assert "知らない" not in issue.message_ja and "no-such-game" in issue.message_ja, issue.message_ja
    assert "ゲームはありません" in issue.message_ja, issue.message_ja  # the game loader's own words
    assert "知らない" not in AUDIT_WORDS["ja"]["not_read"] and "が覚えていない種類" in AUDIT_WORDS["ja"]["not_read"]
