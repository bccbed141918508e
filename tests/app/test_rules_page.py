"""The rules page: yaku tables in both languages, house tables marked, validated edits that score at once."""
import pytest
from app_helpers import open_page, texts

from app import settings


def test_yaku_table_in_both_languages(home, page):
    at = page("rules", "cinderella-neo")
    table = at.table[0].value  # one name column: the Japanese name under the English one (session 52, a phone)
    table["Yaku"] = table["Yaku"].str.replace("\u200b", "")  # a name's words told apart (session 53)
    assert "Rehearsal Live Set  \n(リハーサルライブセット)" in set(table["Yaku"])
    assert len(table) >= 10 and table["Yaku"].str.len().min() > 0
    assert dict(zip(table["Yaku"], table["Value (x10,000 fans)"]))["Cinderella Girls  \n(シンデレラガールズ)"] == 60


def test_house_tables_are_marked(home, page):
    at = page("rules", "nogizaka")
    # the organiser's defaults marked as such (not "House table" beside "Official table": session 50)
    assert "Defaults the organiser may change" in texts(at)
    at = page("rules", "tokyo-mahjong")
    assert "Riichi  \n(立直)" in set(at.table[0].value["Yaku"])


def test_invalid_edit_is_refused_with_the_reason_and_nothing_saved(home, page):
    at = page("rules", "nogizaka")
    at.text_area(key="rules_text_nogizaka").set_value('id = "nogizaka"\nthis is not toml').run()
    at.button(key="rules_save").click().run()
    assert "Not saved" in at.error[0].value and "TOML" in at.error[0].value
    assert settings.edited_path("nogizaka") is None


def test_edit_changing_the_id_is_refused(home, page):
    at = page("rules", "nogizaka")
    text = settings.game_text("nogizaka").replace('id = "nogizaka"', 'id = "other"', 1)
    at.text_area(key="rules_text_nogizaka").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert "must stay 'nogizaka'" in at.error[0].value


def test_saved_edit_scores_at_once_and_reset_restores_the_default(home, page):
    at = page("rules", "nogizaka")
    text = settings.game_text("nogizaka").replace("points = 60", "points = 90", 1)
    at.text_area(key="rules_text_nogizaka").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert "it scores at once" in texts(at)
    assert settings.edited_path("nogizaka") is not None
    assert 90 in list(at.table[0].value["Value"])

    manual = open_page("score_manual", "nogizaka")
    for tile in ["rarin"] * 3 + ["miona"] * 3 + ["kotoko"] * 3:
        manual.button(key=f"manual_add_{tile}").click().run()
    assert "90" in manual.success[0].value

    at.button(key="rules_reset").click().run()
    assert settings.edited_path("nogizaka") is None
    assert 60 in list(at.table[0].value["Value"])


def test_table_rules_are_summed_up_from_the_game(home, page):
    body = texts(page("rules", "nogizaka"))
    assert "A win needs a riichi first." in body and "Everyone starts with 1,000 points." in body
    assert "the dealer keeps it only with a riichi" in body
    assert "Everyone starts with 25,000 points." in texts(page("rules", "tokyo-mahjong"))


def test_broken_yaku_table_is_refused_at_save(home, page):
    at = page("rules", "nogizaka")
    text = settings.game_text("nogizaka").replace("points = 60", 'points = "lots"', 1)
    at.text_area(key="rules_text_nogizaka").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert "Not saved" in at.error[0].value and "points" in at.error[0].value
    assert settings.edited_path("nogizaka") is None


def test_broken_table_section_is_refused_at_save(home):
    import pytest

    from scorer import GameFileError

    text = settings.game_text("yokai-watch").replace("[table]", '[table]\nkeep_on_draw = "sometimes"', 1)
    with pytest.raises(GameFileError, match="keep_on_draw"):
        settings.save_house_table("yokai-watch", text)
    assert settings.edited_path("yokai-watch") is None


