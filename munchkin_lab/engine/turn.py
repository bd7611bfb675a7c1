"""The turn and its phases: the start of a turn, Kick Open the Door (and Cleric resurrection),
Look for Trouble, Loot the Room, the next turn.
"""
from __future__ import annotations

from .refs import R_STATS


class Turn:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the turn and its phases: the start of a
    turn, Kick Open the Door (and Cleric resurrection), Look for Trouble, Loot the Room, the
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
            self._deal(p)
            if self.history: self._say(f"{p.name} starts a new character: 4 Door + 4 Treasure cards.")
        for mod in self._h_turn:
            mod.on_turn_start(self, s.active)
        if self.options.faster_play:
            c = self._draw("door")
            if c >= 0:
                if not any(m.on_draw_door(self, s.active, c, False) for m in self._h_door):
                    p.hand.append(c)
                if self.history: self._say(f"{p.name} listens at the door (phase 0).")

    def _next_turn(self) -> None:
        s = self.state
        s.active = (s.active + 1) % len(s.players)
        s.turn += 1
        s.phase = "start"
        if self.options.max_turns is not None and s.turn > self.options.max_turns:
            self._stop("turn limit", "Turn limit reached: no winner.")
            return
        self._turn_start()

    def _kick(self, seat: int, resurrect: bool = False) -> None:
        """Kick Open the Door (core rules, 6. phase 1): monster -> combat; Curse -> applies to
        the kicker now; any other card -> into the hand (it may be played at once).

        ``resurrect``: a Cleric takes the top Door discard instead of drawing and resolves it
        exactly like a kicked card, then discards one card from hand (a ``choose`` decision,
        ``why: resurrect``) - Cleric class card.

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
            self._kick_chain(seat, resurrect)
        finally:
            self._kicking = False
            self._kick_again = False

    def _kick_chain(self, seat: int, resurrect: bool) -> None:
        """The loop of :meth:`_kick` (one card per turn of the loop)."""
        s = self.state
        p = s.players[seat]
        chain = 0
        limit = -1
        while True:
            if resurrect:
                c = s.discards["door"].pop()
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
            for m in self._h_door:
                if m.on_draw_door(self, seat, c, True):
                    break
            else:
                k = self._kind[c]
                if k == "monster":
                    self._start_combat(seat, c)
                    return
                s.phase = "trouble"
                if k == "curse":
                    self._apply_curse(seat, c)
                else:
                    p.hand.append(c)
                return
            if not self._kick_again:
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

    def _why_resurrect(self, seat: int) -> str | None:
        """Cleric resurrection (Cleric class card; card_facts): instead of a face-up draw (Kick
        Open the Door) take the top card of the matching discard pile, then discard one card
        from your hand - so a hand card is needed to pay."""
        if not self.has_class(seat, "cleric"):
            return "only a Cleric may resurrect (Cleric class card)"
        if not self.state.discards.get("door"):
            return "resurrection: the Door discard pile is empty"
        if not self.state.players[seat].hand:
            return f"resurrection costs a card from your hand, and you have none ({R_STATS}: Class)"
        return None

    def _turn_opening(self, seat: int, ph: str, sure: list) -> None:
        """Append the phase's own step to ``sure`` (always legal for the active player): Kick
        Open the Door (a Cleric may resurrect instead), Loot the Room / end the turn / Look
        for Trouble with each monster in hand, or end the turn (core rules, 4. Turn Phases)."""
        S = self._simple[seat]
        if ph == "start":
            sure.append(S["kick"])
            s = self.state
            p = s.players[seat]
            if p.classes and p.hand and s.discards.get("door") and self.has_class(seat, "cleric"):
                sure.append(self._A(seat, "kick", n=1))
        elif ph == "trouble":
            sure.append(S["loot"])
            sure.append(S["end_turn"])
            kind = self._kind
            T = self._kc[seat]["trouble"]
            for c in self.state.players[seat].hand:
                if kind[c] == "monster":
                    a = T.get(c)
                    if a is None:
                        a = T[c] = self._A(seat, "trouble", c)
                    sure.append(a)
        elif ph == "end":
            sure.append(S["end_turn"])

    def _turn_candidates(self, seat: int, sure: list, out: list) -> list:
        """The out-of-combat candidates of :meth:`_candidates` (same list, same order) when no
        module checks actions: each is checked here (the rules of ``_why_inner``) and the legal
        ones appended to ``sure``; returns ``out`` (empty)."""
        s = self.state
        A = self._A
        players = s.players
        p = players[seat]
        kind = self._kind
        wp = self._why_play
        P = self._kc[seat]["play"]
        big = self._big
        for c in p.hand:
            k = kind[c]
            if k == "monster" or k == "monster_enhancer":  # not played on the own turn from here
                continue
            if k == "item" or k == "race" or k == "class":
                # _why_play_char_or_item: an Item is refused only for a second Big item
                if (not big[c] or self.big_ok(seat, c)) if k == "item" else \
                        self._why_play_char_or_item(seat, c) is None:
                    a = P.get(c)
                    if a is None:
                        a = P[c] = A(seat, "play", c)
                    sure.append(a)
            elif k == "curse":
                for t, a in enumerate(self._A_targets(seat, c)):
                    if players[t].alive:
                        sure.append(a)
            elif k == "go_up_a_level":
                up = self._uplevels[c]
                for t, a in enumerate(self._A_targets(seat, c)):
                    tp = players[t]
                    if tp.alive and tp.level + up < 10:
                        sure.append(a)
            elif k == "special" or k == "one_shot":
                t = self._tcat[c]
                if t == 2:
                    a = P.get(c)
                    if a is None:
                        a = P[c] = A(seat, "play", c)
                    if wp(seat, a, False) is None:
                        sure.append(a)
                elif t == 1:
                    for it in p.in_play():
                        a = A(seat, "play", c, m=it)
                        if wp(seat, a, False) is None:
                            sure.append(a)
                elif t == 3:
                    for a in self._A_targets(seat, c):
                        if wp(seat, a, False) is None:
                            sure.append(a)
                elif t == 4:
                    for a in self._discard_picks(seat, c):
                        if wp(seat, a, False) is None:
                            sure.append(a)
        if p.races or p.classes:
            D = self._kc[seat]["discard"]
            for c in p.races + p.classes:
                a = D.get(c)
                if a is None:
                    a = D[c] = A(seat, "discard", c)
                sure.append(a)
        why = self._why_inner
        cb = s.combat
        if p.carried and (cb is None or (seat != cb.fighter and seat != cb.helper)):
            # the rules of _why_equip for a carried Item, out of combat
            why_slot = self.why_slot
            E = self._kc[seat]["equip"]
            for c in p.carried:
                if kind[c] == "item" and self.can_use(seat, c) and why_slot(seat, c) is None:
                    a = E.get(c)
                    if a is None:
                        a = E[c] = A(seat, "equip", c)
                    sure.append(a)
        if p.equipped:
            U = self._kc[seat]["unequip"]
            for c in p.equipped:
                a = U.get(c)
                if a is None:
                    a = U[c] = A(seat, "unequip", c)
                sure.append(a)
        sale = self._greedy_sale(seat)
        if sale:
            a = A(seat, "sell", cards=sale[0], n=sale[1])
            if why(a) is None:
                sure.append(a)
        if p.hand and p.classes and self.has_class(seat, "thief"):
            for t in range(len(players)):
                if t != seat:
                    for it in players[t].in_play():
                        if not big[it]:
                            a = A(seat, "steal", p.hand[0], t, m=it)
                            if why(a) is None:
                                sure.append(a)
        for mod in self._h_extra:
            for a in mod.extra_actions(self, seat):
                if why(a) is None:
                    sure.append(a)
        return out
