"""Session 53, tilelens's vision side as a Python library: a photo's reading turned into a hand ``scorer.score``
takes (``HandReading.scorable``: the logic ``tilelens read --kinds`` / ``--json``'s ``score_args`` use, a tile set of
no game scored as the game it maps to), ``Recognizer.load``'s words naming its parameters (the CLI its flags), and
``read_hand``'s cache holding every shipped reader, one ``Recognizer`` shared across threads."""
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import scorer
from scorer.result import TilelensInputError
from tilelens.cli import main as tilelens

WIN = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z 5z".split()
HK_3 = Path(__file__).parent / "data" / "detector" / "images" / "hk-3.jpg"  # a flower, and a stray box off the row


def _tile(kind, x, y=100.0, h=60.0, p=0.95, det=0.9):
    from vision.recognizer import ReadTile

    return ReadTile((x, y, x + 40.0, y + h), kind, {}, {"detection": det, "kind": p}, False, ((kind, p), ("9m", 0.01)))


def _reading(kinds=WIN, extra=(), game="tokyo-mahjong", tileset="", **more):
    from vision.recognizer import HandReading

    return HandReading([_tile(k, 42.0 * i) for i, k in enumerate(kinds)] + list(extra), (1000, 400), game, tileset,
                       **more)


STRAY = dict(kind="6z", x=616.0, y=300.0, h=100.0, p=0.33, det=0.35)  # unsure, below the rack


# 1. a reading as a hand to score ----------------------------------------------------------------------------------

def test_scorable_leaves_out_the_stray_box_off_the_row_and_scores():
    reading = _reading(extra=[_tile(**STRAY)])
    hand = reading.scorable()
    assert hand.game == "tokyo-mahjong" and list(hand.tiles) == WIN and hand.melds == ()
    assert hand.off_row == (14,) and hand.unsure == (14,) and hand.left_out == ()
    assert hand.args == WIN  # what `tilelens read --kinds` prints
    result = hand.score(win="tsumo")
    assert result.winning and result.points > 0
    assert len(reading.kinds) == 15  # the reading itself keeps every box


def test_scorable_of_an_open_hand_gives_its_melds_and_scores_it_open():
    from vision.recognizer import HandReading, ReadTile

    concealed = WIN[:11]
    tiles = [ReadTile((30.0 * i, 0, 30.0 * i + 28, 40), k, {}, {"detection": 0.9, "kind": 0.95})
             for i, k in enumerate(concealed)]
    tiles += [ReadTile(box, "5z", {}, {"detection": 0.9, "kind": 0.95})
              for box in ((400.0, 10, 440, 40), (442.0, 0, 470, 40), (472.0, 0, 500, 40))]
    hand = HandReading(tiles, (540, 60), "tokyo-mahjong").scorable()
    assert list(hand.tiles) == concealed and hand.melds == ("pon:555z",)
    assert hand.args == [*concealed, "--melds", "pon:555z"]
    result = hand.score(win="tsumo")
    assert result.winning and result.extra["open"] is True


def test_scorable_of_a_donjara_hand_passes_no_melds_option():
    kinds = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3
    hand = _reading(kinds, game="nogizaka").scorable()
    assert hand.game == "nogizaka" and list(hand.tiles) == kinds and hand.melds == ()
    assert hand.score(riichi=True).winning  # a Donjara game refuses a melds option: none is passed


def test_a_tile_set_of_no_game_is_scored_as_the_game_it_maps_to():
    """`read_hand(p, tileset="hk-mahjong")`: `rd.game` is '' and `score(rd.game, ...)` raised "no game given"."""
    flower = _tile("f6", 0.0)
    hand_tiles = [_tile(k, 42.0 * (i + 1)) for i, k in enumerate(WIN)]
    from vision.recognizer import HandReading

    reading = HandReading([flower, *hand_tiles], (1000, 400), "", "hk-mahjong", scored_as="tokyo-mahjong")
    hand = reading.scorable()
    assert hand.game == "tokyo-mahjong" and list(hand.tiles) == WIN and hand.left_out == ("f6",)
    assert hand.score(win="tsumo").winning
    assert reading.game == ""  # the reading's own game stays the set's (none)


