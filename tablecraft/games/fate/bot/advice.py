"""Per-skill advice: when a hero's skill is worth starting, what to pay, whom to aim at, and how to answer its own
questions. Each skill has small functions in the tables below (``PLAY``, ``TARGET``, ``PAY``, ``ASK``, ``CAST``,
``DRAW``), keyed by the skill's code; a skill without an entry falls back on the generic rule (harmful skills at
foes, helpful ones at friends, cheapest cards paid, optional effects taken when they help my side).

The rules of thumb, skill by skill, are those of an experienced player: a skill that costs HP (死亡缠绕, 双刃剑, 牺牲,
狂热) is used only with HP to spare (never at 1 HP, at 2 HP only for a kill); a skill that costs cards is used with
the cheapest cards and only for more than they are worth; rage for 法力虚空 and S cards is not spent on
strengthenings; a protective reaction (援护, 洗礼, 薄葬, 治疗术) serves friends only, never a known foe.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import FateAction, Kind
from ..content import CARD_DEF, CARD_RANK, CARD_ROLE, CARD_SUIT, IS_RED, Role, Suit
from ..skills import SKILLS
from .values import hp_loss, hp_point

if TYPE_CHECKING:
    from .policy import Context, PlayPlan

DAMAGE_FRAME = 22  # state.F.DAMAGE
JUDGE_FRAME = 15  # state.F.JUDGE
CARD_WORTH = 2.7
"""A random card (drawn, taken blind) is worth about this much."""


def current_damage(ctx: Context) -> Any:
    """The damage whose DAMAGE window is open (public: who deals how much to whom), or None."""
    for f in reversed(ctx.world.stack):
        if f[0] == DAMAGE_FRAME:
            return f[2]
    return None


def cheapest(ctx: Context, ok: Callable[[int], bool] = lambda c: True, zone: str = "hand",
             besides: tuple[int, ...] = ()) -> list[int]:
    """My cards (hand, or hand and equipment for 「牌」) passing ``ok``, the least worth first."""
    cards = list(ctx.hand)
    if zone == "cards":
        cards += [c for c in (ctx.world.weapon[ctx.seat], ctx.world.armour[ctx.seat]) if c >= 0]
    return sorted((c for c in cards if ok(c) and c not in besides), key=ctx.keep_of)


def self_damage_cost(ctx: Context, amount: int = 1, kill: bool = False) -> float:
    """What dealing ``amount`` damage to myself costs: impossible at 1 HP (it would kill me), dear at 2 unless it
    wins a kill; the rage it brings softens it."""
    hp = ctx.hp(ctx.seat)
    if hp - amount <= 0:
        return 200.0
    if hp - amount == 1 and not kill and not ctx.has_salve():
        return 40.0
    return hp_loss(hp, amount) - 0.6 * min(amount, 3 - int(ctx.me["rage"]))


def best(values: list[float], default: float = -5.0) -> float:
    """The largest value, or ``default``."""
    return max(values, default=default)


def others(ctx: Context) -> list[int]:
    """Living heroes other than me."""
    return [p for p in range(ctx.n) if ctx.alive[p] and p != ctx.seat]


def kills(ctx: Context, t: int, dmg: int) -> bool:
    """Whether ``dmg`` would put ``t`` into the dying state."""
    return ctx.hp(t) <= dmg


# ------------------------------------------------------------------------------------------ play-phase skills
def p_death_coil(ctx: Context, plan: PlayPlan) -> float:
    """死亡缠绕: 1 damage to myself, then heal a friend 1 or strip a foe (1 damage if it has no card or rage)."""
    v = best([coil_target(ctx, t) for t in others(ctx)])
    kill = any(coil_target(ctx, t) > 8 for t in others(ctx))
    return v - self_damage_cost(ctx, 1, kill)


def coil_target(ctx: Context, t: int) -> float:
    pl = ctx.players[t]
    if ctx.stance[t] < -0.3:
        return ctx.help_worth(t, 1)
    if pl["hand_size"] == 0 or pl["rage"] == 0:
        return ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False)
    return ctx.stance[t] * (CARD_WORTH + 1.2)


def p_double_edge(ctx: Context, plan: PlayPlan) -> float:
    """双刃剑: a card and 1 HP of mine for 1 damage to another hero (cannot be dispelled)."""
    card = cheapest(ctx, zone="cards")
    if not card:
        return -5.0
    values = [ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False) for t in others(ctx)]
    v = best(values)
    kill = any(ctx.stance[t] > 0.3 and kills(ctx, t, 1) for t in others(ctx))
    return v - self_damage_cost(ctx, 1, kill) - ctx.keep_of(card[0]) + 0.5


def p_life_break(ctx: Context, plan: PlayPlan) -> float:
    """牺牲: 1 HP of mine for two of another hero's hand cards."""
    v = best([ctx.stance[t] * CARD_WORTH * min(2, ctx.players[t]["hand_size"]) for t in others(ctx)
              if ctx.players[t]["hand_size"]])
    return v - self_damage_cost(ctx, 1)


def p_battle_hunger(ctx: Context, plan: PlayPlan) -> float:
    """战争饥渴: a card for "attack me or take 1 damage": good against a foe with few cards."""
    card = cheapest(ctx, zone="cards")
    if not card:
        return -5.0
    return best([hunger_target(ctx, t) for t in others(ctx)]) - ctx.keep_of(card[0])


