"""The effect part of the card-file schema, kept in one place so that it can be swapped.

A card's ``effects`` mapping is written in the card-effect language
(:mod:`munchkin_lab.engine.lang`, reference ``database/EFFECTS.md``): today's keys (monster,
item, One-Shot, Curse... keys and their ops) are its short forms, the expansion parts
``dungeon``, ``portal``, ``room``, ``room_action``, ``fairy_dust`` and ``vehicle`` are strict
models of what the rules modules read (a typo such as ``portal: {drw: 1}`` is an error, in set
files and scenario cards alike), and ``abilities:`` holds abilities written in the language
itself. The language's validator (:func:`munchkin_lab.engine.lang.validate`) decides what is
well formed; this module adds what a file may hold at all:

* every whole number within ``[-EFFECT_INT_MAX, EFFECT_INT_MAX]``, no float where the language
  has none, every text free of control characters;
* with ``runnable=True`` (scenario cards, which the engine plays at once): the short forms
  must also be ones the engine's vocabulary knows
  (:func:`munchkin_lab.engine.effects.validate_effects`), so that no effect is ignored
  silently; ``abilities:`` (checked by the language's validator) run in the engine
  (``munchkin_lab/engine/abilities.py``). The card loader gets the same rule from
  ``cards.build.effect_problems`` (called after the schema).

The names an effect refers to (``race:elf``, ``class:wizard``, ``tag:undead``, ``has_item:
sword``, ...) must exist (:mod:`munchkin_lab.engine.lang.names`): the caller passes what
exists (:func:`names_of`: every set of the database plus the cards of the file or form being
checked; the default is the shipped sets' names), so ``if: class:wizzard`` is
``abilities[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)``.

The one entry point is :func:`effect_errors` (``effects -> [(path, message)]``, never raises);
:mod:`munchkin_lab.cards.files` turns its result into errors naming file, line, card and key.
``database/cards.schema.json`` refers to the language's JSON Schema (``effects.schema.json``)
for the ``effects`` value.
"""
from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from ..engine.lang.names import Names, shipped
from ..engine.lang.parse import _kind_name, yaml_text
from ..engine.lang.validate import SHIPPED
from ..engine.lang.vocab import INT_MAX

#: Largest magnitude of a whole number anywhere in ``effects`` (Gold values included): the
#: language's own bound (:data:`munchkin_lab.engine.lang.vocab.INT_MAX`), whose compiler
#: states each value's whole range (``lose_levels``: ``>= 0 and <= 10000``).
EFFECT_INT_MAX = INT_MAX
_BOUND = "must be >= "  # the general bound's message (_walk), which a typed value's own range replaces
_CTRL = re.compile("[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\x80-\x9F\uD800-\uDFFF]")

Loc = tuple  # a location inside ``effects``: keys and list indexes


def error_message(err: Mapping) -> str:
    """A short message for one pydantic error (``err`` from ``ValidationError.errors()``)."""
    typ, inp, ctx = err.get("type"), err.get("input"), err.get("ctx") or {}
    shown = yaml_text(inp) if not isinstance(inp, (dict, list)) else _kind_name(inp)  # YAML's spelling: true, null
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
        return f"unknown value {yaml_text(inp)} (expected {ctx.get('expected', '')})"
    if typ in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        op = {"greater_than_equal": ">=", "less_than_equal": "<=", "greater_than": ">", "less_than": "<"}[typ]
        limit = ctx.get({">=": "ge", "<=": "le", ">": "gt", "<": "lt"}[op])
        return f"must be {op} {limit}, got {shown}"
    if typ == "string_too_short":
        return "must not be empty"
    if typ == "string_pattern_mismatch":
        return f"bad value {yaml_text(inp)} (expected the pattern {ctx.get('pattern')})"
    if typ == "value_error":
        return str(ctx.get("error", err.get("msg")))
    return str(err.get("msg"))


def _walk(value: Any, path: Loc, out: list[tuple[Loc, str]]) -> None:
    """Bounds of every whole number and control characters of every text (iterative)."""
    stack = [(value, path)]
    while stack:
        v, p = stack.pop()
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int):
            if not -EFFECT_INT_MAX <= v <= EFFECT_INT_MAX:
                out.append((p, f"{_BOUND}{-EFFECT_INT_MAX} and <= {EFFECT_INT_MAX}, got {v}"))
        elif isinstance(v, float):
            out.append((p, f"expected a whole number, got {yaml_text(v)}"))
        elif isinstance(v, str):
            m = _CTRL.search(v)
            if m:
                out.append((p, f"control character U+{ord(m.group()):04X} in the text {v[:40]!r}"))
        elif isinstance(v, Mapping):
            for k, sub in v.items():
                if not isinstance(k, (str, int)) or isinstance(k, bool):
                    out.append((p + (k,), f"keys are text, got {yaml_text(k)}"))
                    continue
                stack.append((sub, p + (k,)))
        elif isinstance(v, (list, tuple)):
            stack.extend((sub, p + (i,)) for i, sub in enumerate(v))
        else:
            out.append((p, f"unexpected value {yaml_text(v)} ({type(v).__name__})"))


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


def names_of(cards: Iterable[Any] = (), tags: Iterable[Any] = (), base: Names | None = None) -> Names:
    """The names effects may refer to: ``base`` (default: the shipped sets',
    :func:`munchkin_lab.engine.lang.names.shipped`) plus ``cards`` (mappings with ``name`` and
    ``kind``, e.g. the raw cards of a set file, or ``(name, kind)`` pairs; malformed entries
    are skipped: the schema reports them) and ``tags`` (tag names, or mappings with ``name``).
    """
    pairs = []
    for c in cards:
        if isinstance(c, Mapping):
            c = (c.get("name"), c.get("kind"))
        if isinstance(c, tuple) and len(c) == 2 and all(isinstance(x, str) for x in c):
            pairs.append(c)
    names = [t for t in (t.get("name") if isinstance(t, Mapping) else t for t in tags) if isinstance(t, str)]
    base = base if base is not None else shipped()
    return base.merged(pairs, names) if pairs or names else base


