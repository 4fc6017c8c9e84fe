"""Starting positions: the standard preparation, the documented JSON setup format, and state (de)serialisation.

The standard preparation (seed 004 · 一–五): the fate card is drawn when the table has a neutral (gap 4-12);
each player gets hero candidates (3, fewer when the implemented pool is too small: ``min(3, pool // players)``)
and picks one, hidden until everyone has picked; then identities are dealt by the seed's table (after the heroes,
as the FAQ says), each player knows their own and their 下家's (the next seat's) identity; HP starts at the
hero's limit, rage at 0; four cards each; a random hero starts. 1v1 (二人规则) removes both 海妖之歌, drafts
1-2-2-2-2-1 from ten heroes, keeps three, and every hero has 4 HP and hand limit 4; 2v2 seats the random first
player A with their 上家 (A and D of ABCD) against the other two.

A **setup** starts a game from any position after the preparation. Keys (all optional except ``heroes``)::

    {
      "heroes":     ["axe", "lich", "juggernaut", "elf_lily"],      # hero codes, one per seat
      "identities": ["sentinel", "scourge", "neutral", "sentinel"], # default: dealt at random by the table
      "fate":       "puppet",                                       # fate code; default random if a neutral sits
      "hp":         [4, 3, 4, 3],  "rage": [0, 2, 0, 0],
      "hands":      [["atk:AS", "dodge:6H"], [], [], []],
      "weapon":     [null, "skadi:JS", null, null],  "armour": [null, null, null, "cloak:2C"],
      "status":     [[], [], ["siren:5C"], []],      "bombs": [[], [], [], []],
      "deck":       ["salve:AH", "dodge:6H#2"],       # the top cards, in draw order
      "discard":    ["chaos:3H"],
      "turn_seat":  0,
      "start":      "play",                             # "play" (that seat's play phase) or "turn" (its turn start)
      "faith":      [[], [], [], []],                   # faith cards (信仰) face down on a 守护骑士
      "roshan":     null,                               # the seat of a revealed Roshan附体 (fate roshan)
      "reborn":     [false, false, false, false],       # 重生 already used
      "skip_next":  [false, false, false, false],       # 时间静止: skips the draw, play, discard of its next turn
      "shielded":   [null, null, 2, null],              # 海妖之歌: protected until that seat's next turn begins
      "marks":      [["unlimited"], [], [], ["no_heal"]],  # this turn's effects and cast states (start "play")
      "bench":      [["lich", "axe"], ["elf_lily"]],    # 1v1 only: the heroes resting on each player's left,
      "bench_right": [[], ["chen"]],                    #   on the right (at most one each),
      "bench_hp":   {"lich": 2}, "bench_rage": {"lich": 1}  # and a resting hero's HP and rage (default 4, 0)
    }

Every card not placed is shuffled into the deck below the listed top cards (in 1v1 both 海妖之歌 are out of the
game). Card names are those of ``content.CARD_NAME`` (``atk:AS``; a second identical copy is ``atk:AC#2``).
Identities: the identity game deals them by the table unless given (any mix is accepted); 2v2 needs two of each
(default: seat 0 and its 上家 seat 3 against seats 1 and 2); 1v1 and 1v1v1 have none. A fate is given only when a
neutral sits. A seat with HP ≤ 0 is dead (its identity public) and holds no cards; HP may not exceed the hero's
limit, rage runs 0–3; weapons, armour, status (海妖之歌 only) and bombs (【攻击】 cards only) hold only their kind.
A malformed setup raises ``SetupError`` naming the problem.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from tablecraft.core.api import Json
from tablecraft.core.errors import SetupError
from tablecraft.core.events import Event, chain_from_list
from tablecraft.core.rng import Rng

from . import procedure as P
from .content import (
    CARD_BY_NAME,
    CARD_DEF,
    CARD_NAME,
    CARD_ROLE,
    CARD_TYPE,
    DECK_SIZE,
    FATES,
    HERO_BY_CODE,
    HEROES,
    TYPE_INDEX,
    CardKind,
    Role,
    hero_limits,
)
from .heroes import implemented_heroes
from .spec import IDENTITY_CODES, MODE_WORDS, RAGE_LIMIT, START_HAND, Identity, Mode, identity_counts, mode_of
from .state import EVERYONE, Damage, F, FateState, Judgement, Purpose, Use, Window
from .view import MARK_WORDS

DUEL_HP = 4
"""二人规则5: every hero has 4 HP and hand limit 4 in 1v1."""


def blank(game: Any, seed: int) -> FateState:
    """An empty state with every field set."""
    s = FateState.__new__(FateState)
    n = game.num_seats
    s.game = game
    s.rng = Rng(seed)
    s._log = None
    s._history = ()
    s.n = n
    s.mode = mode_of(n, game.options["mode"])
    s.hero = [-1] * n
    s.hp = [0] * n
    s.maxhp = [0] * n
    s.rage = [0] * n
    s.hand_limit = [0] * n
    s.alive = [True] * n
    s.identity = [0] * n
    s.id_known = [1 << p for p in range(n)]
    s.hands = [[] for _ in range(n)]
    s.weapon = [-1] * n
    s.armour = [-1] * n
    s.status = [[] for _ in range(n)]
    s.bombs = [[] for _ in range(n)]
    s.pile = [[] for _ in range(n)]
    s.held = []
    s.deck = []
    s.discard = []
    s.table = []
    s.revealed = []
    s.looked = []
    s.looker = -1
    s.aside = []
    s.aside_from = -1
    s.known = [0] * DECK_SIZE
    s.seen = [0] * DECK_SIZE
    s.cand = [[] for _ in range(n)]
    s.picked = [-1] * n
    s.tflags = [0] * n
    s.used = [0] * n
    s.attacks = 0
    s.attack_allow = 1
    s.might = 0
    s.skip_next = [0] * n
    s.untouch = [0] * n
    s.sideways = [0] * n
    s.reborn = [0] * n
    s.fate = -1
    s.roshan = -1
    s.turn = 0
    s.turn_seat = 0
    s.first = 0
    s.stack = []
    s.uid = 0
    s.voided = ()
    s.shielded = ()
    s.redirect = ()
    s.boosts = ()
    s.winners_ = ()
    s.end_reason = ""
    s.left = [[] for _ in range(n)]
    s.right = [[] for _ in range(n)]
    s.bench_hp = [0] * len(HEROES)
    s.bench_rage = [0] * len(HEROES)
    s.pool = []
    s.removed = []
    s.building = ()
    s._prof = None
    return s


def new_state(game: Any, seed: int, setup: Json | None = None) -> FateState:
    """The starting position for ``seed``: the standard preparation, or ``setup`` (validated)."""
    if setup is not None:
        return from_setup(game, seed, setup)
    s = blank(game, seed)
    n = s.n
    deck = list(range(DECK_SIZE))
    if s.mode is Mode.DUEL:  # 二人规则1 (gap 4-7): both 海妖之歌 leave the deck
        siren = TYPE_INDEX["海妖之歌"]
        s.removed = [c for c in deck if CARD_TYPE[c] == siren]
        deck = [c for c in deck if CARD_TYPE[c] != siren]
        for c in s.removed:
            s.show(c)
    s.rng.shuffle(deck)
    s.deck = deck
    if s.mode is Mode.IDENTITY and identity_counts(n, game.options["six_split"])[2]:
        s.fate = s.rng.below(len(FATES))  # 一、确定宿命 (only with a neutral, gap 4-12)
        s._emit(Event("fate", {"fate": FATES[s.fate].code}))
    heroes = [h for h in implemented_heroes(game.options["texts"]) if h in game.hero_pool]
    s.rng.shuffle(heroes)
    if s.mode is Mode.DUEL:
        s.pool = sorted(heroes[:10])
        a = s.rng.below(2)  # 二人规则2: 拼点 decides who is A; read as a random draw
        s.first = a
        b = 1 - a
        order = [a, b, b, a, a, b, b, a, a, b]
        frames: list[tuple[Any, ...]] = [(F.DRAFT_ASK, p, P.DRAFT) for p in order]
        # 二人规则4 before 规则6: both keep 3 of their 5 in secret; then A reveals and names a starter, then B
        for p in (a, b):
            frames += [(F.DRAFT_ASK, p, P.KEEP)] * 3
        frames += [(F.DRAFT_ASK, a, P.STARTER), (F.DRAFT_ASK, b, P.STARTER)]
        s._emit(Event("draft_pool", {"heroes": [HEROES[h].code for h in s.pool], "first": a}))
    else:
        c = max(1, min(game.options["hero_candidates"], len(heroes) // n))
        for p in range(n):
            s.cand[p] = sorted(heroes[p * c:(p + 1) * c])
            s._emit(Event("candidates", {"seat": p, "count": c},
                          {"heroes": [HEROES[h].code for h in s.cand[p]]}, 1 << p))
        frames = [(F.PICK_HERO, p) for p in range(n)]
    s.push(*frames, (F.SETUP_DONE, 0))
    s._run()
    return s


def finish_setup(s: FateState) -> None:
    """After the picks: reveal heroes, deal identities, HP and rage, four cards each, and start (seed 二–五)."""
    n = s.n
    duel = s.mode is Mode.DUEL
    for p in range(n):
        h = s.picked[p]
        s.hero[p] = h
        s.maxhp[p], s.hand_limit[p] = (DUEL_HP, DUEL_HP) if duel else hero_limits(h, s.opt["texts"])
        s.hp[p] = s.maxhp[p]
        s.rage[p] = 0
        s.cand[p] = [] if not duel else s.cand[p]
        s.picked[p] = -1
    s.changed_cast()
    if duel:
        for p in range(n):
            for h in s.left[p]:
                s.bench_hp[h] = DUEL_HP
    s._emit(Event("heroes", {"heroes": [HEROES[h].code for h in s.hero]}))
    full = (1 << n) - 1
    if s.mode is Mode.IDENTITY:
        a, b, c = identity_counts(n, s.opt["six_split"])
        ids = [0] * a + [1] * b + [2] * c
        s.rng.shuffle(ids)
        s.identity = ids
        for p in range(n):  # 三、决定身份: you know your own identity and your 下家's
            s.id_known[p] = 1 << p
        for p in range(n):
            s.id_known[(p + 1) % n] |= 1 << p
        for p in range(n):  # each seat is told its own identity and its 下家's, and nobody else's
            s._emit(Event("identity", {"seat": p}, {"identity": ids[p], "next": ids[(p + 1) % n]}, 1 << p))
        s.first = s.rng.below(n)  # 五: a random hero starts
    elif s.mode is Mode.TEAMS:
        s.first = s.rng.below(n)  # 四人规则: A and their 上家 D are one side
        team = {s.first, (s.first - 1) % n}
        s.identity = [0 if p in team else 1 for p in range(n)]
        s.id_known = [full] * n
        s._emit(Event("teams", {"identities": list(s.identity)}))
    elif s.mode is Mode.TRIO:
        s.id_known = [full] * n
        s.first = s.rng.below(n)
    else:
        s.id_known = [full] * n
    for p in range(n):
        s.draw(p, START_HAND)
    s.push((F.TURN, s.first))


# ------------------------------------------------------------------------------------------ setup format
Seq = list


class SetupModel(BaseModel):
    """The JSON setup format (module docstring); unknown keys are an error."""

    model_config = ConfigDict(extra="forbid")

    heroes: list[str]
    identities: list[Literal["sentinel", "scourge", "neutral"]] | None = None
    fate: str | None = None
    hp: list[int] | None = None
    rage: list[int] | None = None
    hands: list[list[str]] | None = None
    weapon: list[str | None] | None = None
    armour: list[str | None] | None = None
    status: list[list[str]] | None = None
    bombs: list[list[str]] | None = None
    deck: list[str] = []
    discard: list[str] = []
    turn_seat: int = 0
    start: Literal["play", "turn"] = "play"
    bench: list[list[str]] | None = None
    bench_right: list[list[str]] | None = None
    bench_hp: dict[str, int] | None = None
    bench_rage: dict[str, int] | None = None
    faith: list[list[str]] | None = None
    roshan: int | None = None
    reborn: list[bool] | None = None
    skip_next: list[bool] | None = None
    shielded: list[int | None] | None = None
    marks: list[list[str]] | None = None


ZONE_FITS: dict[str, Any] = {
    "weapon": lambda c: CARD_DEF[c].kind is CardKind.WEAPON,
    "armour": lambda c: CARD_DEF[c].kind is CardKind.ARMOUR,
    "status": lambda c: CARD_TYPE[c] == TYPE_INDEX["海妖之歌"],
    "bombs": lambda c: CARD_ROLE[c] is Role.ATTACK,
}
"""Which cards a setup may place in each zone."""
ZONE_RULE = {"weapon": "it is not a weapon", "armour": "it is not an armour",
             "status": "the only face-up status card is 海妖之歌", "bombs": "a bomb is an 【攻击】 card"}


def from_setup(game: Any, seed: int, raw: Json) -> FateState:
    """Build the position a setup describes (``SetupError`` naming the problem if it is malformed)."""
    try:
        m = SetupModel.model_validate(raw)
    except ValidationError as e:
        raise SetupError(f"bad fate setup: {e}") from None
    s = blank(game, seed)
    n = s.n
    if len(m.heroes) != n:
        raise SetupError(f"setup lists {len(m.heroes)} heroes for {n} seats")
    placed: set[int] = set()
    duel = s.mode is Mode.DUEL
    siren = TYPE_INDEX["海妖之歌"]

    def card(name: str | None, zone: str = "", seat: int = -1) -> int:
        if name is None:
            return -1
        if name not in CARD_BY_NAME:
            raise SetupError(f"unknown card {name!r}; cards are written like atk:AS or atk:AC#2")
        c = CARD_BY_NAME[name]
        if c in placed:
            raise SetupError(f"card {name} is placed twice")
        if duel and CARD_TYPE[c] == siren:
            raise SetupError(f"card {name}: both 海妖之歌 are out of the game in 1v1 (二人规则1)")
        if zone and not ZONE_FITS[zone](c):
            raise SetupError(f"card {name} cannot be in seat {seat}'s {zone}: {ZONE_RULE[zone]}")
        placed.add(c)
        return c

    def per_seat(values: list[Any] | None, what: str) -> list[Any] | None:
        if values is not None and len(values) != n:
            raise SetupError(f"setup {what} has {len(values)} entries for {n} seats")
        return values

    playable = implemented_heroes(game.options["texts"])
    for p, code in enumerate(m.heroes):
        if code not in HERO_BY_CODE or HERO_BY_CODE[code] not in playable:
            raise SetupError(f"unknown hero {code!r}; heroes: {', '.join(HEROES[h].code for h in playable)}")
        s.picked[p] = HERO_BY_CODE[code]
    finish_hero_fields(s)
    set_bench(s, m, per_seat, playable)
    ids = per_seat(m.identities, "identities")
    full = (1 << n) - 1
    if s.mode is Mode.IDENTITY:
        if ids is None:
            a, b, c = identity_counts(n, s.opt["six_split"])
            order = [0] * a + [1] * b + [2] * c
            s.rng.shuffle(order)
            s.identity = order
        else:
            s.identity = [IDENTITY_CODES.index(i) for i in ids]
        for p in range(n):
            s.id_known[(p + 1) % n] |= 1 << p
    elif s.mode is Mode.TEAMS:  # 四人规则: two against two; by default seat 0 is A, with its 上家 D (seat 3)
        s.identity = [IDENTITY_CODES.index(i) for i in ids] if ids else [0, 1, 1, 0]
        if sorted(s.identity) != [0, 0, 1, 1]:
            raise SetupError(f"setup identities {ids}: 2v2 needs two sentinel and two scourge")
        s.id_known = [full] * n
    else:
        if ids is not None:
            raise SetupError(f"setup identities: mode {MODE_WORDS[s.mode]} has no identities")
        s.id_known = [full] * n
    codes = [f.code for f in FATES]
    if m.fate is not None and m.fate not in codes:
        raise SetupError(f"unknown fate {m.fate!r}; fates: {', '.join(codes)}")
    if s.mode is Mode.IDENTITY and Identity.NEUTRAL in s.identity:
        s.fate = codes.index(m.fate) if m.fate is not None else s.rng.below(len(FATES))
    elif m.fate is not None:
        raise SetupError(f"setup fate {m.fate!r}: no neutral sits at this table, so there is no fate card (gap 4-12)")
    for name in ("hp", "rage"):
        vals = per_seat(getattr(m, name), name)
        if vals is not None:
            setattr(s, name, list(vals))
    for p in range(n):
        if s.hp[p] > s.maxhp[p]:
            raise SetupError(f"setup hp: seat {p} has {s.hp[p]} HP, above its limit {s.maxhp[p]}")
        if not 0 <= s.rage[p] <= RAGE_LIMIT:
            raise SetupError(f"setup rage: seat {p} has {s.rage[p]} rage; rage runs from 0 to {RAGE_LIMIT}")
        if s.hp[p] <= 0:
            s.alive[p] = False
    hands = per_seat(m.hands, "hands") or [[] for _ in range(n)]
    for p in range(n):
        s.hands[p] = [card(x) for x in hands[p]]
        for c in s.hands[p]:
            s.seen[c] |= 1 << p
            s.known[c] = 1 << p
    for what in ("weapon", "armour"):
        vals = per_seat(getattr(m, what), what) or [None] * n
        getattr(s, what)[:] = [card(x, what, p) for p, x in enumerate(vals)]
    for what in ("status", "bombs"):
        vals = per_seat(getattr(m, what), what) or [[] for _ in range(n)]
        setattr(s, what, [[card(x, what, p) for x in z] for p, z in enumerate(vals)])
        for p, z in enumerate(getattr(s, what)):
            for c in z:
                s.seen[c] |= (1 << p) if what == "bombs" else EVERYONE | 0xFF
                s.known[c] = (1 << p) if what == "bombs" else EVERYONE | 0xFF
    from .cards import forbids_armour

    s.changed_cast()
    for p in range(n):
        if s.armour[p] >= 0 and forbids_armour(s, p):
            raise SetupError(f"seat {p} wears {CARD_NAME[s.armour[p]]} with {CARD_NAME[s.weapon[p]]}, which forbids armour")
        if not s.alive[p] and (s.hands[p] or s.weapon[p] >= 0 or s.armour[p] >= 0 or s.status[p] or s.bombs[p]):
            raise SetupError(f"seat {p} is dead (hp {s.hp[p]}) but has cards: a dead hero's cards are discarded")
        if not s.alive[p]:
            s.id_known[p] = full  # 死亡2: a dead hero's identity card is face up
    for w in s.weapon + s.armour:
        if w >= 0:
            s.show(w)
    faith = per_seat(m.faith, "faith") or [[] for _ in range(n)]
    for p in range(n):
        if faith[p] and not s.has(p, "faith"):
            raise SetupError(f"setup faith: seat {p}'s hero has no 信仰 (faith cards lie only on a 守护骑士)")
        s.pile[p] = [card(x) for x in faith[p]]
        for c in s.pile[p]:
            s.seen[c] |= 1 << p  # face down on the hero card: its owner knows them
    set_mid_game(s, m, per_seat)
    top = [card(x) for x in m.deck]
    s.discard = [card(x) for x in m.discard]
    for c in s.discard:
        s.show(c)
    if duel:  # 二人规则1: both 海妖之歌 are out of the game
        s.removed = [c for c in range(DECK_SIZE) if CARD_TYPE[c] == siren]
        placed.update(s.removed)
        for c in s.removed:
            s.show(c)
    rest = [c for c in range(DECK_SIZE) if c not in placed]
    s.rng.shuffle(rest)
    s.deck = rest + top[::-1]
    if not 0 <= m.turn_seat < n:
        raise SetupError(f"turn_seat {m.turn_seat} is not a seat (0–{n - 1})")
    if not s.alive[m.turn_seat]:
        raise SetupError(f"turn_seat {m.turn_seat} is dead; the hero whose turn it is must be alive")
    s.turn_seat = m.turn_seat
    if m.start == "turn":
        s.push((F.TURN, m.turn_seat))
    else:
        s.turn = 1
        s.push((F.PLAY, m.turn_seat, 0), (F.DISCARD, m.turn_seat), (F.END, m.turn_seat), (F.NEXT, m.turn_seat))
    s._emit(Event("setup", {"heroes": list(m.heroes)}))
    s._run()
    return s


def set_bench(s: FateState, m: SetupModel, per_seat: Any, playable: list[int]) -> None:
    """1v1 (二人规则7): the heroes resting on each player's left (``bench``) and right (``bench_right``), and the
    HP and rage a resting hero kept (``bench_hp``, ``bench_rage``; default 4 HP and no rage)."""
    left = per_seat(m.bench, "bench")
    right = per_seat(m.bench_right, "bench_right")
    if s.mode is not Mode.DUEL:
        for key in ("bench", "bench_right", "bench_hp", "bench_rage"):
            if getattr(m, key) is not None:
                raise SetupError(f"setup {key}: resting heroes exist only in 1v1")
        return
    taken = set(s.hero)
    for side, lists in (("bench", left), ("bench_right", right)):
        for p, codes in enumerate(lists or []):
            for code in codes:
                h = HERO_BY_CODE.get(code, -1)
                if h not in playable:
                    raise SetupError(f"unknown hero {code!r} on seat {p}'s {side}")
                if h in taken:
                    raise SetupError(f"hero {code} is in the game twice")
                taken.add(h)
                (s.left if side == "bench" else s.right)[p].append(h)
                s.bench_hp[h] = DUEL_HP
    for p in range(s.n):
        if len(s.left[p]) + len(s.right[p]) > 2:
            raise SetupError(f"setup bench: seat {p} rests {len(s.left[p]) + len(s.right[p])} heroes; a player has 3 "
                             "heroes in all")
        if len(s.right[p]) > 1:
            raise SetupError(f"setup bench_right: seat {p} rests {len(s.right[p])} heroes on the right; two heroes "
                             "gathered on the right move back to the left at once (二人规则7)")
    resting = {h: p for p in range(s.n) for h in s.left[p] + s.right[p]}
    for key, values, lo, hi in (("bench_hp", m.bench_hp, 1, DUEL_HP), ("bench_rage", m.bench_rage, 0, RAGE_LIMIT)):
        for code, v in (values or {}).items():
            h = HERO_BY_CODE.get(code, -1)
            if h not in resting:
                raise SetupError(f"setup {key}: {code!r} is not a resting hero; resting heroes: "
                                 f"{', '.join(HEROES[r].code for r in resting) or 'none'}")
            if not lo <= v <= hi:
                raise SetupError(f"setup {key}: {code} has {v}; a resting hero's {key[6:]} runs from {lo} to {hi}")
            (s.bench_hp if key == "bench_hp" else s.bench_rage)[h] = v


MARK_BY_WORD = {word: int(mark) for mark, word in MARK_WORDS}
"""The setup's ``marks`` words (as the view writes them) → ``Mark`` bits."""


