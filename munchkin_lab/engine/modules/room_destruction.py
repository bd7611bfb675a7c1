"""Room destruction of the Star Munchkin Adventures rooms module (``rooms``), a mixin of
:class:`~.rooms.RoomsModule` (sections cited as in :mod:`.rooms`: ``R_DESTROY`` is
Star Munchkin Adventures rules, Room Destruction).

Which room a room destroys on entry (:meth:`RoomDestruction._destroyed_by`), who stands in it
(:meth:`RoomDestruction.inside`), whether it may go (:meth:`RoomDestruction._destructible`:
never START, never an indestructible room), the Run Away dice of the players inside a room
destroyed on entry, each answered before it goes (:meth:`RoomDestruction._destroy_dice`), and
the destruction itself (:meth:`RoomDestruction.destroy`), also for the op ``destroy_rooms``
(``Ops._op_rooms``). Entering a room (:mod:`.rooms_entry`: ``RoomEntry._enter``, ``_enter_rest``,
``_enter_destroy``) calls these; the grid helpers (``START``, ``key``, ``xy``, ``DIRS``) live
in :mod:`.rooms`, imported where used (that module imports this one).
"""
from __future__ import annotations


class RoomDestruction:
    """Room destruction (R_DESTROY) for :class:`~.rooms.RoomsModule`."""

    def _destroyed_by(self, game, k: str) -> str | None:
        """The room that room ``k`` destroys on entry (its ``destroy``: itself or a neighbour), or None."""
        from .rooms import DIR_NAMES, DIRS, key, xy
        dest = self._data(game, k).get("destroy")
        if not dest:
            return None
        return k if dest == "self" else key(*(a + b for a, b in zip(xy(k), DIRS[DIR_NAMES[dest]])))

    def inside(self, game, k: str) -> list[int]:
        """The living players standing in room ``k``, in seat order: the player characters a
        destruction of the room hits (R_DESTROY), and the players who keep a Door card off
        the room (R_OTHER, ``place``). A dead player has no character on the grid until the
        next turn begins (core rules, 7. Death), so their token is not one of them."""
        s = game.state
        return [q for q, at in enumerate(self._ms(game)["pos"]) if at == k and s.players[q].alive]

    def _destructible(self, game, k: str) -> bool:
        """Room ``k`` is on the grid and may be destroyed (never START, nor an indestructible
        room, whichever form of the language says so): the one rule, ``Ops._destroyable``,
        which a player's choice of rooms asks too."""
        r = self._ms(game)["grid"].get(k)
        return r is not None and r["tile"] >= 0 and game._destroyable(r["tile"]) is None

    def _destroy_dice(self, game, seat: int, k: str, forced: bool, left: tuple) -> bool:
        """Roll the Run Away dice of the players ``left`` inside the room being destroyed, in
        seat order, each through the one die-roll path (``die_rolled``); the results wait in
        ``dice``. True when a reaction is asked for (:meth:`_destroy_die_in` goes on)."""
        ms = self._ms(game)
        while left:
            q, left = left[0], left[1:]
            if game._lang_die_window(q, ("module", self.name, "_destroy_die_in", seat, k, forced, left)):
                return True
            ms["dice"].append(game.state.forced.pop(0))
        return False

    def _destroy_die_in(self, game, seat: int, k: str, forced: bool, left: tuple) -> None:
        """The reactions to one destruction die are in (its result in front of the forced
        dice): keep it, roll the next, then destroy the room (:meth:`_enter_destroy`)."""
        self._ms(game)["dice"].append(game.state.forced.pop(0))
        if not self._destroy_dice(game, seat, k, forced, left):
            self._enter_destroy(game, seat, k, forced)

    def destroy(self, game, k: str, destroyer: int, dice: list | None = None) -> None:
        """Room destruction (R_DESTROY): players inside roll to Run Away (fail: -2 Levels),
        all go to START; face-down Doors are revealed; monsters die and the destroyer gets their
        Levels (no Treasure); other cards are discarded; the tile goes under the tile deck
        (its changes end and its ``leaves_play`` abilities run, for the destroyer). START is
        never destroyed. The room is gone: a tile laid later on its spot is another room, which
        may be entered even if the destroyed one was entered this turn (R_MOVE forbids entering
        the same room twice, not the same place; the rulebook is silent, read as most would).
        ``dice``: the Run Away dice of the players inside, in seat order, rolled and answered already (an op's destruction: ``Ops._op_rooms``); None: rolled here.
        Only living players roll (:meth:`inside`); a dead player's token just goes to START.
        The destroyed room's own Run Away modifier counts in their roll: it still stands while
        they roll (its tile goes last) and the roll applies any modifiers
        (``RoomsModule.run_away_here``; the rulebook is silent on the room's own modifier).

        A room destroyed under a fight fought in it (a card used in the combat): the fight's
        monsters were in the room, so they die with it, their Levels (and their enhancers
        discarded) going to the destroyer like the room's own monsters, no Treasure (R_DESTROY).
        The fighter and a helper stood there: they roll and go to START like anyone inside. The
        rulebook is silent on the fight itself; read as most players would, it is over with
        no monster left: it closes like a fight whose monsters a card sent away
        (``Combat._after_monster_removed``: the others may still react before it closes, no Bad
        Stuff), and nobody draws the killed monsters' Treasures."""
        from .rooms import START
        s = game.state
        ms = self._ms(game)
        r = ms["grid"].get(k)
        if r is None or not self._destructible(game, k):
            return
        game._say(f"{game.name(r['tile'])} at {k} is destroyed!")
        self._keep_fight_room(game)
        living = self.inside(game, k)
        for seat, at in enumerate(ms["pos"]):
            if at == k:
                if seat in living:  # a dead player's token makes no roll (:meth:`inside`)
                    die = dice.pop(0) if dice else game._roll()
                    tot = game._lone_run_total(seat, die)
                    if tot < 5:
                        game._change_level(seat, -2)
                        game._say(f"{game._pn(seat)} {game._rolls(die, tot)} and loses 2 Levels.")
                ms["pos"][seat] = START
        if r["down"]:
            game._say("Revealed: " + ", ".join(game.name(c) for c in r["down"]) + ".")
        cb = s.combat
        fight_here = cb is not None and bool(cb.monsters) and self._combat_at(game) == k
        # the monsters that die with the room, each with its enhancers: the fight's (they are
        # in the room, R_DESTROY) and the room's own, face up or face down
        killed = [(m, list(e)) for m, e in zip(cb.monsters, cb.enh)] if fight_here else []
        if fight_here:
            for i in range(len(cb.monsters) - 1, -1, -1):
                game._drop_monster(i)
        by = ms.get("by") or {}
        for c, enh in r["up"] + [[c, []] for c in r["down"]]:
            if game.specs[c].kind == "monster":
                killed.append((c, enh))
            game._discard(c)
            for e in enh:
                game._discard(e)
                by.pop(str(e), None)  # (who played it: no longer asked)
        # their Levels, one sum: each monster's, once more per Mate on it (a Mate is one more
        # monster: core rules, Mate card)
        levels = sum(game._levels_of_kill(m, e) for m, e in killed)
        for c in r["loot"]:
            game._discard(c)
        if levels and destroyer >= 0:
            game._change_level(destroyer, levels, from_kill=True)
        s.decks.setdefault("room_tile", []).insert(0, r["tile"])
        del ms["grid"][k]
        # the room is gone: a tile later laid on its spot is another room, not yet entered
        # this turn (R_MOVE counts rooms entered, not places)
        ms["visited"] = [v for v in ms["visited"] if v != k]
        game._lang_unowned_left(r["tile"], destroyer if destroyer >= 0 else s.active)
        if fight_here and s.combat is cb:
            # no monster is left: the fight closes as after monsters sent away by a card
            # (the others may still react, a Wandering Monster may still come), with no Bad
            # Stuff; the killed monsters' Treasures are nobody's (R_DESTROY)
            game._after_monster_removed()
