"""Helpers for the AppTest tests of the app's pages."""
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from scorer import load_game

MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"


def open_page(page: str, game: str | None = None, lang: str = "en") -> AppTest:
    """The app on ``views/<page>.py`` with a game chosen and the language set."""
    at = AppTest.from_file(str(MAIN), default_timeout=60).run()
    at.session_state["lang"] = lang
    at.switch_page(f"views/{page}.py").run()
    if game is not None:
        at.selectbox(key="game_id").set_value(game).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(at: AppTest) -> str:
    """Everything the page wrote as text (markdown, captions, alerts), one string to search."""
    parts = [e.value for e in (*at.markdown, *at.caption, *at.success, *at.warning, *at.error, *at.info)]
    return "\n".join(str(p) for p in parts)


def synthetic(game_id: str, tiles: list[str], seed: int = 5) -> bytes:
    """A clean synthetic JPEG photo of ``tiles``."""
    import cv2

    from vision.synth import render_hand

    ok, buf = cv2.imencode(".jpg", render_hand(game_id, tiles, seed=seed, effects=0.0).image)
    return buf.tobytes()


def read_as_the_page(game_id: str, data: bytes) -> list[str]:
    """The hand the recognizer reads from these bytes, through the page's own path."""
    from app.components.photo import read_photo
    from vision import Recognizer

    return read_photo(data, Recognizer.load(game=game_id), {k.id for k in load_game(game_id).tiles}).hand


def photo_read_whole(game_id: str, tiles: list[str]) -> tuple[bytes, list[str]]:
    """A synthetic photo of ``tiles`` on which the recognizer finds every tile (the first such seed),
    and the hand it reads. App tests check the page, not the recognizer's accuracy (vision's tests do)."""
    for seed in range(12):
        data = synthetic(game_id, tiles, seed)
        hand = read_as_the_page(game_id, data)
        if len(hand) == len(tiles):
            return data, hand
    pytest.fail(f"the recognizer finds fewer than {len(tiles)} tiles on every synthetic photo tried")


def expected_tsumo(game_id: str, hand: list[str]):
    """What the page's default options (tsumo, riichi, 4 players) score ``hand`` at."""
    from scorer.engine import score

    return score(game_id, hand, win="tsumo", riichi=True, players=4)


def go_to(at: AppTest, page: str, address: dict[str, str] | None = None) -> AppTest:
    """Open ``views/<page>.py`` as a browser does from the sidebar's link: the address keeps only the language
    (or is ``address``), and no widget of the page left is sent, only the sidebar's language switch.
    (``AppTest.switch_page`` sends the widgets of the page left as well, the game picker's too, which a browser
    does not: a page drawn for another game than its picker's, seen in a browser, shows only this way.)"""
    from streamlit.proto.WidgetStates_pb2 import WidgetStates

    at.switch_page(f"views/{page}.py")
    at.query_params.pop("match", None)
    at.query_params.update(address or {})
    sent = WidgetStates()
    sent.widgets.extend(w for w in at._tree.get_widget_states().widgets if w.id.endswith("-lang"))
    at._run(widget_state=sent)
    assert not at.exception, [e.value for e in at.exception]
    return at


def typed_ron_without_riichi(at: AppTest) -> None:
    """On the "Enter a hand" page: a closed riichi hand typed in and used, won by ron, riichi unticked."""
    type_hand(at, "234m456p678s22z555z")
    at.segmented_control(key="manual_win").set_value("ron").run()
    at.checkbox(key="manual_riichi").uncheck().run()


def tsumo(at: AppTest, prefix: str = "manual") -> AppTest:
    """The hand shown won by tsumo, chosen in its Win box: a new hand starts at its game's default win kind (a riichi
    table's ``default_win``, Tokyo's ron; a Donjara game's tsumo) since session 60."""
    at.segmented_control(key=f"{prefix}_win").set_value("tsumo").run()
    return at


