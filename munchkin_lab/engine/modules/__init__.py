"""Expansion rules modules (issue 4). Importing this package registers them with
:func:`munchkin_lab.engine.rules.register_module`; ``rules.select_modules`` imports it.

Modules: ``fairy_dust`` (:mod:`.fairy_dust`), ``scooby_doo`` (:mod:`.dungeons`),
``rooms`` (:mod:`.rooms`, Star Munchkin Adventures), ``piles`` (:mod:`.piles`, one draw pile
per set; switched on by option only). Each registers its extra action kinds in
:data:`munchkin_lab.engine.actions.KINDS` so saved games and scenarios can name them.
"""
from __future__ import annotations

import importlib
from collections import Counter


def core_zone_cards(game, module) -> set:
    """Card ids held in a core zone (or another module), ignoring what ``module`` holds: used
    by ``on_begin`` to drop module-held cards that a scenario set-up placed elsewhere."""
    held = Counter(module.cards_held(game)) if module.name in game.state.module_state else Counter()
    return set((Counter(game.all_zones()) - held).keys())


for _name in ("fairy_dust", "dungeons", "rooms", "piles"):
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as e:  # a module not written yet
        if e.name != f"{__name__}.{_name}":
            raise
