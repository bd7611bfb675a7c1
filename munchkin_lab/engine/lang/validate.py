"""The strict validator: every problem of one card's ``effects``, each with its exact path.

:func:`validate` runs the compiler (:mod:`.expand`, which knows every context rule: a
duration on an op that has none, an instant op in a continuous ability, an op aimed at the
wrong kind of target...) and, as a second opinion, the pydantic schema the JSON Schema is
exported from (:mod:`.schema`, imported on first use). Both are strict; a problem only the
schema sees is still reported. The names an effect refers to (``race:elf``, ``class:wizard``,
``tag:undead``, ``has_item:sword``, a ``tagged`` list...) must exist: by default among the
shipped sets' cards and tags (:func:`.names.shipped`); the card loader, the designer and the
scenario runner pass their own context (every set in the database plus the cards being
checked, :class:`.names.Names`). It never raises for any input.
"""
from __future__ import annotations

from typing import Any, Mapping

from .expand import compile_problems
from .names import Names, shipped
from .problems import Problem

#: ``names=`` default of :func:`validate`: the shipped sets' names (:func:`.names.shipped`).
SHIPPED = "shipped"


def _covered(path: tuple, by: list[tuple]) -> bool:
    """True when ``path`` is a prefix or an extension of one of ``by`` (same spot; an int
    mapping key and its string form count as the same step)."""
    p = tuple(str(x) for x in path)
    for q in by:
        q = tuple(str(x) for x in q)
        n = min(len(p), len(q))
        if p[:n] == q[:n]:
            return True
    return False


def validate(effects: Any, kind: str | None = None, schema: bool = True,
             names: Names | str | None = SHIPPED) -> list[Problem]:
    """Check one card's ``effects`` against the language (short forms and ``abilities:``).

    Args:
        effects: the ``effects`` mapping of a card (None and {} are valid: no effects).
        kind: the card's kind, when known (see :func:`munchkin_lab.engine.lang.expand`).
        schema: also check against the pydantic schema (default True; the compiler alone is
            as strict, the schema is a second opinion and costs the pydantic import).
        names: what the names in the effects must name (:class:`~.names.Names`): default
            :data:`SHIPPED`, the shipped sets' Race, Class, Dungeon, monster, item and One-Shot
            cards and the tag vocabulary; ``None``: names are not checked. ``if: class:wizzard``
            is then ``abilities[0].if: unknown class 'wizzard' (did you mean 'Wizard'?)``.

    Returns:
        A list of :class:`~.problems.Problem` (``path``, ``message``), in document order;
        empty when valid. ``str(p)`` reads ``"abilities[1].do[0].levels: expected an amount ..."``.
        Never raises.
    """
    try:
        prog, problems = compile_problems(effects, kind, shipped() if names == SHIPPED else names)
        wrong_kind = kind_problems(effects, kind)
        if not problems and not wrong_kind and kind is not None:
            problems = unread_problems(prog, kind)
        problems = wrong_kind + problems
    except Exception as exc:  # pragma: no cover - a compiler bug must not hide the card
        return [Problem((), f"effect compiler failed: {exc!r}")]
    if not schema:
        return problems
    try:
        from .schema import schema_problems
        extra = schema_problems(effects)
    except Exception as exc:  # pragma: no cover - a schema bug must not hide the card
        return problems + [Problem((), f"effect schema failed: {exc!r}")]
    seen = [p.path for p in problems]
    return problems + [p for p in extra if not _covered(p.path, seen)]


