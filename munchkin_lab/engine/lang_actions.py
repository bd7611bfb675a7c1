"""The card-effect language's decisions and actions (``engine/lang/README.md``, *Costs,
limits, actions*): the pending ``react`` decision (a ``may`` ability or a ``from_hand``
reaction), the costs and choices of an ability, the action kind ``use`` (an ability of a
card in play), and the ``played`` abilities of a card played from the hand.
"""
from __future__ import annotations

from itertools import combinations

from .abilities import _apart_from_combat
from .lang.interp import Context, evaluate, resolve
from .lang.program import OWNER
from .lang.render import cond_to_data
from .lang_compile import OWN_TURN_OUT
from .lang_world import EngineWorld
from .refs import R_COMBAT, R_ITEMS, R_RUN, R_STATS, R_WHEN

#: how many cost-card combinations a candidate list offers at most (like bribes: a useful
#: subset; any legal combination is accepted by ``why_not``)
_MAX_COMBOS = 12


def _cond_text(ab) -> str:
    """``its condition: <the ability's if>`` for a refusal (the condition as the card data
    writes it, e.g. ``in_combat`` or ``{'any_monster': 'name:floating nose'}``)."""
    c = cond_to_data(ab.cond)
    return f"its condition: {c if isinstance(c, str) else c!r}"



#: a Race's or Class's printed power (its compiled record) -> the action that uses it
_POWER_ACTIONS = {"berserk": "berserk c=<card to discard>", "turning": "turning c=<card to discard>",
                  "flight": "flight c=<card to discard>", "charm": "charm n=<monster index>",
                  "backstab": "backstab t=<player> c=<card to discard>",
                  "steal": "steal t=<player> m=<item> c=<card to discard>", "resurrect": "kick n=1"}

