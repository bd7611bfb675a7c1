"""The pure parts of the interpreter: conditions, targets, amounts and durations.

None of this touches the engine's internals. The engine implements the small :class:`World`
protocol (read-only questions about the position) and passes a :class:`Context` (the event:
which card, whose, which player and monster it concerns, event facts); these functions
answer:

* :func:`evaluate` - does a condition hold (``if:``, ``where:``)?
* :func:`resolve` - who does a target name (``who:``) stand for now: seats, monsters, sides
  or cards, or a choice the owner must make (:class:`Resolution`)?
* :func:`amount_of` - the number an amount stands for (``bonus``, ``{each, per}``).
* :class:`Ledger` - the lasting changes made by triggered ops, and when each ends.

Seats are ints in seat order; "left" is the next seat (seat + 1), as in the engine. Monsters
are referred to by their card id (stable while they are in the combat). Rule sources are in
``README.md`` of this folder (the interpreter contract).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as _replace
from typing import Any, Mapping, Protocol, Sequence

from .program import About, All, AnyOf, Atom, Duration, Not, Per, Target

# --------------------------------------------------------------------------- protocol


@dataclass(frozen=True, slots=True)
class ItemView:
    """An item in use: lower-case ``name``, ``slot`` (``headgear`` ... ``vehicle``, ``none``),
    ``big``."""

    name: str
    slot: str
    big: bool = False


@dataclass(frozen=True, slots=True)
class CombatView:
    """The combat as conditions see it.

    ``monsters``: card ids in the combat; ``runners``: seats still running away; ``stage``:
    ``fight`` / ``window`` / ``run``; ``rolls``: Run Away rolls made so far in this combat;
    ``fought``: the fighter declared a fight; ``one_shots``:
    One-Shots played so far; ``winning``: the munchkin side wins now; ``win_levels``: Levels the
    fighter would gain by winning now; ``bare``: the fighter is alone, no One-Shot, strength ==
    Level; ``used``: lower-case names of the cards the munchkin side used (One-Shots played,
    items in use); ``mates``: the Mates played on each monster (card id -> count, absent:
    none) - a Mate is one more monster just like it (the Mate card), so a count of monsters
    (``Per``) and the condition ``monsters>=N`` (:func:`monster_count`) count it too.
    """

    fighter: int
    helper: int = -1
    monsters: tuple = ()
    runners: tuple = ()
    stage: str = "fight"
    rolls: int = 0
    fought: bool = False
    one_shots: int = 0
    winning: bool = False
    win_levels: int = 1
    bare: bool = False
    used: tuple = ()
    mates: Mapping = field(default_factory=dict)


class World(Protocol):
    """What the interpreter asks the engine (read-only; the engine implements it).

    Every name is lower-case. ``against=True`` asks for a Race/Class as a disadvantage:
    Half-Breed / Super Munchkin with a single card hide it (core rules, 10. Mixed Super
    Munchkin).
    """

    def seat_count(self) -> int: ...
    def alive(self, seat: int) -> bool: ...
    def active(self) -> int: ...
    def phase(self) -> str: ...
    def level(self, seat: int) -> int: ...
    def races(self, seat: int, against: bool = False) -> Sequence[str]: ...
    def classes(self, seat: int, against: bool = False) -> Sequence[str]: ...
    def gender(self, seat: int) -> str: ...
    def in_use(self, seat: int) -> Sequence[ItemView]: ...
    def items_in_play(self, seat: int) -> Sequence[int]: ...
    def card_name(self, card: int) -> str: ...
    def has_hireling(self, seat: int) -> bool: ...
    def stands_in(self, seat: int, room_card: int) -> bool: ...
    def strength(self, seat: int, one_shots: bool = True) -> int: ...
    def combat(self) -> CombatView | None: ...
    def monster_tags(self, monster: int) -> frozenset: ...
    def monster_level(self, monster: int) -> int: ...
    def dungeons(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Context:
    """One event: the ``source`` card (id), its ``owner`` (seat; -1 for a monster), the
    ``player`` of the event (see the trigger table), the ``monster`` it concerns (card id or
    -1), the card's printed ``bonus``, ``against`` (the ability works against players: a
    monster's, core rules 10. Mixed Super Munchkin) and the event ``facts``
    (``from_kick``, ``drawn_face_up``, ``first_roll``, ``succeeded``, ``failed``, ``room_has_cards``,
    ``forced_entry``, ``curse_pending``: True when so)."""

    source: int
    owner: int
    player: int
    monster: int = -1
    bonus: int = 0
    against: bool = False
    facts: Mapping[str, Any] = field(default_factory=dict)


# --------------------------------------------------------------------------- conditions


def _cmp(a: int, op: str, b: int) -> bool:
    return a <= b if op == "<=" else a >= b if op == ">=" else a < b if op == "<" else \
        a > b if op == ">" else a == b


def _living(world: World) -> list[int]:
    return [s for s in range(world.seat_count()) if world.alive(s)]


def _wears(world: World, seat: int, what: str) -> bool:
    for it in world.in_use(seat):
        if what == "hand" and it.slot in ("one_hand", "two_hands"):
            return True
        if what == "big" and it.big:
            return True
        if it.slot == what:
            return True
    return False


def _player_atom(a: Atom, seat: int, ctx: Context, world: World) -> bool:  # noqa: C901
    n = a.name
    if seat < 0:
        return False
    if n == "race":
        return a.arg in world.races(seat, ctx.against)
    if n == "class":
        return a.arg in world.classes(seat, ctx.against)
    if n == "human":
        return not world.races(seat)
    if n == "has_race":
        return bool(world.races(seat))
    if n == "has_class":
        return bool(world.classes(seat))
    if n == "gender":
        return world.gender(seat) == a.arg
    if n == "level":
        return _cmp(world.level(seat), a.cmp, a.num)
    if n in ("highest_level", "lowest_level"):
        lv = [world.level(s) for s in _living(world)]
        return bool(lv) and world.level(seat) == (max(lv) if n == "highest_level" else min(lv))
    if n in ("higher_level", "lower_level"):
        if ctx.owner < 0:
            return False
        d = world.level(seat) - world.level(ctx.owner)
        return d > 0 if n == "higher_level" else d < 0
    if n == "riding":
        return _wears(world, seat, "vehicle")
    if n == "wears":
        return _wears(world, seat, a.arg)
    if n == "has_item":
        return any(a.arg in world.card_name(c) for c in world.items_in_play(seat))
    if n == "has_hireling":
        return world.has_hireling(seat)
    if n == "here":
        return world.stands_in(seat, ctx.source)
    if n == "role":
        c = world.combat()
        if a.arg == "owner":
            return seat == ctx.owner
        if a.arg == "active":
            return seat == world.active()
        if c is None:
            return False
        if a.arg == "fighter":
            return seat == c.fighter
        if a.arg == "helper":
            return seat == c.helper
        if a.arg == "runner":
            return seat in c.runners
        return seat in (c.fighter, c.helper)  # in_combat
    if n in ("tag", "name"):  # a monster atom on a player subject: the monster of the event
        if ctx.monster >= 0:
            return _monster_atom(a, ctx.monster, world)
        # an event with no monster of its own (an item in play, a won combat): a monster of
        # the combat ("+4 against Undead": the rulebooks are silent on several monsters; the
        # reading most players use, as Items.bonus_if, is that one is enough)
        c = world.combat()
        return c is not None and any(_monster_atom(a, m, world) for m in c.monsters)
    raise ValueError(f"atom {a} is not a player atom")  # pragma: no cover - compiler checks


def _monster_atom(a: Atom, m: int, world: World) -> bool:
    if m < 0:
        return False
    if a.name == "tag":
        return a.arg in world.monster_tags(m)
    if a.name == "name":
        return a.arg in world.card_name(m)
    if a.name == "level":
        return _cmp(world.monster_level(m), a.cmp, a.num)
    return False


def _game_atom(a: Atom, ctx: Context, world: World) -> bool:  # noqa: C901
    n = a.name
    c = world.combat()
    if n in ctx.facts:
        return bool(ctx.facts[n])
    if n == "in_combat":
        return c is not None
    if n == "own_turn":
        return ctx.owner >= 0 and world.active() == ctx.owner
    if n == "players":
        return _cmp(world.seat_count(), a.cmp, a.num)
    if n == "dungeon":
        return a.arg in world.dungeons()
    if n == "hireling_in_play":
        return any(world.has_hireling(s) for s in range(world.seat_count()))
    if n == "phase":
        return world.phase() == a.arg
    if n in ("from_kick", "drawn_face_up", "first_roll", "succeeded", "failed", "room_has_cards",
             "forced_entry", "curse_pending"):
        return False  # an event fact the event did not set
    if c is None:
        return False  # (each atom below: _COMBAT_GAME)
    if n == "helped":
        return c.helper >= 0
    if n == "alone":
        return c.helper < 0
    if n == "fought":
        return c.fought
    if n == "running_away":
        return c.stage == "run"
    if n == "no_roll_yet":
        return c.stage == "run" and c.rolls == 0
    if n == "winning":
        return c.winning
    if n == "for_winning_level":
        return world.level(c.fighter) + c.win_levels >= 10
    if n == "one_shots_used":
        return c.one_shots > 0
    if n == "bare":
        return c.bare
    if n == "used":
        return any(a.arg in u for u in c.used)
    if n == "monsters":
        return _cmp(monster_count(c), a.cmp, a.num)
    raise ValueError(f"atom {a} is not a game atom")  # pragma: no cover - compiler checks


def monster_count(c: CombatView, monsters=None) -> int:
    """The number of monsters in combat ``c`` (or of its monster cards ``monsters``, a
    sequence of card ids) as the condition ``monsters>=N`` and :func:`amount_of`'s ``Per`` of
    monsters count them: each monster card, and once more per Mate on it (core rules, Mate
    card: the monster gets a twin just like it, one more monster to fight). A combat emptied
    by a card: 0."""
    if monsters is None:
        monsters = c.monsters
    mates = c.mates
    if mates:
        return sum(1 + mates.get(m, 0) for m in monsters)
    return len(monsters)


#: the game atoms that hold only while a combat is on (:func:`_game_atom` answers False for
#: each of them without one), and the combat roles of a ``role:`` atom
_COMBAT_GAME = frozenset(("helped", "alone", "fought", "running_away", "no_roll_yet", "winning",
                          "for_winning_level", "one_shots_used", "bare", "used", "monsters", "in_combat"))
_COMBAT_ROLES = frozenset(("fighter", "helper", "runner", "in_combat"))


def needs_combat(cond) -> bool:
    """Can ``cond`` hold only while a combat is on? True when it requires, as a whole, an atom
    of :data:`_COMBAT_GAME` or a combat role (``role:runner``...) not negated, or a subject
    of a combat (``{fighter: ...}``, ``{any_monster: ...}``: :func:`evaluate` finds none out
    of one): in one item of an ``and``, in every branch of an ``or``; a ``not`` is never read
    so. False means it may hold out of combat (or that this reading cannot tell): a cheap
    static test for a bot that looks for a ``use`` ability to use on its own turn
    (``CardFacts.use_out_of_combat``). ``cond``: a compiled condition (:mod:`.program`) or
    None (no condition: False)."""
    if isinstance(cond, Atom):
        if cond.neg:
            return False
        return cond.name in _COMBAT_GAME or (cond.name == "role" and cond.arg in _COMBAT_ROLES)
    if isinstance(cond, All):
        return any(needs_combat(c) for c in cond.items)
    if isinstance(cond, AnyOf):
        return bool(cond.items) and all(needs_combat(c) for c in cond.items)
    if isinstance(cond, About):  # (every subject but the player and the owner: of a combat)
        return cond.subject not in ("player", "owner") or needs_combat(cond.cond)
    return False


_GAME = frozenset(("in_combat", "own_turn", "helped", "alone", "fought", "running_away", "no_roll_yet", "winning",
                   "for_winning_level", "one_shots_used", "bare", "used", "from_kick", "drawn_face_up", "first_roll",
                   "succeeded", "failed", "players", "monsters", "dungeon", "hireling_in_play",
                   "room_has_cards", "forced_entry", "curse_pending", "phase"))


def evaluate(cond, ctx: Context, world: World, subject: tuple | None = None) -> bool:
    """Does ``cond`` hold? ``subject`` is ``("player", seat)`` or ``("monster", card)``;
    default: the player of the event. None (no condition) holds.

    Rules: a list/``and`` needs every part, ``or`` one, ``not`` none; ``{fighter: C}`` and the
    other subjects of :data:`.vocab.SUBJECTS` test C on that subject (false when it does not
    exist: no helper, no combat); ``any_munchkin`` counts once however many match.
    """
    if cond is None:
        return True
    if subject is None:
        subject = ("player", ctx.player)
    if isinstance(cond, Atom):
        n = cond.name
        if n in _GAME:
            r = _game_atom(cond, ctx, world)
        elif subject[0] == "monster":
            r = _monster_atom(cond, subject[1], world)
        else:
            r = _player_atom(cond, subject[1], ctx, world)
        return r != cond.neg
    if isinstance(cond, All):
        return all(evaluate(c, ctx, world, subject) for c in cond.items)
    if isinstance(cond, AnyOf):
        return any(evaluate(c, ctx, world, subject) for c in cond.items)
    if isinstance(cond, Not):
        return not evaluate(cond.item, ctx, world, subject)
    if isinstance(cond, About):
        s = cond.subject
        c = world.combat()
        if s == "player":
            return evaluate(cond.cond, ctx, world, ("player", ctx.player))
        if s == "owner":
            return ctx.owner >= 0 and evaluate(cond.cond, ctx, world, ("player", ctx.owner))
        if s == "monster":
            if ctx.monster >= 0:
                return evaluate(cond.cond, ctx, world, ("monster", ctx.monster))
            # an event with no monster of its own (an Item or Class in play): a monster of the
            # combat, as a bare monster atom reads (rulebook silent on several: one is enough)
            return c is not None and any(evaluate(cond.cond, ctx, world, ("monster", m)) for m in c.monsters)
        if c is None:
            return False
        if s == "fighter":
            return evaluate(cond.cond, ctx, world, ("player", c.fighter))
        if s == "helper":
            return c.helper >= 0 and evaluate(cond.cond, ctx, world, ("player", c.helper))
        seats = [x for x in (c.fighter, c.helper) if x >= 0]
        if s == "any_munchkin":
            return any(evaluate(cond.cond, ctx, world, ("player", x)) for x in seats)
        if s == "all_munchkins":
            return all(evaluate(cond.cond, ctx, world, ("player", x)) for x in seats)
        ms = [("monster", m) for m in c.monsters]
        if s == "any_monster":
            return any(evaluate(cond.cond, ctx, world, m) for m in ms)
        if s == "all_monsters":
            return bool(ms) and all(evaluate(cond.cond, ctx, world, m) for m in ms)
    raise TypeError(f"not a condition: {cond!r}")


# --------------------------------------------------------------------------- targets


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a target stands for: ``kind`` (player, monster, side, card) and ``items`` (seats,
    monster card ids, ``"munchkins"``/``"monsters"``, card ids), in order. ``choose``: the owner
    must pick one of ``items`` (a pending decision); an empty ``items`` means nobody."""

    kind: str
    items: tuple
    choose: bool = False


