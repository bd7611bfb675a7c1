"""One Door and one Treasure draw pile per set (``piles``).

The publisher's third way of handling a very large mixed deck (Munchkin 7 combining guidance,
our notes in ``shared/data/mixing_rules.md``): keep one draw pile per set, players choosing
which pile to draw from. Switched on by ``GameOptions(modules=("piles",))`` (the deck option
``piles_per_set`` passes it, ``decks.model.Deck.game_options``); never by a card's set.

* ``setup``: the shuffled ``door`` and ``treasure`` decks are split into ``door:<set>`` and
  ``treasure:<set>`` piles (sets in the order their first card appears in the deck list), each
  with its own discard pile; ``door``/``treasure`` stay as (empty) common piles.
* Choice: the active player, on their own turn out of combat (phases start/trouble/end), may
  pick the pile their next Doors / Treasures come from: ``door_pile n=<i>`` /
  ``treasure_pile n=<i>``, ``i`` indexing ``module_state.piles.piles.door`` (resp.
  ``treasure``). The choice stands until changed. Without a choice (bots, existing flows) the
  first drawable pile is used. Every draw of the turn uses the active player's choice
  (kick, Look for Trouble/Loot, Treasures of a won combat, the helper's share included).
* ``deal_pile``: the opening deal (4 Doors and 4 Treasures to each player) takes its cards
  from every set's pile in turn - the first dealt card from the first pile, the next from
  the second, and so on round the drawable piles, the turn going on from one player to the
  next - so the sets are spread evenly over the hands. The rulebooks and the combining
  guidance are silent on dealing from several piles; this is our reading of what most tables
  do (nobody has chosen a pile yet at set-up; dealing everyone from one set's pile would
  leave the others out of the hands). A dead player's new cards are drawn, not dealt: they
  come from the pile that player draws from (``draw_pile``).
* ``draw_pile``: the chosen pile if it can be drawn from, else the next drawable pile. A pile
  with no cards and no discards is exhausted: nobody draws from it (core rules, 3. Handling
  Cards) and it cannot be chosen. An empty pile with discards reshuffles its own discards.
* ``discard_pile``: a Door/Treasure goes to the discard pile of its own set.
* Cards other modules put back into the common ``door``/``treasure`` pile are moved into their
  set's pile at the same depth from the top before the next draw; common discards likewise.
  A rule that puts cards on top of "the Door / Treasure deck" uses the pile the active player
  draws from (``Game._pile_key``: the Sparkly Good Fairy among its top 10 cards, the Fairy
  Dust left after her kill on top of the killer's Treasure pile).
* A set that shuffles its cards into a core deck without a deck of its own
  (``RulesModule.guest_in``: the Sparkly Good Fairy, Fairy Dust rules) makes no pile: its
  cards join the first other set's pile at set-up, and later (put back, discarded) the pile
  the active player draws from. Cards of another deck put into a pile (Fairy Dust on top of
  the Treasure deck) likewise. Our reading: the publisher speaks of piles of whole sets.
"""
from __future__ import annotations

from ..actions import KINDS, Action
from ..rules import RulesModule, register_module

R_PILES = "Munchkin 7 - Cheat With Both Hands, combining sets: one draw pile per set"
R_EMPTY = "core rules, 3. Handling Cards: nobody draws from an exhausted pile"
DECKS = ("door", "treasure")

KINDS.setdefault("door_pile", "Piles per set: your next Door cards come from pile n (module_state piles)")
KINDS.setdefault("treasure_pile", "Piles per set: your next Treasures come from pile n (module_state piles)")
_KIND_DECK = {"door_pile": "door", "treasure_pile": "treasure"}


