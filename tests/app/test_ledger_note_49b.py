"""A draw's and a chombo's note (the app's own words, stored in the language of the screen that recorded them) said
in the reader's language by every reader: the CSV, `tilelens ledger show` and the ledger page alike."""
import csv
import io

from app.components import ledger_view
from app.components.i18n import STRINGS
from tilelens.ledger import Ledger, hand_notes
from tilelens.ledger_cli import show_text


def _match_with_notes(path, draw: str, chombo: str, paid: int = 100, game: str = "nogizaka"):
    ledger = Ledger(path)
    m = ledger.new_match(game, ["A", "B", "C", "D"])
    ledger.add_draw(m, note=draw)
    ledger.add_chombo(m, 1, {0: paid, 2: paid, 3: paid}, note=chombo)
    ledger.add_draw(m, note="Draw, all noten (typed)")  # a note typed by hand: said as stored
    return ledger, m


def test_the_csv_says_a_japanese_phones_draw_and_chombo_notes_in_english(tmp_path):
    """The CSV (English) said "流局" and "チョンボ (罰金 300)" of a match recorded on a Japanese phone."""
    ledger, m = _match_with_notes(tmp_path / "l.sqlite", "流局", "チョンボ (罰金 300)")
    notes = [row["note"] for row in csv.DictReader(io.StringIO(ledger.to_csv(m)))][1:4]
    assert notes == ["Draw", "Penalty 300 points", "Draw, all noten (typed)"], notes  # its unit (51)
    assert [h.note for h in ledger.hands(m)][:2] == ["流局", "チョンボ (罰金 300)"]  # the stored hands as entered


def test_ledger_show_in_japanese_says_an_english_phones_draw_and_chombo_notes_in_japanese(tmp_path):
    ledger, m = _match_with_notes(tmp_path / "l.sqlite", "Draw", "Chombo (penalty 12,000)", paid=4000,
                                   game="tokyo-mahjong")
    hands, state = ledger.hands(m), ledger.state(m)
    assert hand_notes(ledger.match(m).players, hands, state, "ja") == \
        ["流局", "ペナルティ 12,000", "Draw, all noten (typed)"]
    text = show_text(ledger.match(m), hands, state, "ja")
    assert "ペナルティ 12,000点" in text and "Chombo" not in text, text  # with the game's unit (51)


def test_the_reader_knows_the_words_the_app_stores_in_both_languages(tmp_path):
    """The page stores ``t("draw")`` and ``t("chombo_note")`` (app/views/ledger.py): each is read in either
    language as the other (the app's strings and the ledger's reader kept together)."""
    ja_draw, en_draw = STRINGS["draw"]
    ja_chombo, en_chombo = (said.format(penalty="300") for said in STRINGS["chombo_note"])
    for stored_draw, stored_chombo in ((ja_draw, ja_chombo), (en_draw, en_chombo)):
        ledger, m = _match_with_notes(tmp_path / f"{stored_draw}.sqlite", stored_draw, stored_chombo)
        hands, state = ledger.hands(m), ledger.state(m)
        # a chombo's note said as its penalty alone, beside its kind (session 52: not 「チョンボ — チョンボ (…)」)
        assert hand_notes("ABCD", hands, state, "en")[:2] == [en_draw, "Penalty 300"]
        assert hand_notes("ABCD", hands, state, "ja")[:2] == [ja_draw, "ペナルティ 300"]


def test_a_note_that_only_looks_like_the_apps_words_is_said_as_stored(tmp_path):
    """A draw's word on a chombo, a chombo's words with more typed after them: free text, kept."""
    ledger = Ledger(tmp_path / "l.sqlite")
    m = ledger.new_match("nogizaka", ["A", "B", "C", "D"])
    ledger.add_chombo(m, 1, {0: 100, 2: 100, 3: 100}, note="流局")
    ledger.add_draw(m, note="チョンボ (罰金 300)")
    ledger.add_draw(m, note="流局 (B left)")
    assert hand_notes("ABCD", ledger.hands(m), ledger.state(m), "en") == ["流局", "チョンボ (罰金 300)", "流局 (B left)"]


def test_the_ledger_page_reads_notes_with_the_same_reader_as_the_csv():
    """The page translated the draw and chombo notes itself (``_shown_note``), a second reader beside the CSV's."""
    assert not hasattr(ledger_view, "_shown_note")