def set_mid_game(s: FateState, m: SetupModel, per_seat: Any) -> None:
    """The setup keys of a game under way: a revealed Roshan, 重生 already used, a pending skip (时间静止), a
    海妖之歌 protection, and this turn's effects (cast states and card effects)."""
    n = s.n
    if m.roshan is not None:
        roshan = [f.code for f in FATES].index("roshan")
        if not (s.mode is Mode.IDENTITY and s.fate == roshan):
            raise SetupError("setup roshan: a Roshan is revealed only in an identity game whose fate is roshan")
        if not 0 <= m.roshan < n or s.identity[m.roshan] != Identity.NEUTRAL or not s.alive[m.roshan]:
            raise SetupError(f"setup roshan: seat {m.roshan} must be a living neutral to have revealed Roshan附体")
        s.roshan = m.roshan
        s.id_known[m.roshan] = (1 << n) - 1  # the reveal shows the identity to everyone
    for p, used in enumerate(per_seat(m.reborn, "reborn") or [False] * n):
        if used and not s.has(p, "reincarnation"):
            raise SetupError(f"setup reborn: seat {p}'s hero has no 重生 to have used")
        s.reborn[p] = int(used)
    for p, skip in enumerate(per_seat(m.skip_next, "skip_next") or [False] * n):
        if skip and not s.alive[p]:
            raise SetupError(f"setup skip_next: seat {p} is dead")
        s.skip_next[p] = int(skip)
    for p, until in enumerate(per_seat(m.shielded, "shielded") or [None] * n):
        if until is None:
            continue
        if not s.alive[p] or not 0 <= until < n or not s.alive[until]:
            raise SetupError(f"setup shielded: seat {p} must be alive and shielded until the turn of a living seat "
                             f"(0–{n - 1}), not {until}")
        s.untouch[p] = until + 1
    marks = per_seat(m.marks, "marks")
    if marks is not None and any(marks) and m.start != "play":
        raise SetupError("setup marks: this turn's effects need start 'play' (a new turn ends them at once)")
    for p, words in enumerate(marks or [[] for _ in range(n)]):
        for w in words:
            if w not in MARK_BY_WORD:
                raise SetupError(f"setup marks: unknown effect {w!r}; effects are {', '.join(MARK_BY_WORD)}")
            if not s.alive[p]:
                raise SetupError(f"setup marks: seat {p} is dead")
            s.tflags[p] |= MARK_BY_WORD[w]


