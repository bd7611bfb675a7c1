"""Pydantic models of the effect language, built from :mod:`.vocab`, and the JSON Schema
exported from them (``database/effects.schema.json``, for editors that validate and complete
card files).

:class:`Effects` is the model of one card's ``effects`` mapping (every short form, the
expansion parts ``room``/``dungeon``/``portal``/``fairy_dust``/``vehicle``/``room_action``, and
``abilities``). The models are strict (no coercion, unknown keys forbidden) and every union is
discriminated by a function, so an error names one path. Context rules a schema cannot say
(a duration on an instant op, an op aimed at the wrong kind of target...) are the compiler's
(:mod:`.expand`); :func:`munchkin_lab.engine.lang.validate` runs both.

This module imports pydantic; the engine never imports it (the compiler needs no pydantic).
"""
from __future__ import annotations

import keyword
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Discriminator, Field,
                      StrictBool, StrictInt, StrictStr, Tag, ValidationError, create_model)
from typing_extensions import TypeAliasType

from . import vocab as V
from .expand import _RANGE_RE, parse_atom
from .problems import Problem

SCHEMA_ID = "https://munchkin-lab.invalid/database/effects.schema.json"

_CFG = ConfigDict(extra="forbid", strict=True, populate_by_name=False, frozen=True)

# --------------------------------------------------------------------------- scalars


def _atom_check(v: str) -> str:
    parse_atom(v)  # raises ValueError with the compiler's message
    return v


_ATOM_PATTERN = r"^\s*!?\s*[A-Za-z_]+\s*(:.+|(<=|>=|<|>|=)\s*-?[0-9]+)?\s*$"
AtomStr = Annotated[StrictStr, AfterValidator(_atom_check),
                    Field(pattern=_ATOM_PATTERN, description="a condition atom such as race:elf, "
                          "level>=6, tag:undead (a leading ! negates); see database/EFFECTS.md")]
WordStr = Annotated[StrictStr, Field(min_length=1, pattern=r"^[^\s:!<>=][^:<>=]*$")]
Note = Annotated[StrictStr, Field(min_length=1)]
PosInt = Annotated[StrictInt, Field(ge=1)]
NonNeg = Annotated[StrictInt, Field(ge=0)]


def _lit(choices) -> Any:
    return Literal[tuple(choices)]  # type: ignore[valid-type]


def _tagged(members: dict, fn, what: str, alias: str | None = None) -> Any:
    """A union discriminated by ``fn`` (tags are ``~`` names, stripped from error paths);
    ``alias`` names a recursive type alias (conditions, ops)."""
    ann = Annotated[Union[tuple(Annotated[t, Tag(k)] for k, t in members.items())],  # type: ignore[misc]
                    Discriminator(fn, custom_error_type="effect_shape",
                                  custom_error_message=f"expected {what}")]
    return TypeAliasType(alias, ann) if alias else ann


def _fname(key: str) -> str:
    return f"{key}_" if keyword.iskeyword(key) or not key.isidentifier() else key


def _model(name: str, doc: str, fields: dict[str, tuple[Any, Any]]) -> type[BaseModel]:
    """A strict model whose keys are the given names (aliases where Python needs them)."""
    spec = {}
    for key, (ann, default) in fields.items():
        fkw: dict = {"title": key}
        if _fname(key) != key:
            fkw["alias"] = key
        spec[_fname(key)] = (ann, Field(default, **fkw) if default is not ... else Field(**fkw))
    return create_model(name, __config__=_CFG, __doc__=doc, __module__=__name__, **spec)


# --------------------------------------------------------------------------- conditions


def _cond_tag(v: Any) -> str | None:
    if isinstance(v, str):
        return "~atom"
    if isinstance(v, list):
        return "~list"
    if isinstance(v, dict) and len(v) == 1:
        k = next(iter(v))
        if k in V.COMBINATORS or k in V.SUBJECTS:
            return "~c." + k
    return None


_cond_models: dict[str, Any] = {}
for _k in V.COMBINATORS + tuple(V.SUBJECTS):
    _ann = "list[Cond]" if _k in ("and", "or") else "Cond"
    _cond_models["~c." + _k] = _model(f"Cond_{_k}", V.SUBJECTS.get(_k, f"{_k} of conditions"),
                                      {_k: (_ann, ...)})
Cond = _tagged({"~atom": AtomStr, "~list": Annotated[list["Cond"], Field(min_length=1)],
                **_cond_models}, _cond_tag, "a condition: an atom string, a list, or a mapping "
               "with one of " + ", ".join(V.COMBINATORS + tuple(V.SUBJECTS)), "Cond")

