"""The V2 room actions (Solar Storm Alternative Rooms, one section per room), implemented as
written: the ``room`` kind, whose fields mean what :data:`~.actions.ROOM_ACTION_HELP` says for
the room the player stands in, and ``place``, the second half of The Bridge (V2).

:data:`V2_ACTIONS` is the action table: per ``effects.room_action`` key (``draw_resources``,
``give_action_tokens``...) the room whose section states it, its candidates, its check (the
refusal reason), its apply and the record it carries out, side by side; the ``room`` row of
the action table (``kinds.TABLE``) dispatches through it. A room card's action is picked from
its ``room_action`` (:func:`room_action_of`), never from its name: a designer's room with the
Medical Bay (V2)'s record is a Medical Bay; one whose record the engine cannot run is resolved
by hand (``by_hand``). Its cost in actions is its ``action_cost`` (1 when left out).

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
from typing import Any, Mapping

from ...plural import plural
from .actions import SolarAction
from .refs import CORE_POS, HULL_BREACH, r_v2, version_of
from .state import PlayerState


@dataclass(frozen=True)
class V2Room:
    """One V2 room action: the room whose section states it (``rule``: refusal citations and
    labels), method names of the game class (``candidates(seat, p, out)``, ``check(a, p, rule)
    -> reason | None``, ``apply(a, p)``) and ``runs``: the ``room_action`` record the methods
    carry out, as the shipped room prints it (the action's key and the keys that go with it)."""

    rule: str
    candidates: str
    check: str
    apply: str
    runs: Mapping[str, Any]


#: ``effects.room_action`` key -> :class:`V2Room` (Solar Storm Alternative Rooms, each room's
#: section): a room card runs the action of the one key of this table its ``room_action``
#: holds, whatever its name, so a designer's room with the same record does the same thing.
V2_ACTIONS: dict[str, V2Room] = {
    "move_meeple": V2Room("Crew Quarters", "_cand_crew_quarters", "_why_crew_quarters", "_do_crew_quarters",
                          {"move_meeple": {"which": "any", "including_own": True, "to": "room_without_meeple"}}),
    "draw_resources": V2Room("Cargo Hold", "_cand_cargo_hold", "_why_cargo_hold", "_do_cargo_hold",
                             {"draw_resources": {"count": 1, "from": ["deck", "face_up"]}}),
    "swap_between_two_others": V2Room(
        "Mess Hall", "_cand_mess_hall", "_why_mess_hall", "_do_mess_hall",
        {"swap_between_two_others": {"min_cards": 1, "max_cards": 2, "all_agree": True,
                                     "active_player_excluded": True}}),
    "take_from_resource_discard": V2Room("Engine Room", "_cand_engine_room", "_why_engine_room", "_do_engine_room",
                                         {"take_from_resource_discard": 1, "then_mill_resource_deck": 1}),
    "give_repair_cube": V2Room(
        "Repair Centre", "_cand_repair_centre", "_why_repair_centre", "_do_repair_centre",
        {"give_repair_cube": {"count": 1, "from": "supply", "to": "other_player", "requires_supply": True},
         "held_cube_repairs_without_discard": True}),
    "give_action_tokens": V2Room(
        "Medical Bay", "_cand_medical_bay", "_why_medical_bay", "_do_medical_bay",
        {"give_action_tokens": {"max": 3, "from": "supply", "to": "other_players", "split_freely": True}}),
    "look_at_damage": V2Room("The Bridge", "_cand_bridge", "_why_bridge", "_do_bridge",
                             {"look_at_damage": 2, "return_min": 1, "return_to": ["top", "bottom"],
                              "any_order": True, "hull_breach_stays_bottom": True}),
    "give_protection_token": V2Room(
        "The Armoury", "_cand_armoury", "_why_armoury", "_do_armoury",
        {"give_protection_token": {"count": 1, "from": "supply", "to": "any_player"},
         "protection_prevents_room_damage": True, "returned_only_when_used": True}),
}

#: ``room_action`` keys any action may carry, read elsewhere: its cost (``_room_cost``) and
#: the player counts it fits (``setup.fits_players``)
SHARED_KEYS = ("action_cost", "min_players", "max_players")


def _differs(want: Any, got: Any, path: str) -> str | None:
    """Where ``got`` (a card's value at ``path``) says something else than ``want`` (the
    handler's), or None: a list in any order, a sub-record field by field, a field left out
    meaning the printed room's value."""
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            return f"{path}: a record, got {got!r}"
        for k, v in got.items():
            if k not in want:
                return f"{path}.{k}: not a field of {path}"
            d = _differs(want[k], v, f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(want, list):
        if isinstance(got, (list, tuple)) and sorted(map(str, got)) == sorted(map(str, want)):
            return None
    elif type(got) is type(want) and got == want:
        return None
    shown = ", ".join(want) if isinstance(want, list) else str(want).lower() if isinstance(want, bool) else want
    return f"{path}: the engine runs only {shown}"


#: why a room card marked V1 runs no ``room_action`` (:func:`room_action_of`)
V1_RUNS_NONE = ("a V1 room's action is the base game's (the Alternative Rooms give their actions "
                "to the V2 cards only), not this room_action")


def room_action_of(effects: Mapping | None, version: str | None = None) -> tuple[str | None, str | None]:
    """The action a room card's ``effects.room_action`` asks for: ``(key of V2_ACTIONS, None)``
    when the engine runs it, ``(None, reason)`` when it cannot (the room is then resolved by
    hand), ``(None, None)`` without a ``room_action``. It runs when the record holds exactly
    one action key and every other key is a shared one or one that goes with that action, each
    with the value the action carries out (a key left out reads as the printed room's value);
    ``action_cost`` defaults to 1 (the vocabulary's reading).

    ``version``: the card's (``refs.version_of``). A room marked V1 runs none: the V1 room
    actions are the base game's and the alternative actions belong to the V2 cards (Solar
    Storm Alternative Rooms, Alternative Room Cards), so its action is resolved by hand like
    every V1 room's (:data:`V1_RUNS_NONE`). A room with no version (a designer's own) runs its
    record."""
    ra = (effects or {}).get("room_action")
    if not isinstance(ra, Mapping):
        return None, None
    if version == "V1":
        return None, V1_RUNS_NONE
    keys = [k for k in ra if k in V2_ACTIONS]
    if len(keys) != 1:
        return None, ("no action the engine knows" if not keys
                      else f"several actions ({', '.join(keys)}); the engine runs one per room")
    row = V2_ACTIONS[keys[0]]
    for k, v in ra.items():
        if k in SHARED_KEYS:
            continue
        if k not in row.runs:
            return None, f"{k} does not go with {keys[0]} (the action of {row.rule} (V2))"
        d = _differs(row.runs[k], v, k)
        if d:
            return None, f"{d} (the action of {row.rule} (V2))"
    return keys[0], None


class RoomsV2:
    """Mixin: the ``room`` kind (through :data:`V2_ACTIONS`) and ``place``."""

    _V2_CAND: dict = {}
    _V2_CHECK: dict = {}
    _V2_APPLY: dict = {}

    # ------------------------------------------------------------------ the room kind
    def _room_cost(self, a: SolarAction) -> int:
        """Actions the room the player stands in takes: ``effects.room_action.action_cost``
        of its card, else 1 (Medical Bay (V2) prints 2)."""
        pos = self.state.players[a.player].pos
        eff = self.room_card(pos).effects.get("room_action") if self.room_action_key(pos) else None
        if isinstance(eff, Mapping) and isinstance(eff.get("action_cost"), int):
            return eff["action_cost"]
        return 1

    def _cand_room(self, seat: int, p: PlayerState, out: list) -> None:
        key = self.room_action_key(p.pos)
        if key is not None:
            self._V2_CAND[key](self, seat, p, out)

    def _why_room(self, a: SolarAction, p: PlayerState) -> str | None:
        """The V2 action of the player's room (its ``room_action``); the core has none, a V1
        (manual) room, or one whose ``room_action`` the engine cannot run, is resolved by hand
        (``resolve``)."""
        key = self.room_action_key(p.pos)
        if key is None:
            if p.pos == CORE_POS:
                return "the Energy Core has no room action (activate it instead)"
            card = self.room_card(p.pos)
            why = room_action_of(card.effects, version_of(card))[1]
            return (f"{card.name}: " + (why if why == V1_RUNS_NONE
                                        else f"the engine cannot run its room_action ({why})" if why
                                        else "its action is not in our sources")
                    + "; use 'resolve' to resolve it by hand")
        return self._V2_CHECK[key](self, a, p, r_v2(V2_ACTIONS[key].rule))

    def _do_room(self, a: SolarAction, p: PlayerState) -> None:
        self._V2_APPLY[self.room_action_key(p.pos)](self, a, p)

    # ------------------------------------------------------------------ Crew Quarters (V2)
    def _cand_crew_quarters(self, seat: int, p: PlayerState, out: list) -> None:
        for t in range(len(self.state.players)):
            for q in range(9):
                out.append(SolarAction(seat, "room", target=t, n=q))

    def _why_crew_quarters(self, a: SolarAction, p: PlayerState, R: str) -> str | None:
        """Any meeple ``t`` (the player's own too) to a room ``n`` without a meeple. A meeple
        "moved" to the room it stands in does not move (the section speaks of moving it to a
        room with no other meeple: another room); refused, with that reason."""
        s = self.state
        n = len(s.players)
        if not 0 <= a.target < n:
            return f"choose a meeple (seat 0..{n - 1}) ({R})"
        if not 0 <= a.n <= 8:
            return f"destination must be a grid position 0..8 ({R})"
        if s.players[a.target].pos == a.n:
            return f"{s.players[a.target].name}'s meeple is already there: a move goes to another room ({R})"
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
    """Resolve :data:`V2_ACTIONS` into function lookups on the game class ``cls``."""
    cls._V2_CAND = {k: getattr(cls, r.candidates) for k, r in V2_ACTIONS.items()}
    cls._V2_CHECK = {k: getattr(cls, r.check) for k, r in V2_ACTIONS.items()}
    cls._V2_APPLY = {k: getattr(cls, r.apply) for k, r in V2_ACTIONS.items()}
