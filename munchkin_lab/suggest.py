"""One rule for the "did you mean ...?" of every message (card and set names, deck and card
file keys, search fields, effect-language words): :func:`close_matches`, with one cutoff."""
from __future__ import annotations

from typing import Iterable

#: How alike (difflib's ratio, 0..1) a typed word must be to a known one to be suggested:
#: a short word missing letters is ("hed": headgear, 0.55), a word sharing only half of its
#: letters is not ("colour": source, "Grave Lrd": Flame Sword, 0.5).
CUTOFF = 0.54


def close_matches(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The at most ``n`` entries of ``choices`` closest to ``word`` (best first) that reach
    :data:`CUTOFF`; [] when none does."""
    import difflib  # (only when a message is written)

    return difflib.get_close_matches(word, list(choices), n=n, cutoff=CUTOFF)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` to ``word`` (:func:`close_matches`),
    else "": the tail of an "unknown ..." message."""
    close = close_matches(word, choices, 1)
    return f" (did you mean {close[0]!r}?)" if close else ""
