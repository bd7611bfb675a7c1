"""The card-effect language's per-card tables, compiled once per card list and merged into
``tables._card_tables``: every card's ``effects`` go through the one compiler
(:func:`munchkin_lab.engine.lang.expand`) and the engine reads only what it produced.

Compile-time specialisation (:func:`specialise`): an ability whose *shape* is one the engine
has a dedicated rule for - a monster's bonus against a Race, a Curse that stays, a One-Shot
that ends the combat, an item's Run Away bonus ... - is read from a per-card record
(``Game._fx[c]``, keyed by the short form's name, values as the short form writes them) by that
rule, instead of being interpreted each time it is asked (that is what keeps the engine fast).
The shape decides, not how the card was written: an ability written under ``abilities:`` that
means the same as a short form gets the same record and the same rule. Every other ability
runs through the language's firing and the one op dispatch (``abilities.py``, ``ops.py``):
``_lrun`` and the listener tables below. The expansion parts a rules module owns (``room``,
``dungeon``, ``portal``, ``fairy_dust``, ``vehicle``, ``room_action``) are compiled records
(``Program.parts``) in the same ``_fx`` record; their modules read them and run their op lists
through the one dispatch.
"""
from __future__ import annotations

from .cards import FrozenDict
from .effects import valid_atom
from .lang import expand
from .lang.interp import needs_combat
from .lang.program import (EMPTY, OWNER, PLAYER, About, All, AnyOf, Atom, Cost, Duration, Limit, Not,
                           Op, Per, Target)
from .lang.vocab import TARGETS
from .ops import LASTING, OP_HANDLERS

#: The compiled form of a card with nothing the engine reads.
NO_FX: dict = {}

_IN_PLAY = Duration("in_play")
_THIS_COMBAT = Duration("this_combat")
_NEXT_COMBAT = Duration("next_combat")
_GOOD = Duration("good")
_IN_COMBAT = Atom(False, "in_combat")
_OWN_TURN = Atom(False, "own_turn")
_OWN_TURN_OUT = All((_OWN_TURN, Atom(True, "in_combat")))
#: the moment a Treasure is played by the rulebook's general rule (the own turn, out of
#: combat - core rules, 9.; 10. Playing Items): a card just received meets it too
#: (``Playing._fresh_treasure``), a condition the card writes in other words does not
OWN_TURN_OUT = _OWN_TURN_OUT
_RUNNING = Atom(False, "running_away")
_LONE = All((_IN_COMBAT, Atom(False, "alone")))
_NOT_TOP = Not(Atom(False, "highest_level"))
_HIRELING = Atom(False, "hireling_in_play")
_GLUE_WHEN = All((Atom(False, "succeeded"), Not(About("player", Atom(False, "role", "owner")))))
_FROM_KICK = Atom(False, "from_kick")
_THIS_MONSTER = Target("this_monster")
_FIGHTER = Target("fighter")
_CLERICS = Target("munchkins", Atom(False, "class", "cleric"))
_SIDE_OF = {"munchkin_side": "munchkin", "monster_side": "monster", "chosen_side": "either"}
#: keys of the record that add up when two abilities give them (else one ability per key)
_ADDITIVE = frozenset(("run_away", "extra_levels", "hand_limit"))
_LISTS = frozenset(("bonus_vs", "extra_treasures", "bonus_if"))
#: origins of the abilities of the module-owned parts (their modules run the records)
_PART_ORIGINS = ("room.", "dungeon.", "portal", "fairy_dust.", "room_action", "vehicle")


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _atom(c) -> str | None:
    """A condition the core's atoms (``Game.matches``) say: its text, else None."""
    if isinstance(c, Atom):
        t = str(c)
        return t if valid_atom(t) else None
    return None


def _bare(op, name: str, dur=None) -> bool:
    """``op`` is ``name`` on the ability's target, with no nested ops, lasting ``dur``."""
    return op.name == name and op.who is None and op.duration == dur and not op.then and not op.orelse


def _one(ab):
    return ab.do[0] if len(ab.do) == 1 else None


def _plain(ab) -> bool:
    """No cost, limit, choice of the user, nor reaction from the hand."""
    return not (ab.cost or ab.limit or ab.by is not None or ab.may or ab.from_hand)


# --------------------------------------------------------------------------- shapes


