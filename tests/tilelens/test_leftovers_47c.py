"""Leftovers (47c): the event page's findings told as the app tells them (a folder of tables once); the warning
of a data.yaml reading its photos from elsewhere suggests only what works; `train classifier --data --cache` is
refused; a refused ron on an Almighty lists the tsumo's payments it quotes; a riichi chip or a chombo penalty
that no chip can pay is refused when the game file is read."""
from __future__ import annotations

from pathlib import Path

import pytest

# --- 1. the event page: a folder of tables among the tables is one finding, as its line and count say ----------


def test_the_event_page_lists_a_folder_of_tables_once_as_its_count_says(tmp_path):
    from tilelens.event.report import event_html

    inside = {"kind": "missing-seat", "severity": "error", "seats": [], "tiles": [],
              "message": "day2 holds no photo of its own, but a table's folder: table-11", "message_ja": "day2"}
    seats = [{"kind": "missing-seat", "severity": "error", "seats": [s], "tiles": [],
              "message": f"no photo for seat {s}", "message_ja": f"{s}番席の写真がありません"} for s in "1234"]
    event = {"tables": [{"table": "day2", "verdict": "fault", "counts": {"error": 1}, "findings": [inside, *seats]}],
             "skipped": [], "finished": True, "model_version": "m1", "game": "nogizaka", "in_order": False}
    page = event_html(tmp_path, event)
    section = page[page.index('<section id='):]
    assert section.count('class="finding"') == 1, section  # it listed 5 rows: the folder, then each seat
    assert "table-11" in section and "no photo for seat" not in section


# --- 3. the warning of a data.yaml reading another folder's photos ------------------------------------------------

def _copied(tmp_path: Path, names: list[str], game: str | None = None) -> tuple[Path, Path]:
    old, new = tmp_path / "old", tmp_path / "new"
    for d in (old, new):
        (d / "images" / "train").mkdir(parents=True)
        (d / "data.yaml").write_text(f"path: {old}\ntrain: images/train\nval: images/train\nnames: {names}\n"
                                     + (f"game: {game}\n" if game else ""), encoding="utf-8")
    return old, new


def test_the_elsewhere_warning_suggests_no_label_init_that_would_refuse_the_dataset(tmp_path):
    # a Roboflow export's own class names: `label init --game GAME` refuses it, as `label check` knows
    from vision.data_yaml import elsewhere_words

    old, new = _copied(tmp_path, ["tile", "back"])
    english, japanese = elsewhere_words(new / "data.yaml", old)
    assert "label init" not in english and "label init" not in japanese, english
    assert f"set path: to {new}" in english and f"path: を {new}" in japanese


def test_the_elsewhere_warning_suggests_label_init_where_it_would_run(tmp_path):
    from tilelens.labelling.prelabel import class_names
    from vision.data_yaml import elsewhere_words

    old, new = _copied(tmp_path, list(class_names("nogizaka")), game="nogizaka")
    english, japanese = elsewhere_words(new / "data.yaml", old)
    assert f"tilelens label init {new} --game nogizaka" in english, english
    assert f"tilelens label init {new} --game nogizaka" in japanese and "GAME" not in english + japanese


@pytest.mark.parametrize("names, game, init", [(["tile", "back"], None, False), (None, "nogizaka", True)],
                         ids=["own-names", "the-games-tiles"])
def test_a_path_that_is_gone_suggests_label_init_only_where_it_would_run(tmp_path, names, game, init):
    # the same suggestion where path: names a folder gone (a dataset moved): `--game GAME` whatever it held
    from tilelens.labelling.prelabel import class_names
    from vision.cropset import CropDataError, yolo_images

    _, new = _copied(tmp_path, names or list(class_names(game)), game)
    text = (new / "data.yaml").read_text()
    (new / "data.yaml").write_text(text.replace(str(tmp_path / "old"), str(tmp_path / "gone")))
    with pytest.raises(CropDataError) as exc:
        yolo_images(new / "data.yaml")
    said = str(exc.value)
    assert "is no such folder" in said and "set path: to the folder that holds them" in said and "GAME" not in said
    assert (f"`tilelens label init {new} --game {game}`" in said) if init else ("label init" not in said), said


# --- 4. train classifier: --cache with --data ----------------------------------------------------------------

