"""The simulator: the firmware on the host, headless (key scripts) or live (window, terminal)."""
