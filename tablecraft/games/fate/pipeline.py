"""The resolution pipeline of fate: using a card (使用) and playing one in answer (打出), dispel chains (驱散),
【攻击】 and 闪避, damage, dying (濒死) and rescue, death (死亡) and the killer's reward, and judgements (判定).

Each stage is a frame; the windows of ``state.Window`` are opened at the points named in their docstring, so items
and hero skills act there through their hooks (``skills.py``). Seed clauses are cited where a rule is applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from .actions import FateAction, Kind
from .content import (
    CARD_NAME,
    CARD_ROLE,
    CARD_SUIT,
    CARD_TYPE,
    CARD_TYPES,
    HEROES,
    IS_RED,
    PAIR_RULES,
    VIEW_AS_BY_CODE,
    Aim,
    CardKind,
    Role,
    ViewAs,
    fits,
)
from .skills import SKILLS, answers, fire, fire_frame
from .spec import RAGE_LIMIT, Mode
from .state import (
    DECIDE,
    OPTIONS,
    STEP,
    Damage,
    F,
    FateState,
    Judgement,
    Mark,
    Purpose,
    Use,
    Window,
)

Frame = tuple[Any, ...]
S = FateState


def step(kind: F) -> Callable[[Callable[[S, Frame], bool]], Callable[[S, Frame], bool]]:
    """Register the step function of a frame kind (returns True when the frame waits for a decision)."""
    def deco(fn: Callable[[S, Frame], bool]) -> Callable[[S, Frame], bool]:
        STEP[kind] = fn
        return fn
    return deco


def options(kind: F) -> Callable[[Callable[[S, Frame], list[FateAction]]], Callable[[S, Frame], list[FateAction]]]:
    """Register the options of a decision frame kind (its step waits)."""
    def deco(fn: Callable[[S, Frame], list[FateAction]]) -> Callable[[S, Frame], list[FateAction]]:
        OPTIONS[kind] = fn
        STEP.setdefault(kind, wait)
        return fn
    return deco


def decide(kind: F) -> Callable[[Callable[[S, Frame, FateAction], None]], Callable[[S, Frame, FateAction], None]]:
    """Register the effect of choosing an option in a decision frame kind."""
    def deco(fn: Callable[[S, Frame, FateAction], None]) -> Callable[[S, Frame, FateAction], None]:
        DECIDE[kind] = fn
        return fn
    return deco


def wait(s: S, f: Frame) -> bool:
    """Step of a plain decision frame: always wait."""
    return True


def replace_below(s: S, kind: F, fn: Callable[[Frame], Frame]) -> None:
    """Rewrite the nearest frame of ``kind`` (from the top) with ``fn`` (a reply feeding its window)."""
    st = s.stack
    for i in range(len(st) - 1, -1, -1):
        if st[i][0] == kind:
            st[i] = fn(st[i])
            return


def push_some(s: S, *frames: Frame | None) -> None:
    """Push the frames that are not None, the first given to run first."""
    s.push(*[f for f in frames if f is not None])


def card_names(cards: tuple[int, ...] | list[int]) -> list[str]:
    """Notation of cards, for events."""
    return [CARD_NAME[c] for c in cards]


# ------------------------------------------------------------------------------------------ conversions
def conversions(s: S, seat: int, role: Role | None = None, ctype: int = -1) -> list[tuple[ViewAs, Any]]:
    """The view-as rules ``seat`` may use now whose result has ``role`` (or is of type ``ctype``)."""
    out = []
    used = s.used[seat]
    for rule, sk in s.prof.view_as[seat]:
        d = CARD_TYPES[rule.as_type]
        if role is not None and d.role is not role:
            continue
        if ctype >= 0 and rule.as_type != ctype:
            continue
        if rule.once_per_turn and used & rule_bit(rule):
            continue
        if sk.view_as_active(s, seat, rule):
            out.append((rule, sk))
    return out


def rule_bit(rule: ViewAs) -> int:
    """The ``used`` bit of a once-per-turn view-as rule (bits 8 and up, skills use 0–7)."""
    return 1 << (8 + PAIR_RULES.index(rule) if rule.count == 2 else 8 + len(PAIR_RULES) + rule.as_type)


def convert_options(s: S, seat: int, role: Role | None, ctype: int = -1,
                    card_ok: Callable[[int], bool] | None = None) -> list[FateAction]:
    """``as <card> <type>`` and ``pair <rule>`` actions for ``seat`` (each card passing ``card_ok`` too)."""
    out: list[FateAction] = []
    hand = s.hands[seat]
    for rule, _sk in conversions(s, seat, role, ctype):
        if rule.count == 1:
            for c in hand:
                if CARD_TYPE[c] != rule.as_type and fits(c, rule.fits) and (card_ok is None or card_ok(c)):
                    out.append(A.use_as(c, rule.as_type))
        elif sum(1 for c in hand if fits(c, rule.fits) and (card_ok is None or card_ok(c))) >= 2 \
                and pair_spares_real(s, seat, rule, (), card_ok):
            out.append(A.PAIR[rule.code])
    return sorted(set(out))


def pair_spares_real(s: S, seat: int, rule: ViewAs, picked: tuple[int, ...],
                     ok: Callable[[int], bool] | None = None) -> bool:
    """冰霜禁制 (cast): whether a pair made as 【攻击】/闪避 can be completed from ``picked`` while a real card of
    that name stays in hand for the extra cost (always True for a hero without the cast state)."""
    role = CARD_TYPES[rule.as_type].role
    if not s.tflags[seat] & Mark.DOUBLE_COST or role not in (Role.ATTACK, Role.DODGE):
        return True
    hand = [c for c in s.hands[seat] if c not in picked]
    fitting = [c for c in hand if fits(c, rule.fits) and (ok is None or ok(c))]
    need = rule.count - len(picked)
    return any(sum(1 for c in fitting if c != r) >= need for r in hand if CARD_ROLE[r] == role)


def single_rule(s: S, seat: int, card: int, ctype: int) -> ViewAs:
    """The rule ``as <card> <type>`` was chosen by (the first that allows it)."""
    for rule, _ in conversions(s, seat, None, ctype):
        if rule.count == 1 and fits(card, rule.fits):
            return rule
    raise AssertionError("no view-as rule allows this card")


def note_rule_used(s: S, seat: int, rule: ViewAs) -> None:
    """Record a once-per-turn rule's use."""
    if rule.once_per_turn:
        s.used[seat] |= rule_bit(rule)


