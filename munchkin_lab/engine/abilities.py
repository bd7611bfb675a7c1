"""The card-effect language in play: the engine's side of the interpreter contract
(``engine/lang/README.md``): firing the triggers, the continuous abilities, the lasting
changes and the event continuations.

Every card's ``effects`` are compiled once per card list (``lang_compile.py``, next to the
other per-card tables of ``tables.py``); the engine runs what the compiler produced:

* **triggers** - the engine calls :meth:`Abilities._lang_fire` (or :meth:`_lang_fire_card` for
  the card of the event itself) at the moments of the contract's trigger table; the call sites
  in the rule-area modules are one guarded line each (``if "kicked" in self._lt``). The card of
  an event runs its own abilities where the rule makes the event happen (``own=True``): a
  monster's ``caught`` abilities (its Bad Stuff) in ``RunAway._bad_stuff``, ``escaped``
  (``on_escape``) in ``_escaped``, ``enters_combat`` (``on_meet``) in ``_monster_arrives``, a
  Curse's ``hits`` (its ``ops``) in ``Curses._curse_hits``; then the other cards that hear it.
  Every op runs through the one op dispatch (``ops.py``);
* **statics** (``when: in_play``) - the readers of the engine (combat strength, Run Away,
  die rolls, hand limit, Treasures, Levels won, item bonus, joining tags, help) add
  :meth:`_lx` (the sum of the matching continuous abilities of the cards in play plus the
  :class:`~munchkin_lab.engine.lang.interp.Ledger` entries) when the card list has any;
* **lasting changes** of triggered ops go into ``state.ledger`` (immutable: undo snapshots
  share it; saved by ``to_json``) and end at the moments of the duration table
  (``lang_events.py``: ``_lang_combat_ended``, ``_lang_turn_started``, ``_lang_left_play`` ...);
* **decisions** - an optional ability (``may: true``) or a reaction from the hand
  (``from_hand: true``) is a pending ``react`` decision (``lang_actions.py``); the event then
  goes on (``lang_events.py``: ``_lang_continue``).

Rule sources: the contract's tables; "core rules" = ``shared/seeds/001``.
"""
from __future__ import annotations

from dataclasses import replace as _replace

from .lang.interp import Context, amount_of, evaluate, resolve
from .lang.program import PLAYER
from .lang.vocab import OPS
from .lang_world import _OFF_PLAYER_KINDS, EngineWorld
from .ops import _HANDLERS, OTHERWISE, _Suspended

#: kinds of the cards that lie in the combat rather than in front of a player
_COMBAT_KINDS = frozenset(("monster", "monster_enhancer", "one_shot"))
#: the Contexts of events without facts, by their fields: a Context is frozen and its empty
#: facts are never written to, so one object serves every such event (building a frozen
#: dataclass costs seven object.__setattr__ calls); emptied when it grows large
_CTX_MEMO: dict = {}


def _apart_from_combat(cards: frozenset, cb) -> bool:
    """No card of ``cards`` lies in combat ``cb``: none of its monsters, the Monster Enhancers
    on them, the One-Shots played into it (where :meth:`Abilities._holders` looks)."""
    apart = cards.isdisjoint
    enh = cb.enh
    # (one monster without enhancers, no One-Shot played: the usual combat, asked without the
    # calls that would each find nothing)
    return apart(cb.monsters) and (not cb.used or apart(cb.used)) and (
        (len(enh) == 1 and not enh[0]) or all(map(apart, enh)))


class _Event:
    """The context manager of :meth:`Abilities._lang_event`: ``ev`` is the game's running
    event (``game._ev``) inside the block; the outer one is back after it, however it ends."""
    __slots__ = ("game", "ev", "outer")

    def __init__(self, game, ev: dict):
        self.game, self.ev = game, ev

    def __enter__(self) -> dict:
        self.outer = self.game._ev
        self.game._ev = self.ev
        return self.ev

    def __exit__(self, *exc) -> None:
        self.game._ev = self.outer


