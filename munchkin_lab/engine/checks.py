"""State-based checks (the way Magic engines run comprehensive rule 704): after every action,
whatever caused the change, the position is looked at and fixed. No card or rule has to
remember to check.

For each living player, in seat order:

1. A Half-Breed with no Race under it, a Super Munchkin with no Class under it, goes to the
   discards (core rules, 10. Mixed Super Munchkin: they need a Race / Class to attach to).
2. An Item in use whose race, class or gender restriction no longer holds is turned sideways:
   carried, no bonus (core rules, 10. Using Items; 9. Treasures and Items). The Cheat! item
   is exempt (Cheat! lifts the restrictions).
3. More Items in use than the slots allow (one headgear, one armor, one footgear, two
   hands; the Cheat! item and a Hireling's item take no slot): the player chooses which one
   is carried instead (a ``choose`` decision, ``why: sideways``).
4. More than one Big item in play without a Dwarf or another card allowing it: the player
   chooses which one is discarded, until one is left (``choose``, ``why: big``; core rules,
   9. Big items; Dwarf race card). Rulebook silent on how the excess goes: discarding it is
   the one way open under every reading (selling and giving wait for the own turn).

5. A helper who died (e.g. caught while running away) leaves the combat, and the bribe is
   off (core rules, 7. Death: the dead do not act; a helper dying in the fight leaves at once,
   ``Character._kill``).

A Curse that ends with an item (Chicken On Your Head) ends on the one path of cards leaving
play (``Zones._leave_play``).
"""
from __future__ import annotations

from .tables import SLOT_LIMIT


