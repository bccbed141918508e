"""The `tilelens` command's help and install hints: cut short, asked by name, naming the install that helps."""


def test_the_help_can_be_cut_short_and_asked_for_by_name(tmp_path):
    """`tilelens --help | head -1` printed a BrokenPipeError traceback; `tilelens help score` the top usage."""
    import subprocess
    import sys

    run = subprocess.run(f"{sys.executable} -m tilelens.cli --help | head -1", shell=True, capture_output=True,
                         text=True)
    assert run.stdout.startswith("usage: tilelens COMMAND") and "Traceback" not in run.stderr
    asked = subprocess.run([sys.executable, "-m", "tilelens.cli", "help", "score"], capture_output=True, text=True)
    assert asked.returncode == 0 and asked.stdout.startswith("usage: tilelens score")
    assert "tilelens score --game tokyo-mahjong --help" in asked.stdout.replace("\n", " ")


def test_a_missing_training_package_names_the_install_that_brings_it(monkeypatch, capsys):
    """It said `pip install -e .[train]` or `.[app]` for torch, without the constraints the suite passed with."""
    import tilelens.cli as cli

    def no_torch(name):
        raise ModuleNotFoundError("No module named 'torch'", name="torch")

    monkeypatch.setattr(cli.importlib, "import_module", no_torch)
    assert cli.main(["train", "classifier", "--game", "yokai-watch"]) == 2
    err = capsys.readouterr().err
    assert "needs the package 'torch'" in err and "scripts/setup.sh test" in err and "-c constraints.txt" in err
    assert ".[app]" not in err


def test_the_models_folder_may_be_given_from_home(monkeypatch):
    from pathlib import Path

    from vision.detector import default_models_dir

    monkeypatch.setenv("TILELENS_MODELS", "~/tilelens-models")
    assert default_models_dir() == Path.home() / "tilelens-models"
