"""Scenario tests for the intelligence heroes (智力型) of fate, part 1: the hero cards' limits and skill kinds of all
twelve, then 秀逗魔导师, 死灵法师, 双头龙, 水晶室女 (both text sets), 巫妖 and 暗影牧师 (both text sets).

Every position comes from the setup format (``fate_support.start``); judgements and draws are steered by the deck's
top cards; decisions are scripted action texts. Part 2 (``test_fate_heroes_intelligence_2.py``) has the other six.
Four seats sit 0 and 2 against 1 and 3, so one death never ends the game.
"""

from __future__ import annotations

import pytest
from fate_support import (
    HARMLESS_TOP,
    act,
    close_dispels,
    deciding,
    dispel_with,
    hand,
    kinds,
    legal,
    of_kind,
    pass_until,
    player,
    start,
)

from tablecraft.games.fate.cardtext import HERO_TEXT, hero_text
from tablecraft.games.fate.content import HERO_BY_CODE, HEROES, SkillKind, hero_skills

THEFATE = {"texts": "thefate"}
INTELLIGENCE = ("slayer", "necrolyte", "twin_head_dragon", "crystal_maiden", "lich", "shadow_priest", "ogre_magi",
                "keeper", "goblin_techies", "storm_spirit", "enchantress", "elf_lily")





# ------------------------------------------------------------------------------------------ the hero cards
@pytest.mark.parametrize(("code", "hp", "limit"), [
    ("slayer", 3, 5), ("necrolyte", 3, 5), ("twin_head_dragon", 4, 4), ("crystal_maiden", 3, 5), ("lich", 3, 5),
    ("shadow_priest", 3, 5), ("ogre_magi", 4, 4), ("keeper", 3, 5), ("goblin_techies", 3, 5),
    ("storm_spirit", 3, 5), ("enchantress", 3, 5), ("elf_lily", 3, 5)])
def test_each_intelligence_hero_starts_at_its_printed_hp_and_hand_limit(code: str, hp: int, limit: int) -> None:
    s = start([code, "centaur", "troll_warlord", "weaver"])
    me = player(s, 0)
    assert (me["hp"], me["max_hp"], me["hand_limit"]) == (hp, hp, limit)
    assert HEROES[HERO_BY_CODE[code]].type.name == "INTELLIGENCE"


@pytest.mark.parametrize(("code", "limit"), [("lich", 5), ("twin_head_dragon", 4), ("ogre_magi", 4)])
def test_the_discard_phase_cuts_an_intelligence_hero_down_to_its_hand_limit(code: str, limit: int) -> None:
    cards = ["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:6S", "atk:7S"]
    s = start([code, "centaur", "troll_warlord", "weaver"], hands=[cards, [], [], []])
    act(s, "pass")  # end the play phase with seven cards
    for _ in range(7 - limit):
        assert deciding(s) == (0, "discard")
        act(s, f"pick {hand(s, 0)[0]}")
    assert len(hand(s, 0)) == limit
    assert deciding(s)[0] != 0 or deciding(s)[1] != "discard"


def _printed_kind(text: str) -> tuple[SkillKind | None, bool]:
    if text.startswith("施法"):
        return SkillKind.CAST, True
    if text.startswith("主动"):
        return SkillKind.ACTIVE, True
    if text.startswith("可驱散"):
        return SkillKind.REACTION, True
    return None, False


@pytest.mark.parametrize("texts", ["default", "thefate"])
@pytest.mark.parametrize("code", INTELLIGENCE)
def test_every_intelligence_skill_is_dispellable_exactly_when_its_text_says_active_cast_or_dispellable(
        code: str, texts: str) -> None:
    hero = HEROES[HERO_BY_CODE[code]]
    printed = hero_text(hero.key, texts).skills
    skills = hero_skills(HERO_BY_CODE[code], texts)
    assert [t.name_zh for t in printed] == [sk.key for sk in skills]
    for text, sk in zip(printed, skills, strict=True):
        kind, dispellable = _printed_kind(text.text_zh)
        if sk.key == "查克拉":  # a hand card used as 【查克拉】: the magic card it makes is what 驱散 cancels
            continue
        assert sk.dispellable == dispellable, f"{sk.key}: text {text.text_zh!r}"
        if kind is SkillKind.CAST:
            assert sk.kind is SkillKind.CAST
        elif kind is SkillKind.ACTIVE:
            assert sk.kind is SkillKind.ACTIVE and sk.once_per_turn == ("出牌阶段限一次" in text.text_zh)
        elif kind is None:
            assert sk.kind in (SkillKind.PASSIVE, SkillKind.REACTION)
    assert HERO_TEXT[hero.key].name_zh == hero.key


