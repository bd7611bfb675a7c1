"""Decks in the database: the ``deck`` and ``deck_entry`` tables of
:mod:`munchkin_lab.cards.models`, on SQLite or PostgreSQL (any SQLAlchemy URL; default from
:func:`munchkin_lab.config.database_url`).

Stored form: ``deck.modules`` is ``{"in_force": [...], "overrides": {module: bool}}`` (only
the overrides are read back; ``in_force`` is for people reading the table), ``deck.options``
the full option mapping, one ``deck_entry`` row per card with ``copies`` and ``pile``.
Writes are one transaction: a failed save leaves the previous deck as it was.
"""
from __future__ import annotations

import difflib
from datetime import datetime, timezone

import pandas as pd
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from .. import config
from ..cards.models import Card, CardSet
from ..cards.models import Deck as DeckRow
from ..cards.models import DeckEntry as DeckEntryRow
from .catalog import Catalog, DeckError, SetInfo, UnknownCardError
from .model import DEFAULT_OPTIONS, MODULES, Deck, DuplicateDeckError, Entry


def _engine(url: str | None):
    from ..cards.api import open_engine
    from ..cards.errors import CardDataError

    try:  # builds the embedded default on first use; a missing explicit file is an error
        engine = open_engine(url)
    except CardDataError as exc:
        raise DeckError("; ".join(exc.problems)) from None
    with engine.connect() as conn:
        names = set(inspect(conn).get_table_names())
    if not {"card", "deck", "deck_entry"} <= names:
        raise DeckError(f"no card database at {config.database_url(url)}; run `munchkin-lab db build` first")
    return engine


def load_catalog(url: str | None = None) -> Catalog:
    """Build a :class:`Catalog` of every card, alias and set in the database at ``url``;
    its searcher runs the card search syntax (:func:`munchkin_lab.cards.api.cards`).

    Raises:
        DeckError: no built database at ``url``.
    """
    from ..cards.api import cards as search_cards
    from ..cards.errors import CardDataError
    from ..cards.spec import to_spec

    engine = _engine(url)
    try:
        df = search_cards("", url=url)
    except CardDataError as exc:  # pragma: no cover - schema checked above
        raise DeckError(str(exc)) from None
    pairs, aliases = [], {}
    for row in df.to_dict("records"):
        spec = to_spec(row)
        pairs.append((spec, int(row["copies"]) if row["copies"] is not pd.NA else 1))
        if row["aliases"]:
            aliases[spec.key] = list(row["aliases"])
    sets: dict[str, SetInfo] = {}
    with engine.connect() as conn:
        st = CardSet.__table__
        for r in conn.execute(select(st).order_by(st.c.position, st.c.code)).mappings():
            sets[r["code"]] = SetInfo(r["code"], r["name"], r["family"], r["kind"], r["printed_cards"])

    def searcher(query: str) -> list[str]:
        found = search_cards(query, url=url)
        return [f"{s}:{n}" for s, n in zip(found["set"], found["name"])]

    return Catalog(pairs, aliases, sets, searcher)


def _card_ids(conn, keys: list[str]) -> dict[str, int]:
    ct, st = Card.__table__, CardSet.__table__
    wanted = {tuple(k.split(":", 1)) for k in keys}
    out = {}
    for cid, code, name in conn.execute(select(ct.c.id, st.c.code, ct.c.name).join(st, st.c.id == ct.c.set_id)):
        if (code, name) in wanted:
            out[f"{code}:{name}"] = cid
    return out


