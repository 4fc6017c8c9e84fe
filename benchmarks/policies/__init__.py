"""Simple outside policies to spar with the games' own agents (plain agents: ``name`` and ``act(obs, rng)``)."""