# ------------------------------------------------------------------------------------------ 秀逗魔导师 slayer
def test_fiery_soul_makes_the_first_strengthening_of_a_turn_free_and_the_second_costs_rage() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"], hands=[["arrow:6S", "arrow:7S"], [], [], []],
              rage=[1, 0, 0, 0])
    act(s, "use arrow:6S", "target 1")
    assert legal(s) == {"yes", "no"}
    ev = act(s, "yes")
    assert s.rage[0] == 1  # 炽魂 paid the strengthening
    assert [e["skill"] for e in of_kind(ev, "skill")] == ["fiery_soul"]
    close_dispels(s)
    assert legal(s) == {"suit spade", "suit heart", "suit club", "suit diamond"}  # strengthened: name a suit
    act(s, "suit heart")
    assert s.hp[1] == 4  # no hand: 1 damage
    act(s, "use arrow:7S", "target 1")
    assert legal(s) == {"yes", "no"}
    ev = act(s, "yes")
    assert s.rage[0] == 0  # once per turn: this one costs the rage
    assert "fiery_soul" not in [e["skill"] for e in of_kind(ev, "skill")]
    assert legal(s) == {"suit spade", "suit heart", "suit club", "suit diamond"}


def test_fiery_soul_lets_a_slayer_without_rage_strengthen_once_and_then_no_more() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"], hands=[["arrow:6S", "arrow:7S"], [], [], []])
    act(s, "use arrow:6S", "target 1", "yes")
    close_dispels(s)
    act(s, "suit club")
    assert s.rage[0] == 0
    act(s, "use arrow:7S", "target 1")
    assert legal(s) == {"color red", "color black"}  # no strengthening offered: no rage, 炽魂 spent


def test_fiery_soul_may_be_kept_by_not_strengthening() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"], hands=[["arrow:6S", "arrow:7S"], [], [], []])
    act(s, "use arrow:6S", "target 1", "no")
    close_dispels(s)
    assert legal(s) == {"color red", "color black"}
    act(s, "color red", "use arrow:7S", "target 1")
    assert legal(s) == {"yes", "no"}  # still free this turn


def test_laguna_blade_turns_two_red_hand_cards_into_an_undispellable_laguna_blade_for_three_rage() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"],
              hands=[["salve:AH", "dodge:6H", "atk:AS"], [], ["dispel:5H"], []], rage=[3, 0, 0, 0])
    assert "pair laguna_blade" in legal(s)
    act(s, "pair laguna_blade")
    assert legal(s) == {"pick salve:AH", "pick dodge:6H"}  # red hand cards only
    ev = act(s, "pick salve:AH", "pick dodge:6H", "target 1")
    used = of_kind(ev, "used")[0]
    assert (used["card"], used["cards"]) == ("laguna", ["salve:AH", "dodge:6H"])
    assert s.rage[0] == 0
    assert s.hp[1] == 5 - 3  # no 闪避 to play: 3 damage
    assert "reply" not in kinds(ev) and deciding(s) == (0, "play")  # an S card: seat 2's 驱散 is never asked
    assert hand(s, 2) == ["dispel:5H"]


@pytest.mark.parametrize(("cards", "rage"), [(["salve:AH", "dodge:6H"], 2), (["salve:AH", "atk:AS"], 3),
                                             (["salve:AH"], 3)])
def test_laguna_blade_is_not_offered_without_three_rage_or_two_red_hand_cards(cards: list[str], rage: int) -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"], hands=[cards, [], [], []], rage=[rage, 0, 0, 0])
    assert "pair laguna_blade" not in legal(s)


def test_fanaticism_heart_gives_one_more_attack_after_a_magic_card_resolves() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"],
              hands=[["chakra:9C", "atk:AS", "atk:2S"], [], [], []], deck=HARMLESS_TOP)
    ev = act(s, "use chakra:9C")
    close_dispels(s)
    ev += act(s, "pass")  # no guess
    assert "fanatic_heart" in [e["skill"] for e in of_kind(ev, "skill")]
    act(s, "use atk:AS", "target 1")
    assert s.hp[1] == 4
    assert "use atk:2S" in legal(s)
    act(s, "use atk:2S", "target 1")
    assert s.hp[1] == 3
    assert "use atk:3S" not in legal(s) and s.view(None)["attacks"] == 2


def test_fanaticism_heart_gives_nothing_when_the_magic_card_is_dispelled() -> None:
    s = start(["slayer", "centaur", "troll_warlord", "weaver"],
              hands=[["chakra:9C", "atk:AS", "atk:2S"], [], ["dispel:5H"], []], deck=HARMLESS_TOP)
    act(s, "use chakra:9C")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled") and "fanatic_heart" not in [e["skill"] for e in of_kind(ev, "skill")]
    act(s, "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s)


# ------------------------------------------------------------------------------------------ 死灵法师 necrolyte
def test_heartstopper_is_cast_in_the_cast_phase_for_a_spade_and_bars_the_targets_healing_that_turn() -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS", "salve:AH"], [], [], []],
              hp=[2, 5, 4, 3], start="turn", deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask") and legal(s) == {"pass", "skill 0"}
    act(s, "skill 0")
    assert legal(s) == {"pick atk:AS"}  # a spade only
    act(s, "pick atk:AS")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}  # any hero, yourself included
    act(s, "target 0")
    close_dispels(s)
    assert "no_heal" in player(s, 0)["marks"] and "atk:AS" in s.view(None)["discard"]
    pass_until(s, 0, "play")
    assert "use salve:AH" not in legal(s)  # cannot recover HP this turn
    assert "skill 0" not in legal(s)  # a cast skill is cast in the cast phase only


