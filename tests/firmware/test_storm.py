"""The seeded fault storm on every board profile, bounded to about a minute.

``make soak`` (tests/support/soak.py) runs the same storm much longer, and inside
real MicroPython too.
"""

import pytest
from storm import BOARDS, storm

EVENTS = 600  # key tokens per board (about 12 s each under CPython)


@pytest.mark.parametrize("board", BOARDS)
def test_fault_storm(tmp_path, monkeypatch, board, capsys):
    """Random keys through power cuts, a full or failing flash, malformed files, read
    errors at boot (two and three in a row at every read among them) and the battery
    running empty: no app error, no save lost, no secret shown, nothing written while
    saving is stopped, no "All is saved" with a change held back (storm.py's checks)."""
    seed = 1600 + BOARDS.index(board)
    stats = storm(seed, EVENTS, board, str(tmp_path), monkeypatch)
    assert stats["failures"] == []
    # the storm did what it says: cuts, injected faults and reboots happened, boots whose
    # reads failed two and three times in a row, and the battery ran empty
    assert stats["cuts"] >= 5 and stats["faults"] >= 5 and stats["boots"] >= 10
    assert stats["bursts"] >= 2 and stats["stops"] >= 2
    out = capsys.readouterr()
    assert "Zinnober" not in out.out + out.err  # no card name on the console
