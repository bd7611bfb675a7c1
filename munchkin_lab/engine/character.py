"""The character (core rules, 8. Character Statistics; 7. Death; 5. Ending the Game): Levels,
Races and Classes (Half-Breed, Super Munchkin), the hand limit, death and looting the body,
the winner. Action kind ``discard`` (a Race or Class at will); the ``choose`` decision
``loot`` (looting the body).
"""
from __future__ import annotations

from ..plural import plural
from .actions import Action
from .kinds import running
from .refs import R_COMBAT, R_ITEMS, R_SIDEBAR, R_STATS
from .tables import _ATOMS, _parse_atom

#: rounds of tie rolls for the looting order before seat order decides (Character._loot_ties)
_LOOT_TIE_ROUNDS = 10

#: the Race and Class powers the core runs by its own rules: power -> (its name, the printed
#: card that has it) - for the refusals (``lang_compile.specialise`` recognises them)
POWER_NAMES = {"berserk": ("Berserk", "Warrior"), "turning": ("Turning", "Cleric"),
               "resurrect": ("Resurrection", "Cleric"), "flight": ("Flight", "Wizard"),
               "charm": ("Charm", "Wizard"), "backstab": ("Backstab", "Thief"), "steal": ("Theft", "Thief"),
               "double_sale": ("a double-price sale", "Halfling"), "big_items": ("Big items", "Dwarf"),
               "wins_ties": ("ties won", "Warrior"), "helper_levels": ("Levels for helping", "Elf")}


