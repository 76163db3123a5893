"""Host-side tools for Wyrm: simulator, MicroPython runner, deploy, benchmarks."""
