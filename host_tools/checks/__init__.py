"""Checks on firmware/: imports a Pico has (picoimports), pyright against the Pico's stubs
(typecheck)."""
