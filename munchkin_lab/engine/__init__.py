"""The pure-Python rules engine: state in, action in, state out.

Imports no database, widget or I/O code. Cards arrive as frozen :class:`CardSpec` objects.
See ``README.md`` in this folder for the API, the ``state_dict()`` shape, the action list and
the rules-module hooks.
"""
from .actions import KINDS as ACTION_KINDS, Action, IllegalActionError
from .cards import CardSpec
from .effects import validate_effects
from .game import Game, GameOptions, Outcome
from .history import NothingToUndoError
from .rules import CoreModule, RulesModule, register_module
from .solar_storm import SolarAction, SolarOutcome, SolarStormGame, SolarStormOptions

__all__ = ["Action", "ACTION_KINDS", "CardSpec", "CoreModule", "Game", "GameOptions",
           "IllegalActionError", "NothingToUndoError", "Outcome", "RulesModule", "register_module", "validate_effects",
           "SolarAction", "SolarOutcome", "SolarStormGame", "SolarStormOptions"]
