"""Bots: seat policies behind one small interface, used by the simulator and the board.

A bot looks at a :class:`~munchkin_lab.engine.Game` and returns one of the actions the rules
allow *now* to the seat that must act (``game.actor()``)::

    >>> from munchkin_lab.sim.bots import make_bot
    >>> bot = make_bot("greedy", seed=1)
    >>> action = bot.choose(game, game.actor())     # doctest: +SKIP
    >>> game.play(action)                           # doctest: +SKIP

Bots never touch the global :mod:`random`; each owns a :class:`random.Random` seeded at
construction, so a seat's play is reproducible from ``(name, seed)``.

Names (:data:`BOT_NAMES`):

``random``
    a uniformly random legal action (seeded).

``greedy``
    a rule-based player: equips the best legal Items, declares victory when the munchkin side
    wins, asks for help when a helper wins the fight (an Elf for nothing, anyone else for a
    Treasure share), otherwise Runs Away; helps when asked, and offers its help to a fighter who
    cannot win alone, when its help wins the fight, it gains by it (an Elf's Level, a share of the
    Treasures) and the win takes nobody else to the winning Level;
    sells Items when the sale buys a Level; plays Curses, Monster Enhancers and One-Shots for the
    monsters against the leader; plays a Wandering Monster on a leader who is about to win;
    answers a reaction to a Run Away roll (Loaded Die, the Halfling's reroll, Invisibility
    Potion) when the roll goes against it or its partner, or for a rival, from the engine's
    own outcome of each face (``Game.run_away_result``) and at most one copy of the game
    (``Game.copy``), other reactions and card abilities used as actions on a few copies (in a
    combat to win or get away; on its own turn out of combat when one leaves it better off),
    and a hand card whose modes or choices may be played out of a combat (a designer's) in
    the mode and choice that serve it best, tried the same way; passes otherwise.

Every bot returns an action the rules allow now (``game.why_not(a) is None``), so the simulator
plays it with ``game.play(a, check=False)``. Bots keep no copy of any rule: an action either
comes from the engine's ``legal_actions()``, or the bot builds it and asks the engine
(``why_not_actor``: ``why_not`` for the seat that decides now, or the public check of that very
rule: ``why_equip``, ``choice_options``, ``charity_targets``); per-card facts come from
``Game.facts``. The greedy bot sells its own bundle (spare Items first, never a useful equipped
one), and offers its help for its own share of the Treasures: variants ``legal_actions()`` does
not list (it lists one greedy bundle and a free offer) but ``play()`` accepts.

In a Solar Storm game (cooperative), ``random`` plays a random legal action and ``greedy`` the
greedy Solar bot (:mod:`munchkin_lab.sim.solar_bot`: activate, divert, repair, useful V2 room
actions, steps toward the room its hand helps most, scavenging).
"""
from __future__ import annotations

import random
import weakref
from functools import partial

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.rng import seed_state
from ..engine.rules import RulesModule
from ..engine.tables import LANG_PLAYED

#: Names accepted by :func:`make_bot`.
BOT_NAMES: tuple[str, ...] = ("random", "greedy")

_HEAD_SLOTS = ("headgear", "armor", "footgear")
#: ``choose`` decisions whose card the chooser gives up (the cheapest is picked): an Item lost
#: to Bad Stuff or a Curse, a hand card paid for a Cleric's resurrection, a hand card
#: discarded for a Scooby-Doo exit
_GIVE_UP = frozenset(("lose", "resurrect", "exit"))


def legal_actions(game: "Game") -> list[Action]:
    """The legal actions of the acting seat without labels (``game.legal_actions(labels=False)``,
    faster; actions compare equal with or without labels, and ``game.play`` skips its rule check
    for an action object taken from the latest list). ``[]`` when the game is over."""
    try:
        return game.legal_actions(labels=False)
    except TypeError:  # pragma: no cover - an engine without the labels switch
        return game.legal_actions()


_ACTIONS: dict = {}
_ACTIONS_MAX = 100_000


def _act(seat: int, kind: str, card: int = -1, target: int = -1, n: int = 0, m: int = -1,
         cards: tuple = ()) -> Action:
    """A shared :class:`Action` (immutable, compared by value): built once, then reused (an
    Action costs about a microsecond to build). ``cards``: the action's ``cs`` (a card's
    mode: ``CardFacts.side_play``)."""
    key = (seat, kind, card, target, n, m, cards)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) >= _ACTIONS_MAX:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(seat, kind, card, target, n, m, cards)
    return a


class _Lazy(dict):
    """A dict whose missing entry ``k`` is ``make(k)``, built on first use and kept (the
    shared Actions below: an Action costs about a microsecond to build)."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, k):
        v = self[k] = self.make(k)
        return v


def _by_seat(kind: str) -> _Lazy:
    """Seat -> the shared argument-free Action of ``kind`` (``_KICK[seat]``)."""
    return _Lazy(lambda seat: _act(seat, kind))


def _by_seat_card(kind: str) -> _Lazy:
    """Seat -> card -> the shared Action of ``kind`` with that card (``_PLAY[seat][c]``)."""
    return _Lazy(lambda seat: _Lazy(lambda c: _act(seat, kind, c)))


_KICK, _END_TURN, _LOOT, _PASS, _FIGHT, _RUN, _ACCEPT, _REFUSE = (
    _by_seat(k) for k in ("kick", "end_turn", "loot", "pass", "fight", "run", "accept", "refuse"))
_PLAY, _EQUIP, _UNEQUIP, _TROUBLE, _CHOOSE = (
    _by_seat_card(k) for k in ("play", "equip", "unequip", "trouble", "choose"))
#: (seat, target) -> card -> the shared ``play c t`` (``_PLAY_ON[seat, t][c]``)
_PLAY_ON = _Lazy(lambda st: _Lazy(lambda c: _act(st[0], "play", c, st[1])))


def _plain_rules(game: "Game") -> bool:
    """True when no rules module of ``game`` checks actions, adds actions or advises bots
    (``check_action`` / ``extra_actions`` / ``bot_hint`` not overridden): then the engine lists
    exactly the candidates the core rules build (the candidate generators of
    ``engine/kinds.py``), and the greedy bot may rank the candidates it builds itself instead
    of listing them (each one it picks is still checked by the engine)."""
    if game.hint_modules:
        return False
    for m in game.modules:
        t = type(m)
        if t.check_action is not RulesModule.check_action or t.extra_actions is not RulesModule.extra_actions:
            return False
    return True


class _Policy:
    """The greedy bot's own preferences per card of a card list (index = card id), derived
    from the engine's printed facts (``Game.facts``); preferences, not rules: what the bot
    would like to play or keep, never whether it may (the engine answers that)."""

    __slots__ = ("value", "biz", "tscore", "tcode", "fboost", "whand", "wcarried", "sgold", "pos_gold")

    def __init__(self, specs: list, facts) -> None:
        kind = facts.kind
        self.value = [_card_value(sp) for sp in specs]
        #: Gold of any card with a positive value (else 0)
        self.pos_gold = [g if g > 0 else 0 for g in facts.gold]
        # the Gold an equipped card may add to a sale: none for an Item that always gives a
        # bonus (the bot never sells one in use)
        self.sgold = [0 if b is not None and b > 0 else g for b, g in zip(facts.plain_bonus, self.pos_gold)]
        #: a One-Shot's bonus for the munchkin side (else 0)
        self.fboost = [b if k == "one_shot" and b > 0 and side != "monster" else 0
                       for k, b, side in zip(kind, facts.bonus, facts.side)]
        ccat = facts.combat_category
        #: may give a candidate of a hostile window (GreedyBot._window_fast) from hand / carried
        self.whand = [(k == "one_shot" and b > 0 and (c in (1, 3) or (c == LANG_PLAYED and sp is not None)))
                      or (k == "monster_enhancer" and b > 0)
                      or k == "curse" or (k == "special" and w and c == 4)
                      for k, b, c, w, sp in zip(kind, facts.bonus, ccat, facts.wandering_monster, facts.side_play)]
        self.wcarried = [k == "one_shot" and not e and b > 0 for k, e, b in zip(kind, facts.escape, facts.bonus)]
        #: does a hand card give its owner something to consider on the own turn: 1 always,
        #: 2 for a player without a Race, 3 without a Class, 0 never
        self.biz = [1 if k in ("item", "curse", "go_up_a_level", "special") or (k == "one_shot" and not man)
                    else 2 if k == "race" else 3 if k == "class" else 0
                    for k, man in zip(kind, facts.manual)]
        #: the score GreedyBot._score_turn gives a listed own-turn play of a Special / One-Shot
        #: (6 a One-Shot that is not manual, 3 Half-Breed / Super Munchkin, 7 Cheat!, -1 a Level
        #: for matching players (3 when the player matches), 0 none)
        self.tscore = [_turn_score(facts, c) for c in range(len(specs))]
        # own-turn hand codes for GreedyBot._turn_best: 1 Race, 2 Class, 3 Item, 4 Go Up a
        # Level, 5 Curse, 6 a Special / One-Shot the engine lists on the own turn
        # (turn_category) that can score, 7 another card that gives business, 0 nothing.
        # A card of the card-effect language with several modes (CardFacts.side_play names
        # one) is not 6: the bot tries only a plain play of such a card, and the engine
        # lists each of its plays with its mode; one whose modes or choices may be played
        # out of a combat (CardFacts.modes_out_of_combat) is 7: GreedyBot._turn_look tries
        # its plays on copies before _turn_best
        codes = {"race": 1, "class": 2, "item": 3, "go_up_a_level": 4, "curse": 5}
        self.tcode = [7 if mo else codes.get(k, 0) if k not in ("special", "one_shot") else
                      6 if t and sc and not (t == LANG_PLAYED and sp) else 7 if b == 1 else 0
                      for k, t, sc, b, sp, mo in zip(kind, facts.turn_category, self.tscore, self.biz,
                                                     facts.side_play, facts.modes_out_of_combat)]


def _turn_score(facts, c: int) -> int:
    """The score :meth:`GreedyBot._score_turn` gives a listed own-turn play of Special /
    One-Shot ``c`` (see :class:`_Policy`), from the engine's :class:`CardFacts` (the compiled
    record: a card written in the language scores as its short form)."""
    if facts.kind[c] == "one_shot":
        return 0 if facts.manual[c] else 6
    if facts.race_class_slot[c]:
        return 3
    if facts.cheat[c]:
        return 7
    if facts.level_for[c]:
        return -1
    return 0


_POLICY_CACHE: dict = {}


def _policy(game: "Game") -> _Policy:
    """The :class:`_Policy` of a game's card list (cached per list of spec objects)."""
    specs = game.specs
    key = tuple(map(id, specs))
    hit = _POLICY_CACHE.get(key)
    if hit is None:
        if len(_POLICY_CACHE) >= 16:
            _POLICY_CACHE.clear()
        hit = _POLICY_CACHE[key] = (list(specs), _Policy(specs, game.facts))
    return hit[1]


