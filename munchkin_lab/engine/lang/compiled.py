"""The interpreter's compiled form: conditions, targets and amounts as Python closures.

:func:`~.interp.evaluate`, :func:`~.interp.resolve` and :func:`~.interp.amount_of` walk a
compiled :class:`~.program.Program`'s nodes each time they are asked; this module turns the
same nodes, once, into closures that give the same answers without the walk (no ``isinstance``
dispatch, no name tests: each atom's test is chosen when it is compiled). The reference stays
``interp.py``: a closure must answer exactly as the walk does (``tests/lang/test_compiled.py``
checks it on random conditions, targets and positions), down to the order in which it asks the
:class:`~.interp.World` (the world's combat view is built on first use, so a closure asks
``world.combat()`` wherever the walk does).

* :func:`cond_fn` ``(cond) -> f(ctx, world, subject=None) -> bool`` (``evaluate``);
* :func:`target_of` ``(target) -> CTarget`` with the static ``kind`` and ``choose`` and
  ``items(ctx, world) -> tuple``; ``CTarget(ctx, world)`` is ``resolve``'s
  :class:`~.interp.Resolution`;
* :func:`amount_fn` ``(amount) -> f(ctx, world) -> int`` (``amount_of``).

Each is compiled once per node object and remembered (keyed by the node's identity, the node
kept alive with it; the memo is emptied when it grows past ``_MEMO_MAX`` entries, as new card
lists bring new nodes). Pure: no engine import.
"""
from __future__ import annotations

from .interp import _GAME, Resolution, _cmp, _from, _living, _wears
from .program import About, All, AnyOf, Atom, Not, Per

_MEMO_MAX = 50_000
_CONDS: dict = {}
_TARGETS: dict = {}
_AMOUNTS: dict = {}

_FACTS = frozenset(("from_kick", "drawn_face_up", "first_roll", "succeeded", "failed", "room_has_cards",
                    "forced_entry", "curse_pending"))


def _remember(memo: dict, node, fn):
    if len(memo) > _MEMO_MAX:
        memo.clear()
    memo[id(node)] = (node, fn)
    return fn


# --------------------------------------------------------------------------- conditions


def cond_fn(cond):
    """The closure of condition ``cond``: ``f(ctx, world, subject=None) -> bool``, the same
    answer as ``evaluate(cond, ctx, world, subject)`` (None: always true)."""
    hit = _CONDS.get(id(cond))
    if hit is not None and hit[0] is cond:
        return hit[1]
    return _remember(_CONDS, cond, _cond(cond))


def _true(ctx, w, subject=None) -> bool:
    return True


def _cond(cond):  # noqa: C901 - one branch per node type, as evaluate
    if cond is None:
        return _true
    if isinstance(cond, Atom):
        neg = cond.neg
        if cond.name in _GAME:
            g = _game(cond)

            def game_atom(ctx, w, subject=None):
                return g(ctx, w) != neg
            return game_atom
        pf = _player(cond)
        mf = _monster(cond)

        def atom(ctx, w, subject=None):
            if subject is None:
                r = pf(ctx.player, ctx, w)
            elif subject[0] == "monster":
                r = mf(subject[1], w)
            else:
                r = pf(subject[1], ctx, w)
            return r != neg
        return atom
    if isinstance(cond, All):
        fs = tuple(cond_fn(c) for c in cond.items)
        if len(fs) == 1:
            a, = fs
            return lambda ctx, w, subject=None: a(ctx, w, subject)
        if len(fs) == 2:
            a, b = fs
            return lambda ctx, w, subject=None: a(ctx, w, subject) and b(ctx, w, subject)
        if len(fs) == 3:
            a, b, c = fs
            return lambda ctx, w, subject=None: a(ctx, w, subject) and b(ctx, w, subject) and c(ctx, w, subject)
        return lambda ctx, w, subject=None: all(f(ctx, w, subject) for f in fs)
    if isinstance(cond, AnyOf):
        fs = tuple(cond_fn(c) for c in cond.items)
        if len(fs) == 2:
            a, b = fs
            return lambda ctx, w, subject=None: a(ctx, w, subject) or b(ctx, w, subject)
        return lambda ctx, w, subject=None: any(f(ctx, w, subject) for f in fs)
    if isinstance(cond, Not):
        f = cond_fn(cond.item)
        return lambda ctx, w, subject=None: not f(ctx, w, subject)
    if isinstance(cond, About):
        return _about(cond.subject, cond_fn(cond.cond), cond)
    bad = cond

    def not_a_condition(ctx, w, subject=None):
        raise TypeError(f"not a condition: {bad!r}")
    return not_a_condition


