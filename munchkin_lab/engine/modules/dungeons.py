"""Munchkin Scooby-Doo! as a rules module (``scooby_doo``): Dungeons, Portals, Ghost and
Pirate joining, Vehicles, Character cards and the set's Classes.

Source: the Scooby-Doo rulebook ``seeds/002_fdfc03a3d41b0039.txt`` (section names cited as
``R_SD``). Switched on by any card of the ``scooby_doo`` set, a Dungeon or Portal of any set, or by
``GameOptions(modules=("scooby_doo",))``.

Options (``GameOptions.module_options["scooby_doo"]``):

* ``dungeons`` (bool; default: on when the deck holds a Dungeon or Portal card): play with
  Dungeons. When on, the deck must hold at least one Dungeon card, else ``Game.new`` raises
  ``ValueError`` before the game starts. With Dungeons off (e.g. base game + the Scooby-Doo
  Ghost monsters) Ghost/Pirate joining, Vehicles, Character cards and Classes still apply;
  no Dungeon comes into play: a Portal turned up at Kick Down the Door does nothing and is
  discarded, and its replacement Door is drawn as usual; one in the hand cannot be played
  (rulebook silent on a game without Dungeons that holds Portals: we read the Portal as a
  card with nothing to act on).
* ``start_dungeon`` (card name, default None): the Dungeon face up at the start ("agree on
  one you like"); None = the top of the shuffled Dungeon deck ("pick one randomly").
* ``base_dungeon`` (bool, default False): the rulebook's Alternate Dungeon Rule, second form
  (R_DUNGEON): the Dungeon in play at the start is the "base dungeon" and is never removed.
  A Portal, discovering an exit or a card that discards the Dungeons discards every Dungeon
  but it, and the Dungeons drawn join it (the rule's "regardless of Portal cards": we read it
  as regardless of anything that discards Dungeons, exits included - the rulebook is silent
  on exits). The rule's first form (play one Dungeon, no Portals) is a deck choice: leave the
  Portals out of the deck.

Card data: a Dungeon reads ``effects.dungeon`` and a Portal ``effects.portal``::

    dungeon: {bonus_if: [{if: ATOM, bonus: INT}],   # each munchkin-side player matching ATOM
              vs_tag: [{tag: ghost, bonus: INT}],   # each munchkin-side player, once, when a
                                                    # monster with that tag is in the combat
              vehicle_bonus: INT,                   # each munchkin-side player riding a Vehicle
              on_reveal: {reshuffle_door_discards: BOOL, each_draws_door: BOOL}}
    portal:  {discard_dungeons: BOOL, draw: INT | {"1-3": 1, "4-6": 2}}

The Dungeons and the Portal the rulebook names carry these fields in
``database/sets/scooby_doo.yaml`` (numbers from the rulebook's examples; our own words).
Inline cards without data fall back to :data:`KNOWN`, the same numbers keyed by name.
Readings where the rulebook is open:

* K-Ghoul Mart: "+3 against Ghosts" is one +3 per munchkin-side player when any Ghost is in
  the combat; the Ghost Hunters' further +3 counts in every combat (the text says "in combat").
  Its reshuffle of the Door discards, with one draw pile per set (``piles``), puts each Door
  pile's discards back into that pile (each pile keeps its own discards); it is the
  card-effect language's op ``reshuffle`` (one home: ``Zones._reshuffle``), so a Door pile
  with no discards is not shuffled again.
  Its "every player may draw a face-down Door" is applied to every living player, each from
  the Door pile they draw from (one draw pile per set, ``piles``: each player's own choice):
  the rulebook is silent on a player who would decline, and a free card off one's own turn
  is never worse to hold (:meth:`ScoobyDooModule._reveal`). Each is a face-down Door draw
  like any other (``Game._door_face_down``): a card that acts when drawn acts (Divine
  Intervention);
  a Portal is the drawer's to follow at once (choice a) only on their own turn out of combat
  (When You May Take Actions: Portals are played on your own turn, not in combat), else it
  stays in their hand for their own turn (choice b).
* Drive-In Movie Theater: "+3 for Vehicles" is read like Crystal Cove's "+3 for Teen Sleuths":
  +3 for each munchkin-side player who rides a Vehicle (one in use), once, however many
  Vehicles they ride (a second one under a Cheat!); the rulebook is silent on two Vehicles.
* The first Dungeon is revealed too: the set-up turns it face up (R_SETUP), which is what
  revealing a Dungeon is, and nothing in the rulebook exempts the set-up, so a K-Ghoul Mart
  dealt first lets every player draw a face-down Door (the Door discards are still empty).
  It is revealed once the opening deal is done (R_SETUP names the deal first:
  ``RulesModule.after_deal``), before the set-up window. A Portal drawn so waits in the hand for its drawer's own
  turn (choice b: there is no turn yet at set-up). A scenario's ``dungeon_in_play`` is a
  position, not a reveal (the position is the whole start); a scenario without it turns the
  top of its Dungeon deck face up as the set-up does (:meth:`ScoobyDooModule.on_begin`).
* Discarding a Dungeon reverses its modifiers because they are computed from the Dungeons in
  play; one-time reveal effects (reshuffles, draws) are not undone.
* A Portal or Dungeon without data is resolved by hand (the core's manual decision).
* Classes: Ghost Hunters as printed in the rulebook's example (its set-file card carries the two
  abilities in the card-effect language; an inline card with its name only gets them from
  here); Brave Adventurer, Meddling Kids and Teen Sleuth have no ability in our sources: no
  effect. The set has no Races.
* Shared victory (``GameOptions.shared_victory``) is this rulebook's (Faster Play Rules): the
  helper of a fight that takes the fighter to Level 10 wins too, whatever their Level, and
  gains no Level for helping (the core's "both gain 1 Level" is not this set's rule).
* Character cards (kind ``character``): dealt one at random per player; after a death the
  player may swap theirs (action ``character``) when they next act on their own turn. The
  Character card is part of the player's character (R_STATS), in play in front of them like
  a Race or Class (``seat_cards``): its abilities in the card-effect language work while it is
  theirs - continuous ones, triggered ones, ``use`` ones with their limits, also at any
  moment of their fight - and it is kept at death (only swapped). It comes into play when
  dealt at set-up and when swapped in (a ``manual`` one is then resolved by hand, its
  ``enters_play`` abilities run); the one swapped out leaves play (its changes end, its
  ``leaves_play`` abilities run) and goes under the Character deck. The printed Characters'
  abilities are not in our sources (the set file has none); the rulebook is silent on when a
  Character acts: as a Class does, while it is in play.
* Giving an Item away (the core's ``give``): this rulebook lets a player give an Item only to
  a player who wants it (R_ITEMS), so the receiver answers first (a pending ``gift``
  decision, ``accept`` / ``refuse``; ``RulesModule.gift_needs_consent``); a refused Item stays
  with the giver. The core rulebook has no such condition (core rules, 9. Trading). A trade
  is not two gifts but one exchange (R_ITEMS names trading apart from giving away): the
  core's ``trade``, both Items moving at once once the partner agrees, so the one-Vehicle
  limit is that after it - two riders may swap Vehicles, a rider may not trade another Item
  for a second Vehicle (:meth:`ScoobyDooModule.check_action`). A bribe is agreed with the
  help request.
* "Discover an exit" (discard four cards) may be done at any time of your own turn, a combat
  included (the rulebook keeps only Portals out of combat), also while another player is the
  one deciding (an any-time action of the active player, ``anytime_kinds``: the interference
  window of your combat, another player's Run Away roll), after any pending decision. Taken
  in an interference window it opens the window again to the others, as a card played there
  does (``CombatCards._combat_changed``). It is listed among the legal actions out of combat
  (the core lists no module actions inside a combat) and among the any-time actions
  (``legal_actions(seat=...)``). The Charity phase is still your turn (the next turn
  begins once Charity is finished: R_KICK's closing line), so an exit may be discovered and a
  Portal played from the hand there too.
* Every Portal followed on your turn is the turn's Portal for choice (b)(c) of R_KICK: one
  turned up at Kick Down the Door (the rulebook's "Remember" calls following it playing a
  Portal: its replacement Door is face up) and one drawn face down and played at once
  (choice a). Choice (a) is never refused for a Portal played before it that turn; being the
  playing of a Portal, it keeps the own-turn, out-of-combat moment of When You May Take
  Actions. The choice is the drawer's next action ("immediately"): when one action draws
  several face-down Portals (the four new Doors of a player who died, R_DEATH; a K-Ghoul
  Mart revealed by a Portal, then its face-down replacement Door), each was drawn face down
  and may be followed at once, one after another (every one of them has choice a; the
  rulebook does not limit choice a to one a turn); the drawer's first other action ends
  that moment and those left wait (choice b). Another player's action meanwhile (a Curse
  played on the drawer at any time) does not end it: the choice is the drawer's. A Portal
  drawn face down in a combat has no choice (a) (no Portal in combat): it is kept (choice b).
* A dead player's new cards (R_DEATH: four face-down cards from each deck at the start of
  the next turn) are face-down draws: a Portal among them comes with choice (a) or (b), a
  card that acts when drawn acts (``Zones._deal``, ``redeal``). The opening deal is dealt, not drawn (R_SETUP): a Portal
  dealt is in the hand, played on one's own turn (choice b; not at set-up, R_ACT).
* A face-up Portal asks the core for its face-up replacement Door (``game._kick``), which the
  core's kick loop draws: a Door pile of nothing but Portals ends the kick instead of looping
  (see ``Game._kick``); a face-down replacement Portal played again and again ends with the
  game's action cap per turn.
"""
from __future__ import annotations

