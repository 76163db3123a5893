"""The Dice menu and the screen builders games use (who starts, the roll-off)."""

from wyrm import dice, dice_roll_ui, dice_rolloff, font, ui
from wyrm.lang import t

_HELP = (
    "Add your own dice: put a file dice.json on Wyrm (next to the saved "
    'games), e.g. {"dice": [{"name": "d20", "sides": 20}, {"name": "Weather", '
    '"faces": ["Sun", "Rain", "Storm"]}]}. "count": 2 rolls two at once. '
    "Faces are numbers or words of up to 8 letters."
)
_HELP_DE = (
    "Eigene Würfel: eine Datei dice.json auf Wyrm legen (neben die gespeicherten "
    'Spiele), z.B. {"dice": [{"name": "W20", "sides": 20}, {"name": "Wetter", '
    '"faces": ["Sonne", "Regen", "Sturm"]}]}. "count": 2 wirft zwei auf einmal. '
    "Seiten sind Zahlen oder Wörter mit bis zu 8 Buchstaben."
)


class StatsMenu(ui.Menu):
    """Every die with its number of rolls; OK opens its statistics."""

    def __init__(self, dice_list, book):
        self.book = book
        self.dice_list = dice_list
        items = []
        for d in dice_list:
            items.append([self._label(d), self._opener(d)])
        super().__init__(t("Statistics", "Statistik"), items)

    def _label(self, d):
        def lab(app):
            n = str(self.book.rolls(d))
            name = ui.fit(d.name, font.CHARS - 2 - len(n))
            return name + " " * (font.CHARS - 1 - len(name) - len(n)) + n

        return lab

    def _opener(self, d):
        def run(app):
            app.push(dice_roll_ui.StatsScreen(d, self.book))

        return run


# -- public builders and the Dice menu ---------------------------------------------------
def roll_screen(die, roll_now=False):
    """The roll screen of a die: ``wyrm.dice_roll_ui.roll_screen``."""
    return dice_roll_ui.roll_screen(die, roll_now)


def who_starts_screen(n=None, lo=dice.PLAYERS_MIN, hi=dice.PLAYERS_MAX):
    """Pick a random starting player; asks for the player count unless ``n`` is given."""
    if n is not None:
        return dice_rolloff.WhoScreen(n)
    return dice_rolloff.PlayersSpinner(t("Who starts?", "Wer beginnt?"), dice_rolloff.WhoScreen,
                                       lo, hi)


def rolloff_screen(n=None, lo=dice.PLAYERS_MIN, hi=dice.PLAYERS_MAX, names=None, on_win=None):
    """The Drakskatten roll-off for n players (asks for n when not given); ``names``:
    the game's own (default: the table's, main menu > Players); ``on_win(app, k)``
    when player k has won it (the game's first turn)."""
    if n is not None:
        return dice_rolloff.RollOffScreen(n, names, on_win)
    return dice_rolloff.PlayersSpinner(t("Roll-off", "Stechen"), dice_rolloff.RollOffScreen,
                                       lo, hi)


def _name_of(dice_list, die_id):
    for d in dice_list:
        if d.id == die_id:
            return d.name
    return None


def _preload(app):
    # Once the menu's first frame is out (or before a key, if one comes first): the
    # randomness, so a die opens as fast as it draws.
    return app.rng  # made now (the system's source), not in the first roll


class DiceMenu(ui.Menu):
    """Built-in dice, custom dice, who starts, roll-off, statistics, help."""

    def __init__(self):
        super().__init__(t("Dice", "Würfel"), [])
        self.book = None
        self.dice_list = []

    def on_open(self, app):
        app.after_frame(_preload)
        custom, problems = dice.load_custom(app)
        self.dice_list = list(dice.BUILTIN) + custom
        items = []
        for d in dice.BUILTIN:
            items.append([d.name, self._roller(d)])
        items.append([t("Who starts?", "Wer beginnt?"), lambda a: a.push(who_starts_screen())])
        items.append([t("Roll-off (all 1d6)", "Stechen (alle 1W6)"),
                      lambda a: a.push(rolloff_screen())])
        for d in custom:  # your own dice after the built-in entries
            items.append([d.name, self._roller(d)])
        items.append([t("Statistics", "Statistik"), self._stats])
        own = t("Your own dice", "Eigene Würfel")
        items.append([own, lambda a: a.push(ui.Message(own, t(_HELP, _HELP_DE)))])
        self.items = items
        last = dice.last_die(app)  # the menu starts on the die rolled last
        for i in range(len(items)):
            if items[i][0] == _name_of(self.dice_list, last):
                self.sel = i
        if problems:
            text = [t("The file dice.json has problems; the other dice work.",
                      "Die Datei dice.json hat Fehler; die anderen Würfel gehen.")]
            head = "dice.json: "  # the file is named in the first line already
            for p in problems:
                text.append(p[len(head):] if p.startswith(head) else p)
            ui.error(app, text, "dice.json")

    def _stats(self, app):
        book = dice_roll_ui.Book(app)
        app.push(StatsMenu(self.dice_list, book))
        book.show_problems(app)

    def _roller(self, d):
        def run(app):
            app.push(dice_roll_ui.RollScreen(d, roll_now=True, remember=True))

        return run


def enter(app, resume=False):
    """Push the Dice menu; after a power cut also the roll screen that was open."""
    menu = app.push(DiceMenu())
    if not resume:
        return
    book = dice_roll_ui.Book(app)
    for d in menu.dice_list:
        if d.id == book.open:
            app.push(dice_roll_ui.RollScreen(d, remember=True, book=book))
            return
    book.show_problems(app)
