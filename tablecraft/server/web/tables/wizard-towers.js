// 巫师塔 Wizard Towers: the browser table (contract: docs/web.md).
//
// Drawn from ctx.view only (format: tablecraft/games/wizard_towers/view.py):
//   the three towers (左塔 left, 主塔 main, 右塔 right) with their face-down / known cards,
//   the three exploration bags (探索袋 orange/blue/green) with their counts, spiral coins (螺旋币) and capacity,
//   the junk bag (废品包裹), the battle in progress (attack and defence cards, where each came from),
//   the three seats (two warriors 勇士, the wizard 巫师): HP, hand (own cards face up, others' face down unless
//   known), coins held.
// Legal actions (ctx.legal; notation in tablecraft/games/wizard_towers/actions.py) are attached where they act:
//   draw <bag> → the bag; attack <seat|tower> → that seat's panel / tower; play <card> / discard <card> → the card
//   in my hand; play <tower>#<n> → that tower slot; lead <n> → the n-th battle card. Everything else (stop, pass,
//   done, substitute, decline, place, swap — the last two name two places) is a button in the choices strip, where
//   every legal action is also listed with its description.

const WORDS = {
  en: {
    turn: "Turn {n} / {max}", phase: "Phase", draws_left: "draws left: {n}", adjust_left: "adjustment points: {n}",
    towers: "Towers", bags: "Exploration bags", junk: "Junk bag", battle: "Battle", attack: "Attack", defence: "Defence",
    attacker: "{name} attacks {target}", substitute: "{name} defends in place", hand: "Hand", coins: "Coins",
    hp: "HP", dead: "dead", limit: "limit {n}", capacity: "{n} / {cap}", coin_in: "coin inside", choices: "Choices",
    known: "known", cards_n: "{n} cards", from: "from {what}", empty: "empty", you: "you", over: "Game over",
    roles: { warrior: "warrior", wizard: "wizard" },
    towerNames: { left: "Left tower", right: "Right tower", main: "Main tower" },
    bagNames: { orange: "Orange bag", blue: "Blue bag", green: "Green bag" },
    phases: {
      draw: "draw", action: "attack, adjust or pass", adjust: "adjust the towers", attack_cards: "attack cards",
      attack_lead: "choose the action card", substitute_offer: "substitute defence?", defend_cards: "defence cards",
      defend_lead: "choose the defence action card", kill_draw: "the killer draws", discard: "discard to the limit",
      end_draw: "end-of-turn draw", over: "game over",
    },
  },
  zh: {
    turn: "第 {n} / {max} 回合", phase: "阶段", draws_left: "还可抓 {n} 张", adjust_left: "调整点数：{n}",
    towers: "巫师塔", bags: "探索袋", junk: "废品包裹", battle: "战斗", attack: "进攻", defence: "防守",
    attacker: "{name} 进攻 {target}", substitute: "{name} 代替防守", hand: "手牌", coins: "螺旋币",
    hp: "血量", dead: "阵亡", limit: "上限 {n}", capacity: "{n} / {cap}", coin_in: "袋中有币", choices: "可选行动",
    known: "已知", cards_n: "{n} 张", from: "来自 {what}", empty: "空", you: "你", over: "游戏结束",
    roles: { warrior: "勇士", wizard: "巫师" },
    towerNames: { left: "左塔", right: "右塔", main: "主塔" },
    bagNames: { orange: "橙袋", blue: "蓝袋", green: "绿袋" },
    phases: {
      draw: "抓牌", action: "进攻、调整或跳过", adjust: "调整巫师塔", attack_cards: "出进攻牌", attack_lead: "选行动牌",
      substitute_offer: "是否代替防守", defend_cards: "出防守牌", defend_lead: "选防守行动牌", kill_draw: "击杀者抓牌",
      discard: "弃到手牌上限", end_draw: "回合末抓牌", over: "游戏结束",
    },
  },
};

const SEAT_NAMES = ["orange", "blue", "purple"];
const SEAT_COLOURS = { orange: "#f0932b", blue: "#4a90e2", purple: "#9b59b6" };
const BAG_COLOURS = { orange: "#e67e22", blue: "#2f80ed", green: "#27ae60" };
const TOWER_ORDER = ["left", "main", "right"];

