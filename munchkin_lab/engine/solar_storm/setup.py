"""Set-up (Solar Storm Alternative Rooms, setup; public summary, card_facts.md (b)): checking
the room cards, dealing the ship around the Energy Core, the Damage deck and the set-up damage,
the Resource deck, hands and the face-up row, the first player.

:class:`SetUp` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from typing import Sequence

from .. import rng as _rng
from ..cards import CardSpec
from .options import SolarStormOptions, check_options
from .refs import CORE_POS, ENERGY_CORE, HULL_BREACH, OUTER, r_base, R_SETUP, ROOM_NAMES, base_name
from .state import PlayerState


def player_names(players) -> list[str]:
    """The crew's names from a count 1..4 (``"P1".."Pn"``) or a list of names (or of dicts
    with a ``name``).

    Raises:
        ValueError: a count or list length outside 1..4 (public summary, card_facts.md (b)),
            an empty or non-text name (``players[i]``), names that repeat.
    """
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(f"players: Solar Storm takes 1 to 4 players ({r_base('Players')}), got {players}")
        return [f"P{i + 1}" for i in range(players)]
    names = []
    for i, e in enumerate(players):
        if isinstance(e, dict):
            e = e.get("name", f"P{i + 1}")
        if not isinstance(e, str) or not e.strip():
            raise ValueError(f"players[{i}]: a non-empty name")
        names.append(e)
    if not 1 <= len(names) <= 4:
        raise ValueError(f"players: Solar Storm takes 1 to 4 players ({r_base('Players')}), got {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError("players: names must be distinct")
    return names


def default_core() -> CardSpec:
    """The Energy Core card made when the room cards do not include one."""
    return CardSpec.make(name=ENERGY_CORE, set="solar_storm", kind="ship_room", deck="ship_room",
                         effects={"room": {"indestructible": True}}, manual=True)


class SetUp:
    """Mixin: :meth:`new`, the deal (:meth:`_setup`), :meth:`fits_players`, :meth:`begin`."""

    @classmethod
    def new(cls, players: int | Sequence = 2, rooms: Sequence[CardSpec] = (), seed: int = 0,
            options: SolarStormOptions | dict | None = None, history: bool = True):
        """Deal the ship and start a game.

        Args:
            players: a count 1..4 (names "P1".."Pn") or a list of distinct names.
            rooms: ship room cards (8 or 16: V1/V2 of the eight rooms, or designer rooms) and
                optionally the Energy Core (made automatically when absent).
            seed: RNG seed (room deal, deck shuffles, dice), 0..2**64-1 (:func:`rng.check_seed`).
            options: :class:`SolarStormOptions` (or a dict of its fields).
            history: keep undo snapshots and the plain-words log.

        Setup (Solar Storm Alternative Rooms, setup): the room cards are shuffled and dealt
        around the core; a card whose name (version ignored) is already on the grid is
        discarded and another dealt, until 8 different names are placed. A room whose action
        needs more (or fewer) players than the game has is discarded the same way when its
        other version is still to be dealt: with 1 or 2 players the Mess Hall (V2), usable
        with 3 or 4 players only (Alternative Rooms, Mess Hall (V2)), gives way to the V1
        Mess Hall, and in a solo game so do the Repair Centre (V2) and Medical Bay (V2), which
        give only to other players (:meth:`fits_players`), since its action could never be taken (our reading: the rules say when the
        V2 card may be used, not how to deal it; with no V1 card in the set the V2 stays and
        its action is refused). Then (public
        summary, card_facts.md (b)): 3 cubes per room, Damage deck built with the Hull Breach at
        the bottom, Damage cards revealed until ``setup_damage_cubes`` cubes are stripped,
        Resource deck shuffled, hands and the face-up row dealt.

        Raises:
            ValueError: a card that is not a ship room, fewer than 8 distinct room names (the
                message names the missing rooms), a bad player count/name or bad options.
        """
        seed = _rng.check_seed(seed)
        if isinstance(options, dict):
            options = SolarStormOptions.from_dict(options)
        o = options or SolarStormOptions()
        names = player_names(players)
        check_options(o)
        core = None
        outer: list[CardSpec] = []
        for i, sp in enumerate(rooms):
            if not isinstance(sp, CardSpec):
                raise ValueError(f"rooms[{i}]: expected a CardSpec, got {type(sp).__name__}")
            if sp.kind != "ship_room":
                raise ValueError(f"rooms[{i}] ({sp.name}): kind {sp.kind!r} is not a ship room")
            if base_name(sp.name).lower() == ENERGY_CORE.lower():
                if core is not None:
                    raise ValueError(f"rooms[{i}]: a second Energy Core")
                core = sp
            else:
                outer.append(sp)
        distinct = sorted({base_name(sp.name) for sp in outer})
        if len(distinct) < 8:
            missing = [n for n in ROOM_NAMES if n not in distinct]
            raise ValueError(
                f"rooms: the ship needs 8 differently named rooms around the Energy Core "
                f"({R_SETUP}); got {len(distinct)} ({', '.join(distinct) or 'none'}); "
                f"missing: {', '.join(missing)}")
        specs = outer + [core or default_core()]
        g = cls(specs, names, seed, o, history)
        g._setup()
        g._say(f"New Solar Storm game: {', '.join(names)}; seed {seed}; ship: "
               + ", ".join(g.rooms[g.state.grid[p]].name for p in OUTER) + ".")
        g._initial = g.state.clone()
        return g

    def _setup(self) -> None:
        """The deal (see :meth:`new`): grid, cubes, Damage deck and set-up damage, Resource
        deck, hands, face-up row, first player and their actions.

        Raises:
            ValueError: ``options.room_order[j]`` names no (more) room card.
        """
        s, o = self.state, self.options
        order = list(range(self.core))
        listed: list[int] = []
        for j, nm in enumerate(o.room_order):
            cand = [i for i in order if self.rooms[i].name.lower() == str(nm).lower() and i not in listed]
            if not cand:
                raise ValueError(f"options.room_order[{j}]: no (more) room card named {nm!r}")
            listed.append(cand[0])
        rest = [i for i in order if i not in listed]
        s.rng = _rng.shuffle(s.rng, rest)
        deal = listed + rest  # top first
        s.grid = [-1] * 9
        s.grid[CORE_POS] = self.core
        placed: set[str] = set()
        slots = list(OUTER)
        k = 0
        while slots:
            i = deal[k]
            k += 1
            nm = self._base[i].lower()
            if nm in placed:
                s.rooms_discarded.append(i)
                continue
            if not self.fits_players(i) and any(self._base[j].lower() == nm and self.fits_players(j)
                                                for j in deal[k:]):
                # e.g. Mess Hall (V2) with 1-2 players: its action could never be taken, so
                # it is discarded like a duplicate and the other version is dealt in its place
                s.rooms_discarded.append(i)
                continue
            placed.add(nm)
            s.grid[slots.pop(0)] = i
        s.rooms_unused = deal[k:]
        s.covered = [None if p == CORE_POS else [True] * o.room_cubes for p in range(9)]
        s.diverted = [False] * 9
        # Damage deck: placeholder cards naming 1, 2, 3 rooms (escalation, public summary).
        cards: list[tuple] = [()]
        deck: list[int] = [HULL_BREACH]
        for size, count in reversed(o.damage_tiers):
            tier = []
            for i in range(count):
                tier.append(len(cards))
                cards.append(tuple(OUTER[(i + j) % 8] for j in range(min(size, 8))))
            s.rng = _rng.shuffle(s.rng, tier)
            deck.extend(tier)
        s.damage_cards = tuple(cards)
        s.damage_deck = deck
        s.cube_supply = o.extra_repair_cubes
        s.token_supply = o.action_tokens
        s.protection_supply = o.protection_tokens
        stripped = 0
        while stripped < o.setup_damage_cubes and len(s.damage_deck) > 1:
            c = s.damage_deck.pop()
            for pos in s.damage_cards[c]:
                if stripped < o.setup_damage_cubes and self._strip(pos):
                    stripped += 1
            s.damage_discard.append(c)
        s.res_deck = list(range(len(self.res_type)))
        s.rng = _rng.shuffle(s.rng, s.res_deck)
        s.players = [PlayerState(n, o.start_position) for n in self.names]
        for p in s.players:
            for _ in range(o.starting_resources):
                if s.res_deck:
                    p.hand.append(s.res_deck.pop())
        self._refill()
        s.active = o.first_player % len(s.players)
        s.actions_left = o.actions_per_turn

    def fits_players(self, i: int) -> bool:
        """True when room card ``i`` may be used with this game's player count: its
        ``effects.room_action`` ``min_players``/``max_players`` (default 1..4). The Mess
        Hall (V2): 3 or 4 players (Solar Storm Alternative Rooms, Mess Hall (V2)). The Repair
        Centre (V2) and the Medical Bay (V2): 2 or more, since both give only to other players
        (a cube never to yourself; Action tokens you may not keep): the rulebook sets them no
        player count, but alone on the ship their action could never be taken (our reading,
        as for the Mess Hall (V2)). A V1 room's ``room_action`` is not its action
        (``rooms_v2.room_action_of``): its counts are not read."""
        ra = (self.rooms[i].effects.get("room_action") or {}) if self._ver[i] != "V1" else {}
        return int(ra.get("min_players", 1)) <= len(self.names) <= int(ra.get("max_players", 4))

    def begin(self) -> None:
        """Re-mark the current state as the initial state (scenario setups edit the state
        after :meth:`new`). Clears undo/redo and the action log."""
        self._initial = self.state.clone()
        self._undo.clear()
        self._redo.clear()
        self.actions.clear()
