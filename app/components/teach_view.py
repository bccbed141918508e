"""The Label page's "Teach the recognizer these tiles" panel: start ``tilelens enroll`` on the accepted
photos in the background, follow it, and say what came of it. The job itself is
``tilelens.labelling.teach``; this only draws it."""
from __future__ import annotations

import re
import time
from pathlib import Path

import streamlit as st

from app import settings
from app.components import resources
from app.components.common import keep_choice
from app.components.i18n import error_text, lang, said, text_in
from app.components.set_names import model_name, set_name
from app.components.visitor import is_local_visitor, said_path, said_paths
from scorer import Game, TilelensInputError, list_games, load_game
from tilelens.labelling import teach
from tilelens.labelling.prelabel import enrolled_tilesets

STRINGS = {
    "teach": ("この牌を覚えさせる (牌セットの登録)", "Teach the recognizer these tiles"),
    "help": ("OK にした写真の牌から、この牌セットを読むモデルを作ります (数分)。できたセットは「写真で採点」で選べます。"
             "閉じても続きます。",
             "Makes a model that reads this tile set from the tiles of the photos you accepted (a few minutes). "
             "Choose the new set on the Score a photo page. It goes on if you close the page."),
    # the dataset's game is a game file that no page offers (labelled with `tilelens label init --game FILE`)
    "help_unoffered": ("OK にした写真の牌から、この牌セットを読むモデルを作ります (数分)。閉じても続きます。このデータ"
                       "セットのゲーム (`{game}`) はアプリのどのページにもないので、できたセットを「写真で採点」で選ぶには、"
                       "先に「ルールと役」のページでそのファイルからゲームを追加してください。"
                       "`tilelens read --tileset 名前` ではすぐ読めます。",
                       "Makes a model that reads this tile set from the tiles of the photos you accepted (a few "
                       "minutes). It goes on if you close the page. This dataset's game (`{game}`) is on no page of "
                       "the app: to choose the new set on the Score a photo page, add the game from that file on "
                       "the Rules page first. `tilelens read --tileset NAME` reads with it at once."),
    "name": ("牌セットの名前", "Tile set name"),
    "name_help": ("小文字の英字・数字・- と _。このデータセットから覚えたセットは覚え直すと置き換わります。",
                  "Lower-case letters, digits, - and _. A set taught from this dataset is replaced when taught "
                  "again."),
    "base": ("元にするモデル", "Start from"),
    "base_none": ("なし (一から)", "Nothing (from scratch)"),
    "minutes": ("学習時間 (分)", "Training time (minutes)"),
    "photos": ("OK にした写真 {n}枚 (全 {total}枚) から覚えます。", "Learns from the {n} accepted photo{s} (of {total})."),
    # some accepted as showing no tiles: enrolment counts the photos with tiles, and says so
    "photos_tiles": ("OK にした写真 {n}枚 (全 {total}枚、牌の写った写真 {tiled}枚) から覚えます。",
                     "Learns from the {n} accepted photo{s} (of {total}; {tiled} with tiles)."),
    "none_accepted": ("まだ OK にした写真がありません。枠と牌が正しい写真を OK にしてください。",
                      "No photo is accepted yet: accept the photos whose boxes and tiles are right."),
    # the accepted photos are all of a validation or test split, which teaching leaves out (as enroll does)
    "none_accepted_train": ("学習用の写真にはまだ OK にしたものがありません (OK にした {held}枚は検証・テスト用で、"
                            "覚えさせずに測るために残します)。学習用の写真を OK にしてください。",
                            "No photo of the training split is accepted yet (the {held} accepted are of the "
                            "validation or test split, left out to measure the set on): accept photos of the "
                            "training split."),
    "no_photos": ("教えるための写真がありません。まずデータセットに写真を追加してください。",
                  "There are no photos to teach from: add photos to the dataset first."),
    "start": ("覚えさせる", "Teach"),
    # the name is a set enrolled already, which teaching writes over: said on the button itself
    "start_again": ("もう一度覚えさせる (「{name}」を置き換えます)", "Teach again (replaces {name})"),
    "start_replace": ("覚えさせる (「{name}」を置き換えます)", "Teach (replaces {name})"),
    # {command}: vision.enroll.install_command, as `tilelens` names it: the repository's setup script in a checkout,
    # a pinned `pip install` of the training packages where the app was installed from the wheel
    "no_torch": ("このアプリには学習用のパッケージ (`torch`) がありません。`{command}` で入れて"
                 "アプリを開き直すか、学習の入った環境で次のコマンドを実行してください:",
                 "This app has no training packages (`torch`): install them with `{command}` and "
                 "start the app again, or run this where they are installed:"),
    # the same to a phone (``visitor.is_local_visitor``): it cannot install nor run a command, and is shown no path
    "no_torch_phone": ("このアプリには学習用のパッケージがないので、ここからは覚えさせられません。アプリを動かしている"
                       "パソコンの持ち主に、パッケージを入れるか、このデータセットをそのパソコンで覚えさせるよう頼んで"
                       "ください。",
                       "This app has no training packages, so it cannot teach from here: ask the owner of the laptop "
                       "running the app to install them, or to teach this dataset there."),
    # the stages of a job (``_stage_text``), shown with the step and the whole job's time (``_progress_text``)
    "stage_start": ("準備しています…", "Starting…"),
    "stage_crops": ("写真から牌を切り出しています…", "Cutting the tiles out of the photos…"),
    "stage_training": ("学習中 {pct}%", "Training {pct}%"),
    # a job bounded by an epoch count (`tilelens label teach --epochs N`): its minutes say nothing
    "stage_training_epochs": ("学習中 {pct}% (全 {epochs}エポック", "Training {pct}% of {epochs} epochs"),
    "stage_training_epoch": ("学習中 {pct}% (全 1エポック", "Training {pct}% of 1 epoch"),
    "stage_export": ("牌セットを書き出しています…", "Writing the tile set…"),
    "stage_orientation": ("牌の上下を覚えています {pct}%", "Learning which way up the tiles stand {pct}%"),
    "progress": ("{stage} ({detail})", "{stage} ({detail})"),
    "progress_epochs": ("{stage}、{detail})", "{stage} ({detail})"),  # the Japanese stage opened the bracket
    "detail": ("手順 {n}/{of}、全体で約 {total}分のうち{done}分", "step {n} of {of}, {done} of about {total} min in all"),
    "detail_epochs": ("手順 {n}/{of}、{done}分経過", "step {n} of {of}, {done} min so far"),
    "detail_start": ("全体で約 {total}分", "about {total} min in all"),
    "expect": ("全体で約 {total}分かかります: 牌の切り出し (約 {crops}分)、学習 ({minutes}分){orient}。",
               "Takes about {total} min in all: cutting the tiles out (about {crops} min), training ({minutes} min)"
               "{orient}."),
    "expect_orient": ("、牌の上下を覚える ({m}分)", ", then learning which way up the tiles stand ({m} min)"),
    "keeps_out": ("そのうち{n}枚は覚えさせずに残し、できた牌セットがどれだけ正しく読むかを測ります。",
                  "{n} of them are kept out of training, to measure how well the set reads photos it never saw."),
    "done": ("牌セット「{name}」ができました。「写真で採点」({games}) で選べます。",
             "Tile set “{name}” is ready: choose it on the Score a photo page ({games})."),
    # photos of the dataset not accepted yet: their boxes can be the new set's proposals (the Label page's panel)
    "done_again": ("OK にしていない写真 {n}枚は、このセットで下書きし直せます (「別のゲーム・牌セットで下書きし直す」)。",
                   "The {n} photo{s} not accepted can be pre-labelled with it: “Pre-label again with another game "
                   "or set”."),
    # the warnings the last job left (the kinds with few tiles then), shown until the next: said to be that job's
    "last_warnings": ("前回覚えさせたときの注意:", "From the last teach:"),
    # what to do about a set that reads poorly, by this panel's own picker and button (``on_page``), not the command
    # line's --minutes and --replace (``vision.enroll.POOR_DO``)
    # (how long: said just before it, ``vision.enroll.poor_words``: twice the run's minutes)
    "poor_do": ("OK にする写真を増やすか、下の「{minutes}」を長くして、「{again}」を押してください",
                "accept more photos, or choose a longer “{minutes}” below, then press “{again}”"),
    # a set learnt from fewer photos than enroll's own orientation model needs (``teach.orient_minutes_for``)
    "orient_shipped": ("牌の上下は同梱の向きのモデルで判断します (この牌セット自身の向きのモデルは、学習する写真が {least}枚"
                       "以上のときに作ります)。",
                       "Which way up the tiles stand is judged by the shipped orientation model (a set's own is "
                       "learnt from {least} photos or more)."),
    # the last job's set, no longer this folder's (removed since, or taught again from another folder)
    "done_gone": ("牌セット「{name}」はこのフォルダから覚えさせましたが、今はありません (削除されたか、ほかのフォルダから"
                  "覚えさせ直されました)。使うには、もう一度覚えさせてください。",
                  "Tile set “{name}” was taught from this folder, but is not this folder's any more (removed, or "
                  "taught again from another folder): teach again to have it."),
    "done_unoffered": ("牌セット「{name}」ができましたが、牌の名前がどのゲームの牌 ID でもないので、「写真で採点」には出ません。"
                       "`tilelens read --tileset {name}` で読めます。",
                       "Tile set “{name}” is ready, but its tiles are named by no game's tile ids, so no Score a "
                       "photo page offers it: read with `tilelens read --tileset {name}`."),
    "replaces": ("牌セット「{name}」はもうあります ({source})。覚えさせるとそのセットは置き換わります。",
                 "A tile set called “{name}” is enrolled already ({source}): teaching replaces it."),
    "source_dataset": ("{folder} から覚えたセット", "taught from {folder}"),
    "source_unknown": ("アプリに同梱の牌セットか、コマンドで覚えさせた牌セット", "shipped with the app, or enrolled by a command"),
    "replace_ok": ("置き換える", "Replace it"),
    # no training packages, a name of a set enrolled from elsewhere not ticked to be replaced: the command is refused
    # (its words name --name and --replace): the page's own ways out instead, as the Teach button is disabled
    "replace_first": ("別の名前にするか、「置き換える」にチェックを入れると、実行するコマンドを表示します。",
                      "Choose another name, or tick “Replace it”, to see the command to run."),
    "failed": ("牌セット「{name}」は作れませんでした: {why}", "Tile set “{name}” was not made: {why}"),
    "log": ("ログ", "Log"),
}
NAME_CHARS = re.compile(r"[^a-z0-9_-]+")
POLL_S = 2


