"""Diverting power and the Energy Core (public summary, card_facts.md (b)): a fully repaired
room's power is diverted by discarding its combination of three Resource types (``divert``;
the full-repair rule is ``options.divert_requires_full_repair``); with all eight rooms
diverted, a player in the Energy Core activates it and the crew wins (``activate``).

:class:`Power` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from .actions import SolarAction
from .refs import CORE_POS, OUTER, r_base
from .state import PlayerState


class Power:
    """Mixin: the ``divert`` and ``activate`` kinds."""

    def _pick_combo(self, hand: list[int], combo: tuple) -> tuple | None:
        """Cards of ``hand`` that make ``combo`` (one per type, first found), or None."""
        left = list(hand)
        out = []
        for t in combo:
            for c in left:
                if self.res_type[c] == t:
                    out.append(c)
                    left.remove(c)
                    break
            else:
                return None
        return tuple(out)

    # ------------------------------------------------------------------ divert
    def _cand_divert(self, seat: int, p: PlayerState, out: list) -> None:
        cs = self._pick_combo(p.hand, self.combo(p.pos)) if p.pos != CORE_POS else None
        if cs:
            out.append(SolarAction(seat, "divert", cards=cs))

    def _why_divert(self, a: SolarAction, p: PlayerState) -> str | None:
        """``cs``: distinct hand cards whose types are the room's combination; once per room."""
        s = self.state
        if p.pos == CORE_POS:
            return f"the Energy Core has no power to divert ({r_base('Actions: Divert power')})"
        if s.diverted[p.pos]:
            return f"{self.room_name(p.pos)}'s power is already diverted"
        if self.options.divert_requires_full_repair and not all(s.covered[p.pos]):
            return f"divert only from a fully repaired room ({r_base('Actions: Divert power')})"
        if len(set(a.cards)) != len(a.cards) or any(c not in p.hand for c in a.cards):
            return "the diversion cards must be distinct cards in your hand"
        if sorted(self.res_type[c] for c in a.cards) != sorted(self.combo(p.pos)):
            return (f"{self.room_name(p.pos)} needs {'+'.join(self.combo(p.pos))} ({r_base('Actions: Divert power')})")
        return None

    def _do_divert(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        for c in a.cards:
            p.hand.remove(c)
            s.res_discard.append(c)
        s.diverted[p.pos] = True
        self._say(f"{p.name} diverts the power of {self.room_name(p.pos)}.")

    # ------------------------------------------------------------------ activate
    def _cand_activate(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "activate"))

    def _why_activate(self, a: SolarAction, p: PlayerState) -> str | None:
        """From the Energy Core, once every room's power is diverted."""
        s = self.state
        if p.pos != CORE_POS:
            return f"activate the Energy Core from the core room ({r_base('Win')})"
        left = [self.room_name(q) for q in OUTER if not s.diverted[q]]
        if left:
            return f"power not yet diverted from: {', '.join(left)} ({r_base('Win')})"
        return None

    def _do_activate(self, a: SolarAction, p: PlayerState) -> None:
        self._end(True, "the Energy Core is activated")
