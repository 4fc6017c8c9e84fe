// The tablecraft front end: lobby, room page (WebSocket client, seats, table, log, end screen), replay viewer.
//
// One page for every address: "/" is the lobby, "/rooms/<id>" a room, "/rooms/<id>#replay" its replay viewer.
// The table of a game is drawn by tables/<game-id>.js (renderTable(root, ctx), see docs/web.md),
// or by tables/generic.js when the game has none. The server is the only authority: the page shows what the
// server sends for this connection's seat (its view, its events, its legal actions) and sends back action ids.
//
// A seat is held by the token the server gives on "join"; it is kept in localStorage ("tablecraft.seat.<room>"),
// so a reload (or a lost connection) comes back to the same seat with "resume" and the last event number seen.
// A seat the player left is forgotten there (kept as "tablecraft.left.<room>" for the "Back to my seat" button).
// Seats played in turn on this one device ("pass and play") are held by a HotSeatPage, one RoomPage per seat, of
// which only the shown one is in the document (see "pass and play" below).

import * as svg from "./svg.js";
import { currentLang, makeT } from "./i18n.js";
import * as motion from "./motion.js";

const { el } = svg;

let lang = currentLang();
let t = makeT(lang);
document.documentElement.lang = lang;

const app = document.getElementById("app");
let current = null; // the page controller in use (has dispose())
const AUTO_PASS_KEY = "tablecraft.autopass";
const AUTO_PASS_MS = 1500; // an automatic only-choice is sent this long after the prompt, never at once: the others
// see the seat take the same short while whether it had a choice or not, so no answer tells what its hand lacks
/** Whether this browser plays the seat's only choice by itself (the player's preference). */
function autoPassOn() { return localStorage.getItem(AUTO_PASS_KEY) === "1"; }
const SOUND_KEY = "tablecraft.sound";
/** Whether a short chime tells this player that the decision is theirs (their preference; off by default). */
function soundOn() { return localStorage.getItem(SOUND_KEY) === "1"; }
const TALK_MAX = 100; // the table talk list keeps at most this many lines
const BUBBLE_MS = 4500; // a phrase stays this long in its speech bubble at the speaker's seat
const RECENT_MAX = 200; // the "since your last move" list keeps at most this many events
const RECENT_WATCHING = 12; // a spectator, who makes no decisions, sees the latest few

// ----------------------------------------------------------------------------------------------- helpers
/** JSON API call; throws an Error carrying the server's message. */
async function api(path, opts = {}) {
  const res = await fetch(path, {
    ...opts,
    headers: { Accept: "application/json", ...(opts.body ? { "Content-Type": "application/json" } : {}) },
  });
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    let msg = data && (data.message || data.detail) ? (data.message || data.detail) : `${res.status} ${text}`;
    if (Array.isArray(msg)) msg = msg.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
    const err = new Error(String(msg));
    err.status = res.status;
    throw err;
  }
  return data;
}

let toastTimer = null;
/** Show a message at the bottom of the screen for a few seconds. */
function toast(message) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

let gamesPromise = null;
/** The registered games (GET /api/games), fetched once. */
function games() {
  if (!gamesPromise) gamesPromise = api("/api/games");
  return gamesPromise;
}

let phrasesPromise = null;
/** The quick phrases of the table talk (GET /api/phrases: id and words per language), fetched once. */
function phrases() {
  if (!phrasesPromise) phrasesPromise = api("/api/phrases").catch(() => []);
  return phrasesPromise;
}
/** A phrase's words in the page's language (its id if the list does not have it). */
function phraseWords(list, id) {
  const p = list.find((x) => x.id === id);
  return p ? (p[lang] || p.en) : id;
}

/** A small speech-bubble icon (drawn, so it needs no emoji font). */
function talkIcon() {
  return el("svg", { class: "icon", viewBox: "0 0 16 16", width: 16, height: 16, "aria-hidden": "true" },
    el("path", { d: "M2 2.5h12v8.5H7.5L4 14v-3H2z", fill: "none", stroke: "currentColor", "stroke-width": 1.6,
      "stroke-linejoin": "round" }));
}

function muteKey(room) { return `tablecraft.mute.${room}`; }
/** The seats whose table talk this reader hides in `room`. */
function loadMuted(room) {
  try { return new Set(JSON.parse(localStorage.getItem(muteKey(room)) || "[]")); } catch { return new Set(); }
}
function saveMuted(room, seats) { localStorage.setItem(muteKey(room), JSON.stringify([...seats])); }

// ------------------------------------------------------------------------------------------ the turn chime
let audio = null;
/** The page's audio context, made on first use and woken if the browser holds it until a gesture. */
function audioContext() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}
/** Two short rising notes, synthesised in the page: the turn alert's sound. */
function chime() {
  try {
    const ac = audioContext();
    if (!ac) return;
    const start = ac.currentTime + 0.02;
    for (const [hz, at] of [[660, 0], [880, 0.15]]) {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = "sine";
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.25, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.14);
      osc.connect(gain).connect(ac.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.15);
    }
  } catch (e) {
    console.warn(`no turn chime: ${e}`);
  }
}
// browsers let a page's sound start only after a gesture: any tap or key wakes the context for the next chime
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => { if (soundOn()) audioContext(); }, { capture: true, passive: true });
}

function gameName(g) {
  return g ? (lang === "zh" ? g.name_zh : g.name_en) : "";
}

/** A seat's display name in the page language: the game's name for it unless its player chose another. */
function seatLabel(gameInfo, s) {
  if (!s) return "";
  const en = gameInfo && gameInfo.seat_names && gameInfo.seat_names.en;
  const local = gameInfo && gameInfo.seat_names && gameInfo.seat_names[lang];
  if (en && local && s.name === en[s.seat] && local[s.seat]) return local[s.seat];
  // the engine's name for an unnamed seat (English, counted from 1 as people count): the page's words for it
  if (s.name === `seat ${s.seat + 1}`) return t("seat_n", { n: s.seat + 1 });
  return s.name;
}

function credKey(room) { return `tablecraft.seat.${room}`; }
function loadCred(room) {
  try { return JSON.parse(localStorage.getItem(credKey(room)) || "null"); } catch { return null; }
}
function saveCred(room, seat, token) { localStorage.setItem(credKey(room), JSON.stringify({ seat, token })); }
function dropCred(room) { localStorage.removeItem(credKey(room)); }
// A seat left mid-game (a stand-in plays it) is kept apart from the seat held: a reload does not take it back by
// itself — the person watches, and comes back only by "Back to my seat".
//
// Table talk: the quick phrases (GET /api/phrases) are said by id ("say") and arrive as "said" with the speaker's
// seat and the id, already in this page's language; the seats this reader muted are kept per room in
// localStorage ("tablecraft.mute.<room>"). The turn chime is made with the Web Audio API (no file is fetched), off
// unless the player turns it on ("tablecraft.sound").
function leftKey(room) { return `tablecraft.left.${room}`; }
function loadLeft(room) {
  try { return JSON.parse(localStorage.getItem(leftKey(room)) || "null"); } catch { return null; }
}
function dropLeft(room) { localStorage.removeItem(leftKey(room)); }

function setWhere(text) { document.getElementById("where").textContent = text || ""; }

// A private room is reached through its invite link (/rooms/<id>?invite=<secret>): the secret goes with every
// request about the room. The creator's token (returned when the room was made) lets the page remove players.
function invite() { return new URLSearchParams(location.search).get("invite"); }
function withInvite(path) {
  const secret = invite();
  return secret ? `${path}${path.includes("?") ? "&" : "?"}invite=${encodeURIComponent(secret)}` : path;
}
function creatorKey(room) { return `tablecraft.creator.${room}`; }

/** The practice / private labels of a room (a badge with its explanation as the tooltip). */
function roomBadges(info) {
  return [
    info.practice ? el("span", { class: "badge practice", title: t("practice_hint") }, t("practice")) : null,
    info.private ? el("span", { class: "badge private", title: t("private_hint") }, t("private_room")) : null,
  ];
}

// ------------------------------------------------------------------------------------------------- tables
const tableModules = {};
/** The table module of a game: tables/<id>.js, or the generic table if the game has none. */
async function tableFor(gameId) {
  // ?table=generic forces the fallback table (to inspect the raw view of any game)
  if (new URLSearchParams(location.search).get("table") === "generic") gameId = "generic";
  if (!tableModules[gameId]) {
    tableModules[gameId] = import(`./tables/${gameId}.js`).catch((e) => {
      console.warn(`no table for ${gameId} (${e}); using the generic table`);
      return import("./tables/generic.js");
    });
  }
  return tableModules[gameId];
}

/** What a drawing shows that can change: each data-key's data-value, and the face-up cards. */
function snapshot(holder) {
  const values = new Map();
  for (const n of holder.querySelectorAll("[data-key]")) values.set(n.dataset.key, n.dataset.value);
  return { values, cards: new Set([...holder.querySelectorAll("svg.card[data-card]")].map((n) => n.dataset.card)) };
}

/**
 * Mark what changed since `since` (the drawing when this seat last decided): a count or life that differs gets
 * the class "changed" and its difference as data-delta (shown as a badge), a card that was not on the table then
 * gets "new-card" — so a player sees at a glance what the others' turns did.
 */
function markChanges(root, since) {
  for (const n of root.querySelectorAll("[data-key]")) {
    if (!since.values.has(n.dataset.key)) continue;
    const a = parseFloat(since.values.get(n.dataset.key));
    const b = parseFloat(n.dataset.value);
    if (Number.isNaN(a) || Number.isNaN(b) || a === b) continue;
    n.classList.add("changed");
    n.dataset.delta = `${b > a ? "+" : "−"}${Math.abs(b - a)}`;
  }
  for (const n of root.querySelectorAll("svg.card[data-card]")) {
    if (!since.cards.has(n.dataset.card)) n.classList.add("new-card");
  }
}

