"""A tile set as every page names it (the Score a photo and Event pages' pickers, the Label page's models, a teach's
base): one shipped with the app by what it is, one a person taught by the name they gave it."""
from __future__ import annotations

from app import settings
from app.components.i18n import lang, t, text_in
from scorer import Game, TilelensInputError

# the tile sets shipped in models/tilesets, by a name a person reads (their metadata names only the folder)
SHIPPED_SETS = {"hk-mahjong": ("香港麻雀の牌セット", "Hong Kong mahjong set")}

STRINGS = {
    "set_named": ("{name} ({id})", "{name} ({id})"),  # a shipped tile set: its name, then its folder's
    # a set a person taught, where games' models are offered beside it (a shipped set is none they taught)
    "taught_set": ("覚えさせた牌セット: {name}", "Enrolled tile set: {name}"),
    # a game's own model, as the pickers of what reads a photo, the Label page and a teach's base name it
    "model_of": ("{game}のモデル", "The {game} model"),
    # a game added in the app, read with no set chosen (``default_reader``): with one taught for it, or none yet
    "default_set": ("このゲームに覚えさせた牌セット ({name})", "The set taught for this game ({name})"),
    "default_none": ("(このゲームに覚えさせた牌セットはありません)", "(no set was taught for this game)"),
}


def set_name(name: str, among_models: bool = False) -> str:
    """A tile set by the name a person reads, in the screen's language: a shipped one by what it is, with its folder's
    name; one a person taught by the name they gave it, said to be taught where ``among_models`` (a picker of games'
    models and tile sets)."""
    if name in SHIPPED_SETS:
        return text_in(STRINGS, "set_named", name=text_in(SHIPPED_SETS, name), id=name)
    return text_in(STRINGS, "taught_set", name=name) if among_models else name


def model_name(game: str) -> str:
    """A game's own model by the game's name ``game`` (in the screen's language): "The Tokyo Mahjong model"."""
    return text_in(STRINGS, "model_of", game=game)


# what reads a game added in the app when no tile set is chosen (``default_reader``): on the Score-by-photo page, and
# on the Event check page before a check (after one it names the game: ``event_check.NO_READER``), key: (Japanese,
# English)
READER_STRINGS = {
    "reads_with_set": ("牌セットを選ばないときは、このゲームに覚えさせた牌セット {name} で読みます (このゲームの牌の種類を"
                       "一番多く知っているセットで、その中で一番新しいもの。ただし古いセットの方が同じ写真で明らかに良かった"
                       "ときはそちら)。ほかのセットは上で選べます。",
                       "Unless another set is chosen above, photos are read with {name}: of the tile sets taught for "
                       "this game, the one that knows the most of its kinds (the newest of those, unless an older one "
                       "did clearly better on the same photos)."),
    "choose_set": ("このゲームに覚えさせた牌セットはまだありません。上でこの牌を読むセットを選ぶか、「ラベル付け」の"
                   "ページで写真から覚えさせてください。",
                   "No tile set was taught for this game yet: choose one above that reads its tiles, or teach one "
                   "from photos on the Label tiles page."),
    "teach_set": ("このゲームの牌を読むモデルも牌セットもまだありません。「ラベル付け」のページで写真から牌セットを"
                  "覚えさせてください。",
                  "Nothing reads this game's tiles yet: teach a tile set from photos on the Label tiles page."),
}


def reader_text(key: str, **fmt) -> str:
    """``READER_STRINGS``' words ``key`` in the screen's language, filled with ``fmt``."""
    return text_in(READER_STRINGS, key, **fmt)


def default_reader(game: Game) -> tuple[str, str]:
    """What reads the game's photos when no tile set is chosen, as ``Recognizer.load(game=FILE)`` picks it
    (``vision.recognizer.game_reader``): ``("model", "")`` the game's own classifier, ``("model", GAME)`` the shipped
    game's whose tiles an added game's tiles are, ``("set", NAME)`` the newest tile set taught for a game added in
    the app (a club's edition: the picker said "the game's own model" of it), ``("none", "")`` nothing yet."""
    from vision.recognizer import NoReaderError, default_models_dir, game_reader, has_own_classifier

    if has_own_classifier(game.id, default_models_dir()):  # a fifth game shipped with no model: read as an added one
        return "model", ""

    try:
        classifier, taught = game_reader(game, default_models_dir())
    except NoReaderError:
        return "none", ""
    except (OSError, TilelensInputError):  # said when a photo is read with it
        return "model", ""
    return ("set", taught[0].name) if taught else ("model", classifier if classifier != game.id else "")


def tileset_names(reader: tuple[str, str] = ("model", ""), few: dict[str, tuple[int, int]] | None = None,
                  game_name: str = ""):
    """Labels of the tile-set choice (the language fixed now, for ``format_func``); ``reader``: what reads the game
    when no set is chosen (``default_reader``); ``few``: the sets knowing few of the game's kinds, each with how many
    of how many (``resources.sets_knowing_few``), offered last and said so: "hk-3 (knows 7 of 37 kinds)";
    ``game_name``: the game's, naming its own model ("The Tokyo Mahjong model", as the Label page names it)."""
    kind, name = reader
    default = text_in(STRINGS, "default_set", name=name) if kind == "set" else \
        text_in(STRINGS, "default_none") if kind == "none" else \
        model_name(settings.game_label(name, lang())) if name else model_name(game_name)
    named = {name: set_name(name) for name in SHIPPED_SETS}
    for name, (known, total) in (few or {}).items():
        named[name] = t("tileset_knows_few", name=named.get(name, name), known=known, total=total)
    return lambda chosen: default if chosen is None else named.get(chosen, chosen)
