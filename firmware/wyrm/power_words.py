"""The battery's notes to the players (``wyrm.power``): loaded only when one is shown.

"All is saved" only when it is true: a change the flash refused (full or failing) is only
in memory, and the note names it.
"""

from micropython import const

_ENOSPC = const(28)
_STOPPED = "Saving has stopped until new cells are in or USB is plugged in."


def say(app, i, pct):
    if i == 1:
        app.toast("Saving again")
        return
    store = app.store
    names = list(store._pending)  # changes the flash refused: only in memory
    what = ""
    if names:
        from wyrm.store_words import unsaved

        what = unsaved(names)
    if i == 0:
        note = "Battery low: %d%%. " % pct
        if not names:
            app.toast(note + "All is saved.", 4000)
            return
        from wyrm.font import wrap

        text = note + "Not saved: %s." % what
        if len(wrap(text, 19)) > 3:  # more than a toast holds (ui.draw_toast)
            text = note + "Some changes are not saved."
        app.toast(text, 4000)
        return
    from wyrm import ui

    if names:
        why = (" (the storage is full)" if store.failing == _ENOSPC
               else " (the storage fails)" if store.failing else "")
        text = "Not saved%s: %s. %s" % (why, what, _STOPPED)
    else:
        text = "All is saved. " + _STOPPED
    app.push(ui.Message("Battery empty", text))
