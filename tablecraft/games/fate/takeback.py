"""Cancel before commit (取消): a play chosen in steps can be taken back until any of it is shown.

A play in fate is often built over several decisions of one hero before anything happens: ``use atk:AS`` and then
its target, then whether to strengthen it; a two-card rule (``pair sny``) and then each card; a skill and then the
cards that pay it and its targets. Until the play is *committed* — an event announces it (``used``, ``skill``,
``played``, a card discarded to pay), the RNG is drawn, another hero is asked — nothing of it exists for the
others, so the hero may take it back with ``cancel`` and stands again at the decision where it started.

**Where a build starts** (``STARTS``): the play phase (``use``, ``as``, ``pair``, ``skill``), a reply window
(``pair``: the two cards of a two-card 闪避 / 驱散 …), the cast phase and a rescue (``skill``). **Where it may
stay open** (``PRIVATE``): the frames whose decisions change nothing but the stack or move the hero's own hand
cards onto the table — choosing targets and strengthening (``BUILD``), the cards of a pair (``PAIR_PICK``),
冰霜禁制's extra card (``EXTRA_COST``), a skill's payment (``PAY``) and targets (``SKILL_TARGET``). Anything
else commits: after a step that emitted an event or drew from the RNG, or that leaves another frame (or another
seat) to decide, ``cancel`` is not offered any more. So a skill paid by discarding cards can be cancelled only
before its first card is paid (the discard shows the card), 冰霜禁制's extra card commits the use it is paid for,
and a skill or item with its own first question (``ASK``: 遥控炸弹, 神秘法杖 …) commits at once.

**What it restores** (``begin``): the steps of a build touch only the stack, the hero's hand (cards laid on the
table in ``hand_to_table``, with their ``seen`` / ``known`` bits) and the hero's ``used`` bits (once-per-turn
skills and view-as rules). The record ``FateState.building`` keeps exactly those as they stood at the start, so
``cancel`` gives back the state of that decision in full — all but the action history — and replaying the
action list, cancels and all, reproduces the game.

**What the others see**: the state of the start. Their views (and a spectator's) are made from ``unbuilt(s)``, a
copy with the build taken back; worlds resampled for them are resampled from it, and ``card_places`` (for the
sightings check) reads it too. The hero building sees its own build as it is (the card on the table, the
pending target choice). Agents never take a build back (``State.forward_actions``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import FateAction, Kind
from .state import F

if TYPE_CHECKING:
    from .state import FateState

STARTS: dict[int, frozenset[Kind]] = {
    F.PLAY: frozenset({Kind.USE, Kind.AS, Kind.PAIR, Kind.SKILL}),
    F.REPLY: frozenset({Kind.PAIR}),
    F.CAST_ASK: frozenset({Kind.SKILL}),
    F.RESCUE_ASK: frozenset({Kind.SKILL}),
}
"""The decisions a build may start at, and the actions that may start one there."""

PRIVATE = frozenset({F.BUILD, F.PAIR_PICK, F.EXTRA_COST, F.PAY, F.SKILL_TARGET})
"""Decision frames a build may wait at without committing (their decisions are the build's steps)."""

Record = tuple[Any, ...]
"""``(seat, stack, hand, marks, table, used)``: the builder, and its stack, hand, the ``(seen, known)`` of each
hand card, the table's length and its ``used`` bits at the start of the build."""


def begin(s: FateState, frame: tuple[Any, ...], action: FateAction) -> Record | None:
    """The record of ``s`` before ``action`` is taken at the decision ``frame``, if the action may start a build
    (whether it does is known only after it: ``still_open``)."""
    kinds = STARTS.get(frame[0])
    if kinds is None or action.kind not in kinds:
        return None
    seat = frame[1]
    hand = tuple(s.hands[seat])
    seen, known = s.seen, s.known
    return (seat, tuple(s.stack), hand, tuple((seen[c], known[c]) for c in hand), len(s.table), s.used[seat])


def still_open(s: FateState, record: Record | None, log: Any, rng: int) -> Record | tuple[()]:
    """``record`` while the build it describes is still uncommitted after a step, else ``()``: no event emitted
    (the log is the object it was, ``log``), no draw from the RNG (its state is ``rng``), and the builder still
    deciding at a private frame above the frames it started on."""
    if record is None or s._log is not log or s.rng.state != rng or not s.stack:
        return ()
    top = s.stack[-1]
    if top[0] not in PRIVATE or top[1] != record[0] or len(s.stack) < len(record[1]):
        return ()
    return record


def take_back(s: FateState) -> None:
    """``cancel``: restore what the build changed, as it stood at the start."""
    seat, stack, hand, marks, table, used = s.building
    s.stack = list(stack)
    s.hands[seat] = list(hand)
    seen, known = s.seen, s.known
    for c, (sn, kn) in zip(hand, marks, strict=True):
        seen[c] = sn
        known[c] = kn
    del s.table[table:]
    s.used[seat] = used
    s.building = ()


def unbuilt(s: FateState) -> FateState:
    """``s`` as everyone but the builder knows it: a copy with the build in progress taken back (``s`` itself
    when nothing is being built)."""
    if not s.building:
        return s
    u = s.clone()
    take_back(u)
    return u


def builder(s: FateState) -> int:
    """The seat building a play now, or −1."""
    return s.building[0] if s.building else -1