def hunger_target(ctx: Context, t: int) -> float:
    st = ctx.stance[t]
    if st <= 0.3:
        return -5.0
    h = ctx.players[t]["hand_size"]
    p_attack = 1.0 - 0.72 ** h
    hit_me = p_attack * (1.0 - ctx.dodge_chance(ctx.seat, t)) * hp_point(ctx.hp(ctx.seat))
    if ctx.hp(ctx.seat) <= 1 and not ctx.has_salve():
        hit_me = 40.0 * p_attack
    return ctx.harm_worth(t, 1, 1.0 - p_attack) + st * p_attack * (CARD_WORTH + 0.2 * 4) - hit_me


def p_breathe_fire(ctx: Context, plan: PlayPlan) -> float:
    """火焰气息: X cards of one suit for 1 damage to each of X − 1 heroes."""
    x = pay_breathe(ctx, [])
    if x < 2:
        return -5.0
    cards = suit_cards(ctx, fire_suit(ctx))[:x]
    gain = sorted((ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False) for t in others(ctx)), reverse=True)
    return sum(gain[:x - 1]) - sum(ctx.keep_of(c) for c in cards) + 0.5


def suit_cards(ctx: Context, suit: int) -> list[int]:
    return cheapest(ctx, lambda c: CARD_SUIT[c] == suit, "cards")


def fire_suit(ctx: Context) -> int:
    """The suit whose cheap cards 火焰气息 would spend (the one with most cheap cards)."""
    return max(range(4), key=lambda s: sum(3.5 - ctx.keep_of(c) for c in suit_cards(ctx, s)))


def pay_breathe(ctx: Context, paid: list[int]) -> int:
    foes = sum(1 for t in others(ctx) if ctx.stance[t] > 0.4 and ctx.retaliation(t, True, False) < 10)
    suit = CARD_SUIT[paid[0]] if paid else fire_suit(ctx)
    cheap = [c for c in suit_cards(ctx, suit) if ctx.keep_of(c) < 4.5 or c in paid]
    return min(1 + foes, max(len(cheap), len(paid)))


def p_mystic_snake(ctx: Context, plan: PlayPlan) -> float:
    """秘术异蛇: a card from everyone (rage or 1 damage from those without); I share the cards out."""
    v = -CARD_WORTH - 1.0
    for t in others(ctx):
        pl = ctx.players[t]
        if pl["hand_size"]:
            v += ctx.stance[t] * 1.4
        elif pl["rage"]:
            v += ctx.stance[t] * 1.2
        else:
            v += ctx.harm_worth(t, 1)
    return v


def p_plasma_field(ctx: Context, plan: PlayPlan) -> float:
    """等离子场: X cards of different suits; up to X heroes in range discard a card or take 1 damage."""
    targets = sorted((plasma_target(ctx, t) for t in others(ctx) if ctx.in_range(t)), reverse=True)
    good = [v for v in targets if v > 0]
    if not good:
        return -5.0
    x = pay_plasma(ctx, [])
    cards = cheapest(ctx, zone="cards")[:x]
    return sum(good[:x]) - sum(ctx.keep_of(c) for c in cards) + 0.8


def plasma_target(ctx: Context, t: int) -> float:
    h = ctx.players[t]["hand_size"]
    p_pay = 1.0 - 0.45 ** h if h else 0.0
    return ctx.stance[t] * CARD_WORTH * 0.8 * p_pay + ctx.harm_worth(t, 1, 1 - p_pay)


def pay_plasma(ctx: Context, paid: list[int]) -> int:
    foes = sum(1 for t in others(ctx) if ctx.in_range(t) and plasma_target(ctx, t) > 0.5)
    suits = len({CARD_SUIT[c] for c in cheapest(ctx, zone="cards") if ctx.keep_of(c) < 4.0})
    return max(1, min(foes, max(suits, len(paid)), 4))


def p_nether_swap(ctx: Context, plan: PlayPlan) -> float:
    """移形换位: my worst card for a random card of another hero (who gets my card)."""
    card = cheapest(ctx, zone="cards")
    if not card:
        return -5.0
    junk = ctx.keep_of(card[0])
    v = best([(CARD_WORTH - junk) + ctx.stance[t] * (CARD_WORTH - junk) for t in others(ctx)
              if ctx.players[t]["hand_size"] and ctx.stance[t] > 0.2])
    return v - 0.3


def p_battle_trance(ctx: Context, plan: PlayPlan) -> float:
    """战斗专注: a free judgement; red gives any number of 【攻击】 this turn."""
    if ctx.world.marked(ctx.seat, 1):
        return -1.0
    attacks = plan.attack_cards()
    foes = [t for t in ctx.foes() if ctx.in_range(t)]
    return 3.0 if attacks >= 2 and foes else 0.2 if attacks else -0.5


def p_mana_burn(ctx: Context, plan: PlayPlan) -> float:
    """法力燃烧: a black card for one random hand card of another hero (and my own hand empties for 复仇)."""
    card = cheapest(ctx, lambda c: not IS_RED[c], "cards")
    if not card:
        return -5.0
    v = best([ctx.stance[t] * CARD_WORTH for t in others(ctx) if ctx.players[t]["hand_size"]])
    if ctx.has_skill(ctx.seat, "vendetta") and len(ctx.hand) <= 2:
        v += 0.6
    return v - ctx.keep_of(card[0]) + 0.2