def discard_random(s: S, victim: int, count: int, why: str) -> None:
    """Discard ``count`` of ``victim``'s hand cards at random (all if fewer): a hero choosing among another's
    face-down hand picks blindly."""
    hand = s.hands[victim]
    picked = []
    for _ in range(min(count, len(hand))):
        picked.append(hand[s.rng.below(len(hand))])
        hand.remove(picked[-1])
    hand.extend(picked)
    if picked:
        s.discard_from_hand(victim, picked, why)


def real_role_cards(s: S, seat: int, role: Role, besides: tuple[int, ...] = ()) -> list[int]:
    """Hand cards that are really of ``role`` (not converted), other than ``besides``."""
    return [c for c in s.hands[seat] if CARD_ROLE[c] == role and c not in besides]


# ------------------------------------------------------------------------------------------ using a card
def end_turn(s: S, seat: int) -> None:
    """``seat``'s turn ends at once (时光倒流): the rest of its play phase and its discard phase are skipped; what
    happens at a turn's end still happens."""
    s.stack[:] = [f for f in s.stack if not (f[0] == F.PLAY and f[1] == seat)]
    s.mark(seat, Mark.SKIPPING)
    s.emit("turn_ended", {"seat": seat})


def attack_allowed(s: S, seat: int) -> bool:
    """四、出牌阶段 规则1: one 【攻击】 per play phase unless a rule says otherwise (狂热, 无敌斩 …)."""
    return bool(s.tflags[seat] & Mark.UNLIMITED) or s.attacks < s.attack_allow


def aim_of(s: S, seat: int, ctype: int) -> Aim:
    """Whom ``seat`` may aim a card of type ``ctype`` at: the card's own aim, unless a skill changes it (恩惠)."""
    for sk in answers(s, "card_aim", seat):
        aim = sk.card_aim(s, seat, ctype)
        if aim is not None:
            return aim
    return CARD_TYPES[ctype].aim


def targets_needed(s: S, seat: int, ctype: int) -> int:
    """How many targets a card of type ``ctype`` used by ``seat`` asks for."""
    aim = aim_of(s, seat, ctype)
    if aim is Aim.SELF:
        return 0
    if aim is Aim.HOLDER:
        return 1 if CARD_TYPES[ctype].any_holder else 0
    if aim is Aim.TWO:
        return 2
    return 1


def valid_targets(s: S, seat: int, ctype: int, chosen: tuple[int, ...]) -> list[int]:
    """Seats the next target of a card of type ``ctype`` used by ``seat`` may be."""
    out = []
    aim = aim_of(s, seat, ctype)
    for t in range(s.n):
        if not s.alive[t] or not s.touchable(t, seat, True):
            continue
        if aim is Aim.TWO:  # 误导: A has rage, B below the limit
            if not chosen:
                if s.rage[t] > 0 and any(s.alive[b] and b != t and s.touchable(b, seat, True) and s.rage[b] < RAGE_LIMIT
                                         for b in range(s.n)):
                    out.append(t)
            elif t != chosen[0] and s.rage[t] < RAGE_LIMIT:
                out.append(t)
            continue
        if aim is Aim.HOLDER or aim is Aim.ANY_HERO:
            out.append(t)
            continue
        if aim is Aim.SELF_OR_OTHER:  # 海妖之歌 on yourself needs the strengthening
            if t != seat or s.rage[seat] >= 1 or free_strengthen_skill(s, seat) is not None:
                out.append(t)
            continue
        if t == seat:
            continue
        if aim is Aim.IN_RANGE and s.dist(seat, t) > s.attack_range(seat):
            continue
        if aim is Aim.OTHER_EQUIPPED and s.weapon[t] < 0 and s.armour[t] < 0:
            continue
        if aim is Aim.OTHER_WITH_CARDS and not s.hands[t] and s.weapon[t] < 0 and s.armour[t] < 0:
            continue
        out.append(t)
    return out


def free_strengthen_skill(s: S, seat: int) -> Any:
    """A skill that lets ``seat`` strengthen without rage now (炽魂), or None."""
    for sk in answers(s, "free_strengthen", seat):
        if sk.free_strengthen(s, seat):
            return sk
    return None


def siren_on_another_reborn(s: S, seat: int, d: Any, targets: tuple[int, ...]) -> bool:
    """texts=reborn: a strengthened 海妖之歌 can only go into your own status zone, so one put on another hero is
    not strengthened (nothing is asked)."""
    return d.aim is Aim.SELF_OR_OTHER and targets[0] != seat and s.opt["texts"] == "reborn"


def can_strengthen(s: S, seat: int) -> bool:
    """规则3: strengthening costs 1 rage (or a skill pays it)."""
    return s.rage[seat] >= 1 or free_strengthen_skill(s, seat) is not None


def build(s: S, seat: int, ctype: int, cards: tuple[int, ...], bonus: int = 0, unstoppable: int = 0) -> None:
    """Start using cards (already on the table) as a card of type ``ctype``: choose targets, then strengthening."""
    s.push((F.BUILD, seat, ctype, cards, (), -1, bonus, unstoppable))


@step(F.BUILD)
def _build(s: S, f: Frame) -> bool:
    _, seat, ctype, cards, targets, strong, bonus, unstoppable = f
    d = CARD_TYPES[ctype]
    if len(targets) < targets_needed(s, seat, ctype):
        return True
    if strong < 0 and d.strengthenable and can_strengthen(s, seat) and not siren_on_another_reborn(s, seat, d,
                                                                                                 targets):
        return True
    s.stack.pop()
    strong = max(strong, 0)
    if d.kind is CardKind.SUPER:  # 规则3: S cards cost 2–3 rage
        s.lose_rage(seat, d.rage, d.key, "cost")
    if strong:  # 规则3: strengthening costs 1 rage, paid before any dispel window (gap 4-14)
        sk = free_strengthen_skill(s, seat)  # a free strengthening (炽魂) is taken before rage is spent
        if sk is not None:
            sk.extra_cost(s, seat, None)
        else:
            s.lose_rage(seat, 1, d.key, "strengthen")
    if d.role is Role.ATTACK:
        s.attacks += 1
    if d.is_equipment and not targets:
        targets = (seat,)
    use = Use(s.next_uid(), seat, ctype, cards, targets, strong, bonus=bonus, unstoppable=unstoppable)
    s.push((F.START_USE, seat, use))
    return False


