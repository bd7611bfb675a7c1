"""Resources (public summary, card_facts.md (b)): the Resource deck, the face-up row and the
discard pile; scavenging (a die roll on ``options.scavenge_table``, then one ``pick`` per card
it gives), sharing with a player in the same room (``give`` / ``take``), and the loss when the
Resource deck runs out (``options.lose_when_resource_deck_empty``; the exact moment is our
reading: the moment it is empty). Resource collection is a phase of the round (``round.py``).

:class:`Resources` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from itertools import combinations

from ...plural import plural
from .. import rng as _rng
from .actions import SolarAction
from .refs import r_base
from .state import PlayerState


class Resources:
    """Mixin: the ``scavenge``, ``pick``, ``give`` and ``take`` kinds and the Resource piles."""

    # ------------------------------------------------------------------ piles and cards
    def _rt(self, c: int) -> str:
        """Resource card ``c`` for the log and the labels: ``"Resource A"`` (its type name after
        the word, so that "a Resource A" reads right whatever the type is called; ``"#<c>"``
        for an id that is none)."""
        return f"Resource {self.res_type[c]}" if 0 <= c < len(self.res_type) else f"#{c}"

    def _distinct(self, cards: list[int]) -> list[int]:
        """The first card of each Resource type in ``cards`` (candidates: one per type)."""
        types = self.res_type
        seen, out = set(), []
        for c in cards:
            if types[c] not in seen:
                seen.add(types[c])
                out.append(c)
        return out

    def _pairs(self, cards: list[int]) -> list[tuple]:
        """One pair of ``cards`` per unordered pair of Resource types (Mess Hall candidates)."""
        types = self.res_type
        seen, out = set(), []
        for x, y in combinations(cards, 2):
            key = tuple(sorted((types[x], types[y])))
            if key not in seen:
                seen.add(key)
                out.append((x, y))
        return out

    def _refill(self) -> None:
        """Fill the face-up row up to ``options.face_up`` from the Resource deck."""
        s = self.state
        while len(s.face_up) < self.options.face_up and s.res_deck:
            s.face_up.append(s.res_deck.pop())

    def _take_top(self, seat: int) -> None:
        """``seat`` draws the top Resource card (nothing when the deck is empty)."""
        s = self.state
        if s.res_deck:
            s.players[seat].hand.append(s.res_deck.pop())

    def _take_face_up(self, seat: int, c: int) -> None:
        """``seat`` takes face-up Resource ``c``; the row is refilled."""
        s = self.state
        s.face_up.remove(c)
        s.players[seat].hand.append(c)
        self._refill()

    def _check_deck(self) -> None:
        """After every action: the ship is lost the moment the Resource deck is empty
        (``options.lose_when_resource_deck_empty``; public summary "runs out", our reading)."""
        s = self.state
        if s.phase != "over" and self.options.lose_when_resource_deck_empty and not s.res_deck:
            self._end(False, "the Resource deck ran out")

    def _roll(self) -> int:
        """A die roll 1..6: the next forced die (scenarios), else the game's generator."""
        s = self.state
        if s.forced:
            return s.forced.pop(0)
        s.rng, k = _rng.below(s.rng, 6)
        return k + 1

    # ------------------------------------------------------------------ scavenge
    def _cand_scavenge(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "scavenge"))

    def _why_scavenge(self, a: SolarAction, p: PlayerState) -> str | None:
        """Needs a Resource card to find (deck or face-up row)."""
        s = self.state
        if not s.res_deck and not s.face_up:
            return f"no Resource cards left to scavenge ({r_base('Actions: Scavenge')})"
        return None

    def _do_scavenge(self, a: SolarAction, p: PlayerState) -> None:
        """Roll; ``options.scavenge_table[die - 1]`` cards are then picked one by one (a
        pending ``scavenge``)."""
        s = self.state
        die = self._roll()
        s.last_roll = die
        got = self.options.scavenge_table[die - 1]
        self._say(f"{p.name} scavenges: rolls {die}, {plural(got, 'card')}.")
        if got:
            s.pending = {"kind": "scavenge", "left": got}

    # ------------------------------------------------------------------ pick
    def _cand_pick(self, seat: int, p: PlayerState, out: list) -> None:
        s = self.state
        out.append(SolarAction(seat, "pick"))
        out += [SolarAction(seat, "pick", card=c) for c in self._distinct(s.face_up)]

    def _why_pick(self, a: SolarAction, p: PlayerState) -> str | None:
        """A scavenged card: the top of the deck (``c`` omitted) or face-up ``c``."""
        s = self.state
        if a.card == -1:
            return None if s.res_deck else f"the Resource deck is empty ({r_base('Actions: Scavenge')})"
        return None if a.card in s.face_up else f"Resource {a.card} is not face up"

    def _do_pick(self, a: SolarAction, p: PlayerState) -> None:
        """Take the card; the scavenge ends when its cards are picked or none is left."""
        s = self.state
        if a.card == -1:
            self._take_top(a.player)
        else:
            self._take_face_up(a.player, a.card)
        s.pending["left"] -= 1
        if s.pending["left"] <= 0 or (not s.res_deck and not s.face_up):
            s.pending = None

    # ------------------------------------------------------------------ share: give, take
    def _cand_share(self, seat: int, p: PlayerState, out: list) -> None:
        """``give`` and ``take`` per other player in the room (seat order), one per type."""
        s = self.state
        for t, q in enumerate(s.players):
            if t != seat and q.pos == p.pos:
                out += [SolarAction(seat, "give", card=c, target=t) for c in self._distinct(p.hand)]
                out += [SolarAction(seat, "take", card=c, target=t) for c in self._distinct(q.hand)]

    def _why_share(self, a: SolarAction, p: PlayerState) -> str | None:
        """Sharing (``give`` / ``take`` Resource ``c`` with player ``t``) needs another player
        in the same room holding the card (public summary, card_facts.md (b))."""
        s = self.state
        if not 0 <= a.target < len(s.players) or a.target == a.player:
            return f"share with another player ({r_base('Actions: Share')})"
        q = s.players[a.target]
        if q.pos != p.pos:
            return f"sharing needs both players in the same room ({r_base('Actions: Share')})"
        src = p.hand if a.kind == "give" else q.hand
        if a.card not in src:
            return f"Resource {a.card} is not in {'your' if a.kind == 'give' else q.name + chr(39) + 's'} hand"
        return None

    def _do_give(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        p.hand.remove(a.card)
        s.players[a.target].hand.append(a.card)
        self._say(f"{p.name} gives a {self._rt(a.card)} to {s.players[a.target].name}.")

    def _do_take(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        s.players[a.target].hand.remove(a.card)
        p.hand.append(a.card)
        self._say(f"{p.name} takes a {self._rt(a.card)} from {s.players[a.target].name}.")