@register_module
class PilesModule(RulesModule):
    """Per-set Door and Treasure draw piles, the drawing player picking the pile."""

    name = "piles"
    sets = ()

    # ------------------------------------------------------------------ state
    def _ms(self, game) -> dict:
        ms = game.state.module_state.get(self.name)
        if ms is None:
            ms = self._rebuild(game)
        return ms

    def _rebuild(self, game) -> dict:
        s = game.state
        old = s.module_state.get(self.name) or {}
        piles = {d: [k for k in s.decks if k.startswith(d + ":")] for d in DECKS}
        choice = {seat: {d: k for d, k in ch.items() if k in piles.get(d, ())}
                  for seat, ch in (old.get("choice") or {}).items()}
        ms = {"piles": piles, "choice": choice}
        s.module_state[self.name] = ms
        return ms

    @staticmethod
    def _guests(game, deck: str) -> set[str]:
        """Sets that shuffle their cards into ``deck`` without a deck of their own
        (``RulesModule.guest_in``: the Sparkly Good Fairy into the Door deck)."""
        return {st for m in game.modules if deck in m.guest_in for st in m.sets}

    def setup(self, game) -> None:
        """A guest set's cards (:meth:`_guests`) join the first other set's pile, in their
        shuffled places: a pile of its own would be the Fairy alone, met by whoever picks it."""
        s = game.state
        for d in DECKS:
            guests = self._guests(game, d)
            order: list[str] = []
            for sp in game.specs:
                if sp.deck == d and sp.set not in order and sp.set not in guests:
                    order.append(sp.set)
            host = order[0] if order else None
            if host is None:  # nothing but guests: they keep their own pile
                order = [st for st in dict.fromkeys(sp.set for sp in game.specs if sp.deck == d)]

            def set_of(c: int) -> str:
                st = game.specs[c].set
                return host if host is not None and st in guests else st
            cards = s.decks.setdefault(d, [])
            disc = s.discards.setdefault(d, [])
            for st in order:
                key = f"{d}:{st}"
                s.decks[key] = [c for c in cards if set_of(c) == st]
                s.discards[key] = [c for c in disc if set_of(c) == st]
            cards.clear()
            disc.clear()
        self._rebuild(game)

    def on_begin(self, game) -> None:
        self._rebuild(game)

    # ------------------------------------------------------------------ piles
    @staticmethod
    def _drawable(game, key: str) -> bool:
        s = game.state
        return bool(s.decks.get(key)) or bool(s.discards.get(key))

    def _pile_of(self, game, c: int, deck: str | None = None) -> str:
        """The pile of ``deck`` (default the card's own deck) card ``c`` belongs to: its set's.
        A guest set's card (:meth:`_guests`), or a card of another deck put into this one
        (Fairy Dust on top of the Treasure deck), goes to the pile the active player draws
        ``deck`` from (their "Door / Treasure deck"), or the first pile."""
        sp = game.specs[c]
        deck = deck or sp.deck
        s = game.state
        if sp.deck != deck or sp.set in self._guests(game, deck):
            piles = self._ms(game)["piles"].get(deck) or []
            host = self.current(game, s.active, deck) or (piles[0] if piles else None)
            if host is not None:
                return host
        key = f"{deck}:{sp.set}"
        if key not in s.decks:
            s.decks[key] = []
            s.discards[key] = []
            self._ms(game)["piles"].setdefault(deck, []).append(key)
        s.discards.setdefault(key, [])
        return key

    def _sweep(self, game, deck: str) -> None:
        """Move cards found in the common pile (put there by another module) into their set's
        pile at the same depth from the top; common discards into the set's discards."""
        s = game.state
        common = s.decks.get(deck)
        if common:
            n = len(common)
            for i, c in enumerate(list(common)):
                depth = n - 1 - i  # 0 = top
                pile = s.decks[self._pile_of(game, c, deck)]
                pile.insert(max(0, len(pile) - depth), c)
            common.clear()
        disc = s.discards.get(deck)
        if disc:
            for c in disc:
                s.discards[self._pile_of(game, c, deck)].append(c)
            disc.clear()

    def current(self, game, seat: int, deck: str) -> str | None:
        """The pile ``seat`` draws ``deck`` cards from now: the standing choice when it can be
        drawn from, else the first drawable pile (None: all exhausted)."""
        ms = self._ms(game)
        piles = ms["piles"].get(deck, [])
        chosen = (ms["choice"].get(str(seat)) or {}).get(deck)
        for key in ([chosen] if chosen else []) + piles:
            if key in game.state.decks and self._drawable(game, key):
                return key
        return None

    # ------------------------------------------------------------------ hooks
    def draw_pile(self, game, deck: str, seat: int) -> str | None:
        if deck not in DECKS:
            return None
        self._sweep(game, deck)
        return self.current(game, seat, deck)

    def deal_pile(self, game, deck: str, n: int) -> str | None:
        """The ``n``-th card of ``deck`` dealt at set-up comes from the drawable piles in turn
        (module docstring, ``deal_pile``)."""
        if deck not in DECKS:
            return None
        self._sweep(game, deck)
        live = [k for k in self._ms(game)["piles"].get(deck, []) if self._drawable(game, k)]
        return live[n % len(live)] if live else None

    def discard_pile(self, game, card: int) -> str | None:
        if game.specs[card].deck not in DECKS:
            return None
        return self._pile_of(game, card)

    # ------------------------------------------------------------------ actions
    def extra_actions(self, game, seat: int) -> list[Action]:
        s = game.state
        if seat != s.active or s.combat is not None or s.phase not in ("start", "trouble", "end"):
            return []
        ms = self._ms(game)
        out = []
        for kind, d in _KIND_DECK.items():
            cur = self.current(game, seat, d)
            for i, key in enumerate(ms["piles"].get(d, [])):
                if key != cur and self._drawable(game, key):
                    out.append(Action(seat, kind, n=i))
        return out

    def check_action(self, game, a: Action):
        d = _KIND_DECK.get(a.kind)
        if d is None:
            return NotImplemented
        s = game.state
        if a.player != s.active or s.combat is not None or s.phase not in ("start", "trouble", "end"):
            return f"pick a draw pile on your own turn, out of combat ({R_PILES})"
        piles = self._ms(game)["piles"].get(d, [])
        if not 0 <= a.n < len(piles):
            return f"{a.kind}: n must index a {d} pile (0..{len(piles) - 1})"
        if not self._drawable(game, piles[a.n]):
            return f"the {piles[a.n]} pile is exhausted ({R_EMPTY})"
        return None

    def apply_action(self, game, a: Action) -> bool:
        d = _KIND_DECK.get(a.kind)
        if d is None:
            return False
        ms = self._ms(game)
        key = ms["piles"][d][a.n]
        ms["choice"].setdefault(str(a.player), {})[d] = key
        game._say(f"{game.state.players[a.player].name} will draw {d} cards from the {key} pile.")
        return True

    # ------------------------------------------------------------------ views
    def state_view(self, game) -> dict:
        s = game.state
        ms = self._ms(game)
        return {"piles": {d: {k: {"count": len(s.decks.get(k, [])), "discards": len(s.discards.get(k, []))}
                              for k in ms["piles"].get(d, [])} for d in DECKS},
                "choice": {seat: dict(ch) for seat, ch in ms["choice"].items()},
                "drawing": {d: self.current(game, s.active, d) for d in DECKS}}