@options(F.BUILD)
def _build_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, ctype, cards, targets, strong, _b, _u = f
    if len(targets) < targets_needed(s, seat, ctype):
        return [A.TARGET[t] for t in valid_targets(s, seat, ctype, targets)]
    if CARD_TYPES[ctype].aim is Aim.SELF_OR_OTHER and targets[0] == seat:
        return [A.YES]  # 海妖之歌 on yourself needs the strengthening
    return [A.YES, A.NO]


STEP[F.BUILD] = _build


@decide(F.BUILD)
def _build_decide(s: S, f: Frame, a: FateAction) -> None:
    _, seat, ctype, cards, targets, strong, bonus, unstoppable = f
    if a.kind is Kind.TARGET:
        s.stack[-1] = (F.BUILD, seat, ctype, cards, targets + (a.a,), strong, bonus, unstoppable)
    else:
        s.stack[-1] = (F.BUILD, seat, ctype, cards, targets, 1 if a.kind is Kind.YES else 0, bonus, unstoppable)


def dispellable(s: S, use: Use) -> bool:
    """Magic cards can be dispelled, S cards never (reference §2); a skill may say otherwise (火焰爆轰)."""
    if use.ctype < 0 or CARD_TYPES[use.ctype].kind is not CardKind.MAGIC:
        return False
    return not any(sk.undispellable(s, use.user, use) for sk in answers(s, "undispellable", use.user))


@step(F.START_USE)
def _start_use(s: S, f: Frame) -> bool:
    """A card is used: the CARD_USED window (引爆, 冰封禁制, 超负荷), the MAGIC_TARGETED window (法师斗篷), a
    dispel window for a magic card, then it resolves and goes to the discard pile (规则5)."""
    use: Use = f[2]
    s.stack.pop()
    d = CARD_TYPES[use.ctype]
    s.emit("used", {"seat": use.user, "card": d.code, "cards": card_names(use.cards), "targets": list(use.targets),
                    "strong": use.strong})
    magic = d.kind is CardKind.MAGIC
    push_some(
        s,
        fire_frame(s, Window.CARD_USED, use),
        fire_frame(s, Window.MAGIC_TARGETED, use) if magic and use.targets else None,
        (F.DISPEL_WIN, use.user, use, (), 0) if dispellable(s, use) else None,
        (F.RESOLVE, use.user, use),
        (F.FINISH, use.user, use),
    )
    return False


@step(F.RESOLVE)
def _resolve(s: S, f: Frame) -> bool:
    use: Use = f[2]
    s.stack.pop()
    if use.uid in s.voided or not s.alive[use.user]:
        s.emit("no_effect", {"seat": use.user, "card": CARD_TYPES[use.ctype].code if use.ctype >= 0 else None,
                             "skill": use.skill or None})
        return False
    if use.skill:
        SKILLS[use.skill].resolve(s, use)
        return False
    d = CARD_TYPES[use.ctype]
    if d.kind is CardKind.MAGIC:  # after its effect is settled, the RESOLVED window (多重施法, 狂热之心)
        fire(s, Window.RESOLVED, use, use.user)
    from .cards import EFFECTS, equip

    if d.is_equipment:
        equip(s, use)
    else:
        EFFECTS[d.effect](s, use)
    return False


@step(F.FINISH)
def _finish(s: S, f: Frame) -> bool:
    """规则5: a used card goes to the discard pile once resolved (魔法掌控 may send it to a hand)."""
    use: Use = f[2]
    s.stack.pop()
    to = -1
    if s.redirect:
        for uid, seat in s.redirect:
            if uid == use.uid:
                to = seat
        s.redirect = tuple(r for r in s.redirect if r[0] != use.uid)
    s.table_to_discard(use.cards, to)
    if s.voided:
        s.voided = tuple(u for u in s.voided if u != use.uid)
    if s.shielded:
        s.shielded = tuple(p for p in s.shielded if p[0] != use.uid)
    return False


def shielded(s: S, use: Use, seat: int) -> bool:
    """A target the use has no effect on (流浪法师斗篷, 海妖之歌's protection)."""
    return (use.uid, seat) in s.shielded or not s.touchable(seat, use.user)


def void(s: S, uid: int) -> None:
    """The use ``uid`` has no effect (冰封禁制, 闪避护符, a 驱散 chain)."""
    s.voided += (uid,)


def shield(s: S, uid: int, seat: int) -> None:
    """The use ``uid`` has no effect on ``seat`` (流浪法师斗篷)."""
    s.shielded += ((uid, seat),)


# ------------------------------------------------------------------------------------------ 驱散 windows
@step(F.DISPEL_WIN)
def _dispel_win(s: S, f: Frame) -> bool:
    """The dispel window: in action order from the current hero, each living hero holding a card may answer with
    【驱散】 (asked of everyone who holds any card, unless public information says they cannot answer:
    ``may_dispel``; being asked shows nothing); each 驱散 played opens the window again over itself (a chain). An
    odd chain cancels the use."""
    _, seat, use, chain, i = f
    if i < s.n:
        s.stack[-1] = (F.DISPEL_WIN, seat, use, chain, i + 1)
        k = (s.turn_seat + i) % s.n
        if s.alive[k] and s.hands[k] and may_dispel(s, k):
            s.push((F.REPLY, k, Purpose.DISPEL, Role.DISPEL, use, None))
        return False
    s.stack.pop()
    close_dispel(s, use, chain)
    return False


DISPELS_IN_DECK = sum(1 for c in range(len(CARD_TYPE)) if CARD_ROLE[c] == Role.DISPEL)
"""How many real 【驱散】 the deck holds (7)."""


