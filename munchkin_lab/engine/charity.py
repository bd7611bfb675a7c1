"""Charity: the end of a turn over the hand limit.
"""
from __future__ import annotations



class Charity:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: charity: the end of a turn over the hand
    limit."""

    def _charity_targets(self, seat: int) -> tuple[bool, list[int]]:
        s = self.state
        alive = [i for i, q in enumerate(s.players) if q.alive]
        low = min(s.players[i].level for i in alive) if alive else 0
        if s.players[seat].level <= low:
            return True, []
        recips = [i for i in alive if s.players[i].level == low and i != seat]
        if not recips:
            return True, []
        excess, given = s.charity if s.charity else (1, {})
        q, rem = divmod(excess, len(recips))
        at_top = sum(1 for r in recips if given.get(r, 0) == q + 1)
        ok = [r for r in recips if given.get(r, 0) < q or (given.get(r, 0) == q and at_top < rem)]
        return False, ok

    def _end_turn(self, seat: int) -> None:
        """Charity (core rules, 6. phase 4): excess cards above the hand limit go to the
        lowest-Level living player(s), split as evenly as possible (the giver decides who gets
        the bigger share); when the giver is (one of) the lowest, the excess is discarded."""
        s = self.state
        p = s.players[seat]
        for q in s.players:
            # cards received during the turn were playable "at once"; that moment is over
            # (engine reading of core rules, 9.: played immediately when received)
            if q.fresh:
                q.fresh = []
        excess = len(p.hand) - self.hand_limit(seat)
        if excess > 0:
            s.phase = "charity"
            s.charity = [excess, {}]
            if self.history: self._say(f"{p.name} has {excess} card(s) too many: Charity.")
        else:
            self._next_turn()