def _game_file_said(game: str) -> str:
    """A dataset's game file as this visitor may see it (``visitor.said_path``, whole): in full at the laptop, a
    phone its place under ``~`` or ``$TILELENS_HOME`` or else its file name alone (never the laptop's folders)."""
    return said_path(game, whole=True)


def tr(key: str, **fmt) -> str:
    return text_in(STRINGS, key, **fmt)


def folder_name(root: Path) -> str:
    """The dataset folder's name made a valid tile set name ("" when nothing of it is: a Japanese name).

    >>> folder_name(Path("/x/My Tiles (2)")), folder_name(Path("/x/nogizaka")), folder_name(Path("/x/自宅の牌"))
    ('my-tiles-2', 'nogizaka-set', '')
    """
    name = _name_chars(root.name)[:41]
    return f"{name}-set" if name in settings.games() else name


def set_name_from_game(game: str | None) -> str:
    """A set name made of the dataset's game (``yokai-watch-set``; an added game's file by its id, or its file's
    name), for a folder whose name leaves nothing of it (妖怪セット); "" with no game.

    >>> set_name_from_game("yokai-watch"), set_name_from_game(None)
    ('yokai-watch-set', '')
    """
    ref = settings.game_id_of(game) if game else None
    if not ref:
        return ""
    name = _name_chars(Path(ref).stem if str(ref).endswith(".toml") else str(ref))
    return f"{name[:37]}-set" if name else ""


