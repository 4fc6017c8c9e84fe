"""The fate heuristic's decisions, frame by frame: every legal action gets a score, the best is played.

Its plan (in full in ``tablecraft.games.fate.bot``): decide who is friend and foe first (public sides, seen
identities, a posterior over the rest from public behaviour); harm only foes and help only friends; value every
action on one card/HP scale against passing; attack where a kill or the most damage is likely, keep replies (闪避,
治疗药膏, 驱散) for the opponents' turns, equip only upgrades, spend rage on S cards; and never take a skill or a blow
that can kill its own hero while passing cannot.

Scores share one scale (``values``): a card in hand ≈ 3, a point of HP ≈ 4–5 (the last one ≈ the game), an enemy's
HP point ≈ 4 and a kill ≈ 12. An action's score is what it gains for the seat's side minus what it costs (cards
paid, HP risked, rage taken from an S card in hand); ``pass`` scores 0, so the bot only acts when acting is worth
it. Everything is read from the observation: the view, the public facts of the pending decision and the world's
public fields (distances, ranges, the damage in progress); hidden cards of others are never looked at.
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.core.actions import Action

from ..actions import FateAction, Kind
from ..content import (
    CARD_BY_NAME,
    CARD_DEF,
    CARD_NAME,
    CARD_RANK,
    CARD_ROLE,
    CARD_SUIT,
    CARD_TYPES,
    DECK_SIZE,
    HERO_BY_CODE,
    HEROES,
    IS_RED,
    PAIR_RULES,
    TYPE_BY_CODE,
    VIEW_AS_BY_CODE,
    CardKind,
    Role,
    Suit,
)
from . import advice
from .knowledge import stances
from .values import (
    base_keep,
    equip_value,
    hero_value,
    hp_loss,
    hp_point,
    keep_values,
    red_share,
)

ATTACKS = frozenset({"atk", "fire", "chaos"})
DODGE_SHARE = 15 / 112
"""The chance one unseen card is a real 闪避."""


class FateHeuristic:
    """Greedy scorer over the legal actions (ties broken by the ``rng``); see the package docstring for the plan."""

    name = "heuristic"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """The best-scoring legal action."""
        legal: list[FateAction] = obs.legal_actions
        if not legal:
            raise ValueError("no legal actions to choose from: the game is over")
        if len(legal) == 1:
            return legal[0]
        ctx = Context(obs)
        scores = ctx.scores(legal)
        best = max(scores)
        choices = [a for a, sc in zip(legal, scores, strict=True) if sc >= best - 1e-9]
        return choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class Context:
    """The facts the scores need, read once from the observation (most of them lazily)."""

    def __init__(self, obs: Any) -> None:
        self.obs = obs
        self.view: dict[str, Any] = obs.view
        self.seat: int = obs.seat
        self.world: Any = obs.world
        self.players: list[dict[str, Any]] = self.view["players"]
        self.n = len(self.players)
        self.me = self.players[self.seat]
        self.mode: str = self.view["mode"]
        self.hand: list[int] = [CARD_BY_NAME[c] for c in (self.me["hand"] or [])]
        self.pending: dict[str, Any] = self.view["pending"] or {}
        self.frame: str = self.pending.get("frame", "")
        self.alive = [p["alive"] for p in self.players]
        self._stance: list[float] | None = None
        self._keep: dict[int, float] | None = None
        self._unseen: list[int] | None = None
        self._ending: dict[int, tuple[float, float]] = {}
        self._skills: dict[tuple[int, str], bool] = {}
        self._quiet: dict[tuple[tuple[int, int, int], ...], tuple[float, float]] = {}
        self._quiet_now: tuple[float, float] | None = None

    def quiet(self, changes: tuple[tuple[int, int, int], ...]) -> tuple[float, float]:
        """The chances a quiet fate card (死神的召唤者, 偏执的数学家) is met against me / for me once each
        ``(seat, HP change, rage change)`` of ``changes`` has happened (0, 0 for other fates)."""
        if self.view.get("fate") not in ("death_summoner", "mathematician") or self.mode != "identity":
            return 0.0, 0.0
        got = self._quiet.get(changes)
        if got is None:
            from .knowledge import quiet_end

            hp = [int(p["hp"]) for p in self.players]
            rage = [int(p["rage"]) for p in self.players]
            for seat, dhp, drage in changes:
                hp[seat] = min(int(self.players[seat]["max_hp"]), hp[seat] + dhp)
                rage[seat] = max(0, min(3, rage[seat] + drage))
            now = self._quiet_now
            if now is None:
                now = self._quiet_now = quiet_end(self.view, self.seat, self.world,
                                                  [int(p["hp"]) for p in self.players],
                                                  [int(p["rage"]) for p in self.players])
            after = quiet_end(self.view, self.seat, self.world, hp, rage)
            got = self._quiet[changes] = (max(0.0, after[0] - now[0]), max(0.0, after[1] - now[1]))
        return got

    def damage_fate(self, t: int, dmg: int, also: tuple[tuple[int, int, int], ...] = ()) -> float:
        """What ``dmg`` damage to ``t`` (and the changes ``also``) does through a quiet fate card: −60 per chance
        of losing, +30 of winning."""
        lose, win = self.quiet(((t, -dmg, dmg),) + also)
        return 30.0 * win - 60.0 * lose

    def ending(self, dying: int) -> tuple[float, float]:
        """The chances that ``dying``'s death now ends the game against me, and for me (``knowledge.end_if_dies``)."""
        got = self._ending.get(dying)
        if got is None:
            from .knowledge import end_if_dies

            got = self._ending[dying] = end_if_dies(self.view, self.seat, self.world, dying)
        return got

    # ------------------------------------------------------------------------------------------ facts
    @property
    def stance(self) -> list[float]:
        """+1 hurt … −1 help, per seat (``knowledge.stances``)."""
        if self._stance is None:
            self._stance = stances(self.view, self.seat, self.world)
        return self._stance

    @property
    def keep(self) -> dict[int, float]:
        """Worth of each of my hand cards in this hand."""
        if self._keep is None:
            self._keep = keep_values(self.hand)
        return self._keep

    def keep_of(self, card: int) -> float:
        """Worth of one of my cards (an equipped card: what wearing it is worth)."""
        if card in self.keep:
            return self.keep[card]
        if card == self.world.weapon[self.seat] or card == self.world.armour[self.seat]:
            return equip_value(card, self.hero_type(self.seat), sum(self.alive))
        return base_keep(card)

    @property
    def unseen(self) -> list[int]:
        """Cards this seat has not seen anywhere face up (the pool other hands and the deck come from)."""
        if self._unseen is None:
            seen = set(self.hand)
            v = self.view
            for names in (v["discard"], v["table"], v["revealed"], v.get("removed") or []):
                seen.update(CARD_BY_NAME[c] for c in names)
            for p in self.players:
                for c in (p["weapon"], p["armour"]):
                    if c:
                        seen.add(CARD_BY_NAME[c])
                for c in p["status"]:
                    seen.add(CARD_BY_NAME[c])
            for c in (self.me.get("bomb_cards") or []) + (self.me.get("pile_cards") or []):
                seen.add(CARD_BY_NAME[c])
            self._unseen = [c for c in range(DECK_SIZE) if c not in seen]
        return self._unseen

    def hero(self, p: int) -> str:
        """Seat ``p``'s hero code ('' before heroes are shown)."""
        return self.players[p]["hero"] or ""

    def hero_type(self, p: int) -> int:
        """Seat ``p``'s hero attribute (−1 unknown)."""
        h = self.players[p]["hero"]
        return int(HEROES[HERO_BY_CODE[h]].type) if h else -1

    def has_skill(self, p: int, code: str) -> bool:
        """Whether ``p``'s hero card carries skill ``code`` (public)."""
        key = (p, code)
        got = self._skills.get(key)
        if got is None:
            got = self._skills[key] = bool(self.players[p]["hero"]) and self.world.has(p, code)
        return got

    def hp(self, p: int) -> int:
        return int(self.players[p]["hp"])

    def foes(self, threshold: float = 0.3) -> list[int]:
        """Living seats the seat wants to hurt (not one under 海妖之歌's protection: no card or skill reaches it)."""
        untouch = self.world.untouch
        return [p for p in range(self.n)
                if self.alive[p] and p != self.seat and self.stance[p] > threshold and not untouch[p]]

    def friends(self) -> list[int]:
        """Living seats the seat wants to help (itself included)."""
        return [p for p in range(self.n) if self.alive[p] and (p == self.seat or self.stance[p] < -0.3)]

    def in_range(self, t: int) -> bool:
        """Whether my 【攻击】 reaches ``t`` (a hero under 海妖之歌's protection cannot be targeted)."""
        w = self.world
        return t != self.seat and self.alive[t] and not w.untouch[t] and w.dist(self.seat, t) <= w.attack_range(self.seat)

    def count(self, code: str) -> int:
        """How many cards of ``code`` I hold."""
        return sum(1 for c in self.hand if CARD_DEF[c].code == code)

    def role_count(self, role: Role) -> int:
        """How many hand cards of ``role`` I hold."""
        return sum(1 for c in self.hand if CARD_ROLE[c] == role)

    def rage_needed(self) -> int:
        """Rage my S cards in hand (and my rage skills) would use."""
        need = 0
        for c in self.hand:
            d = CARD_DEF[c]
            if d.kind is CardKind.SUPER:
                need = max(need, d.rage)
        if self.has_skill(self.seat, "mana_void"):
            need = max(need, 3)
        if self.has_skill(self.seat, "laguna_blade") and sum(1 for c in self.hand if IS_RED[c]) >= 2:
            need = max(need, 3)
        return need

    def spare_rage(self) -> bool:
        """Whether 1 rage can go on a strengthening without starving an S card (or rage sits at its limit)."""
        rage = int(self.me["rage"])
        if rage >= 3:
            return True
        need = self.rage_needed()
        return rage >= 1 and (need == 0 or rage - 1 >= need or need > rage + 1)

    def has_salve(self) -> bool:
        """Whether I could save myself from dying with a card of my own."""
        return self.count("salve") > 0 and "no_heal" not in self.me["marks"]

    def own_rescue(self) -> bool:
        """Whether I have a certain rescue of my own (a salve, 重生, a cast 薄葬)."""
        if self.has_salve():
            return True
        if self.has_skill(self.seat, "reincarnation") and not self.me.get("reborn"):
            return "no_heal" not in self.me["marks"]
        return "save_at_one" in self.me["marks"]

    # ------------------------------------------------------------------------------------------ odds
    def dodge_chance(self, t: int, attacker: int | None = None) -> float:
        """The chance ``t`` cancels one 【攻击】 of ``attacker`` (default: me) with what it may hold."""
        a = self.seat if attacker is None else attacker
        pl = self.players[t]
        h = pl["hand_size"]
        if t == self.seat:
            return 1.0 if self.role_count(Role.DODGE) else 0.0
        per = DODGE_SHARE
        code = self.hero(t)
        if code in ("anti_mage",) or (pl["weapon"] or "").startswith("lothar"):
            per = 0.55
        if code == "storm_spirit" and h >= 2:
            per = 0.45
        if self.has_skill(a, "blade_dance"):
            per *= 0.6
        need = 1
        wpn = self.players[a]["weapon"] or ""
        if wpn.startswith("skadi"):
            need += 1
        if self.has_skill(a, "thirst") and pl["hp"] == 1:
            need += 1
        if self.has_skill(a, "vendetta") and (a != self.seat or len(self.hand) <= 1):
            return 0.0
        if "double_cost" in pl["marks"]:
            need += 1
        if (pl["armour"] or "").startswith("talisman") and not pl["talisman_sideways"]:
            return 0.95
        p_one = 1.0 - (1.0 - per) ** h
        return p_one ** need if need > 1 else p_one

    def attack_damage(self, t: int, card: int = -1, bonus: int = 0) -> int:
        """What my 【攻击】 would deal to ``t`` if it hits (this turn's bonuses included, where I know them)."""
        dmg = 1 + bonus
        v = self.view
        if v["turn_seat"] == self.seat and self.world.might:
            dmg += self.world.might
        if "attack_plus" in self.me["marks"]:
            dmg += 1
        me = self.seat
        if card >= 0 and not IS_RED[card] and (self.me["weapon"] or "").startswith("relic"):
            dmg += 1
        if self.has_skill(me, "burning_spear") and self.me["hp"] <= 2:
            dmg += 1
        if self.has_skill(me, "enrage") and all(self.me["hp"] > self.hp(p) for p in range(self.n)
                                                if p != me and self.alive[p]):
            dmg += 1
        if self.has_skill(me, "headshot"):
            dmg += 0.5  # type: ignore[assignment]
        if self.has_skill(t, "bristle_back") and dmg > 1:
            dmg -= 1
        return dmg

    def immune_to_attack(self, t: int, ctype: str) -> bool:
        """Whether an 【攻击】 of type ``ctype`` would have no effect on ``t`` (不可侵犯, 特殊体质)."""
        if self.has_skill(t, "untouchable") and ctype == "atk":
            return True
        return self.has_skill(t, "special_body") and self.hp(t) <= 2

    # ------------------------------------------------------------------------------------------ worth of HP
    def harm_worth(self, t: int, dmg: float, certain: float = 1.0, worst: float | None = None,
                   also: tuple[tuple[int, int, int], ...] = ()) -> float:
        """What dealing ``dmg`` (with probability ``certain``; at most ``worst``) to ``t`` is worth to my side:
        positive for a foe, negative for a friend; a kill counts as the game-winning thing it is, and a blow that
        could kill a hero whose death loses me the game is never worth it, however unlikely. ``also``: other
        HP and rage changes the same blow brings (for the quiet fate cards)."""
        if dmg <= 0 or not self.alive[t]:
            return 0.0
        st = self.stance[t]
        fated = self.damage_fate(t, int(dmg + 0.5), also)
        if t == self.seat:
            loss = hp_loss(self.hp(t), int(dmg + 0.5))
            if self.hp(t) - dmg <= 0 and self.own_rescue():
                loss = 12.0
            return (fated - loss) * certain
        hp = self.hp(t)
        worth = 4.0 * min(dmg, hp)
        end = 0.0
        top = dmg if worst is None else max(dmg, worst)
        if top >= hp:
            lose, win = self.ending(t)
            end = -80.0 * lose / max(certain, 0.05)
            if dmg >= hp:
                rescue = min(0.8, 0.075 * self.players[t]["hand_size"]
                             + (0.3 if self.has_skill(t, "reincarnation") and not self.players[t].get("reborn")
                                else 0.0))
                worth += 9.0 * (1.0 - rescue)
                end += 30.0 * win * (1.0 - rescue)
        elif hp - dmg == 1:
            worth += 1.5
        if st < 0:
            worth *= 1.3  # hurting a friend costs more than hurting a foe gains
        return (st * worth + end + fated) * certain

    def help_worth(self, t: int, heal: int) -> float:
        """What healing ``t`` by ``heal`` is worth to my side."""
        pl = self.players[t]
        got = min(heal, pl["max_hp"] - pl["hp"])
        if got <= 0:
            return 0.0
        if t == self.seat:
            return sum(hp_point(self.hp(t) + i + 1) for i in range(got)) * 0.9
        worth = sum(hp_point(pl["hp"] + i + 1) for i in range(got)) * 0.8
        return -self.stance[t] * worth

    def retaliation(self, t: int, damaging: bool, attack: bool) -> float:
        """Expected HP cost to me of hurting ``t`` (反转螺旋, 刃甲, 穿刺护甲, 自爆), very large when it may kill me."""
        risk = 0.0
        pl = self.players[t]
        if attack and self.has_skill(t, "counter_helix"):
            risk += 0.22
        if damaging and (pl["armour"] or "").startswith("blademail"):
            risk += 0.5
        if damaging and self.has_skill(t, "spiked_carapace") and pl["hand_size"] == 0:
            risk += 1.0
        if damaging and self.has_skill(t, "suicide") and pl["hp"] <= 1:
            risk += 1.0  # 2 damage on red
        if not risk:
            return 0.0
        myhp = self.hp(self.seat)
        lethal = myhp <= (2 if self.has_skill(t, "suicide") and pl["hp"] <= 1 else 1)
        if lethal and not self.own_rescue():
            return 60.0
        return risk * hp_point(myhp)

    # ------------------------------------------------------------------------------------------ dispatch
    def scores(self, legal: list[FateAction]) -> list[float]:
        """Score every legal action."""
        handler = FRAMES.get(self.frame)
        if handler is None:
            return [self.generic(a) for a in legal]
        return handler(self, legal)

    def generic(self, a: FateAction) -> float:
        """Fallback for decisions without a handler: take optional good things, decline the rest."""
        k = a.kind
        if k in (Kind.PASS, Kind.NO, Kind.DONE):
            return 0.5
        if k is Kind.TARGET:
            return -self.stance[a.a]
        if k is Kind.PICK:
            return 10.0 - self.keep_of(a.a)
        return 0.4