def may_dispel(s: S, seat: int) -> bool:
    """Whether, by public information alone, ``seat`` might answer a dispel window: a view-as rule gives it one
    (驱散精灵, 散失之刃: heroes and items are face up), or some 【驱散】 is not face up (in the discard pile, on the
    table, revealed, removed, in a status zone or worn) and so may be in its hand. A window nobody can answer is
    thus skipped for everyone alike, and skipping it tells nobody anything (issue 14: empty prompts)."""
    if s.prof.view_as[seat] and conversions(s, seat, Role.DISPEL):
        return True
    face_up = 0
    for zone in (s.discard, s.table, s.revealed, s.removed, *s.status):
        face_up += sum(1 for c in zone if CARD_ROLE[c] == Role.DISPEL)
    return face_up < DISPELS_IN_DECK


def close_dispel(s: S, use: Use, chain: tuple[Use, ...]) -> None:
    """Settle a dispel chain: from the last 驱散 back, each standing one cancels the item before it."""
    k = len(chain)
    for i in range(k):
        if (k - 1 - i) % 2:
            continue  # this 驱散 was itself cancelled
        d = chain[i]
        victim = use if i == 0 else chain[i - 1]
        if victim.cards and victim.ctype >= 0 and CARD_TYPES[victim.ctype].kind is CardKind.MAGIC \
                and s.alive[d.user] and any(sk.keeps_dispelled(s, d.user) for sk in answers(s, "keeps_dispelled",
                                                                                             d.user)):
            s.redirect += ((victim.uid, d.user),)  # 魔法掌控: the dispelled magic card goes to the dispeller
    redirect = dict(s.redirect)
    for d in chain:
        s.table_to_discard(d.cards, redirect.get(d.uid, -1))
    if chain:
        s.redirect = tuple(r for r in s.redirect if r[0] not in {d.uid for d in chain})
    if k % 2:
        void(s, use.uid)
        s.emit("dispelled", {"seat": use.user, "chain": k, "card": CARD_TYPES[use.ctype].code if use.ctype >= 0
                             else None, "skill": use.skill or None})
        fire(s, Window.DISPELLED, use, use.user)


# ------------------------------------------------------------------------------------------ replies (打出)
def dodge_filter(s: S, attacker: int) -> Callable[[int], bool] | None:
    """Which cards may be played as 闪避 against ``attacker``'s 【攻击】 (剑舞: only ♦), None for any."""
    checks = answers(s, "dodge_ok", attacker)
    if not checks:
        return None
    return lambda c: all(sk.dodge_ok(s, attacker, c) for sk in checks)


def reply_cards(s: S, seat: int, role: Role, purpose: Purpose, ctx: Any) -> list[FateAction]:
    """The cards ``seat`` may play for ``role`` now: its own cards of that role and its conversions."""
    ok = dodge_filter(s, ctx.user) if purpose is Purpose.ATTACK_DODGE else None
    hand = s.hands[seat]
    doubled = role in (Role.ATTACK, Role.DODGE) and s.tflags[seat] & Mark.DOUBLE_COST
    real = [c for c in hand if CARD_ROLE[c] == role]
    if doubled and len(real) < 2:  # 冰霜禁制: another card of the same name must go with it
        return [] if not real else convert_only(s, seat, role, ok, real)
    out = [A.USE[c] for c in real if ok is None or ok(c)]
    out += convert_options(s, seat, role, card_ok=ok)
    if doubled:
        out = [a for a in out if a.kind is Kind.USE or real]
    return out


def convert_only(s: S, seat: int, role: Role, ok: Callable[[int], bool] | None, real: list[int]) -> list[FateAction]:
    """Under 冰霜禁制 with one real card of the name: conversions that leave it free to pay the extra card."""
    return [a for a in convert_options(s, seat, role, card_ok=lambda c: c not in real and (ok is None or ok(c)))
            if a.kind is not Kind.PAIR or sum(1 for c in s.hands[seat] if c not in real) >= 2]


@options(F.REPLY)
def _reply_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, purpose, role, x, y = f
    if purpose is Purpose.QUELL:
        return [A.PASS] + [A.USE[c] for c in s.hands[seat] if CARD_ROLE[c] == Role.ATTACK]
    return [A.PASS] + reply_cards(s, seat, role, purpose, x)


@decide(F.REPLY)
def _reply(s: S, f: Frame, a: FateAction) -> None:
    _, seat, purpose, role, x, y = f
    s.stack.pop()
    if a.kind is Kind.PASS:
        reply_missed(s, f)
    elif a.kind is Kind.PAIR:
        rule = VIEW_AS_BY_CODE[PAIR_RULES[a.a].code]
        note_rule_used(s, seat, rule)
        s.push((F.PAIR_PICK, seat, rule.code, (), f))
    else:
        s.hand_to_table(seat, a.a)
        if a.kind is Kind.USE:
            ctype = CARD_TYPE[a.a]
        else:
            ctype = a.b
            note_rule_used(s, seat, single_rule(s, seat, a.a, ctype))
        reply_played(s, f, ctype, (a.a,))


@options(F.PAIR_PICK)
def _pair_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, code, picked, rf = f
    rule = VIEW_AS_BY_CODE[code]
    ok = dodge_filter(s, rf[4].user) if rf[2] is Purpose.ATTACK_DODGE else None
    return [A.PICK[c] for c in s.hands[seat] if fits(c, rule.fits) and (ok is None or ok(c))
            and pair_spares_real(s, seat, rule, picked + (c,), ok)]


@decide(F.PAIR_PICK)
def _pair(s: S, f: Frame, a: FateAction) -> None:
    _, seat, code, picked, rf = f
    s.stack.pop()
    s.hand_to_table(seat, a.a)
    picked += (a.a,)
    rule = VIEW_AS_BY_CODE[code]
    if len(picked) < rule.count:
        s.push((F.PAIR_PICK, seat, code, picked, rf))
        return
    unstoppable = int(rule.pure_unstoppable and all(CARD_ROLE[c] == Role.ATTACK for c in picked))
    reply_played(s, rf, rule.as_type, picked, rule.bonus, unstoppable)


