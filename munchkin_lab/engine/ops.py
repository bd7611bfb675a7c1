"""The one op dispatch of the card-effect language (``engine/lang/README.md``, *Do*).

Every op of every card runs here, whatever wrote it: a monster's Bad Stuff (``bad_stuff``, the
short form of a ``caught`` ability), a Curse's ``ops`` (``hits``), ``on_meet``
(``enters_combat``), ``on_escape`` (``escaped``), a room's ON ENTRY / ON EXIT ops, and every
ability written under ``abilities:``. The compiler (:func:`munchkin_lab.engine.lang.expand`)
turns each into :class:`~munchkin_lab.engine.lang.program.Op` values once per card list;
:meth:`Ops._run_ops` walks an op list on one target and :meth:`Ops._op` looks each op's name up
in :data:`OP_HANDLERS` (op name -> the method that runs it). A lasting op
(``combat_strength``, ``run_away`` ... - :data:`LASTING`) goes into the Ledger
(:meth:`Ops._lasting`).

A handler is ``(self, op, kind, x, ctx, world, pick) -> found``: ``kind`` is the target's kind
(player, monster, side, card, game), ``x`` the target (a seat, a monster card...), ``pick`` the
choices of the action that runs the ability (``(t, monster index, item/side, chosen cards)`` or
None). ``found`` False means the op found nothing to act on: its ``else`` ops run (a Curse aimed at
something the victim lacks does nothing: core rules, 10. Curses).

While the card of an event runs its own abilities (Bad Stuff, a Curse hitting, a room's ops:
``Ops._quiet``), the ops do not log one line each: the caller says in game words what they did
(``victims.py``).

A die rolled by an op (``roll``, ``lose_level_per_roll``, ``lose_cards_roll``,
``run_away_roll``, the Run Away dice of ``destroy_rooms``) is a die roll like any other (Loaded Die: played after any die
roll, card_facts_more.md 2c): ``die_rolled`` fires before its result is used. When a card may
react (a ``react`` decision), the walk stops there and resumes after the answers
(:meth:`Ops._op_die_roll`, ``LangRolls._lang_ops_cont``): the walk keeps its place in ``_rpath``
(the index of each op list entered and the branch taken, the target an op's own ``who`` had
reached, the ability's later targets), so that the op lists after the roll and the later
targets run on. The rest of the event that ran the ability (other cards hearing it, the log) does not
wait for it (rulebooks silent; a reaction to a die is rare enough that nothing else is held).
"""
from __future__ import annotations

from ..plural import plural
from . import rng as _rng
from .lang.interp import Context, amount_of, evaluate, resolve
from .lang.program import Op
from .lang.vocab import OPS
from .lang_world import EngineWorld
from .refs import R_SIDEBAR


class _Suspended(Exception):
    """An op's die waits for the reactions to it: the op walk stops here and resumes
    from its place (``Ops._rpath``) once they are in (caught by ``Abilities._run_ability``)."""


#: the ability index of a resumed op walk (``Ops._rsite``) that runs an ability's ``otherwise``
#: ops, not its ``do``: ``(OTHERWISE, ability index)`` (``LangRolls._lang_ops_cont``)
OTHERWISE = "~otherwise"


#: ops that set up a lasting change (they go into the Ledger, or are summed as statics)
LASTING = frozenset(n for n, d in OPS.items() if d.lasting)
_SIDES = ("munchkins", "monsters")