# ------------------------------------------------------------------------------------------ frame handlers
def f_play(ctx: Context, legal: list[FateAction]) -> list[float]:
    """四、出牌阶段: equip, heal, draw, set up, attack, hurt with magic and skills; pass when nothing is worth it."""
    plan = PlayPlan(ctx)
    return [plan.score(a) for a in legal]


class PlayPlan:
    """The play-phase scorer (one per decision)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.attack_ok = any(a for a in ctx.obs.legal_actions if _is_attack_action(a))
        self._best_attack: float | None = None

    def best_attack_value(self) -> float:
        """The value of my best 【攻击】 now (to judge set-up cards like 神之力量)."""
        if self._best_attack is None:
            ctx = self.ctx
            best = 0.0
            for t in range(ctx.n):
                if ctx.in_range(t) and ctx.stance[t] > 0.2:
                    best = max(best, self.attack_target_value(t, "atk", -1, 0))
            self._best_attack = best
        return self._best_attack

    def score(self, a: FateAction) -> float:
        ctx = self.ctx
        k = a.kind
        if k is Kind.PASS:
            return 0.0
        if k is Kind.USE:
            return self.card_value(a.a, CARD_DEF[a.a].code, a.a)
        if k is Kind.AS:
            return self.card_value(a.a, CARD_TYPES[a.b].code, a.a, converted=True)
        if k is Kind.PAIR:
            return self.pair_value(PAIR_RULES[a.a].code)
        if k is Kind.SKILL:
            sk = ctx.world.skills_of(ctx.seat)[a.a]
            return advice.play_skill(ctx, self, sk.code)
        if k is Kind.ITEM:
            return advice.item_use(ctx, a.a)
        return 0.0

    # -- cards
    def card_value(self, card: int, code: str, physical: int, converted: bool = False) -> float:
        ctx = self.ctx
        me = ctx.seat
        cost = ctx.keep_of(physical)
        d = CARD_TYPES[TYPE_BY_CODE[code]]
        if d.is_equipment:
            return self.equip_score(physical)
        if code in ATTACKS:
            return self.attack_value(code, physical) - 0.15 * cost
        if code == "salve":
            return salve_in_play(ctx, physical)
        if code == "frenzy":
            attacks = self.attack_cards() - 1
            foes = [t for t in ctx.foes() if ctx.in_range(t)]
            if attacks >= 1 and foes and ctx.hp(me) >= 3 and not ctx.world.marked(me, 1):
                return 1.5 + 2.5 * min(attacks, 2) - cost
            return -2.0
        if code == "chakra":
            return 5.0 - cost + 2.0
        if code == "mislead":
            return mislead_pair(ctx)[0] - cost
        if code == "wildaxe":
            return max((wildaxe_value(ctx, t) for t in range(ctx.n) if ctx.alive[t] and t != me), default=-5) - cost
        if code == "disarm":
            return max((disarm_value(ctx, t, False) for t in range(ctx.n) if ctx.alive[t] and t != me),
                       default=-5) - cost
        if code == "arrow":
            return max((arrow_value(ctx, t) for t in ctx.foes()), default=-5) - cost + 0.5
        if code == "transport":
            return transport_value(ctx) - cost
        if code == "greed":
            return max((greed_value(ctx, t) for t in range(ctx.n) if ctx.alive[t] and t != me), default=-5) - cost
        if code == "siren":
            return max((siren_value(ctx, t) for t in ctx.foes()), default=-5) - cost
        if code == "might":
            if self.attack_ok and self.best_attack_value() > 1.0:
                return 4.5 + 0.6 * self.best_attack_value() - 0.5 * cost
            return 1.2 if len(ctx.hand) > int(ctx.me["hand_limit"]) else -1.0
        if code == "viper":
            return max((viper_value(ctx, t) for t in ctx.foes()), default=-5) - cost
        if code == "timelock":
            return timelock_value(ctx) - cost
        if code == "sunder":
            return max((sunder_value(ctx, t) for t in range(ctx.n) if ctx.alive[t] and t != me), default=-5)
        if code == "laguna":
            return max((laguna_value(ctx, t) for t in ctx.foes()), default=-5) - 0.5 * cost
        if code == "disarm" or code == "chakra":
            return 1.0 - cost
        return -1.0

    def attack_cards(self) -> int:
        """【攻击】 I could make this turn from my hand (real ones and conversions, roughly)."""
        ctx = self.ctx
        n = ctx.role_count(Role.ATTACK)
        if ctx.has_skill(ctx.seat, "fervor"):
            n += ctx.role_count(Role.DODGE)
        if (ctx.me["weapon"] or "").startswith("claws"):
            n += sum(1 for c in ctx.hand if IS_RED[c] and CARD_ROLE[c] != Role.ATTACK) // 2
        return n

    def attack_value(self, code: str, physical: int, bonus: int = 0, unstoppable: bool = False) -> float:
        """My best 【攻击】 of type ``code`` made with ``physical``: the best target's worth."""
        ctx = self.ctx
        best = -3.0
        for t in range(ctx.n):
            if not ctx.in_range(t):
                continue
            best = max(best, self.attack_target_value(t, code, physical, bonus, unstoppable))
        return best

    def attack_target_value(self, t: int, code: str, physical: int, bonus: int = 0,
                            unstoppable: bool = False) -> float:
        """Worth of hitting ``t`` with an 【攻击】 of ``code``."""
        ctx = self.ctx
        st = ctx.stance[t]
        if st <= 0.1:
            return -8.0 + st
        if ctx.immune_to_attack(t, code):
            return -3.0
        dodge = 0.0 if unstoppable else ctx.dodge_chance(t)
        dmg = ctx.attack_damage(t, physical, bonus)
        also = ((t, 0, 1),) if code == "fire" else ((ctx.seat, 0, 1),) if code == "chaos" else ()
        v = ctx.harm_worth(t, dmg, 1.0 - dodge, also=also) - ctx.retaliation(t, True, True)
        pl = ctx.players[t]
        if code == "fire":
            v -= 0.4 * st if pl["rage"] < 3 else 0.0
        if code == "chaos" and int(ctx.me["rage"]) < 3:
            v += 0.5 * (1.0 - dodge)
        v += 0.4 * (1.0 - dodge) * advice.on_hit_bonus(ctx, t)
        return v + 1.2 * st

    def pair_value(self, rule: str) -> float:
        ctx = self.ctx
        r = VIEW_AS_BY_CODE[rule]
        cards = pair_cards(ctx, rule)
        if len(cards) < 2:
            return -5.0
        cost = ctx.keep_of(cards[0]) + ctx.keep_of(cards[1])
        code = CARD_TYPES[r.as_type].code
        if code in ATTACKS:
            unstoppable = r.pure_unstoppable and all(CARD_ROLE[c] == Role.ATTACK for c in cards)
            return self.attack_value(code, -1, r.bonus, unstoppable) - 0.3 * cost - 0.3
        if code == "laguna":
            return max((laguna_value(ctx, t) for t in ctx.foes()), default=-5) - 0.5 * cost
        return -1.0

    def equip_score(self, card: int) -> float:
        """Wear ``card`` (or give an any-hero item to a friend) only when it beats what is worn."""
        ctx = self.ctx
        return max(equip_gain(ctx, card, p) for p in equip_holders(ctx, card))