def reply_played(s: S, rf: Frame, ctype: int, cards: tuple[int, ...], bonus: int = 0, unstoppable: int = 0) -> None:
    """A reply card (or pair) is on the table: play-phase choices and demanded 【攻击】 become uses; the others are
    played (打出) and pass the CARD_USED window (引爆, 冰封禁制) before they count."""
    _, seat, purpose, role, x, y = rf
    if purpose is Purpose.PLAY:
        build(s, seat, ctype, cards, bonus, unstoppable)
    elif purpose is Purpose.FORCED_ATTACK:  # an 【攻击】 used on a given hero, ignoring range, not counted
        use = Use(s.next_uid(), seat, ctype, cards, (x,), 0, bonus=bonus, unstoppable=unstoppable)
        s.push((F.START_USE, seat, use))
    else:
        use = Use(s.next_uid(), seat, ctype, cards, (), 0)
        s.emit("played", {"seat": seat, "card": CARD_TYPES[ctype].code, "cards": card_names(cards)})
        push_some(s, fire_frame(s, Window.CARD_USED, use), (F.REPLY_GOT, seat, use, rf))
    pay_extra(s, seat, ctype, cards)


def pay_extra(s: S, seat: int, ctype: int, cards: tuple[int, ...]) -> None:
    """冰霜禁制 (cast): its target's 【攻击】 or 闪避 takes one more real card of that name, paid at once, before
    the card is aimed or takes effect (pushed on top of the use just started)."""
    if s.tflags[seat] & Mark.DOUBLE_COST and CARD_TYPES[ctype].role in (Role.ATTACK, Role.DODGE):
        s.push((F.EXTRA_COST, seat, int(CARD_TYPES[ctype].role), cards))


@options(F.EXTRA_COST)
def _extra_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, role, cards = f
    return [A.PICK[c] for c in real_role_cards(s, seat, Role(role), cards)]


@step(F.EXTRA_COST)
def _extra_step(s: S, f: Frame) -> bool:
    _, seat, role, cards = f
    if not real_role_cards(s, seat, Role(role), cards):
        s.stack.pop()  # nothing left to pay (the options guaranteed one when the card was chosen)
        return False
    return True


@decide(F.EXTRA_COST)
def _extra(s: S, f: Frame, a: FateAction) -> None:
    s.stack.pop()
    s.discard_from_hand(f[1], (a.a,), "frost_nova")


@step(F.REPLY_GOT)
def _reply_got(s: S, f: Frame) -> bool:
    _, seat, use, rf = f
    s.stack.pop()
    purpose = rf[2]
    void_ = use.uid in s.voided
    if purpose is not Purpose.DISPEL:
        s.table_to_discard(use.cards)
        if void_:
            s.voided = tuple(u for u in s.voided if u != use.uid)
    if void_:
        if purpose is Purpose.DISPEL:
            s.table_to_discard(use.cards)
        reply_missed(s, rf)
        return False
    _, who, purpose, role, x, y = rf
    if purpose is Purpose.ATTACK_DODGE:
        if y > 1:
            s.push((F.REPLY, who, purpose, role, x, y - 1))
        else:
            s.emit("dodged", {"seat": who})
    elif purpose is Purpose.AXE_DODGE:
        s.push((F.AXE_STEP, x.user, x, y))
    elif purpose is Purpose.LAGUNA_DODGE:
        if y + 1 < 3:
            s.push((F.REPLY, who, purpose, role, x, y + 1))
        else:
            s.emit("dodged", {"seat": who})
    elif purpose is Purpose.DISPEL:
        replace_below(s, F.DISPEL_WIN, lambda w: (F.DISPEL_WIN, w[1], w[2], w[3] + (use,), 0))
    elif purpose is Purpose.QUELL:  # 补刀斧: count as the killer
        s.emit("claims_kill", {"seat": who, "dead": x})
        replace_below(s, F.REWARD, lambda r: (F.REWARD, who, r[2]))
    return False


def reply_missed(s: S, rf: Frame) -> None:
    """No (valid) reply: the consequence of each purpose."""
    _, who, purpose, role, x, y = rf
    if purpose is Purpose.ATTACK_DODGE:
        s.push((F.ATK_HIT, x.user, x))
    elif purpose is Purpose.AXE_DODGE:
        s.push(damage_frame(s, Damage(x.user, who, 1, parts=(("野性之斧", 1),))), (F.AXE_STEP, x.user, x, y))
    elif purpose is Purpose.LAGUNA_DODGE:
        s.push(damage_frame(s, Damage(x.user, who, 3 - y, parts=(("神灭斩", 3), ("闪避", -y)) if y else
                                      (("神灭斩", 3),))))
    elif purpose is Purpose.FORCED_ATTACK and y:  # 战争饥渴: no 【攻击】 on the axe → 1 damage
        s.push(damage_frame(s, Damage(x, who, 1, parts=((y, 1),))))


def demand(s: S, target: int, source: int, test: tuple[str, int], amount: int, why: str) -> None:
    """``target`` must discard a hand card passing ``test`` or take ``amount`` damage from ``source``.

    Tests: ``("role", Role)``, ``("color", 0 red / 1 black)``, ``("suit", Suit)``, ``("suits_not", bitmask)``.
    Asked whenever the target holds any card (their hand is secret, so the question shows nothing)."""
    if not s.alive[target]:
        return
    if s.hands[target]:
        s.push((F.DEMAND, target, source, test, amount, why))
    else:
        s.push(damage_frame(s, Damage(source, target, amount, parts=((why, amount),))))


def passes(card: int, test: tuple[str, int]) -> bool:
    """Whether ``card`` satisfies a ``demand`` test."""
    kind, arg = test
    if kind == "role":
        return int(CARD_ROLE[card]) == arg
    if kind == "color":
        return IS_RED[card] == (arg == 0)
    if kind == "suit":
        return CARD_SUIT[card] == arg
    return not (1 << CARD_SUIT[card]) & arg


@options(F.DEMAND)
def _demand_opts(s: S, f: Frame) -> list[FateAction]:
    _, target, source, test, amount, why = f
    return [A.PASS] + [A.PICK[c] for c in s.hands[target] if passes(c, test)]


