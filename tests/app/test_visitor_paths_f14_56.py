"""Session 56 (f14): one way to say a path of the computer running the app (``app.components.visitor``:
``said_path``, ``said_in``, ``path_help``). The laptop is told a path short (from ``~`` or ``$TILELENS_HOME``), or
whole where a page names it so; a phone (a visitor from the network) as it names it (a dataset's name), from ``~`` or
``$TILELENS_HOME``, else by its own name alone: never a folder of the laptop. The Rules page told a phone the box's
game file whole (``/work/main/scorer/games/nogizaka.toml``) where it could not be read. The Label page shows a phone a
problem without the command that fixes it (``tilelens.labelling.checks.phone_text``)."""
from __future__ import annotations

from pathlib import Path

import pytest

import label_phone_helpers as label_phone
from app_helpers import open_page, texts
from label_phone_helpers import dataset as _dataset, from_address as _from_address

network = label_phone.network
laptop = label_phone.laptop


@pytest.fixture
def places(tmp_path, monkeypatch):
    """A user's home folder (``~``), and the folders the cases name: ``user`` and ``data`` (``TILELENS_HOME`` set
    outside ``~``, or under it for ``tilde``)."""
    user = tmp_path / "user"
    user.mkdir()
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.delenv("TILELENS_SHARED_FOLDERS", raising=False)
    monkeypatch.delenv("TILELENS_VISITOR", raising=False)
    return tmp_path, user


# where (TILELENS_HOME under ~ or not), the path, the laptop's short form, its whole form, what a phone is told
CASES = {
    "under ~": ("tilde", "{user}/notes/club.toml", "~/notes/club.toml", "{user}/notes/club.toml", "~/notes/club.toml"),
    "under $TILELENS_HOME": ("data", "{data}/games/_added/club.toml", "$TILELENS_HOME/games/_added/club.toml",
                             "{data}/games/_added/club.toml", "$TILELENS_HOME/games/_added/club.toml"),
    "a dataset": ("data", "{data}/datasets/club-photos", "$TILELENS_HOME/datasets/club-photos",
                  "{data}/datasets/club-photos", "club-photos"),
    "elsewhere": ("data", "/srv/tilelens/scorer/games/nogizaka.toml", "/srv/tilelens/scorer/games/nogizaka.toml",
                  "/srv/tilelens/scorer/games/nogizaka.toml", "nogizaka.toml"),
    "relative": ("data", "games/club.toml", "games/club.toml", "games/club.toml", "games/club.toml"),
}


def _setup(places, monkeypatch, where: str, who: str) -> dict[str, str]:
    tmp, user = places
    data = user / ".tilelens" if where == "tilde" else tmp / "data"
    monkeypatch.setenv("TILELENS_HOME", str(data))
    (data / "datasets" / "club-photos").mkdir(parents=True)
    if who == "network":
        monkeypatch.setenv("TILELENS_VISITOR", "network")
    return {"user": str(user), "data": str(data)}


@pytest.mark.parametrize("who", ["laptop", "network"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_path_is_said_short_to_the_laptop_and_never_by_its_folders_to_a_phone(places, monkeypatch, case, who):
    from app.components.visitor import path_help, said_path

    where, path, short, whole, phone = CASES[case]
    named = _setup(places, monkeypatch, where, who)
    path = path.format(**named)
    if who == "laptop":
        assert said_path(path) == short.format(**named)
        assert said_path(Path(path), whole=True) == whole.format(**named)
        assert path_help(path) == path
    else:
        assert said_path(path) == said_path(path, whole=True) == phone
        assert path_help(path) is None
        if Path(path).is_absolute():
            assert named["user"] not in said_path(path) and "/srv" not in said_path(path)


@pytest.mark.parametrize("who", ["laptop", "network"])
def test_paths_in_a_text_are_said_each_the_longest_first(places, monkeypatch, who):
    from app.components.visitor import said_in

    named = _setup(places, monkeypatch, "data", who)
    root = f"{named['data']}/datasets/club-photos"
    game = "/srv/tilelens/scorer/games/nogizaka.toml"
    text = f"{root}/data.yaml names {game}; see {root}."
    said = said_in(text, root, f"{root}/data.yaml", game, None)
    if who == "laptop":
        assert said == ("$TILELENS_HOME/datasets/club-photos/data.yaml names /srv/tilelens/scorer/games/nogizaka.toml; "
                        "see $TILELENS_HOME/datasets/club-photos.")
        assert said_in(text, root, game, whole=True) == text
    else:
        assert said == "club-photos/data.yaml names nogizaka.toml; see club-photos."
        assert said_in(text, root, game, whole=True) == "club-photos/data.yaml names nogizaka.toml; see club-photos."
    assert said_in("nothing named", root) == "nothing named"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_page_names_a_table_it_cannot_read_by_its_name_to_a_phone(network, monkeypatch, lang):
    """The box's file (no edit of it in the app's folder) saved by hand in another encoding: the phone was told the
    laptop's whole path to it."""
    from app import settings

    def shift_jis(game_id):
        raise UnicodeDecodeError("utf-8", b"\x82\xa0", 0, 1, "invalid start byte")

    monkeypatch.setattr(settings, "game_text", shift_jis)
    source = settings.game_source("nogizaka")
    assert source.is_absolute() and not str(source).startswith(str(settings.home_dir()))
    at = open_page("rules", "nogizaka", lang)
    said = [e.value for e in at.error]
    assert said and any("nogizaka.toml" in e for e in said), said
    assert str(source.parent) not in texts(at), said


def test_the_rules_page_names_a_table_it_cannot_read_whole_on_the_laptop(laptop, monkeypatch):
    from app import settings

    def shift_jis(game_id):
        raise UnicodeDecodeError("utf-8", b"\x82\xa0", 0, 1, "invalid start byte")

    monkeypatch.setattr(settings, "game_text", shift_jis)
    at = open_page("rules", "nogizaka", "en")
    assert any(str(settings.game_source("nogizaka")) in e.value for e in at.error), [e.value for e in at.error]


def _absent_in_use() -> Path:
    """A dataset whose photo a.jpg has a box of 1m, marked absent from the set."""
    from tilelens.labelling.kinds import set_absent

    root = _dataset()
    set_absent(root, ["1m"])
    return root


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_phone_is_told_a_problem_without_its_command(network, lang):
    _absent_in_use()
    at = _from_address(lang, dataset="club-photos")
    said = [w.value for w in at.warning]
    absent = [w for w in said if ("marked absent" in w if lang == "en" else "このセットにない種類にした牌" in w)]
    assert absent, said
    assert not any("tilelens label" in w or "On the command line" in w or "コマンドでは" in w for w in absent), absent


def test_the_laptop_is_told_the_command_too(laptop):
    root = _absent_in_use()
    at = _from_address("en", dataset=str(root))
    absent = [w.value for w in at.warning if "marked absent" in w.value]
    assert absent and all("tilelens label kinds" in w and "--present 1m" in w for w in absent), absent
