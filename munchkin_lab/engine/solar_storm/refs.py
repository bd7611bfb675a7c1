"""Rule citations and the fixed facts of the ship, shared by every Solar Storm rule module.

Citations used in refusal reasons and docstrings:

* :data:`R_BASE` and :func:`r_base` -- the base loop from public summaries (our notes:
  ``shared/data/card_facts.md`` (b), ``card_facts_more.md``, 7. Solar Storm; a refusal cites
  the rules' section, not the notes' file); every number of it is an option
  (:class:`~munchkin_lab.engine.solar_storm.options.SolarStormOptions`).
* :data:`R_SETUP` and :func:`r_v2` -- the Solar Storm Alternative Rooms mini expansion
  (``shared/seeds/003_*.txt``): set-up and the V2 room actions, implemented as written.
* :data:`R_MANUAL` -- V1 room actions, which are in the base rulebook we do not have.

Grid positions are 0..8, row-major (``pos = row * 3 + col``); the Energy Core is at
:data:`CORE_POS`.
"""
from __future__ import annotations

import re

from ..cards import CardSpec

R_BASE = "Solar Storm rules, public summary"


def r_base(section: str) -> str:
    """The citation of a base-game rule in refusals: the rules' section (``"Actions: Move"``,
    ``"Resource collection"``, ``"Win"``...), marked as known from a public summary (the base
    rulebook is not among our sources), never a file name:
    ``"Solar Storm rules, Actions: Move, public summary"``."""
    return f"Solar Storm rules, {section}, public summary"


R_SETUP = "Solar Storm Alternative Rooms, setup"
R_MANUAL = "V1 room action not in our sources: resolved by hand"


def r_v2(room: str) -> str:
    """The citation of a V2 room action: ``"Solar Storm Alternative Rooms, <room> (V2)"``."""
    return f"Solar Storm Alternative Rooms, {room} (V2)"


#: The eight ship rooms (each printed as V1 and V2), in a fixed reference order.
ROOM_NAMES = ("Crew Quarters", "Cargo Hold", "Mess Hall", "Engine Room", "Repair Centre",
              "Medical Bay", "The Bridge", "The Armoury")
ENERGY_CORE = "Energy Core"
#: grid position of the Energy Core (the centre; Solar Storm Alternative Rooms, setup)
CORE_POS = 4
#: the eight room positions around the core
OUTER = (0, 1, 2, 3, 5, 6, 7, 8)
#: Damage card id 0 is always the Hull Breach (kept at the bottom of the Damage deck)
HULL_BREACH = 0

_VERSION_RE = re.compile(r"\s*\((V\d+)\)\s*$", re.IGNORECASE)


def base_name(name: str) -> str:
    """Room name without its version suffix: ``"Mess Hall (V2)"`` -> ``"Mess Hall"``."""
    return _VERSION_RE.sub("", name).strip()


def version_of(spec: CardSpec) -> str | None:
    """A room card's version (``"V1"``, ``"V2"`` ...): its ``version`` field, else the
    ``(Vn)`` suffix of its name; None when it has neither."""
    return version_named(spec.version, spec.name)


def version_named(version: str | None, name: str) -> str | None:
    """:func:`version_of` from a card's ``version`` field and ``name`` (a card not yet made
    a spec: the card designer's)."""
    if version:
        return version.upper()
    mt = _VERSION_RE.search(name or "")
    return mt.group(1).upper() if mt else None


def adjacent(a: int, b: int) -> bool:
    """True when grid positions ``a`` and ``b`` (0..8) are one orthogonal step apart (moving:
    no diagonals, public summary, card_facts.md (b))."""
    ra, ca = divmod(a, 3)
    rb, cb = divmod(b, 3)
    return abs(ra - rb) + abs(ca - cb) == 1


def seat_order(active: int, n: int) -> list[int]:
    """Seats ``0..n-1`` in turn order starting with ``active``."""
    return [(active + i) % n for i in range(n)]
