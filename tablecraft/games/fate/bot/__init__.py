"""The fate bot: a heuristic that plays like an experienced 宿命 player, and the evaluation search cuts off with.

The plan. **Sides first**: every decision starts from a stance per hero (``knowledge``) — the mode's public sides,
the identities the seat has seen (its own and its 下家's, the dead, a looked-at card, a revealed Roshan) and, for the
rest, a posterior over the unseen identity cards weighed by public behaviour (who attacked, hurt, healed, rescued,
dispelled whom); a neutral plays its fate card. Harm goes to foes and help to friends only: no action that hurts a
known friend or helps a known foe scores above passing. **Worth on one scale** (``values``): a card ≈ 3, an HP point
≈ 4–5 and the last one ≈ the game, a foe's HP point ≈ 4 and a kill ≈ 12; each action scores what it gains for the
seat's side minus what it costs, and ``pass`` scores 0 (``policy``). **Play phase**: equip what beats the worn item
(weapon range counts), heal at low HP or when over the hand limit, draw, set up (神之力量, 冰封) before the 【攻击】,
then hit the foe in reach where the blow is worth most — a likely kill first (low HP, few cards to dodge with),
focus fire, no 【攻击】 wasted on 不可侵犯/特殊体质 — and spend rage on S cards (神灭斩 on a foe with few cards,
灵魂隔断 on the highest-HP foe when low) rather than on strengthenings. **Card economy**: keep 闪避, 治疗药膏 and
驱散 for replies (a second copy is worth less than the first), pay costs and discards with the cheapest cards, use
rather than discard what the hand limit would throw away. **Replies**: dodge whenever the card can finish the
cancel, discard for a demand when the HP is worth more than the card, dispel only what harms my side or helps a foe
(never my own side's card: the chain's outcome is what counts), save myself and friends in the dying window, never
a foe (1v1v1: the 下家 my 上家 is killing). **Never self-destroy**: a skill that costs HP (死亡缠绕, 双刃剑, 牺牲,
狂热, 血之狂暴) is used only with HP to spare, never at 1 HP; no blow whose retaliation (反转螺旋, 刃甲, 穿刺护甲, 自爆)
could kill me without a salve of my own. **Heroes**: per-skill advice as small functions keyed by skill code
(``advice``): when a skill pays for itself, what it costs, whom it aims at and how to answer its questions (援护 and
洗礼 for friends only, 法力虚空 where the gap is widest, 辉煌光环/秘术异蛇 good cards to friends, bad to foes …).
**Modes**: 1v1 drafts strong heroes and rotates in the healthiest; 1v1v1 hunts its 上家 and shields its 下家 from
it; 2v2 plays the public teams; the identity game plays the posterior.

Speed: one scoring pass per decision over the legal actions; the identity posterior and the log evidence are
cached by the log's chain node, so search rollouts pay only for new events.
"""

from .evaluation import evaluate
from .policy import FateHeuristic

__all__ = ["FateHeuristic", "evaluate"]
