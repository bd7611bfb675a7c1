"""Decks in the database: the ``deck`` and ``deck_entry`` tables of
:mod:`munchkin_lab.cards.models`, on SQLite or PostgreSQL (any SQLAlchemy URL; default from
:func:`munchkin_lab.config.database_url`).

Stored form: ``deck.modules`` is ``{"in_force": [...], "overrides": {module: bool}}`` (only
the overrides are read back; ``in_force`` is for people reading the table), ``deck.options``
the full option mapping, one ``deck_entry`` row per card with ``copies`` and ``pile``,
``deck.row_version`` counting the saves.
Writes are one transaction: a failed save leaves the previous deck as it was.

Concurrency: a deck loaded from the database remembers the ``row_version`` it was read at,
and saving it over the stored deck succeeds only if nobody saved in between; otherwise
:class:`DeckConflictError` ("changed meanwhile, load it again") is raised and nothing is
written, so two editors (two ``munchkin-lab deck add`` processes, a deck builder in a
notebook and a script) never silently lose an edit. :func:`edit_deck` (used by ``deck add`` /
``deck remove``) loads, changes and saves, and starts again from a fresh load on a conflict.
"""
from __future__ import annotations

import random
import time
from datetime import datetime, timezone
from typing import Callable, TypeVar

import pandas as pd
from sqlalchemy import delete, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError

from .. import config
from ..cards.files import single_spaces
from ..cards.models import Card, CardSet
from ..cards.models import Deck as DeckRow
from ..cards.models import DeckEntry as DeckEntryRow
from ..suggest import close_matches
from .catalog import Catalog, DeckError, SetInfo, UnknownCardError
from .model import DEFAULT_OPTIONS, MODULES, Deck, DuplicateDeckError, Entry, check_saved_deck_name

T = TypeVar("T")


class DeckConflictError(DeckError):
    """The deck was saved (or deleted) by someone else since it was loaded: nothing was
    written. Load it again and redo the change (``edit_deck`` does that by itself), or save
    with ``force=True`` to overwrite the other edit."""


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
        raise DeckError(f"no card database at {config.database_url(url)}; run `{config.build_command(url)}` first")
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
    pairs, aliases, designer, tag_names = [], {}, set(), {}
    for row in df.to_dict("records"):
        spec = to_spec(row)
        for t in row["tags"] or ():
            tag_names.setdefault(t.lower(), t)
        pairs.append((spec, int(row["copies"]) if row["copies"] is not pd.NA else 1))
        if row["origin"] != "file":
            designer.add(spec.key)
        if row["aliases"]:
            aliases[spec.key] = list(row["aliases"])
    sets: dict[str, SetInfo] = {}
    with engine.connect() as conn:
        st = CardSet.__table__
        for r in conn.execute(select(st).order_by(st.c.position, st.c.code)).mappings():
            sets[r["code"]] = SetInfo(r["code"], r["name"], r["family"], r["kind"], r["printed_cards"],
                                      r["origin"] or "file")

    def searcher(query: str) -> list[str]:
        found = search_cards(query, url=url)
        return [f"{s}:{n}" for s, n in zip(found["set"], found["name"])]

    def hinter(query: str) -> list[str]:
        return list(search_cards(query, url=url).attrs.get("hints") or [])

    return Catalog(pairs, aliases, sets, searcher, frozenset(designer), hinter, tag_names)


def _card_ids(conn, keys: list[str]) -> dict[str, int]:
    ct, st = Card.__table__, CardSet.__table__
    wanted = {tuple(k.split(":", 1)) for k in keys}
    out = {}
    for cid, code, name in conn.execute(select(ct.c.id, st.c.code, ct.c.name).join(st, st.c.id == ct.c.set_id)):
        if (code, name) in wanted:
            out[f"{code}:{name}"] = cid
    return out


def _like_pattern(text: str, fold: bool) -> str:
    """A LIKE pattern (escape ``\\``) that every stored name equal to ``text`` matches: its
    wildcards escaped; ``fold`` (case ignored): a character outside ASCII becomes ``%``, since
    SQLite folds the case of ASCII letters only (and a lower case may differ in length: "İ").
    A stored name with a non-ASCII letter whose lower case is ASCII (the Kelvin sign) is not
    found by a value that spells it in ASCII."""
    out = []
    for ch in text:
        if fold and not ch.isascii():
            out.append("%")
        else:
            out.append("\\" + ch if ch in "%_\\" else ch)
    return "".join(out)


