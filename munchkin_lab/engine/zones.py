"""Where cards are: draw piles and discards (one per deck, reshuffled when empty), the dice, and
the moves of a card out of a player's hand or play.
"""
from __future__ import annotations

from . import rng as _rng
from .state import PlayerState


class Zones:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: where cards are: draw piles and discards
    (one per deck, reshuffled when empty), the dice, and the moves of a card out of a player's
    hand or play."""

    def _roll(self) -> int:
        """One six-sided die: a forced result if queued, else the seeded RNG."""
        s = self.state
        if s.forced:
            return s.forced.pop(0)
        s.rng, k = _rng.below(s.rng, 6)
        return k + 1

    def _draw(self, deck: str, seat: int = -1) -> int:
        """Top card of ``deck`` (-1 if none). An empty pile is refilled by shuffling its
        discards; with no discards nobody draws (core rules, 3. Handling Cards). A module's
        ``draw_pile`` hook may name another pile (``seat``: the drawer, default the active)."""
        s = self.state
        if self._h_pile:
            for m in self._h_pile:
                deck = m.draw_pile(self, deck, s.active if seat < 0 else seat) or deck
        pile = s.decks.get(deck)
        if pile is None:
            return -1
        if not pile:
            disc = s.discards[deck]
            if not disc:
                return -1
            pile.extend(disc)
            disc.clear()
            s.rng = _rng.shuffle(s.rng, pile)
            if self.history: self._say(f"The {deck} deck is reshuffled from its discards.")
        self.draws += 1
        return pile.pop()

    def _discard(self, c: int) -> None:
        if self._h_dpile:
            d = self.specs[c].deck
            for m in self._h_dpile:
                d = m.discard_pile(self, c) or d
            self.state.discards[d].append(c)
            return
        self.state.discards[self.specs[c].deck].append(c)

    def _deal(self, p: PlayerState) -> None:
        for deck in ("door", "treasure"):
            for _ in range(4):
                c = self._draw(deck)
                if c >= 0:
                    p.hand.append(c)

    def _remove_from_play(self, seat: int, c: int) -> None:
        p = self.state.players[seat]
        if c in p.equipped:
            p.equipped.remove(c)
        elif c in p.carried:
            p.carried.remove(c)
        if p.cheat_item == c:
            self._discard(p.cheat)
            p.cheat = -1
            p.cheat_item = -1
        if p.hireling_item == c:
            p.hireling_item = -1

    def _lose_card(self, seat: int, c: int) -> None:
        """Move card ``c`` of ``seat`` (hand, in play, race, class, ...) to its discard pile."""
        p = self.state.players[seat]
        if c in p.hand:
            p.hand.remove(c)
        elif c in p.equipped or c in p.carried:
            self._remove_from_play(seat, c)
        elif c in p.races:
            p.races.remove(c)
            if not p.races and p.half_breed >= 0:
                self._discard(p.half_breed)
                p.half_breed = -1
        elif c in p.classes:
            p.classes.remove(c)
            if not p.classes and p.super_munchkin >= 0:
                self._discard(p.super_munchkin)
                p.super_munchkin = -1
        elif c == p.half_breed:
            p.half_breed = -1
        elif c == p.super_munchkin:
            p.super_munchkin = -1
        elif c in p.curses:
            p.curses.remove(c)
        elif c == p.cheat:
            p.cheat = -1
            p.cheat_item = -1
        elif c == p.hireling:
            p.hireling = -1
            p.hireling_item = -1
        else:
            return
        if self.specs[c].slot and p.curses:
            for cu in p.curses[:]:
                if self.specs[cu].effects.get("removed_with") == self.specs[c].slot:
                    p.curses.remove(cu)
                    self._discard(cu)
        self._discard(c)

    def all_zones(self) -> list[int]:
        """Every card id in every zone (for conservation checks): each id once exactly."""
        s = self.state
        out: list[int] = []
        for v in s.decks.values():
            out.extend(v)
        for v in s.discards.values():
            out.extend(v)
        for p in s.players:
            out.extend(p.hand)
            out.extend(p.equipped)
            out.extend(p.carried)
            out.extend(p.races)
            out.extend(p.classes)
            out.extend(p.curses)
            for x in (p.half_breed, p.super_munchkin, p.cheat, p.hireling):
                if x >= 0:
                    out.append(x)
        if s.combat is not None:
            out.extend(s.combat.monsters)
            for e in s.combat.enh:
                out.extend(e)
            out.extend(s.combat.used)
        for _, cs in s.corpses:
            out.extend(cs)
        out.extend(s.pool)
        out.extend(s.removed)
        for d in s.pending:
            if d["kind"] == "cancel":
                out.append(d["card"])
        for m in self.modules:
            out.extend(m.cards_held(self))
        return out
