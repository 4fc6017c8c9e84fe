"""暗影牧师 Shadow Priest (智, 3/5): 薄葬 Shallow Grave, 暗影波 Shadow Wave.

薄葬 is a cast-phase skill in the default text set (fate_reborn, gap 4-1) and a dying-window reaction in TheFate's
(``texts=thefate``); both are here, under the codes ``shallow_grave`` and ``shallow_grave_rescue``.
"""

from __future__ import annotations

from ..content import IS_RED
from ..skills import Plan, Skill, any_hero, red, register, same_suit, start_plan
from ..state import FateState, Mark, Use


@register
class ShallowGrave(Skill):
    """薄葬 (cast, dispellable): discard a red card and choose a hero; if they fall into the dying state this
    turn, they return to 1 HP."""

    code = "shallow_grave"
    plan = Plan(cards=(1, 1), zone="cards", pay=red, targets=(1, 1), target_ok=any_hero)

    def resolve(self, s: FateState, use: Use) -> None:
        s.mark(use.targets[0], Mark.SAVE_AT_ONE)  # acted on by the dying window; 竭心光环 bars it (a recovery)


@register
class ShallowGraveRescue(Skill):
    """薄葬 (TheFate, dispellable): while any hero is dying, you may discard two red hand cards to bring them
    back to 1 HP."""

    code = "shallow_grave_rescue"
    plan = Plan(cards=(2, 2), pay=red, targets=(1, 1), target_ok=any_hero)

    def rescue_usable(self, s: FateState, me: int, dying: int) -> bool:
        # 「体力回复至1点」 is a recovery: 竭心光环 (no healing this turn) bars it
        return sum(1 for c in s.hands[me] if IS_RED[c]) >= 2 and not s.tflags[dying] & Mark.NO_HEAL

    def rescue(self, s: FateState, me: int, dying: int) -> None:
        start_plan(s, me, self.code, (dying,))

    def resolve(self, s: FateState, use: Use) -> None:
        t = use.targets[0]
        if s.alive[t] and s.hp[t] < 1:
            s.hp[t] = 1
            s.emit("shallow_grave", {"seat": t})


def _wave_target(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    if not chosen:  # the hero to heal: any wounded hero
        return s.hp[t] < s.maxhp[t]
    return t != chosen[0]  # the hero to hurt: 「另一名角色」, any hero but the one healed (yourself too)


@register
class ShadowWave(Skill):
    """暗影波 (active, dispellable, once per play phase): discard two cards of one suit; a wounded hero (the first
    target) heals 1 and you deal 1 damage to another hero (the second, any hero but the first)."""

    code = "shadow_wave"
    plan = Plan(cards=(2, 2), zone="cards", pay=same_suit(2, "cards"), targets=(2, 2), target_ok=_wave_target)

    def resolve(self, s: FateState, use: Use) -> None:
        from ..pipeline import deal

        a, b = use.targets
        if s.alive[b]:
            deal(s, use.user, b, 1, "暗影波")
        s.heal(a, 1, use.user)
