"""Outside sparring policies: simple fixed strategies, written apart from the games' own heuristics, that the
benchmarks play the bots against (they are not part of the package and no level uses them)."""
