"""The effects of fate's basic, magic and S cards (``CardDef.effect`` → ``EFFECTS``), and equipping items.

Each effect receives the ``Use`` once no 驱散 stopped it and either acts at once or pushes the frames of its own
choices. Texts are in ``cardtext.py``; the rules document (docs/rules/fate.md §6) gives the readings.
"""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .actions import FateAction, Kind
from .content import CARD_DEF, CARD_NAME, CARD_TYPES, IS_RED, CardKind, Role
from .pipeline import (
    DISARM,
    GREED,
    Frame,
    choose_zone,
    damage_frame,
    decide,
    demand,
    options,
    shielded,
    step,
)
from .rules import living_order, path_between
from .skills import SKILLS
from .state import SKIP_DRAW_NEXT, SKIP_PHASES_NEXT, Damage, F, FateState, Mark, Purpose, Use

S = FateState


def target_of(use: Use) -> int:
    """The use's target (its user when it has none)."""
    return use.targets[0] if use.targets else use.user


# ------------------------------------------------------------------------------------------ basic cards
def eff_attack(s: S, use: Use) -> None:
    """普通/火焰/混乱攻击: the target is named (ATTACK_TARGETED), may dodge, else takes the hit."""
    if s.alive[use.targets[0]]:
        s.push((F.ATK_TARGETED, use.user, use), (F.ATK_DODGE, use.user, use))


def eff_salve(s: S, use: Use) -> None:
    """治疗药膏: heal 1 (yourself in your play phase, or the dying hero)."""
    s.heal(target_of(use), 1, use.user)


# ------------------------------------------------------------------------------------------ magic cards
def eff_frenzy(s: S, use: Use) -> None:
    """狂热: 1 damage to yourself; any number of 【攻击】 this turn."""
    s.mark(use.user, Mark.UNLIMITED)
    hurt = CARD_TYPES[use.ctype].self_damage
    s.push(damage_frame(s, Damage(use.user, use.user, hurt, parts=(("狂热", hurt),))))


def eff_mislead(s: S, use: Use) -> None:
    """误导: A loses 1 rage and draws 1; B gains 1 rage."""
    a, b = use.targets
    if s.alive[a] and not shielded(s, use, a) and s.rage[a] > 0:
        s.lose_rage(a, 1, "误导")
        s.draw(a, 1)
    if s.alive[b] and not shielded(s, use, b):
        s.gain_rage(b, 1, "误导")


def eff_chakra(s: S, use: Use) -> None:
    """查克拉: draw 1, then guess colours (the target does, with 恩惠)."""
    t = target_of(use)
    if not s.alive[t] or t != use.user and shielded(s, use, t):
        return
    s.draw(t, 1)
    s.push((F.CHAKRA_ASK, t))


@options(F.CHAKRA_ASK)
def _chakra_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PASS, A.COLOR[0], A.COLOR[1]]


@decide(F.CHAKRA_ASK)
def _chakra(s: S, f: Frame, a: FateAction) -> None:
    seat = f[1]
    s.stack.pop()
    if a.kind is Kind.PASS:
        return
    c = s.top_card()
    if c < 0:
        return
    s.show(c)
    right = IS_RED[c] == (a.a == 0)
    s.emit("guessed", {"seat": seat, "card": CARD_NAME[c], "right": right, "color": a.a})
    if right:
        s.hands[seat].append(c)
        s.push((F.CHAKRA_ASK, seat))
    else:
        s.to_discard((c,))


def eff_wild_axe(s: S, use: Use) -> None:
    """野性之斧: every hero on the shorter way to the target (target included) dodges or takes 1 damage. A target
    the card has no effect on (流浪法师斗篷) is passed over; the others on the way are still hit."""
    t = use.targets[0]
    if not s.alive[t]:
        return
    fwd = path_between(s.alive, use.user, t, 1)
    back = path_between(s.alive, use.user, t, -1)
    if len(fwd) == len(back) and fwd != back:
        s.push((F.DIR_ASK, use.user, use, tuple(fwd), tuple(back)))
    else:
        s.push((F.AXE_STEP, use.user, use, tuple(fwd if len(fwd) < len(back) else back)))


@options(F.DIR_ASK)
def _dir_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.DIR[0], A.DIR[1]]


@decide(F.DIR_ASK)
def _dir(s: S, f: Frame, a: FateAction) -> None:
    _, seat, use, fwd, back = f
    s.stack.pop()
    s.push((F.AXE_STEP, seat, use, fwd if a.a == 0 else back))


