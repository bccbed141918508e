"""A club's own game added in the app from a rules file (README: "games are data"): added on the Rules page,
saved in the user's folder, offered on every page's picker by its own name, edited, reset and removed; the
pickers name a game as its table in use names it."""
import json
import re

from app_helpers import open_page, texts

from app import settings
from scorer import list_games


def club_text(game_id: str = "club", name_en: str = "Club Donjara", name_ja: str = "クラブドンジャラ") -> str:
    """A small club edition: the shipped Nogizaka file with its id, names and tile ids changed."""
    text = settings.shipped_path("nogizaka").read_text(encoding="utf-8")
    text = re.sub(r'^id = "([a-z-]+)"$', r'id = "c-\1"', text, flags=re.M)  # every tile's id
    text = text.replace('id = "c-nogizaka"', f'id = "{game_id}"', 1)
    text = text.replace('name_en = "Nogizaka Donjara (fan-made)"', f'name_en = "{name_en}"', 1)
    return text.replace('name_ja = "乃木坂ドンジャラ"', f'name_ja = "{name_ja}"', 1)


def add_by_paste(text: str, lang: str = "en"):
    at = open_page("rules", "nogizaka", lang)
    at.text_area(key="rules_add_text").set_value(text).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_pasted_game_is_added_saved_apart_and_offered_by_its_name(home):
    at = add_by_paste(club_text())
    assert "Club Donjara" in texts(at)
    saved = settings.added_path("club")
    assert saved == home / "home" / "games" / "_added" / "club.toml" and saved.is_file()
    assert settings.games() == list_games() + ["club"]
    assert at.selectbox(key="game_id").value == "club"  # the page shows the game just added
    assert settings.edited_path("club") is None  # not an edit of it: the file as added
    for page in ("score_manual", "score_photo", "ledger", "rules"):
        other = open_page(page, "club")
        assert "Club Donjara" in other.selectbox(key="game_id").options, page
    ja = open_page("score_manual", "club", "ja")
    assert "クラブドンジャラ" in ja.selectbox(key="game_id").options


def test_an_added_game_scores_by_hand(home):
    add_by_paste(club_text())
    manual = open_page("score_manual", "club")
    for tile in ["c-rarin"] * 3 + ["c-miona"] * 3 + ["c-kotoko"] * 3:
        manual.button(key=f"manual_add_{tile}").click().run()
    assert not manual.exception, [e.value for e in manual.exception]
    assert manual.success and "60" in manual.success[0].value


