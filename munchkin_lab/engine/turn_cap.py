"""The turn cap both games share (``GameOptions.max_turns``, ``SolarStormOptions.max_turns``):
the reason a capped game gives and the turns a game has played.

When the turn cap N is passed, each game moves to turn N+1 and stops there at once, before
anything of that turn happens (``Turn._next_turn``, ``Round._next_turn``): ``state.turn`` is
then one past the last turn played. :class:`TurnCount` is the one place that knows it.
"""
from __future__ import annotations

#: ``state.reason`` (and ``outcome().reason``) of a game stopped by its turn cap.
TURN_LIMIT = "turn limit"


class TurnCount:
    """Mixin of :class:`~munchkin_lab.engine.game.Game` and
    :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame` (each keeps ``self.state``
    with ``turn``, ``phase`` and ``reason``)."""

    def turns_played(self) -> int:
        """Turns begun so far (the one in progress counts): ``state.turn`` names the turn being
        played, except in a game stopped by the turn cap, where it has already moved one past
        the last turn played - a game stopped by a cap of N played N turns. ``int``."""
        s = self.state
        return s.turn - 1 if s.phase == "over" and s.reason == TURN_LIMIT else s.turn