def _from(seat: int, world: World, include: bool) -> list[int]:
    n = world.seat_count()
    start = 0 if include else 1
    return [(seat + j) % n for j in range(start, n) if world.alive((seat + j) % n)]


def resolve(target: Target, ctx: Context, world: World) -> Resolution:  # noqa: C901
    """Resolve ``target`` for the event ``ctx`` (see :data:`.vocab.TARGETS`).

    Players are living players only (the dead receive nothing, core rules 7. Death) except
    ``player`` / ``owner`` themselves; ``where`` filters the candidates (each tested as the
    subject). Order: seat order from the player of the event (``each_player``), from their
    left (``other_players``), left then right (``neighbours``).
    """
    name = target.name
    c = world.combat()
    p = ctx.player
    kind = "player"
    choose = False
    if name == "player":
        items = (p,) if p >= 0 else ()
    elif name == "owner":
        items = (ctx.owner,) if ctx.owner >= 0 else ()
    elif name == "fighter":
        items = (c.fighter,) if c else ()
    elif name == "helper":
        items = (c.helper,) if c and c.helper >= 0 else ()
    elif name == "munchkins":
        items = tuple(x for x in (c.fighter, c.helper) if x >= 0) if c else ()
    elif name == "runners":
        items = tuple(c.runners) if c else ()
    elif name == "active_player":
        items = (world.active(),)
    elif name == "each_player":
        items = tuple(_from(p if p >= 0 else world.active(), world, True))
    elif name == "other_players":
        items = tuple(_from(p, world, False))
    elif name in ("lowest_level", "highest_level"):
        liv = _living(world)
        lv = [world.level(s) for s in liv]
        want = (min(lv) if name == "lowest_level" else max(lv)) if lv else None
        items = tuple(s for s in liv if world.level(s) == want)
    elif name == "lowest_strength":
        liv = _living(world)
        st = {s: world.strength(s, one_shots=False) for s in liv}
        want = min(st.values()) if st else None
        items = tuple(s for s in liv if st[s] == want)
    elif name in ("left_neighbour", "right_neighbour", "neighbours"):
        others = _from(p, world, False)
        if not others:
            items = ()
        elif name == "left_neighbour":
            items = (others[0],)
        elif name == "right_neighbour":
            items = (others[-1],)
        else:
            items = (others[0],) if others[0] == others[-1] else (others[0], others[-1])
    elif name == "chosen_player":
        items, choose = tuple(_living(world)), True
    elif name == "chosen_other_player":
        items, choose = tuple(s for s in _living(world) if s != ctx.owner), True
    elif name == "players_here":
        items = tuple(s for s in range(world.seat_count()) if world.stands_in(s, ctx.source))
    elif name in ("this_monster", "monsters", "other_monsters", "chosen_monster"):
        kind = "monster"
        ms = tuple(c.monsters) if c else ()
        if name == "this_monster":
            items = (ctx.monster,) if ctx.monster >= 0 else ()
        elif name == "monsters":
            items = ms
        elif name == "other_monsters":
            items = tuple(m for m in ms if m != ctx.monster)
        else:
            items, choose = ms, True
    elif name in ("munchkin_side", "monster_side", "chosen_side"):
        kind = "side"
        items = {"munchkin_side": ("munchkins",), "monster_side": ("monsters",)}.get(
            name, ("munchkins", "monsters"))
        choose = name == "chosen_side"
    elif name == "this_card":
        kind, items = "card", (ctx.source,)
    elif name == "chosen_item":
        kind, items, choose = "card", tuple(world.items_in_play(ctx.owner)) if ctx.owner >= 0 else (), True
    else:
        raise ValueError(f"unknown target {name!r}")
    if target.where is not None and kind in ("player", "monster"):
        items = tuple(x for x in items if evaluate(target.where, ctx, world, (kind, x)))
    return Resolution(kind, items, choose)


