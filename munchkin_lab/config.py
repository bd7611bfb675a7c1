"""Where the card database lives and how to connect to it.

Default: the SQLite file ``database/munchkin-lab.sqlite`` under the repository root (found
from this package's location). Override with the environment variable ``DATABASE_URL`` or an
explicit ``url=`` argument / ``--url`` option (any SQLAlchemy URL, e.g.
``postgresql+psycopg://user@host:5432/dbname``).

Writes that must see and change one consistent state (a rebuild, a CSV import, a deck save)
run in :func:`write_transaction`: on SQLite ``BEGIN IMMEDIATE`` (the write lock is taken
before the first read; other writers wait up to :data:`SQLITE_BUSY_TIMEOUT` seconds, readers
keep reading the last committed state thanks to WAL); on PostgreSQL an ordinary transaction
in which :func:`lock_tables` takes table locks that hold writers back but never readers.
:func:`run_write` retries such a transaction when PostgreSQL reports a serialization failure
or a deadlock.
"""
from __future__ import annotations

import atexit
import contextlib
import os
import random
import threading
import time
import weakref
from pathlib import Path
from typing import Callable, Iterator, Sequence, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError
from sqlalchemy.engine import make_url
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import GenericFunction
from sqlalchemy.types import String

from . import saved as saved_words

#: Repository root (the folder holding ``pyproject.toml`` and ``database/``).
REPO_ROOT: Path = Path(__file__).resolve().parent.parent
#: Folder of the card data files (``tags.yaml``, ``sets/*.yaml``).
DATABASE_DIR: Path = REPO_ROOT / "database"
#: Default SQLite file built from the data files.
DEFAULT_DB_PATH: Path = DATABASE_DIR / "munchkin-lab.sqlite"

#: Seconds a SQLite connection waits for another writer's lock before "database is locked"
#: (also how long a rebuild or import on PostgreSQL waits for its table locks).
SQLITE_BUSY_TIMEOUT: float = 60.0

_engines: dict[str, Engine] = {}
_lock = threading.Lock()


def default_url() -> str:
    """Return the SQLAlchemy URL of the default SQLite file (``sqlite:///<abs path>``)."""
    return f"sqlite:///{DEFAULT_DB_PATH}"


def database_url(url: str | None = None) -> str:
    """Resolve the database URL: explicit ``url``, else ``$DATABASE_URL``, else the default file."""
    if url:
        return str(url)
    env = os.environ.get("DATABASE_URL")
    if env:
        return env
    return default_url()


def url_for_people(url: "str | URL") -> str:
    """A database URL for messages: as given (a path's spaces and letters such as ``é`` or
    ``☠`` raw, as the other messages show the file) unless it holds a password, which is
    masked (``***``; SQLAlchemy's rendering, percent-encoding what it must)."""
    u = make_url(url)
    if u.password is None:
        if isinstance(url, str):
            return url
        if u.get_backend_name() == "sqlite" and not u.query and not u.host:
            return f"{u.drivername}://" + (f"/{u.database}" if u.database else "")
    return u.render_as_string(hide_password=True)


def build_command(url: str | None = None, extra: str = "") -> str:
    """The ``munchkin-lab db build`` command (with ``extra`` options, e.g. ``--discard-edits``)
    that builds the database at ``url``, for messages: with ``--url URL`` (shell-quoted, the
    password masked) unless ``url`` is None or the database the command reaches without one
    (``$DATABASE_URL``, else the default file), so that the advice works as typed."""
    import shlex

    cmd = "munchkin-lab db build" + (f" {extra}" if extra else "")
    if not url:
        return cmd

    def shown(u: str) -> str:
        try:
            return url_for_people(u)
        except Exception:  # noqa: BLE001 - a message: the URL as given
            return str(u)

    if shown(str(url)) == shown(database_url(None)):
        return cmd
    return f"{cmd} --url {shlex.quote(shown(str(url)))}"


