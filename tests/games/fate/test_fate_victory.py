"""Seed 004 · 胜利条件: the two factions, the eight fate cards, neutral priority, two neutrals, 反噬的傀儡."""

from __future__ import annotations

import random
from typing import Any

from fate_support import act, deciding, legal, of_kind, start

import tablecraft

HEROES = ["axe", "troll_warlord", "ursa", "sacred_warrior", "lord_of_avernus", "twin_head_dragon", "centaur"]
"""Heroes with HP 4 (centaur 5) and no say in anybody's death (no rescue, no death or damage skill)."""


def table(identities: list[str], *, killer: int = 0, fate: str | None = None, **setup: Any) -> Any:
    """``killer``'s play phase; it holds an 【攻击】 and 鹰角弓 (range 4), nobody else holds a card."""
    n = len(identities)
    hands = setup.pop("hands", [[] for _ in range(n)])
    hands[killer] = ["atk:AS", *hands[killer]]
    weapon: list[str | None] = [None] * n
    weapon[killer] = "eaglehorn:10S"
    others = iter(HEROES[1:])
    heroes = ["axe" if p == killer else next(others) for p in range(n)]
    extra: dict[str, Any] = {"fate": fate} if fate else {}
    return start(heroes, identities=identities, hands=hands, weapon=weapon, turn_seat=killer, **extra, **setup)


def kill(s: Any, target: int, card: str = "atk:AS") -> list[dict[str, Any]]:
    """The hero to play uses its 【攻击】 on ``target`` (at 1 HP, no card in hand, nobody able to save it)."""
    events = act(s, f"use {card}", f"target {target}")
    while not s.is_terminal() and deciding(s)[1] in ("reply", "rescue_ask"):
        events += act(s, "pass")
    return events


def over(s: Any) -> tuple[list[int], list[float]]:
    assert s.is_terminal()
    return s.winners(), s.returns()


S, C, N = "sentinel", "scourge", "neutral"


# ------------------------------------------------------------------------------------------ the factions
def test_sentinel_win_when_every_scourge_is_dead_and_dead_sentinels_win_too() -> None:
    s = table([S, C, S, C], hp=[4, 1, 0, 0])
    kill(s, 1)
    assert over(s) == ([0, 2], [1.0, -1.0, 1.0, -1.0])
    assert s.view(None)["end_reason"] == "victory"
    assert of_kind(s.log(None), "game_over") == [{"kind": "game_over", "winners": [0, 2], "reason": "victory",
                                                   "identities": [0, 1, 0, 1]}]


def test_scourge_win_when_every_sentinel_is_dead_and_dead_scourges_win_too() -> None:
    s = table([S, C, S, C], killer=1, hp=[0, 3, 1, 0])
    kill(s, 2)
    assert over(s) == ([1, 3], [-1.0, 1.0, -1.0, 1.0])


def test_a_faction_with_a_member_alive_on_each_side_has_not_won() -> None:
    s = table([S, C, S, C, S], hp=[4, 1, 4, 3, 3])
    kill(s, 1)
    assert not s.is_terminal()
    assert deciding(s) == (0, "reward_ask")


def test_every_identity_is_shown_when_the_game_ends() -> None:
    s = table([S, C, S, C], hp=[4, 1, 3, 0])
    kill(s, 1)
    assert [p["identity"] for p in s.view(None)["players"]] == [S, C, S, C]


# ------------------------------------------------------------------------------------------ the fate cards
def test_shadow_punisher_wins_alone_when_every_scourge_is_dead_instead_of_the_sentinel() -> None:
    s = table([S, C, N, S, C], fate="shadow_punisher", hp=[4, 1, 3, 3, 0])
    kill(s, 1)
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_holy_conqueror_wins_alone_when_every_sentinel_is_dead_instead_of_the_scourge() -> None:
    s = table([S, C, N, S, C], killer=1, fate="holy_conqueror", hp=[0, 3, 3, 1, 4])
    kill(s, 3)
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_spreading_plague_wins_when_both_opening_neighbours_are_dead() -> None:
    # 1 died earlier, so 0 and 3 sit beside the neutral now; its opening neighbours are 1 and 3 (gap 4-10)
    s = table([S, C, N, S, C], fate="plague", hp=[4, 0, 3, 1, 4])
    kill(s, 3)
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_spreading_plague_needs_both_neighbours_dead() -> None:
    s = table([S, C, N, S, C], fate="plague", hp=[4, 3, 3, 1, 4])
    kill(s, 3)
    assert not s.is_terminal()


def test_game_of_fate_wins_when_exactly_three_remain_one_of_each_faction() -> None:
    s = table([S, C, N, S, C], fate="game_of_fate", hp=[4, 3, 3, 0, 1])
    kill(s, 4)
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_game_of_fate_needs_the_three_factions_among_the_three_left() -> None:
    s = table([S, C, N, S, C, S], fate="game_of_fate", hp=[4, 3, 3, 0, 1, 3])
    kill(s, 4)  # three left would be 0, 1, 2 … but 5 lives too
    assert not s.is_terminal()
    s = table([S, C, N, S, C], fate="game_of_fate", hp=[4, 1, 3, 3, 0])
    kill(s, 1)  # 0, 2, 3 left: 近卫, 中立, 近卫 — and the 天灾 are wiped out
    assert over(s)[0] == [0, 3]


