"""Every error a user can meet from the scoring engines and the game files is said in Japanese too: the app's
Japanese screens show an error's ``message_ja`` (``app.components.i18n.error_text``), and the English where
there is none.

Two checks: every place the engines build a hand or option error passes a Japanese message (a new one that
does not fails here), and a list of bad inputs, through the public API, is said in Japanese, not in a mix.
"""
import ast
import re
from pathlib import Path

import pytest

import scorer
from scorer import GameFileError, TilelensInputError, load_game
from scorer.catalog import parse_game
from scorer.riichi import exhaustive_draw
from scorer.riichi_rules import SITUATION_ERRORS, SITUATION_ERRORS_JA, RiichiRules
from scorer.rules import donjara_rules

SCORER = Path(scorer.__file__).parent
# The command lines speak English to a terminal; every other module can reach a screen.
CLI_MODULES = {"cli.py", "riichi_cli.py"}
# Error class -> how many positional arguments reach its Japanese message.
JA_ARGUMENT = {"HandError": 2, "TilelensInputError": 2, "RiichiInputError": 3}

YOKAI_WIN = ["yokai-01"] * 3 + ["yokai-02"] * 3 + ["yokai-03"] * 2 + ["almighty"]
NOGI_WIN = ["rarin"] * 3 + ["miona"] * 3 + ["kotoko", "kotoko", "almighty-god"]
CIN_HAND = ["shimamura-uzuki", "nakano-yuka", "mizumoto-yukari", "shiina-noriko", "mimura-kanako",
            "kohinata-miho", "ogata-chieri", "almighty-cute", "almighty-cool"]
RIICHI_WIN = "234m456p678s22z555z"

# English prose left in a Japanese message: the message is then a mix (ids, values and options may stay).
ENGLISH = re.compile(r"(?<![A-Za-z])(must|is|are|the|not|cannot|has|have|needs?|got|only|does|exist|unknown|expected|"
                     r"more|without|with|should|game file)(?![A-Za-z])", re.IGNORECASE)


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def _ja_given(call: ast.Call, name: str) -> bool:
    if any(isinstance(a, ast.Starred) and isinstance(a.value, ast.Call) and getattr(a.value.func, "id", "") ==
           "count_words" for a in call.args):  # ``scorer.result.count_words``: the English and the Japanese
        return True
    given = [kw.value for kw in call.keywords if kw.arg == "message_ja"]
    if len(call.args) >= JA_ARGUMENT[name]:
        given.append(call.args[JA_ARGUMENT[name] - 1])
    return any(not (isinstance(v, ast.Constant) and v.value == "") for v in given)


def test_every_hand_and_option_error_of_the_engines_carries_japanese():
    missing = []
    for path in sorted(SCORER.glob("*.py")):
        if path.name in CLI_MODULES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in JA_ARGUMENT \
                    and not _ja_given(node, node.func.id):
                missing.append(f"{path.name}:{node.lineno} {node.func.id}")
    assert missing == []


def test_every_situation_error_of_the_riichi_package_is_said_in_japanese():
    assert set(SITUATION_ERRORS) - set(SITUATION_ERRORS_JA) == set()
    assert all(japanese(SITUATION_ERRORS_JA[k]) for k in SITUATION_ERRORS)


def _riichi_table(**table):
    return lambda: RiichiRules.from_table(table, "house.toml")


def _catalog(drop=(), **changes):
    data = {"id": "house", "name_ja": "ハウス", "name_en": "House", "hand_size": 2,
            "tiles": [{"id": "a", "copies": 4}, {"id": "b", "copies": 4}], **changes}
    return lambda: parse_game({k: v for k, v in data.items() if k not in drop}, "house.toml")


