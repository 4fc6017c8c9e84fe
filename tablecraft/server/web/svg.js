// Drawing helpers shared by every table (tables/<game-id>.js) and the app shell.
//
//   el(tag, attrs, children)    an HTML or SVG element (SVG tags get the SVG namespace)
//   card(code, opts)            a 54-card-deck card drawn in SVG from the core notation (AS, 10H, JKR, JKB; null = back)
//   button(label, onClick, opts) a <button>; with opts.action it is a legal action (data-action, class "legal")
//   actionable(node, id, onActivate, label)  make any element a keyboard-usable legal action
//   parseCard(code) / cardLabel(code, lang)  the notation read into {rank, suit, joker} / a readable name
//
// Nothing here knows a game's rules: tables map action ids to what they draw and call these helpers.

export const SVG_NS = "http://www.w3.org/2000/svg";

const SVG_TAGS = new Set([
  "svg", "g", "rect", "circle", "ellipse", "line", "path", "polygon", "polyline", "text", "tspan", "defs",
  "pattern", "linearGradient", "radialGradient", "stop", "use", "symbol", "clipPath", "mask", "title", "desc",
  "marker", "foreignObject",
]);

/**
 * Create an element. `attrs`: ordinary attributes, plus
 *   class / className (string or array), style (string or object), dataset (object),
 *   text (text content), on<event> (a function: a listener, e.g. onclick), and booleans (true = present).
 * `children`: a node, a string, or (nested) arrays of them; null/undefined/false are skipped.
 * SVG tags (see SVG_TAGS) are created in the SVG namespace; "svg:a" forces SVG for ambiguous tags.
 */
export function el(tag, attrs = {}, children = []) {
  let svg = SVG_TAGS.has(tag);
  if (tag.startsWith("svg:")) { tag = tag.slice(4); svg = true; }
  const node = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class" || key === "className") {
      const cls = Array.isArray(value) ? value.filter(Boolean).join(" ") : String(value);
      if (cls) node.setAttribute("class", cls);
    } else if (key === "style" && typeof value === "object") {
      for (const [p, v] of Object.entries(value)) {
        if (v !== undefined && v !== null) node.style.setProperty(p, String(v));
      }
    } else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

/** Append children (nodes, strings, nested arrays; null/false skipped) to `node`; returns `node`. */
export function append(node, children) {
  if (children === undefined || children === null || children === false) return node;
  if (Array.isArray(children)) {
    for (const c of children) append(node, c);
  } else if (children instanceof Node) {
    node.appendChild(children);
  } else {
    node.appendChild(document.createTextNode(String(children)));
  }
  return node;
}

/**
 * Make `node` a legal action: data-action=id, class "legal", focusable, role=button, activated by click, Enter
 * and Space. `label` (optional) becomes its accessible name. Returns `node`.
 */
export function actionable(node, id, onActivate, label) {
  node.setAttribute("data-action", id);
  node.classList.add("legal");
  if (!/^(BUTTON|A|INPUT)$/.test(node.tagName)) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  }
  if (label) {
    node.setAttribute("aria-label", label);
    if (!node.querySelector || !node.querySelector(":scope > title")) {
      if (node.namespaceURI === SVG_NS) node.prepend(el("title", {}, label));
      else node.setAttribute("title", label);
    }
  }
  const fire = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    if (node.classList.contains("sent")) return; // one click is one move
    node.classList.add("sent");
    onActivate(id, ev);
  };
  node.addEventListener("click", fire);
  node.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") fire(ev);
  });
  return node;
}

/**
 * A <button type=button>. opts:
 *   action: an action id — the button becomes a legal action (data-action, class "legal");
 *   title, className, disabled, kind ("primary" | "ghost").
 * `onClick(actionOrEvent)` receives the action id when opts.action is given, else the click event.
 */
export function button(label, onClick, opts = {}) {
  const b = el("button", {
    type: "button",
    class: ["btn", opts.kind ? `btn-${opts.kind}` : null, opts.className],
    title: opts.title,
    disabled: opts.disabled ? true : null,
  }, label);
  if (opts.action) {
    actionable(b, opts.action, (id) => onClick && onClick(id), opts.title);
  } else if (onClick) {
    b.addEventListener("click", (ev) => onClick(ev));
  }
  return b;
}

// ------------------------------------------------------------------------------------------------- cards
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = {
  S: { symbol: "\u2660", red: false, en: "spades", zh: "黑桃" },
  H: { symbol: "\u2665", red: true, en: "hearts", zh: "红桃" },
  C: { symbol: "\u2663", red: false, en: "clubs", zh: "梅花" },
  D: { symbol: "\u2666", red: true, en: "diamonds", zh: "方片" },
};
const SYMBOL_TO_LETTER = { "\u2660": "S", "\u2665": "H", "\u2663": "C", "\u2666": "D" };

/**
 * Read a card in the core notation: "AS", "10H", "KD", "JKR" (red/big joker 大王), "JKB" (black/small joker 小王);
 * suit symbols (A♠) and "T" for ten are accepted. Returns {code, rank, rankText, suit, joker, red} or null.
 */
