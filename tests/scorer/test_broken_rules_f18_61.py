"""Session 61, F18 (walk W6: the shipped game files broken 416 ways). Each refusal was one line, nothing lost, but:
a full-width value typed on a Japanese keyboard (``points = ３０００``) was "Invalid value" and, in Japanese, told to
write it in quotes (then refused as no whole number); English passed tomllib's words through ("Cannot overwrite a
value", "Cannot declare ('deal',) twice") where the Japanese explained; a value of the wrong type was "must be str";
a ``[riichi] noten_total`` that does not split evenly was played, paying less; a riichi amount had no cap; the shipped
text with a BOM in front was saved as a house table; a link to nowhere was "does not exist"; and a house file edited
by hand past the app's 256 KB was played."""
import re
from pathlib import Path

import pytest

from scorer import GameFileError, load_game
from scorer.catalog import GAMES_DIR
from scorer.result import _toml_ja, toml_words, type_words
from scorer.riichi_rules import rules_for
from scorer.rules import MAX_AMOUNT, donjara_rules

NOGIZAKA = (GAMES_DIR / "nogizaka.toml").read_text(encoding="utf-8")
TOKYO = (GAMES_DIR / "tokyo-mahjong.toml").read_text(encoding="utf-8")
WIDE = str.maketrans("0123456789", "０１２３４５６７８９")
# tomllib's own words, which a message no longer passes through in English
TOMLLIB_WORDS = ("Invalid value", "Invalid statement", "Cannot overwrite", "Cannot declare", "namespace",
                 "Expected newline", "key/value pair", "Invalid initial character", ",)")


def _refused(tmp_path: Path, text: str) -> GameFileError:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        game = load_game(path, strict=True)
        rules_for(game) if game.engine == "riichi" else donjara_rules(game)
    exc = info.value
    assert str(exc).count("\n") == 0 and exc.message_ja.count("\n") == 0
    return exc


def _sub(text: str, pattern: str, new) -> str:
    edited, n = re.subn(pattern, new, text, count=1, flags=re.M)
    assert n == 1, pattern
    return edited


# --- 1. full-width characters named, the quotes hint only for a bare word ------------------------------------------

def test_a_full_width_number_is_said_with_its_half_width_form(tmp_path):
    digits = re.search(r"^points = (\d+)", NOGIZAKA, re.M)[1]
    wide = digits.translate(WIDE)
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^points = \d+", f"points = {wide}"))
    assert f"full-width {wide}: write {digits}" in str(exc), str(exc)
    assert f"全角の「{wide}」は半角で {digits} と書きます" in exc.message_ja, exc.message_ja
    assert '"..." で囲みます' not in exc.message_ja and "quotes" not in str(exc)
    assert not [w for w in TOMLLIB_WORDS if w in str(exc)], str(exc)


@pytest.mark.parametrize("old, new, en, ja", [
    (r"^hand_size = ", "hand_size ＝ ", "full-width ＝: write =", "全角の「＝」は半角で = と書きます"),
    (r"^hand_size = ", "hand_size\u3000= ", "a full-width space: write a plain space", "全角スペースは半角スペースにします"),
    (r'^name_en = "([^"]*)"', "name_en = “\\1”", 'curly quotes “ ”: write "', "「“ ”」は半角の \" で書きます"),
    (r"^hand_size = \d+", "hand_size = ９", "full-width ９: write 9", "全角の「９」は半角で 9 と書きます"),
], ids=["equals", "ideographic-space", "curly-quotes", "digit"])
def test_each_full_width_slip_is_named(tmp_path, old, new, en, ja):
    exc = _refused(tmp_path, _sub(NOGIZAKA, old, new))
    assert en in str(exc), str(exc)
    assert ja in exc.message_ja, exc.message_ja
    assert "(at line" in str(exc) and "行目" in exc.message_ja


def test_a_bare_word_is_still_told_to_be_quoted(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^name_en = \"[^\"]*\"", "name_en = Nogizaka"))
    assert 'a string is written in quotes: "..."' in str(exc), str(exc)
    assert '文字列は "..." で囲みます' in exc.message_ja, exc.message_ja


