"""The seven Drachenhort adventurers' default colour names (index 0..6).

The five the rulebook names plus yellow and purple (docs/RULES.md, Drachenhort); the settings
may rename them (``wyrm.deal.validate_colours``). A module of its own so that
the rules (``wyrm.games.drachenhort``) get the names without loading
``wyrm.deal``; ``deal.DEFAULT_COLOURS`` is the same tuple.
"""

DEFAULT_COLOURS = ("green", "red", "white", "blue", "orange", "yellow", "purple")
