// 异种族阵营 Xeno Faction: the browser table (contract: docs/web.md, summary below).
//
//   renderTable(root, ctx)  draws ctx.view (the seat's own view) into root and makes every action of ctx.legal
//                           clickable on the thing it acts on:
//     a card in my hand      discard / place (→ row) / extra / 大王 (→ row) / 小王
//     a card on my rows      split (J) / charge ①② (K) / give (K ①③ answer) / lose (equal lowest cards)
//     a face card on a row   replace (third face card) / remove (dispel=pick)
//     a row's header         dispel (♥ J/Q/K, either side) / charge ③ / attack (on the opponent's rows)
//     the opponent's panel   direct attacks;  the opponent's 大王: 小王 (knight)
//     an extra zone          pair (two hand cards summing to its card)
//     the effect panel       the special placement of 分裂新生 (summon …), drawn with the cards it may take
//   Anything else (done, pass, skip, decline, fight, yield, remove all) is a button in the "choices" strip.
//
// The table reads only ctx.view and ctx.legal; it knows the action notation (tablecraft/games/xeno_faction/
// actions.py, docs/rules/xeno-faction.md §5) but no rule: what is legal comes from ctx.legal alone.

const WORDS = {
  en: {
    turn: "Turn {n} / {max}", you: "you", spectator: "spectating", toMove: "to move: {name}",
    yourMove: "Your move", waiting: "Waiting for {name}", life: "Life", hand: "Hand", deck: "Deck",
    graveyard: "Graveyard", banished: "Banished", points: "{n} pts", banishedTotal: "Banished {n} / 54 (Deep-Sea Age above 54)",
    row: "Row {n}", rowNames: ["♦ Armed beasts", "♠ Magic beasts", "♣ Psychic beasts"], total: "Σ {n}",
    extraZones: "Extra zones", zone: "Extra", emptyZone: "empty", owner: "{name}", since: "since turn {n}",
    effects: { split: "J split rebirth", abyss_call: "Q call of the abyss", charge: "K outer charge" },
    faceWaiting: "not yet active", joker: "Big Joker (abyss magic)", noCards: "no cards",
    phase: {
      discard: "Preparation: hand check", place: "Placement phase", attack: "Attack phase", replace: "Face card: push one out",
      dispel_pick: "The dispeller: choose", knight_window: "Abyss knight (Little Joker) window",
      summon: "Split rebirth: special placement", give: "Outer charge: your answer",
      lose: "Attack: equal lowest cards", clash_attacker: "Big Joker against Big Joker", clash_defender: "Big Joker against Big Joker",
      over: "Game over",
    },
    chips: { discard: "Discard", place: "Place", extra: "Extra", split: "Split", charge1: "K①", charge2: "K②",
      charge3: "K③", give: "Banish", lose: "Lose", replace: "Push out", remove: "Remove", knight: "Little Joker" },
    attackFrom: "⚔ row {a}", direct: "direct", dispelChip: "✕ {card}",
    choices: "Choices", noChoice: "No decision for you now.",
    clickHint: "click a highlighted card or row",
    pending: {
      discard: "Holding {n} cards: discard one at a time down to {to}.",
      replace: "Row {row} already holds two face cards: choose the one {card} pushes out.",
      dispel_pick: "The dispeller on {owner} row {row}: remove one face card, or all.",
      knight_window: "{owner} placed the Big Joker in row {row}. The Little Joker may destroy it (costs its user 5 damage on this turn).",
      summon: "{card} moved to the extra zone. Specially place 3 or more of your normal cards summing to {target} " +
        "(1 damage each): {picked} placed, {need} still to reach.",
      give1: "Outer charge ①: banish one of your normal cards of rank {rank}.",
      give3: "Outer charge ③: banish {count} more of your normal cards.",
      lose: "Row {a} attacks row {t}: several lowest cards are equal — the defender chooses which is removed.",
      clash: "Big Joker against Big Joker: row {a} attacks row {t}. {who} chooses: fight (every hand card of the row's suit goes " +
        "down; the lower row total loses its Big Joker and takes 10) or yield.",
      clashWho: { attacker: "The attacker", defender: "The defender" },
      firstTurn: "The first player does not attack on turn 1.",
    },
    over: "Game over", draw: "A draw", wins: "{name} wins", reasons: {
      life_zero: "life reduced to zero", deep_sea: "Deep-Sea Age: more than 54 cards banished",
      both_zero: "both players at zero life", turn_cap: "turn cap reached",
    },
    seatNames: ["alpha", "beta"], summonCards: "Cards that may be placed",
  },
  zh: {
    turn: "第 {n} 回合 / {max}", you: "你", spectator: "观战", toMove: "行动：{name}",
    yourMove: "轮到你", waiting: "等待 {name}", life: "生命", hand: "手牌", deck: "卡组",
    graveyard: "墓地", banished: "除外区", points: "{n} 点", banishedTotal: "除外 {n} / 54（超过54：深海时代）",
    row: "第{n}排", rowNames: ["♦ 武装兽", "♠ 魔法兽", "♣ 精神异能兽"], total: "合计 {n}",
    extraZones: "额外区", zone: "额外区", emptyZone: "空", owner: "{name}的", since: "第{n}回合放置",
    effects: { split: "J 分裂新生", abyss_call: "Q 深渊的呼唤", charge: "K 域外充能" },
    faceWaiting: "尚未生效", joker: "大王【深渊魔法】", noCards: "无",
    phase: {
      discard: "准备阶段：手牌检查", place: "放置牌阶段", attack: "攻击阶段", replace: "花牌：选择挤掉一张",
      dispel_pick: "解万法者：选择", knight_window: "小王时机", summon: "分裂新生：特殊放置",
      give: "域外充能：对方选择", lose: "攻击：最小牌相同", clash_attacker: "大王对决", clash_defender: "大王对决",
      over: "游戏结束",
    },
    chips: { discard: "弃", place: "放置", extra: "额外区", split: "分裂", charge1: "K①", charge2: "K②",
      charge3: "K③", give: "除外", lose: "消灭", replace: "挤掉", remove: "撤掉", knight: "小王" },
    attackFrom: "⚔ 第{a}排", direct: "直接", dispelChip: "✕ {card}",
    choices: "选择", noChoice: "现在不需要你决定。",
    clickHint: "点击高亮的牌或排",
    pending: {
      discard: "手牌 {n} 张：逐张弃牌直到 {to} 张。",
      replace: "第{row}排已有两张花牌：选择被 {card} 挤掉的一张。",
      dispel_pick: "解万法者作用于{owner}第{row}排：撤掉一张花牌，或全部。",
      knight_window: "{owner}在第{row}排放置了大王。可发动小王将其消灭（在对方回合发动，使用者受到5点伤害）。",
      summon: "{card} 已移至额外区。从手牌、卡组、墓地、额外区特殊放置 3 张以上点数总和为 {target} 的普通牌" +
        "（每张受到1点伤害）：已放置 {picked} 张，还差 {need} 点。",
      give1: "域外充能①：除外你场上一张点数为 {rank} 的普通牌。",
      give3: "域外充能③：再除外你场上 {count} 张普通牌。",
      lose: "第{a}排攻击第{t}排：最小的牌有多张 —— 由防守方选择消灭哪一张。",
      clash: "大王对大王：第{a}排攻击第{t}排。{who}选择：应战（手牌中该排花色的牌全部放上场，点数总和低的一方大王被消灭并受到10点伤害）或放弃。",
      clashWho: { attacker: "攻击方", defender: "防守方" },
      firstTurn: "先手玩家第一回合不能攻击。",
    },
    over: "游戏结束", draw: "平局", wins: "{name} 获胜", reasons: {
      life_zero: "生命值归零", deep_sea: "深海时代：双方除外区超过54张",
      both_zero: "双方生命值同时归零", turn_cap: "达到回合上限",
    },
    seatNames: ["甲", "乙"], summonCards: "可放置的牌",
  },
};

