// What just happened, shown moving (issue 14 items 2 and 8): arrows from the user of a card, skill or attack to its
// target, a life that changes flashing with its difference floating up ("−3"), a card travelling from where it was
// to where it went. Used by the shell (app.js); tables only name their places (see docs/web.md, "Motion").
//
//   a table marks the places an event can start or end at with data-anchor ("seat:2", "tower:left", "king"), and
//   may export motions(event, ctx, earlier) → [{arrow: [from, to]}, {travel: [from, to, card?]}] (anchor names) for
//   one event of the stream the seat was sent, and buildArrows(ctx) → [[from, to]] for a play still being built.
//
// Everything is drawn in one overlay (.motion-layer, pointer-events: none) inside the table box, above the table:
// nothing here delays a frame, covers a choice or keeps the page from taking a click, and every piece removes itself
// after a short while (a timer, not an animation's end, so it goes even when the animation never runs). Under
// prefers-reduced-motion: reduce nothing moves: an arrow is drawn still, a difference is shown still where it
// happened, a card is outlined where it landed instead of travelling.

import { el } from "./svg.js";

export const ARROW_MS = 1200; // an event's arrow stays this long
export const FLOAT_MS = 1200; // a life's difference floats (or, without motion, stays) this long
export const TRAVEL_MS = 600; // a card takes this long to travel to its new place
const MOVED_PX = 24; // a card drawn this much further than before has moved (less: the layout breathed)
let motionCounter = 0; // numbers the ids the overlay makes (arrow heads, a travelling card's pattern)

/** Whether the player asked their system for less motion (checked each time: it can change while the page is open). */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The overlay of `host` (the table box), made on first use and kept last in it. */
function layer(host) {
  let box = host.querySelector(":scope > .motion-layer");
  if (!box) {
    box = el("div", { class: "motion-layer", "aria-hidden": "true" });
    host.appendChild(box);
  }
  return box;
}

/** Remove `node` after `ms`, and the overlay with it when nothing else is left in it (no stray DOM). */
function expire(node, ms, also = null) {
  setTimeout(() => {
    const box = node.parentNode;
    node.remove();
    if (also) also();
    if (box && box.classList && box.classList.contains("motion-layer") && !box.childElementCount) box.remove();
  }, ms);
}

/** A rectangle of `node` in the coordinates of `host`'s content box (so it scrolls with the table). */
function rectIn(host, node) {
  const h = host.getBoundingClientRect();
  const r = node.getBoundingClientRect();
  const x = r.left - h.left - host.clientLeft + host.scrollLeft;
  const y = r.top - h.top - host.clientTop + host.scrollTop;
  return { x, y, w: r.width, h: r.height, cx: x + r.width / 2, cy: y + r.height / 2 };
}

/** Where the segment from `a`'s centre towards `b`'s centre leaves box `a`, pulled `inset` px back inside it. */
function edgePoint(a, b, inset) {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  if (!dx && !dy) return [a.cx, a.cy];
  const sx = dx ? (a.w / 2) / Math.abs(dx) : Infinity;
  const sy = dy ? (a.h / 2) / Math.abs(dy) : Infinity;
  const s = Math.min(sx, sy, 1);
  const len = Math.hypot(dx, dy) * s;
  const back = Math.min(inset, len / 2);
  const k = len ? (len - back) / len : 0;
  return [a.cx + dx * s * k, a.cy + dy * s * k];
}

/** The element of the table named `name` (its data-anchor), or null. */
export function anchor(host, name) {
  if (name === null || name === undefined) return null;
  return host.querySelector(`[data-anchor="${CSS.escape(String(name))}"]`);
}

/**
 * Draw an arrow from anchor `from` to anchor `to` (both data-anchor names in `host`): an <svg class="motion-arrow">
 * in the overlay whose line starts inside the first element and ends, with its head, inside the second.
 * `build`: the arrow of a play being built (stays until the next drawing); else it goes after ARROW_MS.
 * Returns the arrow, or null when either place is not on the table.
 */
export function arrow(host, from, to, build = false) {
  const a = anchor(host, from);
  const b = anchor(host, to);
  if (!a || !b || a === b) return null;
  const id = `motion-head-${++motionCounter}`;
  const node = el("svg", {
    class: ["motion-arrow", build ? "build" : null, reducedMotion() ? "still" : null], dataset: { from, to },
  }, [
    el("defs", {}, el("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7,
      orient: "auto-start-reverse" }, el("path", { d: "M0 0 L10 5 L0 10 Z" }))),
    el("line", { class: "motion-shaft", "marker-end": `url(#${id})` }),
    el("circle", { class: "motion-tail", r: 4 }),
  ]);
  if (!placeArrow(host, node, a, b)) return null;
  layer(host).appendChild(node);
  if (!build) expire(node, ARROW_MS);
  return node;
}