def test_heartstopper_keeps_a_salve_from_saving_its_dying_target() -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"],
              hands=[["atk:AS", "atk:2S"], ["salve:2H"], [], []], hp=[3, 1, 4, 3], start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick atk:AS", "target 1")
    close_dispels(s)
    pass_until(s, 0, "play")
    act(s, "use atk:2S", "target 1")
    act(s, "pass")  # no 闪避
    assert deciding(s) == (1, "rescue_ask") and legal(s) == {"pass"}  # the salve is no use
    while deciding(s)[1] == "rescue_ask":
        act(s, "pass")
    assert not s.alive[1] and s.hp[1] == 0


def test_heartstopper_lasts_only_the_coming_hero_turn() -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], ["salve:2H"], [], []],
              hp=[3, 4, 4, 3], start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick atk:AS", "target 1")
    close_dispels(s)
    pass_until(s, 0, "play")
    assert "no_heal" in player(s, 1)["marks"]
    act(s, "pass")
    pass_until(s, 1, "play")
    assert "no_heal" not in player(s, 1)["marks"]
    assert "use salve:2H" in legal(s)


def test_heartstopper_cancelled_by_a_dispel_still_costs_its_spade() -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], [], ["dispel:5H"], []],
              start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "heartstopper"
    assert "no_heal" not in player(s, 1)["marks"]
    assert "atk:AS" not in hand(s, 0) and "atk:AS" in s.view(None)["discard"]


def test_heartstopper_may_be_left_uncast_and_is_not_offered_without_a_spade() -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], [], [], []],
              start="turn", deck=HARMLESS_TOP)
    act(s, "pass")
    assert "atk:AS" in hand(s, 0) and all(not p["marks"] for p in s.view(None)["players"])
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AC", "salve:AH"], [], [], []],
              start="turn", deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask") and legal(s) == {"pass"}  # ♣ and ♥ only: nothing to cast with


@pytest.mark.parametrize("take", [True, False])
def test_sadist_may_draw_two_when_another_hero_dies(take: bool) -> None:
    s = start(["necrolyte", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], [], [], []],
              hp=[3, 1, 4, 3], deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    assert not s.alive[1]
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = act(s, "yes" if take else "no")
    assert len(hand(s, 0)) == (2 if take else 0)
    assert (of_kind(ev, "drew")[0]["count"] if take else of_kind(ev, "drew")) == (2 if take else [])
    assert deciding(s) == (0, "reward_ask")  # the killer's reward comes after


def test_sadist_is_asked_when_someone_else_kills_and_cannot_be_dispelled() -> None:
    s = start(["troll_warlord", "centaur", "necrolyte", "weaver"], hands=[["atk:AS"], [], [], ["dispel:5H"]],
              hp=[4, 1, 3, 3], deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    pass_until(s, 2, "ask")  # seat 3 declines to save seat 1
    ev = act(s, "yes")
    assert kinds(ev)[0] == "drew" and len(hand(s, 2)) == 2  # passive: no dispel window first


# ------------------------------------------------------------------------------------------ 双头龙 twin head dragon
def test_ice_path_sets_two_hand_cards_aside_face_down_until_the_end_of_the_dragons_turn() -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"],
              hands=[["atk:AS", "atk:2S"], ["dodge:6H", "salve:AH", "atk:3S"], [], []], deck=HARMLESS_TOP)
    assert "skill 0" in legal(s)
    act(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick atk:2S"}
    act(s, "pick atk:AS")
    assert legal(s) == {"target 1"}  # another hero with hand cards
    ev = act(s, "target 1")
    ev += close_dispels(s)
    assert of_kind(ev, "set_aside")[0]["count"] == 2
    assert len(hand(s, 1)) == 1
    mine, theirs = player(s, 1, 1), player(s, 1, 2)
    assert mine["held"] == 2 and len(mine["held_cards"]) == 2
    assert sorted(mine["held_cards"] + hand(s, 1)) == ["atk:3S", "dodge:6H", "salve:AH"]
    assert theirs["held"] == 2 and theirs["held_cards"] is None  # face down for everyone else
    assert "skill 0" not in legal(s)  # once per play phase
    ev = act(s, "pass")
    assert of_kind(ev, "returned")[0]["owners"] == [1]  # back at the end of the dragon's turn
    assert {"atk:3S", "dodge:6H", "salve:AH"} <= set(hand(s, 1)) and player(s, 1)["held"] == 0


def test_ice_path_takes_the_only_card_of_a_one_card_hand_and_can_be_paid_with_equipment() -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"], hands=[[], ["dodge:6H"], [], []],
              weapon=["skadi:JS", None, None, None], deck=HARMLESS_TOP)
    act(s, "skill 0", "pick skadi:JS", "target 1")
    ev = close_dispels(s)
    assert player(s, 0)["weapon"] is None and hand(s, 1) == [] and player(s, 1)["held"] == 1
    assert of_kind(ev, "set_aside")[0]["count"] == 1


