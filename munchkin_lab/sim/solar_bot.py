"""The greedy Solar Storm bot: plays the crew's actions toward the win (repair, divert power,
activate the Energy Core) from the engine's legal actions and the ship's facts.

Every decision is one element of ``game.legal_actions(labels=False)``; the bot never decides
what is legal (the engine does) and knows no rule beyond what the game object tells it: the
rooms' icons (``game.icons(pos)``), diversion combinations (``game.combo(pos)``), V2 room
actions (``game.v2_action(pos)``), the repair trackers and diverted power, the crew's
positions, hands and tokens, the open piles. Hidden order (the decks) is never looked at,
except the Damage cards The Bridge (V2) shows (the pending look).

Plan, each action of the turn (``choose``): ``activate`` when legal (the crew wins); else the
best-valued of these (values counted in "repairs"):

- in the room it stands in: ``divert`` (8); ``repair`` / ``repair_cube`` (1 plus the room's
  danger: 3 at one cube or less, when one more hit would lose the game; 1 at two; 0.5 else;
  a diverted room only when in danger); ``take`` from a crew member there a card the room
  needs (a repair it cannot make, the piece its hand lacks for the diversion); a V2 room
  action (Cargo Hold, Engine Room: a needed Resource; The Armoury: a Protection token for a
  crew member in a room with one cube or less; Repair Centre: a cube for the crew member in
  the weakest damaged room; The Bridge: look at the Damage cards, once a turn; Medical Bay:
  three Action tokens for the others with 3 or 4 players);
- one step toward the room where its hand does the most (the repairs it can make there by
  danger, a diversion it completes, the V2 room's use; the Energy Core once all power is
  diverted), that value less 0.8 a step, shared over the steps;
- ``scavenge`` (0.6) while the Resource deck holds more than the next round's collections;
- ``end_actions`` (0).

Resource collection and scavenged cards: the face-up card of the type the crew lacks most
(near demand: uncovered icons, and the combination of a room not diverted that is at most one
repair from full, minus the crew's hands), else the deck; one face-up card instead of two from
the deck when the Resource deck would run out before the Damage deck. The Bridge's look: both
cards back, the harmless first on top, a card hitting a room with at most one cube under the
other. A by-hand (V1) resolution is never started (``resolve``); one already pending is
finished at once (``done``).
"""
from __future__ import annotations

import random
from collections import Counter

from ..engine.solar_storm.refs import CORE_POS as CORE, OUTER

#: action kinds never chosen while something else is legal (by-hand V1 adjustments)
_BY_HAND = ("resolve", "adj_card", "adj_cube", "adj_token", "adj_meeple", "adj_power")


