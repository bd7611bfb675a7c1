"""Running Away (core rules, 7. Combat: Running Away and Bad Stuff): the rolls, their
modifiers, escaping, Flask of Glue, Bad Stuff. Action kinds ``roll`` and ``flight`` (a
Wizard's), and what may be played while running (escape cards); candidate generator
``_cand_run``; the pending decision ``glue`` is answered here.
"""
from __future__ import annotations

from .actions import Action
from .kinds import charity_first, combat_only, fighter_only, not_in_combat, setup_only
from .refs import R_RUN, R_SD_RUN
from .rules import AUTOMATIC_RUN

#: Ops that roll a die first (a Bad Stuff starting with one waits for reactions to the roll)
_ROLL_OPS = frozenset(("roll", "lose_cards_roll", "lose_level_per_roll"))


class RunAway:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: Running Away (see the module
    docstring)."""

    def _start_run(self) -> None:
        """Run Away (core rules, 7. Combat: Running Away): the fighter, then the helper, each
        roll once per monster in the order they choose - unless the helper runs first
        (:meth:`_may_run_first`)."""
        s = self.state
        c = s.combat
        c.stage = "run"
        c.window = []
        c.runners = [c.fighter] + ([c.helper] if c.helper >= 0 else [])
        c.rolled = []
        if self.history: self._say(f"{self._pn(c.fighter)} tries to Run Away.")

    @staticmethod
    def _rolls(die: int, total: int) -> str:
        """The log's words for a Run Away roll: "rolls 4", or "rolls 4 (total 5)" when
        modifiers change the die (the total is said once), or "rolls 4 (Running Away is
        automatic here)" when a place makes it automatic (:data:`~.rules.AUTOMATIC_RUN`, the
        Brig: its bonus is no printed number, so it is never shown as a total)."""
        if total >= AUTOMATIC_RUN // 2:
            return f"rolls {die} (Running Away is automatic here)"
        return f"rolls {die}" if die == total else f"rolls {die} (total {total})"

    def _roll_mod(self, seat: int, die: int) -> int:
        """Apply persistent die-roll curses (e.g. a chicken on the head) and the card-effect
        language's ``roll_mod`` changes."""
        rm = self._roll_mod_of
        for cu in self.state.players[seat].curses:
            die += rm[cu]
        if "roll_mod" in self._lstat or self.state.ledger.entries:  # the card-effect language
            die += self._lx("roll_mod", ("player", seat))
        return die

    def _own_run_away(self, seat: int) -> int:
        """The Run Away modifier ``seat``'s own cards give, whatever the roll is for (a
        monster, a room's roll, a room destroyed): the ``run_away`` of their Race and Class
        cards (the Elf's +1) and of the items in use (Boots, Tuba of Charm), from the cards'
        compiled records, plus the card-effect language's other ``run_away`` changes of the
        player - core rules, 7. Running Away; the Race and Item cards."""
        p = self.state.players[seat]
        ra = self._run_away
        mod = 0
        for c in p.races:
            mod += ra[c]
        for c in p.classes:
            mod += ra[c]
        for it in p.equipped:
            if ra[it] and self.can_use(seat, it):
                mod += ra[it]
        if self._lang and ("run_away" in self._lstat or self.state.ledger.entries):  # (else _lx adds 0)
            mod += self._lx("run_away", ("player", seat))
        return mod

    def _lone_run_total(self, seat: int, die: int) -> int:
        """The total of a Run Away roll with no monster to flee (the op ``run_away_roll``, and
        so a room's roll on entry in the short form too; the roll of a player inside a
        destroyed room): ``die`` with its modifiers (:meth:`_roll_mod`), ``seat``'s own Run Away
        modifiers (:meth:`_own_run_away`) and those of where ``seat`` stands (a rules module's
        ``run_away_here``: a room's Run Away modifier). The one home of that sum (SMA rules,
        Questions and Answers, Shaft of Doom: a room's Run Away roll takes the modifiers to
        that roll; Combat: your room's special modifiers)."""
        tot = self._roll_mod(seat, die) + self._own_run_away(seat)
        for h in self._h_here:
            tot += h.run_away_here(self, seat)
        return tot

    def run_away_modifier(self, seat: int, i: int) -> int:
        """Total Run Away modifier of ``seat`` against monster ``i``: its own cards
        (:meth:`_own_run_away`), the monster's modifier, Wizard flight, modules."""
        s = self.state
        c = s.combat
        mod = self._own_run_away(seat)
        m = c.monsters[i]
        ra = self._run_away
        mod += ra[m]
        for e in c.enh[i]:
            mod += ra[e]
        mod += c.flight.get(seat, 0)
        for h in self._h_run:
            mod += h.run_away_modifier(self, seat, i)
        # the card-effect language: the monster's run_away (no card and no lasting change: 0)
        if self._lang and ("run_away" in self._lstat or s.ledger.entries):
            mod += self._lx("run_away", ("monster", m))
        return mod

    def _run_roll(self, seat: int, i: int) -> None:
        s = self.state
        c = s.combat
        m = c.monsters[i]
        die = self._roll()
        if self._lang:  # the card-effect language: die_rolled / run_away_rolled (abilities.py)
            self._lang_run_roll(seat, i, die)
            return
        total = self._roll_mod(seat, die) + self.run_away_modifier(seat, i)
        c.rolled.append(i)
        self._run_outcome(seat, i, die, total, total >= 5 and not self._fx[m].get("no_run_away"))

    def _run_outcome(self, seat: int, i: int, die: int, total: int, ok: bool) -> None:
        """A Run Away roll stands: ``ok`` escapes monster ``i`` (a Flask of Glue may still make
        the runner roll again), else its Bad Stuff (core rules, 7. Running Away)."""
        s = self.state
        m = s.combat.monsters[i]
        sp = self.specs[m]
        if ok:
            if self.history: self._say(f"{self._pn(seat)} {self._rolls(die, total)} and escapes {sp.name}.")
            # (nobody holds a Flask of Glue, even dead: no holder to ask, as the loop would find)
            if self._has_glue and self._hand_held(self._glue_set):
                n = len(s.players)
                holders = tuple(q for q in ((seat + j) % n for j in range(1, n))
                                if s.players[q].alive and self._glue_cards(q))
                if holders:
                    s.pending.append({"kind": "glue", "player": holders[0], "runner": seat,
                                      "monster": i, "rest": holders[1:]})
                    return
            self._escaped(seat, i)
        elif self._flight_may_save(seat, i, die):
            if self.history: self._say(f"{self._pn(seat)} {self._rolls(die, total)} against {sp.name}: flight may still save them.")
            s.pending.append({"kind": "flight", "player": seat, "monster": i, "die": die})
        else:
            self._caught(seat, i, die, total)

    def _caught(self, seat: int, i: int, die: int, total: int) -> None:
        """A failed Run Away roll stands: monster ``i``'s Bad Stuff (core rules, 7.). A total
        of 5 or more fails only against a monster that allows no Run Away (Floating Nose): the
        log says so."""
        m = self.state.combat.monsters[i]
        if self.history:
            why = f"{self.name(m)} allows no Run Away and" if total >= 5 else f"{self.name(m)}"
            self._say(f"{self._pn(seat)} {self._rolls(die, total)}: {why} catches them. Bad Stuff!")
        self._bad_stuff(seat, m)

    def _flight_may_save(self, seat: int, i: int, die: int) -> bool:
        """After a failed Run Away roll: may the runner's flight still make it an escape? A
        Wizard (a Race or Class card with Flight) with flight cards left (3 a combat) and a card
        to discard, when the cards left would reach 5 (Wizard class card: up to 3 cards after
        rolling the die to Run Away, +1 each; a decision that cannot change the outcome is not
        asked). Tried on the rule's own total (:meth:`run_away_result`) with every card left."""
        c = self.state.combat
        used = c.flight.get(seat, 0)
        if used >= 3 or not self._holds(seat, "flight"):
            return False
        p = self.state.players[seat]
        if not any(self._may_discard_for_ability(seat, x, "flight") for x in p.hand + p.in_play()):
            return False
        c.flight[seat] = 3
        try:
            return self.run_away_result(seat, i, die)[1]
        finally:
            if used:
                c.flight[seat] = used
            else:
                del c.flight[seat]

    def _escaped(self, seat: int, i: int) -> None:
        """``seat`` gets away from monster ``i`` - by a Run Away roll that stands (a 5 or more,
        an ``auto_escape``) or by a card (:meth:`_get_away`): its ``escaped`` abilities apply -
        its ``on_escape`` ops (core rules, 7. Running Away: some monsters hurt you even when
        you escape) - then those of the other cards that hear it (Tuba of Charm). The one
        place every escape goes through."""
        m = self.state.combat.monsters[i]
        run = self._lrun[m]
        if run and "escaped" in run:  # the monster's own escaped abilities (on_escape)
            before = self._victim_snap(seat) if self.history else None
            self._lang_fire_card("escaped", m, -1, seat, m, own=True)
            if before is not None:
                self._say_what_it_did(seat, before, m, " even on getting away")
        if "escaped" in self._lt:  # the other cards that hear it (Tuba of Charm)
            self._lang_fire("escaped", seat, m)

    def _no_run_away(self, m: int) -> bool:
        """Monster card ``m`` allows no Run Away (``no_run_away``, printed - Crabs, Floating
        Nose - or granted by a card in play or a lasting change): the one test of the roll's
        outcome (``LangRolls.run_away_result``) and of the escape cards (:meth:`_card_escape_blocked`)."""
        if self._fx[m].get("no_run_away"):
            return True
        return ("no_run_away" in self._lstat or bool(self.state.ledger.entries)) and \
            self._static_has(("monster", m), "no_run_away")

    def _card_escape_blocked(self, m: int, source: int) -> bool:
        """Does card ``source``'s escape (Invisibility Potion, Instant Wall: the ``escape``
        op or short form) fail to get its runner away from monster card ``m``? Yes when ``m``
        allows no Run Away (:meth:`_no_run_away`): there is no Run Away for the card to make
        succeed - unless ``source`` is a Hireling, whose sacrifice gets its owner away even
        from such a monster. The core rulebook is silent; the reading is the official one
        (Andrew Hackard, Munchkin line editor, SJ Games forums, thread 147597: against a
        monster that allows no Run Away no attempt succeeds automatically, unless the card
        says it works even then) and the Hireling rules of the later sets (Munchkin 4, 5, 8:
        a Hireling given up gets its owner away, a monster that forbids escape included).
        ``source`` -1 (no card): not blocked."""
        return source >= 0 and not self._fx[source].get("hireling") and self._no_run_away(m)

    def _why_escape_card(self, seat: int, card: int) -> str | None:
        """None, or why escape card ``card`` (Instant Wall) cannot get runner ``seat`` away:
        every monster still after them (not rolled for yet, and pursuing them) allows no Run
        Away (:meth:`_card_escape_blocked`; rulebook silent, official ruling there)."""
        c = self.state.combat
        if c is None or seat not in c.runners:
            return None
        first = c.runners[0] == seat
        left = [m for i, m in enumerate(c.monsters)
                if (not first or i not in c.rolled) and self._pursues(seat, m)]
        if left and all(self._card_escape_blocked(m, card) for m in left):
            return (f"{self.name(card)}: {self.name(left[0])} allows no Run Away - no card gets you "
                    f"away from it (official ruling; {R_RUN})")
        return None

    def _get_away(self, seat: int, rolling: int = -1, source: int = -1) -> None:
        """Runner ``seat`` escapes by a card (Invisibility Potion, Instant Wall, discarding the
        Hireling: the ``escape`` op, or an escape One-Shot without the card-effect language):
        no roll, no Bad Stuff, and every monster still after them - those not rolled for yet,
        and monster ``rolling`` whose Run Away roll is being answered - counts as escaped for
        its ``escaped`` abilities (:meth:`_escaped`: Mr. Bones' Level, Tuba of Charm's
        Treasure). The rulebook and the cards do not say whether an escape by a card is an
        escape for "even if you escape"; most players read any escape as one, so it is here. A
        monster that does not pursue ``seat`` (:meth:`_not_pursued`) is no escape. The flags
        of the event that ran the card (``self._ev``: its ``void``) are kept: each ``escaped``
        event stacks on it (``Abilities._lang_event``). A monster the card ``source`` cannot
        get the runner away from (:meth:`_card_escape_blocked`: one that allows no Run Away)
        stays: the runner still rolls for it (and is caught). The other runner, who has rolled
        for nothing yet, is freed only when no such monster pursues them (else they run from
        every monster as usual: the engine keeps no escapes for a runner before their rolls)."""
        c = self.state.combat
        if c is None or seat not in c.runners:
            return
        pursue = self._pursues
        n = len(c.monsters)
        stuck = {i for i in range(n) if self._card_escape_blocked(c.monsters[i], source)} \
            if source >= 0 else ()
        if c.runners[0] == seat:
            away = [i for i, m in enumerate(c.monsters)
                    if (i not in c.rolled or i == rolling) and pursue(seat, m) and i not in stuck]
            c.rolled = [i for i in range(n) if i in c.rolled or i not in stuck]
        else:  # the other runner, who has rolled for nothing yet
            if any(pursue(seat, c.monsters[i]) for i in stuck):
                return
            away = [i for i, m in enumerate(c.monsters) if pursue(seat, m)]
            c.runners.remove(seat)
        for i in away:
            if self.state.combat is not c or not self.state.players[seat].alive:
                break
            self._escaped(seat, i)

    def _glue_cards(self, seat: int) -> list[int]:
        """Flask of Glue cards (``reroll_escape``) of ``seat``, hand or table (core rules, 9.
        Single-Use Items)."""
        p = self.state.players[seat]
        g = self._glues
        return [c for c in p.hand + p.carried if g[c]]

    def _bad_stuff(self, seat: int, m: int) -> None:
        """Monster ``m`` catches ``seat``: its ``caught`` abilities - its Bad Stuff - (or a
        module's, or a manual decision), then the other cards that hear the catch, then the log
        says what it took in game words (core rules, 7. Running Away and Bad Stuff). Bad Stuff
        that starts with a die roll (3,872 Orcs, Snails on Speed) rolls first and lets the cards
        that react to a die roll answer before the result is used (:meth:`_lang_die_window`:
        Loaded Die)."""
        if self._h_bad:
            # a module that applies the Bad Stuff may say its own line (a change the core cannot
            # see: the Fairy's charm); else the core says the changes it sees, before any death
            entry = self._bad_begin(seat, m)
            said = len(self._log)
            done = any(mod.on_bad_stuff(self, seat, m) for mod in self._h_bad)
            self._bad_end(entry, say=done and len(self._log) == said)
            if done:
                return
        run = self._lrun[m]
        own = run.get("caught") if run else None
        first = bool(own) and bool(own[0][1].do) and own[0][1].do[0].name in _ROLL_OPS  # (it starts with a roll)
        if first and self._lang_die_window(seat, ("bad_stuff", seat, m)):
            return
        self._bad_stuff_ops(seat, m, windowed=first and "die_rolled" in self._lt)

    def _bad_stuff_ops(self, seat: int, m: int, windowed: bool = False) -> None:
        """The Bad Stuff of monster ``m`` on ``seat`` (see :meth:`_bad_stuff`); ``windowed``:
        its own Bad Stuff starts with a die that has had its reactions
        (:meth:`_lang_die_window`), so its first op that rolls opens no second window
        (``Ops._op_die_roll``)."""
        # (a death on the way says its cause first; without history _bad_begin notes nothing
        # and _bad_end says nothing)
        entry = self._bad_begin(seat, m) if self.history else None
        run = self._lrun[m]
        if run and "caught" in run:  # the monster's own caught abilities (bad_stuff)
            self._die_pre = windowed
            try:
                self._lang_fire_card("caught", m, -1, seat, m, own=True)
            finally:
                self._die_pre = False
        elif self.specs[m].manual:
            self._push_manual(seat, m, discard=False)
        if "caught" in self._lt:  # the other cards that hear it
            self._lang_fire("caught", seat, m)
        if entry is not None:
            self._bad_end(entry)  # (after the card-effect language's `caught` abilities too)

    # ------------------------------------------------------------------ the kinds
    def _cand_run(self, seat: int, ok: bool, out: list) -> None:
        """The runner: a roll per monster not rolled for yet (monster order), a Wizard's
        flight per card (hand, then in play), the escape cards (hand, then carried) and, for
        the active player, the Races, Classes, Half-Breed and Super Munchkin of the hand
        (:meth:`_why_play_running`)."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        A = self._A
        for i in range(len(c.monsters)):
            if i not in c.rolled:
                out.append(A(seat, "roll", n=i))
        if (p.classes or p.races) and self._holds(seat, "flight"):
            why = self._rule_flight
            for card in p.hand + p.in_play():
                a = A(seat, "flight", card)
                if not ok or why(seat, a) is None:
                    out.append(a)
        esc = self._escape
        active = seat == s.active  # (_run_char's first test, once for the loop)
        for card in p.hand + p.carried:
            if esc[card]:
                a = A(seat, "play", card)
                if not ok or not self._fx[card].get("escape") or self._why_escape_card(seat, card) is None:
                    out.append(a)
            elif active and self._run_char(seat, card):
                a = A(seat, "play", card)
                if not ok or self._why_play(seat, a, in_combat=True) is None:
                    out.append(a)
            elif active and self._own_turn_card(card):
                self._cand_own_turn_run(seat, card, ok, out)

    def _own_turn_card(self, c: int) -> bool:
        """Card ``c``'s text lets its owner play it at any moment of their own turn
        (``own_turn``: a `played` ability under `if: own_turn`, the Magic Lamp - card_facts_more.md
        source D): so also while running away, between two rolls (the core rules, 9. Treasures
        and Items, let a card's own text set when it is played; :meth:`_why_play_running`). Read
        off the per-game table ``_own_turn`` (``tables.py``)."""
        return self._own_turn[c]

    def _own_turn_run(self, seat: int, c: int) -> bool:
        """``seat``, the active player, may play own-turn card ``c`` (:meth:`_own_turn_card`)
        now, in a Run Away: also while another runner (the helper) rolls - any moment of the
        own turn is one (card_facts_more.md source D: the Magic Lamp at any time of your turn)."""
        s = self.state
        cb = s.combat
        return (cb is not None and cb.stage == "run" and seat == s.active
                and (c in s.players[seat].hand or c in s.players[seat].carried) and self._own_turn_card(c))

    def _aims_at_monster(self, c: int) -> bool:
        """Card ``c`` is played on a monster of the combat, named by the play's ``n``
        (``discard_monster``; a `played` ability on ``chosen_monster``): while running, one
        the runner has rolled for already has done its part (caught them or let them go) and
        is no target any more (core rules, 7. Running Away: one roll per monster)."""
        if self._fx[c].get("discard_monster"):
            return True
        return bool(self._lang and self._lplayed[c]) and any(
            "played" in ab.when and ab.who is not None and ab.who.name == "chosen_monster"
            for ab in self._prog[c].abilities)

    def _cand_own_turn_run(self, seat: int, card: int, ok: bool, out: list) -> None:
        """The runner's plays of an own-turn card (:meth:`_own_turn_card`): per monster not
        rolled for yet (one that removes a monster), else the card's own candidates of a
        combat."""
        c = self.state.combat
        A = self._A
        if self._lang and self._lplayed[card]:
            cands: list = []
            self._lang_play_cands(seat, card, cands)
            out.extend(a for a in cands if not ok or self._why_play_running(seat, a) is None)
            return
        if self._fx[card].get("discard_monster"):
            acts = [A(seat, "play", card, n=i) for i in range(len(c.monsters)) if i not in c.rolled]
        else:
            acts = [A(seat, "play", card, n=0), A(seat, "play", card, n=1)]
        out.extend(a for a in acts if not ok or self._why_play_running(seat, a) is None)

    def _run_char(self, seat: int, c: int) -> bool:
        """Card ``c`` in ``seat``'s hand is a Race, Class, Half-Breed or Super Munchkin that
        the active player may put down while running away (:meth:`_why_play_running`)."""
        return (seat == self.state.active and c in self.state.players[seat].hand
                and (self._kind[c] in ("race", "class") or self._char_special(c)))

    def _why_run_stage(self, k: str) -> str | None:
        """The refusal of a Run Away kind outside the Run Away stage; None in it."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "charity":
            return charity_first()
        if ph != "combat":
            return combat_only(k)
        st = s.combat.stage
        if st == "run":
            return None
        if st == "window" and k == "roll":
            return fighter_only()
        if st == "fight":  # the fighter has not chosen to run yet
            return f"'{k}' belongs to Running Away: declare it first (run) ({R_RUN})"
        return not_in_combat(k)

    def _why_roll(self, seat: int, a: Action) -> str | None:
        """One Run Away roll per monster, in the order the runner chooses (core rules, 7.)."""
        r = self._why_run_stage("roll")
        if r is not None:
            return r
        c = self.state.combat
        if not (0 <= a.n < len(c.monsters)):
            return "roll: n must be a monster of the combat"
        if a.n in c.rolled:
            return f"one Run Away roll per monster ({R_RUN})"
        return None

    def _do_roll(self, seat: int, a: Action) -> None:
        if seat != self.state.combat.runners[0]:  # the helper runs first (_may_run_first)
            self._run_first(seat)
        self._run_roll(seat, a.n)

    def _do_flight(self, seat: int, a: Action) -> None:
        if seat != self.state.combat.runners[0]:  # the helper runs first (_may_run_first)
            self._run_first(seat)
        self._do_power(seat, a)

    # ------------------------------------------------------------------ who runs first
    def _may_run_first(self, seat: int, a: Action | None = None) -> bool:
        """``anytime_ok`` of ``roll`` and ``flight``: when fighter and helper both run, the
        helper may run first - their first roll (or a Wizard's flight before it) while the
        fighter has not rolled yet makes them the first runner; the fighter then runs once
        they are done (:meth:`_run_first`). Otherwise the fighter runs first, as before.

        Core rules, 7. Running Away: the two roll separately (who goes first is not said).
        Scooby-Doo rules, Running Away and Bad Stuff: they roll separately and each chooses
        in what order to Run Away. Read as each runner's own order of monsters, that is the
        core's rule for several monsters (each runner already rolls for them in the order
        they choose: ``roll n=``); read as the order of the two runners, it lets them choose
        who goes first. Letting either start answers both readings and contradicts neither:
        the fighter may roll first (the default, what bots and old saves do), or the helper
        may. Once the fighter has rolled, the order stands."""
        s = self.state
        c = s.combat
        if s.pending or c is None or c.stage != "run" or len(c.runners) != 2 or \
                c.runners[1] != seat or c.runners[0] != c.fighter:
            return False
        # the fighter has rolled for nothing yet: c.rolled holds only monsters that let them
        # go without a roll (_not_pursued), and the language's record has no roll of theirs
        fx = self._fight_extra
        for i in c.rolled:
            m = c.monsters[i]
            if not fx[m] or self._pursues(c.fighter, m):
                return False
        return not (s.lang and any(r[0] == c.fighter for r in s.lang.get("rolled", ())))

    def _why_run_first(self, seat: int, a: Action, actor: int) -> str | None:
        """The helper's first roll or flight while the fighter has not rolled yet
        (:meth:`_may_run_first`): a monster that pursues them, or a flight the Wizard may
        use."""
        if a.kind == "flight":
            return self._rule_flight(seat, a)
        c = self.state.combat
        if not (0 <= a.n < len(c.monsters)):
            return "roll: n must be a monster of the combat"
        m = c.monsters[a.n]
        if self._fight_extra[m] and not self._pursues(seat, m):
            return f"{self.name(m)} does not pursue you: no roll against it (monster card)"
        return None

    def _cand_run_first(self, seat: int, out: list) -> None:
        """The helper's any-time candidates while they may run first (:meth:`_may_run_first`):
        a roll per monster, a Wizard's flight per card (each still checked by the caller)."""
        c = self.state.combat
        A = self._A
        for i in range(len(c.monsters)):
            out.append(A(seat, "roll", n=i))
        p = self.state.players[seat]
        if (p.classes or p.races) and self._holds(seat, "flight"):
            for card in p.hand + p.in_play():
                out.append(A(seat, "flight", card))

    def _run_first(self, seat: int) -> None:
        """The helper ``seat`` runs first (:meth:`_may_run_first`): the runners' order turns,
        the fighter's let-go monsters are looked at again when their turn comes, and the
        monsters that do not pursue the helper let them go now."""
        c = self.state.combat
        c.runners = [seat, c.fighter]
        c.rolled = []
        if self.history: self._say(f"{self._pn(seat)} runs first ({R_SD_RUN}).")
        self._not_pursued(seat)

    def _why_flight(self, seat: int, a: Action) -> str | None:
        r = self._why_run_stage("flight")
        return r if r is not None else self._rule_flight(seat, a)

    def _rule_flight(self, seat: int, a: Action) -> str | None:
        """A Wizard (a Race or Class card with Flight) discards up to 3 cards before the first
        roll, +1 each (Wizard class card); after a failed roll the ``flight`` decision
        (:meth:`_answer_flight`) takes them."""
        c = self.state.combat
        p = self.state.players[seat]
        r = self._why_no_power(seat, "flight")
        if r is not None:
            return r
        if c.flight.get(seat, 0) >= 3:
            return "flight: at most 3 cards (Wizard class card)"
        if c.rolled and c.runners and c.runners[0] == seat:  # (the current runner's rolls)
            return "flight is used before the first Run Away roll or after a failed one"
        return self._why_ability_discard(seat, a.card, "flight", "discard a card of yours")

    def _why_play_running(self, seat: int, a: Action) -> str | None:
        """While running away a player plays only an escape card (or an any-time card), and
        the active player also a Race, Class, Half-Breed or Super Munchkin: on the own turn
        those go down at any time (core rules, 6. When You May Act; 10. Races and Classes), and
        the rulebook bars only Item changes and selling while running away (9. Items; Selling
        Items) - e.g. an Elf played between two rolls runs with its +1 from the next roll; and
        the active player a card whose text allows it at any moment of their own turn
        (:meth:`_own_turn_card`: the Magic Lamp sends off a monster not rolled for yet)."""
        p = self.state.players[seat]
        if a.card in p.hand or a.card in p.carried:
            if self._escape[a.card]:
                return self._why_escape_card(seat, a.card) if self._fx[a.card].get("escape") else None
            if self._anytime_card(a.card):
                return self._why_anytime_play(seat, a)
            if self._run_char(seat, a.card):
                return self._why_play(seat, a, in_combat=True)
            if self._own_turn_card(a.card):  # any moment of the own turn (the Magic Lamp)
                c = self.state.combat
                if a.n in c.rolled and self._aims_at_monster(a.card):
                    return f"{self._cn(a.card)}: {self.name(c.monsters[a.n])} has been run from already ({R_RUN})"
                return self._why_play(seat, a, in_combat=True)
        return f"while running away you only roll, use flight or an escape card ({R_RUN})"

    def _next_runner(self) -> None:
        """Skip runners who died or have nothing left to roll for (monsters that do not pursue
        them are escaped at once: :meth:`_not_pursued`); the combat ends when no runner is
        left."""
        s = self.state
        c = s.combat
        runners = c.runners
        while runners:
            q = runners[0]
            if s.players[q].alive and len(c.rolled) < len(c.monsters):
                self._not_pursued(q)  # (adds to c.rolled only: q stays alive)
                if len(c.rolled) < len(c.monsters):
                    break
            runners.pop(0)
            c.rolled = []
        if not runners:
            self._end_combat(won=False)

    def _not_pursued(self, seat: int) -> None:
        """A monster that does not pursue the runner (``not_pursue``: "ignores players of Level
        3 or less") lets them go: no roll, no Bad Stuff, nothing of its ``on_escape`` (the
        monster cards; it reaches a helper who runs as well)."""
        c = self.state.combat
        fx = self._fight_extra
        for i, m in enumerate(c.monsters):
            if i not in c.rolled and fx[m] and not self._pursues(seat, m):
                c.rolled.append(i)
                if self.history: self._say(f"{self.name(m)} does not pursue {self._pn(seat)}.")

    def _pc_flight(self, seat: int, d: dict, out: list) -> None:
        """After a failed Run Away roll (:meth:`_run_outcome`): ``pass`` (the roll stands) or
        ``flight c`` for each card the Wizard may discard."""
        out.append(self._simple[seat]["pass"])
        p = self.state.players[seat]
        A = self._A
        for card in p.hand + p.in_play():
            if self._may_discard_for_ability(seat, card, "flight"):
                out.append(A(seat, "flight", card))

    def _pw_flight(self, seat: int, a: Action, d: dict) -> str | None:
        if a.kind == "pass" or (a.kind == "flight" and self._may_discard_for_ability(seat, a.card, "flight")):
            return None
        return (f"{self._pn(seat)} failed a Run Away roll of {d['die']}: discard a card for flight "
                f"(+1 each, Wizard class card) or pass ({R_RUN})")

    def _answer_flight(self, d: dict, a: Action) -> None:
        """Flight after a failed roll: each card discarded adds 1 to the roll (and to the
        runner's later rolls of this combat, as flight before a roll); the roll escapes once
        it reaches 5, the Wizard may go on while more cards could still save them, else
        (or on ``pass``) the monster's Bad Stuff (Wizard class card; core rules, 7.)."""
        seat, i, die = d["player"], d["monster"], d["die"]
        if a.kind == "flight":
            self._do_power(seat, a)
            total, ok = self.run_away_result(seat, i, die)
            if ok:
                self._run_outcome(seat, i, die, total, True)
                return
            if self._flight_may_save(seat, i, die):
                self.state.pending.insert(0, d)
                return
        self._caught(seat, i, die, self.run_away_result(seat, i, die)[0])

    def _answer_glue(self, d: dict, a: Action) -> None:
        """Flask of Glue: ``play`` it and the runner rolls again for that monster; ``pass``:
        the next holder is asked, and after the last one the escape stands. Only an escape by a
        Run Away roll is offered to it (:meth:`_run_outcome`): an escape by a card
        (:meth:`_get_away`: Invisibility Potion, Instant Wall, the Hireling) has no roll to make
        again (our sources lack the card's text; the reading most players use)."""
        s = self.state
        c = s.combat
        if a.kind == "play":
            q = s.players[d["player"]]
            self._lose_card(d["player"], a.card)
            if d["monster"] in c.rolled:
                c.rolled.remove(d["monster"])
            if self.history: self._say(f"{q.name} plays {self.name(a.card)}: {self._pn(d['runner'])} must roll again "
                                       f"against {self.name(c.monsters[d['monster']])}.")
            return
        rest = [q for q in d["rest"] if s.players[q].alive and self._glue_cards(q)]
        if rest:
            nd = dict(d)
            nd["player"] = rest[0]
            nd["rest"] = tuple(rest[1:])
            s.pending.insert(0, nd)
        else:
            self._escaped(d["runner"], d["monster"])
