"""Measurements: make bench (suite and its parts), make latency, the power split, the
presses at the table."""