def p_mana_void(ctx: Context, plan: PlayPlan) -> float:
    """法力虚空: 3 rage for X damage to a hero holding X fewer cards than its limit (never myself)."""
    return best([void_target(ctx, t) for t in others(ctx)]) - 3.0


def void_target(ctx: Context, t: int) -> float:
    pl = ctx.players[t]
    x = int(pl["hand_limit"]) - int(pl["hand_size"])
    if x <= 0:
        return -5.0
    return ctx.harm_worth(t, x) - ctx.retaliation(t, True, False)


def p_the_swarm(ctx: Context, plan: PlayPlan) -> float:
    """蝗虫群: X black cards; X other heroes each discard an 【攻击】 or take 1 damage (exactly X)."""
    x = pay_swarm(ctx, [])
    if x < 2:
        return -5.0
    cards = cheapest(ctx, lambda c: not IS_RED[c], "cards")[:x]
    gains = sorted((swarm_target(ctx, t) for t in others(ctx)), reverse=True)[:x]
    return sum(gains) - sum(ctx.keep_of(c) for c in cards) + 0.5


def swarm_target(ctx: Context, t: int) -> float:
    h = ctx.players[t]["hand_size"]
    p_pay = 1.0 - 0.73 ** h if h else 0.0
    return ctx.stance[t] * CARD_WORTH * p_pay + ctx.harm_worth(t, 1, 1 - p_pay)


def pay_swarm(ctx: Context, paid: list[int]) -> int:
    foes = sum(1 for t in others(ctx) if swarm_target(ctx, t) > 0.8)
    blacks = sum(1 for c in cheapest(ctx, lambda c: not IS_RED[c], "cards") if ctx.keep_of(c) < 4.0 or c in paid)
    return min(foes, blacks, len(others(ctx)))


def p_time_lapse(ctx: Context, plan: PlayPlan) -> float:
    """时光倒流: three red hand cards, fill the hand to its limit, end the turn — the last thing of a turn."""
    reds = cheapest(ctx, lambda c: IS_RED[c])[:3]
    if len(reds) < 3:
        return -5.0
    gain = (int(ctx.me["hand_limit"]) - (len(ctx.hand) - 3)) * CARD_WORTH - sum(ctx.keep_of(c) for c in reds)
    return 0.8 if gain > 3.0 else -1.0


def p_illuminate(ctx: Context, plan: PlayPlan) -> float:
    """冲击波: three cards of different suits for 1 damage to each of up to two heroes."""
    cards = cheapest(ctx, zone="cards")
    if len({CARD_SUIT[c] for c in cards}) < 3:
        return -5.0
    picked: list[int] = []
    suits: set[int] = set()
    for c in cards:
        if CARD_SUIT[c] not in suits:
            picked.append(c)
            suits.add(CARD_SUIT[c])
        if len(picked) == 3:
            break
    gains = sorted((ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False) for t in others(ctx)), reverse=True)
    return sum(g for g in gains[:2] if g > 0) - sum(ctx.keep_of(c) for c in picked) + 0.8


def p_remote_mines(ctx: Context, plan: PlayPlan) -> float:
    """遥控炸弹: an 【攻击】 I will not use this turn becomes a bomb (at most two)."""
    attacks = cheapest(ctx, lambda c: CARD_ROLE[c] == Role.ATTACK)
    if not attacks:
        return -5.0
    spare = len(attacks) >= 2 or not plan.attack_ok
    return 2.2 - 0.3 * ctx.keep_of(attacks[0]) if spare else -0.5


def p_natures_attendants(ctx: Context, plan: PlayPlan) -> float:
    """自然之助: X rage and X ♥ for 1 HP to each of X heroes."""
    x = pay_attendants(ctx, [])
    if x < 1:
        return -5.0
    hearts = cheapest(ctx, lambda c: CARD_SUIT[c] == Suit.HEART, "cards")[:x]
    gains = sorted((ctx.help_worth(t, 1) for t in range(ctx.n) if ctx.alive[t]), reverse=True)[:x]
    rage_cost = 1.2 * x + (3.0 if ctx.rage_needed() else 0.0)
    return sum(gains) - sum(ctx.keep_of(c) for c in hearts) - rage_cost


def pay_attendants(ctx: Context, paid: list[int]) -> int:
    wounded = sum(1 for t in range(ctx.n) if ctx.alive[t] and ctx.help_worth(t, 1) > 3.0)
    hearts = len(cheapest(ctx, lambda c: CARD_SUIT[c] == Suit.HEART, "cards"))
    return min(wounded, int(ctx.me["rage"]), max(hearts, len(paid)), 3)


def p_dark_ritual(ctx: Context, plan: PlayPlan) -> float:
    """邪恶祭祀: one red card for two new ones."""
    reds = cheapest(ctx, lambda c: IS_RED[c], "cards")
    if not reds:
        return -5.0
    return 2 * CARD_WORTH - ctx.keep_of(reds[0]) + 1.5