def amount_of(a, ctx: Context, world: World) -> int:
    """The number amount ``a`` stands for: an int itself, ``"bonus"`` the card's printed bonus
    (``ctx.bonus``), ``Per(each, per)`` ``each`` times the number of ``per`` targets now. A
    monster with a Mate on it counts once more per Mate (the Mate card: a twin just like it,
    so "+2 against each Ghost" counts a Ghost's Mate as one more Ghost - Scooby-Doo rules,
    Ghost Hunters, with the core Mate in a mix; the Elf's Level per monster counts the Mate
    the same way: ``Combat._resolve_win``)."""
    if isinstance(a, bool):
        return int(a)
    if isinstance(a, int):
        return a
    if a == "bonus":
        return ctx.bonus
    if isinstance(a, Per):
        r = resolve(a.per, ctx, world)
        if r.kind == "monster" and r.items:
            c = world.combat()
            if c is not None:
                return a.each * monster_count(c, r.items)
        return a.each * len(r.items)
    raise TypeError(f"not an amount: {a!r}")


# --------------------------------------------------------------------------- durations


#: ``Lasting.until`` of a ``next_turn`` change made on a player whose turn it is not: it waits
#: (in force for nothing) until their turn begins (:meth:`Ledger.turn_started`)
_WAITING = "next_turn_waiting"


