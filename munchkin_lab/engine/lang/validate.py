"""The strict validator: every problem of one card's ``effects``, each with its exact path.

:func:`validate` runs the compiler (:mod:`.expand`, which knows every context rule: a
duration on an op that has none, an instant op in a continuous ability, an op aimed at the
wrong kind of target...) and, as a second opinion, the pydantic schema the JSON Schema is
exported from (:mod:`.schema`, imported on first use). Both are strict; a problem only the
schema sees is still reported. The names an effect refers to (``race:elf``, ``class:wizard``,
``tag:undead``, ``has_item:sword``, a ``tagged`` list...) must exist: by default among the
shipped sets' cards and tags (:func:`.names.shipped`); the card loader, the designer and the
scenario runner pass their own context (every set in the database plus the cards being
checked, :class:`.names.Names`). It never raises for any input.
"""
from __future__ import annotations

from typing import Any

from .expand import compile_problems
from .names import Names, shipped
from .problems import Problem

#: ``names=`` default of :func:`validate`: the shipped sets' names (:func:`.names.shipped`).
SHIPPED = "shipped"


def _covered(path: tuple, by: list[tuple]) -> bool:
    """True when ``path`` is a prefix or an extension of one of ``by`` (same spot; an int
    mapping key and its string form count as the same step)."""
    p = tuple(str(x) for x in path)
    for q in by:
        q = tuple(str(x) for x in q)
        n = min(len(p), len(q))
        if p[:n] == q[:n]:
            return True
    return False


def validate(effects: Any, kind: str | None = None, schema: bool = True,
             names: Names | str | None = SHIPPED) -> list[Problem]:
    """Check one card's ``effects`` against the language (short forms and ``abilities:``).

    Args:
        effects: the ``effects`` mapping of a card (None and {} are valid: no effects).
        kind: the card's kind, when known (see :func:`munchkin_lab.engine.lang.expand`).
        schema: also check against the pydantic schema (default True; the compiler alone is
            as strict, the schema is a second opinion and costs the pydantic import).
        names: what the names in the effects must name (:class:`~.names.Names`): default
            :data:`SHIPPED`, the shipped sets' Race, Class, Dungeon, monster, item and One-Shot
            cards and the tag vocabulary; ``None``: names are not checked. ``if: class:wizzard``
            is then ``abilities[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)``.

    Returns:
        A list of :class:`~.problems.Problem` (``path``, ``message``), in document order;
        empty when valid. ``str(p)`` reads ``"abilities[1].do[0].levels: expected an amount ..."``.
        Never raises.
    """
    try:
        _prog, problems = compile_problems(effects, kind, shipped() if names == SHIPPED else names)
    except Exception as exc:  # pragma: no cover - a compiler bug must not hide the card
        return [Problem((), f"effect compiler failed: {exc!r}")]
    if not schema:
        return problems
    try:
        from .schema import schema_problems
        extra = schema_problems(effects)
    except Exception as exc:  # pragma: no cover - a schema bug must not hide the card
        return problems + [Problem((), f"effect schema failed: {exc!r}")]
    seen = [p.path for p in problems]
    return problems + [p for p in extra if not _covered(p.path, seen)]


def validate_strings(effects: Any, kind: str | None = None, names: Names | str | None = SHIPPED) -> list[str]:
    """:func:`validate` as plain strings (``"path: message"``), the form the card loader and
    today's ``engine.effects.validate_effects`` callers print."""
    return [str(p) for p in validate(effects, kind, names=names)]