def p_shadow_wave(ctx: Context, plan: PlayPlan) -> float:
    """暗影波: two cards of one suit; a wounded hero heals 1 and another takes 1 damage."""
    pair = wave_pair(ctx)
    if not pair:
        return -5.0
    heal = best([ctx.help_worth(t, 1) for t in range(ctx.n) if ctx.alive[t]], 0.0)
    harm = best([ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False) for t in others(ctx)], 0.0)
    return heal + max(harm, 0.0) - sum(ctx.keep_of(c) for c in pair) + 0.5


def wave_pair(ctx: Context) -> list[int]:
    pairs = [suit_cards(ctx, s)[:2] for s in range(4)]
    pairs = [p for p in pairs if len(p) == 2]
    return min(pairs, key=lambda p: sum(ctx.keep_of(c) for c in p)) if pairs else []


def p_ice_path(ctx: Context, plan: PlayPlan) -> float:
    """冰封: a card to set aside two of a foe's hand cards until my turn ends (its 闪避 with them)."""
    card = cheapest(ctx, zone="cards")
    if not card:
        return -5.0
    v = best([ice_target(ctx, t, plan) for t in others(ctx)])
    return v - ctx.keep_of(card[0])


def ice_target(ctx: Context, t: int, plan: PlayPlan | None) -> float:
    st = ctx.stance[t]
    if st <= 0.3 or not ctx.players[t]["hand_size"]:
        return -5.0
    v = st * 1.2
    if plan is not None and plan.attack_ok and ctx.in_range(t):
        v += st * 2.5
    return v


def p_faith(ctx: Context, plan: PlayPlan) -> float:
    """信仰: take the faith cards into my hand."""
    return 8.0


PLAY: dict[str, Callable[[Any, Any], float]] = {
    "death_coil": p_death_coil, "double_edge": p_double_edge, "life_break": p_life_break,
    "battle_hunger": p_battle_hunger, "breathe_fire": p_breathe_fire, "mystic_snake": p_mystic_snake,
    "plasma_field": p_plasma_field, "nether_swap": p_nether_swap, "battle_trance": p_battle_trance,
    "mana_burn": p_mana_burn, "mana_void": p_mana_void, "the_swarm": p_the_swarm, "time_lapse": p_time_lapse,
    "illuminate": p_illuminate, "remote_mines": p_remote_mines, "natures_attendants": p_natures_attendants,
    "dark_ritual": p_dark_ritual, "shadow_wave": p_shadow_wave, "ice_path": p_ice_path, "faith": p_faith,
    "bloodrage_self": lambda ctx, plan: (3.0 if plan.attack_ok and plan.best_attack_value() > 2 else 0.5)
    - self_damage_cost(ctx, 1),
}
"""Play-phase skills: the worth of starting each."""


def play_skill(ctx: Context, plan: PlayPlan, code: str) -> float:
    """Worth of starting skill ``code`` in the play phase."""
    fn = PLAY.get(code)
    return fn(ctx, plan) if fn is not None else 0.3


def item_use(ctx: Context, which: int) -> float:
    """An item's own ability: 神秘法杖 (cycle junk) or 闪避护符 (set it upright for a card)."""
    if which == 1:
        junk = [c for c in cheapest(ctx) if ctx.keep_of(c) < 2.0]
        over = len(ctx.hand) - int(ctx.me["hand_limit"])
        return 1.0 if len(junk) >= 2 or over >= 1 and junk else -1.0
    card = cheapest(ctx)
    if not card:
        return -1.0
    return 4.5 - ctx.keep_of(card[0])


def on_hit_bonus(ctx: Context, t: int) -> float:
    """What my 【攻击】 hitting brings besides the damage (吸血, 法力损毁, 霜之哀伤, 掠夺之斧, 黯灭之刃)."""
    me = ctx.seat
    v = 0.0
    if ctx.has_skill(me, "vampiric") and ctx.me["hp"] < ctx.me["max_hp"]:
        v += 2.0
    if ctx.has_skill(me, "mana_break") and ctx.players[t]["hand_size"]:
        v += 1.5
    if ctx.has_skill(me, "frostmourne"):
        v += 1.5
    w = ctx.me["weapon"] or ""
    if w.startswith("plunder") and ctx.hero_type(me) == 0 or w.startswith("desolator"):
        v += 1.2
    return v


# ------------------------------------------------------------------------------------------ costs and targets
PAY: dict[str, Callable[[Any, list[int]], int]] = {
    "breathe_fire": pay_breathe, "plasma_field": pay_plasma, "the_swarm": pay_swarm,
    "natures_attendants": pay_attendants,
}


def pay_count(ctx: Context, skill: str, paid: list[int]) -> int:
    """How many cards to pay for ``skill``."""
    fn = PAY.get(skill)
    lo = SKILLS[skill].plan.cards[0] if SKILLS[skill].plan is not None else 0  # type: ignore[union-attr]
    if fn is None:
        return max(lo, 1)
    return max(lo, fn(ctx, paid))


def pay_pick(ctx: Context, skill: str, card: int, paid: list[int]) -> float:
    """Worth of paying ``card`` next: the cheapest, in the suit the skill wants."""
    v = 10.0 - ctx.keep_of(card)
    if skill == "breathe_fire" and not paid:
        v += 3.0 if CARD_SUIT[card] == fire_suit(ctx) else 0.0
    if skill == "shadow_wave" and not paid:
        pair = wave_pair(ctx)
        v += 3.0 if card in pair else 0.0
    return v


