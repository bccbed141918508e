"""Session 52's re-walk of the Event check page: report folders' own names refused as table names, a table checked
again under a taken name with other photos warned of and its old report kept aside, a refused check still showing
the event, a file that is no photo said once and refused up front (an unreadable "photo" a finding of the checked
table, as the command line has it), Players back to the event's default at Next table."""
from __future__ import annotations


import pytest

from app_helpers import open_page, texts
from event_page_helpers import other_photos_under_a_taken_name
import test_event_page_51 as session_51
from test_event_page_51 import NAME, _check, _out, _upload


@pytest.fixture
def photos(monkeypatch, tmp_path):
    """Session 51's two tables' photos (a clean one, one not in order), read by the exact reader."""
    return session_51.photos.__wrapped__(monkeypatch, tmp_path)


@pytest.fixture
def idol_photos(monkeypatch, tmp_path):
    """Two Cinderella Girls tables' photos as session 51's (a clean one, ``support.IDOLS``; one not in order: seat 1's
    first idol dealt again at seat 3), read by the exact reader: a game played by 2 to 4, where Nogizaka is of four
    only (the Players picker offers it 4 alone)."""
    from app.components import resources

    reader = session_51.support.ExactReader()
    monkeypatch.setattr(resources, "event_reader", lambda game_id, tileset="": reader)
    clean = {str(s + 1): hand for s, hand in enumerate(session_51.support.IDOLS)}
    surplus = dict(clean, **{"3": clean["3"][:-1] + [clean["1"][0]]})
    return {table: {seat: session_51._textured(reader, tmp_path / f"idols-{table}{seat}.png", kinds,
                                               seed=100 + 10 * n + int(seat)) for seat, kinds in hands.items()}
            for n, (table, hands) in enumerate((("clean", clean), ("surplus", surplus)))}


def _upload_named(at, seats: dict[str, tuple[str, bytes]]) -> None:
    for seat in "1234":
        up = next((u for u in at.get("file_uploader") if u.key == f"event_seat_{seat}"
                   or u.key.startswith(f"event_seat_{seat}_g")), None)
        if up is None:  # no such seat at a table of fewer players
            continue
        up.set_value((seats[seat][0], seats[seat][1], "image/jpeg") if seat in seats else None)
    at.run()


@pytest.mark.parametrize("name", ["thumbs", "_report", "crops"])
def test_a_report_folders_own_names_are_refused_as_table_names(home, photos, name):
    at = open_page("event_check", game="nogizaka")
    _upload(at, photos["clean"])
    at.text_input(key=NAME).set_value(name).run()
    _check(at)
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and name in errors[0], errors
    assert "event_checked" not in at.session_state


@pytest.mark.parametrize("lang, warned, kept", [("en", "other photos", "was moved aside into"), ("ja", "別の写真", "に移しました")])
def test_checking_other_photos_under_a_taken_name_warns_and_keeps_the_old_report(home, photos, lang, warned, kept):
    at = open_page("event_check", game="nogizaka", lang=lang)
    first, out = other_photos_under_a_taken_name(at, photos)  # another table, one photo of it again
    warnings = [w.value for w in at.warning]
    assert any(warned in w and first in w for w in warnings), warnings  # said before Check, as a warning
    _check(at)
    aside = list((out / ".removed").glob(f"{first}*/report.json"))
    assert aside, "the old report was lost"  # recoverable, as Remove a table keeps it
    assert kept in texts(at), texts(at)


def test_checking_the_same_photos_again_under_their_name_is_not_warned(home, photos):
    at = open_page("event_check", game="nogizaka")
    _upload(at, photos["clean"])
    _check(at)
    _check(at)
    assert not [w.value for w in at.warning]
    assert not (_out(at) / ".removed").exists()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refused_check_still_shows_the_event(home, photos, lang):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload_named(at, {"1": ("a.png", photos["surplus"]["1"]), "4": ("notes.txt", b"hello")})
    _check(at)
    assert len(at.error) == 1, [e.value for e in at.error]
    keys = [b.key for b in at.button]
    assert "event_remove" in keys, keys
    assert any(d.value.shape[0] == 1 for d in at.dataframe)  # the event's table list


@pytest.mark.parametrize("lang, said", [("en", "not a photo file (JPEG, PNG, HEIC"), ("ja", "写真のファイルではありません (JPEG")])
def test_a_file_that_is_no_photo_is_said_once_without_the_suffix_list(home, photos, lang, said):
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload_named(at, {**{s: (f"seat{s}.png", photos["clean"][s]) for s in "123"}, "4": ("notes.txt", b"hello")})
    _check(at)
    shown = [str(e.value) for e in (*at.error, *at.warning, *at.caption, *at.markdown)]
    said_of = [t for t in shown if "notes.txt" in t]
    assert len(said_of) == 1 and said in said_of[0], said_of
    assert "`jpg" not in said_of[0] and "webp" not in said_of[0]
    assert "event_checked" not in at.session_state


@pytest.mark.parametrize("name, data", [("empty.jpg", b""), ("text_as.jpg", b"just some text\n" * 20),
                                        ("fake.heic", b"not a heic file at all")])
def test_an_unreadable_photo_is_a_finding_of_the_checked_table(home, photos, name, data):
    at = open_page("event_check", game="nogizaka")
    _upload_named(at, {**{s: (f"seat{s}.png", photos["clean"][s]) for s in "123"}, "4": (name, data)})
    _check(at)
    errors = [t for t in texts(at).splitlines() if name in t]
    assert errors and all(f"Seat 4: photo {name} cannot be read" in e for e in errors), errors
    assert "event_checked" in at.session_state


def test_players_go_back_to_the_default_at_next_table(home, idol_photos):
    """Cinderella Girls: played by 2 to 4, 4 the default (Nogizaka is of four only)."""
    at = open_page("event_check", game="cinderella-neo")
    at.selectbox(key="event_players").set_value(3).run()
    _upload_named(at, {s: (f"seat{s}.png", idol_photos["clean"][s]) for s in "123"})
    _check(at)
    at.button(key="event_next").click().run()
    assert at.selectbox(key="event_players").value == 4


@pytest.mark.parametrize("lang, said", [("en", "is the same file as seat 3 at table-01"), ("ja", "と同じファイルです")])
def test_one_photo_file_at_two_tables_is_said_to_be_the_same_file(home, photos, lang, said):
    """As ``tilelens check`` says it, not "looks like the same photo ... only resized, recompressed or cropped"."""
    at = open_page("event_check", game="nogizaka", lang=lang)
    _upload(at, photos["clean"])
    _check(at)
    at.button(key="event_next").click().run()
    _upload(at, dict(photos["surplus"], **{"3": photos["clean"]["3"]}))
    _check(at)
    assert said in texts(at), texts(at)
    assert "resized" not in texts(at) and "大きさ・圧縮" not in texts(at)
