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
