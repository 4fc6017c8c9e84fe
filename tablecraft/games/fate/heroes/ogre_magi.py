"""食人魔法师 Ogre Magi (智, 4/4): 火焰爆轰 Fireblast, 多重施法 Multicast."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_TYPES, IS_RED, CardKind
from ..pipeline import judge, on_judgement, targets_needed, valid_targets
from ..skills import SKILLS, Skill, ask, register
from ..state import F, FateState, Judgement, Use


@register
class Fireblast(Skill):
    """火焰爆轰: your magic cards cannot be dispelled."""

    code = "fireblast"

    def undispellable(self, s: FateState, me: int, use: Use) -> bool:
        return use.ctype >= 0 and CARD_TYPES[use.ctype].kind is CardKind.MAGIC


@register
class Multicast(Skill):
    """多重施法: after a magic card of yours resolves, judge: on red, it resolves once more — with the same
    targets (``done``) or new ones you name, unless it can only target yourself. A repeat does not repeat."""

    code = "multicast"

    def on_resolved(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me and use.ref < 0 and use.ctype >= 0 and CARD_TYPES[use.ctype].kind is CardKind.MAGIC:
            judge(s, me, self.code, (use,))

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        use, chosen = data
        out = [A.TARGET[t] for t in valid_targets(s, me, use.ctype, chosen)]
        if not chosen and all(s.alive[t] for t in use.targets):
            out.append(A.DONE)
        return out

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        use, chosen = data
        if action.kind is Kind.DONE:
            self.again(s, use, use.targets)
            return
        chosen = chosen + (action.a,)
        if len(chosen) < targets_needed(s, me, use.ctype):
            ask(s, me, self.code, 0, (use, chosen))
        else:
            self.again(s, use, chosen)

    def again(self, s: FateState, use: Use, targets: tuple[int, ...]) -> None:
        """Resolve ``use`` once more on ``targets`` (no cards: the card itself has gone to the discard pile)."""
        again = use._replace(uid=s.next_uid(), cards=(), targets=targets, ref=use.uid)
        s.emit("multicast", {"seat": use.user, "card": CARD_TYPES[use.ctype].code, "targets": list(targets)})
        s.push((F.RESOLVE, use.user, again), (F.FINISH, use.user, again))


@on_judgement("multicast")
def _multicast(s: FateState, j: Judgement) -> None:
    use: Use = j.data[0]
    if not IS_RED[j.card] or not s.alive[use.user]:
        return
    if targets_needed(s, use.user, use.ctype) and valid_targets(s, use.user, use.ctype, ()):
        ask(s, use.user, Multicast.code, 0, (use, ()))
    elif not targets_needed(s, use.user, use.ctype):
        SKILLS[Multicast.code].again(s, use, use.targets)  # type: ignore[attr-defined]