def label_dataset(root: Path, photos: list[str]) -> Path:
    """A small tokyo-mahjong dataset for the Label page at ``root``: ``photos`` (paths inside it) as plain
    images, the first with two boxes (1m, 2m), the others none; kinds 1m 2m 3m 7z."""
    from PIL import Image

    from tilelens.labelling import Box, Dataset, LabelledImage, write_yolo

    images = []
    for i, rel in enumerate(photos):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        Image.new("RGB", (160, 120), (40 * i, 120, 90)).save(root / rel)
        boxes = (Box("1m", (0.1, 0.1, 0.3, 0.5)), Box("2m", (0.4, 0.1, 0.6, 0.5))) if i == 0 else ()
        images.append(LabelledImage(rel, (160, 120), boxes))
    write_yolo(Dataset(("1m", "2m", "3m", "7z"), tuple(images), "tokyo-mahjong"), root)
    return root


def type_hand(at: AppTest, hand: str) -> AppTest:
    """On the "Enter a hand" page: ``hand`` typed in and used, the form's button in the screen's language."""
    at.text_input(key="manual_typed").set_value(hand)
    use = "Use this hand" if at.session_state["lang"] == "en" else "この手牌にする"
    at.button(key=f"FormSubmitter:manual_typed_form-{use}").click().run()
    return at


YOKAI_NEAR = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["yokai-09"]
YOKAI_WIN = YOKAI_NEAR[:8] + ["almighty"]  # 120 points at the photo page's default options


def read_as(at, game_id: str, tiles: list[str], seed: int = 5, shown: list[str] | None = None):
    """The photo page given a synthetic photo of ``shown`` (``tiles`` where not given; ``seed``: another photo of
    the hand), read as ``tiles`` whatever the recognizer made of it."""
    from dataclasses import replace

    from app.components.photo import PhotoTile

    data = synthetic(game_id, shown or tiles, seed)
    at.file_uploader(key="photo_upload").set_value((f"hand-{seed}.jpg", data, "image/jpeg")).run()
    read = [PhotoTile((30.0 * i, 10.0, 30.0 * i + 25, 50.0), k, 0.95, choices=((k, 0.95),))
            for i, k in enumerate(tiles)]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], tiles=tuple(read))
    at.session_state["photo_tiles"] = list(tiles)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def read_as_win(at, seed: int):
    """The photo page given a photo of YOKAI_NEAR (``seed``: another photo of the hand), read as YOKAI_WIN
    whatever the recognizer made of it."""
    return read_as(at, "yokai-watch", YOKAI_WIN, seed, shown=YOKAI_NEAR)


def yokai_match(home):
    """A ledger in ``home`` with a Yokai Watch match of four: (ledger, match id)."""
    from tilelens.ledger import Ledger

    ledger = Ledger(home / "ledger.sqlite")
    return ledger, ledger.new_match("yokai-watch", ["Ann", "Bo", "Cy", "Di"])


LABEL_PHOTOS = ["images/train/a.jpg", "images/train/b.jpg", "images/val/c.jpg"]


def label_page_dataset(tmp_path: Path, monkeypatch) -> Path:
    """``label_dataset`` of LABEL_PHOTOS in ``tmp_path/ds``, the dataset the Label page opens
    (TILELENS_LABEL_DIR)."""
    root = label_dataset(tmp_path / "ds", LABEL_PHOTOS)
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(root))
    return root


def tilelens_tests_module(stem: str, name: str | None = None):
    """The module tests/tilelens/``stem``.py (tests/tilelens is no package: loaded by its path), loaded once as
    ``name`` (default ``stem``) for the app's tests that build on its helpers. tests/tilelens goes on ``sys.path``
    first, as the tests there have it: the module's own imports of its neighbours (``ledger_helpers``,
    ``test_label_teach``) are found."""
    import importlib.util
    import sys

    name = name or stem
    if name in sys.modules:
        return sys.modules[name]
    folder = Path(__file__).resolve().parents[1] / "tilelens"
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    path = folder / f"{stem}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def event_support():
    """The event tests' drawn photos and exact reader (tests/tilelens/test_event_support.py), loaded once for the
    app's event page tests."""
    return tilelens_tests_module("test_event_support")


