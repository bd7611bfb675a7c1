"""The card-effect language's events of the game's course (split from ``abilities.py``, the
1,000-line cap; the same methods on :class:`~munchkin_lab.engine.game.Game`): lasting changes
that end (the ledger: :meth:`LangEvents._ledger_ended`, a kept Curse discarded with its last
change), the durations' moments (a combat's end, a turn's start and end, a card leaving play),
the event continuations after a decision (:meth:`LangEvents._lang_continue`), the kick, and a
card acting when it is kicked or drawn (a Hoard! chain: :meth:`LangEvents._lang_drawn`).

Rule sources: the contract's tables (``engine/lang/README.md``); "core rules" = ``shared/seeds/001``.
"""
from __future__ import annotations


class LangEvents:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the language's events of the game's course."""

    # ------------------------------------------------------------------ durations
    def _ledger_ended(self, ended: tuple) -> None:
        """Lasting changes ended: a kept Curse none of whose changes is left is discarded
        (core rules, 10. Curses: the card stays as long as its effect)."""
        if not ended:
            return
        s = self.state
        led = s.ledger
        for src in {e.source for e in ended}:
            if led.holds(src):
                continue
            for q, p in enumerate(s.players):
                if src in p.curses and self._kind[src] == "curse" and self._keeps_by_ledger(src):
                    self._leave_play(q, src)
                    self._discard(src)
                    if self.history:
                        self._say_after(f"{self.name(src)} ends for {p.name}.")

    def _keeps_by_ledger(self, curse: int) -> bool:
        """A Curse kept only because of its lasting changes (not one the core keeps by its
        short forms: persistent, roll_mod, next_combat, only_slot)."""
        return not self._kept[curse]

    def _lang_combat_ended(self, fighter: int, helper: int, monsters) -> None:
        """The combat ends (``_end_combat``): ``this_combat`` changes end, ``next_combat`` ones
        of its fighter and helper, every change on its monsters and sides; per-combat limits
        and the Run Away bookkeeping start afresh."""
        s = self.state
        if s.ledger.entries:
            s.ledger, ended = s.ledger.combat_ended([q for q in (fighter, helper) if q >= 0], monsters)
            self._ledger_ended(ended)
        lang = s.lang
        if lang:
            lang.pop("rolled", None)
            lang.pop("fought", None)
            self._limits_reset("combat")
            self._limits_reset("roll")

    def _lang_turn_started(self, seat: int) -> None:
        s = self.state
        if s.ledger.entries:
            s.ledger, ended = s.ledger.turn_started(seat)
            self._ledger_ended(ended)

    def _lang_may_loot(self, seat: int) -> bool:
        """Whether ``seat`` may still Loot the Room after a combat an ``end_combat`` op with
        ``loot_room`` ended (Friendship Potion card: no Treasure, no Levels, the room may still
        be looted; core rules, 6. phase 3): its own turn, phase ``end``, not looted yet."""
        s = self.state
        return (s.phase == "end" and s.active == seat and s.combat is None and bool(s.lang)
                and s.lang.get("loot_room") == seat)

    def _lang_turn_ended(self) -> None:
        s = self.state
        if s.lang:
            s.lang.pop("loot_room", None)
        if s.ledger.entries:
            s.ledger, ended = s.ledger.turn_ended()
            self._ledger_ended(ended)
        self._limits_reset("turn")

    def _lang_left_play(self, seat: int, c: int, slot_lost: bool) -> None:
        """Card ``c`` left ``seat``'s play (``Zones._leave_play``): its ``in_play`` changes end,
        and every change on it; a Curse's changes end with it (``Ledger.cancel``); an item
        that was the item of its slot (``slot_lost``: the one in use, or one carried while none
        is: Chicken On Your Head's reading, ``Zones._leave_play``) ends the ``until_lost``
        changes of that slot; then its ``leaves_play`` abilities run."""
        s = self.state
        if s.ledger.entries:
            led, ended = s.ledger.left_play(c)
            if self._kind[c] == "curse":
                led, more = led.cancel(c)
                ended += more
            if slot_lost:
                led, more = led.item_lost(seat, self._slots[c])
                ended += more
            s.ledger = led
            self._ledger_ended(ended)
        if "leaves_play" in self._lt and self._lrun[c] and "leaves_play" in self._lrun[c]:
            self._lang_fire_card("leaves_play", c, seat, seat)

    def _lasting_view(self) -> list:
        """``state_dict()["lasting"]``: the lasting changes in force, oldest first, as
        ``{"card", "target", "change", "value", "until"}`` (players by seat, cards by name)."""
        out = []
        for e in self.state.ledger.entries:
            if e.name.startswith("floor:"):
                continue
            kind, x = e.target
            tgt = x if kind in ("player", "side") else self._cn(x)
            out.append({"card": self._cn(e.source), "target": [kind, tgt], "change": e.name,
                        "value": e.value, "until": e.until if e.slot is None else f"until_lost {e.slot}"})
        return out

    def _lang_card_gone(self, c: int) -> None:
        """Card ``c`` went to a discard pile (``Zones._discard``): its ``in_play`` changes
        end, and every change on it (``Ledger.left_play``)."""
        s = self.state
        s.ledger, ended = s.ledger.left_play(c)
        if ended:
            self._ledger_ended(ended)

    def _lang_unowned_left(self, c: int, player: int) -> None:
        """Card ``c`` with no owner - a Dungeon a Portal discards, a destroyed room tile - left
        play: its ``in_play`` changes end, and every change on it (``Ledger.left_play``), then
        its ``leaves_play`` abilities run for ``player`` (the active player, or the room's
        destroyer): the contract's ``leaves_play`` fires on any path out of play."""
        if not self._lang:
            return
        self._lang_card_gone(c)
        if "leaves_play" in self._lt and self._lrun[c] and "leaves_play" in self._lrun[c]:
            self._lang_fire_card("leaves_play", c, -1, player)

    # ------------------------------------------------------------------ event continuations
    def _lang_continue(self, cont: tuple) -> None:
        """Everybody answered the ``react`` decisions of an event: the event goes on (its
        ``cont``; the flags its ops set are in ``self._ev``)."""
        if not cont:
            return
        k = cont[0]
        if k == "run":
            self._lang_run_cont(tuple(cont))
        elif k == "curse":
            _k, victim, curse, caster = cont
            self._lang_curse_cont(victim, curse, caster)
        elif k == "die":
            self._lang_die_cont(tuple(cont))
        elif k == "ops":
            self._lang_ops_cont(tuple(cont))
        elif k == "kick":
            self._lang_kick_cont(cont[1])

    # ------------------------------------------------------------------ the kick
    def _lang_kicking(self, seat: int) -> None:
        """The active player ``seat`` is about to Kick Down the Door (the ``kick`` action, not
        the Cleric's resurrection, which is the action ``kick n=1``): the ``kicking`` abilities
        of the cards that listen run (an optional one, or a reaction from a hand, is a
        ``react`` decision first), then the kick (:meth:`_lang_kick_cont`). Core rules, 6.
        Turn Phases (phase 1); the rulebooks have no such card but the Cleric's: a designer's
        card that acts as the door is kicked."""
        with self._lang_event() as ev:  # (the kick reads its flags: _lang_kick_cont)
            if not self._lang_fire("kicking", seat, cont=("kick", seat), ev=ev):
                self._lang_kick_cont(seat)

    def _lang_kick_cont(self, seat: int) -> None:
        """The ``kicking`` abilities have run: the kick itself, unless they ended the turn's
        chance to kick (the player died, the game ended, the door is already open). An ability
        that ran ``kick_from_discards`` turns up the top Door discard instead of drawing (its
        own cost paid; with no Door discard the kick draws as usual). A decision an ability
        queued is answered after the kick's own."""
        s = self.state
        if s.phase != "start" or not s.players[seat].alive or s.active != seat:
            return
        back = bool(self._ev.get("from_discards")) and bool(self._take_pile("door", seat))
        self._kick(seat, back, pay=False)

    # ------------------------------------------------------------------ kicked, drawn
    def _lang_kicked(self, seat: int, c: int) -> bool:
        """Card ``c`` came face up at Kick Down the Door: a card that acts when drawn
        (``drawn``) resolves and is discarded (True: nothing more happens with it); else its
        ``kicked`` abilities run before it resolves as usual."""
        run = self._lrun[c]
        if not run:
            return False
        if "drawn" in run:
            return self._lang_drawn(seat, c, True)
        if "kicked" in run:  # (a monster kicked is the monster of its own event: this_monster)
            self._lang_fire_card("kicked", c, seat, seat, c if self._kind[c] == "monster" else -1,
                                 facts={"from_kick": True})
        return False

    def _lang_drawn(self, seat: int, c: int, face_up: bool) -> bool:
        """Card ``c`` drawn by ``seat``: with ``drawn`` abilities it acts at once and is
        discarded instead of kept (fact ``drawn_face_up``); returns whether it did.

        Its abilities are an event of their own, which may start while another event's ops
        run (a Draw, or ``add_doors``, in another card's ability): it stacks on that event
        (:meth:`_lang_event`), so the ops of that event after the draw still add to their own
        event's flags, and the drawn card's flags never reach it.

        A card being resolved is not in the discards yet (core rules, 3.: an empty deck takes
        back its discards; silent on a card drawing from its own deck - most players' reading),
        nor any card acting when drawn in its chain (a Hoard! drawing another, which acts when
        the one resolving is done: a work list, no deeper call): all are discarded in draw
        order once the chain is done. Each acts at most once per chain, so a chain ends."""
        run = self._lrun[c]
        if not run or "drawn" not in run:
            return False
        if self.history:
            self._say(f"{self.name(c)} acts as {self._pn(seat)} draws it.")
        aside = self._drawn_aside
        facts = {"drawn_face_up": face_up, "from_kick": bool(self._kicking)}
        if aside is not None:  # in a chain: it acts when the card resolving now is done
            aside.append((c, seat, facts))
            return True
        self._drawn_aside = aside = [(c, seat, facts)]
        try:
            i = 0
            while i < len(aside):
                x, who, fx = aside[i]
                self._lang_fire_card("drawn", x, who, who, facts=fx)
                i += 1
        finally:
            self._drawn_aside = None
        for x, _who, _fx in aside:
            self._discard(x)
        return True
