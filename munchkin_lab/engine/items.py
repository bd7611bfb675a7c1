"""Items (core rules, 9. Treasures and Items): who may use them, slots and Big items, bonuses,
equip/unequip, carrying a One-Shot, selling, trading and a Thief's theft. Action kinds ``equip``,
``unequip``, ``carry``, ``sell``, ``give``, ``trade`` (one exchange of two Items, the partner
agreeing: pending ``trade``), ``steal``; candidate generators ``_cand_equips``,
``_cand_carry``, ``_cand_sale``, ``_cand_steal`` (called by the turn's, setup's and Charity's
generators).

A One-Shot is an Item used once (core rules, 9. Single-Use Items; Scooby-Doo rules, One-Shots):
put on the table from the hand (``carry``) it is an Item in play like any other, carried: it may
be used later from the table, traded or given, sold, stolen, and lost to a Curse or Bad Stuff
that takes Items (:meth:`Items._is_item`).
"""
from __future__ import annotations

from ..plural import plural
from .actions import Action
from .kinds import running, setup_only
from .refs import R_CHAR, R_COMBAT, R_DEATH, R_ITEMS, R_SD_ITEMS, R_SIDEBAR, R_STATS
from .tables import SLOT_LIMIT, _parse_atom


def _atom_words(atom: str, article: bool = False) -> str:
    """An item restriction's condition atom in words: ``class:warrior`` -> ``Warrior``
    (``a Warrior`` with ``article``), ``human`` -> ``Human``, ``gender:female`` -> ``female``,
    ``!race:elf`` -> ``non-Elf``; another atom as written."""
    a = atom.strip()
    neg = a.startswith("!")
    a = a[1:].strip() if neg else a
    kind, _, arg = a.partition(":")
    if kind in ("race", "class") and arg:
        word = arg.strip().title()
    elif a in ("human", "has_race", "has_class"):
        word = {"human": "Human", "has_race": "with a Race", "has_class": "with a Class"}[a]
    elif kind == "gender" and arg:
        word = arg.strip()
    else:
        return atom
    if article and kind in ("race", "class", "human"):
        word = ("an " if word[:1] in "AEIOU" else "a ") + word
    return ("non-" if neg else "") + word