# --------------------------------------------------------------------------- targets etc.

TargetName = _lit(V.TARGETS)
TargetSelect = _model("TargetSelect", "a target filtered by a condition tested on each candidate",
                      {"select": (TargetName, ...), "where": (Optional[Cond], None)})
Target = _tagged({"~name": TargetName, "~select": TargetSelect},
                 lambda v: "~name" if isinstance(v, str) else "~select" if isinstance(v, dict) else None,
                 "a target name or {select: NAME, where: CONDITION}")
PerModel = _model("Per", "each INT for every target of per", {"each": (StrictInt, ...),
                                                               "per": (Target, ...)})
Amount = _tagged({"~int": StrictInt, "~bonus": Literal["bonus"], "~per": PerModel},
                 lambda v: ("~int" if isinstance(v, int) and not isinstance(v, bool) else
                            "~bonus" if isinstance(v, str) else "~per" if isinstance(v, dict) else None),
                 "an amount: an integer, 'bonus' or {each: INT, per: TARGET}")
PosAmount = _tagged({"~int": PosInt, "~bonus": Literal["bonus"], "~per": PerModel},
                    lambda v: ("~int" if isinstance(v, int) and not isinstance(v, bool) else
                               "~bonus" if isinstance(v, str) else "~per" if isinstance(v, dict) else None),
                    "an amount >= 1: an integer >= 1, 'bonus' or {each: INT, per: TARGET}")
UntilLost = _model("UntilLost", "until the target loses their item of that slot",
                   {"until_lost": (_lit(V.UNTIL_LOST_SLOTS), ...)})
Duration = _tagged({"~name": _lit(V.DURATIONS), "~until": UntilLost},
                   lambda v: "~name" if isinstance(v, str) else "~until" if isinstance(v, dict) else None,
                   "a duration: " + ", ".join(V.DURATIONS) + " or {until_lost: SLOT}")
LevelSet = _tagged({"~int": PosInt, "~lowest": Literal["lowest"]},
                   lambda v: "~lowest" if isinstance(v, str) else "~int" if isinstance(v, int) and not isinstance(v, bool) else None,
                   "an integer >= 1 or 'lowest'")


def _range_keys(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k) if isinstance(k, int) and not isinstance(k, bool) else k: x for k, x in v.items()}
    return v


RangeKey = Annotated[StrictStr, Field(pattern=r"^[1-6](-[1-6])?$")]

# --------------------------------------------------------------------------- ops


def _spec_ann(spec: str) -> Any:  # noqa: C901
    if spec.startswith("enum:"):
        return _lit(spec[5:].split("|"))
    return {
        "true": Literal[True], "bool": StrictBool, "int": StrictInt, "posint": PosInt,
        "nonneg": NonNeg, "str": Note, "word": WordStr,
        "words": Annotated[list[WordStr], Field(min_length=1)], "atom": AtomStr,
        "cond": Cond, "ops": "list[Op]", "target": Target, "amount": Amount, "posamount": PosAmount,
        "levelset": LevelSet, "duration": Duration,
        "rolls": Annotated[dict[RangeKey, "list[Op]"], BeforeValidator(_range_keys), Field(min_length=1)],
        "room_action": "RoomAction",
    }[spec]


def _op_tag(v: Any) -> str | None:
    if isinstance(v, dict):
        mains = [k for k in v if k in V.OPS]
        if len(mains) == 1:
            return "~op." + mains[0]
    return None


_op_models: dict[str, Any] = {}
for _name, _d in V.OPS.items():
    _canon = V.OPS[_d.short] if _d.short else _d
    _f: dict[str, tuple[Any, Any]] = {_name: (_spec_ann(_d.value), ...)}
    for _k, _s in _d.fields.items():
        _f[_k] = (Optional[_spec_ann(_s)], None)
    _f["who"] = (Optional[Target], None)
    _f["else"] = (Optional[_spec_ann("ops")], None)
    if _canon.lasting:
        _f["for"] = (Optional[Duration], None)
    _op_models["~op." + _name] = _model(f"Op_{_name}", _d.text, _f)

Op = _tagged(_op_models, _op_tag, "an op: a mapping with exactly one of " + ", ".join(V.OPS), "Op")

# --------------------------------------------------------------------------- abilities

Cost = _model("Cost", "a cost paid when the ability is used", {
    "discard": (_lit(V.COST_WHAT), ...), "count": (Optional[PosInt], None),
    "worth": (Optional[PosInt], None), "named": (Optional[Annotated[list[WordStr], Field(min_length=1)]], None),
    "tagged": (Optional[Annotated[list[WordStr], Field(min_length=1)]], None),
    "deck": (Optional[Literal["door", "treasure"]], None)})
