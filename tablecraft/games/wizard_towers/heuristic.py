"""A heuristic wizard-towers player: plays like an experienced player from its own view only (no search).

The plan in short: cards are the only resource, and a battle spends only the cards the other side out-totals, so
every card decision (attack, defence, standing in, the action suit, a tower's defence) is scored by one battle
estimator against a few guesses of what the other side holds, in HP points with a heavy penalty for dying. The
warriors are a team while the wizard lives: they defend when the cards are worth the damage they stop, stand in
for each other, and break the towers when the breach pays (a side tower, then the main tower, then the exposed
wizard). The wizard hits whoever cannot defend, rebuilds whatever exposes him and otherwise waits for the idle
draw. The bar to attack falls as the turn cap nears, and no seat ever lets a possibly lethal blow through while
cards in hand could stop it.

In more detail, from the game's trade-offs:

- **Cards are the only resource, and a battle card is spent only when it is no greater than the other side's face
  total** (伤害计算及牌去处2). So an attack on a side that plays nothing is free (every attacking card comes back),
  a high card often survives, and defending converts cards into prevented damage one for one *and* junks the
  attacker's cards, which would otherwise return for the next blow. Every card decision is therefore scored by one
  battle estimator (``_clash``) over a few scenarios of what the other side holds, read from the view: the other
  side's hand size, its known cards, the mean of the cards this seat has not seen, what a tower can hold.
- **Defence** (防守): defend whenever the cards it costs are worth less than the damage they stop plus the
  attacker's cards they junk; ♣A alone is a whole shield (immune), ♠A and ♥A lead a defence that is likely to be
  out-totalled. When the blow might be lethal the scorer's death penalty makes the seat take the defence that
  survives the most attacks, so it never dies by declining while cards could have saved it.
- **Warriors are a team while the wizard lives** (never attack each other then; 代替防守: the partner stands in when
  the attacked warrior cannot defend, would be in danger, or holds the weaker hand). They attack when it pays:
  the exposed wizard at once (his one-card defence rarely stops a pair), any tower while the wizard holds a coin
  (his towers defend blind), otherwise a tower whose breach is worth the cards — the main tower once open, the side
  tower that is known or likely to be weak, and orange (who moves just before blue) opens a side tower for blue to
  strike the main tower before the wizard can rebuild. A full hand wastes the next draw, so it lowers the bar.
- **The wizard** hits a warrior who cannot be defended (a coin and no partner to stand in, or no cards) for free,
  attacks when his pair beats the defence the warriors can muster (a kill is worth most: it draws two and halves
  the opposition), rebuilds the main tower at once when exposed and a side tower when the main tower is open,
  keeps his towers stocked and otherwise waits to take the idle draw (巫师特殊规则4).
- **After the wizard's death** the two warriors duel: attack when the exchange favours the attacker (a full hand,
  the stronger pair, an opponent who cannot defend), else hold the cards for defence.
- Draws: always, from a bag whose coin is out (a sure card), else the fullest bag (the lowest coin chance).
  Discards: the least useful card.

Every decision the engine can ask is handled (an unknown phase or kind falls back to ``done``/``pass``/``stop``).
The battle estimator follows ``rules.resolve_battle`` and reads the variant options that change a battle's worth
(``heal_saves``, ``ace_trigger``, ``tower_hand_cards``, ``wizard_self_defence``, ``coin_bars_wizard``); its scenarios
are estimates, so a rule it reads wrongly changes only how well the guesses fit, never legality.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from math import comb
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import DECK_SIZE, card_str, is_joker, rank_of, suit_of

from .actions import Kind, WTAction
from .rules import card_value
from .spec import WARRIORS, WIZARD

VALUE: tuple[int, ...] = tuple(card_value(c) for c in range(DECK_SIZE))
"""Face value of each card id (A=1 … K=13, Joker 15)."""
SUIT: tuple[int, ...] = tuple(-1 if is_joker(c) else int(suit_of(c)) for c in range(DECK_SIZE))  # type: ignore[arg-type]
"""Suit of each card id: 0 ♠, 1 ♥, 2 ♣, 3 ♦, −1 for a Joker."""
ACE: tuple[bool, ...] = tuple(not is_joker(c) and rank_of(c) == 1 for c in range(DECK_SIZE))
CARD_ID: dict[str, int] = {card_str(c): c for c in range(DECK_SIZE)}
SPADES, HEARTS, CLUBS, DIAMONDS = 0, 1, 2, 3
DECK_TOTAL = sum(VALUE)
DECK_MEAN = DECK_TOTAL / DECK_SIZE
SUIT_EDGE = (0.25, -0.25, 0.0, 0.0)
"""Expected suit bonus of a lead against an unknown suit (特殊规则1): ♠ beats two suits and loses to one."""


def _top_k_distribution(n: int, k: int) -> dict[int, float]:
    """Exact distribution of the sum of the k highest values among n cards drawn from the full deck."""
    counts: dict[int, int] = {}
    for v in VALUE:
        counts[v] = counts.get(v, 0) + 1
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for v in sorted(counts, reverse=True):
        nxt: dict[tuple[int, int], int] = {}
        for (drawn, total), w in ways.items():
            for t in range(min(counts[v], n - drawn) + 1):
                key = (drawn + t, total + min(t, max(0, k - drawn)) * v)
                nxt[key] = nxt.get(key, 0) + w * comb(counts[v], t)
        ways = nxt
    all_ways = comb(DECK_SIZE, n)
    out: dict[int, float] = {}
    for (drawn, total), w in ways.items():
        if drawn == n:
            out[total] = out.get(total, 0.0) + w / all_ways
    return out


def _quantiles(dist: dict[int, float], qs: Sequence[float]) -> tuple[float, ...]:
    """The values of ``dist`` at cumulative probabilities ``qs``."""
    out = []
    items = sorted(dist.items())
    for q in qs:
        acc = 0.0
        for value, p in items:
            acc += p
            if acc >= q:
                out.append(float(value))
                break
        else:
            out.append(float(items[-1][0]))
    return tuple(out)


QS = (0.15, 0.5, 0.85)
"""The three scenario quantiles of an unknown total (each weighted a third)."""
TOP: dict[tuple[int, int], tuple[float, ...]] = {
    (n, k): _quantiles(_top_k_distribution(n, k), QS) for n in range(1, 8) for k in (1, 2) if k <= n
}
"""Scenario totals of the best ``k`` of ``n`` unseen cards (full-deck odds; shifted by the unseen mean in use)."""


@dataclass(frozen=True)
class Knobs:
    """The weights of the heuristic's judgement, in HP points (tuned by ``benchmarks/wizard_towers_tune.py``)."""

    card: float = 0.55
    """Worth of a card kept in hand, per point of face value (its future defence or attack)."""
    club_ace: float = 11.0
    spade_ace: float = 6.0
    heart_ace: float = 6.0
    diamond_ace: float = 3.0
    death: float = 120.0
    """Penalty for dying (the game is lost for that seat)."""
    kill: float = 45.0
    """Bonus for killing the opponent in the battle."""
    hit_wizard: float = 1.3
    """Worth to a warrior of one wizard HP (the team has 200 HP against his 150)."""
    hit_warrior: float = 1.0
    """Worth to the wizard of one warrior HP."""
    hurt: float = 1.0
    """Cost of one own HP."""
    partner: float = 0.8
    """Cost to a warrior of one HP of his partner (the team matters, his own life a little more)."""
    foe_card: float = 0.45
    """Worth of junking an opponent's hand card, per point of face value."""
    side_break: float = 7.0
    """Worth of junking a side tower's card (opens the main tower)."""
    follow_up: float = 5.0
    """Extra for a breach the partner can strike through before the wizard rebuilds."""
    main_break: float = 6.0
    """Worth of junking a main tower card (its damage goes to the wizard)."""
    expose: float = 8.0
    """Extra for emptying the main tower (the wizard himself can be attacked)."""
    lone_breach: float = 0.5
    """Share of ``expose`` left when nobody can strike before the wizard rebuilds."""
    tower_bias: float = 1.5
    """How much higher than an unseen card the wizard's tower cards are thought to be (he stocks good cards)."""
    attack_bias: float = 2.0
    """How much stronger than an average hand an attack is thought to be (nobody attacks with his worst)."""
    add_chance: float = 0.5
    """How likely the wizard is thought to add a hand card to a tower's defence."""
    margin: float = 1.0
    """A warrior attacks a tower when the attack scores this much above passing."""
    full_hand: float = 3.0
    """What a full hand's wasted draw is worth (an attack then costs that much less)."""
    wizard_margin: float = 1.0
    """The wizard attacks when the attack scores this much above his best other choice."""
    idle_draw: float = 4.0
    """Worth of the wizard's idle end-of-turn draw."""
    rebuild_main: float = 14.0
    """Worth of a card on an empty main tower (the wizard is no longer exposed)."""
    rebuild_main2: float = 5.0
    """Worth of the second main tower card."""
    rebuild_gate: float = 10.0
    """Worth of refilling a side tower that closes the way to the main tower."""
    rebuild_side: float = 3.0
    """Worth of refilling a side tower while the other is still empty."""
    urgency: float = 12.0
    """How much the bar to attack falls over the game's length: a draw at the turn cap wins nobody anything."""
    duel_margin: float = 0.0
    """A warrior attacks the other warrior (once the wizard is dead) when it scores this much above passing."""


