// 宿命 Fate: the browser table (contract: docs/web.md).
//
//   renderTable(root, ctx)  draws ctx.view (the seat's own view, format: tablecraft/games/fate/view.py): the heroes
//                           round the table as hero cards (hero, HP pips, rage, hand count, identity chip or "?",
//                           weapon and armour, status zone with face-down bombs, faith pile, set-aside cards, this
//                           turn's marks), the fate card, deck and discard, the cards being resolved, revealed and
//                           looked-at cards, the hero picks and the 1v1 draft, the viewer's hand as drawn cards, and
//                           the decision on top (`pending`) explained in words. Every action of ctx.legal is
//                           clickable on the thing it acts on:
//     a card (hand, equipment, revealed row, looked-at cards, faith pile)   use X / as X <type> / pick X
//     a hero card                                                          target n / look n
//     the victim's hand, weapon or armour                                  zone hand|weapon|armour
//     my weapon or armour                                                  item weapon|armour
//     a hero candidate or a hero of the 1v1 draft                          hero <code>
//   Anything else (pass, yes/no, skill n under its name, pair, colour, suit, dir, draw, done, mode) is a button in
//   the choices strip, worded for the decision at hand; `cancel` (offered while a play chosen in steps shows
//   nothing yet: a card and then its target, a skill and then its cost) is the strip's last button, "Cancel".
//
// The table reads only ctx.view and ctx.legal; it knows the action notation (tablecraft/games/fate/actions.py) and
// the names of cards, heroes and skills (fate-text.js, generated from the engine's texts), but no rule: what is
// legal comes from ctx.legal alone.

import { TEXT } from "./fate-text.js";

