"""The turn and its phases (core rules, 6. Turn Phases): the setup window, the start of a
turn, Kick Down the Door (and Cleric resurrection), Look for Trouble, Loot the Room, ending
the turn, the next turn. Action kinds: ``kick``, ``trouble``, ``loot``, ``end_turn`` (and the
setup ``pass``, whose row is combat.py's); candidate generators ``_cand_setup`` and
``_cand_turn`` (the active player's own turn out of combat).
"""
from __future__ import annotations

from .actions import Action
from .kinds import charity_first, finish_combat, running, setup_only
from .refs import R_CHAR, R_PHASES, R_STATS
from .turn_cap import TURN_LIMIT


class Turn:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the turn and its phases: the start of a
    turn, Kick Down the Door (and Cleric resurrection), Look for Trouble, Loot the Room, the
    next turn."""

    def _turn_start(self) -> None:
        """Start of a turn: dead characters come back (with no cards); a player who died draws
        4 + 4 at the start of their own next turn (core rules, 7. Combat: Death). With Faster
        Play, phase 0 draws one Door (core rules, Munchkin XXL: Faster Game)."""
        s = self.state
        for q in s.players:
            if not q.alive:
                q.alive = True
                q.redeal = True
        p = s.players[s.active]
        p.sold_double = False
        if self.history: self._say(f"Turn {s.turn}: {p.name} (Level {p.level}).")
        if p.redeal:
            p.redeal = False
            self._deal(p, redeal=True)
            if self._won_now():  # (a new card gave the winning Level: nothing more happens)
                return
            if self.history: self._say(f"{p.name} starts a new character: 4 Door + 4 Treasure cards.")
        for mod in self._h_turn:
            mod.on_turn_start(self, s.active)
        if self._lang:  # the card-effect language: until_next_turn changes end; turn_start
            self._lang_turn_started(s.active)
            if "turn_start" in self._lt:
                self._lang_fire("turn_start", s.active)
        if self.options.faster_play:
            c = self._draw("door")
            if c >= 0:
                self._door_face_down(s.active, c)
                if self.history: self._say(f"{p.name} listens at the door (phase 0).")

    def _next_turn(self) -> None:
        s = self.state
        if self._lang:  # the card-effect language: this_turn changes end
            self._lang_turn_ended()
        s.active = (s.active + 1) % len(s.players)
        s.turn += 1
        s.phase = "start"
        if self.options.max_turns is not None and s.turn > self.options.max_turns:
            self._stop(TURN_LIMIT, "Turn limit reached: no winner.")
            return
        self._turn_start()

    def _kick(self, seat: int, resurrect: bool = False, pay: bool = True) -> None:
        """Kick Down the Door (core rules, 6. phase 1): monster -> combat; Curse -> applies to
        the kicker now; any other card -> into the hand (it may be played at once).

        ``resurrect``: a Cleric takes the top Door discard instead of drawing and resolves it
        exactly like a kicked card, then discards one card from hand (a ``choose`` decision,
        ``why: resurrect``) - Cleric class card. ``pay=False``: the discard was already paid
        (an ability of the ``kicking`` trigger with the op ``kick_from_discards`` and its own
        cost: :meth:`~munchkin_lab.engine.lang_events.LangEvents._lang_kicking`).

        A rules module that handles the drawn card (``on_draw_door``) may ask for a face-up
        replacement Door by calling ``_kick`` again (a Portal: Scooby-Doo rules, Portals):
        the chain is resolved in this loop, never by recursion. When a chain has turned up
        more cards than the Door pile and its discards held when it began, the pile can yield
        nothing but such cards (e.g. only Portals): the kick ends as on an empty Door deck
        (rulebook silent; the reading that lets the turn go on)."""
        if self._kicking:  # a module's replacement Door during this kick: drawn by the loop below
            self._kick_again = True
            return
        self._kicking = True
        try:
            self._kick_chain(seat, resurrect, pay)
        finally:
            self._kicking = False
            self._kick_again = False

    def _kick_chain(self, seat: int, resurrect: bool, pay: bool = True) -> None:
        """The loop of :meth:`_kick` (one card per turn of the loop)."""
        s = self.state
        p = s.players[seat]
        chain = 0
        limit = -1
        while True:
            if resurrect:
                c = self._take_pile("door").pop()
                if pay:
                    s.pending.insert(0, {"kind": "choose", "why": "resurrect", "player": seat, "options": (), "count": 1})
                if self.history: self._say(f"{p.name} resurrects {self.name(c)} from the Door discards (Cleric).")
                resurrect = False
            else:
                c = self._draw("door")
            if c < 0:
                if self.history: self._say(f"{p.name} kicks open the door: the Door deck is empty.")
                s.phase = "trouble"
                return
            if self.history: self._say(f"{p.name} kicks open the door: {self.name(c)}.")
            got = self._door_face_up(seat, c)
            if got == "monster":
                if s.combat is None:
                    self._start_combat(seat, c)
                else:  # a Portal's replacement while a room's monsters are fought (SMA rooms)
                    self._add_monster(c)
                return
            if got != "module" or not self._kick_again:
                if s.phase == "start":
                    s.phase = "trouble"
                return
            self._kick_again = False
            chain += 1
            if limit < 0:
                limit = sum(len(v) for d in (s.decks, s.discards) for k, v in d.items()
                            if k == "door" or k.startswith("door:"))
            if chain > limit:
                self._say(f"{p.name}: every Door turned up is another replacement; nothing more behind the door.")
                if s.phase == "start":
                    s.phase = "trouble"
                return

    def _door_face_up(self, seat: int, c: int) -> str:
        """Door card ``c`` turned face up for ``seat`` as at Kick Down the Door (core rules, 6.
        phase 1) - the kick, and every face-up Door the rules treat as kicked (a Star Munchkin
        Adventures room's face-up cards, the Brig's extra cards): the one path of such a card.
        A card that acts when drawn acts (its ``kicked`` abilities run first otherwise); a
        rules module may take it (``on_draw_door``: a Scooby-Doo Portal is followed at once,
        its face-up replacement Door drawn by the kick); a Curse hits ``seat`` (unless an Item
        shields its wearer from kicked Curses); a trap goes off (SMA rules, Movement: traps
        go off as when the door is kicked); any other card goes to the hand. Returns
        ``"monster"`` for a monster, which the caller fights (a new combat, or one more monster
        in it), ``"module"`` when a module took it, else ``""``. The kick's phase ends (phase 1
        -> the rest of the turn); a card turned up in a combat (the Brig's) leaves it on."""
        s = self.state
        if self._lang and self._lang_kicked(seat, c):
            if s.phase == "start":
                s.phase = "trouble"
            return ""
        for m in self._h_door:
            if m.on_draw_door(self, seat, c, True):
                return "module"
        if self._ondraw[c]:  # a card that acts the moment it is drawn
            self._resolve_drawn(seat, c)
            if s.phase == "start":
                s.phase = "trouble"
            return ""
        k = self._kind[c]
        if k == "monster":
            return "monster"
        if s.phase == "start":
            s.phase = "trouble"
        if k == "curse":
            if self._shields_kicked_curse(seat):
                self._discard(c)
                if self.history: self._say(f"{self.name(c)} does nothing to {self._pn(seat)}.")
            else:
                self._apply_curse(seat, c)
        elif k == "trap":
            self._trap(seat, c)
        else:
            s.players[seat].hand.append(c)
        return ""

    def _shields_kicked_curse(self, seat: int) -> bool:
        """An Item in use that makes a Curse found by kicking open the door do nothing to its
        wearer (``ignore_kicked_curses``: Sandals of Protection)."""
        for it in self.state.players[seat].equipped:
            if self._fx[it].get("ignore_kicked_curses") and self.can_use(seat, it):
                return True
        return False

    def _why_resurrect(self, seat: int, pile: str = "door") -> str | None:
        """Cleric resurrection (Cleric class card; card_facts): instead of a face-up draw (Kick
        Open the Door; ``pile`` "treasure": :meth:`_why_resurrect_t`) take the top card of the
        matching discard pile (:meth:`Zones._take_pile`: with one draw pile per set, the
        discards of the pile the draw would come from), then discard one card from your hand -
        so a hand card is needed to pay."""
        r = self._why_no_power(seat, "resurrect")
        if r is not None:
            return r
        if not self._take_pile(pile):  # the draw it replaces is the turn's (active player's)
            return f"resurrection: the {pile.title()} discard pile is empty"
        if not self.state.players[seat].hand:
            return f"resurrection costs a card from your hand, and you have none ({R_STATS}: Class)"
        return None

    def _why_resurrect_t(self, seat: int) -> str | None:
        """Cleric resurrection of face-up Treasures (Cleric class card; card_facts.md: instead
        of a face-up draw take the top card of the matching discard pile, then discard one
        card from hand): the Treasures of a helped kill are drawn face up (core rules, 7.
        Rewards), so a Cleric fighter may take each from the top of the Treasure discard pile
        instead, one hand card paid for each. Not offered once a player has reached Level 10
        (the game ends with the kill). With one draw pile per set (``piles``): the discards
        of the Treasure pile the combat's Treasures are drawn from, the active player's
        (:meth:`Zones._take_pile`)."""
        r = self._why_resurrect(seat, "treasure")
        if r is None and any(q.level >= 10 for q in self.state.players):
            return "the game is won"
        return r

    def _resurrect_t_offer(self, seat: int, count: int, closed: tuple | None = None) -> bool:
        """At a helped kill's face-up draw of ``count`` Treasures (``Combat._resolve_win``), or
        a helped combat's that closed won without a kill (``Combat._end_combat``, with the
        combat's ``closed`` numbers: fighter, helper, bribe, first picker): when the Cleric
        fighter ``seat`` may resurrect (:meth:`_why_resurrect_t`), queue the ``choose``
        decision ``why: resurrect_t`` (the top Treasure discard, or ``pass`` to draw the rest)
        and return True - the Treasures are given in :meth:`_resurrect_t_done`."""
        if self._why_resurrect_t(seat) is not None:
            return False
        d = {"kind": "choose", "why": "resurrect_t", "player": seat, "left": count}
        if closed is not None:
            d["closed"] = tuple(closed)
        self.state.pending.insert(0, d)
        return True

    def _resurrect_t_options(self, d: dict) -> tuple:
        """The top Treasure discard, while Treasures are left to draw and the Cleric may pay."""
        if d["left"] <= 0 or self._why_resurrect_t(d["player"]) is not None:
            return ()
        return (self._take_pile("treasure")[-1],)

    def _resurrect_t_answer(self, d: dict, seat: int, card: int) -> None:
        """The Cleric takes the top Treasure discard instead of one face-up draw: it joins the
        face-up Treasures (``state.pool``) until the combat closes; a hand card is paid for it
        (``why: resurrect``), then the next Treasure is decided."""
        s = self.state
        self._take_pile("treasure").pop()
        s.pool.append(card)
        if self.history: self._say(f"{s.players[seat].name} resurrects {self.name(card)} from the Treasure discards (Cleric).")
        nd = dict(d)
        nd["left"] = d["left"] - 1
        s.pending.insert(0, nd)
        s.pending.insert(0, {"kind": "choose", "why": "resurrect", "player": seat, "options": (), "count": 1})

    def _resurrect_t_done(self, d: dict, opts: tuple = ()) -> None:
        """No more resurrection (``pass``, or nothing left to take or pay with): the Treasures
        left are drawn, and the combat closes with the taken ones among them
        (``Rewards._win_treasures``; a combat already closed, ``closed``:
        ``Rewards._reward_treasures``)."""
        s = self.state
        taken = list(s.pool)
        s.pool.clear()
        drawn = taken + [t for t in (self._draw("treasure") for _ in range(d["left"])) if t >= 0]
        if "closed" in d:
            self._reward_treasures(*d["closed"], drawn)
        else:
            self._win_treasures(drawn)

    # ------------------------------------------------------------------ candidates
    def _cand_setup(self, seat: int, ok: bool, out: list) -> None:
        """The setup window (core rules, 4. Creating Your Character): ``pass``, the Races,
        Classes and Items of the hand, then swapping Items in and out of use."""
        out.append(self._simple[seat]["pass"])
        A = self._A
        p = self.state.players[seat]
        kind = self._kind
        for c in p.hand:
            k = kind[c]
            if (k == "race" or k == "class" or k == "item") and self._lmodes[c]:  # once per mode (its cs)
                cands: list = []
                self._lang_play_cands(seat, c, cands)
                out += [a for a in cands if not ok or self._why_setup_play(seat, a) is None]
            elif (k == "race" or k == "class" or k == "item") and (not ok or self._why_setup_card(seat, c) is None):
                out.append(A(seat, "play", c))
            elif k == "special" and self._char_special(c) and (not ok or self._why_setup_play(seat, A(seat, "play", c)) is None):
                out.append(A(seat, "play", c))
        self._cand_carry(seat, ok, out)
        self._cand_equips(seat, ok, out)

    def _cand_turn(self, seat: int, ok: bool, out: list) -> None:
        """The active player's own turn out of combat: the phase's own step (Kick Down the
        Door, a Cleric's resurrection; Loot the Room, ending the turn, Look for Trouble with
        each monster in hand; ending the turn), then the hand's cards, discarding a Race or
        Class, swapping Items, one greedy sale, a Thief's thefts, the rules modules' actions
        (core rules, 6. Turn Phases; When You May Act)."""
        s = self.state
        ph = s.phase
        S = self._simple[seat]
        p = s.players[seat]
        if ph == "start":
            out.append(S["kick"])
            if (p.classes or p.races) and self._why_resurrect(seat) is None:
                out.append(self._A(seat, "kick", n=1))
        elif ph == "trouble":
            out.append(S["loot"])
            out.append(S["end_turn"])
            kind = self._kind
            T = self._kc[seat]["trouble"]
            # no Look for Trouble after a combat this turn (a Friendship Potion's loot_room)
            for c in (p.hand if s.last_combat_turn != s.turn else ()):
                if kind[c] == "monster":
                    a = T.get(c)
                    if a is None:
                        a = T[c] = self._A(seat, "trouble", c)
                    out.append(a)
        elif ph == "end":
            out.append(S["end_turn"])
            if not p.alive:  # died in the own turn: nothing left but to end it (Dispatch._why)
                # or to discard a Race or Class kept for the new character (at any time: 6.)
                out += [self._A(seat, "discard", c) for c in self._rc_cards(seat)]
                if self._h_extra:  # (a module's own actions are its own: Scooby-Doo's swap)
                    self._cand_module_actions(seat, ok, out)
                return
            # (no language bookkeeping in the state: no loot_room, _lang_may_loot would say no)
            if self._lang and s.lang and self._lang_may_loot(seat):  # e.g. after a Friendship Potion
                out.append(S["loot"])
        self._cand_turn_plays(seat, ok, out)
        self._cand_carry(seat, ok, out)
        if p.races or p.classes:
            D = self._kc[seat]["discard"]
            for c in self._rc_cards(seat):
                a = D.get(c)
                if a is None:
                    a = D[c] = self._A(seat, "discard", c)
                out.append(a)
        if p.carried or p.equipped:
            self._cand_equips(seat, ok, out)
        self._cand_sale(seat, ok, out)
        if p.hand and (p.classes or p.races):
            self._cand_steal(seat, ok, out)
        if self._h_extra:
            self._cand_module_actions(seat, ok, out)

    def _cand_module_actions(self, seat: int, ok: bool, out: list) -> None:
        """The rules modules' own actions of ``seat`` (``RulesModule.extra_actions``) that are
        legal now: listed on the own turn out of combat and in the own Charity (still the own
        turn: core rules, 6. phase 4)."""
        why = self._why_inner
        for mod in self._h_extra:
            for a in mod.extra_actions(self, seat):
                if not ok or why(a) is None:
                    out.append(a)

    # ------------------------------------------------------------------ kinds
    def _why_own_step(self, k: str) -> str | None:
        """The refusal of an own-turn step (kick, trouble, loot, end_turn) outside the own turn
        out of combat; None on the own turn."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "charity":
            return charity_first()
        if ph == "combat":
            return running() if s.combat.stage == "run" else finish_combat()
        return None

    def _why_kick(self, seat: int, a: Action) -> str | None:
        """Kick Down the Door once, at the start of the turn (core rules, 6. phase 1);
        ``n=1`` a Cleric's resurrection instead (:meth:`_why_resurrect`)."""
        ph = self.state.phase
        if ph == "start" and a.n == 0:
            return None
        r = self._why_own_step("kick")
        if r is not None:
            return r
        if ph != "start":
            return f"the door was already opened this turn ({R_PHASES}, phase 1)"
        if a.n == 1:
            return self._why_resurrect(seat)
        return None if a.n == 0 else "kick: n = 0 (draw) or 1 (Cleric resurrection)"

    def _do_kick(self, seat: int, a: Action) -> None:
        if a.n != 1 and "kicking" in self._lt:
            self._lang_kicking(seat)  # the cards that hear the kick coming, then the kick
            return
        self._kick(seat, a.n == 1)

    def _why_trouble(self, seat: int, a: Action) -> str | None:
        """Look for Trouble: fight a monster from the hand, after a kick that met no monster
        (core rules, 6. phase 2)."""
        r = self._why_own_step("trouble")
        if r is not None:
            return r
        s = self.state
        if s.phase != "trouble":
            return f"Look for Trouble only after a Kick Down the Door that met no monster ({R_PHASES}, phase 2)"
        if s.last_combat_turn == s.turn:
            # a combat ended by a card that lets the room be looted (Friendship Potion)
            return f"you met a monster this turn: Loot the Room or end the turn ({R_PHASES}, phases 2-3)"
        if a.card not in self.state.players[seat].hand or self._kind[a.card] != "monster":
            return f"Look for Trouble needs a monster from your hand ({R_PHASES}, phase 2)"
        return None

    def _do_trouble(self, seat: int, a: Action) -> None:
        p = self.state.players[seat]
        p.hand.remove(a.card)
        if self.history: self._say(f"{p.name} looks for trouble with {self.name(a.card)}.")
        self._start_combat(seat, a.card)

    def _why_loot(self, seat: int, a: Action) -> str | None:
        """Loot the Room: a face-down Door into the hand when no monster was met and the
        player did not Look for Trouble (core rules, 6. phase 3)."""
        if self.state.phase == "trouble" or (self._lang and self._lang_may_loot(seat)):
            return None
        r = self._why_own_step("loot")
        if r is not None:
            return r
        return f"Loot the Room only when no monster was met and you did not Look for Trouble ({R_PHASES}, phase 3)"

    def _do_loot(self, seat: int, a: Action) -> None:
        """A Door (a Treasure with Faster Play: core rules, Munchkin XXL) into the hand."""
        s = self.state
        p = s.players[seat]
        deck = "treasure" if self.options.faster_play else "door"
        c = self._draw(deck)
        if c >= 0:
            if deck == "door":
                self._door_face_down(seat, c)
            else:
                self._to_hand(seat, c)
        if self.history: self._say(f"{p.name} loots the room.")
        s.phase = "end"
        if s.lang:  # the card-effect language: a Loot the Room an end_combat left open is used
            s.lang.pop("loot_room", None)

    def _door_face_down(self, seat: int, c: int, shown: bool = False) -> None:
        """Door card ``c`` that ``seat`` has just drawn face down - Loot the Room, Faster Play's
        phase 0, a Portal's replacement, a Dungeon's or a card's draw: a rules module may take
        it (``on_draw_door``: a Scooby-Doo Portal, kept with the choice to follow it at once),
        else it goes to the hand, or acts at once if it acts when drawn (:meth:`_to_hand`:
        Divine Intervention).

        ``shown``: a card's draw made face up (the language's ``draw: door`` with ``face_up``)
        - the cards are shown, as a helped fight's face-up Treasures are (core rules, 7.
        Rewards), and go to the hand the same way: the modules hear the draw as one that is
        not a kick (``on_draw_door`` with ``face_up`` False). Scooby-Doo rules, Kick Down the
        Door and Portals: a Portal turned up must be followed at once, its face-up replacement
        resolved as kicked - the kick's Portal; the rulebook has no card that draws Doors face
        up, and a Portal follows only on its drawer's own turn out of combat (When You May
        Take Actions). Our reading, as most players would take it: a Portal such a draw shows
        is drawn like a face-down one - the active player may follow it at once out of
        combat (its replacement face down), anyone else keeps it for their own turn; none
        brings a second kick into the turn or a new Door into a combat."""
        if not self._door_heard(seat, c):
            self._to_hand(seat, c, shown)

    def _door_heard(self, seat: int, c: int) -> bool:
        """The rules modules hear Door ``c`` as one ``seat`` has drawn, not kicked open
        (``on_draw_door`` with ``face_up`` False); True: a module took it (a Scooby-Doo Portal,
        kept with the choice to follow it at once). The one home of that step: the face-down
        draws (:meth:`_door_face_down`) and a dead player's new cards (``Zones._deal``)."""
        return any(m.on_draw_door(self, seat, c, False) for m in self._h_door)

    def _why_end_turn(self, seat: int, a: Action) -> str | None:
        """The turn ends after the door was opened (core rules, 6. Turn Phases)."""
        ph = self.state.phase
        if ph == "trouble" or ph == "end":
            return None
        r = self._why_own_step("end_turn")
        if r is not None:
            return r
        return f"Kick Down the Door first ({R_PHASES})"

    def _do_end_turn(self, seat: int, a: Action) -> None:
        self._end_turn(seat)

    def _setup_pass(self, seat: int) -> None:
        """A seat is ready; after the last one the first turn starts (core rules, 4. Creating
        Your Character)."""
        s = self.state
        if self.history: self._say(f"{s.players[seat].name} is ready.")
        nxt = (s.setup_seat + 1) % len(s.players)
        if nxt == s.active:
            self._setup_end()
        else:
            s.setup_seat = nxt

    def _setup_end(self) -> None:
        """The set-up is over and the first turn starts. A card dealt at set-up that acts as
        soon as it is drawn (``Playing._acts_when_drawn``: Divine Intervention, Hoard!) acts
        now, once every player has had the chance to play their starting Race, Class and Items
        (official FAQ (worldofmunchkin.com/faq), Can of Worms mini-FAQ: a card dealt in the
        starting hand waits until the players have played from their starting hands, the FAQ reasons
        from how Divine Intervention and Clerics are handled; the rulebooks are silent on dealing
        such a card). Seat order from the first player; a card that gives the winning Level
        (Divine Intervention to a Level 9 Cleric) ends the game there. Without a set-up window
        (``GameOptions.setup_window``) this runs as the cards are dealt."""
        s = self.state
        s.phase = "start"
        n = len(s.players)
        for k in range(n):
            seat = (s.active + k) % n
            p = s.players[seat]
            for c in [c for c in p.hand if self._acts_when_drawn(c)]:
                if c in p.hand:
                    p.hand.remove(c)
                    self._to_hand(seat, c, False)
                    if self._won_now():
                        return
        self._turn_start()

    def _why_setup_play(self, seat: int, a: Action) -> str | None:
        """At setup a player plays Races, Classes and Items from the hand (core rules, 4.), and a
        Half-Breed / Super Munchkin on a Race / Class, since they are played whenever a Race /
        Class may be (10. Mixed Super Munchkin)."""
        p = self.state.players[seat]
        c = a.card
        if c not in p.hand:
            return f"{self._cn(c)} is not in your hand"
        if self._char_special(c):
            return self._why_char_special(seat, c)
        if self._kind[c] not in ("race", "class", "item"):
            return f"only Races, Classes and Items are played at setup ({R_CHAR})"
        if self._lmodes[c]:  # a card whose played abilities are modes: the one named in cs
            r = self._why_lang_play(seat, a, False, anytime=True)
            if r is not None:
                return r
        return self._why_setup_card(seat, c)

    def _why_setup_card(self, seat: int, c: int) -> str | None:
        """A Race, Class or Item ``c`` from the hand at setup: at most one Race card and one
        Class card (core rules, 4. Creating Your Character: one of each type may be played at
        the start; the English rules say the same), so a second one is refused even on a
        Half-Breed / Super Munchkin and never replaces the first; then the usual checks
        (:meth:`_why_play_char_or_item`). The Half-Breed / Super Munchkin card itself is not a
        Race / Class card and stays playable on the one played (see :meth:`_why_setup_play`).
        The texts are not silent here: the set-up's limit is a count of cards, and the Mixed
        Super Munchkin rule (10.) only says when a Half-Breed / Super Munchkin may be played
        (whenever a Race / Class may be), not that it lifts that count; the official FAQ's
        Half-Breed / Super Munchkin answers are about how many Races / Classes one may have,
        not about the set-up. A second Race or Class is played on the player's own turn (6.:
        at any time of it). Returns the refusal, or None."""
        k = self._kind[c]
        p = self.state.players[seat]
        if (k == "race" and p.races) or (k == "class" and p.classes):
            return f"at setup you play at most one {'Race' if k == 'race' else 'Class'} card ({R_CHAR})"
        return self._why_play_char_or_item(seat, c)

    # ------------------------------------------------------------------ choices
    def _resurrect_answer(self, d: dict, seat: int, card: int) -> None:
        """The hand card a Cleric discards to pay for the resurrection (Cleric class card)."""
        self._lose_card(seat, card)
        if self.history: self._say(f"{self.state.players[seat].name} discards {self.name(card)} for the resurrection.")
