"""Atomic files: a user's work is written aside, flushed, then renamed over the old file.

Whatever happens while writing (a kill, a full disk, an exception), the previous good file
stays as it was and no half-written file takes its name: the new content appears in one
``os.replace`` or not at all. Temporary files are hidden (``.<name>.<random>.part``) in the
target's own folder (a rename is atomic only within one file system) and removed on failure.

Used wherever the lab writes a user's work: saved games, deck files, simulation results, HTML
exports, print sheets, card exports.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Iterator

__all__ = ["atomic_path", "atomic_write_text", "atomic_write_bytes", "fsync_dir"]


def fsync_dir(folder: str | os.PathLike) -> None:
    """Flush a folder's entry list to disk (after a rename), where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, mode: int = 0o644) -> Iterator[Path]:
    """Give a temporary path beside ``path``; on a clean exit it replaces ``path`` atomically.

    The caller writes the temporary file by any means (a library that takes a file name, such
    as pyarrow or reportlab). On a clean exit the file is flushed to disk, given ``mode`` and
    renamed onto ``path``; on any exception (KeyboardInterrupt included) it is removed and
    ``path`` is untouched.

    Args:
        path: the final file. Its folder must exist: it is never created here.
        mode: permission bits of the new file (default ``0o644``).

    Raises:
        FileNotFoundError: the folder does not exist.
        OSError: the temporary file cannot be created, written or renamed (disk full,
            read-only folder...); ``path`` keeps its previous content.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent or ".")
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        with open(tmp_path, "rb+") as fh:
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp_path, mode)
        os.replace(tmp_path, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp_path.unlink()
        raise
    fsync_dir(path.parent)


def atomic_write_bytes(path: str | os.PathLike, data: bytes, mode: int = 0o644) -> Path:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_path`). Returns ``path``.

    Raises:
        OSError: as :func:`atomic_path`; the previous file is kept.
    """
    path = Path(path)
    with atomic_path(path, mode) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
    return path


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8",
                      mode: int = 0o644) -> Path:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_path`). Returns ``path``.

    Raises:
        OSError: as :func:`atomic_path`; the previous file is kept.
        UnicodeEncodeError: ``text`` cannot be encoded; nothing is written.
    """
    return atomic_write_bytes(path, text.encode(encoding), mode)
