"""An edit of a game that cannot be read (here a link to no file under $TILELENS_HOME/games/<id>/) was skipped and
the box's table played, on the command line and in the app alike (session 53's fuzz re-walk). The app now refuses
the game as it refuses an edit that does not load: every page's game picker says it in one line, naming the link,
and the Rules page, which asks which file is in use, no longer fails."""
import pytest

from app_helpers import open_page

from app import settings
from scorer import GameFileError


@pytest.fixture
def link(home, tmp_path):
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    path = folder / "e.toml"
    path.symlink_to(tmp_path / "nope.toml")
    return path


def test_the_game_is_refused_naming_the_link(link):
    with pytest.raises(GameFileError, match="is a link to .*nope.toml, which is no file") as caught:
        settings.app_game("nogizaka")
    assert "--shipped-rules" not in str(caught.value)  # the command line's way out, not the app's
    assert "リンク" in caught.value.message_ja
    assert settings.edited_path("nogizaka") is None  # the pages' "which file is in use": none to show


@pytest.mark.parametrize("name", ["rules", "score_manual"])
def test_the_pages_say_it_rather_than_fail(link, name):
    at = open_page(name)
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("games/nogizaka/e.toml" in e.value and "is a link to" in e.value for e in at.error), \
        [e.value for e in at.error]
