"""V1 rooms, resolved by hand. The V1 room actions are in the base rulebook, which we do not
have, so they are never invented: in a V1 room (any ``manual`` room card, or a designer room
whose ``room_action`` is no action the engine runs: ``rooms_v2.room_action_of``) ``resolve`` (1 action) opens a pending ``manual`` step in which the
table applies the card's outcome as small state changes (``adj_card``, ``adj_cube``,
``adj_token``, ``adj_meeple``, ``adj_power``), then ``done`` -- the same idea as the Munchkin
engine's ``resolve`` of a manual card. Source: V1 room action not in our sources (issue 4).

:class:`ByHand` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from .actions import SolarAction
from .refs import CORE_POS
from .state import PlayerState

#: ``adj_card`` destinations besides a seat: the Resource discard, the deck top, the deck
#: bottom, the face-up row
TO_DISCARD, TO_DECK_TOP, TO_DECK_BOTTOM, TO_FACE_UP = -2, -3, -4, -5


class ByHand:
    """Mixin: the ``resolve``, ``adj_*`` and ``done`` kinds."""

    # ------------------------------------------------------------------ resolve
    def _cand_resolve(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "resolve"))

    def _why_resolve(self, a: SolarAction, p: PlayerState) -> str | None:
        """Only in a room whose action is not in our sources (V1)."""
        if not self.is_manual(p.pos):
            return ("resolve by hand is for rooms whose action is not in our sources (V1); "
                    f"{self.room_name(p.pos)} here is "
                    + ("the Energy Core" if p.pos == CORE_POS else "V2: use 'room'"))
        return None

    def _do_resolve(self, a: SolarAction, p: PlayerState) -> None:
        self.state.pending = {"kind": "manual", "room": p.pos}
        self._say(f"{p.name} resolves {self.room_card(p.pos).name} by hand.")

    # ------------------------------------------------------------------ labels
    def _by_hand_label(self, a: SolarAction) -> str:
        """An ``adj_*`` action in a player's words (the board's button, the log): what moves
        where, e.g. "by hand: a Repair cube from the supply onto The Armoury"."""
        s = self.state

        def who(t: int) -> str:
            return s.players[t].name if 0 <= t < len(s.players) else f"seat {t}"

        def place(loc: int) -> str:  # a Repair cube's place (see _why_adj_cube)
            if loc == -1:
                return "the supply"
            return who(loc - 10) if loc >= 10 else self.room_name(loc) if 0 <= loc <= 8 else f"place {loc}"

        k = a.kind
        if k == "adj_card":
            where = self._where(a.card)
            src = "" if where is None else \
                f" from {who(where[1])}'s hand" if where[0] == "hand" else \
                {"res_deck": " from the Resource deck", "face_up": " from the face-up Resources",
                 "res_discard": " from the Resource discard pile"}[where[0]]
            dst = {TO_DISCARD: "the Resource discard pile", TO_DECK_TOP: "the top of the Resource deck",
                   TO_DECK_BOTTOM: "the bottom of the Resource deck", TO_FACE_UP: "the face-up Resources"}
            to = f"{who(a.target)}'s hand" if a.target >= 0 else dst.get(a.target, f"place {a.target}")
            return f"by hand: move {self._rt(a.card)}{src} to {to}"
        if k == "adj_cube":
            onto = "onto" if 0 <= a.m <= 8 else "to"
            return f"by hand: move a Repair cube from {place(a.n)} {onto} {place(a.m)}"
        if k == "adj_token":
            token = "a Protection token" if a.m == 1 else "an Action token"
            if a.n < 0:
                return f"by hand: {who(a.target)} returns {token} to the supply"
            return f"by hand: {who(a.target)} takes {token} from the supply"
        if k == "adj_meeple":
            return f"by hand: put {who(a.target)}'s meeple in {self.room_name(a.n) if 0 <= a.n <= 8 else a.n}"
        if k == "adj_power":
            return f"by hand: {'divert power to' if a.m else 'take the diverted power off'} {place(a.n)}"
        return f"by hand: {k.replace('_', ' ')}"

    # ------------------------------------------------------------------ done
    def _cand_done(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "done"))

    def _why_done(self, a: SolarAction, p: PlayerState) -> str | None:
        """The by-hand resolution ends whenever the table says so."""
        return None

    def _do_done(self, a: SolarAction, p: PlayerState) -> None:
        self.state.pending = None
        self._say("By-hand resolution done.")

    # ------------------------------------------------------------------ adj_card
    def _where(self, c: int) -> tuple | None:
        """Where Resource card ``c`` is: ``("hand", seat)``, ``("res_deck" | "face_up" |
        "res_discard", None)``, or None when no such card."""
        s = self.state
        for i, p in enumerate(s.players):
            if c in p.hand:
                return ("hand", i)
        for nm in ("res_deck", "face_up", "res_discard"):
            if c in getattr(s, nm):
                return (nm, None)
        return None

    def _cand_adj_card(self, seat: int, p: PlayerState, out: list) -> None:
        for c in p.hand[:1]:
            out.append(SolarAction(seat, "adj_card", card=c, target=TO_DISCARD))

    def _why_adj_card(self, a: SolarAction, p: PlayerState) -> str | None:
        """Any Resource card ``c`` to a seat ``t`` or a pile (-2 .. -5)."""
        if self._where(a.card) is None:
            return f"no Resource card {a.card}"
        if not (0 <= a.target < len(self.state.players)
                or a.target in (TO_DISCARD, TO_DECK_TOP, TO_DECK_BOTTOM, TO_FACE_UP)):
            return "destination t: a seat, -2 discard, -3 deck top, -4 deck bottom, -5 face-up"
        return None

    def _do_adj_card(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        said = self._by_hand_label(a)  # before the move: it names where the card comes from
        where, owner = self._where(a.card)
        if where == "hand":
            s.players[owner].hand.remove(a.card)
        else:
            getattr(s, where).remove(a.card)
        t = a.target
        if t >= 0:
            s.players[t].hand.append(a.card)
        elif t == TO_DISCARD:
            s.res_discard.append(a.card)
        elif t == TO_DECK_TOP:
            s.res_deck.append(a.card)
        elif t == TO_DECK_BOTTOM:
            s.res_deck.insert(0, a.card)
        else:
            s.face_up.append(a.card)
        self._say(f"B{said[1:]}.")

    # ------------------------------------------------------------------ adj_cube
    def _cand_adj_cube(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "adj_cube", n=-1, m=p.pos))
        out.append(SolarAction(seat, "adj_cube", n=p.pos, m=-1))

    def _why_adj_cube(self, a: SolarAction, p: PlayerState) -> str | None:
        """One Repair cube from ``n`` to ``m``: -1 the supply, 0..8 a room (not the core),
        10+seat a player; the source must hold one, a destination room a free icon."""
        s = self.state
        n = len(s.players)
        if a.n == a.m:
            return "a cube moves between two different places"
        for loc, role in ((a.n, "from"), (a.m, "to")):
            if loc == -1 or (10 <= loc < 10 + n):
                continue
            if 0 <= loc <= 8 and loc != CORE_POS:
                continue
            return f"{role}: -1 supply, 0..8 a room (not the core), 10+seat a player"
        if a.n == -1 and s.cube_supply <= 0:
            return "no cube in the supply"
        if 10 <= a.n and s.players[a.n - 10].cubes <= 0:
            return f"{s.players[a.n - 10].name} holds no cube"
        if 0 <= a.n <= 8 and not any(s.covered[a.n]):
            return f"{self.room_name(a.n)} has no cube"
        if 0 <= a.m <= 8 and all(s.covered[a.m]):
            return f"{self.room_name(a.m)} has no damaged section"
        return None

    def _do_adj_cube(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        if a.n == -1:
            s.cube_supply -= 1
        elif a.n >= 10:
            s.players[a.n - 10].cubes -= 1
        else:
            self._strip(a.n)
            s.cube_supply -= 1  # _strip put it in the supply; it moves on
        if a.m == -1:
            s.cube_supply += 1
        elif a.m >= 10:
            s.players[a.m - 10].cubes += 1
        else:
            self._cover(a.m)
        self._say(f"B{self._by_hand_label(a)[1:]}.")

    # ------------------------------------------------------------------ adj_token
    def _cand_adj_token(self, seat: int, p: PlayerState, out: list) -> None:
        for t in range(len(self.state.players)):
            out.append(SolarAction(seat, "adj_token", target=t, n=1, m=0))
            out.append(SolarAction(seat, "adj_token", target=t, n=1, m=1))

    def _why_adj_token(self, a: SolarAction, p: PlayerState) -> str | None:
        """Player ``t`` takes (``n=1``) or returns (``n=-1``) an Action (``m=0``) or
        Protection (``m=1``) token."""
        s = self.state
        if not 0 <= a.target < len(s.players) or a.n not in (1, -1) or a.m not in (0, 1):
            return "t = seat, n = 1 take / -1 return, m = 0 Action / 1 Protection token"
        q = s.players[a.target]
        held = q.tokens if a.m == 0 else q.protection
        supply = s.token_supply if a.m == 0 else s.protection_supply
        if a.n == 1 and supply <= 0:
            return "no such token in the supply"
        if a.n == -1 and held <= 0:
            return f"{q.name} holds no such token"
        return None

    def _do_adj_token(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        q = s.players[a.target]
        if a.m == 0:
            q.tokens += a.n
            s.token_supply -= a.n
        else:
            q.protection += a.n
            s.protection_supply -= a.n
        self._say(f"By hand: {q.name} {'takes' if a.n > 0 else 'returns'} a "
                  f"{'Protection' if a.m else 'Action'} token.")

    # ------------------------------------------------------------------ adj_meeple, adj_power
    def _why_adj_meeple(self, a: SolarAction, p: PlayerState) -> str | None:
        """Player ``t``'s meeple to position ``n``."""
        if not 0 <= a.target < len(self.state.players) or not 0 <= a.n <= 8:
            return "t = seat, n = position 0..8"
        return None

    def _do_adj_meeple(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        s.players[a.target].pos = a.n
        self._say(f"By hand: {s.players[a.target].name} goes to {self.room_name(a.n)}.")

    def _why_adj_power(self, a: SolarAction, p: PlayerState) -> str | None:
        """Room ``n``'s power diverted (``m=1``) or not (``m=0``)."""
        if not 0 <= a.n <= 8 or a.n == CORE_POS or a.m not in (0, 1):
            return "n = room position (not the core), m = 0 or 1"
        return None

    def _do_adj_power(self, a: SolarAction, p: PlayerState) -> None:
        self.state.diverted[a.n] = bool(a.m)
        self._say(f"By hand: {self.room_name(a.n)} power diverted = {bool(a.m)}.")
