"""Session 61, F31 (a newcomer's README walk, W10): the hints a newcomer follows. After `label teach` the next step
named `label init DIR --tileset NAME --overwrite`, which also replaces the hand fixes, where the plain command
pre-labels again the photos still holding proposals; `tilelens enroll`'s "teach those only" hint dropped --base
(learning from scratch); `ledger totals --game "Tokyo Mahjong"` was refused (a name typed without its bracket) with
the ledger's ids only; and `read --tileset hk-mahjong` marked 9 tiles ? but counted "6 of 6" (the 3 flowers left out
unsaid)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from ledger_fuzz_helpers import run

from tilelens.ledger import Ledger

FOUR = ["Ann", "Bo", "Cy", "Di"]


# --- 1: after a teach, the command that pre-labels again keeps the hand fixes ----------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_teach_hint_pre_labels_again_without_overwrite(lang):
    from tilelens.labelling.cli import _said

    said = _said(lang, "teach_next", n=2, s="s", dir="photos", name="my-set")
    assert "--overwrite" not in said, said
    assert said.count("`tilelens label init photos --tileset my-set`") == 1, said  # one command for both


def _help(capsys, monkeypatch, lang, *argv) -> str:
    from tilelens.cli import main

    monkeypatch.setenv("TILELENS_LANG", lang)
    with pytest.raises(SystemExit):
        main(list(argv))
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("lang, tileset, overwrite", [
    ("en", "pre-labels again the photos still holding proposals", "hand-fixed ones too"),
    ("ja", "まだ下書きのままの写真をもう一度下書きします", "手で直したものも置き換えます")])
def test_init_help_says_what_tileset_and_overwrite_pre_label_again(capsys, monkeypatch, lang, tileset, overwrite):
    said = _help(capsys, monkeypatch, lang, "label", "init", "--help")
    if lang == "ja":  # the lines wrapped anywhere in a Japanese sentence
        said, tileset, overwrite = (x.replace(" ", "") for x in (said, tileset, overwrite))
    assert tileset in said and overwrite in said, said


# --- 2: enroll's "teach those only" keeps a base ----------------------------------------------------------------------

def test_enrolls_teach_hint_names_a_base(tmp_path):
    from label_helpers import make_dataset

    from vision.enroll import accepted_words

    make_dataset(tmp_path / "ds")  # tokyo-mahjong photos, none accepted
    english, japanese, warning = accepted_words(tmp_path / "ds")
    assert warning and "tilelens label teach" in english, english
    assert "--base tokyo-mahjong`" in english and "--base tokyo-mahjong`" in japanese, (english, japanese)
    english, japanese, _ = accepted_words(tmp_path / "ds", base="hk-mahjong")  # the enroll's own --base
    assert "--name NAME --base hk-mahjong`" in english and "--base hk-mahjong`" in japanese, (english, japanese)


# --- 3: ledger totals --game by a name as a person types it ----------------------------------------------------------

@pytest.fixture
def ledger(tmp_path):
    ledger = Ledger(tmp_path / "ledger.sqlite")
    for game in ("tokyo-mahjong", "nogizaka"):
        m = ledger.new_match(game, FOUR)
        ledger.add_win(m, 0, "ron", {1: 1000 if game == "tokyo-mahjong" else 40})
    return ledger


@pytest.mark.parametrize("typed, game", [
    ("Tokyo Mahjong", "tokyo-mahjong"), ("tokyo  MAHJONG (riichi)", "tokyo-mahjong"), ("Tokyo-Mahjong", "tokyo-mahjong"),
    ("Nogizaka Donjara", "nogizaka"), ("nogizaka donjara", "nogizaka"), ("乃木坂ドンジャラ", "nogizaka")])
def test_totals_game_takes_a_name_without_its_bracket(ledger, capsys, monkeypatch, typed, game):
    import json

    code, out, err = run(capsys, monkeypatch, "en", "ledger", "totals", "--game", typed, "--json",
                         "--db", str(ledger.path))
    assert code == 0, err
    assert {m["game"] for m in json.loads(out)["matches"]} == {game}, out


@pytest.mark.parametrize("lang, said", [
    ("en", "no match of holo-donjara in {db}: its games are Nogizaka Donjara (fan-made) [nogizaka], Tokyo "
           "Mahjong (riichi) [tokyo-mahjong]"),
    ("ja", "{db} に holo-donjara の対局はありません。この成績表のゲーム: 乃木坂ドンジャラ [nogizaka]、東京麻雀 [tokyo-mahjong]")])
def test_an_unknown_game_lists_the_ledgers_games_by_name_and_id(ledger, capsys, monkeypatch, lang, said):
    code, out, err = run(capsys, monkeypatch, lang, "ledger", "totals", "--game", "holo-donjara",
                         "--db", str(ledger.path))
    assert code == 2 and not out and "Traceback" not in err
    assert err == f"tilelens ledger: {said.format(db=ledger.path)}\n", err


# --- 5: the tiles marked ? and left out of the hand are said apart ----------------------------------------------------

def _flowers_reading():
    from vision.recognizer import HandReading, ReadTile

    kinds = ["1s", "1p", "1s", "f6", "f8", "f8", "1s", "1s", "1s"]
    tiles = [ReadTile((60.0 * i, 0.0, 60.0 * i + 50, 70.0), k, {}, {"detection": 0.9, "kind": 0.4})
             for i, k in enumerate(kinds)]
    return HandReading(tiles, (640, 480), "", "hk-mahjong")


QUALITY = SimpleNamespace(small_photo=False, judged=True, blurry=False, dark=False, at_edge=False, upside_down=False,
                          photo_wh=(640, 480), photo_px=1.0)


@pytest.mark.parametrize("lang, count, apart", [
    ("en", "6 of 6 tiles", "as are tiles 4, 5 and 6, left out of the kinds"),
    ("ja", "6枚中6枚", "牌の並びから外した4・5・6枚目にも")])
def test_the_unsure_count_says_the_left_out_tiles_apart(lang, count, apart):
    from vision.read_cli import quality_notes

    first, _ = quality_notes(_flowers_reading(), QUALITY, lang, "tokyo-mahjong")
    [(note, text)] = first
    assert note == "unsure_many" and count in text and apart in text, text
    first, _ = quality_notes(_flowers_reading(), QUALITY, lang, "")  # no game: every tile counted, none left out
    assert "9" in first[0][1] and apart not in first[0][1], first