@pytest.mark.parametrize("line, said", [('start_points = "1000"', "start_points must be a whole number"),
                                        ("laps = 0", "laps must be 1 or more"),
                                        ('ends_at_or_below = "0"', "ends_at_or_below must be a whole number"),
                                        ("honba = 1", "honba must be true or false"),
                                        # every match would end before its first hand ("undo a hand")
                                        ("start_points = 0", "start_points must be 1 or more"),
                                        ("ends_at_or_below = 5000",
                                         "start_points (1000) must be above ends_at_or_below (5000)")])
def test_a_table_value_of_the_wrong_type_is_refused_at_save(home, page, line, said):
    """Saved before, such a value broke the ledger and hand-entry pages for every match started with it."""
    at = page("rules", "yokai-watch")
    at.text_area(key="rules_text_yokai-watch").set_value(
        settings.game_text("yokai-watch").replace("[table]", f"[table]\n{line}", 1)).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and "Not saved" in at.error[0].value and said in at.error[0].value
    assert ".check-" not in at.error[0].value and "the edited rules" in at.error[0].value
    assert settings.edited_path("yokai-watch") is None


def test_yaku_shapes_are_described_in_the_screens_language(home, page):
    at = page("rules", "cinderella-neo", lang="ja")
    shapes = set(at.table[0].value["形"])  # short in the table (session 52): the aside in the yaku's expander
    assert "ステータスセット3つ" in shapes and "any three status sets" not in shapes
    assert any("ステータスセット3つ (基本の上がり)" in m.value for e in at.expander for m in e.markdown)


def test_the_tile_tables_columns_and_values_are_in_the_screens_language(home, page):
    table = page("rules", "cinderella-neo", lang="ja").dataframe[0].value
    assert {"枚数", "タイプ", "ステータス", "ティアラ"} <= set(table.columns) and "copies" not in table.columns
    assert set(table["タイプ"]) >= {"クール", "キュート", "パッション"}
    english = page("rules", "tokyo-mahjong").dataframe[0].value
    assert {"Copies", "Suit", "Rank"} <= set(english.columns) and "bamboo (s)" in set(english["Suit"])


def test_riichi_yaku_show_their_han_closed_and_open(home, page):
    table = page("rules", "tokyo-mahjong").table[0].value
    rows = {name.split("  \n")[0]: (closed, opened)
            for name, closed, opened in zip(table["Yaku"], table["Closed"], table["Open"])}
    assert rows["Honitsu (half flush)"] == ("3 han", "2 han")
    assert rows["Pinfu (all sequences)"] == ("1 han", "—")
    assert rows["Suu Ankou Tanki (single wait)"] == ("double yakuman", "—")
    assert "Nagashi Mangan" not in rows  # a draw's payment, not a hand this scorer scores
    ja = page("rules", "tokyo-mahjong", "ja")
    jrows = dict(zip((n.replace("\u200b", "") for n in ja.table[0].value["役"]), ja.table[0].value["鳴き"]))
    assert jrows["清一色"] == "5翻" and jrows["国士無双"] == "—"
    assert "赤ドラ (萬子・筒子・索子の5に1枚ずつ) は1枚につきドラ1です。" in texts(ja)


@pytest.mark.parametrize("edit, said", [
    (lambda text: text.replace("points = 60", 'points = "sixty"', 1), "項目 yaku[0].points: 整数にしてください (いま 'sixty')"),
    (lambda text: text.replace("hand_size", "hand_sise", 1), "不明なキーです (hand_size のことですか?)"),
    (lambda text: text + "\nthis is not toml\n", "TOML の書き方が正しくありません"),
    (lambda text: text.replace('id = "nogizaka"', 'id = "other"', 1), "id が「other」になっています"),
    (lambda text: text.replace("[table]", "[table]\nlaps = 0", 1), "[table] laps は 1 以上にしてください (いま 0)"),
])
def test_a_refused_edit_is_said_in_japanese_on_a_japanese_screen(home, page, edit, said):
    at = page("rules", "nogizaka", "ja")
    at.text_area(key="rules_text_nogizaka").set_value(edit(settings.game_text("nogizaka"))).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and said in at.error[0].value, at.error[0].value
    assert "must be" not in at.error[0].value and "unknown key" not in at.error[0].value
    assert settings.edited_path("nogizaka") is None


