"""Player-facing names and rules text of fate (宿命): cards, heroes, fates and identities, in Chinese and English.

Pure data, no logic. Every text is tablecraft's own wording of the rule (never a source's), written to match
``docs/rules/fate.md``. Keys are the Chinese names exactly as ``shared/reference/004-fate.md`` writes them, so the
rules data (card, hero and fate definitions) and this module meet on the same ids.

English names are the official ones of the DotAHero client (2013): its card, hero, skill and identity enums
(``kPlayingCardEyeOfSkadi``, ``kHeroCardSkeletonKing``, ``kHeroSkillReincarnation``, ``kRoleCardSentinel``), spaced
into words; fate names are those of the reference's fate table.

Text sets (the reference's gap 4-1 data switch). The texts of the two sources differ for some cards and skills:

- ``CARD_TEXT`` / ``HERO_TEXT`` hold the **default** set: TheFate's texts, except the four skills that live in the
  cast phase (施法阶段) the seed keeps — 血之狂暴, 竭心光环, 薄葬 and 水晶室女's 冰霜禁制 — which take fate_reborn's
  cast-phase version.
- ``CARD_TEXT_REBORN`` and ``HERO_TEXT_REBORN`` hold fate_reborn's version of every card and hero that differs
  from the default (a hero's whole entry, since fate_reborn sometimes drops a skill). The six heroes absent from
  fate_reborn have no entry there.
- ``HERO_TEXT_THEFATE`` holds TheFate's version of the heroes whose default text is fate_reborn's (冰封禁制, which
  nullifies another hero's 【攻击】/【闪避】; the dying-window 薄葬; the active 血之狂暴). ``hero_text(key, texts)``
  gives a hero's text in the engine's text set (the ``texts`` option).

>>> CARD_TEXT["闪避"].name_en
'Evasion'
>>> [s.name_en for s in HERO_TEXT["骷髅王"].skills]
['Reincarnation', 'Vampiric Aura']
>>> len(CARD_TEXT), len(HERO_TEXT), len(FATE_TEXT), sorted(IDENTITY_TEXT)
(37, 33, 8, ['中立', '天灾', '近卫'])
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CardText:
    """The names and rules text of one card type (牌).

    ``text_*`` is the card's normal effect; ``strengthened_*`` (强化效果) is what paying 1 rage changes for a
    strengthenable magic card, and is None for every other card. S cards (S技牌) state their rage cost in the text.
    """

    name_zh: str
    name_en: str
    text_zh: str
    text_en: str
    strengthened_zh: str | None = None
    strengthened_en: str | None = None


@dataclass(frozen=True, slots=True)
class SkillText:
    """The names and rules text of one hero skill (技能); the text starts with its kind when it has one
    (主动 active, 施法 cast phase, 限定 once per game, 可驱散 dispellable)."""

    name_zh: str
    name_en: str
    text_zh: str
    text_en: str


@dataclass(frozen=True, slots=True)
class HeroText:
    """The names of one hero (英雄) and the texts of its skills, in the order printed on the hero card.

    ``alias_zh`` is the hero's name in fate_reborn where that build renames it (美杜莎 for 蛇发女妖, …).
    """

    name_zh: str
    name_en: str
    skills: tuple[SkillText, ...]
    alias_zh: str | None = None


@dataclass(frozen=True, slots=True)
class FateText:
    """A fate card (宿命牌): the neutral side's private victory condition for the game."""

    name_zh: str
    name_en: str
    text_zh: str
    text_en: str


@dataclass(frozen=True, slots=True)
class IdentityText:
    """An identity (身份): the faction printed on an identity card and how that faction wins."""

    name_zh: str
    name_en: str
    text_zh: str
    text_en: str


def _card(name_zh: str, name_en: str, text_zh: str, text_en: str,
          strengthened_zh: str | None = None, strengthened_en: str | None = None) -> tuple[str, CardText]:
    return name_zh, CardText(name_zh, name_en, text_zh, text_en, strengthened_zh, strengthened_en)


def _hero(name_zh: str, name_en: str, *skills: SkillText, alias_zh: str | None = None) -> tuple[str, HeroText]:
    return name_zh, HeroText(name_zh, name_en, tuple(skills), alias_zh)


_S = SkillText

_ATTACK_NOTE_ZH = "出牌阶段，指定你攻击范围内的一名其他角色为目标；除非其打出【闪避】抵消，否则你对其造成1点伤害"
_ATTACK_NOTE_EN = ("Play phase: target another hero within your attack range; unless they cancel it with an Evasion, "
                   "you deal them 1 damage")

