"""Drakskatten quick reference: the two tables, injuries, magic items, readings.

Imported only when "Tables & items" is chosen. Every line fits the 21
characters of the OLED; tables are drawn in two columns.
"""
from wyrm import font, ui
from wyrm.app import Screen

# (left column, right column); left "" = a note line across the screen.
ATTACK = (
    ("sum", "result"),
    ("<=9", "MISS"),
    ("10-11", "LIGHT  -1 card"),
    ("12", "INJURY -2 cards"),
    ("13", "SEVERE -3 cards"),
    (">=14", "DEATH"),
    ("", "ATT added if above 0."),
    ("", "Magic Amulet: -1."),
    ("", "LIGHT: move 3."),
    ("", "INJURY, SEVERE:"),
    ("", "  move 2."),
    ("", "DEATH: start over at"),
    ("", "  your staircase."),
)

TREASURE = (
    ("sum", "cards"),
    ("<=1", "none"),
    ("2-3", "1 card"),
    ("4-6", "2 cards"),
    ("7-8", "3 cards"),
    (">=9", "4 cards"),
    ("", "After a victory."),
    ("", "ATT is added even"),
    ("", "  when 0 or less."),
)

INJURIES = (
    "LIGHT+LIGHT = INJURY",
    "INJURY+INJURY=SEVERE",
    "SEVERE+any = DEATH",
    "LIGHT on INJURY:",
    "  no change.",
    "Else the worse one",
    "  stands. Cards are",
    "  lost as the table",
    "  says.",
    "Healing Potion heals",
    "  all (used up).",
)

ITEMS = (
    "Magic Sword: -1 on",
    "  your attack roll.",
    "Magic Amulet: -1 on",
    "  the monster's roll.",
    "Healing Potion: heals",
    "  all injuries. Used",
    "  up.",
    "Flying Carpet: move",
    "  2d6, injuries do",
    "  not matter.",
    "Crystal Ball: look",
    "  through a door:",
    "  monster and",
    "  treasure decided",
    "  before you enter.",
    "Poison Powder: the",
    "  monster is beaten",
    "  at once. Used up.",
    "Sticky Floor: the",
    "  monster cannot",
    "  attack; take its",
    "  treasure. Kept.",
)

READINGS = (
    "Sticky Floor is not",
    "  used up: the rules",
    "  never remove it.",
    "Cards are lost as",
    "  the table says even",
    "  when the injury",
    "  does not change.",
    "Treasure adds ATT",
    "  whatever its sign.",
    "Win: 1,500 silver",
    "  and back at your",
    "  own staircase.",
)

class Table(Screen):
    """A heading (underlined) and rows of (left, right): the left column is
    right-aligned, the right one starts one space after it; left "" = a note."""

    def __init__(self, title_text, rows, heading=True):
        self.title = title_text
        self.rows = rows
        self.heading = heading
        self.first = 0
        col = 0
        for r in rows[1:] if heading else rows:
            if len(r[0]) > col:
                col = len(r[0])
        self.col = col

    def _body(self):
        return len(self.rows) - (1 if self.heading else 0)

    def on_event(self, app, kind, key):
        shown = ui.rows(app) - (1 if self.heading else 0)
        return ui.scroll_event(self, app, kind, key, self._body(), shown)

    def _row(self, fb, y, left, right):
        if left:
            font.text(fb, left, 2 + (self.col - len(left)) * 6, y)
            font.text(fb, right, 2 + (self.col + 1) * 6, y)
        else:
            font.text(fb, right, 2, y)

    def draw(self, app, fb):
        ui.title(fb, self.title)
        r0 = 0
        if self.heading:
            y = ui.row_y(0)
            left, right = self.rows[0]
            self._row(fb, y + 1, left, right)
            fb.hline(0, y + 9, fb.width, 1)
            r0 = 1
        shown = ui.rows(app) - r0
        body = self.rows[r0:]
        for r in range(min(shown, len(body) - self.first)):
            left, right = body[self.first + r]
            self._row(fb, ui.row_y(r + r0) + 2, left, right)
        ui.scroll_marks(fb, self.first, shown, len(body))


def _lines(title_text, lines):
    return Table(title_text, [("", s) for s in lines], heading=False)


def menu():
    return ui.Menu(
        "Tables & items",
        [
            ["Monster attack", lambda a: a.push(Table("Monster: 2d6 + ATT", ATTACK))],
            ["Treasure", lambda a: a.push(Table("Treasure: 1d6 + ATT", TREASURE))],
            ["Injuries", lambda a: a.push(_lines("Injuries", INJURIES))],
            ["Magic items", lambda a: a.push(_lines("Magic items", ITEMS))],
            ["How Wyrm reads it", lambda a: a.push(_lines("Readings", READINGS))],
        ],
    )