ENGINE_ERRORS = {
    # Donjara
    "wrong tile count": lambda: scorer.score("yokai-watch", YOKAI_WIN[:8], riichi=True),
    "waits: wrong tile count": lambda: scorer.waits("yokai-watch", YOKAI_WIN),
    "too many tiles to be from a win": lambda: scorer.tiles_from_win("yokai-watch", YOKAI_WIN + ["yokai-04"]),
    "too many copies": lambda: scorer.score("yokai-watch", ["yokai-01"] * 9),
    "unknown tile": lambda: scorer.score("nogizaka", NOGI_WIN[:8] + ["rarim"]),
    "unknown option": lambda: scorer.score("yokai-watch", YOKAI_WIN, colour="red"),
    "win neither tsumo nor ron": lambda: scorer.score("yokai-watch", YOKAI_WIN, win="draw"),
    "players": lambda: scorer.score("nogizaka", NOGI_WIN, players=3),
    "players in a span": lambda: scorer.score("yokai-watch", YOKAI_WIN, players=5),
    "pot below 0": lambda: scorer.score("yokai-watch", YOKAI_WIN, pot=-10),
    "pot without riichi chips": lambda: scorer.score("cinderella-neo", CIN_HAND, pot=10),
    "pot not of whole chips": lambda: scorer.score("yokai-watch", YOKAI_WIN, pot=15),
    "favourite without the rule": lambda: scorer.score("yokai-watch", YOKAI_WIN, favourite="yokai-01"),
    "favourite an Almighty": lambda: scorer.score("cinderella-neo", CIN_HAND, favourite="almighty-cute"),
    "scouting without the rule": lambda: scorer.score("yokai-watch", YOKAI_WIN, scouted=["yokai-01"] * 3),
    "scouted group too small": lambda: scorer.score("cinderella-neo", CIN_HAND, scouted=["shimamura-uzuki"]),
    "scouted tile not in the hand": lambda: scorer.score(
        "cinderella-neo", CIN_HAND, scouted=[["shimamura-uzuki", "nakano-yuka", "hoshi-shouko"]]),
    "winning tile not in the hand": lambda: scorer.score("yokai-watch", YOKAI_WIN, winning_tile="yokai-09"),
    # riichi
    "riichi: wrong tile count": lambda: scorer.score("tokyo-mahjong", "234m456p678s22z55z"),
    "riichi: wrong tile count with melds": lambda: scorer.score("tokyo-mahjong", "234m456p678s22z",
                                                                melds=["pon:555z"] * 2),
    "riichi: too few to be from a win": lambda: scorer.tiles_from_win("tokyo-mahjong", "123m"),
    "riichi: win neither tsumo nor ron": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, win="draw"),
    "riichi: two winning tiles": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, win_tile="8s8s"),
    "riichi: winning tile not in the hand": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, win_tile="1m"),
    "riichi: red winning tile, plain in the hand": lambda: scorer.score("tokyo-mahjong", "234m456p678s22z555z",
                                                                        win_tile="0p"),
    "riichi: unknown option": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, colour="red"),
    "riichi: players": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, players=5),
    "riichi: seat not at the table": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, players=3, seat="north"),
    "riichi: discarder not at the table": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, players=3,
                                                               discarder="north"),
    "riichi: discarder is the winner": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, seat="south",
                                                            discarder="south"),
    "riichi: not a wind": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, seat="up"),
    "riichi: honba below 0": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, honba=-1),
    "riichi: sticks not a number": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, riichi_sticks="two"),
    "riichi: riichi on an open hand": lambda: scorer.score("tokyo-mahjong", "234m456p678s22z", melds=["pon:555z"],
                                                           riichi=True),
    "riichi: chankan on a tsumo": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, win="tsumo", chankan=True),
    "riichi: tenhou not the dealer": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, win="tsumo", tenhou=True),
    "riichi: tile code out of range": lambda: scorer.score("tokyo-mahjong", [99] * 14),
    "riichi: not a tile": lambda: scorer.score("tokyo-mahjong", [1.5] * 14),
    "riichi: not tile notation": lambda: scorer.score("tokyo-mahjong", "234m456p678s22z558z"),
    "riichi: meld not kind and tiles": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, melds=[("pon",)]),
    "riichi: red beside a five": lambda: scorer.score("tokyo-mahjong", "234m456p678s222z5m red"),
    "riichi: riichi with no stick": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, riichi=True, riichi_sticks=0),
    "riichi: ura dora without riichi": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, ura_dora_indicators="3p"),
    "riichi: too many copies": lambda: scorer.score("tokyo-mahjong", RIICHI_WIN, dora_indicators="5z5z"),
    "draw: players": lambda: exhaustive_draw(["east"], players=5),
    "draw: seat not at the table": lambda: exhaustive_draw(["north"], players=3),
    "draw: not a wind": lambda: exhaustive_draw(["up"]),
    "draw: honba below 0": lambda: exhaustive_draw(["east"], honba=-1),
}

