"""What a printed card face shows, as plain data: :func:`face_fields`.

One function both the PDF faces (this package) and the board's HTML faces
(:mod:`munchkin_lab.widgets`) can use, so that paper and screen show the same fields: name,
kind, Level or bonus, Treasures, Levels gained, tags, set, the short effect summary (our own
words, from the database) and a provenance mark for designer or inferred cards.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

#: Display labels of card kinds.
KIND_LABELS = {
    "monster": "Monster", "monster_enhancer": "Monster Enhancer", "curse": "Curse", "race": "Race",
    "class": "Class", "portal": "Portal", "trap": "Trap", "special": "Special", "item": "Item",
    "one_shot": "One-Shot", "go_up_a_level": "Go Up a Level", "dungeon": "Dungeon",
    "fairy_dust": "Fairy Dust", "character": "Character", "room_tile": "Room Tile",
    "ship_room": "Ship Room",
}
#: Display labels of draw piles.
DECK_LABELS = {
    "door": "Door", "treasure": "Treasure", "dungeon": "Dungeon", "fairy_dust": "Fairy Dust",
    "character": "Character", "room_tile": "Room Tile", "ship_room": "Ship Room",
}
#: Display labels of item slots.
SLOT_LABELS = {
    "headgear": "Headgear", "armor": "Armor", "footgear": "Footgear", "one_hand": "1 Hand",
    "two_hands": "2 Hands", "vehicle": "Vehicle", "none": "",
}
#: Display names of the shipped sets (others: the code in title case).
SET_LABELS = {
    "munchkin": "Munchkin", "fairy_dust": "Munchkin Fairy Dust", "scooby_doo": "Munchkin Scooby-Doo!",
    "star_munchkin": "Star Munchkin", "star_munchkin_adventures": "Star Munchkin Adventures",
    "solar_storm": "Solar Storm",
}
#: Provenance marks printed on a face (printed cards carry none).
PROVENANCE_MARKS = {"designer": "DESIGNER", "inferred": "INFERRED"}
#: Kinds printed as square tiles instead of cards.
TILE_KINDS = ("room_tile", "ship_room")

_FIELDS = ("key", "name", "set", "kind", "deck", "level", "treasures", "levels_gained", "bonus", "slot",
           "big", "gold", "version", "tags", "summary", "provenance", "origin", "manual", "effects",
           "set_name")


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        import pandas as pd

        if value is pd.NA:
            return True
    except ImportError:  # pragma: no cover
        pass
    return isinstance(value, float) and math.isnan(value)


def _get(obj: Any, name: str) -> Any:
    """Field ``name`` of a CardSpec, pandas row or mapping; ``None`` when absent or null."""
    if isinstance(obj, Mapping):
        value = obj.get(name)
    elif hasattr(obj, "index") and hasattr(obj, "get") and not isinstance(obj, (str, bytes)):  # pandas Series
        value = obj.get(name)
    else:
        value = getattr(obj, name, None)
    return None if _missing(value) else value


def _int(value: Any) -> int | None:
    return None if value is None else int(value)


def signed(n: int) -> str:
    """``+3`` / ``-2`` / ``0``."""
    return f"+{n}" if n > 0 else str(n)


def set_label(code: str | None) -> str:
    """Display name of set ``code``."""
    if not code:
        return ""
    return SET_LABELS.get(code, code.replace("_", " ").title())


def face_fields(card: Any) -> dict[str, Any]:
    """Everything a card face shows, ready to render.

    Args:
        card: a :class:`~munchkin_lab.engine.cards.CardSpec`, a row of
            :func:`munchkin_lab.cards.api.cards` (``pandas.Series``) or a mapping with the
            same field names. A CardSpec has no ``summary``/``provenance``: they come out
            empty / ``"printed"``. An optional ``set_name`` field overrides the set label.

    Returns:
        A dict with keys:

        ``key`` (``"set:Name"``), ``name``, ``kind``, ``kind_label`` (e.g. ``"Item"``),
        ``subtitle`` (kind, slot, Big, deck: ``"Item · Footgear · Big"``), ``deck``,
        ``deck_label``, ``shape`` (``"card"`` or ``"tile"``), ``stats`` (list of
        ``{"key", "label", "value"}``, the headline number first: Level for monsters,
        bonus for items/one-shots/enhancers/Dungeons, ``+1`` for Go Up a Level; then
        Treasures, Levels gained, Gold), ``tags`` (list of str, as stored), ``set``,
        ``set_label``, ``summary`` (str, may be empty), ``provenance``
        (``printed``/``inferred``/``designer``), ``provenance_mark`` (``""``,
        ``"DESIGNER"`` or ``"INFERRED"``), ``version`` (``"V1"``/``"V2"``/``None``),
        ``energy_core`` (bool), ``manual`` (bool: resolved by hand in the engine),
        ``big`` (bool), ``slot_label`` (str), ``effects_words`` (str: the card's effects in a
        few words, :func:`munchkin_lab.cards.effect_rows.effects_words`, for a
        designer's or inferred card without a summary; ``""`` when it has a summary, no
        effects or is a printed card).

    Raises:
        ValueError: the card has no name.
    """
    name = _get(card, "name")
    if not name:
        raise ValueError(f"card without a name: {card!r}")
    name = str(name)
    set_code = str(_get(card, "set") or "")
    kind = str(_get(card, "kind") or "")
    deck = str(_get(card, "deck") or "")
    level, treasures = _int(_get(card, "level")), _int(_get(card, "treasures"))
    levels_gained, bonus, gold = _int(_get(card, "levels_gained")), _int(_get(card, "bonus")), _int(_get(card, "gold"))
    slot = _get(card, "slot")
    big = bool(_get(card, "big") or False)
    effects = _get(card, "effects") or {}
    stats: list[dict[str, str]] = []

    def stat(key: str, label: str, value: str) -> None:
        stats.append({"key": key, "label": label, "value": value})

    if kind == "monster":
        stat("level", "Level", "?" if level is None else str(level))
        if treasures is not None:
            stat("treasures", "Treasure" if treasures == 1 else "Treasures", str(treasures))
        if levels_gained is not None:
            stat("levels_gained", "Level gained" if levels_gained == 1 else "Levels gained", str(levels_gained))
    elif kind == "monster_enhancer":
        if bonus is not None:
            stat("bonus", "Level", signed(bonus))
        t = effects.get("treasures") if isinstance(effects, Mapping) else None
        if isinstance(t, int) and not isinstance(t, bool):
            stat("treasures", "Treasures", signed(t))
    elif kind == "go_up_a_level":
        stat("levels_gained", "Level", "+1")
    elif bonus is not None:
        stat("bonus", "Bonus", signed(bonus))
    if kind in ("item", "one_shot", "special") and gold is not None:
        stat("gold", "Gold (no value)" if gold == 0 else "Gold", str(gold))

    slot_label = SLOT_LABELS.get(str(slot), str(slot).replace("_", " ").title()) if slot else ""
    parts = [KIND_LABELS.get(kind, kind.replace("_", " ").title())]
    if slot_label:
        parts.append(slot_label)
    if big:
        parts.append("Big")
    if deck and DECK_LABELS.get(deck) not in parts and kind not in TILE_KINDS:
        parts.append(DECK_LABELS.get(deck, deck.title()))

    raw_tags = _get(card, "tags") or []
    if isinstance(raw_tags, (list, tuple)):
        tags = [str(t) for t in raw_tags]
    else:  # a CardSpec's frozenset of lower-case tags
        tags = sorted((str(t).title() for t in raw_tags), key=str.lower)
    provenance = str(_get(card, "provenance") or ("designer" if _get(card, "origin") == "designer" else "printed"))
    if _get(card, "origin") == "designer":
        provenance = "designer"
    version = _get(card, "version")
    return {
        "key": str(_get(card, "key") or f"{set_code}:{name}"),
        "name": name,
        "kind": kind,
        "kind_label": parts[0],
        "subtitle": " \u00b7 ".join(parts),
        "deck": deck,
        "deck_label": DECK_LABELS.get(deck, deck.replace("_", " ").title()),
        "shape": "tile" if kind in TILE_KINDS or deck in TILE_KINDS else "card",
        "stats": stats,
        "tags": tags,
        "set": set_code,
        "set_label": str(_get(card, "set_name") or set_label(set_code)),
        "summary": str(_get(card, "summary") or ""),
        "provenance": provenance,
        "provenance_mark": PROVENANCE_MARKS.get(provenance, ""),
        "version": str(version) if version else None,
        "energy_core": kind == "ship_room" and not version and "energy core" in name.lower(),
        "manual": bool(_get(card, "manual") or False),
        "big": big,
        "slot_label": slot_label,
        "effects_words": ("" if _get(card, "summary") or provenance == "printed"
                          else _effects_words(effects, kind)),
    }


def _effects_words(effects: Any, kind: str) -> str:
    """The effects in words (the card editor's renderer of the effect language), or ``""``."""
    if not isinstance(effects, Mapping) or not effects:
        return ""
    from ..cards.effect_rows import effects_words

    return effects_words(effects, kind or None)
