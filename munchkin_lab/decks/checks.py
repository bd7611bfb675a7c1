"""Mix checks: cards and combinations that cannot work, or deserve a second look.

:func:`check_deck` returns a list of :class:`Problem` (``level`` ``"error"`` or
``"warning"``), each naming the card, the rule id and the rule's source. The rules, in order:

===================  =======  =================================================================
rule                 level    what
===================  =======  =================================================================
one-game             error    Munchkin cards and Solar Storm ship rooms in one deck: Solar Storm
                              is a separate game (rulebook 003); ``play`` cannot start it
door-treasure        error    a Munchkin mix (or an empty deck) without Door cards, or without
                              Treasure cards (core rulebook 001: play needs both decks)
opening-hands        error    the Door or Treasure pile cannot deal the opening hands (4 Door
                     warning  and 4 Treasure cards a player, core rulebook 001 Setup) and leave
                              a Door to kick: an error for the table size checked (``players``;
                              ``deck check`` without ``--players``: 4, as ``play``; the API
                              without ``players``: the smallest table the sets seat, 2, a
                              Scooby-Doo-only deck 3, :func:`table_size`), a warning naming the
                              largest table the piles serve when it is below 6
reach-winner         error    no monster in the Door pile: Level 10 is won only by killing a
                              monster (core rulebook 001, Winning), so the game would run to
                              the turn cap
door-turn            error    Portals in a Door pile whose other cards the opening hands can
                     warning  take: Kick Down the Door then draws only Portals, each followed
                              by another face-up Door (Scooby-Doo rulebook 002), and the game
                              never ends (error / warning by table size as for opening-hands)
unknown-pile         error    a deck line names a pile (``@pile``) no game has
dungeon-deck         error    Dungeon/Portal cards without any card of the Dungeon deck
                              (Scooby-Doo rulebook 002, Dungeons and Portals); other Scooby-Doo
                              cards (Ghost/Pirate monsters, Vehicles) play with Dungeons off, as
                              the engine's ``scooby_doo`` module does; not with the option
                              ``scooby_doo.dungeons=false`` (the game starts; ``cards-off``)
start-tile           error    room tiles without the START tile (Star Munchkin Adventures,
                              rulebook 000: START is the origin of the grid)
sm2-rooms            error    Star Munchkin 2 Room cards together with Star Munchkin Adventures
                              tiles (rulebook 000: the expansion removes them)
room-tiles           warning  fewer than :data:`MIN_ROOM_TILES` room tiles besides START
                              (Star Munchkin Adventures, rulebook 000): new ground is the
                              only move that draws a Door, and a room holding a card takes no
                              more Door cards, so once the few tiles are laid the rooms fill
                              with the monsters of lost fights and the game seldom ends
solar-storm-rooms    error    Solar Storm rooms with fewer than 8 distinct names (rulebook 003:
                              8 distinct rooms around the Energy Core)
fairy-dust           warning  Sparkly Good Fairy without Fairy Dust cards (core rulebook 001,
                              Fairy Dust: killing her gives Fairy Dust "unless all the FD
                              cards are gone", so she plays without them, as with an empty
                              mini-deck: a mix to look at again, not one that cannot work)
module-option        error    a rules module's option the game cannot start with
                              (:func:`option_problems`): ``scooby_doo.start_dungeon`` naming no
                              Dungeon of the deck's Dungeon pile (the set-up turns that card up:
                              the engine looks for its name in the Dungeon pile), or
                              ``scooby_doo.dungeons=true`` without a Dungeon card (the set-up
                              turns one face up: Scooby-Doo rulebook 002, Set-Up)
needs-races          warning  Half-Breed-style cards in a mix with no Races (mixing_rules.md,
                              after Munchkin 7 - Cheat With Both Hands)
needs-classes        warning  Super Munchkin-style cards in a mix with no Classes (same source)
unusable-item        warning  an Item whose ``usable_by`` names only Races / Classes no card of
                              the mix is (an Elf-only Item and no Elf): nobody can use it
                              (core rules, 9. Treasures and Items), short of a Cheat!
effect-does-nothing  warning  a card effect that can do nothing in this mix: an op, trigger,
                              target or condition atom (which then never holds) that acts on
                              a part of the game the mix lacks (``needs``
                              in the effect language's tables, ``engine/lang/vocab.py``
                              ``NEEDS``: a draw from the Dungeon or Fairy Dust deck, Dungeons
                              in play, room tiles, a Vehicle) while no card of the mix is of
                              that kind, pile or slot; or an op that needs a combat (on its
                              own, or by its target: the fighter, a monster...) in an ability
                              that may fire out of one (a Curse's ``hits``: a Curse kicked open
                              hits out of a combat), not limited by an ``if`` that needs a
                              combat. An op with an ``else`` is not reported (the card says
                              what happens instead), nor an expansion part's own record
                              (``dungeon-deck`` and ``start-tile`` check those); and, in
                              any mix, an ability whose trigger never fires on the card's
                              kind (``engine/lang/hearing.py``: ``hits`` on a monster)
unknown-level        warning  a monster whose Level is unknown (``null``: not in our sources,
                              e.g. Scooby-Doo's Wolfman, the Sparkly Good Fairy): the engine
                              plays it at Level 0 (``engine/tables.py``), so the simulation's
                              kills of it come cheap; the Level stays unknown, nothing guessed
                              (not the Sparkly Good Fairy when the deck sets her Level, option
                              ``fairy_dust.fairy_level``)
printed-copies       warning  more copies of a card than its set prints (the set file's
                              ``copies``); not for a designer set (it prints nothing) nor a
                              set whose copies are unknown (:data:`COPIES_UNKNOWN_SETS`)
joinable-tag         warning  an Undead/Ghost/Pirate tag held by a single monster: the joining
                              rule can never fire (core rulebook 001 Undead; rulebook 002 Ghost,
                              Pirate)
pile-ignored         warning  a card placed in a pile other than its own (``@door_top``): the
                              engine deals every card from its own pile; the deck keeps the
                              pile for people playing at a table
printed-edited       warning  a printed (shipped) card of the deck changed in the card database
                              since the last build (a CSV import, ``db import``): the game
                              plays it as changed, not as printed (``cards.build.edited_in_deck``;
                              :meth:`Deck.check <munchkin_lab.decks.model.Deck.check>` of a deck
                              on the card database, not :func:`check_deck`, which reads no
                              database)
idle-option          warning  a rules module's option that changes nothing in this deck: the
                              deck does not play that module (its sets, cards and ``modules:``
                              do not bring it in: the engine's ``rules.select_modules``), or
                              the deck lacks what the option is about (:data:`OPTION_NEEDS`:
                              ``fairy_dust``'s options without the Sparkly Good Fairy,
                              ``rooms.bug_900`` without a Bug, ``scooby_doo.start_dungeon`` /
                              ``base_dungeon`` with Dungeons off)
cards-off            warning  an option that keeps cards of the deck out of play:
                              ``scooby_doo.dungeons=false`` with Dungeon or Portal cards (no
                              Dungeon is turned up at set-up, no exit may be discovered and a
                              Portal does nothing). No other module's option switches
                              cards off: ``fairy_dust.fairy_top`` and ``rooms.bug_900`` change
                              how a card plays, and Vehicles have no option
===================  =======  =================================================================

Every message says how to fix the problem. :data:`TABLE_RULES` are the rules about the size
of the piles (they depend on the number of players).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd


from ..engine.cards import CardSpec
from ..engine.modules.fairy_dust import spec_is_fairy
from ..plural import listed_lines, plural
from ..suggest import close_matches
from .catalog import normalize

if TYPE_CHECKING:  # pragma: no cover
    from .model import Deck

#: Monster tags whose holders join each other's combats without a Wandering Monster.
JOINABLE_TAGS = ("undead", "ghost", "pirate")

#: Players a Munchkin game seats (the engine's ``Game.new``: 2..6) and Solar Storm (1..4).
#: Core rules, 2. Setting Up: 3 to 6, and two may play too; Solar Storm: cooperative, 1 to 4,
#: solo play included (public summary, card_facts.md (b); the Solar Storm text we hold, rulebook
#: 003, is the Alternative Rooms mini expansion and names no table size: only that the V2 Mess
#: Hall needs 3 or 4 players, which the engine's deal keeps).
MIN_PLAYERS, MAX_PLAYERS = 2, 6
SOLAR_PLAYERS = (1, 4)
#: Table size a Munchkin set's own rulebook gives: set code -> (fewest, most, source). The core
#: rules (rulebook 001, with its Fairy Dust section) seat 3 to 6 and let two play too; the
#: Scooby-Doo rulebook (002, Setting Up) names 3 to 6 and is silent on two. Sets missing here
#: have no rulebook of their own that names a count (Star Munchkin Adventures, rulebook 000, which
#: deals the usual way and gives no player count; Star Munchkin, whose 3 to 6 comes from a public
#: summary, not a rulebook, and 000 says nothing of it either; designer sets).
SET_TABLES = {
    "munchkin": (MIN_PLAYERS, MAX_PLAYERS, "core rules, 2. Setting Up"),
    "fairy_dust": (MIN_PLAYERS, MAX_PLAYERS, "core rules, 2. Setting Up"),
    "scooby_doo": (3, 6, "Scooby-Doo rulebook 002, Setting Up"),
}
#: The table ``play``, ``simulate``, ``compare`` and ``deck check`` take when ``--players`` is not
#: given (one default, so that a deck ``deck check`` passes is one ``play`` plays); every game
#: seats it (Munchkin 2..6, Scooby-Doo alone 3..6, Solar Storm 1..4).
DEFAULT_PLAYERS = 4
#: The table sizes in words, for the help of ``--players`` options.
PLAYERS_HELP = ("Munchkin decks: 2 to 6 (core rules: 3 to 6, two can play too; Scooby-Doo: 3 to 6); "
                "Solar Storm decks: 1 to 4 (solo play included)")


def table_size(sets=(), solar: bool = False) -> tuple[int, int, str, str]:
    """``(fewest, most, game, source)``: the players a deck of the set codes ``sets`` seats.
    ``solar``: a Solar Storm deck (1 to 4). A Munchkin deck takes the table of its sets'
    rulebooks (:data:`SET_TABLES`): a Scooby-Doo-only deck seats 3 to 6 (Scooby-Doo rulebook
    002, Setting Up). A mix of sets whose rulebooks differ is a case no rulebook covers; we take
    the widest range any of its rulebooks allows (core + Scooby-Doo: 2 to 6), because the
    table plays by the rules of the box that seats it and a mix is usually built on the core
    game, whose two-player game is then allowed. Sets without a count of their own (and no
    sets) leave the core rules' 2 to 6, which is what the engine seats."""
    if solar:
        return (*SOLAR_PLAYERS, "Solar Storm", "public summary: cooperative, solo play allowed")
    known = [SET_TABLES[c] for c in dict.fromkeys(sets) if c in SET_TABLES]
    if not known:
        return MIN_PLAYERS, MAX_PLAYERS, "Munchkin", "core rules, 2. Setting Up"
    lo, hi = min(t[0] for t in known), max(t[1] for t in known)
    spans = [t[2] for t in known if (t[0], t[1]) == (lo, hi)]
    src = spans[0] if spans else "; ".join(dict.fromkeys(t[2] for t in known))
    return lo, hi, "Munchkin", src