def test_train_classifier_data_with_cache_is_a_usage_error(tmp_path, capsys):
    """--cache (where rendered crops are kept) with --data was ignored: --data renders none."""
    from vision.classifier_train import main

    with pytest.raises(SystemExit) as exc:
        main(["--data", str(tmp_path / "ds"), "--cache", str(tmp_path / "c"), "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.startswith("usage: tilelens train classifier")
    last = err.strip().splitlines()[-1]
    assert "argument --cache:" in last and "--game" in last and "--data" in last and "drop --cache" in last, last
    assert not (tmp_path / "run").exists() and not (tmp_path / "c").exists()


def test_train_classifier_game_still_takes_cache(tmp_path):
    from vision.classifier_train import _parse

    assert _parse(["--game", "nogizaka", "--cache", str(tmp_path)]).cache == tmp_path
    assert _parse(["--game", "nogizaka"]).cache == Path("datasets/generated/classifier")
    assert _parse(["--data", str(tmp_path)]).cache == Path("datasets/generated/classifier")


# --- 5. a refused ron on a discarded Almighty: the payments of the tsumo its reason quotes -------------------------

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03", "yokai-03", "almighty"]


@pytest.mark.parametrize("opts", [{}, {"riichi": True}], ids=["no-riichi", "riichi"])
def test_a_refused_ron_on_an_almighty_lists_the_tsumo_payments_its_reason_quotes(opts):
    from scorer import score

    r = score("yokai-watch", YOKAI_WIN, win="ron", winning_tile="almighty", **opts)
    assert not r.winning and "worth 120 by tsumo" in r.reason
    tsumo = score("yokai-watch", YOKAI_WIN, win="tsumo", winning_tile="almighty", riichi=True)
    want = [{"payer": p.payer, "amount": p.amount, "note": p.note} for p in tsumo.payments]
    assert r.extra["would_be_payments"] == want and len(want) > 1  # it was the discarder alone, paying the ron's 100
    assert sum(p["amount"] for p in r.extra["would_be_payments"]) == 120


def test_a_refused_ron_for_want_of_riichi_still_lists_the_ron_payment():
    from scorer import score

    r = score("yokai-watch", YOKAI_WIN, win="ron")  # no Almighty won on: "with one" (a riichi), still a ron
    assert not r.winning and "with one" in r.reason
    assert len(r.extra["would_be_payments"]) == 1


# --- 6. a riichi chip or a chombo penalty no chip can pay ------------------------------------------------------

HOUSE = Path(__file__).resolve().parents[1] / "scorer" / "data" / "house-fruits.toml"


@pytest.mark.parametrize("field, section, value", [("riichi_chip", "payout", 15), ("penalty", "chombo", 25)])
def test_a_riichi_chip_or_penalty_worth_no_whole_number_of_chips_is_refused(tmp_path, field, section, value):
    from scorer import GameFileError, score

    text = HOUSE.read_text(encoding="utf-8").replace('rounding = "remainder"',
                                                     'rounding = "remainder"\nround_to = 10')
    text = text.replace("penalty = 50", "") if field == "penalty" else text  # the file's own: 50, whole chips
    text = text.replace(f"[{section}]", f"[{section}]\n{field} = {value}", 1)
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as refused:  # its rules are read as it scores
        score(path, ["apple", "apple", "lemon", "lemon", "banana", "banana"], win="ron")
    said = str(refused.value)
    assert f"field {section}.{field}" in said and f"got {value}" in said and "round_to" in said and "10" in said, said
    assert f"項目 {section}.{field}" in refused.value.message_ja and "チップ" in refused.value.message_ja


def test_the_shipped_games_and_whole_chip_values_still_load(tmp_path):
    from scorer import list_games, load_game
    from scorer.rules import donjara_rules

    for g in list_games():
        game = load_game(g)
        if game.engine != "riichi":
            donjara_rules(game)
    text = HOUSE.read_text(encoding="utf-8").replace('rounding = "remainder"',
                                                     'rounding = "remainder"\nround_to = 5\nriichi_chip = 10')
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    assert donjara_rules(load_game(path)).payout.riichi_chip == 10


def test_a_refused_ron_on_an_almighty_is_worth_what_its_reason_says():
    # the app's "Would be worth" line (result.value) said 100, the ron's, under a reason quoting 120 by tsumo
    from scorer import score

    r = score("yokai-watch", YOKAI_WIN, win="ron", winning_tile="almighty")
    assert r.value == 100 and "worth 120 by tsumo at 4 players, 100 by ron on another tile" in r.reason