class Ops:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the one op dispatch (see the module
    docstring)."""

    #: True while the card of an event runs its own ops (the caller logs what they did)
    _quiet = False
    #: Race / Class cards the target lost by the ability running now (``take_from_discards``
    #: with ``exclude_own`` never takes them back: Change Race / Change Class)
    _lost: list = []
    #: the place of the op walk of the ability running now, ``[[index, branch], ...]`` from its
    #: ``do`` list down (branch: ``"then"`` / ``"else"`` / a roll's range index / a
    #: run_away_roll's ``"fail"`` / ``"success"``; an op running on the targets of its own
    #: ``who`` adds ``kind, targets, index, found so far``: :meth:`_run_one`), kept only when
    #: a die an op rolls may wait for reactions (a card hears ``die_rolled``) - else None
    _rpath: list | None = None
    #: ``(card, ability index, target kind, target, pick, quiet, later targets)`` of that
    #: ability (the later targets of its ``who`` run once the walk on this one is done)
    _rsite: tuple | None = None
    #: how many of the next dice ops roll have had their reactions already (in front of the
    #: forced dice: a Bad Stuff that starts with a roll, ``RunAway._bad_stuff``; a resumed
    #: walk, ``LangRolls._resume_ops``)
    _die_pre = 0
    #: the dice the op running now has used so far (an op may roll several: a room destroyed
    #: with players inside), set by :meth:`_op` while ``_rpath`` is kept
    _odice: list = []

    # ------------------------------------------------------------------ walking op lists
    def _run_ops(self, ops, kind: str, target, ctx: Context, w, pick=None, start: int = 0) -> bool:
        """Run ``ops`` (from index ``start``) on one target, in order; a player who dies takes
        no more. An op's ``then`` runs when it found something, its ``else`` when it found
        nothing. Returns whether the last op found something."""
        found = True
        if kind == "player":
            self._sba_seats.add(target)  # an op may change the character (state-based checks)
        players = self.state.players
        rp = self._rpath
        for i in range(start, len(ops)):
            if kind == "player" and not players[target].alive:
                return found
            if rp is None:
                found = self._run_one(ops[i], kind, target, ctx, w, pick)
            else:
                rp.append([i, None])
                found = self._run_one(ops[i], kind, target, ctx, w, pick)
                rp.pop()
        return found

    def _run_one(self, op: Op, kind: str, target, ctx: Context, w, pick, into=None) -> bool:
        """One op of an op list (:meth:`_run_ops`): on its own ``who`` or the list's target,
        then its ``then`` (found) or ``else`` ops (the branch taken is noted in ``_rpath``;
        while the op runs on the targets of its own ``who``, the entry also holds
        ``kind, targets, index, found so far``). ``into``: a resumed walk
        (``LangRolls._resume_ops``): ``(that who part or None, fn)``, where ``fn(kind, x)``
        goes on inside the op on the target it had reached; the later targets follow."""
        rp = self._rpath
        if op.who is not None and (into is None or into[0] is not None):
            if into is None:
                res = resolve(op.who, ctx, w)
                tk, xs, j, found = res.kind, self._picked(res, pick), 0, False
            else:
                tk, xs, j, found = into[0]
            if rp is None:
                for x in xs:
                    found = self._op(op, tk, x, ctx, w, pick) or found
            else:
                e = rp[-1]
                for j in range(j, len(xs)):
                    e[1:] = [None, tk, xs, j, found]
                    if into is not None:
                        f, into = into[1](tk, xs[j]), None
                    else:
                        f = self._op(op, tk, xs[j], ctx, w, pick)
                    found = f or found
                del e[2:]
        elif into is not None:
            found = into[1](kind, target)
        else:
            found = self._op(op, kind, target, ctx, w, pick)
        if found:
            if op.then and op.name != "if":
                if rp is not None:
                    rp[-1][1] = "then"
                self._run_ops(op.then, kind, target, ctx, w, pick)
        elif op.orelse and op.name != "if":
            if rp is not None:
                rp[-1][1] = "else"
            self._run_ops(op.orelse, kind, target, ctx, w, pick)
        return found

    def _picked(self, res, pick) -> tuple:
        """The targets of resolution ``res``: all of them, or for a choice the one the action
        names (``pick``), else the first candidate."""
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
            if res.kind == "side" and 0 <= mi < 2:  # (the side: n of a play, m of a use)
                return (_SIDES[mi],)
            if res.kind == "card" and m in res.items:
                return (m,)
        return res.items[:1]

    def _op(self, op: Op, kind: str, x, ctx: Context, w, pick) -> bool:
        """One op on one target: its handler in :data:`OP_HANDLERS` (a lasting op: the
        Ledger). Returns False when it found nothing."""
        name = op.name
        if name in LASTING:
            return self._lasting(op, kind, x, ctx, w)
        if self._rpath is not None:
            self._odice = []  # (the dice this op uses: LangRolls._resume_ops)
        h = _HANDLERS.get(name)
        found = h(self, op, kind, x, ctx, w, pick) if h is not None else False
        if self._saying:  # (history: what the op changed, said as it happened)
            self._say_flush(self._saying[-1], name not in _SAYS_ITSELF)
        return found

    def _walk_saved(self) -> tuple:
        """The state of the op walk running now, ``(_quiet, _lost, _rpath, _rsite, _odice)``:
        a walk that starts inside another one (an ability set off by an op, a resumed walk)
        saves it and gives it back with :meth:`_walk_restore` when it ends, however it ends."""
        return self._quiet, self._lost, self._rpath, self._rsite, self._odice

    def _walk_restore(self, saved: tuple) -> None:
        """Give back the walk state :meth:`_walk_saved` returned."""
        self._quiet, self._lost, self._rpath, self._rsite, self._odice = saved

    def _run_card_ops(self, seat: int, ops, source: int, part: tuple | None = None) -> None:
        """Run the op list ``ops`` of card ``source`` on player ``seat`` (a module-owned part:
        a room's ON ENTRY / ON EXIT ops, the ops of a failed Run Away roll in a room), as the
        card's own event: quietly, the victim tested as they are. ``part``: where the list is
        in the card's compiled parts (``("room", "on_entry")``), so that a die it rolls may
        wait for the reactions to it like an ability's (the walk resumes from there:
        ``LangRolls._lang_ops_cont``); the rest of the module's event goes on meanwhile."""
        ctx = self._ctx(source, -1, seat, against=False)
        saved = self._walk_saved()
        self._quiet, self._lost, self._rpath, self._rsite = True, [], None, None
        if part is not None and "die_rolled" in self._lt:
            self._rpath, self._rsite = [], (source, part, "player", seat, None, True, ())
        if self.history:  # (what they did, in game words: Victims._say_begin)
            self._say_begin(source)
        try:
            with self._lang_event():  # (the card's own event: Abilities._lang_event)
                self._run_ops(ops, "player", seat, ctx, EngineWorld(self))
        except _Suspended:
            pass
        finally:
            self._walk_restore(saved)
            if self.history:
                self._say_end()

    # ------------------------------------------------------------------ control
    def _op_if(self, op, kind, x, ctx, w, pick) -> bool:
        """``if``: ``then`` when the condition holds for the target, else ``else``."""
        subj = (kind, x) if kind in ("player", "monster") else None
        ok = evaluate(op.value, ctx, w, subj)
        if self._rpath is not None:
            self._rpath[-1][1] = "then" if ok else "else"
        self._run_ops(op.then if ok else op.orelse, kind, x, ctx, w, pick)
        return True

    def _op_roll(self, op, kind, x, ctx, w, pick) -> bool:
        """``roll``: the player of the event (the victim of a Bad Stuff or a Curse, the player
        using an ability; with none, a player target, else the active player) rolls a die (their roll modifiers apply,
        the result kept in 1..6) and the ops of the range it falls in run on the target (the
        language README's op table: a Thief-like ability is rolled by its user). The cards
        that react to a die roll answer before the result is used (``die_rolled``, the module
        docstring: a Loaded Die may set it); when one may, the walk waits for the answers."""
        seat = ctx.player if ctx.player >= 0 else (x if kind == "player" else self.state.active)
        self._roll_range(op, seat, self._op_die_roll(seat, ctx), kind, x, ctx, w, pick)
        return True

    def _roll_range(self, op, seat: int, die: int, kind, x, ctx, w, pick) -> None:
        """The ops of ``roll`` op ``op``'s range that ``seat``'s ``die`` (with their roll
        modifiers, kept in 1..6) falls in, on the target."""
        r = max(1, min(6, self._roll_mod(seat, die)))
        for k, ((lo, hi), sub) in enumerate(op.value):
            if lo <= r <= hi:
                if self.history:
                    self._say(f"{self._pn(seat)} rolls {r}.")
                if self._rpath is not None:
                    self._rpath[-1][1] = k
                self._run_ops(sub, kind, x, ctx, w, pick)
                break

    def _op_die_roll(self, seat: int, ctx: Context) -> int:
        """The die of an op that rolls (``roll``, ``lose_level_per_roll``, ``lose_cards_roll``,
        ``run_away_roll``), rolled by ``seat``, after the reactions to it (:meth:`_op_die`).

        Raises:
            _Suspended: a card may react; the walk waits (caught by ``_run_ability``).
        """
        die = self._roll()
        if self._die_pre:
            self._die_pre -= 1  # (its reactions are in: a Bad Stuff's first die, a resumed walk)
        elif "die_rolled" in self._lt and self._rpath is not None and self._rsite is not None:
            die = self._op_die(seat, die, ctx)
            if die is None:
                raise _Suspended
        if self._rpath is not None:
            self._odice.append(die)
        return die

    def _op_die(self, seat: int, die: int, ctx: Context, fresh: bool = True) -> int | None:
        """``die_rolled`` for the die of an op of the ability running now (it keeps its
        place: ``_rpath``): the die the reactions leave (a ``set_die``; a ``reroll`` rolls
        again, with its own reactions), or None when a card may react and the walk must wait
        (the ``react`` decision is queued with the walk's place: ``LangRolls._lang_ops_cont``).
        The place holds the ability's target (and the later ones), the target an op with its
        own ``who`` had reached, and the dice the op used before this one (``_odice``: an op
        rolling several dice resumes with them). ``fresh``: a new roll, not one made again by a
        ``reroll`` (``limit: {per: roll}`` counts a roll and its rerolls as one)."""
        if fresh:  # a new roll: the abilities limited per roll may answer it (a reroll is the same roll)
            self._limits_reset("roll")
        card, idx, kind, x, pick, quiet, rest = self._rsite
        facts = tuple(sorted(ctx.facts.items())) if ctx.facts else ()
        here = (card, idx, kind, x, pick, quiet, tuple(tuple(e) for e in self._rpath),
                (ctx.source, ctx.owner, ctx.player, ctx.monster, ctx.bonus, ctx.against, facts),
                tuple(self._odice), rest)
        while True:  # (each roll's die_rolled: an event of its own, Abilities._lang_event)
            ev: dict = {}
            if self._lang_fire("die_rolled", seat, facts={"die": die}, cont=("ops", seat, die) + here, ev=ev):
                return None
            if not ev.get("reroll"):
                return ev.get("die", die)
            die = self._roll()

    def _op_manual(self, op, kind, x, ctx, w, pick) -> bool:
        """``manual``: a ResolveByHand decision for the target (or the player of the event)."""
        self._push_manual(x if kind == "player" else ctx.player, ctx.source, discard=False)
        return True

    # ------------------------------------------------------------------ Levels and life
    def _op_levels(self, op, kind, x, ctx, w, pick) -> bool:
        """``levels: N`` (core rules, 8. Level): never below ``floor`` (default 1), a gain never
        the winning Level unless ``winning: true`` (core rules, 5.; Card Text and These Rules,
        4: a gain at Level 9 is said to do nothing, and why; 1: so is a loss at Level 1,
        ``Character._no_level_lost``); dead players gain nothing.
        Found: the Level changed."""
        if kind != "player":
            return False
        delta = amount_of(op.value, ctx, w)
        p = self.state.players[x]
        if delta > 0 and not p.alive:
            return False
        floor = op.get("floor", 1)
        if delta < 0 and floor > 1:
            delta = max(delta, min(0, floor - p.level))
        if not delta:
            return False
        before = p.level
        self._change_level(x, delta, from_kill=bool(op.get("winning")))
        if p.level == before and delta > 0 and self.history:  # (at Level 9: the ability says nothing)
            who = f"{self._speaker(ctx.source)}: " if ctx.source >= 0 else ""
            self._say(f"{who}{p.name} stays at Level {before} (a card cannot give the winning Level: {R_SIDEBAR}, 4).")
        elif p.level == before and self.history and (self._saying or not self._quiet):
            # (at Level 1: said as a failed theft says it; Bad Stuff and a Curse hitting say
            # what the whole card did instead, "nothing to take": Victims._say_what_it_did)
            who = f"{self._speaker(ctx.source)}: " if ctx.source >= 0 else ""
            self._say(f"{who}{p.name} {self._no_level_lost(x)}.")
        return p.level != before  # (the ability says it: Victims._say_end)

    def _op_death(self, op, kind, x, ctx, w, pick) -> bool:
        """``death`` (core rules, 7. Death); the target takes no more ops."""
        if kind != "player":
            return False
        self._kill(x)
        return True

    def _op_set_level(self, op, kind, x, ctx, w, pick) -> bool:
        """``set_level: N`` (an int >= 1) or ``lowest`` (the lowest living Level): the target's
        Level becomes N (core rules, 8. Level). Never below 1; above 9 it acts as 9, never the
        winning Level, unless ``winning: true`` (core rules, 5.: a player reaches Level 10 only
        by killing a monster; Card Text and These Rules, 4), as the ``levels`` op; dead
        players gain nothing (as ``levels``). A Level read as 9 says so in the log (the card's
        own line then says what changed: ``Victims._say_what_it_did``).
        Found: always (the target's Level is N now, or as near as the rules allow)."""
        if kind != "player":
            return False
        s = self.state
        p = s.players[x]
        v = op.value
        if v == "lowest":
            v = min(q.level for q in s.players if q.alive)
        win = bool(op.get("winning"))
        want = max(1, min(v, 10 if win else 9))
        before = p.level
        if want != before:
            self._change_level(x, want - before, from_kill=win)
        if want < v and p.alive and self.history:  # (as the levels op says a gain at Level 9)
            who = f"{self._speaker(ctx.source)}: " if ctx.source >= 0 else ""
            did = f"{p.name} stays at Level {before}" if p.level == before else f"Level {v} acts as Level {want} for {p.name}"
            self._say(f"{who}{did} (a card cannot give the winning Level: {R_SIDEBAR}, 4).")
        return True

    def _op_lose_level_per_roll(self, op, kind, x, ctx, w, pick) -> bool:
        """Roll a die (roll modifiers apply), lose that many Levels (not below 1)."""
        if kind != "player":
            return False
        r = max(1, min(6, self._roll_mod(x, self._op_die_roll(x, ctx))))
        if self.history:
            self._say(f"{self._pn(x)} rolls {r}.")
        self._change_level(x, -r)
        return True

    # ------------------------------------------------------------------ cards and items
    def _op_lose_race_class(self, op, kind, x, ctx, w, pick) -> bool:
        """``lose_race`` / ``lose_class``: every Race (Class) card; with ``count``, that many,
        the victim's choice (Lose Your Class with two Classes)."""
        if kind != "player":
            return False
        s = self.state
        p = s.players[x]
        zone = p.races if op.name == "lose_race" else p.classes
        named = op.get("named")
        if named:  # only the cards of those names (the Horror's Wizard)
            zone = [c for c in zone if self._lnames[c] in named]
        found = bool(zone)
        cnt = op.get("count")
        if cnt and len(zone) > cnt:
            s.pending.append({"kind": "choose", "why": "lose", "player": x,
                              "options": tuple(zone), "count": cnt})
        else:
            for r in zone[:]:
                self._lost.append(r)
                self._lose_card(x, r)
            self._lose_special_with(x, op.name)
        return found

    def _op_take_from_discards(self, op, kind, x, ctx, w, pick) -> bool:
        """The top Race (Class) card of the Door discards (with one draw pile per set: the
        discards of the Door pile the target draws from, ``Zones._take_pile``) becomes the
        target's - not one it
        already has, and with ``exclude_own`` not one it lost in this same ability. It comes
        into play by the slot rule of a played one (``Playing._race_class_in``: one Race / Class
        at a time unless a Half-Breed / Super Munchkin, core rules, 8.)."""
        if kind != "player":
            return False
        s = self.state
        p = s.players[x]
        what = op.value
        disc = self._take_pile("door", x)
        for j in range(len(disc) - 1, -1, -1):
            c = disc[j]
            if self._kind[c] == what and not (op.get("exclude_own") and c in self._lost) and \
                    self._lnames[c] not in (self.races(x) + self.classes(x)):
                disc.pop(j)
                if self.history:
                    self._say(f"{p.name} takes {self.name(c)} from the discards.")
                self._race_class_in(x, c, say=False)
                return True
        return False

    def _op_discard_hand(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        p = self.state.players[x]
        found = bool(p.hand)
        for r in p.hand[:]:
            self._lose_card(x, r)
        return found

    def _op_change_sex(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        p = self.state.players[x]
        p.gender = "female" if p.gender == "male" else "male"
        return True

    def _op_lose_item(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        return self._lose_item(x, op.value, op.get("count", 1), op.get("tagged", ()))

    def _op_neighbours_take(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        return self._neighbours_take(x, op.value)

    def _op_others_take_item(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        return self._others_take_item(x, op.value, op.get("from", "left"), bool(op.get("or_hand")))

    def _op_lose_value(self, op, kind, x, ctx, w, pick) -> bool:
        """Discard items in play worth at least N Gold (the victim's choice; unable: all)."""
        if kind != "player":
            return False
        found = bool(self.choice_options({"why": "tax", "player": x}))
        if found:
            self.state.pending.append({"kind": "choose", "why": "taxpay", "player": x,
                                       "owe": op.value, "options": (), "count": 1, "penalty": 0})
        return found

    def _op_income_tax(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        found = bool(self.choice_options({"why": "tax", "player": x}))
        if found:
            self.state.pending.append({"kind": "choose", "why": "tax", "player": x, "options": (), "count": 1})
        return found

    def _op_lose_cards_roll(self, op, kind, x, ctx, w, pick) -> bool:
        """Roll a die, lose that many cards (items in play or hand, the victim's choice)."""
        if kind != "player":
            return False
        s = self.state
        p = s.players[x]
        r = max(1, min(6, self._roll_mod(x, self._op_die_roll(x, ctx))))
        if self.history:
            self._say(f"{p.name} rolls {r}.")
        cards = tuple(c for c in p.equipped + p.carried + p.hand)
        if cards:
            s.pending.append({"kind": "choose", "why": "lose", "player": x, "options": cards, "count": r})
        return bool(cards)

    def _op_others_draw_hand(self, op, kind, x, ctx, w, pick) -> bool:
        """The other living players, from the target's left, draw its hand blind, one card at
        a time; with ``each: N`` N cards each, then the rest is discarded (the Lawyers)."""
        if kind != "player":
            return False
        s = self.state
        p = s.players[x]
        found = bool(p.hand)
        n = len(s.players)
        each = op.get("each")
        if each:
            for _ in range(each):
                for j in range(1, n):
                    q = (x + j) % n
                    if s.players[q].alive and p.hand:
                        s.rng, r = _rng.below(s.rng, len(p.hand))
                        self._receive(q, p.hand.pop(r))
            for c in p.hand[:]:
                self._lose_card(x, c)
            if found and self.history:
                self._say(f"The others draw from {p.name}'s hand; the rest is discarded.")
            return found
        takers = [(x + j) % n for j in range(1, n) if s.players[(x + j) % n].alive]
        j = 0
        while p.hand and takers:
            q = takers[j % len(takers)]
            s.rng, r = _rng.below(s.rng, len(p.hand))
            self._receive(q, p.hand.pop(r))
            j += 1
        if found and takers and self.history:
            self._say(f"The other players draw {p.name}'s hand, one card each in turn.")
        return found

    def _op_draw(self, op, kind, x, ctx, w, pick) -> bool:
        """``draw: DECK``: ``count`` cards of that deck into the target's hand; ``draw:
        dungeon`` (Scooby-Doo) puts new Dungeons into play instead - a Dungeon is never held
        (Scooby-Doo rules, Dungeons and Portals: as a Portal's draw)."""
        if kind != "player":
            return False
        n = amount_of(op.get("count", 1), ctx, w)
        if op.value == "dungeon":
            for m in self.modules:
                if m.name == "scooby_doo":
                    before = len(self.state.decks.get("dungeon", ()))
                    m.card_changed_dungeons(self, ctx.source, ctx.owner)
                    m._new_dungeons(self, x, max(0, n))
                    return len(self.state.decks.get("dungeon", ())) < before
            return False
        got = 0
        face_up = bool(op.get("face_up"))
        for _ in range(max(0, n)):
            c = self._draw(op.value, x)
            if c < 0:
                break
            if op.value == "door":  # (a Scooby-Doo Portal, face up too: the choice to follow it)
                self._door_face_down(x, c, face_up)
            else:
                self._to_hand(x, c, face_up)  # a card that acts when drawn acts (Hoard!)
            got += 1
        if self.history and got:
            self._say(f"{self._pn(x)} draws {plural(got, op.value + ' card')}{' face up' if op.get('face_up') else ''}.")
        return got > 0

    def _op_lose_hireling(self, op, kind, x, ctx, w, pick) -> bool:
        if kind != "player":
            return False
        p = self.state.players[x]
        h = p.hireling
        if h < 0:
            return False
        self._leave_play(x, h)
        self._discard(h)
        if self.history:
            self._say(f"{p.name}'s {self.name(h)} is discarded.")
        return True

    def _op_peek(self, op, kind, x, ctx, w, pick) -> bool:
        """``peek: deck``: player ``x`` looks at the top ``count`` cards of the ``deck`` (default
        the Door deck; the pile they would draw from, ``Zones._pile_key``), which stay where
        they are. What they saw is theirs alone (core rules, 3. Handling Cards: hidden cards):
        ``state.lang["peek"][seat]`` = ``{"deck", "cards" (top first), "turn"}``, their last
        peek, shown in their own ``view(seat)`` only (``seen``); the log, public, says who looked
        at how many cards. An empty pile shows nothing (False). ``room`` / ``tile`` (the
        Psychic, Star Munchkin Adventures): the rooms module's own ``peek`` action - nothing
        here (that action keeps what was seen in the same record: ``RoomsModule._peek``)."""
        if kind != "player" or op.value != "deck":
            return op.value != "deck"
        deck = op.get("deck") or "door"
        pile = self.state.decks.get(self._pile_key(deck, x)) or []
        n = max(0, min(int(op.get("count", 1)), len(pile)))
        if not n:
            return False
        seen = pile[::-1][:n]  # (the top is the list end)
        self._lstate().setdefault("peek", {})[str(x)] = {"deck": deck, "cards": seen, "turn": self.state.turn}
        if self.history:
            top = "top card" if n == 1 else f"top {n} cards"
            self._say(f"{self._pn(x)} looks at the {top} of the {deck.title()} deck.")
        return True

    def _op_by_action(self, op, kind, x, ctx, w, pick) -> bool:
        """An op the action of its card runs itself (``take_item``: the Thief's theft and Help
        Me Out Here!; ``kick_from_discards``: the kick; ``take_discard``, ``add_monster``: the
        play of the card; ``room_action``: the Solar Storm game): nothing here."""
        return False

    def _op_kick_from_discards(self, op, kind, x, ctx, w, pick) -> bool:
        """``kick_from_discards`` in a ``kicking`` ability: the kick that follows turns up the
        top Door discard instead of drawing (``LangEvents._lang_kick_cont``; the Cleric's own
        resurrection is the action ``kick n=1``, which runs it itself)."""
        self._ev["from_discards"] = True
        return True

    # ------------------------------------------------------------------ combat
    def _op_escape(self, op, kind, x, ctx, w, pick) -> bool:
        """``escape``: the target gets away from every monster at once - no roll, no Bad Stuff,
        but an escape for the monsters' ``escaped`` abilities (``RunAway._get_away``); in a Run
        Away roll's event (``first_roll`` among its facts) that roll's monster is escaped too
        (core rules, 7. Running Away; the escape One-Shots) - unless that monster allows no
        Run Away and the card cannot beat it (``RunAway._card_escape_blocked``): that roll
        stands."""
        cb = self.state.combat
        if kind != "player" or cb is None or x not in cb.runners:
            return False
        m = ctx.monster
        rolling = cb.monsters.index(m) if ("first_roll" in ctx.facts and ctx.player == x
                                           and m in cb.monsters) else -1
        if rolling >= 0 and self._card_escape_blocked(m, ctx.source):
            rolling = -1  # (the roll against it stands: its Bad Stuff comes)
        else:
            self._ev["void"] = True
        if self.history:  # the card that saves them (a reaction from the hand was hidden till now)
            if ctx.source >= 0 and ctx.owner == x:  # (as an escape One-Shot: Playing._play)
                self._say(f"{self._pn(x)} uses {self.name(ctx.source)} and gets away.")
            else:
                self._say(f"{self.name(ctx.source)}: {self._pn(x)} gets away." if ctx.source >= 0
                          else f"{self._pn(x)} gets away.")
        self._get_away(x, rolling, ctx.source)
        return True

    def _op_reroll(self, op, kind, x, ctx, w, pick) -> bool:
        self._ev["reroll"] = True
        return True

    def _op_set_die(self, op, kind, x, ctx, w, pick) -> bool:
        """``set_die``: the chosen result (the action's ``n``, 1..6) for the next roll, or
        for the roll of this ``die_rolled`` event."""
        v = pick[1] if pick is not None and 1 <= pick[1] <= 6 else 6
        if op.value == "next":
            self.state.forced.insert(0, v)
        else:
            self._ev["die"] = v
        return True

    def _op_cancel_curse(self, op, kind, x, ctx, w, pick) -> bool:
        self._ev["cancel"] = True
        return True

    def _op_end_combat(self, op, kind, x, ctx, w, pick) -> bool:
        """``end_combat``: every monster leaves, no Levels, no Treasures; ``loot_room``: the
        fighter may still Loot the Room."""
        cb = self.state.combat
        if cb is None:
            return False
        fighter = cb.fighter
        if op.get("loot_room"):
            self._lstate()["loot_room"] = fighter
        self._end_all_monsters(fighter, 0)
        return True

    def _op_monster(self, op, kind, x, ctx, w, pick) -> bool:
        """``leave_combat`` / ``slay`` on monster card ``x`` of the combat (core rules, 7.
        Combat: a monster defeated without a fight gives no Level; slain, its Levels and
        Treasures go to the munchkins). A slain monster's Levels (and its kill, for an Elf
        helper) wait, as its Treasures do, for the combat to end in a victory
        (``combat.slain_levels``, given by ``Character._kill_levels_to``): no reward is collected
        during a combat (core rules, Card Text and These Rules, 3), and a fighter who then runs
        from the rest gets none (7. Multiple Monsters)."""
        s = self.state
        cb = s.combat
        if kind != "monster" or cb is None or x not in cb.monsters:
            return False
        if op.name == "swap_monster":
            return False  # (run through the play action of the card)
        i = cb.monsters.index(x)
        if op.name == "slay":
            levels = self._printed_kill_levels(i)
            cb.slain_levels += levels
            cb.slain_kills += 1 + sum(1 for e in cb.enh[i] if self._mate[e])  # a Mate: one more
            self._remove_monster_keeping(i, slain=True)
            if self.history:
                self._say(f"{self.name(x)} is slain: {plural(levels, 'Level')} for {self._pn(cb.fighter)} "
                          f"when the combat is won.")
            self._after_monster_removed()
            return True
        keep = op.value
        if keep == "keep" or (keep == "keep_if_alone" and len(cb.monsters) == 1):
            self._remove_monster_keeping(i)
        else:
            self._remove_monster(i)
        if self.history:
            self._say(f"{self.name(x)} leaves the combat.")
        self._after_monster_removed()
        return True

    def _op_add_doors(self, op, kind, x, ctx, w, pick) -> bool:
        """``add_doors: N``: Door cards face up into the combat, resolved as a kicked door by
        the one path of a face-up Door (``Turn._door_face_up``: a trap goes off, a Portal is
        followed) - SMA rules, Questions and Answers: Brig; the fighter decides again."""
        s = self.state
        cb = s.combat
        if cb is None:
            return False
        seat = cb.fighter
        got = False
        for _ in range(op.value):
            c = self._draw("door", seat)
            if c < 0:
                break
            got = True
            if self._door_face_up(seat, c) == "monster":  # the one path of a face-up Door
                self._add_monster(c)
        if got:
            cb.stage = "fight"
            self._ev["again"] = True
        return got

    def _op_transfer_fighter(self, op, kind, x, ctx, w, pick) -> bool:
        """``transfer_fighter``: the target becomes the fighter, as with Transferral Potion
        (the one home of that change: ``CombatCards._make_fighter``)."""
        if kind != "player" or self._why_not_transfer(x) is not None:
            return False
        self._make_fighter(x)
        return True

    def _op_run_away_roll(self, op, kind, x, ctx, w, pick) -> bool:
        """``run_away_roll``: the target rolls to Run Away with every modifier to that roll
        (``RunAway._lone_run_total``: their die-roll modifiers, their own cards', the room they
        stand in); below 5 the ``fail`` ops run, else ``success`` (SMA rules, Questions and
        Answers: Shaft of Doom). A room's ``run_away_roll_required`` is its short form."""
        if kind != "player":
            return False
        die = self._op_die_roll(x, ctx)
        tot = self._lone_run_total(x, die)
        if self.history:
            src = ctx.source
            where = f" in {self.name(src)}" if src >= 0 and self._kind[src] == "room_tile" else ""
            self._say(f"{self._pn(x)} must Run Away{where}: {self._rolls(die, tot)}.")
        branch = "success" if tot >= 5 else "fail"
        if self._rpath is not None:
            self._rpath[-1][1] = branch
        self._run_ops(op.get(branch, ()), kind, x, ctx, w, pick)
        return True

    # ------------------------------------------------------------------ rooms and Dungeons
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
        data = self._part(tile, "room") or {}
        if data.get("indestructible") or self._static_has(("card", tile), "indestructible"):
            return f"{self.name(tile)} can never be destroyed (SMA rules, Room Destruction)"
        return None

    def _op_rooms(self, op, kind, x, ctx, w, pick) -> bool:
        """``move`` (a forced move: the next room that way, or back to START; either leaves the
        room by its ON EXIT rule, :meth:`RoomEntry.put_in` (``modules/rooms_entry.py``): only a
        lost fight's return to START is no exit, SMA rules, Combat) and
        ``destroy_rooms`` (this one, the neighbour that way, every neighbour, or the rooms the
        owner chose: the action's ``cs``) - SMA rules, Movement; Room Destruction. The Run
        Away dice of the players inside a room are rolled before it goes, room by room, each a
        die roll that may be answered (Loaded Die, card_facts_more.md 2c: :meth:`_op_die_roll`)."""
        from .modules import rooms as R
        mod = self._rooms_module()
        if mod is None:
            return False
        ms = self.state.module_state["rooms"]
        if op.name == "move":
            if kind != "player" or not self.state.players[x].alive:
                return False
            if op.value == "start":  # a move out of the room: an exit (only a lost fight's return is none)
                mod.put_in(self, x, R.START)
                if self.history:
                    self._say(f"{self._pn(x)} is sent back to START.")
                return True
            t = mod._target(self, x, R.DIR_NAMES[op.value])
            by = f" by {self.name(ctx.source)}" if ctx.source >= 0 else ""
            if t not in ms["grid"] and not self.state.decks.get("room_tile"):
                mod.put_in(self, x, R.START)  # no tile that way: START, still an exit (SMA rules, Movement)
                if self.history:
                    self._say(f"{self._pn(x)} is carried {op.value}{by}: no room tile left that way, "
                              "so back to START.")
                return True
            if self.history:  # (as a room's short form forced_move says it)
                self._say(f"{self._pn(x)} is carried {op.value}{by}.")
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
                dice = None
                if self._rpath is not None and mod._destructible(self, k):
                    # the Run Away dice of the players inside, each answered (a Loaded Die) before
                    # the room goes; a resumed walk finds the rooms already gone off the grid
                    dice = [self._op_die_roll(q, ctx) for q in mod.inside(self, k)]
                    self._odice = []
                mod.destroy(self, k, destroyer, dice)
                done = True
        return done

    def _op_dungeon(self, op, kind, x, ctx, w, pick) -> bool:
        """``discard_dungeons`` (Scooby-Doo rules, Portals) and ``reshuffle: DECK`` (that
        deck's discards shuffled back into it: K-Ghoul Mart; with one draw pile per set,
        ``piles``, each pile of the deck gets its own discards back, ``Zones._piles_of``)."""
        for m in self.modules:
            if m.name == "scooby_doo":
                if op.name == "discard_dungeons":
                    m.card_changed_dungeons(self, ctx.source, ctx.owner)
                    m._discard_dungeons(self)
                    return True
        if op.name == "reshuffle":  # each pile its own discards (one draw pile per set: piles)
            return self._reshuffle(op.value)
        return False

    # ------------------------------------------------------------------ lasting changes
    def _lasting(self, op: Op, kind: str, x, ctx: Context, w) -> bool:
        """A lasting op of a triggered ability: one Ledger entry on the target (``this_combat``
        outside a combat: for the combat about to start, ``Ledger.add``); a floor is kept
        beside it (``floor:<name>``)."""
        d = OPS[op.name]
        val = amount_of(op.value, ctx, w) if d.value == "amount" else op.value
        s = self.state
        target = (kind, x)
        led = s.ledger.add(ctx.source, target, op.name, val, op.duration, s.active)
        fl = op.get("floor")
        if fl is not None and led is not s.ledger:
            led = led.add(ctx.source, target, "floor:" + op.name, fl, op.duration, s.active)
        if led is s.ledger:
            return False
        s.ledger = led
        if kind == "player":
            self._sba_seats.add(x)
        if self.history:
            who = self._pn(x) if kind == "player" else self.name(x) if kind in ("monster", "card") \
                else f"the {x[:-1]} side"
            self._say(f"{self._speaker(ctx.source)}: {who} {_lasting_words(op.name, val)} "
                      f"{_for_words(op.duration)}.")
        return True


#: a lasting op in game words, after the target's name (``{v}``: its value; :func:`_lasting_words`)
_LASTING_WORDS = {
    "combat_strength": "gets {v:+d} to combat strength", "run_away": "gets {v:+d} to Run Away",
    "roll_mod": "gets {v:+d} to die rolls", "hand_limit": "gets {v:+d} to the hand limit",
    "treasures": "gives {v:+d} Treasure{s}", "levels_won": "gives {v:+d} Level{s} when killed",
    "item_bonus": "gets {v:+d} from each item", "grant_tag": "is {v}", "remove_tag": "is no longer {v}",
    "only_slot": "may use only the {v} slot", "double_sale": "sells {v} item{s} a turn for double",
    "no_run_away": "may not Run Away", "no_help": "may not be helped",
    "items_dont_count": "fights without the bonuses of items",
    "level_doesnt_count": "fights without counting Level", "level_only": "fights with its Level only", "wins_ties": "wins ties",
    "auto_escape": "escapes without rolling", "must_help": "must help when asked",
}
#: ops whose own lines say what they changed for the players (no second line: ``_say_flush``)
_SAYS_ITSELF = frozenset({"slay", "destroy_rooms"})
#: a duration in game words
_FOR = {"this_combat": "for this combat", "next_combat": "for the next combat",
        "in_play": "while the card is in play", "this_turn": "this turn",
        "until_next_turn": "until their next turn", "next_turn": "for their next turn",
        "good": "for good",
        "until_lost": "until their {slot} is lost"}


def _for_words(d) -> str:
    """Duration ``d`` (:class:`~.lang.program.Duration`) in game words: "for this combat",
    "until their footgear is lost" (an ``until_lost`` names its slot)."""
    t = _FOR.get(d.kind, d.kind.replace("_", " "))
    return t.format(slot=d.slot or "item") if d.kind == "until_lost" else t


def _lasting_words(name: str, v) -> str:
    """Lasting op ``name`` with value ``v`` in game words ("gets +2 to combat strength"); an
    op without its own words: its name ("counts twice"). ``{s}`` in the words: the plural's "s"
    unless ``v`` is 1 or -1."""
    t = _LASTING_WORDS.get(name)
    if t is not None and (isinstance(v, int) and not isinstance(v, bool) or "{v:" not in t):
        return t.format(v=v, s="" if v in (1, -1) else "s")
    return name.replace("_", " ") + ("" if v is True else f" {v}")


#: op name -> the :class:`Ops` method that runs it (every op of :data:`.lang.vocab.OPS` that
#: happens at once; the short forms ``gain_levels`` / ``lose_levels`` / ``if_match`` are
#: compiled to ``levels`` / ``if``; the lasting ops go into the Ledger)
OP_HANDLERS: dict[str, str] = {
    "if": "_op_if", "roll": "_op_roll", "manual": "_op_manual",
    "levels": "_op_levels", "death": "_op_death", "set_level": "_op_set_level",
    "lose_level_per_roll": "_op_lose_level_per_roll",
    "lose_race": "_op_lose_race_class", "lose_class": "_op_lose_race_class",
    "take_from_discards": "_op_take_from_discards", "discard_hand": "_op_discard_hand",
    "change_sex": "_op_change_sex", "lose_item": "_op_lose_item",
    "neighbours_take": "_op_neighbours_take", "others_take_item": "_op_others_take_item",
    "lose_value": "_op_lose_value", "income_tax": "_op_income_tax",
    "lose_cards_roll": "_op_lose_cards_roll", "others_draw_hand": "_op_others_draw_hand",
    "draw": "_op_draw", "lose_hireling": "_op_lose_hireling",
    "peek": "_op_peek",
    "take_item": "_op_by_action", "kick_from_discards": "_op_kick_from_discards",
    "take_discard": "_op_by_action", "add_monster": "_op_by_action", "room_action": "_op_by_action",
    "escape": "_op_escape", "reroll": "_op_reroll", "set_die": "_op_set_die",
    "cancel_curse": "_op_cancel_curse", "end_combat": "_op_end_combat",
    "leave_combat": "_op_monster", "slay": "_op_monster", "swap_monster": "_op_monster",
    "add_doors": "_op_add_doors", "transfer_fighter": "_op_transfer_fighter",
    "run_away_roll": "_op_run_away_roll",
    "move": "_op_rooms", "destroy_rooms": "_op_rooms",
    "discard_dungeons": "_op_dungeon", "reshuffle": "_op_dungeon",
}
_HANDLERS = {name: getattr(Ops, meth) for name, meth in OP_HANDLERS.items()}
