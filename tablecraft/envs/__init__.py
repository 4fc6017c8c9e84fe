"""Reinforcement-learning environments for every registered game: PettingZoo (AEC) and Gymnasium (one seat).

Both use only the core contract (``tablecraft.load``, ``Game``, ``State``, ``view``, ``legal_actions``, the action
codec, ``returns``), so a newly registered game has environments at once.

- ``TablecraftAECEnv(game_id, num_seats, options)`` (``aec_env``): every seat is a PettingZoo agent ``seat_i``.
- ``TablecraftGymEnv(game_id, seat, opponents)`` (``gym_env``, or ``gymnasium.make("tablecraft/Game-v0",
  game="wizard-towers")``): one learning seat; the other seats are played by agents (``"random"``,
  ``"heuristic"``, ``"ismcts…"``, an agent object or a callable ``(obs, rng) -> action``).

Observations follow PettingZoo's convention ``{"observation": float32 vector, "action_mask": int8 vector}``. The
vector is made from ``view(seat)`` alone by the game's encoder (``encoder_for``): the generic encoder learns the
shape of a game's views from seeded random games and lays them out in named slices; ``describe_layout`` prints
which slice means what (also ``python -m tablecraft.envs layout GAME``). The mask comes from the game's codec: one
fixed id per action, ``cancel`` included where a game has it (its last id, so adding it renumbered nothing), but a
learner's mask never offers ``cancel`` (``State.forward_actions``), which only takes a play being built back.
Rewards are ``returns()`` at the end of the game. Seeds reproduce episodes.

>>> env = gym_env("wizard-towers", seat=0, opponents="random")
>>> obs, info = env.reset(seed=7)
>>> sorted(obs), obs["observation"].shape == env.observation_space["observation"].shape
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

import gymnasium

from .aec import TablecraftAECEnv, aec_env, agent_name
from .common import ILLEGAL_REWARD, IllegalActionPolicy
from .encoding import ObservationEncoder, Slice, ViewEncoder, describe_layout, encoder_for, generic_encoder
from .gym_env import CallableAgent, Opponent, TablecraftGymEnv, gym_env, make_opponent
from .policy import PolicyAgent

GYM_ID = "tablecraft/Game-v0"
"""The Gymnasium id of ``TablecraftGymEnv``: ``gymnasium.make(GYM_ID, game="wizard-towers", seat=0)``."""

if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="tablecraft.envs.gym_env:TablecraftGymEnv")

__all__ = [
    "GYM_ID", "ILLEGAL_REWARD", "CallableAgent", "IllegalActionPolicy", "ObservationEncoder", "Opponent",
    "PolicyAgent", "Slice", "TablecraftAECEnv", "TablecraftGymEnv", "ViewEncoder", "aec_env", "agent_name",
    "describe_layout", "encoder_for", "generic_encoder", "gym_env", "make_opponent",
]
