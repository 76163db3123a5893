"""Quick roll: UP and DOWN together roll the open game's die above the current screen.

Loaded only on the chord (``chord(app)``).
"""
from wyrm import buttons as B
from wyrm import dice, dice_roll_ui, registry

_DEFAULT = "d6"


class QuickRoll(dice_roll_ui.RollScreen):
    """The roll screen of a quick roll (rolled as it opens; not reopened after a power cut).

    BACK returns even while the die still tumbles (elsewhere a key pressed
    then only shows the result)."""

    def on_event(self, app, kind, key):
        if kind == B.CLICK and key == B.BACK:
            app.pop(self)
            return True
        return super().on_event(app, kind, key)


def die_id(app, book):
    """The open game's die (its registry entry), else the die rolled last."""
    for row in registry.GAMES:
        if row[1] == app.game_module and row[2]:
            return row[2]
    return book.last or _DEFAULT


def chord(app):
    """UP+DOWN: roll the game's die, or leave the quick roll if one is open."""
    for s in app.stack:
        if isinstance(s, QuickRoll):
            app.pop(s)
            return
    book = None  # the counts a screen below holds: one copy, so none goes stale
    for s in app.stack:
        b = getattr(s, "book", None)  # (a dice_roll_ui.Book wherever a screen has one)
        if b is not None and b.loaded:
            book = b
    if book is None:
        book = dice_roll_ui.Book(app)
    die = dice.find(die_id(app, book))
    if die is None:  # a custom die that is gone: dice.json is read only for one
        die = dice.find(die_id(app, book), dice.load_custom(app)[0]) or dice.find(_DEFAULT)
    app.push(QuickRoll(die, roll_now=True, book=book))
