// 破魔聖刃—蠻荒獵手 Wild Hunters: the browser table (contract: docs/web.md, summary below).
//
//   renderTable(root, ctx)  draws ctx.view (the seat's own view): the hex map in SVG (terrain tiles, face-down
//                           tiles, camps, the heroes, the demon king with his six-sided base), the demon king's
//                           card, the destiny deck, the spirit supply, every hero's card, and makes every action of
//                           ctx.legal clickable on the thing it acts on:
//     a neighbouring map tile     move <dir>         the demon king on the map   attack
//     a card in my hand           pay <kind> / focus <kind>
//     a card of the supply row    acquire <kind>
//   Anything else (rest, end, release n, swap, keep, profession …) is a button in the "choices" strip; so is
//   `cancel` ("Cancel"), offered after a move, attack or rest until its first card is paid.
//   What the map's and the hand's choices cost (ctx.legal[].price) is listed by the shell in the prompt's
//   [data-prices] box, just under the map; a button shows its own.
//
// The table reads only ctx.view and ctx.legal; it knows the action notation (tablecraft/games/wild_hunters/
// actions.py, docs/rules/wild-hunters.md §2) and the hex directions, but no rule.

const WORDS = {
  en: {
    turn: "Turn {n}", yourMove: "Your move", waiting: "Waiting for {name}", over: "Game over",
    curses: "Curses {n} / {max}", you: "you", acting: "Acting: {name}",
    heroNames: { water: "Wort", fire: "Far", rock: "Rock", thunder: "Thunder", wind: "Elf" },
    elements: { W: "water", F: "fire", R: "rock", T: "thunder", G: "wind", demon: "demon face" },
    elementShort: { W: "W", F: "F", R: "R", T: "T", G: "G", demon: "☠" },
    terrains: { beach: "beach", wasteland: "wasteland", mountain: "mountain", ruins: "ruins", forest: "forest" },
    camp: "camp", faceDown: "face-down tile", professions: { mage: "mage", mercenary: "mercenary", artisan: "artisan",
      knight: "knight", scout: "scout" },
    abilities: {
      spirit_burn: ["Spirit Burn", "Each time he wakes, the first card of the spirit supply burns."],
      undertow: ["Undertow", "A hero he strikes loses all sword energy."],
      rockfall: ["Rockfall", "A hero he strikes discards a random card from hand."],
      thunderclap: ["Thunderclap", "His strike hits every hero next to him."],
      whirlwind: ["Whirlwind", "He moves one tile further; his base turns one side clockwise each waking."],
    },
    king: "Demon king", life: "Life", rage: "Rage {n} / {max} (a curse at {max})", speed: "Speed {n}",
    strike: "Strike {n}", base: "Base (side facing e, ne, nw, w, sw, se)", dirs: ["e", "ne", "nw", "w", "sw", "se"],
    facing: "Side facing {name}: {element} (an attack die showing it deals 1 more)",
    facingDemon: "Side facing {name}: his face (no die matches it: no bonus damage)", lastRoll: "Last roll",
    destiny: "Destiny", revealed: "Revealed", deck: "Deck", discard: "Discard", exile: "Exile", none: "none",
    supply: "Spirit supply", supplyDeck: "deck {n}", burned: "burned {n}",
    hand: "Hand", cardsLeft: "Cards {n} (hand + deck; 4 or fewer loses)", deckN: "deck {n}", discardN: "discard {n}",
    energy: "Sword energy", main: "Main", second: "Second", boardCard: "action card 3 on the board",
    acquiresLeft: "draws on the supply left: {n}",
    pending: { move: "Paying for a move to ({q}, {r})", attack: "Paying for an attack on the demon king",
      rest: "Resting: pay any one card" },
    paid: "paid: {cards}", choices: "Choices", prices: "What your choices cost", price: "costs you {price}",
    cancel: "Cancel", cancelTitle: "Take this back before paying anything (Esc)",
    clickHint: "click a highlighted tile, card or the demon king", noChoice: "No decision for you now.",
    phase: { action: "Action phase", pay: "Payment", release: "Release sword energy?", swap: "Swap professions?",
      profession: "Take a second profession", over: "Game over" },
    reasons: { sealed: "The demon king is sealed: everyone wins!", cursed: "Three curses: the demon king devours the heroes",
      exhausted: "A hero is exhausted: everyone loses" },
    won: "Victory", lost: "Defeat", unseen: "{n} unseen",
  },
  zh: {
    turn: "第 {n} 回合", yourMove: "輪到你", waiting: "等待 {name}", over: "遊戲結束",
    curses: "詛咒 {n} / {max}", you: "你", acting: "行動：{name}",
    heroNames: { water: "沃特", fire: "法爾", rock: "洛克", thunder: "雷霆", wind: "精靈" },
    elements: { W: "水", F: "火", R: "岩", T: "雷", G: "風", demon: "鬼面" },
    elementShort: { W: "水", F: "火", R: "岩", T: "雷", G: "風", demon: "鬼" },
    terrains: { beach: "河灘", wasteland: "荒原", mountain: "山脈", ruins: "廢墟", forest: "森林" },
    camp: "營地", faceDown: "面朝下的板塊", professions: { mage: "法師", mercenary: "傭兵", artisan: "匠人",
      knight: "騎士", scout: "斥候" },
    abilities: {
      spirit_burn: ["焚靈", "每次甦醒，靈力供應區的第一張牌被焚毀。"],
      undertow: ["噬氣", "被他重擊的勇者失去全部劍氣。"],
      rockfall: ["崩岩", "被他重擊的勇者隨機捨棄一張手牌。"],
      thunderclap: ["雷鳴", "他的重擊命中所有與他相鄰的勇者。"],
      whirlwind: ["旋風", "他多移動一格，且每次甦醒底座順時針轉動一面。"],
    },
    king: "惡鬼王", life: "生命", rage: "怒氣 {n} / {max}（達到 {max} 降下詛咒）", speed: "速度 {n}",
    strike: "重擊 {n}", base: "底座（朝向 東、東北、西北、西、西南、東南）", dirs: ["東", "東北", "西北", "西", "西南", "東南"],
    facing: "朝向{name}的一面：{element}（攻擊骰擲出此屬性則額外造成1點傷害）",
    facingDemon: "朝向{name}的一面：鬼面（沒有骰面與之相符，無額外傷害）", lastRoll: "上次擲骰",
    destiny: "天命", revealed: "展示", deck: "牌庫", discard: "棄牌", exile: "放逐", none: "無",
    supply: "靈力供應區", supplyDeck: "牌庫 {n}", burned: "焚毀 {n}",
    hand: "手牌", cardsLeft: "卡牌 {n}（手牌＋牌庫；4張或更少即落敗）", deckN: "牌庫 {n}", discardN: "棄牌 {n}",
    energy: "劍氣", main: "主職業", second: "副職業", boardCard: "行動卡3仍在圖板上",
    acquiresLeft: "本回合還可汲取 {n} 次",
    pending: { move: "為移動到 ({q}, {r}) 付牌", attack: "為攻擊惡鬼王付牌", rest: "休整：捨棄任意一張牌" },
    paid: "已付：{cards}", choices: "選擇", prices: "各選擇的代價", price: "代價：{price}",
    cancel: "取消", cancelTitle: "在付出任何牌之前收回這個行動（Esc）",
    clickHint: "點擊高亮的板塊、卡牌或惡鬼王", noChoice: "現在不需要你決定。",
    phase: { action: "行動階段", pay: "付牌", release: "釋放劍氣？", swap: "交換職業？", profession: "選擇副職業",
      over: "遊戲結束" },
    reasons: { sealed: "惡鬼王被封印，全體勝利！", cursed: "詛咒達到3，惡鬼王吞噬勇者，全體落敗",
      exhausted: "勇者疲憊不堪，全體落敗" },
    won: "勝利", lost: "落敗", unseen: "{n} 張未知",
  },
};