def _name_chars(text: str) -> str:
    """``text`` in lower case with each run of what a set name cannot hold (``NAME_CHARS``) made one ``-``, and no
    ``-`` or ``_`` at either end."""
    return NAME_CHARS.sub("-", text.lower()).strip("-_")


def _base_name(folder: str, game: str | None) -> str:
    """The set name a dataset's folder (``folder_name``: "" for 妖怪セット) and game offer: the folder's; where nothing
    of it is left, or only digits (妖怪セット2: "2", which names nothing), the game's (``set_name_from_game``, else
    ``my-set``) with those digits.

    >>> _base_name("my-tiles", "nogizaka"), _base_name("", None), _base_name("2", None)
    ('my-tiles', 'my-set', 'my-set-2')
    """
    if re.search("[a-z]", folder):
        return folder
    base, digits = set_name_from_game(game) or "my-set", folder[:20]
    return f"{base[:40 - len(digits)]}-{digits}" if digits else base


def default_name(root: Path, config) -> str:
    """The name first offered: the tile set taught from this dataset before (taught again, it is replaced);
    else the set the photos were pre-labelled with, when it was taught from this dataset too or is not
    enrolled; else the folder's name, or for a name with nothing of it left (妖怪セット) the game's
    (``set_name_from_game``: ``yokai-watch-set``; ``my-set`` with no game), with ``-2``, ``-3``, ... added until no set
    taught from elsewhere has it (two Japanese-named datasets were both ``my-set``, each teaching over the other)."""
    own = teach.own_tilesets(root)
    if own:
        return config.tileset if config.tileset in own else own[0]
    if config.tileset and teach.taught_elsewhere(config.tileset, root) is None:
        return config.tileset
    base = _base_name(folder_name(root), getattr(config, "game", None))
    name, n = base, 1
    while teach.taught_elsewhere(name, root) is not None:
        n += 1
        name = f"{base[:41 - len(str(n)) - 1]}-{n}"
    return name


