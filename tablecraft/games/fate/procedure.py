"""The turn of fate (seed 004 · 游戏流程): the cast phase, status check, draw, play, discard and end phases, the
1v1 rotation, and the setup decisions (hero picks, the 1v1 draft).

``pipeline.py`` resolves what is used and played; ``cards.py`` holds the card effects, ``items.py`` and
``heroes/`` the items and hero skills. Importing this module registers every frame handler, card, item and hero.
"""

from __future__ import annotations

from . import actions as A
from .actions import FateAction, Kind
from .content import (
    CARD_DEF,
    CARD_TYPE,
    CARD_TYPES,
    FATES,
    HEROES,
    PAIR_RULES,
    VIEW_AS_BY_CODE,
    CardKind,
    FateCheck,
    Role,
    SkillKind,
)
from .pipeline import (
    Frame,
    attack_allowed,
    build,
    conversions,
    convert_options,
    decide,
    note_rule_used,
    options,
    pay_extra,
    push_some,
    real_role_cards,
    single_rule,
    step,
    targets_needed,
    valid_targets,
)
from .skills import SKILLS, fire_frame
from .spec import Identity, Mode
from .state import SKIP_DRAW_NEXT, SKIP_PHASES_NEXT, F, FateState, Mark, Purpose, Window

S = FateState


# ------------------------------------------------------------------------------------------ the turn
@step(F.TURN)
def _turn(s: S, f: Frame) -> bool:
    """A hero's turn: this turn's effects of the last one end; the cast phase comes first (G-5)."""
    seat = f[1]
    s.stack.pop()
    s.turn += 1
    if s.turn > s.opt["max_turns"]:
        s.game_over((), "turn cap")
        return False
    s.turn_seat = seat
    s.tflags = [0] * s.n  # 「只持续1个角色回合」: last turn's cast states and turn effects end here
    s.used = [0] * s.n
    s.attacks = 0
    s.attack_allow = 1
    s.might = 0
    s.boosts = ()
    untouch = s.untouch
    for p in range(s.n):  # 海妖之歌's protection lasts one round: it ends as the turn it names begins
        if untouch[p] == seat + 1:
            untouch[p] = 0
    if s.skip_next[seat]:  # 时间静止 (bit 1), fate_reborn's 蝮蛇突袭 (bit 2)
        if s.skip_next[seat] & SKIP_PHASES_NEXT:
            s.mark(seat, Mark.SKIPPING)
        if s.skip_next[seat] & SKIP_DRAW_NEXT:
            s.mark(seat, Mark.SKIP_DRAW)
        s.skip_next[seat] = 0
    s.emit("turn", {"seat": seat, "turn": s.turn})
    push_some(s, (F.CAST, seat, 0), fire_frame(s, Window.TURN_START, None), (F.ROSHAN, seat), (F.STATUS, seat),
              (F.DRAW, seat), (F.PLAY, seat, 0), (F.DISCARD, seat), (F.END, seat), (F.NEXT, seat))
    return False


def cast_skills(s: S, seat: int) -> list[int]:
    """Positions of ``seat``'s cast-phase skills that can be cast now."""
    return [i for i, sk in enumerate(s.skills_of(seat)) if sk.kind is SkillKind.CAST
            and SKILLS[sk.code].usable(s, seat)]


@step(F.CAST)
def _cast(s: S, f: Frame) -> bool:
    """一、施法阶段: from the hero about to take the turn, each living hero may cast once (gap 4-13)."""
    _, ts, i = f
    if i >= s.n:
        s.stack.pop()
        return False
    s.stack[-1] = (F.CAST, ts, i + 1)
    k = (ts + i) % s.n
    # asked whenever the hero card has a cast skill, payable or not: being asked shows nothing of the hand
    if s.alive[k] and any(sk.kind is SkillKind.CAST for sk in s.skills_of(k)):
        s.push((F.CAST_ASK, k))
    return False


@options(F.CAST_ASK)
def _cast_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PASS] + [A.SKILL[i] for i in cast_skills(s, f[1])]