const DIR_NAMES = ["e", "ne", "nw", "w", "sw", "se"];
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const ELEMENT_ORDER = "WFRTG";
const COLOURS = { W: "#5aa9e6", F: "#f07b4f", R: "#c49a6c", T: "#f2d14b", G: "#6cc46c", demon: "#444" };
const HEX = 30; // circumradius of a map hex in SVG units
const SQ3 = Math.sqrt(3);
const openDetails = new Set();

function fill(template, vars = {}) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

function centre([q, r]) {
  return [HEX * SQ3 * (q + r / 2), HEX * 1.5 * r];
}

function hexPoints(cx, cy, radius) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (30 + 60 * k);
    pts.push(`${(cx + radius * Math.cos(a)).toFixed(1)},${(cy - radius * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

let styleDone = false;
function ensureStyle() {
  if (styleDone || document.getElementById("wh-table-style")) { styleDone = true; return; }
  styleDone = true;
  const css = `
.wh{--wh-bg:#1c2430;--wh-panel:#263142;--wh-ink:#f3f4f6;--wh-dim:#c3cad6;--wh-hi:#ffd54a;--wh-red:#ff8a80;
  color:var(--wh-ink);background:var(--wh-bg);border-radius:10px;padding:8px;font-size:14px;line-height:1.3;
  max-width:900px;margin:0 auto;box-sizing:border-box}
.wh *{box-sizing:border-box}
.wh .wh-status{display:flex;flex-wrap:wrap;gap:4px 12px;justify-content:space-between;font-weight:700;padding:2px 4px}
.wh .wh-status .wh-move{color:var(--wh-hi)}
.wh .wh-curse{color:var(--wh-red)}
.wh .wh-map{width:100%;max-width:680px;height:auto;display:block;margin:4px auto;touch-action:manipulation}
.wh .wh-map text{pointer-events:none;font-family:inherit}
.wh .wh-cell polygon{stroke:#0b0f14;stroke-width:1.5}
.wh .wh-cell.down polygon{fill:#3a4353}
.wh .wh-cell .wh-t{font-size:8px;fill:#111;text-anchor:middle}
.wh .wh-cell .wh-e{font-size:13px;font-weight:700;fill:#111;text-anchor:middle}
.wh .wh-cell.down .wh-e{fill:#8994a6}
.wh .wh-cell.camp polygon{stroke:#fff;stroke-width:2.5}
.wh .wh-target polygon{stroke:var(--wh-hi);stroke-width:3.5;stroke-dasharray:5 3}
.wh .legal{cursor:pointer}
.wh g.legal polygon.wh-hex{stroke:var(--wh-hi);stroke-width:4}
.wh g.legal:hover polygon.wh-hex,.wh g.legal:focus polygon.wh-hex{fill-opacity:.75;stroke:#fff}
.wh g.legal:focus{outline:none}
.wh g.legal .wh-ring{stroke:var(--wh-hi);stroke-width:4}
.wh g.legal:focus .wh-ring{stroke:#fff}
.wh .wh-token{pointer-events:none}
.wh .wh-token text{font-size:12px;font-weight:800;text-anchor:middle;fill:#111}
.wh .wh-token circle{stroke:#111;stroke-width:2}
.wh .wh-token.acting circle{stroke:#fff;stroke-width:3}
.wh .wh-king text{fill:#fff;font-weight:800;text-anchor:middle}
.wh .wh-panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:6px;margin-top:6px}
.wh .wh-panel{background:var(--wh-panel);border-radius:8px;padding:6px;border:2px solid transparent}
.wh .wh-panel.active{border-color:var(--wh-hi)}
.wh .wh-panel h3{margin:0 0 4px;font-size:15px;display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.wh .wh-panel p{margin:2px 0}
.wh .wh-dim{color:var(--wh-dim);font-size:12px}
.wh .wh-bar{height:10px;background:#0b0f14;border-radius:5px;overflow:hidden;margin:2px 0 4px}
.wh .wh-bar>div{height:100%;background:#e53935}
.wh .wh-bar.rage>div{background:#ff9800}
.wh .wh-cards{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-end;margin:3px 0}
.wh svg.wh-card{display:block}
.wh svg.wh-card.legal{outline:3px solid var(--wh-hi);outline-offset:1px;border-radius:5px}
.wh svg.wh-card.legal:focus-visible{outline:4px solid #fff}
.wh .wh-chip{display:inline-block;border-radius:10px;padding:1px 7px;font-size:12px;font-weight:700;color:#111;margin:1px}
.wh .wh-hearts{color:#ff5252;font-size:16px;letter-spacing:1px}
.wh .wh-prompt{margin-top:6px;padding:6px;border-radius:6px;background:#111823;border-left:4px solid var(--wh-hi)}
.wh .wh-prompt p{margin:2px 0}
.wh .wh-choices{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:6px;padding:6px;border-radius:8px;
  background:#111823}
.wh .wh-choices .btn{min-height:36px;font-size:14px;font-weight:700;padding:4px 12px;border-radius:6px;
  background:var(--wh-hi);color:#111;border:none;cursor:pointer}
.wh .wh-choices .btn:focus-visible{outline:3px solid #fff}
.wh .wh-choices .wh-hint{color:var(--wh-dim)}
.wh .wh-over{margin:6px 0;padding:8px;border-radius:8px;font-weight:700;font-size:16px;text-align:center}
.wh .wh-over.won{background:#1b5e20}.wh .wh-over.lost{background:#5b1a24}
.wh details summary{cursor:pointer}
@media (max-width:480px){.wh{padding:4px;font-size:13px}.wh .wh-panels{grid-template-columns:1fr}}
`;
  document.head.appendChild(Object.assign(document.createElement("style"), { id: "wh-table-style", textContent: css }));
}

/** Draw the table into `root` (an empty element, replaced on every update). */
/**
 * What an event moved on this table (motion.js; anchors: seat:<n> (a hero's token on the map), king): a hero's
 * attack is an arrow from the hero to the demon king, the king's strike one from him to the hero he strikes; a
 * spirit card acquired travels from the supply row to the hero's hand (anchors supply, hand:<n>).
 */
export function motions(e) {
  switch (e.kind) {
    case "attack": return [{ arrow: [`seat:${e.seat}`, "king"] }];
    case "struck": return [{ arrow: ["king", `seat:${e.seat}`] }];
    case "acquired": return [{ travel: ["supply", `hand:${e.seat}`, e.card] }];
    default: return [];
  }
}

export function renderTable(root, ctx) {
  ensureStyle();
  const svg = ctx.svg;
  const h = svg.el;
  const v = ctx.view;
  const lang = ctx.lang === "zh" ? "zh" : "en";
  const W = WORDS[lang];
  const legalList = ctx.legal || [];
  const textOf = new Map(legalList.map((a) => [a.id, a.text]));
  const legalIds = new Set(legalList.map((a) => a.id));
  const placed = new Set();
  const choose = (id) => ctx.choose(id);

  const bind = (node, id) => {
    placed.add(id);
    const label = textOf.get(id) || id;
    if (svg.actionable) return svg.actionable(node, id, choose, label);
    node.setAttribute("data-action", id);
    node.classList.add("legal");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    const fire = (ev) => { ev.preventDefault(); ev.stopPropagation(); choose(id); };
    node.addEventListener("click", fire);
    node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") fire(ev); });
    return node;
  };

  const heroName = (hero) => W.heroNames[hero.hero] || hero.hero;
  const seatLabel = (p) => {
    const hero = v.heroes[p];
    const s = (ctx.seats || []).find((x) => x.seat === p);
    const who = p === v.seat ? W.you : s && s.name && s.name !== heroName(hero) && s.name !== hero.hero ? s.name : null;
    return who ? `${heroName(hero)} (${who})` : heroName(hero);
  };
  const elemName = (k) => k.split("").map((e) => W.elements[e] || e).join(lang === "zh" ? "" : "/");

  /** A card of the game drawn as one to three coloured bands with the element names (a kind like "WF"). */
  const elementCard = (kind, width = 40, opts = {}) => {
    const hgt = Math.round(width * 1.4);
    const els = kind ? kind.split("") : [];
    const label = kind ? `${elemName(kind)}` : (lang === "zh" ? "背面朝上的牌" : "face-down card");
    const node = h("svg", { class: ["wh-card", opts.className], viewBox: "0 0 40 56", width, height: hgt,
      role: "img", "aria-label": label, dataset: kind ? { card: kind } : {} }, [h("title", {}, label)]);
    node.appendChild(h("rect", { x: 1, y: 1, width: 38, height: 54, rx: 4, fill: kind ? "#fffdf7" : "#2f3b52",
      stroke: "#111", "stroke-width": 1.5 }));
    if (!kind) {
      node.appendChild(h("circle", { cx: 20, cy: 28, r: 8, fill: "#8ea0c2" }));
      return node;
    }
    const band = 50 / els.length;
    els.forEach((e, i) => {
      node.appendChild(h("rect", { x: 4, y: 3 + i * band, width: 32, height: band - 1, rx: 3, fill: COLOURS[e] }));
      node.appendChild(h("text", { x: 20, y: 3 + i * band + band / 2 + 5, "text-anchor": "middle",
        "font-size": lang === "zh" ? 14 : 13, "font-weight": 800, fill: "#111" }, W.elementShort[e]));
    });
    return node;
  };

  const chip = (element, text) => h("span", { class: "wh-chip", style: { background: COLOURS[element] || "#ccc",
    color: element === "demon" ? "#fff" : "#111" } }, text);

  // ---------------------------------------------------------------------------------------------- the map
  const acting = v.acting !== null && v.acting !== undefined ? v.heroes[v.acting] : null;
  const moveTarget = new Map(); // "q,r" → move action id
  for (const { id } of legalList) {
    const m = /^move (e|ne|nw|w|sw|se)$/.exec(id);
    if (m && acting) {
      const [dq, dr] = DIRS[DIR_NAMES.indexOf(m[1])];
      moveTarget.set(`${acting.at[0] + dq},${acting.at[1] + dr}`, id);
    }
  }
  const pendingAt = v.pending ? `${v.pending.at[0]},${v.pending.at[1]}` : null;
  const cells = v.map.cells;
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const c of cells) {
    const [x, y] = centre(c.at);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = HEX + 4;
  const map = h("svg", { class: "wh-map", viewBox: `${(minX - pad).toFixed(0)} ${(minY - pad).toFixed(0)} ` +
    `${(maxX - minX + 2 * pad).toFixed(0)} ${(maxY - minY + 2 * pad).toFixed(0)}`, role: "group",
    "aria-label": lang === "zh" ? "地圖" : "map" });
  for (const c of cells) {
    const [x, y] = centre(c.at);
    const key = `${c.at[0]},${c.at[1]}`;
    const isCamp = c.tile && c.tile.startsWith("camp:");
    const campHero = isCamp ? c.tile.slice(5) : null;
    const name = !c.up ? W.faceDown : isCamp ? `${W.camp} ${W.heroNames[campHero] || campHero}`
      : `${W.terrains[c.tile] || c.tile} (${W.elements[c.element]})`;
    const g = h("g", { class: ["wh-cell", c.up ? "up" : "down", isCamp ? "camp" : null,
      pendingAt === key ? "wh-target" : null], dataset: { at: key } }, [
      h("title", {}, `${name} (${key})`),
      h("polygon", { class: "wh-hex", points: hexPoints(x, y, HEX - 1), fill: c.up ? COLOURS[c.element] : "#3a4353" }),
    ]);
    if (c.up) {
      g.appendChild(h("text", { class: "wh-e", x, y: y - 12 }, isCamp ? `⌂${W.elementShort[c.element]}` : W.elementShort[c.element]));
      g.appendChild(h("text", { class: "wh-t", x, y: y + 20 }, isCamp ? (W.heroNames[campHero] || campHero)
        : (W.terrains[c.tile] || c.tile)));
    } else {
      g.appendChild(h("text", { class: "wh-e", x, y: y + 5 }, "?"));
    }
    if (moveTarget.has(key)) bind(g, moveTarget.get(key));
    map.appendChild(g);
  }
  // the demon king: his token and the six sides of his base (the side facing an attacker decides the bonus die)
  const king = v.king;
  {
    const [x, y] = centre(king.at);
    const g = h("g", { class: "wh-king", dataset: { at: `${king.at[0]},${king.at[1]}`, anchor: "king" } });
    for (let d = 0; d < 6; d++) {
      const a1 = (Math.PI / 180) * (60 * d - 30), a2 = (Math.PI / 180) * (60 * d + 30);
      const r1 = HEX - 3, r2 = HEX - 10;
      const pts = [[r1, a1], [r1, a2], [r2, a2], [r2, a1]]
        .map(([r, a]) => `${(x + r * Math.cos(a)).toFixed(1)},${(y - r * Math.sin(a)).toFixed(1)}`).join(" ");
      g.appendChild(h("polygon", { points: pts, fill: COLOURS[king.base[d]] || "#444", stroke: "#111", "stroke-width": 1 }));
    }
    g.appendChild(h("circle", { class: "wh-ring", cx: x, cy: y, r: 17, fill: "#7f0000", stroke: "#111", "stroke-width": 2 }));
    g.appendChild(h("text", { x, y: y - 2, "font-size": 12 }, lang === "zh" ? "鬼王" : "KING"));
    g.appendChild(h("text", { x, y: y + 11, "font-size": 11 }, `♥${king.hp}`));
    g.appendChild(h("title", {}, `${lang === "zh" ? king.name_zh : king.name_en} ${king.hp}/${king.max_hp}`));
    if (legalIds.has("attack")) bind(g, "attack");
    map.appendChild(g);
  }
  // heroes: tokens in their element's colour, spread when several share a tile
  const byCell = new Map();
  v.heroes.forEach((hero) => {
    const key = `${hero.at[0]},${hero.at[1]}`;
    if (!byCell.has(key)) byCell.set(key, []);
    byCell.get(key).push(hero);
  });
  for (const [, group] of byCell) {
    group.forEach((hero, i) => {
      const [cx, cy] = centre(hero.at);
      const spread = group.length > 1 ? 11 : 0;
      const ang = (2 * Math.PI * i) / group.length;
      const x = cx + spread * Math.cos(ang), y = cy + 3 + spread * Math.sin(ang);
      const label = heroName(hero);
      map.appendChild(h("g", { class: ["wh-token", v.acting === hero.seat ? "acting" : null],
        dataset: { seat: hero.seat, anchor: `seat:${hero.seat}` } }, [
        h("title", {}, seatLabel(hero.seat)),
        h("circle", { cx: x, cy: y, r: group.length > 1 ? 9 : 12, fill: COLOURS[hero.element] }),
        h("text", { x, y: y + 4, "font-size": group.length > 1 ? 10 : 12 }, lang === "zh" ? label[0] : label[0]),
      ]));
    });
  }

  // --------------------------------------------------------------------------------------------- status
  const status = h("div", { class: "wh-status" }, [
    h("span", {}, fill(W.turn, { n: v.turn })),
    h("span", { class: "wh-move" }, v.over ? W.over : legalList.length ? W.yourMove
      : v.to_move !== null && v.to_move !== undefined && v.heroes[v.to_move] ? fill(W.waiting, { name: seatLabel(v.to_move) })
        : ""),
    h("span", { class: "wh-curse", dataset: { key: "curses", value: v.curses } }, `☠ ${fill(W.curses, { n: v.curses, max: v.curses_to_lose })}`),
  ]);
  let overBanner = null;
  if (v.over) {
    overBanner = h("div", { class: ["wh-over", v.won ? "won" : "lost"], role: "status" },
      `${v.won ? W.won : W.lost}: ${W.reasons[v.end_reason] || v.end_reason}`);
  }

  // ---------------------------------------------------------------------------------------------- prompt
  const promptLines = [h("p", {}, h("strong", {}, W.phase[v.phase] || v.phase))];
  if (acting) promptLines.push(h("p", {}, fill(W.acting, { name: seatLabel(v.acting) })));
  if (v.pending) {
    const p = v.pending;
    const line = p.action === "move" ? fill(W.pending.move, { q: p.at[0], r: p.at[1] }) : W.pending[p.action];
    promptLines.push(h("p", {}, `${line} — ${fill(W.paid, { cards: p.paid.length ? p.paid.map(elemName).join(", ") : W.none })}`));
  }
  if (v.phase === "action" && acting && v.acting === v.seat) {
    promptLines.push(h("p", { class: "wh-dim" }, fill(W.acquiresLeft, { n: v.acquires_left })));
  }
  // what the choices drawn on the map and the hand cost (a move or attack is paid after it is chosen): the shell
  // lists each price here, just under the map, before anything is committed (worded in the game's script)
  promptLines.push(h("div", { class: "wh-prices", dataset: { prices: W.prices, priceWord: W.price } }));
  const prompt = h("div", { class: "wh-prompt", role: "status" }, promptLines);

  // --------------------------------------------------------------------------------------------- panels
  const kingName = lang === "zh" ? king.name_zh : king.name_en;
  let facing = null; // the side of his base facing the acting hero, when it stands next to him
  if (acting) {
    const step = [acting.at[0] - king.at[0], acting.at[1] - king.at[1]];
    const d = DIRS.findIndex(([dq, dr]) => dq === step[0] && dr === step[1]);
    if (d >= 0) facing = d;
  }
  const [abilityName, abilityText] = W.abilities[king.ability] || [king.ability, ""];
  const kingPanel = h("section", { class: "wh-panel wh-kingpanel" }, [
    h("h3", {}, [`${W.king}: ${kingName}`]),
    h("p", { dataset: { key: "king-hp", value: king.hp, life: "" } }, `${W.life} ${king.hp} / ${king.max_hp}`),
    h("div", { class: "wh-bar" }, h("div", { style: { width: `${(100 * king.hp) / Math.max(1, king.max_hp)}%` } })),
    h("p", { dataset: { key: "king-rage", value: king.rage } }, fill(W.rage, { n: king.rage, max: king.temper })),
    h("div", { class: "wh-bar rage" }, h("div", { style: { width: `${(100 * king.rage) / Math.max(1, king.temper)}%` } })),
    h("p", {}, `${fill(W.speed, { n: king.speed })} · ${fill(W.strike, { n: king.strike })}`),
    h("p", {}, [h("strong", {}, abilityName), ` — ${abilityText}`]),
    h("p", { class: "wh-dim" }, W.base),
    h("div", {}, king.base.map((e, d) => chip(e, `${W.dirs[d]} ${W.elementShort[e]}`))),
    facing !== null ? h("p", {}, fill(king.base[facing] === "demon" ? W.facingDemon : W.facing,
      { name: seatLabel(v.acting), element: W.elements[king.base[facing]] })) : null,
    v.last_roll && v.last_roll.length ? h("p", {}, [`${W.lastRoll}: `, v.last_roll.map((e) => chip(e, W.elements[e]))]) : null,
  ]);

  const details = (key, summary, body) => {
    const det = h("details", { ontoggle: (ev) => { if (ev.target.open) openDetails.add(key); else openDetails.delete(key); } },
      [h("summary", {}, summary), body]);
    if (openDetails.has(key)) det.open = true;
    return det;
  };
  const destinyName = (code) => {
    const [hero, n] = code.split("-");
    const name = W.heroNames[hero] || hero;
    if (n === "stun") return lang === "zh" ? `${name}·震懾` : `${name} stun`;
    return lang === "zh" ? `${name}·行動${n}` : `${name} action ${n}`;
  };
  const destinyPanel = h("section", { class: "wh-panel" }, [
    h("h3", {}, W.destiny),
    h("p", {}, [`${W.revealed}: `, h("strong", {}, v.destiny.revealed ? destinyName(v.destiny.revealed) : W.none)]),
    h("p", {}, `${W.deck} ${v.destiny.deck} · ${W.discard} ${v.destiny.discard.length} · ${W.exile} ${v.destiny.exile.length}`),
    details("destiny", lang === "zh" ? "剩餘天命牌" : "cards left in the deck",
      h("p", { class: "wh-dim" }, v.destiny.remaining.map(destinyName).join(", ") || W.none)),
  ]);

  const supplyCards = v.supply.row.map((kind) => {
    const node = elementCard(kind, 40);
    const id = `acquire ${kind}`;
    if (legalIds.has(id)) bind(node, id);
    return node;
  });
  const supplyPanel = h("section", { class: "wh-panel" }, [
    h("h3", {}, [W.supply, h("span", { class: "wh-dim" }, `${fill(W.supplyDeck, { n: v.supply.deck })} · ${fill(W.burned, { n: v.supply.burned.length })}`)]),
    h("div", { class: "wh-cards", dataset: { anchor: "supply" } }, supplyCards),
  ]);

  const heroPanel = (hero) => {
    const mine = hero.seat === v.seat;
    const hearts = "♥".repeat(Math.max(0, hero.hp)) + "♡".repeat(Math.max(0, hero.max_hp - hero.hp));
    const handCards = hero.hand.map((kind) => {
      const node = elementCard(kind, mine ? 44 : 32);
      if (mine) {
        for (const verb of ["pay", "focus"]) {
          const id = `${verb} ${kind}`;
          if (legalIds.has(id)) { bind(node, id); break; }
        }
      }
      return node;
    });
    const hidden = hero.hand_size - hero.hand.length;
    for (let i = 0; i < Math.min(hidden, 8); i++) handCards.push(elementCard(null, mine ? 44 : 24));
    const prof = (id) => {
      const el = { mage: "W", mercenary: "F", artisan: "R", knight: "T", scout: "G" }[id];
      return chip(el, W.professions[id] || id);
    };
    return h("section", { class: ["wh-panel", "wh-hero", v.acting === hero.seat ? "active" : null],
      dataset: { seat: hero.seat } }, [
      h("h3", {}, [chip(hero.element, W.elementShort[hero.element]), seatLabel(hero.seat),
        h("span", { class: "wh-hearts", "aria-label": `${W.life} ${hero.hp}/${hero.max_hp}`,
          dataset: { key: `hp-${hero.seat}`, value: hero.hp, life: "" } }, hearts)]),
      h("p", {}, [`${W.main}: `, prof(hero.main), hero.second ? [` ${W.second}: `, prof(hero.second)] : null]),
      h("p", { class: hero.total <= 6 ? "wh-curse" : null, dataset: { key: `total-${hero.seat}`, value: hero.total } },
        fill(W.cardsLeft, { n: hero.total })),
      h("p", { class: "wh-dim" }, `${W.hand} ${hero.hand_size} · ${fill(W.deckN, { n: hero.deck_size })} · ` +
        `${fill(W.discardN, { n: hero.discard.length })}${hero.board_card ? ` · ${W.boardCard}` : ""}`),
      h("div", { class: "wh-cards wh-hand", "aria-label": W.hand, dataset: { anchor: `hand:${hero.seat}` } }, handCards),
      hero.energy.length ? h("p", {}, [`${W.energy}: `, hero.energy.map((k) => chip(k[0], elemName(k)))]) : null,
    ]);
  };
  const order = [...v.heroes].sort((a, b) => (a.seat === v.seat ? -1 : b.seat === v.seat ? 1 : a.seat - b.seat));
  const heroPanels = order.map(heroPanel);

  // ------------------------------------------------------------------------------------- choices strip
  const rest = legalList.filter((a) => !placed.has(a.id));
  const choices = h("div", { class: "wh-choices", "aria-label": W.choices }, [
    h("span", { class: "wh-hint" }, `${W.choices}:`),
    legalList.length ? rest.map((a) => bind(h("button", { type: "button", class: a.id === "cancel" ? "btn btn-cancel" : "btn",
      title: a.id === "cancel" ? W.cancelTitle : null }, a.id === "cancel" ? W.cancel : a.text || a.id), a.id))
      : h("span", { class: "wh-hint" }, W.noChoice),
    legalList.length && !rest.length ? h("span", { class: "wh-hint" }, W.clickHint) : null,
  ]);

  const mineFirst = heroPanels.length && order[0].seat === v.seat ? heroPanels.shift() : null;
  root.replaceChildren(h("div", { class: "wh", lang, dataset: { game: "wild-hunters" } }, [
    status, overBanner, map, prompt, mineFirst, v.over ? null : choices,
    h("div", { class: "wh-panels" }, [kingPanel, supplyPanel, destinyPanel, ...heroPanels]),
  ]));
}