SUGGESTED_BASE = "nogizaka"  # the shipped game a Donjara edition's set starts from, as README and the commands say


def taught_bases(game: Game | None) -> list[str]:
    """The tile sets taught for a game with no shipped model (a club's edition added in the app) that can be a base
    (their ``classifier.pt`` is there): those the Score a photo page offers for it (``resources.tilesets_for``),
    learnt from the most photos first. A game shipped as a file with no classifier of its own (a fifth edition:
    ``vision.recognizer.has_own_classifier``) is such a game too."""
    from vision.detector import enrolled_tilesets
    from vision.recognizer import default_models_dir, has_own_classifier, tileset_meta_or_none

    if game is None or has_own_classifier(game.id, default_models_dir()):
        return []
    folders = enrolled_tilesets()
    found = []
    for name in resources.tilesets_for(game):
        folder = folders.get(name)
        if folder is None or not (folder / "classifier.pt").is_file():
            continue
        photos = (tileset_meta_or_none(folder) or {}).get("photos", 0)
        found.append((-photos if isinstance(photos, int) else 0, name))
    return [name for _, name in sorted(found)]


def base_choices(config, game: Game | None) -> dict[str, str]:
    """``--base`` value -> what the picker says, likeliest first: the set the photos were pre-labelled with,
    then, for a club's edition (a game with no shipped model), the sets taught for it (``taught_bases``), then each
    shipped game's model, those whose catalog names more of the dataset's kinds first, where it names most of them (a
    mahjong set's 1m..7z are Tokyo Mahjong's, whatever game the page has picked; a Donjara edition's tiles, named by
    none, or one or two by chance, as a new edition's ``almighty`` is Yokai Watch's too, start from
    ``SUGGESTED_BASE``, the game the commands and README suggest, not the first in the list nor Yokai Watch), then the
    other enrolled sets, then nothing."""
    from vision.detector import find_tileset
    from vision.recognizer import default_models_dir

    models, kinds = default_models_dir(), set(config.names)
    out = {}
    enrolled = find_tileset(config.tileset) if config.tileset else None
    if enrolled is not None and (enrolled / "classifier.pt").is_file():  # still enrolled
        out[config.tileset] = set_name(config.tileset, among_models=True)
    for name in taught_bases(game):
        out.setdefault(name, set_name(name, among_models=True))
    shipped = [g for g in (load_game(i) for i in list_games()) if (models / f"classifier-{g.id}.pt").is_file()]
    # a real overlap: most of the dataset's kinds are the game's (a tile id or two shared by chance, a new edition's
    # ``almighty``, Yokai Watch's too, make it no copy of that game)
    named = {g.id: n if 2 * (n := len(kinds & {t.id for t in g.tiles})) > len(kinds) else 0 for g in shipped}
    own = game is not None and (game.engine == "riichi" or game.id in named)  # a game with a model of its own
    first = "" if game is None else game.id if own else SUGGESTED_BASE
    for g in sorted(shipped, key=lambda g: (-named[g.id], g.id != first)):
        out[g.id] = model_name(g.name_ja if lang() == "ja" else g.name_en)  # a set: ``set_names.set_name``
    for name in enrolled_tilesets():
        out.setdefault(name, set_name(name, among_models=True))
    out["none"] = tr("base_none")
    return out


