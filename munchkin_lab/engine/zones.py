"""Where cards are (core rules, 3. Handling Cards): draw piles and discards (one per deck,
reshuffled when empty), the dice, and the one path of a card out of a player's play
(:meth:`Zones._leave_play`).
"""
from __future__ import annotations

from . import rng as _rng
from .state import PlayerState


class Zones:
    """Mixin of :class:`~munchkin_lab.engine.game.Game`: where cards are: draw piles and discards
    (one per deck, reshuffled when empty), the dice, and the moves of a card out of a player's
    hand or play."""

    def _roll(self) -> int:
        """One six-sided die: a forced result if queued, else the seeded RNG."""
        s = self.state
        if s.forced:
            return s.forced.pop(0)
        s.rng, k = _rng.below(s.rng, 6)
        return k + 1

    def _draw(self, deck: str, seat: int = -1) -> int:
        """Top card of ``deck`` (-1 if none). An empty pile is refilled by shuffling its
        discards; with no discards nobody draws (core rules, 3. Handling Cards). A module's
        ``draw_pile`` hook may name another pile (``seat``: the drawer, default the active)."""
        s = self.state
        if self._h_pile:
            deck = self._pile_key(deck, seat)
        pile = s.decks.get(deck)
        if pile is None:
            return -1
        if not pile:
            disc = s.discards[deck]
            if not disc:
                return -1
            pile.extend(disc)
            disc.clear()
            s.rng = _rng.shuffle(s.rng, pile)
            if self.history: self._say(f"The {deck} deck is reshuffled from its discards.")
        self.draws += 1
        return pile.pop()

    def _pile_key(self, deck: str, seat: int = -1) -> str:
        """The pile a draw from ``deck`` by ``seat`` (default the active player) comes from: a
        module's ``draw_pile`` hook may name another (one draw pile per set). A rule that puts
        cards back "on top of the Door / Treasure deck" puts them on this pile."""
        if self._h_pile:
            s = self.state
            for m in self._h_pile:
                deck = m.draw_pile(self, deck, s.active if seat < 0 else seat) or deck
        return deck

    def _piles_of(self, deck: str) -> list[str]:
        """Every draw pile of ``deck``: the pile itself and, with one draw pile per set
        (``piles``), its per-set piles ``<deck>:<set>``, each with its own discards. A rule on
        "the Door deck" as a whole (reshuffle its discards) acts on each of them."""
        return [k for k in self.state.decks if k == deck or k.startswith(deck + ":")]

    def _reshuffle(self, deck: str) -> bool:
        """A rule or card shuffles the discards of ``deck`` ("door"/"treasure") back into it
        (the card-effect language's op ``reshuffle``; K-Ghoul Mart, Scooby-Doo rules, Dungeons
        and Portals): each draw pile of the deck takes back its own discards and is shuffled
        (one draw pile per set, ``piles``: :meth:`_piles_of`). A pile with no discards is left
        as it is (nothing goes back into it; the RNG is not used). Returns whether any card
        went back."""
        s = self.state
        done = False
        for k in self._piles_of(deck):
            if s.discards.get(k):
                s.decks[k].extend(s.discards[k])
                s.discards[k].clear()
                s.rng = _rng.shuffle(s.rng, s.decks[k])
                done = True
        return done

    def _take_pile(self, deck: str, seat: int = -1) -> list[int]:
        """The discard pile of ``deck`` ("door"/"treasure") that player ``seat`` (default the
        active player, whose draws the turn's are: the kick, a combat's Treasures) takes a
        card from in place of a draw or by a card's op: the Cleric's
        resurrection (Cleric class card: the top card of the matching discard pile instead of
        a face-up draw), ``kick_from_discards``, ``take_from_discards``. It is the discards of
        the pile their next ``deck`` card would be drawn from (:meth:`_pile_key`). With one
        draw pile per set (``piles``) each set keeps its own discards and the rulebooks are
        silent on which one matches: our reading (what most players would do) is the
        discards of the set pile the player draws from; a player who wants another set's
        discards picks that pile first (``door_pile`` / ``treasure_pile``). The top card is
        the list end."""
        return self.state.discards.setdefault(self._pile_key(deck, seat), [])

    def _discard_key(self, c: int) -> str:
        """The discard pile card ``c`` goes to: its deck's, or the one a module names."""
        d = self.specs[c].deck
        for m in self._h_dpile:
            d = m.discard_pile(self, c) or d
        return d

    def _discard(self, c: int) -> None:
        """Card ``c`` to its discard pile (a module may name another pile). A card discarded
        has left play: the lasting changes it made ``for: in_play`` end, and those on it
        (a Monster Enhancer or One-Shot at the end of a combat, a discarded Dungeon...)."""
        if self.state.ledger.entries:
            self._lang_card_gone(c)
        if self._h_dpile:
            self.state.discards[self._discard_key(c)].append(c)
            return
        self.state.discards[self.specs[c].deck].append(c)

    def _receive(self, seat: int, c: int) -> None:
        """Card ``c`` comes into player ``seat``'s hand from elsewhere than the own draw of the
        turn's phases (a corpse, Charity, a share of face-up Treasures, a card taken from
        another player's hand, a draw a card gives): it is a card just received, which the
        player may play at once even off turn, out of a combat they fight in (core rules, 6.
        When You May Act: a card you have just received; 9. Treasures and Items: played when
        received). How long "at once" lasts no source says: the rulebooks give only the words
        "immediately" / "just received", the official FAQ has no answer on it, and the
        Munchkin line editor's forum answer only repeats "as soon as you receive the card".
        Our reading, the one that lets a player who may not act at that very moment (another
        player's decision pending, a combat they help in) still use the right: the moment
        lasts until the end of the current turn (``Charity._end_turn`` ends it, before the
        Charity; cards received as Charity stay playable through the next player's turn).
        A card received during a combat the receiver fights or helps in waits for its end
        like any Item (``Playing._why_char_time``)."""
        p = self.state.players[seat]
        p.hand.append(c)
        p.fresh.append(c)

    def _deal(self, p: PlayerState, redeal: bool = False) -> None:
        """4 Door and 4 Treasure cards to player ``p`` (core rules, 2. Setting Up; a new
        character after a death). Dealt cards go to the hand, even one that acts when drawn
        (rulebook silent on dealing it: the player may play it).

        ``redeal``: the new cards of a player who died, drawn at the start of their next turn.
        Both rulebooks call them face-down draws (core rules, 7. Death; Scooby-Doo rules,
        Death), so a rules module hears each Door as one (``on_draw_door``: a Scooby-Doo
        Portal comes with the choice to follow it at once). The opening deal is no draw (the
        rulebooks deal the cards): a Portal dealt is simply in the hand. For the same reason a
        card that acts when drawn acts among the new cards (:meth:`_to_hand`: Divine
        Intervention's Level for every Cleric, the new character too; Hoard!'s three Treasures,
        face down as it came), while one dealt at set-up goes to the hand and acts when the
        set-up ends (``Turn._setup_end``: official FAQ, the starting hands are played first). The other new cards
        go to the hand as dealt ones do (not "just received": they are the new character's
        start, played as at the start of the game).

        Piles: the opening deal asks a module where each card comes from (``deal_pile``, one
        draw pile per set: every set's pile in turn, :meth:`_deal_key`); the new cards after a
        death are the player's own draws (their pile, ``draw_pile``).

        A new card that ends the game (Divine Intervention giving a Cleric Level 10) ends the
        drawing too: the game is over, nothing more happens (core rules, 5.: the first to
        reach Level 10 wins); the cards not yet drawn stay in the decks."""
        seat = next(i for i, q in enumerate(self.state.players) if q is p)
        for deck in ("door", "treasure"):
            for k in range(4):
                if redeal and self._won_now():
                    return
                c = self._draw(self._deal_key(deck, 4 * seat + k) if not redeal and self._h_deal else deck)
                if c < 0:
                    continue
                if not redeal:
                    p.hand.append(c)
                elif deck == "door" and self._door_heard(seat, c):
                    pass  # (a Portal: kept with the choice to follow it at once)
                elif self._acts_when_drawn(c):
                    self._to_hand(seat, c, False)  # (acts at once, face down)
                else:
                    p.hand.append(c)

    def _won_now(self) -> bool:
        """Whether the game is over now: a player at Level 10 is asked for at once (the one
        winner test, ``Character._check_winner``, else run after the action) - a draw that
        gave the winning Level stops what was going on (core rules, 5.)."""
        s = self.state
        if s.phase != "over" and any(q.level >= 10 for q in s.players):
            self._check_winner()
        return s.phase == "over"

    def _deal_key(self, deck: str, n: int) -> str:
        """The pile the ``n``-th card of ``deck`` dealt at set-up comes from (one draw pile per
        set, ``piles``: a module's ``deal_pile``), else ``deck`` (the pile the active player
        draws from)."""
        for m in self._h_deal:
            deck = m.deal_pile(self, deck, n) or deck
        return deck

    def _leave_play(self, seat: int, c: int) -> bool:
        """The one path of a card leaving player ``seat``'s play, whatever sends it (death, a
        trade, a sale, a theft, a Curse, Bad Stuff, a discard, a replacement): an Item (in use
        or carried), a Race, a Class, Half-Breed, Super Munchkin, a Curse that stays, Cheat!,
        a Hireling. The caller puts the card where it goes (discards, another player, a
        corpse). What depended on the card follows it here: the Cheat! on an Item goes with
        the Item; a Hireling's Item is no longer carried over the limits; a Curse that lasts
        until an item of a slot is removed (``removed_with``: Chicken On Your Head and its
        headgear) ends when the item in use of that slot leaves, or an Item of that slot carried
        while none is in use (the card says the headgear is lost, not taken off: turning it
        sideways keeps the Curse, losing the card ends it; with one worn, a spare carried one
        going is not "the" headgear - our sources are silent, the reading most players use;
        the card-effect language's ``until_lost`` changes end the same way; a victim with no
        item of the slot keeps the Curse until one is lost: its penalty does not act on the
        item, so core rules, 10. Curses' "ignore a Curse about something you lack" does not
        apply);
        the Item a Hireling carries
        goes with the Hireling (to the discards); rules modules watching
        (``RulesModule.on_leave_play``) are told. Restrictions, slots, Big items, a Half-Breed
        or Super Munchkin with nothing under it are the state-based checks' (``checks.py``),
        after the action.

        Returns:
            False when ``c`` is not in ``seat``'s play (nothing happens).
        """
        p = self.state.players[seat]
        self._sba_seats.add(seat)
        worn = False
        if c in p.equipped:
            p.equipped.remove(c)
            worn = True
        elif c in p.carried:
            p.carried.remove(c)
        elif c in p.races:
            p.races.remove(c)
        elif c in p.classes:
            p.classes.remove(c)
        elif c == p.half_breed:
            p.half_breed = -1
        elif c == p.super_munchkin:
            p.super_munchkin = -1
        elif c in p.curses:
            p.curses.remove(c)
        elif c == p.cheat:
            p.cheat = -1
            p.cheat_item = -1
        elif c == p.hireling:
            it = p.hireling_item
            p.hireling = -1
            p.hireling_item = -1
            if it >= 0 and self._leave_play(seat, it):
                # the Item the Hireling carries goes with it (official Munchkin FAQ: losing
                # the Hireling takes the attached Item with it); at death the Items leave
                # first, to the corpse (Character._kill)
                self._discard(it)
                if self.history: self._say(f"{self.name(it)} goes with {self.name(c)}.")
        else:
            return False
        self._hcache.clear()  # (_play_moved, inline)
        if p.cheat_item == c:  # the Item under Cheat! is gone: Cheat! goes with it
            ch = p.cheat
            self._leave_play(seat, ch)
            self._discard(ch)
        if p.hireling_item == c:
            p.hireling_item = -1
        slot = self._slots[c]
        # the item of its slot is lost: the one in use, or a carried one while no Item of that
        # slot is in use (see the docstring); it ends the Curses, and the language's
        # ``until_lost`` changes, of that slot
        slot_lost = bool(slot) and (worn or all(self._slots[x] != slot for x in p.equipped))
        if p.curses:
            if slot_lost:
                rw = self._removed_with
                for cu in p.curses[:]:
                    if rw[cu] == slot:
                        self._leave_play(seat, cu)
                        self._discard(cu)
                        if self.history: self._say_after(f"{self.name(cu)} ends with {self.name(c)}.")
        for m in self._h_leave:
            m.on_leave_play(self, seat, c)
        if self._lang:  # the card-effect language: its changes end, leaves_play (abilities.py)
            self._lang_left_play(seat, c, slot_lost)
        return True

    def _play_moved(self) -> None:
        """A card entered, left or moved between the players' zones in play (Races, Classes,
        Half-Breed, Super Munchkin, Items in use, Cheat!, Hireling, Curses): where the card-effect
        language's cards sit (``Abilities._holders``' cache) is looked at afresh. Every change
        of those zones calls it (a card leaving play: :meth:`_leave_play`); a state replaced
        whole (undo, a roll-back, a copy, ``begin``) starts a new cache (``Game._restored``)."""
        self._hcache.clear()

    def _remove_from_play(self, seat: int, c: int) -> None:
        """An Item of ``seat`` leaves play towards another zone (a trade, a theft, a bribe):
        :meth:`_leave_play`."""
        self._leave_play(seat, c)

    def _lose_card(self, seat: int, c: int) -> None:
        """Move card ``c`` of ``seat`` (hand, or in play by :meth:`_leave_play`) to its discard
        pile; nothing when ``seat`` does not hold it."""
        p = self.state.players[seat]
        if c in p.hand:
            p.hand.remove(c)
        elif not self._leave_play(seat, c):
            return
        self._discard(c)

    def all_zones(self) -> list[int]:
        """Every card id in every zone (for conservation checks): each id once exactly."""
        s = self.state
        out: list[int] = []
        for v in s.decks.values():
            out.extend(v)
        for v in s.discards.values():
            out.extend(v)
        for p in s.players:
            out.extend(p.cards())
        if s.combat is not None:
            out.extend(s.combat.monsters)
            for e in s.combat.enh:
                out.extend(e)
            out.extend(s.combat.used)
        for _, cs in s.corpses:
            out.extend(cs)
        out.extend(s.pool)
        out.extend(s.removed)
        for d in s.pending:
            if d["kind"] == "cancel":
                out.append(d["card"])
        for m in self.modules:
            out.extend(m.cards_held(self))
        return out