def _about(s: str, f, cond):  # noqa: C901 - one branch per subject, as evaluate
    # every branch asks world.combat() first, as evaluate does
    if s == "player":
        def player(ctx, w, subject=None):
            w.combat()
            return f(ctx, w, ("player", ctx.player))
        return player
    if s == "owner":
        def owner(ctx, w, subject=None):
            w.combat()
            return ctx.owner >= 0 and f(ctx, w, ("player", ctx.owner))
        return owner
    if s == "monster":
        def monster(ctx, w, subject=None):
            w.combat()
            return ctx.monster >= 0 and f(ctx, w, ("monster", ctx.monster))
        return monster
    if s == "fighter":
        def fighter(ctx, w, subject=None):
            c = w.combat()
            return c is not None and f(ctx, w, ("player", c.fighter))
        return fighter
    if s == "helper":
        def helper(ctx, w, subject=None):
            c = w.combat()
            return c is not None and c.helper >= 0 and f(ctx, w, ("player", c.helper))
        return helper
    if s == "any_munchkin":
        def any_munchkin(ctx, w, subject=None):
            c = w.combat()
            return c is not None and any(f(ctx, w, ("player", x)) for x in (c.fighter, c.helper) if x >= 0)
        return any_munchkin
    if s == "all_munchkins":
        def all_munchkins(ctx, w, subject=None):
            c = w.combat()
            return c is not None and all(f(ctx, w, ("player", x)) for x in (c.fighter, c.helper) if x >= 0)
        return all_munchkins
    if s == "any_monster":
        def any_monster(ctx, w, subject=None):
            c = w.combat()
            return c is not None and any(f(ctx, w, ("monster", m)) for m in c.monsters)
        return any_monster
    if s == "all_monsters":
        def all_monsters(ctx, w, subject=None):
            c = w.combat()
            return c is not None and bool(c.monsters) and all(f(ctx, w, ("monster", m)) for m in c.monsters)
        return all_monsters

    def unknown(ctx, w, subject=None):
        c = w.combat()
        if c is None:
            return False
        raise TypeError(f"not a condition: {cond!r}")
    return unknown


def _player(a: Atom):  # noqa: C901 - one test per atom, as interp._player_atom
    """``f(seat, ctx, world)`` of a player atom (false for a negative seat)."""
    n, arg = a.name, a.arg
    if n == "race":
        def race(seat, ctx, w):
            return seat >= 0 and arg in w.races(seat, ctx.against)
        return race
    if n == "class":
        def klass(seat, ctx, w):
            return seat >= 0 and arg in w.classes(seat, ctx.against)
        return klass
    if n == "human":
        return lambda seat, ctx, w: seat >= 0 and not w.races(seat)
    if n == "has_race":
        return lambda seat, ctx, w: seat >= 0 and bool(w.races(seat))
    if n == "has_class":
        return lambda seat, ctx, w: seat >= 0 and bool(w.classes(seat))
    if n == "gender":
        return lambda seat, ctx, w: seat >= 0 and w.gender(seat) == arg
    if n == "level":
        op, num = a.cmp, a.num
        return lambda seat, ctx, w: seat >= 0 and _cmp(w.level(seat), op, num)
    if n in ("highest_level", "lowest_level"):
        top = n == "highest_level"

        def rank(seat, ctx, w):
            if seat < 0:
                return False
            lv = [w.level(s) for s in _living(w)]
            return bool(lv) and w.level(seat) == (max(lv) if top else min(lv))
        return rank
    if n in ("higher_level", "lower_level"):
        higher = n == "higher_level"

        def than_owner(seat, ctx, w):
            if seat < 0 or ctx.owner < 0:
                return False
            d = w.level(seat) - w.level(ctx.owner)
            return d > 0 if higher else d < 0
        return than_owner
    if n == "riding":
        return lambda seat, ctx, w: seat >= 0 and _wears(w, seat, "vehicle")
    if n == "wears":
        return lambda seat, ctx, w: seat >= 0 and _wears(w, seat, arg)
    if n == "has_item":
        return lambda seat, ctx, w: seat >= 0 and any(arg in w.card_name(c) for c in w.items_in_play(seat))
    if n == "has_hireling":
        return lambda seat, ctx, w: seat >= 0 and w.has_hireling(seat)
    if n == "here":
        return lambda seat, ctx, w: seat >= 0 and w.stands_in(seat, ctx.source)
    if n == "role":
        return _role(arg)
    if n in ("tag", "name"):  # a monster atom on a player subject: the monster of the event
        mf = _monster(a)
        return lambda seat, ctx, w: seat >= 0 and ctx.monster >= 0 and mf(ctx.monster, w)

    def not_a_player_atom(seat, ctx, w):
        if seat < 0:
            return False
        raise ValueError(f"atom {a} is not a player atom")
    return not_a_player_atom