def test_puppet_of_backfire_wins_instead_of_its_next_seat() -> None:
    # the neutral (2) sits before 3, a sentinel; the sentinel side wins, so the neutral wins instead
    s = table([S, C, N, S, C], fate="puppet", hp=[4, 1, 3, 3, 0])
    kill(s, 1)
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_puppet_of_backfire_does_nothing_when_its_next_seat_loses() -> None:
    s = table([S, C, N, S, C], killer=1, fate="puppet", hp=[0, 3, 3, 1, 4])
    kill(s, 3)
    assert over(s) == ([1, 4], [-1.0, 1.0, -1.0, -1.0, 1.0])


def test_a_dead_puppet_cannot_take_the_win() -> None:
    s = table([S, C, N, S, C], fate="puppet", hp=[4, 1, 0, 3, 0])
    kill(s, 1)
    assert over(s)[0] == [0, 3]


def test_summoner_of_death_wins_once_every_other_hero_is_at_two_hp_or_less() -> None:
    s = table([S, C, N, S, C], fate="death_summoner", hp=[2, 3, 4, 2, 2], hands=[[], ["dodge:6H"], [], [], []])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "reply")
    act(s, "pass")
    assert over(s)[0] == [2]


def test_summoner_of_death_is_checked_only_between_resolutions() -> None:
    # 3 takes the 【攻击】 and falls to 2: every other hero is now at 2 HP or less, but only once the 【攻击】 has
    # resolved does the fate count — and 吸血 heals 骷髅王 back to 3 before that
    s = start(["skeleton_king", "lich", "troll_warlord", "elf_lily", "ursa"], identities=[S, C, N, S, C],
              fate="death_summoner", hp=[2, 2, 4, 3, 2], hands=[["atk:AS"], [], [], [], []],
              weapon=["eaglehorn:10S", None, None, None, None], deck=["salve:AH"])
    act(s, "use atk:AS", "target 3")
    assert not s.is_terminal()
    assert [p["hp"] for p in s.view(None)["players"]] == [3, 2, 4, 2, 2]
    assert deciding(s) == (0, "play")


def test_paranoid_mathematician_is_checked_only_between_resolutions() -> None:
    # 混乱攻击 kills 1 (the only even rage): at that death every living rage is odd, but the attacker's +1 rage
    # comes within the same 【攻击】, before the fate is looked at
    s = table([S, C, N, S, C], fate="mathematician", rage=[1, 0, 1, 1, 3], hp=[4, 1, 3, 3, 3],
              hands=[["chaos:AS"], [], [], [], []])
    act(s, "use chaos:AS", "target 1")
    while deciding(s)[1] in ("reply", "rescue_ask"):
        s.apply("pass")
    act(s, "draw")
    assert not s.is_terminal()
    assert [p["rage"] for p in s.view(None)["players"]] == [2, 1, 1, 1, 3]


def test_paranoid_mathematician_wins_when_every_living_heros_rage_is_odd() -> None:
    s = table([S, C, N, S, C], fate="mathematician", rage=[1, 0, 1, 1, 3], hp=[4, 3, 3, 3, 3])
    act(s, "use atk:AS", "target 1")
    assert over(s)[0] == [2]


def test_paranoid_mathematician_counts_the_neutrals_own_rage() -> None:
    s = table([S, C, N, S, C], fate="mathematician", rage=[1, 0, 2, 1, 3], hp=[4, 3, 3, 3, 3])
    act(s, "use atk:AS", "target 1")
    assert not s.is_terminal()


def test_paranoid_mathematician_is_not_met_at_the_start_with_no_rage() -> None:
    s = table([S, C, N, S, C], fate="mathematician")
    act(s, "pass")
    assert not s.is_terminal()


# ------------------------------------------------------------------------------------------ Roshan附体
def roshan_table(**setup: Any) -> Any:
    deck = ["dodge:6H", "dodge:6H#2", "dodge:7H", "dodge:7H#2", "dodge:8H", "dodge:8H#2", "dodge:2D", "dodge:3D",
            "dodge:4D", "dodge:5D", "dodge:9D"]
    return start(["axe", "lich", "troll_warlord", "elf_lily", "ursa"], identities=[S, C, N, S, C], fate="roshan",
                 start="turn", deck=deck, **setup)


def test_roshan_may_be_revealed_at_the_start_of_its_own_turn_only() -> None:
    s = roshan_table(turn_seat=1, hands=[[], ["salve:AH"], [], [], []])
    assert deciding(s) == (1, "roshan_ask") and legal(s) == {"no"}  # everybody is asked; only a neutral may
    s = roshan_table(turn_seat=2)
    assert deciding(s) == (2, "roshan_ask") and legal(s) == {"yes", "no"}
    act(s, "no")
    assert s.view(None)["roshan"] is None and s.view(None)["players"][2]["identity"] is None