/** Put arrow `node` between elements `a` and `b` as they are drawn now; false when either is not on screen. */
function placeArrow(host, node, a, b) {
  const ra = rectIn(host, a);
  const rb = rectIn(host, b);
  if (!ra.w || !rb.w) return false;
  const [x1, y1] = edgePoint(ra, rb, 10);
  const [x2, y2] = edgePoint(rb, ra, 6);
  const w = Math.ceil(Math.max(host.scrollWidth, ra.x + ra.w, rb.x + rb.w));
  const h = Math.ceil(Math.max(host.scrollHeight, ra.y + ra.h, rb.y + rb.h));
  node.setAttribute("width", w);
  node.setAttribute("height", h);
  node.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const line = node.querySelector("line");
  for (const [k, val] of [["x1", x1], ["y1", y1], ["x2", x2], ["y2", y2]]) line.setAttribute(k, val.toFixed(1));
  const tail = node.querySelector("circle");
  tail.setAttribute("cx", x1.toFixed(1));
  tail.setAttribute("cy", y1.toFixed(1));
  return true;
}

/**
 * After a new drawing of the table, move what is still shown to where its places are now (a frame that arrives
 * while an arrow is up may move the seats): an arrow whose ends are both still drawn follows them, the others go;
 * a difference follows its life.
 */
export function relayout(host) {
  const box = host.querySelector(":scope > .motion-layer");
  if (!box) return;
  for (const n of box.querySelectorAll(":scope > .motion-arrow")) {
    const a = anchor(host, n.dataset.from);
    const b = anchor(host, n.dataset.to);
    if (!a || !b || !placeArrow(host, n, a, b)) n.remove();
  }
  for (const n of box.querySelectorAll(":scope > .motion-float")) {
    const life = host.querySelector(`:scope > .table-root [data-key="${CSS.escape(n.dataset.for)}"]`);
    if (!life) continue;
    const r = rectIn(host, life);
    n.style.left = `${(r.x + r.w / 2).toFixed(0)}px`;
    n.style.top = `${r.y.toFixed(0)}px`;
  }
  if (!box.childElementCount) box.remove();
}

/** Remove the arrows of a play being built (drawn again from the new view, if it is still being built). */
export function clearBuildArrows(host) {
  for (const n of host.querySelectorAll(":scope > .motion-layer > .motion-arrow.build")) n.remove();
  const box = host.querySelector(":scope > .motion-layer");
  if (box && !box.childElementCount) box.remove();
}

/**
 * A life changed from `before` to `after` on `node` (just drawn): the node flashes (class motion-flash) and its
 * difference ("−3", "+2") floats up from it in the overlay (.motion-float); both go after FLOAT_MS. Without motion
 * the difference stays still where it happened.
 */
export function lifeChange(host, node, before, after) {
  const r = rectIn(host, node);
  if (!r.w && !r.h) return null;
  const down = after < before;
  const still = reducedMotion();
  const text = `${down ? "−" : "+"}${Math.abs(after - before)}`;
  const float = el("div", {
    class: ["motion-float", down ? "down" : "up", still ? "still" : null],
    style: { left: `${(r.x + r.w / 2).toFixed(0)}px`, top: `${r.y.toFixed(0)}px` },
    dataset: { for: node.dataset.key || "", delta: text }, // `for`, not `key`: the float is no place of the table
  }, text);
  layer(host).appendChild(float);
  const flash = down ? "motion-flash-down" : "motion-flash-up";
  node.classList.add("motion-flash", flash);
  expire(float, FLOAT_MS, () => node.classList.remove("motion-flash", flash));
  return float;
}

/**
 * A card travels from rectangle `from` (in `host`'s coordinates) to element `to` (just drawn): a clone of `to`
 * in the overlay (.motion-travel) is moved from there to `to`'s place (FLIP: drawn at the end, transformed back to
 * the start, then let go), while `to` itself is drawn faint (still clickable). Without motion nothing travels:
 * `to` is outlined where it landed (.motion-landed). Both go after TRAVEL_MS (+ a little).
 */