class Abilities:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the card-effect language in play (see
    the module docstring)."""

    #: the per-card tables of :func:`program_tables` (set per card list by ``tables.py``)
    _lang = False
    _lt: frozenset = frozenset()
    _lx_depth = 0       # statics being summed (a condition inside them sees no statics)
    _ev: dict = {}      # flags the ops of the current event set (reroll, escape, die, void):
    #                     the top of the event stack (:meth:`_lang_event`)
    _drawn_aside: list | None = None  # a chain of cards acting when drawn (:meth:`_lang_drawn`)

    # ------------------------------------------------------------------ the event stack
    def _lang_event(self, ev: dict | None = None) -> _Event:
        """An event of the language, with its own flags (``ev``, default a fresh dict): the
        ops of the abilities it runs set them in ``self._ev`` (a ``cancel_curse``, a
        ``set_die``, ``reroll``, ``void``, ``again``, ``from_discards``), and whoever started
        the event reads them there before it ends. Every event goes through here - each firing
        (:meth:`_lang_fire`, :meth:`_lang_fire_card`, :meth:`_lang_fire_listed`), a card's own
        op list (``Ops._run_card_ops``: a room's ON ENTRY), an ability used or played, the
        answer to a ``react`` decision and the continuation it resumes - so an event that
        starts while another event's ops run (a card drawn by a Draw, a card an op discards,
        a player an op moves into or out of a room, a monster an op adds...) stacks on it: it
        starts with no flags, and when it ends the running event gets its own flags back, as
        they were, for its later ops and its caller. Its caller passes ``ev`` to read the
        flags of an event it fires (``with self._lang_event() as ev: self._lang_fire(...,
        ev=ev)``). (A small class rather than ``contextlib.contextmanager``: one event per
        roll and per firing, on the simulator's hot path.)"""
        return _Event(self, {} if ev is None else ev)

    # ------------------------------------------------------------------ helpers
    def _lstate(self) -> dict:
        """The language's bookkeeping in the state (created on first use)."""
        s = self.state
        if s.lang is None:
            s.lang = {}
        return s.lang

    def _part(self, c: int, key: str):
        """The module-owned part ``key`` (``room``, ``dungeon``, ``portal``, ``fairy_dust``...)
        of card ``c`` as compiled (``Program.parts``: the record, its op lists compiled), or
        None."""
        parts = self._prog[c].parts
        return parts.get(key) if parts else None

    def _world(self) -> EngineWorld:
        return EngineWorld(self)

    def _ctx(self, card: int, owner: int, player: int, monster: int = -1, facts=None,
             against: bool | None = None) -> Context:
        """The :class:`Context` of an event for ``card``'s abilities. ``against`` (default: the
        card is a monster or Monster Enhancer) makes a Half-Breed / Super Munchkin with one
        card hide that Race / Class from the conditions (core rules, 10. Mixed Super
        Munchkin); the card of an event running its own ops (Bad Stuff...) tests its victim as
        they are (``against=False``), as the core always read it."""
        kind = self._kind[card]
        if kind == "monster_enhancer" and monster < 0:
            monster = self._enhanced(card)
        elif kind == "monster" and monster < 0 and self.state.combat is not None and card in self.state.combat.monsters:
            monster = card
        if against is None:
            against = kind in ("monster", "monster_enhancer")
        if facts:
            return Context(card, owner, player, monster, self.specs[card].bonus or 0, against, facts)
        key = (card, owner, player, monster, self.specs[card].bonus or 0, against)
        ctx = _CTX_MEMO.get(key)
        if ctx is None:  # (the key is every field but the empty facts)
            if len(_CTX_MEMO) >= 4096:
                _CTX_MEMO.clear()
            ctx = _CTX_MEMO[key] = Context(*key, {})
        return ctx

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

    def monster_has_tag(self, m: int, tag: str) -> bool:
        """Monster ``m`` carries ``tag`` (case-insensitive) now: printed, or granted by a card
        and not removed (:meth:`monster_tags`); so a monster a card made Undead is Undead for
        every rule that asks - joining, a Cleric's Turning, an Item's bonus against Undead (core
        rules, 10. Undead Monsters: a card may make a monster Undead; Cleric class card)."""
        tag = tag.lower()
        if self._lang:
            return tag in self.monster_tags(m)
        return tag in self.specs[m].tags

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
        ``(card, owner)`` (owner -1: a monster, Dungeon or room tile; an enhancer or One-Shot
        in the combat: who played it, :meth:`_owner_in_combat`): the players' cards in seat
        order from ``player`` (Races, Classes, Half-Breed, Super Munchkin, a module's: a Scooby-Doo
        Character, Items in use by an owner who may use them, Cheat!, Hireling, Curses), then the combat (monsters in order, each followed by its enhancers; for a
        monster event only that monster's; then the One-Shots played into it, in play order),
        then the Dungeons in play, then the room tiles (only ``tile`` when given).
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
                # the firing order from ``start`` (remembered with ``seated``): (card, seat, item)
                key = (want, start, owner_only)
                order = hc.get(key)
                if order is None:
                    order = hc[key] = [(c, q, item) for j in range(n) for q in ((start + j) % n,)
                                       if owner_only < 0 or q == owner_only
                                       for qq, c, item in seated if qq == q]
                for c, q, item in order:
                    if not item or self.can_use(q, c):
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
                        out.append((e, self._owner_in_combat(e)))
        if cb is not None and cb.used and not want.isdisjoint(cb.used):
            # the One-Shots played into this combat lie on the table until it ends (core rules,
            # 7. Combat: they are discarded when the combat ends): they hear its events
            out += [(u, self._owner_in_combat(u)) for u in cb.used if u in want]
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

    def _owner_in_combat(self, c: int) -> int:
        """The owner of card ``c`` lying in the combat: the player who played it there (a
        One-Shot, a Monster Enhancer: ``CombatState.played_by``; an enhancer met from a Star
        Munchkin Adventures room, left there by a lost fight: who played it into that fight,
        ``RoomEntry._resolve`` (``modules/rooms_entry.py``)); -1 for a monster, a card nobody played there (an enhancer a
        scenario set in a room) or one of a save older than the record. The rules give a card played into a combat no owner; the language reads the
        player who played it, as most players would (`who: owner` of a One-Shot's
        ``combat_won`` ability rewards whoever spent it)."""
        cb = self.state.combat
        return cb.played_by.get(c, -1) if cb is not None else -1

    def _seated(self, want: frozenset) -> list:
        """The cards of ``want`` in front of the players, as ``(seat, card, item)`` in seat
        order and, per seat, in :meth:`_holders`' zone order (Races, Classes, Half-Breed,
        Super Munchkin, a module's (a Character), Items in use, Cheat!, Hireling, Curses); ``item``: an Item in use,
        which listens only while its owner may use it (asked live by :meth:`_holders`)."""
        out = []
        apart = want.isdisjoint  # a zone none of whose cards is wanted is skipped whole
        for q, p in enumerate(self.state.players):
            if p.races and not apart(p.races):
                out += [(q, c, False) for c in p.races if c in want]
            if p.classes and not apart(p.classes):
                out += [(q, c, False) for c in p.classes if c in want]
            for c in (p.half_breed, p.super_munchkin):
                if c >= 0 and c in want:
                    out.append((q, c, False))
            for m in self._h_seat:  # a module's cards in front of the player (RulesModule.seat_cards)
                out += [(q, c, False) for c in m.seat_cards(self, q).values() if c in want]
            if p.equipped and not apart(p.equipped):
                out += [(q, c, True) for c in p.equipped if c in want and self._lasting_item(c)]
            for c in (p.cheat, p.hireling):
                if c >= 0 and c in want:
                    out.append((q, c, False))
            if p.curses and not apart(p.curses):
                out += [(q, c, False) for c in p.curses if c in want]
        return out

    # ------------------------------------------------------------------ firing
    def _lang_heard(self, trigger: str, player: int, monster: int = -1, tile: int = -1,
                    owner_only: int = -1, held: bool = True) -> list | None:
        """Who hears ``trigger`` now (the arguments of :meth:`_lang_fire`): the listening cards
        in play (``_holders``' list, maybe empty when someone holds a reaction to it in the
        hand), or None when nothing would hear it - the event would run nothing, offer nothing
        and set no flag. A caller may ask first and skip the event around the firing.
        ``held``: False when the caller has just seen that nobody holds a card reacting to it
        (:meth:`_hand_held`; the hands are not looked at again)."""
        want = self._lby.get(trigger)
        hs = self._holders(want, player, monster, tile, owner_only) if want else None
        if not hs:
            if not held:
                return None
            hand = self._lhand.get(trigger)
            if not hand or not self._hand_held(hand):
                return None
            return []
        return hs

    def _lang_fire(self, trigger: str, player: int, monster: int = -1, facts=None, tile: int = -1,
                   owner_only: int = -1, cont=None, skip: int = -1, ev: dict | None = None,
                   hs: list | None = None) -> bool:
        """``trigger`` happened (the contract's trigger table): run the automatic abilities of
        every listening card, in firing order; an optional one (``may``) or a reaction from the
        hand (``from_hand``) whose ``if`` holds becomes a ``react`` decision. Returns True when
        a decision was queued: the caller's event then goes on in ``cont`` once everybody has
        answered (:meth:`_lang_continue`). ``skip``: the card of the event, which ran its own
        abilities first (a Dungeon revealed). An event of its own (:meth:`_lang_event`; its
        flags go into ``ev`` when the caller reads them). ``hs``: :meth:`_lang_heard`'s list,
        when the caller asked it just before (nothing changed since)."""
        if hs is None:
            hs = self._lang_heard(trigger, player, monster, tile, owner_only)
            if hs is None:
                # (no card in play listens and nobody holds a reaction: the event would run
                # nothing, offer nothing and set no flag)
                return False
        with self._lang_event(ev):
            offers: list = []
            if hs:
                w = EngineWorld(self)
                for card, owner in hs:
                    if card != skip:
                        self._fire_one(trigger, card, owner, player, monster, facts, w, offers)
            self._hand_offers(trigger, player, monster, facts, offers)
            if offers:
                self._push_react(trigger, offers, player, monster, facts, cont)
                return True
            return False

    def _lang_fire_listed(self, trigger: str, hs: list, player: int) -> None:
        """``trigger`` happened for the cards ``hs`` (``[(card, owner)]``, asked by the caller
        before they left play: a dead player's own Items hear the death that put them in the
        corpse, ``Character._kill``): their abilities run as in :meth:`_lang_fire`."""
        with self._lang_event():
            offers: list = []
            w = EngineWorld(self)
            for card, owner in hs:
                self._fire_one(trigger, card, owner, player, -1, None, w, offers)
            if offers:
                self._push_react(trigger, offers, player, -1, None, None)

    def _lang_fire_card(self, trigger: str, card: int, owner: int, player: int, monster: int = -1,
                        facts=None, cont=None, own: bool = False, ev: dict | None = None) -> bool:
        """``trigger`` happened to ``card`` itself (``kicked``, ``drawn``, ``played``,
        ``hits``, ``enters_play``, ``leaves_play``, ``revealed``; with ``own``: a monster's
        ``caught`` / ``escaped`` / ``enters_combat``, a Curse's or trap's ``hits``): run its
        abilities for it (see :meth:`_lang_fire`). ``own``: the card's own event - its Bad
        Stuff, its Curse - runs quietly (the caller says what it did, ``victims.py``); its
        short forms (``bad_stuff``, ``on_escape``, ``on_meet``, a Curse's ``ops``) test the
        victim as they are, as the core always read them (Unspeakably Awful Indescribable
        Horror's Wizard keeps the Class), while an ability written in the language reads like
        the card's other conditions (a monster's: a Race / Class as a disadvantage, so a
        Half-Breed with only the Elf Race loses 2 Levels to Tongue Demon, not 3: core rules, 10.
        Mixed Super Munchkin). An event of its own, as :meth:`_lang_fire`."""
        run = self._lrun[card]
        if not run or trigger not in run:
            return False  # (no ability of the card hears it: the event would run nothing)
        if own and player >= 0 and not self.history and not self._saying:
            # (its one plain ability: _fire_one / _run_ability would test no if, count no limit,
            # offer nothing and say nothing without history - its op walk alone does anything)
            plain = self._lplain[card]
            if plain is not None and trigger in plain:
                self._own_plain(card, owner, player, monster, facts, ev, *plain[trigger])
                return False
        with self._lang_event(ev):
            offers: list = []
            if own:
                quiet = self._quiet
                self._quiet = True
                # (inside another card's ability: its caller says what it did, not that card)
                mute = bool(self._saying) and self._saying[-1][0] != card
                if mute:
                    self._say_begin(card, mute=True)
                try:
                    self._fire_one(trigger, card, owner, player, monster, facts, EngineWorld(self), offers, False)
                finally:
                    self._quiet = quiet
                    if mute:
                        self._say_end()
            else:
                self._fire_one(trigger, card, owner, player, monster, facts, EngineWorld(self), offers)
            if offers:
                self._push_react(trigger, offers, player, monster, facts, cont)
                return True
            return False

    def _own_plain(self, card, owner, player, monster, facts, ev, idx, ab, against, bare) -> None:
        """The card's own event running its one plain ability (``lang_compile._plain_own``),
        quietly, without history: the op walk :meth:`_lang_fire_card` would run through
        :meth:`_fire_one`, :meth:`_run_ability` and ``_run_targets``, with the same event,
        context and walk state (no condition to test, no limit to count, no offer to make, no
        target to resolve and nothing to say: the steps skipped do nothing here). ``bare``:
        each op is a plain step, its handler called as ``Ops._run_ops`` / ``_run_one`` /
        ``_op`` would call it (no target of its own, no branch, nothing lasting)."""
        ctx = self._ctx(card, owner, player, monster, facts, against)
        outer, self._ev = self._ev, ({} if ev is None else ev)  # (the event: _lang_event)
        saved = self._quiet, self._lost, self._rpath, self._rsite, self._odice  # (_walk_saved)
        self._quiet, self._lost = True, []
        if "die_rolled" in self._lt:  # a roll op's die may wait (_run_targets)
            self._rpath, self._rsite = [], (card, idx, "player", player, None, True, ())
        else:
            self._rpath = self._rsite = None
        try:
            if bare:  # (_run_ops' walk, inline: a dead player takes no more ops)
                self._sba_seats.add(player)
                players, w, rp = self.state.players, EngineWorld(self), self._rpath
                for i, op in enumerate(ab.do):
                    if not players[player].alive:
                        break
                    if rp is None:
                        _HANDLERS[op.name](self, op, "player", player, ctx, w, None)
                    else:  # (the walk's place and the op's dice: a die it rolls may wait)
                        rp.append([i, None])
                        self._odice = []
                        _HANDLERS[op.name](self, op, "player", player, ctx, w, None)
                        rp.pop()
            else:
                self._run_ops(ab.do, "player", player, ctx, EngineWorld(self))
        except _Suspended:
            pass  # the walk resumes after the reactions to its die (_lang_ops_cont)
        finally:
            self._quiet, self._lost, self._rpath, self._rsite, self._odice = saved  # (_walk_restore)
            self._ev = outer

    def _fire_one(self, trigger, card, owner, player, monster, facts, w, offers, against=None) -> None:
        """Run (or offer, ``may``) ``card``'s abilities of ``trigger`` whose ``if`` holds;
        ``against=False``: its short forms test the victim as they are (its own event, see
        :meth:`_lang_fire_card`)."""
        for idx, ab in self._lrun[card][trigger]:
            if ab.from_hand:
                continue
            ag = None if against is None or ab.origin.startswith("abilities") else against
            ctx = self._ctx(card, owner, player, monster, facts, ag)
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                continue
            # (an ability with no use limit: _limit_ok passes it and _limit_count counts nothing)
            if ab.limit is not None and not self._limit_ok(card, idx, ab):
                continue
            if ab.may:
                holder = owner if owner >= 0 else player
                if holder >= 0 and self.state.players[holder].alive:
                    if not ab.cost or self._cost_options(holder, card, ab):  # (a cost it can pay)
                        offers.append((holder, card, idx))
                    elif ab.otherwise:  # a cost it cannot pay: what it must do instead
                        self._run_ability(card, idx, ab, ctx, w, otherwise=True)
                continue
            if ab.limit is not None:
                self._limit_count(card, idx, ab)
            self._run_ability(card, idx, ab, ctx, w)

    def _own_ops_on(self, card: int, trigger: str, seat: int) -> None:
        """The ops of ``card``'s own ``trigger`` abilities (those it runs by itself: not
        optional, not from a hand) hit player ``seat`` instead of the ability's own target,
        as the card's own event: quietly, its short forms testing ``seat`` as they are (a
        monster's ``on_meet`` meets a helper who joins the fight: core rules, 7. Help)."""
        w = EngineWorld(self)
        m = card if self._kind[card] == "monster" else -1
        saved = self._walk_saved()
        self._quiet, self._lost = True, []
        if self.history:  # (nobody else says what it did: Victims._say_begin)
            self._say_begin(card)
        try:
            for idx, ab in self._lrun[card][trigger]:
                if ab.may or ab.from_hand or not self.state.players[seat].alive:
                    continue
                ctx = self._ctx(card, -1, seat, m, None, None if ab.origin.startswith("abilities") else False)
                if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                    continue
                if not self._limit_ok(card, idx, ab):
                    continue
                self._limit_count(card, idx, ab)
                self._run_ops(ab.do, "player", seat, ctx, w)
        finally:
            self._walk_restore(saved)
            if self.history:
                self._say_end()

    def _hand_held(self, hand: frozenset) -> bool:
        """Whether a player (a dead one too) has one of the cards ``hand`` in the hand or
        carried on the table: one look at every hand, player by player, stopping at the first
        holder."""
        for p in self.state.players:
            if not (hand.isdisjoint(p.hand) and hand.isdisjoint(p.carried)):
                return True
        return False

    def _hand_offers(self, trigger, player, monster, facts, offers) -> None:
        hand = self._lhand.get(trigger)
        if not hand:
            return
        if not self._hand_held(hand):
            return  # nobody holds a reacting card (most events)
        s = self.state
        players = s.players
        n = len(players)
        start = player if 0 <= player < n else s.active
        w = None
        blocked = None
        for j in range(n):
            q = (start + j) % n
            p = players[q]
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
                    if blocked is None:  # (an escape after a roll against a monster allowing none)
                        blocked = trigger == "run_away_rolled" and monster >= 0 and self._no_run_away(monster)
                    if blocked and any(o.name == "escape" for o in ab.do) and \
                            self._card_escape_blocked(monster, c):
                        continue  # no card gets a runner away from it (RunAway._card_escape_blocked)
                    w = w or EngineWorld(self)
                    ctx = self._ctx(c, q, player, monster, facts)
                    if (ab.cond is None or evaluate(ab.cond, ctx, w)) and self._limit_ok(c, idx, ab):
                        offers.append((q, c, idx))

    def _push_react(self, trigger, offers, player, monster, facts, cont) -> None:
        """The first ``react`` decision of event ``trigger`` (the others follow, ``rest``).
        The flags its automatic abilities set already (``self._ev``: a ``cancel_curse``) go
        with it (``flags``), so the event goes on from them after the answers
        (``LangActions._answer_react``)."""
        q, c, idx = offers[0]
        d = {"kind": "react", "player": q, "card": c, "ability": idx, "event": trigger,
             "ctx": (player, monster, tuple(sorted((facts or {}).items()))),
             "rest": tuple(offers[1:]), "cont": tuple(cont) if cont else ()}
        if self._ev:
            d["flags"] = tuple(sorted(self._ev.items()))
        self.state.pending.insert(0, d)
        if self.history:
            if trigger == "die_rolled" and facts and "die" in facts:
                self._say(f"{self._pn(player)}'s die shows {facts['die']}.")
            elif trigger == "run_away_rolled" and facts:  # the roll is made: say how it went
                self._say(f"{self._pn(player)}'s Run Away roll "
                          f"{'fails' if facts.get('failed') else 'succeeds'}, unless someone reacts.")
            if self._prog[c].abilities[idx].from_hand:
                # a card in a hand is hidden: the log never says who may react (as the Curse
                # window, curses.py; core rules, 3. Your hand)
                self._say("The others may react.")
            else:
                self._say(f"{self._pn(q)} may use {self._ab_named(c, idx)}.")

    def _ab_named(self, c: int, idx: int) -> str:
        """Card ``c``'s name for the log, with ability ``idx``'s label when it has one ("Lawyers
        (trade)"); the ops' names are no game words (what they did is said: ``_say_end``)."""
        label = self._prog[c].abilities[idx].label
        return f"{self.name(c)} ({label})" if label else self.name(c)

    def _ab_label(self, c: int, idx: int) -> str:
        ab = self._prog[c].abilities[idx]
        return ab.label or ", ".join(op.name.replace("_", " ") for op in ab.do)

    # ------------------------------------------------------------------ running an ability
    def _run_ability(self, card: int, idx: int, ab, ctx: Context, w=None, pick=None,
                     otherwise: bool = False) -> None:
        """Run ability ``ab`` of ``card`` for event ``ctx``: resolve ``who`` (a choice comes
        from ``pick``: the action's ``(t, monster index, item/side, chosen cards)``; without
        one the first candidate, in resolution order), then the ops for each target in
        order (a target that dies takes no more ops). ``otherwise``: its ``otherwise`` ops
        instead of its ``do`` (a ``may`` declined, or a cost that cannot be paid; a die they
        roll resumes at ``(OTHERWISE, idx)``: ``LangRolls._lang_ops_cont``)."""
        w = w or EngineWorld(self)
        who = ab.who
        if who is PLAYER:  # the common case (Bad Stuff, a Curse): no resolution needed
            kind, items = "player", ((ctx.player,) if ctx.player >= 0 else ())
        else:
            res = resolve(who, ctx, w)
            kind, items = res.kind, self._picked(res, pick)
        say = self.history and not self._quiet
        # (a label the designer wrote names its do; a short form's is the action menu's)
        lab = ab.label if not otherwise and ab.origin.startswith("abilities") else None
        if say:  # (the log says what its ops changed, in game words: Victims._say_begin)
            self._say_begin(card, label=lab)
        # (_say_label names the label in the log only: nothing to do without history)
        top = None if say or not self.history else self._say_label(card, lab)
        saved = self._quiet, self._lost, self._rpath, self._rsite, self._odice  # (_walk_saved)
        self._lost = []
        keep = bool(items) and "die_rolled" in self._lt  # a roll op's die may wait (ops.py)
        try:
            if otherwise:
                self._run_targets(ab.otherwise, card, (OTHERWISE, idx), kind, items, ctx, w, pick, self._quiet, keep)
            else:
                self._run_targets(ab.do, card, idx, kind, items, ctx, w, pick, self._quiet, keep)
        except _Suspended:
            pass  # the walk resumes after the reactions to its die (_lang_ops_cont)
        finally:
            self._quiet, self._lost, self._rpath, self._rsite, self._odice = saved  # (_walk_restore)
            if say:
                self._say_end()
            elif top:
                top[0][3] = top[1]

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
        ev: dict = {}
        self._lang_fire("fight_declared", seat, ev=ev)
        return bool(ev.get("again")) or self.state.combat is not c or bool(self.state.pending)

    def _lang_monster_strength(self, m: int, total: int) -> int:
        """Monster ``m``'s strength with the language's changes: its ``combat_strength`` (a Level
        change) and the floor a card states (``floor: N``: never below N through that change,
        nor above what it was - Baby's kind)."""
        return self._lang_floored("combat_strength", ("monster", m), total)

    def _lang_treasures(self, m: int, t: int) -> int:
        """Monster ``m``'s Treasures with the language's ``treasures`` changes (never below 0;
        a stated floor: not below it through that change)."""
        return self._lang_floored("treasures", ("monster", m), t)

    def _lang_floored(self, op: str, target: tuple, value: int) -> int:
        """``value`` of ``target`` (``("player", seat)`` / ``("monster", card)``) plus the
        changes of ``op`` - lasting ones and those of the cards in play alike - held at the
        highest floor a card stated beside such a change (``floor: N``, the Ledger's
        ``floor:<op>`` or the op's own ``floor`` field), never raised above ``value`` by the
        floor. The rulebooks know one such floor (Baby: never below 1); with several changes
        and floors, the highest floor of any change that reaches the target holds (rulebooks
        silent)."""
        floors: list = []
        add = self._lx(op, target, floors)
        if not add:
            return value
        after = value + add
        led = self.state.ledger
        if led.entries:
            floors += led.values(f"floor:{op}", target)
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
        if name in self._lstatf and not s.module_state and (cb is None or _apart_from_combat(cards, cb)):
            return []  # monsters and enhancers that listen only where they lie in the combat (_holders)
        hs = self._holders(cards, cb.fighter if cb is not None else s.active)
        if not hs:
            return hs
        lrun = self._lrun
        return [(card, owner, ab) for card, owner in hs for _idx, ab in lrun[card]["in_play"]]

    def _static_found(self, name: str, kind: str) -> list:
        """``[(card, owner, (ability, self_only))]`` of the continuous abilities
        using op ``name`` whose ``who`` is of ``kind`` (player, monster, side, card), of the
        cards that listen now, in firing order (``_lstatk``: only these can reach a target of
        that kind; most often none: the callers stop there)."""
        st = self._lstatk.get((name, kind))
        if st is None:
            return []
        cards, fast, fighting = st
        s = self.state
        cb = s.combat
        if fighting and (cb is None or (cards.isdisjoint(cb.monsters) and not any(cb.enh))):
            return []  # monsters and enhancers listen only in the combat (_holders)
        hs = self._holders(cards, cb.fighter if cb is not None else s.active)
        if not hs:
            return hs
        return [(card, owner, f) for card, owner in hs for f in fast[card]]

    def _lx(self, name: str, target: tuple, floors: list | None = None) -> int:
        """What the language adds to a number the engine computes for ``target`` (``("player",
        seat)``, ``("monster", card)``, ``("side", "munchkins")``, ``("card", card)``): the
        amounts of op ``name`` of every continuous ability that holds and reaches the target,
        plus the Ledger's lasting changes (``Ledger.total``). Statics read while statics are
        being summed count nothing (no loops: a condition on the strengths sees none).
        ``floors``: a list that receives the ``floor`` of every continuous change counted
        (:meth:`_lang_floored`)."""
        led = self.state.ledger
        total = led.total(name, target) if led.entries else 0
        if self._lx_depth or (name, target[0]) not in self._lstatk:
            return total
        found = self._static_found(name, target[0])
        if not found:
            return total
        self._lx_depth += 1
        try:
            for ab, ctx, w in self._statics_reaching(found, target, name):
                total += self._static_sum(ab.do, name, target, ctx, w, floors)
        finally:
            self._lx_depth -= 1
        return total

    def _statics_reaching(self, found: list, target: tuple, name: str):
        """``(ability, ctx, world)`` of the continuous abilities ``found`` (``_static_found``'s
        list of op ``name`` for the kind of ``target``) whose ``if`` holds now and whose ``who``
        reaches ``target`` (a ``(kind, id)`` pair); the caller guards against statics read while
        statics are summed (``_lx_depth``). A condition is a pure question: one skipped because
        its ability cannot reach the target changes nothing."""
        w = EngineWorld(self)
        x = target[1]
        for card, owner, (ab, self_only) in found:
            if self_only and x != card:
                continue  # a monster's ability on itself reaches no other monster
            ctx = self._ctx(card, owner, self._static_player(card, owner))
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
            if x in resolve(ab.who, ctx, w).items:  # (of the target's kind: _lstatk)
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

    def _static_player(self, card: int, owner: int) -> int:
        """"The player" of ``card``'s continuous abilities (held by ``owner``): its owner; for a
        card lying in the combat (a monster, an enhancer, a One-Shot, even one with an owner:
        :meth:`_owner_in_combat`) the fighter, whom the monster side faces."""
        if owner >= 0 and self._kind[card] not in _COMBAT_KINDS:
            return owner
        return self._fighter_or_active()

    def _static_sum(self, ops, name, target, ctx, w, floors: list | None = None) -> int:
        """The amounts of op ``name`` in ``ops`` that reach ``target`` (through the ``if`` ops
        that hold); each counted op's ``floor`` goes into ``floors`` when given."""
        total = 0
        for op in ops:
            if op.name == "if":
                subj = target if target[0] in ("player", "monster") else None
                ok = evaluate(op.value, ctx, w, subj)
                total += self._static_sum(op.then if ok else op.orelse, name, target, ctx, w, floors)
            elif op.name == name:
                if op.who is not None:
                    res = resolve(op.who, ctx, w)
                    if res.kind != target[0] or target[1] not in res.items:
                        continue
                v = amount_of(op.value, ctx, w) if OPS[name].value == "amount" else op.value
                if isinstance(v, int) and not isinstance(v, bool):
                    total += v
                    if floors is not None and v:
                        fl = op.get("floor")
                        if fl is not None:
                            floors.append(fl)
        return total

    def _lang_item_bonus(self, c: int) -> int | None:
        """The bonus Item ``c``'s continuous ``item_bonus`` abilities set now ("the item's
        bonus becomes N"), written in any form but the one the core reads from its record
        (``bonus_if``): the first ``item_bonus`` op reached, ``if`` by ``if``, of the first
        ability that holds and reaches the card; None when none does (the printed bonus
        stands). Core rules, 9. Treasures and Items (an item's bonus as its card says)."""
        if self._lx_depth or ("item_bonus", "card") not in self._lstatk:
            return None
        found = self._static_found("item_bonus", "card")
        if not found:
            return None
        target = ("card", c)
        self._lx_depth += 1
        try:
            for ab, ctx, w in self._statics_reaching(found, target, "item_bonus"):
                v = self._first_value(ab.do, "item_bonus", target, ctx, w)
                if v is not None:
                    return v
        finally:
            self._lx_depth -= 1
        return None

    def _first_value(self, ops, name, target, ctx, w):
        """The value of the first op ``name`` reached in ``ops`` for ``target`` (through the
        ``if`` ops that hold), else None."""
        for op in ops:
            if op.name == "if":
                v = self._first_value(op.then if evaluate(op.value, ctx, w, None) else op.orelse,
                                      name, target, ctx, w)
                if v is not None:
                    return v
            elif op.name == name:
                if op.who is not None:
                    res = resolve(op.who, ctx, w)
                    if res.kind != target[0] or target[1] not in res.items:
                        continue
                return op.value
        return None

    def _static_has(self, target: tuple, name: str) -> bool:
        """Whether switch ``name`` (``no_help``, ``wins_ties``, ``compel_help`` ...) is on for
        ``target``: a continuous ability or a lasting change."""
        if not self._lang:
            return False
        led = self.state.ledger
        if led.entries and led.has(name, target):
            return True
        if self._lx_depth or (name, target[0]) not in self._lstatk:
            return False
        found = self._static_found(name, target[0])
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
            x = target[1]
            for name, out in ((names[0], add), (names[1], rem)):
                for card, owner, (ab, self_only) in self._static_found(name, target[0]):
                    if self_only and x != card:
                        continue
                    ctx = self._ctx(card, owner, self._static_player(card, owner))
                    if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                        continue
                    if x in resolve(ab.who, ctx, w).items:
                        for op in ab.do:
                            if op.name == name:
                                out.add(op.value)
        finally:
            self._lx_depth -= 1
        return frozenset(add), frozenset(rem)
