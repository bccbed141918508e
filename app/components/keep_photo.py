"""The photo page's "keep this photo": a photo read and corrected there becomes a labelled, accepted photo
of a dataset for the game (``tilelens.labelling.uploads.add_read_photo``), ready for the Label page's
Teach. Playing is how a person collects photos of their own tiles; this keeps them."""
from __future__ import annotations

import io
from pathlib import Path
from typing import NamedTuple

import streamlit as st
from PIL import Image

from app.components.common import OPEN_DATASET_KEY, as_typed, keep_choice
from app.components.i18n import lang, name_of, os_error_pair, said, switch_page, text_in
from app.components.photo import PhotoReading, kind_names
from app.components.visitor import S as VISITOR_S, folder_allowed, shares_name
from app.settings import datasets_dir
from scorer import Game, TilelensInputError
from tilelens.labelling.model import Box
from tilelens.labelling.uploads import add_read_photo, dataset_folder, datasets_in
from tilelens.labelling.yolo import read_data_yaml, trains_on_filed

S = {
    # the Label page's button named as it is labelled (``teach_view``: 「この牌を覚えさせる (牌セットの登録)」)
    "title": ("牌を覚えさせるために、この写真を残す", "Keep this photo to teach the recognizer"),
    # where it goes said as it is: the datasets are the laptop's, one list for every visitor of the app (a phone's)
    "help": ("直した名前と枠のまま、データセットに OK にした写真として加えます。データセットはアプリを動かしている"
             "パソコンに保存され、このアプリを使う全員で共有されます (「ラベル付け」のページで誰でも開けます)。"
             "「ラベル付け」のページで枠を整え、「この牌を覚えさせる」で自分の牌を覚えさせられます。",
             "Adds the photo, with the names as corrected and the boxes as found, to a dataset as an accepted "
             "photo. The datasets are kept on the laptop running the app and shared by everyone using the app "
             "(anyone can open them on the Label tiles page). On the Label tiles page you can tidy the boxes, then "
             "teach the recognizer your own tiles with \"Teach the recognizer these tiles\"."),
    # a photo whose tiles do not look like the game's (``PhotoReading.other_game``): kept as this game's, it would
    # teach the recognizer another game's faces under this game's names
    "other_game": ("{game}の牌 (自分のセットなど) のときだけ加えてください。ここに加えると{game}の牌として覚えます。",
                   "Add the photo only if its tiles are those of {game} (a set of your own, say): kept here, they "
                   "are learnt as tiles of {game}."),
    "dataset": ("データセット", "Dataset"),
    "new": ("新しいデータセット…", "A new dataset…"),
    "name": ("新しいデータセットの名前", "Name of the new dataset"),
    "add": ("この写真を加える", "Add this photo"),
    "added": ("{dataset}に{photo}として加えました (枠 {n}個)。", "Added to {dataset} as {photo} (boxes: {n})."),
    "unboxed": ("写真にない牌として追加した {n}枚には枠がないので、ラベルになりません。",
                "Tiles added by hand have no box in the photo, so they are not labelled: {n}."),
    "updated": ("{dataset}の{photo}を今の向きと名前に更新しました (枠 {n}個)。",
                "{photo} was already in {dataset}: it now has the photo as turned and the names as they are "
                "(boxes: {n})."),
    # boxes of kinds the dataset does not have (a member the house table dropped, in a dataset made since; a member
    # it took in, in a dataset made before; a flower of a tile set): left out (``add_read_photo``), so the photo is
    # kept as not yet checked (accepted, it would teach the detector those tiles were background)
    "unboxed_kinds": ("写真の {n}枚はこのデータセットにない種類の牌 ({kinds}) なので、枠を残していません。この写真は"
                      "OK にしていません。「ラベル付け」のページでその牌に枠を付けてから (種類は「牌の種類を追加」で"
                      "足せます)、「OK・次へ」を押してください。",
                      "{n} tiles in the photo are of kinds this dataset does not have ({kinds}), so their boxes were "
                      "not kept and the photo is not marked accepted: box them on the Label tiles page (“Add a tile "
                      "kind” adds their kind), then press “Accept and next”."),
    "exists": ("「{name}」はもうあります。一覧から選んでください。", "There is already a dataset called {name}: choose it in the list."),
    "exists_other": ("「{name}」は別のゲームのデータセットとしてもうあります。別の名前にしてください。",
                     "There is already a dataset called {name}, of another game: choose another name."),
    "exists_folder": ("「{name}」というフォルダはもうありますが、{game} の牌のデータセットとして写真を加えられません "
                      "(牌の一覧が違う、data.yaml がない、または独自の構成です)。別の名前にしてください。",
                      "There is already a folder called {name}, and photos of {game} cannot be added to it (its "
                      "tiles are others, it has no data.yaml, or a layout of its own): choose another name."),
    "cannot_write": ("{dataset}に書き込めません: {why}", "Cannot write to {dataset}: {why}"),
    "open": ("「ラベル付け」のページで開く", "Open it on the Label tiles page"),
    "no_name": ("新しいデータセットの名前を入れてください。", "Name the new dataset first."),
    "changed": ("加えたあとで牌か写真の向きを直しました。データセットには直す前のものが入っています。もう一度「この写真を加える」で"
                "更新してください。",
                "You changed tiles or turned the photo since it was added: the dataset holds it as it was. Add "
                "it again to update it."),
}
NEW = ""  # the choice "a new dataset" (no folder name is empty)


