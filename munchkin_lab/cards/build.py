"""Validate the card files and build the database from them.

``load_files()`` reads ``database/tags.yaml`` and ``database/sets/*.yaml``, validates
everything and raises :class:`CardDataError` with every problem found. ``build()`` validates
first, then brings the live database in line with the files in one transaction (rolled back
on any error, so a failed build leaves the database exactly as it was), never by replacing
the file, so it is safe while notebooks, widgets or scripts have the database open. Designer
cards (``origin='designer'``), designer sets and decks are left as they are. :func:`check_schema`
is how every reader refuses a missing, outdated or unreadable database with a message naming
``munchkin-lab db build``; :func:`check_fresh` warns (:class:`StaleDatabaseWarning`) when the
card files changed since the database was built from them (:func:`fingerprint`).
"""
from __future__ import annotations

import contextlib
import functools
import glob
import hashlib
import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from pydantic import ValidationError
from sqlalchemy import Connection, delete, func, insert, inspect, select, text, update

from .. import config
from ..engine import effects as _effects
from .errors import CardDataError, NoDatabaseError, UnreadableDatabaseError
from .files import DERIVED_TAGS, CardFile, SetFile, SetHeader, TagFile, TagsFile, read_yaml, validation_problems
from .models import Alias, BuildInfo, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag

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
    """Everything read from the files, validated (``tags`` keyed by lower-case name).
    ``by_hand``: filled by :func:`check` only: the cards resolved by hand on the board (those
    of the files and, when the database exists, its designer cards), see :func:`hand_cards`;
    ``idle``: the database's designer cards that do nothing in play, :func:`idle_cards`."""

    tags: dict[str, TagInfo] = field(default_factory=dict)
    sets: list[SetHeader] = field(default_factory=list)
    cards: list[LoadedCard] = field(default_factory=list)
    by_hand: list["HandCard"] = field(default_factory=list)
    #: filled by :func:`check` only: the cards that do nothing in play (:func:`idle_cards`)
    idle: list["HandCard"] = field(default_factory=list)
    #: filled by :func:`check` only: the cards with an ability that never runs (:func:`deaf_cards`)
    deaf: list["HandCard"] = field(default_factory=list)


@dataclass(frozen=True)
class HandCard:
    """A card :func:`check` lists: one the engine hands to a person (``manual``,
    :func:`hand_cards`) or one that does nothing in play (:func:`idle_cards`): ``set_code``,
    ``name``, ``origin`` (``file`` or ``designer``) and ``why`` (the notes ``cards add`` gives:
    :func:`munchkin_lab.cards.designer.by_hand_why`, :func:`~munchkin_lab.cards.designer.idle_notes`)."""

    set_code: str
    name: str
    origin: str
    why: tuple[str, ...]


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


def _display(path: Path, data_dir: Path | None = None) -> str:
    """``path`` as a reader can open it from the current folder: relative to the current
    folder when it lies inside it, else as given (``data_dir`` is kept for callers)."""
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except (ValueError, OSError):  # elsewhere, or the current folder is gone
            return str(path)
    return str(path)


def file_names(docs: list[Any], tags: Any = ()) -> Any:
    """The names effects may refer to when ``docs`` (parsed set files, :class:`YamlDoc`) are
    the whole card data: every card (``name``, ``kind``) and every tag they declare, the tags
    of ``tags.yaml`` (``tags``: names) and the derived tags - nothing else (a test folder's
    sets stand alone). Read from the raw data, so a card with other problems still counts."""
    from .effect_schema import names_of
    from ..engine.lang.names import Names

    cards: list = []
    declared: list = list(tags) + list(DERIVED_TAGS)
    for doc in docs:
        raw = doc.data if isinstance(doc.data, dict) else {}
        cards += raw.get("cards") if isinstance(raw.get("cards"), list) else []
        declared += raw.get("tags") if isinstance(raw.get("tags"), list) else []
    return names_of(cards, declared, base=Names())


def _validate_set_file(doc: Any, names: Any = None) -> tuple[SetHeader | None, list[TagFile], list[tuple[int, CardFile | dict]], list[str]]:
    """Validate a set file card by card: ``(header, tags, [(index, card)], problems)``. The
    header and the ``tags:`` are checked apart from the cards, and each card apart from the
    others, so one bad card hides neither the other cards' problems nor the checks that need
    valid cards (duplicates, tags, aliases). A card the schema refuses (its problems listed)
    comes as its raw mapping when it has a name, so that its name and tags are still checked
    against the others. ``header`` is None when it is invalid. ``names``: what the names in the
    cards' effects must name (:func:`file_names`; None: the shipped sets' names)."""
    ctx = {"names": names} if names is not None else None
    raw = doc.data if doc.data is not None else {}
    cards_raw = raw.get("cards") if isinstance(raw, dict) else None
    if not isinstance(raw, dict) or not isinstance(cards_raw, list):
        try:  # not a mapping, or cards: is not a list: the whole-file message says so
            sf = SetFile.model_validate(raw, context=ctx)
        except ValidationError as exc:
            return None, [], [], validation_problems(doc, exc)
        return sf.set, list(sf.tags), list(enumerate(sf.cards)), []
    problems: list[str] = []
    header: SetHeader | None = None
    tags: list[TagFile] = []
    try:
        top = SetFile.model_validate({**raw, "cards": []})
    except ValidationError as exc:  # reported above; keep what is valid for the card checks
        problems += validation_problems(doc, exc)
        try:
            header = SetHeader.model_validate(raw.get("set"))
        except ValidationError:
            header = None
        for t in raw.get("tags") if isinstance(raw.get("tags"), list) else []:
            try:
                tags.append(TagFile.model_validate(t))
            except ValidationError:
                pass
    else:
        header, tags = top.set, list(top.tags)
    cards: list[tuple[int, CardFile | dict]] = []
    for i, c in enumerate(cards_raw):
        try:
            cards.append((i, CardFile.model_validate(c, context=ctx)))
        except ValidationError as exc:
            problems += validation_problems(doc, exc, at=("cards", i))
            if isinstance(c, dict) and isinstance(c.get("name"), str) and c["name"].strip():
                cards.append((i, c))  # invalid: still checked for a duplicate name and its tags
    return header, tags, cards, problems


