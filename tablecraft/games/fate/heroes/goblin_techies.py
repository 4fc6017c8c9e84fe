"""哥布林工程师 Goblin Techies (智, 3/5): 遥控炸弹 Remote Mines, 引爆 Focused Detonate, 自爆 Suicide Squad."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME, CARD_SUIT, IS_RED, Role
from ..pipeline import deal, judge, on_judgement
from ..skills import Plan, Skill, ask, register, role_card
from ..state import FateState, Judgement, Use

MAX_BOMBS = 2


@register
class RemoteMines(Skill):
    """遥控炸弹 (active, once per play phase): put an 【攻击】 card from your hand face down in your status zone as a
    bomb (at most two bombs). Only you know the bombs; others see how many there are."""

    code = "remote_mines"
    plan = Plan(cards=(1, 1), pay=role_card(int(Role.ATTACK)), keep=True)

    def usable(self, s: FateState, me: int) -> bool:
        return len(s.bombs[me]) < MAX_BOMBS and super().usable(s, me)

    def resolve(self, s: FateState, use: Use) -> None:
        c = use.paid[0]
        s.hands[use.user].remove(c)
        s.bombs[use.user].append(c)
        s.emit("bomb", {"seat": use.user, "bombs": len(s.bombs[use.user])}, {"card": CARD_NAME[c]},
               1 << use.user)


@register
class FocusedDetonate(Skill):
    """引爆: when another hero uses or plays a card of the same suit as one of your bombs, before it takes effect
    you may discard X bombs of that suit, draw X cards and deal them X damage (asked whenever you have bombs, so
    the question shows nothing about their suits)."""

    code = "detonate"

    def on_card_used(self, s: FateState, me: int, use: Use) -> None:
        if use.user != me and s.bombs[me] and use.cards and s.alive[use.user]:
            suits = 0
            for c in use.cards:
                suits |= 1 << CARD_SUIT[c]
            ask(s, me, self.code, 0, (use.user, suits))

    def matching(self, s: FateState, me: int, suits: int) -> list[int]:
        """Bombs of a suit among ``suits``."""
        return [b for b in s.bombs[me] if suits >> CARD_SUIT[b] & 1]

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.YES, A.NO] if self.matching(s, me, data[1]) else [A.NO]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is not Kind.YES:
            return
        user, suits = data
        fired = self.matching(s, me, suits)
        for b in fired:
            s.bombs[me].remove(b)
        s.to_discard(fired)
        x = len(fired)
        s.emit("detonated", {"seat": me, "target": user, "cards": [CARD_NAME[b] for b in fired]})
        s.draw(me, x)
        if s.alive[user]:
            deal(s, me, user, x, "引爆")


@register
class SuicideSquad(Skill):
    """自爆: when you die, your killer judges: on red, you deal them 2 damage."""

    code = "suicide"

    def on_death(self, s: FateState, me: int, ctx: tuple[int, int]) -> None:
        dead, killer = ctx
        if dead == me and killer >= 0 and killer != me and s.alive[killer]:
            judge(s, killer, self.code, (me,))


@on_judgement("suicide")
def _suicide(s: FateState, j: Judgement) -> None:
    if IS_RED[j.card] and s.alive[j.seat]:
        deal(s, j.data[0], j.seat, 2, "自爆")