STEPS = {"crops": 1, "training": 2, "export": 2, "orientation": 3}  # a job's stages as the steps a person sees


def _minutes(m: float) -> str:
    """Minutes said to a tenth (``2.9``), whole ones without (``3``)."""
    return f"{m:.1f}".removesuffix(".0")


def _stage_text(job: teach.TeachJob) -> str:
    """What the running ``job`` is doing, in a few words (the training's share, and its epochs where it is
    bounded so)."""
    pct = int(job.fraction * 100)
    if job.stage == "training" and job.epochs is not None:  # bounded by epochs, not by its minutes
        return tr("stage_training_epoch" if job.epochs == 1 else "stage_training_epochs", pct=pct, epochs=job.epochs)
    return tr(f"stage_{job.stage}", pct=pct) if job.stage in STEPS else tr("stage_start")


def _progress_text(job: teach.TeachJob) -> str:
    """The progress bar's words: the stage (``_stage_text``), as a step of all of them (the orientation model's
    training is the last, where there is one: it had come unannounced, a "2 minute" teach taking 3.5), and how far
    into the whole job's expected minutes it is (``teach.expected_minutes``; its epochs, where it is bounded so)."""
    done = f"{(time.time() - job.started) / 60:.1f}"
    orient = job.orient_minutes  # none for too few photos, as enroll skips it (``teach.orient_minutes_for``)
    total = teach.expected_minutes(job.minutes, job.photos, orient)
    if job.stage not in STEPS:
        if job.epochs is not None:
            return tr("stage_start")
        return tr("progress", stage=tr("stage_start"), detail=tr("detail_start", total=_minutes(total)))
    step = dict(n=STEPS[job.stage], of=3 if orient > 0 else 2, done=done)
    if job.epochs is not None:
        key = "progress_epochs" if job.stage == "training" else "progress"
        return tr(key, stage=_stage_text(job), detail=tr("detail_epochs", **step))
    return tr("progress", stage=_stage_text(job), detail=tr("detail", total=_minutes(total), **step))


def expect_text(minutes: float, photos: int, orient_minutes: float = teach.TeachJob.orient_minutes) -> str:
    """The whole time a job of ``minutes`` of training on ``photos`` photos takes, by its stages, before it starts."""
    total = teach.expected_minutes(minutes, photos, orient_minutes)
    crops = teach.expected_minutes(0, photos, 0)
    orient = tr("expect_orient", m=_minutes(orient_minutes)) if orient_minutes > 0 else ""
    return tr("expect", total=_minutes(total), crops=_minutes(max(crops, 0.1)), minutes=_minutes(minutes),
              orient=orient)


