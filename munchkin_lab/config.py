"""Where the card database lives and how to connect to it.

Default: the SQLite file ``database/munchkin-lab.sqlite`` under the repository root (found
from this package's location). Override with the environment variable ``DATABASE_URL`` or an
explicit ``url=`` argument / ``--url`` option (any SQLAlchemy URL, e.g.
``postgresql+psycopg://user@host:5432/dbname``).
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.functions import GenericFunction
from sqlalchemy.types import String

#: Repository root (the folder holding ``pyproject.toml`` and ``database/``).
REPO_ROOT: Path = Path(__file__).resolve().parent.parent
#: Folder of the card data files (``tags.yaml``, ``sets/*.yaml``).
DATABASE_DIR: Path = REPO_ROOT / "database"
#: Default SQLite file built from the data files.
DEFAULT_DB_PATH: Path = DATABASE_DIR / "munchkin-lab.sqlite"

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
    dbapi_connection.create_function("ulower", 1, _unicode_lower, deterministic=True)
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def create_db_engine(url: str | None = None, **kwargs) -> Engine:
    """Create a new SQLAlchemy engine for ``url`` (resolved with :func:`database_url`).

    SQLite connections get ``PRAGMA journal_mode=WAL`` and ``PRAGMA foreign_keys=ON`` on
    connect. The parent folder of a SQLite file is created when missing.
    """
    resolved = database_url(url)
    if is_sqlite(resolved):
        path = sqlite_path(resolved)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(resolved, **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(resolved, pool_pre_ping=True, **kwargs)


def get_engine(url: str | None = None) -> Engine:
    """Return a cached engine for ``url`` (one per resolved URL; see :func:`dispose_engine`)."""
    resolved = database_url(url)
    with _lock:
        engine = _engines.get(resolved)
        if engine is None:
            engine = _engines[resolved] = create_db_engine(resolved)
        return engine


def dispose_engine(url: str | None = None) -> None:
    """Close and forget the cached engine of ``url`` (after its file was replaced)."""
    resolved = database_url(url)
    with _lock:
        engine = _engines.pop(resolved, None)
    if engine is not None:
        engine.dispose()