def is_sqlite(url: str) -> bool:
    """True when ``url`` is a SQLite URL."""
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str) -> Path | None:
    """Return the file path of a SQLite file URL, ``None`` for in-memory or non-SQLite URLs."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database or u.database == ":memory:":
        return None
    return Path(u.database)


def missing_sqlite_file(url: str | None = None) -> Path | None:
    """The file of a SQLite file URL (resolved with :func:`database_url`) when it does not
    exist, else ``None``. Read-only paths check this before connecting, because connecting
    creates the folder and an empty file."""
    path = sqlite_path(database_url(url))
    if path is None or path.exists():
        return None
    return path


def _unicode_lower(value):
    """SQLite's built-in ``lower()`` folds ASCII only; names and aliases (Polish ones among
    them) need full Unicode lower-casing to match case-insensitively, as on PostgreSQL.
    Registered on every SQLite connection as ``ulower()`` (see :class:`ulower`)."""
    return value.lower() if isinstance(value, str) else value


class ulower(GenericFunction):
    """Unicode-aware ``lower()``: ``ulower(x)`` on SQLite (our connection function),
    the built-in ``lower(x)`` elsewhere (PostgreSQL folds Unicode already)."""

    type = String()
    inherit_cache = True


@compiles(ulower)
def _ulower_default(element, compiler, **kw):  # pragma: no cover - dialect dispatch
    return "lower(%s)" % compiler.process(element.clauses, **kw)


@compiles(ulower, "sqlite")
def _ulower_sqlite(element, compiler, **kw):  # pragma: no cover - dialect dispatch
    return "ulower(%s)" % compiler.process(element.clauses, **kw)


def _sqlite_pragmas(dbapi_connection, _record) -> None:  # pragma: no cover - exercised via engines
    from .cards.search import fold  # the search's ufold(): here too, so that connections opened
    # before munchkin_lab.cards.search was first imported (a build, then a search) have it

    dbapi_connection.create_function("ulower", 1, _unicode_lower, deterministic=True)
    dbapi_connection.create_function("ufold", 1, fold, deterministic=True)
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _sqlite_functions(dbapi_connection, _record) -> None:  # pragma: no cover - exercised via engines
    """A read-only connection's set-up (:func:`sqlite_read_only`): the functions and foreign
    keys of :func:`_sqlite_pragmas`, no switch to WAL (that writes the file)."""
    from .cards.search import fold

    dbapi_connection.create_function("ulower", 1, _unicode_lower, deterministic=True)
    dbapi_connection.create_function("ufold", 1, fold, deterministic=True)
    dbapi_connection.execute("PRAGMA foreign_keys=ON")


def _may_write(path: Path) -> bool:
    """Whether this process may write ``path`` (its effective user and capabilities)."""
    return os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids)


def sqlite_read_only(path: Path | None) -> str | None:
    """Why this process cannot write the existing SQLite file ``path`` (words for a message),
    or ``None`` when it can (or the file does not exist: it is created). SQLite writes the
    file itself and, in WAL mode, creates ``<file>-wal`` and ``<file>-shm`` beside it, so a
    folder this user may not write is as read-only as the file."""
    if path is None or not path.exists():
        return None
    if not _may_write(path):
        return f"the file {path} is read-only for this user"
    folder = path.parent
    if not _may_write(folder):
        return (f"its folder {folder} is not writable for this user (SQLite creates {path.name}-wal and "
                f"{path.name}-shm beside the file to write)")
    return None


#: read-only SQLite engines and why they are read-only (:func:`sqlite_read_only`)
_READ_ONLY: "weakref.WeakKeyDictionary[Engine, str]" = weakref.WeakKeyDictionary()


class ReadOnlyDatabaseError(ValueError):
    """A write to a SQLite database this process may only read (:func:`sqlite_read_only`):
    refused before anything is written, the message saying why."""


#: the URL each read-only engine was asked for (its own is a ``file:`` URI)
_ASKED: "weakref.WeakKeyDictionary[Engine, str]" = weakref.WeakKeyDictionary()


def read_only_reason(engine: Engine) -> str | None:
    """Why ``engine``'s SQLite file is opened read-only, or ``None`` (a writable one)."""
    return _READ_ONLY.get(engine)


