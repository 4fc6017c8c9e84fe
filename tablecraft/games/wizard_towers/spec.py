"""What wizard-towers (巫师塔) is: seats, roles, bags, towers and the options (rule variants and parameters).

Seed 000 · 桌面场景 / 游戏准备: two warriors (勇士, orange and blue) against one wizard (巫师, purple), three
wizard towers (巫师塔: left, right and the main tower 主塔 in the middle), three exploration bags (探索包裹: the
orange, blue and green bags), one junk bag (废品包裹) and a spiral coin (螺旋硬币) per exploration bag.
"""

from __future__ import annotations

from enum import IntEnum

from tablecraft.core.api import GameSpec, OptionSpec

ORANGE, BLUE, PURPLE = 0, 1, 2
"""Seats in turn order (seed 000 · 游戏开始1: 橙→蓝→紫). Orange and blue are warriors, purple is the wizard."""
WARRIORS = (ORANGE, BLUE)
WIZARD = PURPLE
NUM_SEATS = 3
SEAT_NAMES = ("orange", "blue", "purple")
SEAT_NAMES_ZH = ("橙", "蓝", "紫")


class Tower(IntEnum):
    """A wizard tower (巫师塔): the left and right towers (左右巫师塔) and the main tower (巫师主塔)."""

    LEFT = 0
    RIGHT = 1
    MAIN = 2


TOWER_NAMES = ("left", "right", "main")
TOWER_NAMES_ZH = ("左塔", "右塔", "主塔")
TOWER_LIMITS = (1, 1, 2)
"""Seed 000 · 巫师特殊规则1: 左右塔上限1，主塔上限2."""

TOWER_SLOTS: tuple[tuple[Tower, int], ...] = ((Tower.LEFT, 0), (Tower.RIGHT, 0), (Tower.MAIN, 0), (Tower.MAIN, 1))
"""Every tower position a card can occupy, in codec order: left#1, right#1, main#1, main#2."""

BAG_NAMES = ("orange", "blue", "green")
"""The exploration bags (探索包裹, 橙蓝绿色袋)."""
BAG_NAMES_ZH = ("橙袋", "蓝袋", "绿袋")
NUM_BAGS = 3
START_BAG_CARDS = (17, 17, 16)
"""Our reading of gap 0-2: after the four tower cards, the other 50 cards are split 17/17/16."""

PUBLIC = 1 << NUM_SEATS
"""Knowledge bit for spectators: set on a card whose place every seat and onlooker knows."""
EVERYONE = (1 << NUM_SEATS) - 1 | PUBLIC

SPEC = GameSpec(
    id="wizard-towers",
    name_zh="巫师塔",
    name_en="Wizard Towers",
    min_seats=3,
    max_seats=3,
    seat_names=SEAT_NAMES,
    seat_names_zh=SEAT_NAMES_ZH,
    options=(
        OptionSpec("warrior_hp", 100, "Starting HP of each warrior (seed: 勇士各100血).", min=1, max=10_000),
        OptionSpec("wizard_hp", 150, "Starting HP of the wizard (seed: 巫师150血).", min=1, max=10_000),
        OptionSpec("warrior_hand_limit", 3, "Warrior hand limit (seed: 勇士手牌上限为3).", min=1, max=20),
        OptionSpec("wizard_hand_limit", 5, "Wizard hand limit (seed: 巫师手牌上限为5).", min=1, max=20),
        OptionSpec("max_turns", 600, "Turn cap: when this many turns have started the game ends in a draw.",
                   min=1, max=1_000_000),
        OptionSpec("wizard_target", "main_empty", "When a warrior may attack the wizard himself (进攻2): "
                   "'main_empty' = whenever the main tower is empty (主塔无牌时可直接攻击巫师); 'chain' = only while a "
                   "side tower is empty too, so rebuilding both side towers shields him again.",
                   choices=("main_empty", "chain")),
        OptionSpec("alliance", False,
                   "Variant (gap 0-9): warriors may not attack each other while the wizard lives."),
        OptionSpec("substitute", "joint", "Substitute defence (防守2): 'joint' = the attacked warrior may add "
                   "a card beside the substitute's (two cards in all, seed text); 'alone' = only the substitute "
                   "plays.", choices=("joint", "alone")),
        OptionSpec("joker_must_lead", True, "A played Joker is always the action card (gap 0-14); false lets "
                   "another card lead, the Joker then adds only its 15."),
        OptionSpec("heal_cap", False, "Variant (gap 0-17): ♥A supply cannot heal above starting HP."),
        OptionSpec("coin_skip_end_draw", True, "Gap 0-7 reading (a): a wizard whose turn a coin skips still "
                   "takes the idle end-of-turn draw (巫师特殊规则4)."),
        OptionSpec("tower_hand_cards", True, "Tower defence (防守1 「防守方若为巫师塔则必须至少用一张塔上的牌防守」, "
                   "gap 0-11): true = the wizard may add a hand card beside a tower card (1–2 cards, at least one "
                   "from the tower); false = a tower defends with its own cards only (巫师特殊规则2 read as barring "
                   "the wizard from defending while a tower stands)."),
        OptionSpec("wizard_self_defence", "target", "When the wizard may defend himself (巫师特殊规则2 "
                   "「除非巫师塔无牌，否则巫师不能进行防守」, gap 0-12): 'target' = whenever he is the direct target "
                   "(the main tower is empty); 'all_empty' = only when all three towers are empty, so a standing "
                   "side tower leaves him without defence.", choices=("target", "all_empty")),
        OptionSpec("ace_trigger", "lead", "When an ace fires (特殊牌 「出牌时若以该牌的花色为行动花色」, gap 0-15): "
                   "'lead' = only when the ace itself is the action card; 'suit' = whenever its suit is the action "
                   "suit (an A♠ beside a leading 5♠ fires too).", choices=("lead", "suit")),
        OptionSpec("joint_joker", False, "Joint defence (防守2, substitute=joint): false = the attacked warrior may "
                   "not add a Joker (it could not lead); true = he may, and it adds its 15 without leading "
                   "(特殊牌1 「固定伤害即无需为行动花色」), the substitute's card still leading."),
        OptionSpec("late_coin", "hold", "A spiral coin drawn in kill draws or the wizard's end draw (游戏开始3 "
                   "「若抓到螺旋硬币，则跳过此回合」): 'hold' = it is held (no defence) and goes back at the holder's "
                   "next turn start, which is played; 'stall' = that next turn is skipped, as if drawn then."),
        OptionSpec("heal_saves", True, "♥A supply (特殊牌3 「战斗伤害结算后，我方获得数点生命值」, gap 0-25): true = "
                   "deaths are checked after the heal, so it saves a player the battle damage took to 0 or below; "
                   "false = such a player is already dead and gets no heal."),
        OptionSpec("coin_bars_wizard", True, "The coin rule for the wizard (防守3 「有螺旋硬币的勇士不能防守」, gap "
                   "0-8): true = a coin-holding wizard cannot defend either (his tower defends with all its own "
                   "cards, unchosen); false = the rule names warriors only, so he defends as usual."),
        OptionSpec("wizard_remembers_towers", True, "Rule 5 (巫师塔上的牌…一经设置好巫师就不能查看，只能靠"
                   "记忆): true = he remembers what he set — his view shows his tower cards and his log names each "
                   "card he places; false = he keeps no memory — once a card is on a tower neither his view nor "
                   "his log names it to him again, even when it goes back after a battle."),
    ),
)
