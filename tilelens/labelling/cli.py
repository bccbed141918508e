"""``tilelens label``: pre-label a folder of photos, check it, and move it to and from COCO and
Label Studio.

    tilelens label init DIR --game GAME | --tileset NAME
    tilelens label check DIR [--game GAME]        (exit 1 when it finds errors)
    tilelens label audit DIR --game GAME | --tileset NAME [--pictures OUT]
    tilelens label audit DIR --cross K [--game GAME]   (models that never learned these labels)
    tilelens label stats DIR
    tilelens label teach DIR --name NAME [--base GAME|SET] [--minutes M]   (the accepted photos only)
    tilelens label export DIR --to coco|labelstudio OUT
    tilelens label import FILE --from coco|labelstudio DIR [--images FOLDER]
    tilelens label import DOWNLOAD --from coco DIR   (a Roboflow COCO download: train/, valid/, test/ in one go)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from tilelens.labelling.model import IssueKind, LabelFileError
from vision.cli_args import open_probability, positive_float, positive_int, probability, tileset_name


class _SubcommandParser(argparse.ArgumentParser):
    """A subcommand's parser that reports an option it does not know itself, with its own usage: argparse
    hands a subparser's extras up to ``tilelens label``, whose error showed the usage of `tilelens label`
    for `label init --bogus`."""

    def parse_known_args(self, args=None, namespace=None):
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def _parser() -> argparse.ArgumentParser:
    what = __doc__.split("\n\n")[0].split(": ", 1)[1].replace("\n", " ")  # the docstring's first lines, no markup
    p = argparse.ArgumentParser(prog="tilelens label", description=what)
    sub = p.add_subparsers(dest="action", required=True, parser_class=_SubcommandParser)
    init = sub.add_parser("init", help="pre-label a folder of photos with the recognizer")
    init.add_argument("dir", type=Path)
    init.add_argument("--game", help="the game whose tiles the photos show (class names = its tile ids)")
    init.add_argument("--tileset", type=tileset_name, help="an enrolled tile set to recognise with (class names = its kinds)")
    init.add_argument("--val-fraction", type=probability, default=0.0,
                      help="share of loose photos filed under images/val (default 0: `tilelens enroll` "
                           "learns from train only; use 0.2 for a detector set)")
    init.add_argument("--overwrite", action="store_true",
                      help="replace existing label files (not those of photos accepted in the Label page)")
    for name, text in (("check", "list every problem and the counts"), ("stats", "counts only")):
        q = sub.add_parser(name, help=text)
        q.add_argument("dir", type=Path)
        q.add_argument("--game", help="also check class names against this game's tiles")
        q.add_argument("--json", action="store_true", help="print JSON")
    aud = sub.add_parser("audit", help="labels the recognizer disagrees with, and tiles nobody labelled, "
                                       "surest first (changes nothing)")
    aud.add_argument("dir", type=Path)
    aud.add_argument("--game", help="read with this game's classifier (class names = its tile ids)")
    aud.add_argument("--tileset", type=tileset_name, help="read with an enrolled tile set (class names = its kinds)")
    aud.add_argument("--min-prob", type=open_probability, default=0.8,
                     help="flag a label when another kind reads at least this probable (default 0.8)")
    aud.add_argument("--min-detection", type=open_probability, default=0.5,
                     help="flag an unlabelled tile found at least this surely (default 0.5)")
    aud.add_argument("--pictures", type=Path, metavar="OUT",
                     help="also draw each photo with suspects into OUT, each suspect boxed and captioned")
    aud.add_argument("--cross", type=int, metavar="K",
                     help="audit with models that never learned these labels: enrol a tile set on all but "
                          "one of K parts of the photos, audit that part, K times (needs the training extra; "
                          "--game is then the base each starts from)")
    aud.add_argument("--minutes", type=positive_float, default=5.0, help="--cross: enrolment minutes per part (default 5)")
    aud.add_argument("--epochs", type=positive_int, help="--cross: an epoch count per part instead of minutes")
    aud.add_argument("--work", type=Path, help="--cross: folder to keep the parts' tile sets in (default: none kept)")
    aud.add_argument("--json", action="store_true", help="print JSON")
    teach = sub.add_parser("teach", help="teach the recognizer the tiles of the photos accepted in the Label page "
                                         "(`tilelens enroll` on them; needs the training extra)")
    teach.add_argument("dir", type=Path)
    teach.add_argument("--name", required=True, help="the tile set to write (lower case, digits, - and _)")
    teach.add_argument("--base", help="start from a game's classifier or an enrolled tile set (default: none)")
    teach.add_argument("--minutes", type=positive_float, default=5.0, help="training time (default 5)")
    teach.add_argument("--epochs", type=positive_int, help="an epoch count instead of minutes")
    teach.add_argument("--replace", action="store_true",
                       help="write over the tile set --name if one is enrolled already; without it that is "
                            "refused, a set taught from this folder before too (the page's Teach replaces that "
                            "one unasked, and one taught from elsewhere only when \"Replace it\" is ticked)")
    exp = sub.add_parser("export", help="write the folder as COCO JSON, or as Label Studio tasks with the "
                                        "project's labelling interface beside them (OUT's name with .xml)")
    exp.add_argument("dir", type=Path)
    exp.add_argument("--to", required=True, choices=["coco", "labelstudio"])
    exp.add_argument("out", type=Path, help="the JSON file to write; for Label Studio the labelling interface "
                                            "(one label per tile kind) goes beside it, the same name with .xml "
                                            "(tasks.json: tasks.xml)")
    exp.add_argument("--image-prefix", default="/data/local-files/?d=",
                     help="Label Studio: put before each photo path to make its URL")
    exp.add_argument("--as-annotations", action="store_true",
                     help="Label Studio: finished annotations instead of predictions")
    imp = sub.add_parser("import", help="label a folder from COCO JSON or a Label Studio export")
    imp.add_argument("file", type=Path, help="the file to import; for COCO, or a download's folder holding train/, "
                                             "valid/ and test/ with one file each (Roboflow's), every split at once")
    imp.add_argument("--from", dest="fmt", required=True, choices=["coco", "labelstudio"])
    imp.add_argument("dir", type=Path)
    imp.add_argument("--images", type=Path, help="folder where the photos are, if not beside FILE")
    imp.add_argument("--game", help="class names = this game's tile ids (new folder only)")
    imp.add_argument("--annotations-only", action="store_true",
                     help="Label Studio: skip tasks nobody annotated (else their predictions count)")
    imp.add_argument("--overwrite", action="store_true",
                     help="replace the labels of photos already labelled (as after editing an export in Label "
                          "Studio); without it such an import writes nothing and says which")
    return p


def _init(args: argparse.Namespace) -> int:
    from tilelens.labelling.prelabel import PrelabelInterrupted, prelabel_folder

    if not args.game and not args.tileset:  # init again (photos added later): the option its data.yaml names
        game, tileset = _named_in(args.dir)
        named = f" ({args.dir}/data.yaml names " + (f"--tileset {tileset})" if tileset else f"--game {game})") \
            if game or tileset else ""
        raise LabelFileError(f"name the --game (or an enrolled --tileset) the photos show{named}")
    try:
        s = prelabel_folder(args.dir, args.game, args.tileset, overwrite=args.overwrite,
                            val_fraction=args.val_fraction)
    except KeyboardInterrupt as stopped:  # Ctrl-C: what was done stays, and says how to go on
        done = stopped.labelled if isinstance(stopped, PrelabelInterrupted) else 0
        said = (f"with {done} of {stopped.todo} photos pre-labelled: their labels are kept" if done
                else "before any photo was pre-labelled")
        again = ("; run without --overwrite, init pre-labels only the photos without labels (with it, every "
                 "photo not accepted again)" if args.overwrite else
                 (", and " if done else ": ") + "the same command goes on where it stopped")
        print(f"tilelens label init: interrupted {said}{again}", file=sys.stderr)
        return 130
    for skipped in s.unreadable:
        print(f"skipped {skipped.photo}: {skipped.why}", file=sys.stderr)
    if s.dropped_kinds:
        print(f"proposals dropped, not tiles of {args.tileset or args.game}: {', '.join(s.dropped_kinds)}",
              file=sys.stderr)
    if args.overwrite and s.kept:  # under --overwrite only the accepted photos keep their labels
        which = "photo accepted in the Label page kept its" if s.kept == 1 else \
            "photos accepted in the Label page kept their"
        print(f"{s.kept} {which} labels (a person checked them): un-accept a photo there to pre-label it again",
              file=sys.stderr)
    print(f"{s.photos} photos: {s.labelled} pre-labelled ({s.tiles} tiles), {s.kept} kept their labels, "
          f"{len(s.unreadable)} skipped; data.yaml written in {args.dir}")
    if s.labelled:  # proposals, to be checked by a person before anything learns from them
        print(f"next: check the proposed boxes and tiles and accept each photo on the app's Label page (`./dev app`), "
              f"then `tilelens label teach {args.dir} --name NAME` (or Teach there)")
    if not s.photos:
        from tilelens.labelling.prelabel import LOOSE_SUFFIXES

        print(f"no photos found in {args.dir} or {args.dir}/images ({', '.join(sorted(LOOSE_SUFFIXES))}): "
              f"put them there and run init again", file=sys.stderr)
    return 0


def _named_in(root: Path) -> tuple[str | None, str | None]:
    """The game and tile set ``root``'s ``data.yaml`` names (the tile set alone where it names one; None
    for what it does not name, or where there is none or it cannot be read: init then says so)."""
    from tilelens.labelling.yolo import read_data_yaml

    try:
        config = read_data_yaml(root) if (Path(root) / "data.yaml").is_file() else None
    except LabelFileError:
        return None, None
    if config is None:
        return None, None
    return (None, config.tileset) if config.tileset else (config.game, None)


def _check(args: argparse.Namespace, show_issues: bool) -> int:
    from tilelens.labelling.checks import check_dataset, format_report

    report = check_dataset(args.dir, args.game)
    fatal = [i for i in report.issues if i.kind in {IssueKind.NO_DATA_YAML, IssueKind.BAD_DATA_YAML}]
    if fatal:
        raise LabelFileError(fatal[0].message)
    if args.json:
        out = {"stats": asdict(report.stats) | {"unseen_kinds": list(report.stats.unseen_kinds),
                                                "thin_kinds": list(report.stats.thin_kinds)}}
        if show_issues:
            out["issues"] = [{"kind": str(i.kind), "path": i.path, "line": i.line, "message": i.message,
                              "error": i.is_error} for i in report.issues]
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(format_report(report, show_issues))
    return 1 if show_issues and report.errors else 0


def _audit(args: argparse.Namespace) -> int:
    from tilelens.labelling.audit import audit_dataset, cross_audit, format_audit, write_audit_pictures
    from tilelens.labelling.prelabel import load_reader

    if not args.cross and not args.game and not args.tileset:
        raise LabelFileError("name the --game (or an enrolled --tileset) whose recognizer audits the labels, "
                             "or audit with --cross K")
    if args.pictures:
        _pictures_folder(args.dir, args.pictures)
    if args.cross:
        if args.tileset:
            raise LabelFileError("--cross enrols its own tile sets: give --game (a base) or nothing, not --tileset")
        report = cross_audit(args.dir, args.cross, args.game, args.minutes, args.epochs, args.work,
                             args.min_prob, args.min_detection)
        reader_name = f"{args.cross} tile sets, each enrolled without the part it audits"
    else:
        # as the event check: each tile on its own, since a duplicate in a labelled set is no reason to rename it
        reader = load_reader(args.game, args.tileset, set_limit=False)
        report = audit_dataset(args.dir, reader, args.min_prob, args.min_detection)
        reader_name = args.tileset or args.game
    pictures = write_audit_pictures(args.dir, report, args.pictures) if args.pictures else []
    if args.json:
        out = {"photos": report.photos, "labels": report.labels, "not_audited_kinds": list(report.not_read),
               "suspects": [asdict(s) | {"text": str(s)} for s in report.suspects],
               "pictures": [str(p) for p in pictures]}
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        print(format_audit(report, reader_name, args.min_prob))
        if args.pictures:
            print(f"{len(pictures)} pictures in {args.pictures}")
    if report.issues:
        print(f"{len(report.issues)} problems in the folder's files (see `tilelens label check {args.dir}`)",
              file=sys.stderr)
    return 0


def _own_folders(root: Path) -> list[Path]:
    """The folders of the dataset ``root`` (resolved) that hold its photos and labels: ``images/`` and
    ``labels/``, and each folder a split of its ``data.yaml`` names with the labels beside it (a Roboflow
    export's ``train/images`` and ``train/labels``); not ``root`` itself (``train: .``)."""
    from tilelens.labelling.yolo import label_path_for, read_data_yaml, source_path

    root = Path(root).resolve()
    folders = [root / "images", root / "labels"]
    try:
        config = read_data_yaml(root)
    except LabelFileError:  # no data.yaml, or one that cannot be read: the export or audit says so
        return folders
    for split, items in config.sources.items():
        for source in items:
            where = source_path(root, config, split, source).resolve()
            if source.endswith(".txt") or where == root or not where.is_relative_to(root):
                continue
            folders += [where, label_path_for(where / "x").parent]
    return folders


def _folder_names(root: Path, word: str = "and") -> str:
    """The dataset's own folders (``_own_folders``) as a person reads them: ``images/ and labels/``, and
    a Roboflow export's ``train/images/``, ``train/labels/`` ..."""
    root = Path(root).resolve()
    names = list(dict.fromkeys(f"{p.relative_to(root).as_posix()}/" for p in _own_folders(root)))
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


def _pictures_folder(root: Path, folder: Path) -> None:
    """Make the audit's pictures folder now, not once every photo is read (with --cross, K enrolments): a
    folder that cannot be written is said before the work, not with its findings lost. Never among the
    dataset's own files: a picture in images/ (or loose beside data.yaml, for init to file) would become a
    photo to label."""
    root, target = Path(root).resolve(), Path(folder).resolve()
    if target == root or any(target.is_relative_to(own) for own in _own_folders(root)):
        raise LabelFileError(f"{folder}: the pictures would lie among the dataset's own photos and labels: "
                             f"name a folder outside {root}, or a new one in it (not in {_folder_names(root, 'or')})")
    if target.exists() and not target.is_dir():
        raise LabelFileError(f"{folder} is a file: name a folder for the pictures")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LabelFileError(f"cannot write pictures to {folder}: {exc.strerror or exc}") from None
    if not os.access(target, os.W_OK | os.X_OK):
        raise LabelFileError(f"cannot write pictures to {folder}: Permission denied")


def _export(args: argparse.Namespace) -> int:
    from tilelens.labelling.transfer import Format, export_dataset

    if Path(args.out).is_dir():
        raise LabelFileError(f"{args.out} is a folder: name the file to write (e.g. {Path(args.out) / 'tasks.json'})")
    if args.to == "labelstudio" and Path(args.out).suffix.lower() == ".xml":  # the interface is written there
        raise LabelFileError(f"{args.out}: the tasks are JSON (the labelling interface is written beside them as "
                             f".xml): name a .json file")
    root = Path(args.dir).resolve()
    targets = [Path(args.out)] + ([Path(args.out).with_suffix(".xml")] if args.to == "labelstudio" else [])
    for target in (t.resolve() for t in targets):  # the export must not write over what it exports
        if target == root / "data.yaml" or any(target.is_relative_to(own) for own in _own_folders(root)):
            raise LabelFileError(f"{args.out}: that would write over the dataset's own "
                                 f"{target.relative_to(root)}: name a file outside {args.dir}/data.yaml and "
                                 f"{_folder_names(root)}")
    written, issues = export_dataset(args.dir, Format(args.to), args.out, args.image_prefix,
                                     args.as_annotations)
    bad = [i for i in issues if i.is_error]
    if bad:
        print(f"{len(bad)} problems left out of the export (see `tilelens label check {args.dir}`), "
              f"first: {bad[0]}", file=sys.stderr)
    what = ("the tasks", "the labelling interface: paste it in the project's Settings, Labeling Interface, Code")
    print("wrote " + ", ".join(f"{p} ({said})" if args.to == "labelstudio" else str(p)
                               for p, said in zip(written, what)))
    return 0


def _import(args: argparse.Namespace) -> int:
    from tilelens.labelling.transfer import Format, import_dataset

    files = [args.file]
    if Path(args.file).is_dir():
        # a Roboflow download: one file a split, in train/, valid/ and test/ (``coco.split_files``), imported
        # in one go, each split where its folder says
        from tilelens.labelling.coco import split_files

        files = split_files(args.file) if args.fmt == "coco" else []
        if not files:
            laid_out = " (or a download's folder holding train/, valid/, test/ with one each)" \
                if args.fmt == "coco" else ""
            raise LabelFileError(f"{args.file} is a folder: name the {args.fmt} JSON file to import{laid_out}")
    labelled = copied = skipped = 0
    for n, file in enumerate(files):
        try:
            s = import_dataset(file, Format(args.fmt), args.dir, args.images, args.game,
                               use_predictions=not args.annotations_only, overwrite=args.overwrite)
        except LabelFileError as exc:
            if not n:
                raise
            done = ", ".join(map(str, files[:n]))  # the splits before it are imported: said, not undone
            raise LabelFileError(f"{exc} (imported already: {done})", exc.message_ja and
                                 f"{exc.message_ja} (読み込み済み: {done})") from None
        for issue in s.issues:
            print(issue, file=sys.stderr)
        lost = sum(i.kind is IssueKind.MISSING_SOURCE for i in s.issues)
        if lost:  # where it looked, and how to say where they are
            looked = ", ".join(dict.fromkeys(str(d) for d in (args.dir, args.images, Path(file).parent) if d))
            print(f"{lost} photo{'' if lost == 1 else 's'} not found (looked in {looked}): give --images FOLDER, "
                  f"the folder that holds {'it' if lost == 1 else 'them'}", file=sys.stderr)
        if len(files) > 1:
            print(f"{file}: {s.labelled} photos labelled ({s.copied} copied in, {len(s.issues)} skipped)")
        labelled, copied, skipped = labelled + s.labelled, copied + s.copied, skipped + len(s.issues)
    print(f"{labelled} photos labelled in {args.dir} ({copied} copied in, {skipped} skipped)")
    return 1 if skipped else 0  # a photo skipped is something to see to, as `label check` says of a problem


def _teach(args: argparse.Namespace) -> int:
    """What the Label page's Teach runs, in the foreground: ``tilelens enroll`` on the accepted photos."""
    from tilelens.labelling.teach import claim_here, enrol_here, held_out_words, status

    extra = ("--epochs", str(args.epochs)) if args.epochs else ()
    # the dataset's job, as the page's Teach starts one (under its lock): refused while one runs, and seen
    # running by the page, whose Teach waits for it (both would use one run folder and photo list)
    argv, photos = claim_here(args.dir, args.name, args.base, args.minutes, extra, replace=args.replace)
    held = held_out_words(status(args.dir).held)[0]  # as its job says: the photos are listed once
    print(f"teaching {args.name!r} the tiles of {photos} accepted photos of {args.dir}" + (f" ({held})" if held else ""))
    return enrol_here(args.dir, argv)


def main(argv: list[str]) -> int:
    """Entry point of ``tilelens label``; returns the exit status."""
    args = _parser().parse_args(argv)
    if args.action == "init":
        return _init(args)
    if args.action in {"check", "stats"}:
        return _check(args, show_issues=args.action == "check")
    if args.action == "audit":
        return _audit(args)
    if args.action == "teach":
        return _teach(args)
    if args.action == "export":
        return _export(args)
    return _import(args)