def finish_hero_fields(s: FateState) -> None:
    """HP, limits and rage from the picked heroes."""
    duel = s.mode is Mode.DUEL
    for p in range(s.n):
        h = s.picked[p]
        s.hero[p] = h
        s.maxhp[p], s.hand_limit[p] = (DUEL_HP, DUEL_HP) if duel else hero_limits(h, s.opt["texts"])
        s.hp[p] = s.maxhp[p]
        s.picked[p] = -1
    s.changed_cast()


# ------------------------------------------------------------------------------------------ JSON
_FIELDS = (
    "hero", "hp", "maxhp", "rage", "hand_limit", "alive", "identity", "id_known", "hands", "weapon", "armour",
    "status", "bombs", "pile", "deck", "discard", "table", "revealed", "looked", "looker", "aside", "aside_from",
    "known", "seen", "cand", "picked", "tflags", "used", "attacks", "attack_allow", "might", "skip_next", "untouch",
    "sideways", "reborn", "fate", "roshan", "turn", "turn_seat", "first", "uid", "end_reason", "left", "right",
    "bench_hp", "bench_rage", "pool", "removed",
)
_ENUMS: dict[str, Any] = {"F": F, "Purpose": Purpose, "Window": Window, "Role": Role}
_RECORDS: dict[str, Any] = {"U": Use, "D": Damage, "J": Judgement}