CARD_TEXT: dict[str, CardText] = dict([
    # ---- 基本牌 basic cards --------------------------------------------------------------------------------
    _card("普通攻击", "Normal Attack",
          _ATTACK_NOTE_ZH + "。三种【攻击】每个出牌阶段合计限用一张。",
          _ATTACK_NOTE_EN + ". The three kinds of Attack share the limit of one per play phase."),
    _card("火焰攻击", "Flame Attack",
          _ATTACK_NOTE_ZH + "。若造成了伤害，目标在因伤害获得怒气后，再额外获得1点怒气。",
          _ATTACK_NOTE_EN + ". If it deals damage, the target gains 1 more rage after the rage the damage gives."),
    _card("混乱攻击", "Chaos Attack",
          _ATTACK_NOTE_ZH + "。若造成了伤害，你（攻击者）获得1点怒气。",
          _ATTACK_NOTE_EN + ". If it deals damage, you (the attacker) gain 1 rage."),
    _card("闪避", "Evasion",
          "当你成为【攻击】的目标，或某效果要求你打出【闪避】时，打出此牌，抵消那张【攻击】（或满足该要求）。",
          "When you are the target of an Attack, or an effect asks you for an Evasion, play this card to cancel "
          "that Attack (or meet the demand)."),
    _card("治疗药膏", "Healing Salve",
          "出牌阶段，若你已受伤，你回复1点体力；或当任意角色处于濒死状态时，对其使用，其回复1点体力。",
          "In your play phase, if you are wounded, heal yourself 1 HP; or, while any hero is dying, use it on that "
          "hero to heal them 1 HP."),
    # ---- 魔法牌 magic cards (can be dispelled) --------------------------------------------------------------
    _card("狂热", "Fanaticism",
          "出牌阶段，仅能对你自己使用：你对自己造成1点伤害，本回合你使用【攻击】不限次数。不能强化。",
          "Play phase, on yourself only: you deal 1 damage to yourself, and for the rest of this turn you may use "
          "any number of Attacks. Cannot be strengthened."),
    _card("误导", "Mislead",
          "出牌阶段，选择两名角色A与B（A至少有1点怒气，B的怒气未达上限）：A失去1点怒气并摸一张牌，然后B获得1点怒气。",
          "Play phase: choose two heroes A and B, A holding at least 1 rage and B below the rage limit. A loses 1 "
          "rage and draws a card; then B gains 1 rage."),
    _card("查克拉", "Chakra",
          "出牌阶段，对你自己使用：摸一张牌；然后你可以猜一种颜色并亮出牌堆顶的牌，猜中则获得之并可以继续猜，"
          "猜错则将其弃置并停止。",
          "Play phase, on yourself: draw a card. Then you may name a colour and reveal the top card of the deck: "
          "if you were right, take it and you may name again; if wrong, discard it and stop."),
    _card("野性之斧", "Wild Axe",
          "出牌阶段，选择一名其他角色：从你身边起，沿通往该角色较近的一侧，路径上直至该角色（含）的每名角色依次"
          "打出一张【闪避】，否则受到你造成的1点伤害。两侧距离相等时由你选择方向。",
          "Play phase: choose another hero. Starting next to you and going the shorter way round the table to "
          "that hero, every hero on the way, the chosen one included, in turn plays an Evasion or takes 1 damage "
          "from you. When both ways are equally long, you choose."),
    _card("驱散", "Dispel",
          "当一张魔法牌或一个可驱散的技能发动、尚未生效时，使用此牌令其无效。【驱散】本身也可以被【驱散】。",
          "When a magic card or a dispellable skill is used, before it takes effect, use this card to cancel it. "
          "A Dispel can itself be dispelled."),
    _card("缴械", "Disarm",
          "出牌阶段，选择一名装备区有牌的其他角色：弃置其装备区的一张牌。",
          "Play phase: choose another hero with equipment: discard one of their equipped cards.",
          "改为将该装备牌收入你的手牌。",
          "Take that equipment card into your hand instead."),
    _card("月神之箭", "Elune's Arrow",
          "出牌阶段，选择一名其他角色并说出一种颜色：其须弃置一张该颜色的手牌，否则受到你造成的1点伤害。",
          "Play phase: choose another hero and name a colour: they must discard a hand card of that colour, or "
          "take 1 damage from you.",
          "改为说出一种花色，其须弃置该花色的手牌。",
          "Name a suit instead of a colour; they must discard a hand card of that suit."),
    _card("能量转移", "Energy Transport",
          "出牌阶段：亮出牌堆顶X张牌（X为存活角色数），从你开始按行动顺序，每名存活角色选择其中一张收入手牌。",
          "Play phase: reveal the top X cards of the deck (X = living heroes); starting with you and in action "
          "order, each living hero takes one of them into their hand.",
          "分配完毕后，你再摸一张牌。",
          "When every card has been taken, you draw one more card."),
    _card("贪婪", "Greed",
          "出牌阶段，选择一名其他角色：将其两张手牌或其装备区的一张牌背面朝上移出；然后其从你的手牌中随机抽取一张；"
          "最后你获得移出的牌。",
          "Play phase: choose another hero and set aside face down either two of their hand cards or one of their "
          "equipped cards. They then take one card at random from your hand. Finally you take the set-aside cards.",
          "改为由你选择交给其哪一张手牌。",
          "You choose which of your hand cards they get, instead of a random one."),
    _card("海妖之歌", "Siren Song",
          "出牌阶段，将此牌置于一名其他角色的状态区：其下个回合跳过摸牌、出牌和弃牌阶段，且在一轮之内不受任何技能和"
          "手牌的影响。",
          "Play phase: place this card in another hero's status zone. In their next turn they skip the draw, play "
          "and discard phases, and for one round nothing from a skill or a hand card can affect them.",
          "也可以将此牌置于你自己的状态区。",
          "You may place it in your own status zone as well."),
    # ---- S技牌 super-skill cards (cost rage, cannot be dispelled) ------------------------------------------
    _card("神之力量", "God's Strength",
          "S技牌，消耗2点怒气，出牌阶段使用：你摸一张牌，本回合你的【攻击】伤害+1。",
          "S card, costs 2 rage, play phase: draw a card; for the rest of this turn your Attacks deal 1 more "
          "damage."),
    _card("蝮蛇突袭", "Viper Raid",
          "S技牌，消耗2点怒气，出牌阶段选择一名其他角色：其弃置三张手牌（不足则全部弃置）；若其因此弃置的牌不多于"
          "一张，你对其造成1点伤害。",
          "S card, costs 2 rage, play phase: choose another hero; they discard three hand cards (all if fewer). If "
          "they discarded one card or none this way, you deal them 1 damage."),
    _card("时间静止", "Time Lock",
          "S技牌，消耗2点怒气，出牌阶段使用：除你以外的所有角色在其下个回合跳过摸牌、出牌和弃牌阶段。",
          "S card, costs 2 rage, play phase: every hero except you skips the draw, play and discard phases of "
          "their next turn."),
    _card("灵魂隔断", "Sunder",
          "S技牌，消耗3点怒气，出牌阶段选择一名其他角色：你与其交换当前体力值；之后你们之中体力为1的角色回复至2点。",
          "S card, costs 3 rage, play phase: choose another hero; you and they swap current HP. Afterwards either "
          "of you left at 1 HP goes up to 2."),
    _card("神灭斩", "Laguna Blade",
          "S技牌，消耗3点怒气，出牌阶段选择一名其他角色：其可以连续打出至多三张【闪避】，然后受到你造成的3−X点伤害"
          "（X为其打出的【闪避】数）。",
          "S card, costs 3 rage, play phase: choose another hero; they may play up to three Evasions one after "
          "another, then take 3 − X damage from you (X = Evasions played)."),
    # ---- 武器 weapons (attack range in brackets) ---------------------------------------------------------
    _card("冰魄之眼", "Eye of Skadi",
          "武器，攻击范围1。你的【攻击】需要连续两张【闪避】才能抵消。",
          "Weapon, range 1. Your Attacks need two Evasions to be cancelled."),
    _card("攻击之爪", "Blades of Attack",
          "武器，攻击范围2。你可以将红色手牌当【普通攻击】使用或打出。",
          "Weapon, range 2. You may use or play any red hand card as a Normal Attack."),
    _card("圣者遗物", "Sacred Relic",
          "武器，攻击范围2。你的黑色【攻击】造成伤害时，你可以令伤害+1。装备此牌时你不能装备防具（已有的防具弃置）。",
          "Weapon, range 2. When a black Attack of yours deals damage you may add 1 to it. While it is equipped you "
          "can have no armour (an armour you wear is discarded)."),
    _card("恶魔刀锋", "Demon Edge",
          "武器，攻击范围2。你的【攻击】令目标进入濒死状态时，此次濒死中任何角色都不能对其使用【治疗药膏】。",
          "Weapon, range 2. When your Attack puts its target into the dying state, nobody may use Healing Salve "
          "on them during that dying state."),
    _card("散失之刃", "Diffusal Blade",
          "武器，攻击范围3。你可以将任意两张手牌当【驱散】使用。",
          "Weapon, range 3. You may use any two hand cards together as a Dispel."),
    _card("洛萨之锋", "Lothar's Edge",
          "武器，攻击范围3。你可以将黑色手牌当【闪避】使用或打出。",
          "Weapon, range 3. You may use or play any black hand card as an Evasion."),
    _card("黯灭之刃", "Stygian Desolator",
          "武器，攻击范围3。你的【攻击】每造成一次伤害，你获得1点怒气。",
          "Weapon, range 3. Each time your Attack deals damage you gain 1 rage."),
    _card("散夜对剑", "Sange and Yasha",
          "武器，攻击范围3。你可以将任意两张手牌当【普通攻击】使用或打出；若这两张都是【攻击】，此【攻击】不能被闪避。",
          "Weapon, range 3. You may use or play any two hand cards together as a Normal Attack; if both are Attack "
          "cards, that Attack cannot be evaded."),
    _card("掠夺之斧", "Plunder Axe",
          "武器，攻击范围3。可装备给任意角色。若装备者为力量型英雄，其【攻击】命中后摸一张牌。",
          "Weapon, range 3. May be equipped onto any hero. If its holder is a strength hero, they draw a card each "
          "time their Attack hits."),
    _card("神秘法杖", "Mystic Staff",
          "武器，攻击范围3。可装备给任意角色。若装备者为智力型英雄，其出牌阶段限一次，可以弃置X张牌并摸X−1张牌。",
          "Weapon, range 3. May be equipped onto any hero. If its holder is an intelligence hero, once in each of "
          "their play phases they may discard X cards and draw X − 1."),
    _card("鹰角弓", "Eaglehorn",
          "武器，攻击范围4。可装备给任意角色。若装备者为敏捷型英雄，其【攻击】命中后可以继续使用【攻击】。",
          "Weapon, range 4. May be equipped onto any hero. If its holder is an agility hero, after one of their "
          "Attacks hits they may go on using Attacks."),
    _card("补刀斧", "Quelling Blade",
          "武器，攻击范围4。当一名其他角色死亡且杀死其的不是你时，你可以打出一张【攻击】，视为由你杀死该角色。",
          "Weapon, range 4. When another hero dies and you are not their killer, you may play an Attack card to "
          "count as the killer instead."),
    # ---- 防具 armour ---------------------------------------------------------------------------------------
    _card("菲丽丝之戒", "Phyllis's Ring",
          "防具。摸牌阶段，你多摸一张牌。",
          "Armour. You draw one more card in your draw phase."),
    _card("刃甲", "Blade Mail",
          "防具。你受到来源不是你自己的伤害后，进行一次判定：若为红色，你对伤害来源造成1点伤害。",
          "Armour. After you take damage from a source other than yourself, judge: on red, you deal 1 damage to "
          "the source."),
    _card("速度之靴", "Boots of Speed",
          "防具。其他角色与你的距离+1；你与其他角色的距离−1。",
          "Armour. Other heroes count their distance to you as 1 more; you count your distance to them as 1 less."),
    _card("流浪法师斗篷", "Planeswalker's Cloak",
          "防具。当你成为魔法牌的目标时，进行一次判定：若为红色，该牌对你无效。",
          "Armour. When you become a target of a magic card, judge: on red, that card has no effect on you."),
    _card("闪避护符", "Talisman of Evasion",
          "防具，置入时竖置。当你成为【攻击】的目标时，你可以将其横置，抵消该【攻击】。出牌阶段，你可以弃置一张手牌将其"
          "重新竖置。",
          "Armour; it comes into play upright. When you are targeted by an Attack you may turn it sideways to "
          "cancel that Attack. In your play phase you may discard a hand card to set it upright again."),
])
"""The 37 card types of the 112-card deck, default text set (TheFate's effects in our own words)."""


