"""Python API of the card database: pandas frames, single lookups, CSV round trips, specs.

Every function takes ``url=None`` (resolved by :func:`munchkin_lab.config.database_url`) and
reads through :func:`open_engine`, which never builds anything but the embedded default
database on its first use: a missing, outdated or unreadable database is an error naming
``munchkin-lab db build``. :func:`import_csv` merges (deletes designer cards only with ``replace=True``)
and has a dry run; :func:`export_csv` writes atomically.
"""
from __future__ import annotations

import csv
import gc
import io
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

import numpy as np
import pandas as pd
from pydantic import ValidationError
from sqlalchemy import Connection, Select, delete, func, insert, inspect, or_, select, update

from .. import config
from ..config import ulower
from ..engine.cards import CardSpec
from ..plural import listed
from ..suggest import close_matches
from .build import alias_problems, derived_tags, effect_problems
from .errors import AmbiguousCardError, CardDataError, NoDatabaseError, UnknownCardError
from .files import DERIVED_TAGS, CardFile
from .models import Alias, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag
from .search import compile_query
from .spec import to_spec

#: Columns of :func:`cards` in order.
COLUMNS = ["set", "name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus",
           "slot", "big", "gold", "version", "tags", "aliases", "provenance", "source", "summary",
           "manual", "effects", "usable_by", "not_usable_by", "origin"]
_INT_COLUMNS = ["copies", "level", "treasures", "levels_gained", "bonus", "gold"]
#: Columns of the CSV written by :func:`export_csv` (``tags``: explicit tags only, JSON list;
#: ``aliases``: JSON list of ``{"name", "language"}``; ``effects``/``usable_by``/
#: ``not_usable_by``: JSON; ``card_id`` and ``fingerprint``: the :data:`CSV_CHECK_COLUMNS`).
CSV_COLUMNS = ["set", "name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus",
               "slot", "big", "gold", "version", "tags", "aliases", "provenance", "source", "summary",
               "manual", "effects", "usable_by", "not_usable_by", "origin", "card_id", "fingerprint"]
#: The columns of an export that let :func:`import_csv` tell the cards edited in the database
#: after the export (and renamed since): the card's id in the exporting database and a hash
#: of the card as exported (the fingerprint ``set export`` writes). A CSV may lack them (made
#: by hand, by an older lab): it imports as before, and the summary says that it could not
#: check for newer edits.
CSV_CHECK_COLUMNS = ("card_id", "fingerprint")
_CARD_FIELDS = ["kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot", "big",
                "gold", "version", "usable_by", "not_usable_by", "provenance", "source", "summary",
                "effects", "manual"]


def open_engine(url: str | None = None):
    """The SQLAlchemy engine of an existing, up-to-date card database.

    The embedded default (``database/munchkin-lab.sqlite``, used when neither ``url`` nor
    ``$DATABASE_URL`` is given) is built from the data files on first use, when the file does
    not exist yet (or is empty). Nothing else ever builds: any other SQLite file that does not
    exist is an error and nothing is created (connecting would create the folder and an empty
    file), and a database without the card tables, with an outdated schema or that cannot be
    read is refused with a message saying to run ``munchkin-lab db build``. The schema check
    runs once per process and URL. A database built from other card files than the data
    folder holds now (after a ``git pull``) is used as it is, with a
    :class:`~munchkin_lab.cards.build.StaleDatabaseWarning` naming the files and
    ``munchkin-lab db build`` (never rebuilt by itself).

    Raises:
        CardDataError: a missing explicit SQLite file, a missing / outdated / unreadable
            schema, or invalid data files while building the default database.
    """
    from .build import build, check_fresh, check_schema

    resolved = config.database_url(url)
    path = config.sqlite_path(resolved)
    missing = config.missing_sqlite_file(resolved)
    if resolved == config.default_url() and path is not None and (
            missing is not None or path.stat().st_size == 0):
        build()  # first use of the embedded default: nothing there to lose
    elif missing is not None:
        raise NoDatabaseError(resolved, f"file {missing} does not exist")
    engine = config.get_engine(resolved)
    check_schema(engine, resolved)
    check_fresh(engine, resolved)
    return engine


def _has_schema(conn: Connection) -> bool:
    return "card" in inspect(conn).get_table_names()


_US, _RS = "\x1f", "\x1e"  # unit / record separators inside aggregated strings
_JSON_COLS = ("effects", "usable_by", "not_usable_by")


def _json(value: Any) -> Any:
    """Decode a JSON column fetched as text (fast path for the common empty values); drivers
    that decode JSON themselves (psycopg) hand over Python objects, returned as they are."""
    if not isinstance(value, str):
        return value
    if value == "[]":
        return []
    if value == "{}":
        return {}
    return json.loads(value)


def _rows(conn: Connection, where) -> list[dict]:
    """Card rows (dicts with the :data:`COLUMNS` plus ``id``, ``_tags`` = [(name, derived)],
    ``_aliases`` = [{name, language}]) matching ``where``, in one query (tags and aliases
    come from correlated ``aggregate_strings`` subqueries: SQLite group_concat, PostgreSQL
    string_agg)."""
    ct, st = Card.__table__, CardSet.__table__
    lt, tt, at = CardTagLink.__table__, Tag.__table__, Alias.__table__
    from sqlalchemy import String, case, cast

    tag_agg = (select(func.aggregate_strings(
        tt.c.name + _US + case((lt.c.derived, "1"), else_="0"), _RS))
        .select_from(lt.join(tt, tt.c.id == lt.c.tag_id)).where(lt.c.card_id == ct.c.id)
        .scalar_subquery().label("_tag_agg"))
    alias_agg = (select(func.aggregate_strings(
        cast(at.c.id, String) + _US + at.c.name + _US + func.coalesce(at.c.language, ""), _RS))
        .where(at.c.card_id == ct.c.id).scalar_subquery().label("_alias_agg"))
    from sqlalchemy import type_coerce

    cols = [type_coerce(c, String).label(c.name) if c.name in _JSON_COLS else c for c in ct.columns]
    base = (select(*cols, st.c.code.label("set_code"), tag_agg, alias_agg)
            .join(st, st.c.id == ct.c.set_id).where(where)
            .order_by(st.c.position, st.c.code, ct.c.position, ct.c.name, ct.c.id))
    result = conn.execute(base)
    keys = list(result.keys())
    rows = []
    for tup in result:
        r = dict(zip(keys, tup))
        r["set"] = r.pop("set_code")
        tags = []
        for part in (r.pop("_tag_agg") or "").split(_RS):
            if part:
                name, derived = part.rsplit(_US, 1)
                tags.append((derived == "1", name.lower(), name))
        tags.sort()
        r["_tags"] = [(name, derived) for derived, _, name in tags]
        r["tags"] = [name for _, _, name in tags]
        aliases = []
        for part in (r.pop("_alias_agg") or "").split(_RS):
            if part:
                aid, name, lang = part.split(_US)
                aliases.append((int(aid), name, lang or None))
        aliases.sort()
        r["_aliases"] = [{"name": n, "language": lang} for _, n, lang in aliases]
        r["aliases"] = [n for _, n, _ in aliases]
        r["big"], r["manual"] = bool(r["big"]), bool(r["manual"])
        for c in _JSON_COLS:
            r[c] = _json(r[c])
        rows.append(r)
    return rows