_GAME_MEMO: tuple = (lambda: None, None)  # (weak reference to the last game, its _game_facts)


def _game_facts(game: "Game") -> tuple:
    """The per-game facts of the greedy bot (fixed for a game: its cards, rules modules and
    class), shared by the seats of the last game asked: ``(plain rules, Game.facts, _Policy,
    per card the Item bonus nothing can change (else None), the Gold an equipped card can add
    to a sale, can_use is True for anybody)``."""
    global _GAME_MEMO
    memo = _GAME_MEMO
    if memo[0]() is game:
        return memo[1]
    facts = game.facts
    pol = _policy(game)
    t = type(game)
    if t.item_bonus is Game.item_bonus and t.can_use is Game.can_use:
        bonus, sgold, unres = facts.plain_bonus, pol.sgold, facts.unrestricted
    else:  # ask the game's own item_bonus / can_use
        bonus, sgold, unres = [None] * len(facts.kind), pol.pos_gold, [False] * len(facts.kind)
    out = (_plain_rules(game), facts, pol, bonus, sgold, unres)
    try:
        _GAME_MEMO = (weakref.ref(game), out)
    except TypeError:  # pragma: no cover - a game without weak references: no memo
        pass
    return out


#: the dice of a trial copy (:func:`_trial`): a fixed seed, never the game's own next dice
_TRIAL_RNG = seed_state(0x5EED)
#: how many actions :func:`_settle` plays on a trial copy at most
_TRIAL_STEPS = 12
#: how many ``use`` actions the greedy bot takes in one turn at most (a guard: the engine's
#: limits and costs bound them already)
_USES_PER_TURN = 3


def _trial(game: "Game", a: Action, die: int = 0) -> "Game | None":
    """A detached copy of ``game`` (``Game.copy``) after action ``a``, which the engine
    listed for the seat that decides now; None when the copy refuses it. The copy rolls its
    dice from a fixed seed (:data:`_TRIAL_RNG`), not from the game's: a bot trying an ability
    never sees the real next roll; ``die`` (1..6) is queued as the first die the copy rolls
    after the game's own forced dice (its ``state.forced``: it is used up when that list ends
    empty)."""
    try:
        g = game.copy()
        g.state.rng = _TRIAL_RNG  # (only the dice: nothing the engine caches depends on it)
        if die:
            g.state.forced = game.state.forced[:] + [die]
        g.play(a, check=False)
    except Exception:  # noqa: BLE001 - a trial that fails is no option
        return None
    return g


def _settle(g: "Game") -> None:
    """Play trial copy ``g`` on while the event just answered runs out: the reactions
    still pending (``react``, ``cancel``, ``glue``) and interference windows pass, a ``choose``
    takes the engine's first option, a Run Away rolls (the first listed roll); stops at any
    other decision, at the game's end, or after :data:`_TRIAL_STEPS` actions."""
    for _ in range(_TRIAL_STEPS):
        if g.outcome() is not None:
            return
        s = g.state
        if s.pending:
            k = s.pending[0]["kind"]
            want = "pass" if k in ("react", "cancel", "glue") else "choose" if k == "choose" else None
        elif s.combat is not None and s.combat.stage in ("window", "run"):
            want = "pass" if s.combat.stage == "window" else "roll"
        else:
            return
        if want is None:
            return
        a = _settle_first(g, want)
        if a is None:
            return
        try:
            g.play(a, check=False)
        except Exception:  # noqa: BLE001 - stop where the copy stops
            return


def _settle_first(g: "Game", want: str) -> Action | None:
    """The first action of kind ``want`` (``pass``, ``choose``, ``roll``) the engine lists
    for the actor of trial copy ``g`` (None: none). The engine lists a pending reaction's
    or an interference window's ``pass`` first, a choice's options in
    ``Game.choice_options`` order, the rolls by monster not rolled yet in monster order: that
    first candidate is built and, when the engine allows it (``why_not_actor``), taken
    without listing the rest (a react decision's answers, a window's offer of help); else
    the list is asked."""
    s = g.state
    seat = g.actor()
    a = None
    if want == "pass":
        a = _PASS[seat]
    elif want == "choose":
        opts = g.choice_options(s.pending[0])
        if opts:
            a = _CHOOSE[seat][opts[0]]
    else:
        c = s.combat
        for i in range(len(c.monsters)):
            if i not in c.rolled:
                a = _act(seat, "roll", n=i)
                break
    # (a refused first candidate: the list decides, as before)
    if a is not None and g.why_not_actor(a) is None:
        return a
    for a in g.legal_actions(labels=False):
        if a.kind == want:
            return a
    return None


def _is_legal(game: "Game", a: Action) -> bool:
    return game.why_not(a) is None


def _find(cands: list[Action], kind: str) -> Action | None:
    for a in cands:
        if a.kind == kind:
            return a
    return None