@pytest.mark.parametrize("hands", [[["atk:AS"], [], [], []], [[], ["dodge:6H"], [], []]])
def test_ice_path_is_not_offered_without_a_card_to_pay_or_another_hand_to_freeze(hands: list[list[str]]) -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"], hands=hands)
    assert "skill 0" not in legal(s)


def test_ice_path_cancelled_by_a_dispel_leaves_the_hand_alone() -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"],
              hands=[["atk:AS"], ["dodge:6H", "salve:AH"], ["dispel:5H"], []], deck=HARMLESS_TOP)
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled") and not of_kind(ev, "set_aside")
    assert hand(s, 1) == ["dodge:6H", "salve:AH"] and hand(s, 0) == []


def test_liquid_fire_turns_two_red_hand_cards_into_a_flame_attack_dealing_one_more() -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"],
              hands=[["salve:AH", "dodge:6H", "atk:AS"], [], [], []], deck=HARMLESS_TOP)
    act(s, "pair liquid_fire")
    assert legal(s) == {"pick salve:AH", "pick dodge:6H"}
    ev = act(s, "pick salve:AH", "pick dodge:6H", "target 1")
    dmg = of_kind(ev, "damage")[0]
    assert (dmg["amount"], s.hp[1]) == (2, 3)
    assert ["液态火", 1] in dmg["parts"]
    assert s.rage[1] == 3  # 2 for the damage, 1 more for a 火焰攻击
    assert "use atk:AS" not in legal(s)  # it was the turn's 【攻击】


def test_liquid_fire_can_be_dodged_and_needs_two_red_cards() -> None:
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"],
              hands=[["salve:AH", "dodge:6H"], ["dodge:7H"], [], []], deck=HARMLESS_TOP)
    act(s, "pair liquid_fire", "pick salve:AH", "pick dodge:6H", "target 1")
    assert deciding(s) == (1, "reply")
    act(s, "use dodge:7H")
    assert s.hp[1] == 5
    s = start(["twin_head_dragon", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH", "atk:AS"], [], [], []])
    assert "pair liquid_fire" not in legal(s)


# ------------------------------------------------------------------------------------------ 水晶室女 crystal maiden
def _frost_nova_on_1(hands: list[list[str]]):
    """水晶室女 (seat 0) casts 冰霜禁制 on seat 1 before seat 1's turn, paying salve:AH and salve:2H."""
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hands=hands, start="turn", turn_seat=1, deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask")
    act(s, "skill 0")
    assert "pick salve:AH" in legal(s)
    act(s, "pick salve:AH", "pick salve:2H", "target 1")
    close_dispels(s)
    return s


def test_frost_nova_makes_each_attack_of_its_target_that_turn_take_a_second_attack_card() -> None:
    s = _frost_nova_on_1([["salve:AH", "salve:2H"], ["atk:AS", "atk:2S"], [], []])
    assert "double_cost" in player(s, 1)["marks"] and hand(s, 0) == []
    pass_until(s, 1, "play")
    act(s, "use atk:AS")
    assert deciding(s) == (1, "extra_cost") and legal(s) == {"pick atk:2S"}  # paid before it is aimed
    ev = act(s, "pick atk:2S")
    assert of_kind(ev, "discarded")[0]["cards"] == ["atk:2S"]
    act(s, "target 2")
    assert s.hp[2] == 2


def test_frost_nova_leaves_a_lone_attack_card_unusable() -> None:
    s = _frost_nova_on_1([["salve:AH", "salve:2H"], ["atk:AS", "dodge:6H"], [], []])
    pass_until(s, 1, "play")
    assert "use atk:AS" not in legal(s)


def test_frost_nova_on_another_hero_makes_them_pay_two_dodges_to_dodge_this_turn() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"],
              hands=[["salve:AH", "salve:2H"], ["atk:AS"], ["dodge:6H", "dodge:7H"], []],
              start="turn", turn_seat=1, deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "pick salve:2H", "target 2")
    close_dispels(s)
    pass_until(s, 1, "play")
    act(s, "use atk:AS", "target 2")
    assert deciding(s) == (2, "reply") and legal(s) == {"pass", "use dodge:6H", "use dodge:7H"}
    act(s, "use dodge:6H")
    assert deciding(s) == (2, "extra_cost") and legal(s) == {"pick dodge:7H"}
    act(s, "pick dodge:7H")
    assert s.hp[2] == 3 and hand(s, 2) == []


def test_frost_nova_leaves_its_target_unable_to_dodge_with_a_single_dodge() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"],
              hands=[["salve:AH", "salve:2H"], ["atk:AS"], ["dodge:6H"], []], start="turn", turn_seat=1, deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "pick salve:2H", "target 2")
    close_dispels(s)
    pass_until(s, 1, "play")
    act(s, "use atk:AS", "target 2")
    assert deciding(s) == (2, "reply") and legal(s) == {"pass"}
    act(s, "pass")
    assert s.hp[2] == 2 and hand(s, 2) == ["dodge:6H"]


