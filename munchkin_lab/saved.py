"""What the running command has saved so far, for the line a Ctrl-C ends it with.

A write that reached the disk (a database commit through :func:`munchkin_lab.config.run_write`,
a file renamed into place by :func:`munchkin_lab.fileio.atomic_path`) notes what it kept,
in words (``"deck 'Mix' was saved"``, ``"out.yaml was written"``). The command line opens a
record around each command (:func:`munchkin_lab.cli.guarded`); a Ctrl-C that lands after
such a write (while the command prints its result) then says the write was saved instead of
a bare ``Interrupted.``, which would leave the user guessing. Outside a record (the Python
API, a notebook) nothing is kept. Standard library only: imported before anything heavy.
"""
from __future__ import annotations

import contextlib
from typing import Iterator

#: The open records, innermost last (a command run inside another's record adds to both).
_records: list[list[str]] = []
#: What :func:`first_time` has been asked in each open record (by the record's id).
_asked: dict[int, set[str]] = {}


@contextlib.contextmanager
def noted() -> Iterator[list[str]]:
    """Within the block, every :func:`note` adds its words to the yielded list."""
    record: list[str] = []
    _records.append(record)
    try:
        yield record
    finally:
        _asked.pop(id(record), None)
        for i in range(len(_records) - 1, -1, -1):  # by identity: two empty lists are equal
            if _records[i] is record:
                del _records[i]
                break


def note(what: str | None) -> None:
    """Record that ``what`` (a clause: ``"deck 'Mix' was saved"``) is on disk now."""
    if what:
        for record in _records:
            record.append(what)


def first_time(what: str) -> bool:
    """True the first time ``what`` is asked within the outermost open record (one command:
    a line said once per command, such as the wait for the database's write lock, which a
    command with several writes would otherwise repeat); always True outside any record."""
    if not _records:
        return True
    seen = _asked.setdefault(id(_records[0]), set())
    if what in seen:
        return False
    seen.add(what)
    return True


def so_far() -> list[str]:
    """What the innermost open record holds (``[]`` outside any record)."""
    return list(_records[-1]) if _records else []


#: What a Ctrl-C after a commit says when nothing tells what the commit kept.
CHANGES_SAVED = "the changes were saved"


def interrupted_line(record: list[str], exc: BaseException | None = None) -> str:
    """The one line of a Ctrl-C, the only place it is worded: ``Interrupted: deck 'Mix' was
    saved.`` when ``record`` (or ``exc``, a :class:`munchkin_lab.config.CommittedInterrupt`,
    its ``saved``) names what was saved, each thing once, in the order saved; else, for a
    committed interrupt (``exc.committed``) that does not say what, ``Interrupted: the changes
    were saved.``; else ``Interrupted.``."""
    saved = list(dict.fromkeys(record))
    own = getattr(exc, "saved", None)
    if own and own not in saved:
        saved.append(own)
    if not saved and getattr(exc, "committed", False):
        saved = [CHANGES_SAVED]
    if saved:
        return f"Interrupted: {'; '.join(saved)}."
    return "Interrupted."
