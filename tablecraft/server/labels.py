"""The lobby's words for every game option: a player-facing label and help line in Chinese and English, names for
the choices of a closed set, which group the option belongs to, and each game's sensible number of seats.

The games' own ``OptionSpec.doc`` texts are written for designers (they cite the seed clause and the gap a variant
resolves); these are written for players. The data lives here, beside the server that shows it, so the games keep
their specs as they are; ``tests/server/test_option_labels.py`` fails when a registered game has an option with no
words here, so a new option cannot reach the lobby as raw ``snake_case``.

Groups: ``game`` — what a player picks for an ordinary game (shown open); ``variant`` — house rules, alternative
readings of the rule text (collapsed, defaults are the rules as written); ``designer`` — tools for testing heroes and
long games (collapsed, last).

>>> option_words("fate", "mode")["label"]["zh"]
'模式'
>>> default_seats("fate")
5
"""

from __future__ import annotations

from typing import Any

Words = dict[str, str]
"""One text in both languages: ``{"zh": …, "en": …}``."""


def _w(zh: str, en: str) -> Words:
    return {"zh": zh, "en": en}


YES_NO = {True: _w("是", "yes"), False: _w("否", "no")}

OPTIONS: dict[str, dict[str, dict[str, Any]]] = {
    "fate": {
        "mode": {
            "group": "game", "label": _w("模式", "Mode"),
            "help": _w("自动：2 人为单挑（三英雄轮换），3 人为三人混战，4–8 人为身份局。",
                       "Auto: 2 players duel with three heroes each, 3 play free-for-all, 4–8 play the identity game."),
            "choices": ["auto", "identity", "1v1", "1v1v1", "2v2"],
            "choice_words": {"auto": _w("按人数自动", "by the number of players"),
                             "identity": _w("身份局（4–8 人）", "identity game (4–8)"),
                             "1v1": _w("单挑（2 人）", "duel (2)"),
                             "1v1v1": _w("三人混战（3 人）", "free-for-all (3)"),
                             "2v2": _w("二对二（4 人）", "two against two (4)")},
        },
        "six_split": {
            "group": "game", "label": _w("6 人局身份分配", "Identities at 6 players"),
            "help": _w("2/2/2：两名忠臣、两名反贼、两名内奸；3/3/0：三对三，没有内奸。",
                       "2/2/2: two loyalists, two rebels, two renegades; 3/3/0: three against three, no renegade."),
            "choice_words": {"2/2/2": _w("2/2/2（含内奸）", "2/2/2 (with renegades)"),
                             "3/3/0": _w("3/3/0（无内奸）", "3/3/0 (no renegade)")},
        },
        "texts": {
            "group": "variant", "label": _w("卡牌与技能文本", "Card and skill texts"),
            "help": _w("默认：常用文本；原版：全部使用最早的文本；重生版：重生版的四张卡牌和八名英雄的数值。",
                       "Default: the usual texts; original: the first edition's texts throughout; reborn: the "
                       "reborn edition's four cards and eight heroes' numbers."),
            "choice_words": {"default": _w("默认", "default"), "thefate": _w("原版", "original"),
                             "reborn": _w("重生版", "reborn")},
        },
        "hero_candidates": {
            "group": "game", "label": _w("可选英雄数", "Heroes to choose from"),
            "help": _w("开局时每人从几名英雄中挑选一名。", "How many heroes each player picks one from at the start."),
        },
        "heroes": {
            "group": "designer", "label": _w("英雄池", "Hero pool"),
            "help": _w("只从这些英雄中发候选（英雄代号，用逗号分隔；留空为全部英雄）。",
                       "Deal candidates from these heroes only (hero codes, comma-separated; empty: every hero)."),
        },
        "siren_shield": {
            "group": "variant", "label": _w("海妖之歌的保护何时开始", "When Siren's Song starts protecting"),
            "help": _w("生效时：在该牌生效的判定时开始，到目标下回合开始；放置时：放下时开始，到使用者下回合开始。",
                       "When it takes effect: from its status check until the target's next turn; when placed: from "
                       "placing it until its user's next turn."),
            "choice_words": {"status": _w("生效时", "when it takes effect"),
                             "placed": _w("放置时", "when placed")},
        },
        "duel_defeat": {
            "group": "variant", "label": _w("单挑的胜负", "Duel defeat"),
            "help": _w("首位阵亡：第一名英雄阵亡即输；全部阵亡：阵亡英雄由后备替换，三名英雄都阵亡才输。",
                       "First fall: the first hero to die loses the game; all fallen: a fallen hero is replaced from "
                       "the bench, a player loses with the last of three."),
            "choice_words": {"first": _w("首位阵亡即输", "first fall loses"),
                             "all": _w("三名英雄全部阵亡才输", "lose with the last of three")},
        },
        "max_turns": {
            "group": "designer", "label": _w("回合上限", "Turn limit"),
            "help": _w("进行这么多回合后，游戏以平局结束。", "After this many turns the game ends in a draw."),
        },
    },
    "wild-hunters": {
        "demon_king": {
            "group": "game", "label": _w("惡鬼王", "Demon king"),
            "help": _w("與哪一位惡鬼王作戰；隨機為開局時抽取。", "Which demon king you fight; random draws one at the start."),
            "choice_words": {"random": _w("隨機", "random"), "blaze": _w("焚天鬼王", "Blazefiend"),
                             "tide": _w("淵潮鬼王", "Tidefiend"), "stone": _w("岩獄鬼王", "Stonefiend"),
                             "storm": _w("雷殛鬼王", "Stormfiend"), "gale": _w("颶風鬼王", "Galefiend")},
        },
        "heroes": {
            "group": "designer", "label": _w("英雄（按座位）", "Heroes by seat"),
            "help": _w("按座位順序填英雄代號，用逗號分隔（water, fire, rock, thunder, wind）；留空按預設順序。",
                       "Hero codes in seat order, comma-separated (water, fire, rock, thunder, wind); empty: the "
                       "usual order."),
        },
        "map": {
            "group": "game", "label": _w("地圖", "Map"),
            "help": _w("參考圖：規則書中的六邊形地圖；隨機：每局生成不同的地圖。",
                       "Reference: the rule book's hexagon map; random: a different map every game."),
            "choice_words": {"reference": _w("參考圖", "reference"), "random": _w("隨機", "random")},
        },
        "unused_camps": {
            "group": "variant", "label": _w("無人使用的營地", "Camps nobody plays"),
            "help": _w("放入地圖：洗進地圖板塊；收起：不使用。",
                       "Into the map: shuffled in with the map tiles; in the box: left out."),
            "choice_words": {"map": _w("放入地圖", "into the map"), "box": _w("收起", "in the box")},
        },
        "king_life": {
            "group": "variant", "label": _w("惡鬼王生命", "Demon king's life"),
            "help": _w("調校：每張惡鬼王牌按英雄人數的生命與怒氣上限表，普通難度的隊伍約贏一半；"
                       "初稿：生命 4 + 2 × 英雄人數，怒氣上限 5 + 英雄人數。",
                       "Tuned: each demon king card's life and temper for the number of heroes, so a team of "
                       "normal heroes wins about half the time; draft: life 4 + 2 × heroes, temper 5 + heroes."),
            "choice_words": {"tuned": _w("調校", "tuned"), "draft": _w("初稿", "draft")},
        },
        "king_hp": {
            "group": "designer", "label": _w("惡鬼王生命（固定）", "Demon king's life (fixed)"),
            "help": _w("為設計者固定惡鬼王的起始生命；0 表示按惡鬼王牌。",
                       "Fixes the demon king's starting life for a designer's search; 0: from his card."),
        },
        "king_temper": {
            "group": "designer", "label": _w("惡鬼王怒氣上限（固定）", "Demon king's temper (fixed)"),
            "help": _w("為設計者固定惡鬼王爆發（得到詛咒）時的怒氣；0 表示按惡鬼王牌。",
                       "Fixes the rage at which the demon king unleashes a curse, for a designer's search; "
                       "0: from his card."),
        },
        "hero_hp": {
            "group": "game", "label": _w("英雄生命", "Hero life"),
            "help": _w("每位英雄的生命值。", "Each hero's life points."),
        },
        "acquire_limit": {
            "group": "game", "label": _w("每回合汲取次數", "Draws from the spirit supply per turn"),
            "help": _w("每回合最多從靈力供應區汲取幾次。", "How many times a turn a hero may draw on the spirit supply."),
        },
        "sword_release": {
            "group": "variant", "label": _w("釋放劍能", "Release sword energy"),
            "help": _w("攻擊時可以釋放劍能，每點 +1 傷害；關閉時劍能只用於第三能量。",
                       "An attack may release sword energy for +1 damage each; off: it only counts toward the "
                       "third energy."),
        },
        "perks": {
            "group": "variant", "label": _w("主職業特長", "Main profession perk"),
            "help": _w("主職業的特長生效；關閉時職業只決定專注元素。",
                       "The main profession's perk applies; off: professions only set the focus element."),
        },
        "demon_face": {
            "group": "variant", "label": _w("鬼面骰面加怒氣", "Demon face adds rage"),
            "help": _w("攻擊骰擲出鬼面時，惡鬼王怒氣 +1。", "An attack die showing the demon's face adds 1 rage."),
        },
        "move_match": {
            "group": "variant", "label": _w("移動時比較的元素", "Moving: which element must match"),
            "help": _w("目標板塊：1 張與板塊同元素的牌，或 2 張同元素的其他牌；出發板塊：按英雄所在板塊的元素比較。",
                       "Target tile: 1 card of the tile's element, or 2 cards sharing another; starting tile: "
                       "compared with the tile the hero stands on."),
            "choice_words": {"card": _w("目標板塊", "target tile"), "origin": _w("出發板塊", "starting tile")},
        },
        "acquire_counts": {
            "group": "variant", "label": _w("汲取算作行動", "Drawing counts as the action"),
            "help": _w("汲取可以作為本回合必須的行動；關閉時只有移動、攻擊、專注、休息可以結束回合。",
                       "Drawing on the supply is the turn's required action; off: only move, attack, focus or rest "
                       "end a turn."),
        },
        "exhaustion": {
            "group": "variant", "label": _w("力竭何時判負", "When exhaustion loses"),
            "help": _w("立即：手牌和牌庫降到 4 張的瞬間就輸（付費途中也算）；行動後：每個完整行動結束後才檢查，"
                       "用最後的牌打出致命一擊仍能獲勝。",
                       "At once: the moment a hero's hand and deck fall to 4, even while paying; after the action: "
                       "checked after each whole action, so a final blow paid with the last cards still wins."),
            "choice_words": {"moment": _w("立即", "at once"), "action": _w("行動後", "after the action")},
        },
    },
    "wizard-towers": {
        "warrior_hp": {
            "group": "game", "label": _w("勇士生命", "Warrior HP"),
            "help": _w("每名勇士的初始生命（规则：100）。", "Each warrior's starting HP (rules: 100)."),
        },
        "wizard_hp": {
            "group": "game", "label": _w("巫师生命", "Wizard HP"),
            "help": _w("巫师的初始生命（规则：150）。", "The wizard's starting HP (rules: 150)."),
        },
        "warrior_hand_limit": {
            "group": "game", "label": _w("勇士手牌上限", "Warrior hand limit"),
            "help": _w("勇士最多持有几张手牌（规则：3）。", "Most cards a warrior may hold (rules: 3)."),
        },
        "wizard_hand_limit": {
            "group": "game", "label": _w("巫师手牌上限", "Wizard hand limit"),
            "help": _w("巫师最多持有几张手牌（规则：5）。", "Most cards the wizard may hold (rules: 5)."),
        },
        "max_turns": {
            "group": "designer", "label": _w("回合上限", "Turn limit"),
            "help": _w("开始这么多回合后，游戏以平局结束。", "When this many turns have started the game ends in a draw."),
        },
        "wizard_target": {
            "group": "variant", "label": _w("何时可以直接攻击巫师", "When the wizard can be attacked"),
            "help": _w("主塔空：主塔无牌即可；连塔：主塔和一座副塔都空时才可以。",
                       "Main tower empty: whenever the main tower is empty; chain: only while a side tower is empty "
                       "too."),
            "choice_words": {"main_empty": _w("主塔空", "main tower empty"), "chain": _w("连塔", "chain")},
        },
        "alliance": {
            "group": "variant", "label": _w("勇士同盟", "Warriors' alliance"),
            "help": _w("巫师在世时，勇士之间不能互相攻击。", "Warriors may not attack each other while the wizard lives."),
        },
        "substitute": {
            "group": "variant", "label": _w("替身防守", "Substitute defence"),
            "help": _w("联合：被攻击的勇士可以在替身的牌旁再加一张；单独：只有替身出牌。",
                       "Joint: the attacked warrior may add a card beside the substitute's; alone: only the "
                       "substitute plays."),
            "choice_words": {"joint": _w("联合", "joint"), "alone": _w("单独", "alone")},
        },
        "joker_must_lead": {
            "group": "variant", "label": _w("王牌必须领出", "A Joker always leads"),
            "help": _w("打出的王牌总是行动牌；关闭时王牌可以只加 15 点。",
                       "A played Joker is always the action card; off: it may just add its 15."),
        },
        "heal_cap": {
            "group": "variant", "label": _w("治疗不超过初始生命", "Healing capped at starting HP"),
            "help": _w("红桃 A 的补给不能让生命超过初始值。", "The ♥A supply cannot heal above starting HP."),
        },
        "coin_skip_end_draw": {
            "group": "variant", "label": _w("跳过回合仍摸牌", "A skipped wizard still draws"),
            "help": _w("巫师因螺旋硬币跳过回合时，仍在回合结束时摸牌。",
                       "A wizard whose turn a spiral coin skips still draws at the end of the turn."),
        },
        "tower_hand_cards": {
            "group": "variant", "label": _w("塔防可加手牌", "Towers may add a hand card"),
            "help": _w("巫师塔防守时，巫师可以在塔牌旁加一张手牌；关闭时塔只用自己的牌防守。",
                       "When a tower defends the wizard may add a hand card beside a tower card; off: a tower "
                       "defends with its own cards only."),
        },
        "wizard_self_defence": {
            "group": "variant", "label": _w("巫师何时可以自己防守", "When the wizard defends himself"),
            "help": _w("被直接攻击时：主塔空后即可；三塔全空：三座塔都空时才可以。",
                       "When targeted: once the main tower is empty; all empty: only when all three towers are "
                       "empty."),
            "choice_words": {"target": _w("被直接攻击时", "when targeted"),
                             "all_empty": _w("三塔全空", "all towers empty")},
        },
        "ace_trigger": {
            "group": "variant", "label": _w("A 何时发动", "When an ace fires"),
            "help": _w("领出：A 本身是行动牌时；同花色：行动花色与 A 相同时（旁边的 A 也发动）。",
                       "Leading: when the ace itself is the action card; suit: whenever its suit is the action "
                       "suit."),
            "choice_words": {"lead": _w("领出", "leading"), "suit": _w("同花色", "suit")},
        },
        "joint_joker": {
            "group": "variant", "label": _w("联合防守可加王牌", "Joker in a joint defence"),
            "help": _w("联合防守时，被攻击的勇士可以加一张王牌（加 15 点，不领出）。",
                       "In a joint defence the attacked warrior may add a Joker (its 15, without leading)."),
        },
        "late_coin": {
            "group": "variant", "label": _w("迟到的螺旋硬币", "A spiral coin drawn late"),
            "help": _w("持有：拿着硬币（不能防守），下回合开始时归还并照常行动；停顿：下一回合被跳过。",
                       "Hold: it is held (no defence) and returned at the next turn, which is played; stall: the "
                       "next turn is skipped."),
            "choices": ["hold", "stall"],
            "choice_words": {"hold": _w("持有", "hold"), "stall": _w("停顿", "stall")},
        },
        "heal_saves": {
            "group": "variant", "label": _w("治疗可以救命", "Healing can save a life"),
            "help": _w("先结算红桃 A 的治疗再判定死亡，可以救回被打到 0 的玩家。",
                       "Deaths are checked after the ♥A heal, so it can save a player knocked to 0."),
        },
        "coin_bars_wizard": {
            "group": "variant", "label": _w("硬币也禁止巫师防守", "A coin bars the wizard's defence too"),
            "help": _w("持有螺旋硬币的巫师也不能防守。", "A wizard holding a spiral coin cannot defend either."),
        },
        "wizard_remembers_towers": {
            "group": "variant", "label": _w("巫师记得塔上的牌", "The wizard remembers his towers"),
            "help": _w("关闭（规则）：巫师看不到塔上的牌；开启：巫师记得自己放下的每一张。",
                       "Off (the rules): the wizard cannot look at tower cards; on: he remembers each one he placed."),
        },
    },
    "xeno-faction": {
        "life": {
            "group": "game", "label": _w("生命点数", "Life points"),
            "help": _w("双方的初始生命（30–100）。", "Each player's starting life (30–100)."),
        },
        "max_turns": {
            "group": "designer", "label": _w("回合上限", "Turn limit"),
            "help": _w("进行这么多回合后，游戏以平局结束。", "After this many turns the game ends in a draw."),
        },
        "pair_uses_row": {
            "group": "variant", "label": _w("对子占用本排的放置", "A pair uses the row's placement"),
            "help": _w("从额外区放出对子算作该排本回合唯一一次放置；关闭时对子放在该排单牌之上。",
                       "Placing a pair from an extra zone is that row's one placement this turn; off: it comes on "
                       "top of the row's single card."),
        },
        "dispel": {
            "group": "variant", "label": _w("解万法者移除", "The dispeller removes"),
            "help": _w("整排：所选一排的花牌全部移除；挑选：移除其中一张或两张。",
                       "Whole row: every face card of the chosen row goes; pick: the user removes one or both."),
            "choice_words": {"row": _w("整排", "whole row"), "pick": _w("挑选", "pick")},
        },
        "clash_self_damage": {
            "group": "variant", "label": _w("大王对决放牌扣血", "Clash placements hurt"),
            "help": _w("大王对决时从手牌放到场上的牌算作特殊放置，每张 1 点伤害。",
                       "Cards put from hand in a big-joker clash are special placements: 1 damage each."),
        },
        "clash_hearts": {
            "group": "variant", "label": _w("对决也放红桃", "Clash puts down hearts too"),
            "help": _w("第 1、2 排的大王对决时，可放在这两排的红桃普通牌也一起放下。",
                       "In a clash in row 1 or 2, the ♥ normal cards that may stand there go down too."),
        },
        "knight_damage": {
            "group": "variant", "label": _w("小王消灭大王的伤害", "Damage when the small joker removes a big joker"),
            "help": _w("大王被小王消灭时，大王的主人受到的伤害（0：不受伤；10：与对决相同）。",
                       "Damage to the owner of a big joker the small joker removes (0: none; 10: as in a clash)."),
        },
        "extra_summon_damage": {
            "group": "variant", "label": _w("从额外区召唤扣血", "Summoning from an extra zone hurts"),
            "help": _w("分裂新生从额外区取出的牌也造成 1 点伤害。",
                       "A card summoned from an extra zone deals 1 damage like every special placement."),
        },
        "face_rows_occupied": {
            "group": "variant", "label": _w("只有花牌的排也算有牌", "Rows of face cards count as occupied"),
            "help": _w("只放着花牌的一排也能被攻击（总点数 0），输掉时失去一张花牌。",
                       "A row holding only face cards can be attacked (total 0) and loses a face card when beaten."),
        },
        "clash_faces": {
            "group": "variant", "label": _w("对决也放花牌", "Clash puts down face cards too"),
            "help": _w("大王对决时，手牌中该排花色的 J/Q/K 也作为花牌放下，每张为对决总点数 +1。",
                       "In a clash the row suit's J/Q/K in hand go down as face cards too, each adding 1 to the "
                       "clash total."),
        },
        "first_turn_draw": {
            "group": "game", "label": _w("先手首回合摸牌", "First player's first draw"),
            "help": _w("先手第一回合摸几张（规则：2）；少摸可以抵消先手优势。",
                       "Cards the first player draws on turn 1 (rules: 2); fewer evens out the first move."),
        },
        "second_turn_draw": {
            "group": "game", "label": _w("后手首回合摸牌", "Second player's first draw"),
            "help": _w("后手第一回合摸几张（规则：2）；多摸可以抵消先手优势。",
                       "Cards the second player draws on their first turn (rules: 2); more evens out the first move."),
        },
        "joker_direct_row_damage": {
            "group": "variant", "label": _w("大王直接攻击加排点数", "Big joker's direct attack adds the row"),
            "help": _w("大王直接攻击时，除了随机五张牌的伤害，再加上该排的总点数。",
                       "A big joker's direct attack deals the row's total on top of the five random deck cards."),
        },
    },
}
"""Per game, per option: ``group``, ``label`` and ``help`` (both languages), ``choice_words`` for a closed set of
values, and ``choices`` where the game's spec takes free text but only a closed set makes sense."""

