"""What things are worth to the fate bot: cards kept in hand, equipment worn, a point of HP, a hero card.

Numbers are on one scale, roughly "a card in hand ≈ 3, a point of HP in the open ≈ 4–5, the last point ≈ the
game". They are data an experienced player would agree with, not fitted: 闪避 and 治疗药膏 are the replies worth
keeping, a second copy of a reply is worth less than the first, a weapon is worth its range and its ability for
this hero, and a hero's draft value is its strength at the table.
"""

from __future__ import annotations

from ..content import CARD_DEF, CARD_TYPES, HEROES, IS_RED, CardKind, HeroType

KEEP: dict[str, float] = {
    "dodge": 4.6, "salve": 5.0, "dispel": 3.8, "atk": 3.2, "fire": 3.1, "chaos": 3.5,
    "frenzy": 1.6, "mislead": 1.4, "chakra": 3.0, "wildaxe": 3.0, "disarm": 2.6, "arrow": 3.0, "transport": 1.8,
    "greed": 3.6, "siren": 4.2, "might": 3.2, "viper": 3.8, "timelock": 3.8, "sunder": 3.0, "laguna": 4.8,
}
"""How much a card is worth in hand, by card code (the first copy; equipment is valued by ``equip_value``)."""

REPEAT: dict[str, float] = {"dodge": 0.72, "salve": 0.85, "dispel": 0.6, "atk": 0.55, "fire": 0.55, "chaos": 0.55}
"""Each further copy of a reply or an attack in hand is worth this share of the one before (one 【攻击】 a turn)."""

WEAPON: dict[str, float] = {
    "skadi": 6.0, "claws": 5.0, "relic": 5.2, "demon": 4.4, "diffusal": 4.6, "lothar": 6.4, "desolator": 5.6,
    "sny": 6.0, "plunder": 4.2, "staff": 3.8, "eaglehorn": 4.4, "quelling": 4.6,
}
"""A weapon's ability, before its range and the hero's attribute (掠夺之斧/神秘法杖/鹰角弓 grow with the
attribute they serve)."""
TYPED_WEAPON: dict[str, tuple[HeroType, float]] = {
    "plunder": (HeroType.STRENGTH, 2.0), "staff": (HeroType.INTELLIGENCE, 1.6), "eaglehorn": (HeroType.AGILITY, 3.0),
}
ARMOUR: dict[str, float] = {"ring": 6.6, "blademail": 4.6, "boots": 4.8, "cloak": 4.6, "talisman": 6.2}

HERO_TIER: dict[str, float] = {
    # strong all-rounders and burst (a draft picks these first)
    "anti_mage": 8.6, "juggernaut": 8.4, "troll_warlord": 8.2, "lich": 8.3, "ursa": 8.0, "slayer": 8.0,
    "centaur": 8.1, "skeleton_king": 7.9, "bristleback": 7.6, "lord_of_avernus": 7.7, "storm_spirit": 7.8,
    "sacred_warrior": 7.3, "axe": 7.5, "dwarven_sniper": 7.5, "twin_head_dragon": 7.6, "nerubian_assassin": 7.2,
    "vengeful_spirit": 7.0, "gorgon": 7.0, "lightning_revenant": 7.2, "weaver": 7.0, "keeper": 7.3,
    "shadow_priest": 7.1, "elf_lily": 7.0, "enchantress": 7.2, "chen": 6.8, "dragon_knight": 7.0,
    "ogre_magi": 6.8, "crystal_maiden": 6.6, "necrolyte": 6.4, "bloodseeker": 6.8, "omniknight": 6.8,
    "goblin_techies": 6.5, "guardian_knight": 6.5,
}
"""Draft value of each hero (higher = stronger); ``hero_value`` adds its HP and hand limit where they count."""
TEAM_HEROES = frozenset({"omniknight", "guardian_knight", "shadow_priest", "elf_lily", "enchantress", "keeper",
                         "crystal_maiden"})
"""Heroes whose skills serve a team: worth less when there is nobody to help (1v1)."""


def keep_values(hand: list[int]) -> dict[int, float]:
    """Each hand card's worth in this hand: later copies of a reply or an attack are worth less (a card to be
    discarded or paid should be the one with the least worth)."""
    out: dict[int, float] = {}
    seen: dict[str, int] = {}
    for c in sorted(hand, key=lambda c: -base_keep(c)):
        code = CARD_DEF[c].code
        k = seen.get(code, 0)
        seen[code] = k + 1
        out[c] = base_keep(c) * (REPEAT.get(code, 0.8) ** k)
    return out


def base_keep(card: int) -> float:
    """A card's worth in hand, alone."""
    d = CARD_DEF[card]
    if d.is_equipment:
        return 2.4
    return KEEP.get(d.code, 2.5)


def equip_value(card: int, hero_type: int, seats_alive: int) -> float:
    """What wearing ``card`` is worth to a hero of ``hero_type`` (range counts more with more heroes around)."""
    d = CARD_DEF[card]
    if d.kind is CardKind.ARMOUR:
        return ARMOUR.get(d.code, 4.0)
    v = WEAPON.get(d.code, 4.0)
    typed = TYPED_WEAPON.get(d.code)
    if typed is not None and hero_type == typed[0]:
        v += typed[1]
    reach = min(d.range, max(1, seats_alive // 2))
    return v + 0.6 * (reach - 1) + (0.3 * (d.range - 1) if seats_alive > 2 else 0.0)


def hp_point(hp: int) -> float:
    """The worth of the point of HP that would take a hero from ``hp`` to ``hp - 1``."""
    if hp <= 1:
        return 40.0
    if hp == 2:
        return 8.0
    if hp == 3:
        return 5.2
    return 4.2


def hp_loss(hp: int, amount: int) -> float:
    """The worth of losing ``amount`` HP from ``hp``."""
    return sum(hp_point(hp - i) for i in range(max(0, amount)))


def hero_value(code: str, duel: bool) -> float:
    """A hero card's draft value (1v1: every hero has 4 HP and hand 4, team helpers are weaker)."""
    v = HERO_TIER.get(code, 6.5)
    if duel:
        return v - (0.8 if code in TEAM_HEROES else 0.0)
    h = next(x for x in HEROES if x.code == code)
    return v + 0.5 * (h.hp - 3.5) + 0.1 * (h.hand - 4)


def red_share(unseen: list[int]) -> float:
    """Share of red cards among ``unseen`` (card ids): the chance a blind card is red."""
    if not unseen:
        return 0.5
    return sum(1 for c in unseen if IS_RED[c]) / len(unseen)


S_CARDS = frozenset(d.code for d in CARD_TYPES if d.kind is CardKind.SUPER)
