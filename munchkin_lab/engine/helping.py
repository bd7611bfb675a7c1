"""Help in a combat (core rules, 7. Combat: Asking for Help, Bribes; the forced helper:
Scooby-Doo rules and the official FAQ): who may be asked and who may offer, the fighter's
request and its answer (pending ``help``), an offer and its answer (pending ``offer``), the
helper joining (what meets them), a compelled helper put out of (or backing out of) a fight
for the winning Level. Action kinds
``ask_help`` and ``offer_help`` (the fighter's candidates: ``combat.py``'s ``_cand_fight``;
the offers: ``_cand_window``). Split from ``combat.py`` (the 1,000-line cap), the same methods
on :class:`~munchkin_lab.engine.game.Game`.
"""
from __future__ import annotations

from ..plural import plural
from .actions import Action
from .refs import R_COMBAT, R_DEATH, R_HELP, R_SD_HELP


class Helping:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: help and offers in a combat."""

    # ------------------------------------------------------------------ help
    def _why_helpless(self) -> str | None:
        """A monster that may not be fought with help (monster card), or a helper already."""
        c = self.state.combat
        if c.helper >= 0:
            return f"only one player may help ({R_HELP})"
        if self._no_help_monster() >= 0:
            return "this monster may not be fought with help (monster card)"
        return None

    def _no_help_monster(self) -> int:
        """A monster of the combat nobody may help against (Gazebo), else -1."""
        nh = self._no_help
        for m in self.state.combat.monsters:
            if nh[m] or (("no_help" in self._lstat or self.state.ledger.entries)
                         and self._static_has(("monster", m), "no_help")):
                return m
        return -1

    def _rule_ask_target(self, seat: int, t: int) -> str | None:
        """The fighter may ask another living player whose help was not turned down yet in
        this combat (core rules, 7. Help; :meth:`_turned_down`)."""
        s = self.state
        if not (0 <= t < len(s.players)) or t == seat:
            return "ask_help: t must be another player"
        if t in s.combat.asked:
            return self._turned_down(t)
        if not s.players[t].alive:
            return f"a dead character cannot help ({R_DEATH})"
        return None

    def _why_ask_help(self, seat: int, a: Action) -> str | None:
        """The fighter asks one player for help, with a bribe of Treasures (and who picks
        first) and of Items in play (core rules, 7. Help)."""
        r = self._why_in_fight("ask_help", True)
        return r if r is not None else self._rule_ask_help(seat, a)

    def _ask_help_ok(self, seat: int, a: Action) -> bool:
        """``anytime_ok`` of ``ask_help``: the fighter may also ask for help during the
        interference window, while the others are the ones to react (core rules, 7. Help:
        the fighter who cannot win asks for help; 7. Interfering in Combat: the fight may turn
        in the window - as an offer of help may be accepted there)."""
        c = self.state.combat
        return self.state.phase == "combat" and c is not None and c.stage == "window" and seat == c.fighter

    def _why_ask_help_anytime(self, seat: int, a: Action, actor: int) -> str | None:
        return self._rule_ask_help(seat, a)

    def _rule_ask_help(self, seat: int, a: Action) -> str | None:
        """:meth:`_why_ask_help` past the moment: one helper, a living player not asked yet, a
        monster that allows help, a bribe of Treasures and Items in play (:meth:`_why_bribe`)."""
        c = self.state.combat
        if c.helper >= 0:
            return f"only one player may help ({R_HELP})"
        r = self._rule_ask_target(seat, a.target)
        if r is not None:
            return r
        r = self._why_helpless()
        if r is not None:
            return r
        return self._why_bribe(seat, a)

    def _do_ask_help(self, seat: int, a: Action) -> None:
        """The help request is the asked player's decision; ``forced`` when a card does not let
        them refuse (Kneepads of Allure, a Fairy's charm): such a helper is put out of the
        fight (base game), or may back out (Scooby-Doo rules), if it becomes one for the win
        (:meth:`_backout_check`)."""
        s = self.state
        d = {"kind": "help", "player": a.target, "from": seat, "n": a.n,
             "first": 1 if a.m == 1 else 0, "items": tuple(a.cards)}
        s.pending.append(d)
        if self._pw_accept(a.target, self._A(a.target, "refuse"), d) is not None:
            d["forced"] = True
        if self.history: self._say(f"{s.players[seat].name} asks {self._pn(a.target)} for help" + (f", offering {plural(a.n, 'Treasure')}." if a.n else "."))

    def _rule_offer_help(self, seat: int) -> str | None:
        """A player of the window offers to help: alive, help not turned down yet in this
        combat (:meth:`_turned_down`), no helper yet, a monster that allows help (core rules,
        7. Help)."""
        c = self.state.combat
        if c.helper >= 0:
            return f"only one player may help ({R_HELP})"
        if not c.monsters:
            return f"no monster is left to fight ({R_COMBAT})"
        if not self.state.players[seat].alive:
            return f"a dead character cannot help ({R_DEATH})"
        if seat in c.asked:
            return self._turned_down(seat)
        return self._why_helpless()

    def _turned_down(self, seat: int) -> str:
        """The refusal for a player whose help was turned down in this combat (``combat.asked``:
        they refused a request, the fighter refused their offer, or they backed out of a fight
        for the win): not asked again, no offer again until the combat ends, whatever changes
        (an enhancer, a new monster, a better bribe). The rulebooks are silent on a second ask
        or offer: core rules, 7. Help (Scooby-Doo rules, Asking for Help) only say the fighter
        then asks another, until everyone has refused or someone helps - a round that ends only
        if a refusal stands; the reading most players take, and it keeps the bargaining finite
        (``help_turned_down_stands_for_the_combat``)."""
        return (f"{self._pn(seat)} already refused help in this combat, or had an offer turned down: "
                f"a refusal stands until the combat ends ({R_HELP})")

    def _why_offer_help(self, seat: int, a: Action) -> str | None:
        """An offer of help, free (``n`` 0) or for ``n`` Treasures (``m`` 1: the helper picks
        first): core rules, 7. Help, the share is bargained (:meth:`_why_bribe`)."""
        r = self._why_in_fight("offer_help", False)
        if r is not None:
            return r
        if self.state.combat.stage != "window":
            return "you are the fighter: ask_help instead"
        return self._why_bribe(seat, a) or self._rule_offer_help(seat)

    def _do_offer_help(self, seat: int, a: Action) -> None:
        s = self.state
        c = s.combat
        s.pending.append({"kind": "offer", "player": c.fighter, "from": seat, "n": a.n, "first": 1 if a.m == 1 and a.n else 0})
        if self.history: self._say(f"{s.players[seat].name} offers to help {self._pn(c.fighter)}" + (
            f" for {plural(a.n, 'Treasure')}{' (picking first)' if a.m == 1 else ''}." if a.n else "."))

    def _answer_help(self, d: dict, a: Action) -> None:
        """The asked player accepts (helper, bribe agreed) or refuses (not asked again)."""
        c = self.state.combat
        if d.get("backout"):  # a forced helper and a fight for the win (_backout_check)
            c.forced_help = False  # staying is now a helper's own choice: no backing out later
            if a.kind == "refuse":
                self._left_combat({c.helper})
                c.helper = -1
                c.bribe_n = 0
                c.bribe_items = []
                c.asked.append(d["player"])
                if self.history: self._say(f"{self._pn(d['player'])} backs out of the fight for the win "
                                           f"({R_SD_HELP}).")
            elif self.history:
                self._say(f"{self._pn(d['player'])} keeps helping.")
            return
        if a.kind == "accept":
            c.helper = d["player"]
            c.bribe_n = d["n"]
            c.bribe_first = d["first"]
            c.bribe_items = list(d["items"])
            c.forced_help = bool(d.get("forced"))
            if self._lang and self._must_help(d["player"], d):  # a charm: help for no reward
                c.bribe_n = 0
                c.bribe_items = []
            if self.history: self._say(f"{self._pn(d['player'])} helps {self._pn(d['from'])}.")
            self._helper_meets(d["player"])
        else:
            c.asked.append(d["player"])
            if self.history: self._say(f"{self._pn(d['player'])} refuses to help.")

    def _helper_meets(self, helper: int) -> None:
        """A helper joining the fight meets its monsters as the fighter did: each one's
        ``on_meet`` ops hit the helper too (Tongue Demon: discard an item before the fight) -
        core rules, 7. Help: the monsters' special abilities work against the helper too. The
        monster's own ``enters_combat`` abilities run their ops on the helper
        (:meth:`~munchkin_lab.engine.abilities.Abilities._own_ops_on`). Then the rules
        modules hear of the new helper (``RulesModule.on_help``). In the interference window a
        helper joining opens the window again, as a card played does (``_combat_changed``)."""
        self._combat_changed(helper)
        for m in list(self.state.combat.monsters):
            run = self._lrun[m]
            if run and "enters_combat" in run:
                self._own_ops_on(m, "enters_combat", helper)
        for mod in self._h_help:
            mod.on_help(self, self.state.combat.fighter, helper)

    def _win_levels(self) -> int:
        """The Levels killing every monster of the combat gives the fighter by their printed
        numbers (:meth:`_printed_kill_levels`: each one's Levels and extra Levels, times one
        more per Mate; core rules, 7. Rewards; Mate card)."""
        return sum(self._printed_kill_levels(i) for i in range(len(self.state.combat.monsters)))

    def _fight_for_the_win(self) -> bool:
        """Winning the current combat would take its fighter to Level 10 (a fight for the win:
        nobody may be forced to help it, Scooby-Doo rules, Asking for Help; core rules, Card
        Text and These Rules, 4.)."""
        c = self.state.combat
        return c is not None and bool(c.monsters) and \
            self.state.players[c.fighter].level + self._win_levels() >= 10

    def _backout_check(self) -> None:
        """A helper who could not refuse (``forced_help``: Kneepads of Allure, a Fairy's charm)
        once the fight becomes one for the win: two sources, two readings.

        - With the Scooby-Doo rules (the ``scooby_doo`` module): the compelled helper *may*
          back out without penalty (Scooby-Doo rules, Asking for Help; a helper who chose to
          help stays): a ``help`` decision with ``backout`` - ``accept`` keeps helping,
          ``refuse`` leaves the combat (its bribe off, and it stands as a refusal).
        - Otherwise (the base game: our core rulebook says nothing of compelled help) the
          official FAQ (worldofmunchkin.com/faq, Important Note #1: Reaching Level 10) rules
          that the forced helper is put out of the fight at once, without penalty, and the
          fighter fights alone or asks someone else (the helper too, who may now say no: no
          card compels help in a fight for the win); a forced helper whom the kill would take
          to Level 10 as well (an Elf's Level for helping, Shared Victory:
          :meth:`helper_levels`) stays in, as the same FAQ answer says
          (``card_kneepads_of_allure_helper_is_put_out_of_a_fight_for_the_win``)."""
        s = self.state
        c = s.combat
        if not (c.forced_help and c.stage != "run" and self._fight_for_the_win()) or \
                any(d.get("backout") for d in s.pending):
            return
        if not any(m.name == "scooby_doo" for m in self.modules):
            q = c.helper
            c.forced_help = False
            if s.players[q].level + self.helper_levels(q, len(c.monsters)) >= 10:
                if self.history: self._say(f"The fight is now for the win, {self._pn(q)}'s too: "
                                           f"{self._pn(q)} stays in (official FAQ).")
                return
            self._left_combat({q})
            c.helper = -1
            c.bribe_n = 0
            c.bribe_items = []
            if self.history: self._say(f"The fight is now for the win: {self._pn(q)}, forced to help, "
                                       f"is out of it without penalty (official FAQ).")
            return
        s.pending.append({"kind": "help", "player": c.helper, "from": c.fighter, "n": c.bribe_n,
                          "first": c.bribe_first, "items": tuple(c.bribe_items), "backout": True})
        if self.history: self._say(f"The fight is now for the win: {self._pn(c.helper)} may back out "
                                   f"({R_SD_HELP}).")

    def _answer_offer(self, d: dict, a: Action) -> None:
        """The fighter accepts an offer of help (its price, if any, becomes the bribe) or
        refuses it."""
        c = self.state.combat
        if a.kind == "accept":
            c.helper = d["from"]
            c.bribe_n = d.get("n", 0)
            c.bribe_first = d.get("first", 0)
            if self.history: self._say(f"{self._pn(d['player'])} accepts {self._pn(d['from'])}'s help.")
            self._helper_meets(d["from"])
        else:
            c.asked.append(d["from"])
            if self.history: self._say(f"{self._pn(d['player'])} refuses {self._pn(d['from'])}'s help.")

    # ------------------------------------------------------------------ sharing the Treasures
    def _pick_options(self, d: dict) -> tuple:
        return tuple(self.state.pool)

    def _pick_answer(self, d: dict, seat: int, card: int) -> None:
        """Fighter and helper pick the face-up Treasures in turn, the agreed first picker
        first, each up to their share (core rules, 7. Help: the bribe)."""
        s = self.state
        p = s.players[seat]
        s.pool.remove(card)
        self._receive(seat, card)
        if self.history: self._say(f"{p.name} takes {self.name(card)} from the Treasures.")
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
