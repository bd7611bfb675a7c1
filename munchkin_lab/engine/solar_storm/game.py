""":class:`SolarStormGame`, the face of the Solar Storm package: one class made of the rule
areas' mixins (set-up, the round, moving, resources, damage and repairs, power, V2 rooms,
by-hand V1 rooms, the ship's grid, views, saves), the action table's dispatcher
(``kinds.py``) and the engine's shared undo/redo and log
(:class:`~munchkin_lab.engine.history.History`).
"""
from __future__ import annotations

from ..cards import CardSpec
from ..history import History
from ..turn_cap import TurnCount
from .. import rng as _rng
from .actions import SolarAction
from .by_hand import ByHand
from .damage import Damage
from .kinds import Dispatch, build_table
from .moving import Moving
from .options import SolarStormOptions
from .power import Power
from .refs import ROOM_NAMES, base_name, version_of
from .resources import Resources
from .rooms_v2 import RoomsV2, build_v2_table, room_action_of
from .round import Round
from .saves import Saves
from .setup import SetUp
from .ship import Ship
from .state import SolarState
from .views import Views


class SolarStormGame(SetUp, Dispatch, Round, Moving, Resources, Damage, Power, RoomsV2, ByHand,
                     Ship, Views, Saves, History, TurnCount):
    """One game of Solar Storm with the Alternative Rooms. Build with :meth:`new` or
    :meth:`from_json`.

    Public attributes: ``rooms`` (room spec index -> :class:`CardSpec`; the Energy Core last),
    ``options``, ``seed``, ``actions`` (the replay log), ``state`` (internal; read
    :meth:`state_dict`), ``res_type`` (Resource card id -> type name), ``names``.
    """

    game = "solar_storm"

    def __init__(self, rooms: list[CardSpec], names: list[str], seed: int,
                 options: SolarStormOptions, history: bool = True) -> None:
        self.rooms = rooms
        self.options = options
        self.seed = seed
        self.history = history
        self.names = names
        self._base = [base_name(r.name) for r in rooms]
        self._ver = [version_of(r) for r in rooms]
        self._act = [room_action_of(r.effects, v)[0] for r, v in zip(rooms, self._ver)]  # Ship.room_action_key
        self.core = len(rooms) - 1
        o = options
        self.res_type: list[str] = [t for t in o.resource_types for _ in range(o.resource_copies)]
        self._icons: dict[str, tuple] = {}
        self._combos: dict[str, tuple] = {}
        types = list(o.resource_types)
        for i, nm in enumerate(ROOM_NAMES):
            self._icons[nm] = tuple(types[(i + j) % len(types)] for j in range(o.room_cubes))
            self._combos[nm] = tuple(types[(i + 1 + j) % len(types)] for j in range(3))
        for nm, icons in o.room_icons:
            self._icons[nm] = tuple(icons)
        for nm, combo in o.room_combos:
            self._combos[nm] = tuple(combo)
        self._log: list[str] = []
        self._undo: list[tuple] = []
        self._redo: list[SolarAction] = []
        self.actions: list[SolarAction] = []
        self.state = SolarState()
        self.state.rng = _rng.seed_state(seed)
        self._initial: SolarState | None = None


build_table(SolarStormGame)
build_v2_table(SolarStormGame)