class LangActions:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the card-effect language's decisions
    and actions (see the module docstring)."""

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
        # the offer went to the card's owner (Abilities._fire_one): a One-Shot's or Monster
        # Enhancer's in the combat is who played it there, and the combat may be over by now
        owner = holder if self._kind[c] not in ("monster", "room_tile", "dungeon") else -1
        return self._ctx(c, owner, player, monster, {k: v for k, v in facts})

    def _pw_react(self, seat: int, a, d: dict) -> str | None:
        if a.kind == "pass":
            return None
        c, idx = d["card"], d["ability"]
        ab = self._prog[c].abilities[idx]
        want = "play" if ab.from_hand else "use"
        if a.kind != want or a.card != c or (want == "use" and a.n != idx):
            return (f"{self._pn(seat)} must first answer {self.name(c)} ({self._ab_label(c, idx)}): "
                    f"{'play' if want == 'play' else 'use'} it, or pass")
        return self._why_pick(seat, c, idx, ab, self._react_ctx(d, seat), a, want)

    def _answer_react(self, d: dict, a) -> None:
        """``pass``: the ability's ``otherwise`` ops run (if it has them), the next holder is
        asked, after the last one the event goes on; an answer pays the cost, runs the ability
        and the event goes on (a void roll is rolled again)."""
        s = self.state
        rest = [tuple(x) for x in d["rest"]]
        cont = tuple(d["cont"])
        # the event goes on (Abilities._lang_event) from the flags it has so far (``flags``:
        # those its automatic abilities and the earlier answers set - a cancel_curse, a die an
        # earlier holder set with a Loaded Die); a pass keeps them, an answer adds its own
        with self._lang_event(dict(d.get("flags", ()))) as ev:
            if a.kind == "pass":
                ab = self._prog[d["card"]].abilities[d["ability"]]
                if ab.otherwise:  # declined: what it does instead (Platycore: 2 Levels, not the hand)
                    self._run_ability(d["card"], d["ability"], ab, self._react_ctx(d, d["player"]),
                                      otherwise=True)
                if rest:
                    self._push_next_react(d, rest, ev)
                    return
                self._lang_continue(cont)
                return
            seat = d["player"]
            c, idx = d["card"], d["ability"]
            ab = self._prog[c].abilities[idx]
            ctx = self._react_ctx(d, seat)
            self._take_ability(seat, c, idx, ab, ctx, a, "play" if ab.from_hand else "use")
            if ev.get("void") or ev.get("reroll") or ev.get("cancel") or not rest:
                rest = []
            if rest:
                self._push_next_react(d, rest, ev)
                return
            self._lang_continue(cont)
        del s  # (the state may have been replaced by nothing; kept for symmetry)

    def _push_next_react(self, d: dict, rest: list, ev: dict | None = None) -> None:
        """The next holder's ``react`` decision for the same event, which carries the event's
        flags so far (``ev``, kept as ``flags``: they stand when the rest pass). A die an
        earlier holder set (``ev["die"]``: Loaded Die) is what the next one sees."""
        q, c, idx = rest[0]
        nd = dict(d)
        nd.update(player=q, card=c, ability=idx, rest=tuple(rest[1:]))
        nd.pop("flags", None)
        if ev:
            nd["flags"] = tuple(sorted(ev.items()))
            if "die" in ev:
                player, monster, facts = nd["ctx"]
                nd["ctx"] = (player, monster, tuple(sorted({**dict(facts), "die": ev["die"]}.items())))
        self.state.pending.insert(0, nd)

    def _hidden_reaction(self, d: dict) -> bool:
        """Pending decision ``d`` is a silent reaction point: who holds the reacting card is
        hidden from the other seats (a Curse's cancel, a Flask of Glue, a card that reacts
        from the hand: Loaded Die, Invisibility Potion; core rules, 3. Your hand)."""
        k = d["kind"]
        return k == "cancel" or k == "glue" or (k == "react" and self._prog[d["card"]].abilities[d["ability"]].from_hand)

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
        if what == "hand":  # the whole hand, of at least ``count`` cards (never an empty one)
            return list(p.hand) if p.hand and len(p.hand) >= cost.count else None
        if what == "hand_card":
            pool = list(p.hand)
        elif what == "card":  # any card of yours, hand or table (core rules, 8. Race / Class; the
            # official FAQ on discarding cards in play: a Half-Breed / Super Munchkin too)
            pool = self._ability_discards(seat)  # (Character: the one rule of such discards)
        else:  # item
            pool = [x for x in p.equipped + p.carried if self._is_item(x)]  # (a Fairy Dust Item too)
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
        if any(op.name == "set_die" for op in ab.do):  # the die result: n of a play, m of a use
            targets = [(-1, v, -1) if kind == "play" else (-1, 0, v) for v in range(1, 7)]
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
            if card in take and cost.what != "self":  # the paying card is another (FAQ: discarding cards in play)
                return (f"{self.name(card)} may not be discarded for its own ability; discard another card "
                        f"({R_STATS}; official FAQ: discarding cards in play)")
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
        if any(op.name == "set_die" for op in ab.do) and not 1 <= (a.n if kind == "play" else a.m) <= 6:
            return f"{self.name(card)}: {'n' if kind == 'play' else 'm'} = the die result you choose (1..6)"
        del p
        return None

    def _cost_text(self, cost) -> str:
        what = {"card": "a card", "hand_card": "a card from your hand", "self": "this card",
                "hand": "your whole hand", "item": "an item"}[cost.what]
        if cost.count > 1 and cost.what in ("card", "hand_card", "item"):
            what = f"{cost.count} {cost.what.replace('_', ' ')}s"
        elif cost.count > 1 and cost.what == "hand":
            what += f" (at least {cost.count} cards)"
        if cost.deck:
            what += f" ({cost.deck})"
        if cost.worth:
            what += f" worth {cost.worth}+ Gold"
        if cost.named:
            what += f" named {'/'.join(cost.named)}"
        return "discarding " + what

    def _paid_words(self, who: str, card: int, paid: list) -> str:
        """The log line of an ability's price: "Ann discards Spiky Knees for Hireling", and a card
        that pays with itself (the Hireling's escape) "Ann discards Hireling to use it" - never
        "Hireling for Hireling"."""
        others = ", ".join(self.name(x) for x in paid if x != card)
        if card not in paid:
            return f"{who} discards {others} for {self.name(card)}."
        return f"{who} discards {others + ' and ' if others else ''}{self.name(card)} to use it."

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
            self._say(self._paid_words(p.name, card, paid))
        self._limit_count(card, idx, ab, (a.target, a.m))  # (the target counts with each_target)
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
        if self.state.combat is None:
            # out of a combat only the cards with a `use` ability whose `if` may hold without
            # one (lang.interp.needs_combat: the others' `if` is false there - Berserking,
            # Flight, Turning, the Hireling's escape)
            luse = self._luse_out
            if not luse:
                return
        if not self._hcache.get(luse, True):
            # (most steps) none of these cards sits in front of a player (Abilities._holders'
            # cache); unless one is in the combat or a rules module holds cards, none listens
            s = self.state
            cb = s.combat
            if not s.module_state and (cb is None or _apart_from_combat(luse, cb)):
                return
        hs = self._holders(luse, seat)
        if not hs:
            return
        cb = self.state.combat
        for card, owner, idx, ab, ctx, w in self._use_holders(seat, hs):
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                continue
            if not self._limit_ok(card, idx, ab):
                continue
            if cb is not None and cb.stage == "run" and self._why_fight_closed(ab.do):
                continue  # it changes the fight: not once the Run Away rolls began
            each = ab.limit is not None and ab.limit.each_target
            for t, n, m, cs in self._ability_options(seat, card, idx, ab, ctx, "use"):
                if each and not self._limit_ok(card, idx, ab, (t, m)):
                    continue  # used up on this target (limit each_target)
                out.append(self._A(seat, "use", card, t, n, m, cs))

    def _use_anytime_ok(self, seat: int, a) -> bool:
        """``anytime_ok`` of ``use``: at any moment of a fight or window
        (``CombatCards._combat_moment``), as the printed Berserking, Turning and backstab are
        (core rules, 6. When You May Act; 7. Help: a helper's abilities work in the fight),
        an ability of one of ``seat``'s own cards in play (:meth:`_anytime_use_card`). The
        kind's check (:meth:`_why_use`) says the rest: its ``if``, its limit, its cost. Other
        cards' abilities wait for their user's own decision or their place in the window."""
        return self._anytime_use_card(seat, a.card) and self._combat_moment()

    def _anytime_use_card(self, seat: int, c: int) -> bool:
        """The one rule of whose abilities may be used at any moment of a fight: those of
        ``seat``'s Race, Class, Half-Breed and Super Munchkin cards (and a Scooby-Doo Character
        card: ``CombatCards._own_ability_cards``), and of the Items, the
        Cheat! and the Hireling they have in play while they are in the fight (the fighter or
        the helper: what a player has in play counts in their fight, core rules, 7. Combat).
        Core rules, 6. When You May Act names no ability; a bystander's Item, Cheat! or
        Hireling waits for their place in the window (7. Interfering in Combat) - our reading,
        as most players would take it."""
        if c not in self._own_ability_cards(seat):  # (CombatCards: the one list of such cards)
            return False
        cb = self.state.combat
        return c not in self._own_fight_cards(seat) or (cb is not None and seat in (cb.fighter, cb.helper))

    def _cand_use_anytime(self, seat: int, out: list) -> None:
        """The any-time ``use`` candidates of ``seat`` (:meth:`_use_anytime_ok`), in a fight
        or window."""
        if not self._luse:
            return
        mine: list = []
        self._cand_use(seat, False, mine)
        out += [a for a in mine if self._anytime_use_card(seat, a.card)]

    def _why_use(self, seat: int, a) -> str | None:
        """``use c=<card> n=<ability>``: an ability of a card in play used as an action, when
        the card listens, the ability's ``by`` (default its owner) is you, its ``if`` holds,
        its ``limit`` is not used up and its cost can be paid (core rules, 8.: abilities
        powered by discards); one that changes the fight, only at a moment of it, as
        Berserking (``CombatCards._why_fight_closed``: not once the Run Away rolls began)."""
        c = a.card
        run = self._lrun[c] if self._lang and 0 <= c < len(self.specs) else None
        if not run or not any(i == a.n for i, _ab in run.get("use", ())):
            fx = self._fx[c] if 0 <= c < len(self.specs) else {}
            for power, how in _POWER_ACTIONS.items():
                if fx.get(power):  # a printed Race / Class power: the core's own action
                    from .character import POWER_NAMES

                    return (f"{self._cn(c)}'s {POWER_NAMES[power][0]} is its own action: {how} "
                            f"(core rules, 8. Race / Class)")
            return f"{self._cn(c)} has no ability n={a.n} to use"
        if self.state.phase == "charity":
            return "finish Charity first"
        for card, owner, idx, ab, ctx, w in self._use_holders(seat):
            if card != c or idx != a.n:
                continue
            if ab.cond is not None and not evaluate(ab.cond, ctx, w):
                return f"{self.name(c)} ({self._ab_label(c, idx)}) cannot be used now ({_cond_text(ab)})"
            if not self._limit_ok(c, idx, ab, (a.target, a.m)):
                lim = ab.limit
                return (f"{self.name(c)} ({self._ab_label(c, idx)}): at most {lim.times} per {lim.per}"
                        + (" on each target" if lim.each_target else ""))
            why = self._why_fight_closed(ab.do)  # (CombatCards: Berserking's moment)
            if why is not None:
                return f"{self.name(c)} ({self._ab_label(c, idx)}) changes the fight: {why}"
            return self._why_pick(seat, c, idx, ab, ctx, a, "use")
        return self._why_not_listening(seat, c)

    def _why_not_listening(self, seat: int, c: int) -> str:
        """Why card ``c`` is no card in play whose ``use`` ability ``seat`` may use now: carried
        and not in use (core rules, 9.: only Items in use count), in use but not usable by its
        owner, someone else's, or not in play at all."""
        p = self.state.players[seat]
        if c in p.carried:
            return (f"{self.name(c)} is carried, not in use: put it in use (equip it) first to use its "
                    f"ability ({R_ITEMS})")
        if c in p.equipped and not self.can_use(seat, c):
            return f"{self.name(c)} is restricted: {self._restriction(seat, c)} ({R_ITEMS})"
        owner = next((q.name for i, q in enumerate(self.state.players) if i != seat
                      and (c in q.equipped or c in q.carried or c in q.races or c in q.classes)), None)
        if owner is not None:
            return f"{self.name(c)} is {owner}'s: only its owner may use it ({R_WHEN})"
        return f"{self.name(c)} is not a card in play you may use ({R_WHEN})"

    def _do_use(self, seat: int, a) -> None:
        for card, owner, idx, ab, ctx, w in self._use_holders(seat):
            if card == a.card and idx == a.n:
                if self.history:
                    self._say(f"{self._pn(seat)} uses {self._ab_named(card, idx)}.")
                with self._lang_event():  # (an event of its own: Abilities._lang_event)
                    self._take_ability(seat, card, idx, ab, ctx, a, "use")
                self._combat_changed(seat)
                return

    def _why_lang_card(self, seat: int, a, in_combat: bool):
        """The ``play`` check of a card with ``played`` abilities (One-Shot, special, Monster
        Enhancer; a Race, Class or Item whose ``played`` abilities are modes: the mode named
        in ``cs``) or one played only as a reaction; NotImplemented: the core's rule for its
        kind applies (for the Race, Class or Item, after its mode's check)."""
        c = a.card
        k = self._kind[c]
        if self._lreact[c] and not self._lplayed[c]:
            if k in ("one_shot", "special"):
                trig = ", ".join(t for t, abs_ in self._lrun[c].items() if any(ab.from_hand for _i, ab in abs_))
                return f"{self.name(c)} is played as a reaction when it may be ({trig}) ({R_WHEN})"
            return NotImplemented
        if k in ("one_shot", "special"):
            return self._why_lang_play(seat, a, in_combat)
        if self._lmodes[c] and k in ("race", "class", "item"):
            # its modes: the play names one whose `if` holds, with its choices; the moment is
            # the core's rule for its kind (core rules, 10. When to Play Cards)
            return self._why_lang_play(seat, a, in_combat, anytime=True) or NotImplemented
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
        pick = (a.target, a.n, a.m, self._played_rooms(c, a))
        with self._lang_event():  # (an event of its own: Abilities._lang_event)
            for idx, ab in run["played"]:
                if modes and (not a.cards or a.cards[0] != idx):
                    continue
                ctx = self._ctx(c, seat, seat, monster)
                if ab.cond is not None and not evaluate(ab.cond, ctx, w) and not (
                        ab.cond == OWN_TURN_OUT and self._fresh_treasure(seat, c)):
                    continue
                self._run_ability(c, idx, ab, ctx, w, pick)

    def _played_rooms(self, c: int, a) -> tuple:
        """The rooms a play of card ``c`` names for its ``destroy_rooms: chosen`` (the action's
        ``cs`` after the mode, for a card with modes; all of it for one without)."""
        return tuple(a.cards[1:] if self._modes(c) else a.cards)

    def _modes(self, c: int) -> tuple:
        """The ``played`` abilities of ``c`` that are alternatives (all labelled, several):
        ``_lmodes`` (``lang_compile.modes_of``)."""
        return self._lmodes[c]

    def _why_lang_play(self, seat: int, a, in_combat: bool, anytime: bool = False) -> str | None:
        """A One-Shot or special whose program has ``played`` abilities: in a combat (not while
        running away) or on its owner's own turn out of combat, when the abilities' ``if``
        hold - the chosen mode's, for alternatives named in ``cs`` (core rules, 10. When to Play
        Cards); the rooms a ``destroy_rooms: chosen`` destroys follow in ``cs`` (after the mode),
        checked as for an ability used (Star Munchkin Adventures rules, Room Destruction: never
        START). ``anytime``: a card played at any time (a Go Up a Level: core rules, 6. When You
        May Act), only the abilities' own conditions and choices - and, as for a ``use``
        ability, none that changes the fight once the Run Away rolls began
        (``CombatCards._why_fight_closed``)."""
        s = self.state
        c = a.card
        fresh = self._fresh_treasure(seat, c)  # just received: as on the own turn out of combat
        if not anytime and not in_combat and s.active != seat and not fresh:
            return f"{self.name(c)} is played in a combat or on your own turn ({R_WHEN})"
        if not anytime and in_combat and s.combat is not None and s.combat.stage == "run" \
                and not self._prog[c].ops("escape") and not (seat == s.active and self._own_turn_card(c)):
            return f"while running away you only roll, use flight or an escape card ({R_RUN})"
        run = self._lrun[c]["played"]
        modes = self._modes(c)
        w = EngineWorld(self)
        if modes:
            if not a.cards or a.cards[0] not in modes:
                labels = ", ".join(f"cs={i} ({self._prog[c].abilities[i].label})" for i in modes)
                return f"{self.name(c)}: choose one of its modes: {labels}"
            run = tuple((i, ab) for i, ab in run if i == a.cards[0])
        rooms = self._played_rooms(c, a)  # the rooms a destroy_rooms: chosen destroys
        if rooms and not any(self._chosen_rooms(ab) for _i, ab in run):
            return f"{self.name(c)}: cs is only for a card with modes (first) or rooms to choose"
        for idx, ab in run:
            ctx = self._ctx(c, seat, seat)
            if ab.cond is not None and not evaluate(ab.cond, ctx, w) and not (fresh and ab.cond == OWN_TURN_OUT):
                return f"{self.name(c)} cannot be played now ({_cond_text(ab)}) ({R_WHEN})"
            why = self._why_fight_closed(ab.do) if anytime else None  # (as a use ability's)
            if why is not None:
                return f"{self.name(c)} changes the fight: {why}"
            res = resolve(ab.who, ctx, w)
            if res.choose or self._chosen_rooms(ab):
                cs = rooms if self._chosen_rooms(ab) else ()
                why = self._why_pick(seat, c, idx, ab.__class__(ab.when, ab.do, ab.cond, ab.who), ctx,
                                     type(a)(a.player, a.kind, a.card, a.target, a.n, a.m, cs), "play")
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
            for t, n, m, cs in self._ability_options(seat, c, idx, ab.__class__(ab.when, ab.do, ab.cond, ab.who),
                                                     ctx, "play"):
                # cs: the chosen rooms (a play's ability has no cost), after the mode
                a = self._A(seat, "play", c, t, n, m, ((idx,) if modes else ()) + tuple(cs))
                if a not in seen:
                    seen.add(a)
                    out.append(a)
            if not modes:
                break