/**
 * Give every drawn choice its description in the page's language as its accessible name: a screen reader reads a
 * card, an icon or a button showing notation as what choosing it does ("swap 10♥ with the right tower's card 1"),
 * never as the action's id. A table's own label is kept when it already says the description (and more).
 */
function nameChoices(root, legal) {
  for (const c of legal) {
    if (!c.text || c.text === c.id) continue;
    for (const n of root.querySelectorAll(`[data-action="${CSS.escape(c.id)}"]`)) {
      const own = n.getAttribute("aria-label");
      if (!own || !own.includes(c.text)) n.setAttribute("aria-label", c.text);
    }
  }
}

/**
 * Show what each choice costs this seat (`c.price`, the game's own `action_price` from the seat's knowledge) on the
 * choice itself, before the player commits: a button shows the price under its words; every drawn choice (a card,
 * a map tile) carries it in its accessible name and its tooltip (`data-price` too); and a list names the price of
 * each priced choice that is not a button — in the table's own place for it (an element with `data-prices`, near
 * what it draws as choices; its value, if any, is the list's heading), else at the end of the table. That element's
 * `data-price-word` ("代價：{price}"), if any, words the price in a name or tooltip: a table whose game writes
 * another script (wild-hunters' Traditional Chinese) keeps one script in one sentence.
 */
function priceChoices(root, legal) {
  const listed = [];
  const slot = root.querySelector("[data-prices]");
  const word = slot && slot.dataset.priceWord;
  for (const c of legal) {
    if (!c.price) continue;
    const costs = word ? word.replace("{price}", c.price) : t("price", { price: c.price });
    let shown = false;
    for (const n of root.querySelectorAll(`[data-action="${CSS.escape(c.id)}"]`)) {
      n.setAttribute("data-price", c.price);
      const name = n.getAttribute("aria-label") || c.text || c.id;
      if (!name.includes(c.price)) n.setAttribute("aria-label", `${name} — ${costs}`);
      if (n.namespaceURI === svg.SVG_NS) {
        let tip = n.querySelector(":scope > title");
        if (!tip) { tip = el("title", {}, c.text || c.id); n.prepend(tip); }
        if (!tip.textContent.includes(c.price)) tip.textContent = `${tip.textContent} — ${costs}`;
      } else {
        n.setAttribute("title", `${n.getAttribute("title") || c.text || c.id} — ${costs}`);
        if (n.tagName === "BUTTON") {
          n.appendChild(el("span", { class: "price" }, c.price));
          shown = true;
        }
      }
    }
    if (!shown) listed.push(c);
  }
  if (!listed.length) return;
  const title = (slot && slot.dataset.prices) || t("prices"); // a table may word the heading in its own terms
  const box = el("div", { class: "prices", role: "note", "aria-label": title }, [
    el("strong", {}, title),
    el("ul", {}, listed.map((c) => el("li", { "data-price-for": c.id }, [
      el("span", { class: "price-what" }, c.text || c.id), " — ", el("span", { class: "price" }, c.price)]))),
  ]);
  (slot || root).appendChild(box);
}

/**
 * Draw a table: a fresh root replaces `holder`'s content; elements that are new (data-key / face-up cards) or
 * whose data-value changed get a short animation, a life (data-life) that changed floats its difference, a card
 * drawn elsewhere before travels from there (motion.js); legal actions the table did not draw are added as
 * buttons; the keyboard focus stays on the same action when it still exists. Returns the cards that travelled.
 */
function drawTable(holder, mod, ctx, since = null, onDrawn = null) {
  const places = holder.childElementCount ? motion.cardPlaces(holder) : null;
  const old = new Map();
  const oldCards = new Set();
  for (const n of holder.querySelectorAll("[data-key]")) old.set(n.dataset.key, n.dataset.value);
  for (const n of holder.querySelectorAll("svg.card[data-card]")) oldCards.add(n.dataset.card);
  const first = holder.childElementCount === 0;
  const active = document.activeElement;
  const focusId = active && holder.contains(active) ? active.getAttribute("data-action") : null;
  const hadFocus = active && holder.contains(active);

  const root = el("div", { class: "table-root" });
  try {
    mod.renderTable(root, ctx);
  } catch (e) {
    console.error(e);
    root.replaceChildren(el("p", { class: "banner" }, `table error: ${e}`));
  }
  // every legal action must be clickable, even one the table has no place for
  const drawn = new Set([...root.querySelectorAll("[data-action]")].map((n) => n.getAttribute("data-action")));
  const missing = (ctx.legal || []).filter((c) => !drawn.has(c.id));
  if (missing.length) {
    root.appendChild(el("div", { class: "choices shell-choices" }, [
      el("h3", {}, t("choices")),
      missing.map((c) => svg.button(c.text || c.id, ctx.choose, { action: c.id })),
    ]));
  }
  if (since) markChanges(root, since);
  nameChoices(root, ctx.legal || []);
  priceChoices(root, ctx.legal || []);
  // `cancel` takes a play still being built back (a card chosen, its target not yet): marked the same way on every
  // table, so it reads as the way back rather than one more choice
  for (const n of root.querySelectorAll('[data-action="cancel"]')) n.classList.add("cancel-build");
  for (const c of ctx.legal || []) {
    if (!c.loses) continue;
    for (const n of root.querySelectorAll(`[data-action="${CSS.escape(c.id)}"]`)) {
      n.classList.add("loses");
      n.setAttribute("title", t("loses_hint"));
    }
  }
  // the overlay of what just happened stays over the new drawing until its pieces expire
  const overlay = holder.querySelector(":scope > .motion-layer");
  holder.replaceChildren(root, ...(overlay ? [overlay] : []));
  if (onDrawn) onDrawn(); // measured before the animations below move anything
  let moved = new Set();
  if (!first) {
    motion.relayout(holder);
    moved = motion.flipCards(holder, places);
    for (const n of root.querySelectorAll("[data-key]")) {
      const k = n.dataset.key;
      if (!old.has(k)) { n.classList.add("anim-enter"); continue; }
      const a = parseFloat(old.get(k));
      const b = parseFloat(n.dataset.value);
      if (!Number.isNaN(a) && !Number.isNaN(b) && a !== b) {
        n.classList.add(b < a ? "anim-down" : "anim-up");
        if (n.dataset.life !== undefined) motion.lifeChange(holder, n, a, b);
      }
      else if (old.get(k) !== n.dataset.value && n.dataset.value !== undefined) n.classList.add("anim-enter");
    }
    for (const n of root.querySelectorAll("svg.card[data-card]")) {
      if (!oldCards.has(n.dataset.card)) n.classList.add("anim-enter");
    }
  }
  // the keyboard keeps its place, without scrolling: a focus that scrolled would undo bringIntoView (onDrawn), and
  // the button just clicked (an acquire under the map, say) would pull the page away from the next decision
  if (focusId) {
    const again = root.querySelector(`[data-action="${CSS.escape(focusId)}"]`);
    (again || root.querySelector(".legal"))?.focus({ preventScroll: true });
  } else if (hadFocus) {
    root.querySelector(".legal")?.focus({ preventScroll: true });
  }
  return moved;
}

/**
 * Bring the decision into view: scroll the page (and any inner scroller) so that every legal action of the table
 * is on screen below the sticky top bar, or — when they cannot all fit — the first of them from the top.
 * Called once per new decision, never while the player scrolls on their own between decisions.
 */
function bringIntoView(holder) {
  const nodes = [...holder.querySelectorAll("[data-action].legal")];
  if (!nodes.length) return;
  // horizontal scrollers inside the table (a long hand): show the first action in them
  nodes[0].scrollIntoView({ block: "nearest", inline: "nearest" });
  const bar = document.querySelector(".topbar");
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const bottom = window.innerHeight;
  const margin = 12;
  let lo = Infinity;
  let hi = -Infinity;
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    lo = Math.min(lo, r.top);
    hi = Math.max(hi, r.bottom);
  }
  if (lo === Infinity) return;
  let dy = 0;
  if (hi - lo > bottom - top - 2 * margin) dy = lo - top - margin; // too tall: start at the first action
  else if (lo < top + margin) dy = lo - top - margin;
  else if (hi > bottom - margin) dy = hi - bottom + margin;
  if (dy) window.scrollBy({ top: dy, left: 0, behavior: "instant" });
}

function logItem(ne) {
  const kind = ne.event && ne.event.kind ? String(ne.event.kind) : "";
  return el("li", { class: kind ? `k-${kind}` : null, value: ne.seq, dataset: { seq: ne.seq } },
    ne.text || JSON.stringify(ne.event));
}

