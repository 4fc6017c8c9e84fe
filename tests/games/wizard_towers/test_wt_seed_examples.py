"""The seed's worked examples (seed 000 · 特殊牌1–5 and 伤害计算及牌去处2), with the seed's own numbers.

Each example is checked twice: on the pure arithmetic (``rules.resolve_battle``) and through a whole game
position, where the seed's 甲 is orange attacking and 乙 is blue defending.
"""

from __future__ import annotations

from wt_support import BLUE, ORANGE, PURPLE, c, names, of_kind, phase, play, said, start, stop_drawing

from tablecraft.games.wizard_towers.rules import ATTACK, DEFENCE, NOBODY, Special, card_value, resolve_battle


def _duel(orange: list[str], blue: list[str], **options: object) -> object:
    """Orange (甲) to act with ``orange`` in hand, blue (乙) holding ``blue``; start draws declined."""
    s = start({"hands": {"orange": orange, "blue": blue}}, **options)
    stop_drawing(s)
    assert phase(s) == "ACTION"
    return s


def test_card_values_are_those_of_the_seeds_examples() -> None:
    cards = c("AS", "2H", "10C", "JD", "QS", "KH", "JKR", "JKB")
    assert [card_value(x) for x in cards] == [1, 2, 10, 11, 12, 13, 15, 15]


# --------------------------------------------------------------------------------------- 特殊牌1: the Joker
def test_joker_beats_spade_king_by_three_in_the_arithmetic() -> None:
    out = resolve_battle(c("JKR"), 0, c("KS"), 0)
    assert (out.loser, out.damage) == (DEFENCE, 3)
    assert out.bonus == (1, 0)
    assert out.explain() == "15 (JKR) + 1 (Joker beats any suit) − 13 (KS) = 3"


def test_joker_attack_on_spade_king_costs_the_defender_three_hp() -> None:
    s = _duel(["JKR"], ["KS"])
    events = play(s, "attack blue", "play JKR", "play KS")
    assert s.hp == [100, 97, 150]
    [dmg] = of_kind(events, "damage")
    assert dmg == {
        "seat": BLUE,
        "amount": 3,
        "source": "battle",
        "terms": [[15, "JKR"], [1, "bonus:JKR"], [-13, "KS"]],
        "hp": 97,
    }
    assert said(events, "damage") == [
        "blue (warrior) takes 3 battle damage: 15 (JKR) + 1 (Joker beats any suit) − 13 (K♠) = 3 (HP 97)"]
    assert said(events, "damage", "zh") == ["蓝（勇士） 受到战斗伤害 3 点：15（大王）+ 1（王牌克制任意花色）− 13（K♠）= 3（剩 97）"]


# ------------------------------------------------------------------------------------ 特殊牌2: ♠A assassination
def test_spade_ace_and_two_against_club_five_in_the_arithmetic() -> None:
    out = resolve_battle(c("AS", "2D"), 0, c("5C"), 0)
    assert (out.loser, out.damage) == (ATTACK, 1)
    assert out.explain() == "5 (5C) − 1 (AS) − 2 (2D) − 1 (♠ suit bonus) = 1"
    assert (out.special, out.special_side, out.special_damage) == (Special.ASSASSINATION, ATTACK, 4)


def test_spade_ace_attacker_takes_one_and_the_defender_takes_four_special() -> None:
    s = _duel(["AS", "2D"], ["5C"])
    events = play(s, "attack blue", "play AS", "play 2D", "lead 1", "play 5C")
    assert s.hp == [99, 96, 150]
    dmg = of_kind(events, "damage")
    assert [(d["seat"], d["amount"], d["source"]) for d in dmg] == [
        (ORANGE, 1, "battle"),
        (BLUE, 4, "assassination"),
    ]
    assert said(events, "damage") == [
        "orange (warrior) takes 1 battle damage: 5 (5♣) − 1 (A♠) − 2 (2♦) − 1 (♠ suit bonus) = 1 (HP 99)",
        "blue (warrior) takes 4 ♠A assassination damage: 3 × 1.5 rounded down = 4 "
        "(its side's face total 3 is below 5; HP 96)",
    ]


# ---------------------------------------------------------------------------------------- 特殊牌3: ♥A supply
def test_heart_ace_and_eight_against_spade_king_in_the_arithmetic() -> None:
    out = resolve_battle(c("AH", "8D"), 0, c("KS"), 0)
    assert (out.loser, out.damage) == (ATTACK, 3)
    assert out.explain() == "13 (KS) − 1 (AH) − 8 (8D) − 1 (♥ suit bonus) = 3"
    assert (out.special, out.special_side, out.heal) == (Special.SUPPLY, ATTACK, 13)


def test_heart_ace_attacker_takes_three_then_heals_thirteen() -> None:
    s = _duel(["AH", "8D"], ["KS"])
    events = play(s, "attack blue", "play AH", "play 8D", "lead 1", "play KS")
    assert s.hp == [110, 100, 150]
    assert [(d["seat"], d["amount"]) for d in of_kind(events, "damage")] == [(ORANGE, 3)]
    assert [(h["seat"], h["amount"], h["card"], h["hp"]) for h in of_kind(events, "healed")] == [
        (ORANGE, 13, "KS", 110)]
    assert said(events, "healed") == [
        "orange (warrior) heals 13 (♥A supply: the largest card on the board, K♠, is 13; HP 110)"]
    kinds = [e.kind for e in events]
    assert kinds.index("damage") < kinds.index("healed")  # 战斗伤害结算后 … 获得生命


