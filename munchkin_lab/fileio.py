"""Atomic files: a user's work is written aside, flushed, then renamed over the old file.

Whatever happens while writing (a kill, a full disk, an exception), the previous good file
stays as it was and no half-written file takes its name: the new content appears in one
``os.replace`` or not at all. Temporary files are hidden (``.<name>.<random>.part``) in the
target's own folder (a rename is atomic only within one file system) and removed on failure;
they carry the writer's process id (``.<name>.<pid>.<random>.part``), so the leftovers of a
killed writer can be told apart and removed later (:func:`remove_stale_parts`).

Used wherever the lab writes a user's work: saved games, deck files, simulation results, HTML
exports, print sheets, card exports.
"""
from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path
from typing import Iterator

from .saved import note as note_saved

__all__ = ["atomic_path", "atomic_write_text", "atomic_write_bytes", "fsync_dir", "remove_stale_parts",
           "OutputFileError", "check_new_file", "refuse_existing", "link_new", "keep_beside", "FileAppearedError",
           "FolderNotWritableError", "appeared_note"]


class OutputFileError(ValueError):
    """A file a command would write is refused before any work: it exists (and ``--force``
    was not given), it is a folder, its folder is missing, or its suffix does not name the
    format written. ``usage`` is True for the suffix (a usage error, exit 2 on the command
    line); the others are bad input (exit 1)."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


def check_suffix(path: str | os.PathLike, suffixes: tuple[str, ...], what: str = "") -> None:
    """The one suffix rule of a written file, for the commands (:func:`check_new_file`) and
    the Python API (:func:`refuse_existing`) alike: ``path`` ends in one of ``suffixes``
    (lower case, with the dot; the name's case does not matter); empty ``suffixes``: any name.

    Raises:
        OutputFileError: (``usage``) the name ends otherwise, e.g.
            ``'cards.txt': db export writes CSV: the file name must end in .csv``.
    """
    if suffixes and Path(path).suffix.lower() not in suffixes:
        ends = " or ".join(suffixes)
        raise OutputFileError(f"{str(path)!r}: {what + ': ' if what else ''}the file name must end in {ends}",
                              usage=True)


def refuse_existing(path: str | os.PathLike, overwrite: bool, *, suffixes: tuple[str, ...] = (),
                    what: str = "") -> Path:
    """The Python API's guard of a user's file (the commands' ``--force`` is
    :func:`check_new_file`): ``path`` as a :class:`~pathlib.Path`.

    Raises:
        OutputFileError: (a ``ValueError``) ``path`` does not end in one of ``suffixes``
            (:func:`check_suffix`, checked first). Nothing is written.
        FileExistsError: ``path`` exists (or is a dangling link) and ``overwrite`` is False;
            the message names the file and ``overwrite=True``. Nothing is written.
    """
    check_suffix(path, suffixes, what)
    p = Path(path)
    if not overwrite and (p.exists() or p.is_symlink()):
        raise FileExistsError(f"{str(p)!r} already exists; pass overwrite=True to replace it")
    return p


def check_new_file(path: str | os.PathLike, *, force: bool = False, suffixes: tuple[str, ...] = (),
                   what: str = "") -> Path:
    """The one check of every file-writing command, before any work: ``path`` may be
    written. One voice for all (``print``, ``db export``, ``simulate --out``, ``deck
    export``, ``set export``, ``deck bundle``)::

        'notes.md' already exists (use --force to overwrite it)
        'conc.txt': print writes a PDF: the file name must end in .pdf

    Args:
        force: an existing file may be replaced (it is, atomically, by the writer).
        suffixes: the suffixes of the format written (lower case, with the dot), e.g.
            ``(".pdf",)``; empty: any name.
        what: the format in words for the suffix message, e.g. ``"print writes a PDF"``.
    Returns:
        ``path`` as a :class:`~pathlib.Path`.
    Raises:
        OutputFileError: a wrong suffix (``usage``), a folder, a missing folder (never
            created), or an existing file without ``force``.
    """
    check_suffix(path, suffixes, what)
    p = Path(path)
    shown = repr(str(path))
    if p.is_dir():
        raise OutputFileError(f"cannot write {shown}: it is a folder")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise OutputFileError(f"cannot write {shown}: folder {str(parent)!r} does not exist (it is not created)")
    if p.exists() and not force:
        raise OutputFileError(f"{shown} already exists (use --force to overwrite it)")
    return p


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


#: errno values of a file system that makes no hard links (:func:`link_new` then reserves the name)
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK, errno.ENOSYS}


def link_new(tmp: str | os.PathLike, path: str | os.PathLike) -> None:
    """Give the finished file ``tmp`` the name ``path`` only when no file has that name: the
    exclusive commit of a command that checked at its start that ``path`` was free (a file
    another program wrote there meanwhile is never replaced). ``os.link`` fails atomically
    when the name is taken; on a file system without hard links the name is reserved with an
    exclusive create (``O_EXCL``) and ``tmp`` renamed onto it. ``tmp`` is gone afterwards.

    Raises:
        FileExistsError: ``path`` exists; ``tmp`` is left as it was.
        OSError: the link or rename failed otherwise.
    """
    tmp, path = Path(tmp), Path(path)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)  # FileExistsError when taken
        os.close(fd)
        os.replace(tmp, path)
        return
    os.unlink(tmp)


def keep_beside(tmp: str | os.PathLike, path: str | os.PathLike, tag: str) -> Path:
    """Give the finished file ``tmp`` a free name beside ``path`` with the same suffix:
    ``gs.parquet`` -> ``gs.<tag>.parquet``, then ``gs.<tag>-2.parquet``... (each taken
    exclusively, :func:`link_new`: a file already there is never replaced). Returns it.

    Raises:
        OSError: no free name, or the link failed.
    """
    path = Path(path)
    stem, suffix = path.name[: len(path.name) - len(path.suffix)], path.suffix
    for n in range(1, 10_000):
        cand = path.with_name(f"{stem}.{tag}{'' if n == 1 else f'-{n}'}{suffix}")
        if cand.exists() or cand.is_symlink():
            continue
        try:
            link_new(tmp, cand)
        except FileExistsError:
            continue
        return cand
    raise OSError(f"no free name beside {str(path)!r} for the {tag} result")


class FileAppearedError(FileExistsError):
    """An exclusive commit (:func:`atomic_path` with ``exclusive=True``) found ``path`` taken:
    a file appeared there while the command ran (another program wrote it). That file is
    kept as it was; the finished work is in ``kept`` (a free name beside it). ``result``: what
    the function that raised it would have returned (a count, a text, a print result), set by
    the export functions whose ``overwrite=False`` commit is exclusive, so that a command can
    still report its work (:func:`appeared_note`); None otherwise."""

    def __init__(self, path: Path, kept: Path, result: object = None):
        super().__init__(f"{str(path)!r} appeared while this command ran (another program wrote it) and is kept "
                         f"as it was; this command's file is {str(kept)!r}")
        self.path, self.kept, self.result = path, kept, result


def appeared_note(path: str | os.PathLike) -> str:
    """The words a command adds to its ``wrote KEPT ...`` line when its exclusive commit found
    ``path`` taken (:class:`FileAppearedError`: the work went beside it), one voice for
    ``simulate --out``, ``print``, ``deck export``, ``deck bundle``, ``set export``, ``db
    export`` and ``db schema --out``: ``"; <path> appeared during this run (another program wrote it) and is kept as it
    was"``."""
    return f"; {path} appeared during this run (another program wrote it) and is kept as it was"


class FolderNotWritableError(PermissionError):
    """The folder of a file to write cannot be written (EACCES, EPERM, EROFS): ``strerror``
    says so naming the folder, ``filename`` is the file asked for (never the temporary one),
    and ``str()`` is "cannot write FILE: folder F is not writable (reason)". A caller that
    words "cannot write FILE: <strerror>" itself, or the CLI's "<strerror>: <filename>", says
    each part once."""

    def __str__(self) -> str:
        return f"cannot write {self.filename!r}: {self.strerror}"


#: The tag of a finished file kept beside a name that was taken meanwhile (``gs.not-replaced.parquet``).
APPEARED_TAG = "not-replaced"


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, mode: int = 0o644, exclusive: bool = False) -> Iterator[Path]:
    """Give a temporary path beside ``path``; on a clean exit it replaces ``path`` atomically.

    The caller writes the temporary file by any means (a library that takes a file name, such
    as pyarrow or reportlab). On a clean exit the file is flushed to disk, given ``mode`` and
    renamed onto ``path``; on any exception (KeyboardInterrupt included) it is removed and
    ``path`` is untouched.

    Args:
        path: the final file. Its folder must exist: it is never created here.
        mode: permission bits of the new file (default ``0o644``).
        exclusive: never replace a file at ``path`` (a command that checked at its start that
            ``path`` was free, without ``--force``): the finished file takes the name only
            when it is still free (:func:`link_new`), else it is kept beside it
            (``<name>.not-replaced<suffix>``) and :class:`FileAppearedError` is raised.

    Raises:
        FileAppearedError: (``exclusive``) ``path`` was taken meanwhile; nothing replaced.
        FileNotFoundError: the folder does not exist.
        FolderNotWritableError: (a ``PermissionError``) the folder cannot be written; the
            message names it and the file asked for, never the temporary file.
        OSError: the temporary file cannot be created, written or renamed (disk full,
            read-only folder...); ``path`` keeps its previous content.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".part", dir=folder)
    except FileNotFoundError:  # name the file asked for, not the temporary one
        raise FileNotFoundError(f"cannot write {str(path)!r}: folder {str(folder)!r} does not exist "
                                "(it is not created)") from None
    except OSError as exc:  # a folder that cannot be written: named, never the temporary file
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
        raise FolderNotWritableError(exc.errno, f"folder {str(folder)!r} is not writable ({exc.strerror or exc})",
                                     str(path)) from None
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        with open(tmp_path, "rb+") as fh:
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp_path, mode)
        if exclusive:
            try:
                link_new(tmp_path, path)
            except FileExistsError:
                kept = keep_beside(tmp_path, path, APPEARED_TAG)
                note_saved(f"{kept} was written")
                fsync_dir(path.parent)
                raise FileAppearedError(path, kept) from None
        else:
            os.replace(tmp_path, path)
        note_saved(f"{path} was written")  # a Ctrl-C from here on: the command says so
    except BaseException:
        with contextlib.suppress(OSError):
            tmp_path.unlink()
        raise
    fsync_dir(path.parent)


def atomic_write_bytes(path: str | os.PathLike, data: bytes, mode: int = 0o644, exclusive: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically (see :func:`atomic_path`, also for
    ``exclusive``). Returns ``path``.

    Raises:
        FileAppearedError: (``exclusive``) ``path`` was taken meanwhile; ``data`` is in its
            ``kept`` file beside it.
        OSError: as :func:`atomic_path`; the previous file is kept.
    """
    path = Path(path)
    with atomic_path(path, mode, exclusive=exclusive) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
    return path


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8",
                      mode: int = 0o644, exclusive: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_path`, also for
    ``exclusive``). Returns ``path``.

    Raises:
        FileAppearedError: (``exclusive``) ``path`` was taken meanwhile; ``text`` is in its
            ``kept`` file beside it.
        OSError: as :func:`atomic_path`; the previous file is kept.
        UnicodeEncodeError: ``text`` cannot be encoded; nothing is written.
    """
    return atomic_write_bytes(path, text.encode(encoding), mode, exclusive=exclusive)


def remove_stale_parts(path: str | os.PathLike) -> list[Path]:
    """Remove the temporary files that writers of ``path`` killed before they finished left
    beside it (``.<name>.<pid>.<random>.part`` whose process no longer runs). Files of a
    running process (this one included) are kept. Returns the files removed.

    Never raises for a file that cannot be removed (it is skipped).
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    removed = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for p in entries:
        name = p.name
        if not (name.startswith(prefix) and name.endswith(".part")):
            continue
        pid_text = name[len(prefix):].split(".", 1)[0]
        if not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        with contextlib.suppress(OSError):
            p.unlink()
            removed.append(p)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):  # another user's process, or no way to know: keep
        return True
    return True
