"""The panel's language: 0 English, 1 Deutsch (the setting "lang", applied by the app).

Each text is written in both languages side by side where it is shown,
``t("Next turn", "Nächster Zug")``: frozen into the firmware, both strings stay in flash,
so the language not in use costs no RAM. Formatting stays at the call site:
``t("%s wins!", "%s gewinnt!") % name``.
"""

CUR = 0  # the language in use (the app sets it: ``use``)


def use(n):
    """Speak language ``n`` from now on (0 English, 1 Deutsch)."""
    global CUR
    CUR = n


def t(en, de):
    """``en`` or ``de``, whichever is the language in use."""
    return de if CUR else en
