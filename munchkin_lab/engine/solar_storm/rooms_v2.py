"""The V2 room actions (Solar Storm Alternative Rooms, one section per room), implemented as
written: the ``room`` kind, whose fields mean what :data:`~.actions.ROOM_ACTION_HELP` says for
the room the player stands in, and ``place``, the second half of The Bridge (V2).

:data:`V2_ROOMS` is the room table: per V2 room its candidates, its check (the refusal
reason), its apply and its cost in actions, side by side; the ``room`` row of the action
table (``kinds.TABLE``) dispatches through it.

Readings where the rules are silent: Mess Hall (V2) "swap" = each of the two players gives
the other the same number of cards (1 or 2), the table's agreement being the action itself;
Medical Bay (V2) hands out 1 to 3 tokens (a zero-token use is refused as pointless); The Bridge
(V2) never looks at the Hull Breach, and a looked-at card not returned goes to the Damage
discard.

:class:`RoomsV2` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, permutations

from ...plural import plural
from .actions import SolarAction
from .refs import CORE_POS, HULL_BREACH, r_v2
from .state import PlayerState


@dataclass(frozen=True)
class V2Room:
    """One V2 room action: method names of the game class (``candidates(seat, p, out)``,
    ``check(a, p, rule) -> reason | None``, ``apply(a, p)``) and its ``cost`` in actions
    (a room card's ``effects.room_action.action_cost`` wins over it)."""

    candidates: str
    check: str
    apply: str
    cost: int = 1


#: V2 room name -> :class:`V2Room` (Solar Storm Alternative Rooms, each room's section)
V2_ROOMS: dict[str, V2Room] = {
    "Crew Quarters": V2Room("_cand_crew_quarters", "_why_crew_quarters", "_do_crew_quarters"),
    "Cargo Hold": V2Room("_cand_cargo_hold", "_why_cargo_hold", "_do_cargo_hold"),
    "Mess Hall": V2Room("_cand_mess_hall", "_why_mess_hall", "_do_mess_hall"),
    "Engine Room": V2Room("_cand_engine_room", "_why_engine_room", "_do_engine_room"),
    "Repair Centre": V2Room("_cand_repair_centre", "_why_repair_centre", "_do_repair_centre"),
    "Medical Bay": V2Room("_cand_medical_bay", "_why_medical_bay", "_do_medical_bay", cost=2),
    "The Bridge": V2Room("_cand_bridge", "_why_bridge", "_do_bridge"),
    "The Armoury": V2Room("_cand_armoury", "_why_armoury", "_do_armoury"),
}


class RoomsV2:
    """Mixin: the ``room`` kind (through :data:`V2_ROOMS`) and ``place``."""

    _V2_CAND: dict = {}
    _V2_CHECK: dict = {}
    _V2_APPLY: dict = {}

    # ------------------------------------------------------------------ the room kind
    def _room_cost(self, a: SolarAction) -> int:
        """Actions the room the player stands in takes: ``effects.room_action.action_cost``
        of its card, else the table's (Medical Bay (V2): 2; the others 1)."""
        pos = self.state.players[a.player].pos
        nm = self.v2_action(pos)
        eff = self.room_card(pos).effects.get("room_action") if nm else None
        if eff and isinstance(eff, dict) and isinstance(eff.get("action_cost"), int):
            return eff["action_cost"]
        return V2_ROOMS[nm].cost if nm in V2_ROOMS else 1

    def _cand_room(self, seat: int, p: PlayerState, out: list) -> None:
        nm = self.v2_action(p.pos)
        if nm in self._V2_CAND:
            self._V2_CAND[nm](self, seat, p, out)

    def _why_room(self, a: SolarAction, p: PlayerState) -> str | None:
        """The V2 action of the player's room; the core has none, a V1 (manual) room is
        resolved by hand (``resolve``)."""
        nm = self.v2_action(p.pos)
        if nm is None:
            if p.pos == CORE_POS:
                return "the Energy Core has no room action (activate it instead)"
            return (f"{self.room_card(p.pos).name}: its action is not in our sources; use 'resolve' "
                    "to resolve it by hand")
        return self._V2_CHECK[nm](self, a, p, r_v2(nm))

    def _do_room(self, a: SolarAction, p: PlayerState) -> None:
        self._V2_APPLY[self.v2_action(p.pos)](self, a, p)

    # ------------------------------------------------------------------ Crew Quarters (V2)
    def _cand_crew_quarters(self, seat: int, p: PlayerState, out: list) -> None:
        for t in range(len(self.state.players)):
            for q in range(9):
                out.append(SolarAction(seat, "room", target=t, n=q))

    def _why_crew_quarters(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """Any meeple ``t`` (the player's own too) to a room ``n`` without a meeple."""
        s = self.state
        n = len(s.players)
        if not 0 <= a.target < n:
            return f"choose a meeple (seat 0..{n - 1}) ({R})"
        if not 0 <= a.n <= 8:
            return f"destination must be a grid position 0..8 ({R})"
        if any(q.pos == a.n for q in s.players):
            return f"the destination must hold no other meeple ({R})"
        return None

    def _do_crew_quarters(self, a: SolarAction, p: PlayerState) -> None:
        q = self.state.players[a.target]
        q.pos = a.n
        self._say(f"{p.name} (Crew Quarters) moves {q.name} to {self.room_name(a.n)}.")

    # ------------------------------------------------------------------ Cargo Hold (V2)
    def _cand_cargo_hold(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "room"))
        out += [SolarAction(seat, "room", card=c) for c in self._distinct(self.state.face_up)]

    def _why_cargo_hold(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """One card: the top of the Resource deck (``c`` omitted) or face-up ``c``."""
        s = self.state
        if a.card == -1:
            return None if s.res_deck else f"the Resource deck is empty ({R})"
        return None if a.card in s.face_up else f"Resource {a.card} is not face up ({R})"

    def _do_cargo_hold(self, a: SolarAction, p: PlayerState) -> None:
        if a.card == -1:
            self._take_top(a.player)
        else:
            self._take_face_up(a.player, a.card)
        self._say(f"{p.name} (Cargo Hold) draws a Resource.")

    # ------------------------------------------------------------------ Mess Hall (V2)
    def _cand_mess_hall(self, seat: int, p: PlayerState, out: list) -> None:
        s = self.state
        others = [t for t in range(len(s.players)) if t != seat]
        for a_, b_ in combinations(others, 2):
            ha = self._distinct(s.players[a_].hand)
            hb = self._distinct(s.players[b_].hand)
            for x in ha:
                for y in hb:
                    out.append(SolarAction(seat, "room", target=a_, m=b_, cards=(x, y)))
            ha2 = self._pairs(s.players[a_].hand)
            hb2 = self._pairs(s.players[b_].hand)
            for x in ha2:
                for y in hb2:
                    out.append(SolarAction(seat, "room", target=a_, m=b_, cards=x + y))

    def _why_mess_hall(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """Two other players ``t`` and ``m`` swap 1 or 2 cards each way (``cs``: t's cards,
        then m's); 3 or 4 players only."""
        s = self.state
        n = len(s.players)
        if not 3 <= n <= 4:
            return f"only in a 3 or 4 player game ({R})"
        x, y = a.target, a.m
        if not (0 <= x < n and 0 <= y < n) or x == y:
            return f"choose two different other players ({R})"
        if a.player in (x, y):
            return f"you cannot give or receive cards yourself ({R})"
        cs = list(a.cards)
        if len(cs) not in (2, 4):
            return f"swap 1 or 2 cards each way: cs = t's cards then m's cards ({R})"
        h = len(cs) // 2
        if len(set(cs)) != len(cs) or any(c not in s.players[x].hand for c in cs[:h]) \
                or any(c not in s.players[y].hand for c in cs[h:]):
            return f"the first half of cs must be in {s.players[x].name}'s hand, the rest in {s.players[y].name}'s ({R})"
        return None

    def _do_mess_hall(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        x, y = s.players[a.target], s.players[a.m]
        h = len(a.cards) // 2
        for c in a.cards[:h]:
            x.hand.remove(c)
            y.hand.append(c)
        for c in a.cards[h:]:
            y.hand.remove(c)
            x.hand.append(c)
        self._say(f"{p.name} (Mess Hall) has {x.name} and {y.name} swap {plural(h, 'card')} each.")

    # ------------------------------------------------------------------ Engine Room (V2)
    def _cand_engine_room(self, seat: int, p: PlayerState, out: list) -> None:
        out += [SolarAction(seat, "room", card=c) for c in self._distinct(self.state.res_discard)]

    def _why_engine_room(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """``c``: any card of the Resource discard pile."""
        if a.card not in self.state.res_discard:
            return f"take a card that is in the Resource discard pile ({R})"
        return None

    def _do_engine_room(self, a: SolarAction, p: PlayerState) -> None:
        """Take ``c``; then the top Resource card goes to the discard pile."""
        s = self.state
        s.res_discard.remove(a.card)
        p.hand.append(a.card)
        if s.res_deck:
            s.res_discard.append(s.res_deck.pop())
        self._say(f"{p.name} (Engine Room) takes a {self._rt(a.card)} from the discard; the top "
                  "Resource card is discarded.")

    # ------------------------------------------------------------------ Repair Centre (V2)
    def _cand_repair_centre(self, seat: int, p: PlayerState, out: list) -> None:
        out += [SolarAction(seat, "room", target=t) for t in range(len(self.state.players)) if t != seat]

    def _why_repair_centre(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """A supply Repair cube to another player ``t``."""
        s = self.state
        if not 0 <= a.target < len(s.players) or a.target == a.player:
            return f"give the cube to another player, not yourself ({R})"
        if s.cube_supply <= 0:
            return f"no Repair cube in the supply ({R})"
        return None

    def _do_repair_centre(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        s.cube_supply -= 1
        s.players[a.target].cubes += 1
        self._say(f"{p.name} (Repair Centre) gives a Repair cube to {s.players[a.target].name}.")

    # ------------------------------------------------------------------ Medical Bay (V2)
    def _cand_medical_bay(self, seat: int, p: PlayerState, out: list) -> None:
        others = [t for t in range(len(self.state.players)) if t != seat]
        for k in (1, 2, 3):
            for combo in combinations_with_replacement(others, k):
                out.append(SolarAction(seat, "room", cards=tuple(combo)))

    def _why_medical_bay(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """1 to 3 supply Action tokens to other players (``cs``: one seat per token)."""
        s = self.state
        n = len(s.players)
        cs = list(a.cards)
        if not 1 <= len(cs) <= 3:
            return f"hand out 1 to 3 Action tokens, one cs entry per token ({R})"
        if any(not 0 <= t < n for t in cs):
            return f"tokens go to players (seats 0..{n - 1}) ({R})"
        if a.player in cs:
            return f"you cannot keep any Action token yourself ({R})"
        if len(cs) > s.token_supply:
            return f"only {plural(s.token_supply, 'Action token')} in the supply ({R})"
        return None

    def _do_medical_bay(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        for t in a.cards:
            s.players[t].tokens += 1
            s.token_supply -= 1
        self._say(f"{p.name} (Medical Bay) hands out {plural(len(a.cards), 'Action token')}.")

    # ------------------------------------------------------------------ The Bridge (V2)
    def _cand_bridge(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "room"))

    def _why_bridge(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """Needs a Damage card above the Hull Breach."""
        if len(self.state.damage_deck) <= 1:
            return f"no Damage card above the Hull Breach to look at ({R})"
        return None

    def _do_bridge(self, a: SolarAction, p: PlayerState) -> None:
        """Look at the top 2 Damage cards (never the Hull Breach): a pending ``bridge``,
        answered by ``place``."""
        s = self.state
        looked = [s.damage_deck.pop() for _ in range(min(2, len(s.damage_deck) - 1))]
        s.pending = {"kind": "bridge", "cards": looked}
        self._say(f"{p.name} (The Bridge) looks at the top {plural(len(looked), 'Damage card')}.")

    # ------------------------------------------------------------------ The Armoury (V2)
    def _cand_armoury(self, seat: int, p: PlayerState, out: list) -> None:
        out += [SolarAction(seat, "room", target=t) for t in range(len(self.state.players))]

    def _why_armoury(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """A supply Protection token to any player ``t``, the player included."""
        s = self.state
        if not 0 <= a.target < len(s.players):
            return f"give the token to a player (yourself allowed) ({R})"
        if s.protection_supply <= 0:
            return f"no Protection token in the supply ({R})"
        return None

    def _do_armoury(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        s.protection_supply -= 1
        s.players[a.target].protection += 1
        self._say(f"{p.name} (The Armoury) gives a Protection token to {s.players[a.target].name}.")

    # ------------------------------------------------------------------ place (The Bridge)
    def _cand_place(self, seat: int, p: PlayerState, out: list) -> None:
        cs = self.state.pending["cards"]
        for k in range(1, len(cs) + 1):
            for sub in permutations(cs, k):
                for top in range(k + 1):
                    out.append(SolarAction(seat, "place", cards=tuple(sub), n=top))

    def _why_place(self, a: SolarAction, p: PlayerState) -> str | None:
        """Return 1 or both looked-at cards (``cs``), the first ``n`` on top, the rest at the
        bottom above the Hull Breach (each group top first); the rest are discarded."""
        cs = list(a.cards)
        if not cs:
            return f"return 1 or both Damage cards ({r_v2('The Bridge')})"
        if len(set(cs)) != len(cs) or any(c not in self.state.pending["cards"] for c in cs):
            return "place only the Damage cards you looked at, each once"
        if not 0 <= a.n <= len(cs):
            return "n = how many of the cards go on top (0..number placed)"
        return None

    def _do_place(self, a: SolarAction, p: PlayerState) -> None:
        s = self.state
        cs = list(a.cards)
        dropped = len(s.pending["cards"]) - len(cs)
        top, bottom = cs[:a.n], cs[a.n:]
        for c in reversed(top):
            s.damage_deck.append(c)
        at = 1 if s.damage_deck and s.damage_deck[0] == HULL_BREACH else 0
        s.damage_deck[at:at] = list(reversed(bottom))
        for c in s.pending["cards"]:
            if c not in cs:
                s.damage_discard.append(c)
        s.pending = None
        self._say(f"The Bridge: {plural(len(top), 'Damage card')} on top, {len(bottom)} at the bottom "
                  f"(above the Hull Breach), {dropped} discarded.")


def build_v2_table(cls) -> None:
    """Resolve :data:`V2_ROOMS` into function lookups on the game class ``cls``."""
    cls._V2_CAND = {nm: getattr(cls, r.candidates) for nm, r in V2_ROOMS.items()}
    cls._V2_CHECK = {nm: getattr(cls, r.check) for nm, r in V2_ROOMS.items()}
    cls._V2_APPLY = {nm: getattr(cls, r.apply) for nm, r in V2_ROOMS.items()}
