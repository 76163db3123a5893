"""The seven Drachenhort adventurers' default colour names (index 0..6), in both languages.

Their own module, so the rules get them without ``wyrm.deal`` (``deal.DEFAULT_COLOURS``).
"""
from wyrm.lang import t

DEFAULT_COLOURS = ("green", "red", "white", "blue", "orange", "yellow", "purple")
DEFAULT_COLOURS_DE = ("grün", "rot", "weiß", "blau", "orange", "gelb", "lila")


def colour_name(names, a):
    """Adventurer ``a``'s name from ``names`` (the configured colours): a default colour
    in the language in use, a colour named in the settings file as written there."""
    n = names[a]
    return t(n, DEFAULT_COLOURS_DE[a]) if n == DEFAULT_COLOURS[a] else n
