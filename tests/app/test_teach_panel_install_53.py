"""The Label page's Teach panel without the training packages names an install that works where the app runs.

Before: "install them with `scripts/setup.sh test`" in both languages, a script only a checkout of the repository
has; installed from the wheel there is none."""
from __future__ import annotations

import pytest

from tilelens.labelling import set_done
from tilelens.labelling import teach

from app_helpers import label_teach_support, open_page


@pytest.fixture
def dataset(tmp_path, monkeypatch, home):
    monkeypatch.setenv("TILELENS_MODELS", str(tmp_path / "models"))
    root = label_teach_support().make_dataset(tmp_path / "My Tiles", {"a": ["1m", "1p", "1s", "2m"], "b": ["1m", "1m"]})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    set_done(root, "images/train/a.png")
    monkeypatch.setattr(teach, "can_train", lambda: False)
    return root


def _said(lang: str) -> str:
    at = open_page("label", lang=lang)
    assert not at.exception and not [b for b in at.button if b.key == "teach_start"]
    return " ".join(i.value for i in at.info)


@pytest.mark.parametrize("lang, words", [("en", "install them with"), ("ja", "で入れて")])
def test_installed_from_the_wheel_the_panel_names_the_pinned_pip_install(dataset, monkeypatch, tmp_path, lang, words):
    import tilelens.cli

    monkeypatch.setattr(tilelens.cli, "REPO_SETUP", tmp_path / "no-repo" / "scripts" / "setup.sh")
    said = _said(lang)
    assert words in said and "pip install" in said and "'torch==" in said, said
    assert "setup.sh" not in said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_in_the_checkout_the_panel_names_the_setup_script(dataset, lang):
    from vision.enroll import install_command

    assert install_command() == "scripts/setup.sh test"
    assert f"`{install_command()}`" in _said(lang)