const WORDS = {
  en: {
    modes: { identity: "Identity game", "1v1": "1v1 (three-hero rotation)", "1v1v1": "1v1v1", "2v2": "2v2 teams" },
    turn: "Turn {n}", turnOf: "{who}'s turn", setup: "Setting up", fate: "Fate card", fateHidden: "Fate card: face down",
    deck: "Deck", discard: "Discard", removed: "Out of the game", you: "you", seat: "seat {n}",
    hp: "HP {hp}/{max}", rage: "Rage {n}/3", hand: "Hand {n}", limit: "limit {n}", dead: "dead",
    noHero: "no hero yet", choosing: "choosing a hero…", picked: "hero chosen",
    identity: "Identity", unknownIdentity: "identity unknown",
    weapon: "Weapon", armour: "Armour", sideways: "turned sideways", status: "Status zone", bombs: "{n} bomb(s)",
    faith: "Faith {n}", held: "Set aside {n}", noEquipment: "no equipment",
    marks: {
      unlimited: "any number of attacks", black_as_attack: "black cards count as Normal Attack", skipping: "skipping",
      save_at_one: "saved at 1 HP if dying", basic_only: "basic cards only", attack_plus: "attacks +1 damage",
      no_heal: "cannot heal", double_cost: "attack / evasion cost one more card",
    },
    skipNext: "skips the next turn", shielded: "untouchable", reborn: "reincarnated", roshan: "Roshan",
    kinds: ["BASIC", "MAGIC", "S CARD", "WEAPON", "ARMOUR"], attrs: ["Strength", "Agility", "Intelligence"],
    yourHand: "Your hand", onTable: "Being resolved", revealed: "Revealed", looked: "You look at",
    lookedCount: "{who} looks at {n} card(s)", aside: "{n} card(s) set aside face down",
    candidates: "Your hero candidates", draft: "1v1 draft", pool: "Pool", drafted: "{who} drafted",
    kept: "{who} keeps", keptHidden: "{who} keeps {n} hero(es) (hidden)", resting: "{who}: resting",
    skills: "Skills", choices: "Choices", noChoice: "No decision for you now.",
    clickHint: "click a highlighted card or hero", over: "Game over", winners: "Winners: {names}", nobody: "nobody wins",
    reasons: { victory: "", "turn cap": "the turn cap was reached", "nobody left": "nobody is left" },
    chips: {
      use: "use", play: "play", as: "as {type}", pick: "choose", pay: "pay", discard: "discard", give: "give",
      take: "take", target: "target", look: "look at identity", item: "ability", zone: "take from here",
    },
    strip: {
      passPlay: "End the play phase", passDodge: "Take the hit", passDispel: "Don't dispel", passAttack: "Don't attack",
      passSave: "Don't save", passDemand: "Take the damage", passGuess: "Stop guessing", passSkill: "Don't use a skill",
      passClaim: "Don't claim the kill", pass: "Pass", done: "Done", yes: "Yes", no: "No",
      strengthen: "Strengthen (1 rage)", plain: "Don't strengthen", reveal: "Reveal Roshan", hide: "Stay hidden",
      draw: "Draw two cards", red: "Red (♥ ♦)", black: "Black (♠ ♣)", next: "Towards the next seat",
      prev: "Towards the previous seat", pair: "Two cards as {type} ({by})", skill: "Skill: {name}",
      mode: "Option {n}", heal: "Heal them 1", harm: "Discard and take rage", zoneHand: "Their hand (a random card)",
      zoneWeapon: "Their weapon", zoneArmour: "Their armour", cancel: "Cancel",
      cancelTitle: "Take this play back: back to where you chose it (Esc)",
    },
    suits: { spade: "♠ spade", heart: "♥ heart", club: "♣ club", diamond: "♦ diamond" },
    test: {
      role1: "an Attack card", role2: "an Evasion card", color0: "a red card", color1: "a black card",
      suit: "a {suit} card", suits_not: "a card of a suit other than {suits}",
    },
    pending: {
      play: "{who} {is} in the play phase: use a card, a skill or an item, or end the phase.",
      playAttacks: "Attacks this turn: {n} of {max}.",
      pick_hero: "Heroes are being chosen ({n} of {total} done).", pickYou: "Choose your hero from your candidates.",
      draftPool: "{who} [drafts|draft] a hero from the pool.", draftKeep: "{who} [keeps|keep] three of the five drafted heroes.",
      draftStart: "{who} [chooses|choose] the hero to start with.", draft: "{who} [is|are] drafting.",
      rotate: "{who} [brings|bring] in the next hero.",
      buildTarget: "{who} {is} using {card}: choose its target.", buildYes: "{who} {is} using {card}: strengthen it for 1 rage?",
      build: "{who} {is} using {card}.", chosen: "Chosen so far: {list}.",
      attack_dodge: "{user} {attacks} {target} with {card}: {who} may play {dodge} or take the hit.",
      need: "{n} × {dodge} needed.",
      axe_dodge: "{user}'s {card} reaches {who}: play {dodge} or take the hit.",
      laguna_dodge: "{user}'s {card} on {target}: {who} may play {dodge} or take it.",
      forced_attack: "{who} may use an Attack on {at}, or not.",
      dispel: "{user} {uses} {what}{on}: {who} may play {dispelName} to cancel it, or let it be.",
      dispelChain: "{user}'s {dispelName} against {what}: {who} may play another {dispelName}, or let it be.",
      quell: "{dead} is killed: {who} may play an Attack with {quelling} to claim the kill.",
      reply: "{who} may answer with {role}.",
      demand: "{source}'s {why}: {who} must discard {test}, or take {n} damage.",
      rescue: "{dying} {isDying} (HP {hp}): {who} may use {salve} to save {them}, or not.",
      noSalve: "{salve} cannot be used in this rescue.",
      pair_pick: "{who} {chooses} two cards to use as {type} ({by}).",
      reward: "Kill reward: {who} may draw two cards, or look at one hero's identity.",
      roshan: "{who}: reveal {roshan} now?",
      draw_ask: "Draw phase: {who} may use a skill instead.", cast_ask: "Cast phase: {who} may start a cast skill.",
      pay: "{who} {pays} for {skill}: choose the cards.", paid: "Paid so far: {list}.",
      skill_target: "{who} {chooses} the targets of {skill}.",
      discard: "Discard phase: {who} must discard {n} card(s) down to the hand limit of {limit}.",
      zone: "{what} on {victim}: {who} {chooses} their hand (a random card), weapon or armour.",
      nameColor: "{arrow} on {target}: {who} [names|name] a colour.", nameSuit: "{arrow} on {target}: {who} [names|name] a suit.",
      transport: "{transport}: {who} [takes|take] one of the revealed cards.",
      chakra: "{chakra}: {who} may guess the colour of the deck's top card, or stop.",
      dir: "{axe}: both ways are as long — {who} {chooses} the direction.",
      give: "{greed}: {who} {chooses} the hand card to give.",
      viper: "{viper}: {who} must discard hand cards.",
      halo: "{halo}: {who} [hands|hand] out the looked-at cards.", staff: "{staff}: {who} {chooses}.",
      ask: "{skill}: {who} {decides}.", extra: "{frost}: {who} [pays|pay] the extra card of the same name.",
      unknown: "{who} [decides|decide] ({frame}).", waiting: "Waiting for {who}.", yours: "Your decision.",
    },
  },
  zh: {
    modes: { identity: "身份局", "1v1": "1V1 三英雄轮换", "1v1v1": "1V1V1", "2v2": "2V2 阵营对抗" },
    turn: "第 {n} 回合", turnOf: "{who}的回合", setup: "准备阶段", fate: "宿命牌", fateHidden: "宿命牌：背面朝上",
    deck: "牌堆", discard: "弃牌堆", removed: "移出游戏", you: "你", seat: "{n}号位",
    hp: "体力 {hp}/{max}", rage: "怒气 {n}/3", hand: "手牌 {n}", limit: "上限 {n}", dead: "阵亡",
    noHero: "尚未选将", choosing: "正在选将…", picked: "已选将",
    identity: "身份", unknownIdentity: "身份未知",
    weapon: "武器", armour: "防具", sideways: "横置", status: "状态区", bombs: "炸弹 {n}",
    faith: "信仰 {n}", held: "移出 {n}", noEquipment: "无装备",
    marks: {
      unlimited: "攻击不限次数", black_as_attack: "黑色手牌视为普通攻击", skipping: "跳过本回合",
      save_at_one: "濒死时回复至1体力", basic_only: "只能使用基本牌", attack_plus: "攻击伤害+1",
      no_heal: "无法回复体力", double_cost: "攻击/闪避需多一张同名牌",
    },
    skipNext: "跳过下个回合", shielded: "不可侵犯", reborn: "已重生", roshan: "Roshan",
    kinds: ["基本牌", "魔法牌", "S技牌", "武器", "防具"], attrs: ["力量", "敏捷", "智力"],
    yourHand: "你的手牌", onTable: "结算中", revealed: "亮出的牌", looked: "你观看的牌",
    lookedCount: "{who}正在观看 {n} 张牌", aside: "{n} 张牌背面朝上移出",
    candidates: "你的候选英雄", draft: "1V1 选将", pool: "英雄池", drafted: "{who}选到",
    kept: "{who}保留", keptHidden: "{who}保留了 {n} 名英雄（未公开）", resting: "{who}：休息中",
    skills: "技能", choices: "选择", noChoice: "现在不需要你决定。",
    clickHint: "点击高亮的牌或英雄", over: "游戏结束", winners: "获胜：{names}", nobody: "无人获胜",
    reasons: { victory: "", "turn cap": "达到回合上限", "nobody left": "无人存活" },
    chips: {
      use: "使用", play: "打出", as: "当【{type}】", pick: "选择", pay: "支付", discard: "弃置", give: "交给",
      take: "获得", target: "目标", look: "查看身份", item: "发动", zone: "从这里拿",
    },
    strip: {
      passPlay: "结束出牌阶段", passDodge: "不出闪避", passDispel: "不驱散", passAttack: "不攻击",
      passSave: "不救", passDemand: "受到伤害", passGuess: "停止猜测", passSkill: "不发动技能",
      passClaim: "不补刀", pass: "放弃", done: "完成", yes: "是", no: "否",
      strengthen: "强化（1 怒气）", plain: "不强化", reveal: "亮出 Roshan 身份", hide: "不亮出",
      draw: "摸两张牌", red: "红色（♥ ♦）", black: "黑色（♠ ♣）", next: "朝下家方向",
      prev: "朝上家方向", pair: "两张牌当【{type}】（{by}）", skill: "发动【{name}】",
      mode: "选项 {n}", heal: "令其回复1点体力", harm: "弃其手牌并夺取怒气", zoneHand: "其手牌（随机一张）",
      zoneWeapon: "其武器", zoneArmour: "其防具", cancel: "取消",
      cancelTitle: "收回这次出牌，回到选择之前（Esc）",
    },
    suits: { spade: "♠ 黑桃", heart: "♥ 红桃", club: "♣ 梅花", diamond: "♦ 方片" },
    test: {
      role1: "一张【攻击】", role2: "一张【闪避】", color0: "一张红色牌", color1: "一张黑色牌",
      suit: "一张{suit}牌", suits_not: "一张花色不为{suits}的牌",
    },
    pending: {
      play: "{who}的出牌阶段：使用牌、技能或装备效果，或结束出牌阶段。",
      playAttacks: "本回合已使用攻击 {n} / {max} 次。",
      pick_hero: "选将中（{n} / {total} 人已选）。", pickYou: "从你的候选英雄中选择一名。",
      draftPool: "{who}从英雄池中选一名英雄。", draftKeep: "{who}从选到的五名英雄中保留三名。",
      draftStart: "{who}选择首发英雄。", draft: "{who}正在选将。",
      rotate: "{who}换上下一名英雄。",
      buildTarget: "{who}使用{card}：选择目标。", buildYes: "{who}使用{card}：是否花费1点怒气强化？",
      build: "{who}使用{card}。", chosen: "已选：{list}。",
      attack_dodge: "{user}用{card}攻击{target}：{who}可以打出{dodge}，或承受伤害。",
      need: "需要 {n} 张{dodge}。",
      axe_dodge: "{user}的{card}波及{who}：打出{dodge}，或承受伤害。",
      laguna_dodge: "{user}对{target}使用{card}：{who}可以打出{dodge}。",
      forced_attack: "{who}可以对{at}使用一张【攻击】，或不使用。",
      dispel: "{user}使用{what}{on}：{who}可以打出{dispelName}令其无效，或放弃。",
      dispelChain: "{user}的{dispelName}针对{what}：{who}可以再打出{dispelName}，或放弃。",
      quell: "{dead}被击杀：{who}可以用{quelling}打出一张【攻击】夺取击杀。",
      reply: "{who}可以打出{role}。",
      demand: "{source}的{why}：{who}须弃置{test}，否则受到 {n} 点伤害。",
      rescue: "{dying}濒死（体力 {hp}）：{who}可以使用{salve}救{them}，或不救。",
      noSalve: "此次濒死不能使用{salve}。",
      pair_pick: "{who}选择两张牌当{type}使用（{by}）。",
      reward: "击杀奖励：{who}可以摸两张牌，或查看一名角色的身份。",
      roshan: "{who}：现在亮出{roshan}吗？",
      draw_ask: "摸牌阶段：{who}可以改为发动技能。", cast_ask: "施法阶段：{who}可以发动施法技能。",
      pay: "{who}为{skill}支付：选择牌。", paid: "已支付：{list}。",
      skill_target: "{who}选择{skill}的目标。",
      discard: "弃牌阶段：{who}须弃置 {n} 张牌，至手牌上限 {limit}。",
      zone: "{what}对{victim}：{who}选择其手牌（随机一张）、武器或防具。",
      nameColor: "{arrow}对{target}：{who}说出一种颜色。", nameSuit: "{arrow}对{target}：{who}说出一种花色。",
      transport: "{transport}：{who}从亮出的牌中选一张。",
      chakra: "{chakra}：{who}可以猜牌堆顶牌的颜色，或停止。",
      dir: "{axe}：两个方向一样远，{who}选择方向。",
      give: "{greed}：{who}选择交出的手牌。",
      viper: "{viper}：{who}须弃置手牌。",
      halo: "{halo}：{who}分配观看的牌。", staff: "{staff}：{who}选择。",
      ask: "{skill}：{who}作出选择。", extra: "{frost}：{who}支付额外的一张同名牌。",
      unknown: "{who}正在决定（{frame}）。", waiting: "等待{who}。", yours: "轮到你决定。",
    },
  },
};