CARD_TEXT_REBORN: dict[str, CardText] = dict([
    _card("能量转移", "Energy Transport",
          CARD_TEXT["能量转移"].text_zh, CARD_TEXT["能量转移"].text_en,
          "分配时，你可以令一名角色获得两张，另一名角色不获得。",
          "When the cards are shared out, you may let one hero take two and another take none."),
    _card("海妖之歌", "Siren Song",
          "出牌阶段，将此牌置于一名其他角色的状态区：其下个回合跳过摸牌、出牌和弃牌阶段，且在一轮之内不能成为其他角色"
          "所用牌的目标。",
          "Play phase: place this card in another hero's status zone. In their next turn they skip the draw, play "
          "and discard phases, and for one round they cannot be the target of other heroes' cards.",
          "只能置于你自己的状态区。",
          "It can only be placed in your own status zone."),
    _card("蝮蛇突袭", "Viper Raid",
          "S技牌，消耗2点怒气，出牌阶段选择一名其他角色：你对其造成1点伤害，其跳过下一个摸牌阶段。",
          "S card, costs 2 rage, play phase: choose another hero; you deal them 1 damage and they skip their next "
          "draw phase."),
    _card("恶魔刀锋", "Demon Edge",
          "武器，攻击范围2。你的【攻击】令目标进入濒死状态时，若技能救援之后其仍处于濒死，其立即死亡。",
          "Weapon, range 2. When your Attack puts its target into the dying state and they are still dying after "
          "any rescue skills, they die at once."),
    _card("流浪法师斗篷", "Planeswalker's Cloak",
          "防具。当你成为魔法牌的目标时，进行一次判定：若为红桃，该牌对你无效。",
          "Armour. When you become a target of a magic card, judge: on a heart, that card has no effect on you."),
])
"""fate_reborn's version of the five cards whose text differs from the default set."""


