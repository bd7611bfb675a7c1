"""Small helpers for the lab notebooks."""
from __future__ import annotations


def ensure_database(url: str | None = None) -> str:
    """Build the card database when it is missing (a fresh clone); return a one-line status."""
    from ..cards import api

    try:
        n = len(api.cards("", url=url))
        return f"card database ready: {n} cards"
    except Exception:  # noqa: BLE001 - not built yet
        from ..cards.build import build

        counts = build(url=url)
        return f"card database built: {counts['cards']} cards"
