"""Munchkin Fairy Dust as a rules module (``fairy_dust``).

Source: the core rulebook ``seeds/001_2c90c9c946820149.txt``, last section "Munchkin Fairy
Dust" (cited below as ``R_FD`` plus the sub-heading). Switched on by any card of the
``fairy_dust`` set, a Fairy Dust card of any set, or by ``GameOptions(modules=("fairy_dust",))``.

Options (``GameOptions.module_options["fairy_dust"]``):

* ``fairy_top`` (bool, default False): shuffle the Sparkly Good Fairy into the top part of the
  Door deck only. The rulebook says "the top inch or so"; this module reads that as the top
  ``top_n`` cards. It is done while shuffling, so the opening deal (4 Doors a player) comes
  after it: with ``top_n`` below the Doors dealt she always starts in a hand.
* ``top_n`` (int, default 10): size of that top part, and of the top of the Door deck she is
  shuffled back into after a lost fight (the rulebook's "top 10 Door cards").
* ``fairy_level`` (int or None, default None): her Level. Not printed in our sources (the card
  data holds ``null``); unset means the core's reading of an unknown Level (the card's level,
  0 when null), exactly as for any other monster with an unknown Level. Set it to play her.
* ``fairy_treasures`` (int, default 4): regular Treasures for killing her - the rulebook's
  "four regular Treasure cards" (Killing the Sparkly Good Fairy), not a printed card value.

Cancelling a Curse cast at another player earns a Fairy Dust card (``on_curse_cancelled``).
A Fairy still in the fight when it is lost or run from was not defeated: she goes back among
the top Door cards (R_FAIL: "if you can't defeat" her, she does not vanish). One a card or an
ability sends out of the combat (a Wizard's charm, a Friendship Potion, a card that discards
her, an Illusion that swaps her for another monster) is defeated, with her Treasure or without: core rules, 7. Combat count a monster got rid
of by a card or an ability as defeated, a victory with no Level and Treasure only as the card
says - the same victory that earns her helper a Fairy Dust card (R_GET). She stays discarded
like any monster sent away; it is no kill, so her two Fairy Dust cards (R_KILL: "if you kill
her") are not drawn and the mini-deck is still earned the usual way. The Fairy Dust rules name
only the kill and the failure: this is our reading of the rest. One a card slays (the
language's ``slay``) is killed: her two
Fairy Dust cards come with the combat's other rewards (``on_combat_end``); with no reward (the
rest of the combat run from or lost) she is killed all the same, so the Fairy Dust left goes
on top of the Treasure deck and is earned no more.
A charmed player must help whoever asks, but not in a fight that would give the asker Level 10:
the official FAQ (Important Note #1: Reaching Level 10) and the newer rulebooks (Scooby-Doo
rules, Asking for Help) let nobody be forced to help a win; a charmed helper in a fight that
becomes one is put out of it (``Helping._backout_check``).
Fairy Dust cards with a Gold value are Items (R_GET; the core's ``Game._is_item``). The Fairy
Dust rules say nothing more about them, so every Item rule of the core applies, through the
core's own code: they are played by the core's Item play - in use when their owner may use
them with the slot free, their bonus counting, else carried (``Items._lasting_item``; core
rules, 9.) - and put in and out of use like any Item; played on your own turn out of combat
(your Charity included), or at once when earned on another player's turn (core rules, 9.: an
Item just received),
traded with the core's ``give`` at any time neither player is in a combat (core rules, 9.
Trading; ``fd_give`` is the same trade listed on your own turn), lost to Bad Stuff and Curses
that take Items, and sold like any Item by the core's one sale rule (``Items._why_sell``;
core rules, 9. Selling Items: own turn, out of combat, Charity included, a Level per 1,000
Gold or the price a rules module sets, no change, never the winning Level, a Halfling's one
double-price card). Fairy Dust without a value is not an Item: it cannot be traded (R_GET) nor
sold (core rules, 9.: only Items are sold, for their value); played, its text (unknown for the
real cards) is resolved by hand and the card leaves the game (R_FD: discarded Fairy Dust). The
rulebook gives such a card no moment: our reading is your own turn, out of combat.

The Sparkly Good Fairy's card is ``manual`` in the data (her Level and text are not printed in our
sources) but this module resolves her rules (``resolves_manual``): however she enters a combat
(kicked, Look for Trouble, a Wandering Monster, a room in Star Munchkin Adventures) no
ResolveByHand decision is queued for her.
"""
from __future__ import annotations