def skill_target(ctx: Context, skill: str, t: int, chosen: list[int], paid: list[int]) -> float:
    """Worth of naming ``t`` as the next target of ``skill``."""
    fn = TARGET.get(skill)
    if fn is not None:
        return fn(ctx, t, chosen)
    if t == ctx.seat:
        return -20.0
    return ctx.stance[t] * 3.0


def skill_done(ctx: Context, skill: str, chosen: list[int], paid: list[int]) -> float:
    """Stop naming targets (only offered once enough are named)."""
    return 0.0


def t_harm(amount: int = 1) -> Callable[[Any, int, list[int]], float]:
    """A skill that deals ``amount`` to its target."""
    def fn(ctx: Context, t: int, chosen: list[int]) -> float:
        if t == ctx.seat:
            return -100.0
        return ctx.harm_worth(t, amount) - ctx.retaliation(t, True, False)
    return fn


def t_strip(ctx: Context, t: int, chosen: list[int]) -> float:
    """A skill that takes or discards the target's cards."""
    if t == ctx.seat:
        return -100.0
    return ctx.stance[t] * (1.0 + 0.3 * ctx.players[t]["hand_size"])


def t_help(ctx: Context, t: int, chosen: list[int]) -> float:
    return ctx.help_worth(t, 1)


def t_wave(ctx: Context, t: int, chosen: list[int]) -> float:
    if not chosen:
        return ctx.help_worth(t, 1) + 0.1
    return ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False)


def t_coil(ctx: Context, t: int, chosen: list[int]) -> float:
    return coil_target(ctx, t)


def t_void(ctx: Context, t: int, chosen: list[int]) -> float:
    if t == ctx.seat:
        return -100.0
    return void_target(ctx, t)


def t_plasma(ctx: Context, t: int, chosen: list[int]) -> float:
    return plasma_target(ctx, t)


def t_swarm(ctx: Context, t: int, chosen: list[int]) -> float:
    return swarm_target(ctx, t)


def t_hunger(ctx: Context, t: int, chosen: list[int]) -> float:
    return hunger_target(ctx, t)


def t_ice(ctx: Context, t: int, chosen: list[int]) -> float:
    from .policy import PlayPlan

    return ice_target(ctx, t, PlayPlan(ctx))


def t_bloodrage(ctx: Context, t: int, chosen: list[int]) -> float:
    return 2.0 if t == ctx.view["turn_seat"] and ctx.stance[t] <= -0.3 else -3.0 - ctx.stance[t]


def t_heartstopper(ctx: Context, t: int, chosen: list[int]) -> float:
    return ctx.stance[t] * (4.0 if ctx.hp(t) <= 1 else 2.5 if ctx.hp(t) == 2 else 0.5)


def t_frost_nova(ctx: Context, t: int, chosen: list[int]) -> float:
    ts = ctx.view["turn_seat"]
    if ctx.stance[t] <= 0.3:
        return -5.0
    if t == ts:
        return ctx.stance[t] * 3.0
    if ctx.stance[ts] < 0 and ctx.world.dist(ts, t) <= ctx.world.attack_range(ts):
        return ctx.stance[t] * (2.0 + (1.0 if ctx.hp(t) <= 2 else 0.0))
    return ctx.stance[t] * 0.5


def t_grave(ctx: Context, t: int, chosen: list[int]) -> float:
    if ctx.stance[t] > -0.3:
        return -5.0
    return -ctx.stance[t] * (5.0 if ctx.hp(t) <= 1 else 3.0 if ctx.hp(t) == 2 else 0.3)


TARGET: dict[str, Callable[[Any, int, list[int]], float]] = {
    "death_coil": t_coil, "double_edge": t_harm(1), "life_break": t_strip, "battle_hunger": t_hunger,
    "breathe_fire": t_harm(1), "plasma_field": t_plasma, "nether_swap": t_strip, "mana_burn": t_strip,
    "mana_void": t_void, "the_swarm": t_swarm, "illuminate": t_harm(1), "natures_attendants": t_help,
    "shadow_wave": t_wave, "ice_path": t_ice, "bloodrage": t_bloodrage, "heartstopper": t_heartstopper,
    "frost_nova": t_frost_nova, "shallow_grave": t_grave, "shallow_grave_rescue": lambda ctx, t, c: 5.0,
    "guardian": lambda ctx, t, c: 1.0, "purification": lambda ctx, t, c: 1.0,
}
"""Skill targets: the worth of naming each."""


