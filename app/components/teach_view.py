"""The Label page's "Teach the recognizer these tiles" panel: start ``tilelens enroll`` on the accepted
photos in the background, follow it, and say what came of it. The job itself is
``tilelens.labelling.teach``; this only draws it."""
from __future__ import annotations

import re
import time
from pathlib import Path

import streamlit as st

from app.components import resources
from app.components.i18n import error_text, lang, said, text_in
from scorer import Game, TilelensInputError, list_games, load_game
from tilelens.labelling import teach
from tilelens.labelling.prelabel import enrolled_tilesets

STRINGS = {
    "teach": ("この牌を覚えさせる (牌セットの登録)", "Teach the recognizer these tiles"),
    "help": ("OK にした写真の牌から、この牌セットを読むモデルを作ります (数分)。できたセットは「写真で採点」で選べます。"
             "閉じても続きます。",
             "Makes a model that reads this tile set from the tiles of the photos you accepted (a few minutes). "
             "Choose the new set on the Score a photo page. It goes on if you close the page."),
    "name": ("牌セットの名前", "Tile set name"),
    "name_help": ("小文字の英字・数字・- と _。同じ名前のセットは置き換わります。",
                  "Lower-case letters, digits, - and _. A set of the same name is replaced."),
    "base": ("出発点", "Start from"),
    "base_game": ("{game} のモデル", "The {game} model"),
    "base_tileset": ("登録したセット {name}", "Enrolled set {name}"),
    "base_none": ("なし (一から)", "Nothing (from scratch)"),
    "minutes": ("学習時間 (分)", "Training time (minutes)"),
    "photos": ("OK にした写真 {n} 枚 (全 {total} 枚) から覚えます。", "Learns from the {n} accepted photos (of {total})."),
    "none_accepted": ("まだ OK にした写真がありません。枠と牌が正しい写真を OK にしてください。",
                      "No photo is accepted yet: accept the photos whose boxes and tiles are right."),
    "start": ("覚えさせる", "Teach"),
    "no_torch": ("このアプリには学習用のパッケージ (torch) がありません。`pip install -e .[train]` で入れるか、"
                 "次のコマンドを実行してください:",
                 "This app has no training packages (torch): install them with `pip install -e .[train]`, or run:"),
    "stage_start": ("準備しています…", "Starting…"),
    "stage_crops": ("写真から牌を切り出しています…", "Cutting the tiles out of the photos…"),
    "stage_training": ("学習中 {pct}% (約 {m} 分のうち {done} 分)", "Training {pct}% ({done} of about {m} min)"),
    "stage_export": ("牌セットを書き出しています…", "Writing the tile set…"),
    "stage_orientation": ("牌の上下を覚えています {pct}%", "Learning which way up the tiles stand {pct}%"),
    "done": ("牌セット「{name}」ができました。「写真で採点」で選べます。",
             "Tile set “{name}” is ready: choose it on the Score a photo page."),
    "failed": ("牌セット「{name}」は作れませんでした: {why}", "Tile set “{name}” was not made: {why}"),
    "log": ("ログ", "Log"),
}
NAME_CHARS = re.compile(r"[^a-z0-9_-]+")
POLL_S = 2


def tr(key: str, **fmt) -> str:
    return text_in(STRINGS, key, **fmt)


def default_name(root: Path, config) -> str:
    """The tile set the dataset was pre-labelled with, else its folder's name made a valid tile set name.

    >>> from types import SimpleNamespace as N
    >>> default_name(Path("/x/My Tiles (2)"), N(tileset=None)), default_name(Path("/x/y"), N(tileset="hk"))
    ('my-tiles-2', 'hk')
    >>> default_name(Path("/x/nogizaka"), N(tileset=None))  # not a game's name: that is refused
    'nogizaka-set'
    """
    from scorer.catalog import list_games

    if config.tileset:
        return config.tileset
    name = NAME_CHARS.sub("-", root.name.lower()).strip("-_")[:41]
    return f"{name}-set" if name in list_games() else name or "my-set"


