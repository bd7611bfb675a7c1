"""Per-card lookup tables (index = card id), shared by every game over the same card list, and the
condition atoms of card effects.
"""
from __future__ import annotations

import types

from .cards import CardSpec
from .lang.interp import needs_combat
from .lang.program import All, Atom
from .lang.vocab import TARGETS
from .lang_compile import STAYS, card_fx, modes_of, program_tables


SLOT_LIMIT = {"headgear": 1, "armor": 1, "footgear": 1}
ALIASES = {"priest": "cleric", "kapłan": "cleric"}
_ATOMS: dict = {}


def _parse_atom(atom: str) -> tuple:
    """``(negated, type, argument)`` of a condition atom (see :meth:`Game.matches`; cached)."""
    atom = atom.strip().lower()
    neg = atom.startswith("!")
    if neg:
        atom = atom[1:]
    if atom.startswith("race:"):
        name = ALIASES.get(atom[5:], atom[5:])
        if name == "human":
            return neg, "human", None
        return neg, "race", name
    if atom == "human":
        return neg, "human", None
    if atom == "has_race":
        return not neg, "human", None
    if atom == "has_class":
        return neg, "has_class", None
    if atom.startswith("class:"):
        return neg, "class", ALIASES.get(atom[6:], atom[6:])
    if atom.startswith("gender:"):
        return neg, "gender", atom[7:]
    if atom.startswith("tag:"):
        return neg, "tag", atom[4:]
    if atom.startswith("level"):
        op = atom[5:7] if atom[6] in "=" else atom[5]
        val = int(atom[5 + len(op):])
        if op not in ("<=", ">=", "<", ">", "="):
            raise KeyError(op)
        return neg, "level", (op, val)
    return neg, "false", None


def turn_category(s: CardSpec) -> int:
    """How a Special / One-Shot is offered on its owner's turn out of combat (the candidates
    of ``Game.legal_actions``; core rules, 6. When You May Act): 0 not offered (and every
    other kind), 1 once per Item in play (Cheat!), 2 one plain play, 3 once per target seat
    (a Level theft), 4 once per top-3 card of each discard pile (take from the discards).
    Read from the card's compiled effects (:func:`~munchkin_lab.engine.lang_compile.card_fx`).

    Raises:
        EffectError: the card's effects do not compile."""
    return _turn_category(s.kind, card_fx(s), s.manual)


def _turn_category(kind: str, e: dict, manual: bool) -> int:
    if kind == "special":
        if e.get("cheat"):
            return 1
        if e.get("half_breed") or e.get("super_munchkin") or e.get("level_for") or \
                e.get("draw_treasures") or manual:
            return 2
        if e.get("steal_level"):
            return 3
    elif kind == "one_shot":
        if manual or e.get("draw_treasures"):
            return 2
        if e.get("take_discard"):
            return 4
    return 0


_NO_SLOT = object()  # a curse without "only_slot"
#: turn_category / combat_category of a One-Shot or special with ``played`` abilities in the
#: card-effect language: offered once per mode and choice of its abilities (lang_actions.py)
LANG_PLAYED = 8


def combat_category(s: CardSpec) -> int:
    """How a One-Shot / Special from hand is offered in a combat (the candidates of
    ``Game.legal_actions``; core rules, 7. Combat): One-Shot 1 once per monster (removes one),
    2 once per seat (passes the fight on), 3 once per side; Special 4 once per monster in hand
    (Wandering Monster), 5 one plain play, 6 once per monster in hand and monster fought,
    7 once per Item in play of another player (the fighter only); 0 otherwise. Read from the
    card's compiled effects.

    Raises:
        EffectError: the card's effects do not compile."""
    return _combat_category(s.kind, card_fx(s), s.manual)


def _combat_category(kind: str, e: dict, manual: bool) -> int:
    if kind == "one_shot":
        if e.get("discard_monster"):
            return 1
        if e.get("transfer_fighter"):
            return 2
        if not e.get("escape"):
            return 3
    elif kind == "special":
        if e.get("wandering_monster"):
            return 4
        if e.get("end_combat") or e.get("level_for") or manual:
            return 5
        if e.get("swap_monster"):
            return 6
        if e.get("take_item"):
            return 7
    return 0


