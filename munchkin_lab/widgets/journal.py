"""Board journals: one append-only JSON-lines file per game, so a board survives a kernel restart.

File format (``munchkin-lab-journal/1``): line 1 is a header ``{"format", "game", "meta"}``
(``game`` is the engine's saved game, ``Game.to_json()``); every later line is one entry:
``{"a": "<action text>"}`` (an action played), ``{"undo": n}`` or ``{"redo": n}`` (n >= 1 steps).

What keeps a journal good:

* **Whole lines only.** Each append writes complete lines and flushes them. A kill while
  writing can leave a torn last line (no newline at the end): :meth:`Journal.replay` ignores
  it and the next append first cuts it off (:meth:`Journal.repair`), so actions played after a
  resume are never glued onto the torn line and lost at the next resume.
* **Clear errors.** A bad journal raises :class:`JournalError` (a ``ValueError``) whose
  message names the file and line (``mix.journal.jsonl:7: ...``), never another exception.
* **One writer per file.** A journal holds an exclusive ``flock`` on its file while open. A
  second board of the same kernel on the same file takes the journal over (the first stops
  journaling and says so); a board of another kernel or app visitor that finds the file in use
  gets a file of its own (:func:`unique_path`).
* **Checked names.** :func:`check_name` refuses board names with path separators or ``..``
  (a name never writes outside its folder).
"""
from __future__ import annotations

import json
import os
import secrets
import time
import weakref
from pathlib import Path
from typing import Any, Iterable

from ..fileio import atomic_write_text
from .places import plain_name

try:  # POSIX advisory locks; elsewhere journals work without the in-use check
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

JOURNAL_FORMAT = "munchkin-lab-journal/1"
SUFFIX = ".journal.jsonl"

#: Journals open in this process, by resolved path (the newest board of a kernel owns a file).
_OPEN: "weakref.WeakValueDictionary[str, Journal]" = weakref.WeakValueDictionary()


class JournalError(ValueError):
    """A journal that cannot be read or replayed; the message names the file and the line.
    ``not_a_journal``: the file is no munchkin-lab journal at all (its first line is no
    journal header: another kind of file), as opposed to a journal that is damaged."""

    not_a_journal = False


class NotAJournalError(JournalError):
    """A file that is no munchkin-lab journal (:class:`JournalError` with ``not_a_journal``);
    ``reason``: what its first line is instead, in words."""

    not_a_journal = True

    def __init__(self, message: str, reason: str):
        super().__init__(message)
        self.reason = reason