@step(F.AXE_STEP)
def _axe_step(s: S, f: Frame) -> bool:
    _, seat, use, path = f
    s.stack.pop()
    while path:
        k, path = path[0], path[1:]
        if not s.alive[k] or shielded(s, use, k) or k == use.user:
            continue
        if s.hands[k]:
            s.push((F.REPLY, k, Purpose.AXE_DODGE, Role.DODGE, use, path))
        else:
            s.push(damage_frame(s, Damage(use.user, k, 1, parts=(("野性之斧", 1),))), (F.AXE_STEP, seat, use, path))
        return False
    return False


def eff_disarm(s: S, use: Use) -> None:
    """缴械: discard one of the target's equipment (strengthened: take it)."""
    t = use.targets[0]
    if s.alive[t] and not shielded(s, use, t):
        choose_zone(s, use.user, t, DISARM, use.strong)


def eff_arrow(s: S, use: Use) -> None:
    """月神之箭: name a colour (strengthened: a suit); the target discards such a card or takes 1 damage."""
    t = use.targets[0]
    if s.alive[t] and not shielded(s, use, t):
        s.push((F.NAME_ASK, use.user, t, use.strong))


@options(F.NAME_ASK)
def _name_opts(s: S, f: Frame) -> list[FateAction]:
    return list(A.SUIT) if f[3] else list(A.COLOR)


@decide(F.NAME_ASK)
def _name(s: S, f: Frame, a: FateAction) -> None:
    _, seat, t, strong = f
    s.stack.pop()
    is_suit = a.kind is Kind.SUIT
    s.emit("named", {"seat": seat, "suit" if is_suit else "color": a.a})
    demand(s, t, seat, ("suit", a.a) if is_suit else ("color", a.a), 1, "月神之箭")


def eff_transport(s: S, use: Use) -> None:
    """能量转移: reveal X cards (X = living heroes); each living hero from you in turn takes one."""
    x = sum(s.alive)
    for _ in range(x):
        c = s.top_card()
        if c < 0:
            break
        s.show(c)
        s.revealed.append(c)
    s.emit("revealed", {"seat": use.user, "cards": [CARD_NAME[c] for c in s.revealed]})
    order = tuple(k for k in living_order(s.alive, use.user) if k == use.user or not shielded(s, use, k))
    if use.strong and s.opt["texts"] == "reborn" and len(order) >= 2:
        s.push((F.TRANSPORT_ASK, use.user, use, order, -1))  # fate_reborn: first, who takes two and who none
    else:
        s.push((F.TRANSPORT_STEP, use.user, use, order))


@step(F.TRANSPORT_STEP)
def _transport_step(s: S, f: Frame) -> bool:
    _, seat, use, order = f
    s.stack.pop()
    order = tuple(k for k in order if s.alive[k])
    if not order or not s.revealed:
        if s.revealed:
            s.to_discard(s.revealed)
            s.revealed = []
        if use.strong and s.alive[seat] and s.opt["texts"] != "reborn":
            s.draw(seat, 1)  # strengthened (TheFate): you draw 1 afterwards
        return False
    k = order[0]
    if len(s.revealed) == 1:
        take_revealed(s, k, s.revealed[0])
        s.push((F.TRANSPORT_STEP, seat, use, order[1:]))
    else:
        s.push((F.TRANSPORT_ASK, k), (F.TRANSPORT_STEP, seat, use, order[1:]))
    return False


def take_revealed(s: S, seat: int, card: int) -> None:
    """Take a face-up revealed card into hand."""
    s.revealed.remove(card)
    s.hands[seat].append(card)
    s.emit("took", {"seat": seat, "cards": [CARD_NAME[card]], "from": "revealed"})


@options(F.TRANSPORT_ASK)
def _transport_opts(s: S, f: Frame) -> list[FateAction]:
    if len(f) == 2:
        return [A.PICK[c] for c in s.revealed]
    _, seat, use, order, double = f  # strengthened, texts=reborn: who takes two (or pass), then who takes none
    if double < 0:
        return [A.PASS] + [A.TARGET[k] for k in order]
    return [A.TARGET[k] for k in order if k != double]


@decide(F.TRANSPORT_ASK)
def _transport(s: S, f: Frame, a: FateAction) -> None:
    s.stack.pop()
    if len(f) == 2:
        take_revealed(s, f[1], a.a)
        return
    _, seat, use, order, double = f
    if a.kind is Kind.PASS:
        s.push((F.TRANSPORT_STEP, seat, use, order))
    elif double < 0:
        s.push((F.TRANSPORT_ASK, seat, use, order, a.a))
    else:
        s.emit("transport_split", {"seat": seat, "double": double, "none": a.a})
        split: list[int] = []
        for k in order:  # the one taking two takes them one after the other, in its place in the order
            if k == double:
                split += [k, k]
            elif k != a.a:
                split.append(k)
        s.push((F.TRANSPORT_STEP, seat, use, tuple(split)))