def _frame(rows: list[dict]) -> pd.DataFrame:
    df = pd.DataFrame([{c: r[c] for c in COLUMNS} for r in rows], columns=COLUMNS)
    for c in _INT_COLUMNS:
        df[c] = df[c].astype("Int64")
    for c in ("big", "manual"):
        df[c] = df[c].astype(bool)
    return df


def _frame_select(where) -> Select:
    """The one query of :func:`cards`: the card columns (JSON columns as text), the set code,
    the tags of each card as ``tag_id * 2 + derived`` numbers joined by ``,`` and its aliases as
    ``id<US>name`` joined by ``<RS>`` (correlated ``aggregate_strings`` subqueries: SQLite
    group_concat, PostgreSQL string_agg), in set and file order. The columns and the order are
    built once; each call adds its ``where``."""
    return _frame_base().where(where)


@lru_cache(maxsize=1)
def _frame_base() -> Select:
    from sqlalchemy import String, case, cast, type_coerce

    ct, st = Card.__table__, CardSet.__table__
    lt, at = CardTagLink.__table__, Alias.__table__
    tag_agg = (select(func.aggregate_strings(cast(lt.c.tag_id * 2 + case((lt.c.derived, 1), else_=0), String), ","))
               .where(lt.c.card_id == ct.c.id).scalar_subquery())
    alias_agg = (select(func.aggregate_strings(cast(at.c.id, String) + _US + at.c.name, _RS))
                 .where(at.c.card_id == ct.c.id).scalar_subquery())
    plain = [c for c in COLUMNS if c not in ("set", "tags", "aliases")]
    cols = [type_coerce(ct.c[c], String).label(c) if c in _JSON_COLS else ct.c[c] for c in plain]
    return (select(st.c.code.label("set"), *cols, tag_agg.label("tags"), alias_agg.label("aliases"))
            .join(st, st.c.id == ct.c.set_id)
            .order_by(st.c.position, st.c.code, ct.c.position, ct.c.name, ct.c.id))


def _tag_names(conn: Connection) -> dict[int, str]:
    """Tag id -> display name (a few dozen rows)."""
    tt = Tag.__table__
    return dict(conn.execute(select(tt.c.id, tt.c.name)).all())


def _split_tags(agg: str | None, names: dict[int, str]) -> list[str]:
    """Tag names of one card from its aggregate (``tag_id * 2 + derived``, comma-joined):
    explicit tags first, then derived ones, each group by name (case-insensitive)."""
    if not agg:
        return []
    if "," not in agg:  # one tag
        return [names[int(agg) >> 1]]
    keys = [int(x) for x in agg.split(",")]
    keys.sort(key=lambda k: (k & 1, names[k >> 1].lower(), names[k >> 1]))
    return [names[k >> 1] for k in keys]


def _split_aliases(agg: str | None) -> list[str]:
    """Alias names of one card in the order they were stored (alias id)."""
    if not agg:
        return []
    if _RS not in agg:  # one alias
        return [agg.split(_US, 1)[1]]
    parts = [p.split(_US, 1) for p in agg.split(_RS) if p]
    parts.sort(key=lambda p: int(p[0]))
    return [p[1] for p in parts]


def _bulk_frame(rows: list[tuple], keys: list[str], tag_names: dict[int, str]) -> pd.DataFrame:
    """The :func:`cards` DataFrame built column by column from the fetched tuples (no
    per-row dicts): numbers as nullable ``Int64`` arrays, flags as bool, JSON decoded only
    where a value is not one of the empty forms, tags (ids, named from ``tag_names``) and
    aliases split."""
    n = len(rows)
    cols = list(zip(*rows)) if n else [()] * len(keys)
    data = dict(zip(keys, cols))
    index = pd.RangeIndex(n)
    out: dict[str, Any] = {}
    for c in COLUMNS:
        v = data[c]
        if not n:  # as pandas types an empty frame of records
            out[c] = pd.array([], dtype="Int64") if c in _INT_COLUMNS else \
                np.zeros(0, dtype=bool) if c in ("big", "manual") else np.empty(0, dtype=object)
            continue
        if c in _INT_COLUMNS:
            values: Any = pd.array(v, dtype="Int64")
        elif c in ("big", "manual"):
            values = np.array(v, dtype=bool)
        elif c in _JSON_COLS:  # the empty forms inline: most cards have no effects
            values = [[] if x == "[]" else {} if x == "{}" else _json(x) for x in v]
        elif c == "tags":  # few distinct combinations: split each once, a fresh list per row
            seen: dict = {}
            values = []
            for x in v:
                got = seen.get(x)
                if got is None:
                    got = seen[x] = _split_tags(x, tag_names)
                values.append(list(got))
        elif c == "aliases":
            values = [_split_aliases(x) for x in v]
        else:  # text: pandas infers its string dtype, as for a frame of records
            out[c] = pd.Series(v, index=index)
            continue
        out[c] = pd.Series(values, index=index, dtype=None if c in _INT_COLUMNS or c in ("big", "manual") else object)
    return pd.DataFrame(out, index=index, columns=COLUMNS, copy=False)


def cards(query: str = "", url: str | None = None) -> pd.DataFrame:
    """Search the card database; one row per card.

    Args:
        query: search syntax (see :mod:`munchkin_lab.cards.search`); ``""`` = every card.
        url: database URL (default: ``$DATABASE_URL`` or the SQLite file).
    Returns:
        DataFrame with columns :data:`COLUMNS`: numbers as nullable ``Int64`` (gold in Gold
        Pieces), ``tags`` and ``aliases`` as lists of str, ``effects`` as dict, ordered by set
        and file order. ``df.attrs["hints"]`` lists search hints (strings): values of
        ``set:``/``tag:`` that no card has and, when nothing matches, the closest card names
        for the words searched (``"no set 'scoobydoo'; did you mean 'scooby_doo'?"``); an
        empty list when there is nothing to suggest. The frame is built in bulk from one
        query (``benchmarks/db_bench.py``: under 20 ms for 1,384 hits among 100,000 cards).
    Raises:
        SearchSyntaxError: the query cannot be parsed.
        CardDataError: the database has not been built.
    """
    from .search import search_hints

    compile_query(query)  # a syntax error before the database is opened
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        where = compile_query(query, conn)  # deck:NAME looked up in this database
        result = conn.execute(_frame_select(where))
        keys = list(result.keys())
        try:  # the driver's rows as they are: _bulk_frame converts each column itself
            rows = result.cursor.fetchall()
        finally:
            result.close()
        names = _tag_names(conn) if rows else {}
        paused = gc.isenabled()
        if paused:  # tens of thousands of small lists/dicts: no collection passes meanwhile
            gc.disable()
        try:
            df = _bulk_frame(rows, keys, names)
        finally:
            if paused:
                gc.enable()
        df.attrs["hints"] = search_hints(query, conn, empty=df.empty)
    return df