HERO_TEXT: dict[str, HeroText] = dict([
    # ---- 力量型 strength heroes ---------------------------------------------------------------------------
    _hero("死亡骑士", "Lord of Avernus",
          _S("死亡缠绕", "Death Coil",
            "主动，可驱散，出牌阶段限一次：你对自己造成1点伤害，然后选择一名其他角色，令其回复1点体力；或弃置其一张"
            "手牌并令其失去1点怒气（其没有手牌或没有怒气时，改为对其造成1点伤害）。",
            "Active, dispellable, once per play phase: deal 1 damage to yourself, then choose another hero and "
            "either heal them 1, or discard one of their hand cards and take 1 of their rage (if they have no hand "
            "card or no rage, deal them 1 damage instead)."),
          _S("霜之哀伤", "Frostmourne",
            "你的【攻击】造成伤害后，你可以对同一目标再使用一张【攻击】。",
            "After your Attack deals damage, you may use one more Attack on the same target.")),
    _hero("骷髅王", "Skeleton King",
          _S("重生", "Reincarnation",
            "限定技，每局一次：当你处于濒死状态时，你可以弃置所有手牌、将怒气归零，然后体力回复至上限。",
            "Once per game: while you are dying you may discard your whole hand and drop your rage to 0, then heal "
            "up to your HP limit."),
          _S("吸血", "Vampiric Aura",
            "你的【攻击】造成伤害后，进行一次判定：若为红色，你回复1点体力。",
            "After your Attack deals damage, judge: on red, you heal 1 HP.")),
    _hero("刚背兽", "Bristleback",
          _S("战意", "Warpath",
            "你受到伤害后，进行一次判定：若为红色，你指定任意一名角色，其须弃置一张【闪避】，否则受到你造成的1点伤害。",
            "After you take damage, judge: on red, name any hero; they must discard an Evasion or take 1 damage from "
            "you."),
          _S("刚毛后背", "Bristleback",
            "你一次受到大于1点的伤害时，你可以令其减少1点。",
            "When you would take more than 1 damage at once, you may reduce it by 1.")),
    _hero("神灵武士", "Sacred Warrior",
          _S("牺牲", "Life Break",
            "主动，出牌阶段限一次：你对自己造成1点伤害，然后弃置一名其他角色的两张手牌。",
            "Active, once per play phase: deal 1 damage to yourself, then discard two of another hero's hand cards."),
          _S("沸血之矛", "Burning Spear",
            "当你的体力不大于2时，你的【攻击】伤害可以+1。",
            "While your HP is 2 or less, your Attacks may deal 1 more damage."),
          alias_zh="哈斯卡"),
    _hero("全能骑士", "Omniknight",
          _S("洗礼", "Purification",
            "可驱散：当一名角色受到来源既不是你也不是其自己的伤害后，你可以弃置两张红色牌，令其回复1点体力，并对伤害来源"
            "造成1点伤害。",
            "Dispellable: after a hero takes damage whose source is neither you nor that hero, you may discard two "
            "red cards: that hero heals 1 and you deal 1 damage to the source."),
          _S("圣光", "Holy Light",
            "你使用的魔法牌或发动的技能被【驱散】后，你摸一张牌。",
            "After a magic card or skill of yours is dispelled, you draw a card.")),
    _hero("斧王", "Axe",
          _S("战争饥渴", "Battle Hunger",
            "主动，出牌阶段限一次：弃置一张牌并选择一名其他角色，其须对你使用一张【攻击】（无视距离），否则受到你造成的"
            "1点伤害。",
            "Active, once per play phase: discard a card and choose another hero; they must use an Attack on you "
            "(ignoring range) or take 1 damage from you."),
          _S("反转螺旋", "Counter Helix",
            "当你成为【攻击】的目标时，进行一次判定：若为点数2至7的红色牌，你对攻击者造成1点伤害。",
            "When you become the target of an Attack, judge: on a red card ranked 2 to 7, you deal 1 damage to the "
            "attacker.")),
    _hero("半人马酋长", "Centaur Warchief",
          _S("双刃剑", "Double Edge",
            "主动，不可驱散，出牌阶段限一次：你对自己造成1点伤害并弃置一张牌，然后对一名其他角色造成1点伤害。",
            "Active, cannot be dispelled, once per play phase: deal 1 damage to yourself and discard a card, then "
            "deal 1 damage to another hero.")),
    _hero("龙骑士", "Dragon Knight",
          _S("火焰气息", "Breathe Fire",
            "主动，出牌阶段限一次：弃置X张同花色的牌（X至少为2），对X−1名其他角色各造成1点伤害。",
            "Active, once per play phase: discard X cards of one suit (X at least 2) and deal 1 damage to each of "
            "X − 1 other heroes."),
          _S("龙族血统", "Dragon Blood",
            "回合结束阶段，若你有手牌，你可以弃置所有手牌并回复1点体力。",
            "In your end phase, if you hold any hand cards, you may discard them all and heal 1 HP.")),
    _hero("守护骑士", "Guardian Knight",
          _S("援护", "Guardian",
            "可驱散：当一名其他角色将受到伤害时，你可以弃置一张牌，改为由你承受此伤害。",
            "Dispellable: when another hero would take damage, you may discard a card and take that damage "
            "instead."),
          _S("信仰", "Faith",
            "你每受到1点伤害，将牌堆顶的一张牌背面朝上置于你的英雄牌上，称为“信仰”；出牌阶段，你可以将“信仰”收入手牌。",
            "For each 1 damage you take, put the top card of the deck face down on your hero card as a faith card. "
            "In your play phase you may take faith cards into your hand."),
          _S("父爱", "Fatherly Love",
            "摸牌阶段，你可以将任意张“信仰”分给其他角色；每分出两张，你回复1点体力。",
            "In your draw phase you may give faith cards to other heroes, split as you like; you heal 1 HP for "
            "every two cards given.")),
    # ---- 敏捷型 agility heroes ----------------------------------------------------------------------------
    _hero("蛇发女妖", "Gorgon",
          _S("秘术异蛇", "Mystic Snake",
            "主动，出牌阶段限一次：弃置一张牌，从每名其他角色处获得一张手牌（没有手牌者改为失去1点怒气，也没有怒气者受到"
            "1点伤害），将这些牌与你的一张手牌一同亮出，然后平均分配给各角色。",
            "Active, once per play phase: discard a card and take one hand card from every other hero (one with no "
            "hand loses 1 rage instead; one with neither hand nor rage takes 1 damage). Reveal these cards together "
            "with one of yours, then share them out evenly among the heroes."),
          _S("魔法护盾", "Mana Shield",
            "当你受到伤害时，每有1点伤害，你可以失去1点怒气并弃置一张牌，防止该点伤害。",
            "When you take damage, for each point of it you may spend 1 rage and discard a card to prevent that "
            "point."),
          alias_zh="美杜莎"),
    _hero("闪电幽魂", "Lightning Revenant",
          _S("等离子场", "Plasma Field",
            "主动，出牌阶段限一次：弃置X张花色各不相同的牌，选择你攻击范围内至多X名角色，其各须弃置一张花色与你所弃置的"
            "牌都不同的牌，否则受到你造成的1点伤害。",
            "Active, once per play phase: discard X cards of different suits and choose up to X heroes within your "
            "attack range; each must discard a card of a suit you did not discard, or take 1 damage from you."),
          _S("不定电流", "Unstable Current",
            "你受到【攻击】造成的伤害后，你获得该【攻击】牌。",
            "After you take damage from an Attack, you take that Attack card into your hand."),
          alias_zh="雷泽"),
    _hero("剑圣", "Juggernaut",
          _S("无敌斩", "Omnislash",
            "你可以跳过摸牌阶段；若如此做，本回合你的黑色手牌均视为【普通攻击】，且你使用【攻击】不限次数。",
            "You may skip your draw phase. If you do, for this turn your black hand cards count as Normal Attack and "
            "you may use any number of Attacks."),
          _S("剑舞", "Blade Dance",
            "你的【攻击】只能被方块【闪避】抵消。",
            "Your Attacks can be cancelled only by a diamond Evasion."),
          alias_zh="主宰"),
    _hero("复仇之魂", "Vengeful Spirit",
          _S("移形换位", "Nether Swap",
            "主动，出牌阶段限一次：弃置一张牌，获得一名其他角色的一张手牌，然后该角色获得你弃置的牌。",
            "Active, once per play phase: discard a card and take one hand card from another hero; that hero then "
            "gets the card you discarded."),
          _S("恐怖波动", "Wave of Terror",
            "你每获得1点怒气，可以摸一张牌。",
            "Each time you gain 1 rage, you may draw a card.")),
    _hero("血魔", "Strygwyr",
          _S("血之狂暴", "Bloodrage",
            "施法：弃置一张红色牌并选择一名角色，本回合其出牌阶段只能使用基本牌和被动技能，且其【攻击】伤害+1。",
            "Cast: discard a red card and choose a hero; this turn, in their play phase they may use only basic cards "
            "and passive skills, and their Attacks deal 1 more damage."),
          _S("嗜血", "Strygwyr's Thirst",
            "你对体力为1的角色使用【攻击】时，其需要多打出一张【闪避】才能抵消。",
            "When your Attack targets a hero at 1 HP, they need one extra Evasion to cancel it."),
          _S("屠戮", "Blood Bath",
            "你杀死一名角色后，回复1点体力。",
            "After you kill a hero, you heal 1 HP.")),
    _hero("巨魔战将", "Troll Warlord",
          _S("战斗专注", "Battle Trance",
            "出牌阶段限一次，你可以进行一次判定：若为红色，本回合你使用【攻击】不限次数。",
            "Once per play phase you may judge: on red, you may use any number of Attacks this turn."),
          _S("热血战魂", "Fervor",
            "你可以将手牌中的【闪避】当【普通攻击】使用。",
            "You may use an Evasion from your hand as a Normal Attack.")),
    _hero("矮人火枪手", "Dwarven Sniper",
          _S("爆头", "Headshot",
            "你使用【攻击】时，可以进行一次判定：若为黑色，此【攻击】伤害+1。",
            "When you use an Attack you may judge: on black, that Attack deals 1 more damage."),
          _S("瞄准", "Take Aim",
            "你与其他角色的距离−1；其他角色与你的距离+1。",
            "Your distance to other heroes is 1 less; their distance to you is 1 more."),
          _S("散弹", "Shrapnel",
            "主动：你可以将一张红桃手牌当【缴械】使用。",
            "Active: you may use a heart hand card as a Disarm."),
          alias_zh="狙击手"),
    _hero("地穴刺客", "Nerubian Assassin",
          _S("法力燃烧", "Mana Burn",
            "主动：弃置一张黑色牌，然后弃置一名其他角色的一张手牌。",
            "Active: discard a black card, then discard one of another hero's hand cards."),
          _S("复仇", "Vendetta",
            "当你没有手牌时，你的【攻击】不能被闪避。",
            "While you have no hand cards, your Attacks cannot be evaded."),
          _S("穿刺护甲", "Spiked Carapace",
            "你受到伤害后，若你没有手牌，你对伤害来源造成1点伤害。",
            "After you take damage, if you have no hand cards, you deal 1 damage to the source."),
          alias_zh="司夜刺客"),
    _hero("敌法师", "Anti-Mage",
          _S("法力损毁", "Mana Break",
            "你的【攻击】造成伤害后，你弃置目标的一张手牌。",
            "After your Attack deals damage, you discard one of the target's hand cards."),
          _S("闪烁", "Blink",
            "你可以将黑色手牌当【闪避】使用或打出。",
            "You may use or play a black hand card as an Evasion."),
          _S("法力虚空", "Mana Void",
            "主动，出牌阶段限一次：失去3点怒气，选择一名手牌数少于其手牌上限的角色，对其造成X点伤害（X为其手牌上限与"
            "手牌数之差）。",
            "Active, once per play phase: spend 3 rage and choose a hero holding fewer cards than their hand limit; "
            "deal them X damage, X being their hand limit minus their hand size.")),
    _hero("地穴编织者", "Nerubian Weaver",
          _S("蝗虫群", "The Swarm",
            "主动，出牌阶段限一次：弃置X张黑色牌（X至少为2），令X名其他角色各弃置一张【攻击】，否则受到你造成的1点伤害。",
            "Active, once per play phase: discard X black cards (X at least 2); X other heroes must each discard an "
            "Attack or take 1 damage from you."),
          _S("时光倒流", "Time Lapse",
            "主动：弃置三张红色手牌，将手牌补至手牌上限，然后结束你的回合。",
            "Active: discard three red hand cards, draw until your hand reaches your hand limit, then end your "
            "turn.")),
    _hero("熊战士", "Ursa Warrior",
          _S("怒意狂击", "Fury Swipes",
            "每回合你可以额外使用X张【攻击】（X为你回合开始时的怒气）。",
            "Each turn you may use X more Attacks, X being your rage at the start of the turn."),
          _S("激怒", "Enrage",
            "若你的体力高于其他每名角色，你的【攻击】伤害可以+1。",
            "If your HP is higher than every other hero's, your Attacks may deal 1 more damage.")),
    _hero("陈云生", "Chen Yunsheng",
          _S("神判", "Ordeal",
            "任意判定牌生效前，你可以弃置一张牌，令该判定重新进行一次。",
            "Before any judgement takes effect, you may discard a card to have it judged once more."),
          _S("特殊体质", "Special Body",
            "当你的体力不大于2时，【攻击】对你无效。",
            "While your HP is 2 or less, Attacks have no effect on you.")),
    # ---- 智力型 intelligence heroes -----------------------------------------------------------------------
    _hero("秀逗魔导师", "Slayer",
          _S("炽魂", "Fiery Soul",
            "每回合限一次，你强化魔法牌不需要消耗怒气。",
            "Once per turn, strengthening a magic card costs you no rage."),
          _S("神灭斩", "Laguna Blade",
            "你可以将两张红色手牌当【神灭斩】使用。",
            "You may use two red hand cards together as a Laguna Blade."),
          _S("狂热之心", "Fanaticism Heart",
            "你使用的魔法牌未被【驱散】而结算完毕后，本回合你可以多使用一张【攻击】。",
            "After a magic card of yours resolves without being dispelled, you may use one more Attack this "
            "turn."),
          alias_zh="莉娜"),
    _hero("死灵法师", "Necrolyte",
          _S("竭心光环", "Heartstopper Aura",
            "施法：弃置一张黑桃牌并选择一名角色，本回合其不能回复体力。",
            "Cast: discard a spade and choose a hero; they cannot recover HP this turn."),
          _S("施虐之心", "Sadist",
            "当一名其他角色死亡时，你可以摸两张牌。",
            "When another hero dies, you may draw two cards.")),
    _hero("双头龙", "Twin Head Dragon",
          _S("冰封", "Ice Path",
            "主动，出牌阶段限一次：弃置一张牌，将一名其他角色的两张手牌背面朝上移出；你的回合结束时，其收回这些牌。",
            "Active, once per play phase: discard a card and set aside two of another hero's hand cards face down; "
            "they get them back at the end of your turn."),
          _S("液态火", "Liquid Fire",
            "你可以将两张红色手牌当【火焰攻击】使用，此【攻击】伤害+1。",
            "You may use two red hand cards together as a Flame Attack that deals 1 more damage."),
          alias_zh="杰奇洛"),
    _hero("水晶室女", "Crystal Maiden",
          _S("冰霜禁制", "Frostbite",
            "施法：弃置两张牌并选择一名角色，本回合其每使用或打出一张【攻击】或【闪避】，须额外弃置一张同名牌。",
            "Cast: discard two cards and choose a hero; this turn, each Attack or Evasion they use or play needs one "
            "more card of the same name."),
          _S("辉煌光环", "Brilliance Aura",
            "摸牌阶段，你可以少摸一张牌，然后观看牌堆顶X张牌（X为存活角色数），将其分给X名角色各一张。",
            "In your draw phase you may draw one card fewer; then look at the top X cards of the deck (X = living "
            "heroes) and give them out, one each, to X heroes.")),
    _hero("巫妖", "Lich",
          _S("邪恶祭祀", "Dark Ritual",
            "主动，出牌阶段限一次：弃置一张红色牌，摸两张牌。",
            "Active, once per play phase: discard a red card and draw two cards."),
          _S("霜冻护甲", "Frost Armor",
            "你受到伤害后，你弃置伤害来源的一张牌。",
            "After you take damage, you discard one of the source's cards.")),
    _hero("暗影牧师", "Shadow Priest",
          _S("薄葬", "Shallow Grave",
            "施法：弃置一张红色牌并选择一名角色；本回合内其若进入濒死状态，其体力回复至1点。",
            "Cast: discard a red card and choose a hero; if they fall into the dying state during this turn, they "
            "return to 1 HP."),
          _S("暗影波", "Shadow Wave",
            "主动，出牌阶段限一次：弃置两张同花色的牌，令一名已受伤的角色回复1点体力，并对另一名角色造成1点伤害。",
            "Active, once per play phase: discard two cards of one suit; a wounded hero heals 1 HP and you deal 1 "
            "damage to another hero."),
          alias_zh="戴泽"),
    _hero("食人魔法师", "Ogre Magi",
          _S("火焰爆轰", "Fireblast",
            "你使用的魔法牌不能被【驱散】。",
            "Your magic cards cannot be dispelled."),
          _S("多重施法", "Multicast",
            "你使用的魔法牌结算后，进行一次判定：若为红色，该牌再结算一次（除仅能对自己使用的牌外，你可以重新指定目标）。",
            "After a magic card of yours resolves, judge: on red, it resolves once more (you may choose new targets "
            "unless it can only target yourself).")),
    _hero("光之守卫", "Keeper of the Light",
          _S("冲击波", "Illuminate",
            "主动，出牌阶段限一次：弃置三张花色各不相同的牌，对至多两名角色各造成1点伤害。",
            "Active, once per play phase: discard three cards of different suits and deal 1 damage to each of up "
            "to two heroes."),
          _S("查克拉", "Chakra Magic",
            "主动，出牌阶段限一次：你可以将任意一张手牌当【查克拉】使用。",
            "Active, once per play phase: you may use any hand card as a Chakra."),
          _S("恩惠", "Grace",
            "你使用【查克拉】时可以指定任意一名角色为目标。",
            "Your Chakra may target any hero, not only yourself.")),
    _hero("哥布林工程师", "Goblin Techies",
          _S("遥控炸弹", "Remote Mines",
            "主动，出牌阶段限一次：将一张【攻击】手牌背面朝上置于你的状态区，称为“炸弹”（至多两枚）。",
            "Active, once per play phase: put an Attack card from your hand face down in your status zone as a bomb "
            "(at most two bombs)."),
          _S("引爆", "Focused Detonate",
            "当一名其他角色使用或打出一张与你的炸弹花色相同的牌时（生效前），你可以弃置X枚该花色的炸弹，摸X张牌并对其"
            "造成X点伤害。",
            "When another hero uses or plays a card of the same suit as one of your bombs, before it takes effect "
            "you may discard X bombs of that suit, draw X cards and deal them X damage."),
          _S("自爆", "Suicide Squad",
            "你死亡时，杀死你的角色进行一次判定：若为红色，你对其造成2点伤害。",
            "When you die, your killer judges: on red, you deal them 2 damage."),
          alias_zh="工程师"),
    _hero("风暴之灵", "Storm Spirit",
          _S("超负荷", "Overload",
            "你每使用一张魔法牌或S技牌，在其生效前摸一张牌。",
            "Each time you use a magic card or an S card, draw a card before it takes effect."),
          _S("球状闪电", "Ball Lightning",
            "你可以将任意两张手牌当【普通攻击】或【闪避】使用或打出。",
            "You may use or play any two hand cards together as a Normal Attack or as an Evasion.")),
    _hero("魅惑魔女", "Enchantress",
          _S("不可侵犯", "Untouchable",
            "【普通攻击】对你无效。",
            "Normal Attacks have no effect on you."),
          _S("魅惑", "Enchant",
            "任意一张红色判定牌生效后，你可以弃置一张牌，获得该判定牌。",
            "After any red judgement card takes effect, you may discard a card to take that judgement card."),
          _S("自然之助", "Nature's Attendants",
            "主动，出牌阶段限一次：失去X点怒气并弃置X张红桃牌，令X名角色各回复1点体力。",
            "Active, once per play phase: spend X rage and discard X hearts; X heroes each heal 1 HP.")),
    _hero("精灵莉莉", "Elf Lily",
          _S("治疗术", "Healing Spell",
            "你每回复1点体力，可以弃置一张红色牌，令另一名角色回复1点体力。",
            "Each time you heal 1 HP, you may discard a red card to heal another hero 1 HP."),
          _S("驱散精灵", "Dispel Wizard",
            "你可以将一张红桃手牌当【驱散】使用。",
            "You may use a heart hand card as a Dispel."),
          _S("魔法掌控", "Magic Control",
            "被你【驱散】的魔法牌置入你的手牌，而不是弃牌堆。",
            "A magic card you dispel goes into your hand instead of the discard pile.")),
])
"""All 33 heroes, default text set: TheFate's skills, fate_reborn's cast-phase 血之狂暴, 竭心光环 and 薄葬."""