// -------------------------------------------------------------------------------------------------- lobby
async function showLobby() {
  setWhere(t("lobby"));
  document.title = "tablecraft";
  const list = await games();
  const formBox = el("div");
  const roomsBox = el("div");
  app.replaceChildren(
    el("h1", {}, t("app_title")),
    el("section", { class: "panel", "aria-labelledby": "new-room-h" }, [
      el("h2", { id: "new-room-h" }, t("new_room")),
      el("div", { class: "game-cards", role: "radiogroup", "aria-label": t("game") }, list.map((g) =>
        el("div", { class: "game-card", role: "radio", tabindex: 0, "aria-checked": "false", dataset: { game: g.id } }, [
          el("h3", {}, gameName(g)),
          el("div", { class: "muted" }, [
            g.seats[0] === g.seats[1] ? t("seats_fixed", { n: g.seats[0] }) : t("seats_range", { min: g.seats[0], max: g.seats[1] }),
            " · ",
            g.has_rules ? el("a", { href: `/rules/${g.id}`, target: "_blank", rel: "noopener" }, t("rules")) : null,
          ]),
        ]))),
      formBox,
    ]),
    el("section", { class: "panel", "aria-labelledby": "rooms-h" }, [
      el("div", { class: "row" }, [el("h2", { id: "rooms-h" }, t("open_rooms")),
        svg.button(t("refresh"), () => loadRooms(roomsBox, list))]),
      roomsBox,
    ]),
  );
  const cards = [...app.querySelectorAll(".game-card")];
  const select = (id) => {
    for (const c of cards) {
      const on = c.dataset.game === id;
      c.classList.toggle("selected", on);
      c.setAttribute("aria-checked", on ? "true" : "false");
    }
    formBox.replaceChildren(roomForm(list.find((g) => g.id === id)));
  };
  for (const c of cards) {
    c.addEventListener("click", (ev) => { if (ev.target.tagName !== "A") select(c.dataset.game); });
    c.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); select(c.dataset.game); }
    });
  }
  if (list.length) select(list[0].id);
  loadRooms(roomsBox, list);
  current = { dispose() {} };
}

/** An option's words in the page language: its label, help line and the names of its choices. */
function optionWord(words, fallback) {
  return (words && (words[lang] ?? words.en)) || fallback;
}

/** The value of a choice as the select carries it (a string), and back. */
function choiceKey(v) { return typeof v === "boolean" ? String(v) : String(v); }

function optionInput(opt) {
  const name = `opt-${opt.name}`;
  const id = `opt-${opt.name}`;
  const label = optionWord(opt.label, opt.name.replace(/_/g, " "));
  const help = optionWord(opt.help, "");
  const helpId = `${id}-help`;
  const choiceName = (c) => optionWord(opt.choice_words && opt.choice_words[choiceKey(c)], String(c));
  let input;
  if (typeof opt.default === "boolean") {
    input = el("input", { type: "checkbox", name, id, checked: opt.default ? true : null });
  } else if (opt.choices) {
    input = el("select", { name, id }, opt.choices.map((c) =>
      el("option", { value: choiceKey(c), selected: c === opt.default ? true : null }, choiceName(c))));
  } else if (typeof opt.default === "number") {
    input = el("input", { type: "number", name, id, value: opt.default, min: opt.min ?? null, max: opt.max ?? null,
      step: Number.isInteger(opt.default) ? 1 : "any", inputmode: "numeric", style: { width: "7em" } });
  } else {
    input = el("input", { type: "text", name, id, value: opt.default ?? "" });
  }
  input.dataset.option = opt.name;
  if (help) input.setAttribute("aria-describedby", helpId);
  const caption = el("label", { for: id }, label);
  return el("div", { class: "option", dataset: { group: opt.group || "variant" } }, [
    typeof opt.default === "boolean" ? el("div", { class: "option-line" }, [input, caption])
      : el("div", { class: "option-line" }, [caption, input]),
    help ? el("div", { class: "doc", id: helpId }, help) : null]);
}

function optionValue(input, opt) {
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value === "" ? opt.default : Number(input.value);
  if (opt.choices) {
    const found = opt.choices.find((c) => choiceKey(c) === input.value);
    return found === undefined ? input.value : found;
  }
  return input.value;
}

/** The name a person plays under, kept in this browser for the next room. */
function playerName() { return (localStorage.getItem("tablecraft.name") || "").trim(); }

/** A difficulty level's name (also for the bare agent spec a level stands for in this game: `heuristic` is 普通),
 * or for any other bare agent spec (a room made through the API) the agent's name in the page's language — the
 * spec's settings are for designers and stay out of the player's words. */
function levelName(g, a) {
  const levels = (g && g.levels) || [];
  const level = levels.find((lv) => lv.id === a) || levels.find((lv) => lv.spec === a);
  if (level) return level[`name_${lang}`];
  const base = String(a).split(":")[0];
  const key = `agent_${base}`;
  return t(key) !== key ? t(key) : a;
}

function roomForm(g) {
  const levels = (g.levels || []).map((lv) => lv.id);
  const agents = levels.length ? levels : (g.agents.length ? g.agents : ["random"]);
  const defaultBot = agents.includes("normal") ? "normal" : agents[0];
  const levelTitle = (a) => {
    const level = (g.levels || []).find((lv) => lv.id === a);
    return level ? level[`blurb_${lang}`] : null;
  };
  const seatsBox = el("div", { class: "seat-config" });
  const nSelect = el("select", { name: "num_seats", id: "num-seats" });
  const proposed = Math.min(g.seats[1], Math.max(g.seats[0], g.default_seats ?? g.seats[0]));
  for (let n = g.seats[0]; n <= g.seats[1]; n++) {
    nSelect.appendChild(el("option", { value: n, selected: n === proposed ? true : null }, String(n)));
  }
  const drawSeats = () => {
    const n = Number(nSelect.value);
    const names = (g.seat_names && g.seat_names[lang]) || [];
    seatsBox.replaceChildren(...Array.from({ length: n }, (_, i) => {
      const seatWord = `${t("seat_n", { n: i + 1 })}${names[i] ? ` · ${names[i]}` : ""}`;
      const kind = el("select", { name: `kind-${i}`, "aria-label": seatWord }, [
        el("option", { value: "human", selected: i === 0 ? true : null }, t("human")),
        el("option", { value: "bot", selected: i > 0 ? true : null }, t("bot")),
        // pass and play: a person at this same device (the server sees a person's seat like any other)
        el("option", { value: "local", title: t("this_device_hint") }, t("this_device")),
      ]);
      const agent = el("select", { name: `agent-${i}`, "aria-label": `${seatWord}: ${t("agent")}` },
        agents.map((a) => el("option", { value: a, title: levelTitle(a), selected: a === defaultBot ? true : null },
          levelName(g, a))));
      const sync = () => { agent.disabled = kind.value !== "bot"; };
      kind.addEventListener("change", sync);
      sync();
      return el("div", { class: "row seat-row", dataset: { seat: i } }, [el("strong", {}, seatWord), kind, agent]);
    }));
  };
  nSelect.addEventListener("change", drawSeats);
  drawSeats();
  const groups = { game: [], variant: [], designer: [] };
  for (const o of g.options) (groups[o.group] || groups.variant).push(optionInput(o));
  const nameInput = el("input", { type: "text", name: "player_name", id: "player-name", maxlength: 40,
    value: playerName(), placeholder: t("name_placeholder"), autocomplete: "nickname" });
  const turn = el("input", { type: "number", name: "turn_seconds", id: "turn-seconds", min: 0.5, step: "any",
    inputmode: "decimal", style: { width: "6em" } });
  const delay = el("input", { type: "number", name: "bot_delay", id: "bot-delay", min: 0, max: 10, step: "any",
    value: 0.6, inputmode: "decimal", style: { width: "5em" } });
  const standin = el("select", { name: "standin", id: "standin" }, agents.map((a) =>
    el("option", { value: a, selected: a === defaultBot ? true : null }, levelName(g, a))));
  const priv = el("input", { type: "checkbox", name: "private", id: "private-room" });
  const create = svg.button(t("create"), null, { kind: "primary", className: "create-room" });
  const section = (key, items, open) => (items.length
    ? el("details", { class: `options-${key}`, open: open ? true : null }, [
      el("summary", {}, t(`options_${key}`)), el("div", { class: "option-list" }, items)])
    : null);
  const form = el("form", { class: "room-form", dataset: { game: g.id } }, [
    el("h3", {}, gameName(g)),
    el("div", { class: "row" }, [el("label", { for: "player-name" }, t("your_name")), nameInput]),
    g.seats[0] === g.seats[1] ? null : el("div", { class: "row" }, [el("label", { for: "num-seats" }, t("num_seats")), nSelect]),
    seatsBox,
    section("game", groups.game, true),
    section("variant", groups.variant, false),
    section("designer", groups.designer, false),
    el("div", { class: "row" }, [el("label", { for: "turn-seconds" }, t("turn_seconds")), turn]),
    el("div", { class: "row" }, [el("label", { for: "bot-delay" }, t("bot_delay")), delay]),
    el("div", { class: "row" }, [el("label", { for: "standin" }, t("standin")), standin]),
    el("div", { class: "row" }, [priv, el("label", { for: "private-room" }, t("private_option"))]),
    el("div", { class: "row", style: { "margin-top": "8px" } }, [create]),
  ]);
  const submit = async (ev) => {
    ev.preventDefault();
    const n = Number(nSelect.value);
    const kinds = Array.from({ length: n }, (_, i) => form.querySelector(`[name=kind-${i}]`).value);
    const seats = kinds.map((kind, i) => (kind === "bot" ? { kind, agent: form.querySelector(`[name=agent-${i}]`).value }
      : { kind: "human" }));
    // the seats "on this device" are all held by this page; without any, the creator sits in the first free one
    const local = kinds.flatMap((kind, i) => (kind === "local" ? [i] : []));
    const opts = {};
    for (const o of g.options) {
      const input = form.querySelector(`[data-option="${o.name}"]`);
      const v = optionValue(input, o);
      if (v !== o.default) opts[o.name] = v;
    }
    const body = { game: g.id, options: opts, seats, standin: standin.value, bot_delay: Number(delay.value || 0) };
    const chosenName = nameInput.value.trim();
    if (chosenName) localStorage.setItem("tablecraft.name", chosenName); else localStorage.removeItem("tablecraft.name");
    if (turn.value) body.turn_seconds = Number(turn.value);
    if (priv.checked) body.private = true;
    create.disabled = true;
    create.textContent = t("creating");
    try {
      const info = await api("/api/rooms", { method: "POST", body: JSON.stringify(body) });
      localStorage.setItem(creatorKey(info.room), info.creator_token);
      const human = info.seats.some((s) => s.kind === "human");
      const q = new URLSearchParams();
      if (info.invite) q.set("invite", info.invite);
      if (local.length > 1) saveHotSeat(info.room, { seats: local, tokens: {}, last: null });
      else if (local.length === 1) q.set("sit", String(local[0]));
      else if (human) q.set("sit", "auto");
      location.assign(`/rooms/${info.room}${q.toString() ? `?${q}` : ""}`);
    } catch (e) {
      toast(`${t("error")}: ${e.message}`);
      create.disabled = false;
      create.textContent = t("create");
    }
  };
  form.addEventListener("submit", submit);
  create.addEventListener("click", submit);
  return form;
}

