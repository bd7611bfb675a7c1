"""The action table: every action kind's check (the reason it is refused), its apply and the
rule module where both stand, next to the generator that lists its candidates.

``legal_actions()`` lists the candidates of the current phase (:data:`PHASE_CANDIDATES`) and
keeps those the kind's check passes; ``why_not()`` asks the same check. Nothing else decides
legality: a candidate generator builds actions of the right shape (a card from the right zone,
a seat, a monster index) and asks the check, or, when a rules module checks actions
(``RulesModule.check_action``), leaves every candidate to :meth:`Dispatch._why_inner`.

Checks are asked in this order (:meth:`Dispatch._why`): the game is over; the seat exists; a
player who is not the actor may only do the kind's any-time action (``anytime``, core rules, 6.
When You May Act), after any pending decision (one question at a time) and only alive (a dead
player may still discard a Race or Class); the actor answers a pending decision first
(``pending.py``); then the rules modules' ``check_action``; an actor who died in the own turn
may only end it (or discard a Race or Class); then the kind's ``check``.

To add an action kind: add its entry to :data:`TABLE` (check and apply methods in the rule
area's module, the generator that lists its candidates, optionally an any-time check), its
text in ``actions.KINDS``, and a scenario file; a rules module can instead add kinds of its
own through ``extra_actions`` / ``check_action`` / ``apply_action`` (``rules.py``).
"""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .refs import R_ACT, R_CHAR, R_COMBAT, R_DEATH, R_PHASES, R_RUN, R_WIN


#: The phases and combat stages in the games' words, for refusals (core rules, 4. Creating Your
#: Character; 5. Turn Phases; 7. Combat: the fight, the others' Interference, Running Away).
_PHASE_WORDS = {"setup": "setup: Race, Class and Items before the first turn", "start": "Kick Down the Door",
                "trouble": "Look for Trouble or Loot the Room", "end": "the end of the turn",
                "charity": "Charity", "over": "the game is over"}
_STAGE_WORDS = {"fight": "the fight", "window": "Interference", "run": "Running Away"}


@dataclass(frozen=True)
class Kind:
    """One row of the action table: method names of :class:`~munchkin_lab.engine.game.Game`.

    Attributes:
        area: the module holding the kind's rule (``combat``, ``items`` ...).
        check: ``(seat, action) -> reason | None`` for the acting player.
        apply: ``(seat, action) -> None``.
        listed_by: the candidate generator(s) that list it (documentation; see
            :data:`PHASE_CANDIDATES`).
        anytime: ``(seat, action, actor) -> reason | None`` for a player who is not the actor
            (core rules, 6. When You May Act), or "" when only the actor may do it.
        anytime_ok: ``(seat, action) -> bool``: is this action one of the any-time ones at
            all (else "it is X's decision now"); "" = always (with ``anytime``).
    """

    area: str
    check: str
    apply: str
    listed_by: str
    anytime: str = ""
    anytime_ok: str = ""