def _with(hero: str, *skills: SkillText) -> tuple[str, HeroText]:
    """The same hero (names, alias) with another list of skills."""
    base = HERO_TEXT[hero]
    return hero, HeroText(base.name_zh, base.name_en, tuple(skills), base.alias_zh)


def _skill(hero: str, skill_zh: str) -> SkillText:
    return next(s for s in HERO_TEXT[hero].skills if s.name_zh == skill_zh)


HERO_TEXT_REBORN: dict[str, HeroText] = dict([
    _with("全能骑士",
          _S("洗礼", "Purification",
            "可驱散：当一名角色受到来源既不是你也不是其自己的伤害后，你可以弃置一张【治疗药膏】或两张红色牌，令其回复1点"
            "体力，并对伤害来源造成1点伤害。",
            "Dispellable: after a hero takes damage whose source is neither you nor that hero, you may discard a "
            "Healing Salve or two red cards: that hero heals 1 and you deal 1 damage to the source.")),
    _with("斧王", _skill("斧王", "战争饥渴"),
          _S("反转螺旋", "Counter Helix",
            "当你成为【攻击】的目标时，进行一次判定：若为点数2至10的红色牌，你对攻击者造成1点伤害。",
            "When you become the target of an Attack, judge: on a red card ranked 2 to 10, you deal 1 damage to the "
            "attacker.")),
    _with("复仇之魂",
          _S("移形换位", "Nether Swap",
            "主动：用一张手牌替换一张尚未生效的判定牌。",
            "Active: replace a judgement card that has not yet taken effect with one of your hand cards."),
          _S("恐怖波动", "Wave of Terror",
            "你获得怒气后，摸等同于所获怒气点数的牌。",
            "After you gain rage, draw as many cards as the rage gained.")),
    _with("血魔", _skill("血魔", "血之狂暴"), _skill("血魔", "嗜血"),
          _S("屠戮", "Blood Bath",
            "你杀死一名角色后，体力回复至上限。",
            "After you kill a hero, you heal up to your HP limit.")),
    _with("矮人火枪手", _skill("矮人火枪手", "爆头"),
          _S("瞄准", "Take Aim",
            "你与其他角色的距离−1。",
            "Your distance to other heroes is 1 less.")),
    _with("地穴刺客",
          _S("法力燃烧", "Mana Burn",
            "主动：弃置一张【攻击】，弃置一名其他角色的一张手牌，然后猜其另一张手牌的颜色，猜中则也弃置之；之后你可以"
            "弃置一张牌，将被弃置的其中一张牌交给任意一名角色。",
            "Active: discard an Attack and discard one of another hero's hand cards; then guess the colour of another "
            "of their hand cards, discarding it too if right. Afterwards you may discard a card to give one of the "
            "discarded cards to any hero.")),
    _with("敌法师", _skill("敌法师", "法力损毁"), _skill("敌法师", "闪烁")),
    _with("秀逗魔导师", _skill("秀逗魔导师", "炽魂"), _skill("秀逗魔导师", "神灭斩")),
    _with("食人魔法师",
          _S("多重施法", "Multicast",
            "你使用的魔法牌未被【驱散】而结算后，进行一次判定：若为红色，该牌再结算一次（除仅能对自己使用的牌外，你可以"
            "重新指定目标）。",
            "After a magic card of yours resolves without being dispelled, judge: on red, it resolves once more (you "
            "may choose new targets unless it can only target yourself).")),
    _with("光之守卫", _skill("光之守卫", "冲击波"),
          _S("查克拉", "Chakra Magic",
            "主动，出牌阶段限一次：你可以将一张黑色手牌当【查克拉】使用。",
            "Active, once per play phase: you may use a black hand card as a Chakra."),
          _skill("光之守卫", "恩惠")),
])
"""fate_reborn's version of every hero whose text differs from the default set (whole skill list)."""