@decide(F.CAST_ASK)
def _cast_decide(s: S, f: Frame, a: FateAction) -> None:
    s.stack.pop()
    if a.kind is Kind.SKILL:
        seat = f[1]
        SKILLS[s.skills_of(seat)[a.a].code].begin(s, seat)


@step(F.ROSHAN)
def _roshan(s: S, f: Frame) -> bool:
    seat = f[1]
    s.stack.pop()
    if (s.mode is Mode.IDENTITY and s.fate >= 0 and FATES[s.fate].check is FateCheck.ROSHAN and s.roshan < 0
            and s.alive[seat]):
        s.push((F.ROSHAN_ASK, seat))  # asked of everyone, so the question shows nothing
    return False


@options(F.ROSHAN_ASK)
def _roshan_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.YES, A.NO] if s.identity[f[1]] == Identity.NEUTRAL else [A.NO]


@decide(F.ROSHAN_ASK)
def _roshan_decide(s: S, f: Frame, a: FateAction) -> None:
    seat = f[1]
    s.stack.pop()
    if a.kind is Kind.YES:  # Roshan附体 (gap 4-11): reveal and draw X at once
        s.roshan = seat
        s.id_known[seat] = (1 << s.n) - 1
        s.emit("roshan", {"seat": seat, "identity": int(Identity.NEUTRAL)})
        s.draw(seat, sum(s.alive) - 1)


@step(F.STATUS)
def _status(s: S, f: Frame) -> bool:
    """二、状态判定阶段: face-up status cards take effect, then are discarded (bombs are face down and stay)."""
    seat = f[1]
    s.stack.pop()
    if s.check_victory(True) or not s.alive[seat] or not s.status[seat]:
        return False
    from .cards import STATUS_EFFECTS

    cards = s.status[seat]
    s.status[seat] = []
    for c in cards:
        STATUS_EFFECTS[CARD_DEF[c].effect](s, seat, c)
    s.to_discard(cards)
    return False


def draw_skills(s: S, seat: int) -> list[int]:
    """Positions of ``seat``'s skills offering another way to play the draw phase (无敌斩, 辉煌光环)."""
    return [i for i, sk in enumerate(s.skills_of(seat)) if SKILLS[sk.code].draw_usable(s, seat)]


@step(F.DRAW)
def _draw(s: S, f: Frame) -> bool:
    """三、摸牌阶段: draw 2 (+ items and fates), or a skill's way; then the AFTER_DRAW window."""
    seat = f[1]
    s.stack.pop()
    if s.check_victory(True) or not s.alive[seat] or s.tflags[seat] & (Mark.SKIPPING | Mark.SKIP_DRAW):
        return False
    after = fire_frame(s, Window.AFTER_DRAW, None)
    if after is not None:
        s.stack.append(after)
    if draw_skills(s, seat):
        s.push((F.DRAW_ASK, seat))
    else:
        s.draw(seat, draw_count(s, seat))
    return False


def draw_count(s: S, seat: int) -> int:
    """三、摸牌阶段: two, +1 for 菲丽丝之戒, +X for a revealed Roshan."""
    n = 2 + s.prof.extra_draw[seat]
    if seat == s.roshan:
        n += sum(s.alive) - 1
    return n


@options(F.DRAW_ASK)
def _draw_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PASS] + [A.SKILL[i] for i in draw_skills(s, f[1])]


@decide(F.DRAW_ASK)
def _draw_decide(s: S, f: Frame, a: FateAction) -> None:
    seat = f[1]
    s.stack.pop()
    if a.kind is Kind.PASS:
        s.draw(seat, draw_count(s, seat))
        return
    SKILLS[s.skills_of(seat)[a.a].code].draw_instead(s, seat)


# ------------------------------------------------------------------------------------------ play phase
@step(F.PLAY)
def _play(s: S, f: Frame) -> bool:
    """四、出牌阶段: the PLAY_START window once, then decisions until ``pass`` (fates are checked between
    resolutions, gap 4-9)."""
    _, seat, started = f
    if not s.alive[seat] or s.tflags[seat] & Mark.SKIPPING:
        s.stack.pop()
        return False
    if not started:
        s.stack[-1] = (F.PLAY, seat, 1)
        start = fire_frame(s, Window.PLAY_START, None)
        if start is not None:
            s.stack.append(start)
            return False
    return not s.check_victory(True)


