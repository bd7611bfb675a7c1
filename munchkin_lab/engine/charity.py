"""Charity (core rules, 6. Turn Phases, phase 4): the end of a turn over the hand limit. Action
kind ``charity``; candidate generator ``_cand_charity``.

Charity is the last phase of the own turn, out of combat: the player over the limit may still
play the cards they can rather than give them away (core rules, 6. phase 4: better to play what
you can at once; English rules: play enough cards to get down to the limit, else give the
excess) and do what may be done at any time or on the own turn out of combat (discard a Race or
Class, swap or trade Items, sell, steal: 6. When You May Act; 9.). The excess is counted again
after every such step (:meth:`Charity._charity_recount`); at or below the limit the turn passes.
"""
from __future__ import annotations

from ..plural import plural
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
            # (our reading of core rules, 9.: played immediately when received; the sources
            # say nothing of how long: Zones._receive)
            if q.fresh:
                q.fresh = []
        if "turn_end" in self._lt:
            self._lang_fire("turn_end", seat)
        excess = len(p.hand) - self.hand_limit(seat)
        if excess > 0:
            s.phase = "charity"
            s.charity = [excess, {}]
            if self.history: self._say(f"{p.name} has {plural(excess, 'card')} too many: Charity.")
        else:
            self._next_turn()

    # ------------------------------------------------------------------ the kind
    def _cand_charity(self, seat: int, ok: bool, out: list) -> None:
        """Per hand card (hand order): discard it (t=-1) when the giver is among the lowest,
        else give it to each recipient :meth:`_charity_targets` allows; then the hand's plays of
        the own turn out of combat, one greedy sale (the module docstring) and the rules modules'
        own actions of the turn (a Portal, an exit: Scooby-Doo rules)."""
        lowest, recips = self._charity_targets(seat)
        A = self._A
        for c in self.state.players[seat].hand:
            if lowest:
                out.append(A(seat, "charity", c, -1))
            else:
                for t in recips:
                    out.append(A(seat, "charity", c, t))
        self._cand_turn_plays(seat, ok, out)
        self._cand_carry(seat, ok, out)
        self._cand_sale(seat, ok, out)
        if self._h_extra:
            self._cand_module_actions(seat, ok, out)

    def _why_charity_play(self, seat: int, a: Action) -> str | None:
        """A card played by the Charity player: whatever may be played on the own turn out of
        combat, any-time cards included (core rules, 6. phase 4: play what you can rather than
        give it away; 10. When to Play Cards)."""
        return self._why_play(seat, a, in_combat=False)

    def _charity_recount(self) -> None:
        """After a step of the Charity phase with no decision pending: the excess is the hand
        over the limit now (cards played, sold, taken by a Curse; a limit that changed with a
        Race) plus what was already given; at or below the limit Charity is over and the next
        turn begins (core rules, 6. phase 4)."""
        s = self.state
        seat = s.active
        excess = len(s.players[seat].hand) - self.hand_limit(seat)
        if excess <= 0:
            s.charity = None
            if self.history: self._say(f"{s.players[seat].name} is within the hand limit: Charity is over.")
            self._next_turn()
        elif s.charity is not None:
            s.charity[0] = excess + sum(s.charity[1].values())

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
            self._receive(a.target, a.card)
            s.charity[1][a.target] = s.charity[1].get(a.target, 0) + 1
            if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {self._pn(a.target)} (Charity).")
        if len(p.hand) <= self.hand_limit(seat):
            s.charity = None
            self._next_turn()
