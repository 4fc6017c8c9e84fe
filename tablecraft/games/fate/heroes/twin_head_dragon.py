"""双头龙 Twin Head Dragon (智, 4/4): 冰封 Ice Path, 液态火 Liquid Fire."""

from __future__ import annotations

from ..skills import Plan, Skill, register
from ..state import FateState, Use


def _has_hand(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return t != me and bool(s.hands[t])


@register
class IcePath(Skill):
    """冰封 (active, dispellable, once per play phase): discard a card and set aside two of another hero's hand
    cards face down (at random); they get them back at the end of your turn."""

    code = "ice_path"
    plan = Plan(cards=(1, 1), zone="cards", targets=(1, 1), target_ok=_has_hand)

    def resolve(self, s: FateState, use: Use) -> None:
        me, t = use.user, use.targets[0]
        hand = s.hands[t]
        count = 0
        for _ in range(min(2, len(hand))):
            c = hand.pop(s.rng.below(len(hand)))
            s.known[c] = 1 << t
            s.held.append((c, t, me))
            count += 1
        s.hide_hand(t, 1 << t)  # set aside at random, face down: only their owner knows which
        if count:
            s.emit("set_aside", {"seat": me, "from": t, "count": count, "until": me})


@register
class LiquidFire(Skill):
    """液态火: you may use two red hand cards together as 火焰攻击 that deals 1 more damage."""

    code = "liquid_fire"
    view_as = ("liquid_fire",)
