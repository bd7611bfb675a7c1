"""Solar Storm actions: :class:`SolarAction` (the engine's frozen ``Action`` with this game's
kinds) and the meaning of its fields per kind (:data:`KINDS`, also the board's help text).

Text form (identical rules to :mod:`munchkin_lab.engine.actions`)::

    <player> <kind> [c=<int>] [t=<seat>] [n=<int>] [m=<int>] [cs=<int>,<int>,...]

Resource cards and Damage cards are ints (ids, see ``state_dict()``).
``SolarAction.parse(str(a)) == a`` for every action.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import Action

#: Every action kind with the meaning of its fields (also the board's help text). The rule
#: of each kind (candidates, check, apply) is found through ``kinds.TABLE``.
KINDS: dict[str, str] = {
    "move": "move your meeple 1 step orthogonally to position n (1 action)",
    "scavenge": "roll the die; the table gives 0, 1 or 2 Resource cards, then pick them (1 action)",
    "pick": "scavenge pick: face-up Resource c, or the top of the Resource deck (c omitted)",
    "give": "share: give Resource c to player t in your room (1 action)",
    "take": "share: take Resource c from player t in your room (1 action)",
    "repair": "discard Resource c matching an uncovered icon of your room; a supply cube covers it (1 action)",
    "repair_cube": "put one of your own Repair cubes on your room, no discard (1 action)",
    "divert": "discard Resources cs (the room's combination) to divert your room's power (1 action)",
    "room": "use the V2 action of the room you are in (fields per room, see room_action_help)",
    "place": "The Bridge (V2): put back looked-at Damage cards cs (first n on top, rest at the bottom, "
             "each group listed top first); the others are discarded",
    "resolve": "start resolving the manual (V1) room you are in by hand (1 action)",
    "adj_card": "by hand: move Resource c to player t's hand (t>=0), discard (-2), deck top (-3), "
                "deck bottom (-4) or the face-up row (-5)",
    "adj_cube": "by hand: move one Repair cube from n to m (-1 supply, 0..8 room position, 10+seat player)",
    "adj_token": "by hand: player t takes (n=1) or returns (n=-1) an Action token (m=0) or "
                 "Protection token (m=1)",
    "adj_meeple": "by hand: put player t's meeple on position n",
    "adj_power": "by hand: set room n's diverted power to m (0/1)",
    "done": "finish the by-hand resolution",
    "activate": "activate the Energy Core (all 8 rooms diverted, you stand in the core) (1 action)",
    "end_actions": "end the action phase",
    "collect": "resource collection: 2 from the deck (c omitted) or face-up Resource c",
}

#: Field meaning of ``room`` per V2 action, named by its room (``rooms_v2.V2_ACTIONS`` ``rule``;
#: Solar Storm Alternative Rooms).
ROOM_ACTION_HELP: dict[str, str] = {
    "Crew Quarters": "t = seat of the meeple to move, n = destination position (no meeple there)",
    "Cargo Hold": "c = face-up Resource to take, or c omitted for the top of the deck",
    "Mess Hall": "t, m = the two other players; cs = t's k cards then m's k cards (k = 1 or 2)",
    "Engine Room": "c = Resource card taken from the discard pile",
    "Repair Centre": "t = the other player who gets a Repair cube from the supply",
    "Medical Bay": "cs = receiving seats, one entry per Action token (1 to 3, never yourself)",
    "The Bridge": "no field: look at the top 2 Damage cards, then 'place'",
    "The Armoury": "t = player (yourself allowed) who gets a Protection token",
}


@dataclass(frozen=True, slots=True)
class SolarAction(Action):
    """A Solar Storm decision: the fields of :class:`munchkin_lab.engine.actions.Action`
    (``player``, ``kind``, ``card``, ``target``, ``n``, ``m``, ``cards``, ``label``) and the
    same text form; ``kind`` is a key of this module's :data:`KINDS`.

    Raises (``parse``):
        ValueError: malformed text or a kind that is not a Solar Storm kind.
    """

    _game_words = "Solar Storm "

    @classmethod
    def _kinds(cls) -> dict[str, str]:
        return KINDS
