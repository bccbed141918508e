"""``tilelens read`` in Japanese: ``TILELENS_LANG=ja`` (or a Japanese locale, ``scorer.result.cli_lang``) makes its
text (the tiles with their Japanese names, confidences, notes, melds, the winning reading) and its one-line
errors Japanese; the English text is as it was, and ``--json`` and ``--kinds`` are the same bytes in both."""
from __future__ import annotations

import io
import json
import re
import sys
from dataclasses import dataclass
from types import SimpleNamespace as NS

import pytest

from tilelens.cli import main as tilelens

ALL_NOTES = ("colourless", "palette", "animated", "two_hands")
# The words of the English text; none may be left in the Japanese one.
ENGLISH = ("tiles", " kind ", " det ", "xyxy", "kinds:", "note:", "called melds", "set apart", "score the rest",
           "does not win", "wins if", "is not a tile", "sure)", "these tiles", "is the game right", "turned",
           "photographed", "suit=", "rank=", "red=", "=no(", "back", "colour", "animation", "two hands")


@dataclass
class Reading:
    """What ``format_reading`` reads of a ``HandReading``, every part chosen (melds and a winning reading too)."""

    tiles: list
    game: str = "tokyo-mahjong"
    turned: int = 0
    other_game: bool = False
    melds: tuple = ()
    found: object = None

    @property
    def kinds(self):
        return [t.kind for t in self.tiles if not t.is_back]

    def called_melds(self):
        return self.melds

    def winning_reading(self):
        return self.found


def _tile(i, kind, p=0.95):
    from vision.recognizer import ReadTile

    attrs = {"suit": kind[1], "rank": kind[0], "red": "no"}
    conf = {"detection": 0.875, "kind": p, **{k: 0.9 for k in attrs}}
    return ReadTile((10.0 * i, 5, 10.0 * i + 9.4, 20.6), kind, attrs, conf, False, ((kind, p),))


def _every_line(game="tokyo-mahjong"):
    """A back, 16 tiles turned round, of another game's look, a pon laid apart, and a win if two tiles change."""
    from vision.recognizer import ReadTile

    kinds = "1m 2m 3m 4p 6p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z".split()
    tiles = [ReadTile((0.0, 0, 8, 12), "back", {}, {"detection": 0.9}, True)]
    tiles += [_tile(i + 1, k) for i, k in enumerate(kinds)]
    found = NS(tiles="1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z".split(),
               changes=[NS(index=5, read="6p", becomes="5p", probability=0.3),
                        NS(index=3, read="3m", becomes=None, probability=0.8)])
    return Reading(tiles, game, turned=2, other_game=True, melds=(NS(spec="pon:777z", indices=(14, 15, 16)),),
                   found=found)


def _plain(turned):
    return Reading([_tile(i, k) for i, k in enumerate("1m 0p 5z".split())], turned=turned)