HERO_TEXT_THEFATE: dict[str, HeroText] = dict([
    _with("水晶室女",
          _S("冰封禁制", "Frostbite",
            "可驱散：当一名其他角色使用或打出【攻击】或【闪避】时，你可以弃置一张红桃牌，令该牌无效。",
            "Dispellable: when another hero uses or plays an Attack or an Evasion, you may discard a heart to make "
            "that card have no effect."),
          _skill("水晶室女", "辉煌光环")),
    _with("血魔",
          _S("血之狂暴", "Bloodrage",
            "主动，出牌阶段限一次：你对自己造成1点伤害并摸一张牌，本回合你的【攻击】伤害+1。",
            "Active, once per play phase: deal 1 damage to yourself and draw a card; this turn your Attacks deal 1 "
            "more damage."),
          _skill("血魔", "嗜血"), _skill("血魔", "屠戮")),
    _with("暗影牧师",
          _S("薄葬", "Shallow Grave",
            "可驱散：当任意一名角色处于濒死状态时，你可以弃置两张红色手牌，令其体力回复至1点。",
            "Dispellable: while any hero is dying, you may discard two red hand cards to bring them back to 1 HP."),
          _skill("暗影牧师", "暗影波")),
])
"""TheFate's version of the heroes whose default text is fate_reborn's (TheFate has no text for 竭心光环)."""