from typing import Any

from ..actions import KINDS, Action
from ..pending import register_choice
from ..rules import RulesModule, register_module
from . import core_zone_cards

R_SD = "Scooby-Doo rules"
R_SETUP = f"{R_SD}, Set-Up"
R_DUNGEON = f"{R_SD}, Dungeons and Portals: Dungeons"
R_PORTAL = f"{R_SD}, Dungeons and Portals: Portals"
R_KICK = f"{R_SD}, Turn Phases: Kick Down the Door"
R_ACT = f"{R_SD}, When You May Take Actions"
R_EXIT = f"{R_SD}, Changing Dungeons Without a Portal"
R_STATS = f"{R_SD}, Character Stats"
R_CLASS = f"{R_SD}, Character Stats: Class"
R_VEHICLE = f"{R_SD}, Treasures: Vehicles"
R_ITEMS = f"{R_SD}, Treasures: Items"
R_DEATH = f"{R_SD}, Death"
R_JOIN = f"{R_SD}, Monsters: Ghost and Pirate Monsters"
R_FASTER = f"{R_SD}, Faster Play Rules"

KINDS.setdefault("portal", "Scooby-Doo: play Portal c from your hand (own turn, out of combat)")
KINDS.setdefault("exit", "Scooby-Doo: discover an exit - discard the 4 cards cs from your hand, replace the Dungeon(s); "
                 "without cs you then choose the four one by one (choose c)")