def _require_schema(conn: Connection) -> None:
    if not _has_schema(conn):
        raise NoDatabaseError(config.url_for_people(conn.engine.url))


def card(name: str, set: str | None = None, url: str | None = None) -> pd.Series:
    """Look one card up by name or alias (case-insensitive; with or without diacritics, as
    the search: ``card("priést")`` is the Cleric, by its alias Priest, when no name or alias
    is spelt so), optionally within set ``set``.

    Returns:
        one row of :func:`cards` as a ``pandas.Series``.
    Raises:
        UnknownCardError: nothing matches (``.candidates`` holds the closest names).
        AmbiguousCardError: several cards match (reprints in several sets, or an alias shared
            by reprints); the message lists them as ``set:name``; pass ``set=``.
    """
    from .search import fold, ufold

    key = str(name).strip().lower()
    in_set = (Card.set_id.in_(select(CardSet.id).where(func.lower(CardSet.code) == str(set).lower()))
              if set is not None else None)

    def named(column, alias_column, value):
        where = or_(column == value, Card.id.in_(select(Alias.card_id).where(alias_column == value)))
        return where if in_set is None else where & in_set

    with open_engine(url).connect() as conn:
        _require_schema(conn)
        rows = _rows(conn, named(ulower(Card.name), ulower(Alias.name), key))
        if not rows:  # the search's folding: without diacritics (Ł -> l, é -> e)
            rows = _rows(conn, named(ufold(Card.name), ufold(Alias.name), fold(key)))
        if not rows:
            every = [n for (n,) in conn.execute(select(Card.name).union(select(Alias.name)))]
            near = close_matches(str(name), every, n=5)
            if not near:
                lowered = {n.lower(): n for n in every}
                near = [lowered[n] for n in close_matches(key, list(lowered), n=5)]
            where_txt = f" in set {set!r}" if set else ""
            hint = f"; closest: {', '.join(near)}" if near else ""
            raise UnknownCardError(f"no card named {name!r}{where_txt}{hint}", near)
    if len(rows) > 1:
        exact = [r for r in rows if r["name"].lower() == key]
        if len(exact) == 1:
            rows = exact
        else:
            cands = [f"{r['set']}:{r['name']}" for r in rows]
            raise AmbiguousCardError(f"{name!r} matches {len(rows)} cards: {', '.join(cands)}; pass set=...", cands)
    return _frame(rows).iloc[0]