def _role(arg):  # noqa: C901 - one test per role
    # interp._player_atom asks world.combat() for every role: so do these
    if arg == "owner":
        def owner(seat, ctx, w):
            if seat < 0:
                return False
            w.combat()
            return seat == ctx.owner
        return owner
    if arg == "active":
        def active(seat, ctx, w):
            if seat < 0:
                return False
            w.combat()
            return seat == w.active()
        return active
    if arg == "fighter":
        def fighter(seat, ctx, w):
            if seat < 0:
                return False
            c = w.combat()
            return c is not None and seat == c.fighter
        return fighter
    if arg == "helper":
        def helper(seat, ctx, w):
            if seat < 0:
                return False
            c = w.combat()
            return c is not None and seat == c.helper
        return helper
    if arg == "runner":
        def runner(seat, ctx, w):
            if seat < 0:
                return False
            c = w.combat()
            return c is not None and seat in c.runners
        return runner

    def in_combat(seat, ctx, w):
        if seat < 0:
            return False
        c = w.combat()
        return c is not None and seat in (c.fighter, c.helper)
    return in_combat


def _monster(a: Atom):
    """``f(monster, world)`` of an atom on a monster subject (as interp._monster_atom)."""
    n, arg = a.name, a.arg
    if n == "tag":
        return lambda m, w: m >= 0 and arg in w.monster_tags(m)
    if n == "name":
        return lambda m, w: m >= 0 and arg in w.card_name(m)
    if n == "level":
        op, num = a.cmp, a.num
        return lambda m, w: m >= 0 and _cmp(w.monster_level(m), op, num)
    return lambda m, w: False


def _game(a: Atom):  # noqa: C901 - one test per atom, as interp._game_atom
    """``f(ctx, world)`` of a game atom: an event fact of that name first, as the walk."""
    n, arg, op, num = a.name, a.arg, a.cmp, a.num
    if n == "in_combat":
        test = lambda ctx, w, c: c is not None  # noqa: E731
    elif n == "own_turn":
        test = lambda ctx, w, c: ctx.owner >= 0 and w.active() == ctx.owner  # noqa: E731
    elif n == "players":
        test = lambda ctx, w, c: _cmp(w.seat_count(), op, num)  # noqa: E731
    elif n == "dungeon":
        test = lambda ctx, w, c: arg in w.dungeons()  # noqa: E731
    elif n == "hireling_in_play":
        test = lambda ctx, w, c: any(w.has_hireling(s) for s in range(w.seat_count()))  # noqa: E731
    elif n == "phase":
        test = lambda ctx, w, c: w.phase() == arg  # noqa: E731
    elif n in _FACTS:
        test = lambda ctx, w, c: False  # noqa: E731 - an event fact the event did not set
    else:
        test = _combat_atom(a)
    fact = n

    def game_atom(ctx, w):
        c = w.combat()
        facts = ctx.facts
        if fact in facts:
            return bool(facts[fact])
        return test(ctx, w, c)
    return game_atom


