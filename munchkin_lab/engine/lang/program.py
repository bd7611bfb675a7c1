"""The compiled form of a card's effects: plain frozen dataclasses the engine reads.

:func:`munchkin_lab.engine.lang.expand` turns a card's ``effects`` mapping (short forms and
``abilities:`` alike) into one :class:`Program`. Everything here is immutable, hashable
and picklable; nothing imports pydantic, YAML or the database. Names follow
``database/EFFECTS.md`` (generated from :mod:`.vocab`); the interpreter contract is
``munchkin_lab/engine/lang/README.md``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Union

# --------------------------------------------------------------------------- conditions


@dataclass(frozen=True, slots=True)
class Atom:
    """One condition atom, parsed: ``!race:elf`` -> ``Atom(True, "race", "elf")``;
    ``level>=6`` -> ``Atom(False, "level", None, ">=", 6)``."""

    neg: bool
    name: str
    arg: str | None = None
    cmp: str | None = None
    num: int | None = None

    def __str__(self) -> str:
        s = ("!" if self.neg else "") + self.name
        if self.arg is not None:
            s += ":" + self.arg
        if self.cmp is not None:
            s += f"{self.cmp}{self.num}"
        return s


@dataclass(frozen=True, slots=True)
class All:
    """Every condition holds (``and:`` or a list)."""

    items: tuple


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one condition holds (``or:``)."""

    items: tuple


@dataclass(frozen=True, slots=True)
class Not:
    """The condition does not hold (``not:``)."""

    item: Any


@dataclass(frozen=True, slots=True)
class About:
    """The condition is tested on a named subject (``{fighter: race:elf}``; see
    :data:`.vocab.SUBJECTS`)."""

    subject: str
    cond: Any


Cond = Union[Atom, All, AnyOf, Not, About]

# --------------------------------------------------------------------------- targets, amounts


@dataclass(frozen=True, slots=True)
class Target:
    """Who an op acts on: a name of :data:`.vocab.TARGETS`, optionally filtered by ``where``
    (tested on each candidate)."""

    name: str
    where: Cond | None = None


PLAYER = Target("player")
OWNER = Target("owner")


@dataclass(frozen=True, slots=True)
class Per:
    """Amount ``each`` times the number of ``per`` targets (``{each: 2, per: {select:
    munchkins, where: race:elf}}``)."""

    each: int
    per: Target


#: ``int``, the string ``"bonus"`` (the card's printed bonus), or :class:`Per`.
Amount = Union[int, str, Per]


@dataclass(frozen=True, slots=True)
class Duration:
    """How long a lasting op lasts: a name of :data:`.vocab.DURATIONS`, or ``until_lost``
    with ``slot`` (ends when the target loses their item of that slot)."""

    kind: str
    slot: str | None = None


# --------------------------------------------------------------------------- ops


@dataclass(frozen=True, slots=True)
class Op:
    """One op: ``name`` (canonical, see :data:`.vocab.OPS`), its main ``value`` (parsed: an
    :data:`Amount`, a :data:`Cond` for ``if``, a tuple of ``((lo, hi), ops)`` for ``roll``, a
    frozen mapping for ``room_action``, else the plain value), an optional ``who`` override,
    the ``duration`` (lasting ops only; resolved at compile time from the op, the ability or the
    trigger), ``params`` (its own fields as sorted ``(key, value)`` pairs) and the nested op
    lists ``then`` / ``orelse`` (``else``)."""

    name: str
    value: Any
    who: Target | None = None
    duration: Duration | None = None
    params: tuple = ()
    then: tuple = ()
    orelse: tuple = ()

    def get(self, key: str, default: Any = None) -> Any:
        """The value of param ``key`` (``count``, ``winning``, ``floor``, ``fail`` ...)."""
        for k, v in self.params:
            if k == key:
                return v
        return default


