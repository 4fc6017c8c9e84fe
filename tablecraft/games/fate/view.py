"""What a seat may know (``view``) and the worlds it cannot tell apart (``resample``).

A seat sees: its own hand, bombs, faith cards (信仰) and hero candidates, and the cards set aside from its hand;
every face-up zone (equipment, status cards, the discard pile, the table of cards being resolved, a revealed row,
judgement cards); in another's hand, the cards it knows are there (``known_hand``: taken face up from the table,
a row or an equipment zone, or given to it by that hero, until a card leaves that hand unseen — ``state.known``);
counts of everything else; every hero's turn effects (cast states are cast in the open); its own identity, its
下家's, any it has been shown, and every dead hero's. ``resample`` redeals exactly what the view hides — the cards
of other hands, bombs and faith cards it does not know, the deck, cards set aside face down, looked-at cards,
unknown identities, others' hero candidates and kept 1v1 heroes — keeping every count, so
``view(resample(s, p), p) == view(s, p)``.

The view, JSON-safe::

    {"game": "fate", "mode": "identity", "seat": 0, "turn": 5, "turn_seat": 2, "to_move": 3,
     "decision": "reply", "fate": "puppet" | null, "roshan": null,
     "deck": 71, "discard": ["atk:AS", ...], "table": [...], "revealed": [...], "looked": [...] | 3, "aside": 0, "aside_known": [],
     "players": [{"seat": 0, "hero": "axe" | null, "hp": 4, "max_hp": 4, "rage": 1, "hand_limit": 4,
                  "alive": true, "hand_size": 5, "hand": [...] | null, "known_hand": [...], "weapon": "skadi:JS" | null,
                  "armour": null, "talisman_sideways": false, "status": [], "bombs": 0, "bomb_cards": [] | null,
                  "pile": 0, "pile_cards": [] | null, "held": 0, "held_cards": [] | null,
                  "identity": "sentinel" | null, "skip_next": false, "shielded": false, "marks": ["unlimited"]},
                 ...],
     "candidates": ["axe", "lich"] | [], "picked": [true, false, ...],
     "draft": {"pool": [...], "drafted": [[...], [...]], "left": [[...] | null], "right": [[...]]} | null,
     "over": false, "winners": [], "end_reason": ""}
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.api import Json
from tablecraft.core.events import redacted_chain
from tablecraft.core.rng import Rng

from .content import CARD_NAME, CARD_TYPES, FATES, HEROES
from .spec import IDENTITY_CODES, Mode
from .state import EVERYONE, F, FateState, Mark, Purpose, Use

MODE_WORD = {Mode.IDENTITY: "identity", Mode.DUEL: "1v1", Mode.TRIO: "1v1v1", Mode.TEAMS: "2v2"}
MARK_WORDS = tuple((m, str(m.name).lower()) for m in Mark if m not in (Mark.STAFF_USED, Mark.FREE_STRENGTHEN_USED))


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAME[c] for c in sorted(cards)]


def kept_revealed(s: FateState, p: int) -> bool:
    """1v1: whether ``p``'s three kept heroes are public (二人规则6: revealed with the starting hero)."""
    return s.hero[p] >= 0 or s.picked[p] >= 0