def type_usable(s: S, seat: int, ctype: int, card: int = -1) -> bool:
    """Whether ``seat`` may use a card of type ``ctype`` in its play phase now (``card`` the physical one)."""
    d = CARD_TYPES[ctype]
    if s.tflags[seat] & Mark.BASIC_ONLY and d.kind is not CardKind.BASIC:
        return False  # 血之狂暴 (cast): only basic cards this play phase
    role = d.role
    if role is Role.ATTACK:
        if not attack_allowed(s, seat):
            return False
        if s.tflags[seat] & Mark.DOUBLE_COST and not real_role_cards(s, seat, Role.ATTACK, (card,)):
            return False  # 冰霜禁制: another 【攻击】 must go with it
        return bool(valid_targets(s, seat, ctype, ()))
    if role is Role.SALVE:
        return s.can_heal(seat)
    if role is not Role.NONE:
        return False  # 闪避 and 驱散 are only played in answer
    if d.kind is CardKind.SUPER and s.rage[seat] < d.rage:
        return False
    if d.kind is CardKind.ARMOUR:
        from .cards import forbids_armour

        return not forbids_armour(s, seat)
    if targets_needed(s, seat, ctype):
        return bool(valid_targets(s, seat, ctype, ()))
    return True


@options(F.PLAY)
def _play_opts(s: S, f: Frame) -> list[FateAction]:
    seat = f[1]
    out = [A.PASS]
    hand = s.hands[seat]
    # whether a card type is usable depends on the card itself only under 冰霜禁制 (its extra card): otherwise
    # one answer per type serves every card of it
    doubled = s.tflags[seat] & Mark.DOUBLE_COST
    usable: dict[int, bool] = {}
    for c in hand:
        t = CARD_TYPE[c]
        ok = usable.get(t) if not doubled else None
        if ok is None:
            ok = usable[t] = type_usable(s, seat, t, c)
        if ok:
            out.append(A.USE[c])
    seen: set[int] = set()
    for rule, _sk in conversions(s, seat):
        t = rule.as_type
        if t in seen or not type_usable(s, seat, t):
            continue
        seen.add(t)
        out += convert_options(s, seat, None, t)
    if not s.tflags[seat] & Mark.BASIC_ONLY:  # 血之狂暴 (cast): no active skills either
        for i, sk in enumerate(s.skills_of(seat)):
            skill = SKILLS[sk.code]
            if sk.kind is SkillKind.ACTIVE and not (sk.once_per_turn and s.used[seat] & (1 << i)) \
                    and skill.usable(s, seat) or sk.kind is SkillKind.PASSIVE and skill.play_usable(s, seat):
                out.append(A.SKILL[i])
        for which, c in ((1, s.weapon[seat]), (2, s.armour[seat])):
            if c >= 0 and SKILLS[CARD_DEF[c].ability].item_usable(s, seat):
                out.append(A.ITEM[which])
    return sorted(set(out))


@decide(F.PLAY)
def _play_decide(s: S, f: Frame, a: FateAction) -> None:
    seat = f[1]
    k = a.kind
    if k is Kind.PASS:
        s.stack.pop()
        return
    if k is Kind.USE:
        s.hand_to_table(seat, a.a)
        build(s, seat, CARD_TYPE[a.a], (a.a,))
        pay_extra(s, seat, CARD_TYPE[a.a], (a.a,))  # 冰霜禁制: the second 【攻击】 goes with it
    elif k is Kind.AS:
        note_rule_used(s, seat, single_rule(s, seat, a.a, a.b))
        s.hand_to_table(seat, a.a)
        reply_frame = (F.REPLY, seat, Purpose.PLAY, CARD_TYPES[a.b].role, None, None)
        from .pipeline import reply_played

        reply_played(s, reply_frame, a.b, (a.a,))
    elif k is Kind.PAIR:
        rule = VIEW_AS_BY_CODE[PAIR_RULES[a.a].code]
        note_rule_used(s, seat, rule)
        s.push((F.PAIR_PICK, seat, rule.code, (), (F.REPLY, seat, Purpose.PLAY, CARD_TYPES[rule.as_type].role,
                                                   None, None)))
    elif k is Kind.SKILL:
        sk = s.skills_of(seat)[a.a]
        if sk.kind is SkillKind.PASSIVE:
            SKILLS[sk.code].play(s, seat)
        else:
            s.used[seat] |= 1 << a.a
            SKILLS[sk.code].begin(s, seat)
    else:
        c = s.weapon[seat] if a.a == 1 else s.armour[seat]
        SKILLS[CARD_DEF[c].ability].item_begin(s, seat)