KINDS.setdefault("character", "Scooby-Doo: after a death, swap your Character card for card c")

#: The same numbers as the card data, keyed by name, for inline cards that carry no effect
#: data (scenario files written with names only).
KNOWN: dict[str, dict] = {
    "k-ghoul mart": {"dungeon": {"vs_tag": [{"tag": "ghost", "bonus": 3}],
                                 "bonus_if": [{"if": "class:ghost hunters", "bonus": 3}],
                                 "on_reveal": {"reshuffle_door_discards": True, "each_draws_door": True}}},
    "crystal cove neighborhood": {"dungeon": {"bonus_if": [{"if": "class:teen sleuth", "bonus": 3}]}},
    "drive-in movie theater": {"dungeon": {"vehicle_bonus": 3}},
    "creepy cemetery entrance": {"portal": {"discard_dungeons": True, "draw": {"1-3": 1, "4-6": 2}}},
}


def card_data(game, c: int, key: str) -> dict | None:
    """Part ``key`` of card ``c`` as compiled (``Game._part``), else the :data:`KNOWN` entry for
    its name, else None."""
    sp = game.specs[c]
    d = game._part(c, key)
    if d:
        return d
    return KNOWN.get(sp.name.strip().lower(), {}).get(key)


@register_module
class ScoobyDooModule(RulesModule):
    """Dungeons, Portals, Ghost/Pirate joining, Vehicles, Character cards, Ghost Hunters."""

    name = "scooby_doo"
    #: GameOptions.module_options["scooby_doo"] keys (the module docstring's Options)
    options = {"dungeons": "bool", "start_dungeon": "str?", "base_dungeon": "bool"}
    sets = ("scooby_doo",)
    parts = ("dungeon", "portal")  # a Dungeon or Portal of any set (a designer's)
    joining_tags = ("ghost", "pirate")
    joining_rule = R_JOIN
    extra_decks = ("dungeon", "character")
    shared_victory_wins = True
    gift_needs_consent = True
    anytime_kinds = ("exit",)  # at any time of your own turn, another player deciding too (R_EXIT)

    # ------------------------------------------------------------------ state
    def _dungeons(self, game) -> bool:
        """Play with Dungeons: the ``dungeons`` option when set, else whether the deck holds
        a Dungeon or Portal card (cached per card list)."""
        v = self.opt(game, "dungeons")
        if v is not None:
            return bool(v)
        specs = game.specs
        cached = getattr(self, "_dungeons_cache", None)
        if cached is not None and cached[0] is specs and cached[1] == len(specs):
            return cached[2]
        on = any(sp.kind in ("dungeon", "portal") or sp.deck == "dungeon" for sp in specs)
        self._dungeons_cache = (specs, len(specs), on)
        return on

    def _ms(self, game) -> dict:
        ms = game.state.module_state.get(self.name)
        if ms is None:
            ms = self._fresh_state()
            game.state.module_state[self.name] = ms
        return ms

    @staticmethod
    def _fresh_state() -> dict:
        return {"in_play": [], "changed_turn": -1, "fresh": [], "fresh_at": -1,
                "characters": {}, "may_swap": [], "base": -1}

    def _mark_base(self, game, ms: dict) -> None:
        """With ``base_dungeon`` on, the first Dungeon in play at the start is the base
        Dungeon (Alternate Dungeon Rule, R_DUNGEON); in a scenario, the first one listed in
        ``dungeon_in_play``."""
        ms["base"] = ms["in_play"][0] if self.opt(game, "base_dungeon") and ms["in_play"] else -1

    def setup(self, game) -> None:
        """One Dungeon turned face up (chosen by ``start_dungeon`` or the top of the shuffled
        deck), revealed once the cards are dealt (:meth:`after_deal`); one Character card at
        random to every player (R_SETUP)."""
        s = game.state
        ms = self._ms(game)
        if self._dungeons(game):
            deck = s.decks.setdefault("dungeon", [])
            s.discards.setdefault("dungeon", [])
            if not any(sp.kind == "dungeon" for sp in game.specs):
                raise ValueError(
                    "scooby_doo: this deck switches on Dungeons (Portal cards or the dungeons "
                    "option) but holds no Dungeon card: add the Dungeon deck, or set "
                    "module_options.scooby_doo.dungeons: false")
            want = self.opt(game, "start_dungeon")
            if want:
                pick = [c for c in deck if game.specs[c].name.lower() == str(want).lower()]
                if not pick:
                    raise ValueError(f"scooby_doo: start_dungeon {want!r} is not in the Dungeon deck")
                deck.remove(pick[0])
                first = pick[0]
            else:
                first = deck.pop() if deck else -1
            if first >= 0:  # turned face up: in play now, revealed once the cards are dealt
                ms["in_play"].append(first)
            self._mark_base(game, ms)
        chars = s.decks.get("character", [])
        for seat in range(len(s.players)):
            if chars:
                self._character_in(game, seat, chars.pop())

    def after_deal(self, game) -> None:
        """The first Dungeon, turned face up at set-up, is revealed once the cards are dealt
        (R_SETUP names the deal first): the log names it, and its on-reveal effect runs (:meth:`_revealed`: a
        K-Ghoul Mart's face-down Door for every player), after every module's set-up (one
        draw pile per set: ``piles`` has made its piles)."""
        for d in list(self._ms(game)["in_play"]):
            game._say(f"Dungeon: {game.name(d)} (turned face up at set-up).")
            self._revealed(game, game.state.active, d)

    def on_begin(self, game) -> None:
        """Scenario set-up: Dungeons in play come from the pseudo-pile ``dungeon_in_play`` (a
        position: not revealed), Character cards from ``character:<seat>`` (dealt: each comes
        into play as at set-up, :meth:`_character_in`, so a manual one is resolved by hand as
        in a game); with no
        ``dungeon_in_play`` the top Dungeon is turned face up and revealed, as at set-up
        (R_SETUP; its draws come before a scenario's ``deal``)."""
        s = game.state
        prev = s.module_state.get(self.name) or self._fresh_state()
        core = core_zone_cards(game, self)
        ms = self._fresh_state()
        ms["in_play"] = [d for d in prev["in_play"] if d not in core]
        ms["characters"] = {k: v for k, v in prev["characters"].items() if v not in core}
        s.module_state[self.name] = ms
        pile = s.decks.pop("dungeon_in_play", None)
        s.discards.pop("dungeon_in_play", None)
        if pile is not None:
            ms["in_play"] = list(reversed(pile))
        elif not ms["in_play"] and self._dungeons(game) and s.decks.get("dungeon"):
            self._reveal(game, s.active, s.decks["dungeon"].pop())
        self._mark_base(game, ms)
        for key in [k for k in s.decks if k.startswith("character:")]:
            cards = s.decks.pop(key)
            s.discards.pop(key, None)
            seat = key.split(":", 1)[1]
            names = [p.name for p in s.players]
            seat = str(names.index(seat)) if seat in names else seat
            if cards:  # dealt to the player: it comes into play as at set-up (a manual one is
                # resolved by hand, its enters_play abilities run: _character_in)
                for extra in cards[:-1]:
                    s.decks.setdefault("character", []).insert(0, extra)
                self._character_in(game, int(seat), cards[-1])

    # ------------------------------------------------------------------ dungeons
    def _reveal(self, game, seat: int, d: int) -> None:
        """A Dungeon enters play; its on-reveal effect runs (R_DUNGEON; K-Ghoul Mart text).

        K-Ghoul Mart's players *may* draw a face-down Door: every living player draws one, in
        turn order from ``seat``, without being asked. A free card is never worse to hold
        (nothing in the rules punishes a large hand off one's own turn; Charity is at the end
        of one's own turn), so this is the choice every player makes; a decision per player
        would only add a click. The rulebook is silent on refusing."""
        self._ms(game)["in_play"].append(d)
        game._say(f"Dungeon: {game.name(d)}.")
        self._revealed(game, seat, d)

    def _revealed(self, game, seat: int, d: int) -> None:
        """Dungeon ``d``, in play, has just been revealed: its on-reveal effect (its data's
        ``on_reveal``; the language's ``revealed``; a Dungeon without data is resolved by
        hand)."""
        s = game.state
        data = card_data(game, d, "dungeon")
        lang = game._lang and game._lrun[d] is not None  # written in the card-effect language
        if data is None and not lang:
            game._push_manual(seat, d, discard=False)
            self._revealed_others(game, seat, d)
            return
        if lang and "revealed" in game._lrun[d]:
            game._lang_fire_card("revealed", d, -1, seat)
        self._revealed_others(game, seat, d)
        rev = (data or {}).get("on_reveal") or {}
        if rev.get("reshuffle_door_discards"):  # the one home of the op reshuffle (Zones._reshuffle)
            if game._reshuffle("door"):
                game._say("The Door discards are shuffled back into the Door deck.")
        if rev.get("each_draws_door"):
            n = len(s.players)
            for i in range(n):
                q = (seat + i) % n
                if s.players[q].alive:
                    c = game._draw("door", q)  # from the pile q chose (one pile per set: piles)
                    if c >= 0:
                        game._door_face_down(q, c)  # a Portal: on_draw_door; Divine Intervention acts
            game._say("Every player draws a face-down Door.")

    @staticmethod
    def _revealed_others(game, seat: int, d: int) -> None:
        """The language's ``revealed`` for every other card that waits for it (an Item, a
        Race...), after the Dungeon's own abilities (the contract: the card of the event
        first, then the others in firing order)."""
        if game._lang and "revealed" in game._lt:
            game._lang_fire("revealed", seat, skip=d)

    def _discard_dungeons(self, game) -> None:
        """Discarded Dungeons go beside the Dungeon deck; their modifiers end with them; then
        their ``leaves_play`` abilities run (the language's trigger: any path out of play),
        for the active player. The base Dungeon of the Alternate Dungeon Rule
        (``base_dungeon``) stays (R_DUNGEON)."""
        ms = self._ms(game)
        base = ms.get("base", -1)
        gone = [d for d in ms["in_play"] if d != base]
        ms["in_play"] = [d for d in ms["in_play"] if d == base]
        for d in gone:
            game._discard(d)
        if gone:
            game._say("All Dungeons in play but the base Dungeon are discarded." if ms["in_play"]
                      else "All Dungeons in play are discarded.")
            for d in gone:  # (after they all left: the active player's event)
                game._lang_unowned_left(d, game.state.active)

    def card_changed_dungeons(self, game, card: int, player: int) -> None:
        """Card ``card`` of ``player`` discards or draws Dungeons (an op of the card-effect
        language): a card other than a Dungeon that does so on its player's own turn is that
        turn's "other dungeon-changing card", after which no Portal may be played from the
        hand (R_KICK, choice b (c)). A Dungeon's own effect (a reveal that draws another) is no
        card played: it does not count (the rulebook names cards played)."""
        s = game.state
        if player == s.active and 0 <= card < len(game.specs) and game.specs[card].kind != "dungeon":
            self._ms(game)["changed_turn"] = s.turn

    def _new_dungeons(self, game, seat: int, count: int) -> None:
        for _ in range(count):
            d = game._draw("dungeon")
            if d < 0:
                game._say("No Dungeon left to draw.")
                return
            self._reveal(game, seat, d)

    def _follow_portal(self, game, seat: int, card: int, after: str) -> None:
        """Follow a Portal's instructions (R_PORTAL) - it is the turn's Portal (a later one from
        the hand waits for the next turn: R_KICK, choice b) -, discard it, then draw the replacement
        Door (``after``: "kick" a face-up one, as for a Portal turned up at Kick Down the Door;
        "hand" a face-down one, for a Portal played from the hand). A roll in its instructions
        (Creepy Cemetery Entrance) goes through the one die-roll path: a Loaded Die may answer
        it (card_facts_more.md 2c), and the Portal goes on once the reactions are in
        (:meth:`_portal_rolled`)."""
        if not self._dungeons(game):  # (option dungeons=false: a Portal has nothing to act on)
            game._say(f"{game.name(card)} does nothing: this game plays without Dungeons.")
            game._discard(card)
            self._after_portal(game, seat, after)
            return
        data = card_data(game, card, "portal")
        if seat == game.state.active:
            self._ms(game)["changed_turn"] = game.state.turn
        game._say(f"{game._pn(seat)} goes through the Portal {game.name(card)}.")
        if data is None:
            game._push_manual(seat, card, discard=True)
            self._after_portal(game, seat, after)
            return
        if data.get("discard_dungeons", True):
            self._discard_dungeons(game)
        draw = data.get("draw", 1)
        if isinstance(draw, dict):
            if game._lang and game._lang_die_window(seat, ("module", self.name, "_portal_rolled", seat, card, after)):
                self._ms(game)["following"] = card  # the Portal waits for its die (cards_held)
                return
            self._portal_rolled(game, seat, card, after)
            return
        self._portal_draws(game, seat, card, int(draw), after)

    def _portal_rolled(self, game, seat: int, card: int, after: str) -> None:
        """The Portal's die (the next in line, as answered): how many Dungeons it draws
        (a Chicken on the head takes 1 off: all die rolls)."""
        self._ms(game).pop("following", None)
        draw = card_data(game, card, "portal")["draw"]
        r = max(1, min(6, game._roll_mod(seat, game._roll())))
        game._say(f"{game._pn(seat)} rolls {r}.")
        n = 0
        for key, v in draw.items():
            lo, _, hi = str(key).partition("-")
            if int(lo) <= r <= int(hi or lo):
                n = int(v)
        self._portal_draws(game, seat, card, n, after)

    def _portal_draws(self, game, seat: int, card: int, n: int, after: str) -> None:
        self._new_dungeons(game, seat, n)
        game._discard(card)
        self._after_portal(game, seat, after)

    def _after_portal(self, game, seat: int, after: str) -> None:
        """The replacement Door of a Portal (R_PORTAL): face up for one turned up at Kick Down
        the Door (resolved as kicked, by the core's kick), face down for one played from the
        hand (into the hand; another Portal there may be played at once)."""
        if after == "kick":
            game._say(f"{game._pn(seat)} draws a face-up replacement Door.")
            game._kick(seat)
            return
        c = game._draw("door")
        if c >= 0:
            game._say(f"{game.state.players[seat].name} draws a face-down replacement Door.")
            game._door_face_down(seat, c)  # (another Portal: on_draw_door, playable at once)

    # ------------------------------------------------------------------ combat
    def _ghosts(self, game) -> int:
        """Ghosts in the combat, those a card made Ghosts included (R_JOIN; R_CLASS), each
        Mate on one counted as one more Ghost (the core Mate card in a mix: a twin just like
        it; the card-effect language counts it so too, ``interp.amount_of``)."""
        c = game.state.combat
        if not c:
            return 0
        ma = game._mate
        return sum(1 + sum(1 for e in c.enh[i] if ma[e])
                   for i, m in enumerate(c.monsters) if game.monster_has_tag(m, "ghost"))

    def _rides(self, game, seat: int) -> bool:
        p = game.state.players[seat]
        return any(game.specs[e].slot == "vehicle" and game.can_use(seat, e) for e in p.equipped)

    def combat_modifier(self, game, seat: int) -> int:
        """Dungeon modifiers for every player (R_DUNGEON) and the Ghost Hunters' +2 per Ghost
        (R_CLASS, example Class card)."""
        c = game.state.combat
        total = 0
        for d in self._ms(game)["in_play"]:
            data = card_data(game, d, "dungeon") or {}
            for cond in data.get("bonus_if", ()):
                if game.matches(seat, cond["if"]):
                    total += cond["bonus"]
            for cond in data.get("vs_tag", ()):
                if c and any(game.monster_has_tag(m, cond["tag"]) for m in c.monsters):
                    total += cond["bonus"]
            if data.get("vehicle_bonus") and self._rides(game, seat):
                total += data["vehicle_bonus"]
        if self._ghost_hunter_by_name(game, seat):
            total += 2 * self._ghosts(game)
        return total

    def run_away_modifier(self, game, seat: int, index: int) -> int:
        """Ghost Hunters: +2 to Run Away when a Ghost is in the combat (R_CLASS)."""
        return 2 if self._ghost_hunter_by_name(game, seat) and self._ghosts(game) else 0

    @staticmethod
    def _ghost_hunter_by_name(game, seat: int) -> bool:
        """``seat`` has a Ghost Hunters Class card that carries no ``abilities:`` (an inline
        card written with its name only): the module gives it the rulebook example's two
        abilities (R_CLASS), like :data:`KNOWN` for Dungeons. The set file's card carries them
        in the card-effect language (``database/sets/scooby_doo.yaml``), which the engine runs
        instead."""
        p = game.state.players[seat]
        return any(game.specs[c].name.strip().lower() == "ghost hunters"
                   and not any(ab.origin.startswith("abilities") for ab in game._prog[c].abilities)
                   for c in p.classes)

    # ------------------------------------------------------------------ doors
    def on_draw_door(self, game, seat: int, card: int, face_up: bool) -> bool:
        """Portals (R_KICK, R_PORTAL): face up -> follow now, then a face-up replacement Door
        (treated as kicked); face down -> into the hand, where it may be played at once
        (choice a, not counted as the turn's dungeon change) or later (choice b). Every
        face-down Door draw comes here (``Game._door_face_down``): Loot the Room, Faster
        Play, a Portal's replacement, K-Ghoul Mart's draw for every player, a card's draw
        (face up too: no kick, ``Game._door_face_down``), a dead player's new cards
        (``Zones._deal``). Several drawn in one action may each
        be followed at once, one after another (:meth:`_fresh_now`), until the drawer's own
        next action; one drawn in a combat is kept (choice b: no Portal in combat, R_ACT).
        Only the active player may follow one at once - playing a Portal is an action of
        your own turn, out of combat (R_ACT; the rulebook's "Remember" calls choice (a)
        playing the Portal) -, so a Portal another player draws off their turn (K-Ghoul
        Mart) is kept in their hand for their own turn (choice b)."""
        if game.specs[card].kind != "portal":
            return False
        s = game.state
        if face_up:
            self._follow_portal(game, seat, card, "kick")
            return True
        s.players[seat].hand.append(card)
        if seat == s.active and s.phase not in ("setup", "combat"):
            # (no turn at set-up, no Portal in a combat: choice b at once)
            ms = self._ms(game)
            ms["fresh"] = self._fresh_now(game, ms) + [card]  # (a new list: undo)
            ms["fresh_at"] = s.turn
        return True

    @staticmethod
    def _fresh(ms: dict) -> list[int]:
        """The Portals the active player drew face down and may still follow at once (choice
        a): a list (a save made before it was one holds one card id, or -1)."""
        f = ms["fresh"]
        return list(f) if isinstance(f, list) else ([f] if f >= 0 else [])

    def _fresh_now(self, game, ms: dict) -> list[int]:
        """:meth:`_fresh` while that moment lasts: drawn this turn (``fresh_at``, the turn) and
        not yet ended by the drawer's own next action (:meth:`before_action`). Another player's
        action in between (a Curse played on the drawer at any time) leaves it open: the
        choice is the drawer's (R_KICK)."""
        return self._fresh(ms) if ms["fresh_at"] == game.state.turn else []

    # ------------------------------------------------------------------ shared victory
    def on_combat_end(self, game, fighter: int, helper: int, won: bool) -> None:
        """Shared victory (``GameOptions.shared_victory``, R_FASTER): a fight won with a helper
        that takes the fighter to Level 10 makes the helper a winner too, whatever their Level
        (:meth:`winners`); the helper gains no Level for it (this rulebook's shared victory
        replaces the core's "both gain 1 Level", ``RulesModule.shared_victory_wins``).
        Silent in the rulebook, read as most players do: a helper who died in the fight does
        not win (the dead cannot win, R_DEATH)."""
        if won and helper >= 0 and game.options.shared_victory:
            s = game.state
            if s.players[fighter].level >= 10 and s.players[helper].alive:
                self._ms(game)["shared_win"] = [fighter, helper]

    def winners(self, game, seats: list[int]) -> list[int]:
        """The helper of the fight that took the fighter to Level 10 wins with them (R_FASTER)."""
        pair = self._ms(game).pop("shared_win", None)
        if pair and pair[0] in seats and pair[1] not in seats:
            return sorted(seats + [pair[1]])
        return seats

    # ------------------------------------------------------------------ death
    def on_death(self, game, seat: int) -> None:
        """A dead player may swap their Character card (R_DEATH)."""
        ms = self._ms(game)
        if str(seat) in ms["characters"] and game.state.decks.get("character") and seat not in ms["may_swap"]:
            ms["may_swap"].append(seat)

    # ------------------------------------------------------------------ actions
    def _vehicles(self, game, seat: int, but: int = -1) -> list[int]:
        p = game.state.players[seat]
        return [e for e in p.in_play() if game.specs[e].slot == "vehicle" and e != p.cheat_item and e != but]

    def limited_with(self, game, seat: int, card: int) -> list[int]:
        """One Vehicle per player (R_VEHICLE): the other Vehicles of ``seat``'s play when
        ``card`` is a Vehicle; a Vehicle under Cheat! is allowed beside one (the rule's "Cheat!
        cards allow extra Vehicles"). A second one however it came (a card's op, Bad Stuff
        where others take items, a bribe, a Cheat! lost) is the core's state check of such a
        limit (``checks.py``, check 4b); the actions that would choose to make two are refused
        in :meth:`check_action`."""
        if game.specs[card].slot != "vehicle" or card == game.state.players[seat].cheat_item:
            return []
        return self._vehicles(game, seat, but=card)

    def big_exempt(self, game, seat: int, card: int) -> bool:
        """Vehicles are Big but do not count against the one-Big-item limit (R_VEHICLE)."""
        return game.specs[card].slot == "vehicle"

    def extra_actions(self, game, seat: int) -> list[Action]:
        s = game.state
        p = s.players[seat]
        ms = self._ms(game)
        out = [Action(seat, "portal", c) for c in p.hand if game.specs[c].kind == "portal"]
        if len(p.hand) >= 4 and self._dungeons(game):
            out.append(Action(seat, "exit"))  # the four cards: chosen next (_exit_answer)
        if seat in ms["may_swap"]:
            out.extend(Action(seat, "character", c) for c in s.decks.get("character", []))
        return out

    def _own_turn_out_of_combat(self, game, seat: int) -> str | None:
        """Why ``seat`` may not act "on your own turn, out of combat" now: not its turn, the
        set-up, or a combat. The Charity phase is part of the turn (R_KICK)."""
        s = game.state
        if s.active != seat or s.phase not in ("start", "trouble", "end", "charity"):
            return "only on your own turn, out of combat"
        return None

    def check_action(self, game, a: Action) -> Any:  # noqa: C901
        s = game.state
        if s.pending:
            return NotImplemented
        ms = self._ms(game)
        seat = a.player
        p = s.players[seat]
        k = a.kind
        if k == "portal":
            r = self._own_turn_out_of_combat(game, seat)
            if r:
                return f"a Portal is played {r} ({R_KICK})"
            if a.card not in p.hand or game.specs[a.card].kind != "portal":
                return "portal: a Portal card from your hand"
            if not self._dungeons(game):
                return "this game plays without Dungeons (option scooby_doo.dungeons): a Portal does nothing"
            fresh = a.card in self._fresh_now(game, ms)
            if not fresh and ms["changed_turn"] == s.turn:
                return f"only one Portal or dungeon-changing card per turn ({R_KICK})"
            return None
        if k == "exit":
            if s.active != seat or s.phase not in ("start", "trouble", "end", "combat", "charity"):
                return f"discover an exit at any time of your own turn ({R_EXIT})"
            if not self._dungeons(game):
                return "this game has no Dungeons"
            if not a.cards:
                if len(p.hand) < 4:
                    return f"discover an exit: it takes four cards from your hand, you hold {len(p.hand)} ({R_EXIT})"
                return None
            if len(a.cards) != 4 or len(set(a.cards)) != 4 or any(c not in p.hand for c in a.cards):
                return f"discover an exit: discard exactly four cards from your hand ({R_EXIT})"
            return None
        if k == "character":
            if seat not in ms["may_swap"]:
                return f"a Character card is swapped only after a death ({R_DEATH})"
            if a.card not in s.decks.get("character", []):
                return "character: a Character card not in use"
            return None
        if k == "play" and a.card in p.hand and self.limited_with(game, seat, a.card):
            # the one rule of this set on playing a Vehicle; the moment (set-up, own turn, just
            # received) and the Big count (a Vehicle is exempt: big_exempt) are the core's
            return f"no player can have more than one Vehicle ({R_VEHICLE})"
        if k == "give" and 0 <= a.card < len(game.specs) and 0 <= a.target < len(s.players) \
                and self.limited_with(game, a.target, a.card):
            return f"{s.players[a.target].name} already has a Vehicle ({R_VEHICLE})"
        if k == "trade" and 0 <= a.target < len(s.players) and a.target != seat \
                and a.card in p.in_play() and a.m in s.players[a.target].in_play():
            # one exchange: each rider's Vehicle leaves as the other's comes (R_VEHICLE), so
            # two riders may swap Vehicles; a Vehicle for anything else still gives two
            for q, got, gone in ((a.target, a.card, a.m), (seat, a.m, a.card)):
                if [w for w in self.limited_with(game, q, got) if w != gone]:
                    return f"{s.players[q].name} already has a Vehicle ({R_VEHICLE})"
        if k == "ask_help" and 0 <= a.target < len(s.players) \
                and any(0 <= c < len(game.specs) and self.limited_with(game, a.target, c) for c in a.cards):
            # a bribe hands the Item over when the fight ends (Asking for Help): a Vehicle
            # offered to a player who has one would give them two, as a trade would
            return f"{s.players[a.target].name} already has a Vehicle: it cannot be a bribe ({R_VEHICLE})"
        if k == "steal" and 0 <= a.m < len(game.specs) and self.limited_with(game, seat, a.m):
            # a Thief with a Vehicle may not steal another: he would have two (the theft's own
            # rules are the core's)
            return f"no player can have more than one Vehicle ({R_VEHICLE})"
        return NotImplemented

    def before_action(self, game, a: Action) -> None:
        """A player's own next action ends the moments that last until it, whichever rules
        then apply the action (the core's, this module's or another module's: a Fairy Dust
        card played in a mix): a dead player's Character swap (R_DEATH) unless it is the swap,
        and the active player's choice (a) of the Portals drawn face down (R_KICK: our reading
        of "immediately", the drawer's next action) unless it follows one of them - they are
        kept (choice b). An answer to a pending decision is not such an action (a Curse's
        loss another player forced on the drawer leaves choice (a) open)."""
        s = game.state
        ms = self._ms(game)
        seat = a.player
        if a.kind != "character" and seat in ms["may_swap"] and s.players[seat].alive:
            ms["may_swap"].remove(seat)
        if seat == s.active and a.kind != "portal" and ms["fresh_at"] >= 0:
            ms["fresh"] = []
            ms["fresh_at"] = -1

    def apply_action(self, game, a: Action) -> bool:
        s = game.state
        if s.pending:
            return False
        ms = self._ms(game)
        seat = a.player
        p = s.players[seat]
        if a.kind == "portal":
            fresh = self._fresh_now(game, ms)
            # the other Portals drawn face down with it may still be followed at once (choice
            # a, one after another); a Portal kept from before ends that moment
            left = [c for c in fresh if c != a.card] if a.card in fresh else []
            ms["fresh"] = left
            ms["fresh_at"] = s.turn if left else -1
            p.hand.remove(a.card)
            self._follow_portal(game, seat, a.card, "hand")
            return True
        if a.kind == "exit":
            if not a.cards:  # the player picks the four cards, one decision each
                game._say(f"{p.name} sets out to discover an exit and chooses four cards to discard.")
                s.pending.insert(0, {"kind": "choose", "why": "exit", "player": seat, "picked": []})
                return True
            self._discover_exit(game, seat, a.cards)
            return True
        if a.kind == "character":
            deck = s.decks["character"]
            old = ms["characters"].pop(str(seat), -1)
            deck.remove(a.card)
            ms["may_swap"].remove(seat)
            if old >= 0:  # it leaves play (its changes end, its leaves_play abilities run)
                deck.insert(0, old)
                game._play_moved()
                if game._lang:
                    game._lang_left_play(seat, old, False)
            game._say(f"{p.name} now plays {game.name(a.card)}.")
            self._character_in(game, seat, a.card)
            return True
        return False

    def _discover_exit(self, game, seat: int, cards) -> None:
        """``seat`` discards the four hand ``cards`` and discovers an exit: every Dungeon in
        play is discarded and a new one comes into play (R_EXIT)."""
        for c in cards:
            game._lose_card(seat, c)
        names = [game.name(c) for c in cards]  # discarded face up: public from now on
        game._say(f"{game.state.players[seat].name} discards {', '.join(names[:-1])} and {names[-1]} "
                  "and discovers an exit.")
        self._discard_dungeons(game)
        self._new_dungeons(game, seat, 1)
        game._combat_changed(seat)  # in an interference window: the others may react again

    @staticmethod
    def _exit_options(game, d: dict) -> tuple:
        """The ``exit`` choice's options: the chooser's hand cards not picked yet (the hand
        stays out of the pending entry, so no other seat's view lists it)."""
        picked = d["picked"]
        return tuple(c for c in game.state.players[d["player"]].hand if c not in picked)

    @staticmethod
    def _exit_answer(game, d: dict, seat: int, card: int) -> None:
        """One card picked for the exit; at four the exit is discovered, else the next pick
        is asked. A pick is binding: the rulebook gives no way back once the four are being
        discarded (R_EXIT; our reading, as a card once discarded stays discarded)."""
        picked = d["picked"] + [card]
        if len(picked) < 4:
            game.state.pending.insert(0, {"kind": "choose", "why": "exit", "player": seat, "picked": picked})
            return
        next(m for m in game.modules if m.name == "scooby_doo")._discover_exit(game, seat, picked)

    @staticmethod
    def _exit_open(game, d: dict, opts: tuple) -> bool:
        """Still a choice while the hand holds enough unpicked cards to make up four (a hand
        cannot shrink while the decision waits: nothing else may be done meanwhile)."""
        return len(opts) + len(d["picked"]) >= 4

    def _character_in(self, game, seat: int, c: int) -> None:
        """Character card ``c`` comes into play for ``seat`` (dealt at set-up, R_SETUP, or
        swapped in after a death, R_DEATH): in front of them as a Race or Class card is
        (:meth:`seat_cards`); a ``manual`` one is resolved by hand, its ``enters_play``
        abilities run."""
        self._ms(game)["characters"][str(seat)] = c
        game._play_moved()
        if game.specs[c].manual:
            game._push_manual(seat, c, discard=False)
        if "enters_play" in game._lt:
            game._lang_fire_card("enters_play", c, seat, seat)

    def seat_cards(self, game, seat: int) -> dict[str, int]:
        """The player's Character card, a card in play of theirs (R_STATS; -1: none)."""
        ms = game.state.module_state.get(self.name)
        return {"character": ms["characters"].get(str(seat), -1) if ms else -1}

    # ------------------------------------------------------------------ views
    def cards_held(self, game) -> list[int]:
        ms = self._ms(game)
        return list(ms["in_play"]) + list(ms["characters"].values()) + (
            [ms["following"]] if ms.get("following", -1) >= 0 else [])

    def state_view(self, game) -> dict:
        s = game.state
        ms = self._ms(game)
        return {"dungeons": [game.name(d) for d in ms["in_play"]],
                "dungeon_deck": len(s.decks.get("dungeon", [])),
                "characters": {s.players[int(k)].name: game.name(v) for k, v in sorted(ms["characters"].items())},
                "portal_played_this_turn": ms["changed_turn"] == s.turn,
                "may_swap_character": [s.players[i].name for i in ms["may_swap"]]}


register_choice("exit", ScoobyDooModule._exit_options, ScoobyDooModule._exit_answer, ScoobyDooModule._exit_open)
