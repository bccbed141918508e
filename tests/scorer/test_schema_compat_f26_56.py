"""Game files saved before session 56 load as they did (session 56, f26). The session refused, at every read of a
game file, a ``reading`` not in kana, an attribute no tile carries, an Almighty among a unit's members, two tiles of
one English name (case and width aside) and a required name written empty: a club's added game or saved house
table with one of them then failed every command, and the app stopped offering it. Those checks are strict-only now:
a file written or named on purpose (the app's Add and Save, `tilelens games FILE`, `score --game FILE`,
``load_game(path, strict=True)``) is refused; a stored file read by its game's id is read as before, and the
command line says what the app would refuse in one line."""
from __future__ import annotations

from pathlib import Path

import pytest

from app import settings
from scorer import catalog
from scorer.catalog import load_game
from scorer.result import GameFileError
from tilelens import cli, home as tl_home

# f7's club file (tests/scorer/test_schema_f7_56.py), as a club added it before the session
CLUB = """\
id = "club"
name_ja = "クラブドンジャラ"
name_en = "Club Donjara"
hand_size = 6
attributes = ["gen", "member"]

[[tiles]]
id = "sora"
name_ja = "ときのそら"
name_en = "Tokino Sora"
reading = "ときの そら"
copies = 4
attrs = { gen = "gen0", member = "sora" }

[[tiles]]
id = "roboco"
name_ja = "ロボ子"
name_en = "Roboco"
reading = "ろぼこ"
copies = 4
attrs = { gen = "gen0", member = "roboco" }

[[tiles]]
id = "miko"
name_ja = "さくらみこ"
name_en = "Sakura Miko"
copies = 4
attrs = { gen = "gen0", member = "miko" }

[[tiles]]
id = "mel"
name_ja = "夜空メル"
name_en = "Yozora Mel"
copies = 4
attrs = { gen = "gen1", member = "mel" }

[[tiles]]
id = "almighty"
name_ja = "オールマイティ"
name_en = "Almighty"
copies = 2
almighty = true

[[units]]
name = "0期生"
members = ["sora", "roboco", "miko"]

[groups.set]
name_ja = "セット"
name_en = "set"
same = ["member"]
max_almighty = 1

[groups.unit]
name_ja = "ユニット"
name_en = "unit"
unit = "part"

[[yaku]]
id = "basic"
name_ja = "基本セット"
name_en = "Basic set"
points = 60
groups = [{ kinds = ["set"], size = 3, count = 2 }]

[[yaku]]
id = "unit"
name_ja = "ユニットセット"
name_en = "Unit set"
points = 90
groups = [{ kinds = ["unit"], size = 3, count = 1 }, { kinds = ["set"], size = 3, count = 1 }]
"""
HAND = ["sora"] * 3 + ["mel"] * 3

# what the session began to refuse, as an older file has it, and the field the refusal names
OLD = {
    "reading": (('reading = "ときの そら"', 'reading = "tokino sora"'), "tiles[0].reading"),
    "attribute": (('attributes = ["gen", "member"]', 'attributes = ["gen", "member", "colour"]'), "attributes[2]"),
    "almighty-member": (('members = ["sora", "roboco", "miko"]', 'members = ["sora", "roboco", "miko", "almighty"]'),
                        "units[0].members"),
    "english-name": (('name_en = "Roboco"', 'name_en = "tokino SORA"'), "tiles[1].name_en"),
    "empty-game-name": (('name_en = "Club Donjara"', 'name_en = ""'), "field name_en"),
    "empty-unit-name": (('name = "0期生"', 'name = ""'), "units[0].name"),
    "empty-yaku-name": (('name_ja = "基本セット"', 'name_ja = ""'), "yaku[0].name_ja"),
}
NOGIZAKA = Path(catalog.GAMES_DIR) / "nogizaka.toml"
NOGI_HAND = ["rarin"] * 3 + ["marika"] * 3 + ["minami"] * 3
MISA = ('reading = "みさせんぱい"', 'reading = "misa senpai"')  # the walk's house edit of Nogizaka


def old_club(kind: str) -> str:
    (old, new), _ = OLD[kind]
    assert CLUB.count(old) >= 1, old
    return CLUB.replace(old, new, 1)


@pytest.fixture
def registered(monkeypatch):
    """The added games' folder of this test's home registered, as the app and the command line register it."""
    monkeypatch.setattr(catalog, "_EXTRA_DIRS", [tl_home.added_games_dir])
    return tl_home.added_games_dir()