class Character:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: the character: Levels, Races and Classes
    (Half-Breed, Super Munchkin), the hand limit, death and looting the body, the winner."""

    def races(self, seat: int) -> list[str]:
        """Lower-case race names of ``seat`` (empty list = Human)."""
        return [self._lnames[c] for c in self.state.players[seat].races]

    def classes(self, seat: int) -> list[str]:
        """Lower-case class names (``priest`` normalised to ``cleric``)."""
        return [self._lnames[c] for c in self.state.players[seat].classes]

    def has_race(self, seat: int, race: str) -> bool:
        ln = self._lnames
        for c in self.state.players[seat].races:
            if ln[c] == race:
                return True
        return False

    def has_class(self, seat: int, cls_: str) -> bool:
        ln = self._lnames
        for c in self.state.players[seat].classes:
            if ln[c] == cls_:
                return True
        return False

    def _holds(self, seat: int, power: str) -> bool:
        """Whether one of ``seat``'s Race or Class cards has ``power`` in its compiled record
        (``lang_compile.specialise``: the Dwarf's ``big_items``, the Warrior's ``wins_ties`` and
        ``berserk``, the Halfling's ``double_sale``, the Elf's ``helper_levels``, the Wizard's
        ``flight`` and ``charm``, the Cleric's ``turning`` and ``resurrect``, the Thief's
        ``backstab`` and ``steal``): a Race's or Class's abilities work while the card is in
        play (core rules, 8. Race / Class)."""
        cards = self._powers.get(power)
        if not cards:
            return False
        p = self.state.players[seat]
        for c in p.races:
            if c in cards:
                return True
        for c in p.classes:
            if c in cards:
                return True
        return False

    def has_power(self, seat: int, power: str) -> bool:
        """Whether one of ``seat``'s Race or Class cards gives ``power`` (``berserk``,
        ``turning``, ``resurrect``, ``backstab``, ``steal``, ``flight``, ``charm``,
        ``wins_ties``, ``big_items``, ``double_sale``, ``helper_levels``): the printed Race and
        Class powers and a designer's Race or Class written in the same form. For bots and
        tools; whether a use is legal now is :meth:`why_not`'s (core rules, 8. Race / Class).

        Raises:
            ValueError: ``power`` is not one of those (the known ones listed).
        """
        if power not in POWER_NAMES:
            raise ValueError(f"unknown power {power!r} (known: {', '.join(sorted(POWER_NAMES))})")
        return self._holds(seat, power)

    def _why_no_power(self, seat: int, power: str) -> str | None:
        """None when ``seat`` has ``power`` (:meth:`_holds`), else the refusal, naming the
        printed card that has it."""
        if self._holds(seat, power):
            return None
        name, card = POWER_NAMES[power]
        return f"only a {card} (or a Race or Class card with {name}) may do that ({card} card)"

    def matches(self, seat: int, atom: str, against: bool = False, monster: int = -1) -> bool:
        """Does player ``seat`` match condition ``atom`` (see ``effects`` docstring)?

        ``against=True`` when the atom is a disadvantage (a monster bonus or an item ban):
        Super Munchkin with one Class / Half-Breed with one Race then hide that Class / Race
        (core rules, 10. Mixed Super Munchkin).
        """
        parsed = _ATOMS.get(atom)
        if parsed is None:
            parsed = _ATOMS[atom] = _parse_atom(atom)
        neg, typ, arg = parsed
        p = self.state.players[seat]
        if typ == "race":
            r = False
            ln = self._lnames
            for c in p.races:
                if ln[c] == arg:
                    r = True
                    break
            if r and against and p.half_breed >= 0 and len(p.races) == 1:
                r = False
        elif typ == "human":
            r = not p.races
        elif typ == "has_class":
            r = bool(p.classes)
        elif typ == "class":
            r = False
            ln = self._lnames
            for c in p.classes:
                if ln[c] == arg:
                    r = True
                    break
            if r and against and p.super_munchkin >= 0 and len(p.classes) == 1:
                r = False
        elif typ == "gender":
            r = p.gender == arg
        elif typ == "tag":
            r = monster >= 0 and self.monster_has_tag(monster, arg)
        elif typ == "level":
            op, val = arg
            lv = p.level
            r = (lv <= val if op == "<=" else lv >= val if op == ">=" else lv < val if op == "<" else
                 lv > val if op == ">" else lv == val)
        else:
            r = False
        return r != neg

    def hand_limit(self, seat: int) -> int:
        """5, or 6 for a Dwarf (core rules, 3. Handling Cards: the ``hand_limit`` changes of the
        player's Race and Class cards); modules and the card-effect language may change it."""
        p = self.state.players[seat]
        hl = self._hand_limit
        lim = self.options.hand_limit
        for c in p.races:
            lim += hl[c]
        for c in p.classes:
            lim += hl[c]
        for m in self._h_limit:
            lim = m.hand_limit(self, seat, lim)
        if "hand_limit" in self._lstat or self.state.ledger.entries:  # the card-effect language's changes
            lim += self._lx("hand_limit", ("player", seat))
        return lim

    def _why_play_char_or_item(self, seat: int, c: int) -> str | None:
        """Why Race / Class / Item card ``c`` may not come into ``seat``'s play now, or None.
        Never two identical Races (Classes) (core rules, 8. Character Statistics); a card
        identical to one in play may still replace it when the slots are full (the identical
        one is then the card that goes, ``Playing._replace_options``): official FAQ
        (worldofmunchkin.com/faq), Munchkin general notes: nothing requires the new Race or
        Class to differ from the old, e.g. to get rid of a card before Charity."""
        k = self._kind[c]
        if k == "race" or k == "class":
            if (self.has_race if k == "race" else self.has_class)(seat, self._lnames[c]) \
                    and self._identical_in_play(seat, c) < 0:
                return f"you may not have two identical {'Races' if k == 'race' else 'Classes'} ({R_STATS})"
            return None
        if self.specs[c].big and not self.big_ok(seat, c):
            return f"only one Big item in play unless a card allows more (Dwarf) ({R_ITEMS})"
        return None

    def _identical_in_play(self, seat: int, c: int) -> int:
        """The Race (Class) card in ``seat``'s play that Race (Class) card ``c`` would replace
        although identical to it: with the slots full, the one of the same name; else -1."""
        if not self._slots_full(seat, c):
            return -1
        p = self.state.players[seat]
        zone = p.races if self._kind[c] == "race" else p.classes
        return next((o for o in zone if self._lnames[o] == self._lnames[c]), -1)

    def _may_discard_for_ability(self, seat: int, c: int, power: str | None = None) -> bool:
        """Card ``c`` is one ``seat`` may discard to power a Race or Class ability ``power``
        (Berserking, Turning, flight, Backstab, theft): any card of theirs from the hand or the
        table - an Item in play, a Race or Class card, a Hireling, a Cheat!, a Half-Breed or
        Super Munchkin (the FAQ below; then one Race / Class goes, ``choose`` why ``unmix``) -
        never a Curse kept as a reminder (core rules, 8. Race / Class: the cost may be paid
        with a card held or one on the table; 10. Curses), and never the Race or Class card that gives
        ``power`` itself: the rulebook does not say, the official FAQ
        (worldofmunchkin.com/faq, on discarding cards in play) does - a Race or Class card
        may pay for another card's ability, not its own (its abilities end as it is
        discarded, core rules, 8.); the card-effect language's costs read it the same way
        (``LangActions._cost_pool``: never the ability's own card)."""
        p = self.state.players[seat]
        if power is not None and c in self._powers.get(power, ()) and (c in p.races or c in p.classes):
            return False
        return c >= 0 and c in self._ability_discards(seat)

    def _why_ability_discard(self, seat: int, c: int, power: str, what: str) -> str | None:
        """None when ``seat`` may discard card ``c`` for ``power``
        (:meth:`_may_discard_for_ability`), else the refusal: ``what``, or why the Race or
        Class card itself may not pay."""
        if self._may_discard_for_ability(seat, c, power):
            return None
        p = self.state.players[seat]
        if c in self._powers.get(power, ()) and (c in p.races or c in p.classes):
            return (f"{self.name(c)} may not be discarded for its own ability; discard another card "
                    f"({R_STATS}; official FAQ: discarding cards in play)")
        return what

    def _ability_discards(self, seat: int) -> list[int]:
        """The one list of the cards ``seat`` may discard to power an ability
        (:meth:`_may_discard_for_ability` with no ``power``), in order: the hand, the Items in
        use and carried, the Race and Class cards, the Hireling, the Cheat! (a cost "a card of
        yours" of an ability in the card-effect language: ``LangActions._cost_pool``), then the
        Half-Breed and Super Munchkin."""
        p = self.state.players[seat]
        return [*p.hand, *p.equipped, *p.carried, *p.races, *p.classes,
                *(c for c in (p.hireling, p.cheat, p.half_breed, p.super_munchkin) if c >= 0)]

    def _levels_of_kill(self, m: int, enh) -> int:
        """The Levels monster card ``m`` gives when killed with its Monster Enhancers ``enh``,
        by its printed numbers: ``levels_gained`` (default 1) plus its ``extra_levels``, once
        more for each Mate among ``enh`` (core rules, 7. Combat: Rewards; the Mate card: a
        second monster just like it). The one home of that sum: a combat's monster
        (``Combat._printed_kill_levels``) and the monsters a destroyed room kills
        (``RoomDestruction.destroy``)."""
        mates = self._mate
        return self._kill_levels[m] * (1 + sum(1 for e in enh if mates[e]))

    def _kill_levels_to(self, fighter: int, helper: int, levels: int, nkilled: int) -> None:
        """The Levels of a won combat's kills: ``levels`` to the fighter; to a helper one per
        monster killed (``nkilled``) when they hold that ability (the Elf) or with Shared
        Victory (core rules, 7. Rewards; Munchkin XXL; the Elf card). The combat strengths
        as they stood at the kill are kept first in the combat's ``won_at`` (for the board:
        the combat stays on the table while a Cleric decides on the Treasures, its fighters
        already a Level up) - a record only, no rule reads it; kept in a game with a log
        (``history``), which reads the strengths for its log line at this point anyway."""
        c = self.state.combat
        if self.history and c is not None and not c.won_at:
            ps, ms = self.strengths()
            c.won_at = [ps, ms]
            for q in (fighter, helper):
                if q >= 0:
                    c.won_at += [q, self.state.players[q].level, self.player_strength(q)]
        self._change_level(fighter, levels, from_kill=True)
        if helper >= 0:
            hl = self.helper_levels(helper, nkilled)
            if hl:
                self._change_level(helper, hl, from_kill=True)

    def helper_levels(self, helper: int, nkilled: int = 1) -> int:
        """The Levels player ``helper`` gains by helping the munchkin side kill ``nkilled``
        monsters: one per monster killed when they hold that ability (the Elf's
        ``helper_levels``) or with Shared Victory (unless a rules module makes it a shared
        win), else 0 (core rules, 7. Rewards; Munchkin XXL; the Elf card). The rule
        :meth:`_kill_levels_to` applies; public for bots and tools (the Level cap and "the
        winning Level only by a kill" are :meth:`_change_level`'s)."""
        hl = nkilled if self._holds(helper, "helper_levels") else 0
        if self.options.shared_victory and not self._sv_win:
            hl = max(hl, nkilled)
        return hl

    def _change_level(self, seat: int, delta: int, from_kill: bool = False) -> None:
        """Levels stay in 1..10; the winning Level only from killing a monster (core rules,
        Card Text and These Rules, 1 and 4); dead characters gain no Levels (7. Death)."""
        p = self.state.players[seat]
        self._sba_seats.add(seat)  # Level atoms (state-based checks)
        if delta > 0 and not p.alive:
            return
        cap = 10 if from_kill else 9
        new = p.level + delta
        if delta > 0:
            new = min(new, max(cap, p.level))
        p.level = max(1, min(10, new))

    def _no_level_lost(self, seat: int) -> str:
        """The log's words for a Level loss that finds ``seat`` at Level 1 (core rules, Card
        Text and These Rules, 1: no Level below 1) - one wording for a failed theft
        (``Items._steal_roll``) and an ability's ``levels`` op (``Ops._op_levels``); Bad Stuff
        and Curses say what the whole card did (``Victims._say_what_it_did``)."""
        return f"stays at Level {self.state.players[seat].level} (no Level below 1: {R_SIDEBAR}, 1)"

    def _kill(self, seat: int) -> None:
        """Death (core rules, 7. Combat: Death): hand and items form the corpse; Level, Race,
        Class, Curses, Half-Breed, Super Munchkin stay, and so does a card a rules module keeps
        (``keeps_at_death``: Fairy Dust, even an Item the Hireling carries, which then stays
        in front of its owner as the Hireling goes). The other living players loot one card
        each, highest Level first (die rolls break ties - rulebook: "roll"; each tied player
        rolls once, higher first, equal rolls keep seat order from the dead player's left:
        :meth:`_loot_ties`)."""
        s = self.state
        p = s.players[seat]
        corpse = p.hand + p.equipped + p.carried
        if p.cheat >= 0:
            corpse.append(p.cheat)
        if p.hireling >= 0:
            corpse.append(p.hireling)
        if self._h_keep:
            kept = [c for c in corpse if any(m.keeps_at_death(self, seat, c) for m in self._h_keep)]
            corpse = [c for c in corpse if c not in kept]
        else:
            kept = []
        p.hand = [c for c in p.hand if c in kept]
        # the cards in play leave by the one path (a Curse tied to the headgear ends with it);
        # Cheat! before its Item and the Items before the Hireling, so that each goes to the
        # corpse (neither Cheat! nor the Hireling's Item to the discards with the other)
        going = set(corpse)
        # the dead player's own cards that hear their death and go to the corpse with it (an
        # Item's death ability): asked now, while they are still in play, fired below
        dying_cards = []
        if "death" in self._lt and self._lby.get("death"):
            dying_cards = [(c, q) for c, q in self._holders(self._lby["death"], seat, owner_only=seat)
                           if c in going]
        if p.cheat >= 0 and p.cheat in going:
            self._leave_play(seat, p.cheat)
        for c in p.equipped + p.carried:
            if c in going:
                self._leave_play(seat, c)
        if p.hireling >= 0 and p.hireling in going:
            if p.hireling_item in kept:  # (a Fairy Dust Item is kept, Fairy Dust rules: it stays)
                p.hireling_item = -1
            self._leave_play(seat, p.hireling)
        p.alive = False
        self.deaths += 1
        if self.history:
            self._say_cause_of_death(seat)  # (the cause first: Bad Stuff's "P1 dies.")
            self._say(f"{p.name} dies! The corpse holds {plural(len(corpse), 'card')}.")
        n = len(s.players)
        order = [(seat + i) % n for i in range(1, n) if s.players[(seat + i) % n].alive]
        levels = {q: s.players[q].level for q in order}
        tied = tuple(q for q in order if sum(1 for r in order if levels[r] == levels[q]) > 1)
        order.sort(key=lambda q: -levels[q])
        entry = [seat, corpse]
        if corpse:
            s.corpses.append(entry)
        # a rules module hears the death first and may take the corpse away (Star Munchkin
        # Adventures: Treasures stay in the room, no looting): nothing is then looted, and no
        # die decides a looting order
        for m in self._h_death:
            m.on_death(self, seat)
        if corpse and any(e is entry for e in s.corpses):
            for q in order:
                s.pending.append({"kind": "choose", "why": "loot", "player": q, "dead": seat})
            if tied:
                self._loot_ties(seat, tied, ())
        if "death" in self._lt:
            if dying_cards:  # (the language's firing order: the dead player's own cards first)
                self._lang_fire_listed("death", dying_cards, seat)
            self._lang_fire("death", seat)
        c = s.combat
        if c is not None:
            if c.stage == "run":
                if c.runners and c.runners[0] == seat:
                    c.rolled = list(range(len(c.monsters)))
            elif seat == c.fighter:
                self._say("The fighter died: the combat ends.")
                self._end_combat(won=False, empty=True)
            elif seat == c.helper:
                self._left_combat({seat})
                c.helper = -1
                c.bribe_n = 0
                c.bribe_items = []

    def _loot_ties(self, dead: int, tied: tuple, rolls: tuple) -> None:
        """The tie rolls for the looting order of ``dead``'s corpse: each tied player in
        ``tied`` (seat order from the dead player's left) rolls once, through the one die-roll
        path (a Loaded Die may answer each roll: card_facts_more.md 2c; a Chicken on the head
        takes 1 off: "all die rolls"); the looting decisions already queued are then put in
        order, higher roll first among equal Levels (core rules, 7. Death: "ties are resolved
        by rolling the die"). Players whose rolls tie again (same Level, same rolls) roll once
        more, until they differ (the rulebook is silent on a tied tie roll; rolling again is
        what most players do; after :data:`_LOOT_TIE_ROUNDS` rounds seat order decides).
        ``tied`` grows by each such round (a player appears once per roll); ``rolls``: the
        results so far, in ``tied`` order."""
        s = self.state
        levels = [p.level for p in s.players]
        while True:
            while len(rolls) < len(tied):
                q = tied[len(rolls)]
                if self._lang and self._lang_die_window(q, ("call", "_loot_tie_rolled", dead, tuple(tied), tuple(rolls))):
                    return  # resumed by _loot_tie_rolled once the reactions are in
                rolls = tuple(rolls) + (self._roll_mod(q, self._roll()),)
            seq: dict[int, tuple] = {}
            for q, r in zip(tied, rolls):
                seq[q] = seq.get(q, ()) + (r,)
            rounds = max(len(v) for v in seq.values())
            again = [q for q in seq if sum(1 for r in seq if levels[r] == levels[q] and seq[r] == seq[q]) > 1]
            if not again or rounds >= _LOOT_TIE_ROUNDS:
                break
            tied = tuple(tied) + tuple(again)
        roll = {q: tuple(-r for r in v) for q, v in seq.items()}
        at = [i for i, d in enumerate(s.pending) if d.get("why") == "loot" and d.get("dead") == dead]
        ds = [s.pending[i] for i in at]
        ds.sort(key=lambda d: (-s.players[d["player"]].level, roll.get(d["player"], ())))
        for i, d in zip(at, ds):
            s.pending[i] = d
        if self.history and tied:
            self._say("Tie rolls for the looting order: " + ", ".join(
                f"{self._pn(q)} {r}" for q, r in zip(tied, rolls)) + ".")

    def _loot_tie_rolled(self, dead: int, tied, rolls) -> None:
        """A tie roll answered (:meth:`_loot_ties`): its die is next in line; the rest follow."""
        q = tied[len(rolls)]
        self._loot_ties(dead, tuple(tied), tuple(rolls) + (self._roll_mod(q, self._roll()),))

    def _check_winner(self) -> None:
        """Players at Level 10 win; several at once win together (core rules, 5.)."""
        s = self.state
        if s.phase == "combat":
            return
        for q in s.players:
            if q.level >= 10:
                break
        else:
            return
        w = [i for i, q in enumerate(s.players) if q.level >= 10]
        for mod in self._h_win:
            w = mod.winners(self, w)
        if w:
            s.winners = w
            s.phase = "over"
            s.reason = "level 10"
            s.pending = []
            if self.history: self._say(f"{' and '.join(self._pn(i) for i in w)} {'reach' if len(w) > 1 else 'reaches'} Level 10 and {'win' if len(w) > 1 else 'wins'}!")

    # ------------------------------------------------------------------ discarding at will
    def _rc_cards(self, seat: int) -> list[int]:
        """``seat``'s Race and Class cards with a Half-Breed / Super Munchkin in play: the
        cards discarded at will (:meth:`_rule_discard`)."""
        p = self.state.players[seat]
        return p.races + p.classes + [x for x in (p.half_breed, p.super_munchkin) if x >= 0]

    def _rule_discard(self, seat: int, c: int) -> str | None:
        """Any time, a player may discard their own Race or Class card (core rules, 6. When You
        May Act; 8.) - a dead one too, the cards kept for the new character (7. Death lists
        what the dead may not do, and not this: ``Dispatch._why_anytime``) - a
        Half-Breed or Super Munchkin too: the rulebook does not say, the official FAQ
        (worldofmunchkin.com/faq, on discarding cards in play) counts them with the Race and
        Class cards; with two Races (Classes) left the player keeps one
        (:meth:`Checks._state_checks`, ``choose`` why ``unmix``)."""
        p = self.state.players[seat]
        if c in p.races or c in p.classes or (c >= 0 and (c == p.half_breed or c == p.super_munchkin)):
            return None
        if 0 <= c < len(self.specs) and self._is_item(c) and (c in p.equipped or c in p.carried):
            return (f"an Item is not discarded just because: sell it, trade it or give it away ({R_ITEMS}; "
                    f"only a Race or Class card is discarded at will, {R_STATS})")
        return f"only a Race or Class card of yours may be discarded at will ({R_STATS})"

    def _why_discard(self, seat: int, a: Action) -> str | None:
        """Discarding a Race or Class card at will, any time (core rules, 6. When You May Act;
        8.), the own Charity included (:meth:`Charity._why_charity_play`)."""
        s = self.state
        r = self._rule_discard(seat, a.card)
        if r is not None and s.phase == "combat":
            return running() if s.combat.stage == "run" else \
                f"no trading, selling, stealing or item changes during combat ({R_COMBAT})"
        return r

    def _anytime_discard(self, seat: int, a: Action, actor: int) -> str | None:
        return self._rule_discard(seat, a.card)

    def _do_discard(self, seat: int, a: Action) -> None:
        self._lose_card(seat, a.card)
        if self.history: self._say(f"{self.state.players[seat].name} discards {self.name(a.card)}.")

    # ------------------------------------------------------------------ looting the body
    def _loot_options(self, d: dict) -> tuple:
        """The cards left in the corpse of ``d["dead"]``."""
        for dead, cards in self.state.corpses:
            if dead == d["dead"]:
                return tuple(cards)
        return ()

    def _loot_answer(self, d: dict, seat: int, card: int) -> None:
        """A looter takes one card of the corpse into the hand, playable at once if it is a
        Race, Class or Item (core rules, 7. Death; 9.: played when received)."""
        s = self.state
        p = s.players[seat]
        for dead, cards in s.corpses:
            if dead == d["dead"]:
                cards.remove(card)
        self._receive(seat, card)
        if self.history: self._say(f"{p.name} takes {self.name(card)} from the corpse of {self._pn(d['dead'])}.")

    def _discard_unlooted(self) -> None:
        """A corpse nobody loots any more goes to the discards (core rules, 7. Death)."""
        s = self.state
        live = {d["dead"] for d in s.pending if d["kind"] == "choose" and d["why"] == "loot"}
        for entry in s.corpses[:]:
            if entry[0] not in live:
                for c in entry[1]:
                    self._discard(c)
                s.corpses.remove(entry)
