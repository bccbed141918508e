"""Option edges of `tilelens enroll` and `tilelens label`: a value the command line gets wrong is argparse's usage
error (README: "that line, after the command's usage lines"), a subcommand's own usage for its own bad option;
help and notes that say what the command does."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tilelens.cli import main as tilelens

ROOT = Path(__file__).resolve().parents[2]


def _usage_error(capsys, argv: list[str]) -> str:
    """The stderr of ``tilelens argv``, which must end in argparse's usage error (exit 2)."""
    with pytest.raises(SystemExit) as exc:
        tilelens(argv)
    assert exc.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("value", ["nan", "inf"])
def test_enroll_orient_threshold_that_is_no_vote_is_a_usage_error(tmp_path, capsys, value):
    """`--orient-threshold nan` was taken (type=float) and a whole enrolment ran before the set's orientation
    model came out with a threshold no vote ever reaches."""
    err = _usage_error(capsys, ["enroll", "--name", "x", "--data", str(tmp_path / "none"),
                                "--orient-threshold", value])
    assert err.startswith("usage: tilelens enroll")
    assert "tilelens enroll: error: argument --orient-threshold:" in err.splitlines()[-1]


def test_enroll_orient_threshold_is_a_mean_log_odds_any_finite_one():
    """The vote is the mean log odds of "upside down" (vision.orient.vote), not a share: 2 (the shipped model's
    1.7 is of that scale) and a negative one are votes; the help says which scale it is."""
    from vision.enroll import _parse

    base = ["--name", "x", "--data", "d"]
    assert _parse(base + ["--orient-threshold", "2"]).orient_threshold == 2.0
    assert _parse(base + ["--orient-threshold", "-0.5"]).orient_threshold == -0.5


def test_enroll_orient_threshold_help_names_its_scale(capsys):
    with pytest.raises(SystemExit):
        tilelens(["enroll", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert re.search(r"--orient-threshold ORIENT_THRESHOLD .*log odds", out)


@pytest.mark.parametrize("argv, option", [
    (["init", "{ds}", "--game", "nogizaka", "--val-fraction", "2"], "--val-fraction"),
    (["init", "{ds}", "--game", "nogizaka", "--val-fraction", "-0.1"], "--val-fraction"),
    (["init", "{ds}", "--game", "nogizaka", "--val-fraction", "nan"], "--val-fraction"),
    (["audit", "{ds}", "--game", "nogizaka", "--min-prob", "2"], "--min-prob"),
    (["audit", "{ds}", "--game", "nogizaka", "--min-prob", "0"], "--min-prob"),
    (["audit", "{ds}", "--game", "nogizaka", "--min-detection", "1.5"], "--min-detection"),
])
def test_label_option_out_of_range_is_its_subcommands_usage_error(tmp_path, capsys, argv, option):
    """`label init --val-fraction 2` and `label audit --min-prob 2` printed one line, no usage lines."""
    (tmp_path / "ds").mkdir()
    err = _usage_error(capsys, ["label", *(a.format(ds=tmp_path / "ds") for a in argv)])
    assert err.startswith(f"usage: tilelens label {argv[0]}")
    assert f"tilelens label {argv[0]}: error: argument {option}:" in err.splitlines()[-1]
    assert not (tmp_path / "ds" / "data.yaml").exists()


def test_label_options_in_range_still_parse():
    from tilelens.labelling.cli import _parser

    assert _parser().parse_args(["init", "d", "--val-fraction", "0.2"]).val_fraction == 0.2
    # 1 files every new photo into val (a batch kept to measure with): test_label_cli's Roboflow test uses it
    assert _parser().parse_args(["init", "d", "--val-fraction", "1"]).val_fraction == 1.0
    args = _parser().parse_args(["audit", "d", "--min-prob", "1", "--min-detection", "0.01"])
    assert (args.min_prob, args.min_detection) == (1.0, 0.01)


@pytest.mark.parametrize("action, rest", [("init", []), ("check", []), ("audit", []), ("teach", ["--name", "x"]),
                                          ("export", ["--to", "coco", "out.json"]),
                                          ("import", ["--from", "coco", "ds"])])
def test_a_label_subcommands_unknown_option_shows_its_own_usage(tmp_path, capsys, action, rest):
    """`label init --bogus` printed the usage of `tilelens label` (its subcommand's extras are reported by the
    parent parser), not of `label init`."""
    err = _usage_error(capsys, ["label", action, str(tmp_path), *rest, "--bogus"])
    assert err.startswith(f"usage: tilelens label {action}")
    assert err.splitlines()[-1] == f"tilelens label {action}: error: unrecognized arguments: --bogus"


def test_label_teach_replace_help_says_what_the_page_does(capsys):
    """The help said "(the page's Teach does)", but the page replaces a set of that name taught from elsewhere
    only when "Replace it" is ticked (app/components/teach_view.py); its own set it replaces unasked, which the
    command without --replace refuses (tilelens/labelling/teach.py)."""
    with pytest.raises(SystemExit):
        tilelens(["label", "teach", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    replace = out[out.index("--replace"):]
    assert "(the page's Teach does)" not in replace
    assert "Replace it" in replace and "this folder" in replace


def test_label_export_to_labelstudio_says_it_wrote_the_labelling_interface(tmp_path, capsys):
    from label_helpers import make_dataset

    make_dataset(tmp_path / "ds")
    out = tmp_path / "ls" / "tasks.json"
    assert tilelens(["label", "export", str(tmp_path / "ds"), "--to", "labelstudio", str(out)]) == 0
    said = capsys.readouterr().out
    assert out.with_suffix(".xml").is_file()
    assert re.search(r"tasks\.xml \(the labelling interface", said)
    with pytest.raises(SystemExit):
        tilelens(["label", "export", "--help"])
    assert ".xml" in capsys.readouterr().out


def test_readme_export_line_names_the_labelling_interface_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    at = readme.index("tilelens label export photos/ --to labelstudio tasks.json")
    assert "tasks.xml" in readme[at:readme.index("tilelens label import", at)]


def test_kindless_note_of_a_folder_without_data_yaml_says_so(tmp_path):
    """For images/ + labels/ and no data.yaml the note said "a data.yaml's names must be the tile ids"."""
    from vision.eval_data import kindless_note

    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    note = kindless_note(str(tmp_path))
    assert "no data.yaml" in note and "a data.yaml's names must be" not in note
    (tmp_path / "data.yaml").write_text("names: [tile, back]\ntrain: images\n", encoding="utf-8")
    note = kindless_note(str(tmp_path))
    assert "no data.yaml" not in note and "(classes: tile, back)" in note