def duplicate_cards(names: Iterable[tuple[int, Any]]) -> dict[int, int]:
    """The cards whose name an earlier card of the same set has (names compared
    case-insensitively; a name that is no string is skipped: the schema tells it).

    Args:
        names: ``(index, name)`` of the set's cards in file order (valid cards and cards the
            schema refused alike: a bad card hides no duplicate).
    Returns:
        ``{index of a repeat: index of the first card of that name}``.
    """
    seen: dict[str, int] = {}
    repeats: dict[int, int] = {}
    for i, name in names:
        if not isinstance(name, str) or not name.strip():
            continue
        first = seen.setdefault(name.lower(), i)
        if first != i:
            repeats[i] = first
    return repeats


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
    tag_names: list[str] = []
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
                    tag_names.append(t.name)

    docs = []
    for path in sorted((data_dir / "sets").glob("*.yaml")):
        disp = _display(path, data_dir)
        doc, errs = read_yaml(path, disp)
        problems += errs
        if doc is not None:
            docs.append((doc, disp, path.stem))
    names = file_names([d for d, _disp, _stem in docs], tag_names)
    set_files: list[tuple[SetHeader | None, list[TagFile], list[tuple[int, CardFile]], Any, str, str]] = []
    for doc, disp, stem in docs:
        header, set_tags, cards, errs = _validate_set_file(doc, names)
        problems += errs
        set_files.append((header, set_tags, cards, doc, disp, stem))

    codes: dict[str, str] = {}
    for header, set_tags, _cards, doc, disp, stem in set_files:
        if header is not None:
            if header.code in codes:
                problems.append(f"{disp}:{doc.line_of(('set', 'code'))}: set: code: duplicate set code "
                                f"{header.code!r} (also in {codes[header.code]})")
            codes.setdefault(header.code, disp)
        for t in set_tags:
            data.tags.setdefault(t.name.lower(), TagInfo(t.name, t.description, header.code if header else stem))
    for header, _tags, _cards, doc, disp, _stem in set_files:
        for req in header.requires if header is not None else ():
            if req not in codes:
                from ..suggest import did_you_mean

                problems.append(f"{disp}:{doc.line_of(('set', 'requires'))}: set: requires: unknown set {req!r}"
                                f"{did_you_mean(req, codes)}")

    global_tags = {k for k, v in data.tags.items() if v.declared_in is None}
    aliases: list[tuple[str, str, str, LoadedCard, int]] = []
    for header, set_tags, cards, doc, disp, stem in set_files:
        code = header.code if header is not None else stem  # an invalid header: checked as the file's stem
        allowed = global_tags | {t.name.lower() for t in set_tags}
        if header is not None:
            data.sets.append(header)
        repeats = duplicate_cards((i, c["name"] if isinstance(c, dict) else c.name) for i, c in cards)
        for i, c in cards:
            where = f"{disp}:{doc.line_of(('cards', i))}"
            raw = c if isinstance(c, dict) else None  # refused by the schema (reported)
            name = raw["name"] if raw is not None else c.name
            who = f"card {name!r}"
            duplicate = i in repeats
            if duplicate:  # reported, and still checked below (a bad card hides no check)
                problems.append(f"{where}: {who}: name: duplicate card in set {code!r} "
                                f"(first at line {doc.line_of(('cards', repeats[i]))})")
            if raw is not None:
                card_tags = raw.get("tags") if isinstance(raw.get("tags"), list) else []
                for j, t in enumerate(card_tags):
                    if isinstance(t, str) and t.lower() not in allowed and t.lower() not in {d.lower() for d in DERIVED_TAGS}:
                        problems.append(f"{disp}:{doc.line_of(('cards', i, 'tags', j))}: {who}: tags: undeclared tag "
                                        f"{t!r} (declare it in tags.yaml or in this set's tags:)")
                continue
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
            if duplicate:
                continue
            lc = LoadedCard(code, c, canon, derived, i, where)
            data.cards.append(lc)
            for j, a in enumerate(c.aliases):
                line = doc.line_of(("cards", i, "aliases", j))
                aliases.append((a.name.lower(), a.name, f"{disp}:{line}", lc, j))

    problems += alias_problems([(lc.card.name, lc.set_code) for lc in data.cards],
                               [(a[3].card.name, a[3].set_code, a[1], a[2]) for a in aliases])

    if problems:
        raise CardDataError(_by_place(problems))
    return data


def _by_place(problems: list[str]) -> list[str]:
    """Problems grouped by file (in the order the files were first named) and by line."""
    import re

    order: dict[str, int] = {}
    keyed = []
    for n, p in enumerate(problems):
        m = re.match(r"(.*?):(\d+): ", p)
        path, line = (m.group(1), int(m.group(2))) if m else (p.split(": ", 1)[0], 0)
        keyed.append((order.setdefault(path, len(order)), line, n, p))
    return [p for *_k, p in sorted(keyed)]


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


def _alembic_config():
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    return cfg


def upgrade(connection: Connection) -> None:
    """Run ``alembic upgrade head`` on ``connection`` (inside its transaction)."""
    from alembic import command

    cfg = _alembic_config()
    cfg.attributes["connection"] = connection
    command.upgrade(cfg, "head")


@functools.lru_cache(maxsize=1)
def head_revision() -> str:
    """The Alembic head revision of this package's migrations (e.g. ``"0002"``)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config()).get_current_head()


def schema_problem(conn: Connection) -> str | None:
    """What keeps the database on ``conn`` from being used, or ``None`` when its schema is
    the one this package needs (Alembic revision :func:`head_revision`).

    Returns:
        ``"no card database here"`` (no ``card`` table), ``"the card database is outdated
        (schema revision R; this munchkin-lab needs H)"``, or a note that the revision is
        unknown (a newer munchkin-lab made it).
    """
    names = set(inspect(conn).get_table_names())
    if "card" not in names:
        return "no card database here"
    revs = []
    if "alembic_version" in names:
        revs = list(conn.execute(text("SELECT version_num FROM alembic_version")).scalars())
    head = head_revision()
    if revs == [head]:
        return None
    from alembic.script import ScriptDirectory

    known = {r.revision for r in ScriptDirectory.from_config(_alembic_config()).walk_revisions()}
    if revs and not set(revs) <= known:
        return (f"the card database has schema revision {', '.join(revs)}, unknown to this "
                f"munchkin-lab (head {head}): a newer version made it")
    return (f"the card database is outdated (schema revision {', '.join(revs) or 'none'}; "
            f"this munchkin-lab needs {head})")


def init_db(url: str | None = None) -> None:
    """Create or migrate the schema of ``url`` (``alembic upgrade head``), no data."""
    def work(conn: Connection) -> None:
        _serialize_builds(conn)
        upgrade(conn)

    config.run_write(config.get_engine(url), work)
    _schema_ok.discard(config.database_url(url))


# --------------------------------------------------------------------------- checked schemas

#: What to keep before a damaged card database is rebuilt: a rebuilt database has no designer
#: cards and no saved decks.
#: A CSV export is no such copy: it carries neither the designer sets' headers nor the tags
#: they declare, so it does not import into a rebuilt database; set files and bundles do.
_BACKUP_FIRST = ("keep a copy first (copy the database file somewhere safe, or, while it still reads, "
                 "`munchkin-lab set export CODE CODE.yaml` for each designer set (`munchkin-lab set list`) and "
                 "`munchkin-lab deck bundle NAME NAME.yaml` for each saved deck (`munchkin-lab deck list`); "
                 "`set import` / `deck import-bundle` bring them back): a rebuilt database has no "
                 "designer cards and no saved decks")


def unreadable_hint(problem: str, dialect: str = "sqlite", read_only: str | None = None,
                    path: Path | None = None) -> str:
    """The advice after ``cannot read the card database (<problem>)``; never advice that loses
    data. A disk I/O error or a full disk says what may have happened (a full disk, a file-size
    limit such as ``ulimit -f``) and that nothing was changed; a damaged file says to keep a copy
    before anything is rebuilt; a server database says to check the URL and the server.
    A SQLite file opened read-only (``read_only``: :func:`munchkin_lab.config.sqlite_read_only`,
    ``path`` its file) says why it is read-only and, when a ``-wal`` file beside it holds
    changes not yet in the file, that reading them needs a ``-shm`` file SQLite cannot create."""
    low = problem.lower()
    if dialect != "sqlite":
        return "check the URL and the server; `munchkin-lab db build` creates the schema"
    if read_only is not None:
        wal = path.with_name(path.name + "-wal") if path is not None else None
        if wal is not None and wal.exists():
            return (f"it is opened read-only because {read_only}, and {wal.name} beside it holds changes not "
                    f"yet in the file, which SQLite reads only through {path.name}-shm, a file it may not "
                    "create there: someone who may write the folder can fold them into the file by running "
                    "any munchkin-lab command on it (e.g. `munchkin-lab db stats`); the file was not changed")
        return f"it is opened read-only because {read_only}; the file was not changed"
    if "readonly" in low:
        return ("the file or its folder is read-only for this user (SQLite creates -wal and -shm files "
                "beside the file); the file was not changed")
    if "disk i/o" in low or "full" in low or "file too large" in low:
        return ("the disk may be full or a file-size limit (ulimit -f) was hit; the database file itself "
                "is probably fine and was not changed: check the free space and the limits, then try again")
    if "locked" in low or "busy" in low:
        return "another program is writing it; try again"
    return (f"the file may be damaged: {_BACKUP_FIRST}; then move the file away and run "
            "`munchkin-lab db build`")


#: What to check when a database server cannot be reached (a connection refused, a host
#: that does not resolve, a refused login).
SERVER_HINT = ("check the URL (host, port, database name, user, password) and that the server is running and "
               "accepts connections; nothing was read or written")


def _first_line(exc) -> str:
    """The driver's message of a database error, first line only (no SQL, no traceback)."""
    return (str(exc.orig if exc.orig is not None else exc).strip().splitlines() or ["?"])[0]


