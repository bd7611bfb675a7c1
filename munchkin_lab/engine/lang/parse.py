"""The compiler's parsing helpers: condition atoms, names, die ranges and the context an op
list is compiled in (shared by :mod:`.expand` and :mod:`.shorts`)."""
from __future__ import annotations

import re
from typing import Any, Mapping

from ..cards import _freeze  # noqa: F401 (nested data frozen: the compiler's records)
from . import vocab as V
from .program import Atom, Duration

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


def yaml_text(v: Any) -> str:
    """Value ``v`` as a card file writes it in YAML, for messages (the one spelling of every
    value a message shows): ``true``, ``false``, ``null``, numbers as written (``.nan``,
    ``.inf``), text quoted (``'hed'``), lists ``[a, b]`` and mappings ``{k: v}`` in flow style
    - never Python's ``True`` / ``None``."""
    if v is True or v is False:
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, float):
        if v != v:
            return ".nan"
        if v in (float("inf"), float("-inf")):
            return ".inf" if v > 0 else "-.inf"
        return repr(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return repr(v)
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{k if isinstance(k, str) and _PLAIN_KEY.match(k) else yaml_text(k)}: "
                               f"{yaml_text(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(yaml_text(x) for x in v) + "]"
    return repr(v)


_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_\- ]*$")


def _kind_name(v: Any) -> str:
    """What ``v`` is, in words (``a string``, ``a mapping``); ``true``, ``false`` and ``null``
    are said as YAML writes them (:func:`yaml_text`)."""
    if isinstance(v, Mapping):
        return "a mapping"
    if isinstance(v, bool) or v is None:
        return yaml_text(v)
    return {int: "an integer", str: "a string", list: "a list",
            tuple: "a list", float: "a number"}.get(type(v), type(v).__name__)


def _got(v: Any) -> str:
    """``v`` for the tail ``got ...`` of a message: what it is and how it is written
    (``a string '3'``, ``a number 1.5``), or just ``true`` / ``false`` / ``null``."""
    if isinstance(v, bool) or v is None:
        return yaml_text(v)
    return f"{_kind_name(v)} {yaml_text(v)}"


def int_range(spec: str) -> tuple[int, int]:
    """The whole numbers value spec ``spec`` (``int``, ``posint``, ``nonneg``) allows:
    ``(low, high)``, bounded by :data:`.vocab.INT_MAX`."""
    return {"posint": 1, "nonneg": 0}.get(spec, -V.INT_MAX), V.INT_MAX


def range_text(low: int, high: int) -> str:
    """``">= 0 and <= 10000"``: a range in the words of every bound message."""
    return f">= {low} and <= {high}"


def _suggest(word: Any, known) -> str:
    if not isinstance(word, str):
        return ""
    from ...suggest import did_you_mean  # (only when a message is written)
    return did_you_mean(word, list(known))


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
            raise ValueError(f"{name}:{arg} - expected one of {', '.join(d.choices)}{_suggest(arg, d.choices)}")
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


def _trigger_ctx(trigger: str) -> "_Ctx":
    d = V.TRIGGERS[trigger].default_for
    return _Ctx(False, Duration(d) if d else None, (trigger,), "player")

