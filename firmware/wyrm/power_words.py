"""The battery's notes to the players (``wyrm.power``): loaded only when one is shown."""


def say(app, i, pct):
    if i == 0:
        app.toast("Battery low: %d%%. All is saved." % pct, 4000)
    elif i == 1:
        app.toast("Saving again")
    else:
        from wyrm import ui

        app.push(ui.Message("Battery empty", "All is saved. Saving has stopped until"
                            " new cells are in or USB is plugged in."))