def _unreadable(engine, shown: str, exc) -> UnreadableDatabaseError:
    """``cannot read the card database (<driver's words>); <advice>`` for ``engine``."""
    first = _first_line(exc)
    sqlite = engine.dialect.name == "sqlite"
    hint = unreadable_hint(first, engine.dialect.name, config.read_only_reason(engine),
                           config.sqlite_path(shown) if sqlite else None)
    return UnreadableDatabaseError(f"{shown}: cannot read the card database ({first}); {hint}")


#: The driver's words for a SQLite file that is not a (whole) database.
_DAMAGED = ("file is not a database", "database disk image is malformed")


@contextlib.contextmanager
def _damaged_said(engine):
    """Within the block, a SQLite file that is not a database (or a damaged one) is the
    :class:`UnreadableDatabaseError` the readers raise (:func:`_unreadable`: keep a copy
    first, then rebuild), not a bare ``database error``; other errors pass unchanged."""
    from sqlalchemy.exc import DatabaseError

    try:
        yield
    except DatabaseError as exc:
        if engine.dialect.name != "sqlite" or not any(w in _first_line(exc).lower() for w in _DAMAGED):
            raise
        raise _unreadable(engine, config.shown_url(engine), exc) from None


_schema_ok: set[str] = set()


def check_schema(engine, url: str | None = None) -> None:
    """Raise unless the database of ``engine`` has the schema this package needs; checked once
    per process and URL (a failure is checked again next time).

    Raises:
        CardDataError: no schema, an outdated or unknown schema revision; the message says
            to run ``munchkin-lab db build``.
        UnreadableDatabaseError: (a ``CardDataError``) a server that cannot be reached, or a
            file that cannot be read (damaged, read-only where SQLite must create a file):
            the message says what to check, and never advice that loses data.
    """
    from sqlalchemy.exc import DBAPIError

    resolved = config.database_url(url)
    if resolved in _schema_ok:
        return
    shown = config.shown_url(engine)
    server = engine.dialect.name != "sqlite"
    try:
        conn = engine.connect()
    except DBAPIError as exc:
        if server:  # never reached the database: nothing about its cards is known
            raise UnreadableDatabaseError(f"{shown}: cannot connect to the database server ({_first_line(exc)}); "
                                          f"{SERVER_HINT}") from None
        raise _unreadable(engine, shown, exc) from None
    try:
        with conn:
            problem = schema_problem(conn)
    except DBAPIError as exc:
        raise _unreadable(engine, shown, exc) from None
    if problem is not None:
        if problem.startswith("no card database"):
            raise NoDatabaseError(shown, "no card tables in it")
        raise CardDataError([f"{shown}: {problem}; run `{config.build_command(resolved)}` (it migrates the schema and keeps "
                             "designer cards and decks)"])
    _schema_ok.add(resolved)


# --------------------------------------------------------------------------- writing

#: What a Ctrl-C once a build has committed says was saved (:class:`config.CommittedInterrupt`).
BUILD_SAVED = "the build had finished; the new database is saved"
#: Tables a rebuild writes or must see unchanged, in the order they are locked.
TABLES = ("card_set", "tag", "card", "card_tag_link", "alias", "deck", "deck_entry")
_BUILD_LOCK = 0x6D6C6162  # "mlab": PostgreSQL advisory lock serializing builds and migrations


def _serialize_builds(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _BUILD_LOCK})


def _plain(value: Any) -> Any:
    """``value`` as it comes back from a JSON column (tuples become lists)."""
    return json.loads(json.dumps(value))


def _card_row(lc: LoadedCard, set_id: int) -> dict:
    c = lc.card
    return {
        "set_id": set_id, "name": c.name, "kind": c.kind, "deck": c.deck, "copies": c.copies,
        "level": c.level, "treasures": c.treasures, "levels_gained": c.levels_gained,
        "bonus": c.bonus, "slot": c.slot, "big": c.big, "gold": c.gold, "version": c.version,
        "usable_by": _plain(list(c.usable_by)), "not_usable_by": _plain(list(c.not_usable_by)),
        "provenance": c.provenance, "source": c.source, "summary": c.summary,
        "effects": _plain(dict(c.effects)), "manual": c.manual, "origin": "file",
        "position": lc.position,
    }


#: Card fields a file card's digest covers (everything a user can change in the database).
_DIGEST_FIELDS = ("name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot",
                  "big", "gold", "version", "usable_by", "not_usable_by", "provenance", "source", "summary",
                  "effects", "manual")