_TABLES: dict = {}
_TABLES_MAX = 64


#: card kind -> its branch in Playing._cand_turn_plays (1 Race/Class/Item, 2 Curse, 3 Go Up a
#: Level, 4 Special/One-Shot; other kinds list nothing there)
_TURN_PLAN = {"race": 1, "class": 1, "item": 1, "curse": 2, "go_up_a_level": 3, "special": 4, "one_shot": 4}
#: card kind -> its branch in CombatCards._cand_combat_cards (1 One-Shot, 2 Monster Enhancer,
#: 3 Curse/Go Up a Level, 4 monster, 5 Special; other kinds list nothing there)
_COMBAT_PLAN = {"one_shot": 1, "monster_enhancer": 2, "curse": 3, "go_up_a_level": 3, "monster": 4, "special": 5}


def _card_tables(specs: list[CardSpec]) -> dict:
    """The per-card lookup lists of a game (``_kind``, ``_slots``, ...; index = card id), built
    once per card list and shared by every game over the same spec objects (the lists are
    read-only after this). Keyed on the spec objects' identities; the entry keeps the specs
    alive, so an id cannot be reused while it is cached."""
    key = tuple(map(id, specs))
    hit = _TABLES.get(key)
    if hit is not None:
        return hit[1]
    t = types.SimpleNamespace()
    # the card-effect language: every card compiled once; _fx[c] = what its abilities mean to
    # the core's rules (lang_compile.specialise), the rest runs through the language's firing
    t.__dict__.update(program_tables(specs))
    fx = t._fx
    t._sets = frozenset(s.set for s in specs)
    t._parts = frozenset(s.kind for s in specs) | frozenset(s.deck for s in specs)  # (rules.select_modules)
    t._kind = [s.kind for s in specs]
    t._lnames = [_lname(s) for s in specs]
    t._slots = [s.slot for s in specs]
    # what a sale gets per card: Items, One-Shots and Fairy Dust with a value (an Item: Munchkin
    # Fairy Dust rules, Getting Fairy Dust Cards; Game._is_item)
    t._sale_gold = [max(0, s.gold or 0) if s.kind in ("item", "one_shot")
                    or (s.kind == "fairy_dust" and s.gold is not None) else 0 for s in specs]
    t._cancels = [bool(e.get("cancel_curse")) for e in fx]
    # cards played by _why_anytime_play (Wishing Ring, Hireling, loaded die, level theft)
    t._anyplay = [bool(e.get("cancel_curse") or e.get("hireling") or e.get("set_die") or e.get("steal_level"))
                  for e in fx]
    t._has_cancel = any(t._cancels)
    t._cancel_set = frozenset(i for i, x in enumerate(t._cancels) if x)  # (Curses._apply_curse_window)
    t._glues = [bool(e.get("reroll_escape")) for e in fx]
    # how a Special / One-Shot is played on the own turn (see _candidates): 0 not here,
    # 1 cheat (one per item in play), 2 plain play, 3 level theft (targets), 4 discard pick
    t._tcat = [_turn_category(s.kind, e, s.manual) for s, e in zip(specs, fx)]
    # a card whose play Playing._why_play asks the card-effect language first (_why_lang_card):
    # played abilities or reactions, not one that stays in play (a Half-Breed, Super Munchkin, Cheat!)
    t._lwhy = [t._lang and (lp or lr) and not e.keys() & STAYS for lp, lr, e in zip(t._lplayed, t._lreact, fx)]
    # a Half-Breed / Super Munchkin whose play Playing._why_play refuses whenever
    # _why_char_special does (no Race / Class to go on, one already): the own turn's
    # candidates ask that rule first (not a card played at any time, nor one the card-effect
    # language plays, nor a Wandering Monster: their checks go another way)
    t._char_gate = [s.kind == "special" and bool(e.get("half_breed") or e.get("super_munchkin"))
                    and not t._anyplay[i] and not e.get("wandering_monster")
                    and not t._lwhy[i] for i, (s, e) in enumerate(zip(specs, fx))]
    t._uplevels = [e.get("levels", 1) for e in fx]
    # a Go Up a Level's own conditions (see Playing._rule_go_up): its record when it has any
    t._goup_cond = [e if s.kind == "go_up_a_level" and any(
        k in e for k in ("not_highest", "needs_hireling", "after_combat")) else None for s, e in zip(specs, fx)]
    # such a Go Up a Level whose play Playing._why_play refuses whenever those conditions
    # fail, whatever the target (_rule_go_up: not one played at any time, nor one the
    # card-effect language plays): the candidates ask them once per card
    t._goup_gate = [e is not None and not t._anyplay[i] and not (t._lang and (t._lplayed[i] or t._lreact[i]))
                    for i, e in enumerate(t._goup_cond)]
    # an escape card: its record's escape, or an escape op among its played abilities the
    # language runs (a card whose played abilities are not all of a fixed form)
    t._escape = [bool(e.get("escape")) or
                 (lp and bool(pr.ops("escape")))
                 for e, lp, pr in zip(fx, t._lplayed, t._prog)]
    t._no_help = [bool(e.get("no_help")) for e in fx]
    # combat plays of a One-Shot / Special (see CombatCards._cand_combat_cards)
    t._ccat = [_combat_category(s.kind, e, s.manual) for s, e in zip(specs, fx)]
    t._steal_level = [bool(e.get("steal_level")) for e in fx]
    # a Special offered per Item of the others (combat_category 7, take_item) whose play
    # Playing._why_play leaves to CombatCards._why_take_item (not one played at any time, nor
    # one the card-effect language plays, nor one a Race / Class / Cheat! rule checks first):
    # the fighter's alone, in the fight
    t._take_gate = [cc == 7 and not t._anyplay[i] and not (t._lang and (t._lplayed[i] or t._lreact[i]))
                    and not (e.get("half_breed") or e.get("super_munchkin") or e.get("cheat"))
                    for i, (cc, e) in enumerate(zip(t._ccat, fx))]
    # strength facts (see player_strength)
    t._lvl_nc = [bool(e.get("level_doesnt_count")) for e in fx]
    t._items_nc = [bool(e.get("items_dont_count")) for e in fx]
    t._lvl_only = [bool(e.get("level_only")) for e in fx]
    # a card its text lets its owner play at any moment of their own turn (RunAway._own_turn_card)
    t._own_turn = [_own_turn_of(e, pr, t._lang and t._lplayed[i]) for i, (e, pr) in enumerate(zip(fx, t._prog))]
    t._next_combat = [e.get("next_combat", 0) for e in fx]
    t._mlevel = [s.level or 0 for s in specs]
    t._mbonus = [s.bonus or 0 for s in specs]
    t._mate = [bool(e.get("mate")) for e in fx]
    t._floor_level = [e.get("min_level") for e in fx]  # Baby: the monster's Level floor
    t._ondraw = [e.get("on_draw") == "resolve" for e in fx]  # acts when drawn
    t._bonus_vs = [e.get("bonus_vs", ()) for e in fx]
    t._bonus_per = [e.get("bonus_per") for e in fx]
    t._run_away = [e.get("run_away", 0) for e in fx]  # an item's (owner), a monster's, an enhancer's
    t._extra_levels = [e.get("extra_levels", 0) for e in fx]
    t._hand_limit = [e.get("hand_limit", 0) for e in fx]  # a Race's / Class's (the Dwarf's +1)
    # the Race and Class powers (character.POWER_NAMES) -> the cards that have them
    t._powers = {}
    for i, (s, e) in enumerate(zip(specs, fx)):
        if s.kind in ("race", "class"):
            for k in e:
                t._powers.setdefault(k, set()).add(i)
    t._powers = {k: frozenset(v) for k, v in t._powers.items()}
    t._kill_levels = [(s.levels_gained or 1) + e.get("extra_levels", 0) for s, e in zip(specs, fx)]
    # the state-based slot check's bits: 1 headgear, 2 armor, 4 footgear, 8 one hand, 16 two hands
    _b = {"headgear": 1, "armor": 2, "footgear": 4, "one_hand": 8, "two_hands": 16}
    # (an Item's slot: a Fairy Dust card with a value is an Item too, Items._lasting_item)
    t._slot_bits = [_b.get(s.slot, 0) if s.kind == "item" or (s.kind == "fairy_dust" and s.gold is not None)
                    else 0 for s in specs]
    t._removed_with = [e.get("removed_with") for e in fx]  # a Curse tied to a slot's item
    t._only_slot = [e["only_slot"] if "only_slot" in e else _NO_SLOT for e in fx]
    # a Curse kept in front of its victim by its record (persistent, roll_mod, next_combat, only_slot)
    # (a Curse with a continuous in_play ability stays in front of its victim: that ability
    # works while it is there)
    t._kept = [bool(e.get("persistent") or e.get("next_combat") or e.get("roll_mod") or e.get("only_slot")
                    or (s.kind == "curse" and run and "in_play" in run))
               for s, e, run in zip(specs, fx, t._lrun)]
    t._roll_mod_of = [e.get("roll_mod", 0) for e in fx]  # a kept Curse's die-roll modifier
    t._has_glue = any(t._glues)
    t._glue_set = frozenset(i for i, g in enumerate(t._glues) if g)  # (RunAway._run_outcome)
    # the cards reacting from the hand to a Run Away roll (LangRolls._lang_run_roll)
    t._lroll_hand = t._lhand.get("die_rolled", frozenset()) | t._lhand.get("run_away_rolled", frozenset())
    # Item bonus when nothing can change it (no race/class/gender restriction, no conditional
    # bonus): item_bonus answers these without the checks; None = ask the checks
    # (an Item whose own in_play ability sets its bonus in another form than bonus_if: asked live)
    live = t._lstatk.get(("item_bonus", "card"))
    t._live_ibonus = live[0] if live else frozenset()
    t._plain_bonus = [(s.bonus or 0) if not (s.usable_by or s.not_usable_by or e.get("bonus_if") or i in t._live_ibonus)
                      else None for i, (s, e) in enumerate(zip(specs, fx))]
    t._no_plain = [None] * len(specs)  # (while a lasting item_bonus is in force: ask every item)
    t._unrestricted = [not (s.usable_by or s.not_usable_by) for s in specs]  # can_use is True
    t._big = [bool(s.big) for s in specs]
    t._deck_ids = {}  # deck -> card ids in id order (decks in order of first appearance)
    for i, s in enumerate(specs):
        t._deck_ids.setdefault(s.deck, []).append(i)
    t._fight_extra = [bool(e.get("not_pursue") or e.get("bribe_gold") or
                           e.get("evade_discard") or e.get("cleric_chase")) for e in fx]
    # which branch of a candidate generator a hand card takes, by its kind (0: none)
    t._tplan = [_TURN_PLAN.get(k, 0) for k in t._kind]    # Playing._cand_turn_plays
    t._cplan = [_COMBAT_PLAN.get(k, 0) for k in t._kind]  # CombatCards._cand_combat_cards
    for i, played in enumerate(t._lplayed):
        if played and t._kind[i] in ("one_shot", "special") and not fx[i].keys() & STAYS:
            t._tcat[i] = t._ccat[i] = LANG_PLAYED  # listed by its abilities' choices
        elif t._lreact[i] and t._kind[i] in ("one_shot", "special"):
            t._tcat[i] = t._ccat[i] = 0  # played only as a reaction (a pending react decision)
        elif t._lmodes[i] and t._kind[i] in ("race", "class", "item"):
            # a Race, Class or Item whose played abilities are modes: on the own turn listed
            # once per mode and choice, as a One-Shot of the language (Playing._cand_turn_plays)
            t._tplan[i], t._tcat[i] = _TURN_PLAN["one_shot"], LANG_PLAYED
    # such a card whose every played ability's `if` needs a combat (lang.interp.needs_combat:
    # Potion of Halitosis): Playing._why_play (_why_lang_play) refuses each of its plays out of
    # one, so the own turn's candidates skip it (not a card played at any time)
    t._lplay_combat = [tc == LANG_PLAYED and t._lang and not t._anyplay[i] and not e.keys() & STAYS
                       and all(needs_combat(ab.cond) for _j, ab in run["played"])
                       for i, (tc, e, run) in enumerate(zip(t._tcat, fx, t._lrun))]
    t.facts = CardFacts(specs, t)
    # number of players -> the shared candidate Actions (_tcache, per-seat _kc)
    t._shared_caches = {}
    t._joiner_cache = {}  # joining tags -> per card: may this monster join (see Game._joiner)
    tables = vars(t)
    if len(_TABLES) >= _TABLES_MAX:
        _TABLES.clear()
    _TABLES[key] = (list(specs), tables)
    return tables


