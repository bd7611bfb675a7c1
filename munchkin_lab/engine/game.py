"""The Munchkin core game: the face of the engine (new, legal actions, why_not, play,
undo/redo, views, save/replay, outcome). The rules live in one module per rule area, mixed
into :class:`Game` (see ``engine/README.md``: which module holds which rule).

Quick start::

    >>> from munchkin_lab.engine import Game, CardSpec
    >>> deck = [(CardSpec.make(name="Potted Plant", set="munchkin", kind="monster", deck="door",
    ...                        level=1, treasures=1), 20),
    ...         (CardSpec.make(name="Helm of Courage", set="munchkin", kind="item",
    ...                        deck="treasure", bonus=1, slot="headgear", gold=200), 20)]
    >>> g = Game.new(players=3, deck=deck, seed=7)
    >>> a = g.legal_actions()[0]
    >>> g.play(a); g.undo(); g.redo()
    >>> Game.from_json(g.to_json()).state_dict() == g.state_dict()
    True

Sections cited in reasons and docstrings are those of the core rulebook (``core rules, 7.
Combat`` ...). Where the rulebook is silent the docstring says "rulebook silent" and the
reading chosen.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Iterable, Sequence

from . import rng as _rng
from . import saves as _saves
from .abilities import Abilities
from .actions import Action, IllegalActionError
from .cards import CardSpec, FrozenDict
from .character import Character
from .charity import Charity
from .checks import StateChecks
from .combat import NO_CARRY, NO_SMEMO, Combat
from .combat_cards import CombatCards
from .curses import Curses
from .helping import Helping
from .history import History
from .items import Items
from .kinds import _ACACHE, Dispatch
from .lang_actions import LangActions
from .lang_events import LangEvents
from .lang_limits import LangLimits
from .lang_rolls import LangRolls
from .lang_world import _OFF_PLAYER_KINDS
from .ops import Ops
from .turn_cap import TurnCount
from .victims import Victims
from .pending import Pending
from .rewards import Rewards
from .playing import Playing
from .rules import RulesModule, check_module_options, select_modules
from .runaway import RunAway
from .state import PlayerState, State
from .tables import _card_tables, combat_category, turn_category  # noqa: F401 (re-exported)
from .turn import Turn
from .views import Views
from .zones import Zones


#: Game attribute -> the RulesModule hook it lists the modules of (the engine calls a hook
#: only on the modules that override it)
_HOOK_NAMES = {"_h_combat": "combat_modifier", "_h_monster": "monster_modifier", "_h_run": "run_away_modifier",
               "_h_here": "run_away_here",
               "_h_extra": "extra_actions", "_h_door": "on_draw_door", "_h_limit": "hand_limit",
               "_h_keep": "keeps_at_death", "_h_check": "check_action", "_h_before": "before_action",
               "_h_apply": "apply_action",
               "_h_pile": "draw_pile", "_h_dpile": "discard_pile", "_h_deal": "deal_pile", "_h_cancel": "on_curse_cancelled",
               "_h_treasure": "treasure_modifier", "_h_turn": "on_turn_start", "_h_won": "on_combat_won",
               "_h_end": "on_combat_end", "_h_bad": "on_bad_stuff", "_h_death": "on_death",
               "_h_hint": "bot_hint", "_h_leave": "on_leave_play", "_h_bigx": "big_exempt",
               "_h_limw": "limited_with",
               "_h_mleft": "on_monster_left", "_h_win": "winners", "_h_price": "level_price",
               "_h_help": "on_help", "_h_rman": "resolves_manual", "_h_fighter": "on_fighter_changed",
               "_h_label": "describe_action", "_h_seat": "seat_cards"}
_HOOKS: dict = {}  # module classes -> {attribute: indexes of the modules overriding the hook}
_NO_HOOKS: list = []  # shared and never mutated: no module overrides the hook
# without history, play() keeps a state checkpoint at the start of a turn once this many
# actions have passed since the last: an action that raises is rolled back by replaying the
# actions since (see Game._rollback)
_CKPT_EVERY = 512
#: the only action kinds the strengths memo may be carried over (Combat._keeps_strengths)
_KEEPERS = frozenset(("pass", "ask_help", "offer_help", "refuse", "fight", "run"))
# (the last deck given to Game.new as a tuple of (CardSpec, copies) tuples / CardSpecs, all
# immutable; its card list): a simulator starts every game of a run with the same tuple. One
# pair, replaced whole (a thread reads a deck with its own card list)
_DECK_MEMO: list = [(None, ())]


@dataclass(frozen=True)
class GameOptions:
    """Fixed settings of a game.

    Attributes:
        faster_play: phase 0 "listen at the door" (core rules, Munchkin XXL: Faster Game): draw
            one Door at the start of the turn; Loot the Room then draws a Treasure.
        shared_victory: a helper on the winning side also gains 1 Level per monster
            (core rules, Munchkin XXL: Shared Victory).
        setup_window: each player may play Race/Class/Items before the first turn (core rules,
            4. Creating Your Character).
        first_player: seat of the first player (the rulebook lets the table choose).
        max_turns: stop with no winner after this many turns (``reason="turn limit"``), or
            None for no cap. Default 1,000, so that every game ends. A game stopped so has
            played exactly ``max_turns`` turns (:meth:`Game.turns_played`; ``state.turn`` has
            already moved to the next one). ``simulate``, ``compare`` and ``play`` cap at 300
            unless told otherwise.
        max_actions_per_turn: stop with no winner when one turn reaches this many actions
            (``reason="action limit"``; e.g. a Door pile of nothing but Portals replayed
            forever), or None for no cap. Default 1,000 (a normal turn takes a few dozen).
        hand_limit: the base hand limit (core: 5; Dwarf +1).
        modules: extra rules-module names to switch on (see ``rules.MODULES``).
        module_options: per-module settings ``{module name: {key: value}}`` (each module
            documents its keys; read with ``RulesModule.opt``).
    """

    faster_play: bool = False
    shared_victory: bool = False
    setup_window: bool = True
    first_player: int = 0
    max_turns: int | None = 1000
    max_actions_per_turn: int | None = 1000
    hand_limit: int = 5
    modules: tuple = ()
    module_options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """End of the game: ``winners`` (seats), ``names`` and ``reason`` (``"level 10"``, or with
    no winner ``"turn limit"`` / ``"action limit"``: the caps of :class:`GameOptions`)."""

    winners: tuple
    names: tuple
    reason: str


def _spec_to_dict(s: CardSpec) -> dict:
    d = asdict(s)
    d["tags"] = sorted(s.tags)
    d["usable_by"] = list(s.usable_by)
    d["not_usable_by"] = list(s.not_usable_by)
    d["effects"] = s.effects.thaw() if isinstance(s.effects, FrozenDict) else dict(s.effects)
    return d


class Game(Dispatch, Pending, Playing, Turn, Combat, Helping, Rewards, CombatCards, RunAway, Items, Character, Curses, Ops,
           Charity, StateChecks, Zones, Views, History, Abilities, LangEvents, LangLimits, LangRolls,
           LangActions, Victims, TurnCount):
    """One game of Munchkin. Build with :meth:`new` or :meth:`from_json`.

    Public attributes: ``specs`` (card id -> :class:`CardSpec`), ``options``, ``modules``,
    ``seed``, ``state`` (internal; read :meth:`state_dict` instead), ``actions`` (played
    actions, the replay log).
    """

    def __init__(self, specs: list[CardSpec], names: list[str], genders: list[str], seed: int,
                 options: GameOptions, history: bool = True) -> None:
        self.specs = specs
        self.options = options
        self.seed = seed
        self.history = history
        tables = _card_tables(specs)  # precomputed per-card facts, shared by every game of the card list
        self.modules: list[RulesModule] = select_modules(tables["_sets"], tuple(options.modules), tables["_parts"])
        # the modules overriding each hook (the engine calls only those): per module classes
        types_ = tuple(type(m) for m in self.modules)
        idx = _HOOKS.get(types_)
        if idx is None:
            base = RulesModule
            idx = _HOOKS[types_] = {h: tuple(i for i, t in enumerate(types_) if getattr(t, hook) is not getattr(base, hook))
                                    for h, hook in _HOOK_NAMES.items()}
        mods = self.modules
        for h, ii in idx.items():
            setattr(self, h, [mods[i] for i in ii] if ii else _NO_HOOKS)
        #: modules that advise bots on their own decisions (RulesModule.bot_hint); empty = none
        self.hint_modules = tuple(self._h_hint)
        self._h_act = bool(self._h_before or self._h_apply)  # a module hears or applies actions (play)
        self._ver = 0
        self._legal: list = []
        self._legal_ver = -1
        # the strengths memo (Combat class docstring): off when a module hooks the numbers
        self._smemo: list | tuple = NO_SMEMO
        # the fighter's list carried over a refused help request (Combat._carry_fight):
        # (version, actions) of the last fight listed, of the request, of the refusal
        self._flist = self._fwait = self._fcarry = NO_CARRY
        self._sfree_ok = not (self._h_combat or self._h_monster or self._h_treasure)
        self._sfree = self._sfree_ok
        self._checked: tuple = (-1, None)  # (version, action) that why_not found legal
        #: cards the core rules drew from the decks, and deaths, since this object was made
        #: (statistics aids for simulators; not game state: undo does not rewind them; modules
        #: that deal from their own piles do not count draws)
        self.draws = 0
        self.deaths = 0
        self._acache: dict = _ACACHE
        self.joining_tags = frozenset(t for m in self.modules for t in m.joining_tags)
        #: shared victory as a co-win, not a Level for the helper (RulesModule.shared_victory_wins)
        self._sv_win = any(m.shared_victory_wins for m in self.modules)
        #: an Item given away waits for the receiver's yes (RulesModule.gift_needs_consent)
        self._gift_ask = any(m.gift_needs_consent for m in self.modules)
        self.deck_names = ("door", "treasure") + tuple(d for m in self.modules for d in m.extra_decks)
        self._log: list[str] = []
        self._saying: list = []  # (abilities running with history: Victims._say_begin)
        self._after: list[str] = []  # (lines said after their cause: History._say_after)
        self._bad_open: list = []  # (Bad Stuff running with history: Victims._say_cause_of_death)
        self._undo: list[tuple] = []
        self._redo: list[Action] = []
        self.actions: list[Action] = []
        self.__dict__.update(tables)
        caches = self._shared_caches.get(len(names))
        if caches is None:
            kc = [{k: {} for k in ("play", "discard", "equip", "unequip", "join", "trouble", "berserk", "turning")}
                  for _ in names]
            # the argument-free candidates of each seat
            simple = [{k: self._A(i, k) for k in ("accept", "refuse", "pass", "offer_help", "fight",
                                                   "run", "kick", "loot", "end_turn")}
                      for i in range(len(names))]
            caches = self._shared_caches[len(names)] = ({}, kc, simple)
        # the shared candidate Actions of _A_targets & co (immutable; per card list and number
        # of players); _kc[seat][kind] = {card: Action}, the hot loops' own lookups;
        # _simple[seat][kind]: the argument-free ones
        self._tcache, self._kc, self._simple = caches
        # monsters that may join a combat of a same-tag monster (Undead; module tags)
        joiner = self._joiner_cache.get(self.joining_tags)
        if joiner is None:
            jt = self.joining_tags
            joiner = self._joiner_cache[jt] = [bool(sp.tags & jt) for sp in specs]
        self._joiner = joiner
        self.state = State()
        self.state.players = [PlayerState(n, g) for n, g in zip(names, genders)]
        self.state.rng = _rng.seed_state(seed)
        self._initial: State | None = None
        self._initial_log: list[str] = []
        self._ckpt: tuple = (self.state, 0, 0, 0)  # (state, len(actions), draws, deaths); see _rollback
        self._ckpt_due = _CKPT_EVERY  # len(actions) at which play() takes the next checkpoint
        cap = options.max_actions_per_turn
        self._cap = cap if cap is not None else float("inf")
        self._use_memo: dict = {}  # the state-based checks' memo of can_use (checks.py)
        self._hcache: dict = {}  # card set -> where its cards sit in front of the players (abilities._holders)
        self._sba_seats: set = set()  # seats the state-based checks look at next (checks.py)
        self._sba_all = any(m.name != "core" for m in self.modules)  # modules: every seat, always
        self._sba_full = True
        self._lv_due = True  # the winner test is due (Pending._winner_test)
        self._lost: list = []     # Race/Class cards lost by the ability running now (ops.py)
        # the own turn's candidate generators out of a combat: without the `use` ones when no
        # card of the list has a `use` ability that can be heard there (only cards that never
        # sit in front of a player, e.g. the Lawyers, and no rules module: they listen in a
        # combat only - Abilities._holders)
        turn_gens = self._PHASE_GEN["turn"]
        if not self._sba_all and all(self._kind[c] in _OFF_PLAYER_KINDS for c in self._luse):
            turn_gens = tuple(g for g in turn_gens if g is not type(self)._cand_use)
        # phase or combat stage -> its generators (legal_actions); start, trouble, end: the own
        # turn's out of a combat
        self._gens = dict(self._PHASE_GEN, start=turn_gens, trouble=turn_gens, end=turn_gens)
        self._kicking = False     # a Kick Down the Door is resolving (see _kick)
        self._kick_again = False  # a module asked for a replacement face-up Door (Portal)

    @classmethod
    def new(cls, players: int | Sequence = 4, deck: Iterable = (), seed: int = 0,
            options: GameOptions | None = None, history: bool = True, deal: bool = True) -> "Game":
        """Start a game.

        Args:
            players: a count (names "P1".."Pn", gender alternating male/female), or a list of
                names or of ``(name, gender)`` pairs / ``{"name":..., "gender":...}`` dicts.
            deck: ``[(CardSpec, copies), ...]`` or ``[CardSpec, ...]`` (one copy each); the
                card list of a tuple of such entries is remembered for the next game given
                the same tuple (a simulator's run).
            seed: RNG seed (shuffles and dice), 0..2**64-1 (:func:`rng.check_seed`).
            options: :class:`GameOptions`.
            history: keep undo snapshots and the plain-words log (False for simulations).
            deal: shuffle and deal 4 Door + 4 Treasure each (core rules, 2. Setting Up).

        Raises:
            ValueError: fewer than 2 or more than 6 players... (2 allowed by the rulebook,
                more than 6 accepted with a warning-free reading), a bad player entry or deck.
                A deck made only of Solar Storm ship rooms is refused with a message naming
                ``SolarStormGame.new``: a Munchkin game of them has no Door or Treasure card.
                ``options.module_options`` naming an unknown module or option, or a value
                of the wrong type (:func:`rules.check_module_options`: ``No such option:
                fairy_dust.fairy_levl (did you mean fairy_dust.fairy_level?) ...``).
        """
        seed = _rng.check_seed(seed)
        options = options or GameOptions()
        if options.module_options:
            check_module_options(options.module_options)
        names, genders = _players(players)
        memo = _DECK_MEMO[0]
        if type(deck) is tuple and deck is memo[0]:
            specs = list(memo[1])  # the same immutable deck as the last game's
        else:
            specs = []
            frozen = type(deck) is tuple  # a tuple of immutable entries only (see below)
            for entry in deck:
                if type(entry) is tuple and len(entry) == 2 and type(entry[0]) is CardSpec and \
                        type(entry[1]) is int and entry[1] >= 0:  # the common case, first
                    specs += [entry[0]] * entry[1]
                elif isinstance(entry, CardSpec):
                    specs.append(entry)
                elif isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[0], CardSpec):
                    if not isinstance(entry[1], int) or entry[1] < 0:
                        raise ValueError(f"deck: copies of {entry[0].name!r} must be a non-negative integer")
                    specs.extend([entry[0]] * entry[1])
                    frozen = False
                else:
                    raise ValueError(f"deck: expected CardSpec or (CardSpec, copies), got {entry!r}")
            if specs and all(sp.kind == "ship_room" for sp in specs):
                raise ValueError(
                    f"deck: all {len(specs)} cards are Solar Storm ship rooms, which are no Munchkin "
                    "cards; start a Solar Storm game with SolarStormGame.new(players, rooms=...) "
                    "(munchkin_lab.engine.solar_storm) or Deck.new_game() of a deck with the "
                    "solar_storm module")
            if frozen:
                _DECK_MEMO[0] = (deck, tuple(specs))
        g = cls(specs, names, genders, seed, options, history)
        s = g.state
        for d in g.deck_names:
            s.decks[d] = []
            s.discards[d] = []
        for d, ids in g._deck_ids.items():  # card ids by deck, in id order
            s.decks.setdefault(d, []).extend(ids)
            s.discards.setdefault(d, [])
        for d in s.decks:
            s.rng = _rng.shuffle(s.rng, s.decks[d])
        for m in g.modules:
            m.setup(g)
        s.active = options.first_player % len(names)
        s.setup_seat = s.active
        if deal:
            for p in s.players:
                g._deal(p)
            for m in g.modules:
                m.after_deal(g)
        if not options.setup_window:
            g._setup_end()
        g._say(f"New game: {', '.join(names)}; {len(specs)} cards; seed {seed}.")
        g._initial = s.clone()
        g._initial_log = list(g._log)
        g._ckpt = (g._initial, 0, g.draws, g.deaths)
        g._ckpt_due = _CKPT_EVERY
        g._smemo = NO_SMEMO  # (a strength read while dealing is of no state: Combat docstring)
        return g

    def begin(self) -> None:
        """Re-mark the current state as the game's initial state (used by scenario setups that
        edit the state after :meth:`new`). Clears undo/redo and the action log."""
        for m in self.modules:
            m.on_begin(self)
        self._initial = self.state.clone()
        self._initial_log = list(self._log)
        self._ckpt = (self._initial, 0, self.draws, self.deaths)
        self._ckpt_due = _CKPT_EVERY
        self._sba_full = True  # an edited position: the next checks look at everybody
        self._lv_due = True  # (and the winner test looks at the Levels)
        self._hcache = {}
        self._ver += 1
        self._undo.clear()
        self._redo.clear()
        self.actions.clear()

    def name(self, c: int) -> str:
        """Printed name of card id ``c``."""
        return self.specs[c].name

    def _pn(self, seat: int) -> str:
        return self.state.players[seat].name

    def actor(self) -> int | None:
        """Seat of the player who must act now (None when the game is over).

        Pending decisions come first (help request -> asked player; corpse looting -> looter;
        item lost to a curse -> victim; Treasure share -> picker; manual card -> its player),
        then the interference window, the runner, the fighter, and else the active player.
        """
        s = self.state
        if s.pending:
            return s.pending[0]["player"]
        ph = s.phase
        if ph == "combat":
            c = s.combat
            st = c.stage
            if st == "window":
                return c.window[0]
            if st == "run":
                return c.runners[0]
            return c.fighter
        if ph == "over":
            return None
        if ph == "setup":
            return s.setup_seat
        return s.active

    def legal_actions(self, labels: bool = True, seat: int | None = None) -> list[Action]:
        """All legal actions of the acting player, each with a readable ``label``
        (``labels=False`` skips the labels: faster for simulations).

        ``seat=k`` lists what player ``k`` may do right now: the acting player's actions plus
        the any-time actions (core rules, 6. When You May Act: discard a Race/Class, Curses,
        Go Up a Level, Hireling, cancelling a Curse, giving Items out of combat); for another
        player only the any-time actions. Without ``seat``: the actor's flow only (bots and
        the board keep their order).

        Parametric choices are listed in a useful subset (bribes: none, or all Treasures with
        the helper picking first; selling: one greedy bundle); :meth:`play` accepts any legal
        variant, :meth:`why_not` explains any refusal.
        """
        if seat is not None:
            return self._legal_for(seat, labels)
        # the actor (the rules of actor(), inline), then the pending decision's answers or the
        # phase's candidate generators (kinds.PHASE_CANDIDATES); without module checks the
        # generators keep only what the kinds' checks pass; with them every candidate goes
        # through _why_inner (a module may allow what the core refuses)
        s = self.state
        ok = not self._h_check
        acts: list[Action] = []
        if s.pending:
            d = s.pending[0]
            self._pending_candidates(d["player"], d, acts)
        else:
            ph = s.phase
            if ph == "combat":
                c = s.combat
                ph = c.stage
                if ph == "window":
                    seat = c.window[0]
                elif ph == "run":
                    seat = c.runners[0]
                else:
                    seat = c.fighter
                    if self._fcarry[0] == self._ver:
                        # (the generators would list again the fighter's list of before a help
                        # request refused since, less the asks of the refuser: Combat._carry_fight)
                        ph = None
                        acts = list(self._fcarry[1])
            elif ph == "over":
                return []
            elif ph == "setup":
                seat = s.setup_seat
            else:
                seat = s.active
                if ph != "charity" and s.combat is not None:
                    ph = "turn"  # (a combat on the table: the own turn's generators, the use ones too)
            if ph is not None:
                # (self._gens: kinds.PHASE_CANDIDATES, the own turn's out of a combat apart)
                for gen in self._gens[ph]:
                    gen(self, seat, ok, acts)
                if ph == "fight" and ok and not self._sba_all:
                    self._flist = (self._ver, tuple(acts))
        if not ok:
            why = self._why_inner
            acts = [a for a in acts if why(a) is None]
        if labels:
            acts = [Action(a.player, a.kind, a.card, a.target, a.n, a.m, a.cards, label=self.describe(a))
                    for a in acts]
        self._legal = acts
        self._legal_ver = self._ver
        return acts

    def why_not(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the rule that forbids it (cites a section)."""
        if type(action) is not Action and not isinstance(action, Action):
            return "not an Action"
        why = self._why(action)
        if why is None:  # play() of this very object, before any change, skips the check
            self._checked = (self._ver, action)
        return why

    def why_not_actor(self, action: Action) -> str | None:
        """:meth:`why_not` for an action of the seat that must decide now (``action.player ==
        actor()``, the game not over): the same checks (the pending decision's, the rules
        modules', the kind's: ``kinds.TABLE``) without finding the actor again; for a bot
        that decides for that seat (the caller vouches for the seat: for any other seat, or
        when unsure, use :meth:`why_not`). Does not mark the action for :meth:`play`."""
        return self._why_inner(action)

    def is_legal(self, action: Action) -> bool:
        return self._why(action) is None

    def play(self, action: Action | str, check: bool = True) -> None:
        """Apply ``action`` (an :class:`Action` or its text form).

        ``check=False`` skips the rule check: the caller vouches that ``action`` is legal now
        (a simulation bot that built it by the rules and checked it; the simulator's speed
        path). An illegal action played so leaves the game in a state the rules never reach;
        everything else (the board, replays, scenarios) keeps the default. An action object
        taken from the latest :meth:`legal_actions` list, or just approved by :meth:`why_not`,
        is not checked twice either way.

        Raises:
            IllegalActionError: the action is not legal now (message = :meth:`why_not`); the
                state is unchanged.
            ValueError: malformed action text.
        """
        if check:
            # an action object of the latest legal_actions() list is legal now: no check again
            if self._legal_ver == self._ver:
                for x in self._legal:
                    if x is action:
                        break
                else:
                    action = self._vetted(action)
            else:
                action = self._vetted(action)
        elif type(action) is str:
            action = Action.parse(action)
        s = self.state
        if self.history:
            self._undo.append((s.clone(), len(self._log)))
            counters = (self.draws, self.deaths)
        else:
            counters = None  # the checkpoint's replay recounts them (a checkpoint: below)
        # the strengths memo carries over an action that changes nothing it reads (a memo of
        # an older state has nothing to carry: _keeps_strengths is not asked then)
        keep = s.combat is not None and self._smemo[0] == self._ver and action.kind in _KEEPERS and \
            self._sfree and self._keeps_strengths(action)
        self._ver += 1
        turn = s.turn
        self._sfree = False  # no memo while the action applies (Combat class docstring)
        try:
            # the answer to the pending decision, a module's own action, or the kind's apply
            # (kinds.TABLE)
            if s.pending:
                d = s.pending.pop(0)
                self._PENDING_FN[d["kind"]][2](self, d, action)  # (Pending._answer, inline)
            elif self._h_act:
                for mod in self._h_before:  # (RulesModule.before_action: whoever applies it)
                    mod.before_action(self, action)
                if not (self._h_apply and any(mod.apply_action(self, action) for mod in self._h_apply)):
                    self._APPLY[action.kind](self, action.player, action)
            else:  # (no module hears or applies actions)
                self._APPLY[action.kind](self, action.player, action)
            # then Pending._settle where something may be left to settle (pending decisions,
            # corpses, a Run Away), else the winner test when due
            ph = s.phase
            c = s.combat
            if s.pending or s.corpses or (c is not None and c.stage == "run" and ph == "combat"):
                self._settle()
                ph = s.phase
                c = s.combat
            elif self._lv_due and ph != "over" and ph != "combat":
                self._winner_test()  # (_settle's only work here)
                ph = s.phase
                c = s.combat
            if ph == "charity" and not s.pending:  # a card played, sold or taken (charity.py)
                self._charity_recount()
                c = s.combat
            # then the state-based checks (checks.py; a choice they ask for is the next
            # decision), when they have something to look at (marked seats, a full run, a
            # helper who died): most actions leave them nothing
            if self._sba_full or self._sba_seats or (c is not None and c.helper >= 0 and not s.players[c.helper].alive):
                self._state_checks()
        except BaseException:
            self._sfree = self._sfree_ok
            self._after = []
            self._rollback(counters)
            raise
        if self._after:
            self._say_the_rest()
        self._sfree = self._sfree_ok
        if keep:
            m = self._smemo
            if m[0] == self._ver - 1:
                m[0] = self._ver
            if action.kind == "ask_help" or action.kind == "refuse":
                self._carry_fight(action)
        if self._redo:
            self._recorded(action)
        else:
            self.actions.append(action)
        if s.turn == turn:
            s.turn_actions += 1
            if s.turn_actions >= self._cap and s.phase != "over":
                self._stop("action limit", f"Action limit reached: {s.turn_actions} actions in turn {turn}; no winner.")
        else:
            s.turn_actions = 0
            if not self.history and len(self.actions) >= self._ckpt_due:
                # without history, a checkpoint at the start of a turn once _CKPT_EVERY actions
                # have passed since the last (_rollback replays from it)
                self._ckpt = (s.clone(), len(self.actions), self.draws, self.deaths)
                self._ckpt_due = len(self.actions) + _CKPT_EVERY

    def _vetted(self, action: Action | str) -> Action:
        """:meth:`play`'s rule check of an action not taken from the latest list: ``action``
        parsed when it is text; an action object :meth:`why_not` has just approved is not
        checked again. Raises :class:`IllegalActionError` (message = :meth:`why_not`)."""
        if type(action) is str:
            action = Action.parse(action)
        ck = self._checked
        if ck[1] is action and ck[0] == self._ver:
            return action
        why = self._why(action)
        if why is not None:
            raise IllegalActionError(f"{action}: {why}")
        return action

    def _rollback(self, counters: tuple | None) -> None:
        """An action raised while it applied: put the state back exactly as it was before it
        (transactional :meth:`play`). With history, the undo snapshot :meth:`play` has just
        taken is the state before; without, the last checkpoint (taken at the start of a turn
        once ``_CKPT_EVERY`` actions have passed since the one before) replayed up to the
        present (the rules are deterministic: the RNG lives in the state)."""
        if self.history:
            st, loglen = self._undo.pop()
            self.state = st
            del self._log[loglen:]
        else:
            st, n, draws, deaths = self._ckpt
            self.state = st.clone()
            self.draws, self.deaths = draws, deaths
            redo = self.actions[n:]
            del self.actions[n:]
            for a in redo:
                self._ver += 1
                self.play(a, check=False)
        if counters is not None:
            self.draws, self.deaths = counters
        self._restored()

    def _stop(self, reason: str, text: str) -> None:
        """The game ends with no winner (a cap of :class:`GameOptions`): ``reason`` is the
        outcome's."""
        s = self.state
        s.phase = "over"
        s.reason = reason
        s.pending = []
        self._say(text)

    push = play

    def _restored(self) -> None:
        """The state was replaced (undo, a roll-back, a copy): caches keyed on it refresh."""
        self._ver += 1  # cached legal actions belong to the old state
        self._legal = []
        self._legal_ver = -1
        self._sba_seats = set()  # (a copy must not share the set) - the next checks see all
        self._sba_full = True
        self._lv_due = True  # (the winner test looks at the Levels again)
        self._saying = []  # (nor what the abilities running now have said)
        self._bad_open = []  # (nor the Bad Stuff running now)
        self._after = []  # (nor the lines held back: History._say_after)
        self._hcache = {}  # (nor the holders' cache: Zones._play_moved)
        self._smemo = NO_SMEMO  # (nor the strengths memo: a copy must not share it)
        self._flist = self._fwait = self._fcarry = NO_CARRY  # (nor the fighter's list carried)

    def outcome(self) -> Outcome | None:
        """None while the game runs, else an :class:`Outcome`."""
        s = self.state
        if s.phase != "over":
            return None
        return Outcome(tuple(s.winners), tuple(s.players[w].name for w in s.winners), s.reason)

    def _cn(self, c: int) -> str:
        return self.name(c) if 0 <= c < len(self.specs) else f"card {c}"

    def card_ids(self, name: str) -> list[int]:
        """All card ids whose printed name is ``name`` (case-insensitive)."""
        low = name.strip().lower()
        return [i for i, s in enumerate(self.specs) if s.name.lower() == low]

    def to_json(self) -> str:
        """Saved game: format version, seed, options, deck (card specs), initial state and the
        action log (text forms). :meth:`from_json` replays it exactly."""
        return json.dumps({
            "format": "munchkin-lab-game/1",
            "seed": self.seed,
            "options": asdict(self.options) | {"modules": list(self.options.modules)},
            "players": [[p.name, p.gender] for p in self._initial.players],
            "deck": [_spec_to_dict(sp) for sp in self.specs],
            "initial": self._initial.to_raw(),
            "initial_log": list(self._initial_log),
            "actions": [str(a) for a in self.actions],
        })

    @classmethod
    def from_json(cls, text: str, history: bool = True) -> "Game":
        """Load a saved game (see :meth:`to_json`) by replaying its actions.

        The save is checked before anything is built (``engine/saves.py``): field types, the
        players, the card specs, and card conservation of the initial state (every card of
        the deck in exactly one zone); then each action is replayed under the rules.

        Raises:
            ValueError: malformed JSON, a missing/bad field (named, e.g. ``'initial.players[1]
                .hand[2]'``), a card held twice or nowhere, or an action that does not replay
                (named by its index).
        """
        data = cls._saved_fields(text, "munchkin-lab-game/1", ("seed", "options", "players", "deck", "initial", "actions"))
        if not _saves._is_int(data["seed"]):
            raise ValueError(f"{_saves.PREFIX} 'seed': expected an integer, got {data['seed']!r}")
        _rng.check_seed(data["seed"], f"{_saves.PREFIX} 'seed'")  # the range Game.new takes
        opts = _saves.check_options(data["options"], _saves.dataclass_fields(GameOptions))
        names, genders = _saves.check_players(data["players"])
        _saves.check_deck(data["deck"], _saves.dataclass_fields(CardSpec))
        _saves.check_state(data["initial"], names, genders, len(data["deck"]))
        if not isinstance(data["actions"], list) or not all(isinstance(a, str) for a in data["actions"]):
            raise ValueError(f"{_saves.PREFIX} 'actions': a list of action texts")
        log = data.get("initial_log") or []
        if not isinstance(log, list) or not all(isinstance(x, str) for x in log):
            raise ValueError(f"{_saves.PREFIX} 'initial_log': a list of strings")
        try:
            options = GameOptions(**opts)
        except TypeError as e:
            raise ValueError(f"{_saves.PREFIX} 'options': {e}") from None
        specs = []
        for i, d in enumerate(data["deck"]):
            try:
                specs.append(CardSpec.make(**d))
            except (TypeError, ValueError) as e:
                raise ValueError(f"{_saves.PREFIX} 'deck[{i}]': {e}") from None
        try:
            g = cls(specs, names, genders, data["seed"], options, history)
        except ValueError as e:
            raise ValueError(f"{_saves.PREFIX} 'options': {e}") from None
        try:
            g.state = State.from_raw(data["initial"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"{_saves.PREFIX} 'initial': bad state ({e})") from None
        _saves.check_conservation(g.state, lambda: [c for m in g.modules for c in m.cards_held(g)],
                                  [sp.name for sp in specs])
        g._initial = g.state.clone()
        g._initial_log = list(log)
        g._ckpt = (g._initial, 0, 0, 0)
        g._ckpt_due = _CKPT_EVERY
        if history:
            g._log = list(g._initial_log)
        g._replay(data["actions"])
        return g

    def __repr__(self) -> str:
        s = self.state
        return (f"<Game turn={s.turn} active={s.active} phase={s.phase} "
                f"levels={[p.level for p in s.players]}>")


def _players(players) -> tuple[list[str], list[str]]:
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ValueError(f"players: 2 to 6 players (core rules, 2. Setting Up), got {players}")
        return [f"P{i + 1}" for i in range(players)], ["male" if i % 2 == 0 else "female" for i in range(players)]
    names, genders = [], []
    for i, e in enumerate(players):
        if isinstance(e, str):
            names.append(e)
            genders.append("male" if i % 2 == 0 else "female")
        elif isinstance(e, dict):
            names.append(str(e.get("name", f"P{i + 1}")))
            genders.append(str(e.get("gender", "male")))
        elif isinstance(e, (tuple, list)) and len(e) == 2:
            names.append(str(e[0]))
            genders.append(str(e[1]))
        else:
            raise ValueError(f"players[{i}]: expected a name, (name, gender) or a dict")
        if genders[-1] not in ("male", "female"):
            raise ValueError(f"players[{i}]: gender must be 'male' or 'female'")
    if not 2 <= len(names) <= 6:
        raise ValueError(f"players: 2 to 6 players (core rules, 2. Setting Up), got {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError("players: names must be distinct")
    return names, genders