def card_digest(values: Any, tags: Any, aliases: Any) -> str:
    """A short SHA-256 (16 hex digits) of one card's content as stored: the
    :data:`_DIGEST_FIELDS` of ``values`` (a card row), ``tags`` as ``(tag key, derived)``
    pairs and ``aliases`` as ``(name, language)`` pairs (in order). :func:`build` stores the
    digest of every file card it wrote (``build_info`` key ``cards``), so that the next build
    can tell a card edited in the database since (a CSV import) from one the files changed."""
    doc = {f: values[f] for f in _DIGEST_FIELDS}
    doc["big"], doc["manual"] = bool(doc["big"]), bool(doc["manual"])
    doc["_tags"] = sorted([str(k).lower(), bool(d)] for k, d in tags)
    doc["_aliases"] = [[n, lang] for n, lang in aliases]
    text = json.dumps(doc, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _stored_links_aliases(conn: Connection) -> tuple[dict[int, list], dict[int, list]]:
    """Every stored card's tag links, ``{card id: [(tag id, derived), ...]}``, and aliases,
    ``{card id: [(name, language), ...]}`` in the order they were written: the parts of a
    card's :func:`card_digest` besides its row (read by :func:`write_data` and
    :func:`edited_file_cards`)."""
    lt, at = CardTagLink.__table__, Alias.__table__
    links: dict[int, list] = {}
    for cid, tid, derived in conn.execute(select(lt.c.card_id, lt.c.tag_id, lt.c.derived)):
        links.setdefault(cid, []).append((tid, bool(derived)))
    aliases: dict[int, list] = {}
    for cid, name, language in conn.execute(select(at.c.card_id, at.c.name, at.c.language).order_by(at.c.id)):
        aliases.setdefault(cid, []).append((name, language))
    return links, aliases


def edited_file_cards(url: str | None = None) -> list[str]:
    """The shipped (file) cards changed in the database since the last build (a CSV import,
    ``munchkin-lab db import``), as ``"set:Name"`` keys in set and name order: their content
    (:func:`card_digest`) differs from what the build wrote. A deck or preset holding one
    plays the changed card, not the printed one, until ``db build --discard-edits`` puts the
    file's values back. Empty when the database keeps no digests (built by an older lab) or
    cannot be read (advice only: the callers print a warning line).

    Raises:
        nothing: a missing or unreadable database gives ``[]``.
    """
    try:
        with config.get_engine(url).connect() as conn:
            if "build_info" not in inspect(conn).get_table_names():
                return []
            digests = _build_value(conn, "cards")
            if not isinstance(digests, dict) or not digests:
                return []
            st, tt = CardSet.__table__, Tag.__table__
            code_of = {r.id: r.code for r in conn.execute(select(st.c.id, st.c.code, st.c.origin))
                       if r.origin == "file"}
            key_of_tag = {r.id: r.key for r in conn.execute(select(tt.c.id, tt.c.key))}
            links, aliases = _stored_links_aliases(conn)
            edited = []
            for row in conn.execute(select(Card.__table__)).mappings():
                code = code_of.get(row["set_id"])
                was = digests.get(f"{code}:{row['name'].lower()}") if code is not None else None
                tags = [(key_of_tag.get(t, t), d) for t, d in links.get(row["id"], [])]  # (as write_data's edit_of)
                if was is not None and card_digest(row, tags, aliases.get(row["id"], [])) != was:
                    edited.append(f"{code}:{row['name']}")
    except Exception:  # noqa: BLE001 - advice only (no database yet, an unreadable one)
        return []
    return sorted(edited, key=str.lower)


def edited_in_deck(specs: Any, url: str | None = None) -> list[str]:
    """The cards of a deck (``specs``: its ``(CardSpec, copies)`` pairs, ``Deck.specs()``)
    that are shipped cards changed in the database since the last build
    (:func:`edited_file_cards`), as ``"set:Name"`` keys; ``[]`` when none."""
    edited = edited_file_cards(url)
    if not edited:
        return []
    keys = {sp.key.lower() for sp, _n in specs}
    return [k for k in edited if k.lower() in keys]


def edited_note(found: list[str]) -> str:
    """The one wording of a deck that holds shipped cards changed in the database
    (:func:`edited_in_deck`): the game plays them as changed; how to put them back."""
    n = len(found)
    shown = ", ".join(found[:6]) + (" ..." if n > 6 else "")
    return (f"{'a printed card' if n == 1 else f'{n} printed cards'} of this deck changed in this database "
            f"since the last build (a CSV import: {shown}): the game plays {'it' if n == 1 else 'them'} as "
            "changed, not as printed; `munchkin-lab db build --discard-edits` puts the printed values back")


def _build_value(conn: Connection, key: str) -> Any:
    """The JSON value stored under ``key`` in ``build_info`` (``None`` when there is none)."""
    bt = BuildInfo.__table__
    value = conn.execute(select(bt.c.value).where(bt.c.key == key)).scalar()
    return json.loads(value) if isinstance(value, str) else value


def write_data(conn: Connection, data: CardData, *, discard_edits: bool = False,
               stamp: dict | None = None) -> dict[str, Any]:
    """Bring the file-built content of the database on ``conn`` in line with ``data``, in
    place (the schema must exist; call inside one transaction).

    Sets and tags are matched by code and key, cards by set and name (case-insensitive):
    changed file cards are updated (``row_version`` + 1), new ones inserted, file cards no
    longer in the files deleted with their tags and aliases; unchanged rows are not written.
    Designer cards (``origin='designer'``), designer sets (and the tags they declare), decks
    and deck entries are never touched, so ids stay the same and an editor's ``row_version``
    stays valid.

    Returns:
        ``{"sets", "cards", "tags", "designer_cards", "designer_sets", "decks"}`` (what the
        database holds afterwards; ``sets``/``cards``: from the files) and ``{"added",
        "updated", "removed", "unchanged"}`` (file cards).
    A file card edited in the database since the last build (a CSV import changed a shipped
    card) whose values the files would put back (or which the files no longer have) is
    refused, naming the card and the fields, unless ``discard_edits``: the user's edit is
    never lost without a word. Edits are told by the digest of each file card the last build
    wrote (:func:`card_digest`, ``build_info`` key ``cards``, written here); a database
    built before digests existed counts a file card as edited when it differs from card
    files identical to those of the last build (``stamp``: this build's
    :func:`fingerprint`).

    Returns:
        ``{"sets", "cards", "tags", "designer_cards", "designer_sets", "decks"}`` (what the
        database holds afterwards; ``sets``/``cards``: from the files), ``{"added",
        "updated", "removed", "unchanged"}`` (file cards) and ``"discarded"``: the
        ``"set:Name"`` keys of the edited file cards whose edits were discarded.
    Raises:
        CardDataError: a designer card, designer set or deck entry no longer fits the data (a
            designer card's set is gone or a file card now has its name; a set file now has a
            designer set's code; a deck uses a card the files no longer have), or edits of
            shipped cards would be lost (without ``discard_edits``). The caller rolls the
            transaction back.
    """
    st, tt, ct, lt, at = (CardSet.__table__, Tag.__table__, Card.__table__, CardTagLink.__table__,
                          Alias.__table__)
    dt, et = Deck.__table__, DeckEntry.__table__
    problems: list[str] = []

    # sets (a designer set is never touched; a set file may not take a designer set's code)
    have_sets = {r["code"]: r for r in conn.execute(select(st)).mappings()}
    set_ids: dict[str, int] = {}
    for pos, s in enumerate(data.sets):
        values = _plain({**s.model_dump(), "requires": list(s.requires)})
        values["position"] = pos
        old = have_sets.get(s.code)
        if old is not None and old["origin"] != "file":
            problems.append(f"designer set {s.code!r}: code: a card file now defines a set with this code; "
                            f"export the designer set (munchkin-lab set export {s.code} FILE), give it another "
                            "code in the file, import it back and delete the old one; then build again")
            continue
        if old is None:
            set_ids[s.code] = conn.execute(insert(st).returning(st.c.id), {**values, "origin": "file"}).scalar_one()
            continue
        set_ids[s.code] = old["id"]
        changed = {k: v for k, v in values.items() if old[k] != v}
        if changed:
            conn.execute(update(st).where(st.c.id == old["id"]).values(**changed))

    # tags (those a designer set declares stay as they are)
    designer_sets = {code for code, r in have_sets.items() if r["origin"] != "file"}
    have_tags = {r["key"]: r for r in conn.execute(select(tt)).mappings()}
    tag_ids: dict[str, int] = {}
    for key, info in data.tags.items():
        values = {"name": info.name, "key": key, "description": info.description, "declared_in": info.declared_in}
        old = have_tags.get(key)
        if old is not None and old["declared_in"] in designer_sets:
            tag_ids[key] = old["id"]
            continue
        if old is None:
            tag_ids[key] = conn.execute(insert(tt).returning(tt.c.id), values).scalar_one()
            continue
        tag_ids[key] = old["id"]
        changed = {k: v for k, v in values.items() if old[k] != v}
        if changed:
            conn.execute(update(tt).where(tt.c.id == old["id"]).values(**changed))

    # cards as stored, with their tag links and aliases
    code_of = {r["id"]: code for code, r in have_sets.items()}
    code_of.update({sid: code for code, sid in set_ids.items()})
    stored = conn.execute(select(ct)).mappings().all()
    links, aliases = _stored_links_aliases(conn)
    by_key = {(code_of[r["set_id"]], r["name"].lower()): r for r in stored}
    # what the last build wrote of each file card, to tell the user's edits in the database
    digests = _build_value(conn, "cards") if "build_info" in inspect(conn).get_table_names() else None
    same_files = stamp is not None and digests is None and "build_info" in inspect(conn).get_table_names() \
        and _build_value(conn, "files") == stamp
    key_of_tag = {r["id"]: k for k, r in have_tags.items()}
    new_digests: dict[str, str] = {}
    edited: list[str] = []

    def edit_of(old: Any, lost: str) -> None:
        """Record ``old`` (a stored file card) when the user edited it since the last build."""
        key = f"{code_of[old['set_id']]}:{old['name'].lower()}"
        if digests is not None:
            was = digests.get(key) if isinstance(digests, dict) else None
            if was is None:
                return
            now = card_digest(old, [(key_of_tag.get(t, t), d) for t, d in links.get(old["id"], [])],
                              aliases.get(old["id"], []))
            if now == was:
                return
        elif not same_files:
            return  # no digests and other files: the files changed, not the database
        edited.append(f"{code_of[old['set_id']]}:{old['name']}")
        if not discard_edits:
            problems.append(f"shipped card {code_of[old['set_id']]}:{old['name']}: edited in the database since "
                            f"the last build (a CSV import?); {lost}")

    problems += designer_name_clashes(conn, data)
    counts = {"added": 0, "updated": 0, "removed": 0, "unchanged": 0}
    new_rows, new_cards, rewire = [], [], []
    wanted = set()
    for lc in data.cards:
        if lc.set_code not in set_ids:  # its set clashes with a designer set (reported above)
            continue
        key = (lc.set_code, lc.card.name.lower())
        wanted.add(key)
        want = _card_row(lc, set_ids[lc.set_code])
        want_links = sorted([(tag_ids[t.lower()], False) for t in lc.tags]
                            + [(tag_ids[t.lower()], True) for t in lc.derived])
        want_aliases = [(a.name, a.language) for a in lc.card.aliases]
        new_digests[f"{lc.set_code}:{key[1]}"] = card_digest(
            want, [(t.lower(), False) for t in lc.tags] + [(t.lower(), True) for t in lc.derived], want_aliases)
        old = by_key.get(key)
        if old is None:
            new_rows.append({**want, "row_version": 1})
            new_cards.append((want_links, want_aliases))
            counts["added"] += 1
            continue
        if old["origin"] != "file":
            problems.append(f"designer card {old['name']!r}: name: a card of that name now exists in set "
                            f"{lc.set_code!r} ({lc.where})")
            continue
        changed = {k: v for k, v in want.items() if old[k] != v}
        same_links = sorted(links.get(old["id"], [])) == want_links
        same_aliases = aliases.get(old["id"], []) == want_aliases
        if not changed and same_links and same_aliases:
            counts["unchanged"] += 1
            continue
        fields = [k for k in changed if k not in ("position", "set_id")]
        fields += (["tags"] if not same_links else []) + (["aliases"] if not same_aliases else [])
        if fields:
            shown = ", ".join(f"{k} {old[k]!r} in the database, {want[k]!r} in {lc.where}" if k in want
                              else f"{k} differ from {lc.where}" for k in fields[:4])
            edit_of(old, f"the build would put the files' values back ({shown}{', ...' if len(fields) > 4 else ''})")
        conn.execute(update(ct).where(ct.c.id == old["id"]).values(**changed, row_version=ct.c.row_version + 1))
        if not same_links or not same_aliases:
            rewire.append((old["id"], want_links, want_aliases))
        counts["updated"] += 1

    # file cards the files no longer have
    gone = [r for k, r in by_key.items() if r["origin"] == "file" and k not in wanted]
    for r in gone:
        edit_of(r, "the card files no longer have it, so the build would delete it with the edit")
    note = ""
    if edited and not discard_edits:  # what to do: a closing line, not one more problem
        note = (f"{len(edited)} edited shipped card{'s' if len(edited) != 1 else ''}: nothing was changed. "
                "To keep an edit, export the cards first (munchkin-lab db export FILE) and make it a "
                "designer card in a designer set (munchkin-lab set new CODE NAME; cards add CODE ...) or "
                "change the card file under database/sets/; to put the files' values back, run "
                "munchkin-lab db build --discard-edits")
    if gone:
        ids = [r["id"] for r in gone]
        used = conn.execute(select(dt.c.name, et.c.card_id).join(dt, dt.c.id == et.c.deck_id)
                            .where(et.c.card_id.in_(ids)).order_by(dt.c.name)).all()
        names = {r["id"]: f"{code_of[r['set_id']]}:{r['name']}" for r in gone}
        for deck_name, cid in used:
            problems.append(f"deck {deck_name!r}: entries: card {names[cid]} is no longer in the data")
    # designer cards whose set is gone: one line a set (a set of 400 cards is one problem)
    kept_sets = {s.code for s in data.sets} | designer_sets
    orphans: dict[str, list[str]] = {}
    for r in stored:
        if r["origin"] != "file" and code_of[r["set_id"]] not in kept_sets:
            orphans.setdefault(code_of[r["set_id"]], []).append(r["name"])
    from ..plural import listed, plural

    for code, names_ in orphans.items():
        problems.append(f"shipped set {code!r}: the card files no longer have it, but it holds "
                        f"{plural(len(names_), 'designer card')} ({listed(sorted(names_), 5)}); keep them in a "
                        f"designer set: munchkin-lab set new CODE NAME, then munchkin-lab cards edit NAME "
                        f"'{{set: CODE}}' for each, or put the set file back under database/sets/; then build again")
    if problems:
        raise CardDataError(problems, note=note)

    if gone:
        ids = [r["id"] for r in gone]
        conn.execute(delete(lt).where(lt.c.card_id.in_(ids)))
        conn.execute(delete(at).where(at.c.card_id.in_(ids)))
        conn.execute(delete(ct).where(ct.c.id.in_(ids)))
        counts["removed"] = len(ids)
    link_rows, alias_rows = [], []
    if new_rows:
        ids = conn.execute(insert(ct).returning(ct.c.id, sort_by_parameter_order=True), new_rows).scalars().all()
        rewire += [(cid, lk, al) for cid, (lk, al) in zip(ids, new_cards)]
    if rewire:
        fresh = [cid for cid, _, _ in rewire]
        conn.execute(delete(lt).where(lt.c.card_id.in_(fresh)))
        conn.execute(delete(at).where(at.c.card_id.in_(fresh)))
        for cid, lk, al in rewire:
            link_rows += [{"card_id": cid, "tag_id": t, "derived": d} for t, d in lk]
            alias_rows += [{"card_id": cid, "name": n, "language": lang} for n, lang in al]
    if link_rows:
        conn.execute(insert(lt), link_rows)
    if alias_rows:
        conn.execute(insert(at), alias_rows)
    gone_sets = [r["id"] for code, r in have_sets.items() if code not in kept_sets and r["origin"] == "file"]
    if gone_sets:
        conn.execute(delete(st).where(st.c.id.in_(gone_sets)))
    # tags neither in the files nor on a card nor declared by a designer set (a designer card
    # keeps the tags it uses)
    keep = tt.c.key.not_in(list(data.tags)) & tt.c.id.not_in(select(lt.c.tag_id).distinct())
    if designer_sets:
        keep = keep & (tt.c.declared_in.is_(None) | tt.c.declared_in.not_in(sorted(designer_sets)))
    conn.execute(delete(tt).where(keep))

    def count(q) -> int:
        return int(conn.execute(q).scalar_one())

    if "build_info" in inspect(conn).get_table_names():
        bt = BuildInfo.__table__
        conn.execute(delete(bt).where(bt.c.key == "cards"))
        conn.execute(insert(bt), {"key": "cards", "value": new_digests})
    return {"sets": len(data.sets), "cards": len(data.cards), "discarded": edited,
            "tags": count(select(func.count()).select_from(tt)),
            "designer_cards": count(select(func.count()).select_from(ct).where(ct.c.origin != "file")),
            "designer_sets": len(designer_sets),
            "decks": count(select(func.count()).select_from(dt)), **counts}


def designer_name_clashes(conn: Connection, data: CardData) -> list[str]:
    """Designer cards whose name or alias a printed card of the files ``data`` now has as its
    name or alias, in another set (compared like designer names: without case and
    diacritics, :func:`munchkin_lab.cards.designer.name_key`): after an update of the shipped
    set files, two cards of one name would make ``cards show``, ``deck add`` and ``set import``
    ambiguous. A designer card of the same set and name is reported by :func:`write_data`
    itself. Reads only; ``[]`` when the database has no card tables yet.

    Returns:
        one problem per clash: ``"designer card 'X' (set): name: ..."`` naming both cards,
        both sets, the file and line, and the fix (rename the designer card).
    """
    from .designer import name_key

    if Card.__tablename__ not in inspect(conn).get_table_names():
        return []
    printed: dict[str, tuple[str, str, str, str]] = {}  # name_key -> (what, set code, where, name)
    for lc in data.cards:
        printed.setdefault(name_key(lc.card.name), (f"printed card {lc.card.name!r}", lc.set_code, lc.where,
                                                    lc.card.name.lower()))
        for a in lc.card.aliases:
            printed.setdefault(name_key(a.name), (f"alias {a.name!r} of printed card {lc.card.name!r}",
                                                  lc.set_code, lc.where, ""))
    ct, st, at = Card.__table__, CardSet.__table__, Alias.__table__
    rows = conn.execute(select(ct.c.id, ct.c.name, st.c.code).join(st, st.c.id == ct.c.set_id)
                        .where(ct.c.origin != "file").order_by(st.c.code, ct.c.name)).all()
    own: dict[int, list[str]] = {}
    if rows:
        for cid, alias in conn.execute(select(at.c.card_id, at.c.name).where(at.c.card_id.in_([r[0] for r in rows]))
                                       .order_by(at.c.id)):
            own.setdefault(cid, []).append(alias)
    problems = []
    for cid, name, code in rows:
        for label, value in [("name", name)] + [(f"aliases[{i}]", a) for i, a in enumerate(own.get(cid, []))]:
            hit = printed.get(name_key(value))
            if hit is None or (hit[1] == code and hit[3] == name.lower()):
                continue  # same set and name: reported by write_data
            what, set_code, where, _ = hit
            fix, field = ("rename the designer card", "name") if label == "name" else \
                ("change the designer card's alias", "aliases")
            problems.append(f"designer card {name!r} ({code}): {label}: {value!r} is now also the {what} of set "
                            f"{set_code!r} ({where}); two cards of one name make cards show, deck add and set "
                            f"import ambiguous: {fix} (munchkin-lab cards edit {name!r} '{{{field}: ...}}' "
                            f"--set {code}) and build again")
    return problems


def leftover_build_files(path: Path) -> list[Path]:
    """Files that builds of earlier versions (which built a copy and swapped it in) left
    beside the SQLite file ``path`` when interrupted: ``.<name>.*.building.sqlite`` and their
    ``-wal`` / ``-shm`` companions."""
    folder = path.parent
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f".{glob.escape(path.name)}.*.building.sqlite*")
                  if p.name.endswith((".building.sqlite", ".building.sqlite-wal", ".building.sqlite-shm")))


