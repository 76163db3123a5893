"""Custom dice from ``dice.json``: parsing and checking (see ``parse_custom``).

Pure logic: no I/O and no import but the language's (``wyrm.dice.load_custom`` reads the
file and passes its ``Die`` class). Its own module so that rolling a built-in die never loads it.
"""

from micropython import const

from wyrm.lang import t

NAME_MAX = const(21)  # a name fills one line of the small font at most
FACE_MAX = const(8)
SIDES_MIN = const(2)
SIDES_MAX = const(100)
COUNT_MAX = const(10)
CUSTOM_MAX = const(20)


def _parse_entry(entry, make_die):
    """One dice.json entry -> (die, None) or (None, problem text)."""
    if not isinstance(entry, dict):
        return None, t("not a {...} entry", "kein {...}-Eintrag")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, t("needs a name", 'braucht einen "name"')
    name = name.strip()
    if len(name) > NAME_MAX:
        return None, t("name longer than %d chars", "name länger als %d Zeichen") % NAME_MAX
    count = entry.get("count", 1)
    if type(count) is not int:
        return None, t(
            'count must be a whole number: 2, not "2"',
            'count muss eine ganze Zahl sein: 2, nicht "2"',
        )
    if count < 1 or count > COUNT_MAX:
        return None, t("count must be 1..%d", "count muss 1..%d sein") % COUNT_MAX
    has_sides = "sides" in entry
    has_faces = "faces" in entry
    if has_sides and has_faces:
        return None, t("give sides or faces, not both", "sides oder faces, nicht beides")
    if has_sides:
        sides = entry["sides"]
        if type(sides) is not int:
            return None, t(
                'sides must be a whole number: 8, not "8"',
                'sides muss eine ganze Zahl sein: 8, nicht "8"',
            )
        if sides < SIDES_MIN or sides > SIDES_MAX:
            return None, t("sides must be %d..%d", "sides muss %d..%d sein") % (
                SIDES_MIN,
                SIDES_MAX,
            )
        faces = tuple(range(1, sides + 1))
    elif has_faces:
        raw = entry["faces"]
        if not isinstance(raw, list):
            return None, t("faces must be a list", "faces muss eine Liste sein")
        if len(raw) < SIDES_MIN or len(raw) > SIDES_MAX:
            return None, t("needs %d..%d faces", "braucht %d..%d faces") % (SIDES_MIN, SIDES_MAX)
        faces = []
        for i in range(len(raw)):
            f = raw[i]
            if type(f) is int:
                if len(str(f)) > FACE_MAX:
                    return None, t(
                        "face %d longer than %d chars", "Seite %d länger als %d Zeichen"
                    ) % (i + 1, FACE_MAX)
            elif isinstance(f, str):
                f = f.strip()
                if not f:
                    return None, t("face %d is empty", "Seite %d ist leer") % (i + 1)
                if len(f) > FACE_MAX:
                    return None, t(
                        "face %d longer than %d chars", "Seite %d länger als %d Zeichen"
                    ) % (i + 1, FACE_MAX)
            else:
                return None, t(
                    "face %d must be a whole number or a word",
                    "Seite %d muss eine ganze Zahl oder ein Wort sein",
                ) % (i + 1)
            faces.append(f)
        distinct = []
        for f in faces:
            if f not in distinct:
                distinct.append(f)
        if len(distinct) < 2:
            return None, t("needs 2 different faces", "braucht 2 verschiedene faces")
        faces = tuple(faces)
    else:
        return None, t("needs sides or faces", "braucht sides oder faces")
    return make_die("c:" + name, name, faces, count), None


def parse_custom(data, make_die):
    """The decoded dice.json (``Store.read_user``) -> (dice, problems); each die is
    ``make_die(id, name, faces, count)`` (``wyrm.dice.Die``).

    Format: {"dice": [{"name": "d20", "sides": 20},
                      {"name": "2d8", "count": 2, "sides": 8},
                      {"name": "Weather", "faces": ["Sun", "Rain", "Storm"]}]}
    A bare list of entries is accepted too. Bad entries are skipped and named in
    ``problems`` ("dice.json: die 2: sides must be 2..100"); good ones are kept.
    Custom ids are "c:" + name; names must be unique (ignoring case).
    """
    problems = []
    if isinstance(data, dict):
        entries = data.get("dice")
    else:
        entries = data
    if not isinstance(entries, list):
        return [], [t('dice.json: needs a "dice" list', 'dice.json: braucht eine "dice"-Liste')]
    dice = []
    seen = []
    for i in range(len(entries)):
        if i >= CUSTOM_MAX:
            problems.append(
                t(
                    "dice.json: only the first %d dice are used",
                    "dice.json: nur die ersten %d Würfel gelten",
                )
                % CUSTOM_MAX
            )
            break
        die, problem = _parse_entry(entries[i], make_die)
        if die is not None:
            key = die.name.lower()
            if key in seen:
                die = None
                problem = t("name used twice", "name doppelt")
            else:
                seen.append(key)
        if die is None:
            problems.append(
                t("dice.json: die %d: %s", "dice.json: Würfel %d: %s") % (i + 1, problem)
            )
        else:
            dice.append(die)
    return dice, problems