async function loadRooms(box, list) {
  let rooms;
  try { rooms = await api("/api/rooms?limit=40"); } catch (e) { box.replaceChildren(el("p", {}, e.message)); return; }
  if (!rooms.length) { box.replaceChildren(el("p", { class: "muted" }, t("no_rooms"))); return; }
  const byId = Object.fromEntries(list.map((g) => [g.id, g]));
  box.replaceChildren(el("table", { class: "rooms" }, [
    el("thead", {}, el("tr", {}, [t("game"), t("room", { id: "" }), t("seat"), "", ""].map((h) => el("th", {}, h)))),
    el("tbody", {}, rooms.map((r) => {
      const free = r.seats.filter((s) => s.kind === "human" && !s.claimed).length;
      const links = [];
      if (r.status === "waiting" && free) links.push(el("a", { class: "btn", href: `/rooms/${r.room}?sit=auto` }, t("join")));
      if (r.status === "finished") links.push(el("a", { class: "btn", href: `/rooms/${r.room}#replay` }, t("replay")));
      else links.push(el("a", { class: "btn", href: `/rooms/${r.room}` }, r.status === "waiting" ? t("open") : t("watch")));
      return el("tr", { dataset: { room: r.room } }, [
        el("td", {}, [gameName(byId[r.game]) || r.game, ...roomBadges(r)]),
        el("td", {}, el("code", {}, r.room)),
        el("td", {}, r.seats.map((s) => seatLabel(byId[r.game], s) + (s.kind === "bot" ? "🤖" : s.claimed ? "" : `(${t("free")})`)).join(", ")),
        el("td", {}, t(`status_${r.status}`)),
        el("td", { class: "row" }, links),
      ]);
    })),
  ]));
}

// --------------------------------------------------------------------------------------------------- room
class RoomPage {
  /** `host`: the pass-and-play controller when this page is one of several seats held on this device (it keeps the
   * seats' tokens and decides which one page is in the document); `localSeat`: the seat this page holds for it. */
  constructor(id, host = null, localSeat = null) {
    this.id = id;
    this.host = host;
    this.localSeat = localSeat;
    this.ws = null;
    this.closing = false;
    this.retry = 0;
    this.seat = null;
    this.token = null;
    this.lastSeq = 0;
    this.frame = null; // the latest welcome/update data (view, legal, status …)
    this.seats = [];
    this.pending = null;
    this.motionQueue = []; // the events of the latest frames not yet shown moving on the table
    this.endShown = false;
    this.timedOutShown = new Set(); // the plies whose "time ran out" line the log shows
    this.talk = []; // the table talk shown: {n, seat, phrase, text}, oldest first
    this.talkN = 0; // the number of the latest phrase received (the server numbers them from 1)
    this.bubbles = new Map(); // seat → {text, until}: the speech bubble at a seat that just spoke
    this.muted = loadMuted(id);
    this.phraseList = [];
    this.phraseInterval = 3; // seconds between two phrases of a seat (the server's hello says how many)
    this.timer = setInterval(() => this.tick(), 250);
    // Esc takes back a play still being built (the game offers `cancel` only then), unless a dialog is open
    this.onKey = (ev) => {
      if (ev.key !== "Escape" || document.querySelector("dialog[open]") || !this.shown()) return;
      if (this.legalChoices().some((c) => c.id === "cancel")) { ev.preventDefault(); this.choose("cancel"); }
    };
    document.addEventListener("keydown", this.onKey);
  }

  /** Whether this page is the one in the document (always, unless another seat on this device is shown or the
   * hand-over cover is up). */
  shown() { return !this.host || this.host.active === this; }

  /** The credentials of the seat this page holds: its own localStorage entry, or the pass-and-play store's. */
  myCred() { return this.host ? this.host.cred(this.localSeat) : loadCred(this.id); }
  keepCred(seat, token) { if (this.host) this.host.keep(seat, token); else saveCred(this.id, seat, token); }
  forgetCred() { if (this.host) this.host.forget(this.localSeat); else dropCred(this.id); }

  /** Taken out of the document for another seat on this device: nothing of this seat's view stays drawn, and its
   * decision is brought into view again when it is shown next. */
  hide() {
    this.tableBox?.replaceChildren();
    this.shownDecision = null;
    this.wasMyTurn = false;
    clearTimeout(this.autoTimer?.handle);
    this.autoTimer = null;
  }