def test_frost_nova_keeps_a_real_dodge_back_when_its_target_dodges_with_two_cards_as_one() -> None:
    def table(defender: list[str]):
        s = start(["crystal_maiden", "centaur", "storm_spirit", "weaver"],
                  hands=[["salve:AH", "salve:2H"], ["atk:AS"], defender, []], start="turn", turn_seat=1, deck=HARMLESS_TOP)
        act(s, "skill 0", "pick salve:AH", "pick salve:2H", "target 2")
        close_dispels(s)
        pass_until(s, 1, "play")
        act(s, "use atk:AS", "target 2")
        return s

    s = table(["dodge:6H", "dodge:7H"])
    assert legal(s) == {"pass", "use dodge:6H", "use dodge:7H"}  # 球状闪电 on both would leave no extra 闪避
    s = table(["dodge:6H", "chakra:9C", "atk:2S"])
    assert legal(s) == {"pass", "pair ball_dodge"}
    act(s, "pair ball_dodge")
    assert legal(s) == {"pick chakra:9C", "pick atk:2S"}  # the real 闪避 is kept for the extra cost
    act(s, "pick chakra:9C", "pick atk:2S")
    assert deciding(s) == (2, "extra_cost") and legal(s) == {"pick dodge:6H"}
    ev = act(s, "pick dodge:6H")
    assert of_kind(ev, "dodged") and s.hp[2] == 3 and hand(s, 2) == []


def test_frost_nova_is_not_offered_in_the_play_phase() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hands=[["salve:AH", "salve:2H"], [], [], []])
    assert "skill 0" not in legal(s)


def test_frost_nova_lasts_one_hero_turn_and_is_cast_only_in_the_cast_phase() -> None:
    s = _frost_nova_on_1([["salve:AH", "salve:2H", "atk:AS"], ["atk:2S", "atk:3S"], [], []])
    pass_until(s, 1, "play")
    assert "double_cost" in player(s, 1)["marks"]
    act(s, "pass")
    pass_until(s, 2, "play")
    assert "double_cost" not in player(s, 1)["marks"]


def test_frost_nova_needs_two_cards_may_be_declined_and_can_be_dispelled() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hands=[["salve:AH"], [], [], []], start="turn",
              turn_seat=1, deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask") and legal(s) == {"pass"}  # one card cannot pay
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hands=[["salve:AH", "salve:2H"], [], [], []],
              start="turn", turn_seat=1, deck=HARMLESS_TOP)
    act(s, "pass")
    assert hand(s, 0) == ["salve:2H", "salve:AH"]
    s = start(["crystal_maiden", "centaur", "lich", "weaver"],
              hands=[["salve:AH", "salve:2H"], [], ["dispel:5H"], []], start="turn", turn_seat=1, deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "pick salve:2H", "target 1")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled") and "double_cost" not in player(s, 1)["marks"]


def _frostbite_table(maiden: list[str], defender: list[str], dispeller: list[str] | None = None):
    """TheFate's texts: 半人马酋长 (seat 0, its play phase) holds atk:AS; 巫妖 (seat 1) defends; 水晶室女 sits at 2."""
    return start(["centaur", "lich", "crystal_maiden", "weaver"],
                 hands=[["atk:AS"], defender, maiden, dispeller or []], options=THEFATE, deck=HARMLESS_TOP)


def test_frostbite_discards_a_heart_to_nullify_another_heros_attack() -> None:
    s = _frostbite_table(["salve:AH", "atk:2S"], ["dodge:6H"])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (2, "ask") and legal(s) == {"pass", "pick salve:AH"}  # a heart only
    ev = act(s, "pick salve:AH")
    ev += close_dispels(s)
    assert of_kind(ev, "nullified") == [{"kind": "nullified", "seat": 2, "target": 0}]
    assert s.hp[1] == 3 and hand(s, 1) == ["dodge:6H"]  # never asked to dodge
    assert hand(s, 2) == ["atk:2S"] and "salve:AH" in s.view(None)["discard"]
    assert deciding(s) == (0, "play") and s.view(None)["attacks"] == 1  # it was still the turn's 【攻击】


def test_frostbite_nullifies_a_dodge_so_the_attack_hits() -> None:
    s = _frostbite_table(["salve:AH"], ["dodge:6H"])
    act(s, "use atk:AS", "target 1", "pass")  # the maiden lets the 【攻击】 be
    assert deciding(s) == (1, "reply")
    act(s, "use dodge:6H")
    assert deciding(s) == (2, "ask") and legal(s) == {"pass", "pick salve:AH"}
    ev = act(s, "pick salve:AH")
    ev += close_dispels(s)
    assert of_kind(ev, "nullified")[0]["target"] == 1
    assert s.hp[1] == 2 and not of_kind(ev, "dodged")


