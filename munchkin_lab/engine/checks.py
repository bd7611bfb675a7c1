"""State-based checks (the way Magic engines run comprehensive rule 704): after every action,
whatever caused the change, the position is looked at and fixed. No card or rule has to
remember to check.

For each living player, in seat order:

1. A Half-Breed with no Race under it, a Super Munchkin with no Class under it, goes to the
   discards (core rules, 10. Mixed Super Munchkin: they need a Race / Class to attach to).
2. An Item in use whose race, class or gender restriction no longer holds is turned sideways:
   carried, no bonus (core rules, 10. Using Items; 9. Treasures and Items). The Cheat! item
   is exempt (Cheat! lifts the restrictions).
3. More Items in use than the slots allow (one headgear, one armor, one footgear, two
   hands; the Cheat! item and a Hireling's item take no slot): the player chooses which one
   is carried instead (a ``choose`` decision, ``why: sideways``).
4. More than one Big item in play without a Dwarf or another card allowing it: the player
   chooses which one goes, until one is left (``choose``, ``why: big``; core rules, 9. Big
   items; Dwarf race card). The core rules are silent on how the excess goes; the
   publisher's rule (Scooby-Doo rules, Big Items: lose what lets you have more and you fix
   it at once or keep one) is followed: on the own turn out of combat the player may sell
   excess Big items instead (a ``sell`` answer that includes one of them); otherwise the
   chosen item goes to the lowest-Level living player who can carry it (no counted Big
   item in play, or a Dwarf; several tied: the first from the owner's left, a reading), and
   is discarded when nobody can.
4b. More than one Item of a kind a rules module limits to one per player (Scooby-Doo rules,
   Treasures: Vehicles - no player has more than one unless a card such as Cheat! allows
   it), whatever route brought the second one (a card's op, Bad Stuff where others take
   items, a bribe, a Cheat! lost...): ``choose``, ``why: limit``, handled exactly as the Big
   items of check 4 (sell on the own turn out of combat, else to the lowest-Level living
   player who may have it, else discarded). The Scooby-Doo rules say nothing of how an
   extra Vehicle goes; they put Vehicles next to Big items (a Vehicle counts as an Item for
   what acts on Items), so the Big items' way is followed (our reading).

5. A helper who died (e.g. caught while running away) leaves the combat, and the bribe is
   off (core rules, 7. Death: the dead do not act; a helper dying in the fight leaves at once,
   ``Character._kill``); so does a helper once a monster nobody may help against comes in (a
   Wandering Gazebo: its ability applies to the whole combat, 7. Multiple Monsters).
6. A helper who could not refuse (Kneepads of Allure, a Fairy's charm) leaves the fight
   without penalty once it becomes one for the win (official FAQ: put out at once, unless the
   kill would make them win too), or, with the Scooby-Doo rules, is asked whether to back out
   (Scooby-Doo rules, Asking for Help; ``Helping._backout_check``).

A Curse that ends with an item (Chicken On Your Head) ends on the one path of cards leaving
play (``Zones._leave_play``).
"""
from __future__ import annotations

from .tables import SLOT_LIMIT


def _two_left(p) -> tuple:
    """Player ``p``'s two Races (Classes) left without a Half-Breed (Super Munchkin) to hold
    them, one of which must go (core rules, 8.: one Race, one Class without those cards);
    ``()`` when there are none."""
    if len(p.races) > 1 and p.half_breed < 0:
        return tuple(p.races)
    if len(p.classes) > 1 and p.super_munchkin < 0:
        return tuple(p.classes)
    return ()