KNOB_NAMES = tuple(f.name for f in fields(Knobs))


def _worth(card: int, k: Knobs) -> float:
    """What a card is worth kept in hand: its value, or its effect for an ace (特殊牌2–5)."""
    if ACE[card]:
        return (k.spade_ace, k.heart_ace, k.club_ace, k.diamond_ace)[SUIT[card]]
    return k.card * VALUE[card]


@dataclass
class Sides:
    """Who a battle hurts, as the scorer weighs it: ``hp`` is the HP my side's damage comes off (``None`` for a
    side tower: void), ``foe_hp`` the other side's (``None`` void); the weights are per HP."""

    hp: int | None
    foe_hp: int | None
    hurt: float
    hit: float
    death: float
    kill: float
    heal_saves: bool = True
    """♥A's heal counts before the death check (option ``heal_saves``)."""
    ace_by_suit: bool = False
    """An ace of the action suit fires beside another leading card (option ``ace_trigger="suit"``)."""
    refund: float = 0.0
    """Worth of the draw a spent card frees (a full hand wastes its next draws), for the first ``slots`` cards."""
    slots: int = 0


def _clash(k: Knobs, mine: Sequence[int], lead: int, foe: Sequence[float], foe_joker: bool, sides: Sides,
           foe_card_worth: Sequence[float]) -> float:
    """Score one battle outcome for my side: my face-down ``mine`` (``lead`` indexes the action card) against
    ``foe`` card values (estimates), following 伤害计算及牌去处 1–2, 特殊规则1 and 特殊牌1–5."""
    raw = 0
    for c in mine:
        raw += VALUE[c]
    foe_raw = sum(foe)
    eff, foe_eff = float(raw), float(foe_raw)
    lead_card = mine[lead] if mine else -1
    if mine and foe:
        if SUIT[lead_card] < 0:
            if not foe_joker:
                eff += 1
        elif foe_joker:
            foe_eff += 1
        else:
            eff += SUIT_EDGE[SUIT[lead_card]]
    taken = max(0.0, foe_eff - eff)
    dealt = max(0.0, eff - foe_eff)
    heal = 0.0
    special = 0.0
    score = 0.0
    ace = lead_card if mine and ACE[lead_card] else -1
    if mine and ace < 0 and sides.ace_by_suit and SUIT[lead_card] >= 0:
        ace = next((c for c in mine if ACE[c] and SUIT[c] == SUIT[lead_card]), -1)
    if ace >= 0 and raw < foe_raw:
        suit = SUIT[ace]
        if suit == CLUBS:
            taken = 0.0
            special = math.ceil(raw / 2)
        elif suit == SPADES:
            special = raw * 3 // 2
        elif suit == HEARTS:
            heal = max(max(VALUE[c] for c in mine), max(foe, default=0))
        else:  # ♦A: each side's largest card changes hands, if it survives the junk step
            best_foe = max(range(len(foe)), key=lambda i: foe[i]) if foe else -1
            if best_foe >= 0 and foe[best_foe] > raw:
                score += foe_card_worth[best_foe] * 0.8
            top = max(mine, key=lambda c: VALUE[c])
            if VALUE[top] > foe_raw:
                score -= _worth(top, k)
    slots = sides.slots
    for c in mine:
        if VALUE[c] <= foe_raw:
            score -= _worth(c, k)
            if slots > 0:
                score += sides.refund
                slots -= 1
    for i, v in enumerate(foe):
        if v <= raw:
            score += foe_card_worth[i]
    if sides.hp is not None:
        net = taken - heal
        score -= sides.hurt * net
        if sides.hp - (net if sides.heal_saves else taken) <= 0:
            score -= sides.death
    if sides.foe_hp is not None:
        blow = dealt + special
        score += sides.hit * blow
        if blow >= sides.foe_hp:
            score += sides.kill
    return score


