"""The seven Drachenhort adventurers' default colour names (index 0..6).

Their own module, so the rules get them without ``wyrm.deal`` (``deal.DEFAULT_COLOURS``).
"""

DEFAULT_COLOURS = ("green", "red", "white", "blue", "orange", "yellow", "purple")
