"""Session 55 (f18): what a phone (a visitor from the network, ``TILELENS_VISITOR=network``) can reach on the Label
page and with "Keep this photo": no traceback, and never the laptop's full path.

- ``~nouser`` (a ``~user`` of no user on the computer) typed into the folder box, or in the address
  (``?dataset=~nouser``), raised RuntimeError from ``Path.expanduser``: every open of that address crashed. A name
  longer than the file system takes (300 letters) raised OSError (file name too long). Both are "no such dataset" now,
  said once; and Streamlit shows an uncaught error's type only (``client.showErrorDetails``), never its traceback.
- A folder a phone may open but has no short name for (the second shared folder of the same name) went into the
  address by its full path; a damaged ``label_progress.json``, a ``data.yaml`` naming its game by a file's path or a
  ``train:`` folder outside the dataset were named by their full paths.
- A phone could make a dataset named like a shared folder (``pics``): the share then opened for nobody by its name.
- "Keep this photo" offered (and wrote into) a link in the datasets folder to a folder elsewhere, which the Label page
  refuses to open; the Label page listed it with its photo count."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app_helpers import label_dataset, open_page, texts
from label_phone_helpers import PHOTOS, dataset as _dataset, from_address as _from_address, seen as _seen

LONG = "a" * 300
ROOT = Path(__file__).resolve().parents[2]
network = label_phone.network  # the fixtures: the page as a phone sees it, and as the laptop
laptop = label_phone.laptop


def _said(at) -> list[str]:
    return [e.value for e in (*at.error, *at.warning)]


# ---- 1. no traceback --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed", ["~nouser-f18", "~nouser-f18/x", LONG, f"club-photos/{LONG}"])
@pytest.mark.parametrize("who", ["network", "laptop"])
def test_a_name_that_is_no_folder_is_no_dataset_said_once(request, who, typed):
    request.getfixturevalue(who)
    _dataset()
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(typed).run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1, _said(at)
    assert "dataset" not in at.query_params
    if who == "network":
        assert "no dataset called" in at.error[0].value and "label_open_club-photos" in {b.key for b in at.button}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("address", ["~nouser-f18", "b" * 300])
@pytest.mark.parametrize("who", ["network", "laptop"])
def test_an_address_naming_no_folder_opens_the_page_with_one_message(request, who, address, lang):
    request.getfixturevalue(who)
    _dataset()
    at = _from_address(lang, dataset=address)
    assert not at.exception, [e.value for e in at.exception]
    assert len(_said(at)) == 1, _said(at)
    assert "dataset" not in at.query_params
    assert "label_new_create" in {b.key for b in at.button}  # the page starts as usual


def test_visitor_folder_of_a_name_too_long_is_a_path_not_an_error(network):
    from app.components.visitor import folder_allowed, visitor_folder
    from app.settings import datasets_dir

    _dataset()  # the datasets folder there (the file system then looks at the name itself)
    assert visitor_folder(LONG) == datasets_dir() / LONG
    assert visitor_folder(f"{LONG}/x") == datasets_dir() / LONG / "x"
    assert folder_allowed(visitor_folder(LONG))  # a name in the datasets folder: "no such dataset", not refused


def test_streamlit_shows_a_phone_an_errors_type_never_its_traceback():
    """An uncaught error's traceback names the laptop's files (its user name, its folders): Streamlit's default
    ("full") showed it to every phone. Both ways the app starts (./dev app reads the file, `tilelens app` passes
    SETTINGS) say "type"."""
    from tilelens import app_cli

    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["client"]["showErrorDetails"] == "type"
    assert app_cli.SETTINGS["client.showErrorDetails"] == "type"
    flags = app_cli.command([])
    assert flags[flags.index("--client.showErrorDetails") + 1] == "type"


# ---- 2. never a full path ---------------------------------------------------------------------------------------------
@pytest.fixture
def two_shares(network, monkeypatch):
    """Two shared folders of the same name under the app's data folder, and one more outside it."""
    from tilelens.home import home_dir

    home = home_dir()
    for which in ("a", "b"):
        label_dataset(home / "shares" / which / "club-share" / "set", PHOTOS)
    label_dataset(network / "elsewhere" / "club-share" / "set", PHOTOS)
    shared = [home / "shares/a/club-share", home / "shares/b/club-share", network / "elsewhere" / "club-share"]
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", os.pathsep.join(str(p) for p in shared))
    return network


