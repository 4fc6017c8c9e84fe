"""Seed 004 · ★角色死亡: the dying window and its rescue round, death, and the killer's reward."""

from __future__ import annotations

from typing import Any

from fate_support import act, deciding, hand, kinds, legal, of_kind, start

HEROES5 = ["axe", "troll_warlord", "lich", "chen", "elf_lily"]
IDS5 = ["sentinel", "scourge", "sentinel", "scourge", "neutral"]


def table(**setup: Any) -> Any:
    """Five heroes; seat 0 (in its play phase) will hit seat 1 with 神之力量 + 【攻击】 for 2 damage."""
    hands = setup.pop("hands", [[], [], [], [], []])
    hands[0] = ["might:QH", "atk:AS", *hands[0]]
    return start(HEROES5, identities=IDS5, fate="plague", rage=[2, 0, 0, 0, 0], hands=hands,
                 deck=["dodge:7H", "dodge:8H", "dodge:8H#2"], **setup)


def strike(s: Any) -> list[dict[str, Any]]:
    """Seat 0: 神之力量 (draws the top card), then a 2-damage 【攻击】 on seat 1, who does not dodge."""
    events = act(s, "use might:QH", "use atk:AS", "target 1")
    if deciding(s) == (1, "reply"):
        events += act(s, "pass")
    return events


def rescue_round(s: Any, plays: dict[int, list[str]] | None = None) -> list[int]:
    """Answer every rescue question (each seat's listed moves, then ``pass``); the seats asked, in order."""
    plays = {k: list(v) for k, v in (plays or {}).items()}
    asked = []
    while deciding(s)[1] == "rescue_ask":
        who = deciding(s)[0]
        asked.append(who)
        moves = plays.get(who, [])
        s.apply(moves.pop(0) if moves else "pass")
    return asked


# ------------------------------------------------------------------------------------------ the rescue round
def test_the_rescue_round_starts_with_the_dying_hero_and_goes_in_turn_order() -> None:
    s = table(hp=[4, 1, 3, 3, 3], hands=[[], ["dodge:6H"], ["salve:AH"], ["salve:2H"], ["salve:3H"]])
    events = strike(s)
    assert of_kind(events, "dying") == [{"kind": "dying", "seat": 1, "hp": -1}]
    assert rescue_round(s) == [1, 2, 3, 4, 0]
    assert not s.view(None)["players"][1]["alive"]


def test_a_hero_may_use_several_salves_in_one_turn_of_the_round() -> None:
    s = table(hp=[4, 1, 3, 3, 3], hands=[[], [], [], ["salve:2H", "salve:3H", "salve:4H"], []])
    strike(s)
    assert deciding(s) == (3, "rescue_ask")
    assert legal(s) == {"pass", "use salve:2H", "use salve:3H", "use salve:4H"}
    act(s, "use salve:2H")
    assert deciding(s) == (3, "rescue_ask") and s.view(None)["players"][1]["hp"] == 0
    events = act(s, "use salve:3H")
    assert s.view(None)["players"][1]["hp"] == 1
    assert of_kind(events, "saved") == [{"kind": "saved", "seat": 1, "hp": 1}]
    assert deciding(s) == (0, "play")  # the round stops at 1 HP; the 【攻击】 is over
    assert hand(s, 3) == ["salve:4H"]


def test_several_heroes_may_share_a_rescue() -> None:
    s = table(hp=[4, 1, 3, 3, 3], hands=[[], ["salve:AH"], [], ["salve:2H"], ["salve:3H"]])
    strike(s)
    asked = rescue_round(s, {1: ["use salve:AH"], 3: ["use salve:2H"]})
    assert asked == [1, 3]  # 1 heals itself to 0 (its hand is then empty); 3 brings it to 1; 4 is never asked
    assert s.view(None)["players"][1]["hp"] == 1 and s.view(None)["players"][1]["alive"]
    assert [e["seat"] for e in of_kind(s.log(None), "healed")] == [1, 1]


def test_a_hero_who_passes_is_not_asked_again_in_that_round() -> None:
    s = table(hp=[4, 1, 3, 3, 3], hands=[[], [], ["salve:AH"], ["salve:2H"], []])
    strike(s)
    asked = rescue_round(s, {3: ["use salve:2H"]})  # 2 passes first; 3's salve is not enough
    assert asked == [2, 3, 0]  # 0 holds the card 神之力量 drew; 2 is not asked again
    assert not s.view(None)["players"][1]["alive"]
    assert hand(s, 2) == ["salve:AH"]


def test_a_hero_who_cannot_heal_is_offered_no_salve_but_the_round_goes_on() -> None:
    s = table(hp=[4, 1, 3, 3, 3], hands=[[], [], ["dodge:6H"], ["salve:2H", "salve:3H"], []])
    strike(s)
    assert deciding(s) == (2, "rescue_ask") and legal(s) == {"pass"}
    assert rescue_round(s, {3: ["use salve:2H", "use salve:3H"]}) == [2, 3, 3]
    assert s.view(None)["players"][1]["hp"] == 1