def _is_attack_action(a: FateAction) -> bool:
    if a.kind is Kind.USE:
        return CARD_ROLE[a.a] == Role.ATTACK
    if a.kind is Kind.AS:
        return CARD_TYPES[a.b].role is Role.ATTACK
    return False


def equip_holders(ctx: Context, card: int) -> list[int]:
    """Who may wear ``card`` if I use it: me, or any hero for 掠夺之斧/神秘法杖/鹰角弓."""
    d = CARD_DEF[card]
    if d.any_holder:
        return [p for p in range(ctx.n) if ctx.alive[p] and (p == ctx.seat or ctx.stance[p] < -0.5)]
    return [ctx.seat]


def equip_gain(ctx: Context, card: int, holder: int) -> float:
    """Score of putting ``card`` on ``holder``: its worth there over what it replaces (a replacement must be
    clearly better; 圣者遗物 costs the armour it throws away)."""
    d = CARD_DEF[card]
    w = ctx.world
    alive = sum(ctx.alive)
    ht = ctx.hero_type(holder)
    new = equip_value(card, ht, alive)
    slot = w.weapon[holder] if d.kind is CardKind.WEAPON else w.armour[holder]
    old = equip_value(slot, ht, alive) if slot >= 0 else 0.0
    if d.kind is CardKind.ARMOUR:
        wpn = w.weapon[holder]
        if wpn >= 0 and CARD_DEF[wpn].code == "relic":
            return -5.0
    if d.code == "relic" and w.armour[holder] >= 0:
        old += equip_value(w.armour[holder], ht, alive) * 0.9
    gain = new - old
    if slot >= 0 and gain < 1.0:
        return -1.0 - (1.0 - gain)
    v = 2.0 + gain
    if holder != ctx.seat:
        v = v * 0.6 * (-ctx.stance[holder])
    return v


