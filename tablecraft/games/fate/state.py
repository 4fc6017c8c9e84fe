"""The fate state: plain lists of ints, and the procedure as a stack of frames (seed 004).

Every step of the game is a *frame* on ``state.stack``: a tuple ``(F, seat, args…)``. ``_run`` steps the top
frame until one needs a decision; that frame's seat is the player to act and its options are the legal actions.
Reactions — 驱散 chains, the dying window (濒死), 闪避 replies, a skill's "you may" — are frames like any other, so
a state can be cloned, saved, resampled, searched or served in the middle of any chain. Nothing here is a
coroutine, and the procedure never asks for a card or a hero by name: cards answer through their ``CardDef`` data
and effect hook (``cards.py``); items and hero skills through the hooks of their ``Skill`` (``skills.py``), which
the procedure calls at the timing windows listed in ``Window``.

Uses and damage are event objects (``Use``, ``Damage``: immutable; ``_replace`` changes them while a window is
open). Per-turn effects on a hero (狂热's unlimited 【攻击】, a cast state) are ``Mark`` bits.

Knowledge: ``known[card]`` is a bit mask of the seats that know where the card is now (bit 8: everyone). It
matters while the card is in a hidden place (a hand, bombs, faith cards, cards set aside, looked at or in the
deck): set when the card enters one (a draw: the drawer; a card taken from the table, the discard pile or a
revealed row: everyone; a card given face down: giver and taker), and cleared — conservatively — for a whole hand
whenever a card leaves it unseen (given face down, set aside, taken at random): the others cannot tell which card
went. Views show exactly the known cards and ``resample`` redeals exactly the unknown ones (see ``view.py``).
``seen[card]`` holds the seats ever shown that card (the leak test checks the event stream against it).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from tablecraft.core.api import TERMINAL, Content, Json, State
from tablecraft.core.events import Event
from tablecraft.core.rng import Rng

from . import rules
from .actions import CANCEL, FateAction, Kind
from .content import (
    CARD_DEF,
    CARD_NAME,
    DECK_SIZE,
    FATES,
    HEROES,
    TYPE_INDEX,
    HeroType,
    SkillDef,
    hero_skills,
)
from .spec import RAGE_LIMIT, Mode

NEUTRAL = 2
"""The neutral identity (``spec.IDENTITY_CODES``): the seat that holds the fate card."""

EVERYONE = 1 << 8
"""``seen`` bit: the card has been face up for everyone (spectators included)."""
SHOWN = EVERYONE | 0xFF
"""``seen`` value of a card shown to every seat and spectators."""
NONE = -1
DISPEL_TYPE = TYPE_INDEX["驱散"]
SKIP_PHASES_NEXT, SKIP_DRAW_NEXT = 1, 2
"""``FateState.skip_next`` bits: the hero's next turn skips its draw, play and discard phases (时间静止), or only
its draw phase (蝮蛇突袭 of fate_reborn)."""


class Window(IntEnum):
    """Timing windows (时机): the moments at which items and skills are asked to act (``Skill.on_<window>``).

    The procedure fires a window with a context; every item and skill in play that hooks it is called in turn
    order (from the hero whose turn it is, or in the order the window names), and may act at once or push its
    own decisions."""

    TURN_START = 0  # ctx None — a hero's turn begins (before the cast phase)
    PLAY_START = 1  # ctx None — the turn's hero enters the play phase
    AFTER_DRAW = 2  # ctx None — the turn's hero has drawn (父爱)
    TURN_END = 3  # ctx None — the end phase of the turn's hero (龙族血统)
    CARD_USED = 4  # ctx Use — a card is used or played, before it takes effect (引爆, 冰封禁制, 超负荷)
    ATTACK_TARGETED = 5  # ctx Use — an 【攻击】 names its target (反转螺旋, 闪避护符)
    MAGIC_TARGETED = 6  # ctx Use — a magic card names its targets (流浪法师斗篷)
    DISPELLED = 7  # ctx Use — a use was cancelled by 驱散 (圣光)
    RESOLVED = 8  # ctx Use — a magic card has resolved without being dispelled (多重施法, 狂热之心)
    DAMAGE = 9  # ctx Damage — damage is about to land and may still be changed (刚毛后背, 援护)
    DAMAGED = 10  # ctx Damage — damage has landed (战意, 信仰, 刃甲)
    ATTACK_HIT = 11  # ctx (Use, Damage) — an 【攻击】 has dealt damage (吸血, 黯灭之刃)
    HEALED = 12  # ctx (seat, amount) — a hero recovered HP (治疗术)
    RAGE_GAINED = 13  # ctx (seat, amount) — a hero gained rage (恐怖波动)
    JUDGE = 14  # ctx Judgement — a judgement card is up, before it takes effect (神判)
    JUDGED = 15  # ctx Judgement — a judgement card has taken effect (魅惑)
    DEATH = 16  # ctx (dead, killer) — a hero has died; before their cards are discarded (自爆, 施虐之心)


class Mark(IntEnum):
    """Effects on a hero that last until the next turn begins (``FateState.tflags``, a bit mask of these): card
    effects of this turn, and the cast-phase states (施法状态), which 「只持续1个角色回合」. (An ``IntEnum`` of bits
    rather than an ``IntFlag``: masks are plain ints, so the hot paths pay no enum arithmetic.)"""

    UNLIMITED = 1  # any number of 【攻击】 (狂热, 无敌斩, 战斗专注)
    BLACK_AS_ATTACK = 2  # black hand cards count as 普通攻击 (无敌斩)
    SKIPPING = 4  # skips this turn's draw, play and discard phases (海妖之歌, 时间静止)
    STAFF_USED = 8  # 神秘法杖 used this turn
    SAVE_AT_ONE = 16  # if dying this turn, back to 1 HP (薄葬, cast)
    BASIC_ONLY = 32  # in the play phase only basic cards and passive skills (血之狂暴, cast)
    ATTACK_PLUS = 64  # 【攻击】 deal 1 more damage (血之狂暴, cast)
    NO_HEAL = 128  # cannot recover HP (竭心光环, cast)
    DOUBLE_COST = 256  # each 【攻击】/【闪避】 needs one more card of the same name (冰霜禁制, cast)
    FREE_STRENGTHEN_USED = 512  # 炽魂 used this turn
    SKIP_DRAW = 1024  # skips this turn's draw phase (蝮蛇突袭, texts=reborn)


class F(IntEnum):
    """Frame kinds. Decision frames put their seat to act; the others step automatically."""

    # procedure
    SETUP_DONE = 0
    TURN = 1
    CAST = 2
    ROSHAN = 3
    STATUS = 4
    DRAW = 5
    PLAY = 6
    DISCARD = 7
    END = 8
    NEXT = 9
    BUILD = 10
    START_USE = 11
    RESOLVE = 12
    FINISH = 13
    FIRE = 14
    JUDGE = 15
    DISPEL_WIN = 16
    REPLY_GOT = 17
    ATK_TARGETED = 18
    ATK_DODGE = 19
    ATK_HIT = 20
    ATK_AFTER = 21
    DAMAGE = 22
    AFTER_DAMAGE = 23
    DYING = 24
    DEATH = 25
    DEATH_CLEAN = 26
    REWARD = 27
    STEP = 28  # a skill's own automatic step (``Skill.step``)
    SKILL_DONE = 29
    AXE_STEP = 30
    LAGUNA_STEP = 31
    VIPER_DONE = 32
    GREED_TAKE = 33
    TRANSPORT_STEP = 34
    HALO_STEP = 35
    # decisions
    PICK_HERO = 40
    REPLY = 41  # play a card in answer (闪避, 驱散, a demanded 【攻击】)
    DEMAND = 42  # discard a card of a kind, or take damage
    RESCUE_ASK = 43
    PAIR_PICK = 44
    REWARD_ASK = 45
    ROSHAN_ASK = 46
    DRAW_ASK = 47
    CAST_ASK = 48
    PAY = 49  # pay a skill's card cost, one card at a time
    SKILL_TARGET = 50
    DISCARD_ASK = 51
    ZONE_ASK = 52  # 缴械 / 贪婪 / 霜冻护甲: which of a hero's zones
    NAME_ASK = 53  # 月神之箭: name a colour or suit
    TRANSPORT_ASK = 54
    CHAKRA_ASK = 55
    DIR_ASK = 56
    GIVE_ASK = 57  # 贪婪 strengthened: the card you give
    VIPER_ASK = 58
    HALO_ASK = 59  # 辉煌光环: give the looked-at cards
    STAFF_ASK = 60  # 神秘法杖
    ROTATE_ASK = 61  # 1v1: the next hero
    DRAFT_ASK = 62  # 1v1: draft / keep / starter
    ASK = 63  # a skill's own decision (``Skill.options`` / ``Skill.decide``)
    EXTRA_COST = 64  # 冰霜禁制: the extra same-name card


DECISIONS = frozenset(f for f in F if 40 <= f < 70)


class Purpose(IntEnum):
    """Why a reply (a card played in answer) is asked for."""

    ATTACK_DODGE = 0  # 闪避 against an 【攻击】
    AXE_DODGE = 1  # 闪避 against 野性之斧
    LAGUNA_DODGE = 2  # 闪避 against 神灭斩
    FORCED_ATTACK = 3  # use an 【攻击】 on a given hero (战争饥渴, 霜之哀伤)
    DISPEL = 4  # 驱散 in a dispel window
    QUELL = 5  # 补刀斧: play an 【攻击】 to claim the kill
    PLAY = 6  # a pair picked in the play phase


class Use(NamedTuple):
    """A card (or a dispellable skill) being used: the event object every window reads.

    ``ctype`` is the card type it is used as (−1 for a skill), ``cards`` the physical cards (on the table while it
    resolves), ``skill`` the code of the skill being used (``""`` for a card), ``paid`` the cards paid for a
    skill, ``ref`` the uid of the use this one acts on (冰封禁制), ``bonus`` extra damage (液态火), ``unstoppable``
    an 【攻击】 that no 闪避 can cancel (散夜对剑 with two 【攻击】)."""

    uid: int
    user: int
    ctype: int
    cards: tuple[int, ...]
    targets: tuple[int, ...]
    strong: int
    skill: str = ""
    paid: tuple[int, ...] = ()
    ref: int = -1
    bonus: int = 0
    unstoppable: int = 0


class Damage(NamedTuple):
    """Damage about to be dealt: ``change`` it with ``_replace`` (amount, target) while the DAMAGE window is open.

    ``by_attack`` is the 【攻击】 that deals it (None for other damage); ``no_salve`` bars 治疗药膏 from the dying
    window it causes (恶魔刀锋); ``parts`` explains the amount, ``(label, points)`` pairs (``("attack", 1)``,
    ``("神之力量", 1)``), for the damage event's arithmetic."""

    source: int
    target: int
    amount: int
    by_attack: Use | None = None
    no_salve: int = 0
    parts: tuple[tuple[str, int], ...] = ()