class CardFacts:
    """Printed facts of every card of a game, as lists indexed by card id (``Game.facts``):
    read-only, shared by every game over the same card list. For bots and tools that rank
    cards quickly; legality is never decided from them (ask ``Game.why_not``).

    Attributes (one entry per card id):
        kind, slot (``"none"`` when the card has none), big, manual: the card fields.
        gold: Gold value (0 when none or unknown); sale_gold: Gold a sale gets for it (0 for
            a card that is not an Item, a One-Shot or Fairy Dust with a value - core rules, 9.
            Selling Items).
        bonus: printed bonus (0 when none); plain_bonus: the Item bonus nobody's Race, Class
            or gender can change (no restriction, no conditional bonus), else None.
        unrestricted: an Item usable by anybody (no ``usable_by`` / ``not_usable_by``).
        level: a monster's Level (0 when none); bonus_vs: its conditional bonuses
            (``effects.bonus_vs``); kill_levels: Levels it gives when killed (levels_gained,
            default 1, plus ``extra_levels``); undead: tagged Undead.
        side: the side a One-Shot helps (``munchkin`` / ``monster`` / ``either``);
            has_effects: any effect data.
        escape, discard_monster, end_combat, wandering_monster, not_pursue, evade_offer
            (bought off: ``bribe_gold`` or ``evade_discard``), race_class_slot (a Half-Breed or
            Super Munchkin: one more Race / Class), cheat: effect flags. level_for: the
            condition atom of a card that gives every matching player a Level, else None.
            Each read from the card's compiled record, so an ability written in the language
            and its short form give the same facts.
        turn_category, combat_category: how the engine lists a Special / One-Shot on its
            owner's turn and in a combat (``tables.turn_category`` / ``combat_category``).
        side_play: for a card played by the card-effect language's ``played`` abilities, the
            ``cs`` of its play that gives its bonus to a chosen side (``()`` one ability, or
            ``(index,)`` the mode among several: Potion of Halitosis' +2), else None.
        use_ability: the card has an ability of the card-effect language used as an action
            (``when: use``: the ``use`` action kind; whether it may be used now is
            ``Game.why_not``'s answer). use_out_of_combat: one of those abilities may be
            used out of a combat (its ``if`` does not need one: ``lang.interp.needs_combat``;
            the Hireling's escape needs a Run Away, a designer's "trade this for a Level"
            does not).
        modes_out_of_combat: a One-Shot or special played by the card-effect language's
            ``played`` abilities (``turn_category`` ``LANG_PLAYED``) or a Go Up a Level with its
            own ``played`` abilities, which the engine lists once per mode (several abilities,
            all labelled: the play's ``cs``) or, for the One-Shot or special, once per choice
            of a chosen target (``t``, ``n``, ``m``): never as one plain play; and one of
            those abilities may be played out of a combat (its ``if`` does not need one:
            ``lang.interp.needs_combat``; Potion of Halitosis' two modes need a combat).
        run_react: for a card with reactions (``may`` or ``from_hand``) to a die roll or a
            Run Away roll (``die_rolled``, ``run_away_rolled``) whose only op is ``set_die``
            (Loaded Die), ``reroll`` (the Halfling's) or ``escape`` (Invisibility Potion):
            ``{ability index: op name}``, else None.
    """

    def __init__(self, specs: list, t) -> None:
        e = t._fx
        self.kind = t._kind
        self.slot = [s.slot or "none" for s in specs]
        self.big = t._big
        self.manual = [bool(s.manual) for s in specs]
        self.gold = [s.gold or 0 for s in specs]
        self.sale_gold = t._sale_gold
        self.bonus = [s.bonus or 0 for s in specs]
        self.plain_bonus = t._plain_bonus
        self.unrestricted = t._unrestricted
        self.level = t._mlevel
        self.bonus_vs = t._bonus_vs
        self.kill_levels = t._kill_levels
        self.undead = [s.has_tag("undead") for s in specs]
        self.side = [x.get("side", "either") for x in e]
        self.has_effects = [bool(p.abilities or p.parts) for p in t._prog]
        self.escape = t._escape
        self.discard_monster = [bool(x.get("discard_monster")) for x in e]
        self.end_combat = [bool(x.get("end_combat")) for x in e]
        self.wandering_monster = [bool(x.get("wandering_monster")) for x in e]
        self.not_pursue = [bool(x.get("not_pursue")) for x in e]
        self.evade_offer = [bool(x.get("bribe_gold") or x.get("evade_discard")) for x in e]
        self.race_class_slot = [bool(x.get("half_breed") or x.get("super_munchkin")) for x in e]
        self.cheat = [bool(x.get("cheat")) for x in e]
        self.level_for = [x.get("level_for") or None for x in e]
        self.turn_category = t._tcat
        self.combat_category = t._ccat
        self.side_play = [_side_play(run) for run in t._lrun]
        self.use_ability = [bool(run and run.get("use")) for run in t._lrun]
        self.use_out_of_combat = [bool(run) and any(not needs_combat(ab.cond) for _i, ab in run.get("use", ()))
                                  for run in t._lrun]
        self.modes_out_of_combat = [_modes_out_of_combat(run, k, tc)
                                    for run, k, tc in zip(t._lrun, t._kind, t._tcat)]
        self.run_react = [_run_react(run) for run in t._lrun]