def test_the_yaku_and_tile_tables_are_headed_in_japanese(home, page):
    """The yaku table had columns "local" and "house", the house caption "tiles, yaku", Almighty status "All"."""
    at = page("rules", "yokai-watch", "ja")
    names = [n.replace("\u200b", "") for n in at.table[0].value["役"]]  # a name's words told apart (session 53)
    assert "基本セット (ハウスルール)" in names  # a short mark, no column (session 52: a phone)
    assert "house" not in " ".join(names)
    assert any(c.value.endswith(": 牌の一覧、役") for c in at.caption)
    cg = page("rules", "cinderella-neo", "ja")
    assert "SPライブセットA (ローカル)" in [n.replace("\u200b", "") for n in cg.table[0].value["役"]]
    tiles = cg.dataframe[0].value
    assert "ID" in tiles.columns and "すべて" in set(tiles["ステータス"]) and "All" not in set(tiles["ステータス"])


def test_a_house_table_damaged_on_disk_opens_in_the_editor_and_can_be_reset(home, page):
    """A table edited by hand into bad TOML left the Rules page with no editor and no way back."""
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text('id = "yokai-watch"\n[[tiles\n', encoding="utf-8")
    at = page("rules", "yokai-watch")
    assert not at.exception, [e.value for e in at.exception]
    assert at.error and at.text_area(key="rules_text_yokai-watch").value.startswith('id = "yokai-watch"')
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("yokai-watch") is None
    assert "The shipped default is back." in [s.value for s in at.success]


def test_a_house_table_whose_yaku_no_longer_load_is_one_message_on_every_page(home, page):
    """Its tiles loaded, so pages went on until a hand was scored: a traceback (a table saved by hand)."""
    from app import settings

    folder = settings.house_dir("yokai-watch")
    folder.mkdir(parents=True)
    text = settings.game_text("yokai-watch").replace('kinds = ["set"]', 'kinds = ["nosuch"]', 1)
    assert text != settings.game_text("yokai-watch")
    (folder / "0.toml").write_text(text, encoding="utf-8")
    for name in ("score_manual", "score_photo", "rules"):
        at = page(name, "yokai-watch")
        assert not at.exception, (name, [e.value for e in at.exception])
        assert any("nosuch" in e.value for e in at.error), name