class Judgement(NamedTuple):
    """A judgement (判定) in progress: whose it is, why (the handler in ``pipeline.JUDGED``), the card now up and
    the data its handler needs."""

    seat: int
    why: str
    card: int
    data: tuple[Any, ...] = ()


class FateState(State[FateAction]):
    """A fate position. Fields are public for tests and views; change them only through ``apply``."""

    __slots__ = (
        "n", "mode", "hero", "hp", "maxhp", "rage", "hand_limit", "alive", "identity", "id_known", "hands",
        "weapon", "armour", "status", "bombs", "pile", "held", "deck", "discard", "table", "revealed", "looked",
        "looker", "aside", "aside_from", "known", "seen", "cand", "picked", "tflags", "used", "attacks", "attack_allow",
        "might", "skip_next", "untouch", "sideways", "reborn", "fate", "roshan", "turn", "turn_seat", "first",
        "stack", "uid", "voided", "shielded", "redirect", "boosts", "winners_", "end_reason", "left", "right", "bench_hp",
        "bench_rage", "pool", "removed", "building", "_prof",
    )

    n: int
    mode: Mode
    hero: list[int]
    hp: list[int]
    maxhp: list[int]
    rage: list[int]
    hand_limit: list[int]
    alive: list[bool]
    identity: list[int]
    id_known: list[int]
    hands: list[list[int]]
    weapon: list[int]
    armour: list[int]
    status: list[list[int]]
    bombs: list[list[int]]
    pile: list[list[int]]
    held: list[tuple[int, int, int]]
    deck: list[int]
    discard: list[int]
    table: list[int]
    revealed: list[int]
    looked: list[int]
    looker: int
    aside: list[int]
    aside_from: int
    known: list[int]
    seen: list[int]
    cand: list[list[int]]
    picked: list[int]
    tflags: list[int]
    used: list[int]
    attacks: int
    attack_allow: int
    might: int
    skip_next: list[int]
    untouch: list[int]
    sideways: list[int]
    reborn: list[int]
    fate: int
    roshan: int
    turn: int
    turn_seat: int
    first: int
    stack: list[tuple[Any, ...]]
    uid: int
    voided: tuple[int, ...]
    shielded: tuple[tuple[int, int], ...]
    redirect: tuple[tuple[int, int], ...]
    boosts: tuple[tuple[int, int, str], ...]
    winners_: tuple[int, ...]
    end_reason: str
    left: list[list[int]]
    right: list[list[int]]
    bench_hp: list[int]
    bench_rage: list[int]
    pool: list[int]
    removed: list[int]
    building: tuple[Any, ...]
    """The play the seat to move is building and may still take back (``takeback.Record``), ``()`` when none."""
    _prof: Any

    # ------------------------------------------------------------------------------------------------ basics
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""
        return self.stack[-1][1] if self.stack else TERMINAL

    def clone(self) -> FateState:
        """An independent copy (lists copied; frames, uses and damage are immutable and shared)."""
        s = FateState.__new__(FateState)
        s.game = self.game
        s.rng = Rng(self.rng.state)
        s._log = self._log
        s._history = self._history
        s.n = self.n
        s.mode = self.mode
        s.hero = self.hero[:]
        s.hp = self.hp[:]
        s.maxhp = self.maxhp[:]
        s.rage = self.rage[:]
        s.hand_limit = self.hand_limit[:]
        s.alive = self.alive[:]
        s.identity = self.identity[:]
        s.id_known = self.id_known[:]
        s.hands = [h[:] for h in self.hands]
        s.weapon = self.weapon[:]
        s.armour = self.armour[:]
        s.status = [z[:] for z in self.status]
        s.bombs = [z[:] for z in self.bombs]
        s.pile = [z[:] for z in self.pile]
        s.held = self.held[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.table = self.table[:]
        s.revealed = self.revealed[:]
        s.looked = self.looked[:]
        s.looker = self.looker
        s.aside = self.aside[:]
        s.aside_from = self.aside_from
        s.known = self.known[:]
        s.seen = self.seen[:]
        s.cand = [c[:] for c in self.cand]
        s.picked = self.picked[:]
        s.tflags = self.tflags[:]
        s.used = self.used[:]
        s.attacks = self.attacks
        s.attack_allow = self.attack_allow
        s.might = self.might
        s.skip_next = self.skip_next[:]
        s.untouch = self.untouch[:]
        s.sideways = self.sideways[:]
        s.reborn = self.reborn[:]
        s.fate = self.fate
        s.roshan = self.roshan
        s.turn = self.turn
        s.turn_seat = self.turn_seat
        s.first = self.first
        s.stack = self.stack[:]
        s.uid = self.uid
        s.voided = self.voided
        s.shielded = self.shielded
        s.redirect = self.redirect
        s.boosts = self.boosts
        s.winners_ = self.winners_
        s.end_reason = self.end_reason
        s.left = [z[:] for z in self.left]
        s.right = [z[:] for z in self.right]
        s.bench_hp = self.bench_hp[:]
        s.bench_rage = self.bench_rage[:]
        s.pool = self.pool[:]
        s.removed = self.removed
        s.building = self.building
        s._prof = self._prof
        return s

    def returns(self) -> list[float]:
        """+1 for each winner, −1 for the others; 0 for everyone in a draw or before the end."""
        if self.stack or not self.winners_:
            return [0.0] * self.n
        return [1.0 if s in self.winners_ else -1.0 for s in range(self.n)]

    def winners(self) -> list[int]:
        """The winning seats (empty while playing or after a draw at the turn cap)."""
        return list(self.winners_) if not self.stack else []

    @property
    def opt(self) -> dict[str, Any]:
        """The game's options."""
        return self.game.options

    # ------------------------------------------------------------------------------------------- helpers
    @property
    def quiet_fate(self) -> bool:
        """Whether this game's fate card is met at quiet moments only (死神的召唤者, 偏执的数学家), so quiet checks
        must test it."""
        return self.fate >= 0 and FATES[self.fate].quiet_only and self.mode is Mode.IDENTITY

    @property
    def prof(self) -> Any:
        """The items and skills in play, by window and query (``skills.Profile``; derived from the heroes and
        the equipment, rebuilt when either changes)."""
        p = self._prof
        if p is None:
            from .skills import profile_of

            p = self._prof = profile_of(self)
        return p

    def changed_cast(self) -> None:
        """Heroes or equipment changed: the profile of items and skills in play must be rebuilt."""
        self._prof = None

    def skills_of(self, seat: int) -> tuple[SkillDef, ...]:
        """``seat``'s hero's skills under the game's text set (none without a hero)."""
        h = self.hero[seat]
        return hero_skills(h, self.game.options["texts"]) if h >= 0 else ()

    def has(self, seat: int, code: str) -> bool:
        """True when ``seat``'s hero has the skill ``code`` (a skill hook asks for itself, never a hero name)."""
        return any(sk.code == code for sk in self.skills_of(seat))

    def skill_index(self, seat: int, code: str) -> int:
        """Position of skill ``code`` on ``seat``'s hero card (−1 if it has none)."""
        for i, sk in enumerate(self.skills_of(seat)):
            if sk.code == code:
                return i
        return -1

    def hero_type(self, seat: int) -> int:
        """The hero's type (力/敏/智), −1 without a hero."""
        h = self.hero[seat]
        return int(HEROES[h].type) if h >= 0 else -1

    def is_type(self, seat: int, t: HeroType) -> bool:
        """Whether ``seat``'s hero is of type ``t``."""
        return self.hero_type(seat) == t

    def marked(self, seat: int, mark: int) -> bool:
        """Whether ``seat`` carries ``mark`` this turn."""
        return bool(self.tflags[seat] & mark)

    def mark(self, seat: int, mark: int) -> None:
        """Put ``mark`` on ``seat`` until the next turn begins."""
        self.tflags[seat] |= mark

    def dist(self, a: int, b: int) -> int:
        """Distance from ``a`` to ``b`` (gap 4-5), with every item's and skill's modifier."""
        prof = self.prof
        return rules.distance(self.alive, a, b, prof.distance_from[a], prof.distance_to[b])

    def attack_range(self, seat: int) -> int:
        """Base 1, or the weapon's range (the weapon replaces the base)."""
        w = self.weapon[seat]
        return CARD_DEF[w].range if w >= 0 else 1

    def touchable(self, seat: int, by: int, card: bool = False) -> bool:
        """False while 海妖之歌 shields ``seat`` from others' cards and skills (``untouch[seat]`` is 1 + the seat
        whose next turn start ends the protection, 0 when there is none). ``card``: ``by`` would name ``seat`` as
        a card's target — with ``texts=reborn`` the only thing the protection forbids."""
        if not self.untouch[seat] or seat == by:
            return True
        return not card and self.game.options["texts"] == "reborn"

    def limit_of(self, seat: int) -> int:
        """Hand limit, with Roshan's +X."""
        if seat == self.roshan:
            return self.hand_limit[seat] + sum(self.alive) - 1
        return self.hand_limit[seat]

    def living(self, start: int | None = None) -> list[int]:
        """Living seats in turn order from ``start`` (default: the hero whose turn it is)."""
        return rules.living_order(self.alive, self.turn_seat if start is None else start)

    def next_uid(self) -> int:
        """A fresh id for a use."""
        self.uid += 1
        return self.uid

    def push(self, *frames: tuple[Any, ...]) -> None:
        """Push frames so that the first given runs first."""
        self.stack.extend(reversed(frames))

    def show(self, card: int, seat: int | None = None) -> None:
        """Record that ``seat`` (None: everyone) has now seen ``card``, and so knows where it is."""
        bits = SHOWN if seat is None else 1 << seat
        self.seen[card] |= bits
        self.known[card] |= bits

    def hide_hand(self, seat: int, keep: int) -> None:
        """A card left ``seat``'s hand unseen by the others: only the seats of ``keep`` can still tell what the
        rest of that hand is."""
        known = self.known
        for c in self.hands[seat]:
            known[c] &= keep

    def emit(self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, seen_by: int = 0) -> None:
        """Record an event (``secret`` seen only by the seats of the ``seen_by`` mask)."""
        self._emit(Event(kind, data, secret, seen_by))

    # ------------------------------------------------------------------------------------------- card moves
    def refill_deck(self) -> bool:
        """三、摸牌阶段: when the deck runs out, the discard pile is shuffled into a new deck at once."""
        if self.deck:
            return True
        if not self.discard:
            return False
        self.deck = self.discard
        self.discard = []
        self.deck.sort()
        self.rng.shuffle(self.deck)
        known = self.known
        for c in self.deck:
            known[c] = 0
        self.emit("reshuffled", {"cards": len(self.deck)})
        return True

    def top_card(self) -> int:
        """Take the deck's top card (reshuffling first if needed); −1 if there is no card anywhere."""
        if not self.refill_deck():
            return -1
        return self.deck.pop()

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards into ``seat``'s hand."""
        got = []
        for _ in range(count):
            c = self.top_card()
            if c < 0:
                break
            self.hands[seat].append(c)
            self.seen[c] |= 1 << seat
            self.known[c] = 1 << seat
            got.append(c)
        if got:
            self.emit("drew", {"seat": seat, "count": len(got)}, {"cards": [CARD_NAME[c] for c in got]}, 1 << seat)

    def to_discard(self, cards: list[int] | tuple[int, ...]) -> None:
        """Put cards face up on the discard pile."""
        for c in cards:
            self.seen[c] |= SHOWN
            self.known[c] = SHOWN
            self.discard.append(c)

    def discard_from_hand(self, seat: int, cards: list[int] | tuple[int, ...], why: str = "") -> None:
        """Discard hand cards (face up)."""
        h = self.hands[seat]
        for c in cards:
            h.remove(c)
        self.to_discard(cards)
        self.emit("discarded", {"seat": seat, "cards": [CARD_NAME[c] for c in cards], "why": why})

    def discard_card(self, seat: int, card: int, why: str = "") -> None:
        """Discard one of ``seat``'s cards from wherever it is (hand or equipment)."""
        if card in self.hands[seat]:
            self.discard_from_hand(seat, (card,), why)
            return
        which = 1 if self.weapon[seat] == card else 2
        self.take_equipment(seat, which)
        self.to_discard((card,))
        self.emit("discarded", {"seat": seat, "cards": [CARD_NAME[card]], "why": why})

    def cards_of(self, seat: int) -> list[int]:
        """``seat``'s hand and equipped cards (a cost of 「牌」 may be paid with any of them)."""
        out = list(self.hands[seat])
        if self.weapon[seat] >= 0:
            out.append(self.weapon[seat])
        if self.armour[seat] >= 0:
            out.append(self.armour[seat])
        return out

    def hand_to_table(self, seat: int, card: int) -> None:
        """Put a hand card face up on the table (it is being used or played)."""
        self.hands[seat].remove(card)
        self.table.append(card)
        self.seen[card] |= SHOWN
        self.known[card] = SHOWN

    def table_to_discard(self, cards: tuple[int, ...], redirect_to: int = -1) -> None:
        """Cards of a finished use leave the table: to the discard pile, or to a hand (魔法掌控)."""
        for c in cards:
            if c in self.table:
                self.table.remove(c)
                if redirect_to >= 0 and self.alive[redirect_to]:
                    self.hands[redirect_to].append(c)
                    self.emit("took", {"seat": redirect_to, "cards": [CARD_NAME[c]], "from": "table"})
                else:
                    self.discard.append(c)

    def give(self, seat: int, to: int, card: int, face_up: bool = False) -> None:
        """Move one of ``seat``'s hand cards into ``to``'s hand (seen by both; by everyone if ``face_up``)."""
        self.hands[seat].remove(card)
        self.hands[to].append(card)
        if face_up:
            self.show(card)
            self.emit("given", {"seat": seat, "to": to, "card": CARD_NAME[card]})
        else:
            both = (1 << seat) | (1 << to)
            self.seen[card] |= 1 << to
            self.known[card] = both
            self.hide_hand(seat, both)
            self.emit("given", {"seat": seat, "to": to}, {"card": CARD_NAME[card]}, both)

    def take_random(self, seat: int, victim: int) -> int:
        """Take one of ``victim``'s hand cards at random into ``seat``'s hand (both see it); returns it."""
        hand = self.hands[victim]
        c = hand.pop(self.rng.below(len(hand)))
        self.hands[seat].append(c)
        self.seen[c] |= 1 << seat
        both = (1 << seat) | (1 << victim)
        self.known[c] = both
        self.hide_hand(victim, both)
        self.emit("took", {"seat": seat, "count": 1, "from": victim}, {"cards": [CARD_NAME[c]]},
                  (1 << seat) | (1 << victim))
        return c

    def take_equipment(self, seat: int, which: int) -> int:
        """Remove ``seat``'s weapon (1) or armour (2); returns the card."""
        if which == 1:
            c, self.weapon[seat] = self.weapon[seat], -1
        else:
            c, self.armour[seat] = self.armour[seat], -1
            self.sideways[seat] = 0
        if c >= 0:
            self.changed_cast()
        return c

    # ------------------------------------------------------------------------------------------- HP and rage
    def gain_rage(self, seat: int, amount: int, why: str = "damage") -> None:
        """Rage rises by ``amount`` up to the limit (出牌阶段规则2: at the limit it rises no more). ``why``: what
        gives it — ``"damage"`` (规则2, ``amount`` points taken) or the card or item (混乱攻击, 误导 …). The
        ``rage`` event carries the sum (``from`` + ``amount``) and the cap, also when the cap leaves nothing."""
        old = self.rage[seat]
        new = min(RAGE_LIMIT, old + amount)
        got = new - old
        if amount > 0:
            self.emit("rage", {"seat": seat, "rage": new, "change": got, "from": old, "amount": amount, "why": why,
                               "limit": RAGE_LIMIT})
        if got > 0:
            self.rage[seat] = new
            from .skills import fire

            fire(self, Window.RAGE_GAINED, (seat, got))

    def lose_rage(self, seat: int, amount: int, why: str = "", spent: str = "") -> None:
        """Rage falls by ``amount`` (not below 0). ``why``: the card or skill; ``spent``: ``"strengthen"`` (规则3,
        1 rage to strengthen a magic card), ``"cost"`` (an S card's or a skill's price) or ``""`` (taken away)."""
        old = self.rage[seat]
        new = max(0, old - amount)
        if new != old:
            self.rage[seat] = new
            self.emit("rage", {"seat": seat, "rage": new, "change": new - old, "from": old, "why": why,
                               "spent": spent})

    def can_heal(self, seat: int) -> bool:
        """Whether ``seat`` may recover HP now (alive, wounded, not under 竭心光环)."""
        return self.alive[seat] and self.hp[seat] < self.maxhp[seat] and not self.tflags[seat] & Mark.NO_HEAL

    def heal(self, seat: int, amount: int, by: int) -> None:
        """Recover HP up to the limit (nothing under 竭心光环); the HEALED window follows."""
        if self.tflags[seat] & Mark.NO_HEAL and self.alive[seat]:
            self.emit("no_heal", {"seat": seat})
            return
        got = min(amount, self.maxhp[seat] - self.hp[seat])
        if got <= 0 or not self.alive[seat]:
            return
        self.hp[seat] += got
        self.emit("healed", {"seat": seat, "amount": got, "hp": self.hp[seat], "by": by})
        from .skills import fire

        fire(self, Window.HEALED, (seat, got))

    # ------------------------------------------------------------------------------------------- the loop
    def _run(self) -> None:
        """Step frames until one needs a decision (or the game ends)."""
        stack = self.stack
        while stack:
            f = stack[-1]
            if STEP[f[0]](self, f):
                return

    def legal_actions(self) -> list[FateAction]:
        """The current decision's options, sorted by id (empty once the game is over)."""
        if not self.stack:
            return []
        f = self.stack[-1]
        out = OPTIONS[f[0]](self, f)
        out.sort()
        if self.building:
            out.append(CANCEL)  # the codec's last id: the list stays sorted
        return out

    def _apply(self, action: FateAction) -> None:
        if action.kind is Kind.CANCEL:
            _takeback.take_back(self)
            return
        f = self.stack[-1]
        record: tuple[Any, ...] | None = self.building
        if not record:
            starts = _takeback.STARTS.get(f[0])
            if starts is not None and action.kind in starts:
                record = _takeback.begin(self, f, action)
        if not record:  # the fast path: no play is being built, nor can this decision start one
            DECIDE[f[0]](self, f, action)
            self._run()
            return
        log, rng = self._log, self.rng.state
        DECIDE[f[0]](self, f, action)
        self._run()
        self.building = _takeback.still_open(self, record, log, rng)

    def why_illegal(self, action: FateAction) -> str | None:
        """Which decision is pending."""
        if not self.stack:
            return "the game is over"
        f = self.stack[-1]
        if action.kind is Kind.CANCEL:
            return (f"seat {f[1]} is deciding {F(f[0]).name.lower()} with no play under way to take back: cancel "
                    "is offered only while a play chosen in steps (a card and its target, a skill and its cost) "
                    "shows nothing yet")
        return f"seat {f[1]} is deciding {F(f[0]).name.lower()}"

    # ------------------------------------------------------------------------------------------- victory
    def check_victory(self, quiet: bool) -> bool:
        """End the game if someone has won (胜利条件); ``quiet`` = between resolutions (gap 4-9).

        Every condition but two changes only when a hero dies, and deaths are checked where they happen; so a quiet
        check (many per turn) looks further only when the fate card is one tested at quiet moments."""
        if not self.stack:
            return True
        if quiet and not self.quiet_fate:
            return False
        won = self.victors(quiet)
        if won is None:
            return False
        self.game_over(won, "victory")
        return True

    def victors(self, quiet: bool) -> tuple[int, ...] | None:
        """The winners if the game is won now, else None."""
        alive = self.alive
        n = self.n
        if self.mode is Mode.IDENTITY:
            if self.roshan >= 0:
                if not alive[self.roshan]:
                    return tuple(s for s in range(n) if s != self.roshan)
                if sum(alive) == 1:
                    return (self.roshan,)
                return None
            won = rules.identity_winners(self.fate, self.turn_seat, alive, self.identity, self.hp, self.rage, quiet)
            return won or None
        if self.mode is Mode.TEAMS:
            won = rules.faction_winners(alive, self.identity)
            return won or None
        if sum(alive) == 1:
            return (alive.index(True),)
        return None

    def game_over(self, winners: tuple[int, ...], reason: str) -> None:
        """The game ends: every identity is shown."""
        self.stack.clear()
        self.winners_ = tuple(sorted(winners))
        self.end_reason = reason
        full = (1 << self.n) - 1
        self.id_known = [full] * self.n
        self.emit("game_over", {"winners": list(self.winners_), "reason": reason,
                                "identities": list(self.identity)})

    # ---------------------------------------------------------------------------------------------- contract
    def roles(self) -> list[str]:
        """Each seat's identity (``sentinel``/``scourge``/``neutral``); in 1v1 and 1v1v1, where every seat is its
        own side, the seat names (``seat 1`` …, as ``State.roles`` defaults to), so the lab sees roles that are
        seats."""
        from .spec import IDENTITY_CODES

        if self.mode in (Mode.IDENTITY, Mode.TEAMS):
            return [IDENTITY_CODES[i] for i in self.identity]
        return [self.game.seat_name(s) for s in range(self.n)]

    def characters(self) -> list[str]:
        """Each seat's hero (code); in 1v1 the player's three heroes joined with ``+``."""
        if self.mode is Mode.DUEL:
            return ["+".join(sorted(HEROES[h].code for h in {self.hero[p], *self.left[p], *self.right[p]} if h >= 0))
                    for p in range(self.n)]
        return [HEROES[h].code if h >= 0 else "" for h in self.hero]

    def content(self) -> Content:
        """The lab's content of this game: ``hero`` (each seat's hero code; the three of a 1v1 player),
        ``fate`` (the fate card 宿命牌 the neutral holds, in identity games that deal one), ``skill`` (each skill
        a seat used or that took effect for it, once per time) and ``card`` (each card type a seat used or
        played in reply 打出, once per time)."""
        n = self.n
        heroes: list[list[str]] = [sorted({HEROES[h].code for h in (self.hero[p], *self.left[p], *self.right[p])
                                           if h >= 0}) for p in range(n)]
        fate: list[list[str]] = [[] for _ in range(n)]
        if self.mode is Mode.IDENTITY and self.fate >= 0:
            for p in range(n):
                if self.identity[p] == NEUTRAL:
                    fate[p].append(FATES[self.fate].code)
        skills: list[list[str]] = [[] for _ in range(n)]
        cards: list[list[str]] = [[] for _ in range(n)]
        for event in self.events():
            if event.kind == "skill":
                skills[event.data["seat"]].append(event.data["skill"])
            elif event.kind in ("used", "played") and event.data.get("card"):
                cards[event.data["seat"]].append(event.data["card"])
        return {"hero": heroes, "fate": fate, "skill": skills, "card": cards}

    def card_places(self) -> list[tuple[str, str]]:
        """Where every card is, in the places of the sightings tracker (``sightings.py``); during a build, where
        the others know it to be (``takeback.unbuilt``: nothing of the build has moved for them yet)."""
        from .sightings import card_places
        from .takeback import unbuilt

        return card_places(unbuilt(self))

    def never_shown(self, seat: int | None) -> set[str]:
        """Cards ``seat`` has never been shown (the leak scanner checks views and logs against them)."""
        bit = EVERYONE if seat is None else 1 << seat
        seen = self.seen
        return {CARD_NAME[c] for c in range(DECK_SIZE) if not seen[c] & bit}

    def view(self, seat: int | None) -> Json:
        """What ``seat`` may know; see ``view.py``."""
        from .view import view_of

        return view_of(self, seat)

    def resample(self, seat: int, rng: Rng) -> FateState:
        """A state ``seat`` cannot tell from this one; see ``view.py``."""
        from .view import resample_for

        return resample_for(self, seat, rng)

    def resample_by_belief(self, seat: int, rng: Rng) -> FateState:
        """A state ``seat`` cannot tell from this one, the hidden identities drawn from the heuristic's posterior
        (``bot.knowledge.believed_world``)."""
        from .bot.knowledge import believed_world

        return believed_world(self, seat, rng)

    def _fields_to_json(self) -> Json:
        from .setup import fields_to_json

        return fields_to_json(self)


STEP: dict[int, Any] = {}
OPTIONS: dict[int, Any] = {}
DECIDE: dict[int, Any] = {}

from . import procedure  # noqa: E402,F401  (fills STEP / OPTIONS / DECIDE)
from . import takeback as _takeback  # noqa: E402  (cancel before commit: reads F and the frame kinds above)
