"""Turn database rows into the engine's frozen :class:`~munchkin_lab.engine.cards.CardSpec`."""
from __future__ import annotations

import json
import math
from typing import Any, Mapping

from ..engine.cards import CardSpec


def _clean(value: Any) -> Any:
    """pandas NA / NaN -> None; numpy scalars -> Python scalars."""
    if value is None:
        return None
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return None
    except ImportError:  # pragma: no cover
        pass
    if isinstance(value, float) and math.isnan(value):
        return None
    if hasattr(value, "item") and not isinstance(value, (list, dict, tuple, str)):
        try:
            return value.item()
        except (ValueError, AttributeError):
            return value
    return value


def _int(value: Any) -> int | None:
    value = _clean(value)
    return None if value is None else int(value)


def _list(value: Any) -> list:
    value = _clean(value) if not isinstance(value, (list, tuple)) else value
    if value is None:
        return []
    if isinstance(value, str):
        return list(json.loads(value)) if value.strip().startswith("[") else [value]
    return list(value)


def to_spec(row: Mapping[str, Any]) -> CardSpec:
    """Build a :class:`CardSpec` from one card row.

    Args:
        row: a mapping with the columns of :func:`munchkin_lab.cards.api.cards` (a
            ``pandas.Series`` row, a dict, ...): ``set``, ``name``, ``kind``, ``deck`` and
            optionally ``level``, ``treasures``, ``levels_gained``, ``bonus``, ``slot``,
            ``big``, ``gold``, ``tags`` (list), ``usable_by``, ``not_usable_by``,
            ``effects`` (dict or JSON text), ``manual``, ``version``. Missing values (None,
            pandas NA, NaN) become ``None``.
    Returns:
        the frozen spec; ``key`` is ``"<set>:<name>"``, tags lower-cased.
    Raises:
        ValueError: unknown kind, deck or slot (from :meth:`CardSpec.make`).
    """
    get = row.get if hasattr(row, "get") else (lambda k, d=None: row[k] if k in row else d)
    effects = _clean(get("effects"))
    if isinstance(effects, str):
        effects = json.loads(effects) if effects.strip() else {}
    slot = _clean(get("slot"))
    version = _clean(get("version"))
    return CardSpec.make(
        name=str(get("name")),
        set=str(get("set")),
        kind=str(get("kind")),
        deck=str(get("deck")),
        level=_int(get("level")),
        treasures=_int(get("treasures")),
        levels_gained=_int(get("levels_gained")),
        bonus=_int(get("bonus")),
        slot=slot or None,
        big=bool(_clean(get("big")) or False),
        gold=_int(get("gold")),
        tags=_list(get("tags")),
        usable_by=_list(get("usable_by")),
        not_usable_by=_list(get("not_usable_by")),
        effects=effects or {},
        manual=bool(_clean(get("manual")) or False),
        version=version or None,
    )
