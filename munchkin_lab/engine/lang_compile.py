"""The card-effect language's per-card tables (compiled once per card list, merged into
``tables._card_tables``): every card's ``effects`` go through the one compiler
(:func:`munchkin_lab.engine.lang.expand`) and the engine reads only what it produced.
"""
from __future__ import annotations

from .lang import expand
from .lang.program import EMPTY
from .ops import LASTING

def _static_ops(ops, out: set) -> None:
    for op in ops:
        out.add(op.name)
        _static_ops(op.then, out)
        _static_ops(op.orelse, out)


#: short forms that are triggered abilities, run as abilities through the one op dispatch
#: (``ops.py``): Bad Stuff (``caught``), ``on_escape`` (``escaped``), ``on_meet``
#: (``enters_combat``), a Curse's ``ops`` (``hits``)
RUN_SHORT = frozenset(("bad_stuff", "on_escape", "on_meet", "ops"))
#: the events a card hears only for itself, run by the rule that makes them happen (its own
#: Bad Stuff, its own Curse hitting): kind -> triggers (``None``: any kind)
OWN_EVENTS = {"monster": frozenset(("caught", "escaped", "enters_combat")), None: frozenset(("hits",))}


def _runnable(ab) -> bool:
    """Whether ability ``ab`` runs through the language's firing (else the engine's
    key-specific code reads its short form)."""
    return ab.origin.startswith("abilities") or ab.origin in RUN_SHORT


def _own_event(kind: str, trigger: str) -> bool:
    return trigger in OWN_EVENTS[None] or trigger in OWN_EVENTS.get(kind, ())


def _ops_need_state(ops) -> bool:
    for op in ops:
        if op.name in LASTING or _ops_need_state(op.then) or _ops_need_state(op.orelse):
            return True
        if op.name == "roll" and any(_ops_need_state(sub) for _r, sub in op.value):
            return True
        for k in ("fail", "success"):
            if _ops_need_state(op.get(k, ())):
                return True
    return False


def _needs_state(ab) -> bool:
    """Whether an ability needs the language's state (the Ledger of lasting changes, limits,
    optional uses): a card list with one switches the language's readers on (``_lang``)."""
    return bool(ab.limit or ab.may or ab.cost) or _ops_need_state(ab.do)


def program_tables(specs) -> dict:
    """The language's per-card tables of a card list (merged into ``tables._card_tables``).
    Every card's ``effects`` are compiled once (:func:`~munchkin_lab.engine.lang.expand`):

    ``_prog`` (card id -> compiled Program; ``EMPTY`` for a card without effects), ``_lrun``
    (card id -> ``{trigger: ((index, Ability), ...)}`` of the abilities run by the language's
    firing, or None), ``_lby`` (trigger -> card ids listening to it, but for the events a card
    hears only for itself: a monster's ``caught``/``escaped``/``enters_combat``, a Curse's
    ``hits`` - the rule that makes them happen runs them), ``_lt`` (the triggers of ``_lby``:
    the call sites test it), ``_lhand`` (trigger -> card ids with a ``from_hand`` reaction to
    it), ``_lstat`` (op name -> card ids with a continuous ability using it), ``_luse`` (card
    ids with ``use`` abilities), ``_lplayed`` (card id -> has ``played`` abilities),
    ``_lreact`` (card id -> played only as a reaction: ``from_hand`` abilities and no
    ``played`` ones), ``_lang`` (any listener, or an ability that needs the language's state:
    lasting changes, limits, optional uses - the readers then ask the language).

    Raises:
        EffectError: a card's effects do not compile (names the card); specs from the loader
            or a validated scenario never fail.
    """
    n = len(specs)
    progs: list = [EMPTY] * n
    run: list = [None] * n
    by: dict = {}
    hand: dict = {}
    stat: dict = {}
    use: set = set()
    played = [False] * n
    react = [False] * n
    state = False
    done: dict = {}
    for i, sp in enumerate(specs):
        eff = sp.effects
        if not eff:
            continue
        hit = done.get(id(sp))
        if hit is None:
            prog = expand(eff, sp.kind, where=f"card {sp.name!r}")
            table: dict = {}
            for idx, ab in enumerate(prog.abilities):
                if not _runnable(ab):
                    continue  # a short form the engine's key-specific code reads
                for t in ab.when:
                    table.setdefault(t, []).append((idx, ab))
            hit = done[id(sp)] = (prog, {t: tuple(v) for t, v in table.items()} or None)
        prog, table = hit
        progs[i] = prog
        run[i] = table
        if table is None:
            continue
        for t, abs_ in table.items():
            if not _own_event(sp.kind, t):
                by.setdefault(t, set()).add(i)
            elif not state:
                state = any(_needs_state(ab) for _idx, ab in abs_)
            for idx, ab in abs_:
                if ab.from_hand:
                    hand.setdefault(t, set()).add(i)
                if t == "in_play":
                    names: set = set()
                    _static_ops(ab.do, names)
                    for nm in names:
                        stat.setdefault(nm, set()).add(i)
                if t == "use":
                    use.add(i)
                if t == "played":
                    played[i] = True
        react[i] = not played[i] and any(ab.from_hand for abs_ in table.values() for _x, ab in abs_)
    return {
        "_prog": progs, "_lrun": run,
        "_lby": {t: frozenset(v) for t, v in by.items()},
        "_lt": frozenset(by),
        "_lhand": {t: frozenset(v) for t, v in hand.items()},
        "_lstat": {k: frozenset(v) for k, v in stat.items()},
        "_luse": frozenset(use), "_lplayed": played, "_lreact": react,
        "_lang": bool(by) or state,
    }