def _static_shape(ab, kind: str) -> dict | None:  # noqa: C901 - one table of shapes
    """``in_play`` abilities the core reads from the record: a monster's bonus against a
    Race/Class (``bonus_vs``), its Run Away modifier, its switches (``no_help`` ...), its extra
    Treasures and Levels; a Monster Enhancer's Run Away modifier; an item's conditional bonus
    (``bonus_if``) and its owner's Run Away modifier."""
    who, cond = ab.who, ab.cond
    op = _one(ab)
    if who == _THIS_MONSTER and op is not None and kind in ("monster", "monster_enhancer"):
        if not _bare(op, op.name, _IN_PLAY) or op.params:
            return None
        n, v = op.name, op.value
        if n == "run_away" and cond is None and _int(v):
            return {"run_away": v}
        if kind != "monster":
            return None
        if n in ("no_run_away", "no_help", "items_dont_count", "level_doesnt_count", "level_only") and cond is None:
            return {n: True}
        if n in ("combat_strength", "treasures") and _int(v) and isinstance(cond, About) \
                and cond.subject == "any_munchkin" and _atom(cond.cond):
            if n == "combat_strength":
                return {"bonus_vs": [FrozenDict({"if": _atom(cond.cond), "bonus": v})]}
            return {"extra_treasures": [FrozenDict({"if": _atom(cond.cond), "count": v})]}
        if n == "levels_won" and _int(v):
            if cond is None:
                return {"extra_levels": v}
            if v == 1 and cond == Atom(False, "bare"):
                return {"extra_level_bare": True}
            used = cond.items if isinstance(cond, AnyOf) else (cond,)
            if v == 1 and all(isinstance(a, Atom) and a.name == "used" and not a.neg for a in used):
                return {"extra_level_with": tuple(a.arg for a in used)}
        return None
    if kind != "item" or cond is not None or op is None:
        return None
    if who == OWNER and _bare(op, "run_away", _IN_PLAY) and not op.params and _int(op.value):
        return {"run_away": op.value}
    if who == Target("this_card") and op.name == "if":
        out = []
        ops = ab.do
        while ops:
            if len(ops) != 1:
                return None
            x = ops[0]
            if x.name != "if" or x.who is not None or x.params or not isinstance(x.value, About) \
                    or x.value.subject != "owner" or not _atom(x.value.cond) or len(x.then) != 1:
                return None
            b = x.then[0]
            if not _bare(b, "item_bonus", _IN_PLAY) or b.params or not _int(b.value):
                return None
            out.append(FrozenDict({"if": _atom(x.value.cond), "bonus": b.value}))
            ops = x.orelse
        return {"bonus_if": out}
    return None


