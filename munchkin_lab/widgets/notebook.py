"""Small helpers for the lab notebooks."""
from __future__ import annotations


def ensure_database(url: str | None = None) -> str:
    """Return a one-line status of the card database (``"card database ready: N cards"``).

    Only the embedded default database is built, and only when its file does not exist yet
    (a fresh clone); a missing, outdated or broken database raises ``CardDataError`` saying
    to run ``munchkin-lab db build`` and is never rebuilt here.
    """
    from .. import config
    from ..cards import api

    fresh = config.missing_sqlite_file(url) is not None
    n = len(api.cards("", url=url))
    return f"card database {'built' if fresh else 'ready'}: {n} cards"