class StateChecks:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the state-based checks (see the module
    docstring) and their two choices."""

    #: seat -> (what can_use reads of the player, the restricted Items it allowed them): set
    #: per game object in ``Game.__init__``; content-keyed, so undo and copies need no reset
    _use_memo: dict = {}
    #: seats to look at in the next run (see _state_checks); every seat when _sba_all (rules
    #: modules) or _sba_full (set-up, load)
    _sba_seats: set = set()
    _sba_all = True
    _sba_full = True

    def _state_checks(self) -> None:
        """Run the state-based checks once. With the core rules alone only the players whose
        play or character changed since the last run are looked at (``_sba_seats``, marked
        where a card enters or leaves play, a Race/Class/gender/Level changes, an effect op
        hits); with rules modules (which may change zones directly), after a scenario set-up
        or a load, every player."""
        s = self.state
        marked = self._sba_seats
        if s.phase == "over":
            marked.clear()
            return
        c = s.combat
        if c is not None and c.helper >= 0:
            self._helper_checks(c)
        players = s.players
        if self._sba_full:
            # every seat: after a set-up or a load, and always with rules modules (_sba_all)
            self._sba_full = self._sba_all
            marked.clear()
            seats = range(len(players))
        elif marked:
            seats = sorted(marked) if len(marked) > 1 else tuple(marked)
            marked.clear()
        else:
            return
        unres = self._unrestricted
        big = self._big
        bits = self._slot_bits
        memo = self._use_memo
        for seat in seats:
            p = players[seat]
            if p.half_breed >= 0 and not p.races:
                hb = p.half_breed
                self._leave_play(seat, hb)
                self._discard(hb)
                if self.history: self._say(f"{p.name} has no Race left: {self.name(hb)} is discarded.")
            if p.super_munchkin >= 0 and not p.classes:
                sm = p.super_munchkin
                self._leave_play(seat, sm)
                self._discard(sm)
                if self.history: self._say(f"{p.name} has no Class left: {self.name(sm)} is discarded.")
            # (_two_left needs two Races or two Classes: most players have neither, no call then)
            if (len(p.races) > 1 or len(p.classes) > 1) and _two_left(p) and not self._choice_open(seat, "unmix"):
                # a Half-Breed / Super Munchkin discarded with two Races / Classes: one stays
                s.pending.append({"kind": "choose", "why": "unmix", "player": seat, "options": (), "count": 1})
            eq = p.equipped
            carried = p.carried
            if not eq and len(carried) < 2:
                continue
            # one pass over the Items in use: a restriction that stopped holding, the slots
            # (one bit per body slot, hands counted), the Big items
            restricted = over = False
            seen = hands = 0
            n = sum(map(big.__getitem__, carried)) if carried else 0
            ci, hi = p.cheat_item, p.hireling_item
            okset = None
            for c in eq:
                if not unres[c] and c != ci:
                    # can_use depends on these only: its answers are remembered per player
                    # for the same Races, Classes, gender, Level, Half-Breed, Super Munchkin
                    if okset is None:
                        sig = (tuple(p.races), tuple(p.classes), p.gender, p.level, p.half_breed,
                               p.super_munchkin, ci)
                        m = memo.get(seat)
                        if m is None or m[0] != sig:
                            m = memo[seat] = (sig, set())
                        okset = m[1]
                    if c not in okset:
                        if self.can_use(seat, c):
                            okset.add(c)
                        else:
                            restricted = True
                b = bits[c]
                if b and c != ci and c != hi:
                    if b < 8:
                        if seen & b:
                            over = True
                        seen |= b
                    else:
                        hands += b >> 3
                if big[c]:
                    n += 1
            if restricted:
                self._sideways(seat)
            if (over or hands > 2) and self._slot_excess(seat) and not self._choice_open(seat, "sideways"):
                s.pending.append({"kind": "choose", "why": "sideways", "player": seat, "options": (), "count": 1})
            if n > 1 and len(self._big_excess(seat)) > 1 and not self._choice_open(seat, "big"):
                s.pending.append({"kind": "choose", "why": "big", "player": seat, "options": (), "count": 1})
            if self._h_limw and self._limit_excess(seat) and not self._choice_open(seat, "limit"):
                s.pending.append({"kind": "choose", "why": "limit", "player": seat, "options": (), "count": 1})

    def _helper_checks(self, c) -> None:
        """Checks 5 and 6 (see the module docstring) of combat ``c`` with a helper."""
        s = self.state
        if not s.players[c.helper].alive:
            # a helper who died (caught while running away) leaves the combat and its bribe
            self._left_combat({c.helper})
            c.helper = -1
            c.bribe_n = 0
            c.bribe_items = []
        if c.helper >= 0 and c.stage != "run" and self._no_help_monster() >= 0:
            # a monster nobody may help against came in (a Wandering Gazebo): the helper is out
            # of the fight and the bribe is off (core rules, 7. Multiple Monsters: a monster's
            # special ability applies to the whole combat; Gazebo card)
            if self.history: self._say(f"Nobody may help against {self.name(self._no_help_monster())}: "
                                       f"{self._pn(c.helper)} leaves the fight.")
            self._left_combat({c.helper})
            c.helper = -1
            c.bribe_n = 0
            c.bribe_items = []
            c.forced_help = False
        if c.helper >= 0 and c.forced_help:
            self._backout_check()  # check 6: a forced helper and a fight for the win

    def _choice_open(self, seat: int, why: str) -> bool:
        for d in self.state.pending:
            if d["kind"] == "choose" and d["player"] == seat and d["why"] == why:
                return True
        return False

    def _sideways(self, seat: int) -> None:
        """Every Item in use that ``seat`` may no longer use is carried instead (check 2)."""
        p = self.state.players[seat]
        unres = self._unrestricted
        for c in p.equipped[:]:
            if not unres[c] and c != p.cheat_item and not self.can_use(seat, c):
                p.equipped.remove(c)
                p.carried.append(c)
                self._play_moved()
                if self.history: self._say(f"{p.name} may no longer use {self.name(c)}: it is carried sideways.")

    def _slot_excess(self, seat: int) -> tuple:
        """The Items in use of the first slot that holds more than it may (check 3), in the
        order they are in use; () when every slot is within its limit."""
        p = self.state.players[seat]
        slots = self._slots
        ci, hi = p.cheat_item, p.hireling_item
        per: dict = {}
        hands: list = []
        nhands = 0
        for c in p.equipped:
            if c == ci or c == hi:
                continue
            sl = slots[c]
            if sl in SLOT_LIMIT:
                per.setdefault(sl, []).append(c)
            elif sl == "one_hand" or sl == "two_hands":
                hands.append(c)
                nhands += 1 if sl == "one_hand" else 2
        for sl, cs in per.items():
            if len(cs) > SLOT_LIMIT[sl]:
                return tuple(cs)
        if nhands > 2:
            return tuple(hands)
        return ()

    def _big_excess(self, seat: int) -> tuple:
        """The Big items that count against the limit, when more than one of them is in play
        and no card allows it (check 4); () otherwise."""
        if self._big_free(seat):
            return ()
        cs = self._big_in_play(seat)
        return tuple(cs) if len(cs) > 1 else ()

    def _limit_excess(self, seat: int) -> tuple:
        """The Items of ``seat``'s play over a one-per-player limit a rules module sets (check
        4b: two Vehicles), in play order; () when within every such limit."""
        p = self.state.players[seat]
        for c in p.equipped + p.carried:
            w = self._limited_with(seat, c)
            if w:
                return tuple(e for e in p.equipped + p.carried if e == c or e in w)
        return ()

    def _excess_of(self, d: dict) -> tuple:
        """The excess Items a ``big`` or ``limit`` choice is about (checks 4 and 4b)."""
        return self._big_excess(d["player"]) if d["why"] == "big" else self._limit_excess(d["player"])

    # ------------------------------------------------------------------ the choices
    def _unmix_options(self, d: dict) -> tuple:
        """Two Races (Classes) without a Half-Breed (Super Munchkin) left: the cards one of
        which goes (core rules, 8.: one Race, one Class without those cards)."""
        return _two_left(self.state.players[d["player"]])

    def _unmix_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Race (Class) card is discarded."""
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        self._leave_play(seat, card)
        self._discard(card)
        self._play_moved()
        if self.history: self._say(f"{p.name} keeps one of two: {self.name(card)} is discarded.")

    def _sideways_options(self, d: dict) -> tuple:
        return self._slot_excess(d["player"])

    def _sideways_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Item in use is carried instead (no bonus)."""
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        p.equipped.remove(card)
        p.carried.append(card)
        self._play_moved()
        if self.history: self._say(f"{p.name} carries {self.name(card)} instead of using it (no free slot).")

    def _big_options(self, d: dict) -> tuple:
        return self._big_excess(d["player"])

    def _limit_options(self, d: dict) -> tuple:
        return self._limit_excess(d["player"])

    def _big_answer(self, d: dict, seat: int, card: int) -> None:
        """The chosen Big item (or Item over a one-per-player limit: check 4b) goes to the
        lowest-Level living player who can carry it (who may have it: no Vehicle yet; tied:
        the first from the owner's left), else to the discards (Scooby-Doo rules, Big Items;
        check 4 of the module docstring)."""
        s = self.state
        n = len(s.players)
        takers = [q for q in ((seat + j) % n for j in range(1, n))
                  if s.players[q].alive and self.big_ok(q, card) and not (self._h_limw and self._limited_with(q, card))]
        if not takers:
            self._lose_card(seat, card)
            if self.history: self._say(f"{s.players[seat].name} discards {self.name(card)}: "
                                       f"{'one Big item' if d['why'] == 'big' else 'one of its kind'} only.")
            return
        low = min(s.players[q].level for q in takers)
        t = next(q for q in takers if s.players[q].level == low)
        self._remove_from_play(seat, card)
        self._put_in_play(t, card)
        if self.history: self._say(f"{s.players[seat].name} may keep one Big item only: {self.name(card)} goes to "
                                   f"{self._pn(t)}, the lowest-Level player who can carry it.")

    def _big_sale_ok(self, seat: int, a, d: dict) -> str | None:
        """A sale answering the ``big`` (or ``limit``, check 4b) choice: on the own turn out of combat, including one of
        the excess Big items, and a legal sale (Scooby-Doo rules, Big Items; core rules, 9.
        Selling Items). The moment is that of every sale (``Items._trade_phase_refusal``): the
        Charity phase is still the own turn, out of combat."""
        s = self.state
        if s.active != seat or self._trade_phase_refusal() is not None:
            return "excess Big items are sold only on your own turn, out of combat (Scooby-Doo rules, Big Items)"
        if not set(a.cards) & set(self._excess_of(d)):
            return "sell: the sale must include one of the excess Big items (Scooby-Doo rules, Big Items)"
        return self._why_sell(seat, a)

    def _big_sale_cands(self, seat: int, d: dict, out: list) -> None:
        """One sale per excess Big item: it, then the dearest other items until a Level is
        bought (when that is a legal answer)."""
        if self.state.active != seat or self.state.combat is not None:
            return
        p = self.state.players[seat]
        gold = self._sale_gold
        price = self.level_price(seat)
        rest = sorted((c for c in p.hand + p.carried + p.equipped if gold[c] > 0), key=gold.__getitem__, reverse=True)
        for b in self._excess_of(d):
            sale, total = [b], gold[b]
            for c in rest:
                if total >= price:
                    break
                if c != b:
                    sale.append(c)
                    total += gold[c]
            a = self._A(seat, "sell", cards=tuple(sale), n=-1)
            if self._big_sale_ok(seat, a, d) is None:
                out.append(a)