def load_specs(sets: Iterable[str] | None = None, query: str | None = None,
               url: str | None = None) -> list[tuple[CardSpec, int]]:
    """Cards as engine specs with their printed copy counts.

    Args:
        sets: set codes to include (``None`` = all sets).
        query: optional search syntax narrowing the cards.
    Returns:
        ``[(CardSpec, copies), ...]`` in set and file order. With ``sets``, a shipped set
        gives only its shipped cards (a designer card kept in one, saved there before
        designer sets existed, is left out: ``load_specs(sets=["munchkin"])`` is the printed
        base game); a designer set gives all of its cards.
    Raises:
        ValueError: an unknown set code (message lists the known ones).
        SearchSyntaxError: bad query.
    """
    compile_query(query or "")  # a syntax error before the database is opened
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        where = compile_query(query or "", conn)  # deck:NAME looked up in this database
        if sets is not None:
            wanted = [str(s).lower() for s in ([sets] if isinstance(sets, str) else sets)]
            known = set(conn.execute(select(CardSet.code)).scalars())
            unknown = [s for s in wanted if s not in known]
            if unknown:
                raise ValueError(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
            where = where & Card.set_id.in_(select(CardSet.id).where(CardSet.code.in_(wanted)))
            where = where & or_(Card.origin == "file",
                                Card.set_id.in_(select(CardSet.id).where(CardSet.origin != "file")))
        rows = _rows(conn, where)
    return [(to_spec(r), int(r["copies"])) for r in rows]


# --------------------------------------------------------------------------- CSV


def _csv_value(col: str, r: dict) -> str:
    if col == "card_id":
        return str(r["id"])
    if col == "fingerprint":
        from .designer import _card_fingerprint, card_dict

        return _card_fingerprint(card_dict(r))
    if col == "tags":
        return json.dumps([n for n, d in r["_tags"] if not d], ensure_ascii=False)
    if col == "aliases":
        return json.dumps(r["_aliases"], ensure_ascii=False)
    v = r[col]
    if col in ("effects", "usable_by", "not_usable_by"):
        return json.dumps(v, ensure_ascii=False, sort_keys=True)
    if isinstance(v, bool):
        return "true" if v else "false"
    return "" if v is None else str(v)


#: The suffix of a card CSV file written by :func:`export_csv` and ``munchkin-lab db export``.
CSV_SUFFIXES = (".csv",)


def export_csv(path: str | Path, url: str | None = None, overwrite: bool = False) -> int:
    """Write every card to a UTF-8 CSV file (columns :data:`CSV_COLUMNS`), atomically: the
    file is written aside and renamed over ``path`` (:func:`munchkin_lab.fileio.atomic_write_text`),
    so an interrupted export leaves the previous file as it was. An existing file is replaced
    only with ``overwrite=True`` (``munchkin-lab db export --force``); without it the final
    rename is exclusive too: a file another program writes at ``path`` meanwhile is never
    replaced.

    Returns:
        number of cards written.
    Raises:
        ValueError: (:class:`munchkin_lab.fileio.OutputFileError`) the file name does not end
            in ``.csv`` (``'cards.txt': export_csv writes CSV: the file name must end in .csv``);
            checked first, as ``db export`` does (nothing is written).
        FileExistsError: ``path`` exists and ``overwrite`` is False (nothing is written);
            :class:`~munchkin_lab.fileio.FileAppearedError` (one) when it appeared while the
            cards were read: that file is kept, the cards are in the error's ``kept`` file
            (``<name>.not-replaced.csv``) and their number in its ``result``.
        CardDataError: no (up-to-date) card database at ``url``.
        OSError: the file cannot be written (its folder must exist); ``path`` is untouched.
    """
    from ..fileio import FileAppearedError, atomic_write_text, refuse_existing

    refuse_existing(path, overwrite, suffixes=CSV_SUFFIXES, what="export_csv writes CSV")

    with open_engine(url).connect() as conn:
        _require_schema(conn)
        rows = _rows(conn, Card.id.is_not(None))
    buf = io.StringIO()
    # rows end in \r\n (RFC 4180): the csv module quotes a cell holding either character
    # of the line terminator only, and a summary may hold a lone \r
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for r in rows:
        w.writerow([_csv_value(c, r) for c in CSV_COLUMNS])
    try:
        atomic_write_text(path, buf.getvalue(), exclusive=not overwrite)
    except FileAppearedError as exc:
        exc.result = len(rows)
        raise
    return len(rows)


#: Cell texts read as "no value" in number, flag, list and code columns: what pandas,
#: spreadsheets and ``str(None)`` write for one (in ``slot``, ``none`` is the slot "none";
#: in the free-text columns ``name``, ``source`` and ``summary`` only an empty cell is).
_NULLS = frozenset({"", "nan", "none", "null", "<na>", "nat"})
_TRUE, _FALSE = frozenset({"true", "1", "1.0", "yes"}), frozenset({"false", "0", "0.0", "no"})


def _is_null(text: str) -> bool:
    return text.strip().lower() in _NULLS


def _whole_number(text: str) -> int:
    """``"10"``, ``"10.0"`` (pandas writes a number column holding blanks as floats),
    ``"1e3"`` -> int. Raises ValueError for anything else (``"10.5"``, ``"ten"``)."""
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        value = float(text)  # ValueError: not a number
        if not value.is_integer():
            raise ValueError(text) from None
        return int(value)


def _parse_csv_row(raw: dict, where: str) -> tuple[dict | None, list[str]]:
    name = raw.get("name") or ""
    who = f"card {name!r}: " if name else ""
    data: dict[str, Any] = {}
    problems: list[str] = []
    checked = all(c in raw for c in CSV_CHECK_COLUMNS)
    for col in CSV_COLUMNS:
        if raw.get(col) is None and (col not in CSV_CHECK_COLUMNS or checked):
            return None, [f"{where}: {who}row has fewer cells than the header (missing {col!r})"]
    card_id = fingerprint = None
    if checked and not _is_null(raw["card_id"]):
        try:
            card_id = _whole_number(raw["card_id"])
        except (ValueError, OverflowError):
            problems.append(f"{where}: {who}card_id: not a whole number: {raw['card_id']!r}")
    if checked and not _is_null(raw["fingerprint"]):
        fingerprint = raw["fingerprint"].strip()
    for col in ("tags", "aliases", "effects", "usable_by", "not_usable_by"):
        text = raw[col].strip()
        try:
            data[col] = json.loads(text) if not _is_null(text) else ([] if col != "effects" else {})
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: {who}{col}: not valid JSON ({exc.msg})")
    for col in ("copies", "level", "treasures", "levels_gained", "bonus", "gold"):
        text = raw[col]
        if _is_null(text):
            if col != "copies":
                data[col] = None
            continue
        try:
            data[col] = _whole_number(text)
        except (ValueError, OverflowError):
            problems.append(f"{where}: {who}{col}: not a whole number: {text!r}")
    for col in ("big", "manual"):
        text = raw[col].strip().lower()
        if text in _TRUE:
            data[col] = True
        elif text in _FALSE or text in _NULLS:
            data[col] = False
        else:
            problems.append(f"{where}: {who}{col}: expected true or false, got {raw[col]!r}")
    for col in ("name", "kind", "deck", "slot", "version", "provenance", "source", "summary"):
        text = raw[col]
        if col in ("name", "source", "summary"):
            # free text: only an empty cell is no value (a summary may well say "None")
            if text != "":
                data[col] = text
        elif col == "slot" and text.strip().lower() == "none":
            data[col] = "none"  # the slot "none" (carried, no slot), as exported; empty = no slot
        elif not _is_null(text):
            data[col] = text.strip()
    origin = "" if _is_null(raw["origin"]) else raw["origin"].strip()
    if origin not in ("", "file", "designer"):
        problems.append(f"{where}: {who}origin: unknown origin {origin!r} (expected file or designer)")
    if _is_null(raw["set"]):
        problems.append(f"{where}: {who}set: required field is missing")
    if problems:
        return None, problems
    try:  # the names its effects refer to: against the database and the whole CSV (_import_plan)
        model = CardFile.model_validate(data, context={"names": None})
    except ValidationError as exc:
        out = []
        for err in exc.errors(include_url=False):
            from .files import _describe

            field, msg = _describe(err)
            out.append(f"{where}: {who}{field + ': ' if field else ''}{msg}")
        return None, out
    return {"set": raw["set"].strip(), "origin": origin, "model": model, "card_id": card_id,
            "fingerprint": fingerprint}, []


class ImportResult(dict):
    """What :func:`import_csv` did (or, in a dry run, would do).

    As a dict: the counts ``{"inserted", "updated", "deleted", "unchanged"}`` (cards).

    Attributes:
        names: the same keys, each a list of ``"set:Name"`` keys, plus ``"kept"``: cards of
            the database missing from the CSV and left alone (merge: all of them; with
            ``replace``: the printed cards of shipped sets, which are never deleted),
            and ``"shipped"``: the updated cards that are shipped (file) cards (the next
            ``db build`` refuses to put their files' values back unless ``discard_edits``),
            and ``"held"``: with ``replace``, the designer cards missing from the CSV that a
            saved deck holds, kept (``"set:Name" (deck 'D')``).
        dry_run: nothing was written.
        replace: designer cards missing from the CSV were (or would be) deleted.
        newer: updated cards (``"set:Name"``) edited in the database after the CSV was
            exported (their fingerprint differs from the export's): the import undoes those
            edits (it is refused unless the caller agreed, ``overwrite_newer``).
        unchecked: updated cards whose rows carry no export fingerprint (a CSV made by hand,
            or by an older lab): whether they were edited since could not be told.
        since: ``"after FILE was exported"``.
        changes: per updated card (its ``"set:Name"`` key, and its entry of ``newer``), the
            fields the CSV changes (:func:`munchkin_lab.cards.designer.card_changes`).
    """

    def __init__(self, names: dict[str, list[str]], dry_run: bool, replace: bool,
                 newer: Iterable[str] = (), unchecked: Iterable[str] = (), since: str = "",
                 changes: Mapping[str, list[str]] | None = None):
        super().__init__({k: len(names[k]) for k in ("inserted", "updated", "deleted", "unchanged")})
        self.names = names
        self.dry_run = dry_run
        self.replace = replace
        self.newer, self.unchecked = list(newer), list(unchecked)
        self.since = since or "after the CSV was exported"
        self.changes = {k: list(v) for k, v in (changes or {}).items()}

    def summary(self, limit: int = 10) -> str:
        """Lines for people: counts with the card names (at most ``limit`` each)."""
        def shown(key: str) -> str:
            names = self.names[key]
            return f" ({listed(names, limit)})" if names and key != "unchanged" else ""

        verb = {"inserted": "added", "updated": "updated", "deleted": "deleted", "unchanged": "unchanged"}
        head = "dry run, nothing written: would be " if self.dry_run else ""
        lines = [head + "; ".join(f"{self[k]} {verb[k]}{shown(k)}" for k in verb)]
        if self.names["kept"] and self.replace:
            n = len(self.names["kept"])
            lines.append(f"{n} printed card{'s' if n != 1 else ''} of shipped sets not in the CSV kept{shown('kept')}: "
                         "replace / --replace deletes designer cards only (a printed card is never deleted in "
                         "the lab, so the shipped sets and the presets built on them never change)")
        elif self.names["kept"]:
            n = len(self.names["kept"])
            lines.append(f"{n} card{'s' if n != 1 else ''} of the database not in the CSV kept{shown('kept')} "
                         "(replace / --replace deletes the designer cards among them)")
        if self.names.get("shipped"):
            n = len(self.names["shipped"])
            lines.append(f"{n} shipped card{'s' if n != 1 else ''} changed{shown('shipped')}: the card files still "
                         "have the printed values, so `munchkin-lab db build` will stop and name "
                         f"{'them' if n != 1 else 'it'} rather than put those back (--discard-edits does)")
        if self.names.get("held"):
            n = len(self.names["held"])
            lines.append(f"{n} designer card{'s' if n != 1 else ''} not in the CSV kept, as saved decks hold "
                         f"{'them' if n != 1 else 'it'}{shown('held')}: take "
                         f"{'them' if n != 1 else 'it'} out of the deck{'s' if n != 1 else ''} to delete")
        if self.newer:
            lines.append(f"note: edited in the database {self.since}, "
                         f"{'would be ' if self.dry_run else ''}set back to the CSV's values: {listed(self.newer, limit)}")
        if self.unchecked:
            n = len(self.unchecked)
            lines.append(f"note: could not check for newer edits of the {n} updated card{'s' if n != 1 else ''}: "
                         f"{'their rows have' if n != 1 else 'its row has'} no card_id/fingerprint of a `db export`, "
                         "so an edit saved in the database after the CSV was made "
                         f"{'would be' if self.dry_run else 'was'} undone without a word (export again and edit that "
                         "to be safe)")
        return "\n".join(lines)


def _header_problem(disp: str, fields: list[str], missing: list[str]) -> str:
    """The message of a CSV header that lacks columns, saying why when it can be told: a file
    separated by another character (``;`` as a spreadsheet in many locales writes it, a tab),
    or a file that is no CSV at all by its name (a set file ``.yaml``, JSON), rather than a
    list of every column as missing."""
    line = ",".join(fields)
    for sep, name in ((";", "semicolons"), ("\t", "tabs"), ("|", "'|'")):
        cells = [c.strip().strip('"') for c in line.split(sep)]
        if len(cells) > 1 and sum(c in CSV_COLUMNS for c in cells) >= len(CSV_COLUMNS) // 2:
            return (f"{disp}:1: the columns are separated by {name}, not by commas: db import reads a CSV as "
                    "db export writes it (comma-separated); save it again with commas (in pandas: "
                    "pd.read_csv(path, sep=...).to_csv(path, index=False))")
    suffix = Path(disp).suffix.lower()
    if suffix in (".yaml", ".yml"):
        return (f"{disp}: not a CSV file: db import reads the CSV of db export; a set file (YAML) goes in with "
                f"`munchkin-lab set import {disp}`")
    if suffix and suffix not in CSV_SUFFIXES:
        return (f"{disp}: not a card CSV (the name ends in {suffix} and the first line has none of the columns "
                f"db export writes): db import reads the CSV of db export") if len(missing) == len(CSV_COLUMNS) \
            else f"{disp}:1: missing column(s) {', '.join(missing)}"
    return f"{disp}:1: missing column(s) {', '.join(missing)}"


def _read_csv_entries(path: Path) -> tuple[list[dict], list[str], bool]:
    """The rows of a card CSV that parse, the problems of those that do not, and whether the
    file has the :data:`CSV_CHECK_COLUMNS` (written by ``db export``).

    Raises:
        CardDataError: the file cannot be read, or its header lacks or adds columns.
    """
    from ..safe_yaml import decode_text

    disp = str(path)
    try:  # bytes, decoded as written: a line break inside a quoted cell (\r, \r\n) is kept
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CardDataError([f"{disp}: cannot read: {exc.strerror or exc}"]) from None
    text, bad = decode_text(data)  # the rule YAML card files follow (a binary file named so)
    if text is None:
        raise CardDataError([f"{disp}:{p.line}: {p.message}" for p in bad])
    reader = csv.DictReader(io.StringIO(text, newline=""))
    fields = reader.fieldnames or []
    index_cols = [c for c in fields if c == "" or re.fullmatch(r"Unnamed: \d+", c)]  # a pandas index
    missing = [c for c in CSV_COLUMNS if c not in fields and c not in CSV_CHECK_COLUMNS]
    if not missing and any(c in fields for c in CSV_CHECK_COLUMNS):
        missing = [c for c in CSV_CHECK_COLUMNS if c not in fields]  # both or neither
    if missing:
        raise CardDataError([_header_problem(disp, fields, missing)])
    extra = [c for c in fields if c not in CSV_COLUMNS and c not in index_cols]
    if extra:
        raise CardDataError([f"{disp}:1: unknown column(s) {', '.join(extra)}"])
    problems: list[str] = []
    entries = []
    for raw in reader:
        where = f"{disp}:{reader.line_num}"
        if None in raw:
            problems.append(f"{where}: row has more cells than the header")
            continue
        entry, errs = _parse_csv_row(raw, where)
        problems += errs
        if entry is not None:
            entry["where"] = where
            entries.append(entry)
    return entries, problems, all(c in fields for c in CSV_CHECK_COLUMNS)


def _in_line_order(problems: list[str], disp: str) -> list[str]:
    """``problems`` with those naming a line of ``disp`` (``FILE:LINE: ...``) sorted by line
    (as ``db check`` and ``set import`` list them), then the others (the whole file's, such as
    the advice on missing sets) in their order."""
    import re

    at = re.compile(re.escape(disp) + r":(\d+): ")
    numbered = [(int(m.group(1)), n, p) for n, p in enumerate(problems) if (m := at.match(p))]
    return [p for *_k, p in sorted(numbered)] + [p for p in problems if not at.match(p)]


def _import_plan(conn: Connection, entries: list[dict], problems: list[str], replace: bool, disp: str) -> dict:
    """Validate ``entries`` against the database and work out what to change (no writes).

    Raises:
        CardDataError: ``problems`` (from parsing) plus every problem found here.
    """
    st, tt = CardSet.__table__, Tag.__table__
    problems = list(problems)
    set_ids, shipped = {}, set()
    for sid, code, origin in conn.execute(select(st.c.id, st.c.code, st.c.origin)):
        set_ids[code] = sid
        if origin == "file":
            shipped.add(code)
    tags = {key: (tid, name) for tid, key, name in conn.execute(select(tt.c.id, tt.c.key, tt.c.name))}
    derived_keys = {d.lower() for d in DERIVED_TAGS}
    seen: dict[tuple[str, str], str] = {}
    missing_sets: set[str] = set()
    missing_tags: set[str] = set()
    for e in entries:
        m, who = e["model"], f"{e['where']}: card {e['model'].name!r}: "
        if e["set"] not in set_ids:
            problems.append(f"{who}set: unknown set {e['set']!r}")
            missing_sets.add(e["set"])
        k = (e["set"], m.name.lower())
        if k in seen:
            problems.append(f"{who}name: duplicate card in set {e['set']!r} (first at {seen[k]})")
        seen.setdefault(k, e["where"])
        for t in m.tags:
            if t.lower() not in tags and t.lower() not in derived_keys:
                problems.append(f"{who}tags: undeclared tag {t!r}")
                missing_tags.add(t)
        for msg in effect_problems(m.effects):
            problems.append(f"{who}effects: {msg}")
    if missing_sets or missing_tags:  # a CSV carries cards only: what to do, once
        what = ", ".join([f"set {c!r}" for c in sorted(missing_sets)] + [f"tag {t!r}" for t in sorted(missing_tags)])
        problems.append(f"{disp}: {what} not in this database: a CSV carries cards only, not designer sets nor the "
                        "tags they declare; bring the sets in first with `munchkin-lab set import FILE.yaml` (a file "
                        "written by `munchkin-lab set export CODE FILE.yaml` from the database the CSV came from) or "
                        "`munchkin-lab set new CODE NAME`, then import the CSV again")
    # the names the effects refer to (Races, Classes, tags, card names): the database's and the CSV's
    from .designer import known_names
    from .effect_schema import name_problems

    known = known_names(conn, cards=[(e["model"].name, e["model"].kind) for e in entries])
    for e in entries:
        problems += [f"{e['where']}: card {e['model'].name!r}: {msg}" for msg in name_problems(e["model"], known)]
    # each row's stored card (designer.matched_rows, as `set import` reads a set file): by set
    # and name, else the one card of the set whose name differs only in case, accents, spacing
    # or punctuation (the same card renamed); else the card of the row's card_id (below); else
    # the card the row names as an alias (renamed elsewhere, its former name kept), else the
    # one designer card that holds the row's name as its own alias (renamed here since: an
    # older CSV's name is that card, an edit, not a new card that shadows its alias).
    #
    # The card_id of a `db export` row whose name no stored card of its set has counts when
    # it is a stored designer card of that set that no row names and that was changed in the
    # database after the export (its fingerprint is not the row's): that card, renamed since,
    # not a new one (and an edit since the export: the import asks). A row copied from an
    # unchanged card and given another name is a new card, as before; a printed card's name
    # is its file's.
    from .designer import _card_fingerprint, card_dict, matched_rows

    stored = _rows(conn, Card.id.is_not(None))
    by_set: dict[str, list] = {}
    for r in stored:
        by_set.setdefault(r["set"], []).append(r)
    by_id = {r["id"]: r for r in stored if r["origin"] != "file"}

    def moved(e: dict) -> int | None:  # the row's card_id, when it counts (above)
        r = by_id.get(e["card_id"]) if e.get("card_id") is not None else None
        ok = r is not None and r["set"] == e["set"] and _card_fingerprint(card_dict(r)) != e["fingerprint"]
        return r["id"] if ok else None

    matched = {code: matched_rows(rows, [e["model"].name for e in entries if e["set"] == code],
                                  {e["model"].name: [a.name for a in e["model"].aliases]
                                   for e in entries if e["set"] == code},
                                  {e["model"].name: moved(e) for e in entries if e["set"] == code})
               for code, rows in by_set.items()}
    olds = [matched.get(e["set"], {}).get(e["model"].name) for e in entries]
    for e, old in zip(entries, olds):
        if old is None and e["set"] in shipped:
            problems.append(f"{e['where']}: card {e['model'].name!r}: set: {e['set']!r} is a shipped set: a new card "
                            "goes into a designer set (munchkin-lab set new CODE NAME), so that presets never change")
        if old is not None and e["origin"] and e["origin"] != old["origin"]:
            problems.append(f"{e['where']}: card {e['model'].name!r}: origin: the database has it as "
                            f"{old['origin']!r}; an import cannot change where a card comes from")
    # alias clashes against the cards as they will be: the CSV's, plus the kept ones
    wanted_ids = {old["id"] for old in olds if old is not None}
    missing = [r for r in stored if r["id"] not in wanted_ids]
    # replace deletes designer cards only: a printed (file) card of a shipped set is never
    # deleted in the lab (as `cards delete`), so shipped sets and their presets never change
    gone = [r for r in missing if r["origin"] != "file"] if replace else []
    kept = [r for r in missing if r["origin"] == "file"] if replace else missing
    # nor is a card a saved deck holds: it is kept, and the summary names the deck
    held: list[tuple[dict, str]] = []
    if gone:
        in_decks = dict(conn.execute(
            select(DeckEntry.card_id, Deck.name).join(Deck, Deck.id == DeckEntry.deck_id)
            .where(DeckEntry.card_id.in_([r["id"] for r in gone]))).all())
        held = [(r, in_decks[r["id"]]) for r in gone if r["id"] in in_decks]
        gone = [r for r in gone if r["id"] not in in_decks]
    # a designer card's new name or alias may not shadow a printed card or alias, nor another
    # designer card (the designer rule, folded case and diacritics: cards/designer.py)
    from .designer import _shadow_problems, _taken_names

    same, fresh = [], []  # designer cards of the CSV as stored / new or with other names
    for e, old in zip(entries, olds):
        if e["set"] in shipped or e["set"] not in set_ids:
            continue
        names_now = (e["model"].name, [a.name for a in e["model"].aliases])
        unchanged = old is not None and names_now == (old["name"], [a["name"] for a in old["_aliases"]])
        (same if unchanged else fresh).append((*names_now, f"{e['where']}: card {e['model'].name!r}"))
    if fresh:  # only the new names are refused: a database's old clash does not block a round trip
        mine = [old["id"] for e, old in zip(entries, olds) if e["set"] not in shipped and old is not None]
        taken = _taken_names(conn, mine + ([r["id"] for r in gone] if replace else []))
        whos = tuple(f"{who}: " for *_, who in fresh)
        problems += [p for p in _shadow_problems(same + fresh, taken) if p.startswith(whos)]
    stay = kept + [r for r, _ in held]
    problems += alias_problems(
        [(e["model"].name, e["set"]) for e in entries] + [(r["name"], r["set"]) for r in stay],
        [(e["model"].name, e["set"], a.name, e["where"]) for e in entries for a in e["model"].aliases]
        + [(r["name"], r["set"], a["name"], f"{disp}: (kept card {r['set']}:{r['name']})")
           for r in stay for a in r["_aliases"]])
    if problems:
        raise CardDataError(_in_line_order(problems, disp))
    return {"set_ids": set_ids, "tags": tags, "olds": olds, "gone": gone, "kept": kept, "held": held}


def _desired(e: dict, tags: dict) -> tuple[dict, list[str], list[str], list[dict]]:
    """(column values, explicit tag names, derived tag names, aliases) a CSV entry asks for.
    A card whose effects the engine cannot run (:func:`munchkin_lab.cards.designer.engine_notes`:
    a ``manual`` op, a short form it lacks) is stored ``manual`` whatever its ``manual`` cell
    says, as every designer save stores it: never a card the board would silently skip."""
    from .designer import engine_notes

    m = e["model"]
    values = {f: getattr(m, f) for f in _CARD_FIELDS}
    if "manual" in values and not values["manual"] and engine_notes(m.effects, m.kind, m.version, m.name):
        values["manual"] = True
    for f in ("usable_by", "not_usable_by", "effects"):
        values[f] = json.loads(json.dumps(values[f]))
    explicit = list(dict.fromkeys(tags[t.lower()][1] if t.lower() in tags else t for t in m.tags))
    derived = [d for d in derived_tags(m.kind, m.big, m.slot, m.version) if d not in explicit]
    aliases = [{"name": a.name, "language": a.language} for a in m.aliases]
    return values, explicit, derived, aliases


def import_csv(path: str | Path, url: str | None = None, *, replace: bool = False,
               dry_run: bool = False, expect_deleted: Iterable[str] | None = None,
               overwrite_newer: bool = False, expect_newer: Iterable[str] | None = None) -> ImportResult:
    """Merge a CSV (as written by :func:`export_csv`, or by pandas from a frame of it) into the
    card database.

    Each row inserts or updates the card of that set and name (case-insensitive; failing
    that, the one card of the set whose name differs only in accents, spacing or
    punctuation: the same card renamed, as ``set import`` reads it): changed
    cards are updated (``row_version`` + 1), new cards inserted (as ``origin='designer'``:
    only the data files make file cards, and ``db build`` would drop a file card they lack;
    a new card must name a designer set, never a shipped one, so that presets never change),
    identical ones left alone. Cards of the database that the CSV does not list are kept,
    unless ``replace=True``: then the designer cards among them are deleted (a card used by a
    saved deck is never deleted: it is kept, and ``.names["held"]`` and the summary say so). The printed (file) cards of shipped sets
    are never deleted, with or without ``replace`` (as ``cards delete``: shipped sets and
    the presets built on them never change); ``.names["kept"]`` lists them. Run with
    ``dry_run=True`` first to see what would change.

    A CSV written by :func:`export_csv` carries each card's id and fingerprint
    (:data:`CSV_CHECK_COLUMNS`): a card edited in the database after that export (its
    fingerprint differs, and it is not as the last ``set import`` of its set wrote it: a CSV
    of another database, where the card was edited, undoes nothing edited here), which the
    import would change, takes the CSV's values only with
    ``overwrite_newer=True``; otherwise the import is refused with
    :class:`munchkin_lab.cards.designer.SetConsentError` (the rule and wording of
    ``set import``). A row whose name the set no longer has is the card of its ``card_id``
    (renamed since), not a new card; so is, with or without a ``card_id``, the designer card
    that kept the row's name as its alias when renamed here, and the card a row names among
    its aliases (``set import``'s matching: :func:`munchkin_lab.cards.designer.matched_rows`).
    A CSV without those columns is imported as before, and
    ``.unchecked`` (and the summary) says that it could not be checked.

    An untouched :func:`export_csv` file imported back changes nothing. Cells as pandas
    writes them read back: ``10.0`` in a number column, ``True``/``False``, empty cells and
    ``nan`` as no value (in ``slot``, ``none`` is the slot "none"; in ``name``, ``source``
    and ``summary`` only an empty cell is no value); a leading index column (``Unnamed: 0``)
    is ignored.
    Validation covers fields, declared tags, known sets, duplicates, alias clashes,
    designer names (a new designer card's name or alias may not shadow a printed card or
    alias, nor another designer card, case and diacritics folded, as in ``cards add``) and
    effects; sets and tags are not created (they come from the data files). Everything is
    checked before anything is written, and the changes are one transaction (on PostgreSQL
    with the card tables locked against other writers).

    Args:
        path: the CSV file (UTF-8, a byte-order mark is accepted).
        replace: delete the designer cards the CSV does not list (never a printed card).
        dry_run: only work out and return what would change; nothing is written.
        expect_deleted: with ``replace``, the ``"set:Name"`` keys a dry run showed as to be
            deleted (and the user agreed to): the import is refused if it would now delete
            any other card (someone changed the database in between).
        overwrite_newer: set cards edited in the database after the export back to the
            CSV's values (default: refuse).
        expect_newer: with ``overwrite_newer``, the ``"set:Name"`` keys a dry run showed as
            edited since the export: refused if the import would now undo any other card's edits.
    Returns:
        :class:`ImportResult`: ``{"inserted", "updated", "deleted", "unchanged"}`` counts,
        with the card names in ``.names`` (and ``.names["kept"]``: not in the CSV, kept).
    Raises:
        CardDataError: any problem, reported as ``path:line: card 'Name': field: message``
            (or a deletion beyond ``expect_deleted``); nothing is written.
    """
    path = Path(path)
    allowed = None if expect_deleted is None else set(expect_deleted)
    disp = str(path)
    entries, parse_problems, _checked = _read_csv_entries(path)
    since = f"after {disp} was exported"
    allowed_newer = None if expect_newer is None else set(expect_newer)
    engine = open_engine(url)

    def names(rows) -> list[str]:
        return [f"{r['set']}:{r['name']}" for r in rows]

    def plan_result(plan: dict, conn: Connection) -> tuple[dict, list]:
        tags = plan["tags"]
        imported: dict[str, dict[str, str]] = {}

        def last_import(code: str) -> dict[str, str]:  # the set's cards as its last `set import` wrote them
            if code not in imported:
                imported[code] = _imported_fingerprints(conn, code)
            return imported[code]

        out = {"inserted": [], "updated": [], "deleted": [], "unchanged": [], "kept": [], "shipped": [],
               "held": [f"{r['set']}:{r['name']} (deck {d!r})" for r, d in plan["held"]], "newer": [], "newer_updated": [], "unchecked": []}
        changes: dict[str, list[str]] = {}  # per updated card (and newer name), the fields it changes
        todo = []
        for e, old in zip(entries, plan["olds"]):
            m = e["model"]
            values, explicit, derived, aliases = _desired(e, tags)
            key = f"{e['set']}:{m.name}"
            if old is None:
                out["inserted"].append(key)
                todo.append((e, None, values, explicit, derived, aliases))
                continue
            have_tags = sorted((n.lower(), d) for n, d in old["_tags"])
            want_tags = sorted([(t.lower(), False) for t in explicit] + [(t.lower(), True) for t in derived])
            changed = {f: v for f, v in values.items() if old[f] != v}
            if m.name != old["name"]:
                changed["name"] = m.name
            if not changed and have_tags == want_tags and old["_aliases"] == aliases:
                out["unchanged"].append(key)
                continue
            out["updated"].append(key)
            changes[key] = card_changes(card_dict(old), card_dict(
                {**old, **values, "name": m.name, "_aliases": aliases,
                 "_tags": [(t, False) for t in explicit] + [(t, True) for t in derived]}))
            if e.get("fingerprint") is None:
                out["unchecked"].append(key)
            elif (fp := _card_fingerprint(card_dict(old))) != e["fingerprint"] and \
                    fp != last_import(e["set"]).get(old["name"].lower()):
                # edited here since the export, unless the stored card is as the last `set import`
                # of its set wrote it (as set import tells it): a CSV exported from another
                # database, where the card was edited, is not undoing an edit made here
                # (the database's name: what the user knows)
                shown = key if old["name"] == m.name else f"{e['set']}:{old['name']} (named {m.name!r} in the CSV)"
                out["newer"].append(shown)
                changes[shown] = changes[key]
                out["newer_updated"].append(key)
            if old["origin"] == "file":
                out["shipped"].append(key)
            todo.append((e, old, changed, explicit, derived, aliases))
        out["deleted"], out["kept"] = names(plan["gone"]), names(plan["kept"])
        return out, todo, changes

    from .designer import (SetConsentError, _card_fingerprint, _consent_refused, _imported_fingerprints,
                           card_changes, card_dict)

    def result(out: dict, dry: bool, changes: dict[str, list[str]]) -> ImportResult:
        return ImportResult(out, dry_run=dry, replace=replace, newer=out["newer"], unchecked=out["unchecked"],
                            since=since, changes=changes)

    if dry_run:
        with engine.connect() as conn:
            _require_schema(conn)
            out, _, changes = plan_result(_import_plan(conn, entries, parse_problems, replace, disp), conn)
        return result(out, True, changes)

    def work(conn: Connection) -> dict:
        from .build import TABLES

        _require_schema(conn)
        config.lock_tables(conn, TABLES)
        plan = _import_plan(conn, entries, parse_problems, replace, disp)
        out, todo, changes = plan_result(plan, conn)
        surprise = [k for k in out["deleted"] if allowed is not None and k not in allowed]
        if surprise:
            raise CardDataError([f"{disp}: would also delete {', '.join(surprise)}, not shown before "
                                 "(the database changed meanwhile); nothing was written: run the import again"])
        newer = out["newer"]
        if newer and not overwrite_newer:
            # a card renamed in the database since is listed once, under its newer entry
            others = [k for k in out["updated"] if k not in out["newer_updated"]]
            raise _consent_refused(None, disp, [], newer, newer + others, since, csv=True, changes=changes)
        extra = [k for k in newer if allowed_newer is not None and k not in allowed_newer]
        if extra:
            raise SetConsentError(f"{disp}: the database changed since the preview: the import would now also "
                                  f"undo the database edits of {', '.join(extra)}; nothing was written, run it again",
                                  [], extra)
        _apply_import(conn, plan, todo, replace)
        written.clear()
        written.update(changes)
        return out

    from . import designer

    written: dict[str, list[str]] = {}  # the fields of the cards the import changed

    def saved(out: dict) -> str:
        return f"the import of {disp} was saved: {result(out, False, written).summary()}"

    # deck catalogs cached in this process see the renamed and new cards (after=)
    return result(config.run_write(engine, work, saved=saved, after=lambda: designer._forget_caches()), False,
                  written)


def _apply_import(conn: Connection, plan: dict, todo: list, replace: bool) -> None:
    ct, tt, lt, at = Card.__table__, Tag.__table__, CardTagLink.__table__, Alias.__table__
    set_ids, tags = plan["set_ids"], plan["tags"]

    def tag_id(name: str) -> int:
        key = name.lower()
        if key not in tags:  # derived tag not yet stored
            tid = conn.execute(insert(tt).returning(tt.c.id),
                               {"name": DERIVED_TAGS.get(name, name), "key": key,
                                "description": "derived by the loader"}).scalar_one()
            tags[key] = (tid, name)
        return tags[key][0]

    if replace and plan["gone"]:
        ids = [r["id"] for r in plan["gone"]]
        conn.execute(delete(lt).where(lt.c.card_id.in_(ids)))
        conn.execute(delete(at).where(at.c.card_id.in_(ids)))
        conn.execute(delete(ct).where(ct.c.id.in_(ids)))
    max_pos = dict(conn.execute(select(ct.c.set_id, func.max(ct.c.position)).group_by(ct.c.set_id)).all())
    for e, old, values, explicit, derived, aliases in todo:
        m = e["model"]
        if old is None:
            sid = set_ids[e["set"]]
            max_pos[sid] = (max_pos.get(sid) if max_pos.get(sid) is not None else -1) + 1
            cid = conn.execute(insert(ct).returning(ct.c.id), {
                **values, "origin": "designer", "name": m.name, "set_id": sid,
                "position": max_pos[sid], "row_version": 1,
            }).scalar_one()
        else:
            cid = old["id"]
            conn.execute(update(ct).where(ct.c.id == cid).values(**values, row_version=ct.c.row_version + 1))
            conn.execute(delete(lt).where(lt.c.card_id == cid))
            conn.execute(delete(at).where(at.c.card_id == cid))
        links = sorted({(tag_id(t), False) for t in explicit} | {(tag_id(t), True) for t in derived})
        if links:
            conn.execute(insert(lt), [{"card_id": cid, "tag_id": t, "derived": d} for t, d in links])
        if aliases:
            conn.execute(insert(at), [{"card_id": cid, **a} for a in aliases])
