"""Entering a room in the Star Munchkin Adventures rooms module (``rooms``), a mixin of
:class:`~.rooms.RoomsModule` (sections cited as in :mod:`.rooms`: ``R_MOVE`` is Star Munchkin
Adventures rules, Movement and Entering Rooms; ``R_NEW`` its new ground).

The turn's Door step in the rooms (:meth:`RoomEntry._door_step`, :meth:`RoomEntry._stop`),
entering a room by a move, chosen or forced (:meth:`RoomEntry._enter`: new ground and its
Doors, a placed room's cards turned up, then :meth:`RoomEntry._enter_rest` - the room's Run
Away roll - and :meth:`RoomEntry._enter_destroy` - the room it destroys, its cards, a forced
move on), the ON ENTRY and ON EXIT rules (:meth:`RoomEntry._on_entry`, :meth:`RoomEntry.exit`),
a player put in a room by a rule (:meth:`RoomEntry.put_in`) and a room's cards met as a kicked
door (:meth:`RoomEntry._resolve`). The grid helpers (``START``, ``DIR_NAMES``, the tile record
``_room``) live in :mod:`.rooms`, imported where used (that module imports this one); the
destruction a room's entry causes is :mod:`.room_destruction`'s, and the fight's room
(``_keep_fight_room``, ``_into_fight``) stays with the combat in :mod:`.rooms`.
"""
from __future__ import annotations


