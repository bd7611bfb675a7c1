"""The victims of Bad Stuff and Curses (core rules, 7. Running Away and Bad Stuff; 10. Curses):
what the ops of a card took, said in game words; the ways items and cards change hands under
an op (the victim's or the takers' choices); cards resolved by hand. The ``choose`` decisions
``tax``, ``taxpay``, ``take`` and ``lose`` and the pending ``manual`` (pending.py's tables) are
answered here; the ops themselves run in ``ops.py`` (the one op dispatch).
"""
from __future__ import annotations

from ..plural import plural
from . import rng as _rng
from .actions import Action



def cause_words(name: str, kind: str | None) -> str:
    """What a card that hurt a player is called in the log and on the board: a monster's "Net
    Troll's Bad Stuff", a Curse by its name when the name says Curse, else "the Curse Lose 1
    Small Item" (a Curse is no Bad Stuff: core rules, 10. Curses); any other card its name."""
    if kind == "monster":
        return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} Bad Stuff"
    if kind == "curse":
        return name if "curse" in name.lower() else f"the Curse {name}"
    return name

class Victims:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: what Bad Stuff and Curses took, and the
    victims' choices (see the module docstring)."""

    #: ``[card, players noted]`` of each ability running now with ``history`` (:meth:`_say_begin`;
    #: a list of each game's own, made in ``Game.__init__`` and ``Game._restored``)
    _saying: list
    #: ``[seat, noted, monster]`` of each Bad Stuff running now with ``history`` (``noted``: the
    #: victim's :meth:`_victim_snap` before it, None once said: :meth:`_say_cause_of_death`)
    _bad_open: list

    def _victim_snap(self, seat: int) -> tuple:
        """What Bad Stuff or a Curse may take from ``seat``: (Level, Race/Class cards, hand
        size, cards on the table, alive, sex) - for :meth:`_say_what_it_did`."""
        p = self.state.players[seat]
        return (p.level, p.races + p.classes, len(p.hand), self._on_table(p), p.alive, p.gender,
                len(self.state.ledger.entries))

    @staticmethod
    def _on_table(p) -> list[int]:
        """The cards a victim may lose from the table besides Race and Class cards: the Items in
        play, the Hireling and the Cheat! (core rules, 3. Handling Cards: cards in play)."""
        return p.in_play() + [c for c in (p.hireling, p.cheat) if c >= 0]

    def _still_open(self, d: dict) -> bool:
        """Does pending choice ``d`` still have something to decide (pending.CHOICES' own test)."""
        fn = self._CHOICE_FN.get(d["why"])
        return fn is None or bool(fn[2](self, d, fn[0](self, d)))

    def _cause_words(self, c: int) -> str:
        """:func:`cause_words` of card ``c``, opening a log line ("The Curse X")."""
        w = cause_words(self.specs[c].name, self.specs[c].kind)
        return w[:1].upper() + w[1:]

    def _change_words(self, seat: int, before: tuple, gains: bool = False) -> list[str]:
        """What changed for ``seat`` since ``before`` (:meth:`_victim_snap`), in game words:
        Levels lost or gained, Race / Class cards and items in play lost (``gains``: and
        gained), cards from the hand (a count: the hand is hidden), a change of sex, death."""
        p = self.state.players[seat]
        lv, rc, nh, items, alive, gender, _lasting = before
        parts = []
        if p.level < lv:
            parts.append(f"loses {lv - p.level} Level{'s' if lv - p.level > 1 else ''} (now Level {p.level})")
        elif p.level > lv:
            parts.append(f"goes up {p.level - lv} Level{'s' if p.level - lv > 1 else ''} (now Level {p.level})")
        now, inp = p.races + p.classes, self._on_table(p)
        gone = [x for x in rc if x not in now] + [x for x in items if x not in inp]
        if gone and alive and p.alive:
            parts.append("loses " + ", ".join(self.name(x) for x in gone))
        if gains and p.alive:
            new = [x for x in now if x not in rc] + [x for x in inp if x not in items]
            if new:
                parts.append("gets " + ", ".join(self.name(x) for x in new))
        if len(p.hand) < nh and alive and p.alive:
            k = nh - len(p.hand)
            parts.append(f"loses {k} card{'s' if k > 1 else ''} from the hand")
        if p.gender != gender:
            parts.append(f"becomes {p.gender}")
        if alive and not p.alive:
            parts.append("dies")
        return parts

    def _say_what_it_did(self, seat: int, before: tuple, c: int, suffix: str = "") -> None:
        """Log in game words what card ``c`` (Bad Stuff, a Curse, a monster's ``on_escape``)
        did to ``seat`` since ``before`` (:meth:`_victim_snap`): Levels lost or gained, Race and
        Class cards, items in play, cards from the hand (a count: the hand is hidden), a change
        of sex, death; what the victim still has to choose; or that it found nothing to take."""
        p = self.state.players[seat]
        lasting = before[-1]
        parts = self._change_words(seat, before)
        mine = [d for d in self.state.pending
                if d.get("player") == seat and d.get("why") in ("lose", "tax", "taxpay")] if p.alive else []
        if any(self._still_open(d) for d in mine):
            parts.append("must choose what to lose")
        elif p.alive and any(d.get("from") == seat for d in self.state.pending):
            parts.append("waits for the others to take their items")
        what = self._cause_words(c)
        if parts:
            self._say(f"{what}{suffix}: {p.name} {'; '.join(parts)}.")
        elif len(self.state.ledger.entries) > lasting:
            pass  # only lasting changes: each was said as it was made (Ops._lasting)
        elif any(d.get("kind") == "react" and d["cont"][:1] == ("ops",) and d["cont"][3] == c
                 for d in self.state.pending):
            pass  # its ops wait for the answers to a die: they say what they do as they go on
        elif any(d.get("kind") == "react" and d.get("card") == c and d.get("player") == seat
                 for d in self.state.pending):
            pass  # the victim chooses first (a may with otherwise: Platycore); the answer says it
        elif not mine and not any(d.get("kind") == "manual" for d in self.state.pending):
            # (a choice with nothing to decide is settled next, and says what it took)
            self._say(f"{what}{suffix}: nothing to take from {p.name}.")

    def _bad_begin(self, seat: int, m: int) -> list:
        """Bad Stuff of monster ``m`` starts on ``seat`` (the core's run of it, or a rules
        module's own: ``RulesModule.on_bad_stuff``): the entry ``[seat, noted, m]`` that
        :meth:`_say_cause_of_death` reads, so a death on the way is said after its cause (core
        rules, 7. Running Away and Bad Stuff, then 7. Death). ``noted`` is None without
        ``history``. Close it with :meth:`_bad_end`."""
        entry = [seat, self._victim_snap(seat) if self.history else None, m]
        if entry[1] is not None:
            self._bad_open.append(entry)
        return entry

    def _bad_end(self, entry: list, say: bool = True) -> None:
        """The Bad Stuff of :meth:`_bad_begin` is done: it says what it took (``say``: False
        when a rules module turned out not to handle it), unless a death on the way said it
        already (:meth:`_say_cause_of_death`)."""
        if entry[1] is None:
            return
        self._bad_open = [e for e in self._bad_open if e is not entry]
        if say:
            self._say_what_it_did(entry[0], entry[1], entry[2])

    def _say_cause_of_death(self, seat: int) -> None:
        """``seat`` has just died (``Character._kill``, with ``history``): the cause is said
        before the death's own line (the corpse, the looting order) - the Bad Stuff running on
        ``seat`` says what it did now, once; else the ability running now says its changes."""
        for e in reversed(self._bad_open):
            if e[0] == seat and e[1] is not None:
                self._say_what_it_did(seat, e[1], e[2])
                e[1] = None
                return
        if self._saying and not self._saying[-1][2]:
            self._say_flush(self._saying[-1])

    # ------------------------------------------------------------------ what an ability did
    def _say_begin(self, card, mute: bool = False, label: str | None = None) -> None:
        """An ability of ``card`` starts to run (only with ``history``): the players are noted,
        so that each op says what it changed (:meth:`_say_flush`). A run inside another one (an
        op whose change sets off another card) first says what the outer one did so far.
        ``card``: the card (or the words naming the cause: "Net Troll's Bad Stuff"); ``mute``:
        the card's own event says it itself (Bad Stuff, a Curse: ``_say_what_it_did``);
        ``label``: the running ability's ``label``, said with the card's name ("Bog Brew (Throw
        it): ...", :meth:`_speaker`)."""
        stack = self._saying
        if stack:
            self._say_flush(stack[-1])
        snap = self._victim_snap
        stack.append([card, tuple(snap(q) for q in range(len(self.state.players))), mute, label])

    def _say_label(self, card: int, label: str | None) -> tuple | None:
        """An ability of ``card`` labelled ``label`` runs quietly inside its card's own event
        (:meth:`_say_begin` of ``card``, a monster meeting its fighter): that event's lines
        name the label too. Returns ``(entry, label before)`` to put back, or None."""
        stack = self._saying
        if not (self.history and stack and stack[-1][0] == card):
            return None
        entry = stack[-1]
        old, entry[3] = entry[3], label
        return entry, old

    def _speaker(self, c: int) -> str:
        """Card ``c``'s name opening a line its running ability says: with the ability's label
        when the innermost ability running is a labelled one of ``c`` ("Swamp Troll (Troll
        rage)"), else the name."""
        stack = self._saying
        if stack and stack[-1][0] == c and stack[-1][3]:
            return f"{self.name(c)} ({stack[-1][3]})"
        return self.name(c)

    def _say_end(self) -> None:
        """The ability of the last :meth:`_say_begin` is done (or waits for the reactions to
        a die): one line per player it changed, naming the card ("Growth Egg: Ann goes up 1
        Level (now Level 4)."); the run around it goes on from here."""
        stack = self._saying
        self._say_flush(stack.pop())
        if stack:
            snap = self._victim_snap
            stack[-1][1] = tuple(snap(q) for q in range(len(self.state.players)))

    def _say_flush(self, entry: list, say: bool = True) -> None:
        """Say what changed for each player since ``entry`` noted them (``say`` False: the
        change was said already), and note them again (called after every op: ``Ops._op``)."""
        card, before, mute, _label = entry
        players = self.state.players
        snap = self._victim_snap
        if say and not mute:
            for q, b in enumerate(before):
                if snap(q) != b:
                    parts = self._change_words(q, b, gains=True)
                    if parts:
                        what = self._speaker(card) if isinstance(card, int) else card
                        self._say(f"{what}: {players[q].name} {'; '.join(parts)}.")
        entry[1] = tuple(snap(q) for q in range(len(players)))

    def _others_take_item(self, seat: int, who: str, frm: str = "left", or_hand: bool = False) -> bool:
        """Bad Stuff where other players take the victim's items in play, each choosing one
        (``who``: ``all`` = every other living player; ``highest`` = the other living players
        of the highest Level; ``neighbours`` = the living left and right neighbours), in turn
        from the victim's left, or from the right with ``frm="right"`` (the previous seats
        first: Hippogriff, "starting with the player on your right", card_facts_more.md
        source F; turns pass to the left, core rules, 5). ``or_hand``: each taker may instead
        take a card of the victim's hand without looking (Hippogriff, sources D and F): the
        ``take`` choice then also offers the hand (:meth:`_take_options`). Dead players
        receive nothing (core rules, 7. Death). ``highest`` is counted among the takers only:
        a victim who is the highest (alone or tied) takes nothing from themselves, and the
        highest of the others still take (Net Troll, card_facts.md (d) #25; the card does not
        say what happens then - we take the reading most players use: the Bad Stuff still
        bites, as a dead highest player gives way to the next living one)."""
        s = self.state
        n = len(s.players)
        if not self.choice_options({"why": "tax", "player": seat}) and not (or_hand and s.players[seat].hand):
            return False
        step = -1 if frm == "right" else 1
        others = [(seat + step * j) % n for j in range(1, n) if s.players[(seat + step * j) % n].alive]
        if not others:
            return False
        if who == "highest":
            top = max(s.players[q].level for q in others)
            takers = [q for q in others if s.players[q].level == top]
        elif who == "neighbours":
            takers = [others[0]] + ([others[-1]] if others[-1] != others[0] else [])
        else:
            takers = others
        for q in takers:
            d = {"kind": "choose", "why": "take", "player": q, "from": seat, "options": (), "count": 1}
            if or_hand:
                d["or_hand"] = True
            s.pending.append(d)
        return True

    def _neighbours_take(self, seat: int, count: int) -> bool:
        """The living players to the victim's left, then right (alternating, ``count`` cards
        in all), each take one card at random from the victim's hand: they cannot see it
        (Lose Two Cards; core rules, 3. Your hand: only a card naming the hand reaches it).
        Dead players receive nothing (7. Death)."""
        s = self.state
        n = len(s.players)
        p = s.players[seat]
        left = next(((seat + i) % n for i in range(1, n) if s.players[(seat + i) % n].alive), -1)
        right = next(((seat - i) % n for i in range(1, n) if s.players[(seat - i) % n].alive), -1)
        if left < 0 or not p.hand:
            return False
        for j in range(count):
            if not p.hand:
                break
            q = left if j % 2 == 0 else right
            s.rng, k = _rng.below(s.rng, len(p.hand))
            c = p.hand.pop(k)
            self._receive(q, c)
            if self.history: self._say(f"{self._pn(q)} takes a card from {p.name}'s hand.")
        return True

    def _lose_item(self, seat: int, what: str, count: int, tagged=()) -> bool:
        """Lose items by category; the victim chooses when several fit (core rules, 10.
        Curses). A slot (headgear, armor, footgear, hand) means the item in use there;
        ``vehicle`` the Vehicle in use (Scooby-Doo rules, Curses: Major Fender Bender); ``best``
        the item in use giving the biggest bonus now (carried items are not in use and never
        count; ties: the victim chooses); ``big`` / ``small`` / ``any`` any Item in play;
        ``all_worn`` every item in use (Crabs: "every item worn below the waist", with
        ``tagged``). ``tagged``: only items carrying one of these tags. Returns False when
        nothing fits (so ``else`` ops run)."""
        p = self.state.players[seat]
        sp = self.specs
        items = [c for c in p.equipped + p.carried if self._is_item(c)]  # a carried One-Shot too
        worn = [c for c in p.equipped if self._lasting_item(c)]  # (a Fairy Dust Item in use too)
        if tagged:  # (every category below is taken from these two lists)
            items = [c for c in items if sp[c].tags.intersection(tagged)]
            worn = [c for c in worn if sp[c].tags.intersection(tagged)]
        if what in ("headgear", "armor", "footgear", "vehicle"):
            # the one worn: a spare carried sideways is not on the body (Lose the Headgear)
            cands = [c for c in worn if sp[c].slot == what]
        elif what == "hand":
            cands = [c for c in worn if sp[c].slot in ("one_hand", "two_hands")]
        elif what == "all_worn":
            cands = worn
        elif what in ("big", "all_big"):
            cands = [c for c in items if sp[c].big]
        elif what == "small":
            cands = [c for c in items if not sp[c].big]
        elif what == "best":
            # the item in use giving the biggest bonus now: a carried item (or one the player
            # may not use now) is not in use and never counts (core rules, 9. Using Items;
            # Truly Obnoxious Curse, card_facts.md); nothing in use: nothing is lost
            used = [c for c in worn if self.can_use(seat, c)]
            bonus = {c: self.item_bonus(seat, c) for c in used}
            if count > 1 and len(used) > count:
                # the ``count`` best: those above the count-th bonus go; among the items tied
                # at it the victim chooses the rest
                edge = sorted((bonus[c] for c in used), reverse=True)[count - 1]
                sure = [c for c in used if bonus[c] > edge]
                for c in sure:
                    self._lose_card(seat, c)
                count -= len(sure)
                cands = [c for c in used if bonus[c] == edge]
            elif count > 1:
                cands = used
            else:
                best = max((bonus[c] for c in used), default=None)
                cands = [c for c in used if bonus[c] == best]
        else:
            cands = items
        if not cands:
            return False
        if what in ("all", "all_big", "all_worn") or len(cands) <= count:
            for c in cands:  # (said by the card's own line: Victims._say_what_it_did / _say_flush)
                self._lose_card(seat, c)
            return True
        self.state.pending.append({"kind": "choose", "why": "lose", "player": seat,
                                   "options": tuple(cands), "count": count})
        return True

    def _lose_special_with(self, seat: int, key: str) -> None:
        """A Half-Breed (Super Munchkin) is lost together with the player's Race (Class)
        cards: when an op has just taken the last of them it goes too, even if another Race
        (Class) comes at once (Change Race / Change Class) - the cards' text (card_facts.md,
        Races and Classes: lost with the Race / Class card(s); Scooby-Doo rules, Super Munchkin:
        lose it if you lose your Class card(s)). One of two taken (Lose Your Class with a
        choice): it stays with the other."""
        p = self.state.players[seat]
        if key == "lose_race" and not p.races and p.half_breed >= 0:
            c = p.half_breed
        elif key == "lose_class" and not p.classes and p.super_munchkin >= 0:
            c = p.super_munchkin
        else:
            return
        self._leave_play(seat, c)
        self._discard(c)

    def _push_manual(self, seat: int, c: int, discard: bool) -> None:
        """Queue a ResolveByHand decision for manual card ``c`` (``discard``: the card goes to
        its discard pile now; the decision only records what the designer applies)."""
        if discard:
            self._discard(c)
        self.state.pending.append({"kind": "manual", "player": seat, "card": c, "target": seat})

    # ------------------------------------------------------------------ the victims' choices
    def _tax_answer(self, d: dict, seat: int, card: int) -> None:
        """Income Tax: the victim discards an Item; each other living player then pays its
        value in Items (the card's text, our words)."""
        s = self.state
        p = s.players[seat]
        v = self.specs[card].gold or 0
        self._lose_card(seat, card)
        if self.history: self._say(f"{p.name} discards {self.name(card)} ({v} Gold): Income Tax for the others.")
        n = len(s.players)
        if v > 0:
            for j in range(n - 1, 0, -1):
                q = (seat + j) % n
                if s.players[q].alive:
                    s.pending.insert(0, {"kind": "choose", "why": "taxpay", "player": q,
                                         "owe": v, "options": (), "count": 1})

    def _taxpay_answer(self, d: dict, seat: int, card: int) -> None:
        s = self.state
        v = self.specs[card].gold or 0
        self._lose_card(seat, card)
        if self.history: self._say(f"{s.players[seat].name} pays {self.name(card)} ({v} Gold) in Income Tax.")
        if d["owe"] - v > 0:
            nd = dict(d)
            nd["owe"] = d["owe"] - v
            s.pending.insert(0, nd)

    def _taxpay_open(self, d: dict, opts: tuple) -> bool:
        return sum(self.specs[c].gold or 0 for c in opts) >= d["owe"]

    def _taxpay_dropped(self, d: dict, opts: tuple) -> None:
        """Cannot pay: every Item goes, and a Level (Income Tax card)."""
        for c in opts:
            self._lose_card(d["player"], c)
        if d.get("penalty", 1):
            self._change_level(d["player"], -1)
        if self.history: self._say(f"{self._pn(d['player'])} cannot pay {d['owe']} Gold in items: loses every item"
                                   f"{' and a Level' if d.get('penalty', 1) else ''}.")

    def _take_options(self, d: dict) -> tuple:
        """The victim's Items in play; with ``or_hand`` (Hippogriff) also the victim's hand,
        offered as one option: the first card of the hand stands for "a card from the hand,
        blind" (which card is taken is drawn at random when chosen: :meth:`_take_answer`)."""
        v = self.state.players[d["from"]]
        opts = tuple(c for c in v.equipped + v.carried if self._is_item(c))
        if d.get("or_hand") and v.hand:
            opts += (v.hand[0],)
        return opts

    def _blind_hand(self, d: dict, c: int) -> bool:
        """Whether option ``c`` of pending choice ``d`` stands for a card taken blind from
        another player's hand (Hippogriff's ``or_hand``): views and labels must not name it."""
        return (d.get("kind") == "choose" and d.get("why") == "take" and bool(d.get("or_hand"))
                and c in self.state.players[d["from"]].hand)

    def _take_answer(self, d: dict, seat: int, card: int) -> None:
        """A taker chooses one Item in play of the victim; it is theirs, carried. With
        ``or_hand``, choosing the hand takes a card of it at random into the taker's hand:
        they cannot look (Hippogriff card, sources D and F; core rules, 3. Your hand)."""
        s = self.state
        p = s.players[seat]
        v = s.players[d["from"]]
        if self._blind_hand(d, card):
            s.rng, r = _rng.below(s.rng, len(v.hand))
            c = v.hand.pop(r)
            self._sba_seats.add(seat)
            self._receive(seat, c)
            if self.history: self._say(f"{p.name} takes a card from {v.name}'s hand, without looking.")
            return
        self._remove_from_play(d["from"], card)
        self._sba_seats.add(seat)
        p.carried.append(card)
        if self.history: self._say(f"{p.name} takes {self.name(card)} from {self._pn(d['from'])}.")

    def _lose_answer(self, d: dict, seat: int, card: int) -> None:
        """An Item lost to a Curse or Bad Stuff: the victim picks which (count at a time)."""
        s = self.state
        self._lose_card(seat, card)
        if self.history: self._say(f"{s.players[seat].name} loses {self.name(card)}.")
        if d["count"] > 1:
            nd = dict(d)
            nd["count"] = d["count"] - 1
            nd["options"] = tuple(o for o in d["options"] if o != card)
            s.pending.insert(0, nd)

    def _lose_open(self, d: dict, opts: tuple) -> bool:
        return len(opts) > d["count"]

    def _lose_dropped(self, d: dict, opts: tuple) -> None:
        """No more choice than cards to lose: all of them go."""
        for c in opts:
            self._lose_card(d["player"], c)
            if self.history: self._say(f"{self._pn(d['player'])} loses {self.name(c)}.")

    # ------------------------------------------------------------------ manual cards
    def _answer_manual(self, d: dict, a: Action) -> None:
        """ResolveByHand: player t changes n Levels and discards the cards cs."""
        s = self.state
        tgt = s.players[a.target]
        for c in a.cards:
            self._lose_card(a.target, c)
        if a.n:
            self._change_level(a.target, a.n)
        if self.history: self._say(f"{self.name(d['card'])} resolved by hand: {tgt.name} {a.n:+d} {'Level' if abs(a.n) == 1 else 'Levels'}, "
                                   f"{plural(len(a.cards), 'card')} discarded.")