@dataclass(frozen=True, slots=True)
class Lasting:
    """One lasting change: made by card ``source``, on ``target`` (``("player", seat)``,
    ``("monster", card)``, ``("side", "munchkins")`` or ``("card", card)``), op ``name`` with
    ``value``, ending per ``until`` (a duration name, or ``until_lost`` with ``slot``)."""

    source: int
    target: tuple
    name: str
    value: Any
    until: str
    slot: str | None = None


@dataclass(frozen=True, slots=True)
class Ledger:
    """The lasting changes in force, as an immutable value (undo snapshots share it).

    The engine adds one entry per target when a triggered lasting op runs (:meth:`add`),
    asks for totals and switches (:meth:`total`, :meth:`has`, :meth:`tags`) and reports the
    moments that end them (:meth:`combat_ended`, :meth:`turn_started`, :meth:`turn_ended`,
    :meth:`left_play`, :meth:`item_lost`, :meth:`cancel`); each returns ``(ledger, ended)``.
    Continuous (``in_play``) abilities are not stored: they are evaluated live.
    """

    entries: tuple = ()

    def add(self, source: int, target: tuple, name: str, value: Any, duration: Duration,
            active: int = -1) -> "Ledger":
        """Add one change; ``in_play`` is tied to ``source`` leaving play. ``this_combat``
        outside a combat is for the combat about to start (a monster's ``kicked``, a room's
        ``enter_room`` before its monster turns up): it ends when that combat ends, or at the
        end of the turn when none starts (:meth:`turn_ended`). ``next_turn`` on a player
        whose turn it is not (``active``: the seat whose turn it is) waits, in force for
        nothing, until their turn begins (:meth:`turn_started`); on the player whose turn it
        is, it is for this turn (Scooby-Doo rules, Curses)."""
        until = duration.kind
        t = tuple(target)
        if until == "next_turn" and t[0] == "player" and t[1] != active:
            until = _WAITING
        e = Lasting(source, t, name, value, until, duration.slot)
        return Ledger(self.entries + (e,))

    def _split(self, ends) -> tuple["Ledger", tuple]:
        keep, gone = [], []
        for e in self.entries:
            (gone if ends(e) else keep).append(e)
        return (self if not gone else Ledger(tuple(keep))), tuple(gone)

    def total(self, name: str, target: tuple) -> int:
        """Sum of the int values of ``name`` on ``target`` (combat_strength, run_away,
        roll_mod, hand_limit, treasures, levels_won)."""
        t = tuple(target)
        total = 0
        for e in self.entries:
            if e.name == name and e.target == t and e.until != _WAITING:
                v = e.value
                if isinstance(v, int) and not isinstance(v, bool):
                    total += v
        return total

    def has(self, name: str, target: tuple) -> bool:
        """Whether a switch (``wins_ties``, ``must_help``, ``only_slot``...) is on for ``target``."""
        t = tuple(target)
        for e in self.entries:
            if e.name == name and e.target == t and e.until != _WAITING:
                return True
        return False

    def values(self, name: str, target: tuple) -> tuple:
        """The values of ``name`` on ``target``, oldest first (``only_slot`` -> slots)."""
        t = tuple(target)
        return tuple(e.value for e in self.entries if e.name == name and e.target == t and e.until != _WAITING)

    def tags(self, target: tuple, printed=()) -> frozenset:
        """The tags of ``target``: ``printed`` plus granted minus removed, in the order made."""
        tags = set(printed)
        t = tuple(target)
        for e in self.entries:
            if e.target == t and e.until != _WAITING:
                if e.name == "grant_tag":
                    tags.add(e.value)
                elif e.name == "remove_tag":
                    tags.discard(e.value)
        return frozenset(tags)

    def holds(self, source: int) -> bool:
        """Whether any change made by card ``source`` is still in force (a Curse that stays
        keeps its card while this is true)."""
        return any(e.source == source for e in self.entries)

    def combat_ended(self, participants: Sequence[int], monsters: Sequence[int] = ()) -> tuple:
        """A combat ended: ``this_combat`` changes end; ``next_combat`` ones end for the
        ``participants`` (fighter and helper, core rules 10. Curses); changes on its
        ``monsters`` and on the sides end too."""
        part = {("player", s) for s in participants}
        mons = {("monster", m) for m in monsters}
        return self._split(lambda e: e.until == "this_combat" or e.target[0] == "side"
                           or (e.until == "next_combat" and e.target in part) or e.target in mons)

    def left_combat(self, seats: Sequence[int], sources: Sequence[int], own: Sequence[int] = ()) -> tuple:
        """Players ``seats`` left a combat that goes on without them (another player was made
        the fighter by a card): the ``this_combat`` changes on them made by ``sources`` end,
        and those made on any player by ``own`` (their own cards: a backstab they made); their
        ``next_combat`` changes are spent on this combat and end too (core rules, 10. Curses)."""
        who = {("player", s) for s in seats}
        src = set(sources)
        mine = set(own)
        return self._split(lambda e: (e.until == "this_combat" and (
            (e.target in who and e.source in src) or (e.source in mine and e.target[0] == "player")))
            or (e.until == "next_combat" and e.target in who))

    def turn_started(self, seat: int) -> tuple:
        """Seat ``seat``'s turn begins: its ``until_next_turn`` changes end; its waiting
        ``next_turn`` changes come into force for this turn."""
        me = ("player", seat)
        led, ended = self._split(lambda e: e.until == "until_next_turn" and e.target == me)
        if any(e.until == _WAITING and e.target == me for e in led.entries):
            led = Ledger(tuple(_replace(e, until="next_turn") if e.until == _WAITING and e.target == me
                               else e for e in led.entries))
        return led, ended

    def turn_ended(self) -> tuple:
        """The turn ends: ``this_turn`` and ``next_turn`` changes in force end, and a
        ``this_combat`` change made for a combat that never started."""
        return self._split(lambda e: e.until in ("this_turn", "this_combat", "next_turn"))

    def left_play(self, card: int) -> tuple:
        """Card ``card`` left play: the ``in_play`` changes it made end, and every change on it."""
        return self._split(lambda e: (e.until == "in_play" and e.source == card)
                           or e.target in (("card", card), ("monster", card)))

    def item_lost(self, seat: int, slot: str) -> tuple:
        """Seat ``seat`` lost an item of ``slot``: their ``until_lost`` changes of that slot end."""
        return self._split(lambda e: e.until == "until_lost" and e.slot == slot
                           and e.target == ("player", seat))

    def cancel(self, source: int, target: tuple | None = None) -> tuple:
        """A kept Curse was removed (Wishing Ring): every change made by ``source`` (on
        ``target`` only, when given) ends."""
        return self._split(lambda e: e.source == source and (target is None or e.target == tuple(target)))

    def to_data(self) -> list:
        """Plain lists for JSON (``Ledger.from_data`` reads them back)."""
        return [[e.source, list(e.target), e.name, e.value, e.until, e.slot] for e in self.entries]

    @classmethod
    def from_data(cls, data) -> "Ledger":
        return cls(tuple(Lasting(s, tuple(t), n, v, u, sl) for s, t, n, v, u, sl in data))