@st.fragment(run_every=POLL_S)
def _follow(root: Path) -> None:
    """The running job's progress, redrawn every few seconds; the whole page again once it has ended."""
    job = teach.status(root)
    if job is None or job.state != "running":
        st.rerun()
    st.progress(job.fraction, text=_progress_text(job))


def _game_or_none(game_id: str) -> Game | None:
    """The game as the app plays it; None where its table no longer loads (the game picker says why)."""
    try:
        return resources.game(game_id)
    except TilelensInputError:
        return None


def _outcome(job: teach.TeachJob, todo: int = 0, own: bool = True, root: Path | None = None) -> None:
    """The last job's outcome: the set made (where it is offered; ``todo``: the dataset's photos not accepted and
    pre-labelled before it was taught, which can be pre-labelled again with it), or why not, and the warnings it
    left, said to be the last teach's. ``own``: the set is still the dataset's (``teach.own_tilesets``), else it
    is said to be gone. ``root``: the dataset's folder, said as a phone names it where the failure or its log names it
    (``visitor.said_paths``: a phone is shown no folder of the laptop)."""
    if job.state == "done" and not own:
        st.warning(tr("done_gone", name=job.name))
    elif job.state == "done":
        games = [g for g in map(_game_or_none, settings.games()) if g and job.name in resources.tilesets_for(g)]
        # said once: the "Pre-label again" panel says it of the set taught from the dataset last, with its button
        try:
            said_there = root is not None and teach.own_tilesets(root)[:1] == [job.name]
        except (TilelensInputError, OSError):
            said_there = False
        again = (("" if lang() == "ja" else " ") + tr("done_again", n=todo, s="s" if todo != 1 else "")
                 if todo and not said_there else "")
        if games:
            listed = ("、" if lang() == "ja" else ", ").join(g.name_ja if lang() == "ja" else g.name_en for g in games)
            st.success(tr("done", name=job.name, games=listed) + again)
        else:
            st.warning(tr("done_unoffered", name=job.name) + again)
        if not teach.orient_minutes_for(job.photos):  # too few photos: the set reads with the shipped one
            from vision.enroll import ORIENT_LEAST_PHOTOS

            st.caption(tr("orient_shipped", least=ORIENT_LEAST_PHOTOS))
        if job.measured:  # how well it reads the accepted photos kept out of it
            st.info(said(*job.measured))
        if job.warnings:  # the accepted photos may have changed since: said to be that job's
            st.caption(tr("last_warnings"))
        for english, japanese in job.warnings:  # kinds with no or few labelled tiles, a set that reads poorly
            st.warning(said(*on_page(english, japanese)))
    else:
        st.error(tr("failed", name=job.name, why=said_paths(said(job.message, job.message_ja), root)))
        tail = job.log_tail()
        if tail:
            with st.popover(tr("log")):
                st.code(said_paths(tail, root), language=None)


def on_page(english: str, japanese: str) -> tuple[str, str]:
    """A warning a teach left (English, Japanese) as this panel says it: what to do about a set that reads poorly
    (``vision.enroll.POOR_DO``, the command line's options) said by the form's own minutes picker and Teach again
    button; any other warning as it is."""
    from vision.enroll import POOR_DO

    def words(i: int) -> str:  # i: 0 Japanese, 1 English, as STRINGS holds them; the button's name before its "(...)"
        return STRINGS["poor_do"][i].format(minutes=STRINGS["minutes"][i],
                                            again=STRINGS["start_again"][i].split(" (")[0])

    return english.replace(POOR_DO[0], words(1)), japanese.replace(POOR_DO[1], words(0))