def test_frostbite_may_be_declined_and_is_asked_even_without_a_heart() -> None:
    s = _frostbite_table(["atk:2S"], ["dodge:6H"])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (2, "ask") and legal(s) == {"pass"}  # asked all the same: the question shows nothing
    act(s, "pass", "use dodge:6H")
    assert legal(s) == {"pass"}
    ev = act(s, "pass")
    assert of_kind(ev, "dodged") and s.hp[1] == 3


def test_frostbite_ignores_the_maidens_own_cards_and_other_card_types() -> None:
    s = start(["crystal_maiden", "lich", "centaur", "weaver"], hands=[["atk:AS", "salve:AH"], ["salve:2H"], [], []],
              hp=[2, 3, 5, 3], options=THEFATE, deck=HARMLESS_TOP)
    ev = act(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "reply") and of_kind(ev, "used")  # no question to the maiden herself
    act(s, "pass")
    s = start(["lich", "crystal_maiden", "centaur", "weaver"], hands=[["salve:2H"], ["salve:AH"], [], []],
              hp=[2, 3, 5, 3], options=THEFATE, deck=HARMLESS_TOP)
    act(s, "use salve:2H")
    assert s.hp[0] == 3 and deciding(s) == (0, "play")  # a salve is neither 【攻击】 nor 闪避


def test_frostbite_is_dispellable_and_a_dispel_lets_the_attack_go_on() -> None:
    s = _frostbite_table(["salve:AH"], ["dodge:6H"], ["dispel:5H"])
    act(s, "use atk:AS", "target 1", "pick salve:AH")
    ev = dispel_with(s, 3, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "frostbite" and not of_kind(ev, "nullified")
    assert deciding(s) == (1, "reply")  # the 【攻击】 stands: dodge it or take it
    act(s, "pass")
    assert s.hp[1] == 2


def test_brilliance_aura_draws_one_fewer_then_deals_the_top_cards_one_to_each_living_hero() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hp=[3, 5, 3, 0], start="turn",
              deck=["dodge:2D", "dodge:3D", "dodge:4D", "dodge:5D", "dodge:9D"])
    act(s, "pass")  # no cast
    assert deciding(s) == (0, "draw_ask") and legal(s) == {"pass", "skill 1"}
    ev = act(s, "skill 1")
    assert of_kind(ev, "drew")[0]["count"] == 1 and hand(s, 0) == ["dodge:2D"]
    assert s.view(0)["looked"] == ["dodge:3D", "dodge:4D", "dodge:5D"]  # X = 3 living heroes
    assert s.view(1)["looked"] == 3 and s.view(None)["looked"] == 3  # the others only see how many
    assert legal(s) == {"pick dodge:3D", "pick dodge:4D", "pick dodge:5D"}
    act(s, "pick dodge:5D")  # to herself first, then round the table
    ev = act(s, "pick dodge:3D")
    assert hand(s, 0) == ["dodge:2D", "dodge:5D"] and hand(s, 1) == ["dodge:3D"] and hand(s, 2) == ["dodge:4D"]
    assert hand(s, 3) == [] and all("card" not in e for e in of_kind(ev, "given"))
    assert "dodge:3D" not in str(s.view(2)) and deciding(s) == (0, "play")


def test_brilliance_aura_may_be_passed_for_the_normal_draw() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], start="turn", deck=HARMLESS_TOP)
    act(s, "pass", "pass")
    assert hand(s, 0) == ["dodge:2D", "dodge:3D"] and all(hand(s, p) == [] for p in (1, 2, 3))


