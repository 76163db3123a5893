"""The store's reader for word lists shipped with the firmware (never a save).

Its own module, imported only by the screens that read one: not on the heap at boot.
"""


def lines(path):
    """The lines of the text file ``path``, stripped, one at a time (blank lines
    skipped); none when it is missing or cannot be read."""
    try:
        f = open(path)
    except OSError:
        return
    with f:
        for line in f:
            line = line.strip()
            if line:
                yield line
