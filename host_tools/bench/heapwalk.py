"""Why is memory still held? A heap walk inside the WebAssembly MicroPython.

``dump(mp)`` reads the heap, ``analyse(d)`` splits it into what the firmware's objects hold,
false pointers and the rest (docs/TOOLS.md).
"""
import struct

DUMP = r"""
def _hw_dump(base, nbytes):
    import micropython, sys, uctypes
    gc.collect()
    micropython.mem_info(1)
    roots = (id(sys.modules), id(globals()), id(sys.path), id(sys.argv))
    print('@roots', *roots)
    print('@mods', ' '.join(sorted([k for k in sys.modules])))
    with open('/hw_roots.bin', 'wb') as f:
        for r in roots:
            f.write(uctypes.bytearray_at(r, 64))
    if nbytes:
        with open('/hw_mem.bin', 'wb') as f:
            f.write(uctypes.bytearray_at(base, nbytes))
"""

BLOCK = 16
# Heads whose word at +12 points to binary data: str/bytes ('S'), bytearray and
# array ('A'), bytecode functions ('B': the bytecode).
_DATA_AT_12 = "SAB"


def dump(mp):
    """Allocation map, heap bytes and root words of the interpreter right now."""
    mp.exec(DUMP)
    first = _parse(mp.exec("_hw_dump(0, 0)"))
    # the same again with the memory, in one call (nothing moves in between);
    # written to files without copies (uctypes.bytearray_at), read from the host
    d = _parse(mp.exec("_hw_dump(%d, %d)" % (first["base"],
                                              len(first["kinds"]) * BLOCK + 16384)))
    raw = mp.read_file("/hw_roots.bin")
    d["roots"] += list(struct.unpack("<%dI" % (len(raw) // 4), raw))
    d["mem"] = mp.read_file("/hw_mem.bin")[: len(d["kinds"]) * BLOCK]
    mp.remove("/hw_roots.bin")
    mp.remove("/hw_mem.bin")
    return d


def _parse(out):
    base = None
    mods = []
    kinds = []
    roots = []
    for ln in out.splitlines():
        if ln.startswith("GC memory layout; from "):
            base = int(ln.split("from ")[1].rstrip(":"), 16)
        elif ln.startswith("@mods "):
            mods = ln.split()[1:]
        elif ln.startswith("@roots "):
            roots += [int(x) for x in ln.split()[1:]]
        elif base is not None and len(ln) > 10 and ln[8] == ":":
            off = int(ln[:8], 16) // BLOCK
            if len(kinds) < off:
                kinds += ["."] * (off - len(kinds))
            kinds += list(ln[10:].rstrip())
    used = len(kinds)
    while used and kinds[used - 1] == ".":
        used -= 1
    kinds = kinds[:used]
    return {"base": base, "kinds": "".join(kinds), "mem": b"", "roots": roots, "modules": mods}


def analyse(d):
    """{'allocated', 'precise', 'false', 'other'} in bytes, plus the false-pointer holders."""
    base, kinds, mem = d["base"], d["kinds"], d["mem"]
    n = len(kinds)
    words = struct.unpack("<%dI" % (len(mem) // 4), mem)
    size = {}
    i = 0
    while i < n:
        if kinds[i] not in ".=":
            j = i + 1
            while j < n and kinds[j] == "=":
                j += 1
            size[i] = j - i
            i = j
        else:
            i += 1

    def head(w):
        if w < base or w >= base + n * BLOCK or (w - base) % BLOCK:
            return None
        b = (w - base) // BLOCK
        return b if b in size else None

    def contents(b):
        return words[b * 4:(b + size[b]) * 4]

    data = set()
    for b in size:
        if kinds[b] in _DATA_AT_12:
            t = head(words[b * 4 + 3])
            if t is not None and t != b:
                data.add(t)

    start = [h for h in (head(w) for w in d["roots"]) if h is not None]

    def reach(scan_data):
        seen = set()
        todo = list(start)
        while todo:
            b = todo.pop()
            if b in seen:
                continue
            seen.add(b)
            if b in data and not scan_data:
                continue
            for w in contents(b):
                h = head(w)
                if h is not None and h not in seen:
                    todo.append(h)
        return seen

    cons = reach(True)
    prec = reach(False)
    false = cons - prec
    # which binary blocks hold the false pointers (the entry points of `false`)
    holders = {}
    for b in prec & data:
        for k, w in enumerate(contents(b)):
            h = head(w)
            if h is not None and h in false:
                holders.setdefault(b, []).append((k * 4, h))

    def nbytes(blocks):
        return sum(size[b] for b in blocks) * BLOCK

    return {
        "modules": d.get("modules", []),
        "allocated": nbytes(size),
        "precise": nbytes(prec),
        "false": nbytes(false),
        "other": nbytes(set(size) - cons),
        "false_holders": [
            {"block": hex(base + b * BLOCK), "kind": kinds[b], "size": size[b] * BLOCK,
             "pointers": len(v)} for b, v in sorted(holders.items())][:8],
    }