def view_of(s: FateState, seat: int | None) -> Json:
    """The position as ``seat`` may see it (``None`` = spectator). A play another hero is still building is not
    in it: the others see the decision it started at (``takeback``)."""
    n = s.n
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist; seats are 0–{n - 1} or None")
    if s.building and seat != s.building[0]:
        from .takeback import unbuilt

        s = unbuilt(s)
    full = (1 << n) - 1
    bit = EVERYONE if seat is None else 1 << seat
    where = s.known
    picking = s.mode is not Mode.DUEL and any(h < 0 for h in s.hero)
    dealt = not picking and s.mode in (Mode.IDENTITY, Mode.TEAMS)  # identities come after the heroes (三 after 二)
    players = []
    for p in range(n):
        own = seat == p
        h = s.hero[p]
        known = seat is not None and bool(s.id_known[p] >> seat & 1) or s.id_known[p] == full
        held = [c for c, owner, _ in s.held if owner == p]
        names = _names(s.hands[p]) if own else []
        flags = s.tflags[p]
        players.append({
            "seat": p, "hero": HEROES[h].code if h >= 0 else None, "hp": s.hp[p], "max_hp": s.maxhp[p],
            "rage": s.rage[p], "hand_limit": s.limit_of(p) if h >= 0 else 0, "alive": s.alive[p],
            "hand_size": len(s.hands[p]), "hand": names if own else None,
            "known_hand": names if own else _names([c for c in s.hands[p] if where[c] & bit]),
            "weapon": CARD_NAME[s.weapon[p]] if s.weapon[p] >= 0 else None,
            "armour": CARD_NAME[s.armour[p]] if s.armour[p] >= 0 else None,
            "talisman_sideways": bool(s.sideways[p]), "status": _names(s.status[p]), "bombs": len(s.bombs[p]),
            "bomb_cards": _names(s.bombs[p]) if own else None,
            "pile": len(s.pile[p]), "pile_cards": _names(s.pile[p]) if own else None,
            "held": len(held), "held_cards": _names(held) if own else None,
            "identity": IDENTITY_CODES[s.identity[p]] if known and dealt else None,
            "skip_next": bool(s.skip_next[p]), "shielded": bool(s.untouch[p]),
            "marks": [word for m, word in MARK_WORDS if flags & m],
            "reborn": bool(s.reborn[p]),
        })
    over = not s.stack
    draft = None
    if s.mode is Mode.DUEL:
        draft = {"pool": [HEROES[h].code for h in s.pool],
                 "drafted": [[HEROES[h].code for h in c] for c in s.cand],
                 "left": [[HEROES[h].code for h in z] if seat == p or kept_revealed(s, p) else None
                          for p, z in enumerate(s.left)],
                 "kept": [len(z) for z in s.left],
                 "right": [[HEROES[h].code for h in z] for z in s.right],
                 "bench_hp": {HEROES[h].code: s.bench_hp[h] for p in range(n) if kept_revealed(s, p)
                              for h in s.left[p] + s.right[p]},
                 "bench_rage": {HEROES[h].code: s.bench_rage[h] for p in range(n) if kept_revealed(s, p)
                                for h in s.left[p] + s.right[p]}}
    return {
        "game": "fate",
        "mode": MODE_WORD[s.mode],
        "texts": s.opt["texts"],
        "seat": seat,
        "turn": s.turn,
        "turn_seat": s.turn_seat,
        "to_move": None if over else s.stack[-1][1],
        "decision": None if over else F(s.stack[-1][0]).name.lower(),
        "fate": FATES[s.fate].code if s.fate >= 0 else None,
        "roshan": s.roshan if s.roshan >= 0 else None,
        "deck": len(s.deck),
        "discard": [CARD_NAME[c] for c in s.discard],
        "table": [CARD_NAME[c] for c in s.table],
        "revealed": [CARD_NAME[c] for c in s.revealed],
        "looked": _names(s.looked) if seat is not None and seat == s.looker else len(s.looked),
        "aside": len(s.aside),
        "aside_known": _names([c for c in s.aside if where[c] & bit]),
        "removed": [CARD_NAME[c] for c in s.removed],
        "attacks": s.attacks,
        "players": players,
        "candidates": [HEROES[h].code for h in s.cand[seat]] if picking and seat is not None else [],
        "my_pick": HEROES[s.picked[seat]].code if picking and seat is not None and s.picked[seat] >= 0 else None,
        "picked": [p >= 0 for p in s.picked] if picking else [],
        "draft": draft,
        "pending": pending_of(s) if not over else None,
        "over": over,
        "winners": list(s.winners_),
        "end_reason": s.end_reason,
    }


def use_json(use: Any) -> Json | None:
    """The public facts of a use: who, what (card type or skill), which cards, whom."""
    if not isinstance(use, Use):
        return None
    return {"user": use.user, "card": CARD_TYPES[use.ctype].code if use.ctype >= 0 else None,
            "skill": use.skill or None, "cards": [CARD_NAME[c] for c in use.cards], "targets": list(use.targets),
            "strong": bool(use.strong)}


