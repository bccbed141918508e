"""Session 63 (F5): the event's pages for a reader with low vision, a colour-blind reader and a screen reader.

- a picture's alt is in the page's language alone (its ``lang``), and says what its caption does not word for word;
- the event page's findings tables have header cells, as a table's page has; each table's heading says its verdict;
- a seat's tiles read say which tiles a finding flags, with their confidence ("1. Rarin (to confirm, 0.40)"), not
  only by a box's colour on the thumbnail and a hover title;
- the colours of text and of its background reach 4.5:1 (WCAG AA), the thumbnails' numbers too; a flagged box is
  told apart from another severity's without its colour (dashed, double);
- the second language's smaller line is never under 12 px, nested in a small text or not."""
from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tilelens"))  # the event tests' support module

from test_event_support import CLEAN, MISREAD, ExactReader, make_table  # noqa: E402
from tilelens.event import images  # noqa: E402
from tilelens.event.model import Severity, TileRef  # noqa: E402
from tilelens.event.report import CSS  # noqa: E402
from tilelens.event.runner import CheckOptions, check_event  # noqa: E402

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(params=["en", "ja"])
def out(request, tmp_path, monkeypatch) -> tuple[Path, str]:
    """An event of two tables checked in ``lang``: t1 in order but for seat 2's tile 1 read at 0.40 (to confirm);
    t2 of a surplus (sayurin 9 times: errors), a short seat 3 (its thumbnail beside it) and seat 4's tile 1 at 0.40."""
    lang = request.param
    monkeypatch.setenv("TILELENS_LANG", lang)
    reader = ExactReader()
    make_table(reader, tmp_path / "ev", "t1", CLEAN, conf={"2": {0: 0.4}})
    make_table(reader, tmp_path / "ev", "t2", MISREAD, conf={"4": {0: 0.4}})
    check_event(tmp_path / "ev", tmp_path / "out", CheckOptions(game="nogizaka"), factory=lambda g: reader, jobs=1,
                progress=False)
    return tmp_path / "out", lang


class _Figures(HTMLParser):
    """Each <img>'s attributes with the first-language text of the <figure> holding it (its figcaption's own words,
    the second language's span left out); each <table>'s header cells; each <h2>'s words."""

    def __init__(self):
        super().__init__()
        self.imgs: list[dict] = []
        self.tables: list[dict] = []
        self.h2: list[str] = []
        self._fig: list[dict] = []
        self._cap = self._second = self._h2 = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figure":
            self._fig.append({"caption": ""})
        elif tag == "img":
            self.imgs.append({**a, "figure": self._fig[-1] if self._fig else None})
        elif tag == "figcaption":
            self._cap = True
        elif tag == "span" and a.get("class") in ("en", "ja"):
            self._second = True
        elif tag == "table":
            self.tables.append({"class": a.get("class"), "th": 0, "td": 0})
        elif tag in ("th", "td") and self.tables:
            self.tables[-1][tag] += 1
        elif tag == "h2":
            self._h2 = True
            self.h2.append("")

    def handle_endtag(self, tag):
        if tag == "figure":
            self._fig.pop()
        elif tag == "figcaption":
            self._cap = False
        elif tag == "span":
            self._second = False
        elif tag == "h2":
            self._h2 = False

    def handle_data(self, data):
        if self._cap and not self._second and self._fig:
            self._fig[-1]["caption"] += data
        if self._h2:
            self.h2[-1] += data


def _parsed(path: Path) -> _Figures:
    parser = _Figures()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _pages(root: Path) -> list[Path]:
    return [root / "index.html", root / "t1" / "index.html", root / "t2" / "index.html"]


def test_every_alt_is_in_the_pages_language_alone_and_not_its_caption_again(out):
    root, lang = out
    for page in _pages(root):
        imgs = _parsed(page).imgs
        assert imgs, page
        for img in imgs:
            alt = img.get("alt") or ""
            assert alt.strip() and img.get("lang") == lang, (page, img.get("alt"), img.get("lang"))
            if lang == "en":
                assert not JAPANESE.search(alt), (page, alt)
            else:  # a Japanese alt holds no English word (a photo's file name, "seat2.jpg", aside)
                assert not ENGLISH_WORD.search(re.sub(r"\S+\.(?:jpe?g|png)", "", alt)), (page, alt)
            caption = (img["figure"] or {}).get("caption", "").strip()
            assert caption and alt not in caption and caption not in alt, (page, alt, caption)


def test_the_event_pages_findings_tables_have_header_cells_and_each_table_its_verdict(out):
    root, lang = out
    parsed = _parsed(root / "index.html")
    findings = [t for t in parsed.tables if t["class"] == "findings"]
    assert len(findings) == 2, parsed.tables  # t1 (a tile to confirm) and t2
    assert all(t["th"] == 3 for t in findings), findings
    said = {"en": ("t1 tiles to confirm", "t2 not in order"), "ja": ("t1 要確認の牌があります", "t2 問題あり")}[lang]
    heads = [" ".join(h.split()) for h in parsed.h2]
    assert [h for h in heads if h.startswith(said[0])] and [h for h in heads if h.startswith(said[1])], heads


def _tiles_read(page: Path, seat: str) -> str:
    html = page.read_text(encoding="utf-8")
    figure = re.search(rf'<figure data-seat="{seat}">(.*?)</figure>', html.split('class="seats"', 1)[1], re.S).group(1)
    para = re.search(r'<p class="tiles-read"[^>]*>(.*?)</p>', figure, re.S).group(1)
    para = re.sub(r"</?span[^>]*>", "", para.replace('<span class="', ' <span class="'))  # the second line apart
    return " ".join(re.sub(r"<[^>]+>", " ", para).split())


