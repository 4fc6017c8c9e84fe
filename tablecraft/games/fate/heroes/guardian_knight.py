"""守护骑士 Guardian Knight (力, 4/4): 援护 Guardian, 信仰 Faith, 父爱 Fatherly Love.

Faith cards (信仰) lie face down on the hero card: their owner knows them, the others see how many there are.
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME
from ..pipeline import change_damage, current_damage
from ..skills import Plan, Skill, ask, register, start_plan
from ..state import Damage, FateState, Use


@register
class Guardian(Skill):
    """援护 (dispellable): when another hero would take damage, you may discard a card and take that damage
    instead (asked whenever you hold a card)."""

    code = "guardian"
    plan = Plan(cards=(1, 1), zone="cards", targets=(1, 1))

    def on_damage(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target != me and s.cards_of(me):
            ask(s, me, self.code, 0, (dmg.target,))

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            start_plan(s, me, self.code, data)

    def resolve(self, s: FateState, use: Use) -> None:
        dmg = current_damage(s)
        if dmg.target == use.targets[0]:
            change_damage(s, dmg._replace(target=use.user))
            s.emit("redirected", {"seat": use.user, "from": use.targets[0]})


@register
class Faith(Skill):
    """信仰: for each 1 damage you take, put the top card of the deck face down on your hero card as a faith
    card; in your play phase you may take your faith cards into your hand (``skill 1``, at any point of it)."""

    code = "faith"

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target != me:
            return
        got = 0
        for _ in range(dmg.amount):
            c = s.top_card()
            if c < 0:
                break
            s.pile[me].append(c)
            s.seen[c] |= 1 << me
            s.known[c] = 1 << me
            got += 1
        if got:
            s.emit("faith", {"seat": me, "count": got, "pile": len(s.pile[me])})

    def play_usable(self, s: FateState, me: int) -> bool:
        return bool(s.pile[me])

    def play(self, s: FateState, me: int) -> None:
        """Take every faith card into the hand (``skill 1`` in the play phase, whenever it holds any)."""
        cards, s.pile[me] = s.pile[me], []
        s.hands[me].extend(cards)
        s.emit("took", {"seat": me, "count": len(cards), "from": "faith"},
               {"cards": [CARD_NAME[c] for c in cards]}, 1 << me)


@register
class FatherlyLove(Skill):
    """父爱: in your draw phase you may give faith cards to other heroes, split as you like (``target`` the hero,
    then ``pick`` the card; ``done`` to stop); you heal 1 HP for every two cards given."""

    code = "fatherly_love"

    def on_after_draw(self, s: FateState, me: int, ctx: Any) -> None:
        if s.turn_seat == me and s.pile[me] and self.receivers(s, me):
            ask(s, me, self.code, 0, (0,))

    def receivers(self, s: FateState, me: int) -> list[int]:
        """Other living heroes who may be given a card."""
        return [t for t in range(s.n) if s.alive[t] and t != me and s.touchable(t, me)]

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        # the hero first, then the card: a decision never names a face-down card the others cannot see
        if stage == 0:
            return [A.DONE] + [A.TARGET[t] for t in self.receivers(s, me)]
        return [A.PICK[c] for c in s.pile[me]]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        given = data[0]
        if stage == 0:
            if action.kind is Kind.DONE:
                self.finish(s, me, given)
            else:
                ask(s, me, self.code, 1, (given, action.a))
            return
        card, to = action.a, data[1]
        s.pile[me].remove(card)
        s.hands[to].append(card)
        s.seen[card] |= 1 << to
        s.known[card] = (1 << me) | (1 << to)
        s.emit("given", {"seat": me, "to": to, "from": "faith"}, {"card": CARD_NAME[card]}, (1 << me) | (1 << to))
        if s.pile[me] and self.receivers(s, me):
            ask(s, me, self.code, 0, (given + 1,))
        else:
            self.finish(s, me, given + 1)

    def finish(self, s: FateState, me: int, given: int) -> None:
        """Heal 1 per two cards given."""
        if given >= 2:
            s.heal(me, given // 2, me)
