"""The card-effect language at the rolls and reactions of the rule areas: the die-roll
window of an effect's die (``die_rolled``, the Loaded Die's moment), the Run Away roll with its
reactions (``die_rolled``, ``run_away_rolled``) and a Curse about to hit (``cursed``).

The mixin :class:`LangRolls` of :class:`~munchkin_lab.engine.game.Game`; it fires through
:meth:`Abilities._lang_fire` and resumes in the continuations that :meth:`LangEvents._lang_continue`
dispatches (``("die", ...)``, ``("run", ...)``, ``("curse", ...)``, ``("ops", ...)``: an
ability's op walk that waited for the answers to the die of one of its ops resumes here,
:meth:`LangRolls._lang_ops_cont`).

Rule sources: core rules (``shared/seeds/001``), 7. Running Away and 10. Curses;
``card_facts_more.md`` 2c (Loaded Die: after its holder's own die roll; official FAQ).
"""
from __future__ import annotations

from .lang.interp import Context
from .lang_world import EngineWorld
from .ops import OTHERWISE, _Suspended


class LangRolls:
    """Die-roll windows, the Run Away roll and Curse reactions with the language in play
    (a mixin of ``Game``; state in ``self.state``, no I/O)."""

    # ------------------------------------------------------------------ die rolls
    def _lang_die_window(self, seat: int, cont: tuple, fresh: bool = True) -> bool:
        """A die roll of an effect the engine otherwise runs at once (Bad Stuff that starts
        with a roll, a Thief's theft): the die is rolled now - the very draw the effect would
        make - and ``die_rolled`` fires, so a card may react after the roll and before its
        result is used (Loaded Die: played after a die is rolled, to set the result,
        card_facts_more.md 2c, sources A and D; contract: ``die_rolled`` fires after the die
        result is known, before the caller uses it). When a ``react`` decision is queued the
        effect resumes in ``cont`` (:meth:`_lang_die_cont`) and True is returned; otherwise
        the result goes back in front of the forced dice, so the effect reads it (False).
        ``cont``: ``("bad_stuff", seat, monster)`` or ``("steal", seat, target, item)``.
        ``fresh``: a new roll (False: one made again by ``reroll``), see :meth:`_lang_run_roll`."""
        if "die_rolled" not in self._lt:
            return False
        if fresh:
            self._limits_reset("roll")
        die = self._roll()
        ev: dict = {}
        if self._lang_fire("die_rolled", seat, facts={"die": die}, cont=("die", seat, die) + tuple(cont), ev=ev):
            return True
        self.state.forced.insert(0, ev.get("die", die))
        return False

    def _lang_die_cont(self, cont: tuple) -> None:
        """The reactions to a die roll are in (:meth:`_lang_die_window`): a die set by a card
        (``set_die: this``) replaces the result, a ``reroll`` rolls again (a new window), then
        the effect resumes with that result in front of the forced dice."""
        _k, seat, die, kind = cont[:4]
        rest = tuple(cont[3:])
        players = self.state.players
        if not players[seat].alive or (kind == "steal" and not players[rest[2]].alive):
            return  # nobody is left to roll for (the effect no longer applies)
        if self._ev.get("reroll"):
            if self.history:
                self._say(f"{self._pn(seat)} rolls again.")
            if self._lang_die_window(seat, rest, fresh=False):
                return
        else:
            self.state.forced.insert(0, self._ev.get("die", die))
        if kind == "bad_stuff":
            _kind, victim, m = rest
            self._bad_stuff_ops(victim, m, windowed=True)
        elif kind == "steal":
            _kind, thief, target, item = rest
            self._steal_roll(thief, target, item)
        elif kind == "call":  # a rule area's own continuation: ("call", method, *args)
            getattr(self, rest[1])(*rest[2:])
        elif kind == "module":  # a rules module's: ("module", module name, method, *args)
            mod = next(m for m in self.modules if m.name == rest[1])
            getattr(mod, rest[2])(self, *rest[3:])

    # ------------------------------------------------------------------ Running Away
    def _lang_run_roll(self, seat: int, i: int, die: int, fresh: bool = True) -> None:
        """A Run Away roll with the language in play (``RunAway._run_roll``): ``die_rolled``
        (a reaction may set the die), then the total, then ``run_away_rolled`` (facts
        ``succeeded`` / ``failed`` / ``first_roll``; a reaction may void the roll - ``reroll`` -
        or let the runner get away - ``escape``), then the outcome. ``fresh``: a new roll, not
        one made again (``reroll``): the abilities limited per roll may be used again (a roll
        and its rerolls are one roll for ``limit: {per: roll}``; the language's reading)."""
        lang = self._lstate()
        if fresh:
            self._limits_reset("roll")
        c = self.state.combat
        m = c.monsters[i]
        c.rolled.append(i)
        rolled = lang.setdefault("rolled", [])
        first = [seat, m] not in rolled
        rolled.append([seat, m])
        # one look at the hands for both events (most rolls: nobody holds a reaction to either)
        rh = self._lroll_hand
        held = bool(rh) and self._hand_held(rh)
        # (an event nothing hears sets no flag: no reroll, the die as rolled)
        hs = self._lang_heard("die_rolled", seat, m, held=held) if "die_rolled" in self._lt else None
        if hs is not None:
            held = True  # (the event's ops may move cards: the hands are looked at again)
            with self._lang_event() as ev:  # (its flags: a reroll, a die set)
                if self._lang_fire("die_rolled", seat, m, {"first_roll": first, "die": die},
                                   cont=("run", seat, i, die, first, "die"), ev=ev, hs=hs):
                    return
                if self._lang_run_reroll(seat, i):
                    return
                die = ev.get("die", die)
        self._lang_run_total(seat, i, die, first, held)

    def _lang_run_reroll(self, seat: int, i: int) -> bool:
        """After the ``die_rolled`` or ``run_away_rolled`` reactions to a Run Away roll: a
        ``reroll`` rolls the die again (the same roll for ``limit: {per: roll}``, its own
        window); True when it did (the caller stops there)."""
        if not self._ev.get("reroll"):
            return False
        c = self.state.combat
        if i in c.rolled:
            c.rolled.remove(i)
        if self.history:
            self._say(f"{self._pn(seat)} rolls again.")
        self._lang_run_roll(seat, i, self._roll(), fresh=False)
        return True

    def _lang_run_total(self, seat: int, i: int, die: int, first: bool, held: bool = True) -> None:
        """The total of a Run Away roll showing ``die`` and its ``run_away_rolled`` event, then
        the outcome (:meth:`_lang_run_roll`); ``held``: False when nobody holds a reaction to
        the roll (:meth:`_lang_heard`), seen with nothing changed since."""
        m = self.state.combat.monsters[i]
        total, ok = self.run_away_result(seat, i, die)
        hs = self._lang_heard("run_away_rolled", seat, m, held=held) if "run_away_rolled" in self._lt else None
        if hs is None and "run_away_rolled" in self._lt:
            # (an event nothing hears sets no flag - no void roll, no reroll -: of
            # _lang_run_flags only its test that the runner and the monster are still there)
            c = self.state.combat
            if c is None or seat not in c.runners or m not in c.monsters:
                return
        elif hs is not None:
            facts = {"succeeded": ok, "failed": not ok, "first_roll": first}
            with self._lang_event() as ev:  # (its flags: a void roll, a reroll)
                if self._lang_fire("run_away_rolled", seat, m, facts,
                                   cont=("run", seat, i, die, first, "rolled", total, ok, m), ev=ev, hs=hs):
                    return
                if self._lang_run_flags(seat, i, m):
                    return
        self._run_outcome(seat, i, die, total, ok)

    def run_away_result(self, seat: int, i: int, die: int) -> tuple[int, bool]:
        """``(total, ok)`` of a Run Away roll showing ``die`` (1..6) by ``seat`` against the
        combat's monster ``i`` (an index into ``combat.monsters``), with the card-effect
        language in play: the total is the die with its modifiers (:meth:`_roll_mod`) plus
        :meth:`run_away_modifier`; ``ok``: the total is 5 or more and the monster can be run
        from (no ``no_run_away``), or ``seat`` always escapes (``auto_escape`` on the player,
        e.g. a room's) or everybody escapes that monster (``auto_escape`` on the monster: the
        Potted Plant's, its own roll only - core rules, 7. Running Away: one roll per monster,
        each monster that catches the runner deals its own Bad Stuff) - core rules, 7. Running Away: a 5 or 6
        escapes. Reads the state only (a bot may ask which faces
        would escape); raises IndexError when there is no monster ``i``."""
        m = self.state.combat.monsters[i]
        total = self._roll_mod(seat, die) + self.run_away_modifier(seat, i)
        lstat = self._lstat
        led = self.state.ledger.entries  # (a switch no card and no lasting change holds: off)
        ok = total >= 5 and not self._no_run_away(m)
        if not ok and ("auto_escape" in lstat or led) and (self._static_has(("player", seat), "auto_escape")
                                                           or self._static_has(("monster", m), "auto_escape")):
            ok = True
        return total, ok

    def _lang_run_flags(self, seat: int, i: int, m: int = -1) -> bool:
        """After the ops of ``run_away_rolled``: a void roll is rolled again, an escape stands,
        and a roll against monster ``m`` that has left the combat (Magic Lamp: sent away after
        the failed roll) catches nobody - the Run Away goes on against the rest."""
        ev = self._ev
        c = self.state.combat
        if c is None or seat not in c.runners or (m >= 0 and m not in c.monsters):
            return True
        if ev.get("void"):
            return True
        return self._lang_run_reroll(seat, i)

    def _lang_run_cont(self, cont: tuple) -> None:
        _k, seat, i, die, first, stage = cont[:6]
        c = self.state.combat
        if c is None or seat not in c.runners or not (0 <= i < len(c.monsters)):
            return
        if stage == "die":
            if not self._lang_run_reroll(seat, i):
                self._lang_run_total(seat, i, self._ev.get("die", die), first)
            return
        total, ok = cont[6], cont[7]
        if self._lang_run_flags(seat, i, cont[8] if len(cont) > 8 else -1):
            return
        self._run_outcome(seat, i, die, total, ok)

    # ------------------------------------------------------------------ Curses
    def _lang_cursed(self, victim: int, c: int, caster: int) -> bool:
        """``cursed``: the victim's cards hear a Curse about to hit them; a ``cancel_curse`` op
        stops it (both cards to the discards as with a Wishing Ring: core rules, 10. Curses).
        Returns True when the Curse is dealt with (cancelled, or waiting for a decision)."""
        facts = {"from_kick": bool(self._kicking), "curse_pending": True}
        with self._lang_event() as ev:  # (its flags: a cancel_curse)
            if self._lang_fire("cursed", victim, facts=facts, owner_only=victim, cont=("curse", victim, c, caster), ev=ev):
                return True
            return self._lang_curse_cancelled(victim, c)

    def _lang_curse_cancelled(self, victim: int, c: int) -> bool:
        if self._ev.get("cancel"):
            self._discard(c)
            if self.history:
                self._say(f"{self.name(c)} does nothing to {self._pn(victim)}.")
            return True
        return False

    def _lang_curse_cont(self, victim: int, c: int, caster: int) -> None:
        if not self._lang_curse_cancelled(victim, c):
            self._apply_curse_window(victim, c, caster)

    # ------------------------------------------------------------------ an op walk resumed
    def _run_targets(self, ops, card, idx, kind, items, ctx, w, pick, quiet, keep) -> None:
        """Run ability ``idx``'s ``ops`` on each of ``items`` in order; ``keep``: the walk keeps
        its place (``Ops._rpath``, with the later targets in ``Ops._rsite``) so that an op's
        die may wait for the reactions to it (raises ``_Suspended`` then)."""
        self._rpath = self._rsite = None
        for k, x in enumerate(items):
            if keep:
                self._rpath, self._rsite = [], (card, idx, kind, x, pick, quiet, tuple(items[k + 1:]))
            self._run_ops(ops, kind, x, ctx, w, pick)

    def _lang_ops_cont(self, cont: tuple) -> None:
        """The reactions to the die of an op that rolls are in (``Ops._op_die``): the ability's
        op walk resumes at its place with the die they leave (a ``set_die``; a ``reroll`` rolls
        again, with its own reactions): that op with its die (after the dice it had used
        already), then the rest of every op list it was in (``Ops`` module docstring), then
        the ability's later targets. Nothing more runs on a player target who died.
        ``cont``: ``("ops", roller, die, card, ability index (or the part's keys), target kind,
        target, pick, quiet, place, context fields, the op's earlier dice, later targets)``."""
        _k, seat, die, card, idx, kind, x, pick, quiet, path, ct, odice, rest = cont
        # (an ability's ops, or a module-owned op list of the card: Ops._run_card_ops)
        if isinstance(idx, int):
            ab = self._prog[card].abilities[idx]
            do = ab.do
        elif idx[0] == OTHERWISE:  # (an ability's otherwise ops: Abilities._run_ability)
            ab = self._prog[card].abilities[idx[1]]
            do = ab.otherwise
        else:
            ab, do = None, self._part(card, idx[0])[idx[1]]
        ctx = Context(*ct[:6], dict(ct[6]))
        w = EngineWorld(self)
        saved = self._walk_saved()
        self._lost, self._rpath, self._quiet = [], [], quiet
        self._rsite, self._odice = (card, idx, kind, x, pick, quiet, rest), list(odice)
        if self.history:  # (the rest of a quiet walk too: nobody else says what it does now)
            own = quiet and ab is not None and ("caught" in ab.when or "hits" in ab.when)
            self._say_begin(self._cause_words(card) if own else card)
        try:
            if kind != "player" or self.state.players[x].alive:
                if self._ev.get("reroll"):
                    if self.history:
                        self._say(f"{self._pn(seat)} rolls again.")
                    self._rpath.extend(list(e) for e in path)
                    die = self._op_die(seat, self._roll(), ctx, fresh=False)
                    if die is None:
                        return
                    del self._rpath[:]
                else:
                    die = self._ev.get("die", die)
                self._resume_ops(do, path, 0, (*odice, die), kind, x, ctx, w, pick)
            self._run_targets(do, card, idx, kind, rest, ctx, w, pick, quiet, True)
        except _Suspended:
            pass
        finally:
            self._walk_restore(saved)
            if self.history:
                self._say_end()

    def _resume_ops(self, ops, path: tuple, depth: int, dice: tuple, kind, x, ctx, w, pick) -> None:
        """Resume the op walk at ``path[depth:]`` inside ``ops``: down to the op that rolled,
        which runs again with ``dice`` (in front of the forced dice, their reactions done: the
        dice it had used and the one answered), then the later targets of each entered op's
        own ``who`` and the ops after each entered op, innermost list first."""
        e = path[depth]
        i, branch = e[0], e[1]
        op = ops[i]
        rp = self._rpath
        rp.append([i, branch])
        last = depth == len(path) - 1

        def into(k, t) -> bool:  # inside the op, on the target it had reached
            if last:
                self.state.forced[0:0] = dice
                self._die_pre = len(dice)
                try:
                    return self._op(op, k, t, ctx, w, pick)
                finally:
                    self._die_pre = 0
            rp[-1][1] = branch
            sub = op.value[branch][1] if isinstance(branch, int) else op.get(branch, ()) \
                if branch not in ("then", "else") else op.then if branch == "then" else op.orelse
            self._resume_ops(sub, path, depth + 1, dice, k, t, ctx, w, pick)
            return True

        if len(e) > 2 or last or op.name == "if" or branch not in ("then", "else"):
            self._run_one(op, kind, x, ctx, w, pick, into=(tuple(e[2:]) or None, into))
        else:  # in the op's then / else, after it ran on its targets
            self._resume_ops(op.then if branch == "then" else op.orelse, path, depth + 1, dice,
                             kind, x, ctx, w, pick)
        rp.pop()
        self._run_ops(ops, kind, x, ctx, w, pick, start=i + 1)
