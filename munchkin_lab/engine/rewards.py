"""The rewards of a combat (core rules, 7. Combat; Rewards): the Treasures of a won combat - face
down alone, face up when helped, shared by the bribe - and a combat every monster left by a card
or an ability, which is still a victory with no kill. The combat itself (strengths, help, the
window, the kill, its end) is ``combat.py``; the ``choose`` decision ``pick`` that shares the
Treasures is answered there.
"""
from __future__ import annotations


class Rewards:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: a combat's rewards (see the module
    docstring)."""

    def _won_empty(self) -> None:
        """Every monster left the combat by a card or an ability and nobody brought one back in
        the window (``Combat._window_done``): overcome without a kill, it is still a victory
        (core rules, 7. Combat; Scooby-Doo rules, Combat: still "winning") - no Level, no kill
        (7. Rewards) - so the log says so (the combat ends without a kill; it counts as a
        victory, no Level) before what the win earns: a helper's side has won
        (Fairy Dust rules, Getting Fairy Dust Cards: their Fairy Dust card, ``on_combat_won``),
        then the combat closes and the Treasures the monsters left are drawn
        (``Combat._end_combat``)."""
        c = self.state.combat
        if self.history:  # no kill, so not "wins the combat": the rule's words (a victory, no Level)
            who = self._pn(c.fighter) + (f" and {self._pn(c.helper)}" if c.helper >= 0 else "")
            self._say(f"Nobody brought a monster back: the combat ends without a kill; it counts as a victory "
                      f"for {who} (no Level for it).")
        for mod in self._h_won:
            mod.on_combat_won(self, c.fighter, c.helper, [])
        self._end_combat(won=False, empty=True, loot=c.intent == "loot")

    def _win_treasures(self, drawn: list) -> None:
        """The end of a won combat (``Combat._resolve_win``): the combat closes and its Treasures
        ``drawn`` (card ids, already out of the deck) go to the fighter - face down alone, face
        up when helped, shared by the bribe (:meth:`_reward_treasures`)."""
        c = self.state.combat
        # the draw is said when it is made, before what the combat's end does (e.g. the Fairy
        # Dust left after the Sparkly Good Fairy's kill going on top of the Treasure deck)
        self._say_treasures(c.fighter, c.helper, c.bribe_n, drawn)
        self._end_combat(won=True)
        self._reward_treasures(c.fighter, c.helper, c.bribe_n, c.bribe_first, drawn, said=True)

    def _say_treasures(self, fighter: int, helper: int, bribe_n: int, drawn: list) -> None:
        """The log line of a combat's reward Treasures ``drawn`` (:meth:`_reward_treasures`)."""
        if not self.history:
            return
        if helper < 0 or bribe_n <= 0:  # (none: a monster worth none, or no Treasure card left to draw)
            self._say(f"{self._pn(fighter)} draws {len(drawn)} Treasure{'s' if len(drawn) > 1 else ''}"
                      f"{' face up' if helper >= 0 else ' face down'}." if drawn else
                      f"{self._pn(fighter)} draws no Treasure.")
        else:
            acting = [t for t in drawn if self._acts_when_drawn(t)]
            shared = [t for t in drawn if t not in acting]
            self._say(f"Treasures face up: {', '.join(self.name(t) for t in shared + acting)}; "
                      f"{self._pn(helper)} gets {min(bribe_n, len(shared))}.")

    def _reward_treasures(self, fighter: int, helper: int, bribe_n: int, first: int, drawn: list,
                          said: bool = False) -> None:
        """A combat's reward Treasures ``drawn`` (card ids, out of the deck; the combat already
        closed) go to ``fighter``: face down alone, face up when ``helper`` (>= 0) helped, and
        then shared by the bribe of ``bribe_n`` Treasures, ``first`` = 1 when the helper picks
        first (core rules, 7. Rewards; Help: a bribe offers any number of the monster's
        Treasures). ``said``: the log line was said already (:meth:`_say_treasures`)."""
        s = self.state
        face_up = helper >= 0  # alone face down, helped face up (core rules, 7. Rewards)
        if not said:
            self._say_treasures(fighter, helper, bribe_n, drawn)
        if helper < 0 or bribe_n <= 0:
            for t in drawn:
                self._to_hand(fighter, t, face_up)
        else:
            # a Treasure that acts when drawn (Hoard!) acts for the fighter who drew it, face up,
            # instead of joining the shared ones (rulebook silent: the bribe shares the rest)
            acting = [t for t in drawn if self._acts_when_drawn(t)]
            drawn = [t for t in drawn if t not in acting]
            share = min(bribe_n, len(drawn))
            s.pool.extend(drawn)
            # the agreed first picker, unless their share is nothing: a helper offered every
            # Treasure takes them all, the fighter picking none (7. Help: the bribe)
            picker = helper if first or share == len(drawn) else fighter
            if drawn:
                s.pending.append({"kind": "choose", "why": "pick", "player": picker, "f": fighter,
                                  "h": helper, "hq": share, "fq": len(drawn) - share})
            for t in acting:
                self._to_hand(fighter, t, True)
