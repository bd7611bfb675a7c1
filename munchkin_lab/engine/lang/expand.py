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
from .parse import (_BAD, _RANGE_RE, _WORD_RE, _Ctx, _got, _is_int, _key, _kind_name, _suggest, int_range, range_text,
                    yaml_text)
from .parse import ALIASES, atom_forms, parse_atom  # noqa: F401 (the package's names)
from .names import Names, shipped
from .problems import EffectError, Problem
from .program import EMPTY, PLAYER, About, Ability, All, AnyOf, Atom, Cost, Duration, Limit, Not, Op, Per, Program, Target
from .shorts import _IN_PLAY, _PART_KEYS, _THIS_COMBAT, ShortForms, _part_record

#: ``fighter is warrior``, ``owner is an elf``: a condition written as a sentence (``atom_hint``)
_IS_RE = re.compile(r"^([a-z_]+)\s+(?:is|=|==)\s+(?:an?\s+)?([a-z][a-z_ -]*?)\s*$")


def _one_op_hint(v: Any) -> str:
    """The fix for one op written as a mapping where a list of ops is expected
    (``do: {combat_strength: 3}``): the same op as a one-item list, in YAML's two spellings;
    "" for anything else."""
    if isinstance(v, Mapping):
        k = next((k for k in v if k in V.OPS), None)
        if k is not None:
            return (f"; one op written as a mapping: make it a list of one op, "
                    f"'- {k}: {yaml_text(v[k])}' on its own line or [{{{k}: {yaml_text(v[k])}}}]")
    return ""