def pending_of(s: FateState) -> Json:
    """What the decision on top of the stack is about, in public terms (who asks, for what, against whom)."""
    f = s.stack[-1]
    kind = F(f[0])
    out: Json = {"frame": kind.name.lower(), "seat": f[1]}
    if kind is F.REPLY:
        _, seat, purpose, role, x, y = f
        out.update(purpose=purpose.name.lower(), role=role.name.lower(), use=use_json(x))
        if purpose is Purpose.ATTACK_DODGE:
            out["need"] = y
        elif purpose is Purpose.FORCED_ATTACK:
            out["at"] = x
        elif purpose is Purpose.QUELL:
            out["dead"] = x
        elif purpose is Purpose.DISPEL:
            base, chain = dispel_chain(s)
            out["against"] = use_json(chain[-1] if chain else base)
            out["chain"] = [use_json(u) for u in (base, *chain)]
    elif kind is F.DEMAND:
        _, target, source, test, amount, why = f
        out.update(source=source, test=list(test), amount=amount, why=why)
    elif kind is F.RESCUE_ASK:
        out.update(dying=f[2], no_salve=bool(f[3]))
    elif kind is F.BUILD:
        _, seat, ctype, cards, targets, strong = f[:6]
        out.update(card=CARD_TYPES[ctype].code, cards=[CARD_NAME[c] for c in cards], targets=list(targets))
    elif kind in (F.PAY, F.SKILL_TARGET):
        out.update(skill=f[2], paid=[CARD_NAME[c] for c in f[3]], targets=list(f[4]))
    elif kind is F.ASK:
        out.update(skill=f[2], stage=f[3])
    elif kind is F.ZONE_ASK:
        out.update(victim=f[2], purpose=("frost_armor", "disarm", "greed")[f[3]])
    elif kind is F.NAME_ASK:
        out.update(target=f[2], suit=bool(f[3]))
    elif kind is F.PAIR_PICK:
        out.update(rule=f[2], picked=[CARD_NAME[c] for c in f[3]])
    elif kind is F.PLAY:
        out.update(attacks=s.attacks, attack_allow=s.attack_allow)
    elif kind is F.DISCARD:
        out.update(count=len(s.hands[f[1]]) - s.limit_of(f[1]))
    elif kind is F.REWARD_ASK:
        out.update(dead=f[2])
    elif kind is F.DRAFT_ASK:
        out.update(stage=("draft", "keep", "starter")[f[2]])
    return out


def dispel_chain(s: FateState) -> tuple[Any, tuple[Any, ...]]:
    """The open dispel window's use and its chain of 驱散 so far (a 驱散 played now cancels the last of them)."""
    for i in range(len(s.stack) - 1, -1, -1):
        fr = s.stack[i]
        if fr[0] == F.DISPEL_WIN:
            return fr[2], fr[3]
    return None, ()


_TRIES = 24
"""Random redeals tried before the constructive repair (``resample_for``)."""


def resample_for(s: FateState, seat: int, rng: Rng) -> FateState:
    """A copy of ``s`` with everything ``seat`` cannot see redealt (blindly: sorted pools, then ``rng``).

    The hero to move has shown that it can finish what it started (paying a red card, picking a pair): a redeal
    that leaves it no legal option is not a world consistent with what ``seat`` saw, so such deals are rejected
    and, failing that, repaired by swapping hidden cards into its hand in a fixed order."""
    n = s.n
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist; seats are 0–{n - 1}")
    if s.building and seat != s.building[0]:  # another hero's play in the making is no part of what seat knows
        from .takeback import unbuilt

        s = unbuilt(s)
    r = s.clone()
    bit = 1 << seat
    known = r.known
    zones: list[list[int]] = [*r.hands, *r.bombs, *r.pile, r.deck, r.looked, r.aside]
    holes: list[tuple[list[int], int]] = [(z, i) for z in zones for i, c in enumerate(z) if not known[c] & bit]
    held_slots = [i for i, h in enumerate(r.held) if not known[h[0]] & bit]
    # Knowledge belongs to the place: each redealt card takes the mask of the slot it lands in.
    masks = [known[z[i]] for z, i in holes] + [known[r.held[i][0]] for i in held_slots]
    pool = sorted([z[i] for z, i in holes] + [r.held[i][0] for i in held_slots])
    mover = r.stack[-1][1] if r.stack else -1
    check = mover >= 0 and mover != seat
    for _ in range(_TRIES):
        deal = pool[:]
        rng.shuffle(deal)
        _place(r, holes, held_slots, deal)
        if not check or can_finish(r):
            break
    else:
        _repair(r, mover, holes, held_slots, deal)
        deal = [z[i] for z, i in holes] + [r.held[i][0] for i in held_slots]
    for c, m in zip(deal, masks, strict=True):  # deal[k] now lies in slot k, whose mask is masks[k]
        known[c] = m
    unknown = unseen_identities(r, seat)
    truth = [r.identity[p] for p in unknown]
    if len(set(truth)) > 1:  # else every deal is the truth (the hidden multiset is public: no need to judge it)
        ids = sorted(truth)
        for _ in range(_TRIES):
            rng.shuffle(ids)
            for p, i in zip(unknown, ids, strict=True):
                r.identity[p] = i
            if not would_have_ended(r):
                break
        else:  # the true identities always qualify
            for p, i in zip(unknown, truth, strict=True):
                r.identity[p] = i
    _resample_heroes(r, seat, rng)
    r.rng = Rng(rng.next64())
    r._log = redacted_chain(s._log, seat)
    r._history = ()
    return r


