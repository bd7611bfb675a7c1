"""The card-effect language in play: the engine's side of the interpreter contract
(``engine/lang/README.md``).

A card's ``effects.abilities`` (the language's long form, :mod:`munchkin_lab.engine.lang`) is
compiled once per card list (:func:`program_tables`, next to the other per-card tables of
``tables.py``) and run here:

* **triggers** - the engine calls :meth:`Abilities._lang_fire` (or :meth:`_lang_fire_card` for
  the card of the event itself) at the moments of the contract's trigger table; the call sites
  in the rule-area modules are one guarded line each (``if "kicked" in self._lt``), so a game
  whose cards have no ``abilities:`` pays one set lookup and nothing else;
* **statics** (``when: in_play``) - the readers of the engine (combat strength, Run Away,
  die rolls, hand limit, Treasures, Levels won, item bonus, joining tags, help) add
  :meth:`_lx` (the sum of the matching continuous abilities of the cards in play plus the
  :class:`~munchkin_lab.engine.lang.interp.Ledger` entries) when the card list has any;
* **lasting changes** of triggered ops go into ``state.ledger`` (immutable: undo snapshots
  share it; saved by ``to_json``) and end at the moments of the duration table
  (:meth:`_lang_combat_ended`, :meth:`_lang_turn_started`, :meth:`_lang_left_play` ...);
* **decisions** - an optional ability (``may: true``) or a reaction from the hand
  (``from_hand: true``) is a pending ``react`` decision (``pending.py``): the holder answers
  ``use c=<card> n=<ability>`` (``may``), ``play c=<card>`` (``from_hand``) or ``pass``; the
  event then goes on (:meth:`_lang_continue`). ``use`` abilities of cards in play are the
  action kind ``use`` (``kinds.TABLE``).

Only the abilities written under ``abilities:`` run here; the short forms (``bad_stuff``,
``bonus_vs`` ...) still run through the engine's key-specific code (``Ability.origin`` tells
them apart). Rule sources: the contract's tables; "core rules" = ``shared/seeds/001``.
"""
from __future__ import annotations

from dataclasses import replace as _replace
from itertools import combinations

from .lang import expand
from .lang.interp import Context, ItemView, amount_of, evaluate, resolve
from .lang.program import OWNER, Atom, Op, Target
from .lang.render import cond_to_data
from .lang.vocab import OPS
from .refs import R_COMBAT, R_RUN, R_WHEN

#: ops that set up a lasting change (they go into the Ledger, or are summed as statics)
LASTING = frozenset(n for n, d in OPS.items() if d.lasting)
#: how many cost-card combinations a candidate list offers at most (like bribes: a useful
#: subset; any legal combination is accepted by ``why_not``)
_MAX_COMBOS = 12
_SIDES = ("munchkins", "monsters")


# --------------------------------------------------------------------------- compile (per card list)


def _static_ops(ops, out: set) -> None:
    for op in ops:
        out.add(op.name)
        _static_ops(op.then, out)
        _static_ops(op.orelse, out)


def program_tables(specs) -> dict:
    """The language's per-card tables of a card list (merged into ``tables._card_tables``):

    ``_prog`` (card id -> compiled Program, None for a card without ``abilities:``), ``_lrun``
    (card id -> ``{trigger: ((index, Ability), ...)}`` of the runnable abilities, i.e. those
    written under ``abilities:``), ``_lby`` (trigger -> card ids listening to it in play: a card
    that only reacts to it from the hand is in ``_lhand`` alone), ``_lt``
    (the triggers any card uses: the call sites test it), ``_lhand`` (trigger -> card ids with
    a ``from_hand`` reaction to it), ``_lstat`` (op name -> card ids with a continuous ability
    using it), ``_luse`` (card ids with ``use`` abilities), ``_lplayed`` (card id -> has
    ``played`` abilities), ``_lreact`` (card id -> played only as a reaction: ``from_hand``
    abilities and no ``played`` ones), ``_lang`` (any of it).

    Raises:
        EffectError: a card's effects do not compile (names the card); specs from the loader
            or a validated scenario never fail.
    """
    n = len(specs)
    progs: list = [None] * n
    run: list = [None] * n
    by: dict = {}
    hand: dict = {}
    stat: dict = {}
    use: set = set()
    played = [False] * n
    react = [False] * n
    done: dict = {}
    for i, sp in enumerate(specs):
        eff = sp.effects
        if "abilities" not in eff:
            continue
        hit = done.get(id(sp))
        if hit is None:
            prog = expand(eff, sp.kind, where=f"card {sp.name!r}")
            table: dict = {}
            for idx, ab in enumerate(prog.abilities):
                if not ab.origin.startswith("abilities"):
                    continue  # a short form: the engine's key-specific code runs it
                for t in ab.when:
                    table.setdefault(t, []).append((idx, ab))
            hit = done[id(sp)] = (prog, {t: tuple(v) for t, v in table.items()})
        prog, table = hit
        progs[i] = prog
        run[i] = table
        for t, abs_ in table.items():
            if not all(ab.from_hand for _idx, ab in abs_):
                by.setdefault(t, set()).add(i)  # (a reaction from the hand is found in _lhand)
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
        "_lt": frozenset(by) | frozenset(hand),
        "_lhand": {t: frozenset(v) for t, v in hand.items()},
        "_lstat": {k: frozenset(v) for k, v in stat.items()},
        "_luse": frozenset(use), "_lplayed": played, "_lreact": react,
        "_lang": bool(by) or bool(hand),
        "_lhold": {},  # card set -> may it sit in front of a player (Abilities._holders' memo)
        # every card some trigger, continuous op or use ability listens with (Abilities._holders)
        "_lall": frozenset().union(*by.values(), *stat.values(), use),
    }


def _cond_text(ab) -> str:
    """``its condition: <the ability's if>`` for a refusal (the condition as the card data
    writes it, e.g. ``in_combat`` or ``{'any_monster': 'name:floating nose'}``)."""
    c = cond_to_data(ab.cond)
    return f"its condition: {c if isinstance(c, str) else c!r}"


# --------------------------------------------------------------------------- the World adapter


#: Kinds of card that never sit in front of a player (the combat, Dungeons, the room grid).
_OFF_PLAYER_KINDS = frozenset({"monster", "monster_enhancer", "dungeon", "portal", "room_tile"})

class _CombatView:
    """The combat as the interpreter's conditions see it (``interp.CombatView``'s fields), the
    costly ones computed on first use (``winning`` asks the strengths)."""

    __slots__ = ("g", "fighter", "helper", "monsters", "runners", "stage", "rolls", "fought",
                 "one_shots", "_win", "_used", "_wl", "_bare")

    def __init__(self, g) -> None:
        c = g.state.combat
        lang = g.state.lang or {}
        self.g = g
        self.fighter = c.fighter
        self.helper = c.helper
        self.monsters = tuple(c.monsters)
        self.runners = tuple(c.runners) if c.stage == "run" else ()
        self.stage = c.stage
        self.rolls = len(lang.get("rolled", ()))
        self.fought = bool(lang.get("fought"))
        self.one_shots = sum(1 for u in c.used if g._kind[u] == "one_shot")
        self._win = self._used = self._wl = self._bare = None

    @property
    def winning(self) -> bool:
        if self._win is None:
            g = self.g
            # a condition read while the strengths are being summed sees "not winning"
            self._win = False if g._lx_depth else g.munchkins_win()
        return self._win

    @property
    def used(self) -> tuple:
        if self._used is None:
            g = self.g
            c = g.state.combat
            names = [g._lnames[u] for u in c.used]
            for q in (c.fighter, c.helper):
                if q >= 0:
                    names += [g._lnames[it] for it in g.state.players[q].equipped if g.can_use(q, it)]
            self._used = tuple(names)
        return self._used

    @property
    def win_levels(self) -> int:
        if self._wl is None:
            self._wl = self.g._win_levels()
        return self._wl

    @property
    def bare(self) -> bool:
        if self._bare is None:
            g = self.g
            c = g.state.combat
            self._bare = (c.helper < 0 and not c.used and not c.pbonus and not g._lx_depth
                          and g.player_strength(c.fighter) == g.state.players[c.fighter].level)
        return self._bare


class EngineWorld:
    """The engine's answer to :class:`munchkin_lab.engine.lang.interp.World`: read-only
    questions about the position of game ``g`` (one object per event; the combat view is
    built once)."""

    __slots__ = ("g", "_cv")

    def __init__(self, g) -> None:
        self.g = g
        self._cv = False

    def seat_count(self) -> int:
        return len(self.g.state.players)

    def alive(self, seat: int) -> bool:
        return self.g.state.players[seat].alive

    def active(self) -> int:
        return self.g.state.active

    def phase(self) -> str:
        return self.g.state.phase

    def level(self, seat: int) -> int:
        return self.g.state.players[seat].level

    def races(self, seat: int, against: bool = False):
        p = self.g.state.players[seat]
        if against and p.half_breed >= 0 and len(p.races) == 1:
            return ()  # a Half-Breed with one Race: its disadvantages do not count (10.)
        ln = self.g._lnames
        return tuple(ln[c] for c in p.races)

    def classes(self, seat: int, against: bool = False):
        p = self.g.state.players[seat]
        if against and p.super_munchkin >= 0 and len(p.classes) == 1:
            return ()
        ln = self.g._lnames
        return tuple(ln[c] for c in p.classes)

    def gender(self, seat: int) -> str:
        return self.g.state.players[seat].gender

    def in_use(self, seat: int):
        g = self.g
        out = []
        for it in g.state.players[seat].equipped:
            if g._kind[it] == "item" and g.can_use(seat, it):
                sp = g.specs[it]
                out.append(ItemView(g._lnames[it], sp.slot or "none", bool(sp.big)))
        return out

    def items_in_play(self, seat: int):
        g = self.g
        p = g.state.players[seat]
        return tuple(c for c in p.equipped + p.carried if g._kind[c] == "item")

    def card_name(self, card: int) -> str:
        return self.g._lnames[card]

    def has_hireling(self, seat: int) -> bool:
        return self.g.state.players[seat].hireling >= 0

    def stands_in(self, seat: int, room_card: int) -> bool:
        ms = self.g.state.module_state.get("rooms")
        if not ms:
            return False
        r = ms["grid"].get(ms["pos"][seat])
        return r is not None and r["tile"] == room_card

    def strength(self, seat: int, one_shots: bool = True) -> int:
        return self.g.player_strength(seat)

    def combat(self):
        if self._cv is False:
            self._cv = _CombatView(self.g) if self.g.state.combat is not None else None
        return self._cv

    def monster_tags(self, monster: int) -> frozenset:
        return self.g.monster_tags(monster)

    def monster_level(self, monster: int) -> int:
        return self.g.specs[monster].level or 0

    def dungeons(self):
        ms = self.g.state.module_state.get("scooby_doo")
        if not ms:
            return ()
        return tuple(self.g._lnames[d] for d in ms.get("in_play", ()))


