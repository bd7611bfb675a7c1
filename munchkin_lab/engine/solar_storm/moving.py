"""Moving (public summary, card_facts.md (b)): a meeple moves one step orthogonally (no
diagonals) for 1 action. Another player's meeple moved by the Crew Quarters (V2) is a room
action (``rooms_v2.py``).

:class:`Moving` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from .actions import SolarAction
from .refs import r_base, adjacent
from .state import PlayerState


class Moving:
    """Mixin: the ``move`` kind."""

    def _cand_move(self, seat: int, p: PlayerState, out: list) -> None:
        for q in range(9):
            if adjacent(p.pos, q):
                out.append(SolarAction(seat, "move", n=q))

    def _why_move(self, a: SolarAction, p: PlayerState) -> str | None:
        """``n``: a grid position one orthogonal step from the meeple."""
        if not 0 <= a.n <= 8 or not adjacent(p.pos, a.n):
            return f"move one step orthogonally, no diagonals ({r_base('Actions: Move')})"
        return None

    def _do_move(self, a: SolarAction, p: PlayerState) -> None:
        p.pos = a.n
        self._say(f"{p.name} moves to {self.room_name(a.n)}.")