#: action kind -> :class:`Kind` (one row per kind of ``actions.KINDS``)
TABLE: dict[str, Kind] = {
    # turn.py: the turn and its phases
    "kick": Kind("turn", "_why_kick", "_do_kick", "_cand_turn"),
    "trouble": Kind("turn", "_why_trouble", "_do_trouble", "_cand_turn"),
    "loot": Kind("turn", "_why_loot", "_do_loot", "_cand_turn"),
    "end_turn": Kind("turn", "_why_end_turn", "_do_end_turn", "_cand_turn"),
    # charity.py
    "charity": Kind("charity", "_why_charity", "_do_charity", "_cand_charity"),
    # playing.py: cards played from the hand
    "play": Kind("playing", "_why_play_kind", "_do_play", "_cand_setup, _cand_turn_plays, _cand_combat_cards, _cand_run",
                 "_anytime_play", "_anytime_play_ok"),
    # character.py
    "discard": Kind("character", "_why_discard", "_do_discard", "_cand_turn", "_anytime_discard"),
    # items.py
    "equip": Kind("items", "_why_equip_kind", "_do_equip", "_cand_setup, _cand_turn", "_anytime_equip"),
    "unequip": Kind("items", "_why_equip_kind", "_do_unequip", "_cand_setup, _cand_turn", "_anytime_equip"),
    "carry": Kind("items", "_why_carry", "_do_carry", "_cand_setup, _cand_turn, _cand_charity", "_anytime_carry"),
    "sell": Kind("items", "_why_sell_kind", "_do_sell", "_cand_turn"),
    "give": Kind("items", "_why_give_kind", "_do_give", "anytime only", "_anytime_give"),
    "trade": Kind("items", "_why_trade", "_do_trade", "anytime only", "_anytime_trade"),
    "steal": Kind("items", "_why_steal_kind", "_do_steal", "_cand_turn", "_anytime_steal"),
    # combat.py
    "pass": Kind("combat", "_why_pass", "_do_pass", "_cand_setup, _cand_window (and pending reactions)"),
    "fight": Kind("combat", "_why_fight", "_do_fight", "_cand_fight"),
    "run": Kind("combat", "_why_fight", "_do_fight", "_cand_fight"),
    "ask_help": Kind("combat", "_why_ask_help", "_do_ask_help", "_cand_fight",
                     "_why_ask_help_anytime", "_ask_help_ok"),
    "offer_help": Kind("combat", "_why_offer_help", "_do_offer_help", "_cand_window"),
    "evade": Kind("combat", "_why_evade", "_do_evade", "_cand_fight"),
    "charm": Kind("combat", "_why_charm", "_do_charm", "_cand_fight", "_why_charm_any", "_chase_ok"),
    "chase": Kind("combat", "_why_chase_kind", "_do_chase", "_cand_fight", "_why_chase_any", "_chase_ok"),
    "berserk": Kind("combat", "_why_class_power", "_do_power", "_cand_combat_cards",
                 "_why_combat_anytime", "_combat_play_ok"),
    "turning": Kind("combat", "_why_class_power", "_do_power", "_cand_combat_cards",
                 "_why_combat_anytime", "_combat_play_ok"),
    "backstab": Kind("combat", "_why_backstab", "_do_backstab", "_cand_combat_cards",
                 "_why_combat_anytime", "_combat_play_ok"),
    "join": Kind("combat", "_why_join", "_do_join", "_cand_combat_cards",
                 "_why_combat_anytime", "_combat_play_ok"),
    # runaway.py
    "roll": Kind("runaway", "_why_roll", "_do_roll", "_cand_run", "_why_run_first", "_may_run_first"),
    "flight": Kind("runaway", "_why_flight", "_do_flight", "_cand_run", "_why_run_first", "_may_run_first"),
    # lang_actions.py: an ability of a card in play, in the card-effect language
    "use": Kind("lang_actions", "_why_use", "_do_use", "_cand_use", "_why_combat_anytime", "_use_anytime_ok"),
    # pending.py: answers (their checks are the pending decision's)
    "accept": Kind("pending", "_why_no_question", "_do_nothing", "pending"),
    "refuse": Kind("pending", "_why_no_question", "_do_nothing", "pending"),
    "choose": Kind("pending", "_why_no_question", "_do_nothing", "pending"),
    "resolve": Kind("pending", "_why_no_question", "_do_nothing", "pending"),
}

#: phase (or combat stage) -> candidate generators, in listing order (each ``(seat, ok,
#: out)``: appends its candidates; with ``ok`` only those the kinds' checks pass)
PHASE_CANDIDATES: dict[str, tuple[str, ...]] = {
    "setup": ("_cand_setup",),
    "charity": ("_cand_charity",),
    "run": ("_cand_run", "_cand_use"),
    "window": ("_cand_window", "_cand_combat_cards", "_cand_use"),
    "fight": ("_cand_fight", "_cand_combat_cards", "_cand_use"),
    "turn": ("_cand_turn", "_cand_use"),
}


def build_table(cls) -> None:
    """Resolve :data:`TABLE` into per-kind function lookups on the game class ``cls``
    (``_CHECK``, ``_APPLY``, ``_ANYTIME``, ``_ANYTIME_OK``): called once, after the class
    and its rule mixins exist."""
    cls._CHECK = {k: getattr(cls, r.check) for k, r in TABLE.items()}
    cls._APPLY = {k: getattr(cls, r.apply) for k, r in TABLE.items()}
    cls._ANYTIME = {k: getattr(cls, r.anytime) for k, r in TABLE.items() if r.anytime}
    cls._ANYTIME_OK = {k: getattr(cls, r.anytime_ok) for k, r in TABLE.items() if r.anytime_ok}
    cls._PHASE_GEN = {ph: tuple(getattr(cls, g) for g in gens) for ph, gens in PHASE_CANDIDATES.items()}
    from .pending import CHOICE_TABLES, CHOICES, MODULE_CHOICES, PENDING
    cls._PENDING_FN = {k: tuple(getattr(cls, n) for n in names) for k, names in PENDING.items()}
    # one table for the core's reasons and the rules modules' own (pending.register_choice)
    cls._CHOICE_FN = {w: tuple(getattr(cls, n) if n else None for n in names) for w, names in CHOICES.items()}
    cls._CHOICE_FN.update(MODULE_CHOICES)
    CHOICE_TABLES.append(cls._CHOICE_FN)


# common refusals of the phase checks
def setup_only() -> str:
    return f"during setup you may only play Race, Class and Items, or pass ({R_CHAR})"