def salve_in_play(ctx: Context, card: int) -> float:
    """治疗药膏 on myself in the play phase: at low HP, or when the hand is over its limit; else kept for the dying
    window."""
    me = ctx.me
    if me["hp"] >= me["max_hp"]:
        return -5.0
    cost = ctx.keep_of(card)
    gain = hp_point(int(me["hp"]) + 1)
    if me["hp"] <= 1:
        return gain + 2.0
    over = len(ctx.hand) - int(me["hand_limit"])
    if over > 0:
        return gain - 0.5 * cost + 1.0
    salves = ctx.count("salve")
    if me["hp"] == 2:
        return gain - cost + (1.5 if salves >= 2 else 0.5)
    return gain - cost - 0.5 + (1.0 if salves >= 2 else 0.0)


# ------------------------------------------------------------------------------------------ card effects valued
def wildaxe_value(ctx: Context, t: int) -> float:
    """野性之斧 at ``t``: everyone on the shorter way (``t`` included) dodges or takes 1 damage."""
    from ..rules import path_between

    alive = ctx.world.alive
    fwd = path_between(alive, ctx.seat, t, 1)
    back = path_between(alive, ctx.seat, t, -1)
    paths = [fwd, back] if len(fwd) == len(back) else [fwd if len(fwd) < len(back) else back]
    best = -5.0
    for path in paths:
        v = sum(ctx.harm_worth(k, 1, 1.0 - ctx.dodge_chance(k)) - ctx.retaliation(k, True, False)
                for k in path if ctx.alive[k] and k != ctx.seat)
        best = max(best, v)
    return best


def disarm_value(ctx: Context, t: int, strong: bool) -> float:
    """缴械 at ``t``: it loses its best item (strengthened: I take it)."""
    st = ctx.stance[t]
    if st <= 0.2:
        return -5.0
    w = ctx.world
    items = [c for c in (w.weapon[t], w.armour[t]) if c >= 0]
    if not items:
        return -5.0
    ht = ctx.hero_type(t)
    best = max(equip_value(c, ht, sum(ctx.alive)) for c in items)
    return st * (0.7 * best) + (1.0 if strong else 0.0)


