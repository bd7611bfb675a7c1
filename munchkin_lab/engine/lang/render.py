"""A compiled :class:`~.program.Program` back to the language's plain data (the ``abilities:`` form).

``to_data(expand(effects))`` writes every short form out in full (used by the reference to
show what each short form means, by the board's card detail, and by the tests: compiling the
written-out form gives the same program). Durations are written explicitly.
"""
from __future__ import annotations

from typing import Any

from .program import About, Ability, All, AnyOf, Atom, Duration, Not, Op, Per, Program, Target


def cond_to_data(c) -> Any:
    """A condition as plain data (an atom string, ``{and: [...]}``, ``{fighter: ...}`` ...)."""
    if isinstance(c, Atom):
        return str(c)
    if isinstance(c, All):
        return {"and": [cond_to_data(x) for x in c.items]}
    if isinstance(c, AnyOf):
        return {"or": [cond_to_data(x) for x in c.items]}
    if isinstance(c, Not):
        return {"not": cond_to_data(c.item)}
    if isinstance(c, About):
        return {c.subject: cond_to_data(c.cond)}
    raise TypeError(f"not a condition: {c!r}")


def target_to_data(t: Target) -> Any:
    if t.where is None:
        return t.name
    return {"select": t.name, "where": cond_to_data(t.where)}


def _value(v: Any) -> Any:
    if isinstance(v, Per):
        return {"each": v.each, "per": target_to_data(v.per)}
    if isinstance(v, Duration):
        return v.kind if v.slot is None else {"until_lost": v.slot}
    if isinstance(v, dict):
        return {k: _value(x) for k, x in v.items()}
    if isinstance(v, tuple):
        if v and all(isinstance(x, Op) for x in v):
            return [op_to_data(x) for x in v]
        return [_value(x) for x in v]
    return v


def op_to_data(op: Op, continuous: bool = False) -> dict:
    """One op as plain data (canonical names; ``for`` unless continuous)."""
    if op.name == "roll":
        main: Any = {(f"{lo}" if lo == hi else f"{lo}-{hi}"): [op_to_data(x, continuous) for x in sub]
                     for (lo, hi), sub in op.value}
    elif op.name == "if":
        main = cond_to_data(op.value)
    else:
        main = _value(op.value)
    d: dict = {op.name: main}
    for k, v in op.params:
        d[k] = [op_to_data(x, continuous) for x in v] if k in ("fail", "success") else _value(v)
    if op.then or op.name == "if":
        d["then"] = [op_to_data(x, continuous) for x in op.then]
    if op.orelse:
        d["else"] = [op_to_data(x, continuous) for x in op.orelse]
    if op.who is not None:
        d["who"] = target_to_data(op.who)
    if op.duration is not None and not continuous:
        d["for"] = _value(op.duration)
    return d


def ability_to_data(a: Ability) -> dict:
    """One ability as plain data (an ``abilities:`` entry)."""
    d: dict = {"when": a.when[0] if len(a.when) == 1 else list(a.when)}
    if a.cond is not None:
        d["if"] = cond_to_data(a.cond)
    if a.who != Target("player"):
        d["who"] = target_to_data(a.who)
    if a.by is not None:
        d["by"] = target_to_data(a.by)
    if a.from_hand:
        d["from_hand"] = True
    elif a.may:
        d["may"] = True
    if a.cost:
        d["cost"] = [{"discard": c.what, **({"count": c.count} if c.count != 1 else {}),
                      **({"worth": c.worth} if c.worth is not None else {}),
                      **({"named": list(c.named)} if c.named else {}),
                      **({"tagged": list(c.tagged)} if c.tagged else {}),
                      **({"deck": c.deck} if c.deck else {})} for c in a.cost]
    if a.limit is not None:
        d["limit"] = {"times": a.limit.times, "per": a.limit.per,
                      **({"each_target": True} if a.limit.each_target else {})}
    if a.label:
        d["label"] = a.label
    d["do"] = [op_to_data(op, a.continuous) for op in a.do]
    if a.otherwise:
        d["otherwise"] = [op_to_data(op, a.continuous) for op in a.otherwise]
    return d


def to_data(program: Program) -> dict:
    """The whole program as an ``effects`` mapping in the long form: ``{"abilities": [...]}``
    (``{}`` for an empty program)."""
    if not program.abilities:
        return {}
    return {"abilities": [ability_to_data(a) for a in program.abilities]}