def _names_like(conn, name: str, spaced: bool, fold: bool) -> list[str]:
    """Stored deck names that match ``name`` (sorted): equal to it (``spaced``: once both are
    single-spaced; ``fold``: case ignored, ``str.lower``). The database is asked for the few
    names LIKE a pattern made of ``name``'s words (any spaces between and around them), which
    every match fits; the exact comparison is then made here."""
    dt = DeckRow.__table__
    if not spaced and not fold:
        return [n for (n,) in conn.execute(select(dt.c.name).where(dt.c.name == name))]
    if spaced:
        pattern = "%" + "%".join(_like_pattern(w, fold) for w in name.split()) + "%"
    else:
        pattern = _like_pattern(name, fold)
    col = dt.c.name
    cond = col.ilike(pattern, escape="\\") if fold else col.like(pattern, escape="\\")
    same = single_spaces if spaced else (lambda n: n)
    key = same(name).lower() if fold else same(name)
    return [n for (n,) in conn.execute(select(col).where(cond).order_by(col))
            if (same(n).lower() if fold else same(n)) == key]


def _no_deck(conn, name: str) -> DeckError:
    """The error for a deck name no saved deck has (load, rename, delete alike): the closest
    saved names, or the saved ones, as card commands hint."""
    names = [n for (n,) in conn.execute(select(DeckRow.__table__.c.name))]
    close = close_matches(name, names, n=3)
    if not close:  # "swamp mix v1" for "Swamp Mix": case folded too
        folded = {n.casefold(): n for n in names}
        close = [folded[n] for n in close_matches(name.casefold(), list(folded), n=3)]
    hint = f"; closest: {', '.join(close)}" if close else (f"; saved: {', '.join(sorted(names))}" if names else "; none saved")
    return DeckError(f"no deck named {name!r}{hint}")


def stored_deck_name(conn, name: str, ignore_case: bool = False) -> str | None:
    """The stored name of the saved deck called ``name``, else ``None``: the deck stored
    under exactly ``name`` first, else the one whose name is ``name`` once both are
    single-spaced (:func:`munchkin_lab.cards.files.single_spaces`: ``"My  deck "`` is ``"My
    deck"``). Decks an older version stored with extra spaces keep their names, so "My deck"
    and "My  deck" may both be stored: each is reached by its exact name. ``ignore_case``
    (the card search's ``deck:``, whose syntax ignores case): when neither step finds a deck,
    the same two steps again with case ignored (``'spooky mix'``: "Spooky Mix").

    Raises:
        AmbiguousDeckNameError: a step that finds several stored names (they are listed,
            with a way out); the exact step never does.
    """
    for fold in (False, True) if ignore_case else (False,):
        for spaced in (False, True):
            found = _names_like(conn, name, spaced, fold)
            if len(found) > 1:
                raise AmbiguousDeckNameError(name, found)
            if found:
                return found[0]
    return None


class AmbiguousDeckNameError(DeckError, LookupError):
    """A deck name that is none of the stored names exactly but matches several once
    single-spaced ("My deck" and "My  deck" stored by an older version, asked for as "My
    deck  "): ``candidates`` are their stored names."""

    def __init__(self, name: str, candidates: list[str]):
        self.name, self.candidates = name, sorted(candidates)
        listed = ", ".join(repr(c) for c in self.candidates)
        spaced = next((c for c in self.candidates if c != single_spaces(c)), self.candidates[0])
        super().__init__(f"deck name {name!r} matches {len(self.candidates)} saved decks: {listed}; give the exact "
                         f"name, spaces included (`munchkin-lab deck rename {spaced!r} NEW` gives one a name of "
                         "its own)")


def rename_deck(old: str, new: str, url: str | None = None) -> str:
    """Give the saved deck ``old`` (looked up as :func:`stored_deck_name` does: its exact name
    wins) the name ``new`` (checked as a new deck's name, single-spaced). Returns the name
    stored.

    Raises:
        DeckError: no deck ``old``; a bad ``new``; AmbiguousDeckNameError.
        DuplicateDeckError: another saved deck has the name ``new``.
    """
    engine = _engine(url)
    dt = DeckRow.__table__
    target = check_saved_deck_name(new)

    def work(conn) -> str:
        stored = stored_deck_name(conn, old)
        if stored is None:
            raise _no_deck(conn, old)
        other = conn.execute(select(dt.c.name).where(dt.c.name == target, dt.c.name != stored)).first()
        if other is not None:
            raise DuplicateDeckError(f"a deck named {target!r} already exists; choose another name")
        conn.execute(update(dt).where(dt.c.name == stored).values(name=target, row_version=dt.c.row_version + 1,
                                                                 updated=datetime.now(timezone.utc)))
        return target

    return config.run_write(engine, work, saved=lambda stored: f"the renaming of deck {old!r} to {stored!r} was saved")


