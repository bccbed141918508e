"""Build the catalog part of scorer/games/cinderella-neo.toml from ../shared/data/cinderella-neo/.

The generated catalog is committed, so the package never needs ../shared at run time. The rule
tables (yaku, payouts) are hand-written below the RULES_MARKER line of the output file; a rebuild
keeps them as they are.

    .venv/bin/python scripts/build_cinderella_catalog.py [--data DIR] [--out FILE]

Ids are the furigana romanised (wapuro style, ASCII): しまむら うづき -> shimamura-uzuki. They are the classes of the
shipped classifier (models/classifier-cinderella-neo.json) and are kept in ledgers and datasets: never change one.

English names are given name first, as the seed (../shared/seeds/000_*, its tiara skill list: "Rin Shibuya", "Syuko
Shiomi", "Karen Hojo") and English-speaking fans write them: Hepburn without the long vowels (houjou -> Hojo), the
foreign names as spelt in English (Frederica, Anastasia, Natalia; ``ENGLISH``). Each idol also carries her reading
(``reading``) and the other spellings a player writes (``aliases``: either order, the long vowels spelt or not), which
``scorer.catalog`` and the app's Find box match. Units named in Japanese get an English name (``UNIT_EN``).
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "cinderella-neo"
OUT = ROOT / "scorer" / "games" / "cinderella-neo.toml"
RULES_MARKER = "# ---- rules: hand-written below this line, kept when the catalog is rebuilt ----"
TYPES = ("cute", "cool", "passion")
TYPE_JA = {"cute": "キュート", "cool": "クール", "passion": "パッション"}
TIARA_UNIT = "歴代シンデレラガール"

_BASE = {
    "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o", "か": "ka", "き": "ki", "く": "ku", "け": "ke",
    "こ": "ko", "さ": "sa", "し": "shi", "す": "su", "せ": "se", "そ": "so", "た": "ta", "ち": "chi",
    "つ": "tsu", "て": "te", "と": "to", "な": "na", "に": "ni", "ぬ": "nu", "ね": "ne", "の": "no",
    "は": "ha", "ひ": "hi", "ふ": "fu", "へ": "he", "ほ": "ho", "ま": "ma", "み": "mi", "む": "mu",
    "め": "me", "も": "mo", "や": "ya", "ゆ": "yu", "よ": "yo", "ら": "ra", "り": "ri", "る": "ru",
    "れ": "re", "ろ": "ro", "わ": "wa", "を": "o", "ん": "n", "が": "ga", "ぎ": "gi", "ぐ": "gu",
    "げ": "ge", "ご": "go", "ざ": "za", "じ": "ji", "ず": "zu", "ぜ": "ze", "ぞ": "zo", "だ": "da",
    "ぢ": "ji", "づ": "zu", "で": "de", "ど": "do", "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be",
    "ぼ": "bo", "ぱ": "pa", "ぴ": "pi", "ぷ": "pu", "ぺ": "pe", "ぽ": "po", "ぁ": "a", "ぃ": "i",
    "ぅ": "u", "ぇ": "e", "ぉ": "o",
}
_SMALL_Y = {"ゃ": "a", "ゅ": "u", "ょ": "o"}


def romanise(kana: str) -> str:
    """Hiragana (katakana folded) to ASCII wapuro romaji; a space becomes a hyphen.

    >>> romanise("しまむら うづき"), romanise("じょうがさき みか"), romanise("なたーりあ")
    ('shimamura-uzuki', 'jougasaki-mika', 'nataaria')
    """
    text = "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in kana.strip())
    out: list[str] = []
    double_next = False
    for ch in text:
        if ch in " \u3000":
            out.append("-")
        elif ch == "っ":
            double_next = True
            continue
        elif ch in _SMALL_Y and out and out[-1].endswith("i"):
            stem = out.pop()[:-1]
            out.append((stem if stem in {"sh", "ch", "j"} else stem + "y") + _SMALL_Y[ch])
        elif ch == "ー" and out:
            out.append(out[-1][-1])  # a long mark repeats the vowel: ASCII without macrons
        elif ch in _BASE:
            syl = _BASE[ch]
            out.append(syl[0] + syl if double_next else syl)
        else:
            raise ValueError(f"cannot romanise {ch!r} in {kana!r}")
        double_next = False
    return "".join(out)


# Where the rule (given name first, Hepburn without long vowels) is not how the idol is written in English: the
# foreign names, the seed's own spelling, and a long-vowel-looking pair of letters that is none. (given, family)
ENGLISH = {
    "miyamoto-furederika": ("Frederica", "Miyamoto"),
    "anasutashia": ("Anastasia", ""),
    "nataaria": ("Natalia", ""),
    "shiomi-shuuko": ("Syuko", "Shiomi"),  # the seed's spelling (its Hepburn, Shuko, is an alias)
    "ootsuki-yui": ("Yui", "Ohtsuki"),  # as the official English romanisation writes it (Otsuki, Ootsuki: aliases)
    "nanba-emi": ("Emi", "Namba"),  # Hepburn's m before b (Nanba: an alias)
}
# What the other idols and the fans call an idol, beside her names' spellings: found by the app's Find box and `score`.
NICKNAMES = {"anasutashia": ["アーニャ", "Anya"]}
# words whose "ou" is two vowels, not a long o: ko-ume
NOT_LONG = {"koume"}

# The units named in Japanese, in English: the official English name where there is one (the anime's
# "Dekoration", the yomi's "Azure Musica"), the English a katakana name is made of ("Pinky Cute"), else the
# reading romanised (Hepburn, no long vowels). A unit named in letters already keeps its name.
UNIT_EN = {
    "歴代シンデレラガール": "past Cinderella Girls",  # as the yaku's group kind says it ([groups.tiara-idols])
    "炎陣": "Enjin",
    "可惜夜月": "Atarayozuki",
    "セクシーギルティ": "Sexy Guilty",
    "ファミリアツイン": "Familiar Twin",
    "山紫水明": "Sanshi Suimei",
    "しゅがしゅが☆み～ん": "Shuga Shuga☆Min",
    "レイジー・レイジー": "Lazy Lazy",
    "アミマネラ": "Amimanera",
    "ピンキーキュート": "Pinky Cute",
    "ミミミミ☆ミミーズ": "Mimimimi☆Mimiz",
    "宵乙女": "Yoi Otome",
    "カラフルサンタ": "Colorful Santa",
    "サンシャイン・バケーション": "Sunshine Vacation",
    "ピーチ・フレーバー": "Peach Flavor",
    "ミルキーガナッシュ・コレクション": "Milky Ganache Collection",
    "桜舞姫": "Sakura Maihime",
    "ラフィングエンジェル": "Laughing Angel",
    "サクラ・シンクロニシティ": "Sakura Synchronicity",
    "サロン・ドゥ・ラ・フェ": "Salon de la Fée",
    "闘劇の三女神": "Togeki no Sanmegami",
    "フォルトゥナ・レジーナ": "Fortuna Regina",
    "ローゼンティアーズ": "Rosen Tears",
    "カワスウィーティーなボクはぁと仮": "Kawa Sweetie na Boku Haato (Kari)",
    "戦う乙女たち": "Tatakau Otome-tachi",
    "バラエティ・マーメイド": "Variety Mermaid",
    "羽衣小町": "Hagoromo Komachi",
    "浴衣小町": "Yukata Komachi",
    "春霞": "Harugasumi",
    "夕星灯": "Yuzutsuhi",
    "ガールズネットワーク": "Girls Network",
    "ドリームアウェイ": "Dream Away",
    "ハッピーウェディング": "Happy Wedding",
    "ももぺあ": "Momopea",
    "ももべりー": "Momoberry",
    "オリジン・シーズ": "Origin Seeds",
    "魅惑のプールサイド": "Miwaku no Poolside",
    "ももぺあべりー": "Momopeaberry",
    "おいしい秋": "Oishii Aki",
    "花盛りの彩りメイド": "Hanazakari no Irodori Maid",
    "メロウ・イエロー": "Mellow Yellow",
    "ミス・フォーチュン": "Miss Fortune",
    "暗黒三銃士": "Ankoku Sanjushi",
    "スカイズ・ザ・リミット": "Sky's the Limit",
    "ワンステップス": "One Steps",
    "千紫永紅": "Senshi Eiko",
    "ドリーミーキングダム": "Dreamy Kingdom",
    "みくにゃんご": "Mikunyango",
    "インディゴ・ベル": "Indigo Bell",
    "ジャポネスク": "Japonesque",
    "スプーキー・トワイライト": "Spooky Twilight",
    "イモータル・チャレンジャーズ": "Immortal Challengers",
    "ストレートフルート": "Straight Flute",
    "パラダイスヘヴン": "Paradise Heaven",
    "ラフ&フィアーズ": "Laugh & Fears",
    "ラピエサージュ": "Rapiécage",
    "ノーティギャルズ": "Naughty Gals",
    "セクシーギャルズ": "Sexy Gals",
    "マッシブライダース": "Massive Riders",
    "雷舞上等": "Raibu Joto",
    "ららりる": "Rarariru",
    "下ツインテール三姉妹": "Shita Twintail Sanshimai",
    "プチ＊パフェアリー": "Petit*Parfairy",
    "スウィートラヴァーズ": "Sweet Lovers",
    "ビーチエンジェル": "Beach Angel",
    "テンプテーション・アイズ": "Temptation Eyes",
    "セレクテッド": "Selected",
    "グランディエライト": "Grandielight",
    "ハウリングデザイア": "Howling Desire",
    "蒼ノ楽団": "Azure Musica",  # its reading, アズール・ムジカ
    "トランクィル・ウィスパー": "Tranquil Whisper",
    "びしょ濡れサマー": "Bishonure Summer",
    "フォーリンシーサイド": "Fallin' Seaside",
    "レイ・ディスタンス": "Ray Distance",
    "電脳警察 Execution": "Denno Keisatsu Execution",
    "メルティダークテンプテーション": "Melty Dark Temptation",
    "ダークイルミネイト": "Dark Illuminate",
    "日々綴る物語": "Hibi Tsuzuru Monogatari",
    "ジャージDemoセクシー": "Jersey Demo Sexy",
    "アインフェリア": "Einferia",
    "エルドリッチ・ロアテラー": "Eldritch Lore Teller",
    "アイドル・シネマ・パラダイス": "Idol Cinema Paradise",
    "ミステリアスアイズ": "Mysterious Eyes",
    "フリーダム・ハピネス": "Freedom Happiness",
    "ロック・ザ・ビート": "Rock the Beat",
    "ぺあべりー": "Peaberry",
    "レッドベリィズ": "Red Berries",
    "デア・アウローラ": "Dea Aurora",
    "ワンダー☆シスターズ": "Wonder☆Sisters",
    "バーニング・インパルス": "Burning Impulse",
    "水精の語らい": "Suisei no Katarai",
    "ガトリング・ビーンズ": "Gatling Beans",
    "ビートシューター": "Beat Shooter",
    "リープ・スコアラー": "Leap Scorer",
    "忍武☆繚乱": "Ninbu☆Ryoran",
    "ポジティブパッション": "Positive Passion",
    "トロピカル☆スターズ": "Tropical☆Stars",
    "鬼花フェスティバル": "Onihana Festival",
    "凸レーション": "Dekoration",  # the anime's English
    "ふわっとカントリー": "Fuwatto Country",
    "B.B.ロワイヤル": "B.B. Royale",
    "サイキックエナジー": "Psychic Energy",
    "サイキックヒーツ": "Psychic Heats",
    "トリクロマティック・ナチュレ": "Trichromatic Nature",
    "ミステリックガーデン": "Mysteric Garden",
    "アンダーザデスク": "Under the Desk",
    "さよならアロハ": "Sayonara Aloha",
    "SESSION!! / KAWAII ウォーズ": "SESSION!! / KAWAII Wars",
    "全力★ドリーミングガールズ / 夏のBang!!": "Zenryoku★Dreaming Girls / Natsu no Bang!!",
    "フェアリーテイル＊マイテイル": "Fairy Tale*My Tale",
    "ガンズパーティー": "Guns Party",
    "チョコレート？レモネード？どっち？？": "Chocolate? Lemonade? Docchi??",
    "ルミナス・アズール・デュオ": "Luminous Azure Duo",
    "認めてくれなくたっていいよ": "Mitomete Kurenakutatte Ii yo",
    "かくりよがたり": "Kakuriyogatari",
    "キセキの証": "Kiseki no Akashi",
    "トロピカルガール": "Tropical Girl",
    "かぼちゃ姫": "Kabocha Hime",
    "星環世界": "Seikan Sekai",
    "いとしーさー♥": "Itoshisa♥",
    "とんでいっちゃいたいの": "Tonde Icchaitai no",
    "イケナイ GO AHEAD": "Ikenai GO AHEAD",
    "踊るFLAGSHIP": "Odoru FLAGSHIP",
    "さよならアンドロメダ": "Sayonara Andromeda",
    "オウムアムアに幸運を": "Oumuamua ni Koun o",
    "不埒なCANVAS": "Furachi na CANVAS",
    "印象": "Insho",
    "夢をのぞいたら": "Yume o Nozoitara",
    "空想探査計画": "Kuso Tansa Keikaku",
    "夏恋 -NATSU KOI-": "Natsukoi -NATSU KOI-",
    "青空エール": "Aozora Yell",
    "無重力シャトル": "Mujuryoku Shuttle",
    "未完成の歴史": "Mikansei no Rekishi",
    "君への詩": "Kimi e no Uta",
    "ガールズ・イン・ザ・フロンティア": "Girls in the Frontier",
    "銀のイルカと熱い風": "Gin no Iruka to Atsui Kaze",
    "桜の風": "Sakura no Kaze",
    "キラッ！満開スマイル": "Kira! Mankai Smile",
    "ツインテールの風": "Twintail no Kaze",
    "冬空プレシャス": "Fuyuzora Precious",
    "秋風に手を振って": "Akikaze ni Te o Futte",
    "キミのそばでずっと": "Kimi no Soba de Zutto",
    "イリュージョニスタ！": "Illusionista!",
    "あいくるしい": "Aikurushii",
    "つぼみ": "Tsubomi",
    "ゼッケンズ": "Zekkens",
    "サクヤヒメ": "Sakuyahime",
    "ゴキゲンParty Night": "Gokigen Party Night",
    "メッセージ": "Message",
    "輝く世界の魔法": "Kagayaku Sekai no Maho",
    "とどけ！アイドル": "Todoke! Idol",
    "お願い！シンデレラ": "Onegai! Cinderella",
    "Asterisk with なつなな": "Asterisk with Natsunana",
    "CANDY ISLAND with 輿水幸子": "CANDY ISLAND with Sachiko Koshimizu",
    "凸レーション with 城ヶ崎美嘉": "Dekoration with Mika Jogasaki",
}
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # kana and kanji: a name an English screen cannot show


def plain(word: str) -> str:
    """A wapuro-romanised word in Hepburn without long vowels, as English-speaking fans write it.

    >>> plain("houjou"), plain("shuuko"), plain("ootsuki"), plain("koume"), plain("riina")
    ('hojo', 'shuko', 'otsuki', 'koume', 'riina')
    """
    return word if word in NOT_LONG else word.replace("ou", "o").replace("uu", "u").replace("oo", "o")


def english_names(tile_id: str) -> tuple[str, list[str]]:
    """An idol's English name (given name first) and the other spellings a player may write: the name the other way
    round, the id's romanisation and its Hepburn without long vowels, each in either order (none twice, nor one
    that only differs from the name or the id in case, spaces or hyphens).

    >>> english_names("houjou-karen")
    ('Karen Hojo', ['Hojo Karen', 'Karen Houjou'])
    >>> english_names("anasutashia")
    ('Anastasia', [])
    """
    family, _, given = tile_id.partition("-")
    if not given:  # a one-word name: the given name
        family, given = "", family
    if tile_id in ENGLISH:
        en_given, en_family = ENGLISH[tile_id]
    else:
        en_given, en_family = plain(given).capitalize(), plain(family).capitalize()
    spellings = [(en_given, en_family), (given.capitalize(), family.capitalize()),
                 (plain(given).capitalize(), plain(family).capitalize())]
    name = " ".join(w for w in (en_given, en_family) if w)
    seen = {_key(name), _key(tile_id)}
    aliases = []
    for g, f in spellings:
        for words in ((g, f), (f, g)):
            alias = " ".join(w for w in words if w)
            if _key(alias) not in seen:
                seen.add(_key(alias))
                aliases.append(alias)
    return name, aliases


def _key(name: str) -> str:
    return re.sub(r"[\s-]", "", name.casefold())


def _q(text: str) -> str:
    # JSON string escapes are valid TOML basic-string escapes.
    return json.dumps(text, ensure_ascii=False)


def load_idols(data_dir: Path) -> list[dict]:
    """The 81 idols, in file order per type."""
    idols = []
    for t in TYPES:
        idols += json.loads((data_dir / f"idol_data_{t}.json").read_text(encoding="utf-8"))["idol_data"]
    return idols


def build(data_dir: Path) -> str:
    """The catalog as TOML text."""
    idols = load_idols(data_dir)
    units = json.loads((data_dir / "unit_data.json").read_text(encoding="utf-8"))["unit_data"]
    tiara = set(next(u for u in units if u["unit_name"] == TIARA_UNIT)["members"].split(","))
    id_of = {i["name"]: romanise(i["furigana"]) for i in idols}
    if len(set(id_of.values())) != len(id_of):
        raise SystemExit("romanised ids collide")
    lines = [
        "# Donjara NEO: THE iDOLM@STER Cinderella Girls. Catalog generated by",
        "# scripts/build_cinderella_catalog.py from ../shared/data/cinderella-neo/ (do not edit by hand);",
        "# the rule tables below the rules marker are hand-written and kept on a rebuild.",
        'id = "cinderella-neo"', 'name_ja = "ドンジャラNEO アイドルマスター シンデレラガールズ"',
        'name_en = "Donjara NEO: THE iDOLM@STER Cinderella Girls"', 'engine = "donjara"',
        "hand_size = 9", 'attributes = ["type", "status", "tiara"]', "",
        "[deal]", "dealer = 8  # everyone 8; the dealer draws first", "others = 8", "",
    ]
    stale = sorted(set(ENGLISH) - set(id_of.values()))
    if stale:
        raise SystemExit(f"ENGLISH names tiles not in the roster: {', '.join(stale)}")
    for idol in idols:
        tile_id = id_of[idol["name"]]
        name_en, aliases = english_names(tile_id)
        lines += ["[[tiles]]", f"id = {_q(tile_id)}", f"name_ja = {_q(idol['name'])}",
                  f"name_en = {_q(name_en)}",
                  f"attrs = {{ type = {_q(idol['type'])}, status = {_q(idol['first_status'])}, "
                  f"tiara = {_q('yes' if idol['name'] in tiara else 'no')} }}",
                  f"reading = {_q(idol['furigana'].strip())}"]
        aliases += NICKNAMES.get(tile_id, [])
        if aliases:
            lines.append("aliases = [" + ", ".join(_q(a) for a in aliases) + "]")
        lines.append("")
    for t in TYPES:
        lines += ["[[tiles]]", f'id = "almighty-{t}"', f'name_ja = "オールマイティ({TYPE_JA[t]})"',
                  f'name_en = "Almighty ({t.capitalize()})"', "almighty = true",
                  f'attrs = {{ type = "{t}", status = "All", tiara = "no" }}',
                  f'stands_for = {{ type = "{t}" }}', ""]
    untranslated = [u["unit_name"] for u in units if JAPANESE.search(u["unit_name"]) and u["unit_name"] not in UNIT_EN]
    if untranslated:
        raise SystemExit(f"units named in Japanese with no English name in UNIT_EN: {', '.join(untranslated)}")
    stale = sorted(set(UNIT_EN) - {u["unit_name"] for u in units})
    if stale:
        raise SystemExit(f"UNIT_EN names units not in the data: {', '.join(stale)}")
    for unit in units:
        names = unit["members"].split(",")
        members = [id_of[n] for n in names if n in id_of]
        absent = [n for n in names if n not in id_of]
        lines += ["[[units]]", f"name = {_q(unit['unit_name'])}"]
        if unit["unit_name"] in UNIT_EN:
            lines.append(f"name_en = {_q(UNIT_EN[unit['unit_name']])}")
        if unit.get("yomi"):
            lines.append(f"reading = {_q(unit['yomi'])}")
        lines.append("members = [" + ", ".join(_q(m) for m in members) + "]")
        if absent:
            lines.append("absent = [" + ", ".join(_q(n) for n in absent) + "]  # no tile in the set")
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Write the catalog to ``--out``, keeping the rule tables already there."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    text = build(args.data)
    old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    rules = old.split(RULES_MARKER, 1)[1] if RULES_MARKER in old else "\n"
    text += RULES_MARKER + rules
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
