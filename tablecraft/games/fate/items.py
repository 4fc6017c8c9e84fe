"""The standing abilities of fate's 17 items (装备), each a ``Skill`` registered under its ``CardDef.ability``.

An equipped item is in play exactly like a hero skill: the procedure asks it at its windows and queries. Texts:
``cardtext.py``; readings: docs/rules/fate.md §6.7–6.8.
"""

from __future__ import annotations

from typing import Any

from . import actions as A
from .actions import FateAction, Kind
from .content import CARD_DEF, CARD_SUIT, IS_RED, HeroType, Role, Suit
from .pipeline import change_damage, deal, judge, on_judgement, shield, void
from .skills import Skill, ask, register
from .state import Damage, FateState, Judgement, Mark, Purpose, Use

S = FateState


def is_own_attack_damage(dmg: Damage, me: int) -> bool:
    """Damage dealt by ``me``'s 【攻击】."""
    return dmg.source == me and dmg.by_attack is not None


@register
class EyeOfSkadi(Skill):
    """冰魄之眼 (range 1): your 【攻击】 need two 闪避 to be cancelled."""

    code = "skadi"

    def extra_dodges(self, s: S, me: int, use: Use, target: int) -> int:
        return 1


@register
class BladesOfAttack(Skill):
    """攻击之爪 (range 2): any red hand card may be used or played as 普通攻击."""

    code = "claws"
    view_as = ("claws",)