def test_rules_that_cannot_be_saved_for_the_folder_say_so_in_one_line(home, page):
    (home / "home").mkdir(parents=True, exist_ok=True)
    (home / "home" / "games").write_text("a file where the folder must go", encoding="utf-8")
    at = page("rules", "yokai-watch", "ja")
    at.text_area(key="rules_text_yokai-watch").set_value(settings.game_text("yokai-watch") + "\n# ours\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.error[0].value.startswith("アプリのフォルダに書き込めないので保存できません: ")
    assert "フォルダのあるべき所にファイルがあります" in at.error[0].value


def test_a_second_tab_shows_the_table_saved_in_the_first(home, page):
    """The second tab's editor kept the text it had opened with: an edit made there undid the first's save."""
    first, second = page("rules", "nogizaka"), page("rules", "nogizaka")
    theirs = settings.game_text("nogizaka").replace("points = 60", "points = 90", 1)
    first.text_area(key="rules_text_nogizaka").set_value(theirs).run()
    first.button(key="rules_save").click().run()
    second.run()
    assert second.text_area(key="rules_text_nogizaka").value == theirs


@pytest.mark.parametrize("lang, said", [("en", "changed elsewhere"), ("ja", "別のタブ")])
def test_saving_over_a_table_saved_meanwhile_elsewhere_is_refused_once_and_loses_nothing(home, page, lang, said):
    """Two organisers editing at once: the later Save silently threw away the earlier one's edit."""
    first, second = page("rules", "nogizaka"), page("rules", "nogizaka", lang)
    shipped = settings.game_text("nogizaka")
    theirs = shipped.replace("points = 60", "points = 90", 1)
    mine = shipped.replace('name_en = "Basic set"', 'name_en = "Basic"', 1)
    second.text_area(key="rules_text_nogizaka").set_value(mine).run()
    first.text_area(key="rules_text_nogizaka").set_value(theirs).run()
    first.button(key="rules_save").click().run()
    second.button(key="rules_save").click().run()
    assert not second.exception and len(second.error) == 1 and said in second.error[0].value
    assert settings.game_text("nogizaka") == theirs and second.text_area(key="rules_text_nogizaka").value == mine
    assert 90 in list(second.table[0].value["Value" if lang == "en" else "点数"])  # the table in use is shown
    second.button(key="rules_save").click().run()  # knowingly, now: theirs replaced by mine
    assert not second.error and settings.game_text("nogizaka") == mine


def test_an_unsaved_edit_survives_a_visit_to_another_page_and_game(home, page):
    """Going to score a hand, or to another game, and coming back emptied the editor of an unsaved edit."""
    at = page("rules", "nogizaka")
    mine = settings.game_text("nogizaka").replace("points = 60", "points = 70", 1)
    at.text_area(key="rules_text_nogizaka").set_value(mine).run()
    at.switch_page("views/score_manual.py").run()
    at.switch_page("views/rules.py").run()
    assert at.text_area(key="rules_text_nogizaka").value == mine
    at.selectbox(key="game_id").set_value("yokai-watch").run()
    at.selectbox(key="game_id").set_value("nogizaka").run()
    assert not at.exception and at.text_area(key="rules_text_nogizaka").value == mine
    assert settings.edited_path("nogizaka") is None  # nothing saved unasked


def test_a_house_table_not_in_utf8_is_said_not_a_traceback(home, page):
    """A table saved by hand as Shift_JIS: the Rules page was a traceback, before and after it was loaded."""
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    text = settings.game_text("nogizaka")
    (folder / "0.toml").write_text(text, encoding="utf-8")
    at = page("rules", "nogizaka")
    (folder / "0.toml").write_bytes(text.replace("points = 60", "points = 70").encode("shift_jis"))
    at.run()  # the table as loaded before is still in use: the editor cannot show the file
    assert not at.exception, [e.value for e in at.exception]
    assert any("UTF-8" in e.value for e in at.error)
    (folder / "1.toml").write_bytes(text.encode("shift_jis"))
    at = page("rules", "nogizaka")  # open_page: no traceback
    assert any("UTF-8" in e.value for e in at.error)
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("nogizaka") is None and not at.error


def test_a_house_table_whose_id_was_changed_by_hand_is_said_and_can_be_reset(home, page):
    """The page said the shipped table was in use, named a file "other.toml" that does not exist, and
    offered no way back (Reset was greyed out)."""
    folder = settings.house_dir("nogizaka")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text(settings.game_text("nogizaka").replace('id = "nogizaka"', 'id = "other"', 1),
                                   encoding="utf-8")
    at = page("rules", "nogizaka")
    assert [e.value.split("\n\n")[0] for e in at.error] == ["$TILELENS_HOME/games/nogizaka/0.toml: the edited file says id = 'other'; "
                                           "it must stay 'nogizaka'"]
    assert "Scoring with the shipped default" not in texts(at)
    assert 'id = "other"' in at.text_area(key="rules_text_nogizaka").value
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("nogizaka") is None and not at.error


@pytest.mark.parametrize("house, said", [("defaults = 5", "house.defaults: must be a list (got 5)"),
                                         ('defaults = "yaku"', "house.defaults: must be a list (got 'yaku')"),
                                         ('defualts = ["yaku"]', "house.defualts: unknown key")])
def test_a_riichi_house_part_of_the_wrong_kind_is_refused_at_save(home, page, house, said):
    """Saved, `defaults = 5` was a traceback on the Rules page; `"yaku"` listed parts y, a, k, u."""
    at = page("rules", "tokyo-mahjong")
    at.text_area(key="rules_text_tokyo-mahjong").set_value(
        settings.game_text("tokyo-mahjong") + f"\n[house]\n{house}\n").run()
    at.button(key="rules_save").click().run()
    assert not at.exception and len(at.error) == 1, [e.value for e in (*at.exception, *at.error)]
    assert "Not saved" in at.error[0].value and said in at.error[0].value
    assert settings.edited_path("tokyo-mahjong") is None


def test_a_riichi_house_part_saved_by_hand_wrong_is_one_message_and_can_be_reset(home, page):
    folder = settings.house_dir("tokyo-mahjong")
    folder.mkdir(parents=True)
    (folder / "0.toml").write_text(settings.game_text("tokyo-mahjong") + "\n[house]\ndefaults = 5\n", encoding="utf-8")
    at = page("rules", "tokyo-mahjong", "ja")
    assert [e.value for e in at.error] == [f"{folder / '0.toml'}: 項目 house.defaults: リスト ([...]) にしてください (いま 5)"]
    at.button(key="rules_reset").click().run()
    assert settings.edited_path("tokyo-mahjong") is None and not at.error


NOGI_YAKU = '[[yaku]]\nid = "basic-set"\nname_ja = "基本セット"\n'


@pytest.mark.parametrize("edit, said", [
    (lambda text: text.replace("size = 3, count = 3", "size = 3, count = 2", 1),
     "項目 yaku[0].groups: 合わせて 6枚になりますが、手牌は 9枚です"),
    (lambda text: text.replace('kinds = ["set"]', 'kinds = ["sets"]', 1),
     "項目 yaku[0].groups[0].kinds: 定義されていない組の種類です (定義済み: set) (いま 'sets')"),
    (lambda text: text.replace('rounding = "up"', 'rounding = "down"', 1),
     "項目 payout.rounding: remainder か up にしてください (いま 'down')"),
    (lambda text: text.replace('cases = ["false-win"', 'cases = ["false-wins"', 1),
     "項目 chombo.cases: false-win・ron-on-own-discard・win-on-almighty のどれかにしてください (いま 'false-wins')"),
    (lambda text: text.replace("players = 4", "players = 3", 1),
     "項目 win.players: players_min (4) から players_max (4) の間にしてください (いま 3)"),
    (lambda text: text + "\n" + NOGI_YAKU + text[text.index(NOGI_YAKU) + len(NOGI_YAKU):text.index("# 乃木團")],
     "項目 yaku[1].id: 1番目の [[yaku]] と同じ id です。役ごとに違う id にしてください (いま 'basic-set') (2番目の [[yaku]]、id 'basic-set')"),
    (lambda text: text.replace("points = 60", 'points = 60\nuniform = ["color"]', 1),
     "項目 yaku[0].uniform: このゲームにない属性です (あるのは ['colour', 'member']) (いま 'color')"),
    (lambda text: text.replace("[[yaku]]", "[[yakus]]", 1).replace("\n[[yakus]]", "\n[oldyaku]", 1).split("[oldyaku]")[0],
     "項目 yaku: 役 ([[yaku]]) が1つは必要です"),
], ids=["shape-does-not-fill-the-hand", "undefined-group-kind", "unknown-rounding", "unknown-chombo-case",
        "players-out-of-range", "duplicate-yaku-id", "unknown-attribute", "no-yaku-left"])
def test_a_refused_yaku_table_edit_is_said_wholly_in_japanese(home, page, edit, said):
    """The reason after the field was English on a Japanese screen ("... が正しくありません: add up to 6 tiles")."""
    at = page("rules", "nogizaka", "ja")
    text = edit(settings.game_text("nogizaka"))
    assert text != settings.game_text("nogizaka")
    at.text_area(key="rules_text_nogizaka").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and len(at.error) == 1 and said in at.error[0].value, at.error[0].value
    assert "が正しくありません" not in at.error[0].value and settings.edited_path("nogizaka") is None


@pytest.mark.parametrize("game, edit, said", [
    ("nogizaka", lambda text: text.replace('id = "sayurin"', 'id = "misa-senpai"', 1),
     "項目 tiles[1].id: 前の牌と同じ id です (いま 'misa-senpai')"),
    ("nogizaka", lambda text: text.replace('name_ja = "さゆりん"', 'name_ja = "みさ先輩"', 1),
     "項目 tiles[1].name_ja: misa-senpai と同じ名前です (いま 'みさ先輩')"),
    ("nogizaka", lambda text: text.replace('id = "sayurin"', 'id = "sayu rin"', 1),
     "項目 tiles[1].id: 空白のない半角英数字の id にしてください (いま 'sayu rin')"),
    ("nogizaka", lambda text: text.replace('engine = "donjara"', 'engine = "donjyara"', 1),
     "項目 engine: donjara か riichi にしてください (いま 'donjyara')"),
    ("cinderella-neo",
     lambda text: text.replace('"ichinose-shiki", "shiomi-shuuko"', '"ichinose-shikii", "shiomi-shuuko"', 1),
     "項目 units[1].members: 牌の一覧にない牌です (いま 'ichinose-shikii')"),
    ("cinderella-neo",
     lambda text: text.replace('"ichinose-shiki", "shiomi-shuuko"', '"ichinose-shiki", "ichinose-shiki"', 1),
     "項目 units[1].members: 同じメンバーが2回書かれています"),
    ("nogizaka", lambda text: text.replace('kinds = ["set"]', "kinds = []", 1),
     "項目 yaku[0].groups[0].kinds: 組の種類を1つは書いてください"),
    ("nogizaka", lambda text: text.replace("size = 3, count = 3", "size = 3, count = 4", 1),
     "項目 yaku[0].groups[0].count: 合わせて 12枚になり、手牌の 9枚より多くなります (いま 4)"),
], ids=["duplicate-id", "duplicate-name", "id-with-a-space", "unknown-engine", "unit-member-not-a-tile",
        "unit-member-twice", "no-group-kind", "more-tiles-than-the-hand"])
def test_a_refused_catalog_edit_is_said_wholly_in_japanese(home, page, game, edit, said):
    """The catalog's reasons were English after the field ("項目 tiles[1].id が正しくありません: is a duplicate")."""
    at = page("rules", game, "ja")
    text = edit(settings.game_text(game))
    assert text != settings.game_text(game)
    at.text_area(key=f"rules_text_{game}").set_value(text).run()
    at.button(key="rules_save").click().run()
    assert not at.exception and len(at.error) == 1 and said in at.error[0].value, at.error[0].value
    assert "が正しくありません" not in at.error[0].value and settings.edited_path(game) is None


@pytest.mark.parametrize("old, new, said, said_ja", [
    ("[table]", "[table]\nstart_point = 2000", "start_point", "start_point"),
    ('multiple_ron = ["nearest-clockwise"]', "multiple_ron = 3", "multiple_ron", "multiple_ron"),
    ('multiple_ron = ["nearest-clockwise"]', 'multiple_ron = ["each-in-fll"]', "each-in-fll", "each-in-fll")])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_key_misspelt_or_of_the_wrong_kind_is_refused_at_save(home, page, old, new, said, said_ja, lang):
    """``[table] start_point = 2000`` was saved and silently ignored (every match still started at 1,000);
    ``multiple_ron = 3`` was saved, then the ledger page was a traceback (TypeError) for the game."""
    at = page("rules", "yokai-watch", lang)
    text = settings.game_text("yokai-watch")
    assert old in text
    at.text_area(key="rules_text_yokai-watch").set_value(text.replace(old, new, 1)).run()
    at.button(key="rules_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.error) == 1 and (said if lang == "en" else said_ja) in at.error[0].value
    assert ("Not saved" if lang == "en" else "保存できません") in at.error[0].value
    assert settings.edited_path("yokai-watch") is None
