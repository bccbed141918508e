"""A photo with its boxes drawn over it: drag on the photo to draw a new box, click a box to select it,
drag a box by its inside to move it (with a mouse or a pen; a finger first holds still, see below).

Built on Streamlit's custom components v2 with inline JavaScript (no build step, nothing fetched
from the web). The component only reports what the person did: ``{"op": "add", "photo": p, "xyxyn": [x1,
y1, x2, y2]}`` (a box dragged out), ``{"op": "select", "photo": p, "index": i, "xyxyn": [...]}`` (a click:
the box's place, none for a click on no box) or ``{"op": "set", "photo": p, "index": i, "from": [...],
"xyxyn": [...]}`` (the selected box nudged with Shift+arrows, or a box dragged by its inside, which selects
it too: where it was as drawn, and its new place, so that applying it twice moves it once) or ``{"op":
"delete", "photo": p, "index": i, "xyxyn": [...]}`` (the selected box removed with Delete or Backspace: its
place, so that applying it twice removes one box), each with a ``nonce``; the page applies it to the label
file and draws again. A moved, nudged or removed box changes on the page at once, before the page has saved
it. A box is found by its place, not by its number on the screen, which is another box's once a box was
added or removed elsewhere (another tab): :func:`box_editor` gives a select and a move the number of the box
at that place in the boxes as saved now (:func:`found_by_place`), and says so where a box moved is gone.

On a phone, one finger swiped over the photo scrolls the page, as it does anywhere else: a photo that
fills the screen drew a box (or moved one) under every swipe, and left no place to scroll the page from.
A finger draws or moves a box only after it has touched and held still for ``HOLD`` ms (as a phone's own
touch-and-hold-to-drag): the photo is then outlined (and the phone buzzes where it can), and the drag
that follows draws, or moves the box held, without scrolling the page (CSS ``touch-action: pan-x pan-y
pinch-zoom`` lets the browser scroll; a held finger's ``touchmove`` is cancelled, which keeps it from
scrolling). A tap whose finger drifts a few pixels is still a tap (it selects), a stroke too thin to be a
tile adds nothing, and only one finger draws: a second one cancels the box being drawn, and two fingers
scroll and zoom the page. A mouse (and a pen) draws at once, as before. A finger's tap on no box selects
the box nearest it within ``TAP_REACH`` screen pixels (a tile's box is some 25 x 35 on a phone). Where
tiles are small and close, a box's name tag that would run into another goes below or above its box, or
is shortened (``layTags``).

No edit is lost. A gesture made while the page is still applying the one before starts a new run of the
page, and Streamlit stops the run in progress: a one-shot trigger value carried by that run is gone with
it (three drags 20-60 ms apart lost boxes that way). So the component keeps every edit the page has not
yet applied in a state value, ``edits``, which comes with every later run until the page acknowledges its
nonce (``data["applied"]``). :func:`unapplied` gives the page each edit until the page has applied it;
a run can be stopped half way through applying one (Streamlit stops a run even at a read of
``st.session_state``), so the page must apply an edit idempotently.
"""
from __future__ import annotations

import base64
import io
import math
from pathlib import Path

import streamlit as st
from PIL import Image, ImageOps

from app.components.i18n import text_in
from scorer.result import TilelensInputError
from vision.image_io import MAX_PIXELS, ImageError, flatten, is_heif, load_image, to_8bit, unreadable

DISPLAY_MAX = 1000  # longest side sent to the browser; boxes are normalised, so any size works
SAME = 1e-5  # boxes this close on every side are at one place (the editor's ``same``): label files keep 6 decimals

S = {
    "box_gone": ("動かした枠は、元の場所にもうありません (別のタブや別のスマホで動かされたか消されました)。"
                 "どの枠も動かしていません: 今の写真を見て、もう一度動かしてください。",
                 "The box you moved is no longer where it was (it was moved or removed in another tab or on another "
                 "phone): no box was moved. Look at the photo as it is now and move it again."),
    # the photo's words for a screen reader (its ``alt``): which photo, and how many boxes are drawn on it now
    "alt_photo": ("写真 {f}", "Photo {f}"),  # {f}: the file's name; {p}: the photo so named; {n}: the boxes
    "alt_none": ("{p}。枠はまだありません", "{p}: no boxes drawn yet"),
    "alt_one": ("{p}。枠1個", "{p}: 1 box drawn"),
    "alt_many": ("{p}。枠{n}個", "{p}: {n} boxes drawn"),
}

_HTML = '<div class="tl-editor"></div>'

