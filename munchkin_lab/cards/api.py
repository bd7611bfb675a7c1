"""Python API of the card database: pandas frames, single lookups, CSV round trips, specs.

Every function takes ``url=None`` (resolved by :func:`munchkin_lab.config.database_url`).
"""
from __future__ import annotations

import csv
import difflib
import io
import json
from pathlib import Path
from typing import Any, Iterable

import pandas as pd
from pydantic import ValidationError
from sqlalchemy import Connection, Select, delete, func, insert, inspect, or_, select, update

from .. import config
from ..config import ulower
from ..engine.cards import CardSpec
from .build import alias_problems, derived_tags, effect_problems
from .errors import AmbiguousCardError, CardDataError, UnknownCardError
from .files import DERIVED_TAGS, CardFile
from .models import Alias, Card, CardSet, CardTagLink, DeckEntry, Tag
from .search import compile_query
from .spec import to_spec

#: Columns of :func:`cards` in order.
COLUMNS = ["set", "name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus",
           "slot", "big", "gold", "version", "tags", "aliases", "provenance", "source", "summary",
           "manual", "effects", "usable_by", "not_usable_by", "origin"]
_INT_COLUMNS = ["copies", "level", "treasures", "levels_gained", "bonus", "gold"]
#: Columns of the CSV written by :func:`export_csv` (``tags``: explicit tags only, JSON list;
#: ``aliases``: JSON list of ``{"name", "language"}``; ``effects``/``usable_by``/
#: ``not_usable_by``: JSON).
CSV_COLUMNS = ["set", "name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus",
               "slot", "big", "gold", "version", "tags", "aliases", "provenance", "source", "summary",
               "manual", "effects", "usable_by", "not_usable_by", "origin"]
_CARD_FIELDS = ["kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot", "big",
                "gold", "version", "usable_by", "not_usable_by", "provenance", "source", "summary",
                "effects", "manual"]


def open_engine(url: str | None = None):
    """The SQLAlchemy engine of an existing card database.

    The embedded default (``database/munchkin-lab.sqlite``, used when neither ``url`` nor
    ``$DATABASE_URL`` is given) is built from the data files on first use when it is missing.
    Any other SQLite file that does not exist is an error and nothing is created (connecting
    would create the folder and an empty file).

    Raises:
        CardDataError: an explicit SQLite URL whose file does not exist, or invalid data files
            while building the default database.
    """
    missing = config.missing_sqlite_file(url)
    if missing is not None:
        if config.database_url(url) == config.default_url():
            from .build import build

            build()
        else:
            raise CardDataError([f"{config.database_url(url)}: no card database here (file {missing} "
                                 "does not exist); run `munchkin-lab db build` first"])
    return config.get_engine(url)


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


def cards(query: str = "", url: str | None = None) -> pd.DataFrame:
    """Search the card database; one row per card.

    Args:
        query: search syntax (see :mod:`munchkin_lab.cards.search`); ``""`` = every card.
        url: database URL (default: ``$DATABASE_URL`` or the SQLite file).
    Returns:
        DataFrame with columns :data:`COLUMNS`: numbers as nullable ``Int64`` (gold in Gold
        Pieces), ``tags`` and ``aliases`` as lists of str, ``effects`` as dict, ordered by set
        and file order.
    Raises:
        SearchSyntaxError: the query cannot be parsed.
        CardDataError: the database has not been built.
    """
    where = compile_query(query)
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        return _frame(_rows(conn, where))


def _require_schema(conn: Connection) -> None:
    if not _has_schema(conn):
        raise CardDataError([f"{conn.engine.url.render_as_string(hide_password=True)}: "
                             "no card database here; run `munchkin-lab db build` first"])


