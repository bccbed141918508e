"""`tilelens score|waits` as typed on a Japanese keyboard, and options that contradict each other."""
import json

from tilelens.cli import main

PAST = ["島村卯月", "shibuya-rin", "honda-mio", "十時愛梨", "神崎蘭子", "高垣楓", "安部菜々", "北条加蓮", "鷺沢文香"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_names_in_one_word_split_at_full_width_spaces_and_japanese_commas(capsys):
    """`"島村卯月　渋谷凛"` (an IME's full-width space) or `"島村卯月、渋谷凛"` was one unknown tile, exit 2."""
    code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", *PAST)
    expected = json.loads(out)
    for typed in (["島村卯月　shibuya-rin　honda-mio", *PAST[3:]], ["島村卯月、shibuya-rin，honda-mio,十時愛梨", *PAST[4:]],
                  ["島村　卯月", *PAST[1:]]):  # a full-width space inside one name still names it
        code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", *typed)
        assert code == 0 and err == "" and json.loads(out) == expected
    code, out, err = run(capsys, "waits", "--game", "nogizaka", "らりん　らりん　らりん", "まりか、まりか、まりか", "みなみ", "みなみ")
    assert code == 0 and out.startswith("minami")


def test_a_name_split_from_others_that_names_no_tile_is_the_one_named(capsys):
    code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "島村卯月、しぶやりんご", *PAST[2:])
    assert code == 2 and out == "" and err == ("tilelens score: unknown tile 'しぶやりんご' for Donjara NEO: THE iDOLM@STER "
                                               "Cinderella Girls (cinderella-neo); its tiles are listed by "
                                               "`tilelens games cinderella-neo`\n")


def test_a_scouted_group_may_be_written_with_japanese_commas(capsys):
    """`--scouted 島村卯月、渋谷凛、本田未央` said "a scouted group holds at least 3 tiles, got 1"."""
    code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json",
                         "--scouted", "島村卯月,shibuya-rin,honda-mio", *PAST)
    expected = json.loads(out)
    for group in ("島村卯月、渋谷凛、本田未央", "島村卯月，渋谷凛，本田未央", "島村 卯月, 渋谷凛, 本田未央"):
        code, out, err = run(capsys, "score", "--game", "cinderella-neo", "--riichi", "--json", "--scouted", group, *PAST)
        assert code == 0 and err == "" and json.loads(out) == expected


def test_riichi_tiles_and_lists_may_be_separated_by_commas(capsys):
    """`234m,456p,...`, `東、東、白、白、白`, `--dora 3z,4z` and `--melds "pon:777z, chi:123m"` were refused."""
    code, out, _ = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m",
                       "--dora", "4z", "3z", "--json")
    expected = json.loads(out)
    for argv in (["234m,456p,789s,11z,555z"], ["234m456p789s", "東、東、白、白、白"], ["２３４ｍ，４５６ｐ　789s11z555z"]):
        code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", *argv, "--win-tile", "4m", "--dora", "4z,3z",
                             "--json")
        assert code == 0 and err == "" and json.loads(out)["points"] == expected["points"], argv
    code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", "--melds", "pon:555z、chi:123m", "234m", "456p",
                         "11z", "--win-tile", "4m", "--json")
    assert code == 0 and [g["label"] for g in json.loads(out)["decomposition"]][:2] == ["pon", "chi"]
    code, out, err = run(capsys, "waits", "--game", "tokyo-mahjong", "2345678m，123p，567s", "--riichi", "--json")
    assert code == 0 and [w["tile"] for w in json.loads(out)["waits"]] == ["2m", "5m", "8m"]


def test_a_discarder_on_a_tsumo_is_a_contradiction(capsys):
    """`--win tsumo --discarder east` was scored as a tsumo, the discarder silently dropped."""
    code, out, err = run(capsys, "score", "--game", "tokyo-mahjong", "234m456p789s11z555z", "--win-tile", "4m",
                         "--win", "tsumo", "--discarder", "east", "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--discarder east with --win tsumo" in err


def test_waits_line_their_names_up_as_a_terminal_shows_them(capsys, monkeypatch):
    """Japanese names were padded as if each character took one column: a long one pushed the yaku out of line."""
    from scorer.cli import columns

    monkeypatch.setenv("TILELENS_LANG", "ja")  # the Japanese names (English lists the English ones)
    assert main(["waits", "--game", "nogizaka", *["らりん"] * 3, *["まりか"] * 3, "みなみ", "みなみ"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 3 and any("イエローオールマイティ" in line for line in lines)
    starts = {columns(line[:line.index("基本セット")]) for line in lines}
    assert len(starts) == 1, lines