_CSS = """
.tl-editor { position: relative; width: 100%; user-select: none; -webkit-user-select: none;
             -webkit-touch-callout: none; touch-action: pan-x pan-y pinch-zoom; }
.tl-editor.tl-held svg { outline: 3px solid #ffd000; outline-offset: -3px; }
.tl-editor img { width: 100%; height: auto; display: block; pointer-events: none; }
.tl-editor svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; cursor: crosshair; }
.tl-box { fill: rgba(0, 160, 255, 0.08); stroke: #00a0ff; cursor: pointer; }
.tl-box.sel { fill: rgba(255, 120, 0, 0.15); stroke: #ff7800; }
.tl-draft { fill: rgba(255, 255, 0, 0.15); stroke: #ffd000; stroke-dasharray: 4 3; pointer-events: none; }
.tl-tag { fill: #fff; paint-order: stroke; stroke: #000; stroke-width: 3px; pointer-events: none;
          font-family: sans-serif; }
.tl-tag.sel { text-decoration: underline; }
"""

# Coordinates are kept in the SVG's own units (the shown image's pixels) and sent normalised.
# New data that arrives during a drag (the rerun of the previous edit) is drawn when the drag ends:
# drawing it at once would throw away the box being dragged out. The pointer listeners live on the SVG,
# which each drawing replaces, so there is nothing to clean up; the one key listener is added once per
# editor and does nothing once its editor has left the page.
_JS = """
export default function (component) {
  const { data, setStateValue, parentElement } = component;
  const root = parentElement.querySelector(".tl-editor");
  if (!root || !data) { return; }
  // The edits not yet acknowledged, kept by the window under the editor's key: an editor drawn afresh
  // (Streamlit mounting the component again) carries on with the same queue.
  const queues = (window.tlEditorQueues = window.tlEditorQueues || {});
  const q = (queues[data.editor] = queues[data.editor]
    || { edits: [], count: 0, id: Math.random().toString(36).slice(2) });
  // Edits the page has applied leave the queue; the rest go again with the next edit.
  const applied = new Set(data.applied || []);
  q.edits = q.edits.filter((e) => !applied.has(e.nonce));
  root.tlQueue = q.edits;
  root.tlSend = (edit) => {
    q.count += 1;
    q.edits.push({ ...edit, nonce: `${q.id}-${q.count}` });
    setStateValue("edits", q.edits.slice());
  };
  if (!root.tlKeys) {  // once per editor; capture, so that no page shortcut takes these keys first
    root.tlKeys = true;
    window.addEventListener("keydown", (e) => editKey(root, e), true);
  }
  if (root.tlDragging) { root.tlPending = data; return; }
  draw(root, data);
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
// A finger drifts a few screen pixels while it taps (3-10 on a phone): a pointer that goes no further than
// SLOP screen (CSS) pixels from where it went down is a tap, and selects. A box dragged out narrower or
// lower than MIN_DRAWN screen pixels is a slip, not a tile: nothing is added.
const SLOP = 10, MIN_DRAWN = 6;
// A finger draws (or moves a box) only once it has held still (within SLOP) this long; moved sooner, it
// scrolls the page. Under a phone's own long press (400-500 ms), which would open a menu instead.
const HOLD = 350;
// A tile's box on a phone is some 25 x 35 screen pixels, a fingertip's tap as wide: a finger's tap on no box selects
// the box nearest it within TAP_REACH screen pixels (a mouse's click, the box it is in, as before).
const TAP_REACH = 16;
// CSS pixels as the screen shows them: larger where the person has zoomed the page in with two fingers.
const screenPx = (css) => css * ((window.visualViewport && window.visualViewport.scale) || 1);
// The photo's words for a screen reader, for the n boxes shown: the page's, in its language (``photo_alt``).
function photoAlt(words, n) {
  if (!words) { return ""; }
  return (n === 0 ? words.none : n === 1 ? words.one : words.many).replace("{n}", String(n));
}
// The overlay ``svg`` named by the photo's own words (``img``'s alt) as an image, the photo itself hidden from a screen
// reader (or neither, where the page sent no words).
function nameOverlay(svg, img) {
  if (!img.alt) { return; }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", img.alt);
  img.setAttribute("aria-hidden", "true");
}
// Two boxes at one place (to within what a label file keeps), as the page tells them (``SAME``).
const same = (a, b) => a.length === 4 && b.length === 4 && a.every((v, k) => Math.abs(v - b[k]) < 1e-5);

// Keys act on the selected box (the last one clicked), at once on the page, and send what they did:
// Shift+arrow moves it by data.nudge (its new place), Delete or Backspace removes it (its place, so that
// removing it twice removes it once). The page's own Delete button would act on the box it last drew
// selected, which is not the one just clicked until the page has run again.
function editKey(root, e) {
  const data = root.tlShown;
  if (e.ctrlKey || e.metaKey || e.altKey || !root.isConnected || !data) { return; }
  const t = e.target;
  if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) { return; }
  const i = root.tlSel, boxes = root.tlBoxes;
  if (!(i >= 0 && i < boxes.length)) { return; }
  if ((e.key === "Delete" || e.key === "Backspace") && !e.shiftKey) {
    e.preventDefault(); e.stopPropagation();
    root.tlSend({ op: "delete", photo: data.photo, index: i, xyxyn: boxes[i] });
    if (!root.tlDragging) { redraw(root, data); }  // without it: the queue's edits laid over the page's boxes
    return;
  }
  const step = ARROWS[e.key];
  if (!step || !e.shiftKey) { return; }
  e.preventDefault(); e.stopPropagation();
  const was = boxes[i].slice(), [x1, y1, x2, y2] = was;
  const dx = Math.min(Math.max(step[0] * data.nudge, -x1), 1 - x2);  // not past an edge
  const dy = Math.min(Math.max(step[1] * data.nudge, -y1), 1 - y2);
  boxes[i] = [x1 + dx, y1 + dy, x2 + dx, y2 + dy];
  root.tlPlace(i);
  root.tlSend({ op: "set", photo: data.photo, index: i, from: was, xyxyn: boxes[i] });
}

// Name tags: each box's number and tile name, inside it at its top-left corner. Where tiles are small and
// close together, a tag that would run into one placed before goes just below its box, else just above
// it; where none of those is free it shortens to the tile's id (1m for 1 Man), then to the box's number
// alone (the whole tag is the box's tooltip). A tag always starts at its box's left edge, and one outside
// its box lies over no other box (where it would be read as that box's).
function layTags(items, boxes, tags, place, W, H, font, stroke) {
  const hits = (a, c, pad) => a[0] < c[0] + c[2] + pad && c[0] < a[0] + a[2] + pad
    && a[1] < c[1] + c[3] + pad && c[1] < a[1] + a[3] + pad;
  const area = (tag) => {  // x, y, width, height in the photo's units
    const r = tag.getBBox();
    if (r.width > 0) { return [r.x, r.y, r.width, r.height]; }
    // not laid out by the browser (the editor hidden): a wide estimate, CJK characters a full em
    const em = [...tag.textContent].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e7f ? 1 : 0.62), 0);
    return [+tag.getAttribute("x"), +tag.getAttribute("y") - font, em * font, font * 1.25];
  };
  const areas = boxes.map((b) => [b[0] * W, b[1] * H, (b[2] - b[0]) * W, (b[3] - b[1]) * H]);
  const placed = [];
  items.forEach((it, i) => {
    const texts = [`${i + 1} ${it.label}`, ...(it.kind !== it.label ? [`${i + 1} ${it.kind}`] : []), `${i + 1}`];
    let found = null;
    for (const text of texts) {
      tags[i].textContent = text;
      for (const spot of ["in", "below", "above"]) {
        tags[i].tlSpot = spot;
        place(i);
        const a = area(tags[i]);
        if (a[0] + a[2] <= W && a[1] >= 0 && a[1] + a[3] <= H && !placed.some((p) => hits(a, p, 2))
            && (spot === "in" || !areas.some((c, k) => k !== i && hits(a, c, stroke)))) { found = a; break; }
      }
      if (found) { break; }
    }
    if (!found) { tags[i].tlSpot = "in"; place(i); found = area(tags[i]); }  // its number, come what may
    placed.push(found);
  });
}

// The selected box is told apart by more than its colour (orange, the others blue), for a labeller who does
// not tell those colours apart: its outline is twice as thick and dashed, and its name tag is underlined.
function markSelected(rect, tag, on, stroke) {
  rect.setAttribute("class", on ? "tl-box sel" : "tl-box");
  rect.setAttribute("stroke-width", on ? stroke * 2 : stroke);
  if (on) { rect.setAttribute("stroke-dasharray", `${stroke * 4} ${stroke * 2}`); }
  else { rect.removeAttribute("stroke-dasharray"); }
  tag.setAttribute("class", on ? "tl-tag sel" : "tl-tag");
}

// Every rerun of the page hands the same data again: drawing it again would only replace the photo and
// its boxes under the person's pointer.
function draw(root, data) {
  const key = JSON.stringify({ ...data, applied: null });
  if (root.tlDrawn === key && root.querySelector("svg")) { return; }
  root.tlDrawn = key;
  redraw(root, data);
}

function redraw(root, data) {
  const send = (edit) => root.tlSend(edit);
  root.replaceChildren();
  const W = data.width, H = data.height, NS = "http://www.w3.org/2000/svg";
  const img = document.createElement("img");
  // Its size is known before the picture is decoded: the editor keeps its height meanwhile, instead of
  // collapsing to nothing for a moment (when a drag that starts there finds no box to start on).
  img.width = W; img.height = H;
  img.src = data.image;  // its alt once the boxes shown are known, below
  root.appendChild(img);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("data-photo", data.photo);
  root.appendChild(svg);
  const stroke = Math.max(1.5, W / 300), font = Math.max(10, W / 45);
  // The boxes as the person last saw them: the page's, with the nudges and removals it has not saved yet
  // laid over them in order. A removal is found by its place: one the page has saved but not yet
  // acknowledged finds nothing to remove. So is the selection: a click the page has not applied yet
  // still selects its box (a run of the page arriving between a click and the Delete key that follows
  // it would otherwise hand the key the page's older selection, and the box clicked would stay).
  const items = data.boxes.map((b, i) => ({ b: b.slice(), kind: data.kinds[i], label: data.labels[i] }));
  let selected = data.selected;
  root.tlQueue.forEach((e) => {
    if (e.photo !== data.photo) { return; }
    if (e.op === "select") {
      const at = e.xyxyn ? items.findIndex((it) => same(it.b, e.xyxyn)) : e.index;
      if (at >= -1 && at < items.length) { selected = at; }
    }
    if (e.op === "set") {  // found where it was: by its number, another box once one was added or removed
      const at = e.from ? items.findIndex((it) => same(it.b, e.from)) : e.index;
      if (at >= 0 && at < items.length) { items[at].b = e.xyxyn.slice(); }
    }
    if (e.op === "delete") {
      const at = items.findIndex((it) => same(it.b, e.xyxyn));
      if (at >= 0) { items.splice(at, 1); selected = -1; }
    }
  });
  const boxes = items.map((it) => it.b);
  root.tlShown = data; root.tlBoxes = boxes; root.tlSel = selected;
  img.alt = photoAlt(data.alt, boxes.length);
  // The boxes lie over the photo: a screen reader said them as an image with no name, its tags one run of numbers
  // and names ("1 tile 2 tile ..."). They are named as the photo (said once: the photo under them is hidden).
  nameOverlay(svg, img);
  const rects = [], tags = [];
  // A tag's baseline at its spot: inside its box at the top, just below the box, or just above it.
  const tagY = (b, spot) => (spot === "below" ? b[3] * H + stroke + font
    : spot === "above" ? b[1] * H - stroke - font * 0.3 : b[1] * H + font);
  root.tlPlace = (i) => {
    const b = boxes[i];
    rects[i].setAttribute("x", b[0] * W); rects[i].setAttribute("y", b[1] * H);
    rects[i].setAttribute("width", (b[2] - b[0]) * W); rects[i].setAttribute("height", (b[3] - b[1]) * H);
    tags[i].setAttribute("x", b[0] * W + 2); tags[i].setAttribute("y", tagY(b, tags[i].tlSpot));
  };
  items.forEach((it, i) => {
    const r = document.createElementNS(NS, "rect");
    r.setAttribute("data-index", i); r.setAttribute("data-kind", it.kind);
    const title = document.createElementNS(NS, "title");  // the whole tag, where the one drawn is shortened
    title.textContent = `${i + 1} ${it.label}`;
    r.appendChild(title);
    svg.appendChild(r); rects.push(r);
    const tag = document.createElementNS(NS, "text");
    tag.setAttribute("font-size", font);
    markSelected(r, tag, i === selected, stroke);
    tags.push(tag);
  });
  tags.forEach((tag) => svg.appendChild(tag));  // over every box: a tag running over the next box is not cut
  layTags(items, boxes, tags, root.tlPlace, W, H, font, stroke);
  const point = (e) => {
    const box = svg.getBoundingClientRect();
    return [Math.min(Math.max((e.clientX - box.left) / box.width, 0), 1),
            Math.min(Math.max((e.clientY - box.top) / box.height, 0), 1)];
  };
  // The box nearest a point that lies in none, within TAP_REACH screen pixels of it (``shown``: the SVG's screen
  // rectangle), -1 if none.
  const nearest = (p, shown) => {
    let best = -1, least = Infinity;
    boxes.forEach((b, i) => {
      const dx = Math.max(b[0] - p[0], 0, p[0] - b[2]) * shown.width;
      const dy = Math.max(b[1] - p[1], 0, p[1] - b[3]) * shown.height;
      const d = screenPx(Math.hypot(dx, dy));
      if (d <= TAP_REACH && d < least) { best = i; least = d; }
    });
    return best;
  };
  // The smallest box under a point, -1 if none.
  const under = (p) => {
    let best = -1, area = Infinity;
    boxes.forEach((b, i) => {
      const a = (b[2] - b[0]) * (b[3] - b[1]);
      if (p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3] && a < area) { best = i; area = a; }
    });
    return best;
  };
  const choose = (best) => {
    root.tlSel = best;  // keys act on it at once, before the page has drawn it selected
    rects.forEach((r, i) => markSelected(r, tags[i], i === best, stroke));  // and it is shown selected at once
    // with its place, by which the page finds it (its number is another box's once one was removed elsewhere)
    send({ op: "select", photo: data.photo, index: best, ...(best >= 0 ? { xyxyn: boxes[best].slice() } : {}) });
  };
  // One pointer at a time: ``pointer`` is its id, ``from`` where it went down (screen px), ``grab`` the box
  // under it there (-1: none) and ``was`` where that box was; ``drawing`` whether it has gone past SLOP.
  // Past SLOP it moves the box it went down on, or draws a new box where it went down on none. ``held``:
  // whether it may draw: a mouse or a pen at once, a finger once it has held still for HOLD ms (``timer``).
  let start = null, draft = null, from = null, pointer = null, drawing = false, grab = -1, was = null;
  let held = false, timer = null, touch = false;
  const hold = () => {  // the finger has held still: it draws from now on, and the page does not scroll
    timer = null; held = true;
    root.classList.add("tl-held");
    try { navigator.vibrate && navigator.vibrate(15); } catch (err) { /* not allowed yet: no buzz */ }
  };
  const down = (e) => {
    if (start) { finish(false); return; }  // a second finger (a pinch, a two-finger scroll): no edit
    if (e.isPrimary === false || (e.button !== undefined && e.button !== 0)) { return; }
    start = point(e); from = [e.clientX, e.clientY]; pointer = e.pointerId; drawing = false;
    grab = under(start); was = grab >= 0 ? boxes[grab].slice() : null;
    touch = e.pointerType === "touch"; held = !touch;
    if (!held) { timer = setTimeout(hold, HOLD); }
    root.tlDragging = true;
    draft = document.createElementNS(NS, "rect");
    draft.setAttribute("class", "tl-draft"); draft.setAttribute("stroke-width", stroke);
    svg.appendChild(draft);
    svg.setPointerCapture && e.pointerId !== undefined && svg.setPointerCapture(e.pointerId);
    e.preventDefault();
  };
  const mine = (e) => start && e.pointerId === pointer;
  const past = (e) => drawing || screenPx(Math.hypot(e.clientX - from[0], e.clientY - from[1])) >= SLOP;
  // The grabbed box, moved by the pointer's way from ``start`` to ``p`` (not past an edge).
  const shift = (p) => {
    const dx = Math.min(Math.max(p[0] - start[0], -was[0]), 1 - was[2]);
    const dy = Math.min(Math.max(p[1] - start[1], -was[1]), 1 - was[3]);
    boxes[grab] = [was[0] + dx, was[1] + dy, was[2] + dx, was[3] + dy];
    root.tlPlace(grab);
  };
  const move = (e) => {
    if (!mine(e) || !past(e)) { return; }  // not past SLOP: a tap, so far
    if (!held) { finish(false); return; }  // a finger that moved before it held still: a swipe, the page scrolls
    drawing = true;
    const p = point(e);
    if (grab >= 0) { shift(p); return; }
    draft.setAttribute("x", Math.min(start[0], p[0]) * W); draft.setAttribute("y", Math.min(start[1], p[1]) * H);
    draft.setAttribute("width", Math.abs(p[0] - start[0]) * W);
    draft.setAttribute("height", Math.abs(p[1] - start[1]) * H);
  };
  // The gesture is over (``sent``: its edit sent; else cancelled, and a box it moved goes back): draw what
  // arrived meanwhile.
  const finish = (sent) => {
    if (!sent && grab >= 0) { boxes[grab] = was; root.tlPlace(grab); }
    if (timer) { clearTimeout(timer); timer = null; }
    start = null; pointer = null; grab = -1; held = false; draft.remove(); root.tlDragging = false;
    root.classList.remove("tl-held");
    const pending = root.tlPending;
    root.tlPending = null;
    if (pending) { draw(root, pending); }
  };
  const up = (e) => {
    if (!mine(e)) { return; }
    const p = point(e), s = start, shown = svg.getBoundingClientRect();
    const wide = Math.abs(p[0] - s[0]), high = Math.abs(p[1] - s[1]);
    if (past(e) && grab >= 0) {  // a box moved: its new place sent, and it is selected (there)
      shift(p);
      send({ op: "set", photo: data.photo, index: grab, from: was, xyxyn: boxes[grab] });
      choose(grab);
    } else if (past(e)) {
      // A box drawn. One too thin or too low on the screen, or in the photo, to be a tile is a slip: none.
      if (screenPx(Math.min(wide * shown.width, high * shown.height)) >= MIN_DRAWN && Math.min(wide, high) >= data.min_side) {
        send({ op: "add", photo: data.photo,
          xyxyn: [Math.min(s[0], p[0]), Math.min(s[1], p[1]), Math.max(s[0], p[0]), Math.max(s[1], p[1])] });
      }
    } else {
      // a tap, not a drag: the smallest box under where it went down is selected; a finger's on none, the nearest
      choose(grab >= 0 || !touch ? grab : nearest(s, shown));
    }
    finish(true);
  };
  svg.addEventListener("pointerdown", down);
  svg.addEventListener("pointermove", move);
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", (e) => { if (mine(e)) { finish(false); } });  // the browser took it (a pinch)
  // A held finger draws: its moves must not scroll the page (touch-action lets the browser scroll, and
  // only a cancelled touchmove keeps it from starting to). A finger not held scrolls as anywhere else.
  svg.addEventListener("touchmove", (e) => { if (start && held && e.cancelable) { e.preventDefault(); } },
                       { passive: false });
  // A phone's long press opens a menu (or selects text): not while a finger holds to draw.
  svg.addEventListener("contextmenu", (e) => { if (start) { e.preventDefault(); } });
}
"""