def seats_problem(players: object, solar: bool, option: str = "--players", sets=()) -> str | None:
    """The one wording of a table size the deck's game does not seat (``None`` when it
    does): ``--players: a Munchkin game seats 2 to 6 players (core rules, 2. Setting Up), got
    1``; ``solar``: a Solar Storm deck (1 to 4); ``sets``: the deck's set codes, whose
    rulebooks give the Munchkin table (:func:`table_size`: a Scooby-Doo-only deck seats 3 to
    6); ``option``: what the message names (the Python API's argument ``players``). Used by
    ``deck check``, ``simulate`` and ``play``."""
    lo, hi, game, src = table_size(sets, solar)
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        return f"{option}: a {game} game seats {lo} to {hi} players ({src}), got {players!r}"
    return None
#: Cards each player is dealt from the Door and from the Treasure pile (core rules, Setup).
HAND_DEAL = 4

#: Rule id -> source, as printed in messages.
SOURCES = {
    "one-game": "Solar Storm rulebook 003 (a separate game: ship rooms around the Energy Core)",
    "door-treasure": "core rulebook 001 (Door and Treasure decks)",
    "opening-hands": "core rulebook 001 (Setup: 4 Door and 4 Treasure cards a player; Kick Down the Door)",
    "reach-winner": "core rulebook 001 (Winning: Level 10 only by killing a monster)",
    "door-turn": "Scooby-Doo rulebook 002 (Kick Down the Door: a face-up Portal is followed by another face-up Door)",
    "unknown-pile": "deck file format (database/presets/README.md: @pile)",
    "dungeon-deck": "Scooby-Doo rulebook 002 (Dungeons, Portals)",
    "start-tile": "Star Munchkin Adventures rulebook 000 (START tile)",
    "sm2-rooms": "Star Munchkin Adventures rulebook 000 (remove Star Munchkin 2 Room cards)",
    "room-tiles": "Star Munchkin Adventures rulebook 000 (Movement: new ground draws a Door; Door cards go only on rooms without one)",
    "solar-storm-rooms": "Solar Storm rulebook 003 (Alternative Rooms setup: 8 distinct rooms)",
    "fairy-dust": "core rulebook 001 (Fairy Dust section)",
    "module-option": "rules module options (engine/modules/dungeons.py, Options; Scooby-Doo rulebook 002, Set-Up)",
    "needs-races": "mixing_rules.md (Munchkin 7 combining guidance: Half-Breed and kin)",
    "needs-classes": "mixing_rules.md (Munchkin 7 combining guidance: Super Munchkin and kin)",
    "unusable-item": "core rules, 9. Treasures and Items (Items restricted to a Race or Class)",
    "effect-does-nothing": "card-effect language (database/EFFECTS.md; what each op, trigger and target acts on: "
                           "engine/lang/vocab.py NEEDS)",
    "unknown-level": "set file (the monster's Level is null: unknown in our sources, or left empty on a designer card)",
    "printed-copies": "set file (printed copies of the card)",
    "joinable-tag": "core rulebook 001 (Undead); Scooby-Doo rulebook 002 (Ghost, Pirate)",
    "pile-ignored": "munchkin_lab engine (Game.new deals each card from its own deck)",
    "idle-option": "rules module options (each engine module's docstring, Options: what the option acts on)",
    "cards-off": "rules module options (engine/modules/dungeons.py, Options: dungeons; Scooby-Doo rulebook 002, "
                 "Dungeons and Portals)",
    "printed-edited": "set file (the printed values; README, Card data: an edit of a shipped card)",
}