def _played_shape(do, cond, who, kind: str) -> dict | None:  # noqa: C901 - one table of shapes
    """``played`` abilities the core's rule for the card's kind runs (One-Shots, Monster
    Enhancers, Go Up a Level, specials): the short form they mean, as a record."""
    n = len(do)
    if not n:
        return None
    op = do[0]
    wn = who.name if who.where is None else None
    name, v = op.name, op.value
    if cond is None and kind == "monster_enhancer":
        cond = _IN_COMBAT  # (a Monster Enhancer is only ever played in a combat: core rules, 10.)
    if n == 1 and not op.params and op.who is None and not op.then and not op.orelse:
        if name == "combat_strength" and v == "bonus" and op.duration == _THIS_COMBAT \
                and cond == _IN_COMBAT and wn in _SIDE_OF:
            return {"side": _SIDE_OF[wn]}
        if op.duration is None:
            if name == "escape" and cond == _RUNNING and wn in ("owner", "runners"):
                return {"escape": True, "escape_both": True} if wn == "runners" else {"escape": True}
            if name == "leave_combat" and cond == _IN_COMBAT and wn == "chosen_monster":
                return {"discard_monster": True, **({"leave_treasure": True} if v == "keep" else
                                                    {"keep_treasure": True} if v == "keep_if_alone" else {})}
            if name == "transfer_fighter" and cond == _IN_COMBAT and wn == "chosen_other_player":
                return {"transfer_fighter": True}
            if name == "set_die" and v == "next" and cond is None and wn == "owner":
                return {"set_die": True}
            if name == "take_discard" and cond == _OWN_TURN_OUT and wn == "owner":
                return {"take_discard": True}
            if name == "levels" and _int(v) and cond is None and wn == "chosen_player":
                return {"levels": v}
            if name == "add_monster" and cond == _IN_COMBAT and wn == "player":
                return {"wandering_monster": True}
            if name == "cancel_curse" and cond is None and wn == "chosen_player":
                return {"cancel_curse": True}
            if name == "swap_monster" and cond == _IN_COMBAT and wn == "chosen_monster":
                return {"swap_monster": True}
            if name == "take_item" and v == "decisive" and cond == _IN_COMBAT and wn == "chosen_other_player":
                return {"take_item": True}
        if op.duration == _THIS_COMBAT and v is True and cond == _IN_COMBAT and wn == "this_monster" \
                and name == "counts_twice":
            return {"mate": True}
        if op.duration == _THIS_COMBAT and v is True and cond == _LONE and wn == "fighter" \
                and name == "strength_twice":
            return {"double_fighter": True}
        if op.duration == _IN_PLAY and v is True and cond is None:
            if name in ("half_breed", "super_munchkin", "hireling") and wn == "owner":
                return {name: True}
            if name == "cheat" and wn == "chosen_item":
                return {"cheat": True}
    if n == 1 and op.who is None and not op.then and not op.orelse:
        fl = op.get("floor")
        if name == "treasures" and _int(v) and op.duration == _THIS_COMBAT and cond == _IN_COMBAT \
                and wn == "this_monster" and (not op.params or (len(op.params) == 1 and _int(fl) and fl)):
            return {"treasures": v, **({"min_treasures": fl} if fl else {})}
        if name == "combat_strength" and v == 0 and op.duration == _THIS_COMBAT and cond == _IN_COMBAT \
                and wn == "this_monster" and len(op.params) == 1 and _int(op.get("floor")):
            return {"min_level": op.get("floor")}
        if name == "combat_strength" and isinstance(v, Per) and op.duration == _THIS_COMBAT and not op.params \
                and cond == _IN_COMBAT and wn == "munchkin_side" and v.per.name == "munchkins" \
                and _atom(v.per.where) and _int(v.each):
            return {"bonus_per": FrozenDict({"if": _atom(v.per.where), "bonus": v.each})}
        if name == "levels" and v == 1 and op.duration is None and cond is None and who.name == "each_player" \
                and _atom(who.where) and op.params in ((), (("winning", True),)):
            return {"level_for": _atom(who.where), **({"may_win": True} if op.params else {})}
        if name == "draw" and v == "treasure" and op.duration is None and cond == _OWN_TURN_OUT \
                and wn == "owner" and len(op.params) == 1 and _int(op.get("count")) and op.get("count") > 0:
            return {"draw_treasures": op.get("count")}
    if name == "end_combat" and v is True and op.who is None and not op.then and not op.orelse \
            and op.params in ((), (("loot_room", True),)) and cond == _IN_COMBAT and wn == "player" and n <= 2:
        rec = {"end_combat": True, **({"loot_room": True} if op.params else {})}
        if n == 2:
            d = do[1]
            if not (d.name == "draw" and d.value == "treasure" and d.who == _FIGHTER and not d.then
                    and not d.orelse and len(d.params) == 1 and _int(d.get("count")) and d.get("count") > 0):
                return None
            rec["draw_treasures"] = d.get("count")
        return rec
    if name == "levels" and _int(v) and op.who is None and not op.params and not op.then and not op.orelse \
            and wn == "chosen_player" and cond in (_NOT_TOP, _HIRELING, All((_NOT_TOP, _HIRELING))) and n <= 2:
        rec = {"levels": v}
        if cond in (_NOT_TOP, All((_NOT_TOP, _HIRELING))):
            rec["not_highest"] = True
        if cond in (_HIRELING, All((_NOT_TOP, _HIRELING))):
            rec["needs_hireling"] = True
        if n == 2:
            k = do[1]
            if not (k.name == "lose_hireling" and k.value is True and k.who == Target("each_player")
                    and not k.params and not k.then and not k.orelse and "needs_hireling" in rec):
                return None
            rec["kill_hireling"] = True
        return rec
    if n == 2 and cond is None and who == PLAYER and all(
            x.name == "levels" and not x.params and not x.then and not x.orelse for x in do) \
            and do[0].value == -1 and do[0].who == Target("chosen_other_player") \
            and do[1].value == 1 and do[1].who == OWNER:
        return {"steal_level": True}
    return None