LimitModel = _model("Limit", "how often the ability may be used", {
    "times": (PosInt, ...), "per": (_lit(V.LIMIT_PER), ...), "each_target": (Optional[StrictBool], None)})
TriggerName = _lit(V.TRIGGERS)
When = _tagged({"~one": TriggerName, "~many": Annotated[list[TriggerName], Field(min_length=1)]},
               lambda v: "~one" if isinstance(v, str) else "~many" if isinstance(v, list) else None,
               "a trigger name or a list of them")
AbilityModel = _model("Ability", "one ability: when / if / who / do / for how long", {
    "when": (When, ...), "if": (Optional[Cond], None), "who": (Optional[Target], None),
    "by": (Optional[Target], None), "may": (Optional[StrictBool], None),
    "from_hand": (Optional[StrictBool], None),
    "cost": (Optional[Annotated[list[Cost], Field(min_length=1)]], None),
    "limit": (Optional[LimitModel], None),
    "do": (list[Op], ...), "otherwise": (Optional[Annotated[list[Op], Field(min_length=1)]], None),
    "for": (Optional[Duration], None),
    "label": (Optional[Note], None)})

# --------------------------------------------------------------------------- short forms

CondBonus = _model("CondBonus", "{if: ATOM, bonus: INT}", {"if": (AtomStr, ...), "bonus": (StrictInt, ...)})
CondCount = _model("CondCount", "{if: ATOM, count: INT}", {"if": (AtomStr, ...), "count": (StrictInt, ...)})
Atoms = _tagged({"~one": AtomStr, "~many": Annotated[list[AtomStr], Field(min_length=1)]},
                lambda v: "~one" if isinstance(v, str) else "~many" if isinstance(v, list) else None,
                "a condition atom or a list of atoms")
Dir = _lit(V.DIRECTIONS)
Room = _model("Room", "a room tile's record (Star Munchkin Adventures)", {
    "on_entry": (Optional[_spec_ann("ops")], None), "on_exit": (Optional[_spec_ann("ops")], None),
    "on_fail": (Optional[_spec_ann("ops")], None),
    "combat_bonus": (Optional[StrictInt], None), "monster_bonus": (Optional[StrictInt], None),
    "run_away": (Optional[StrictInt], None), "fight_draws": (Optional[NonNeg], None),
    "forced_move": (Optional[_tagged({"~bool": StrictBool, "~dir": Dir},
                                     lambda v: "~bool" if isinstance(v, bool) else "~dir" if isinstance(v, str) else None,
                                     "N, E, S, W or true")], None),
    "destroy": (Optional[_lit(("self",) + V.DIRECTIONS)], None),
    **{k: (Optional[StrictBool], None) for k in ("run_away_roll_required", "run_away_automatic_unless_fight",
                                                  "lowest_combat_strength_excludes_one_shots",
                                                  "full_level_must_count", "items_optional",
                                                  "indestructible", "start")}})
VsTag = _model("VsTag", "{tag: NAME, bonus: INT}", {"tag": (WordStr, ...), "bonus": (StrictInt, ...)})
OnReveal = _model("OnReveal", "what happens when the Dungeon is revealed", {
    "reshuffle_door_discards": (Optional[StrictBool], None), "each_draws_door": (Optional[StrictBool], None)})
Dungeon = _model("Dungeon", "a Dungeon's record (Scooby-Doo)", {
    "bonus_if": (Optional[list[CondBonus]], None), "vs_tag": (Optional[list[VsTag]], None),
    "vehicle_bonus": (Optional[StrictInt], None), "on_reveal": (Optional[OnReveal], None)})
Portal = _model("Portal", "a Portal's record (Scooby-Doo)", {
    "discard_dungeons": (Optional[StrictBool], None),
    "draw": (Optional[_tagged({"~int": NonNeg, "~rolls": Annotated[dict[RangeKey, NonNeg], BeforeValidator(_range_keys), Field(min_length=1)]},
                              lambda v: "~int" if isinstance(v, int) and not isinstance(v, bool) else "~rolls" if isinstance(v, dict) else None,
                              "a number of Dungeons or {die range: number}")], None)})
