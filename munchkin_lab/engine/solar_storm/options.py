"""The fixed settings of a Solar Storm game (:class:`SolarStormOptions`) and their checks.

Base-loop numbers are from a public summary (card_facts.md (b)); "placeholder" values are in
no source we have and only make the game playable: a designer overrides them.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Any

from .refs import CORE_POS


@dataclass(frozen=True)
class SolarStormOptions:
    """Fixed settings of a Solar Storm game. Base-loop numbers are from a public summary
    (card_facts.md (b)); "placeholder" values are not in any source we have.

    Attributes:
        actions_per_turn: actions per turn (public summary: 3).
        scavenge_table: Resource cards for die faces 1..6 (public summary: 1-2 none, 3-5 one,
            6 two).
        face_up: size of the face-up Resource row (public summary, kibbins: 2).
        collect_from_deck: cards taken face down in resource collection (public summary: 2).
        collect_from_face_up: face-up cards taken instead (public summary: 1).
        room_cubes: Repair cubes (= resource icons) per room (public summary: 3).
        setup_damage_cubes: cubes stripped by Damage cards at setup (public summary: 6).
        damage_tiers: ``((rooms per card, cards), ...)`` from the top of the Damage deck down;
            escalation 1 -> 2 -> 3 rooms is from the public summary, the card counts (8 each) and
            which rooms a card names are placeholders.
        resource_types: the 4 Resource type names (placeholder: "A".."D"; real names unverified).
        resource_copies: cards per type (placeholder: 12).
        starting_resources: cards dealt to each player at setup (placeholder: 2).
        start_position: grid position where meeples start (placeholder: 4, the Energy Core).
        action_tokens / protection_tokens: tokens in the supply (placeholders: 8 / 4).
        extra_repair_cubes: cubes in the supply besides those stripped from rooms (placeholder 0).
        divert_requires_full_repair: divert only from a room with all icons covered (public
            summary, kibbins).
        lose_when_resource_deck_empty: the game is lost the moment the Resource deck is empty
            (public summary: "runs out"; the exact moment is our reading).
        bank_unused_actions: unused actions become Action tokens (public summary mentions saving
            actions; limit unverified, so off by default).
        room_icons / room_combos: ``((room name, (type, type, type)), ...)``: a room's resource
            icons and its diversion combination (placeholder: derived from the room's place in
            ``ROOM_NAMES``).
        room_order: room card names dealt in this order (top first) instead of a shuffle; cards
            not listed follow, shuffled (scenarios).
        first_player: seat of the first player.
        max_turns: stop after this many turns (simulation cap), or None; a game stopped so
            has played exactly that many (``turns_played()``).
    """

    actions_per_turn: int = 3
    scavenge_table: tuple = (0, 0, 1, 1, 1, 2)
    face_up: int = 2
    collect_from_deck: int = 2
    collect_from_face_up: int = 1
    room_cubes: int = 3
    setup_damage_cubes: int = 6
    damage_tiers: tuple = ((1, 8), (2, 8), (3, 8))
    resource_types: tuple = ("A", "B", "C", "D")
    resource_copies: int = 12
    starting_resources: int = 2
    start_position: int = CORE_POS
    action_tokens: int = 8
    protection_tokens: int = 4
    extra_repair_cubes: int = 0
    divert_requires_full_repair: bool = True
    lose_when_resource_deck_empty: bool = True
    bank_unused_actions: bool = False
    room_icons: tuple = ()
    room_combos: tuple = ()
    room_order: tuple = ()
    first_player: int = 0
    max_turns: int | None = None

    def to_dict(self) -> dict:
        """Plain JSON-able dict (tuples as lists)."""
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_dict(cls, d: dict) -> "SolarStormOptions":
        """Inverse of :meth:`to_dict` (lists become tuples).

        Raises:
            ValueError: an unknown option name.
        """
        known = {f.name for f in fields(cls)}
        bad = set(d) - known
        if bad:
            raise ValueError(f"options: unknown Solar Storm option(s) {sorted(bad)} (known: {sorted(known)})")
        return cls(**{k: _tuplify(v) for k, v in d.items()})


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


#: the options that must be non-negative whole numbers (:func:`check_options`)
COUNTS = ("actions_per_turn", "face_up", "collect_from_deck", "collect_from_face_up",
          "room_cubes", "setup_damage_cubes", "resource_copies", "starting_resources",
          "action_tokens", "protection_tokens", "extra_repair_cubes")


def check_options(o: SolarStormOptions) -> None:
    """Refuse options the game cannot be played with (checked by ``SolarStormGame.new``).

    Raises:
        ValueError: naming the option (``options.<name>``) and what it must be.
    """
    if len(o.scavenge_table) != 6 or any(not isinstance(x, int) or x < 0 for x in o.scavenge_table):
        raise ValueError("options.scavenge_table: 6 non-negative integers (die faces 1..6)")
    if len(o.resource_types) < 1 or len(set(o.resource_types)) != len(o.resource_types):
        raise ValueError("options.resource_types: distinct type names")
    for name in COUNTS:
        v = getattr(o, name)
        if not isinstance(v, int) or v < 0:
            raise ValueError(f"options.{name}: a non-negative integer, got {v!r}")
    if o.room_cubes < 1:
        raise ValueError("options.room_cubes: at least 1")
    if not 0 <= o.start_position <= 8:
        raise ValueError("options.start_position: a grid position 0..8")
    for size, count in o.damage_tiers:
        if not 1 <= size <= 8 or count < 0:
            raise ValueError("options.damage_tiers: (rooms per card 1..8, cards >= 0) pairs")
    for key in ("room_icons", "room_combos"):
        for nm, types in getattr(o, key):
            bad = [t for t in types if t not in o.resource_types]
            if bad:
                raise ValueError(f"options.{key}[{nm!r}]: unknown resource type(s) {bad}")
            if key == "room_icons" and len(types) != o.room_cubes:
                raise ValueError(f"options.room_icons[{nm!r}]: {o.room_cubes} icons")
