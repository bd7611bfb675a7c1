"""The effect part of the card-file schema, kept in one place so that it can be swapped.

A card's ``effects`` mapping has two kinds of keys:

* the **core vocabulary** (monster, item, One-Shot, Curse... keys and their ops), defined and
  checked by :func:`munchkin_lab.engine.effects.validate_effects` (called here, never copied);
* the **expansion parts** ``dungeon``, ``portal``, ``room``, ``room_action``, ``fairy_dust`` and
  ``vehicle``: mappings read by the rules modules. The engine's validator only checks that
  they are mappings; here they are strict pydantic models written from what the modules read
  (``engine/modules/dungeons.py``, ``rooms.py``, ``fairy_dust.py``, ``engine/solar_storm.py``),
  so a typo such as ``portal: {drw: 1}`` is an error, in set files and scenario cards alike.

On top of both, every whole number in ``effects`` must lie within
``[-EFFECT_INT_MAX, EFFECT_INT_MAX]`` and every text must be free of control characters.

The one entry point is :func:`effect_errors` (``effects -> [(path, message)]``, never raises);
:mod:`munchkin_lab.cards.files` turns its result into errors naming file, line, card and key.
:func:`effects_json_schema` gives the JSON Schema of the same rules for
``database/cards.schema.json``. A later effect language replaces this module: keep its two
functions' shapes and the card schema follows.
"""
from __future__ import annotations

import re
from typing import Any, Literal, Mapping, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..engine import effects as _vocab

#: Largest magnitude of a whole number anywhere in ``effects`` (Gold values included).
EFFECT_INT_MAX = 10_000
#: Combat-strength numbers of the expansion parts (Dungeon bonuses, room modifiers).
_BONUS = dict(ge=-50, le=50)
_ATOM = re.compile(_vocab.ATOM_RE.pattern)
_DIE_RANGE = re.compile(r"^[1-6](-[1-6])?$")
_CTRL = re.compile("[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\x80-\x9F\uD800-\uDFFF]")

Loc = tuple  # a location inside ``effects``: keys and list indexes