# ------------------------------------------------------------------------------------------ death
def test_death_resolves_death_skills_first_then_discards_every_card_and_shows_the_identity() -> None:
    s = start(["axe", "troll_warlord", "lich", "necrolyte", "elf_lily"], identities=IDS5, fate="plague",
              hp=[4, 1, 3, 3, 3], rage=[2, 0, 0, 0, 0], hands=[["might:QH", "atk:AS"], ["dodge:6H"], [], [], []],
              weapon=[None, "skadi:JS", None, None, None], armour=[None, "ring:JD", None, None, None],
              status=[[], ["siren:5C"], [], [], []], deck=["dodge:7H", "atk:2S", "atk:3S"])
    strike(s)
    rescue_round(s)
    # 施虐之心 (死灵法师) asks while the dead hero's cards are still in place
    assert deciding(s) == (3, "ask")
    dead = s.view(None)["players"][1]
    assert (dead["alive"], dead["hand_size"], dead["weapon"], dead["status"]) == (False, 1, "skadi:JS", ["siren:5C"])
    events = act(s, "yes")
    assert kinds(events)[:2] == ["drew", "cleared"]
    cleared = of_kind(events, "cleared")[0]
    assert sorted(cleared["cards"]) == ["dodge:6H", "ring:JD", "siren:5C", "skadi:JS"]
    dead = s.view(None)["players"][1]
    assert (dead["hand_size"], dead["weapon"], dead["armour"], dead["status"]) == (0, None, None, [])
    assert {"dodge:6H", "ring:JD", "siren:5C", "skadi:JS"} <= set(s.view(None)["discard"])
    assert all(s.view(p)["players"][1]["identity"] == "scourge" for p in (0, 2, 3, 4, None))
    died = of_kind(s.log(None), "died")
    assert died == [{"kind": "died", "seat": 1, "killer": 0, "identity": 1}]


def test_a_dead_heros_bombs_go_to_the_discard_pile_too() -> None:
    s = start(["axe", "goblin_techies", "lich", "chen", "elf_lily"], identities=IDS5, fate="plague",
              hp=[4, 1, 3, 3, 3], rage=[2, 0, 0, 0, 0], hands=[["might:QH", "atk:AS"], [], [], [], []],
              bombs=[[], ["fire:2D", "fire:8C"], [], [], []], deck=["dodge:7H"])
    for move in ("use might:QH", "use atk:AS", "target 1"):
        while legal(s) == {"no"}:  # 引爆 is asked whenever its owner has bombs (none of the suit here)
            s.apply("no")
        s.apply(move)
    while deciding(s)[1] != "reward_ask":
        s.apply("pass" if "pass" in legal(s) else "no")
    assert not s.view(None)["players"][1]["alive"]
    assert s.view(None)["players"][1]["bombs"] == 0
    assert {"fire:2D", "fire:8C"} <= set(s.view(None)["discard"])


# ------------------------------------------------------------------------------------------ the reward
def test_the_killer_may_draw_two_cards() -> None:
    s = table(hp=[4, 1, 3, 3, 3])
    strike(s)
    rescue_round(s)
    assert deciding(s) == (0, "reward_ask")
    assert legal(s) == {"draw", "look 2", "look 3", "look 4"}
    before = s.view(None)["players"][0]["hand_size"]
    act(s, "draw")
    assert s.view(None)["players"][0]["hand_size"] == before + 2
    assert hand(s, 0) == ["dodge:7H", "dodge:8H", "dodge:8H#2"]
    assert deciding(s) == (0, "play")


def test_the_killer_may_instead_look_at_one_living_heros_identity_seen_only_by_the_killer() -> None:
    s = table(hp=[4, 1, 3, 3, 3])
    strike(s)
    rescue_round(s)
    events = act(s, "look 3")
    assert s.view(0)["players"][3]["identity"] == "scourge"
    for seat in (4, None):  # (2 knows its 下家 3 anyway)
        assert s.view(seat)["players"][3]["identity"] is None
    looked = [e for e in s.log(0) if e["kind"] == "looked_identity"]
    assert looked == [{"kind": "looked_identity", "seat": 0, "target": 3, "identity": 1}]
    for seat in (2, 3, 4, None):
        assert [e for e in s.log(seat) if e["kind"] == "looked_identity"] == [
            {"kind": "looked_identity", "seat": 0, "target": 3}]
    assert of_kind(events, "drew") == []


def test_the_reward_offers_no_look_at_an_identity_the_killer_already_knows() -> None:
    s = start(HEROES5, identities=IDS5, fate="plague", rage=[2, 0, 0, 0, 0], hp=[4, 4, 3, 3, 1],
              hands=[["might:QH", "atk:AS"], [], [], [], []], deck=["dodge:7H"])
    act(s, "use might:QH", "use atk:AS", "target 4")
    rescue_round(s)
    assert deciding(s) == (0, "reward_ask")
    assert legal(s) == {"draw", "look 2", "look 3"}  # 1 is 0's 下家: already known


def test_killing_yourself_earns_no_reward() -> None:
    s = start(HEROES5, identities=IDS5, fate="plague", hp=[1, 4, 3, 3, 3], hands=[["frenzy:AD"], [], [], [], []])
    events = act(s, "use frenzy:AD")
    assert of_kind(events, "died") == [{"kind": "died", "seat": 0, "killer": 0, "identity": 0}]
    assert deciding(s)[1] != "reward_ask"
    assert deciding(s)[0] == 1  # the dead hero's turn is over
    assert of_kind(s.log(None), "looked_identity") == [] and of_kind(events, "drew")[0]["seat"] == 1