from typing import Any

from ...plural import plural
from .. import rng as _rng
from ..actions import KINDS, Action
from ..rules import RulesModule, register_module

R_FD = "Munchkin Fairy Dust rules"
R_GET = f"{R_FD}: Getting Fairy Dust Cards"
R_KILL = f"{R_FD}: Killing the Sparkly Good Fairy"
R_FAIL = f"{R_FD}: Failing to Kill the Sparkly Good Fairy"
R_BAD = f"{R_FD}: Sparkly Good Bad Stuff"

KINDS.setdefault("fd_give", "Fairy Dust: give Fairy Dust Item c you have in play to player t (trading)")


def is_fairy(game, c: int) -> bool:
    """The Sparkly Good Fairy: by name, or a card whose ``effects.fairy_dust.fairy`` is true."""
    return spec_is_fairy(game.specs[c], game._part(c, "fairy_dust"))


def spec_is_fairy(sp, fd) -> bool:
    """:func:`is_fairy` of a card spec (a deck's card, no game): ``fd`` its ``fairy_dust``
    part (a mapping or None; the engine passes the compiled part, a deck check the card's
    ``effects.fairy_dust``: this module never reads raw effects)."""
    return sp.kind == "monster" and (sp.name.strip().lower() == "sparkly good fairy" or bool((fd or {}).get("fairy")))


def is_dust(game, c: int) -> bool:
    return game.specs[c].kind == "fairy_dust"