def test_the_second_shared_folder_of_a_name_is_not_put_in_the_address_by_its_full_path(two_shares):
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("$TILELENS_HOME/shares/b/club-share/set").run()
    assert not at.exception and "1/2: `a.jpg`" in texts(at)
    assert str(two_shares) not in _seen(at)
    address = at.query_params["dataset"]
    assert address == "$TILELENS_HOME/shares/b/club-share/set"
    again = _from_address(dataset=address, photo="images/train/b.jpg")  # the address opens the same folder again
    assert not again.exception and "2/2: `b.jpg`" in texts(again)
    assert str(two_shares) not in _seen(again)


def test_a_shared_folder_with_no_short_name_is_left_out_of_the_address(two_shares):
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(two_shares / "elsewhere" / "club-share" / "set")).run()
    assert not at.exception and "1/2: `a.jpg`" in texts(at)
    assert str(two_shares) not in " ".join(str(v) for v in at.query_params.values())
    assert "dataset" not in at.query_params and "photo" not in at.query_params


def test_no_dataset_called_names_it_shortly(two_shares):
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value("$TILELENS_HOME/shares/b/club-share/nope").run()
    assert len(at.error) == 1 and "nope" in at.error[0].value, _said(at)
    assert str(two_shares) not in _seen(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("damage", ["text", "folder"])
def test_a_damaged_progress_file_is_named_by_its_name_in_the_dataset(network, lang, damage):
    root = _dataset()
    if damage == "text":
        (root / "label_progress.json").write_text("{nope", encoding="utf-8")
    else:
        (root / "label_progress.json").mkdir()
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value("club-photos").run()
    assert not at.exception
    said = [e for e in _said(at) if "label_progress.json" in e]
    assert len(said) == 1 and "club-photos/label_progress.json" in said[0], _said(at)
    assert str(network) not in _seen(at)


def test_a_damaged_progress_file_keeps_its_full_path_on_the_laptop(laptop):
    root = _dataset()
    (root / "label_progress.json").write_text("{nope", encoding="utf-8")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(root)).run()
    assert any(str(root / "label_progress.json") in e for e in _said(at)), _said(at)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_data_yaml_naming_a_game_file_is_said_without_its_full_path(network, lang):
    root = _dataset()
    game_file = network / "private" / "games" / "x.toml"
    text = (root / "data.yaml").read_text(encoding="utf-8")
    (root / "data.yaml").write_text(text.replace("tokyo-mahjong", str(game_file)), encoding="utf-8")
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value("club-photos").run()
    assert not at.exception
    said = "\n".join(_said(at))
    assert "x.toml" in said and str(network) not in said, said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_train_folder_outside_the_dataset_is_said_without_its_full_path(network, lang):
    root = _dataset()
    outside = network / "elsewhere" / "images"
    with (root / "data.yaml").open("a", encoding="utf-8") as out:
        out.write(f"\ntest: {outside}\n")
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value("club-photos").run()
    assert not at.exception
    said = "\n".join(_said(at))
    assert ("'images'" if lang == "en" else "「images」") in said and str(network) not in said, said


def test_the_laptop_still_sees_the_full_path_written_in_data_yaml(laptop):
    root = _dataset()
    outside = laptop / "elsewhere" / "images"
    with (root / "data.yaml").open("a", encoding="utf-8") as out:
        out.write(f"\ntest: {outside}\n")
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(root)).run()
    assert str(outside) in "\n".join(_said(at))


# ---- 3. a new dataset cannot take a shared folder's name --------------------------------------------------------------
@pytest.fixture
def pics(network, monkeypatch):
    label_dataset(network / "share" / "pics" / "set", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(network / "share" / "pics"))
    return network


@pytest.mark.parametrize("lang, said", [("en", "shared folder called"), ("ja", "共有フォルダ")])
@pytest.mark.parametrize("name", ["pics", "Pics"])
def test_a_phone_cannot_make_a_dataset_named_as_a_shared_folder(pics, lang, said, name):
    from app.settings import datasets_dir
    from test_label_page import _jpeg

    at = open_page("label", lang=lang)
    at.text_input(key="label_new_name").set_value(name)
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg((0, 200, 0)), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    assert not at.exception
    assert len(at.error) == 1 and said in at.error[0].value and name in at.error[0].value, _said(at)
    assert not (datasets_dir() / name).exists()
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value("pics/set").run()  # the share still opens by its name
    assert "1/2" in texts(at)