#: the ops a reaction to a Run Away roll may consist of, for :attr:`CardFacts.run_react`
_RUN_REACT_OPS = ("set_die", "reroll", "escape")


def _run_react(run) -> dict | None:
    """:attr:`CardFacts.run_react` of a card whose runnable abilities are ``run``."""
    out = {}
    for trigger in ("die_rolled", "run_away_rolled"):
        for idx, ab in (run.get(trigger, ()) if run else ()):
            if (ab.may or ab.from_hand) and len(ab.do) == 1 and ab.do[0].name in _RUN_REACT_OPS:
                out[idx] = ab.do[0].name
    return out or None


def _modes_out_of_combat(run, kind: str, tcat: int) -> bool:
    """:attr:`CardFacts.modes_out_of_combat` of a card of kind ``kind`` whose runnable
    abilities are ``run`` and whose ``turn_category`` is ``tcat``."""
    played = run.get("played", ()) if run else ()
    if not played or not (tcat == LANG_PLAYED or kind == "go_up_a_level"):
        return False
    if modes_of(played):  # modes (Game._modes): one may do
        return any(_out_of_combat(ab) for _i, ab in played)
    # one play whose choices are those of its first ability (Game._lang_play_cands), playable
    # when every ability's if holds (Game._why_lang_play)
    first = TARGETS.get(played[0][1].who.name)
    return tcat == LANG_PLAYED and first is not None and first.choice and \
        all(_out_of_combat(ab) for _i, ab in played)