#: Shipped sets whose ``copies`` are unknown (stored as 1 = "at least one": the notes of
#: ``database/sets/scooby_doo.yaml`` and ``star_munchkin.yaml``): ``printed-copies`` does not
#: warn for their cards.
COPIES_UNKNOWN_SETS = frozenset({"scooby_doo", "star_munchkin"})

#: Room tiles besides START below which ``room-tiles`` warns. The rulebook gives no number
#: (the tiles are printable images). Measured with the greedy bots (400 turns): with the 5
#: tiles of the preset 29 of 50 ``play`` games end (seeds 1-25, 3 and 4 players) and 56% of
#: 120 simulated 3-player games reach the turn cap; with the same 5 tiles 4 times over (20),
#: 37 of 50 and 20% (the base game: 0%). Every stuck game had a monster stronger than every
#: player in each room. Since the greedy bot places only monsters it beats (``RoomsModule.bot_hint``:
#: hopeless ones placed and lost walled START in), 15% of 300 such 3-player games (300 turns).
MIN_ROOM_TILES = 20

#: Rules about the size of the piles (they depend on the number of players).
TABLE_RULES = frozenset({"opening-hands", "reach-winner", "door-turn"})

#: Names (folded) and effect keys of cards that only make sense with Races / Classes: the
#: effect language's ``half_breed`` / ``super_munchkin`` (short form, or an op of an ability).
RACE_DEPENDENT_NAMES = frozenset({"half-breed", "half breed"})
CLASS_DEPENDENT_NAMES = frozenset({"super munchkin"})
RACE_DEPENDENT_EFFECTS = frozenset({"half_breed"})
CLASS_DEPENDENT_EFFECTS = frozenset({"super_munchkin"})

_MUNCHKIN_DECKS = ("door", "treasure", "dungeon", "fairy_dust", "character", "room_tile")


@dataclass(frozen=True)
class Problem:
    """One finding of :func:`check_deck`.

    Attributes:
        level: ``"error"`` (the mix cannot be played as is) or ``"warning"``.
        card: the card concerned (``"Name [set]"``), or the missing one (``"START"``), or
            ``None`` for a deck-wide finding.
        rule: rule id (see the module table).
        message: what is wrong, in plain words.
        source: where the rule comes from (:data:`SOURCES`).
    """

    level: str
    card: str | None
    rule: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        who = f"{self.card}: " if self.card else ""
        return f"{self.level}: {who}{self.message} [{self.rule}; {self.source}]"


def _p(level: str, card: str | None, rule: str, message: str) -> Problem:
    return Problem(level, card, rule, message, SOURCES[rule])


def _lbl(s: CardSpec) -> str:
    return f"{s.name} [{s.set}]"


def is_sm2_room_card(spec: CardSpec) -> bool:
    """True for a Star Munchkin 2 Room card: a Door card tagged ``Room`` (or kind ``special``
    named ``... Room`` from a ``star_munchkin_2`` set)."""
    if spec.deck in ("room_tile", "ship_room"):
        return False
    if spec.has_tag("room") or spec.has_tag("sm2 room") or spec.has_tag("sm2_room"):
        return True
    return spec.set.startswith("star_munchkin_2") and "room" in normalize(spec.name).split()


def room_name(spec: CardSpec) -> str:
    """A Solar Storm room's name without its version mark (``"Mess Hall (V2)"`` ->
    ``"Mess Hall"``): the V1 and V2 cards of a room share it (rulebook 003)."""
    name = spec.name
    if spec.version:
        v = spec.version
        for mark in (f"({v})", f"[{v}]", f"- {v}", f"{v}"):
            if name.upper().endswith(mark.upper()):
                name = name[: -len(mark)]
                break
    return name.strip(" -,")


def _has_key(effects, keys: frozenset) -> bool:
    """One of ``keys`` is a key of the effects mapping or of any mapping nested in it (a short
    form ``half_breed: true``, or the op ``{half_breed: true}`` of a long-form ability)."""
    if isinstance(effects, dict):
        return any(k in keys or _has_key(v, keys) for k, v in effects.items())
    if isinstance(effects, (list, tuple)):
        return any(_has_key(v, keys) for v in effects)
    return False


def needs_races(spec: CardSpec) -> bool:
    """True for Half-Breed-style cards: by name, or by the effect ``half_breed`` in its short
    or long form (mixing_rules.md: such cards are left out of a mix with no Races)."""
    return normalize(spec.name) in RACE_DEPENDENT_NAMES or _has_key(spec.effects, RACE_DEPENDENT_EFFECTS)


def needs_classes(spec: CardSpec) -> bool:
    """True for Super Munchkin-style cards: by name, or by the effect ``super_munchkin`` in
    its short or long form (mixing_rules.md: left out of a mix with no Classes)."""
    return normalize(spec.name) in CLASS_DEPENDENT_NAMES or _has_key(spec.effects, CLASS_DEPENDENT_EFFECTS)


