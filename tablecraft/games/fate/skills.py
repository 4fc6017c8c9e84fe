"""Items and hero skills as small hooks: the ``Skill`` base, the registry, the profile of what is in play, plans
for skills that are paid and aimed, and the generic frames a skill's own decisions run on.

A **skill** (技能) is a subclass of ``Skill`` registered under its code (``content.SkillDef.code`` for a hero skill,
``content.CardDef.ability`` for an item). It overrides only what it does:

- **triggers** ``on_<window>(s, me, ctx)`` — called when the procedure opens that ``Window`` (``fire``), for every
  hero whose hero card or equipment carries the skill, in turn order. A trigger checks its own condition
  (``if dmg.target != me: return``), acts at once, or pushes decisions (``ask``) that act later;
- **queries** — numbers and yes/no answers the procedure asks while it computes: distance modifiers
  (``distance_from``, ``distance_to``), extra draws, extra 闪避 an 【攻击】 needs, whether an 【攻击】 can be dodged or
  has any effect, whether a magic card can be dispelled, which view-as rules (``content.VIEW_AS``) it grants;
- **actions** — an active (主动) or cast (施法) skill is started with ``skill <n>``; its ``plan`` (``Plan``) says
  what it costs and whom it aims at, and ``resolve(s, use)`` carries it out once no 驱散 stopped it;
- **own decisions** — ``ask(s, me, code, stage, data)`` pushes a decision frame whose options and effect are the
  skill's ``options`` and ``decide`` (a frame holds only plain data, so states clone and serialise mid-skill).

The ``Profile`` of a position lists, per window and per query, which seats' skills answer; it depends only on the
heroes, the text set and the equipment, and is cached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import actions as A
from .actions import FateAction, Kind
from .content import (
    CARD_DEF,
    CARD_SUIT,
    IS_RED,
    VIEW_AS_BY_CODE,
    Aim,
    SkillKind,
    ViewAs,
)
from .state import DECIDE, OPTIONS, STEP, Damage, F, Judgement, Use, Window

if TYPE_CHECKING:
    from .state import FateState as S
else:
    S = Any

Frame = tuple[Any, ...]


# ------------------------------------------------------------------------------------------- plans
Pay = Callable[[Any, int, int, tuple[int, ...]], bool]
"""``pay(s, me, card, paid)``: may ``card`` be paid next, after ``paid``?"""

PAY_WORDS: dict[Pay, tuple[str, str]] = {}
"""What a ``Pay`` rule asks of the cards, in (Chinese, English) words for a price (``红色`` / ``red``): filled by
``worded``; a rule without words is priced by its count alone."""


def worded(pay: Pay, zh: str, en: str) -> Pay:
    """``pay``, with its words for prices (``PAY_WORDS``)."""
    PAY_WORDS[pay] = (zh, en)
    return pay


def any_card(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
    """Any card pays."""
    return True


def red(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
    """A red card (♥ ♦)."""
    return IS_RED[card]


def black(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
    """A black card (♠ ♣)."""
    return not IS_RED[card]


worded(red, "红色", "red")
worded(black, "黑色", "black")
_SUIT_WORDS = (("黑桃", "♠"), ("红桃", "♥"), ("梅花", "♣"), ("方块", "♦"))


def suit_is(suit: int) -> Pay:
    """Cards of one suit."""
    def pay(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
        return CARD_SUIT[card] == suit
    return worded(pay, *_SUIT_WORDS[suit])


def same_suit(at_least: int, zone: str = "hand") -> Pay:
    """Cards of the first card's suit, offering a first card only where ``at_least`` of its suit can be paid
    from ``zone``."""
    def pay(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
        suit = CARD_SUIT[card]
        if paid:
            return suit == CARD_SUIT[paid[0]]
        return sum(1 for c in payable_zone(s, me, zone) if CARD_SUIT[c] == suit) >= at_least
    return worded(pay, "同花色", "of one suit")


def distinct_suits(at_least: int, zone: str = "hand") -> Pay:
    """Cards of suits not yet paid, offered only while ``at_least`` different suits can still be reached from
    ``zone``."""
    def pay(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
        suits = {CARD_SUIT[c] for c in paid}
        suit = CARD_SUIT[card]
        if suit in suits:
            return False
        have = {CARD_SUIT[c] for c in payable_zone(s, me, zone) if c not in paid} - suits
        return len(suits) + len(have) >= at_least
    return worded(pay, "花色各不相同", "of different suits")


def role_card(role: int) -> Pay:
    """Cards whose role is ``role`` (an 【攻击】 card …)."""
    def pay(s: Any, me: int, card: int, paid: tuple[int, ...]) -> bool:
        return int(CARD_DEF[card].role) == role
    return pay


Targets = Callable[[Any, int, tuple[int, ...]], tuple[int, int]]
TargetOk = Callable[[Any, int, int, tuple[int, ...], tuple[int, ...]], bool]


def other_hero(s: Any, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """Another living hero not yet chosen."""
    return t != me and t not in chosen


def any_hero(s: Any, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """Any living hero not yet chosen (yourself included)."""
    return t not in chosen


@dataclass(frozen=True)
class Plan:
    """What starting a skill takes: ``cards`` (min, max; max −1 = no limit) paid one at a time from ``zone``
    (``hand``, or ``cards`` = hand and equipment, for a cost of 「牌」) passing ``pay``; ``keep`` leaves paid cards
    where they are for ``resolve`` to move; then ``targets(s, me, paid)`` = (min, max) targets passing
    ``target_ok``; ``rage`` is paid when the skill is used (a number, or a function of the paid cards); ``hp`` is
    the damage it deals its own user."""

    cards: tuple[int, int] = (0, 0)
    zone: str = "hand"
    pay: Pay = any_card
    keep: bool = False
    targets: Targets | tuple[int, int] = (0, 0)
    target_ok: TargetOk = other_hero
    rage: int | Callable[[Any, int, tuple[int, ...]], int] = 0
    hp: int = 0
    """Damage the skill deals its own user as it resolves (双刃剑, 牺牲, 死亡缠绕): part of its price, so it is said
    before the skill is chosen; ``resolve`` deals it."""

    def target_range(self, s: Any, me: int, paid: tuple[int, ...]) -> tuple[int, int]:
        """(min, max) targets after ``paid``."""
        t = self.targets
        return t if isinstance(t, tuple) else t(s, me, paid)

    def rage_cost(self, s: Any, me: int, paid: tuple[int, ...]) -> int:
        """Rage the skill costs after ``paid``."""
        r = self.rage
        return r if isinstance(r, int) else r(s, me, paid)


def payable_zone(s: Any, me: int, zone: str) -> list[int]:
    """The cards a plan may be paid from."""
    return s.cards_of(me) if zone == "cards" else s.hands[me]


# ------------------------------------------------------------------------------------------- the base class
class Skill:
    """A hero skill or an item ability: override only what it does (see the module docstring)."""

    code: ClassVar[str] = ""
    plan: ClassVar[Plan | None] = None
    view_as: ClassVar[tuple[str, ...]] = ()
    """Codes of the ``content.VIEW_AS`` rules this skill grants (``view_as_active`` may switch them off)."""
    distance_from: ClassVar[int] = 0
    """Added to its holder's distance to every other hero (瞄准 −1, 速度之靴 −1)."""
    distance_to: ClassVar[int] = 0
    """Added to every other hero's distance to its holder (瞄准 +1, 速度之靴 +1)."""
    extra_draw: ClassVar[int] = 0
    """More cards in its holder's draw phase (菲丽丝之戒)."""
    forbids_armour: ClassVar[bool] = False
    """Its holder cannot wear armour (圣者遗物)."""

    # -- triggers (``Profile.triggers`` lists the skills overriding each; ``Window`` says when and with what)
    def on_turn_start(self, s: S, me: int, ctx: None) -> None:
        """A hero's turn begins (``s.turn_seat``), after the cast phase."""

    def on_play_start(self, s: S, me: int, ctx: None) -> None:
        """The turn's hero enters its play phase."""

    def on_after_draw(self, s: S, me: int, ctx: None) -> None:
        """The turn's hero has drawn its cards."""

    def on_turn_end(self, s: S, me: int, ctx: None) -> None:
        """The turn's hero is in its end phase."""

    def on_card_used(self, s: S, me: int, use: Use) -> None:
        """A card is used or played (``use.targets`` empty for a card played in answer), before it takes effect."""

    def on_attack_targeted(self, s: S, me: int, use: Use) -> None:
        """An 【攻击】 names its target ``use.targets[0]``."""

    def on_magic_targeted(self, s: S, me: int, use: Use) -> None:
        """A magic card names its targets."""

    def on_dispelled(self, s: S, me: int, use: Use) -> None:
        """``use`` was cancelled by 驱散."""

    def on_resolved(self, s: S, me: int, use: Use) -> None:
        """A magic card has resolved without being dispelled."""

    def on_damage(self, s: S, me: int, dmg: Damage) -> None:
        """Damage is about to land; ``pipeline.change_damage`` may still change it."""

    def on_damaged(self, s: S, me: int, dmg: Damage) -> None:
        """Damage has landed."""

    def on_attack_hit(self, s: S, me: int, ctx: tuple[Use, Damage]) -> None:
        """An 【攻击】 has dealt damage."""

    def on_healed(self, s: S, me: int, ctx: tuple[int, int]) -> None:
        """Hero ``ctx[0]`` recovered ``ctx[1]`` HP."""

    def on_rage_gained(self, s: S, me: int, ctx: tuple[int, int]) -> None:
        """Hero ``ctx[0]`` gained ``ctx[1]`` rage."""

    def on_judge(self, s: S, me: int, j: Judgement) -> None:
        """A judgement card is up, before it takes effect (``pipeline.rejudge`` may replace it)."""

    def on_judged(self, s: S, me: int, j: Judgement) -> None:
        """A judgement card has taken effect and lies on the discard pile."""

    def on_death(self, s: S, me: int, ctx: tuple[int, int]) -> None:
        """Hero ``ctx[0]`` died, killed by ``ctx[1]`` (−1: no source); before their cards are discarded."""

    # -- queries (``Profile.answers`` lists the skills overriding each)
    def view_as_active(self, s: S, me: int, rule: ViewAs) -> bool:
        """Whether ``rule`` can be used by ``me`` now."""
        return True

    def extra_dodges(self, s: S, me: int, use: Use, target: int) -> int:
        """Extra 闪避 ``me``'s 【攻击】 ``use`` needs against ``target``."""
        return 0

    def dodge_ok(self, s: S, me: int, card: int) -> bool:
        """Whether ``card`` may be played as 闪避 against ``me``'s 【攻击】."""
        return True

    def unstoppable(self, s: S, me: int, use: Use) -> bool:
        """Whether ``me``'s 【攻击】 ``use`` cannot be dodged."""
        return False

    def attack_void(self, s: S, me: int, use: Use) -> bool:
        """Whether the 【攻击】 ``use`` aimed at ``me`` has no effect on ``me``."""
        return False

    def undispellable(self, s: S, me: int, use: Use) -> bool:
        """Whether ``me``'s use ``use`` cannot be dispelled."""
        return False

    def free_strengthen(self, s: S, me: int) -> bool:
        """Whether ``me`` may strengthen a magic card now without paying rage (and then pays the skill instead)."""
        return False

    def extra_cost(self, s: S, me: int, use: Use | None) -> None:
        """``me`` strengthened a card for free through this skill: record it."""

    def card_aim(self, s: S, me: int, ctype: int) -> Aim | None:
        """Whom ``me`` may aim a card of type ``ctype`` at, when this skill changes it (恩惠), else None."""
        return None

    def keeps_dispelled(self, s: S, me: int) -> bool:
        """Whether a magic card ``me`` dispels goes to ``me``'s hand (魔法掌控)."""
        return False

    # -- actions
    def price(self, s: S, me: int, lang: str) -> str | None:
        """What starting this skill costs ``me``, in ``lang`` (told on ``skill <n>`` before it is chosen): by default
        the plan's cards, rage and self-damage (``price.plan_price``); a skill whose price the plan cannot say
        overrides this."""
        if self.plan is None:
            return None
        from .price import plan_price

        return plan_price(self.plan, s, me, lang)

    def usable(self, s: S, me: int) -> bool:
        """Whether ``me`` can start this active or cast skill now (cost payable, targets there)."""
        plan = self.plan
        if plan is None:
            return False
        return plan_usable(s, me, self.code, plan)

    def begin(self, s: S, me: int) -> None:
        """Start the skill: pay, aim, use (``plan``)."""
        start_plan(s, me, self.code)

    def resolve(self, s: S, use: Use) -> None:
        """Carry out the used skill (no 驱散 stopped it)."""

    def play_usable(self, s: S, me: int) -> bool:
        """A passive skill's own action in its holder's play phase (信仰: take the faith cards), usable now?"""
        return False

    def play(self, s: S, me: int) -> None:
        """Carry out the passive skill's play-phase action (not a use: nothing can dispel it)."""

    def item_usable(self, s: S, me: int) -> bool:
        """An item's own play-phase ability (神秘法杖, 闪避护符): usable now?"""
        return False

    def item_begin(self, s: S, me: int) -> None:
        """Start the item's own ability."""

    def draw_usable(self, s: S, me: int) -> bool:
        """Whether the skill offers ``me`` an alternative draw phase (无敌斩, 辉煌光环)."""
        return False

    def draw_instead(self, s: S, me: int) -> None:
        """Play ``me``'s draw phase this skill's way."""

    def rescue_usable(self, s: S, me: int, dying: int) -> bool:
        """Whether ``me`` can save the dying hero with this skill now (重生, TheFate's 薄葬)."""
        return False

    def rescue(self, s: S, me: int, dying: int) -> None:
        """Start the rescue."""

    # -- own decisions and steps
    def options(self, s: S, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        """The options of this skill's decision ``stage``."""
        return [A.YES, A.NO]

    def decide(self, s: S, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        """``me`` chose ``action`` at decision ``stage`` (the frame is already popped)."""

    def step(self, s: S, me: int, stage: int, data: tuple[Any, ...]) -> None:
        """An automatic continuation of this skill (the frame is already popped)."""


SKILLS: dict[str, Skill] = {}
"""Every skill and item ability by code."""
HOOKS: dict[str, frozenset[str]] = {}
"""Per skill code, the trigger and query methods its class overrides (found once, at registration)."""


def register(cls: type[Skill]) -> type[Skill]:
    """Class decorator: register one instance of a ``Skill`` subclass under its code."""
    if not cls.code or cls.code in SKILLS:
        raise ValueError(f"skill code {cls.code!r} is empty or registered twice")
    skill = SKILLS[cls.code] = cls()
    HOOKS[cls.code] = frozenset(name for name in TRIGGERS + QUERIES if _overrides(skill, name))
    return cls


# ------------------------------------------------------------------------------------------- the profile
TRIGGERS = tuple(f"on_{w.name.lower()}" for w in Window)
QUERIES = ("view_as_active", "extra_dodges", "dodge_ok", "unstoppable", "attack_void", "undispellable",
           "free_strengthen", "keeps_dispelled", "card_aim")


def _overrides(skill: Skill, name: str) -> bool:
    return getattr(type(skill), name, None) is not getattr(Skill, name, None)


class Profile:
    """The items and skills in play: for each seat its skill codes; for each window the ``(seat, code)`` pairs
    that hook it; for each query the skills per seat that answer it; static modifiers per seat."""

    __slots__ = ("codes", "triggers", "answers", "distance_from", "distance_to", "extra_draw", "view_as")

    def __init__(self, per_seat: list[list[str]]) -> None:
        n = len(per_seat)
        self.codes = tuple(frozenset(c) for c in per_seat)
        skills = [[SKILLS[c] for c in codes] for codes in per_seat]
        self.triggers = tuple(
            tuple((seat, sk.code) for seat in range(n) for sk in skills[seat] if name in HOOKS[sk.code])
            for name in TRIGGERS)
        self.answers = {q: tuple(tuple(sk for sk in skills[seat] if q in HOOKS[sk.code]) for seat in range(n))
                        for q in QUERIES}
        self.distance_from = tuple(sum(sk.distance_from for sk in skills[seat]) for seat in range(n))
        self.distance_to = tuple(sum(sk.distance_to for sk in skills[seat]) for seat in range(n))
        self.extra_draw = tuple(sum(sk.extra_draw for sk in skills[seat]) for seat in range(n))
        self.view_as = tuple(tuple((VIEW_AS_BY_CODE[r], sk) for sk in skills[seat] for r in sk.view_as)
                             for seat in range(n))


_PROFILES: dict[tuple[Any, ...], Profile] = {}


def seat_codes(s: S, seat: int) -> list[str]:
    """The skill codes ``seat`` carries: its hero's skills, then its weapon's and armour's abilities."""
    out = [sk.code for sk in s.skills_of(seat)]
    for c in (s.weapon[seat], s.armour[seat]):
        if c >= 0:
            out.append(CARD_DEF[c].ability)
    return out


def profile_of(s: S) -> Profile:
    """The (cached) profile of ``s``'s heroes and equipment."""
    texts = s.game.options["texts"]
    key = (texts, tuple(s.hero), tuple(-1 if c < 0 else CARD_DEF[c].ability for c in s.weapon),
           tuple(-1 if c < 0 else CARD_DEF[c].ability for c in s.armour))
    p = _PROFILES.get(key)
    if p is None:
        if len(_PROFILES) > 20000:  # a bound on memory for very long runs
            _PROFILES.clear()
        p = _PROFILES[key] = Profile([seat_codes(s, seat) for seat in range(s.n)])
    return p


# ------------------------------------------------------------------------------------------- firing windows
def fire_frame(s: S, window: Window, ctx: Any, start: int = -1) -> Frame | None:
    """The frame that opens ``window`` (None when nothing in play hooks it): every skill hooking it is called,
    in turn order from ``start`` (default: the hero whose turn it is), each after the decisions the previous one
    pushed are settled. The hooks are listed when the window opens."""
    hooks = s.prof.triggers[window]
    if not hooks:
        return None
    first = s.turn_seat if start < 0 else start
    n = s.n
    ordered = tuple(sorted(hooks, key=lambda h: (h[0] - first) % n))
    return (F.FIRE, first, window, ctx, ordered, 0)


def fire(s: S, window: Window, ctx: Any, start: int = -1) -> None:
    """Open ``window`` now (``fire_frame`` pushed on top of the stack)."""
    f = fire_frame(s, window, ctx, start)
    if f is not None:
        s.stack.append(f)


def _fire_step(s: S, f: Frame) -> bool:
    _, first, window, ctx, hooks, i = f
    if i >= len(hooks):
        s.stack.pop()
        return False
    s.stack[-1] = (F.FIRE, first, window, ctx, hooks, i + 1)
    seat, code = hooks[i]
    if (s.alive[seat] or window is Window.DEATH and ctx[0] == seat) and code in s.prof.codes[seat]:
        getattr(SKILLS[code], TRIGGERS[window])(s, seat, ctx)
    return False


STEP[F.FIRE] = _fire_step


def answers(s: S, query: str, seat: int) -> tuple[Skill, ...]:
    """The skills ``seat`` carries that answer ``query``."""
    return s.prof.answers[query][seat]


# ------------------------------------------------------------------------------------------- own decisions
def ask(s: S, me: int, code: str, stage: int = 0, data: tuple[Any, ...] = ()) -> None:
    """Push a decision of skill ``code`` for ``me`` (its options: ``Skill.options``)."""
    s.stack.append((F.ASK, me, code, stage, data))


def later(s: S, me: int, code: str, stage: int = 0, data: tuple[Any, ...] = ()) -> None:
    """Push an automatic step of skill ``code`` (``Skill.step``), to run once what is above it is settled."""
    s.stack.append((F.STEP, me, code, stage, data))


def _wait(s: S, f: Frame) -> bool:
    """Step of a plain decision frame: always wait."""
    return True


def _ask_options(s: S, f: Frame) -> list[FateAction]:
    _, me, code, stage, data = f
    return SKILLS[code].options(s, me, stage, data)


def _ask_decide(s: S, f: Frame, a: FateAction) -> None:
    _, me, code, stage, data = f
    s.stack.pop()
    SKILLS[code].decide(s, me, stage, data, a)


def _skill_step(s: S, f: Frame) -> bool:
    _, me, code, stage, data = f
    s.stack.pop()
    SKILLS[code].step(s, me, stage, data)
    return False


STEP[F.ASK] = _wait
OPTIONS[F.ASK] = _ask_options
DECIDE[F.ASK] = _ask_decide
STEP[F.STEP] = _skill_step


# ------------------------------------------------------------------------------------------- plans in action
def plan_usable(s: S, me: int, code: str, plan: Plan) -> bool:
    """Whether ``me`` can pay ``plan`` and find its targets now (checked before offering ``skill <n>``)."""
    lo = plan.cards[0]
    zone = payable_zone(s, me, plan.zone)
    if lo:
        # greedy: enough cards that may start the payment and then follow it
        paid: tuple[int, ...] = ()
        for c in sorted(zone):
            if len(paid) >= lo:
                break
            if plan.pay(s, me, c, paid):
                paid += (c,)
        if len(paid) < lo:
            return False
    else:
        paid = ()
    tmin, _ = plan.target_range(s, me, paid)
    if tmin and not can_aim(s, me, code, paid, (), tmin):
        return False
    return s.rage[me] >= plan.rage_cost(s, me, paid)


def can_aim(s: S, me: int, code: str, paid: tuple[int, ...], chosen: tuple[int, ...], need: int) -> bool:
    """Whether ``need`` more targets can be chosen one after another after ``chosen``."""
    if need <= 0:
        return True
    return any(can_aim(s, me, code, paid, chosen + (t,), need - 1) for t in candidates(s, me, code, paid, chosen))


def start_plan(s: S, me: int, code: str, preset: tuple[int, ...] = ()) -> None:
    """Begin paying and aiming skill ``code`` (``preset`` targets are fixed by the window that offered it)."""
    plan = SKILLS[code].plan
    assert plan is not None
    if plan.cards[1]:
        s.stack.append((F.PAY, me, code, (), preset))
    else:
        after_pay(s, me, code, (), preset)


def after_pay(s: S, me: int, code: str, paid: tuple[int, ...], targets: tuple[int, ...]) -> None:
    """Costs paid: aim (if the plan has targets left to choose) or use the skill."""
    plan = SKILLS[code].plan
    assert plan is not None
    tmin, tmax = plan.target_range(s, me, paid)
    if len(targets) < tmax and candidates(s, me, code, paid, targets):
        s.stack.append((F.SKILL_TARGET, me, code, paid, targets))
    else:
        s.stack.append((F.SKILL_DONE, me, code, paid, targets))


def candidates(s: S, me: int, code: str, paid: tuple[int, ...], chosen: tuple[int, ...]) -> list[int]:
    """Seats the skill's next target may be."""
    plan = SKILLS[code].plan
    assert plan is not None
    return [t for t in range(s.n) if s.alive[t] and s.touchable(t, me) and plan.target_ok(s, me, t, paid, chosen)]


def _pay_options(s: S, f: Frame) -> list[FateAction]:
    _, me, code, paid, _t = f
    plan = SKILLS[code].plan
    assert plan is not None
    out = [A.PICK[c] for c in payable_zone(s, me, plan.zone) if c not in paid and plan.pay(s, me, c, paid)
           and completable(s, me, code, paid + (c,))]
    lo, hi = plan.cards
    if len(paid) >= lo and (hi < 0 or len(paid) < hi) and s.rage[me] >= plan.rage_cost(s, me, paid) \
            and enough_targets(s, me, code, paid):
        out.append(A.DONE)
    return out


def completable(s: S, me: int, code: str, paid: tuple[int, ...]) -> bool:
    """Whether a payment that has reached ``paid`` can still end in a use: once the minimum is paid, its rage
    and targets must be there (more cards only ever ask for more of both)."""
    plan = SKILLS[code].plan
    assert plan is not None
    if len(paid) < plan.cards[0]:
        return True
    return s.rage[me] >= plan.rage_cost(s, me, paid) and enough_targets(s, me, code, paid)


def enough_targets(s: S, me: int, code: str, paid: tuple[int, ...]) -> bool:
    """Whether the plan's minimum number of targets exists after ``paid``."""
    plan = SKILLS[code].plan
    assert plan is not None
    tmin, _ = plan.target_range(s, me, paid)
    return can_aim(s, me, code, paid, (), tmin)


def _pay_decide(s: S, f: Frame, a: FateAction) -> None:
    _, me, code, paid, targets = f
    plan = SKILLS[code].plan
    assert plan is not None
    s.stack.pop()
    if a.kind is Kind.DONE:
        after_pay(s, me, code, paid, targets)
        return
    c = a.a
    if not plan.keep:
        s.discard_card(me, c, code)
    paid = paid + (c,)
    lo, hi = plan.cards
    more = hi < 0 or len(paid) < hi
    # Whether the payer is asked for more may depend only on what the others see: a hand card left (which might
    # pay, for all they know) or a face-up equipment card that can. Skipping the step because no hand card could
    # pay would show them what his hand lacks.
    hand = s.hands[me]
    if more and any(x not in paid and (x in hand or plan.pay(s, me, x, paid) and completable(s, me, code, paid + (x,)))
                    for x in payable_zone(s, me, plan.zone)):
        frame = (F.PAY, me, code, paid, targets)
        if _pay_options(s, frame):
            s.stack.append(frame)
            return
    after_pay(s, me, code, paid, targets)


STEP[F.PAY] = _wait
OPTIONS[F.PAY] = _pay_options
DECIDE[F.PAY] = _pay_decide


def _target_options(s: S, f: Frame) -> list[FateAction]:
    _, me, code, paid, chosen = f
    plan = SKILLS[code].plan
    assert plan is not None
    tmin, _ = plan.target_range(s, me, paid)
    ok = candidates(s, me, code, paid, chosen)
    if len(chosen) + 1 < tmin:  # offer only targets after which the rest can still be found
        need = tmin - len(chosen) - 1
        ok = [t for t in ok if can_aim(s, me, code, paid, chosen + (t,), need)]
    out = [A.TARGET[t] for t in ok]
    if len(chosen) >= tmin:
        out.append(A.DONE)
    return out


def _target_decide(s: S, f: Frame, a: FateAction) -> None:
    _, me, code, paid, chosen = f
    s.stack.pop()
    if a.kind is Kind.DONE:
        s.stack.append((F.SKILL_DONE, me, code, paid, chosen))
        return
    after_pay(s, me, code, paid, chosen + (a.a,))


STEP[F.SKILL_TARGET] = _wait
OPTIONS[F.SKILL_TARGET] = _target_options
DECIDE[F.SKILL_TARGET] = _target_decide


def skill_def_kind(s: S, me: int, code: str) -> tuple[SkillKind, bool]:
    """The kind and dispellability of ``me``'s skill ``code`` as printed."""
    for sk in s.skills_of(me):
        if sk.code == code:
            return sk.kind, sk.dispellable
    return SkillKind.PASSIVE, False


def _skill_done(s: S, f: Frame) -> bool:
    """The skill is used: its rage is paid, then ``use_skill``."""
    _, me, code, paid, targets = f
    s.stack.pop()
    plan = SKILLS[code].plan
    assert plan is not None
    cost = plan.rage_cost(s, me, paid)
    if cost:
        s.lose_rage(me, cost, code, "cost")
    use_skill(s, me, code, targets, paid)
    return False


def use_skill(s: S, me: int, code: str, targets: tuple[int, ...] = (), paid: tuple[int, ...] = (),
              ref: int = -1) -> None:
    """``me`` uses skill ``code`` (its cost paid): a dispel window opens if it can be dispelled (主动, 施法 and
    the reactions marked 可驱散), then it resolves (``Skill.resolve``)."""
    use = Use(s.next_uid(), me, -1, (), targets, 0, code, paid, ref)
    s.emit("skill", {"seat": me, "skill": code, "targets": list(targets)})
    _, dispellable = skill_def_kind(s, me, code)
    if dispellable:
        s.push((F.DISPEL_WIN, me, use, (), 0), (F.RESOLVE, me, use), (F.FINISH, me, use))
    else:
        s.push((F.RESOLVE, me, use))


STEP[F.SKILL_DONE] = _skill_done


def announce(s: S, me: int, code: str, targets: tuple[int, ...] = ()) -> None:
    """Emit the event of a skill taking effect by itself (a passive skill that needs no use)."""
    s.emit("skill", {"seat": me, "skill": code, "targets": list(targets)})
