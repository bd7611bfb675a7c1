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
    wins, asks for help and offers a Treasure share when the gap is small, otherwise Runs Away;
    sells Items when the sale buys a Level; plays Curses, Monster Enhancers and One-Shots for the
    monsters against the leader; plays a Wandering Monster on a leader who is about to win;
    passes otherwise.

Every bot returns an action the rules allow now (``game.why_not(a) is None``), so the simulator
plays it with ``game.play(a, check=False)``. The greedy bot sells its own bundle (spare Items
first, never a useful equipped one), a variant ``legal_actions()`` does not list (it lists one
greedy bundle) but ``play()`` accepts.

In a Solar Storm game (cooperative), ``random`` plays a random legal action and ``greedy`` the
engine's ``solar_policy``.
"""
from __future__ import annotations

import random
import weakref

from ..engine.actions import Action
from ..engine.game import Game, combat_category, turn_category
from ..engine.rules import RulesModule

#: Names accepted by :func:`make_bot`.
BOT_NAMES: tuple[str, ...] = ("random", "greedy")

_HEAD_SLOTS = ("headgear", "armor", "footgear")


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


def _act(seat: int, kind: str, card: int = -1, target: int = -1, n: int = 0, m: int = -1) -> Action:
    """A shared :class:`Action` (immutable, compared by value): built once, then reused (an
    Action costs about a microsecond to build)."""
    key = (seat, kind, card, target, n, m)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) >= _ACTIONS_MAX:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(seat, kind, card, target, n, m)
    return a


class _SeatActions(dict):
    """Seat -> the shared argument-free :class:`Action` of one kind (built on first use)."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, seat: int) -> Action:
        a = self[seat] = _act(seat, self.kind)
        return a


_KICK, _END_TURN, _LOOT, _PASS, _FIGHT, _RUN, _ACCEPT, _REFUSE = (
    _SeatActions(k) for k in ("kick", "end_turn", "loot", "pass", "fight", "run", "accept", "refuse"))


def _plain_rules(game: "Game") -> bool:
    """True when no rules module of ``game`` checks actions, adds actions or advises bots
    (``check_action`` / ``extra_actions`` / ``bot_hint`` not overridden): then the engine's
    candidate lists hold exactly the candidates described at :func:`~munchkin_lab.engine.game.turn_category`, and the
    greedy bot may rank them without listing them."""
    if game.hint_modules:
        return False
    for m in game.modules:
        t = type(m)
        if t.check_action is not RulesModule.check_action or t.extra_actions is not RulesModule.extra_actions:
            return False
    return True


# How the rules answer a play of a hand card by its owner on the own turn out of combat, or at
# setup (the order of the engine's ``_why_play`` / ``_why_play_char_or_item``): legal by
# construction (the bot builds a Race / Class only for a player without one, a Cheat! only on
# an item in play, a discard pick only from a discard pile), refused, or decided by a rule on
# the player (a second Big item, Half-Breed, Super Munchkin, Cheat!); _L_WHY: ask ``why_not``.
_L_OK, _L_BIG, _L_HB, _L_SM, _L_CHEAT, _L_WHY, _L_NO = range(7)


def _play_legality(sp) -> int:
    """:data:`_L_OK` ... for a play of ``sp`` from hand on the owner's turn out of combat (see
    the table comment above)."""
    e = sp.effects
    if e.get("cancel_curse") or e.get("hireling") or e.get("set_die") or e.get("steal_level"):
        return _L_WHY  # played by the any-time rules
    k = sp.kind
    if k == "item":
        return _L_BIG if sp.big else _L_OK
    if k == "race" or k == "class":
        return _L_OK  # only offered to a player without a Race / Class
    if k == "special":
        if e.get("wandering_monster"):
            return _L_NO
        if e.get("half_breed"):
            return _L_HB
        if e.get("super_munchkin"):
            return _L_SM
        if e.get("cheat"):
            return _L_CHEAT
        if e.get("end_combat") or e.get("take_item") or e.get("swap_monster"):
            return _L_NO
        if e.get("draw_treasures") or e.get("level_for") or sp.manual:
            return _L_OK
        return _L_NO
    if k == "one_shot":
        if e.get("escape") or e.get("reroll_escape"):
            return _L_NO
        if e.get("take_discard"):
            return _L_OK
        if (e.get("draw_treasures") and not e.get("end_combat")) or sp.manual:
            return _L_OK
        return _L_NO
    return _L_WHY


# How the rules answer a card played in a combat's fight or interference window (the order
# of the engine's ``_why_play`` in combat), for the candidates the greedy bot builds (a
# monster index in range, a side 0 / 1, a target seat, a Wandering Monster's monster from
# hand): _C_OK legal, _C_NO refused, _C_MON a monster index in range, _C_SIDE* a One-Shot
# for either / the munchkin / the monster side, _C_CURSE a living target, _C_XFER a living
# target other than the fighter, _C_DBL the lone fighter's double, _C_WHY ask ``why_not``.
_C_OK, _C_NO, _C_MON, _C_SIDE, _C_SIDE_M, _C_SIDE_X, _C_CURSE, _C_XFER, _C_DBL, _C_WHY = range(10)


def _combat_legality(sp) -> tuple[int, bool]:
    """``(code, own turn only)`` of a card played in a fight or window (see above)."""
    e = sp.effects
    if e.get("cancel_curse") or e.get("hireling") or e.get("set_die") or e.get("steal_level"):
        return _C_WHY, False  # played by the any-time rules
    k = sp.kind
    if k == "monster_enhancer":
        return _C_MON, False
    if k == "curse":
        return _C_CURSE, False
    if k == "one_shot":
        if e.get("escape") or e.get("reroll_escape"):
            return _C_NO, False
        own = bool(e.get("own_turn"))
        if e.get("take_discard"):
            return _C_NO, own
        if e.get("discard_monster"):
            return _C_MON, own
        if e.get("transfer_fighter"):
            return _C_XFER, own
        if e.get("double_fighter"):
            return _C_DBL, own
        side = e.get("side", "either")
        return (_C_SIDE_M if side == "munchkin" else _C_SIDE_X if side == "monster" else _C_SIDE), own
    if k == "special":
        if e.get("wandering_monster"):
            return _C_OK, False
        if e.get("half_breed") or e.get("super_munchkin"):
            return _C_WHY, False
        if e.get("cheat"):
            return _C_NO, False
        if e.get("end_combat"):
            return _C_OK, False
        if e.get("take_item") or e.get("swap_monster"):
            return _C_WHY, False
        if e.get("draw_treasures"):
            return _C_NO, False
        if e.get("level_for") or sp.manual:
            return _C_OK, False
        return _C_NO, False
    return _C_WHY, False


def _business(sp) -> int:
    """Does a hand card give its owner business on the own turn (see
    :meth:`GreedyBot._has_business`): 1 always, 2 for a player without a Race, 3 for a player
    without a Class, 0 never."""
    k = sp.kind
    if k in ("item", "curse", "go_up_a_level", "special") or (k == "one_shot" and not sp.manual):
        return 1
    return 2 if k == "race" else 3 if k == "class" else 0