def eff_greed(s: S, use: Use) -> None:
    """贪婪: set aside 2 of the target's hand cards or 1 equipment; they draw 1 of yours; you take the cards."""
    t = use.targets[0]
    if s.alive[t] and not shielded(s, use, t):
        choose_zone(s, use.user, t, GREED, use.strong)


def greed_aside(s: S, seat: int, t: int, z: int, strong: int) -> None:
    """贪婪 once the zone is chosen."""
    if z == 0:
        hand = s.hands[t]
        for _ in range(min(2, len(hand))):
            c = hand.pop(s.rng.below(len(hand)))
            s.known[c] = 1 << t
            s.aside.append(c)
        s.hide_hand(t, 1 << t)  # taken at random, face down: nobody else can tell which
    else:
        s.aside.append(s.take_equipment(t, z))
    s.aside_from = t
    s.emit("set_aside", {"seat": seat, "from": t, "count": len(s.aside), "zone": z})
    if strong and s.hands[seat]:
        s.push((F.GIVE_ASK, seat, t), (F.GREED_TAKE, seat, t))
        return
    if s.hands[seat]:  # the target draws one of your hand cards at random
        s.give(seat, t, s.hands[seat][s.rng.below(len(s.hands[seat]))])
    s.push((F.GREED_TAKE, seat, t))


@options(F.GIVE_ASK)
def _give_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PICK[c] for c in s.hands[f[1]]]


@decide(F.GIVE_ASK)
def _give(s: S, f: Frame, a: FateAction) -> None:
    s.stack.pop()
    s.give(f[1], f[2], a.a)


@step(F.GREED_TAKE)
def _greed_take(s: S, f: Frame) -> bool:
    _, seat, t = f
    s.stack.pop()
    cards, s.aside, s.aside_from = s.aside, [], -1
    for c in cards:
        s.hands[seat].append(c)
        s.seen[c] |= 1 << seat
        s.known[c] |= 1 << seat
    s.emit("took", {"seat": seat, "count": len(cards), "from": t}, {"cards": [CARD_NAME[c] for c in cards]},
           (1 << seat) | (1 << t))
    return False


def eff_siren(s: S, use: Use) -> None:
    """海妖之歌: into the target's status zone (it takes effect at their status check)."""
    t = use.targets[0]
    c = use.cards[0] if use.cards else -1
    if s.alive[t] and not shielded(s, use, t) and c in s.table:
        s.table.remove(c)
        s.status[t].append(c)
        s.emit("status_card", {"seat": t, "card": CARD_NAME[c]})
        if s.opt["siren_shield"] == "placed":  # 「1个游戏回合」 counted from the use: until the user's next turn
            s.untouch[t] = use.user + 1


# ------------------------------------------------------------------------------------------ S cards
def eff_might(s: S, use: Use) -> None:
    """神之力量: draw 1; your 【攻击】 deal +1 this turn."""
    s.draw(use.user, 1)
    if use.user == s.turn_seat:
        s.might += 1


def eff_viper(s: S, use: Use) -> None:
    """蝮蛇突袭: the target discards 3 hand cards (all if fewer); if ≤ 1 was discarded, 1 damage. texts=reborn
    (fate_reborn): 1 damage, and the target skips their next draw phase."""
    t = use.targets[0]
    if not s.alive[t]:
        return
    if s.opt["texts"] == "reborn":
        s.skip_next[t] |= SKIP_DRAW_NEXT
        s.emit("draw_skip", {"seat": t})
        s.push(damage_frame(s, Damage(use.user, t, 1, parts=(("蝮蛇突袭", 1),))))
        return
    h = len(s.hands[t])
    if h <= 3:
        if h:
            s.discard_from_hand(t, list(s.hands[t]), "viper")
        s.push((F.VIPER_DONE, use.user, use, h))
    else:
        s.push((F.VIPER_ASK, t, 3), (F.VIPER_DONE, use.user, use, 3))


@options(F.VIPER_ASK)
def _viper_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PICK[c] for c in s.hands[f[1]]]


@decide(F.VIPER_ASK)
def _viper(s: S, f: Frame, a: FateAction) -> None:
    _, t, left = f
    s.discard_from_hand(t, (a.a,), "viper")
    if left > 1 and s.hands[t]:
        s.stack[-1] = (F.VIPER_ASK, t, left - 1)
    else:
        s.stack.pop()


