"""Star Munchkin Adventures room tiles as a rules module (``rooms``).

Source: ``seeds/000_069431e459b0affb.txt`` (fan expansion by Sean Patten; sections cited as
``R_SMA``). Switched on by any card of the ``star_munchkin_adventures`` set, a room tile of any set, or by
``GameOptions(modules=("rooms",))``. Star Munchkin's credits are the core's Gold values.

Grid: tiles at integer coordinates ``"x,y"``; START at ``"0,0"``; the room-tile deck is the
core pile ``room_tile`` (top = list end). Directions for ``move n=``: 0 north (y+1), 1 east
(x+1), 2 south (y-1), 3 west (x-1).

Actions (added to ``actions.KINDS``): ``move n=DIR``, ``stay``, ``place c=CARD n=X m=Y t=0|1``
(face down / face up), ``pickup c=CARD`` (a Treasure left in your room by a dead player,
instead of Loot the Room), ``peek`` (Psychic: ``n=X m=Y`` a room's cards, or ``t=1`` the next
tile; what was seen is the peeker's alone, kept as the core keeps a peek: ``_peek``). The core's
Kick Down the Door is replaced by moving.

Room data, read from the tile's ``effects.room`` mapping:
  on_entry / on_exit: [OP, ...] (core ops) applied to the player entering / leaving;
  combat_bonus: INT (each munchkin-side player), monster_bonus: INT (each monster),
  run_away: INT (every Run Away roll made in the room: a fight's, its own roll, its
  destruction's); forced_move: N|E|S|W (after entering, move one step that way; ``true`` =
  direction not known: resolved by hand); destroy: self|N|E|S|W (on entry, destroys that room);
  run_away_automatic_unless_fight (Brig): Run Away always succeeds unless you declared a
  fight in that combat; the first declared fight draws ``fight_draws`` (default 2) extra Door
  cards face up into the combat and gives the fighter the decision back; run_away_roll_required (Shaft of Doom): on entry roll to Run Away with
  the usual modifiers, failure applies ``on_fail`` ops or is resolved by hand;
  lowest_combat_strength_excludes_one_shots (Empathizator): a marker only (the tile's effect is
  not in our sources, so it is resolved by hand); a designer's ability finds the player(s) with
  the lowest combat strength with the language target ``lowest_strength``, which never counts
  One-Shots (R_QA); full_level_must_count / items_optional
  (Glass Dome): the core never drops Levels; a player in a fight there may leave out an Item
  in use during the fight (``unequip``, :meth:`RoomsModule._why_leave_out`; R_QA);
  indestructible / start (START).
Room destruction (R_DESTROY) lives in :mod:`.room_destruction` (the mixin ``RoomDestruction``).
Entering a room (the Door step: a move, ON ENTRY / ON EXIT, a room's cards met as a kicked
door, a player put in a room by a rule) lives in :mod:`.rooms_entry` (the mixin ``RoomEntry``).

A tile marked ``manual`` with no data for the part that happens is resolved by hand on entry.

Options (``GameOptions.module_options["rooms"]``): ``bug_900`` (bool, default False) - the
Q&A house rule: a Bug sells 900 credits per Level; ``positions`` (``{player: "x,y"}``) for
scenario set-ups.

Door cards may be placed on a room with no other player in it (R_OTHER says "another player"):
the placer's own room too, and one where only a dead player's token lies (no character until
the next turn begins, core rules 7. Death: :meth:`RoomDestruction.inside`); staying in a room with cards faces them as a kicked door (a
face-down one is turned up first), with no Level 6+ extra Door (that is for moving in).
Readings where the rules are open: a helper is moved into the fighter's room when they join
the fight (``on_help``), leaving their own room by its ON EXIT rule like every move out of a
room (one exit path, :meth:`RoomEntry.exit`) and entering the fighter's by its ON ENTRY rule
(not its cards: they are the fight), and stays there if they leave it early (a monster nobody may help
against, backing out of a fight for the win); a helper who loses goes back to START with the
fighter;
the Brig's "two extra cards" are Door cards, resolved into the combat like a kicked door;
a combat is fought in the active player's room, also after a card makes another player the
fighter (Transferral Potion: that player is moved into it at once, like a helper, leaving their
own room by its ON EXIT rule: ``on_fighter_changed``), and it stays in that room whoever is
moved away during it (a Bad Stuff or card that moves a player, a dying helper: ``_combat_at``);
a player moved into a room during a fight, or out of their own turn, meets none of its cards then (they stay there);
a Monster Enhancer left in a room by a lost fight stays the card of the player who played it
(``by``: card -> seat), who owns it again when it is met from the room;
a card met in a room that carries the mover away (a trap that moves you) leaves the room's
monsters and the cards not met yet face up there, as an ON ENTRY rule that does; the active
player moved by a card after their Door step meets the cards of the room they are moved into,
but the turn does not go back (no second Door step nor Loot the Room: ``_resolve``);
the room you start your turn in has not been entered this turn (you may come back to it once);
Look for Trouble is allowed after a room's cards held no monster, not in an empty room; Door
cards are placed after Loot the Room (phase ``end``) or instead of it.
"""
from __future__ import annotations

