"""Damage and repairs: the rooms' repair trackers (one Repair cube per resource icon), the
Damage phase after resource collection (one Damage card; each room it names loses a cube
unless a player there returns a Protection token, The Armoury (V2)), the losses it brings, and
repairing: ``repair`` (a matching Resource card and a supply cube) and ``repair_cube`` (a held
cube, Repair Centre (V2)).

Sources: public summary, card_facts.md (b) (trackers, escalating Damage cards, the Hull
Breach, the losses); Solar Storm Alternative Rooms, The Armoury (V2) and Repair Centre (V2).
Our readings: a damaged room with several Protection holders uses the token of the first
holder in turn order from the active player; revealing the Hull Breach (only possible once the
Damage deck above it is exhausted) loses.

:class:`Damage` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from .actions import SolarAction
from .refs import CORE_POS, HULL_BREACH, r_base, r_v2, seat_order
from .state import PlayerState


class Damage:
    """Mixin: the repair trackers, the Damage phase, the ``repair`` and ``repair_cube`` kinds."""

    # ------------------------------------------------------------------ trackers
    def _strip(self, pos: int) -> bool:
        """Room ``pos`` loses its last placed cube to the supply; False when it has none."""
        cov = self.state.covered[pos]
        for j in range(len(cov) - 1, -1, -1):
            if cov[j]:
                cov[j] = False
                self.state.cube_supply += 1
                return True
        return False

    def _cover(self, pos: int, j: int | None = None) -> None:
        """Place a cube on icon ``j`` of room ``pos`` (default: its first uncovered icon)."""
        cov = self.state.covered[pos]
        if j is None:
            j = cov.index(False)
        cov[j] = True

    def damage_label(self, c: int) -> str:
        """Readable name of Damage card ``c``: ``"Hull Breach"`` or the rooms it names."""
        if c == HULL_BREACH:
            return "Hull Breach"
        return " + ".join(self.room_name(p) for p in self.state.damage_cards[c])

    # ------------------------------------------------------------------ the Damage phase
    def _damage_phase(self) -> None:
        """Reveal one Damage card; each room it names loses its top cube unless a player in that
        room returns a Protection token (Solar Storm Alternative Rooms, The Armoury (V2)). A room
        that must lose a cube and has none loses the game; so does the Hull Breach (our reading:
        it is reached only when the Damage deck is exhausted) (public summary, card_facts.md (b)).
        Then the next player's turn begins (``round.py``)."""
        s = self.state
        if not s.damage_deck:
            self._end(False, "the Damage deck is exhausted")
            return
        c = s.damage_deck.pop()
        if c == HULL_BREACH:
            s.damage_discard.append(c)
            self._end(False, "the Hull Breach card is revealed")
            return
        self._say(f"Damage: {self.damage_label(c)}.")
        for pos in s.damage_cards[c]:
            holders = [i for i in seat_order(s.active, len(s.players))
                       if s.players[i].pos == pos and s.players[i].protection > 0]
            if holders:
                q = s.players[holders[0]]
                q.protection -= 1
                s.protection_supply += 1
                self._say(f"{q.name} returns a Protection token: {self.room_name(pos)} is not damaged.")
                continue
            if not self._strip(pos):
                s.damage_discard.append(c)
                self._end(False, f"{self.room_name(pos)} had to lose a Repair cube and had none")
                return
        s.damage_discard.append(c)
        self._next_turn()

    # ------------------------------------------------------------------ repair, repair_cube
    def _why_damaged_here(self, p: PlayerState) -> str | None:
        """Repairs need a damaged section in the player's room; the Energy Core has none."""
        if p.pos == CORE_POS:
            return f"the Energy Core cannot be damaged or repaired ({r_base('Rooms')})"
        if all(self.state.covered[p.pos]):
            return f"{self.room_name(p.pos)} has no damaged section"
        return None

    def _cand_repair(self, seat: int, p: PlayerState, out: list) -> None:
        out += [SolarAction(seat, "repair", card=c) for c in self._distinct(p.hand)]

    def _why_repair(self, a: SolarAction, p: PlayerState) -> str | None:
        """Discard Resource ``c`` matching an uncovered icon; a supply cube covers it (public
        summary, card_facts.md (b)). Holding Repair cubes is no bar: a held cube is another
        way to repair, not a condition. Only a player who is using their own cubes on a room
        with diverted power must put all of them there before a supply cube (Solar Storm
        Alternative Rooms, Repair Centre (V2) footnote). The footnote does not say how long
        "using" lasts; our reading: from the first held cube put on that room in the turn to
        the end of the turn (``state.cube_room``). A supply repair there while holding cubes
        is recorded (``state.supply_room``): a held cube after it would break the order
        (:meth:`_why_repair_cube`)."""
        s = self.state
        why = self._why_damaged_here(p)
        if why:
            return why
        cov = s.covered[p.pos]
        if a.card not in p.hand:
            return f"Resource {a.card} is not in your hand"
        icons = self.icons(p.pos)
        if not any(not cov[j] and icons[j] == self.res_type[a.card] for j in range(len(cov))):
            return (f"{self._rt(a.card)} matches no uncovered icon of {self.room_name(p.pos)} "
                    f"({r_base('Actions: Repair')})")
        if s.cube_supply <= 0:
            return "no Repair cube in the supply"
        if s.diverted[p.pos] and p.cubes > 0 and s.cube_room == p.pos:
            return ("you are using your own Repair cubes on this room with diverted power: "
                    f"use them all first ({r_v2('Repair Centre')})")
        return None

    def _do_repair(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        icons = self.icons(p.pos)
        cov = s.covered[p.pos]
        j = next(j for j in range(len(cov)) if not cov[j] and icons[j] == self.res_type[a.card])
        p.hand.remove(a.card)
        s.res_discard.append(a.card)
        s.cube_supply -= 1
        if s.diverted[p.pos] and p.cubes > 0:
            s.supply_room = p.pos
        self._cover(p.pos, j)
        self._say(f"{p.name} repairs {self.room_name(p.pos)} with a {self._rt(a.card)}.")

    def _cand_repair_cube(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "repair_cube"))

    def _why_repair_cube(self, a: SolarAction, p: PlayerState) -> str | None:
        """A held Repair cube repairs the room, no discard (Solar Storm Alternative Rooms,
        Repair Centre (V2)). In a room with diverted power the footnote puts all of a
        player's own cubes on the tracker before any supply cube; so after a supply repair
        of that room this turn while the player held cubes (``state.supply_room``), a held
        cube there would come after a supply cube: refused until the turn ends (the same
        turn-long reading of "using" as :meth:`_why_repair`)."""
        why = self._why_damaged_here(p)
        if why:
            return why
        if p.cubes <= 0:
            return f"you hold no Repair cube ({r_v2('Repair Centre')})"
        s = self.state
        if s.diverted[p.pos] and s.supply_room == p.pos:
            return ("this room has diverted power and you repaired it from the supply this turn: "
                    f"your own Repair cubes must go on before any supply cube ({r_v2('Repair Centre')})")
        return None

    def _do_repair_cube(self, a: SolarAction, p: PlayerState) -> None:
        p.cubes -= 1
        self.state.cube_room = p.pos
        self._cover(p.pos)
        self._say(f"{p.name} repairs {self.room_name(p.pos)} with a held Repair cube.")