def charity_first() -> str:
    return f"finish Charity first: give or discard your excess cards ({R_PHASES}, phase 4)"


def running() -> str:
    return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"


def run_closed() -> str:
    """A card for the combat (Monster Enhancer, One-Shot, Wandering Monster) once the Run Away
    rolls began (``CombatCards._combat_moment``)."""
    return (f"the fight is decided once the Run Away rolls begin: no Monster Enhancer, One-Shot "
            f"or Wandering Monster now ({R_RUN})")


def combat_only(k: str) -> str:
    return f"'{k}' is only possible during a combat ({R_COMBAT})"


def finish_combat() -> str:
    return f"finish the combat first ({R_PHASES}, phase 1)"


def fighter_only() -> str:
    return f"only the fighter does that; others may play a card or pass ({R_COMBAT}: Interfering in Combat)"


def not_in_combat(k: str) -> str:
    return f"'{k}' is not possible during combat ({R_COMBAT})"


_ACACHE_MAX = 200_000


class _Actions(dict):
    """The shared candidate Actions (immutable, a pure function of their fields), keyed by
    the fields' tuple: one cache for every game of the process (:meth:`Dispatch._A`), an
    Action built on the first ask of its key; cleared when it grows past ``_ACACHE_MAX``."""

    def __missing__(self, key: tuple) -> Action:
        if len(self) >= _ACACHE_MAX:
            self.clear()
        a = self[key] = Action(*key)
        return a


_ACACHE = _Actions()