def test_a_value_left_out_is_said_so_not_told_to_quote(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^hand_size = \d+", "hand_size ="))
    assert "no value after =" in str(exc) and "quotes" not in str(exc), str(exc)
    assert "= のあとに値がありません" in exc.message_ja and '"..."' not in exc.message_ja, exc.message_ja


def test_a_full_width_character_inside_a_string_is_no_slip(tmp_path):
    """A string may hold full-width letters: only what is written outside quotes is named."""
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^hand_size = \d+", 'hand_size = 9 "ＡＢＣ"'))
    assert "full-width" not in str(exc) and "全角" not in exc.message_ja, str(exc)


# --- 2. English explains as the Japanese does, naming the key; no tuple --------------------------------------------

def test_a_key_written_twice_is_named_in_both_languages(tmp_path):
    exc = _refused(tmp_path, _sub(NOGIZAKA, r"^(hand_size = \d+)\n", "\\1\n\\1\n"))
    assert "the key hand_size is written twice" in str(exc) and "(at line" in str(exc), str(exc)
    assert "同じキーを2回書いています: hand_size" in exc.message_ja, exc.message_ja
    assert not [w for w in TOMLLIB_WORDS if w in str(exc)], str(exc)


def test_a_table_declared_twice_is_named_without_a_tuple(tmp_path):
    exc = _refused(tmp_path, NOGIZAKA + "\n[deal]\ndealer = 9\n")
    assert "[deal] is written twice" in str(exc), str(exc)
    assert "[deal] を2回書いています" in exc.message_ja, exc.message_ja
    assert "('deal',)" not in str(exc) + exc.message_ja


@pytest.mark.parametrize("text", [
    'id = "x"\nid = "y"\n',                       # Cannot overwrite a value
    '[a]\nb = 1\n[a]\nc = 2\n',                    # Cannot declare ('a',) twice
    'a = { b = 1 }\n[a.c]\nd = 1\n',               # Cannot mutate immutable namespace
    'a = 1 2\n',                                   # Expected newline or end of document after a statement
    'a = what\n',                                  # Invalid value
    '= 1\n',                                       # Invalid statement
    'a.= 1\n',                                     # Invalid initial character for a key part
    'a b = 1\n',                                   # Expected '=' after a key in a key/value pair
    'a = [1, 2\n',                                 # Unclosed array
])
def test_no_toml_parser_jargon_is_passed_through_in_english(tmp_path, text):
    exc = _refused(tmp_path, text)
    assert "not valid TOML: " in str(exc)
    assert not [w for w in TOMLLIB_WORDS if w in str(exc)], str(exc)
    assert "TOML の書き方が正しくありません" in exc.message_ja and "`" not in exc.message_ja, exc.message_ja


def test_every_explained_toml_problem_has_both_languages():
    for detail in ("Cannot overwrite a value", "Cannot declare ('a', 'b') twice", "Invalid value",
                   "Cannot mutate immutable namespace ('a',)", "Cannot redefine namespace ('a', 'b')",
                   "Expected newline or end of document after a statement", "Invalid statement",
                   "Duplicate inline table key 'colour'"):
        en, ja = toml_words(detail)
        assert en != detail and ja and "`" not in ja, (detail, en, ja)
        assert ",)" not in en + ja and "('" not in en + ja, (en, ja)
    assert _toml_ja("Cannot declare ('a', 'b') twice") == toml_words("Cannot declare ('a', 'b') twice")[1]
    assert "[a.b]" in toml_words("Cannot declare ('a', 'b') twice")[0]


# --- 3. a value of the wrong type is "text in quotes", not "str" ---------------------------------------------------

def test_a_string_field_is_said_as_text_in_quotes(tmp_path):
    assert type_words(str) == "text in quotes"
    exc = _refused(tmp_path, _sub(NOGIZAKA, r'^name_ja = "[^"]*"', "name_ja = 123"))
    assert "field name_ja: must be text in quotes (got 123)" in str(exc), str(exc)
    assert "項目 name_ja: 文字列にしてください (いま 123)" in exc.message_ja, exc.message_ja


# --- 4. [riichi] noten_total that does not split evenly ------------------------------------------------------------

def _without(text: str, key: str) -> str:
    return _sub(text, rf"^{key} = .*\n", "")


def test_a_noten_total_that_does_not_split_evenly_is_refused(tmp_path):
    exc = _refused(tmp_path, _sub(TOKYO, r"^noten_total = 3000", "noten_total = 1000"))
    assert "field riichi.noten_total: must be a multiple of 12" in str(exc), str(exc)
    assert "333" in str(exc) and "(got 1000)" in str(exc), str(exc)
    assert "riichi.noten_total" in exc.message_ja and "12 の倍数" in exc.message_ja, exc.message_ja
    assert "(いま 1000)" in exc.message_ja and "割り切れない" not in exc.message_ja


@pytest.mark.parametrize("players, total, ok", [(4, 3000, True), (4, 0, True), (4, 1200, True), (4, 2000, False),
                                                (4, 3006, False), (3, 1000, True), (3, 2000, True), (3, 1001, False),
                                                (2, 999, True)])
def test_noten_total_splits_by_the_tables_seats(tmp_path, players, total, ok):
    text = _without(_without(TOKYO, "noten_total"), "players")
    text = _sub(text, r"^\[riichi\]\n", f"[riichi]\nplayers = {players}\nnoten_total = {total}\n")
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    if ok:
        assert rules_for(load_game(path)).noten_total == total
    else:
        with pytest.raises(GameFileError, match=r"riichi\.noten_total: must be a multiple of"):
            rules_for(load_game(path, strict=True))


# --- 5. riichi amounts capped as Donjara's are --------------------------------------------------------------------

@pytest.mark.parametrize("key", ["honba_ron", "honba_tsumo_each", "riichi_stick", "starting_points"])
def test_a_riichi_amount_beyond_the_cap_is_refused(tmp_path, key):
    exc = _refused(tmp_path, _sub(_without(TOKYO, key), r"^\[riichi\]\n", f"[riichi]\n{key} = 9000000000000000000\n"))
    assert f"field riichi.{key}: must be at most {MAX_AMOUNT} (got 9000000000000000000)" in str(exc), str(exc)
    assert f"{MAX_AMOUNT} 以下にしてください (いま 9000000000000000000)" in exc.message_ja, exc.message_ja


def test_the_cap_itself_is_allowed(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(_sub(_without(TOKYO, "honba_ron"), r"^\[riichi\]\n", f"[riichi]\nhonba_ron = {MAX_AMOUNT}\n"),
                    encoding="utf-8")
    assert rules_for(load_game(path)).honba_ron == MAX_AMOUNT


def test_one_cap_for_both_engines():
    import scorer.riichi_rules as riichi_rules

    assert riichi_rules.MAX_AMOUNT is MAX_AMOUNT


# --- 6. the shipped text with a BOM in front is the shipped text ---------------------------------------------------

def test_a_bom_is_no_difference():
    from tilelens.home import same_text

    assert same_text("\ufeff" + NOGIZAKA, NOGIZAKA)
    assert same_text("\ufeff" + NOGIZAKA.replace("\n", "\r\n"), NOGIZAKA)
    assert not same_text("\ufeff" + NOGIZAKA, NOGIZAKA.replace("hand_size = 9", "hand_size = 8"))


# --- 7. a link that leads nowhere ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["loop", "dangling"])
def test_a_link_to_no_file_is_said_as_a_link(tmp_path, capsys, kind):
    from tilelens.cli import main

    link = tmp_path / "house.toml"
    target = link if kind == "loop" else tmp_path / "gone.toml"
    link.symlink_to(target)
    with pytest.raises(GameFileError) as info:
        load_game(link)
    said = f"is a link to {target}, which is no file: put the file back, or remove the link"
    assert said in str(info.value) and "does not exist" not in str(info.value), str(info.value)
    assert f"{target} へのリンクですが、その先にファイルがありません" in info.value.message_ja
    code = main(["score", "--game", str(link), "a", "b"])
    err = capsys.readouterr().err
    assert code == 2 and said in err and err.count("\n") == 1, err


# --- 8. a house file edited by hand past the app's limit -----------------------------------------------------------

def test_a_house_file_grown_past_the_limit_by_hand_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("TILELENS_HOME", str(tmp_path / "home"))
    from app import settings

    game = "nogizaka"
    settings.save_house_table(game, NOGIZAKA.replace("hand_size = 9", "hand_size = 9  # ours", 1))
    edit = settings.edited_path(game)
    with edit.open("a", encoding="utf-8") as file:
        file.write("# " + "y" * (settings.MAX_ADDED_BYTES + 10) + "\n")
    with pytest.raises(GameFileError) as info:
        settings.app_game(game)
    limit = settings.MAX_ADDED_BYTES // 1024
    assert f"a game's table in the app is at most {limit} KB" in str(info.value), str(info.value)
    assert edit.name in str(info.value)
    assert f"{limit} KB までです" in info.value.message_ja, info.value.message_ja


# --- 9. a Donjara file without [payout], [win] or [deal] takes the defaults SCHEMA.md says --------------------------

def test_missing_rule_tables_take_the_documented_defaults(tmp_path):
    schema = (GAMES_DIR / "SCHEMA.md").read_text(encoding="utf-8")
    assert "A Donjara file without `[payout]`, `[win]` or `[deal]`" in schema
    text = NOGIZAKA
    for table in ("payout", "win", "deal"):
        text = re.sub(rf"^\[{table}\]\n(?:[^\[\n][^\n]*\n|\n)*", "", text, count=1, flags=re.M)
    assert not re.search(r"^\[(payout|win|deal)\]", text, re.M)
    path = tmp_path / "plain.toml"
    path.write_text(text, encoding="utf-8")
    game = load_game(path)
    rules = donjara_rules(game)
    assert game.deal_sizes == (game.hand_size, game.hand_size)
    assert (rules.payout.rounding, rules.payout.round_to, rules.payout.favourite_multiplier,
            rules.payout.riichi_chip) == ("remainder", 1, 1, 0)
    assert (rules.win.riichi_required, rules.win.dealt_tenpai_exempt, rules.win.ron_on_almighty,
            rules.win.players_default, rules.win.players_min, rules.win.players_max) == (True, False, True, 4, 2, 4)