@register
class SacredRelic(Skill):
    """圣者遗物 (range 2): when your black 【攻击】 deals damage you may add 1; no armour while it is equipped."""

    code = "relic"
    forbids_armour = True

    def on_damage(self, s: S, me: int, dmg: Damage) -> None:
        if dmg.source == me and dmg.by_attack is not None and all(not IS_RED[c] for c in dmg.by_attack.cards):
            ask(s, me, self.code)

    def decide(self, s: S, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            from .pipeline import current_damage

            dmg = current_damage(s)
            change_damage(s, dmg._replace(amount=dmg.amount + 1, parts=dmg.parts + (("圣者遗物", 1),)))


@register
class DemonEdge(Skill):
    """恶魔刀锋 (range 2): when your 【攻击】 puts its target into the dying state, nobody may use 治疗药膏 on them
    in that dying state."""

    code = "demon_edge"

    def on_damage(self, s: S, me: int, dmg: Damage) -> None:
        if is_own_attack_damage(dmg, me) and not dmg.no_salve:
            change_damage(s, dmg._replace(no_salve=1))


@register
class DiffusalBlade(Skill):
    """散失之刃 (range 3): any two hand cards may be used together as 驱散."""

    code = "diffusal"
    view_as = ("diffusal",)


@register
class LotharsEdge(Skill):
    """洛萨之锋 (range 3): any black hand card may be used or played as 闪避."""

    code = "lothar"
    view_as = ("lothar",)


@register
class StygianDesolator(Skill):
    """黯灭之刃 (range 3): +1 rage each time your 【攻击】 deals damage."""

    code = "desolator"

    def on_attack_hit(self, s: S, me: int, ctx: tuple[Use, Damage]) -> None:
        if ctx[0].user == me:
            s.gain_rage(me, 1, "黯灭之刃")


@register
class SangeAndYasha(Skill):
    """散夜对剑 (range 3): any two hand cards may be used or played together as 普通攻击; if both are 【攻击】
    cards, it cannot be dodged."""

    code = "sny"
    view_as = ("sny",)


@register
class PlunderAxe(Skill):
    """掠夺之斧 (range 3, any hero may wear it): a strength holder draws 1 when their 【攻击】 hits."""

    code = "plunder"

    def on_attack_hit(self, s: S, me: int, ctx: tuple[Use, Damage]) -> None:
        if ctx[0].user == me and s.is_type(me, HeroType.STRENGTH):
            s.draw(me, 1)


@register
class MysticStaff(Skill):
    """神秘法杖 (range 3, any hero may wear it): an intelligence holder may, once per play phase, discard X cards
    and draw X − 1 (``item weapon``, then the cards, then ``done``). 「X张牌」 are any of the holder's cards, hand or
    equipment (the staff itself included), as for every cost of 「牌」."""

    code = "staff"

    def item_usable(self, s: S, me: int) -> bool:
        return s.is_type(me, HeroType.INTELLIGENCE) and not s.tflags[me] & Mark.STAFF_USED

    def item_begin(self, s: S, me: int) -> None:
        s.mark(me, Mark.STAFF_USED)
        ask(s, me, self.code, 0, (0,))

    def options(self, s: S, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        out = [A.PICK[c] for c in s.cards_of(me)]
        if data[0] > 0:
            out.append(A.DONE)
        return out

    def decide(self, s: S, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        count = data[0]
        if action.kind is Kind.PICK:
            s.discard_card(me, action.a, self.code)
            count += 1
            if s.cards_of(me):
                ask(s, me, self.code, 0, (count,))
                return
        s.draw(me, count - 1)


@register
class Eaglehorn(Skill):
    """鹰角弓 (range 4, any hero may wear it): an agility holder may go on using 【攻击】 after one hits."""

    code = "eaglehorn"

    def on_attack_hit(self, s: S, me: int, ctx: tuple[Use, Damage]) -> None:
        if ctx[0].user == me and me == s.turn_seat and s.is_type(me, HeroType.AGILITY):
            s.attack_allow += 1


@register
class QuellingBlade(Skill):
    """补刀斧 (range 4): when another hero dies and you are not the killer, you may play an 【攻击】 card to
    become the killer (and take the reward)."""

    code = "quelling"

    def on_death(self, s: S, me: int, ctx: tuple[int, int]) -> None:
        dead, killer = ctx
        if me != dead and me != killer and s.alive[me] and s.hands[me]:
            from .state import F

            s.push((F.REPLY, me, Purpose.QUELL, Role.ATTACK, dead, None))


@register
class PhyllisRing(Skill):
    """菲丽丝之戒: draw 1 more in your draw phase."""

    code = "ring"
    extra_draw = 1


@register
class BladeMail(Skill):
    """刃甲: after you take damage from a source other than yourself, judge: red → you deal 1 damage to it."""

    code = "blademail"

    def on_damaged(self, s: S, me: int, dmg: Damage) -> None:
        src = dmg.source
        if dmg.target == me and src >= 0 and src != me and s.alive[src]:
            judge(s, me, self.code, (src,))


@on_judgement("blademail")
def _blademail(s: S, j: Judgement) -> None:
    src = j.data[0]
    if IS_RED[j.card] and s.alive[src] and s.alive[j.seat]:
        deal(s, j.seat, src, 1, "刃甲")


@register
class BootsOfSpeed(Skill):
    """速度之靴: others' distance to you +1; your distance to others −1."""

    code = "boots"
    distance_from = -1
    distance_to = 1


@register
class PlaneswalkersCloak(Skill):
    """流浪法师斗篷: when you become a target of another hero's magic card, judge: red → it has no effect on you."""

    code = "cloak"

    def on_magic_targeted(self, s: S, me: int, use: Use) -> None:
        if me in use.targets and use.user != me:
            judge(s, me, self.code, (use.uid,))


@on_judgement("cloak")
def _cloak(s: S, j: Judgement) -> None:
    # fate_reborn's cloak (texts=reborn) is spared by a heart only; TheFate's by any red card
    if CARD_SUIT[j.card] == Suit.HEART if s.opt["texts"] == "reborn" else IS_RED[j.card]:
        shield(s, j.data[0], j.seat)
        s.emit("cloaked", {"seat": j.seat})


@register
class TalismanOfEvasion(Skill):
    """闪避护符: comes into play upright. When an 【攻击】 targets you, you may turn it sideways to cancel that
    【攻击】. In your play phase, discard a hand card to set it upright again (``item armour``)."""

    code = "talisman"

    def on_attack_targeted(self, s: S, me: int, use: Use) -> None:
        if use.targets[0] == me and not s.sideways[me] and use.uid not in s.voided:
            ask(s, me, self.code, 0, (use.uid,))

    def item_usable(self, s: S, me: int) -> bool:
        return bool(s.sideways[me]) and bool(s.hands[me])

    def item_begin(self, s: S, me: int) -> None:
        ask(s, me, self.code, 1)

    def options(self, s: S, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        if stage == 0:
            return [A.YES, A.NO]
        return [A.PICK[c] for c in s.hands[me]]

    def decide(self, s: S, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if stage == 0:
            if action.kind is Kind.YES:
                s.sideways[me] = 1
                void(s, data[0])
                s.emit("talisman", {"seat": me})
            return
        s.discard_from_hand(me, (action.a,), self.code)
        s.sideways[me] = 0
        s.emit("talisman_up", {"seat": me})


ITEM_CODES = tuple(d.ability for d in (CARD_DEF[c] for c in range(len(CARD_DEF))) if d.ability)
"""Every item ability code in the deck (each registered above)."""
