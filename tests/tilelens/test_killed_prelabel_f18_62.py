"""Session 62 (F18): a ``label init`` killed part way leaves its proposals known as proposals.

Label files were written one by one but ``.tilelens/prelabelled.json`` (the record of the machine's proposals) only
in a ``finally``, which a SIGKILL (or SIGTERM, SIGHUP) never runs: the photos pre-labelled before the kill looked
hand-made, and ``--tileset`` and "Pre-label again" kept them silently. Each proposal is now noted in a journal
(``PRELABELLED_JOURNAL``) before its label file is written, read with the record and folded into it by the next
pre-labelling."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tilelens.labelling import prelabel
from tilelens.labelling.prelabel import PRELABELLED, PRELABELLED_JOURNAL, prelabel_folder, prelabelled_record

import label_helpers
from label_helpers import OneTileReader, plain_photos

REPO = Path(__file__).resolve().parents[2]
sets = label_helpers.sets_of_one_list  # two taught sets of one tile list, mine and other, in a models folder of its own


class _Reader(OneTileReader):
    """One tile of ``kind`` in the middle of every photo; the process dies (as by SIGKILL: no ``finally`` runs) on
    reading photo number ``die_at``."""

    def __init__(self, kind: str, die_at: int | None = None):
        super().__init__(kind)
        self.die_at, self.seen = die_at, 0

    def read(self, image, source=None):
        self.seen += 1
        if self.seen == self.die_at:
            os._exit(137)
        return super().read(image, source)


def _photos(tmp_path: Path, n: int = 5) -> Path:
    return plain_photos(tmp_path / "ds", n)


def _killed_run(root: Path, die_at: int, tmp_path: Path) -> None:
    """``prelabel_folder`` with the set ``other`` in a process of its own, killed on reading photo ``die_at``."""
    script = (f"import sys; sys.path.insert(0, {str(REPO)!r}); sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
              "from test_killed_prelabel_f18_62 import _Reader\n"
              "from tilelens.labelling.prelabel import prelabel_folder\n"
              f"prelabel_folder({str(root)!r}, None, 'other', reader=_Reader('5p', die_at={die_at}), progress=False)\n")
    env = {**os.environ, "TILELENS_HOME": str(tmp_path / "home"), "YOLO_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 137, done.stderr


def _labelled(root: Path) -> list[str]:
    return sorted(f"images/train/{p.stem}.jpg" for p in (root / "labels/train").glob("*.txt"))


def test_proposals_written_before_a_kill_are_recorded_as_proposals(tmp_path, sets):
    root = _photos(tmp_path)
    _killed_run(root, 3, tmp_path)
    written = _labelled(root)
    assert len(written) == 2 and not (root / PRELABELLED).exists()  # the finally never ran
    assert set(prelabelled_record(root)) == set(written)
    assert {e["by"] for e in prelabelled_record(root).values()} == {"tileset:other"}


def test_the_next_run_reads_them_again_with_another_set_and_folds_the_journal(tmp_path, sets):
    root = _photos(tmp_path)
    _killed_run(root, 3, tmp_path)
    summary = prelabel_folder(root, None, "mine", reader=_Reader("1m"), progress=False)
    assert summary.again == 2 and summary.changed == ()  # not kept as a person's fixes
    assert summary.labelled == 5
    assert not (root / PRELABELLED_JOURNAL).exists()
    record = json.loads((root / PRELABELLED).read_text())
    assert sorted(record) == _labelled(root) and {e["by"] for e in record.values()} == {"tileset:mine"}


def test_the_same_set_again_goes_on_and_keeps_the_killed_run_s_proposals(tmp_path, sets):
    root = _photos(tmp_path)
    _killed_run(root, 3, tmp_path)
    summary = prelabel_folder(root, None, "other", reader=_Reader("5p"), progress=False)
    assert (summary.labelled, summary.again, summary.changed) == (3, 0, ())
    assert sorted(json.loads((root / PRELABELLED).read_text())) == _labelled(root)


def test_a_label_file_changed_by_hand_after_the_kill_is_a_person_s(tmp_path, sets):
    root = _photos(tmp_path)
    _killed_run(root, 3, tmp_path)
    (root / "labels/train/p0.txt").write_text("0 0.5 0.5 0.2 0.2\n")  # a person's fix
    assert set(prelabelled_record(root)) == {"images/train/p1.jpg"}
    summary = prelabel_folder(root, None, "mine", reader=_Reader("1m"), progress=False)
    assert summary.changed == ("images/train/p0.jpg",) and summary.again == 1
    assert (root / "labels/train/p0.txt").read_text() == "0 0.5 0.5 0.2 0.2\n"


def test_a_kill_between_the_note_and_its_label_file_records_nothing_false(tmp_path, sets, monkeypatch):
    """The note is written first: a label file never written (or the one before it, kept) is not taken for it."""
    root = _photos(tmp_path, 2)
    prelabel_folder(root, None, "other", reader=_Reader("5p"), progress=False)
    before = prelabelled_record(root)
    journal = root / PRELABELLED_JOURNAL
    line = {"photo": "images/train/p0.jpg", "entry": {**before["images/train/p0.jpg"], "sha256": "0" * 64,
                                                      "by": "tileset:mine"}}
    journal.write_text(json.dumps(line) + "\n" + '{"photo": "images/train/p1.jpg", "ent')  # a line cut short
    assert prelabelled_record(root) == before


def test_a_journal_note_does_not_undo_a_later_update_of_the_record(tmp_path, sets):
    root = _photos(tmp_path, 1)
    prelabel_folder(root, None, "other", reader=_Reader("5p"), progress=False)
    entry = prelabelled_record(root)["images/train/p0.jpg"]
    (root / PRELABELLED_JOURNAL).write_text(json.dumps({"photo": "images/train/p0.jpg", "entry": entry}) + "\n")
    prelabel._keep_record(root, {"images/train/p0.jpg": {**entry, "photo_sha256": "f" * 64}})
    assert prelabelled_record(root)["images/train/p0.jpg"]["photo_sha256"] == "f" * 64
    assert not (root / PRELABELLED_JOURNAL).exists()


def test_each_proposal_is_noted_before_its_label_file(tmp_path, sets, monkeypatch):
    root = _photos(tmp_path, 3)
    seen = []
    real = prelabel.write_labels

    def spying(r, image, names):
        lines = (Path(r) / PRELABELLED_JOURNAL).read_text().splitlines()
        seen.append(json.loads(lines[-1])["photo"] == image.path)
        return real(r, image, names)

    monkeypatch.setattr(prelabel, "write_labels", spying)
    prelabel_folder(root, None, "other", reader=_Reader("5p"), progress=False)
    assert seen == [True] * 3
    assert set(prelabelled_record(root)) == set(_labelled(root)) and not (root / PRELABELLED_JOURNAL).exists()
