"""The xeno-faction ``Game``: options fixed, makes states, parses actions, words events, heuristic and evaluation."""

from __future__ import annotations

import math
from typing import Any

from tablecraft.core.api import Game, Json, State, check_json_state_header
from tablecraft.core.cards import normalize_card_words
from tablecraft.core.registry import register

from . import text
from .actions import CODEC, XFAction
from .rules import row_total
from .setup import new_state, state_from_json
from .spec import SPEC
from .state import XenoFactionState


@register
class XenoFactionGame(Game[XFAction]):
    """异种族阵营 (seed 001): two players, each with their own deck, fight row against row.

    >>> import tablecraft
    >>> g = tablecraft.load("xeno-faction", life=80)
    >>> s = g.new_initial_state(seed=3)
    >>> [p["life"] for p in s.view(0)["players"]], len(s.view(s.first)["players"][s.first]["hand"])
    ([80, 80], 7)
    """

    spec = SPEC
    codec = CODEC

    def new_initial_state(self, seed: int, setup: Json | None = None) -> XenoFactionState:
        """The standard deal for ``seed``, or the position ``setup`` describes (see ``setup.py``)."""
        return new_state(self, seed, setup)

    def state_from_json(self, data: Json) -> XenoFactionState:
        """Rebuild a state saved with ``to_json``."""
        check_json_state_header(self, data)
        return state_from_json(self, data)

    def parse_action(self, text: str) -> XFAction:
        """The action written as ``text``; cards may use suit symbols or lower case.

        >>> str(XenoFactionGame().parse_action("place 5♥ ROW2"))
        'place 5H row2'
        """
        return self.codec.parse(normalize_card_words(text))

    def make_observation_encoder(self) -> Any:
        """The observation encoder of ``tablecraft.envs`` for this game (``encoding.py``; imported here, as only
        the environments need it)."""
        from .encoding import XenoFactionEncoder

        return XenoFactionEncoder(self)

    def describe_event(self, event: Json, lang: str = "en") -> str:
        """One line of text for a (redacted) event."""
        return text.describe_event(event, lang)

    def describe_action(self, action: XFAction, lang: str = "en", state: Any = None) -> str:
        """Player-facing text for an action."""
        return text.describe_action(action, lang, state)

    def sightings(self, seat: int) -> Any:
        """What ``seat`` openly sees of where cards are, from its own event stream (``sightings.py``)."""
        from .sightings import XenoFactionSightings

        return XenoFactionSightings(seat)

    def make_heuristic(self, **params: Any) -> Any:
        """The rule-of-thumb agent of ``heuristic.py`` (it reads only its observation)."""
        from .heuristic import XenoHeuristic

        return XenoHeuristic(**params)

    def evaluate(self, state: State[XFAction], seat: int) -> float:
        """A value in [-1, 1] for ``seat``: the returns at the end; before, the life difference (squashed by
        tanh over 20 points) with smaller weights on the field (row totals) and the cards in hand.

        >>> import tablecraft
        >>> g = tablecraft.load("xeno-faction")
        >>> s = g.new_initial_state(seed=1, setup={"life": {"alpha": 50, "beta": 30}})
        >>> 0.0 < g.evaluate(s, 0) < 1.0, g.evaluate(s, 0) == -g.evaluate(s, 1)
        (True, True)
        """
        if state.is_terminal():
            return state.returns()[seat]
        if not isinstance(state, XenoFactionState):
            raise TypeError(f"evaluate needs a xeno-faction state, not {type(state).__name__}")
        o = 1 - seat
        life = (state.life[seat] - state.life[o]) / 20.0
        field = sum(row_total(r) for r in state.rows[seat]) - sum(row_total(r) for r in state.rows[o])
        cards = len(state.hands[seat]) - len(state.hands[o])
        return math.tanh(life + 0.3 * field / 40.0 + 0.1 * cards / 20.0)
