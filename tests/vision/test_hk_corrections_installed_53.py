"""The corrections of the Hong Kong photos' labels are found where a wheel installs them, not only in the checkout.

Before: installed from the wheel, `tilelens eval --data hk-heldout --tileset hk-mahjong` failed even with
TILELENS_HK_DIR set: vision/hk_split.py read datasets/hk-mahjong-real/label-corrections.csv beside the packages,
and the wheel did not carry it."""
from __future__ import annotations

from pathlib import Path

import pytest

from vision import hk_split

ROW = "image,line,upstream,corrected\nIMG_1.jpg,3,1p,5m\n"


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """The layout of an installed wheel: no checkout beside the packages, the environment's data folder in tmp."""
    monkeypatch.setattr(hk_split, "CORRECTIONS", tmp_path / "no-checkout" / "label-corrections.csv")
    data = tmp_path / "env"
    monkeypatch.setattr(hk_split.sysconfig, "get_path", lambda name, *args, **kwargs: str(data))
    return data


def test_the_checkout_file_is_read_where_there_is_one():
    assert hk_split.corrections_path() == hk_split.CORRECTIONS and hk_split.CORRECTIONS.is_file()


def test_installed_the_corrections_are_read_from_the_environments_data_folder(installed):
    shipped = installed / hk_split.INSTALLED_CORRECTIONS
    shipped.parent.mkdir(parents=True)
    shipped.write_text(ROW, encoding="utf-8")
    assert hk_split.corrections_path() == shipped
    assert hk_split.hk_corrections() == {("IMG_1.jpg", 3): ("1p", "5m")}


def test_installed_without_the_file_the_message_names_where_it_looked_and_the_way_on(installed):
    with pytest.raises(hk_split.CorrectionsError) as err:
        hk_split.hk_corrections()
    said = str(err.value)
    assert str(hk_split.CORRECTIONS) in said and str(installed / hk_split.INSTALLED_CORRECTIONS) in said
    assert "hk-heldout-upstream" in said and "Traceback" not in said


def test_the_installed_place_is_the_one_pyproject_installs_it_to():
    import tomllib

    root = Path(__file__).resolve().parents[2]
    data_files = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["data-files"]
    folder = hk_split.INSTALLED_CORRECTIONS.parent.as_posix()
    assert data_files[folder] == [hk_split.CORRECTIONS.relative_to(root).as_posix()]
    assert hk_split.INSTALLED_CORRECTIONS.name == hk_split.CORRECTIONS.name