def save_deck(deck: Deck, url: str | None = None, replace: bool = False) -> None:
    """Store ``deck`` under its name, in one transaction.

    Args:
        replace: overwrite a deck of the same name (its entries are replaced).

    Raises:
        DuplicateDeckError: the name is taken and ``replace`` is False.
        UnknownCardError: a card of the deck is not in this database.
        DeckError: no built database at ``url``.
    """
    engine = _engine(url)
    now = datetime.now(timezone.utc)
    modules = {"in_force": list(deck.modules),
               "overrides": {m: deck.module_overrides[m] for m in MODULES if m in deck.module_overrides}}
    try:
        with Session(engine) as session, session.begin():
            ids = _card_ids(session.connection(), list(deck.entries))
            missing = [k for k in deck.entries if k not in ids]
            if missing:
                set_, _, name = missing[0].partition(":")
                raise UnknownCardError(name, [], set_)
            row = session.scalars(select(DeckRow).where(DeckRow.name == deck.name)).first()
            if row is not None and not replace:
                raise DuplicateDeckError(f"a deck named {deck.name!r} already exists (use replace / --replace)")
            if row is None:
                row = DeckRow(name=deck.name, description=deck.description, modules=modules,
                              options=dict(deck.options), created=now, updated=now)
                session.add(row)
                session.flush()
            else:
                row.description = deck.description
                row.modules = modules
                row.options = dict(deck.options)
                row.updated = now
                for e in list(row.entries):
                    session.delete(e)
                session.flush()
            for e in deck.entries.values():
                session.add(DeckEntryRow(deck_id=row.id, card_id=ids[e.key], copies=e.copies, pile=e.pile))
    except IntegrityError as exc:
        raise DuplicateDeckError(f"a deck named {deck.name!r} already exists") from exc


def load_deck(name: str, url: str | None = None, catalog: Catalog | None = None) -> Deck:
    """Load deck ``name``. Entries come back in catalog order (set, then file order).

    Raises:
        DeckError: no deck of that name (the message names the closest saved ones), or no
            built database.
    """
    engine = _engine(url)
    dt, et, ct, st = DeckRow.__table__, DeckEntryRow.__table__, Card.__table__, CardSet.__table__
    with engine.connect() as conn:
        row = conn.execute(select(dt).where(dt.c.name == name)).mappings().first()
        if row is None:
            names = [n for (n,) in conn.execute(select(dt.c.name))]
            close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
            hint = f"; closest: {', '.join(close)}" if close else (f"; saved: {', '.join(sorted(names))}" if names else "; none saved")
            raise DeckError(f"no deck named {name!r}{hint}")
        entries = conn.execute(
            select(st.c.code, ct.c.name, et.c.copies, et.c.pile)
            .join(ct, ct.c.id == et.c.card_id).join(st, st.c.id == ct.c.set_id)
            .where(et.c.deck_id == row["id"]).order_by(st.c.position, st.c.code, ct.c.position, ct.c.name)
        ).all()
    modules = row["modules"] or {}
    overrides = modules.get("overrides", {}) if isinstance(modules, dict) else {}
    options = {k: v for k, v in (row["options"] or {}).items() if k in DEFAULT_OPTIONS}
    deck = Deck(row["name"], row["description"] or "", catalog=catalog, url=url, modules=overrides, options=options)
    for code, cname, copies, pile in entries:
        key = f"{code}:{cname}"
        deck.entries[key] = Entry(key, int(copies), pile)
    return deck


def list_decks(url: str | None = None) -> pd.DataFrame:
    """Saved decks: columns name, description, cards (copies summed), entries, modules
    (in force when saved), updated; sorted by name."""
    engine = _engine(url)
    dt, et = DeckRow.__table__, DeckEntryRow.__table__
    rows = []
    with engine.connect() as conn:
        for d in conn.execute(select(dt).order_by(dt.c.name)).mappings():
            ent = conn.execute(select(et.c.copies).where(et.c.deck_id == d["id"])).scalars().all()
            mods = d["modules"]
            in_force = mods.get("in_force", []) if isinstance(mods, dict) else list(mods or [])
            rows.append((d["name"], d["description"] or "", int(sum(ent)), len(ent), ", ".join(in_force), d["updated"]))
    return pd.DataFrame(rows, columns=["name", "description", "cards", "entries", "modules", "updated"])


def delete_deck(name: str, url: str | None = None) -> None:
    """Delete deck ``name`` and its entries.

    Raises:
        DeckError: no deck of that name.
    """
    engine = _engine(url)
    with Session(engine) as session, session.begin():
        row = session.scalars(select(DeckRow).where(DeckRow.name == name)).first()
        if row is None:
            raise DeckError(f"no deck named {name!r}")
        session.delete(row)