@decide(F.DEMAND)
def _demand(s: S, f: Frame, a: FateAction) -> None:
    _, target, source, test, amount, why = f
    s.stack.pop()
    if a.kind is Kind.PICK:
        s.discard_from_hand(target, (a.a,), why)
    else:
        s.push(damage_frame(s, Damage(source, target, amount, parts=((why, amount),))))


# ------------------------------------------------------------------------------------------ 【攻击】
def attack_void(s: S, use: Use, target: int) -> bool:
    """Whether the 【攻击】 has no effect on ``target`` (特殊体质, 不可侵犯)."""
    return any(sk.attack_void(s, target, use) for sk in answers(s, "attack_void", target))


@step(F.ATK_TARGETED)
def _atk_targeted(s: S, f: Frame) -> bool:
    """The 【攻击】 names its target: the ATTACK_TARGETED window (闪避护符, 反转螺旋)."""
    use: Use = f[2]
    s.stack.pop()
    if s.alive[use.targets[0]]:
        fire(s, Window.ATTACK_TARGETED, use, use.targets[0])
    return False


@step(F.ATK_DODGE)
def _atk_dodge(s: S, f: Frame) -> bool:
    """The target may cancel the 【攻击】 with 闪避: one, or more when the attacker's items or skills say so."""
    use: Use = f[2]
    s.stack.pop()
    t = use.targets[0]
    if use.uid in s.voided or not s.alive[t]:
        return False
    if attack_void(s, use, t):
        s.emit("no_effect", {"seat": use.user, "target": t, "card": CARD_TYPES[use.ctype].code})
        return False
    u = use.user
    if use.unstoppable or any(sk.unstoppable(s, u, use) for sk in answers(s, "unstoppable", u)):
        s.push((F.ATK_HIT, u, use))
        return False
    need = 1 + sum(sk.extra_dodges(s, u, use, t) for sk in answers(s, "extra_dodges", u))
    if s.hands[t]:
        s.push((F.REPLY, t, Purpose.ATTACK_DODGE, Role.DODGE, use, need))
    else:
        s.push((F.ATK_HIT, u, use))
    return False


@step(F.ATK_HIT)
def _atk_hit(s: S, f: Frame) -> bool:
    """The 【攻击】 is not dodged: 1 damage, plus this turn's and the card's bonuses."""
    use: Use = f[2]
    s.stack.pop()
    t = use.targets[0]
    if not s.alive[t]:
        return False
    u = use.user
    parts: list[tuple[str, int]] = [(CARD_TYPES[use.ctype].key, 1)]
    if u == s.turn_seat and s.might:
        parts.append(("神之力量", s.might))
    if s.tflags[u] & Mark.ATTACK_PLUS:
        parts.append(("血之狂暴", 1))
    if use.bonus:
        parts.append(("液态火", use.bonus))
    for uid, extra, why in s.boosts:
        if uid == use.uid:
            parts.append((why, extra))
    if s.boosts:
        s.boosts = tuple(b for b in s.boosts if b[0] != use.uid)
    amount = sum(p for _, p in parts)
    s.push(damage_frame(s, Damage(u, t, amount, use, 0, tuple(parts))))
    return False


@step(F.ATK_AFTER)
def _atk_after(s: S, f: Frame) -> bool:
    """After an 【攻击】 deals damage: the card's rider (火焰攻击, 混乱攻击), then the ATTACK_HIT window."""
    _, u, use, dmg = f
    s.stack.pop()
    t = dmg.target
    d = CARD_TYPES[use.ctype]
    fire(s, Window.ATTACK_HIT, (use, dmg), u)
    if d.user_rage and s.alive[u]:
        s.gain_rage(u, d.user_rage, d.key)  # 混乱攻击: the attacker gains 1 rage
    if d.target_rage and s.alive[t]:
        s.gain_rage(t, d.target_rage, d.key)  # 火焰攻击: the target gains 1 more rage
    return False


# ------------------------------------------------------------------------------------------ damage
def damage_frame(s: S, dmg: Damage) -> Frame:
    """The frame dealing ``dmg``: first the DAMAGE window (source, then target, then the others in turn order)
    where it may still change, then it lands."""
    hooks = s.prof.triggers[Window.DAMAGE]
    if hooks:
        rank = {dmg.source: -2, dmg.target: -1}
        n = s.n
        ordered = tuple(sorted(hooks, key=lambda h: (rank.get(h[0], (h[0] - s.turn_seat) % n))))
    else:
        ordered = ()
    return (F.DAMAGE, dmg.source, dmg, ordered, 0)


def deal(s: S, source: int, target: int, amount: int, why: str) -> None:
    """Push ``amount`` damage from ``source`` to ``target`` (``why`` names it in the explanation)."""
    s.push(damage_frame(s, Damage(source, target, amount, parts=((why, amount),))))


def current_damage(s: S) -> Damage:
    """The damage whose DAMAGE window is open (the nearest DAMAGE frame)."""
    for i in range(len(s.stack) - 1, -1, -1):
        if s.stack[i][0] == F.DAMAGE:
            return s.stack[i][2]
    raise AssertionError("no damage is being dealt")


def change_damage(s: S, dmg: Damage) -> None:
    """Change the damage whose DAMAGE window is open (a skill's reduction, bonus or redirection)."""
    replace_below(s, F.DAMAGE, lambda f: (f[0], f[1], dmg, f[3], f[4]))