def base_choices(config, game: Game | None) -> dict[str, str]:
    """``--base`` value -> what the picker says, likeliest first: the set the photos were pre-labelled with,
    then each shipped game's model, those whose catalog names more of the dataset's kinds first (a
    mahjong set's 1m..7z are Tokyo Mahjong's, whatever game the page has picked), then the other
    enrolled sets, then nothing."""
    from vision.recognizer import default_models_dir

    models, kinds = default_models_dir(), set(config.names)
    out = {}
    if config.tileset:
        out[config.tileset] = tr("base_tileset", name=config.tileset)
    shipped = [g for g in (load_game(i) for i in list_games()) if (models / f"classifier-{g.id}.pt").is_file()]
    named = {g.id: len(kinds & {t.id for t in g.tiles}) for g in shipped}
    for g in sorted(shipped, key=lambda g: (-named[g.id], g.id != (game.id if game else ""))):
        out[g.id] = tr("base_game", game=g.name_ja if lang() == "ja" else g.name_en)
    for name in enrolled_tilesets():
        out.setdefault(name, tr("base_tileset", name=name))
    out["none"] = tr("base_none")
    return out


def _stage_text(job: teach.TeachJob) -> str:
    if job.stage == "training":
        done = (time.time() - job.started) / 60
        return tr("stage_training", pct=int(job.fraction * 100), m=f"{job.minutes:g}", done=f"{done:.1f}")
    if job.stage == "orientation":
        return tr("stage_orientation", pct=int(job.fraction * 100))
    return tr(f"stage_{job.stage}") if job.stage in {"start", "crops", "export"} else tr("stage_start")


@st.fragment(run_every=POLL_S)
def _follow(root: Path) -> None:
    """The running job's progress, redrawn every few seconds; the whole page again once it has ended."""
    job = teach.status(root)
    if job is None or job.state != "running":
        st.rerun()
    st.progress(job.fraction, text=_stage_text(job))


def _outcome(job: teach.TeachJob) -> None:
    if job.state == "done":
        seen = st.session_state.get("teach_seen")
        if seen != (job.name, job.started):  # a set taught again under its old name: load it afresh
            resources.recognizer.clear()
            st.session_state["teach_seen"] = (job.name, job.started)
        st.success(tr("done", name=job.name))
    else:
        st.error(tr("failed", name=job.name, why=said(job.message, job.message_ja)))
        tail = job.log_tail()
        if tail:
            with st.popover(tr("log")):
                st.code(tail, language=None)


def teach_panel(root: Path, config, game: Game | None, accepted: int, total: int) -> None:
    """The panel: progress while a job runs, else the last job's outcome and the form to start one.
    ``accepted`` of ``total`` photos are accepted, as the page has counted them."""
    job = teach.status(root)
    running = job is not None and job.state == "running"
    with st.expander(tr("teach"), expanded=running):
        st.caption(tr("help"))
        if running:
            _follow(root)
            return
        if job is not None:
            _outcome(job)
        name = st.text_input(tr("name"), value=default_name(root, config), key="teach_name", help=tr("name_help"))
        bases = base_choices(config, game)
        base = st.selectbox(tr("base"), list(bases), key="teach_base", format_func=bases.__getitem__)
        minutes = st.slider(tr("minutes"), 1, 15, 5, key="teach_minutes")
        if not accepted:
            st.info(tr("none_accepted"))
            return
        st.caption(tr("photos", n=accepted, total=total))
        base_arg = None if base == "none" else base
        if not teach.can_train():
            try:
                args, _ = teach.enroll_args(root, name.strip(), base_arg, minutes)
            except TilelensInputError as exc:
                st.error(error_text(exc))
                return
            st.info(tr("no_torch"))
            st.code(teach.command_line(args), language="bash")
            return
        if st.button(tr("start"), key="teach_start", type="primary"):
            try:
                teach.start(root, name.strip(), base_arg, minutes)
            except TilelensInputError as exc:
                st.error(error_text(exc))
                return
            st.rerun()