def _turn_score(sp) -> int:
    """The score :meth:`GreedyBot._score_turn` gives a listed own-turn play of a Special /
    One-Shot (6 a One-Shot that is not manual, 3 Half-Breed / Super Munchkin, 7 Cheat!,
    -1 a Level for matching players (3 when the player matches), 0 none)."""
    e = sp.effects
    if sp.kind == "one_shot":
        return 0 if sp.manual else 6
    if e.get("half_breed") or e.get("super_munchkin"):
        return 3
    if e.get("cheat"):
        return 7
    if e.get("level_for"):
        return -1
    return 0


class _Cards:
    """Per-card facts of a card list (index = card id), read-only once built."""

    __slots__ = ("tcat", "ccat", "pgold", "egold", "gold", "kind", "value", "big", "slot", "legal",
                 "biz", "tscore", "tcode", "effects", "bonus", "unres", "fboost", "undead", "clevels",
                 "ccode", "cown", "sgold", "mlevel", "bonus_vs", "cbonus", "wander", "endc", "escape",
                 "npursue", "ebribe", "dmon", "whand", "wcarried")

    def __init__(self, specs: list) -> None:
        self.tcat = [turn_category(sp) for sp in specs]
        self.ccat = [combat_category(sp) for sp in specs]
        #: Gold of a sellable Item / One-Shot (else 0); positive Gold of any card (else 0)
        self.pgold = [sp.gold if sp.kind in ("item", "one_shot") and (sp.gold or 0) > 0 else 0 for sp in specs]
        self.egold = [sp.gold if (sp.gold or 0) > 0 else 0 for sp in specs]
        self.gold = [sp.gold or 0 for sp in specs]
        self.effects = [bool(sp.effects) for sp in specs]
        #: can_use is True for anybody (no race / class / gender restriction)
        self.unres = [not (sp.usable_by or sp.not_usable_by) for sp in specs]
        #: Game.item_bonus of an Item nothing can change (unrestricted, no conditional bonus):
        #: its printed bonus for anybody; None = ask item_bonus
        self.bonus = [(sp.bonus or 0) if not (sp.usable_by or sp.not_usable_by or sp.effects.get("bonus_if"))
                      else None for sp in specs]
        self.kind = [sp.kind for sp in specs]
        self.value = [_card_value(sp) for sp in specs]
        self.big = [bool(sp.big) for sp in specs]
        self.slot = [sp.slot or "none" for sp in specs]
        #: a One-Shot's bonus for the munchkin side (else 0)
        self.fboost = [sp.bonus if sp.kind == "one_shot" and (sp.bonus or 0) > 0
                       and sp.effects.get("side", "either") != "monster" else 0 for sp in specs]
        self.undead = [sp.has_tag("undead") for sp in specs]
        #: printed bonus (0 when none); effect flags used in combats
        self.cbonus = [sp.bonus or 0 for sp in specs]
        self.wander = [bool(sp.effects.get("wandering_monster")) for sp in specs]
        self.endc = [bool(sp.effects.get("end_combat")) for sp in specs]
        self.escape = [bool(sp.effects.get("escape")) for sp in specs]
        self.dmon = [bool(sp.effects.get("discard_monster")) for sp in specs]
        self.npursue = [bool(sp.effects.get("not_pursue")) for sp in specs]
        self.ebribe = [bool(sp.effects.get("bribe_gold") or sp.effects.get("evade_discard")) for sp in specs]
        #: may give a candidate of a hostile window (GreedyBot._window_fast) from hand / carried
        self.whand = [(sp.kind == "one_shot" and (sp.bonus or 0) > 0 and c in (1, 3))
                      or (sp.kind == "monster_enhancer" and (sp.bonus or 0) > 0) or sp.kind == "curse"
                      or (sp.kind == "special" and bool(sp.effects.get("wandering_monster")) and c == 4)
                      for sp, c in zip(specs, self.ccat)]
        self.wcarried = [sp.kind == "one_shot" and not sp.effects.get("escape") and (sp.bonus or 0) > 0
                         for sp in specs]
        #: a monster's Level and its bonuses against players (GreedyBot._monster_estimate)
        self.mlevel = [sp.level or 0 for sp in specs]
        self.bonus_vs = [sp.effects.get("bonus_vs", ()) for sp in specs]
        #: the Levels a monster gives when defeated (GreedyBot._combat_levels)
        self.clevels = [(sp.levels_gained or 1) + sp.effects.get("extra_levels", 0) for sp in specs]
        # the Gold an equipped card can add to a sale: none for an Item that always gives a
        # bonus (never sold while equipped)
        self.sgold = [0 if b is not None and b > 0 else g for b, g in zip(self.bonus, self.egold)]
        #: _combat_legality of each card: code, playable on the own turn only
        self.ccode, self.cown = (list(x) for x in zip(*map(_combat_legality, specs))) if specs else ([], [])
        # _play_legality; a discard pick is built only for a One-Shot listed per discard pile
        # card, a Cheat! only per item in play: any other combination asks why_not
        self.legal = [_L_WHY if (lg == _L_CHEAT and t != 1) or (sp.kind == "one_shot" and lg == _L_OK
                                                                 and sp.effects.get("take_discard") and t != 4)
                      else lg for sp, lg, t in zip(specs, map(_play_legality, specs), self.tcat)]
        self.biz = [_business(sp) for sp in specs]
        self.tscore = [_turn_score(sp) for sp in specs]
        # own-turn hand codes for GreedyBot._turn_best: 1 Race, 2 Class, 3 Item, 4 Go Up a
        # Level, 5 Curse, 6 a Special / One-Shot the engine lists (turn_category) that can
        # score, 7 another card that gives business, 0 nothing to consider
        codes = {"race": 1, "class": 2, "item": 3, "go_up_a_level": 4, "curse": 5}
        self.tcode = [codes.get(sp.kind, 0) if sp.kind not in ("special", "one_shot") else
                      6 if t and sc else 7 if b == 1 else 0
                      for sp, t, sc, b in zip(specs, self.tcat, self.tscore, self.biz)]


_CAT_CACHE: dict = {}


def _categories(specs: list) -> _Cards:
    """The :class:`_Cards` of a card list (cached per list of spec objects)."""
    key = tuple(map(id, specs))
    hit = _CAT_CACHE.get(key)
    if hit is None:
        if len(_CAT_CACHE) >= 16:
            _CAT_CACHE.clear()
        hit = _CAT_CACHE[key] = (list(specs), _Cards(specs))
    return hit[1]


_GAME_MEMO: tuple = (lambda: None, None)  # (weak reference to the last game, its _game_facts)