def shown_url(engine: Engine) -> str:
    """``engine``'s database URL for messages, password masked: the URL it was made for (a
    read-only SQLite engine's own URL is the ``file:`` URI it opens)."""
    asked = _ASKED.get(engine)
    return url_for_people(asked if asked else engine.url)


def create_db_engine(url: str | None = None, **kwargs) -> Engine:
    """Create a new SQLAlchemy engine for ``url`` (resolved with :func:`database_url`).

    SQLite connections get ``PRAGMA journal_mode=WAL`` and ``PRAGMA foreign_keys=ON`` on
    connect and wait up to :data:`SQLITE_BUSY_TIMEOUT` seconds for a writer's lock. The
    parent folder of a SQLite file is created when missing.

    An existing SQLite file this process may not write (the file, or its folder where WAL
    mode keeps its ``-wal`` and ``-shm`` files: :func:`sqlite_read_only`) is opened read-only
    (URI ``mode=ro``), so that reading it works and leaves no file behind: also
    ``immutable=1`` (no ``-shm`` created, no locks) unless a ``-wal`` file beside it holds
    changes not yet in the file, which only a locking reader may read. Such a file is not
    switched to WAL, and :func:`write_transaction` refuses to write it
    (:class:`ReadOnlyDatabaseError`, saying why). An immutable reader takes no lock: should
    another user change the file while this process reads it, what it reads may be stale.
    """
    resolved = database_url(url)
    if is_sqlite(resolved):
        path = sqlite_path(resolved)
        why = sqlite_read_only(path)
        if path is not None and why is None:
            path.parent.mkdir(parents=True, exist_ok=True)
        connect_args = dict(kwargs.pop("connect_args", None) or {})
        connect_args.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
        if why is not None:
            wal = path.with_name(path.name + "-wal")
            query = dict(make_url(resolved).query, mode="ro", uri="true")
            if not (wal.exists() and wal.stat().st_size > 0):
                query["immutable"] = "1"
            from urllib.parse import quote

            target = make_url(resolved).set(database=f"file:{quote(str(path))}", query=query)
            engine = create_engine(target, connect_args=connect_args, **kwargs)
            event.listen(engine, "connect", _sqlite_functions)
            _READ_ONLY[engine], _ASKED[engine] = why, resolved
            return engine
        engine = create_engine(resolved, connect_args=connect_args, **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas)
        if path is not None:
            _SQLITE_FILES[engine] = path
        return engine
    try:
        return create_engine(resolved, pool_pre_ping=True, **kwargs)
    except ImportError as exc:  # the URL names a database whose Python driver is not installed
        raise MissingDriverError(resolved, exc) from None


#: The database URLs munchkin-lab supports (its installed drivers), as shown in messages.
SUPPORTED_URLS = "sqlite:///path/to/file.sqlite or postgresql+psycopg://user@host/db"


class MissingDriverError(ValueError):
    """A database URL whose driver (Python package) is not installed, e.g. ``mysql://``,
    ``oracle://`` or ``mssql://``: one message naming the driver and the supported URLs
    (:data:`SUPPORTED_URLS`), instead of a ``ModuleNotFoundError`` from SQLAlchemy."""

    def __init__(self, url: str, exc: ImportError) -> None:
        u = make_url(url)
        module = getattr(exc, "name", None) or str(exc)
        hint = " (or write postgresql+psycopg://...: psycopg 3 is installed)" \
            if u.get_backend_name() == "postgresql" else ""
        super().__init__(f"database URL {u.drivername}://...: its driver {module!r} is not installed{hint}; "
                         f"supported: {SUPPORTED_URLS}")


#: the SQLite engines of this process and their files (checkpointed at exit)
_SQLITE_FILES: "weakref.WeakKeyDictionary[Engine, Path]" = weakref.WeakKeyDictionary()