@pytest.mark.parametrize("lang, said", [("en", "shared folder called"), ("ja", "共有フォルダ")])
def test_keep_this_photo_cannot_make_a_dataset_named_as_a_shared_folder(pics, lang, said):
    import numpy as np

    from app import settings
    from app.components import keep_photo
    from app.components.photo import PhotoReading, PhotoTile
    from app.settings import datasets_dir

    game = settings.app_game("nogizaka")
    reading = PhotoReading(np.full((100, 200, 3), 90, np.uint8), (PhotoTile((10.0, 10.0, 40.0, 60.0), "rarin", 0.9),))
    kind, (en, ja), root = keep_photo._keep(game, reading, reading.hand, "hand.jpg", keep_photo.NEW, "pics", {}, None)
    assert kind == "error" and root is None
    assert said in (ja if lang == "ja" else en) and "pics" in en and "pics" in ja
    assert not (datasets_dir() / "pics").exists()


def test_keep_this_photo_does_not_offer_a_shared_folders_name_for_a_new_dataset(network, monkeypatch):
    from app import settings
    from app.components import keep_photo

    label_dataset(network / "share" / "nogizaka-photos" / "set", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(network / "share" / "nogizaka-photos"))
    assert keep_photo._free_name(settings.app_game("nogizaka")) == "nogizaka-photos-2"


# ---- 4. a link to a folder elsewhere is neither listed nor offered to a phone ------------------------------------------
@pytest.fixture
def linked(network):
    """A nogizaka dataset outside the datasets folder, linked into it as ``club-link``; a dataset of its own beside."""
    import numpy as np

    from app import settings
    from app.components import keep_photo
    from app.components.photo import PhotoReading, PhotoTile
    from app.settings import datasets_dir

    game = settings.app_game("nogizaka")
    reading = PhotoReading(np.full((100, 200, 3), 90, np.uint8), (PhotoTile((10.0, 10.0, 40.0, 60.0), "rarin", 0.9),))
    kind, said, own = keep_photo._keep(game, reading, reading.hand, "hand.jpg", keep_photo.NEW, "club", {}, None)
    assert kind == "success", said
    private = network / "private" / "nogi-ds"
    private.parent.mkdir(parents=True)
    own.rename(private)
    keep_photo._keep(game, reading, reading.hand, "hand.jpg", keep_photo.NEW, "club", {}, None)
    (datasets_dir() / "club-link").symlink_to(private, target_is_directory=True)
    return game


def test_keep_this_photo_offers_a_phone_no_link_to_a_folder_elsewhere(linked):
    from app.components import keep_photo

    assert [root.name for root in keep_photo._datasets_of(linked)] == ["club"]


def test_keep_this_photo_still_offers_the_laptop_the_link(linked, monkeypatch):
    from app.components import keep_photo

    monkeypatch.delenv("TILELENS_VISITOR")
    assert sorted(root.name for root in keep_photo._datasets_of(linked)) == ["club", "club-link"]


def test_the_label_pages_list_shows_a_phone_no_link_to_a_folder_elsewhere(linked):
    at = open_page("label", lang="en")
    keys = {b.key for b in at.button}
    assert "label_open_club" in keys and "label_open_club-link" not in keys
    assert "club-link" not in texts(at)


def test_the_teach_panel_names_a_game_file_without_the_laptops_folders_for_a_phone(monkeypatch):
    from app.components import teach_view

    monkeypatch.setenv("TILELENS_VISITOR", "network")
    assert teach_view._game_file_said("/srv/club/secret/fruits.toml") == "fruits.toml"
    monkeypatch.delenv("TILELENS_VISITOR")
    assert teach_view._game_file_said("/srv/club/secret/fruits.toml") == "/srv/club/secret/fruits.toml"


def test_browsing_an_event_named_by_the_home_of_no_user_is_said_not_a_crash(home):
    from app_helpers import open_page

    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value("~nouser-f18/event").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "~nouser-f18" in " ".join(str(e.value) for e in (*at.error, *at.warning, *at.info))
