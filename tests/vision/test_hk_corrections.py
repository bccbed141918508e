"""The corrections of the Hong Kong photos' labels: the committed file applies to the shared labels as
published, a bad file is one clear message, and the enrolment data script writes the corrected copy."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from vision.hk_split import (CORRECTIONS, HK_NAMES, CorrectionsError, corrected_labels, hk_corrections, hk_images,
                             hk_root, part_of)

ROOT = Path(__file__).resolve().parents[2]
needs_photos = pytest.mark.skipif(not (hk_root() / "labels").is_dir(),
                                  reason="the shared Hong Kong photos are not here")


@needs_photos
def test_every_committed_correction_fits_the_published_labels():
    fixes = hk_corrections()
    assert len(fixes) >= 50
    for name in {name for name, _ in fixes}:
        text = (hk_root() / "labels" / f"{Path(name).stem}.txt").read_text(encoding="utf-8")
        fixed = corrected_labels(name, text, fixes).splitlines()
        mine = {line: change for (n, line), change in fixes.items() if n == name}
        for i, (before, after) in enumerate(zip(text.splitlines(), fixed), start=1):
            if i in mine:
                assert before.split()[0] == str(HK_NAMES.index(mine[i][0]))
                assert after.split() == [str(HK_NAMES.index(mine[i][1]))] + before.split()[1:]
            else:
                assert after == before
    # both parts: the enrolment part's labels are what enrolment learns from, the held-out part's what it is
    # measured against
    assert {part_of(name) for name, _ in fixes} == {"enroll", "heldout"}


def test_a_correction_that_does_not_match_the_label_is_refused():
    with pytest.raises(CorrectionsError, match="line 2: the correction expects 1z, the label says 1p"):
        corrected_labels("a.jpg", "2 0.5 0.5 0.1 0.1\n2 0.6 0.5 0.1 0.1\n", {("a.jpg", 2): ("1z", "3z")})
    with pytest.raises(CorrectionsError, match="line 5: the correction expects 1p, the label says nothing"):
        corrected_labels("a.jpg", "2 0.5 0.5 0.1 0.1\n", {("a.jpg", 5): ("1p", "3z")})
    # other images' corrections leave a file byte for byte
    assert corrected_labels("b.jpg", "2 0.5 0.5 0.1 0.1", {("a.jpg", 1): ("1p", "3z")}) == "2 0.5 0.5 0.1 0.1"


@pytest.mark.parametrize("row, why", [
    ("a.jpg,x,1p,2p", "needs image, line"),
    ("a.jpg,1,1p,dragon", "unknown kind 'dragon'"),
    ("a.jpg,0,1p,2p", "line must be 1 or more"),
])
def test_a_malformed_corrections_file_names_the_row(tmp_path, row, why):
    path = tmp_path / "c.csv"
    path.write_text(f"image,line,upstream,corrected\n{row}\n")
    with pytest.raises(CorrectionsError, match=f"row 2: {why}"):
        hk_corrections(path)
    path.write_text("image,line,upstream,corrected\na.jpg,1,1p,2p\na.jpg,1,1p,3p\n")
    with pytest.raises(CorrectionsError, match="row 3: box given twice"):
        hk_corrections(path)
    with pytest.raises(CorrectionsError, match="cannot be read"):
        hk_corrections(tmp_path / "none.csv")


@needs_photos
def test_the_script_writes_corrected_copies_or_lists_the_published_photos(tmp_path):
    script = [sys.executable, str(ROOT / "scripts" / "hk_enroll_data.py")]
    subprocess.run(script + [str(tmp_path / "fixed")], check=True, cwd=ROOT, capture_output=True)
    subprocess.run(script + [str(tmp_path / "up"), "--upstream"], check=True, cwd=ROOT, capture_output=True)
    photos = hk_images("enroll")
    fixed = sorted((tmp_path / "fixed" / "labels" / "enroll").glob("*.txt"))
    assert len(fixed) == len(sorted((tmp_path / "fixed" / "images" / "enroll").glob("*.jpg"))) == len(photos)
    changed = sum(a != b for f in fixed for a, b in zip(f.read_text().splitlines(),
                  (hk_root() / "labels" / f.name).read_text().splitlines()))
    assert changed == sum(part_of(name) == "enroll" for name, _ in hk_corrections())
    listed = (tmp_path / "up" / "enroll.txt").read_text().split()
    assert listed == [str(p) for p in photos] and "train: enroll.txt" in (tmp_path / "up" / "data.yaml").read_text()
    assert CORRECTIONS.is_file()


@needs_photos
def test_eval_sets_of_the_real_photos_carry_the_corrected_labels_unless_upstream_is_asked():
    from vision.eval_data import REPEATED_LABELS, load_eval_set

    fixes = hk_corrections()
    fixed, upstream = load_eval_set("hk-heldout"), load_eval_set("hk-heldout-upstream")
    assert [i.image_path for i in fixed] == [i.image_path for i in upstream] == hk_images("heldout")
    gone = [sorted(line - 1 for name, line in REPEATED_LABELS if name == u.image_path.name) for u in upstream]
    differ = sum(a != b for f, u, g in zip(fixed, upstream, gone)
                 for a, b in zip(f.kinds, [k for i, k in enumerate(u.kinds) if i not in g]))
    assert differ == sum(part_of(name) == "heldout" for name, _ in fixes)
    for f, u, g in zip(fixed, upstream, gone):
        assert (f.truth.xyxy == np.delete(u.truth.xyxy, g, axis=0)).all()  # kinds change, lines written twice go


@needs_photos
def test_the_script_can_keep_a_few_photos_drawn_at_random(tmp_path):
    script = [sys.executable, str(ROOT / "scripts" / "hk_enroll_data.py")]
    for out, seed in (("a", "0"), ("b", "0"), ("c", "1")):
        subprocess.run(script + [str(tmp_path / out), "--photos", "10", "--seed", seed], check=True, cwd=ROOT,
                       capture_output=True)
    kept = {out: sorted(p.name for p in (tmp_path / out / "images" / "enroll").glob("*.jpg")) for out in "abc"}
    assert len(kept["a"]) == 10 and kept["a"] == kept["b"] and kept["a"] != kept["c"]
    assert set(kept["a"]) <= {p.name for p in hk_images("enroll")}
    assert len(list((tmp_path / "a" / "labels" / "enroll").glob("*.txt"))) == 10
    bad = subprocess.run(script + [str(tmp_path / "d"), "--photos", "0"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 1 and bad.stderr.strip() == (
        f"error: --photos must be 1 to {len(hk_images('enroll'))} (the part holds {len(hk_images('enroll'))} photos), not 0")
    assert not (tmp_path / "d").exists()
