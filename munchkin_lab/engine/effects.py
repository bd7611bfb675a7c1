"""The short forms of the card-effect language: today's card keys (``bad_stuff``, ``bonus_vs``,
``side`` ...) and their values, in one place.

Every key below is a short form of the language (:mod:`munchkin_lab.engine.lang`; the full
reference, with what each key stands for in the long form ``abilities:``, is the generated
``database/EFFECTS.md``). One interpreter runs them: the engine compiles every card's
``effects`` once per card list (``lang.expand``, ``engine/lang_compile.py``) and reads only the
compiled program - a triggered short form (``bad_stuff``, ``on_escape``, ``on_meet``, a Curse's
``ops``) runs as an ability through the one op dispatch (``engine/ops.py``); a continuous or
flag short form (``bonus_vs``, ``no_help``, ``run_away``, ``next_combat``, the One-Shot keys
...) is read by the core's rule from the card's record built from the compiled program
(compile-time specialisation, ``lang_compile.specialise``), and so is the long form that means
the same. No rule module reads a card's ``effects``. The loader and the scenario runner check
effects with :func:`munchkin_lab.engine.lang.validate` (every problem with its path);
:func:`validate_effects` is this vocabulary's own string check.

Condition atoms (strings): ``race:elf``, ``class:warrior``, ``gender:female``, ``gender:male``,
``tag:undead`` (a monster tag), ``level<=3``, ``level>=6``, ``human`` (no race card),
``has_race`` / ``has_class`` (at least one Race / Class card); a leading
``!`` negates (``!race:halfling``). Race/class names are lower-case card names (``cleric`` and
``priest`` are the same class).

Monster keys (core rules, 7. Combat):
  bonus_vs: [{if: ATOM, bonus: INT}]  monster +bonus when the fighter or the helper matches;
                                      counted once per monster (core rules, 7. Help)
  run_away: INT                       modifier to every Run Away roll against it
  no_run_away: BOOL                   Run Away always fails (no roll succeeds)
  not_pursue: ATOM | [ATOM, ...]      a matching fighter (all atoms) may let it go (``evade``)
  evade_treasures: INT                Treasures drawn by a fighter who lets it go that way
  evade_discard: [WORD, ...]          the fighter gets away at once by discarding an item or
                                      One-Shot whose name holds one of the (lower-case) words
                                      (``evade c=<card>``): it leaves, no Treasure, no Level
  bribe_gold: INT                     the fighter may buy it off with an item worth at least
                                      that much (``evade c=<item>``): it leaves, no Treasure
  no_help: BOOL                       nobody may help against it
  items_dont_count: BOOL              the munchkin side's items give no bonus
  level_only: BOOL                    the munchkin side fights with its Levels only: no item,
                                      One-Shot, Hireling, ability or other bonus (Ghoulfiends)
  level_doesnt_count: BOOL            the munchkin side's Levels do not count
  extra_treasures: [{if: ATOM, count: INT}]  more (or fewer) Treasures when the fighter matches
  extra_levels: INT                   Levels on top of ``levels_gained``
  extra_level_with: [WORD, ...]       one more Level when the winning side used (One-Shot played
                                      in the combat, or an item in use) a card whose name holds
                                      one of the words (e.g. fire: flaming, napalm)
  extra_level_bare: BOOL              one more Level when beaten alone, no bonus, no One-Shot for
                                      the munchkins: the fighter's strength is exactly their Level
  cleric_chase: BOOL                  a Cleric fighter or helper may chase it away (action
                                      ``chase``): its Treasures stay in the reward, no Level
  on_meet: [OP, ...]                  applied to the fighter when it enters the combat
  bad_stuff: [OP, ...]                applied to each player it catches
  on_escape: [OP, ...]                applied to a player who escapes it

Item keys (core rules, 9. Treasures and Items):
  bonus_if: [{if: ATOM, bonus: INT}]  the item's bonus becomes INT for a matching owner
  run_away: INT                       bonus to the owner's Run Away rolls while in use
  ignore_kicked_curses: BOOL          in use: a Curse found by kicking open the door does
                                      nothing to the wearer (Sandals of Protection)

One-Shot keys (core rules, 9. Single-Use Items) - the card's ``bonus`` is its combat bonus:
  side: munchkin | monster | either   which side the bonus may go to (default either)
  escape: BOOL                        played while running away: escape every monster
  discard_monster: BOOL               remove one monster from the combat (no Treasure from it)
  end_combat: BOOL                    discard every monster; no Levels, no Treasure
  draw_treasures: INT                 the player draws this many Treasures (face down)
  bonus_per: {if: ATOM, bonus: INT}   bonus for each player in the combat matching ATOM
  escape_both: BOOL                   (with escape) the other runner (helper) escapes too
  keep_treasure: BOOL                 (with discard_monster) removing the only monster still
                                      gives its Treasures to the fighter (no Level)
  leave_treasure: BOOL                (with discard_monster) the monster's Treasures stay in
                                      the combat: the winner of the rest draws them, a runner
                                      loses them, alone the fighter draws them (no Level)
  loot_room: BOOL                     (with end_combat) the fighter may still Loot the Room
                                      once the combat has closed (Friendship Potion)
  own_turn: BOOL                      only the active player, at any moment of their own turn
                                      (also while running away: the Magic Lamp)
  double_fighter: BOOL                a lone fighter's own strength counts twice (no helper)
  transfer_fighter: BOOL              in a combat (before running): player t becomes the
                                      fighter; the old fighter and the helper leave it
  set_die: BOOL                       any time: the next die roll shows n (1..6)
  take_discard: BOOL                  own turn, out of combat: card m of a discard pile to hand
  reroll_escape: BOOL                 after another player's successful Run Away roll (pending
                                      ``glue``: play it or pass) that roll is void: roll again

Monster Enhancer keys (core rules, 10. Monster Enhancers) - ``bonus`` is the Level change:
  treasures: INT                      Treasure change of the enhanced monster
  mate: BOOL                          the monster counts twice (strength, Treasures, Levels)
  min_level: INT                      with this enhancer the monster's Level (its own plus its
                                      enhancers') stays at least INT (Baby: 1), never above
                                      its printed Level
  min_treasures: INT                  ... and its Treasures at least INT (never above printed)

Curse keys (core rules, 10. Curses):
  ops: [OP, ...]                      applied at once to the victim
  persistent: BOOL                    the card stays with the victim
  roll_mod: INT                       persistent: modifier to the victim's die rolls
  next_combat: INT                    persistent until the end of the victim's next combat
                                      (or the current one): combat strength change
  removed_with: headgear|armor|footgear   persistent curse ends when that item is lost
  only_slot: headgear|armor|footgear  until the end of the victim's next combat (or the
                                      current one) only items of that slot give a bonus

Go Up a Level keys:  levels: INT (default 1); the card's own conditions (its text):
  not_highest: BOOL         not usable by the highest-Level player, nor one tied for it: the
                            player playing it (Whine at the GM); the target is any player
  needs_hireling: BOOL      only while some player has a Hireling in play
  kill_hireling: BOOL       a Hireling in play is discarded (several: its player picks)
  after_combat: BOOL        only after a combat ended this turn (Mutilate the Bodies)

Special keys (Door or Treasure cards of kind ``special``):
  wandering_monster: BOOL   half_breed: BOOL   super_munchkin: BOOL   cheat: BOOL
  end_combat / draw_treasures (as for One-Shots, e.g. Out To Lunch)
  level_for: ATOM           every living player matching ATOM gains a Level (not to 10, unless
                            ``may_win``)
  may_win: BOOL             (with level_for) the Level may be the winning one (the card says so)
  on_draw: resolve          the card acts the moment anyone draws it, face up or face down
                            (kicked, looted, Faster Play), then goes to the discards; a dealt
                            one goes to the hand (it may then be played)
  hireling: BOOL            played any time; stays with its owner and may carry one item m
                            that ignores the slot and Big limits (core rules, 9.: the Henchman)
  cancel_curse: BOOL        (One-Shot or special) cancels a Curse as it resolves (pending
                            ``cancel``: play it or pass), or ends one that stays on a player
                            (``play c m=<curse>``), any time
  steal_level: BOOL         any time: player t loses a Level, you gain one (never the winning one)
  swap_monster: BOOL        in combat: monster n leaves, monster m from your hand takes its place
  take_item: BOOL           the fighter takes item m in play of player t when it turns the fight
                            into a win (Help Me Out Here!)
  draw_treasures: INT       (without end_combat) own turn, out of combat: draw that many Treasures

Expansion keys (values are mappings, read by the expansion's rules module, issue 4):
  room, room_action, dungeon, portal, fairy_dust, vehicle

Ops (a mapping with one main key; ``else: [OP...]`` runs when the main key found nothing,
``then: [OP...]`` when it found something):
  {lose_levels: INT} | {gain_levels: INT} | {death: true} | {set_level: INT|"lowest"}
  (a gain never gives the winning Level: set_level above 9 acts as 9; ``winning: true`` on
  gain_levels / set_level: it may; ``floor: N`` on lose_levels: never below Level N, default 1;
  every field the long form takes on an op, ``lang.vocab.OPS``, the short form takes too) |
  {lose_race: true} | {lose_class: true}  (every Race / Class; ``count: N``: N of them, the
  victim's choice; ``named: [NAME, ...]``: only the cards of those lower-case names, e.g. the
  Horror's Wizard) | {discard_hand: true} | {change_sex: true} |
  {lose_item: headgear|armor|footgear|hand|vehicle|big|small|best|any|all_big|all|all_worn,
  count: INT, tagged: [WORD, ...]}  (a slot or vehicle: the item in use there; best: the item in
  use giving the biggest bonus now, carried items never count; all_worn: every item in use;
  tagged: only items carrying one of the tags, e.g. Crabs' "below the waist") |
  {roll: {"1-2": [OP...], "3-6": [OP...]}} | {lose_level_per_roll: true} |
  {take_from_discards: race|class, exclude_own: BOOL}  (the top such card of the Door discards
  becomes yours; with exclude_own never one the victim lost by the same ops: Change Race gives
  another Race or none) |
  {neighbours_take: INT}  (left then right neighbour, alternating, take that many random hand cards) |
  {if_match: ATOM, then: [OP...]}  (``then`` when the player matches ATOM, else ``else``) |
  {lose_value: INT}  (the victim discards items in play of their choice worth at least INT Gold;
  unable, all items) | {others_take_item: all|highest|neighbours, from: left|right}  (those
  other players each take one item in play of the victim, their choice, in turn from the
  victim's left; ``from: right``: from the right, Hippogriff; ``or_hand: true``: each may take a
  card of the victim's hand instead, blind, Hippogriff) | {lose_cards_roll: true}  (roll a die,
  lose that many cards, items in play or hand, the victim's choice) | {others_draw_hand: true}
  (the other living players, from the victim's left, draw one card at a time, blind, from the
  victim's hand until it is empty; with ``each: N``: N cards each, then the rest is discarded) |
  {income_tax: true}  (the victim discards an item in play of their choice; every other living
  player then discards items in play worth at least as much, or, unable, all items and 1 Level) |
  {manual: "short note"}   (pushes a ResolveByHand decision)
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from .lang.parse import _kind_name, yaml_text

ATOM_RE = re.compile(r"^!?(race:[a-z_\- ]+|class:[a-z_\- ]+|gender:(male|female)|tag:[a-z_\- ]+|"
                     r"level(<=|>=|<|>|=)\d+|human|has_race|has_class)$")

LOSE_ITEM_WHAT = ("headgear", "armor", "footgear", "hand", "big", "small", "best", "any",
                  "all_big", "all", "vehicle", "all_worn")

#: top-level effect keys and a checker name for their values
TOP_KEYS: dict[str, str] = {
    # monsters
    "bonus_vs": "cond_bonus", "run_away": "int", "no_run_away": "bool", "not_pursue": "atoms",
    "evade_treasures": "int", "bribe_gold": "int", "evade_discard": "words",
    "extra_level_with": "words", "extra_level_bare": "bool",
    "no_help": "bool", "items_dont_count": "bool", "level_doesnt_count": "bool",
    "level_only": "bool", "extra_treasures": "cond_count", "extra_levels": "int", "bad_stuff": "ops", "on_escape": "ops",
    "cleric_chase": "bool", "on_meet": "ops",
    # items
    "bonus_if": "cond_bonus",
    # one-shots
    "side": "side", "escape": "bool", "discard_monster": "bool", "end_combat": "bool",
    "draw_treasures": "int", "bonus_per": "one_cond_bonus", "escape_both": "bool",
    "keep_treasure": "bool", "leave_treasure": "bool", "loot_room": "bool",
    "own_turn": "bool", "double_fighter": "bool", "set_die": "bool",
    "take_discard": "bool", "reroll_escape": "bool", "steal_level": "bool", "swap_monster": "bool",
    "take_item": "bool", "transfer_fighter": "bool",
    # enhancers
    "treasures": "int", "mate": "bool", "min_level": "int", "min_treasures": "int",
    # curses
    "ops": "ops", "persistent": "bool", "roll_mod": "int", "next_combat": "int",
    "removed_with": "slot3", "only_slot": "slot3",
    # go up a level
    "levels": "int", "not_highest": "bool", "needs_hireling": "bool", "kill_hireling": "bool",
    "after_combat": "bool",
    # items
    "ignore_kicked_curses": "bool",
    # specials
    "wandering_monster": "bool", "half_breed": "bool", "super_munchkin": "bool", "cheat": "bool",
    "level_for": "atom", "hireling": "bool", "cancel_curse": "bool", "may_win": "bool",
    "on_draw": "on_draw",
    # expansion vocabularies, owned by their rules modules (issue 4); checked there
    "room": "mapping", "room_action": "mapping", "dungeon": "mapping", "portal": "mapping",
    "fairy_dust": "mapping", "vehicle": "mapping",
}

OP_KEYS = ("lose_levels", "gain_levels", "death", "set_level", "lose_race", "lose_class",
           "discard_hand", "change_sex", "lose_item", "roll", "lose_level_per_roll", "manual",
           "take_from_discards", "neighbours_take", "if_match", "income_tax", "lose_value",
           "others_take_item", "lose_cards_roll", "others_draw_hand")


def valid_atom(atom: Any) -> bool:
    """True when ``atom`` is a well-formed condition atom."""
    return isinstance(atom, str) and bool(ATOM_RE.match(atom.strip().lower()))


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _language_op(op: Mapping) -> bool:
    """True when ``op`` names exactly one op of the language (``lang.vocab.OPS``: ``levels``,
    ``draw``, ``if``, ``combat_strength`` ...) and none of this vocabulary's short op keys: an
    op list of a short form (``bad_stuff``, ``ops`` ...) runs such an op through the one
    interpreter, and :func:`munchkin_lab.engine.lang.validate` checks it (its fields and
    types); this check has nothing to add."""
    from .lang.vocab import OPS

    return sum(1 for k in op if k in OPS) == 1


#: The op fields the short form has always taken on any op (``else``, ``then`` and the fields
#: of the ops that had them before the language: checked by the op's branch below).
_SHORT_FIELDS = frozenset(("else", "count", "then", "exclude_own", "each", "from", "tagged", "or_hand", "named",
                           "winning"))


def _long_fields(key: str) -> dict[str, str]:
    """The fields the language's long form takes on op ``key`` (``lang.vocab.OPS``: e.g.
    ``floor`` on ``lose_levels``), with their specs: the short form takes the same."""
    from .lang.vocab import OPS

    d = OPS.get(key)
    return dict(d.fields) if d is not None else {}


def _check_ops(ops: Any, where: str, out: list[str]) -> None:
    if not isinstance(ops, (list, tuple)):
        from .lang.expand import _one_op_hint

        out.append(f"{where}: expected a list of ops{_one_op_hint(ops)}")
        return
    for i, op in enumerate(ops):
        w = f"{where}[{i}]"
        if not isinstance(op, Mapping):
            out.append(f"{w}: an op must be a mapping")
            continue
        main = [k for k in op if k in OP_KEYS]
        if not main and _language_op(op):
            continue  # an op of the language's long form: checked by lang.validate (one vocabulary)
        if len(main) != 1:
            out.append(f"{w}: exactly one op key expected (one of {', '.join(OP_KEYS)}), got {sorted(op)}")
            continue
        key = main[0]
        val = op[key]
        own = _long_fields(key)  # what the long form takes on this op, the short form takes too
        for k in op:
            if k in OP_KEYS or k in _SHORT_FIELDS or k in own:
                continue
            takers = [o for o in OP_KEYS if k in _long_fields(o)]
            out.append(f"{w}.{k}: only with {' or '.join(takers)}" if takers else f"{w}.{k}: unknown op field")
        for k in own:
            if k in op and k not in _SHORT_FIELDS and own[k] == "posint" and not (_is_int(op[k]) and op[k] >= 1):
                out.append(f"{w}.{k}: expected a positive integer")
        if "winning" in op:  # (the language's switch: this gain may give the winning Level)
            if key not in ("gain_levels", "set_level"):
                out.append(f"{w}.winning: only with gain_levels or set_level")
            elif not isinstance(op["winning"], bool):
                out.append(f"{w}.winning: expected true or false")
        if key == "lose_value":
            if not _is_int(val) or val < 1:
                out.append(f"{w}.lose_value: expected a positive integer")
        elif key == "others_take_item":
            if val not in ("all", "highest", "neighbours"):
                out.append(f"{w}.others_take_item: expected all, highest or neighbours")
            if op.get("from", "left") not in ("left", "right"):
                out.append(f"{w}.from: expected left or right")
            if "or_hand" in op and not isinstance(op["or_hand"], bool):
                out.append(f"{w}.or_hand: expected true or false")
        elif key == "if_match":
            if not valid_atom(val):
                out.append(f"{w}.if_match: bad condition atom {yaml_text(val)}")
            if "then" not in op:
                out.append(f"{w}.then: if_match needs a then list")
            else:
                _check_ops(op["then"], f"{w}.then", out)
        elif key == "neighbours_take":
            if not _is_int(val) or val < 1:
                out.append(f"{w}.neighbours_take: expected a positive integer")
        elif key in ("lose_levels", "gain_levels"):
            if not _is_int(val) or val < 0:
                out.append(f"{w}.{key}: expected a non-negative integer")
        elif key == "set_level":
            if not (_is_int(val) and val >= 1) and val != "lowest":
                out.append(f"{w}.set_level: expected an integer >= 1 or 'lowest'")
        elif key == "lose_item":
            if val not in LOSE_ITEM_WHAT:
                out.append(f"{w}.lose_item: expected one of {', '.join(LOSE_ITEM_WHAT)}")
            tg = op.get("tagged", ["x"])
            if not isinstance(tg, (list, tuple)) or not tg or not all(isinstance(t, str) and t for t in tg):
                out.append(f"{w}.tagged: expected a non-empty list of tags")
        elif key in ("lose_race", "lose_class"):
            if val is not True:
                out.append(f"{w}.{key}: expected true")
            nm = op.get("named", ["x"])
            if not isinstance(nm, (list, tuple)) or not nm or not all(isinstance(t, str) and t for t in nm):
                out.append(f"{w}.named: expected a non-empty list of names")
        elif key == "roll":
            if not isinstance(val, Mapping) or not val:
                out.append(f"{w}.roll: expected a mapping of die ranges to op lists")
            else:
                for rng_key, sub in val.items():
                    if not re.match(r"^[1-6](-[1-6])?$", str(rng_key)):
                        out.append(f"{w}.roll.{rng_key}: expected a die range like '1-2'")
                    _check_ops(sub, f"{w}.roll.{rng_key}", out)
        elif key == "take_from_discards":
            if val not in ("race", "class"):
                out.append(f"{w}.take_from_discards: expected race or class")
        elif key == "manual":
            if not isinstance(val, str):
                out.append(f"{w}.manual: expected a short note")
        else:
            if val is not True:
                out.append(f"{w}.{key}: expected true")
        if "count" in op and (not _is_int(op["count"]) or op["count"] < 1):
            out.append(f"{w}.count: expected a positive integer")
        if "else" in op:
            _check_ops(op["else"], f"{w}.else", out)
        if "then" in op and key != "if_match":
            _check_ops(op["then"], f"{w}.then", out)


def validate_effects(effects: Any) -> list[str]:
    """Check a card's ``effects`` mapping against the vocabulary.

    Args:
        effects: the ``effects`` field of a card (a mapping, possibly empty).

    Returns:
        A list of problems, each naming the offending key (``"bad_stuff[0].lose_item: ..."``);
        empty when valid. Never raises.
    """
    out: list[str] = []
    if effects is None:
        return out
    if not isinstance(effects, Mapping):
        return [f"effects: expected a mapping, got {_kind_name(effects)}"]
    for key, val in effects.items():
        if key == "abilities":  # the language's long form: checked by engine.lang.validate
            continue
        kind = TOP_KEYS.get(key)
        if kind is None:
            out.append(f"{key}: unknown effect key")
        elif kind == "int":
            if not _is_int(val):
                out.append(f"{key}: expected an integer")
        elif kind == "bool":
            if not isinstance(val, bool):
                out.append(f"{key}: expected true or false")
        elif kind == "atom":
            if not valid_atom(val):
                out.append(f"{key}: bad condition atom {yaml_text(val)}")
        elif kind == "words":
            if not isinstance(val, (list, tuple)) or not val or not all(isinstance(x, str) and x for x in val):
                out.append(f"{key}: expected a list of words")
        elif kind == "atoms":
            vals = val if isinstance(val, (list, tuple)) else [val]
            if not vals or not all(valid_atom(x) for x in vals):
                out.append(f"{key}: bad condition atom(s) {yaml_text(val)}")
        elif kind == "on_draw":
            if val != "resolve":
                out.append(f"{key}: expected resolve")
        elif kind == "side":
            if val not in ("munchkin", "monster", "either"):
                out.append(f"{key}: expected munchkin, monster or either")
        elif kind == "slot3":
            if val not in ("headgear", "armor", "footgear"):
                out.append(f"{key}: expected headgear, armor or footgear")
        elif kind == "mapping":
            if not isinstance(val, Mapping):
                out.append(f"{key}: expected a mapping (expansion vocabulary)")
        elif kind == "ops":
            _check_ops(val, key, out)
        elif kind in ("cond_bonus", "cond_count", "one_cond_bonus"):
            items = [val] if kind == "one_cond_bonus" else val
            if not isinstance(items, (list, tuple)):
                out.append(f"{key}: expected a list of {{if: ATOM, ...}}")
                continue
            num = "count" if kind == "cond_count" else "bonus"
            for i, it in enumerate(items):
                w = key if kind == "one_cond_bonus" else f"{key}[{i}]"
                if not isinstance(it, Mapping):
                    out.append(f"{w}: expected a mapping")
                    continue
                if not valid_atom(it.get("if")):
                    out.append(f"{w}.if: bad condition atom {yaml_text(it.get('if'))}")
                if not _is_int(it.get(num)):
                    out.append(f"{w}.{num}: expected an integer")
                for k in it:
                    if k not in ("if", num):
                        out.append(f"{w}.{k}: unknown field")
    return out