DEFAULT_SEATS: dict[str, int] = {"fate": 5, "wild-hunters": 2}
"""The number of seats the lobby proposes when a game allows several (else the game's fewest): fate's classic
five-player identity game, wild-hunters with one partner."""


def option_words(game_id: str, option: str) -> dict[str, Any]:
    """The lobby's words for one option; ``KeyError`` naming the game and option when there are none."""
    try:
        return OPTIONS[game_id][option]
    except KeyError:
        raise KeyError(f"no lobby words for option {option!r} of {game_id!r} (tablecraft/server/labels.py)") from None


def default_seats(game_id: str) -> int | None:
    """The seat count the lobby preselects for ``game_id``, or ``None`` for the game's fewest."""
    return DEFAULT_SEATS.get(game_id)


def labelled_option(game_id: str, option: dict[str, Any]) -> dict[str, Any]:
    """A game's option summary (``GameSpec.describe()["options"][i]``) with its lobby words: ``label`` and
    ``help`` (``{"zh", "en"}``), ``group``, ``choices`` (when the words close a free-text option) and
    ``choice_words`` (``{value: {"zh", "en"}}``). An option without words keeps its name as its label."""
    words = OPTIONS.get(game_id, {}).get(option["name"])
    out = dict(option)
    if words is None:
        out.update(label={"zh": option["name"], "en": option["name"]}, help={"zh": "", "en": ""}, group="variant")
        return out
    out.update(label=words["label"], help=words["help"], group=words["group"])
    if words.get("choices") and not option.get("choices"):
        out["choices"] = list(words["choices"])
    if "choice_words" in words:
        out["choice_words"] = words["choice_words"]
    elif isinstance(option.get("default"), bool):
        out["choice_words"] = {str(k).lower(): v for k, v in YES_NO.items()}
    return out
