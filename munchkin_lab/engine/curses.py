"""Curses and the reactions to them (core rules, 10. Curses): the cancel point (Wishing Ring),
Curses that stay, cancelling one later. The pending decision ``cancel`` (pending.py's table)
is answered here.
"""
from __future__ import annotations

from .actions import Action
from .ops import _FOR, _lasting_words
from .refs import R_WHEN


class Curses:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: curses and the reactions to them: the
    cancel point (Wishing Ring), Curses that stay, cancelling one later."""

    def _cancel_cards(self, seat: int) -> list[int]:
        """Curse-cancelling cards (``cancel_curse``) of ``seat``: in hand, or One-Shots on
        the table (core rules, 9. Single-Use Items: played from hand or table)."""
        p = self.state.players[seat]
        cx = self._cancels
        return [c for c in p.hand + p.carried if cx[c]]

    def _apply_curse(self, victim: int, c: int, caster: int = -1) -> None:
        """A Curse first goes through a reaction point: each living player holding a
        Curse-cancelling card (Wishing Ring), the victim first and then from the victim's
        left, may cancel it (``play`` the card) or let it hit (``pass``); the caster is not
        asked (core rules, 10. Curses: resolved at once "if possible"; card text). Before
        that, the victim's cards of the card-effect language hear ``cursed`` (one may stop the
        Curse: ``cancel_curse``).

        Reading (the rulebook is silent): a *silent* window. Only the holders are asked, one
        at a time, so nobody else spends a step; what the others learn is only that somebody
        may react: the log says "the others may react" and never who, a holder's ``pass`` is
        not logged, and :meth:`view` of any other seat shows the pending ``cancel`` (and the
        actor) without the player (core rules, 3. Handling Cards: your hand is yours). The
        result is logged either way: who cancelled it with what, or that it hits and what it
        took."""
        if "cursed" in self._lt and self._lang_cursed(victim, c, caster):
            return
        self._apply_curse_window(victim, c, caster)

    def _apply_curse_window(self, victim: int, c: int, caster: int = -1) -> None:
        """The cancel window of :meth:`_apply_curse` (Wishing Ring), then the Curse hits."""
        # (nobody holds a cancelling card, even dead: the look below would find no holder)
        if self._has_cancel and self._hand_held(self._cancel_set):
            s = self.state
            players = s.players
            n = len(players)
            cx = self._cancels.__getitem__
            holders = tuple(q for q in ((victim + i) % n for i in range(n))
                            if q != caster and players[q].alive and (
                                any(map(cx, players[q].hand)) or any(map(cx, players[q].carried))))
            if holders:
                s.pending.append({"kind": "cancel", "player": holders[0], "card": c,
                                  "victim": victim, "caster": caster, "rest": holders[1:]})
                if self.history: self._say(f"{self.name(c)} on {self._pn(victim)}: the others may react.")
                return
        self._curse_hits(victim, c)

    def _cancel_curse(self, seat: int, ring: int, curse: int, victim: int, owner: int = -1) -> None:
        """``seat`` spends ``ring`` to cancel ``curse`` (pending, or already on ``owner``); both
        cards are discarded (core rules, 10. Curses; Wishing Ring card)."""
        p = self.state.players[seat]
        if ring in p.hand:
            p.hand.remove(ring)
        else:
            self._leave_play(seat, ring)
        self._discard(ring)
        if owner >= 0:
            self._leave_play(owner, curse)
        self._discard(curse)
        if self.history: self._say(f"{p.name} cancels {self.name(curse)} on {self._pn(victim)} with {self.name(ring)}.")
        for mod in self._h_cancel:
            mod.on_curse_cancelled(self, seat, victim)

    def _curse_hits(self, victim: int, c: int) -> None:
        """Curses apply at once; persistent ones and "next combat" ones stay with the victim
        (core rules, 10. Curses). A Curse on something the victim lacks does nothing."""
        sp = self.specs[c]
        vp = self.state.players[victim]
        if self.history: self._say(f"{sp.name} hits {vp.name}.")
        keep = self._kept[c]
        run = self._lrun[c]
        hits = bool(run and "hits" in run)
        if hits:  # its hits abilities (the ops); it stays while a change it made lasts
            before = self._victim_snap(victim) if self.history else None
            self._lang_fire_card("hits", c, victim, victim, own=True)
            if before is not None:
                self._say_what_it_did(victim, before, c)
            keep = keep or self.state.ledger.holds(c)
        if sp.manual and not hits:
            self._push_manual(victim, c, discard=not keep)
            if keep:
                vp.curses.append(c)
                self._play_moved()
                self._curse_kept(victim, c)
            return
        if keep and vp.alive:
            if self.history:
                self._say_kept(victim, c)
            vp.curses.append(c)
            self._play_moved()
            self._curse_kept(victim, c)
        else:
            self._discard(c)

    def _say_kept(self, victim: int, c: int) -> None:
        """Say what a Curse that stays does to its victim (its short forms, which the engine
        reads by themselves: ``next_combat``, ``only_slot``, ``roll_mod``), in the words of
        the language's lasting changes (``Ops._lasting``); a change the language made says
        itself as it is made."""
        fx = self._fx[c]
        parts = []
        if fx.get("next_combat"):
            parts.append(f"{_lasting_words('combat_strength', fx['next_combat'])} {_FOR['next_combat']}")
        if fx.get("only_slot"):
            parts.append(f"{_lasting_words('only_slot', fx['only_slot'])} {_FOR['next_combat']}")
        if fx.get("roll_mod"):
            rw = fx.get("removed_with")
            parts.append(f"{_lasting_words('roll_mod', fx['roll_mod'])} until the Curse is removed"
                         + (f" (losing the {rw} removes it)" if rw else ""))
        if parts:
            self._say(f"{self._cause_words(c)}: {self._pn(victim)} {'; '.join(parts)}.")

    def _curse_kept(self, victim: int, c: int) -> None:
        """A Curse stays in front of its victim: it comes into play for them (``enters_play``;
        core rules, 10. Curses: a Curse that lasts stays in front of the victim)."""
        if "enters_play" in self._lt:
            self._lang_fire_card("enters_play", c, victim, victim)

    def _trap(self, seat: int, c: int) -> None:
        """A trap turned up (a room's face-up card, SMA rules): its ``hits`` abilities (its
        ``ops``) hit ``seat``, then it is discarded; one the language cannot express is
        resolved by hand."""
        run = self._lrun[c]
        if run and "hits" in run:
            if self.history:  # (what it did, in game words: Victims._say_begin)
                self._say_begin(c)
            self._lang_fire_card("hits", c, seat, seat, own=True)
            if self.history:
                self._say_end()
            self._discard(c)
        else:
            self._push_manual(seat, c, discard=True)

    def _why_cancel(self, seat: int, a: Action) -> str | None:
        """A Curse-cancelling card (Wishing Ring) played with no Curse resolving: it ends a
        Curse that stays on a player (``m`` = that Curse card), any time (card text)."""
        for q in self.state.players:
            if a.m in q.curses:
                return None
        staying = [f"{self.name(c)} on {q.name}" for q in self.state.players for c in q.curses]
        return (f"nothing to cancel: no Curse is being played now" + (
            f"; choose the Curse to end among those that stay ({', '.join(staying)})" if staying
            else ", and no Curse stays on a player") + f" ({R_WHEN}: Curses)")

    def _answer_cancel(self, d: dict, a: Action) -> None:
        """``play`` a cancelling card: the Curse is cancelled; ``pass``: the next holder is
        asked, and after the last one the Curse hits."""
        s = self.state
        if a.kind == "play":
            self._cancel_curse(d["player"], a.card, d["card"], d["victim"])
            return
        rest = [q for q in d["rest"] if s.players[q].alive and self._cancel_cards(q)]
        if rest:
            nd = dict(d)
            nd["player"] = rest[0]
            nd["rest"] = tuple(rest[1:])
            s.pending.insert(0, nd)
        else:
            self._curse_hits(d["victim"], d["card"])