def _combat_atom(a: Atom):  # noqa: C901
    n, arg, op, num = a.name, a.arg, a.cmp, a.num
    if n == "helped":
        return lambda ctx, w, c: c is not None and c.helper >= 0
    if n == "alone":
        return lambda ctx, w, c: c is not None and c.helper < 0
    if n == "fought":
        return lambda ctx, w, c: c is not None and c.fought
    if n == "running_away":
        return lambda ctx, w, c: c is not None and c.stage == "run"
    if n == "no_roll_yet":
        return lambda ctx, w, c: c is not None and c.stage == "run" and c.rolls == 0
    if n == "winning":
        return lambda ctx, w, c: c is not None and c.winning
    if n == "for_winning_level":
        return lambda ctx, w, c: c is not None and w.level(c.fighter) + c.win_levels >= 10
    if n == "one_shots_used":
        return lambda ctx, w, c: c is not None and c.one_shots > 0
    if n == "bare":
        return lambda ctx, w, c: c is not None and c.bare
    if n == "used":
        return lambda ctx, w, c: c is not None and any(arg in u for u in c.used)
    if n == "monsters":
        return lambda ctx, w, c: c is not None and _cmp(len(c.monsters), op, num)

    def unknown(ctx, w, c):  # pragma: no cover - the compiler checks the atoms
        if c is None:
            return False
        raise ValueError(f"atom {a} is not a game atom")
    return unknown


# --------------------------------------------------------------------------- targets


class CTarget:
    """A compiled target: ``kind`` and ``choose`` (fixed by its name) and ``items(ctx, world)``
    (the seats, monsters, sides or cards, ``where`` applied); calling it gives
    ``resolve(target, ctx, world)``'s :class:`~.interp.Resolution`."""

    __slots__ = ("kind", "choose", "items")

    def __init__(self, kind: str, choose: bool, items) -> None:
        self.kind = kind
        self.choose = choose
        self.items = items

    def __call__(self, ctx, w) -> Resolution:
        return Resolution(self.kind, self.items(ctx, w), self.choose)


def target_of(target) -> CTarget:
    """The compiled form of ``target`` (see :class:`CTarget`)."""
    hit = _TARGETS.get(id(target))
    if hit is not None and hit[0] is target:
        return hit[1]
    kind, choose, items = _target(target.name)
    if target.where is not None and kind in ("player", "monster"):
        where = cond_fn(target.where)
        plain = items

        def items(ctx, w):
            return tuple(x for x in plain(ctx, w) if where(ctx, w, (kind, x)))
    return _remember(_TARGETS, target, CTarget(kind, choose, items))


