"""Session 62, F4: a Scout's group (completed by taking a discard, ``scouted``) is tagged where the groups are
shown: the result's decomposition (``"scouted": true``) and `tilelens score`'s group lines (scout / スカウト; the
app's groups: tests/app/test_typed_melds_f4_62.py). And riichi melds written as separate words on the command line
(``--melds pon 白 白 白``)."""
import json

import pytest

from scorer import score
from tilelens.cli import main

GAME = "cinderella-neo"
DEKO_4 = ["akagi-miria", "jougasaki-mika", "jougasaki-rika", "moroboshi-kirari"]
HAND = DEKO_4 + ["honda-mio", "hino-akane", "nataaria", "mizumoto-yukari", "mimura-kanako"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_scouted_group_is_marked_in_the_decomposition():
    result = score(GAME, HAND, riichi=True, scouted=[DEKO_4])
    assert result.winning
    marked = [sorted(g["tiles"]) for g in result.decomposition if g["scouted"]]
    assert marked == [sorted(DEKO_4)]
    assert not any(g["scouted"] for g in score(GAME, HAND, riichi=True).decomposition)


@pytest.mark.parametrize("lang, tag, plain", [("en", "(scout)", "status set [Passion Da]"),
                                              ("ja", "(スカウト)", "ステータスセット [パッション Da]")])
def test_the_score_command_tags_the_scouted_group(capsys, monkeypatch, lang, tag, plain):
    monkeypatch.setenv("TILELENS_LANG", lang)
    code, out, err = run(capsys, "score", "--game", GAME, "--riichi", "--scouted", ",".join(DEKO_4), *HAND)
    assert code == 0 and err == "", err
    lines = out.splitlines()
    tagged = [line for line in lines if tag in line]
    assert len(tagged) == 1 and all(t in tagged[0] for t in ("rika" if lang == "en" else "莉嘉",)), out
    assert any(line.startswith(f"  {plain}") and tag not in line for line in lines), out
    code, out, err = run(capsys, "score", "--game", GAME, "--riichi", *HAND)
    assert code == 0 and tag not in out


def test_the_json_says_which_group_was_scouted(capsys):
    code, out, err = run(capsys, "score", "--game", GAME, "--riichi", "--json", "--scouted", ",".join(DEKO_4), *HAND)
    assert code == 0
    groups = json.loads(out)["decomposition"]
    assert [g["scouted"] for g in groups].count(True) == 1


# --- riichi melds written as separate words ---------------------------------------------------------------------

RIICHI = "tokyo-mahjong"


@pytest.mark.parametrize("melds", [["pon", "白", "白", "白"], ["pon", "白白白"], ["pon:白", "白", "白"],
                                   ["ポン", "白", "白", "白"], ["pon", "5z", "5z", "5z"], ["pon", "P", "P", "P"]])
def test_a_meld_written_as_separate_tiles_is_one_meld(capsys, melds):
    code, out, err = run(capsys, "score", "--game", RIICHI, "123m456p789s11z", "--melds", *melds, "--json")
    assert code == 0 and err == "", err
    assert json.loads(out)["decomposition"][0]["label"] == "pon"


def test_separate_tiles_then_the_hand_after_the_melds(capsys):
    code, out, err = run(capsys, "score", "--game", RIICHI, "--melds", "pon", "白", "白", "白", "chi", "1m", "2m", "3m",
                         "456p789s11z", "--json")
    assert code == 0 and err == "", err
    assert [g["label"] for g in json.loads(out)["decomposition"]][:2] == ["pon", "chi"]


@pytest.mark.parametrize("melds, said", [(["pon", "白", "白", "1z"], "a pon is three identical tiles"),
                                         (["pon", "白", "白"], "a pon has 3 tiles, got 2")])
def test_a_real_mistake_is_one_line(capsys, melds, said):
    code, out, err = run(capsys, "score", "--game", RIICHI, "123m456p789s11z", "--melds", *melds)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1 and "Traceback" not in err, err