def checkpoint_sqlite() -> None:
    """Fold every SQLite database this process opened back into its file: ``PRAGMA
    wal_checkpoint(TRUNCATE)``, then close the pooled connections (SQLite removes the ``-wal``
    file when the last one closes). Runs at exit, so that the ``.sqlite`` file alone holds
    every committed change when no command is running (a copy of it is a whole database; with
    WAL the latest writes live in the ``-wal`` file until a checkpoint). A file that is gone is
    left alone (never created again); a database busy in another process is checkpointed by
    that one."""
    for engine, path in list(_SQLITE_FILES.items()):
        if not path.exists():
            continue
        try:
            with engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            engine.dispose()
        except Exception:  # noqa: BLE001 - at exit: a busy or broken database keeps its WAL
            pass


atexit.register(checkpoint_sqlite)


def get_engine(url: str | None = None) -> Engine:
    """Return a cached engine for ``url`` (one per resolved URL; see :func:`dispose_engine`)."""
    resolved = database_url(url)
    with _lock:
        engine = _engines.get(resolved)
        if engine is None:
            engine = _engines[resolved] = create_db_engine(resolved)
        return engine


def dispose_engine(url: str | None = None) -> None:
    """Close and forget the cached engine of ``url`` (e.g. before a test deletes its file)."""
    resolved = database_url(url)
    with _lock:
        engine = _engines.pop(resolved, None)
    if engine is not None:
        engine.dispose()


# --------------------------------------------------------------------------- write transactions

T = TypeVar("T")

#: SQLSTATE codes after which a PostgreSQL transaction may simply be run again.
RETRY_SQLSTATES = frozenset({"40001", "40P01"})  # serialization_failure, deadlock_detected


@contextlib.contextmanager
def write_transaction(engine: Engine, on_commit: Callable[[], object] | None = None) -> Iterator[Connection]:
    """One write transaction on ``engine``: committed on a clean exit, rolled back on any
    exception (``KeyboardInterrupt`` included), so a failed write leaves the database as it was.

    On SQLite it starts with ``BEGIN IMMEDIATE``: the database's write lock is taken before
    anything is read, so what the transaction reads cannot change before it writes (other
    writers wait up to :data:`SQLITE_BUSY_TIMEOUT` s; readers are never blocked). A write that
    must wait says so once, naming the file (:data:`WAIT_NOTICE`: a line on stderr). On other
    databases it is an ordinary transaction; call :func:`lock_tables` in it to hold writers back.

    ``on_commit``: called once the commit succeeded, still with Ctrl-C held back (so that
    nothing can land between the commit and what it records: :func:`run_write` notes there
    what was saved).

    Yields:
        the :class:`~sqlalchemy.Connection` inside the transaction.
    Raises:
        DatabaseBusyError: SQLite still locked by another write after the timeout (a
            ``ValueError`` naming the file; nothing written).
        ReadOnlyDatabaseError: a SQLite file this process may only read (nothing written).
    """
    why = _READ_ONLY.get(engine)
    if why is not None:
        raise ReadOnlyDatabaseError(f"cannot write the card database: {why}; nothing was written")
    conn = engine.connect()
    try:
        if conn.dialect.name == "sqlite":
            _begin_immediate(conn, _SQLITE_FILES.get(engine))
        else:
            conn.begin()
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
    except BaseException:
        conn.close()
        raise
    with interrupts_noted() as noted:  # committed or not: never both "saved" and "interrupted"
        try:
            conn.commit()
            if on_commit is not None:
                on_commit()
        finally:
            conn.close()
    if noted.pressed:
        raise CommittedInterrupt()


class DatabaseBusyError(ValueError):
    """A SQLite write that waited :data:`SQLITE_BUSY_TIMEOUT` seconds for another
    connection's write (a long ``set import``, ``db build``, another process's edit) and gave
    up: nothing was written; the message names the database file."""


def _say_waiting(line: str) -> None:
    """The default :data:`WAIT_NOTICE`: ``line`` on stderr (the command line's and a
    notebook's error stream), once per command (:func:`munchkin_lab.saved.first_time`: a
    command whose several writes each wait says it once)."""
    import sys

    from .saved import first_time

    if not first_time(line):
        return

    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # stderr gone: the wait goes on silently
        pass


