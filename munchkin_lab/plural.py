"""Counted nouns in messages: ``plural(1, "card")`` -> ``"1 card"``, ``plural(3, "card")`` ->
``"3 cards"`` (``plural(2, "copy", "copies")`` for irregular plurals). Used by every command
and error message that counts something, so that no "1 cards" is ever printed. And
:func:`listed`: the first names of a long list, then how many more; :func:`listed_lines`, the
same for a message's list of problems, one per line."""
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


#: The most problems an error message lists, one per line (:func:`listed_lines`).
MAX_LINES = 50


def listed_lines(problems: list, rest: str, limit: int = MAX_LINES) -> str:
    """The first ``limit`` of ``problems``, one per line indented by two spaces, then a line
    counting the ones left out with ``rest`` saying where to see them (``"  ... and 757 more
    (fix these and run again to see the rest)"``): a long list of problems is capped where it
    is printed, never silently cut. ``problems``: anything ``str()`` words."""
    shown = [f"  {p}" for p in problems[:limit]]
    if len(problems) > limit:
        shown.append(f"  ... and {len(problems) - limit} more ({rest})")
    return "\n".join(shown)
