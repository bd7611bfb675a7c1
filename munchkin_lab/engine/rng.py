"""Seeded chance that lives inside the game state (so undo rewinds the dice).

A SplitMix64 generator: the whole generator state is one 64-bit int, cheap to copy into
every undo snapshot and to write into ``state_dict()["rng"]``. No global ``random`` is used
anywhere in the engine.
"""
from __future__ import annotations

MASK = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15


#: The seeds of a game (``Game.new``, ``SolarStormGame.new``, a board, ``play --seed``, a
#: scenario's ``seed``): the generator's 64-bit state space, every seed a different game. The
#: simulator's per-game seeds use all of it (``sim.simulate.game_seed``: 64-bit words), so the
#: range is not the signed one of a database column. The simulator's *run* seed (``simulate``,
#: ``compare``) takes the same range, so a seed typed for one command is taken by every other.
SEED_RANGE = (0, 2**64 - 1)


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` when it is a whole number in :data:`SEED_RANGE`.

    Raises:
        ValueError: otherwise, naming ``name`` and the range (e.g. ``seed must be a whole
            number from 0 to 2**64-1, got -5``). Outside the range two seeds would give the
            same game (the state is 64 bits) and a negative one is no seed a user can type
            into the command line.
    """
    import numbers

    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or \
            not SEED_RANGE[0] <= int(seed) <= SEED_RANGE[1]:
        raise ValueError(f"{name} must be a whole number from 0 to 2**64-1, got {seed!r}")
    return int(seed)


def seed_state(seed: int) -> int:
    """Return the initial generator state for an integer ``seed`` (any int, negative ok)."""
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state``; return ``(new_state, 64-bit output)``."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """Return ``(new_state, k)`` with ``0 <= k < n`` (n >= 1)."""
    state, z = next_u64(state)
    return state, z % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of ``items`` in place; return the new generator state (the draws
    of :func:`below`, inlined)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return state