  dispose() {
    this.closing = true;
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.timer);
    clearTimeout(this.sayTimer);
    clearTimeout(this.autoTimer?.handle);
    if (this.ws) this.ws.close();
  }

  async start() {
    setWhere(t("room", { id: this.id }));
    let info;
    try {
      info = await api(withInvite(`/api/rooms/${this.id}`));
    } catch (e) {
      app.replaceChildren(el("p", { class: "banner" }, e.status === 404 ? t("no_room", { id: this.id }) : e.message),
        el("p", {}, el("a", { href: "/" }, t("back_lobby"))));
      return;
    }
    this.info = info;
    this.seats = info.seats;
    this.game = (await games()).find((g) => g.id === info.game);
    this.mod = await tableFor(info.game);
    this.phraseList = await phrases();
    document.title = `${gameName(this.game)} · ${info.room}`;
    this.layout();
    if (this.host) { // a seat on this device: taken once (the creator's page), then resumed with its token
      const held = this.myCred();
      if (held && held.token) this.connect("resume", held);
      else this.connect("join", { seat: this.localSeat });
      return;
    }
    const cred = loadCred(this.id);
    const sit = new URLSearchParams(location.search).get("sit");
    if (cred) this.connect("resume", cred);
    else if (sit !== null && info.status === "waiting") this.connect("join", { seat: /^\d+$/.test(sit) ? Number(sit) : null });
    else this.connect("spectate");
  }

  layout() {
    // the server's link: on its public address when it has one (else on the address this page came from)
    const link = withInvite(this.info.link || `${location.origin}/rooms/${this.id}`);
    let linkHost = "";
    try { linkHost = new URL(link).hostname; } catch { linkHost = ""; }
    const onlyHere = ["localhost", "127.0.0.1", "[::1]", "::1"].includes(linkHost);
    const linkInput = el("input", { type: "text", readonly: true, value: link, "aria-label": t("invite"), class: "invite-link" });
    const copy = svg.button(t("copy"), async () => {
      linkInput.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand && document.execCommand("copy"); }
      copy.textContent = t("copied");
    });
    this.seatsBox = el("div", { class: "seats", "aria-label": t("seat") });
    this.statusLine = el("div", { class: "status-line", role: "status" });
    this.tableBox = el("div", { class: "table-wrap", id: "table", "aria-label": t("table") });
    this.recentBox = el("ol", { class: "recent", id: "recent", "aria-live": "polite", "aria-labelledby": "recent-h" });
    this.recentHead = el("h2", { id: "recent-h", class: "recent-head" }, t("recent"));
    this.recent = []; // the events since this seat's previous decision (all of them, oldest first)
    this.logList = el("ol", { class: "log", id: "log", tabindex: 0, "aria-label": t("log") });
    this.banner = el("div", { class: "banner", hidden: true }, t("reconnecting"));
    this.leaveBtn = svg.button(t("leave"), () => this.leave(), { className: "leave", kind: "ghost" });
    this.leaveBtn.hidden = true;
    this.autoPass = el("input", { type: "checkbox", id: "auto-pass", checked: autoPassOn() ? true : null });
    this.autoPass.addEventListener("change", () => {
      localStorage.setItem(AUTO_PASS_KEY, this.autoPass.checked ? "1" : "0");
      this.render();
    });
    const autoPassBox = el("div", { class: "row prefs" }, [this.autoPass,
      el("label", { for: "auto-pass", title: t("auto_pass_hint") }, t("auto_pass"))]);
    this.sound = el("input", { type: "checkbox", id: "turn-sound", checked: soundOn() ? true : null });
    this.sound.addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, this.sound.checked ? "1" : "0");
      if (this.sound.checked) chime(); // the click lets the browser play it, and the player hears what it sounds like
    });
    const soundBox = el("div", { class: "row prefs" }, [this.sound,
      el("label", { for: "turn-sound", title: t("turn_sound_hint") }, t("turn_sound"))]);
    // quick phrases: seated players say them; spectators only read
    this.sayBox = el("details", { class: "say", id: "say", hidden: true }, [
      el("summary", { class: "btn", title: t("say_hint") }, [talkIcon(), t("say")]),
      el("div", { class: "phrase-list", role: "group", "aria-label": t("say") }, this.phraseList.map((p) =>
        svg.button(phraseWords(this.phraseList, p.id), () => this.say(p.id), { className: `phrase phrase-${p.id}` }))),
    ]);
    this.talkList = el("ol", { class: "talk", id: "talk", "aria-live": "polite", "aria-labelledby": "talk-h",
      dataset: { empty: t("talk_empty") } });
    // the page's parts: put in the document at once, or — for a seat on this device — only while it is shown
    this.parts = [
      el("div", { class: "room-head" }, [
        el("h1", {}, [gameName(this.game) || this.info.game, ...roomBadges(this.info)]),
        el("span", { class: "muted" }, t("room", { id: this.id })),
        el("span", { class: "invite row" }, [el("span", {}, t("invite")), linkInput, copy,
          onlyHere ? el("span", { class: "muted invite-local" }, t("invite_local")) : null]),
        this.game && this.game.has_rules
          ? el("a", { class: "btn rules-link", href: `/rules/${this.info.game}?lang=${lang}`, target: "_blank", rel: "noopener" }, t("rules"))
          : null,
        el("a", { class: "btn", href: `#replay`, hidden: true, id: "replay-link" }, t("replay")),
        this.leaveBtn,
      ]),
      this.banner,
      this.seatsBox,
      el("div", { class: "row status-row" }, [this.statusLine,
        el("div", { class: "row prefs-group" }, [this.sayBox, autoPassBox, soundBox])]),
      el("div", { class: "room-layout" }, [
        el("section", { class: "table-side" }, [this.tableBox]),
        // what happened since this seat's last decision, and the whole log: beside the table on a wide screen
        // (kept on screen while the page scrolls to the decision), above and below it on a phone
        el("aside", { class: "log-side" }, [
          el("div", { class: "recent-wrap" }, [this.recentHead, this.recentBox]),
          el("section", { class: "panel log-panel" }, [el("h2", {}, t("log")), this.logList]),
          el("section", { class: "panel talk-panel" }, [el("h2", { id: "talk-h" }, t("talk")), this.talkList]),
        ]),
      ]),
    ];
    if (!this.host) this.mount();
  }

  /** Put this page in the document (in place of whatever it shows). */
  mount() {
    app.replaceChildren(...this.parts);
    window.tablecraftRoom = this; // a handle for debugging (and for the tests' dropped-connection check)
  }

  // --- connection --------------------------------------------------------------------------------------
  connect(mode, arg = {}) {
    if (this.ws) { this.ws.onclose = null; this.ws.close(); }
    this.mode = mode;
    this.resumeArg = mode === "resume" ? arg : null;
    this.bound = false;
    if (mode === "join") { this.lastSeq = 0; this.logList.replaceChildren(); this.timedOutShown.clear(); } // the seat's own redaction from the start
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      let msg;
      if (mode === "join") {
        msg = { type: "join", room: this.id, lang };
        // the seats on one device keep the game's names for them, so the hand-over screen can tell them apart
        if (playerName() && !this.host) msg.name = playerName();
        if (arg.seat !== null && arg.seat !== undefined) msg.seat = arg.seat;
        if (invite()) msg.invite = invite();
      } else if (mode === "resume") {
        msg = { type: "resume", room: this.id, seat: arg.seat, token: arg.token, last_seq: this.lastSeq, lang };
      } else {
        msg = { type: "spectate", room: this.id, last_seq: this.lastSeq, lang };
        if (invite()) msg.invite = invite();
      }
      ws.send(JSON.stringify(msg));
    };
    ws.onmessage = (ev) => {
      let frame;
      try { frame = JSON.parse(ev.data); } catch { return; }
      this.handle(frame);
    };
    ws.onclose = () => {
      if (this.closing || this.ws !== ws) return;
      this.banner.hidden = false;
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => {
        if (this.closing || this.ws !== ws) return;
        const cred = this.myCred();
        if (cred && cred.token) this.connect("resume", cred);
        else this.connect("spectate");
      }, delay);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  handle(f) {
    switch (f.type) {
      case "hello":
        if (f.limits && f.limits.phrase_interval) this.phraseInterval = f.limits.phrase_interval;
        break;
      case "said":
        this.hear(f, true);
        break;
      case "welcome":
        this.bound = true;
        this.retry = 0;
        this.banner.hidden = true;
        if (f.token) this.keepCred(f.seat, f.token);
        if (f.seat !== null && this.mode === "resume" && this.resumeArg) this.keepCred(f.seat, this.resumeArg.token);
        if (f.seat !== null) dropLeft(this.id);
        this.seat = f.seat;
        this.token = f.seat !== null ? (f.token || (this.myCred() || {}).token) : null;
        if (f.resync || this.lastSeq > f.seq) { this.lastSeq = 0; this.logList.replaceChildren(); this.timedOutShown.clear(); }
        this.seats = f.seats;
        this.hearAll(f.talk || []);
        this.turnSeconds = f.turn_seconds;
        this.options = f.options || {};
        this.addEvents(f.events, f.timed_out || []);
        this.apply(f);
        if (this.pending && this.pending.ply === f.ply && f.legal && f.legal.includes(this.pending.action)) {
          this.send({ type: "move", token: this.token, action: this.pending.action, move_id: this.pending.id, ply: f.ply });
        }
        break;
      case "update":
        // the events this frame adds are shown moving on the table once it is drawn (never those a welcome
        // sends again after a reload: they are not news)
        this.motionQueue.push(...(f.events || []).filter((ne) => ne.seq > this.lastSeq && ne.event).map((ne) => ne.event));
        this.addEvents(f.events, f.timed_out ? [f.timed_out] : []);
        this.apply(f);
        break;
      case "ack":
        if (this.pending && this.pending.id === f.move_id) this.pending = null;
        break;
      case "seats":
        this.seats = f.seats;
        if (this.frame) this.frame.status = f.status;
        this.render();
        break;
      case "left":
        // a reload must not silently take the seat back: the held seat is forgotten; one a stand-in now plays
        // is remembered apart, for "Back to my seat"
        if (f.standin && this.token && !this.host) localStorage.setItem(leftKey(this.id), JSON.stringify({ seat: f.seat, token: this.token }));
        this.forgetCred();
        if (f.kicked) toast(t("kicked"));
        this.connect("spectate");
        break;
      case "error":
        this.onError(f);
        break;
      default:
        break;
    }
  }

  /** What a refused request (an error frame) says to the player: on an English page the server's own message; on
   * another page its words for the error's code, since the server words its messages in English only. */
  refusal(f) {
    if (lang === "en") return f.message;
    const key = `refused_${f.code}`;
    return t(key) !== key ? t(key) : t("refused_other");
  }

  onError(f) {
    if (f.code === "phrase_too_soon" || f.code === "unknown_phrase") { // table talk: nothing of the game changed
      toast(t(f.code === "phrase_too_soon" ? "talk_too_soon" : "talk_unknown"));
      return;
    }
    if (this.pending && f.ref === this.pending.id) this.pending = null;
    if (f.code === "bad_token" || (this.mode === "resume" && (f.code === "no_such_seat" || f.code === "seat_is_bot"))) {
      this.forgetCred();
      dropLeft(this.id);
      this.connect("spectate");
      return;
    }
    if (this.mode === "join" && !this.bound) { // the seat could not be taken: watch instead
      toast(this.refusal(f));
      if (this.host) this.forgetCred();
      this.connect("spectate");
      return;
    }
    toast(this.refusal(f));
    this.render(); // a refused move: draw the choices again (clickable)
  }

  // --- table talk ---------------------------------------------------------------------------------------
  /** Say a quick phrase (by its id); the buttons rest for the server's interval so a second one is not refused. */
  say(id) {
    if (this.seat === null || !this.token) return;
    this.send({ type: "say", token: this.token, phrase: id });
    this.sayBox.open = false;
    const buttons = [...this.sayBox.querySelectorAll("button.phrase")];
    for (const b of buttons) b.disabled = true;
    clearTimeout(this.sayTimer);
    this.sayTimer = setTimeout(() => { for (const b of buttons) b.disabled = false; }, this.phraseInterval * 1000);
  }

  /** The recent phrases a welcome carries: those not shown yet (all, if the server's numbering started again). */
  hearAll(list) {
    const last = list.length ? list[list.length - 1].n : 0;
    if (last < this.talkN) this.talkN = 0; // a restarted server numbers its phrases from 1 again
    for (const s of list) this.hear(s, false);
  }

  /** A phrase said at the table: a line in the talk list and, when it is new, a bubble at the speaker's seat —
   * unless this reader muted that seat. */
  hear(s, fresh) {
    if (s.n <= this.talkN) return;
    this.talkN = s.n;
    const line = { n: s.n, seat: s.seat, phrase: s.phrase, text: s.text || phraseWords(this.phraseList, s.phrase) };
    this.talk.push(line);
    if (this.talk.length > TALK_MAX) this.talk.shift();
    if (this.isMuted(s.seat)) return;
    this.talkList.append(this.talkLine(line));
    while (this.talkList.childElementCount > TALK_MAX) this.talkList.firstElementChild.remove();
    this.talkList.scrollTop = this.talkList.scrollHeight;
    if (fresh) {
      this.bubbles.set(s.seat, { text: line.text, until: Date.now() + BUBBLE_MS });
      if (this.frame) this.renderSeats();
    }
  }

  isMuted(seat) { return seat !== this.seat && this.muted.has(seat); }

  talkName(seat) {
    const s = this.seats.find((x) => x.seat === seat);
    const name = s ? seatLabel(this.game, s) : t("seat_n", { n: seat + 1 });
    return seat === this.seat ? `${name} (${t("you")})` : name;
  }

  talkLine(line) {
    return el("li", { dataset: { seat: line.seat, phrase: line.phrase, n: line.n } },
      [el("strong", {}, this.talkName(line.seat)), ": ", el("span", { class: "said" }, line.text)]);
  }

  /** Hide (or show again) what `seat` says, on this device; the list is drawn again without (or with) it. */
  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else { this.muted.add(seat); this.bubbles.delete(seat); }
    saveMuted(this.id, this.muted);
    this.talkList.replaceChildren(...this.talk.filter((x) => !this.isMuted(x.seat)).map((x) => this.talkLine(x)));
    this.renderSeats();
  }

  /** Add new events to the log and the "since your last move" list; `timedOut` are the moves the turn timer
   * played for this seat, each shown as a line just before its move's events. */
  addEvents(events, timedOut = []) {
    events = events || [];
    const lines = timedOut.filter((x) => !this.timedOutShown.has(x.ply));
    if (!events.length && !lines.length) return;
    const fresh = [];
    const timedOutLine = (x) => {
      this.timedOutShown.add(x.ply);
      const li = el("li", { class: "k-timed-out", dataset: { seq: x.seq, timedOut: x.ply } },
        x.text || t("timed_out", { action: x.action }));
      li.classList.add("fresh");
      fresh.push(li);
    };
    for (const ne of events) {
      while (lines.length && lines[0].seq < ne.seq) timedOutLine(lines.shift());
      if (ne.seq <= this.lastSeq) continue;
      const li = logItem(ne);
      li.classList.add("fresh");
      fresh.push(li);
      this.lastSeq = ne.seq;
    }
    while (lines.length) timedOutLine(lines.shift());
    if (!fresh.length) return;
    // what happened since this seat last decided: every event, the new ones fading in one after another
    const before = this.recent.length;
    this.recent.push(...fresh.map((li) => ({ seq: Number(li.dataset.seq), text: li.textContent,
      cls: li.className.replace("fresh", "").trim() })));
    const keep = this.seat === null ? RECENT_WATCHING : RECENT_MAX;
    const cut = Math.max(0, this.recent.length - keep);
    this.recent.splice(0, cut);
    this.drawRecent(Math.max(0, before - cut));
    const atBottom = this.logList.scrollHeight - this.logList.scrollTop - this.logList.clientHeight < 40;
    this.logList.append(...fresh);
    if (atBottom || fresh.length > 20) this.logList.scrollTop = this.logList.scrollHeight;
  }

  /** Draw the "since your last move" list; items after the first `known` are new and fade in in order. */
  drawRecent(known = this.recent.length) {
    const total = this.recent.length;
    this.recentBox.replaceChildren(...this.recent.map((r, i) => el("li", {
      class: [r.cls || null, i >= known ? "fresh-in" : null],
      style: i >= known ? { "animation-delay": `${Math.min(i - known, 12) * 90}ms` } : null,
      dataset: { seq: r.seq },
    }, r.text)));
    this.recentHead.textContent = this.seat === null ? t("recent")
      : `${t("recent_since")}${total ? ` (${total})` : ""}`;
    this.recentBox.scrollTop = this.recentBox.scrollHeight;
  }

  apply(f) {
    this.frame = {
      view: f.view, legal: f.legal || null, choices: f.choices || null, status: f.status, toMove: f.to_move,
      ply: f.ply, deadline: f.deadline ?? null, result: f.result ?? null,
    };
    if (this.host) this.host.onFrame(this); // the turn may have passed to another seat on this device
    this.render();
  }

  choose(id, confirmed = false) {
    if (!this.frame || this.seat === null) return;
    if (this.pending && this.pending.ply === this.frame.ply) return; // one decision per position
    const choice = (this.frame.choices || []).find((c) => c.id === id);
    if (choice && choice.loses && !confirmed) { this.confirmLoss(choice); return; }
    this.tableBox.classList.add("waiting");
    // this decision is the new starting point of "since your last move", on the list and on the table
    this.recent = [];
    this.drawRecent();
    this.baseline = snapshot(this.tableBox);
    const moveId = `${this.seat}-${this.frame.ply}-${Math.random().toString(36).slice(2, 10)}`;
    this.pending = { id: moveId, action: id, ply: this.frame.ply };
    this.send({ type: "move", token: this.token, action: id, move_id: moveId, ply: this.frame.ply });
  }

  /** Ask before a move that loses the game for this seat's side; the move is sent only on "play it anyway". */
  confirmLoss(choice) {
    const ply = this.frame.ply;
    this.ask(t("confirm_loss_title"), t("confirm_loss", { action: choice.text || choice.id }), t("confirm_loss_play"),
      () => { if (this.frame && this.frame.ply === ply) this.choose(choice.id, true); });
  }

  /** A modal question with "cancel" first (the default, so Enter or Esc sends nothing) and `yes` second. */
  ask(title, text, yes, onYes) {
    document.getElementById("confirm-dialog")?.remove();
    const dlg = el("dialog", { class: "end confirm", id: "confirm-dialog", "aria-labelledby": "confirm-title" }, [
      el("h2", { id: "confirm-title" }, title),
      el("p", {}, text),
      el("div", { class: "row" }, [
        svg.button(t("cancel"), () => dlg.close(), { kind: "primary", className: "confirm-cancel" }),
        svg.button(yes, () => { dlg.close(); onYes(); }, { className: "confirm-play" }),
      ]),
    ]);
    document.body.appendChild(dlg);
    dlg.addEventListener("close", () => { dlg.remove(); this.render(); });
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute("open", "");
  }

  /** Leave the seat; during a game only after a yes, because a stand-in bot then plays it until the player is back. */
  leave() {
    if (!this.token) return;
    const go = () => { if (this.token) this.send({ type: "leave", token: this.token }); };
    if (this.frame && this.frame.status === "playing") this.ask(t("confirm_leave_title"), t("confirm_leave"), t("leave"), go);
    else go();
  }

  async removePlayer(seat, creatorToken) {
    try {
      await api(`/api/rooms/${this.id}/kick`, { method: "POST", body: JSON.stringify({ seat, creator_token: creatorToken }) });
    } catch (e) { toast(`${t("error")}: ${e.message}`); }
  }

  // --- drawing ------------------------------------------------------------------------------------------
  legalChoices() {
    const f = this.frame;
    if (!f || f.status !== "playing" || this.seat === null || f.toMove !== this.seat) return [];
    if (f.choices) return f.choices;
    return (f.legal || []).map((id) => ({ id, text: id }));
  }

  ctxSeats() {
    return this.seats.map((s) => ({ seat: s.seat, name: seatLabel(this.game, s), kind: s.kind }));
  }

  render() {
    if (!this.frame || !this.shown()) return; // a seat on this device not shown now draws nothing
    const f = this.frame;
    this.renderSeats();
    const me = this.seat;
    let status = "";
    this.statusLine.classList.remove("your-turn");
    if (f.status === "waiting") status = t("waiting_players");
    else if (f.status === "finished") status = t("game_over");
    else if (me !== null && f.toMove === me) { status = t("your_turn"); this.statusLine.classList.add("your-turn"); }
    else {
      const s = this.seats.find((x) => x.seat === f.toMove);
      status = t("waiting_for", { name: s ? seatLabel(this.game, s) : f.toMove });
      if (me === null) status = `${t("spectating")} ${status}`;
    }
    const only = me !== null && f.status === "playing" && f.toMove === me ? this.legalChoices() : [];
    if (only.length === 1 && autoPassOn() && !(this.pending && this.pending.ply === f.ply)) {
      status = `${status} · ${t("auto_passing", { action: only[0].text || only[0].id })}`;
      if (this.autoTimer?.ply !== f.ply) {
        clearTimeout(this.autoTimer?.handle);
        const ply = f.ply;
        this.autoTimer = { ply, handle: setTimeout(() => {
          const now = this.legalChoices();
          if (this.frame && this.frame.ply === ply && now.length === 1 && autoPassOn()) this.choose(now[0].id);
        }, AUTO_PASS_MS) };
      }
    }
    this.statusLine.textContent = status;
    // the tab says so when this seat must decide (seen from another tab or window)
    const myTurn = me !== null && f.status === "playing" && f.toMove === me;
    document.title = `${myTurn ? `● ${t("your_turn")} · ` : ""}${gameName(this.game)} · ${this.id}`;
    // and, if the player asked for it, a chime as the decision becomes theirs (not for one the page plays itself)
    if (myTurn && !this.wasMyTurn && !(only.length === 1 && autoPassOn()) && soundOn()) chime();
    this.wasMyTurn = myTurn;
    this.sayBox.hidden = me === null;
    // the seats on one device stay together: none of them leaves alone (closing the page is how they stop)
    this.leaveBtn.hidden = me === null || f.status === "finished" || Boolean(this.host);
    const legal = this.legalChoices();
    const ctx = {
      view: f.view, seat: me, seats: this.ctxSeats(), toMove: f.toMove, legal,
      choose: (id) => { if (legal.some((c) => c.id === id)) this.choose(id); },
      lang, t, svg, status: f.status, result: f.result, options: this.options || {},
    };
    this.tableBox.classList.toggle("waiting", Boolean(this.pending && this.pending.ply === f.ply));
    if (f.view === null || f.view === undefined) { // nothing is dealt before every seat is taken
      this.tableBox.replaceChildren(el("p", { class: "deal-wait muted" }, t("deal_at_start")));
      this.motionQueue = [];
    } else {
      // a new decision for this seat: bring it on screen (once; the player may scroll away afterwards)
      const key = legal.length ? `${f.ply}:${legal.map((c) => c.id).join(",")}` : null;
      const moved = drawTable(this.tableBox, this.mod, ctx, legal.length ? this.baseline : null, () => {
        if (key && key !== this.shownDecision) {
          this.shownDecision = key;
          bringIntoView(this.tableBox);
        }
      });
      // what the new events did, from user to target, after the drawing (never before it: input is not delayed)
      const news = this.motionQueue.splice(0);
      motion.showEvents(this.tableBox, this.mod, ctx, news, moved);
      motion.showBuild(this.tableBox, this.mod, ctx);
    }
    this.tableBox.dataset.ply = f.ply;
    this.tableBox.dataset.status = f.status;
    this.tableBox.dataset.toMove = f.toMove;
    const rl = document.getElementById("replay-link");
    if (rl) rl.hidden = f.status !== "finished";
    if (f.status === "finished" && !this.endShown) {
      this.endShown = true;
      this.showEnd();
    }
  }

  renderSeats() {
    const f = this.frame;
    this.seatsBox.replaceChildren(...this.seats.map((s) => {
      const toMove = f && f.status === "playing" && f.toMove === s.seat;
      const free = s.kind === "human" && !s.claimed;
      const parts = [
        el("div", { class: "who" }, [
          el("span", { class: ["dot", s.kind === "bot" || s.connected ? "on" : null], "aria-hidden": "true" }),
          seatLabel(this.game, s), s.seat === this.seat ? ` (${t("you")})` : "",
          s.seat !== this.seat && this.host && this.host.isLocal(s.seat) ? ` (${t("this_device_seat")})` : "",
        ]),
        el("div", { class: "muted" }, s.kind === "bot" ? t("bot_kind", { agent: levelName(this.game, s.agent || "random") })
          : free ? t("free") : s.standin ? t("standin_on") : s.connected ? t("connected") : t("away")),
      ];
      if (toMove) parts.push(el("div", { class: "timer", dataset: { seat: s.seat } }, t("to_move")));
      const bubble = this.bubbles.get(s.seat);
      if (bubble && bubble.until > Date.now() && !this.isMuted(s.seat)) {
        parts.push(el("div", { class: "bubble", dataset: { seat: s.seat } }, bubble.text));
      }
      // a person who has spoken (or was muted) can be muted here; bots never speak
      if (s.kind === "human" && s.seat !== this.seat && (this.muted.has(s.seat) || this.talk.some((x) => x.seat === s.seat))) {
        const muted = this.muted.has(s.seat);
        const b = svg.button(t(muted ? "unmute" : "mute"), () => this.toggleMute(s.seat),
          { className: "mute", kind: "ghost", title: muted ? null : t("mute_hint", { name: seatLabel(this.game, s) }) });
        b.dataset.muted = muted ? "true" : "false";
        parts.push(b);
      }
      const left = this.seat === null && f && f.status === "playing" ? loadLeft(this.id) : null;
      if (left && left.seat === s.seat && s.kind === "human") {
        parts.push(svg.button(t("take_back"), () => this.connect("resume", left),
          { className: "take-back", kind: "primary", title: t("take_back_hint") }));
      }
      if (free && this.seat === null && f && f.status === "waiting") {
        parts.push(svg.button(t("sit_here"), () => this.connect("join", { seat: s.seat }), { className: "sit" }));
      }
      const creator = localStorage.getItem(creatorKey(this.id));
      if (creator && s.kind === "human" && s.claimed && s.seat !== this.seat && f && f.status === "waiting") {
        parts.push(svg.button(t("remove_player"), () => this.removePlayer(s.seat, creator), { className: "kick", kind: "ghost" }));
      }
      return el("div", { class: ["seat-chip", toMove ? "to-move" : null, s.seat === this.seat ? "me" : null],
        dataset: { seat: s.seat } }, parts);
    }));
  }

  tick() {
    if (this.bubbles.size) { // a speech bubble's time is up: draw the seats without it
      const now = Date.now();
      let gone = false;
      for (const [seat, b] of this.bubbles) if (b.until <= now) { this.bubbles.delete(seat); gone = true; }
      if (gone && this.frame) this.renderSeats();
    }
    const f = this.frame;
    if (!f || f.status !== "playing") return;
    const timer = this.seatsBox && this.seatsBox.querySelector(".timer");
    if (!timer) return;
    if (f.deadline) {
      const s = Math.max(0, Math.ceil(f.deadline - Date.now() / 1000));
      timer.textContent = `${t("to_move")} · ${t("time_left", { s })}`;
    }
  }

  showEnd() {
    const f = this.frame;
    const winners = (f.result && f.result.winners) || [];
    const names = winners.map((w) => seatLabel(this.game, this.seats.find((s) => s.seat === w) || { seat: w, name: String(w) }));
    const lines = [el("h2", {}, t("game_over"))];
    const mine = ((f.result && f.result.returns) || [])[this.seat];
    const drawn = !winners.length && !(mine < 0);
    if (this.seat !== null && !drawn) {
      lines.push(el("p", { class: "verdict" }, winners.includes(this.seat) ? t("you_won") : t("you_lost")));
    }
    const returns = (f.result && f.result.returns) || [];
    const allLost = !winners.length && returns.length > 0 && returns.every((r) => r < 0);
    lines.push(el("p", {}, winners.length ? t("winners", { names: names.join(", ") })
      : allLost ? t("all_lost") : t("draw_game")));
    const last = this.logList.lastElementChild;
    if (last) lines.push(el("p", { class: "muted end-reason" }, last.textContent));
    const dlg = el("dialog", { class: "end", id: "end-dialog", "aria-labelledby": "end-title" }, [
      ...lines,
      el("div", { class: "row" }, [
        el("a", { class: "btn btn-primary", href: "#replay" }, t("replay")),
        svg.button(t("view_table"), () => dlg.close()),
        el("a", { class: "btn", href: "/" }, t("back_lobby")),
      ]),
    ]);
    lines[0].id = "end-title";
    document.body.appendChild(dlg);
    dlg.addEventListener("close", () => dlg.remove());
    if (dlg.showModal) dlg.showModal(); else dlg.setAttribute("open", "");
  }
}

