"""The ship's grid: which room card lies where, its name and version, its resource icons and
diversion combination (placeholders unless set in the options, card_facts.md (b)), and
the V2 action its ``room_action`` asks for, or none (resolved by hand).

:class:`Ship` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from ..cards import CardSpec
from .refs import CORE_POS, base_name
from .rooms_v2 import V2_ACTIONS


class Ship:
    """Mixin: grid lookups (positions 0..8, row-major; the Energy Core at 4)."""

    def room_name(self, pos: int) -> str:
        """Name (version removed) of the room at grid position ``pos``."""
        return self._base[self.state.grid[pos]]

    def room_card(self, pos: int) -> CardSpec:
        """The room card at grid position ``pos``."""
        return self.rooms[self.state.grid[pos]]

    def position_of(self, room: str) -> int:
        """Grid position of the room named ``room`` (version optional, case-insensitive).

        Raises:
            KeyError: no such room on the grid.
        """
        low = base_name(room).lower()
        for p in range(9):
            if self._base[self.state.grid[p]].lower() == low:
                return p
        raise KeyError(f"no room {room!r} on the ship")

    def icons(self, pos: int) -> tuple:
        """Resource icons of the room at ``pos`` (() for the core); placeholder unless set in
        ``options.room_icons``."""
        return () if pos == CORE_POS else self._icons.get(self.room_name(pos), self._gen(pos, 0))

    def combo(self, pos: int) -> tuple:
        """The 3 Resource types that divert the power of the room at ``pos``; placeholder unless
        set in ``options.room_combos``."""
        return () if pos == CORE_POS else self._combos.get(self.room_name(pos), self._gen(pos, 1))

    def _gen(self, pos: int, shift: int) -> tuple:
        """Placeholder icons (``shift`` 0) or combination (1) of a designer room named outside
        ``ROOM_NAMES``: derived from its position."""
        t = self.options.resource_types
        n = self.options.room_cubes if shift == 0 else 3
        return tuple(t[(pos + shift + j) % len(t)] for j in range(n))

    def room_action_key(self, pos: int) -> str | None:
        """The ``effects.room_action`` key (a key of ``rooms_v2.V2_ACTIONS``) whose action the
        room at ``pos`` runs, or None (the core, a V1 room, a record the engine cannot run)."""
        return None if pos == CORE_POS else self._act[self.state.grid[pos]]

    def v2_action(self, pos: int) -> str | None:
        """The V2 action the room at ``pos`` runs, named by the room whose section states it
        (``"Medical Bay"`` for a designer's room with the Medical Bay (V2)'s ``room_action``),
        or None (V1/manual/core). Picked from the card's ``room_action``, not its name."""
        key = self.room_action_key(pos)
        return None if key is None else V2_ACTIONS[key].rule

    def is_manual(self, pos: int) -> bool:
        """True when the room at ``pos`` has an action the engine cannot run (V1, or a room
        whose ``room_action`` is missing or not one the engine knows): resolved by hand."""
        return pos != CORE_POS and self.room_action_key(pos) is None