GAME_FILE_ERRORS = {
    "unknown game, a near one": lambda: load_game("nogizak"),
    "unknown game": lambda: load_game("mahjong-soul"),
    "riichi game as Donjara": lambda: donjara_rules(load_game("tokyo-mahjong")),
    "[riichi] not a table": lambda: RiichiRules.from_table(3, "house.toml"),  # type: ignore[arg-type]
    "[riichi] unknown key": _riichi_table(playres=4),
    "[riichi] wrong type": _riichi_table(red_fives=3),
    "[riichi] players": _riichi_table(players=5),
    "[riichi] seat": _riichi_table(default_seat="up"),
    "[riichi] win": _riichi_table(default_win="draw"),
    "[riichi] below 0": _riichi_table(riichi_stick=-1000),
    "[riichi] kazoe": _riichi_table(kazoe_limit="all"),
    "riichi rules out of range": lambda: RiichiRules(players=1),
    "catalog: missing field": _catalog(drop=("hand_size",)),
    "catalog: wrong type": _catalog(hand_size="two"),
    "catalog: below the least": _catalog(tiles=[{"id": "a", "copies": 0}]),
    "catalog: unknown key": _catalog(hand_sise=2),
}


def _said(call):
    with pytest.raises(TilelensInputError) as raised:
        call()
    return raised.value


def _check(exc, strip=""):
    ja = exc.message_ja.replace(strip, "") if strip else exc.message_ja
    assert japanese(ja), f"no Japanese for: {exc}"
    assert not ENGLISH.search(ja), f"English left in {exc.message_ja!r} (for: {exc})"


@pytest.mark.parametrize("case", ENGINE_ERRORS)
def test_engine_errors_are_said_in_japanese(case):
    _check(_said(ENGINE_ERRORS[case]))


@pytest.mark.parametrize("case", GAME_FILE_ERRORS)
def test_game_file_errors_are_said_in_japanese(case):
    exc = _said(GAME_FILE_ERRORS[case])
    assert isinstance(exc, GameFileError)
    _check(exc)


def test_game_files_that_cannot_be_read_are_said_in_japanese(tmp_path, monkeypatch):
    shipped = (Path(scorer.__file__).parent / "games" / "yokai-watch.toml").read_text(encoding="utf-8")
    (tmp_path / "folder.toml").mkdir()
    (tmp_path / "sjis.toml").write_bytes("name_ja = \"妖怪\"\n".encode("shift_jis"))
    (tmp_path / "broken.toml").write_text("id = \n", encoding="utf-8")
    (tmp_path / "locked.toml").write_text(shipped, encoding="utf-8")
    said = [_said(lambda p=p: load_game(tmp_path / p)) for p in ("missing.toml", "folder.toml", "sjis.toml",
                                                                   "broken.toml")]

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", refuse)
    said.append(_said(lambda: load_game(tmp_path / "locked.toml")))
    for exc in said:
        assert isinstance(exc, GameFileError) and str(tmp_path) in exc.message_ja
        _check(exc, strip=str(tmp_path))
