"""The photo page's "keep this photo": a photo read and corrected there becomes a labelled, accepted photo
of a dataset for the game (``tilelens.labelling.uploads.add_read_photo``), ready for the Label page's
Teach. Playing is how a person collects photos of their own tiles; this keeps them."""
from __future__ import annotations

import io
from pathlib import Path
from typing import NamedTuple

import streamlit as st
from PIL import Image

from app.components.common import OPEN_DATASET_KEY
from app.components.i18n import error_text, text_in
from app.components.photo import PhotoReading
from app.settings import datasets_dir
from scorer import Game, TilelensInputError
from tilelens.labelling.model import Box
from tilelens.labelling.uploads import add_read_photo, dataset_folder, datasets_in
from tilelens.labelling.yolo import read_data_yaml

S = {
    "title": ("この写真を牌の学習に使う", "Keep this photo to teach the recognizer"),
    "help": ("直した名前と枠のまま、データセットに確認済みの写真として加えます。ラベル付けページで枠を整え、"
             "「学習」で自分の牌セットを覚えさせられます。",
             "Adds the photo, with the names as corrected and the boxes as found, to a dataset as an accepted "
             "photo. On the Label page you can tidy the boxes and Teach the recognizer your own tiles."),
    "dataset": ("データセット", "Dataset"),
    "new": ("新しいデータセット…", "A new dataset…"),
    "name": ("新しいデータセットの名前", "Name of the new dataset"),
    "add": ("この写真を加える", "Add this photo"),
    "added": ("{dataset} に {photo} として加えました (枠 {n} 個)。", "Added to {dataset} as {photo} ({n} boxes)."),
    "unboxed": ("写真にない牌として足した {n} 枚には枠がないので、ラベルになりません。",
                "The {n} tiles added by hand have no box in the photo, so they are not labelled."),
    "updated": ("{dataset} の {photo} のラベルを今の名前に更新しました (枠 {n} 個)。",
                "{photo} was already in {dataset}: its labels now have the names as they are (boxes: {n})."),
    "exists": ("「{name}」はもうあります。一覧から選んでください。", "There is already a dataset called {name}: choose it in the list."),
    "exists_other": ("「{name}」は別のゲームのデータセットとしてもうあります。別の名前にしてください。",
                     "There is already a dataset called {name}, of another game: choose another name."),
    "open": ("ラベル付けページで開く", "Open it on the Label page"),
    "changed": ("加えたあとで牌を直しました。データセットには直す前の名前が入っています: もう一度「この写真を加える」で更新してください。",
                "You changed tiles since this photo was added: the dataset holds the names as they were. Add "
                "it again to update its labels."),
}
NEW = ""  # the choice "a new dataset" (no folder name is empty)


def tr(key: str, **fmt) -> str:
    return text_in(S, key, **fmt)


def _datasets_of(game: Game) -> list[Path]:
    """The datasets under the app's datasets folder labelled with this game's tiles."""
    mine = []
    for root in datasets_in(datasets_dir()):
        try:
            if read_data_yaml(root).game == game.id:
                mine.append(root)
        except TilelensInputError:  # no data.yaml yet, or one of another tool's
            continue
    return mine


def _boxes(reading: PhotoReading, hand: list[str]) -> list[Box]:
    """The face-up tiles' boxes (normalised) with the names as the hand now has them (the hand's first
    entries are the boxed tiles in order; tiles added by hand follow)."""
    h, w = reading.image_rgb.shape[:2]
    faces = [tile for tile in reading.tiles if tile.in_hand]
    return [Box(kind, (x1 / w, y1 / h, x2 / w, y2 / h))
            for (x1, y1, x2, y2), kind in zip((tile.xyxy for tile in faces), hand)]


class _Kept(NamedTuple):
    """What the Keep button did, shown until another photo is read."""

    digest: str  # which photo and reading
    hand: tuple[str, ...]  # the hand as kept
    kind: str  # "success" or "error"
    said: str
    root: Path | None  # the dataset kept in


def _keep(game: Game, reading: PhotoReading, hand: list[str], photo_name: str, choice: str, name: str,
          mine: dict[str, Path]) -> tuple[str, str, Path | None]:
    """Add the photo to the chosen dataset: (alert kind, what to say, the dataset or None)."""
    try:
        if choice == NEW:
            root = dataset_folder(datasets_dir(), name)
            if root.exists():  # in the list only when it is of this game
                ours = root.name in mine
                return "error", tr("exists" if ours else "exists_other", name=root.name), None
        else:
            root = mine[choice]
        buffer = io.BytesIO()
        Image.fromarray(reading.image_rgb).save(buffer, "JPEG", quality=95)
        boxes = _boxes(reading, hand)
        h, w = reading.image_rgb.shape[:2]
        kept = add_read_photo(root, photo_name, buffer.getvalue(), (w, h), boxes,
                             tuple(t.id for t in game.tiles), game=game.id)
    except TilelensInputError as exc:
        return "error", error_text(exc), None
    said = tr("updated" if kept.updated else "added", dataset=root.name, photo=kept.path, n=len(boxes))
    if len(hand) > len(boxes):
        said += " " + tr("unboxed", n=len(hand) - len(boxes))
    return "success", said, root


def keep_panel(game: Game, reading: PhotoReading, hand: list[str], photo_name: str, digest: str,
               prefix: str) -> None:
    """The expander that keeps the photo (``digest``: which photo and reading it is) in a dataset of
    ``game``; what it did stays shown, with a way to the Label page, until another photo is read."""
    kept_key, select_key = f"{prefix}_kept", f"{prefix}_keep_select"
    with st.expander(tr("title"), expanded=getattr(st.session_state.get(kept_key), "digest", None) == digest):
        st.caption(tr("help"))
        mine = {root.name: root for root in _datasets_of(game)}
        if st.session_state.get(select_key) in mine:  # the dataset just made or added to
            st.session_state[f"{prefix}_keep_dataset"] = st.session_state.pop(select_key)
        new = tr("new")  # fixed now: format_func is also called outside the page's run
        choice = st.selectbox(tr("dataset"), [*mine, NEW], key=f"{prefix}_keep_dataset",
                              format_func=lambda c: c or new)
        name = st.text_input(tr("name"), value=f"{game.id}-photos", key=f"{prefix}_keep_name") \
            if choice == NEW else ""
        if st.button(tr("add"), key=f"{prefix}_keep"):
            kept = _Kept(digest, tuple(hand), *_keep(game, reading, hand, photo_name, choice, name, mine))
            st.session_state[kept_key] = kept
            if kept.root is not None:
                st.session_state[select_key] = kept.root.name
            st.rerun()  # the dataset list may hold a new dataset: choose it there
        kept = st.session_state.get(kept_key)
        if not kept or kept.digest != digest:
            return
        if kept.kind == "success" and kept.hand != tuple(hand):  # the labels saved are not the hand shown now
            st.warning(tr("changed"))
            return
        {"success": st.success, "error": st.error}[kept.kind](kept.said)
        if kept.root is not None and st.button(tr("open"), key=f"{prefix}_keep_open"):
            st.session_state[OPEN_DATASET_KEY] = str(kept.root)
            st.switch_page("views/label.py")
