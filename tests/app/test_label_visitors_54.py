"""Session 54: a phone on the club's Wi-Fi reached any folder of the organiser's laptop through the Label page.

A security review typed ``/…/victim/Pictures`` into the Label page's folder box from a phone (or put it in the
address, ``?dataset=``): "Pre-label with the model" moved ``private-family.jpg`` into ``images/train/`` and wrote
a ``data.yaml`` there, and the page showed the photo. A visitor from the network now opens the datasets in the
app's own datasets folder and the folders the organiser shares (``TILELENS_SHARED_FOLDERS``), nothing else; the
person at the computer running the app opens any folder, as before. AppTest is a visitor on this computer; the
seam ``TILELENS_VISITOR=network`` (``app.components.visitor``) makes it one from the network."""
from __future__ import annotations

import os
import socket

import pytest
from PIL import Image

from app_helpers import MAIN, label_dataset, open_page, texts

SEAM = "TILELENS_VISITOR"  # app.components.visitor.SEAM: "network" makes AppTest a visitor from the network
PHOTOS = ["images/train/a.jpg", "images/train/b.jpg"]
REFUSED_EN = "can only be opened on the laptop running tilelens"
REFUSED_JA = "tilelens を動かしているパソコンでしか開けません"


@pytest.fixture
def victim(tmp_path):
    """A folder of the organiser's own photos, outside the app's datasets."""
    pictures = tmp_path / "victim" / "Pictures"
    pictures.mkdir(parents=True)
    Image.new("RGB", (64, 48), (200, 10, 10)).save(pictures / "private-family.jpg")
    return pictures


def _listing(folder):
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.fixture
def network(home, monkeypatch):
    """The page as a phone on the club's Wi-Fi sees it."""
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    monkeypatch.setenv(SEAM, "network")
    return home


def _home_dataset(name: str = "club-set"):
    from app.settings import datasets_dir

    return label_dataset(datasets_dir() / name, PHOTOS)


# ---- the folder box ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, refused", [("en", REFUSED_EN), ("ja", REFUSED_JA)])
def test_a_network_visitor_typing_a_folder_of_the_laptop_is_refused_and_nothing_is_moved(network, victim, lang,
                                                                                        refused):
    before = _listing(victim.parent)
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(victim)).run()
    assert not at.exception
    assert refused in texts(at) and "TILELENS_SHARED_FOLDERS" in texts(at)
    assert not any(b.key == "label_init" for b in at.button)  # no "Pre-label with the model" to press
    assert not at.get("bidi_component")  # no photo of it shown
    assert "dataset" not in at.query_params
    assert _listing(victim.parent) == before and not (victim / "data.yaml").exists()


def test_the_refusal_does_not_tell_whether_the_folder_exists(network, victim):
    said = []
    for folder in (victim, victim.parent / "no-such-folder", victim / "private-family.jpg", "/"):
        at = open_page("label", lang="en")
        at.text_input(key="label_dir").set_value(str(folder)).run()
        said.append([e.value for e in at.error])
    assert said[0] and all(s == said[0] for s in said), said
    assert "not there" not in said[0][0] and "is a file" not in said[0][0]


def test_a_network_visitor_refused_is_shown_the_datasets_to_open(network, victim):
    _home_dataset()
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(victim)).run()
    assert REFUSED_EN in texts(at)
    keys = {b.key for b in at.button}
    assert {"label_open_club-set", "label_new_create"} <= keys  # "open one listed below or start one from photos"
    at.button(key="label_open_club-set").click().run()
    assert "1/2: `a.jpg`" in texts(at) and REFUSED_EN not in texts(at)


def test_a_network_visitor_with_the_folder_in_the_address_is_refused(network, victim):
    from streamlit.testing.v1 import AppTest

    before = _listing(victim.parent)
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["dataset"] = str(victim)
    at.query_params["photo"] = "private-family.jpg"
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page("views/label.py").run()
    assert not at.exception
    assert REFUSED_EN in texts(at)
    assert "no longer there" not in texts(at)  # said alike whether it is there or not
    assert at.text_input(key="label_dir").value == ""
    assert "dataset" not in at.query_params and "photo" not in at.query_params
    assert not any(b.key == "label_init" for b in at.button)
    assert _listing(victim.parent) == before


def test_the_organisers_default_folder_is_not_offered_to_a_network_visitor(network, victim, monkeypatch):
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(victim))
    at = open_page("label", lang="en")
    assert at.text_input(key="label_dir").value == ""  # its path is not shown either
    assert str(victim) not in texts(at)