def _kept_curse_shape(ab) -> dict | None:
    """A Curse's ``hits`` ability that keeps it in front of the victim (``persistent``,
    ``roll_mod``, ``next_combat``, ``only_slot``, ``removed_with``): the core keeps it in the
    victim's Curses and reads the record."""
    op = _one(ab)
    if op is None or ab.cond is not None or ab.who != PLAYER or op.params or op.who is not None \
            or op.then or op.orelse or op.duration is None:
        return None
    d = op.duration
    lost = {"removed_with": d.slot} if d.kind == "until_lost" else {}
    if op.name == "stays" and op.value is True and (d == _GOOD or lost):
        return {"persistent": True, **lost}
    if op.name == "roll_mod" and _int(op.value) and (d == _GOOD or lost):
        return {"roll_mod": op.value, **lost}
    if d == _NEXT_COMBAT and op.name == "combat_strength" and _int(op.value):
        return {"next_combat": op.value}
    if d == _NEXT_COMBAT and op.name == "only_slot":
        return {"only_slot": op.value}
    return None


def _use_shape(ab) -> dict | None:
    """A monster's ``use`` abilities the fighter's ``evade`` / a Cleric's ``chase`` run: it does
    not pursue those who match (``not_pursue``, ``evade_treasures``), it is bought off with an
    item (``bribe_gold``) or a named card (``evade_discard``), a Cleric chases it away."""
    if ab.who != _THIS_MONSTER or ab.limit or ab.may or ab.from_hand:
        return None
    op = ab.do[0] if ab.do else None
    if op is None or op.name != "leave_combat" or op.who is not None or op.params or op.then or op.orelse:
        return None
    if ab.by == _CLERICS and len(ab.do) == 1 and op.value == "keep" and ab.cond is None and not ab.cost:
        return {"cleric_chase": True}
    if ab.by != _FIGHTER or op.value != "none":
        return None
    if not ab.cost and isinstance(ab.cond, About) and ab.cond.subject == "fighter" and len(ab.do) <= 2:
        c = ab.cond.cond
        atoms = c.items if isinstance(c, All) else (c,)
        texts = [_atom(a) for a in atoms]
        if not all(texts):
            return None
        rec = {"not_pursue": texts[0] if len(texts) == 1 else tuple(texts)}
        if len(ab.do) == 2:
            d = ab.do[1]
            if not (d.name == "draw" and d.value == "treasure" and d.who == _FIGHTER and len(d.params) == 1
                    and _int(d.get("count")) and d.get("count") > 0 and not d.then and not d.orelse):
                return None
            rec["evade_treasures"] = d.get("count")
        return rec
    if ab.cond is None and len(ab.do) == 1 and len(ab.cost) == 1:
        c = ab.cost[0]
        if c.what == "item" and c.count == 1 and not c.tagged and c.deck is None:
            if c.named and c.worth is None:
                return {"evade_discard": c.named}
            if c.worth is not None and not c.named:
                return {"bribe_gold": c.worth}
    return None


#: a Race's / Class's continuous abilities on its owner the core reads from the record:
#: op -> the values it takes (a Run Away or hand-limit change, Big items, ties, sales)
_OWNER_SWITCHES = {"big_items": True, "wins_ties": True, "double_sale": 1}
_OWNER_AMOUNTS = ("run_away", "hand_limit")
_CARD = (Cost("card"),)
_THREE = Limit(3, "combat")
_IN_FIGHT = About("owner", Atom(False, "role", "in_combat"))
#: the fewest cards a Wizard's whole hand must hold to charm (the Wizard class card)
CHARM_HAND = 3
_UNDEAD = About("any_monster", Atom(False, "tag", "undead"))
#: the Race and Class powers the core runs by its own actions (the alias kinds ``berserk``,
#: ``turning``, ``flight``, ``charm``, ``backstab``, ``steal`` and ``kick n=1``), as the printed
#: cards write them (``database/sets/munchkin.yaml``): power -> (cond, cost, limit, who, ops)
_POWERS = {
    "berserk": (_IN_FIGHT, _CARD, _THREE, OWNER, (Op("combat_strength", 1, None, _THIS_COMBAT),)),
    "turning": (All((_IN_FIGHT, _UNDEAD)), _CARD, _THREE, OWNER,
                (Op("combat_strength", 3, None, _THIS_COMBAT),)),
    "flight": (All((Atom(False, "no_roll_yet"), About("owner", Atom(False, "role", "runner")))), _CARD, _THREE,
               OWNER, (Op("run_away", 1, None, _THIS_COMBAT),)),
    "charm": (_IN_FIGHT, (Cost("hand", CHARM_HAND),), None, Target("chosen_monster"),
              (Op("leave_combat", "keep"),)),
    "backstab": (_IN_COMBAT, _CARD, Limit(1, "combat", True),
                 Target("chosen_other_player", Atom(False, "role", "in_combat")),
                 (Op("combat_strength", -2, None, _THIS_COMBAT),)),
    "steal": (All((_OWN_TURN, Atom(True, "in_combat"))), _CARD, None, Target("chosen_other_player"),
              (Op("roll", (((1, 3), (Op("levels", -1, OWNER),)), ((4, 6), (Op("take_item", "small"),)))),)),
}
_RESURRECT = (About("player", Atom(False, "role", "owner")), (Cost("hand_card"),),
              (Op("kick_from_discards", True),))
