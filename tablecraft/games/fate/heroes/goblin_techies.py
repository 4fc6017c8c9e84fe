"""哥布林工程师 Goblin Techies (智, 3/5): 遥控炸弹 Remote Mines, 引爆 Focused Detonate, 自爆 Suicide Squad."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME, CARD_ROLE, CARD_SUIT, IS_RED, Role
from ..pipeline import deal, judge, on_judgement
from ..skills import Skill, ask, register, use_skill
from ..state import F, FateState, Judgement, Use

MAX_BOMBS = 2


@register
class RemoteMines(Skill):
    """遥控炸弹 (active, dispellable, once per play phase): put an 【攻击】 card from your hand face down in your status
    zone as a bomb (at most two bombs). Only you know the bombs; others see how many there are.

    The card goes face down into the status zone as the skill is used, so no hidden hand card is named on the stack
    while 驱散 is awaited (a resampled world stays consistent); it counts as a bomb only once the skill takes effect
    (引爆 ignores it meanwhile), and a 驱散 sends it back to the hand."""

    code = "remote_mines"

    def usable(self, s: FateState, me: int) -> bool:
        return len(s.bombs[me]) < MAX_BOMBS and any(CARD_ROLE[c] == Role.ATTACK for c in s.hands[me])

    def begin(self, s: FateState, me: int) -> None:
        ask(s, me, self.code)

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PICK[c] for c in s.hands[me] if CARD_ROLE[c] == Role.ATTACK]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        c = action.a
        s.hands[me].remove(c)
        s.known[c] = 1 << me
        s.hide_hand(me, 1 << me)  # placed face down: the others cannot tell which card left the hand
        s.bombs[me].append(c)
        use_skill(s, me, self.code)
        s.emit("bomb", {"seat": me, "bombs": len(s.bombs[me])}, {"card": CARD_NAME[c]}, 1 << me)

    def on_dispelled(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me and use.skill == self.code and s.bombs[me]:
            s.hands[me].append(s.bombs[me].pop())  # the bomb being placed is the last one ("dispelled" says so)


def placing(s: FateState, me: int) -> bool:
    """Whether ``me``'s 遥控炸弹 is waiting for 驱散 (its bomb, the last one, does not count yet)."""
    return any(f[0] == F.DISPEL_WIN and f[2].skill == RemoteMines.code and f[2].user == me for f in s.stack)


@register
class FocusedDetonate(Skill):
    """引爆: when another hero uses or plays a card of the same suit as one of your bombs, before it takes effect
    you may discard X bombs of that suit (one pick each, ``done`` to stop), draw X cards and deal them X damage.
    Asked whenever you have bombs, so the question shows nothing about their suits."""

    code = "detonate"

    def on_card_used(self, s: FateState, me: int, use: Use) -> None:
        if use.user != me and s.bombs[me] and use.cards and s.alive[use.user]:
            suits = 0
            for c in use.cards:
                suits |= 1 << CARD_SUIT[c]
            ask(s, me, self.code, 0, (use.user, suits, ()))

    def matching(self, s: FateState, me: int, suits: int, picked: tuple[int, ...] = ()) -> list[int]:
        """Bombs of a suit among ``suits`` (of the first pick's suit once one is picked)."""
        if picked:
            suits = 1 << CARD_SUIT[picked[0]]
        bombs = s.bombs[me][:-1] if placing(s, me) else s.bombs[me]
        return [b for b in bombs if suits >> CARD_SUIT[b] & 1]

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        _, suits, picked = data
        return [A.DONE if picked else A.NO] + [A.PICK[b] for b in self.matching(s, me, suits, picked)]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        user, suits, picked = data
        if action.kind is Kind.PICK:  # each picked bomb is discarded face up at once
            s.bombs[me].remove(action.a)
            s.to_discard((action.a,))
            picked += (action.a,)
            if self.matching(s, me, suits, picked):
                ask(s, me, self.code, 1, (user, suits, picked))
                return
        if not picked:
            return
        x = len(picked)
        s.emit("detonated", {"seat": me, "target": user, "cards": [CARD_NAME[b] for b in picked]})
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