def _stored_version(deck: Deck, resolved: str) -> int | None:
    """The ``row_version`` ``deck`` was loaded (or last saved) at in the database ``resolved``
    under its current name, else ``None``."""
    stored = getattr(deck, "_stored_as", None)
    if stored and stored[0] == resolved and stored[1] == deck.name:
        return stored[2]
    return None


def save_deck(deck: Deck, url: str | None = None, replace: bool = False, force: bool = False) -> None:
    """Store ``deck`` under its name, in one transaction.

    A deck read with :func:`load_deck` (or saved before) carries the ``row_version`` it was
    read at (``deck.row_version``): it saves over the stored deck (no ``replace`` needed), and
    only if that is still the stored version (optimistic locking); ``force=True`` skips the
    check. A deck not read from this database (new, from a file, a preset or a copy) replaces
    the stored one of its name only when ``replace``. Afterwards ``deck`` carries the new
    version, so it can be saved again.

    Args:
        replace: overwrite a deck of the same name that ``deck`` was not loaded from (its
            entries are replaced).
        force: overwrite even if someone else saved the deck since it was loaded.

    Raises:
        DuplicateDeckError: the name is taken by a deck ``deck`` was not loaded from and
            ``replace`` is False.
        DeckConflictError: the stored deck was saved or deleted since ``deck`` was loaded
            ("changed meanwhile"); nothing is written.
        UnknownCardError: a card of the deck is not in this database.
        DeckError: no built database at ``url``.
    """
    engine = _engine(url)
    resolved = config.database_url(url)
    mine = _stored_version(deck, resolved)  # loaded from (or saved to) this very deck
    loaded_row = deck._stored_as[3] if mine is not None and len(deck._stored_as) > 3 else deck.name
    expected = None if force else mine
    now = datetime.now(timezone.utc)
    modules = {"in_force": list(deck.modules),
               "overrides": {m: deck.module_overrides[m] for m in MODULES if m in deck.module_overrides}}
    values = {"description": deck.description, "modules": modules, "options": dict(deck.options), "updated": now}
    dt, et = DeckRow.__table__, DeckEntryRow.__table__
    changed = f"deck {deck.name!r} was changed by someone else since it was loaded"
    again = "load it again and redo your change (or save with force=True to overwrite theirs)"

    saved_as: list[str] = []  # the name the row has after the save

    def work(conn) -> int:
        ids = _card_ids(conn, list(deck.entries))
        missing = [k for k in deck.entries if k not in ids]
        if missing:
            set_, _, name = missing[0].partition(":")
            raise UnknownCardError(name, [], set_)
        # a deck loaded from this database saves to the row it was read from (its stored name
        # may have extra spaces, and another deck may have the single-spaced one)
        stored = loaded_row if mine is not None else stored_deck_name(conn, deck.name)
        row = None if stored is None else conn.execute(
            select(dt.c.id, dt.c.row_version).where(dt.c.name == stored)).first()
        name = deck.name
        if row is not None and stored != name and conn.execute(
                select(dt.c.id).where(dt.c.name == name)).first() is not None:
            name = stored  # the single-spaced name is another deck's: keep the stored one
        if row is not None and not replace and mine is None:
            raise DuplicateDeckError(f"a deck named {deck.name!r} already exists (use replace / --replace)")
        if row is None:
            check_saved_deck_name(deck.name)  # a new name (decks saved before keep theirs)
            if expected is not None:
                raise DeckConflictError(f"deck {deck.name!r} was deleted by someone else since it was loaded; "
                                        "save it with force=True to store it again")
            deck_id = conn.execute(insert(dt).returning(dt.c.id),
                                   {**values, "name": deck.name, "created": now, "row_version": 1}).scalar_one()
            version = 1
        else:
            deck_id, current = row
            if expected is not None and current != expected:
                raise DeckConflictError(f"{changed} (version {expected}, now {current}); {again}")
            where = [dt.c.id == deck_id]
            if expected is not None:  # on PostgreSQL a save committed since our read makes this match nothing
                where.append(dt.c.row_version == expected)
            version = conn.execute(update(dt).where(*where).values(**values, name=name,
                                                                   row_version=dt.c.row_version + 1)
                                   .returning(dt.c.row_version)).scalar()
            if version is None:
                raise DeckConflictError(f"{changed} (saved at the same time); {again}")
            conn.execute(delete(et).where(et.c.deck_id == deck_id))
        rows = [{"deck_id": deck_id, "card_id": ids[e.key], "copies": e.copies, "pile": e.pile}
                for e in deck.entries.values()]
        if rows:
            conn.execute(insert(et), rows)
        saved_as[:] = [name]
        return version

    try:
        version = config.run_write(engine, work, saved=lambda _: f"deck {saved_as[0]!r} was saved")
    except IntegrityError as exc:
        if _is_foreign_key_error(exc):  # PostgreSQL: a rebuild removed a card between our read and write
            raise DeckError(f"deck {deck.name!r}: a card of the deck was removed from the database meanwhile "
                            "(a rebuild); nothing was saved: load the deck again") from None
        raise DuplicateDeckError(f"a deck named {deck.name!r} already exists") from exc
    deck._stored_as = (resolved, deck.name, version, saved_as[0])


