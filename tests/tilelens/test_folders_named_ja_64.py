"""Lists of folders and files in the event layout's messages are cut after a few names, then say how many more:
in Japanese that count is Japanese too (「ほか2個」), not the English "and 2 more" inside a Japanese sentence; the
English messages are unchanged."""
from __future__ import annotations

from pathlib import Path

import pytest

from tilelens.event.layout import EventInputError, read_table_folder, scan_event, some_named


def _table(parent: Path, name: str, photo: str = "seat1-dealer.jpg") -> Path:
    d = parent / name
    d.mkdir(parents=True)
    (d / photo).write_bytes(name.encode())
    return d


def _english_free(ja: str) -> None:
    assert " more" not in ja and " and " not in ja, ja


def test_some_named_says_the_rest_in_each_language():
    assert some_named(["a", "b", "c", "d", "e"], 3, unit_ja="個") == ("a, b, c and 2 more", "a、b、c ほか2個")
    assert some_named(["a.jpg", "b.jpg"], 3) == ("a.jpg, b.jpg", "a.jpg、b.jpg")
    assert some_named([f"{i}.jpg" for i in range(1012)], 10)[0].endswith(" and 1,002 more")


def test_table_folders_beside_loose_photos_are_counted_in_japanese(tmp_path):
    for n in range(1, 6):
        _table(tmp_path, f"table-0{n}")
    for photo in ("seat1-dealer.jpg", "seat2.jpg", "seat3.jpg", "seat4.jpg"):
        (tmp_path / photo).write_bytes(photo.encode())
    with pytest.raises(EventInputError) as said:
        scan_event(tmp_path)
    assert str(said.value) == (f"{tmp_path} holds both table folders (table-01, table-02, table-03 and 2 more) and "
                               f"photos of its own (seat1-dealer.jpg, seat2.jpg, seat3.jpg and 1 more): move each "
                               f"photo into its table's folder, or out of the event folder")
    ja = said.value.message_ja
    assert "卓のフォルダ (table-01、table-02、table-03 ほか2個)" in ja, ja
    assert "フォルダに入っていない写真 (seat1-dealer.jpg、seat2.jpg、seat3.jpg ほか1枚)" in ja, ja
    _english_free(ja)


def test_only_compressed_files_are_counted_in_japanese(tmp_path):
    for n in range(1, 6):
        (tmp_path / f"table-0{n}.zip").write_bytes(b"PK")
    with pytest.raises(EventInputError) as said:
        scan_event(tmp_path)
    assert str(said.value) == (f"{tmp_path} holds no table folder, only compressed files (table-01.zip, "
                               f"table-02.zip, table-03.zip and 2 more): unzip them first")
    assert "圧縮ファイル (table-01.zip、table-02.zip、table-03.zip ほか2個)" in said.value.message_ja
    _english_free(said.value.message_ja)


def test_folders_of_days_are_counted_in_japanese(tmp_path):
    for day in ("day1", "day2", "day3", "day4"):
        for t in ("t1", "t2", "t3", "t4", "t5"):
            _table(tmp_path / day, t)
    with pytest.raises(EventInputError) as said:
        scan_event(tmp_path)
    assert f"but day1, day2, day3 and 1 more hold table folders (t1, t2, t3 and 2 more): give each of them on its " \
           f"own to the check (tilelens check {tmp_path / 'day1'})" in str(said.value)
    ja = said.value.message_ja
    assert "day1、day2、day3 ほか1個 の中にそれぞれ卓のフォルダ (t1、t2、t3 ほか2個) があります" in ja, ja
    _english_free(ja)


def test_tables_inside_a_table_are_counted_in_japanese(tmp_path):
    day = tmp_path / "day2"
    for n in range(11, 16):
        _table(day, f"table-{n}")
    (first, *_) = read_table_folder(day).problems
    assert first.message.startswith("day2 is no table: its folders table-11, table-12, table-13 and 2 more hold a "
                                    "table's photos, not checked: move them into the event folder"), first.message
    assert "中のフォルダ table-11、table-12、table-13 ほか2個 に卓の写真があり" in first.message_ja, first.message_ja
    _english_free(first.message_ja)


def test_a_table_with_its_photos_in_folders_is_counted_in_japanese(tmp_path):
    t5 = tmp_path / "table-05"
    for sub in ("a", "b", "c", "d"):
        _table(t5, sub)
    (first, *_) = read_table_folder(t5).problems
    assert first.message == ("table-05 holds no photo of its own, but its folder a, b, c and 1 more holds seat "
                             "photos: a table's photos go in the table's own folder")
    assert "中のフォルダ a、b、c ほか1個 に席の写真があります" in first.message_ja, first.message_ja
    _english_free(first.message_ja)
