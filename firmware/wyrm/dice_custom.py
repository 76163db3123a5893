"""Custom dice from ``dice.json``: parsing and checking (see ``parse_custom``).

Pure logic: no I/O and no import (``wyrm.dice.load_custom`` reads the file and
passes its ``Die`` class). Its own module so that rolling a built-in die never loads it.
"""

from micropython import const

NAME_MAX = const(21)  # a name fills one line of the small font at most
FACE_MAX = const(8)
SIDES_MIN = const(2)
SIDES_MAX = const(100)
COUNT_MAX = const(10)
CUSTOM_MAX = const(20)


def _parse_entry(entry, make_die):
    """One dice.json entry -> (die, None) or (None, problem text)."""
    if not isinstance(entry, dict):
        return None, "not a {...} entry"
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, "needs a name"
    name = name.strip()
    if len(name) > NAME_MAX:
        return None, "name longer than %d chars" % NAME_MAX
    count = entry.get("count", 1)
    if type(count) is not int:
        return None, 'count must be a whole number: 2, not "2"'
    if count < 1 or count > COUNT_MAX:
        return None, "count must be 1..%d" % COUNT_MAX
    has_sides = "sides" in entry
    has_faces = "faces" in entry
    if has_sides and has_faces:
        return None, "give sides or faces, not both"
    if has_sides:
        sides = entry["sides"]
        if type(sides) is not int:
            return None, 'sides must be a whole number: 8, not "8"'
        if sides < SIDES_MIN or sides > SIDES_MAX:
            return None, "sides must be %d..%d" % (SIDES_MIN, SIDES_MAX)
        faces = tuple(range(1, sides + 1))
    elif has_faces:
        raw = entry["faces"]
        if not isinstance(raw, list):
            return None, "faces must be a list"
        if len(raw) < SIDES_MIN or len(raw) > SIDES_MAX:
            return None, "needs %d..%d faces" % (SIDES_MIN, SIDES_MAX)
        faces = []
        for i in range(len(raw)):
            f = raw[i]
            if type(f) is int:
                if len(str(f)) > FACE_MAX:
                    return None, "face %d longer than %d chars" % (i + 1, FACE_MAX)
            elif isinstance(f, str):
                f = f.strip()
                if not f:
                    return None, "face %d is empty" % (i + 1)
                if len(f) > FACE_MAX:
                    return None, "face %d longer than %d chars" % (i + 1, FACE_MAX)
            else:
                return None, "face %d must be a whole number or a word" % (i + 1)
            faces.append(f)
        distinct = []
        for f in faces:
            if f not in distinct:
                distinct.append(f)
        if len(distinct) < 2:
            return None, "needs 2 different faces"
        faces = tuple(faces)
    else:
        return None, "needs sides or faces"
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
        return [], ['dice.json: needs a "dice" list']
    dice = []
    seen = []
    for i in range(len(entries)):
        if i >= CUSTOM_MAX:
            problems.append("dice.json: only the first %d dice are used" % CUSTOM_MAX)
            break
        die, problem = _parse_entry(entries[i], make_die)
        if die is not None:
            key = die.name.lower()
            if key in seen:
                die = None
                problem = "name used twice"
            else:
                seen.append(key)
        if die is None:
            problems.append("dice.json: die %d: %s" % (i + 1, problem))
        else:
            dice.append(die)
    return dice, problems
