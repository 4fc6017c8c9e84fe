"""水晶室女 Crystal Maiden (智, 3/5): 冰霜禁制 / 冰封禁制, 辉煌光环 Brilliance Aura.

The default text set has fate_reborn's cast-phase 冰霜禁制 (``frost_nova``); TheFate's 冰封禁制 (``frostbite``),
which nullifies another hero's 【攻击】 or 闪避, is the ``texts=thefate`` version (gap 4-1).
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME, CARD_SUIT, CARD_TYPES, Role, Suit
from ..pipeline import void
from ..skills import Plan, Skill, announce, any_hero, ask, register, use_skill
from ..state import FateState, Mark, Use


@register
class FrostNova(Skill):
    """冰霜禁制 (cast, dispellable): discard two cards and choose a hero; this turn each 【攻击】 or 闪避 they use
    or play needs one more card of the same name, discarded with it."""

    code = "frost_nova"
    plan = Plan(cards=(2, 2), zone="cards", targets=(1, 1), target_ok=any_hero)

    def resolve(self, s: FateState, use: Use) -> None:
        s.mark(use.targets[0], Mark.DOUBLE_COST)


@register
class Frostbite(Skill):
    """冰封禁制 (TheFate, dispellable): when another hero uses or plays an 【攻击】 or 闪避, you may discard a ♥
    to make that card have no effect (asked whenever you hold a card)."""

    code = "frostbite"

    def on_card_used(self, s: FateState, me: int, use: Use) -> None:
        if use.user != me and use.ctype >= 0 and CARD_TYPES[use.ctype].role in (Role.ATTACK, Role.DODGE) \
                and s.hands[me]:
            ask(s, me, self.code, 0, (use.uid, use.user))

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PASS] + [A.PICK[c] for c in s.hands[me] if CARD_SUIT[c] == Suit.HEART]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.PICK:
            uid, user = data
            s.discard_from_hand(me, (action.a,), self.code)
            use_skill(s, me, self.code, (user,), (action.a,), uid)

    def resolve(self, s: FateState, use: Use) -> None:
        void(s, use.ref)
        s.emit("nullified", {"seat": use.user, "target": use.targets[0]})


@register
class BrillianceAura(Skill):
    """辉煌光环: in your draw phase you may draw one card fewer; then look at the top X cards (X = living heroes)
    and give them out, one each, to the X heroes, starting with yourself in turn order."""

    code = "brilliance"

    def draw_usable(self, s: FateState, me: int) -> bool:
        return True

    def draw_instead(self, s: FateState, me: int) -> None:
        from ..procedure import draw_count

        announce(s, me, self.code)
        s.draw(me, draw_count(s, me) - 1)
        looked = []
        for _ in range(sum(s.alive)):
            c = s.top_card()
            if c < 0:
                break
            looked.append(c)
            s.seen[c] |= 1 << me
            s.known[c] = 1 << me
        s.looked = looked
        s.looker = me
        s.emit("looked", {"seat": me, "count": len(looked)}, {"cards": [CARD_NAME[c] for c in looked]}, 1 << me)
        self.give_next(s, me, tuple(s.living(me)))

    def give_next(self, s: FateState, me: int, order: tuple[int, ...]) -> None:
        """Give the next hero of ``order`` a looked-at card (asking which while there is a choice)."""
        order = tuple(k for k in order if s.alive[k])
        if not s.looked or not order:
            if s.looked:
                s.to_discard(s.looked)
                s.emit("discarded", {"seat": me, "cards": [CARD_NAME[c] for c in s.looked], "why": self.code})
            s.looked, s.looker = [], -1
            return
        if len(s.looked) == 1:
            self.give(s, me, s.looked[0], order)
        else:
            ask(s, me, self.code, 0, order)

    def give(self, s: FateState, me: int, card: int, order: tuple[int, ...]) -> None:
        """Hand ``card`` to ``order[0]`` face down (only giver and taker know it), then go on."""
        to = order[0]
        s.looked.remove(card)
        s.hands[to].append(card)
        s.seen[card] |= 1 << to
        s.known[card] = (1 << me) | (1 << to)
        s.emit("given", {"seat": me, "to": to, "from": "looked"}, {"card": CARD_NAME[card]}, (1 << me) | (1 << to))
        self.give_next(s, me, order[1:])

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PICK[c] for c in s.looked]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        self.give(s, me, action.a, data)
