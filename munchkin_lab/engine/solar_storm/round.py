"""The round and its phases (public summary, card_facts.md (b)): who acts, the turn's action
budget (3 actions, then Action tokens), the action phase's end (``end_actions``), resource
collection (``collect``), then the Damage phase (``damage.py``) and the next player's turn;
the end of the game (:class:`SolarOutcome`).

Phases (``state.phase``): ``actions`` -> ``collect`` -> (Damage) -> the next turn's
``actions``; ``over`` when the crew won or the ship is lost.

:class:`Round` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...plural import plural
from ..turn_cap import TURN_LIMIT
from .actions import SolarAction
from .refs import r_base
from .state import PlayerState


@dataclass(frozen=True)
class SolarOutcome:
    """End of a game: ``won`` (the crew won), ``winners`` (all seats on a win, else ()),
    ``names`` and ``reason`` (plain words)."""

    winners: tuple
    names: tuple
    reason: str
    won: bool = False


class Round:
    """Mixin: the acting seat, the action budget, ``end_actions`` and ``collect``, the next
    turn and the end of the game."""

    def actor(self) -> int | None:
        """Seat that must act (the active player; None when the game is over)."""
        return None if self.state.phase == "over" else self.state.active

    # ------------------------------------------------------------------ the action budget
    def _budget(self, seat: int) -> int:
        """Actions ``seat`` may still spend this turn: the turn's own plus held Action tokens."""
        s = self.state
        return s.actions_left + s.players[seat].tokens

    def _spend(self, cost: int) -> None:
        """Pay ``cost`` actions: the turn's own first, then the active player's Action tokens
        (back to the supply). Our reading: tokens are spent automatically once the turn's own
        actions are used up."""
        s = self.state
        p = s.players[s.active]
        use = min(cost, s.actions_left)
        s.actions_left -= use
        p.tokens -= cost - use
        s.token_supply += cost - use

    # ------------------------------------------------------------------ end_actions
    def _cand_end_actions(self, seat: int, p: PlayerState, out: list) -> None:
        out.append(SolarAction(seat, "end_actions"))

    def _why_end_actions(self, a: SolarAction, p: PlayerState) -> str | None:
        """The action phase may end at any moment of it (public summary, card_facts.md (b))."""
        return None

    def _do_end_actions(self, a: SolarAction, p: PlayerState) -> None:
        """End the action phase: unused actions become Action tokens with
        ``options.bank_unused_actions`` (as far as the supply holds), then resource collection."""
        s = self.state
        if self.options.bank_unused_actions and s.actions_left > 0:
            b = min(s.actions_left, s.token_supply)
            p.tokens += b
            s.token_supply -= b
        s.actions_left = 0
        s.phase = "collect"
        self._say(f"{p.name} ends the action phase.")

    # ------------------------------------------------------------------ collect
    def _cand_collect(self, seat: int, p: PlayerState, out: list) -> None:
        s = self.state
        out.append(SolarAction(seat, "collect"))
        out += [SolarAction(seat, "collect", card=c) for c in self._distinct(s.face_up)]

    def _why_collect(self, a: SolarAction, p: PlayerState) -> str | None:
        """Resource collection takes ``collect_from_deck`` cards from the deck (``c`` omitted)
        or a face-up card (public summary, card_facts.md (b))."""
        s = self.state
        if a.card != -1 and a.card not in s.face_up:
            return f"Resource {a.card} is not in the face-up row ({r_base('Resource collection')})"
        if a.card == -1 and not s.res_deck:
            return f"the Resource deck is empty ({r_base('Resource collection')})"
        return None

    def _do_collect(self, a: SolarAction, p: PlayerState) -> None:
        """Take the cards, lose when the Resource deck ran out, else the Damage phase and the
        next turn (``damage.py``)."""
        s = self.state
        if a.card == -1:
            for _ in range(self.options.collect_from_deck):
                self._take_top(a.player)
            self._say(f"{p.name} collects {plural(self.options.collect_from_deck, 'Resource')} from the deck.")
        else:
            self._take_face_up(a.player, a.card)
            self._say(f"{p.name} collects a face-up {self._rt(a.card)}.")
        self._check_deck()
        if s.phase != "over":
            self._damage_phase()

    # ------------------------------------------------------------------ the next turn, the end
    def _next_turn(self) -> None:
        """The next player's turn: ``actions_per_turn`` actions, no die shown; past
        ``options.max_turns`` the game stops (``reason`` "turn limit", a loss)."""
        s = self.state
        s.active = (s.active + 1) % len(s.players)
        s.turn += 1
        s.phase = "actions"
        s.actions_left = self.options.actions_per_turn
        s.last_roll = None
        s.cube_room = -1
        s.supply_room = -1
        if self.options.max_turns is not None and s.turn > self.options.max_turns:
            self._end(False, TURN_LIMIT)

    def _end(self, won: bool, reason: str) -> None:
        """End the game: the crew wins (``won``) or the ship is lost; any pending step is
        dropped."""
        s = self.state
        s.phase = "over"
        s.won = won
        s.reason = reason
        s.pending = None
        self._say(("The crew wins: " if won else "The ship is lost: ") + reason + ".")

    def outcome(self) -> SolarOutcome | None:
        """None while the game runs; else who won (everybody or nobody) and why."""
        s = self.state
        if s.phase != "over":
            return None
        seats = tuple(range(len(s.players))) if s.won else ()
        return SolarOutcome(seats, tuple(s.players[i].name for i in seats), s.reason, s.won)