class RoomEntry:
    """The Door step of the rooms: entering a room and meeting its cards (R_MOVE, R_NEW) for
    :class:`~.rooms.RoomsModule`."""

    #: cards of a room met as the turn's Door step now being dealt with (:meth:`_resolve`): a
    #: move they cause (a trap that moves you) is still that step's (a count; 0 between actions)
    _meeting = 0

    def _door_step(self, game) -> bool:
        """The active player's move or cards now met are the turn's Door step: phase ``start``
        (moving, staying), or a room's cards of that step being met (:meth:`_resolve`)."""
        return game.state.phase == "start" or self._meeting > 0

    def _stop(self, game, seat: int) -> None:
        """``seat``'s move ended with no card met (an empty room, START, carried away): on their
        own turn, in the Door step (:meth:`_door_step`), only Loot the Room is left (R_MOVE);
        else nobody's phase moves."""
        if seat == game.state.active and self._door_step(game):
            game.state.phase = "trouble"
            self._ms(game)["empty"] = True

    def _go_start(self, game, seat: int) -> None:
        from .rooms import START
        self._keep_fight_room(game)
        self._ms(game)["pos"][seat] = START

    def _enter(self, game, seat: int, k: str, forced: bool = False) -> None:
        """Enter room ``k`` (R_MOVE / R_NEW): new ground places a tile and draws Doors (two
        at Level 6+); a placed room with cards stops you: its face-down Door is turned up,
        then a Level 6+ mover adds one more Door face up, and the room's cards are resolved
        as a kicked door, in that order (face-up cards already there first). The ON ENTRY
        rule applies after the cards are turned up, before they are dealt with (R_NEW).
        Every room entered, by choice or forced, counts as entered this turn. A move toward a
        spot with no tile left (only a forced one gets here) ends at START (R_NEW), after the
        ON EXIT rule of the room left: it is an exit, unlike the lost fight's return (R_COMBAT).

        New ground's Doors are in the room from the moment they are drawn and flipped: a room
        destroyed by its ON ENTRY rule takes them with it (its monsters die for the mover's
        Levels, the rest is discarded: R_DESTROY). An ON ENTRY rule that carries the mover
        away (a language ability or the tile's ``on_entry`` ops alike) leaves them face up in
        the room (the rulebook is silent; like the monsters of a lost fight, R_COMBAT): the
        mover meets the cards of the room they are carried into, not these, and that entry
        decides what they may do next (after its Door with no monster, Look for Trouble: R_OTHER).

        A player moved into a placed room during a fight (a Bad Stuff or a card that moves
        them), or out of their own turn (a Curse that moves them), meets none of its cards:
        they stay as they lie, face down ones unturned, and no Level 6+ Door is added (the
        rulebook is silent; the fight goes on, and a lost one sends them to START anyway,
        R_COMBAT; the rooms' cards are met by the player whose turn it is, R_MOVE, and the
        active player's turn goes on where it was). New ground's Doors are drawn all the same
        and stay face up there."""
        from .rooms import R_NEW, _room
        s = game.state
        ms = self._ms(game)
        p = s.players[seat]
        waits = s.combat is not None or seat != s.active  # its cards wait (docstring)
        self._keep_fight_room(game)
        self.exit(game, seat, forced)
        grid = ms["grid"]
        if k not in grid:
            tiles = s.decks.get("room_tile", [])
            if not tiles:
                game._say(f"No room tile left: {p.name} goes to START ({R_NEW}).")
                self._go_start(game, seat)
                self._stop(game, seat)
                return
            grid[k] = _room({"tile": tiles.pop()})
            ms["pos"][seat] = k
            ms["visited"].append(k)
            game._say(f"{p.name} finds new ground: {game.name(grid[k]['tile'])} at {k}.")
            # its Doors are drawn and flipped over in the room before its ON ENTRY rule (R_NEW):
            # a room destroyed on entry takes them with it (R_DESTROY)
            for _ in range(2 if p.level >= 6 else 1):
                c = game._draw("door")
                if c >= 0:
                    grid[k]["up"].append([c, []])
            self._say_doors(game, p.name, [e[0] for e in grid[k]["up"]], "the Door deck is empty")
        else:
            r = grid[k]
            ms["pos"][seat] = k
            ms["visited"].append(k)
            game._say(f"{p.name} moves to {game.name(r['tile'])} at {k}.")
            if self._has_cards(r) and not waits:
                # the room's face-down Door is turned up first, then a Level 6+ mover adds one
                # more Door face up; all of them are then resolved as one kicked door (R_MOVE)
                turned = list(r["down"])
                for c in r["down"]:
                    r["up"].append([c, []])
                r["down"] = []
                if p.level >= 6:
                    c = game._draw("door")
                    if c >= 0:
                        r["up"].append([c, []])
                        turned.append(c)
                self._say_doors(game, p.name, turned, "")
        r = grid[k]
        data = self._data(game, k)
        if not self._on_entry(game, seat, k, forced):
            self._stop(game, seat)  # (a room they were carried into has set the phase itself)
            return
        if data.get("run_away_roll_required") and p.alive and game._lang and game._lang_die_window(
                seat, ("module", self.name, "_enter_rest", seat, k, forced)):
            return  # the room's Run Away die waits for the reactions to it (a Loaded Die)
        self._enter_rest(game, seat, k, forced)

    @staticmethod
    def _say_doors(game, who: str, cards: list, none: str) -> None:
        """The log line of the Door cards turned face up in the room just entered (R_NEW,
        R_MOVE), before they are dealt with; ``none``: the words when there are none."""
        if cards:
            game._say(f"{who} turns up {'the Door' if len(cards) == 1 else 'the Doors'} there: "
                      f"{', '.join(game.name(c) for c in cards)}.")
        elif none:
            game._say(f"{who} turns up no Door there: {none}.")

    def _on_entry(self, game, seat: int, k: str, forced: bool) -> bool:
        """The ON ENTRY rule of room ``k`` for ``seat``, who has just entered it: the
        language's ``enter_room`` abilities, then the room's ``on_entry`` ops (a ``manual``
        tile with no data for what happens: by hand). False when the language's abilities or
        the ``on_entry`` ops carried ``seat`` out of the room (or the room is gone): the rest of
        the entry is off (R_MOVE: you stop in a room with cards; here you are no longer in it)."""
        ms = self._ms(game)
        grid = ms["grid"]
        r = grid[k]
        data = self._data(game, k)
        if "enter_room" in game._lt:  # the card-effect language: its ON ENTRY abilities
            game._lang_fire("enter_room", seat, tile=r["tile"], facts={
                "forced_entry": forced, "room_has_cards": bool(r["up"] or r["down"])})
            if k not in grid or ms["pos"][seat] != k:
                return False
        if data.get("on_entry"):
            game._run_card_ops(seat, data["on_entry"], r["tile"], ("room", "on_entry"))
            if k not in grid or ms["pos"][seat] != k:
                return False  # its ops carried them away (a move), or the room is gone
        elif game.specs[r["tile"]].manual and not any(
                x in data for x in ("forced_move", "destroy", "run_away_roll_required")):
            game._push_manual(seat, r["tile"], discard=False)
        return True

    def exit(self, game, seat: int, forced: bool) -> None:
        """``seat`` leaves the room they stand in by a move (chosen or forced, a move toward a
        spot with no tile left included): its ON EXIT rule, then the language's ``leave_room``
        (R_MOVE). The lost fight's return to START is no exit (R_COMBAT) and does not come here."""
        ms = self._ms(game)
        old = ms["pos"][seat]
        exit_ops = self._data(game, old).get("on_exit")
        if exit_ops:
            game._run_card_ops(seat, exit_ops, ms["grid"][old]["tile"], ("room", "on_exit"))
        if "leave_room" in game._lt and old in ms["grid"]:  # the card-effect language
            game._lang_fire("leave_room", seat, tile=ms["grid"][old]["tile"], facts={"forced_entry": forced})

    def put_in(self, game, seat: int, k: str) -> None:
        """``seat`` is put in room ``k`` by a rule rather than by a move of their own (a helper
        joining the fight, a player made the fighter by a card, a card's move back to START, a
        forced move toward a spot with no tile left): leaving the room they stand in is an exit like any other, through
        :meth:`exit` (R_MOVE: ON EXIT rules apply when exiting a room). Being put in the room
        is no entry by a move of their own: its cards are not met (the rulebook is silent; the
        fighter has met them already), nor here its ON ENTRY rule: a player moved into a fight
        meets that rule afterwards (:meth:`_into_fight`). The lost fight's return to START and
        a destroyed room's players placed in START do not come here: they are no exits
        (R_COMBAT; R_DESTROY, the room is gone)."""
        ms = self._ms(game)
        if ms["pos"][seat] != k:
            self._keep_fight_room(game)
            self.exit(game, seat, True)
            ms["pos"][seat] = k

    def _enter_rest(self, game, seat: int, k: str, forced: bool) -> None:
        """The rest of entering room ``k`` (:meth:`_enter`), from the room's Run Away roll on:
        its die goes through the one die-roll path (a Loaded Die may answer it,
        card_facts_more.md 2c) and this part resumes once the reactions are in. A roll whose
        outcome carries the mover out of the room ends the entry there, its cards left face up
        (as an ON ENTRY rule that carries them away, :meth:`_enter`; the rulebook is silent)."""
        ms = self._ms(game)
        p = game.state.players[seat]
        r = ms["grid"][k]
        data = self._data(game, k)
        if data.get("run_away_roll_required") and p.alive:
            # the short form of the op run_away_roll (lang.shorts: the tile's enter_room
            # ability): its compiled ops run here, in their place in the entry, on the die
            # rolled and answered already (in front of the forced dice: its window is done)
            idx = next(i for i, ab in enumerate(game._prog[r["tile"]].abilities)
                       if ab.origin == "room.run_away_roll_required")
            game._die_pre = int(bool(game._lang) and "die_rolled" in game._lt)
            try:
                game._run_card_ops(seat, game._prog[r["tile"]].abilities[idx].do, r["tile"], idx)
            finally:
                game._die_pre = 0
            if k not in ms["grid"] or ms["pos"][seat] != k:
                # the roll's outcome carried them out of the room (a move back to START): the
                # rest of the entry is off, as after an ON ENTRY rule that did (:meth:`_on_entry`)
                self._stop(game, seat)
                return
        tk = self._destroyed_by(game, k)
        if tk is not None and game._lang and "die_rolled" in game._lt:
            inside = tuple(self.inside(game, tk)) if self._destructible(game, tk) else ()
            if inside:
                # the dice of the players inside are rolled first, each with its reactions (a
                # Loaded Die, card_facts_more.md 2c), then the room is destroyed with them
                ms["dice"] = []
                if self._destroy_dice(game, seat, k, forced, inside):
                    return
        self._enter_destroy(game, seat, k, forced)

    def _enter_destroy(self, game, seat: int, k: str, forced: bool) -> None:
        """The rest of entering room ``k`` from its destruction on (:meth:`_enter_rest`):
        the room it destroys (the dice rolled already go first), then its cards, then a
        forced move."""
        from .rooms import DIR_NAMES
        s = game.state
        ms = self._ms(game)
        p = s.players[seat]
        grid = ms["grid"]
        r = grid[k]
        data = self._data(game, k)
        tk = self._destroyed_by(game, k)
        if tk is not None:
            s.forced[0:0] = ms.pop("dice", [])
            self.destroy(game, tk, seat)
            if ms["pos"][seat] != k:
                self._stop(game, seat)
                return
        if s.combat is not None or seat != s.active:
            return  # moved during a fight or out of their turn: the cards wait (:meth:`_enter`)
        for c in r["down"]:
            r["up"].append([c, []])
        r["down"] = []
        if r["up"]:
            self._resolve(game, seat, k)
            return
        fm = data.get("forced_move")
        if fm and not forced and p.alive:
            if fm is True:
                game._push_manual(seat, r["tile"], discard=False)
            else:
                t = self._target(game, seat, DIR_NAMES[fm])
                game._say(f"{p.name} is carried {fm} by {game.name(r['tile'])}.")
                # where no tile is left the forced move ends at START (R_NEW); it still leaves
                # this room, so its ON EXIT rule applies (:meth:`_enter` does both)
                self._enter(game, seat, t, forced=True)
                return
        if forced:
            self._stop(game, seat)

    def _resolve(self, game, seat: int, k: str) -> None:
        """The room's face-up cards act as a kicked door (R_MOVE), each by the core's one path
        of a face-up Door (``Game._door_face_up``): traps and Curses hit you, a card that acts
        when drawn acts, a rules module's card is followed (a Scooby-Doo Portal: its face-up
        replacement Door is drawn as kicked), other cards go to your hand; the monsters (with
        their enhancers) then fight you together, joining a fight a Portal's replacement
        started. A monster that acted when drawn instead takes its enhancers to the discards.

        Met as the turn's Door step (phase ``start``: a move, staying in a room with cards),
        they set the turn's next phase (after no monster, Look for Trouble or Loot the Room:
        R_OTHER). Met later in the own turn (a card that moves the active player after their
        Door step, Loot the Room or a fight), they are dealt with all the same, but the turn
        does not go back: no second Door step, no second Loot the Room (core rules, 6. Turn
        Phases: each phase once; the SMA rulebook is silent on such a move:
        ``moved_after_the_door_step_meets_the_cards_but_loots_once``).

        A card met here that carries the mover out of the room (a trap that moves you; the
        room still there) ends the meeting: the room's monsters, with their enhancers, and the
        cards not met yet stay in it face up, unfought - you fight a room's monsters in that
        room (R_COMBAT; R_MOVE: you stop in it), and the SMA rulebook is silent on a trap
        that moves you, so this follows an ON ENTRY rule that carries you away (:meth:`_enter`)
        and a failed Shaft of Doom roll (``trap_that_moves_the_mover_leaves_the_room_s_monster``).
        The mover meets the cards of the room landed in, which decides what comes next."""
        s = game.state
        r = self._ms(game)["grid"][k]
        entries = r["up"]
        r["up"] = []
        # who played each enhancer left here by a lost fight (:meth:`on_combat_end`): its owner
        # again in this combat (``CombatState.played_by``)
        by = self._ms(game).get("by") or {}
        owners = {e: by.pop(str(e)) for _c, enh in entries for e in enh if str(e) in by}
        monsters = []
        ms = self._ms(game)
        door_step = self._door_step(game)
        if door_step:  # the turn's Door step: the rest of the turn follows it
            s.phase = "trouble"
            ms["empty"] = False
        self._meeting += door_step
        try:
            for i, (c, enh) in enumerate(entries):
                if game._door_face_up(seat, c) == "monster":
                    monsters.append((c, enh))
                else:
                    for e in enh:
                        game._discard(e)
                if ms["pos"][seat] != k and k in ms["grid"]:
                    # a card met here (a trap that moves you) carried the mover out of the
                    # room: its monsters and the cards not met yet stay in it face up, unfought
                    back = [(m, list(e)) for m, e in monsters] + [(m, list(e)) for m, e in entries[i + 1:]]
                    r["up"].extend([m, e] for m, e in back)
                    by.update((str(e), q) for e, q in owners.items() if any(e in x for _m, x in back))
                    return
        finally:
            self._meeting -= door_step
        if monsters and s.players[seat].alive:
            if s.combat is None:
                m0, e0 = monsters.pop(0)
                game._start_combat(seat, m0)
                s.combat.enh[0] = list(e0)
            c = s.combat
            for m, e in monsters:
                game._add_monster(m)
                c.enh[-1] = list(e)
            c.played_by.update((e, q) for e, q in owners.items() if any(e in x for x in c.enh))
        else:
            for m, e in monsters:
                r["up"].append([m, e])
            by.update((str(e), q) for e, q in owners.items() if any(e in x for _m, x in monsters))