const SUIT_SYMBOL = { S: "♠", H: "♥", C: "♣", D: "♦" };
const ROW_SUITS = ["D", "S", "C"];
const openDetails = new Set(); // which pile lists the player opened (kept across re-renders)

function fill(template, vars = {}) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** The parts of a card code: rank text and suit letter ("10C" → {rank: "10", suit: "C"}); jokers: suit null. */
function cardParts(code) {
  if (code === "JKR" || code === "JKB") return { rank: code, suit: null };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

const JOKER_NAMES = { zh: { JKR: "大王", JKB: "小王" }, en: { JKR: "Big Joker", JKB: "Little Joker" } };
let tableLang = "en"; // the language of the table being drawn (set by renderTable): card names follow it

/** A card's name for the player: rank and suit symbol, the jokers by name in the table's language. */
function cardName(code) {
  if (code === "JKR" || code === "JKB") return JOKER_NAMES[tableLang][code];
  const { rank, suit } = cardParts(code);
  return rank + (SUIT_SYMBOL[suit] || suit);
}

function rowNumber(word) {
  const m = /^row([123])$/.exec(word || "");
  return m ? Number(m[1]) : null;
}

let styleDone = false;
function ensureStyle() {
  if (styleDone || document.getElementById("xf-table-style")) { styleDone = true; return; }
  styleDone = true;
  const css = `
.xf{--xf-bg:#17392b;--xf-panel:#214a39;--xf-panel2:#2b5a46;--xf-ink:#f4f1e8;--xf-dim:#c9d6cc;--xf-hi:#ffd54a;
  --xf-opp:#3a2f4d;--xf-red:#ff8a80;color:var(--xf-ink);background:var(--xf-bg);border-radius:10px;padding:8px;
  font-size:14px;line-height:1.3;max-width:820px;margin:0 auto;box-sizing:border-box}
.xf *{box-sizing:border-box}
.xf .xf-status{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;justify-content:space-between;
  padding:4px 6px;font-weight:600}
.xf .xf-status .xf-move{color:var(--xf-hi)}
.xf .xf-side{background:var(--xf-panel);border-radius:8px;padding:6px;margin:6px 0;border:2px solid transparent}
.xf .xf-side.xf-opp{background:var(--xf-opp)}
.xf .xf-side.xf-active{border-color:var(--xf-hi)}
.xf .xf-player{display:flex;flex-wrap:wrap;align-items:center;gap:6px 14px}
.xf .xf-name{font-weight:700;font-size:15px}
.xf .xf-life{font-size:20px;font-weight:800}
.xf .xf-life small{font-size:12px;font-weight:600;color:var(--xf-dim)}
.xf .xf-stat{display:flex;align-items:center;gap:4px;color:var(--xf-dim)}
.xf .xf-stat b{color:var(--xf-ink)}
.xf .xf-piles{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:flex-start;margin-top:4px}
.xf .xf-pile{display:flex;align-items:center;gap:4px}
.xf details.xf-list{font-size:12px;color:var(--xf-dim);max-width:100%}
.xf details.xf-list summary{cursor:pointer}
.xf .xf-codes{display:flex;flex-wrap:wrap;gap:2px;margin-top:2px}
.xf .xf-code{background:#fff;color:#111;border-radius:3px;padding:0 3px;font-weight:700}
.xf .xf-code.red{color:#b00020}
.xf .xf-handbacks{display:flex;align-items:center}
.xf .xf-handbacks svg+svg{margin-left:-22px}
.xf .xf-rows{display:flex;flex-direction:column;gap:4px;margin-top:6px}
.xf .xf-row{background:var(--xf-panel2);border-radius:6px;padding:4px 6px;min-height:52px}
.xf .xf-opp .xf-row{background:#4a3d60}
.xf .xf-rowhead{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px}
.xf .xf-rowlabel{font-weight:700}
.xf .xf-total{font-weight:800;color:var(--xf-hi);font-size:15px}
.xf .xf-badge{font-size:11px;border-radius:8px;padding:1px 6px;background:#0d2219;color:var(--xf-ink);border:1px solid #6c8f7f}
.xf .xf-badge.off{color:var(--xf-dim);border-style:dashed}
.xf .xf-badge.joker{background:#6d1020;border-color:#ff8a80}
.xf .xf-rowbody{display:flex;flex-wrap:wrap;align-items:flex-end;gap:6px;margin-top:3px}
.xf .xf-faces,.xf .xf-normals{display:flex;flex-wrap:wrap;align-items:flex-end;gap:3px}
.xf .xf-faces{padding-right:6px;border-right:1px dashed #6c8f7f}
.xf .xf-empty{color:var(--xf-dim);font-size:12px;font-style:italic;align-self:center}
.xf .xf-slot{display:inline-flex;flex-direction:column;align-items:center;gap:2px;border-radius:6px;padding:2px}
.xf .xf-slot .xf-cap{font-size:11px;font-weight:700;color:#111;background:var(--xf-hi);border-radius:4px;padding:0 4px}
.xf .legal{outline:3px solid var(--xf-hi);outline-offset:1px;cursor:pointer}
.xf .legal:focus-visible{outline:4px solid #fff;box-shadow:0 0 0 6px var(--xf-hi)}
.xf .xf-slot.legal:hover{background:rgba(255,213,74,.25)}
.xf .xf-chips{display:flex;flex-wrap:wrap;gap:3px;justify-content:center}
.xf button.xf-chip{font:inherit;font-size:12px;font-weight:700;min-height:28px;min-width:32px;padding:2px 6px;
  border-radius:6px;border:none;background:var(--xf-hi);color:#111;cursor:pointer}
.xf button.xf-chip:hover{background:#fff176}
.xf .xf-middle{background:#0f2a1f;border-radius:8px;padding:6px;margin:6px 0}
.xf .xf-zones{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
.xf .xf-zone{display:flex;flex-direction:column;align-items:center;gap:2px;min-width:76px;background:#1d4434;
  border-radius:6px;padding:4px}
.xf .xf-zone .xf-zonename{font-weight:700}
.xf .xf-zone .xf-owner{font-size:11px;color:var(--xf-dim)}
.xf .xf-zoneempty{width:40px;height:56px;border:2px dashed #6c8f7f;border-radius:5px}
.xf .xf-prompt{margin-top:6px;padding:6px;border-radius:6px;background:#0d2219;border-left:4px solid var(--xf-hi)}
.xf .xf-prompt p{margin:2px 0}
.xf .xf-summon{display:flex;flex-wrap:wrap;gap:4px;margin-top:4px}
.xf .xf-hand{display:flex;flex-wrap:wrap;gap:4px;margin-top:6px;align-items:flex-start}
.xf .xf-choices{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:8px;padding:6px;border-radius:8px;
  background:#0d2219}
.xf .xf-choices .btn{min-height:36px;font-size:14px;font-weight:700;padding:4px 12px;border-radius:6px;
  background:var(--xf-hi);color:#111;border:none;cursor:pointer}
.xf .xf-choices .xf-hint{color:var(--xf-dim)}
.xf .xf-over{margin:6px 0;padding:8px;border-radius:8px;background:#5b1a24;font-weight:700;font-size:16px;text-align:center}
@media (max-width:480px){.xf{padding:4px;font-size:13px}.xf .xf-zone{min-width:64px}}
`;
  document.head.appendChild(Object.assign(document.createElement("style"), { id: "xf-table-style", textContent: css }));
}

/** Draw the table into `root` (an empty element, replaced on every update). */
/**
 * What an event moved on this table (motion.js; anchors: seat:<n> (a player's line), row:<n>:<row>,
 * graveyard:<n>, banished:<n>, extra:<suit>): an attack is an arrow from the attacking row to the row it attacks or
 * to the player; a dispeller an arrow from its user to the row it dispels; a card moved travels from where it was
 * (a hand: its player's line) to where it went. Only what the event itself says (its redacted fields).
 */
export function motions(e) {
  const at = (seat, name) => {
    if (!name || name === "hand" || name === "deck") return `seat:${seat}`;
    if (name.startsWith("row")) return `row:${seat}:${name.slice(3)}`;
    return name.startsWith("extra:") ? `extra:${name.slice(6)}` : `${name}:${seat}`;
  };
  switch (e.kind) {
    case "attack":
      return [{ arrow: [`row:${e.seat}:${e.row}`, e.target === "direct" ? `seat:${1 - e.seat}` : `row:${1 - e.seat}:${e.target}`] }];
    case "dispel": return [{ arrow: [`seat:${e.seat}`, `row:${e.target}:${e.row}`] }];
    case "moved": return e.to === "hand" || e.to === "deck" ? [] : [{ travel: [at(e.seat, e.from), at(e.seat, e.to), e.card] }];
    default: return [];
  }
}

export function renderTable(root, ctx) {
  ensureStyle();
  const svg = ctx.svg;
  const h = svg.el;
  const v = ctx.view;
  const lang = ctx.lang === "zh" ? "zh" : "en";
  tableLang = lang;
  const W = WORDS[lang];
  const legalList = ctx.legal || [];
  const textOf = new Map(legalList.map((a) => [a.id, a.text]));
  const placed = new Set();
  const choose = (id) => ctx.choose(id);

  const me = v.seat === 0 || v.seat === 1 ? v.seat : 0; // a spectator watches from alpha's side
  const opp = 1 - me;
  const seatName = (p) => {
    const s = (ctx.seats || []).find((x) => x.seat === p);
    const base = s && s.name ? s.name : W.seatNames[p];
    return p === v.seat ? `${base} (${W.you})` : base;
  };

  // ---------------------------------------------------------------- action index: anchor key → [{id, chip}]
  const anchors = new Map();
  const add = (key, id, chip) => {
    if (!anchors.has(key)) anchors.set(key, []);
    anchors.get(key).push({ id, chip });
  };
  const pend = v.pending || {};
  for (const { id } of legalList) {
    const w = id.split(" ");
    const verb = w[0];
    switch (verb) {
      case "discard": add(`hand:${w[1]}`, id, W.chips.discard); break;
      case "place":
        if (w.length === 3) add(`hand:${w[1]}`, id, `→${rowNumber(w[2])}`);
        else add(`hand:${w[1]}`, id, W.chips.place);
        break;
      case "extra": add(`hand:${w[1]}`, id, W.chips.extra); break;
      case "pair": add(`zone:${cardParts(w[1]).suit}`, id, `${cardName(w[1])}+${cardName(w[2])}`); break;
      case "replace": add(`face:${me}:${w[1]}`, id, W.chips.replace); break;
      case "remove":
        if (w[1] !== "all") add(`face:${pend.owner ?? opp}:${w[1]}`, id, W.chips.remove);
        break;
      case "dispel": add(`row:${w[2] === "own" ? me : opp}:${rowNumber(w[3])}`, id, fill(W.dispelChip, { card: cardName(w[1]) })); break;
      case "knight":
        add(`joker:${opp}`, id, W.chips.knight);
        add("hand:JKB", id, W.chips.knight);
        break;
      case "split": add(`card:${me}:${w[1]}`, id, W.chips.split); break;
      case "charge1": add(`card:${me}:${w[1]}`, id, W.chips.charge1); break;
      case "charge2": add(`card:${me}:${w[1]}`, id, W.chips.charge2); break;
      case "charge3": add(`row:${me}:${rowNumber(w[1])}`, id, W.chips.charge3); break;
      case "give": add(`card:${me}:${w[1]}`, id, W.chips.give); break;
      case "lose": add(`card:${me}:${w[1]}`, id, W.chips.lose); break;
      case "summon": add(`summon:${w[1]}`, id, `→${rowNumber(w[2])}`); break;
      case "attack":
        {
          const a = rowNumber(w[1]);
          const mine = v.players[me].rows[a - 1];
          const power = mine.joker ? "大王" : String(mine.total);
          if (w[2] === "direct") add(`player:${opp}`, id, `${fill(W.attackFrom, { a })} (${power}) → ${W.direct}`);
          else {
            const t = v.players[opp].rows[rowNumber(w[2]) - 1].total;
            add(`row:${opp}:${rowNumber(w[2])}`, id, `${fill(W.attackFrom, { a })} (${power} > ${t})`);
          }
        }
        break;
      default: break; // done, pass, skip, decline, fight, yield, remove all: the choices strip
    }
  }

  /** Make `node` perform action `id` (data-action, class legal, focusable, Enter/Space). */
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
  const chipButton = (a) => {
    const b = h("button", { type: "button", class: "xf-chip", title: textOf.get(a.id) || a.id }, a.chip);
    return bind(b, a.id);
  };
  /** A card (or other drawing) with the actions anchored on it: one → the slot itself, several → chips. */
  const slot = (key, drawing, caption) => {
    const acts = anchors.get(key) || [];
    const node = h("div", { class: "xf-slot" }, [drawing]);
    if (acts.length === 1) {
      node.appendChild(h("span", { class: "xf-cap" }, acts[0].chip));
      bind(node, acts[0].id);
    } else {
      if (caption) node.appendChild(caption);
      if (acts.length > 1) node.appendChild(h("div", { class: "xf-chips" }, acts.map(chipButton)));
    }
    return node;
  };
  const chipsFor = (key) => {
    const acts = anchors.get(key) || [];
    return acts.length ? h("div", { class: "xf-chips" }, acts.map(chipButton)) : null;
  };
  const cardImg = (code, width, opts = {}) => svg.card(code, { width, lang, ...opts });

  // ---------------------------------------------------------------- pieces
  const codeList = (codes) => h("div", { class: "xf-codes" }, codes.map((c) =>
    h("span", { class: ["xf-code", /[HD]$/.test(c) || c === "JKR" ? "red" : null] }, cardName(c))));
  const pileView = (p, kind, codes, extra, anchorName) => {
    const key = `${p}:${kind}`;
    const det = h("details", { class: "xf-list", ontoggle: (ev) => {
      if (ev.target.open) openDetails.add(key); else openDetails.delete(key);
    } }, [h("summary", {}, `${W[kind]} ${codes.length}${extra ? ` · ${extra}` : ""}`),
      codes.length ? codeList(codes) : h("span", {}, W.noCards)]);
    if (openDetails.has(key)) det.open = true;
    const top = codes.length ? cardImg(codes[codes.length - 1], 32) : h("div", { class: "xf-zoneempty",
      style: { width: "32px", height: "45px" } });
    return h("div", { class: "xf-pile", dataset: { anchor: anchorName } }, [top, det]);
  };

  const playerPanel = (p) => {
    const pl = v.players[p];
    const handBacks = [];
    if (p !== me || v.seat !== me) {
      // The opponent's hand (and, for a spectator, both): backs only — the view carries no codes for it.
      const n = Math.min(pl.hand_size, 12);
      for (let i = 0; i < n; i++) handBacks.push(cardImg(null, 30, { label: W.hand }));
    }
    const info = h("div", { class: "xf-player", dataset: { anchor: `seat:${p}` } }, [
      h("span", { class: "xf-name" }, seatName(p)),
      h("span", { class: "xf-life", "aria-label": `${W.life} ${pl.life}`, dataset: { key: `life-${p}`, value: pl.life, life: "" } }, [h("small", {}, `${W.life} `), String(pl.life)]),
      h("span", { class: "xf-stat", dataset: { key: `hand-${p}`, value: pl.hand_size } }, [`${W.hand} `, h("b", {}, String(pl.hand_size))]),
      handBacks.length ? h("span", { class: "xf-handbacks", "aria-hidden": "true" }, handBacks) : null,
      h("span", { class: "xf-stat", dataset: { key: `deck-${p}`, value: pl.deck_size } }, [cardImg(null, 24, { label: W.deck }), `${W.deck} `, h("b", {}, String(pl.deck_size))]),
    ]);
    const direct = chipsFor(`player:${p}`);
    const piles = h("div", { class: "xf-piles" }, [
      pileView(p, "graveyard", pl.graveyard, null, `graveyard:${p}`),
      pileView(p, "banished", pl.banished, fill(W.points, { n: pl.banished_points }), `banished:${p}`),
    ]);
    return [info, direct, piles];
  };

  const rowView = (p, row) => {
    const r = v.players[p].rows[row - 1];
    const badges = [];
    const effectKeys = ["split", "abyss_call", "charge"];
    for (const f of r.faces) {
      const letter = cardParts(f.card).rank;
      const key = effectKeys["JQK".indexOf(letter)];
      const on = key && r.effects[key];
      badges.push(h("span", { class: ["xf-badge", on ? null : "off"],
        title: on ? "" : W.faceWaiting }, `${W.effects[key] || f.card}${on ? "" : ` (${W.faceWaiting})`}`));
    }
    if (r.joker) badges.push(h("span", { class: "xf-badge joker" }, W.joker));
    const head = h("div", { class: "xf-rowhead" }, [
      h("span", { class: "xf-rowlabel" }, `${fill(W.row, { n: row })} ${W.rowNames[row - 1]}`),
      h("span", { class: "xf-total", dataset: { key: `total-${p}-${row}`, value: r.total } }, fill(W.total, { n: r.total })),
      badges,
      chipsFor(`row:${p}:${row}`),
    ]);
    const faces = r.faces.map((f) => slot(`face:${p}:${f.card}`, cardImg(f.card, 36, {
      dim: !r.effects[effectKeys["JQK".indexOf(cardParts(f.card).rank)]],
      label: `${cardName(f.card)} · ${fill(W.since, { n: f.since })}`,
    })));
    if (r.joker) faces.push(slot(`joker:${p}`, cardImg("JKR", 36)));
    const normals = r.cards.map((c) => slot(`card:${p}:${c}`, cardImg(c, 40)));
    return h("section", { class: "xf-row", "aria-label": `${seatName(p)} ${fill(W.row, { n: row })}`,
      dataset: { seat: p, row, anchor: `row:${p}:${row}` } }, [
      head,
      h("div", { class: "xf-rowbody" }, [
        faces.length ? h("div", { class: "xf-faces" }, faces) : null,
        h("div", { class: "xf-normals" }, normals.length ? normals : h("span", { class: "xf-empty" }, W.noCards)),
      ]),
    ]);
  };

  const sideView = (p) => {
    const rowsOrder = p === me ? [1, 2, 3] : [3, 2, 1]; // the ♦ rows face each other across the middle
    const rows = h("div", { class: "xf-rows" }, rowsOrder.map((n) => rowView(p, n)));
    const panel = playerPanel(p);
    const active = !v.over && v.turn_seat === p;
    const kids = p === me ? [rows, ...panel] : [...panel, rows];
    return h("section", { class: ["xf-side", p === me ? "xf-me" : "xf-opp", active ? "xf-active" : null],
      dataset: { seat: p } }, kids);
  };

  const zonesView = () => h("div", { class: "xf-zones", "aria-label": W.extraZones }, v.extra_zones.map((z) => {
    const drawing = z.card ? cardImg(z.card, 40) : h("div", { class: "xf-zoneempty" });
    const owner = z.card ? h("span", { class: "xf-owner" },
      `${fill(W.owner, { name: seatName(z.owner) })} · ${fill(W.since, { n: z.since })}`) : h("span", { class: "xf-owner" }, W.emptyZone);
    return h("div", { class: "xf-zone", dataset: { zone: z.suit, owner: z.owner ?? "", anchor: `extra:${z.suit}` } }, [
      h("span", { class: "xf-zonename" }, `${W.zone} ${SUIT_SYMBOL[z.suit]}`),
      drawing, owner, chipsFor(`zone:${z.suit}`),
    ]);
  }));

  const promptView = () => {
    const lines = [];
    const kind = pend.kind;
    const P = W.pending;
    if (kind === "discard") {
      lines.push(fill(P.discard, { n: v.players[pend.seat].hand_size, to: pend.to }));
    } else if (kind === "replace") {
      lines.push(fill(P.replace, { row: pend.row, card: cardName(pend.new) }));
    } else if (kind === "dispel_pick") {
      lines.push(fill(P.dispel_pick, { owner: seatName(pend.owner), row: pend.row }));
    } else if (kind === "knight_window") {
      lines.push(fill(P.knight_window, { owner: seatName(pend.joker_owner), row: pend.row }));
    } else if (kind === "summon") {
      lines.push(fill(P.summon, { card: cardName(pend.moved), target: pend.target, picked: pend.picked, need: pend.need }));
    } else if (kind === "give") {
      lines.push(pend.option === 1 ? fill(P.give1, { rank: pend.rank }) : fill(P.give3, { count: pend.count }));
    } else if (kind === "lose") {
      lines.push(fill(P.lose, { a: pend.attacker_row, t: pend.row }));
    } else if (kind === "clash") {
      lines.push(fill(P.clash, { a: pend.attacker_row, t: pend.defender_row, who: P.clashWho[pend.step] }));
    }
    if (!v.over && v.phase === "place" && v.turn === 1 && v.first === v.turn_seat) lines.push(P.firstTurn);
    const summonCards = [...anchors.keys()].filter((k) => k.startsWith("summon:")).map((k) => k.slice(7));
    const kids = [
      h("p", {}, h("strong", {}, W.phase[v.phase] || v.phase)),
      lines.map((t) => h("p", {}, t)),
    ];
    if (summonCards.length) {
      kids.push(h("p", {}, W.summonCards));
      kids.push(h("div", { class: "xf-summon" }, summonCards.map((c) => slot(`summon:${c}`, cardImg(c, 40)))));
    }
    return h("div", { class: "xf-prompt", role: "status" }, kids);
  };

  const handView = () => {
    const pl = v.players[me];
    if (v.seat !== me) return null;
    return h("div", { class: "xf-hand", "aria-label": W.hand }, pl.hand.map((c) => slot(`hand:${c}`, cardImg(c, 52))));
  };

  // ---------------------------------------------------------------- assemble
  const toMove = v.over ? null : v.to_move;
  const status = h("div", { class: "xf-status" }, [
    h("span", {}, fill(W.turn, { n: v.turn, max: v.max_turns })),
    h("span", { class: "xf-move" }, v.over ? W.over : (legalList.length ? W.yourMove
      : (toMove === null || toMove === undefined ? "" : fill(W.waiting, { name: seatName(toMove) })))),
    h("span", { dataset: { key: "banished", value: v.banished_total } }, fill(W.banishedTotal, { n: v.banished_total })),
  ]);
  let overBanner = null;
  if (v.over) {
    const reason = W.reasons[v.end_reason] || v.end_reason;
    const who = v.winners.length ? fill(W.wins, { name: v.winners.map(seatName).join(", ") }) : W.draw;
    overBanner = h("div", { class: "xf-over", role: "status" }, `${W.over}: ${who}${reason ? ` (${reason})` : ""}`);
  }
  const theirs = sideView(opp);
  const middle = h("div", { class: "xf-middle" }, [zonesView(), promptView()]);
  const mine = sideView(me);
  const hand = handView();
  if (hand) mine.appendChild(hand);

  // Every legal action not drawn on the table above: the choices strip.
  const rest = legalList.filter((a) => !placed.has(a.id));
  const choices = h("div", { class: "xf-choices", "aria-label": W.choices }, [
    h("span", { class: "xf-hint" }, `${W.choices}:`),
    legalList.length ? rest.map((a) => bind(h("button", { type: "button", class: "btn" }, a.text || a.id), a.id))
      : h("span", { class: "xf-hint" }, W.noChoice),
    legalList.length && !rest.length ? h("span", { class: "xf-hint" }, W.clickHint) : null,
  ]);

  const table = h("div", { class: "xf", lang, dataset: { game: "xeno-faction" } }, [
    status, overBanner, theirs, middle, mine, v.over ? null : choices,
  ]);
  root.replaceChildren(table);
}