def _dist(a: int, b: int) -> int:
    """Orthogonal steps between grid positions ``a`` and ``b`` (0..8, row-major 3x3)."""
    return abs(a // 3 - b // 3) + abs(a % 3 - b % 3)


class SolarPlanner:
    """One decision of the greedy Solar Storm bot for the acting seat (see the module
    docstring). ``choose(game, seat, rng) -> SolarAction`` (an element of the legal list).

    Raises:
        ValueError: no legal action (the game is over).
    """

    def __init__(self, memo: dict | None = None) -> None:
        #: what this bot remembers between decisions: ``bridge`` = (game id, turn) of its
        #: last look at the Damage deck (looking twice in one turn shows the same cards)
        self.memo = memo if memo is not None else {}

    def choose(self, game, seat: int, rng: random.Random):
        acts = game.legal_actions(labels=False)
        if not acts:
            raise ValueError("no legal action")
        self.g, self.s, self.seat, self.rng = game, game.state, seat, rng
        self.p = self.s.players[seat]
        by: dict[str, list] = {}
        for a in acts:
            by.setdefault(a.kind, []).append(a)
        self.by = by
        pend = self.s.pending
        if "done" in by and pend and pend.get("kind") == "manual":
            return by["done"][0]
        if "activate" in by:
            return by["activate"][0]
        if "collect" in by:
            return self._collect(by["collect"])
        if "pick" in by:
            return self._pick(by["pick"])
        if "place" in by:
            return self._bridge(by["place"])
        a = self._turn()
        if a is not None:
            if a.kind == "room" and game.v2_action(self.p.pos) == "The Bridge":
                self.memo["bridge"] = (id(game), self.s.turn)
            return a
        rest = [a for a in acts if a.kind not in _BY_HAND]
        return rng.choice(rest or acts)

    # ------------------------------------------------------------------ facts
    def _cubes(self, pos: int) -> int:
        return sum(self.s.covered[pos])

    def _deficit(self) -> Counter:
        """Per Resource type: the ship's near demand (uncovered icons; the combination of a
        room not diverted that is at most one repair from full) minus the crew's hands."""
        need: Counter = Counter()
        for q in OUTER:
            cov = self.s.covered[q]
            icons = self.g.icons(q)
            need.update(icons[j] for j, c in enumerate(cov) if not c)
            if not self.s.diverted[q] and sum(cov) >= len(cov) - 1:
                need.update(self.g.combo(q))
        held = Counter(self.g.res_type[c] for pl in self.s.players for c in pl.hand)
        return Counter({t: need[t] - held[t] for t in set(need) | set(held)})

    def _best_card(self, cards: list) -> tuple[int, int]:
        """``(card, deficit)`` of the face-up card whose type is lacked most (card -1: none)."""
        d = self._deficit()
        best, bd = -1, 0
        for a in cards:
            if a.card >= 0 and d[self.g.res_type[a.card]] > bd:
                best, bd = a.card, d[self.g.res_type[a.card]]
        return best, bd

    # ------------------------------------------------------------------ phases
    def _short_deck(self) -> bool:
        """True when the Resource deck would run out before the Damage deck at two cards a
        turn (then one chosen face-up card a turn makes it last twice as long)."""
        o = self.g.options
        if not getattr(o, "lose_when_resource_deck_empty", True):
            return False
        turns = max(0, len(self.s.damage_deck) - 1)
        return len(self.s.res_deck) < o.collect_from_deck * turns + 2

    def _collect(self, cands: list):
        card, lack = self._best_card(cands)
        deck = next((a for a in cands if a.card < 0), None)
        face = [a for a in cands if a.card >= 0]
        if card >= 0 and (deck is None or lack >= 2):
            return next(a for a in cands if a.card == card)
        if face and (deck is None or self._short_deck()):
            return next((a for a in face if a.card == card), face[0])
        return deck or cands[0]

    def _pick(self, cands: list):
        card, lack = self._best_card(cands)
        deck = next((a for a in cands if a.card < 0), None)
        if card >= 0 and (deck is None or lack >= 1):
            return next(a for a in cands if a.card == card)
        return deck or cands[0]

    def _harm(self, c: int) -> float:
        """How bad Damage card ``c`` would be now: per room it names, more for fewer cubes."""
        return sum(10.0 if self._cubes(q) <= 1 else 1.0 / self._cubes(q) for q in self.s.damage_cards[c])

    def _bridge(self, cands: list):
        cards = list(self.s.pending["cards"])
        order = sorted(cards, key=self._harm)
        top = [c for c in order if self._harm(c) < 10.0]
        bottom = [c for c in order if self._harm(c) >= 10.0]
        want = (tuple(top + bottom), len(top))
        for a in cands:
            if (tuple(a.cards), a.n) == want:
                return a
        return max(cands, key=lambda a: (len(a.cards), a.n))

    # ------------------------------------------------------------------ the action phase
    def _danger(self, q: int) -> float:
        """How urgent a cube on room ``q`` is: 3 with at most one cube left (the next hit may
        lose the game), 1 with two, 0.5 otherwise."""
        cubes = self._cubes(q)
        return 3.0 if cubes <= 1 else (1.0 if cubes == 2 else 0.5)

    def _turn(self):
        """The best-valued option of the action phase: an action here, a step toward a better
        room, a scavenge, or the end of the actions (values in "repairs", see the module
        docstring)."""
        by, s, p = self.by, self.s, self.p
        here = p.pos
        opts: list[tuple[float, int, object]] = []
        if "divert" in by:
            opts.append((8.0, 0, by["divert"][0]))
        if here != CORE:
            danger = self._danger(here)
            rep = 1.0 + danger if not s.diverted[here] else (2.0 * danger if self._cubes(here) <= 1 else 0.0)
            if rep > 0:
                if "repair_cube" in by:
                    opts.append((rep + 0.1, 1, by["repair_cube"][0]))
                if "repair" in by:
                    opts.append((rep, 2, self._repair_choice(by["repair"])))
        take = self._take(by.get("take", []))
        if take is not None:
            opts.append((take[0], 3, take[1]))
        room = self._room_action(by.get("room", []))
        if room is not None:
            opts.append((room[0], 3, room[1]))
        step = self._step()
        if step is not None:
            opts.append((step[0], 4, step[1]))
        if "scavenge" in by and self._deck_ok():
            opts.append((0.6, 5, by["scavenge"][0]))
        if "end_actions" in by:
            opts.append((0.0, 6, by["end_actions"][0]))
        if not opts:
            return None
        return max(opts, key=lambda t: (t[0], -t[1]))[2]

    def _take(self, cands: list):
        """``(value, take)``: a card from a crew member in this room that the room needs now
        (an uncovered icon the acting player cannot cover, or the piece its hand lacks for the
        diversion of this fully repaired room); None: nothing worth an action."""
        if not cands:
            return None
        g, s, p = self.g, self.s, self.p
        here = p.pos
        if here == CORE:
            return None
        hand = Counter(g.res_type[c] for c in p.hand)
        cov = s.covered[here]
        icons = g.icons(here)
        missing = Counter(icons[j] for j, c in enumerate(cov) if not c)
        if not s.diverted[here] and not missing:
            lack = Counter(g.combo(here)) - hand
            if lack:
                for a in cands:
                    if lack[g.res_type[a.card]] > 0:
                        return 8.0 / (sum(lack.values()) + 1), a
            return None
        need = Counter({t: n - hand[t] for t, n in missing.items() if n > hand[t]})
        if need and (not s.diverted[here] or self._cubes(here) <= 1):
            for a in cands:
                if need[g.res_type[a.card]] > 0:
                    return (1.0 + self._danger(here)) / 2, a
        return None

    def _deck_ok(self) -> bool:
        """Scavenging empties the Resource deck faster; keep enough for the collections of
        the next round (the game may be lost the moment the deck is empty)."""
        o = self.g.options
        if not getattr(o, "lose_when_resource_deck_empty", True):
            return True
        return len(self.s.res_deck) > o.collect_from_deck * len(self.s.players) + 2

    def _repair_choice(self, cands: list):
        """The repair card: one whose type this room's combination does not also need."""
        s, p, g = self.s, self.p, self.g
        combo = Counter(g.combo(p.pos)) if not s.diverted[p.pos] else Counter()
        held = Counter(g.res_type[c] for c in p.hand)
        # prefer a card whose type is not also needed for this room's combination
        def spare(a) -> int:
            t = g.res_type[a.card]
            return 0 if held[t] > combo[t] else 1
        return min(cands, key=spare)

    def _value_at(self, q: int) -> float:
        """What the acting player's hand does in room ``q`` (repairs weighted by danger, a
        diversion it completes, the V2 room's own use), before travel."""
        s, g, p = self.s, self.g, self.p
        if q == CORE:
            return 100.0 if all(s.diverted[r] for r in OUTER) else 0.0
        hand = Counter(g.res_type[c] for c in p.hand)
        cov = s.covered[q]
        icons = g.icons(q)
        missing = Counter(icons[j] for j, c in enumerate(cov) if not c)
        fixable = sum(min(hand[t], n) for t, n in missing.items())
        cubes = self._cubes(q)
        danger = 3.0 if cubes <= 1 else (1.0 if cubes == 2 else 0.5)
        val = 0.0
        if not s.diverted[q]:
            val += fixable * (1.0 + danger)
            left = hand.copy()
            for t, n in missing.items():
                left[t] -= min(left[t], n)
            full = fixable + p.cubes >= sum(missing.values())
            if full and all(left[t] >= n for t, n in Counter(g.combo(q)).items()):
                val += 6.0
        elif cubes <= 1:
            val += min(fixable + p.cubes, 1) * 2.0 * danger
        if p.cubes and not s.diverted[q] and missing:
            val += min(p.cubes, sum(missing.values())) * (0.5 + danger)
        v2 = g.v2_action(q)
        if v2 == "Cargo Hold" and s.res_deck:
            val += 0.6
        elif v2 == "The Bridge" and len(s.damage_deck) > 2 and self.memo.get("bridge") != (id(g), s.turn):
            val += 0.5
        elif v2 == "The Armoury" and s.protection_supply > 0 and self._weak_crew() is not None:
            val += 0.7
        return val

    def _step(self):
        """One move toward the room with the best value minus travel (None: stay here)."""
        moves = self.by.get("move", [])
        if not moves:
            return None
        here = self.p.pos
        best_q, best = here, self._value_at(here) if here != CORE else self._value_at(CORE)
        for q in list(OUTER) + [CORE]:
            if q == here:
                continue
            v = self._value_at(q)
            if v <= 0:
                continue
            v -= 0.8 * _dist(here, q)
            # leave rooms others are heading to or standing in to them
            if any(t != self.seat and pl.pos == q for t, pl in enumerate(self.s.players)):
                v -= 0.5
            if v > best + 1e-9:
                best_q, best = q, v
        if best_q == here or best <= 0:
            return None
        # a step's worth: the target's value after travel, shared over the steps it takes
        worth = best / max(1, _dist(here, best_q)) if best_q != CORE else best
        return worth, min(moves, key=lambda a: (_dist(a.n, best_q), a.n))

    def _weak_crew(self) -> int | None:
        """Seat of a crew member standing in a non-core room with at most one cube and no
        Protection token (the one an Armoury token saves), or None."""
        for t, pl in enumerate(self.s.players):
            if pl.pos != CORE and pl.protection == 0 and self._cubes(pl.pos) <= 1:
                return t
        return None

    def _room_action(self, cands: list):
        """``(value, action)`` of the V2 room action worth most now (None: none)."""
        if not cands:
            return None
        g, s = self.g, self.s
        nm = g.v2_action(self.p.pos)
        if nm == "Cargo Hold":
            card, lack = self._best_card(cands)
            if card >= 0 and lack >= 1:
                return 1.2, next(a for a in cands if a.card == card)
            deck = next((a for a in cands if a.card < 0), None)
            return (0.8, deck) if deck is not None and self._deck_ok() else None
        if nm == "Engine Room":
            card, lack = self._best_card(cands)
            if card >= 0 and lack >= 1 and self._deck_ok():
                return 1.0, next(a for a in cands if a.card == card)
            return None
        if nm == "The Armoury":
            t = self._weak_crew()
            a = next((a for a in cands if a.target == t), None) if t is not None else None
            return (2.5, a) if a is not None else None
        if nm == "Repair Centre":
            best, bd = None, 99
            for a in cands:
                q = s.players[a.target].pos
                if q != CORE and not all(s.covered[q]) and self._cubes(q) < bd:
                    best, bd = a, self._cubes(q)
            return (1.0 + self._danger(s.players[best.target].pos) / 3, best) if best is not None else None
        if nm == "The Bridge":
            if len(s.damage_deck) > 2 and self.memo.get("bridge") != (id(g), s.turn):
                return 1.0, cands[0]
            return None
        if nm == "Medical Bay" and len(s.players) >= 3:
            full = [a for a in cands if len(a.cards) == 3]
            if full:
                # spread the tokens over the others, the next players first
                order = [(self.seat + k) % len(s.players) for k in range(1, len(s.players))]
                want = tuple(sorted(order[k % len(order)] for k in range(3)))
                return 1.5, next((a for a in full if tuple(sorted(a.cards)) == want), full[0])
        return None


def solar_greedy(game, seat: int, rng: random.Random, memo: dict | None = None):
    """The greedy Solar Storm bot's choice for ``seat`` (see the module docstring): an element
    of ``game.legal_actions(labels=False)``. ``memo``: a dict the caller keeps between
    decisions (the bot's memory of this game; None: none kept).

    Raises:
        ValueError: no legal action (the game is over).
    """
    return SolarPlanner(memo).choose(game, seat, rng)
