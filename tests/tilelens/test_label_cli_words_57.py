"""`tilelens label` after walkthrough W3 (both languages): export refuses a file that is there already unless
--force (as `ledger csv` does), init of a folder with no photos says so in one line (not a line on stdout and an
opposite one on stderr), the current folder named as that where photos were looked for (not "."), Japanese lists
with 、, and a photo accepted said 「OK にした写真」 whether accepted on the page or with `label accept`."""
from __future__ import annotations

import json

import pytest

from label_helpers import make_dataset, run


@pytest.mark.parametrize("to, files", [("coco", ["out.json"]), ("labelstudio", ["out.json", "out.xml"])])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_export_refuses_a_file_there_already_unless_forced(tmp_path, cli_env, capsys, to, files, lang):
    cli_env(TILELENS_LANG=lang)
    d = tmp_path / "ds"
    make_dataset(d)
    for there in files:  # either of the export's files
        for name in files:
            (tmp_path / name).unlink(missing_ok=True)
        (tmp_path / there).write_text("keep me", encoding="utf-8")
        code, out, err = run(capsys, "label", "export", d, "--to", to, tmp_path / "out.json")
        assert code == 2 and out == "" and err.count("\n") == 1, err
        said = ("exists already: nothing was written (--force writes over it)" if lang == "en"
                else "はもうあります。何も書き出していません (上書きするには --force を付けてください)")
        assert err == f"tilelens label: {tmp_path / there} {said}\n", err
        assert (tmp_path / there).read_text(encoding="utf-8") == "keep me"
        assert [p.name for p in tmp_path.iterdir() if p.is_file()] == [there]
    code, _, err = run(capsys, "label", "export", d, "--to", to, tmp_path / "out.json", "--force")
    assert code == 0, err
    json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))  # written over


@pytest.mark.parametrize("lang, said", [
    ("en", "data.yaml written in {d}, with no photos yet (none in {d} nor {d}/images): put them in {d} (.avif, .bmp, "),
    ("ja", "{d} に data.yaml を書きました。写真はまだありません ({d} にも {d}/images にもありません): 写真 (.avif、.bmp、"),
])
def test_init_of_a_folder_with_no_photos_says_it_in_one_line(tmp_path, cli_env, capsys, lang, said):
    cli_env(TILELENS_LANG=lang)
    d = tmp_path / "empty"
    d.mkdir()
    code, out, err = run(capsys, "label", "init", d, "--game", "nogizaka")
    assert code == 0 and err == "" and out.count("\n") == 1, (out, err)
    assert out.startswith(said.format(d=d)), out
    assert f"`tilelens label init {d} --game nogizaka`" in out and (d / "data.yaml").is_file()


@pytest.mark.parametrize("lang, here", [("en", "the current folder (.)"), ("ja", "今いるフォルダ (.)")])
def test_photos_not_found_name_the_current_folder_as_that(tmp_path, monkeypatch, cli_env, capsys, lang, here):
    d = tmp_path / "ds"
    make_dataset(d)
    assert run(capsys, "label", "export", d, "--to", "coco", tmp_path / "c.json")[0] == 0
    monkeypatch.chdir(tmp_path)
    cli_env(TILELENS_LANG=lang)
    code, _, err = run(capsys, "label", "import", "c.json", "--from", "coco", "new")
    line = next(line for line in err.splitlines() if "--images" in line)
    sep = ", " if lang == "en" else "、"
    assert code == 1 and f"new{sep}{here}" in line and ", ." not in line and "、." not in line, line


def test_the_japanese_lists_of_label_say_them_with_touten(tmp_path, cli_env, capsys):
    d = tmp_path / "ds"
    make_dataset(d)
    cli_env(TILELENS_LANG="ja")
    code, _, err = run(capsys, "label", "accept", d, "x.jpg", "y.jpg")
    assert code == 2 and "x.jpg、y.jpg" in err and "x.jpg, y.jpg" not in err, err
    code, _, err = run(capsys, "label", "kinds", d, "--add", "f1", "f2", "--name", "花")
    assert code == 2 and "(f1、f2)" in err and "f1, f2" not in err, err


def test_ok_is_said_as_made_ok_whether_on_the_page_or_by_label_accept():
    from tilelens.labelling.cli import WORDS

    ja = "\n".join(WORDS["ja"].values())
    assert "OK した" not in ja and "OK して" not in ja and "OK し、" not in ja and "OK し\u3001" not in ja
    assert "ラベル付けのページか `tilelens label accept` で" in WORDS["ja"]["kept_many"]
    assert "on the Label page or with `tilelens label accept`" in WORDS["en"]["kept_many"]


def test_placeholders_of_label_are_the_same_in_japanese():
    from tilelens.labelling.cli import WORDS

    ja = "\n".join(WORDS["ja"].values())
    assert "--name 名前" not in ja and "--tileset 名前" not in ja and "--base ゲーム" not in ja
    assert "--name NAME" in WORDS["ja"]["no_reader"] and "--tileset NAME" in WORDS["ja"]["taught_others"]
