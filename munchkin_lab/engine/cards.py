"""Frozen card specs: the only view of a card the rules engine ever sees.

The engine never imports the database. Card rows are turned into :class:`CardSpec`
objects by :func:`munchkin_lab.cards.spec.to_spec` (or written inline in a scenario
file) and handed to :meth:`munchkin_lab.engine.Game.new`.

Field meanings follow ``database/README.md`` (the card file format). Units: ``gold``
is in Gold Pieces (Star Munchkin credits count the same, see
``shared/data/mixing_rules.md``); ``level``/``bonus`` are combat-strength points.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

#: Card kinds (``kind`` field). A designer may not invent new kinds; new behaviour
#: goes into tags and effects.
KINDS = (
    "monster",          # Door: fought in combat
    "monster_enhancer",  # Door: changes a monster's level and Treasures
    "curse",            # Door
    "race",             # Door
    "class",            # Door
    "portal",           # Door (Scooby-Doo): changes the Dungeon(s)
    "trap",             # Door (Star Munchkin Adventures rooms): goes off on entry
    "special",          # Door or Treasure: Half-Breed, Super Munchkin, Wandering Monster, Cheat!, ...
    "item",             # Treasure: equipment with a slot (or none) and a Gold value
    "one_shot",         # Treasure: used once, discarded after the combat
    "go_up_a_level",    # Treasure: gain one Level
    "dungeon",          # Dungeon deck (Scooby-Doo)
    "fairy_dust",       # Fairy Dust mini-deck
    "character",        # Character cards (Scooby-Doo)
    "room_tile",        # Star Munchkin Adventures room tiles
    "ship_room",        # Solar Storm rooms (V1/V2) and the Energy Core
)

#: Draw piles a card belongs to (``deck`` field).
DECKS = ("door", "treasure", "dungeon", "fairy_dust", "character", "room_tile", "ship_room")

#: The piles a card of each kind is drawn from (``deck`` field): the pile the rules deal the
#: kind from (core rules, 3. Handling Cards: Door and Treasure decks; Scooby-Doo: the Dungeon
#: deck and Character cards; Fairy Dust: its own mini-deck; Star Munchkin Adventures: room
#: tiles; Solar Storm: ship rooms). A card in another pile would never be played (a monster
#: drawn as a Treasure, a Race that only Charity passes on): the card schema refuses it
#: (``cards.files.CardFields``). A Fairy Dust card with a Gold value is an Item by the core
#: rules but stays in its own pile.
KIND_PILES: dict[str, tuple[str, ...]] = {
    "monster": ("door",), "monster_enhancer": ("door",), "curse": ("door",), "race": ("door",),
    "class": ("door",), "portal": ("door",), "trap": ("door",), "special": ("door", "treasure"),
    "item": ("treasure",), "one_shot": ("treasure",), "go_up_a_level": ("treasure",),
    "dungeon": ("dungeon",), "fairy_dust": ("fairy_dust",), "character": ("character",),
    "room_tile": ("room_tile",), "ship_room": ("ship_room",),
}

#: Item slots (``slot`` field). ``none`` = carried with no body slot.
SLOTS = ("headgear", "armor", "footgear", "one_hand", "two_hands", "vehicle", "none")

#: Each kind in words, plural (messages: "read on monsters only").
KIND_PLURALS = {
    "monster": "monsters", "monster_enhancer": "Monster Enhancers", "curse": "Curses", "race": "Races",
    "class": "Classes", "portal": "Portals", "trap": "traps", "special": "specials", "item": "items",
    "one_shot": "One-Shots", "go_up_a_level": "Go Up a Level cards", "dungeon": "Dungeons",
    "fairy_dust": "Fairy Dust cards", "character": "Characters", "room_tile": "room tiles",
    "ship_room": "ship rooms",
}

#: The card fields the engine reads only on some kinds: field -> those kinds (a field not
#: listed is read on every kind). A monster's ``level`` (its combat strength), ``treasures``
#: and ``levels_gained`` (core rules, 7. Combat); an item's ``slot``, ``big`` and
#: ``usable_by`` / ``not_usable_by`` (9. Treasures and Items; a Fairy Dust card with a value is
#: an item, Fairy Dust rules); ``gold`` what an item, a One-Shot or such a Fairy Dust card sells
#: for; ``bonus`` an item's or One-Shot's combat bonus, a Monster Enhancer's Level change, a
#: special's (the Hireling) and a Dungeon's printed bonus, a Fairy Dust item's. The card
#: schema refuses a field on another kind (``cards.files.CardFields``): it would do nothing -
#: and the Item fields on a Fairy Dust card without a Gold value, which is no Item.
FIELD_KINDS: dict[str, tuple[str, ...]] = {
    "level": ("monster",), "treasures": ("monster",), "levels_gained": ("monster",),
    "slot": ("item", "fairy_dust"), "big": ("item", "fairy_dust"),
    "usable_by": ("item", "fairy_dust"), "not_usable_by": ("item", "fairy_dust"),
    "gold": ("item", "one_shot", "fairy_dust"),
    "bonus": ("item", "one_shot", "monster_enhancer", "special", "dungeon", "fairy_dust"),
}


def a_kind(kind: str) -> str:
    """``"item"`` -> ``"an item"``, ``"one_shot"`` -> ``"a One-Shot"`` (a kind in words)."""
    w = KIND_PLURALS.get(kind, kind)
    w = w[:-2] if kind == "class" else w[:-1] if w.endswith("s") else w
    return ("an " if w[0].lower() in "aeiou" and not w.startswith("One") else "a ") + w


def kinds_text(kinds: tuple[str, ...]) -> str:
    """``("item", "one_shot")`` -> ``"items and One-Shots"`` (:data:`KIND_PLURALS`)."""
    names = [KIND_PLURALS.get(k, k) for k in kinds]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _freeze(value: Any) -> Any:
    """Return a hashable, immutable copy of nested dicts/lists (dict -> tuple of pairs)."""
    if isinstance(value, Mapping):
        return FrozenDict((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


class FrozenDict(dict):
    """A read-only dict (hashable) used for ``CardSpec.effects``.

    Raises ``TypeError`` on any mutation.
    """

    def _ro(self, *a, **k):  # pragma: no cover - trivial
        raise TypeError("card specs are frozen")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _ro  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def __reduce__(self):
        """Pickle as a plain item list (worker processes rebuild the frozen dict)."""
        return (FrozenDict, (list(dict.items(self)),))

    def thaw(self) -> dict:
        """Return a plain mutable ``dict`` copy (nested values thawed too)."""
        return _thaw(self)


def _thaw(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class CardSpec:
    """One printed (or designed) card as the engine reads it.

    Attributes:
        key: unique id ``"<set>:<name>"``, e.g. ``"munchkin:Potted Plant"``.
        name: printed English name.
        set: set code (``munchkin``, ``fairy_dust``, ``scooby_doo``, ...).
        kind: one of :data:`KINDS`.
        deck: one of :data:`DECKS`.
        level: monster Level (combat strength before modifiers) or ``None``.
        treasures: Treasures a monster guards, or ``None``.
        levels_gained: Levels for killing the monster (core rules, Combat: default 1).
        bonus: combat bonus of an item/one-shot, or the level change of a Monster Enhancer.
        slot: one of :data:`SLOTS` for items, else ``None``.
        big: Big item (core rules, Treasures and Items: one Big item unless allowed).
        gold: value in Gold Pieces (0 = worthless), ``None`` when unknown or not an item.
        tags: lower-case tag names (``undead``, ``ghost``, ``v2``, ...).
        usable_by / not_usable_by: condition atoms (``race:elf``, ``class:wizard``,
            ``gender:female``) restricting who gets an item's bonus.
        effects: the structured effect fields (vocabulary in ``munchkin_lab.engine.effects``).
        manual: True when the vocabulary cannot express the card; the engine then offers a
            "resolve by hand" action instead of ignoring it.
        version: ``"V1"``/``"V2"`` for Solar Storm rooms, else ``None``.
    """

    key: str
    name: str
    set: str
    kind: str
    deck: str
    level: int | None = None
    treasures: int | None = None
    levels_gained: int | None = None
    bonus: int | None = None
    slot: str | None = None
    big: bool = False
    gold: int | None = None
    tags: frozenset[str] = frozenset()
    usable_by: tuple[str, ...] = ()
    not_usable_by: tuple[str, ...] = ()
    effects: FrozenDict = field(default_factory=FrozenDict)
    manual: bool = False
    version: str | None = None

    @classmethod
    def make(cls, **fields: Any) -> "CardSpec":
        """Build a spec from plain values (lists/dicts are frozen).

        ``key`` defaults to ``"<set>:<name>"``; ``tags`` are lower-cased.

        Raises:
            ValueError: unknown ``kind``, ``deck`` or ``slot``.
        """
        if fields.get("kind") not in KINDS:
            raise ValueError(f"card {fields.get('name')!r}: unknown kind {fields.get('kind')!r}")
        if fields.get("deck") not in DECKS:
            raise ValueError(f"card {fields.get('name')!r}: unknown deck {fields.get('deck')!r}")
        if fields.get("slot") is not None and fields["slot"] not in SLOTS:
            raise ValueError(f"card {fields.get('name')!r}: unknown slot {fields['slot']!r}")
        fields.setdefault("key", f"{fields.get('set')}:{fields.get('name')}")
        fields["tags"] = frozenset(t.lower() for t in fields.get("tags") or ())
        fields["usable_by"] = tuple(fields.get("usable_by") or ())
        fields["not_usable_by"] = tuple(fields.get("not_usable_by") or ())
        fields["effects"] = _freeze(fields.get("effects") or {})
        return cls(**fields)

    def has_tag(self, tag: str) -> bool:
        """True when the card carries ``tag`` (case-insensitive)."""
        return tag.lower() in self.tags