class Items:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: items: who may use them, slots and Big
    items, bonuses, equip/unequip, selling and trading."""

    def _is_item(self, c: int) -> bool:
        """Card ``c`` is an Item when in play: a permanent Item or a One-Shot carried on the table
        (core rules, 9. Single-Use Items: a single-use card is treated as an Item; Scooby-Doo
        rules, One-Shots: carried, played from the table or sold like other Items), or a Fairy
        Dust card with a Gold value (:meth:`_dust_item`)."""
        k = self._kind[c]
        return k == "item" or k == "one_shot" or self._dust_item(c)

    def _dust_item(self, c: int) -> bool:
        """Fairy Dust card ``c`` has a Gold value: it is an Item, traded like one (Munchkin Fairy
        Dust rules, Getting Fairy Dust Cards); one without a value is not."""
        return self._kind[c] == "fairy_dust" and self.specs[c].gold is not None

    def _lasting_item(self, c: int) -> bool:
        """Card ``c`` is an Item that stays in play and is used from the table - in use when its
        owner may use it and has the slot free, else carried (core rules, 9. Treasures and
        Items): a permanent Item, or a Fairy Dust card with a Gold value (the Fairy Dust rules
        make those Items and say nothing more, so they follow every Item rule: played, used,
        traded, sold). Not a One-Shot: that is used once (9. Single-Use Items)."""
        return self._kind[c] == "item" or self._dust_item(c)

    # ------------------------------------------------------------------ carrying a One-Shot
    def _why_carry(self, seat: int, a: Action) -> str | None:
        """``carry c``: One-Shot ``c`` goes from the hand onto the table, carried, to be used
        later from there (core rules, 3. Carried Items; 9. Single-Use Items: played from the
        hand or the table; Scooby-Doo rules, One-Shots). When an Item may be played: at setup,
        on the own turn (Charity included) unless fighting in a combat, or at once when just
        received (core rules, 4.; 10. Playing Items, Using Items)."""
        s = self.state
        p = s.players[seat]
        c = a.card
        if c not in p.hand:
            return f"{self._cn(c)} is not in your hand"
        if self._kind[c] != "one_shot":
            return "carry: a One-Shot from your hand (other Items are played onto the table: play c)"
        if self._big[c] and not self.big_ok(seat, c):
            return f"only one Big item in play unless a card allows more (Dwarf) ({R_ITEMS})"
        if s.phase == "setup":
            return None
        if s.phase == "combat" and s.combat.stage == "run" and seat in s.combat.runners:
            return running()
        return self._why_char_time(seat, c, True)

    def _anytime_carry(self, seat: int, a: Action, actor: int) -> str | None:
        """Off turn: a One-Shot just received (core rules, 10. Playing Items: at once when
        received); not during another player's setup."""
        if self.state.phase == "setup":
            return f"it is {self._pn(actor)}'s setup now ({R_CHAR})"
        return self._why_carry(seat, a)

    def _cand_carry(self, seat: int, ok: bool, out: list) -> None:
        """``carry`` per One-Shot in the hand (those :meth:`_why_carry` allows)."""
        s = self.state
        p = s.players[seat]
        # on the own turn out of combat _why_carry's one open test is the Big item's (a One-Shot
        # from the hand, whose moment _why_char_time allows then)
        own = ok and s.combat is None and seat == s.active
        kind = self._kind
        for c in p.hand:
            if kind[c] != "one_shot":
                continue
            if own:
                if not self._big[c] or self.big_ok(seat, c):
                    out.append(self._A(seat, "carry", c))
            else:
                a = self._A(seat, "carry", c)
                if not ok or self._why_carry(seat, a) is None:
                    out.append(a)

    def _do_carry(self, seat: int, a: Action) -> None:
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        p.hand.remove(a.card)
        p.carried.append(a.card)
        if self.history: self._say(f"{p.name} carries {self.name(a.card)} on the table (One-Shot).")

    def can_use(self, seat: int, c: int) -> bool:
        """True when ``seat`` may use item ``c`` (race/class/gender restrictions; Cheat!
        lifts them) - core rules, 9. Treasures and Items.

        A Half-Breed with one Race keeps none of that Race's disadvantages, among them "may
        use Items the Race normally cannot use" (core rules, 10. Mixed Super Munchkin, which
        applies to Half-Breed too): an Item for Humans only is usable (a Half-Elf is half
        Human). A Super Munchkin with one Class likewise ignores "not usable by" that Class
        (``not_usable_by`` read as a disadvantage in :meth:`matches`)."""
        if self._unrestricted[c]:
            return True
        p = self.state.players[seat]
        if p.cheat_item == c:
            return True
        sp = self.specs[c]
        if sp.usable_by:
            for a in sp.usable_by:
                if self.matches(seat, a) or (a == "human" and p.half_breed >= 0 and len(p.races) == 1):
                    break
            else:
                return False
        if sp.not_usable_by:
            for a in sp.not_usable_by:
                if self.matches(seat, a, True):
                    return False
        return True

    def why_not_usable(self, seat: int, c: int) -> str | None:
        """None when ``seat`` may use item ``c`` (:meth:`can_use`), else its restriction in
        words, from the card's ``usable_by`` / ``not_usable_by``: ``"Warrior only"``, ``"Elf
        or Dwarf only"``, ``"not for a Dwarf"`` (core rules, 9. Treasures and Items)."""
        return None if self.can_use(seat, c) else self._restriction(seat, c)

    def _restriction(self, seat: int, c: int) -> str:
        """:meth:`why_not_usable`'s words for an item ``seat`` may not use (not asked again)."""
        sp = self.specs[c]
        if sp.usable_by and not any(self.matches(seat, a) for a in sp.usable_by):
            return " or ".join(_atom_words(a) for a in sp.usable_by) + " only"
        banned = [a for a in sp.not_usable_by or () if self.matches(seat, a, True)]
        return "not for " + " or ".join(_atom_words(a, True) for a in banned) if banned else "restricted"

    def item_bonus(self, seat: int, c: int) -> int:
        """The bonus Item ``c`` gives ``seat`` now: 0 when ``seat`` may not use it, else its
        conditional bonus (the first ``bonus_if`` that matches) or its printed bonus (core rules,
        9. Treasures and Items). A lasting ``item_bonus`` change on the item (a card's
        triggered ability: "this item is +5 for this combat") sets its bonus while it lasts,
        the newest first."""
        led = self.state.ledger.entries
        if led and self._lang:
            v = self.state.ledger.values("item_bonus", ("card", c))
            if v:
                return v[-1] if self.can_use(seat, c) else 0
        b = self._plain_bonus[c]
        if b is not None:  # no restriction, no condition
            return b
        sp = self.specs[c]
        if not self.can_use(seat, c):
            return 0
        for cond in self._fx[c].get("bonus_if", ()):
            a = cond["if"]
            if self._vs_monster_tag(a) if a.lstrip("!").startswith("tag:") else self.matches(seat, a):
                return cond["bonus"]
        if c in self._live_ibonus:
            b = self._lang_item_bonus(c)
            if b is not None:
                return b
        return sp.bonus or 0

    def _vs_monster_tag(self, atom: str) -> bool:
        """An Item's ``bonus_if`` with a ``tag:`` atom ("+3 against Undead"): does a monster
        of the current combat have that tag now (printed or granted: :meth:`monster_tags`)?
        False out of a combat (``!tag:X`` then True). The rulebook does not say how a bonus
        against a kind of monster counts when only one of several monsters is of that kind;
        the reading here, most players', is that it counts (its owner fights one)."""
        neg, _typ, arg = _parse_atom(atom)
        c = self.state.combat
        r = c is not None and any(arg == t.lower() for m in c.monsters for t in self.monster_tags(m))
        return r != neg

    def why_slot(self, seat: int, c: int) -> str | None:
        """None when ``seat`` has a free slot to use Item ``c``, else the rule: one headgear,
        one armor, one footgear, two hands (core rules, 9. Treasures and Items). The Cheat!
        item and a Hireling's item take no slot. Restrictions by race/class are
        :meth:`can_use`'s."""
        p = self.state.players[seat]
        if p.cheat_item == c or p.hireling_item == c:
            return None
        slots = self._slots
        slot = slots[c] or "none"
        if slot in SLOT_LIMIT:
            ci, hi = p.cheat_item, p.hireling_item
            for e in p.equipped:
                if slots[e] == slot and e != ci and e != hi:
                    return f"you already use a {slot} item ({R_ITEMS})"
        elif slot == "one_hand" or slot == "two_hands":
            ci, hi = p.cheat_item, p.hireling_item
            hands = 1 if slot == "one_hand" else 2
            for e in p.equipped:
                se = slots[e]
                if (se == "one_hand" or se == "two_hands") and e != ci and e != hi:
                    hands += 1 if se == "one_hand" else 2
            if hands > 2:
                return f"you have only two hands ({R_ITEMS})"
        return None

    def big_ok(self, seat: int, c: int, but: int = -1) -> bool:
        """May ``seat`` have Big item ``c`` in play: a Dwarf always, anyone else when no other
        Big item is in play (the Cheat! item, a Hireling's item and Big items a rules module
        exempts - a Scooby-Doo Vehicle - not counted; nor ``but``, the Item ``seat`` trades
        away for it at the same moment) (core rules, 9. Treasures and Items: Big items; 9.
        Trading; Dwarf race card)."""
        if self._big_free(seat):
            return True
        if self._h_bigx and self._big_exempt(seat, c):
            return True
        p = self.state.players[seat]
        big = self._big
        for e in p.equipped + p.carried:
            if big[e] and e != c and e != but and e != p.cheat_item and e != p.hireling_item and \
                    not (self._h_bigx and self._big_exempt(seat, e)):
                return False
        return True

    def _big_free(self, seat: int) -> bool:
        """``seat`` may have any number of Big items: a Race or Class card says so (the Dwarf's
        ``big_items``), or a card-effect language ability (core rules, 9. Items: one Big item
        in play unless some card lifts that limit)."""
        return self._holds(seat, "big_items") or (self._lang and self._static_has(("player", seat), "big_items"))

    def _big_exempt(self, seat: int, c: int) -> bool:
        for m in self._h_bigx:
            if m.big_exempt(self, seat, c):
                return True
        return False

    def _limited_with(self, seat: int, c: int) -> list[int]:
        """The cards of ``seat``'s play that share with Item ``c`` a one-per-player limit a
        rules module sets (``RulesModule.limited_with``: a Scooby-Doo Vehicle); [] if none."""
        for m in self._h_limw:
            w = m.limited_with(self, seat, c)
            if w:
                return w
        return []

    def _big_in_play(self, seat: int) -> list[int]:
        """The Big items of ``seat`` that count against the one-Big-item limit (in play; not
        the Cheat! item, a Hireling's item, nor one a module exempts)."""
        p = self.state.players[seat]
        big = self._big
        out = []
        for e in p.equipped + p.carried:
            if big[e] and e != p.cheat_item and e != p.hireling_item and \
                    not (self._h_bigx and self._big_exempt(seat, e)):
                out.append(e)
        return out

    def _why_equip(self, seat: int, a: Action) -> str | None:
        """Swapping the Items in use: not by a player fighting (or helping) in a combat (core
        rules, 7. Combat); ``unequip`` an Item in use; ``equip`` a carried Item the player may
        use, with a free slot (:meth:`_rule_equip`)."""
        s = self.state
        p = s.players[seat]
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no item changes during combat ({R_COMBAT})"
        if a.kind == "unequip":
            return None if a.card in p.equipped else f"{self._cn(a.card)} is not in use"
        if a.card not in p.carried:
            return f"{self._cn(a.card)} is not a carried item"
        return self._rule_equip(seat, a.card)

    def _rule_equip(self, seat: int, c: int) -> str | None:
        """May ``seat`` start using carried card ``c``: an Item it may use (:meth:`can_use`)
        with a free slot (:meth:`why_slot`) - core rules, 9. Treasures and Items."""
        if not self._lasting_item(c):
            return f"{self.name(c)} is not an Item used from the table (a One-Shot is used once) ({R_ITEMS})"
        if not self.can_use(seat, c):
            return f"{self.name(c)} is restricted: {self._restriction(seat, c)} ({R_ITEMS})"
        return self.why_slot(seat, c)

    def why_equip(self, seat: int, c: int) -> str | None:
        """None when ``seat`` may start using carried card ``c`` now, else the rule: an Item it
        may use, with a free slot, while not fighting in a combat (core rules, 9. Treasures and
        Items; 7. Combat) - the check of the ``equip`` action for a carried card."""
        cb = self.state.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no item changes during combat ({R_COMBAT})"
        return self._rule_equip(seat, c)

    def _why_equip_kind(self, seat: int, a: Action) -> str | None:
        """The check of ``equip``/``unequip`` for the acting player (setup and own turn: any
        time out of a fight, the own Charity included; core rules, 4. and 9.; 6. When You May
        Act)."""
        s = self.state
        if s.phase == "combat" and s.combat.stage == "run":
            return running()
        return self._why_equip(seat, a)

    def _anytime_equip(self, seat: int, a: Action, actor: int) -> str | None:
        """Any player swaps the Items in use when not in a combat; not during another
        player's setup (core rules, 6. When You May Act)."""
        if self.state.phase == "setup":
            return f"it is {self._pn(actor)}'s setup now ({R_CHAR})"
        return self._why_equip(seat, a)

    def _cand_equips(self, seat: int, ok: bool, out: list) -> None:
        """``equip`` per carried Item (those :meth:`_rule_equip` allows), then ``unequip`` per
        Item in use; none for a player fighting in a combat."""
        s = self.state
        p = s.players[seat]
        cb = s.combat
        if ok and cb is not None and (seat == cb.fighter or seat == cb.helper):
            return
        if p.carried:
            E = self._kc[seat]["equip"]
            can, why_slot = self.can_use, self.why_slot
            for c in p.carried:
                # (_rule_equip as a yes/no: its refusal text, a restriction in words, is never read here)
                if self._lasting_item(c) and (not ok or (can(seat, c) and why_slot(seat, c) is None)):
                    a = E.get(c)
                    if a is None:
                        a = E[c] = self._A(seat, "equip", c)
                    out.append(a)
        if p.equipped:
            U = self._kc[seat]["unequip"]
            for c in p.equipped:
                a = U.get(c)
                if a is None:
                    a = U[c] = self._A(seat, "unequip", c)
                out.append(a)

    def _do_equip(self, seat: int, a: Action) -> None:
        """A carried Item put in use (core rules, 9. Items); the log says so in the words of an
        Item played straight into use ("Ann puts Boots of Butt-Kicking in use.")."""
        self._sba_seats.add(seat)
        p = self.state.players[seat]
        p.carried.remove(a.card)
        p.equipped.append(a.card)
        self._play_moved()
        if self.history: self._say(f"{p.name} puts {self.name(a.card)} in use.")

    def _do_unequip(self, seat: int, a: Action) -> None:
        """An Item in use carried instead (core rules, 9. Items); the log says so ("Ann
        carries Boots of Butt-Kicking instead of using it."), as the state-based check does."""
        p = self.state.players[seat]
        p.equipped.remove(a.card)
        p.carried.append(a.card)
        self._play_moved()
        if self.history: self._say(f"{p.name} carries {self.name(a.card)} instead of using it.")

    def _equip_candidates(self, seat: int, out: list) -> None:
        p = self.state.players[seat]
        for c in p.carried:
            if self._lasting_item(c):
                out.append(self._A(seat, "equip", c))
        for c in p.equipped:
            out.append(self._A(seat, "unequip", c))

    def level_price(self, seat: int) -> int:
        """Gold (credits) a sale by ``seat`` needs per Level: 1,000 (core rules, 9. Selling
        Items), unless a rules module sets another price (``RulesModule.level_price``: the
        Star Munchkin Adventures house rule's 900 for a Bug). Public: a bot planning a sale
        asks it."""
        price = 1000
        for m in self._h_price:
            price = m.level_price(self, seat, price)
        return price

    def _why_sell(self, seat: int, a: Action) -> str | None:
        """Why the sale ``a`` is refused (the moment is checked by the caller): the cards are
        distinct Items of the seller, in the hand or in play, with a Gold value - an Item, a
        One-Shot (core rules, 9. Single-Use Items), Fairy Dust with a value (Munchkin Fairy
        Dust rules, Getting Fairy Dust Cards: those are Items) -; at most one at a Halfling's
        double price; a Level per :meth:`level_price` Gold, no change; never the winning
        Level (core rules, 9. Selling Items). The one sale rule of the engine: every rules
        module's sale (Fairy Dust Items, a Bug's price) goes through it."""
        s = self.state
        p = s.players[seat]
        price = self.level_price(seat)
        if not a.cards:
            worth = self._sale_worth(seat)
            if worth < price:  # nothing to pick: say why no sale can buy a Level
                return (f"sell: your items are worth {worth:,} Gold in all, less than the {price:,} a Level "
                        f"costs ({R_ITEMS}: Selling Items)")
            return "sell: list the cards to sell (each once)"
        if len(set(a.cards)) != len(a.cards):
            return "sell: list the cards to sell (each once)"
        total = 0
        for c in a.cards:
            if c < 0 or c >= len(self.specs) or (c not in p.hand and c not in p.equipped and c not in p.carried):
                return f"sell: {self._cn(c)} is not in your hand or in play"
            if self._kind[c] == "fairy_dust" and self.specs[c].gold is None:
                return (f"sell: {self.name(c)} has no Gold value: Fairy Dust without a value is not an Item "
                        f"(Munchkin Fairy Dust rules: Getting Fairy Dust Cards)")
            if not self._is_item(c) or self.specs[c].gold is None:
                return f"sell: {self.name(c)} is not an item with a Gold value ({R_ITEMS}: Selling Items)"
            total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
        if a.n not in (0, -1):
            r = self._why_double_sale(seat, a)
            if r is not None:
                return r
        levels = total // price
        if levels < 1:
            return f"sell: {total} Gold buys no Level ({price:,} per Level, no change) ({R_ITEMS}: Selling Items)"
        if p.level + levels >= 10:
            return f"the winning Level cannot be bought ({R_ITEMS}: Selling Items; {R_SIDEBAR})"
        return None

    def _why_double_sale(self, seat: int, a: Action) -> str | None:
        """A sale with a double-price card ``a.n`` (the Halfling's ``double_sale``): once per
        turn, the card among those sold (Halfling race card)."""
        r = self._why_no_power(seat, "double_sale")
        if r is not None:
            return r
        if self.state.players[seat].sold_double:
            return "a double-price sale is made once per turn (Halfling race card)"
        if a.n not in a.cards:
            return "sell: the double-price card must be among the sold cards"
        return None

    def _why_sell_kind(self, seat: int, a: Action) -> str | None:
        """Selling: on the own turn out of combat (core rules, 9. Selling Items)."""
        return self._trade_phase_refusal() or self._why_sell(seat, a)

    def _trade_phase_refusal(self) -> str | None:
        """Why no selling or stealing now: the set-up, or a combat (running away, or no item
        changes while it lasts: core rules, 7. Combat); ``None`` in the other phases, the own
        Charity included: it is still the own turn, out of combat (core rules, 6. phase 4; 9.
        Selling Items: at any time of your turn but a combat)."""
        s = self.state
        ph = s.phase
        if ph == "setup":
            return setup_only()
        if ph == "combat":
            return running() if s.combat.stage == "run" else self._no_trade_in_combat()
        return None

    def _no_trade_in_combat(self) -> str:
        return f"no trading, selling, stealing or item changes during combat ({R_COMBAT})"

    def _cand_sale(self, seat: int, ok: bool, out: list) -> None:
        """One greedy sale (the dearest first, until a Level is bought), when it is legal."""
        sale = self._greedy_sale(seat)
        if sale:
            a = self._A(seat, "sell", cards=sale[0], n=sale[1])
            if not ok or self._why_sell(seat, a) is None:
                out.append(a)

    def _do_sell(self, seat: int, a: Action) -> None:
        p = self.state.players[seat]
        total = 0
        for c in a.cards:
            total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
            self._lose_card(seat, c)
        if a.n not in (0, -1):
            p.sold_double = True
        self._sba_seats.add(seat)  # a Level changes (condition atoms)
        lv = total // self.level_price(seat)
        p.level += lv
        self._lv_due = True  # (the winner test after the action: Pending._winner_test)
        if self.history: self._say(f"{p.name} sells {plural(len(a.cards), 'card')} for {total} Gold: +{plural(lv, 'Level')} -> {p.level}.")

    def _sale_worth(self, seat: int) -> int:
        """The most Gold a sale by ``seat`` could fetch now: every item and One-Shot in the hand
        or in play at its value, the dearest counted twice when a Halfling may still sell one at
        double price this turn (core rules, 9. Selling Items; Halfling race card). Exact below
        1,000 Gold (what decides whether any sale buys a Level); from 1,000 up the double price
        is not added (no need). Fairy Dust with a value counts (an Item)."""
        p = self.state.players[seat]
        gg = self._sale_gold.__getitem__
        cards = p.hand + p.carried + p.equipped
        tot = sum(map(gg, cards))
        if 0 < tot < 1000 and not p.sold_double and (p.races or p.classes) and self._holds(seat, "double_sale"):
            tot += max(map(gg, cards))
        return tot

    def _greedy_sale(self, seat: int) -> tuple | None:
        price = self.level_price(seat) if self._h_price else 1000
        p = self.state.players[seat]
        gold = self._sale_gold
        gg = gold.__getitem__
        cards = p.hand + p.carried + p.equipped
        tot = sum(map(gg, cards))
        # (most often the lot is worth less than half a Level: less than a Level even with
        # one card at double price, so the exact worth need not be asked; from a Level up
        # the exact worth, never below the lot's, need not be asked either)
        if tot < price and (2 * tot < price or self._sale_worth(seat) < price):
            return None  # even the whole lot buys no Level
        items = [c for c in cards if gold[c] > 0]
        items.sort(key=gg, reverse=True)  # dearest first; stable, as the old key -gold
        dbl = -1
        if not p.sold_double and self._holds(seat, "double_sale"):
            dbl = items[0]
        total = 0
        chosen = []
        for c in items:
            chosen.append(c)
            total += gold[c] * (2 if c == dbl else 1)
            if total >= price:
                break
        if total < price:
            return None
        return tuple(chosen), dbl

    def _why_give(self, seat: int, a: Action, back: int = -1) -> str | None:
        """Trading/giving an Item in play (core rules, 9. Trading): neither player in a combat,
        the receiver alive (7. Death: the dead receive no cards), the receiver's one Big item
        (``back``: the Item the receiver hands over in the same trade, :meth:`_why_trade`)."""
        s = self.state
        n = len(s.players)
        p = s.players[seat]
        if a.card not in p.in_play() or not self._is_item(a.card):
            return f"only Items in play can be traded or given ({R_ITEMS}: Trading)"
        if not (0 <= a.target < n) or a.target == seat:
            return "give: t must be another player"
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no trading during combat ({R_COMBAT}; {R_ITEMS}: Trading)"
        if cb is not None and (a.target == cb.fighter or a.target == cb.helper):
            return f"{s.players[a.target].name} is in a combat: no trading with them ({R_ITEMS}: Trading)"
        if not s.players[a.target].alive:
            return f"dead characters receive no cards ({R_DEATH})"
        if self.specs[a.card].big and not self.big_ok(a.target, a.card, back):
            return f"{s.players[a.target].name} already has a Big item ({R_ITEMS})"
        return None

    def _why_trade(self, seat: int, a: Action) -> str | None:
        """A trade: Item ``c`` of the player for Item ``m`` of player ``t`` (core rules, 9.
        Trading: Items are exchanged; Scooby-Doo rules, Treasures: Trading, apart from giving
        an Item away). An exchange is one action: both Items move at the same moment, so each
        side's limits are those after it (a Big item for a Big item; a rules module's limit
        the same way, a Scooby-Doo Vehicle for a Vehicle: ``RulesModule.check_action``). Each
        Item follows the rules of giving (:meth:`_why_give`: in play, no combat, the partner
        alive); the partner agrees first (a pending ``trade``, :meth:`_answer_trade`).
        Any time, like a gift (the rulebooks name no moment but a combat's)."""
        s = self.state
        if not (0 <= a.target < len(s.players)) or a.target == seat:
            return "trade: t must be another player"
        tp = s.players[a.target]
        if not (0 <= a.m < len(self.specs)) or a.m not in tp.in_play() or not self._is_item(a.m):
            return f"trade: m must be an Item in play of {tp.name} ({R_ITEMS}: Trading)"
        r = self._why_give(seat, a, a.m)
        if r is None and self.specs[a.m].big and not self.big_ok(seat, a.m, a.card):
            return f"{s.players[seat].name} already has a Big item ({R_ITEMS})"
        return r

    def _anytime_trade(self, seat: int, a: Action, actor: int) -> str | None:
        return self._why_trade(seat, a)

    def _do_trade(self, seat: int, a: Action) -> None:
        """The partner is asked (a pending ``trade``): their Item moves only if they agree."""
        self.state.pending.insert(0, {"kind": "trade", "player": a.target, "from": seat, "card": a.card, "for": a.m})
        if self.history: self._say(f"{self._pn(seat)} offers {self.name(a.card)} to {self._pn(a.target)} "
                                   f"for {self.name(a.m)}.")

    def _answer_trade(self, d: dict, a: Action) -> None:
        """``accept``: both Items leave their owners, then each comes into the other's play
        (core rules, 9. Trading: a received Item stays in play); the state-based checks look
        at the result (``checks.py``). ``refuse``: nothing moves. Nothing else happened since
        the offer (a pending decision is answered first)."""
        seat, t, c, m = d["from"], d["player"], d["card"], d["for"]
        if a.kind != "accept":
            if self.history: self._say(f"{self._pn(t)} does not trade {self.name(m)} for {self.name(c)}.")
            return
        self._remove_from_play(seat, c)
        self._remove_from_play(t, m)
        self._put_in_play(t, c)
        self._put_in_play(seat, m)
        self._sba_seats.add(seat)
        if self.history: self._say(f"{self._pn(seat)} and {self._pn(t)} trade: {self.name(c)} for {self.name(m)}.")

    def _why_give_kind(self, seat: int, a: Action) -> str | None:
        """Giving (trading) by the acting player (:meth:`_why_give`): any time out of a combat,
        the own Charity included (core rules, 9. Trading)."""
        return self._why_give(seat, a)

    def _anytime_give(self, seat: int, a: Action, actor: int) -> str | None:
        return self._why_give(seat, a)

    def _do_give(self, seat: int, a: Action) -> None:
        """The Item changes hands at once (core rules, 9. Trading: an Item may be given to
        another player), unless a rules module gives it only to a player who wants it
        (``RulesModule.gift_needs_consent``: Scooby-Doo rules, Treasures: Items): then the
        receiver answers a pending ``gift`` decision first (:meth:`_answer_gift`)."""
        if self._gift_ask:
            self.state.pending.insert(0, {"kind": "gift", "player": a.target, "from": seat, "card": a.card})
            if self.history: self._say(f"{self._pn(seat)} offers {self.name(a.card)} to {self._pn(a.target)}.")
            return
        self._hand_over(seat, a.target, a.card)

    def _hand_over(self, seat: int, t: int, c: int) -> None:
        self._remove_from_play(seat, c)
        self._put_in_play(t, c)
        if self.history: self._say(f"{self.state.players[seat].name} gives {self.name(c)} to {self._pn(t)}.")

    def _pw_gift(self, seat: int, a: Action, d: dict) -> str | None:
        """The receiver of an Item given away (``gift``) or offered in a trade (``trade``)
        says whether they want it."""
        if a.kind in ("accept", "refuse"):
            return None
        if d["kind"] == "trade":
            return (f"{self._pn(d['from'])} offers {self.name(d['card'])} for {self.name(d['for'])}: "
                    f"accept or refuse the trade first ({R_ITEMS}: Trading)")
        return f"{self._pn(d['from'])} offers {self.name(d['card'])}: accept or refuse it first ({R_SD_ITEMS})"

    def _answer_gift(self, d: dict, a: Action) -> None:
        """``accept``: the Item moves as in any gift (it stays in play: core rules, 9.
        Trading); ``refuse``: it stays with the giver. Nothing else happened since the
        ``give`` (a pending decision is answered first), so it is still the giver's to give."""
        if a.kind == "accept":
            self._hand_over(d["from"], d["player"], d["card"])
        elif self.history:
            self._say(f"{self._pn(d['player'])} does not want {self.name(d['card'])}.")

    def _put_in_play(self, t: int, c: int) -> None:
        """Item ``c`` received by player ``t`` stays in play (core rules, 9. Trading): in use
        when ``t`` may use it and has the slot free, else carried (a One-Shot is carried)."""
        tp = self.state.players[t]
        self._sba_seats.add(t)
        (tp.equipped if self._lasting_item(c) and self.can_use(t, c) and self.why_slot(t, c) is None
         else tp.carried).append(c)
        self._play_moved()
        if "enters_play" in self._lt:  # received into play: it comes into play for its new owner
            self._lang_fire_card("enters_play", c, t, t)

    # ------------------------------------------------------------------ theft (Thief)
    def _why_thief(self, seat: int) -> str | None:
        """Only a player whose Race or Class steals (the Thief's ``steal``; Thief class card)."""
        return self._why_no_power(seat, "steal")

    def _why_steal(self, seat: int, a: Action) -> str | None:
        """A Thief discards a card to try to steal a small item in play of another player
        (Thief class card); when: :meth:`_steal_time`."""
        s = self.state
        p = s.players[seat]
        r = self._why_thief(seat)
        if r is not None:
            return r
        r = self._why_ability_discard(seat, a.card, "steal", "steal: discard a card of yours")
        if r is not None:
            return r
        if not (0 <= a.target < len(s.players)) or a.target == seat or a.m not in s.players[a.target].in_play():
            return "steal: m must be an item in play of player t"
        if self._big[a.m]:
            return "a Thief steals only a small item (Thief class card)"
        if a.card == a.m:
            return "steal: discard a different card"
        return None

    def _why_steal_kind(self, seat: int, a: Action) -> str | None:
        """The Thief acting now (own turn, or in another player's interference window)."""
        return self._steal_time(seat, a) or self._why_steal(seat, a)

    def _anytime_steal(self, seat: int, a: Action, actor: int) -> str | None:
        """A Thief steals at any time, on any turn (Thief class card: no moment is named), but
        neither the Thief nor the victim may be in a combat (core rules, 8. Class: a Thief
        cannot steal from a player in combat; official ruling: "as long as the Thief or his
        target is not in combat")."""
        if self.state.phase == "setup":
            return f"it is {self._pn(actor)}'s setup now ({R_CHAR})"
        return self._steal_time(seat, a) or self._why_steal(seat, a)

    def _steal_time(self, seat: int, a: Action) -> str | None:
        """Why no theft now: the set-up or the own Charity (the acting player), or a combat
        the Thief or the victim takes part in (running away: the runner rolls)."""
        s = self.state
        ph = s.phase
        if ph == "combat":
            cb = s.combat
            if seat == cb.fighter or seat == cb.helper:
                return running() if cb.stage == "run" else self._no_trade_in_combat()
            if a.target == cb.fighter or a.target == cb.helper:
                return f"a Thief cannot steal from a player in a combat ({R_STATS}: Class)"
            return None
        if ph == "setup" and seat == s.setup_seat:
            return setup_only()
        return None

    def _cand_steal(self, seat: int, ok: bool, out: list) -> None:
        """A Thief's thefts: the first hand card against each item in play of the others."""
        s = self.state
        p = s.players[seat]
        # (_why_thief is None exactly when the seat holds the power: asked as a bool)
        if not p.hand or not (p.classes or p.races) or (ok and not self._holds(seat, "steal")):
            return
        A = self._A
        big = self._big
        c = p.hand[0]
        for t in range(len(s.players)):
            if t != seat:
                for it in s.players[t].in_play():
                    # (_why_steal's other tests hold here: the Thief's power was asked; a hand card
                    # is one of the Thief's discards and not the Thief card; it is t's, in play)
                    if not ok or not big[it]:
                        out.append(A(seat, "steal", c, t, m=it))

    def _do_steal(self, seat: int, a: Action) -> None:
        """The Thief discards the card, then rolls (:meth:`_steal_roll`); the cards that react
        to a die roll answer after the roll, before its result is used (Loaded Die:
        abilities.py, ``_lang_die_window``)."""
        self._sba_seats.add(seat)
        self._lose_card(seat, a.card)
        if self._lang and self._lang_die_window(seat, ("steal", seat, a.target, a.m)):
            return
        self._steal_roll(seat, a.target, a.m)

    def _steal_roll(self, seat: int, target: int, item: int) -> None:
        """Roll 4 or more: the item is the Thief's (carried); else the Thief loses a Level
        (Thief class card), none at Level 1 (core rules, Card Text and These Rules, 1: the
        log says so)."""
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        r = self._roll_mod(seat, self._roll())
        if r >= 4:
            if item not in self.state.players[target].in_play():
                if self.history: self._say(f"{p.name} rolls {r}, but {self.name(item)} is gone.")
                return
            self._remove_from_play(target, item)
            p.carried.append(item)
            if self.history: self._say(f"{p.name} steals {self.name(item)} from {self._pn(target)} (roll {r}).")
        else:
            before = p.level
            self._change_level(seat, -1)
            if self.history:
                lost = (f"loses 1 Level (now Level {p.level})" if p.level < before else
                        self._no_level_lost(seat))
                self._say(f"{p.name} fails to steal (roll {r}) and {lost}.")