class _Part(BaseModel):
    """An expansion part: strict types, unknown keys refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _atom(value: str) -> str:
    if not _vocab.valid_atom(value):
        raise ValueError(f"bad condition atom {value!r} (e.g. race:elf, class:warrior, tag:undead, level>=6)")
    return value


class CondBonus(_Part):
    """``{if: ATOM, bonus: INT}``: the bonus goes to each munchkin-side player matching ATOM."""

    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)

    if_: str = Field(alias="if")
    bonus: int = Field(**_BONUS)

    @field_validator("if_")
    @classmethod
    def _check_if(cls, v: str) -> str:
        return _atom(v)


class TagBonus(_Part):
    """``{tag: ghost, bonus: INT}``: once per munchkin-side player while a monster with that
    tag is in the combat."""

    tag: str = Field(min_length=1, pattern=r"^[a-z0-9_\- ]+$")
    bonus: int = Field(**_BONUS)


class OnReveal(_Part):
    """One-time effects when the Dungeon enters play."""

    reshuffle_door_discards: bool = False
    each_draws_door: bool = False


class DungeonPart(_Part):
    """``effects.dungeon`` (Scooby-Doo rules, Dungeons and Portals: Dungeons; read by
    ``engine/modules/dungeons.py``)."""

    bonus_if: list[CondBonus] = Field(default_factory=list)
    vs_tag: list[TagBonus] = Field(default_factory=list)
    vehicle_bonus: Optional[int] = Field(default=None, **_BONUS)
    on_reveal: Optional[OnReveal] = None


class PortalPart(_Part):
    """``effects.portal`` (Scooby-Doo rules, Dungeons and Portals: Portals): discard the
    Dungeons in play (default true), then draw ``draw`` new ones: a number, or a die table
    ``{"1-3": 1, "4-6": 2}``."""

    discard_dungeons: bool = True
    draw: Any = 1

    @field_validator("draw", mode="before")
    @classmethod
    def _draw(cls, v: Any) -> Any:
        if isinstance(v, bool) or not isinstance(v, (int, dict)):
            raise ValueError(f"expected a number of Dungeons or a die table such as {{'1-3': 1, '4-6': 2}}, got {v!r}")
        if isinstance(v, int):
            if not 0 <= v <= 16:
                raise ValueError(f"must be >= 0 and <= 16, got {v}")
            return v
        for k, n in v.items():
            if not _DIE_RANGE.match(str(k)):
                raise ValueError(f"die range {k!r}: expected '1-3' or '6'")
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 16:
                raise ValueError(f"die range {k!r}: expected a number of Dungeons 0..16, got {n!r}")
        return v


class RoomPart(_Part):
    """``effects.room`` (Star Munchkin Adventures room tiles, the Solar Storm Energy Core; read
    by ``engine/modules/rooms.py`` and ``engine/solar_storm.py``)."""

    on_entry: Optional[list] = None
    on_exit: Optional[list] = None
    on_fail: Optional[list] = None
    combat_bonus: Optional[int] = Field(default=None, **_BONUS)
    monster_bonus: Optional[int] = Field(default=None, **_BONUS)
    run_away: Optional[int] = Field(default=None, **_BONUS)
    forced_move: Any = None
    destroy: Optional[Literal["self", "N", "E", "S", "W"]] = None
    run_away_automatic_unless_fight: bool = False
    fight_draws: Optional[int] = Field(default=None, ge=0, le=20)
    run_away_roll_required: bool = False
    lowest_combat_strength_excludes_one_shots: bool = False
    full_level_must_count: bool = False
    items_optional: bool = False
    indestructible: bool = False
    start: bool = False

    @field_validator("forced_move", mode="before")
    @classmethod
    def _forced(cls, v: Any) -> Any:
        """A direction N/E/S/W, or true when the direction is not known (resolved by hand)."""
        if v is None or isinstance(v, bool) or v in ("N", "E", "S", "W"):
            return v
        raise ValueError(f"expected N, E, S, W or true, got {v!r}")


# Solar Storm V2 room actions: the engine reads ``action_cost``; the steps describe each
# room's action with its numbers (database/README.md, "Room effects").
_Count = Field(default=1, ge=0, le=20)


class MoveMeeple(_Part):
    which: Literal["any"] = "any"
    including_own: bool = False
    to: Literal["room_without_meeple"] = "room_without_meeple"


class DrawResources(_Part):
    count: int = _Count
    from_: list[Literal["deck", "face_up"]] = Field(default_factory=list, alias="from")
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class SwapBetweenTwoOthers(_Part):
    min_cards: int = Field(default=1, ge=0, le=20)
    max_cards: int = Field(default=1, ge=0, le=20)
    all_agree: bool = False
    active_player_excluded: bool = False


_Supply = Literal["supply"]
_Receiver = Literal["other_player", "other_players", "any_player"]


class GiveThing(_Part):
    count: Optional[int] = Field(default=None, ge=0, le=20)
    max: Optional[int] = Field(default=None, ge=0, le=20)
    from_: _Supply = Field(default="supply", alias="from")  # type: ignore[valid-type]
    to: _Receiver = "other_player"  # type: ignore[valid-type]
    requires_supply: bool = False
    split_freely: bool = False
    model_config = ConfigDict(extra="forbid", strict=True, populate_by_name=True)


class RoomActionPart(_Part):
    """``effects.room_action`` (Solar Storm V2 rooms, seed 003)."""

    action_cost: Optional[int] = Field(default=None, ge=1, le=4)
    min_players: Optional[int] = Field(default=None, ge=1, le=4)
    max_players: Optional[int] = Field(default=None, ge=1, le=4)
    move_meeple: Optional[MoveMeeple] = None
    draw_resources: Optional[DrawResources] = None
    swap_between_two_others: Optional[SwapBetweenTwoOthers] = None
    take_from_resource_discard: Optional[int] = Field(default=None, ge=0, le=20)
    then_mill_resource_deck: Optional[int] = Field(default=None, ge=0, le=20)
    give_repair_cube: Optional[GiveThing] = None
    held_cube_repairs_without_discard: bool = False
    give_action_tokens: Optional[GiveThing] = None
    look_at_damage: Optional[int] = Field(default=None, ge=0, le=20)
    return_min: Optional[int] = Field(default=None, ge=0, le=20)
    return_to: list[Literal["top", "bottom"]] = Field(default_factory=list)
    any_order: bool = False
    hull_breach_stays_bottom: bool = False
    give_protection_token: Optional[GiveThing] = None
    protection_prevents_room_damage: bool = False
    returned_only_when_used: bool = False


class FairyDustPart(_Part):
    """``effects.fairy_dust``: ``fairy: true`` marks a monster that plays as the Sparkly Good
    Fairy (read by ``engine/modules/fairy_dust.py``)."""

    fairy: bool = False


class VehiclePart(_Part):
    """``effects.vehicle``: no rules module reads a key here yet (Vehicles play through their
    ``slot: vehicle``), so the mapping must stay empty."""


#: Expansion part name -> its model.
PARTS: dict[str, type[_Part]] = {
    "dungeon": DungeonPart, "portal": PortalPart, "room": RoomPart, "room_action": RoomActionPart,
    "fairy_dust": FairyDustPart, "vehicle": VehiclePart,
}
#: Keys of RoomPart holding lists of core ops.
_OP_LISTS = ("on_entry", "on_exit", "on_fail")


# --------------------------------------------------------------------------- messages


def _parse_path(text: str) -> Loc:
    """``"bad_stuff[0].lose_item"`` -> ``("bad_stuff", 0, "lose_item")``."""
    out: list = []
    for part in text.split("."):
        m = re.match(r"^([^\[]*)((?:\[\d+\])*)$", part)
        if not m:
            out.append(part)
            continue
        if m.group(1):
            out.append(m.group(1))
        out.extend(int(i) for i in re.findall(r"\[(\d+)\]", m.group(2)))
    return tuple(out)


def error_message(err: Mapping) -> str:
    """A short message for one pydantic error (``err`` from ``ValidationError.errors()``)."""
    typ, inp, ctx = err.get("type"), err.get("input"), err.get("ctx") or {}
    shown = repr(inp) if not isinstance(inp, (dict, list)) else type(inp).__name__
    if typ == "extra_forbidden":
        return "unknown field"
    if typ == "missing":
        return "required field is missing"
    if typ in ("int_type", "int_parsing", "int_from_float"):
        return f"expected a whole number, got {shown}"
    if typ == "bool_type" or typ == "bool_parsing":
        return f"expected true or false, got {shown}"
    if typ in ("string_type",):
        return f"expected text, got {shown}"
    if typ in ("list_type",):
        return f"expected a list, got {shown}"
    if typ in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping, got {shown}"
    if typ == "literal_error":
        return f"unknown value {inp!r} (expected {ctx.get('expected', '')})"
    if typ in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        op = {"greater_than_equal": ">=", "less_than_equal": "<=", "greater_than": ">", "less_than": "<"}[typ]
        limit = ctx.get({">=": "ge", "<=": "le", ">": "gt", "<": "lt"}[op])
        return f"must be {op} {limit}, got {shown}"
    if typ == "string_too_short":
        return "must not be empty"
    if typ == "string_pattern_mismatch":
        return f"bad value {inp!r} (expected the pattern {ctx.get('pattern')})"
    if typ == "value_error":
        return str(ctx.get("error", err.get("msg")))
    return str(err.get("msg"))


def _walk(value: Any, path: Loc, out: list[tuple[Loc, str]]) -> None:
    """Bounds of every whole number and control characters of every text."""
    stack = [(value, path)]
    while stack:
        v, p = stack.pop()
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int):
            if not -EFFECT_INT_MAX <= v <= EFFECT_INT_MAX:
                out.append((p, f"must be >= {-EFFECT_INT_MAX} and <= {EFFECT_INT_MAX}, got {v}"))
        elif isinstance(v, float):
            out.append((p, f"expected a whole number, got {v!r}"))
        elif isinstance(v, str):
            m = _CTRL.search(v)
            if m:
                out.append((p, f"control character U+{ord(m.group()):04X} in the text {v[:40]!r}"))
        elif isinstance(v, Mapping):
            for k, sub in v.items():
                if not isinstance(k, str):
                    out.append((p + (k,), f"keys are text, got {k!r}"))
                    continue
                stack.append((sub, p + (k,)))
        elif isinstance(v, (list, tuple)):
            stack.extend((sub, p + (i,)) for i, sub in enumerate(v))
        else:
            out.append((p, f"unexpected value {v!r} ({type(v).__name__})"))


def _ops_errors(ops: Any, path: Loc) -> list[tuple[Loc, str]]:
    """Core ops checked by the engine's validator (as the ``ops`` of a Curse)."""
    out = []
    for msg in _vocab.validate_effects({"ops": ops}):
        where, _, text = str(msg).partition(": ")
        sub = _parse_path(where)[1:] if where.startswith("ops") else ()
        out.append((path + sub, text or str(msg)))
    return out