def tr(key: str, **fmt) -> str:
    return text_in(S, key, **fmt)


def _addable(root: Path, game: Game) -> bool:
    """Photos of ``game`` can be kept in the dataset ``root``: its data.yaml names this game (its tiles as the
    table in use has them, or as another table of it had them when the photos were labelled: a club's house table
    changed since; a box of a kind the dataset lacks is left out and said, ``add_read_photo``), and training reads
    the photos filed into it (``trains_on_filed``)."""
    try:
        config = read_data_yaml(root)
    except (TilelensInputError, OSError):  # no data.yaml yet, or one of another tool's
        return False
    return config.game == game.id and trains_on_filed(root, config)


def _datasets_of(game: Game) -> list[Path]:
    """The datasets under the app's datasets folder a photo of this game can be kept in, by this visitor
    (``folder_allowed``: a link there to a folder elsewhere is not a phone's, as the Label page would not open it)."""
    return [root for root in datasets_in(datasets_dir()) if folder_allowed(root) and _addable(root, game)]


def _free_name(game: Game) -> str:
    """The name first offered for a new dataset: ``<game>-photos``, or ``-2``, ``-3``, ... when taken."""
    home, base = datasets_dir(), f"{game.id}-photos"
    name, n = base, 1
    while (home / name).exists() or shares_name(name):  # a shared folder's name is no new dataset's
        n += 1
        name = f"{base}-{n}"
    return name


def _of_another_game(root: Path, game: Game) -> bool:
    try:
        return read_data_yaml(root).game not in (None, game.id)
    except (TilelensInputError, OSError):
        return False


def _boxes(reading: PhotoReading, hand: list[str], classes: tuple[str, ...] = ()) -> list[Box]:
    """The face-up tiles' boxes (normalised) with the names as the hand now has them (the hand's first
    entries are the boxed tiles in order; tiles added by hand follow), then those the hand leaves out (read as
    kinds the table in use lacks: a flower of a tile set), named as read: a dataset that still has the kind keeps
    them, another leaves them out (``add_read_photo``). A stand-in no person checked or corrected (a tile read as a
    member the house table dropped, in the hand as the one in her place) is named as read where the dataset's kinds
    (``classes``) have her: the club's dataset made before the table dropped her; else as in the hand."""
    h, w = reading.image_rgb.shape[:2]
    faces = [tile for tile in reading.tiles if tile.in_hand]

    def named(tile, kind: str) -> str:
        as_read = tile.stands_in and kind == tile.kind and tile.read_as in classes
        return tile.read_as if as_read else kind

    boxes = [Box(named(tile, kind), (tile.xyxy[0] / w, tile.xyxy[1] / h, tile.xyxy[2] / w, tile.xyxy[3] / h))
             for tile, kind in zip(faces, hand)]
    others = [tile for tile in reading.tiles if tile.foreign and not tile.is_back]
    return boxes + [Box(t.kind, (t.xyxy[0] / w, t.xyxy[1] / h, t.xyxy[2] / w, t.xyxy[3] / h)) for t in others]


