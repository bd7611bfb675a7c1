"""The compiler: a card's ``effects`` mapping (today's short forms and the ``abilities:`` language)
in, one frozen :class:`~.program.Program` out.

:func:`expand` is what the engine calls, once per card (never per step). It reads plain data
only (no pydantic), checks as it goes and raises :class:`~.problems.EffectError` listing
every problem with its exact path; it never ignores a key. :func:`compile_problems` is the
same pass returning the problems instead (used by :func:`munchkin_lab.engine.lang.validate`).

What every short form expands to is listed in :data:`.vocab.SHORT_FORMS` and shown in
``database/EFFECTS.md``; the moment each trigger fires and what each op does in the engine
is the interpreter contract (``munchkin_lab/engine/lang/README.md``).
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..cards import FrozenDict
from . import vocab as V
from .problems import EffectError, Problem
from .program import (EMPTY, OWNER, PLAYER, About, Ability, All, AnyOf, Atom, Cost, Duration,
                      Limit, Not, Op, Per, Program, Target)

#: Class/Race names that are the same card (core rules: the Priest is the Cleric).
ALIASES = {"priest": "cleric", "kapłan": "cleric"}

_ATOM_RE = re.compile(r"^(!)?\s*([a-z_]+)\s*(?::(.*)|(<=|>=|<|>|=)\s*(-?\d+))?$", re.S)
_RANGE_RE = re.compile(r"^([1-6])(?:-([1-6]))?$")
_WORD_RE = re.compile(r"^[^\s:!<>=][^:<>=]*$")

_BAD = object()  # a value that failed to parse (its problem is already recorded)


def _key(k: Any) -> str:
    """A mapping key as a path element (always a string: ints in paths are list indices)."""
    return k if isinstance(k, str) else str(k)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _kind_name(v: Any) -> str:
    if isinstance(v, Mapping):
        return "a mapping"
    return {bool: "true/false", int: "an integer", str: "a string", list: "a list",
            tuple: "a list", float: "a number", type(None): "nothing (null)"}.get(type(v), type(v).__name__)


def _suggest(word: Any, known) -> str:
    if not isinstance(word, str):
        return ""
    import difflib  # only when a message is written
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def atom_forms() -> str:
    """Every atom form, for messages: ``race:NAME, class:NAME, gender:male|female, ...``."""
    out = []
    for a in V.ATOMS.values():
        if a.arg == "none":
            out.append(a.name)
        elif a.arg == "name":
            out.append(f"{a.name}:NAME")
        elif a.arg == "enum":
            out.append(f"{a.name}:{'|'.join(a.choices)}")
        else:
            out.append(f"{a.name}<=N")
    return ", ".join(out)


def parse_atom(text: Any) -> Atom:
    """Parse one condition atom (case-insensitive; a leading ``!`` negates).

    Returns:
        :class:`~.program.Atom`; ``race:human`` becomes the ``human`` atom and ``class:priest``
        the ``cleric`` class (core rules, 4.).
    Raises:
        ValueError: with a message naming the atom and the forms that exist.
    """
    if not isinstance(text, str):
        raise ValueError(f"a condition atom is a string, got {_kind_name(text)}")
    m = _ATOM_RE.match(text.strip().lower())
    if not m:
        raise ValueError(f"bad condition atom {text!r}: write NAME, NAME:ARG or NAME<=N, a leading "
                         f"! negates")
    neg, name, arg, cmp, num = bool(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5)
    d = V.ATOMS.get(name)
    if d is None:
        raise ValueError(f"unknown condition atom {text!r}{_suggest(name, V.ATOMS)}; known: "
                         f"{atom_forms()}")
    if d.arg == "none":
        if arg is not None or cmp is not None:
            raise ValueError(f"condition atom {name!r} takes no argument (got {text!r})")
        return Atom(neg, name)
    if d.arg == "cmp":
        if cmp is None:
            raise ValueError(f"condition atom {name!r} compares a number: write {name}>=N "
                             f"(<=, >=, <, >, =), got {text!r}")
        return Atom(neg, name, None, cmp, int(num))
    if arg is None or not arg.strip():
        raise ValueError(f"condition atom {name!r} needs an argument: {name}:"
                         f"{'|'.join(d.choices) if d.choices else 'NAME'} (got {text!r})")
    arg = " ".join(arg.split())
    if d.arg == "enum":
        if arg not in d.choices:
            raise ValueError(f"{name}:{arg} - expected one of {', '.join(d.choices)}")
        return Atom(neg, name, arg)
    if not _WORD_RE.match(arg):
        raise ValueError(f"bad name {arg!r} in condition atom {text!r}")
    if name == "race" and arg == "human":
        return Atom(neg, "human")
    if name in ("race", "class"):
        arg = ALIASES.get(arg, arg)
    return Atom(neg, name, arg)


class _Ctx:
    """Where an op list sits: continuous or not, the default duration, the target kind."""

    __slots__ = ("continuous", "default_for", "triggers", "kind")

    def __init__(self, continuous: bool, default_for: Duration | None, triggers: tuple, kind: str):
        self.continuous = continuous
        self.default_for = default_for
        self.triggers = triggers
        self.kind = kind

    def with_kind(self, kind: str) -> "_Ctx":
        return _Ctx(self.continuous, self.default_for, self.triggers, kind)


_MONSTER_KEYS = frozenset(("bonus_vs", "no_run_away", "not_pursue", "evade_treasures", "bribe_gold",
                           "evade_discard", "extra_level_with", "extra_level_bare", "no_help",
                           "items_dont_count", "level_doesnt_count", "extra_treasures",
                           "extra_levels", "bad_stuff", "on_escape", "cleric_chase", "on_meet"))
_THIS_MONSTER = Target("this_monster")
_FIGHTER = Target("fighter")
_IN_COMBAT = Atom(False, "in_combat")
_OWN_TURN = Atom(False, "own_turn")
_NO_COMBAT = Atom(True, "in_combat")
_HERE = About("fighter", Atom(False, "here"))
_IN_PLAY = Duration("in_play")
_THIS_COMBAT = Duration("this_combat")
#: The trigger of each short-form op list (its ops get that trigger's default duration).
_SHORT_TRIGGER = {"bad_stuff": "caught", "on_escape": "escaped", "on_meet": "enters_combat",
                  "ops": "hits"}


def _trigger_ctx(trigger: str) -> "_Ctx":
    d = V.TRIGGERS[trigger].default_for
    return _Ctx(False, Duration(d) if d else None, (trigger,), "player")


class Compiler:
    """One compile pass over one card's effects; problems are collected, never raised."""

    def __init__(self, kind: str | None = None) -> None:
        self.kind = kind
        self.problems: list[Problem] = []

    # ------------------------------------------------------------------ helpers
    def err(self, path, message: str) -> Any:
        self.problems.append(Problem(tuple(path), message))
        return _BAD

    def mapping(self, v: Any, path, allowed, what: str, required=()) -> bool:
        """Check that ``v`` is a mapping with only ``allowed`` keys and every ``required`` one.
        Unknown keys are reported but do not stop the caller from checking the known ones;
        False only when ``v`` is no mapping or a required key is missing."""
        if not isinstance(v, Mapping):
            self.err(path, f"expected {what} (a mapping), got {_kind_name(v)}")
            return False
        for k in v:
            if k not in allowed:
                self.err(tuple(path) + (_key(k),), f"unknown key of {what}{_suggest(k, allowed)}; "
                         f"its keys: {', '.join(allowed)}")
        ok = True
        for k in required:
            if k not in v:
                ok = False
                self.err(path, f"{what} needs {k!r}")
        return ok

    def spec(self, spec: str, v: Any, path, ctx: _Ctx | None = None, subj: str = "player") -> Any:
        """Check and parse value ``v`` against a value spec (see :mod:`.vocab`)."""
        if spec.startswith("enum:"):
            choices = spec[5:].split("|")
            if isinstance(v, str) and v in choices:
                return v
            return self.err(path, f"expected one of {', '.join(choices)}, got {v!r}"
                            f"{_suggest(v, choices)}")
        if spec == "true":
            return True if v is True else self.err(path, f"expected true, got {v!r}")
        if spec == "bool":
            return v if isinstance(v, bool) else self.err(path, f"expected true or false, got {v!r}")
        if spec in ("int", "posint", "nonneg"):
            if not _is_int(v):
                return self.err(path, f"expected an integer, got {_kind_name(v)} {v!r}")
            if spec == "posint" and v < 1:
                return self.err(path, f"expected an integer >= 1, got {v}")
            if spec == "nonneg" and v < 0:
                return self.err(path, f"expected an integer >= 0, got {v}")
            return v
        if spec == "str":
            if isinstance(v, str) and v.strip():
                return v
            return self.err(path, f"expected a short note (a non-empty string), got {v!r}")
        if spec == "word":
            if isinstance(v, str) and v.strip() and _WORD_RE.match(v.strip()):
                return " ".join(v.strip().lower().split())
            return self.err(path, f"expected a name (a word), got {v!r}")
        if spec == "words":
            if isinstance(v, (list, tuple)) and v and all(isinstance(x, str) and x.strip()
                                                           and _WORD_RE.match(x.strip()) for x in v):
                return tuple(x.strip().lower() for x in v)
            return self.err(path, f"expected a non-empty list of words, got {v!r}")
        if spec == "atom":
            try:
                return parse_atom(v)
            except ValueError as exc:
                return self.err(path, str(exc))
        if spec == "atoms":
            vals = v if isinstance(v, (list, tuple)) else [v]
            if not vals:
                return self.err(path, "expected a condition atom or a non-empty list of atoms")
            out = [self.spec("atom", x, tuple(path) + ((i,) if isinstance(v, (list, tuple)) else ()))
                   for i, x in enumerate(vals)]
            return _BAD if any(o is _BAD for o in out) else tuple(out)
        if spec == "cond":
            return self.cond(v, path, subj)
        if spec == "ops":
            return self.ops(v, path, ctx)
        if spec == "target":
            return self.target(v, path)
        if spec == "amount":
            return self.amount(v, path)
        if spec == "duration":
            return self.duration(v, path)
        if spec == "levelset":
            if v == "lowest" or (_is_int(v) and v >= 1):
                return v
            return self.err(path, f"expected an integer >= 1 or 'lowest', got {v!r}")
        if spec == "rolls":
            return self.rolls(v, path, ctx)
        if spec == "room_action":
            return self.room_action(v, path)
        raise AssertionError(f"unknown spec {spec}")  # pragma: no cover - vocabulary bug

    # ------------------------------------------------------------------ conditions
    def cond(self, v: Any, path, subj: str = "player") -> Any:
        """A condition: an atom string, a list (all hold), or a one-key mapping (``and``,
        ``or``, ``not`` or a subject of :data:`.vocab.SUBJECTS`)."""
        path = tuple(path)
        if isinstance(v, str):
            try:
                a = parse_atom(v)
            except ValueError as exc:
                return self.err(path, str(exc))
            d = V.ATOMS[a.name]
            if d.subject == "player" and subj == "monster" and a.name != "level":
                return self.err(path, f"{v!r} tests a player, but the subject here is a monster "
                                f"(wrap it: {{fighter: {v!r}}})")
            return a
        if isinstance(v, (list, tuple)):
            if not v:
                return self.err(path, "an empty condition list (write at least one condition)")
            items = [self.cond(x, path + (i,), subj) for i, x in enumerate(v)]
            return _BAD if any(x is _BAD for x in items) else (items[0] if len(items) == 1 else All(tuple(items)))
        if isinstance(v, Mapping):
            keys = list(v)
            known = V.COMBINATORS + tuple(V.SUBJECTS)
            if len(keys) != 1 or keys[0] not in known:
                bad = [k for k in keys if k not in known]
                if bad:
                    return self.err(path + (_key(bad[0]),), f"unknown condition key{_suggest(bad[0], known)}"
                                    f"; a condition mapping has one key: {', '.join(known)}")
                return self.err(path, f"a condition mapping has exactly one key, got {keys}")
            k = keys[0]
            x = v[k]
            if k in ("and", "or"):
                if not isinstance(x, (list, tuple)) or not x:
                    return self.err(path + (k,), f"{k}: expected a non-empty list of conditions")
                items = [self.cond(c, path + (k, i), subj) for i, c in enumerate(x)]
                if any(c is _BAD for c in items):
                    return _BAD
                return All(tuple(items)) if k == "and" else AnyOf(tuple(items))
            if k == "not":
                c = self.cond(x, path + (k,), subj)
                return _BAD if c is _BAD else Not(c)
            c = self.cond(x, path + (k,), V.SUBJECT_KIND[k])
            return _BAD if c is _BAD else About(k, c)
        return self.err(path, f"expected a condition (an atom such as 'race:elf', a list, or "
                        f"{{and|or|not|fighter|...: ...}}), got {_kind_name(v)}")

    # ------------------------------------------------------------------ targets, amounts
    def target(self, v: Any, path) -> Any:
        path = tuple(path)
        if isinstance(v, str):
            if v in V.TARGETS:
                return Target(v)
            return self.err(path, f"unknown target {v!r}{_suggest(v, V.TARGETS)}; targets: "
                            f"{', '.join(V.TARGETS)}")
        if isinstance(v, Mapping):
            if not self.mapping(v, path, ("select", "where"), "a target filter", ("select",)):
                return _BAD
            base = self.target(v["select"], path + ("select",))
            if base is _BAD:
                return _BAD
            kind = V.TARGETS[base.name].kind
            if "where" not in v:
                return base
            if kind not in ("player", "monster"):
                return self.err(path + ("where",), f"where: only players and monsters can be "
                                f"filtered ({base.name} is a {kind})")
            w = self.cond(v["where"], path + ("where",), kind)
            return _BAD if w is _BAD else Target(base.name, w)
        return self.err(path, f"expected a target name or {{select: NAME, where: CONDITION}}, "
                        f"got {_kind_name(v)}")

    def amount(self, v: Any, path) -> Any:
        path = tuple(path)
        if _is_int(v):
            return v
        if v == "bonus":
            return "bonus"
        if isinstance(v, Mapping):
            if not self.mapping(v, path, ("each", "per"), "an amount", ("each", "per")):
                return _BAD
            each = self.spec("int", v["each"], path + ("each",))
            per = self.target(v["per"], path + ("per",))
            return _BAD if _BAD in (each, per) else Per(each, per)
        return self.err(path, f"expected an amount: an integer, 'bonus' (the card's printed "
                        f"bonus) or {{each: N, per: TARGET}}, got {v!r}")

    def duration(self, v: Any, path) -> Any:
        path = tuple(path)
        if isinstance(v, str):
            if v in V.DURATIONS:
                return Duration(v)
            return self.err(path, f"unknown duration {v!r}{_suggest(v, V.DURATIONS)}; durations: "
                            f"{', '.join(V.DURATIONS)}, or {{until_lost: SLOT}}")
        if isinstance(v, Mapping):
            if not self.mapping(v, path, ("until_lost",), "a duration", ("until_lost",)):
                return _BAD
            s = self.spec("enum:" + "|".join(V.UNTIL_LOST_SLOTS), v["until_lost"], path + ("until_lost",))
            return _BAD if s is _BAD else Duration("until_lost", s)
        return self.err(path, f"expected a duration ({', '.join(V.DURATIONS)} or "
                        f"{{until_lost: SLOT}}), got {_kind_name(v)}")

    def rolls(self, v: Any, path, ctx: _Ctx | None) -> Any:
        path = tuple(path)
        if not isinstance(v, Mapping) or not v:
            return self.err(path, "expected a mapping of die ranges ('1-2', '3') to op lists")
        out = []
        seen: set[int] = set()
        for k, sub in v.items():
            m = _RANGE_RE.match(str(k).strip())
            if not m or (m.group(2) and int(m.group(2)) < int(m.group(1))):
                self.err(path + (_key(k),), f"expected a die range like '1-2' or '6', got {k!r}")
                continue
            lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
            faces = set(range(lo, hi + 1))
            if faces & seen:
                self.err(path + (_key(k),), f"die range {k!r} overlaps another range")
            seen |= faces
            ops = self.ops(sub, path + (_key(k),), ctx)
            if ops is not _BAD:
                out.append(((lo, hi), ops))
        return tuple(sorted(out))

    # ------------------------------------------------------------------ ops
    def ops(self, v: Any, path, ctx: _Ctx | None, non_empty: bool = False) -> Any:
        path = tuple(path)
        if not isinstance(v, (list, tuple)):
            return self.err(path, f"expected a list of ops, got {_kind_name(v)}")
        if non_empty and not v:
            return self.err(path, "expected at least one op")
        out = [self.op(x, path + (i,), ctx) for i, x in enumerate(v)]
        return _BAD if any(o is _BAD for o in out) else tuple(out)

    def op(self, v: Any, path, ctx: _Ctx | None) -> Any:  # noqa: C901 - one place per op rule
        path = tuple(path)
        ctx = ctx or _Ctx(False, None, (), "player")
        if not isinstance(v, Mapping):
            return self.err(path, f"an op is a mapping such as {{lose_levels: 1}}, got {_kind_name(v)}")
        mains = [k for k in v if k in V.OPS]
        if len(mains) != 1:
            if not mains:
                extra = [k for k in v if k not in ("who", "else", "for")]
                hint = _suggest(extra[0], V.OPS) if extra else ""
                return self.err(path + ((_key(extra[0]),) if extra else ()),
                                f"unknown op{hint}; an op has exactly one of: {', '.join(V.OPS)}")
            return self.err(path, f"exactly one op key expected, got {', '.join(map(str, mains))}")
        name = mains[0]
        d = V.OPS[name]
        canon = V.OPS[d.short] if d.short else d
        allowed = set(d.fields) | set(V.OP_COMMON) | {name, "for"}
        bad = False
        for k in v:
            if k not in allowed:
                bad = True
                own = ", ".join(list(d.fields) + list(V.OP_COMMON) + (["for"] if canon.lasting else []))
                self.err(path + (_key(k),), f"unknown field of {name}{_suggest(k, allowed)}; its fields: {own}")
        who = None
        kind = ctx.kind
        if "who" in v:
            who = self.target(v["who"], path + ("who",))
            if who is _BAD:
                bad = True
            else:
                kind = V.TARGETS[who.name].kind
        # acts-on check
        acts = canon.acts_on
        if "game" not in acts and kind not in acts and canon.name != "if":
            tname = who.name if isinstance(who, Target) else "the ability's target"
            self.err(path, f"{name} acts on {' or '.join(a + 's' for a in acts)}; {tname} is a {kind}")
            bad = True
        # duration
        duration = None
        if canon.lasting:
            if "for" in v:
                if ctx.continuous:
                    self.err(path + ("for",), "`for` is not allowed in a continuous ability "
                             "(when: in_play): it lasts while the card is in play and `if` holds")
                    bad = True
                else:
                    duration = self.duration(v["for"], path + ("for",))
                    bad = bad or duration is _BAD
            elif ctx.continuous:
                duration = _IN_PLAY
            elif ctx.default_for is not None:
                duration = ctx.default_for
            else:
                trig = ", ".join(ctx.triggers) or "this trigger"
                self.err(path, f"{name} is a lasting change: say for how long (for: "
                         f"{'|'.join(V.DURATIONS)}); when: {trig} gives no default")
                bad = True
        else:
            if "for" in v:
                self.err(path + ("for",), f"`for` is not allowed: {name} happens at once "
                         f"(only lasting changes take a duration)")
                bad = True
            if ctx.continuous and canon.name != "if":
                self.err(path, f"{name} happens at once, so it cannot be continuous (when: in_play); "
                         f"use a trigger such as enters_play")
                bad = True
        # main value
        sub_ctx = ctx.with_kind(kind)
        if d.name in ("if", "if_match"):
            value = self.cond(v[name], path + (name,), kind if kind in ("player", "monster") else "player") \
                if d.name == "if" else self.spec("atom", v[name], path + (name,))
        else:
            value = self.spec(d.value, v[name], path + (name,), sub_ctx)
        bad = bad or value is _BAD
        params = []
        then = orelse = ()
        for k, spec in d.fields.items():
            if k not in v:
                continue
            pv = self.spec(spec, v[k], path + (k,), sub_ctx)
            if pv is _BAD:
                bad = True
            elif k == "then":
                then = pv
            else:
                params.append((k, pv))
        if d.name in ("if", "if_match") and "then" not in v:
            self.err(path, f"{name} needs a `then` list")
            bad = True
        if d.name == "destroy_rooms" and "count" in v and v.get(name) != "chosen":
            self.err(path + ("count",), "count: only with destroy_rooms: chosen")
            bad = True
        if "else" in v:
            ev = self.ops(v["else"], path + ("else",), sub_ctx)
            if ev is _BAD:
                bad = True
            else:
                orelse = ev
        if bad:
            return _BAD
        if d.name == "gain_levels":
            name, value = "levels", value
        elif d.name == "lose_levels":
            name, value = "levels", -value
        elif d.name == "if_match":
            name = "if"
        return Op(name, value, who, duration, tuple(sorted(params)), then, orelse)

    # ------------------------------------------------------------------ abilities
    def ability(self, v: Any, path, origin: str) -> Any:  # noqa: C901
        path = tuple(path)
        if not self.mapping(v, path, tuple(V.ABILITY_FIELDS), "an ability", ("when", "do")):
            if not isinstance(v, Mapping) or "when" not in v or "do" not in v:
                return _BAD
        bad = False
        on = v.get("when")
        trig = on if isinstance(on, (list, tuple)) else [on]
        if not trig:
            self.err(path + ("when",), "when: expected a trigger or a non-empty list of triggers")
            bad = True
        triggers = []
        for i, t in enumerate(trig):
            p = path + ("when",) + ((i,) if isinstance(on, (list, tuple)) else ())
            if not isinstance(t, str) or t not in V.TRIGGERS:
                self.err(p, f"unknown trigger {t!r}{_suggest(t, V.TRIGGERS)}; triggers: "
                         f"{', '.join(V.TRIGGERS)}")
                bad = True
            elif t in triggers:
                self.err(p, f"trigger {t!r} twice")
                bad = True
            else:
                triggers.append(t)
        lenient = bad or not triggers  # keep checking the rest with a permissive context
        triggers = tuple(triggers)
        continuous = "in_play" in triggers
        if continuous and len(triggers) > 1:
            self.err(path + ("when",), "in_play (continuous) cannot be combined with other triggers")
            bad = lenient = True
            continuous = False
        if continuous:
            for k in ("may", "cost", "limit", "by", "from_hand", "for"):
                if k in v:
                    self.err(path + (k,), f"{k}: not allowed in a continuous ability (when: in_play)")
                    bad = True
        if "by" in v and "use" not in triggers:
            self.err(path + ("by",), "by: only for when: use (who may use the ability)")
            bad = True
        may = self.spec("bool", v["may"], path + ("may",)) if "may" in v else False
        from_hand = self.spec("bool", v["from_hand"], path + ("from_hand",)) if "from_hand" in v else False
        if from_hand is True and ("use" in triggers or "played" in triggers):
            self.err(path + ("from_hand",), "from_hand: only for triggers other than played and use "
                     "(a played card already comes from the hand)")
            bad = True
        if "cost" in v and not ({"use", "played"} & set(triggers) or may is True or from_hand is True):
            self.err(path + ("cost",), "cost: only for when: use / played, or with may: true "
                     "(an automatic ability has nobody to pay)")
            bad = True
        default_for = None
        if "for" in v and not continuous:
            default_for = self.duration(v["for"], path + ("for",))
            bad = bad or default_for is _BAD
        elif lenient and not continuous:
            default_for = _THIS_COMBAT
        else:
            defaults = {V.TRIGGERS[t].default_for for t in triggers}
            if len(defaults) == 1:
                d0 = defaults.pop()
                default_for = Duration(d0) if d0 else None
        who = self.target(v["who"], path + ("who",)) if "who" in v else PLAYER
        by = self.target(v["by"], path + ("by",)) if "by" in v else None
        cond = self.cond(v["if"], path + ("if",)) if "if" in v else None
        cost = self.costs(v["cost"], path + ("cost",)) if "cost" in v else ()
        limit = self.limit(v["limit"], path + ("limit",)) if "limit" in v else None
        label = self.spec("str", v["label"], path + ("label",)) if "label" in v else None
        if any(x is _BAD for x in (may, from_hand, who, by, cond, cost, limit, label)):
            bad = True
        kind = V.TARGETS[who.name].kind if isinstance(who, Target) else "player"
        ctx = _Ctx(continuous, default_for if default_for is not _BAD else None, triggers, kind)
        do = self.ops(v["do"], path + ("do",), ctx, non_empty=True)
        if bad or do is _BAD:
            return _BAD
        return Ability(triggers, do, cond, who, by, bool(may or from_hand), cost, limit, label,
                       origin, bool(from_hand))

    def costs(self, v: Any, path) -> Any:
        path = tuple(path)
        if not isinstance(v, (list, tuple)) or not v:
            return self.err(path, "cost: expected a non-empty list such as [{discard: card}]")
        out = []
        for i, c in enumerate(v):
            p = path + (i,)
            if not self.mapping(c, p, tuple(V.COST_FIELDS), "a cost", ("discard",)):
                out.append(_BAD)
                continue
            vals = {k: self.spec(s, c[k], p + (k,)) for k, s in V.COST_FIELDS.items() if k in c}
            for k in ("worth", "named", "tagged"):
                if k in c and c.get("discard") != "item":
                    self.err(p + (k,), f"{k}: only with discard: item")
                    vals[k] = _BAD
            if "deck" in c and c.get("discard") not in ("card", "hand_card"):
                self.err(p + ("deck",), "deck: only with discard: card or hand_card")
                vals["deck"] = _BAD
            if "count" in c and c.get("discard") in ("self", "hand"):
                self.err(p + ("count",), f"count: not with discard: {c['discard']}")
                vals["count"] = _BAD
            if any(x is _BAD for x in vals.values()):
                out.append(_BAD)
                continue
            out.append(Cost(vals["discard"], vals.get("count", 1), vals.get("worth"), vals.get("named", ()),
                            vals.get("tagged", ()), vals.get("deck")))
        return _BAD if any(c is _BAD for c in out) else tuple(out)

    def limit(self, v: Any, path) -> Any:
        path = tuple(path)
        if not self.mapping(v, path, tuple(V.LIMIT_FIELDS), "a limit", ("times", "per")):
            return _BAD
        vals = {k: self.spec(s, v[k], path + (k,)) for k, s in V.LIMIT_FIELDS.items() if k in v}
        if any(x is _BAD for x in vals.values()):
            return _BAD
        return Limit(vals["times"], vals["per"], vals.get("each_target", False))

    # ------------------------------------------------------------------ expansion parts
    def room_action(self, v: Any, path) -> Any:
        path = tuple(path)
        subs = {
            "move_meeple": {"which": "word", "including_own": "bool", "to": "word"},
            "draw_resources": {"count": "posint", "from": "list:deck|face_up"},
            "swap_between_two_others": {"min_cards": "posint", "max_cards": "posint",
                                        "all_agree": "bool", "active_player_excluded": "bool"},
            "give_repair_cube": {"count": "posint", "from": "word", "to": "word",
                                 "requires_supply": "bool"},
            "give_action_tokens": {"max": "posint", "from": "word", "to": "word",
                                   "split_freely": "bool"},
            "give_protection_token": {"count": "posint", "from": "word", "to": "word"},
        }
        scalars = {"action_cost": "posint", "min_players": "posint", "max_players": "posint",
                   "take_from_resource_discard": "posint", "then_mill_resource_deck": "posint",
                   "held_cube_repairs_without_discard": "bool", "look_at_damage": "posint",
                   "return_min": "posint", "return_to": "list:top|bottom", "any_order": "bool",
                   "hull_breach_stays_bottom": "bool", "protection_prevents_room_damage": "bool",
                   "returned_only_when_used": "bool"}
        if not self.mapping(v, path, tuple(V.ROOM_ACTION_FIELDS), "room_action"):
            return _BAD
        ok = all(k in V.ROOM_ACTION_FIELDS for k in v)

        def check(spec, x, p):
            if spec.startswith("list:"):
                ch = spec[5:].split("|")
                if isinstance(x, (list, tuple)) and x and all(isinstance(e, str) and e in ch for e in x):
                    return True
                self.err(p, f"expected a non-empty list of {', '.join(ch)}, got {x!r}")
                return False
            return self.spec(spec, x, p) is not _BAD

        for k, x in v.items():
            if k in scalars:
                ok = check(scalars[k], x, path + (k,)) and ok
            elif k in subs:
                if not self.mapping(x, path + (k,), tuple(subs[k]), f"room_action.{k}"):
                    ok = False
                    continue
                for kk, xx in x.items():
                    if kk in subs[k]:
                        ok = check(subs[k][kk], xx, path + (k, kk)) and ok
                    else:
                        ok = False
        if ok and "min_players" in v and "max_players" in v and v["min_players"] > v["max_players"]:
            ok = bool(self.err(path + ("min_players",), "min_players is above max_players")) and False
        return _freeze(v) if ok else _BAD

    # ------------------------------------------------------------------ effects
    def effects(self, eff: Any) -> Program:  # noqa: C901
        if eff is None:
            return EMPTY
        if not isinstance(eff, Mapping):
            self.err((), f"effects: expected a mapping, got {_kind_name(eff)}")
            return EMPTY
        known = set(V.SHORT_SPECS) | set(V.LANGUAGE_KEYS)
        vals: dict[str, Any] = {}
        for key, val in eff.items():
            if key not in known:
                self.err((_key(key),), f"unknown effect key{_suggest(key, known)} (the short forms and "
                         f"`abilities` are listed in database/EFFECTS.md)")
                continue
            if key == "abilities":
                continue
            spec = V.SHORT_SPECS[key]
            vals[key] = self.short_value(key, spec, val)
        for key, needs in V.SHORT_NEEDS.items():
            if key in eff and eff[key] not in (False, None) and not any(n in eff for n in needs):
                self.err((key,), f"{key} refines {' or '.join(needs)}, which this card does not have")
        abilities: list[Ability] = []
        if not any(v is _BAD for v in vals.values()):
            abilities = self.shorts(eff, vals)
        if "abilities" in eff:
            w = eff["abilities"]
            if not isinstance(w, (list, tuple)):
                self.err(("abilities",), f"abilities: expected a list of abilities, got {_kind_name(w)}")
            else:
                for i, ab in enumerate(w):
                    a = self.ability(ab, ("abilities", i), f"abilities[{i}]")
                    if a is not _BAD:
                        abilities.append(a)
        return Program(tuple(abilities))

    def short_value(self, key: str, spec: str, val: Any) -> Any:
        p = (key,)
        if spec in ("cond_bonus", "cond_count", "one_cond_bonus"):
            num = "count" if spec == "cond_count" else "bonus"
            items = [val] if spec == "one_cond_bonus" else val
            if not isinstance(items, (list, tuple)) or (spec == "one_cond_bonus" and not isinstance(val, Mapping)):
                return self.err(p, f"expected {'a mapping' if spec == 'one_cond_bonus' else 'a list of'} "
                                f"{{if: ATOM, {num}: INT}}")
            out = []
            for i, it in enumerate(items):
                q = p if spec == "one_cond_bonus" else p + (i,)
                if not self.mapping(it, q, ("if", num), f"{{if: ATOM, {num}: INT}}", ("if", num)):
                    out.append(_BAD)
                    continue
                a = self.spec("atom", it["if"], q + ("if",))
                n = self.spec("int", it[num], q + (num,))
                out.append(_BAD if _BAD in (a, n) else (a, n))
            if any(o is _BAD for o in out):
                return _BAD
            return out[0] if spec == "one_cond_bonus" else tuple(out)
        if spec == "ops":
            return self.ops(val, p, _trigger_ctx(_SHORT_TRIGGER.get(key, "caught")))
        if spec in ("room", "dungeon", "portal", "fairy_dust", "vehicle"):
            return self.part(key, val)
        return self.spec(spec, val, p)

    def part(self, key: str, v: Any) -> Any:  # noqa: C901
        p = (key,)
        fields = {"room": V.ROOM_FIELDS, "dungeon": V.DUNGEON_FIELDS, "portal": V.PORTAL_FIELDS,
                  "fairy_dust": V.FAIRY_DUST_FIELDS, "vehicle": {}}[key]
        if key == "vehicle":
            if not isinstance(v, Mapping):
                return self.err(p, f"expected a mapping, got {_kind_name(v)}")
            for k in v:
                self.err(p + (_key(k),), "no Vehicle field is defined yet: the Vehicle rules use the "
                         "card's slot (vehicle) and Big; write abilities under `when` instead")
            return _BAD if v else {}
        if not self.mapping(v, p, tuple(fields), key):
            return _BAD
        out: dict[str, Any] = {}
        for k, x in v.items():
            if k not in fields:
                out[_key(k)] = _BAD  # reported by mapping()
                continue
            q = p + (k,)
            if key == "room":
                if k in ("on_entry", "on_exit", "on_fail"):
                    out[k] = self.ops(x, q, _trigger_ctx("leave_room" if k == "on_exit" else "enter_room"))
                elif k in ("combat_bonus", "monster_bonus", "run_away"):
                    out[k] = self.spec("int", x, q)
                elif k == "fight_draws":
                    out[k] = self.spec("nonneg", x, q)
                elif k == "forced_move":
                    out[k] = x if isinstance(x, bool) else self.spec("enum:N|E|S|W", x, q)
                elif k == "destroy":
                    out[k] = self.spec("enum:self|N|E|S|W", x, q)
                else:
                    out[k] = self.spec("bool", x, q)
            elif key == "dungeon":
                if k == "bonus_if":
                    out[k] = self.short_value_at(q, "cond_bonus", x)
                elif k == "vs_tag":
                    if not isinstance(x, (list, tuple)):
                        out[k] = self.err(q, "expected a list of {tag: NAME, bonus: INT}")
                        continue
                    items = []
                    for i, it in enumerate(x):
                        if not self.mapping(it, q + (i,), ("tag", "bonus"), "{tag: NAME, bonus: INT}",
                                            ("tag", "bonus")):
                            items.append(_BAD)
                            continue
                        t = self.spec("word", it["tag"], q + (i, "tag"))
                        b = self.spec("int", it["bonus"], q + (i, "bonus"))
                        items.append(_BAD if _BAD in (t, b) else (t, b))
                    out[k] = _BAD if _BAD in items else tuple(items)
                elif k == "vehicle_bonus":
                    out[k] = self.spec("int", x, q)
                else:  # on_reveal
                    if self.mapping(x, q, ("reshuffle_door_discards", "each_draws_door"), "on_reveal"):
                        sub = {kk: self.spec("bool", xx, q + (kk,)) for kk, xx in x.items()}
                        out[k] = _BAD if _BAD in sub.values() else sub
                    else:
                        out[k] = _BAD
            elif key == "portal":
                if k == "discard_dungeons":
                    out[k] = self.spec("bool", x, q)
                elif _is_int(x):
                    out[k] = self.spec("nonneg", x, q)
                elif isinstance(x, Mapping) and x:
                    rng: list = []
                    for r, n in x.items():
                        m = _RANGE_RE.match(str(r).strip())
                        if not m or (m.group(2) and int(m.group(2)) < int(m.group(1))):
                            rng.append(self.err(q + (_key(r),), f"expected a die range like '1-3', got {r!r}"))
                            continue
                        nn = self.spec("nonneg", n, q + (_key(r),))
                        rng.append(_BAD if nn is _BAD else ((int(m.group(1)), int(m.group(2) or m.group(1))), nn))
                    out[k] = _BAD if _BAD in rng else tuple(sorted(rng))
                else:
                    out[k] = self.err(q, "expected a number of Dungeons or {die range: number}")
            else:  # fairy_dust
                out[k] = self.spec("bool", x, q)
        if key == "room" and "on_fail" in v and not v.get("run_away_roll_required"):
            self.err(p + ("on_fail",), "on_fail: only with run_away_roll_required: true")
            return _BAD
        if key == "room" and "fight_draws" in v and not v.get("run_away_automatic_unless_fight"):
            self.err(p + ("fight_draws",), "fight_draws: only with run_away_automatic_unless_fight: true")
            return _BAD
        return _BAD if any(x is _BAD for x in out.values()) else out

    def short_value_at(self, path, spec: str, val: Any) -> Any:
        saved = len(self.problems)
        res = self.short_value("__", spec, val)
        # re-root the problems recorded under the placeholder key
        for i in range(saved, len(self.problems)):
            pr = self.problems[i]
            self.problems[i] = Problem(tuple(path) + pr.path[1:], pr.message)
        return res

    # ------------------------------------------------------------------ short forms
    def shorts(self, eff: Mapping, vals: dict) -> list[Ability]:  # noqa: C901 - one table
        kind = self.kind
        monster = kind == "monster" or (kind is None and any(k in eff for k in _MONSTER_KEYS))
        out: list[Ability] = []
        played: list[Ability] = []

        def ab(when, do, origin, **kw) -> Ability:
            a = Ability(tuple(when) if isinstance(when, (list, tuple)) else (when,), tuple(do), origin=origin, **kw)
            out.append(a)
            return a

        def play(do, origin, cond=None, who=PLAYER, **kw) -> None:
            a = Ability(("played",), tuple(do), cond, who, origin=origin, **kw)
            played.append(a)
            out.append(a)

        def lasting(name, value, dur=_IN_PLAY, who=None, params=()) -> Op:
            return Op(name, value, who, dur, tuple(params))

        for key in eff:
            if key == "abilities" or key not in vals:
                continue
            v = vals[key]
            if v is False or v is None:
                continue
            if key == "bonus_vs":
                for i, (a, b) in enumerate(v):
                    ab("in_play", [lasting("combat_strength", b)], f"bonus_vs[{i}]",
                       cond=About("any_munchkin", a), who=_THIS_MONSTER)
            elif key == "run_away":
                on_monster = monster or kind == "monster_enhancer"
                ab("in_play", [lasting("run_away", v)], key, who=_THIS_MONSTER if on_monster else OWNER)
            elif key in ("no_run_away", "no_help", "items_dont_count", "level_doesnt_count"):
                ab("in_play", [lasting(key, True)], key, who=_THIS_MONSTER)
            elif key == "not_pursue":
                do = [Op("leave_combat", "none")]
                n = vals.get("evade_treasures") or 0
                if n:
                    do.append(Op("draw", "treasure", _FIGHTER, params=(("count", n),)))
                cond = About("fighter", v[0] if len(v) == 1 else All(v))
                ab("use", do, key, cond=cond, who=_THIS_MONSTER, by=_FIGHTER, label="let it go")
            elif key == "evade_discard":
                ab("use", [Op("leave_combat", "none")], key, who=_THIS_MONSTER, by=_FIGHTER,
                   cost=(Cost("item", named=v),), label="get away by discarding")
            elif key == "bribe_gold":
                ab("use", [Op("leave_combat", "none")], key, who=_THIS_MONSTER, by=_FIGHTER,
                   cost=(Cost("item", worth=v),), label="buy it off")
            elif key == "extra_treasures":
                for i, (a, n) in enumerate(v):
                    ab("in_play", [lasting("treasures", n)], f"extra_treasures[{i}]",
                       cond=About("fighter", a), who=_THIS_MONSTER)
            elif key == "extra_levels":
                ab("in_play", [lasting("levels_won", v)], key, who=_THIS_MONSTER)
            elif key == "extra_level_with":
                used = tuple(Atom(False, "used", w) for w in v)
                ab("in_play", [lasting("levels_won", 1)], key, who=_THIS_MONSTER,
                   cond=used[0] if len(used) == 1 else AnyOf(used))
            elif key == "extra_level_bare":
                ab("in_play", [lasting("levels_won", 1)], key, who=_THIS_MONSTER, cond=Atom(False, "bare"))
            elif key == "cleric_chase":
                ab("use", [Op("leave_combat", "keep")], key, who=_THIS_MONSTER,
                   by=Target("munchkins", Atom(False, "class", "cleric")), label="chase it away")
            elif key == "on_meet":
                ab("enters_combat", v, key, who=_FIGHTER)
            elif key == "bad_stuff":
                if v:
                    ab("caught", v, key)
            elif key == "on_escape":
                if v:
                    ab("escaped", v, key)
            elif key == "bonus_if":
                chain: tuple = ()
                for a, b in reversed(v):
                    chain = (Op("if", About("owner", a), then=(lasting("item_bonus", b),), orelse=chain),)
                ab("in_play", chain, key, who=Target("this_card"))
            elif key == "side":
                who = {"munchkin": "munchkin_side", "monster": "monster_side"}.get(v, "chosen_side")
                play([lasting("combat_strength", "bonus", _THIS_COMBAT)], key, _IN_COMBAT, Target(who))
            elif key == "escape":
                who = Target("runners") if vals.get("escape_both") else OWNER
                play([Op("escape", True)], key, Atom(False, "running_away"), who)
            elif key == "discard_monster":
                keep = "keep" if vals.get("leave_treasure") else \
                    "keep_if_alone" if vals.get("keep_treasure") else "none"
                play([Op("leave_combat", keep)], key, _IN_COMBAT, Target("chosen_monster"))
            elif key == "end_combat":
                do = [Op("end_combat", True, params=(("loot_room", True),) if vals.get("loot_room") else ())]
                n = vals.get("draw_treasures") or 0
                if n:
                    do.append(Op("draw", "treasure", _FIGHTER, params=(("count", n),)))
                play(do, key, _IN_COMBAT)
            elif key == "draw_treasures":
                if not vals.get("end_combat") and v:
                    play([Op("draw", "treasure", params=(("count", v),))], key,
                         All((_OWN_TURN, _NO_COMBAT)), OWNER)
            elif key == "bonus_per":
                a, b = v
                play([lasting("combat_strength", Per(b, Target("munchkins", a)), _THIS_COMBAT)], key,
                     _IN_COMBAT, Target("munchkin_side"))
            elif key == "double_fighter":
                play([lasting("strength_twice", True, _THIS_COMBAT)], key,
                     All((_IN_COMBAT, Atom(False, "alone"))), _FIGHTER)
            elif key == "transfer_fighter":
                play([Op("transfer_fighter", True)], key, _IN_COMBAT, Target("chosen_other_player"))
            elif key == "set_die":
                play([Op("set_die", "next")], key, None, OWNER)
            elif key == "take_discard":
                play([Op("take_discard", True)], key, All((_OWN_TURN, _NO_COMBAT)), OWNER)
            elif key == "reroll_escape":
                ab("run_away_rolled", [Op("reroll", True)], key, may=True, from_hand=True,
                   cond=All((Atom(False, "succeeded"), Not(About("player", Atom(False, "role", "owner"))))))
            elif key == "treasures":
                fl = vals.get("min_treasures")
                play([lasting("treasures", v, _THIS_COMBAT, params=(("floor", fl),) if fl else ())], key,
                     _IN_COMBAT, _THIS_MONSTER)
            elif key == "min_level":
                play([lasting("combat_strength", 0, _THIS_COMBAT, params=(("floor", v),))], key,
                     _IN_COMBAT, _THIS_MONSTER)
            elif key in ("not_highest", "needs_hireling"):
                order = [k for k in vals if k in ("not_highest", "needs_hireling") and vals[k]]
                if order and order[0] != key:
                    continue  # one ability for both conditions, at the first of them
                conds = []
                if vals.get("not_highest"):
                    conds.append(Not(Atom(False, "highest_level")))
                if vals.get("needs_hireling"):
                    conds.append(Atom(False, "hireling_in_play"))
                do = [Op("levels", vals.get("levels", 1) or 1)]
                if vals.get("kill_hireling"):
                    do.append(Op("lose_hireling", True, Target("each_player")))
                play(do, key, conds[0] if len(conds) == 1 else All(tuple(conds)), Target("chosen_player"))
            elif key == "after_combat":
                ab("combat_end", [Op("levels", vals.get("levels", 1) or 1)], key,
                   who=Target("chosen_player"), from_hand=True, may=True)
            elif key == "ignore_kicked_curses":
                ab("cursed", [Op("cancel_curse", True)], key, cond=Atom(False, "from_kick"))
            elif key == "mate":
                play([lasting("counts_twice", True, _THIS_COMBAT)], key, _IN_COMBAT, _THIS_MONSTER)
            elif key == "ops":
                if v:
                    ab("hits", v, key)
            elif key in ("persistent", "roll_mod", "next_combat", "only_slot"):
                lost = vals.get("removed_with")
                good = Duration("until_lost", lost) if lost else Duration("good")
                if key == "persistent":
                    if not any(k in vals for k in ("roll_mod", "next_combat", "only_slot")):
                        ab("hits", [lasting("stays", True, good)], key)
                elif key == "roll_mod":
                    ab("hits", [lasting("roll_mod", v, good)], key)
                elif key == "next_combat":
                    ab("hits", [lasting("combat_strength", v, Duration("next_combat"))], key)
                else:
                    ab("hits", [lasting("only_slot", v, Duration("next_combat"))], key)
            elif key == "levels":
                play([Op("levels", v)], key, None, Target("chosen_player"))
            elif key == "wandering_monster":
                play([Op("add_monster", "from_hand")], key, _IN_COMBAT)
            elif key in ("half_breed", "super_munchkin", "hireling"):
                play([lasting(key, True)], key, None, OWNER)
            elif key == "cheat":
                play([lasting("cheat", True)], key, None, Target("chosen_item"))
            elif key == "level_for":
                win = (("winning", True),) if vals.get("may_win") else ()
                play([Op("levels", 1, params=win)], key, None, Target("each_player", v))
            elif key == "cancel_curse":
                play([Op("cancel_curse", True)], key, None, Target("chosen_player"))
            elif key == "steal_level":
                play([Op("levels", -1, Target("chosen_other_player")), Op("levels", 1, OWNER)], key)
            elif key == "swap_monster":
                play([Op("swap_monster", True)], key, _IN_COMBAT, Target("chosen_monster"))
            elif key == "take_item":
                play([Op("take_item", "decisive")], key, _IN_COMBAT, Target("chosen_other_player"))
            elif key == "room_action":
                ab("use", [Op("room_action", v)], key, who=OWNER, label="room action")
            elif key == "room":
                self.room_abilities(v, ab, lasting)
            elif key == "dungeon":
                self.dungeon_abilities(v, ab, lasting)
            elif key == "portal":
                do = []
                if v.get("discard_dungeons"):
                    do.append(Op("discard_dungeons", True))
                d = v.get("draw")
                if _is_int(d) and d:
                    do.append(Op("draw", "dungeon", params=(("count", d),)))
                elif isinstance(d, tuple):
                    do.append(Op("roll", tuple((r, (Op("draw", "dungeon", params=(("count", n),)),))
                                               for r, n in d)))
                if do:
                    ab(("kicked", "played"), do, key)
            elif key == "fairy_dust":
                if v.get("fairy"):
                    ab("in_play", [lasting("fairy", True)], "fairy_dust.fairy", who=_THIS_MONSTER)
        if vals.get("on_draw") == "resolve" and played:
            for i, a in enumerate(out):
                if a in played:
                    out[i] = Ability(a.when + ("drawn",), a.do, a.cond, a.who, a.by, a.may, a.cost, a.limit,
                                     a.label, a.origin)
        if vals.get("own_turn") and played:
            for i, a in enumerate(out):
                if a in played:
                    c = _OWN_TURN if a.cond is None else All((_OWN_TURN, a.cond))
                    out[i] = Ability(a.when, a.do, c, a.who, a.by, a.may, a.cost, a.limit, a.label, a.origin)
        return out

    def room_abilities(self, r: dict, ab, lasting) -> None:
        """Room tile short forms, in the order the rooms module applies them on entry."""
        munch, mons, runners, card = (Target("munchkins"), Target("monsters"), Target("runners"),
                                      Target("this_card"))
        if r.get("on_exit"):
            ab("leave_room", r["on_exit"], "room.on_exit")
        if r.get("on_entry"):
            ab("enter_room", r["on_entry"], "room.on_entry")
        if r.get("run_away_roll_required"):
            fail = r.get("on_fail") or (Op("manual", "Run Away failed in this room"),)
            ab("enter_room", [Op("run_away_roll", True, params=(("fail", tuple(fail)),))],
               "room.run_away_roll_required")
        if r.get("destroy"):
            ab("enter_room", [Op("destroy_rooms", r["destroy"])], "room.destroy")
        fm = r.get("forced_move")
        if fm:
            cond = All((Not(Atom(False, "room_has_cards")), Not(Atom(False, "forced_entry"))))
            op = Op("manual", "forced move, direction not known") if fm is True else Op("move", fm)
            ab("enter_room", [op], "room.forced_move", cond=cond)
        if r.get("combat_bonus"):
            ab("in_play", [lasting("combat_strength", r["combat_bonus"])], "room.combat_bonus",
               cond=_HERE, who=munch)
        if r.get("monster_bonus"):
            ab("in_play", [lasting("combat_strength", r["monster_bonus"])], "room.monster_bonus",
               cond=_HERE, who=mons)
        if r.get("run_away"):
            ab("in_play", [lasting("run_away", r["run_away"])], "room.run_away", cond=_HERE, who=runners)
        if r.get("run_away_automatic_unless_fight"):
            ab("in_play", [lasting("auto_escape", True)], "room.run_away_automatic_unless_fight",
               cond=All((_HERE, Not(Atom(False, "fought")))), who=runners)
            n = r.get("fight_draws", 2)
            if n:
                ab("fight_declared", [Op("add_doors", n)], "room.fight_draws", cond=_HERE, who=_FIGHTER)
        for flag, op in (("indestructible", "indestructible"), ("start", "start_room"),
                         ("full_level_must_count", "full_level_must_count"),
                         ("items_optional", "items_optional"),
                         ("lowest_combat_strength_excludes_one_shots", "lowest_strength_excludes_one_shots")):
            if r.get(flag):
                ab("in_play", [lasting(op, True)], f"room.{flag}", who=card)

    def dungeon_abilities(self, d: dict, ab, lasting) -> None:
        for i, (a, b) in enumerate(d.get("bonus_if", ())):
            ab("in_play", [lasting("combat_strength", b)], f"dungeon.bonus_if[{i}]",
               who=Target("munchkins", a))
        for i, (t, b) in enumerate(d.get("vs_tag", ())):
            ab("in_play", [lasting("combat_strength", b)], f"dungeon.vs_tag[{i}]",
               who=Target("munchkins"), cond=About("any_monster", Atom(False, "tag", t)))
        if d.get("vehicle_bonus"):
            ab("in_play", [lasting("combat_strength", d["vehicle_bonus"])], "dungeon.vehicle_bonus",
               who=Target("munchkins", Atom(False, "riding")))
        rev = d.get("on_reveal") or {}
        do = []
        if rev.get("reshuffle_door_discards"):
            do.append(Op("reshuffle", "door"))
        if rev.get("each_draws_door"):
            do.append(Op("draw", "door", Target("each_player"), params=(("count", 1),)))
        if do:
            ab("revealed", do, "dungeon.on_reveal")


