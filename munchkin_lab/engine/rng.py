"""Seeded chance that lives inside the game state (so undo rewinds the dice).

A SplitMix64 generator: the whole generator state is one 64-bit int, cheap to copy into
every undo snapshot and to write into ``state_dict()["rng"]``. No global ``random`` is used
anywhere in the engine.
"""
from __future__ import annotations

MASK = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15


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