// ------------------------------------------------------------------------------------------- pass and play
// A room whose creator holds two or more seats on this device ("pass and play", Board Game Arena's hot seat) is
// kept in localStorage as "tablecraft.hotseat.<room>": {seats: [the seat numbers], tokens: {seat: token}, last: the
// seat shown last}. Each seat has its own connection and token, exactly as if each sat at its own device — the
// server sends every connection its own seat's redaction, and a seat with no open connection would be handed to the
// stand-in — but only one seat's page is ever in the document. When the turn passes to another seat held here,
// the page is taken out and a hand-over cover shown instead; the next seat's page is put in only when its player
// taps "ready". A reload shows the cover first, too.
function hotSeatKey(room) { return `tablecraft.hotseat.${room}`; }
/** The pass-and-play record of `room` on this device, or null when this device holds no seats there that way. */
function loadHotSeat(room) {
  try {
    const v = JSON.parse(localStorage.getItem(hotSeatKey(room)) || "null");
    return v && Array.isArray(v.seats) && v.seats.length ? { tokens: {}, last: null, ...v } : null;
  } catch { return null; }
}
function saveHotSeat(room, v) { localStorage.setItem(hotSeatKey(room), JSON.stringify(v)); }

const HANDOVER_GUARD_MS = 700; // the cover's button wakes this long after it appears, so a second tap of the player
// who just moved (a double click on their card) does not reveal the next seat's hand to them