def effect_errors(effects: Any) -> list[tuple[Loc, str]]:
    """Every problem of a card's ``effects``: ``[(path, message)]`` where ``path`` is a tuple
    of keys and list indexes inside ``effects`` (``("portal", "drw")``,
    ``("bad_stuff", 0, "lose_item")``); empty when valid. Never raises.

    Checks: the core vocabulary (``engine.effects.validate_effects``), the expansion parts
    (:data:`PARTS`, strict), whole numbers within ``±EFFECT_INT_MAX``, no control characters.
    """
    if effects is None:
        return []
    if not isinstance(effects, Mapping):
        return [((), f"expected a mapping of effect keys, got {effects!r}")]
    out: list[tuple[Loc, str]] = []
    _walk(effects, (), out)
    try:
        core = _vocab.validate_effects(effects)
    except Exception as exc:  # noqa: BLE001 - the validator must not hide the card
        return [((), f"effect validator failed: {exc!r}")]
    for msg in core:
        where, _, text = str(msg).partition(": ")
        out.append((_parse_path(where) if text else (), text or str(msg)))
    for key, model in PARTS.items():
        value = effects.get(key)
        if not isinstance(value, Mapping):
            continue  # absent, or reported by the core validator
        try:
            model.model_validate(dict(value))
        except ValidationError as exc:
            for err in exc.errors(include_url=False):
                loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p))
                out.append(((key,) + loc, error_message(err)))
        if key == "room":
            for op_key in _OP_LISTS:
                if value.get(op_key) is not None:
                    out += _ops_errors(value[op_key], (key, op_key))
    seen: set = set()
    unique = []
    for path, msg in out:  # one message per place (a float is both out of the vocabulary and no int)
        if path not in seen:
            seen.add(path)
            unique.append((path, msg))
    return unique