class Compiler(ShortForms):
    """One compile pass over one card's effects; problems are collected, never raised."""

    def __init__(self, kind: str | None = None, names: Names | None = None) -> None:
        self.kind = kind
        self.names = names
        self.problems: list[Problem] = []

    # ------------------------------------------------------------------ helpers
    def err(self, path, message: str) -> Any:
        self.problems.append(Problem(tuple(path), message))
        return _BAD

    def named(self, what: str | None, value: Any, path) -> None:
        """Check that ``value`` (a parsed name, or a tuple of them from a list) names something
        that exists (``what``: a kind of name of :mod:`.names`); only with a names context."""
        if self.names is None or what is None or value is _BAD or value is None:
            return
        many = isinstance(value, tuple)
        for i, v in enumerate(value if many else (value,)):
            msg = self.names.problem(what, v)
            if msg:
                self.err(tuple(path) + ((i,) if many else ()), msg)

    def atom_names(self, a: Atom, path) -> Atom:
        """Check the name a parsed atom refers to (``race:elf``: a Race card named Elf)."""
        if a.arg is not None:
            self.named(V.ATOM_NAMES.get(a.name), a.arg, path)
        return a

    def atom_hint(self, text: str) -> str | None:
        """The message for a string that is no condition atom but reads as one a designer
        meant: a bare Race or Class name (``elf``: write ``race:elf``) or a sentence
        ``SUBJECT is NAME`` (``fighter is warrior``: write ``{fighter: class:warrior}``);
        None otherwise (the parser's own message stands)."""
        m = _IS_RE.match(text.strip().lower())
        word = m.group(2) if m else text.strip().lower()
        if not re.fullmatch(r"[a-z][a-z_ -]*", word) or (not m and word in V.ATOMS):
            return None
        names = self.names if hasattr(self.names, "atom_for") else shipped()
        atom = names.atom_for(word)
        if m and m.group(1) in V.SUBJECTS:
            form = atom or f"race:{word}' or 'class:{word}"
            return (f"bad condition atom {text!r}: a condition about the {m.group(1)} is written "
                    f"{{{m.group(1)}: '{form}'}}")
        if atom and not m:
            return f"bad condition atom {text!r} (did you mean {atom!r}?)"
        return None

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
            return self.err(path, f"expected one of {', '.join(choices)}, got {yaml_text(v)}"
                            f"{_suggest(v, choices)}")
        if spec == "true":
            return True if v is True else self.err(path, f"expected true, got {yaml_text(v)}")
        if spec == "bool":
            return v if isinstance(v, bool) else self.err(path, f"expected true or false, got {yaml_text(v)}")
        if spec in ("int", "posint", "nonneg"):
            if not _is_int(v):
                return self.err(path, f"expected an integer, got {_got(v)}")
            low, high = int_range(spec)  # the spec's whole range, both ends (vocab.INT_MAX)
            if not low <= v <= high:
                return self.err(path, f"expected an integer {range_text(low, high)}, got {v}")
            return v
        if spec == "str":
            if isinstance(v, str) and v.strip():
                return v
            return self.err(path, f"expected a short note (a non-empty string), got {yaml_text(v)}")
        if spec == "word":
            if isinstance(v, str) and v.strip() and _WORD_RE.match(v.strip()):
                return " ".join(v.strip().lower().split())
            return self.err(path, f"expected a name (a word), got {yaml_text(v)}")
        if spec == "words":
            if isinstance(v, (list, tuple)) and v and all(isinstance(x, str) and x.strip()
                                                           and _WORD_RE.match(x.strip()) for x in v):
                return tuple(x.strip().lower() for x in v)
            return self.err(path, f"expected a non-empty list of words, got {yaml_text(v)}")
        if spec == "atom":
            try:
                return self.atom_names(parse_atom(v), path)
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
        if spec == "posamount":  # an amount whose number, when written, is at least 1 (a count)
            if _is_int(v) and not 1 <= v <= V.INT_MAX:
                return self.err(path, f"expected an amount {range_text(1, V.INT_MAX)} (a number of cards), got {v}")
            return self.amount(v, path)
        if spec == "duration":
            return self.duration(v, path)
        if spec == "levelset":
            if v == "lowest" or (_is_int(v) and 1 <= v <= V.INT_MAX):
                return v
            return self.err(path, f"expected an integer {range_text(1, V.INT_MAX)} or 'lowest', got {yaml_text(v)}")
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
                a = self.atom_names(parse_atom(v), path)
            except ValueError as exc:
                return self.err(path, self.atom_hint(v) or str(exc))
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
            return self.spec("int", v, path)  # its range: an integer of the language
        if v == "bonus":
            return "bonus"
        if isinstance(v, Mapping):
            if not self.mapping(v, path, ("each", "per"), "an amount", ("each", "per")):
                return _BAD
            each = self.spec("int", v["each"], path + ("each",))
            per = self.target(v["per"], path + ("per",))
            return _BAD if _BAD in (each, per) else Per(each, per)
        return self.err(path, f"expected an amount: an integer, 'bonus' (the card's printed "
                        f"bonus) or {{each: N, per: TARGET}}, got {yaml_text(v)}")

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
                self.err(path + (_key(k),), f"expected a die range like '1-2' or '6', got {yaml_text(k)}")
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
            return self.err(path, f"expected a list of ops, got {_kind_name(v)}{_one_op_hint(v)}")
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
            self.named(V.FIELD_NAMES.get(name), value, path + (name,))
        bad = bad or value is _BAD
        params = []
        then = orelse = ()
        for k, spec in d.fields.items():
            if k not in v:
                continue
            pv = self.spec(spec, v[k], path + (k,), sub_ctx)
            self.named(V.FIELD_NAMES.get(f"{name}.{k}"), pv, path + (k,))
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
        otherwise: Any = ()
        if "otherwise" in v:
            if may is not True or from_hand is True:
                self.err(path + ("otherwise",), "otherwise: only with may: true (the ops that run when the "
                         "player declines, or cannot pay the cost; not for a from_hand reaction)")
                bad = True
            else:
                otherwise = self.ops(v["otherwise"], path + ("otherwise",), ctx, non_empty=True)
        do = self.ops(v["do"], path + ("do",), ctx, non_empty="otherwise" not in v)
        if bad or do is _BAD or otherwise is _BAD:
            return _BAD
        return Ability(triggers, do, cond, who, by, bool(may or from_hand), cost, limit, label,
                       origin, bool(from_hand), otherwise)

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
            for k in ("named", "tagged"):
                if k in vals:
                    self.named(V.FIELD_NAMES.get(f"cost.{k}"), vals[k], p + (k,))
            for k in ("worth", "named", "tagged"):
                if k in c and c.get("discard") != "item":
                    self.err(p + (k,), f"{k}: only with discard: item")
                    vals[k] = _BAD
            if "deck" in c and c.get("discard") not in ("card", "hand_card"):
                self.err(p + ("deck",), "deck: only with discard: card or hand_card")
                vals["deck"] = _BAD
            if "count" in c and c.get("discard") == "self":
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
        parts = {k: _part_record(eff[k], vals[k]) for k in _PART_KEYS if k in vals and vals[k] is not _BAD}
        return Program(tuple(abilities), parts=FrozenDict(parts) if parts else None)


def compile_problems(effects: Any, kind: str | None = None,
                     names: Names | None = None) -> tuple[Program, list[Problem]]:
    """Compile ``effects`` and return ``(program, problems)``; the program holds the abilities
    that compiled (all of them when ``problems`` is empty). With ``names`` (a
    :class:`~.names.Names` context), a name that does not exist (``class:wizzard``, a tag no
    card can carry) is a problem too (the program is the same). Never raises for any input."""
    c = Compiler(kind, names)
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