@step(F.VIPER_DONE)
def _viper_done(s: S, f: Frame) -> bool:
    _, seat, use, count = f
    s.stack.pop()
    if count <= 1:
        s.push(damage_frame(s, Damage(seat, use.targets[0], 1, parts=(("蝮蛇突袭", 1),))))
    return False


def eff_time_lock(s: S, use: Use) -> None:
    """时间静止: every other hero skips the draw, play and discard phases of their next turn."""
    for k in range(s.n):
        if k != use.user and s.alive[k] and not shielded(s, use, k):
            s.skip_next[k] |= SKIP_PHASES_NEXT
    s.emit("time_lock", {"seat": use.user})


def eff_sunder(s: S, use: Use) -> None:
    """灵魂隔断: swap HP with the target (capped at each limit); a hero left at 1 HP goes to 2."""
    u, t = use.user, use.targets[0]
    if not s.alive[t]:
        return
    hu, ht = s.hp[u], s.hp[t]
    s.hp[u] = min(ht, s.maxhp[u])
    s.hp[t] = min(hu, s.maxhp[t])
    for k in (u, t):
        if s.hp[k] == 1:
            s.hp[k] = 2
    s.emit("sunder", {"seat": u, "target": t, "hp": [s.hp[u], s.hp[t]]})


def eff_laguna(s: S, use: Use) -> None:
    """神灭斩: three 闪避 in a row, or 3 − X damage (X = 闪避 played)."""
    t = use.targets[0]
    if not s.alive[t]:
        return
    if s.hands[t]:
        s.push((F.REPLY, t, Purpose.LAGUNA_DODGE, Role.DODGE, use, 0))
    else:
        s.push(damage_frame(s, Damage(use.user, t, 3, parts=(("神灭斩", 3),))))


# ------------------------------------------------------------------------------------------ items
def forbids_armour(s: S, seat: int) -> bool:
    """Whether ``seat``'s weapon forbids wearing armour (圣者遗物)."""
    w = s.weapon[seat]
    return w >= 0 and SKILLS[CARD_DEF[w].ability].forbids_armour


def equip(s: S, use: Use) -> None:
    """规则4: one weapon and one armour; a new one replaces (discards) the old; 圣者遗物 discards armour."""
    c = use.cards[0]
    holder = target_of(use)
    if c not in s.table or not s.alive[holder]:
        return
    s.table.remove(c)
    d = CARD_DEF[c]
    which = 1 if d.kind is CardKind.WEAPON else 2
    old = s.take_equipment(holder, which)
    if old >= 0:
        s.to_discard((old,))
    if which == 1:
        s.weapon[holder] = c
    else:
        s.armour[holder] = c
    s.changed_cast()
    s.emit("equipped", {"seat": holder, "card": CARD_NAME[c], "replaced": CARD_NAME[old] if old >= 0 else None})
    if which == 1 and forbids_armour(s, holder) and s.armour[holder] >= 0:
        gone = s.take_equipment(holder, 2)
        s.to_discard((gone,))
        s.emit("discarded", {"seat": holder, "cards": [CARD_NAME[gone]], "why": "relic"})


def status_siren(s: S, seat: int, card: int) -> None:
    """海妖之歌 at its hero's status check: they skip this turn's draw, play and discard phases, and until their
    next turn begins no other hero's card or skill can affect them (G-24; with ``siren_shield=placed`` the
    protection began when the card was placed, and ends as its user's next turn begins)."""
    s.mark(seat, Mark.SKIPPING)
    if s.opt["siren_shield"] == "status":
        s.untouch[seat] = seat + 1
    s.emit("siren", {"seat": seat, "card": CARD_NAME[card]})


STATUS_EFFECTS: dict[str, Callable[[S, int, int], None]] = {"siren": status_siren}
"""What a face-up status card does at its hero's status check (二、状态判定阶段), by ``CardDef.effect``."""

EFFECTS: dict[str, Callable[[S, Use], None]] = {
    "attack": eff_attack, "salve": eff_salve, "frenzy": eff_frenzy, "mislead": eff_mislead, "chakra": eff_chakra,
    "wild_axe": eff_wild_axe, "disarm": eff_disarm, "arrow": eff_arrow, "transport": eff_transport,
    "greed": eff_greed, "siren": eff_siren, "might": eff_might, "viper": eff_viper, "time_lock": eff_time_lock,
    "sunder": eff_sunder, "laguna": eff_laguna,
}
"""Card effect hooks by ``CardDef.effect``."""

