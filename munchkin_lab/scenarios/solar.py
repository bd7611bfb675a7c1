"""Solar Storm scenario files (``game: solar_storm``, e.g. ``tests/scenarios/solar_storm/*.yaml``).

:func:`munchkin_lab.scenarios.runner.run_file` sends files with a top-level ``game: solar_storm``
here; ``munchkin-lab scenario run`` therefore runs both games. Room cards come from
``database/sets/solar_storm.yaml`` (:func:`load_rooms`). Format (every key optional except ``players``)::

    game: solar_storm
    name: short title
    rule: the rule under test and its source
    players: [Ana, Ben, Cy]
    rooms: all16 | v1 | v2 | [card names]     # Energy Core added automatically; an entry
                                               # {name: ..., effects: ...} is a designer's room
    seed: 0
    options: {field: value}                    # SolarStormOptions
    grid: [8 card names]                       # dealt in this order (options.room_order)
    expect_setup_error: "text"                 # SolarStormGame.new must raise ValueError with it
    setup:
      positions: {Ana: The Bridge}             # room name or position
      hands: {Ana: [A, B]}                     # Resource types
      face_up: [A, C]
      resource_discard: [B]                    # top first
      resource_deck: [A, B]                    # top first; the remaining cards go below
      damage_deck: [[Mess Hall], [Cargo Hold, The Bridge]]   # top first; Hull Breach below
      cubes: {Mess Hall: 0}                    # cubes left on a room
      diverted: [Mess Hall]
      repair_cubes / action_tokens / protection_tokens: {Ana: 1}   # held; taken from the supply
      supply: {repair_cubes: 3, action_tokens: 0, protection_tokens: 0}
      active: Ana
      actions_left: 3
      phase: actions | collect
    forced_dice: [6]
    steps:
      - {actor: Ana, action: room, target: Ben, to: Mess Hall, expect_error: "no other meeple"}
      - {text: "0 move n=1"}
      - {undo: 1} / {redo: 1} / {dice: [3]}
      - expect: {players.Ana.room: Mess Hall, grid.Mess Hall.cubes: 2}
    expect: {...}

Step fields: ``to`` (room -> n), ``target`` (player -> t), ``other`` (player -> m), ``card``
(Resource type, or ``deck`` for -1; looked up in the zone the action reads), ``cards`` (types),
``seats`` (players -> cs), ``damage`` (Damage labels from The Bridge's look -> cs), ``top`` (n),
and raw ``c``, ``t``, ``n``, ``m``, ``cs``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .. import config
from ..engine.cards import CardSpec
from .runner import get_path  # one dotted-path reader for both games' expectations
from ..engine.solar_storm import (CORE_POS, HULL_BREACH, IllegalActionError, SolarAction,
                                  SolarStormGame, SolarStormOptions, base_name)

ROOM_FILE = config.DATABASE_DIR / "sets" / "solar_storm.yaml"
_SPEC_FIELDS = {"name", "kind", "deck", "version", "tags", "effects", "manual"}
_ROOMS: dict[str, CardSpec] = {}


def load_rooms() -> dict[str, CardSpec]:
    """Room name (with version) -> CardSpec, read once from ``database/sets/solar_storm.yaml``."""
    if not _ROOMS:
        data = yaml.safe_load(ROOM_FILE.read_text())
        for cd in data["cards"]:
            d = {k: v for k, v in cd.items() if k in _SPEC_FIELDS}
            _ROOMS[cd["name"]] = CardSpec.make(set="solar_storm", **d)
    return _ROOMS


def all16() -> list[CardSpec]:
    """The 16 ship room cards (V1 and V2), without the Energy Core."""
    return [sp for n, sp in load_rooms().items() if n != "Energy Core"]


def version(v: str) -> list[CardSpec]:
    """The room cards of one version (``"V1"`` or ``"V2"``)."""
    return [sp for n, sp in load_rooms().items() if n.endswith(f"({v})")]

TOP = {"game", "name", "rule", "players", "rooms", "seed", "options", "grid", "setup",
       "forced_dice", "steps", "expect", "expect_setup_error"}
STEP = {"actor", "action", "text", "to", "target", "other", "card", "cards", "seats", "damage",
        "top", "c", "t", "n", "m", "cs", "expect", "expect_error", "undo", "redo", "dice", "note"}


class ScenarioFailure(AssertionError):
    """A Solar Storm scenario that does not hold (message: the step and first difference)."""


def _rooms(v: Any) -> list:
    """The room cards of a scenario's ``rooms``: ``all16`` (default), ``v1``, ``v2``, or a
    list of card names (a :class:`CardSpec` in the list stands for itself, and a mapping of
    card fields is one: a designer's room, as *Try this card* deals it)."""
    if v in (None, "all16"):
        return all16()
    if v in ("v1", "v2"):
        return version(v.upper())
    rooms = load_rooms()
    v = [_designer_room(n) if isinstance(n, dict) else n for n in v]
    bad = [n for n in v if not isinstance(n, CardSpec) and n not in rooms]
    if bad:
        raise ScenarioFailure(f"rooms: unknown room card(s) {bad} (known: {sorted(rooms)})")
    return [n if isinstance(n, CardSpec) else rooms[n] for n in v]


def _designer_room(d: dict) -> CardSpec:
    """A designer's room written in the file (``{name: ..., effects: {room_action: ...}}``, the
    card file's fields): a ship room card of set ``designer``."""
    bad = sorted(set(d) - _SPEC_FIELDS)
    if bad or "name" not in d:
        raise ScenarioFailure(f"rooms: a designer room needs a name and only the fields "
                              f"{sorted(_SPEC_FIELDS)}; got {sorted(d)}")
    return CardSpec.make(set="designer", **{"kind": "ship_room", "deck": "ship_room", **d})


def _seat(g: SolarStormGame, who: Any) -> int:
    names = [p.name for p in g.state.players]
    if isinstance(who, int):
        return who
    if who not in names:
        raise ScenarioFailure(f"unknown player {who!r}")
    return names.index(who)


def _pos(g: SolarStormGame, room: Any) -> int:
    return room if isinstance(room, int) else g.position_of(room)


def _ids_of(g: SolarStormGame, pool: list[int], types: list[str], where: str) -> list[int]:
    out, left = [], list(pool)
    for t in types:
        hit = next((c for c in left if g.res_type[c] == t), None)
        if hit is None:
            raise ScenarioFailure(f"no {t} left for {where}")
        out.append(hit)
        left.remove(hit)
    return out


def build(sc: dict) -> SolarStormGame:
    opts = dict(sc.get("options") or {})
    if sc.get("grid"):
        opts["room_order"] = list(sc["grid"])
    g = SolarStormGame.new(players=sc["players"], rooms=_rooms(sc.get("rooms")), seed=sc.get("seed", 0),
                           options=SolarStormOptions.from_dict(opts))
    su = sc.get("setup") or {}
    s = g.state
    if any(k in su for k in ("hands", "face_up", "resource_discard", "resource_deck")):
        pool = sorted(range(len(g.res_type)))
        for p in s.players:
            p.hand = []
        hands = su.get("hands") or {}
        for who, types in hands.items():
            ids = _ids_of(g, pool, types, f"hands.{who}")
            s.players[_seat(g, who)].hand = ids
            pool = [c for c in pool if c not in ids]
        zones = {}
        for key in ("face_up", "resource_discard", "resource_deck"):
            ids = _ids_of(g, pool, su.get(key) or [], key)
            pool = [c for c in pool if c not in ids]
            zones[key] = ids
        s.face_up = zones["face_up"]
        s.res_discard = list(reversed(zones["resource_discard"]))
        s.res_deck = pool + list(reversed(zones["resource_deck"]))  # rest below the listed top
    if "damage_deck" in su:
        cards = [()]
        for rooms in su["damage_deck"]:
            cards.append(tuple(_pos(g, r) for r in rooms))
        s.damage_cards = tuple(cards)
        s.damage_deck = [HULL_BREACH] + list(range(len(cards) - 1, 0, -1))
        s.damage_discard = []
    for who, room in (su.get("positions") or {}).items():
        s.players[_seat(g, who)].pos = _pos(g, room)
    total = g.cube_count()
    for room, n in (su.get("cubes") or {}).items():
        pos = _pos(g, room)
        k = g.options.room_cubes
        s.covered[pos] = [True] * n + [False] * (k - n)
    for room in su.get("diverted") or []:
        s.diverted[_pos(g, room)] = True
    for key, attr in (("repair_cubes", "cubes"), ("action_tokens", "tokens"),
                      ("protection_tokens", "protection")):
        for who, n in (su.get(key) or {}).items():
            setattr(s.players[_seat(g, who)], attr, n)
    # tokens a player holds at setup come out of the supply, as the cubes do (a finite set)
    s.token_supply = max(0, s.token_supply - sum(p.tokens for p in s.players))
    s.protection_supply = max(0, s.protection_supply - sum(p.protection for p in s.players))
    on_rooms = sum(sum(c) for c in s.covered if c is not None)
    s.cube_supply = max(0, total - on_rooms - sum(p.cubes for p in s.players))
    sup = su.get("supply") or {}
    if "repair_cubes" in sup:
        s.cube_supply = sup["repair_cubes"]
    if "action_tokens" in sup:
        s.token_supply = sup["action_tokens"]
    if "protection_tokens" in sup:
        s.protection_supply = sup["protection_tokens"]
    if "active" in su:
        s.active = _seat(g, su["active"])
    if "actions_left" in su:
        s.actions_left = su["actions_left"]
    if "phase" in su:
        s.phase = su["phase"]
    s.forced = [int(x) for x in sc.get("forced_dice") or []]
    g.begin()
    return g


def make_action(g: SolarStormGame, st: dict) -> SolarAction:
    if "text" in st:
        return SolarAction.parse(st["text"])
    s = g.state
    seat = _seat(g, st["actor"])
    kind = st["action"]
    kw: dict[str, Any] = {}
    if "to" in st:
        kw["n"] = _pos(g, st["to"])
    if "target" in st:
        kw["target"] = _seat(g, st["target"])
    if "other" in st:
        kw["m"] = _seat(g, st["other"])
    here = g.v2_action(s.players[seat].pos) if 0 <= seat < len(s.players) else None
    if "card" in st:
        if st["card"] == "deck":
            kw["card"] = -1
        else:
            if kind in ("give", "repair", "divert"):
                pool = s.players[seat].hand
            elif kind == "take":
                pool = s.players[kw["target"]].hand
            elif kind in ("pick", "collect") or (kind == "room" and here == "Cargo Hold"):
                pool = s.face_up
            elif kind == "room" and here == "Engine Room":
                pool = s.res_discard[::-1]
            else:
                pool = ([c for p in s.players for c in p.hand] + s.face_up + s.res_discard[::-1]
                        + s.res_deck[::-1])
            kw["card"] = _ids_of(g, pool, [st["card"]], f"{kind}.card")[0]
    if "cards" in st:
        types = list(st["cards"])
        if kind == "room" and here == "Mess Hall":
            h = len(types) // 2
            kw["cards"] = tuple(_ids_of(g, s.players[kw["target"]].hand, types[:h], "cards")
                                + _ids_of(g, s.players[kw["m"]].hand, types[h:], "cards"))
        else:
            kw["cards"] = tuple(_ids_of(g, s.players[seat].hand, types, "cards"))
    if "seats" in st:
        kw["cards"] = tuple(_seat(g, w) for w in st["seats"])
    if "damage" in st:
        looked = list(s.pending["cards"]) if s.pending and s.pending["kind"] == "bridge" else []
        ids = []
        for lab in st["damage"]:
            hit = next((c for c in looked if g.damage_label(c) == lab and c not in ids), None)
            if hit is None:
                raise ScenarioFailure(f"damage card {lab!r} not among the looked-at cards")
            ids.append(hit)
        kw["cards"] = tuple(ids)
    if "top" in st:
        kw["n"] = int(st["top"])
    for raw, key in (("c", "card"), ("t", "target"), ("n", "n"), ("m", "m")):
        if raw in st:
            kw[key] = int(st[raw])
    if "cs" in st:
        kw["cards"] = tuple(int(x) for x in st["cs"])
    return SolarAction(seat, kind, **kw)


def _expect(g: SolarStormGame, exp: dict, where: str) -> None:
    sd = g.state_dict()
    for path, want in exp.items():
        try:
            got = get_path(sd, str(path))
        except KeyError as e:
            raise ScenarioFailure(f"{where}: {e.args[0]}") from None
        if got != want:
            raise ScenarioFailure(f"{where}: {path}: expected {want!r}, got {got!r}")


def run(path: str | Path) -> SolarStormGame | None:
    """Run one scenario file; raise ScenarioFailure (with the step) on the first difference."""
    try:
        sc = yaml.safe_load(Path(path).read_text())
    except OSError as e:
        raise ScenarioFailure(f"{path}: cannot read ({e.strerror})") from None
    except yaml.YAMLError as e:
        raise ScenarioFailure(f"{path}: malformed YAML ({e})") from None
    return run_data(sc, path)


def run_data(sc: Any, path: str | Path = "<scenario>") -> SolarStormGame | None:
    """Run a parsed Solar Storm scenario (see :func:`run`)."""
    if not isinstance(sc, dict) or "players" not in sc:
        raise ScenarioFailure(f"{path}: a scenario is a mapping with at least players")
    bad = set(sc) - TOP
    if bad:
        raise ScenarioFailure(f"{path}: unknown field(s) {sorted(bad)}")
    if sc.get("game", "solar_storm") != "solar_storm":
        raise ScenarioFailure(f"{path}: game must be solar_storm")
    if "expect_setup_error" in sc:
        try:
            build(sc)
        except ValueError as e:
            if str(sc["expect_setup_error"]).lower() not in str(e).lower():
                raise ScenarioFailure(f"setup error {e!s:.300} lacks {sc['expect_setup_error']!r}") from None
            return None
        raise ScenarioFailure("setup was expected to fail")
    g = build(sc)
    for i, st in enumerate(sc.get("steps") or [], 1):
        where = f"step {i}"
        bad = set(st) - STEP
        if bad:
            raise ScenarioFailure(f"{where}: unknown field(s) {sorted(bad)}")
        if "dice" in st:
            g.state.forced.extend(int(x) for x in st["dice"])
        for _ in range(int(st.get("undo", 0))):
            g.undo()
        for _ in range(int(st.get("redo", 0))):
            g.redo()
        if "action" in st or "text" in st:
            a = make_action(g, st)
            err = st.get("expect_error")
            before = g.state_dict()
            try:
                g.play(a)
            except IllegalActionError as e:
                if not err:
                    raise ScenarioFailure(f"{where} ({a}): refused: {e}") from None
                if str(err).lower() not in str(e).lower():
                    raise ScenarioFailure(f"{where}: refusal {str(e)!r} lacks {err!r}") from None
                if g.state_dict() != before:
                    raise ScenarioFailure(f"{where}: a refused action changed the state")
            else:
                if err:
                    raise ScenarioFailure(f"{where} ({g.describe(a)}): expected a refusal, it was played")
        if "expect" in st:
            _expect(g, st["expect"], where)
    if "expect" in sc:
        _expect(g, sc["expect"], "final")
    # every scenario also replays exactly from its save
    again = SolarStormGame.from_json(g.to_json())
    if again.state_dict() != g.state_dict():
        raise ScenarioFailure("the saved game does not replay to the same state")
    return g


__all__ = ["run", "run_data", "build", "make_action", "get_path", "ScenarioFailure", "CORE_POS",
           "base_name", "load_rooms", "all16", "version"]