# ``format_reading(..., _every_line(), ALL_NOTES)`` as the English-only code wrote it (before Japanese came), less
# the wrong-game line: held back since session 49 where a grey or palette note says the colours are unreliable.
EVERY_LINE_EN = """\
hand.jpg: 17 tiles, read turned round (photographed from across the table)
   1 back               kind 1.00  det 0.90  xyxy 0,0,8,12
   2 1m                 kind 0.95  det 0.88  xyxy 10,5,19,21  suit=m(0.90) rank=1(0.90) red=no(0.90)
   3 2m                 kind 0.95  det 0.88  xyxy 20,5,29,21  suit=m(0.90) rank=2(0.90) red=no(0.90)
   4 3m                 kind 0.95  det 0.88  xyxy 30,5,39,21  suit=m(0.90) rank=3(0.90) red=no(0.90)
   5 4p                 kind 0.95  det 0.88  xyxy 40,5,49,21  suit=p(0.90) rank=4(0.90) red=no(0.90)
   6 6p                 kind 0.95  det 0.88  xyxy 50,5,59,21  suit=p(0.90) rank=6(0.90) red=no(0.90)
   7 6p                 kind 0.95  det 0.88  xyxy 60,5,69,21  suit=p(0.90) rank=6(0.90) red=no(0.90)
   8 7s                 kind 0.95  det 0.88  xyxy 70,5,79,21  suit=s(0.90) rank=7(0.90) red=no(0.90)
   9 8s                 kind 0.95  det 0.88  xyxy 80,5,89,21  suit=s(0.90) rank=8(0.90) red=no(0.90)
  10 9s                 kind 0.95  det 0.88  xyxy 90,5,99,21  suit=s(0.90) rank=9(0.90) red=no(0.90)
  11 1z                 kind 0.95  det 0.88  xyxy 100,5,109,21  suit=z(0.90) rank=1(0.90) red=no(0.90)
  12 1z                 kind 0.95  det 0.88  xyxy 110,5,119,21  suit=z(0.90) rank=1(0.90) red=no(0.90)
  13 5z                 kind 0.95  det 0.88  xyxy 120,5,129,21  suit=z(0.90) rank=5(0.90) red=no(0.90)
  14 5z                 kind 0.95  det 0.88  xyxy 130,5,139,21  suit=z(0.90) rank=5(0.90) red=no(0.90)
  15 7z                 kind 0.95  det 0.88  xyxy 140,5,149,21  suit=z(0.90) rank=7(0.90) red=no(0.90)
  16 7z                 kind 0.95  det 0.88  xyxy 150,5,159,21  suit=z(0.90) rank=7(0.90) red=no(0.90)
  17 7z                 kind 0.95  det 0.88  xyxy 160,5,169,21  suit=z(0.90) rank=7(0.90) red=no(0.90)
  kinds: 1m 2m 3m 4p 6p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z
  note: the photo has no colour (grey): tiles are told apart partly by colour (red fives, the green dragon, \
red-inked characters), so many may be misread: photograph in colour
  note: the photo is stored in 256 colours or fewer (a GIF or palette PNG): small colour marks such as a red \
five's may be lost and tiles misread: the camera's own photo reads better
  note: an animation: only its first frame is read
  note: two hands may be in this photo (more tiles than a hand, in two groups apart), read as one: photograph one hand
  called melds (set apart from the hand): pon:777z (tiles 15, 16, 17); score the rest with --melds pon:777z
  does not win as read; it wins if tile 6 6p is 5p (0.30), tile 4 (3m, box 0.20 sure) is not a tile: \
1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z"""


def test_the_english_text_is_as_before():
    from vision.read_cli import format_reading

    assert format_reading("hand.jpg", _every_line(), ALL_NOTES) == EVERY_LINE_EN
    assert format_reading("h.jpg", _plain(1)).startswith(
        "h.jpg: 3 tiles, read turned a quarter anticlockwise (photographed from the side)\n"
        "   1 1m                 kind 0.95  det 0.88  xyxy 0,5,9,21  suit=m(0.90) rank=1(0.90) red=no(0.90)\n")
    assert format_reading("h.jpg", _plain(3)).splitlines()[0] == \
        "h.jpg: 3 tiles, read turned a quarter clockwise (photographed from the side)"
    assert format_reading("h.jpg", _plain(0)).endswith("\n  kinds: 1m 0p 5z")


def test_every_line_in_japanese_with_the_tiles_japanese_names():
    from vision.read_cli import format_reading

    text = format_reading("hand.jpg", _every_line(), ALL_NOTES, lang="ja")
    lines = text.splitlines()
    assert lines[0] == "hand.jpg: 17枚、180度回して読みました (向かい側から撮った写真)"
    assert lines[1].startswith("   1 裏向き") and "検出 0.90" in lines[1] and "位置 0,0,8,12" in lines[1]
    assert re.match(r"   2 一萬 \(1m\) +牌種 0\.95  検出 0\.88  位置 10,5,19,21  種類=萬子\(0\.90\) 数=1\(0\.90\) "
                    r"赤=なし\(0\.90\)$", lines[2]), lines[2]
    assert "白 (5z)" in text and "中 (7z)" in text and "東 (1z)" in text
    from scorer.cli import columns

    assert len({columns(line[:line.index("牌種")]) for line in lines[1:18]}) == 1  # lined up (CJK: two columns)
    assert "  牌: 1m 2m 3m 4p 6p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z" in lines  # ids: they chain into score
    assert "この写真の牌は「東京麻雀」の牌に見えません" not in text  # held back: the colours are unreliable (grey, palette)
    other = format_reading("hand.jpg", _every_line(), ("animated", "two_hands"), lang="ja")
    assert "この写真の牌は「東京麻雀」の牌に見えません" in other and "tilelens enroll" in other
    assert sum(line.startswith("  注意: ") for line in lines) == 4 and "白黒" in text and "256色" in text
    assert "鳴いた面子 (手牌から離して置かれた牌): pon:777z (15、16、17枚目)。残りは --melds pon:777z" in text
    assert "6枚目の六筒が五筒 (0.30)、4枚目 (三萬、枠の信頼度 0.20) が牌でない" in text
    assert lines[-1].endswith(": 1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 5z 5z 7z 7z 7z") and "上がり" in lines[-1]
    for word in ENGLISH:
        assert word not in text, word
    assert format_reading("h.jpg", _plain(1), lang="ja").startswith("h.jpg: 3枚、反時計回りに90度")
    assert format_reading("h.jpg", _plain(3), lang="ja").startswith("h.jpg: 3枚、時計回りに90度")


