"""One rule for the "did you mean ...?" of every message (card and set names, deck and card
file keys, search fields, effect-language words): :func:`close_matches`, with one cutoff, and
a small table of words a designer types for one of ours that spelling alone does not find
(:data:`SYNONYMS`: ``permanent`` is the duration ``good``, ``combat_start`` the trigger
``enters_combat``), plurals (``elves``: ``elf``) and families (``lose``: the ``lose_*`` ops)."""
from __future__ import annotations

from typing import Iterable, Mapping

#: How alike (difflib's ratio, 0..1) a typed word must be to a known one to be suggested:
#: a short word missing letters is ("hed": headgear, 0.55), a word sharing only half of its
#: letters is not ("colour": source, "Grave Lrd": Flame Sword, 0.5).
CUTOFF = 0.54

#: typed word -> the words of ours it most likely means, where edit distance points elsewhere
#: (``combat_start`` is nearer ``turn_start`` than ``enters_combat``); a target is suggested
#: only when it is among the choices of the message.
SYNONYMS: dict[str, tuple[str, ...]] = {
    # durations (effect language: ``for:``)
    "permanent": ("good",), "permanently": ("good",), "forever": ("good",), "always": ("good",),
    "for_good": ("good",), "for_ever": ("good",), "indefinitely": ("good",),
    "combat": ("this_combat",), "turn": ("this_turn",),
    # triggers (``when:``)
    "combat_start": ("enters_combat", "fight_declared"), "start_combat": ("enters_combat",),
    "combat_begin": ("enters_combat",), "combat_begins": ("enters_combat",),
    "combat_starts": ("enters_combat",), "fight_start": ("enters_combat", "fight_declared"),
    "enter_combat": ("enters_combat",), "in_combat": ("enters_combat",),
    "won": ("combat_won",), "win": ("combat_won",),
    "defeated": ("combat_won",), "killed": ("combat_won",),
    "ran_away": ("escaped",), "run_away": ("escaped", "run_away_rolled"),
    "play": ("played",), "equipped": ("in_play",), "equip": ("in_play",),
    # races (plurals spelling alone misses: Elves -> Elf, not Feline)
    "elves": ("elf",), "dwarves": ("dwarf",), "halflings": ("halfling",),
}


def _singular(word: str) -> str:
    """``word`` in the singular by the plain English rules (``elves``: ``elf``, ``orcs``:
    ``orc``, ``classes``: ``class``); the word itself when it does not end in s."""
    for tail, repl in (("ves", "f"), ("ies", "y"), ("sses", "ss"), ("es", "e"), ("s", "")):
        if word.endswith(tail) and len(word) > len(tail) + 1:
            return word[: -len(tail)] + repl
    return word


def close_matches(word: str, choices: Iterable[str], n: int = 3) -> list[str]:
    """The at most ``n`` entries of ``choices`` closest to ``word`` (best first) that reach
    :data:`CUTOFF`; [] when none does. The :data:`SYNONYMS` of ``word`` and its singular
    come first, when they are among ``choices``."""
    import difflib  # (only when a message is written)

    choices = list(choices)
    low = {c.lower(): c for c in choices if isinstance(c, str)}
    w = word.lower().strip().replace(" ", "_").replace("-", "_")
    first = [low[t] for t in SYNONYMS.get(w, ()) if t in low]
    sing = _singular(w)
    if sing != w and sing in low:
        first.append(low[sing])
    first = list(dict.fromkeys(first))
    rest = [c for c in difflib.get_close_matches(word, choices, n=n, cutoff=CUTOFF) if c not in first]
    return (first + rest)[:n]


def family(word: str, choices: Iterable[str]) -> list[str]:
    """The ``choices`` whose first part is ``word`` (``lose``: ``lose_item``, ``lose_race``
    ...), in their order: a word that is a family's prefix means one of them."""
    w = word.lower().strip().rstrip("_:")
    return [c for c in choices if isinstance(c, str) and c.lower().startswith(w + "_")] if w else []


def did_you_mean(word: str, choices: Iterable[str], show: Mapping[str, str] | None = None) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``choices`` to ``word`` (:func:`close_matches`;
    a family's prefix: `` (did you mean one of 'lose_item', 'lose_race'?)``, :func:`family`),
    else "": the tail of an "unknown ..." message. ``show``: the words as written in the message
    (a choice -> its display form)."""
    choices = list(choices)
    say = (lambda c: show.get(c, c)) if show is not None else (lambda c: c)
    close = close_matches(word, choices, 1)
    fam = family(word, choices)
    if len(fam) > 1 and not (close and close[0].lower() in SYNONYMS.get(word.lower(), ())):
        return f" (did you mean one of {', '.join(repr(say(c)) for c in fam)}?)"
    return f" (did you mean {say(close[0])!r}?)" if close else ""
