"""Test support shared by every game: the conformance suite."""
