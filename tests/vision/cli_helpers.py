"""What the session-53 vision command tests share (test_fuzz_check_train_vision_53.py,
test_fuzz_cli_enroll_train_53.py): the command as typed, as tests/tilelens/label_helpers.py's ``run`` (not importable
from this folder)."""
from __future__ import annotations


def run(capsys, *argv):
    """``tilelens ARGV`` as a person types it: its exit status (argparse's too), stdout and stderr."""
    from tilelens.cli import main as tilelens

    try:
        code = tilelens([str(a) for a in argv])
    except SystemExit as usage:
        code = usage.code
    out, err = capsys.readouterr()
    return code, out, err