def kind_problems(effects: Any, kind: str | None) -> list[Problem]:
    """The short forms of ``effects`` that a card of ``kind`` never has read: a key of
    :data:`.vocab.SHORT_KINDS` on another kind (a Curse's ``bad_stuff``: Bad Stuff is a
    monster's; an item's ``no_help``). One problem per such key, at the key, naming the kinds
    that read it (``"`bad_stuff` is read on monsters only (a Curse's ops go under `ops`)"``).
    Nothing when ``kind`` is None or not a mapping of effects."""
    from ..cards import a_kind, kinds_text
    from .vocab import SHORT_KIND_HINTS, SHORT_KINDS

    if kind is None or not isinstance(effects, Mapping):
        return []
    out = []
    for key, val in effects.items():
        kinds = SHORT_KINDS.get(key) if isinstance(key, str) else None
        if kinds is None or kind in kinds or val is False or val is None:
            continue
        hint = SHORT_KIND_HINTS.get((key, kind))
        out.append(Problem((key,), f"`{key}` is read on {kinds_text(kinds)} only, not on {a_kind(kind)}: it "
                                   "would do nothing"
                                   + (f" ({hint})" if hint else "")))
    return out


#: the ops the engine reads only from a card whose ability has one fixed form (compile-time
#: specialisation, ``engine/lang_compile.py``): op -> that form, in words. Written any other way
#: the op would be run by nobody, so such an ability is refused instead of doing nothing.
SHAPE_ONLY = {
    "double_sale": "a Race's or Class's in_play ability `double_sale: 1` on its owner, with no `if` and no other op "
                   "but Run Away, hand-limit, Big-item and tie switches (Halfling)",
    "stays": "a Curse's `hits` ability `stays: true` on the victim, lasting until lost or for good",
    "only_slot": "a Curse's `hits` ability `only_slot` on the victim for the next combat",
    "counts_twice": "a Monster Enhancer's played ability `counts_twice` on this_monster for this combat, "
                    "`if: in_combat` (Mate)",
    "strength_twice": "a played ability `strength_twice` on the fighter for this combat, `if` fighting alone",
    "items_dont_count": "a monster's in_play ability on this_monster, with no `if`",
    "level_doesnt_count": "a monster's in_play ability on this_monster, with no `if`",
    "level_only": "a monster's in_play ability on this_monster, with no `if`",
    "half_breed": "the card's played ability on its owner, in play, with no `if`",
    "super_munchkin": "the card's played ability on its owner, in play, with no `if`",
    "hireling": "the card's played ability on its owner, in play, with no `if`",
    "cheat": "the card's played ability on the chosen item, in play, with no `if`",
    "take_item": "a Race's or Class's theft (`use`, written as the Thief's) or a played `take_item: decisive` "
                 "on chosen_other_player, `if: in_combat` (Help Me Out Here!)",
    "take_discard": "a played ability `take_discard` on its owner, on the own turn out of combat",
    "add_monster": "a played ability `add_monster` on the player, `if: in_combat` (Wandering Monster)",
    "swap_monster": "a played ability `swap_monster` on chosen_monster, `if: in_combat` (Illusion)",
}

#: ops the language's firing reads only in the abilities of some triggers: op -> (the triggers,
#: what the op does there)
TRIGGER_ONLY = {
    "cancel_curse": (("cursed",), "a `cursed` ability (a Curse about to hit the owner is stopped), or a "
                                  "played `cancel_curse` on chosen_player with no `if` (Wishing Ring)"),
    "reroll": (("run_away_rolled", "die_rolled"), "a `run_away_rolled` or `die_rolled` ability (the roll is made again)"),
}

#: triggers whose abilities come with a player's action that names the choices (play, use)
_CHOOSING = ("played", "use")

#: the event facts (condition atoms) -> the triggers whose events set them; in any other
#: ability the fact is never true (``interp._game_atom``: absent means false)
EVENT_FACTS = {
    "from_kick": ("cursed", "kicked", "drawn"),
    "drawn_face_up": ("drawn",),
    "first_roll": ("run_away_rolled", "die_rolled"),
    "succeeded": ("run_away_rolled",),
    "failed": ("run_away_rolled",),
    "room_has_cards": ("enter_room",),
    "forced_entry": ("enter_room", "leave_room"),
    "curse_pending": ("cursed",),
}

