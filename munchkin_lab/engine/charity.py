"""Charity (core rules, 6. Turn Phases, phase 4): the end of a turn over the hand limit. Action
kind ``charity``; candidate generator ``_cand_charity``.
"""
from __future__ import annotations

from .actions import Action
from .kinds import finish_combat, running, setup_only
from .refs import R_PHASES


class Charity:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: Charity (see the module docstring)."""

    def charity_targets(self, seat: int) -> tuple[bool, list[int]]:
        """Where ``seat``'s next Charity card may go: ``(True, [])`` when it is discarded (the
        giver is one of the lowest-Level living players, or nobody else is), else ``(False,
        seats)``: the lowest-Level living players who may get it, so that the excess is split
        as evenly as possible (core rules, 6. phase 4: Charity)."""
        return self._charity_targets(seat)

    def _charity_targets(self, seat: int) -> tuple[bool, list[int]]:
        """:meth:`charity_targets`."""
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
        if "turn_end" in self._lt:
            self._lang_fire("turn_end", seat)
        excess = len(p.hand) - self.hand_limit(seat)
        if excess > 0:
            s.phase = "charity"
            s.charity = [excess, {}]
            if self.history: self._say(f"{p.name} has {excess} card(s) too many: Charity.")
        else:
            self._next_turn()

    # ------------------------------------------------------------------ the kind
    def _cand_charity(self, seat: int, ok: bool, out: list) -> None:
        """Per hand card (hand order): discard it (t=-1) when the giver is among the lowest,
        else give it to each recipient :meth:`_charity_targets` allows."""
        lowest, recips = self._charity_targets(seat)
        A = self._A
        for c in self.state.players[seat].hand:
            if lowest:
                out.append(A(seat, "charity", c, -1))
            else:
                for t in recips:
                    out.append(A(seat, "charity", c, t))

    def _why_charity(self, seat: int, a: Action) -> str | None:
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "combat":
            return running() if s.combat.stage == "run" else finish_combat()
        if ph != "charity":
            return f"Charity comes when the turn ends over the hand limit ({R_PHASES}, phase 4)"
        if a.card not in s.players[seat].hand:
            return f"{self._cn(a.card)} is not in your hand"
        lowest, recips = self._charity_targets(seat)
        if lowest:
            return None if a.target == -1 else f"you are (one of) the lowest-Level players: discard the excess ({R_PHASES}, phase 4)"
        if a.target not in recips:
            return f"Charity goes to the lowest-Level living player(s), split as evenly as possible ({R_PHASES}, phase 4)"
        return None

    def _do_charity(self, seat: int, a: Action) -> None:
        s = self.state
        p = s.players[seat]
        p.hand.remove(a.card)
        if a.target < 0:
            self._discard(a.card)
            if self.history: self._say(f"{p.name} discards {self.name(a.card)} (Charity).")
        else:
            s.players[a.target].hand.append(a.card)
            s.players[a.target].fresh.append(a.card)
            s.charity[1][a.target] = s.charity[1].get(a.target, 0) + 1
            if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {self._pn(a.target)} (Charity).")
        if len(p.hand) <= self.hand_limit(seat):
            s.charity = None
            self._next_turn()