def test_a_symlink_in_the_datasets_folder_to_a_folder_outside_is_refused(network, victim):
    from app.settings import datasets_dir

    datasets_dir().mkdir(parents=True, exist_ok=True)
    (datasets_dir() / "sneaky").symlink_to(victim, target_is_directory=True)
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(datasets_dir() / "sneaky")).run()
    assert REFUSED_EN in texts(at)
    at.text_input(key="label_dir").set_value(str(datasets_dir() / "club" / ".." / ".." / "..")).run()
    assert REFUSED_EN in texts(at)
    assert not (victim / "data.yaml").exists()


# ---- what keeps working from a phone -------------------------------------------------------------------------------
def test_a_network_visitor_opens_a_dataset_of_the_app_from_the_list(network):
    root = _home_dataset()
    at = open_page("label", lang="en")
    at.button(key="label_open_club-set").click().run()
    assert not at.exception and REFUSED_EN not in texts(at)
    assert "1/2: `a.jpg`" in texts(at) and len(at.get("bidi_component")) == 1
    assert at.query_params["dataset"] == "club-set" and str(root) not in at.query_params["dataset"]  # its name (55)
    at.button(key="label_accept").click().run()
    assert "2/2: `b.jpg`" in texts(at)


def test_a_network_visitor_opens_a_dataset_of_the_app_from_its_address_and_typed(network):
    from streamlit.testing.v1 import AppTest

    root = _home_dataset()
    at = AppTest.from_file(str(MAIN), default_timeout=60)
    at.query_params["dataset"] = str(root)
    at.run()
    at.session_state["lang"] = "en"
    at.switch_page("views/label.py").run()
    assert "1/2: `a.jpg`" in texts(at) and REFUSED_EN not in texts(at)
    typed = open_page("label", lang="en")
    typed.text_input(key="label_dir").set_value(f' "{root}" ').run()
    assert "1/2: `a.jpg`" in texts(typed) and REFUSED_EN not in texts(typed)


def test_a_network_visitor_creates_a_dataset_from_uploads_and_prelabels_it(network, monkeypatch):
    from app.components import resources
    from app.settings import datasets_dir
    from test_label_page import _Reader, _jpeg

    monkeypatch.setattr(resources, "recognizer", lambda game_id, tileset=None: _Reader())
    at = open_page("label", lang="en")
    at.text_input(key="label_new_name").set_value("phone-set")
    at.file_uploader(key="label_upload_new_0").set_value([("image.jpg", _jpeg((0, 200, 0)), "image/jpeg")])
    at.button(key="label_new_create").click().run()
    root = datasets_dir() / "phone-set"
    assert not at.exception and REFUSED_EN not in texts(at)
    assert at.text_input(key="label_dir").value == "phone-set" and "has no tile list yet (1 photo)" in texts(at)
    at.selectbox(key="label_init_game").set_value("tokyo-mahjong").run()
    at.button(key="label_init").click().run()
    assert "Pre-labelled 1 photo (1 tile)." in texts(at) and (root / "data.yaml").is_file()
    assert "1/1: `image.jpg`" in texts(at)


def test_a_folder_the_organiser_shares_opens_for_a_network_visitor(network, tmp_path, monkeypatch):
    shared = label_dataset(tmp_path / "club-share" / "set", PHOTOS)
    other = label_dataset(tmp_path / "club-private", PHOTOS)
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", os.pathsep.join(["", str(tmp_path / "elsewhere"),
                                                                   str(tmp_path / "club-share")]))
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(shared)).run()
    assert "1/2: `a.jpg`" in texts(at) and REFUSED_EN not in texts(at)
    at.text_input(key="label_dir").set_value(str(other)).run()
    assert REFUSED_EN in texts(at)


def test_the_person_at_the_computer_still_opens_any_folder(home, victim, monkeypatch):
    monkeypatch.delenv(SEAM, raising=False)
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    at = open_page("label", lang="en")
    at.text_input(key="label_dir").set_value(str(victim)).run()
    assert REFUSED_EN not in texts(at)
    assert any(b.key == "label_init" for b in at.button) and "no data.yaml yet (1 photo)" in texts(at)  # the laptop names the file