#: the triggers whose event concerns a monster (``Context.monster``: ``this_monster`` of a card
#: that is not a monster or Monster Enhancer itself; a Run Away roll's ``die_rolled``)
MONSTER_EVENTS = ("enters_combat", "run_away_rolled", "escaped", "caught", "die_rolled")

#: kinds never in play in front of a player, whose ``enters_play`` / ``leaves_play`` never
#: fire (a monster's own moments are ``enters_combat``, ``combat_won``, ``combat_end``...)
_NOT_IN_FRONT = ("monster", "monster_enhancer")

#: the triggers a One-Shot never hears: it listens only while it lies in the combat it was
#: played into (``Abilities._holders``; played outside a combat it is discarded at once), and
#: none of these happens while a combat is open (``cursed`` asks only the cards in front of
#: the player the Curse is about to hit)
ONE_SHOT_NEVER = frozenset(("enters_play", "leaves_play", "turn_start", "turn_end", "kicking", "cursed"))


def _cond_atoms(cond):
    """The atom names of a compiled condition (every part, nested subjects too)."""
    from .program import Atom, walk_cond

    return (n.name for n in walk_cond(cond) if isinstance(n, Atom))


def _ability_atoms(ab, ops) -> set:
    """The atom names of an ability's conditions: its ``if``, its ops' ``if`` and the
    ``where`` of its targets."""
    out = set(_cond_atoms(ab.cond))
    for t in [ab.who] + [op.who for op in ops if op.who is not None]:
        out |= set(_cond_atoms(t.where))
    for op in ops:
        if op.name == "if":
            out |= set(_cond_atoms(op.value))
    return out


def _never_heard(ab, ops, kind: str) -> str | None:
    """Why an ability (of a card of ``kind``) would never do what it says though the engine
    runs it: an event fact its triggers never set, ``this_monster`` / ``other_monsters`` where
    its event has no monster, ``enters_play`` / ``leaves_play`` on a card never in play in
    front of a player, a One-Shot's trigger that never happens in a combat
    (:data:`ONE_SHOT_NEVER`); else None."""
    when = set(ab.when)
    if kind in _NOT_IN_FRONT and when & {"enters_play", "leaves_play"} and \
            not when - {"enters_play", "leaves_play"}:
        t = sorted(when & {"enters_play", "leaves_play"})[0]
        return (f"when: {t}: a {kind.replace('_', ' ')} is never in play in front of a player, so it "
                "would never fire; a monster's own moments are enters_combat, combat_won, combat_end, "
                "escaped and caught")
    if kind == "one_shot" and not ab.from_hand and when and when <= ONE_SHOT_NEVER:
        return (f"when: {'/'.join(ab.when)}: a One-Shot is in play only in the combat it is played into "
                "(then discarded), and no such event happens there, so it would never fire; it hears the "
                "events of that combat (combat_won, combat_end, escaped, caught, die_rolled...), or add "
                "from_hand: true to react from its owner's hand")
    for fact in sorted(_ability_atoms(ab, ops) & EVENT_FACTS.keys()):
        if not when & set(EVENT_FACTS[fact]):
            return (f"{fact}: only the events of {' / '.join(EVENT_FACTS[fact])} set it; in a "
                    f"`{'/'.join(ab.when)}` ability it is never true")
    if kind not in _NOT_IN_FRONT and not when & set(MONSTER_EVENTS):
        for t in [ab.who] + [op.who for op in ops if op.who is not None]:
            if t.name in ("this_monster", "other_monsters"):
                return (f"who: {t.name} in a `{'/'.join(ab.when)}` ability (kind {kind}): "
                        "its event has no monster of its own (this_monster is nobody, other_monsters every "
                        "monster); name monsters or chosen_monster, or make the card a Monster Enhancer "
                        "(the monster it is played on is this_monster)")
    return None


