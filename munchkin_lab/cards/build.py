"""Validate the card files and build the database from them.

``load_files()`` reads ``database/tags.yaml`` and ``database/sets/*.yaml``, validates
everything and raises :class:`CardDataError` with every problem found. ``build()`` validates
first, then writes: for a SQLite file it builds a fresh file next to the target and swaps it
in with ``os.replace`` (a failed build leaves the old file untouched); for other URLs it
rewrites the tables in one transaction (rolled back on error). Designer cards
(``origin='designer'``) and decks survive a rebuild.
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import Connection, delete, insert, inspect, select

from .. import config
from ..engine import effects as _effects
from .errors import CardDataError
from .files import DERIVED_TAGS, CardFile, SetFile, SetHeader, TagsFile, read_yaml, validation_problems
from .models import Alias, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


@dataclass
class TagInfo:
    """A tag to store: display ``name``, ``description``, declaring set (None = tags.yaml)."""

    name: str
    description: str | None = None
    declared_in: str | None = None


@dataclass
class LoadedCard:
    """A validated card: its set code, the file model, canonical tag names and source line."""

    set_code: str
    card: CardFile
    tags: list[str]
    derived: list[str]
    position: int
    where: str


@dataclass
class CardData:
    """Everything read from the files, validated (``tags`` keyed by lower-case name)."""

    tags: dict[str, TagInfo] = field(default_factory=dict)
    sets: list[SetHeader] = field(default_factory=list)
    cards: list[LoadedCard] = field(default_factory=list)


def derived_tags(kind: str, big: bool, slot: str | None, version: str | None) -> list[str]:
    """Tags the loader adds from card fields (One-Shot, Big, Vehicle, Portal, Dungeon, V1/V2)."""
    out = []
    if kind == "one_shot":
        out.append("One-Shot")
    if big:
        out.append("Big")
    if slot == "vehicle":
        out.append("Vehicle")
    if kind == "portal":
        out.append("Portal")
    if kind == "dungeon":
        out.append("Dungeon")
    if version in ("V1", "V2"):
        out.append(version)
    return out


def effect_problems(effects: dict) -> list[str]:
    """Problems from ``engine.effects.validate_effects`` when that validator exists, else []."""
    validator = getattr(_effects, "validate_effects", None)
    if validator is None or not effects:
        return []
    try:
        return [str(p) for p in (validator(effects) or [])]
    except Exception as exc:  # a validator crash must not hide the card
        return [f"effect validator failed: {exc!r}"]


def _display(path: Path, data_dir: Path) -> str:
    try:
        return str(path.relative_to(data_dir.parent))
    except ValueError:
        return str(path)


def load_files(data_dir: str | Path | None = None) -> CardData:
    """Read and validate every card file under ``data_dir`` (default ``database/``).

    Returns:
        :class:`CardData` with sets in file-name order and cards in file order.
    Raises:
        CardDataError: listing every problem (``path:line: card 'Name': field: message``).
    """
    data_dir = Path(data_dir) if data_dir else config.DATABASE_DIR
    if not data_dir.is_dir():
        what = "is not a folder" if data_dir.exists() else "not found"
        raise CardDataError([f"{data_dir}: data folder {what} (it holds tags.yaml and sets/)"])
    problems: list[str] = []
    data = CardData()
    for name in DERIVED_TAGS:
        data.tags[name.lower()] = TagInfo(name, f"derived by the loader ({DERIVED_TAGS[name]})")

    tags_path = data_dir / "tags.yaml"
    if not tags_path.exists():
        problems.append(f"{_display(tags_path, data_dir)}: file missing")
    else:
        doc, errs = read_yaml(tags_path, _display(tags_path, data_dir))
        problems += errs
        if doc is not None:
            try:
                tf = TagsFile.model_validate(doc.data if doc.data is not None else {})
            except ValidationError as exc:
                problems += validation_problems(doc, exc, ("tags",))
            else:
                for t in tf.tags:
                    data.tags[t.name.lower()] = TagInfo(t.name, t.description)

    set_files: list[tuple[SetFile, Any, str]] = []
    for path in sorted((data_dir / "sets").glob("*.yaml")):
        disp = _display(path, data_dir)
        doc, errs = read_yaml(path, disp)
        problems += errs
        if doc is None:
            continue
        try:
            sf = SetFile.model_validate(doc.data if doc.data is not None else {})
        except ValidationError as exc:
            problems += validation_problems(doc, exc)
            continue
        set_files.append((sf, doc, disp))

    codes: dict[str, str] = {}
    for sf, doc, disp in set_files:
        if sf.set.code in codes:
            problems.append(f"{disp}:{doc.line_of(('set', 'code'))}: set: code: duplicate set code "
                            f"{sf.set.code!r} (also in {codes[sf.set.code]})")
        codes.setdefault(sf.set.code, disp)
        for t in sf.tags:
            data.tags.setdefault(t.name.lower(), TagInfo(t.name, t.description, sf.set.code))
    for sf, doc, disp in set_files:
        for req in sf.set.requires:
            if req not in codes:
                problems.append(f"{disp}:{doc.line_of(('set', 'requires'))}: set: requires: unknown set {req!r}")

    global_tags = {k for k, v in data.tags.items() if v.declared_in is None}
    aliases: list[tuple[str, str, str, LoadedCard, int]] = []
    for sf, doc, disp in set_files:
        code = sf.set.code
        allowed = global_tags | {t.name.lower() for t in sf.tags}
        seen: dict[str, int] = {}
        data.sets.append(sf.set)
        for i, c in enumerate(sf.cards):
            where = f"{disp}:{doc.line_of(('cards', i))}"
            who = f"card {c.name!r}"
            key = c.name.lower()
            if key in seen:
                problems.append(f"{where}: {who}: name: duplicate card in set {code!r} "
                                f"(first at line {seen[key]})")
                continue
            seen[key] = doc.line_of(("cards", i))
            canon: list[str] = []
            for j, t in enumerate(c.tags):
                tk = t.lower()
                if tk not in allowed and tk not in {d.lower() for d in DERIVED_TAGS}:
                    line = doc.line_of(("cards", i, "tags", j))
                    problems.append(f"{disp}:{line}: {who}: tags: undeclared tag {t!r} "
                                    f"(declare it in tags.yaml or in this set's tags:)")
                    continue
                name = data.tags[tk].name
                if name not in canon:
                    canon.append(name)
            derived = [d for d in derived_tags(c.kind, c.big, c.slot, c.version) if d not in canon]
            for msg in effect_problems(c.effects):
                problems.append(f"{disp}:{doc.line_of(('cards', i, 'effects'))}: {who}: effects: {msg}")
            lc = LoadedCard(code, c, canon, derived, i, where)
            data.cards.append(lc)
            for j, a in enumerate(c.aliases):
                line = doc.line_of(("cards", i, "aliases", j))
                aliases.append((a.name.lower(), a.name, f"{disp}:{line}", lc, j))

    problems += alias_problems([(lc.card.name, lc.set_code) for lc in data.cards],
                               [(a[3].card.name, a[3].set_code, a[1], a[2]) for a in aliases])

    if problems:
        raise CardDataError(problems)
    return data


def alias_problems(cards: list[tuple[str, str]], aliases: list[tuple[str, str, str, str]]) -> list[str]:
    """Alias clashes across cards.

    Args:
        cards: ``(card name, set code)`` of every card.
        aliases: ``(card name, set code, alias, where)`` for every alias of every card.
    Returns:
        ``"where: card 'A': aliases: alias 'X' clashes with card 'B' (set)"`` lines. An alias
        may repeat on cards of identical name (reprints across sets) and may equal its own
        card's name.
    """
    names: dict[str, list[tuple[str, str]]] = {}
    for name, code in cards:
        names.setdefault(name.lower(), []).append((name, code))
    problems: list[str] = []
    owner: dict[str, list[tuple[str, str]]] = {}
    for card, code, alias, where in aliases:
        own, key = card.lower(), alias.lower()
        if key == own:
            continue
        clash = [f"card {n!r} ({s})" for n, s in names.get(key, []) if n.lower() != own]
        clash += [f"an alias of card {n!r} ({s})" for n, s in owner.get(key, []) if n.lower() != own]
        if clash:
            problems.append(f"{where}: card {card!r}: aliases: alias {alias!r} clashes with "
                            + ", ".join(dict.fromkeys(clash)))
        owner.setdefault(key, []).append((card, code))
    return problems


# --------------------------------------------------------------------------- migrations


def upgrade(connection: Connection) -> None:
    """Run ``alembic upgrade head`` on ``connection`` (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


def init_db(url: str | None = None) -> None:
    """Create or migrate the schema of ``url`` (``alembic upgrade head``), no data."""
    engine = config.get_engine(url)
    with engine.begin() as conn:
        upgrade(conn)


# --------------------------------------------------------------------------- snapshot


@dataclass
class Snapshot:
    """Rows that survive a rebuild: designer cards and decks (cards named by set and name)."""

    designer_cards: list[dict] = field(default_factory=list)
    decks: list[dict] = field(default_factory=list)


_CARD_COLS = [c.name for c in Card.__table__.columns if c.name not in ("id", "set_id")]


def take_snapshot(conn: Connection) -> Snapshot:
    """Read designer cards and decks from an existing database (empty when no schema)."""
    snap = Snapshot()
    names = set(inspect(conn).get_table_names())
    if "card" not in names:
        return snap
    ct, st = Card.__table__, CardSet.__table__
    rows = conn.execute(
        select(ct, st.c.code.label("set_code")).join(st, st.c.id == ct.c.set_id).where(ct.c.origin == "designer")
    ).mappings().all()
    for r in rows:
        tags = conn.execute(
            select(Tag.__table__.c.name, Tag.__table__.c.description, Tag.__table__.c.declared_in,
                   CardTagLink.__table__.c.derived)
            .join(CardTagLink.__table__, CardTagLink.__table__.c.tag_id == Tag.__table__.c.id)
            .where(CardTagLink.__table__.c.card_id == r["id"])
        ).mappings().all()
        al = conn.execute(
            select(Alias.__table__.c.name, Alias.__table__.c.language)
            .where(Alias.__table__.c.card_id == r["id"]).order_by(Alias.__table__.c.id)
        ).mappings().all()
        snap.designer_cards.append({
            "row": {k: r[k] for k in _CARD_COLS}, "set_code": r["set_code"],
            "tags": [dict(t) for t in tags], "aliases": [dict(a) for a in al],
        })
    dt, et = Deck.__table__, DeckEntry.__table__
    for d in conn.execute(select(dt).order_by(dt.c.id)).mappings().all():
        entries = conn.execute(
            select(et.c.copies, et.c.pile, ct.c.name, st.c.code)
            .join(ct, ct.c.id == et.c.card_id).join(st, st.c.id == ct.c.set_id)
            .where(et.c.deck_id == d["id"])
        ).mappings().all()
        snap.decks.append({"row": dict(d), "entries": [dict(e) for e in entries]})
    return snap


# --------------------------------------------------------------------------- writing


def _card_row(lc: LoadedCard, set_id: int) -> dict:
    c = lc.card
    return {
        "set_id": set_id, "name": c.name, "kind": c.kind, "deck": c.deck, "copies": c.copies,
        "level": c.level, "treasures": c.treasures, "levels_gained": c.levels_gained,
        "bonus": c.bonus, "slot": c.slot, "big": c.big, "gold": c.gold, "version": c.version,
        "usable_by": list(c.usable_by), "not_usable_by": list(c.not_usable_by),
        "provenance": c.provenance, "source": c.source, "summary": c.summary,
        "effects": dict(c.effects), "manual": c.manual, "origin": "file",
        "position": lc.position, "row_version": 1,
    }


def write_data(conn: Connection, data: CardData, snap: Snapshot) -> dict[str, int]:
    """Replace the file-built content of the database on ``conn`` (schema must exist).

    Deletes sets, tags, cards, aliases, tag links and deck entries, inserts ``data``, then
    restores ``snap`` (designer cards and decks; deck rows are kept when they exist).

    Returns:
        counts ``{"sets", "cards", "tags", "designer_cards", "decks"}``.
    Raises:
        CardDataError: a designer card or deck entry no longer fits the data.
    """
    for table in (DeckEntry, CardTagLink, Alias, Card, Tag, CardSet):
        conn.execute(delete(table.__table__))
    st, tt, ct = CardSet.__table__, Tag.__table__, Card.__table__
    set_ids: dict[str, int] = {}
    for pos, s in enumerate(data.sets):
        set_ids[s.code] = conn.execute(
            insert(st).returning(st.c.id),
            {**s.model_dump(), "requires": list(s.requires), "position": pos},
        ).scalar_one()
    tag_ids: dict[str, int] = {}

    def tag_id(name: str, description: str | None = None, declared_in: str | None = None) -> int:
        key = name.lower()
        if key not in tag_ids:
            tag_ids[key] = conn.execute(
                insert(tt).returning(tt.c.id),
                {"name": name, "key": key, "description": description, "declared_in": declared_in},
            ).scalar_one()
        return tag_ids[key]

    for key, info in data.tags.items():
        tag_id(info.name, info.description, info.declared_in)

    rows = [_card_row(lc, set_ids[lc.set_code]) for lc in data.cards]
    card_ids: list[int] = []
    if rows:
        card_ids = list(conn.execute(insert(ct).returning(ct.c.id, sort_by_parameter_order=True), rows).scalars())
    links, alias_rows = [], []
    for cid, lc in zip(card_ids, data.cards):
        links += [{"card_id": cid, "tag_id": tag_ids[t.lower()], "derived": False} for t in lc.tags]
        links += [{"card_id": cid, "tag_id": tag_ids[t.lower()], "derived": True} for t in lc.derived]
        alias_rows += [{"card_id": cid, "name": a.name, "language": a.language} for a in lc.card.aliases]

    problems: list[str] = []
    key_to_id = {(lc.set_code, lc.card.name): cid for cid, lc in zip(card_ids, data.cards)}
    for dc in snap.designer_cards:
        r, code = dc["row"], dc["set_code"]
        if code not in set_ids:
            problems.append(f"designer card {r['name']!r}: set: set {code!r} is no longer in the data")
            continue
        if (code, r["name"]) in key_to_id:
            problems.append(f"designer card {r['name']!r}: name: a card of that name now exists in set {code!r}")
            continue
        cid = conn.execute(insert(ct).returning(ct.c.id), {**r, "set_id": set_ids[code]}).scalar_one()
        key_to_id[(code, r["name"])] = cid
        for t in dc["tags"]:
            links.append({"card_id": cid, "tag_id": tag_id(t["name"], t["description"], t["declared_in"]),
                          "derived": t["derived"]})
        alias_rows += [{"card_id": cid, **a} for a in dc["aliases"]]
    if links:
        conn.execute(insert(CardTagLink.__table__), links)
    if alias_rows:
        conn.execute(insert(Alias.__table__), alias_rows)

    dt, et = Deck.__table__, DeckEntry.__table__
    existing = set(conn.execute(select(dt.c.id)).scalars())
    entry_rows = []
    for d in snap.decks:
        if d["row"]["id"] not in existing:
            conn.execute(insert(dt), d["row"])
        for e in d["entries"]:
            cid = key_to_id.get((e["code"], e["name"]))
            if cid is None:
                problems.append(f"deck {d['row']['name']!r}: entries: card {e['code']}:{e['name']} "
                                f"is no longer in the data")
                continue
            entry_rows.append({"deck_id": d["row"]["id"], "card_id": cid, "copies": e["copies"], "pile": e["pile"]})
    if entry_rows:
        conn.execute(insert(et), entry_rows)
    if problems:
        raise CardDataError(problems)
    return {"sets": len(set_ids), "cards": len(card_ids), "tags": len(tag_ids),
            "designer_cards": len(snap.designer_cards), "decks": len(snap.decks)}


def _checkpoint(path: Path) -> None:
    """Fold a leftover WAL into ``path`` so that no stale ``-wal`` file outlives a swap."""
    if not Path(f"{path}-wal").exists():
        return
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        con.close()


def build(url: str | None = None, data_dir: str | Path | None = None) -> dict[str, int]:
    """Validate the card files and (re)build the database at ``url``; idempotent.

    Args:
        url: SQLAlchemy URL (default: ``$DATABASE_URL`` or ``database/munchkin-lab.sqlite``).
        data_dir: folder with ``tags.yaml`` and ``sets/`` (default ``database/``).
    Returns:
        counts ``{"sets", "cards", "tags", "designer_cards", "decks"}``.
    Raises:
        CardDataError: invalid files (nothing written; the old database is untouched).
    """
    data = load_files(data_dir)
    resolved = config.database_url(url)
    path = config.sqlite_path(resolved)
    if path is None:
        engine = config.get_engine(resolved)
        with engine.begin() as conn:  # one transaction: rolled back on any error
            upgrade(conn)
            return write_data(conn, data, take_snapshot(conn))

    path = path.resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    snap = Snapshot()
    if path.exists():
        old = config.create_db_engine(f"sqlite:///{path}")
        try:
            with old.connect() as conn:
                snap = take_snapshot(conn)
        finally:
            old.dispose()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".building.sqlite", dir=path.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    os.chmod(tmp_path, (path.stat().st_mode & 0o777) if path.exists() else 0o644)
    try:
        engine = config.create_db_engine(f"sqlite:///{tmp_path}")
        try:
            with engine.begin() as conn:
                upgrade(conn)
                counts = write_data(conn, data, snap)
            with engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            engine.dispose()
        config.dispose_engine(resolved)
        _checkpoint(path) if path.exists() else None
        os.replace(tmp_path, path)
        for suffix in ("-wal", "-shm"):
            Path(f"{tmp_path}{suffix}").unlink(missing_ok=True)
        return counts
    except BaseException:
        for p in (tmp_path, Path(f"{tmp_path}-wal"), Path(f"{tmp_path}-shm")):
            p.unlink(missing_ok=True)
        raise


def check(data_dir: str | Path | None = None) -> CardData:
    """Validate the card files without writing anything (see :func:`load_files`)."""
    return load_files(data_dir)