# --------------------------------------------------------------------------- the mixin


class Abilities:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the card-effect language in play (see
    the module docstring)."""

    #: the per-card tables of :func:`program_tables` (set per card list by ``tables.py``)
    _lang = False
    _lt: frozenset = frozenset()
    _lx_depth = 0       # statics being summed (a condition inside them sees no statics)
    _ev: dict = {}      # flags the ops of the current event set (reroll, escape, die, void)

    # ------------------------------------------------------------------ helpers
    def _lstate(self) -> dict:
        """The language's bookkeeping in the state (created on first use)."""
        s = self.state
        if s.lang is None:
            s.lang = {}
        return s.lang

    def _world(self) -> EngineWorld:
        return EngineWorld(self)

    def _ctx(self, card: int, owner: int, player: int, monster: int = -1, facts=None,
             against: bool | None = None) -> Context:
        """The event context of ``card``'s abilities. A monster's (or enhancer's) conditions on
        a Race / Class read it as a disadvantage (``against``: a Half-Breed / Super Munchkin
        with that one card is not hit, core rules, 10. Mixed Super Munchkin) unless the caller
        says otherwise (``against=False``: a ``use`` ability is the user's own option, an
        advantage, e.g. the Lawyers' deal for Thieves)."""
        kind = self._kind[card]
        if kind == "monster_enhancer" and monster < 0:
            monster = self._enhanced(card)
        elif kind == "monster" and monster < 0 and self.state.combat is not None and card in self.state.combat.monsters:
            monster = card
        if against is None:
            against = kind in ("monster", "monster_enhancer")
        return Context(card, owner, player, monster, self.specs[card].bonus or 0, against, facts or {})

    def _enhanced(self, e: int) -> int:
        """The monster Monster Enhancer ``e`` is on (-1: not in a combat)."""
        c = self.state.combat
        if c is not None:
            for i, en in enumerate(c.enh):
                if e in en:
                    return c.monsters[i]
        return -1

    def monster_tags(self, m: int) -> frozenset:
        """Tags of monster ``m`` now: printed, plus those granted, minus those removed by
        lasting changes (``grant_tag``/``remove_tag``: core rules, 10. Undead Monsters; a card
        may make a monster Undead)."""
        tags = self.specs[m].tags
        if self._lang:
            led = self.state.ledger
            if led.entries:
                tags = led.tags(("monster", m), tags)
            st = self._lstat
            if "grant_tag" in st or "remove_tag" in st:
                add, rem = self._static_words(("monster", m), ("grant_tag", "remove_tag"))
                if add or rem:
                    tags = (frozenset(tags) | add) - rem
        return frozenset(tags)

    def _granted_tags(self, e: int) -> frozenset:
        """Tags a Monster Enhancer's ``played`` abilities grant the monster it is played on."""
        run = self._lrun[e]
        out: set = set()
        if run:
            for _idx, ab in run.get("played", ()):
                if ab.who.name == "this_monster":
                    out |= {op.value for op in ab.do if op.name == "grant_tag"}
        return frozenset(out)

    def _holders(self, want: frozenset, player: int, monster: int = -1, tile: int = -1,
                 owner_only: int = -1) -> list:
        """The cards of ``want`` that listen now, in the contract's firing order, as
        ``(card, owner)`` (owner -1: a monster, enhancer, Dungeon or room tile): the players'
        cards in seat order from ``player`` (Races, Classes, Half-Breed, Super Munchkin, Items
        in use by an owner who may use them, Cheat!, Hireling, Curses), then the combat
        (monsters in order, each followed by its enhancers; for a monster event only that
        monster's), then the Dungeons in play, then the room tiles (only ``tile`` when given).
        ``owner_only``: only that player's cards (``cursed``)."""
        s = self.state
        out = []
        # only sets holding a card that can sit in front of a player need the players' zones
        # (a set of monsters, enhancers, Dungeons or room tiles: the combat and the modules)
        memo = self._lhold
        need = memo.get(want)
        if need is None:
            kind = self._kind
            need = memo[want] = any(kind[c] not in _OFF_PLAYER_KINDS for c in want)
        if need:
            # where the cards of ``want`` sit in front of the players: remembered until a card
            # enters, leaves or moves between those zones (Zones._play_moved)
            hc = self._hcache
            seated = hc.get(want)
            if seated is None:
                # one look at every listening card of the list serves every set asked after it
                # (each set is part of _lall; the filter keeps the order)
                every = hc.get(None)
                if every is None:
                    every = hc[None] = self._seated(self._lall)
                seated = hc[want] = [x for x in every if x[1] in want]
            if seated:
                n = len(s.players)
                start = player if 0 <= player < n else s.active
                for j in range(n):
                    q = (start + j) % n
                    if owner_only >= 0 and q != owner_only:
                        continue
                    for qq, c, item in seated:
                        if qq == q and (not item or self.can_use(q, c)):
                            out.append((c, q))
        if owner_only >= 0:
            return out
        cb = s.combat
        if cb is not None and (not want.isdisjoint(cb.monsters) or any(cb.enh)):
            for i, m in enumerate(cb.monsters):
                if monster >= 0 and m != monster:
                    continue
                if m in want:
                    out.append((m, -1))
                for e in cb.enh[i]:
                    if e in want:
                        out.append((e, -1))
        ms = s.module_state
        if ms:
            sd = ms.get("scooby_doo")
            if sd:
                for d in sd.get("in_play", ()):
                    if d in want:
                        out.append((d, -1))
            rm = ms.get("rooms")
            if rm:
                if tile >= 0:
                    if tile in want:
                        out.append((tile, -1))
                else:
                    for r in rm["grid"].values():
                        t = r["tile"]
                        if t >= 0 and t in want:
                            out.append((t, -1))
        return out

    def _seated(self, want: frozenset) -> list:
        """The cards of ``want`` in front of the players, as ``(seat, card, item)`` in seat
        order and, per seat, in :meth:`_holders`' zone order (Races, Classes, Half-Breed,
        Super Munchkin, Items in use, Cheat!, Hireling, Curses); ``item``: an Item in use,
        which listens only while its owner may use it (asked live by :meth:`_holders`)."""
        out = []
        kind = self._kind
        apart = want.isdisjoint  # a zone none of whose cards is wanted is skipped whole
        for q, p in enumerate(self.state.players):
            if p.races and not apart(p.races):
                out += [(q, c, False) for c in p.races if c in want]
            if p.classes and not apart(p.classes):
                out += [(q, c, False) for c in p.classes if c in want]
            for c in (p.half_breed, p.super_munchkin):
                if c >= 0 and c in want:
                    out.append((q, c, False))
            if p.equipped and not apart(p.equipped):
                out += [(q, c, True) for c in p.equipped if c in want and kind[c] == "item"]
            for c in (p.cheat, p.hireling):
                if c >= 0 and c in want:
                    out.append((q, c, False))
            if p.curses and not apart(p.curses):
                out += [(q, c, False) for c in p.curses if c in want]
        return out

    # ------------------------------------------------------------------ limits
    def _limit_key(self, card: int, idx: int, per: str, target=None) -> str:
        return f"{per}:{card}:{idx}" + (f":{target}" if target is not None else "")

    def _limit_ok(self, card: int, idx: int, ab, target=None) -> bool:
        lim = ab.limit
        if lim is None:
            return True
        uses = (self.state.lang or {}).get("uses", {})
        return uses.get(self._limit_key(card, idx, lim.per, target if lim.each_target else None), 0) < lim.times

    def _limit_count(self, card: int, idx: int, ab, target=None) -> None:
        lim = ab.limit
        if lim is None:
            return
        uses = self._lstate().setdefault("uses", {})
        k = self._limit_key(card, idx, lim.per, target if lim.each_target else None)
        uses[k] = uses.get(k, 0) + 1

    def _limits_reset(self, per: str) -> None:
        lang = self.state.lang
        if lang and lang.get("uses"):
            lang["uses"] = {k: v for k, v in lang["uses"].items() if not k.startswith(per + ":")}

    # ------------------------------------------------------------------ firing
    def _lang_fire(self, trigger: str, player: int, monster: int = -1, facts=None, tile: int = -1,
                   owner_only: int = -1, cont=None) -> bool:
        """``trigger`` happened (the contract's trigger table): run the automatic abilities of
        every listening card, in firing order; an optional one (``may``) or a reaction from the
        hand (``from_hand``) whose ``if`` holds becomes a ``react`` decision. Returns True when
        a decision was queued: the caller's event then goes on in ``cont`` once everybody has
        answered (:meth:`_lang_continue`)."""
        self._ev = {}
        want = self._lby.get(trigger)
        offers: list = []
        if want:
            hs = self._holders(want, player, monster, tile, owner_only)
            if hs:
                w = EngineWorld(self)
                for card, owner in hs:
                    self._fire_one(trigger, card, owner, player, monster, facts, w, offers)
        self._hand_offers(trigger, player, monster, facts, offers)
        if offers:
            self._push_react(trigger, offers, player, monster, facts, cont)
            return True
        return False

    def _lang_fire_card(self, trigger: str, card: int, owner: int, player: int, monster: int = -1,
                        facts=None, cont=None) -> bool:
        """``trigger`` happened to ``card`` itself (``kicked``, ``drawn``, ``played``,
        ``hits``, ``enters_play``, ``leaves_play``, ``revealed``): run its abilities for it (see
        :meth:`_lang_fire`)."""
        self._ev = {}
        run = self._lrun[card]
        offers: list = []
        if run and trigger in run:
            self._fire_one(trigger, card, owner, player, monster, facts, EngineWorld(self), offers)
        if offers:
            self._push_react(trigger, offers, player, monster, facts, cont)
            return True
        return False

    def _fire_one(self, trigger, card, owner, player, monster, facts, w, offers) -> None:
        for idx, ab in self._lrun[card][trigger]:
            if ab.from_hand:
                continue
            ctx = self._ctx(card, owner, player, monster, facts)
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                continue
            if not self._limit_ok(card, idx, ab):
                continue
            if ab.may:
                holder = owner if owner >= 0 else player
                if holder >= 0 and self.state.players[holder].alive:
                    offers.append((holder, card, idx))
                continue
            self._limit_count(card, idx, ab)
            self._run_ability(card, idx, ab, ctx, w)

    def _hand_offers(self, trigger, player, monster, facts, offers) -> None:
        hand = self._lhand.get(trigger)
        if not hand:
            return
        s = self.state
        n = len(s.players)
        start = player if 0 <= player < n else s.active
        w = None
        for j in range(n):
            q = (start + j) % n
            p = s.players[q]
            if not p.alive:
                continue
            if hand.isdisjoint(p.hand) and hand.isdisjoint(p.carried):
                continue  # none of the reacting cards (the order below is the offers' order)
            for c in p.hand + [x for x in p.carried if self._kind[x] == "one_shot"]:
                if c not in hand:
                    continue
                for idx, ab in self._lrun[c][trigger]:
                    if not ab.from_hand:
                        continue
                    w = w or EngineWorld(self)
                    ctx = self._ctx(c, q, player, monster, facts)
                    if (ab.cond is None or evaluate(ab.cond, ctx, w)) and self._limit_ok(c, idx, ab):
                        offers.append((q, c, idx))

    def _push_react(self, trigger, offers, player, monster, facts, cont) -> None:
        q, c, idx = offers[0]
        self.state.pending.insert(0, {
            "kind": "react", "player": q, "card": c, "ability": idx, "event": trigger,
            "ctx": (player, monster, tuple(sorted((facts or {}).items()))),
            "rest": tuple(offers[1:]), "cont": tuple(cont) if cont else ()})
        if self.history:
            if trigger == "die_rolled" and facts and "die" in facts:
                self._say(f"{self._pn(player)}'s die shows {facts['die']}.")
            if self._prog[c].abilities[idx].from_hand:
                # a card in a hand is hidden: the log never says who may react (as the Curse
                # window, curses.py; core rules, 3. Your hand)
                self._say("The others may react.")
            else:
                self._say(f"{self._pn(q)} may use {self.name(c)} ({self._ab_label(c, idx)}).")

    def _hidden_reaction(self, d: dict) -> bool:
        """Pending decision ``d`` is a silent reaction point: who holds the reacting card is
        hidden from the other seats (a Curse's cancel, a Flask of Glue, a card that reacts
        from the hand: Loaded Die, Invisibility Potion; core rules, 3. Your hand)."""
        k = d["kind"]
        return k == "cancel" or k == "glue" or (k == "react" and self._prog[d["card"]].abilities[d["ability"]].from_hand)

    def _ab_label(self, c: int, idx: int) -> str:
        ab = self._prog[c].abilities[idx]
        return ab.label or ", ".join(op.name.replace("_", " ") for op in ab.do)

    # ------------------------------------------------------------------ running an ability
    def _run_ability(self, card: int, idx: int, ab, ctx: Context, w=None, pick=None) -> None:
        """Run ability ``ab`` of ``card`` for event ``ctx``: resolve ``who`` (a choice comes
        from ``pick``: the action's ``(t, monster index, item/side, chosen cards)``; without
        one the first candidate, in resolution order), then the ops for each target in
        order (a target that dies takes no more ops)."""
        w = w or EngineWorld(self)
        res = resolve(ab.who, ctx, w)
        items = self._picked(res, pick)
        if self.history:
            self._say(f"{self.name(card)}: {self._ab_label(card, idx)}.")
        for x in items:
            self._run_ops(ab.do, res.kind, x, ctx, w, pick)

    def _picked(self, res, pick) -> tuple:
        if not res.choose:
            return res.items
        if not res.items:
            return ()
        if pick is not None:
            t, mi, m, _cs = pick
            if res.kind == "player" and t in res.items:
                return (t,)
            if res.kind == "monster":
                cb = self.state.combat
                if cb is not None and 0 <= mi < len(cb.monsters) and cb.monsters[mi] in res.items:
                    return (cb.monsters[mi],)
            if res.kind == "side" and 0 <= m < 2:
                return (_SIDES[m],)
            if res.kind == "card" and m in res.items:
                return (m,)
        return res.items[:1]

    def _run_ops(self, ops, kind: str, target, ctx: Context, w, pick=None) -> bool:
        """Run ``ops`` on one target; returns whether the last op found something."""
        found = True
        for op in ops:
            if kind == "player" and not self.state.players[target].alive:
                return found
            if op.who is not None:
                res = resolve(op.who, ctx, w)
                found = False
                for x in self._picked(res, pick):
                    found = self._op(op, res.kind, x, ctx, w, pick) or found
            else:
                found = self._op(op, kind, target, ctx, w, pick)
            if found:
                if op.then and op.name != "if":
                    self._run_ops(op.then, kind, target, ctx, w, pick)
            elif op.orelse and op.name != "if":
                self._run_ops(op.orelse, kind, target, ctx, w, pick)
        return found

    def _op(self, op: Op, kind: str, x, ctx: Context, w, pick) -> bool:  # noqa: C901 - one dispatch
        """One op on one target (``kind`` player/monster/side/card/game). Returns False when it
        found nothing (its ``else`` then runs: core rules, 10. Curses - a Curse on something
        you do not have does nothing)."""
        name = op.name
        s = self.state
        if name in LASTING:
            return self._lasting(op, kind, x, ctx, w)
        if name == "if":
            subj = (kind, x) if kind in ("player", "monster") else None
            ok = evaluate(op.value, ctx, w, subj)
            self._run_ops(op.then if ok else op.orelse, kind, x, ctx, w, pick)
            return True
        if name == "levels":
            if kind != "player":
                return False
            return self._op_levels(x, amount_of(op.value, ctx, w), op)
        if name == "roll":
            seat = x if kind == "player" else ctx.player
            r = max(1, min(6, self._roll_mod(seat, self._roll())))
            if self.history:
                self._say(f"{self._pn(seat)} rolls {r}.")
            for (lo, hi), sub in op.value:
                if lo <= r <= hi:
                    self._run_ops(sub, kind, x, ctx, w, pick)
                    break
            return True
        if name == "draw":
            if kind != "player":
                return False
            n = amount_of(op.get("count", 1), ctx, w)
            got = 0
            face_up = bool(op.get("face_up"))
            for _ in range(max(0, n)):
                c = self._draw(op.value, x)
                if c < 0:
                    break
                self._to_hand(x, c, face_up)  # a card that acts when drawn acts (Hoard!)
                got += 1
            if self.history and got:
                self._say(f"{self._pn(x)} draws {got} {op.value} card(s){' face up' if op.get('face_up') else ''}.")
            return got > 0
        if name == "lose_hireling":
            if kind != "player":
                return False
            p = s.players[x]
            h = p.hireling
            if h < 0:
                return False
            self._leave_play(x, h)
            self._discard(h)
            if self.history:
                self._say(f"{p.name}'s {self.name(h)} is discarded.")
            return True
        if name == "escape":
            return self._op_escape(x)
        if name == "reroll":
            self._ev["reroll"] = True
            return True
        if name == "set_die":
            v = pick[1] if pick is not None and 1 <= pick[1] <= 6 else 6
            if op.value == "next":
                s.forced.insert(0, v)
            else:
                self._ev["die"] = v
            return True
        if name == "cancel_curse":
            self._ev["cancel"] = True
            return True
        if name in ("leave_combat", "slay", "swap_monster"):
            return self._op_monster(op, x, ctx, pick)
        if name == "end_combat":
            cb = s.combat
            if cb is None:
                return False
            fighter = cb.fighter
            if op.get("loot_room"):
                self._lstate()["loot_room"] = fighter
            self._end_all_monsters(fighter, 0)
            return True
        if name == "add_doors":
            return self._op_add_doors(op.value, ctx)
        if name == "transfer_fighter":
            return self._op_transfer(x)
        if name in ("move", "destroy_rooms"):
            return self._op_rooms(op, x, ctx, pick)
        if name == "discard_dungeons" or name == "reshuffle":
            return self._op_dungeon(op)
        if name == "peek":
            return True  # a view-only op: nothing in the state changes
        if name == "take_item":
            return False  # (the Thief's theft and Help Me Out Here! run through their actions)
        if name == "kick_from_discards":
            return False  # (Cleric resurrection runs through the kick action)
        if name == "take_discard" or name == "add_monster":
            return False  # (run through the play action of the card)
        if name == "manual":
            self._push_manual(x if kind == "player" else ctx.player, ctx.source, discard=False)
            return True
        if name == "room_action":
            return False  # read by solar_storm.py
        # the core's ops, run by Ops._apply_ops (the vocabulary of effects.py)
        if kind != "player":
            return False
        return self._core_op(op, x, ctx)

    def _core_op(self, op: Op, seat: int, ctx: Context) -> bool:
        """An op the core's effect vocabulary runs (``Ops._apply_ops``), with "found something"
        worked out first (so the language's ``else`` and ``then`` run)."""
        s = self.state
        p = s.players[seat]
        name = op.name
        if name == "lose_item":
            return self._lose_item(seat, op.value, op.get("count", 1), op.get("tagged", ()))
        data = {name: op.value}
        for k, v in op.params:
            if k not in ("fail", "success"):
                data[k] = v
        if name == "lose_race":
            found = bool(p.races)
        elif name == "lose_class":
            found = bool(p.classes)
        elif name in ("discard_hand", "others_draw_hand"):
            found = bool(p.hand)
        elif name in ("lose_value", "income_tax", "others_take_item"):
            found = bool(self.choice_options({"why": "tax", "player": seat})) or (
                name == "others_take_item" and bool(op.get("or_hand")) and bool(p.hand))
        elif name == "neighbours_take":
            found = bool(p.hand)
        elif name == "lose_cards_roll":
            found = bool(p.equipped or p.carried or p.hand)
        elif name == "take_from_discards":
            before = len(p.races) + len(p.classes)
            self._apply_ops(seat, [data], ctx.source, self._ev.setdefault("lost", []))
            return len(p.races) + len(p.classes) > before
        else:
            found = True
        if name in ("lose_race", "lose_class") and found:
            lost = self._ev.setdefault("lost", [])
            self._apply_ops(seat, [data], ctx.source, lost)
            return True
        self._apply_ops(seat, [data], ctx.source)
        return found

    def _op_levels(self, seat: int, delta: int, op: Op) -> bool:
        """``levels: N`` (core rules, 8. Level): never below ``floor`` (default 1), a gain never
        the winning Level unless ``winning: true`` (core rules, 5.); dead players gain nothing."""
        p = self.state.players[seat]
        if delta > 0 and not p.alive:
            return False
        floor = op.get("floor", 1)
        if delta < 0 and floor > 1:
            delta = max(delta, min(0, floor - p.level))
        if not delta:
            return False
        before = p.level
        self._change_level(seat, delta, from_kill=bool(op.get("winning")))
        if self.history and p.level != before:
            self._say(f"{p.name}: Level {before} -> {p.level}.")
        return p.level != before

    def _lasting(self, op: Op, kind: str, x, ctx: Context, w) -> bool:
        """A lasting op of a triggered ability: one Ledger entry on the target (``this_combat``
        outside a combat stores nothing); a floor is kept beside it (``floor:<name>``)."""
        d = OPS[op.name]
        val = amount_of(op.value, ctx, w) if d.value == "amount" else op.value
        s = self.state
        target = (kind, x)
        led = s.ledger.add(ctx.source, target, op.name, val, op.duration, s.combat is not None)
        fl = op.get("floor")
        if fl is not None and led is not s.ledger:
            led = led.add(ctx.source, target, "floor:" + op.name, fl, op.duration, s.combat is not None)
        if led is s.ledger:
            return False
        s.ledger = led
        if kind == "player":
            self._sba_seats.add(x)
        if self.history:
            who = self._pn(x) if kind == "player" else self.name(x) if kind in ("monster", "card") else f"the {x}"
            self._say(f"{self.name(ctx.source)}: {op.name.replace('_', ' ')} {val if val is not True else ''}"
                      f"{' ' if val is not True else ''}for {who} ({op.duration.kind.replace('_', ' ')}).")
        return True

    def _op_escape(self, seat: int) -> bool:
        """``escape``: the target gets away from every monster at once - no roll, no Bad Stuff
        (core rules, 7. Running Away; the escape One-Shots)."""
        cb = self.state.combat
        if cb is None or seat not in cb.runners:
            return False
        if cb.runners[0] == seat:
            cb.rolled = list(range(len(cb.monsters)))
        else:
            cb.runners.remove(seat)
        self._ev["void"] = True
        if self.history:
            self._say(f"{self._pn(seat)} gets away.")
        return True

    def _op_monster(self, op: Op, m: int, ctx: Context, pick) -> bool:
        """``leave_combat`` / ``slay`` / ``swap_monster`` on monster card ``m`` of the combat
        (core rules, 7. Combat: a monster defeated without a fight gives no Level)."""
        s = self.state
        cb = s.combat
        if cb is None or m not in cb.monsters:
            return False
        i = cb.monsters.index(m)
        if op.name == "slay":
            sp = self.specs[m]
            mate = 1 + sum(1 for e in cb.enh[i] if self._mate[e])
            levels = ((sp.levels_gained or 1) + sp.effects.get("extra_levels", 0)) * mate
            before = self.treasure_count()
            self._remove_monster(i)
            cb.extra_treasures += before - self.treasure_count()
            self._change_level(cb.fighter, levels, from_kill=True)
            if self.history:
                self._say(f"{self.name(m)} is slain: {self._pn(cb.fighter)} gains {levels} Level(s).")
            self._after_monster_removed()
            return True
        if op.name == "swap_monster":
            return False  # (run through the play action of the card)
        keep = op.value
        before = self.treasure_count()
        alone = len(cb.monsters) == 1
        self._remove_monster(i)
        if keep == "keep" or (keep == "keep_if_alone" and alone):
            cb.extra_treasures += before - self.treasure_count()
        if self.history:
            self._say(f"{self.name(m)} leaves the combat.")
        self._after_monster_removed()
        return True

    def _op_add_doors(self, n: int, ctx: Context) -> bool:
        """``add_doors: N``: Door cards face up into the combat, resolved as a kicked door
        (SMA rules, Questions and Answers: Brig)."""
        s = self.state
        cb = s.combat
        if cb is None:
            return False
        seat = cb.fighter
        got = False
        for _ in range(n):
            c = self._draw("door", seat)
            if c < 0:
                break
            got = True
            k = self._kind[c]
            if k == "monster":
                self._add_monster(c)
            elif k == "curse":
                self._apply_curse(seat, c)
            else:
                s.players[seat].hand.append(c)
        if got:
            cb.stage = "fight"
            self._ev["again"] = True
        return got

    def _op_transfer(self, seat: int) -> bool:
        cb = self.state.combat
        if cb is None or seat == cb.fighter or not self.state.players[seat].alive:
            return False
        cb.fighter = seat
        cb.helper = -1
        cb.asked = []
        cb.bribe_n = 0
        cb.bribe_first = 0
        cb.bribe_items = []
        cb.stage = "fight"
        cb.window = []
        cb.intent = ""
        return True

    def _rooms_module(self):
        for m in self.modules:
            if m.name == "rooms":
                return m
        return None

    def _room_key(self, tile: int) -> str | None:
        ms = self.state.module_state.get("rooms")
        if ms:
            for k, r in ms["grid"].items():
                if r["tile"] == tile:
                    return k
        return None

    def _destroyable(self, tile: int) -> str | None:
        """Why room tile ``tile`` cannot be destroyed, or None (SMA rules, Room Destruction:
        START never; a room marked indestructible never)."""
        from .modules.rooms import START
        k = self._room_key(tile)
        if k is None:
            return f"{self._cn(tile)} is not a room on the grid"
        if k == START:
            return "START is never destroyed (SMA rules, Room Destruction)"
        data = self.specs[tile].effects.get("room") or {}
        if data.get("indestructible") or self._static_has(("card", tile), "indestructible"):
            return f"{self.name(tile)} can never be destroyed (SMA rules, Room Destruction)"
        return None

    def _op_rooms(self, op: Op, x, ctx: Context, pick) -> bool:
        """``move`` (a forced move: the next room that way, or START, which is no exit) and
        ``destroy_rooms`` (this one, the neighbour that way, every neighbour, or the rooms the
        owner chose: the action's ``cs``) - SMA rules, Movement; Room Destruction."""
        from .modules import rooms as R
        mod = self._rooms_module()
        if mod is None:
            return False
        ms = self.state.module_state["rooms"]
        if op.name == "move":
            if not isinstance(x, int) or not self.state.players[x].alive:
                return False
            if op.value == "start":
                ms["pos"][x] = R.START
                if self.history:
                    self._say(f"{self._pn(x)} is sent back to START.")
                return True
            t = mod._target(self, x, R.DIR_NAMES[op.value])
            if t not in ms["grid"] and not self.state.decks.get("room_tile"):
                ms["pos"][x] = R.START
                return True
            mod._enter(self, x, t, forced=True)
            return True
        dest = op.value
        destroyer = ctx.owner if ctx.owner >= 0 else ctx.player
        here = self._room_key(ctx.source)
        if dest == "chosen":
            keys = [self._room_key(c) for c in (pick[3] if pick else ())]
        elif here is None:
            return False
        elif dest == "self":
            keys = [here]
        else:
            hx, hy = R.xy(here)
            dirs = R.DIRS if dest == "adjacent" else (R.DIRS[R.DIR_NAMES[dest]],)
            keys = [R.key(hx + dx, hy + dy) for dx, dy in dirs]
        done = False
        for k in keys:
            if k is not None and k in ms["grid"] and k != R.START:
                mod.destroy(self, k, destroyer)
                done = True
        return done

    def _op_dungeon(self, op: Op) -> bool:
        for m in self.modules:
            if m.name == "scooby_doo":
                if op.name == "discard_dungeons":
                    m._discard_dungeons(self)
                    return True
        if op.name == "reshuffle":
            from . import rng as _rng
            s = self.state
            d = op.value
            if s.discards.get(d):
                s.decks[d].extend(s.discards[d])
                s.discards[d].clear()
                s.rng = _rng.shuffle(s.rng, s.decks[d])
                return True
        return False

    # ------------------------------------------------------------------ combat numbers
    def _lang_fight_declared(self, seat: int) -> bool:
        """The fighter declares a fight: the first time in this combat ``fight_declared``
        fires (the Brig's extra Doors: SMA rules, Questions and Answers). True when its ops
        changed the combat, so that the fighter decides again."""
        lang = self._lstate()
        if lang.get("fought"):
            return False
        lang["fought"] = True
        if "fight_declared" not in self._lt:
            return False
        c = self.state.combat
        self._ev = {}
        self._lang_fire("fight_declared", seat)
        return bool(self._ev.get("again")) or self.state.combat is not c or bool(self.state.pending)

    def _lang_monster_strength(self, m: int, total: int) -> int:
        """Monster ``m``'s strength with the language's changes: its ``combat_strength`` (a Level
        change) and the floor a card states (``floor: N``: never below N through that change,
        nor above what it was - Baby's kind)."""
        return self._lang_floored("combat_strength", m, total)

    def _lang_treasures(self, m: int, t: int) -> int:
        """Monster ``m``'s Treasures with the language's ``treasures`` changes (never below 0;
        a stated floor: not below it through that change)."""
        return self._lang_floored("treasures", m, t)

    def _lang_floored(self, op: str, m: int, value: int) -> int:
        """``value`` of monster ``m`` plus the lasting changes of ``op``, held at the highest
        floor a card stated for it (``floor:<op>``), never raised above ``value`` by the floor."""
        add = self._lx(op, ("monster", m))
        if not add:
            return value
        after = value + add
        led = self.state.ledger
        if led.entries:
            floors = led.values(f"floor:{op}", ("monster", m))
            if floors:
                after = max(after, min(value, max(floors)))
        return after

    # ------------------------------------------------------------------ statics
    def _static_iter(self, name: str) -> list:
        """``[(card, owner, ability)]`` of the continuous abilities using op ``name`` of the
        cards that listen now (most often none: the callers stop there)."""
        cards = self._lstat.get(name)
        if not cards:
            return []
        s = self.state
        cb = s.combat
        hs = self._holders(cards, cb.fighter if cb is not None else s.active)
        if not hs:
            return hs
        lrun = self._lrun
        return [(card, owner, ab) for card, owner in hs for _idx, ab in lrun[card]["in_play"]]

    def _lx(self, name: str, target: tuple) -> int:
        """What the language adds to a number the engine computes for ``target`` (``("player",
        seat)``, ``("monster", card)``, ``("side", "munchkins")``, ``("card", card)``): the
        amounts of op ``name`` of every continuous ability that holds and reaches the target,
        plus the Ledger's lasting changes (``Ledger.total``). Statics read while statics are
        being summed count nothing (no loops: a condition on the strengths sees none)."""
        total = 0
        led = self.state.ledger
        if led.entries:
            total += led.total(name, target)
        if name not in self._lstat or self._lx_depth:
            return total
        found = self._static_iter(name)
        if not found:
            return total
        self._lx_depth += 1
        try:
            for ab, ctx, w in self._statics_reaching(found, target, name):
                total += self._static_sum(ab.do, name, target, ctx, w)
        finally:
            self._lx_depth -= 1
        return total

    def _statics_reaching(self, found: list, target: tuple, name: str):
        """``(ability, ctx, world)`` of the continuous abilities ``found`` (``_static_iter``'s
        list of one op) whose ``if`` holds now and whose ``who`` reaches ``target`` (a ``(kind,
        id)`` pair); the caller guards against statics read while statics are summed
        (``_lx_depth``)."""
        w = EngineWorld(self)
        for card, owner, ab in found:
            ctx = self._ctx(card, owner, owner if owner >= 0 else self._fighter_or_active())
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                # a monster's condition reads a Race / Class as a disadvantage; a change that
                # helps the players (a penalty to the monster) reads it as an advantage, which
                # a one-card Half-Breed / Super Munchkin keeps (core rules, 10. Mixed Super
                # Munchkin: the monsters' penalties against it still apply)
                if not (ctx.against and self._helps_players(ab, name, target, ctx, w)):
                    continue
                ctx = _replace(ctx, against=False)
                if not evaluate(ab.cond, ctx, w):
                    continue
            res = resolve(ab.who, ctx, w)
            if res.kind == target[0] and target[1] in res.items:
                yield ab, ctx, w

    #: numeric ops where more is better for the players, whatever they reach
    _GOOD_WHEN_MORE = frozenset(("run_away", "treasures", "levels_won", "roll_mod", "hand_limit"))

    def _helps_players(self, ab, name: str, target: tuple, ctx, w) -> bool:
        """Whether the amounts of op ``name`` in ability ``ab`` for ``target`` help the
        players: a combat strength lowered on a monster (or its side) or raised on a player
        (or the munchkin side); more Run Away, Treasures, Levels won, die rolls, hand limit."""
        v = self._static_sum(ab.do, name, target, ctx, w)
        if name == "combat_strength":
            return v < 0 if target[0] == "monster" or target == ("side", "monsters") else v > 0
        return v > 0 and name in self._GOOD_WHEN_MORE

    def _fighter_or_active(self) -> int:
        cb = self.state.combat
        return cb.fighter if cb is not None else self.state.active

    def _static_sum(self, ops, name, target, ctx, w) -> int:
        total = 0
        for op in ops:
            if op.name == "if":
                subj = target if target[0] in ("player", "monster") else None
                ok = evaluate(op.value, ctx, w, subj)
                total += self._static_sum(op.then if ok else op.orelse, name, target, ctx, w)
            elif op.name == name:
                if op.who is not None:
                    res = resolve(op.who, ctx, w)
                    if res.kind != target[0] or target[1] not in res.items:
                        continue
                v = amount_of(op.value, ctx, w) if OPS[name].value == "amount" else op.value
                if isinstance(v, int) and not isinstance(v, bool):
                    total += v
        return total

    def _static_has(self, target: tuple, name: str) -> bool:
        """Whether switch ``name`` (``no_help``, ``wins_ties``, ``compel_help`` ...) is on for
        ``target``: a continuous ability or a lasting change."""
        if not self._lang:
            return False
        led = self.state.ledger
        if led.entries and led.has(name, target):
            return True
        if name not in self._lstat or self._lx_depth:
            return False
        found = self._static_iter(name)
        if not found:
            return False
        self._lx_depth += 1
        try:
            return any(self._switch_in(ab.do, name, target, ctx, w)
                       for ab, ctx, w in self._statics_reaching(found, target, name))
        finally:
            self._lx_depth -= 1

    def _switch_in(self, ops, name, target, ctx, w) -> bool:
        for op in ops:
            if op.name == "if":
                subj = target if target[0] in ("player", "monster") else None
                ok = evaluate(op.value, ctx, w, subj)
                if self._switch_in(op.then if ok else op.orelse, name, target, ctx, w):
                    return True
            elif op.name == name:
                return True
        return False

    def _static_words(self, target: tuple, names: tuple) -> tuple:
        """The words (tags) continuous ``grant_tag`` / ``remove_tag`` abilities give ``target``:
        ``(granted, removed)`` as sets."""
        add: set = set()
        rem: set = set()
        if self._lx_depth:
            return frozenset(), frozenset()
        self._lx_depth += 1
        try:
            w = EngineWorld(self)
            for name, out in ((names[0], add), (names[1], rem)):
                for card, owner, ab in self._static_iter(name):
                    ctx = self._ctx(card, owner, owner if owner >= 0 else self._fighter_or_active())
                    if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                        continue
                    res = resolve(ab.who, ctx, w)
                    if res.kind == target[0] and target[1] in res.items:
                        for op in ab.do:
                            if op.name == name:
                                out.add(op.value)
        finally:
            self._lx_depth -= 1
        return frozenset(add), frozenset(rem)

    # ------------------------------------------------------------------ durations
    def _ledger_ended(self, ended: tuple) -> None:
        """Lasting changes ended: a kept Curse none of whose changes is left is discarded
        (core rules, 10. Curses: the card stays as long as its effect)."""
        if not ended:
            return
        s = self.state
        led = s.ledger
        for src in {e.source for e in ended}:
            if led.holds(src):
                continue
            for q, p in enumerate(s.players):
                if src in p.curses and self._kind[src] == "curse" and self._keeps_by_ledger(src):
                    self._leave_play(q, src)
                    self._discard(src)
                    if self.history:
                        self._say(f"{self.name(src)} ends for {p.name}.")

    def _keeps_by_ledger(self, curse: int) -> bool:
        """A Curse kept only because of its lasting changes (not one the core keeps by its
        short forms: persistent, roll_mod, next_combat, only_slot)."""
        e = self.specs[curse].effects
        return not (e.get("persistent") or e.get("next_combat") or e.get("roll_mod") or e.get("only_slot"))

    def _lang_combat_ended(self, fighter: int, helper: int, monsters) -> None:
        """The combat ends (``_end_combat``): ``this_combat`` changes end, ``next_combat`` ones
        of its fighter and helper, every change on its monsters and sides; per-combat limits
        and the Run Away bookkeeping start afresh."""
        s = self.state
        if s.ledger.entries:
            s.ledger, ended = s.ledger.combat_ended([q for q in (fighter, helper) if q >= 0], monsters)
            self._ledger_ended(ended)
        lang = s.lang
        if lang:
            lang.pop("rolled", None)
            lang.pop("fought", None)
            self._limits_reset("combat")
            self._limits_reset("roll")

    def _lang_turn_started(self, seat: int) -> None:
        s = self.state
        if s.ledger.entries:
            s.ledger, ended = s.ledger.turn_started(seat)
            self._ledger_ended(ended)

    def _lang_may_loot(self, seat: int) -> bool:
        """Whether ``seat`` may still Loot the Room after a combat an ``end_combat`` op with
        ``loot_room`` ended (Friendship Potion card: no Treasure, no Levels, the room may still
        be looted; core rules, 6. phase 3): its own turn, phase ``end``, not looted yet."""
        s = self.state
        return (s.phase == "end" and s.active == seat and s.combat is None and bool(s.lang)
                and s.lang.get("loot_room") == seat)

    def _lang_turn_ended(self) -> None:
        s = self.state
        if s.lang:
            s.lang.pop("loot_room", None)
        if s.ledger.entries:
            s.ledger, ended = s.ledger.turn_ended()
            self._ledger_ended(ended)
        self._limits_reset("turn")

    def _lang_left_play(self, seat: int, c: int, worn: bool) -> None:
        """Card ``c`` left ``seat``'s play (``Zones._leave_play``): its ``in_play`` changes end,
        and every change on it; a Curse's changes end with it (``Ledger.cancel``); a worn
        item's slot ends the ``until_lost`` changes of that slot; then its ``leaves_play``
        abilities run."""
        s = self.state
        if s.ledger.entries:
            led, ended = s.ledger.left_play(c)
            if self._kind[c] == "curse":
                led, more = led.cancel(c)
                ended += more
            if worn:
                slot = self._slots[c]
                if slot:
                    led, more = led.item_lost(seat, slot)
                    ended += more
            s.ledger = led
            self._ledger_ended(ended)
        if "leaves_play" in self._lt and self._lrun[c] and "leaves_play" in self._lrun[c]:
            self._lang_fire_card("leaves_play", c, seat, seat)

    def _lasting_view(self) -> list:
        """``state_dict()["lasting"]``: the lasting changes in force, oldest first, as
        ``{"card", "target", "change", "value", "until"}`` (players by seat, cards by name)."""
        out = []
        for e in self.state.ledger.entries:
            if e.name.startswith("floor:"):
                continue
            kind, x = e.target
            tgt = x if kind in ("player", "side") else self._cn(x)
            out.append({"card": self._cn(e.source), "target": [kind, tgt], "change": e.name,
                        "value": e.value, "until": e.until if e.slot is None else f"until_lost {e.slot}"})
        return out

    def _lang_monster_left(self, m: int) -> None:
        s = self.state
        if s.ledger.entries:
            s.ledger, _ended = s.ledger.left_play(m)

    # ------------------------------------------------------------------ event continuations
    def _lang_continue(self, cont: tuple) -> None:
        """Everybody answered the ``react`` decisions of an event: the event goes on (its
        ``cont``; the flags its ops set are in ``self._ev``)."""
        if not cont:
            return
        k = cont[0]
        if k == "run":
            self._lang_run_cont(tuple(cont))
        elif k == "curse":
            _k, victim, curse, caster = cont
            self._lang_curse_cont(victim, curse, caster)
        elif k == "die":
            self._lang_die_cont(tuple(cont))

    # ------------------------------------------------------------------ die rolls
    def _lang_die_window(self, seat: int, cont: tuple) -> bool:
        """A die roll of an effect the engine otherwise runs at once (Bad Stuff that starts
        with a roll, a Thief's theft): the die is rolled now - the very draw the effect would
        make - and ``die_rolled`` fires, so a card may react after the roll and before its
        result is used (Loaded Die: played after a die is rolled, to set the result,
        card_facts_more.md 2c, sources A and D; contract: ``die_rolled`` fires after the die
        result is known, before the caller uses it). When a ``react`` decision is queued the
        effect resumes in ``cont`` (:meth:`_lang_die_cont`) and True is returned; otherwise
        the result goes back in front of the forced dice, so the effect reads it (False).
        ``cont``: ``("bad_stuff", seat, monster)`` or ``("steal", seat, target, item)``."""
        if "die_rolled" not in self._lt:
            return False
        die = self._roll()
        self._ev = {}
        if self._lang_fire("die_rolled", seat, facts={"die": die}, cont=("die", seat, die) + tuple(cont)):
            return True
        self.state.forced.insert(0, self._ev.get("die", die))
        return False

    def _lang_die_cont(self, cont: tuple) -> None:
        """The reactions to a die roll are in (:meth:`_lang_die_window`): a die set by a card
        (``set_die: this``) replaces the result, a ``reroll`` rolls again (a new window), then
        the effect resumes with that result in front of the forced dice."""
        _k, seat, die, kind = cont[:4]
        rest = tuple(cont[3:])
        players = self.state.players
        if not players[seat].alive or (kind == "steal" and not players[rest[2]].alive):
            return  # nobody is left to roll for (the effect no longer applies)
        if self._ev.get("reroll"):
            if self.history:
                self._say(f"{self._pn(seat)} rolls again.")
            if self._lang_die_window(seat, rest):
                return
        else:
            self.state.forced.insert(0, self._ev.get("die", die))
        if kind == "bad_stuff":
            _kind, victim, m = rest
            self._bad_stuff_ops(victim, m)
        elif kind == "steal":
            _kind, thief, target, item = rest
            self._steal_roll(thief, target, item)
        elif kind == "call":  # a rule area's own continuation: ("call", method, *args)
            getattr(self, rest[1])(*rest[2:])
        elif kind == "module":  # a rules module's: ("module", module name, method, *args)
            mod = next(m for m in self.modules if m.name == rest[1])
            getattr(mod, rest[2])(self, *rest[3:])

    # ------------------------------------------------------------------ Running Away
    def _lang_run_roll(self, seat: int, i: int, die: int) -> None:
        """A Run Away roll with the language in play (``RunAway._run_roll``): ``die_rolled``
        (a reaction may set the die), then the total, then ``run_away_rolled`` (facts
        ``succeeded`` / ``failed`` / ``first_roll``; a reaction may void the roll - ``reroll`` -
        or let the runner get away - ``escape``), then the outcome."""
        c = self.state.combat
        m = c.monsters[i]
        c.rolled.append(i)
        rolled = self._lstate().setdefault("rolled", [])
        first = [seat, m] not in rolled
        rolled.append([seat, m])
        self._ev = {}
        if "die_rolled" in self._lt:
            if self._lang_fire("die_rolled", seat, m, {"first_roll": first, "die": die},
                               cont=("run", seat, i, die, first, "die")):
                return
            die = self._ev.get("die", die)
        self._lang_run_total(seat, i, die, first)

    def _lang_run_total(self, seat: int, i: int, die: int, first: bool) -> None:
        c = self.state.combat
        m = c.monsters[i]
        total = self._roll_mod(seat, die) + self.run_away_modifier(seat, i)
        lstat = self._lstat
        led = self.state.ledger.entries  # (a switch no card and no lasting change holds: off)
        ok = total >= 5 and not self.specs[m].effects.get("no_run_away") and \
            not (("no_run_away" in lstat or led) and self._static_has(("monster", m), "no_run_away"))
        if not ok and ("auto_escape" in lstat or led) and self._static_has(("player", seat), "auto_escape"):
            ok = True
        self._ev = {}
        if "run_away_rolled" in self._lt:
            facts = {"succeeded": ok, "failed": not ok, "first_roll": first}
            if self._lang_fire("run_away_rolled", seat, m, facts,
                               cont=("run", seat, i, die, first, "rolled", total, ok)):
                return
            if self._lang_run_flags(seat, i):
                return
        self._run_outcome(seat, i, die, total, ok)

    def _lang_run_flags(self, seat: int, i: int) -> bool:
        """After the ops of ``run_away_rolled``: a void roll is rolled again, an escape stands."""
        ev = self._ev
        c = self.state.combat
        if c is None or seat not in c.runners:
            return True
        if ev.get("void"):
            return True
        if ev.get("reroll"):
            if i in c.rolled:
                c.rolled.remove(i)
            if self.history:
                self._say(f"{self._pn(seat)} rolls again.")
            die = self._roll()
            self._lang_run_roll(seat, i, die)
            return True
        return False

    def _lang_run_cont(self, cont: tuple) -> None:
        _k, seat, i, die, first, stage = cont[:6]
        c = self.state.combat
        if c is None or seat not in c.runners or not (0 <= i < len(c.monsters)):
            return
        if stage == "die":
            self._lang_run_total(seat, i, self._ev.get("die", die), first)
            return
        total, ok = cont[6], cont[7]
        if self._lang_run_flags(seat, i):
            return
        self._run_outcome(seat, i, die, total, ok)

    # ------------------------------------------------------------------ Curses
    def _lang_cursed(self, victim: int, c: int, caster: int) -> bool:
        """``cursed``: the victim's cards hear a Curse about to hit them; a ``cancel_curse`` op
        stops it (both cards to the discards as with a Wishing Ring: core rules, 10. Curses).
        Returns True when the Curse is dealt with (cancelled, or waiting for a decision)."""
        self._ev = {}
        facts = {"from_kick": bool(self._kicking), "curse_pending": True}
        if self._lang_fire("cursed", victim, facts=facts, owner_only=victim, cont=("curse", victim, c, caster)):
            return True
        return self._lang_curse_cancelled(victim, c)

    def _lang_curse_cancelled(self, victim: int, c: int) -> bool:
        if self._ev.get("cancel"):
            self._discard(c)
            if self.history:
                self._say(f"{self.name(c)} does nothing to {self._pn(victim)}.")
            return True
        return False

    def _lang_curse_cont(self, victim: int, c: int, caster: int) -> None:
        if not self._lang_curse_cancelled(victim, c):
            self._apply_curse_window(victim, c, caster)

    # ------------------------------------------------------------------ the react decision
    def _pc_react(self, seat: int, d: dict, out: list) -> None:
        """``pass``, then each way to take the offered ability (its choices and costs)."""
        out.append(self._simple[seat]["pass"])
        out.extend(self._react_answers(seat, d))

    def _react_answers(self, seat: int, d: dict) -> list:
        c, idx = d["card"], d["ability"]
        ab = self._prog[c].abilities[idx]
        ctx = self._react_ctx(d, seat)
        kind = "play" if ab.from_hand else "use"
        return [self._A(seat, kind, c, t, n, m, cs)
                for t, n, m, cs in self._ability_options(seat, c, idx, ab, ctx, kind)]

    def _react_ctx(self, d: dict, holder: int) -> Context:
        player, monster, facts = d["ctx"]
        c = d["card"]
        owner = holder if self._kind[c] not in ("monster", "monster_enhancer", "room_tile", "dungeon") else -1
        return self._ctx(c, owner, player, monster, {k: v for k, v in facts})

    def _pw_react(self, seat: int, a, d: dict) -> str | None:
        if a.kind == "pass":
            return None
        c, idx = d["card"], d["ability"]
        ab = self._prog[c].abilities[idx]
        want = "play" if ab.from_hand else "use"
        if a.kind != want or a.card != c or (want == "use" and a.n != idx):
            how = f"play c={c}" if want == "play" else f"use c={c} n={idx}"
            return (f"{self._pn(seat)} may use {self.name(c)} ({self._ab_label(c, idx)}): "
                    f"{how}, or pass")
        return self._why_pick(seat, c, idx, ab, self._react_ctx(d, seat), a, want)

    def _answer_react(self, d: dict, a) -> None:
        """``pass``: the next holder is asked, after the last one the event goes on; an answer
        pays the cost, runs the ability and the event goes on (a void roll is rolled again)."""
        s = self.state
        rest = [tuple(x) for x in d["rest"]]
        cont = tuple(d["cont"])
        if a.kind == "pass":
            # a die an earlier holder set stands (Loaded Die): the pass keeps it
            self._ev = {"die": d["die_set"]} if "die_set" in d else {}
            if rest:
                self._push_next_react(d, rest, self._ev)
                return
            self._lang_continue(cont)
            return
        seat = d["player"]
        c, idx = d["card"], d["ability"]
        ab = self._prog[c].abilities[idx]
        ctx = self._react_ctx(d, seat)
        self._ev = {}
        self._take_ability(seat, c, idx, ab, ctx, a, "play" if ab.from_hand else "use")
        if self._ev.get("void") or self._ev.get("reroll") or self._ev.get("cancel") or not rest:
            rest = []
        if rest:
            ev = self._ev
            self._push_next_react(d, rest, ev)
            self._ev = ev
            return
        self._lang_continue(cont)
        del s  # (the state may have been replaced by nothing; kept for symmetry)

    def _push_next_react(self, d: dict, rest: list, ev: dict | None = None) -> None:
        """The next holder's ``react`` decision for the same event. A die an earlier holder
        set (``ev["die"]``: Loaded Die) is what the next one sees and what stands when the
        rest pass (``die_set``)."""
        q, c, idx = rest[0]
        nd = dict(d)
        nd.update(player=q, card=c, ability=idx, rest=tuple(rest[1:]))
        if ev and "die" in ev:
            player, monster, facts = nd["ctx"]
            nd["ctx"] = (player, monster, tuple(sorted({**dict(facts), "die": ev["die"]}.items())))
            nd["die_set"] = ev["die"]
        self.state.pending.insert(0, nd)

    # ------------------------------------------------------------------ choices and costs
    def _cost_options(self, seat: int, card: int, ab) -> list:
        """The ways ``seat`` can pay the costs of ``ab`` (tuples of card ids, at most a useful
        handful: any payable combination is accepted)."""
        opts = [()]
        p = self.state.players[seat]
        for cost in ab.cost:
            pool = self._cost_pool(seat, card, cost)
            if pool is None:
                return []
            if cost.what in ("self", "hand"):
                choices = [tuple(pool)]
            else:
                choices = list(combinations(pool, cost.count))[:_MAX_COMBOS]
            nxt = []
            for base in opts:
                for ch in choices:
                    if not set(ch) & set(base):
                        nxt.append(base + tuple(ch))
            opts = nxt[:_MAX_COMBOS]
            if not opts:
                return []
        del p
        return opts

    def _cost_pool(self, seat: int, card: int, cost) -> list | None:
        """The cards that may pay one cost (None: it cannot be paid)."""
        p = self.state.players[seat]
        what = cost.what
        if what == "self":
            return [card]
        if what == "hand":
            return list(p.hand) if p.hand else None
        if what == "hand_card":
            pool = list(p.hand)
        elif what == "card":  # any card of yours, hand or table (core rules, 8. Race / Class)
            pool = list(p.hand) + [x for x in p.equipped + p.carried] + list(p.races) + list(p.classes)
        else:  # item
            pool = [x for x in p.equipped + p.carried if self._kind[x] in ("item", "one_shot")]
            if cost.worth is not None:
                pool = [x for x in pool if (self.specs[x].gold or 0) >= cost.worth]
            if cost.named:
                pool = [x for x in pool if any(wd in self._lnames[x] for wd in cost.named)]
            if cost.tagged:
                pool = [x for x in pool if self.specs[x].tags & set(cost.tagged)]
        if cost.deck:
            pool = [x for x in pool if self.specs[x].deck == cost.deck]
        pool = [x for x in pool if x != card]
        return pool if len(pool) >= cost.count else None

    def _chosen_rooms(self, ab) -> int:
        """How many rooms the ability's ``destroy_rooms: chosen`` picks (0: none)."""
        for op in ab.do:
            if op.name == "destroy_rooms" and op.value == "chosen":
                return op.get("count", 1)
        return 0

    def _ability_options(self, seat: int, card: int, idx: int, ab, ctx: Context, kind: str) -> list:
        """Candidate answers ``(t, n, m, cs)`` for taking ability ``ab``: its target choice
        (``t`` a player; a monster's index, a side or a die value in ``n`` for ``play``, in
        ``m`` for ``use``; an item in ``m``), its cost cards then chosen rooms in ``cs``."""
        w = EngineWorld(self)
        res = resolve(ab.who, ctx, w)
        costs = self._cost_options(seat, card, ab) if ab.cost else [()]
        if not costs:
            return []
        rooms = self._chosen_rooms(ab)
        if rooms:
            ms = self.state.module_state.get("rooms") or {"grid": {}}
            ok = [r["tile"] for r in ms["grid"].values() if r["tile"] >= 0 and self._destroyable(r["tile"]) is None]
            picks = list(combinations(ok, min(rooms, len(ok))))[:_MAX_COMBOS] if ok else []
            costs = [cs + pk for cs in costs for pk in picks][:_MAX_COMBOS]
            if not costs:
                return []
        targets = [(-1, 0, -1)]
        if res.choose:
            if not res.items:
                return []
            cb = self.state.combat
            if res.kind == "player":
                targets = [(t, 0, -1) for t in res.items]
            elif res.kind == "monster" and cb is not None:
                ii = [cb.monsters.index(mm) for mm in res.items]
                targets = [(-1, i, -1) if kind == "play" else (-1, 0, i) for i in ii]
            elif res.kind == "side":
                targets = [(-1, i, -1) if kind == "play" else (-1, 0, i) for i in (0, 1)]
            elif res.kind == "card":
                targets = [(-1, 0, x) for x in res.items]
        if any(op.name == "set_die" for op in ab.do):
            targets = [(-1, v, -1) for v in range(1, 7)]
        out = []
        for t, n, m in targets:
            if kind == "use":
                n = idx
            for cs in costs:
                out.append((t, n, m, cs))
        return out

    def _why_pick(self, seat: int, card: int, idx: int, ab, ctx: Context, a, kind: str) -> str | None:
        """Whether the choices and cost cards of action ``a`` may take ability ``ab``."""
        cs = list(a.cards)
        p = self.state.players[seat]
        for cost in ab.cost:
            pool = self._cost_pool(seat, card, cost)
            if pool is None:
                return f"{self.name(card)}: its cost cannot be paid ({self._cost_text(cost)})"
            k = len(pool) if cost.what == "hand" else cost.count
            take, cs = cs[:k], cs[k:]
            if len(take) < k or len(set(take)) < k or any(x not in pool for x in take):
                return f"{self.name(card)} costs {self._cost_text(cost)}: list the card(s) in cs"
        rooms = self._chosen_rooms(ab)
        if rooms:
            if len(cs) != rooms or len(set(cs)) != rooms:
                return f"{self.name(card)}: choose {rooms} room(s) to destroy in cs"
            for x in cs:
                if not (0 <= x < len(self.specs)):
                    return f"no card with id {x}"
                why = self._destroyable(x)
                if why:
                    return why
        elif cs:
            return f"{self.name(card)}: cs lists more cards than its cost"
        w = EngineWorld(self)
        res = resolve(ab.who, ctx, w)
        if res.choose:
            if not res.items:
                return f"{self.name(card)}: nobody it could act on now"
            cb = self.state.combat
            if res.kind == "player" and a.target not in res.items:
                return f"{self.name(card)}: t must be one of {', '.join(self._pn(q) for q in res.items)}"
            mi = a.n if kind == "play" else a.m
            if res.kind == "monster" and not (cb is not None and 0 <= mi < len(cb.monsters) and cb.monsters[mi] in res.items):
                return f"{self.name(card)}: choose the monster ({'n' if kind == 'play' else 'm'}, its index in the combat)"
            if res.kind == "side" and mi not in (0, 1):
                return f"{self.name(card)}: choose the side ({'n' if kind == 'play' else 'm'}: 0 munchkins, 1 monsters)"
            if res.kind == "card" and a.m not in res.items:
                return f"{self.name(card)}: m must be one of your items in play"
        if any(op.name == "set_die" for op in ab.do) and not 1 <= a.n <= 6:
            return f"{self.name(card)}: n = the die result you choose (1..6)"
        del p
        return None

    def _cost_text(self, cost) -> str:
        what = {"card": "a card", "hand_card": "a card from your hand", "self": "this card",
                "hand": "your whole hand", "item": "an item"}[cost.what]
        if cost.count > 1 and cost.what in ("card", "hand_card", "item"):
            what = f"{cost.count} {cost.what.replace('_', ' ')}s"
        if cost.deck:
            what += f" ({cost.deck})"
        if cost.worth:
            what += f" worth {cost.worth}+ Gold"
        if cost.named:
            what += f" named {'/'.join(cost.named)}"
        return "discarding " + what

    def _take_ability(self, seat: int, card: int, idx: int, ab, ctx: Context, a, kind: str) -> None:
        """Pay the cost (the cards of ``a.cards``), count the limit, then run the ability with
        the action's choices (a card played from the hand is discarded first: a One-Shot's
        rule, core rules 9.)."""
        cs = list(a.cards)
        paid = []
        for cost in ab.cost:
            pool = self._cost_pool(seat, card, cost) or []
            k = len(pool) if cost.what == "hand" else cost.count
            take, cs = cs[:k], cs[k:]
            paid += take
        p = self.state.players[seat]
        if kind == "play" and (card in p.hand or card in p.carried):
            self._lose_card(seat, card)
        for x in paid:
            if x == card and kind == "play":
                continue
            self._lose_card(seat, x)
        if self.history and paid:
            self._say(f"{p.name} discards {', '.join(self.name(x) for x in paid)} for {self.name(card)}.")
        self._limit_count(card, idx, ab)
        pick = (a.target, a.n if kind == "play" else a.m, a.m, tuple(cs))
        self._run_ability(card, idx, ab, ctx, None, pick)

    # ------------------------------------------------------------------ the use action
    def _use_holders(self, seat: int, hs: list | None = None) -> list:
        """``[(card, owner, index, ability, ctx, world)]`` of the ``use`` abilities ``seat`` may
        use now (the card listens; ``by`` - default the owner - resolves to ``seat``); ``hs``:
        the listening cards when the caller has asked them already."""
        if not self._luse:
            return []
        if hs is None:
            hs = self._holders(self._luse, seat)
        if not hs:
            return hs
        out = []
        w = None
        for card, owner in hs:
            for idx, ab in self._lrun[card].get("use", ()):
                w = w or EngineWorld(self)
                ctx = self._ctx(card, owner, seat, against=False)  # the user's option: an advantage
                by = resolve(ab.by or OWNER, ctx, w) if (ab.by is not None or owner >= 0) else None
                if by is None or seat not in by.items:
                    continue
                out.append((card, owner, idx, ab, ctx, w))
        return out

    def _cand_use(self, seat: int, ok: bool, out: list) -> None:
        """The ``use`` abilities of the cards in play ``seat`` may use now, per choice and cost
        (a card list without ``use`` abilities: nothing)."""
        luse = self._luse
        if not luse:
            return
        hs = self._holders(luse, seat)
        if not hs:  # (most steps: no card with a use ability listens)
            return
        for card, owner, idx, ab, ctx, w in self._use_holders(seat, hs):
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                continue
            if not self._limit_ok(card, idx, ab):
                continue
            for t, n, m, cs in self._ability_options(seat, card, idx, ab, ctx, "use"):
                out.append(self._A(seat, "use", card, t, n, m, cs))

    def _why_use(self, seat: int, a) -> str | None:
        """``use c=<card> n=<ability>``: an ability of a card in play used as an action, when
        the card listens, the ability's ``by`` (default its owner) is you, its ``if`` holds,
        its ``limit`` is not used up and its cost can be paid (core rules, 8.: abilities
        powered by discards)."""
        c = a.card
        prog = self._prog[c] if self._lang and 0 <= c < len(self.specs) else None
        if prog is None or not (0 <= a.n < len(prog.abilities)) or "use" not in prog.abilities[a.n].when \
                or not prog.abilities[a.n].origin.startswith("abilities"):
            return f"{self._cn(c)} has no ability n={a.n} to use"
        if self.state.phase == "charity":
            return "finish Charity first"
        for card, owner, idx, ab, ctx, w in self._use_holders(seat):
            if card != c or idx != a.n:
                continue
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                return f"{self.name(c)} ({self._ab_label(c, idx)}) cannot be used now ({_cond_text(ab)})"
            if not self._limit_ok(c, idx, ab):
                lim = ab.limit
                return f"{self.name(c)} ({self._ab_label(c, idx)}): at most {lim.times} per {lim.per}"
            return self._why_pick(seat, c, idx, ab, ctx, a, "use")
        return f"{self.name(c)} is not a card in play you may use ({R_WHEN})"

    def _do_use(self, seat: int, a) -> None:
        for card, owner, idx, ab, ctx, w in self._use_holders(seat):
            if card == a.card and idx == a.n:
                self._ev = {}
                if self.history:
                    self._say(f"{self._pn(seat)} uses {self.name(card)} ({self._ab_label(card, idx)}).")
                self._take_ability(seat, card, idx, ab, ctx, a, "use")
                self._combat_changed(seat)
                return

    # ------------------------------------------------------------------ kicked, drawn
    def _lang_kicked(self, seat: int, c: int) -> bool:
        """Card ``c`` came face up at Kick Down the Door: a card that acts when drawn
        (``drawn``) resolves and is discarded (True: nothing more happens with it); else its
        ``kicked`` abilities run before it resolves as usual."""
        run = self._lrun[c]
        if not run:
            return False
        if "drawn" in run:
            return self._lang_drawn(seat, c, True)
        if "kicked" in run:
            self._lang_fire_card("kicked", c, seat, seat, facts={"from_kick": True})
        return False

    def _lang_drawn(self, seat: int, c: int, face_up: bool) -> bool:
        """Card ``c`` drawn by ``seat``: with ``drawn`` abilities it acts at once and is
        discarded instead of kept (fact ``drawn_face_up``); returns whether it did."""
        run = self._lrun[c]
        if not run or "drawn" not in run:
            return False
        if self.history:
            self._say(f"{self.name(c)} acts as {self._pn(seat)} draws it.")
        self._discard(c)
        self._ev = {}
        self._lang_fire_card("drawn", c, seat, seat, facts={"drawn_face_up": face_up, "from_kick": bool(self._kicking)})
        return True

    def _why_lang_card(self, seat: int, a, in_combat: bool):
        """The ``play`` check of a card with ``played`` abilities (One-Shot, special, Monster
        Enhancer) or one played only as a reaction; NotImplemented: the core's rule for its
        kind applies."""
        c = a.card
        k = self._kind[c]
        if self._lreact[c] and not self._lplayed[c]:
            if k in ("one_shot", "special"):
                trig = ", ".join(t for t, abs_ in self._lrun[c].items() if any(ab.from_hand for _i, ab in abs_))
                return f"{self.name(c)} is played as a reaction when it may be ({trig}) ({R_WHEN})"
            return NotImplemented
        if k in ("one_shot", "special"):
            return self._why_lang_play(seat, a, in_combat)
        if k == "monster_enhancer" and in_combat:
            cb = self.state.combat
            if not (0 <= a.n < len(cb.monsters)):
                return NotImplemented
            w = EngineWorld(self)
            for _idx, ab in self._lrun[c]["played"]:
                ctx = self._ctx(c, seat, seat, cb.monsters[a.n])
                if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                    return f"{self.name(c)} cannot be played on {self.name(cb.monsters[a.n])} now ({_cond_text(ab)})"
        return NotImplemented

    # ------------------------------------------------------------------ played abilities
    def _lang_played(self, seat: int, c: int, a, monster: int = -1) -> None:
        """The ``played`` abilities of card ``c`` (played by ``seat`` with action ``a``) run,
        in order (modes: only the one named in ``a.cards``), with the action's choices."""
        run = self._lrun[c]
        if not run or "played" not in run:
            return
        w = EngineWorld(self)
        modes = self._modes(c)
        pick = (a.target, a.n, a.m, ())
        self._ev = {}
        for idx, ab in run["played"]:
            if modes and (not a.cards or a.cards[0] != idx):
                continue
            ctx = self._ctx(c, seat, seat, monster)
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                continue
            self._run_ability(c, idx, ab, ctx, w, pick)

    def _modes(self, c: int) -> tuple:
        """The ``played`` abilities of ``c`` that are alternatives (all labelled, several)."""
        run = self._lrun[c]
        ps = run.get("played", ()) if run else ()
        return tuple(idx for idx, ab in ps) if len(ps) > 1 and all(ab.label for _i, ab in ps) else ()

    def _why_lang_play(self, seat: int, a, in_combat: bool) -> str | None:
        """A One-Shot or special whose program has ``played`` abilities: in a combat (not while
        running away) or on its owner's own turn out of combat, when the abilities' ``if``
        hold - the chosen mode's, for alternatives named in ``cs`` (core rules, 10. When to Play
        Cards)."""
        s = self.state
        c = a.card
        if not in_combat and s.active != seat:
            return f"{self.name(c)} is played in a combat or on your own turn ({R_WHEN})"
        if in_combat and s.combat is not None and s.combat.stage == "run":
            return f"while running away you only roll, use flight or an escape card ({R_RUN})"
        run = self._lrun[c]["played"]
        modes = self._modes(c)
        w = EngineWorld(self)
        if modes:
            if len(a.cards) != 1 or a.cards[0] not in modes:
                labels = ", ".join(f"cs={i} ({self._prog[c].abilities[i].label})" for i in modes)
                return f"{self.name(c)}: choose one of its modes: {labels}"
            run = tuple((i, ab) for i, ab in run if i == a.cards[0])
        elif a.cards:
            return f"{self.name(c)}: cs is only for a card with modes"
        for idx, ab in run:
            ctx = self._ctx(c, seat, seat)
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                return f"{self.name(c)} cannot be played now ({_cond_text(ab)}) ({R_WHEN})"
            res = resolve(ab.who, ctx, w)
            if res.choose:
                why = self._why_pick(seat, c, idx, ab.__class__(ab.when, ab.do, ab.cond, ab.who), ctx,
                                     type(a)(a.player, a.kind, a.card, a.target, a.n, a.m, ()), "play")
                if why:
                    return why
        if in_combat and s.combat is None:
            return R_COMBAT
        return None

    def _lang_play_cands(self, seat: int, c: int, out: list) -> None:
        """Candidates of a card with ``played`` abilities: per mode, per choice of its target."""
        run = self._lrun[c]["played"]
        modes = self._modes(c)
        seen = set()
        for idx, ab in run:
            ctx = self._ctx(c, seat, seat)
            for t, n, m, _cs in self._ability_options(seat, c, idx, ab.__class__(ab.when, ab.do, ab.cond, ab.who),
                                                      ctx, "play"):
                a = self._A(seat, "play", c, t, n, m, (idx,) if modes else ())
                if a not in seen:
                    seen.add(a)
                    out.append(a)
            if not modes:
                break
