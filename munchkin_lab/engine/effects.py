"""The effect vocabulary: structured card effects the engine interprets (one place).

STARTER VOCABULARY (the engine owner extends it; this docstring is the reference and the
validator :func:`validate_effects` enforces it). Condition atoms: ``race:elf``,
``class:warrior``, ``gender:female``, ``tag:undead``, ``level<=3``, ``level>=6``; a leading
``!`` negates (``!race:halfling``).

Monster keys:
  bonus_vs: [{if: ATOM, bonus: INT}]   monster +bonus when the fighter or the helper matches
                                       (counted once; core rules, Help)
  run_away: INT                        modifier to every Run Away roll against it
  no_run_away: BOOL                    no Run Away possible
  not_pursue: ATOM                     a matching player may let it go without a fight
  no_help: BOOL                        nobody may help against it
  items_dont_count: BOOL               the munchkin side's items give no bonus
  level_doesnt_count: BOOL             the munchkin side's Levels do not count
  extra_treasures: [{if: ATOM, count: INT}]
  bad_stuff: [OP, ...]                 applied to each player it catches
  on_escape: [OP, ...]                 applied even to a player who escapes

Ops (a mapping with one main key; ``else: [OP...]`` applies when the main key finds nothing):
  {lose_levels: INT} | {death: true} | {set_level: INT} | {lose_race: true} |
  {lose_class: true} | {discard_hand: true} |
  {lose_item: headgear|armor|footgear|hand|big|small|best|any|vehicle|all_big|all, count: INT} |
  {roll: {"1-2": [OP...], "3-6": [OP...]}}
"""
from __future__ import annotations
