"""Static check: measured figures live only in generated blocks.

    python -m host_tools.checks.figures        # prints problems, exit 1 if any

A measurement drifts as the code changes; a doc's prose and a comment state the rule instead
(what is kept, what is put off, which budget holds), and the figures are written by the tool
that measures them, between a doc's ``<!-- ... -->`` and ``<!-- end ... -->`` markers (or in a
doc a tool writes whole: ``GENERATED``). A measured figure here is "about N" (or "~N",
"roughly N"), a time or a size with its unit (ms, us, s, B, KB, bytes) told as what something
takes, costs or saves ("takes N ms", "N ms more", "N ms late", "N B"). A budget is a rule
and stays: a figure after <=, "at most", "within", "up to", "budget", "limit", "under",
"every" (a period), "for"/"after" (a wait the code sets) ... Figures that are facts of the
hardware or a format (a 4 KB flash sector, 5 bytes a glyph) are in ``ALLOWED`` with reasons.
"""

import os
import re
import sys

from host_tools import paths

ROOT = paths.ROOT

# Docs a tool writes whole (a doc's own markers cover the others).
GENERATED = {
    "docs/LATENCY.md": "written whole by python -m host_tools.bench.latency (make latency)",
}

# (file, words on the line) -> why the figure there is not a measurement.
ALLOWED = {
    ("host_tools/make/uf2.py", "4 KB sector"): "the RP2040 flash's erase sector (datasheet)",
    ("host_tools/make/uf2.py", "256 bytes"): "a UF2 block's payload (the UF2 format)",
    ("host_tools/make/fontgen.py", "640 bytes"): "the font's size by its format (128 x 5)",
    ("firmware/wyrm/font.py", "(5 bytes)"): "a glyph is 5 column bytes (the font's format)",
    ("host_tools/make/firmware.py", "64 KB"): "the free flash the size check keeps (a budget)",
    ("docs/TOOLS.md", "4 KB sector"): "the RP2040 flash's erase sector (datasheet)",
    ("docs/BENCHMARKS.md", "lightsleep` runs about 0.4 ms"): "the rp2 port's wake from"
    " lightsleep, measured upstream (MicroPython PR #8832), not Wyrm's code",
    ("host_tools/bench/power_split.py", "lightsleep runs about 0.4 ms"): "the rp2 port's wake"
    " from lightsleep, measured upstream (MicroPython PR #8832), not Wyrm's code",
}

_UNIT = r"(?:ms|us|\u00b5s|s|B|KB|kB|bytes?)"
_NUM = r"\d+(?:,\d{3})*(?:\.\d+)?"
# A physical quantity (a part's size, a voltage, a current): a fact of the hardware, not a
# figure of Wyrm's code that drifts.
_PHYSICAL = re.compile(r"^[\d.,\s x-]*(?:V|mV|mA|mAh|mm|cm|MHz|kHz|Hz|mW|W|\u00b0C|bit times)\b")
_ABOUT = re.compile(r"(?i)(?<![\w-])(?:about|around|roughly|approximately|approx\.|~)\s*%s"
                    r"(?!\s*(?:x|times|%%)\b)" % _NUM)
_WITH_UNIT = re.compile(r"(?<![\w.])(%s)\s?%s(?![\w/])" % (_NUM, _UNIT))
_MEASURED_AFTER = re.compile(
    r"^\s*(?:more|less|longer|shorter|late|later|earlier|sooner|faster|slower|extra|saved|"
    r"a save|an opening|on the heap|of heap|of RAM|measured|median|in all)\b")
_MEASURED_BEFORE = re.compile(
    r"(?i)\b(?:takes?|took|costs?|uses?|used|spends?|saves?|saved|needs?|holds?|grows?|grew|"
    r"measured|is|was|were|now|adds?|added|only)\s*(?:about\s*)?$")
