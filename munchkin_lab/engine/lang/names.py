"""The names an effect refers to (Races, Classes, tags, card names), checked against the cards
that exist, so that a misspelt name is an error and not an ability that can never fire.

Where a name appears in an effect and what it must name (:data:`.vocab.ATOM_NAMES`,
:data:`.vocab.FIELD_NAMES`):

=============  =====================================================================
``race``       a Race card's name (``race:elf``; ``lose_race`` ``named``)
``class``      a Class card's name (``class:wizard``; ``priest`` is the Cleric)
``tag``        a tag of the tag vocabulary (``tag:undead``, ``grant_tag``, ``tagged``)
``dungeon``    a Dungeon card's name (``dungeon:NAME``)
``monster``    a word some monster's name holds (``name:dragon``)
``item``       a word some item's name holds (``has_item:sword``)
``used``       a word some item's or One-Shot's name holds (``used:napalm``,
               ``evade_discard``, a cost's ``named``; not ``extra_level_with``, whose
               words name a kind of weapon that later cards may have)
=============  =====================================================================

Names are compared exactly as the engine matches them: a card's name lower-cased with its
ends stripped (the engine's ``_lnames``; ``priest`` read as ``cleric``, :data:`.parse.ALIASES`)
against the parsed atom's argument (lower-cased, runs of spaces made one); a tag lower-cased;
a word as a part of a lower-cased name. So a name the check accepts is one the engine can
match, and a name it refuses can never match a card of that context.

:class:`Names` is the context (built from ``(name, kind)`` pairs and tag names);
:func:`shipped` is the one made of the shipped sets (``database/sets/*.yaml`` and
``database/tags.yaml``, kept in :mod:`.shipped_names`, which ``python -m
munchkin_lab.engine.lang.docs`` writes), the default of :func:`munchkin_lab.engine.lang.validate`.
Pure Python: no file is read here.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from .parse import ALIASES

#: What each kind of name is called in messages: (the word for one, the reason or the owner word).
WHAT = {
    "race": ("race", "no Race card has that name"),
    "class": ("class", "no Class card has that name"),
    "tag": ("tag", "not a declared tag (database/tags.yaml or a set's tags:)"),
    "dungeon": ("Dungeon", "no Dungeon card has that name"),
    "monster": ("monster", "monster's"),
    "item": ("item", "item's"),
    "used": ("item or One-Shot", "item's or One-Shot's"),
}
#: What a name of each kind must be (the reference, ``database/EFFECTS.md``).
MEANS = {
    "race": "the name of a Race card",
    "class": "the name of a Class card (`priest` is the Cleric)",
    "tag": "a declared tag (`database/tags.yaml`, a set's `tags:`, or a derived one such as One-Shot)",
    "dungeon": "the name of a Dungeon card",
    "monster": "a word some monster's name holds",
    "item": "a word some item's name holds",
    "used": "a word some item's or One-Shot's name holds",
}
#: The card kinds each kind of name is looked up among.
KINDS = {"race": ("race",), "class": ("class",), "dungeon": ("dungeon",), "monster": ("monster",),
         "item": ("item",), "used": ("item", "one_shot")}
#: Kinds whose names are words a card name holds (``in``), not whole names.
WORDS = frozenset(("monster", "item", "used"))


def card_key(name: str) -> str:
    """A card's name as the engine matches it: lower-cased, ends stripped, ``priest`` read as
    ``cleric`` (the engine's per-card ``_lnames``)."""
    n = name.strip().lower()
    return ALIASES.get(n, n)


class Names:
    """The names that exist: per card kind the card names (engine key -> the name as printed)
    and the tag vocabulary (lower-case -> as declared). Immutable once built.

    Args:
        cards: ``(name, kind)`` pairs (every card of the database and of the file checked; a
            kind other than those of :data:`KINDS` is ignored).
        tags: tag names (the declared tags and the derived ones: ``One-Shot``, ``Big`` ...).
    """

    __slots__ = ("by_kind", "tags", "_words")

    def __init__(self, cards: Iterable[tuple[str, str]] = (), tags: Iterable[str] = ()) -> None:
        by_kind: dict[str, dict[str, str]] = {}
        for name, kind in cards:
            if isinstance(name, str) and isinstance(kind, str) and name.strip():
                by_kind.setdefault(kind, {}).setdefault(card_key(name), name.strip())
        self.by_kind: Mapping[str, Mapping[str, str]] = by_kind
        self.tags: Mapping[str, str] = {t.strip().lower(): t.strip() for t in tags
                                        if isinstance(t, str) and t.strip()}
        self._words: dict[str, dict[str, str]] = {}

    def merged(self, cards: Iterable[tuple[str, str]] = (), tags: Iterable[str] = ()) -> "Names":
        """These names plus more cards and tags (a new :class:`Names`)."""
        pairs = [(n, k) for k, d in self.by_kind.items() for n in d.values()]
        return Names(pairs + list(cards), list(self.tags.values()) + list(tags))

    def known(self, what: str) -> Mapping[str, str]:
        """key -> display name of the names of ``what`` (a key of :data:`WHAT`)."""
        if what == "tag":
            return self.tags
        out: dict[str, str] = {}
        for k in KINDS[what]:
            for key, name in self.by_kind.get(k, {}).items():
                out.setdefault(key, name)
        return out

    def _word_list(self, what: str) -> dict[str, str]:
        w = self._words.get(what)
        if w is None:
            w = {}
            for key in self.known(what):
                for part in key.replace("-", " ").split():
                    w.setdefault(part, part)
                w.setdefault(key, key)
            self._words[what] = w
        return w

    def atom_for(self, word: str) -> str | None:
        """The atom a bare word most likely means: ``race:elf`` for ``elf`` or ``elves`` (a Race
        card's name, the singular, or a :data:`munchkin_lab.suggest.SYNONYMS` entry),
        ``class:warrior`` for ``warrior``; None when the word names neither."""
        from ...suggest import close_matches  # (only when a message is written)

        w = word.strip().lower()
        for what in ("race", "class"):
            known = self.known(what)
            key = ALIASES.get(w, w)
            hit = [key] if key in known else [k for k in close_matches(w, known, 1) if k[:1] == w[:1]]
            if hit:
                return f"{what}:{hit[0]}"
        return None

    def problem(self, what: str, value: str) -> str | None:
        """None when ``value`` (as the compiler parsed it: lower-case) names something of
        ``what`` (a key of :data:`WHAT`) that exists, else the message, with a did-you-mean
        where one is close: ``unknown class 'wizzard' (did you mean 'Wizard'?)``."""
        one, none = WHAT[what]
        if what in WORDS:
            if any(value in key for key in self.known(what)):
                return None
            return f"no {none} name holds {value!r}{_close(value, self._word_list(what))}"
        known = self.known(what)
        if value in known:
            return None
        if what in ("race", "class") and ALIASES.get(value) in known:
            return f"{one} {value!r} is the {known[ALIASES[value]]} here: write {ALIASES[value]!r}"
        hint = _close(value, known)
        if hint:
            return f"unknown {one} {value!r}{hint}"
        shown = sorted(set(known.values()), key=str.lower)
        listed = "; known: " + ", ".join(shown[:40]) + (", ..." if len(shown) > 40 else "") if shown else ""
        return f"unknown {one} {value!r}: {none}{listed}"


def _close(word: str, known: Mapping[str, str]) -> str:
    from ...suggest import did_you_mean  # (only when a message is written)
    return did_you_mean(word, list(known), known)


_SHIPPED: list = []


def shipped() -> Names:
    """The names of the shipped sets (``database/sets/*.yaml``, ``database/tags.yaml``) as
    recorded in :mod:`.shipped_names` (regenerated by ``python -m
    munchkin_lab.engine.lang.docs``; ``--check`` fails when the sets changed since)."""
    if not _SHIPPED:
        from . import shipped_names as S
        _SHIPPED.append(Names(S.CARDS, S.TAGS))
    return _SHIPPED[0]
