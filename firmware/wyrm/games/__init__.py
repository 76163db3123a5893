"""Per-game rules modules (pure logic; one is imported at a time)."""
