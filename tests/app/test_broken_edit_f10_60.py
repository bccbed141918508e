"""A saved house-table edit left broken by hand (session 60, walk W2): each Save keeps a copy of the text it saved in
``history/`` (bounded), so the last edit that worked can be brought back from the Rules page beside "Restore the
shipped default"; the Ledger page's way out names the Rules page's button."""
import pytest

from app_helpers import open_page, texts

from app import settings
from app.components.i18n import STRINGS
from scorer import GameFileError

GAME = "yokai-watch"


def _good() -> str:
    text = settings.shipped_path(GAME).read_text(encoding="utf-8")
    assert "points = 100" in text
    return text.replace("points = 100", "points = 120", 1)


def _break_by_hand() -> None:
    """The edit in use edited in place by hand, an unclosed ``[table`` (as W2's organiser left it)."""
    edit = settings.edited_path(GAME)
    text = edit.read_text(encoding="utf-8")
    assert "\n[table]\n" in text
    edit.write_text(text.replace("\n[table]\n", "\n[table\n", 1), encoding="utf-8")
    with pytest.raises(GameFileError, match="not valid TOML"):
        settings.app_game(GAME)


def _kept() -> list[str]:
    history = settings.history_dir(GAME)
    return sorted(p.name for p in history.glob("*.toml")) if history.is_dir() else []


def test_a_save_keeps_the_text_it_saved_in_history(home):
    settings.save_house_table(GAME, _good())
    (kept,) = settings.history_dir(GAME).glob("*.toml")
    assert kept.read_text(encoding="utf-8") == _good()
    assert kept.name[:8].isdigit() and kept.name[8] == "-"  # dated, as a Restore names what it moves aside
    settings.save_house_table(GAME, _good().replace("points = 120", "points = 130", 1))
    texts_kept = [p.read_text(encoding="utf-8") for p in settings.history_dir(GAME).glob("*.toml")]
    assert sorted("points = 130" in t for t in texts_kept) == [False, True]  # each text once, not the old twice


def test_the_last_edit_that_worked_comes_back(home):
    settings.save_house_table(GAME, _good())
    _break_by_hand()
    assert settings.last_working_edit(GAME) is not None
    settings.back_to_last_working(GAME)
    assert settings.app_game(GAME).source == str(settings.edited_path(GAME))
    assert settings.game_text(GAME) == _good()
    broken = [p for p in settings.history_dir(GAME).glob("*.toml") if "\n[table\n" in p.read_text(encoding="utf-8")]
    assert len(broken) == 1  # the broken one kept too, not deleted


def test_no_way_back_without_an_edit_that_worked(home):
    folder = settings.house_dir(GAME)
    folder.mkdir(parents=True)
    (folder / "abc.toml").write_text(_good().replace("\n[table]\n", "\n[table\n", 1), encoding="utf-8")
    assert settings.last_working_edit(GAME) is None


def test_history_is_bounded(home):
    for n in range(settings.HISTORY_KEEP + 3):
        settings.save_house_table(GAME, _good().replace("points = 120", f"points = {130 + 10 * n}", 1))
    kept = _kept()
    assert len(kept) == settings.HISTORY_KEEP
    newest = max(settings.history_dir(GAME).glob("*.toml"), key=lambda p: p.name)
    assert f"points = {130 + 10 * (settings.HISTORY_KEEP + 2)}" in newest.read_text(encoding="utf-8")
    assert not [p for p in settings.history_dir(GAME).glob(".*.shipped")
                if not p.with_name(p.name[1:].replace(".shipped", ".toml")).exists()]  # no record left of none


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_goes_back_to_the_last_edit_that_worked(home, lang):
    settings.save_house_table(GAME, _good())
    _break_by_hand()
    at = open_page("rules", GAME, lang)
    back = at.button(key="rules_back")
    assert back.label == STRINGS["back_to_working"][0 if lang == "ja" else 1]
    assert "20" in texts(at) or "20" in (back.help or "")  # how many are kept, said
    back.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert at.success and settings.game_text(GAME) == _good()
    assert "120" in texts(at)  # the page draws the table again


def test_the_rules_page_offers_no_way_back_without_one(home):
    folder = settings.house_dir(GAME)
    folder.mkdir(parents=True)
    (folder / "abc.toml").write_text(_good().replace("\n[table]\n", "\n[table\n", 1), encoding="utf-8")
    at = open_page("rules", GAME)
    assert not [b for b in at.button if b.key == "rules_back"]
    assert not at.button(key="rules_reset").disabled


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_ledger_page_names_the_rules_pages_button(home, lang):
    settings.save_house_table(GAME, _good())
    _break_by_hand()
    at = open_page("ledger", GAME, lang)
    said = texts(at)
    button = STRINGS["reset_table"][0 if lang == "ja" else 1]
    assert button in said, said


@pytest.mark.parametrize("key", ['"持ち点"', "持ち点"])
def test_a_japanese_key_in_table_names_the_key_it_means(home, key):
    """[table]'s keys are the ledger's: a key in Japanese listed all sixteen of them, with no pointer."""
    text = settings.shipped_path("tokyo-mahjong").read_text(encoding="utf-8")
    assert "honba = true  #" in text
    with pytest.raises(GameFileError) as caught:
        settings.save_house_table("tokyo-mahjong", text.replace("honba = true  #", f"{key} = 30000\nhonba = true  #", 1))
    assert "did you mean start_points (持ち点)? keys are written in English" in str(caught.value), str(caught.value)
    assert "start_points (持ち点) のことですか? キーは英語で書きます" in caught.value.message_ja, caught.value.message_ja
    assert "calls" not in str(caught.value)  # not every key listed
    assert settings.edited_path("tokyo-mahjong") is None


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_ledger_list_says_once_why_a_game_is_named_as_shipped(home, lang, monkeypatch, capsys):
    """`ledger list` named the matches of a game whose edit is broken "yokai-watch" and never said why; it names
    them by the game as shipped since 2026-12-06, as the app does."""
    from tilelens import cli
    from tilelens.ledger import Ledger

    monkeypatch.setenv("TILELENS_LANG", lang)
    ledger = Ledger(home / "ledger.sqlite")
    for _ in range(2):
        ledger.new_match(GAME, ["A", "B", "C", "D"])
    settings.save_house_table(GAME, _good())
    _break_by_hand()
    assert cli.main(["ledger", "list"]) == 0
    out, err = capsys.readouterr()
    assert out.count("  Yokai Watch Donjara  " if lang == "en" else "  妖怪ウォッチ ドンジャラ  ") == 2, out
    said = "Rules and yaku" if lang == "en" else "ルールと役"
    assert err.count(said) == 1 and err.count("\n") == 1, err
    assert err.startswith("tilelens ledger: ") and ("not valid TOML" in err or "TOML の書き方" in err), err
