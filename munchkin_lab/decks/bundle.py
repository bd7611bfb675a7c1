"""Deck bundles (issue 14, item 4): one file holding a deck and the designer sets (with their
cards) it uses, every designer set those require (:func:`needed_sets`) and every designer set
holding a card or tag their cards name (a designer Race in ``usable_by``, a designer Class in
an effect: :func:`named_sets`), to share a mix with another machine.

The file is YAML::

    # munchkin-lab deck bundle ...
    bundle: 1
    deck:                 # the deck's YAML form (munchkin_lab.decks.files.to_yaml)
      name: Wet mix
      description: ...
      options: {faster_play: false, shared_victory: false, piles_per_set: false}
      cards:
        - {name: Sea Ghost, set: my_fan, copies: 2}
        - {name: Potted Plant, set: munchkin, copies: 1}
    sets:                 # each designer set the deck draws on or they require, as its set file,
                          # every set after the sets it requires
      - set: {code: my_fan, name: My fan set, family: munchkin, kind: fan, ...}
        cards: [...]

:func:`export_bundle` writes it (atomically); :func:`import_bundle` recreates both on another
database in one transaction: a designer set that is not there is created (before the sets
that require it, each checked as ``set import`` checks it); one that is there
with the same content is used as it is; anything else is refused with the name and the fix
(a set code that is a shipped set or another designer set, a card name that shadows a card
or alias already there, a deck name already taken, a shipped card the database lacks).
Nothing is written unless everything fits. Shipped cards travel by name and set (the other
machine has the same shipped sets).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .catalog import Catalog, DeckError

#: Version of the bundle format this module writes and reads.
BUNDLE_VERSION = 1
_HEAD = ("# munchkin-lab deck bundle: a deck with the designer sets it uses.\n"
         "# Import it with `munchkin-lab deck import-bundle FILE` (munchkin_lab.decks.bundle).\n")


class BundleError(DeckError):
    """A bundle cannot be written or read as asked; nothing was written.

    Attributes:
        problems: one line per problem, each naming what clashes and the fix.
    """

    def __init__(self, problems: str | list[str]):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        from ..plural import listed_lines

        n = len(self.problems)
        # (the first 50, then how many more: ``problems`` keeps all)
        super().__init__(self.problems[0] if n == 1 else f"{n} problems in the bundle:\n"
                         + listed_lines(self.problems, "fix these and run again to see the rest"))


@dataclass
class BundleResult:
    """What :func:`import_bundle` did (or, with ``dry_run``, would do): ``deck`` (the name
    saved), ``created`` / ``reused`` (designer set codes), ``cards`` (in the deck),
    ``dry_run``."""

    deck: str
    created: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    cards: int = 0
    dry_run: bool = False

    def summary(self) -> str:
        """One line for people."""
        from ..plural import plural

        head = "dry run, nothing written: would import" if self.dry_run else "imported"
        sets = []
        if self.created:
            sets.append(f"designer set(s) created: {', '.join(self.created)}")
        if self.reused:
            sets.append(f"already here and identical: {', '.join(self.reused)}")
        return f"{head} deck {self.deck!r} ({plural(self.cards, 'card')})" + (f"; {'; '.join(sets)}" if sets else "")


def _deck_of(deck: Any, url: str | None):
    from .presets import find_deck

    return find_deck(deck, url=url) if isinstance(deck, str) else deck


def _requires(url: str | None) -> dict[str, list[str]]:
    """``{code: the set codes it requires}`` of every set in the database at ``url``."""
    from sqlalchemy import select

    from ..cards.api import open_engine
    from ..cards.models import CardSet

    with open_engine(url).connect() as conn:
        return {code: list(req or []) for code, req in conn.execute(select(CardSet.code, CardSet.requires))}


def needed_sets(codes: list[str], requires: dict[str, list[str]], origin: dict[str, str]) -> list[str]:
    """The designer sets a bundle of a deck drawing on the designer sets ``codes`` must carry:
    those and every designer set they require, directly or through another (a set's
    ``requires:``; an import checks that each is there), each once, every set after the sets
    it requires (the order :func:`import_bundle` creates them in). Shipped sets (``origin``
    ``file``) are on every machine and stay out. A cycle of ``requires`` (which no route
    makes) keeps the sets in the order met."""
    return requires_first(codes, requires, lambda code: origin.get(code) == "designer")


def named_sets(codes: list[str], requires: dict[str, list[str]], origin: dict[str, str],
               url: str | None = None) -> list[str]:
    """:func:`needed_sets` of ``codes``, plus every designer set of the database ``url`` that
    holds a name the cards of those sets use (:func:`munchkin_lab.cards.effect_schema.names_used`:
    a Race, Class or Dungeon card, a declared tag, a word of an item's name) that neither the
    shipped sets nor the sets already carried hold, and so on for the sets it adds: the other
    machine checks every card's names when it imports the bundle, as ``set import`` does, and
    a name whose card stays behind is refused there. A set so found comes before the set naming
    it (as if required). A name no set holds is left to the import to report."""
    import yaml

    from ..cards.designer import export_set
    from ..cards.effect_schema import names_of, names_used
    from ..engine.lang.names import Names

    files = {c: yaml.safe_load(export_set(c, url=url)) or {} for c, o in origin.items() if o == "designer"}

    def cards(code: str) -> list:
        return [c for c in files.get(code, {}).get("cards") or [] if isinstance(c, Mapping)]

    def tags(code: str) -> list:
        return list(files.get(code, {}).get("tags") or [])

    own = {c: names_of(cards(c), tags(c), base=Names()) for c in files}
    deps = {c: list(r) for c, r in requires.items()}
    out, done = needed_sets(codes, deps, origin), set()
    while True:
        new = [c for c in out if c not in done]
        if not new:
            return out
        have = names_of([x for c in out for x in cards(c)], [t for c in out for t in tags(c)])
        for code in new:
            done.add(code)
            for card in cards(code):
                for what, value in names_used(card):
                    if have.problem(what, value) is None:
                        continue
                    home = next((h for h in files if h != code and own[h].problem(what, value) is None), None)
                    if home is not None and home not in deps.setdefault(code, []):
                        deps[code].append(home)
        out = needed_sets(codes, deps, origin)


def requires_first(codes: list[str], requires: Mapping[str, Iterable[str]], keep: Callable[[str], bool]) -> list[str]:
    """``codes`` and the sets they require (``requires``: ``{code: codes}``), directly or
    through another, that ``keep(code)`` accepts, each once, every set after the sets it
    requires (depth first, in the order met; a cycle keeps the order met)."""
    out: list[str] = []
    seen: set[str] = set()

    def visit(code: str) -> None:
        if code in seen or not keep(code):
            return
        seen.add(code)
        for req in requires.get(code, ()):
            visit(req)
        out.append(code)

    for code in codes:
        visit(code)
    return out


def bundle_text(deck: Any, url: str | None = None) -> str:
    """The bundle of ``deck`` (a :class:`~munchkin_lab.decks.Deck`, or a name as the command
    line takes it) as YAML text: the deck and the designer sets :func:`named_sets` names
    (those it draws on, those they require and those holding the names their cards use), in
    that order.

    Raises:
        BundleError: the deck uses a designer card kept in a shipped set (made before
            designer sets existed): move it to a designer set first.
        DeckError: no such deck.
    """
    import yaml

    from ..cards.designer import _dump, export_set, list_sets

    d = _deck_of(deck, url)
    sets = list_sets(url)
    origin = dict(zip(sets["code"], sets["origin"]))
    used = d.sets()
    designer = named_sets([c for c in used if origin.get(c) == "designer"], _requires(url), origin, url)
    stray = []
    from ..cards.api import cards as search

    for code in used:
        if origin.get(code) == "file":
            df = search(f"set:{code} origin:designer", url=url)
            keys = {f"{code}:{n}" for n in df["name"]}
            stray += [k for k in d.entries if k in keys]
    if stray:
        raise BundleError([f"card {k.split(':', 1)[1]!r}: a designer card kept in the shipped set "
                           f"{k.split(':', 1)[0]!r}; move it to a designer set first (munchkin-lab cards edit "
                           f"{k.split(':', 1)[1]!r} '{{set: YOUR_SET}}') and add it to the deck again" for k in stray])
    data = {"bundle": BUNDLE_VERSION, "deck": yaml.safe_load(d.to_yaml()),
            "sets": [yaml.safe_load(export_set(code, url=url)) for code in designer]}
    return _HEAD + _dump(data)


#: The suffixes of a bundle file and their words in the refusal of another name (``deck
#: bundle`` and :func:`export_bundle` alike, :func:`munchkin_lab.fileio.check_suffix`).
BUNDLE_SUFFIXES, BUNDLE_WHAT = (".yaml", ".yml"), "a bundle is YAML"


def export_bundle(deck: Any, path: str | Path, url: str | None = None, overwrite: bool = False) -> Path:
    """Write the bundle of ``deck`` to ``path`` atomically (:func:`munchkin_lab.fileio.atomic_write_text`:
    a failure leaves the previous file as it was); an existing file is replaced only with
    ``overwrite=True`` (``munchkin-lab deck bundle --force``). Without it the final rename is
    exclusive too: a file another program writes at ``path`` meanwhile is never replaced.

    Returns:
        the path.
    Raises:
        OutputFileError: (a ``ValueError``) ``path`` does not end in ``.yaml`` or ``.yml``,
            checked first as ``deck bundle`` does (nothing is read or written).
        FileExistsError: ``path`` exists and ``overwrite`` is False (nothing is written);
            :class:`~munchkin_lab.fileio.FileAppearedError` (one) when it appeared while the
            bundle was made: that file is kept, the bundle is in the error's ``kept`` file
            (``<name>.not-replaced.yaml``).
        BundleError, DeckError: see :func:`bundle_text`.
        OSError: the file cannot be written.
    """
    from ..fileio import atomic_write_text, refuse_existing

    refuse_existing(path, overwrite, suffixes=BUNDLE_SUFFIXES, what=BUNDLE_WHAT)
    return atomic_write_text(path, bundle_text(deck, url), exclusive=not overwrite)


def _read(path: str | Path | None, text: str | None) -> tuple[dict, Any, str]:
    """``(data, node, source)`` of a bundle read safely."""
    from .. import safe_yaml

    from .files import _looks_like_text_format, other_file_kind

    source = str(path) if path is not None else "<bundle>"
    try:
        doc = (safe_yaml.read_yaml_text(text, source) if text is not None else safe_yaml.read_yaml_file(path, source))
    except safe_yaml.YamlFileError as exc:
        try:
            raw = text if text is not None else Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            raw = ""
        if _looks_like_text_format(raw[:200_000]):
            raise BundleError(f"{source}: this is a text deck file, not a bundle: import it with "
                              "`munchkin-lab deck import FILE`") from None
        raise BundleError([f"{p.where(source)}: {p.message}" for p in exc.problems]) from None
    data = doc.data
    other = other_file_kind(data, "bundle")
    if other:
        raise BundleError(f"{source}: {other}")
    if not isinstance(data, dict) or "bundle" not in data or "deck" not in data:
        raise BundleError(f"{source}: not a deck bundle (expected the keys bundle, deck and sets; "
                          "write one with `munchkin-lab deck bundle DECK FILE`)")
    if data["bundle"] != BUNDLE_VERSION:
        raise BundleError(f"{source}: bundle: version {data['bundle']!r}; this munchkin-lab reads version "
                          f"{BUNDLE_VERSION}")
    extra = sorted(set(data) - {"bundle", "deck", "sets"})
    if extra:
        raise BundleError(f"{source}: unknown key(s) {', '.join(extra)} (a bundle has bundle, deck and sets)")
    if not isinstance(data.get("sets") or [], list):
        raise BundleError(f"{source}: sets: a list of set files")
    return data, doc.node, source


def _child(node: Any, key: str) -> Any:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == key:
                return v
    return None


class _DryRun(Exception):
    """Raised inside a dry run's transaction to roll it back, carrying what it found."""


def _in_order(set_files: list) -> list:
    """The bundle's ``(SetFile, doc)`` pairs with every set after the bundle's sets it
    requires (a bundle written before :func:`needed_sets` ordered them may list them in any
    order); otherwise in the bundle's order."""
    by_code = {sf.set.code: (sf, doc) for sf, doc in set_files}
    order = requires_first(list(by_code), {code: sf.set.requires for code, (sf, _doc) in by_code.items()},
                           by_code.__contains__)
    return [by_code[code] for code in order]


def _recode(data: dict, set_codes: Mapping[str, str], source: str) -> None:
    """Give the bundle's designer sets the codes ``set_codes`` (old -> new) in ``data``, in
    place: each set's own code, the ``requires:`` of its other sets and the deck's card lines
    (``set:``), so that its deck then draws on the new code.

    Raises:
        BundleError: a code the bundle has no set of (naming the sets it has).
    """
    raws = [r for r in data.get("sets") or [] if isinstance(r, dict) and isinstance(r.get("set"), dict)]
    have = [r["set"].get("code") for r in raws]
    unknown = [old for old in set_codes if old not in have]
    if unknown:
        raise BundleError([f"--set-code {old}={set_codes[old]}: {source} holds no designer set {old!r} (its sets: "
                           f"{', '.join(map(str, have)) or 'none'})" for old in unknown])
    for r in raws:
        head = r["set"]
        if head.get("code") in set_codes:
            head["code"] = set_codes[head["code"]]
        if isinstance(head.get("requires"), list):
            head["requires"] = [set_codes.get(c, c) if isinstance(c, str) else c for c in head["requires"]]
    deck = data.get("deck")
    for c in (deck.get("cards") or [] if isinstance(deck, dict) else []):
        if isinstance(c, dict) and isinstance(c.get("set"), str) and c["set"] in set_codes:
            c["set"] = set_codes[c["set"]]


def parse_set_codes(values: Iterable[str]) -> dict[str, str]:
    """``--set-code OLD=NEW`` values as ``{OLD: NEW}``.

    Raises:
        BundleError: a value without ``=``, or one code given twice."""
    out: dict[str, str] = {}
    for v in values:
        old, sep, new = v.partition("=")
        old, new = old.strip(), new.strip()
        if not sep or not old or not new:
            raise BundleError(f"--set-code {v!r}: write it OLD=NEW (the bundle's set code, then the code to give "
                              "it here), e.g. --set-code swamp=swamp_b")
        if old in out:
            raise BundleError(f"--set-code: the bundle's set {old!r} is given twice")
        out[old] = new
    return out


def import_bundle(path: str | Path | None = None, url: str | None = None, *, name: str | None = None,
                  dry_run: bool = False, text: str | None = None,
                  set_codes: Mapping[str, str] | None = None) -> BundleResult:
    """Recreate a bundle's designer sets and its deck in the database at ``url``, in one
    transaction. The sets are created each after the bundle's sets it requires (whatever
    their order in the file) and checked as ``set import`` checks a set file, against the
    database and the sets created before it; a dry run does the same in a transaction that
    is rolled back (it waits for the database's write lock like an import).

    Args:
        path: the bundle file (or ``text``).
        name: save the deck under this name instead of the bundle's.
        dry_run: check everything, write nothing.
        set_codes: ``{bundle's set code: code here}``: bring those designer sets in under
            other codes (two designers who both picked one code), the deck's cards and the
            other sets' ``requires:`` following them (``--set-code OLD=NEW``).
    Returns:
        :class:`BundleResult`.
    Raises:
        BundleError: every problem at once (each names the set, card or deck and the fix):
            malformed file (with line), a set code that is a shipped set here, a designer set
            of that code with other content, card names or aliases that shadow cards already
            here, a deck name already taken (pass ``name``), a shipped card this database
            lacks. Nothing is written.
    """
    import yaml
    from pydantic import ValidationError
    from sqlalchemy import insert, select

    from .. import config
    from ..cards.api import open_engine
    from ..cards.designer import (DesignerCardError, _apply_set, _forget_caches, _plan_set, _record_import,
                                  _renumber, designer_set_data)
    from ..cards.files import SetFile, YamlDoc, validation_problems
    from ..cards.models import Card, CardSet
    from ..cards.models import Deck as DeckRow
    from ..cards.models import DeckEntry as EntryRow
    from .files import parse_yaml
    from .model import MODULES, check_deck_name

    data, node, source = _read(path, text)
    if set_codes:
        _recode(data, set_codes, source)
    sets_node = _child(node, "sets")
    problems: list[str] = []
    set_files: list[tuple[SetFile, YamlDoc]] = []
    from ..cards.designer import known_names

    # the names effects may refer to: the database's (designer sets too, as set import) with
    # the bundle's sets as the bundle holds them
    raws = [r for r in data.get("sets") or [] if isinstance(r, dict)]
    own = [r["set"].get("code") for r in raws if isinstance(r.get("set"), dict)]
    names = known_names(url=url, skip_set=[c for c in own if isinstance(c, str)],
                        cards=[c for r in raws for c in (r.get("cards") if isinstance(r.get("cards"), list) else [])],
                        tags=[t for r in raws for t in (r.get("tags") if isinstance(r.get("tags"), list) else [])])
    for i, raw in enumerate(data.get("sets") or []):
        sub = sets_node.value[i] if sets_node is not None and i < len(sets_node.value) else None
        doc = YamlDoc(Path(source), raw, sub, source)
        try:
            set_files.append((SetFile.model_validate(designer_set_data(raw) if isinstance(raw, dict) else {},
                                                     context={"names": names}), doc))
        except ValidationError as exc:
            problems += validation_problems(doc, exc)
    if problems:
        raise BundleError(problems)
    set_files = _in_order(set_files)
    codes = [sf.set.code for sf, _ in set_files]
    deck_text = yaml.safe_dump(data["deck"], sort_keys=False, allow_unicode=True)
    engine = open_engine(url)

    def plan(conn) -> tuple[list, Any]:
        """Check the bundle against the database and create its new designer sets in
        ``conn``'s transaction, each before the sets that require it, so that each is checked
        as `set import` checks a set file, against the sets before it (``requires``, tags,
        names); then check the deck. Nothing is committed here: the caller rolls back on
        any problem (and always on a dry run)."""
        from .store import load_catalog

        plans, probs = [], []
        for sf, doc in set_files:
            try:
                p = _plan_set(conn, sf, doc, also_known=codes)
            except DesignerCardError as exc:
                probs += [f"set {sf.set.code!r}: {q}" for q in exc.problems]
                here = conn.execute(select(CardSet.name, CardSet.origin).where(CardSet.code == sf.set.code)).first()
                if here is not None and here.origin != "file":  # every clash in one run: the code's too
                    probs.append(_code_clash(sf.set.code, sf.set.name, here.name, [], None))
                continue
            plans.append(p)
            if p.set_row is None:
                _apply_set(conn, p)
                sid = conn.execute(select(CardSet.id).where(CardSet.code == sf.set.code)).scalar_one()
                _renumber(conn, sid, [c.name for c in sf.cards])
                _record_import(conn, sf.set.code, sid)  # a later `set import` of a newer bundle asks nothing
            elif p.header_changed or p.todo or p.gone:
                what = ", ".join(f"{len(p.names[k])} {k}" for k in ("added", "updated", "removed") if p.names[k])
                shared = p.names["updated"] + p.names["unchanged"]  # the bundle's cards matched to yours
                probs.append(_code_clash(p.header.code, p.header.name, p.set_row["name"], shared,
                                         what or "header changes"))
        if probs:
            raise BundleError(probs)
        base = load_catalog(url)
        from ..engine import CardSpec

        extra = []  # the bundle's new cards, so that the deck's lines resolve before they are stored
        for p in plans:
            for c, _old, values, _explicit, _derived in p.todo:
                fields = {k: v for k, v in values.items() if k not in ("copies", "provenance", "source", "summary")}
                extra.append((CardSpec.make(set=p.header.code, tags=[t.lower() for t in c.tags], **fields), c.copies))
        have = {s.key for s, _ in base.cards}
        cat = Catalog([*base.cards, *[(s, n) for s, n in extra if s.key not in have]], base.aliases, base.sets,
                      designer=base.designer | {s.key for s, _ in extra}, tag_names=base.tag_names)
        lines = YamlDoc(Path(source), data, node, source)
        for i, c in enumerate((data["deck"] or {}).get("cards") or [] if isinstance(data["deck"], dict) else []):
            if isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("set"), str):
                if f"{c['set']}:{c['name']}" not in cat:
                    near = cat.closest(c["name"], c["set"])
                    probs.append(f"{source}:{lines.line_of(('deck', 'cards', i))}: deck: cards[{i}]: card "
                                 f"{c['name']!r} of set {c['set']!r} is not in this database"
                                 + (f" (closest: {', '.join(near)})" if near else ""))
        if probs:
            raise BundleError(probs)
        try:
            deck = parse_yaml(deck_text, catalog=cat, name=name)
        except DeckError as exc:
            raise BundleError(f"{source}: deck: {exc}") from None
        if name:
            deck.name = check_deck_name(name)
        from .store import stored_deck_name

        if stored_deck_name(conn, deck.name) is not None:
            raise BundleError(f"deck {deck.name!r}: a saved deck of that name is here already; import under another "
                              "name (--name NAME / name=...)")
        return plans, deck

    def _code_clash(code: str, theirs: str, mine: str, shared: list[str], what: str | None) -> str:
        """The problem of a bundle's set whose code a designer set here has, with other
        content: the two ways on (another code for the bundle's set; or, when yours is an older
        version of it, bring it up to the bundle's)."""
        from ..plural import listed

        line = (f"set {code!r}: this database has a designer set of the same code, {mine!r}, other than the "
                f"bundle's {theirs!r}" + (f" (the bundle's would make {what})" if what else "") + ". ")
        if shared:
            line += (f"They share {len(shared)} card name(s) ({listed(shared, 5)}), and card names are unique across "
                     "sets: under another code those cards would clash. ")
        line += (f"If they are two sets that share a code, bring the bundle's in under another one: "
                 f"`munchkin-lab deck import-bundle {source} --set-code {code}=NEW_CODE` (its deck then uses NEW_CODE). "
                 f"If yours is an older version of the bundle's set, bring it up to it first: `munchkin-lab set "
                 f"import {source} --set {code}` (it asks before renaming the set, removing cards or undoing edits "
                 f"made here since they arrived, and lists the fields it changes on the others; `munchkin-lab set "
                 f"export {code} FILE` keeps a copy of yours), then import the bundle again")
        return line

    if dry_run:
        try:  # the sets are created in a transaction that is always rolled back
            with config.write_transaction(engine) as conn:
                raise _DryRun(*plan(conn))
        except _DryRun as done:
            plans, deck = done.args
        return BundleResult(deck.name, [p.header.code for p in plans if p.set_row is None],
                            [p.header.code for p in plans if p.set_row is not None], deck.size, True)

    def work(conn) -> BundleResult:
        from ..cards.build import TABLES

        config.lock_tables(conn, TABLES + ("build_info",))
        plans, deck = plan(conn)
        ct, st = Card.__table__, CardSet.__table__
        ids = {f"{code}:{n}": cid for cid, code, n in conn.execute(
            select(ct.c.id, st.c.code, ct.c.name).join(st, st.c.id == ct.c.set_id))}
        missing = [k for k in deck.entries if k not in ids]
        if missing:
            raise BundleError([f"card {k.split(':', 1)[1]!r} of set {k.split(':', 1)[0]!r}: not in this database"
                               for k in missing])
        now = datetime.now(timezone.utc)
        modules = {"in_force": list(deck.modules),
                   "overrides": {m: deck.module_overrides[m] for m in MODULES if m in deck.module_overrides}}
        dt, et = DeckRow.__table__, EntryRow.__table__
        did = conn.execute(insert(dt).returning(dt.c.id), {
            "name": deck.name, "description": deck.description, "modules": modules, "options": dict(deck.options),
            "created": now, "updated": now, "row_version": 1}).scalar_one()
        rows = [{"deck_id": did, "card_id": ids[e.key], "copies": e.copies, "pile": e.pile} for e in deck.entries.values()]
        if rows:
            conn.execute(insert(et), rows)
        return BundleResult(deck.name, [p.header.code for p in plans if p.set_row is None],
                            [p.header.code for p in plans if p.set_row is not None], deck.size, False)

    return config.run_write(engine, work, saved=lambda result: f"the bundle's import was saved: {result.summary()}",
                            after=lambda: _forget_caches())


def read_bundle(path: str | Path | None = None, text: str | None = None) -> dict:
    """The plain data of a bundle (``bundle``, ``deck``, ``sets``), read safely, without
    touching any database.

    Raises:
        BundleError: not a readable bundle.
    """
    data, _node, _source = _read(path, text)
    return json.loads(json.dumps(data))