# ------------------------------------------------------------------------------------------ cast and draw phases
def cast_worth(ctx: Context, code: str) -> float:
    """Whether to cast ``code`` before the coming turn (``view.turn_seat``'s)."""
    ts = ctx.view["turn_seat"]
    if code == "bloodrage":
        reds = cheapest(ctx, lambda c: IS_RED[c], "cards")
        if not reds or ctx.stance[ts] > -0.3:
            return -1.0
        if ts == ctx.seat:
            attacks = ctx.role_count(Role.ATTACK)
            magic = sum(1 for c in ctx.hand if CARD_DEF[c].kind.name in ("MAGIC", "SUPER"))
            worth = 2.5 * min(attacks, 1) - 1.5 * magic
        else:
            worth = 1.5
        return worth - ctx.keep_of(reds[0])
    if code == "heartstopper":
        spades = cheapest(ctx, lambda c: CARD_SUIT[c] == Suit.SPADE, "cards")
        if not spades or ctx.stance[ts] > -0.3:
            return -1.0
        return best([t_heartstopper(ctx, t, []) for t in others(ctx)]) - ctx.keep_of(spades[0]) - 0.5
    if code == "frost_nova":
        cards = cheapest(ctx, zone="cards")[:2]
        if len(cards) < 2:
            return -1.0
        over = max(0, len(ctx.hand) - int(ctx.me["hand_limit"]))
        return best([t_frost_nova(ctx, t, []) for t in others(ctx)]) - sum(ctx.keep_of(c) for c in cards) \
            + 1.5 * min(over, 2)
    if code == "shallow_grave":
        reds = cheapest(ctx, lambda c: IS_RED[c], "cards")
        if not reds or ctx.stance[ts] < 0.3:
            return -1.0
        return best([t_grave(ctx, t, []) for t in range(ctx.n) if ctx.alive[t]]) - ctx.keep_of(reds[0])
    return -1.0


def draw_skill_worth(ctx: Context, code: str) -> float:
    """三、摸牌阶段 alternatives: 无敌斩 (skip the draw for a black-card onslaught), 辉煌光环 (share the top cards)."""
    if code == "omnislash":
        blacks = sum(1 for c in ctx.hand if not IS_RED[c])
        targets = [t for t in ctx.foes() if ctx.in_range(t)]
        if not targets:
            return -1.0
        low = min(ctx.hp(t) for t in targets)
        return blacks * 2.0 - 2 * CARD_WORTH - (0.0 if blacks >= low + 1 else 1.5)
    if code == "brilliance":
        return 0.5 - sum(2.2 * ctx.stance[t] for t in others(ctx))
    return -1.0


# ------------------------------------------------------------------------------------------ dispel impact
IMPACT: dict[str, tuple[str, float]] = {
    "death_coil": ("harm", 3.0), "wildaxe": ("harm", 3.0), "disarm": ("harm", 2.5), "arrow": ("harm", 2.6), "greed": ("harm", 5.0),
    "siren": ("harm", 7.0), "chakra": ("help", 2.6), "transport": ("user", 1.0), "frenzy": ("user", 1.5),
    "battle_hunger": ("harm", 2.6), "life_break": ("harm", 4.0), "plasma_field": ("harm", 2.0),
    "mana_burn": ("harm", 2.2), "mana_void": ("harm", 7.0), "the_swarm": ("harm", 2.2), "breathe_fire": ("harm", 3.4),
    "ice_path": ("harm", 2.4), "nether_swap": ("harm", 1.4), "illuminate": ("harm", 3.4), "mystic_snake": ("harm", 1.5),
    "dark_ritual": ("user", 2.6), "natures_attendants": ("help", 3.2), "time_lapse": ("user", 3.0),
    "remote_mines": ("user", 2.4), "heartstopper": ("harm", 2.6), "frost_nova": ("harm", 2.4),
    "shallow_grave": ("help", 3.8), "frostbite": ("harm", 2.5), "guardian": ("help", 3.0),
    "shallow_grave_rescue": ("help", 8.0), "bloodrage_self": ("user", 2.0),
}
"""What a dispellable use does and how much (for 驱散): harm to its targets, help to them, or good for its user."""


DAMAGE_BY: dict[str, tuple[int, Role | None]] = {
    "wildaxe": (1, Role.DODGE), "battle_hunger": (1, Role.ATTACK), "the_swarm": (1, Role.ATTACK),
    "illuminate": (1, None), "breathe_fire": (1, None), "mana_void": (-1, None), "double_edge": (1, None),
    "arrow": (1, Role.NONE), "plasma_field": (1, Role.NONE),
}
"""Dispellable uses that deal damage to their targets: how much (−1: 法力虚空's gap) and which card of the
target's avoids it (``Role.NONE``: some card of a named colour or suit — any card may do)."""


SELF_DAMAGE = frozenset({"frenzy", "death_coil", "life_break", "bloodrage_self"})
"""Dispellable uses that hurt their own user first (狂热, 死亡缠绕, 牺牲, TheFate's 血之狂暴)."""


def use_impact(card: str | None, skill: str | None) -> tuple[str, float] | None:
    """``(kind, size)`` of a use for the dispel decision, or None when it does not matter."""
    return IMPACT.get(skill or card or "")


def rescue_skill_cost(ctx: Context, index: int) -> float:
    """Cost of a rescue skill: 重生 throws away the hand and rage but heals to full."""
    code = ctx.world.skills_of(ctx.seat)[index].code
    if code == "reincarnation":
        return 0.35 * sum(ctx.keep_of(c) for c in ctx.hand) + 1.0 * int(ctx.me["rage"]) \
            - 1.5 * (int(ctx.me["max_hp"]) - 1) + 6.0
    if code == "shallow_grave_rescue":
        return sum(ctx.keep_of(c) for c in cheapest(ctx, lambda c: IS_RED[c])[:2])
    return 3.0