def check_name(name: Any) -> str:
    """Return ``name`` when it is a usable board name (it becomes ``<name>.journal.jsonl``).

    Raises:
        ValueError: not a non-empty string, or it holds a path separator (``/``, ``\\``), a
            ``..``, a NUL or a leading dot: a board name never points outside its folder.
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"board name: must be a non-empty text, got {name!r}")
    return plain_name(name, "board name", "it names a file in the current folder; pass journal=PATH "
                      "to put the journal elsewhere")


def journal_path(name: str, folder: str | os.PathLike | None = None) -> Path:
    """``<folder>/<name>.journal.jsonl`` (default folder: the current working folder).

    Raises:
        ValueError: a bad name (:func:`check_name`).
    """
    return Path(folder or Path.cwd()) / f"{check_name(name)}{SUFFIX}"


def unique_name(prefix: str = "board") -> str:
    """A fresh board name ``<prefix>-<date>-<time>-<random>`` (sorts by creation time): each
    kernel, app visitor and unnamed board gets its own journal."""
    return f"{check_name(prefix)}-{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def unique_path(path: Path) -> Path:
    """A free sibling of journal ``path``: ``<name>-<date>-<time>-<random>.journal.jsonl``."""
    stem = path.name[:-len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    return path.with_name(unique_name(stem) + SUFFIX)


def _lock(fd: int) -> bool:
    if fcntl is None:  # pragma: no cover
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def in_use(path: str | os.PathLike) -> bool:
    """True when a live board (of this or another process) journals to ``path`` now."""
    p = Path(path)
    if str(p.resolve()) in _OPEN:
        return True
    return Journal(p)._held_elsewhere()


class Journal:
    """The journal of one board (``path=None``: journaling off).

    Args:
        path: the JSON-lines file.

    Attributes:
        path: the file (``None`` when off).
        note: why journaling stopped or moved (empty when all is well); the board shows it.
    """

    def __init__(self, path: str | os.PathLike | None):
        self.path = Path(path) if path else None
        self.note = ""
        self._fh = None
        self._checked = False  # torn tail checked since the file was opened

    # ------------------------------------------------------------------ owning the file
    @property
    def active(self) -> bool:
        """True while this journal writes its file."""
        return self._fh is not None

    def holds(self) -> bool:
        """True when this journal still writes the file at :attr:`path`: it is active and the
        file there is the one it opened (not removed, nor replaced by another program), so the
        game is kept in :attr:`path`."""
        if self._fh is None or self.path is None:
            return False
        try:
            mine, there = os.fstat(self._fh.fileno()), os.stat(self.path)
        except OSError:
            return False
        return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)

    def _take_over(self) -> None:
        """A board of this process holding ``self.path`` stops journaling (the newest board of
        a kernel owns a file: a re-run cell replaces its old board)."""
        old = _OPEN.get(str(self.path.resolve()))
        if old is not None and old is not self:
            old.detach(f"journaling stopped: another board of this kernel took over {self.path.name}")

    def _held_elsewhere(self) -> bool:
        """True when another process holds the lock of the existing file ``self.path``."""
        if fcntl is None or not self.path.exists():  # pragma: no cover - no locks here
            return False
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError:
            return False
        try:
            if _lock(fd):
                fcntl.flock(fd, fcntl.LOCK_UN)
                return False
            return True
        finally:
            os.close(fd)

    def _move(self) -> None:
        moved = unique_path(self.path)
        self.note = (f"{self.path.name} is in use by another kernel or app visitor: this board "
                     f"journals to {moved.name}")
        self.path = moved

    def _open(self) -> bool:
        """Open ``self.path`` for appending under an exclusive lock (False: held elsewhere)."""
        fh = open(self.path, "ab")  # noqa: SIM115 - kept open while the board lives
        if not _lock(fh.fileno()):
            fh.close()
            return False
        self._fh = fh
        self._checked = False
        _OPEN[str(self.path.resolve())] = self
        return True

    def detach(self, note: str = "") -> None:
        """Stop journaling (the file stays); ``note`` says why."""
        if self._fh is not None:
            try:
                self._fh.close()
            except OSError:
                pass
            self._fh = None
        if note:
            self.note = note
        if self.path is not None and _OPEN.get(str(self.path.resolve())) is self:
            del _OPEN[str(self.path.resolve())]

    close = detach

    # ------------------------------------------------------------------ writing
    def start(self, game: Any, meta: dict | None = None) -> None:
        """Start a new journal for ``game``: the file is replaced atomically by a header with
        the saved game (the previous journal survives a kill during the write). A file held by
        another kernel is left alone: this journal moves to a unique sibling (see ``note``).

        Raises:
            OSError: the folder is missing or not writable (journaling stays off).
        """
        if self.path is None:
            return
        self.detach()
        self._take_over()
        for _ in range(3):
            if self._held_elsewhere():
                self._move()
            head = {"format": JOURNAL_FORMAT, "game": game.to_json(), "meta": meta or {}}
            atomic_write_text(self.path, json.dumps(head) + "\n")
            if self._open():
                self._checked = True
                return
            self._move()  # locked between the check and the open: try a fresh name
        raise OSError(f"cannot lock a journal file next to {self.path}")

    def resume(self, game: Any, meta: dict | None = None) -> None:
        """Continue the existing journal ``path`` (after :meth:`replay` rebuilt ``game``): the
        torn tail, if any, is cut before the first append. When another kernel writes that
        file, a copy of the game goes to a unique sibling journal instead (see ``note``).

        Raises:
            OSError: the file cannot be opened for appending.
        """
        if self.path is None:
            return
        self.detach()
        self._take_over()
        if not self._open():
            self._move()
            self.start(game, meta)

    def repair(self) -> int:
        """Cut a torn last line (bytes after the last newline) off the file. Returns the number
        of bytes removed (0 when the file ends with a newline)."""
        if self.path is None or not self.path.exists():
            return 0
        with open(self.path, "rb+") as fh:
            size = fh.seek(0, os.SEEK_END)
            if size == 0:
                return 0
            fh.seek(size - 1)
            if fh.read(1) == b"\n":
                return 0
            pos = size
            while pos > 0:
                step = min(4096, pos)
                pos -= step
                fh.seek(pos)
                chunk = fh.read(step)
                i = chunk.rfind(b"\n")
                if i >= 0:
                    keep = pos + i + 1
                    break
            else:
                keep = 0
            fh.truncate(keep)
            fh.flush()
            os.fsync(fh.fileno())
            return size - keep

    def append(self, entries: Iterable[dict]) -> None:
        """Append entries as whole lines (flushed at once). Does nothing when journaling is
        off or was taken over. A failed write (full disk) stops journaling with a note."""
        if self._fh is None:
            return
        data = "".join(json.dumps(e) + "\n" for e in entries).encode()
        if not data:
            return
        try:
            if not self._checked:
                self._fh.flush()
                self.repair()
                self._checked = True
            self._fh.write(data)
            self._fh.flush()
        except OSError as e:
            self._checked = False
            self.detach(f"journaling stopped: cannot write {self.path.name} ({e.strerror or e})")

    # ------------------------------------------------------------------ reading
    @staticmethod
    def replay(path: str | os.PathLike) -> tuple[Any, dict]:
        """Rebuild the game of journal ``path``: ``(game, meta)``.

        A torn last line (no newline at the end) is ignored. Raises:
            JournalError: missing or unreadable file, not UTF-8, a header that is no
                munchkin-lab journal or whose game does not load, a line that is not a journal
                entry or does not replay (the message names ``file:line``).
        """
        p = Path(path)
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise JournalError(f"journal {p}: cannot read ({e.strerror or e})") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            line = raw[:e.start].count(b"\n") + 1
            raise JournalError(f"journal {p.name}:{line}: not UTF-8 text (byte {e.start})") from None
        if not text:
            raise JournalError(f"journal {p.name}: empty file")
        lines = text.split("\n")
        torn = lines.pop()  # "" when the file ends with a newline
        if not lines:
            start = json.dumps({"format": JOURNAL_FORMAT})[:-1]  # how every header begins
            if JOURNAL_FORMAT not in torn[:200] and not start.startswith(torn):  # no header cut short: another file
                _header(p, torn)  # (says what it is not: not JSON, not a journal)
            raise JournalError(f"journal {p.name}:1: the header line is incomplete (torn)")
        game, meta = _header(p, lines[0])
        for i, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            _entry(p, i, line, game)
        del torn  # a torn last line is dropped (and cut off by the next append)
        return game, meta


def _header(p: Path, line: str) -> tuple[Any, dict]:
    where = f"journal {p.name}:1"
    try:
        head = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as e:
        raise NotAJournalError(f"{where}: not a munchkin-lab journal: its first line is not JSON "
                               f"({getattr(e, 'msg', e)})", "its first line is not JSON") from None
    if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
        raise NotAJournalError(f"{where}: not a munchkin-lab journal (field 'format' must be {JOURNAL_FORMAT!r})",
                               "its first line is JSON without a journal's 'format'")
    text = head.get("game")
    if not isinstance(text, str):
        raise JournalError(f"{where}: field 'game' must hold a saved game (text)")
    meta = head.get("meta") or {}
    if not isinstance(meta, dict):
        raise JournalError(f"{where}: field 'meta' must be an object")
    try:
        fmt = json.loads(text).get("format") if text.lstrip().startswith("{") else None
    except (json.JSONDecodeError, RecursionError, AttributeError):
        fmt = None
    try:
        if fmt == "munchkin-lab-solar-storm/1":
            from ..engine.solar_storm import SolarStormGame

            game = SolarStormGame.from_json(text)
        else:
            from ..engine import Game

            game = Game.from_json(text)
    except Exception as e:  # noqa: BLE001 - any failure of a bad saved game is this message
        raise JournalError(f"{where}: the saved game does not load ({type(e).__name__}: {e})") from None
    return game, meta


def _entry(p: Path, i: int, line: str, game: Any) -> None:
    where = f"journal {p.name}:{i}"
    try:
        e = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as ex:
        raise JournalError(f"{where}: not JSON ({getattr(ex, 'msg', ex)})") from None
    expected = 'expected {"a": "<action>"}, {"undo": n} or {"redo": n}'
    if not isinstance(e, dict) or len(e) != 1:
        raise JournalError(f"{where}: not a journal entry ({expected})")
    (key, value), = e.items()
    try:
        if key == "a":
            if not isinstance(value, str):
                raise JournalError(f"{where}: the action must be text, got {type(value).__name__}")
            game.play(value)
        elif key in ("undo", "redo"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise JournalError(f"{where}: {key} needs a whole number of steps >= 1, got {value!r}")
            step = game.undo if key == "undo" else game.redo
            for _ in range(value):
                step()
        else:
            raise JournalError(f"{where}: unknown entry {key!r} ({expected})")
    except JournalError:
        raise
    except Exception as ex:  # noqa: BLE001 - an entry that does not replay, whatever the engine raised
        raise JournalError(f"{where}: does not replay ({type(ex).__name__}: {ex})") from None
