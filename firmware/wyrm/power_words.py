"""The battery's notes to the players (``wyrm.power``): loaded only when one is shown.

"All is saved" only when it is true: a change the flash refused (full or failing) is only
in memory, and the note names it.
"""

from micropython import const

from wyrm.lang import t

_ENOSPC = const(28)
_STOPPED = "Saving has stopped until new cells are in or USB is plugged in."
_STOPPED_DE = "Es wird nicht mehr gespeichert, bis neue Zellen drin sind oder USB steckt."


def say(app, i, pct):
    if i == 1:
        app.toast(t("Saving again", "Speichern geht wieder"))
        return
    store = app.store
    names = list(store._pending)  # changes the flash refused: only in memory
    what = ""
    if names:
        from wyrm.store_words import unsaved

        what = unsaved(names)
    if i == 0:
        note = t("Battery low: %d%%. ", "Batterie schwach: %d%%. ") % pct
        if not names:
            app.toast(note + t("All is saved.", "Alles gespeichert."), 4000)
            return
        from wyrm.font import wrap

        text = note + t("Not saved: %s.", "Nicht gespeichert: %s.") % what
        if len(wrap(text, 19)) > 3:  # more than a toast holds (ui.draw_toast)
            text = note + t("Some changes are not saved.", "Nicht alles gespeichert.")
        app.toast(text, 4000)
        return
    from wyrm import ui

    if names:
        why = (t(" (the storage is full)", " (Speicher voll)") if store.failing == _ENOSPC
               else t(" (the storage fails)", " (Speicher gestört)") if store.failing else "")
        text = t("Not saved%s: %s. %s", "Nicht gespeichert%s: %s. %s") % (
            why, what, t(_STOPPED, _STOPPED_DE))
    else:
        text = t("All is saved. ", "Alles ist gespeichert. ") + t(_STOPPED, _STOPPED_DE)
    app.push(ui.Message(t("Battery empty", "Batterie leer"), text))