def _out_of_combat(ab) -> bool:
    """May ability ``ab`` act out of a combat: its ``if`` does not need one
    (``lang.interp.needs_combat``) and its targets are not a combat's monsters or sides."""
    t = TARGETS.get(ab.who.name)
    return not needs_combat(ab.cond) and (t is None or t.kind not in ("monster", "side"))


def _side_play(run) -> tuple | None:
    """:attr:`CardFacts.side_play` of a card whose runnable abilities are ``run``."""
    played = run.get("played", ()) if run else ()
    if not played:
        return None
    modes = bool(modes_of(played))
    for idx, ab in played:
        if ab.who.name == "chosen_side" and (modes or len(played) == 1):
            return (idx,) if modes else ()
    return None


def _lname(spec: CardSpec) -> str:
    n = spec.name.strip().lower()
    return ALIASES.get(n, n)


_OWN_TURN = Atom(False, "own_turn")


def _own_turn_of(fx: dict, prog, played: bool) -> bool:
    """Card text that lets its owner play it at any moment of their own turn (the Magic Lamp,
    card_facts_more.md source D): the short form ``own_turn``, or (``played``: the card has
    ``played`` abilities and the language is on) every ``played`` ability of its own under
    ``if: own_turn`` (alone or in an ``all``)."""
    if fx.get("own_turn"):
        return True
    if not played:
        return False
    conds = [ab.cond for ab in prog.abilities if "played" in ab.when]
    return bool(conds) and all(x == _OWN_TURN or (isinstance(x, All) and _OWN_TURN in x.items) for x in conds)
