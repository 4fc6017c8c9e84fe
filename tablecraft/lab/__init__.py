"""The lab: tools to play many games between agents and measure them (simulation, later tournaments)."""