#: Called once with a line when a write must wait for another connection's write lock
#: (:func:`write_transaction` on SQLite); replace it to show the line elsewhere.
WAIT_NOTICE: Callable[[str], None] = _say_waiting


def _begin_immediate(conn: Connection, path: Path | None) -> None:
    """``BEGIN IMMEDIATE`` on SQLite connection ``conn``: at once when the write lock is free;
    else one line through :data:`WAIT_NOTICE` saying what it waits for (the database file,
    another connection's write), then wait up to :data:`SQLITE_BUSY_TIMEOUT` s.

    Raises:
        DatabaseBusyError: still locked after the timeout (the file named; nothing written).
    """
    from sqlalchemy.exc import OperationalError

    def busy(exc: OperationalError) -> bool:
        low = str(getattr(exc, "orig", None) or exc).lower()
        return "locked" in low or "busy" in low

    where = str(path) if path is not None else "(in memory)"
    conn.exec_driver_sql("PRAGMA busy_timeout = 0")  # try once without waiting
    try:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
        return
    except OperationalError as exc:
        if not busy(exc):
            raise
        conn.rollback()
    finally:
        conn.exec_driver_sql(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT * 1000)}")
    WAIT_NOTICE(f"Waiting for the card database {where}: another connection is writing to it (a set import, "
                f"db build or another edit); this write starts when that one ends (up to "
                f"{SQLITE_BUSY_TIMEOUT:g} s)...")
    try:
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    except OperationalError as exc:
        if not busy(exc):
            raise
        raise DatabaseBusyError(
            f"the card database {where} was still being written by another connection after "
            f"{SQLITE_BUSY_TIMEOUT:g} s (a set import, db build or another edit): nothing was written; "
            "try again when it has finished") from None


class CommittedInterrupt(KeyboardInterrupt):
    """Ctrl-C that came while a write transaction was committing (or just after, while the
    caller finished its bookkeeping): unlike any other ``KeyboardInterrupt`` out of
    :func:`write_transaction`, the writes ARE saved. ``result``: what the work returned
    (set by :func:`run_write` and by callers that know more, e.g. ``import_set``)."""

    #: the writes are saved (what :func:`munchkin_lab.saved.interrupted_line` reads)
    committed = True

    def __init__(self, result: object = None, saved: str | None = None):
        super().__init__("interrupted after the commit: the changes are saved")
        self.result = result
        #: what the commit kept, as a clause (``"deck 'Mix' was saved"``); None: not known.
        self.saved = saved

    @property
    def interrupted_line(self) -> str:
        """The command line's one line for it, as :func:`munchkin_lab.saved.interrupted_line`
        words every Ctrl-C: ``Interrupted: deck 'Mix' was saved.``, or ``Interrupted: the
        changes were saved.``."""
        return saved_words.interrupted_line([], self)


class interrupts_noted:
    """Within the block (main thread only), Ctrl-C is noted instead of raised; ``pressed``
    tells whether it came, so the caller can act on it once the block (a commit: short) is
    done. Elsewhere (another thread, SIGINT not handled by Python) it changes nothing."""

    def __init__(self):
        self.pressed = False
        self._previous = None

    def __enter__(self) -> "interrupts_noted":
        import signal

        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if callable(previous):
                self._previous = previous
                signal.signal(signal.SIGINT, self._note)
        return self

    def _note(self, signum, frame) -> None:
        self.pressed = True

    def __exit__(self, *exc) -> bool:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
        return False