# --------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost paid when an ability is used: discard ``what`` (see :data:`.vocab.COST_WHAT`),
    ``count`` of them, of the Door or Treasure ``deck`` when given; for items: worth at least
    ``worth`` Gold, named with one of ``named``, or carrying one of the tags ``tagged``."""

    what: str
    count: int = 1
    worth: int | None = None
    named: tuple = ()
    tagged: tuple = ()
    deck: str | None = None


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``times`` uses ``per`` combat/turn/game/roll (``each_target``: per target)."""

    times: int
    per: str
    each_target: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: when (``when``, the triggers), if (``cond``), who (``who``), do (``do``), plus who may use it
    (``by``, ``when: use``), whether it is optional (``may``), its ``cost`` and ``limit``, a
    ``label``, its ``origin`` (the effects key it was compiled from: ``"abilities[2]"`` or a
    short-form key such as ``"bad_stuff"``), ``from_hand`` (a reaction played from the
    owner's hand when the trigger fires; ``may`` is then true) and ``otherwise`` (with
    ``may``: the ops that run instead when the player declines, or cannot pay the cost)."""

    when: tuple
    do: tuple
    cond: Cond | None = None
    who: Target = PLAYER
    by: Target | None = None
    may: bool = False
    cost: tuple = ()
    limit: Limit | None = None
    label: str | None = None
    origin: str = ""
    from_hand: bool = False
    otherwise: tuple = ()

    @property
    def continuous(self) -> bool:
        """True for ``when: in_play`` (a static ability)."""
        return "in_play" in self.when


def walk_ops(ops) -> Iterator["Op"]:
    """Every op of the op list ``ops``, nested ones included (``then`` / ``else``, a
    ``roll``'s ranges, a Run Away roll's ``fail`` / ``success``), in order: each op, then
    what it holds."""
    for op in ops:
        yield op
        yield from walk_ops(op.then)
        yield from walk_ops(op.orelse)
        if op.name == "roll":
            for _rng, sub in op.value:
                yield from walk_ops(sub)
        for key in ("fail", "success"):
            sub = op.get(key)
            if sub:
                yield from walk_ops(sub)


def walk_cond(cond) -> Iterator[Any]:
    """Every node of the condition ``cond`` (``None``: none): the node, then the parts it holds
    (the items of ``All`` / ``AnyOf``, the item of ``Not``, the condition of ``About``)."""
    if cond is None:
        return
    yield cond
    if isinstance(cond, (All, AnyOf)):
        for c in cond.items:
            yield from walk_cond(c)
    elif isinstance(cond, Not):
        yield from walk_cond(cond.item)
    elif isinstance(cond, About):
        yield from walk_cond(cond.cond)


@dataclass(frozen=True, slots=True)
class Program:
    """Everything a card does: its abilities in file order (short forms first, in the order of
    the effects keys, then ``abilities:``). ``on(trigger)`` gives those waiting for a trigger.

    ``parts``: the expansion parts the rules modules own (``room``, ``dungeon``, ``portal``,
    ``fairy_dust``, ``vehicle``, ``room_action``) as checked records (a frozen mapping per key,
    its op lists - a room's ``on_entry``, ``on_exit``, ``on_fail`` - compiled to :class:`Op`
    tuples); ``None`` when the card has none. Their abilities are in ``abilities`` too (the
    reference shows them); the engine runs the records (``engine/lang/README.md``)."""

    abilities: tuple = ()
    index: Any = field(default=None, compare=False, hash=False, repr=False)
    parts: Any = field(default=None, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        idx: dict[str, list] = {}
        for ab in self.abilities:
            for t in ab.when:
                idx.setdefault(t, []).append(ab)
        object.__setattr__(self, "index", {k: tuple(v) for k, v in idx.items()})

    def on(self, trigger: str) -> tuple:
        """The abilities waiting for ``trigger`` (a name of :data:`.vocab.TRIGGERS`), in order."""
        return self.index.get(trigger, ())

    @property
    def statics(self) -> tuple:
        """The continuous (``in_play``) abilities."""
        return self.on("in_play")

    def ops(self, name: str) -> tuple:
        """Every op called ``name`` anywhere in the program (nested ones included), in order."""
        return tuple(op for ab in self.abilities for ops in (ab.do, ab.otherwise) for op in walk_ops(ops)
                     if op.name == name)

    def __bool__(self) -> bool:
        return bool(self.abilities)


EMPTY = Program()