def _build_work(data: CardData, stamp: dict[str, Any], discard_edits: bool) -> Callable[[Connection], dict[str, Any]]:
    """The work of a build of ``data`` in its transaction (:func:`build` commits it,
    :func:`check` rolls it back): schema upgraded, tables locked, :func:`write_data`, the
    files' fingerprint ``stamp`` stored."""
    def work(conn: Connection) -> dict[str, Any]:
        _serialize_builds(conn)
        upgrade(conn)
        config.lock_tables(conn, TABLES + ("build_info",))
        counts = write_data(conn, data, discard_edits=discard_edits, stamp=stamp)
        bt = BuildInfo.__table__
        conn.execute(delete(bt).where(bt.c.key == "files"))
        conn.execute(insert(bt), {"key": "files", "value": stamp})
        return counts

    return work


def build(url: str | None = None, data_dir: str | Path | None = None, *,
          discard_edits: bool = False) -> dict[str, Any]:
    """Validate the card files and (re)build the database at ``url`` in place; idempotent.

    Safe while the database is in use (a notebook, the widgets, a script writing designer
    cards or decks): everything happens in one transaction in the live database, never by
    replacing the file. On SQLite the transaction holds the write lock from the start
    (``BEGIN IMMEDIATE``: other writers wait, readers read on); on PostgreSQL it locks the
    card and deck tables against writers (readers go on) and is run again after a
    serialization failure or deadlock. The schema is first brought to the Alembic head
    (``alembic upgrade head``). Designer cards and decks are kept as they are (same ids);
    see :func:`write_data`. Leftover ``*.building.sqlite`` files of interrupted builds of
    earlier versions are deleted.

    Shipped (file) cards edited in the database since the last build (by a CSV import) are
    never silently put back: the build is refused naming each card and field, unless
    ``discard_edits=True`` (``db build --discard-edits``) puts the files' values back.

    Args:
        url: SQLAlchemy URL (default: ``$DATABASE_URL`` or ``database/munchkin-lab.sqlite``).
        data_dir: folder with ``tags.yaml`` and ``sets/`` (default ``database/``).
        discard_edits: put the files' values back on shipped cards edited in the database.
    Returns:
        counts ``{"sets", "cards", "tags", "designer_cards", "decks", "added", "updated",
        "removed", "unchanged", "cleaned", "discarded"}`` (``cleaned``: leftover files
        deleted; ``discarded``: ``"set:Name"`` of the edited shipped cards put back).
    Raises:
        CardDataError: invalid files, designer cards / decks that no longer fit the data, or
            edited shipped cards (without ``discard_edits``); nothing is written and the
            database stays exactly as it was.
    """
    data = load_files(data_dir)
    resolved = config.database_url(url)
    path = config.sqlite_path(resolved)
    cleaned = 0
    if path is not None:
        for p in leftover_build_files(path.resolve()):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
                cleaned += 1

    # The commit point: a Ctrl-C before it rolls the build back (KeyboardInterrupt: the
    # previous database is kept); during or after it, config.CommittedInterrupt (the build is saved).
    engine = config.get_engine(resolved)
    try:
        with _damaged_said(engine):
            counts = config.run_write(engine, _build_work(data, fingerprint(data_dir), discard_edits), saved=BUILD_SAVED)
    except config.CommittedInterrupt as exc:
        _schema_ok.discard(resolved)
        _fresh_checked.pop(resolved, None)
        exc.result = {**(exc.result or {}), "cleaned": cleaned}
        raise
    with config.interrupts_noted() as noted:
        _schema_ok.discard(resolved)
        _fresh_checked.pop(resolved, None)
        result = {**counts, "cleaned": cleaned}
    if noted.pressed:
        raise config.CommittedInterrupt(result, BUILD_SAVED)
    return result