def _game_facts(game: "Game") -> tuple:
    """The per-game facts of the greedy bot (fixed for a game: its cards, rules modules and
    class), shared by the seats of the last game asked: ``(plain rules, _Cards, the game uses
    Game.munchkins_win, per card the Item bonus nothing can change (else None), the Gold an
    equipped card can add to a sale, can_use is True for anybody)``."""
    global _GAME_MEMO
    memo = _GAME_MEMO
    if memo[0]() is game:
        return memo[1]
    cards = _categories(game.specs)
    t = type(game)
    if t.item_bonus is Game.item_bonus and t.can_use is Game.can_use:
        bonus, sgold, unres = cards.bonus, cards.sgold, cards.unres
    else:  # ask the game's own item_bonus / can_use
        bonus, sgold, unres = [None] * len(cards.bonus), cards.egold, [False] * len(cards.unres)
    facts = (_plain_rules(game), cards, t.munchkins_win is Game.munchkins_win, bonus, sgold, unres)
    try:
        _GAME_MEMO = (weakref.ref(game), facts)
    except TypeError:  # pragma: no cover - a game without weak references: no memo
        pass
    return facts


def _rule_allows(game: "Game", seat: int, p, c: int, lg: int) -> bool | None:
    """Does the rule ``lg`` (:func:`_play_legality` of hand card ``c``) allow player ``p``
    (seat ``seat``, acting on its own turn out of combat, or at setup for a Race, Class or
    Item) the play the bot built? None: ask ``why_not``."""
    if lg == _L_OK:
        return True
    if lg == _L_BIG:
        return game.big_ok(seat, c)
    if lg == _L_HB:
        return p.half_breed < 0 and bool(p.races)
    if lg == _L_SM:
        return p.super_munchkin < 0 and bool(p.classes)
    if lg == _L_CHEAT:
        return p.cheat < 0
    if lg == _L_NO:
        return False
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
        seed: seeds the bot's own :class:`random.Random` (never the global one).

    Subclasses override :meth:`pick`; :meth:`choose` checks the seat and guarantees a legal
    result (falls back to a random legal action if ``pick`` returns something the rules refuse).
    """

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.rng = random.Random(self.seed)
        self._verified = False  # pick() sets it when its action is already checked legal
        self._seen = None  # the last game decided for, and whether it is a Solar Storm game
        self._solar = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

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
    takes the first of the best score that the rules allow: the same choice as ranking
    ``legal_actions()``, without listing it. Legality comes from the engine's public rule
    helpers (``Game.why_slot``, ``Game.big_ok``, ``Game.choice_options``,
    ``Game.treasure_count``) and from per-card digests of ``why_not`` for the candidates the
    bot builds (:func:`_play_legality`, :func:`_combat_legality`, :meth:`_sale_legal`, the
    Charity split; ``tests/sim/test_sim_bots_rules.py`` compares them with ``why_not``);
    ``why_not`` answers the rare cards they do not cover. Per-card facts come
    from tables built once per card list (:class:`_Cards`); the engine's strengths are
    computed at most once per decision.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._unequips: tuple[int, int, int] = (-1, -1, 0)  # (game id, turn, count)
        self._game = None    # the game the per-game facts below belong to
        self._plain = False  # _plain_rules(self._game)
        self._cards: _Cards | None = None  # the per-card facts of self._game
        self._tcat: list[int] = []  # turn_category of each card of self._game
        self._ccat: list[int] = []  # combat_category of each card of self._game
        self._pgold: list[int] = []  # Gold of each sellable Item / One-Shot (else 0)
        self._egold: list[int] = []  # positive Gold of each card (else 0)
        self._mw_plain = False  # self._game decides combats by Game.munchkins_win itself
        # per card: Game.item_bonus when nothing can change it (else None), can_use is True
        # for anybody (_Cards.bonus / unres; None / False when the game class overrides them)
        self._bonus: list = []
        self._sgold: list[int] = []  # per card: the Gold it can add to a sale when equipped
        self._unres: list[bool] = []

    def _facts(self, game: "Game") -> bool:
        """Refresh the per-game facts for ``game``; returns ``_plain_rules(game)``."""
        if self._game is not game:
            self._game = game
            self._plain, cards, self._mw_plain, self._bonus, self._sgold, self._unres = _game_facts(game)
            self._cards = cards
            self._tcat, self._ccat, self._pgold, self._egold = cards.tcat, cards.ccat, cards.pgold, cards.egold
        return self._plain

    def pick_solar(self, game, seat: int) -> Action:
        """Solar Storm: the engine's ``solar_policy`` (win, repair, divert, ... by priority),
        ties broken by this bot's RNG."""
        from ..engine.policy import solar_policy

        return solar_policy(game, self.rng)

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
        """The Levels the monsters of the current combat give when defeated."""
        cards = self._cards if self._game is game else (self._facts(game), self._cards)[1]
        cl = cards.clevels
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
        cards = self._cards if self._game is game else (self._facts(game), self._cards)[1]
        total = cards.mlevel[m]
        for cond in cards.bonus_vs[m]:
            if game.matches(seat, cond["if"], True, m):
                total += cond["bonus"]
        return total

    def _sale(self, game: "Game", seat: int) -> Action | None:
        """Sell non-equipped Items and spare One-Shots (cheapest to lose first by value per
        Gold) when the total buys at least one Level."""
        p = game.state.players[seat]
        if p.level >= 9:  # no Level to buy (levels < 1 below)
            return None
        cards = self._cards if self._game is game else (self._facts(game), self._cards)[1]
        pg = cards.pgold
        hand = p.hand
        carried = p.carried
        equipped = p.equipped
        bound = 0  # (plain loops: faster than sum(map(...)) on a few cards)
        for c in hand:
            bound += pg[c]
        for c in carried:
            bound += pg[c]
        sg = self._sgold
        for c in equipped:
            bound += sg[c]
        if bound < 1000:
            return None  # even selling every candidate buys no Level
        egold = cards.egold
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
        for c in equipped:
            g = egold[c]
            if g:
                b = bonus[c]
                if b is None:
                    b = ib(seat, c)
                if b <= 0:
                    pool.append(c)
                    total += g
        if total < 1000:
            return None
        gold = cards.gold
        pool.sort(key=lambda c: -gold[c])
        levels = min(total // 1000, 9 - p.level)
        if levels < 1:
            return None
        chosen, acc = [], 0
        for c in pool:
            chosen.append(c)
            acc += gold[c]
            if acc >= levels * 1000:
                break
        return Action(seat, "sell", cards=tuple(chosen), n=-1)

    def _sale_legal(self, game: "Game", seat: int, sale: Action) -> bool:
        """Is ``sale`` (from :meth:`_sale`) legal on the own turn out of combat? Under
        :func:`_plain_rules` by the engine's selling rule (``_why_sell``: every card an Item or
        One-Shot with Gold, in hand or in play; the Gold buys at least one Level, never the
        winning one), else by ``why_not``."""
        if not (self._plain if self._game is game else self._facts(game)):
            return game.why_not(sale) is None
        kind = self._cards.kind
        gold = self._cards.gold
        total = 0
        for c in sale.cards:  # distinct cards from the player's hand, carried and equipped
            if kind[c] != "item" and kind[c] != "one_shot":
                return game.why_not(sale) is None
            total += gold[c]
        return total >= 1000 and game.state.players[seat].level + total // 1000 < 10

    # ------------------------------------------------------------------ decisions
    def pick(self, game: "Game", seat: int) -> Action | None:
        """The greedy choice of ``seat`` (the seat that must act): decided without the legal
        list where the bot can (see the class docstring), else ranked from it (a random
        legal action when nothing ranks)."""
        return self._decide(game, seat)

    def _decide(self, game: "Game", seat: int) -> Action:
        """:meth:`Bot._decide` with the greedy choice inline (one call per decision)."""
        self._verified = False
        if game is not self._seen:
            self._seen = game
            self._solar = getattr(game, "game", None) == "solar_storm"
        if self._solar:
            return self.pick_solar(game, seat)
        s = game.state
        c = s.combat
        if self._game is not game:
            self._facts(game)
        plain = self._plain
        if s.pending:
            a = self._pending_fast(game, seat, s.pending[0], c, plain)
            return a if a is not None else self._pick_listed(game, seat)
        if c is None:
            ph = s.phase
            if ph == "start" or ph == "trouble" or ph == "end":
                if seat == s.active:
                    if plain:
                        return self._turn_best(game, seat)  # _has_business included
                    if not self._has_business(game, seat):
                        a = self._plain_turn_step(game, seat)
                        if game.why_not(a) is None:  # rules modules may replace the plain step (rooms: move)
                            return a
                        self._verified = False
            elif ph == "setup":
                if not game.hint_modules:
                    a = self._setup_play(game, seat)
                    if a is not None:
                        self._verified = True
                        return a
                    if plain:
                        return self._setup_items(game, seat)
            elif ph == "charity":
                if not game.hint_modules:
                    a = self._charity(game, seat)
                    if a is not None:
                        self._verified = True
                        return a
            return self._pick_listed(game, seat)
        st = c.stage
        if st == "window":
            # pass a window not worth interfering with, or (plain rules) one where the bot has
            # nothing to play: _window_fast would pass (pure tests, the cheapest first)
            if c.intent != "win" or seat == c.helper or (plain and not self._window_cards(game, seat, c)) \
                    or not self._threat(game, seat, c.fighter) or not game.munchkins_win():
                self._verified = True
                return _PASS[seat]
            if plain:
                return self._window_fast(game, seat)  # the window is hostile
        elif st == "run":
            if plain:
                a = self._run_fast(game, seat)
                if a is not None:
                    return a
        elif st == "fight" and seat == c.fighter and s.phase == "combat" and not game.hint_modules:
            if self._mw_plain:
                # Game.munchkins_win from the strengths, which _fight_fast needs too
                ps, ms = game.strengths()
                win = c.monsters and (ps > ms or ps == ms and (
                    game.has_class(seat, "warrior") or (c.helper >= 0 and game.has_class(c.helper, "warrior"))))
            else:
                ps = ms = None
                win = game.munchkins_win()
            if win:
                # winning fighter: "fight" (always listed then) is the only scored candidate
                self._verified = True
                return _FIGHT[seat]
            if plain:
                a = self._fight_fast(game, seat, ps, ms)
                if a is not None:
                    return a
        return self._pick_listed(game, seat)

    def _pending_fast(self, game: "Game", seat: int, d: dict, c, plain: bool) -> Action | None:
        """A pending decision ``d`` of ``seat`` without the list (None: use the list)."""
        k = d["kind"]
        if k == "help" or k == "offer":
            # the engine always lists exactly accept and refuse here: no list needed
            self._verified = True
            if k == "help":
                ok = self._accept_help(game, seat, d["from"], d.get("n", 0))
            else:
                ps, ms = game.strengths()
                ok = c is not None and ps + game.player_strength(d["from"]) > ms
            return _ACCEPT[seat] if ok else _REFUSE[seat]
        if k == "cancel" or k == "glue":
            # the engine lists `pass` first (never refused): _pending takes the first
            self._verified = True
            return _PASS[seat]
        if plain and k == "choose":
            # the engine lists one `choose` per option (never refused): _pending's choice
            opts = game.choice_options(d)
            if opts:
                self._verified = True
                value = self._cards.value.__getitem__
                # the first cheapest card to lose, else the first most valuable to take
                card = min(opts, key=value) if d.get("why") == "lose" else max(opts, key=value)
                return _act(seat, "choose", card)
        elif plain and k == "manual":
            # the engine lists `resolve` (n=0) first, then n=-1 (never refused)
            self._verified = True
            return _act(seat, "resolve", d["card"], d.get("target", seat))
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
        for _, i, a in scored:  # candidates are legal (the sale is checked when built)
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
        ``pass``, then every Race, Class and Item in hand (legal ones, hand order), then
        equip/unequip moves; :meth:`_score_turn` ranks a first Race/Class 1, a usable Item 2,
        another Item 3, the rest 4 or worse. None: no legal hand card scores (use the list).

        Under :func:`_plain_rules` the setup rules decide without ``why_not``: a Race / Class
        is played only by a player without one (legal), an Item unless it is a second Big
        item (``Game.big_ok``)."""
        p = game.state.players[seat]
        plain = self._plain if self._game is game else self._facts(game)
        cards = self._cards
        kind = cards.kind
        legal = cards.legal
        why = game.why_not
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
        for tier in (first, usable, other):
            for c in tier:
                a = _act(seat, "play", c)
                ok = _rule_allows(game, seat, p, c, legal[c]) if plain else None
                if ok or (ok is None and why(a) is None):
                    return a
        return None

    def _setup_items(self, game: "Game", seat: int) -> Action:
        """The setup choice without the list when no hand card is played (only when
        :func:`_plain_rules`): the engine lists ``pass``, the plays that do not score, the
        equips (carried Items the rules allow, carried order) and the unequips (equipped
        order); :meth:`_score_turn` ranks an equip of an Item with a bonus or effects 4, an
        unequip for a better carried Item 5 (two per turn), ``pass`` 90."""
        p = game.state.players[seat]
        cards = self._cards
        kind = cards.kind
        effects = cards.effects
        bonus = self._bonus
        unres = self._unres
        self._verified = True  # the engine's equip rule (_why_equip); unequips and pass are listed unchecked
        for c in p.carried:
            if kind[c] == "item" and game.why_slot(seat, c) is None and (effects[c] or (
                    bonus[c] if bonus[c] is not None else game.item_bonus(seat, c)) > 0) \
                    and (unres[c] or game.can_use(seat, c)):
                return _act(seat, "equip", c)
        if p.equipped and p.carried:
            key = (id(game), game.state.turn)
            g, t, n = self._unequips
            if (g, t) != key or n < 2:
                for c in p.equipped:
                    if self._better_carried(game, seat, c):
                        self._unequips = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
                        return _act(seat, "unequip", c)
        return _PASS[seat]

    def _charity(self, game: "Game", seat: int) -> Action | None:
        """The Charity choice without the list: the engine lists, per hand card in hand order,
        one action per allowed target (-1 = discard, else recipients in seat order; the same
        targets for every card); :meth:`_score_turn` ranks a legal sale 8, then the cheapest
        card (first in hand) 10 + value / 10000. None: no allowed target (use the list).

        Under :func:`_plain_rules` the Charity rules decide without ``why_not`` (the engine's
        ``_charity_targets``): no sale during Charity; a lowest-Level player discards (-1),
        else the excess goes to the lowest-Level living players, split as evenly as
        possible."""
        s = game.state
        players = s.players
        plain = self._plain if self._game is game else self._facts(game)
        if not plain:
            sale = self._sale(game, seat)
            if sale is not None and _is_legal(game, sale):
                return sale
        hand = players[seat].hand
        if not hand:
            return None
        value = self._cards.value
        best, best_v = -1, None
        for c in hand:  # the first cheapest card
            v = value[c]
            if best_v is None or v < best_v:
                best, best_v = c, v
        if plain:
            low = None  # the lowest Level of a living player (0: nobody alive)
            for q in players:
                if q.alive and (low is None or q.level < low):
                    low = q.level
            if low is None:
                low = 0
            if players[seat].level <= low:
                return _act(seat, "charity", best, -1)
            recips = [i for i, q in enumerate(players) if q.alive and q.level == low and i != seat]
            if not recips:
                return _act(seat, "charity", best, -1)
            excess, given = s.charity if s.charity else (1, {})
            q, rem = divmod(excess, len(recips))
            at_top = sum(1 for r in recips if given.get(r, 0) == q + 1)
            for r in recips:
                g = given.get(r, 0)
                if g < q or (g == q and at_top < rem):
                    return _act(seat, "charity", best, r)
            return None
        why = game.why_not
        for t in [-1] + [t for t in range(len(players)) if t != seat]:
            a = _act(seat, "charity", best, t)
            if why(a) is None:
                return a
        return None

    def _has_business(self, game: "Game", seat: int) -> bool:
        """Could this seat want to play, equip, swap or sell something now (out of combat)?"""
        p = game.state.players[seat]
        plain = self._plain if self._game is game else self._facts(game)
        cards = self._cards
        biz = cards.biz
        for c in p.hand:
            b = biz[c]
            if b == 1 or (b == 2 and not p.races) or (b == 3 and not p.classes):
                return True
        return self._business_in_play(game, seat, p, plain)

    def _business_in_play(self, game: "Game", seat: int, p, plain: bool) -> bool:
        """:meth:`_has_business` for a hand without business: an Item to use or swap, or
        Items worth a Level to sell."""
        cards = self._cards
        gold = 0
        ib = game.item_bonus
        bonus = self._bonus
        equipped = p.equipped
        if p.carried:
            kind = cards.kind
            cgold = cards.gold
            slots = cards.slot
            for c in p.carried:
                gold += cgold[c]
                if kind[c] == "item":
                    b = bonus[c]
                    if b is None:
                        b = ib(seat, c)
                    if b > 0:
                        # plain rules: the engine's equip rule (_why_equip: usable, a free slot)
                        if ((self._unres[c] or game.can_use(seat, c)) and game.why_slot(seat, c) is None) if plain else \
                                game.why_not(_act(seat, "equip", c)) is None:
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
        bound = gold
        sg = self._sgold
        for c in equipped:
            bound += sg[c]
        if bound < 1000:
            return False  # even every equipped Item that may be sold counted buys no Level
        cgold = cards.gold
        for c in equipped:
            b = bonus[c]
            if (b if b is not None else ib(seat, c)) <= 0:
                gold += cgold[c]
        return gold >= 1000

    def _plain_turn_step(self, game: "Game", seat: int) -> Action:
        """Kick, Look for Trouble / Loot, or end the turn when there is nothing to play."""
        s = game.state
        self._verified = True  # each of these is legal in its phase for the active player
        if s.phase == "start":
            return _KICK[seat]
        if s.phase == "end":
            return _END_TURN[seat]
        my_str = None  # computed for the first monster in hand
        best, best_lv = -1, -1
        kind = (self._cards if self._game is game else (self._facts(game), self._cards)[1]).kind
        for c in s.players[seat].hand:
            if kind[c] == "monster":
                if my_str is None:
                    my_str = game.player_strength(seat)
                est = self._monster_estimate(game, seat, c)
                if my_str > est and est > best_lv:
                    best, best_lv = c, est
        return _act(seat, "trouble", best) if best >= 0 else _LOOT[seat]

    def _turn_best(self, game: "Game", seat: int) -> Action:
        """What :meth:`_score_turn` picks from the list on the own turn out of combat (phase
        start, trouble or end), found without listing (only when :func:`_plain_rules`).

        The engine lists the plain steps first (kick; loot, end_turn, trouble per monster in
        hand; end_turn), then per hand card in hand order its plays (Race/Class/Item; a Curse
        or Go Up a Level per living target; a Special / One-Shot by :func:`~munchkin_lab.engine.game.turn_category`),
        then discards, equips (carried Items), unequips (equipped Items), a sale and thefts;
        the bot's own sale comes last. The best score wins, ties in that order, so the first
        legal candidate of the lowest score is the answer. Legality follows the engine's
        rules for plays (:func:`_play_legality`), equips (usable, ``Game.why_slot``) and sales
        (:meth:`_sale_legal`); the few cards they do not cover are checked with ``why_not``.

        Includes the gate of :meth:`pick`: without business (:meth:`_has_business`, found on
        the way) the answer is :meth:`_plain_turn_step`."""
        s = game.state
        players = s.players
        p = players[seat]
        cards = self._cards
        tcode = cards.tcode
        legal = cards.legal
        self._verified = True  # every answer below is legal (by the rules, checked or listed)
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
                        a = _act(seat, "play", c)
                        ok = _rule_allows(game, seat, p, c, legal[c])
                        if ok or (ok is None and game.why_not(a) is None):
                            best_sc, best = sc, a
            elif code <= 2:  # a Race / Class: 1 for a player without one, the first one listed
                if not (p.races if code == 1 else p.classes):  # (best_sc > 1: a 1 returns)
                    busy = True
                    a = _act(seat, "play", c)
                    if legal[c] == _L_OK or game.why_not(a) is None:
                        return a
            elif code == 4:
                # Go Up a Level: listed for each living target short of the winning Level;
                # scored 1 on oneself
                if best_sc > 1 and p.alive and p.level + game.specs[c].effects.get("levels", 1) < 10:
                    return _act(seat, "play", c, seat)
            elif code == 5:
                # a Curse: listed for each living target; scored 20 on the leader
                if best_sc > 20:
                    if leader == -2:
                        leader = self._leader(game, seat)
                    if leader != seat and leader >= 0 and players[leader].alive:
                        best_sc, best = 20, _act(seat, "play", c, leader)
            else:  # a Special / One-Shot the engine lists (turn_category) that can score
                sc = cards.tscore[c]
                if sc < 0:  # a Level for matching players
                    if not game.matches(seat, game.specs[c].effects["level_for"]):
                        continue
                    sc = 3
                if sc >= best_sc:
                    continue
                t = cards.tcat[c]
                lg = legal[c]
                if lg == _L_WHY or t == 3:
                    if t == 2:
                        variants = (_act(seat, "play", c),)
                    elif t == 1:
                        variants = [_act(seat, "play", c, m=it) for it in p.in_play()]
                    elif t == 3:
                        variants = [_act(seat, "play", c, q) for q in range(len(players))]
                    else:
                        variants = [_act(seat, "play", c, m=m) for pile in s.discards.values() for m in pile[-3:]]
                    why = game.why_not
                    for a in variants:
                        if why(a) is None:
                            best_sc, best = sc, a
                            break
                    continue
                # the rule of the play does not depend on the variant: the first one listed
                if not _rule_allows(game, seat, p, c, lg):
                    continue
                if t == 2:
                    best_sc, best = sc, _act(seat, "play", c)
                elif t == 1:
                    if p.equipped or p.carried:
                        best_sc, best = sc, _act(seat, "play", c, m=(p.equipped or p.carried)[0])
                else:
                    for pile in s.discards.values():
                        if pile:
                            best_sc, best = sc, _act(seat, "play", c, m=pile[-3:][0])
                            break
        if not busy and not self._business_in_play(game, seat, p, True):
            return self._plain_turn_step(game, seat)  # (nothing in hand was scored)
        if best_sc > 4 and p.carried:
            kind = cards.kind
            effects = cards.effects
            bonus = self._bonus
            unres = self._unres
            slots = cards.slot
            for c in p.carried:
                # scored 4 with a bonus or effects; the engine's equip rule (_why_equip): a
                # free slot, usable (pure tests: the cheapest first)
                if kind[c] == "item" and game.why_slot(seat, c) is None and (effects[c] or (
                        bonus[c] if bonus[c] is not None else game.item_bonus(seat, c)) > 0) \
                        and (unres[c] or game.can_use(seat, c)):
                    best_sc, best = 4, _act(seat, "equip", c)
                    break
        if best_sc > 5 and p.equipped and p.carried:  # a swap needs a carried Item
            key = (id(game), s.turn)
            g, t, n = self._unequips
            if (g, t) != key or n < 2:
                kind = cards.kind
                slots = cards.slot
                free = [slots[o] for o in p.carried if kind[o] == "item"]  # carried Items' slots
                for c in p.equipped:
                    if slots[c] in free and self._better_carried(game, seat, c):  # listed unchecked
                        self._unequips = (g, t, n + 1) if (g, t) == key else (key[0], key[1], 1)
                        return _act(seat, "unequip", c)
        if best_sc > 8 and p.level < 9:
            pg = cards.pgold
            sg = self._sgold
            bound = 0  # _sale's bound, first here
            for c in p.hand:
                bound += pg[c]
            for c in p.carried:
                bound += pg[c]
            for c in p.equipped:
                bound += sg[c]
            if bound >= 1000:
                sale = self._sale(game, seat)
                if sale is not None and self._sale_legal(game, seat, sale):
                    return sale
        if best is not None:
            return best
        ph = s.phase
        if ph == "start":
            return _KICK[seat]
        if ph == "end":
            return _END_TURN[seat]
        kind = cards.kind
        my_str = None  # computed for the first monster in hand
        for c in p.hand:  # the first monster in hand that the bot expects to beat (score 55)
            if kind[c] == "monster":
                if my_str is None:
                    my_str = game.player_strength(seat)
                if my_str > self._monster_estimate(game, seat, c):
                    return _act(seat, "trouble", c)
        return _LOOT[seat]

    def _pending(self, game: "Game", seat: int, cands: list[Action]) -> Action | None:
        s = game.state
        d = s.pending[0]
        k = d["kind"]
        if k == "help":
            ok = self._accept_help(game, seat, d["from"], d.get("n", 0))
            return _find(cands, "accept" if ok else "refuse")
        if k == "offer":
            c = s.combat
            ps, ms = game.strengths()
            ok = c is not None and ps + game.player_strength(d["from"]) > ms
            return _find(cands, "accept" if ok else "refuse")
        if k == "choose":
            opts = [a for a in cands if a.kind == "choose"]
            if not opts:
                return None
            lose = d.get("why") == "lose"
            sign = 1 if lose else -1
            self._verified = True
            return min(opts, key=lambda a: sign * card_value(game, a.card))
        if k == "manual":
            for a in cands:
                if a.kind == "resolve" and a.n == 0:
                    self._verified = True
                    return a
        if cands:
            self._verified = True
            return cands[0]
        return None

    def _accept_help(self, game: "Game", seat: int, fighter: int, bribe: int) -> bool:
        """Help ``fighter``: when there is something to gain (a bribe, an Elf's Level, a shared
        victory), the fighter is not about to win the game, and our help wins the fight
        (pure tests, the cheapest first)."""
        c = game.state.combat
        if c is None:
            return False
        if not (bribe > 0 or game.has_race(seat, "elf") or game.options.shared_victory):
            return False
        if game.state.players[fighter].level + self._combat_levels(game) >= 10:
            return False  # never hand somebody the game
        ps, ms = game.strengths()
        return ps + game.player_strength(seat) > ms

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
                if game.item_bonus(seat, a.card) > 0 or specs[a.card].effects:
                    sc = 4
            elif k == "unequip":
                if nunequip < 2 and self._better_carried(game, seat, a.card):
                    sc = 5
            elif k == "play":
                sp = specs[a.card]
                kind = sp.kind
                if kind == "race":
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
                    e = sp.effects
                    if e.get("half_breed") or e.get("super_munchkin"):
                        sc = 3
                    elif e.get("cheat"):
                        sc = 7
                    elif e.get("level_for") and game.matches(seat, e["level_for"]):
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
        cards = self._cards if self._game is game else (self._facts(game), self._cards)[1]
        slots = cards.slot
        slot = slots[c]
        if slot == "none" or not p.carried:
            return False
        mine = None
        kind = cards.kind
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
    def _need_boost(self, game: "Game", seat: int, ps: int, ms: int) -> tuple[int, int]:
        """``(need, boost)`` of fighter ``seat``: the strength still missing to win, and what
        its own One-Shots, Berserking and Turning could add."""
        s = game.state
        c = s.combat
        cards = self._cards if self._game is game else (self._facts(game), self._cards)[1]
        p = s.players[seat]
        warrior = game.has_class(seat, "warrior") if p.classes else False
        need = ms - ps + (0 if warrior or (c.helper >= 0 and game.has_class(c.helper, "warrior")) else 1)
        fb = cards.fboost
        boost = 0
        for card in p.hand:
            boost += fb[card]
        for card in p.carried:
            boost += fb[card]
        if warrior:
            boost += max(0, 3 - c.berserk.get(seat, 0)) if (p.hand or p.equipped or p.carried) else 0
        if p.hand and p.classes and game.has_class(seat, "cleric") and any(map(cards.undead.__getitem__, c.monsters)):
            boost += 3 * max(0, 3 - c.turning.get(seat, 0))
        return need, boost

    @staticmethod
    def _best_helper(game: "Game", seat: int) -> tuple[int, int]:
        """``(seat, strength)`` of the strongest living player not yet asked (first in seat
        order; ``(-1, 0)`` when nobody has a positive strength)."""
        s = game.state
        c = s.combat
        best_helper = -1
        best_help = 0
        for t in range(len(s.players)):
            if t != seat and t not in c.asked and s.players[t].alive:
                st = game.player_strength(t)
                if st > best_help:
                    best_helper, best_help = t, st
        return best_helper, best_help

    def _combat_ok(self, game: "Game", seat: int, a: Action) -> bool:
        """Is ``a``, built by :meth:`_fight_fast` / :meth:`_window_fast` for the acting
        ``seat``, legal? Under :func:`_plain_rules` in a combat the engine's rules decide
        (``_why_combat`` / ``_why_play``; by construction the monster index, side, target
        seat and card are ones the rules accept, see :func:`_combat_legality`); anything else
        is asked of ``why_not``."""
        s = game.state
        cb = s.combat
        if s.phase != "combat" or cb.stage == "run":
            return game.why_not(a) is None
        k = a.kind
        cards = self._cards
        if k == "play":
            c = a.card
            code = cards.ccode[c]
            if code == _C_WHY:
                return game.why_not(a) is None
            if code == _C_NO or (cards.cown[c] and s.active != seat):
                return False
            if code == _C_OK or code == _C_SIDE:
                return True
            if code == _C_MON:
                return 0 <= a.n < len(cb.monsters)
            if code == _C_SIDE_M:
                return a.n == 0
            if code == _C_SIDE_X:
                return a.n == 1
            if code == _C_CURSE:
                return 0 <= a.target < len(s.players) and s.players[a.target].alive
            if code == _C_XFER:
                return 0 <= a.target < len(s.players) and a.target != cb.fighter and s.players[a.target].alive
            return seat == cb.fighter and cb.helper < 0 and not cb.perplayer.get(seat) and a.n == 0  # _C_DBL
        if k == "evade" and a.card < 0:  # a monster that does not pursue the fighter
            atom = game.specs[cb.monsters[a.n]].effects.get("not_pursue")
            if not atom:
                return False
            if isinstance(atom, (list, tuple)):
                return all(game.matches(seat, x) for x in atom)
            return game.matches(seat, atom)
        if k == "berserk" or k == "turning":  # the fighter's own class, a card of its hand
            if (cb.berserk if k == "berserk" else cb.turning).get(seat, 0) >= 3:
                return False
            return k == "berserk" or any(map(cards.undead.__getitem__, cb.monsters))
        if k == "backstab":  # a Thief on the fighter (another player), a card of its own
            return [seat, a.target] not in cb.backstab
        return game.why_not(a) is None

    def _fight_fast(self, game: "Game", seat: int, ps: int | None = None, ms: int | None = None) -> Action | None:
        """The losing fighter's choice without the list (only when :func:`_plain_rules`): what
        :meth:`_score_combat` picks from the list, the first legal candidate of the lowest
        score in the engine's order.

        The engine lists ``run``, the help requests (per living player not asked yet: no
        bribe, then every Treasure), then per monster its evasions, then per hand card its
        plays (by :func:`~munchkin_lab.engine.game.combat_category`), the carried One-Shots (per side), Berserking and
        Turning (hand, then items in play) and backstabs; only the candidates that score are
        built here and checked by :meth:`_combat_ok`. Every one of them scores below the help
        request (5), which scores below ``run`` (9): the helper is looked for only when none
        is legal. None: this engine does not tell the Treasures of the combat (use the
        list). ``ps, ms``: ``game.strengths()`` when the caller has them."""
        s = game.state
        c = s.combat
        specs = game.specs
        p = s.players[seat]
        if ps is None:
            ps, ms = game.strengths()
        need, boost = self._need_boost(game, seat, ps, ms)
        can_boost = boost >= need
        found = []  # (score, order, action)
        order = 2
        hand = p.hand
        cards = self._cards
        kind = cards.kind
        for i, m in enumerate(c.monsters):
            if cards.npursue[m]:
                found.append((3, order, _act(seat, "evade", n=i)))
                order += 1
            if cards.ebribe[m]:
                for it in p.in_play() + hand:
                    if kind[it] in ("item", "one_shot"):
                        found.append((3, order, _act(seat, "evade", it, n=i)))
                        order += 1
        nm = len(c.monsters)
        ccat = cards.ccat
        cbonus = cards.cbonus
        endc = cards.endc
        for card in hand:
            k = kind[card]
            if k == "one_shot":
                t = ccat[card]
                bonus = cbonus[card]
                if t == 1:  # removes a monster: score 4 (any monster)
                    for i in range(nm):
                        found.append((4, order, _act(seat, "play", card, n=i)))
                        order += 1
                elif bonus > 0 and can_boost and (t == 2 or t == 3):
                    sc = 1 - bonus / 100  # the munchkin side (n=0) only
                    if t == 2:
                        for q in range(len(s.players)):
                            found.append((sc, order, _act(seat, "play", card, q)))
                            order += 1
                    else:
                        found.append((sc, order, _act(seat, "play", card, n=0)))
                        order += 1
            elif k == "special" and endc[card]:
                t = ccat[card]
                if t == 4:
                    for mon in hand:
                        if kind[mon] == "monster":
                            found.append((4, order, _act(seat, "play", card, m=mon)))
                            order += 1
                elif t == 5:
                    found.append((4, order, _act(seat, "play", card)))
                    order += 1
        escape = cards.escape
        for card in p.carried:
            if kind[card] == "one_shot" and not escape[card]:
                if cards.dmon[card]:
                    found.append((4, order, _act(seat, "play", card, n=0)))
                    found.append((4, order + 1, _act(seat, "play", card, n=1)))
                elif cbonus[card] > 0 and can_boost:
                    found.append((1 - cbonus[card] / 100, order, _act(seat, "play", card, n=0)))
                order += 2
        if can_boost and hand and p.classes:
            value = cards.value
            for act, cls in (("berserk", "warrior"), ("turning", "cleric")):
                if game.has_class(seat, cls):
                    for card in hand:  # listed for hand cards, then items in play
                        found.append((2 + value[card] / 100000, order, _act(seat, act, card)))
                        order += 1
        self._verified = True
        if found:
            found.sort(key=lambda f: (f[0], f[1]))
            ok = self._combat_ok
            for _, _, a in found:
                if ok(game, seat, a):
                    return a
        if c.helper < 0:
            best_helper, best_help = self._best_helper(game, seat)
            if best_helper >= 0 and need <= best_help and not any(specs[m].effects.get("no_help") for m in c.monsters):
                tot = game.treasure_count()
                if tot:  # the listed bribe: every Treasure, the helper picking first
                    return _act(seat, "ask_help", target=best_helper, n=tot, m=1)
        return _RUN[seat]  # listed for a losing fighter

    def _run_fast(self, game: "Game", seat: int) -> Action | None:
        """Running away without the list (only when :func:`_plain_rules`): the engine lists a
        roll per monster not rolled yet (monster order), a Wizard's flight cards, then the
        escape cards in hand and carried (always allowed here); :meth:`_score_combat` ranks an
        escape card 0 and a roll 1. None: no roll left (use the list)."""
        p = game.state.players[seat]
        specs = game.specs
        self._verified = True
        for card in p.hand + p.carried:
            if specs[card].effects.get("escape"):
                return _act(seat, "play", card)
        c = game.state.combat
        for i in range(len(c.monsters)):
            if i not in c.rolled:
                return _act(seat, "roll", n=i)
        self._verified = False
        return None

    def _window_cards(self, game: "Game", seat: int, c) -> bool:
        """Could :meth:`_window_fast` build a candidate for ``seat`` (a card of its hand or a
        carried One-Shot that may score, or a Thief's backstab)? False: it would pass."""
        p = game.state.players[seat]
        cards = self._cards
        wh = cards.whand
        for x in p.hand:
            if wh[x]:
                return True
        wc = cards.wcarried
        for x in p.carried:
            if wc[x]:
                return True
        return c.fighter != seat and bool(p.classes) and game.has_class(seat, "thief") and \
            bool(p.hand or p.equipped or p.carried)

    def _window_fast(self, game: "Game", seat: int) -> Action:
        """A hostile interference window without the list (only when :func:`_plain_rules`):
        what :meth:`_score_combat` picks from the list, the first legal candidate of the
        lowest score in the engine's order (``pass``; per hand card its plays by
        :func:`~munchkin_lab.engine.game.combat_category`: Monster Enhancers per monster, Curses per seat; the carried
        One-Shots per side; a Thief's backstab on the fighter, then on the helper), checked
        by :meth:`_combat_ok`."""
        s = game.state
        c = s.combat
        p = s.players[seat]
        fighter = c.fighter
        found = []  # (score, order, action)
        order = 1
        about = -1
        nm = len(c.monsters)
        cards = self._cards
        ccat = cards.ccat
        kind = cards.kind
        cbonus = cards.cbonus
        hand = p.hand
        for card in hand:
            k = kind[card]
            if k == "one_shot":
                bonus = cbonus[card]
                t = ccat[card]
                if bonus > 0 and (t == 3 or (t == 1 and nm > 1)):
                    # the monster side (n=1); a monster-removing One-Shot on monster 1
                    found.append((2 - bonus / 100, order + 1, _act(seat, "play", card, n=1)))
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
            elif k == "special" and cards.wander[card] and ccat[card] == 4:
                if about < 0:
                    about = int(s.players[fighter].level + self._combat_levels(game) >= 10)
                if about:
                    for mon in hand:
                        if kind[mon] == "monster":
                            sc = 0 - self._monster_estimate(game, fighter, mon) / 100
                            found.append((sc, order, _act(seat, "play", card, m=mon)))
                            order += 1
        escape = cards.escape
        for card in p.carried:
            if kind[card] == "one_shot" and not escape[card]:
                bonus = cbonus[card]
                if bonus > 0:
                    found.append((2 - bonus / 100, order + 1, _act(seat, "play", card, n=1)))
                order += 2
        if fighter != seat and p.classes and game.has_class(seat, "thief") and (hand or p.in_play()):
            found.append((4, order, _act(seat, "backstab", (hand or p.in_play())[0], fighter)))
        self._verified = True
        if found:
            found.sort(key=lambda f: (f[0], f[1]))
            ok = self._combat_ok
            for _, _, a in found:
                if ok(game, seat, a):
                    return a
        return _PASS[seat]

    def _score_combat(self, game: "Game", seat: int, cands: list[Action]) -> list:
        s = game.state
        c = s.combat
        specs = game.specs
        out = []
        if c.stage == "run":
            for i, a in enumerate(cands):
                if a.kind == "play" and specs[a.card].effects.get("escape"):
                    out.append((0, i, a))
                elif a.kind == "roll":
                    out.append((1, i, a))
            return out
        ps, ms = game.strengths()
        winning = game.munchkins_win()
        if c.stage == "fight" and seat == c.fighter:
            need, boost = self._need_boost(game, seat, ps, ms)
            best_helper, best_help = self._best_helper(game, seat) if not winning and c.helper < 0 else (-1, 0)
            for i, a in enumerate(cands):
                k = a.kind
                sc = None
                if k == "fight":
                    sc = 0
                elif k == "play" and not winning:
                    sp = specs[a.card]
                    if sp.kind == "one_shot" and a.n == 0 and not sp.effects.get("discard_monster") \
                            and (sp.bonus or 0) > 0 and boost >= need:
                        sc = 1 - (sp.bonus or 0) / 100
                    elif sp.kind == "one_shot" and sp.effects.get("discard_monster"):
                        sc = 4
                    elif sp.kind == "special" and sp.effects.get("end_combat"):
                        sc = 4
                elif k == "berserk" and not winning and a.card in s.players[seat].hand and boost >= need:
                    sc = 2 + card_value(game, a.card) / 100000
                elif k == "turning" and not winning and a.card in s.players[seat].hand and boost >= need:
                    sc = 2 + card_value(game, a.card) / 100000
                elif k == "evade" and not winning:
                    sc = 3
                elif k == "ask_help" and not winning and a.target == best_helper and a.n > 0 \
                        and need <= best_help:
                    sc = 5  # the listed bribe: the Treasures, the helper picking first
                elif k == "run" and not winning:
                    sc = 9
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
                    e = sp.effects
                    if kind == "special" and e.get("wandering_monster"):
                        if about_to_win:
                            sc = 0 - self._monster_estimate(game, c.fighter, a.m) / 100
                    elif kind == "monster_enhancer" and (sp.bonus or 0) > 0:
                        sc = 1 - (sp.bonus or 0) / 100
                    elif kind == "one_shot" and a.n == 1 and (sp.bonus or 0) > 0:
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


def make_bot(name: str, seed: int = 0) -> Bot:
    """Build bot ``name`` (one of :data:`BOT_NAMES`) with its own RNG seeded by ``seed``.

    Raises:
        ValueError: unknown name (the message lists the known names).
    """
    key = str(name).strip().lower()
    if key not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")
    return _BOTS[key](seed)