def label_teach_support():
    """The labelling tests' small datasets (tests/tilelens/test_label_teach.py: ``make_dataset``, ``TINY``...), loaded
    once for the app's Label page tests (under a name of its own: pytest collects the file's tests as its own)."""
    return tilelens_tests_module("test_label_teach", "label_teach_support")


def ledger_upgrade_support():
    """The ledger upgrade tests' old ledger files (tests/tilelens/test_ledger_upgrade_54.py: ``old_file``,
    ``copies``), loaded once for the app's tests of the upgrade, under a name of its own as ``label_teach_support``."""
    return tilelens_tests_module("test_ledger_upgrade_54", "ledger_upgrade_support")


def two_laptops(home: Path):
    """This laptop's ledger (the app's: ``home``/ledger.sqlite, TILELENS_LEDGER, as the ``home`` fixture sets it) and
    the other laptop's file (``home``/b/ledger.sqlite): tests/tilelens/ledger_merge_helpers_57.py's two tables, for
    the ledger page's merge tests."""
    tables = tilelens_tests_module("ledger_merge_helpers_57")
    (home / "b").mkdir()
    return tables.table_one(home / "ledger.sqlite"), tables.table_two(home / "b" / "ledger.sqlite")


def add_a_photo(at: AppTest, name: str = "more.jpg") -> AppTest:
    """On the Label page with a dataset open: one grey JPEG ``name`` chosen in its "Add photos" uploader, then added."""
    import io

    from PIL import Image

    up = next(u for u in at.get("file_uploader") if u.key.startswith("label_upload_add"))
    buf = io.BytesIO()
    Image.new("RGB", (110, 80), (90, 90, 90)).save(buf, format="JPEG")
    up.set_value([(name, buf.getvalue(), "image/jpeg")]).run()
    at.button(key="label_add").click().run()
    return at


def add_to_ledger(at, prefix: str):
    """Tap "Add to the ledger" as a player does: where nobody is chosen yet, the first seat offered chosen as the
    winner and, for a ron, the first other seat as the discarder (a hand starts with nobody chosen since session 54,
    and Add waits for them; the page had chosen these by itself)."""
    for box in (f"{prefix}_winner", f"{prefix}_discarder"):
        found = [s for s in at.selectbox if s.key == box]
        if found and found[0].value is None:
            found[0].select_index(0).run()
    at.button(key=f"{prefix}_add_ledger").click().run()
    return at


def tap(at: AppTest, key: str) -> AppTest:
    """The button ``key`` tapped, the page run again without an exception."""
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def no_red_table(home: Path) -> None:
    """Tokyo Mahjong's table played without red fives (``[riichi] red_fives = false``) saved in the ``home`` fixture's
    home as the Rules page saves a house table (tests/scorer/house_table_helpers.py)."""
    import sys

    folder = str(Path(__file__).resolve().parents[1] / "scorer")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    from house_table_helpers import TOKYO, saved, sub_once

    saved(home / "home", sub_once(TOKYO, r"^red_fives = true", "red_fives = false"))


def event_page_head(out: Path, lang: str = "en") -> tuple[AppTest, str]:
    """The event page opened on the report folder ``out`` in ``lang``: the page, and its heading with the errors under
    it (what an event not in order says first), one line each."""
    at = open_page("event_check", lang=lang)
    at.text_input(key="event_folder").set_value(str(out)).run()
    assert not at.exception, [e.value for e in at.exception]
    return at, at.subheader[0].value + "\n" + "\n".join(e.value for e in at.error)