# --------------------------------------------------------------------------- stale databases


class StaleDatabaseWarning(UserWarning):
    """The card database was built from other card files than the data folder holds now
    (after a ``git pull`` or a hand edit of ``database/sets/*.yaml``): searches, decks and
    games read the old cards until ``munchkin-lab db build`` is run. Nothing is rebuilt by
    itself."""


def card_files(data_dir: str | Path | None = None) -> list[Path]:
    """The files a build reads: ``tags.yaml`` and ``sets/*.yaml`` of ``data_dir`` (default
    ``database/``), those that exist, in a fixed order."""
    root = Path(data_dir) if data_dir else config.DATABASE_DIR
    files = [root / "tags.yaml"] + sorted((root / "sets").glob("*.yaml"))
    return [p for p in files if p.is_file()]


def fingerprint(data_dir: str | Path | None = None) -> dict[str, Any]:
    """What a build is made from: ``{"data_dir": absolute folder, "files": {relative path:
    SHA-256 hex of its bytes}}`` over :func:`card_files`. Stored by :func:`build` in the
    ``build_info`` table (key ``files``)."""
    root = (Path(data_dir) if data_dir else config.DATABASE_DIR).resolve()
    files = {}
    for p in card_files(root):
        files[p.relative_to(root).as_posix()] = hashlib.sha256(p.read_bytes()).hexdigest()
    return {"data_dir": str(root), "files": files}


