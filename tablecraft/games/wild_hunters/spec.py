"""What wild-hunters (《破魔聖刃—蠻荒獵手》, seed 003) is: 1–5 heroes against a demon king, and the options.

Seats are heroes (角色): by default seat *i* plays the *i*-th of water (沃特), fire (法爾), rock (洛克), thunder
(雷霆), wind (精靈); the ``heroes`` option picks others. The game is co-operative: everyone wins or everyone loses.
"""

from __future__ import annotations

from tablecraft.core.api import GameSpec, OptionSpec

from .content import HEROES, KING_IDS

MAX_SEATS = 5
PUBLIC = 1 << MAX_SEATS
"""Knowledge bit for spectators: set on a card whose place everyone knows."""
EVERYONE = (1 << MAX_SEATS) - 1 | PUBLIC

SPEC = GameSpec(
    id="wild-hunters",
    name_zh="破魔聖刃—蠻荒獵手",
    name_en="Wild Hunters",
    min_seats=1,
    max_seats=MAX_SEATS,
    seat_names=tuple(h.id for h in HEROES),
    seat_names_zh=tuple(h.name_zh for h in HEROES),
    options=(
        OptionSpec("demon_king", "random", "Which demon king card (選擇1張惡鬼王牌): one of "
                   f"{', '.join(KING_IDS)}, or 'random' (drawn with the game's seed).",
                   choices=("random", *KING_IDS)),
        OptionSpec("king_life", "tuned", "Our design (gap 3-7): the demon king's life and temper by his card — "
                   "'tuned' (default: each card's tables for 1–5 heroes, set so a team of normal heroes wins about "
                   "half the time) or 'draft' (the first design: life 4 + 2 × heroes, 5 + 2 × heroes for stone; "
                   "temper 5 + heroes, 6 + heroes for stone).",
                   choices=("tuned", "draft")),
        OptionSpec("king_hp", 0, "The demon king's starting life, fixed for a designer's search (lab balance/tune); "
                   "0 = from his card (king_life).", min=0, max=99),
        OptionSpec("king_temper", 0, "The demon king's temper (the rage at which he unleashes a curse), fixed for a "
                   "designer's search (lab balance/tune); 0 = from his card (king_life).", min=0, max=40),
        OptionSpec("heroes", "", "Heroes in seat order, comma-separated (e.g. 'fire,wind'); empty = the first N of "
                   "water, fire, rock, thunder, wind."),
        OptionSpec("map", "reference", "Map layout (按照參考圖擺放, or a design of our own): 'reference' (hexagon "
                   "of radius 3 plus rim cells) or 'random' (a random compact map from the seed).",
                   choices=("reference", "random")),
        OptionSpec("unused_camps", "map", "Gap: the camps of heroes nobody plays — 'map' (they are 未被領取的地圖板塊 "
                   "and are shuffled into the map, the seed's words) or 'box' (set aside).",
                   choices=("map", "box")),
        OptionSpec("hero_hp", 3, "Each hero's life (玩家生命指示物; our design).", min=1, max=9),
        OptionSpec("acquire_limit", 1, "Draws on the spirit supply (汲取, our design) allowed per turn.", min=0,
                   max=5),
        OptionSpec("sword_release", True, "Our design (gap 3-14): an attack may release sword energy, +1 damage "
                   "each. False: sword energy only counts toward the third-energy milestone (seed text alone)."),
        OptionSpec("perks", True, "Our design (gap 3-12): the main profession's perk applies. False: professions "
                   "only set the focus element."),
        OptionSpec("demon_face", True, "Our design (gap 3-6): an attack die showing the demon's face adds 1 rage."),
        OptionSpec("move_match", "card", "Gap 3-15, 移動 ①/②: what a face-up tile's element is compared with — 'card' "
                   "(default: 1 card of the tile's element, or 2 cards sharing another element, as the attack "
                   "clause spells it) or 'origin' (reading b: 1 card of any kind onto a tile of the element of "
                   "the tile the hero stands on, 2 cards sharing any element onto a tile of another element).",
                   choices=("card", "origin")),
        OptionSpec("acquire_counts", True, "W-8, 「玩家行動可以選擇以下至少一項」: drawing on the spirit supply (汲取, our "
                   "design) counts as the turn's required action. False (strict): only the seed's four actions — "
                   "move, attack, focus, rest — let the hero end the turn."),
        OptionSpec("exhaustion", "moment", "W-6, 「任何玩家的手牌及專屬牌庫卡牌總數為4張或更少…輸掉遊戲」: when the "
                   "exhaustion loss is applied — 'moment' (default: the moment a hero's hand and deck fall to 4, "
                   "even in the middle of paying) or 'action' (after each whole action, so a final blow paid with "
                   "the last cards still seals the demon king).", choices=("moment", "action")),
    ),
)
