"""Session 55 (f25, re-walk r1): ``screen_words._strip`` takes a file's name out whole before the hyphenated ids, so a
photo named ``hand-1.jpg`` on a Japanese screen leaves no "jpg" to be flagged as English (the hyphen rule took
"hand-1" and left ".jpg")."""
from __future__ import annotations

import pytest
from screen_words import english_words


@pytest.mark.parametrize("text", ["写真 hand-1.jpg を読みました。", "hand-1.JPG", "table-3/seat-2.heic を読めません。",
                                  "データセット yokai-watch-photos の IMG-0001.jpeg"])
def test_a_file_name_with_a_hyphen_is_no_english_word(text):
    assert english_words(text) == [], english_words(text)


def test_an_english_word_beside_it_is_still_found():
    assert english_words("hand-1.jpg was read") == ["was", "read"]
