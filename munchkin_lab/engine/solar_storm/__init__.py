"""Solar Storm (cooperative) with the Alternative Rooms mini expansion, as a pure-Python game.

Same public API as the Munchkin engine (:class:`munchkin_lab.engine.game.Game`) so the board and
the scenario tools serve both games::

    >>> g = SolarStormGame.new(players=3, rooms=room_specs, seed=7)
    >>> a = g.legal_actions()[0]; g.play(a); g.undo(); g.redo()
    >>> SolarStormGame.from_json(g.to_json()).state_dict() == g.state_dict()
    True

Layout: one module per rule area, every action kind's candidates, check and apply side by side
in its area, found through one table (``kinds.TABLE``; the V2 rooms through
``rooms_v2.V2_ACTIONS``):

=============  =====================================================================
module         rule area (action kinds)
=============  =====================================================================
``kinds``      the action table, the stages, ``legal_actions`` / ``why_not`` / ``play``
``setup``      set-up: room checks, the deal around the Energy Core, set-up damage
``round``      the round and its phases, the action budget, the end (``end_actions``,
               ``collect``)
``moving``     moving (``move``)
``resources``  the Resource piles, scavenging, sharing (``scavenge``, ``pick``, ``give``,
               ``take``)
``damage``     damage and repairs: the Damage phase, Protection (``repair``,
               ``repair_cube``)
``power``      diverting power, the Energy Core (``divert``, ``activate``)
``rooms_v2``   the V2 room actions (``room``, ``place``)
``by_hand``    V1 rooms resolved by hand (``resolve``, ``adj_*``, ``done``)
``ship``       the grid: room names, versions, icons, combinations
``views``      ``state_dict()``, ``view()``, labels
``saves``      ``to_json`` / ``from_json``
``state``      the mutable state; ``options`` the settings; ``actions`` the action kinds;
               ``refs`` citations and ship constants; ``game`` the class
=============  =====================================================================

Sources and how they are cited in docstrings and refusal reasons:

* ``"Solar Storm Alternative Rooms, <Room> (V2)"`` / ``"Solar Storm Alternative Rooms, setup"``:
  the mini-expansion rules (``shared/seeds/003_...txt``). These are implemented as written.
* ``"public summary, card_facts.md (b)"``: the base loop (3 actions, move, scavenge table,
  share, repair, divert power, collection, escalating damage, win/lose). These numbers come from
  reviews and a game-help page, not from the rulebook, so every one of them lives in
  :class:`SolarStormOptions`.
* ``"placeholder"``: facts no source gives (Resource type names, card counts, the resource icons
  and diversion combination of each room, starting hands, token supplies, start room). The
  defaults only make the game playable; a designer overrides them in the options.
* V1 room actions are in the base rulebook, which we do not have. They are never invented: a V1
  room (any ``manual`` room card) offers ``resolve``, a by-hand resolution in which the table
  applies the card's outcome as a short list of small state changes (``adj_*`` actions), then
  ``done`` -- the same idea as the Munchkin engine's ``resolve`` action.

Readings where the sources are silent (each one a single place in the code):

* Mess Hall (V2): "swap" = each of the two players gives the other the same number of cards
  (1 or 2); the table's agreement is the action itself. Medical Bay (V2): 1 to 3 tokens (a
  zero-token use is refused as pointless). The Bridge (V2): the Hull Breach is never among the
  looked-at cards; a looked-at card not returned goes to the Damage discard (``rooms_v2``).
* Mess Hall (V2) is usable with 3 or 4 players only; with 1 or 2 players the deal skips it for
  the V1 Mess Hall (``setup``).
* Repair Centre (V2) footnote: "using" your own Repair cubes on a room with diverted power lasts
  the turn; within it, your own cubes go on that room before any supply cube (no supply repair
  after a held cube while you still hold one, no held cube after a supply repair made while you
  held cubes); holding cubes alone bars nothing (``damage``).
* Action tokens are spent automatically once the turn's own actions are used up (``round``).
* A damaged room with several Protection holders uses the token of the first holder in turn
  order from the active player (``damage``).
* Revealing the Hull Breach (only possible once the Damage deck above it is exhausted) loses
  (``damage``); the Resource deck "runs out" = the game is lost the moment it is empty
  (``resources``).
* Hands are open information in :meth:`SolarStormGame.view` (a cooperative game).

Grid: positions 0..8, row-major (``pos = row * 3 + col``), the Energy Core at 4.

Action text form (identical rules to :mod:`munchkin_lab.engine.actions`)::

    <player> <kind> [c=<int>] [t=<seat>] [n=<int>] [m=<int>] [cs=<int>,<int>,...]

Resource cards and Damage cards are ints (ids, see ``state_dict()``); the meaning of the fields
per kind is in :data:`KINDS`. ``SolarAction.parse(str(a)) == a`` for every action.

No database, widget or file I/O: rooms arrive as :class:`~munchkin_lab.engine.cards.CardSpec`.
"""
from __future__ import annotations

from ..actions import IllegalActionError
from .actions import KINDS, ROOM_ACTION_HELP, SolarAction
from .game import SolarStormGame
from .kinds import STAGES, TABLE, SolarKind
from .options import SolarStormOptions
from .refs import (CORE_POS, ENERGY_CORE, HULL_BREACH, OUTER, R_BASE, R_MANUAL, R_SETUP,
                   ROOM_NAMES, base_name)
from .rooms_v2 import V2_ACTIONS
from .round import SolarOutcome
from .state import PlayerState as _Player, SolarState as _State  # noqa: F401 - the old names

__all__ = ["SolarStormGame", "SolarStormOptions", "SolarAction", "SolarOutcome", "KINDS",
           "ROOM_NAMES", "ENERGY_CORE", "CORE_POS", "IllegalActionError", "base_name"]