class Bot:
    """A seat policy: :meth:`choose` returns a legal action for the seat that must act.

    Args:
        seed: seeds the bot's own :class:`random.Random` (never the global one); an int, or a
            function of no argument returning it, called on first use (the simulator's bot
            seeds cost a ``SeedSequence`` each, and a greedy bot seldom draws).

    Subclasses override :meth:`pick`; :meth:`choose` checks the seat and guarantees a legal
    result (falls back to a random legal action if ``pick`` returns something the rules refuse).
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        if callable(seed):  # the seed's own computation waits for its first use (see seed)
            self._seed: int | None = None
            self._seed_fn = seed
        else:
            self._seed = int(seed)
        self._rng: random.Random | None = None  # made on first use (see rng)
        self._verified = False  # pick() sets it when its action is already checked legal
        self._seen = None  # the last game decided for, and whether it is a Solar Storm game
        self._solar = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    @property
    def seed(self) -> int:
        """The seed of the bot's RNG (a seed given as a function is computed on first use)."""
        sd = self._seed
        if sd is None:
            sd = self._seed = int(self._seed_fn())
        return sd

    @property
    def rng(self) -> random.Random:
        """The bot's own :class:`random.Random`, seeded by ``seed``; made on first use (seeding
        costs about as much as a whole greedy decision, and most greedy games never draw from
        it), so the draws are the same as with one made up front."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self.seed)
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def choose(self, game: "Game", seat: int | None = None) -> Action:
        """Return a legal action of ``seat`` (default: ``game.actor()``).

        Raises:
            ValueError: the game is over, or ``seat`` is not the seat that must act now.
        """
        actor = game.actor()
        if actor is None:
            raise ValueError("the game is over: no action to choose")
        if seat is not None and seat != actor:
            raise ValueError(f"seat {seat} does not act now; seat {actor} must decide")
        return self._decide(game, actor)

    def _decide(self, game: "Game", actor: int) -> Action:
        """:meth:`choose` for ``actor == game.actor()`` (not None), already checked by the
        caller (the simulator's game loop)."""
        self._verified = False
        if game is not self._seen:
            self._seen = game
            self._solar = getattr(game, "game", None) == "solar_storm"
        if self._solar:
            return self.pick_solar(game, actor)
        a = self.pick(game, actor)
        if a is None or not (self._verified or _is_legal(game, a)):
            legal = legal_actions(game)
            if not legal:  # pragma: no cover - the engine always offers something
                raise ValueError("no legal action")
            a = self.rng.choice(legal)
        return a

    def pick_solar(self, game, seat: int) -> Action:
        """A Solar Storm (cooperative) game: a random legal action; the greedy bot overrides."""
        return self.rng.choice(game.legal_actions())

    def pick(self, game: "Game", seat: int) -> Action | None:  # pragma: no cover - abstract
        """Propose an action for ``seat`` (may return None: choose() then picks at random)."""
        raise NotImplementedError


class RandomBot(Bot):
    """A uniformly random legal action."""

    name = "random"

    def pick(self, game: "Game", seat: int) -> Action | None:
        self._verified = True
        return self.rng.choice(legal_actions(game))


def card_value(game: "Game", c: int) -> int:
    """Rough worth of card ``c`` in Gold Pieces (Items: Gold + 300 per bonus; One-Shots: Gold
    + 200 per bonus; Go Up a Level: 1,000; anything else 100). Used to pick and to give away."""
    return _card_value(game.specs[c])


def _card_value(sp) -> int:
    """:func:`card_value` of one card spec."""
    if sp.kind == "item":
        return (sp.gold or 0) + 300 * (sp.bonus or 0)
    if sp.kind == "one_shot":
        return (sp.gold or 0) + 200 * (sp.bonus or 0)
    if sp.kind == "go_up_a_level":
        return 1000
    return 100


class GreedyBot(Bot):
    """The rule-based player described in the module docstring.

    Each candidate action gets a score (lower is better, None = never); the best-scored legal
    action wins, ties in the engine's candidate order. Swapping Items is limited to two
    unequips per turn, so a turn always ends.

    Speed: when no rules module checks, adds or advises actions (:func:`_plain_rules`), every
    decision (own turn, setup, Charity, pending answers and choices, losing fighter, hostile
    window, Run Away) builds only the candidates that can score, in the engine's order, and
    takes the first of the best score the engine allows: the same choice as ranking
    ``legal_actions()``, without listing it (``tests/sim/test_sim_bots_fast.py``). The bot
    keeps no rule: each candidate it builds is checked by the engine (``why_not_actor``, or
    the public check of that rule: ``why_equip``, ``choice_options``, ``charity_targets``); the
    winner of a fight and the strength still missing come from ``munchkins_win`` /
    ``strength_needed``. Per-card facts come from ``Game.facts``, the bot's own preferences
    from :class:`_Policy`; the engine's strengths are computed at most once per decision.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._unequips: tuple[int, int, int] = (-1, -1, 0)  # (game id, turn, count)
        self._uses: tuple[int, int, int] = (-1, -1, 0)  # ``use`` actions taken: (game id, turn, count)
        self._game = None    # the game the per-game facts below belong to
        self._plain = False  # _plain_rules(self._game)
        self._f = None       # Game.facts of self._game
        self._pol: _Policy | None = None  # the bot's preferences for the cards of self._game
        # per card: Game.item_bonus when nothing can change it (else None), can_use is True
        # for anybody (Game.facts.plain_bonus / unrestricted; None / False when the game
        # class overrides them)
        self._bonus: list = []
        self._sgold: list[int] = []  # per card: the Gold it can add to a sale when equipped
        self._unres: list[bool] = []
        self._turn_uses = False  # some card of the game has a use ability usable out of combat
        self._turn_modes = False  # some card of the game has modes or choices playable out of combat
        self._turn_looks = False  # either of the two: _turn_look has something to look for
        # (game id, turn, phase) where _turn_look last found no play of such a card worth it
        self._no_modes: tuple = (-1, -1, "")

    def _facts(self, game: "Game") -> bool:
        """Refresh the per-game facts for ``game``; returns ``_plain_rules(game)``."""
        if self._game is not game:
            self._game = game
            self._plain, self._f, self._pol, self._bonus, self._sgold, self._unres = _game_facts(game)
            self._turn_uses = any(self._f.use_out_of_combat)
            self._turn_modes = any(self._f.modes_out_of_combat)
            self._turn_looks = self._turn_uses or self._turn_modes
        return self._plain

    def pick_solar(self, game, seat: int) -> Action:
        """Solar Storm: the greedy Solar bot (:func:`munchkin_lab.sim.solar_bot.solar_greedy`:
        activate, divert, repair where it stands, useful V2 room actions, else a step toward
        the room its hand helps most, else scavenge), ties broken by this bot's RNG."""
        from .solar_bot import solar_greedy

        memo = self.__dict__.setdefault("_solar_memo", {})
        return solar_greedy(game, seat, self.rng, memo)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _leader(game: "Game", seat: int) -> int:
        """The other living-or-dead player with the highest Level (first in seat order)."""
        ps = game.state.players
        best, lv = -1, -1
        n = len(ps)
        for i in range(1, n):
            q = (seat + i) % n
            if ps[q].level > lv:
                best, lv = q, ps[q].level
        return best

    def _combat_levels(self, game: "Game") -> int:
        """The Levels the monsters of the current combat give when defeated (their printed
        facts, ``Game.facts.kill_levels``)."""
        if self._game is not game:
            self._facts(game)
        cl = self._f.kill_levels
        total = 0
        for m in game.state.combat.monsters:
            total += cl[m]
        return total

    def _threat(self, game: "Game", seat: int, q: int) -> bool:
        """Is player ``q`` worth stopping: the leader at or above our Level, or about to win."""
        if q < 0 or q == seat:
            return False
        ps = game.state.players
        lq = ps[q].level
        if lq >= ps[seat].level and q == self._leader(game, seat):
            return True
        return lq + self._combat_levels(game) >= 10

    def _monster_estimate(self, game: "Game", seat: int, m: int) -> int:
        """Monster ``m``'s Level plus its bonuses against ``seat`` (no enhancers)."""
        if self._game is not game:
            self._facts(game)
        f = self._f
        total = f.level[m]
        for cond in f.bonus_vs[m]:
            if game.matches(seat, cond["if"], cond["bonus"] > 0, m):
                total += cond["bonus"]
        return total

    def _sale_bound(self, p) -> int:
        """The most Gold a sale by player ``p`` may bring (:meth:`_sale`'s bound): the Gold of
        the hand and carried cards that may be sold, and of the equipped Items that may give
        no bonus."""
        pg = self._f.sale_gold
        bound = 0  # (plain loops: faster than sum(map(...)) on a few cards)
        for c in p.hand:
            bound += pg[c]
        for c in p.carried:
            bound += pg[c]
        sg = self._sgold
        for c in p.equipped:
            bound += sg[c]
        return bound

    def _sale(self, game: "Game", seat: int, bound: int | None = None) -> Action | None:
        """Sell non-equipped Items and spare One-Shots (the dearest first) when the total buys
        at least one Level short of the winning one, at the engine's price of a Level
        (``Game.level_price``; the engine checks the sale). ``bound``: :meth:`_sale_bound`
        of the seat when the caller has it."""
        p = game.state.players[seat]
        if p.level >= 9:  # no Level to buy (levels < 1 below)
            return None
        if self._game is not game:
            self._facts(game)
        pg = self._f.sale_gold
        price = 1000 if self._plain else game.level_price(seat)  # (a rules module may set it)
        hand = p.hand
        carried = p.carried
        equipped = p.equipped
        if bound is None:
            bound = self._sale_bound(p)
        sg = self._sgold
        if bound < price:
            return None  # even selling every candidate buys no Level
        # sellable: Items / One-Shots with Gold from hand and carried, then equipped Items
        # with Gold that give no bonus now
        pool = []
        total = 0
        for c in hand:
            g = pg[c]
            if g:
                pool.append(c)
                total += g
        for c in carried:
            g = pg[c]
            if g:
                pool.append(c)
                total += g
        ib = game.item_bonus
        bonus = self._bonus
        rest = bound - total  # the most the equipped Items not looked at yet may add (their sg)
        for c in equipped:
            if total + rest < price:
                return None  # (no Level whatever the Items left give)
            g = sg[c]  # its Gold when it may give no bonus (else 0: never sold)
            if g:
                rest -= g
                b = bonus[c]
                if b is None:
                    b = ib(seat, c)
                if b <= 0:
                    pool.append(c)
                    total += g
        if total < price:
            return None
        gold = self._f.gold
        pool.sort(key=lambda c: -gold[c])
        levels = min(total // price, 9 - p.level)
        if levels < 1:
            return None
        chosen, acc = [], 0
        for c in pool:
            chosen.append(c)
            acc += gold[c]
            if acc >= levels * price:
                break
        return _act(seat, "sell", n=-1, cards=tuple(chosen))

    def _allowed(self, game: "Game", a: Action) -> bool:
        """The engine's answer for an action the bot built for the seat that decides
        (``why_not_actor``); a yes marks the decision checked."""
        if game.why_not_actor(a) is None:
            self._verified = True
            return True
        return False

    # ------------------------------------------------------------------ decisions
    def pick(self, game: "Game", seat: int) -> Action | None:
        """The greedy choice of ``seat`` (the seat that must act): decided without the legal
        list where the bot can (see the class docstring), else ranked from it (a random
        legal action when nothing ranks)."""
        return self._decide(game, seat)

    def _decide(self, game: "Game", seat: int) -> Action:
        """:meth:`Bot._decide` with the greedy choice inline (one call per decision): the
        list-free choice, checked by the engine unless it came checked, else the list's."""
        self._verified = False
        if game is not self._game:  # (the per-game facts are those of a Munchkin game)
            if game is not self._seen:
                self._seen = game
                self._solar = getattr(game, "game", None) == "solar_storm"
            if self._solar:
                return self.pick_solar(game, seat)
            self._facts(game)
        a = self._choose(game, seat)
        if a is not None and (self._verified or game.why_not_actor(a) is None):
            self._verified = True
        else:
            self._verified = False
            a = self._pick_listed(game, seat)
        if a.kind == "use":
            key = (id(game), game.state.turn)
            g, t, n = self._uses
            self._uses = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
        return a

    def _choose(self, game: "Game", seat: int) -> Action | None:
        """The list-free choice (None: rank the list); the per-game facts are ``game``'s."""
        s = game.state
        c = s.combat
        plain = self._plain
        if s.pending:
            return self._pending_fast(game, seat, s.pending[0], c, plain)
        if c is None:
            ph = s.phase
            if ph == "start" or ph == "trouble" or ph == "end":
                if seat == s.active:
                    if self._turn_looks:
                        a = self._turn_look(game, seat)
                        if a is not None:
                            return a
                    if plain:
                        return self._turn_best(game, seat)  # _has_business included
                    if not self._has_business(game, seat):
                        # rules modules may replace the plain step (rooms: move): checked
                        return self._plain_turn_step(game, seat)
            elif ph == "setup":
                if not game.hint_modules:
                    a = self._setup_play(game, seat)
                    if a is not None:
                        return a
                    if plain:
                        return self._setup_items(game, seat)
            elif ph == "charity":
                if not game.hint_modules:
                    return self._charity(game, seat)
            return None
        st = c.stage
        if st == "window":
            win = c.intent == "win"
            mw = None  # game.munchkins_win() once asked (a pure question: one answer per decision)
            if c.helper < 0:
                if win:
                    mw = game.munchkins_win()
                if not mw:
                    a = self._help_offer(game, seat, c, mw)
                    if a is not None:
                        return a
            # pass a window not worth interfering with, or (plain rules) one where the bot has
            # nothing to play: _window_fast would pass (pure tests, the cheapest first; a
            # losing munchkin side known already skips _window_cards and _threat, which
            # could only add reasons to pass)
            if not win or seat == c.helper or (mw is not None and not mw) \
                    or (plain and not self._window_cards(game, seat, c)) \
                    or not self._threat(game, seat, c.fighter) or not (mw or game.munchkins_win()):
                return _PASS[seat]
            if plain:
                return self._window_fast(game, seat)  # the window is hostile
        elif st == "run":
            if plain:
                return self._run_fast(game, seat)
        elif st == "fight" and seat == c.fighter and s.phase == "combat" and not game.hint_modules:
            need = game.strength_needed()
            if need is not None and need <= 0:
                return _FIGHT[seat]  # winning: "fight" is the only scored candidate
            if plain:
                return self._fight_fast(game, seat, need)
        return None

    def _pending_fast(self, game: "Game", seat: int, d: dict, c, plain: bool) -> Action | None:
        """A pending decision ``d`` of ``seat`` without the list (None: use the list)."""
        k = d["kind"]
        if k == "help" or k == "offer":
            if k == "help":
                ok = self._accept_help(game, seat, d["from"], d.get("n", 0))
                if not ok and game.why_not_actor(_REFUSE[seat]) is not None:
                    ok = True  # a refusal the rules forbid (Kneepads of Allure): accept
            else:
                ok = self._accept_offer(game, d)
            return _ACCEPT[seat] if ok else _REFUSE[seat]
        if k == "gift":
            return _ACCEPT[seat]  # an Item given: a free Item (the limits were checked by give)
        if k == "trade":  # an Item of its own for another: when it is worth no less to the bot
            value = self._pol.value
            return _ACCEPT[seat] if value[d["card"]] >= value[d["for"]] else _REFUSE[seat]
        if k == "cancel" or k == "glue":
            return _PASS[seat]  # _pending takes the first listed answer: pass
        if plain and k == "choose":
            opts = game.choice_options(d)  # the engine's own options of the choice
            if opts:
                self._verified = True
                value = self._pol.value.__getitem__
                # the first cheapest card to lose (or to pay a Cleric's resurrection with),
                # else the first most valuable to take
                card = min(opts, key=value) if d.get("why") in _GIVE_UP else max(opts, key=value)
                return _CHOOSE[seat][card]
        elif plain and k == "manual":
            return _act(seat, "resolve", d["card"], d.get("target", seat))
        elif plain and k == "react":
            return self._react(game, seat, d)
        return None

    def _pick_listed(self, game: "Game", seat: int) -> Action:
        """The greedy choice ranked from the engine's legal list (a random legal action when
        nothing ranks or the choice is refused, as :meth:`Bot._decide`)."""
        a = self._rank_listed(game, seat)
        if a is None or not (self._verified or _is_legal(game, a)):
            legal = legal_actions(game)
            if not legal:  # pragma: no cover - the engine always offers something
                raise ValueError("no legal action")
            a = self.rng.choice(legal)
        return a

    def _rank_listed(self, game: "Game", seat: int) -> Action | None:
        """The best-ranked action of the engine's legal list (None: nothing ranks)."""
        s = game.state
        cands = legal_actions(game)
        if s.pending:
            return self._pending(game, seat, cands)
        for m in game.hint_modules:  # a rules module's advice on its own decisions (room moves)
            hint = m.bot_hint(game, seat, cands)
            if hint is not None:
                self._verified = True
                return hint
        if s.phase == "combat":
            scored = self._score_combat(game, seat, cands)
        else:
            scored = self._score_turn(game, seat, cands)
        scored.sort(key=lambda t: t[0])
        for _, i, a in scored:  # candidates are listed (the sale is checked when built)
            self._verified = True
            if a.kind == "unequip":
                key = (id(game), s.turn)
                g, t, n = self._unequips
                self._unequips = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
            return a
        for a in cands:
            if a.kind in ("pass", "end_turn"):
                self._verified = True
                return a
        return None

    def _setup_play(self, game: "Game", seat: int) -> Action | None:
        """The setup choice without the list, when it is a card from hand: the engine lists
        ``pass``, then every Race, Class, Item, Half-Breed and Super Munchkin in hand (legal
        ones, hand order), then equip/unequip moves; :meth:`_score_turn` ranks a first
        Race/Class 1, a usable Item 2, another Item or a Half-Breed / Super Munchkin 3, the rest
        4 or worse. None: no hand card scores that the engine allows
        (use the list)."""
        p = game.state.players[seat]
        if self._game is not game:
            self._facts(game)
        kind = self._f.kind
        first, usable, other = [], [], []
        for c in p.hand:
            k = kind[c]
            if k == "race":
                if not p.races:
                    first.append(c)
            elif k == "class":
                if not p.classes:
                    first.append(c)
            elif k == "item":
                (usable if self._unres[c] or game.can_use(seat, c) else other).append(c)
            elif k == "special" and self._f.race_class_slot[c]:
                other.append(c)  # a Half-Breed / Super Munchkin (ranked 3, like another Item)
        for tier in (first, usable, other):
            for c in tier:
                a = _PLAY[seat][c]
                if self._allowed(game, a):
                    return a
        return None

    def _setup_items(self, game: "Game", seat: int) -> Action:
        """The setup choice without the list when no hand card is played (only when
        :func:`_plain_rules`): the engine lists ``pass``, the plays that do not score, the
        equips (carried Items the engine allows, carried order) and the unequips (equipped
        order); :meth:`_score_turn` ranks an equip of an Item with a bonus or effects 4, an
        unequip for a better carried Item 5 (two per turn), ``pass`` 90."""
        p = game.state.players[seat]
        f = self._f
        kind = f.kind
        effects = f.has_effects
        bonus = self._bonus
        for c in p.carried:
            if kind[c] == "item" and (effects[c] or (bonus[c] if bonus[c] is not None else game.item_bonus(seat, c)) > 0) \
                    and game.why_equip(seat, c) is None:
                self._verified = True  # the engine's check of this equip
                return _EQUIP[seat][c]
        if p.equipped and p.carried:
            key = (id(game), game.state.turn)
            g, t, n = self._unequips
            if (g, t) != key or n < 2:
                for c in p.equipped:
                    if self._better_carried(game, seat, c):
                        self._unequips = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
                        return _UNEQUIP[seat][c]
        return _PASS[seat]

    def _charity(self, game: "Game", seat: int) -> Action | None:
        """The Charity choice without the list: the engine lists, per hand card in hand order,
        one action per allowed target (-1 = discard, else recipients in seat order; the same
        targets for every card); :meth:`_score_turn` ranks a legal sale 8, then the cheapest
        card (first in hand) 10 + value / 10000. None: no allowed target (use the list).

        Under :func:`_plain_rules` the targets are the engine's (``Game.charity_targets``)."""
        s = game.state
        players = s.players
        plain = self._plain if self._game is game else self._facts(game)
        if not plain:
            sale = self._sale(game, seat)
            if sale is not None and self._allowed(game, sale):
                return sale
        hand = players[seat].hand
        if not hand:
            return None
        value = self._pol.value
        best, best_v = -1, None
        for c in hand:  # the first cheapest card
            v = value[c]
            if best_v is None or v < best_v:
                best, best_v = c, v
        if plain:
            discard, recips = game.charity_targets(seat)
            if discard or recips:
                self._verified = True  # the engine's own targets of the Charity check
                return _act(seat, "charity", best, -1 if discard else recips[0])
            return None
        for t in [-1] + [t for t in range(len(players)) if t != seat]:
            a = _act(seat, "charity", best, t)
            if self._allowed(game, a):
                return a
        return None

    def _has_business(self, game: "Game", seat: int) -> bool:
        """Could this seat want to play, equip, swap or sell something now (out of combat)?"""
        p = game.state.players[seat]
        plain = self._plain if self._game is game else self._facts(game)
        biz = self._pol.biz
        for c in p.hand:
            b = biz[c]
            if b == 1 or (b == 2 and not p.races) or (b == 3 and not p.classes):
                return True
        return self._business_in_play(game, seat, p, plain)

    def _business_in_play(self, game: "Game", seat: int, p, plain: bool) -> bool:
        """:meth:`_has_business` for a hand without business: an Item to use or swap, or
        Items worth a Level to sell."""
        f = self._f
        gold = 0
        ib = game.item_bonus
        bonus = self._bonus
        equipped = p.equipped
        if p.carried:
            kind = f.kind
            cgold = f.gold
            slots = f.slot
            for c in p.carried:
                gold += cgold[c]
                if kind[c] == "item":
                    b = bonus[c]
                    if b is None:
                        b = ib(seat, c)
                    if b > 0:
                        if game.why_equip(seat, c) is None:  # the engine's check of this equip
                            return True
                        slot = slots[c]
                        if slot != "none":
                            for e in equipped:
                                if slots[e] == slot:
                                    be = bonus[e]
                                    if (be if be is not None else ib(seat, e)) < b:
                                        return True
        if p.level >= 9:
            return False
        price = 1000 if plain else game.level_price(seat)  # (a rules module may set it: a Bug's 900)
        bound = gold
        sg = self._sgold
        for c in equipped:
            bound += sg[c]
        if bound < price:
            return False  # even every equipped Item that may be sold counted buys no Level
        cgold = f.gold
        for c in equipped:
            b = bonus[c]
            if (b if b is not None else ib(seat, c)) <= 0:
                gold += cgold[c]
        return gold >= price

    def _plain_turn_step(self, game: "Game", seat: int) -> Action:
        """Kick, Look for Trouble / Loot, or end the turn when there is nothing to play (the
        phase's own step: checked by the engine like any other choice)."""
        s = game.state
        if s.phase == "start":
            return _KICK[seat]
        if s.phase == "end":
            return _END_TURN[seat]
        my_str = None  # computed for the first monster in hand
        best, best_lv = -1, -1
        if self._game is not game:
            self._facts(game)
        kind = self._f.kind
        for c in s.players[seat].hand:
            if kind[c] == "monster":
                if my_str is None:
                    my_str = game.player_strength(seat)
                est = self._monster_estimate(game, seat, c)
                if my_str > est and est > best_lv:
                    best, best_lv = c, est
        return _TROUBLE[seat][best] if best >= 0 else _LOOT[seat]

    def _turn_best(self, game: "Game", seat: int) -> Action:
        """What :meth:`_score_turn` picks from the list on the own turn out of combat (phase
        start, trouble or end), found without listing (only when :func:`_plain_rules`).

        The engine lists the plain steps first (kick; loot, end_turn, trouble per monster in
        hand; end_turn), then per hand card in hand order its plays (Race/Class/Item; a Curse
        or Go Up a Level per living target; a Special / One-Shot by
        :func:`~munchkin_lab.engine.tables.turn_category`), then discards, equips (carried
        Items), unequips (equipped Items), a sale and thefts; the bot's own sale comes last.
        The best score wins, ties in that order, so the first legal candidate of the lowest
        score is the answer; each candidate is checked by the engine before it counts.

        A Special / One-Shot of the card-effect language (``turn_category`` ``LANG_PLAYED``)
        is tried as one plain play, and one with several modes (``CardFacts.side_play``
        names one) not at all: the engine lists its plays per mode and choice of its
        abilities, and building and checking those (``Game.legal_actions``) costs tens of
        microseconds (the language's conditions) on nearly every own-turn decision of a
        player who holds one (Potion of Halitosis, whose modes need a combat). A card whose
        modes or choices may be played out of combat (``CardFacts.modes_out_of_combat``: a
        designer's) is not tried here either: :meth:`_turn_look` weighed its plays first.

        Includes the gate of :meth:`pick`: without business (:meth:`_has_business`, found on
        the way) the answer is :meth:`_plain_turn_step`."""
        s = game.state
        players = s.players
        p = players[seat]
        pol = self._pol
        tcode = pol.tcode
        allowed = self._allowed
        best_sc, best = 99, None
        leader = -2
        busy = False  # a hand card gives business (_has_business)
        for c in p.hand:
            code = tcode[c]
            if not code:
                continue
            if code >= 3:
                busy = True
                if code == 7:
                    continue
            if code == 3:  # an Item: 2 usable, 3 not
                if best_sc > 2:
                    sc = 2 if self._unres[c] or game.can_use(seat, c) else 3
                    if sc < best_sc:
                        a = _PLAY[seat][c]
                        if allowed(game, a):
                            best_sc, best = sc, a
            elif code <= 2:  # a Race / Class: 1 for a player without one, the first one allowed
                if not (p.races if code == 1 else p.classes):  # (best_sc > 1: a 1 returns)
                    busy = True
                    a = _PLAY[seat][c]
                    if allowed(game, a):
                        return a
            elif code == 4:
                # Go Up a Level: scored 1 on oneself
                if best_sc > 1:
                    a = _PLAY_ON[seat, seat][c]
                    if allowed(game, a):
                        return a
            elif code == 5:
                # a Curse: scored 20 on the leader
                if best_sc > 20:
                    if leader == -2:
                        leader = self._leader(game, seat)
                    if leader != seat and leader >= 0:
                        a = _PLAY_ON[seat, leader][c]
                        if allowed(game, a):
                            best_sc, best = 20, a
            else:  # a Special / One-Shot the engine lists (turn_category) that can score
                sc = pol.tscore[c]
                if sc < 0:  # a Level for matching players
                    if not game.matches(seat, self._f.level_for[c]):
                        continue
                    sc = 3
                if sc >= best_sc:
                    continue
                t = self._f.turn_category[c]
                if t == 2 or t == LANG_PLAYED:
                    # one plain play (a card of the card-effect language: its plain play only;
                    # its modes and choices are not tried here, see the docstring)
                    a = _PLAY[seat][c]
                    if allowed(game, a):
                        best_sc, best = sc, a
                    continue
                if t == 1:  # Cheat!: on an Item in play, then with an Item from the hand
                    kind = self._f.kind
                    variants = [(-1, it) for it in p.in_play()] + [(-1, it) for it in p.hand if kind[it] == "item"]
                elif t == 3:
                    variants = ((q, -1) for q in range(len(players)))
                else:  # the top 3 of each discard pile
                    variants = ((-1, m) for pile in s.discards.values() for m in pile[-3:])
                for q, m in variants:  # the first one the engine allows, in the listed order
                    a = _act(seat, "play", c, q, m=m)
                    if allowed(game, a):
                        best_sc, best = sc, a
                        break
        if not busy and not self._business_in_play(game, seat, p, True):
            self._verified = False
            return self._plain_turn_step(game, seat)  # (nothing in hand was scored)
        if best_sc > 4 and p.carried:
            f = self._f
            kind = f.kind
            effects = f.has_effects
            bonus = self._bonus
            for c in p.carried:
                # scored 4 with a bonus or effects, when the engine allows the equip
                if kind[c] == "item" and (effects[c] or (
                        bonus[c] if bonus[c] is not None else game.item_bonus(seat, c)) > 0) \
                        and game.why_equip(seat, c) is None:
                    best_sc, best = 4, _EQUIP[seat][c]
                    self._verified = True
                    break
        if best_sc > 5 and p.equipped and p.carried:  # a swap needs a carried Item
            key = (id(game), s.turn)
            g, t, n = self._unequips
            if (g, t) != key or n < 2:
                kind = self._f.kind
                slots = self._f.slot
                free = [slots[o] for o in p.carried if kind[o] == "item"]  # carried Items' slots
                for c in p.equipped:
                    if slots[c] in free and self._better_carried(game, seat, c):
                        a = _UNEQUIP[seat][c]
                        if allowed(game, a):
                            self._unequips = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
                            return a
        if best_sc > 8 and p.level < 9:
            bound = self._sale_bound(p)  # (first here: below a Level's price no sale)
            if bound >= 1000:
                sale = self._sale(game, seat, bound)
                if sale is not None and allowed(game, sale):
                    return sale
        if best is not None:
            self._verified = True  # every best candidate above was allowed by the engine
            return best
        self._verified = False
        ph = s.phase
        if ph == "start":
            return _KICK[seat]
        if ph == "end":
            return _END_TURN[seat]
        kind = self._f.kind
        my_str = None  # computed for the first monster in hand
        for c in p.hand:  # the first monster in hand that the bot expects to beat (score 55)
            if kind[c] == "monster":
                if my_str is None:
                    my_str = game.player_strength(seat)
                if my_str > self._monster_estimate(game, seat, c):
                    return _TROUBLE[seat][c]
        return _LOOT[seat]

    def _pending(self, game: "Game", seat: int, cands: list[Action]) -> Action | None:
        s = game.state
        d = s.pending[0]
        k = d["kind"]
        if k == "help":
            ok = self._accept_help(game, seat, d["from"], d.get("n", 0))
            return _find(cands, "accept" if ok else "refuse")
        if k == "gift":
            return _find(cands, "accept")  # a free Item (the limits were checked by give)
        if k == "trade":  # an Item of its own for another: when it is worth no less to the bot
            value = self._pol.value
            return _find(cands, "accept" if value[d["card"]] >= value[d["for"]] else "refuse")
        if k == "offer":
            return _find(cands, "accept" if self._accept_offer(game, d) else "refuse")
        if k == "choose":
            opts = [a for a in cands if a.kind == "choose"]
            if not opts:
                return None
            lose = d.get("why") in _GIVE_UP
            sign = 1 if lose else -1
            self._verified = True
            return min(opts, key=lambda a: sign * card_value(game, a.card))
        if k == "manual":
            for a in cands:
                if a.kind == "resolve" and a.n == 0:
                    self._verified = True
                    return a
        if k == "react":
            return self._react(game, seat, d, cands)
        if cands:
            self._verified = True
            return cands[0]
        return None

    # abilities: react decisions and use actions ----------------------------------------
    def _worth(self, g: "Game", q: int) -> int:
        """The bot's rough worth of player ``q``'s position in game ``g`` (a trial copy of the
        game it decides for, same cards): 1,000 per Level, plus :func:`card_value` of every
        card in hand and in front of ``q`` (Items, Races, Classes), plus 400 while ``q`` fights
        or helps on the winning munchkin side."""
        p = g.state.players[q]
        v = 1000 * p.level
        val = self._pol.value
        for zone in (p.hand, p.equipped, p.carried, p.races, p.classes):
            for c in zone:
                v += val[c]
        c = g.state.combat
        if c is not None and c.stage == "fight" and (q == c.fighter or q == c.helper) and g.munchkins_win():
            v += 400
        return v

    def _rival(self, game: "Game", seat: int, q: int) -> bool:
        """Is player ``q`` worth hindering: the leader at or above our Level, or in a combat
        whose Levels would make it win (:meth:`_threat`, also out of a combat)."""
        if q < 0 or q == seat:
            return False
        ps = game.state.players
        if ps[q].level >= ps[seat].level and q == self._leader(game, seat):
            return True
        c = game.state.combat
        return c is not None and (q == c.fighter or q == c.helper) and ps[q].level + self._combat_levels(game) >= 10

    def _react(self, game: "Game", seat: int, d: dict, cands: list | None = None) -> Action:
        """A ``react`` decision ``d`` of ``seat`` (a ``may`` ability, or a card that reacts
        from the hand: Loaded Die, the Halfling's reroll, a designer's reaction). The worth
        counted (:meth:`_worth`) is the bot's own, plus the event player's when it is the
        bot's partner in the combat (fighter and helper), minus it when that player is a
        rival (:meth:`_rival`); for another player's event that is neither, the bot passes
        at once (its former default). A reaction to a Run Away roll is decided by
        :meth:`_react_run`; any other is tried on copies of the game (:meth:`_react_trials`)."""
        q = d["ctx"][0]  # the event's player (the roller of a die)
        sign = 0
        if q >= 0 and q != seat:
            c = game.state.combat
            if c is not None and (seat == c.fighter or seat == c.helper) and (q == c.fighter or q == c.helper):
                sign = 1
            elif self._rival(game, seat, q):
                sign = -1
            else:
                return _PASS[seat]
        op = (self._f.run_react[d["card"]] or {}).get(d["ability"])
        cont = d["cont"]
        run = op is not None and cont[:1] == ("run",) and len(cont) >= 6 and cont[1] == q
        passes = run and self._run_passes(game, d, q, sign, op)
        if cands is None:
            if passes:
                # (the pass whatever the answers: they are not listed; _decide checks the
                # pass and asks the list when the engine refuses it)
                return _PASS[seat]
            cands = legal_actions(game)
        pas = _find(cands, "pass")
        answers = [a for a in cands if a.kind != "pass"]
        self._verified = True  # (every candidate comes from the engine's list)
        if passes or pas is None or not answers:
            return pas if pas is not None else (cands[0] if cands else _PASS[seat])
        if run:
            return self._react_run(game, seat, d, q, sign, op, pas, answers)
        return self._react_trials(game, seat, q, sign, pas, answers, op)

    def _side_worth(self, g: "Game", seat: int, q: int, sign: int) -> int:
        """What a reaction weighs in game ``g``: ``seat``'s :meth:`_worth`, plus (``sign`` 1)
        or minus (``sign`` -1) that of the event's player ``q`` (``sign`` 0: none)."""
        v = self._worth(g, seat)
        return v + sign * self._worth(g, q) if sign else v

    def _cost(self, a: Action) -> int:
        """The worth (:func:`card_value`) answer ``a`` spends: its cost cards, and the card
        itself when it is played from the hand."""
        val = self._pol.value
        v = val[a.card] if a.kind == "play" else 0
        for c in a.cards:
            v += val[c]
        return v

    @staticmethod
    def _run_passes(game: "Game", d: dict, q: int, sign: int, op: str) -> bool:
        """:meth:`_react_run` passes at once: the roll no longer stands (the engine drops
        it), the roll already goes the way the bot wants (``sign >= 0``: to succeed, else to
        fail), or an escape card would help a rival."""
        cont = d["cont"]
        i = cont[2]
        c = game.state.combat
        if c is None or not 0 <= i < len(c.monsters) or q not in c.runners:
            return True
        if cont[5] == "die":  # die_rolled: the die the reactions so far leave
            ok = game.run_away_result(q, i, dict(d["ctx"][2]).get("die", cont[3]))[1]
        else:  # run_away_rolled: the engine's outcome
            ok = bool(cont[7])
        want = sign >= 0
        return ok == want or (op == "escape" and not want)

    def _react_run(self, game: "Game", seat: int, d: dict, q: int, sign: int, op: str,
                   pas: Action, answers: list) -> Action:
        """A reaction ``op`` (``set_die``, ``reroll``, ``escape``: ``CardFacts.run_react``) to
        player ``q``'s Run Away roll, decided from the roll the engine reports: the bot wants
        the roll to succeed for itself and its partner (``sign >= 0``), to fail for a rival.
        A roll already going that way is passed at once (by :meth:`_react`, the caller:
        :meth:`_run_passes`); else the answer that costs least
        (:meth:`_cost`; for ``set_die`` the lowest face that turns the roll) is weighed against
        ``pass``: the worth with the roll turned is the game's worth now for an escape (the
        runner gets away), one copy of the game after the roll fails (:func:`_trial`, its
        dice from the fixed seed) for Bad Stuff; a reroll weighs the two by the faces
        (``Game.run_away_result``) that escape."""
        i = d["cont"][2]
        want = sign >= 0
        # the faces that escape; an escape (only for our side's failed roll here) reads none
        esc = [game.run_away_result(q, i, f)[1] for f in range(1, 7)] if op != "escape" else ()
        if op == "set_die":
            faces = [f for f in range(1, 7) if esc[f - 1] == want]
            if not faces:
                return pas
            pick = [a for a in answers if (a.n if a.kind == "play" else a.m) == faces[0]]
            if not pick:
                return pas
        else:
            pick = answers
        a = min(pick, key=self._cost)
        cost = self._cost(a)

        tot = partial(self._side_worth, seat=seat, q=q, sign=sign)
        if want:  # the roll fails now: Bad Stuff in a copy, the escape is the worth now
            w_ok, w_bad = tot(game), self._trial_worth(game, pas, tot, 0)
            if w_bad is None:
                return pas
            base = w_bad
        else:  # a rival's roll succeeds now: the failure in a copy of the answer
            w_ok = tot(game)
            if op == "set_die":
                w = self._trial_worth(game, a, tot, 0)
            else:  # a reroll: the first die the copy rolls fails
                w = self._trial_worth(game, a, tot, next(f for f in range(1, 7) if not esc[f - 1])) \
                    if not all(esc) else None
            if w is None:
                return pas
            w_bad = w + cost
            base = w_ok
        p = sum(esc) / 6 if op == "reroll" else (1.0 if want else 0.0)
        v = p * w_ok + (1 - p) * w_bad - cost
        return a if v > base else pas

    def _trial_worth(self, game: "Game", a: Action, tot, die: int | None = None):
        """``tot`` of a copy of ``game`` after ``a`` (:func:`_trial`) played out
        (:func:`_settle`): one copy when ``die`` is given (its first die, 0: the fixed seed's),
        else the mean over the six faces of the first die it rolls (one copy when it rolls
        none); None when the copy refuses ``a``."""
        if die is not None:
            g = _trial(game, a, die)
            if g is None:
                return None
            _settle(g)
            return tot(g)
        total = 0
        for die in range(1, 7):
            g = _trial(game, a, die)
            if g is None:
                return None
            _settle(g)
            v = tot(g)
            if g.state.forced:  # the queued die was not rolled: the same for every face
                return v
            total += v
        return total / 6

    def _react_trials(self, game: "Game", seat: int, q: int, sign: int, pas: Action,
                      answers: list, op: str | None) -> Action:
        """Any other reaction: ``pass`` and at most two answers are tried on copies of the
        game (:meth:`_trial_worth`: the mean over the six faces of the first die a copy
        rolls - a reroll's expectation -, the later dice from a fixed seed): for a
        ``set_die`` the faces 1 and 6, else the answer that costs least (:meth:`_cost`); the
        best worth wins, ``pass`` on ties."""
        if op == "set_die":
            tries = [a for a in answers if (a.n if a.kind == "play" else a.m) in (1, 6)][:2]
        else:
            tries = [min(answers, key=self._cost)]

        tot = partial(self._side_worth, seat=seat, q=q, sign=sign)
        best, best_v = pas, self._trial_worth(game, pas, tot)
        for a in tries:
            v = self._trial_worth(game, a, tot)
            if v is not None and (best_v is None or v > best_v):
                best, best_v = a, v
        return best

    def _use_cards(self, game: "Game", seat: int, ua: list | None = None) -> bool:
        """Does a card with a ``use`` ability (``Game.facts.use_ability``; ``ua``: another
        per-card list of those facts, ``use_out_of_combat``) sit in front of ``seat`` (Items,
        Races, Classes, Half-Breed / Super Munchkin, Hireling) or in the combat (its
        monsters)? False: no ``use`` action to look for."""
        if ua is None:
            ua = self._f.use_ability
        p = game.state.players[seat]
        for zone in (p.equipped, p.carried, p.races, p.classes):
            for c in zone:
                if ua[c]:
                    return True
        for c in (p.half_breed, p.super_munchkin, p.hireling):
            if c >= 0 and ua[c]:
                return True
        cb = game.state.combat
        if cb is not None:
            for m in cb.monsters:
                if ua[m]:
                    return True
        return False

    def _turn_look(self, game: "Game", seat: int) -> Action | None:
        """A card ability worth taking on the own turn out of combat, tried on copies of the
        game: a ``use`` ability (a designer's Item that trades itself for a Level, draws a
        card...) and the play of a hand card whose modes or choices may be played out of a
        combat (``Game.facts.modes_out_of_combat``: a designer's One-Shot "gain a Level, or
        every rival loses one"; each mode and choice is one play the engine lists). Each
        action of those the engine lists now is tried (:meth:`_trial_worth`, the mean over the
        faces of its first die) and weighed by :meth:`_worth` of ``seat`` less 1,000 per Level
        of the leader among the others (:meth:`_leader`: a use or play that costs a rival a
        Level counts when it hits the leader, as the bot's Curses do). A use is taken when it
        leaves ``seat`` better off than not using it; a card from the hand when it does more
        than spend the card (its worth, :func:`card_value`, is not counted as lost, as the
        printed cards the bot plays on its turn are played whenever they help: a Go Up a
        Level, a One-Shot). The best gain wins (ties: the engine's order), else None.

        Looked for only when such a card is there: a ``use`` ability that may be used out of
        a combat in front of ``seat`` (:meth:`_use_cards` with
        ``Game.facts.use_out_of_combat``; at most :data:`_USES_PER_TURN` uses a turn, so a
        use the engine lets repeat is not tried for ever), such a card in the hand (not
        again in a phase of a turn where no play of one was worth it)."""
        f = self._f
        s = game.state
        uses = self._turn_uses and self._use_cards(game, seat, f.use_out_of_combat)
        if uses:
            g0, t0, n0 = self._uses
            uses = not ((g0, t0) == (id(game), s.turn) and n0 >= _USES_PER_TURN)
        mo = f.modes_out_of_combat
        here = (id(game), s.turn, s.phase)
        modes = self._turn_modes and self._no_modes != here and any(mo[c] for c in s.players[seat].hand)
        if not (uses or modes):
            return None
        tries = [a for a in legal_actions(game)
                 if (uses and a.kind == "use") or (modes and a.kind == "play" and mo[a.card])]
        best = None
        if tries:
            leader = self._leader(game, seat)
            worth = self._worth
            value = self._pol.value

            def tot(g: "Game") -> int:
                return worth(g, seat) - (1000 * g.state.players[leader].level if leader >= 0 else 0)

            now = tot(game)
            best_gain = 0
            for a in tries:
                v = self._trial_worth(game, a, tot)
                if v is None:
                    continue
                if a.kind == "play":
                    gain = v - now + value[a.card]
                    if gain > 0:
                        modes = False  # (a play worth it: look again at the next decision)
                else:
                    gain = v - now
                if gain > best_gain:
                    best, best_gain = a, gain
        if best is not None:
            self._verified = True  # taken from the engine's own list
        if modes:
            self._no_modes = here
        return best

    def _use_trials(self, game: "Game", seat: int, need: int = 0, boost: int = 0,
                    cands: list | None = None) -> tuple[list, list]:
        """``(wins, escapes)``: the ``use`` actions the engine lists for ``seat`` (in its
        order) that, tried on a copy (:func:`_trial`), leave ``seat`` alive at its Level and
        either win the fight (the strength still needed ``<= 0``, or below ``need`` and within
        the bot's own ``boost``) or take it out of the combat (an escape while running away).
        Both empty after :data:`_USES_PER_TURN` uses this turn."""
        g0, t0, n0 = self._uses
        if (g0, t0) == (id(game), game.state.turn) and n0 >= _USES_PER_TURN:
            return [], []
        wins, escapes = [], []
        p0 = game.state.players[seat]
        for a in (cands if cands is not None else legal_actions(game)):
            if a.kind != "use":
                continue
            g = _trial(game, a)
            if g is None:
                continue
            p = g.state.players[seat]
            if not p.alive or p.level < p0.level:
                continue
            c = g.state.combat
            if c is None or (seat != c.fighter and seat != c.helper) or (c.stage == "run" and seat not in c.runners):
                escapes.append(a)
            elif c.stage == "fight" and c.fighter == seat:
                n2 = g.strength_needed()
                if n2 is not None and (n2 <= 0 or (n2 < need and n2 <= boost)):
                    wins.append(a)
        return wins, escapes

    # help --------------------------------------------------------------------------------
    @staticmethod
    def _levels_for_help(game: "Game", q: int) -> bool:
        """Does player ``q`` gain Levels by helping win a fight (the engine's
        ``helper_levels``: the Elf's power, Shared Victory; core rules, 7. Rewards)."""
        return game.helper_levels(q) > 0

    def _hands_the_game(self, game: "Game", fighter: int, helper: int) -> bool:
        """Would winning the current fight take a player other than the bot's side to the
        winning Level: the fighter by the Levels of the kill (the monsters' printed facts,
        :meth:`_combat_levels`), or a ``helper`` gaining a Level per monster killed
        (the engine's ``helper_levels``). The game is won by a
        kill alone (core rules, Card Text and These Rules, 4.), so helping a player to it is
        handing them the game."""
        ps = game.state.players
        if fighter >= 0 and ps[fighter].level + self._combat_levels(game) >= 10:
            return True
        return helper >= 0 and ps[helper].level + game.helper_levels(helper, len(game.state.combat.monsters)) >= 10

    def _accept_help(self, game: "Game", seat: int, fighter: int, bribe: int) -> bool:
        """Help ``fighter``: when there is something to gain (a bribe, Levels for helping -
        the Elf's, Shared Victory), the fighter is not about to win the game, and our help
        wins the fight (the engine's ``munchkins_win_with``; pure tests, the cheapest first)."""
        c = game.state.combat
        if c is None:
            return False
        if not (bribe > 0 or self._levels_for_help(game, seat)):
            return False
        if self._hands_the_game(game, fighter, -1):
            return False  # never hand somebody the game
        return game.munchkins_win_with(seat)

    def _accept_offer(self, game: "Game", d: dict) -> bool:
        """The fighter takes an offer of help ``d`` when fighter and helper together win the
        fight (the engine's ``munchkins_win_with``) and the win does not take the helper to
        the winning Level (an Elf at Level 9: :meth:`_hands_the_game`). When the fighter wins
        alone, only a helper who costs nothing is taken - no price (``d["n"]`` Treasures), no
        Level of theirs (the Elf: core rules, 7. Combat, the example of an Elf turned down) -
        for more combat strength against what the others may still play."""
        if game.state.combat is None:
            return False
        h = d["from"]
        if self._hands_the_game(game, -1, h):
            return False
        if game.munchkins_win():
            return not d.get("n") and not self._levels_for_help(game, h)
        return game.munchkins_win_with(h)

    def _help_request(self, game: "Game", seat: int) -> Action | None:
        """The help request of fighter ``seat``, who cannot win alone (None: nobody to ask).
        Asked: a living player not asked yet in this combat whose help wins the fight (the
        engine's ``munchkins_win_with``) and whom the win does not take to the winning Level
        (:meth:`_hands_the_game`). One who gains Levels by helping (the Elf) is asked with no
        bribe, the lowest Level first (the Level is their reward: core rules, 7. Combat,
        Help); else the strongest of the others (first in seat order) if their help wins,
        offered every Treasure, the helper picking first (nobody when the combat gives none).
        The request is checked by the engine."""
        s = game.state
        c = s.combat
        if c.helper >= 0 or not c.monsters:
            return None
        ps = s.players
        asked = c.asked
        frees = []  # (Level, seat) of those who gain Levels by helping
        others = []  # the others, in seat order
        for t in range(len(ps)):
            if t != seat and t not in asked and ps[t].alive:
                if self._levels_for_help(game, t):
                    if not self._hands_the_game(game, -1, t):
                        frees.append((ps[t].level, t))
                else:
                    others.append(t)
        win_with = game.munchkins_win_with
        a = None
        for _, t in sorted(frees):
            if win_with(t):
                a = _act(seat, "ask_help", target=t)
                break
        else:
            # (the others' strengths only now: not asked when a free helper wins the fight)
            paid, paid_st = -1, 0  # the strongest of the others
            for t in others:
                st = game.player_strength(t)
                if st > paid_st:
                    paid, paid_st = t, st
            if paid >= 0 and win_with(paid):
                tot = game.treasure_count()
                if tot:
                    a = _act(seat, "ask_help", target=paid, n=tot, m=1)
        return a if a is not None and self._allowed(game, a) else None

    def _help_offer(self, game: "Game", seat: int, c, mw: bool | None = None) -> Action | None:
        """An offer of help by ``seat`` in the interference window (None: no offer): when the
        fighter cannot win alone, the bot's help wins the fight (the engine's
        ``munchkins_win_with``), the fighter is no threat (:meth:`_threat`: not the leader at
        or above the bot's Level - a player the bot would hinder - nor taken to the winning
        Level by the win), and the bot gains something - Levels for helping (the Elf;
        then the offer is free) or a share of the Treasures (half of them, rounded up, the bot
        picking first: the bargain of core rules, 7. Combat, Help). Checked by the engine.
        ``mw``: ``game.munchkins_win()`` when the caller has it (None: asked here)."""
        if c.helper >= 0 or seat in c.asked or not c.monsters or seat == c.fighter:
            return None
        if self._levels_for_help(game, seat):
            n = 0
        else:
            n = (game.treasure_count() + 1) // 2
            if not n:
                return None
        if (game.munchkins_win() if mw is None else mw) or self._threat(game, seat, c.fighter):
            return None  # (the leader at or above our Level, or about to win: hindered, not helped)
        if not game.munchkins_win_with(seat):
            return None
        a = _act(seat, "offer_help", n=n, m=1 if n else -1)
        return a if self._allowed(game, a) else None

    # out of combat ----------------------------------------------------------------------
    def _score_turn(self, game: "Game", seat: int, cands: list[Action]) -> list:
        s = game.state
        p = s.players[seat]
        specs = game.specs
        ph = s.phase
        leader = None  # computed on the first Curse candidate
        out = []
        key = (id(game), s.turn)
        g, t, nunequip = self._unequips
        if (g, t) != key:
            nunequip = 0
        my_str = game.player_strength(seat) if ph == "trouble" else 0
        modes = self._f.modes_out_of_combat
        for i, a in enumerate(cands):
            k = a.kind
            sc = None
            if k == "pass":
                sc = 90
            elif k == "kick":
                sc = 50
            elif k == "loot":
                sc = 60
            elif k == "end_turn":
                sc = 80
            elif k == "trouble":
                if my_str > self._monster_estimate(game, seat, a.card):
                    sc = 55
            elif k == "charity":
                sc = 10 + card_value(game, a.card) / 10000
            elif k == "equip":
                if game.item_bonus(seat, a.card) > 0 or self._f.has_effects[a.card]:
                    sc = 4
            elif k == "unequip":
                if nunequip < 2 and self._better_carried(game, seat, a.card):
                    sc = 5
            elif k == "play":
                sp = specs[a.card]
                kind = sp.kind
                if modes[a.card]:
                    pass  # its modes and choices: _turn_look weighed them (not worth it now)
                elif kind == "race":
                    sc = 1 if not p.races else None
                elif kind == "class":
                    sc = 1 if not p.classes else None
                elif kind == "item":
                    sc = 2 if game.can_use(seat, a.card) else 3
                elif kind == "go_up_a_level":
                    sc = 1 if a.target == seat else None
                elif kind == "curse":
                    if leader is None:
                        leader = self._leader(game, seat)
                    if a.target == leader and a.target != seat:
                        sc = 20
                elif kind == "one_shot":
                    if not sp.manual:
                        sc = 6
                elif kind == "special":
                    f = self._f
                    if f.race_class_slot[a.card]:
                        sc = 3
                    elif f.cheat[a.card]:
                        sc = 7
                    elif f.level_for[a.card] and game.matches(seat, f.level_for[a.card]):
                        sc = 3
            if sc is not None:
                out.append((sc, i, a))
        if ph != "setup":
            sale = self._sale(game, seat)
            if sale is not None and _is_legal(game, sale):
                out.append((8, len(cands), sale))
        return out

    def _better_carried(self, game: "Game", seat: int, c: int) -> bool:
        """True when a carried usable Item of the same slot gives more than equipped ``c``."""
        p = game.state.players[seat]
        if self._game is not game:
            self._facts(game)
        slots = self._f.slot
        slot = slots[c]
        if slot == "none" or not p.carried:
            return False
        mine = None
        kind = self._f.kind
        bonus = self._bonus
        for o in p.carried:
            if kind[o] == "item" and slots[o] == slot and (self._unres[o] or game.can_use(seat, o)):
                if mine is None:
                    mine = bonus[c]
                    if mine is None:
                        mine = game.item_bonus(seat, c)
                b = bonus[o]
                if (b if b is not None else game.item_bonus(seat, o)) > mine:
                    return True
        return False

    # combat -----------------------------------------------------------------------------
    def _need_boost(self, game: "Game", seat: int, need: int) -> tuple[int, int]:
        """``(need, boost)`` of fighter ``seat``: the strength still missing to win (the
        engine's ``strength_needed``), and what its own One-Shots, Berserking and Turning
        could add."""
        s = game.state
        c = s.combat
        if self._game is not game:
            self._facts(game)
        p = s.players[seat]
        warrior = game.has_power(seat, "berserk") if (p.classes or p.races) else False
        fb = self._pol.fboost
        boost = 0
        for card in p.hand:
            boost += fb[card]
        for card in p.carried:
            boost += fb[card]
        if warrior:
            boost += max(0, 3 - c.berserk.get(seat, 0)) if (p.hand or p.equipped or p.carried) else 0
        if p.hand and (p.classes or p.races) and game.has_power(seat, "turning") and any(map(self._f.undead.__getitem__, c.monsters)):
            boost += 3 * max(0, 3 - c.turning.get(seat, 0))
        return need, boost

    def _fight_fast(self, game: "Game", seat: int, need: int | None = None) -> Action | None:
        """The losing fighter's choice without the list (only when :func:`_plain_rules`): what
        :meth:`_score_combat` picks from the list, the first legal candidate of the lowest
        score in the engine's order.

        The engine lists ``run``, the help requests (per living player not asked yet: no
        bribe, then every Treasure), then per monster its evasions, then per hand card its
        plays (by :func:`~munchkin_lab.engine.tables.combat_category`), the carried One-Shots (per side), Berserking and
        Turning (hand, then items in play) and backstabs; only the candidates that score are
        built here and checked by the engine. Every one of them scores below the help request
        (5), which scores below ``run`` (9): the helper is looked for only when none is
        legal. ``need``: ``game.strength_needed()`` when the caller has it."""
        s = game.state
        c = s.combat
        p = s.players[seat]
        if need is None:
            need = game.strength_needed()
        need, boost = self._need_boost(game, seat, need)
        can_boost = boost >= need
        found = []  # (score, order, action)
        order = 2
        hand = p.hand
        f = self._f
        kind = f.kind
        for i, m in enumerate(c.monsters):
            if f.not_pursue[m]:
                found.append((3, order, _act(seat, "evade", n=i)))
                order += 1
            if f.evade_offer[m]:
                for it in p.in_play() + hand:
                    if kind[it] in ("item", "one_shot"):
                        found.append((3, order, _act(seat, "evade", it, n=i)))
                        order += 1
        nm = len(c.monsters)
        ccat = f.combat_category
        sides = f.side_play
        cbonus = f.bonus
        endc = f.end_combat
        for card in hand:
            k = kind[card]
            if k == "one_shot":
                t = ccat[card]
                bonus = cbonus[card]
                if t == 1:  # removes a monster: score 4 (any monster)
                    for i in range(nm):
                        found.append((4, order, _act(seat, "play", card, n=i)))
                        order += 1
                elif bonus > 0 and can_boost and (t == 2 or t == 3 or (t == LANG_PLAYED and sides[card] is not None)):
                    sc = 1 - bonus / 100  # the munchkin side (n=0) only
                    if t == 2:
                        for q in range(len(s.players)):
                            found.append((sc, order, _act(seat, "play", card, q)))
                            order += 1
                    else:  # (the language's side mode, e.g. Potion of Halitosis' +2: its cs)
                        found.append((sc, order, _act(seat, "play", card, n=0, cards=sides[card] or ())))
                        order += 1
            elif k == "special" and endc[card]:
                t = ccat[card]
                if t == 4:
                    for mon in hand:
                        if kind[mon] == "monster":
                            found.append((4, order, _act(seat, "play", card, m=mon)))
                            order += 1
                elif t == 5:
                    found.append((4, order, _PLAY[seat][card]))
                    order += 1
        escape = f.escape
        for card in p.carried:
            if kind[card] == "one_shot" and not escape[card]:
                if f.discard_monster[card]:
                    found.append((4, order, _act(seat, "play", card, n=0)))
                    found.append((4, order + 1, _act(seat, "play", card, n=1)))
                elif cbonus[card] > 0 and can_boost and (ccat[card] != LANG_PLAYED or sides[card] is not None):
                    found.append((1 - cbonus[card] / 100, order, _act(seat, "play", card, n=0, cards=sides[card] or ())))
                order += 2
        if can_boost and hand and (p.classes or p.races):
            value = self._pol.value
            for act in ("berserk", "turning"):
                if game.has_power(seat, act):
                    for card in hand:  # listed for hand cards, then items in play
                        found.append((2 + value[card] / 100000, order, _act(seat, act, card)))
                        order += 1
        escapes = ()
        if self._use_cards(game, seat):  # a use that wins (2.5), one that gets away (after help)
            wins, escapes = self._use_trials(game, seat, need, boost)
            for a in wins:
                found.append((2.5, order, a))
                order += 1
        if found:
            found.sort(key=lambda x: (x[0], x[1]))
            ok = self._allowed
            for _, _, a in found:
                if ok(game, a):
                    return a
        a = self._help_request(game, seat)
        if a is not None:
            return a
        if escapes:
            self._verified = True  # (listed by the engine)
            return escapes[0]
        return _RUN[seat]  # checked by _decide

    def _run_fast(self, game: "Game", seat: int) -> Action | None:
        """Running away without the list (only when :func:`_plain_rules`): the engine lists a
        roll per monster not rolled yet (monster order), a Wizard's flight cards, then the
        escape cards in hand and carried; :meth:`_score_combat` ranks an escape card 0 and a
        roll 1 (the choice is checked by :meth:`_decide`). None: no roll left (use the list)."""
        p = game.state.players[seat]
        esc = self._f.escape
        for card in p.hand + p.carried:
            if esc[card]:
                return _PLAY[seat][card]
        if self._use_cards(game, seat):  # a use that gets away, before a roll
            escapes = self._use_trials(game, seat)[1]
            if escapes:
                self._verified = True  # (listed by the engine)
                return escapes[0]
        c = game.state.combat
        for i in range(len(c.monsters)):
            if i not in c.rolled:
                return _act(seat, "roll", n=i)
        return None

    def _window_cards(self, game: "Game", seat: int, c) -> bool:
        """Could :meth:`_window_fast` build a candidate for ``seat`` (a card of its hand or a
        carried One-Shot that may score, or a Thief's backstab)? False: it would pass."""
        p = game.state.players[seat]
        pol = self._pol
        wh = pol.whand
        for x in p.hand:
            if wh[x]:
                return True
        wc = pol.wcarried
        for x in p.carried:
            if wc[x]:
                return True
        return c.fighter != seat and bool(p.classes or p.races) and game.has_power(seat, "backstab") and \
            bool(p.hand or p.equipped or p.carried)

    def _window_fast(self, game: "Game", seat: int) -> Action:
        """A hostile interference window without the list (only when :func:`_plain_rules`):
        what :meth:`_score_combat` picks from the list, the first legal candidate of the
        lowest score in the engine's order (``pass``; per hand card its plays by
        :func:`~munchkin_lab.engine.tables.combat_category`: Monster Enhancers per monster, Curses per seat; the carried
        One-Shots per side; a Thief's backstab on the fighter, then on the helper), checked
        by the engine."""
        s = game.state
        c = s.combat
        p = s.players[seat]
        fighter = c.fighter
        found = []  # (score, order, action)
        order = 1
        about = -1
        nm = len(c.monsters)
        f = self._f
        ccat = f.combat_category
        sides = f.side_play
        kind = f.kind
        cbonus = f.bonus
        hand = p.hand
        for card in hand:
            k = kind[card]
            if k == "one_shot":
                bonus = cbonus[card]
                t = ccat[card]
                if bonus > 0 and (t == 3 or (t == 1 and nm > 1) or (t == LANG_PLAYED and sides[card] is not None)):
                    # the monster side (n=1); a monster-removing One-Shot on monster 1
                    found.append((2 - bonus / 100, order + 1, _act(seat, "play", card, n=1, cards=sides[card] or ())))
                order += 2
            elif k == "monster_enhancer":
                bonus = cbonus[card]
                if bonus > 0:
                    for i in range(nm):
                        found.append((1 - bonus / 100, order + i, _act(seat, "play", card, n=i)))
                order += nm
            elif k == "curse":
                found.append((3, order, _act(seat, "play", card, fighter)))
                order += 1
            elif k == "special" and f.wandering_monster[card] and ccat[card] == 4:
                if about < 0:
                    about = int(s.players[fighter].level + self._combat_levels(game) >= 10)
                if about:
                    for mon in hand:
                        if kind[mon] == "monster":
                            sc = 0 - self._monster_estimate(game, fighter, mon) / 100
                            found.append((sc, order, _act(seat, "play", card, m=mon)))
                            order += 1
        escape = f.escape
        for card in p.carried:
            if kind[card] == "one_shot" and not escape[card]:
                bonus = cbonus[card]
                if bonus > 0 and (ccat[card] != LANG_PLAYED or sides[card] is not None):
                    found.append((2 - bonus / 100, order + 1, _act(seat, "play", card, n=1, cards=sides[card] or ())))
                order += 2
        if fighter != seat and (p.classes or p.races) and game.has_power(seat, "backstab") and (hand or p.in_play()):
            found.append((4, order, _act(seat, "backstab", (hand or p.in_play())[0], fighter)))
        if found:
            found.sort(key=lambda x: (x[0], x[1]))
            ok = self._allowed
            for _, _, a in found:
                if ok(game, a):
                    return a
        return _PASS[seat]

    def _side_play_ok(self, game: "Game", a: Action) -> bool:
        """A One-Shot play the bot scores as its bonus for a side: a core One-Shot, or a card
        of the card-effect language played in its side mode (``CardFacts.side_play``; its
        other modes - Potion of Halitosis killing the Floating Nose - are not scored)."""
        f = game.facts
        if f.combat_category[a.card] != LANG_PLAYED:
            return True
        sp = f.side_play[a.card]
        return sp is not None and tuple(a.cards) == sp

    def _score_combat(self, game: "Game", seat: int, cands: list[Action]) -> list:
        s = game.state
        c = s.combat
        specs = game.specs
        out = []
        uses = (), ()
        if any(a.kind == "use" for a in cands) and (c.stage == "run" or (c.stage == "fight" and seat == c.fighter)) \
                and not game.munchkins_win():
            need = game.strength_needed() or 0
            uses = self._use_trials(game, seat, need, self._need_boost(game, seat, need)[1], cands)
        if c.stage == "run":
            for i, a in enumerate(cands):
                if a.kind == "play" and self._f.escape[a.card]:
                    out.append((0, i, a))
                elif a.kind == "roll":
                    out.append((1, i, a))
                elif a in uses[1]:
                    out.append((0.5, i, a))  # a use that gets away: before a roll
            return out
        winning = game.munchkins_win()
        if c.stage == "fight" and seat == c.fighter:
            need, boost = self._need_boost(game, seat, game.strength_needed())
            ask = self._help_request(game, seat) if not winning else None
            for i, a in enumerate(cands):
                k = a.kind
                sc = None
                if k == "fight":
                    sc = 0
                elif k == "play" and not winning:
                    sp = specs[a.card]
                    if sp.kind == "one_shot" and a.n == 0 and not self._f.discard_monster[a.card] \
                            and (sp.bonus or 0) > 0 and boost >= need and self._side_play_ok(game, a):
                        sc = 1 - (sp.bonus or 0) / 100
                    elif sp.kind == "one_shot" and self._f.discard_monster[a.card]:
                        sc = 4
                    elif sp.kind == "special" and self._f.end_combat[a.card]:
                        sc = 4
                elif k == "berserk" and not winning and a.card in s.players[seat].hand and boost >= need:
                    sc = 2 + card_value(game, a.card) / 100000
                elif k == "turning" and not winning and a.card in s.players[seat].hand and boost >= need:
                    sc = 2 + card_value(game, a.card) / 100000
                elif k == "evade" and not winning:
                    sc = 3
                elif k == "ask_help" and a == ask:
                    sc = 5  # (:meth:`_help_request`)
                elif k == "run" and not winning:
                    sc = 9
                elif k == "use" and not winning:
                    sc = 2.5 if a in uses[0] else 6 if a in uses[1] else None  # (see _fight_fast)
                if sc is not None:
                    out.append((sc, i, a))
            return out
        # interference window (or a fighter's helper): hinder a threatening fighter
        hostile = c.intent == "win" and winning and self._threat(game, seat, c.fighter) \
            and seat != c.helper
        if hostile:
            about_to_win = s.players[c.fighter].level + self._combat_levels(game) >= 10
            for i, a in enumerate(cands):
                k = a.kind
                sc = None
                if k == "play":
                    sp = specs[a.card]
                    kind = sp.kind
                    if kind == "special" and self._f.wandering_monster[a.card]:
                        if about_to_win:
                            sc = 0 - self._monster_estimate(game, c.fighter, a.m) / 100
                    elif kind == "monster_enhancer" and (sp.bonus or 0) > 0:
                        sc = 1 - (sp.bonus or 0) / 100
                    elif kind == "one_shot" and a.n == 1 and (sp.bonus or 0) > 0 and self._side_play_ok(game, a):
                        sc = 2 - (sp.bonus or 0) / 100
                    elif kind == "curse" and a.target == c.fighter:
                        sc = 3
                elif k == "backstab" and a.target == c.fighter:
                    sc = 4
                elif k == "pass":
                    sc = 9
                if sc is not None:
                    out.append((sc, i, a))
            return out
        for i, a in enumerate(cands):
            if a.kind == "pass":
                out.append((9, i, a))
        return out


_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: "int | Callable[[], int]" = 0) -> Bot:
    """Build bot ``name`` (one of :data:`BOT_NAMES`) with its own RNG seeded by ``seed`` (an
    int, or a function returning it, called when the bot first needs it: see :class:`Bot`).

    Raises:
        ValueError: unknown name (the message lists the known names).
    """
    key = str(name).strip().lower()
    if key not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")
    return _BOTS[key](seed)