def lock_tables(conn: Connection, tables: Sequence[str]) -> None:
    """Lock ``tables`` (in this order) for the rest of ``conn``'s transaction against writers.

    PostgreSQL: ``LOCK TABLE ... IN SHARE ROW EXCLUSIVE MODE``: other transactions can still
    read (and ``SELECT ... FOR UPDATE``) but their inserts, updates and deletes wait until this
    transaction ends, and statements after the lock see every row committed before it. Waits
    at most :data:`SQLITE_BUSY_TIMEOUT` seconds for a session that is itself writing (then
    ``OperationalError``, SQLSTATE 55P03, instead of hanging).
    SQLite: nothing to do (:func:`write_transaction` already holds the database's write lock).
    """
    if conn.dialect.name == "sqlite" or not tables:
        return
    quote = conn.dialect.identifier_preparer.quote
    conn.exec_driver_sql(f"SET LOCAL lock_timeout = '{int(SQLITE_BUSY_TIMEOUT * 1000)}ms'")
    conn.exec_driver_sql(f"LOCK TABLE {', '.join(quote(t) for t in tables)} IN SHARE ROW EXCLUSIVE MODE")


def is_retryable(exc: BaseException) -> bool:
    """True when ``exc`` is a PostgreSQL serialization failure or deadlock (SQLSTATE 40001 or
    40P01): the transaction was rolled back and running it again is safe."""
    orig = getattr(exc, "orig", None) if isinstance(exc, DBAPIError) else None
    code = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    return code in RETRY_SQLSTATES


def run_write(engine: Engine, work: Callable[[Connection], T], attempts: int = 8, *,
              saved: str | Callable[[T], str] | None = None, after: Callable[[], object] | None = None) -> T:
    """Run ``work(conn)`` in a :func:`write_transaction`, again (after a short random wait)
    when PostgreSQL aborted it with a serialization failure or a deadlock.

    Args:
        work: does the reads and writes; called once per attempt, so it must not keep state
            between calls.
        attempts: tries before the last error is raised.
        saved: what the commit keeps, for people (``"deck 'Mix' was saved"``), or a function
            of ``work``'s result giving it: carried by the :class:`CommittedInterrupt` of a
            Ctrl-C during or after the commit (the command line prints it), and noted in the
            running command's record (:mod:`munchkin_lab.saved`), so that a Ctrl-C while the
            command prints its result says it too.
        after: bookkeeping to run once the commit is done (forgetting caches); a Ctrl-C
            during it is a :class:`CommittedInterrupt` too (the writes are saved), raised once
            it is done.
    Returns:
        what ``work`` returned in the attempt that committed.
    Raises:
        whatever ``work`` raises (the transaction is rolled back), or the database error of
        the last attempt; CommittedInterrupt (``result``: ``work``'s) for a Ctrl-C during
        the commit, ``after`` or anywhere after the commit until this returns (a Ctrl-C that
        lands just after the commit, once Ctrl-C is no longer held back, is one too: never a
        plain ``KeyboardInterrupt`` once the writes are saved).
    """
    def described(result) -> str | None:
        return saved(result) if callable(saved) else saved

    for attempt in range(attempts):
        result, committed, after_done = None, False, False

        def on_commit() -> None:  # Ctrl-C held back: the commit and its note are one step
            nonlocal committed
            committed = True
            # the command's record (munchkin_lab.saved): a Ctrl-C from here on says this is saved
            saved_words.note(described(result))

        try:
            with write_transaction(engine, on_commit=on_commit) as conn:
                result = work(conn)
            with interrupts_noted() as noted:
                if after is not None:
                    after()
                after_done = True
            if noted.pressed:
                raise CommittedInterrupt(result, described(result))
            return result
        except KeyboardInterrupt as exc:
            if not (committed or isinstance(exc, CommittedInterrupt)):
                raise  # before the commit: rolled back, nothing saved
            ci = exc if isinstance(exc, CommittedInterrupt) else CommittedInterrupt()
            ci.result = result
            with interrupts_noted():  # the bookkeeping still runs (a second Ctrl-C waits for it)
                if after is not None and not after_done:
                    after()
                ci.saved = described(result)
                if not committed:
                    saved_words.note(ci.saved)
            if ci is exc:
                raise
            raise ci from None
        except DBAPIError as exc:
            if committed or attempt == attempts - 1 or not is_retryable(exc):
                raise  # (never run again once committed)
            time.sleep(random.uniform(0.01, 0.05) * (attempt + 1))
            continue
    raise AssertionError("unreachable")  # pragma: no cover
