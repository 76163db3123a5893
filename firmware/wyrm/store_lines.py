"""The store's reader for word lists shipped with the firmware (never a save)."""


def read(path, max_bytes):
    """The bytes of the UTF-8 text file ``path`` (at most ``max_bytes``), or b"" when
    it is missing, longer or not UTF-8 text."""
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError:
        return b""
    if len(data) > max_bytes:
        return b""
    try:
        data.decode()
    except UnicodeError:
        return b""
    return data