def arrow_value(ctx: Context, t: int) -> float:
    """月神之箭 at ``t``: a card of the named colour, or 1 damage."""
    st = ctx.stance[t]
    h = ctx.players[t]["hand_size"]
    p_no = 0.5 ** h if h else 1.0
    return st * (2.0 + 0.0) * (1 - p_no) + ctx.harm_worth(t, 1, p_no) - ctx.retaliation(t, True, False) * p_no


def transport_value(ctx: Context) -> float:
    """能量转移: one revealed card for each living hero, me first."""
    v = 3.2
    for p in range(ctx.n):
        if p != ctx.seat and ctx.alive[p]:
            v -= 2.4 * ctx.stance[p]
    return v + (2.0 if ctx.spare_rage() else 0.0)


def greed_value(ctx: Context, t: int) -> float:
    """贪婪 at ``t``: I take two of its cards (or an item) and it gets one of mine."""
    st = ctx.stance[t]
    if st <= 0.2:
        return -5.0
    h = ctx.players[t]["hand_size"]
    items = [c for c in (ctx.world.weapon[t], ctx.world.armour[t]) if c >= 0]
    take = min(2, h) * 2.6
    if items:
        take = max(take, max(equip_value(c, ctx.hero_type(t), sum(ctx.alive)) for c in items) * 0.9)
    return 0.9 * take + st * take * 0.5 - 2.0


def siren_value(ctx: Context, t: int) -> float:
    """海妖之歌 at ``t``: it skips its next draw, play and discard phases."""
    st = ctx.stance[t]
    if st <= 0.3 or ctx.players[t]["status"]:
        return -5.0
    return st * (6.0 + 0.4 * ctx.players[t]["hand_size"])


def viper_value(ctx: Context, t: int) -> float:
    """蝮蛇突袭 at ``t``: it discards 3 cards; with 1 or none, 1 damage."""
    h = ctx.players[t]["hand_size"]
    st = ctx.stance[t]
    if st <= 0.3:
        return -5.0
    v = st * 2.4 * min(3, h)
    if h <= 1:
        v += ctx.harm_worth(t, 1) - ctx.retaliation(t, True, False)
    return v - 1.0


def timelock_value(ctx: Context) -> float:
    """时间静止: every other hero skips its next draw, play and discard phases."""
    v = -1.0
    for p in range(ctx.n):
        if p != ctx.seat and ctx.alive[p] and not ctx.players[p]["skip_next"]:
            v += 5.5 * ctx.stance[p]
    return v


def sunder_value(ctx: Context, t: int) -> float:
    """灵魂隔断 with ``t``: our HPs swap (and 1 becomes 2): worth it when I am low and ``t`` is high."""
    me = ctx.me
    mine, theirs = int(me["hp"]), ctx.hp(t)
    new_me = min(theirs, int(me["max_hp"]))
    new_me = 2 if new_me == 1 else new_me
    new_t = min(mine, int(ctx.players[t]["max_hp"]))
    new_t = 2 if new_t == 1 else new_t
    gain_me = sum(hp_point(h + 1) for h in range(mine, new_me)) if new_me > mine else -hp_loss(mine, mine - new_me)
    loss_t = theirs - new_t
    v = gain_me * 0.9 + ctx.stance[t] * 4.0 * loss_t
    return v - 3.0


def laguna_value(ctx: Context, t: int) -> float:
    """神灭斩 at ``t``: three 闪避 or 3 − X damage."""
    st = ctx.stance[t]
    if st <= 0.3:
        return -5.0
    h = ctx.players[t]["hand_size"]
    per = DODGE_SHARE if ctx.hero(t) not in ("anti_mage", "storm_spirit") else 0.45
    expected = sum(1.0 for _ in range(1)) * 0
    # expected dodges: min(3, Binomial(h, per)); damage = 3 - dodges
    dmg = 3.0 - min(3.0, h * per)
    v = ctx.harm_worth(t, round(dmg), 1.0, 3) - ctx.retaliation(t, True, False) + expected
    return v + 1.0


def mislead_pair(ctx: Context) -> tuple[float, int, int]:
    """误导: the best (A loses 1 rage and draws, B gains 1 rage) pair, with its worth."""
    best = (-3.0, -1, -1)
    need = ctx.rage_needed()
    myrage = int(ctx.me["rage"])
    for a in range(ctx.n):
        if not ctx.alive[a] or ctx.players[a]["rage"] <= 0:
            continue
        for b in range(ctx.n):
            if b == a or not ctx.alive[b] or ctx.players[b]["rage"] >= 3:
                continue
            v = 0.0
            if a == ctx.seat:
                v += 1.8 - (2.0 if need and myrage <= need else 0.0)
            else:
                v += ctx.stance[a] * (1.2 * ctx.players[a]["rage"] - 1.8)
            if b == ctx.seat:
                v += 1.0 + (4.0 if need and myrage + 1 >= need > myrage else 0.0)
            else:
                v -= ctx.stance[b] * 1.0
            if v > best[0]:
                best = (v, a, b)
    return best


def pair_cards(ctx: Context, rule: str) -> list[int]:
    """The two cards a pair rule would take: the least worth that fit (two 【攻击】 for 散夜对剑 when I have them)."""
    from ..content import fits

    r = VIEW_AS_BY_CODE[rule]
    fitting = sorted((c for c in ctx.hand if fits(c, r.fits)), key=ctx.keep_of)
    if r.pure_unstoppable:
        attacks = [c for c in fitting if CARD_ROLE[c] == Role.ATTACK]
        if len(attacks) >= 2:
            return attacks[:2]
    return fitting[:2]


