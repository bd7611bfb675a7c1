"""The interpreter's compiled form (``lang/compiled.py``) answers exactly as the reference walk
(``interp.evaluate`` / ``resolve`` / ``amount_of``): on random conditions, targets, amounts,
positions and events the same value (or the same exception), and the same questions put to the
World in the same order (the engine's combat view is built on first use, so the order of
``combat()`` calls is part of the answer)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_lab.engine.lang import Context, Target, amount_of, evaluate, resolve
from munchkin_lab.engine.lang import vocab as V
from munchkin_lab.engine.lang.compiled import amount_fn, cond_fn, target_of
from munchkin_lab.engine.lang.interp import CombatView, ItemView
from munchkin_lab.engine.lang.program import About, All, AnyOf, Atom, Not, Per

from test_interp import P, FakeWorld  # noqa: E402 (the tiny fake game of the walk's tests)

MONSTERS = (100, 101, 102)
WORDS = ("elf", "dwarf", "halfling", "warrior", "cleric", "thief", "undead", "goblin", "bones",
         "armor", "pole", "k-ghoul mart", "flaming", "")
CMPS = ("<=", ">=", "<", ">", "=")
SLOTS = ("headgear", "armor", "footgear", "one_hand", "two_hands", "vehicle", "none")


def atoms():
    def one(name):
        d = V.ATOMS[name]
        if d.arg == "cmp":
            return st.builds(lambda neg, c, n: Atom(neg, name, None, c, n), st.booleans(),
                             st.sampled_from(CMPS), st.integers(0, 12))
        if d.arg == "enum":
            return st.builds(lambda neg, a: Atom(neg, name, a), st.booleans(), st.sampled_from(d.choices))
        if d.arg == "name":
            return st.builds(lambda neg, a: Atom(neg, name, a), st.booleans(), st.sampled_from(WORDS))
        return st.builds(lambda neg: Atom(neg, name), st.booleans())
    return st.sampled_from(sorted(V.ATOMS)).flatmap(one)


def conds():
    return st.recursive(atoms(), lambda inner: st.one_of(
        st.builds(lambda xs: All(tuple(xs)), st.lists(inner, max_size=4)),
        st.builds(lambda xs: AnyOf(tuple(xs)), st.lists(inner, max_size=3)),
        st.builds(Not, inner),
        st.builds(About, st.sampled_from(sorted(V.SUBJECTS)), inner)), max_leaves=8)


def targets():
    return st.builds(Target, st.sampled_from(sorted(V.TARGETS)), st.one_of(st.none(), conds()))


def amounts():
    return st.one_of(st.integers(-5, 5), st.booleans(), st.just("bonus"),
                     st.builds(Per, st.integers(-3, 3), targets()))


@st.composite
def worlds(draw):
    n = draw(st.integers(1, 5))
    players = []
    for _ in range(n):
        items = tuple(ItemView(draw(st.sampled_from(WORDS)), draw(st.sampled_from(SLOTS)), draw(st.booleans()))
                      for _ in range(draw(st.integers(0, 2))))
        players.append(P(draw(st.integers(1, 10)),
                         tuple(draw(st.lists(st.sampled_from(("elf", "dwarf", "halfling")), max_size=2, unique=True))),
                         tuple(draw(st.lists(st.sampled_from(("warrior", "cleric", "thief")), max_size=2, unique=True))),
                         draw(st.sampled_from(("male", "female"))), draw(st.booleans()), items,
                         tuple(draw(st.lists(st.sampled_from((200, 201, 202)), max_size=2))),
                         draw(st.booleans()), draw(st.sampled_from((-1, 55, 56))),
                         draw(st.one_of(st.none(), st.integers(-3, 15)))))
    fight = None
    if draw(st.booleans()):
        seats = st.integers(0, n - 1)
        fight = CombatView(draw(seats), draw(st.one_of(st.just(-1), seats)),
                           tuple(draw(st.lists(st.sampled_from(MONSTERS), max_size=3, unique=True))),
                           tuple(draw(st.lists(seats, max_size=2, unique=True))),
                           draw(st.sampled_from(("fight", "window", "run"))), draw(st.integers(0, 2)),
                           draw(st.booleans()), draw(st.integers(0, 2)), draw(st.booleans()),
                           draw(st.integers(1, 3)), draw(st.booleans()),
                           tuple(draw(st.lists(st.sampled_from(WORDS), max_size=3))))
    tags = {m: set(draw(st.lists(st.sampled_from(("undead", "goblin", "ghost")), max_size=2))) for m in MONSTERS}
    return FakeWorld(players, draw(st.integers(0, n - 1)), draw(st.sampled_from(V.PHASES)), fight, tags,
                     {m: draw(st.integers(1, 20)) for m in MONSTERS},
                     {100: "mr. bones", 101: "lame goblin", 102: "flaming armor", 200: "eleven-foot pole",
                      201: "elf pole", 55: "room"},
                     tuple(draw(st.lists(st.sampled_from(("k-ghoul mart", "crypt")), max_size=2))),
                     tuple(draw(st.lists(st.integers(0, n - 1), max_size=2))))


@st.composite
def contexts(draw, n: int):
    facts = draw(st.dictionaries(st.sampled_from(("from_kick", "drawn_face_up", "first_roll", "succeeded", "failed",
                                                  "room_has_cards", "forced_entry", "curse_pending", "in_combat",
                                                  "die")), st.one_of(st.booleans(), st.integers(0, 6)), max_size=3))
    seat = st.integers(-1, n - 1)
    return Context(draw(st.sampled_from((500, 55, 100))), draw(seat), draw(seat),
                   draw(st.sampled_from((-1,) + MONSTERS)), draw(st.integers(-2, 5)), draw(st.booleans()), facts)


class Recorder:
    """A World that logs every question asked of it (name and arguments), in order."""

    def __init__(self, world) -> None:
        self._w = world
        self.log: list = []

    def __getattr__(self, name):
        meth = getattr(self._w, name)

        def ask(*args, **kw):
            self.log.append((name, args, tuple(sorted(kw.items()))))
            return meth(*args, **kw)
        return ask


def _run(fn):
    try:
        return ("ok", fn())
    except Exception as exc:  # noqa: BLE001 - the same exception is part of the same answer
        return ("raised", type(exc).__name__, str(exc))


def _same(walk, compiled, world):
    a, b = Recorder(world), Recorder(world)
    got_walk = _run(lambda: walk(a))
    got_compiled = _run(lambda: compiled(b))
    assert got_compiled == got_walk
    assert b.log == a.log
    return got_walk


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data(), conds(), worlds())
def test_a_compiled_condition_answers_as_evaluate(data, cond, world):
    n = world.seat_count()
    ctx = data.draw(contexts(n))
    subject = data.draw(st.one_of(st.none(), st.tuples(st.just("player"), st.integers(-1, n - 1)),
                                  st.tuples(st.just("monster"), st.sampled_from((-1,) + MONSTERS))))
    f = cond_fn(cond)
    assert cond_fn(cond) is f  # compiled once per node
    _same(lambda w: evaluate(cond, ctx, w, subject), lambda w: f(ctx, w, subject), world)


def _every_atom() -> list:
    out = []
    for name, d in sorted(V.ATOMS.items()):
        if d.arg == "cmp":
            out += [Atom(False, name, None, c, n) for c in CMPS for n in (0, 1, 2, 3, 10)]
        elif d.arg == "enum":
            out += [Atom(False, name, a) for a in d.choices]
        elif d.arg == "name":
            out += [Atom(False, name, a) for a in WORDS]
        else:
            out.append(Atom(False, name))
    return out + [Atom(True, a.name, a.arg, a.cmp, a.num) for a in out]


EVERY_ATOM = _every_atom()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), worlds())
def test_every_atom_answers_as_evaluate_on_every_subject(data, world):
    """Each atom of the vocabulary (every argument, both signs) on the same random position,
    for the event's player, every seat and every monster as the subject."""
    n = world.seat_count()
    ctx = data.draw(contexts(n))
    subjects = [None] + [("player", q) for q in range(-1, n)] + [("monster", m) for m in (-1,) + MONSTERS]
    for a in EVERY_ATOM:
        f = cond_fn(a)
        for subject in subjects:
            _same(lambda w: evaluate(a, ctx, w, subject), lambda w: f(ctx, w, subject), world)