# --------------------------------------------------------------------------------------- 特殊牌4: ♣A archery
def test_club_ace_and_two_against_spade_five_in_the_arithmetic() -> None:
    out = resolve_battle(c("AC", "2D"), 0, c("5S"), 0)
    assert (out.loser, out.damage, out.immune) == (ATTACK, 3, True)
    assert out.explain() == "5 (5S) + 1 (♠ suit bonus) − 1 (AC) − 2 (2D) = 3"
    assert (out.special, out.special_side, out.special_damage) == (Special.ARCHERY, ATTACK, 2)


def test_club_ace_attacker_is_immune_to_three_and_deals_two() -> None:
    s = _duel(["AC", "2D"], ["5S"])
    events = play(s, "attack blue", "play AC", "play 2D", "lead 1", "play 5S")
    assert s.hp == [100, 98, 150]
    assert [(d["seat"], d["amount"]) for d in of_kind(events, "immune")] == [(ORANGE, 3)]
    [dmg] = of_kind(events, "damage")
    assert (dmg["seat"], dmg["amount"], dmg["source"], dmg["base"]) == (BLUE, 2, "archery", 3)
    assert said(events, "immune") == [
        "orange (warrior) is immune to 3 damage (♣A archery: its side's face total 3 is below 5): "
        "5 (5♠) + 1 (♠ suit bonus) − 1 (A♣) − 2 (2♦) = 3"]
    assert "3 ÷ 2 rounded up = 2" in said(events, "damage")[0]
    # 但是牌依然要进废品包裹: the archer's cards are junked all the same.
    assert names(s.junk) == ["AC", "2D"]
    assert names(s.hands[BLUE]) == ["5S"]  # 5 > 3: the defender's card goes back


# ---------------------------------------------------------------------------------- 特殊牌5: ♦A arcane swap
def test_diamond_ace_against_joker_and_heart_four_in_the_arithmetic() -> None:
    for defence, joker_at in ((c("JKR", "4H"), 0), (c("4H", "JKR"), 1)):
        out = resolve_battle(c("AD", "8C"), 0, defence, 0)
        assert (out.loser, out.damage) == (ATTACK, 11)
        assert out.leads == (0, joker_at)  # the Joker leads even when the other card was chosen
        assert out.bonus == (0, 1)  # only the Joker's +1; no ♦-over-♥ bonus (gap 0-14)
        assert (out.special, out.special_side) == (Special.ARCANE_SWAP, ATTACK)
        assert out.swap == (1, joker_at)  # each side's largest card: ♣8 and the Joker
    out = resolve_battle(c("AD", "8C"), 0, c("JKR", "4H"), 0)
    assert out.explain() == "15 (JKR) + 4 (4H) + 1 (Joker beats any suit) − 1 (AD) − 8 (8C) = 11"
    assert out.junked == ((0, 1), (1,))


def test_diamond_ace_attacker_takes_eleven_and_then_owns_the_joker() -> None:
    s = _duel(["AD", "8C"], ["JKR", "4H"])
    events = play(s, "attack blue", "play AD", "play 8C", "lead 1", "play JKR", "play 4H",
                  "lead 1")
    assert s.hp == [89, 100, 150]
    assert "15 (JKR) + 4 (4♥) + 1 (Joker beats any suit) − 1 (A♦) − 8 (8♣) = 11" in said(events, "damage")[0]
    assert names(s.hands[ORANGE]) == ["JKR"]
    assert s.hands[BLUE] == []
    assert set(names(s.junk)) == {"AD", "8C", "4H"}  # ♣8 went to blue but is junked (8 ≤ 19)


# ------------------------------------------------------------------------ 伤害计算及牌去处2: the junk example
def test_king_and_ace_against_tower_jack_junk_ace_and_jack_in_the_arithmetic() -> None:
    out = resolve_battle(c("KH", "AD"), 0, c("JS"), 0)
    assert out.raw == (14, 11)
    assert out.junked == ((1,), (0,))  # A (1 ≤ 11) and J (11 ≤ 14) go; K (13 > 11) stays
    assert out.special is None  # no ace fires: the K leads, and its side is not the lower one anyway


def test_king_and_ace_against_tower_jack_send_ace_and_jack_to_junk_and_king_home() -> None:
    s = start(
        {"hands": {"orange": ["KH", "AD"]}, "towers": {"left": ["JS"], "right": ["2S"], "main": ["3S"]}}
    )
    stop_drawing(s)
    play(s, "attack left", "play KH", "play AD", "lead 1")
    assert s.current_player() == PURPLE  # the wizard must defend the tower with its card
    events = play(s, "play left#1")
    assert names(s.junk) == ["AD", "JS"]
    assert names(s.hands[ORANGE]) == ["KH"]
    assert s.towers[0] == []
    assert s.hp == [100, 100, 150]  # the left tower takes no damage
    assert of_kind(events, "tower_unharmed")[0]["amount"] == 15 - 11  # K+A, +1 ♥ over ♠, − J
    assert said(events, "tower_unharmed") == [
        "The left tower takes no damage: a side tower loses no HP, so 13 (K♥) + 1 (A♦) + 1 (♥ suit bonus) "
        "− 11 (J♠) = 4 is void"]


def test_ties_report_no_damage_and_both_totals() -> None:
    out = resolve_battle(c("7D"), 0, c("7C"), 0)
    assert (out.loser, out.damage) == (NOBODY, 0)
    assert out.explain() == "7 (7D) = 7 (7C): no damage"