def stale_files(conn: Connection) -> list[str] | None:
    """The card files that differ from those the database on ``conn`` was built from:
    ``["sets/munchkin.yaml (changed)", "sets/new.yaml (new)", ...]``, ``[]`` when they are the
    same, ``None`` when that cannot be told (no ``build_info``: built before this check
    existed; or the data folder it was built from no longer exists)."""
    if "build_info" not in inspect(conn).get_table_names():
        return None
    bt = BuildInfo.__table__
    value = conn.execute(select(bt.c.value).where(bt.c.key == "files")).scalar()
    if isinstance(value, str):
        value = json.loads(value)
    if not isinstance(value, dict) or not Path(value.get("data_dir", "")).is_dir():
        return None
    old, new = value.get("files") or {}, fingerprint(value["data_dir"])["files"]
    out = [f"{f} ({'changed' if f in old else 'new'})" for f in new if old.get(f) != new[f]]
    out += [f"{f} (removed)" for f in old if f not in new]
    return out


#: URL -> (stat signature of the card files, stale files) of the last check in this process.
_fresh_checked: dict[str, tuple] = {}


def _signature(data_dir: str | None) -> tuple:
    out = []
    for p in card_files(data_dir):
        try:
            st = p.stat()
        except OSError:
            continue
        out.append((str(p), st.st_mtime_ns, st.st_size))
    return tuple(out)


