"""Host-side tools for Wyrm, one package per role: sim, emu, make, bench, web, mp, checks."""