def stored(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# 1. a stored file loads and scores by its id ------------------------------------------------------------------------
@pytest.mark.parametrize("kind", list(OLD))
def test_an_added_game_saved_before_loads_and_scores_by_id(registered, kind, capsys):
    stored(registered, "club.toml", old_club(kind))
    assert load_game("club").id == "club"
    assert "club" in settings.games()  # the app offers it
    assert settings.app_game("club").id == "club"
    assert cli.main(["score", "--game", "club", *HAND]) == 0
    out, err = capsys.readouterr()
    assert "60" in out and "Traceback" not in err, (out, err)
    _, field = OLD[kind]
    # said once, in one line, as what Add and Save would refuse
    lines = [line for line in err.splitlines() if field.split()[-1] in line]
    assert len(lines) == 1 and "warning" in lines[0] and "Save" in lines[0], err
    assert cli.main(["games", "club"]) == 0, capsys.readouterr().err


def test_a_house_edit_saved_before_is_played(capsys):
    text = NOGIZAKA.read_text(encoding="utf-8").replace(*MISA)
    stored(tl_home.house_dir("nogizaka"), "0123abcd4567.toml", text)
    assert settings.app_game("nogizaka").tile("misa-senpai").reading == "misa senpai"
    assert cli.main(["score", "--game", "nogizaka", *NOGI_HAND]) == 0
    err = capsys.readouterr().err
    assert "cannot be used" not in err and "tiles[0].reading" in err and "warning" in err, err


def test_the_japanese_command_line_says_the_warning_in_japanese(registered, capsys, monkeypatch):
    monkeypatch.setenv("TILELENS_LANG", "ja")
    stored(registered, "club.toml", old_club("reading"))
    assert cli.main(["score", "--game", "club", *HAND]) == 0
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "tiles[0].reading" in line)
    assert "かな" in line and "warning" not in line and "保存" in line, err


def test_a_file_without_those_problems_gets_no_warning(registered, capsys):
    stored(registered, "club.toml", CLUB)
    assert cli.main(["score", "--game", "club", *HAND]) == 0
    assert "warning" not in capsys.readouterr().err


# 2. a file written or named on purpose is refused --------------------------------------------------------------------
@pytest.mark.parametrize("kind", list(OLD))
def test_a_file_named_by_its_path_is_refused(tmp_path, kind, capsys):
    path = stored(tmp_path, "club.toml", old_club(kind))
    _, field = OLD[kind]
    with pytest.raises(GameFileError, match=field.replace("[", r"\[").replace("]", r"\]")):
        load_game(path, strict=True)
    assert load_game(path).id == "club"  # read as a stored file, as before
    assert cli.main(["games", str(path)]) == 2
    err = capsys.readouterr().err
    assert field in err and "Traceback" not in err, err
    assert cli.main(["score", "--game", str(path), *HAND]) == 2
    assert field in capsys.readouterr().err


@pytest.mark.parametrize("kind", list(OLD))
def test_add_refuses_it(registered, kind):
    _, field = OLD[kind]
    with pytest.raises(GameFileError) as refused:
        settings.add_game(old_club(kind))
    assert field in str(refused.value) and "the added rules" in str(refused.value), str(refused.value)
    assert refused.value.message_ja and "追加するルール" in refused.value.message_ja, refused.value.message_ja
    assert "club" not in settings.added_games()  # nothing saved


@pytest.mark.parametrize("kind", list(OLD))
def test_save_refuses_it(registered, kind):
    settings.add_game(CLUB)
    _, field = OLD[kind]
    with pytest.raises(GameFileError, match="the edited rules") as refused:
        settings.save_house_table("club", old_club(kind))
    assert field in str(refused.value), str(refused.value)
    assert settings.edited_path("club") is None  # nothing saved


def test_save_refuses_the_walks_edit_of_nogizaka():
    with pytest.raises(GameFileError, match=r"tiles\[0\].reading"):
        settings.save_house_table("nogizaka", NOGIZAKA.read_text(encoding="utf-8").replace(*MISA))
    assert settings.edited_path("nogizaka") is None



def test_schema_says_which_checks_are_strict_only():
    text = " ".join((Path(catalog.GAMES_DIR) / "SCHEMA.md").read_text(encoding="utf-8").split())
    strict = text.split("### Strict checks", 1)[1].split("##", 1)[0]
    for said in ("`reading` not in kana", "no tile carries", "Almighty tile among a unit's `members`", "`name_en`",
                 "written `\"\"` or only spaces", "Add", "Save", "`tilelens games FILE`", "strict=True", "stored file"):
        assert said in strict, said