def _set_standing(root: Path, job: teach.TeachJob, photos: list[str] | None) -> tuple[int, bool]:
    """For the last job's outcome: how many photos not accepted the set it made can pre-label again (those
    pre-labelled before it was taught: ``teach.prelabelled_before``), and whether it is still the dataset's own
    (``teach.taught_elsewhere``: moved, the folder keeps it, a copy is another dataset; a set that does not say where
    it was taught from is taken for the one this job made): not where it is gone, or taught again from another
    folder since."""
    if job.state != "done":
        return 0, True
    from vision.detector import find_tileset

    try:
        own = find_tileset(job.name) is not None and not teach.taught_elsewhere(job.name, root)
        if photos is None:
            from tilelens.labelling.editing import photo_paths
            from tilelens.labelling.yolo import read_data_yaml

            photos = photo_paths(root, read_data_yaml(root))
        return teach.prelabelled_before(root, job.name, photos), own
    except (TilelensInputError, OSError):
        return 0, True


def offered(config) -> bool:
    """Whether a set taught from the dataset ``config`` is offered on the Score a photo page: its game is one the
    app offers (shipped, or added on the Rules page: its file, or a copy of a file of its id, as the photo page
    matches a set's game, ``settings.offered_game_of``), or it is of a tile set (offered under the game its kinds
    name). A dataset of a game file no page offers: its set is read with ``tilelens read --tileset`` only."""
    return bool(config.tileset) or not config.game or settings.offered_game_of(config.game) is not None


MINUTES, DEFAULT_MINUTES = list(range(1, 16)), 5  # the training minutes offered (1-15), and the first choice
KEPT_KEY = "teach_kept"  # the form's values, per dataset: kept while a job runs and the form is not drawn


def _kept(root: Path) -> dict:
    """The Teach form's values last chosen for the dataset ``root`` (name, base, minutes): Streamlit forgets a
    widget's value on a run that does not draw it (every run while a job runs), so the form came back at its
    defaults after each job (the minutes at 5 again)."""
    return st.session_state.setdefault(KEPT_KEY, {}).setdefault(str(root), {})


SHOWN_KEY = "teach_outcome_shown"  # the ended jobs (dataset, started) this session showed first: kept open here


def _show_outcome(root: Path, job: teach.TeachJob) -> bool:
    """Whether the ended ``job``'s outcome is drawn open: not yet shown to anyone (no mark in its folder, where the
    job's state is kept: a reload, another session or tab shows it once), or first shown in this session (open
    through its other taps). The mark is written here: a job that ended while the page followed it was redrawn
    closed, and a phone never saw its set made, its measure nor its warnings."""
    here = (str(root), job.started)
    shown = st.session_state.setdefault(SHOWN_KEY, set())
    if here in shown:
        return True
    if teach.outcome_seen(job):
        return False
    shown.add(here)
    teach.mark_outcome_seen(job)
    return True


