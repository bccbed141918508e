"""Session 66, G4: the photo page named the game a photo's tiles look like by the shipped table's name, though the
picker above (``settings.game_labels``) names it as its table in use does (an organiser's edit may rename it): "choose
Yokai Watch Donjara as the game above" where the picker offered only "Club Yokai"."""
from dataclasses import replace

import pytest
from app_helpers import synthetic

from app import settings

YOKAI = "yokai-01 yokai-02 yokai-03 yokai-04 yokai-05 yokai-06 yokai-07 yokai-08 yokai-09".split()


@pytest.mark.parametrize("lang, old, new", [("en", "Yokai Watch Donjara", "Club Yokai"),
                                            ("ja", "妖怪ウォッチ ドンジャラ", "クラブ妖怪")])
def test_the_game_the_tiles_look_like_is_named_as_the_picker_names_it(home, page, lang, old, new):
    text = settings.game_text("yokai-watch").replace(f'name_{lang} = "{old}"', f'name_{lang} = "{new}"', 1)
    assert new in text
    settings.save_house_table("yokai-watch", text)
    at = page("score_photo", "nogizaka", lang)
    at.file_uploader(key="photo_upload").set_value(("y.jpg", synthetic("yokai-watch", YOKAI), "image/jpeg")).run()
    assert not at.exception, [e.value for e in at.exception]
    at.session_state["photo_reading"] = replace(at.session_state["photo_reading"], other_game=True,
                                                looks_like="yokai-watch")
    at.run()
    assert new in at.selectbox(key="game_id").options
    said = [w.value for w in at.warning if new in w.value]
    assert said and not [w.value for w in at.warning if old in w.value], [w.value for w in at.warning]
