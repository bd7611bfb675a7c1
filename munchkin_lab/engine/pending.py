"""Pending decisions: a question put to one player that must be answered before anything else
(``state.pending``, first entry first). Each kind of decision has its candidates, its check
and its answer side by side, found through :data:`PENDING`; a ``choose`` decision is further
keyed by its ``why`` (:data:`CHOICES`: the options it offers, the answer, and whether it still
has anything to decide), each ``why`` kept with the rule it belongs to.

| kind | who answers | actions |
|---|---|---|
| ``help`` | the asked player | ``accept`` / ``refuse`` (combat.py) |
| ``offer`` | the fighter | ``accept`` / ``refuse`` (combat.py) |
| ``gift`` | the player an Item is given to (a rules module's ``gift_needs_consent``) | ``accept`` / ``refuse`` (items.py) |
| ``trade`` | the player offered a trade (an Item of theirs for one of the offerer's) | ``accept`` / ``refuse`` (items.py) |
| ``choose`` | the chooser | ``choose c`` (the ``why``'s rule module) |
| ``cancel`` | a holder of a Curse-cancelling card | ``play c`` / ``pass`` (curses.py) |
| ``glue`` | a holder of a Flask of Glue | ``play c`` / ``pass`` (runaway.py) |
| ``flight`` | a Wizard after a failed Run Away roll | ``flight c`` / ``pass`` (runaway.py) |
| ``manual`` | the player of a manual card | ``resolve`` (ops.py) |
| ``react`` | the holder of an optional ability or a reaction card (card-effect language) | ``use c n`` / ``play c`` / ``pass`` (lang_actions.py) |

A decision with nothing left to decide is dropped by :meth:`Pending._settle`, which runs after
every action (rulebook silent: the table answers one question at a time).
"""
from __future__ import annotations

from .actions import Action
from .refs import R_HELP, R_RUN, R_WHEN

#: pending kind -> (candidates, check, answer) method names of :class:`Game`
PENDING: dict[str, tuple[str, str, str]] = {
    "help": ("_pc_accept", "_pw_accept", "_answer_help"),
    "offer": ("_pc_accept", "_pw_accept", "_answer_offer"),
    "gift": ("_pc_accept", "_pw_gift", "_answer_gift"),  # items.py: an Item given away
    "trade": ("_pc_accept", "_pw_gift", "_answer_trade"),  # items.py: a trade offered
    "choose": ("_pc_choose", "_pw_choose", "_answer_choose"),
    "cancel": ("_pc_cancel", "_pw_cancel", "_answer_cancel"),
    "glue": ("_pc_glue", "_pw_glue", "_answer_glue"),
    "flight": ("_pc_flight", "_pw_flight", "_answer_flight"),  # runaway.py: flight after the roll
    "manual": ("_pc_manual", "_pw_manual", "_answer_manual"),
    "react": ("_pc_react", "_pw_react", "_answer_react"),  # lang_actions.py: may / from_hand abilities
}

#: ``choose`` decision ``why`` -> (options, answer, open, dropped) method names of
#: :class:`Game`: ``options(d) -> tuple of card ids``, ``answer(d, seat, card)``,
#: ``open(d, options) -> bool`` (False: nothing to decide, the decision is dropped) and
#: ``dropped(d, options)`` (what the rule does when the choice is dropped; "" = nothing).
CHOICES: dict[str, tuple[str, str, str, str]] = {
    "loot": ("_loot_options", "_loot_answer", "_loot_open", ""),           # character.py: looting the body
    "pick": ("_pick_options", "_pick_answer", "_any_open", ""),            # combat.py: sharing Treasures
    "resurrect": ("_hand_options", "_resurrect_answer", "_any_open", ""),  # turn.py: Cleric resurrection
    "resurrect_t": ("_resurrect_t_options", "_resurrect_t_answer", "_any_open", "_resurrect_t_done"),  # turn.py
    "tax": ("_items_options", "_tax_answer", "_any_open", ""),             # ops.py: Income Tax
    "taxpay": ("_items_options", "_taxpay_answer", "_taxpay_open", "_taxpay_dropped"),  # ops.py
    "take": ("_take_options", "_take_answer", "_loot_open", ""),           # ops.py: others take an item
    "lose": ("_listed_options", "_lose_answer", "_lose_open", "_lose_dropped"),  # ops.py: lose an item
    "replace": ("_replace_options", "_replace_answer", "_any_open", ""),   # playing.py: slots full
    "big": ("_big_options", "_big_answer", "_any_open", ""),               # checks.py: one Big item
    "limit": ("_limit_options", "_big_answer", "_any_open", ""),           # checks.py: one Vehicle
    "sideways": ("_sideways_options", "_sideways_answer", "_any_open", ""),  # checks.py: slot limits
    "unmix": ("_unmix_options", "_unmix_answer", "_any_open", ""),         # checks.py: Half-Breed / Super Munchkin gone
    "hireling": ("_hireling_options", "_hireling_answer", "_hireling_open", "_hireling_dropped"),  # playing.py: Kill the Hireling
}