def test_an_uploaded_file_adds_the_game(home):
    at = open_page("rules", "nogizaka")
    at.file_uploader(key="rules_add_file_0").set_value(("club.toml", club_text().encode(), "application/toml")).run()
    at.button(key="rules_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "club" in settings.games() and settings.added_path("club").is_file()


def test_a_bad_file_is_refused_as_the_editor_refuses_it_and_nothing_is_saved(home):
    at = add_by_paste('id = "club"\nthis is not toml')
    assert len(at.error) == 1 and "Not added" in at.error[0].value and "TOML" in at.error[0].value
    assert "check-" not in at.error[0].value  # the text is named, not the throw-away file it was checked in
    assert settings.games() == list_games()
    at = add_by_paste(club_text().replace("hand_size = 9", "hand_size = 0"))
    assert len(at.error) == 1 and "hand_size" in at.error[0].value
    assert settings.games() == list_games()


def test_an_id_clashing_with_a_shipped_or_added_game_is_refused(home):
    at = add_by_paste(club_text(game_id="nogizaka"))
    assert len(at.error) == 1 and "'nogizaka'" in at.error[0].value and "another id" in at.error[0].value
    add_by_paste(club_text())
    at = add_by_paste(club_text(name_en="Club Donjara 2"))
    assert len(at.error) == 1 and "'club'" in at.error[0].value and "already" in at.error[0].value
    assert "Club Donjara 2" not in settings.added_path("club").read_text(encoding="utf-8")
    at = add_by_paste(club_text(game_id="My Club"))  # a folder's name: letters, digits and -
    assert len(at.error) == 1 and "'My Club'" in at.error[0].value
    assert settings.games() == list_games() + ["club"]


def test_an_added_game_is_edited_reset_and_removed(home):
    at = add_by_paste(club_text())
    key = "rules_text_club"
    at.text_area(key=key).set_value(at.text_area(key=key).value.replace("points = 60", "points = 90", 1)).run()
    at.button(key="rules_save").click().run()
    assert not at.error, [e.value for e in at.error]
    assert settings.edited_path("club") is not None and 90 in list(at.table[0].value["Value"])
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("club") is None and 90 not in list(at.table[0].value["Value"])
    at.button(key="rules_remove").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert settings.games() == list_games() and not (home / "home" / "games" / "club").exists()
    assert settings.added_path("club") is None
    assert at.selectbox(key="game_id").value in list_games()
    assert "Club Donjara" in texts(at)  # said what was removed
    # and nothing lost: the club's file and its edits moved aside, where the page says
    kept = list((home / "home" / "games" / "_removed").glob("club-*"))
    assert len(kept) == 1 and (kept[0] / "club.toml").read_text(encoding="utf-8") == club_text()
    assert "games/_removed/" + kept[0].name in texts(at)  # said from the home folder (~/...), short on a phone


def test_a_shipped_game_has_no_remove_button(home):
    at = open_page("rules", "nogizaka")
    assert not [b for b in at.button if b.key == "rules_remove"]


def test_pickers_name_a_game_as_its_edited_table_does(home):
    text = settings.game_text("nogizaka").replace('name_en = "Nogizaka Donjara (fan-made)"',
                                                   'name_en = "Our Nogizaka"', 1)
    settings.save_house_table("nogizaka", text)
    at = open_page("score_manual", "nogizaka")
    assert "Our Nogizaka" in at.selectbox(key="game_id").options
    assert "Nogizaka Donjara (fan-made)" not in at.selectbox(key="game_id").options
    assert settings.game_label("nogizaka", "en") == "Our Nogizaka"
    assert settings.game_label("nogizaka", "ja") == "乃木坂ドンジャラ"


def test_the_label_page_names_a_game_as_its_edited_table_does(home, tmp_path, monkeypatch):
    from PIL import Image

    text = settings.game_text("nogizaka").replace('name_en = "Nogizaka Donjara (fan-made)"',
                                                   'name_en = "Our Nogizaka"', 1)
    settings.save_house_table("nogizaka", text)
    Image.new("RGB", (100, 80), (200, 200, 200)).save(tmp_path / "x.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("label", lang="en")
    options = at.selectbox(key="label_init_game").options
    assert "Our Nogizaka" in options and "Nogizaka Donjara (fan-made)" not in options


def test_the_label_page_offers_an_added_game_and_files_its_photos_to_label_by_hand(home, tmp_path, monkeypatch):
    from PIL import Image

    add_by_paste(club_text())
    Image.new("RGB", (100, 80), (200, 200, 200)).save(tmp_path / "x.jpg")
    monkeypatch.setenv("TILELENS_LABEL_DIR", str(tmp_path))
    at = open_page("score_manual", "club")
    at.switch_page("views/label.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="label_init_game").value == "club"  # the game chosen on the other pages
    assert "Club Donjara" in at.selectbox(key="label_init_game").options
    at.button(key="label_init").click().run()  # no model reads its tiles yet: filed, to be labelled by hand
    assert not at.exception, [e.value for e in at.exception]
    assert (tmp_path / "images" / "train" / "x.jpg").is_file()
    data = (tmp_path / "data.yaml").read_text(encoding="utf-8")
    assert "game: club\n" in data and "c-rarin" in data  # the game by its id: found in any copy of the home
    assert at.info and not at.error, [e.value for e in at.error]
    assert "c-rarin" in texts(at) or "C-Rarin" in texts(at) or at.image  # the dataset of the game, open


def test_a_tile_set_taught_for_the_added_game_is_offered_under_it(home, tmp_path, monkeypatch):
    add_by_paste(club_text())
    models = tmp_path / "models"
    monkeypatch.setenv("TILELENS_MODELS", str(models))
    club_file = tmp_path / "club.toml"  # the file the club taught the set for, outside the app's folder
    club_file.write_text(club_text(), encoding="utf-8")
    for name, meta in {"by-file": {"game": str(club_file), "kinds": ["x-1", "x-2"]},
                       "by-id": {"game": "club", "kinds": []},
                       "by-kinds": {"game": "", "kinds": ["c-rarin", "c-miona", "c-kotoko"]},
                       "other": {"game": "nogizaka", "kinds": ["rarin", "miona"]}}.items():
        (models / "tilesets" / name).mkdir(parents=True)
        (models / "tilesets" / name / "tileset.json").write_text(json.dumps({"name": name, **meta}))
    from app.components import resources

    assert sorted(resources.tilesets_for(settings.app_game("club"))) == ["by-file", "by-id", "by-kinds"]
    assert resources.tilesets_for(settings.app_game("nogizaka")) == ["other"]


def test_a_hand_of_an_added_game_is_set_aside_and_named_when_the_game_is_changed(home):
    add_by_paste(club_text())
    manual = open_page("score_manual", "club")
    for tile in ["c-rarin"] * 3 + ["c-miona"] * 3:
        manual.button(key=f"manual_add_{tile}").click().run()
    manual.selectbox(key="game_id").set_value("nogizaka").run()
    assert not manual.exception, [e.value for e in manual.exception]  # was "unknown game 'club'"
    assert "Club Donjara" in texts(manual)
    manual.selectbox(key="game_id").set_value("club").run()
    assert not manual.exception, [e.value for e in manual.exception]
    assert list(manual.session_state["manual_tiles"]) == ["c-rarin"] * 3 + ["c-miona"] * 3  # back


def test_a_match_of_an_added_game_is_kept_on_the_ledger_page(home):
    add_by_paste(club_text())
    at = open_page("ledger", "club")
    at.text_input(key="ledger_names").set_value("Ann, Bo, Cy, Di")
    at.button(key="FormSubmitter:ledger_new-Start the match").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [m.value for m in at.metric][:4] == ["1,000"] * 4
    from tilelens.ledger import Ledger

    assert [m.game_id for m in Ledger(home / "ledger.sqlite").matches()] == ["club"]


def test_teach_says_where_a_set_is_offered_only_where_a_page_offers_its_game(home, tmp_path):
    from types import SimpleNamespace

    from app.components.teach_view import offered

    club_file = tmp_path / "club.toml"
    club_file.write_text(club_text(), encoding="utf-8")
    assert offered(SimpleNamespace(game="nogizaka", tileset=None))
    assert not offered(SimpleNamespace(game=str(club_file), tileset=None))  # a file no page offers
    add_by_paste(club_text())
    assert offered(SimpleNamespace(game=str(settings.added_path("club")), tileset=None))


def test_an_added_game_is_read_by_its_file_on_the_event_and_label_pages(home, monkeypatch):
    """``Recognizer.load(game=FILE)`` reads a game file with a tile set taught for it: an added game's id is
    no game ``load_game`` knows ("unknown game 'club'")."""
    import tilelens.event.reading as reading
    import vision
    from app.components import resources

    add_by_paste(club_text())
    asked = []
    monkeypatch.setattr(reading, "recognizer_reader", lambda game, tileset="": asked.append(game) or object())
    monkeypatch.setattr(vision.Recognizer, "load", classmethod(lambda cls, game=None, tileset=None: asked.append(game)))
    resources._event_reader.clear()
    resources._recognizer.clear()
    resources.event_reader("club")
    resources.recognizer("club")
    assert asked == [str(settings.added_path("club"))] * 2
    resources._event_reader.clear()
    resources._recognizer.clear()