export function parseCard(code) {
  if (code === null || code === undefined) return null;
  let t = String(code).trim().toUpperCase();
  if (t === "JKR" || t === "大王") return { code: "JKR", rank: 0, rankText: "", suit: null, joker: "red", red: true };
  if (t === "JKB" || t === "小王") return { code: "JKB", rank: 0, rankText: "", suit: null, joker: "black", red: false };
  if (t.length < 2) return null;
  let suit = t.slice(-1);
  suit = SYMBOL_TO_LETTER[suit] || suit;
  let rankText = t.slice(0, -1);
  if (rankText === "T" || rankText === "1") rankText = rankText === "T" ? "10" : "A";
  const rank = RANKS.indexOf(rankText) + 1;
  if (!rank || !SUITS[suit]) return null;
  return { code: rankText + suit, rank, rankText, suit, joker: null, red: SUITS[suit].red };
}

/** A readable name of a card: "A♠" / "大王" (zh) or "Red joker" (en); "face-down card" for null. */
export function cardLabel(code, lang = "en") {
  const c = parseCard(code);
  if (code === null || code === undefined) return lang === "zh" ? "背面朝上的牌" : "face-down card";
  if (!c) return String(code);
  if (c.joker) {
    if (lang === "zh") return c.joker === "red" ? "大王" : "小王";
    return c.joker === "red" ? "Red joker" : "Black joker";
  }
  return c.rankText + SUITS[c.suit].symbol;
}

let backCounter = 0;

/**
 * Draw a card as an <svg class="card"> (viewBox 60×84). `code` in the core notation, null = face down.
 * opts:
 *   width (CSS px, default 56) — height follows the 5:7 ratio;
 *   action + onChoose — a legal action: clickable, focusable, data-action (see actionable);
 *   selected, dim (drawn fainter), className, label (accessible name; default the card's name), lang.
 */
export function card(code, opts = {}) {
  const w = opts.width || 56;
  const c = parseCard(code);
  const lang = opts.lang || document.documentElement.lang || "en";
  const label = opts.label || cardLabel(code, lang);
  const face = code === null || code === undefined ? "back" : c ? (c.joker ? "joker" : "face") : "unknown";
  const cls = ["card", `card-${face}`, c && c.red ? "card-red" : c ? "card-black" : null,
    opts.selected ? "selected" : null, opts.dim ? "dim" : null, opts.className];
  const svg = el("svg", {
    class: cls, viewBox: "0 0 60 84", width: w, height: Math.round((w * 84) / 60),
    role: "img", "aria-label": label, dataset: code ? { card: c ? c.code : String(code) } : {},
  });
  svg.appendChild(el("title", {}, label));
  svg.appendChild(el("rect", { class: "card-edge", x: 1, y: 1, width: 58, height: 82, rx: 5, ry: 5 }));
  if (face === "back") {
    const id = `cardback-${++backCounter}`;
    svg.appendChild(el("defs", {}, el("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" }, [
      el("rect", { width: 8, height: 8, class: "card-back-a" }),
      el("rect", { width: 4, height: 8, class: "card-back-b" }),
    ])));
    svg.appendChild(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: `url(#${id})`, class: "card-back" }));
    svg.appendChild(el("circle", { cx: 30, cy: 42, r: 9, class: "card-back-seal" }));
  } else if (face === "joker") {
    svg.appendChild(el("text", { x: 6, y: 14, class: "card-rank card-joker-word" }, "JK"));
    svg.appendChild(el("path", { class: "card-joker-star",
      d: "M30 24 L34.7 36.5 L48 37 L37.6 45.2 L41.2 58 L30 50.6 L18.8 58 L22.4 45.2 L12 37 L25.3 36.5 Z" }));
    svg.appendChild(el("text", { x: 30, y: 75, "text-anchor": "middle", class: "card-joker-name" },
      lang === "zh" ? (c.joker === "red" ? "大王" : "小王") : "JOKER"));
  } else if (face === "face") {
    const sym = SUITS[c.suit].symbol;
    svg.appendChild(el("text", { x: 5, y: 16, class: "card-rank" }, c.rankText));
    svg.appendChild(el("text", { x: 5, y: 28, class: "card-pip" }, sym));
    svg.appendChild(el("text", { x: 30, y: 54, "text-anchor": "middle", class: "card-center" },
      c.rank >= 11 ? c.rankText : sym));
    if (c.rank >= 11) {
      svg.appendChild(el("text", { x: 30, y: 68, "text-anchor": "middle", class: "card-pip" }, sym));
    }
    svg.appendChild(el("g", { transform: "rotate(180 30 42)" }, [
      el("text", { x: 5, y: 16, class: "card-rank" }, c.rankText),
    ]));
  } else {
    svg.appendChild(el("text", { x: 30, y: 46, "text-anchor": "middle", class: "card-rank" }, String(code)));
  }
  if (opts.action) actionable(svg, opts.action, opts.onChoose || (() => {}), opts.actionLabel || label);
  return svg;
}

/** A row of cards (a hand or a pile spread out): codes → <div class="cards">; opts as for card(). */
export function cardRow(codes, opts = {}) {
  return el("div", { class: ["cards", opts.className] }, (codes || []).map((code) => card(code, opts)));
}

/** A face-down pile drawn as one back with its count: <div class="pile">. */
export function pile(count, label, opts = {}) {
  return el("div", { class: ["pile", opts.className], "aria-label": `${label}: ${count}` }, [
    count > 0 ? card(null, { width: opts.width || 40, label }) : el("div", { class: "pile-empty" }),
    el("span", { class: "pile-count" }, `${label} ${count}`),
  ]);
}