def atom_name_problems(atoms: Iterable[Any], names: Names | str | None = SHIPPED) -> list[str]:
    """The names of ``usable_by`` / ``not_usable_by`` atoms that no card or tag has, read as
    the engine reads them (``Game.matches``: ``race:`` and ``class:`` name a Race / Class
    card, ``priest`` is the Cleric); ``tag:`` atoms there test no monster, so they never hold.
    Messages name the atom: ``'race:elff': unknown race 'elff' (did you mean 'Elf'?)``."""
    if names is None:
        return []
    from ..engine.tables import _parse_atom  # the parse Game.matches uses

    ctx = shipped() if names == SHIPPED else names
    out = []
    for a in atoms:
        if not isinstance(a, str):
            continue
        try:
            _neg, typ, arg = _parse_atom(a)
        except (KeyError, ValueError, IndexError):
            continue
        if typ == "tag":
            out.append(f"{a!r}: a tag: atom tests a monster; an item's user is a player, so it never holds")
        elif typ in ("race", "class"):
            msg = ctx.problem(typ, arg)
            if msg:
                out.append(f"{a!r}: {msg}")
    return out


class _Asked:
    """A names context that accepts every name and records each one the checks ask about."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str]] = []

    def problem(self, what: str, value: str) -> None:
        self.asked.append((what, value))
        return None


def names_used(card: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every name a card (a mapping in the set-file form) refers to, as ``(what, value)`` of
    :class:`~munchkin_lab.engine.lang.names.Names` (``("race", "merfolk")``, ``("tag",
    "undead")``, ``("item", "sword")``), each once, in the order met: the names in its
    ``effects`` and ``usable_by`` / ``not_usable_by`` that the checks of :func:`name_problems`
    look up (``Names.problem(what, value)`` tells whether a set of cards holds one)."""
    asked = _Asked()
    effects = card.get("effects")
    kind = card.get("kind") if isinstance(card.get("kind"), str) else None
    if isinstance(effects, Mapping):
        effect_errors(effects, kind, names=asked)  # type: ignore[arg-type]
    atoms = [a for f in ("usable_by", "not_usable_by") for a in (card.get(f) or ()) if isinstance(card.get(f), list)]
    atom_name_problems(atoms, asked)  # type: ignore[arg-type]
    return list(dict.fromkeys(asked.asked))


def name_problems(card: Any, names: Names | str | None = SHIPPED) -> list[str]:
    """``"field: message"`` for each name of ``card`` (a :class:`~munchkin_lab.cards.files.
    CardFields` model already valid in form, e.g. validated with ``context={"names": None}``)
    that does not exist among ``names``: in its ``effects`` (``effects.abilities[0].if:
    unknown class 'wizzard' (did you mean 'Wizard'?)``), ``usable_by`` and ``not_usable_by``.
    For a check against the database once every card of an import is known."""
    from ..engine.lang.problems import format_path

    out = [f"effects.{format_path(tuple(p))}: {m}" if p else f"effects: {m}"
           for p, m in effect_errors(card.effects, card.kind, names=names)]
    for f in ("usable_by", "not_usable_by"):
        out += [f"{f}: {m}" for m in atom_name_problems(getattr(card, f), names)]
    return out


def effect_errors(effects: Any, kind: str | None = None, runnable: bool = False,
                  names: Names | str | None = SHIPPED) -> list[tuple[Loc, str]]:
    """Every problem of a card's ``effects``: ``[(path, message)]`` where ``path`` is a tuple
    of keys and list indexes inside ``effects`` (``("portal", "drw")``,
    ``("bad_stuff", 0, "lose_item")``), in document order; empty when valid. Never raises.

    Args:
        effects: the ``effects`` mapping (``None`` = no effects).
        kind: the card's kind, when known (the language checks ops against it).
        runnable: also check the short forms against the engine's vocabulary
            (``abilities`` are the language's, checked by its validator either way).
        names: what the names in the effects must name (:func:`names_of`; default the
            shipped sets' names, ``None``: not checked).
    """
    if effects is None:
        return []
    if not isinstance(effects, Mapping):
        return [((), f"expected a mapping of effect keys, got {yaml_text(effects)}")]
    out: list[tuple[Loc, str]] = []
    _walk(effects, (), out)
    try:
        from ..engine.lang import validate

        lang = [(tuple(p.path), p.message) for p in validate(dict(effects), kind, names=names)]
    except Exception as exc:  # noqa: BLE001 - the validator must not hide the card
        lang = [((), f"effect validator failed: {exc!r}")]
    # a number out of the file's general bound where the language types it: the language's
    # message, which states that value's own range (lose_levels: >= 0 and <= 10000)
    typed = {tuple(str(x) for x in p) for p, _m in lang}
    out = [(p, m) for p, m in out if not (m.startswith(_BOUND) and tuple(str(x) for x in p) in typed)] + lang
    if runnable:
        from ..engine import effects as _vocab

        for msg in _vocab.validate_effects({k: v for k, v in effects.items() if k != "abilities"}):
            where, _, text = str(msg).partition(": ")
            out.append((_parse_path(where) if text else (), text or str(msg)))
    seen: set = set()
    unique = []
    for path, msg in out:  # one message per place (a float is both outside the language and no int)
        key = tuple(str(p) for p in path)
        if key not in seen:
            seen.add(key)
            unique.append((path, msg))
    return unique