# ------------------------------------------------------------------------------------------ building a use
def f_build(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Targets and strengthening of a card being used."""
    p = ctx.pending
    card = p.get("card") or ""
    chosen = p.get("targets") or []
    out = []
    for a in legal:
        if a.kind is Kind.TARGET:
            out.append(build_target(ctx, card, a.a, chosen))
        elif a.kind is Kind.YES:
            out.append(strengthen_worth(ctx, card, chosen))
        else:
            out.append(0.0)
    return out


def build_target(ctx: Context, card: str, t: int, chosen: list[int]) -> float:
    """Worth of aiming ``card`` at ``t``."""
    plan = PlayPlan(ctx)
    d = CARD_TYPES[TYPE_BY_CODE[card]]
    if d.is_equipment:
        phys = next((CARD_BY_NAME[c] for c in ctx.pending.get("cards") or []), -1)
        return equip_gain(ctx, phys, t) if phys >= 0 else (1.0 if t == ctx.seat else 0.0)
    if card in ATTACKS:
        phys = next((CARD_BY_NAME[c] for c in ctx.pending.get("cards") or []), -1)
        cards = ctx.pending.get("cards") or []
        unstoppable = False
        bonus = 0
        if len(cards) == 2:
            ids = [CARD_BY_NAME[c] for c in cards]
            if (ctx.me["weapon"] or "").startswith("sny") and all(CARD_ROLE[c] == Role.ATTACK for c in ids):
                unstoppable = True
            if card == "fire" and all(IS_RED[c] for c in ids) and ctx.has_skill(ctx.seat, "liquid_fire"):
                bonus = 1
        return plan.attack_target_value(t, card, phys if len(cards) == 1 else -1, bonus, unstoppable)
    if card == "wildaxe":
        return wildaxe_value(ctx, t)
    if card == "disarm":
        return disarm_value(ctx, t, False)
    if card == "arrow":
        return arrow_value(ctx, t)
    if card == "greed":
        return greed_value(ctx, t)
    if card == "siren":
        return siren_value(ctx, t) if t != ctx.seat else -10.0
    if card == "viper":
        return viper_value(ctx, t)
    if card == "sunder":
        return sunder_value(ctx, t)
    if card == "laguna":
        return laguna_value(ctx, t)
    if card == "mislead":
        _, a, b = mislead_pair(ctx)
        if not chosen:
            return 5.0 if t == a else -ctx.stance[t] if t == ctx.seat else ctx.stance[t] * 0.5
        return 5.0 if t == b else -ctx.stance[t]
    if card == "chakra":  # 恩惠: any hero
        return 3.0 if t == ctx.seat else -ctx.stance[t] * 2.0
    return -ctx.stance[t]


def strengthen_worth(ctx: Context, card: str, targets: list[int]) -> float:
    """Whether the 1 rage of a strengthening buys enough (and is not needed for an S card)."""
    if card == "siren" and targets and targets[0] == ctx.seat:
        return 1.0
    free = ctx.world.free_strengthen_available(ctx.seat) if hasattr(ctx.world, "free_strengthen_available") else \
        _free_strengthen(ctx)
    if not free and not ctx.spare_rage():
        return -1.0
    worth = {"disarm": 1.6, "arrow": 0.8, "transport": 1.4, "greed": 0.9, "siren": -1.0}.get(card, 0.5)
    if card == "disarm" and targets:
        t = targets[0]
        items = [c for c in (ctx.world.weapon[t], ctx.world.armour[t]) if c >= 0]
        worth = 0.4 * max((equip_value(c, ctx.hero_type(ctx.seat), sum(ctx.alive)) for c in items), default=0)
    return worth + (1.0 if free else 0.0)


def _free_strengthen(ctx: Context) -> bool:
    return ctx.has_skill(ctx.seat, "fiery_soul") and not ctx.world.tflags[ctx.seat] & 512


# ------------------------------------------------------------------------------------------ replies
def f_reply(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Cards played in answer: 闪避 against harm, 驱散 where the chain's outcome matters, demanded 【攻击】."""
    p = ctx.pending
    purpose = p.get("purpose")
    use = p.get("use") or {}
    if purpose == "dispel":
        worth = dispel_gain(ctx, p.get("chain") or [])
        return [0.0 if a.kind is Kind.PASS else worth - reply_cost(ctx, a) for a in legal]
    if purpose in ("attack_dodge", "axe_dodge", "laguna_dodge"):
        need = int(p.get("need") or 1) if purpose == "attack_dodge" else 1
        saved = dodge_saving(ctx, purpose, use, need)
        return [0.0 if a.kind is Kind.PASS else saved - reply_cost(ctx, a) for a in legal]
    if purpose == "forced_attack":
        at = p.get("at")
        out = []
        for a in legal:
            if a.kind is Kind.PASS:
                out.append(forced_pass_value(ctx, use, at))
            else:
                out.append(forced_attack_value(ctx, at, a) - 0.3 * reply_cost(ctx, a))
        return out
    if purpose == "quell":  # 补刀斧: count as the killer (the reward)
        return [0.0 if a.kind is Kind.PASS else 5.0 - reply_cost(ctx, a) for a in legal]
    return [ctx.generic(a) for a in legal]


def reply_cost(ctx: Context, a: FateAction) -> float:
    """Worth of the card(s) a reply spends."""
    if a.kind in (Kind.USE, Kind.AS):
        return ctx.keep_of(a.a)
    if a.kind is Kind.PAIR:
        cards = pair_cards(ctx, PAIR_RULES[a.a].code)
        return sum(ctx.keep_of(c) for c in cards) + 0.5
    return 0.0


def dodge_saving(ctx: Context, purpose: str, use: dict[str, Any], need: int) -> float:
    """What one 闪避 saves now: the HP it keeps (a 闪避 that cannot finish the cancel saves nothing)."""
    me = ctx.seat
    if purpose == "attack_dodge":
        have = ctx.role_count(Role.DODGE) + (sum(1 for c in ctx.hand if not IS_RED[c])
                                             if ctx.has_skill(me, "blink")
                                             or (ctx.me["weapon"] or "").startswith("lothar") else 0)
        if ctx.has_skill(me, "ball_lightning"):
            have += len(ctx.hand) // 2
        if have < need:
            return -1.0
        user = use.get("user", -1)
        dmg = 1
        if user is not None and user >= 0:
            if ctx.view["turn_seat"] == user:
                dmg += int(ctx.world.might)
            if "attack_plus" in ctx.players[user]["marks"]:
                dmg += 1
        return hp_loss(ctx.hp(me), dmg) + 0.5 - (1.0 if need > 1 else 0.0)
    if purpose == "laguna_dodge":
        return hp_loss(ctx.hp(me), 1) + (3.0 if ctx.hp(me) <= 3 else 0.0)
    return hp_loss(ctx.hp(me), 1) + 0.3


def forced_pass_value(ctx: Context, use: dict[str, Any], at: int | None) -> float:
    """Declining a demanded 【攻击】: 战争饥渴 deals me 1 damage; 霜之哀伤's extra 【攻击】 is only declined."""
    if ctx.pending.get("role") and ctx.world.stack[-1][5]:  # 战争饥渴 (the frame names the skill)
        return -hp_loss(ctx.hp(ctx.seat), 1) - 0.5
    return 0.0


def forced_attack_value(ctx: Context, at: int | None, a: FateAction) -> float:
    """Worth of using the demanded 【攻击】 on ``at``."""
    if at is None:
        return 0.0
    plan = PlayPlan(ctx)
    code = CARD_DEF[a.a].code if a.kind is Kind.USE else "atk"
    v = plan.attack_target_value(at, code, a.a if a.kind in (Kind.USE, Kind.AS) else -1)
    if ctx.world.stack[-1][5]:  # 战争饥渴: attacking spares me the damage
        v = max(v, 0.0) + hp_loss(ctx.hp(ctx.seat), 1) + 0.5 - ctx.retaliation(at, False, True)
    return v


def dispel_gain(ctx: Context, chain: list[dict[str, Any]]) -> float:
    """What adding a 驱散 to ``chain`` is worth: the base use's worth to my side, flipped if it now stands."""
    if not chain:
        return -5.0
    base = chain[0]
    worth = use_worth(ctx, base)
    stands = (len(chain) - 1) % 2 == 0
    return -worth if stands else worth


def use_worth(ctx: Context, u: dict[str, Any]) -> float:
    """What a use (a magic card or a skill) resolving is worth to my side (positive: good for us)."""
    user = u.get("user", -1)
    targets = u.get("targets") or []
    card = u.get("card")
    skill = u.get("skill")
    impact = advice.use_impact(card, skill)
    if impact is None:
        return 0.0
    kind, size = impact
    st_user = ctx.stance[user] if user is not None and user >= 0 else 0.0
    v = 0.0
    if (skill or card) in advice.SELF_DAMAGE and user is not None and user >= 0:
        v = -damage_cost(ctx, 1, user) if user == ctx.seat else ctx.harm_worth(user, 1)
    if skill == "death_coil" and targets and st_user * ctx.stance[targets[0]] > 0:
        kind = "help"  # a hero coils its own side to heal it
    return v + use_worth_of(ctx, u, kind, size, st_user)


def use_worth_of(ctx: Context, u: dict[str, Any], kind: str, size: float, st_user: float) -> float:
    """``use_worth`` of the effect proper."""
    user = u.get("user", -1)
    targets = u.get("targets") or []
    card = u.get("card")
    skill = u.get("skill")
    if kind == "harm":
        if not targets:
            return sum(-ctx.stance[p] * -size for p in range(ctx.n) if ctx.alive[p] and p != user) * 0.5
        v = 0.0
        hurt = advice.DAMAGE_BY.get(skill or card or "")
        for t in harm_reach(ctx, u):
            if hurt is None:
                v += ctx.stance[t] * size
                continue
            amount, avoid = hurt
            if amount < 0:  # 法力虚空: the gap to the hand limit
                amount = max(0, int(ctx.players[t]["hand_limit"]) - int(ctx.players[t]["hand_size"]))
            if t == ctx.seat:
                if avoid is None:
                    lands = 1.0
                elif avoid is Role.NONE:
                    lands = 0.5 if ctx.hand else 1.0
                else:
                    lands = 0.0 if ctx.role_count(avoid) else 1.0
                v -= damage_cost(ctx, amount, user) * lands
            else:
                h = ctx.players[t]["hand_size"]
                lands = 1.0 if avoid is None else (1.0 - 0.25) ** h
                v += ctx.harm_worth(t, amount, lands) + ctx.stance[t] * size * 0.3
        return v
    if kind == "help":
        if not targets:
            return -st_user * size
        return sum(-ctx.stance[t] * size for t in targets)
    if kind == "user":
        return -st_user * size
    return 0.0


def harm_reach(ctx: Context, u: dict[str, Any]) -> list[int]:
    """Whom a harmful use may hurt: its targets, and everyone on 野性之斧's way."""
    targets = list(u.get("targets") or [])
    if u.get("card") == "wildaxe" and targets:
        from ..rules import path_between

        alive = ctx.world.alive
        user = u["user"]
        fwd = path_between(alive, user, targets[0], 1)
        back = path_between(alive, user, targets[0], -1)
        return sorted(set(fwd) | set(back)) if len(fwd) == len(back) else (fwd if len(fwd) < len(back) else back)
    return targets


# ------------------------------------------------------------------------------------------ demands, rescue
def f_demand(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Discard a card of a kind or take the damage: pay with the card when the HP is worth more."""
    p = ctx.pending
    amount = int(p.get("amount") or 1)
    loss = damage_cost(ctx, amount, p.get("source"))
    return [0.0 if a.kind is Kind.PASS else loss - ctx.keep_of(a.a) for a in legal]


def damage_cost(ctx: Context, amount: int, source: Any) -> float:
    """What taking ``amount`` damage costs me (minus the rage it brings)."""
    me = ctx.seat
    cost = hp_loss(ctx.hp(me), amount)
    if ctx.hp(me) - amount <= 0:
        cost = 60.0 if not ctx.own_rescue() else 14.0
    return cost - 0.6 * min(amount, 3 - int(ctx.me["rage"])) - ctx.damage_fate(me, amount)


def f_rescue(ctx: Context, legal: list[FateAction]) -> list[float]:
    """★角色死亡1: save myself always, friends when it matters, never a foe."""
    dying = int(ctx.pending["dying"])
    out = []
    for a in legal:
        if a.kind is Kind.PASS:
            out.append(0.0)
            continue
        cost = ctx.keep_of(a.a) if a.kind is Kind.USE else advice.rescue_skill_cost(ctx, a.a)
        if dying == ctx.seat:
            out.append(50.0 - cost)
        else:
            out.append(rescue_worth(ctx, dying) - cost)
    return out


def rescue_worth(ctx: Context, dying: int) -> float:
    """What keeping ``dying`` alive is worth to my side."""
    st = ctx.stance[dying]
    if ctx.mode == "1v1v1":
        return trio_rescue(ctx, dying)
    doom, _ = ctx.ending(dying)
    if doom > 0.5:
        return 40.0 * doom  # its death ends the game against me
    if st >= -0.2:
        return -10.0 + 30.0 * doom
    return -st * 12.0 + 30.0 * doom


def trio_rescue(ctx: Context, dying: int) -> float:
    """1v1v1: my 下家 dying at my 上家's hand ends the game for the 上家 — save it; else let it go."""
    n = ctx.n
    up = next(((ctx.seat - i) % n for i in range(1, n) if ctx.alive[(ctx.seat - i) % n]), ctx.seat)
    down = next(((ctx.seat + i) % n for i in range(1, n) if ctx.alive[(ctx.seat + i) % n]), ctx.seat)
    killer = _current_killer(ctx, dying)
    if dying == down and killer == up:
        return 20.0
    return -10.0


def _current_killer(ctx: Context, dying: int) -> int:
    for f in reversed(ctx.world.stack):
        if f[0] == 24 and f[1] == dying:  # F.DYING: (kind, dying, source, …)
            return int(f[2])
    return -1


# ------------------------------------------------------------------------------------------ costs and cards
def f_pick_cheapest(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Discards and payments: the card worth least (other options decline)."""
    return [10.0 - ctx.keep_of(a.a) if a.kind is Kind.PICK else -0.5 for a in legal]


def f_discard(ctx: Context, legal: list[FateAction]) -> list[float]:
    """五、弃牌阶段: discard the card worth least in this hand."""
    return [10.0 - ctx.keep_of(a.a) for a in legal]


def f_pay(ctx: Context, legal: list[FateAction]) -> list[float]:
    """A skill's card cost, one card at a time: the cards worth least, as many as the skill wants."""
    p = ctx.pending
    skill = p.get("skill") or ""
    paid = [CARD_BY_NAME[c] for c in p.get("paid") or []]
    want = advice.pay_count(ctx, skill, paid)
    out = []
    for a in legal:
        if a.kind is Kind.DONE:
            out.append(5.0 if len(paid) >= want else -5.0)
        elif a.kind is Kind.PICK:
            out.append(advice.pay_pick(ctx, skill, a.a, paid) if len(paid) < want else -6.0)
        else:
            out.append(-10.0)
    return out


def f_skill_target(ctx: Context, legal: list[FateAction]) -> list[float]:
    """A skill's targets: the skill's own wish (foes for harm, friends for help)."""
    p = ctx.pending
    skill = p.get("skill") or ""
    chosen = list(p.get("targets") or [])
    paid = [CARD_BY_NAME[c] for c in p.get("paid") or []]
    return [advice.skill_target(ctx, skill, a.a, chosen, paid) if a.kind is Kind.TARGET
            else advice.skill_done(ctx, skill, chosen, paid) for a in legal]


def f_pair_pick(ctx: Context, legal: list[FateAction]) -> list[float]:
    """The cards of a two-card conversion: the planned pair (two 【攻击】 for 散夜对剑), else the cheapest."""
    rule = ctx.pending.get("rule") or ""
    planned = pair_cards(ctx, rule) if rule else []
    return [(20.0 if a.a in planned else 10.0 - ctx.keep_of(a.a)) for a in legal]


def f_zone(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Which of a hero's zones to take from (缴械, 贪婪, 霜冻护甲): what hurts them or helps me most."""
    p = ctx.pending
    victim = int(p.get("victim", -1))
    purpose = p.get("purpose")
    w = ctx.world
    out = []
    for a in legal:
        if a.a == 0:
            h = ctx.players[victim]["hand_size"]
            out.append((2.0 if purpose == "greed" else 1.0) * min(h, 2 if purpose == "greed" else 1) * 2.6)
        else:
            c = w.weapon[victim] if a.a == 1 else w.armour[victim]
            v = equip_value(c, ctx.hero_type(victim), sum(ctx.alive)) if c >= 0 else 0.0
            if purpose == "greed" or purpose == "disarm" and w.stack[-1][4]:
                v = max(v, equip_gain(ctx, c, ctx.seat)) if c >= 0 else 0.0
            out.append(v)
    return out


def f_name(ctx: Context, legal: list[FateAction]) -> list[float]:
    """月神之箭: name the colour (suit) the target is least likely to hold."""
    unseen = ctx.unseen
    out = []
    for a in legal:
        if a.kind is Kind.COLOR:
            share = red_share(unseen)
            out.append(1.0 - (share if a.a == 0 else 1.0 - share))
        else:
            share = sum(1 for c in unseen if CARD_SUIT[c] == a.a) / max(1, len(unseen))
            out.append(1.0 - share)
    return out


def f_chakra(ctx: Context, legal: list[FateAction]) -> list[float]:
    """查克拉: always guess (a wrong guess costs nothing), the colour most of the unseen cards have."""
    share = red_share(ctx.unseen)
    return [share if a.kind is Kind.COLOR and a.a == 0 else 1.0 - share if a.kind is Kind.COLOR else -1.0
            for a in legal]


def f_take_best(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Take the card worth most (能量转移)."""
    return [base_keep(a.a) + (2.0 if CARD_DEF[a.a].is_equipment and equip_gain(ctx, a.a, ctx.seat) > 1 else 0.0)
            for a in legal]


def f_dir(ctx: Context, legal: list[FateAction]) -> list[float]:
    """野性之斧's direction when both ways are equally long: the way through more foes."""
    f = ctx.world.stack[-1]
    paths = (f[3], f[4])
    return [sum(ctx.harm_worth(k, 1, 1 - ctx.dodge_chance(k)) for k in paths[a.a] if k != ctx.seat)
            for a in legal]


def f_reward(ctx: Context, legal: list[FateAction]) -> list[float]:
    """★角色死亡3: two cards, unless an identity left unknown is worth more (a lone unknown among many)."""
    out = []
    unknown = [p for p in range(ctx.n) if ctx.alive[p] and p != ctx.seat and ctx.players[p]["identity"] is None]
    for a in legal:
        if a.kind is Kind.DRAW:
            out.append(5.0)
        else:
            st = abs(ctx.stance[a.a])
            out.append(3.0 + (1.0 - st) * 2.5 if len(unknown) >= 2 else 0.0)
    return out


def f_hero(ctx: Context, legal: list[FateAction]) -> list[float]:
    """二、挑选英雄 and the 1v1 draft: the strongest hero."""
    duel = ctx.mode == "1v1"
    stage = ctx.pending.get("stage")
    out = []
    for a in legal:
        code = HEROES[a.a].code
        v = hero_value(code, duel)
        if ctx.frame == "rotate_ask":
            bench = (ctx.view.get("draft") or {}).get("bench_hp") or {}
            v = 2.0 * bench.get(code, 4) + 0.3 * v
        elif stage == "starter":
            v += 0.0
        out.append(v)
    return out


def f_cast(ctx: Context, legal: list[FateAction]) -> list[float]:
    """一、施法阶段: cast when the coming turn makes it worth its card (see ``advice.cast_worth``)."""
    return [0.0 if a.kind is Kind.PASS else advice.cast_worth(ctx, ctx.world.skills_of(ctx.seat)[a.a].code)
            for a in legal]


def f_draw_ask(ctx: Context, legal: list[FateAction]) -> list[float]:
    """三、摸牌阶段 alternatives (无敌斩, 辉煌光环)."""
    return [0.0 if a.kind is Kind.PASS else advice.draw_skill_worth(ctx, ctx.world.skills_of(ctx.seat)[a.a].code)
            for a in legal]


def f_roshan(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Roshan附体: reveal when the cards it brings outweigh being everyone's target."""
    others = sum(ctx.alive) - 1
    hp = ctx.hp(ctx.seat)
    reveal = hp >= 3 and (others <= 3 or hp >= int(ctx.me["max_hp"]) and others <= 4)
    return [(1.0 if reveal else -1.0) if a.kind is Kind.YES else 0.0 for a in legal]


def f_ask(ctx: Context, legal: list[FateAction]) -> list[float]:
    """A skill's own decision: the skill's advice."""
    f = ctx.world.stack[-1]
    code, stage, data = f[2], f[3], f[4]
    return [advice.ask(ctx, code, stage, data, a) for a in legal]


def f_give(ctx: Context, legal: list[FateAction]) -> list[float]:
    """Strengthened 贪婪: give the target my least useful card."""
    return [10.0 - ctx.keep_of(a.a) for a in legal]


def f_extra_cost(ctx: Context, legal: list[FateAction]) -> list[float]:
    """冰霜禁制's extra card: the cheapest of the same name."""
    return [10.0 - ctx.keep_of(a.a) for a in legal]


FRAMES = {
    "play": f_play, "build": f_build, "reply": f_reply, "demand": f_demand, "rescue_ask": f_rescue,
    "discard": f_discard, "pay": f_pay, "skill_target": f_skill_target, "pair_pick": f_pair_pick,
    "zone_ask": f_zone, "name_ask": f_name, "chakra_ask": f_chakra, "transport_ask": f_take_best,
    "dir_ask": f_dir, "reward_ask": f_reward, "pick_hero": f_hero, "draft_ask": f_hero, "rotate_ask": f_hero,
    "cast_ask": f_cast, "draw_ask": f_draw_ask, "roshan_ask": f_roshan, "ask": f_ask, "give_ask": f_give,
    "viper_ask": f_discard, "extra_cost": f_extra_cost,
}
"""Frame name (``view.pending.frame``) → its scorer."""

__all__ = ["CARD_NAME", "CARD_RANK", "Context", "FateHeuristic", "Suit"]