def _is_foreign_key_error(exc: IntegrityError) -> bool:
    code = getattr(exc.orig, "sqlstate", None)
    return code == "23503" or "FOREIGN KEY constraint failed" in str(exc.orig)


def edit_deck(name: str, change: Callable[[Deck], T], url: str | None = None,
              catalog: Catalog | None = None, attempts: int = 40) -> tuple[Deck, T]:
    """Load deck ``name``, apply ``change(deck)`` and save it; when someone else saved the deck
    in between, start again from a fresh load (up to ``attempts`` times, with a short random
    wait), so concurrent edits (ten ``munchkin-lab deck add`` at once) all land.

    Args:
        change: edits the deck in place (e.g. ``lambda d: d.add("Potted Plant")``); called
            once per attempt, on a freshly loaded deck. Its errors (unknown card, ...) stop
            the edit at once.
    Returns:
        ``(saved deck, what change returned)``.
    Raises:
        DeckError: no such deck (or it was deleted meanwhile), or ``change``'s errors.
        DeckConflictError: still conflicting after ``attempts`` tries.
    """
    for attempt in range(attempts):
        deck = load_deck(name, url=url, catalog=catalog)
        result = change(deck)
        try:
            save_deck(deck, url, replace=True)
            return deck, result
        except DeckConflictError:
            if attempt == attempts - 1:
                raise
            time.sleep(random.uniform(0.005, 0.03) * min(attempt + 1, 8))
    raise AssertionError("unreachable")  # pragma: no cover


def load_deck(name: str, url: str | None = None, catalog: Catalog | None = None) -> Deck:
    """Load deck ``name``. Entries come back in catalog order (set, then file order); the
    deck remembers the stored ``row_version`` for :func:`save_deck`'s conflict check.

    Raises:
        DeckError: no deck of that name (the message names the closest saved ones), or no
            built database.
    """
    engine = _engine(url)
    dt, et, ct, st = DeckRow.__table__, DeckEntryRow.__table__, Card.__table__, CardSet.__table__
    with engine.connect() as conn:
        stored = stored_deck_name(conn, name)
        row = None if stored is None else conn.execute(select(dt).where(dt.c.name == stored)).mappings().first()
        if row is None:
            raise _no_deck(conn, name)
        entries = conn.execute(
            select(st.c.code, ct.c.name, et.c.copies, et.c.pile)
            .join(ct, ct.c.id == et.c.card_id).join(st, st.c.id == ct.c.set_id)
            .where(et.c.deck_id == row["id"]).order_by(st.c.position, st.c.code, ct.c.position, ct.c.name)
        ).all()
    modules = row["modules"] or {}
    overrides = modules.get("overrides", {}) if isinstance(modules, dict) else {}
    options = {k: v for k, v in (row["options"] or {}).items() if k in DEFAULT_OPTIONS or "." in str(k)}  # MODULE.KEY: a module option
    deck = Deck(row["name"], row["description"] or "", catalog=catalog, url=url, modules=overrides, options=options)
    for code, cname, copies, pile in entries:
        key = f"{code}:{cname}"
        deck.entries[key] = Entry(key, int(copies), pile)
    deck._stored_as = (config.database_url(url), deck.name, int(row["row_version"]), row["name"])
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
    """Delete deck ``name`` and its entries (one transaction).

    Raises:
        DeckError: no deck of that name.
    """
    engine = _engine(url)
    dt, et = DeckRow.__table__, DeckEntryRow.__table__

    def work(conn) -> None:
        stored = stored_deck_name(conn, name)
        deck_id = None if stored is None else conn.execute(select(dt.c.id).where(dt.c.name == stored)).scalar()
        if deck_id is None:
            raise _no_deck(conn, name)
        conn.execute(delete(et).where(et.c.deck_id == deck_id))
        conn.execute(delete(dt).where(dt.c.id == deck_id))

    config.run_write(engine, work, saved=f"the deletion of deck {name!r} was saved")
