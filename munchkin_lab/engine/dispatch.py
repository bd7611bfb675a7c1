"""The actions: candidates, the checks that refuse them, applying them; pending decisions and
their answers.
"""
from __future__ import annotations

from .actions import Action
from .refs import R_ACT, R_CHAR, R_COMBAT, R_DEATH, R_HELP, R_PHASES, R_RUN, R_STATS, R_WHEN, R_WIN
from .tables import _ACACHE_MAX


class Dispatch:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the actions: candidates, the checks that
    refuse them, applying them; pending decisions and their answers."""

    def _A(self, seat: int, kind: str, card: int = -1, target: int = -1, n: int = 0, m: int = -1,
           cards: tuple = ()) -> Action:
        """A shared (immutable) candidate Action: built once per process, then reused (speed)."""
        key = (seat, kind, card, target, n, m, cards)
        a = self._acache.get(key)
        if a is None:
            if len(self._acache) >= _ACACHE_MAX:
                self._acache.clear()
            a = self._acache[key] = Action(seat, kind, card, target, n, m, cards)
        return a

    def _A_targets(self, seat: int, c: int) -> tuple:
        """``(play c on seat 0, play c on seat 1, ...)`` (shared candidates, see :meth:`_A`)."""
        key = (seat, c)
        r = self._tcache.get(key)
        if r is None:
            r = self._tcache[key] = tuple(self._A(seat, "play", c, t) for t in range(len(self.state.players)))
        return r

    def _A_monsters(self, seat: int, c: int, nm: int) -> tuple:
        """``(play c on monster 0, ..., monster nm-1)`` (shared candidates, see :meth:`_A`)."""
        key = (seat, c, "mons", nm)
        r = self._tcache.get(key)
        if r is None:
            r = self._tcache[key] = tuple(self._A(seat, "play", c, n=i) for i in range(nm))
        return r

    def _A_sides(self, seat: int, c: int) -> tuple:
        """``(play c for side 0, play c for side 1)`` (shared candidates, see :meth:`_A`);
        a One-Shot marked for one side only (``side``) gets that side's action alone."""
        key = (seat, c, "sides")
        r = self._tcache.get(key)
        if r is None:
            side = self.specs[c].effects.get("side", "either")
            # a One-Shot for one side only is never legal for the other (see _why_play)
            r = self._tcache[key] = tuple(self._A(seat, "play", c, n=i) for i in (0, 1)
                                          if not (side == "munchkin" and i == 1 or side == "monster" and i == 0))
        return r

    def _candidates(self, seat: int) -> list[Action]:
        s = self.state
        A = self._A
        S = self._simple[seat]
        out: list[Action] = []
        sure = self._sure = out if self._h_check else []
        if s.pending:
            d = s.pending[0]
            k = d["kind"]
            if k in ("help", "offer"):
                sure += [S["accept"], S["refuse"]]
            elif k == "choose":
                sure += [A(seat, "choose", c) for c in self.choice_options(d)]
            elif k == "cancel":
                sure.append(S["pass"])
                sure += [A(seat, "play", c) for c in self._cancel_cards(seat)]
            elif k == "glue":
                sure.append(S["pass"])
                sure += [A(seat, "play", c) for c in self._glue_cards(seat)]
            elif k == "manual":
                c = d["card"]
                t = d.get("target", seat)
                sure += [A(seat, "resolve", c, t), A(seat, "resolve", c, t, -1)]
            return out
        ph = s.phase
        p = s.players[seat]
        if ph == "setup":
            sure.append(S["pass"])
            for c in p.hand:
                if self._kind[c] in ("race", "class", "item"):
                    out.append(A(seat, "play", c))
            self._equip_candidates(seat, out)
            return out
        if ph == "charity":
            lowest, recips = self._charity_targets(seat)
            for c in p.hand:
                if lowest:
                    sure.append(A(seat, "charity", c, -1))
                else:
                    for t in recips:
                        sure.append(A(seat, "charity", c, t))
            return out
        if ph == "combat":
            c = s.combat
            if c.stage == "run":
                for i in range(len(c.monsters)):
                    if i not in c.rolled:
                        sure.append(A(seat, "roll", n=i))
                if p.classes and self.has_class(seat, "wizard"):
                    for card in p.hand + p.in_play():
                        out.append(A(seat, "flight", card))
                esc = self._escape
                for card in p.hand + p.carried:
                    if esc[card]:
                        out.append(A(seat, "play", card))
                return out
            if c.stage == "window":
                sure.append(S["pass"])
                if c.helper < 0:
                    if sure is out:
                        out.append(S["offer_help"])
                    elif p.alive and seat not in c.asked and \
                            not any(self._no_help[m] for m in c.monsters):
                        # checked here (the rules of _why_combat), first after `pass`
                        sure.append(S["offer_help"])
            else:
                w = self.munchkins_win()
                self._mw_cache = (self._ver, w)
                sure.append(S["fight"] if w else S["run"])
                if c.helper < 0:
                    tot = self.treasure_count()
                    if sure is out:
                        for t in range(len(s.players)):
                            if t != seat:
                                out.append(A(seat, "ask_help", target=t))
                                if tot:
                                    out.append(A(seat, "ask_help", target=t, n=tot, m=1))
                    elif not any(self._no_help[m] for m in c.monsters):
                        # checked here (the rules of _why_combat), first after fight/run
                        players = s.players
                        asked = c.asked
                        key = (seat, "ask_help", tot)
                        asks = self._tcache.get(key)
                        if asks is None:  # per target: (plain request, request with the bribe)
                            asks = self._tcache[key] = tuple(
                                (A(seat, "ask_help", target=t), A(seat, "ask_help", target=t, n=tot, m=1) if tot else None)
                                for t in range(len(players)))
                        for t in range(len(players)):
                            if t != seat and t not in asked and players[t].alive:
                                plain, bribe = asks[t]
                                sure.append(plain)
                                if bribe is not None:
                                    sure.append(bribe)
                wizard = bool(p.classes and p.hand and self.has_class(seat, "wizard"))
                fx = self._fight_extra
                for i, m in enumerate(c.monsters):
                    if not (wizard or fx[m]):  # no evade, charm or chase against this one
                        continue
                    me = self.specs[m].effects
                    if me.get("not_pursue"):
                        out.append(A(seat, "evade", n=i))
                    if me.get("bribe_gold") or me.get("evade_discard"):
                        for it in p.in_play() + p.hand:
                            if self._kind[it] in ("item", "one_shot"):
                                out.append(A(seat, "evade", it, n=i))
                    if wizard:
                        out.append(A(seat, "charm", n=i))
                    if me.get("cleric_chase"):
                        out.append(A(seat, "chase", n=i))
            self._combat_card_candidates(seat, out)
            return out
        # own turn, out of combat: start | trouble | end
        self._turn_opening(seat, ph, sure)
        n = len(s.players)
        if sure is not out:
            return self._turn_candidates(seat, sure, out)
        for c in p.hand:
            k = self._kind[c]
            if k in ("race", "class", "item"):
                out.append(A(seat, "play", c))
            elif k == "curse" or k == "go_up_a_level":
                out += self._A_targets(seat, c)
            elif k == "special" or k == "one_shot":
                t = self._tcat[c]
                if t == 2:
                    out.append(A(seat, "play", c))
                elif t == 1:
                    for it in p.in_play():
                        out.append(A(seat, "play", c, m=it))
                elif t == 3:
                    out += self._A_targets(seat, c)
                elif t == 4:
                    out += self._discard_picks(seat, c)
        for c in p.races + p.classes:
            out.append(A(seat, "discard", c))
        self._equip_candidates(seat, out)
        sale = self._greedy_sale(seat)
        if sale:
            out.append(A(seat, "sell", cards=sale[0], n=sale[1]))
        if self.has_class(seat, "thief") and p.hand:
            for t in range(n):
                if t != seat:
                    for it in s.players[t].in_play():
                        if not self.specs[it].big:
                            out.append(A(seat, "steal", p.hand[0], t, m=it))
        for mod in self._h_extra:
            out.extend(mod.extra_actions(self, seat))
        return out

    def _legal_for(self, seat: int, labels: bool) -> list[Action]:
        """``legal_actions(seat=seat)``: the actor's list (when ``seat`` acts) plus the
        any-time actions of ``seat`` (core rules, 6. When You May Act)."""
        s = self.state
        actor = self.actor()
        if actor is None or not (0 <= seat < len(s.players)):
            return []
        acts = self.legal_actions(labels=False) if seat == actor else []
        have = set(acts)
        for a in self._anytime_candidates(seat):
            if a not in have and self._why(a) is None:
                have.add(a)
                acts.append(a)
        if labels:
            acts = [Action(a.player, a.kind, a.card, a.target, a.n, a.m, a.cards, label=self.describe(a))
                    for a in acts]
        return acts

    def _why(self, a: Action) -> str | None:  # noqa: C901 - one place for every rule check
        s = self.state
        if s.phase == "over":
            return f"the game is over ({R_WIN})"
        n = len(s.players)
        seat = a.player
        if not (0 <= seat < n):
            return f"no player in seat {seat}"
        actor = self.actor()
        if seat != actor:
            return self._why_anytime(a, actor)
        return self._why_inner(a)

    def _why_anytime(self, a: Action, actor: int) -> str | None:
        """Legality of an action of a player who is not the one who must decide now.

        Any time (core rules, 6. When You May Act): discard your Race or Class; play a Curse
        on anyone, a Go Up a Level on anyone (never the winning Level), a Hireling, or a
        Curse-cancelling card; give (trade) an Item in play to another player when neither
        of you is in a combat (core rules, 9. Trading). A pending decision of another player
        comes first (rulebook silent: the table answers one question at a time)."""
        s = self.state
        seat = a.player
        k = a.kind
        c = a.card
        if c != -1 and not (0 <= c < len(self.specs)):
            return f"no card with id {c}"
        own_char = (k == "play" and c >= 0 and seat == s.active and s.phase == "combat" and
                    (self._kind[c] in ("race", "class") or self.specs[c].effects.get("half_breed")
                     or self.specs[c].effects.get("super_munchkin")))
        own_char = own_char or (k == "play" and c >= 0 and c in s.players[seat].fresh)
        chase = k == "chase" and s.combat is not None and seat == s.combat.helper
        if not (k == "discard" or k == "give" or k == "equip" or k == "unequip" or own_char or chase or
                (k == "play" and c >= 0 and self._anytime_card(c))):
            return (f"it is {self._pn(actor)}'s decision now, not {self._pn(seat)}'s "
                    f"({self._what_now()})")
        s = self.state
        if s.pending:
            d = s.pending[0]
            return (f"{self._pn(d['player'])} must answer a pending {d['kind']} decision first; "
                    f"any-time actions wait for it ({R_ACT})")
        p = s.players[seat]
        if not p.alive:
            return f"a dead character does not act until the new character appears ({R_DEATH})"
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if k == "discard":
            if c in p.races or c in p.classes:
                return None
            return f"only a Race or Class card of yours may be discarded at will ({R_STATS})"
        if k == "give":
            return self._why_give(seat, a)
        if k == "equip" or k == "unequip":
            if s.phase == "setup":
                return f"it is {self._pn(actor)}'s setup now ({R_CHAR})"
            return self._why_equip(seat, a)
        if chase:
            return self._why_chase(seat, a)
        if own_char:
            if s.combat is None:
                return self._why_play(seat, a, in_combat=False)
            if s.combat.stage == "run" and seat in (s.combat.fighter, s.combat.helper):
                return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"
            return self._why_play(seat, a, in_combat=True)
        return self._why_anytime_play(seat, a)

    def _why_inner(self, a: Action) -> str | None:  # noqa: C901
        """Legality of an action of the acting player (actor already checked)."""
        s = self.state
        n = len(s.players)
        seat = a.player
        k = a.kind
        p = s.players[seat]
        nspecs = len(self.specs)
        if a.card != -1 and not (0 <= a.card < nspecs):
            return f"no card with id {a.card}"
        # --- pending decisions
        if s.pending:
            d = s.pending[0]
            dk = d["kind"]
            if dk in ("help", "offer"):
                if k in ("accept", "refuse"):
                    for mod in self.modules:
                        r = mod.check_action(self, a)
                        if r is not NotImplemented:
                            return r
                return None if k in ("accept", "refuse") else f"answer the help {'request' if dk == 'help' else 'offer'} first (accept/refuse) ({R_HELP})"
            if dk == "choose":
                if k != "choose":
                    return f"a choice is pending: pick a card ({d['why']})"
                if a.card not in self.choice_options(d):
                    return f"{self._cn(a.card)} is not one of the cards to choose from"
                return None
            if dk == "glue":
                if k == "pass" or (k == "play" and a.card in self._glue_cards(seat)):
                    return None
                return (f"{self._pn(d['runner'])} just escaped: make them roll again (play a "
                        f"Flask of Glue) or pass ({R_RUN})")
            if dk == "cancel":
                if k == "pass":
                    return None
                if k == "play" and a.card in self._cancel_cards(seat):
                    return None
                return (f"{self.name(d['card'])} is about to hit {self._pn(d['victim'])}: cancel it "
                        f"(play a Curse-cancelling card) or pass ({R_WHEN}: Curses)")
            if dk == "manual":
                if k != "resolve" or a.card != d["card"]:
                    return f"resolve {self.name(d['card'])} by hand first (manual card)"
                if not (0 <= a.target < n):
                    return "resolve: t must be a seat"
                tp = s.players[a.target]
                for c in a.cards:
                    if c not in tp.hand and c not in tp.equipped and c not in tp.carried:
                        return f"resolve: {self._cn(c)} is not in {tp.name}'s hand or in play"
                return None
            return "unknown pending decision"
        ph = s.phase
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if k in ("accept", "refuse", "choose", "resolve"):
            return "nothing to answer or choose now"
        if ph == "setup":
            if k == "pass":
                return None
            if k == "discard" or k == "give" or (k == "play" and self._anytime_card(a.card)):
                return self._why_anytime(a, seat)       # any time, setup included (6.)
            if k == "play":
                if a.card not in p.hand:
                    return f"{self._cn(a.card)} is not in your hand"
                if self._kind[a.card] not in ("race", "class", "item"):
                    return f"only Races, Classes and Items are played at setup ({R_CHAR})"
                return self._why_play_char_or_item(seat, a.card)
            if k in ("equip", "unequip"):
                return self._why_equip(seat, a)
            return f"during setup you may only play Race, Class and Items, or pass ({R_CHAR})"
        if ph == "charity":
            if k != "charity":
                return f"finish Charity first: give or discard your excess cards ({R_PHASES}, phase 4)"
            if a.card not in p.hand:
                return f"{self._cn(a.card)} is not in your hand"
            lowest, recips = self._charity_targets(seat)
            if lowest:
                return None if a.target == -1 else f"you are (one of) the lowest-Level players: discard the excess ({R_PHASES}, phase 4)"
            if a.target not in recips:
                return f"Charity goes to the lowest-Level living player(s), split as evenly as possible ({R_PHASES}, phase 4)"
            return None
        if ph == "combat":
            return self._why_combat(seat, a)
        # out of combat, own turn
        if k == "kick":
            if ph != "start":
                return f"the door was already opened this turn ({R_PHASES}, phase 1)"
            if a.n == 1:
                return self._why_resurrect(seat)
            return None if a.n == 0 else "kick: n = 0 (draw) or 1 (Cleric resurrection)"
        if k == "trouble":
            if ph != "trouble":
                return f"Look for Trouble only after a Kick Open the Door that met no monster ({R_PHASES}, phase 2)"
            if a.card not in p.hand or self._kind[a.card] != "monster":
                return f"Look for Trouble needs a monster from your hand ({R_PHASES}, phase 2)"
            return None
        if k == "loot":
            return None if ph == "trouble" else f"Loot the Room only when no monster was met and you did not Look for Trouble ({R_PHASES}, phase 3)"
        if k == "end_turn":
            return None if ph in ("trouble", "end") else f"Kick Open the Door first ({R_PHASES})"
        if k in ("fight", "run", "roll", "ask_help", "offer_help", "evade", "berserk", "flight",
                 "charm", "turning", "backstab", "join", "pass"):
            return f"'{k}' is only possible during a combat ({R_COMBAT})"
        if k in ("equip", "unequip"):
            return self._why_equip(seat, a)
        if k == "discard":
            if a.card in p.races or a.card in p.classes:
                return None
            return f"only a Race or Class card of yours may be discarded at will ({R_STATS})"
        if k == "sell":
            return self._why_sell(seat, a)
        if k == "give":
            return self._why_give(seat, a)
        if k == "steal":
            if not self.has_class(seat, "thief"):
                return "only a Thief may steal (Thief class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "steal: discard a card of yours"
            if not (0 <= a.target < n) or a.target == seat or a.m not in s.players[a.target].in_play():
                return "steal: m must be an item in play of player t"
            if self.specs[a.m].big:
                return "a Thief steals only a small item (Thief class card)"
            if a.card == a.m:
                return "steal: discard a different card"
            return None
        if k == "play":
            return self._why_play(seat, a, in_combat=False)
        return f"unknown action kind {k!r}"

    def _what_now(self) -> str:
        s = self.state
        if s.pending:
            return f"pending {s.pending[0]['kind']}"
        if s.phase == "combat":
            return f"combat, {s.combat.stage}"
        return f"phase {s.phase}"

    def choice_options(self, d: dict) -> tuple:
        """The card ids pending choice ``d`` (a ``state.pending`` entry of kind ``choose``)
        offers, in order: the corpse's cards (looting), the face-up Treasure pool (picking a
        share), the hand (a Cleric's resurrection), the chooser's Items in play (paying a tax),
        the Items in play of the player taken from, else the listed ``options`` the chooser
        still holds (an Item lost to Bad Stuff or a Curse: the victim picks)."""
        s = self.state
        why = d["why"]
        if why == "loot":
            for dead, cards in s.corpses:
                if dead == d["dead"]:
                    return tuple(cards)
            return ()
        if why == "pick":
            return tuple(s.pool)
        p = s.players[d["player"]]
        if why == "resurrect":
            return tuple(p.hand)
        if why == "tax" or why == "taxpay":
            k = self._kind
            return tuple(c for c in p.equipped + p.carried if k[c] == "item")
        if why == "take":
            k = self._kind
            v = s.players[d["from"]]
            return tuple(c for c in v.equipped + v.carried if k[c] == "item")
        return tuple(c for c in d["options"] if c in p.equipped or c in p.carried or c in p.hand)

    def _apply(self, a: Action) -> None:  # noqa: C901
        s = self.state
        k = a.kind
        seat = a.player
        p = s.players[seat]
        if s.pending:
            d = s.pending.pop(0)
            self._answer(d, a)
            self._settle()
            return
        if self._h_apply:
            for mod in self._h_apply:
                if mod.apply_action(self, a):
                    self._settle()
                    return
        ph = s.phase
        if k == "pass":
            if ph == "setup":
                if self.history: self._say(f"{p.name} is ready.")
                nxt = (s.setup_seat + 1) % len(s.players)
                if nxt == s.active:
                    s.phase = "start"
                    self._turn_start()
                else:
                    s.setup_seat = nxt
            else:  # interference window
                c = s.combat
                c.window.pop(0)
                if not c.window:
                    self._window_done()
        elif k == "play":
            self._play_card(seat, a)
        elif k == "fight" or k == "run":
            c = s.combat
            c.intent = "win" if k == "fight" else "run"
            c.stage = "window"
            c.window = [(c.fighter + i) % len(s.players) for i in range(1, len(s.players))
                        if s.players[(c.fighter + i) % len(s.players)].alive]
            # strengths only feed the log line (module hooks may keep state: then as before)
            if self.history or self._h_combat or self._h_monster:
                ps, ms = self.strengths()
                if self.history: self._say(f"{p.name} {'declares victory' if k == 'fight' else 'is about to Run Away'}, {ps} vs {ms}.")
            if not c.window:
                self._window_done()
        elif k == "roll":
            self._run_roll(seat, a.n)
        elif k == "ask_help":
            c = s.combat
            s.pending.append({"kind": "help", "player": a.target, "from": seat, "n": a.n,
                              "first": 1 if a.m == 1 else 0, "items": tuple(a.cards)})
            if self.history: self._say(f"{p.name} asks {self._pn(a.target)} for help" + (f", offering {a.n} Treasure(s)." if a.n else "."))
        elif k == "kick":
            self._kick(seat, a.n == 1)
        elif k == "trouble":
            p.hand.remove(a.card)
            if self.history: self._say(f"{p.name} looks for trouble with {self.name(a.card)}.")
            self._start_combat(seat, a.card)
        elif k == "loot":
            deck = "treasure" if self.options.faster_play else "door"
            c = self._draw(deck)
            if c >= 0 and not (deck == "door" and any(m.on_draw_door(self, seat, c, False) for m in self._h_door)):
                p.hand.append(c)
            if self.history: self._say(f"{p.name} loots the room.")
            s.phase = "end"
        elif k == "end_turn":
            self._end_turn(seat)
        elif k == "charity":
            p.hand.remove(a.card)
            if a.target < 0:
                self._discard(a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} (Charity).")
            else:
                s.players[a.target].hand.append(a.card)
                s.players[a.target].fresh.append(a.card)
                s.charity[1][a.target] = s.charity[1].get(a.target, 0) + 1
                if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {self._pn(a.target)} (Charity).")
            if len(p.hand) <= self.hand_limit(seat):
                s.charity = None
                self._next_turn()
        elif k == "equip":
            p.carried.remove(a.card)
            p.equipped.append(a.card)
        elif k == "unequip":
            p.equipped.remove(a.card)
            p.carried.append(a.card)
        elif k == "discard":
            self._lose_card(seat, a.card)
            if self.history: self._say(f"{p.name} discards {self.name(a.card)}.")
        elif k == "sell":
            total = 0
            for c in a.cards:
                total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
                self._lose_card(seat, c)
            if a.n not in (0, -1):
                p.sold_double = True
            lv = total // 1000
            p.level += lv
            if self.history: self._say(f"{p.name} sells {len(a.cards)} card(s) for {total} Gold: +{lv} Level -> {p.level}.")
        elif k == "give":
            self._remove_from_play(seat, a.card)
            tp = s.players[a.target]
            (tp.equipped if self.can_use(a.target, a.card) and self.why_slot(a.target, a.card) is None
             else tp.carried).append(a.card)
            if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {tp.name}.")
        elif k == "steal":
            self._lose_card(seat, a.card)
            r = self._roll_mod(seat, self._roll())
            if r >= 4:
                self._remove_from_play(a.target, a.m)
                p.carried.append(a.m)
                if self.history: self._say(f"{p.name} steals {self.name(a.m)} from {self._pn(a.target)} (roll {r}).")
            else:
                self._change_level(seat, -1)
                if self.history: self._say(f"{p.name} fails to steal (roll {r}) and loses a Level.")
        elif k == "offer_help":
            c = s.combat
            s.pending.append({"kind": "offer", "player": c.fighter, "from": seat})
            if self.history: self._say(f"{p.name} offers to help {self._pn(c.fighter)}.")
        elif k == "evade":
            c = s.combat
            me = self.specs[c.monsters[a.n]].effects
            if a.card >= 0:
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} gets rid of {self.name(c.monsters[a.n])} by giving up {self.name(a.card)}.")
            else:
                if self.history: self._say(f"{p.name} lets {self.name(c.monsters[a.n])} go.")
                c.extra_treasures += me.get("evade_treasures", 0)
            self._remove_monster(a.n)
            self._after_monster_removed()
        elif k == "charm":
            c = s.combat
            for card in p.hand[:]:
                self._lose_card(seat, card)
            m = c.monsters[a.n]
            c.extra_treasures += (self.specs[m].treasures or 0)
            if self.history: self._say(f"{p.name} charms {self.name(m)} away.")
            self._remove_monster(a.n)
            self._after_monster_removed()
        elif k == "chase":
            c = s.combat
            m = c.monsters[a.n]
            before = self.treasure_count()
            self._remove_monster(a.n)
            c.extra_treasures += before - self.treasure_count()
            if self.history: self._say(f"{p.name} chases {self.name(m)} away (Cleric): its Treasures, no Level.")
            self._after_monster_removed()
        elif k in ("berserk", "turning", "flight"):
            self._lose_card(seat, a.card)
            d = getattr(s.combat, k)
            d[seat] = d.get(seat, 0) + 1
            if self.history: self._say(f"{p.name} discards {self.name(a.card)} ({k}).")
            self._combat_changed(seat)
        elif k == "backstab":
            self._lose_card(seat, a.card)
            s.combat.backstab.append([seat, a.target])
            if self.history: self._say(f"{p.name} backstabs {self._pn(a.target)} (-2).")
            self._combat_changed(seat)
        elif k == "join":
            p.hand.remove(a.card)
            self._add_monster(a.card)
            if self.history: self._say(f"{p.name} adds {self.name(a.card)} to the combat (joining).")
            self._combat_changed(seat)
        ph = s.phase
        if s.pending or s.corpses or (ph == "combat" and s.combat is not None and s.combat.stage == "run"):
            self._settle()
        elif ph != "over" and ph != "combat":  # _settle's only work here: the winner test
            for q in s.players:
                if q.level >= 10:
                    self._check_winner()
                    break

    def _answer(self, d: dict, a: Action) -> None:
        s = self.state
        k = d["kind"]
        if k == "help":
            c = s.combat
            if a.kind == "accept":
                c.helper = d["player"]
                c.bribe_n = d["n"]
                c.bribe_first = d["first"]
                c.bribe_items = list(d["items"])
                if self.history: self._say(f"{self._pn(d['player'])} helps {self._pn(d['from'])}.")
            else:
                c.asked.append(d["player"])
                if self.history: self._say(f"{self._pn(d['player'])} refuses to help.")
        elif k == "offer":
            c = s.combat
            if a.kind == "accept":
                c.helper = d["from"]
                if self.history: self._say(f"{self._pn(d['player'])} accepts {self._pn(d['from'])}'s help.")
            else:
                c.asked.append(d["from"])
                if self.history: self._say(f"{self._pn(d['player'])} refuses {self._pn(d['from'])}'s help.")
        elif k == "choose":
            why = d["why"]
            seat = d["player"]
            p = s.players[seat]
            if why == "loot":
                for dead, cards in s.corpses:
                    if dead == d["dead"]:
                        cards.remove(a.card)
                p.hand.append(a.card)
                p.fresh.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from the corpse of {self._pn(d['dead'])}.")
            elif why == "pick":
                s.pool.remove(a.card)
                p.hand.append(a.card)
                p.fresh.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from the Treasures.")
                hq, fq = d["hq"], d["fq"]
                if seat == d["h"]:
                    hq -= 1
                else:
                    fq -= 1
                if s.pool:
                    nxt = d["f"] if seat == d["h"] else d["h"]
                    if (nxt == d["h"] and hq <= 0) or (nxt == d["f"] and fq <= 0):
                        nxt = seat
                    s.pending.insert(0, {"kind": "choose", "why": "pick", "player": nxt,
                                         "f": d["f"], "h": d["h"], "hq": hq, "fq": fq})
            elif why == "resurrect":
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} for the resurrection.")
            elif why == "tax":
                v = self.specs[a.card].gold or 0
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} ({v} Gold): Income Tax for the others.")
                n = len(s.players)
                if v > 0:
                    for j in range(n - 1, 0, -1):
                        q = (seat + j) % n
                        if s.players[q].alive:
                            s.pending.insert(0, {"kind": "choose", "why": "taxpay", "player": q,
                                                 "owe": v, "options": (), "count": 1})
            elif why == "take":
                self._remove_from_play(d["from"], a.card)
                p.carried.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from {self._pn(d['from'])}.")
            elif why == "taxpay":
                v = self.specs[a.card].gold or 0
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} pays {self.name(a.card)} ({v} Gold) in Income Tax.")
                if d["owe"] - v > 0:
                    nd = dict(d)
                    nd["owe"] = d["owe"] - v
                    s.pending.insert(0, nd)
            else:  # an item lost to a curse / Bad Stuff
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} loses {self.name(a.card)}.")
                if d["count"] > 1:
                    opts = tuple(o for o in d["options"] if o != a.card)
                    nd = dict(d)
                    nd["count"] = d["count"] - 1
                    nd["options"] = opts
                    s.pending.insert(0, nd)
        elif k == "glue":
            c = s.combat
            if a.kind == "play":
                q = s.players[d["player"]]
                (q.hand if a.card in q.hand else q.carried).remove(a.card)
                self._discard(a.card)
                if d["monster"] in c.rolled:
                    c.rolled.remove(d["monster"])
                if self.history: self._say(f"{q.name} plays {self.name(a.card)}: {self._pn(d['runner'])} must roll again "
                          f"against {self.name(c.monsters[d['monster']])}.")
            else:
                rest = [q for q in d["rest"] if s.players[q].alive and self._glue_cards(q)]
                if rest:
                    nd = dict(d)
                    nd["player"] = rest[0]
                    nd["rest"] = tuple(rest[1:])
                    s.pending.insert(0, nd)
                else:
                    self._escaped(d["runner"], d["monster"])
        elif k == "cancel":
            if a.kind == "play":
                self._cancel_curse(d["player"], a.card, d["card"], d["victim"])
            else:
                rest = [q for q in d["rest"] if s.players[q].alive and self._cancel_cards(q)]
                if rest:
                    nd = dict(d)
                    nd["player"] = rest[0]
                    nd["rest"] = tuple(rest[1:])
                    s.pending.insert(0, nd)
                else:
                    self._curse_hits(d["victim"], d["card"])
        elif k == "manual":
            tgt = s.players[a.target]
            for c in a.cards:
                self._lose_card(a.target, c)
            if a.n:
                self._change_level(a.target, a.n)
            if self.history: self._say(f"{self.name(d['card'])} resolved by hand: {tgt.name} {a.n:+d} Level(s), "
                      f"{len(a.cards)} card(s) discarded.")

    def _settle(self) -> None:
        """Drop pending decisions with nothing to decide; finish corpse looting."""
        s = self.state
        if not s.pending and not s.corpses:
            ph = s.phase
            if ph == "combat":
                if s.combat is None or s.combat.stage != "run":
                    return
            else:
                if ph != "over":
                    for q in s.players:  # _check_winner's own test, without the call
                        if q.level >= 10:
                            self._check_winner()
                            break
                return
        while s.pending:
            d = s.pending[0]
            if d["kind"] == "choose":
                opts = self.choice_options(d)
                if d["why"] == "pick" and not opts:
                    s.pending.pop(0)
                    continue
                if d["why"] == "loot":
                    if not opts or not s.players[d["player"]].alive:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "resurrect" or d["why"] == "tax":
                    if not opts:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "taxpay":
                    if sum(self.specs[c].gold or 0 for c in opts) < d["owe"]:
                        # cannot pay: every item goes, and a Level (Income Tax card)
                        s.pending.pop(0)
                        for c in opts:
                            self._lose_card(d["player"], c)
                        if d.get("penalty", 1):
                            self._change_level(d["player"], -1)
                        if self.history: self._say(f"{self._pn(d['player'])} cannot pay {d['owe']} Gold in items: loses every item"
                                  f"{' and a Level' if d.get('penalty', 1) else ''}.")
                        continue
                elif d["why"] == "take":
                    if not opts or not s.players[d["player"]].alive:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "lose":
                    if not opts:
                        s.pending.pop(0)
                        continue
                    if len(opts) <= d["count"]:
                        s.pending.pop(0)
                        for c in opts:
                            self._lose_card(d["player"], c)
                            if self.history: self._say(f"{self._pn(d['player'])} loses {self.name(c)}.")
                        continue
            break
        if s.corpses:
            live = {d["dead"] for d in s.pending if d["kind"] == "choose" and d["why"] == "loot"}
            for entry in s.corpses[:]:
                if entry[0] not in live:
                    for c in entry[1]:
                        self._discard(c)
                    s.corpses.remove(entry)
        if s.phase == "combat" and not s.pending and s.combat is not None:
            c = s.combat
            if c.stage == "run":
                # skip runners that died or have nothing left
                while c.runners and (not s.players[c.runners[0]].alive or len(c.rolled) >= len(c.monsters)):
                    c.runners.pop(0)
                    c.rolled = []
                if not c.runners:
                    self._end_combat(won=False)
        ph = s.phase
        if ph != "over" and ph != "combat":
            for q in s.players:  # _check_winner's own test, without the call on most steps
                if q.level >= 10:
                    self._check_winner()
                    break