def _target(name: str):  # noqa: C901 - one branch per target, as interp.resolve
    """``(kind, choose, items(ctx, world))``; every ``items`` asks ``world.combat()`` first, as
    ``resolve`` does."""
    if name == "player":
        def player(ctx, w):
            w.combat()
            return (ctx.player,) if ctx.player >= 0 else ()
        return "player", False, player
    if name == "owner":
        def owner(ctx, w):
            w.combat()
            return (ctx.owner,) if ctx.owner >= 0 else ()
        return "player", False, owner
    if name == "fighter":
        def fighter(ctx, w):
            c = w.combat()
            return (c.fighter,) if c else ()
        return "player", False, fighter
    if name == "helper":
        def helper(ctx, w):
            c = w.combat()
            return (c.helper,) if c and c.helper >= 0 else ()
        return "player", False, helper
    if name == "munchkins":
        def munchkins(ctx, w):
            c = w.combat()
            return tuple(x for x in (c.fighter, c.helper) if x >= 0) if c else ()
        return "player", False, munchkins
    if name == "runners":
        def runners(ctx, w):
            c = w.combat()
            return tuple(c.runners) if c else ()
        return "player", False, runners
    if name == "active_player":
        def active_player(ctx, w):
            w.combat()
            return (w.active(),)
        return "player", False, active_player
    if name == "each_player":
        def each_player(ctx, w):
            w.combat()
            p = ctx.player
            return tuple(_from(p if p >= 0 else w.active(), w, True))
        return "player", False, each_player
    if name == "other_players":
        def other_players(ctx, w):
            w.combat()
            return tuple(_from(ctx.player, w, False))
        return "player", False, other_players
    if name in ("lowest_level", "highest_level"):
        low = name == "lowest_level"

        def by_level(ctx, w):
            w.combat()
            liv = _living(w)
            lv = [w.level(s) for s in liv]
            want = (min(lv) if low else max(lv)) if lv else None
            return tuple(s for s in liv if w.level(s) == want)
        return "player", False, by_level
    if name == "lowest_strength":
        def lowest_strength(ctx, w):
            w.combat()
            liv = _living(w)
            st = {s: w.strength(s, one_shots=False) for s in liv}
            want = min(st.values()) if st else None
            return tuple(s for s in liv if st[s] == want)
        return "player", False, lowest_strength
    if name in ("left_neighbour", "right_neighbour", "neighbours"):
        def neighbours(ctx, w):
            w.combat()
            others = _from(ctx.player, w, False)
            if not others:
                return ()
            if name == "left_neighbour":
                return (others[0],)
            if name == "right_neighbour":
                return (others[-1],)
            return (others[0],) if others[0] == others[-1] else (others[0], others[-1])
        return "player", False, neighbours
    if name == "chosen_player":
        def chosen_player(ctx, w):
            w.combat()
            return tuple(_living(w))
        return "player", True, chosen_player
    if name == "chosen_other_player":
        def chosen_other_player(ctx, w):
            w.combat()
            return tuple(s for s in _living(w) if s != ctx.owner)
        return "player", True, chosen_other_player
    if name == "players_here":
        def players_here(ctx, w):
            w.combat()
            return tuple(s for s in range(w.seat_count()) if w.stands_in(s, ctx.source))
        return "player", False, players_here
    if name in ("this_monster", "monsters", "other_monsters", "chosen_monster"):
        return "monster", name == "chosen_monster", _monsters(name)
    if name in ("munchkin_side", "monster_side", "chosen_side"):
        sides = {"munchkin_side": ("munchkins",), "monster_side": ("monsters",)}.get(name, ("munchkins", "monsters"))

        def side(ctx, w):
            w.combat()
            return sides
        return "side", name == "chosen_side", side
    if name == "this_card":
        def this_card(ctx, w):
            w.combat()
            return (ctx.source,)
        return "card", False, this_card
    if name == "chosen_item":
        def chosen_item(ctx, w):
            w.combat()
            return tuple(w.items_in_play(ctx.owner)) if ctx.owner >= 0 else ()
        return "card", True, chosen_item

    def unknown(ctx, w):
        w.combat()
        raise ValueError(f"unknown target {name!r}")
    return "player", False, unknown


def _monsters(name: str):
    if name == "this_monster":
        def this_monster(ctx, w):
            w.combat()
            return (ctx.monster,) if ctx.monster >= 0 else ()
        return this_monster
    if name == "monsters":
        def monsters(ctx, w):
            c = w.combat()
            return tuple(c.monsters) if c else ()
        return monsters
    if name == "other_monsters":
        def other_monsters(ctx, w):
            c = w.combat()
            return tuple(m for m in (tuple(c.monsters) if c else ()) if m != ctx.monster)
        return other_monsters

    def chosen_monster(ctx, w):
        c = w.combat()
        return tuple(c.monsters) if c else ()
    return chosen_monster


# --------------------------------------------------------------------------- amounts


def amount_fn(a):
    """The closure of amount ``a``: ``f(ctx, world) -> int``, the same number as
    ``amount_of(a, ctx, world)``."""
    hit = _AMOUNTS.get(id(a))
    if hit is not None and hit[0] is a:
        return hit[1]
    if isinstance(a, bool):
        v = int(a)
        fn = lambda ctx, w: v  # noqa: E731
    elif isinstance(a, int):
        fn = lambda ctx, w: a  # noqa: E731
    elif a == "bonus":
        fn = lambda ctx, w: ctx.bonus  # noqa: E731
    elif isinstance(a, Per):
        each, items = a.each, target_of(a.per).items
        fn = lambda ctx, w: each * len(items(ctx, w))  # noqa: E731
    else:
        def fn(ctx, w):
            raise TypeError(f"not an amount: {a!r}")
    return _remember(_AMOUNTS, a, fn)