def card(name: str, set: str | None = None, url: str | None = None) -> pd.Series:
    """Look one card up by name or alias (case-insensitive), optionally within set ``set``.

    Returns:
        one row of :func:`cards` as a ``pandas.Series``.
    Raises:
        UnknownCardError: nothing matches (``.candidates`` holds the closest names).
        AmbiguousCardError: several cards match (reprints in several sets, or an alias shared
            by reprints); the message lists them as ``set:name``; pass ``set=``.
    """
    key = str(name).strip().lower()
    where = or_(ulower(Card.name) == key,
                Card.id.in_(select(Alias.card_id).where(ulower(Alias.name) == key)))
    if set is not None:
        where = where & Card.set_id.in_(select(CardSet.id).where(func.lower(CardSet.code) == str(set).lower()))
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        rows = _rows(conn, where)
        if not rows:
            every = [n for (n,) in conn.execute(select(Card.name).union(select(Alias.name)))]
            near = difflib.get_close_matches(str(name), every, n=5, cutoff=0.6)
            if not near:
                lowered = {n.lower(): n for n in every}
                near = [lowered[n] for n in difflib.get_close_matches(key, list(lowered), n=5, cutoff=0.6)]
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
        ``[(CardSpec, copies), ...]`` in set and file order.
    Raises:
        ValueError: an unknown set code (message lists the known ones).
        SearchSyntaxError: bad query.
    """
    where = compile_query(query or "")
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        if sets is not None:
            wanted = [str(s).lower() for s in ([sets] if isinstance(sets, str) else sets)]
            known = set(conn.execute(select(CardSet.code)).scalars())
            unknown = [s for s in wanted if s not in known]
            if unknown:
                raise ValueError(f"unknown set(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
            where = where & Card.set_id.in_(select(CardSet.id).where(CardSet.code.in_(wanted)))
        rows = _rows(conn, where)
    return [(to_spec(r), int(r["copies"])) for r in rows]


# --------------------------------------------------------------------------- CSV


def _csv_value(col: str, r: dict) -> str:
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


def export_csv(path: str | Path, url: str | None = None) -> int:
    """Write every card to a UTF-8 CSV file (columns :data:`CSV_COLUMNS`).

    Returns:
        number of cards written.
    """
    with open_engine(url).connect() as conn:
        _require_schema(conn)
        rows = _rows(conn, Card.id.is_not(None))
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in rows:
        w.writerow([_csv_value(c, r) for c in CSV_COLUMNS])
    Path(path).write_text(buf.getvalue(), encoding="utf-8")
    return len(rows)


def _parse_csv_row(raw: dict, where: str) -> tuple[dict | None, list[str]]:
    name = raw.get("name") or ""
    who = f"card {name!r}: " if name else ""
    data: dict[str, Any] = {}
    problems: list[str] = []
    for col in CSV_COLUMNS:
        if col not in raw:
            return None, [f"{where}: missing column {col!r}"]
    for col in ("tags", "aliases", "effects", "usable_by", "not_usable_by"):
        text = raw[col].strip()
        try:
            data[col] = json.loads(text) if text else ([] if col != "effects" else {})
        except json.JSONDecodeError as exc:
            problems.append(f"{where}: {who}{col}: not valid JSON ({exc.msg})")
    for col in ("copies", "level", "treasures", "levels_gained", "bonus", "gold"):
        text = raw[col].strip()
        if text == "":
            if col != "copies":
                data[col] = None
            continue
        try:
            data[col] = int(text)
        except ValueError:
            problems.append(f"{where}: {who}{col}: not a whole number: {text!r}")
    for col in ("big", "manual"):
        text = raw[col].strip().lower()
        if text not in ("true", "false", ""):
            problems.append(f"{where}: {who}{col}: expected true or false, got {raw[col]!r}")
        data[col] = text == "true"
    for col in ("name", "kind", "deck", "slot", "version", "provenance", "source", "summary"):
        text = raw[col]
        if text != "":
            data[col] = text
    origin = raw["origin"].strip() or "file"
    if origin not in ("file", "designer"):
        problems.append(f"{where}: {who}origin: unknown origin {origin!r} (expected file or designer)")
    if problems:
        return None, problems
    try:
        model = CardFile.model_validate(data)
    except ValidationError as exc:
        out = []
        for err in exc.errors(include_url=False):
            from .files import _describe

            field, msg = _describe(err)
            out.append(f"{where}: {who}{field + ': ' if field else ''}{msg}")
        return None, out
    return {"set": raw["set"].strip(), "origin": origin, "model": model}, []


def import_csv(path: str | Path, url: str | None = None) -> dict[str, int]:
    """Replace the cards of the database with the content of a CSV from :func:`export_csv`.

    Validates everything first (fields, declared tags, known sets, duplicates, alias clashes,
    effects), then applies the difference in one transaction: changed cards are updated
    (``row_version`` + 1), new cards inserted, cards missing from the CSV deleted. Sets and
    tags are not created: they come from the data files.

    Returns:
        ``{"inserted", "updated", "deleted", "unchanged"}``.
    Raises:
        CardDataError: any problem, reported as ``path:line: card 'Name': field: message``;
            nothing is written.
    """
    path = Path(path)
    disp = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError([f"{disp}: cannot read: {exc}"]) from None
    reader = csv.DictReader(io.StringIO(text))
    problems: list[str] = []
    if reader.fieldnames is None or [c for c in CSV_COLUMNS if c not in reader.fieldnames]:
        missing = [c for c in CSV_COLUMNS if c not in (reader.fieldnames or [])]
        raise CardDataError([f"{disp}:1: missing column(s) {', '.join(missing)}"])
    extra = [c for c in reader.fieldnames if c not in CSV_COLUMNS]
    if extra:
        raise CardDataError([f"{disp}:1: unknown column(s) {', '.join(extra)}"])
    entries = []
    for raw in reader:
        where = f"{disp}:{reader.line_num}"
        entry, errs = _parse_csv_row(raw, where)
        problems += errs
        if entry is not None:
            entry["where"] = where
            entries.append(entry)

    engine = open_engine(url)
    with engine.begin() as conn:
        _require_schema(conn)
        st, ct, tt, lt, at = (CardSet.__table__, Card.__table__, Tag.__table__,
                              CardTagLink.__table__, Alias.__table__)
        set_ids = {code: sid for sid, code in conn.execute(select(st.c.id, st.c.code))}
        tags = {key: (tid, name) for tid, key, name in conn.execute(select(tt.c.id, tt.c.key, tt.c.name))}
        derived_keys = {d.lower() for d in DERIVED_TAGS}
        seen: dict[tuple[str, str], str] = {}
        for e in entries:
            m, who = e["model"], f"{e['where']}: card {e['model'].name!r}: "
            if e["set"] not in set_ids:
                problems.append(f"{who}set: unknown set {e['set']!r}")
            k = (e["set"], m.name.lower())
            if k in seen:
                problems.append(f"{who}name: duplicate card in set {e['set']!r} (first at {seen[k]})")
            seen.setdefault(k, e["where"])
            for t in m.tags:
                if t.lower() not in tags and t.lower() not in derived_keys:
                    problems.append(f"{who}tags: undeclared tag {t!r}")
            for msg in effect_problems(m.effects):
                problems.append(f"{who}effects: {msg}")
        problems += alias_problems(
            [(e["model"].name, e["set"]) for e in entries],
            [(e["model"].name, e["set"], a.name, e["where"]) for e in entries for a in e["model"].aliases])
        if problems:
            raise CardDataError(problems)

        existing = {(r["set"], r["name"].lower()): r for r in _rows(conn, Card.id.is_not(None))}
        wanted_keys = {(e["set"], e["model"].name.lower()) for e in entries}
        gone = [r for k, r in existing.items() if k not in wanted_keys]
        if gone:
            in_decks = set(conn.execute(select(DeckEntry.card_id).where(
                DeckEntry.card_id.in_([r["id"] for r in gone]))).scalars())
            for r in gone:
                if r["id"] in in_decks:
                    problems.append(f"{disp}: card {r['name']!r}: set {r['set']!r}: missing from the CSV "
                                    "but used by a saved deck")
        if problems:
            raise CardDataError(problems)

        def tag_id(name: str) -> int:
            key = name.lower()
            if key not in tags:  # derived tag not yet stored
                tid = conn.execute(insert(tt).returning(tt.c.id),
                                   {"name": DERIVED_TAGS.get(name, name), "key": key,
                                    "description": "derived by the loader"}).scalar_one()
                tags[key] = (tid, name)
            return tags[key][0]

        counts = {"inserted": 0, "updated": 0, "deleted": len(gone), "unchanged": 0}
        if gone:
            conn.execute(delete(ct).where(ct.c.id.in_([r["id"] for r in gone])))
        max_pos = dict(conn.execute(select(ct.c.set_id, func.max(ct.c.position)).group_by(ct.c.set_id)).all())
        for e in entries:
            m = e["model"]
            values = {f: getattr(m, f) for f in _CARD_FIELDS}
            values["origin"] = e["origin"]
            explicit = [tags[t.lower()][1] if t.lower() in tags else t for t in m.tags]
            explicit = list(dict.fromkeys(explicit))
            derived = [d for d in derived_tags(m.kind, m.big, m.slot, m.version) if d not in explicit]
            want_tags = sorted([(tag_id(t), False) for t in explicit] + [(tag_id(t), True) for t in derived])
            want_aliases = [{"name": a.name, "language": a.language} for a in m.aliases]
            old = existing.get((e["set"], m.name.lower()))
            if old is None:
                sid = set_ids[e["set"]]
                max_pos[sid] = max_pos.get(sid, -1) + 1
                cid = conn.execute(insert(ct).returning(ct.c.id), {
                    **values, "name": m.name, "set_id": sid, "position": max_pos[sid], "row_version": 1,
                }).scalar_one()
                counts["inserted"] += 1
            else:
                cid = old["id"]
                have_tags = sorted((tags[t.lower()][0], d) for t, d in old["_tags"])
                changed = {f: v for f, v in values.items() if old[f] != v}
                if m.name != old["name"]:
                    changed["name"] = m.name
                if not changed and have_tags == want_tags and old["_aliases"] == want_aliases:
                    counts["unchanged"] += 1
                    continue
                conn.execute(update(ct).where(ct.c.id == cid)
                             .values(**changed, row_version=ct.c.row_version + 1))
                conn.execute(delete(lt).where(lt.c.card_id == cid))
                conn.execute(delete(at).where(at.c.card_id == cid))
                counts["updated"] += 1
            if want_tags:
                conn.execute(insert(lt), [{"card_id": cid, "tag_id": t, "derived": d} for t, d in want_tags])
            if want_aliases:
                conn.execute(insert(at), [{"card_id": cid, **a} for a in want_aliases])
    return counts
