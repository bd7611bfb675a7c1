"""The card-effect language: one composable language for what a card does.

A card's ``effects`` mapping holds today's keys (``bad_stuff``, ``bonus_vs``, ``mate``,
``room`` ...) as **short forms** and, under ``abilities:``, abilities written in the
language itself::

    effects:
      abilities:
        - when: revealed               # when: the trigger (a name or a list)
          if: "!in_combat"             # if: a condition (atoms with and/or/not)
          who: each_player             # who: the target
          do: [{levels: 1}]            # do: the ops (never the winning Level unless winning: true)
        - when: hits
          do: [{combat_strength: -2, for: good}]   # for how long: a duration for lasting ops

Both compile to one frozen :class:`Program` (:func:`expand`), which the engine's interpreter
runs; :func:`validate` lists every problem with its exact path. The vocabulary lives in
:mod:`.vocab`; ``database/EFFECTS.md`` (the reference, every construct with an example card)
and ``database/effects.schema.json`` are generated from it by
``python -m munchkin_lab.engine.lang.docs``. The interpreter contract (when each trigger fires,
how each target resolves, what each op changes, when each duration ends) is ``README.md`` in
this folder; the pure interpreter parts (conditions, targets, amounts, durations over a small
:class:`World` protocol) are in :mod:`.interp`.

Pure Python: no database, widget, YAML or I/O import; pydantic is imported only by
:mod:`.schema` (on the first :func:`validate` call).
"""
from .expand import ALIASES, expand, parse_atom
from .interp import Context, Ledger, World, amount_of, evaluate, resolve
from .names import Names
from .problems import EffectError, Problem, format_path
from .program import (EMPTY, About, Ability, All, AnyOf, Atom, Cost, Duration, Limit, Not, Op,
                      Per, Program, Target)
from .validate import validate, validate_strings

__all__ = ["ALIASES", "About", "Ability", "All", "AnyOf", "Atom", "Context", "Cost", "Duration",
           "EMPTY", "EffectError", "Ledger", "Limit", "Names", "Not", "Op", "Per", "Problem", "Program",
           "Target", "World", "amount_of", "evaluate", "expand", "format_path", "parse_atom",
           "resolve", "validate", "validate_strings"]
