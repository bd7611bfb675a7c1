"""Hypothesis strategies for random effect documents (mostly near-valid: names from the
vocabulary, values of every type), used by the validator's property tests."""
from __future__ import annotations

from hypothesis import strategies as st

from munchkin_lab.engine.lang import vocab as V

NAMES = sorted(set(V.SHORT_SPECS) | set(V.OPS) | set(V.TRIGGERS) | set(V.TARGETS)
               | set(V.DURATIONS) | set(V.ABILITY_FIELDS) | set(V.SUBJECTS) | set(V.COMBINATORS)
               | set(V.ROOM_FIELDS) | set(V.DUNGEON_FIELDS) | set(V.PORTAL_FIELDS)
               | set(V.ROOM_ACTION_FIELDS) | set(V.COST_FIELDS) | set(V.LIMIT_FIELDS)
               | {"abilities", "then", "else", "for", "who", "select", "where", "each", "per",
                  "until_lost", "count", "if", "bonus", "tag", "fairy", "1-2", "3", "4-6"})
WORDS = sorted(set(V.TRIGGERS) | set(V.TARGETS) | set(V.DURATIONS) | set(V.COST_WHAT)
               | set(V.LIMIT_PER) | set(V.LOSE_ITEM_WHAT) | set(V.DIRECTIONS)
               | {"race:elf", "!class:cleric", "level>=6", "tag:undead", "race", "levels<3",
                  "bonus", "lowest", "self", "chosen", "munchkin", "either", "treasure", "door",
                  "gender:female", "in_combat", "wears:hat", "used:fire", "players>=3"})

scalars = st.one_of(st.none(), st.booleans(), st.integers(-12, 12), st.sampled_from(WORDS),
                    st.text(max_size=6), st.floats(allow_nan=False, allow_infinity=False))
keys = st.one_of(st.sampled_from(NAMES), st.text(max_size=5), st.integers(0, 7))


def docs(max_leaves: int = 30):
    """Random JSON-like values whose keys and words come mostly from the vocabulary."""
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)), max_leaves=max_leaves)


def effect_docs():
    """Random ``effects`` mappings (top-level keys from the short forms and ``abilities``)."""
    top = st.one_of(st.sampled_from(sorted(V.SHORT_SPECS) + ["abilities"] * 6), st.text(max_size=5))
    return st.dictionaries(top, docs(), max_size=4)


def ability_docs():
    """Random abilities with plausible keys, to reach the context rules."""
    op = st.dictionaries(st.sampled_from(sorted(V.OPS) + ["who", "for", "else", "then", "count"]),
                         docs(8), min_size=1, max_size=3)
    ab = st.fixed_dictionaries(
        {"when": st.one_of(st.sampled_from(sorted(V.TRIGGERS)), st.lists(st.sampled_from(sorted(V.TRIGGERS)), max_size=3), docs(3)),
         "do": st.lists(op, max_size=3)},
        optional={k: docs(6) for k in ("if", "who", "by", "may", "cost", "limit", "for", "label", "from_hand")})
    return st.fixed_dictionaries({"abilities": st.lists(ab, min_size=1, max_size=3)})