def test_scorable_of_a_reading_of_no_game_says_so_clearly():
    hand = _reading(game="", tileset="my-set").scorable()
    assert hand.game == "" and list(hand.tiles) == WIN
    with pytest.raises(TilelensInputError, match="my-set") as caught:
        hand.score()
    assert "game=" in str(caught.value) and caught.value.message_ja
    assert _reading(game="", tileset="my-set").scorable("tokyo-mahjong").score(win="tsumo").winning  # named


def test_the_cli_and_the_library_give_the_same_hand_of_a_real_tile_set_photo(capsys, monkeypatch):
    """hk-3.jpg read with the Hong Kong set (of no game): a flower left out, a stray box off the row left out."""
    from vision import read_hand

    monkeypatch.setenv("TILELENS_LANG", "en")
    reading = read_hand(str(HK_3), tileset="hk-mahjong")
    assert reading.game == "" and reading.scored_as == "tokyo-mahjong"
    hand = reading.scorable()
    assert tilelens(["read", str(HK_3), "--tileset", "hk-mahjong", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["images"][0]
    assert hand.args == entry["score_args"] and hand.game == "tokyo-mahjong"
    assert list(hand.off_row) == [i for i, t in enumerate(entry["tiles"]) if t["off_row"]]
    assert scorer.score(hand.game, hand.tiles, win="tsumo").game == "tokyo-mahjong"  # no "no game given"


def test_recognizer_says_the_game_a_tile_set_is_scored_as():
    from vision import Recognizer

    assert Recognizer.load(tileset="hk-mahjong").scored_as == "tokyo-mahjong"


# 3. load's words: the library's parameters, the CLI's flags -------------------------------------------------------

@pytest.mark.parametrize("kwargs", [{}])
def test_load_names_its_parameters_not_the_cli_flags(kwargs):
    from vision import Recognizer

    with pytest.raises(TilelensInputError) as caught:
        Recognizer.load(**kwargs)
    said = str(caught.value)
    assert "game=" in said and "tileset=" in said and "--game" not in said and "--tileset" not in said, said
    assert caught.value.message_ja and "game=" in caught.value.message_ja


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_read_with_an_empty_game_names_the_flags(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.setenv("TILELENS_LANG", lang)
    photo = tmp_path / "p.jpg"
    photo.write_bytes(b"")  # never opened: the reader is set up first
    assert tilelens(["read", str(photo), "--game", ""]) == 2
    err = capsys.readouterr().err
    assert "--game" in err and "--tileset" in err and "game=" not in err and "Traceback" not in err, err
    assert ("ゲーム" in err) == (lang == "ja"), err


# 4. reuse: the cache holds every shipped reader; one recognizer shared across threads -----------------------------

def test_read_hand_caches_a_reader_for_every_shipped_game_and_tile_set():
    from scorer.catalog import list_games
    from vision import read_hand
    from vision.detector import default_models_dir

    shipped = len(list_games()) + len([d for d in (default_models_dir() / "tilesets").iterdir() if d.is_dir()])
    assert read_hand.cache_info().maxsize >= shipped
    assert callable(read_hand.cache_clear)


def test_one_recognizer_shared_across_threads_reads_as_it_does_alone():
    from vision import Recognizer

    rec = Recognizer.load(tileset="hk-mahjong", threads=1)
    alone = rec.read(str(HK_3))
    with ThreadPoolExecutor(3) as pool:
        together = list(pool.map(lambda _: rec.read(str(HK_3)), range(3)))
    assert all(r.kinds == alone.kinds and r.scorable() == alone.scorable() for r in together)
    assert "thread" in Recognizer.__doc__ and "executor" in Recognizer.read.__doc__