# ------------------------------------------------------------------------------------------ discard and end
@step(F.DISCARD)
def _discard(s: S, f: Frame) -> bool:
    """五、弃牌阶段: discard down to the hand limit; in 1v1 the rotation follows (二人规则7, G-20)."""
    seat = f[1]
    skipping = s.tflags[seat] & Mark.SKIPPING
    if s.alive[seat] and not skipping and len(s.hands[seat]) > s.limit_of(seat):
        return not s.check_victory(True)
    s.stack.pop()
    if s.mode is Mode.DUEL and s.alive[seat]:
        rotate_out(s, seat)
    return False


@options(F.DISCARD)
def _discard_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.PICK[c] for c in s.hands[f[1]]]


@decide(F.DISCARD)
def _discard_decide(s: S, f: Frame, a: FateAction) -> None:
    s.discard_from_hand(f[1], (a.a,), "hand limit")


def rotate_out(s: S, seat: int) -> None:
    """二人规则7: a hero from the left comes in (the player's choice); then the hero that played goes to the right,
    and once two have gathered there both move back to the left — so nobody plays twice running."""
    h = s.hero[seat]
    s.bench_hp[h] = s.hp[seat]
    s.bench_rage[h] = s.rage[seat]
    if not s.left[seat] and s.right[seat]:  # a setup with two heroes: the one resting on the right comes back
        s.left[seat] = s.right[seat]
        s.right[seat] = []
    if s.left[seat]:  # (a setup without resting heroes keeps its one hero)
        s.push((F.ROTATE_ASK, seat))


@options(F.ROTATE_ASK)
def _rotate_opts(s: S, f: Frame) -> list[FateAction]:
    if len(f) > 2:  # replacing a fallen hero: any resting hero, left or right
        return [A.HERO[h] for h in s.left[f[1]] + s.right[f[1]]]
    return [A.HERO[h] for h in s.left[f[1]]]


def replace_fallen(s: S, seat: int, h: int) -> None:
    """duel_defeat=all (G-37): the resting hero ``h`` takes the fallen hero's place with the HP and rage it kept;
    the fallen hero's cards went with it (★角色死亡2), so it comes in empty-handed."""
    if h in s.left[seat]:
        s.left[seat].remove(h)
    else:
        s.right[seat].remove(h)
    if not s.left[seat] and s.right[seat]:  # the rotation goes on between the heroes left
        s.left[seat], s.right[seat] = s.right[seat], []
    s.hero[seat] = h
    s.alive[seat] = True
    s.hp[seat] = s.bench_hp[h]
    s.rage[seat] = s.bench_rage[h]
    s.tflags[seat] = 0
    s.skip_next[seat] = 0
    s.untouch[seat] = 0
    s.sideways[seat] = 0
    s.changed_cast()
    s.emit("replaced", {"seat": seat, "hero": HEROES[h].code, "hp": s.hp[seat], "rage": s.rage[seat]})


@decide(F.ROTATE_ASK)
def _rotate(s: S, f: Frame, a: FateAction) -> None:
    seat = f[1]
    s.stack.pop()
    h = a.a
    if len(f) > 2:
        replace_fallen(s, seat, h)
        return
    s.left[seat].remove(h)
    s.right[seat].append(s.hero[seat])
    if len(s.right[seat]) >= 2:
        s.left[seat].extend(s.right[seat])
        s.right[seat] = []
    s.hero[seat] = h
    s.hp[seat] = s.bench_hp[h]
    s.rage[seat] = s.bench_rage[h]
    s.changed_cast()
    s.emit("rotated", {"seat": seat, "hero": HEROES[h].code, "hp": s.hp[seat], "rage": s.rage[seat]})