class Dispatch:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: candidates, checks and applies of
    the actions, found through :data:`TABLE` (see the module docstring)."""

    _CHECK: dict = {}
    _APPLY: dict = {}
    _ANYTIME: dict = {}
    _ANYTIME_OK: dict = {}
    _PHASE_GEN: dict = {}
    _PENDING_FN: dict = {}
    _CHOICE_FN: dict = {}

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        if "_why_play" in dir(cls):  # the full game class (or a subclass): its own methods
            build_table(cls)

    # ------------------------------------------------------------------ shared candidates
    def _A(self, seat: int, kind: str, card: int = -1, target: int = -1, n: int = 0, m: int = -1,
           cards: tuple = ()) -> Action:
        """A shared (immutable) candidate Action: built once per process, then reused (speed)."""
        return self._acache[seat, kind, card, target, n, m, cards]  # (built when first asked: _Actions)

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
        """``(play c for side 0, play c for side 1)`` (shared candidates, see :meth:`_A`)."""
        key = (seat, c, "sides")
        r = self._tcache.get(key)
        if r is None:
            r = self._tcache[key] = (self._A(seat, "play", c, n=0), self._A(seat, "play", c, n=1))
        return r

    # ------------------------------------------------------------------ listing (legal_actions: game.py)
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

    # ------------------------------------------------------------------ checks
    def _why(self, a: Action) -> str | None:
        """The reason ``a`` is refused now, or None (see the module docstring; the actor is
        :meth:`Game.actor`'s, computed inline)."""
        s = self.state
        seat = a.player
        if s.pending:
            actor = s.pending[0]["player"]
        else:
            ph = s.phase
            if ph == "combat":
                c = s.combat
                st = c.stage
                actor = c.window[0] if st == "window" else c.runners[0] if st == "run" else c.fighter
            elif ph == "over":
                return f"the game is over ({R_WIN})"
            elif ph == "setup":
                actor = s.setup_seat
            else:
                actor = s.active
        if seat != actor:
            if not (0 <= seat < len(s.players)):
                return (f"no player in seat {seat}: seats count from 0, here 0 to {len(s.players) - 1} "
                        f"({s.players[0].name} to {s.players[-1].name})")
            return self._why_anytime(a, actor)
        c = a.card
        if c != -1 and not (0 <= c < len(self.specs)):
            return f"no card with id {c}"
        if s.pending:
            return self._why_pending(seat, a, s.pending[0])
        if self._h_check:
            for mod in self._h_check:
                r = mod.check_action(self, a)
                if r is not NotImplemented:
                    return r
        if not s.players[seat].alive and a.kind != "end_turn" and a.kind != "discard":
            return self._why_dead_actor()
        check = self._CHECK.get(a.kind)
        if check is None:
            return self._why_unknown(a.kind)
        return check(self, seat, a)

    def _why_dead_actor(self) -> str:
        """A player who died in their own turn is still its actor, with nothing left to do
        but end it (core rules, 7. Death: the new character appears at the start of the next
        player's turn; the dead have no cards but the ones they keep) - and discard a Race or
        Class card they kept, which the rulebook lets anyone do at any time (6. When You May
        Act; 8. Race, Class: at any time; 7. Death names what a dead character may not do -
        receive cards, gain a Level - and not this). A rules module's own actions are its own
        to allow (Scooby-Doo: a dead player swaps the Character card)."""
        return (f"a dead character does nothing but end the turn (and discard a Race or Class at will); "
                f"the new character appears at the next turn ({R_DEATH})")

    def _why_anytime(self, a: Action, actor: int) -> str | None:
        """Legality of an action of a player who is not the one who must decide now: only the
        kinds with an any-time check (discard a Race/Class, give or trade an Item, swap the
        Items in use, play a card allowed at any time, a helper's Cleric chase) and a rules
        module's ``anytime_kinds`` (its ``check_action`` decides), after any
        pending decision of another player (rulebook silent: one question at a time) and only
        for a living character (core rules, 6. When You May Act; 7. Death) - but for discarding
        a Race or Class card, which a dead player may do too: the rulebook allows it at any
        time (6. When You May Act; 8. Race, Class) and its list of what the dead may not do
        (7. Death: receive cards, gain a Level) leaves it out
        (``dead_player_may_discard_a_kept_race_or_class``)."""
        s = self.state
        seat = a.player
        k = a.kind
        c = a.card
        if c != -1 and not (0 <= c < len(self.specs)):
            return f"no card with id {c}"
        check = self._ANYTIME.get(k)
        ok = self._ANYTIME_OK.get(k)
        # a rules module's own kind it lets a player take at any moment (RulesModule.anytime_kinds)
        mod_any = check is None and any(k in mod.anytime_kinds for mod in self._h_check)
        # a silent reaction point (cancel, glue, a reaction from a hand) never names who holds
        # the reacting card
        silent = bool(s.pending) and self._hidden_reaction(s.pending[0])
        who = "another player" if silent else self._pn(actor)
        if (check is None and not mod_any) or (ok is not None and not ok(self, seat, a)):
            why = (f"it is {who}'s decision now, not {self._pn(seat)}'s "
                   f"({self._what_now()})")
            if k == "play" and c >= 0 and not s.pending and c in s.players[seat].hand and (
                    self._kind[c] in ("race", "class", "item") or self._char_special(c)):
                # a Race, Class or Item out of turn: and the rule of its moment (core rules, 10.)
                r = self._why_char_time(seat, c, self._kind[c] == "item")
                if r is not None:
                    why += f": {r}"
            elif k == "play" and c >= 0 and not s.pending and s.phase == "combat" and \
                    s.combat.stage == "run" and self._combat_card(seat, c):
                # a card for the combat between the Run Away rolls: and why (CombatCards._combat_moment)
                why += f": {run_closed()}"
            return why
        if s.pending:
            d = s.pending[0]
            return (f"{who if silent else self._pn(d['player'])} must answer a pending {d['kind']} decision first; "
                    f"any-time actions wait for it ({R_ACT})")
        if not s.players[seat].alive and k != "discard":
            return f"a dead character does not act until the new character appears ({R_DEATH})"
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if check is None:  # a module's any-time kind its module did not take up
            return f"it is {who}'s decision now, not {self._pn(seat)}'s ({self._what_now()})"
        return check(self, seat, a, actor)

    def _why_inner(self, a: Action) -> str | None:
        """Legality of an action of the acting player (actor already checked): the pending
        decision's check, else the rules modules', else the kind's (:data:`TABLE`)."""
        s = self.state
        if a.card != -1 and not (0 <= a.card < len(self.specs)):
            return f"no card with id {a.card}"
        seat = a.player
        if s.pending:
            return self._why_pending(seat, a, s.pending[0])
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if not s.players[seat].alive and a.kind != "end_turn" and a.kind != "discard":
            return self._why_dead_actor()
        check = self._CHECK.get(a.kind)
        if check is None:
            return self._why_unknown(a.kind)
        return check(self, seat, a)

    def _why_unknown(self, k: str) -> str:
        """The refusal of a kind no rule and no module knows (e.g. a module's kind with the
        module off)."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "charity":
            return charity_first()
        if ph == "combat":
            return running() if s.combat.stage == "run" else not_in_combat(k)
        return f"unknown action kind {k!r}"

    def _why_no_question(self, seat: int, a: Action) -> str:
        return "nothing to answer or choose now"

    def _do_nothing(self, seat: int, a: Action) -> None:
        """(answers are applied by the pending decision they answer)"""

    def _what_now(self) -> str:
        """What the game waits for now, in the games' words (the end of a refusal: "it is
        P1's decision now, not P2's (Combat: the fight)")."""
        s = self.state
        if s.pending:
            return f"a pending {s.pending[0]['kind']} decision"
        if s.phase == "combat":
            return f"Combat: {_STAGE_WORDS.get(s.combat.stage, s.combat.stage)}"
        return _PHASE_WORDS.get(s.phase, s.phase)