def _classes(root: Path, game: Game) -> tuple[str, ...]:
    """The kinds the dataset ``root`` boxes: its data.yaml's names, or the table in use's for a new dataset."""
    if (root / "data.yaml").is_file():
        return tuple(read_data_yaml(root).names)
    return tuple(kind.id for kind in game.tiles)


class _Kept(NamedTuple):
    """What the Keep button did, shown until another photo is read."""

    digest: str  # which photo and reading
    hand: tuple[str, ...]  # the hand as kept
    turned: int  # the photo's quarter turns as kept
    kind: str  # "success", "warning" (kept, not accepted: ``unboxed_kinds``) or "error"
    said: tuple[str, str]  # (English, Japanese): shown in the screen's language when it is drawn
    root: Path | None  # the dataset kept in
    shown_in: str = ""  # an error's: the language it was last shown in (it goes at the next run in that language)


def _both(key: str, ja: dict | None = None, **fmt) -> tuple[str, str]:
    """The (English, Japanese) of ``S[key]``; ``ja``: values that differ in Japanese (a game's name)."""
    text_ja, text_en = S[key]
    return text_en.format(**fmt), text_ja.format(**{**fmt, **(ja or {})})


def _keep(game: Game, reading: PhotoReading, hand: list[str], photo_name: str, choice: str, name: str,
          mine: dict[str, Path], original: bytes | None) -> tuple[str, tuple[str, str], Path | None]:
    """Add the photo to the chosen dataset: (alert kind, what to say in English and Japanese, the dataset
    or None)."""
    root = None
    try:
        if choice == NEW:
            if not name.strip():  # said as a sentence (the labelling module's words are a fragment)
                return "error", _both("no_name"), None
            root = dataset_folder(datasets_dir(), name)
            if shares_name(root.name):  # a dataset of that name would take the share's: it would open for nobody
                text_ja, text_en = VISITOR_S["shared_name"]
                name = as_typed(root.name)
                return "error", (text_en.format(name=name), text_ja.format(name=name)), None
            if root.exists():  # in the list only when photos of this game can be kept there
                key = "exists" if root.name in mine else "exists_other" if _of_another_game(root, game) \
                    else "exists_folder"
                return "error", _both(key, {"game": game.name_ja}, name=as_typed(root.name), game=game.name_en), None
        else:
            root = mine[choice]
        buffer = io.BytesIO()
        Image.fromarray(reading.image_rgb).save(buffer, "JPEG", quality=95)
        boxes = _boxes(reading, hand, _classes(root, game))
        h, w = reading.image_rgb.shape[:2]
        # a box of a kind the dataset does not have is left out (``kept.left_out``) and the photo is not marked
        # accepted (accepted with a tile unboxed, it would teach the detector that the tile is background)
        kept = add_read_photo(root, photo_name, buffer.getvalue(), (w, h), boxes,
                             tuple(t.id for t in game.tiles), game=game.id, original=original)
    except TilelensInputError as exc:
        english = str(exc)[:1].upper() + str(exc)[1:]  # a sentence: "name the new dataset" was a fragment
        return "error", (english, getattr(exc, "message_ja", "") or english), None
    except OSError as exc:  # a folder that cannot be written (no rights, a full disk, a file in its place)
        why, why_ja = os_error_pair(exc)
        dataset = as_typed(getattr(root, "name", name))
        return "error", _both("cannot_write", {"why": why_ja}, dataset=dataset, why=why), None
    # names as typed: a dataset or photo named "_mine_" read "mine" in italics
    said = _both("updated" if kept.updated else "added", dataset=as_typed(root.name), photo=as_typed(kept.path),
                 n=len(boxes) - len(kept.left_out))
    boxed = len([t for t in reading.tiles if t.in_hand])
    if len(hand) > boxed:
        more = _both("unboxed", n=len(hand) - boxed)
        said = (f"{said[0]} {more[0]}", f"{said[1]} {more[1]}")
    if kept.left_out:  # named as the page names them (さくら, Sakura), never by their ids
        names = [kind_names(game, kind) for kind in dict.fromkeys(kept.left_out)]
        more = _both("unboxed_kinds", {"kinds": as_typed("、".join(ja for ja, _ in names))}, n=len(kept.left_out),
                     kinds=as_typed(", ".join(en for _, en in names)))
        said = (f"{said[0]} {more[0]}", f"{said[1]} {more[1]}")
        return "warning", said, root
    return "success", said, root