def encode(x: Any) -> Any:
    """Frames to JSON: uses, damage, judgements, enums and tuples are tagged so they come back as they were."""
    if isinstance(x, Use):
        return {"U": [encode(v) for v in x]}
    if isinstance(x, Damage):
        return {"D": [encode(v) for v in x]}
    if isinstance(x, Judgement):
        return {"J": [encode(v) for v in x]}
    if isinstance(x, (F, Purpose, Window, Role)):
        return {"E": [type(x).__name__, int(x)]}
    if isinstance(x, tuple):
        return {"T": [encode(v) for v in x]}
    return x


def decode(x: Any) -> Any:
    """Inverse of ``encode``."""
    if isinstance(x, dict):
        for tag, record in _RECORDS.items():
            if tag in x:
                return record(*[decode(v) for v in x[tag]])
        if "E" in x:
            return _ENUMS[x["E"][0]](x["E"][1])
        if "T" in x:
            return tuple(decode(v) for v in x["T"])
    return x


def fields_to_json(s: FateState) -> Json:
    """The state's own fields as JSON-safe data."""
    out: Json = {f: getattr(s, f) for f in _FIELDS}
    out["stack"] = [[encode(v) for v in fr] for fr in s.stack]
    out["held"] = [list(h) for h in s.held]
    out["voided"] = list(s.voided)
    out["shielded"] = [list(p) for p in s.shielded]
    out["redirect"] = [list(p) for p in s.redirect]
    out["boosts"] = [list(b) for b in s.boosts]
    out["winners"] = list(s.winners_)
    out["building"] = encode(s.building)
    return out


def state_from_json(game: Any, data: Json) -> FateState:
    """Rebuild a state from ``FateState.to_json()``."""
    f = data["state"]
    s = blank(game, 0)
    s.rng = Rng(data["rng"])
    s._history = tuple(data["history"])
    s._log = chain_from_list([Event.from_json(e) for e in data["log"]])
    for name in _FIELDS:
        v = f[name]
        if isinstance(v, list):
            v = [list(x) if isinstance(x, list) else x for x in v]
        setattr(s, name, v)
    s.stack = [tuple(decode(v) for v in fr) for fr in f["stack"]]
    s.held = [tuple(h) for h in f["held"]]
    s.voided = tuple(f["voided"])
    s.shielded = tuple(tuple(p) for p in f["shielded"])
    s.redirect = tuple(tuple(p) for p in f["redirect"])
    s.boosts = tuple(tuple(b) for b in f["boosts"])
    s.winners_ = tuple(f["winners"])
    s.building = decode(f.get("building", {"T": []}))
    s._prof = None
    return s
