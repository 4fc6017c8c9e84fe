"""复仇之魂 Vengeful Spirit (敏, 3/5): 移形换位 Nether Swap, 恐怖波动 Wave of Terror."""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..content import CARD_NAME
from ..skills import Plan, Skill, ask, register
from ..state import FateState, Use


def _has_hand(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return t != me and bool(s.hands[t])


@register
class NetherSwap(Skill):
    """移形换位 (active, dispellable, once per play phase): discard a card and take one hand card at random from
    another hero; that hero then gets the card you discarded (face up)."""

    code = "nether_swap"
    plan = Plan(cards=(1, 1), zone="cards", targets=(1, 1), target_ok=_has_hand)

    def resolve(self, s: FateState, use: Use) -> None:
        me, t = use.user, use.targets[0]
        if not s.alive[t]:
            return
        if s.hands[t]:
            s.take_random(me, t)
        c = use.paid[0]
        if c in s.discard:
            s.discard.remove(c)
            s.hands[t].append(c)
            s.emit("took", {"seat": t, "cards": [CARD_NAME[c]], "from": "discard"})


@register
class WaveOfTerror(Skill):
    """恐怖波动: each time you gain 1 rage, you may draw a card (one ``yes``/``no`` per point gained)."""

    code = "wave_of_terror"

    def on_rage_gained(self, s: FateState, me: int, ctx: tuple[int, int]) -> None:
        seat, amount = ctx
        if seat == me:
            ask(s, me, self.code, 0, (amount,))

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        left = data[0] - 1
        if left > 0:
            ask(s, me, self.code, 0, (left,))
        if action.kind is Kind.YES:
            s.draw(me, 1)
