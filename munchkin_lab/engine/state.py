"""Compact mutable game state (plain ints, lists, dicts in ``__slots__`` classes).

Cards are ints (index into ``Game.specs``). Draw piles and discards are lists with the TOP at
the END (``pop()`` draws). ``clone()`` is the undo snapshot: it copies every list, so a
snapshot never shares mutable parts with the live state. ``to_raw()``/``from_raw()`` give a
JSON-able form used by saved games. The public, documented shape is
``Game.state_dict()`` (see ``engine/README.md``), not this module.
"""
from __future__ import annotations

from typing import Any

from .lang.interp import Ledger

#: the empty ledger of lasting changes (card-effect language; shared, immutable)
NO_LEDGER = Ledger()


class PlayerState:
    __slots__ = ("name", "gender", "level", "hand", "equipped", "carried", "races", "classes",
                 "half_breed", "super_munchkin", "curses", "alive", "redeal", "cheat",
                 "cheat_item", "sold_double", "hireling", "hireling_item", "fresh")

    def __init__(self, name: str, gender: str) -> None:
        self.name = name
        self.gender = gender
        self.level = 1
        self.hand: list[int] = []
        self.equipped: list[int] = []
        self.carried: list[int] = []
        self.races: list[int] = []
        self.classes: list[int] = []
        self.half_breed = -1
        self.super_munchkin = -1
        self.curses: list[int] = []
        self.alive = True
        self.redeal = False
        self.cheat = -1
        self.cheat_item = -1
        self.sold_double = False
        self.hireling = -1          # Hireling card in play (core rules, 6. When You May Act)
        self.hireling_item = -1     # the item the Hireling carries beyond the slot limits
        self.fresh: list[int] = []  # cards just received off-turn (playable at once, 9.)

    def clone(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.name = self.name
        p.gender = self.gender
        p.level = self.level
        p.hand = self.hand[:]
        p.equipped = self.equipped[:]
        p.carried = self.carried[:]
        p.races = self.races[:]
        p.classes = self.classes[:]
        p.half_breed = self.half_breed
        p.super_munchkin = self.super_munchkin
        p.curses = self.curses[:]
        p.alive = self.alive
        p.redeal = self.redeal
        p.cheat = self.cheat
        p.cheat_item = self.cheat_item
        p.sold_double = self.sold_double
        p.hireling = self.hireling
        p.hireling_item = self.hireling_item
        p.fresh = self.fresh[:]
        return p

    def in_play(self) -> list[int]:
        """Items in play (equipped then carried)."""
        return self.equipped + self.carried

    def cards(self) -> list[int]:
        """Every card id the player holds: the hand, then the cards in front of them (Items in
        use and carried - the Hireling's Item among them -, Races, Classes, Curses that last,
        then Half-Breed, Super Munchkin, Cheat! and the Hireling), each once."""
        out = self.hand + self.equipped + self.carried + self.races + self.classes + self.curses
        for x in (self.half_breed, self.super_munchkin, self.cheat, self.hireling):
            if x >= 0:
                out.append(x)
        return out

    def to_raw(self) -> dict:
        return {k: (getattr(self, k)[:] if isinstance(getattr(self, k), list) else getattr(self, k))
                for k in self.__slots__}

    @classmethod
    def from_raw(cls, d: dict) -> "PlayerState":
        p = cls(d["name"], d["gender"])
        for k in cls.__slots__:
            if k not in d and k in ("hireling", "hireling_item", "fresh"):
                continue            # saved before Hirelings existed
            v = d[k]
            setattr(p, k, list(v) if isinstance(v, list) else v)
        return p


#: CombatState fields newer than some saves, with the value an older save means
_NEWER = {"stay_treasures": 0, "forced_help": False, "slain_levels": 0, "slain_kills": 0, "for_monsters": [],
          "won_at": [], "played_by": [], "owed": []}


class CombatState:
    __slots__ = ("fighter", "helper", "monsters", "enh", "used", "pbonus", "mbonus", "berserk",
                 "flight", "turning", "backstab", "stage", "window", "runners", "rolled", "asked",
                 "bribe_n", "bribe_first", "bribe_items", "extra_treasures", "perplayer", "intent",
                 "stay_treasures", "forced_help", "slain_levels", "slain_kills", "for_monsters", "won_at",
                 "played_by", "owed")

    def __init__(self, fighter: int, monster: int) -> None:
        self.fighter = fighter
        self.helper = -1
        self.monsters: list[int] = [monster]
        self.enh: list[list[int]] = [[]]
        self.used: list[int] = []
        self.pbonus = 0
        self.mbonus = 0
        self.berserk: dict[int, int] = {}
        self.flight: dict[int, int] = {}
        self.turning: dict[int, int] = {}
        self.backstab: list[list[int]] = []   # [thief, victim]
        self.stage = "fight"                   # fight | window | run
        self.window: list[int] = []
        self.runners: list[int] = []
        self.rolled: list[int] = []            # monster indexes the current runner has rolled for
        self.asked: list[int] = []
        self.bribe_n = 0
        self.bribe_first = 0                   # 1 = helper picks first
        self.bribe_items: list[int] = []
        self.extra_treasures = 0               # e.g. from a charmed monster
        self.perplayer: dict[int, int] = {}    # per-player one-shot bonuses (unused by core)
        self.intent = ""                       # "win" | "run" | "empty" | "loot" | "rethink": what the
                                               # open window leads to ("rethink": a monster joined a
                                               # declared Run Away, the fighter decides again)
        self.stay_treasures = 0                # Treasures a monster left behind (Pollymorph Potion):
                                               # the winner of the rest draws them, a runner loses them
        self.forced_help = False               # the helper could not refuse (Kneepads of Allure, a
                                               # Fairy's charm): out of a fight for the win
                                               # (Helping._backout_check)
        self.slain_levels = 0                  # Levels of monsters a card slew (``slay``) and the
        self.slain_kills = 0                   # monsters it slew: given when the combat is won
        self.for_monsters: list[int] = []      # the One-Shots of ``used`` played for the monster side
        self.won_at: list[int] = []            # at the kill: [munchkin side, monster side, then seat, Level,
                                               # strength of the fighter (and helper)]: for display only
        self.played_by: dict[int, int] = {}    # card -> seat of who played it into the combat (One-Shots,
                                               # Monster Enhancers): its owner while it lies there
        self.owed: list[list[int]] = []        # [seat, helper, Levels, kills, Treasures] won by a fighter
                                               # before a card moved the fight to another player: given
                                               # when this combat closes (Transferral Potion, official FAQ)

    def clone(self) -> "CombatState":
        c = CombatState.__new__(CombatState)
        c.fighter = self.fighter
        c.helper = self.helper
        c.monsters = self.monsters[:]
        c.enh = [e[:] for e in self.enh]
        c.used = self.used[:]
        c.pbonus = self.pbonus
        c.mbonus = self.mbonus
        c.berserk = dict(self.berserk)
        c.flight = dict(self.flight)
        c.turning = dict(self.turning)
        c.backstab = [b[:] for b in self.backstab]
        c.stage = self.stage
        c.window = self.window[:]
        c.runners = self.runners[:]
        c.rolled = self.rolled[:]
        c.asked = self.asked[:]
        c.bribe_n = self.bribe_n
        c.bribe_first = self.bribe_first
        c.bribe_items = self.bribe_items[:]
        c.extra_treasures = self.extra_treasures
        c.perplayer = dict(self.perplayer)
        c.intent = self.intent
        c.stay_treasures = self.stay_treasures
        c.forced_help = self.forced_help
        c.slain_levels = self.slain_levels
        c.slain_kills = self.slain_kills
        c.for_monsters = self.for_monsters[:]
        c.won_at = self.won_at[:]
        c.played_by = dict(self.played_by)
        c.owed = [o[:] for o in self.owed]
        return c

    def to_raw(self) -> dict:
        out = {}
        for k in self.__slots__:
            v = getattr(self, k)
            if isinstance(v, dict):
                v = [[a, b] for a, b in v.items()]
            elif isinstance(v, list):
                v = [x[:] if isinstance(x, list) else x for x in v]
            out[k] = v
        return out

    @classmethod
    def from_raw(cls, d: dict) -> "CombatState":
        c = cls.__new__(cls)
        for k in cls.__slots__:
            v = d[k] if k in d or k not in _NEWER else _NEWER[k]  # saves older than these fields
            if k in ("berserk", "flight", "turning", "perplayer", "played_by"):
                v = {int(a): b for a, b in v}
            elif isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            setattr(c, k, v)
        return c


class State:
    __slots__ = ("turn", "active", "phase", "decks", "discards", "players", "combat", "pending",
                 "rng", "forced", "winners", "setup_seat", "corpses", "pool", "charity",
                 "reason", "removed", "module_state", "turn_actions", "last_combat_turn", "ledger", "lang")

    def __init__(self) -> None:
        self.turn = 1
        self.active = 0
        self.phase = "setup"     # setup | start | combat | trouble | end | charity | over
        self.decks: dict[str, list[int]] = {}
        self.discards: dict[str, list[int]] = {}
        self.players: list[PlayerState] = []
        self.combat: CombatState | None = None
        self.pending: list[dict] = []   # decisions; values are ints/str/tuples (never mutated)
        self.rng = 0
        self.forced: list[int] = []
        self.winners: list[int] = []
        self.setup_seat = 0
        self.corpses: list[list] = []   # [dead_seat, [cards]]
        self.pool: list[int] = []       # face-up Treasures being shared after a helped win
        self.charity: list | None = None  # [excess, {seat: given}]
        self.reason = ""
        self.removed: list[int] = []    # out of the game (expansions)
        self.module_state: dict[str, Any] = {}
        self.turn_actions = 0           # actions played in the current turn (action cap)
        self.last_combat_turn = 0       # the turn in which the last combat ended (0: none yet)
        # the card-effect language (engine/abilities.py): lasting changes in force (an
        # immutable Ledger, shared by snapshots) and its small bookkeeping (uses per limit,
        # Run Away rolls of this combat...; None until a card of the language needs it)
        self.ledger = NO_LEDGER
        self.lang: dict | None = None

    def clone(self) -> "State":
        s = State.__new__(State)
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.decks = {k: v[:] for k, v in self.decks.items()}
        s.discards = {k: v[:] for k, v in self.discards.items()}
        s.players = [p.clone() for p in self.players]
        s.combat = self.combat.clone() if self.combat is not None else None
        s.pending = [dict(d) for d in self.pending]
        s.rng = self.rng
        s.forced = self.forced[:]
        s.winners = self.winners[:]
        s.setup_seat = self.setup_seat
        s.corpses = [[a, b[:]] for a, b in self.corpses]
        s.pool = self.pool[:]
        s.charity = [self.charity[0], dict(self.charity[1])] if self.charity else None
        s.reason = self.reason
        s.removed = self.removed[:]
        s.module_state = _deep(self.module_state) if self.module_state else {}
        s.turn_actions = self.turn_actions
        s.last_combat_turn = self.last_combat_turn
        s.ledger = self.ledger
        s.lang = _deep(self.lang) if self.lang else None
        return s

    def to_raw(self) -> dict:
        out = self._raw()
        if self.ledger.entries:  # only with cards of the language: older saves stay as they were
            out["ledger"] = self.ledger.to_data()
        if self.lang:
            out["lang"] = _deep(self.lang)
        return out

    def _raw(self) -> dict:
        return {
            "turn": self.turn, "active": self.active, "phase": self.phase,
            "decks": {k: v[:] for k, v in self.decks.items()},
            "discards": {k: v[:] for k, v in self.discards.items()},
            "players": [p.to_raw() for p in self.players],
            "combat": self.combat.to_raw() if self.combat else None,
            "pending": [{k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}
                        for d in self.pending],
            "rng": str(self.rng), "forced": self.forced[:], "winners": self.winners[:],
            "setup_seat": self.setup_seat, "corpses": [[a, b[:]] for a, b in self.corpses],
            "pool": self.pool[:],
            "charity": [self.charity[0], [[a, b] for a, b in self.charity[1].items()]]
            if self.charity else None,
            "reason": self.reason, "removed": self.removed[:],
            "module_state": _deep(self.module_state),
            "turn_actions": self.turn_actions,
            "last_combat_turn": self.last_combat_turn,
        }

    @classmethod
    def from_raw(cls, d: dict) -> "State":
        s = cls()
        s.turn = d["turn"]
        s.active = d["active"]
        s.phase = d["phase"]
        s.decks = {k: list(v) for k, v in d["decks"].items()}
        s.discards = {k: list(v) for k, v in d["discards"].items()}
        s.players = [PlayerState.from_raw(p) for p in d["players"]]
        s.combat = CombatState.from_raw(d["combat"]) if d["combat"] else None
        s.pending = [{k: (tuple(v) if isinstance(v, list) else v) for k, v in p.items()}
                     for p in d["pending"]]
        s.rng = int(d["rng"])
        s.forced = list(d["forced"])
        s.winners = list(d["winners"])
        s.setup_seat = d["setup_seat"]
        s.corpses = [[a, list(b)] for a, b in d["corpses"]]
        s.pool = list(d["pool"])
        s.charity = [d["charity"][0], {int(a): b for a, b in d["charity"][1]}] if d["charity"] else None
        s.reason = d["reason"]
        s.removed = list(d["removed"])
        s.module_state = _deep(d["module_state"])
        s.turn_actions = d.get("turn_actions", 0)  # saved before the action cap: 0
        s.last_combat_turn = d.get("last_combat_turn", 0)
        s.ledger = Ledger.from_data(d["ledger"]) if d.get("ledger") else NO_LEDGER
        s.lang = _deep(d["lang"]) if d.get("lang") else None
        return s


def _deep(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _deep(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_deep(x) for x in v]
    return v