class HotSeatPage {
  constructor(id, store) {
    this.id = id;
    this.store = store;
    this.pages = [];
    this.active = null; // the seat page in the document, or null while the cover is up
    this.target = null; // the seat the cover asks to pass the device to (null: not known yet)
    this.ply = -1; // the latest move number any seat's frame reported (an older frame never moves the cover)
  }

  isLocal(seat) { return this.store.seats.includes(seat); }
  cred(seat) { const token = this.store.tokens[seat]; return token ? { seat, token } : null; }
  keep(seat, token) { this.store.tokens[seat] = token; saveHotSeat(this.id, this.store); }
  forget(seat) { delete this.store.tokens[seat]; saveHotSeat(this.id, this.store); }

  async start() {
    setWhere(t("room", { id: this.id }));
    this.cover(null);
    for (const seat of this.store.seats) {
      const page = new RoomPage(this.id, this, seat);
      this.pages.push(page);
      await page.start();
    }
    if (!this.pages.every((p) => p.parts)) return; // the room could not be opened: its page says why
    this.game = this.pages[0].game;
    if (!this.active) this.cover(this.target); // again, now with the seats' names
  }

  dispose() {
    for (const p of this.pages) p.dispose();
    clearTimeout(this.guard);
  }

  /** A seat's name as the table shows it. */
  seatName(seat) {
    const page = this.pages.find((p) => p.seats && p.seats.length) || null;
    const s = page ? page.seats.find((x) => x.seat === seat) : null;
    return s ? seatLabel(page.game, s) : t("seat_n", { n: seat + 1 });
  }

  /** A seat page reports a frame: when the turn is now another local seat's, cover the table for the hand-over. */
  onFrame(page) {
    const f = page.frame;
    if (f.ply < this.ply) return;
    this.ply = f.ply;
    if (f.status !== "playing" || !this.isLocal(f.toMove)) return; // a bot, another person, or the end: stay
    if (this.active ? this.active.localSeat !== f.toMove : this.target !== f.toMove) {
      const handOver = this.active !== null;
      this.game = this.game || page.game;
      this.cover(f.toMove);
      if (handOver && soundOn()) chime(); // the turn chime, for the player the device goes to
    }
  }