def _worst_taken(cards: Sequence[int], attack_max: float, lead: int | None = None, heal_saves: bool = True) -> float:
    """The most battle damage defending with ``cards`` can let through against an attack of face total up to
    ``attack_max`` with a suit bonus (the attacker's own aces aside), leading card ``lead`` (default: the best)."""
    if not cards:
        return attack_max  # nothing gains a bonus against an empty side
    raw = sum(VALUE[c] for c in cards)
    if any(SUIT[c] < 0 for c in cards):
        return max(0.0, attack_max - raw)  # a played Joker leads, and no suit beats it
    out = []
    for i, c in enumerate(cards):
        if lead is not None and i != lead:
            continue
        w = max(0.0, attack_max + 1 - raw)
        if ACE[c] and SUIT[c] == CLUBS:
            w = min(w, 1.0)  # 弓术: immune whenever out-totalled; an equal total lets one point through
        elif ACE[c] and SUIT[c] == HEARTS and raw < attack_max and heal_saves:
            w = max(0.0, w - max(VALUE[x] for x in cards))  # 补给 heals at least the largest own card
        out.append(w)
    return min(out) if out else max(0.0, attack_max + 1 - raw)


def _best_lead(mine: Sequence[int], expect_lower: bool) -> int:
    """A quick action-card choice for ranking combinations: a Joker, an ace when it is likely to fire, else ♠."""
    best, best_score = 0, -9.0
    for i, c in enumerate(mine):
        s = SUIT[c]
        if s < 0:
            score = 9.0
        elif ACE[c]:
            score = 4.0 if expect_lower else -1.0
        else:
            score = SUIT_EDGE[s]
        if score > best_score:
            best, best_score = i, score
    return best


class Reading:
    """What the view tells, parsed once: hands, HP, coins, towers, and the mean of the cards this seat has not
    seen (known cards are excluded: own hand, revealed cards in hands and towers, the known junk and bags)."""

    __slots__ = ("view", "seat", "opt", "players", "hand", "known_hands", "towers", "unseen_mean", "unseen_top")

    def __init__(self, view: dict[str, Any], seat: int, options: dict[str, Any] | None = None) -> None:
        self.view = view
        self.seat = seat
        self.opt = options or {}
        self.players = view["players"]
        known = 0
        total = 0
        seen: list[int] = []
        self.known_hands: list[list[int]] = []
        for p in self.players:
            cards = [CARD_ID[c] for c in p["hand"]]
            self.known_hands.append(cards)
            seen += cards
        self.hand = self.known_hands[seat]
        self.towers: list[list[int | None]] = []
        for t in view["towers"]:
            slots = [None if c is None else CARD_ID[c] for c in t["cards"]]
            self.towers.append(slots)
            seen += [c for c in slots if c is not None]
        seen += [CARD_ID[c] for c in view["junk"]["known"]]
        for b in view["bags"]:
            seen += [CARD_ID[c] for c in b["known"]]
        battle = view["battle"]
        if battle:
            seen += [CARD_ID[c] for c in battle["attack"] if c is not None]
            seen += [CARD_ID[d["card"]] for d in battle["defence"] if d["card"] is not None]
        known = len(seen)
        total = sum(VALUE[c] for c in seen)
        left = DECK_SIZE - known
        self.unseen_mean = (DECK_TOTAL - total) / left if left > 0 else DECK_MEAN
        seen_set = set(seen)
        hidden = [v for c, v in enumerate(VALUE) if c not in seen_set] if left > 0 else []
        hidden.sort(reverse=True)
        self.unseen_top = hidden[:2]

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        return int(self.players[seat]["hand_size"])

    def hp(self, seat: int) -> int:
        """``seat``'s HP."""
        return int(self.players[seat]["hp"])

    def alive(self, seat: int) -> bool:
        """Whether ``seat`` is alive."""
        return bool(self.players[seat]["alive"])

    def coin(self, seat: int) -> bool:
        """Whether ``seat`` holds a spiral coin."""
        return bool(self.players[seat]["coins"])

    def can_defend(self, seat: int) -> bool:
        """防守3: alive, no coin and a card to play (a coin bars the wizard too unless ``coin_bars_wizard`` is
        off)."""
        barred = self.coin(seat) and (seat != WIZARD or self.opt.get("coin_bars_wizard", True))
        return self.alive(seat) and not barred and self.hand_size(seat) > 0

    @property
    def tower_bound(self) -> bool:
        """The wizard holds a coin that bars him: his towers defend by themselves with all their cards (gap 0-8)."""
        return self.coin(WIZARD) and bool(self.opt.get("coin_bars_wizard", True))

    @property
    def wizard_adds(self) -> bool:
        """The wizard may add a hand card to a tower's defence (option ``tower_hand_cards``) and has one."""
        return bool(self.opt.get("tower_hand_cards", True)) and self.can_defend(WIZARD)

    @property
    def wizard_guards_himself(self) -> bool:
        """The exposed wizard may defend himself with a card (巫师特殊规则2, option ``wizard_self_defence``)."""
        if self.opt.get("wizard_self_defence", "target") == "all_empty" and any(self.towers):
            return False
        return self.can_defend(WIZARD)

    @property
    def heal_saves(self) -> bool:
        """♥A's heal comes before the death check (option ``heal_saves``)."""
        return bool(self.opt.get("heal_saves", True))

    def shift(self, n: int) -> float:
        """How much ``n`` unseen cards are worth above (or below) the full deck's average, in total."""
        return n * (self.unseen_mean - DECK_MEAN)

    def hand_scenarios(self, seat: int, k: int, bias: float = 0.0, extra: int = 0) -> list[tuple[float, ...]]:
        """Three guesses (low, middle, high) of the values of the best ``k`` cards ``seat`` holds (``extra`` more
        cards held than the view shows, e.g. those just played), from its known cards and the unseen odds."""
        n = self.hand_size(seat) + extra
        if n <= 0 or k <= 0:
            return [()]
        known: list[float] = sorted((float(VALUE[c]) for c in self.known_hands[seat]), reverse=True)
        unknown = n - len(known)
        k = min(k, n)
        out = []
        for q in range(3):
            if unknown <= 0:
                vals = known[:k]
            else:
                kk = min(k, unknown)
                total = TOP[(min(unknown, 7), kk)][q] + self.shift(kk) * 0.7 + bias
                guess = [total] if kk == 1 else [total * 0.56, total * 0.44]
                vals = sorted(known + guess, reverse=True)[:k]
            out.append(tuple(max(1.0, v) for v in vals))
        return out

    def tower_values(self, tower: int, k: Knobs) -> list[list[float]]:
        """Three guesses of the values of a tower's cards (known ones exactly, blind ones from the odds)."""
        slots = self.towers[tower]
        out = []
        for q in range(3):
            vals = []
            for c in slots:
                if c is not None:
                    vals.append(float(VALUE[c]))
                else:
                    vals.append(max(1.0, TOP[(1, 1)][q] + self.shift(1) + k.tower_bias))
            out.append(vals)
        return out