_BUDGET_BEFORE = re.compile(
    r"(?i)(?:<=|<|>=|>|\u2264|\u2265|\bat most|\bat least|\bwithin|\bup to|\bbudget\w*|"
    r"\blimit\w*|\bunder|\bover|\bevery|\bfor|\bafter|\bbelow|\babove|\bmax(?:imum)?|"
    r"\bmin(?:imum)?|\bbefore|\bthan|\bsteady|\bheld|\bhold(?!s)|\btarget\w*|\bkeep\w*|\bleave\w*)"
    r"[\s\w(,]{0,16}$")


def _doc_prose(rel, text):
    """(line, text) of a doc's prose: outside generated blocks and code fences."""
    if rel in GENERATED:
        return []
    out = []
    generated = fenced = False
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s.startswith("<!--") and not s.startswith("<!-- end"):
            generated = True
            continue
        if s.startswith("<!-- end"):
            generated = False
            continue
        if s.startswith("```"):
            fenced = not fenced
            continue
        if not generated and not fenced and not line.startswith("    "):
            out.append((i, line))
    return out


def _code_comments(text):
    """(line, text) of a Python file's comments and docstrings."""
    out = []
    in_doc = None
    for i, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if in_doc:
            out.append((i, line))
            if in_doc in s:
                in_doc = None
            continue
        for q in ('"""', "'''"):
            if s.startswith(q) or re.match(r"^[rRbB]?%s" % q, s):
                out.append((i, line))
                if s.count(q) == 1:
                    in_doc = q
                break
        else:
            k = _comment_start(line)
            if k is not None:
                out.append((i, line[k:]))
    return out


def _comment_start(line):
    quote = None
    for k, ch in enumerate(line):
        if quote:
            if ch == quote and line[k - 1] != "\\":
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return k
    return None


def figures_in(line):
    """The measured figures on one line of prose or comment (strings)."""
    found = []
    for m in _ABOUT.finditer(line):
        rest = line[m.end():]
        if rest.startswith("x") and m.group(0).endswith("0"):
            continue  # an address (0x35800)
        if not _BUDGET_BEFORE.search(line[:m.start()]) and not _PHYSICAL.match(rest):
            found.append(m.group(0))
    for m in _WITH_UNIT.finditer(line):
        before, after = line[:m.start()], line[m.end():]
        if _BUDGET_BEFORE.search(before) or re.match(r"^\s*or (?:more|less)\b", after):
            continue
        if any(m.group(0) in f or f in line[max(0, m.start() - 16):m.end()] for f in found):
            continue  # "about N ms": reported once
        if (_MEASURED_AFTER.search(after) or _MEASURED_BEFORE.search(before)
                or re.search(r"\d,\d{3}", m.group(1)) or m.group(0).endswith(("B", "KB"))):
            found.append(m.group(0))
    return found


def _allowed(rel, line):
    return any(f == rel and words in line for (f, words) in ALLOWED)


def sources():
    """(relative path, kind) of every doc and every Python file the check reads."""
    out = [("README.md", "doc")]
    for f in sorted(os.listdir(os.path.join(ROOT, "docs"))):
        if f.endswith(".md"):
            out.append(("docs/" + f, "doc"))
    for top in ("firmware", "host_tools"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(x for x in dirs if not x.startswith((".", "__")))
            for f in sorted(files):
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    out.append((os.path.relpath(p, ROOT).replace(os.sep, "/"), "code"))
    return out


def problems(files=None):
    """Every measured figure outside a generated block, as "path:line: ..." lines."""
    out = []
    for rel, kind in files or sources():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        lines = _doc_prose(rel, text) if kind == "doc" else _code_comments(text)
        for i, line in lines:
            if _allowed(rel, line):
                continue
            for fig in figures_in(line):
                out.append("%s:%d: measured figure %r (state the rule; figures go in a"
                           " generated block)" % (rel, i, fig))
    return out


def main(argv=None):
    found = problems()
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
