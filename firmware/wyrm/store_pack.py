"""The writing half of the store's file format (see ``wyrm.store``): canonical JSON
and the header line. A module of its own so that it is loaded at the first save,
not at boot.

The JSON text is written here, not by ``json.dumps``: keys are sorted, separators
are compact and non-ASCII text is kept as UTF-8, so CPython and MicroPython write
byte-identical files (MicroPython dicts have no order).
"""

from wyrm.store import VERSION, _checksum_hex

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


def encode(obj):
    """Canonical JSON bytes for obj (sorted keys, no spaces, UTF-8)."""
    out = []
    _enc(obj, out)
    return "".join(out).encode()


def pack(obj):
    """The complete file contents for obj: header line + JSON bytes."""
    body = encode(obj)
    head = "WYRM %d %s %d\n" % (VERSION, _checksum_hex(body), len(body))
    return head.encode() + body