_HELPER_LEVELS = (About("owner", Atom(False, "role", "helper")),
                  (Op("levels", Per(1, Target("monsters")), params=(("winning", True),)),))


def _power_shape(ab) -> dict | None:
    """A Race's or Class's abilities the core runs by its own rules: continuous ones on the
    owner (Run Away and hand-limit changes, any number of Big items, winning ties, a
    double-price sale: Elf, Dwarf, Warrior, Halfling), the Elf's Levels for helping, and the
    printed powers (:data:`_POWERS`, the Cleric's resurrection)."""
    when = ab.when
    if when == ("in_play",):
        # (the player of a Race's or Class's in_play ability is its owner: ``who`` may be left out)
        if (ab.who != OWNER and ab.who != PLAYER) or ab.cond is not None or not ab.do:
            return None
        rec: dict = {}
        for op in ab.do:
            if not _bare(op, op.name, _IN_PLAY) or op.params or op.name in rec:
                return None
            if op.name in _OWNER_AMOUNTS and _int(op.value):
                rec[op.name] = op.value
            elif _OWNER_SWITCHES.get(op.name, ...) == op.value:
                rec[op.name] = True
            else:
                return None
        return rec
    if when == ("combat_won",) and _plain(ab) and ab.who == OWNER and (ab.cond, ab.do) == _HELPER_LEVELS:
        return {"helper_levels": True}
    if when == ("kicking",) and ab.may and not ab.from_hand and ab.limit is None and ab.who == PLAYER \
            and (ab.cond, ab.cost, ab.do) == _RESURRECT:
        return {"resurrect": True}
    if when == ("use",) and ab.by is None and not ab.may and not ab.from_hand:
        for name, (cond, cost, limit, who, do) in _POWERS.items():
            if (ab.cond, ab.cost, ab.limit, ab.who, ab.do) == (cond, cost, limit, who, do):
                return {name: True}
    return None


def _shape(ab, kind: str) -> dict | None:
    """The record an ability stands for when the core runs it by a dedicated rule, else None
    (the language's firing runs it)."""
    when = ab.when
    if kind in ("race", "class"):
        return _power_shape(ab)
    if when == ("in_play",):
        return _static_shape(ab, kind)
    if when in (("played",), ("played", "drawn")):
        if not _plain(ab):
            return None
        rec = _played_shape(ab.do, ab.cond, ab.who, kind)
        own = False
        if rec is None:  # own_turn: the card's other played abilities, on its owner's turn only
            c = ab.cond
            if c == _OWN_TURN:
                rec, own = _played_shape(ab.do, None, ab.who, kind), True
            elif isinstance(c, All) and len(c.items) == 2 and c.items[0] == _OWN_TURN:
                rec, own = _played_shape(ab.do, c.items[1], ab.who, kind), True
        if rec is None:
            return None
        if "drawn" in when:  # acts the moment it is drawn: the core runs only a level_for so
            if "level_for" not in rec:
                return None
            rec["on_draw"] = "resolve"
        if own:
            rec["own_turn"] = True
        return rec
    if when == ("hits",) and kind == "curse" and _plain(ab):
        return _kept_curse_shape(ab)
    if when == ("use",) and kind == "monster":
        return _use_shape(ab)
    if when == ("run_away_rolled",) and ab.may and ab.from_hand and ab.cond == _GLUE_WHEN and ab.who == PLAYER \
            and not (ab.cost or ab.limit) and len(ab.do) == 1 and _bare(ab.do[0], "reroll") and ab.do[0].value is True:
        return {"reroll_escape": True}
    if when == ("cursed",) and kind == "item" and _plain(ab) and ab.cond == _FROM_KICK and ab.who == PLAYER \
            and len(ab.do) == 1 and _bare(ab.do[0], "cancel_curse") and ab.do[0].value is True:
        return {"ignore_kicked_curses": True}
    if when == ("combat_end",) and kind == "go_up_a_level" and ab.from_hand and ab.may and ab.cond is None \
            and ab.who == Target("chosen_player") and not (ab.cost or ab.limit) and len(ab.do) == 1 \
            and _bare(ab.do[0], "levels") and not ab.do[0].params and _int(ab.do[0].value):
        return {"after_combat": True, "levels": ab.do[0].value}
    return None