def _freeze(v: Any) -> Any:
    if isinstance(v, Mapping):
        return FrozenDict((k, _freeze(x)) for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def compile_problems(effects: Any, kind: str | None = None) -> tuple[Program, list[Problem]]:
    """Compile ``effects`` and return ``(program, problems)``; the program holds the abilities
    that compiled (all of them when ``problems`` is empty). Never raises for any input."""
    c = Compiler(kind)
    prog = c.effects(effects)
    return prog, c.problems


def expand(effects: Any, kind: str | None = None, where: str | None = None) -> Program:
    """Compile one card's ``effects`` (short forms and ``abilities:``) into a
    :class:`~.program.Program`.

    Args:
        effects: the card's ``effects`` mapping (plain or frozen; None or {} = no effects).
        kind: the card's kind (``monster``, ``item``, ...). It decides the kind-dependent short
            form ``run_away``: on the monster itself for a monster (for a Monster Enhancer: the
            monster it is played on), on the owner otherwise. When
            None, a card with monster keys (``bad_stuff``, ``bonus_vs`` ...) counts as a monster.
            (What a kind does without effects - a Go Up a Level card's one Level, a One-Shot's
            printed bonus - stays the core's rule, see the README's contract.)
        where: prefix for the error message (file, line, card).

    Returns:
        The program (``EMPTY`` for no effects).
    Raises:
        EffectError: listing every problem with its path (unknown trigger, target, op or key,
            a wrong type, a duration on an op that has none, ...). Nothing is skipped silently.
    """
    if not effects:
        if effects is None or isinstance(effects, Mapping):
            return EMPTY
    prog, problems = compile_problems(effects, kind)
    if problems:
        raise EffectError(problems, where)
    return prog
