"""Running Away: the rolls, their modifiers, escaping, Flask of Glue, Bad Stuff.
"""
from __future__ import annotations



class RunAway:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: running Away: the rolls, their modifiers,
    escaping, Flask of Glue, Bad Stuff."""

    def _start_run(self) -> None:
        """Run Away (core rules, 7. Combat: Running Away): the fighter, then the helper, each
        roll once per monster in the order they choose."""
        s = self.state
        c = s.combat
        c.stage = "run"
        c.window = []
        c.runners = [c.fighter] + ([c.helper] if c.helper >= 0 else [])
        c.rolled = []
        if self.history: self._say(f"{self._pn(c.fighter)} tries to Run Away.")

    def _roll_mod(self, seat: int, die: int) -> int:
        """Apply persistent die-roll curses (e.g. a chicken on the head)."""
        for cu in self.state.players[seat].curses:
            die += self.specs[cu].effects.get("roll_mod", 0)
        return die

    def run_away_modifier(self, seat: int, i: int) -> int:
        """Total Run Away modifier of ``seat`` against monster ``i``: Elf +1, items, the
        monster's modifier, Wizard flight, modules."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        mod = 1 if self.has_race(seat, "elf") else 0
        for it in p.equipped:
            if self.can_use(seat, it):
                mod += self.specs[it].effects.get("run_away", 0)
        m = c.monsters[i]
        mod += self.specs[m].effects.get("run_away", 0)
        for e in c.enh[i]:
            mod += self.specs[e].effects.get("run_away", 0)
        mod += c.flight.get(seat, 0)
        for h in self._h_run:
            mod += h.run_away_modifier(self, seat, i)
        return mod

    def _run_roll(self, seat: int, i: int) -> None:
        s = self.state
        c = s.combat
        m = c.monsters[i]
        sp = self.specs[m]
        die = self._roll()
        total = self._roll_mod(seat, die) + self.run_away_modifier(seat, i)
        c.rolled.append(i)
        if total >= 5 and not sp.effects.get("no_run_away"):
            if self.history: self._say(f"{self._pn(seat)} rolls {die} ({total}) and escapes {sp.name}.")
            if self._has_glue:
                n = len(s.players)
                holders = tuple(q for q in ((seat + j) % n for j in range(1, n))
                                if s.players[q].alive and self._glue_cards(q))
                if holders:
                    s.pending.append({"kind": "glue", "player": holders[0], "runner": seat,
                                      "monster": i, "rest": holders[1:]})
                    return
            self._escaped(seat, i)
        else:
            if self.history: self._say(f"{self._pn(seat)} rolls {die} ({total}): {sp.name} catches them. Bad Stuff!")
            self._bad_stuff(seat, m)

    def _escaped(self, seat: int, i: int) -> None:
        """A Run Away roll against monster ``i`` stands: its ``on_escape`` ops apply (core
        rules, 7. Running Away: some monsters hurt you even when you escape)."""
        m = self.state.combat.monsters[i]
        if self.specs[m].effects.get("on_escape"):
            self._apply_ops(seat, self.specs[m].effects["on_escape"], m)

    def _glue_cards(self, seat: int) -> list[int]:
        """Flask of Glue cards (``reroll_escape``) of ``seat``, hand or table (core rules, 9.
        Single-Use Items)."""
        p = self.state.players[seat]
        g = self._glues
        return [c for c in p.hand + p.carried if g[c]]

    def _bad_stuff(self, seat: int, m: int) -> None:
        if self._h_bad and any(mod.on_bad_stuff(self, seat, m) for mod in self._h_bad):
            return
        sp = self.specs[m]
        ops = sp.effects.get("bad_stuff")
        if ops:
            self._apply_ops(seat, ops, m)
        elif sp.manual:
            self._push_manual(seat, m, discard=False)
