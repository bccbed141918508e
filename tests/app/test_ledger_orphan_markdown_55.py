"""A removed club game's name is shown as typed on the ledger page (its Markdown never rendered): the note for a
link naming one of its matches put the name into st.info as Markdown (a link, italics and colour rendered)."""
from app_helpers import open_page
from test_added_game_50 import club_text


def test_a_removed_games_name_in_the_address_note_is_shown_as_typed(home):
    from app import settings
    from tilelens.ledger import Ledger

    settings.add_game(club_text(name_en="Club *Don* [jara](https://example.com) :red[X]"))
    ledger = Ledger(home / "ledger.sqlite")
    match = ledger.new_match(settings.app_game("club"), ["Eve", "Fay", "Gus", "Hal"])
    ledger.add_win(match, 1, "ron", {2: 60})
    settings.remove_game("club")
    at = open_page("ledger", "nogizaka", "en")
    at.query_params["match"] = str(match)
    at.run()
    (said,) = [i.value for i in at.info if f"#{match}" in i.value]
    assert "[jara](https://example.com)" not in said and ":red[X]" not in said, said
    assert "jara" in said