def _merge(fx: dict, rec: dict) -> bool:
    """Add ``rec`` to the card's record; False (and nothing added) when it would clash with
    what is there (the ability then runs through the language's firing)."""
    for k, v in rec.items():
        if k in fx and k not in _ADDITIVE and k not in _LISTS and fx[k] != v:
            return False
    if any(k in fx for k in rec if k in ("extra_level_bare", "extra_level_with")):
        return False  # once each (a second one would count again)
    for k, v in rec.items():
        if k in _ADDITIVE and k in fx:
            fx[k] = fx[k] + v
        elif k in _LISTS and k in fx:
            fx[k] = fx[k] + v
        else:
            fx[k] = v
    return True


#: the fixed forms of a card that stays in play in front of its owner once played (core rules,
#: 10. Mixed Super Munchkin; 9. Treasures and Items: the Cheater, the Hireling): the core's
#: branch puts the card in play and then runs the card's other ``played`` abilities through the
#: language (``Playing._play_stays``), so these stay specialised beside them
STAYS = frozenset(("half_breed", "super_munchkin", "hireling", "cheat"))


#: Kinds whose play the engine offers once per mode when their ``played`` abilities are modes
#: (:func:`modes_of`): a One-Shot or special (not a :data:`STAYS` power), a Go Up a Level, a
#: Race, Class or Item (the mode runs as the card comes in). Other kinds (a Curse, a Monster
#: Enhancer...) have no such choice: ``validate`` refuses modes on them.
MODE_KINDS = frozenset(("one_shot", "special", "go_up_a_level", "race", "class", "item"))


def modes_of(played) -> tuple:
    """The indexes of a card's ``played`` abilities when they are modes, the player choosing
    one (several, all with a ``label``: Potion of Halitosis' +2 or kill the Floating Nose),
    else ``()``. ``played``: ``((index, Ability), ...)`` (``_lrun[c]["played"]``)."""
    return tuple(idx for idx, _ab in played) if len(played) > 1 and all(ab.label for _i, ab in played) else ()


def specialise(prog, kind: str) -> tuple[dict, tuple]:
    """Compile-time specialisation of one card's program (see the module docstring).

    Returns:
        ``(fx, run)``: ``fx`` the record the core's rules read (short-form names as keys,
        values as the short form writes them, plus the module-owned parts of
        ``prog.parts``); ``run`` the indexes of the abilities the language's firing runs
        (every ability that is neither in the record nor a module's part). A card whose
        ``played`` abilities are modes (several, all labelled: Potion of Halitosis' +2 or kill
        the Floating Nose) keeps them all for the language's firing: the player picks one
        (``LangActions._modes``). Several ``played`` abilities of which one has no fixed form
        all go to the language, but a Half-Breed, Super Munchkin, Hireling or Cheat! power
        (:data:`STAYS`) stays in the record beside them.
    """
    fx: dict = {}
    run = []
    played = [ab for ab in prog.abilities if "played" in ab.when]
    modes = len(played) > 1 and all(ab.label for ab in played)
    # (None for a module's part: its module runs the part's record)
    recs = [None if ab.origin.startswith(_PART_ORIGINS) else _shape(ab, kind) for ab in prog.abilities]
    # a card's played abilities run all by the core's rule for its kind or all by the
    # language's firing: when one of several has no fixed form, none is specialised (the
    # core's branch and the language's would each drop the other's part)
    mixed = not modes and len(played) > 1 and any(
        rec is None for ab, rec in zip(prog.abilities, recs)
        if "played" in ab.when and not ab.origin.startswith(_PART_ORIGINS))
    for idx, ab in enumerate(prog.abilities):
        if ab.origin.startswith(_PART_ORIGINS):
            continue  # its module runs the part's record
        rec = recs[idx]
        if (modes or mixed) and "played" in ab.when and not (rec and not modes and rec.keys() & STAYS):
            rec = None
        if rec is not None and _merge(fx, rec):
            continue
        run.append(idx)
    for k in _LISTS:
        if k in fx:
            fx[k] = tuple(fx[k])
    if prog.parts:
        fx.update(prog.parts)
    return fx, tuple(run)