def missing_users(usable_by, races: set[str], classes: set[str]) -> list[str] | None:
    """What a mix lacks for anyone to use an Item restricted to ``usable_by`` (any one atom
    lets a player use it, as ``Game.can_use`` reads it), given the mix's Race and Class card
    names (``races`` / ``classes``, as the engine matches them:
    :func:`munchkin_lab.engine.lang.names.card_key`): ``None`` when some player may hold what
    an atom asks (no restriction, a Race card of that name, ``human``, a gender, a Level...),
    else one phrase per atom (``"a Race card Elf"``, ``"any Class card"``). An atom the
    engine does not read, and a ``tag:`` atom, are taken as met (the card schema reports
    them)."""
    from ..engine.tables import _parse_atom

    if not usable_by:
        return None
    missing = []
    for atom in usable_by:
        try:
            neg, typ, arg = _parse_atom(atom)
        except (KeyError, ValueError, IndexError):
            return None
        if typ == "race" and not neg and arg not in races:
            missing.append(f"a Race card {arg.title()}")
        elif typ == "class" and not neg and arg not in classes:
            missing.append(f"a Class card {arg.title()}")
        elif typ == "human" and neg and not races:
            missing.append("any Race card")
        elif typ == "has_class" and not neg and not classes:
            missing.append("any Class card")
        else:
            return None
    return missing


