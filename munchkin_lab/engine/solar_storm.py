"""Solar Storm (cooperative) with the Alternative Rooms mini expansion, as a pure-Python game.

Same public API as the Munchkin engine (:class:`munchkin_lab.engine.game.Game`) so the board and
the scenario tools serve both games::

    >>> g = SolarStormGame.new(players=3, rooms=room_specs, seed=7)
    >>> a = g.legal_actions()[0]; g.play(a); g.undo(); g.redo()
    >>> SolarStormGame.from_json(g.to_json()).state_dict() == g.state_dict()
    True

Sources and how they are cited in docstrings and refusal reasons:

* ``"Solar Storm Alternative Rooms, <Room> (V2)"`` / ``"Solar Storm Alternative Rooms, setup"``:
  the mini-expansion rules (``shared/seeds/003_...txt``). These are implemented as written.
* ``"public summary, card_facts.md (b)"``: the base loop (3 actions, move, scavenge table,
  share, repair, divert power, collection, escalating damage, win/lose). These numbers come from
  reviews and a game-help page, not from the rulebook, so every one of them lives in
  :class:`SolarStormOptions`.
* ``"placeholder"``: facts no source gives (Resource type names, card counts, the resource icons
  and diversion combination of each room, starting hands, token supplies, start room). The
  defaults only make the game playable; a designer overrides them in the options.
* V1 room actions are in the base rulebook, which we do not have. They are never invented: a V1
  room (any ``manual`` room card) offers ``resolve``, a by-hand resolution in which the table
  applies the card's outcome as a short list of small state changes (``adj_*`` actions), then
  ``done`` -- the same idea as the Munchkin engine's ``resolve`` action.

Readings where the sources are silent (each one a single place in the code):

* Mess Hall (V2): "swap" = each of the two players gives the other the same number of cards
  (1 or 2); the table's agreement is the action itself. Medical Bay (V2): 1 to 3 tokens (a
  zero-token use is refused as pointless). The Bridge (V2): the Hull Breach is never among the
  looked-at cards; a looked-at card not returned goes to the Damage discard.
* Mess Hall (V2) is usable with 3 or 4 players only; with 1 or 2 players the deal skips it for
  the V1 Mess Hall (see :meth:`SolarStormGame.new`).
* Action tokens are spent automatically once the turn's own actions are used up.
* A damaged room with several Protection holders uses the token of the first holder in turn
  order from the active player.
* Revealing the Hull Breach (only possible once the Damage deck above it is exhausted) loses;
  the Resource deck "runs out" = the game is lost the moment it is empty.
* Hands are open information in :meth:`SolarStormGame.view` (a cooperative game).

Grid: positions 0..8, row-major (``pos = row * 3 + col``), the Energy Core at 4.

Action text form (identical rules to :mod:`munchkin_lab.engine.actions`)::

    <player> <kind> [c=<int>] [t=<seat>] [n=<int>] [m=<int>] [cs=<int>,<int>,...]

Resource cards and Damage cards are ints (ids, see ``state_dict()``); the meaning of the fields
per kind is in :data:`KINDS`. ``SolarAction.parse(str(a)) == a`` for every action.

No database, widget or file I/O: rooms arrive as :class:`~munchkin_lab.engine.cards.CardSpec`.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from itertools import combinations, combinations_with_replacement
from typing import Any, Sequence

from . import rng as _rng
from .actions import Action, IllegalActionError
from .cards import CardSpec, FrozenDict
from .history import History

__all__ = ["SolarStormGame", "SolarStormOptions", "SolarAction", "SolarOutcome", "KINDS",
           "ROOM_NAMES", "ENERGY_CORE", "CORE_POS", "IllegalActionError", "base_name"]

R_BASE = "public summary, card_facts.md (b)"
R_SETUP = "Solar Storm Alternative Rooms, setup"
R_MANUAL = "V1 room action not in our sources: resolved by hand"

#: The eight ship rooms (each printed as V1 and V2), in a fixed reference order.
ROOM_NAMES = ("Crew Quarters", "Cargo Hold", "Mess Hall", "Engine Room", "Repair Centre",
              "Medical Bay", "The Bridge", "The Armoury")
ENERGY_CORE = "Energy Core"
CORE_POS = 4
OUTER = (0, 1, 2, 3, 5, 6, 7, 8)
HULL_BREACH = 0  # damage card id 0 is always the Hull Breach

#: Every action kind with the meaning of its fields (also the board's help text).
KINDS: dict[str, str] = {
    "move": "move your meeple 1 step orthogonally to position n (1 action)",
    "scavenge": "roll the die; the table gives 0, 1 or 2 Resource cards, then pick them (1 action)",
    "pick": "scavenge pick: face-up Resource c, or the top of the Resource deck (c omitted)",
    "give": "share: give Resource c to player t in your room (1 action)",
    "take": "share: take Resource c from player t in your room (1 action)",
    "repair": "discard Resource c matching an uncovered icon of your room; a supply cube covers it (1 action)",
    "repair_cube": "put one of your own Repair cubes on your room, no discard (1 action)",
    "divert": "discard Resources cs (the room's combination) to divert your room's power (1 action)",
    "room": "use the V2 action of the room you are in (fields per room, see room_action_help)",
    "place": "The Bridge (V2): put back looked-at Damage cards cs (first n on top, rest at the bottom, "
             "each group listed top first); the others are discarded",
    "resolve": "start resolving the manual (V1) room you are in by hand (1 action)",
    "adj_card": "by hand: move Resource c to player t's hand (t>=0), discard (-2), deck top (-3), "
                "deck bottom (-4) or the face-up row (-5)",
    "adj_cube": "by hand: move one Repair cube from n to m (-1 supply, 0..8 room position, 10+seat player)",
    "adj_token": "by hand: player t takes (n=1) or returns (n=-1) an Action token (m=0) or "
                 "Protection token (m=1)",
    "adj_meeple": "by hand: put player t's meeple on position n",
    "adj_power": "by hand: set room n's diverted power to m (0/1)",
    "done": "finish the by-hand resolution",
    "activate": "activate the Energy Core (all 8 rooms diverted, you stand in the core) (1 action)",
    "end_actions": "end the action phase",
    "collect": "resource collection: 2 from the deck (c omitted) or face-up Resource c",
}

#: Field meaning of ``room`` per V2 room (Solar Storm Alternative Rooms).
ROOM_ACTION_HELP: dict[str, str] = {
    "Crew Quarters": "t = seat of the meeple to move, n = destination position (no meeple there)",
    "Cargo Hold": "c = face-up Resource to take, or c omitted for the top of the deck",
    "Mess Hall": "t, m = the two other players; cs = t's k cards then m's k cards (k = 1 or 2)",
    "Engine Room": "c = Resource card taken from the discard pile",
    "Repair Centre": "t = the other player who gets a Repair cube from the supply",
    "Medical Bay": "cs = receiving seats, one entry per Action token (1 to 3, never yourself)",
    "The Bridge": "no field: look at the top 2 Damage cards, then 'place'",
    "The Armoury": "t = player (yourself allowed) who gets a Protection token",
}

_VERSION_RE = re.compile(r"\s*\((V\d+)\)\s*$", re.IGNORECASE)


def base_name(name: str) -> str:
    """Room name without its version suffix: ``"Mess Hall (V2)"`` -> ``"Mess Hall"``."""
    return _VERSION_RE.sub("", name).strip()


def _version(spec: CardSpec) -> str | None:
    if spec.version:
        return spec.version.upper()
    mt = _VERSION_RE.search(spec.name)
    return mt.group(1).upper() if mt else None


@dataclass(frozen=True, slots=True)
class SolarAction(Action):
    """A Solar Storm decision: the fields of :class:`munchkin_lab.engine.actions.Action`
    (``player``, ``kind``, ``card``, ``target``, ``n``, ``m``, ``cards``, ``label``) and the
    same text form; ``kind`` is a key of this module's :data:`KINDS`."""

    _game_words = "Solar Storm "

    @classmethod
    def _kinds(cls) -> dict[str, str]:
        return KINDS