# ------------------------------------------------------------------------------------------ 巫妖 lich
def test_dark_ritual_discards_a_red_card_to_draw_two_once_per_play_phase() -> None:
    s = start(["lich", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH", "dodge:6H", "atk:AS"], [], [], []],
              deck=HARMLESS_TOP)
    act(s, "skill 0")
    assert legal(s) == {"pick salve:AH", "pick dodge:6H"}  # red cards only
    ev = act(s, "pick salve:AH")
    assert of_kind(ev, "skill")[0]["skill"] == "dark_ritual"
    ev += close_dispels(s)
    assert of_kind(ev, "drew")[0]["count"] == 2
    assert hand(s, 0) == ["atk:AS", "dodge:2D", "dodge:3D", "dodge:6H"]
    assert "skill 0" not in legal(s)  # once per play phase, though red cards remain


def test_dark_ritual_may_be_paid_with_red_equipment_and_is_not_offered_with_black_cards_only() -> None:
    s = start(["lich", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], [], [], []],
              armour=["boots:KH", None, None, None], deck=HARMLESS_TOP)
    act(s, "skill 0")
    assert legal(s) == {"pick boots:KH"}
    act(s, "pick boots:KH")
    close_dispels(s)
    assert player(s, 0)["armour"] is None and hand(s, 0) == ["atk:AS", "dodge:2D", "dodge:3D"]
    s = start(["lich", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS", "atk:AC"], [], [], []])
    assert "skill 0" not in legal(s)


def test_dark_ritual_cancelled_by_a_dispel_draws_nothing_and_keeps_the_red_card_spent() -> None:
    s = start(["lich", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH"], [], ["dispel:5H"], []], deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "dark_ritual" and not of_kind(ev, "drew")
    assert hand(s, 0) == [] and "salve:AH" in s.view(None)["discard"]


def test_frost_armor_discards_a_random_hand_card_of_the_source_after_the_damage() -> None:
    s = start(["centaur", "lich", "troll_warlord", "weaver"], hands=[["atk:AS", "salve:AH"], [], ["dispel:5H"], []],
              deck=HARMLESS_TOP)
    ev = act(s, "use atk:AS", "target 1")
    assert s.hp[1] == 2 and hand(s, 0) == []  # the only card the source had left
    assert of_kind(ev, "discarded")[-1] == {"kind": "discarded", "seat": 0, "cards": ["salve:AH"],
                                            "why": "frost_armor"}
    assert hand(s, 2) == ["dispel:5H"] and deciding(s) == (0, "play")  # passive: no 驱散 is asked


def test_frost_armor_lets_the_lich_choose_the_sources_weapon() -> None:
    s = start(["centaur", "lich", "troll_warlord", "weaver"], hands=[["atk:AS", "salve:AH"], [], [], []],
              weapon=["skadi:JS", None, None, None], deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "zone_ask") and legal(s) == {"zone hand", "zone weapon"}
    act(s, "zone weapon")
    assert player(s, 0)["weapon"] is None and hand(s, 0) == ["salve:AH"]


def test_frost_armor_does_nothing_to_a_source_without_cards_or_to_the_lich_herself() -> None:
    s = start(["centaur", "lich", "troll_warlord", "weaver"], hands=[["atk:AS"], [], [], []], deck=HARMLESS_TOP)
    ev = act(s, "use atk:AS", "target 1")
    assert s.hp[1] == 2 and not of_kind(ev, "discarded")
    s = start(["lich", "centaur", "troll_warlord", "weaver"], hands=[["frenzy:AD", "atk:AS"], [], [], []], deck=HARMLESS_TOP)
    act(s, "use frenzy:AD")
    ev = close_dispels(s)
    assert s.hp[0] == 2 and hand(s, 0) == ["atk:AS"] and not of_kind(ev, "discarded")


# ------------------------------------------------------------------------------------------ 暗影牧师 shadow priest
def test_shallow_grave_cast_on_a_hero_brings_them_back_to_one_hp_when_they_fall_dying_that_turn() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH", "atk:AS", "atk:2S"],
              [], [], []], hp=[3, 1, 4, 3], start="turn", deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask") and legal(s) == {"pass", "skill 0"}
    act(s, "skill 0")
    assert legal(s) == {"pick salve:AH"}  # a red card
    act(s, "pick salve:AH")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}
    act(s, "target 1")
    close_dispels(s)
    assert "save_at_one" in player(s, 1)["marks"]
    pass_until(s, 0, "play")
    assert "skill 0" not in legal(s)  # cast phase only
    ev = act(s, "use atk:AS", "target 1")
    assert kinds(ev)[-3:] == ["dying", "shallow_grave", "saved"] and s.hp[1] == 1 and s.alive[1]
    assert "save_at_one" not in player(s, 1)["marks"]  # used up


def test_shallow_grave_lasts_one_hero_turn_and_may_be_left_uncast() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH"], [], [], []],
              start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "target 1")
    close_dispels(s)
    pass_until(s, 0, "play")
    act(s, "pass")
    pass_until(s, 1, "play")
    assert "save_at_one" not in player(s, 1)["marks"]
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH"], [], [], []],
              start="turn", deck=HARMLESS_TOP)
    act(s, "pass")
    assert "salve:AH" in hand(s, 0) and not player(s, 1)["marks"]


def test_shallow_grave_needs_a_red_card_and_a_dispel_cancels_it() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS"], [], [], []],
              start="turn", deck=HARMLESS_TOP)
    assert deciding(s) == (0, "cast_ask") and legal(s) == {"pass"}
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH"], [], ["dispel:5H"], []],
              start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "target 1")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "shallow_grave" and "save_at_one" not in player(s, 1)["marks"]


