"""Pure rule arithmetic of fate (seed 004): seat distance and attack range, identities, fate checks, victory.

Readings taken from the seed and ``shared/reference/004-fate.md`` (the rules document, ``docs/rules/fate.md``,
states each in full):

- 距离 / 攻击范围 (gap 4-5): Sanguosha-style distance — the fewer steps round the circle of living heroes;
  速度之靴 adds 1 to others' distance to its wearer and takes 1 from the wearer's; base attack range 1, a weapon's
  range replaces it.
- 胜利条件: 近卫 win when every 天灾 is dead, 天灾 when every 近卫 is dead, dead or alive; a neutral who completes
  the fate wins alone and outranks the factions ("中立获胜优先级大于天灾和近卫方"); with two neutrals the first in
  turn order from the current hero wins. A neutral must be alive to complete a fate (our reading).
- 宿命 (gap 4-9, 4-10): 死神的召唤者 and 偏执的数学家 are tested only between resolutions; 蔓延的瘟疫 reads the
  opening neighbours; 反噬的傀儡 the opening 下家 (the next seat in turn order).
- Roshan附体 (gap 4-11): once revealed, Roshan wins by killing every other hero and every other hero wins when
  Roshan dies.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import FATES, FateCheck
from .spec import Identity


def living_order(alive: Sequence[bool], start: int) -> list[int]:
    """Living seats in turn order starting at ``start`` (included if alive)."""
    n = len(alive)
    return [(start + i) % n for i in range(n) if alive[(start + i) % n]]


def seat_distance(alive: Sequence[bool], a: int, b: int) -> int:
    """Steps from ``a`` to ``b`` the shorter way round the living circle (dead seats are skipped)."""
    if a == b:
        return 0
    n = len(alive)
    fwd = 0
    i = a
    while i != b:
        i = (i + 1) % n
        if alive[i] or i == b:
            fwd += 1
    back = 0
    i = a
    while i != b:
        i = (i - 1) % n
        if alive[i] or i == b:
            back += 1
    return min(fwd, back)


def distance(alive: Sequence[bool], a: int, b: int, from_a: int, to_b: int) -> int:
    """Distance from ``a`` to ``b`` with the modifiers of ``a`` as source (``from_a``: 速度之靴, 瞄准 −1) and of
    ``b`` as target (``to_b``: +1), never below 1 between two heroes."""
    if a == b:
        return 0
    return max(1, seat_distance(alive, a, b) + from_a + to_b)


def path_between(alive: Sequence[bool], a: int, b: int, step: int) -> list[int]:
    """Living seats met going from ``a`` towards ``b`` in direction ``step`` (+1 next, −1 previous), ``b``
    included and ``a`` excluded (野性之斧)."""
    n = len(alive)
    out = []
    i = a
    while i != b:
        i = (i + step) % n
        if alive[i]:
            out.append(i)
    return out


def fate_met(fate: int, seat: int, alive: Sequence[bool], identity: Sequence[int], hp: Sequence[int],
             rage: Sequence[int], quiet: bool) -> bool:
    """True when the neutral at ``seat`` has completed fate card ``fate`` (puppet and Roshan are handled by
    ``faction_winners`` / the state, they never complete on their own)."""
    f = FATES[fate]
    n = len(alive)
    if not alive[seat]:
        return False
    if f.quiet_only and not quiet:
        return False
    if f.check is FateCheck.FACTION_DEAD:
        members = [s for s in range(n) if identity[s] == f.param]
        return bool(members) and not any(alive[s] for s in members)
    if f.check is FateCheck.NEIGHBOURS_DEAD:
        return not alive[(seat - 1) % n] and not alive[(seat + 1) % n]
    if f.check is FateCheck.THREE_FACTIONS:
        living = [s for s in range(n) if alive[s]]
        return len(living) == 3 and {identity[s] for s in living} == {0, 1, 2}
    if f.check is FateCheck.OTHERS_LOW_HP:
        return all(hp[s] <= f.param for s in range(n) if alive[s] and s != seat)
    if f.check is FateCheck.ALL_RAGE_ODD:
        return all(rage[s] % 2 == 1 for s in range(n) if alive[s])
    return False


def faction_winners(alive: Sequence[bool], identity: Sequence[int]) -> tuple[int, ...]:
    """近卫 or 天灾 when the other faction is wiped out (all its members, dead or alive, win), else ()."""
    n = len(alive)
    for side, enemy in ((Identity.SENTINEL, Identity.SCOURGE), (Identity.SCOURGE, Identity.SENTINEL)):
        foes = [s for s in range(n) if identity[s] == enemy]
        if foes and not any(alive[s] for s in foes):
            return tuple(s for s in range(n) if identity[s] == side)
    return ()


def identity_winners(fate: int, current: int, alive: Sequence[bool], identity: Sequence[int], hp: Sequence[int],
                     rage: Sequence[int], quiet: bool) -> tuple[int, ...]:
    """Who wins now in identity mode without a revealed Roshan, or () (neutral priority, two neutrals, puppet)."""
    n = len(alive)
    neutrals = [(current + i) % n for i in range(n) if identity[(current + i) % n] == Identity.NEUTRAL]
    if fate >= 0:
        for s in neutrals:
            if fate_met(fate, s, alive, identity, hp, rage, quiet):
                return (s,)
    won = faction_winners(alive, identity)
    if won and fate >= 0 and FATES[fate].check is FateCheck.PUPPET:
        for s in neutrals:
            if alive[s] and (s + 1) % n in won:
                return (s,)
    return won
