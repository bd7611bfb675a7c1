"""The card catalog a deck is built from: every known card, its printed copies and aliases.

A :class:`Catalog` is an in-memory view of the card database (or of inline
:class:`~munchkin_lab.engine.cards.CardSpec` objects in tests). Decks keep only card keys
(``"<set>:<name>"``); the catalog turns names, aliases and search queries into keys and keys
into specs. :meth:`Catalog.from_database` reads the database through
:mod:`munchkin_lab.cards.api`; nothing else in this package touches the card tables except
:mod:`munchkin_lab.decks.store` (the deck tables).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from ..engine.cards import CardSpec
from ..suggest import close_matches


class DeckError(ValueError):
    """Base class of every deck error (bad name, bad file, duplicate deck, ...)."""


class UnknownCardError(DeckError, LookupError):
    """A card name, alias or query matched nothing.

    Attributes:
        name: what was asked for.
        suggestions: closest card names (``"Name [set]"``), best first (difflib).
    """

    def __init__(self, name: str, suggestions: Sequence[str] = (), set: str | None = None):
        self.name = name
        self.suggestions = list(suggestions)
        self.set = set
        where = f" in set {set!r}" if set else ""
        hint = f"; closest: {', '.join(self.suggestions)}" if self.suggestions else ""
        super().__init__(f"unknown card {name!r}{where}{hint}")


class EmptySearchError(UnknownCardError):
    """A card search (an argument with ``field:value``, e.g. ``tag:ghoost``) found no card.

    Attributes:
        name: the query; ``hints``: the search's hints (did you mean ...?).
    """

    def __init__(self, query: str, hints: Sequence[str] = (), set: str | None = None):
        super().__init__(query, (), set)
        self.hints = list(hints)
        where = f" in set {set!r}" if set else ""
        tail = "; " + "; ".join(self.hints) if self.hints else \
            "; `munchkin-lab cards QUERY` shows what a search finds"
        DeckError.__init__(self, f"the search {query!r}{where} finds no card (an argument with field:value is "
                                 f"read as a card search, and every card it finds is added){tail}")


class AmbiguousCardError(DeckError, LookupError):
    """A card name or alias matched cards in several sets; name the set to choose.

    Attributes:
        name: what was asked for.
        candidates: the matching cards as ``"Name [set]"``.
    """

    def __init__(self, name: str, candidates: Sequence[str]):
        self.name = name
        self.candidates = list(candidates)
        super().__init__(
            f"ambiguous card {name!r}: matches {', '.join(self.candidates)}; add the set, e.g. "
            f"'{self.candidates[0]}'"
        )


def normalize(name: str) -> str:
    """Fold a card name for matching: the search's :func:`munchkin_lab.cards.search.plain_text`
    (Unicode NFKC, typographic quotes and dashes made plain), case-folded, runs of whitespace
    collapsed; :func:`plain` also drops diacritics, as the search does."""
    from ..cards.search import plain_text

    return " ".join(plain_text(name).casefold().split())


def plain(name: str) -> str:
    """:func:`normalize` without diacritics on Latin letters (``"Piła"`` -> ``"pila"``): the
    fallback a name or alias is matched with when the exact (folded) form is not found."""
    from ..cards.search import fold

    return fold(normalize(name))


def label(spec: CardSpec) -> str:
    """Return ``"Name [set]"``, the way deck files and messages name a card."""
    return f"{spec.name} [{spec.set}]"


@dataclass
class SetInfo:
    """What a deck needs to know about a set: code, display name, family, printed card count."""

    code: str
    name: str | None = None
    family: str | None = None
    kind: str | None = None
    printed_cards: int | None = None
    #: ``"file"`` (a shipped set of ``database/sets/``) or ``"designer"``
    origin: str = "file"


@dataclass
class Catalog:
    """Every card a deck may hold.

    Args:
        cards: ``(CardSpec, printed copies)`` pairs, as :func:`munchkin_lab.cards.api.load_specs`
            returns them. Order is kept (it is the order of :meth:`set_cards`).
        aliases: card key -> other printed or translated names.
        sets: set code -> :class:`SetInfo` (optional; derived from the cards when missing).
        searcher: ``query -> list of card keys``; the database catalog uses the card search
            syntax (``tag:ghost level>=10``). Without one, :meth:`search` understands only
            ``field:value`` terms over ``set``, ``kind``, ``deck`` and ``tag`` (for inline tests).
        designer: keys of designer cards (``origin='designer'``). One kept in a shipped set
            (saved there before designer sets existed) is not part of that set for
            :meth:`set_cards` (so ``* [munchkin]`` in a preset is the printed set), but can
            still be added by name.
        hinter: ``query -> list of hint strings`` for a search that finds nothing (the
            database catalog gives the search's own: ``"no card has the tag 'ghoost'; did
            you mean 'Ghost'?"``); optional.
        tag_names: tag as the specs hold it (lower-case) -> its name as stored
            (``"below the waist"`` -> ``"Below the Waist"``), for people; optional
            (:meth:`tag_name`).
    """

    cards: Sequence[tuple[CardSpec, int]]
    aliases: Mapping[str, Iterable[str]] = field(default_factory=dict)
    sets: Mapping[str, SetInfo] = field(default_factory=dict)
    searcher: Callable[[str], list[str]] | None = None
    designer: frozenset = frozenset()
    hinter: Callable[[str], list[str]] | None = None
    tag_names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._specs: dict[str, CardSpec] = {}
        self._printed: dict[str, int | None] = {}
        self._by_name: dict[str, list[str]] = {}
        self._by_alias: dict[str, list[str]] = {}
        self._rank: dict[str, int] = {}
        for spec, copies in self.cards:
            self._rank.setdefault(spec.key, len(self._rank))
            if spec.key in self._specs:
                raise ValueError(f"duplicate card key {spec.key!r} in the catalog")
            self._specs[spec.key] = spec
            self._printed[spec.key] = copies
            self._by_name.setdefault(normalize(spec.name), []).append(spec.key)
        for key, names in self.aliases.items():
            if key not in self._specs:
                continue
            for alias in names:
                keys = self._by_alias.setdefault(normalize(alias), [])
                if key not in keys:
                    keys.append(key)
        self._by_plain: dict[str, list[str]] = {}
        for index in (self._by_name, self._by_alias):
            for folded, keys in index.items():
                bucket = self._by_plain.setdefault(plain(folded), [])
                bucket.extend(k for k in keys if k not in bucket)
        sets = dict(self.sets)
        for spec in self._specs.values():
            sets.setdefault(spec.set, SetInfo(code=spec.set))
        self.sets = sets

    def tag_name(self, tag: str) -> str:
        """``tag`` (a spec's lower-case tag) as stored (``"Below the Waist"``), else as given."""
        return self.tag_names.get(tag, tag)

    # ----------------------------------------------------------------- lookup
    def __contains__(self, key: str) -> bool:
        return key in self._specs

    def __len__(self) -> int:
        return len(self._specs)

    def spec(self, key: str) -> CardSpec:
        """Return the spec of card ``key`` (``"set:Name"``).

        Raises:
            UnknownCardError: no such key.
        """
        try:
            return self._specs[key]
        except KeyError:
            set_, _, name = key.partition(":")
            raise UnknownCardError(name or key, self.closest(name or key, set_ or None), set_ or None) from None

    def rank(self, key: str) -> int:
        """The place of card ``key`` in catalog order (the database's: set position, set code,
        card position); a key not in the catalog comes after every card."""
        return self._rank.get(key, len(self._rank))

    def printed_copies(self, key: str) -> int | None:
        """Copies of ``key`` in its printed set (``None`` when unknown)."""
        return self._printed.get(key)

    def set_codes(self) -> list[str]:
        """Set codes in catalog order."""
        return list(self.sets)

    def set_cards(self, code: str) -> list[tuple[CardSpec, int]]:
        """Every ``(spec, printed copies)`` of set ``code``, in catalog order; of a shipped
        set only its shipped cards (a designer card kept in it is left out: presets never
        change under a designer's feet, issue 14).

        Raises:
            DeckError: unknown set code (the message names the known ones).
        """
        if code not in self.sets:
            close = close_matches(code, list(self.sets), n=3)
            hint = f"; closest: {', '.join(close)}" if close else f"; known: {', '.join(self.sets)}"
            raise DeckError(f"unknown set {code!r}{hint}")
        stray = self.designer if self.sets[code].origin == "file" else frozenset()
        return [(s, self._printed[s.key] or 1) for s in self._specs.values() if s.set == code and s.key not in stray]

    def matches(self, name: str, set: str | None = None) -> list[CardSpec]:
        """Cards whose name (or, when no name matches, alias) equals ``name`` (folded, see
        :func:`normalize`), optionally only in ``set``; when neither matches, names and
        aliases compared without diacritics (:func:`plain`: ``Pila Lancuchowa Krwawego
        Rozczlonkowania`` finds the Chainsaw); last, as ``cards show`` compares them
        (:func:`munchkin_lab.cards.designer.name_key`: no case, diacritics, spaces nor
        punctuation, so ``“Gazebo”`` typed in curly quotes or ``Ｐｏｔｔｅｄ-Ｐｌａｎｔ`` in
        fullwidth letters find their card). A ``"set:Name"`` key also matches its card."""
        if set is None and ":" in name and name in self._specs:
            return [self._specs[name]]
        folded = normalize(name)
        for index, key in ((self._by_name, folded), (self._by_alias, folded), (self._by_plain, plain(folded))):
            specs = [self._specs[k] for k in index.get(key, [])]
            if set is not None:
                specs = [s for s in specs if s.set == set]
            if specs:
                return specs
        from ..cards.designer import name_key

        key = name_key(name)
        if not key.strip():
            return []
        return [self._specs[k] for k in self._by_key.get(key, []) if set is None or self._specs[k].set == set]

    @functools.cached_property
    def _by_key(self) -> dict[str, list[str]]:
        """The last index of :meth:`matches`: every name and alias as ``cards show`` compares
        them (:func:`munchkin_lab.cards.designer.name_key`) -> card keys, in catalog order.
        Built at the first name no other index knows (most lookups never need it), then kept:
        a catalog never changes once made (its other indexes too are built once, in
        ``__post_init__``; a changed card list is a new :class:`Catalog`), so nothing
        invalidates it."""
        from ..cards.designer import name_key

        by_key: dict[str, list[str]] = {}
        for index in (self._by_name, self._by_alias):
            for n, keys in index.items():
                bucket = by_key.setdefault(name_key(n), [])
                bucket.extend(k for k in keys if k not in bucket)
        return by_key

    def resolve(self, name: str, set: str | None = None) -> CardSpec:
        """Return the one card named (or aliased) ``name``, in ``set`` when given.

        Raises:
            UnknownCardError: nothing matches (with the closest names).
            AmbiguousCardError: several sets hold the name and no set was given.
        """
        specs = self.matches(name, set)
        if not specs:
            raise UnknownCardError(name, self.closest(name, set), set)
        if len(specs) > 1:
            raise AmbiguousCardError(name, [label(s) for s in specs])
        return specs[0]

    def closest(self, name: str, set: str | None = None, n: int = 3) -> list[str]:
        """The ``n`` names (as ``"Name [set]"``) closest to ``name`` (difflib ratio >= 0.5),
        looking in ``set`` first and then everywhere."""
        pool: dict[str, list[str]] = {}
        for folded, keys in [*self._by_name.items(), *self._by_alias.items()]:
            for key in keys:
                if set is None or self._specs[key].set == set:
                    pool.setdefault(folded, []).append(key)
        if not pool and set is not None:
            return self.closest(name, None, n)
        found = close_matches(normalize(name), list(pool), n=n)
        out: list[str] = []
        for folded in found:
            for key in pool[folded]:
                text = label(self._specs[key])
                if text not in out:
                    out.append(text)
        if not out and set is not None:
            return self.closest(name, None, n)
        return out[:n]

    def search(self, query: str) -> list[CardSpec]:
        """Cards matching a search ``query`` (card search syntax when the catalog has a
        searcher; else ``field:value`` terms over set/kind/deck/tag, all must hold).

        Raises:
            DeckError: a query the fallback cannot read; the searcher's own errors
                (e.g. ``SearchSyntaxError``) pass through.
        """
        if self.searcher is not None:
            return [self._specs[k] for k in self.searcher(query) if k in self._specs]
        terms = query.replace("(", " ").replace(")", " ").split()
        out = []
        for spec in self._specs.values():
            ok = True
            for term in terms:
                fname, sep, value = term.partition(":")
                if not sep or fname.lower() not in ("set", "kind", "deck", "tag"):
                    raise DeckError(f"query {query!r}: only set:/kind:/deck:/tag: terms are understood here")
                value = value.lower()
                if fname.lower() == "tag":
                    ok = ok and spec.has_tag(value)
                else:
                    ok = ok and str(getattr(spec, fname.lower())).lower() == value
            if ok:
                out.append(spec)
        return out

    # --------------------------------------------------------------- builders
    @classmethod
    def from_specs(cls, cards: Iterable[CardSpec | tuple[CardSpec, int]], aliases=None, sets=None) -> "Catalog":
        """Build a catalog from inline specs (printed copies 1 unless given as pairs)."""
        pairs = [c if isinstance(c, tuple) else (c, 1) for c in cards]
        return cls(pairs, aliases or {}, sets or {})

    @classmethod
    def from_database(cls, url: str | None = None) -> "Catalog":
        """Read every card, alias and set of the database at ``url`` (default: the configured
        database) through :mod:`munchkin_lab.cards.api`.

        Raises:
            DeckError: the database is missing or not built (``munchkin-lab db build``).
        """
        from . import store

        return store.load_catalog(url)


_catalogs: dict[str, Catalog] = {}


def default_catalog(url: str | None = None, refresh: bool = False) -> Catalog:
    """Return a cached :meth:`Catalog.from_database` per resolved database URL."""
    from ..config import database_url

    resolved = database_url(url)
    if refresh or resolved not in _catalogs:
        _catalogs[resolved] = Catalog.from_database(resolved)
    return _catalogs[resolved]


def forget_catalogs() -> None:
    """Drop cached catalogs (after the database was rebuilt)."""
    _catalogs.clear()