def test_a_donjara_tile_is_named_and_a_tile_set_of_no_game_keeps_its_ids():
    from vision.read_cli import format_reading
    from vision.recognizer import ReadTile

    idol = ReadTile((0.0, 0, 9, 9), "shimamura-uzuki", {"type": "cute", "tiara": "no"},
                    {"detection": 0.9, "kind": 0.8, "type": 0.7, "tiara": 0.6}, False)
    text = format_reading("c.jpg", Reading([idol], "cinderella-neo"), lang="ja")
    assert "島村卯月 (shimamura-uzuki)" in text and "タイプ=キュート(0.70)" in text and "ティアラ=なし(0.60)" in text
    hk = format_reading("hk.jpg", Reading([_tile(0, "1m")], ""), lang="ja")  # no game: no names, ids as read
    assert "   1 1m " in hk and "種類=萬子" in hk


def _synth(tmp_path, capsys):
    photo = tmp_path / "hand.jpg"
    assert tilelens(["synth", "--game", "tokyo-mahjong", "--hand", "234m456p789s11z55z", "--out", str(photo),
                     "--seed", "3"]) == 0
    capsys.readouterr()
    return str(photo)


def test_a_photo_read_in_japanese(tmp_path, cli_env, capsys):
    photo = _synth(tmp_path, capsys)
    cli_env(TILELENS_LANG="ja")
    assert tilelens(["read", "--game", "tokyo-mahjong", photo]) == 0
    out, err = capsys.readouterr()
    assert err == "" and re.match(re.escape(photo) + r": \d+枚\n", out), out
    assert "二萬 (2m)" in out and "白 (5z)" in out and "牌種" in out and "検出" in out and "  牌: 2m 3m 4m" in out
    for word in ENGLISH:
        assert word not in out, word
    cli_env(TILELENS_LANG="", LANG="ja_JP.UTF-8")  # a Japanese locale alone
    assert tilelens(["read", "--game", "tokyo-mahjong", photo]) == 0
    assert capsys.readouterr().out == out


@pytest.mark.parametrize("flag", ["--json", "--kinds"])
def test_json_and_kinds_are_the_same_bytes_in_both_languages(tmp_path, cli_env, capsys, flag):
    photo = _synth(tmp_path, capsys)
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a photo")
    argv = ["read", "--game", "tokyo-mahjong", photo, str(bad), flag]
    cli_env(TILELENS_LANG="en")
    assert tilelens(argv) == 2
    english = capsys.readouterr().out
    cli_env(TILELENS_LANG="ja")
    assert tilelens(argv) == 2
    japanese, err = capsys.readouterr()
    assert japanese == english and "2m" in english and "写真ではありません" in err
    if flag == "--json":
        assert "not an image" in json.loads(japanese)["images"][1]["error"]  # JSON stays English


def test_read_errors_in_japanese(tmp_path, cli_env, monkeypatch, capsys):
    cli_env(TILELENS_LANG="ja")
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"not a photo")
    assert tilelens(["read", "--game", "tokyo-mahjong", str(bad)]) == 2
    assert capsys.readouterr().err == f"tilelens read: {bad}: 写真ではありません。形式が不明か、対応していない形式です。\n"
    assert tilelens(["read", "-", "-", "--game", "tokyo-mahjong"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilelens read: 標準入力は1回しか読めません") and "standard input" not in err

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    assert tilelens(["read", "-", "--game", "tokyo-mahjong", "--kinds"]) == 2
    out, err = capsys.readouterr()
    assert out == "\n" and err.startswith("tilelens read: 標準入力: パイプで") and "nothing is piped" not in err