from typing import Any

from ..actions import KINDS, Action
from ..rules import AUTOMATIC_RUN, RulesModule, register_module
from . import core_zone_cards
from .room_destruction import RoomDestruction
from .rooms_entry import RoomEntry
from .rooms_bot import best_stop, place_pick, trouble_picks

R_SMA = "Star Munchkin Adventures rules"
R_START = f"{R_SMA}, Getting Started"
R_MOVE = f"{R_SMA}, Movement and Entering Rooms"
R_NEW = f"{R_SMA}, Movement: moving where there is no room yet"
R_COMBAT = f"{R_SMA}, Combat"
R_OTHER = f"{R_SMA}, Other Stuff on Your Turn"
R_DESTROY = f"{R_SMA}, Room Destruction"
R_QA = f"{R_SMA}, Questions and Answers"

KINDS.setdefault("move", "Rooms: move one room in direction n (0 N, 1 E, 2 S, 3 W)")
KINDS.setdefault("stay", "Rooms: stop moving (or stay) in the current room")
KINDS.setdefault("place", "Rooms: place Door card c on room (n, m); t=1 face up, else face down")
KINDS.setdefault("pickup", "Rooms: take Treasure c left in your room (instead of Loot the Room)")
KINDS.setdefault("peek", "Rooms: Psychic peek at room (n, m), or t=1 the next room tile")

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIR_NAMES = {"N": 0, "E": 1, "S": 2, "W": 3}
START = "0,0"


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def xy(k: str) -> tuple[int, int]:
    a, b = k.split(",")
    return int(a), int(b)


def is_start(game, c: int) -> bool:
    """Room tile ``c`` is START (R_START): named START, or saying so in the language, in the
    short form (``room: {start: true}``) or the long (an ``in_play`` ability's ``start_room``)."""
    sp = game.specs[c]
    if sp.kind != "room_tile":
        return False
    r = game._part(c, "room") or {}
    prog = game._prog[c]
    return (sp.name.strip().upper() == "START" or bool(r.get("start"))
            or bool(prog is not None and prog.ops("start_room")))


def _room(d: dict) -> dict:
    return {"tile": d["tile"], "up": d.get("up", []), "down": d.get("down", []), "loot": d.get("loot", [])}


