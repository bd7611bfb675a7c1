"""Playing cards from the hand (core rules, 10. When to Play Cards; 6. When You May Act): which
kind of card may be played when, and what it does; the any-time plays. Action kind ``play``
(its check :meth:`Playing._why_play_kind`, by phase, then :meth:`Playing._why_play` by the
card's kind); candidate generator ``_cand_turn_plays`` (the own turn) and the any-time
candidates of ``legal_actions(seat=k)``. Cards played into a combat are listed by
``combat_cards.py``, escape cards by ``runaway.py``.
"""
from __future__ import annotations

from .actions import Action
from .lang_compile import STAYS
from .refs import R_COMBAT, R_DEATH, R_ITEMS, R_RUN, R_SIDEBAR, R_WHEN


class Playing:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: playing cards (see the module
    docstring)."""

    # ------------------------------------------------------------------ the kind
    def _why_play_kind(self, seat: int, a: Action) -> str | None:
        """The check of ``play`` for the acting player, by phase: setup (Races, Classes,
        Items; any-time cards), Charity (nothing), running away (escape cards), a fight or
        window, or the own turn (:meth:`_why_play`)."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            if self._anytime_card(a.card):
                return self._why_anytime_play(seat, a)
            return self._why_setup_play(seat, a)
        if ph == "charity":
            return self._why_charity_play(seat, a)
        if ph == "combat":
            if s.combat.stage == "run":
                return self._why_play_running(seat, a)
            return self._why_play(seat, a, in_combat=True)
        return self._why_play(seat, a, in_combat=False)

    def _own_char(self, seat: int, c: int) -> bool:
        """A Race, Class, Half-Breed or Super Munchkin the active player plays in a combat of
        their own turn, or a Race, Class or Item just received (fresh)."""
        s = self.state
        if c < 0:
            return False
        if seat == s.active and s.phase == "combat" and (
                self._kind[c] in ("race", "class") or self._char_special(c)):
            return True
        return c in s.players[seat].fresh

    def _char_special(self, c: int) -> bool:
        """A Half-Breed or Super Munchkin card (played whenever a Race / Class may be)."""
        e = self._fx[c]
        return bool(e.get("half_breed") or e.get("super_munchkin"))

    def _why_char_special(self, seat: int, c: int) -> str | None:
        """A Half-Breed (Super Munchkin) goes on a Race (Class) card, one of each at most
        (core rules, 10. When to Play Cards: Races and Classes; Mixed Super Munchkin)."""
        p = self.state.players[seat]
        if self._fx[c].get("half_breed"):
            if p.half_breed >= 0:
                return "you already have a Half-Breed"
            return None if p.races else f"Half-Breed needs a Race card ({R_WHEN}: Races and Classes)"
        if p.super_munchkin >= 0:
            return "you already have a Super Munchkin"
        return None if p.classes else f"Super Munchkin needs a Class card ({R_WHEN}: Races and Classes)"

    def _anytime_play_ok(self, seat: int, a: Action) -> bool:
        """Is this play one a player may make while another decides: a card allowed at any
        time (:meth:`_anytime_card`), :meth:`_own_char`, or a card put into a combat at any
        moment of its fight or window (``CombatCards._combat_card``: One-Shots, Monster
        Enhancers, a Wandering Monster... - core rules, 10. Monster Enhancers; 7. Interfering
        in Combat)."""
        return self._own_char(seat, a.card) or (a.card >= 0 and (
            self._anytime_card(a.card) or (self._combat_moment() and self._combat_card(seat, a.card))
            or self._own_turn_run(seat, a.card)))

    def _anytime_play(self, seat: int, a: Action, actor: int) -> str | None:
        s = self.state
        if a.card >= 0 and self._own_turn_run(seat, a.card):  # (runaway.py: the Magic Lamp)
            return self._why_play_running(seat, a)
        if self._own_char(seat, a.card):
            if s.combat is None:
                return self._why_play(seat, a, in_combat=False)
            if s.combat.stage == "run" and seat in (s.combat.fighter, s.combat.helper) \
                    and not self._run_char(seat, a.card):
                # the active player's Race / Class go down even now (runaway._why_play_running)
                return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"
            return self._why_play(seat, a, in_combat=True)
        return self._why_anytime_play(seat, a)

    def _do_play(self, seat: int, a: Action) -> None:
        self._play_card(seat, a)
        if self.state.combat is not None:  # any card played in the window opens it again to all
            self._combat_changed(seat)

    def _cand_turn_plays(self, seat: int, ok: bool, out: list) -> None:
        """The hand's plays on the own turn out of combat, per hand card: a Race, Class or
        Item; a Curse or Go Up a Level on each seat; a Special / One-Shot by
        :func:`~munchkin_lab.engine.tables.turn_category` (Cheat! per Item in play, a Level
        theft per seat, a pick of the top 3 of each discard pile; the card-effect language's
        plays per mode and choice, also those of a Race, Class or Item whose ``played``
        abilities are modes: ``tables`` gives it that branch). Monsters and Monster Enhancers
        are not played from here. ``seat``: the active player (its turn, or its Charity)."""
        s = self.state
        A = self._A
        players = s.players
        p = players[seat]
        wp = self._why_play
        anyplay = self._anyplay
        P = self._kc[seat]["play"]
        plan = self._tplan  # the branch of each kind (tables._TURN_PLAN)
        for c in p.hand:
            k = plan[c]
            if not k:  # a monster, a Monster Enhancer...: not played from here
                continue
            if k == 1:  # an Item, a Race, a Class
                a = P.get(c)
                if a is None:
                    a = P[c] = A(seat, "play", c)
                if not ok or (wp(seat, a, False) if anyplay[c] else self._why_play_char_or_item(seat, c)) is None:
                    out.append(a)
            elif k == 3 and self._lang and self._lplayed[c]:  # a Go Up a Level with its own abilities
                cands: list = []
                self._lang_play_cands(seat, c, cands)
                out += [a for a in cands if not ok or wp(seat, a, False) is None]
            elif k == 2 and ok and not anyplay[c]:  # a Curse: on each living player (_rule_curse_target)
                out += [a for a, q in zip(self._A_targets(seat, c), players) if q.alive]
            elif k <= 3:  # a Curse (2) or a Go Up a Level (3), per target
                if ok and k == 3 and self._goup_gate[c] and self._go_up_card_rule(c, seat) is not None:
                    continue  # (its own conditions fail for every target: _rule_go_up)
                rule = self._rule_curse_target if k == 2 else None
                for t, a in enumerate(self._A_targets(seat, c)):
                    if not ok or (wp(seat, a, False) if anyplay[c] else
                                  rule(t) if rule is not None else self._rule_go_up(c, t, seat)) is None:
                        out.append(a)
            else:  # a Special or a One-Shot
                t = self._tcat[c]
                if t == 2:
                    a = P.get(c)
                    if a is None:
                        a = P[c] = A(seat, "play", c)
                    if ok and self._char_gate[c]:
                        # _why_play's answer on the own turn: _why_char_time allows the moment
                        # (seat is the active player), then _why_char_special (a Race / Class to go on)
                        if self._why_char_special(seat, c) is None:
                            out.append(a)
                        continue
                    cands = (a,)
                elif t == 1:  # Cheat!: on an Item in play, or with an Item from the hand
                    cands = [A(seat, "play", c, m=it) for it in p.in_play()]
                    cands += [A(seat, "play", c, m=it) for it in p.hand if self._lasting_item(it)]
                elif t == 3:
                    cands = self._A_targets(seat, c)
                elif t == 4:
                    cands = self._discard_picks(seat, c)
                elif t == 8:  # the card-effect language: per mode and choice (lang_actions.py)
                    if ok and self._lplay_combat[c] and s.combat is None:
                        continue  # (each play's `if` needs a combat: _why_lang_play refuses them all)
                    cands = []
                    self._lang_play_cands(seat, c, cands)
                else:
                    continue
                for a in cands:
                    if not ok or wp(seat, a, False) is None:
                        out.append(a)

    def _play_stays(self, seat: int, c: int, a: Action) -> None:
        """A Half-Breed, Super Munchkin or Cheat! played (``lang_compile.STAYS``; the Hireling
        has its own branch): it goes in play in front of its owner (core rules, 10. Mixed Super
        Munchkin; 9. Treasures and Items: the Cheater lifts an Item's limits), a Cheat!'s Item
        ``a.m`` into use (from the hand: played with it); then the card's other ``played``
        abilities run in the card-effect language (a designer's card: the language README,
        every played ability of a card runs)."""
        p = self.state.players[seat]
        e = self._fx[c]
        if e.get("cheat"):
            p.cheat = c
            p.cheat_item = a.m
            from_hand = a.m in p.hand
            if from_hand:  # the Item is played with the Cheat!, straight into use
                p.hand.remove(a.m)
                p.equipped.append(a.m)
            elif a.m in p.carried and self._lasting_item(a.m):  # (a Fairy Dust Item too)
                p.carried.remove(a.m)
                p.equipped.append(a.m)
            self._play_moved()
            if self.history: self._say(f"{p.name} cheats with {self.name(a.m)}.")
            if from_hand:
                if self.specs[a.m].manual:
                    self._push_manual(seat, a.m, discard=False)
                if "enters_play" in self._lt:
                    self._lang_fire_card("enters_play", a.m, seat, seat)
        else:
            if e.get("half_breed"):
                p.half_breed = c
            else:
                p.super_munchkin = c
            self._play_moved()
            if self.history: self._say(f"{p.name} plays {self.name(c)}.")
        if self._lang and self._lplayed[c]:
            self._lang_played(seat, c, a)
            if self.state.combat is not None:
                self._combat_changed(seat)

    def _level_for(self, c: int) -> None:
        """Every living player matching card ``c``'s ``level_for`` goes up a Level; never to the
        winning Level unless the card says it may (``may_win``: Divine Intervention) - core
        rules, Card Text and These Rules, 4."""
        s = self.state
        e = self._fx[c]
        may_win = bool(e.get("may_win"))
        for q in range(len(s.players)):
            if s.players[q].alive and self.matches(q, e["level_for"]):
                if may_win:
                    self._change_level(q, 1, from_kill=True)
                elif s.players[q].level < 9:
                    self._change_level(q, 1)

    def _to_hand(self, seat: int, c: int, face_up: bool = False) -> None:
        """A card ``seat`` has drawn (``face_up``: drawn face up, e.g. a helped kill's
        Treasures, core rules 7. Rewards) goes to their hand, unless it acts the moment it is
        drawn, then is discarded: ``on_draw: resolve`` (Divine Intervention, face up or down)
        or a ``drawn`` ability of the card-effect language (Hoard!: three more Treasures, face
        up when it came face up; card_facts_more.md 2c, source D). A card that goes to the hand
        is one just received (``Zones._receive``: playable at once, even off turn)."""
        if self._ondraw[c]:
            self._resolve_drawn(seat, c)
        elif not (self._lang and self._acts_when_drawn(c)):
            self._receive(seat, c)  # (received: playable at once, even off turn)
        else:  # (its own event: the one that made the draw keeps its flags, _lang_drawn)
            self._lang_drawn(seat, c, face_up)

    def _acts_when_drawn(self, c: int) -> bool:
        """Card ``c`` acts the moment it is drawn instead of going to a hand (see
        :meth:`_to_hand`)."""
        if self._ondraw[c]:
            return True
        run = self._lrun[c] if self._lang else None
        return bool(run) and "drawn" in run

    def _resolve_drawn(self, seat: int, c: int) -> None:
        """Card ``c`` drawn by ``seat`` acts at once (``on_draw: resolve``) and is discarded."""
        if self.history: self._say(f"{self.name(c)} acts as {self._pn(seat)} draws it.")
        self._discard(c)
        if self._fx[c].get("level_for"):
            self._level_for(c)
        elif self.specs[c].manual:
            self._push_manual(seat, c, discard=False)

    def _slots_full(self, seat: int, c: int) -> int:
        """How many Race (or Class, by the kind of ``c``) cards ``seat`` has when all its
        slots are taken (one, two with Half-Breed / Super Munchkin), else 0 (core rules, 8.
        Race / Class: one at a time unless a Half-Breed / Super Munchkin)."""
        p = self.state.players[seat]
        if self._kind[c] == "race":
            n, limit = len(p.races), 2 if p.half_breed >= 0 else 1
        else:
            n, limit = len(p.classes), 2 if p.super_munchkin >= 0 else 1
        return n if n >= limit else 0

    def _race_class_in(self, seat: int, c: int, say: bool = True) -> None:
        """Race (Class) card ``c`` comes into ``seat``'s play, from the hand (played) or from
        elsewhere (a card's ``take_from_discards``), by the one rule of the slots (core rules,
        8. Race / Class: one at a time, two with Half-Breed / Super Munchkin): with its one
        slot full, the old card goes; with both slots full the player chooses which goes
        (``choose`` why ``replace``; the new card waits in the hand meanwhile, as when played:
        :meth:`_play_card`). It comes into play for its owner (``enters_play``)."""
        s = self.state
        p = s.players[seat]
        k = self._kind[c]
        if c in p.hand:
            p.hand.remove(c)
        self._sba_seats.add(seat)  # restrictions, Big items, the hand limit may change
        full = self._slots_full(seat, c)
        if full > 1:
            p.hand.append(c)
            s.pending.append({"kind": "choose", "why": "replace", "player": seat, "card": c,
                              "options": (), "count": 1})
            if self.history: self._say(f"{p.name} gets {self.name(c)}: which {k.title()} goes?")
            return
        zone = p.races if k == "race" else p.classes
        if full:  # one slot, full: the old card goes
            old = zone[0]
            self._leave_play(seat, old)
            self._discard(old)
        zone.append(c)
        self._play_moved()
        if say and self.history: self._say(f"{p.name} becomes {self.name(c)}.")
        if "enters_play" in self._lt:
            self._lang_fire_card("enters_play", c, seat, seat)

    def _replace_options(self, d: dict) -> tuple:
        """The Races (or Classes) that may make room for the new card, while it is still in
        the hand and the slots still full; only the identical one when the new card is identical
        to one of them (never two identical Races / Classes: ``Character._identical_in_play``)."""
        p = self.state.players[d["player"]]
        c = d["card"]
        if c not in p.hand or not self._slots_full(d["player"], c):
            return ()
        same = self._identical_in_play(d["player"], c)
        if same >= 0:
            return (same,)
        return tuple(p.races if self._kind[c] == "race" else p.classes)

    def _replace_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Race (Class) is discarded and the new one is played in its place."""
        p = self.state.players[seat]
        new = d["card"]
        self._sba_seats.add(seat)
        self._leave_play(seat, card)
        self._discard(card)
        p.hand.remove(new)
        (p.races if self._kind[new] == "race" else p.classes).append(new)
        self._play_moved()
        if self.history: self._say(f"{p.name} discards {self.name(card)} and becomes {self.name(new)}.")
        if self.specs[new].manual:
            self._push_manual(seat, new, discard=False)

    def _rule_curse_target(self, t: int) -> str | None:
        """A Curse goes on any living player (core rules, 10. Curses; 7. Death)."""
        if not self.state.players[t].alive:
            return f"a dead character has nothing to curse ({R_DEATH})"
        return None

    def _rule_go_up(self, c: int, t: int, seat: int) -> str | None:
        """Go Up a Level ``c`` played by ``seat`` on living player ``t`` (yourself or any other
        player: core rules, 9. Treasures and Items, Other Treasures), never to the winning
        Level (core rules, Card Text and These Rules, 4; 7. Death), under the card's own
        conditions: not usable by the player of the highest Level nor one tied for it
        (``not_highest``: Whine at the GM - the player who plays it, card_facts_more.md 2c "not
        usable by", sources B, D, G; living players counted), only with a Hireling in play
        (``needs_hireling``: Kill the Hireling), only after a combat this turn
        (``after_combat``: Mutilate the Bodies)."""
        s = self.state
        tp = s.players[t]
        if not tp.alive:
            return f"dead characters gain no Levels ({R_DEATH})"
        if tp.level + self._uplevels[c] >= 10:
            return f"Go Up a Level cannot give the winning Level ({R_SIDEBAR}, 4)"
        return self._go_up_card_rule(c, seat) if self._goup_cond[c] else None

    def _go_up_card_rule(self, c: int, seat: int) -> str | None:
        """The conditions Go Up a Level ``c`` states on its card (``_goup_cond``), whoever the
        target (:meth:`_rule_go_up`): not_highest, needs_hireling, after_combat."""
        s = self.state
        e = self._goup_cond[c]
        if e.get("not_highest") and s.players[seat].level >= max(q.level for q in s.players if q.alive):
            return f"{self.name(c)}: not usable by the highest-Level player, nor one tied for it (card text)"
        if e.get("needs_hireling") and not any(q.hireling >= 0 for q in s.players):
            return f"{self.name(c)} needs a Hireling in play (card text)"
        if e.get("after_combat") and (s.combat is not None or s.last_combat_turn != s.turn):
            return f"{self.name(c)} is played after a combat (card text)"
        return None

    def _hireling_options(self, d: dict) -> tuple:
        """The Hirelings in play Kill the Hireling may kill, from its player's left (card text:
        card_facts_more.md 2c, sources D and G, one Hireling is discarded; with several in play,
        a designer deck's, the card names none: its player picks, as a card's player picks
        its target - rulebooks silent)."""
        s = self.state
        n = len(s.players)
        seat = d["player"]
        return tuple(h for j in range(1, n + 1) if (h := s.players[(seat + j) % n].hireling) >= 0)

    def _hireling_open(self, d: dict, opts: tuple) -> bool:
        return len(opts) > 1

    def _hireling_answer(self, d: dict, seat: int, card: int) -> None:
        """The Hireling picked for Kill the Hireling is discarded."""
        s = self.state
        q = next(i for i, x in enumerate(s.players) if x.hireling == card)
        self._leave_play(q, card)
        self._discard(card)
        if self.history: self._say(f"{self._pn(q)}'s {self.name(card)} is killed.")

    def _hireling_dropped(self, d: dict, opts: tuple) -> None:
        """One Hireling in play (no choice): it is the one killed."""
        if opts:
            self._hireling_answer(d, d["player"], opts[0])

    def _anytime_card(self, c: int) -> bool:
        """Cards any player may play at any time (core rules, 6. When You May Act; 10.
        Curses): Curses, Go Up a Level, a Hireling, a Curse-cancelling One-Shot."""
        k = self._kind[c]
        if k == "curse" or k == "go_up_a_level":
            return True
        e = self._fx[c]
        return bool(e.get("hireling") or e.get("cancel_curse") or e.get("set_die") or e.get("steal_level"))

    def _anytime_candidates(self, seat: int) -> list[Action]:
        s = self.state
        p = s.players[seat]
        A = self._A
        n = len(s.players)
        out = [A(seat, "discard", c) for c in self._rc_cards(seat)]
        for c in p.hand + [x for x in p.carried if self._kind[x] == "one_shot"]:
            if not self._anytime_card(c):
                continue
            e = self._fx[c]
            if e.get("cancel_curse"):
                out.append(A(seat, "play", c))
                for q in s.players:
                    for cu in q.curses:
                        out.append(A(seat, "play", c, m=cu))
            elif e.get("set_die"):
                out += [A(seat, "play", c, n=v) for v in range(1, 7)]
            elif e.get("hireling"):
                out.append(A(seat, "play", c))
                for it in p.in_play():
                    out.append(A(seat, "play", c, m=it))
            elif self._lang and self._lplayed[c]:  # a Go Up a Level with its own abilities
                self._lang_play_cands(seat, c, out)
            else:
                out += self._A_targets(seat, c)
        if s.combat is not None and s.combat.stage == "run":
            if self._may_run_first(seat):
                self._cand_run_first(seat, out)  # the helper runs first (runaway.py)
            if seat == s.active:  # a card of any moment of the own turn, while another runs (runaway.py)
                for c in p.hand + p.carried:
                    if self._own_turn_card(c):
                        self._cand_own_turn_run(seat, c, False, out)
        if self._combat_moment():  # cards and powers put into a combat (combat_cards.py)
            self._cand_combat_cards(seat, False, out)
            self._cand_use_anytime(seat, out)  # a Race's, Class's or own Item's ability (lang_actions.py)
            if self._ask_help_ok(seat, None):  # the fighter asks for help in the window (combat.py)
                out += [A(seat, "ask_help", target=t) for t in range(n) if t != seat]
        for it in p.in_play():
            if self._kind[it] == "item" or self._dust_item(it):
                for t in range(n):
                    if t != seat:
                        out.append(A(seat, "give", it, t))
                        out += [A(seat, "trade", it, t, m=x) for x in s.players[t].in_play()  # (items.py)
                                if self._lasting_item(x)]
        self._equip_candidates(seat, out)
        if (p.classes or p.races) and self._holds(seat, "steal"):
            self._cand_steal(seat, False, out)  # a Thief steals on any turn (items.py)
        cb = s.combat
        modes = self._lmodes  # a Race, Class or Item whose played abilities are modes: once per mode

        def plays(c: int) -> None:
            if modes[c]:
                self._lang_play_cands(seat, c, out)
            else:
                out.append(A(seat, "play", c))

        if cb is not None and seat == s.active:
            for c in p.hand:
                if self._kind[c] in ("race", "class") or self._char_special(c):
                    plays(c)
        for c in p.fresh:
            if c in p.hand and (self._kind[c] in ("race", "class", "item") or self._char_special(c) or self._dust_item(c)):
                plays(c)
            elif c in p.hand and self._fx[c].get("cheat") and (
                    cb is None or seat != cb.fighter and seat != cb.helper):
                # Cheat! just received (6. When You May Act): with an Item in play or from the
                # hand, by a player taking no part in a combat (_why_play: the Cheat!)
                out += [A(seat, "play", c, m=it) for it in p.in_play()]
                out += [A(seat, "play", c, m=it) for it in p.hand if self._lasting_item(it)]
            elif c in p.hand and self._kind[c] in ("one_shot", "special"):
                if self._kind[c] == "one_shot":
                    out.append(A(seat, "carry", c))
                if seat != s.active and self._fresh_treasure(seat, c):  # played at once off turn
                    if self._fx[c].get("take_discard"):
                        out += self._discard_picks(seat, c)
                    elif self._lang and self._lplayed[c]:
                        self._lang_play_cands(seat, c, out)
                    elif self._fx[c].get("draw_treasures"):
                        out.append(A(seat, "play", c))
        if cb is not None and seat == cb.helper:
            out += [A(seat, "chase", n=i) for i in range(len(cb.monsters))]
            out += [A(seat, "charm", n=i) for i in range(len(cb.monsters))]
        for mod in self._h_extra:  # a rules module's own any-time kinds (RulesModule.anytime_kinds)
            if mod.anytime_kinds:
                out += [a for a in mod.extra_actions(self, seat) if a.kind in mod.anytime_kinds]
        return out

    def _discard_picks(self, seat: int, c: int) -> list[Action]:
        """Candidates of a take-from-the-discards card: the top 3 of each discard pile (any
        discard is legal; the list is a useful subset, like bribes)."""
        out = []
        for pile in self._card_discards():
            for m in pile[-3:]:
                out.append(self._A(seat, "play", c, m=m))
        return out

    def _card_discards(self) -> list:
        """The Door and Treasure discard piles (one per set with the ``piles`` module): the
        piles a card that takes from "the discards" looks through (core rules, 3. Handling
        Cards). Not the Fairy Dust discards (out of the game: Fairy Dust rules) nor the
        Dungeons set aside face down (Scooby-Doo rules, Dungeons)."""
        return [v for k, v in self.state.discards.items()
                if k in ("door", "treasure") or k.startswith("door:") or k.startswith("treasure:")]

    def _why_anytime_play(self, seat: int, a: Action) -> str | None:
        """A Curse, Go Up a Level, Steal a Level, Loaded Die, Hireling or Curse-cancelling card
        played at any time (core rules, 6. When You May Act; 9. Other Treasures; 10. Curses)."""
        s = self.state
        c = a.card
        p = s.players[seat]
        if c not in p.hand and not (c in p.carried and self._kind[c] == "one_shot"):
            return f"{self._cn(c)} is not in your hand"
        e = self._fx[c]
        if e.get("cancel_curse"):
            return self._why_cancel(seat, a)
        if e.get("set_die"):
            return None if 1 <= a.n <= 6 else "Loaded Die: n = the die result you choose (1..6)"
        if e.get("steal_level"):
            if not (0 <= a.target < len(s.players)) or a.target == seat:
                return "Steal a Level: t must be another player"
            if not s.players[a.target].alive or not p.alive:
                return f"dead characters gain and lose no Levels ({R_DEATH})"
            if p.level + 1 >= 10:
                return f"a card cannot give the winning Level ({R_SIDEBAR}, 4)"
            return None
        if e.get("hireling"):
            if not p.alive:
                return f"a dead character has no cards in play ({R_DEATH})"
            if p.hireling >= 0:
                return "you already have a Hireling"
            if a.m != -1 and (a.m not in p.in_play() or not self._lasting_item(a.m)):
                return "the Hireling carries an item m you have in play"
            if a.m != -1 and s.phase == "combat" and seat in (s.combat.fighter, s.combat.helper):
                return f"no item changes during combat ({R_COMBAT})"
            return None
        return self._why_play(seat, a, in_combat=s.phase == "combat")

    def _steal_a_level(self, seat: int, victim: int, c: int) -> None:
        """Steal a Level (``steal_level``, played by ``seat`` on ``victim``): the victim loses a
        Level and the player of the card gains one (never the winning Level:
        :meth:`_why_anytime_play`; core rules, Card Text and These Rules, 4).

        A victim at Level 1 loses nothing, and the player of the card still gains the Level.
        The rulebooks are silent on this case (the card's text is not in them; our sources
        give only its name and the two parts, card_facts.md, Other treasures): the rule they
        do give, that nothing takes a Level below 1 (core rules, Card Text and These Rules, 1;
        8. Level), stops only the victim's loss, and the card's gain is its own instruction
        to the player of the card - read so by most tables, as a Curse's part that finds
        nothing to take is skipped while the rest stands (10. Curses). The card is not refused
        on a Level 1 player (``steal_a_level_from_a_level_1_player``)."""
        self._change_level(victim, -1)
        self._change_level(seat, 1)
        if self.history: self._say(f"{self._pn(seat)} steals a Level from {self._pn(victim)} ({self.name(c)}).")

    def _fresh_treasure(self, seat: int, c: int) -> bool:
        """Treasure card ``c`` was just received by ``seat`` (``PlayerState.fresh``) and no
        combat is going on: it may be played at once, off turn too, as on the own turn out of
        combat (core rules, 9. Treasures and Items: a Treasure is played when received or at any
        time of the own turn out of combat, unless the card says otherwise; 6. When You May
        Act: out of a combat, a card just received; 10. Playing Items) - a One-Shot whose use
        out of combat the engine otherwise allows on the own turn only (Wand of Dowsing, a
        ``draw`` of Treasures, a manual One-Shot). A bystander of another player's combat may
        do it too by the rulebook; the engine runs those cards' effects out of combat only, so
        it waits for the combat's end (reading kept)."""
        s = self.state
        return s.combat is None and self.specs[c].deck == "treasure" and c in s.players[seat].fresh

    def _why_char_time(self, seat: int, c: int, item: bool = False) -> str | None:
        """When a Race, Class (and Half-Breed / Super Munchkin, played whenever a Race / Class
        may be) or an Item (``item``) may be played: on the own turn, or at once when just
        received (core rules, 6. When You May Act; 9.; 10. Races and Classes, Mixed Super
        Munchkin); in a combat the player fights in, a Race or Class only on the own turn
        and never an Item (7. Combat; 10. Using Items). None when the moment is right."""
        s = self.state
        own_turn = s.active == seat
        if not own_turn and c not in s.players[seat].fresh:
            return f"only on your own turn, or at once when just received ({R_WHEN})"
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper) and (item or not own_turn):
            return f"Items are not played during combat ({R_COMBAT}; {R_WHEN})" if item else \
                f"a Race or Class is played in a combat only on your own turn ({R_WHEN})"
        return None

    def _why_play(self, seat: int, a: Action, in_combat: bool) -> str | None:
        s = self.state
        p = s.players[seat]
        c = a.card
        if c not in p.hand and not (c in p.carried and self._kind[c] == "one_shot"):
            return f"{self._cn(c)} is not in your hand"
        if self._anyplay[c]:
            return self._why_anytime_play(seat, a)
        if self._lwhy[c]:
            r = self._why_lang_card(seat, a, in_combat)  # the card-effect language (lang_actions.py)
            if r is not NotImplemented:
                return r
        k = self._kind[c]
        if k == "curse":
            if not (0 <= a.target < len(s.players)):
                return "a Curse needs a target player t"
            return self._rule_curse_target(a.target)
        if k in ("race", "class", "item"):
            r = self._why_char_time(seat, c, k == "item")
            return r if r is not None else self._why_play_char_or_item(seat, c)
        sp = self.specs[c]
        e = self._fx[c]
        own_turn = s.active == seat
        if k == "go_up_a_level":
            if self._lang and self._lplayed[c]:
                # its own played abilities say what it does (core rules' one Level only
                # without them: the language README), at any time like every Go Up a Level
                return self._why_lang_play(seat, a, in_combat, anytime=True)
            if not (0 <= a.target < len(s.players)):
                return "Go Up a Level needs a target player t"
            return self._rule_go_up(c, a.target, seat)
        if k == "monster":
            return f"monsters are fought by Kick Down the Door, Look for Trouble, a Wandering Monster or joining ({R_WHEN})"
        if k == "one_shot":
            if e.get("escape"):
                if not (in_combat and s.combat.stage == "run"):
                    return f"{sp.name} is used while running away ({R_RUN})"
                return self._why_escape_card(seat, c)
            if e.get("reroll_escape"):
                return f"{sp.name} is played right after another player escapes a monster ({R_RUN})"
            if e.get("own_turn") and not own_turn:
                return f"{sp.name} is used only on your own turn (card text)"
            if e.get("take_discard"):
                if (in_combat or not own_turn) and not self._fresh_treasure(seat, c):
                    return (f"{sp.name} is used on your own turn out of combat, or at once when just "
                            f"received ({R_WHEN}: Playing Items)")
                if not any(a.m in v for v in self._card_discards()):
                    return f"{sp.name}: m must be a card in a discard pile (Door or Treasure)"
                return None
            if e.get("draw_treasures") and not e.get("end_combat") and not in_combat:
                return None if own_turn or self._fresh_treasure(seat, c) else \
                    f"only on your own turn, or at once when just received ({R_WHEN})"
            if not in_combat:
                if sp.manual:
                    return None if own_turn or self._fresh_treasure(seat, c) else \
                        f"only on your own turn, or at once when just received ({R_WHEN})"
                return f"One-Shots are used in combat ({R_ITEMS}: Single-Use Items)"
            if e.get("discard_monster"):
                if not (0 <= a.n < len(s.combat.monsters)):
                    return "choose the monster n to remove"
                return None
            if e.get("transfer_fighter"):
                why = self._why_not_transfer(a.target)
                return why and f"{sp.name}: {why}"
            if e.get("double_fighter"):
                cb = s.combat
                if seat != cb.fighter or cb.helper >= 0:
                    return f"{sp.name} is played by a fighter who fights alone (card text)"
                if cb.perplayer.get(seat):
                    return f"{sp.name}: your strength is already doubled"
                return None if a.n == 0 else "n = 0 (munchkin side)"
            side = e.get("side", "either")
            if a.n not in (0, 1):
                return "n = 0 (munchkin side) or 1 (monster side)"
            if side == "munchkin" and a.n == 1 or side == "monster" and a.n == 0:
                return f"{sp.name} helps only the {side} side"
            return None
        if k == "monster_enhancer":
            if not in_combat:
                return f"Monster Enhancers are played during a combat ({R_WHEN}: Monster Enhancers)"
            if not s.combat.monsters:  # all sent away (official FAQ: the 2.6 seconds after any defeat)
                return f"no monster in the combat for {sp.name} to go to ({R_WHEN}: Monster Enhancers)"
            if not (0 <= a.n < len(s.combat.monsters)):
                return f"choose which monster n the enhancer goes to ({R_WHEN}: Monster Enhancers)"
            return None
        if k == "special":
            if e.get("wandering_monster"):
                if not in_combat:
                    return f"a Wandering Monster joins a combat ({R_WHEN})"
                if a.m not in p.hand or self._kind[a.m] != "monster":
                    return f"a Wandering Monster brings a monster m from your hand ({R_WHEN})"
                return None
            if e.get("half_breed"):
                if self._why_char_time(seat, c) is not None:
                    return f"Half-Breed is played when a Race may be played: any time of your turn, or at once when just received ({R_WHEN}: Mixed Super Munchkin)"
                return self._why_char_special(seat, c)
            if e.get("super_munchkin"):
                if self._why_char_time(seat, c) is not None:
                    return f"Super Munchkin is played when a Class may be played: any time of your turn, or at once when just received ({R_WHEN}: Mixed Super Munchkin)"
                return self._why_char_special(seat, c)
            if e.get("cheat"):
                # on an Item in play, or with an Item played from the hand (Scooby-Doo rules,
                # Cheat!; the core rules, 9., name the Cheat! among the cards lifting the limits);
                # not by a player who fights or helps in a combat (7. Combat: no item changes
                # then), while a bystander of another player's combat may play one just
                # received, as any card just received out of a combat they take part in (6.
                # When You May Act; 9.: a Treasure is played when received, "not in combat"
                # being the player's own; the Items: _why_char_time) -
                # cheat_just_received_played_by_a_bystander_of_a_combat
                cb = s.combat
                if in_combat and cb is not None and (seat == cb.fighter or seat == cb.helper):
                    return f"no item changes during combat ({R_COMBAT})"
                if p.cheat >= 0:
                    return "you already use a Cheat!"
                if a.m in p.hand and self._lasting_item(a.m):
                    return self._why_char_time(seat, a.m, True)
                if a.m not in p.in_play():
                    return "Cheat! goes on an Item m you have in play, or one you play from your hand with it"
                return None
            if e.get("end_combat"):
                return None if in_combat else f"{sp.name} is played during a combat (card text)"
            if e.get("take_item"):
                return self._why_take_item(seat, a, in_combat)
            if e.get("swap_monster"):
                if not in_combat:
                    return f"{sp.name} is played during a combat (card text)"
                if not (0 <= a.n < len(s.combat.monsters)):
                    return f"{sp.name}: n must be a monster of the combat"
                if a.m not in p.hand or self._kind[a.m] != "monster":
                    return f"{sp.name}: m must be a monster from your hand"
                return None
            if e.get("draw_treasures"):
                if (in_combat or not own_turn) and not self._fresh_treasure(seat, c):
                    return (f"{sp.name} is played on your own turn out of combat, or at once when just "
                            f"received ({R_WHEN}: Playing Items)")
                return None
            if e.get("level_for") or sp.manual:
                return None
            return f"{sp.name} cannot be played now"
        return f"{sp.name} ({k}) cannot be played now"

    def _for_the_monsters(self, c: int, a: Action) -> bool:
        """One-Shot ``c`` of the card-effect language, played with ``a``, goes to the monster
        side: a played ability (the chosen mode's) aimed at the monster side, or at the side
        the player chooses when ``a.n`` is 1 (core rules, 7. Interfering in Combat: a One-Shot
        may be used against the fighter). Such a card is not one the munchkin side used
        (``CombatState.for_monsters``: e.g. fire that kills the Large Angry Chicken)."""
        modes = self._modes(c)
        for idx, ab in self._lrun[c].get("played", ()):
            if modes and (not a.cards or a.cards[0] != idx):
                continue
            w = ab.who.name
            if w == "monster_side" or (w == "chosen_side" and a.n == 1):
                return True
        return False

    def _play_card(self, seat: int, a: Action) -> None:
        s = self.state
        p = s.players[seat]
        c = a.card
        sp = self.specs[c]
        k = sp.kind
        e = self._fx[c]
        if e.get("cancel_curse"):
            for q, qp in enumerate(s.players):
                if a.m in qp.curses:
                    self._cancel_curse(seat, c, a.m, q, q)
                    return
            return
        if (k == "race" or k == "class") and self._slots_full(seat, c) > 1:
            # both slots full: the player chooses which card goes (rulebook silent on the
            # order: not the oldest silently); the new card waits in the hand meanwhile
            s.pending.append({"kind": "choose", "why": "replace", "player": seat, "card": c,
                              "options": (), "count": 1})
            if self.history: self._say(f"{p.name} plays {sp.name}: which {k.title()} goes?")
            return
        if c in p.hand:
            p.hand.remove(c)
        elif c in p.carried:
            self._leave_play(seat, c)
        self._sba_seats.add(seat)  # a card of this player enters play (state-based checks)
        if e.get("set_die"):
            self._discard(c)
            s.forced.insert(0, a.n)
            if self.history: self._say(f"{p.name} plays {sp.name}: the next die shows {a.n}.")
            return
        if e.get("steal_level"):
            self._discard(c)
            self._steal_a_level(seat, a.target, c)
            return
        if e.get("hireling"):
            p.hireling = c
            p.hireling_item = a.m
            if a.m >= 0 and a.m in p.carried and self.can_use(seat, a.m):
                p.carried.remove(a.m)
                p.equipped.append(a.m)
            self._play_moved()
            if self.history: self._say(f"{p.name} hires {sp.name}" + (f", who carries {self.name(a.m)}." if a.m >= 0 else "."))
            if "enters_play" in self._lt:
                self._lang_fire_card("enters_play", c, seat, seat)
            if self._lang and self._lplayed[c]:  # its other played abilities (lang_compile.STAYS)
                self._lang_played(seat, c, a)
            return
        if sp.manual and k in ("race", "class"):
            self._push_manual(seat, c, discard=False)
        if k == "race" or k == "class":
            self._race_class_in(seat, c)
            if self._lang and self._lplayed[c]:  # its own played abilities, as it comes in
                self._lang_played(seat, c, a)
        elif self._lasting_item(c):  # (a valued Fairy Dust card is an Item too)
            if self.can_use(seat, c) and self.why_slot(seat, c) is None:
                p.equipped.append(c)
                self._play_moved()
                if self.history: self._say(f"{p.name} puts {sp.name} in use.")
            else:
                p.carried.append(c)
                if self.history: self._say(f"{p.name} carries {sp.name}.")
            if sp.manual:
                self._push_manual(seat, c, discard=False)
            if "enters_play" in self._lt:
                self._lang_fire_card("enters_play", c, seat, seat)
            if self._lang and self._lplayed[c]:
                self._lang_played(seat, c, a)
        elif k == "curse":
            if self.history: self._say(f"{p.name} curses {self._pn(a.target)} with {sp.name}.")
            self._apply_curse(a.target, c, seat)
            if self._lang and self._lplayed[c]:  # what it does for its caster (its hits: the victim)
                self._lang_played(seat, c, a)
            self._combat_changed(seat)
        elif k == "go_up_a_level" and self._lang and self._lplayed[c]:
            if self.history: self._say(f"{p.name} plays {sp.name}.")
            self._lang_played(seat, c, a)
            self._discard(c)  # (after its abilities: an in_play change of it ends here)
        elif k == "go_up_a_level":
            self._change_level(a.target, e.get("levels", 1))
            self._discard(c)
            if self.history: self._say(f"{p.name} plays {sp.name}: {self._pn(a.target)} is Level {s.players[a.target].level}.")
            if e.get("kill_hireling"):  # Kill the Hireling: its player picks the Hireling (one in play: it goes)
                s.pending.insert(0, {"kind": "choose", "why": "hireling", "player": seat, "options": (), "count": 1})
        elif k == "one_shot":
            cb = s.combat
            if self._lang and self._lplayed[c]:  # the card-effect language: its played abilities
                if cb is not None:
                    self._lay_in_combat(seat, c)
                    if self._for_the_monsters(c, a):
                        cb.for_monsters.append(c)
                if self.history: self._say(f"{p.name} plays {sp.name}.")
                self._lang_played(seat, c, a)
                if cb is None:
                    self._discard(c)  # (after its abilities: an in_play change of it ends here)
                if s.combat is not None:
                    self._combat_changed(seat)
            elif e.get("escape") and cb is not None:
                self._discard(c)
                if self.history: self._say(f"{p.name} uses {sp.name} and escapes.")
                both = e.get("escape_both") and len(cb.runners) > 1
                for q in (list(cb.runners) if both else [seat]):
                    self._get_away(q, source=c)
                if both and self.history: self._say(f"{sp.name} lets the other runner escape too.")
            elif cb is None:
                self._discard(c)
                if self.history: self._say(f"{p.name} uses {sp.name}.")
                if e.get("take_discard"):
                    for pile in self._card_discards():
                        if a.m in pile:
                            pile.remove(a.m)
                            p.hand.append(a.m)
                            if self.history: self._say(f"{p.name} takes {self.name(a.m)} from the discards.")
                            break
                for _ in range(e.get("draw_treasures", 0)):
                    t = self._draw("treasure", seat)  # the drawer's own pile (piles)
                    if t >= 0:
                        self._to_hand(seat, t)
                if sp.manual:
                    self._push_manual(seat, c, discard=False)
            else:
                self._lay_in_combat(seat, c)
                if e.get("discard_monster"):
                    if self.history: self._say(f"{p.name} uses {sp.name} on {self.name(cb.monsters[a.n])}.")
                    if (e.get("keep_treasure") or e.get("leave_treasure")) and len(cb.monsters) == 1:
                        cb.extra_treasures = self.treasure_count()  # alone: the fighter draws them
                        cb.stay_treasures = 0
                        self._remove_monster(a.n)
                    elif e.get("leave_treasure"):
                        # its Treasures stay behind for the winner of the rest (Pollymorph
                        # Potion: card_facts_more.md 2b; a runner loses them, core rules, 7.)
                        before = self.treasure_count()
                        self._remove_monster(a.n)
                        cb.stay_treasures += before - self.treasure_count()
                    else:
                        self._remove_monster(a.n)
                    self._after_monster_removed()
                elif e.get("end_combat"):
                    if self.history: self._say(f"{p.name} uses {sp.name}: the combat ends"
                                               + ("; the room may still be looted." if e.get("loot_room") else "."))
                    self._end_all_monsters(seat, e.get("draw_treasures", 0), bool(e.get("loot_room")))
                elif e.get("transfer_fighter"):
                    if self.history: self._say(f"{p.name} plays {sp.name}: the monsters attack {self._pn(a.target)} "
                              f"instead of {self._pn(cb.fighter)}.")
                    self._make_fighter(a.target)
                elif e.get("double_fighter"):
                    cb.perplayer[seat] = 1
                    if self.history: self._say(f"{p.name} plays {sp.name}: their own strength counts twice.")
                    self._combat_changed(seat)
                else:
                    if a.n == 1:
                        cb.mbonus += sp.bonus or 0
                        cb.for_monsters.append(c)
                    else:
                        cb.pbonus += sp.bonus or 0
                    if self.history: self._say(f"{p.name} plays {sp.name} ({(sp.bonus or 0):+d}) for the "
                              f"{'monsters' if a.n == 1 else 'munchkins'}.")
                    self._combat_changed(seat)
                if sp.manual:
                    self._push_manual(seat, c, discard=False)
        elif k == "monster_enhancer":
            cb = s.combat
            self._lay_in_combat(seat, c, a.n)
            if self.history: self._say(f"{p.name} plays {sp.name} on {self.name(cb.monsters[a.n])}.")
            if self._lang and self._lplayed[c]:
                self._lang_played(seat, c, a, cb.monsters[a.n])
            if sp.manual:
                self._push_manual(seat, c, discard=False)
            self._combat_changed(seat)
        elif k == "special":
            if e.keys() & STAYS:  # in play in front of its owner, then its other played abilities
                self._play_stays(seat, c, a)
            elif self._lang and self._lplayed[c]:  # the card-effect language: its played abilities
                self._discard(c)
                if self.history: self._say(f"{p.name} plays {sp.name}.")
                self._lang_played(seat, c, a)
                if s.combat is not None:
                    self._combat_changed(seat)
            elif e.get("wandering_monster"):
                p.hand.remove(a.m)
                self._discard(c)
                # (said first: what the monster does as it enters the combat follows)
                if self.history: self._say(f"{p.name} plays {sp.name}: {self.name(a.m)} joins the combat.")
                self._add_monster(a.m)
                self._combat_changed(seat)
            elif e.get("end_combat"):
                self._discard(c)
                if self.history: self._say(f"{p.name} plays {sp.name}: the combat ends.")
                self._end_all_monsters(s.combat.fighter, e.get("draw_treasures", 0), bool(e.get("loot_room")))
            elif e.get("take_item"):
                self._discard(c)
                self._remove_from_play(a.target, a.m)
                if self.can_use(seat, a.m) and self.why_slot(seat, a.m) is None:
                    p.equipped.append(a.m)
                    self._play_moved()
                else:
                    p.carried.append(a.m)
                if self.history: self._say(f"{p.name} plays {sp.name}: takes {self.name(a.m)} from {self._pn(a.target)}.")
                self._combat_changed(seat)
            elif e.get("swap_monster"):
                self._discard(c)
                old = s.combat.monsters[a.n]
                self._remove_monster(a.n)
                p.hand.remove(a.m)
                self._add_monster(a.m)
                if self.history: self._say(f"{p.name} plays {sp.name}: {self.name(old)} is replaced by {self.name(a.m)}.")
                self._combat_changed(seat)
            elif e.get("draw_treasures"):
                self._discard(c)
                got = 0
                for _ in range(e["draw_treasures"]):
                    t = self._draw("treasure", seat)  # the drawer's own pile (piles)
                    if t >= 0:
                        self._to_hand(seat, t)
                        got += 1
                if self.history: self._say(f"{p.name} plays {sp.name}: draws "
                                           f"{got or 'no'} Treasure{'' if got == 1 else 's'}.")
            elif e.get("level_for"):
                self._discard(c)
                if self.history: self._say(f"{p.name} plays {sp.name}.")
                self._level_for(c)
            else:
                if self.history: self._say(f"{p.name} plays {sp.name} (resolved by hand).")
                self._push_manual(seat, c, discard=True)