_component = st.components.v2.component("tilelens_box_editor", html=_HTML, css=_CSS, js=_JS)


class PhotoError(TilelensInputError):
    """A photo that cannot be shown (missing, corrupt, not an image)."""


@st.cache_data(show_spinner=False, max_entries=64)
def photo_data_url(path: str, mtime_ns: int) -> tuple[str, int, int]:
    """The photo, upright and at most ``DISPLAY_MAX`` px, as a JPEG data URL with its shown size.
    ``mtime_ns`` is part of the cache key, so a replaced photo is read again. Read as the reader reads
    photos (``vision.image_io``): up to its ``MAX_PIXELS`` (a phone's 200 MP photo is under it, Pillow's own
    limit is not), a JPEG decoded at a reduced scale (a 50 MP photo took 4.6 s and 2.3 GB decoded whole).
    Other formats (PNG) have no reduced decoding: the picture is shrunk in place as soon as it is decoded,
    so no copy of it is made at full size (turned upright and converted first, a 108 MP PNG peaked at
    1.2 GB and 6.5 s; now 0.43 GB and 5.1 s). OpenCV's ``IMREAD_REDUCED_*`` is no way round it: for any
    format but JPEG it decodes the whole picture and then resizes it (a 48 MP PNG took the full picture's
    144 MB), and it makes a 16-bit grey 8 bits its own way. A grey of more than 8 bits (a 16-bit PNG)
    is made 8-bit as the reader makes it (``vision.image_io.to_8bit``; Pillow's own conversion clipped it
    white), at full size as the reader does, so that the photo labelled is the photo read. A HEIC is the
    reader's own pixels (``_heic_upright``: decoded in a child process, which a damaged one crashed)."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's bomb guard, at the reader's limit
    try:
        heic = _heic_upright(path, DISPLAY_MAX)
        if heic is not None:
            buf = io.BytesIO()
            heic.save(buf, format="JPEG", quality=85)
            w, h = heic.size
            return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode(), w, h
        with Image.open(path) as im:
            if im.format in ("JPEG", "MPO"):  # decoded at 1/2, 1/4 or 1/8 of its size, still over DISPLAY_MAX
                scale = min(1.0, DISPLAY_MAX / max(im.size))
                im.draft("RGB", (max(1, math.ceil(im.width * scale)), max(1, math.ceil(im.height * scale))))
            else:
                im = to_8bit(im)  # before any shrinking: the reader's scale is taken from the whole picture
                if im.mode in ("1", "P"):  # Pillow shrinks these with no filter (jagged): to colours first
                    im = im.convert("RGBA" if "transparency" in im.info else "RGB")
                im.thumbnail((DISPLAY_MAX, DISPLAY_MAX))  # either way up: the same square
            # what is transparent shown over the grey the reader lays it on (``flatten``), not what lies under it
            im = flatten(ImageOps.exif_transpose(im)).convert("RGB")
            im.thumbnail((DISPLAY_MAX, DISPLAY_MAX))
            buf = io.BytesIO()
            im.save(buf, format="JPEG", quality=85)
            w, h = im.size
    except Image.DecompressionBombError:
        raise PhotoError(f"{Path(path).name}: too large to show (over {MAX_PIXELS // 1_000_000} megapixels)",
                         f"{Path(path).name}: 写真が大きすぎて表示できません ({MAX_PIXELS // 1_000_000}メガピクセルまで)") from None
    except ImageError as exc:  # a HEIC's, said by the reader (a damaged one, one too large)
        raise PhotoError(str(exc), exc.message_ja) from None
    except (OSError, ValueError, SyntaxError, EOFError, RuntimeError):  # EOFError, RuntimeError: what the HEIF and
        # AVIF decoders raise for a picture they cannot decode ("Failed to decode frame 0")
        said = unreadable(path, Path(path).name)  # in `read`'s words: cut short, not an image, a damaged AVIF...
        raise PhotoError(str(said), said.message_ja) from None
    return "data:image/jpeg;base64," + base64.b64encode(buf.getvalue()).decode(), w, h


def open_upright(path: Path | str) -> Image.Image:
    """The photo at ``path`` whole, upright and in RGB, its colours as the reader reads them (a grey of more
    than 8 bits made 8-bit by ``vision.image_io.to_8bit``, what is transparent laid over its grey by
    ``flatten``): what a crop of it (the review's suspects) is
    cut from. Raises ``OSError`` (Pillow's errors for a file that is not a readable image, a decoder's as one) or
    ``ImageError`` (a ``ValueError``: a HEIC the reader cannot decode, ``_heic_upright``)."""
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    heic = _heic_upright(path, 1 << 30)
    if heic is not None:
        return heic
    try:
        with Image.open(path) as im:
            return flatten(to_8bit(ImageOps.exif_transpose(im))).convert("RGB")
    except (EOFError, RuntimeError) as exc:  # the HEIF and AVIF decoders' words for a picture they cannot decode
        raise OSError(f"{Path(path).name}: cannot be decoded ({exc})") from None


def _heic_upright(path: Path | str, max_side: int) -> Image.Image | None:
    """The HEIC/HEIF photo at ``path`` upright in RGB, at most ``max_side`` px, as the reader decodes it
    (``vision.image_io.load_image``: in a child process, for a damaged one crashed pi-heif's decoder, and the app's
    server with it); None for any other photo. Raises ``ImageError`` naming the file where it cannot be decoded,
    ``OSError`` where it cannot be read."""
    with open(path, "rb") as f:
        if not is_heif(f.read(64)):
            return None
    bgr = load_image(Path(path).read_bytes(), Path(path).name, max_side=max_side)
    return Image.fromarray(bgr[:, :, ::-1].copy())


def box_editor(photo: Path, rel: str, boxes: list[tuple[float, float, float, float]], kinds: list[str],
               labels: list[str], selected: int | None, key: str, nudge: float = 0.01,
               min_side: float = 0.0, where: str = "") -> list[dict]:
    """Draw the photo and its boxes; return the person's edits that the editor still holds, oldest first
    (see the module docstring; :func:`unapplied` picks those the page has not applied yet). An edit may name another photo: one made
    on the photo shown before. A move and a selection carry the number of their box in ``boxes`` (the
    photo's boxes as saved now), found by its place (:func:`found_by_place`); a move whose box is gone
    carries none, and the editor says so when it is next drawn. Shift+arrows move the selected box by ``nudge`` (a share of the photo),
    Delete or Backspace removes it. A box dragged out narrower or lower than ``min_side`` (a share of the
    photo) is not added. ``where`` says which photo it is in the page's words ("Photo 12/150"): with the file's
    name, it is what a screen reader says of the photo (:func:`photo_alt`)."""
    try:
        mtime_ns = photo.stat().st_mtime_ns
    except OSError:
        raise PhotoError(f"{photo.name}: the photo is gone", f"{photo.name}: 写真がなくなりました") from None
    url, w, h = photo_data_url(str(photo), mtime_ns)
    if st.session_state.pop(gone_key(key), False):  # a move found no box, in the run before (the page ran again)
        st.warning(text_in(S, "box_gone"))
    data = {"image": url, "width": w, "height": h, "photo": rel, "boxes": [list(b) for b in boxes],
            "kinds": kinds, "labels": labels, "selected": -1 if selected is None else selected, "nudge": nudge,
            "min_side": min_side, "applied": list(st.session_state.get(_applied_key(key), ())), "editor": key,
            "alt": photo_alt(rel, where)}
    result = _component(key=key, data=data, on_edits_change=lambda: None)
    edits = result.get("edits") if result is not None else None
    edits = [e for e in edits or () if isinstance(e, dict) and isinstance(e.get("nonce"), str)
             and isinstance(e.get("photo"), str)]
    edits, gone = found_by_place(edits, boxes, rel, st.session_state.get(_applied_key(key), ()))
    if gone:
        st.session_state[gone_key(key)] = True
    return edits


def photo_alt(rel: str, where: str = "") -> dict[str, str]:
    """The photo's words for a screen reader in the page's language, by the number of boxes drawn on it: ``none``,
    ``one``, and ``many`` (the editor puts the number for ``{n}``; it counts the boxes it shows, the edits not yet
    saved with them). The photo is named by ``where`` (the page's "Photo 12/150") and its file's name, not its path:
    "Photo 12/150 (a.jpg): 9 boxes drawn", 「写真 12/150 (a.jpg)。枠9個」."""
    name = Path(rel).name
    photo = f"{where} ({name})" if where else text_in(S, "alt_photo", f=name)
    return {count: text_in(S, f"alt_{count}", p=photo, n="{n}") for count in ("none", "one", "many")}


def _corners(value) -> tuple[float, float, float, float] | None:
    try:
        corners = tuple(float(v) for v in value or ())
    except (TypeError, ValueError):
        return None
    return corners if len(corners) == 4 else None


def found_by_place(edits: list[dict], boxes, photo: str, applied=()) -> tuple[list[dict], bool]:
    """``edits`` with each move (``"set"``) and selection of a box of ``photo`` given the number its box has
    in ``boxes`` (the photo's boxes as saved now), the edits before it applied: the box is found where the
    person saw it (a move's ``from``, a selection's ``xyxyn``), not by the number it had on the screen, which
    is another box's once a box was added or removed meanwhile (in another tab, say): that moved the wrong
    box. A box already at a move's new place (the same move, applied by a run that was stopped) is found
    there, and moved nowhere again. A move whose box is at neither place gets no number (``index`` None: the
    page moves nothing), and the second value is True (``box_editor`` says so); a selection of a box gone
    selects none (-1). Edits whose nonce is in ``applied`` are in ``boxes`` already; edits of another photo,
    and edits with no place (sent by an editor drawn before it sent one), are as sent.

    >>> boxes = [(0.1, 0.1, 0.2, 0.3), (0.3, 0.1, 0.4, 0.3)]
    >>> move = {"op": "set", "photo": "a.jpg", "index": 1, "from": [0.3, 0.1, 0.4, 0.3],
    ...         "xyxyn": [0.5, 0.1, 0.6, 0.3], "nonce": "n-1"}
    >>> found_by_place([move], boxes[1:], "a.jpg")[0][0]["index"]  # the first box removed in another tab
    0
    >>> edits, gone = found_by_place([move], boxes[:1], "a.jpg")  # the box moved was removed there
    >>> edits[0]["index"], gone
    (None, True)
    """
    places = [tuple(b) for b in boxes]

    def at(corners: tuple[float, ...]) -> int | None:
        return next((i for i, b in enumerate(places) if all(abs(u - v) <= SAME for u, v in zip(b, corners))), None)

    out, gone = [], False
    for edit in edits:
        op, xyxyn = edit.get("op"), _corners(edit.get("xyxyn"))
        if edit.get("photo") != photo or edit.get("nonce") in applied or xyxyn is None:
            out.append(edit)
            continue
        if op == "set" and "from" in edit:
            was = _corners(edit.get("from"))
            index = at(was) if was is not None else None
            if index is None:
                index = at(xyxyn)  # moved there already
            if index is None:
                gone = True
            else:
                places[index] = xyxyn
            edit = {**edit, "index": index}
        elif op == "select":
            index = at(xyxyn)
            edit = {**edit, "index": -1 if index is None else index}
        elif op == "delete" and at(xyxyn) is not None:
            del places[at(xyxyn)]
        elif op == "add" and at(xyxyn) is None:  # as the page adds it: at the end, once
            places.append(xyxyn)
        out.append(edit)
    return out, gone


KEEP_APPLIED = 200  # nonces remembered: far more than a person's edits between two runs of the page


def _applied_key(key: str) -> str:
    return f"{key}__applied"


def gone_key(key: str) -> str:
    """The session key flagging that a move of the editor ``key`` found no box (said on its next draw, or at once
    by a page that applies the edit and pops it)."""
    return f"{key}__gone"


def edits_waiting(key: str) -> bool:
    """True when the editor ``key`` holds an edit the page has not applied yet: a gesture made on the photo
    since the page was last drawn (a click on another box, say). Read in a widget's callback, it tells
    that the widget was drawn for a selection the person has already changed."""
    state = st.session_state.get(key)
    edits = state.get("edits") if hasattr(state, "get") else None
    done = set(st.session_state.get(_applied_key(key), ()))
    return any(isinstance(e, dict) and e.get("nonce") not in done for e in edits or ())


def unapplied(key: str, edits: list[dict]):
    """Each of ``edits`` (from :func:`box_editor` of ``key``) not yet applied: an edit counts as applied
    when the loop body that took it has finished, so one whose run was stopped half way comes again."""
    for edit in edits:
        done = st.session_state.setdefault(_applied_key(key), [])
        if edit["nonce"] in done:
            continue
        yield edit
        done.append(edit["nonce"])
        del done[:-KEEP_APPLIED]