#: a rules module's own ``choose`` reasons (:func:`register_choice`): ``why`` -> (options,
#: answer, open, dropped) functions called as the :data:`CHOICES` methods are, the game first
MODULE_CHOICES: dict[str, tuple] = {}
#: every game class's ``_CHOICE_FN`` table (``kinds.build_table``): the core's reasons and the
#: modules' own in one dict, so one lookup finds both
CHOICE_TABLES: list[dict] = []


def register_choice(why: str, options, answer, still_open=None, dropped=None) -> None:
    """Give a rules module a ``choose`` decision of its own (``state.pending`` entry
    ``{"kind": "choose", "why": why, "player": seat, ...}``), answered with ``choose c``.

    ``options(game, d) -> tuple of card ids`` (keep a hand out of the entry: the options are
    computed, so no other seat's view lists them), ``answer(game, d, seat, card)`` (the entry is
    already off the queue: push a new one to ask again), ``still_open(game, d, options) -> bool``
    (default: any option left; False drops the decision) and ``dropped(game, d, options)`` (what
    the rule does when it is dropped; default nothing).

    Raises:
        ValueError: ``why`` is a core reason (:data:`CHOICES`) or already registered by another
            function.
    """
    if why in CHOICES:
        raise ValueError(f"choose reason {why!r} belongs to the core (pending.CHOICES)")
    fns = (options, answer, still_open or (lambda game, d, opts: bool(opts)), dropped)
    old = MODULE_CHOICES.get(why)
    if old is not None and old[:2] != fns[:2]:
        raise ValueError(f"choose reason {why!r} is already registered")
    MODULE_CHOICES[why] = fns
    for table in CHOICE_TABLES:
        table[why] = fns