def unseen_identities(s: FateState, seat: int) -> list[int]:
    """The seats whose identity ``seat`` does not know: neither shown to it nor revealed to everyone."""
    everyone = (1 << s.n) - 1
    return [p for p in range(s.n) if not s.id_known[p] >> seat & 1 and s.id_known[p] != everyone]


def can_finish(s: FateState) -> bool:
    """Whether the hero to move can finish what it has shown it started: it has a legal option, and a skill's
    payment under way can still reach its minimum (時光倒流's three red cards, once the first is paid)."""
    if not s.legal_actions():
        return False
    f = s.stack[-1]
    if f[0] != F.PAY:
        return True
    from .skills import SKILLS, payable_zone

    _, me, code, paid, _t = f
    plan = SKILLS[code].plan
    assert plan is not None
    need = plan.cards[0] - len(paid)
    return need <= 0 or sum(1 for c in payable_zone(s, me, plan.zone)
                            if c not in paid and plan.pay(s, me, c, paid)) >= need


def would_have_ended(s: FateState) -> bool:
    """Whether someone would already have won in ``s``: a world where a hidden identity completes a win is not one
    the seats can be in, since every seat saw the game go on. Judged at the play and discard phases' decisions,
    which come right after a victory check (gap 4-9: the quiet fates 死神的召唤者, 偏执的数学家 among them)."""
    if not s.stack or s.stack[-1][0] not in (F.PLAY, F.DISCARD):
        return False  # mid-resolution a win may be waiting for its check (a death still being settled)
    return s.victors(True) is not None


def _place(r: FateState, holes: list[tuple[list[int], int]], held_slots: list[int], deal: list[int]) -> None:
    k = 0
    for z, i in holes:
        z[i] = deal[k]
        k += 1
    for i in held_slots:
        c, owner, until = r.held[i]
        r.held[i] = (deal[k], owner, until)
        k += 1


def _repair(r: FateState, mover: int, holes: list[tuple[list[int], int]], held_slots: list[int],
            deal: list[int]) -> None:
    """Swap hidden cards into the mover's hand, in a fixed order, until it has a legal option."""
    hand = r.hands[mover]
    others = [(z, i) for z, i in holes if z is not hand]
    for slot in range(len(hand)):
        for z, i in others:
            hand[slot], z[i] = z[i], hand[slot]
            if can_finish(r):
                return
            hand[slot], z[i] = z[i], hand[slot]


def _resample_heroes(r: FateState, seat: int, rng: Rng) -> None:
    """Hero candidates (while heroes are hidden) and the 1v1 kept heroes (until revealed)."""
    n = r.n
    if r.mode is Mode.DUEL:
        for p in range(n):
            if p != seat and not kept_revealed(r, p) and r.left[p]:
                options = sorted(r.cand[p])
                rng.shuffle(options)
                r.left[p] = sorted(options[:len(r.left[p])])
        return
    if not any(h < 0 for h in r.hero):
        return
    from .heroes import implemented_heroes

    mine = set(r.cand[seat])
    pool = r.game.hero_pool  # type: ignore[attr-defined]
    heroes = [h for h in implemented_heroes(r.game.options["texts"]) if h not in mine and h in pool]
    rng.shuffle(heroes)
    k = 0
    for p in range(n):
        if p == seat:
            continue
        c = len(r.cand[p])
        r.cand[p] = sorted(heroes[k:k + c])
        k += c
        if r.picked[p] >= 0:
            r.picked[p] = r.cand[p][0]