@SETTINGS
@given(st.data(), targets(), worlds())
def test_a_compiled_target_resolves_as_resolve(data, target, world):
    ctx = data.draw(contexts(world.seat_count()))
    t = target_of(target)
    got = _same(lambda w: resolve(target, ctx, w), lambda w: t(ctx, w), world)
    if got[0] == "ok":
        assert (t.kind, t.choose) == (got[1].kind, got[1].choose)


@SETTINGS
@given(st.data(), amounts(), worlds())
def test_a_compiled_amount_is_amount_of(data, amount, world):
    ctx = data.draw(contexts(world.seat_count()))
    f = amount_fn(amount)
    _same(lambda w: amount_of(amount, ctx, w), lambda w: f(ctx, w), world)


def test_the_base_game_conditions_compile_to_the_same_answers(world=None):
    """Every condition, target and amount of the shipped sets' programs compiles (a node the
    compiler produces has a closure), checked on one fixed position."""
    from munchkin_lab.engine.lang import expand
    from munchkin_lab.engine.lang.program import Ability  # noqa: F401

    import yaml
    from pathlib import Path

    fw = FakeWorld([P(4, ("elf",), ("warrior",)), P(2, ("dwarf",)), P(7, (), ("cleric",), hireling=True)],
                   fight=CombatView(0, 1, (100, 101), runners=(0, 1), stage="run", rolls=1),
                   tags={100: {"undead"}, 101: set()}, mlevels={100: 10, 101: 2},
                   names={100: "mr. bones", 101: "lame goblin"})
    seen = 0
    for path in sorted((Path(__file__).resolve().parents[2] / "database" / "sets").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card in doc.get("cards", []) if isinstance(doc, dict) else []:
            eff = card.get("effects")
            if not eff:
                continue
            prog = expand(eff, card.get("kind"))
            for ab in prog.abilities:
                for owner in (-1, 0, 2):
                    ctx = Context(500, owner, 1, 100, 2, owner < 0, {"failed": True})
                    _same(lambda w: evaluate(ab.cond, ctx, w), lambda w: cond_fn(ab.cond)(ctx, w), fw)
                    _same(lambda w: resolve(ab.who, ctx, w), lambda w: target_of(ab.who)(ctx, w), fw)
                    seen += 1
                    for op in ab.do:
                        if op.name == "if":
                            _same(lambda w: evaluate(op.value, ctx, w, ("player", 0)),
                                  lambda w: cond_fn(op.value)(ctx, w, ("player", 0)), fw)
                        if op.who is not None:
                            _same(lambda w: resolve(op.who, ctx, w), lambda w: target_of(op.who)(ctx, w), fw)
                        if isinstance(op.value, (int, Per)) or op.value == "bonus":
                            _same(lambda w: amount_of(op.value, ctx, w), lambda w: amount_fn(op.value)(ctx, w), fw)
    assert seen > 300
