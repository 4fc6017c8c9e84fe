"""蛇发女妖 Gorgon (敏, 3/5): 秘术异蛇 Mystic Snake, 魔法护盾 Mana Shield."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME
from ..pipeline import change_damage, current_damage, deal
from ..skills import Plan, Skill, ask, later, register
from ..state import Damage, FateState, Use

TAKE, SHARE = 1, 2


@register
class MysticSnake(Skill):
    """秘术异蛇 (active, dispellable, once per play phase): discard a card and take one hand card at random from
    every other hero (one with no hand loses 1 rage instead; one with neither hand nor rage takes 1 damage).
    These cards and one of your hand cards of your choice are revealed, then shared out one each among the living
    heroes in turn order from you, you choosing which card each gets (our reading of 「平均分配」)."""

    code = "mystic_snake"
    plan = Plan(cards=(1, 1), zone="cards")

    def resolve(self, s: FateState, use: Use) -> None:
        me = use.user
        later(s, me, self.code, TAKE)
        for t in reversed(s.living(me)):  # damage pushed last-first: dealt in turn order
            if t == me:
                continue
            if s.hands[t]:
                hand = s.hands[t]
                c = hand.pop(s.rng.below(len(hand)))
                s.revealed.append(c)
                s.show(c)
                s.emit("revealed", {"seat": me, "from": t, "cards": [CARD_NAME[c]]})
            elif s.rage[t]:
                s.lose_rage(t, 1, "秘术异蛇")
            else:
                deal(s, me, t, 1, "秘术异蛇")

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        if s.alive[me] and s.hands[me]:
            ask(s, me, self.code, TAKE)
        else:
            self.share(s, me, tuple(s.living(me)))

    def share(self, s: FateState, me: int, order: tuple[int, ...]) -> None:
        """Give the next living hero of ``order`` one of the revealed cards."""
        order = tuple(k for k in order if s.alive[k])
        if not s.revealed or not order or not s.alive[me]:
            if s.revealed:
                s.to_discard(s.revealed)
                s.revealed = []
            return
        if len(s.revealed) == 1:
            self.hand_over(s, me, s.revealed[0], order)
        else:
            ask(s, me, self.code, SHARE, order)

    def hand_over(self, s: FateState, me: int, card: int, order: tuple[int, ...]) -> None:
        """``order[0]`` gets the revealed ``card``; then the next."""
        s.revealed.remove(card)
        s.hands[order[0]].append(card)
        s.emit("took", {"seat": order[0], "cards": [CARD_NAME[card]], "from": "revealed"})
        self.share(s, me, order[1:])

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        if stage == TAKE:
            return [A.PICK[c] for c in s.hands[me]]
        return [A.PICK[c] for c in s.revealed]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if stage == TAKE:
            s.hands[me].remove(action.a)
            s.revealed.append(action.a)
            s.show(action.a)
            s.emit("revealed", {"seat": me, "from": me, "cards": [CARD_NAME[action.a]]})
            self.share(s, me, tuple(s.living(me)))
        else:
            self.hand_over(s, me, action.a, data)


@register
class ManaShield(Skill):
    """魔法护盾: when you take damage, for each point of it you may spend 1 rage and discard a card to prevent
    that point (``pick`` the card for each point, ``pass`` to stop)."""

    code = "mana_shield"

    def on_damage(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target == me and s.rage[me] and s.cards_of(me):
            ask(s, me, self.code)

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PASS] + [A.PICK[c] for c in s.cards_of(me)]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is not Kind.PICK:
            return
        s.discard_card(me, action.a, self.code)
        s.lose_rage(me, 1, "魔法护盾", "cost")
        dmg = current_damage(s)
        dmg = dmg._replace(amount=dmg.amount - 1, parts=dmg.parts + (("魔法护盾", -1),))
        change_damage(s, dmg)
        if dmg.amount > 0 and s.rage[me] and s.cards_of(me):
            ask(s, me, self.code)
