"""Turn "what to print" into a flat list of card face fields, one per printed copy.

A selection is one of:

* a :class:`~munchkin_lab.decks.Deck` (copies as in the deck);
* a string: a preset name (``base`` or ``preset:base``), a deck file path (``.txt``,
  ``.yaml``, ``.yml``), the name of a deck saved in the database, or else a card search
  query (``tag:ghost``, ``set:solar_storm``; one copy of each card found);
* a ``pandas.DataFrame`` of :func:`munchkin_lab.cards.api.cards` rows (one copy each);
* a list of cards: ``CardSpec``, ``(CardSpec, copies)``, row mappings / Series, or card
  names / ``"set:Name"`` keys (resolved in the card database).

Deck cards are completed from the database (summary, provenance, tags as stored) when the
database holds them; an inline card without a database row prints with what its spec says.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from .fields import SET_LABELS, face_fields, set_label


class PrintError(ValueError):
    """Nothing sensible to print: empty selection, unknown deck, bad option or output path."""


_DECK_SUFFIXES = (".txt", ".yaml", ".yml")


def _db_rows(url: str | None) -> dict[str, dict]:
    """Every card row of the database keyed ``"set:Name"`` (empty when there is no database)."""
    from ..cards.api import cards
    from ..cards.errors import CardDataError

    try:
        df = cards("", url=url)
    except CardDataError:
        return {}
    return {f"{r['set']}:{r['name']}": r for r in df.to_dict("records")}


def _from_specs(pairs: Iterable[tuple[Any, int]], url: str | None) -> list[dict]:
    rows = None
    out: list[dict] = []
    for spec, copies in pairs:
        if rows is None:
            rows = _db_rows(url)
        key = getattr(spec, "key", None)
        row = rows.get(key) if key else None
        f = face_fields(row if row is not None else spec)
        out += [f] * int(copies)
    return out


def _deck_from_string(text: str, url: str | None):
    """A deck named by ``text`` or ``None`` when ``text`` names no deck.

    Raises:
        PrintError: ``text`` looks like a deck reference (``preset:...`` or a deck file path)
            but there is no such deck.
    """
    from ..decks import DeckError
    from ..decks.files import read_deck
    from ..decks.presets import list_presets, load_preset

    if text.startswith("preset:"):
        name = text.split(":", 1)[1]
        try:
            return load_preset(name, url=url)
        except DeckError as exc:
            raise PrintError(f"unknown deck {text!r}: {exc}") from None
    if text in list_presets():
        return load_preset(text, url=url)
    p = Path(text)
    if p.suffix.lower() in _DECK_SUFFIXES:
        if not p.is_file():
            raise PrintError(f"unknown deck {text!r}: no such deck file")
        return read_deck(p, url=url)
    try:
        from ..decks.store import list_decks

        names = set(list_decks(url)["name"])
    except Exception:  # no deck tables yet: no saved decks
        names = set()
    if text in names:
        from ..decks import Deck

        return Deck.load(text, url=url)
    return None


def resolve_selection(selection: Any, url: str | None = None) -> list[dict]:
    """Face fields (see :func:`~munchkin_lab.printing.fields.face_fields`), one per copy.

    Args:
        selection: see the module docstring.
        url: card database URL (default: ``$DATABASE_URL`` or the SQLite file).

    Raises:
        PrintError: an empty selection, an unknown deck, a query that finds nothing or
            cannot be parsed, an unknown card name.
    """
    return resolve_titled(selection, url)[0]


def resolve_titled(selection: Any, url: str | None = None) -> tuple[list[dict], str]:
    """:func:`resolve_selection` plus a title for the sheets (deck name, query text, or
    ``"munchkin-lab cards"``). A designer set's cards carry its name from the database
    ("Haunted Harbor"), not its code in title case."""
    items, title = _resolve_titled(selection, url)
    return _with_set_names(items, url), title


def _with_set_names(items: list[dict], url: str | None) -> list[dict]:
    """``items`` with the ``set_label`` of every set the shipped labels do not know
    (:data:`~munchkin_lab.printing.fields.SET_LABELS`: a designer's set) read from the
    database's set table; unchanged when there is no database or the set is not in it."""
    codes = {f["set"] for f in items if f["set"] and f["set"] not in SET_LABELS}
    if not codes:
        return items
    try:
        from ..cards.designer import list_sets

        sets = list_sets(url)
    except Exception:  # noqa: BLE001 - no database: the code stays the label
        return items
    names = {c: n for c, n in zip(sets["code"], sets["name"]) if c in codes and n}
    done: dict[int, dict] = {}  # (the copies of one card share one dict)
    out = []
    for f in items:
        if f["set"] in names and f["set_label"] == set_label(f["set"]):
            g = done.get(id(f))
            if g is None:
                g = done[id(f)] = dict(f, set_label=names[f["set"]])
            f = g
        out.append(f)
    return out


def _resolve_titled(selection: Any, url: str | None = None) -> tuple[list[dict], str]:
    from ..cards.errors import CardDataError, CardLookupError, SearchSyntaxError
    from ..decks import Deck, DeckError

    try:
        if selection is None:
            raise PrintError("nothing to print: the selection is empty")
        if isinstance(selection, Deck):
            items = _from_specs(selection.specs(), url or selection.url)
            if not items:
                raise PrintError(f"nothing to print: deck {selection.name!r} is empty")
            return items, selection.name
        if isinstance(selection, str):
            text = selection.strip()
            if not text:
                raise PrintError("nothing to print: empty deck name or query")
            deck = _deck_from_string(text, url)
            if deck is not None:
                return resolve_titled(deck, url)
            from ..cards.api import cards

            try:
                df = cards(text, url=url)
            except SearchSyntaxError as exc:
                raise PrintError(f"unknown deck {text!r}, and not a valid card query: {exc}") from None
            if df.empty:
                from ..decks.presets import list_presets

                raise PrintError(f"unknown deck {text!r}, and no card matches it as a query "
                                 f"(presets: {', '.join(list_presets())})")
            return [face_fields(r) for r in df.to_dict("records")], text[:80]
        try:
            import pandas as pd

            if isinstance(selection, pd.DataFrame):
                if selection.empty:
                    raise PrintError("nothing to print: the card table is empty")
                return [face_fields(r) for r in selection.to_dict("records")], "munchkin-lab cards"
        except ImportError:  # pragma: no cover
            pass
        items: list[dict] = []
        rows = None
        for entry in selection:
            copies = 1
            if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], int):
                entry, copies = entry
                if copies < 0:
                    raise PrintError(f"negative copies for {entry!r}")
            if isinstance(entry, str):
                from ..cards.api import card

                set_, _, name = entry.partition(":") if ":" in entry else (None, "", entry)
                entry = card(name, set=set_, url=url)
            elif hasattr(entry, "key") and hasattr(entry, "kind") and not isinstance(entry, dict):
                if rows is None:
                    rows = _db_rows(url)
                entry = rows.get(entry.key, entry)
            items += [face_fields(entry)] * copies
        if not items:
            raise PrintError("nothing to print: the selection is empty")
        return items, "munchkin-lab cards"
    except PrintError:
        raise
    except (DeckError, CardDataError, CardLookupError, SearchSyntaxError, ValueError, LookupError) as exc:
        raise PrintError(str(exc)) from exc
    except TypeError as exc:
        raise PrintError(f"cannot print {type(selection).__name__}: pass a deck, a query or a list of cards") from exc