@step(F.END)
def _end(s: S, f: Frame) -> bool:
    """六、回合结束阶段: end-of-turn skills (the TURN_END window); cards set aside until this turn's end return."""
    seat = f[1]
    s.stack.pop()
    if s.check_victory(True):
        return False
    back = [h for h in s.held if h[2] == seat]
    if back:  # 冰封: the set-aside cards go back to their owners at the end of the setter's turn
        s.held = [h for h in s.held if h[2] != seat]
        for card, owner, _ in back:
            if s.alive[owner]:
                s.hands[owner].append(card)
            else:
                s.to_discard((card,))
        s.emit("returned", {"seat": seat, "owners": sorted({o for _, o, _ in back})})
    if s.alive[seat]:
        fr = fire_frame(s, Window.TURN_END, None)
        if fr is not None:
            s.stack.append(fr)
    return False


@step(F.NEXT)
def _next(s: S, f: Frame) -> bool:
    seat = f[1]
    if s.mode is Mode.DUEL:  # duel_defeat=all: a fallen hero's player brings in a resting one before play goes on
        for p in range(s.n):
            if not s.alive[p] and (s.left[p] or s.right[p]):
                s.push((F.ROTATE_ASK, p, 1))
                return False
    s.stack.pop()
    for i in range(1, s.n + 1):
        k = (seat + i) % s.n
        if s.alive[k]:
            s.push((F.TURN, k))
            return False
    s.game_over((), "nobody left")
    return False


# ------------------------------------------------------------------------------------------ setup decisions
@options(F.PICK_HERO)
def _pick_opts(s: S, f: Frame) -> list[FateAction]:
    return [A.HERO[h] for h in s.cand[f[1]]]


@decide(F.PICK_HERO)
def _pick(s: S, f: Frame, a: FateAction) -> None:
    """二、挑选英雄: each picks one of their candidates; the picks stay hidden until everyone has picked."""
    seat = f[1]
    s.stack.pop()
    s.picked[seat] = a.a
    s.emit("picked", {"seat": seat}, {"hero": HEROES[a.a].code}, 1 << seat)


DRAFT, KEEP, STARTER = 0, 1, 2


@options(F.DRAFT_ASK)
def _draft_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, stage = f
    if stage == DRAFT:
        return [A.HERO[h] for h in s.pool]
    if stage == KEEP:
        return [A.HERO[h] for h in s.cand[seat] if h not in s.left[seat]]
    return [A.HERO[h] for h in s.left[seat]]


@decide(F.DRAFT_ASK)
def _draft(s: S, f: Frame, a: FateAction) -> None:
    """二人规则3–6: the 1-2-2-2-2-1 draft from 10 face-up heroes, keep 3 of 5, then the starting hero."""
    _, seat, stage = f
    s.stack.pop()
    h = a.a
    if stage == DRAFT:
        s.pool.remove(h)
        s.cand[seat].append(h)
        s.emit("drafted", {"seat": seat, "hero": HEROES[h].code})
    elif stage == KEEP:
        s.left[seat].append(h)
        s.emit("kept", {"seat": seat}, {"hero": HEROES[h].code}, 1 << seat)
    else:
        s.left[seat].remove(h)
        s.picked[seat] = h
        s.emit("starter", {"seat": seat, "hero": HEROES[h].code, "kept": [HEROES[k].code for k in s.left[seat]]})


@step(F.SETUP_DONE)
def _setup_done(s: S, f: Frame) -> bool:
    """Heroes revealed together; identities dealt after the heroes (FAQ); HP full, rage 0, four cards each."""
    s.stack.pop()
    from .setup import finish_setup

    finish_setup(s)
    return False


from . import cards as _cards  # noqa: E402,F401  (registers the card frames)
from . import heroes as _heroes  # noqa: E402,F401  (registers every hero's skills)
from . import items as _items  # noqa: E402,F401  (registers the item abilities)