@step(F.DAMAGE)
def _damage(s: S, f: Frame) -> bool:
    """The DAMAGE window, then the damage lands: 规则2, the hero gains as much rage as damage taken; HP ≤ 0
    opens the dying window; then the ATTACK_HIT and DAMAGED windows."""
    _, src, dmg, hooks, i = f
    t = dmg.target
    if i < len(hooks) and s.alive[t] and dmg.amount > 0:
        s.stack[-1] = (F.DAMAGE, src, dmg, hooks, i + 1)
        seat, code = hooks[i]
        if s.alive[seat] and code in s.prof.codes[seat]:
            SKILLS[code].on_damage(s, seat, dmg)
        return False
    s.stack.pop()
    if not s.alive[t]:
        return False
    if dmg.amount <= 0:
        s.emit("prevented", {"seat": t, "source": dmg.source, "parts": [list(p) for p in dmg.parts]})
        return False
    s.hp[t] -= dmg.amount
    s.emit("damage", {"seat": t, "source": dmg.source, "amount": dmg.amount, "hp": s.hp[t],
                      "parts": [list(p) for p in dmg.parts]})
    s.gain_rage(t, dmg.amount)
    frames: list[Frame | None] = []
    if s.hp[t] <= 0:
        frames.append((F.DYING, t, dmg.source, dmg.no_salve, 0, 0))
    if dmg.by_attack:
        frames.append((F.ATK_AFTER, dmg.source, dmg.by_attack, dmg))
    frames.append(fire_frame(s, Window.DAMAGED, dmg, t))
    push_some(s, *frames)
    return False


# ------------------------------------------------------------------------------------------ dying and death
@step(F.DYING)
def _dying(s: S, f: Frame) -> bool:
    """★角色死亡1: at HP ≤ 0 each hero in turn order from the dying one may save them (治疗药膏, rescue skills);
    each is asked once, and may use several (「1个或多个」) until HP is back at 1."""
    _, t, src, no_salve_, idx, started = f
    if not s.alive[t] or s.hp[t] >= 1:
        s.stack.pop()
        if s.alive[t]:
            s.emit("saved", {"seat": t, "hp": s.hp[t]})
        return False
    if not started:
        s.emit("dying", {"seat": t, "hp": s.hp[t]})
        if s.tflags[t] & Mark.SAVE_AT_ONE and not s.tflags[t] & Mark.NO_HEAL:  # 薄葬 (cast): back to 1 HP
            s.tflags[t] &= ~Mark.SAVE_AT_ONE
            s.hp[t] = 1
            s.emit("shallow_grave", {"seat": t})
            return False
        s.stack[-1] = (F.DYING, t, src, no_salve_, idx, 1)
    if idx >= s.n:
        s.stack.pop()
        s.push((F.DEATH, t, src))
        return False
    k = (t + idx) % s.n
    if s.alive[k] and (s.hands[k] or rescue_skills(s, k, t)):
        s.push((F.RESCUE_ASK, k, t, no_salve_))
    else:
        s.stack[-1] = (F.DYING, t, src, no_salve_, idx + 1, 1)
    return False


def rescue_skills(s: S, k: int, t: int) -> list[int]:
    """Positions of ``k``'s skills that can save dying ``t`` now."""
    return [i for i, sk in enumerate(s.skills_of(k)) if SKILLS[sk.code].rescue_usable(s, k, t)]


@options(F.RESCUE_ASK)
def _rescue_opts(s: S, f: Frame) -> list[FateAction]:
    _, k, t, no_salve_ = f
    out = [A.PASS]
    if not no_salve_ and not s.tflags[t] & Mark.NO_HEAL:
        out += [A.USE[c] for c in s.hands[k] if CARD_ROLE[c] == Role.SALVE]
    out += [A.SKILL[i] for i in rescue_skills(s, k, t)]
    return out


@decide(F.RESCUE_ASK)
def _rescue(s: S, f: Frame, a: FateAction) -> None:
    _, k, t, no_salve_ = f
    s.stack.pop()
    if a.kind is Kind.PASS:
        st = s.stack[-1]
        s.stack[-1] = (F.DYING, st[1], st[2], st[3], st[4] + 1, 1)
    elif a.kind is Kind.USE:
        s.hand_to_table(k, a.a)
        s.push((F.START_USE, k, Use(s.next_uid(), k, CARD_TYPE[a.a], (a.a,), (t,), 0)))
    else:
        SKILLS[s.skills_of(k)[a.a].code].rescue(s, k, t)


@step(F.DEATH)
def _death(s: S, f: Frame) -> bool:
    """★角色死亡2: death-triggered skills (the DEATH window), then every card is discarded and the identity
    shown; ★角色死亡3: the killer's reward."""
    _, t, src = f
    s.stack.pop()
    s.alive[t] = False
    s.id_known[t] = (1 << s.n) - 1
    s.emit("died", {"seat": t, "killer": src, "identity": s.identity[t] if s.mode in (Mode.IDENTITY, Mode.TEAMS)
                    else None})
    push_some(s, fire_frame(s, Window.DEATH, (t, src), t), (F.DEATH_CLEAN, t, src), (F.REWARD, src, t))
    return False


@step(F.DEATH_CLEAN)
def _death_clean(s: S, f: Frame) -> bool:
    _, t, src = f
    s.stack.pop()
    cards = s.hands[t] + s.status[t] + s.bombs[t] + s.pile[t]
    s.hands[t], s.status[t], s.bombs[t], s.pile[t] = [], [], [], []
    for which in (1, 2):
        c = s.take_equipment(t, which)
        if c >= 0:
            cards.append(c)
    mine = [h for h in s.held if h[1] == t]  # cards set aside from the dead hero go with them
    if mine:
        s.held = [h for h in s.held if h[1] != t]
        cards += [h[0] for h in mine]
    s.to_discard(cards)
    s.emit("cleared", {"seat": t, "cards": card_names(cards)})
    if s.mode is Mode.DUEL:  # 二人规则8: the opponent's hero dies → you win
        if s.opt["duel_defeat"] == "all" and (s.left[t] or s.right[t]):
            # G-37 variant: the player fights on; a resting hero comes in once this turn is over (procedure NEXT)
            s.emit("fallen", {"seat": t, "hero": HEROES[s.hero[t]].code, "resting": len(s.left[t]) + len(s.right[t])})
            return False
        s.game_over((1 - t,), "victory")
        return False
    if s.mode is Mode.TRIO and src >= 0 and src != t and s.alive[src] and upstream(s, src, t) == t:
        s.game_over((src,), "victory")  # 三人规则: killing your 上家 wins
        return False
    s.check_victory(False)
    return False


def upstream(s: S, seat: int, dead: int) -> int:
    """The nearest living seat before ``seat`` in turn order (``dead`` counted as living): its 上家."""
    for i in range(1, s.n):
        k = (seat - i) % s.n
        if s.alive[k] or k == dead:
            return k
    return seat