# --------------------------------------------------------------------------- JSON Schema


def _core_schema(kind: str) -> dict:
    atom = {"type": "string", "pattern": _ATOM.pattern}
    num = {"type": "integer", "minimum": -EFFECT_INT_MAX, "maximum": EFFECT_INT_MAX}
    op = {"type": "object", "minProperties": 1,
          "propertyNames": {"enum": list(_vocab.OP_KEYS) + ["else", "count", "then"]}}
    ops = {"type": "array", "items": op}
    cond = lambda n: {"type": "object", "additionalProperties": False, "required": ["if", n],  # noqa: E731
                      "properties": {"if": atom, n: num}}
    return {
        "int": num, "bool": {"type": "boolean"}, "atom": atom,
        "words": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
        "atoms": {"anyOf": [atom, {"type": "array", "minItems": 1, "items": atom}]},
        "side": {"enum": ["munchkin", "monster", "either"]},
        "slot3": {"enum": ["headgear", "armor", "footgear"]},
        "ops": ops, "cond_bonus": {"type": "array", "items": cond("bonus")},
        "cond_count": {"type": "array", "items": cond("count")}, "one_cond_bonus": cond("bonus"),
        "mapping": {"type": "object"},
    }[kind]


def effects_json_schema() -> dict:
    """JSON Schema (draft 2020-12) of ``effects``: the core keys with their value shapes
    (details of ops are left to the loader) and the expansion parts from :data:`PARTS`."""
    props: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for key, kind in _vocab.TOP_KEYS.items():
        if key in PARTS:
            schema = PARTS[key].model_json_schema(ref_template="#/$defs/{model}", by_alias=True)
            defs.update(schema.pop("$defs", {}))
            name = PARTS[key].__name__
            defs[name] = schema
            props[key] = {"$ref": f"#/$defs/{name}"}
        else:
            props[key] = _core_schema(kind)
    return {"type": "object", "additionalProperties": False, "properties": props, "$defs": defs}