def unread_problems(prog, kind: str) -> list[Problem]:
    """The abilities of a compiled card the engine would never act on: an op of
    :data:`SHAPE_ONLY` in an ability that is not in the one form the core reads it in (the
    language's firing would run it, but no rule asks for it). One problem per such ability,
    at its place (``abilities[i]``, or the short form it came from), naming the form."""
    from ..lang_compile import MODE_KINDS, STAYS, modes_of, specialise

    from .program import walk_ops
    from .vocab import TARGETS

    _fx, run = specialise(prog, kind)
    out: list[Problem] = []
    modes = modes_of([(i, prog.abilities[i]) for i in run if "played" in prog.abilities[i].when])
    if modes and kind not in MODE_KINDS:  # modes no play of this kind offers (lang_compile.MODE_KINDS)
        what = {"curse": "Curse", "monster_enhancer": "Monster Enhancer", "dungeon": "Dungeon",
                "portal": "Portal"}.get(kind, kind.replace("_", " "))
        out.append(Problem(_origin_path(prog.abilities[modes[0]].origin) + ("label",),
                           f"labelled `played` abilities are modes, one chosen as the card is played; the engine "
                           f"offers that choice for a One-Shot, special, Go Up a Level, Race, Class or Item, not "
                           f"a {what}, so no mode would ever run: drop the labels (a {what} then does every "
                           "`played` ability whose `if` holds) or make it a card of one of those kinds"))
    for idx in run:
        ab = prog.abilities[idx]
        where = _origin_path(ab.origin)
        ops = list(walk_ops(ab.do)) + list(walk_ops(ab.otherwise))
        names = {op.name for op in ops}
        found = sorted(names & SHAPE_ONLY.keys())
        if found:
            op = found[0]
            beside = (" (and as the card's only kind of `played` ability)"
                      if "played" in ab.when and op not in STAYS else "")
            out.append(Problem(where, f"{op}: the engine reads it only as {SHAPE_ONLY[op]}{beside}; written this "
                                      "way it would do nothing (write it in that form, or mark the card manual)"))
            continue
        late = sorted(n for n in names & TRIGGER_ONLY.keys() if not set(ab.when) & set(TRIGGER_ONLY[n][0]))
        if late:
            op = late[0]
            out.append(Problem(where, f"{op}: the engine reads it only in {TRIGGER_ONLY[op][1]}; in a "
                                      f"`{'/'.join(ab.when)}` ability it would do nothing"))
            continue
        never = _never_heard(ab, ops, kind)
        if never:
            out.append(Problem(where, never))
            continue
        if not (ab.may or ab.from_hand or set(ab.when) & set(_CHOOSING)):
            chosen = [t.name for t in [ab.who] + [op.who for op in ops if op.who is not None]
                      if TARGETS.get(t.name) is not None and TARGETS[t.name].choice]
            if chosen:
                out.append(Problem(where, f"who: {chosen[0]} in an automatic `{'/'.join(ab.when)}` ability: nobody "
                                          "would be asked (the first candidate would be taken); a choice needs "
                                          "a `played` or `use` ability, or `may: true` (the owner chooses when "
                                          "using it), else name a fixed target"))
    return out


def _origin_path(origin: str) -> tuple:
    """``"abilities[2]"`` -> ``("abilities", 2)``; a short form's key -> ``(key,)``."""
    out: list = []
    for part in origin.split("."):
        name, _, rest = part.partition("[")
        if name:
            out.append(name)
        if rest:
            try:
                out.append(int(rest.rstrip("]")))
            except ValueError:
                pass
    return tuple(out)


def validate_strings(effects: Any, kind: str | None = None, names: Names | str | None = SHIPPED) -> list[str]:
    """:func:`validate` as plain strings (``"path: message"``), the form the card loader and
    today's ``engine.effects.validate_effects`` callers print."""
    return [str(p) for p in validate(effects, kind, names=names)]