def card_text(key: str, texts: str = "default") -> CardText:
    """The text of card type ``key`` in the engine's text set ``texts``: fate_reborn's five differing cards with
    ``reborn``, the default text otherwise."""
    if texts == "reborn" and key in CARD_TEXT_REBORN:
        return CARD_TEXT_REBORN[key]
    return CARD_TEXT[key]


def hero_text(key: str, texts: str = "default") -> HeroText:
    """The text of hero ``key`` in the engine's text set ``texts`` (``default``, ``thefate`` or ``reborn``: the
    ``reborn`` set keeps the default heroes' skills, only its cards and HP/hand limits are fate_reborn's)."""
    if texts == "thefate" and key in HERO_TEXT_THEFATE:
        return HERO_TEXT_THEFATE[key]
    return HERO_TEXT[key]


FATE_TEXT: dict[str, FateText] = {
    "暗影惩戒者": FateText("暗影惩戒者", "Shadow Punisher",
                       "天灾阵营的角色全部死亡。", "Every Scourge hero is dead."),
    "圣光征服者": FateText("圣光征服者", "Conqueror of Holy Light",
                       "近卫阵营的角色全部死亡。", "Every Sentinel hero is dead."),
    "蔓延的瘟疫": FateText("蔓延的瘟疫", "Spreading Plague",
                       "开局时坐在你左右两侧的角色均已死亡。",
                       "The heroes seated on your left and on your right at the start of the game are both dead."),
    "命运的博弈": FateText("命运的博弈", "Game of Fate",
                       "场上恰好剩下三名角色，且分属近卫、天灾、中立三个阵营。",
                       "Exactly three heroes are left alive, one Sentinel, one Scourge and one Neutral."),
    "反噬的傀儡": FateText("反噬的傀儡", "Puppet of Backfire",
                       "当你的下家（开局时的座次）达成胜利条件时，改为由你获胜。",
                       "When your next player (by the opening seats) would win, you win instead of them."),
    "死神的召唤者": FateText("死神的召唤者", "Summoner of Death",
                        "任意时刻（不在结算过程中），除你以外的每名存活角色体力均不大于2。",
                        "At any moment outside a resolution, every living hero other than you has 2 HP or less."),
    "偏执的数学家": FateText("偏执的数学家", "Paranoid Mathematician",
                        "任意时刻（不在结算过程中），每名存活角色（包括你）的怒气均为奇数。",
                        "At any moment outside a resolution, every living hero's rage, yours included, is odd."),
    "Roshan附体": FateText("Roshan附体", "Roshan Possession",
                         "你的回合开始时，你可以亮出身份：立即摸X张牌；此后每个摸牌阶段额外摸X张牌，手牌上限+X（X为其他存活"
                         "角色数）。亮出后，你杀死其他所有角色即获胜，而其他每名角色的胜利条件都变为杀死你。",
                         "At the start of your turn you may reveal your identity: draw X cards at once; from then on "
                         "draw X more in each draw phase, and your hand limit is X higher (X = other living heroes). "
                         "Once revealed, you win by killing everyone else, and every other hero's only goal becomes "
                         "killing you."),
}
"""The 8 fate cards (宿命牌): conditions of TheFate; neighbours and 下家 read as the opening seats (gap 4-10)."""


IDENTITY_TEXT: dict[str, IdentityText] = {
    "近卫": IdentityText("近卫", "Sentinel",
                       "天灾阵营全灭时，所有近卫角色（无论存活与否）一同获胜。",
                       "When every Scourge hero is dead, all Sentinel heroes win together, alive or dead."),
    "天灾": IdentityText("天灾", "Scourge",
                       "近卫阵营全灭时，所有天灾角色（无论存活与否）一同获胜。",
                       "When every Sentinel hero is dead, all Scourge heroes win together, alive or dead."),
    "中立": IdentityText("中立", "Neutral",
                       "完成本局宿命牌所述条件的中立角色单独获胜；同时满足时，中立优先于近卫和天灾。",
                       "A Neutral hero who fulfils this game's fate card wins alone; on a tie of conditions the Neutral "
                       "wins ahead of Sentinel and Scourge."),
}
"""The three identities (身份) and their victory conditions (seed 004 · 胜利条件)."""
