"""What ``Store.load`` does when a save is not simply there and good, and what
``wyrm.power`` does when saving starts again (``resume``).

It changes the flash only through the store's own methods.
"""

from micropython import const

_OK = const(0)  # the store's status codes
_UNREAD = const(3)
_CUT = const(-1)  # no .json, a .bak: a save stopped between its two renames


def mend(store, name, status, check, default):
    """The backup (renamed back to ``.json``) or ``default``, for a ``.json`` that
    is damaged, refused by ``check``, cut off or unreadable (``status``). A bad copy
    is set aside; nothing is touched while the flash cannot be read. The players'
    sentence is queued in ``store.problems``. While saving is stopped (``store.halted``)
    nothing is renamed: the backup is only read, and the files are mended at a later
    load."""
    path = store._path(name, ".json")
    bak = store._path(name, ".bak")
    if status == _UNREAD:
        store._say(name, status, False)
        return default
    cut = status == _CUT
    if not cut:
        store._set_aside(path, store._path(name, ".bad"))
    try:
        if store._has(bak):
            bstatus, obj = store._read(bak, check)
            if bstatus == _OK:
                store._say(name, _OK if cut else status, True)
                # The backup becomes the file again, so the next boot is quiet.
                store._restore(bak, path)
                return obj
            store._set_aside(bak, store._path(name, ".bak.bad"))
            if cut:
                status = bstatus
    except OSError:  # the flash keeps failing to read the backup: it stays as it is
        status = _UNREAD
    store._say(name, status, False)
    return default


def resume(store):
    """Saving starts again (the battery is back): what was held back while it was stopped
    is done now, the removes first, then the saves (one save writes them all)."""
    store.halted = False
    gone = store._gone
    pending = store._pending
    store._gone = ()
    store._pending = {}  # (so that the removes leave the held-back saves alone)
    for name in gone:
        store.remove(name)
    store._pending = pending
    for name in pending:
        store.save(name, pending[name])
        break
