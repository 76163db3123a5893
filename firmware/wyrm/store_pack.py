"""The JSON encoder of the store (``wyrm.store`` adds the header line): canonical JSON."""

import json

try:  # CPython: keep non-ASCII text as UTF-8, as MicroPython's json does
    json.dumps("", ensure_ascii=False)  # pyright: ignore[reportCallIssue] - CPython only
    _KW = {"separators": (",", ":"), "ensure_ascii": False}
except TypeError:  # MicroPython: no ensure_ascii
    _KW = {"separators": (",", ":")}

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _enc_str(s, out):
    """Append s as a JSON string. Iterates characters, never indexes: indexing a
    non-ASCII str is O(n) on MicroPython."""
    out.append('"')
    plain = True
    for ch in s:
        if ch in _ESCAPES or ord(ch) < 0x20:
            plain = False
            break
    if plain:
        out.append(s)
    else:
        for ch in s:
            if ch in _ESCAPES:
                out.append(_ESCAPES[ch])
            elif ord(ch) < 0x20:
                out.append("\\u%04x" % ord(ch))
            else:
                out.append(ch)
    out.append('"')


def _enc(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, float):
        if obj != obj or obj in (float("inf"), float("-inf")):
            raise ValueError("store: cannot save %r" % obj)
        out.append(repr(obj))
    elif isinstance(obj, str):
        _enc_str(obj, out)
    elif isinstance(obj, (list, tuple)):
        if _plain(obj):
            out.append(json.dumps(obj, **_KW))
            return
        out.append("[")
        first = True
        for item in obj:
            if not first:
                out.append(",")
            first = False
            _enc(item, out)
        out.append("]")
    elif isinstance(obj, dict):
        keys = list(obj.keys())
        for k in keys:
            if not isinstance(k, str):
                raise TypeError("store: dict keys must be str, got %r" % (k,))
        keys.sort()
        out.append("{")
        first = True
        for k in keys:
            if not first:
                out.append(",")
            first = False
            _enc_str(k, out)
            out.append(":")
            _enc(obj[k], out)
        out.append("}")
    else:
        raise TypeError("store: cannot save a %s" % type(obj).__name__)


def _plain(seq):
    """True if ``json.dumps`` writes the list ``seq`` as ``_enc`` would, on both
    runtimes: ints, booleans, None, strings and such lists. Strings are escaped
    alike, except that CPython writes a backspace or form feed as ``\\b``/``\\f``
    (``_enc`` and MicroPython: ``\\u0008``/``\\u000c``). A dict (its key order),
    a float (its digits) or such a string go the long way."""
    for x in seq:
        t = type(x)
        if t is int or t is bool or x is None:
            continue
        if t is str:
            if "\b" in x or "\f" in x:
                return False
        elif t is list or t is tuple:
            if not _plain(x):
                return False
        else:
            return False
    return True


def encode(obj):
    """Canonical JSON bytes for obj (sorted keys, no spaces, UTF-8)."""
    out = []
    _enc(obj, out)
    return "".join(out).encode()
