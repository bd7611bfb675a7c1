"""The Munchkin core game: rules, legal actions, undo/redo, save/replay, views.

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
import types
from dataclasses import asdict, dataclass, field
from typing import Iterable, Sequence

from . import rng as _rng
from . import saves as _saves
from .actions import Action, IllegalActionError
from .cards import CardSpec, FrozenDict
from .history import History
from .rules import RulesModule, select_modules
from .state import CombatState, PlayerState, State

R_CARDS = "core rules, 3. Handling Cards"
R_CHAR = "core rules, 4. Creating Your Character"
R_SIDEBAR = "core rules, Card Text and These Rules"
R_WIN = "core rules, 5. Starting and Ending the Game"
R_PHASES = "core rules, 6. Turn Phases"
R_COMBAT = "core rules, 7. Combat"
R_HELP = "core rules, 7. Combat: Help"
R_RUN = "core rules, 7. Combat: Running Away and Bad Stuff"
R_DEATH = "core rules, 7. Combat: Death"
R_STATS = "core rules, 8. Character Statistics"
R_ITEMS = "core rules, 9. Treasures and Items"
R_WHEN = "core rules, 10. When to Play Cards"
R_ACT = "core rules, 6. Turn Phases: When You May Act"

SLOT_LIMIT = {"headgear": 1, "armor": 1, "footgear": 1}
ALIASES = {"priest": "cleric", "kapłan": "cleric"}


_ATOMS: dict = {}
# shared candidate Actions (immutable, a pure function of their fields): one cache for every
# game of the process, cleared when it grows past _ACACHE_MAX (see Game._A)
_ACACHE: dict = {}
_ACACHE_MAX = 200_000
# without history, play() keeps a state checkpoint every this many actions: an action that
# raises is rolled back by replaying the actions since (see Game._rollback)
_CKPT_EVERY = 128


def _parse_atom(atom: str) -> tuple:
    """``(negated, type, argument)`` of a condition atom (see :meth:`Game.matches`; cached)."""
    atom = atom.strip().lower()
    neg = atom.startswith("!")
    if neg:
        atom = atom[1:]
    if atom.startswith("race:"):
        name = ALIASES.get(atom[5:], atom[5:])
        if name == "human":
            return neg, "human", None
        return neg, "race", name
    if atom == "human":
        return neg, "human", None
    if atom.startswith("class:"):
        return neg, "class", ALIASES.get(atom[6:], atom[6:])
    if atom.startswith("gender:"):
        return neg, "gender", atom[7:]
    if atom.startswith("tag:"):
        return neg, "tag", atom[4:]
    if atom.startswith("level"):
        op = atom[5:7] if atom[6] in "=" else atom[5]
        val = int(atom[5 + len(op):])
        if op not in ("<=", ">=", "<", ">", "="):
            raise KeyError(op)
        return neg, "level", (op, val)
    return neg, "false", None


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
            None for no cap. Default 1,000, so that every game ends.
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


def turn_category(s: CardSpec) -> int:
    """How a Special / One-Shot is offered on its owner's turn out of combat (the candidates
    of ``Game.legal_actions``; core rules, 6. When You May Act): 0 not offered (and every
    other kind), 1 once per Item in play (Cheat!), 2 one plain play, 3 once per target seat
    (a Level theft), 4 once per top-3 card of each discard pile (take from the discards)."""
    e = s.effects
    if s.kind == "special":
        if e.get("cheat"):
            return 1
        if e.get("half_breed") or e.get("super_munchkin") or e.get("level_for") or \
                e.get("draw_treasures") or s.manual:
            return 2
        if e.get("steal_level"):
            return 3
    elif s.kind == "one_shot":
        if s.manual or e.get("draw_treasures"):
            return 2
        if e.get("take_discard"):
            return 4
    return 0


_NO_SLOT = object()  # a curse without "only_slot"


def combat_category(s: CardSpec) -> int:
    """How a One-Shot / Special from hand is offered in a combat (the candidates of
    ``Game.legal_actions``; core rules, 7. Combat): One-Shot 1 once per monster (removes one),
    2 once per seat (passes the fight on), 3 once per side; Special 4 once per monster in hand
    (Wandering Monster), 5 one plain play, 6 once per monster in hand and monster fought,
    7 once per Item in play of another player (the fighter only); 0 otherwise."""
    e = s.effects
    if s.kind == "one_shot":
        if e.get("discard_monster"):
            return 1
        if e.get("transfer_fighter"):
            return 2
        if not e.get("escape"):
            return 3
    elif s.kind == "special":
        if e.get("wandering_monster"):
            return 4
        if e.get("end_combat") or e.get("level_for") or s.manual:
            return 5
        if e.get("swap_monster"):
            return 6
        if e.get("take_item"):
            return 7
    return 0


_TABLES: dict = {}
_TABLES_MAX = 64


def _card_tables(specs: list[CardSpec]) -> dict:
    """The per-card lookup lists of a game (``_kind``, ``_slots``, ...; index = card id), built
    once per card list and shared by every game over the same spec objects (the lists are
    read-only after this). Keyed on the spec objects' identities; the entry keeps the specs
    alive, so an id cannot be reused while it is cached."""
    key = tuple(map(id, specs))
    hit = _TABLES.get(key)
    if hit is not None:
        return hit[1]
    t = types.SimpleNamespace()
    t._kind = [s.kind for s in specs]
    t._lnames = [_lname(s) for s in specs]
    t._slots = [s.slot for s in specs]
    t._sale_gold = [max(0, s.gold or 0) if s.kind in ("item", "one_shot") else 0 for s in specs]
    t._cancels = [bool(s.effects.get("cancel_curse")) for s in specs]
    # cards played by _why_anytime_play (Wishing Ring, Hireling, loaded die, level theft)
    t._anyplay = [bool(s.effects.get("cancel_curse") or s.effects.get("hireling") or
                          s.effects.get("set_die") or s.effects.get("steal_level")) for s in specs]
    t._has_cancel = any(t._cancels)
    t._glues = [bool(s.effects.get("reroll_escape")) for s in specs]
    # how a Special / One-Shot is played on the own turn (see _candidates): 0 not here,
    # 1 cheat (one per item in play), 2 plain play, 3 level theft (targets), 4 discard pick
    t._tcat = [turn_category(s) for s in specs]
    t._uplevels = [s.effects.get("levels", 1) for s in specs]
    t._escape = [bool(s.effects.get("escape")) for s in specs]
    t._no_help = [bool(s.effects.get("no_help")) for s in specs]
    # combat plays of a One-Shot / Special (see _combat_card_candidates)
    t._ccat = [combat_category(s) for s in specs]
    t._steal_level = [bool(s.effects.get("steal_level")) for s in specs]
    # strength facts (see player_strength)
    t._lvl_nc = [bool(s.effects.get("level_doesnt_count")) for s in specs]
    t._items_nc = [bool(s.effects.get("items_dont_count")) for s in specs]
    t._next_combat = [s.effects.get("next_combat", 0) for s in specs]
    t._mlevel = [s.level or 0 for s in specs]
    t._mbonus = [s.bonus or 0 for s in specs]
    t._mate = [bool(s.effects.get("mate")) for s in specs]
    t._bonus_vs = [s.effects.get("bonus_vs", ()) for s in specs]
    t._bonus_per = [s.effects.get("bonus_per") for s in specs]
    t._only_slot = [s.effects["only_slot"] if "only_slot" in s.effects else _NO_SLOT for s in specs]
    t._has_glue = any(t._glues)
    # Item bonus when nothing can change it (no race/class/gender restriction, no conditional
    # bonus): item_bonus answers these without the checks; None = ask the checks
    t._plain_bonus = [(s.bonus or 0) if not (s.usable_by or s.not_usable_by or s.effects.get("bonus_if"))
                      else None for s in specs]
    t._unrestricted = [not (s.usable_by or s.not_usable_by) for s in specs]  # can_use is True
    t._big = [bool(s.big) for s in specs]
    t._deck_ids = {}  # deck -> card ids in id order (decks in order of first appearance)
    for i, s in enumerate(specs):
        t._deck_ids.setdefault(s.deck, []).append(i)
    t._fight_extra = [bool(s.effects.get("not_pursue") or s.effects.get("bribe_gold") or
                           s.effects.get("evade_discard") or s.effects.get("cleric_chase")) for s in specs]
    t._combat_inert = [s.kind in ("item", "race", "class") for s in specs]
    # number of players -> the shared candidate Actions (_tcache, per-seat _kc)
    t._shared_caches = {}
    t._joiner_cache = {}  # joining tags -> per card: may this monster join (see Game._joiner)
    tables = vars(t)
    if len(_TABLES) >= _TABLES_MAX:
        _TABLES.clear()
    _TABLES[key] = (list(specs), tables)
    return tables


def _lname(spec: CardSpec) -> str:
    n = spec.name.strip().lower()
    return ALIASES.get(n, n)


class Game(History):
    """One game of Munchkin. Build with :meth:`new` or :meth:`from_json`.

    Public attributes: ``specs`` (card id -> :class:`CardSpec`), ``options``, ``modules``,
    ``seed``, ``state`` (internal; read :meth:`state_dict` instead), ``actions`` (played
    actions, the replay log).
    """

    # ------------------------------------------------------------------ construction
    def __init__(self, specs: list[CardSpec], names: list[str], genders: list[str], seed: int,
                 options: GameOptions, history: bool = True) -> None:
        self.specs = specs
        self.options = options
        self.seed = seed
        self.history = history
        self.modules: list[RulesModule] = select_modules({s.set for s in specs}, tuple(options.modules))
        base = RulesModule
        self._h_combat = [m for m in self.modules if type(m).combat_modifier is not base.combat_modifier]
        self._h_monster = [m for m in self.modules if type(m).monster_modifier is not base.monster_modifier]
        self._h_run = [m for m in self.modules if type(m).run_away_modifier is not base.run_away_modifier]
        self._h_extra = [m for m in self.modules if type(m).extra_actions is not base.extra_actions]
        self._h_door = [m for m in self.modules if type(m).on_draw_door is not base.on_draw_door]
        self._h_limit = [m for m in self.modules if type(m).hand_limit is not base.hand_limit]
        self._h_keep = [m for m in self.modules if type(m).keeps_at_death is not base.keeps_at_death]
        self._h_check = [m for m in self.modules if type(m).check_action is not base.check_action]
        self._h_apply = [m for m in self.modules if type(m).apply_action is not base.apply_action]
        self._h_pile = [m for m in self.modules if type(m).draw_pile is not base.draw_pile]
        self._h_dpile = [m for m in self.modules if type(m).discard_pile is not base.discard_pile]
        self._h_cancel = [m for m in self.modules if type(m).on_curse_cancelled is not base.on_curse_cancelled]
        self._h_treasure = [m for m in self.modules if type(m).treasure_modifier is not base.treasure_modifier]
        self._h_turn = [m for m in self.modules if type(m).on_turn_start is not base.on_turn_start]
        self._h_won = [m for m in self.modules if type(m).on_combat_won is not base.on_combat_won]
        self._h_end = [m for m in self.modules if type(m).on_combat_end is not base.on_combat_end]
        self._h_bad = [m for m in self.modules if type(m).on_bad_stuff is not base.on_bad_stuff]
        self._h_death = [m for m in self.modules if type(m).on_death is not base.on_death]
        #: modules that advise bots on their own decisions (RulesModule.bot_hint); empty = none
        self.hint_modules = tuple(m for m in self.modules if type(m).bot_hint is not base.bot_hint)
        self._ver = 0
        self._legal: list = []
        self._legal_ver = -1
        self._mw_cache = (-1, False)
        self._checked: tuple = (-1, None)  # (version, action) that why_not found legal
        #: cards the core rules drew from the decks, and deaths, since this object was made
        #: (statistics aids for simulators; not game state: undo does not rewind them; modules
        #: that deal from their own piles do not count draws)
        self.draws = 0
        self.deaths = 0
        self._sure: list = []
        self._acache: dict = _ACACHE
        # the argument-free candidates of each seat (shared, see _A)
        self._simple = [{k: self._A(i, k) for k in ("accept", "refuse", "pass", "offer_help", "fight",
                                                     "run", "kick", "loot", "end_turn")}
                        for i in range(len(names))]
        self.joining_tags = frozenset(t for m in self.modules for t in m.joining_tags)
        self.deck_names = ("door", "treasure") + tuple(d for m in self.modules for d in m.extra_decks)
        self._log: list[str] = []
        self._undo: list[tuple] = []
        self._redo: list[Action] = []
        self.actions: list[Action] = []
        # precomputed per-card facts (speed): shared by every game of the same card list
        self.__dict__.update(_card_tables(specs))
        caches = self._shared_caches.get(len(names))
        if caches is None:
            kc = [{k: {} for k in ("play", "discard", "equip", "unequip", "join", "trouble")} for _ in names]
            caches = self._shared_caches[len(names)] = ({}, kc)
        # the shared candidate Actions of _A_targets & co (immutable; per card list and number
        # of players); _kc[seat][kind] = {card: Action}, the hot loops' own lookups
        self._tcache, self._kc = caches
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
        self._kicking = False     # a Kick Open the Door is resolving (see _kick)
        self._kick_again = False  # a module asked for a replacement face-up Door (Portal)

    @classmethod
    def new(cls, players: int | Sequence = 4, deck: Iterable = (), seed: int = 0,
            options: GameOptions | None = None, history: bool = True, deal: bool = True) -> "Game":
        """Start a game.

        Args:
            players: a count (names "P1".."Pn", gender alternating male/female), or a list of
                names or of ``(name, gender)`` pairs / ``{"name":..., "gender":...}`` dicts.
            deck: ``[(CardSpec, copies), ...]`` or ``[CardSpec, ...]`` (one copy each).
            seed: RNG seed (shuffles and dice).
            options: :class:`GameOptions`.
            history: keep undo snapshots and the plain-words log (False for simulations).
            deal: shuffle and deal 4 Door + 4 Treasure each (core rules, 2. Setting Up).

        Raises:
            ValueError: fewer than 2 or more than 6 players... (2 allowed by the rulebook,
                more than 6 accepted with a warning-free reading), a bad player entry or deck.
        """
        options = options or GameOptions()
        names, genders = _players(players)
        specs: list[CardSpec] = []
        for entry in deck:
            if isinstance(entry, CardSpec):
                specs.append(entry)
            elif isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[0], CardSpec):
                if not isinstance(entry[1], int) or entry[1] < 0:
                    raise ValueError(f"deck: copies of {entry[0].name!r} must be a non-negative integer")
                specs.extend([entry[0]] * entry[1])
            else:
                raise ValueError(f"deck: expected CardSpec or (CardSpec, copies), got {entry!r}")
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
        if not options.setup_window:
            s.phase = "start"
            g._turn_start()
        g._say(f"New game: {', '.join(names)}; {len(specs)} cards; seed {seed}.")
        g._initial = s.clone()
        g._initial_log = list(g._log)
        g._ckpt = (g._initial, 0, g.draws, g.deaths)
        return g

    def begin(self) -> None:
        """Re-mark the current state as the game's initial state (used by scenario setups that
        edit the state after :meth:`new`). Clears undo/redo and the action log."""
        for m in self.modules:
            m.on_begin(self)
        self._initial = self.state.clone()
        self._initial_log = list(self._log)
        self._ckpt = (self._initial, 0, self.draws, self.deaths)
        self._ver += 1
        self._undo.clear()
        self._redo.clear()
        self.actions.clear()

    # ------------------------------------------------------------------ small helpers
    def name(self, c: int) -> str:
        """Printed name of card id ``c``."""
        return self.specs[c].name

    def _pn(self, seat: int) -> str:
        return self.state.players[seat].name

    def _roll(self) -> int:
        """One six-sided die: a forced result if queued, else the seeded RNG."""
        s = self.state
        if s.forced:
            return s.forced.pop(0)
        s.rng, k = _rng.below(s.rng, 6)
        return k + 1

    def _draw(self, deck: str, seat: int = -1) -> int:
        """Top card of ``deck`` (-1 if none). An empty pile is refilled by shuffling its
        discards; with no discards nobody draws (core rules, 3. Handling Cards). A module's
        ``draw_pile`` hook may name another pile (``seat``: the drawer, default the active)."""
        s = self.state
        if self._h_pile:
            for m in self._h_pile:
                deck = m.draw_pile(self, deck, s.active if seat < 0 else seat) or deck
        pile = s.decks.get(deck)
        if pile is None:
            return -1
        if not pile:
            disc = s.discards[deck]
            if not disc:
                return -1
            pile.extend(disc)
            disc.clear()
            s.rng = _rng.shuffle(s.rng, pile)
            if self.history: self._say(f"The {deck} deck is reshuffled from its discards.")
        self.draws += 1
        return pile.pop()

    def _discard(self, c: int) -> None:
        if self._h_dpile:
            d = self.specs[c].deck
            for m in self._h_dpile:
                d = m.discard_pile(self, c) or d
            self.state.discards[d].append(c)
            return
        self.state.discards[self.specs[c].deck].append(c)

    def _deal(self, p: PlayerState) -> None:
        for deck in ("door", "treasure"):
            for _ in range(4):
                c = self._draw(deck)
                if c >= 0:
                    p.hand.append(c)

    # ------------------------------------------------------------------ character facts
    def races(self, seat: int) -> list[str]:
        """Lower-case race names of ``seat`` (empty list = Human)."""
        return [self._lnames[c] for c in self.state.players[seat].races]

    def classes(self, seat: int) -> list[str]:
        """Lower-case class names (``priest`` normalised to ``cleric``)."""
        return [self._lnames[c] for c in self.state.players[seat].classes]

    def has_race(self, seat: int, race: str) -> bool:
        ln = self._lnames
        for c in self.state.players[seat].races:
            if ln[c] == race:
                return True
        return False

    def has_class(self, seat: int, cls_: str) -> bool:
        ln = self._lnames
        for c in self.state.players[seat].classes:
            if ln[c] == cls_:
                return True
        return False

    def matches(self, seat: int, atom: str, against: bool = False, monster: int = -1) -> bool:
        """Does player ``seat`` match condition ``atom`` (see ``effects`` docstring)?

        ``against=True`` when the atom is a disadvantage (a monster bonus or an item ban):
        Super Munchkin with one Class / Half-Breed with one Race then hide that Class / Race
        (core rules, 10. Mixed Super Munchkin).
        """
        parsed = _ATOMS.get(atom)
        if parsed is None:
            parsed = _ATOMS[atom] = _parse_atom(atom)
        neg, typ, arg = parsed
        p = self.state.players[seat]
        if typ == "race":
            r = False
            ln = self._lnames
            for c in p.races:
                if ln[c] == arg:
                    r = True
                    break
            if r and against and p.half_breed >= 0 and len(p.races) == 1:
                r = False
        elif typ == "human":
            r = not p.races
        elif typ == "class":
            r = False
            ln = self._lnames
            for c in p.classes:
                if ln[c] == arg:
                    r = True
                    break
            if r and against and p.super_munchkin >= 0 and len(p.classes) == 1:
                r = False
        elif typ == "gender":
            r = p.gender == arg
        elif typ == "tag":
            r = monster >= 0 and self.specs[monster].has_tag(arg)
        elif typ == "level":
            op, val = arg
            lv = p.level
            r = (lv <= val if op == "<=" else lv >= val if op == ">=" else lv < val if op == "<" else
                 lv > val if op == ">" else lv == val)
        else:
            r = False
        return r != neg

    def can_use(self, seat: int, c: int) -> bool:
        """True when ``seat`` may use item ``c`` (race/class/gender restrictions; Cheat!
        lifts them) - core rules, 9. Treasures and Items."""
        if self._unrestricted[c]:
            return True
        p = self.state.players[seat]
        if p.cheat_item == c:
            return True
        sp = self.specs[c]
        if sp.usable_by:
            for a in sp.usable_by:
                if self.matches(seat, a):
                    break
            else:
                return False
        if sp.not_usable_by:
            for a in sp.not_usable_by:
                if self.matches(seat, a, True):
                    return False
        return True

    def hand_limit(self, seat: int) -> int:
        """5, or 6 for a Dwarf (core rules, 3. Handling Cards); modules may change it."""
        lim = self.options.hand_limit + (1 if self.has_race(seat, "dwarf") else 0)
        for m in self._h_limit:
            lim = m.hand_limit(self, seat, lim)
        return lim

    def item_bonus(self, seat: int, c: int) -> int:
        """The bonus Item ``c`` gives ``seat`` now: 0 when ``seat`` may not use it, else its
        conditional bonus (the first ``bonus_if`` that matches) or its printed bonus (core rules,
        9. Treasures and Items)."""
        b = self._plain_bonus[c]
        if b is not None:  # no restriction, no condition
            return b
        sp = self.specs[c]
        if not self.can_use(seat, c):
            return 0
        for cond in sp.effects.get("bonus_if", ()):
            if self.matches(seat, cond["if"]):
                return cond["bonus"]
        return sp.bonus or 0

    # ------------------------------------------------------------------ combat strength
    def player_strength(self, seat: int) -> int:
        """Combat strength of one munchkin-side player: Level + items in use + class/race
        abilities + curses (+ module modifiers). May be negative (core rules, 8. Level)."""
        s = self.state
        c = s.combat
        p = s.players[seat]
        level_counts = items_count = True
        if c is not None:
            lnc = self._lvl_nc
            inc = self._items_nc
            for m in c.monsters:
                if lnc[m]:
                    level_counts = False
                if inc[m]:
                    items_count = False
        total = p.level if level_counts else 0
        only = None
        if p.curses:
            nxt = self._next_combat
            osl = self._only_slot
            for cu in p.curses:
                total += nxt[cu]
                o = osl[cu]
                if o is not _NO_SLOT:
                    only = o      # Malign Mirror: only that slot's items count
        if items_count and p.equipped:
            plain = self._plain_bonus
            if only is None:
                for it in p.equipped:
                    b = plain[it]
                    total += b if b is not None else self.item_bonus(seat, it)
            else:
                slots = self._slots
                for it in p.equipped:
                    if slots[it] == only:
                        total += self.item_bonus(seat, it)
        if c is not None:
            total += c.berserk.get(seat, 0)
            if c.turning.get(seat) and any(self.specs[m].has_tag("undead") for m in c.monsters):
                total += 3 * c.turning[seat]
            for thief, victim in c.backstab:
                if victim == seat:
                    total -= 2
        for mod in self._h_combat:
            total += mod.combat_modifier(self, seat)
        return total

    def monster_strength(self, i: int) -> int:
        """Strength of monster number ``i`` of the combat: Level + Monster Enhancers + its bonus
        against the fighter or helper (counted once) - core rules, 7. Combat: Help."""
        c = self.state.combat
        m = c.monsters[i]
        total = self._mlevel[m]
        mate = 1
        if c.enh[i]:
            mb = self._mbonus
            ma = self._mate
            for e in c.enh[i]:
                total += mb[e]
                if ma[e]:
                    mate += 1
        for cond in self._bonus_vs[m]:
            if self.matches(c.fighter, cond["if"], True, m) or (
                    c.helper >= 0 and self.matches(c.helper, cond["if"], True, m)):
                total += cond["bonus"]
        for mod in self._h_monster:
            total += mod.monster_modifier(self, i)
        return total * mate

    def strengths(self) -> tuple[int, int]:
        """``(munchkin side, monster side)`` combat strengths of the current combat."""
        c = self.state.combat
        if c is None:
            return (0, 0)
        mside = c.mbonus
        ms = self.monster_strength
        for i in range(len(c.monsters)):
            mside += ms(i)
        pside = c.pbonus + self.player_strength(c.fighter)
        if c.helper >= 0:
            pside += self.player_strength(c.helper)
        elif c.perplayer:
            # a double of the lone fighter (Doppleganger)
            pside += self.player_strength(c.fighter) * c.perplayer.get(c.fighter, 0)
        bp = self._bonus_per
        for used in c.used:
            per = bp[used]
            if per:
                n = sum(1 for q in (c.fighter, c.helper) if q >= 0 and self.matches(q, per["if"]))
                pside += n * per["bonus"]
        return pside, mside

    def munchkins_win(self) -> bool:
        """Munchkin side strictly stronger, or equal with a Warrior on that side (core rules,
        7. Combat: ties go to the monster; Help: a Warrior wins ties even when helping)."""
        c = self.state.combat
        if c is None or not c.monsters:
            return False
        ps, ms = self.strengths()
        if ps > ms:
            return True
        if ps == ms:
            return self.has_class(c.fighter, "warrior") or (c.helper >= 0 and self.has_class(c.helper, "warrior"))
        return False

    # ------------------------------------------------------------------ who acts
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
        if ph == "over":
            return None
        if ph == "setup":
            return s.setup_seat
        if ph == "combat":
            c = s.combat
            if c.stage == "window":
                return c.window[0]
            if c.stage == "run":
                return c.runners[0]
            return c.fighter
        return s.active

    # ------------------------------------------------------------------ legal actions
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
        s = self.state
        acts = None
        if s.pending:  # the rules of actor(), inline
            seat = s.pending[0]["player"]
        else:
            ph = s.phase
            if ph == "over":
                return []
            if ph == "setup":
                seat = s.setup_seat
            elif ph == "combat":
                c = s.combat
                st = c.stage
                seat = c.window[0] if st == "window" else c.runners[0] if st == "run" else c.fighter
            else:
                seat = s.active
                if (ph == "start" or ph == "trouble" or ph == "end") and not self._h_check:
                    # _candidates' own-turn path, without its dispatch
                    acts = []
                    self._turn_opening(seat, ph, acts)
                    self._turn_candidates(seat, acts, ())
        if acts is None:  # the checked candidates of _candidates
            why = self._why_inner
            maybe = self._candidates(seat)
            sure = self._sure
            if sure is maybe:
                acts = [a for a in maybe if why(a) is None]
            elif not maybe:
                acts = sure  # a new list of this call
            else:
                ph = s.phase
                # candidates hold valid card ids; with nothing pending and no module rule checks,
                # _why_inner reduces to the phase's own checker (same answers, less dispatch)
                if s.pending or ph == "setup" or ph == "charity":
                    acts = sure + [a for a in maybe if why(a) is None]
                elif ph == "combat":
                    wc = self._why_combat
                    if s.combat.stage != "run":
                        # _why_combat answers a "play" outside the Run Away stage with _why_play
                        wp = self._why_play
                        acts = sure + [a for a in maybe
                                       if (wp(seat, a, True) if a.kind == "play" else wc(seat, a)) is None]
                    else:
                        acts = sure + [a for a in maybe if wc(seat, a) is None]
                else:
                    wp = self._why_play
                    we = self._why_equip
                    acts = sure + [a for a in maybe
                                   if (wp(seat, a, False) if a.kind == "play" else
                                       we(seat, a) if a.kind == "equip" or a.kind == "unequip" else
                                       why(a)) is None]
        if labels:
            acts = [Action(a.player, a.kind, a.card, a.target, a.n, a.m, a.cards, label=self.describe(a))
                    for a in acts]
        self._legal = acts
        self._legal_ver = self._ver
        return acts

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

    def _anytime_candidates(self, seat: int) -> list[Action]:
        s = self.state
        p = s.players[seat]
        A = self._A
        n = len(s.players)
        out = [A(seat, "discard", c) for c in p.races + p.classes]
        for c in p.hand + [x for x in p.carried if self._kind[x] == "one_shot"]:
            if not self._anytime_card(c):
                continue
            e = self.specs[c].effects
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
            else:
                out += self._A_targets(seat, c)
        for it in p.in_play():
            if self._kind[it] == "item":
                for t in range(n):
                    if t != seat:
                        out.append(A(seat, "give", it, t))
        self._equip_candidates(seat, out)
        cb = s.combat
        if cb is not None and seat == s.active:
            for c in p.hand:
                if self._kind[c] in ("race", "class"):
                    out.append(A(seat, "play", c))
        for c in p.fresh:
            if c in p.hand and self._kind[c] in ("race", "class", "item"):
                out.append(A(seat, "play", c))
        if cb is not None and seat == cb.helper:
            out += [A(seat, "chase", n=i) for i in range(len(cb.monsters))]
        return out

    def why_not(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the rule that forbids it (cites a section)."""
        if not isinstance(action, Action):
            return "not an Action"
        why = self._why(action)
        if why is None:  # play() of this very object, before any change, skips the check
            self._checked = (self._ver, action)
        return why

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
        if isinstance(action, str):
            action = Action.parse(action)
        trusted = not check
        if not trusted and self._legal_ver == self._ver:
            for x in self._legal:
                if x is action:
                    trusted = True
                    break
        if not trusted:
            ck = self._checked
            trusted = ck[1] is action and ck[0] == self._ver
        if not trusted:
            why = self._why(action)
            if why is not None:
                raise IllegalActionError(f"{action}: {why}")
        s = self.state
        if self.history:
            self._undo.append((s.clone(), len(self._log)))
        elif len(self.actions) - self._ckpt[1] >= _CKPT_EVERY:
            self._ckpt = (s.clone(), len(self.actions), self.draws, self.deaths)
        counters = (self.draws, self.deaths)
        self._ver += 1
        turn = s.turn
        try:
            self._apply(action)
        except BaseException:
            self._rollback(counters)
            raise
        if s.turn == turn:
            s.turn_actions += 1
            cap = self.options.max_actions_per_turn
            if cap is not None and s.turn_actions >= cap and s.phase != "over":
                self._stop("action limit", f"Action limit reached: {s.turn_actions} actions in turn {turn}; no winner.")
        else:
            s.turn_actions = 0
        if self._redo:
            self._recorded(action)
        else:
            self.actions.append(action)

    def _rollback(self, counters: tuple) -> None:
        """An action raised while it applied: put the state back exactly as it was before it
        (transactional :meth:`play`). With history, the undo snapshot :meth:`play` has just
        taken is the state before; without, the last checkpoint (taken every
        ``_CKPT_EVERY`` actions) replayed up to the present (the rules are deterministic: the
        RNG lives in the state)."""
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
        self._ver += 1  # cached legal actions belong to the old state
        self._legal = []
        self._legal_ver = -1

    def outcome(self) -> Outcome | None:
        """None while the game runs, else an :class:`Outcome`."""
        s = self.state
        if s.phase != "over":
            return None
        return Outcome(tuple(s.winners), tuple(s.players[w].name for w in s.winners), s.reason)

    # ------------------------------------------------------------------ candidates
    def _A(self, seat: int, kind: str, card: int = -1, target: int = -1, n: int = 0, m: int = -1,
           cards: tuple = ()) -> Action:
        """A shared (immutable) candidate Action: built once per process, then reused (speed)."""
        key = (seat, kind, card, target, n, m, cards)
        a = self._acache.get(key)
        if a is None:
            if len(self._acache) >= _ACACHE_MAX:
                self._acache.clear()
            a = self._acache[key] = Action(seat, kind, card, target, n, m, cards)
        return a

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
        """``(play c for side 0, play c for side 1)`` (shared candidates, see :meth:`_A`);
        a One-Shot marked for one side only (``side``) gets that side's action alone."""
        key = (seat, c, "sides")
        r = self._tcache.get(key)
        if r is None:
            side = self.specs[c].effects.get("side", "either")
            # a One-Shot for one side only is never legal for the other (see _why_play)
            r = self._tcache[key] = tuple(self._A(seat, "play", c, n=i) for i in (0, 1)
                                          if not (side == "munchkin" and i == 1 or side == "monster" and i == 0))
        return r

    def _candidates(self, seat: int) -> list[Action]:
        s = self.state
        A = self._A
        S = self._simple[seat]
        out: list[Action] = []
        sure = self._sure = out if self._h_check else []
        if s.pending:
            d = s.pending[0]
            k = d["kind"]
            if k in ("help", "offer"):
                sure += [S["accept"], S["refuse"]]
            elif k == "choose":
                sure += [A(seat, "choose", c) for c in self.choice_options(d)]
            elif k == "cancel":
                sure.append(S["pass"])
                sure += [A(seat, "play", c) for c in self._cancel_cards(seat)]
            elif k == "glue":
                sure.append(S["pass"])
                sure += [A(seat, "play", c) for c in self._glue_cards(seat)]
            elif k == "manual":
                c = d["card"]
                t = d.get("target", seat)
                sure += [A(seat, "resolve", c, t), A(seat, "resolve", c, t, -1)]
            return out
        ph = s.phase
        p = s.players[seat]
        if ph == "setup":
            sure.append(S["pass"])
            for c in p.hand:
                if self._kind[c] in ("race", "class", "item"):
                    out.append(A(seat, "play", c))
            self._equip_candidates(seat, out)
            return out
        if ph == "charity":
            lowest, recips = self._charity_targets(seat)
            for c in p.hand:
                if lowest:
                    sure.append(A(seat, "charity", c, -1))
                else:
                    for t in recips:
                        sure.append(A(seat, "charity", c, t))
            return out
        if ph == "combat":
            c = s.combat
            if c.stage == "run":
                for i in range(len(c.monsters)):
                    if i not in c.rolled:
                        sure.append(A(seat, "roll", n=i))
                if p.classes and self.has_class(seat, "wizard"):
                    for card in p.hand + p.in_play():
                        out.append(A(seat, "flight", card))
                esc = self._escape
                for card in p.hand + p.carried:
                    if esc[card]:
                        out.append(A(seat, "play", card))
                return out
            if c.stage == "window":
                sure.append(S["pass"])
                if c.helper < 0:
                    if sure is out:
                        out.append(S["offer_help"])
                    elif p.alive and seat not in c.asked and \
                            not any(self._no_help[m] for m in c.monsters):
                        # checked here (the rules of _why_combat), first after `pass`
                        sure.append(S["offer_help"])
            else:
                w = self.munchkins_win()
                self._mw_cache = (self._ver, w)
                sure.append(S["fight"] if w else S["run"])
                if c.helper < 0:
                    tot = self.treasure_count()
                    if sure is out:
                        for t in range(len(s.players)):
                            if t != seat:
                                out.append(A(seat, "ask_help", target=t))
                                if tot:
                                    out.append(A(seat, "ask_help", target=t, n=tot, m=1))
                    elif not any(self._no_help[m] for m in c.monsters):
                        # checked here (the rules of _why_combat), first after fight/run
                        players = s.players
                        asked = c.asked
                        key = (seat, "ask_help", tot)
                        asks = self._tcache.get(key)
                        if asks is None:  # per target: (plain request, request with the bribe)
                            asks = self._tcache[key] = tuple(
                                (A(seat, "ask_help", target=t), A(seat, "ask_help", target=t, n=tot, m=1) if tot else None)
                                for t in range(len(players)))
                        for t in range(len(players)):
                            if t != seat and t not in asked and players[t].alive:
                                plain, bribe = asks[t]
                                sure.append(plain)
                                if bribe is not None:
                                    sure.append(bribe)
                wizard = bool(p.classes and p.hand and self.has_class(seat, "wizard"))
                fx = self._fight_extra
                for i, m in enumerate(c.monsters):
                    if not (wizard or fx[m]):  # no evade, charm or chase against this one
                        continue
                    me = self.specs[m].effects
                    if me.get("not_pursue"):
                        out.append(A(seat, "evade", n=i))
                    if me.get("bribe_gold") or me.get("evade_discard"):
                        for it in p.in_play() + p.hand:
                            if self._kind[it] in ("item", "one_shot"):
                                out.append(A(seat, "evade", it, n=i))
                    if wizard:
                        out.append(A(seat, "charm", n=i))
                    if me.get("cleric_chase"):
                        out.append(A(seat, "chase", n=i))
            self._combat_card_candidates(seat, out)
            return out
        # own turn, out of combat: start | trouble | end
        self._turn_opening(seat, ph, sure)
        n = len(s.players)
        if sure is not out:
            return self._turn_candidates(seat, sure, out)
        for c in p.hand:
            k = self._kind[c]
            if k in ("race", "class", "item"):
                out.append(A(seat, "play", c))
            elif k == "curse" or k == "go_up_a_level":
                out += self._A_targets(seat, c)
            elif k == "special" or k == "one_shot":
                t = self._tcat[c]
                if t == 2:
                    out.append(A(seat, "play", c))
                elif t == 1:
                    for it in p.in_play():
                        out.append(A(seat, "play", c, m=it))
                elif t == 3:
                    out += self._A_targets(seat, c)
                elif t == 4:
                    out += self._discard_picks(seat, c)
        for c in p.races + p.classes:
            out.append(A(seat, "discard", c))
        self._equip_candidates(seat, out)
        sale = self._greedy_sale(seat)
        if sale:
            out.append(A(seat, "sell", cards=sale[0], n=sale[1]))
        if self.has_class(seat, "thief") and p.hand:
            for t in range(n):
                if t != seat:
                    for it in s.players[t].in_play():
                        if not self.specs[it].big:
                            out.append(A(seat, "steal", p.hand[0], t, m=it))
        for mod in self._h_extra:
            out.extend(mod.extra_actions(self, seat))
        return out

    def _turn_opening(self, seat: int, ph: str, sure: list) -> None:
        """Append the phase's own step to ``sure`` (always legal for the active player): Kick
        Open the Door (a Cleric may resurrect instead), Loot the Room / end the turn / Look
        for Trouble with each monster in hand, or end the turn (core rules, 4. Turn Phases)."""
        S = self._simple[seat]
        if ph == "start":
            sure.append(S["kick"])
            s = self.state
            p = s.players[seat]
            if p.classes and p.hand and s.discards.get("door") and self.has_class(seat, "cleric"):
                sure.append(self._A(seat, "kick", n=1))
        elif ph == "trouble":
            sure.append(S["loot"])
            sure.append(S["end_turn"])
            kind = self._kind
            T = self._kc[seat]["trouble"]
            for c in self.state.players[seat].hand:
                if kind[c] == "monster":
                    a = T.get(c)
                    if a is None:
                        a = T[c] = self._A(seat, "trouble", c)
                    sure.append(a)
        elif ph == "end":
            sure.append(S["end_turn"])

    def _turn_candidates(self, seat: int, sure: list, out: list) -> list:
        """The out-of-combat candidates of :meth:`_candidates` (same list, same order) when no
        module checks actions: each is checked here (the rules of ``_why_inner``) and the legal
        ones appended to ``sure``; returns ``out`` (empty)."""
        s = self.state
        A = self._A
        players = s.players
        p = players[seat]
        kind = self._kind
        wp = self._why_play
        P = self._kc[seat]["play"]
        big = self._big
        for c in p.hand:
            k = kind[c]
            if k == "monster" or k == "monster_enhancer":  # not played on the own turn from here
                continue
            if k == "item" or k == "race" or k == "class":
                # _why_play_char_or_item: an Item is refused only for a second Big item
                if (not big[c] or self.big_ok(seat, c)) if k == "item" else \
                        self._why_play_char_or_item(seat, c) is None:
                    a = P.get(c)
                    if a is None:
                        a = P[c] = A(seat, "play", c)
                    sure.append(a)
            elif k == "curse":
                for t, a in enumerate(self._A_targets(seat, c)):
                    if players[t].alive:
                        sure.append(a)
            elif k == "go_up_a_level":
                up = self._uplevels[c]
                for t, a in enumerate(self._A_targets(seat, c)):
                    tp = players[t]
                    if tp.alive and tp.level + up < 10:
                        sure.append(a)
            elif k == "special" or k == "one_shot":
                t = self._tcat[c]
                if t == 2:
                    a = P.get(c)
                    if a is None:
                        a = P[c] = A(seat, "play", c)
                    if wp(seat, a, False) is None:
                        sure.append(a)
                elif t == 1:
                    for it in p.in_play():
                        a = A(seat, "play", c, m=it)
                        if wp(seat, a, False) is None:
                            sure.append(a)
                elif t == 3:
                    for a in self._A_targets(seat, c):
                        if wp(seat, a, False) is None:
                            sure.append(a)
                elif t == 4:
                    for a in self._discard_picks(seat, c):
                        if wp(seat, a, False) is None:
                            sure.append(a)
        if p.races or p.classes:
            D = self._kc[seat]["discard"]
            for c in p.races + p.classes:
                a = D.get(c)
                if a is None:
                    a = D[c] = A(seat, "discard", c)
                sure.append(a)
        why = self._why_inner
        cb = s.combat
        if p.carried and (cb is None or (seat != cb.fighter and seat != cb.helper)):
            # the rules of _why_equip for a carried Item, out of combat
            why_slot = self.why_slot
            E = self._kc[seat]["equip"]
            for c in p.carried:
                if kind[c] == "item" and self.can_use(seat, c) and why_slot(seat, c) is None:
                    a = E.get(c)
                    if a is None:
                        a = E[c] = A(seat, "equip", c)
                    sure.append(a)
        if p.equipped:
            U = self._kc[seat]["unequip"]
            for c in p.equipped:
                a = U.get(c)
                if a is None:
                    a = U[c] = A(seat, "unequip", c)
                sure.append(a)
        sale = self._greedy_sale(seat)
        if sale:
            a = A(seat, "sell", cards=sale[0], n=sale[1])
            if why(a) is None:
                sure.append(a)
        if p.hand and p.classes and self.has_class(seat, "thief"):
            for t in range(len(players)):
                if t != seat:
                    for it in players[t].in_play():
                        if not big[it]:
                            a = A(seat, "steal", p.hand[0], t, m=it)
                            if why(a) is None:
                                sure.append(a)
        for mod in self._h_extra:
            for a in mod.extra_actions(self, seat):
                if why(a) is None:
                    sure.append(a)
        return out

    def _equip_candidates(self, seat: int, out: list) -> None:
        p = self.state.players[seat]
        for c in p.carried:
            if self._kind[c] == "item":
                out.append(self._A(seat, "equip", c))
        for c in p.equipped:
            out.append(self._A(seat, "unequip", c))

    def _combat_card_candidates(self, seat: int, out: list) -> None:
        s = self.state
        c = s.combat
        p = s.players[seat]
        n = len(s.players)
        nm = len(c.monsters)
        kind = self._kind
        ccat = self._ccat
        inert = self._combat_inert
        for card in p.hand:
            if inert[card]:  # Items, Races, Classes: nothing to play in a combat from here
                continue
            k = kind[card]
            if k == "one_shot":
                t = ccat[card]
                if t == 1:
                    out += self._A_monsters(seat, card, nm)
                elif t == 2:
                    out += self._A_targets(seat, card)
                elif t == 3:
                    out += self._A_sides(seat, card)
            elif k == "monster_enhancer":
                out += self._A_monsters(seat, card, nm)
            elif k == "curse" or k == "go_up_a_level":
                out += self._A_targets(seat, card)
            elif k == "monster":
                if not self._joiner[card]:  # never legal: no joining tag (see _why_combat)
                    continue
                J = self._kc[seat]["join"]
                a = J.get(card)
                if a is None:
                    a = J[card] = self._A(seat, "join", card)
                out.append(a)
            elif k == "special":
                t = ccat[card]
                if t == 4:
                    for mon in p.hand:
                        if self._kind[mon] == "monster":
                            out.append(self._A(seat, "play", card, m=mon))
                elif t == 5:
                    out.append(self._A(seat, "play", card))
                elif t == 6:
                    for mon in p.hand:
                        if self._kind[mon] == "monster":
                            for i in range(nm):
                                out.append(self._A(seat, "play", card, n=i, m=mon))
                elif t == 7 and seat == c.fighter:
                    for t in range(n):
                        if t != seat:
                            for it in s.players[t].in_play():
                                out.append(self._A(seat, "play", card, t, m=it))
                elif self._steal_level[card]:
                    out += self._A_targets(seat, card)
        esc = self._escape
        for card in p.carried:
            if kind[card] == "one_shot" and not esc[card]:
                out += self._A_sides(seat, card)
        in_side = (seat == c.fighter or seat == c.helper) and p.classes
        if in_side and self.has_class(seat, "warrior"):
            for card in p.hand + p.in_play():
                out.append(self._A(seat, "berserk", card))
        if in_side and self.has_class(seat, "cleric"):
            for card in p.hand + p.in_play():
                out.append(self._A(seat, "turning", card))
        if p.classes and self.has_class(seat, "thief") and (p.hand or p.in_play()):
            card = (p.hand or p.in_play())[0]
            for t in (c.fighter, c.helper):
                if t >= 0 and t != seat:
                    out.append(self._A(seat, "backstab", card, t))

    def _discard_picks(self, seat: int, c: int) -> list[Action]:
        """Candidates of a take-from-the-discards card: the top 3 of each discard pile (any
        discard is legal; the list is a useful subset, like bribes)."""
        out = []
        for pile in self.state.discards.values():
            for m in pile[-3:]:
                out.append(self._A(seat, "play", c, m=m))
        return out

    def _greedy_sale(self, seat: int) -> tuple | None:
        p = self.state.players[seat]
        gold = self._sale_gold
        # even the whole lot (the dearest counted twice, for a Halfling) buys no Level
        gg = gold.__getitem__
        tot = sum(map(gg, p.hand)) + sum(map(gg, p.carried)) + sum(map(gg, p.equipped))
        if tot < 1000:
            # only a Halfling's double price (once per turn) can make up the difference
            if tot < 500 or p.sold_double or not p.races or not self.has_race(seat, "halfling"):
                return None
            top = max(map(gg, p.hand + p.carried + p.equipped))
            if tot + top < 1000:
                return None
        items = [c for c in p.hand + p.carried + p.equipped if gold[c] > 0]
        items.sort(key=gg, reverse=True)  # dearest first; stable, as the old key -gold
        dbl = -1
        if self.has_race(seat, "halfling") and not p.sold_double:
            dbl = items[0]
        total = 0
        chosen = []
        for c in items:
            chosen.append(c)
            total += gold[c] * (2 if c == dbl else 1)
            if total >= 1000:
                break
        if total < 1000:
            return None
        return tuple(chosen), dbl

    # ------------------------------------------------------------------ legality
    def _why(self, a: Action) -> str | None:  # noqa: C901 - one place for every rule check
        s = self.state
        if s.phase == "over":
            return f"the game is over ({R_WIN})"
        n = len(s.players)
        seat = a.player
        if not (0 <= seat < n):
            return f"no player in seat {seat}"
        actor = self.actor()
        if seat != actor:
            return self._why_anytime(a, actor)
        return self._why_inner(a)

    def _anytime_card(self, c: int) -> bool:
        """Cards any player may play at any time (core rules, 6. When You May Act; 10.
        Curses): Curses, Go Up a Level, a Hireling, a Curse-cancelling One-Shot."""
        k = self._kind[c]
        if k == "curse" or k == "go_up_a_level":
            return True
        e = self.specs[c].effects
        return bool(e.get("hireling") or e.get("cancel_curse") or e.get("set_die") or e.get("steal_level"))

    def _why_resurrect(self, seat: int) -> str | None:
        """Cleric resurrection (Cleric class card; card_facts): instead of a face-up draw (Kick
        Open the Door) take the top card of the matching discard pile, then discard one card
        from your hand - so a hand card is needed to pay."""
        if not self.has_class(seat, "cleric"):
            return "only a Cleric may resurrect (Cleric class card)"
        if not self.state.discards.get("door"):
            return "resurrection: the Door discard pile is empty"
        if not self.state.players[seat].hand:
            return f"resurrection costs a card from your hand, and you have none ({R_STATS}: Class)"
        return None

    def _why_anytime(self, a: Action, actor: int) -> str | None:
        """Legality of an action of a player who is not the one who must decide now.

        Any time (core rules, 6. When You May Act): discard your Race or Class; play a Curse
        on anyone, a Go Up a Level on anyone (never the winning Level), a Hireling, or a
        Curse-cancelling card; give (trade) an Item in play to another player when neither
        of you is in a combat (core rules, 9. Trading). A pending decision of another player
        comes first (rulebook silent: the table answers one question at a time)."""
        s = self.state
        seat = a.player
        k = a.kind
        c = a.card
        if c != -1 and not (0 <= c < len(self.specs)):
            return f"no card with id {c}"
        own_char = (k == "play" and c >= 0 and seat == s.active and s.phase == "combat" and
                    (self._kind[c] in ("race", "class") or self.specs[c].effects.get("half_breed")
                     or self.specs[c].effects.get("super_munchkin")))
        own_char = own_char or (k == "play" and c >= 0 and c in s.players[seat].fresh)
        chase = k == "chase" and s.combat is not None and seat == s.combat.helper
        if not (k == "discard" or k == "give" or k == "equip" or k == "unequip" or own_char or chase or
                (k == "play" and c >= 0 and self._anytime_card(c))):
            return (f"it is {self._pn(actor)}'s decision now, not {self._pn(seat)}'s "
                    f"({self._what_now()})")
        s = self.state
        if s.pending:
            d = s.pending[0]
            return (f"{self._pn(d['player'])} must answer a pending {d['kind']} decision first; "
                    f"any-time actions wait for it ({R_ACT})")
        p = s.players[seat]
        if not p.alive:
            return f"a dead character does not act until the new character appears ({R_DEATH})"
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if k == "discard":
            if c in p.races or c in p.classes:
                return None
            return f"only a Race or Class card of yours may be discarded at will ({R_STATS})"
        if k == "give":
            return self._why_give(seat, a)
        if k == "equip" or k == "unequip":
            if s.phase == "setup":
                return f"it is {self._pn(actor)}'s setup now ({R_CHAR})"
            return self._why_equip(seat, a)
        if chase:
            return self._why_chase(seat, a)
        if own_char:
            if s.combat is None:
                return self._why_play(seat, a, in_combat=False)
            if s.combat.stage == "run" and seat in (s.combat.fighter, s.combat.helper):
                return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"
            return self._why_play(seat, a, in_combat=True)
        return self._why_anytime_play(seat, a)

    def _why_take_item(self, seat: int, a: Action, in_combat: bool) -> str | None:
        """Help Me Out Here!: the fighter takes item m in play of player t when that item
        turns the fight into a win (card text; core rules, 7. Interfering in Combat)."""
        s = self.state
        c = s.combat
        if not in_combat or seat != c.fighter or c.stage != "fight":
            return "Help Me Out Here! is played by the fighter during the fight (card text)"
        if not (0 <= a.target < len(s.players)) or a.target == seat or a.m not in s.players[a.target].in_play():
            return "Help Me Out Here!: m must be an item in play of another player t"
        if self._kind[a.m] != "item":
            return "Help Me Out Here!: m must be an item"
        if self.munchkins_win():
            return "Help Me Out Here!: you are already winning"
        ps, ms = self.strengths()
        gain = self.item_bonus(seat, a.m) if self.why_slot(seat, a.m) is None else 0
        if a.target == c.helper and a.m in s.players[a.target].equipped:
            gain -= self.item_bonus(a.target, a.m)
        ps += gain
        warrior = self.has_class(seat, "warrior") or (c.helper >= 0 and self.has_class(c.helper, "warrior"))
        if not (ps > ms or (ps == ms and warrior)):
            return f"{self.name(a.m)} would not win the fight for you ({ps} vs {ms}) (card text)"
        return None

    def _why_chase(self, seat: int, a: Action) -> str | None:
        """A Cleric fighting (or helping) may chase away a monster whose card allows it
        (Wannabe Vampire / Almost-Vampire; core rules, 7. Help names it for a helping Priest)."""
        c = self.state.combat
        if c is None or c.stage == "run":
            return f"chase only during a fight, before running away ({R_HELP})"
        if seat != c.fighter and seat != c.helper:
            return "only the fighter or the helper chases a monster away"
        if not self.has_class(seat, "cleric"):
            return "only a Cleric chases this monster away (monster card)"
        if not (0 <= a.n < len(c.monsters)) or not self.specs[c.monsters[a.n]].effects.get("cleric_chase"):
            return "chase: n must be a monster a Cleric may chase away (monster card)"
        return None

    def _why_anytime_play(self, seat: int, a: Action) -> str | None:
        """A Curse, Go Up a Level, Steal a Level, Loaded Die, Hireling or Curse-cancelling card
        played at any time (core rules, 6. When You May Act; 9. Other Treasures; 10. Curses)."""
        s = self.state
        c = a.card
        p = s.players[seat]
        if c not in p.hand and not (c in p.carried and self._kind[c] == "one_shot"):
            return f"{self._cn(c)} is not in your hand"
        e = self.specs[c].effects
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
            if a.m != -1 and (a.m not in p.in_play() or self._kind[a.m] != "item"):
                return "the Hireling carries an item m you have in play"
            if a.m != -1 and s.phase == "combat" and seat in (s.combat.fighter, s.combat.helper):
                return f"no item changes during combat ({R_COMBAT})"
            return None
        return self._why_play(seat, a, in_combat=s.phase == "combat")

    def _why_cancel(self, seat: int, a: Action) -> str | None:
        """A Curse-cancelling card (Wishing Ring) played with no Curse resolving: it ends a
        Curse that stays on a player (``m`` = that Curse card), any time (card text)."""
        for q in self.state.players:
            if a.m in q.curses:
                return None
        return f"nothing to cancel: m must be a Curse that stays on a player ({R_WHEN}: Curses)"

    def _why_give(self, seat: int, a: Action) -> str | None:
        """Trading/giving an Item in play (core rules, 9. Trading): neither player in a combat,
        the receiver alive (7. Death: the dead receive no cards)."""
        s = self.state
        n = len(s.players)
        p = s.players[seat]
        if a.card not in p.in_play() or self._kind[a.card] != "item":
            return f"only Items in play can be traded or given ({R_ITEMS}: Trading)"
        if not (0 <= a.target < n) or a.target == seat:
            return "give: t must be another player"
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no trading during combat ({R_COMBAT}; {R_ITEMS}: Trading)"
        if cb is not None and (a.target == cb.fighter or a.target == cb.helper):
            return f"{s.players[a.target].name} is in a combat: no trading with them ({R_ITEMS}: Trading)"
        if not s.players[a.target].alive:
            return f"dead characters receive no cards ({R_DEATH})"
        if self.specs[a.card].big and not self.big_ok(a.target, a.card):
            return f"{s.players[a.target].name} already has a Big item ({R_ITEMS})"
        return None

    def _why_inner(self, a: Action) -> str | None:  # noqa: C901
        """Legality of an action of the acting player (actor already checked)."""
        s = self.state
        n = len(s.players)
        seat = a.player
        k = a.kind
        p = s.players[seat]
        nspecs = len(self.specs)
        if a.card != -1 and not (0 <= a.card < nspecs):
            return f"no card with id {a.card}"
        # --- pending decisions
        if s.pending:
            d = s.pending[0]
            dk = d["kind"]
            if dk in ("help", "offer"):
                if k in ("accept", "refuse"):
                    for mod in self.modules:
                        r = mod.check_action(self, a)
                        if r is not NotImplemented:
                            return r
                return None if k in ("accept", "refuse") else f"answer the help {'request' if dk == 'help' else 'offer'} first (accept/refuse) ({R_HELP})"
            if dk == "choose":
                if k != "choose":
                    return f"a choice is pending: pick a card ({d['why']})"
                if a.card not in self.choice_options(d):
                    return f"{self._cn(a.card)} is not one of the cards to choose from"
                return None
            if dk == "glue":
                if k == "pass" or (k == "play" and a.card in self._glue_cards(seat)):
                    return None
                return (f"{self._pn(d['runner'])} just escaped: make them roll again (play a "
                        f"Flask of Glue) or pass ({R_RUN})")
            if dk == "cancel":
                if k == "pass":
                    return None
                if k == "play" and a.card in self._cancel_cards(seat):
                    return None
                return (f"{self.name(d['card'])} is about to hit {self._pn(d['victim'])}: cancel it "
                        f"(play a Curse-cancelling card) or pass ({R_WHEN}: Curses)")
            if dk == "manual":
                if k != "resolve" or a.card != d["card"]:
                    return f"resolve {self.name(d['card'])} by hand first (manual card)"
                if not (0 <= a.target < n):
                    return "resolve: t must be a seat"
                tp = s.players[a.target]
                for c in a.cards:
                    if c not in tp.hand and c not in tp.equipped and c not in tp.carried:
                        return f"resolve: {self._cn(c)} is not in {tp.name}'s hand or in play"
                return None
            return "unknown pending decision"
        ph = s.phase
        for mod in self._h_check:
            r = mod.check_action(self, a)
            if r is not NotImplemented:
                return r
        if k in ("accept", "refuse", "choose", "resolve"):
            return "nothing to answer or choose now"
        if ph == "setup":
            if k == "pass":
                return None
            if k == "discard" or k == "give" or (k == "play" and self._anytime_card(a.card)):
                return self._why_anytime(a, seat)       # any time, setup included (6.)
            if k == "play":
                if a.card not in p.hand:
                    return f"{self._cn(a.card)} is not in your hand"
                if self._kind[a.card] not in ("race", "class", "item"):
                    return f"only Races, Classes and Items are played at setup ({R_CHAR})"
                return self._why_play_char_or_item(seat, a.card)
            if k in ("equip", "unequip"):
                return self._why_equip(seat, a)
            return f"during setup you may only play Race, Class and Items, or pass ({R_CHAR})"
        if ph == "charity":
            if k != "charity":
                return f"finish Charity first: give or discard your excess cards ({R_PHASES}, phase 4)"
            if a.card not in p.hand:
                return f"{self._cn(a.card)} is not in your hand"
            lowest, recips = self._charity_targets(seat)
            if lowest:
                return None if a.target == -1 else f"you are (one of) the lowest-Level players: discard the excess ({R_PHASES}, phase 4)"
            if a.target not in recips:
                return f"Charity goes to the lowest-Level living player(s), split as evenly as possible ({R_PHASES}, phase 4)"
            return None
        if ph == "combat":
            return self._why_combat(seat, a)
        # out of combat, own turn
        if k == "kick":
            if ph != "start":
                return f"the door was already opened this turn ({R_PHASES}, phase 1)"
            if a.n == 1:
                return self._why_resurrect(seat)
            return None if a.n == 0 else "kick: n = 0 (draw) or 1 (Cleric resurrection)"
        if k == "trouble":
            if ph != "trouble":
                return f"Look for Trouble only after a Kick Open the Door that met no monster ({R_PHASES}, phase 2)"
            if a.card not in p.hand or self._kind[a.card] != "monster":
                return f"Look for Trouble needs a monster from your hand ({R_PHASES}, phase 2)"
            return None
        if k == "loot":
            return None if ph == "trouble" else f"Loot the Room only when no monster was met and you did not Look for Trouble ({R_PHASES}, phase 3)"
        if k == "end_turn":
            return None if ph in ("trouble", "end") else f"Kick Open the Door first ({R_PHASES})"
        if k in ("fight", "run", "roll", "ask_help", "offer_help", "evade", "berserk", "flight",
                 "charm", "turning", "backstab", "join", "pass"):
            return f"'{k}' is only possible during a combat ({R_COMBAT})"
        if k in ("equip", "unequip"):
            return self._why_equip(seat, a)
        if k == "discard":
            if a.card in p.races or a.card in p.classes:
                return None
            return f"only a Race or Class card of yours may be discarded at will ({R_STATS})"
        if k == "sell":
            return self._why_sell(seat, a)
        if k == "give":
            return self._why_give(seat, a)
        if k == "steal":
            if not self.has_class(seat, "thief"):
                return "only a Thief may steal (Thief class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "steal: discard a card of yours"
            if not (0 <= a.target < n) or a.target == seat or a.m not in s.players[a.target].in_play():
                return "steal: m must be an item in play of player t"
            if self.specs[a.m].big:
                return "a Thief steals only a small item (Thief class card)"
            if a.card == a.m:
                return "steal: discard a different card"
            return None
        if k == "play":
            return self._why_play(seat, a, in_combat=False)
        return f"unknown action kind {k!r}"

    def _what_now(self) -> str:
        s = self.state
        if s.pending:
            return f"pending {s.pending[0]['kind']}"
        if s.phase == "combat":
            return f"combat, {s.combat.stage}"
        return f"phase {s.phase}"

    def _cn(self, c: int) -> str:
        return self.name(c) if 0 <= c < len(self.specs) else f"card {c}"

    def _why_equip(self, seat: int, a: Action) -> str | None:
        s = self.state
        p = s.players[seat]
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no item changes during combat ({R_COMBAT})"
        if a.kind == "unequip":
            return None if a.card in p.equipped else f"{self._cn(a.card)} is not in use"
        if a.card not in p.carried:
            return f"{self._cn(a.card)} is not a carried item"
        if self._kind[a.card] != "item":
            return "only Items are used"
        if not self.can_use(seat, a.card):
            return f"{self.name(a.card)} is restricted by race, class or gender ({R_ITEMS})"
        return self.why_slot(seat, a.card)

    def why_slot(self, seat: int, c: int) -> str | None:
        """None when ``seat`` has a free slot to use Item ``c``, else the rule: one headgear,
        one armor, one footgear, two hands (core rules, 9. Treasures and Items). The Cheat!
        item and a Hireling's item take no slot. Restrictions by race/class are
        :meth:`can_use`'s."""
        p = self.state.players[seat]
        if p.cheat_item == c or p.hireling_item == c:
            return None
        slots = self._slots
        slot = slots[c] or "none"
        if slot in SLOT_LIMIT:
            ci, hi = p.cheat_item, p.hireling_item
            for e in p.equipped:
                if slots[e] == slot and e != ci and e != hi:
                    return f"you already use a {slot} item ({R_ITEMS})"
        elif slot == "one_hand" or slot == "two_hands":
            ci, hi = p.cheat_item, p.hireling_item
            hands = 1 if slot == "one_hand" else 2
            for e in p.equipped:
                se = slots[e]
                if (se == "one_hand" or se == "two_hands") and e != ci and e != hi:
                    hands += 1 if se == "one_hand" else 2
            if hands > 2:
                return f"you have only two hands ({R_ITEMS})"
        return None

    def big_ok(self, seat: int, c: int) -> bool:
        """May ``seat`` have Big item ``c`` in play: a Dwarf always, anyone else when no other
        Big item is in play (the Cheat! item and a Hireling's item not counted) (core rules,
        9. Treasures and Items: Big items; Dwarf race card)."""
        if self.has_race(seat, "dwarf"):
            return True
        p = self.state.players[seat]
        return not any(self.specs[e].big for e in p.in_play()
                       if e != c and e != p.cheat_item and e != p.hireling_item)

    def _why_play_char_or_item(self, seat: int, c: int) -> str | None:
        k = self._kind[c]
        if k == "race":
            if self._lnames[c] in self.races(seat):
                return f"you may not have two identical Races ({R_STATS})"
            return None
        if k == "class":
            if self._lnames[c] in self.classes(seat):
                return f"you may not have two identical Classes ({R_STATS})"
            return None
        if self.specs[c].big and not self.big_ok(seat, c):
            return f"only one Big item in play unless a card allows more (Dwarf) ({R_ITEMS})"
        return None

    def _why_sell(self, seat: int, a: Action) -> str | None:
        s = self.state
        p = s.players[seat]
        if not a.cards or len(set(a.cards)) != len(a.cards):
            return "sell: list the cards to sell (each once)"
        total = 0
        for c in a.cards:
            if c < 0 or c >= len(self.specs) or (c not in p.hand and c not in p.equipped and c not in p.carried):
                return f"sell: {self._cn(c)} is not in your hand or in play"
            if self._kind[c] not in ("item", "one_shot") or self.specs[c].gold is None:
                return f"sell: {self.name(c)} is not an item with a Gold value ({R_ITEMS}: Selling Items)"
            total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
        if a.n not in (0, -1):
            if not self.has_race(seat, "halfling"):
                return "only a Halfling sells an item at double price (Halfling race card)"
            if p.sold_double:
                return "a Halfling sells at double price once per turn (Halfling race card)"
            if a.n not in a.cards:
                return "sell: the double-price card must be among the sold cards"
        levels = total // 1000
        if levels < 1:
            return f"sell: {total} Gold buys no Level (1,000 per Level, no change) ({R_ITEMS}: Selling Items)"
        if p.level + levels >= 10:
            return f"the winning Level cannot be bought ({R_ITEMS}: Selling Items; {R_SIDEBAR})"
        return None

    def _why_play(self, seat: int, a: Action, in_combat: bool) -> str | None:
        s = self.state
        p = s.players[seat]
        c = a.card
        if c not in p.hand and not (c in p.carried and self._kind[c] == "one_shot"):
            return f"{self._cn(c)} is not in your hand"
        if self._anyplay[c]:
            return self._why_anytime_play(seat, a)
        sp = self.specs[c]
        k = sp.kind
        e = sp.effects
        own_turn = s.active == seat
        if k in ("race", "class", "item"):
            if not own_turn and c not in p.fresh:
                return f"only on your own turn, or at once when just received ({R_WHEN})"
            cb = s.combat
            in_fight = cb is not None and (seat == cb.fighter or seat == cb.helper)
            if in_fight and (k == "item" or not own_turn):
                return f"Items are not played during combat ({R_COMBAT}; {R_WHEN})"
            # a Race or Class: any time during your own turn, combat included (core rules,
            # 6. When You May Act: during your turn; 10. Races and Classes)
            return self._why_play_char_or_item(seat, c)
        if k == "curse":
            if not (0 <= a.target < len(s.players)):
                return "a Curse needs a target player t"
            if not s.players[a.target].alive:
                return f"a dead character has nothing to curse ({R_DEATH})"
            return None
        if k == "go_up_a_level":
            if not (0 <= a.target < len(s.players)):
                return "Go Up a Level needs a target player t"
            tp = s.players[a.target]
            if not tp.alive:
                return f"dead characters gain no Levels ({R_DEATH})"
            if tp.level + e.get("levels", 1) >= 10:
                return f"Go Up a Level cannot give the winning Level ({R_SIDEBAR}, 4)"
            return None
        if k == "monster":
            return f"monsters are fought by Kick Open the Door, Look for Trouble, a Wandering Monster or joining ({R_WHEN})"
        if k == "one_shot":
            if e.get("escape"):
                if not (in_combat and s.combat.stage == "run"):
                    return f"{sp.name} is used while running away ({R_RUN})"
                return None
            if e.get("reroll_escape"):
                return f"{sp.name} is played right after another player escapes a monster ({R_RUN})"
            if e.get("own_turn") and not own_turn:
                return f"{sp.name} is used only on your own turn (card text)"
            if e.get("take_discard"):
                if in_combat or not own_turn:
                    return f"{sp.name} is used on your own turn, out of combat ({R_WHEN}: Playing Items)"
                if not any(a.m in v for v in s.discards.values()):
                    return f"{sp.name}: m must be a card in a discard pile"
                return None
            if e.get("draw_treasures") and not e.get("end_combat") and not in_combat:
                return None if own_turn else f"only on your own turn ({R_WHEN})"
            if not in_combat:
                if sp.manual:
                    return None if own_turn else f"only on your own turn ({R_WHEN})"
                return f"One-Shots are used in combat ({R_ITEMS}: Single-Use Items)"
            if e.get("discard_monster"):
                if not (0 <= a.n < len(s.combat.monsters)):
                    return "choose the monster n to remove"
                return None
            if e.get("transfer_fighter"):
                cb = s.combat
                if cb.stage == "run":
                    return f"{sp.name} is played before anyone runs away (card text)"
                if not (0 <= a.target < len(s.players)) or a.target == cb.fighter or not s.players[a.target].alive:
                    return f"{sp.name}: t must be another living player than the fighter"
                return None
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
                if not own_turn:
                    return f"Half-Breed is played when a Race may be played: any time of your turn ({R_WHEN}: Mixed Super Munchkin)"
                if p.half_breed >= 0:
                    return "you already have a Half-Breed"
                return None if p.races else f"Half-Breed needs a Race card ({R_WHEN}: Races and Classes)"
            if e.get("super_munchkin"):
                if not own_turn:
                    return f"Super Munchkin is played when a Class may be played: any time of your turn ({R_WHEN}: Mixed Super Munchkin)"
                if p.super_munchkin >= 0:
                    return "you already have a Super Munchkin"
                return None if p.classes else f"Super Munchkin needs a Class card ({R_WHEN}: Races and Classes)"
            if e.get("cheat"):
                if in_combat:
                    return f"no item changes during combat ({R_COMBAT})"
                if p.cheat >= 0:
                    return "you already use a Cheat!"
                if a.m not in p.in_play():
                    return "Cheat! goes on an item m you have in play"
                return None
            if e.get("end_combat"):
                return None if in_combat else "only during a combat"
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
                if in_combat or not own_turn:
                    return f"{sp.name} is played on your own turn, out of combat ({R_WHEN}: Playing Items)"
                return None
            if e.get("level_for") or sp.manual:
                return None
            return f"{sp.name} cannot be played now"
        return f"{sp.name} ({k}) cannot be played now"

    def _why_combat(self, seat: int, a: Action) -> str | None:
        s = self.state
        c = s.combat
        p = s.players[seat]
        k = a.kind
        stage = c.stage
        if k == "play" and stage != "run":
            # the only rule for a card played outside the Run Away stage (same answer as the
            # checks below, which never match "play" before the last line)
            return self._why_play(seat, a, in_combat=True)
        if stage == "run":
            if k == "roll":
                if not (0 <= a.n < len(c.monsters)):
                    return "roll: n must be a monster of the combat"
                if a.n in c.rolled:
                    return f"one Run Away roll per monster ({R_RUN})"
                return None
            if k == "flight":
                if not self.has_class(seat, "wizard"):
                    return "only a Wizard has flight (Wizard class card)"
                if c.flight.get(seat, 0) >= 3:
                    return "flight: at most 3 cards (Wizard class card)"
                if c.rolled:
                    return "flight is used before the first Run Away roll"
                if a.card not in p.hand and a.card not in p.in_play():
                    return "discard a card of yours"
                return None
            if k == "play":
                if a.card in p.hand or a.card in p.carried:
                    if self.specs[a.card].effects.get("escape"):
                        return None
                    if self._anytime_card(a.card):
                        return self._why_anytime_play(seat, a)
                return f"while running away you only roll, use flight or an escape card ({R_RUN})"
            if k == "discard" and (a.card in p.races or a.card in p.classes):
                return None
            if k == "give":
                return self._why_give(seat, a)
            return f"you are running away: roll for each monster, in the order you choose ({R_RUN})"
        if k == "give":
            return self._why_give(seat, a)
        if k == "equip" or k == "unequip":
            return self._why_equip(seat, a)
        if k in ("sell", "steal") or (k == "discard" and a.card not in p.races + p.classes):
            return f"no trading, selling, stealing or item changes during combat ({R_COMBAT})"
        if k == "discard":
            return None
        if k in ("kick", "loot", "trouble", "end_turn", "charity"):
            return f"finish the combat first ({R_PHASES}, phase 1)"
        if stage == "window":
            if k == "pass":
                return None
            if k == "offer_help":
                if c.helper >= 0:
                    return f"only one player may help ({R_HELP})"
                if not p.alive:
                    return f"a dead character cannot help ({R_DEATH})"
                if seat in c.asked:
                    return f"your help was already refused in this combat ({R_HELP})"
                if any(self.specs[m].effects.get("no_help") for m in c.monsters):
                    return "this monster may not be fought with help (monster card)"
                return None
            if k in ("fight", "run", "ask_help", "evade", "charm", "roll"):
                return f"only the fighter does that; others may play a card or pass ({R_COMBAT}: Interfering in Combat)"
        else:
            if k == "pass":
                return "the fighter declares victory (fight) or runs away (run)"
            if k == "offer_help":
                return "you are the fighter: ask_help instead"
            if k == "fight":
                mw = self._mw_cache[1] if self._mw_cache[0] == self._ver else self.munchkins_win()
                if not mw:
                    ps, ms = self.strengths()
                    return f"{ps} vs {ms}: you are not winning (ties go to the monster unless a Warrior fights) ({R_COMBAT})"
                return None
            if k == "run":
                mw = self._mw_cache[1] if self._mw_cache[0] == self._ver else self.munchkins_win()
                if mw:
                    return f"you are winning: declare victory ({R_COMBAT})"
                return None
            if k == "ask_help":
                if c.helper >= 0:
                    return f"only one player may help ({R_HELP})"
                if not (0 <= a.target < len(s.players)) or a.target == seat:
                    return "ask_help: t must be another player"
                if a.target in c.asked:
                    return f"{self._pn(a.target)} already refused this combat ({R_HELP})"
                if not s.players[a.target].alive:
                    return f"a dead character cannot help ({R_DEATH})"
                if any(self.specs[m].effects.get("no_help") for m in c.monsters):
                    return "this monster may not be fought with help (monster card)"
                if a.n < 0:
                    return "ask_help: n (Treasures offered) must be >= 0"
                for it in a.cards:
                    if it not in p.in_play():
                        return f"a bribe offers only items you have in play ({R_HELP})"
                return None
            if k == "evade":
                if not (0 <= a.n < len(c.monsters)):
                    return "evade: n must be a monster of the combat"
                me = self.specs[c.monsters[a.n]].effects
                if a.card >= 0:
                    if a.card not in p.hand and a.card not in p.in_play():
                        return "evade: a card of yours (hand or in play)"
                    words = me.get("evade_discard")
                    if words and self._kind[a.card] in ("item", "one_shot") and \
                            any(w in self._lnames[a.card] for w in words):
                        return None
                    need = me.get("bribe_gold")
                    if not need:
                        return f"{self.name(c.monsters[a.n])} is not escaped by giving up {self.name(a.card)} (monster card)"
                    if self._kind[a.card] != "item":
                        return "evade: buy it off with an item of yours"
                    if (self.specs[a.card].gold or 0) < need:
                        return f"it takes an item worth at least {need} Gold (monster card)"
                    return None
                atom = me.get("not_pursue")
                if not atom or not (all(self.matches(seat, x) for x in atom) if isinstance(atom, (list, tuple))
                                    else self.matches(seat, atom)):
                    return f"{self.name(c.monsters[a.n])} does pursue you (monster card)"
                return None
            if k == "chase":
                return self._why_chase(seat, a)
            if k == "charm":
                if not self.has_class(seat, "wizard"):
                    return "only a Wizard can charm (Wizard class card)"
                if not p.hand:
                    return f"charm discards your whole hand, and you have none ({R_STATS}: Class)"
                if not (0 <= a.n < len(c.monsters)):
                    return "charm: n must be a monster of the combat"
                return None
        in_side = seat == c.fighter or seat == c.helper
        if k == "berserk" or k == "turning":
            cls_ = "warrior" if k == "berserk" else "cleric"
            if not self.has_class(seat, cls_):
                return f"only a {cls_.title()} can do that ({cls_.title()} class card)"
            if not in_side:
                return "only a player fighting in this combat"
            used = (c.berserk if k == "berserk" else c.turning).get(seat, 0)
            if k == "berserk":
                used = used
            if used >= 3:
                return f"at most 3 cards once per combat ({R_HELP}; {cls_.title()} class card)"
            if k == "turning" and not any(self.specs[m].has_tag("undead") for m in c.monsters):
                return "turning works only against Undead (Cleric class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "discard a card of yours (hand or in play)"
            return None
        if k == "backstab":
            if not self.has_class(seat, "thief"):
                return "only a Thief can backstab (Thief class card)"
            if a.target not in (c.fighter, c.helper) or a.target < 0 or a.target == seat:
                return "backstab a player who fights in this combat"
            if [seat, a.target] in c.backstab:
                return "once per victim per combat (Thief class card)"
            if a.card not in p.hand and a.card not in p.in_play():
                return "discard a card of yours"
            return None
        if k == "join":
            if a.card not in p.hand or self._kind[a.card] != "monster":
                return "join: a monster from your hand"
            tags = self.specs[a.card].tags & self.joining_tags
            if not tags or not any(self.specs[m].tags & tags for m in c.monsters):
                return f"only an Undead joins an Undead's combat without a Wandering Monster ({R_WHEN}: Undead Monsters)"
            return None
        if k == "play":
            return self._why_play(seat, a, in_combat=True)
        return f"'{k}' is not possible during combat ({R_COMBAT})"

    # ------------------------------------------------------------------ choices
    def choice_options(self, d: dict) -> tuple:
        """The card ids pending choice ``d`` (a ``state.pending`` entry of kind ``choose``)
        offers, in order: the corpse's cards (looting), the face-up Treasure pool (picking a
        share), the hand (a Cleric's resurrection), the chooser's Items in play (paying a tax),
        the Items in play of the player taken from, else the listed ``options`` the chooser
        still holds (an Item lost to Bad Stuff or a Curse: the victim picks)."""
        s = self.state
        why = d["why"]
        if why == "loot":
            for dead, cards in s.corpses:
                if dead == d["dead"]:
                    return tuple(cards)
            return ()
        if why == "pick":
            return tuple(s.pool)
        p = s.players[d["player"]]
        if why == "resurrect":
            return tuple(p.hand)
        if why == "tax" or why == "taxpay":
            k = self._kind
            return tuple(c for c in p.equipped + p.carried if k[c] == "item")
        if why == "take":
            k = self._kind
            v = s.players[d["from"]]
            return tuple(c for c in v.equipped + v.carried if k[c] == "item")
        return tuple(c for c in d["options"] if c in p.equipped or c in p.carried or c in p.hand)

    def _charity_targets(self, seat: int) -> tuple[bool, list[int]]:
        s = self.state
        alive = [i for i, q in enumerate(s.players) if q.alive]
        low = min(s.players[i].level for i in alive) if alive else 0
        if s.players[seat].level <= low:
            return True, []
        recips = [i for i in alive if s.players[i].level == low and i != seat]
        if not recips:
            return True, []
        excess, given = s.charity if s.charity else (1, {})
        q, rem = divmod(excess, len(recips))
        at_top = sum(1 for r in recips if given.get(r, 0) == q + 1)
        ok = [r for r in recips if given.get(r, 0) < q or (given.get(r, 0) == q and at_top < rem)]
        return False, ok

    def treasure_count(self) -> int:
        """Treasures the current combat gives if won: per monster its printed count plus its
        Monster Enhancers', conditional extras and module modifiers (never below 0), times one
        more for each Mate on it; plus the combat's extra Treasures (core rules, 7. Combat:
        Rewards; Monster Enhancers). Requires a combat in progress."""
        c = self.state.combat
        total = 0
        for i, m in enumerate(c.monsters):
            sp = self.specs[m]
            t = sp.treasures or 0
            mate = 1
            for e in c.enh[i]:
                es = self.specs[e]
                t += es.effects.get("treasures", 0)
                if es.effects.get("mate"):
                    mate += 1
            for cond in sp.effects.get("extra_treasures", ()):
                if self.matches(c.fighter, cond["if"]):
                    t += cond["count"]
            for mod in self._h_treasure:
                t += mod.treasure_modifier(self, i)
            total += max(0, t) * mate
        return total + c.extra_treasures

    # ------------------------------------------------------------------ labels
    def describe(self, a: Action) -> str:
        """A readable label for action ``a`` (used by ``legal_actions``)."""
        who = self._pn(a.player) if 0 <= a.player < len(self.state.players) else f"seat {a.player}"
        k = a.kind
        cn = self._cn(a.card) if a.card >= 0 else ""
        tn = self._pn(a.target) if 0 <= a.target < len(self.state.players) else ""
        if k == "play":
            extra = ""
            ce = self.specs[a.card].effects
            if ce.get("set_die"):
                extra = f": the next die shows {a.n}"
            elif ce.get("cancel_curse") or ce.get("reroll_escape") or ce.get("take_discard") or ce.get("escape") \
                    or ce.get("transfer_fighter"):
                extra = ""
            elif self._kind[a.card] == "one_shot" and not ce.get("discard_monster"):
                extra = " for the monsters" if a.n == 1 else " for the munchkins"
            elif self._kind[a.card] == "monster_enhancer" or self.specs[a.card].effects.get("discard_monster"):
                extra = f" on {self._cn(self.state.combat.monsters[a.n])}" if self.state.combat and 0 <= a.n < len(self.state.combat.monsters) else ""
            if tn:
                extra += f" on {tn}"
            if a.m >= 0:
                extra += f" with {self._cn(a.m)}"
            return f"{who}: play {cn}{extra}"
        if k == "sell":
            return f"{who}: sell {', '.join(self._cn(c) for c in a.cards)}"
        if k == "ask_help":
            return f"{who}: ask {tn} for help" + (f" for {a.n} Treasure(s){' (helper picks first)' if a.m == 1 else ''}" if a.n else "")
        if k == "roll":
            mon = self.state.combat.monsters[a.n] if self.state.combat and 0 <= a.n < len(self.state.combat.monsters) else -1
            return f"{who}: roll to Run Away from {self._cn(mon)}"
        if k == "charity":
            return f"{who}: {'discard' if a.target < 0 else 'give'} {cn}" + (f" to {tn}" if tn else "")
        if k == "steal":
            return f"{who}: discard {cn} to steal {self._cn(a.m)} from {tn}"
        if k == "kick" and a.n == 1:
            return f"{who}: resurrect the top Door discard instead of kicking (Cleric)"
        base = {"kick": "Kick Open the Door", "loot": "Loot the Room", "end_turn": "end the turn",
                "fight": "declare victory", "run": "Run Away", "pass": "pass",
                "offer_help": "offer to help", "accept": "accept", "refuse": "refuse"}.get(k, k)
        parts = [f"{who}: {base}"]
        if cn:
            parts.append(cn)
        if tn:
            parts.append(f"-> {tn}")
        if k in ("evade", "charm", "chase") and self.state.combat and 0 <= a.n < len(self.state.combat.monsters):
            parts.append(self._cn(self.state.combat.monsters[a.n]))
        if k == "resolve" and a.n:
            parts.append(f"({a.n:+d} Level)")
        return " ".join(parts)

    # ================================================================== applying actions
    def _apply(self, a: Action) -> None:  # noqa: C901
        s = self.state
        k = a.kind
        seat = a.player
        p = s.players[seat]
        if s.pending:
            d = s.pending.pop(0)
            self._answer(d, a)
            self._settle()
            return
        if self._h_apply:
            for mod in self._h_apply:
                if mod.apply_action(self, a):
                    self._settle()
                    return
        ph = s.phase
        if k == "pass":
            if ph == "setup":
                if self.history: self._say(f"{p.name} is ready.")
                nxt = (s.setup_seat + 1) % len(s.players)
                if nxt == s.active:
                    s.phase = "start"
                    self._turn_start()
                else:
                    s.setup_seat = nxt
            else:  # interference window
                c = s.combat
                c.window.pop(0)
                if not c.window:
                    self._window_done()
        elif k == "play":
            self._play_card(seat, a)
        elif k == "fight" or k == "run":
            c = s.combat
            c.intent = "win" if k == "fight" else "run"
            c.stage = "window"
            c.window = [(c.fighter + i) % len(s.players) for i in range(1, len(s.players))
                        if s.players[(c.fighter + i) % len(s.players)].alive]
            # strengths only feed the log line (module hooks may keep state: then as before)
            if self.history or self._h_combat or self._h_monster:
                ps, ms = self.strengths()
                if self.history: self._say(f"{p.name} {'declares victory' if k == 'fight' else 'is about to Run Away'}, {ps} vs {ms}.")
            if not c.window:
                self._window_done()
        elif k == "roll":
            self._run_roll(seat, a.n)
        elif k == "ask_help":
            c = s.combat
            s.pending.append({"kind": "help", "player": a.target, "from": seat, "n": a.n,
                              "first": 1 if a.m == 1 else 0, "items": tuple(a.cards)})
            if self.history: self._say(f"{p.name} asks {self._pn(a.target)} for help" + (f", offering {a.n} Treasure(s)." if a.n else "."))
        elif k == "kick":
            self._kick(seat, a.n == 1)
        elif k == "trouble":
            p.hand.remove(a.card)
            if self.history: self._say(f"{p.name} looks for trouble with {self.name(a.card)}.")
            self._start_combat(seat, a.card)
        elif k == "loot":
            deck = "treasure" if self.options.faster_play else "door"
            c = self._draw(deck)
            if c >= 0 and not (deck == "door" and any(m.on_draw_door(self, seat, c, False) for m in self._h_door)):
                p.hand.append(c)
            if self.history: self._say(f"{p.name} loots the room.")
            s.phase = "end"
        elif k == "end_turn":
            self._end_turn(seat)
        elif k == "charity":
            p.hand.remove(a.card)
            if a.target < 0:
                self._discard(a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} (Charity).")
            else:
                s.players[a.target].hand.append(a.card)
                s.players[a.target].fresh.append(a.card)
                s.charity[1][a.target] = s.charity[1].get(a.target, 0) + 1
                if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {self._pn(a.target)} (Charity).")
            if len(p.hand) <= self.hand_limit(seat):
                s.charity = None
                self._next_turn()
        elif k == "equip":
            p.carried.remove(a.card)
            p.equipped.append(a.card)
        elif k == "unequip":
            p.equipped.remove(a.card)
            p.carried.append(a.card)
        elif k == "discard":
            self._lose_card(seat, a.card)
            if self.history: self._say(f"{p.name} discards {self.name(a.card)}.")
        elif k == "sell":
            total = 0
            for c in a.cards:
                total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
                self._lose_card(seat, c)
            if a.n not in (0, -1):
                p.sold_double = True
            lv = total // 1000
            p.level += lv
            if self.history: self._say(f"{p.name} sells {len(a.cards)} card(s) for {total} Gold: +{lv} Level -> {p.level}.")
        elif k == "give":
            self._remove_from_play(seat, a.card)
            tp = s.players[a.target]
            (tp.equipped if self.can_use(a.target, a.card) and self.why_slot(a.target, a.card) is None
             else tp.carried).append(a.card)
            if self.history: self._say(f"{p.name} gives {self.name(a.card)} to {tp.name}.")
        elif k == "steal":
            self._lose_card(seat, a.card)
            r = self._roll_mod(seat, self._roll())
            if r >= 4:
                self._remove_from_play(a.target, a.m)
                p.carried.append(a.m)
                if self.history: self._say(f"{p.name} steals {self.name(a.m)} from {self._pn(a.target)} (roll {r}).")
            else:
                self._change_level(seat, -1)
                if self.history: self._say(f"{p.name} fails to steal (roll {r}) and loses a Level.")
        elif k == "offer_help":
            c = s.combat
            s.pending.append({"kind": "offer", "player": c.fighter, "from": seat})
            if self.history: self._say(f"{p.name} offers to help {self._pn(c.fighter)}.")
        elif k == "evade":
            c = s.combat
            me = self.specs[c.monsters[a.n]].effects
            if a.card >= 0:
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} gets rid of {self.name(c.monsters[a.n])} by giving up {self.name(a.card)}.")
            else:
                if self.history: self._say(f"{p.name} lets {self.name(c.monsters[a.n])} go.")
                c.extra_treasures += me.get("evade_treasures", 0)
            self._remove_monster(a.n)
            self._after_monster_removed()
        elif k == "charm":
            c = s.combat
            for card in p.hand[:]:
                self._lose_card(seat, card)
            m = c.monsters[a.n]
            c.extra_treasures += (self.specs[m].treasures or 0)
            if self.history: self._say(f"{p.name} charms {self.name(m)} away.")
            self._remove_monster(a.n)
            self._after_monster_removed()
        elif k == "chase":
            c = s.combat
            m = c.monsters[a.n]
            before = self.treasure_count()
            self._remove_monster(a.n)
            c.extra_treasures += before - self.treasure_count()
            if self.history: self._say(f"{p.name} chases {self.name(m)} away (Cleric): its Treasures, no Level.")
            self._after_monster_removed()
        elif k in ("berserk", "turning", "flight"):
            self._lose_card(seat, a.card)
            d = getattr(s.combat, k)
            d[seat] = d.get(seat, 0) + 1
            if self.history: self._say(f"{p.name} discards {self.name(a.card)} ({k}).")
            self._combat_changed(seat)
        elif k == "backstab":
            self._lose_card(seat, a.card)
            s.combat.backstab.append([seat, a.target])
            if self.history: self._say(f"{p.name} backstabs {self._pn(a.target)} (-2).")
            self._combat_changed(seat)
        elif k == "join":
            p.hand.remove(a.card)
            self._add_monster(a.card)
            if self.history: self._say(f"{p.name} adds {self.name(a.card)} to the combat (joining).")
            self._combat_changed(seat)
        ph = s.phase
        if s.pending or s.corpses or (ph == "combat" and s.combat is not None and s.combat.stage == "run"):
            self._settle()
        elif ph != "over" and ph != "combat":  # _settle's only work here: the winner test
            for q in s.players:
                if q.level >= 10:
                    self._check_winner()
                    break

    # ------------------------------------------------------------------ pending answers
    def _answer(self, d: dict, a: Action) -> None:
        s = self.state
        k = d["kind"]
        if k == "help":
            c = s.combat
            if a.kind == "accept":
                c.helper = d["player"]
                c.bribe_n = d["n"]
                c.bribe_first = d["first"]
                c.bribe_items = list(d["items"])
                if self.history: self._say(f"{self._pn(d['player'])} helps {self._pn(d['from'])}.")
            else:
                c.asked.append(d["player"])
                if self.history: self._say(f"{self._pn(d['player'])} refuses to help.")
        elif k == "offer":
            c = s.combat
            if a.kind == "accept":
                c.helper = d["from"]
                if self.history: self._say(f"{self._pn(d['player'])} accepts {self._pn(d['from'])}'s help.")
            else:
                c.asked.append(d["from"])
                if self.history: self._say(f"{self._pn(d['player'])} refuses {self._pn(d['from'])}'s help.")
        elif k == "choose":
            why = d["why"]
            seat = d["player"]
            p = s.players[seat]
            if why == "loot":
                for dead, cards in s.corpses:
                    if dead == d["dead"]:
                        cards.remove(a.card)
                p.hand.append(a.card)
                p.fresh.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from the corpse of {self._pn(d['dead'])}.")
            elif why == "pick":
                s.pool.remove(a.card)
                p.hand.append(a.card)
                p.fresh.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from the Treasures.")
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
            elif why == "resurrect":
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} for the resurrection.")
            elif why == "tax":
                v = self.specs[a.card].gold or 0
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} discards {self.name(a.card)} ({v} Gold): Income Tax for the others.")
                n = len(s.players)
                if v > 0:
                    for j in range(n - 1, 0, -1):
                        q = (seat + j) % n
                        if s.players[q].alive:
                            s.pending.insert(0, {"kind": "choose", "why": "taxpay", "player": q,
                                                 "owe": v, "options": (), "count": 1})
            elif why == "take":
                self._remove_from_play(d["from"], a.card)
                p.carried.append(a.card)
                if self.history: self._say(f"{p.name} takes {self.name(a.card)} from {self._pn(d['from'])}.")
            elif why == "taxpay":
                v = self.specs[a.card].gold or 0
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} pays {self.name(a.card)} ({v} Gold) in Income Tax.")
                if d["owe"] - v > 0:
                    nd = dict(d)
                    nd["owe"] = d["owe"] - v
                    s.pending.insert(0, nd)
            else:  # an item lost to a curse / Bad Stuff
                self._lose_card(seat, a.card)
                if self.history: self._say(f"{p.name} loses {self.name(a.card)}.")
                if d["count"] > 1:
                    opts = tuple(o for o in d["options"] if o != a.card)
                    nd = dict(d)
                    nd["count"] = d["count"] - 1
                    nd["options"] = opts
                    s.pending.insert(0, nd)
        elif k == "glue":
            c = s.combat
            if a.kind == "play":
                q = s.players[d["player"]]
                (q.hand if a.card in q.hand else q.carried).remove(a.card)
                self._discard(a.card)
                if d["monster"] in c.rolled:
                    c.rolled.remove(d["monster"])
                if self.history: self._say(f"{q.name} plays {self.name(a.card)}: {self._pn(d['runner'])} must roll again "
                          f"against {self.name(c.monsters[d['monster']])}.")
            else:
                rest = [q for q in d["rest"] if s.players[q].alive and self._glue_cards(q)]
                if rest:
                    nd = dict(d)
                    nd["player"] = rest[0]
                    nd["rest"] = tuple(rest[1:])
                    s.pending.insert(0, nd)
                else:
                    self._escaped(d["runner"], d["monster"])
        elif k == "cancel":
            if a.kind == "play":
                self._cancel_curse(d["player"], a.card, d["card"], d["victim"])
            else:
                rest = [q for q in d["rest"] if s.players[q].alive and self._cancel_cards(q)]
                if rest:
                    nd = dict(d)
                    nd["player"] = rest[0]
                    nd["rest"] = tuple(rest[1:])
                    s.pending.insert(0, nd)
                else:
                    self._curse_hits(d["victim"], d["card"])
        elif k == "manual":
            tgt = s.players[a.target]
            for c in a.cards:
                self._lose_card(a.target, c)
            if a.n:
                self._change_level(a.target, a.n)
            if self.history: self._say(f"{self.name(d['card'])} resolved by hand: {tgt.name} {a.n:+d} Level(s), "
                      f"{len(a.cards)} card(s) discarded.")

    def _settle(self) -> None:
        """Drop pending decisions with nothing to decide; finish corpse looting."""
        s = self.state
        if not s.pending and not s.corpses:
            ph = s.phase
            if ph == "combat":
                if s.combat is None or s.combat.stage != "run":
                    return
            else:
                if ph != "over":
                    for q in s.players:  # _check_winner's own test, without the call
                        if q.level >= 10:
                            self._check_winner()
                            break
                return
        while s.pending:
            d = s.pending[0]
            if d["kind"] == "choose":
                opts = self.choice_options(d)
                if d["why"] == "pick" and not opts:
                    s.pending.pop(0)
                    continue
                if d["why"] == "loot":
                    if not opts or not s.players[d["player"]].alive:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "resurrect" or d["why"] == "tax":
                    if not opts:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "taxpay":
                    if sum(self.specs[c].gold or 0 for c in opts) < d["owe"]:
                        # cannot pay: every item goes, and a Level (Income Tax card)
                        s.pending.pop(0)
                        for c in opts:
                            self._lose_card(d["player"], c)
                        if d.get("penalty", 1):
                            self._change_level(d["player"], -1)
                        if self.history: self._say(f"{self._pn(d['player'])} cannot pay {d['owe']} Gold in items: loses every item"
                                  f"{' and a Level' if d.get('penalty', 1) else ''}.")
                        continue
                elif d["why"] == "take":
                    if not opts or not s.players[d["player"]].alive:
                        s.pending.pop(0)
                        continue
                elif d["why"] == "lose":
                    if not opts:
                        s.pending.pop(0)
                        continue
                    if len(opts) <= d["count"]:
                        s.pending.pop(0)
                        for c in opts:
                            self._lose_card(d["player"], c)
                            if self.history: self._say(f"{self._pn(d['player'])} loses {self.name(c)}.")
                        continue
            break
        if s.corpses:
            live = {d["dead"] for d in s.pending if d["kind"] == "choose" and d["why"] == "loot"}
            for entry in s.corpses[:]:
                if entry[0] not in live:
                    for c in entry[1]:
                        self._discard(c)
                    s.corpses.remove(entry)
        if s.phase == "combat" and not s.pending and s.combat is not None:
            c = s.combat
            if c.stage == "run":
                # skip runners that died or have nothing left
                while c.runners and (not s.players[c.runners[0]].alive or len(c.rolled) >= len(c.monsters)):
                    c.runners.pop(0)
                    c.rolled = []
                if not c.runners:
                    self._end_combat(won=False)
        ph = s.phase
        if ph != "over" and ph != "combat":
            for q in s.players:  # _check_winner's own test, without the call on most steps
                if q.level >= 10:
                    self._check_winner()
                    break

    # ------------------------------------------------------------------ turn structure
    def _turn_start(self) -> None:
        """Start of a turn: dead characters come back (with no cards); a player who died draws
        4 + 4 at the start of their own next turn (core rules, 7. Combat: Death). With Faster
        Play, phase 0 draws one Door (core rules, Munchkin XXL: Faster Game)."""
        s = self.state
        for q in s.players:
            if not q.alive:
                q.alive = True
                q.redeal = True
        p = s.players[s.active]
        p.sold_double = False
        if self.history: self._say(f"Turn {s.turn}: {p.name} (Level {p.level}).")
        if p.redeal:
            p.redeal = False
            self._deal(p)
            if self.history: self._say(f"{p.name} starts a new character: 4 Door + 4 Treasure cards.")
        for mod in self._h_turn:
            mod.on_turn_start(self, s.active)
        if self.options.faster_play:
            c = self._draw("door")
            if c >= 0:
                if not any(m.on_draw_door(self, s.active, c, False) for m in self._h_door):
                    p.hand.append(c)
                if self.history: self._say(f"{p.name} listens at the door (phase 0).")

    def _next_turn(self) -> None:
        s = self.state
        s.active = (s.active + 1) % len(s.players)
        s.turn += 1
        s.phase = "start"
        if self.options.max_turns is not None and s.turn > self.options.max_turns:
            self._stop("turn limit", "Turn limit reached: no winner.")
            return
        self._turn_start()

    def _end_turn(self, seat: int) -> None:
        """Charity (core rules, 6. phase 4): excess cards above the hand limit go to the
        lowest-Level living player(s), split as evenly as possible (the giver decides who gets
        the bigger share); when the giver is (one of) the lowest, the excess is discarded."""
        s = self.state
        p = s.players[seat]
        for q in s.players:
            # cards received during the turn were playable "at once"; that moment is over
            # (engine reading of core rules, 9.: played immediately when received)
            if q.fresh:
                q.fresh = []
        excess = len(p.hand) - self.hand_limit(seat)
        if excess > 0:
            s.phase = "charity"
            s.charity = [excess, {}]
            if self.history: self._say(f"{p.name} has {excess} card(s) too many: Charity.")
        else:
            self._next_turn()

    def _kick(self, seat: int, resurrect: bool = False) -> None:
        """Kick Open the Door (core rules, 6. phase 1): monster -> combat; Curse -> applies to
        the kicker now; any other card -> into the hand (it may be played at once).

        ``resurrect``: a Cleric takes the top Door discard instead of drawing and resolves it
        exactly like a kicked card, then discards one card from hand (a ``choose`` decision,
        ``why: resurrect``) - Cleric class card.

        A rules module that handles the drawn card (``on_draw_door``) may ask for a face-up
        replacement Door by calling ``_kick`` again (a Portal: Scooby-Doo rules, Portals):
        the chain is resolved in this loop, never by recursion. When a chain has turned up
        more cards than the Door pile and its discards held when it began, the pile can yield
        nothing but such cards (e.g. only Portals): the kick ends as on an empty Door deck
        (rulebook silent; the reading that lets the turn go on)."""
        if self._kicking:  # a module's replacement Door during this kick: drawn by the loop below
            self._kick_again = True
            return
        self._kicking = True
        try:
            self._kick_chain(seat, resurrect)
        finally:
            self._kicking = False
            self._kick_again = False

    def _kick_chain(self, seat: int, resurrect: bool) -> None:
        """The loop of :meth:`_kick` (one card per turn of the loop)."""
        s = self.state
        p = s.players[seat]
        chain = 0
        limit = -1
        while True:
            if resurrect:
                c = s.discards["door"].pop()
                s.pending.insert(0, {"kind": "choose", "why": "resurrect", "player": seat, "options": (), "count": 1})
                if self.history: self._say(f"{p.name} resurrects {self.name(c)} from the Door discards (Cleric).")
                resurrect = False
            else:
                c = self._draw("door")
            if c < 0:
                if self.history: self._say(f"{p.name} kicks open the door: the Door deck is empty.")
                s.phase = "trouble"
                return
            if self.history: self._say(f"{p.name} kicks open the door: {self.name(c)}.")
            for m in self._h_door:
                if m.on_draw_door(self, seat, c, True):
                    break
            else:
                k = self._kind[c]
                if k == "monster":
                    self._start_combat(seat, c)
                    return
                s.phase = "trouble"
                if k == "curse":
                    self._apply_curse(seat, c)
                else:
                    p.hand.append(c)
                return
            if not self._kick_again:
                if s.phase == "start":
                    s.phase = "trouble"
                return
            self._kick_again = False
            chain += 1
            if limit < 0:
                limit = sum(len(v) for d in (s.decks, s.discards) for k, v in d.items()
                            if k == "door" or k.startswith("door:"))
            if chain > limit:
                self._say(f"{p.name}: every Door turned up is another replacement; nothing more behind the door.")
                if s.phase == "start":
                    s.phase = "trouble"
                return

    # ------------------------------------------------------------------ combat
    def _start_combat(self, seat: int, monster: int) -> None:
        s = self.state
        s.phase = "combat"
        s.combat = CombatState(seat, monster)
        self._monster_arrives(monster)

    def _monster_arrives(self, m: int) -> None:
        """A manual monster (a special the vocabulary cannot express) queues a ResolveByHand
        decision for the fighter as it enters the combat; its data parts still apply.
        ``on_meet`` ops hit the fighter as the monster enters (e.g. discard an item first)."""
        sp = self.specs[m]
        if sp.manual:
            self._push_manual(self.state.combat.fighter, m, discard=False)
        meet = sp.effects.get("on_meet")
        if meet:
            self._apply_ops(self.state.combat.fighter, meet, m)

    def _add_monster(self, m: int) -> None:
        c = self.state.combat
        c.monsters.append(m)
        c.enh.append([])
        self._monster_arrives(m)

    def _remove_monster(self, i: int) -> None:
        c = self.state.combat
        m = c.monsters.pop(i)
        enh = c.enh.pop(i)
        self._discard(m)
        for e in enh:
            self._discard(e)

    def _after_monster_removed(self) -> None:
        c = self.state.combat
        if not c.monsters:
            self._end_combat(won=False, empty=True)

    def _combat_changed(self, seat: int) -> None:
        """A card was played into the combat (hook point; the window player keeps acting
        until they pass, and the fighter answers when the window closes)."""

    def _window_done(self) -> None:
        """Everybody passed (core rules, 7. Combat: wait for the others to react). A declared
        victory that still stands kills the monsters; a victory undone by interference, or a
        Run Away that became a winning fight, returns the decision to the fighter; otherwise
        the Run Away rolls begin."""
        c = self.state.combat
        winning = self.munchkins_win()
        if c.intent == "win":
            if winning:
                self._resolve_win()
            else:
                c.stage = "fight"
        else:
            if winning:
                c.stage = "fight"
            else:
                self._start_run()

    def _resolve_win(self) -> None:
        """Every other player passed and the munchkin side still wins (the caller,
        :meth:`_window_done`, has just checked): it kills every monster (core rules, 7.
        Combat; Rewards)."""
        s = self.state
        c = s.combat
        if (self._h_combat or self._h_monster) and not self.munchkins_win():
            # module strength hooks are asked again, as they always were
            c.stage = "fight"
            return
        fighter, helper = c.fighter, c.helper
        levels = 0
        for i, m in enumerate(c.monsters):
            sp = self.specs[m]
            mate = 1 + sum(1 for e in c.enh[i] if self.specs[e].effects.get("mate"))
            extra = sp.effects.get("extra_levels", 0)
            words = sp.effects.get("extra_level_with")
            if words:
                # e.g. Large Angry Chicken: one more Level when killed with fire
                used = list(c.used)
                for q in (fighter, helper):
                    if q >= 0:
                        used += [it for it in s.players[q].equipped if self.can_use(q, it)]
                if any(w in self._lnames[u] for u in used for w in words):
                    extra += 1
            if sp.effects.get("extra_level_bare") and helper < 0 and not c.used and not c.pbonus \
                    and self.player_strength(fighter) == s.players[fighter].level:
                # e.g. Pukachu: one more Level when beaten alone with the bare Level
                extra += 1
            levels += ((sp.levels_gained or 1) + extra) * mate
        nkilled = len(c.monsters)
        tcount = self.treasure_count()
        for mod in self._h_won:
            mod.on_combat_won(self, fighter, helper, list(c.monsters))
        # strengths only feed the log line (module hooks may keep state: then as before)
        if self.history or self._h_combat or self._h_monster:
            ps, ms = self.strengths()
        if self.history: self._say(f"{self._pn(fighter)}{' and ' + self._pn(helper) if helper >= 0 else ''} "
                  f"{'kill' if helper >= 0 else 'kills'} {', '.join(self.name(m) for m in c.monsters)} ({ps} vs {ms}).")
        self._change_level(fighter, levels, from_kill=True)
        if helper >= 0:
            hl = 0
            if self.has_race(helper, "elf"):
                hl = nkilled
            if self.options.shared_victory:
                hl = max(hl, nkilled)
            if hl:
                self._change_level(helper, hl, from_kill=True)
        drawn = []
        for _ in range(tcount):
            t = self._draw("treasure")
            if t >= 0:
                drawn.append(t)
        self._end_combat(won=True)
        if helper < 0 or c.bribe_n <= 0:
            s.players[fighter].hand.extend(drawn)
            if self.history: self._say(f"{self._pn(fighter)} draws {len(drawn)} Treasure(s)"
                      f"{' face down' if helper < 0 else ' face up'}.")
        else:
            share = min(c.bribe_n, len(drawn))
            s.pool.extend(drawn)
            if self.history: self._say(f"Treasures face up: {', '.join(self.name(t) for t in drawn)}; "
                      f"{self._pn(helper)} gets {share}.")
            first = helper if c.bribe_first else fighter
            s.pending.append({"kind": "choose", "why": "pick", "player": first, "f": fighter,
                              "h": helper, "hq": share, "fq": len(drawn) - share})

    def _end_combat(self, won: bool, empty: bool = False) -> None:
        s = self.state
        c = s.combat
        for mod in self._h_end:
            mod.on_combat_end(self, c.fighter, c.helper, won)
        for i in range(len(c.monsters) - 1, -1, -1):
            self._remove_monster(i)
        for u in c.used:
            self._discard(u)
        c.used = []
        for q in (c.fighter, c.helper):
            if q >= 0:
                qp = s.players[q]
                for cu in qp.curses[:]:
                    ce = self.specs[cu].effects
                    if ce.get("next_combat") or ce.get("only_slot"):
                        qp.curses.remove(cu)
                        self._discard(cu)
        if c.helper >= 0 and c.bribe_items:
            fp = s.players[c.fighter]
            for it in c.bribe_items:
                if it in fp.in_play() and s.players[c.helper].alive:
                    self._remove_from_play(c.fighter, it)
                    s.players[c.helper].carried.append(it)
        if c.extra_treasures and s.players[c.fighter].alive and not won:
            for _ in range(c.extra_treasures):
                t = self._draw("treasure")
                if t >= 0:
                    s.players[c.fighter].hand.append(t)
        s.phase = "end"
        s.combat = None
        # keep a reference for _resolve_win's bribe handling
        self._last_combat = c

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

    # ------------------------------------------------------------------ playing cards
    def _play_card(self, seat: int, a: Action) -> None:
        s = self.state
        p = s.players[seat]
        c = a.card
        sp = self.specs[c]
        k = sp.kind
        e = sp.effects
        if e.get("cancel_curse"):
            for q, qp in enumerate(s.players):
                if a.m in qp.curses:
                    self._cancel_curse(seat, c, a.m, q, q)
                    return
            return
        if c in p.hand:
            p.hand.remove(c)
        elif c in p.carried:
            p.carried.remove(c)
        if e.get("set_die"):
            self._discard(c)
            s.forced.insert(0, a.n)
            if self.history: self._say(f"{p.name} plays {sp.name}: the next die shows {a.n}.")
            return
        if e.get("steal_level"):
            self._discard(c)
            self._change_level(a.target, -1)
            self._change_level(seat, 1)
            if self.history: self._say(f"{p.name} steals a Level from {self._pn(a.target)} ({sp.name}).")
            return
        if e.get("hireling"):
            p.hireling = c
            p.hireling_item = a.m
            if a.m >= 0 and a.m in p.carried and self.can_use(seat, a.m):
                p.carried.remove(a.m)
                p.equipped.append(a.m)
            if self.history: self._say(f"{p.name} hires {sp.name}" + (f", who carries {self.name(a.m)}." if a.m >= 0 else "."))
            return
        if sp.manual and k in ("race", "class"):
            self._push_manual(seat, c, discard=False)
        if k == "race":
            limit = 2 if p.half_breed >= 0 else 1
            if len(p.races) >= limit:
                old = p.races.pop(0)
                self._discard(old)
            p.races.append(c)
            if self.history: self._say(f"{p.name} becomes {sp.name}.")
        elif k == "class":
            limit = 2 if p.super_munchkin >= 0 else 1
            if len(p.classes) >= limit:
                old = p.classes.pop(0)
                self._discard(old)
            p.classes.append(c)
            if self.history: self._say(f"{p.name} becomes {sp.name}.")
        elif k == "item":
            if self.can_use(seat, c) and self.why_slot(seat, c) is None:
                p.equipped.append(c)
                if self.history: self._say(f"{p.name} uses {sp.name}.")
            else:
                p.carried.append(c)
                if self.history: self._say(f"{p.name} carries {sp.name}.")
            if sp.manual:
                self._push_manual(seat, c, discard=False)
        elif k == "curse":
            if self.history: self._say(f"{p.name} curses {self._pn(a.target)} with {sp.name}.")
            self._apply_curse(a.target, c, seat)
            self._combat_changed(seat)
        elif k == "go_up_a_level":
            self._change_level(a.target, e.get("levels", 1))
            self._discard(c)
            if self.history: self._say(f"{p.name} plays {sp.name}: {self._pn(a.target)} is Level {s.players[a.target].level}.")
        elif k == "one_shot":
            cb = s.combat
            if e.get("escape") and cb is not None:
                self._discard(c)
                if self.history: self._say(f"{p.name} uses {sp.name} and escapes.")
                for i in range(len(cb.monsters)):
                    if i not in cb.rolled:
                        cb.rolled.append(i)
                if e.get("escape_both") and len(cb.runners) > 1:
                    del cb.runners[1:]
                    if self.history: self._say(f"{sp.name} lets the other runner escape too.")
            elif cb is None:
                self._discard(c)
                if self.history: self._say(f"{p.name} uses {sp.name}.")
                if e.get("take_discard"):
                    for pile in s.discards.values():
                        if a.m in pile:
                            pile.remove(a.m)
                            p.hand.append(a.m)
                            if self.history: self._say(f"{p.name} takes {self.name(a.m)} from the discards.")
                            break
                for _ in range(e.get("draw_treasures", 0)):
                    t = self._draw("treasure")
                    if t >= 0:
                        p.hand.append(t)
                if sp.manual:
                    self._push_manual(seat, c, discard=False)
            else:
                cb.used.append(c)
                if e.get("discard_monster"):
                    if self.history: self._say(f"{p.name} uses {sp.name} on {self.name(cb.monsters[a.n])}.")
                    if e.get("keep_treasure") and len(cb.monsters) == 1:
                        cb.extra_treasures = self.treasure_count()
                    self._remove_monster(a.n)
                    self._after_monster_removed()
                elif e.get("end_combat"):
                    if self.history: self._say(f"{p.name} uses {sp.name}: the combat ends.")
                    self._end_all_monsters(seat, e.get("draw_treasures", 0))
                elif e.get("transfer_fighter"):
                    old = cb.fighter
                    cb.fighter = a.target
                    cb.helper = -1
                    cb.asked = []
                    cb.bribe_n = 0
                    cb.bribe_first = 0
                    cb.bribe_items = []
                    cb.berserk = {}
                    cb.turning = {}
                    cb.backstab = []
                    cb.perplayer = {}
                    cb.stage = "fight"
                    cb.window = []
                    cb.intent = ""
                    if self.history: self._say(f"{p.name} plays {sp.name}: the monsters attack {self._pn(a.target)} "
                              f"instead of {self._pn(old)}.")
                elif e.get("double_fighter"):
                    cb.perplayer[seat] = 1
                    if self.history: self._say(f"{p.name} plays {sp.name}: their own strength counts twice.")
                    self._combat_changed(seat)
                else:
                    if a.n == 1:
                        cb.mbonus += sp.bonus or 0
                    else:
                        cb.pbonus += sp.bonus or 0
                    if self.history: self._say(f"{p.name} plays {sp.name} ({(sp.bonus or 0):+d}) for the "
                              f"{'monsters' if a.n == 1 else 'munchkins'}.")
                    self._combat_changed(seat)
                if sp.manual:
                    self._push_manual(seat, c, discard=False)
        elif k == "monster_enhancer":
            cb = s.combat
            cb.enh[a.n].append(c)
            if self.history: self._say(f"{p.name} plays {sp.name} on {self.name(cb.monsters[a.n])}.")
            if sp.manual:
                self._push_manual(seat, c, discard=False)
            self._combat_changed(seat)
        elif k == "special":
            if e.get("wandering_monster"):
                p.hand.remove(a.m)
                self._discard(c)
                self._add_monster(a.m)
                if self.history: self._say(f"{p.name} plays {sp.name}: {self.name(a.m)} joins the combat.")
                self._combat_changed(seat)
            elif e.get("half_breed"):
                p.half_breed = c
                if self.history: self._say(f"{p.name} plays {sp.name}.")
            elif e.get("super_munchkin"):
                p.super_munchkin = c
                if self.history: self._say(f"{p.name} plays {sp.name}.")
            elif e.get("cheat"):
                p.cheat = c
                p.cheat_item = a.m
                if a.m in p.carried and self._kind[a.m] == "item":
                    p.carried.remove(a.m)
                    p.equipped.append(a.m)
                if self.history: self._say(f"{p.name} cheats with {self.name(a.m)}.")
            elif e.get("end_combat"):
                self._discard(c)
                if self.history: self._say(f"{p.name} plays {sp.name}: the combat ends.")
                self._end_all_monsters(s.combat.fighter, e.get("draw_treasures", 0))
            elif e.get("take_item"):
                self._discard(c)
                self._remove_from_play(a.target, a.m)
                if self.can_use(seat, a.m) and self.why_slot(seat, a.m) is None:
                    p.equipped.append(a.m)
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
                    t = self._draw("treasure")
                    if t >= 0:
                        p.hand.append(t)
                        got += 1
                if self.history: self._say(f"{p.name} plays {sp.name}: draws {got} Treasure(s).")
            elif e.get("level_for"):
                self._discard(c)
                for q in range(len(s.players)):
                    if s.players[q].alive and self.matches(q, e["level_for"]):
                        if s.players[q].level < 9:
                            self._change_level(q, 1)
                if self.history: self._say(f"{p.name} plays {sp.name}.")
            else:
                if self.history: self._say(f"{p.name} plays {sp.name} (resolved by hand).")
                self._push_manual(seat, c, discard=True)

    def _end_all_monsters(self, fighter: int, draw: int) -> None:
        s = self.state
        cb = s.combat
        for i in range(len(cb.monsters) - 1, -1, -1):
            self._remove_monster(i)
        for _ in range(draw):
            t = self._draw("treasure")
            if t >= 0:
                s.players[fighter].hand.append(t)
        self._end_combat(won=False, empty=True)

    def _push_manual(self, seat: int, c: int, discard: bool) -> None:
        """Queue a ResolveByHand decision for manual card ``c`` (``discard``: the card goes to
        its discard pile now; the decision only records what the designer applies)."""
        if discard:
            self._discard(c)
        self.state.pending.append({"kind": "manual", "player": seat, "card": c, "target": seat})

    # ------------------------------------------------------------------ curses and ops
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
        asked (core rules, 10. Curses: resolved at once "if possible"; card text)."""
        if self._has_cancel:
            s = self.state
            n = len(s.players)
            holders = tuple(q for q in ((victim + i) % n for i in range(n))
                            if q != caster and s.players[q].alive and self._cancel_cards(q))
            if holders:
                s.pending.append({"kind": "cancel", "player": holders[0], "card": c,
                                  "victim": victim, "caster": caster, "rest": holders[1:]})
                if self.history: self._say(f"{self.name(c)} on {self._pn(victim)}: "
                          f"{', '.join(self._pn(q) for q in holders)} may cancel it.")
                return
        self._curse_hits(victim, c)

    def _cancel_curse(self, seat: int, ring: int, curse: int, victim: int, owner: int = -1) -> None:
        """``seat`` spends ``ring`` to cancel ``curse`` (pending, or already on ``owner``); both
        cards are discarded (core rules, 10. Curses; Wishing Ring card)."""
        p = self.state.players[seat]
        if ring in p.hand:
            p.hand.remove(ring)
        elif ring in p.carried:
            p.carried.remove(ring)
        self._discard(ring)
        if owner >= 0:
            self.state.players[owner].curses.remove(curse)
        self._discard(curse)
        if self.history: self._say(f"{p.name} cancels {self.name(curse)} on {self._pn(victim)} with {self.name(ring)}.")
        for mod in self._h_cancel:
            mod.on_curse_cancelled(self, seat, victim)

    def _curse_hits(self, victim: int, c: int) -> None:
        """Curses apply at once; persistent ones and "next combat" ones stay with the victim
        (core rules, 10. Curses). A Curse on something the victim lacks does nothing."""
        sp = self.specs[c]
        e = sp.effects
        vp = self.state.players[victim]
        keep = bool(e.get("persistent") or e.get("next_combat") or e.get("roll_mod") or e.get("only_slot"))
        if e.get("ops"):
            self._apply_ops(victim, e["ops"], c)
        if sp.manual and not e.get("ops"):
            self._push_manual(victim, c, discard=not keep)
            if keep:
                vp.curses.append(c)
            return
        if keep and vp.alive:
            vp.curses.append(c)
        else:
            self._discard(c)

    def _apply_ops(self, seat: int, ops, source: int) -> None:  # noqa: C901
        s = self.state
        for op in ops:
            p = s.players[seat]
            if not p.alive:
                return
            found = True
            if "lose_levels" in op:
                self._change_level(seat, -op["lose_levels"])
            elif "gain_levels" in op:
                self._change_level(seat, op["gain_levels"])
            elif "death" in op:
                self._kill(seat)
                return
            elif "set_level" in op:
                v = op["set_level"]
                if v == "lowest":
                    v = min(q.level for q in s.players if q.alive)
                p.level = max(1, min(p.level if v >= 10 else v, 9 if v >= 10 else v))
            elif "lose_race" in op:
                found = bool(p.races)
                for r in p.races[:]:
                    self._lose_card(seat, r)
            elif "lose_class" in op:
                found = bool(p.classes)
                for r in p.classes[:]:
                    self._lose_card(seat, r)
            elif "discard_hand" in op:
                found = bool(p.hand)
                for r in p.hand[:]:
                    self._lose_card(seat, r)
            elif "change_sex" in op:
                p.gender = "female" if p.gender == "male" else "male"
            elif "neighbours_take" in op:
                found = self._neighbours_take(seat, op["neighbours_take"])
            elif "lose_value" in op:
                found = bool(self.choice_options({"why": "tax", "player": seat}))
                if found:
                    s.pending.append({"kind": "choose", "why": "taxpay", "player": seat,
                                      "owe": op["lose_value"], "options": (), "count": 1, "penalty": 0})
            elif "others_draw_hand" in op:
                found = bool(p.hand)
                n = len(s.players)
                takers = [(seat + j) % n for j in range(1, n) if s.players[(seat + j) % n].alive]
                j = 0
                while p.hand and takers:
                    q = takers[j % len(takers)]
                    s.rng, r = _rng.below(s.rng, len(p.hand))
                    s.players[q].hand.append(p.hand.pop(r))
                    j += 1
                if found and takers:
                    if self.history: self._say(f"The other players draw {p.name}'s hand, one card each in turn.")
            elif "others_take_item" in op:
                found = self._others_take_item(seat, op["others_take_item"])
            elif "lose_cards_roll" in op:
                r = max(1, min(6, self._roll_mod(seat, self._roll())))
                if self.history: self._say(f"{p.name} rolls {r}.")
                cards = tuple(c for c in p.equipped + p.carried + p.hand)
                found = bool(cards)
                if found:
                    s.pending.append({"kind": "choose", "why": "lose", "player": seat,
                                      "options": cards, "count": r})
            elif "income_tax" in op:
                found = bool(self.choice_options({"why": "tax", "player": seat}))
                if found:
                    s.pending.append({"kind": "choose", "why": "tax", "player": seat, "options": (), "count": 1})
            elif "if_match" in op:
                found = self.matches(seat, op["if_match"])
                if found:
                    self._apply_ops(seat, op["then"], source)
            elif "lose_item" in op:
                found = self._lose_item(seat, op["lose_item"], op.get("count", 1))
            elif "roll" in op:
                r = max(1, min(6, self._roll_mod(seat, self._roll())))
                for key, sub in op["roll"].items():
                    lo, _, hi = str(key).partition("-")
                    if int(lo) <= r <= int(hi or lo):
                        if self.history: self._say(f"{p.name} rolls {r}.")
                        self._apply_ops(seat, sub, source)
                        break
            elif "lose_level_per_roll" in op:
                r = max(1, min(6, self._roll_mod(seat, self._roll())))
                if self.history: self._say(f"{p.name} rolls {r}.")
                self._change_level(seat, -r)
            elif "manual" in op:
                self._push_manual(seat, source, discard=False)
            elif "take_from_discards" in op:
                kind = op["take_from_discards"]
                disc = s.discards.get("door", [])
                found = False
                for j in range(len(disc) - 1, -1, -1):
                    c = disc[j]
                    if self._kind[c] == kind and self._lnames[c] not in (self.races(seat) + self.classes(seat)):
                        disc.pop(j)
                        (p.races if kind == "race" else p.classes).append(c)
                        if self.history: self._say(f"{p.name} takes {self.name(c)} from the discards.")
                        found = True
                        break
            if not found and op.get("else"):
                self._apply_ops(seat, op["else"], source)

    def _others_take_item(self, seat: int, who: str) -> bool:
        """Bad Stuff where other players take the victim's items in play, each choosing one
        (``who``: ``all`` = every other living player from the victim's left; ``highest`` =
        the other living players of the highest Level; ``neighbours`` = the living left and
        right neighbours). Dead players receive nothing (core rules, 7. Death)."""
        s = self.state
        n = len(s.players)
        if not self.choice_options({"why": "tax", "player": seat}):
            return False
        others = [(seat + j) % n for j in range(1, n) if s.players[(seat + j) % n].alive]
        if not others:
            return False
        if who == "highest":
            top = max(s.players[q].level for q in others)
            takers = [q for q in others if s.players[q].level == top]
        elif who == "neighbours":
            takers = [others[0]] + ([others[-1]] if others[-1] != others[0] else [])
        else:
            takers = others
        for q in takers:
            s.pending.append({"kind": "choose", "why": "take", "player": q, "from": seat,
                              "options": (), "count": 1})
        return True

    def _neighbours_take(self, seat: int, count: int) -> bool:
        """The living players to the victim's left, then right (alternating, ``count`` cards
        in all), each take one card at random from the victim's hand: they cannot see it
        (Lose Two Cards; core rules, 3. Your hand: only a card naming the hand reaches it).
        Dead players receive nothing (7. Death)."""
        s = self.state
        n = len(s.players)
        p = s.players[seat]
        left = next(((seat + i) % n for i in range(1, n) if s.players[(seat + i) % n].alive), -1)
        right = next(((seat - i) % n for i in range(1, n) if s.players[(seat - i) % n].alive), -1)
        if left < 0 or not p.hand:
            return False
        for j in range(count):
            if not p.hand:
                break
            q = left if j % 2 == 0 else right
            s.rng, k = _rng.below(s.rng, len(p.hand))
            c = p.hand.pop(k)
            s.players[q].hand.append(c)
            if self.history: self._say(f"{self._pn(q)} takes a card from {p.name}'s hand.")
        return True

    def _lose_item(self, seat: int, what: str, count: int) -> bool:
        """Lose items by category; the victim chooses when several fit (core rules, 10.
        Curses). Returns False when nothing fits (so ``else`` ops run)."""
        p = self.state.players[seat]
        items = [c for c in p.equipped + p.carried if self._kind[c] == "item"]
        sp = self.specs
        if what in ("headgear", "armor", "footgear"):
            cands = [c for c in items if sp[c].slot == what]
        elif what == "hand":
            cands = [c for c in items if sp[c].slot in ("one_hand", "two_hands")]
        elif what in ("big", "all_big"):
            cands = [c for c in items if sp[c].big]
        elif what == "small":
            cands = [c for c in items if not sp[c].big]
        elif what == "best":
            best = max((self.item_bonus(seat, c) for c in items), default=None)
            cands = [c for c in items if self.item_bonus(seat, c) == best]
        else:
            cands = items
        if not cands:
            return False
        if what in ("all", "all_big") or len(cands) <= count:
            for c in cands:
                self._lose_card(seat, c)
                if self.history: self._say(f"{p.name} loses {self.name(c)}.")
            return True
        self.state.pending.append({"kind": "choose", "why": "lose", "player": seat,
                                   "options": tuple(cands), "count": count})
        return True

    def _remove_from_play(self, seat: int, c: int) -> None:
        p = self.state.players[seat]
        if c in p.equipped:
            p.equipped.remove(c)
        elif c in p.carried:
            p.carried.remove(c)
        if p.cheat_item == c:
            self._discard(p.cheat)
            p.cheat = -1
            p.cheat_item = -1
        if p.hireling_item == c:
            p.hireling_item = -1

    def _lose_card(self, seat: int, c: int) -> None:
        """Move card ``c`` of ``seat`` (hand, in play, race, class, ...) to its discard pile."""
        p = self.state.players[seat]
        if c in p.hand:
            p.hand.remove(c)
        elif c in p.equipped or c in p.carried:
            self._remove_from_play(seat, c)
        elif c in p.races:
            p.races.remove(c)
            if not p.races and p.half_breed >= 0:
                self._discard(p.half_breed)
                p.half_breed = -1
        elif c in p.classes:
            p.classes.remove(c)
            if not p.classes and p.super_munchkin >= 0:
                self._discard(p.super_munchkin)
                p.super_munchkin = -1
        elif c == p.half_breed:
            p.half_breed = -1
        elif c == p.super_munchkin:
            p.super_munchkin = -1
        elif c in p.curses:
            p.curses.remove(c)
        elif c == p.cheat:
            p.cheat = -1
            p.cheat_item = -1
        elif c == p.hireling:
            p.hireling = -1
            p.hireling_item = -1
        else:
            return
        if self.specs[c].slot and p.curses:
            for cu in p.curses[:]:
                if self.specs[cu].effects.get("removed_with") == self.specs[c].slot:
                    p.curses.remove(cu)
                    self._discard(cu)
        self._discard(c)

    def _change_level(self, seat: int, delta: int, from_kill: bool = False) -> None:
        """Levels stay in 1..10; the winning Level only from killing a monster (core rules,
        Card Text and These Rules, 1 and 4); dead characters gain no Levels (7. Death)."""
        p = self.state.players[seat]
        if delta > 0 and not p.alive:
            return
        cap = 10 if from_kill else 9
        new = p.level + delta
        if delta > 0:
            new = min(new, max(cap, p.level))
        p.level = max(1, min(10, new))

    def _kill(self, seat: int) -> None:
        """Death (core rules, 7. Combat: Death): hand and items form the corpse; Level, Race,
        Class, Curses, Half-Breed, Super Munchkin stay. The other living players loot one card
        each, highest Level first (die rolls break ties - rulebook: "roll"; each tied player
        rolls once, higher first, equal rolls keep seat order from the dead player's left)."""
        s = self.state
        p = s.players[seat]
        corpse = []
        for c in p.hand + p.equipped + p.carried:
            corpse.append(c)
        if p.cheat >= 0:
            corpse.append(p.cheat)
        if p.hireling >= 0:
            corpse.append(p.hireling)
            p.hireling = -1
            p.hireling_item = -1
        kept = [c for c in corpse if any(m.keeps_at_death(self, seat, c) for m in self._h_keep)]
        corpse = [c for c in corpse if c not in kept]
        p.hand = [c for c in p.hand if c in kept]
        p.equipped = [c for c in p.equipped if c in kept]
        p.carried = [c for c in p.carried if c in kept]
        if p.cheat >= 0 and p.cheat not in kept:
            p.cheat = -1
            p.cheat_item = -1
        p.alive = False
        self.deaths += 1
        if self.history: self._say(f"{p.name} dies! The corpse holds {len(corpse)} card(s).")
        n = len(s.players)
        order = [(seat + i) % n for i in range(1, n) if s.players[(seat + i) % n].alive]
        levels = {q: s.players[q].level for q in order}
        tie_roll = {}
        for q in order:
            if sum(1 for r in order if levels[r] == levels[q]) > 1:
                tie_roll[q] = self._roll()
        order.sort(key=lambda q: (-levels[q], -tie_roll.get(q, 0)))
        if corpse:
            s.corpses.append([seat, corpse])
            for q in order:
                s.pending.append({"kind": "choose", "why": "loot", "player": q, "dead": seat})
        for m in self._h_death:
            m.on_death(self, seat)
        c = s.combat
        if c is not None:
            if c.stage == "run":
                if c.runners and c.runners[0] == seat:
                    c.rolled = list(range(len(c.monsters)))
            elif seat == c.fighter:
                self._say("The fighter died: the combat ends.")
                self._end_combat(won=False, empty=True)
            elif seat == c.helper:
                c.helper = -1
                c.bribe_n = 0
                c.bribe_items = []

    def _check_winner(self) -> None:
        """Players at Level 10 win; several at once win together (core rules, 5.)."""
        s = self.state
        if s.phase == "combat":
            return
        for q in s.players:
            if q.level >= 10:
                break
        else:
            return
        w = [i for i, q in enumerate(s.players) if q.level >= 10]
        if w:
            s.winners = w
            s.phase = "over"
            s.reason = "level 10"
            s.pending = []
            if self.history: self._say(f"{' and '.join(self._pn(i) for i in w)} {'reach' if len(w) > 1 else 'reaches'} Level 10 and {'win' if len(w) > 1 else 'wins'}!")

    # ================================================================== views and I/O
    def _cards(self, cs: Iterable[int]) -> list[str]:
        return [self.specs[c].name for c in cs]

    def _slot_view(self, seat: int) -> dict:
        p = self.state.players[seat]
        out: dict[str, list[str]] = {"headgear": [], "armor": [], "footgear": [], "hands": [], "other": []}
        for c in p.equipped:
            slot = self.specs[c].slot or "none"
            key = slot if slot in SLOT_LIMIT else ("hands" if slot in ("one_hand", "two_hands") else "other")
            out[key].append(self.specs[c].name)
        return out

    def state_dict(self) -> dict:
        """The documented public JSON shape (see ``munchkin_lab/engine/README.md``).

        Card names stand for cards; seats are 0-based ints. Deterministic for a given state.
        """
        s = self.state
        players = []
        c = s.combat
        for i, p in enumerate(s.players):
            races = self._cards(p.races)
            classes = self._cards(p.classes)
            players.append({
                "seat": i, "name": p.name, "gender": p.gender, "level": p.level,
                "races": races, "race": races[0] if races else "Human",
                "classes": classes, "class": classes[0] if classes else None,
                "half_breed": p.half_breed >= 0, "super_munchkin": p.super_munchkin >= 0,
                "hand": self._cards(p.hand), "hand_count": len(p.hand),
                "equipped": self._slot_view(i), "equipped_list": self._cards(p.equipped),
                "carried": self._cards(p.carried), "curses": self._cards(p.curses),
                "cheat": self.specs[p.cheat_item].name if p.cheat_item >= 0 else None,
                "alive": p.alive, "hand_limit": self.hand_limit(i),
                "hireling": self.specs[p.hireling].name if p.hireling >= 0 else None,
                "combat_strength": (self.player_strength(i)
                                    if c is not None and i in (c.fighter, c.helper) else None),
            })
        combat = None
        if c is not None:
            ps, ms = self.strengths()
            combat = {
                "fighter": c.fighter, "helper": c.helper if c.helper >= 0 else None,
                "stage": c.stage,
                "monsters": [{"name": self.specs[m].name, "level": self.specs[m].level,
                              "enhancers": self._cards(c.enh[i]),
                              "strength": self.monster_strength(i)}
                             for i, m in enumerate(c.monsters)],
                "one_shots": self._cards(c.used),
                "munchkin_bonus": c.pbonus, "monster_bonus": c.mbonus,
                "munchkin_strength": ps, "monster_strength": ms,
                "winning": self.munchkins_win(),
                "treasures": self.treasure_count(),
                "berserk": {str(k): v for k, v in c.berserk.items()},
                "window": list(c.window),
                "bribe": {"treasures": c.bribe_n, "helper_first": bool(c.bribe_first),
                          "items": self._cards(c.bribe_items)},
                "pending_run_away": ([{"player": r, "monsters": [self.specs[m].name for j, m in enumerate(c.monsters)
                                                                 if not (r == c.runners[0] and j in c.rolled)]}
                                      for r in c.runners] if c.stage == "run" else []),
            }
        pend = []
        for d in s.pending:
            e = {"kind": d["kind"], "player": d["player"]}
            if d["kind"] == "choose":
                e["why"] = d["why"]
                e["options"] = self._cards(self.choice_options(d))
                if "owe" in d:
                    e["owe"] = d["owe"]
            elif d["kind"] == "manual":
                e["card"] = self.name(d["card"])
            elif d["kind"] == "cancel":
                e["card"] = self.name(d["card"])
                e["victim"] = d["victim"]
            elif d["kind"] == "glue":
                e["runner"] = d["runner"]
                e["monster"] = self.name(s.combat.monsters[d["monster"]]) if s.combat else None
            elif d["kind"] in ("help", "offer"):
                e["from"] = d["from"]
                if d["kind"] == "help":
                    e["treasures"] = d["n"]
            pend.append(e)
        out = {
            "turn": s.turn, "active": s.active, "phase": s.phase, "actor": self.actor(),
            "players": players,
            "decks": {k: {"count": len(v), "order": self._cards(reversed(v))} for k, v in s.decks.items()},
            "discards": {k: self._cards(reversed(v)) for k, v in s.discards.items()},
            "combat": combat, "pending": pend,
            "pool": self._cards(s.pool),
            "corpses": [{"player": a, "cards": self._cards(b)} for a, b in s.corpses],
            "charity": ({"excess": s.charity[0], "given": {str(k): v for k, v in s.charity[1].items()}}
                        if s.charity else None),
            "winners": list(s.winners), "winner_names": [s.players[w].name for w in s.winners],
            "reason": s.reason or None,
            "rng": str(s.rng), "forced_dice": list(s.forced),
            "removed": self._cards(s.removed),
            "modules": [m.name for m in self.modules],
            "module_state": {m.name: v for m in self.modules if (v := m.state_view(self)) is not None},
        }
        return out

    def view(self, seat: int) -> dict:
        """What player ``seat`` may see: :meth:`state_dict` with the other players' hands as
        card backs (``"door"``/``"treasure"``) and the deck order hidden (core rules, 3.
        Handling Cards: your hand is yours)."""
        d = self.state_dict()
        for i, pd in enumerate(d["players"]):
            if i != seat:
                pd["hand"] = [self.specs[c].deck for c in self.state.players[i].hand]
        for v in d["decks"].values():
            v.pop("order", None)
        d["rng"] = None
        d["forced_dice"] = None
        d["viewer"] = seat
        return d

    def card_ids(self, name: str) -> list[int]:
        """All card ids whose printed name is ``name`` (case-insensitive)."""
        low = name.strip().lower()
        return [i for i, s in enumerate(self.specs) if s.name.lower() == low]

    def all_zones(self) -> list[int]:
        """Every card id in every zone (for conservation checks): each id once exactly."""
        s = self.state
        out: list[int] = []
        for v in s.decks.values():
            out.extend(v)
        for v in s.discards.values():
            out.extend(v)
        for p in s.players:
            out.extend(p.hand)
            out.extend(p.equipped)
            out.extend(p.carried)
            out.extend(p.races)
            out.extend(p.classes)
            out.extend(p.curses)
            for x in (p.half_breed, p.super_munchkin, p.cheat, p.hireling):
                if x >= 0:
                    out.append(x)
        if s.combat is not None:
            out.extend(s.combat.monsters)
            for e in s.combat.enh:
                out.extend(e)
            out.extend(s.combat.used)
        for _, cs in s.corpses:
            out.extend(cs)
        out.extend(s.pool)
        out.extend(s.removed)
        for d in s.pending:
            if d["kind"] == "cancel":
                out.append(d["card"])
        for m in self.modules:
            out.extend(m.cards_held(self))
        return out

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
