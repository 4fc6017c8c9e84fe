"""Self-destruction in fate: an action that kills its own hero unless somebody else steps in.

``Game.is_self_destroying``'s default stops at the first real choice of any seat, but in fate most self-inflicted
deaths pass through choices of others first — the dispel window of 死亡缠绕 or 牺牲, the 闪避 of the hero a
blow is aimed at, and above all the dying window (濒死), where every hero may rescue. The mover cannot count on
any of that, so the check plays on with **the others doing nothing** (``pass``/``no``/``done`` where they may, else
an option that does not aim at the mover) and **the mover protecting itself** (its own salve or rescue skill when
dying, a 闪避 or a discard when asked for one, 魔法护盾 and 刚毛后背 when hit, never a 援护 for someone else) until
the resolution is over: the mover's own next free decision, someone else's turn, or the end of the game. Where the
mover still has a free choice on the way (a target, a payment, a mode) every option is tried: the action is
self-destroying only if the mover is dead (or has lost the game) at the end of every one. A death that waited on a
judgement (反转螺旋, 刃甲, 自爆 …) is a gamble on the deck, which the mover cannot see, not a self-destruction: the
heuristic weighs such risks itself.

It costs one clone and a few dozen unchecked steps, and runs only for the action the agent chose (and, when that
one is unsafe, for the others).
"""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..state import F, FateState, Purpose

STOP = frozenset({F.PLAY, F.DISCARD, F.CAST_ASK, F.DRAW_ASK, F.ROSHAN_ASK, F.ROTATE_ASK, F.PICK_HERO,
                  F.DRAFT_ASK})
"""Decisions that begin something new: the resolution the action started is over."""
LOOKAHEAD = 120
"""Steps followed before giving up (a resolution is never that long)."""
PROTECT_YES = frozenset({"mana_shield", "bristle_back", "talisman"})
"""The mover's own reactions that keep it alive (taken when offered)."""
DODGES = (Purpose.ATTACK_DODGE, Purpose.AXE_DODGE, Purpose.LAGUNA_DODGE)
DECLINE = (Kind.PASS, Kind.NO, Kind.DONE)


def self_destroying(state: FateState, action: FateAction) -> bool:
    """Whether ``action`` of the seat to move leaves it dead (or beaten) once what it started has resolved, with
    nobody else helping and the mover protecting itself, whatever else the mover chooses on the way."""
    mover = state.current_player()
    s = state.clone()
    s.apply_unchecked(action)
    return doomed(s, mover, state._log, [BRANCHES])


BRANCHES = 24
"""Continuations tried at most per check (the mover's own later choices: targets, payments, modes)."""


def doomed(s: FateState, mover: int, log0: Any, budget: list[int]) -> bool:
    """Whether ``s`` (mid-resolution) ends with the mover dead or beaten whatever the mover's free choices, others
    doing nothing; a death that waited on a judgement is a gamble, not self-destruction."""
    for _ in range(LOOKAHEAD):
        if s.is_terminal():
            return s.returns()[mover] < 0 and not judged_since(s, log0)
        if not s.alive[mover]:
            return not judged_since(s, log0)
        top = s.stack[-1]
        if top[0] in STOP:
            return False
        legal = s.forward_actions()  # the mover's cancel is no way out
        if len(legal) == 1:
            s.apply_unchecked(legal[0])
            continue
        if top[1] != mover:
            s.apply_unchecked(passive(legal, mover))
            continue
        fixed = protective(top, legal, mover)
        if fixed is not None:
            s.apply_unchecked(fixed)
            continue
        for a in legal:  # a free choice of the mover: doomed only if every option is
            if budget[0] <= 0:
                return False
            budget[0] -= 1
            branch = s.clone()
            branch.apply_unchecked(a)
            if not doomed(branch, mover, log0, budget):
                return False
        return True
    return False


def judged_since(s: FateState, log0: Any) -> bool:
    """Whether a judgement card was turned up since the log stood at ``log0`` (its outcome was the deck's)."""
    node = s._log
    while node is not None and node is not log0:
        if node[0].kind == "judged":
            return True
        node = node[1]
    return False


def passive(legal: list[FateAction], mover: int) -> FateAction:
    """Another seat's choice: decline where it may, else anything not aimed at the mover."""
    for a in legal:
        if a.kind in DECLINE:
            return a
    for a in legal:
        if not (a.kind is Kind.TARGET and a.a == mover):
            return a
    return legal[0]


def protective(top: tuple[Any, ...], legal: list[FateAction], mover: int) -> FateAction | None:
    """The mover's own choice where one option plainly keeps it alive (its rescue, a 闪避, a discard, a shield);
    None where the choice is free (the check then tries them all)."""
    kind = top[0]
    acting = [a for a in legal if a.kind not in DECLINE]
    if not acting:
        return None
    if kind == F.RESCUE_ASK and top[2] == mover:
        return acting[0]
    if kind == F.REPLY and top[2] in DODGES or kind == F.DEMAND:
        return acting[0]
    if kind == F.REPLY and top[2] == Purpose.FORCED_ATTACK and top[5]:
        return acting[0]  # 战争饥渴: the 【攻击】 spares me its damage
    if kind == F.ASK and top[2] in PROTECT_YES and (top[2] != "talisman" or top[3] == 0):
        for a in legal:
            if a.kind in (Kind.YES, Kind.PICK):
                return a
    if kind == F.ASK and top[2] == "guardian":
        return next(a for a in legal if a.kind is Kind.NO)
    return None
