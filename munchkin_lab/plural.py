"""Counted nouns in messages: ``plural(1, "card")`` -> ``"1 card"``, ``plural(3, "card")`` ->
``"3 cards"`` (``plural(2, "copy", "copies")`` for irregular plurals). Used by every command
and error message that counts something, so that no "1 cards" is ever printed. And
:func:`listed`: the first names of a long list, then how many more."""
from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"<n> <word>"`` with the plural form unless ``n`` is 1 (or -1).

    Args:
        n: the count.
        word: the singular noun ("card", "designer card", "problem").
        many: the plural when it is not ``word + "s"`` ("copies", "Treasures").
    """
    return f"{n} {word if abs(n) == 1 else (many or word + 's')}"


def listed(names: list[str], limit: int = 10) -> str:
    """The first ``limit`` of ``names`` joined with commas, then how many more were left out
    (``listed(["A", "B", "C"], 2)`` -> ``"A, B, ... 1 more"``), so that a message never
    cuts a list without saying so."""
    names = list(names)
    return ", ".join(names[:limit]) + (f", ... {len(names) - limit} more" if len(names) > limit else "")