@register_module
class RoomsModule(RoomEntry, RoomDestruction, RulesModule):
    """Room tiles on a grid: movement, new ground, rooms' cards, destruction."""

    name = "rooms"
    #: GameOptions.module_options["rooms"] keys (the module docstring's Options)
    options = {"bug_900": "bool", "positions": "map"}
    sets = ("star_munchkin_adventures",)
    parts = ("room_tile",)  # a room tile of any set (a designer's)

    # ------------------------------------------------------------------ state
    def _ms(self, game) -> dict:
        return game.state.module_state[self.name]

    def _blank(self, game) -> dict:
        return {"grid": {}, "pos": [START] * len(game.state.players), "visited": [], "empty": False,
                "fought": False, "peek_turn": -1, "by": {}}

    def setup(self, game) -> None:
        """START in the middle, the other tiles shuffled face down (R_START)."""
        s = game.state
        ms = self._blank(game)
        s.module_state[self.name] = ms
        deck = s.decks.setdefault("room_tile", [])
        s.discards.setdefault("room_tile", [])
        starts = [c for c in deck if is_start(game, c)]
        if not starts:
            raise ValueError("rooms: the room grid has no START tile (Star Munchkin Adventures, "
                             "Getting Started): add the START room tile to the deck")
        deck.remove(starts[0])
        ms["grid"][START] = _room({"tile": starts[0]})

    def on_begin(self, game) -> None:
        """Scenario set-up: pseudo-piles ``room:X,Y`` (tile first, then face-up cards),
        ``room_down:X,Y`` and ``room_loot:X,Y``; option ``positions``."""
        s = game.state
        prev = s.module_state.get(self.name)
        core = core_zone_cards(game, self)
        ms = self._blank(game)
        if prev:
            for k, r in prev["grid"].items():
                if r["tile"] >= 0 and r["tile"] not in core:
                    ms["grid"][k] = {"tile": r["tile"], "up": [e for e in r["up"] if e[0] not in core],
                                     "down": [c for c in r["down"] if c not in core],
                                     "loot": [c for c in r["loot"] if c not in core]}
            ms["pos"] = list(prev["pos"])
            ms["by"] = dict(prev.get("by") or {})
        s.module_state[self.name] = ms
        for k in [k for k in list(s.decks) if k.split(":")[0] in ("room", "room_down", "room_loot")]:
            kind, at = k.split(":", 1)
            cards = list(reversed(s.decks.pop(k)))
            s.discards.pop(k, None)
            r = ms["grid"].setdefault(at, {"tile": -1, "up": [], "down": [], "loot": []})
            if kind == "room":
                r["tile"] = cards[0]
                r["up"].extend([c, []] for c in cards[1:])
            elif kind == "room_down":
                r["down"].extend(cards)
            else:
                r["loot"].extend(cards)
        if START not in ms["grid"] or ms["grid"][START]["tile"] < 0:
            deck = s.decks.setdefault("room_tile", [])
            starts = [c for c in deck if is_start(game, c)]
            if not starts:
                raise ValueError("rooms: the room grid has no START tile")
            deck.remove(starts[0])
            ms["grid"].setdefault(START, {"tile": -1, "up": [], "down": [], "loot": []})["tile"] = starts[0]
        names = [p.name for p in s.players]
        for who, at in (self.opt(game, "positions") or {}).items():
            seat = names.index(who) if who in names else int(who)
            ms["pos"][seat] = str(at).replace(" ", "")
        ms["visited"] = []

    def on_turn_start(self, game, seat: int) -> None:
        """A new turn: no room entered yet (the room you start in was entered on an earlier
        turn, so you may come back to it once: R_MOVE counts entries per turn)."""
        ms = self._ms(game)
        ms["visited"] = []
        ms["empty"] = False
        ms["fought"] = False
        ms.pop("at", None)

    def _data(self, game, k: str) -> dict:
        r = self._ms(game)["grid"].get(k)
        if r is None or r["tile"] < 0:
            return {}
        return game._part(r["tile"], "room") or {}

    def _room_has(self, game, k: str, flag: str) -> bool:
        """Room ``k``'s tile holds switch ``flag`` (``items_optional``...), in the short form
        (``room: {flag: true}``) or the long (an ``in_play`` ability's op on the tile)."""
        r = self._ms(game)["grid"].get(k)
        if r is None or r["tile"] < 0:
            return False
        return bool(self._data(game, k).get(flag)) or game._static_has(("card", r["tile"]), flag)

    def _has_cards(self, r: dict) -> bool:
        return bool(r["up"] or r["down"])

    # ------------------------------------------------------------------ movement
    def _target(self, game, seat: int, d: int) -> str:
        x, y = xy(self._ms(game)["pos"][seat])
        dx, dy = DIRS[d]
        return key(x + dx, y + dy)

    def run_away_here(self, game, seat: int) -> int:
        """The ``run_away`` modifier of the room ``seat`` stands in, for a roll with no monster
        made there (the op ``run_away_roll``: a room's roll on entry, short form or long; the
        roll of a player inside a destroyed room: ``Game._lone_run_total``). Reading: the roll
        is made with any modifiers (R_DESTROY; R_QA, Shaft of Doom) and the room is still
        there when it is made (a destroyed room's tile goes last), so its modifier counts as
        in a fight there (R_COMBAT)."""
        return int(self._data(game, self._ms(game)["pos"][seat]).get("run_away", 0) or 0)

    # ------------------------------------------------------------------ combat
    def _combat_at(self, game) -> str:
        """The room the combat is fought in: the active player's room (the room they entered,
        or Look for Trouble in). A monster sent at another player (Transferral Potion) stays
        in that room: the combat does not move to the new fighter's room. Nor does it move
        with the active player when they leave the room during the fight (a Bad Stuff or a
        card that moves them, killed running away as the new fighter's helper, the room
        destroyed under them): the room is kept (``at``, :meth:`_keep_fight_room`) until the
        combat ends."""
        ms = self._ms(game)
        return ms.get("at") or ms["pos"][game.state.active]

    def _keep_fight_room(self, game) -> None:
        """A player is about to be moved during a fight: the room of the fight stays where it
        is (:meth:`_combat_at`), whoever moves (R_COMBAT: the monsters of a lost fight stay in
        the room it was fought in)."""
        ms = self._ms(game)
        if game.state.combat is not None and "at" not in ms:
            ms["at"] = ms["pos"][game.state.active]

    def _fighter_room(self, game) -> dict:
        c = game.state.combat
        return self._data(game, self._combat_at(game)) if c else {}

    def combat_modifier(self, game, seat: int) -> int:
        return int(self._fighter_room(game).get("combat_bonus", 0) or 0)

    def monster_modifier(self, game, index: int) -> int:
        return int(self._fighter_room(game).get("monster_bonus", 0) or 0)

    def run_away_modifier(self, game, seat: int, index: int) -> int:
        """Room modifiers; the Brig makes Run Away automatic unless you chose to fight (R_QA)."""
        d = self._fighter_room(game)
        mod = int(d.get("run_away", 0) or 0)
        if d.get("run_away_automatic_unless_fight") and not self._ms(game)["fought"]:
            mod += AUTOMATIC_RUN
        return mod

    def _brig_draws(self, game, seat: int) -> bool:
        """The fighter decides to fight in a room where Running Away is automatic unless you
        fight (the Brig): that right is gone, and two extra Door cards (``fight_draws``, default
        2) come face up into the combat, resolved as a kicked door: monsters join the fight,
        Curses and traps hit the fighter, other cards go to the fighter's hand (R_QA, Brig).
        Each card goes through the core's one path of a face-up Door (``Game._door_face_up``:
        a card that acts when drawn acts, a Scooby-Doo Portal is followed and the monster its
        face-up replacement turns up joins the fight). The fight then goes on as a normal one:
        the fighter decides again (fight, or run with an ordinary Run Away roll). Returns False when nothing was drawn (no such room, or an
        empty Door deck): the declared fight then goes on as usual.

        Reading where the Q&A is silent: the extra cards are Door cards, like the Level 6+
        mover's extra Door (R_MOVE)."""
        data = self._fighter_room(game)
        if not data.get("run_away_automatic_unless_fight"):
            return False
        s = game.state
        drawn = []
        for _ in range(int(data.get("fight_draws", 2) or 0)):
            c = game._draw("door")
            if c >= 0:
                drawn.append(c)
        if not drawn:
            return False
        game._say(f"{game._pn(seat)} chooses to fight in the Brig: no automatic Run Away; "
                  f"two more Door cards: {', '.join(game.name(c) for c in drawn)}.")
        for c in drawn:  # each by the one path of a face-up Door (a Portal is followed)
            if game._door_face_up(seat, c) == "monster":
                game._add_monster(c)
        return True

    def _why_leave_out(self, game, a: Action) -> Any:
        """An Item left out during a fight in a room whose Items are optional (the Glass Dome,
        ``items_optional``): the Q&A says your full Level counts there, not your full combat
        strength, so a player in that combat may stop using an Item in use (``unequip``) while
        the core forbids any Item change in a combat (core rules, 7. Combat). Only leaving an
        Item out: taking one up again stays forbidden (the Q&A speaks of choosing not to use
        one). Elsewhere the core's rule (NotImplemented). The rulebook does not say when the
        choice is made; as most players would, any time during that fight. The core lists no
        module action inside a combat: it is played, not listed."""
        s = game.state
        c = s.combat
        if a.player not in (c.fighter, c.helper) or not self._room_has(game, self._combat_at(game), "items_optional"):
            return NotImplemented
        if a.card not in s.players[a.player].equipped:
            return f"{game._cn(a.card)} is not in use"
        return None

    def _into_fight(self, game, seat: int) -> None:
        """``seat`` is moved into the room of the combat (a helper, :meth:`on_help`; a player
        made the fighter, :meth:`on_fighter_changed`): out of their own room by its ON EXIT
        rule (:meth:`put_in`), then into the combat's room by its ON ENTRY rule.

        Reading: the rulebook moves the helper into your room (R_COMBAT), and moving into a
        room is entering it, so its ON ENTRY rule applies to them as to anyone who enters
        (R_MOVE: ``on_entry`` ops and the language's ``enter_room``, as a forced entry:
        :meth:`_on_entry`). The rest of an entry is not repeated: the room's cards are the
        fight they join, and what the fighter's entry did to the grid or to the mover (a room
        destroyed, a forced move on, the Shaft of Doom's roll) would pull them out of the
        fight they were moved in for; the rulebook is silent on these. A player already in the
        room does not enter it."""
        if game.state.combat is None:
            return
        at = self._combat_at(game)
        ms = self._ms(game)
        if ms["pos"][seat] != at:
            self.put_in(game, seat, at)
            if at in ms["grid"] and ms["pos"][seat] == at and game.state.players[seat].alive:
                self._on_entry(game, seat, at, True)

    def on_help(self, game, fighter: int, helper: int) -> None:
        """A player who helps is moved into the room of the combat at once (R_COMBAT), leaving
        their own room by its ON EXIT rule and entering the combat's by its ON ENTRY rule
        (:meth:`_into_fight`): while the fight lasts they stand there (a room destroyed under
        the fight takes them too)."""
        self._into_fight(game, helper)

    def on_fighter_changed(self, game, old: int, fighter: int) -> None:
        """A player made the fighter by a card (Transferral Potion) is moved into the room of
        the combat at once, as a helper is when they join (:meth:`on_help`), leaving their own
        room by its ON EXIT rule then, not when the combat ends, and entering the combat's by
        its ON ENTRY rule (:meth:`_into_fight`; R_COMBAT, R_MOVE). The rulebook is silent on
        such cards; the fight is where its monsters are."""
        self._into_fight(game, fighter)

    def on_combat_end(self, game, fighter: int, helper: int, won: bool) -> None:
        """Helpers are in your room (moved in when they joined: :meth:`on_help`); a lost fight
        leaves the monsters and their enhancers face up in the room and sends you to START,
        which is not an exit (R_COMBAT).

        The room is the one the combat is fought in (:meth:`_combat_at`); a player made the
        fighter by another card (Transferral Potion) was moved into it then
        (:meth:`on_fighter_changed`), so a lost fight never leaves monsters in START (no cards
        are put there, R_OTHER); nor does one whose players were moved away during the fight
        (:meth:`_keep_fight_room`). After a fight that was not lost, moving the fighter and
        helper here again only covers a player who stands elsewhere by then (nothing happens
        to one already there); after a lost one they go to START from wherever they stand."""
        ms = self._ms(game)
        ms["fought"] = False
        c = game.state.combat
        at = self._combat_at(game)
        lost = not won and bool(c.monsters)
        if not lost and at in ms["grid"]:  # (a room destroyed under the fight put them in START)
            self.put_in(game, fighter, at)
            if helper >= 0:
                self.put_in(game, helper, at)
        ms.pop("at", None)  # the fight is over: its room is the active player's again
        if not lost:
            return
        r = ms["grid"].get(at)
        if r is not None:
            by = ms.setdefault("by", {})
            for m, enh in zip(c.monsters, c.enh):
                r["up"].append([m, list(enh)])
                # an enhancer waiting in the room stays the card of who played it (the rules
                # are silent: as in the combat, ``Abilities._owner_in_combat``); met again from
                # the room, it is theirs in that combat (:meth:`_resolve`)
                by.update((str(e), c.played_by[e]) for e in enh if e in c.played_by)
            c.monsters = []
            c.enh = []
        ms["pos"][fighter] = START
        if helper >= 0:
            ms["pos"][helper] = START

    def on_death(self, game, seat: int) -> None:
        """Death: Treasures stay in the room, Door cards are discarded, no looting (R_COMBAT):
        the corpse is taken here, before the core queues its looting, so nobody loots it and
        no die is rolled for a looting order (``Character._kill``). The Door cards discarded
        are those of the corpse (the hand's); Race and Class stay with the player as in the
        core (7. Death): the rulebook does not say they go, and it replaces only the looting.

        A player who dies fighting or helping in a combat dies in the room of the combat
        (:meth:`_combat_at`): a helper was moved into the fighter's room (R_COMBAT), so a
        helper caught while running away leaves their Treasures there, not in the room they
        came from. The dead helper leaves the combat at once (core rules, 7. Death), so the
        end of the combat no longer moves them: they go back to START with the losing side
        when they die running away (a helper whose turn it is, helping the player a card made
        the fighter, takes no monster to START: the room of the fight is kept, :meth:`_combat_at`);
        killed during the fight (a Curse), they stay in that
        room (the rulebook is silent on where a dead player's token stands; this follows
        its rule for a lost fight)."""
        s = game.state
        ms = self._ms(game)
        c = s.combat
        at = ms["pos"][seat]
        if c is not None and seat in (c.fighter, c.helper):
            at = self._combat_at(game)
            if seat == c.helper:
                self._keep_fight_room(game)
                ms["pos"][seat] = START if c.stage == "run" else at
        r = ms["grid"].get(at)
        for entry in s.corpses[:]:
            if entry[0] == seat:
                for c in entry[1]:
                    if game.specs[c].deck == "treasure" and r is not None:
                        r["loot"].append(c)
                    else:
                        game._discard(c)
                s.corpses.remove(entry)

    # ------------------------------------------------------------------ bots
    def bot_hint(self, game, seat: int, actions: list) -> Action | None:
        """Advice for simple bots (not a rule). At the start of the turn, where to move: the
        cheapest room reachable this turn by :func:`.rooms_bot.best_stop` (a monster it beats, new ground,
        a face-down Door, a monster it beats with help, an empty room, START), the first step
        toward it, or stay when the room it is in is as good (a monster weighed as the fight
        counts it, :func:`.rooms_bot.fight_cost`). After a Door without a monster, Look
        for Trouble with a monster it beats (``rooms_bot``), else take up a left Treasure. After
        the turn: place its weakest monster from hand that it beats alone (One-Shots in hand
        counted; :func:`.rooms_bot.place_pick`) face down on the free room nearest to it, so a full grid with hopeless monsters
        still gets fights a player can win; never one it cannot beat: met and lost, it stays face
        up, mostly next to START (where the loser goes), and once the four rooms around START
        hold such monsters nobody gets out (300 greedy 3-player games of the preset with its
        tiles 4 times over: the turn cap fell from 27% to 15%, walled in 56 of the 81 games
        it ended before, 9 of 44 after). Walled in is the bots' choice, not a rule's: the rules
        still let them move into such a room and fight (R_MOVE; a lost fight sends them back to
        START, R_COMBAT) or stay and Loot the Room, and the rulebook has no rule for it."""
        s = game.state
        if s.active != seat or s.combat is not None or s.pending:
            return None
        if s.phase in ("trouble", "end"):
            picks = trouble_picks(self, game, seat, actions) or [a for a in actions if a.kind == "pickup" and a.player == seat]
            if picks:  # a fight it wins, else a left Treasure: worth more than a looted Door card
                return picks[0]
            return place_pick(self, game, seat, actions)
        if s.phase != "start":
            return None
        moves = {a.n: a for a in actions if a.kind == "move" and a.player == seat}
        stay = next((a for a in actions if a.kind == "stay" and a.player == seat), None)
        if not moves:
            return stay
        _, _, first = best_stop(self, game, seat)
        if first and first[0] in moves:
            return moves[first[0]]
        return stay

    # ------------------------------------------------------------------ actions
    def extra_actions(self, game, seat: int) -> list[Action]:
        """Every candidate of the module's kinds; the engine keeps those its one rule,
        :meth:`check_action` (through ``why_not``), allows (``Turn._cand_module_actions``), so
        the list holds every legal one: moves and staying at the start of the turn; after it,
        each Door card in hand placed on each room face down or face up, each Treasure left in
        the room picked up; for a Psychic, a peek at each room and at the next tile."""
        s = game.state
        ms = self._ms(game)
        p = s.players[seat]
        out: list[Action] = []
        rooms = [xy(k) for k in sorted(ms["grid"])]
        if s.phase == "start":
            out.extend(Action(seat, "move", n=d) for d in range(4))
            out.append(Action(seat, "stay"))
        elif s.phase in ("trouble", "end"):
            for c in p.hand:
                if game.specs[c].deck == "door":
                    out.extend(Action(seat, "place", c, t, x, y) for x, y in rooms for t in (0, 1))
            r = ms["grid"].get(ms["pos"][seat])
            if r:
                out.extend(Action(seat, "pickup", c) for c in r["loot"])
        if game.has_class(seat, "psychic"):
            out.append(Action(seat, "peek", target=1))
            out.extend(Action(seat, "peek", n=x, m=y) for x, y in rooms)
        return out

    def describe_action(self, game, a: Action) -> str | None:
        """Labels of the module's kinds: which room and which way a card is placed, which
        room a Psychic peeks at (the core's generic label reads ``t`` as a player)."""
        who = game._pn(a.player)
        if a.kind == "move":
            return f"{who}: move {'NESW'[a.n] if 0 <= a.n < 4 else a.n}"
        if a.kind == "stay":
            return f"{who}: stay"
        if a.kind == "place":
            return (f"{who}: place {game._cn(a.card)} {'face up' if a.target == 1 else 'face down'} "
                    f"on the room at {key(a.n, a.m)}")
        if a.kind == "pickup":
            return f"{who}: pick up {game._cn(a.card)}"
        if a.kind == "peek":
            return f"{who}: peek at {'the next room tile' if a.target == 1 else 'the room at ' + key(a.n, a.m)}"
        return None

    def check_action(self, game, a: Action) -> Any:  # noqa: C901
        s = game.state
        if s.pending:
            return NotImplemented
        ms = self._ms(game)
        seat = a.player
        k = a.kind
        own = s.active == seat
        if k == "kick":
            return f"in Star Munchkin Adventures you open doors by moving: move or stay ({R_MOVE})"
        if k == "unequip" and s.combat is not None:
            return self._why_leave_out(game, a)
        if k == "trouble" and ms["empty"]:
            return f"in an empty room you may only Loot the Room ({R_MOVE})"
        if k in ("move", "stay"):
            if not own or s.phase != "start":
                return f"you move at the start of your own turn ({R_MOVE})"
            if k == "stay":
                return None
            if not 0 <= a.n < 4:
                return "move: n is a direction 0..3"
            t = self._target(game, seat, a.n)
            if t in ms["visited"]:
                return f"no room may be entered twice in one turn ({R_MOVE})"
            if t not in ms["grid"] and not s.decks.get("room_tile"):
                return f"no room tiles left: you cannot move that way ({R_NEW})"
            return None
        if k == "place":
            if not own or s.phase not in ("trouble", "end"):
                return f"Door cards are placed on rooms after looting, on your own turn ({R_OTHER})"
            p = s.players[seat]
            if a.card not in p.hand or game.specs[a.card].deck != "door":
                return "place: a Door card from your hand"
            if a.target not in (-1, 0, 1):
                return "place: t=1 face up, t=0 (or none) face down"
            at = key(a.n, a.m)
            r = ms["grid"].get(at)
            if r is None:
                return f"no room at {at}"
            if at == START:
                return f"no cards are placed in the START room ({R_OTHER})"
            if self._has_cards(r):
                return f"that room already has a Door card ({R_OTHER})"
            if any(q != seat for q in self.inside(game, at)):  # a dead one's token is no player
                return f"another player is in that room ({R_OTHER})"
            return None
        if k == "pickup":
            r = ms["grid"].get(ms["pos"][seat])
            if not own or s.phase != "trouble":
                return f"take a left Treasure instead of Loot the Room ({R_COMBAT})"
            if r is None or a.card not in r["loot"]:
                return "pickup: a Treasure left in your room"
            return None
        if k == "peek":
            if not game.has_class(seat, "psychic"):
                return f"only a Psychic peeks ({R_QA})"
            if not own or s.phase in ("combat", "charity", "setup"):
                return "peek on your own turn, out of combat"
            if ms["peek_turn"] == s.turn:
                return "one peek per turn"
            if a.target != 1 and key(a.n, a.m) not in ms["grid"]:
                return "peek: a room (n, m) or t=1 for the next tile"
            return None
        return NotImplemented

    def apply_action(self, game, a: Action) -> bool:  # noqa: C901
        s = game.state
        if s.pending:
            return False
        ms = self._ms(game)
        seat = a.player
        p = s.players[seat]
        k = a.kind
        if k == "fight" and s.combat is not None:
            first = not ms["fought"]
            ms["fought"] = True
            if first and seat == s.combat.fighter and self._brig_draws(game, seat):
                return True
            return False
        if k == "move":
            self._enter(game, seat, self._target(game, seat, a.n))
            return True
        if k == "stay":
            r = ms["grid"].get(ms["pos"][seat])
            if r is not None and self._has_cards(r):
                # cards in your own room (one you placed there, a monster left after a lost
                # fight) are faced as a kicked door; no Level 6+ extra Door: you did not move in
                for c in r["down"]:
                    r["up"].append([c, []])
                r["down"] = []
                self._resolve(game, seat, ms["pos"][seat])
            else:
                s.phase = "trouble"
                ms["empty"] = True
            game._say(f"{p.name} stays at {ms['pos'][seat]}.")
            return True
        if k == "place":
            p.hand.remove(a.card)
            r = ms["grid"][key(a.n, a.m)]
            (r["up"].append([a.card, []]) if a.target == 1 else r["down"].append(a.card))
            game._say(f"{p.name} places a Door card {'face up' if a.target == 1 else 'face down'} at {key(a.n, a.m)}.")
            s.phase = "end"
            return True
        if k == "pickup":
            ms["grid"][ms["pos"][seat]]["loot"].remove(a.card)
            p.hand.append(a.card)
            game._say(f"{p.name} picks up {game.name(a.card)}.")
            s.phase = "end"
            return True
        if k == "peek":
            self._peek(game, seat, a)
            return True
        return False

    def _peek(self, game, seat: int, a: Action) -> None:
        """The Psychic looks (R_QA): at the next room tile (``t=1``) or at the cards of the room
        at ``(n, m)``, face-up ones first, then the face-down one. What they saw is theirs alone
        (core rules, 3. Handling Cards: hidden cards), kept as the core keeps a peek (the op
        ``peek: deck``, ``Ops._op_peek``): ``state.lang["peek"][seat]`` = ``{"deck": "room_tile",
        "cards", "turn"}`` or ``{"deck": "room", "room": "x,y", "cards", "turn"}`` (card ids), the
        seat's last peek, shown in its own ``view(seat)`` as ``seen`` and nowhere else; the log
        says only who looked where. One peek a turn (``peek_turn``, public)."""
        s = game.state
        self._ms(game)["peek_turn"] = s.turn
        if a.target == 1:
            rec = {"deck": "room_tile", "cards": s.decks.get("room_tile", [])[-1:]}
            where = "the next room tile"
        else:
            at = key(a.n, a.m)
            r = self._ms(game)["grid"][at]
            rec = {"deck": "room", "room": at, "cards": [c for c, _ in r["up"]] + list(r["down"])}
            where = f"the room at {at}"
        rec["turn"] = s.turn
        game._lstate().setdefault("peek", {})[str(seat)] = rec
        game._say(f"{s.players[seat].name} peeks at {where}.")

    def level_price(self, game, seat: int, price: int) -> int:
        """The Q&A house rule (option ``bug_900``): a Bug goes up a Level for 900 credits of
        sales (R_QA). Only the price changes: the sale is the core's (``Items._why_sell``), at
        the same moments (your own turn out of combat, the hand-limit step at its end included:
        R_OTHER, finally sell, play or give away cards down to 5) and of the same cards (any
        Item with a value, Fairy Dust Items too), never the winning Level."""
        if self.opt(game, "bug_900") and game.has_race(seat, "bug"):
            return min(price, 900)
        return price

    # ------------------------------------------------------------------ views
    def cards_held(self, game) -> list[int]:
        out: list[int] = []
        for r in self._ms(game)["grid"].values():
            if r["tile"] >= 0:
                out.append(r["tile"])
            for c, enh in r["up"]:
                out.append(c)
                out.extend(enh)
            out.extend(r["down"])
            out.extend(r["loot"])
        return out

    def state_view(self, game) -> dict:
        s = game.state
        ms = self._ms(game)
        rooms = {}
        for k, r in sorted(ms["grid"].items()):
            rooms[k] = {"name": game.name(r["tile"]) if r["tile"] >= 0 else None,
                        "face_up": [game.name(c) for c, _ in r["up"]],
                        "face_down": len(r["down"]),
                        "left_treasures": [game.name(c) for c in r["loot"]]}
        return {"rooms": rooms, "positions": {s.players[i].name: at for i, at in enumerate(ms["pos"])},
                "tiles_left": len(s.decks.get("room_tile", [])), "empty_room": ms["empty"]}
