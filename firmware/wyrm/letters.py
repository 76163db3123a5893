"""Which names the screen can show: loaded only where players' files name things.

``shows(s)``: every character of s has its own glyph in the small font -
printable ASCII, the German letters (a o u with two dots, sharp s, A O U with
two dots) and the symbols' Unicode characters. ``SHOWN`` says so to the player.
(The font's own table of them: the generated glyph data is not loaded for this.)
"""
from wyrm import font

SHOWN = "only letters the screen shows (A-Z, \u00e4 \u00f6 \u00fc \u00df, digits)"
SHOWN_DE = "nur Zeichen, die der Bildschirm zeigt (A-Z, \u00e4 \u00f6 \u00fc \u00df, Ziffern)"


def shows(s):
    for ch in s:
        o = ord(ch)
        if o > 127:
            if font.UNI.find(ch) < 0:
                return False
        elif o < 32 or o == 127:
            return False
    return True