def _most_players(door: int, non_portal: int, treasure: int, portals: bool) -> int:
    """Largest table whose opening hands the piles deal, leaving a Door to kick that is not
    a Portal (0 when not even one player)."""
    n = min((door - 1) // HAND_DEAL, treasure // HAND_DEAL)
    if portals:
        n = min(n, (non_portal - 1) // HAND_DEAL)
    return max(0, n)


def _table(pairs: list[tuple[CardSpec, int]], players: int | None, fewest: int = MIN_PLAYERS,
           larger: bool | None = None) -> list[Problem]:
    """The pile-size rules (:data:`TABLE_RULES`) of a Munchkin mix, for ``players`` (``None``:
    ``fewest``, the smallest table the mix's sets seat, :func:`table_size`); ``larger``: also
    warn when the piles serve fewer than 6 players (default: when ``players`` is ``None``)."""
    out: list[Problem] = []
    door = sum(n for s, n in pairs if s.deck == "door")
    portals = sum(n for s, n in pairs if s.deck == "door" and s.kind == "portal")
    treasure = sum(n for s, n in pairs if s.deck == "treasure")
    # each pile on its own (every problem in one run); an empty one is door-treasure's
    p = players or fewest
    table = plural(p, "player")
    need_door, need_treasure = HAND_DEAL * p + 1, HAND_DEAL * p
    if door and door < need_door:
        out.append(_p("error", None, "opening-hands",
                      f"the Door pile has {plural(door, 'card')}: the opening hands of {table} take "
                      f"{HAND_DEAL * p} ({HAND_DEAL} each) and Kick Down the Door needs one more; add at "
                      f"least {need_door - door} Door card{'s' if need_door - door != 1 else ''}"))
    if treasure and treasure < need_treasure:
        out.append(_p("error", None, "opening-hands",
                      f"the Treasure pile has {plural(treasure, 'card')}: the opening hands of {table} take "
                      f"{need_treasure} ({HAND_DEAL} each); add at least {need_treasure - treasure} Treasure "
                      f"card{'s' if need_treasure - treasure != 1 else ''}"))
    monsters = sum(n for s, n in pairs if s.deck == "door" and s.kind == "monster")
    if door and not monsters:
        out.append(_p("error", None, "reach-winner",
                      "no monster in the Door pile: Level 10 is won only by killing a monster, so nobody "
                      "can win (the game runs to the turn cap); add monsters"))
    non_portal = door - portals
    if portals and door >= need_door and non_portal < need_door:
        out.append(_p("error", None, "door-turn",
                      f"only {plural(non_portal, 'Door card')} that {'is' if non_portal == 1 else 'are'} not "
                      f"a Portal: the opening hands of {table} can take them all, and Kick Down the Door "
                      f"then draws only Portals, each followed by another face-up Door, for ever; add at "
                      f"least {need_door - non_portal} Door cards that are not Portals"))
    if (players is None if larger is None else larger) and door and treasure and not out:
        most = _most_players(door, non_portal, treasure, bool(portals))
        if most < MAX_PLAYERS:
            short = []
            if door < HAND_DEAL * MAX_PLAYERS + 1:
                short.append(f"{HAND_DEAL * MAX_PLAYERS + 1 - door} Door")
            if treasure < HAND_DEAL * MAX_PLAYERS:
                short.append(f"{HAND_DEAL * MAX_PLAYERS - treasure} Treasure")
            if portals and non_portal < HAND_DEAL * MAX_PLAYERS + 1:
                out.append(_p("warning", None, "door-turn",
                              f"with more than {plural(most, 'player')} the opening hands can take every Door "
                              f"card that is not a Portal and Kick Down the Door then draws Portals for ever; "
                              f"add {HAND_DEAL * MAX_PLAYERS + 1 - non_portal} Door cards that are not Portals "
                              f"for {MAX_PLAYERS} players"))
            elif short:
                out.append(_p("warning", None, "opening-hands",
                              f"the piles (Door {door}, Treasure {treasure}) deal the opening hands of at most "
                              f"{plural(most, 'player')}; add {' and '.join(short)} cards for {MAX_PLAYERS} players"))
    return out


def check_deck(deck: "Deck", players: int | None = None, *, larger: bool | None = None) -> list[Problem]:
    """Run every mix check on ``deck`` (rules in the module table). Errors come first, then
    warnings, each group in rule order. Returns ``[]`` for a clean mix.

    Args:
        deck: the deck.
        players: the table size to check the piles for (Munchkin 2..6, a Scooby-Doo-only deck
            3..6, Solar Storm 1..4); ``None``: errors for the smallest table the deck's sets
            seat (2; Scooby-Doo alone: 3), and a warning when the piles serve fewer than 6.
        larger: that warning for a given ``players`` too (``deck check`` without
            ``--players``: errors for :data:`DEFAULT_PLAYERS`, the table ``play`` takes, and
            the warning); default: only when ``players`` is ``None``.
    Raises:
        UnknownCardError: a deck entry's card is no longer in the catalog.
        ValueError: ``players`` is not a whole number in the range of the deck's game.
    """
    pairs = deck.specs()
    specs = [s for s, _ in pairs]
    out: list[Problem] = []
    cat = deck.catalog
    munchkin = [(s, n) for s, n in pairs if s.deck in _MUNCHKIN_DECKS]
    rooms_ = [(s, n) for s, n in pairs if s.deck == "ship_room" or s.kind == "ship_room"]
    if players is not None:
        problem = seats_problem(players, bool(rooms_ and not munchkin), option="players",
                                sets=[s.set for s, _ in munchkin])
        if problem is not None:
            raise ValueError(problem)

    # one-game
    if munchkin and rooms_:
        out.append(_p("error", None, "one-game",
                      f"{plural(sum(n for _, n in munchkin), 'Munchkin card')} and "
                      f"{plural(sum(n for _, n in rooms_), 'Solar Storm room')} in one deck: Solar Storm is "
                      "a separate game; keep the rooms in a deck of their own"))

    # door-treasure (an empty deck has neither)
    if not specs or munchkin:
        if not any(s.deck == "door" for s in specs):
            out.append(_p("error", None, "door-treasure", "the mix has no Door cards"))
        if not any(s.deck == "treasure" for s in specs):
            out.append(_p("error", None, "door-treasure", "the mix has no Treasure cards"))

    # opening-hands, reach-winner, door-turn
    if munchkin:
        out += _table(pairs, players, table_size([s.set for s, _ in munchkin])[0], larger)

    # unknown-pile / pile-ignored
    from .model import PILES

    for key, e in deck.entries.items():
        if not e.pile:
            continue
        s = cat.spec(key)
        if e.pile not in PILES:
            close = close_matches(e.pile, PILES, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            out.append(_p("error", _lbl(s), "unknown-pile",
                          f"pile {e.pile!r} is not a draw pile; {hint}piles: {', '.join(PILES)} "
                          "(or drop the @pile to use the card's own)"))
        elif e.pile != s.deck:
            out.append(_p("warning", _lbl(s), "pile-ignored",
                          f"put in pile {e.pile!r}: the engine deals every card from its own pile "
                          f"({s.deck!r}); the deck keeps {e.pile!r} for play at a table"))

    # dungeon-deck: the engine demands a Dungeon card when the deck holds Dungeon or Portal
    # cards (engine/modules/dungeons.py), not for Ghost/Pirate monsters alone, nor with
    # Dungeons off (option scooby_doo.dungeons=false: its Portals do nothing, cards-off says so)
    if not any(s.kind == "dungeon" for s in specs) and \
            deck.module_options.get("scooby_doo", {}).get("dungeons") is not False:
        for s in specs:
            if s.deck != "dungeon" and (s.kind in ("portal", "dungeon") or s.has_tag("portal") or s.has_tag("dungeon")):
                out.append(_p("error", _lbl(s), "dungeon-deck", "a Dungeon/Portal card but no Dungeon deck in the mix"))

    # start-tile
    tiles = [s for s in specs if s.kind == "room_tile" or s.deck == "room_tile"]
    if tiles and not any(normalize(s.name) == "start" for s in tiles):
        out.append(_p("error", "START", "start-tile", f"{len(tiles)} room tile(s) but no START tile"))

    # sm2-rooms
    if tiles:
        for s in specs:
            if is_sm2_room_card(s):
                out.append(_p("error", _lbl(s), "sm2-rooms",
                              "a Star Munchkin 2 Room card in a mix with Star Munchkin Adventures room tiles"))

    # room-tiles
    others = sum(n for s, n in pairs if (s.kind == "room_tile" or s.deck == "room_tile")
                 and normalize(s.name) != "start")
    if tiles and others < MIN_ROOM_TILES:
        out.append(_p("warning", None, "room-tiles",
                      f"only {plural(others, 'room tile')} besides START: once they are laid no move "
                      "draws a Door, and the monsters of lost fights fill the rooms, so games seldom "
                      f"end; add tiles (copies or your own) up to {MIN_ROOM_TILES} or more"))

    # solar-storm-rooms
    rooms = [s for s in specs if (s.kind == "ship_room" or s.deck == "ship_room") and normalize(s.name) != "energy core"]
    if rooms:
        names = sorted({room_name(s) for s in rooms})
        if len(names) < 8:
            known: list[str] = []
            for code in sorted({s.set for s in rooms}):
                for s, _ in cat.set_cards(code):
                    if s.kind == "ship_room" and normalize(s.name) != "energy core" and room_name(s) not in known:
                        known.append(room_name(s))
            missing = [n for n in known if n not in names]
            more = f"; missing: {', '.join(missing)}" if missing else ""
            out.append(_p("error", None, "solar-storm-rooms",  # deck-wide: no card of the deck is at fault
                          f"only {len(names)} distinct room name(s) ({', '.join(names)}), 8 needed{more}"))

    # fairy-dust
    if not any(s.deck == "fairy_dust" or s.kind == "fairy_dust" for s in specs):
        for s in specs:
            if normalize(s.name) == "sparkly good fairy":
                out.append(_p("warning", _lbl(s), "fairy-dust", "Sparkly Good Fairy but no Fairy Dust cards"))

    # needs-races / needs-classes
    if not any(s.kind == "race" for s in specs):
        for s in specs:
            if needs_races(s):
                out.append(_p("warning", _lbl(s), "needs-races", "a card that needs Races in a mix with no Races"))
    if not any(s.kind == "class" for s in specs):
        for s in specs:
            if needs_classes(s):
                out.append(_p("warning", _lbl(s), "needs-classes", "a card that needs Classes in a mix with no Classes"))

    # unusable-item
    from ..engine.lang.names import card_key

    races = {card_key(s.name) for s in specs if s.kind == "race"}
    classes = {card_key(s.name) for s in specs if s.kind == "class"}
    cheat = any(_has_key(s.effects, frozenset({"cheat"})) or normalize(s.name) == "cheat!" for s in specs)
    for s in specs:
        missing = missing_users(s.usable_by, races, classes)
        if missing:
            out.append(_p("warning", _lbl(s), "unusable-item",
                          f"usable only with {' or '.join(missing)}, and the mix has none: nobody can use it"
                          f"{' except with a Cheat! card' if cheat else ''}; add "
                          f"{'it' if len(missing) == 1 else 'one of them'} or leave the card out"))

    # effect-does-nothing
    out += idle_effects(pairs, cat)

    # unknown-level (the Sparkly Good Fairy's Level may be set by the deck's fairy_dust option)
    fairy_level = deck.module_options.get("fairy_dust", {}).get("fairy_level")
    for s, n in pairs:
        if s.kind == "monster" and s.level is None:
            fairy = spec_is_fairy(s, (s.effects or {}).get("fairy_dust"))
            if fairy and fairy_level is not None:
                continue  # the games play her at the deck's fairy_dust.fairy_level
            info = cat.sets.get(s.set)
            if s.key in cat.designer or (info is not None and info.origin == "designer"):
                # (a designer's own card: nothing unknown in any source, a field left empty)
                out.append(_p("warning", _lbl(s), "unknown-level",
                              "this designer monster has no Level: the engine and the simulation play it at "
                              "Level 0, so players beat it cheaply; give it a Level (`munchkin-lab cards edit`, "
                              "or the card editor)"))
                continue
            how = ("set her Level with the Fairy Dust rules' option fairy_dust.fairy_level=N (`munchkin-lab deck "
                   "option DECK fairy_dust.fairy_level=N`, or on a deck file's options: line; in Python "
                   "GameOptions(module_options={'fairy_dust': {'fairy_level': N}})), leave her out"
                   if fairy else "leave it out")
            out.append(_p("warning", _lbl(s), "unknown-level",
                          "its Level is unknown (null in the card data): the engine and the simulation "
                          f"play it at Level 0, so players beat it cheaply; {how} (or play a "
                          "designer copy with a Level) when the numbers matter"))

    # printed-copies (a designer set prints nothing; some sets' copies are unknown)
    for s, n in pairs:
        printed = cat.printed_copies(s.key)
        info = cat.sets.get(s.set)
        if (s.key in cat.designer or (info is not None and info.origin == "designer")
                or s.set in COPIES_UNKNOWN_SETS):
            continue
        if printed is not None and n > printed:
            out.append(_p("warning", _lbl(s), "printed-copies", f"{n} copies, the set prints {printed}"))

    # module-option / idle-option / cards-off: the rules modules' options against the deck
    out += option_problems(deck, pairs)

    # joinable-tag
    for tag in JOINABLE_TAGS:
        holders = [(s, n) for s, n in pairs if s.kind == "monster" and s.has_tag(tag)]
        if holders and sum(n for _, n in holders) == 1:
            out.append(_p("warning", _lbl(holders[0][0]), "joinable-tag",
                          f"the only {tag.capitalize()} monster: the {tag.capitalize()} joining rule can never fire"))

    order = list(SOURCES)
    out.sort(key=lambda p: (p.level != "error", order.index(p.rule)))
    return out


def _has_fairy(specs, dungeons: bool) -> bool:
    return any(spec_is_fairy(s, (s.effects or {}).get("fairy_dust")) for s in specs)


def _has_bug(specs, dungeons: bool) -> bool:
    from ..engine.tables import _lname

    return any(s.kind == "race" and _lname(s) == "bug" for s in specs)  # (Game.has_race's names)


def _with_dungeons(specs, dungeons: bool) -> bool:
    return dungeons


#: What a rules module's option acts on besides its module being played: ``MODULE.KEY`` ->
#: (whether the deck has it: a test of the deck's cards and of whether the game plays with
#: Dungeons; what the deck lacks then, in words, ``{off}`` why it plays without Dungeons). An option that is off (``false``) acts on nothing and is not
#: reported. Not here: ``scooby_doo.dungeons`` (``module-option`` / ``cards-off``) and
#: ``rooms.positions`` (scenario set-ups: needs the rooms module only). Every module option
#: is in this table or in :data:`OPTION_NEEDS_ONLY_MODULE` (tests/decks keeps it so).
OPTION_NEEDS = {
    "fairy_dust.fairy_top": (_has_fairy, "holds no Sparkly Good Fairy (the option places her near the top of "
                                         "the Door deck)"),
    "fairy_dust.top_n": (_has_fairy, "holds no Sparkly Good Fairy (the option is how deep in the Door deck she "
                                     "goes)"),
    "fairy_dust.fairy_level": (_has_fairy, "holds no Sparkly Good Fairy (the option is her Level)"),
    "fairy_dust.fairy_treasures": (_has_fairy, "holds no Sparkly Good Fairy (the option is the Treasures for "
                                               "killing her)"),
    "rooms.bug_900": (_has_bug, "holds no Bug Race card (the option is a Bug's price of a Level)"),
    "scooby_doo.start_dungeon": (_with_dungeons, "plays without Dungeons ({off}; the option is the first Dungeon "
                                                 "turned up)"),
    "scooby_doo.base_dungeon": (_with_dungeons, "plays without Dungeons ({off}; the option keeps the first "
                                                "Dungeon)"),
}
#: Module options that act on whatever their module plays (see :data:`OPTION_NEEDS`).
OPTION_NEEDS_ONLY_MODULE = frozenset({"scooby_doo.dungeons", "rooms.positions"})


def played_modules(deck, specs) -> set[str]:
    """The engine's rules modules a game of ``deck`` (cards ``specs``) plays, as ``Game.new``
    selects them (``rules.select_modules``: the cards' sets, kinds and piles, and the modules
    :meth:`Deck.game_options` passes: the deck's ``modules`` and ``piles_per_set``); none for
    a Solar Storm deck (a game of its own)."""
    from ..engine.rules import select_modules
    from .model import engine_modules

    if "solar_storm" in deck.modules:
        return set()
    names = engine_modules(deck.modules) + (("piles",) if deck.options.get("piles_per_set") else ())
    parts = frozenset(x for s in specs for x in (s.kind, s.deck) if x)
    return {m.name for m in select_modules({s.set for s in specs}, names, parts)}


def _brings(module: str) -> str:
    """What brings the engine's rules module ``module`` into a deck's games, in words."""
    from ..engine.rules import MODULES
    from .model import ENGINE_MODULES

    cls = MODULES[module]
    bits = [f"cards of set {', '.join(cls.sets)}"] if cls.sets else []
    bits += [PART_WORDS.get(part, f"{part} cards") for part in cls.parts]
    bits += [f"`modules: +{d}`" for d, e in ENGINE_MODULES.items() if e == module]
    return ", ".join(bits[:-1]) + f" or {bits[-1]}" if len(bits) > 1 else (bits[0] if bits else "")


def _start_dungeon(deck, specs, said: str, want: str) -> list[Problem]:
    """``module-option`` for ``scooby_doo.start_dungeon`` = ``want``: the engine's set-up
    takes the card of that name (case aside) from the Dungeon pile
    (``ScoobyDooModule.setup``), and a Dungeon is what it means to turn up."""
    pile = [s for s in specs if s.deck == "dungeon"]
    if any(s.kind == "dungeon" and s.name.lower() == want.lower() for s in pile):
        return []
    dungeons = sorted({s.name for s in pile if s.kind == "dungeon"})
    name_one = f"name one of the deck's Dungeons ({', '.join(dungeons)}), " if dungeons else ""
    fix = f"{name_one}or drop the option (the set-up then turns up the top Dungeon)"
    held = [s for s in specs if s.name.lower() == want.lower()]
    if held:
        s = held[0]
        why = ("the set-up would turn it up as the first Dungeon" if s.deck == "dungeon" else
               f"it is in the {s.deck} pile and the set-up looks in the Dungeon deck, so the game cannot start")
        return [_p("error", _lbl(s), "module-option",
                   f"{said} names a card of kind {s.kind}, not a Dungeon: {why}; {fix}")]
    try:
        found = deck.catalog.matches(want)
    except Exception:  # noqa: BLE001 - no catalog to read: the name alone
        found = []
    in_deck = {s.key for s in specs}
    for s in found:
        if s.key in in_deck:  # written with an alias or without its accents
            return [_p("error", _lbl(s), "module-option",
                       f"{said}: the set-up looks the Dungeon up by its name, so the game cannot start; write "
                       f"{s.name!r}")]
    if found:
        s = found[0]
        what = "a Dungeon" if s.kind == "dungeon" else f"a card of kind {s.kind}, not a Dungeon,"
        return [_p("error", None, "module-option",
                   f"{said} names {_lbl(s)}, {what} the deck does not hold, so the game cannot start; "
                   + (f"add it, {fix}" if s.kind == "dungeon" else fix))]
    close = close_matches(want, dungeons, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return [_p("error", None, "module-option",
               f"{said} names no card of the deck{hint}, so the game cannot start; {fix}")]


def option_problems(deck, pairs) -> list[Problem]:
    """The ``module-option``, ``idle-option`` and ``cards-off`` findings (module table) of the
    rules modules' options ``deck`` sets (``MODULE.KEY``), against its cards ``pairs``
    (``(CardSpec, copies)``): in the deck's option order, each message naming the option as
    it is written (``scooby_doo.start_dungeon="Haunted Mansion"``)."""
    from ..engine.lang.parse import yaml_text
    from .model import format_option_value

    opts = [(k, v) for k, v in deck.options.items() if "." in k]
    if not opts:
        return []
    specs = [s for s, _ in pairs]
    played = played_modules(deck, specs)
    sd = deck.module_options.get("scooby_doo", {})
    dungeons = sd.get("dungeons")  # the engine's ScoobyDooModule._dungeons: the option, else the cards
    if dungeons is None:
        dungeons = any(s.kind in ("dungeon", "portal") or s.deck == "dungeon" for s in specs)
    out: list[Problem] = []
    for name, value in opts:
        mod, _, key = name.partition(".")
        said = f"option {name}={yaml_text(value) if isinstance(value, dict) else format_option_value(value)}"
        if mod not in played:
            why = ("this is a Solar Storm deck, a game of its own without the Munchkin rules modules"
                   if "solar_storm" in deck.modules else
                   f"the deck does not play the {mod} rules module (it comes with {_brings(mod)})")
            out.append(_p("warning", None, "idle-option", f"{said} has no effect: {why}; drop the option"))
            continue
        if name == "scooby_doo.dungeons":
            held = sum(n for s, n in pairs if s.kind == "dungeon" or s.deck == "dungeon")
            if value is True and not any(s.kind == "dungeon" for s in specs):
                out.append(_p("error", None, "module-option",
                              f"{said} but no Dungeon card: the set-up turns a Dungeon face up, so the game "
                              "cannot start; add Dungeon cards (set scooby_doo) or drop the option"))
            elif value is False and (held or any(s.kind == "portal" for s in specs)):
                portals = sum(n for s, n in pairs if s.kind == "portal")
                idle = [f"the deck's {plural(held, 'Dungeon card')} stay{'s' if held == 1 else ''} out of play"] \
                    if held else []
                if portals:
                    whose = "its" if held else "the deck's"
                    idle.append(f"{whose} {plural(portals, 'Portal')} "
                                f"do{'es' if portals == 1 else ''} nothing")
                out.append(_p("warning", None, "cards-off",
                              f"{said}: no Dungeon comes into play (none is turned up at set-up, nobody may "
                              f"discover an exit and a Portal does nothing), so {' and '.join(idle)}; drop the "
                              f"option, or leave those cards out"))
            continue
        need = OPTION_NEEDS.get(name)
        if need is None or value is False:
            continue
        has, words = need
        if not has(specs, dungeons):
            off = "option scooby_doo.dungeons=false" if sd.get("dungeons") is False else "no Dungeon or Portal card"
            out.append(_p("warning", None, "idle-option",
                          f"{said} has no effect: the deck {words.format(off=off)}; drop the option"))
        elif name == "scooby_doo.start_dungeon":
            out += _start_dungeon(deck, specs, said, str(value))
    return out


#: What a mix lacks, by part of the game (``engine.lang.vocab.NEEDS``), as a message names it.
PART_WORDS = {"dungeon": "Dungeon cards", "portal": "Portal cards", "fairy_dust": "Fairy Dust cards", "room_tile": "room tiles",
              "vehicle": "Vehicles", "ship_room": "Solar Storm ship rooms"}

#: Triggers that may fire while no combat is on, whatever the card's kind (a kicked Curse hits
#: out of a combat, core rules, 6. Turn Phases; a turn starts and ends out of one; items come
#: into play and Dungeons are revealed between combats...). ``played`` and ``kicked`` may too
#: on the kinds of :data:`OUT_OF_COMBAT_KINDS`.
OUT_OF_COMBAT_TRIGGERS = frozenset({"hits", "turn_start", "turn_end", "kicking", "revealed", "enter_room",
                                    "leave_room", "enters_play", "leaves_play", "drawn", "death", "cursed"})
#: Kinds whose ``played`` / ``kicked`` abilities may fire out of a combat: a Curse or a trap is
#: played at any time and hits when kicked (core rules, 10. Curses).
OUT_OF_COMBAT_KINDS = ("curse", "trap")


def _provided(specs) -> set[str]:
    """The parts of the game (``vocab.NEEDS``) a mix of ``specs`` has: its cards' kinds, piles
    and item slots."""
    return {x for s in specs for x in (s.kind, s.deck, s.slot) if x}


def _walk(ops, who, guarded: bool):
    """``(op, target, guarded)`` for every op of ``ops``, nested ones included: ``target`` the
    op's own ``who`` or the one it inherits, ``guarded`` when an enclosing ``if`` holds only in
    a combat (``lang.interp.needs_combat``)."""
    from ..engine.lang.interp import needs_combat

    for op in ops:
        w = op.who or who
        yield op, w, guarded
        if op.name == "if":
            yield from _walk(op.then, w, guarded or needs_combat(op.value))
        yield from _walk(op.orelse, w, guarded)
        if op.name == "roll":
            for _rng, sub in op.value:
                yield from _walk(sub, w, guarded)
        for key in ("fail", "success"):
            yield from _walk(op.get(key) or (), w, guarded)


def _cond_needs(cond) -> dict[str, str]:
    """The parts of the game (``vocab.NEEDS``) a compiled condition cannot hold without, each
    with the atom that needs it: a needing atom not negated, in one item of an ``and``, in
    every branch of an ``or`` (a ``not`` is never read so), as ``lang.interp.needs_combat``
    reads a combat's atoms."""
    from ..engine.lang.program import About, All, AnyOf, Atom
    from ..engine.lang.vocab import ATOMS

    if isinstance(cond, Atom):
        d = ATOMS.get(cond.name)
        if cond.neg or d is None:
            return {}
        part = d.needs if isinstance(d.needs, str) else d.needs.get(cond.arg or "", "")
        return {part: str(cond)} if part else {}
    if isinstance(cond, All):
        out: dict[str, str] = {}
        for c in cond.items:
            for k, v in _cond_needs(c).items():
                out.setdefault(k, v)
        return out
    if isinstance(cond, AnyOf) and cond.items:
        each = [_cond_needs(c) for c in cond.items]
        return {k: " or ".join(e[k] for e in each) for k in each[0] if all(k in e for e in each)}
    if isinstance(cond, About):
        return _cond_needs(cond.cond)
    return {}


def _op_text(op) -> str:
    v = op.value
    return op.name if v is True or not isinstance(v, (str, int)) else f"{op.name}: {v}"


def _bringers(part: str, cat) -> str:
    """Where a mix gets ``part``: the catalog's sets holding such a card and the rules modules
    that play it (``RulesModule.parts`` / ``extra_decks``)."""
    from ..engine.rules import MODULES, select_modules

    select_modules(set())  # (registers the expansion modules)
    sets = [code for code in cat.set_codes() if part in _provided(s for s, _ in cat.set_cards(code))]
    mods = [name for name, cls in MODULES.items() if part in cls.parts or part in cls.extra_decks]
    where = f"set {', '.join(sets)}" if sets else "your own cards"
    return where + (f"; the {' / '.join(mods)} rules module plays them" if mods else "")


def idle_effects(pairs, cat) -> list[Problem]:
    """The ``effect-does-nothing`` warnings of a mix (``pairs``: ``(CardSpec, copies)``;
    ``cat``: the catalog, for the sets that would bring what is missing): every card effect
    that can do nothing in it (module table). What each op, trigger, target and condition atom
    needs is the effect language's own table (``needs`` of ``vocab.OPS`` / ``TRIGGERS`` /
    ``TARGETS`` / ``ATOMS``, the parts named in ``vocab.NEEDS``; an op on a monster or a side
    needs a combat); what the mix has, its cards' kinds, piles and slots (:func:`_provided`);
    and, in any mix, an ability whose trigger the engine never fires on the card's kind
    (``engine.lang.hearing.never_heard``: ``when: hits`` on a monster). Each card and effect
    is reported once, in deck order."""
    from ..engine.lang import expand
    from ..engine.lang.hearing import never_heard
    from ..engine.lang.interp import needs_combat
    from ..engine.lang.vocab import NEEDS, OPS, TARGETS, TRIGGERS

    have = _provided(s for s, _ in pairs)
    out: list[Problem] = []
    seen: set = set()
    bring: dict[str, str] = {}

    def lacks(part: str) -> bool:
        return bool(part) and part != "combat" and part not in have

    def say(s, what: str, part: str, verb: str = "can do nothing") -> None:
        if (s.key, what) in seen:
            return
        seen.add((s.key, what))
        if part == "combat":
            how = ("a Curse kicked open, or played between combats" if s.kind in OUT_OF_COMBAT_KINDS
                   else "no combat is on")
            out.append(_p("warning", _lbl(s), "effect-does-nothing",
                          f"{what} can do nothing when it fires out of a combat ({how}): it needs {NEEDS['combat']}; limit the ability with `if: in_combat`, give the op an `else` "
                          "(what happens instead), or change the card (a One-Shot played in a combat)"))
            return
        if part not in bring:
            bring[part] = _bringers(part, cat)
        words = PART_WORDS.get(part, part)
        out.append(_p("warning", _lbl(s), "effect-does-nothing",
                      f"{what} {verb} in this mix: it {'needs' if verb != 'can do nothing' else 'acts on'} "
                      f"{NEEDS[part]}, and the mix has no {words}; "
                      f"add {words} ({bring[part]}) or change the card"))

    for s, _n in pairs:
        try:
            prog = expand(s.effects, s.kind)
        except ValueError:  # (the card schema reports a broken effect)
            continue
        if not s.manual:  # an ability whose trigger never fires on the card's kind, in any mix
            for note in never_heard(s.kind, s.effects):
                if (s.key, note) not in seen:
                    seen.add((s.key, note))
                    out.append(_p("warning", _lbl(s), "effect-does-nothing", note))
        for ab in prog.abilities:
            if ab.origin.split(".")[0] in (prog.parts or ()):  # an expansion part's own record
                continue
            when = "/".join(ab.when)
            for t in ab.when:
                if lacks(TRIGGERS[t].needs):
                    say(s, f"its `when: {t}` ({ab.origin})", TRIGGERS[t].needs, "never comes")
            for part, atom in _cond_needs(ab.cond).items():
                if lacks(part):
                    say(s, f"its condition `{atom}` ({ab.origin}, when {when})", part, "can never hold")
            out_of_combat = (bool(set(ab.when) & OUT_OF_COMBAT_TRIGGERS)
                             or (s.kind in OUT_OF_COMBAT_KINDS and bool({"played", "kicked"} & set(ab.when))))
            out_of_combat = out_of_combat and not needs_combat(ab.cond)
            for op, who, guarded in _walk(ab.do + ab.otherwise, ab.who, False):
                d = OPS.get(op.name)
                conds = [(op.value, "condition")] if op.name == "if" else []
                conds += [(op.who.where, "target")] if op.who is not None and op.who.where is not None else []
                for cond, what in conds:
                    for part, atom in _cond_needs(cond).items():
                        if lacks(part):
                            say(s, f"its {what} `{atom}` ({ab.origin}, when {when})", part, "can never hold")
                if d is None or op.orelse or d.group == "control":
                    continue
                need = d.needs if isinstance(d.needs, str) else (
                    d.needs.get(op.value, "") if isinstance(op.value, str) else "")
                tdef = TARGETS.get(who.name)
                tneed = "" if "game" in d.acts_on or tdef is None else (
                    tdef.needs or ("combat" if tdef.kind in ("monster", "side") else ""))
                at = f"({ab.origin}, when {when})"
                mine, on = f"its op `{_op_text(op)}` {at}", f"its op `{_op_text(op)}` on `{who.name}` {at}"
                if lacks(need):
                    say(s, mine, need)
                elif lacks(tneed):
                    say(s, on, tneed)
                elif out_of_combat and not guarded and "combat" in (need, tneed):
                    say(s, mine if need == "combat" else on, "combat")
    return out


def refuse_unplayable(deck, players: int | None = None) -> None:
    """Raise :class:`~munchkin_lab.decks.DeckError` listing the ``deck check`` errors (for
    ``players`` players) when ``deck`` cannot be played (an empty deck, no Treasure cards,
    Portals without Dungeons, piles too small for the opening hands, a Door pile that loops on
    Portals...): the one gate of ``play``, ``Deck.new_game`` callers and ``Board.from_deck``.
    A deck without a ``check`` method (a plain card list) is not checked here."""
    from .catalog import DeckError

    check = getattr(deck, "check", None)
    if check is None:
        return
    errors = [p for p in check(players) if p.level == "error"]
    if errors:
        lines = listed_lines(errors, "`deck check` lists them all")
        table = f" with {plural(players, 'player')}" if players else ""
        raise DeckError(f"deck {deck.name!r} cannot be played{table} ({plural(len(errors), 'error')} of "
                        f"`deck check`):\n{lines}")


def problems_frame(problems: list[Problem]) -> pd.DataFrame:
    """The problems as a DataFrame with columns level, card, rule, message, source."""
    return pd.DataFrame(
        [(p.level, p.card, p.rule, p.message, p.source) for p in problems],
        columns=["level", "card", "rule", "message", "source"],
    )