# ---- the module ----------------------------------------------------------------------------------------------------
def test_folder_allowed_for_a_network_visitor(network, tmp_path, monkeypatch):
    from app.settings import datasets_dir
    from app.components import visitor

    inside = datasets_dir() / "x"
    inside.mkdir(parents=True)
    assert visitor.folder_allowed(inside) and visitor.folder_allowed(str(inside / "not-yet"))
    assert not visitor.folder_allowed(tmp_path) and not visitor.folder_allowed("/")
    assert not visitor.folder_allowed(str(datasets_dir()) + "-other")  # a sibling named alike is not inside
    assert not visitor.folder_allowed("a\0b") and not visitor.folder_allowed("~no-such-user-54/x")
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(tmp_path / "s"))
    assert visitor.folder_allowed(tmp_path / "s" / "t") and not visitor.folder_allowed(tmp_path / "t")
    monkeypatch.delenv(SEAM)
    assert visitor.folder_allowed("/") and visitor.folder_allowed(tmp_path)  # AppTest's visitor: this computer


@pytest.mark.parametrize("ip", ["192.0.2.7", "2001:db8::7", None])
@pytest.mark.parametrize("seam", ["local", "LOCAL", "1", "true", "yes", "", "computer"])
def test_the_seam_never_makes_a_network_visitor_local(home, monkeypatch, seam, ip):
    """A phone's connection (an address of the network; None confirmed by a peer that is not this computer) stays
    a network visitor whatever the seam says: no value of it gives rights."""
    from types import SimpleNamespace

    from app.components import visitor
    monkeypatch.setattr(visitor, "st", SimpleNamespace(context=SimpleNamespace(ip_address=ip)))
    monkeypatch.setattr(visitor, "_peer_is_local", lambda: False)
    monkeypatch.setenv(SEAM, seam)
    assert not visitor.is_local_visitor()


@pytest.mark.parametrize("ip, peer", [("127.0.0.1", True), (None, True), ("::1", True)])
def test_the_seam_makes_even_this_computer_a_network_visitor(home, monkeypatch, ip, peer):
    from types import SimpleNamespace

    from app.components import visitor
    monkeypatch.setattr(visitor, "st", SimpleNamespace(context=SimpleNamespace(ip_address=ip)))
    monkeypatch.setattr(visitor, "_peer_is_local", lambda: peer)
    monkeypatch.delenv(SEAM, raising=False)
    assert visitor.is_local_visitor()  # this computer, without the seam: the stand-ins are read
    monkeypatch.setenv(SEAM, "network")
    assert not visitor.is_local_visitor()
    monkeypatch.setenv(SEAM, " Network ")
    assert not visitor.is_local_visitor()


def test_a_network_visitor_cannot_open_the_datasets_folder_itself(network, tmp_path, monkeypatch):
    """Only the datasets under it: the folder itself opened as a dataset, a phone's "Pre-label" would file every
    loose photo there into its own images/ and write a data.yaml over the list of datasets."""
    from app.settings import datasets_dir
    from app.components import visitor

    root = datasets_dir()
    (root / "mine").mkdir(parents=True)
    assert not visitor.folder_allowed(root) and not visitor.folder_allowed(str(root) + os.sep)
    assert not visitor.folder_allowed(root / "mine" / "..") and visitor.folder_allowed(root / "mine")
    shared = tmp_path / "shared"
    monkeypatch.setenv("TILELENS_SHARED_FOLDERS", str(shared))
    assert visitor.folder_allowed(shared)  # a folder the organiser shares: itself too, as they named it


@pytest.mark.parametrize("lang, refused", [("en", "the folder that holds the datasets"),
                                           ("ja", "データセットをまとめたフォルダ")])  # as what it is (session 55)
def test_a_phone_typing_the_datasets_folder_is_refused(network, lang, refused):
    from app.settings import datasets_dir

    root = datasets_dir()
    (root / "mine").mkdir(parents=True)
    (root / "loose.jpg").write_bytes(b"x")
    at = open_page("label", lang=lang)
    at.text_input(key="label_dir").set_value(str(root)).run()
    assert not at.exception, [e.value for e in at.exception]
    assert refused in texts(at)
    assert not any(b.key == "label_init" for b in at.button)  # no "Pre-label" of the datasets folder
    assert sorted(p.name for p in root.iterdir()) == ["loose.jpg", "mine"]


@pytest.mark.parametrize("ip, local", [("127.0.0.1", True), ("::1", True), ("127.3.4.5", True),
                                       ("::ffff:127.0.0.1", True), ("192.0.2.7", False), ("2001:db8::7", False),
                                       ("not-an-ip", False), ("", False)])
def test_local_address(ip, local):
    from app.components import visitor
    assert visitor.local_address(ip) is local


def test_this_computers_own_network_address_is_local():
    from app.components import visitor
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: the address a packet would leave from
        own = probe.getsockname()[0]
    except OSError:
        pytest.skip("no IPv4 route here")
    finally:
        probe.close()
    if own.startswith("127."):
        pytest.skip("only a loopback address here")
    assert visitor.local_address(own)