const SUIT_SYMBOL = { S: "♠", H: "♥", C: "♣", D: "♦" };
const SUIT_OF_NAME = { spade: "S", heart: "H", club: "C", diamond: "D" };
const SUIT_ORDER = ["S", "H", "C", "D"]; // the engine's suit numbers (♠ 0, ♥ 1, ♣ 2, ♦ 3)
const KIND_COLOURS = ["#8d6e63", "#1565c0", "#6a1b9a", "#b23c17", "#2e7d32"];
const IDENTITY_COLOURS = { sentinel: ["#2e7d32", "#fff"], scourge: ["#b71c1c", "#fff"], neutral: ["#f9a825", "#1b1400"] };
const CARD_RE = /^([a-z]+):(10|[2-9AJQK])([SHCD])(?:#(\d+))?$/;
const openDetails = new Set(); // which <details> the player opened (kept across re-renders)

// Chinese names used as labels in `pending` (a demand's "why") → their entry, for the English page.
const BY_ZH = new Map();
for (const v of Object.values(TEXT.cards)) BY_ZH.set(v[0], v);
for (const v of Object.values(TEXT.skills)) BY_ZH.set(v[0], v);

function fill(template, vars = {}) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** A card notation read: "atk:AC#2" → {name, type, rank: "A", suit: "C"}; null if it is none. */
export function parseFateCard(name) {
  const m = CARD_RE.exec(String(name || ""));
  return m ? { name, type: m[1], rank: m[2], suit: m[3], red: m[3] === "H" || m[3] === "D" } : null;
}

let styleDone = false;
function ensureStyle() {
  if (styleDone || document.getElementById("ft-table-style")) { styleDone = true; return; }
  styleDone = true;
  const css = `
.ft{--ft-bg:#14281f;--ft-panel:#1f3b2e;--ft-panel2:#274a3a;--ft-ink:#f4f1e8;--ft-dim:#c5d3c9;--ft-hi:#ffd54a;
  color:var(--ft-ink);background:var(--ft-bg);border-radius:10px;padding:8px;font-size:14px;line-height:1.3;
  max-width:1100px;margin:0 auto;box-sizing:border-box}
.ft *{box-sizing:border-box}
.ft .ft-status{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;padding:2px 4px 6px;font-weight:600}
.ft .ft-status .ft-move{color:var(--ft-hi)}
.ft .ft-fate{background:#3a2f4d;border:1px solid #9c89c9;border-radius:6px;padding:1px 8px;font-weight:600}
.ft .ft-pile{display:inline-flex;align-items:center;gap:4px}
.ft .ft-heroes{display:grid;grid-template-columns:repeat(auto-fill,minmax(176px,1fr));gap:6px}
.ft .ft-hero{background:var(--ft-panel);border:2px solid #3f6655;border-radius:10px;padding:6px;position:relative;
  min-width:0;display:flex;flex-direction:column;gap:3px}
.ft .ft-hero.ft-me{background:var(--ft-panel2)}
.ft .ft-hero.ft-turn{border-color:#e8e3c8}
.ft .ft-hero.ft-tomove{border-color:var(--ft-hi);box-shadow:0 0 0 2px rgba(255,213,74,.35)}
.ft .ft-hero.ft-dead{opacity:.62;background:#2a2f2c}
.ft .ft-hero.legal{border-color:var(--ft-hi);border-style:dashed;cursor:pointer}
.ft .ft-hero.legal:hover,.ft .ft-hero.legal:focus-visible{background:#35513f;outline:3px solid #fff}
.ft .ft-hhead{display:flex;flex-wrap:wrap;gap:4px;align-items:center;justify-content:space-between}
.ft .ft-seat{font-size:12px;color:var(--ft-dim)}
.ft .ft-hname{font-weight:800;font-size:15px}
.ft .ft-attr{font-size:11px;color:var(--ft-dim);font-weight:600}
.ft .ft-id{border-radius:8px;padding:0 7px;font-size:12px;font-weight:800;background:#455a64;color:#fff}
.ft .ft-row{display:flex;flex-wrap:wrap;gap:3px 8px;align-items:center}
.ft .ft-pips{letter-spacing:1px;font-size:15px;line-height:1}
.ft .ft-hp .on{color:#ff6b6b}.ft .ft-hp .off{color:#7d8c84}
.ft .ft-rage .on{color:#ffb74d}.ft .ft-rage .off{color:#7d8c84}
.ft .ft-num{font-size:12px;color:var(--ft-dim)}
.ft .ft-zone{display:inline-flex;align-items:center;gap:3px;border-radius:6px;padding:1px 3px}
.ft .ft-zone.legal{outline:3px solid var(--ft-hi);cursor:pointer}
.ft .ft-mini{display:inline-block;background:#fffdf7;color:#111;border-radius:4px;padding:0 4px;font-size:12px;
  font-weight:700;border-left:5px solid #888;white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.ft .ft-mini.red .ft-face{color:#c4161c}
.ft .ft-mini.legal{outline:3px solid var(--ft-hi);outline-offset:1px;cursor:pointer}
.ft .ft-mini.legal:focus-visible{outline:4px solid #fff}
.ft .ft-chip{display:inline-block;border-radius:8px;padding:0 6px;font-size:11px;background:#0d2219;
  border:1px solid #6c8f7f;color:var(--ft-ink)}
.ft .ft-chip.warn{border-color:#ff8a80}
.ft .ft-skillnames{font-size:12px;color:var(--ft-dim)}
.ft .ft-skillnames span{border-bottom:1px dotted #8fb3a0;margin-right:6px;cursor:help}
.ft .ft-backs{display:inline-flex;align-items:center}
.ft .ft-backs svg+svg{margin-left:-14px}
.ft .ft-centre{background:#0f2a1f;border-radius:8px;padding:6px;margin:6px 0;display:flex;flex-direction:column;gap:4px}
.ft .ft-areas{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:flex-start}
.ft .ft-area h4{margin:0 0 2px;font-size:12px;color:var(--ft-dim);font-weight:600}
.ft .ft-cards{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-end}
.ft .ft-prompt{padding:6px 8px;border-radius:6px;background:#0a1a12;border-left:4px solid var(--ft-hi)}
.ft .ft-prompt p{margin:2px 0}
.ft .ft-prompt .ft-you{color:var(--ft-hi);font-weight:700}
.ft .ft-slot{display:inline-flex;flex-direction:column;align-items:center;gap:2px;border-radius:6px;padding:2px}
.ft .ft-slot .ft-cap{font-size:11px;font-weight:700;color:#111;background:var(--ft-hi);border-radius:4px;padding:0 4px}
.ft .ft-slot.legal{outline:3px solid var(--ft-hi);outline-offset:1px;cursor:pointer}
.ft .ft-slot.legal:hover{background:rgba(255,213,74,.22)}
.ft .ft-slot.legal:focus-visible{outline:4px solid #fff;box-shadow:0 0 0 6px var(--ft-hi)}
.ft .ft-chips{display:flex;flex-wrap:wrap;gap:3px;justify-content:center;max-width:120px}
.ft button.ft-act{font:inherit;font-size:12px;font-weight:700;min-height:28px;min-width:32px;padding:2px 6px;
  border-radius:6px;border:none;background:var(--ft-hi);color:#111;cursor:pointer}
.ft button.ft-act:hover{background:#fff176}
.ft button.ft-act:focus-visible{outline:3px solid #fff;outline-offset:1px}
.ft .ft-mine{margin-top:6px;display:grid;grid-template-columns:minmax(0,260px) minmax(0,1fr);gap:6px;align-items:start}
.ft .ft-hand{background:#18362a;border-radius:8px;padding:6px;min-height:96px}
.ft .ft-hand h4{margin:0 0 4px;font-size:12px;color:var(--ft-dim)}
.ft svg.ft-card .card-edge{fill:#fffdf7;stroke:#333;stroke-width:1}
.ft svg.ft-card text{font-family:inherit}
.ft svg.ft-card .ft-rank{font-size:14px;font-weight:800}
.ft svg.ft-card .ft-suit{font-size:13px}
.ft svg.ft-card.red .ft-rank,.ft svg.ft-card.red .ft-suit{fill:#c4161c}
.ft svg.ft-card.black .ft-rank,.ft svg.ft-card.black .ft-suit{fill:#111}
.ft svg.ft-card .ft-name{fill:#1b1b1b;font-weight:800}
.ft svg.ft-card .ft-kind{fill:#fff;font-size:7px;font-weight:700;letter-spacing:.3px}
.ft .ft-picks{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:6px}
.ft .ft-cand{background:var(--ft-panel);border-radius:8px;padding:6px;border:2px solid #3f6655}
.ft .ft-cand.mine{border-color:#9c89c9}
.ft .ft-cand .ft-pickbtn{font:inherit;font-weight:800;width:100%;text-align:left;min-height:34px;border-radius:6px;
  border:2px solid #6c8f7f;background:#0d2219;color:var(--ft-ink);padding:4px 8px}
.ft .ft-cand .ft-pickbtn.legal{background:var(--ft-hi);color:#111;border-color:#fff2b3;cursor:pointer}
.ft .ft-cand .ft-pickbtn.legal .ft-attr{color:#3b2f00}
.ft .ft-cand .ft-pickbtn:focus-visible{outline:3px solid #fff}
.ft .ft-cand ul{margin:4px 0 0;padding-left:16px;font-size:12px;color:var(--ft-dim)}
.ft .ft-cand li b{color:var(--ft-ink)}
.ft .ft-draftrow{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:2px 0}
.ft .ft-choices{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:8px;padding:6px;border-radius:8px;
  background:#0a1a12}
.ft .ft-choices .btn{min-height:38px;font-size:14px;font-weight:700;padding:4px 12px;border-radius:6px;
  background:var(--ft-hi);color:#111;border:none;cursor:pointer}
.ft .ft-choices .btn:focus-visible{outline:3px solid #fff;outline-offset:2px}
.ft .ft-hint{color:var(--ft-dim)}
.ft .ft-over{margin:6px 0;padding:8px;border-radius:8px;background:#5b1a24;font-weight:700;font-size:16px;text-align:center}
.ft details summary{cursor:pointer;color:var(--ft-dim);font-size:12px}
.ft .ft-skilltext{font-size:12px;color:var(--ft-dim);margin:2px 0 0;padding-left:16px}
.ft .ft-skilltext b{color:var(--ft-ink)}
@media (max-width:600px){
  .ft{padding:4px;font-size:13px}
  .ft .ft-heroes{grid-template-columns:repeat(2,minmax(0,1fr))}
  .ft .ft-mine{grid-template-columns:minmax(0,1fr)}
  .ft .ft-picks{grid-template-columns:minmax(0,1fr)}
}
`;
  document.head.appendChild(Object.assign(document.createElement("style"), { id: "ft-table-style", textContent: css }));
}

/** Draw the table into `root` (an empty element, replaced on every update). */
/**
 * What an event moved on this table (motion.js; anchors: seat:<n> (a hero), discard): a card or skill used on
 * targets is an arrow from its user to each of them (and the card goes to the discard pile); a dispel one from
 * whoever played it to the seat whose card or skill it stops; a nullify, a detonation, a card given or taken, a
 * kill, one from the seat that did it to the seat it was done to. Only what the events themselves say (their
 * redacted fields) and the events before them in the same stream (`earlier`).
 */
export function motions(e, ctx, earlier = []) {
  const seat = (p) => (Number.isInteger(p) && p >= 0 ? `seat:${p}` : null);
  const from = seat(e.seat);
  const to = (p) => (seat(p) && p !== e.seat ? [{ arrow: [from, seat(p)] }] : []);
  switch (e.kind) {
    case "used": case "skill": case "played": {
      const out = (e.targets || []).flatMap(to);
      const cards = e.cards || [];
      if (e.kind !== "skill" && cards.length && from) out.push({ travel: [from, "discard", cards[cards.length - 1]] });
      return out;
    }
    case "dispelled": {
      // the dispel is the latest card played as one before it (its event names no target: this is its target)
      const by = [...earlier].reverse().find((x) => x.kind === "played" && x.card === "dispel");
      return by && seat(by.seat) && by.seat !== e.seat ? [{ arrow: [seat(by.seat), from] }] : [];
    }
    case "nullified": case "detonated": case "sunder": return to(e.target);
    case "given": return to(e.to);
    case "took": return to(e.from);
    case "discarded": return from && (e.cards || []).length ? [{ travel: [from, "discard", e.cards[e.cards.length - 1]] }] : [];
    case "died": return seat(e.killer) && e.killer !== e.seat ? [{ arrow: [seat(e.killer), from] }] : [];
    default: return [];
  }
}

/** A play being built (a card chosen, then its targets): an arrow from this seat to each target chosen so far. */
export function buildArrows(ctx) {
  const v = ctx.view || {};
  const pend = v.pending || {};
  const me = ctx.seat;
  if (pend.frame !== "build" || me === null || me === undefined || v.to_move !== me) return [];
  return (pend.targets || []).filter((p) => p !== me).map((p) => [`seat:${me}`, `seat:${p}`]);
}

export function renderTable(root, ctx) {
  ensureStyle();
  const svg = ctx.svg;
  const h = svg.el;
  const v = ctx.view;
  const lang = ctx.lang === "zh" ? "zh" : "en";
  const zh = lang === "zh";
  const W = WORDS[lang];
  const L = zh ? 0 : 1; // index of the name in the text tables
  const legalList = ctx.legal || [];
  const textOf = new Map(legalList.map((a) => [a.id, a.text]));
  const placed = new Set();
  const choose = (id) => ctx.choose(id);
  const players = v.players || [];
  const n = players.length;
  const me = v.seat !== null && v.seat !== undefined && v.seat >= 0 && v.seat < n ? v.seat : null;
  const pend = v.pending || {};
  const texts = v.texts || "default";

  // ---------------------------------------------------------------- names
  const cardInfo = (code) => (TEXT.cardsets[texts] && TEXT.cardsets[texts][code]) || TEXT.cards[code];
  const typeName = (code) => (TEXT.cards[code] ? TEXT.cards[code][L] : code || "?");
  const typeText = (code) => (TEXT.cards[code] ? cardInfo(code)[L + 3] : "");
  const quoted = (code) => (zh ? `【${typeName(code)}】` : typeName(code));
  const cardWords = (name) => {
    const c = parseFateCard(name);
    return c ? `${typeName(c.type)} ${SUIT_SYMBOL[c.suit]}${c.rank}` : String(name);
  };
  const heroName = (code) => (code && TEXT.heroes[code] ? TEXT.heroes[code][L] : "?");
  const skillEntry = (code) => (TEXT.textsets[texts] && TEXT.textsets[texts][code]) || TEXT.skills[code] || null;
  const skillName = (code) => {
    const s = skillEntry(code);
    if (s) return s[L];
    if (TEXT.items[code]) return typeName(TEXT.items[code]);
    if (TEXT.cards[code]) return typeName(code);
    return code || "?";
  };
  const skillText = (code) => {
    const s = skillEntry(code);
    if (s) return s[L + 2];
    if (TEXT.items[code]) return typeText(TEXT.items[code]);
    return "";
  };
  const heroSkills = (code) => {
    if (!code || !TEXT.heroes[code]) return [];
    return (TEXT.variants[texts] && TEXT.variants[texts][code]) || TEXT.heroes[code][5];
  };
  /** A Chinese label from `pending` (a skill or card name) in the page language. */
  const label = (zhName) => (zh || !BY_ZH.has(zhName) ? zhName : BY_ZH.get(zhName)[1]);
  const seatWord = (p) => {
    const base = fill(W.seat, { n: p + 1 }); // people count from 1, like the lobby and the server's texts
    const s = (ctx.seats || []).find((x) => x.seat === p);
    const custom = s && s.name && !/^(seat|座位) ?\d+$/i.test(s.name) && s.name !== base ? ` · ${s.name}` : "";
    return `${base}${custom}`;
  };
  const who = (p) => (p === null || p === undefined || p < 0 ? "—" : p === me ? W.you : seatWord(p));
  const Who = (p) => { const w = who(p); return zh ? w : w.charAt(0).toUpperCase() + w.slice(1); };
  const verb = (p, third, second) => (p === me ? second : third); // English: "seat 2 attacks" / "you attack"
  const seatList = (list) => (list && list.length ? list.map(who).join(zh ? "、" : ", ") : "—");
  const useWhat = (u) => {
    if (!u) return "?";
    if (u.skill) return zh ? `【${skillName(u.skill)}】` : skillName(u.skill);
    const made = quoted(u.card);
    const cards = u.cards || [];
    const real = cards.length === 1 && parseFateCard(cards[0]) && parseFateCard(cards[0]).type === u.card;
    if (!cards.length) return made;
    if (real) return `${made} ${cards.map((c) => cardWords(c).split(" ").pop()).join(" ")}`;
    return `${made} (${cards.map(cardWords).join(", ")})`;
  };

  // ---------------------------------------------------------------- action index: anchor key → [{id, chip}]
  const anchors = new Map();
  const add = (key, id, chip) => {
    if (!anchors.has(key)) anchors.set(key, []);
    anchors.get(key).push({ id, chip });
  };
  const frame = pend.frame || v.decision || "";
  const pickChip = { pay: W.chips.pay, discard: W.chips.discard, discard_ask: W.chips.discard, give_ask: W.chips.give,
    viper_ask: W.chips.discard, transport_ask: W.chips.take, demand: W.chips.discard, extra_cost: W.chips.pay }[frame]
    || W.chips.pick;
  const useChip = frame === "reply" || frame === "rescue_ask" ? W.chips.play : W.chips.use;
  const zoneWord = { hand: "hand", weapon: "weapon", armour: "armour" };
  for (const { id } of legalList) {
    const w = id.split(" ");
    switch (w[0]) {
      case "use": add(`card:${w[1]}`, id, useChip); break;
      case "as": add(`card:${w[1]}`, id, fill(W.chips.as, { type: typeName(w[2]) })); break;
      case "pick": add(`card:${w[1]}`, id, pickChip); break;
      case "target": add(`hero:${w[1]}`, id, W.chips.target); break;
      case "look": add(`hero:${w[1]}`, id, W.chips.look); break;
      case "item": if (me !== null) add(`item:${me}:${w[1]}`, id, W.chips.item); break;
      case "zone": if (pend.victim !== undefined && zoneWord[w[1]]) add(`zone:${pend.victim}:${w[1]}`, id, W.chips.zone); break;
      case "hero": add(`pickhero:${w[1]}`, id, null); break;
      default: break; // the choices strip
    }
  }

  /** Make `node` perform action `id` (data-action, class legal, focusable, Enter/Space). */
  const bind = (node, id, extraLabel) => {
    placed.add(id);
    const text = textOf.get(id) || id;
    return svg.actionable(node, id, choose, extraLabel ? `${extraLabel} — ${text}` : text);
  };
  const chipButton = (a) => bind(h("button", { type: "button", class: "ft-act", title: textOf.get(a.id) || a.id }, a.chip), a.id);
  /** The actions anchored at `key` not drawn yet. */
  const actsAt = (key) => (anchors.get(key) || []).filter((a) => !placed.has(a.id));
  /** A drawing with the actions anchored on it: one → the slot itself is the action, several → chips under it. */
  const slot = (key, drawing) => {
    const acts = actsAt(key);
    const node = h("div", { class: "ft-slot" }, [drawing]);
    if (acts.length === 1) {
      node.appendChild(h("span", { class: "ft-cap", "aria-hidden": "true" }, acts[0].chip));
      bind(node, acts[0].id);
    } else if (acts.length > 1) {
      node.appendChild(h("div", { class: "ft-chips" }, acts.map(chipButton)));
    }
    return node;
  };

  // ---------------------------------------------------------------- cards
  const wrapName = (text) => {
    if (zh) {
      const s = [...text];
      if (s.length <= 3) return [text];
      const cut = Math.ceil(s.length / 2);
      return [s.slice(0, cut).join(""), s.slice(cut).join("")];
    }
    const lines = [];
    for (const word of text.split(/\s+/)) {
      const last = lines.length ? lines[lines.length - 1] : null;
      if (last !== null && (last + " " + word).length <= 10) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines.slice(0, 3);
  };
  /** A fate card drawn in SVG (viewBox 64×90): kind band, rank and suit, the card's name; data-card = its notation. */
  const fateCard = (name, width = 60) => {
    const c = parseFateCard(name);
    if (!c) return svg.card(null, { width, lang, label: String(name) });
    const info = cardInfo(c.type) || [c.type, c.type, 0, "", ""];
    const kind = info[2];
    const words = cardWords(name);
    const full = `${words} · ${W.kinds[kind]}${info[L + 3] ? ` — ${info[L + 3]}` : ""}`;
    const node = h("svg", {
      class: ["card", "ft-card", c.red ? "red" : "black"], viewBox: "0 0 64 90", width, height: Math.round((width * 90) / 64),
      role: "img", "aria-label": words, dataset: { card: name },
    }, [h("title", {}, full)]);
    node.appendChild(h("rect", { class: "card-edge", x: 1, y: 1, width: 62, height: 88, rx: 5, ry: 5 }));
    node.appendChild(h("rect", { x: 3, y: 3, width: 58, height: 11, rx: 3, fill: KIND_COLOURS[kind] }));
    node.appendChild(h("text", { class: "ft-kind", x: 32, y: 11.5, "text-anchor": "middle" }, W.kinds[kind]));
    node.appendChild(h("text", { class: "ft-rank", x: 5, y: 29 }, c.rank));
    node.appendChild(h("text", { class: "ft-suit", x: 5, y: 42 }, SUIT_SYMBOL[c.suit]));
    const lines = wrapName(info[L]);
    const size = zh ? (lines.some((s) => [...s].length > 2) ? 13 : 15) : 10;
    const step = size + 2;
    const top = 62 - ((lines.length - 1) * step) / 2;
    // a long English word is squeezed to the card's width rather than cut
    const squeeze = (line) => (!zh && line.length > 9 ? { textLength: 56, lengthAdjust: "spacingAndGlyphs" } : {});
    lines.forEach((line, i) => node.appendChild(h("text", { class: "ft-name", x: zh ? 34 : 32, y: top + i * step,
      "text-anchor": "middle", "font-size": size, ...squeeze(line) }, line)));
    node.appendChild(h("g", { transform: "rotate(180 32 45)" }, [
      h("text", { class: "ft-rank", x: 5, y: 20, "font-size": 11 }, `${c.rank}${SUIT_SYMBOL[c.suit]}`),
    ]));
    return node;
  };
  /** A card as a small coloured label (equipment, status cards): "冰魄之眼 ♠J"; data-card = its notation. */
  const mini = (name) => {
    const c = parseFateCard(name);
    const info = c && cardInfo(c.type);
    const node = h("span", {
      class: ["ft-mini", c && c.red ? "red" : null], dataset: { card: name },
      style: { "border-left-color": info ? KIND_COLOURS[info[2]] : "#888" },
      title: info ? `${cardWords(name)} — ${info[L + 3]}` : String(name),
    }, c ? [typeName(c.type), " ", h("span", { class: "ft-face" }, `${SUIT_SYMBOL[c.suit]}${c.rank}`)] : String(name));
    return node;
  };
  const backs = (count, width, cap = 6) => h("span", { class: "ft-backs", "aria-hidden": "true" },
    Array.from({ length: Math.min(count, cap) }, () => svg.card(null, { width, lang })));
  /** A card shown where an action may act on it (key "card:<name>"). */
  const cardSlot = (name, width) => slot(`card:${name}`, fateCard(name, width));
  const miniSlot = (name, extraKey) => {
    const node = mini(name);
    const acts = [...actsAt(`card:${name}`), ...(extraKey ? actsAt(extraKey) : [])];
    if (acts.length === 1) bind(node, acts[0].id, acts[0].chip);
    else if (acts.length > 1) return h("span", { class: "ft-zone" }, [node, ...acts.map(chipButton)]);
    return node;
  };

  // ---------------------------------------------------------------- hero cards
  const identityChip = (p) => {
    const pl = players[p];
    if (v.mode !== "identity" && v.mode !== "2v2") return null;
    const code = pl.identity;
    if (!code) return h("span", { class: "ft-id", dataset: { identity: "" }, title: W.unknownIdentity }, "?");
    const [bg, fg] = IDENTITY_COLOURS[code] || ["#455a64", "#fff"];
    const entry = TEXT.identities[code];
    return h("span", { class: "ft-id", dataset: { identity: code }, style: { background: bg, color: fg },
      title: entry ? `${entry[L]} — ${entry[L + 2]}` : code }, entry ? entry[L] : code);
  };
  const pips = (on, total, cls, key, value, labelText) => h("span", {
    class: ["ft-pips", cls], role: "img", "aria-label": labelText, title: labelText,
    dataset: cls === "ft-hp" ? { key, value, life: "" } : { key, value },
  }, [h("span", { class: "on" }, (cls === "ft-hp" ? "♥" : "●").repeat(Math.max(0, on))),
    h("span", { class: "off" }, (cls === "ft-hp" ? "♡" : "○").repeat(Math.max(0, total - Math.max(0, on))))]);

  const heroCard = (p) => {
    const pl = players[p];
    const mine = p === me;
    const hero = pl.hero;
    const heroInfo = hero ? TEXT.heroes[hero] : null;
    const nameLine = hero ? [h("span", { class: "ft-hname" }, heroName(hero)),
      heroInfo ? h("span", { class: "ft-attr" }, ` ${W.attrs[heroInfo[2]]}`) : null]
      : [h("span", { class: "ft-hname" }, "?"), h("span", { class: "ft-attr" },
        ` ${v.picked && v.picked.length ? (v.picked[p] ? W.picked : W.choosing) : W.noHero}`)];
    const head = h("div", { class: "ft-hhead" }, [
      h("span", { class: "ft-seat" }, mine ? `${seatWord(p)} (${W.you})` : seatWord(p)),
      h("span", { class: "ft-row" }, [
        v.roshan === p ? h("span", { class: "ft-chip warn" }, W.roshan) : null,
        !pl.alive ? h("span", { class: "ft-chip warn" }, W.dead) : null,
        identityChip(p),
      ]),
    ]);
    const hpLabel = fill(W.hp, { hp: pl.hp, max: pl.max_hp });
    const rageLabel = fill(W.rage, { n: pl.rage });
    const stats = h("div", { class: "ft-row" }, [
      pips(pl.hp, pl.max_hp, "ft-hp", `hp-${p}`, pl.hp, hpLabel),
      h("span", { class: "ft-num" }, `${pl.hp}/${pl.max_hp}`),
      pips(pl.rage, 3, "ft-rage", `rage-${p}`, pl.rage, rageLabel),
    ]);
    // the hand: a count (and backs) for every hero; the viewer's own cards are drawn in its hand row below
    const handLabel = `${fill(W.hand, { n: pl.hand_size })}${pl.hand_limit ? ` · ${fill(W.limit, { n: pl.hand_limit })}` : ""}`;
    let handNode = h("span", { class: "ft-zone", dataset: { key: `hand-${p}`, value: pl.hand_size }, title: handLabel,
      "aria-label": handLabel }, [backs(pl.hand_size, 18, 5), h("span", { class: "ft-num" }, handLabel)]);
    const zoneActs = actsAt(`zone:${p}:hand`);
    if (zoneActs.length) handNode = bind(handNode, zoneActs[0].id);
    const equip = [];
    for (const [slotName, word] of [["weapon", W.weapon], ["armour", W.armour]]) {
      const card = pl[slotName];
      if (!card) continue;
      equip.push(h("span", { class: "ft-row", title: word }, [
        h("span", { class: "ft-num" }, `${word}:`),
        miniSlot(card, mine ? `item:${p}:${slotName}` : null),
        slotName === "armour" && pl.talisman_sideways ? h("span", { class: "ft-chip" }, W.sideways) : null,
      ]));
      const z = actsAt(`zone:${p}:${slotName}`);
      if (z.length) {
        const last = equip[equip.length - 1];
        const target = last.querySelector(".ft-mini");
        if (target && !target.hasAttribute("data-action")) bind(target, z[0].id, W.chips.zone);
      }
    }
    const status = [];
    for (const c of pl.status || []) status.push(miniSlot(c));
    if (pl.bombs) {
      if (mine && pl.bomb_cards) status.push(...pl.bomb_cards.map((c) => miniSlot(c)));
      else status.push(h("span", { class: "ft-zone", title: fill(W.bombs, { n: pl.bombs }) },
        [backs(pl.bombs, 16, 4), h("span", { class: "ft-num" }, fill(W.bombs, { n: pl.bombs }))]));
    }
    const extra = [];
    if (pl.pile) {
      extra.push(h("span", { class: "ft-num" }, fill(W.faith, { n: pl.pile })));
      if (mine && pl.pile_cards) extra.push(...pl.pile_cards.map((c) => miniSlot(c)));
    }
    if (pl.held) {
      extra.push(h("span", { class: "ft-num" }, fill(W.held, { n: pl.held })));
      if (mine && pl.held_cards) extra.push(...pl.held_cards.map((c) => miniSlot(c)));
    }
    const marks = [
      ...(pl.marks || []).map((m) => h("span", { class: "ft-chip", dataset: { mark: m } }, W.marks[m] || m)),
      pl.skip_next ? h("span", { class: "ft-chip warn" }, W.skipNext) : null,
      pl.shielded ? h("span", { class: "ft-chip" }, W.shielded) : null,
      pl.reborn ? h("span", { class: "ft-chip" }, W.reborn) : null,
    ].filter(Boolean);
    const skills = heroSkills(hero);
    const skillLine = skills.length ? h("div", { class: "ft-skillnames" }, skills.map((code) =>
      h("span", { title: skillText(code) }, skillName(code)))) : null;
    const node = h("section", {
      class: ["ft-hero", mine ? "ft-me" : null, pl.alive ? null : "ft-dead", v.turn_seat === p && !v.over ? "ft-turn" : null,
        v.to_move === p ? "ft-tomove" : null],
      dataset: { seat: p, anchor: `seat:${p}` }, "aria-label": `${seatWord(p)} ${hero ? heroName(hero) : ""}`,
    }, [
      head,
      h("div", {}, nameLine),
      hero || pl.max_hp ? stats : null,
      h("div", { class: "ft-row" }, [handNode]),
      equip.length ? h("div", { class: "ft-row" }, equip) : null,
      status.length ? h("div", { class: "ft-row", title: W.status }, [h("span", { class: "ft-num" }, `${W.status}:`), ...status]) : null,
      extra.length ? h("div", { class: "ft-row" }, extra) : null,
      marks.length ? h("div", { class: "ft-row" }, marks) : null,
      skillLine,
    ]);
    // a click on the hero card targets it (or looks at its identity); with several actions, chips in the head
    const heroActs = actsAt(`hero:${p}`);
    if (heroActs.length === 1 && !node.querySelector("[data-action]")) {
      bind(node, heroActs[0].id, seatWord(p));
      head.appendChild(h("span", { class: "ft-chip", "aria-hidden": "true", style: { background: "#ffd54a", color: "#111" } },
        heroActs[0].chip));
    } else if (heroActs.length) {
      head.appendChild(h("span", { class: "ft-row" }, heroActs.map(chipButton)));
    }
    return node;
  };

  // ---------------------------------------------------------------- the pending decision in words
  const promptLines = () => {
    const P = W.pending;
    const actor = pend.seat ?? v.to_move;
    const a = who(actor);
    const A = Who(actor);
    const is = zh ? "" : verb(actor, "is", "are");
    const chooses = zh ? "" : verb(actor, "chooses", "choose");
    // English verbs written "[third person|second person]" agree with the actor (you / seat 2)
    const say = (tpl, vars) => fill(tpl, vars).replace(/\[([^|\]]*)\|([^\]]*)\]/g, (m, third, second) => (actor === me ? second : third));
    const lines = [];
    const kinds = new Set(legalList.map((x) => x.id.split(" ")[0]));
    const u = pend.use || null;
    switch (frame) {
      case "play":
        lines.push(say(P.play, { who: A, is }));
        if (pend.attack_allow !== undefined) lines.push(say(P.playAttacks, { n: pend.attacks ?? v.attacks ?? 0, max: pend.attack_allow }));
        break;
      case "pick_hero": {
        const done = (v.picked || []).filter(Boolean).length;
        lines.push(say(P.pick_hero, { n: done, total: n }));
        if (actor === me && legalList.length) lines.push(P.pickYou);
        break;
      }
      case "draft_ask": {
        const heroes = legalList.filter((x) => x.id.startsWith("hero ")).map((x) => x.id.slice(5));
        const pool = (v.draft && v.draft.pool) || [];
        const stage = pend.stage || (heroes.length && heroes.every((x) => pool.includes(x)) ? "draft"
          : heroes.length && me !== null && v.draft && v.draft.left && (v.draft.left[me] || []).length === 3 ? "starter"
            : heroes.length ? "keep" : null);
        lines.push(say({ draft: P.draftPool, keep: P.draftKeep, starter: P.draftStart }[stage] || P.draft, { who: A }));
        break;
      }
      case "rotate_ask": lines.push(say(P.rotate, { who: A })); break;
      case "build": {
        const card = `${quoted(pend.card)}${pend.cards && pend.cards.length ? ` (${pend.cards.map(cardWords).join(", ")})` : ""}`;
        const tpl = kinds.has("target") ? P.buildTarget : kinds.has("yes") ? P.buildYes : P.build;
        lines.push(say(tpl, { who: A, is, card }));
        if (pend.targets && pend.targets.length) lines.push(say(P.chosen, { list: seatList(pend.targets) }));
        break;
      }
      case "reply": {
        const dodge = quoted("dodge");
        const purpose = pend.purpose;
        if (purpose === "attack_dodge" && u) {
          lines.push(say(P.attack_dodge, { user: Who(u.user), attacks: zh ? "" : verb(u.user, "attacks", "attack"),
            target: seatList(u.targets), card: useWhat(u), who: a, dodge }));
          if (pend.need > 1) lines.push(say(P.need, { n: pend.need, dodge }));
        } else if (purpose === "axe_dodge" && u) {
          lines.push(say(P.axe_dodge, { user: Who(u.user), card: useWhat(u), who: a, dodge }));
        } else if (purpose === "laguna_dodge" && u) {
          lines.push(say(P.laguna_dodge, { user: Who(u.user), card: useWhat(u), target: seatList(u.targets), who: a, dodge }));
        } else if (purpose === "forced_attack") {
          lines.push(say(P.forced_attack, { who: A, at: who(pend.at) }));
        } else if (purpose === "dispel") {
          const chain = pend.chain || [];
          const against = pend.against || u;
          const dispelName = quoted("dispel");
          if (chain.length > 1 && against) {
            lines.push(say(P.dispelChain, { user: Who(against.user), dispelName, what: useWhat(chain[chain.length - 2]), who: a }));
          } else if (against) {
            const on = against.targets && against.targets.length ? (zh ? `（目标：${seatList(against.targets)}）` : ` on ${seatList(against.targets)}`) : "";
            lines.push(say(P.dispel, { user: Who(against.user), uses: zh ? "" : verb(against.user, "uses", "use"),
              what: useWhat(against), on, who: a, dispelName }));
          }
        } else if (purpose === "quell") {
          lines.push(say(P.quell, { dead: Who(pend.dead), who: a, quelling: quoted("quelling") }));
        } else {
          const role = { dodge: quoted("dodge"), attack: zh ? "【攻击】" : "an Attack", dispel: quoted("dispel") }[pend.role] || pend.role;
          lines.push(say(P.reply, { who: A, role }));
        }
        break;
      }
      case "demand": {
        const [kind, arg] = pend.test || [];
        let test = "?";
        if (kind === "role") test = W.test[`role${arg}`] || kind;
        else if (kind === "color") test = W.test[`color${arg}`];
        else if (kind === "suit") test = say(W.test.suit, { suit: SUIT_SYMBOL[SUIT_ORDER[arg]] });
        else if (kind === "suits_not") {
          test = say(W.test.suits_not, { suits: SUIT_ORDER.filter((_, i) => arg & (1 << i)).map((s) => SUIT_SYMBOL[s]).join("") });
        }
        lines.push(say(P.demand, { source: Who(pend.source), why: zh ? `【${label(pend.why)}】` : label(pend.why), who: a, test, n: pend.amount }));
        break;
      }
      case "rescue_ask": {
        const dying = players[pend.dying] || {};
        const self = pend.dying === actor;
        lines.push(say(P.rescue, { dying: Who(pend.dying), isDying: zh ? "" : verb(pend.dying, "is dying", "are dying"),
          hp: dying.hp, who: a, salve: quoted("salve"), them: self ? (zh ? "自己" : (actor === me ? "yourself" : "themself")) : (zh ? "其" : "them") }));
        if (pend.no_salve) lines.push(say(P.noSalve, { salve: quoted("salve") }));
        break;
      }
      case "pair_pick": {
        const rule = TEXT.pairs[pend.rule] || [null, pend.rule];
        lines.push(say(P.pair_pick, { who: A, chooses, type: quoted(rule[0]), by: skillName(rule[1]) }));
        if (pend.picked && pend.picked.length) lines.push(say(P.chosen, { list: pend.picked.map(cardWords).join(", ") }));
        break;
      }
      case "reward_ask": lines.push(say(P.reward, { who: a })); break;
      case "roshan_ask": lines.push(say(P.roshan, { who: A, roshan: TEXT.fates.roshan ? `「${TEXT.fates.roshan[L]}」` : "Roshan" })); break;
      case "draw_ask": lines.push(say(P.draw_ask, { who: a })); break;
      case "cast_ask": lines.push(say(P.cast_ask, { who: a })); break;
      case "pay": {
        const sk = zh ? `【${skillName(pend.skill)}】` : skillName(pend.skill);
        lines.push(say(P.pay, { who: A, pays: zh ? "" : verb(actor, "pays", "pay"), skill: sk }));
        if (pend.paid && pend.paid.length) lines.push(say(P.paid, { list: pend.paid.map(cardWords).join(", ") }));
        if (pend.targets && pend.targets.length) lines.push(say(P.chosen, { list: seatList(pend.targets) }));
        break;
      }
      case "skill_target": {
        const sk = zh ? `【${skillName(pend.skill)}】` : skillName(pend.skill);
        lines.push(say(P.skill_target, { who: A, chooses, skill: sk }));
        if (pend.targets && pend.targets.length) lines.push(say(P.chosen, { list: seatList(pend.targets) }));
        break;
      }
      case "discard":
      case "discard_ask": {
        const pl = players[actor] || {};
        lines.push(say(P.discard, { who: a, n: Math.max(1, (pl.hand_size || 0) - (pl.hand_limit || 0)), limit: pl.hand_limit }));
        break;
      }
      case "zone_ask": {
        const what = { frost_armor: zh ? "【霜冻护甲】" : skillName("frost_armor"), disarm: quoted("disarm"), greed: quoted("greed") }[pend.purpose] || pend.purpose;
        lines.push(say(P.zone, { what, victim: who(pend.victim), who: a, chooses }));
        break;
      }
      case "name_ask": lines.push(say(pend.suit ? P.nameSuit : P.nameColor, { arrow: quoted("arrow"), target: who(pend.target), who: a })); break;
      case "transport_ask": lines.push(say(P.transport, { transport: quoted("transport"), who: a })); break;
      case "chakra_ask": lines.push(say(P.chakra, { chakra: quoted("chakra"), who: a })); break;
      case "dir_ask": lines.push(say(P.dir, { axe: quoted("wildaxe"), who: a, chooses })); break;
      case "give_ask": lines.push(say(P.give, { greed: quoted("greed"), who: a, chooses })); break;
      case "viper_ask": lines.push(say(P.viper, { viper: quoted("viper"), who: a })); break;
      case "halo_ask": lines.push(say(P.halo, { halo: zh ? "【辉煌光环】" : skillName("brilliance"), who: a })); break;
      case "staff_ask": lines.push(say(P.staff, { staff: quoted("staff"), who: a, chooses })); break;
      case "extra_cost": lines.push(say(P.extra, { frost: zh ? "【冰霜禁制】" : skillName("frost_nova"), who: a })); break;
      case "ask": {
        const sk = zh ? `【${skillName(pend.skill)}】` : skillName(pend.skill);
        lines.push(say(P.ask, { skill: sk, who: a, decides: zh ? "" : verb(actor, "decides", "decide") }));
        const text = skillText(pend.skill);
        if (text && actor === me) lines.push(h("span", { class: "ft-hint" }, text));
        break;
      }
      default:
        if (frame) lines.push(say(P.unknown, { who: A, frame }));
    }
    if (!v.over && actor !== null && actor !== undefined) {
      lines.push(h("span", { class: actor === me && legalList.length ? "ft-you" : "ft-hint" },
        actor === me && legalList.length ? P.yours : say(P.waiting, { who: who(actor) })));
    }
    return lines;
  };

  // ---------------------------------------------------------------- the choices strip: words for each action
  const stripLabel = (id) => {
    const w = id.split(" ");
    const S = W.strip;
    switch (w[0]) {
      case "pass": {
        if (frame === "play") return S.passPlay;
        if (frame === "reply") {
          return { attack_dodge: S.passDodge, axe_dodge: S.passDodge, laguna_dodge: S.passDodge, dispel: S.passDispel,
            forced_attack: S.passAttack, quell: S.passClaim }[pend.purpose] || S.pass;
        }
        return { rescue_ask: S.passSave, demand: S.passDemand, chakra_ask: S.passGuess, cast_ask: S.passSkill,
          draw_ask: S.passSkill }[frame] || S.pass;
      }
      case "done": return S.done;
      case "yes": return frame === "build" ? S.strengthen : frame === "roshan_ask" ? S.reveal : S.yes;
      case "no": return frame === "build" ? S.plain : frame === "roshan_ask" ? S.hide : S.no;
      case "draw": return S.draw;
      case "color": return w[1] === "red" ? S.red : S.black;
      case "suit": return W.suits[w[1]] || w[1];
      case "dir": return w[1] === "next" ? S.next : S.prev;
      case "skill": {
        const actorHero = me !== null ? players[me].hero : null;
        const code = heroSkills(actorHero)[Number(w[1])];
        return fill(S.skill, { name: code ? skillName(code) : `#${Number(w[1]) + 1}` });
      }
      case "pair": {
        const rule = TEXT.pairs[w[1]] || [null, w[1]];
        return fill(S.pair, { type: typeName(rule[0]), by: skillName(rule[1]) });
      }
      case "mode":
        if (pend.skill === "death_coil") return w[1] === "0" ? S.heal : S.harm;
        return fill(S.mode, { n: Number(w[1]) + 1 });
      case "zone": return { hand: S.zoneHand, weapon: S.zoneWeapon, armour: S.zoneArmour }[w[1]] || w[1];
      case "cancel": return S.cancel;
      default: return textOf.get(id) || id;
    }
  };
  const stripTitle = (id) => {
    const w = id.split(" ");
    if (w[0] === "cancel") return W.strip.cancelTitle;
    if (w[0] === "skill" && me !== null) {
      const code = heroSkills(players[me].hero)[Number(w[1])];
      if (code) return `${skillName(code)} — ${skillText(code)}`;
    }
    return `${textOf.get(id) || id} · ${id}`;
  };

  // ---------------------------------------------------------------- hero picks and the 1v1 draft
  const heroTile = (code, mineTile) => {
    const info = TEXT.heroes[code];
    const hp = (TEXT.limitsets[texts] && TEXT.limitsets[texts][code]) ? TEXT.limitsets[texts][code][0] : info && info[3];
    const acts = actsAt(`pickhero:${code}`);
    const btn = h("button", { type: "button", class: "ft-pickbtn", dataset: { hero: code } }, [
      heroName(code), info ? h("span", { class: "ft-attr" }, ` · ${W.attrs[info[2]]} · ♥${hp}`) : null,
    ]);
    if (acts.length) bind(btn, acts[0].id);
    else btn.disabled = true;
    const skills = heroSkills(code);
    return h("div", { class: ["ft-cand", mineTile ? "mine" : null] }, [
      btn,
      h("ul", {}, skills.map((s) => h("li", {}, [h("b", {}, skillName(s)), ` ${skillText(s)}`]))),
    ]);
  };
  const picksView = () => {
    const parts = [];
    if (v.candidates && v.candidates.length) {
      parts.push(h("h4", {}, W.candidates));
      parts.push(h("div", { class: "ft-picks" }, v.candidates.map((c) => heroTile(c, c === v.my_pick))));
    }
    const d = v.draft;
    if (d && (d.pool.length || legalList.some((x) => x.id.startsWith("hero ")) || !players.some((pl) => pl.hero))) {
      parts.push(h("h4", {}, W.draft));
      if (d.pool.length) {
        parts.push(h("div", { class: "ft-area" }, [h("h4", {}, W.pool), h("div", { class: "ft-picks" }, d.pool.map((c) => heroTile(c)))]));
      }
      for (let p = 0; p < n; p++) {
        const drafted = (d.drafted || [])[p] || [];
        if (drafted.length) {
          const kept = (d.left || [])[p];
          parts.push(h("div", { class: "ft-area" }, [h("h4", {}, fill(W.drafted, { who: Who(p) })),
            h("div", { class: "ft-picks" }, drafted.map((c) => heroTile(c, kept && kept.includes(c))))]));
        }
      }
    }
    if (d) {
      const rows = [];
      for (let p = 0; p < n; p++) {
        const kept = (d.left || [])[p];
        const count = (d.kept || [])[p] || 0;
        if (kept && kept.length) {
          rows.push(h("div", { class: "ft-draftrow" }, [h("span", { class: "ft-num" }, fill(W.kept, { who: Who(p) })),
            ...kept.map((c) => {
              const acts = actsAt(`pickhero:${c}`);
              const hp = d.bench_hp && d.bench_hp[c] !== undefined ? ` ♥${d.bench_hp[c]}` : "";
              const chip = h("span", { class: "ft-chip", title: heroSkills(c).map(skillName).join(" · ") }, `${heroName(c)}${hp}`);
              return acts.length ? bind(h("button", { type: "button", class: "ft-act" }, `${heroName(c)}${hp}`), acts[0].id) : chip;
            })]));
        } else if (count) {
          rows.push(h("div", { class: "ft-draftrow" }, h("span", { class: "ft-num" }, fill(W.keptHidden, { who: Who(p), n: count }))));
        }
        const resting = (d.right || [])[p] || [];
        if (resting.length) {
          rows.push(h("div", { class: "ft-draftrow" }, [h("span", { class: "ft-num" }, fill(W.resting, { who: Who(p) })),
            ...resting.map((c) => h("span", { class: "ft-chip" }, `${heroName(c)}${d.bench_hp && d.bench_hp[c] !== undefined ? ` ♥${d.bench_hp[c]}` : ""}`))]));
        }
      }
      if (rows.length) parts.push(h("div", { class: "ft-area" }, rows));
    }
    return parts.length ? h("div", { class: "ft-centre ft-pickzone" }, parts) : null;
  };

  // ---------------------------------------------------------------- assemble
  const modeWord = W.modes[v.mode] || v.mode;
  const fateInfo = v.fate ? TEXT.fates[v.fate] : null;
  const discard = v.discard || [];
  const status = h("div", { class: "ft-status" }, [
    h("span", {}, modeWord),
    h("span", {}, v.turn ? `${fill(W.turn, { n: v.turn })} · ${fill(W.turnOf, { who: who(v.turn_seat) })}` : W.setup),
    v.mode === "identity"
      ? (fateInfo ? h("span", { class: "ft-fate", title: fateInfo[L + 2] }, `${W.fate}: ${fateInfo[L]}`)
        : h("span", { class: "ft-fate" }, W.fateHidden))
      : null,
    h("span", { class: "ft-pile", dataset: { key: "deck", value: v.deck } }, [svg.card(null, { width: 18, lang }), `${W.deck} ${v.deck}`]),
    h("span", { class: "ft-pile", dataset: { key: "discard", value: discard.length, anchor: "discard" } }, [
      discard.length ? mini(discard[discard.length - 1]) : null, `${W.discard} ${discard.length}`]),
    v.removed && v.removed.length ? h("span", { class: "ft-num" }, `${W.removed} ${v.removed.length}`) : null,
  ]);
  let overBanner = null;
  if (v.over) {
    const names = (v.winners || []).map(who);
    const reason = (W.reasons[v.end_reason] ?? v.end_reason) || "";
    overBanner = h("div", { class: "ft-over", role: "status" },
      `${W.over}: ${names.length ? fill(W.winners, { names: names.join(zh ? "、" : ", ") }) : W.nobody}${reason ? ` (${reason})` : ""}`);
  }

  const order = [];
  for (let k = 1; k <= n; k++) {
    const p = me === null ? k - 1 : (me + k) % n;
    if (p !== me) order.push(p);
  }
  const others = h("div", { class: "ft-heroes", "aria-label": zh ? "其他英雄" : "other heroes" }, order.map(heroCard));

  const areas = [];
  if (v.table && v.table.length) {
    areas.push(h("div", { class: "ft-area ft-table" }, [h("h4", {}, W.onTable), h("div", { class: "ft-cards" }, v.table.map((c) => cardSlot(c, 50)))]));
  }
  if (v.revealed && v.revealed.length) {
    areas.push(h("div", { class: "ft-area ft-revealed" }, [h("h4", {}, W.revealed), h("div", { class: "ft-cards" }, v.revealed.map((c) => cardSlot(c, 54)))]));
  }
  if (Array.isArray(v.looked) && v.looked.length) {
    areas.push(h("div", { class: "ft-area ft-looked" }, [h("h4", {}, W.looked), h("div", { class: "ft-cards" }, v.looked.map((c) => cardSlot(c, 54)))]));
  } else if (typeof v.looked === "number" && v.looked > 0) {
    areas.push(h("div", { class: "ft-area" }, [h("h4", {}, fill(W.lookedCount, { who: Who(v.to_move), n: v.looked })), backs(v.looked, 30)]));
  }
  if (v.aside) areas.push(h("div", { class: "ft-area" }, [h("h4", {}, fill(W.aside, { n: v.aside })), backs(v.aside, 30)]));
  const prompt = h("div", { class: "ft-prompt", role: "status" }, promptLines().map((line) => h("p", {}, line)));
  const centre = h("div", { class: "ft-centre" }, [areas.length ? h("div", { class: "ft-areas" }, areas) : null, v.over ? null : prompt]);
  const picks = picksView();

  let mineView = null;
  if (me !== null) {
    const pl = players[me];
    const hand = pl.hand || [];
    const skills = heroSkills(pl.hero);
    const skillKey = `${me}:skills`;
    const det = skills.length ? h("details", { ontoggle: (ev) => {
      if (ev.target.open) openDetails.add(skillKey); else openDetails.delete(skillKey);
    } }, [h("summary", {}, W.skills), ...skills.map((s) => h("p", { class: "ft-skilltext" }, [h("b", {}, skillName(s)), ` ${skillText(s)}`]))]) : null;
    if (det && openDetails.has(skillKey)) det.open = true;
    mineView = h("div", { class: "ft-mine" }, [
      heroCard(me),
      h("section", { class: "ft-hand", "aria-label": W.yourHand }, [
        h("h4", {}, `${W.yourHand} (${hand.length}${pl.hand_limit ? ` / ${fill(W.limit, { n: pl.hand_limit })}` : ""})`),
        h("div", { class: "ft-cards" }, hand.map((c) => cardSlot(c, 64))),
        det,
      ]),
    ]);
  }

  // every legal action not drawn on the table above: the choices strip, worded for this decision
  const rest = legalList.filter((a) => !placed.has(a.id));
  const choices = h("div", { class: "ft-choices", "aria-label": W.choices }, [
    h("span", { class: "ft-hint" }, `${W.choices}:`),
    legalList.length ? rest.map((a) => bind(h("button", { type: "button", class: a.id === "cancel" ? "btn btn-cancel" : "btn",
      title: stripTitle(a.id) }, stripLabel(a.id)), a.id))
      : h("span", { class: "ft-hint" }, W.noChoice),
    legalList.length && !rest.length ? h("span", { class: "ft-hint" }, W.clickHint) : null,
  ]);

  root.replaceChildren(h("div", { class: "ft", lang, dataset: { game: "fate" } }, [
    status, overBanner, others, centre, picks, mineView, v.over ? null : choices,
  ]));
}