@register_module
class FairyDustModule(RulesModule):
    """Fairy Dust: the Sparkly Good Fairy in the Door deck and the Fairy Dust mini-deck."""

    name = "fairy_dust"
    #: GameOptions.module_options["fairy_dust"] keys (the module docstring's Options)
    options = {"fairy_top": "bool", "top_n": "count", "fairy_level": "level?", "fairy_treasures": "treasures"}
    sets = ("fairy_dust",)
    parts = ("fairy_dust",)  # a Fairy Dust card of any set (a designer's)
    extra_decks = ("fairy_dust",)
    guest_in = ("door",)  # the Fairy is shuffled into the Door deck (R_FD): no Door pile of her own

    # ------------------------------------------------------------------ state
    def _ms(self, game) -> dict:
        ms = game.state.module_state.get(self.name)
        if ms is None:
            ms = {"killed": False, "charmed": []}
            game.state.module_state[self.name] = ms
        return ms

    def setup(self, game) -> None:
        """Shuffle the Fairy into the Door deck (done by the core shuffle) or, with
        ``fairy_top``, into the top ``top_n`` cards of the Door pile she lies in (R_FD,
        introduction) - before the deal, as the rulebook does it while shuffling. That pile is
        named, not asked for (``Game._pile_key``): at set-up the one-pile-per-set split
        (``piles``) may not be made yet, and asking would make it early."""
        self._ms(game)
        if self.opt(game, "fairy_top", False):
            for key in game._piles_of("door"):
                deck = game.state.decks[key]
                for f in [c for c in deck if is_fairy(game, c)]:
                    deck.remove(f)
                    self._into_top(game, f, key)

    def on_begin(self, game) -> None:
        """The position is re-marked as the game's initial one (``Game.begin``: a scenario's
        set-up, or code that edited the state between actions): what no zone shows is kept - a
        player charmed until their next turn (R_BAD: the charm lasts that long, whatever is
        edited), the Fairy killed (R_KILL: the Fairy Dust is earned no more), a Fairy slain by
        a card whose reward waits for the end of the combat still under way. A game just set up
        keeps its empty state."""
        s = game.state
        prev = s.module_state.get(self.name) or {}
        ms = {"killed": bool(prev.get("killed", False)),
              "charmed": [q for q in prev.get("charmed", ()) if 0 <= q < len(s.players)]}
        if prev.get("slain") and s.combat is not None:
            ms["slain"] = True
        s.module_state[self.name] = ms

    def _into_top(self, game, card: int, key: str | None = None) -> None:
        """Shuffle ``card`` among the top ``top_n`` Door cards (R_FAIL) of the Door pile ``key``,
        by default the one the active player draws from (with one draw pile per set,
        ``piles``: their pile, the fighter's). The top is the list end."""
        s = game.state
        n = int(self.opt(game, "top_n", 10))
        deck = s.decks.setdefault(key or game._pile_key("door"), [])
        top = deck[len(deck) - n:] if n > 0 else []
        del deck[len(deck) - len(top):]
        top.append(card)
        s.rng = _rng.shuffle(s.rng, top)
        deck.extend(top)

    def _give_dust(self, game, seat: int, count: int, why: str) -> int:
        """Draw ``count`` Fairy Dust cards for ``seat`` from the mini-deck; its discards are
        never reshuffled: they are out of the game (R_FD: discarded Fairy Dust)."""
        s = game.state
        pile = s.decks.get("fairy_dust", [])
        got = 0
        p = s.players[seat]
        for _ in range(count):
            if not pile or not p.alive:
                break
            c = pile.pop()
            p.hand.append(c)
            if seat != s.active and game._dust_item(c):
                p.fresh.append(c)  # an Item received off-turn: playable at once (core rules, 9.)
            got += 1
        if got:
            game._say(f"{s.players[seat].name} gets {plural(got, 'Fairy Dust card')} ({why}).")
        return got

    # ------------------------------------------------------------------ combat
    def resolves_manual(self, game, card: int) -> bool:
        """The Fairy's card is ``manual`` in the data (her Level and text are not printed in
        our sources), but this module runs all of her rules: however she enters a combat
        (kicked, Look for Trouble, a Wandering Monster, a room's face-up card in Star Munchkin
        Adventures) the core queues no ResolveByHand decision for her."""
        return is_fairy(game, card)

    def monster_modifier(self, game, index: int) -> int:
        """The Fairy's Level from the ``fairy_level`` option (unknown in the card data)."""
        m = game.state.combat.monsters[index]
        lv = self.opt(game, "fairy_level")
        if lv is not None and is_fairy(game, m):
            return int(lv) - (game.specs[m].level or 0)
        return 0

    def treasure_modifier(self, game, index: int) -> int:
        """Killing her gives ``fairy_treasures`` (4) regular Treasures (R_KILL)."""
        m = game.state.combat.monsters[index]
        if is_fairy(game, m):
            return int(self.opt(game, "fairy_treasures", 4)) - (game.specs[m].treasures or 0)
        return 0

    def on_combat_won(self, game, fighter: int, helper: int, monsters: list[int]) -> None:
        """A helper whose side wins earns one Fairy Dust card per combat (R_GET); a charmed
        helper gets no reward and no Fairy Dust (R_BAD: the asker does not have to reward
        them, so a bribe named in the request is not owed - voided here, as the fighter, free
        to pay nothing, would choose; the engine keeps no gift outside a bribe, and an Item
        may still be given at any time out of combat, core rules 9.) - also one who offered to
        help unasked, the price they named void (R_BAD names only the help asked for; our
        reading: the charm lasts until their next turn and every help in it is unrewarded,
        the reading most players take). When the
        Fairy is among the monsters killed, the helper's card is drawn after the fighter's
        two (:meth:`on_combat_end`)."""
        ms = self._ms(game)
        c = game.state.combat
        if helper < 0:
            return
        if helper in ms["charmed"]:
            c.bribe_n = 0
            c.bribe_items = []
            game._say(f"{game._pn(helper)} was charmed: no reward, no Fairy Dust ({R_BAD}).")
            return
        if not ms["killed"] and not ms.get("slain") and not any(is_fairy(game, m) for m in monsters):
            self._give_dust(game, helper, 1, "helped a winning combat")

    def on_combat_end(self, game, fighter: int, helper: int, won: bool) -> None:
        """Killed: the fighter also draws 2 Fairy Dust cards, then a helper who was not
        charmed draws the one card a winning help earns (R_GET), then the rest of the
        mini-deck goes on top of the Treasure deck and is no longer earned (R_KILL). The
        rulebook does not order the killer's and the helper's draws: the killer's reward comes
        first (our reading; with 2 cards left the helper gets none). Not killed: she is
        shuffled back among the top 10 Door cards (R_FAIL). "The Treasure deck" and "the Door
        deck" are the piles the fighter draws from (one pile per set, ``piles``). A helper's
        bribe of Treasures (core rules, 7. Help: the monster's Treasures) shares her four
        Treasure cards, not the killer's two Fairy Dust cards: R_KILL names them apart from the
        regular Treasure cards, they have their own back and deck, and the helper earns a Fairy
        Dust card of their own (our reading; the rulebooks do not say how a bribe meets them).

        A Fairy a card slew (the language's ``slay``, :meth:`on_monster_left`) was killed: the
        same reward, once the combat is won, or ends with every monster gone (core rules, 7.
        Combat: still a victory; Card Text and These Rules, 3: rewards after the combat). A
        fighter who then runs from the rest, or loses to it, gets none of it (7. Multiple
        Monsters: no Treasures), but she was killed and stays discarded: the Fairy Dust is no
        longer earned and all of it goes on top of the Treasure deck (R_KILL: the mini-deck's
        earning ends with her kill, not with her reward). A combat a card emptied
        draws its Treasures after this hook (``Combat._end_combat``): the rest of the
        mini-deck goes under that many cards, so that it is on top once they are drawn."""
        s = game.state
        c = s.combat
        ms = self._ms(game)
        idx = [i for i, m in enumerate(c.monsters) if is_fairy(game, m)]
        slain = bool(ms.pop("slain", False))
        if not idx and not slain:
            return
        if won or (slain and not c.monsters):
            if not ms["killed"]:
                bribed = helper >= 0 and c.bribe_n > 0
                # a Mate on her is her twin: her whole treasure twice (``_fairies_killed``)
                self._give_dust(game, fighter, 2 * self._fairies_killed(game, idx), "killed the Sparkly Good Fairy" + (
                    "; a bribe shares her Treasure cards only" if bribed else ""))
                if helper >= 0 and helper not in ms["charmed"]:
                    self._give_dust(game, helper, 1, "helped a winning combat")
                # (a combat emptied by a card draws its Treasures after this: they are the
                # four regular ones, so the Fairy Dust goes just under them - on top after)
                self._dust_to_treasure(game, fighter, 0 if won else c.extra_treasures + c.stay_treasures)
            return
        if slain and not ms["killed"]:  # killed, then the rest run from or lost to: no reward
            self._dust_to_treasure(game, fighter, 0)
        for i in reversed(idx):
            f = c.monsters.pop(i)
            for e in c.enh.pop(i):
                game._discard(e)
            self._into_top(game, f)
            game._say(f"The Sparkly Good Fairy is shuffled back into the top of the Door deck ({R_FAIL}).")

    @staticmethod
    def _fairies_killed(game, idx: list) -> int:
        """The Fairies the combat's kill counts: each Fairy at ``idx`` in the combat once, and
        once more for each Mate on her (at least one: a Fairy a card slew has left the
        combat). R_KILL counts her reward as 4 Treasures *plus* 2 Fairy Dust
        cards; a Mate gives the monster a twin, its Treasures and Levels twice (the Mate card;
        the core's ``treasure_count`` doubles her four Treasures), so the twin's two Fairy
        Dust cards come too - the rulebook is silent on a Mate on her; this is the reading
        its own words give (``kill_fairy_with_a_mate_doubles_her_fairy_dust``)."""
        c = game.state.combat
        n = sum(1 + sum(1 for e in c.enh[i] if game._fx[e].get("mate")) for i in idx)
        return max(1, n)

    def _dust_to_treasure(self, game, fighter: int, under: int) -> None:
        """The Fairy is killed: the Fairy Dust left is no longer earned; it goes on top of the
        Treasure deck (R_KILL), under the ``under`` top cards still owed to the combat."""
        s = game.state
        self._ms(game)["killed"] = True
        left = s.decks.get("fairy_dust", [])
        if left:
            pile = s.decks.setdefault(game._pile_key("treasure", fighter), [])
            at = max(0, len(pile) - under)
            pile[at:at] = left
            after = f", under the {plural(under, 'Treasure')} {game._pn(fighter)} draws now" if under else ""
            game._say(f"{plural(len(left), 'Fairy Dust card')} go{'es' if len(left) == 1 else ''} on top of the "
                      f"Treasure deck{after} ({R_KILL}).")
            left.clear()

    def on_monster_left(self, game, monster: int, kept: bool = False, slain: bool = False) -> None:
        """A Fairy a card or an ability sends out of a combat is defeated, with or without her
        Treasure (``kept``: a Wizard's charm; none: a Friendship Potion, a card that discards
        her): core rules, 7. Combat - a monster got rid of by a card or an ability is defeated,
        a victory with no Level and Treasure only as the card says. She stays discarded; only a
        Fairy still in the fight when it is lost or run from comes back (R_FAIL,
        :meth:`on_combat_end`) - as a combat a card empties is a won one for her helper's Fairy
        Dust (R_GET, ``Combat._window_done``). ``slain`` (a card killed her: the language's
        ``slay``) is a kill (R_KILL): her Fairy Dust comes with the combat's other rewards
        (:meth:`on_combat_end`)."""
        if slain and is_fairy(game, monster):  # (her reward waits: on_combat_end)
            self._ms(game)["slain"] = True

    def on_curse_cancelled(self, game, canceller: int, victim: int) -> None:
        """Cancelling a Curse cast at another player earns one Fairy Dust card (R_GET);
        cancelling one aimed at yourself earns nothing; none once the Fairy was killed (R_KILL).
        A charmed player earns it too: the charm's "no Fairy Dust" belongs to helping in a
        combat (R_BAD; our reading, the rulebook ties it to that help only)."""
        if canceller != victim and not self._ms(game)["killed"]:
            self._give_dust(game, canceller, 1, "cancelled a Curse cast at another player")

    def on_bad_stuff(self, game, seat: int, monster: int) -> bool:
        """Caught by the Fairy: charmed until your next turn (R_BAD), which is all her Bad
        Stuff does - the log says so as the Bad Stuff's words."""
        if not is_fairy(game, monster):
            return False
        ms = self._ms(game)
        if seat not in ms["charmed"]:
            ms["charmed"].append(seat)
        game._say(f"{game.name(monster)}'s Bad Stuff: {game._pn(seat)} is charmed until their next turn - "
                  f"must help whoever asks, with no reward and no Fairy Dust ({R_BAD}).")
        return True

    def on_turn_start(self, game, seat: int) -> None:
        ms = self._ms(game)
        if seat in ms["charmed"]:
            ms["charmed"].remove(seat)

    # ------------------------------------------------------------------ death and hands
    def keeps_at_death(self, game, seat: int, card: int) -> bool:
        """Fairy Dust is kept at death (R_GET). It stays in the hand, so it counts toward
        the hand limit like any card."""
        return is_dust(game, card)

    # ------------------------------------------------------------------ actions
    def extra_actions(self, game, seat: int) -> list[Action]:
        s = game.state
        p = s.players[seat]
        out = [Action(seat, "play", c) for c in p.hand if is_dust(game, c)]
        for c in p.in_play():
            if is_dust(game, c):
                out.extend(Action(seat, "fd_give", c, t) for t in range(len(s.players)) if t != seat)
        return out

    @staticmethod
    def _for_the_win(game, fighter: int) -> bool:
        """True when killing every monster of the combat would take ``fighter`` to Level 10:
        a help that a card forces does not hold in a fight for the win (Scooby-Doo rules,
        Asking for Help; Conflicts Between Cards and Rules: nobody can be forced to help you
        reach Level 10)."""
        c = game.state.combat
        if c is None:
            return False
        return game.state.players[fighter].level + game._win_levels() >= 10

    @staticmethod
    def _why_play_dust(game, a: Action) -> str | None:
        """When a Fairy Dust card is played from the hand. One with a Gold value is an Item
        (R_GET), so it follows the core's moment for Items (core rules, 6. When You May Act;
        9. Treasures and Items; ``Game._why_char_time``): on your own turn, or at once when just
        received on another player's turn (a helper's or a Curse-canceller's reward), never
        while you fight or help in a combat. The rulebook gives no moment for Fairy Dust
        without a value (its card text, resolved by hand, would): read as your own turn, out
        of combat. Never in the set-up (nobody holds Fairy Dust then)."""
        s = game.state
        p = s.players[a.player]
        if a.card not in p.hand:
            return f"{game._cn(a.card)} is not in your hand"
        if s.phase == "setup":
            return "nobody plays Fairy Dust in the set-up: it is earned in play (Munchkin Fairy Dust rules)"
        if game._dust_item(a.card):
            return game._why_char_time(a.player, a.card, item=True)
        if s.phase == "combat" or s.active != a.player:
            return ("Fairy Dust without a value is played on your own turn, out of combat (our reading: "
                    f"the {R_FD} give it no moment)")
        return None

    def check_action(self, game, a: Action) -> Any:
        """Charmed players must accept a help request (R_BAD), except in a fight for the win
        (a forced helper may always say no then: Scooby-Doo rules, Asking for Help). Fairy Dust with a Gold value
        is an Item: played by the core's Item play, traded from the table (R_GET); one without a
        value has no effect data and is resolved by hand."""
        s = game.state
        ms = self._ms(game)
        if s.pending:
            d = s.pending[0]
            if d["kind"] == "help" and a.kind == "refuse" and a.player in ms["charmed"] \
                    and not self._for_the_win(game, d["from"]):
                return f"you are charmed by the Sparkly Good Fairy: you must help ({R_BAD})"
            return NotImplemented
        if a.kind == "play" and 0 <= a.card < len(game.specs) and is_dust(game, a.card):
            return self._why_play_dust(game, a)
        if a.kind == "give" and 0 <= a.card < len(game.specs) and is_dust(game, a.card) \
                and not game._dust_item(a.card):
            return f"Fairy Dust without a value is not an Item and cannot be traded ({R_GET})"
        if a.kind == "fd_give":
            p = s.players[a.player]
            if s.phase == "setup":
                return "trading starts after the set-up (core rules, 9. Trading)"
            if a.card not in p.in_play() or not is_dust(game, a.card):
                return "fd_give: a Fairy Dust Item you have in play"
            if game.specs[a.card].gold is None:
                return f"Fairy Dust without a value is not an Item and cannot be traded ({R_GET})"
            return game._why_give(a.player, a)  # the core's trading rules (9. Trading)
        return NotImplemented

    def apply_action(self, game, a: Action) -> bool:
        s = game.state
        if s.pending:
            return False
        p = s.players[a.player]
        if a.kind == "play" and is_dust(game, a.card) and a.card in p.hand:
            if game._dust_item(a.card):
                return False  # an Item: the core plays it (in use if allowed, else carried)
            p.hand.remove(a.card)
            game._say(f"{p.name} plays {game.name(a.card)} (Fairy Dust without a value: its text is "
                      f"resolved by hand, then it leaves the game).")
            game._push_manual(a.player, a.card, discard=True)
            return True
        if a.kind == "fd_give":
            game._do_give(a.player, a)  # the core's trade: it stays in play (in use if allowed)
            return True
        return False

    def state_view(self, game) -> dict:
        s = game.state
        ms = self._ms(game)
        return {"deck": len(s.decks.get("fairy_dust", [])),
                "out_of_game": [game.name(c) for c in s.discards.get("fairy_dust", [])],
                "killed": ms["killed"], "charmed": list(ms["charmed"]),
                "fairy_level": self.opt(game, "fairy_level")}