# ---- words ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, heading", [
    ("en", "Datasets on the laptop running the app (shared by everyone using it)"),
    ("ja", "アプリを動かしているパソコンのデータセット (このアプリを使う全員で共有)")])
def test_the_datasets_heading_says_they_are_the_computers_shared_by_everyone(home, monkeypatch, lang, heading):
    monkeypatch.delenv("TILELENS_LABEL_DIR", raising=False)
    _home_dataset()
    at = open_page("label", lang=lang)
    assert heading in [h.value for h in at.subheader]
    assert "Your datasets" not in texts(at) and "あなたのデータセット" not in [h.value for h in at.subheader]


def test_keep_photo_says_where_the_photo_goes():
    from app.components import keep_photo

    ja, en = keep_photo.S["help"]
    assert "on the laptop running the app" in en and "everyone using the app" in en
    assert "アプリを動かしているパソコン" in ja and "全員" in ja


def test_teach_and_label_words_of_the_japanese_review():
    from app.components import set_names, teach_view

    ja = {k: v[0] for k, v in teach_view.STRINGS.items()}
    assert "「ルールと役」のページ" in ja["help_unoffered"] and "「ルール」のページ" not in ja["help_unoffered"]
    assert ja["base"] == "元にするモデル"  # a taught base: named by set_names, as every page names a set
    assert set_names.STRINGS["taught_set"][0] == "覚えさせた牌セット: {name}"
    assert "登録" not in ja["replaces"] and "登録" not in ja["source_unknown"]


def test_label_page_words_of_the_japanese_review(home, monkeypatch):
    """The Label page's 登録 -> 覚えさせる (登録 only in brackets), read off the page's string table."""
    import ast

    from app_helpers import MAIN as main

    source = (main.parent / "components" / "label_words.py").read_text(encoding="utf-8")
    table = next(node.value for node in ast.parse(source).body if isinstance(node, ast.Assign)
                 and getattr(node.targets[0], "id", "") == "STRINGS")
    strings = ast.literal_eval(table)
    for key in ("thin", "thin_why", "audit_help"):
        ja = strings[key][0]
        assert "登録" not in ja.replace("(牌セットの登録)", ""), (key, ja)
    from app.components import set_names

    assert set_names.STRINGS["taught_set"][0] == "覚えさせた牌セット: {name}"
    assert "覚えさせる" in strings["thin"][0] and "覚えさせる" in strings["thin_why"][0]


# ---- tooltips ------------------------------------------------------------------------------------------------------
def test_tile_names_in_the_pickers_tooltips_show_as_typed(home, monkeypatch):
    """A club's house table names 1m "*1 Man*", a dataset's own kind "_odd_": their tooltips (Markdown) show them
    as typed, not in italics."""
    from app import settings
    from tilelens.labelling.kinds import add_kinds

    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    settings.save_house_table("tokyo-mahjong", text.replace('name_en = "1 Man"', 'name_en = "*1 Man*"', 1))
    root = label_dataset(home / "ds", PHOTOS)
    add_kinds(root, {"f1": "_odd_"})
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    at = open_page("label", lang="en")
    at.button(key="label_next_box").click().run()
    assert not at.exception
    helps = {b.key: b.help for b in at.button}
    assert helps["label_pick_1m"] == "\\*1 Man\\* (1m)", helps["label_pick_1m"]
    assert helps["label_pick_f1"] == "\\_odd\\_", helps["label_pick_f1"]


# ---- the Event check page's "Browse a report" (the same hole: any report folder of the laptop) -----------------
@pytest.mark.parametrize("lang, refused", [("en", REFUSED_EN), ("ja", REFUSED_JA)])
def test_a_network_visitor_browsing_a_report_folder_of_the_laptop_is_refused(network, tmp_path, lang, refused):
    report = tmp_path / "club-event" / "_report"
    report.mkdir(parents=True)
    (report / "event.json").write_text("{}", encoding="utf-8")
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(report)).run()
    assert not at.exception
    assert [e.value for e in at.error if refused in e.value], [e.value for e in at.error]


def test_the_person_at_the_laptop_still_browses_any_report_folder(home, tmp_path):
    report = tmp_path / "club-event" / "_report"
    report.mkdir(parents=True)
    at = open_page("event_check", lang="en")
    at.text_input(key="event_folder").set_value(str(report)).run()
    assert not at.exception and not [e.value for e in at.error if REFUSED_EN in e.value]