class Pending:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the pending decisions (see the module
    docstring)."""

    #: the winner test is due after the action (see :meth:`_winner_test`); per game object
    _lv_due = True

    # ------------------------------------------------------------------ dispatch
    def _pending_candidates(self, seat: int, d: dict, out: list) -> None:
        """Append the answers of pending decision ``d`` (all legal by construction)."""
        self._PENDING_FN[d["kind"]][0](self, seat, d, out)

    def _why_pending(self, seat: int, a: Action, d: dict) -> str | None:
        """The check of an answer to pending decision ``d`` by the player it is put to."""
        fn = self._PENDING_FN.get(d["kind"])
        if fn is None:
            return "unknown pending decision"
        return fn[1](self, seat, a, d)

    def _answer(self, d: dict, a: Action) -> None:
        """Apply answer ``a`` to pending decision ``d`` (already popped from the queue)."""
        self._PENDING_FN[d["kind"]][2](self, d, a)

    # ------------------------------------------------------------------ help and offers
    def _pc_accept(self, seat: int, d: dict, out: list) -> None:
        S = self._simple[seat]
        out.append(S["accept"])
        if not (self._lang and (self._compelled(seat, d) or self._must_help(seat, d))):
            out.append(S["refuse"])

    def _compelled(self, seat: int, d: dict) -> bool:
        """Help asked of ``seat`` by a player with the card-effect language's ``compel_help``
        (Kneepads of Allure) and of a lower Level: it may not be refused (card text)."""
        s = self.state
        return (d["kind"] == "help" and not d.get("backout") and "compel_help" in self._lstat
                and s.players[seat].level > s.players[d["from"]].level
                and self._static_has(("player", d["from"]), "compel_help"))

    def _must_help(self, seat: int, d: dict) -> bool:
        """``seat`` is under a card-effect language ``must_help`` (a charm: must help whoever
        asks, for no reward) and the fight is not for the win (nobody is forced to help a win:
        Scooby-Doo rules, Asking for Help)."""
        return (d["kind"] == "help" and not d.get("backout") and self._lang
                and self._static_has(("player", seat), "must_help") and not self._fight_for_the_win())

    def _pw_accept(self, seat: int, a: Action, d: dict) -> str | None:
        k = a.kind
        if k == "refuse" and self._lang and self._compelled(seat, d):
            names = sorted({self.name(c) for c, o, _ab in self._static_iter("compel_help") if o == d["from"]})
            return (f"{self._pn(d['from'])} asks with {', '.join(names) or 'a card'} in play: a player of higher "
                    f"Level may not refuse (card text)")
        if k == "refuse" and self._must_help(seat, d):
            return f"{self._pn(seat)} must help whoever asks, for no reward (card text)"
        if k in ("accept", "refuse"):
            for mod in self.modules:
                r = mod.check_action(self, a)
                if r is not NotImplemented:
                    return r
            return None
        return f"answer the help {'request' if d['kind'] == 'help' else 'offer'} first (accept/refuse) ({R_HELP})"

    # ------------------------------------------------------------------ choices
    def choice_options(self, d: dict) -> tuple:
        """The card ids pending choice ``d`` (a ``state.pending`` entry of kind ``choose``)
        offers, in order: the corpse's cards (looting), the face-up Treasure pool (picking a
        share), the hand (a Cleric's resurrection), the chooser's Items in play (paying a tax),
        the Items in play of the player taken from, else the listed ``options`` the chooser
        still holds (an Item lost to Bad Stuff or a Curse: the victim picks)."""
        fn = self._CHOICE_FN.get(d["why"])
        return fn[0](self, d) if fn else self._listed_options(d)

    def _pc_choose(self, seat: int, d: dict, out: list) -> None:
        A = self._A
        for c in self.choice_options(d):
            out.append(A(seat, "choose", c))
        if d["why"] == "big" or d["why"] == "limit":  # or sell an excess Big item (checks.py)
            self._big_sale_cands(seat, d, out)
        elif d["why"] == "resurrect_t":  # or draw the Treasures left (turn.py)
            out.append(self._simple[seat]["pass"])

    def _pw_choose(self, seat: int, a: Action, d: dict) -> str | None:
        if a.kind == "sell" and (d["why"] == "big" or d["why"] == "limit"):
            return self._big_sale_ok(seat, a, d)
        if a.kind == "pass" and d["why"] == "resurrect_t":
            return None
        if a.kind != "choose":
            return f"a choice is pending: pick a card ({d['why']})"
        if a.card not in self.choice_options(d):
            return f"{self._cn(a.card)} is not one of the cards to choose from"
        return None

    def _answer_choose(self, d: dict, a: Action) -> None:
        if a.kind == "sell":  # excess Big items sold (checks.py: _big_sale_ok)
            self._do_sell(d["player"], a)
            return
        if a.kind == "pass":  # no (more) Cleric resurrection: draw the rest (turn.py)
            self._resurrect_t_done(d)
            return
        fn = self._CHOICE_FN.get(d["why"])
        (fn[1] if fn else type(self)._lose_answer)(self, d, d["player"], a.card)

    def _hand_options(self, d: dict) -> tuple:
        return tuple(self.state.players[d["player"]].hand)

    def _items_options(self, d: dict) -> tuple:
        """The chooser's Items in play, a carried One-Shot too (core rules, 9. Single-Use
        Items: an Item)."""
        p = self.state.players[d["player"]]
        return tuple(c for c in p.equipped + p.carried if self._is_item(c))

    def _listed_options(self, d: dict) -> tuple:
        p = self.state.players[d["player"]]
        return tuple(c for c in d["options"] if c in p.equipped or c in p.carried or c in p.hand
                     or c in p.races or c in p.classes)

    def _any_open(self, d: dict, opts: tuple) -> bool:
        return bool(opts)

    def _loot_open(self, d: dict, opts: tuple) -> bool:
        """A choice by a player who must be alive to take (looting, taking an item)."""
        return bool(opts) and self.state.players[d["player"]].alive

    # ------------------------------------------------------------------ reactions
    def _pc_cancel(self, seat: int, d: dict, out: list) -> None:
        out.append(self._simple[seat]["pass"])
        A = self._A
        for c in self._cancel_cards(seat):
            out.append(A(seat, "play", c))

    def _pw_cancel(self, seat: int, a: Action, d: dict) -> str | None:
        if a.kind == "pass" or (a.kind == "play" and a.card in self._cancel_cards(seat)):
            return None
        return (f"{self.name(d['card'])} is about to hit {self._pn(d['victim'])}: cancel it "
                f"(play a Curse-cancelling card) or pass ({R_WHEN}: Curses)")

    def _pc_glue(self, seat: int, d: dict, out: list) -> None:
        out.append(self._simple[seat]["pass"])
        A = self._A
        for c in self._glue_cards(seat):
            out.append(A(seat, "play", c))

    def _pw_glue(self, seat: int, a: Action, d: dict) -> str | None:
        if a.kind == "pass" or (a.kind == "play" and a.card in self._glue_cards(seat)):
            return None
        return (f"{self._pn(d['runner'])} just escaped: make them roll again (play a "
                f"Flask of Glue) or pass ({R_RUN})")

    # ------------------------------------------------------------------ manual cards
    def _pc_manual(self, seat: int, d: dict, out: list) -> None:
        A = self._A
        c = d["card"]
        t = d.get("target", seat)
        out.append(A(seat, "resolve", c, t))
        out.append(A(seat, "resolve", c, t, -1))

    def _pw_manual(self, seat: int, a: Action, d: dict) -> str | None:
        if a.kind != "resolve" or a.card != d["card"]:
            return f"resolve {self.name(d['card'])} by hand first (manual card)"
        s = self.state
        if not (0 <= a.target < len(s.players)):
            return "resolve: t must be a seat"
        tp = s.players[a.target]
        for c in a.cards:
            if c not in tp.hand and c not in tp.equipped and c not in tp.carried:
                return f"resolve: {self._cn(c)} is not in {tp.name}'s hand or in play"
        return None

    # ------------------------------------------------------------------ after every action
    def _settle(self) -> None:
        """Drop pending decisions with nothing to decide (each ``why``'s own test, which may
        apply what the rule does when nobody can choose); discard corpses nobody loots any
        more; skip runners with nothing left to roll; then the winner test. (``Game.play``
        calls it when there are pending decisions or corpses, or a Run Away goes on.)"""
        s = self.state
        while s.pending:
            d = s.pending[0]
            if d["kind"] == "choose":
                fn = self._CHOICE_FN.get(d["why"])
                if fn is not None:
                    opts = fn[0](self, d)
                    if not fn[2](self, d, opts):
                        s.pending.pop(0)
                        if fn[3] is not None:
                            fn[3](self, d, opts)
                        continue
            break
        if s.corpses:
            self._discard_unlooted()
        if s.phase == "combat" and not s.pending and s.combat is not None:
            if s.combat.stage == "run":
                self._next_runner()
        ph = s.phase
        if self._lv_due and ph != "over" and ph != "combat":
            self._winner_test()

    def _winner_test(self) -> None:
        """:meth:`Character._check_winner` when a player is at Level 10; else, with the core
        rules alone, no test until a Level changes (``_lv_due``, set where a Level changes:
        ``Character._change_level``, ``Items._do_sell``; and by ``Game.begin`` and a state
        replaced whole - undo, copies, loads; a rules module may change Levels its own way)."""
        for q in self.state.players:
            if q.level >= 10:
                self._check_winner()
                return
        self._lv_due = self._sba_all