class StateChecks:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the state-based checks (see the module
    docstring) and their two choices."""

    #: seat -> (what can_use reads of the player, the restricted Items it allowed them): set
    #: per game object in ``Game.__init__``; content-keyed, so undo and copies need no reset
    _use_memo: dict = {}
    #: seats to look at in the next run (see _state_checks); every seat when _sba_all (rules
    #: modules) or _sba_full (set-up, load)
    _sba_seats: set = set()
    _sba_all = True
    _sba_full = True

    def _state_checks(self) -> None:
        """Run the state-based checks once. With the core rules alone only the players whose
        play or character changed since the last run are looked at (``_sba_seats``, marked
        where a card enters or leaves play, a Race/Class/gender/Level changes, an effect op
        hits); with rules modules (which may change zones directly), after a scenario set-up
        or a load, every player."""
        s = self.state
        marked = self._sba_seats
        if s.phase == "over":
            marked.clear()
            return
        c = s.combat
        if c is not None and c.helper >= 0 and not s.players[c.helper].alive:
            # a helper who died (caught while running away) leaves the combat and its bribe
            c.helper = -1
            c.bribe_n = 0
            c.bribe_items = []
        players = s.players
        if self._sba_full:
            # every seat: after a set-up or a load, and always with rules modules (_sba_all)
            self._sba_full = self._sba_all
            marked.clear()
            seats = range(len(players))
        elif marked:
            seats = sorted(marked) if len(marked) > 1 else tuple(marked)
            marked.clear()
        else:
            return
        unres = self._unrestricted
        big = self._big
        bits = self._slot_bits
        memo = self._use_memo
        for seat in seats:
            p = players[seat]
            if p.half_breed >= 0 and not p.races:
                hb = p.half_breed
                self._leave_play(seat, hb)
                self._discard(hb)
                if self.history: self._say(f"{p.name} has no Race left: {self.name(hb)} is discarded.")
            if p.super_munchkin >= 0 and not p.classes:
                sm = p.super_munchkin
                self._leave_play(seat, sm)
                self._discard(sm)
                if self.history: self._say(f"{p.name} has no Class left: {self.name(sm)} is discarded.")
            eq = p.equipped
            carried = p.carried
            if not eq and len(carried) < 2:
                continue
            # one pass over the Items in use: a restriction that stopped holding, the slots
            # (one bit per body slot, hands counted), the Big items
            restricted = over = False
            seen = hands = 0
            n = sum(map(big.__getitem__, carried)) if carried else 0
            ci, hi = p.cheat_item, p.hireling_item
            okset = None
            for c in eq:
                if not unres[c] and c != ci:
                    # can_use depends on these only: its answers are remembered per player
                    # for the same Races, Classes, gender, Level, Half-Breed, Super Munchkin
                    if okset is None:
                        sig = (tuple(p.races), tuple(p.classes), p.gender, p.level, p.half_breed,
                               p.super_munchkin, ci)
                        m = memo.get(seat)
                        if m is None or m[0] != sig:
                            m = memo[seat] = (sig, set())
                        okset = m[1]
                    if c not in okset:
                        if self.can_use(seat, c):
                            okset.add(c)
                        else:
                            restricted = True
                b = bits[c]
                if b and c != ci and c != hi:
                    if b < 8:
                        if seen & b:
                            over = True
                        seen |= b
                    else:
                        hands += b >> 3
                if big[c]:
                    n += 1
            if restricted:
                self._sideways(seat)
            if (over or hands > 2) and self._slot_excess(seat) and not self._choice_open(seat, "sideways"):
                s.pending.append({"kind": "choose", "why": "sideways", "player": seat, "options": (), "count": 1})
            if n > 1 and len(self._big_excess(seat)) > 1 and not self._choice_open(seat, "big"):
                s.pending.append({"kind": "choose", "why": "big", "player": seat, "options": (), "count": 1})

    def _choice_open(self, seat: int, why: str) -> bool:
        for d in self.state.pending:
            if d["kind"] == "choose" and d["player"] == seat and d["why"] == why:
                return True
        return False

    def _sideways(self, seat: int) -> None:
        """Every Item in use that ``seat`` may no longer use is carried instead (check 2)."""
        p = self.state.players[seat]
        unres = self._unrestricted
        for c in p.equipped[:]:
            if not unres[c] and c != p.cheat_item and not self.can_use(seat, c):
                p.equipped.remove(c)
                p.carried.append(c)
                self._play_moved()
                if self.history: self._say(f"{p.name} may no longer use {self.name(c)}: it is carried sideways.")

    def _slot_excess(self, seat: int) -> tuple:
        """The Items in use of the first slot that holds more than it may (check 3), in the
        order they are in use; () when every slot is within its limit."""
        p = self.state.players[seat]
        slots = self._slots
        ci, hi = p.cheat_item, p.hireling_item
        per: dict = {}
        hands: list = []
        nhands = 0
        for c in p.equipped:
            if c == ci or c == hi:
                continue
            sl = slots[c]
            if sl in SLOT_LIMIT:
                per.setdefault(sl, []).append(c)
            elif sl == "one_hand" or sl == "two_hands":
                hands.append(c)
                nhands += 1 if sl == "one_hand" else 2
        for sl, cs in per.items():
            if len(cs) > SLOT_LIMIT[sl]:
                return tuple(cs)
        if nhands > 2:
            return tuple(hands)
        return ()

    def _big_excess(self, seat: int) -> tuple:
        """The Big items that count against the limit, when more than one of them is in play
        and no card allows it (check 4); () otherwise."""
        if self.has_race(seat, "dwarf"):
            return ()
        cs = self._big_in_play(seat)
        return tuple(cs) if len(cs) > 1 else ()

    # ------------------------------------------------------------------ the choices
    def _sideways_options(self, d: dict) -> tuple:
        return self._slot_excess(d["player"])

    def _sideways_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Item in use is carried instead (no bonus)."""
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        p.equipped.remove(card)
        p.carried.append(card)
        self._play_moved()
        if self.history: self._say(f"{p.name} carries {self.name(card)} instead of using it (no free slot).")

    def _big_options(self, d: dict) -> tuple:
        return self._big_excess(d["player"])

    def _big_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Big item is discarded."""
        self._lose_card(seat, card)
        if self.history: self._say(f"{self.state.players[seat].name} discards {self.name(card)}: one Big item only.")
