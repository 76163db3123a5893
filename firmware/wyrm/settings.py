"""The settings' defaults and ranges, and reading a saved copy (the app keeps the values)."""

DEFAULTS = {
    "contrast": 3,  # level 1..5
    "flip": False,
    "dim_s": 60,  # 0 = never
    "off_s": 300,  # 0 = never
    "peek_s": 10,  # a secret hides by itself after this many seconds of holding
    "battery": 0,  # wyrm.power.KINDS: 3x alkaline, 3x NiMH, 1x LiPo
    "lang": 0,  # the panel's language (wyrm.lang): 0 English, 1 Deutsch
}

# (lowest, highest, 0 too: "never"). settings.json may come from anywhere: a value
# of another type or out of range falls back to its default.
RANGES = {
    "contrast": (1, 5, False),
    "flip": (False, True, False),
    "dim_s": (5, 3600, True),
    "off_s": (10, 7200, True),
    "peek_s": (1, 120, False),
    "battery": (0, 2, False),
    "lang": (0, 1, False),
}


def read(saved):
    """(settings, the keys whose saved values could not be used) from a loaded settings
    object (anything: a damaged file may hold a list). A missing value takes its
    default quietly."""
    settings = dict(DEFAULTS)
    wrong = []
    if isinstance(saved, dict):
        for k in DEFAULTS:
            if k not in saved:
                continue
            v = saved[k]
            lo, hi, never = RANGES[k]
            if type(v) is type(DEFAULTS[k]) and (lo <= v <= hi or (never and v == 0)):
                settings[k] = v
            else:
                wrong.append(k)
    return settings, wrong