@dataclass(frozen=True)
class SolarStormOptions:
    """Fixed settings of a Solar Storm game. Base-loop numbers are from a public summary
    (card_facts.md (b)); "placeholder" values are not in any source we have.

    Attributes:
        actions_per_turn: actions per turn (public summary: 3).
        scavenge_table: Resource cards for die faces 1..6 (public summary: 1-2 none, 3-5 one,
            6 two).
        face_up: size of the face-up Resource row (public summary, kibbins: 2).
        collect_from_deck: cards taken face down in resource collection (public summary: 2).
        collect_from_face_up: face-up cards taken instead (public summary: 1).
        room_cubes: Repair cubes (= resource icons) per room (public summary: 3).
        setup_damage_cubes: cubes stripped by Damage cards at setup (public summary: 6).
        damage_tiers: ``((rooms per card, cards), ...)`` from the top of the Damage deck down;
            escalation 1 -> 2 -> 3 rooms is from the public summary, the card counts (8 each) and
            which rooms a card names are placeholders.
        resource_types: the 4 Resource type names (placeholder: "A".."D"; real names unverified).
        resource_copies: cards per type (placeholder: 12).
        starting_resources: cards dealt to each player at setup (placeholder: 2).
        start_position: grid position where meeples start (placeholder: 4, the Energy Core).
        action_tokens / protection_tokens: tokens in the supply (placeholders: 8 / 4).
        extra_repair_cubes: cubes in the supply besides those stripped from rooms (placeholder 0).
        divert_requires_full_repair: divert only from a room with all icons covered (public
            summary, kibbins).
        lose_when_resource_deck_empty: the game is lost the moment the Resource deck is empty
            (public summary: "runs out"; the exact moment is our reading).
        bank_unused_actions: unused actions become Action tokens (public summary mentions saving
            actions; limit unverified, so off by default).
        room_icons / room_combos: ``((room name, (type, type, type)), ...)``: a room's resource
            icons and its diversion combination (placeholder: derived from the room's place in
            :data:`ROOM_NAMES`).
        room_order: room card names dealt in this order (top first) instead of a shuffle; cards
            not listed follow, shuffled (scenarios).
        first_player: seat of the first player.
        max_turns: stop after this many turns (simulation cap), or None.
    """

    actions_per_turn: int = 3
    scavenge_table: tuple = (0, 0, 1, 1, 1, 2)
    face_up: int = 2
    collect_from_deck: int = 2
    collect_from_face_up: int = 1
    room_cubes: int = 3
    setup_damage_cubes: int = 6
    damage_tiers: tuple = ((1, 8), (2, 8), (3, 8))
    resource_types: tuple = ("A", "B", "C", "D")
    resource_copies: int = 12
    starting_resources: int = 2
    start_position: int = CORE_POS
    action_tokens: int = 8
    protection_tokens: int = 4
    extra_repair_cubes: int = 0
    divert_requires_full_repair: bool = True
    lose_when_resource_deck_empty: bool = True
    bank_unused_actions: bool = False
    room_icons: tuple = ()
    room_combos: tuple = ()
    room_order: tuple = ()
    first_player: int = 0
    max_turns: int | None = None

    def to_dict(self) -> dict:
        """Plain JSON-able dict (tuples as lists)."""
        return json.loads(json.dumps(asdict(self)))

    @classmethod
    def from_dict(cls, d: dict) -> "SolarStormOptions":
        """Inverse of :meth:`to_dict` (lists become tuples).

        Raises:
            ValueError: an unknown option name.
        """
        known = {f.name for f in fields(cls)}
        bad = set(d) - known
        if bad:
            raise ValueError(f"options: unknown Solar Storm option(s) {sorted(bad)} (known: {sorted(known)})")
        return cls(**{k: _tuplify(v) for k, v in d.items()})


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


@dataclass(frozen=True)
class SolarOutcome:
    """End of a game: ``won`` (the crew won), ``winners`` (all seats on a win, else ()),
    ``names`` and ``reason`` (plain words)."""

    winners: tuple
    names: tuple
    reason: str
    won: bool = False


class _Player:
    __slots__ = ("name", "pos", "hand", "cubes", "tokens", "protection")

    def __init__(self, name: str, pos: int) -> None:
        self.name = name
        self.pos = pos
        self.hand: list[int] = []
        self.cubes = 0
        self.tokens = 0
        self.protection = 0

    def clone(self) -> "_Player":
        p = _Player.__new__(_Player)
        p.name, p.pos, p.hand, p.cubes = self.name, self.pos, self.hand[:], self.cubes
        p.tokens, p.protection = self.tokens, self.protection
        return p

    def raw(self) -> dict:
        return {"name": self.name, "pos": self.pos, "hand": self.hand[:], "cubes": self.cubes,
                "tokens": self.tokens, "protection": self.protection}

    @classmethod
    def from_raw(cls, d: dict) -> "_Player":
        p = cls(d["name"], d["pos"])
        p.hand, p.cubes, p.tokens, p.protection = list(d["hand"]), d["cubes"], d["tokens"], d["protection"]
        return p


class _State:
    """Mutable state. Piles are lists with the TOP at the END. ``damage_deck[0]`` is the Hull
    Breach. ``covered[pos]`` lists which of the room's icons hold a cube (None for the core)."""

    LISTS = ("grid", "diverted", "res_deck", "face_up", "res_discard", "damage_deck",
             "damage_discard", "rooms_discarded", "rooms_unused", "forced")

    def __init__(self) -> None:
        self.players: list[_Player] = []
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
        self.pending: dict | None = None
        self.rng = 0
        self.forced: list[int] = []
        self.last_roll: int | None = None
        self.won = False
        self.reason = ""

    def clone(self) -> "_State":
        s = _State.__new__(_State)
        s.__dict__.update(self.__dict__)
        s.players = [p.clone() for p in self.players]
        for k in self.LISTS:
            setattr(s, k, getattr(self, k)[:])
        s.covered = [None if c is None else c[:] for c in self.covered]
        s.pending = None if self.pending is None else json.loads(json.dumps(self.pending))
        return s

    def to_raw(self) -> dict:
        d = {k: v for k, v in self.__dict__.items() if k not in ("players",)}
        d = json.loads(json.dumps(d))
        d["players"] = [p.raw() for p in self.players]
        d["rng"] = str(self.rng)
        return d

    @classmethod
    def from_raw(cls, d: dict) -> "_State":
        s = cls()
        for k, v in d.items():
            if k == "players":
                s.players = [_Player.from_raw(p) for p in v]
            elif k == "damage_cards":
                s.damage_cards = tuple(tuple(x) for x in v)
            elif k == "rng":
                s.rng = int(v)
            elif hasattr(s, k):
                setattr(s, k, v)
            else:
                raise KeyError(f"unknown state field {k!r}")
        return s


def _adjacent(a: int, b: int) -> bool:
    ra, ca = divmod(a, 3)
    rb, cb = divmod(b, 3)
    return abs(ra - rb) + abs(ca - cb) == 1


def _default_core() -> CardSpec:
    return CardSpec.make(name=ENERGY_CORE, set="solar_storm", kind="ship_room", deck="ship_room",
                         effects={"room": {"indestructible": True}}, manual=True)


def _spec_to_dict(s: CardSpec) -> dict:
    d = asdict(s)
    d["tags"] = sorted(s.tags)
    d["usable_by"] = list(s.usable_by)
    d["not_usable_by"] = list(s.not_usable_by)
    d["effects"] = s.effects.thaw() if isinstance(s.effects, FrozenDict) else dict(s.effects)
    return d