def _static_ops(ops, out: set) -> None:
    for op in ops:
        out.add(op.name)
        _static_ops(op.then, out)
        _static_ops(op.orelse, out)


#: the events a card hears only for itself, run by the rule that makes them happen (its own
#: Bad Stuff, its own Curse hitting): kind -> triggers (``None``: any kind)
OWN_EVENTS = {"monster": frozenset(("caught", "escaped", "enters_combat")), None: frozenset(("hits",))}


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


def _plain_own(kind: str, table: dict | None) -> dict | None:
    """A card's own events (:data:`OWN_EVENTS`) that run one plain ability: no ``if``, no use
    limit, not optional, not from the hand, on the player of the event (``who: player``), as
    ``trigger -> (ability index, Ability, against, bare)`` (``against``: the context's, as
    ``Abilities._fire_one`` gives it to a card's own event; ``bare``: every op of its ``do``
    is a plain step - no ``who`` of its own, no ``then`` / ``else``, not lasting, one of
    ``ops.OP_HANDLERS``), or None when it has none. ``Abilities._lang_fire_card`` runs these
    ops without the firing's steps that would do nothing for them."""
    out = {}
    for t, abs_ in (table or {}).items():
        if _own_event(kind, t) and len(abs_) == 1:
            idx, ab = abs_[0]
            if ab.cond is None and ab.limit is None and not ab.may and not ab.from_hand and ab.who is PLAYER:
                bare = all(op.who is None and not op.then and not op.orelse and op.name not in LASTING
                           and op.name in OP_HANDLERS for op in ab.do)
                out[t] = (idx, ab, None if ab.origin.startswith("abilities") else False, bare)
    return out or None