def _combos(hand: Sequence[int], played: Sequence[int], cap: int, allow_empty: bool) -> list[tuple[int, ...]]:
    """Sets of cards to commit: ``played`` plus up to ``cap`` cards in all from ``hand``."""
    base = tuple(played)
    room = cap - len(base)
    out: list[tuple[int, ...]] = []
    if allow_empty or base:
        out.append(base)
    if room >= 1:
        out += [base + (c,) for c in hand]
    if room >= 2:
        out += [base + (a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
    return out


class WizardTowersHeuristic:
    """The heuristic agent (``make_agent("heuristic", game)``); ``knobs`` overrides the weights of ``Knobs``."""

    name = "heuristic"

    def __init__(self, **knobs: float) -> None:
        unknown = [key for key in knobs if key not in KNOB_NAMES]
        if unknown:
            raise KeyError(f"unknown wizard-towers heuristic parameter(s) {', '.join(unknown)}; "
                           f"parameters: {', '.join(KNOB_NAMES)}")
        self.k = replace(Knobs(), **{key: float(v) for key, v in knobs.items()})

    def act(self, obs: Any, rng: random.Random) -> Action:
        """Choose one of ``obs.legal_actions`` from ``obs.view`` alone."""
        legal: list[WTAction] = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        seat = obs.seat
        kinds = {a.kind for a in legal}
        phase = view["phase"]
        if Kind.DRAW in kinds:
            return self._draw(view, legal)
        r = Reading(view, seat, getattr(obs.game, "options", None))
        if Kind.DISCARD in kinds:
            return min((a for a in legal if a.kind is Kind.DISCARD), key=lambda a: (_worth(a.a, self.k), a.id))
        if Kind.SUBSTITUTE in kinds:
            return self._substitute(r, legal)
        if Kind.LEAD in kinds:
            return self._lead(r, legal, defending=phase == "defend_lead")
        if phase == "attack_cards":
            return self._attack_card(r, legal)
        if phase == "defend_cards":
            return self._defend_card(r, legal)
        if phase == "action" or phase == "adjust":
            return self._wizard_act(r, legal) if seat == WIZARD else self._warrior_act(r, legal)
        return _fallback(legal)

    def _sides(self, r: Reading, **kw: Any) -> Sides:
        """``Sides`` for my own cards, with the refund of the draws a full hand would waste: a warrior draws once
        a turn, the wizard twice, so cards spent from a (nearly) full hand give those draws back."""
        sides = Sides(**kw)
        me = r.players[r.seat]
        draws = 2 if r.seat == WIZARD else 1
        sides.slots = max(0, draws - (int(me["hand_limit"]) - len(r.hand)))
        sides.refund = self.k.card * r.unseen_mean
        sides.heal_saves = r.heal_saves
        sides.ace_by_suit = r.opt.get("ace_trigger", "lead") == "suit"
        return sides

    # ------------------------------------------------------------------------------------------------ draws
    @staticmethod
    def _draw(view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Draw whenever allowed: from a bag whose coin is out (a sure card), else the fullest bag."""
        draws = [a for a in legal if a.kind is Kind.DRAW]
        bags = view["bags"]
        return max(draws, key=lambda a: (not bags[a.a]["coin"], bags[a.a]["cards"], -a.a))

    # ------------------------------------------------------------------------------------------------ battles
    def _battle_context(self, r: Reading) -> dict[str, Any]:
        """Who attacks, who defends, and the damage each side's loss goes to."""
        battle = r.view["battle"] or {}
        names = ("orange", "blue", "purple")
        target = battle.get("target", "")
        return {
            "attacker": battle.get("attacker", r.view["turn_seat"]),
            "target_seat": names.index(target) if target in names else None,
            "tower": ("left", "right", "main").index(target) if target in ("left", "right", "main") else None,
            "attack": battle.get("attack", []),
            "defence": battle.get("defence", []),
            "substitute": battle.get("substitute"),
        }

    def _attack_guesses(self, r: Reading, attacker: int, n: int) -> list[tuple[float, ...]]:
        """Guesses of the ``n`` face-down attacking cards: the attacker's best ``n`` of the hand he held, plus the
        worst case (the highest unseen cards) so that a possibly lethal blow is respected."""
        guesses = r.hand_scenarios(attacker, n, bias=self.k.attack_bias, extra=n)
        worst = tuple(float(v) for v in r.unseen_top[:n])
        if worst and sum(worst) > sum(guesses[-1]):
            guesses.append(worst)
        return guesses

    @staticmethod
    def _weights(n: int) -> list[float]:
        return [0.3, 0.3, 0.3, 0.1] if n == 4 else [1 / n] * n

    def _defend_card(self, r: Reading, legal: list[WTAction]) -> WTAction:
        """防守: the defence the battle scorer likes best; if that could let a lethal blow through, the defence
        that lets the least through instead (a seat never dies by holding back cards that could have saved it)."""
        ctx = self._battle_context(r)
        if ctx["tower"] is not None:
            return self._tower_defence(r, legal, ctx)
        k = self.k
        seat = r.seat
        attacker = ctx["attacker"]
        if ctx["substitute"] is not None and ctx["substitute"] != seat:
            return self._joint_help(r, legal, ctx)
        played = [CARD_ID[d["card"]] for d in ctx["defence"] if d["card"] is not None]
        cap = 1 if seat == WIZARD else 2
        plays = {a.a: a for a in legal if a.kind is Kind.PLAY_CARD}
        hand = [c for c in r.hand if c in plays]
        n_att = max(1, len(ctx["attack"]))
        guesses = self._attack_guesses(r, attacker, n_att)
        weights = self._weights(len(guesses))
        sides = self._sides(r, hp=r.hp(seat), foe_hp=r.hp(attacker), hurt=k.hurt,
                            hit=k.hit_wizard if attacker == WIZARD else k.hit_warrior, death=k.death, kill=k.kill)
        done_ok = any(a.kind is Kind.DONE for a in legal)
        scored = [(self._expected(combo, guesses, weights, sides), combo)
                  for combo in _combos(hand, played, cap, allow_empty=done_ok)]
        if not scored:
            return _fallback(legal)
        best_score, best = max(scored, key=lambda x: x[0])
        worst = sum(r.unseen_top[:n_att])
        saves = r.heal_saves
        if r.hp(seat) - _worst_taken(best, worst, heal_saves=saves) <= 0:
            best = min(scored, key=lambda x: (_worst_taken(x[1], worst, heal_saves=saves), -x[0]))[1]
        if len(best) == len(played):
            return _done(legal)
        return plays[best[len(played)]]

    def _joint_help(self, r: Reading, legal: list[WTAction], ctx: dict[str, Any]) -> WTAction:
        """防守2 (joint): my partner stood in for me with one face-down card; add one of mine when the damage it
        stops (it comes off my partner) and the attacker's cards it junks are worth more than the card."""
        k = self.k
        sub = ctx["substitute"]
        plays = [a for a in legal if a.kind is Kind.PLAY_CARD]
        if not plays:
            return _done(legal)
        guesses = self._attack_guesses(r, ctx["attacker"], max(1, len(ctx["attack"])))
        weights = self._weights(len(guesses))
        theirs = r.hand_scenarios(sub, 1, extra=1)

        def score(card: int | None) -> float:
            total = 0.0
            for i, (g, w) in enumerate(zip(guesses, weights, strict=True)):
                raw = sum(theirs[min(i, 2)]) + (VALUE[card] if card is not None else 0)
                att = sum(g)
                taken = max(0.0, att - raw)
                s = -k.partner * taken - (k.death * k.partner if r.hp(sub) - taken <= 0 else 0.0)
                s += k.hit_wizard * max(0.0, raw - att) + sum(k.foe_card * v for v in g if v <= raw)
                if card is not None and VALUE[card] <= att:
                    s -= _worth(card, k)
                total += w * s
            return total

        best = max(plays, key=lambda a: (score(a.a), -a.id))
        return best if score(best.a) > score(None) else _done(legal)

    def _expected(self, cards: Sequence[int], guesses: list[tuple[float, ...]], weights: list[float],
                  sides: Sides, leads: range | None = None) -> float:
        """The weighted score of committing ``cards`` against each guess of the other side, leading the best
        card among ``leads`` (default all; a played Joker always leads, gap 0-14)."""
        k = self.k
        leads = range(len(cards)) if leads is None else leads
        jokers = [i for i in leads if SUIT[cards[i]] < 0]
        if jokers:
            leads = range(jokers[0], jokers[0] + 1)
        total = 0.0
        for g, w in zip(guesses, weights, strict=True):
            worth = [k.foe_card * v for v in g]
            if not cards or not leads:
                total += w * _clash(k, cards, 0, g, False, sides, worth)
                continue
            total += w * max(_clash(k, cards, lead, g, False, sides, worth) for lead in leads)
        return total

    def _tower_defence(self, r: Reading, legal: list[WTAction], ctx: dict[str, Any]) -> WTAction:
        """The wizard defends a tower: one tower card (blind: the first slot, or a known card), then adds a hand
        card or the second main-tower card when it pays (a main-tower blow comes off his HP)."""
        k = self.k
        towers = [a for a in legal if a.kind is Kind.PLAY_TOWER]
        hand_plays = {a.a: a for a in legal if a.kind is Kind.PLAY_CARD}
        played = ctx["defence"]
        tower = ctx["tower"]
        if (not played or all(not d["from"].startswith("tower") for d in played)) and towers:
            known = [(VALUE[c], a) for a in towers if (c := r.towers[tower][_pos(a.a)]) is not None]
            return max(known, key=lambda x: x[0])[1] if known else towers[0]
        if not towers and not hand_plays:
            return _done(legal)
        guesses = self._attack_guesses(r, ctx["attacker"], max(1, len(ctx["attack"])))
        weights = self._weights(len(guesses))
        main = tower == 2
        sides = self._sides(r, hp=r.hp(WIZARD) if main else None, foe_hp=r.hp(ctx["attacker"]), hurt=k.hurt,
                      hit=k.hit_warrior, death=k.death, kill=k.kill)
        # the defence so far: blind tower cards count as a guessed value; a tower card is ours to keep
        in_cards = [CARD_ID[d["card"]] if d["card"] is not None else None for d in played]
        blind_guess = TOP[(1, 1)][1] + r.shift(1) + k.tower_bias
        worst = sum(r.unseen_top[:max(1, len(ctx["attack"]))])
        options: list[tuple[float, float, WTAction | None]] = []
        for extra in [None, *hand_plays.values(), *towers]:
            vals: list[float] = [VALUE[c] if c is not None else blind_guess for c in in_cards]
            hand_card = None
            if extra is not None and extra.kind is Kind.PLAY_CARD:
                hand_card = extra.a
            elif extra is not None:
                c = r.towers[tower][_pos(extra.a)]
                vals.append(VALUE[c] if c is not None else blind_guess)
            score = 0.0
            for g, w in zip(guesses, weights, strict=True):
                score += w * self._tower_clash(vals, hand_card, g, sides, main, r)
            through = worst + 1 - sum(vals) - (VALUE[hand_card] if hand_card is not None else 0)
            if hand_card is not None and ACE[hand_card] and SUIT[hand_card] == CLUBS:
                through = min(through, 1.0)
            options.append((score, through, extra))
        score, through, choice = max(options, key=lambda x: x[0])
        if main and r.hp(WIZARD) - through <= 0:
            # a main-tower blow might kill him: put in what stops the most (a blind card counts as its odds)
            score, through, choice = min(options, key=lambda x: (x[1], -x[0]))
        return choice if choice is not None else _done(legal)

    def _tower_clash(self, tower_vals: list[float], hand_card: int | None, att: tuple[float, ...], sides: Sides,
                     main: bool, r: Reading) -> float:
        """Score a tower's defence: ``tower_vals`` (estimated) plus an optional hand card against an attack guess;
        the tower cards count as cards worth keeping (a junked main-tower card opens the way to the wizard)."""
        k = self.k
        raw = sum(tower_vals) + (VALUE[hand_card] if hand_card is not None else 0)
        att_raw = sum(att)
        eff = raw + (SUIT_EDGE[SUIT[hand_card]] if hand_card is not None and SUIT[hand_card] >= 0 else 0.0)
        if hand_card is not None and SUIT[hand_card] < 0:
            eff += 1
        score = 0.0
        taken = max(0.0, att_raw - eff)
        special = 0.0
        if hand_card is not None and ACE[hand_card] and raw < att_raw:
            suit = SUIT[hand_card]
            if suit == CLUBS:
                taken = 0.0
                special = math.ceil(raw / 2)
            elif suit == SPADES:
                special = raw * 3 // 2
            elif suit == HEARTS and main:
                taken -= max(att, default=0)
        dealt = max(0.0, eff - att_raw) + special
        for v in tower_vals:
            if v <= att_raw:
                score -= k.main_break if main else k.side_break * 0.6
        if hand_card is not None and VALUE[hand_card] <= att_raw:
            score -= _worth(hand_card, k) - (sides.refund if sides.slots else 0.0)
        for v in att:
            if v <= raw:
                score += k.foe_card * v
        if main:
            score -= sides.hurt * taken
            if sides.hp is not None and sides.hp - taken <= 0:
                score -= sides.death
        if sides.foe_hp is not None:
            score += sides.hit * dealt
            if dealt >= sides.foe_hp:
                score += sides.kill
        return score

    def _lead(self, r: Reading, legal: list[WTAction], defending: bool) -> WTAction:
        """The action card (特殊规则2): the choice the battle scorer likes best."""
        ctx = self._battle_context(r)
        k = self.k
        leads = [a for a in legal if a.kind is Kind.LEAD]
        if defending:
            cards = [CARD_ID[d["card"]] if d["card"] is not None else None for d in ctx["defence"]]
            opp = ctx["attacker"]
            guesses = self._attack_guesses(r, opp, max(1, len(ctx["attack"])))
        else:
            cards = [CARD_ID[c] if c is not None else None for c in ctx["attack"]]
            guesses = self._defence_guesses(r, ctx)
        if any(c is not None and SUIT[c] < 0 for c in cards):
            joker = next(i for i, c in enumerate(cards) if c is not None and SUIT[c] < 0)
            return next((a for a in leads if a.a == joker), leads[0])
        known = [c for c in cards if c is not None]
        if len(known) < len(cards) or not known:
            # blind tower cards: lead a known hand card if it is an ace worth firing, else the first card
            for a in leads:
                c = cards[a.a] if a.a < len(cards) else None
                if c is not None and ACE[c] and SUIT[c] != DIAMONDS:
                    return a
            return leads[0]
        weights = self._weights(len(guesses))
        victim = r.seat
        sides = self._sides(r, hp=r.hp(victim), foe_hp=None, hurt=k.hurt, hit=k.hit_wizard, death=k.death, kill=k.kill)
        if defending and ctx["target_seat"] is not None:
            victim = ctx["substitute"] if ctx["substitute"] is not None else ctx["target_seat"]
            sides = self._sides(r, hp=r.hp(victim), foe_hp=r.hp(ctx["attacker"]), hurt=k.hurt, death=k.death,
                          hit=k.hit_wizard if ctx["attacker"] == WIZARD else k.hit_warrior, kill=k.kill)
        elif not defending:
            sides = self._attack_sides(r, ctx)

        def score(a: WTAction) -> float:
            if a.a >= len(cards):
                return -1e9
            total = 0.0
            for g, w in zip(guesses, weights, strict=True):
                total += w * _clash(k, known, a.a, g, False, sides, [k.foe_card * v for v in g])
            return total

        choice = max(leads, key=score)
        if defending and victim == r.seat:
            worst = sum(r.unseen_top[:max(1, len(ctx["attack"]))])
            saves = r.heal_saves
            if r.hp(victim) - _worst_taken(known, worst, choice.a, saves) <= 0:
                choice = min(leads, key=lambda a: (_worst_taken(known, worst, a.a, saves), -score(a)))
        return choice

    # ------------------------------------------------------------------------------------------- attacking
    def _defence_guesses(self, r: Reading, ctx: dict[str, Any]) -> list[tuple[float, ...]]:
        """Guesses of the defence against my attack on ``ctx``'s target."""
        if ctx["tower"] is not None:
            return [tuple(v) for v in self._tower_defence_guess(r, ctx["tower"])]
        target = ctx["target_seat"]
        return self._seat_defence_guess(r, target)

    def _seat_defence_guess(self, r: Reading, target: int) -> list[tuple[float, ...]]:
        """How ``target`` (a warrior, or the exposed wizard with one card) is likely to defend."""
        if target == WIZARD:
            if not r.wizard_guards_himself:
                return [()]
            return r.hand_scenarios(WIZARD, 1)
        options = []
        if r.can_defend(target):
            options.append(target)
        partner = 1 - target
        if r.seat == WIZARD and r.can_defend(partner):
            options.append(partner)
        if not options:
            return [()]
        if len(options) == 1:
            return r.hand_scenarios(options[0], 2)
        a, b = r.hand_scenarios(options[0], 2), r.hand_scenarios(options[1], 2)
        return [max(x, y, key=sum) for x, y in zip(a, b, strict=True)]

    def _tower_defence_guess(self, r: Reading, tower: int) -> list[list[float]]:
        """How the wizard is likely to defend ``tower``: its first card (both main-tower cards while he holds a
        coin), plus, if he can, the second main card or a hand card."""
        k = self.k
        guesses = r.tower_values(tower, k)
        out = []
        hand = r.hand_scenarios(WIZARD, 1) if r.wizard_adds else [()] * 3
        for q in range(3):
            vals = sorted(guesses[q], reverse=True)
            if not r.tower_bound:
                first = vals[:1]
                second = vals[1:2]
                if tower == 2 and second:
                    out.append(first + second)
                elif hand[q]:
                    # a side tower: he adds a hand card some of the time; the middle guess blends both
                    extra = list(hand[q]) if (q == 2 or (q == 1 and k.add_chance >= 0.5)) else []
                    out.append(first + extra)
                else:
                    out.append(first)
            else:
                out.append(vals)
        return out

    def _attack_sides(self, r: Reading, ctx: dict[str, Any]) -> Sides:
        k = self.k
        me = r.seat
        tower = ctx["tower"]
        target = ctx["target_seat"]
        if tower is not None:
            foe_hp = r.hp(WIZARD) if tower == 2 else None
            return self._sides(r, hp=r.hp(me), foe_hp=foe_hp, hurt=k.hurt, hit=k.hit_wizard, death=k.death, kill=k.kill)
        hit = k.hit_wizard if target == WIZARD else k.hit_warrior
        return self._sides(r, hp=r.hp(me), foe_hp=r.hp(target), hurt=k.hurt, hit=hit, death=k.death, kill=k.kill)

    def _attack_plan(self, r: Reading, target_seat: int | None, tower: int | None) -> tuple[Sides, list[Any]]:
        """What an attack on the target meets, worked out once per decision: who is hurt, and each guess of the
        defence with the worth of junking each of its cards (a tower card's worth is the breach it makes)."""
        k = self.k
        sides = self._attack_sides(r, {"tower": tower, "target_seat": target_seat})
        if tower is None:
            seat_guesses = self._seat_defence_guess(r, target_seat if target_seat is not None else 0)
            return sides, [(g, sum(g), [k.foe_card * v for v in g], False) for g in seat_guesses]
        plan = []
        n_slots = len(r.towers[tower])
        for g in self._tower_defence_guess(r, tower):
            n_tower = len(g) if r.tower_bound else min(len(g), n_slots)
            worth = []
            for i, v in enumerate(g):
                if i >= n_tower:
                    worth.append(k.foe_card * v)
                elif tower == 2:
                    worth.append(k.main_break + (self._expose_worth(r) if n_slots == 1 else 0.0))
                else:
                    worth.append(self._breach_worth(r, tower))
            plan.append((g, sum(g), worth, tower == 2 and n_slots == 2 and n_tower == 2))
        return sides, plan

    def _attack_value(self, r: Reading, cards: Sequence[int], plan: tuple[Sides, list[Any]]) -> float:
        """Expected worth of attacking with ``cards`` (best lead) against ``plan`` (``_attack_plan``): the battle
        score, with the worth of the tower cards it would junk."""
        k = self.k
        sides, guesses = plan
        raw = sum(VALUE[c] for c in cards)
        total = 0.0
        for g, g_raw, worth, both_main in guesses:
            if both_main and g[0] <= raw and g[1] <= raw:
                # both main-tower cards gone: the wizard is exposed
                worth = [worth[0], worth[1] + self._expose_worth(r)]
            lead = _best_lead(cards, raw < g_raw)
            total += _clash(k, cards, lead, g, False, sides, worth)
        return total / len(guesses)

    @staticmethod
    def _partner_strikes_next(r: Reading) -> bool:
        """Orange moves just before blue, and blue just before the wizard: a breach orange makes, blue (alive, with
        cards, without a coin) can strike through before the wizard can rebuild."""
        partner = 1 - r.seat
        return r.seat == 0 and r.alive(partner) and r.hand_size(partner) > 0 and not r.coin(partner)

    def _expose_worth(self, r: Reading) -> float:
        """Worth of emptying the main tower: all of ``expose`` when the partner can hit the wizard before he
        rebuilds, ``lone_breach`` of it otherwise (the rebuilding still costs him his turn and cards)."""
        k = self.k
        return k.expose if self._partner_strikes_next(r) else k.expose * k.lone_breach

    def _breach_worth(self, r: Reading, tower: int) -> float:
        """Worth of junking a side tower's card: it opens the main tower (less if the way is open already); more
        when my partner moves before the wizard and can strike through at once."""
        k = self.k
        other = 1 - tower
        if not r.towers[other]:
            return k.side_break * 0.4
        value = k.side_break
        if self._partner_strikes_next(r) and r.towers[2]:
            value += k.follow_up
        return value

    def _attack_card(self, r: Reading, legal: list[WTAction]) -> WTAction:
        """The cards of an attack already declared: the combination the battle scorer likes best."""
        ctx = self._battle_context(r)
        plays = {a.a: a for a in legal if a.kind is Kind.PLAY_CARD}
        played = [CARD_ID[c] for c in ctx["attack"] if c is not None]
        hand = [c for c in r.hand if c in plays]
        done_ok = any(a.kind is Kind.DONE for a in legal)
        plan = self._attack_plan(r, ctx["target_seat"], ctx["tower"])
        best, best_score = None, -1e9
        for combo in _combos(hand, played, 2, allow_empty=False):
            if len(combo) == len(played) and not done_ok:
                continue
            if not combo:
                continue
            score = self._attack_value(r, combo, plan)
            if score > best_score + 1e-9:
                best, best_score = combo, score
        if best is not None and ctx["tower"] is not None and r.hp(r.seat) - self._forced_counter(r, best,
                                                                                                ctx["tower"]) <= 0:
            # the tower defends by itself (the wizard holds a coin): commit what the tower cannot out-total
            safest = min((c for c in _combos(hand, played, 2, allow_empty=False) if c and
                          (done_ok or len(c) > len(played))),
                         key=lambda c: self._forced_counter(r, c, ctx["tower"]), default=best)
            best = safest
        if best is None or len(best) == len(played):
            return _done(legal) if done_ok else next(iter(plays.values()))
        return plays[best[len(played)]]

    def _forced_counter(self, r: Reading, cards: Sequence[int], tower: int) -> float:
        """The most damage attacking ``tower`` with ``cards`` can cost me when the wizard holds a coin and the tower
        defends with all its own cards, asking nobody (gap 0-8): blind cards count as the highest unseen ones."""
        if not r.tower_bound:
            return 0.0
        top = iter(r.unseen_top + [15, 15])
        total = sum(VALUE[c] if c is not None else next(top) for c in r.towers[tower])
        bonus = 0 if any(SUIT[c] < 0 for c in cards) else 1
        return max(0.0, total + bonus - sum(VALUE[c] for c in cards))

    def _best_attack(self, r: Reading, target_seat: int | None, tower: int | None) -> float:
        """The best score over the cards I could attack ``target`` with."""
        plan = self._attack_plan(r, target_seat, tower)
        best = -1e9
        for combo in _combos(r.hand, (), 2, allow_empty=False):
            best = max(best, self._attack_value(r, combo, plan))
        return best

    def _warrior_act(self, r: Reading, legal: list[WTAction]) -> WTAction:
        """Attack the target whose best attack scores most above passing; never the partner while the wizard lives."""
        k = self.k
        wizard_alive = r.alive(WIZARD)
        me = r.players[r.seat]
        bar = (k.margin if wizard_alive else k.duel_margin) - self._clock(r)
        if len(r.hand) >= me["hand_limit"]:
            bar -= k.full_hand
        best: WTAction | None = None
        best_score = bar
        for a in legal:
            if a.kind is Kind.ATTACK_SEAT:
                if a.a in WARRIORS and wizard_alive:
                    continue  # the partner is a friend while the wizard lives
                score = self._best_attack(r, a.a, None)
            elif a.kind is Kind.ATTACK_TOWER:
                if all(r.hp(r.seat) - self._forced_counter(r, c, a.a) <= 0 for c in _combos(r.hand, (), 2, False)):
                    continue  # a coin-bound tower that may out-total any attack I can make would kill me
                score = self._best_attack(r, None, a.a)
            else:
                continue
            if score > best_score:
                best, best_score = a, score
        return best if best is not None else _fallback(legal)

    def _clock(self, r: Reading) -> float:
        """How far the turn cap's draw lowers the bar to attack (nothing at the start, ``urgency`` at the cap)."""
        cap = r.view.get("max_turns") or 0
        return self.k.urgency * r.view["turn"] / cap if cap else 0.0

    # ----------------------------------------------------------------------------------------- substitution
    def _substitute(self, r: Reading, legal: list[WTAction]) -> WTAction:
        """代替防守: stand in when the attacked partner cannot defend, is in more danger than I am, or I would
        defend better; compared with the battle scorer from the team's point of view."""
        k = self.k
        me, partner = r.seat, 1 - r.seat
        ctx = self._battle_context(r)
        guesses = self._attack_guesses(r, WIZARD, max(1, len(ctx["attack"])))
        weights = self._weights(len(guesses))

        def defended_by(seat: int, own: bool) -> float:
            sides = self._sides(r, hp=r.hp(seat), foe_hp=r.hp(WIZARD), hurt=k.hurt if own else k.partner,
                          hit=k.hit_wizard, death=k.death * (1.0 if own else k.partner), kill=k.kill)
            if own:
                best = -1e9
                for combo in _combos(r.hand, (), 2, allow_empty=False):
                    best = max(best, self._expected(list(combo), guesses, weights, sides))
                return best
            if not r.can_defend(seat):
                return self._expected([], guesses, weights, sides)
            # the partner's own defence, guessed: his best two cards against each attack guess; his cards are
            # his to lose, so they count at a partner's weight
            mine = r.hand_scenarios(seat, 2)
            total = 0.0
            for g, w, d in zip(guesses, weights, mine, strict=False):
                raw, att = sum(d), sum(g)
                taken = max(0.0, att - raw)
                s = -sides.hurt * taken - (sides.death if r.hp(seat) - taken <= 0 else 0.0)
                s += k.hit_wizard * max(0.0, raw - att) - k.partner * k.card * sum(v for v in d if v <= att)
                s += sum(k.foe_card * v for v in g if v <= raw)
                total += w * s
            return total

        worst = sum(r.unseen_top[:max(1, len(ctx["attack"]))])
        if all(r.hp(me) - _worst_taken(combo, worst, heal_saves=r.heal_saves) <= 0 for combo in _combos(r.hand, (), 2, allow_empty=False)):
            return next(a for a in legal if a.kind is Kind.DECLINE)  # never step in front of a blow that may kill
        stand_in = defended_by(me, own=True)
        leave = defended_by(partner, own=False)
        return next(a for a in legal if a.kind is (Kind.SUBSTITUTE if stand_in > leave else Kind.DECLINE))

    # ------------------------------------------------------------------------------------------- the wizard
    def _wizard_act(self, r: Reading, legal: list[WTAction]) -> WTAction:
        """Attack, rebuild the towers, or wait for the idle draw — whichever scores best."""
        k = self.k
        options: list[tuple[float, WTAction]] = []
        hand_full = len(r.hand) >= r.players[WIZARD]["hand_limit"]
        for a in legal:
            if a.kind is Kind.PASS:
                options.append((0.0 if hand_full else k.idle_draw, a))
            elif a.kind is Kind.DONE:
                options.append((0.0, a))
            elif a.kind is Kind.ATTACK_SEAT:
                bar = k.wizard_margin - self._clock(r) + (0.0 if hand_full else k.idle_draw)
                options.append((self._best_attack(r, a.a, None) - bar, a))
            elif a.kind is Kind.PLACE:
                options.append((self._place_value(r, a.a, a.b), a))
        if not options:
            return _fallback(legal)
        return max(options, key=lambda x: (x[0], -x[1].id))[1]

    def _place_value(self, r: Reading, card: int, tower: int) -> float:
        """Worth of placing ``card`` on ``tower`` (巫师特殊规则3), against keeping it in hand."""
        k = self.k
        towers = r.towers
        if tower == 2:
            gain = k.rebuild_main if not towers[2] else k.rebuild_main2
        else:
            other = towers[1 - tower]
            gain = k.rebuild_gate if other else k.rebuild_side
        # a tower card does its work blind; an ace's effect needs it to lead, so aces stay in hand
        stock = 0.3 * VALUE[card] if not ACE[card] else -4.0
        return gain + stock - _worth(card, k) * 0.6


def _pos(slot: int) -> int:
    """Position within its tower of codec slot ``slot`` (left#1, right#1, main#1, main#2)."""
    return 1 if slot == 3 else 0


def _done(legal: list[WTAction]) -> WTAction:
    return next((a for a in legal if a.kind is Kind.DONE), legal[0])


def _fallback(legal: list[WTAction]) -> WTAction:
    for kind in (Kind.DONE, Kind.PASS, Kind.STOP, Kind.DECLINE):
        for a in legal:
            if a.kind is kind:
                return a
    return legal[0]


# ------------------------------------------------------------------------------------------- evaluation
EVAL_FEATURES = (
    "warrior", "w_hp", "w_partner_hp", "w_wizard_hp", "w_hand", "w_partner_hand", "w_wizard_hand", "w_towers",
    "w_exposed", "w_open", "w_coin", "w_duel_hp", "w_duel_hand",
    "wizard", "z_hp", "z_warriors_hp", "z_warriors", "z_hand", "z_warrior_hands", "z_towers", "z_exposed",
    "z_open", "z_coin",
)
"""What ``evaluate`` weighs, in two blocks (a warrior's and the wizard's; the other block is zero). A warrior's:
a constant, his HP, his partner's and the wizard's (/100, /150; 0 once dead), the values in his, his partner's and
the wizard's hands (/30, /30, /50), the tower cards (/4), whether the main tower is empty (the wizard can be hit)
or open (a side tower is empty), whether he holds a coin, and once the wizard is dead his HP and hand lead over
the other warrior (the duel). The wizard's: a constant, his HP, the warriors' HP (/200), how many are alive, his
hand and theirs, the tower cards, exposed, open, and his coin."""

EVAL_WEIGHTS = (-1.31, 1.91, -0.02, -1.46, 0.71, 0.25, -1.14, -0.60, -0.06, -0.07, -0.25, 1.24, 1.07,
                0.68, 2.28, -2.23, -0.79, 1.53, -1.43, 1.43, 0.33, 0.35, -0.37)
"""The logistic weights of ``EVAL_FEATURES``, fitted on heuristic self-play: ``benchmarks/fit_evaluate.py
wizard-towers -n 300`` (88,074 positions; out-of-sample log loss 0.410 against 0.637 for the base rate, accuracy
82%)."""


def _hand_value(state: Any, seat: int) -> int:
    return sum(VALUE[c] for c in state.hands[seat]) if state.alive[seat] else 0


def eval_features(state: Any, seat: int) -> list[float]:
    """``EVAL_FEATURES`` of a (full, possibly resampled) state for ``seat``."""
    hp = [h if a else 0 for h, a in zip(state.hp, state.alive, strict=True)]
    towers = state.towers
    n_towers = (len(towers[0]) + len(towers[1]) + len(towers[2])) / 4.0
    exposed = 1.0 if not towers[2] and state.alive[WIZARD] else 0.0
    opened = 1.0 if (not towers[0] or not towers[1]) and state.alive[WIZARD] else 0.0
    if seat == WIZARD:
        return [0.0] * 13 + [
            1.0, hp[WIZARD] / 150.0, (hp[0] + hp[1]) / 200.0, float(state.alive[0] + state.alive[1]),
            _hand_value(state, WIZARD) / 50.0, (_hand_value(state, 0) + _hand_value(state, 1)) / 60.0,
            n_towers, exposed, opened, 1.0 if state.coins[WIZARD] else 0.0,
        ]
    partner = 1 - seat
    duel = not state.alive[WIZARD]
    return [
        1.0, hp[seat] / 100.0, hp[partner] / 100.0, hp[WIZARD] / 150.0, _hand_value(state, seat) / 30.0,
        _hand_value(state, partner) / 30.0, _hand_value(state, WIZARD) / 50.0, n_towers, exposed, opened,
        1.0 if state.coins[seat] else 0.0,
        (hp[seat] - hp[partner]) / 100.0 if duel else 0.0,
        (_hand_value(state, seat) - _hand_value(state, partner)) / 30.0 if duel else 0.0,
    ] + [0.0] * 10


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s prospects in [-1, 1]: the returns at the end (−1 once the seat is dead); before, ``2·P(win) − 1``
    with P the logistic of the weighted ``EVAL_FEATURES``."""
    if state.is_terminal():
        return float(state.returns()[seat])
    if not state.alive[seat]:
        return -1.0
    z = sum(w * x for w, x in zip(EVAL_WEIGHTS, eval_features(state, seat), strict=True))
    return math.tanh(z / 2.0)