def teach_panel(root: Path, config, game: Game | None, accepted: int, total: int, photos: list[str] | None = None,
                listing=None) -> None:
    """The panel: progress while a job runs, else the last job's outcome and the form to start one.
    ``accepted`` of ``total`` photos are accepted, as the page has counted them; with no photo at all
    (every one deleted on disk) the last job is still shown, and no form. ``photos`` and ``listing``: the
    page's ``editing.photo_paths`` and ``yolo.split_images`` of this run (the photos not listed again)."""
    job = teach.status(root)
    if not total and job is None:
        return
    running = job is not None and job.state == "running"
    with st.expander(tr("teach"), expanded=running or (job is not None and _show_outcome(root, job))):
        st.caption(tr("help") if offered(config) else tr("help_unoffered", game=_game_file_said(config.game)))
        if running:
            _follow(root)
            return
        if job is not None:
            _outcome(job, *_set_standing(root, job, photos), root=root)
        if not total:
            st.info(tr("no_photos"))
            return
        kept = _kept(root)
        name = st.text_input(tr("name"), value=kept.get("name") or default_name(root, config), key="teach_name",
                             help=tr("name_help"))
        kept["name"] = name
        elsewhere = teach.taught_elsewhere(name.strip(), root) if name.strip() else None
        replace = elsewhere is None  # no set of that name, or this dataset's own: taught again, replaced
        if elsewhere is not None:
            source = tr("source_dataset", folder=elsewhere) if elsewhere else tr("source_unknown")
            st.warning(tr("replaces", name=name.strip(), source=source))
            replace = st.checkbox(tr("replace_ok"), key="teach_replace")
        bases = base_choices(config, game)
        # given again (its words after a language switch); the dataset's last choice where the box was not drawn
        keep_choice("teach_base", list(bases), kept.get("base") if kept.get("base") in bases else None)
        base = st.selectbox(tr("base"), list(bases), key="teach_base", format_func=bases.__getitem__)
        # pills, not a slider: Streamlit names a slider's thumb by the slider's label as well, so a screen reader
        # said it twice; nor a drop-down: of 15 choices, it brought up a phone's keyboard (the Event page's threshold
        # likewise); required: a second tap on the chosen one keeps it
        chosen = kept.get("minutes", DEFAULT_MINUTES)
        minutes = st.pills(tr("minutes"), MINUTES, key="teach_minutes", required=True,
                           default=chosen if chosen in MINUTES else DEFAULT_MINUTES)
        kept.update(base=base, minutes=minutes)
        if not accepted:
            st.info(tr("none_accepted"))
            return
        listed = None  # listed once here, for the no-torch command too (``enroll_args``)
        try:  # the accepted photos of the training split: a validation or test split's are left out
            listed = teach.accepted_photos(root, config, photos, listing)
            taught, _, held = listed
        except TilelensInputError:  # a data.yaml that cannot be read: the page says it, teaching refuses
            taught, held = range(accepted), 0
        if not taught:
            st.info(tr("none_accepted_train", held=held))
            return
        en, ja = teach.held_out_words(held, command=is_local_visitor())  # a phone cannot run `tilelens eval`
        tiled = sum(map(teach.has_tiles, taught)) if listed else len(taught)  # enrolment counts these
        n, s = len(taught), "" if len(taught) == 1 else "s"
        if not tiled:  # every accepted photo accepted as showing no tiles: teaching refuses, in these words
            words = teach.no_tiles_words(n)
            st.info(said(f"{words[0]}.", f"{words[1]}。"))
            return
        kept_out = teach.held_out_count(tiled)
        st.caption(tr("photos" if tiled == n else "photos_tiles", n=n, s=s, total=total, tiled=tiled)
                   + (said(f" {en}.", f"{ja}。") if held else "")
                   + (("" if lang() == "ja" else " ") + tr("keeps_out", n=kept_out) if kept_out else ""))
        st.caption(expect_text(minutes, len(taught), teach.orient_minutes_for(len(taught))))
        base_arg = None if base == "none" else base
        if not teach.can_train():
            if not is_local_visitor():  # a phone can neither install the packages nor run the command
                st.info(tr("no_torch_phone"))
                return
            if not replace:
                st.info(tr("replace_first"))
                return
            try:
                args, _ = teach.enroll_args(root, name.strip(), base_arg, minutes, replace=replace, accepted=listed)
            except TilelensInputError as exc:
                st.error(error_text(exc))
                return
            from vision.enroll import install_command

            st.info(tr("no_torch", command=install_command()))
            st.code(teach.command_line(args), language="bash")
            return
        from vision.detector import find_tileset

        enrolled = bool(name.strip()) and find_tileset(name.strip()) is not None  # written over by teaching
        start = tr("start") if not enrolled else tr("start_again" if elsewhere is None else "start_replace",
                                                    name=name.strip())
        if st.button(start, key="teach_start", type="primary", disabled=not replace):
            try:
                teach.start(root, name.strip(), base_arg, minutes, replace=replace)
            except TilelensInputError as exc:
                st.error(error_text(exc))
                return
            st.rerun()