def test_revealing_roshan_draws_x_at_once_then_x_more_per_draw_and_raises_the_hand_limit() -> None:
    s = roshan_table(turn_seat=2, hp=[4, 3, 4, 0, 3])  # X = 3 other living heroes
    events = act(s, "yes")
    assert [(e["seat"], e["count"]) for e in of_kind(events, "drew")] == [(2, 3), (2, 2 + 3)]
    assert of_kind(events, "roshan") == [{"kind": "roshan", "seat": 2, "identity": 2}]
    v = s.view(None)
    assert v["roshan"] == 2 and v["players"][2]["identity"] == N
    assert v["players"][2]["hand_size"] == 8 and v["players"][2]["hand_limit"] == 4 + 3
    act(s, "pass")
    assert deciding(s) == (2, "discard")  # 8 cards over a limit of 7
    act(s, "pick dodge:6H")
    assert deciding(s)[0] == 4


def test_after_the_reveal_the_factions_cannot_win_and_roshan_wins_by_killing_everyone_else() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily", "ursa"], identities=[S, C, N, S, C], fate="roshan",
              hp=[0, 0, 4, 1, 1], hands=[[], [], ["frenzy:AD", "atk:AS", "atk:2S"], [], []],
              weapon=[None, None, "eaglehorn:10S", None, None], start="turn", turn_seat=2,
              deck=["dodge:6H", "dodge:7H", "dodge:8H", "dodge:8H#2"])
    act(s, "yes", "use frenzy:AD")  # 狂热: any number of 【攻击】 this turn
    while deciding(s)[1] in ("reply", "rescue_ask"):  # nobody dispels it
        s.apply("pass")
    kill(s, 4)  # the last scourge dies: no 近卫 victory while Roshan stands
    assert not s.is_terminal()
    act(s, "draw")
    kill(s, 3, "atk:2S")
    assert over(s) == ([2], [-1.0, -1.0, 1.0, -1.0, -1.0])


def test_when_a_revealed_roshan_dies_every_other_hero_wins() -> None:
    s = roshan_table(turn_seat=2, hp=[4, 3, 1, 3, 3], hands=[[], [], [], ["atk:AS"], []],
                     weapon=[None, None, None, "eaglehorn:10S", None])
    act(s, "yes")
    while deciding(s) != (3, "play"):
        s.apply("pass" if "pass" in legal(s) else sorted(legal(s))[0])
    kill(s, 2)
    assert over(s) == ([0, 1, 3, 4], [1.0, 1.0, -1.0, 1.0, 1.0])


def test_an_unrevealed_roshan_lets_the_factions_win() -> None:
    s = table([S, C, N, S, C], fate="roshan", hp=[4, 1, 3, 3, 0])
    kill(s, 1)
    assert over(s)[0] == [0, 3]


# ------------------------------------------------------------------------------------------ priority
def test_a_neutral_fate_met_by_the_same_death_as_a_faction_win_takes_priority() -> None:
    # the last scourge (1) is also the neutral's opening neighbour: 蔓延的瘟疫 beats the 近卫 win
    s = table([S, C, N, C, S], fate="plague", hp=[4, 1, 3, 0, 3])
    kill(s, 1)
    assert over(s)[0] == [2]


def test_two_neutrals_meeting_their_fate_together_the_first_from_the_current_hero_wins() -> None:
    ids = [S, C, N, S, C, N]
    s = table(ids, fate="shadow_punisher", hp=[4, 1, 3, 3, 0, 3])
    kill(s, 1)  # seat 0's turn: 2 comes before 5
    assert over(s)[0] == [2]
    s = table(ids, killer=3, fate="shadow_punisher", hp=[4, 1, 3, 3, 0, 3])
    kill(s, 1)  # seat 3's turn: 5 comes before 2
    assert over(s)[0] == [5]


def test_the_current_hero_counts_first_among_two_neutrals() -> None:
    ids = [S, C, N, S, C, N]
    s = table(ids, killer=5, fate="shadow_punisher", hp=[4, 1, 3, 3, 0, 3])
    kill(s, 1)
    assert over(s)[0] == [5]


def test_a_dead_neutral_cannot_complete_its_fate() -> None:
    s = table([S, C, N, S, C], fate="shadow_punisher", hp=[4, 1, 0, 3, 0])
    kill(s, 1)
    assert over(s)[0] == [0, 3]


def test_the_seats_of_a_side_win_and_lose_together_in_every_mode() -> None:
    # Game.sides (the lab's quality metrics read it): factions, a neutral alone, a revealed Roshan against all
    for seats in (2, 3, 4, 5, 8):
        game = tablecraft.load("fate", num_seats=seats)
        for seed in range(6):
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_unchecked(rng.choice(state.legal_actions()))
            sides, winners = game.sides(state), state.winners()
            assert sides == [sides.index(label) for label in sides]  # each side named by its lowest seat
            assert winners == [s for s in range(seats) if sides[s] in {sides[w] for w in winners}], (seats, seed)
