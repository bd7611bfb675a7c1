"""Items: who may use them, slots and Big items, bonuses, equip/unequip, selling and trading.
"""
from __future__ import annotations

from .actions import Action
from .refs import R_COMBAT, R_DEATH, R_ITEMS, R_SIDEBAR
from .tables import SLOT_LIMIT


class Items:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: items: who may use them, slots and Big
    items, bonuses, equip/unequip, selling and trading."""

    def can_use(self, seat: int, c: int) -> bool:
        """True when ``seat`` may use item ``c`` (race/class/gender restrictions; Cheat!
        lifts them) - core rules, 9. Treasures and Items."""
        if self._unrestricted[c]:
            return True
        p = self.state.players[seat]
        if p.cheat_item == c:
            return True
        sp = self.specs[c]
        if sp.usable_by:
            for a in sp.usable_by:
                if self.matches(seat, a):
                    break
            else:
                return False
        if sp.not_usable_by:
            for a in sp.not_usable_by:
                if self.matches(seat, a, True):
                    return False
        return True

    def item_bonus(self, seat: int, c: int) -> int:
        """The bonus Item ``c`` gives ``seat`` now: 0 when ``seat`` may not use it, else its
        conditional bonus (the first ``bonus_if`` that matches) or its printed bonus (core rules,
        9. Treasures and Items)."""
        b = self._plain_bonus[c]
        if b is not None:  # no restriction, no condition
            return b
        sp = self.specs[c]
        if not self.can_use(seat, c):
            return 0
        for cond in sp.effects.get("bonus_if", ()):
            if self.matches(seat, cond["if"]):
                return cond["bonus"]
        return sp.bonus or 0

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

    def big_ok(self, seat: int, c: int) -> bool:
        """May ``seat`` have Big item ``c`` in play: a Dwarf always, anyone else when no other
        Big item is in play (the Cheat! item and a Hireling's item not counted) (core rules,
        9. Treasures and Items: Big items; Dwarf race card)."""
        if self.has_race(seat, "dwarf"):
            return True
        p = self.state.players[seat]
        return not any(self.specs[e].big for e in p.in_play()
                       if e != c and e != p.cheat_item and e != p.hireling_item)

    def _why_equip(self, seat: int, a: Action) -> str | None:
        s = self.state
        p = s.players[seat]
        cb = s.combat
        if cb is not None and (seat == cb.fighter or seat == cb.helper):
            return f"no item changes during combat ({R_COMBAT})"
        if a.kind == "unequip":
            return None if a.card in p.equipped else f"{self._cn(a.card)} is not in use"
        if a.card not in p.carried:
            return f"{self._cn(a.card)} is not a carried item"
        if self._kind[a.card] != "item":
            return "only Items are used"
        if not self.can_use(seat, a.card):
            return f"{self.name(a.card)} is restricted by race, class or gender ({R_ITEMS})"
        return self.why_slot(seat, a.card)

    def _equip_candidates(self, seat: int, out: list) -> None:
        p = self.state.players[seat]
        for c in p.carried:
            if self._kind[c] == "item":
                out.append(self._A(seat, "equip", c))
        for c in p.equipped:
            out.append(self._A(seat, "unequip", c))

    def _why_sell(self, seat: int, a: Action) -> str | None:
        s = self.state
        p = s.players[seat]
        if not a.cards or len(set(a.cards)) != len(a.cards):
            return "sell: list the cards to sell (each once)"
        total = 0
        for c in a.cards:
            if c < 0 or c >= len(self.specs) or (c not in p.hand and c not in p.equipped and c not in p.carried):
                return f"sell: {self._cn(c)} is not in your hand or in play"
            if self._kind[c] not in ("item", "one_shot") or self.specs[c].gold is None:
                return f"sell: {self.name(c)} is not an item with a Gold value ({R_ITEMS}: Selling Items)"
            total += (self.specs[c].gold or 0) * (2 if c == a.n and a.n != 0 else 1)
        if a.n not in (0, -1):
            if not self.has_race(seat, "halfling"):
                return "only a Halfling sells an item at double price (Halfling race card)"
            if p.sold_double:
                return "a Halfling sells at double price once per turn (Halfling race card)"
            if a.n not in a.cards:
                return "sell: the double-price card must be among the sold cards"
        levels = total // 1000
        if levels < 1:
            return f"sell: {total} Gold buys no Level (1,000 per Level, no change) ({R_ITEMS}: Selling Items)"
        if p.level + levels >= 10:
            return f"the winning Level cannot be bought ({R_ITEMS}: Selling Items; {R_SIDEBAR})"
        return None

    def _greedy_sale(self, seat: int) -> tuple | None:
        p = self.state.players[seat]
        gold = self._sale_gold
        # even the whole lot (the dearest counted twice, for a Halfling) buys no Level
        gg = gold.__getitem__
        tot = sum(map(gg, p.hand)) + sum(map(gg, p.carried)) + sum(map(gg, p.equipped))
        if tot < 1000:
            # only a Halfling's double price (once per turn) can make up the difference
            if tot < 500 or p.sold_double or not p.races or not self.has_race(seat, "halfling"):
                return None
            top = max(map(gg, p.hand + p.carried + p.equipped))
            if tot + top < 1000:
                return None
        items = [c for c in p.hand + p.carried + p.equipped if gold[c] > 0]
        items.sort(key=gg, reverse=True)  # dearest first; stable, as the old key -gold
        dbl = -1
        if self.has_race(seat, "halfling") and not p.sold_double:
            dbl = items[0]
        total = 0
        chosen = []
        for c in items:
            chosen.append(c)
            total += gold[c] * (2 if c == dbl else 1)
            if total >= 1000:
                break
        if total < 1000:
            return None
        return tuple(chosen), dbl

    def _why_give(self, seat: int, a: Action) -> str | None:
        """Trading/giving an Item in play (core rules, 9. Trading): neither player in a combat,
        the receiver alive (7. Death: the dead receive no cards)."""
        s = self.state
        n = len(s.players)
        p = s.players[seat]
        if a.card not in p.in_play() or self._kind[a.card] != "item":
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
        if self.specs[a.card].big and not self.big_ok(a.target, a.card):
            return f"{s.players[a.target].name} already has a Big item ({R_ITEMS})"
        return None