function fmt(s, vars = {}) {
  return String(s).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** Index the legal actions by what they act on (pure notation mapping, no rules). */
function mapActions(legal) {
  const byKey = new Map(); // "bag:orange", "target:blue", "card:KS", "slot:main#2", "lead:1" → [choice]
  const add = (key, c) => { if (!byKey.has(key)) byKey.set(key, []); byKey.get(key).push(c); };
  for (const c of legal) {
    const w = c.id.split(" ");
    if (w[0] === "draw" && w.length === 2) add(`bag:${w[1]}`, c);
    else if (w[0] === "attack" && w.length === 2) add(`target:${w[1]}`, c);
    else if ((w[0] === "play" || w[0] === "discard") && w.length === 2) add(w[1].includes("#") ? `slot:${w[1]}` : `card:${w[1]}`, c);
    else if (w[0] === "lead" && w.length === 2) add(`lead:${w[1]}`, c);
  }
  return byKey;
}

export function renderTable(root, ctx) {
  const { el, card, button, actionable } = ctx.svg;
  const lang = ctx.lang === "zh" ? "zh" : "en";
  const W = WORDS[lang];
  const v = ctx.view;
  const legal = ctx.legal || [];
  const acts = mapActions(legal);
  const choose = (id) => ctx.choose(id);
  const seatName = (i) => {
    const s = (ctx.seats || []).find((x) => x.seat === i);
    return s ? s.name : (lang === "zh" ? ["橙", "蓝", "紫"][i] : SEAT_NAMES[i]);
  };
  const targetName = (name) => {
    const i = SEAT_NAMES.indexOf(name);
    return i >= 0 ? seatName(i) : (W.towerNames[name] || name);
  };
  /** Attach the single action keyed `key` to `node` (several actions for one thing stay in the strip). */
  const attach = (node, key) => {
    const list = acts.get(key);
    if (list && list.length === 1) actionable(node, list[0].id, choose, list[0].text);
    return node;
  };
  const cardW = 46;
  /** A card with a place key: the shell animates a card that appears at a new place (drawn, played, placed). */
  const keyed = (node, key) => { node.dataset.key = key; return node; };
  // a wizard's hat or a warrior's sword, drawn (no emoji font is needed)
  const roleIcon = (role) => el("svg", { viewBox: "0 0 24 24", width: 22, height: 22, class: "wt-role", "aria-hidden": "true" },
    role === "wizard"
      ? [el("path", { d: "M12 2 L19 19 L5 19 Z", fill: "#6c5ce7", stroke: "#e8e3ff", "stroke-width": 1.2 }),
        el("rect", { x: 2, y: 18, width: 20, height: 3, rx: 1.5, fill: "#e8e3ff" }),
        el("circle", { cx: 12, cy: 11, r: 1.6, fill: "#ffd54a" })]
      : [el("path", { d: "M17 3 L21 3 L21 7 L10 18 L6 14 Z", fill: "#d0d7de", stroke: "#222", "stroke-width": 1 }),
        el("path", { d: "M4 13 L11 20 M6 18 L3 21", stroke: "#c9a227", "stroke-width": 2.5, "stroke-linecap": "round" })]);

  // --- header -------------------------------------------------------------------------------------------
  root.appendChild(el("div", { class: "wt-head row" }, [
    el("strong", {}, fmt(W.turn, { n: v.turn, max: v.max_turns })),
    el("span", {}, `${W.phase}: ${W.phases[v.phase] || v.phase}`),
    v.draws_left ? el("span", {}, fmt(W.draws_left, { n: v.draws_left })) : null,
    v.adjust_left ? el("span", {}, fmt(W.adjust_left, { n: v.adjust_left })) : null,
  ]));

  // --- towers -------------------------------------------------------------------------------------------
  const towers = Object.fromEntries((v.towers || []).map((tw) => [tw.name, tw]));
  const towerBox = el("div", { class: "wt-towers", "aria-label": W.towers }, TOWER_ORDER.filter((n) => towers[n]).map((name) => {
    const tw = towers[name];
    const big = name === "main";
    const icon = el("svg", { viewBox: "0 0 60 70", width: big ? 60 : 46, height: big ? 70 : 54, "aria-hidden": "true", class: "wt-tower-icon" }, [
      el("path", { d: "M10 68 L10 22 L6 22 L6 10 L14 10 L14 16 L22 16 L22 10 L30 10 L30 16 L38 16 L38 10 L46 10 L46 16 L54 16 L54 10 L54 22 L50 22 L50 68 Z",
        fill: big ? "#6c5ce7" : "#8e7cc3", stroke: "#1b1240", "stroke-width": 2 }),
      el("path", { d: "M25 68 L25 52 Q30 44 35 52 L35 68 Z", fill: "#1b1240" }),
      el("circle", { cx: 30, cy: 32, r: 5, fill: "#ffd54a" }),
    ]);
    const slots = el("div", { class: "cards" }, (tw.cards || []).map((code, i) =>
      attach(keyed(card(code, { width: cardW, lang, label: `${W.towerNames[name]} #${i + 1}: ${ctx.svg.cardLabel(code, lang)}` }), `slot-${name}-${i}`), `slot:${name}#${i + 1}`)));
    const box = el("div", { class: ["wt-tower", big ? "wt-main" : null], dataset: { tower: name, key: `tower-${name}`, value: (tw.cards || []).length, anchor: `tower:${name}` } }, [
      icon,
      el("div", { class: "wt-label" }, [el("strong", {}, W.towerNames[name]), " ", el("span", { class: "muted" }, fmt(W.limit, { n: tw.limit }))]),
      (tw.cards || []).length ? slots : el("div", { class: "muted" }, W.empty),
    ]);
    return attach(box, `target:${name}`);
  }));

  // --- bags and junk --------------------------------------------------------------------------------------
  const bagBox = el("div", { class: "wt-bags", "aria-label": W.bags }, (v.bags || []).map((b) => {
    const colour = BAG_COLOURS[b.name] || "#888";
    const icon = el("svg", { viewBox: "0 0 64 64", width: 56, height: 56, "aria-hidden": "true" }, [
      el("path", { d: "M22 10 Q32 4 42 10 L38 18 Q54 26 54 44 Q54 60 32 60 Q10 60 10 44 Q10 26 26 18 Z", fill: colour, stroke: "#111", "stroke-width": 2 }),
      el("path", { d: "M24 18 Q32 22 40 18", stroke: "#111", "stroke-width": 2, fill: "none" }),
      el("text", { x: 32, y: 46, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff", stroke: "#111", "stroke-width": 0.6 }, String(b.cards)),
      b.coin ? el("circle", { cx: 50, cy: 14, r: 8, fill: "#ffd54a", stroke: "#7a5b00", "stroke-width": 2, class: "wt-coin" }) : null,
      b.coin ? el("path", { d: "M50 9 q4 5 0 10 q-4 -5 0 -10", stroke: "#7a5b00", fill: "none", "stroke-width": 1.5 }) : null,
    ]);
    const node = el("div", { class: "wt-bag", dataset: { bag: b.name, key: `bag-${b.name}`, value: b.cards } }, [
      icon,
      el("div", {}, [el("strong", {}, W.bagNames[b.name] || b.name)]),
      el("div", { class: "muted" }, [fmt(W.capacity, { n: b.cards + (b.coin ? 1 : 0), cap: b.capacity }), b.coin ? ` · ${W.coin_in}` : ""]),
      b.known && b.known.length ? el("div", { class: "cards", title: W.known }, b.known.map((c) => card(c, { width: 26, lang }))) : null,
    ]);
    return attach(node, `bag:${b.name}`);
  }));
  const junk = v.junk || { cards: 0, known: [] };
  bagBox.appendChild(el("div", { class: "wt-bag wt-junk", dataset: { key: "junk", value: junk.cards, anchor: "junk" } }, [
    el("svg", { viewBox: "0 0 64 64", width: 48, height: 48, "aria-hidden": "true" }, [
      el("rect", { x: 12, y: 18, width: 40, height: 40, rx: 4, fill: "#7f8c8d", stroke: "#111", "stroke-width": 2 }),
      el("rect", { x: 8, y: 10, width: 48, height: 8, rx: 2, fill: "#95a5a6", stroke: "#111", "stroke-width": 2 }),
      el("text", { x: 32, y: 44, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" }, String(junk.cards)),
    ]),
    el("div", {}, el("strong", {}, W.junk)),
    junk.known && junk.known.length ? el("div", { class: "cards" }, junk.known.slice(-8).map((c) => card(c, { width: 26, lang }))) : null,
  ]));

  // --- battle -------------------------------------------------------------------------------------------
  let battleBox = null;
  if (v.battle) {
    const bt = v.battle;
    // "lead n" names the n-th card of the side choosing its action card (attack_lead / defend_lead)
    const leadKey = (side, i) => (v.phase === `${side}_lead` ? `lead:${i + 1}` : "none");
    const attackCards = (bt.attack || []).map((code, i) => attach(keyed(card(code, { width: cardW, lang }), `att-${i}`), leadKey("attack", i)));
    const defenceCards = (bt.defence || []).map((d, i) => {
      const [kind, who] = String(d.from || "").split(":");
      const whoText = kind === "hand" ? seatName(SEAT_NAMES.indexOf(who)) : (W.towerNames[who] || who);
      return el("div", { class: "wt-def" }, [
        attach(keyed(card(d.card, { width: cardW, lang }), `def-${i}`), leadKey("defend", i)),
        el("div", { class: "muted small" }, fmt(W.from, { what: whoText })),
      ]);
    });
    battleBox = el("div", { class: "wt-battle", "aria-label": W.battle, dataset: { key: "battle", value: bt.attacker, anchor: "battle" } }, [
      el("h3", {}, [W.battle, ": ", fmt(W.attacker, { name: seatName(bt.attacker), target: targetName(bt.target) }),
        bt.substitute !== null && bt.substitute !== undefined ? ` · ${fmt(W.substitute, { name: seatName(bt.substitute) })}` : ""]),
      el("div", { class: "wt-battle-sides" }, [
        el("div", {}, [el("div", { class: "muted" }, W.attack), el("div", { class: "cards" }, attackCards)]),
        el("div", {}, [el("div", { class: "muted" }, W.defence), el("div", { class: "cards" }, defenceCards)]),
      ]),
    ]);
  }

  // --- seats --------------------------------------------------------------------------------------------
  const players = el("div", { class: "wt-players" }, (v.players || []).map((p) => {
    const mine = ctx.seat === p.seat;
    const known = p.hand || [];
    const hidden = Math.max(0, (p.hand_size || 0) - known.length);
    const handCards = [
      ...known.map((c) => attach(card(c, { width: mine ? 56 : 34, lang }), mine ? `card:${c}` : "none")),
      ...Array.from({ length: hidden }, (_, i) => keyed(card(null, { width: mine ? 56 : 34, lang }), `hand-${p.seat}-${known.length + i}`)),
    ];
    // the starting HP (the room's options, when the shell passes them) is the bar's full length
    const opts = ctx.options || {};
    const maxHp = Math.max(p.hp, p.role === "wizard" ? (opts.wizard_hp || 150) : (opts.warrior_hp || 100));
    const hpBar = el("svg", { viewBox: "0 0 100 10", width: 120, height: 12, "aria-hidden": "true" }, [
      el("rect", { x: 0, y: 0, width: 100, height: 10, rx: 3, fill: "#3b1a1a" }),
      el("rect", { x: 0, y: 0, width: Math.max(0, Math.min(100, (100 * p.hp) / maxHp)), height: 10, rx: 3, fill: p.hp > maxHp / 3 ? "#2ecc71" : "#e74c3c" }),
    ]);
    const panel = el("div", {
      class: ["wt-player", mine ? "wt-me" : null, p.alive ? null : "wt-dead", v.to_move === p.seat ? "wt-to-move" : null],
      dataset: { seat: p.seat, anchor: `seat:${p.seat}` }, style: { "border-color": SEAT_COLOURS[p.name] || "#666" },
    }, [
      el("div", { class: "row" }, [
        roleIcon(p.role),
        el("strong", {}, seatName(p.seat)), mine ? el("span", { class: "muted" }, `(${W.you})`) : null,
        el("span", { class: "muted" }, W.roles[p.role] || p.role),
        p.alive ? null : el("span", { class: "wt-dead-tag" }, W.dead),
      ]),
      el("div", { class: "row" }, [
        el("span", {}, `${W.hp} `), el("strong", { class: "wt-hp", dataset: { key: `hp-${p.seat}`, value: p.hp, life: "" } }, String(p.hp)), hpBar,
      ]),
      el("div", { class: "row muted" }, [
        `${W.hand} ${p.hand_size} (${fmt(W.limit, { n: p.hand_limit })})`,
        p.coins && p.coins.length ? el("span", { class: "wt-coins", dataset: { key: `coins-${p.seat}`, value: p.coins.length } },
          [` · ${W.coins}: `, ...p.coins.map((b) => el("span", { class: "wt-coin-chip", style: { background: BAG_COLOURS[b] }, title: W.bagNames[b] }, "◎"))]) : null,
      ]),
      el("div", { class: ["cards", mine ? "wt-hand" : null], "aria-label": `${seatName(p.seat)} · ${W.hand}` }, handCards),
    ]);
    return attach(panel, `target:${p.name}`);
  }));

  // my panel first on small screens: keep the seat order otherwise (orange, blue, purple)
  root.appendChild(el("div", { class: "wt-board" }, [
    el("section", { class: "wt-zone" }, [el("h3", {}, W.towers), towerBox]),
    battleBox,
    el("section", { class: "wt-zone" }, [el("h3", {}, W.bags), bagBox]),
  ]));
  root.appendChild(players);

  if (legal.length) {
    root.appendChild(el("div", { class: "choices" }, [
      el("h3", {}, W.choices),
      legal.map((c) => button(c.text || c.id, choose, { action: c.id })),
    ]));
  }
}

/**
 * What an event moved on this table (motion.js; anchors: seat:<n>, tower:<name>, battle, junk): a warrior's attack
 * is an arrow from his panel to the tower or the seat he attacks; a card played goes from the hand (or a tower) to
 * the battle, one placed from the wizard's panel to its tower, one discarded to the junk bag; a kill is an arrow
 * from the killer. Only what the event itself says (its redacted fields).
 */
export function motions(e, ctx) {
  const place = (name) => (SEAT_NAMES.includes(name) ? `seat:${SEAT_NAMES.indexOf(name)}` : `tower:${name}`);
  const wizard = ((ctx.view && ctx.view.players) || []).find((p) => p.role === "wizard");
  switch (e.kind) {
    case "attack": return [{ arrow: [`seat:${e.seat}`, place(e.target)] }];
    case "played": return [{ travel: [e.from === "hand" ? `seat:${e.seat}` : `tower:${e.from}`, "battle", e.card] }];
    case "placed": return wizard ? [{ travel: [`seat:${wizard.seat}`, `tower:${e.tower}`, e.card] }] : [];
    case "discarded": return [{ travel: [`seat:${e.seat}`, "junk", e.card] }];
    case "died": return e.killer !== null && e.killer !== undefined ? [{ arrow: [`seat:${e.killer}`, `seat:${e.seat}`] }] : [];
    default: return [];
  }
}

// table-specific styles, added once (kept here so the table is one self-contained module)
const STYLE = `
.wt-head { margin-bottom: 8px; color: #f3f6f1; }
.wt-board { display: grid; gap: 10px; }
.wt-zone h3 { margin: 0 0 4px; font-size: 0.9rem; color: #d8e6dc; }
.wt-towers, .wt-bags { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-end; }
.wt-tower, .wt-bag { background: rgba(0,0,0,0.22); border: 2px solid transparent; border-radius: 10px; padding: 6px 8px;
  display: flex; flex-direction: column; align-items: center; gap: 4px; min-width: 96px; }
.wt-tower.legal, .wt-bag.legal, .wt-player.legal { border-color: #ffd54a; box-shadow: 0 0 0 3px rgba(255,213,74,0.35); }
.wt-tower.legal:hover, .wt-bag.legal:hover, .wt-player.legal:hover { background: rgba(255,213,74,0.18); }
.wt-battle { background: rgba(120, 20, 20, 0.35); border: 2px solid #c0392b; border-radius: 10px; padding: 8px; }
.wt-battle h3 { margin: 0 0 6px; font-size: 0.95rem; }
.wt-battle-sides { display: flex; gap: 24px; flex-wrap: wrap; }
.wt-def { display: inline-flex; flex-direction: column; align-items: center; margin-right: 4px; }
.wt-def .small { font-size: 0.75rem; }
.wt-players { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 10px; margin-top: 12px; }
.wt-player { background: rgba(0,0,0,0.3); border: 3px solid #666; border-radius: 12px; padding: 8px; }
.wt-player.wt-me { background: rgba(0,0,0,0.45); }
.wt-player.wt-to-move { box-shadow: 0 0 0 3px rgba(255,255,255,0.6); }
.wt-player.wt-dead { opacity: 0.55; }
.wt-dead-tag { background: #5b1d17; color: #fff; padding: 0 6px; border-radius: 6px; }
.wt-hp { font-size: 1.1rem; padding: 0 4px; border-radius: 4px; }
.wt-role { font-size: 1.2rem; }
.wt-coin-chip { display: inline-block; width: 1.2em; text-align: center; border-radius: 50%; color: #1b1400; font-weight: 700; margin-right: 2px; }
.wt-hand { min-height: 80px; }
@media (max-width: 820px) { .wt-tower, .wt-bag { min-width: 80px; padding: 4px; } }
`;
if (typeof document !== "undefined" && !document.getElementById("wt-style")) {
  const s = document.createElement("style");
  s.id = "wt-style";
  s.textContent = STYLE;
  document.head.appendChild(s);
}