  /** Take every seat's page out of the document and ask for the device to be passed to `seat` (null: unknown). */
  cover(seat) {
    if (this.active) this.active.hide();
    this.active = null;
    this.target = seat;
    // nothing drawn for the seat that just played may stay: its dialogs and a card's touch tooltip go too
    document.getElementById("confirm-dialog")?.remove();
    document.getElementById("end-dialog")?.remove();
    document.getElementById("touch-tip")?.remove();
    const name = seat === null ? null : this.seatName(seat);
    const ready = svg.button(t("handover_ready"), () => this.reveal(), { kind: "primary", className: "handover-ready" });
    ready.disabled = true;
    clearTimeout(this.guard);
    this.guard = setTimeout(() => { ready.disabled = false; ready.focus(); }, HANDOVER_GUARD_MS);
    const local = this.store.seats.map((s) => this.seatName(s)).join(", ");
    app.replaceChildren(el("section", { class: "panel handover", id: "handover", role: "dialog",
      "aria-modal": "true", "aria-labelledby": "handover-h", dataset: { seat: seat ?? "" } }, [
      el("h1", { id: "handover-h" }, name ? t("handover_to", { name }) : t("handover")),
      el("p", {}, t("handover_hint")),
      el("p", { class: "muted" }, t("handover_seats", { names: local })),
      ready,
    ]));
    document.title = `${t("handover")} · ${gameName(this.game)} · ${this.id}`;
  }

  /** The player the device was passed to is ready: put their seat's page in the document. */
  reveal() {
    let seat = this.target;
    if (seat === null) seat = this.isLocal(this.store.last) ? this.store.last : this.store.seats[0];
    const page = this.pages.find((p) => p.localSeat === seat);
    if (!page || !page.parts) return;
    this.active = page;
    this.store.last = seat;
    saveHotSeat(this.id, this.store);
    page.mount();
    page.render();
  }
}

// ------------------------------------------------------------------------------------------------- replay
class ReplayPage {
  constructor(id) {
    this.id = id;
    this.seatSel = null;
    this.ply = 0;
    this.total = 0;
    this.onKey = (ev) => {
      if (ev.target && /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName) && ev.target.type !== "range") return;
      if (ev.key === "ArrowRight") { ev.preventDefault(); this.go(this.ply + 1); }
      if (ev.key === "ArrowLeft") { ev.preventDefault(); this.go(this.ply - 1); }
    };
  }

  dispose() { document.removeEventListener("keydown", this.onKey); }

  async start() {
    setWhere(t("replay_title", { id: this.id }));
    let info;
    try { info = await api(withInvite(`/api/rooms/${this.id}`)); } catch (e) {
      app.replaceChildren(el("p", { class: "banner" }, e.message));
      return;
    }
    this.info = info;
    this.game = (await games()).find((g) => g.id === info.game);
    this.mod = await tableFor(info.game);
    const finished = info.status === "finished";
    const cred = loadCred(this.id);
    this.seatSel = el("select", { id: "replay-seat", "aria-label": t("replay_seat") }, [
      el("option", { value: "" }, t("spectator")),
      ...(finished ? info.seats.map((s) => el("option", {
        value: s.seat, selected: cred && cred.seat === s.seat ? true : null }, seatLabel(this.game, s))) : []),
    ]);
    this.slider = el("input", { type: "range", min: 0, max: info.ply, value: 0, id: "replay-ply", "aria-label": t("move_n", { n: "", total: "" }) });
    this.counter = el("span", { class: "replay-counter", role: "status" });
    this.tableBox = el("div", { class: "table-wrap", id: "table" });
    this.logList = el("ol", { class: "log", id: "log", tabindex: 0, "aria-label": t("log") });
    app.replaceChildren(
      el("div", { class: "room-head" }, [
        el("h1", {}, `${gameName(this.game)} — ${t("replay")}`),
        el("a", { class: "btn", href: withInvite(`/rooms/${this.id}`) }, t("room", { id: this.id })),
        this.game && this.game.has_rules ? el("a", { class: "btn", href: `/rules/${info.game}`, target: "_blank" }, t("rules")) : null,
        el("a", { class: "btn", href: "/" }, t("back_lobby")),
      ]),
      el("div", { class: "replay-bar" }, [
        el("label", {}, [t("replay_seat"), this.seatSel]),
        svg.button(t("first"), () => this.go(0), { className: "replay-first" }),
        svg.button(`◀ ${t("prev")}`, () => this.go(this.ply - 1), { className: "replay-prev" }),
        this.slider,
        svg.button(`${t("next")} ▶`, () => this.go(this.ply + 1), { className: "replay-next" }),
        svg.button(t("last"), () => this.go(this.total), { className: "replay-last" }),
        this.counter,
      ]),
      el("div", { class: "room-layout" }, [
        el("section", {}, this.tableBox),
        el("section", { class: "panel" }, [el("h2", {}, t("log")), this.logList]),
      ]),
    );
    this.total = info.ply;
    this.seatSel.addEventListener("change", () => this.go(this.ply, true));
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    document.addEventListener("keydown", this.onKey);
    await this.go(0, true);
  }

  async go(ply, force = false) {
    ply = Math.max(0, Math.min(this.total, ply));
    if (ply === this.ply && !force) return;
    this.ply = ply;
    const seat = this.seatSel.value;
    const q = new URLSearchParams({ ply: String(ply), lang });
    if (seat !== "") q.set("seat", seat);
    let r;
    try { r = await api(withInvite(`/api/rooms/${this.id}/replay?${q}`)); } catch (e) { toast(e.message); return; }
    if (r.ply !== this.ply) return; // a later step was asked for meanwhile
    if (r.total !== null && r.total !== undefined) this.total = r.total;
    this.slider.max = this.total;
    this.slider.value = r.ply;
    this.counter.textContent = t("move_n", { n: r.ply, total: this.total });
    this.tableBox.dataset.ply = r.ply;
    const seatNo = seat === "" ? null : Number(seat);
    const ctx = {
      view: r.view, seat: seatNo, seats: this.info.seats.map((s) => ({ seat: s.seat, name: seatLabel(this.game, s), kind: s.kind })),
      toMove: r.to_move ?? -1, legal: [], choose: () => {}, lang, t, svg, status: "replay", result: this.info.result, options: this.info.options || {},
    };
    drawTable(this.tableBox, this.mod, ctx);
    this.logList.replaceChildren(...r.events.map(logItem));
    this.logList.scrollTop = this.logList.scrollHeight;
  }
}

// ----------------------------------------------------------------------------------------------- routing
async function route() {
  if (current) current.dispose();
  current = null;
  document.getElementById("end-dialog")?.remove();
  const m = location.pathname.match(/^\/rooms\/([^/]+)\/?$/);
  try {
    if (m) {
      const id = decodeURIComponent(m[1]);
      const hot = loadHotSeat(id);
      current = location.hash === "#replay" ? new ReplayPage(id) : hot ? new HotSeatPage(id, hot) : new RoomPage(id);
      await current.start();
    } else {
      await showLobby();
    }
  } catch (e) {
    console.error(e);
    app.replaceChildren(el("p", { class: "banner" }, `${t("error")}: ${e.message || e}`));
  }
}

function switchLang() {
  const next = lang === "zh" ? "en" : "zh";
  localStorage.setItem("tablecraft.lang", next);
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  url.searchParams.delete("sit"); // a reload resumes the seat from localStorage
  if (url.toString() === location.href) location.reload();
  else location.replace(url.toString());
}

// Touch screens have no hover: a long press on anything with a text (a card, a skill, a hero; its title) shows
// that text in a box, and so does a tap on something with a text that is not an action. The press that showed
// the text does not also play the action.
let tipTimer = null;
let tipShown = false;
function showTip(node) {
  const text = node.getAttribute("title") || node.querySelector(":scope > title")?.textContent
    || node.getAttribute("aria-label");
  if (!text) return;
  let tip = document.getElementById("touch-tip");
  if (!tip) {
    tip = el("div", { id: "touch-tip", class: "touch-tip", role: "tooltip" });
    tip.addEventListener("click", () => { tip.hidden = true; });
    document.body.appendChild(tip);
  }
  tip.textContent = text;
  tip.hidden = false;
  tipShown = true;
}
const textOf = (target) => target instanceof Element ? target.closest("[title], svg:has(> title)") : null;
document.addEventListener("pointerdown", (ev) => {
  if (ev.pointerType !== "touch") return;
  tipShown = false;
  const node = textOf(ev.target);
  if (!node) return;
  clearTimeout(tipTimer);
  tipTimer = setTimeout(() => showTip(node), 500);
});
for (const type of ["pointerup", "pointercancel", "pointermove"]) {
  document.addEventListener(type, (ev) => { if (type !== "pointermove" || Math.hypot(ev.movementX, ev.movementY) > 6) clearTimeout(tipTimer); });
}
document.addEventListener("click", (ev) => {
  if (tipShown) { ev.preventDefault(); ev.stopPropagation(); tipShown = false; return; } // the long press showed a text
  const tip = document.getElementById("touch-tip");
  if (tip && !tip.hidden && !tip.contains(ev.target)) tip.hidden = true;
  if (!matchMedia("(hover: none)").matches) return;
  const node = textOf(ev.target);
  if (node && !node.closest("[data-action], a, button, select, input, summary")) showTip(node);
}, true);

const langBtn = document.getElementById("lang-switch");
langBtn.textContent = t("lang_switch");
langBtn.title = t("lang_switch_title");
langBtn.setAttribute("lang", lang === "zh" ? "en" : "zh");
langBtn.addEventListener("click", switchLang);
window.addEventListener("hashchange", route);
route();