def program_tables(specs) -> dict:
    """The language's per-card tables of a card list (merged into ``tables._card_tables``).
    Every card's ``effects`` are compiled once (:func:`~munchkin_lab.engine.lang.expand`):

    ``_prog`` (card id -> compiled Program; ``EMPTY`` for a card without effects), ``_fx``
    (card id -> the record of its specialised abilities and module parts: :func:`specialise`;
    read-only), ``_lrun``
    (card id -> ``{trigger: ((index, Ability), ...)}`` of the abilities run by the language's
    firing, or None), ``_lplain`` (card id -> its own events that run one plain ability,
    :func:`_plain_own`, or None), ``_lby`` (trigger -> card ids listening to it in play, but for the events
    a card hears only for itself: a monster's ``caught``/``escaped``/``enters_combat``, a
    Curse's ``hits`` - the rule that makes them happen runs them; a card that only reacts to it
    from the hand is in ``_lhand`` alone), ``_lt`` (the triggers of ``_lby`` and ``_lhand``:
    the call sites test it), ``_lhand`` (trigger -> card ids with a ``from_hand`` reaction to
    it), ``_lstat`` (op name -> card ids with a continuous ability using it), ``_lstatf`` (the
    ops of ``_lstat`` whose cards are all monsters or Monster Enhancers), ``_luse`` (card
    ids with ``use`` abilities), ``_lplayed`` (card id -> has ``played`` abilities),
    ``_lreact`` (card id -> played only as a reaction: ``from_hand`` abilities and no
    ``played`` ones, also none the core's record plays: the Magic Lamp's short form),
    ``_lmodes`` (card id -> the indexes of its ``played`` abilities that are modes,
    :func:`modes_of`, else ``()``: the candidates, the check and the firing of a play read
    it), ``_lstatk`` (``(op name, target kind)`` -> ``(cards, {card: ((ability,
    self_only), ...)}, fighting)``: the continuous abilities using that op, nested ones too,
    whose ``who`` is of that kind - player, monster, side, card: only these can reach a target
    of that kind -; ``self_only``: a monster's ability on ``this_monster``, which reaches that
    monster alone; ``fighting``: every card is a monster or Monster Enhancer, heard only in a
    combat; the statics' readers, ``Abilities._lx`` ..., ask only these), ``_lang``
    (any listener, or an ability that needs the language's state:
    lasting changes, limits, optional uses - the readers then ask the language), ``_lfought``
    (a card's program may read the atom ``fought``), ``_lhold``
    (:meth:`~munchkin_lab.engine.abilities.Abilities._holders`' memo: card set -> may one of
    them sit in front of a player), ``_lall`` (every card some trigger, continuous op or
    ``use`` ability listens with: the holders cache looks them up once).

    Raises:
        EffectError: a card's effects do not compile (names the card); specs from the loader
            or a validated scenario never fail.
    """
    n = len(specs)
    progs: list = [EMPTY] * n
    fxs: list = [NO_FX] * n
    run: list = [None] * n
    by: dict = {}
    hand: dict = {}
    stat: dict = {}
    statk: dict = {}
    use: set = set()
    use_out: set = set()
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
            fx, runs = specialise(prog, sp.kind)
            table: dict = {}
            for idx in runs:
                ab = prog.abilities[idx]
                for t in ab.when:
                    table.setdefault(t, []).append((idx, ab))
            hit = done[id(sp)] = (prog, fx or NO_FX, {t: tuple(v) for t, v in table.items()} or None)
        prog, fx, table = hit
        progs[i] = prog
        fxs[i] = fx
        run[i] = table
        if table is None:
            continue
        for t, abs_ in table.items():
            if not _own_event(sp.kind, t):
                if not all(ab.from_hand for _idx, ab in abs_):
                    by.setdefault(t, set()).add(i)  # (a reaction from the hand is found in _lhand)
            elif not state:
                state = any(_needs_state(ab) for _idx, ab in abs_)
            for idx, ab in abs_:
                if ab.from_hand:
                    hand.setdefault(t, set()).add(i)
                if t == "in_play":
                    names: set = set()
                    _static_ops(ab.do, names)
                    tk = TARGETS[ab.who.name].kind
                    fast = (ab, sp.kind == "monster" and ab.who == _THIS_MONSTER)
                    for nm in names:
                        stat.setdefault(nm, set()).add(i)
                        statk.setdefault((nm, tk), {}).setdefault(i, []).append(fast)
                if t == "use":
                    use.add(i)
                    if not needs_combat(ab.cond):
                        use_out.add(i)
                if t == "played":
                    played[i] = True
        react[i] = (not played[i] and not any("played" in ab.when for ab in prog.abilities)
                    and any(ab.from_hand for abs_ in table.values() for _x, ab in abs_))
    return {
        "_prog": progs, "_fx": fxs, "_lrun": run, "_lplain": [_plain_own(sp.kind, t) for sp, t in zip(specs, run)],
        "_lby": {t: frozenset(v) for t, v in by.items()},
        "_lt": frozenset(by) | frozenset(hand),
        "_lhand": {t: frozenset(v) for t, v in hand.items()},
        "_lstat": {k: frozenset(v) for k, v in stat.items()},
        # the ops of _lstat whose cards are all monsters or Monster Enhancers (heard only in a
        # combat, where they lie: Abilities._static_iter)
        "_lstatf": frozenset(k for k, v in stat.items()
                             if all(specs[c].kind in ("monster", "monster_enhancer") for c in v)),
        "_lstatk": {k: (frozenset(v), {c: tuple(x) for c, x in v.items()},
                        all(specs[c].kind in ("monster", "monster_enhancer") for c in v))
                    for k, v in statk.items()},
        "_luse": frozenset(use), "_luse_out": frozenset(use_out), "_lplayed": played, "_lreact": react,
        "_lmodes": [modes_of(t.get("played", ())) if t else () for t in run],
        "_lang": bool(by) or bool(hand) or state,
        # may a condition read the atom `fought` (a Program's text naming it; Combat._keeps_strengths)
        "_lfought": any("'fought'" in repr(p) for p in progs if p is not EMPTY),
        "_lhold": {},  # card set -> may it sit in front of a player (Abilities._holders' memo)
        # every card some trigger, continuous op or use ability listens with (Abilities._holders)
        "_lall": frozenset().union(*by.values(), *stat.values(), use),
    }


_FX_CACHE: dict = {}


def card_fx(spec) -> dict:
    """The record of one card spec's specialised abilities (:func:`specialise` of its compiled
    effects), for the per-spec helpers outside a game (``tables.turn_category``...); cached
    per spec object.

    Raises:
        EffectError: the card's effects do not compile.
    """
    hit = _FX_CACHE.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    if len(_FX_CACHE) > 4096:
        _FX_CACHE.clear()
    fx = specialise(expand(spec.effects, spec.kind, where=f"card {spec.name!r}"), spec.kind)[0] \
        if spec.effects else NO_FX
    _FX_CACHE[id(spec)] = (spec, fx)
    return fx