def keep_panel(game: Game, reading: PhotoReading, hand: list[str], photo_name: str, digest: str,
               prefix: str, original: bytes | None = None) -> None:
    """The expander that keeps the photo (``digest``: which photo and reading it is; ``original``: the
    photo as uploaded, which tells it when kept again) in a dataset of ``game``; what it did stays shown,
    with a way to the Label page, until another photo is read."""
    kept_key, select_key = f"{prefix}_kept", f"{prefix}_keep_select"
    with st.expander(tr("title"), expanded=getattr(st.session_state.get(kept_key), "digest", None) == digest):
        st.caption(tr("help"))
        if getattr(reading, "other_game", False):
            st.warning(tr("other_game", game=as_typed(name_of(game))))
        mine = {root.name: root for root in _datasets_of(game)}
        if st.session_state.get(select_key) in mine:  # the dataset just made or added to
            st.session_state[f"{prefix}_keep_dataset"] = st.session_state.pop(select_key)
        new = tr("new")  # fixed now: format_func is also called outside the page's run
        choices = [*mine, NEW]
        keep_choice(f"{prefix}_keep_dataset", choices, choices[0])  # its words after a language switch
        choice = st.selectbox(tr("dataset"), choices, key=f"{prefix}_keep_dataset",
                              format_func=lambda c: c or new)
        name = st.text_input(tr("name"), value=_free_name(game), key=f"{prefix}_keep_name") \
            if choice == NEW else ""
        if st.button(tr("add"), key=f"{prefix}_keep"):
            kept = _Kept(digest, tuple(hand), reading.turned,
                         *_keep(game, reading, hand, photo_name, choice, name, mine, original))
            st.session_state[kept_key] = kept
            if kept.root is not None:
                st.session_state[select_key] = kept.root.name
            st.rerun()  # the dataset list may hold a new dataset: choose it there
        kept = st.session_state.get(kept_key)
        if not kept or kept.digest != digest:
            return
        if kept.kind != "error" and (kept.hand, kept.turned) != (tuple(hand), reading.turned):
            st.warning(tr("changed"))  # the photo or labels saved are not what is shown now
            return
        if kept.kind == "error" and kept.shown_in == lang():  # said once, after the button (and again in the
            del st.session_state[kept_key]  # other language if the screen's is switched): not left on screen while
            return  # melds are typed or the name is changed, as though it were said of them
        {"success": st.success, "warning": st.warning, "error": st.error}[kept.kind](said(*kept.said))
        if kept.kind == "error":
            st.session_state[kept_key] = kept._replace(shown_in=lang())
        if kept.root is not None and st.button(tr("open"), key=f"{prefix}_keep_open"):
            st.session_state[OPEN_DATASET_KEY] = str(kept.root)
            switch_page("views/label.py")