export function travel(host, from, to) {
  const r = rectIn(host, to);
  if (!r.w || !from) return null;
  if (reducedMotion()) {
    to.classList.add("motion-landed");
    setTimeout(() => to.classList.remove("motion-landed"), FLOAT_MS);
    return null;
  }
  // the clone is only a picture: no action, place, key, card code, id or name of its own, so nothing that reads the
  // table (the shell's comparisons, a screen reader, a test) counts it as a second copy of the card
  const ghost = to.cloneNode(true);
  const ids = new Map(); // an id inside the card (a card back's pattern) gets a fresh one: the original may go first
  for (const n of ghost.querySelectorAll("[id]")) {
    ids.set(n.id, `${n.id}-m${++motionCounter}`);
    n.id = ids.get(n.id);
  }
  for (const n of [ghost, ...ghost.querySelectorAll("*")]) {
    for (const a of [...n.attributes]) {
      if (a.name.startsWith("data-") || ["tabindex", "role", "aria-label", "title"].includes(a.name)) {
        n.removeAttribute(a.name);
      } else if (a.value.startsWith("url(#") && ids.has(a.value.slice(5, -1))) {
        n.setAttribute(a.name, `url(#${ids.get(a.value.slice(5, -1))})`);
      }
    }
    n.classList.remove("legal", "anim-enter", "selected", "new-card", "changed");
  }
  ghost.removeAttribute("id");
  for (const n of ghost.querySelectorAll("title")) n.remove();
  const wrap = el("div", { class: "motion-travel", style: {
    left: `${r.x.toFixed(0)}px`, top: `${r.y.toFixed(0)}px`, width: `${r.w.toFixed(0)}px`, height: `${r.h.toFixed(0)}px`,
  } }, ghost);
  layer(host).appendChild(wrap);
  const dx = from.cx - r.cx;
  const dy = from.cy - r.cy;
  const scale = Math.max(0.4, Math.min(1.6, from.w && r.w ? from.w / r.w : 1));
  if (wrap.animate) {
    wrap.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.85 },
      { transform: "none", opacity: 1 }], { duration: TRAVEL_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  to.classList.add("motion-arriving");
  expire(wrap, TRAVEL_MS + 40, () => to.classList.remove("motion-arriving"));
  return wrap;
}

/**
 * Where the cards of a drawing are (face-up cards with a code drawn once only: a duplicate has no one place), each
 * with its zone: the place (data-anchor) it is drawn in, if any.
 */
export function cardPlaces(host) {
  const seen = new Map();
  for (const n of host.querySelectorAll(":scope > .table-root [data-card]")) {
    const code = n.dataset.card;
    seen.set(code, seen.has(code) ? null : n);
  }
  const out = new Map();
  for (const [code, n] of seen) {
    if (!n) continue;
    const zone = n.closest("[data-anchor]");
    out.set(code, { ...rectIn(host, n), zone: zone ? zone.dataset.anchor : "" });
  }
  return out;
}

/**
 * After a drawing: every card that was drawn in another zone before (`before`, from cardPlaces) travels from there
 * (a card that only slid along its row does not); returns the codes that travelled (so an event's own travel does
 * not move them twice).
 */
export function flipCards(host, before) {
  const moved = new Set();
  if (!before || !before.size) return moved;
  const after = cardPlaces(host);
  for (const [code, r] of after) {
    const old = before.get(code);
    if (!old || old.zone === r.zone || Math.hypot(old.cx - r.cx, old.cy - r.cy) < MOVED_PX) continue;
    const node = host.querySelector(`:scope > .table-root [data-card="${CSS.escape(code)}"]`);
    if (!node) continue;
    travel(host, old, node);
    moved.add(code);
  }
  return moved;
}

/**
 * Show the events `events` (the stream this seat was just sent, oldest first) on the drawing in `host`, as the
 * table's `motions(event, ctx, earlier)` says: arrows from user to target, cards travelling from a seat to where
 * they landed (unless `moved` already travelled). A table without `motions` shows none.
 */
export function showEvents(host, mod, ctx, events, moved = new Set()) {
  if (!mod || typeof mod.motions !== "function" || !events.length) return;
  const done = new Set();
  const earlier = [];
  for (const e of events) {
    let list = [];
    try { list = mod.motions(e, ctx, earlier) || []; } catch (err) { console.warn(`no motion for an event: ${err}`); }
    earlier.push(e);
    for (const m of list) {
      if (m.arrow) {
        const key = `arrow ${m.arrow[0]} ${m.arrow[1]}`;
        if (done.has(key)) continue; // one arrow per pair and batch: a card used twice on one target draws one
        done.add(key);
        arrow(host, m.arrow[0], m.arrow[1]);
      } else if (m.travel) {
        const [from, to, code] = m.travel;
        if (code && moved.has(code)) continue;
        const start = anchor(host, from);
        const end = anchor(host, to);
        if (!start || !end) continue;
        // the card itself where it landed; else the newest card drawn there (a pile's top), else the place
        const cards = end.querySelectorAll("[data-card], svg.card");
        const target = (code && end.querySelector(`[data-card="${CSS.escape(code)}"]`)) || cards[cards.length - 1] || end;
        const key = `travel ${from} ${to} ${code || ""}`;
        if (done.has(key)) continue;
        done.add(key);
        travel(host, rectIn(host, start), target);
      }
    }
  }
}

/** Draw the arrows of a play being built (the table's buildArrows(ctx)), replacing the previous drawing's. */
export function showBuild(host, mod, ctx) {
  clearBuildArrows(host);
  if (!mod || typeof mod.buildArrows !== "function") return;
  let pairs = [];
  try { pairs = mod.buildArrows(ctx) || []; } catch (err) { console.warn(`no build arrows: ${err}`); }
  for (const [from, to] of pairs) arrow(host, from, to, true);
}