# ------------------------------------------------------------------------------------------ skills' own questions
def a_yes_if_foe_hit(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """+1 damage riders (沸血之矛, 激怒, 圣者遗物): on a foe yes, on a friend no."""
    dmg = current_damage(ctx)
    foe = dmg is not None and ctx.stance[dmg.target] > 0
    return (1.0 if foe else -1.0) if a.kind is Kind.YES else 0.0


def a_guardian(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """援护: take a friend's damage when it saves them or costs me less; never a foe's."""
    if a.kind is not Kind.YES:
        return 0.0
    t = data[0]
    dmg = current_damage(ctx)
    amount = dmg.amount if dmg is not None else 1
    if ctx.stance[t] > -0.4:
        return -10.0
    mine = ctx.hp(ctx.seat)
    if mine - amount <= 0:
        return -50.0
    theirs = ctx.hp(t)
    card = cheapest(ctx, zone="cards")
    pay = ctx.keep_of(card[0]) if card else 3.0
    saved = -ctx.stance[t] * hp_loss(theirs, amount)
    faith = 0.8 * amount * CARD_WORTH * 0.5
    return saved + faith - hp_loss(mine, amount) - pay


def a_purification(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """洗礼: two red cards to heal a friend 1 and hurt the source 1."""
    if a.kind is not Kind.YES:
        return 0.0
    t, src = data
    reds = cheapest(ctx, lambda c: IS_RED[c], "cards")[:2]
    if len(reds) < 2:
        return -5.0
    return ctx.help_worth(t, 1) + ctx.harm_worth(src, 1) - ctx.retaliation(src, True, False) \
        - sum(ctx.keep_of(c) for c in reds)


def a_mana_shield(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """魔法护盾: a rage and a card per point of damage prevented."""
    if a.kind is not Kind.PICK:
        return 0.0
    dmg = current_damage(ctx)
    amount = dmg.amount if dmg is not None else 1
    hp = ctx.hp(ctx.seat)
    saved = hp_point(hp - amount + 1) if hp - amount + 1 > 0 else 40.0
    if hp - amount <= 0:
        saved = 60.0
    rage_cost = 3.0 if ctx.rage_needed() else 1.2
    return saved - ctx.keep_of(a.a) - rage_cost


def a_plasma_answer(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """等离子场's demand on me: a card of another suit, or 1 damage."""
    if a.kind is not Kind.PICK:
        return 0.0
    from .policy import damage_cost

    return damage_cost(ctx, 1, data[0]) - ctx.keep_of(a.a)


def a_warpath(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """战意: name a foe (it must discard a 闪避 or take 1 damage from me)."""
    t = a.a
    if t == ctx.seat:
        return -100.0
    p_dodge = 1.0 - (1.0 - 15 / 112) ** ctx.players[t]["hand_size"]
    return ctx.harm_worth(t, 1, 1 - p_dodge) + ctx.stance[t] * p_dodge * 1.5 - ctx.retaliation(t, True, False)


def a_death_coil(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """死亡缠绕's mode: heal a friend, harm anyone else."""
    t = data[0]
    heal = a.a == 0
    return (1.0 if heal else -1.0) * (-ctx.stance[t])


def a_snake(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """秘术异蛇: reveal my cheapest card; share the best cards to me and friends, the worst to foes."""
    if stage == 1:
        return 10.0 - ctx.keep_of(a.a)
    to = data[0] if data else ctx.seat
    worth = _card_worth(ctx, a.a)
    return worth if to == ctx.seat or ctx.stance[to] < 0 else -worth * max(0.1, ctx.stance[to])


def _card_worth(ctx: Context, card: int) -> float:
    from .values import base_keep

    return base_keep(card)


def a_give_order(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """辉煌光环: the card for ``data[0]`` — good ones to me and friends, bad ones to foes."""
    to = data[0] if data else ctx.seat
    worth = _card_worth(ctx, a.a)
    return worth if to == ctx.seat or ctx.stance[to] < 0 else -worth


def a_healing_spell(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """治疗术: a red card to heal a wounded friend 1."""
    if stage == 1:
        return 10.0 - ctx.keep_of(a.a)
    if a.kind is Kind.PASS:
        return 0.0
    reds = cheapest(ctx, lambda c: IS_RED[c], "cards")
    return ctx.help_worth(a.a, 1) - (ctx.keep_of(reds[0]) if reds else 5.0)


def a_detonate(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """引爆: blow my bombs up under a foe (X damage, X cards for me), never under a friend."""
    user, picked = data[0], len(data[2])
    if a.kind is Kind.PICK:
        return ctx.harm_worth(user, picked + 1) - ctx.harm_worth(user, picked) + 0.5 * CARD_WORTH
    return 0.0


def a_fatherly_love(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """父爱: give faith cards to friends (I heal 1 per two given)."""
    if stage == 1:
        return _card_worth(ctx, a.a)
    if a.kind is Kind.DONE:
        return 0.0
    t = a.a
    return -ctx.stance[t] * 3.0 + (1.0 if ctx.me["hp"] < ctx.me["max_hp"] else 0.0) - 0.5


def a_dragon_blood(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """龙族血统: throw the whole hand away for 1 HP when the hand is worth less."""
    if a.kind is not Kind.YES:
        return 0.0
    if ctx.me["hp"] >= ctx.me["max_hp"]:
        return -5.0
    return ctx.help_worth(ctx.seat, 1) - sum(ctx.keep_of(c) for c in ctx.hand) * 0.8


def a_staff(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """神秘法杖: discard junk (X cards) to draw X − 1."""
    count = data[0]
    if a.kind is Kind.DONE:
        return 1.0
    over = len(ctx.hand) - int(ctx.me["hand_limit"])
    v = 3.0 - ctx.keep_of(a.a) + (1.5 if over > 0 else 0.0)
    if a.a not in ctx.hand:
        v -= 3.0  # an equipped card
    return v if count < 3 else v - 2.0


def a_talisman(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """闪避护符: turn it to cancel the 【攻击】; setting it upright costs my cheapest card."""
    if stage == 1:
        return 10.0 - ctx.keep_of(a.a)
    return 1.0 if a.kind is Kind.YES else 0.0


def a_enchant(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """魅惑: swap one of my cards for the red judgement card when it is worth more."""
    if a.kind is not Kind.PICK:
        return 0.0
    return _card_worth(ctx, data[0]) - ctx.keep_of(a.a) - 0.3


def a_frostbite(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """冰封禁制 (TheFate): a ♥ to nullify a foe's 【攻击】 or 闪避."""
    if a.kind is not Kind.PICK:
        return 0.0
    user = data[1]
    return ctx.stance[user] * 3.5 - ctx.keep_of(a.a)


def a_ordeal(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """神判: rejudge when the judgement card now up goes against my side and a new one likely would not."""
    if a.kind is not Kind.PICK:
        return 0.0
    j = None
    for f in reversed(ctx.world.stack):
        if f[0] == JUDGE_FRAME:
            j = f[2]
            break
    if j is None or j.card < 0:
        return -5.0
    rule = JUDGE_RULES.get(j.why)
    if rule is None:
        return -5.0
    success, stake = rule
    good_for = j.seat
    side = -ctx.stance[good_for]  # +1: the judging hero is on my side
    now = success(j.card)
    unseen = ctx.unseen
    p = sum(1 for c in unseen if success(c)) / max(1, len(unseen))
    gain = side * stake * ((p - 1.0) if now else p)
    return gain - ctx.keep_of(a.a)


def _red(c: int) -> bool:
    return IS_RED[c]


JUDGE_RULES: dict[str, tuple[Callable[[int], bool], float]] = {
    "vampiric": (_red, 4.0), "warpath": (_red, 3.0), "battle_trance": (_red, 3.0), "blademail": (_red, 4.0),
    "cloak": (_red, 3.5), "multicast": (_red, 3.0), "headshot": (lambda c: not IS_RED[c], 3.0),
    "counter_helix": (lambda c: IS_RED[c] and 2 <= CARD_RANK[c] <= 7, 4.0), "suicide": (lambda c: not IS_RED[c], 6.0),
}
"""Per judgement: what a success is and what it is worth to the judging hero (自爆's judge is its victim: black
spares it)."""


def a_multicast(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """多重施法: the repeat's target (the same one when still good)."""
    from ..content import CARD_TYPES
    from .policy import build_target

    use, chosen = data
    code = CARD_TYPES[use.ctype].code
    if a.kind is Kind.DONE:
        return max((build_target(ctx, code, t, []) for t in use.targets), default=0.0)
    return build_target(ctx, code, a.a, list(chosen))


def a_remote_mines(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """遥控炸弹: the 【攻击】 to bury (the cheapest)."""
    return 10.0 - ctx.keep_of(a.a)


def a_yes(ctx: Context, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """A free optional good thing (恐怖波动's draw, 施虐之心, 爆头, 刚毛后背)."""
    return 1.0 if a.kind is Kind.YES else 0.0


ASK: dict[str, Callable[[Any, int, tuple[Any, ...], FateAction], float]] = {
    "burning_spear": a_yes_if_foe_hit, "enrage": a_yes_if_foe_hit, "relic": a_yes_if_foe_hit,
    "guardian": a_guardian, "purification": a_purification, "mana_shield": a_mana_shield,
    "plasma_field": a_plasma_answer, "warpath": a_warpath, "death_coil": a_death_coil, "mystic_snake": a_snake,
    "brilliance": a_give_order, "healing_spell": a_healing_spell, "detonate": a_detonate,
    "fatherly_love": a_fatherly_love, "dragon_blood": a_dragon_blood, "staff": a_staff, "talisman": a_talisman,
    "enchant": a_enchant, "frostbite": a_frostbite, "ordeal": a_ordeal, "multicast": a_multicast,
    "remote_mines": a_remote_mines, "wave_of_terror": a_yes, "sadist": a_yes, "headshot": a_yes,
    "bristle_back": a_yes,
}
"""A skill's own decisions (``F.ASK``): the worth of each option."""


def ask(ctx: Context, code: str, stage: int, data: tuple[Any, ...], a: FateAction) -> float:
    """Worth of option ``a`` of skill ``code``'s decision."""
    fn = ASK.get(code)
    if fn is not None:
        return fn(ctx, stage, data, a)
    if a.kind is Kind.TARGET:
        return -ctx.stance[a.a] if code in HELPFUL_ASKS else ctx.stance[a.a]
    if a.kind is Kind.PICK:
        return 10.0 - ctx.keep_of(a.a)
    if a.kind is Kind.YES:
        return 0.5
    return 0.0


HELPFUL_ASKS = frozenset({"natures_attendants"})