def test_heartstopper_on_the_same_hero_stops_shallow_grave_from_saving_them() -> None:
    s = start(["shadow_priest", "centaur", "necrolyte", "weaver"], hands=[["salve:AH", "atk:AS"], [], ["atk:2S"],
              []], hp=[3, 1, 3, 3], start="turn", deck=HARMLESS_TOP)
    act(s, "skill 0", "pick salve:AH", "target 1")
    close_dispels(s)
    pass_until(s, 2, "cast_ask")
    act(s, "skill 0", "pick atk:2S", "target 1")
    close_dispels(s)
    pass_until(s, 0, "play")
    assert {"save_at_one", "no_heal"} <= set(player(s, 1)["marks"])
    ev = act(s, "use atk:AS", "target 1")
    assert "shallow_grave" not in kinds(ev)  # 「体力回复至1点」 is a recovery, and recovery is barred
    while deciding(s)[1] == "rescue_ask":
        act(s, "pass")
    assert not s.alive[1]


def test_thefate_shallow_grave_discards_two_red_hand_cards_to_bring_a_dying_hero_to_one_hp() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"],
              hands=[["salve:AH", "dodge:6H", "atk:AS"], [], [], []], hp=[3, 1, 4, 3], options=THEFATE, deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "rescue_ask") and legal(s) == {"pass", "use salve:AH", "skill 0"}
    act(s, "skill 0")
    assert legal(s) == {"pick salve:AH", "pick dodge:6H"}
    ev = act(s, "pick salve:AH", "pick dodge:6H")
    ev += close_dispels(s)
    assert of_kind(ev, "skill")[0] == {"kind": "skill", "seat": 0, "skill": "shallow_grave_rescue", "targets": [1]}
    assert s.hp[1] == 1 and s.alive[1] and hand(s, 0) == []


def test_thefate_shallow_grave_is_not_offered_with_one_red_hand_card_or_under_heartstopper() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["salve:AH", "atk:AS"], [], [], []],
              hp=[3, 1, 4, 3], options=THEFATE, deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "rescue_ask") and legal(s) == {"pass", "use salve:AH"}
    s = start(["shadow_priest", "centaur", "necrolyte", "weaver"],
              hands=[["salve:AH", "dodge:6H", "atk:AS", "atk:3S"], [], ["atk:2S"], []], hp=[3, 1, 3, 3],
              options=THEFATE, start="turn", deck=HARMLESS_TOP)
    pass_until(s, 2, "cast_ask")
    act(s, "skill 0", "pick atk:2S", "target 1")
    close_dispels(s)
    pass_until(s, 0, "play")
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "rescue_ask") and legal(s) == {"pass"}


def test_thefate_shallow_grave_cancelled_by_a_dispel_leaves_the_hero_dying() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"],
              hands=[["salve:AH", "dodge:6H", "atk:AS"], [], ["dispel:5H"], []], hp=[3, 1, 4, 3], options=THEFATE,
              deck=HARMLESS_TOP)
    act(s, "use atk:AS", "target 1")
    pass_until(s, 0, "rescue_ask")  # asked in turn from the dying hero: 驱散's holder first
    act(s, "skill 0", "pick salve:AH", "pick dodge:6H")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "shallow_grave_rescue" and s.hp[1] == 0
    while deciding(s)[1] == "rescue_ask":
        act(s, "pass")
    assert not s.alive[1]


def test_shadow_wave_heals_a_wounded_hero_and_hurts_another_for_two_cards_of_one_suit() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"],
              hands=[["atk:AS", "atk:2S", "salve:AH"], [], [], []], hp=[3, 5, 2, 3], deck=HARMLESS_TOP)
    act(s, "skill 1")
    assert legal(s) == {"pick atk:AS", "pick atk:2S"}  # the ♥ has no partner
    act(s, "pick atk:AS")
    assert legal(s) == {"pick atk:2S"}
    act(s, "pick atk:2S")
    assert legal(s) == {"target 2"}  # first the wounded hero to heal
    act(s, "target 2")
    assert legal(s) == {"target 0", "target 1", "target 3"}  # then any other hero, yourself too
    ev = act(s, "target 1")
    ev += close_dispels(s)
    assert s.hp == [3, 4, 3, 3]
    assert of_kind(ev, "damage")[0]["source"] == 0
    assert "skill 1" not in legal(s)


def test_shadow_wave_is_not_offered_without_a_wounded_hero_or_a_suited_pair() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS", "atk:2S"], [], [], []])
    assert "skill 1" not in legal(s)
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"], hands=[["atk:AS", "salve:AH"], [], [], []],
              hp=[3, 4, 4, 3])
    assert "skill 1" not in legal(s)


def test_shadow_wave_cancelled_by_a_dispel_heals_and_hurts_nobody() -> None:
    s = start(["shadow_priest", "centaur", "troll_warlord", "weaver"],
              hands=[["atk:AS", "atk:2S"], [], ["dispel:5H"], []], hp=[3, 4, 4, 3], deck=HARMLESS_TOP)
    act(s, "skill 1", "pick atk:AS", "pick atk:2S", "target 1", "target 3")
    ev = dispel_with(s, 2, "dispel:5H")
    ev += close_dispels(s)
    assert of_kind(ev, "dispelled")[0]["skill"] == "shadow_wave" and s.hp == [3, 4, 4, 3]