def test_the_tiles_read_say_which_tiles_are_flagged_in_both_languages(out):
    root, lang = out
    t1 = _tiles_read(root / "t1" / "index.html", "2")
    assert "Tiles read: 1. Rarin (to confirm, 0.40), 2. Sayunyan, " in t1, t1
    assert "読んだ牌: 1. らりん (要確認、信頼度 0.40)、2. さゆにゃん、" in t1, t1
    t2 = _tiles_read(root / "t2" / "index.html", "2")  # sayurin read 9 times at 0.98: each an error's tile
    assert "Tiles read: 1. Sayurin (error, 0.98), 2. Sayurin (error, 0.98)" in t2, t2
    assert "読んだ牌: 1. さゆりん (エラー、信頼度 0.98)、" in t2, t2
    t4 = _tiles_read(root / "t2" / "index.html", "4")
    assert "1. Rarin (to confirm, 0.40), 2. Sayunyan, " in t4, t4


def _lum(colour: str | tuple[int, int, int]) -> float:
    if isinstance(colour, str):
        h = colour.lstrip("#")
        h = "".join(c * 2 for c in h) if len(h) == 3 else h
        colour = tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _ratio(a, b) -> float:
    hi, lo = sorted((_lum(a), _lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _rules() -> dict[str, str]:
    rules: dict[str, str] = {}
    for selectors, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", CSS):
        for sel in selectors.split(","):
            rules[sel.strip()] = rules.get(sel.strip(), "") + ";" + body
    return rules


def _prop(rules: dict[str, str], sel: str, name: str) -> str:
    m = re.search(rf"(?:^|;){name}:([^;]+)", rules[sel])
    assert m, (sel, name)
    return m.group(1).strip()


def test_every_text_colour_and_badge_reaches_aa_contrast():
    rules = _rules()
    white = "#ffffff"
    for v in ("ok", "review", "fault", "unchecked"):  # white words on the badge
        assert _ratio(white, _prop(rules, f".verdict-{v}", "background")) >= 4.5, v
    for sel in (".sev-error", ".sev-review", ".sev-notice", ".other-game", "figcaption", ".links", "body"):
        assert _ratio(_prop(rules, sel, "color"), white) >= 4.5, sel
    assert "#bf6a02" not in CSS.lower()  # the orange of 3.98:1, for words and for the organisers' line alike
    for sev, colour in images.COLOURS.items():  # a thumbnail's number: white on its box's colour
        assert _ratio((255, 255, 255), colour) >= 4.5, sev


def _px(value: str, parent: float) -> float:
    """A CSS font-size as px: ``Xrem``, ``Xem`` (of ``parent``), ``max(a,b)``."""
    value = value.strip()
    if value.startswith("max(") and value.endswith(")"):
        return max(_px(v, parent) for v in value[4:-1].split(","))
    if value.endswith("rem"):
        return 16 * float(value[:-3])
    if value.endswith("em"):
        return parent * float(value[:-2])
    if value.endswith("px"):
        return float(value[:-2])
    raise AssertionError(value)


def test_the_second_language_is_never_under_12_px():
    rules = _rules()
    second = _prop(rules, ".ja", "font-size")
    assert second == _prop(rules, ".en", "font-size")
    for parent_sel in (".sev", "figcaption", ".crops figcaption", ".links", ".tiles-read", "body"):
        parent = 16.0 if parent_sel == "body" else _px(_prop(rules, parent_sel, "font-size"), 16)
        assert parent >= 12, parent_sel
        assert _px(second, parent) >= 12, (parent_sel, second, _px(second, parent))


def _strip() -> tuple[np.ndarray, tuple[TileRef, ...]]:
    image = np.full((400, 640, 3), 235, np.uint8)  # a light table: the boxes' lines alone are dark
    tiles = tuple(TileRef("1", i, "rarin", (100 + 60 * i, 150, 150 + 60 * i, 230), 0.9) for i in range(6))
    return image, tiles


def _runs(line: np.ndarray) -> int:
    """How many separate runs of True along ``line``."""
    padded = np.concatenate([[False], line, [False]])
    return int(np.count_nonzero(padded[1:] & ~padded[:-1]))


def test_a_flagged_box_is_told_by_its_line_not_its_colour_alone():
    image, tiles = _strip()
    marks = {1: Severity.REVIEW, 3: Severity.ERROR, 5: Severity.NOTICE}
    thumb = np.asarray(images.thumbnail(images.to_pil(image), marks, tiles).convert("L")).astype(int)
    scale = thumb.shape[1] / (tiles[-1].xyxy[2] - tiles[0].xyxy[0] + 2 * 80)

    def box(i):
        x1, y1, x2, y2 = tiles[i].xyxy
        left, top = tiles[0].xyxy[0] - 80, tiles[0].xyxy[1] - 80
        return [round((v - o) * scale) for v, o in ((x1, left), (y1, top), (x2, left), (y2, top))]

    def dark(a):
        return a < 150

    # review: dashed, its left side broken into several dashes (greyscale: its dark line, not its hue)
    x1, y1, x2, y2 = box(1)
    side = dark(thumb[y1 + 2:y2 - 2, x1 - 1:x1 + 2]).any(axis=1)
    assert _runs(side) >= 3, side.astype(int)
    # error: a double line, two dark lines across its middle row on its left side; notice: one, unbroken
    x1, y1, x2, y2 = box(3)
    row = dark(thumb[(y1 + y2) // 2, x1 - 3:x1 + 12])
    assert _runs(row) == 2, row.astype(int)
    x1, y1, x2, y2 = box(5)
    assert _runs(dark(thumb[(y1 + y2) // 2, x1 - 3:x1 + 12])) == 1
    assert dark(thumb[y1 + 2:y2 - 2, x1 - 1:x1 + 2]).any(axis=1).all()
