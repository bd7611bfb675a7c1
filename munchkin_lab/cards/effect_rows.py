"""Effects built from picks (the card editor's structured effect editor), in the words the
engine runs.

A designer picks, from lists generated from the effect language's vocabulary
(:mod:`munchkin_lab.engine.lang.vocab`), **when** (a trigger), **if** (an optional condition:
an atom, and whom it tests), **who** (a target), **do** (an op and its value) and **for how
long** (a duration, for lasting ops): one :class:`EffectRow`. :func:`build` turns it into
the effects it means:

* the row is first written as one ability of the full language (:func:`to_ability`);
* then every short form of today's effect keys that the engine runs
  (``munchkin_lab.engine.effects``) is tried (:func:`short_forms`), and one is kept only when
  the language compiles it to **exactly the same** program as the ability (compared with
  :func:`munchkin_lab.engine.lang.expand` and ``render.to_data``) and the engine's own
  validator accepts it: ``bad_stuff: [{lose_levels: 2}]`` for "when caught, the player loses
  2 Levels" on a monster;
* when no short form means the same, the ability itself is kept (``abilities:``): the
  language's long form, which the engine runs too (``munchkin_lab/engine/abilities.py``).

:func:`merge` adds the result to a card's effects (lists of ops and of conditional bonuses
grow, a key already set is never overwritten: the row then stays an ability), and
:func:`describe` says a canonical ability in words for the editor.

Sources: the language and its short forms, ``munchkin_lab/engine/lang/README.md`` and
``database/EFFECTS.md``; the engine's vocabulary, ``munchkin_lab/engine/effects.py``.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any, Mapping

from ..engine.lang import vocab as V
from ..engine.lang.validate import SHIPPED

#: Triggers offered first for a kind (the rest follow): where a card of that kind acts.
KIND_TRIGGERS: dict[str, tuple[str, ...]] = {
    "monster": ("caught", "escaped", "enters_combat", "in_play", "combat_won", "run_away_rolled"),
    "curse": ("hits",),
    "item": ("in_play", "enters_play", "use"),
    "one_shot": ("played",),
    "monster_enhancer": ("played",),
    "go_up_a_level": ("played",),
    "dungeon": ("in_play", "revealed"),
    "portal": ("kicked", "played"),
    "room_tile": ("enter_room", "leave_room", "in_play"),
    "race": ("in_play", "use"),
    "class": ("in_play", "use"),
    "special": ("played",),
}


@dataclass(frozen=True)
class EffectRow:
    """One pick of the structured editor.

    Attributes:
        when: a trigger (``vocab.TRIGGERS``).
        op: an op (``vocab.OPS``); ``value`` its main value (int, bool, text or a list of
            words, as the op's value spec says).
        who: a target (``vocab.TARGETS``; ``""`` = the default, the player of the event).
        cond: a condition atom (``race:elf``, ``level<=5``, ``human``; ``""`` = always).
        subject: whom ``cond`` tests: ``""`` (a triggered ability: the op's target; a
            continuous one: the player of the event), ``"target"`` (keep only the targets that
            match: ``who: {select: ..., where: ...}``) or a ``vocab.SUBJECTS`` key
            (``any_munchkin``...).
        duration: ``vocab.DURATIONS`` key for a lasting op (``""`` = the trigger's default).
    """

    when: str
    op: str
    value: Any = True
    who: str = ""
    cond: str = ""
    subject: str = ""
    duration: str = ""


@dataclass
class Built:
    """What :func:`build` made of a row: ``effects`` (the fragment to merge), ``ability``
    (the row in the full language), ``short`` (True when ``effects`` is a short form the
    engine runs), ``problems`` (the language's messages; then ``effects`` is empty)."""

    effects: dict
    ability: dict
    short: bool
    problems: list[str]


def to_ability(row: EffectRow) -> dict:
    """The row as one ability of the full language (``{when, if?, who?, do: [op]}``)."""
    op: dict[str, Any] = {row.op: row.value}
    if row.duration:
        op["for"] = row.duration
    ab: dict[str, Any] = {"when": row.when}
    trig = V.TRIGGERS.get(row.when)
    continuous = bool(trig and trig.continuous)
    who: Any = row.who or ""
    if row.cond:
        if row.subject == "target":
            who = {"select": row.who or "player", "where": row.cond}
        elif row.subject:
            ab["if"] = {row.subject: row.cond}
        elif continuous:
            ab["if"] = row.cond
        else:
            op = {"if": row.cond, "then": [op]}
    if who:
        ab["who"] = who
    ab["do"] = [op]
    return ab


def _canon(effects: Mapping, kind: str | None) -> list[str] | None:
    """The program of ``effects`` as sorted JSON texts of its abilities (None: not valid)."""
    from ..engine.lang import EffectError, expand
    from ..engine.lang.render import to_data

    try:
        data = to_data(expand(dict(effects), kind))
    except EffectError:
        return None
    except Exception:  # noqa: BLE001 - a compiler error on odd input: not a match
        return None
    return sorted(json.dumps(_plain(a, kind), sort_keys=True) for a in data.get("abilities", []))


#: Conditions a kind's own timing already implies for its ``played`` abilities (core rules,
#: 10. Monster Enhancers: played on a monster in a combat).
_IMPLIED_IF = {"monster_enhancer": "in_combat"}


def _plain(ability: dict, kind: str | None) -> dict:
    """``ability`` without what goes without saying: a ``for`` equal to its trigger's default
    duration, and a ``played`` condition the card's kind implies (:data:`_IMPLIED_IF`)."""
    a = dict(ability)
    trig = V.TRIGGERS.get(a.get("when")) if isinstance(a.get("when"), str) else None
    default = trig.default_for if trig else None
    if default:
        a["do"] = [{k: v for k, v in op.items() if not (k == "for" and v == default)} for op in a.get("do", [])]
    if a.get("when") == "played" and kind in _IMPLIED_IF and a.get("if") == _IMPLIED_IF[kind]:
        a.pop("if")
    return a


def _engine_op(op: Mapping) -> dict | None:
    """An op of the full language in the engine's op words (``levels: -2`` ->
    ``lose_levels: 2``, ``if``/``then`` -> ``if_match``/``then``), or None."""
    op = dict(op)
    if "for" in op:
        return None
    if "if" in op:
        then = [_engine_op(o) for o in op.get("then", [])]
        if not isinstance(op["if"], str) or any(t is None for t in then):
            return None
        out = {"if_match": op["if"], "then": then}
        if "else" in op:
            rest = [_engine_op(o) for o in op["else"]]
            if any(r is None for r in rest):
                return None
            out["else"] = rest
        return out
    if "levels" in op and len(op) == 1 and isinstance(op["levels"], int) and not isinstance(op["levels"], bool):
        n = op["levels"]
        return {"gain_levels": n} if n >= 0 else {"lose_levels": -n}
    return op


def short_forms(row: EffectRow, kind: str | None) -> list[dict]:
    """Candidate short forms for ``row`` (each an effects fragment); :func:`build` keeps the
    first that means exactly what the row means."""
    out: list[dict] = []
    value = row.value
    base = {row.op: value}
    eop = _engine_op({"if": row.cond, "then": [base]} if row.cond and not row.subject else base)
    for key in ("bad_stuff", "on_escape", "on_meet", "ops"):
        if eop is not None:
            out.append({key: [eop]})
    if eop is not None:
        out.append({"room": {"on_entry": [eop]}})
        out.append({"room": {"on_exit": [eop]}})
    if row.cond:
        for key in ("bonus_vs", "bonus_if"):
            out.append({key: [{"if": row.cond, "bonus": value}]})
        out.append({"extra_treasures": [{"if": row.cond, "count": value}]})
        out.append({"dungeon": {"bonus_if": [{"if": row.cond, "bonus": value}]}})
        out.append({"bonus_per": {"if": row.cond, "bonus": value}})
        out.append({"level_for": row.cond})
        out.append({"not_pursue": row.cond})
    for key, spec in V.SHORT_SPECS.items():
        if spec in ("int", "bool"):
            out.append({key: value if spec == "int" else True})
        elif spec.startswith("enum:") and isinstance(value, str):
            out.append({key: value})
    for key in ("combat_bonus", "monster_bonus", "run_away"):
        out.append({"room": {key: value}})
    out.append({"dungeon": {"vehicle_bonus": value}})
    seen, unique = set(), []
    for c in out:
        k = json.dumps(c, sort_keys=True, default=str)
        if k not in seen:
            seen.add(k)
            unique.append(c)
    return unique


def _engine_runs(effects: Mapping) -> bool:
    from ..engine import effects as vocab

    return not vocab.validate_effects(dict(effects))


def build(row: EffectRow, kind: str | None, names: Any = SHIPPED) -> Built:
    """Turn one row into effects: a short form the engine runs when one means exactly the
    same, else the ability (see the module docstring). ``names``: what the names of its
    condition must name (:func:`munchkin_lab.cards.designer.known_names`, the editor's
    database: a designer's own Race or Class too); default the shipped sets' names.

    Returns:
        :class:`Built`; with ``problems`` (the language's messages, e.g. a lasting op without
        a duration) the row cannot be used as picked and ``effects`` is ``{}``.
    """
    from ..engine.lang import validate

    ability = to_ability(row)
    whole = {"abilities": [ability]}
    problems = [str(p) for p in validate(whole, kind, names=names)]
    if problems:
        return Built({}, ability, False, problems)
    want = _canon(whole, kind)
    for cand in short_forms(row, kind):
        if _canon(cand, kind) == want and _engine_runs(cand) and not validate(cand, kind, names=names):
            return Built(cand, ability, True, [])
    return Built(whole, ability, False, [])


_LIST_KEYS = ("bad_stuff", "on_escape", "on_meet", "ops", "bonus_vs", "bonus_if", "extra_treasures", "abilities")


def merge(effects: Mapping | None, fragment: Mapping, kind: str | None = None) -> dict:
    """``effects`` with ``fragment`` added: lists (ops, conditional bonuses, abilities,
    ``room.on_entry``...) are extended, new keys added; a key that is already set with another
    value is not overwritten: that part goes in as an ability instead (so nothing the
    designer wrote is lost). Returns a new mapping."""
    out = copy.deepcopy(dict(effects or {}))
    for key, value in fragment.items():
        if key not in out:
            out[key] = copy.deepcopy(value)
        elif isinstance(out[key], list) and isinstance(value, list) and (key in _LIST_KEYS):
            out[key] = out[key] + copy.deepcopy(value)
        elif isinstance(out[key], dict) and isinstance(value, dict) and key in ("room", "dungeon"):
            inner = out[key]
            for k, v in value.items():
                if k not in inner:
                    inner[k] = copy.deepcopy(v)
                elif isinstance(inner[k], list) and isinstance(v, list):
                    inner[k] = inner[k] + copy.deepcopy(v)
                elif inner[k] != v:
                    return _as_ability(out, {key: {k: v}}, kind)
        elif out[key] != value:
            return _as_ability(out, {key: value}, kind)
    return out


def _as_ability(out: dict, fragment: dict, kind: str | None) -> dict:
    from ..engine.lang import EffectError, expand
    from ..engine.lang.render import to_data

    try:
        abilities = to_data(expand(fragment, kind)).get("abilities", [])
    except EffectError:
        return out
    out["abilities"] = list(out.get("abilities", [])) + abilities
    return out


def abilities_of(effects: Mapping | None, kind: str | None) -> list[dict]:
    """Every ability of ``effects`` in the full language (short forms expanded), or ``[]``
    when the effects are not valid."""
    from ..engine.lang import EffectError, expand
    from ..engine.lang.render import to_data

    if not effects:
        return []
    try:
        return list(to_data(expand(dict(effects), kind)).get("abilities", []))
    except EffectError:
        return []


def _words(v: Any) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k} {_words(x)}" for k, x in v.items())
    if isinstance(v, list):
        return "; ".join(_words(x) for x in v)
    return str(v)


def describe(ability: Mapping) -> str:
    """A canonical ability in a few words: ``"when caught: levels -2"``,
    ``"in play, if any_munchkin race:elf: this_monster combat_strength 3"``."""
    when = ability.get("when")
    when = ", ".join(when) if isinstance(when, list) else str(when)
    head = "in play" if when == "in_play" else f"when {when.replace('_', ' ')}"
    if "if" in ability:
        head += f", if {_words(ability['if'])}"
    who = ability.get("who")
    ops = []
    for op in ability.get("do", []):
        parts = []
        for k, v in op.items():
            if k == "for":
                continue
            if k == "then":
                parts.append(f"then {describe({'when': '', 'do': v}).split(': ', 1)[-1]}")
            else:
                parts.append(f"{k} {_words(v)}".replace("_", " ") if not isinstance(v, bool) else k.replace("_", " "))
        if "for" in op:
            parts.append(f"for {_words(op['for'])}".replace("_", " "))
        ops.append(" ".join(parts))
    target = f"{_words(who).replace('_', ' ')} " if who else ""
    return f"{head}: {target}{', '.join(ops)}"


def effects_words(effects: Mapping | None, kind: str | None, limit: int = 3) -> str:
    """A card's effects in a few words (a summary for a card that has none, e.g. on the print
    sheet): its first ``limit`` abilities (:func:`abilities_of`) as :func:`describe` says them,
    joined with ``"; "``, then how many more (``"when caught: levels -2; ... 1 more"``). Effects
    with no ability of the language's own (module-owned parts, such as ``room:`` or
    ``fairy_dust:``, or effects that do not compile) are named by their keys
    (``"effects: room"``). ``""`` for no effects, and for effects whose every part is empty
    (``{ops: []}``: an empty effect is no effect, printed as a card without effects)."""
    if not effects:
        return ""
    words = [describe(a) for a in abilities_of(effects, kind)]
    if words:
        more = f"; ... {len(words) - limit} more" if len(words) > limit else ""
        return "; ".join(words[:limit]) + more
    parts = [k for k, v in effects.items() if not (v is None or (isinstance(v, (list, dict, str)) and not v))]
    return "effects: " + ", ".join(str(k).replace("_", " ") for k in parts) if parts else ""


# --------------------------------------------------------------------------- choices for the editor


def trigger_choices(kind: str | None) -> list[tuple[str, str]]:
    """``(label, trigger)`` pairs: the kind's usual triggers first, then the others."""
    first = [t for t in KIND_TRIGGERS.get(kind or "", ()) if t in V.TRIGGERS]
    rest = [t for t in V.TRIGGERS if t not in first]
    return [(f"{t.replace('_', ' ')}: {V.TRIGGERS[t].fires[:60]}", t) for t in first + rest]


def target_choices() -> list[tuple[str, str]]:
    """``(label, target)`` pairs, the default (the player of the event) first."""
    return [("(default) the player of the event", "")] + [
        (f"{t.replace('_', ' ')}: {d.text[:50]}", t) for t, d in V.TARGETS.items()]


def op_choices() -> list[tuple[str, str]]:
    """``(label, op)`` pairs in vocabulary order (short-form op names left out: the canonical
    ones stand for them)."""
    return [(f"{o.replace('_', ' ')}: {d.text[:55]}", o) for o, d in V.OPS.items() if d.short is None]


def duration_choices() -> list[tuple[str, str]]:
    """``(label, duration)`` pairs, the trigger's default first."""
    return [("(default for the trigger)", "")] + [(f"{d.replace('_', ' ')}: {x.ends[:50]}", d)
                                                   for d, x in V.DURATIONS.items()]


def atom_choices() -> list[tuple[str, str]]:
    """``(label, atom name)`` pairs, "always" first."""
    return [("(always)", "")] + [(f"{a}: {d.text[:50]}", a) for a, d in V.ATOMS.items()]


def subject_choices() -> list[tuple[str, str]]:
    """``(label, subject)`` pairs for whom a condition tests."""
    return ([("(default) the target / the player", ""), ("each target (keep those that match)", "target")]
            + [(f"{s.replace('_', ' ')}: {t[:40]}", s) for s, t in V.SUBJECTS.items()])


def atom_text(name: str, arg: str = "", negate: bool = False) -> str:
    """The atom ``name`` with its argument: ``("race", "elf") -> "race:elf"``,
    ``("level", "<=5") -> "level<=5"``, ``("human", "") -> "human"``; ``negate`` puts ``!``
    in front. Raises ``ValueError`` for an unknown atom or a missing argument."""
    d = V.ATOMS.get(name)
    if d is None:
        raise ValueError(f"unknown condition {name!r}")
    arg = (arg or "").strip()
    if d.arg == "none":
        text = name
    elif d.arg == "cmp":
        if not arg or arg[0] not in "<>=":
            raise ValueError(f"{name}: give a comparison such as <=5 or >=10")
        text = f"{name}{arg}"
    else:
        if not arg:
            raise ValueError(f"{name}: give a value" + (f" ({', '.join(d.choices)})" if d.choices else ""))
        text = f"{name}:{arg.lower()}"
    return ("!" if negate else "") + text


def parse_value(op: str, text: Any) -> Any:
    """The op's main value from the editor's text, as its value spec says (``int``/``amount``
    a whole number, ``posint`` >= 1, ``true``/``bool``, ``enum:a|b`` one of the choices,
    ``words`` a comma list, ``word``/``str`` text).

    Raises:
        ValueError: the text does not fit (the message names the op and what it takes).
    """
    d = V.OPS.get(op)
    if d is None:
        raise ValueError(f"unknown op {op!r}")
    spec = d.value
    t = "" if text is None else str(text).strip()
    if spec in ("true",):
        return True
    if spec == "bool":
        if t.lower() in ("", "true", "yes", "1"):
            return True
        if t.lower() in ("false", "no", "0"):
            return False
        raise ValueError(f"{op}: true or false, got {t!r}")
    if spec in ("int", "amount", "posint", "nonneg", "levelset"):
        if spec == "levelset" and t == "lowest":
            return t
        if spec == "amount" and t == "bonus":
            return t
        try:
            n = int(t)
        except ValueError:
            raise ValueError(f"{op}: a whole number, got {t!r}") from None
        if spec == "posint" and n < 1 or spec == "nonneg" and n < 0:
            raise ValueError(f"{op}: at least {1 if spec == 'posint' else 0}, got {n}")
        return n
    if spec.startswith("enum:"):
        choices = spec[5:].split("|")
        if t not in choices:
            raise ValueError(f"{op}: one of {', '.join(choices)}, got {t!r}")
        return t
    if spec == "words":
        words = [w.strip().lower() for w in t.split(",") if w.strip()]
        if not words:
            raise ValueError(f"{op}: one or more words, comma separated")
        return words
    if spec in ("word", "str", "atom"):
        if not t:
            raise ValueError(f"{op}: give a text")
        return t.lower() if spec == "word" else t
    raise ValueError(f"{op}: takes a {spec} value, which the picker cannot write: edit the YAML")


def value_hint(op: str) -> str:
    """What the op's value is, for the editor (its spec and meaning)."""
    d = V.OPS.get(op)
    if d is None:
        return ""
    spec = d.value
    shown = {"true": "nothing to fill in (true)", "amount": "a whole number (+ gains, - loses)",
             "posint": "a whole number >= 1", "nonneg": "a whole number >= 0", "int": "a whole number",
             "levelset": "a Level or 'lowest'", "words": "words, comma separated", "word": "a word",
             "str": "a short note in your words"}.get(spec, spec.replace("enum:", "one of: ").replace("|", ", "))
    lasting = " (lasting: pick for how long)" if d.lasting else ""
    return f"{op}: {d.text} - value: {shown}{lasting}"