def check_fresh(engine, url: str | None = None) -> list[str]:
    """Warn (:class:`StaleDatabaseWarning`, once per changed state of the files and URL in
    this process) when the card files differ from those the database was built from, naming
    the files and ``munchkin-lab db build``. Never rebuilds. Cheap when nothing changed (a
    ``stat`` of each card file).

    Returns:
        the stale files (see :func:`stale_files`; ``[]`` when fresh or unknown).
    """
    resolved = config.database_url(url)
    cached = _fresh_checked.get(resolved)
    data_dir = cached[2] if cached else None
    sig = _signature(data_dir)
    if cached and cached[0] == sig:
        return cached[1]
    try:
        with engine.connect() as conn:
            stale = stale_files(conn)
            if stale is not None:
                bt = BuildInfo.__table__
                value = conn.execute(select(bt.c.value).where(bt.c.key == "files")).scalar()
                data_dir = (json.loads(value) if isinstance(value, str) else value)["data_dir"]
    except Exception:  # noqa: BLE001 - a check that cannot run must not stop a reader
        stale = None
    stale = stale or []
    _fresh_checked[resolved] = (_signature(data_dir), stale, data_dir)
    if stale:
        shown = config.url_for_people(engine.url)
        default = Path(data_dir) == config.DATABASE_DIR.resolve()
        command = config.build_command(resolved, "" if default else f"--data {data_dir}")
        warnings.warn(StaleDatabaseWarning(
            f"{shown} was built from other card files than {data_dir} holds now "
            f"({', '.join(stale[:5])}{', ...' if len(stale) > 5 else ''}); the old cards are used until you run "
            f"`{command}`"), stacklevel=3)
    return stale


class _CheckedBuild(Exception):
    """Raised at the end of :func:`check`'s build to roll its transaction back."""


def check(data_dir: str | Path | None = None, url: str | None = None) -> CardData:
    """Validate the card files and, when the database at ``url`` (default: as :func:`build`)
    exists, run the build on it in a transaction that is always rolled back: nothing is
    written, and what is refused is exactly what :func:`build` (without ``discard_edits``)
    refuses there: invalid files, designer cards or saved decks the files no longer fit (a
    printed card taking a designer card's name, a deck holding a card the files drop),
    shipped cards edited in the database since the last build (a CSV import). Like a build it
    waits for the database's write lock (SQLite: up to 60 s behind another writer). A SQLite
    file that does not exist yet is not created: a new database takes any valid files.

    Raises:
        CardDataError: every problem, as :func:`build` names them.
        sqlalchemy.exc.SQLAlchemyError: the database cannot be read (as :func:`build`).
    """
    data = load_files(data_dir)
    if config.missing_sqlite_file(url) is not None:
        data.by_hand, data.deaf = hand_cards(data), deaf_cards(data)
        return data
    work = _build_work(data, fingerprint(data_dir), False)
    engine = config.get_engine(url)
    try:
        with _damaged_said(engine):
            if config.read_only_reason(engine) is not None:
                engine = _memory_copy(engine)  # a file this user may only read: checked on a copy
            with config.write_transaction(engine) as conn:
                work(conn)
                data.by_hand, data.idle = hand_cards(data, conn), idle_cards(data, conn)
                data.deaf = deaf_cards(data, conn)
                raise _CheckedBuild
    except _CheckedBuild:
        pass
    return data


def _memory_copy(engine):
    """A private in-memory SQLite copy of read-only SQLite ``engine``'s database (SQLite's
    backup, which only reads the file), with the connection set-up of a read-only file: where
    :func:`check` runs the build it rolls back, since a file this user may only read refuses
    even a transaction that is never committed."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import StaticPool

    copy = create_engine("sqlite://", poolclass=StaticPool)
    event.listen(copy, "connect", config._sqlite_functions)
    with engine.connect() as source, copy.connect() as target:
        source.connection.dbapi_connection.backup(target.connection.dbapi_connection)
    return copy


def _checked_cards(data: CardData, conn: Connection | None = None):
    """``(set_code, name, origin, kind, effects, manual, bonus, gold)`` of every card of the
    files ``data`` and, with ``conn``, of the database's designer cards, in set and card order
    (what :func:`hand_cards` and :func:`idle_cards` read)."""
    from .designer import DESIGNER

    for lc in data.cards:
        c = lc.card
        yield lc.set_code, c.name, "file", c.kind, dict(c.effects or {}), c.manual, c.bonus, c.gold
    if conn is not None:
        ct, st = Card.__table__, CardSet.__table__
        q = (select(st.c.code, ct.c.name, ct.c.kind, ct.c.effects, ct.c.manual, ct.c.bonus, ct.c.gold)
             .select_from(ct.join(st, ct.c.set_id == st.c.id))
             .where(ct.c.origin == DESIGNER).order_by(st.c.code, ct.c.position, ct.c.id))
        for code, name, kind, effects, manual, bonus, gold in conn.execute(q):
            effects = json.loads(effects) if isinstance(effects, str) else effects
            yield code, name, DESIGNER, kind, effects or {}, bool(manual), bonus, gold


def deaf_cards(data: CardData, conn: Connection | None = None) -> list[HandCard]:
    """The cards with an ability whose trigger the engine never fires on their kind
    (``when: hits`` on a monster, a listening trigger on a Curse that does not stay:
    :func:`munchkin_lab.cards.designer.trigger_notes`, the notes ``cards add`` prints; a card
    marked ``manual`` is none): those of the files ``data`` (none of the shipped sets has
    one) and, with ``conn``, the database's designer cards, in set and card order, each with
    why."""
    from .designer import trigger_notes

    out = []
    for code, name, origin, kind, effects, manual, _bonus, _gold in _checked_cards(data, conn):
        why = trigger_notes(kind, effects, manual)
        if why:
            out.append(HandCard(code, name, origin, tuple(why)))
    return out


def hand_cards(data: CardData, conn: Connection | None = None) -> list[HandCard]:
    """The cards resolved by hand on the board (``manual``, effects the engine cannot run, or
    a kind the engine hands to a person when it has no effects: a trap, Portal, Dungeon): those
    of the files ``data`` and, with ``conn`` (a database the files were just built into), its
    designer cards, in set and card order, each with why
    (:func:`munchkin_lab.cards.designer.by_hand_why`: the reasons ``cards add`` gives)."""
    from .designer import by_hand_why

    out = []
    for code, name, origin, kind, effects, manual, _bonus, gold in _checked_cards(data, conn):
        why = by_hand_why(effects, kind, manual, gold)
        if why:
            out.append(HandCard(code, name, origin, tuple(why)))
    return out


def idle_cards(data: CardData, conn: Connection | None = None) -> list[HandCard]:
    """The designer cards that do nothing in play (the README: no card is ignored silently):
    a Curse, a special or a Character without effects, a One-Shot or Monster Enhancer without
    a bonus or effects, a monster without Bad Stuff... (:func:`munchkin_lab.cards.designer.
    idle_notes`, the notes ``cards add`` prints; a card marked ``manual`` is none), of the
    database ``conn``, in set and card order, each with why. The shipped files' cards are
    printed cards whose data says what they do: a printed monster with no Bad Stuff (the
    Potted Plant) is one, so ``data``'s cards are not listed."""
    from .designer import idle_notes

    out = []
    for code, name, origin, kind, effects, manual, bonus, gold in _checked_cards(data, conn):
        if origin == "file":
            continue
        why = idle_notes(kind, effects, bonus, gold, manual)[0]
        if why:
            out.append(HandCard(code, name, origin, tuple(why)))
    return out
