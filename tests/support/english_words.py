"""Words that belong to one language only: a screen in the other language must not show them.

``ENGLISH``: none of these on a screen in German; ``GERMAN``: none of these on a screen in
English. Whole words, case as written (the keys' names UP, DOWN, OK, BACK are the same in
both languages: they are printed on the case). ``words_of(text, words)``: the ones found.

Words both languages use (Start, Display, Wyrm, min, USB, the games' names: "Der Weg n.
Drakonia", "Drachenhort die" in English) are in neither list.
"""
import re

ENGLISH = frozenset("""
Yes No Back back turn Turn roll rolls Roll Next next Dice Settings Players Player players
New new deck Deck cards Cards card Hidden Help Reshuffle Statistics Who who starts begins
Contrast never About Battery Saved saved Seat history Oops Something went wrong Deal
Draw Done continue Press Hold hold when only you see the and of is are not Quick reference
Undo Random Power Board Keys free Cells Language Flip Dim Screen Peek hides Button test
Table companion for together quick dragon games press key leave round Tie again latest
clockwise out door FOUND found total rolled Counts counts reset Looks fair Too few Unusual
keep Your your own Using numbered Numbered each Only left Nobody holds yet Whose hand
Storage changes being works Some settings could usual values lost Clear names Forget all
How many Stop passing Release Pass pass Seen finish get set go
""".split())

GERMAN = frozenset("""
Ja Nein Zurück zurück Würfel Spieler Einstellungen Neues Spiel Karten Karte Stapel
Verdeckte Verdeckt Hilfe beginnt Runde Wurf Würfe Zählung Verlauf nächste Nächster
gespeichert nicht und oder nie Tastentest Sprache Kontrast Drehen Dimmen Anzeige
Verdecken Zellen Tischhelfer Drachenspiele Strom Platine Tasten frei Hoppla Etwas
Stechen Gleich nochmal letzte Summe gefunden Tür keine Noch kein Statistik Eigene
Wer Wie viele Namen Platz löschen Gesehen halten loslassen weiter Fertig fertig gelöscht
Neuer neu mischen Hand ansehen zieht Zufall Kurzregeln Speicher Batterie schwach leer
Alles alle Alle
""".split())

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def words_of(text, words):
    """The words of ``text`` that are in ``words`` (each once, in order)."""
    out = []
    for w in _WORD.findall(text):
        if w in words and w not in out:
            out.append(w)
    return out
