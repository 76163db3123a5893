"""Wyrm: a pocket table companion for five dragon board games."""

VERSION = "0.1.0"


def is_int(v):
    """A whole number from a JSON file or a save (True and False are not numbers here)."""
    return type(v) is int
