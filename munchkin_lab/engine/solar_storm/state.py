"""The mutable state of a Solar Storm game: the crew (:class:`PlayerState`) and the ship, decks
and supplies (:class:`SolarState`). Internal: read a game through ``state_dict()``."""
from __future__ import annotations

import json


class PlayerState:
    """One crew member: ``name``, ``pos`` (grid position 0..8), ``hand`` (Resource card ids),
    ``cubes`` (held Repair cubes), ``tokens`` (Action tokens), ``protection`` (Protection
    tokens)."""

    __slots__ = ("name", "pos", "hand", "cubes", "tokens", "protection")

    def __init__(self, name: str, pos: int) -> None:
        self.name = name
        self.pos = pos
        self.hand: list[int] = []
        self.cubes = 0
        self.tokens = 0
        self.protection = 0

    def clone(self) -> "PlayerState":
        """An independent copy (undo snapshots)."""
        p = PlayerState.__new__(PlayerState)
        p.name, p.pos, p.hand, p.cubes = self.name, self.pos, self.hand[:], self.cubes
        p.tokens, p.protection = self.tokens, self.protection
        return p

    def raw(self) -> dict:
        """Plain JSON-able dict (saved games)."""
        return {"name": self.name, "pos": self.pos, "hand": self.hand[:], "cubes": self.cubes,
                "tokens": self.tokens, "protection": self.protection}

    @classmethod
    def from_raw(cls, d: dict) -> "PlayerState":
        """Inverse of :meth:`raw`.

        Raises:
            KeyError / TypeError: a missing or malformed field.
        """
        p = cls(d["name"], d["pos"])
        p.hand, p.cubes, p.tokens, p.protection = list(d["hand"]), d["cubes"], d["tokens"], d["protection"]
        return p


class SolarState:
    """Mutable state. Piles are lists with the TOP at the END. ``damage_deck[0]`` is the Hull
    Breach. ``covered[pos]`` lists which of the room's icons hold a cube (None for the core).

    Fields: ``players``, ``active`` (seat), ``turn``, ``phase`` (``actions`` | ``collect`` |
    ``over``), ``actions_left``, ``grid`` (pos -> room spec index), ``covered``, ``diverted``
    (pos -> bool), ``res_deck``, ``face_up``, ``res_discard``, ``damage_cards`` (Damage id ->
    tuple of positions it names; id 0, the Hull Breach, names none), ``damage_deck``,
    ``damage_discard``, ``cube_supply``, ``token_supply``, ``protection_supply``,
    ``rooms_discarded``, ``rooms_unused`` (room spec indices), ``cube_room`` (the room the
    active player has put one of their own Repair cubes on this turn, -1 none), ``supply_room``
    (the room with diverted power the active player repaired from the supply this turn while
    holding Repair cubes, -1 none), ``pending`` (None or a dict:
    ``{"kind": "scavenge", "left"}``, ``{"kind": "bridge", "cards"}``, ``{"kind": "manual",
    "room"}``), ``rng`` (generator state), ``forced`` (dice to come), ``last_roll``, ``won``,
    ``reason``.
    """

    LISTS = ("grid", "diverted", "res_deck", "face_up", "res_discard", "damage_deck",
             "damage_discard", "rooms_discarded", "rooms_unused", "forced")

    def __init__(self) -> None:
        self.players: list[PlayerState] = []
        self.active = 0
        self.turn = 1
        self.phase = "actions"  # actions | collect | over
        self.actions_left = 0
        self.grid: list[int] = []          # pos -> room spec index
        self.covered: list = []            # pos -> [bool]*room_cubes or None
        self.diverted: list[bool] = []
        self.res_deck: list[int] = []
        self.face_up: list[int] = []
        self.res_discard: list[int] = []
        self.damage_cards: tuple = ()      # id -> tuple of positions (id 0 = Hull Breach: ())
        self.damage_deck: list[int] = []
        self.damage_discard: list[int] = []
        self.cube_supply = 0
        self.token_supply = 0
        self.protection_supply = 0
        self.rooms_discarded: list[int] = []
        self.rooms_unused: list[int] = []
        self.cube_room = -1
        self.supply_room = -1
        self.pending: dict | None = None
        self.rng = 0
        self.forced: list[int] = []
        self.last_roll: int | None = None
        self.won = False
        self.reason = ""

    def clone(self) -> "SolarState":
        """An independent copy (undo snapshots, the initial state of a save)."""
        s = SolarState.__new__(SolarState)
        s.__dict__.update(self.__dict__)
        s.players = [p.clone() for p in self.players]
        for k in self.LISTS:
            setattr(s, k, getattr(self, k)[:])
        s.covered = [None if c is None else c[:] for c in self.covered]
        s.pending = None if self.pending is None else json.loads(json.dumps(self.pending))
        return s

    def to_raw(self) -> dict:
        """Plain JSON-able dict (the ``initial`` field of a saved game; ``rng`` as text)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("players",)}
        d = json.loads(json.dumps(d))
        d["players"] = [p.raw() for p in self.players]
        d["rng"] = str(self.rng)
        return d

    @classmethod
    def from_raw(cls, d: dict) -> "SolarState":
        """Inverse of :meth:`to_raw`.

        Raises:
            KeyError: an unknown state field (named); TypeError / ValueError: a malformed one.
        """
        s = cls()
        for k, v in d.items():
            if k == "players":
                s.players = [PlayerState.from_raw(p) for p in v]
            elif k == "damage_cards":
                s.damage_cards = tuple(tuple(x) for x in v)
            elif k == "rng":
                s.rng = int(v)
            elif hasattr(s, k):
                setattr(s, k, v)
            else:
                raise KeyError(f"unknown state field {k!r}")
        return s