class SolarStormGame(History):
    """One game of Solar Storm with the Alternative Rooms. Build with :meth:`new` or
    :meth:`from_json`.

    Public attributes: ``rooms`` (room spec index -> :class:`CardSpec`; the Energy Core last),
    ``options``, ``seed``, ``actions`` (the replay log), ``state`` (internal; read
    :meth:`state_dict`).
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
        self._ver = [_version(r) for r in rooms]
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
        self.state = _State()
        self.state.rng = _rng.seed_state(seed)
        self._initial: _State | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int | Sequence = 2, rooms: Sequence[CardSpec] = (), seed: int = 0,
            options: SolarStormOptions | dict | None = None, history: bool = True) -> "SolarStormGame":
        """Deal the ship and start a game.

        Args:
            players: a count 1..4 (names "P1".."Pn") or a list of distinct names.
            rooms: ship room cards (8 or 16: V1/V2 of the eight rooms, or designer rooms) and
                optionally the Energy Core (made automatically when absent).
            seed: RNG seed (room deal, deck shuffles, dice).
            options: :class:`SolarStormOptions` (or a dict of its fields).
            history: keep undo snapshots and the plain-words log.

        Setup (Solar Storm Alternative Rooms, setup): the room cards are shuffled and dealt
        around the core; a card whose name (version ignored) is already on the grid is
        discarded and another dealt, until 8 different names are placed. A room whose action
        needs more (or fewer) players than the game has is discarded the same way when its
        other version is still to be dealt: with 1 or 2 players the Mess Hall (V2), usable
        with 3 or 4 players only (Alternative Rooms, Mess Hall (V2)), gives way to the V1
        Mess Hall, since its action could never be taken (our reading: the rules say when the
        V2 card may be used, not how to deal it; with no V1 card in the set the V2 stays and
        its action is refused). Then (public
        summary, card_facts.md (b)): 3 cubes per room, Damage deck built with the Hull Breach at
        the bottom, Damage cards revealed until ``setup_damage_cubes`` cubes are stripped,
        Resource deck shuffled, hands and the face-up row dealt.

        Raises:
            ValueError: a card that is not a ship room, fewer than 8 distinct room names (the
                message names the missing rooms), a bad player count/name or bad options.
        """
        if isinstance(options, dict):
            options = SolarStormOptions.from_dict(options)
        o = options or SolarStormOptions()
        names = _player_names(players)
        _check_options(o)
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
        specs = outer + [core or _default_core()]
        g = cls(specs, names, seed, o, history)
        g._setup()
        g._say(f"New Solar Storm game: {', '.join(names)}; seed {seed}; ship: "
               + ", ".join(g.rooms[g.state.grid[p]].name for p in OUTER) + ".")
        g._initial = g.state.clone()
        return g

    def _setup(self) -> None:
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
        s.players = [_Player(n, o.start_position) for n in self.names]
        for p in s.players:
            for _ in range(o.starting_resources):
                if s.res_deck:
                    p.hand.append(s.res_deck.pop())
        self._refill()
        s.active = o.first_player % len(s.players)
        s.actions_left = o.actions_per_turn

    def fits_players(self, i: int) -> bool:
        """True when room card ``i`` may be used with this game's player count: its
        ``effects.room_action`` ``min_players``/``max_players`` (default 1..4). Only the
        Mess Hall (V2) has a bound: 3 or 4 players (Solar Storm Alternative Rooms, Mess Hall
        (V2))."""
        ra = self.rooms[i].effects.get("room_action") or {}
        return int(ra.get("min_players", 1)) <= len(self.names) <= int(ra.get("max_players", 4))

    def begin(self) -> None:
        """Re-mark the current state as the initial state (scenario setups edit the state
        after :meth:`new`). Clears undo/redo and the action log."""
        self._initial = self.state.clone()
        self._undo.clear()
        self._redo.clear()
        self.actions.clear()

    # ------------------------------------------------------------------ helpers
    def room_name(self, pos: int) -> str:
        """Name (version removed) of the room at grid position ``pos``."""
        return self._base[self.state.grid[pos]]

    def room_card(self, pos: int) -> CardSpec:
        """The room card at grid position ``pos``."""
        return self.rooms[self.state.grid[pos]]

    def position_of(self, room: str) -> int:
        """Grid position of the room named ``room`` (version optional, case-insensitive).

        Raises:
            KeyError: no such room on the grid.
        """
        low = base_name(room).lower()
        for p in range(9):
            if self._base[self.state.grid[p]].lower() == low:
                return p
        raise KeyError(f"no room {room!r} on the ship")

    def icons(self, pos: int) -> tuple:
        """Resource icons of the room at ``pos`` (() for the core); placeholder unless set in
        ``options.room_icons``."""
        return () if pos == CORE_POS else self._icons.get(self.room_name(pos), self._gen(pos, 0))

    def combo(self, pos: int) -> tuple:
        """The 3 Resource types that divert the power of the room at ``pos``; placeholder unless
        set in ``options.room_combos``."""
        return () if pos == CORE_POS else self._combos.get(self.room_name(pos), self._gen(pos, 1))

    def _gen(self, pos: int, shift: int) -> tuple:
        t = self.options.resource_types
        n = self.options.room_cubes if shift == 0 else 3
        return tuple(t[(pos + shift + j) % len(t)] for j in range(n))

    def v2_action(self, pos: int) -> str | None:
        """Base name of the V2 action the room at ``pos`` offers, or None (V1/manual/core)."""
        i = self.state.grid[pos]
        if pos == CORE_POS or self._ver[i] != "V2" or self._base[i] not in ROOM_NAMES:
            return None
        return self._base[i]

    def is_manual(self, pos: int) -> bool:
        """True when the room at ``pos`` has an action we cannot state (V1, or a designer room
        without a known V2 action): it is resolved by hand."""
        return pos != CORE_POS and self.v2_action(pos) is None

    def _strip(self, pos: int) -> bool:
        cov = self.state.covered[pos]
        for j in range(len(cov) - 1, -1, -1):
            if cov[j]:
                cov[j] = False
                self.state.cube_supply += 1
                return True
        return False

    def _cover(self, pos: int, j: int | None = None) -> None:
        cov = self.state.covered[pos]
        if j is None:
            j = cov.index(False)
        cov[j] = True

    def _refill(self) -> None:
        s = self.state
        while len(s.face_up) < self.options.face_up and s.res_deck:
            s.face_up.append(s.res_deck.pop())

    def _roll(self) -> int:
        s = self.state
        if s.forced:
            return s.forced.pop(0)
        s.rng, k = _rng.below(s.rng, 6)
        return k + 1

    def _rt(self, c: int) -> str:
        return self.res_type[c] if 0 <= c < len(self.res_type) else f"#{c}"

    def damage_label(self, c: int) -> str:
        """Readable name of Damage card ``c``: ``"Hull Breach"`` or the rooms it names."""
        if c == HULL_BREACH:
            return "Hull Breach"
        return " + ".join(self.room_name(p) for p in self.state.damage_cards[c])

    def actor(self) -> int | None:
        """Seat that must act (the active player; None when the game is over)."""
        return None if self.state.phase == "over" else self.state.active

    def _budget(self, seat: int) -> int:
        s = self.state
        return s.actions_left + s.players[seat].tokens

    def _spend(self, cost: int) -> None:
        s = self.state
        p = s.players[s.active]
        use = min(cost, s.actions_left)
        s.actions_left -= use
        p.tokens -= cost - use
        s.token_supply += cost - use

    def _cost(self, a: Action) -> int:
        if a.kind in ("move", "scavenge", "give", "take", "repair", "repair_cube", "divert",
                      "resolve", "activate"):
            return 1
        if a.kind == "room":
            pos = self.state.players[a.player].pos
            nm = self.v2_action(pos)
            eff = self.room_card(pos).effects.get("room_action") if nm else None
            if eff and isinstance(eff, dict) and isinstance(eff.get("action_cost"), int):
                return eff["action_cost"]
            return 2 if nm == "Medical Bay" else 1
        return 0

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[SolarAction]:
        """All legal actions of the acting player with readable labels. Parametric choices
        (Mess Hall swaps, diversion cards, by-hand changes) are listed in a useful subset;
        :meth:`play` accepts every legal variant and :meth:`why_not` explains refusals."""
        seat = self.actor()
        if seat is None:
            return []
        out = []
        for a in self._candidates(seat):
            if self._why(a) is None:
                out.append(SolarAction(a.player, a.kind, a.card, a.target, a.n, a.m, a.cards,
                                       label=self.describe(a)))
        return out

    def _candidates(self, seat: int) -> list[SolarAction]:  # noqa: C901
        s = self.state
        A = SolarAction
        p = s.players[seat]
        out: list[SolarAction] = []
        if s.phase == "collect":
            out.append(A(seat, "collect"))
            out += [A(seat, "collect", card=c) for c in _distinct(s.face_up, self.res_type)]
            return out
        pend = s.pending
        if pend is not None:
            if pend["kind"] == "scavenge":
                out.append(A(seat, "pick"))
                out += [A(seat, "pick", card=c) for c in _distinct(s.face_up, self.res_type)]
            elif pend["kind"] == "bridge":
                cs = pend["cards"]
                for k in range(1, len(cs) + 1):
                    for sub in _perms(cs, k):
                        for top in range(k + 1):
                            out.append(A(seat, "place", cards=tuple(sub), n=top))
            elif pend["kind"] == "manual":
                out.append(A(seat, "done"))
                pos = p.pos
                for c in p.hand[:1]:
                    out.append(A(seat, "adj_card", card=c, target=-2))
                out.append(A(seat, "adj_cube", n=-1, m=pos))
                out.append(A(seat, "adj_cube", n=pos, m=-1))
                for t in range(len(s.players)):
                    out.append(A(seat, "adj_token", target=t, n=1, m=0))
                    out.append(A(seat, "adj_token", target=t, n=1, m=1))
            return out
        out.append(A(seat, "end_actions"))
        for q in range(9):
            if _adjacent(p.pos, q):
                out.append(A(seat, "move", n=q))
        out.append(A(seat, "scavenge"))
        for t, q in enumerate(s.players):
            if t != seat and q.pos == p.pos:
                out += [A(seat, "give", card=c, target=t) for c in _distinct(p.hand, self.res_type)]
                out += [A(seat, "take", card=c, target=t) for c in _distinct(q.hand, self.res_type)]
        out += [A(seat, "repair", card=c) for c in _distinct(p.hand, self.res_type)]
        out.append(A(seat, "repair_cube"))
        cs = self._pick_combo(p.hand, self.combo(p.pos)) if p.pos != CORE_POS else None
        if cs:
            out.append(A(seat, "divert", cards=cs))
        out.append(A(seat, "activate"))
        out.append(A(seat, "resolve"))
        nm = self.v2_action(p.pos)
        n = len(s.players)
        others = [t for t in range(n) if t != seat]
        if nm == "Crew Quarters":
            for t in range(n):
                for q in range(9):
                    out.append(A(seat, "room", target=t, n=q))
        elif nm == "Cargo Hold":
            out.append(A(seat, "room"))
            out += [A(seat, "room", card=c) for c in _distinct(s.face_up, self.res_type)]
        elif nm == "Mess Hall":
            for a_, b_ in combinations(others, 2):
                ha = _distinct(s.players[a_].hand, self.res_type)
                hb = _distinct(s.players[b_].hand, self.res_type)
                for x in ha:
                    for y in hb:
                        out.append(A(seat, "room", target=a_, m=b_, cards=(x, y)))
                ha2 = _pairs(s.players[a_].hand, self.res_type)
                hb2 = _pairs(s.players[b_].hand, self.res_type)
                for x in ha2:
                    for y in hb2:
                        out.append(A(seat, "room", target=a_, m=b_, cards=x + y))
        elif nm == "Engine Room":
            out += [A(seat, "room", card=c) for c in _distinct(s.res_discard, self.res_type)]
        elif nm == "Repair Centre":
            out += [A(seat, "room", target=t) for t in others]
        elif nm == "Medical Bay":
            for k in (1, 2, 3):
                for combo in combinations_with_replacement(others, k):
                    out.append(A(seat, "room", cards=tuple(combo)))
        elif nm in ("The Bridge",):
            out.append(A(seat, "room"))
        elif nm == "The Armoury":
            out += [A(seat, "room", target=t) for t in range(n)]
        return out

    def _pick_combo(self, hand: list[int], combo: tuple) -> tuple | None:
        left = list(hand)
        out = []
        for t in combo:
            for c in left:
                if self.res_type[c] == t:
                    out.append(c)
                    left.remove(c)
                    break
            else:
                return None
        return tuple(out)

    def why_not(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the reason with its rule source."""
        if not isinstance(action, Action):
            return "not an Action"
        return self._why(action)

    def is_legal(self, action: Action) -> bool:
        return self.why_not(action) is None

    def _why(self, a: Action) -> str | None:  # noqa: C901 - one place for every rule check
        s = self.state
        if s.phase == "over":
            return "the game is over"
        if a.kind not in KINDS:
            return f"unknown action kind {a.kind!r}"
        n = len(s.players)
        if a.player != s.active:
            return f"it is {s.players[s.active].name}'s turn (seat {s.active}), not seat {a.player}"
        p = s.players[a.player]
        hand = p.hand
        if s.phase == "collect":
            if a.kind != "collect":
                return f"resource collection: only 'collect' now ({R_BASE})"
            if a.card != -1 and a.card not in s.face_up:
                return f"Resource {a.card} is not in the face-up row ({R_BASE})"
            if a.card == -1 and not s.res_deck:
                return f"the Resource deck is empty ({R_BASE})"
            return None
        if a.kind == "collect":
            return f"resource collection comes after the action phase ({R_BASE})"
        pend = s.pending
        if pend is not None:
            want = {"scavenge": ("pick",), "bridge": ("place",),
                    "manual": ("adj_card", "adj_cube", "adj_token", "adj_meeple", "adj_power", "done")}[pend["kind"]]
            if a.kind not in want:
                return f"finish the pending {pend['kind']} first ({'/'.join(want)})"
        elif a.kind in ("pick", "place", "adj_card", "adj_cube", "adj_token", "adj_meeple",
                        "adj_power", "done"):
            return f"'{a.kind}' only answers a pending scavenge, The Bridge or by-hand resolution"
        cost = self._cost(a)
        if cost and self._budget(a.player) < cost:
            return (f"{a.kind} costs {cost} action(s); {s.actions_left} left and "
                    f"{p.tokens} Action token(s) ({R_BASE})")
        k = a.kind
        if k == "end_actions":
            return None
        if k == "move":
            if not 0 <= a.n <= 8 or not _adjacent(p.pos, a.n):
                return f"move one step orthogonally, no diagonals ({R_BASE})"
            return None
        if k == "scavenge":
            if not s.res_deck and not s.face_up:
                return f"no Resource cards left to scavenge ({R_BASE})"
            return None
        if k == "pick":
            if a.card == -1:
                return None if s.res_deck else f"the Resource deck is empty ({R_BASE})"
            return None if a.card in s.face_up else f"Resource {a.card} is not face up"
        if k in ("give", "take"):
            if not 0 <= a.target < n or a.target == a.player:
                return f"share with another player ({R_BASE})"
            q = s.players[a.target]
            if q.pos != p.pos:
                return f"sharing needs both players in the same room ({R_BASE})"
            src = hand if k == "give" else q.hand
            if a.card not in src:
                return f"Resource {a.card} is not in {'your' if k == 'give' else q.name + chr(39) + 's'} hand"
            return None
        if k in ("repair", "repair_cube"):
            if p.pos == CORE_POS:
                return f"the Energy Core cannot be damaged or repaired ({R_BASE})"
            cov = s.covered[p.pos]
            if all(cov):
                return f"{self.room_name(p.pos)} has no damaged section"
            if k == "repair_cube":
                if p.cubes <= 0:
                    return "you hold no Repair cube (Solar Storm Alternative Rooms, Repair Centre (V2))"
                return None
            if a.card not in hand:
                return f"Resource {a.card} is not in your hand"
            icons = self.icons(p.pos)
            if not any(not cov[j] and icons[j] == self.res_type[a.card] for j in range(len(cov))):
                return (f"{self._rt(a.card)} matches no uncovered icon of {self.room_name(p.pos)} "
                        f"({R_BASE})")
            if s.cube_supply <= 0:
                return "no Repair cube in the supply"
            if s.diverted[p.pos] and p.cubes > 0:
                return ("this room has diverted power: use all your own Repair cubes first "
                        "(Solar Storm Alternative Rooms, Repair Centre (V2))")
            return None
        if k == "divert":
            if p.pos == CORE_POS:
                return f"the Energy Core has no power to divert ({R_BASE})"
            if s.diverted[p.pos]:
                return f"{self.room_name(p.pos)}'s power is already diverted"
            if self.options.divert_requires_full_repair and not all(s.covered[p.pos]):
                return f"divert only from a fully repaired room ({R_BASE})"
            if len(set(a.cards)) != len(a.cards) or any(c not in hand for c in a.cards):
                return "the diversion cards must be distinct cards in your hand"
            if sorted(self.res_type[c] for c in a.cards) != sorted(self.combo(p.pos)):
                return (f"{self.room_name(p.pos)} needs {'+'.join(self.combo(p.pos))} ({R_BASE})")
            return None
        if k == "activate":
            if p.pos != CORE_POS:
                return f"activate the Energy Core from the core room ({R_BASE})"
            left = [self.room_name(q) for q in OUTER if not s.diverted[q]]
            if left:
                return f"power not yet diverted from: {', '.join(left)} ({R_BASE})"
            return None
        if k == "resolve":
            if not self.is_manual(p.pos):
                return ("resolve by hand is for rooms whose action is not in our sources (V1); "
                        f"{self.room_name(p.pos)} here is "
                        + ("the Energy Core" if p.pos == CORE_POS else "V2: use 'room'"))
            return None
        if k == "room":
            return self._why_room(a, p)
        if k == "place":
            cs = list(a.cards)
            if not cs:
                return "return 1 or both Damage cards (Solar Storm Alternative Rooms, The Bridge (V2))"
            if len(set(cs)) != len(cs) or any(c not in pend["cards"] for c in cs):
                return "place only the Damage cards you looked at, each once"
            if not 0 <= a.n <= len(cs):
                return "n = how many of the cards go on top (0..number placed)"
            return None
        return self._why_adjust(a)

    def _why_room(self, a: Action, p: _Player) -> str | None:  # noqa: C901
        s = self.state
        n = len(s.players)
        nm = self.v2_action(p.pos)
        if nm is None:
            if p.pos == CORE_POS:
                return "the Energy Core has no room action (activate it instead)"
            return (f"{self.room_card(p.pos).name}: its action is not in our sources; use 'resolve' "
                    "to resolve it by hand")
        R = f"Solar Storm Alternative Rooms, {nm} (V2)"
        if nm == "Crew Quarters":
            if not 0 <= a.target < n:
                return f"choose a meeple (seat 0..{n - 1}) ({R})"
            if not 0 <= a.n <= 8:
                return f"destination must be a grid position 0..8 ({R})"
            if any(q.pos == a.n for q in s.players):
                return f"the destination must hold no other meeple ({R})"
            return None
        if nm == "Cargo Hold":
            if a.card == -1:
                return None if s.res_deck else f"the Resource deck is empty ({R})"
            return None if a.card in s.face_up else f"Resource {a.card} is not face up ({R})"
        if nm == "Mess Hall":
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
        if nm == "Engine Room":
            if a.card not in s.res_discard:
                return f"take a card that is in the Resource discard pile ({R})"
            return None
        if nm == "Repair Centre":
            if not 0 <= a.target < n or a.target == a.player:
                return f"give the cube to another player, not yourself ({R})"
            if s.cube_supply <= 0:
                return f"no Repair cube in the supply ({R})"
            return None
        if nm == "Medical Bay":
            cs = list(a.cards)
            if not 1 <= len(cs) <= 3:
                return f"hand out 1 to 3 Action tokens, one cs entry per token ({R})"
            if any(not 0 <= t < n for t in cs):
                return f"tokens go to players (seats 0..{n - 1}) ({R})"
            if a.player in cs:
                return f"you cannot keep any Action token yourself ({R})"
            if len(cs) > s.token_supply:
                return f"only {s.token_supply} Action token(s) in the supply ({R})"
            return None
        if nm == "The Bridge":
            if len(s.damage_deck) <= 1:
                return f"no Damage card above the Hull Breach to look at ({R})"
            return None
        if nm == "The Armoury":
            if not 0 <= a.target < n:
                return f"give the token to a player (yourself allowed) ({R})"
            if s.protection_supply <= 0:
                return f"no Protection token in the supply ({R})"
            return None
        return None  # pragma: no cover

    def _why_adjust(self, a: Action) -> str | None:
        s = self.state
        n = len(s.players)
        k = a.kind
        if k == "done":
            return None
        if k == "adj_card":
            if self._where(a.card) is None:
                return f"no Resource card {a.card}"
            if not (0 <= a.target < n or a.target in (-2, -3, -4, -5)):
                return "destination t: a seat, -2 discard, -3 deck top, -4 deck bottom, -5 face-up"
            return None
        if k == "adj_cube":
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
        if k == "adj_token":
            if not 0 <= a.target < n or a.n not in (1, -1) or a.m not in (0, 1):
                return "t = seat, n = 1 take / -1 return, m = 0 Action / 1 Protection token"
            q = s.players[a.target]
            held = q.tokens if a.m == 0 else q.protection
            supply = s.token_supply if a.m == 0 else s.protection_supply
            if a.n == 1 and supply <= 0:
                return "no such token in the supply"
            if a.n == -1 and held <= 0:
                return f"{q.name} holds no such token"
            return None
        if k == "adj_meeple":
            if not 0 <= a.target < n or not 0 <= a.n <= 8:
                return "t = seat, n = position 0..8"
            return None
        if k == "adj_power":
            if not 0 <= a.n <= 8 or a.n == CORE_POS or a.m not in (0, 1):
                return "n = room position (not the core), m = 0 or 1"
            return None
        return f"unknown action kind {k!r}"  # pragma: no cover

    def _where(self, c: int) -> tuple | None:
        s = self.state
        for i, p in enumerate(s.players):
            if c in p.hand:
                return ("hand", i)
        for nm in ("res_deck", "face_up", "res_discard"):
            if c in getattr(s, nm):
                return (nm, None)
        return None

    # ------------------------------------------------------------------ play / undo
    def play(self, action: Action | str) -> None:
        """Apply ``action`` (an Action or its text form).

        Raises:
            IllegalActionError: not legal now (message = :meth:`why_not`); state unchanged.
            ValueError: malformed action text.
        """
        if isinstance(action, str):
            action = SolarAction.parse(action)
        elif isinstance(action, Action) and not isinstance(action, SolarAction):
            action = SolarAction(action.player, action.kind, action.card, action.target,
                                 action.n, action.m, tuple(action.cards))
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"{action}: {why}")
        if self.history:
            self._undo.append((self.state.clone(), len(self._log)))
        self._apply(action)
        self._recorded(SolarAction(action.player, action.kind, action.card, action.target, action.n,
                                   action.m, tuple(action.cards)))

    push = play

    def outcome(self) -> SolarOutcome | None:
        """None while the game runs; else who won (everybody or nobody) and why."""
        s = self.state
        if s.phase != "over":
            return None
        seats = tuple(range(len(s.players))) if s.won else ()
        return SolarOutcome(seats, tuple(s.players[i].name for i in seats), s.reason, s.won)

    def _end(self, won: bool, reason: str) -> None:
        s = self.state
        s.phase = "over"
        s.won = won
        s.reason = reason
        s.pending = None
        self._say(("The crew wins: " if won else "The ship is lost: ") + reason + ".")

    def _check_deck(self) -> None:
        s = self.state
        if s.phase != "over" and self.options.lose_when_resource_deck_empty and not s.res_deck:
            self._end(False, "the Resource deck ran out")

    def _take_top(self, seat: int) -> None:
        s = self.state
        if s.res_deck:
            s.players[seat].hand.append(s.res_deck.pop())

    def _take_face_up(self, seat: int, c: int) -> None:
        s = self.state
        s.face_up.remove(c)
        s.players[seat].hand.append(c)
        self._refill()

    def _apply(self, a: Action) -> None:  # noqa: C901
        s = self.state
        p = s.players[a.player]
        k = a.kind
        self._spend(self._cost(a))
        if k == "end_actions":
            if self.options.bank_unused_actions and s.actions_left > 0:
                b = min(s.actions_left, s.token_supply)
                p.tokens += b
                s.token_supply -= b
            s.actions_left = 0
            s.phase = "collect"
            self._say(f"{p.name} ends the action phase.")
        elif k == "collect":
            if a.card == -1:
                for _ in range(self.options.collect_from_deck):
                    self._take_top(a.player)
                self._say(f"{p.name} collects {self.options.collect_from_deck} Resource(s) from the deck.")
            else:
                self._take_face_up(a.player, a.card)
                self._say(f"{p.name} collects a face-up {self._rt(a.card)}.")
            self._check_deck()
            if s.phase != "over":
                self._damage_phase()
            return
        elif k == "move":
            p.pos = a.n
            self._say(f"{p.name} moves to {self.room_name(a.n)}.")
        elif k == "scavenge":
            die = self._roll()
            s.last_roll = die
            got = self.options.scavenge_table[die - 1]
            self._say(f"{p.name} scavenges: rolls {die}, {got} card(s).")
            if got:
                s.pending = {"kind": "scavenge", "left": got}
        elif k == "pick":
            if a.card == -1:
                self._take_top(a.player)
            else:
                self._take_face_up(a.player, a.card)
            s.pending["left"] -= 1
            if s.pending["left"] <= 0 or (not s.res_deck and not s.face_up):
                s.pending = None
        elif k == "give":
            p.hand.remove(a.card)
            s.players[a.target].hand.append(a.card)
            self._say(f"{p.name} gives a {self._rt(a.card)} to {s.players[a.target].name}.")
        elif k == "take":
            s.players[a.target].hand.remove(a.card)
            p.hand.append(a.card)
            self._say(f"{p.name} takes a {self._rt(a.card)} from {s.players[a.target].name}.")
        elif k == "repair":
            icons = self.icons(p.pos)
            cov = s.covered[p.pos]
            j = next(j for j in range(len(cov)) if not cov[j] and icons[j] == self.res_type[a.card])
            p.hand.remove(a.card)
            s.res_discard.append(a.card)
            s.cube_supply -= 1
            self._cover(p.pos, j)
            self._say(f"{p.name} repairs {self.room_name(p.pos)} with a {self._rt(a.card)}.")
        elif k == "repair_cube":
            p.cubes -= 1
            self._cover(p.pos)
            self._say(f"{p.name} repairs {self.room_name(p.pos)} with a held Repair cube.")
        elif k == "divert":
            for c in a.cards:
                p.hand.remove(c)
                s.res_discard.append(c)
            s.diverted[p.pos] = True
            self._say(f"{p.name} diverts the power of {self.room_name(p.pos)}.")
        elif k == "activate":
            self._end(True, "the Energy Core is activated")
            return
        elif k == "resolve":
            s.pending = {"kind": "manual", "room": p.pos}
            self._say(f"{p.name} resolves {self.room_card(p.pos).name} by hand.")
        elif k == "room":
            self._apply_room(a, p)
        elif k == "place":
            self._apply_place(a)
        else:
            self._apply_adjust(a)
        self._check_deck()

    def _apply_room(self, a: Action, p: _Player) -> None:  # noqa: C901
        s = self.state
        nm = self.v2_action(p.pos)
        if nm == "Crew Quarters":
            q = s.players[a.target]
            q.pos = a.n
            self._say(f"{p.name} (Crew Quarters) moves {q.name} to {self.room_name(a.n)}.")
        elif nm == "Cargo Hold":
            if a.card == -1:
                self._take_top(a.player)
            else:
                self._take_face_up(a.player, a.card)
            self._say(f"{p.name} (Cargo Hold) draws a Resource.")
        elif nm == "Mess Hall":
            x, y = s.players[a.target], s.players[a.m]
            h = len(a.cards) // 2
            for c in a.cards[:h]:
                x.hand.remove(c)
                y.hand.append(c)
            for c in a.cards[h:]:
                y.hand.remove(c)
                x.hand.append(c)
            self._say(f"{p.name} (Mess Hall) has {x.name} and {y.name} swap {h} card(s) each.")
        elif nm == "Engine Room":
            s.res_discard.remove(a.card)
            p.hand.append(a.card)
            if s.res_deck:
                s.res_discard.append(s.res_deck.pop())
            self._say(f"{p.name} (Engine Room) takes a {self._rt(a.card)} from the discard; the top "
                      "Resource card is discarded.")
        elif nm == "Repair Centre":
            s.cube_supply -= 1
            s.players[a.target].cubes += 1
            self._say(f"{p.name} (Repair Centre) gives a Repair cube to {s.players[a.target].name}.")
        elif nm == "Medical Bay":
            for t in a.cards:
                s.players[t].tokens += 1
                s.token_supply -= 1
            self._say(f"{p.name} (Medical Bay) hands out {len(a.cards)} Action token(s).")
        elif nm == "The Bridge":
            looked = [s.damage_deck.pop() for _ in range(min(2, len(s.damage_deck) - 1))]
            s.pending = {"kind": "bridge", "cards": looked}
            self._say(f"{p.name} (The Bridge) looks at the top {len(looked)} Damage card(s).")
        elif nm == "The Armoury":
            s.protection_supply -= 1
            s.players[a.target].protection += 1
            self._say(f"{p.name} (The Armoury) gives a Protection token to {s.players[a.target].name}.")

    def _apply_place(self, a: Action) -> None:
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
        self._say(f"The Bridge: {len(top)} Damage card(s) on top, {len(bottom)} at the bottom "
                  f"(above the Hull Breach), {dropped} discarded.")

    def _apply_adjust(self, a: Action) -> None:  # noqa: C901
        s = self.state
        k = a.kind
        if k == "done":
            s.pending = None
            self._say("By-hand resolution done.")
            return
        if k == "adj_card":
            where, owner = self._where(a.card)
            if where == "hand":
                s.players[owner].hand.remove(a.card)
            else:
                getattr(s, where).remove(a.card)
            t = a.target
            if t >= 0:
                s.players[t].hand.append(a.card)
            elif t == -2:
                s.res_discard.append(a.card)
            elif t == -3:
                s.res_deck.append(a.card)
            elif t == -4:
                s.res_deck.insert(0, a.card)
            else:
                s.face_up.append(a.card)
            self._say(f"By hand: a {self._rt(a.card)} moves ({where} -> {t}).")
        elif k == "adj_cube":
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
            self._say(f"By hand: a Repair cube moves {a.n} -> {a.m}.")
        elif k == "adj_token":
            q = s.players[a.target]
            if a.m == 0:
                q.tokens += a.n
                s.token_supply -= a.n
            else:
                q.protection += a.n
                s.protection_supply -= a.n
            self._say(f"By hand: {q.name} {'takes' if a.n > 0 else 'returns'} a "
                      f"{'Protection' if a.m else 'Action'} token.")
        elif k == "adj_meeple":
            s.players[a.target].pos = a.n
            self._say(f"By hand: {s.players[a.target].name} goes to {self.room_name(a.n)}.")
        elif k == "adj_power":
            s.diverted[a.n] = bool(a.m)
            self._say(f"By hand: {self.room_name(a.n)} power diverted = {bool(a.m)}.")

    def _damage_phase(self) -> None:
        """Reveal one Damage card; each room it names loses its top cube unless a player in that
        room returns a Protection token (Solar Storm Alternative Rooms, The Armoury (V2)). A room
        that must lose a cube and has none loses the game; so does the Hull Breach (our reading:
        it is reached only when the Damage deck is exhausted) (public summary, card_facts.md (b)).
        Then the next player's turn begins."""
        s = self.state
        if not s.damage_deck:
            self._end(False, "the Damage deck is exhausted")
            return
        c = s.damage_deck.pop()
        if c == HULL_BREACH:
            s.damage_discard.append(c)
            self._end(False, "the Hull Breach card is revealed")
            return
        self._say(f"Damage: {self.damage_label(c)}.")
        for pos in s.damage_cards[c]:
            holders = [i for i in _seat_order(s.active, len(s.players))
                       if s.players[i].pos == pos and s.players[i].protection > 0]
            if holders:
                q = s.players[holders[0]]
                q.protection -= 1
                s.protection_supply += 1
                self._say(f"{q.name} returns a Protection token: {self.room_name(pos)} is not damaged.")
                continue
            if not self._strip(pos):
                s.damage_discard.append(c)
                self._end(False, f"{self.room_name(pos)} had to lose a Repair cube and had none")
                return
        s.damage_discard.append(c)
        s.active = (s.active + 1) % len(s.players)
        s.turn += 1
        s.phase = "actions"
        s.actions_left = self.options.actions_per_turn
        s.last_roll = None
        if self.options.max_turns is not None and s.turn > self.options.max_turns:
            self._end(False, "turn limit")

    # ------------------------------------------------------------------ text
    def describe(self, a: Action) -> str:
        """A short readable label for ``a`` (used as ``Action.label``)."""
        s = self.state
        pn = s.players[a.player].name if 0 <= a.player < len(s.players) else f"seat {a.player}"
        k = a.kind

        def who(t: int) -> str:
            return s.players[t].name if 0 <= t < len(s.players) else str(t)

        def room(q: int) -> str:
            return self.room_name(q) if 0 <= q <= 8 else str(q)

        if k == "move":
            return f"{pn}: move to {room(a.n)}"
        if k in ("pick", "collect") or (k == "room" and self.v2_action(s.players[a.player].pos) == "Cargo Hold"):
            what = "top of the Resource deck" if a.card == -1 else f"face-up {self._rt(a.card)}"
            if k == "collect" and a.card == -1:
                what = f"{self.options.collect_from_deck} from the Resource deck"
            return f"{pn}: {k if k != 'room' else 'Cargo Hold'}: {what}"
        if k in ("give", "take"):
            return f"{pn}: {k} {self._rt(a.card)} {'to' if k == 'give' else 'from'} {who(a.target)}"
        if k == "repair":
            return f"{pn}: repair with {self._rt(a.card)}"
        if k == "divert":
            return f"{pn}: divert power with {'+'.join(self._rt(c) for c in a.cards)}"
        if k == "place":
            top = ", ".join(self.damage_label(c) for c in a.cards[:a.n]) or "-"
            bot = ", ".join(self.damage_label(c) for c in a.cards[a.n:]) or "-"
            return f"{pn}: The Bridge: top [{top}], bottom [{bot}]"
        if k == "room":
            nm = self.v2_action(s.players[a.player].pos) or "room"
            if nm == "Crew Quarters":
                return f"{pn}: Crew Quarters: move {who(a.target)} to {room(a.n)}"
            if nm == "Mess Hall":
                h = len(a.cards) // 2
                return (f"{pn}: Mess Hall: {who(a.target)} gives {'+'.join(self._rt(c) for c in a.cards[:h])}, "
                        f"{who(a.m)} gives {'+'.join(self._rt(c) for c in a.cards[h:])}")
            if nm == "Engine Room":
                return f"{pn}: Engine Room: take {self._rt(a.card)} from the discard"
            if nm in ("Repair Centre", "The Armoury"):
                return f"{pn}: {nm}: {'Repair cube' if nm == 'Repair Centre' else 'Protection token'} to {who(a.target)}"
            if nm == "Medical Bay":
                return f"{pn}: Medical Bay: Action tokens to {', '.join(who(t) for t in a.cards)}"
            return f"{pn}: {nm}"
        return f"{pn}: {k.replace('_', ' ')}" + (f" {a}" if k.startswith("adj") else "")

    # ------------------------------------------------------------------ views and I/O
    def state_dict(self) -> dict:
        """The documented public JSON shape (this docstring is its reference):

        ``{"game": "solar_storm", "turn", "active", "actor", "phase" ("actions"|"collect"|"over"),
        "actions_left", "players": [{"seat", "name", "position", "room", "hand" (type names),
        "hand_ids", "hand_count", "repair_cubes", "action_tokens", "protection_tokens"}],
        "grid": [{"position", "row", "col", "name" (no version), "card", "version",
        "icons", "covered", "cubes", "damaged", "combo", "diverted", "action" ("v2"|"manual"|
        "core"), "meeples"}], "rooms_discarded", "rooms_unused", "resources": {"deck": {"count",
        "order" (top first)}, "face_up", "face_up_ids", "discard" (top first)}, "damage": {"count",
        "order" (top first, labels), "discard"}, "supply": {"repair_cubes", "action_tokens",
        "protection_tokens"}, "diverted", "pending", "last_roll", "won", "reason", "rng",
        "forced_dice"}``. Deterministic for a given state.
        """
        s = self.state
        rt = self.res_type
        players = []
        for i, p in enumerate(s.players):
            players.append({"seat": i, "name": p.name, "position": p.pos, "room": self.room_name(p.pos),
                            "hand": [rt[c] for c in p.hand], "hand_ids": p.hand[:],
                            "hand_count": len(p.hand), "repair_cubes": p.cubes,
                            "action_tokens": p.tokens, "protection_tokens": p.protection})
        grid = []
        for pos in range(9):
            i = s.grid[pos]
            cov = s.covered[pos]
            grid.append({
                "position": pos, "row": pos // 3, "col": pos % 3, "name": self._base[i],
                "card": self.rooms[i].name, "version": self._ver[i],
                "icons": list(self.icons(pos)), "covered": None if cov is None else cov[:],
                "cubes": None if cov is None else sum(cov),
                "damaged": None if cov is None else len(cov) - sum(cov),
                "combo": list(self.combo(pos)), "diverted": s.diverted[pos] if pos != CORE_POS else None,
                "action": "core" if pos == CORE_POS else ("v2" if self.v2_action(pos) else "manual"),
                "meeples": [q.name for q in s.players if q.pos == pos],
            })
        pend = None
        if s.pending is not None:
            pend = {"kind": s.pending["kind"]}
            if s.pending["kind"] == "scavenge":
                pend["left"] = s.pending["left"]
            elif s.pending["kind"] == "bridge":
                pend["cards"] = [self.damage_label(c) for c in s.pending["cards"]]
                pend["card_ids"] = list(s.pending["cards"])
            else:
                pend["room"] = self.room_name(s.pending["room"])
        return {
            "game": "solar_storm", "turn": s.turn, "active": s.active, "actor": self.actor(),
            "phase": s.phase, "actions_left": s.actions_left, "players": players, "grid": grid,
            "rooms_discarded": [self.rooms[i].name for i in s.rooms_discarded],
            "rooms_unused": [self.rooms[i].name for i in s.rooms_unused],
            "resources": {"deck": {"count": len(s.res_deck), "order": [rt[c] for c in reversed(s.res_deck)]},
                          "face_up": [rt[c] for c in s.face_up], "face_up_ids": s.face_up[:],
                          "discard": [rt[c] for c in reversed(s.res_discard)]},
            "damage": {"count": len(s.damage_deck),
                       "order": [self.damage_label(c) for c in reversed(s.damage_deck)],
                       "discard": [self.damage_label(c) for c in reversed(s.damage_discard)]},
            "supply": {"repair_cubes": s.cube_supply, "action_tokens": s.token_supply,
                       "protection_tokens": s.protection_supply},
            "diverted": sum(1 for q in OUTER if s.diverted[q]),
            "pending": pend, "last_roll": s.last_roll, "won": s.won, "reason": s.reason or None,
            "rng": str(s.rng), "forced_dice": list(s.forced),
        }

    def view(self, seat: int) -> dict:
        """What player ``seat`` sees: :meth:`state_dict` without deck orders, the generator
        state, forced dice, and (when another player holds The Bridge's look) the looked-at
        cards. Hands stay visible (a cooperative game played open; our reading)."""
        d = self.state_dict()
        d["resources"]["deck"].pop("order", None)
        d["damage"].pop("order", None)
        d["rng"] = None
        d["forced_dice"] = None
        if d["pending"] and d["pending"]["kind"] == "bridge" and seat != self.state.active:
            d["pending"]["cards"] = ["?"] * len(d["pending"]["cards"])
            d["pending"]["card_ids"] = []
        d["viewer"] = seat
        return d

    def all_zones(self) -> dict[str, list[int]]:
        """Every Resource, Damage and room card id by family (for conservation checks): each id
        appears exactly once in its family's list."""
        s = self.state
        res = list(s.res_deck) + s.face_up + s.res_discard
        for p in s.players:
            res += p.hand
        dmg = list(s.damage_deck) + s.damage_discard
        if s.pending and s.pending["kind"] == "bridge":
            dmg += s.pending["cards"]
        rooms = [s.grid[p] for p in range(9)] + s.rooms_discarded + s.rooms_unused
        return {"resources": res, "damage": dmg, "rooms": rooms}

    def cube_count(self) -> int:
        """Repair cubes on rooms + supply + held by players (constant over a game)."""
        s = self.state
        return (sum(sum(c) for c in s.covered if c is not None) + s.cube_supply
                + sum(p.cubes for p in s.players))

    def to_json(self) -> str:
        """Saved game: format, seed, options, players, rooms (card specs), the initial state and
        the action log (text forms). :meth:`from_json` replays it exactly."""
        return json.dumps({
            "format": "munchkin-lab-solar-storm/1", "game": "solar_storm",
            "seed": self.seed, "options": self.options.to_dict(), "players": list(self.names),
            "rooms": [_spec_to_dict(sp) for sp in self.rooms],
            "initial": self._initial.to_raw(), "actions": [str(a) for a in self.actions],
        })

    @classmethod
    def from_json(cls, text: str, history: bool = True) -> "SolarStormGame":
        """Load a saved game by replaying its actions from the saved initial state.

        Raises:
            ValueError: bad JSON, a missing/bad field (named), or an action that does not replay
                (named by its index).
        """
        data = cls._saved_fields(text, "munchkin-lab-solar-storm/1", ("seed", "options", "players", "rooms", "initial", "actions"))
        try:
            options = SolarStormOptions.from_dict(dict(data["options"]))
        except (TypeError, ValueError) as e:
            raise ValueError(f"saved game: field 'options': {e}") from None
        rooms = []
        for i, d in enumerate(data["rooms"]):
            try:
                rooms.append(CardSpec.make(**d))
            except (TypeError, ValueError) as e:
                raise ValueError(f"saved game: field 'rooms[{i}]': {e}") from None
        g = cls(rooms, list(data["players"]), data["seed"], options, history)
        try:
            g.state = _State.from_raw(data["initial"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"saved game: field 'initial': bad state ({e})") from None
        g._initial = g.state.clone()
        g._replay(data["actions"])
        return g

    def __repr__(self) -> str:
        s = self.state
        return (f"<SolarStormGame turn={s.turn} active={s.active} phase={s.phase} "
                f"diverted={sum(1 for q in OUTER if s.diverted[q])}/8>")


def _seat_order(active: int, n: int) -> list[int]:
    return [(active + i) % n for i in range(n)]


def _distinct(cards: list[int], types: list[str]) -> list[int]:
    seen, out = set(), []
    for c in cards:
        if types[c] not in seen:
            seen.add(types[c])
            out.append(c)
    return out


def _pairs(cards: list[int], types: list[str]) -> list[tuple]:
    seen, out = set(), []
    for x, y in combinations(cards, 2):
        key = tuple(sorted((types[x], types[y])))
        if key not in seen:
            seen.add(key)
            out.append((x, y))
    return out


def _perms(cs: list[int], k: int) -> list[tuple]:
    from itertools import permutations
    return list(permutations(cs, k))


def _player_names(players) -> list[str]:
    if isinstance(players, int):
        if not 1 <= players <= 4:
            raise ValueError(f"players: Solar Storm takes 1 to 4 players ({R_BASE}), got {players}")
        return [f"P{i + 1}" for i in range(players)]
    names = []
    for i, e in enumerate(players):
        if isinstance(e, dict):
            e = e.get("name", f"P{i + 1}")
        if not isinstance(e, str) or not e.strip():
            raise ValueError(f"players[{i}]: a non-empty name")
        names.append(e)
    if not 1 <= len(names) <= 4:
        raise ValueError(f"players: Solar Storm takes 1 to 4 players ({R_BASE}), got {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError("players: names must be distinct")
    return names


def _check_options(o: SolarStormOptions) -> None:
    if len(o.scavenge_table) != 6 or any(not isinstance(x, int) or x < 0 for x in o.scavenge_table):
        raise ValueError("options.scavenge_table: 6 non-negative integers (die faces 1..6)")
    if len(o.resource_types) < 1 or len(set(o.resource_types)) != len(o.resource_types):
        raise ValueError("options.resource_types: distinct type names")
    for name in ("actions_per_turn", "face_up", "collect_from_deck", "collect_from_face_up",
                 "room_cubes", "setup_damage_cubes", "resource_copies", "starting_resources",
                 "action_tokens", "protection_tokens", "extra_repair_cubes"):
        v = getattr(o, name)
        if not isinstance(v, int) or v < 0:
            raise ValueError(f"options.{name}: a non-negative integer, got {v!r}")
    if o.room_cubes < 1:
        raise ValueError("options.room_cubes: at least 1")
    if not 0 <= o.start_position <= 8:
        raise ValueError("options.start_position: a grid position 0..8")
    for size, count in o.damage_tiers:
        if not 1 <= size <= 8 or count < 0:
            raise ValueError("options.damage_tiers: (rooms per card 1..8, cards >= 0) pairs")
    for key in ("room_icons", "room_combos"):
        for nm, types in getattr(o, key):
            bad = [t for t in types if t not in o.resource_types]
            if bad:
                raise ValueError(f"options.{key}[{nm!r}]: unknown resource type(s) {bad}")
            if key == "room_icons" and len(types) != o.room_cubes:
                raise ValueError(f"options.room_icons[{nm!r}]: {o.room_cubes} icons")
