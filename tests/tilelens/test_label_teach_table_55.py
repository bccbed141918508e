"""Session 55: `label teach` (and the Label page's Teach) of a dataset whose game's table changed since it was labelled.
It passed ``--game`` only where the game's table named every kind of the dataset: a club that kept photos under its
house table (sakura joined) got a tile set taught for no game, and one whose table dropped a member (himetan) was
told nothing of her. Now the set is taught for the game, and the kinds the table in use no longer has are said (they
are learnt, but a tile read as one is left out of the hand); a set of kinds of its own (a Hong Kong set's flowers) is
still taught for no game, as riichi's copies must not bound its readings."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tilelens.labelling import Box, Dataset, LabelledImage, set_done, write_yolo
from tilelens.labelling import teach


def _shipped() -> tuple[str, ...]:
    from scorer import load_game

    return tuple(t.id for t in load_game("nogizaka").tiles)


def _house() -> None:
    """Nogizaka as the club plays it: himetan graduated, sakura joined in her place (saved as the app saves it)."""
    from app import settings

    text = (settings.game_text("nogizaka").replace('id = "himetan"', 'id = "sakura"', 1)
            .replace('member = "himetan"', 'member = "sakura"', 1))
    settings.save_house_table("nogizaka", text)


def _dataset(root: Path, names: tuple[str, ...], kinds: tuple[str, ...], game: str = "nogizaka",
             own: dict | None = None) -> Path:
    (root / "images/train").mkdir(parents=True)
    Image.new("RGB", (200, 100), (90, 140, 90)).save(root / "images/train/a.jpg")
    boxes = tuple(Box(k, (0.05 + 0.3 * i, 0.1, 0.25 + 0.3 * i, 0.9)) for i, k in enumerate(kinds))
    write_yolo(Dataset(names, (LabelledImage("images/train/a.jpg", (200, 100), boxes),), game), root)
    if own:
        import yaml

        data = yaml.safe_load((root / "data.yaml").read_text(encoding="utf-8"))
        data["own_kinds"] = own
        (root / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    set_done(root, "images/train/a.jpg")
    return root


def _game_of(args: list[str]) -> str | None:
    return args[args.index("--game") + 1] if "--game" in args else None


def test_a_dataset_kept_under_the_house_table_is_taught_for_the_game(tmp_path):
    _house()
    names = tuple("sakura" if k == "himetan" else k for k in _shipped())  # Keep this photo's names: the house table's
    root = _dataset(tmp_path / "ds", names, ("rarin", "sakura"))
    args, photos = teach.enroll_args(root, "club", None, 1.0)
    assert _game_of(args) == "nogizaka" and photos == 1
    assert teach.table_words(root) == ()  # the table in use has every kind: nothing to say


@pytest.mark.parametrize("lang, words", [("en", "no longer has"), ("ja", "もうありません")])
def test_a_kind_the_table_dropped_is_taught_for_the_game_and_said(tmp_path, lang, words):
    _house()  # himetan graduated after the dataset was labelled under the box's table
    root = _dataset(tmp_path / "ds", _shipped(), ("rarin", "himetan"))
    args, _ = teach.enroll_args(root, "club", None, 1.0)
    assert _game_of(args) == "nogizaka"
    [said] = teach.table_words(root)
    text = said[lang == "ja"]
    assert "himetan" in text and words in text, text
    assert ("Rules and yaku" if lang == "en" else "ルールと役") in text, text


def test_a_member_of_a_house_table_since_restored_is_taught_for_the_game_and_said(tmp_path):
    from app import settings

    _house()  # labelled under the house table (sakura), since restored: the box's table is in use again
    settings.save_house_table("nogizaka", settings.shipped_path("nogizaka").read_text(encoding="utf-8"))
    assert settings.edited_path("nogizaka") is None
    names = tuple("sakura" if k == "himetan" else k for k in _shipped())
    root = _dataset(tmp_path / "ds", names, ("rarin", "sakura"))
    args, _ = teach.enroll_args(root, "club", None, 1.0)
    assert _game_of(args) == "nogizaka"  # was: no --game (the box's table lacks sakura), a set of no game
    [(english, japanese)] = teach.table_words(root)
    assert "sakura" in english and "sakura" in japanese


@pytest.mark.parametrize("own", [{"f1": "Plum"}, None])
def test_a_set_with_kinds_no_table_of_the_game_has_is_still_taught_for_no_game(tmp_path, own):
    """A Hong Kong set's flower, recorded as its own kind (``label kinds --add``) or only named (an import)."""
    from scorer import load_game

    riichi = tuple(t.id for t in load_game("tokyo-mahjong").tiles)
    root = _dataset(tmp_path / "hk", (*riichi, "f1"), ("1m", "f1"), game="tokyo-mahjong", own=own)
    args, _ = teach.enroll_args(root, "hk", None, 1.0)
    assert _game_of(args) is None and teach.table_words(root) == ()


def test_the_words_reach_the_job_and_the_command_line(tmp_path, monkeypatch, capsys):
    """The page's Teach shows a job's warnings when it is done (``TeachJob.warnings``); the command says them on
    stderr before it teaches."""
    from tilelens.labelling import cli

    _house()
    root = _dataset(tmp_path / "ds", _shipped(), ("rarin", "himetan"))
    monkeypatch.setattr(teach, "enrol_here", lambda root, args: 0)  # no training: what is said before it
    monkeypatch.setattr("vision.enroll.refuse_without_torch", lambda *a: None)
    assert cli.main(["teach", str(root), "--name", "club"]) == 0
    err = capsys.readouterr().err
    assert "himetan" in err and "no longer has" in err, err
    job = teach.status(root)
    assert any("himetan" in en and "himetan" in ja for en, ja in job.warnings), job.warnings