@step(F.REWARD)
def _reward(s: S, f: Frame) -> bool:
    """★角色死亡3: the damage source draws 2 or looks at a living hero's identity (G-15)."""
    _, src, t = f
    s.stack.pop()
    if src >= 0 and src != t and s.alive[src]:
        s.push((F.REWARD_ASK, src, t))
    return False


@options(F.REWARD_ASK)
def _reward_opts(s: S, f: Frame) -> list[FateAction]:
    src = f[1]
    out = [A.DRAW]
    if s.mode is Mode.IDENTITY:
        out += [A.LOOK[k] for k in range(s.n) if s.alive[k] and k != src and not s.id_known[k] >> src & 1]
    return out


@decide(F.REWARD_ASK)
def _reward_decide(s: S, f: Frame, a: FateAction) -> None:
    src = f[1]
    s.stack.pop()
    if a.kind is Kind.DRAW:
        s.draw(src, 2)
        return
    k = a.a
    s.id_known[k] |= 1 << src
    s.emit("looked_identity", {"seat": src, "target": k}, {"identity": s.identity[k]}, 1 << src)


# ------------------------------------------------------------------------------------------ judgements
JUDGED: dict[str, Callable[[S, Judgement], None]] = {}
"""What each judgement does once its card takes effect, by its ``why`` (items and skills register theirs)."""


def on_judgement(why: str) -> Callable[[Callable[[S, Judgement], None]], Callable[[S, Judgement], None]]:
    """Register the effect of judgement ``why``."""
    def deco(fn: Callable[[S, Judgement], None]) -> Callable[[S, Judgement], None]:
        JUDGED[why] = fn
        return fn
    return deco


def judge(s: S, seat: int, why: str, data: tuple[Any, ...] = ()) -> None:
    """判定: reveal the deck's top card; after the JUDGE window (神判) it takes effect (``JUDGED[why]``), goes to
    the discard pile, and the JUDGED window follows (魅惑)."""
    s.push((F.JUDGE, seat, Judgement(seat, why, -1, data), 0))


def flip(s: S, j: Judgement) -> Judgement:
    """Turn the top card up for the judgement (−1 when no card is left anywhere)."""
    c = s.top_card()
    if c >= 0:
        s.table.append(c)
        s.show(c)
        s.emit("judged", {"seat": j.seat, "card": CARD_NAME[c], "why": j.why})
    return j._replace(card=c)


def rejudge(s: S) -> None:
    """神判: the judgement card now up goes to the discard pile and a new one is turned up."""
    for i in range(len(s.stack) - 1, -1, -1):
        fr = s.stack[i]
        if fr[0] == F.JUDGE:
            j = fr[2]
            if j.card >= 0:
                s.table.remove(j.card)
                s.to_discard((j.card,))
            s.stack[i] = (F.JUDGE, fr[1], flip(s, j), fr[3])
            return


@step(F.JUDGE)
def _judge(s: S, f: Frame) -> bool:
    _, seat, j, stage = f
    if stage == 0:
        j = flip(s, j)
        s.stack[-1] = (F.JUDGE, seat, j, 1)
        if j.card >= 0:
            fire(s, Window.JUDGE, j)
        return False
    if stage == 1:
        s.stack[-1] = (F.JUDGE, seat, j, 2)
        if j.card >= 0:
            JUDGED[j.why](s, j)
        return False
    s.stack.pop()
    if j.card >= 0 and j.card in s.table:
        s.table.remove(j.card)
        s.to_discard((j.card,))
        fire(s, Window.JUDGED, j)
    return False


# ------------------------------------------------------------------------------------------ zone choices
FROST, DISARM, GREED = 0, 1, 2


def zones_of(s: S, victim: int, purpose: int) -> list[int]:
    """Which of ``victim``'s zones may be chosen: 0 hand (at random), 1 weapon, 2 armour."""
    out = []
    if purpose != DISARM and s.hands[victim]:
        out.append(0)
    if s.weapon[victim] >= 0:
        out.append(1)
    if s.armour[victim] >= 0:
        out.append(2)
    return out


@options(F.ZONE_ASK)
def _zone_opts(s: S, f: Frame) -> list[FateAction]:
    _, seat, victim, purpose, strong = f
    return [A.ZONE[z] for z in zones_of(s, victim, purpose)]


@decide(F.ZONE_ASK)
def _zone(s: S, f: Frame, a: FateAction) -> None:
    _, seat, victim, purpose, strong = f
    s.stack.pop()
    take_from_zone(s, seat, victim, purpose, strong, a.a)


def take_from_zone(s: S, seat: int, victim: int, purpose: int, strong: int, z: int) -> None:
    """``seat`` takes a card from ``victim``'s zone ``z`` for ``purpose`` (a hand card is picked at random)."""
    if purpose == GREED:
        from .cards import greed_aside

        greed_aside(s, seat, victim, z, strong)
        return
    if z == 0:
        c = s.hands[victim][s.rng.below(len(s.hands[victim]))]
        s.discard_from_hand(victim, (c,), "frost_armor")
        return
    c = s.take_equipment(victim, z)
    if purpose == DISARM and strong:  # 缴械 strengthened: take it into your hand
        s.hands[seat].append(c)
        s.show(c)
        s.emit("took", {"seat": seat, "cards": [CARD_NAME[c]], "from": victim})
    else:
        s.to_discard((c,))
        s.emit("discarded", {"seat": victim, "cards": [CARD_NAME[c]], "why": "disarm" if purpose == DISARM
                             else "frost_armor"})


def choose_zone(s: S, seat: int, victim: int, purpose: int, strong: int = 0) -> None:
    """``seat`` takes one of ``victim``'s cards for ``purpose``: straight away when only one zone holds any, else
    after choosing the zone (a hand card is then taken at random)."""
    zones = zones_of(s, victim, purpose)
    if len(zones) == 1:
        take_from_zone(s, seat, victim, purpose, strong, zones[0])
    elif zones:
        s.push((F.ZONE_ASK, seat, victim, purpose, strong))
