"""魅惑魔女 Enchantress (智, 3/5): 不可侵犯 Untouchable, 魅惑 Enchant, 自然之助 Nature's Attendants."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import BASIC_ATTACK, CARD_NAME, IS_RED, Suit
from ..skills import Plan, Skill, any_hero, ask, register, suit_is
from ..state import FateState, Judgement, Use


@register
class Untouchable(Skill):
    """不可侵犯: 普通攻击 (and anything used as one) has no effect on you; 火焰攻击 and 混乱攻击 do."""

    code = "untouchable"

    def attack_void(self, s: FateState, me: int, use: Use) -> bool:
        return use.ctype == BASIC_ATTACK


@register
class Enchant(Skill):
    """魅惑: after any red judgement card takes effect, you may discard a card to take that judgement card."""

    code = "enchant"

    def on_judged(self, s: FateState, me: int, j: Judgement) -> None:
        if IS_RED[j.card] and s.discard and s.discard[-1] == j.card and s.cards_of(me):
            ask(s, me, self.code, 0, (j.card,))

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PASS] + [A.PICK[c] for c in s.cards_of(me)]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        card = data[0]
        if action.kind is not Kind.PICK or card not in s.discard:
            return
        s.discard_card(me, action.a, self.code)
        s.discard.remove(card)
        s.hands[me].append(card)
        s.emit("took", {"seat": me, "cards": [CARD_NAME[card]], "from": "judgement"})


@register
class NaturesAttendants(Skill):
    """自然之助 (active, dispellable, once per play phase): spend X rage and discard X ♥ (``done`` when paid); X
    heroes each heal 1 HP."""

    code = "natures_attendants"
    plan = Plan(cards=(1, 3), zone="cards", pay=suit_is(Suit.HEART), rage=lambda s, me, paid: len(paid),
                targets=lambda s, me, paid: (len(paid), len(paid)), target_ok=any_hero)

    def price(self, s: FateState, me: int, lang: str) -> str | None:
        """X ♥ cards and X rage, X from 1 to 3 (the plan's rage is a function of the cards paid)."""
        rage = s.rage[me]
        return f"X张红桃牌和X点怒气（X = 1–3，现有怒气 {rage}）" if lang == "zh" else \
            f"X ♥ cards and X rage (X = 1–3; you have {rage} rage)"

    def resolve(self, s: FateState, use: Use) -> None:
        for t in use.targets:
            s.heal(t, 1, use.user)