FairyDust = _model("FairyDust", "Fairy Dust record", {"fairy": (Optional[StrictBool], None)})
Vehicle = _model("Vehicle", "no field is defined yet (the Vehicle rules use the card's slot and Big)", {})
_Supply = Annotated[StrictStr, Field(min_length=1)]
RoomAction = _model("RoomAction", "a Solar Storm V2 room action (read by the Solar Storm game)", {
    "action_cost": (Optional[PosInt], None), "min_players": (Optional[PosInt], None),
    "max_players": (Optional[PosInt], None),
    "move_meeple": (Optional[_model("MoveMeeple", "", {"which": (Optional[_Supply], None),
                                                      "including_own": (Optional[StrictBool], None),
                                                      "to": (Optional[_Supply], None)})], None),
    "draw_resources": (Optional[_model("DrawResources", "", {
        "count": (Optional[PosInt], None),
        "from": (Optional[Annotated[list[Literal["deck", "face_up"]], Field(min_length=1)]], None)})], None),
    "swap_between_two_others": (Optional[_model("SwapBetweenTwoOthers", "", {
        "min_cards": (Optional[PosInt], None), "max_cards": (Optional[PosInt], None),
        "all_agree": (Optional[StrictBool], None), "active_player_excluded": (Optional[StrictBool], None)})], None),
    "take_from_resource_discard": (Optional[PosInt], None), "then_mill_resource_deck": (Optional[PosInt], None),
    "give_repair_cube": (Optional[_model("GiveRepairCube", "", {
        "count": (Optional[PosInt], None), "from": (Optional[_Supply], None), "to": (Optional[_Supply], None),
        "requires_supply": (Optional[StrictBool], None)})], None),
    "held_cube_repairs_without_discard": (Optional[StrictBool], None),
    "give_action_tokens": (Optional[_model("GiveActionTokens", "", {
        "max": (Optional[PosInt], None), "from": (Optional[_Supply], None), "to": (Optional[_Supply], None),
        "split_freely": (Optional[StrictBool], None)})], None),
    "look_at_damage": (Optional[PosInt], None), "return_min": (Optional[PosInt], None),
    "return_to": (Optional[Annotated[list[Literal["top", "bottom"]], Field(min_length=1)]], None),
    "any_order": (Optional[StrictBool], None), "hull_breach_stays_bottom": (Optional[StrictBool], None),
    "give_protection_token": (Optional[_model("GiveProtectionToken", "", {
        "count": (Optional[PosInt], None), "from": (Optional[_Supply], None), "to": (Optional[_Supply], None)})], None),
    "protection_prevents_room_damage": (Optional[StrictBool], None),
    "returned_only_when_used": (Optional[StrictBool], None)})

_SHORT_ANN = {"cond_bonus": list[CondBonus], "cond_count": list[CondCount], "one_cond_bonus": CondBonus,
              "atoms": Atoms, "room": Room, "dungeon": Dungeon, "portal": Portal, "fairy_dust": FairyDust,
              "vehicle": Vehicle, "room_action": RoomAction}

_effect_fields: dict[str, tuple[Any, Any]] = {}
for _k, _s in V.SHORT_SPECS.items():
    _effect_fields[_k] = (Optional[_SHORT_ANN.get(_s) or _spec_ann(_s)], None)
_effect_fields["abilities"] = (Optional[list[AbilityModel]], None)
Effects = _model("Effects", "one card's effects: today's short forms and abilities written in "
                 "the language (database/EFFECTS.md)", _effect_fields)

_NS = {"Cond": Cond, "Op": Op, "RoomAction": RoomAction}
# Only the root is rebuilt: its schema resolves every nested model once (rebuilding each op
# model on its own would rebuild the whole op union again for each of them).
Effects.model_rebuild(_types_namespace=_NS)


# --------------------------------------------------------------------------- API


def json_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one card's ``effects`` mapping."""
    sch = Effects.model_json_schema(by_alias=True, ref_template="#/$defs/{model}")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "munchkin-lab card effects",
            "description": "The effects of one card (database/EFFECTS.md). Generated by "
                           "python -m munchkin_lab.engine.lang.docs; do not edit.", **{
                k: v for k, v in sch.items() if k not in ("title", "description")}}


def _message(e: dict) -> str:
    t = e.get("type", "")
    if t == "extra_forbidden":
        return "unknown key"
    if t == "missing":
        return "required key missing"
    msg = str(e.get("msg", "invalid"))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return msg[:1].lower() + msg[1:]


def _plain(v: Any) -> Any:
    """Frozen effects (``CardSpec.effects``: FrozenDict, tuples) as the plain data YAML gives."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def schema_problems(effects: Any) -> list[Problem]:
    """Problems the pydantic schema finds in ``effects`` (paths without the union tags)."""
    if effects is None:
        return []
    try:
        Effects.model_validate(_plain(effects))
    except ValidationError as exc:
        out = []
        for e in exc.errors(include_url=False):
            path = tuple(p for p in e["loc"] if not (isinstance(p, str) and p.startswith("~")))
            out.append(Problem(path, _message(e)))
        return out
    return []
