"""The vocabulary of the card-effect language: every trigger, target, condition atom, op,
duration, cost and short form, with its meaning and its rulebook source.

This module is plain data. The validator (:mod:`.validate`), the pydantic schema and its
JSON Schema (:mod:`.schema`), the compiler (:mod:`.expand`), the interpreter helpers
(:mod:`.interp`) and the generated reference ``database/EFFECTS.md`` (:mod:`.docs`) all read
these tables, so a construct exists in exactly one place.

Rulebook names used in ``source`` fields: "core rules" = the Munchkin core rules
(``seeds/001``, numbered sections), "Scooby-Doo rules" (``seeds/002``), "SMA rules" = Star
Munchkin Adventures (``seeds/000``), "Fairy Dust rules" (last part of ``seeds/001``).

Value specs (``OpDef.value`` and field specs) are short strings understood by
:func:`munchkin_lab.engine.lang.schema.annotation` and the compiler:

``true`` (only ``true``), ``bool``, ``int``, ``posint`` (>= 1), ``nonneg`` (>= 0),
``amount`` (an int, ``bonus`` = the card's printed bonus, or ``{each: INT, per: TARGET}``),
``str`` (a short note), ``word`` (a lower-case name such as a tag), ``words`` (a non-empty
list of words), ``atom``, ``atoms`` (one atom or a list), ``cond``, ``ops``, ``rolls`` (a
mapping of die ranges such as ``"1-2"`` to op lists), ``target``, ``levelset`` (an int >= 1
or ``lowest``), ``room_action`` (the Solar Storm room-action record), and ``enum:a|b|c``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

#: Largest magnitude of a whole number anywhere in a card's ``effects`` (the card files' bound,
#: ``cards.effect_schema``): ``int`` is -INT_MAX..INT_MAX, ``posint`` 1..INT_MAX, ``nonneg``
#: 0..INT_MAX, and the compiler's messages state each spec's whole range.
INT_MAX = 10_000

R_CORE = "core rules"
R_SD = "Scooby-Doo rules"
R_SMA = "SMA rules"
R_FD = "Fairy Dust rules"
R_SS = "Solar Storm Alternative Rooms"

# --------------------------------------------------------------------------- triggers


@dataclass(frozen=True)
class TriggerDef:
    """A moment an ability can wait for (``when:``).

    ``player`` names who "the player" of the event is (the default ``who`` and the subject of
    bare condition atoms); ``default_for`` is the duration lasting ops get when neither the op
    nor the ability says ``for`` (None: the card must say it); ``needs``: the part of the game
    without which the moment never comes (:data:`NEEDS`; ``""``: none).
    """

    name: str
    fires: str
    player: str
    source: str
    default_for: str | None = None
    continuous: bool = False
    needs: str = ""


TRIGGERS: dict[str, TriggerDef] = {t.name: t for t in (
    TriggerDef("played", "the card is played from its owner's hand, at the times its kind allows "
               "(One-Shots in a combat or while running away, Go Up a Level any time...); `if` "
               "narrows when it may be played", "the player playing it",
               f"{R_CORE}, 10. When to Play Cards", "this_combat"),
    TriggerDef("use", "the owner (or `by`) uses an ability of a card in play, as an action, "
               "when `if` holds and `cost` can be paid; a Race's, Class's, Half-Breed's, Super "
               "Munchkin's or Character card's ability, and an Item's, Cheat!'s or Hireling's of a player in the fight, at any moment of a "
               "fight, the others on the user's own decision or in the window; a player who "
               "leaves the combat drops these cards' `this_combat` changes and per-combat counts", "the player using it",
               f"{R_CORE}, 8. Character Statistics (abilities powered by discards)", "this_combat"),
    TriggerDef("in_play", "continuously, while the card is in play: an item in use, a Race, "
               "Class, Curse, Hireling or Scooby-Doo Character card in front of its owner, a monster or enhancer in a "
               "combat, a Dungeon face up, a room tile on the grid; `if` is checked every time "
               "the engine asks", "the owner (for a card lying in a combat - a monster, an "
               "enhancer, a One-Shot: the fighter)",
               f"{R_CORE}, 8. Race/Class (abilities work while the card is in play)",
               None, continuous=True),
    TriggerDef("enters_play", "the card comes into play: an item played, a Race or Class put in "
               "front of its owner, a Hireling played, a Curse kept, a Character card dealt or swapped in (never a monster or Monster "
               "Enhancer: they are in a combat, not in play in front of a player)", "the owner",
               f"{R_CORE}, 10. When to Play Cards"),
    TriggerDef("leaves_play", "the card leaves play by any path: discarded, lost to a Curse or "
               "Bad Stuff, sold, given away, left in a corpse, a Dungeon discarded, a Character card "
               "swapped out, a room tile destroyed (never a monster or Monster Enhancer)", "its last owner (a Dungeon or "
               "room tile: the active player, or the room's destroyer)",
               f"{R_CORE}, 8.-9. (a card's ability stops as soon as it is discarded)"),
    TriggerDef("revealed", "a Dungeon is turned face up during play (not the first Dungeon "
               "placed at set-up)", "the active player", f"{R_SD}, Dungeons and Portals", needs="dungeon"),
    TriggerDef("drawn", "this card is drawn by anyone, face up or face down, before it goes to a "
               "hand or resolves (`drawn_face_up` says which); it then resolves instead of being "
               "kept", "the player drawing it", f"{R_CORE}, 6. Turn Phases; 7. Rewards"),
    TriggerDef("kicked", "this card is drawn face up at Kick Down the Door", "the kicker",
               f"{R_CORE}, 6. Turn Phases (Phase 1)", "this_combat"),
    TriggerDef("kicking", "the active player is about to Kick Down the Door (before the card is "
               "drawn)", "the active player", f"{R_CORE}, 6. Turn Phases (Phase 1)"),
    TriggerDef("enters_combat", "a monster enters a combat: kicked, played to Look for Trouble, "
               "added by a Wandering Monster, joining by its tag, swapped in (on a monster card: "
               "this monster)", "the fighter",
               f"{R_CORE}, 7. Combat", "this_combat"),
    TriggerDef("fight_declared", "the fighter declares a fight for the first time in this "
               "combat (the `fight` action), before the other players may interfere", "the fighter",
               f"{R_CORE}, 7. Combat; {R_SMA}, Questions and Answers (Brig)"),
    TriggerDef("combat_won", "the munchkin side kills the monsters, before the Treasures are "
               "drawn", "the fighter", f"{R_CORE}, 7. Combat: Rewards"),
    TriggerDef("combat_end", "a combat ends, won or lost (after every Run Away roll and Bad "
               "Stuff, before the monsters are discarded)", "the fighter", f"{R_CORE}, 7. Combat"),
    TriggerDef("run_away_rolled", "a runner has rolled to Run Away from one monster, before the "
               "result takes effect (`succeeded` / `failed` / `first_roll` say how it went; on a "
               "monster card: a roll against this monster)",
               "the runner", f"{R_CORE}, 7. Running Away and Bad Stuff", "this_combat"),
    TriggerDef("escaped", "a runner gets away from a monster (on a monster card: from this one)",
               "the runner",
               f"{R_CORE}, 7. Running Away and Bad Stuff"),
    TriggerDef("caught", "a monster catches a runner (on a monster card: this one, its Bad Stuff)",
               "the runner caught",
               f"{R_CORE}, 7. Running Away and Bad Stuff"),
    TriggerDef("die_rolled", "any die roll, before its result is used", "the player rolling",
               f"{R_CORE}, 7. Running Away and Bad Stuff (the die)"),
    TriggerDef("hits", "this Curse hits its victim (after every chance to cancel it)",
               "the victim", f"{R_CORE}, 10. When to Play Cards: Curses"),
    TriggerDef("cursed", "a Curse is about to hit the owner of this card (`cancel_curse` stops "
               "it)", "the owner", f"{R_CORE}, 10. When to Play Cards: Curses"),
    TriggerDef("turn_start", "a turn begins (`if: own_turn` for the owner's turns only)",
               "the active player", f"{R_CORE}, 6. Turn Phases"),
    TriggerDef("turn_end", "the active player ends the turn, before Charity", "the active player",
               f"{R_CORE}, 6. Turn Phases (Phase 4)"),
    TriggerDef("death", "a player dies, after the corpse is laid out", "the dead player",
               f"{R_CORE}, 7. Death"),
    TriggerDef("enter_room", "a player enters this room tile (its ON ENTRY rules)",
               "the player entering", f"{R_SMA}, Movement and Entering Rooms", needs="room_tile"),
    TriggerDef("leave_room", "a player moves out of this room tile (its ON EXIT rules); being "
               "sent to START after a lost combat is not leaving", "the player leaving",
               f"{R_SMA}, Movement and Entering Rooms; Combat", needs="room_tile"),
)}

# --------------------------------------------------------------------------- targets


@dataclass(frozen=True)
class TargetDef:
    """Who or what an op acts on (``who:``). ``kind``: player, monster, side or card (a
    monster or a side is there only in a combat); ``needs``: the part of the game without
    which there is nobody to act on (:data:`NEEDS`; ``""``: none)."""

    name: str
    kind: str
    text: str
    choice: bool = False
    needs: str = ""


TARGETS: dict[str, TargetDef] = {t.name: t for t in (
    TargetDef("player", "player", "the player of the event (see the trigger): the victim, the "
              "runner, the player entering a room, the player playing the card"),
    TargetDef("owner", "player", "the player who has the card (in play, or playing it)"),
    TargetDef("fighter", "player", "the player fighting the combat", needs="combat"),
    TargetDef("helper", "player", "the player helping in the combat (nobody when alone)", needs="combat"),
    TargetDef("munchkins", "player", "the fighter and the helper", needs="combat"),
    TargetDef("runners", "player", "the players running away in this combat", needs="combat"),
    TargetDef("active_player", "player", "the player whose turn it is"),
    TargetDef("each_player", "player", "every living player, in seat order from the player of "
              "the event"),
    TargetDef("other_players", "player", "every living player except the player of the event, "
              "from that player's left"),
    TargetDef("lowest_level", "player", "the living player(s) at the lowest Level (ties: all)"),
    TargetDef("highest_level", "player", "the living player(s) at the highest Level (ties: all)"),
    TargetDef("lowest_strength", "player", "the player(s) with the lowest combat strength, "
              "One-Shots not counted"),
    TargetDef("left_neighbour", "player", "the next living player to the left of the player of "
              "the event"),
    TargetDef("right_neighbour", "player", "the next living player to the right"),
    TargetDef("neighbours", "player", "the left and the right neighbour (one player when they "
              "are the same)"),
    TargetDef("chosen_player", "player", "one living player the owner chooses", True),
    TargetDef("chosen_other_player", "player", "one living player other than the owner, the "
              "owner's choice", True),
    TargetDef("players_here", "player", "every player standing in this room tile", needs="room_tile"),
    TargetDef("this_monster", "monster", "the card itself as a monster; for an enhancer (or a "
              "card that changes a monster), the monster it is played on, also one entering the "
              "combat together with it; for any other card, the monster of its event (`enters_combat`, "
              "`run_away_rolled`, `escaped`, `caught`, a Run Away roll's `die_rolled`): elsewhere "
              "there is none and the card is refused"),
    TargetDef("monsters", "monster", "every monster in the combat"),
    TargetDef("other_monsters", "monster", "every monster in the combat but this one (this_monster: "
              "where there is none, the card is refused)"),
    TargetDef("chosen_monster", "monster", "one monster in the combat, the owner's choice", True),
    TargetDef("munchkin_side", "side", "the munchkin side of the combat, counted once"),
    TargetDef("monster_side", "side", "the monster side of the combat, counted once"),
    TargetDef("chosen_side", "side", "the side the player chooses when playing the card", True),
    TargetDef("this_card", "card", "the card itself (an item's own bonus, a room's own rules)"),
    TargetDef("chosen_item", "card", "one item in play of the owner, chosen when the ability "
              "is used", True),
)}

# --------------------------------------------------------------------------- conditions


@dataclass(frozen=True)
class AtomDef:
    """A condition atom (a string such as ``race:elf`` or ``level>=6``; ``!`` negates).

    ``arg``: ``none`` (a bare word), ``name`` (``atom:some name``), ``enum`` (``atom:x`` with
    ``x`` in ``choices``) or ``cmp`` (``atom<=N``, ``>=``, ``<``, ``>``, ``=``). ``subject``:
    ``player`` or ``monster`` (tested on a subject, see :data:`SUBJECTS`) or ``game`` (the
    position as a whole). ``needs``: the part of the game without which it never holds
    (:data:`NEEDS`): a part name, or ``{arg: part}`` for some arguments; ``""``: none.
    """

    name: str
    arg: str
    subject: str
    text: str
    choices: tuple[str, ...] = ()
    source: str = ""
    needs: str | dict = ""


WEAR_SLOTS = ("headgear", "armor", "footgear", "hand", "big", "vehicle")
ROLES = ("fighter", "helper", "runner", "active", "owner", "in_combat")
PHASES = ("setup", "start", "trouble", "combat", "end", "charity")

ATOMS: dict[str, AtomDef] = {a.name: a for a in (
    AtomDef("race", "name", "player", "has that Race card (`race:human` = no Race card)",
            source=f"{R_CORE}, 8. Race"),
    AtomDef("class", "name", "player", "has that Class card (`priest` and `cleric` are the same)",
            source=f"{R_CORE}, 8. Class"),
    AtomDef("gender", "enum", "player", "is of that gender", ("male", "female")),
    AtomDef("human", "none", "player", "has no Race card", source=f"{R_CORE}, 8. Race"),
    AtomDef("has_race", "none", "player", "has at least one Race card"),
    AtomDef("has_class", "none", "player", "has at least one Class card",
            source=f"{R_CORE}, 8. Class"),
    AtomDef("level", "cmp", "player", "Level compared with a number (a monster subject: its Level)"),
    AtomDef("highest_level", "none", "player", "is at the highest Level among living players "
            "(ties count)"),
    AtomDef("lowest_level", "none", "player", "is at the lowest Level among living players "
            "(ties count)"),
    AtomDef("higher_level", "none", "player", "has a higher Level than the card's owner"),
    AtomDef("lower_level", "none", "player", "has a lower Level than the card's owner"),
    AtomDef("riding", "none", "player", "rides a Vehicle (one in use)",
            source=f"{R_SD}, Treasures: Vehicles", needs="vehicle"),
    AtomDef("wears", "enum", "player", "has an item of that kind in use", WEAR_SLOTS,
            needs={"vehicle": "vehicle"}),
    AtomDef("has_item", "name", "player", "has an item in play whose name holds the word"),
    AtomDef("has_hireling", "none", "player", "has a Hireling in play"),

    AtomDef("role", "enum", "player", "takes that part (`in_combat`: fighter or helper)", ROLES),
    AtomDef("here", "none", "player", "stands in this room tile", source=f"{R_SMA}, Combat",
            needs="room_tile"),
    AtomDef("tag", "name", "monster", "has the tag (printed or granted); on a player subject it "
            "tests the monster the event is about", source=f"{R_CORE}, 10. Undead Monsters"),
    AtomDef("name", "name", "monster", "its card name holds the word"),
    AtomDef("in_combat", "none", "game", "a combat is going on"),
    AtomDef("own_turn", "none", "game", "it is the owner's turn"),
    AtomDef("helped", "none", "game", "the fighter has a helper"),
    AtomDef("alone", "none", "game", "the fighter has no helper"),
    AtomDef("fought", "none", "game", "the fighter declared a fight in this combat"),
    AtomDef("running_away", "none", "game", "the munchkin side is running away"),
    AtomDef("no_roll_yet", "none", "game", "running away, and no Run Away roll made yet in this "
            "combat"),
    AtomDef("winning", "none", "game", "the munchkin side is winning the combat now"),
    AtomDef("for_winning_level", "none", "game", "winning this combat would give the fighter "
            "the winning Level", source=f"{R_CORE}, 5. Starting and Ending the Game"),
    AtomDef("one_shots_used", "none", "game", "a One-Shot has been played in this combat"),
    AtomDef("bare", "none", "game", "the fighter is alone and their combat strength is exactly "
            "their Level (no item, One-Shot for the munchkins or other bonus)"),
    AtomDef("used", "name", "game", "the winning side used a card whose name holds the word (a "
            "One-Shot played for the munchkins in the combat or an item in use)"),
    AtomDef("from_kick", "none", "game", "the card came face up at Kick Down the Door (an event fact of `kicked`, `drawn` and `cursed`)"),
    AtomDef("drawn_face_up", "none", "game", "the card of a `drawn` event was drawn face up (a fact of `drawn`)"),
    AtomDef("first_roll", "none", "game", "this is the runner's first roll against this monster (a fact of `run_away_rolled` and a Run Away roll's `die_rolled`)"),
    AtomDef("succeeded", "none", "game", "the Run Away roll of the event succeeds (a fact of `run_away_rolled`)"),
    AtomDef("failed", "none", "game", "the Run Away roll of the event fails (a fact of `run_away_rolled`)"),
    AtomDef("players", "cmp", "game", "the number of players in the game"),
    AtomDef("monsters", "cmp", "game", "the number of monsters in the combat, each Mate on one counted as one more monster",
            source=f"{R_CORE}, Mate card"),
    AtomDef("dungeon", "name", "game", "a Dungeon of that name is in play",
            source=f"{R_SD}, Dungeons and Portals", needs="dungeon"),
    AtomDef("hireling_in_play", "none", "game", "some player has a Hireling in play"),
    AtomDef("room_has_cards", "none", "game", "this room tile holds face-up cards after entry (a fact of `enter_room`)",
            source=f"{R_SMA}, Movement and Entering Rooms", needs="room_tile"),
    AtomDef("forced_entry", "none", "game", "the player entered this room by a forced move (a fact of `enter_room` and `leave_room`)",
            needs="room_tile"),
    AtomDef("curse_pending", "none", "game", "a Curse is about to hit the owner (a fact of `cursed`)"),
    AtomDef("phase", "enum", "game", "the turn is in that phase", PHASES),
)}

#: Mapping keys that test a condition on one subject: ``{fighter: "race:elf"}``.
SUBJECTS: dict[str, str] = {
    "player": "the player of the event",
    "owner": "the card's owner",
    "fighter": "the fighter",
    "helper": "the helper (false when there is none)",
    "any_munchkin": "the fighter or the helper (a monster's bonus counts once, core rules, 7. Help)",
    "all_munchkins": "the fighter and the helper (when there is one)",
    "monster": "this monster",
    "any_monster": "some monster in the combat",
    "all_monsters": "every monster in the combat",
}
SUBJECT_KIND = {"player": "player", "owner": "player", "fighter": "player", "helper": "player",
                "any_munchkin": "player", "all_munchkins": "player", "monster": "monster",
                "any_monster": "monster", "all_monsters": "monster"}
COMBINATORS = ("and", "or", "not")

#: Atoms whose argument names something that must exist, and what (:mod:`.names`: ``race`` a
#: Race card, ``class`` a Class card, ``tag`` a declared tag, ``dungeon`` a Dungeon card;
#: ``monster``/``item``/``used`` a word some monster's / item's / item's or One-Shot's name
#: holds). The validator checks them against the cards and tags that exist.
ATOM_NAMES: dict[str, str] = {"race": "race", "class": "class", "tag": "tag", "dungeon": "dungeon",
                              "name": "monster", "has_item": "item", "used": "used"}
#: Fields whose words name something, and what (as :data:`ATOM_NAMES`): ``op.field`` for an
#: op's field (the op name alone for its main value), ``cost.field``, a short form's key,
#: ``part.field.key`` inside an expansion part.
FIELD_NAMES: dict[str, str] = {
    "lose_item.tagged": "tag", "lose_race.named": "race", "lose_class.named": "class",
    "grant_tag": "tag", "remove_tag": "tag", "cost.named": "used", "cost.tagged": "tag",
    "evade_discard": "used", "dungeon.vs_tag.tag": "tag",
    # (not ``extra_level_with``: its words name a kind of weapon, as the card says it - "fire or
    # flame" - and a designer's later "Fireball" must count: a word no card holds yet is kept)
}

# --------------------------------------------------------------------------- durations


@dataclass(frozen=True)
class DurationDef:
    """How long a lasting op lasts (``for:``)."""

    name: str
    ends: str
    source: str


DURATIONS: dict[str, DurationDef] = {d.name: d for d in (
    DurationDef("this_combat", "when the current combat ends (made outside a combat: the combat about to start, else the end of the turn)",
                f"{R_CORE}, 7. Combat (One-Shots are discarded when the combat ends)"),
    DurationDef("next_combat", "when the next combat the target fights or helps in ends (or the "
                "target leaves it while it goes on); the current one when the target is in a combat now",
                f"{R_CORE}, 10. Curses (\"in the next combat\")"),
    DurationDef("in_play", "when the card that made it leaves play",
                f"{R_CORE}, 8. (abilities stop when the card is discarded)"),
    DurationDef("this_turn", "at the end of the current turn", f"{R_CORE}, 6. Turn Phases"),
    DurationDef("until_next_turn", "when the target's next turn begins",
                f"{R_FD}, Sparkly Good Bad Stuff (charmed until your next turn)"),
    DurationDef("next_turn", "through the target's next turn: in force from the start of that turn "
                "to its end; made during the target's own turn, it is that turn",
                f"{R_SD}, Curses (a 'your next turn' Curse played during your turn counts in that turn)"),
    DurationDef("good", "never: the change is for good (a Curse that stays keeps its card in "
                "front of the victim)", f"{R_CORE}, 10. Curses (effects that go on and on)"),
)}
#: Mapping form: ``for: {until_lost: headgear}`` ends when the target loses (from play) their
#: item of that slot (core rules, 10. Curses: Chicken on Your Head's kind).
UNTIL_LOST_SLOTS = ("headgear", "armor", "footgear")

# --------------------------------------------------------------------------- ops


@dataclass(frozen=True)
class OpDef:
    """One op (``do:`` entry): a mapping with this name as its main key.

    ``value``: spec of the main key's value. ``lasting``: the op sets up a change that lasts
    (it takes ``for``); otherwise it happens at once and ``for`` is an error. ``acts_on``:
    target kinds it applies to (``game`` = none needed). ``fields``: its own extra keys and
    their specs (every op may also have ``who`` and ``else``, lasting ops ``for``).
    ``short``: the canonical op this short form stands for (None: canonical itself).
    ``needs``: the part of the game the op acts on beyond the core game, without which it
    does nothing (:data:`NEEDS`): a part name for every value, or ``{value: part}`` for some
    values of its main key; ``""``: none.
    """

    name: str
    value: str
    text: str
    acts_on: tuple[str, ...] = ("player",)
    lasting: bool = False
    fields: dict[str, str] = field(default_factory=dict)
    floors: str = ""
    source: str = ""
    short: str | None = None
    group: str = ""
    needs: str | dict = ""


LOSE_ITEM_WHAT = ("headgear", "armor", "footgear", "hand", "big", "small", "best", "any",
                  "all_big", "all", "vehicle", "all_worn")
DECK_NAMES = ("treasure", "door", "dungeon", "fairy_dust")
#: The core game's decks (core rules, 3. Handling Cards); the others of :data:`DECK_NAMES` are
#: an expansion's pile, which a game without its cards lacks.
CORE_DECKS = ("treasure", "door")
DIRECTIONS = ("N", "E", "S", "W")

_P = ("player",)
_M = ("monster",)
_G = ("game",)
_PM = ("player", "monster")

OPS: dict[str, OpDef] = {o.name: o for o in (
    # ---- Levels and life
    OpDef("levels", "amount", "change the target's Level by the amount (+ gains, - loses)",
          fields={"winning": "bool", "floor": "posint"},
          floors="never below `floor` (default 1, core rules 8. Level); a gain never gives the "
                 "winning Level unless `winning: true` (core rules 5.); dead players gain nothing",
          source=f"{R_CORE}, 8. Level", group="levels"),
    OpDef("gain_levels", "nonneg", "short form of `levels: N`", short="levels",
          fields={"winning": "bool"}, group="levels"),
    OpDef("lose_levels", "nonneg", "short form of `levels: -N`", short="levels",
          fields={"floor": "posint"}, group="levels"),
    OpDef("set_level", "levelset", "the target's Level becomes N (or the lowest living Level)",
          fields={"winning": "bool"},
          floors="1..9: above 9 acts as 9, never the winning Level unless `winning: true` "
                 "(core rules 5.); dead players gain nothing", group="levels"),
    OpDef("lose_level_per_roll", "true", "roll a die; the target loses that many Levels",
          floors="not below 1", group="levels"),
    OpDef("death", "true", "the target dies (core rules, 7. Death)", group="levels",
          source=f"{R_CORE}, 7. Death"),
    # ---- cards and items
    OpDef("lose_item", "enum:" + "|".join(LOSE_ITEM_WHAT), "the target loses items in play of "
          "that kind (their choice when several fit): a slot, `vehicle` or `hand` means the item "
          "in use there, `all`/`all_big`/`all_worn` every item in play / Big item / item in use; "
          "`tagged`: only items carrying one of the tags (Crabs: `all_worn` tagged `below the "
          "waist`)",
          fields={"count": "posint", "tagged": "words"},
          source=f"{R_CORE}, 10. Curses (the victim chooses)", group="cards",
          needs={"vehicle": "vehicle"}),
    OpDef("lose_race", "true", "the target discards their Race card(s) (`count`: that many, "
          "their choice; `named`: only the Race card(s) of that name)",
          fields={"count": "posint", "named": "words"}, group="cards"),
    OpDef("lose_class", "true", "the target discards their Class card(s) (`count`: that many, "
          "their choice; `named`: only the Class card(s) of that name, e.g. the Horror's Wizard; "
          "a Super Munchkin goes with the last Class)", fields={"count": "posint", "named": "words"},
          group="cards"),
    OpDef("discard_hand", "true", "the target discards their whole hand", group="cards"),
    OpDef("lose_hireling", "true", "the target's Hireling is discarded", group="cards"),
    OpDef("take_from_discards", "enum:race|class", "the top Race/Class card of the Door discards "
          "becomes the target's, as if played (one slot full: the old card goes; both full: the "
          "target chooses which goes) (`exclude_own`: not a card the target lost in this same ability)",
          fields={"exclude_own": "bool"}, group="cards"),
    OpDef("neighbours_take", "posint", "the target's neighbours (left, then right, in turn) take "
          "that many random cards from the target's hand", group="cards"),
    OpDef("others_take_item", "enum:all|highest|neighbours", "those other players each take one "
          "item in play of the target (their choice), in turn from the target's left (`from: "
          "right`: from the right); `or_hand`: each may take a card from the hand, blind, instead",
          fields={"from": "enum:left|right", "or_hand": "bool"}, group="cards"),
    OpDef("others_draw_hand", "true", "the other living players, from the target's left, draw "
          "the target's hand blind, one card at a time until it is empty (`each: N`: N cards "
          "each, then the rest is discarded)", fields={"each": "posint"}, group="cards"),
    OpDef("lose_cards_roll", "true", "roll a die; the target loses that many cards (items in play "
          "or hand, their choice)", group="cards"),
    OpDef("lose_value", "posint", "the target discards items in play worth at least that many "
          "Gold Pieces (their choice); unable, all items", group="cards"),
    OpDef("income_tax", "true", "the target discards an item in play; every other living player "
          "discards items worth as much, or all items and 1 Level", group="cards"),
    OpDef("draw", "enum:" + "|".join(DECK_NAMES), "the target draws cards from that deck (Doors "
          "drawn face up are shown, not kicked: a Portal among them is a drawn one)",
          fields={"count": "posamount", "face_up": "bool"}, group="cards",
          source=f"{R_CORE}, 7. Rewards (face down alone, face up when helped)",
          needs={d: d for d in DECK_NAMES if d not in CORE_DECKS}),
    OpDef("take_discard", "true", "the target takes one card of a discard pile into their hand",
          group="cards"),
    OpDef("kick_from_discards", "true", "this Kick Down the Door takes the top card of the Door "
          "discards instead of the deck; it resolves as a kicked card", _P, group="cards"),
    OpDef("take_item", "enum:any|small|decisive", "the owner takes one item in play of the "
          "target (`small`: a small one; `decisive`: one that turns the fight into a win)",
          group="cards"),
    OpDef("change_sex", "true", "the target's gender flips (for good)", group="cards"),
    OpDef("peek", "enum:deck|room|tile", "the target looks at hidden cards: the top `count` cards "
          "of a deck (`deck`, default the Door deck; only they see them: their `view`, the log says "
          "who looked at how many), a room's face-down card, or the next room tile",
          fields={"count": "posint", "deck": "enum:door|treasure"},
          source=f"{R_SMA}, Questions and Answers (Psychic)", group="cards",
          needs={"room": "room_tile", "tile": "room_tile"}),
    # ---- combat
    OpDef("add_monster", "enum:from_hand", "the owner adds a monster from their hand to the "
          "combat", _G, source=f"{R_CORE}, 10. Monsters (Wandering Monster)", group="combat",
          needs="combat"),
    OpDef("swap_monster", "true", "the target monster leaves; a monster from the owner's hand "
          "takes its place", _M, group="combat"),
    OpDef("leave_combat", "enum:none|keep|keep_if_alone", "the target monster leaves the combat; "
          "its Treasures: `none` lost, `keep` still drawn by the fighter, `keep_if_alone` drawn "
          "only when it was the last monster; no Level for it", _M,
          source=f"{R_CORE}, 7. Combat (defeated without combat: no Levels)", group="combat"),
    OpDef("slay", "true", "the target monster is killed at once, as if beaten: it leaves the "
          "combat, and its Levels and Treasures go to the munchkin side when the combat is won "
          "(lost if they run from the rest)", _M,
          source=f"{R_CORE}, Card Text and These Rules, 3 (no reward during a combat)", group="combat"),
    OpDef("add_doors", "posint", "that many Door cards come face up into this combat and resolve "
          "as a kicked door: monsters join the fight, Curses and traps hit the fighter, other "
          "cards go to the fighter's hand; the fighter decides again", _G,
          source=f"{R_SMA}, Questions and Answers (Brig: draw two extra cards)", group="combat",
          needs="combat"),
    OpDef("end_combat", "true", "every monster leaves the combat: no Levels, no Treasures "
          "(`loot_room: true`: the fighter may still Loot the Room)", _G,
          fields={"loot_room": "bool"}, group="combat", needs="combat"),
    OpDef("escape", "true", "the target gets away from every monster at once (no roll, no Bad "
          "Stuff)", _P, group="combat", needs="combat"),
    OpDef("reroll", "true", "the target's roll that triggered this is void: they roll again",
          _P, group="combat"),
    OpDef("set_die", "enum:next|this", "the owner chooses a die result: `next` = the next roll, "
          "`this` = the roll just made", _G, group="combat"),
    OpDef("transfer_fighter", "true", "the target becomes the fighter; the old fighter and the "
          "helper leave the combat, and what their own Race/Class abilities put into it ends", _P,
          group="combat", needs="combat"),
    OpDef("cancel_curse", "true", "the Curse about to hit is cancelled, or a Curse kept on the "
          "target ends", ("player", "game"), source=f"{R_CORE}, 10. Curses", group="combat"),
    OpDef("run_away_roll", "true", "the target rolls to Run Away with every modifier; runs "
          "`fail` or `success`", _P, fields={"fail": "ops", "success": "ops"},
          source=f"{R_SMA}, Questions and Answers (Shaft of Doom)", group="combat"),
    # ---- rooms and Dungeons
    OpDef("move", "enum:N|E|S|W|start", "forced move: the target moves one room that way (a new "
          "tile is placed if needed; none left: START), or back to START", _P,
          source=f"{R_SMA}, Movement and Entering Rooms", group="rooms", needs="room_tile"),
    OpDef("destroy_rooms", "enum:self|N|E|S|W|adjacent|chosen", "destroy room tiles: this one, "
          "the neighbour that way, every neighbour, or `count` rooms the owner chooses; START is "
          "never destroyed", _G, fields={"count": "posint"},
          source=f"{R_SMA}, Room Destruction", group="rooms", needs="room_tile"),
    OpDef("discard_dungeons", "true", "every Dungeon in play is discarded", _G,
          source=f"{R_SD}, Dungeons and Portals: Portals", group="rooms", needs="dungeon"),
    OpDef("reshuffle", "enum:door|treasure", "that deck's discards are shuffled back into it", _G,
          source=f"{R_SD}, Dungeons and Portals (K-Ghoul Mart)", group="rooms"),
    OpDef("room_action", "room_action", "a Solar Storm room action (its own record, run by the "
          "Solar Storm game)", _G, source=f"{R_SS}, V2 Room Actions", group="rooms", needs="ship_room"),
    # ---- control
    OpDef("if", "cond", "`then` when the condition holds for the target, else `else`",
          ("player", "monster", "side", "card", "game"), fields={"then": "ops"}, group="control"),
    OpDef("if_match", "atom", "short form of `if` (one atom)", _P, fields={"then": "ops"},
          short="if", group="control"),
    OpDef("roll", "rolls", "roll a die and run the ops of the range it falls in (ranges may not overlap; a face no range names does nothing, as on printed cards that name only some faces)", _P,
          group="control"),
    OpDef("manual", "str", "resolve by hand: the engine asks the players (a short note says what)",
          ("player", "game"), group="control"),
    # ---- lasting changes
    OpDef("combat_strength", "amount", "combat strength change (a monster: its Level in this "
          "combat)", ("player", "monster", "side"), True, fields={"floor": "int"},
          floors="combat strength may be negative (core rules, 8. Level); `floor`: this change "
                 "never takes it below that",
          source=f"{R_CORE}, 7. Combat", group="lasting"),
    OpDef("run_away", "amount", "Run Away modifier (a player: their rolls; a monster: every roll "
          "against it)", _PM, True, source=f"{R_CORE}, 7. Running Away", group="lasting"),
    OpDef("roll_mod", "amount", "modifier to every die roll of the target", _P, True,
          group="lasting"),
    OpDef("hand_limit", "amount", "change of the target's hand limit", _P, True,
          source=f"{R_CORE}, 3. Handling Cards", group="lasting"),
    OpDef("grant_tag", "word", "the target gets the tag (a monster made Undead, Ghost or Pirate "
          "may join a combat by that tag)", _M, True,
          source=f"{R_CORE}, 10. Undead Monsters; {R_SD}, Ghost and Pirate Monsters", group="lasting"),
    OpDef("remove_tag", "word", "the target loses the tag", _M, True, group="lasting"),
    OpDef("treasures", "amount", "change of the monster's Treasures", _M, True,
          fields={"floor": "nonneg"}, floors="never below 0 (`floor`: below that)", group="lasting"),
    OpDef("levels_won", "amount", "extra Levels for killing the monster", _M, True,
          group="lasting"),
    OpDef("item_bonus", "int", "the item's bonus becomes N", ("card",), True, group="lasting"),
    OpDef("only_slot", "enum:headgear|armor|footgear", "only items of that slot give the target "
          "a bonus", _P, True, group="lasting"),
    OpDef("double_sale", "posint", "each turn, that many items of the target sell at double "
          "value", _P, True, group="lasting"),
    OpDef("stays", "true", "the card stays in front of the target (a reminder) for the duration",
          _P, True, group="lasting"),
    OpDef("no_help", "true", "nobody may help against the monster", _M, True, group="switch"),

    OpDef("items_dont_count", "true", "the munchkin side's items give no bonus against it", _M,
          True, group="switch"),
    OpDef("level_doesnt_count", "true", "the munchkin side's Levels do not count against it", _M,
          True, group="switch"),
    OpDef("level_only", "true", "the munchkin side fights with its Levels only against it (no "
          "item, One-Shot, Hireling, ability or other bonus)", _M, True, group="switch"),
    OpDef("no_run_away", "true", "every Run Away roll against it fails", _M, True, group="switch"),
    OpDef("counts_twice", "true", "the monster counts twice: combat strength, Treasures, Levels",
          _M, True, group="switch"),
    OpDef("fairy", "true", "the monster is the Sparkly Good Fairy (the Fairy Dust rules apply)",
          _M, True, source=f"{R_FD}", group="switch"),
    OpDef("auto_escape", "true", "the target's Run Away always succeeds (on a monster: every "
          "Run Away roll against that monster)", _PM, True, group="switch"),
    OpDef("strength_twice", "true", "a lone fighter's own combat strength counts twice", _P,
          True, group="switch"),
    OpDef("wins_ties", "true", "the munchkin side wins ties when the target is in it", _P, True,
          source=f"{R_CORE}, 7. Help (Warrior)", group="switch"),
    OpDef("must_help", "true", "the target must help when asked, for no reward", _P, True,
          source=f"{R_FD}, Sparkly Good Bad Stuff", group="switch"),
    OpDef("compel_help", "true", "a player of higher Level whom the target asks for help cannot "
          "refuse nor ask for a reward", _P, True, group="switch"),
    OpDef("half_breed", "true", "the target may have two Races (or one with its advantages "
          "only)", _P, True, source=f"{R_CORE}, 10. Mixed Super Munchkin", group="switch"),
    OpDef("super_munchkin", "true", "the target may have two Classes (or one with its advantages "
          "only)", _P, True, source=f"{R_CORE}, 10. Mixed Super Munchkin", group="switch"),
    OpDef("hireling", "true", "the target has a Hireling: it carries one item beyond the slot and "
          "Big limits", _P, True, source=f"{R_CORE}, 9. Items (the Henchman)", group="switch"),
    OpDef("big_items", "true", "the target may carry any number of Big items", _P, True,
          source=f"{R_CORE}, 9. Items", group="switch"),
    OpDef("cheat", "true", "the item may be used even where a rule or restriction forbids it",
          ("card",), True, group="switch"),
    OpDef("indestructible", "true", "the room tile can never be destroyed", ("card",), True,
          source=f"{R_SMA}, Room Destruction", group="switch"),
    OpDef("start_room", "true", "the room tile is START", ("card",), True,
          source=f"{R_SMA}, Getting Started", group="switch"),
    OpDef("full_level_must_count", "true", "in this room the munchkins' whole Level counts", ("card",),
          True, source=f"{R_SMA}, Questions and Answers (Glass Dome)", group="switch"),
    OpDef("items_optional", "true", "in this room items may be left out of a fight", ("card",),
          True, source=f"{R_SMA}, Questions and Answers (Glass Dome)", group="switch"),
    OpDef("lowest_strength_excludes_one_shots", "true", "in this room the lowest combat strength "
          "is counted without One-Shots", ("card",), True,
          source=f"{R_SMA}, Questions and Answers (Empathizator)", group="switch"),
)}

#: The parts of the game a construct may need beyond the core game (``needs`` of an op, a
#: trigger, a target or a condition atom): without it the construct does nothing, or the atom
#: never holds (``deck check``'s effect-does-nothing). Every part but ``combat`` is a card kind,
#: draw pile or item slot (``engine.cards.KINDS`` / ``DECKS`` / ``SLOTS``): a game has it when
#: one of its cards is of that kind, pile or slot. ``combat``: a combat going on (a card that may act out of one).
NEEDS: dict[str, str] = {
    "dungeon": f"the Dungeons: the Dungeon deck and the Dungeons in play ({R_SD}, Dungeons and Portals)",
    "fairy_dust": f"the Fairy Dust deck ({R_FD})",
    "room_tile": f"room tiles on the grid ({R_SMA}, Movement and Entering Rooms)",
    "vehicle": f"a Vehicle ({R_SD}, Treasures: Vehicles)",
    "ship_room": f"Solar Storm ship rooms (a game of its own: {R_SS})",
    "combat": f"a combat going on ({R_CORE}, 7. Combat)",
}

#: Keys every op may carry besides its main key and its own fields.
OP_COMMON = {"who": "target", "else": "ops"}
#: ``for`` is allowed on lasting ops only.
OP_LASTING_COMMON = {"for": "duration"}

# --------------------------------------------------------------------------- costs, limits


COST_WHAT: dict[str, str] = {
    "card": "any one card of the payer's, from hand or in play: an Item, a Race or Class card, the "
            "Hireling, a Cheat! - never a kept Curse (core rules, 8.: abilities powered by discards)",
    "hand_card": "one card from the payer's hand",
    "self": "this card",
    "hand": "the payer's whole hand (not possible with an empty hand, core rules 8. Class; with "
            "`count`: the hand must hold at least that many cards, the Wizard's charm)",
    "item": "an item in play (with `worth`: worth at least that many Gold Pieces; with `named`: "
            "an item or One-Shot whose name holds one of the words; with `tagged`: one carrying "
            "one of the tags)",
}
COST_FIELDS = {"discard": "enum:" + "|".join(COST_WHAT), "count": "posint", "worth": "posint",
               "named": "words", "tagged": "words", "deck": "enum:door|treasure"}
LIMIT_PER = ("combat", "turn", "game", "roll")
LIMIT_FIELDS = {"times": "posint", "per": "enum:" + "|".join(LIMIT_PER), "each_target": "bool"}

#: Keys of one ability (an entry of ``abilities:``).
ABILITY_FIELDS: dict[str, str] = {
    "when": "trigger(s): one name or a list",
    "if": "condition: when the ability may or does apply",
    "who": "target: who the ops act on (default `player`, the player of the event)",
    "by": "target: who may use it (`when: use` only; default `owner`)",
    "may": "true: the player may decline (offered as an action); default false: it happens",
    "cost": "list of costs paid when it is used (`use`, `played` or `may: true` only)",
    "limit": "{times: N, per: combat|turn|game|roll, each_target: bool}",
    "do": "the ops, in order (may be empty with `otherwise`: paying the cost is then the whole of it)",
    "otherwise": "with `may: true`: the ops that run instead when the player declines, or cannot pay the "
                 "`cost` (a choice between two evils, e.g. Platycore's Bad Stuff: the whole hand, or 2 Levels)",
    "for": "default duration of its lasting ops",
    "label": "a short name for the action and the log (our own words); several `played` abilities that all "
             "carry one are modes: the player picks one as the card is played (a One-Shot, special, Go Up a "
             "Level, Race, Class or Item; refused on other kinds)",
}

# --------------------------------------------------------------------------- short forms

#: Top-level short forms (today's keys) and what each stands for; kind-dependent keys say so.
SHORT_FORMS: dict[str, str] = {
    "bonus_vs": "monster: `in_play` on this_monster: combat_strength when any munchkin matches "
                "(counted once)",
    "run_away": "monster: `in_play` run_away on this_monster; other cards: on the owner",
    "no_run_away": "monster: `in_play` no_run_away on this_monster",
    "not_pursue": "monster: `use` by the fighter when the fighter matches every atom: leave_combat "
                  "none (with evade_treasures: draw that many Treasures)",
    "evade_treasures": "with not_pursue: Treasures drawn by a fighter who lets it go",
    "evade_discard": "monster: `use` by the fighter, cost: discard an item or One-Shot named with "
                     "one of the words: leave_combat none",
    "bribe_gold": "monster: `use` by the fighter, cost: discard an item worth at least N: "
                  "leave_combat none",
    "no_help": "monster: `in_play` no_help", "items_dont_count": "monster: `in_play` items_dont_count",
    "level_doesnt_count": "monster: `in_play` level_doesnt_count",
    "level_only": "monster: `in_play` level_only",
    "extra_treasures": "monster: `in_play` treasures when the fighter or the helper matches "
                       "(a monster's ability reaches both, core rules 7. Help)",
    "extra_levels": "monster: `in_play` levels_won",
    "extra_level_with": "monster: `in_play` levels_won 1 when the winning side used a card named "
                        "with one of the words",
    "extra_level_bare": "monster: `in_play` levels_won 1 when the fighter wins bare",
    "cleric_chase": "monster: `use` by a Cleric fighter or helper: leave_combat keep",
    "on_meet": "monster: `enters_combat` ops on the fighter",
    "bad_stuff": "monster: `caught` ops on the caught runner",
    "on_escape": "monster: `escaped` ops on the runner",
    "bonus_if": "item: `in_play` item_bonus of the first matching entry (owner; a tag: atom: a monster of the combat)",
    "side": "One-Shot: `played`, combat_strength `bonus` on that side",
    "escape": "One-Shot: `played` while running away: escape (with escape_both: every runner)",
    "escape_both": "with escape: every runner escapes",
    "discard_monster": "One-Shot: `played` in a combat: leave_combat on a chosen monster",
    "keep_treasure": "with discard_monster: leave_combat keep_if_alone",
    "leave_treasure": "with discard_monster: leave_combat keep (its Treasures stay for the winner)",
    "loot_room": "with end_combat: end_combat loot_room (the fighter may still Loot the Room)",
    "end_combat": "`played` in a combat: end_combat (with draw_treasures: the fighter draws)",
    "draw_treasures": "`played`: draw that many Treasures (own turn, out of combat, unless "
                      "with end_combat)",
    "bonus_per": "One-Shot: `played`: combat_strength {each: bonus, per: matching munchkins}",
    "own_turn": "with the other One-Shot keys: only on its owner's turn, at any moment of it (also while running away)",
    "double_fighter": "`played`: strength_twice on a lone fighter (this combat)",
    "transfer_fighter": "`played` in a combat: transfer_fighter to a chosen other player",
    "set_die": "`played` any time: set_die next",
    "take_discard": "`played` own turn out of combat: take_discard",
    "reroll_escape": "`run_away_rolled` after another player's successful roll, may: reroll",
    "treasures": "Monster Enhancer: `played` treasures on the enhanced monster",
    "mate": "Monster Enhancer: `played` counts_twice on the enhanced monster",
    "ops": "Curse: `hits` ops on the victim",
    "persistent": "Curse: the card stays (stays for good)",
    "roll_mod": "Curse: `hits` roll_mod for good (or until_lost with removed_with)",
    "next_combat": "Curse: `hits` combat_strength for next_combat",
    "removed_with": "Curse: its lasting ops end when that item is lost (until_lost; with "
                    "next_combat/only_slot alone: stays until_lost too)",
    "only_slot": "Curse: `hits` only_slot for next_combat",
    "levels": "Go Up a Level: `played` on a chosen player, levels N (never the winning Level)",
    "not_highest": "Go Up a Level: `played` levels 1 on a chosen player, if the player playing "
                   "it is not at the highest Level (nor tied)",
    "needs_hireling": "Go Up a Level: `played` levels 1 on a chosen player, if some player has a "
                      "Hireling in play",
    "kill_hireling": "with needs_hireling: the Hireling is discarded (lose_hireling)",
    "after_combat": "Go Up a Level: from the hand at `combat_end`, levels 1 on a chosen player",
    "min_level": "Monster Enhancer: `played` combat_strength 0 on the enhanced monster with a floor: "
                 "its Level stays at least N",
    "min_treasures": "with treasures: the enhanced monster keeps at least N Treasures (floor)",
    "may_win": "with level_for: the Level may be the winning one (levels winning: true)",
    "on_draw": "resolve: the card's `played` abilities also fire when anyone draws it (`drawn`)",
    "ignore_kicked_curses": "item: `cursed` from a kick: cancel_curse (the Curse does nothing)",
    "wandering_monster": "`played` in a combat: add_monster from_hand",
    "half_breed": "`played`: half_breed on the owner while in play",
    "super_munchkin": "`played`: super_munchkin on the owner while in play",
    "cheat": "`played`: cheat on a chosen item while in play",
    "level_for": "`played`: levels 1 for every living player matching the atom",
    "hireling": "`played` any time: hireling on the owner while in play",
    "cancel_curse": "`played` when a Curse is pending (or on a kept Curse): cancel_curse",
    "steal_level": "`played` any time: levels -1 on a chosen other player, levels 1 on the owner",
    "swap_monster": "`played` in a combat: swap_monster on a chosen monster",
    "take_item": "`played` in a combat: take_item decisive from a chosen other player",
    "room": "room tile: its record (see Expansion parts)",
    "room_action": "Solar Storm room: one `use` ability with the room_action op",
    "dungeon": "Dungeon: its record (see Expansion parts)",
    "portal": "Portal: its record (see Expansion parts)",
    "fairy_dust": "Fairy Dust: its record (see Expansion parts)",
    "vehicle": "Vehicle: no field is defined yet (the Vehicle rules use the card's slot and Big)",
}

#: Fields of the expansion parts (short forms read by the rules modules).
ROOM_FIELDS: dict[str, str] = {
    "on_entry": "ops: `enter_room` ops on the entering player",
    "on_exit": "ops: `leave_room` ops on the leaving player",
    "combat_bonus": "int: `in_play` combat_strength for the munchkins when the fighter is here",
    "monster_bonus": "int: `in_play` combat_strength for the monsters when the fighter is here",
    "run_away": "int: `in_play` run_away for the runners when the fighter is here",
    "forced_move": "N|E|S|W (or true: direction not known, resolved by hand): `enter_room` move, "
                   "unless the room holds face-up cards or the entry was itself forced",
    "destroy": "self|N|E|S|W: `enter_room` destroy_rooms",
    "run_away_roll_required": "bool: `enter_room` run_away_roll (failure: on_fail, else by hand)",
    "on_fail": "ops: with run_away_roll_required",
    "run_away_automatic_unless_fight": "bool: `in_play` auto_escape for runners here unless the "
                                       "fighter fought; `fight_declared` add_doors `fight_draws`",
    "fight_draws": "int >= 0 (default 2): with run_away_automatic_unless_fight, the Door cards "
                   "a declared fight here adds to the combat",
    "lowest_combat_strength_excludes_one_shots": "bool: room switch",
    "full_level_must_count": "bool: room switch", "items_optional": "bool: room switch",
    "indestructible": "bool: room switch", "start": "bool: the START tile",
}
DUNGEON_FIELDS: dict[str, str] = {
    "bonus_if": "[{if: ATOM, bonus: INT}]: `in_play` combat_strength for each matching munchkin",
    "vs_tag": "[{tag: WORD, bonus: INT}]: `in_play` combat_strength for each munchkin when a "
              "monster with the tag is in the combat",
    "vehicle_bonus": "int: `in_play` combat_strength for each munchkin riding a Vehicle",
    "on_reveal": "{reshuffle_door_discards: bool, each_draws_door: bool}: `revealed` ops",
}
PORTAL_FIELDS: dict[str, str] = {
    "discard_dungeons": "bool: `kicked`/`played` discard_dungeons",
    "draw": "int or {die range: int}: `kicked`/`played` draw dungeon (by a roll)",
}
FAIRY_DUST_FIELDS: dict[str, str] = {"fairy": "bool: `in_play` fairy on this monster"}
#: The Solar Storm V2 room-action record (``effects.room_action``), read by ``solar_storm.py``.
ROOM_ACTION_FIELDS: dict[str, str] = {
    "action_cost": "posint: actions the room takes (only given when not 1)",
    "min_players": "posint", "max_players": "posint",
    "move_meeple": "{which: any, including_own: bool, to: room_without_meeple}",
    "draw_resources": "{count: posint, from: [deck|face_up]}",
    "swap_between_two_others": "{min_cards, max_cards: posint, all_agree, active_player_excluded: bool}",
    "take_from_resource_discard": "posint", "then_mill_resource_deck": "posint",
    "give_repair_cube": "{count: posint, from: supply, to: other_player, requires_supply: bool}",
    "held_cube_repairs_without_discard": "bool",
    "give_action_tokens": "{max: posint, from: supply, to: other_players, split_freely: bool}",
    "look_at_damage": "posint", "return_min": "posint", "return_to": "[top|bottom]",
    "any_order": "bool", "hull_breach_stays_bottom": "bool",
    "give_protection_token": "{count: posint, from: supply, to: any_player}",
    "protection_prevents_room_damage": "bool", "returned_only_when_used": "bool",
}

#: Language keys of ``effects`` besides the short forms.
LANGUAGE_KEYS = {"abilities": "list of abilities (see ABILITY_FIELDS)"}

#: Value spec of each top-level short form (see the module docstring; the record specs
#: ``cond_bonus`` = ``[{if: ATOM, bonus: INT}]``, ``cond_count`` = ``[{if: ATOM, count: INT}]``,
#: ``one_cond_bonus`` = ``{if: ATOM, bonus: INT}``, and the expansion parts ``room``,
#: ``dungeon``, ``portal``, ``fairy_dust``, ``vehicle``, ``room_action``).
SHORT_SPECS: dict[str, str] = {
    "bonus_vs": "cond_bonus", "run_away": "int", "no_run_away": "bool", "not_pursue": "atoms",
    "evade_treasures": "int", "bribe_gold": "int", "evade_discard": "words",
    "extra_level_with": "words", "extra_level_bare": "bool", "no_help": "bool",
    "items_dont_count": "bool", "level_doesnt_count": "bool", "level_only": "bool",
    "extra_treasures": "cond_count",
    "extra_levels": "int", "bad_stuff": "ops", "on_escape": "ops", "cleric_chase": "bool",
    "on_meet": "ops", "bonus_if": "cond_bonus", "side": "enum:munchkin|monster|either",
    "escape": "bool", "discard_monster": "bool", "end_combat": "bool", "draw_treasures": "int",
    "bonus_per": "one_cond_bonus", "escape_both": "bool", "keep_treasure": "bool",
    "leave_treasure": "bool", "loot_room": "bool",
    "own_turn": "bool", "double_fighter": "bool", "set_die": "bool", "take_discard": "bool",
    "reroll_escape": "bool", "steal_level": "bool", "swap_monster": "bool", "take_item": "bool",
    "transfer_fighter": "bool", "treasures": "int", "mate": "bool", "ops": "ops",
    "persistent": "bool", "roll_mod": "int", "next_combat": "int",
    "removed_with": "enum:headgear|armor|footgear", "only_slot": "enum:headgear|armor|footgear",
    "levels": "int", "not_highest": "bool", "needs_hireling": "bool", "kill_hireling": "bool",
    "after_combat": "bool", "min_level": "int", "min_treasures": "int", "may_win": "bool",
    "on_draw": "enum:resolve", "ignore_kicked_curses": "bool", "wandering_monster": "bool", "half_breed": "bool", "super_munchkin": "bool",
    "cheat": "bool", "level_for": "atom", "hireling": "bool", "cancel_curse": "bool",
    "room": "room", "room_action": "room_action", "dungeon": "dungeon", "portal": "portal",
    "fairy_dust": "fairy_dust", "vehicle": "vehicle",
}
#: Short forms that only refine another one (key -> the keys one of which it needs).
SHORT_NEEDS: dict[str, tuple[str, ...]] = {
    "evade_treasures": ("not_pursue",), "escape_both": ("escape",),
    "keep_treasure": ("discard_monster",), "leave_treasure": ("discard_monster",),
    "loot_room": ("end_combat",), "min_treasures": ("treasures",), "may_win": ("level_for",),
    "kill_hireling": ("needs_hireling",),
    "removed_with": ("persistent", "roll_mod", "next_combat", "only_slot"),
    "own_turn": ("escape", "discard_monster", "end_combat", "draw_treasures", "bonus_per", "side",
                 "double_fighter", "transfer_fighter", "set_die", "take_discard", "swap_monster",
                 "take_item", "steal_level", "wandering_monster", "level_for", "cancel_curse"),
}
ABILITY_FIELDS["from_hand"] = ("true: the card reacts from its owner's hand - when the trigger "
                               "fires the owner may play it (then it is discarded)")

# --------------------------------------------------------------------------- which kinds read a short form

_MONSTER = ("monster",)
_ONE_SHOT = ("one_shot",)
_PLAYED = ("one_shot", "special")
_SPECIAL = ("special",)
_CURSE = ("curse", "trap")
_ENHANCER = ("monster_enhancer",)
_GUAL = ("go_up_a_level",)
#: The card kinds whose rules read each short form (a key not listed is read on every kind).
#: The one table of it: the expander's monster keys (``shorts._MONSTER_KEYS``), the validator
#: (a key on another kind is refused: it would do nothing) and ``database/EFFECTS.md`` read it.
#: Why each: the core reads a monster's keys in its combat (``lang_compile._static_shape``,
#: ``_use_shape``; its own ``caught`` / ``escaped`` / ``enters_combat``: ``OWN_EVENTS``), a
#: One-Shot's and a special's played keys in their play rules (``playing.py``,
#: ``tables._turn_category`` / ``_combat_category``), a Curse's (or a trap's) ``ops`` when it
#: hits (``curses.py``), a Monster Enhancer's on the monster it is played on, a Go Up a Level
#: card's in its play rule, an item's ``bonus_if`` in its bonus; the expansion parts in their
#: modules (rooms, Solar Storm rooms, Dungeons, Portals, the Fairy).
SHORT_KINDS: dict[str, tuple[str, ...]] = {
    **{k: _MONSTER for k in ("bonus_vs", "no_run_away", "not_pursue", "evade_treasures", "bribe_gold",
                             "evade_discard", "extra_level_with", "extra_level_bare", "no_help",
                             "items_dont_count", "level_doesnt_count", "level_only", "extra_treasures",
                             "extra_levels",
                             "bad_stuff", "on_escape", "cleric_chase", "on_meet")},
    "bonus_if": ("item",),
    **{k: _ONE_SHOT for k in ("side", "escape", "escape_both", "discard_monster", "keep_treasure",
                              "leave_treasure", "bonus_per", "double_fighter", "transfer_fighter", "set_die",
                              "take_discard", "reroll_escape")},
    **{k: _PLAYED for k in ("end_combat", "draw_treasures", "loot_room", "own_turn", "cancel_curse")},
    **{k: _SPECIAL for k in ("wandering_monster", "half_breed", "super_munchkin", "cheat", "level_for",
                             "may_win", "hireling", "steal_level", "swap_monster", "take_item", "on_draw")},
    **{k: _ENHANCER for k in ("treasures", "mate", "min_level", "min_treasures")},
    **{k: _CURSE for k in ("ops", "persistent", "roll_mod", "next_combat", "removed_with", "only_slot")},
    **{k: _GUAL for k in ("levels", "not_highest", "needs_hireling", "kill_hireling", "after_combat")},
    "room": ("room_tile", "ship_room"), "room_action": ("ship_room",), "dungeon": ("dungeon",),
    "portal": ("portal",), "fairy_dust": ("monster",),
}
#: Where a short form written on the wrong kind belongs instead: (key, kind) -> a hint.
SHORT_KIND_HINTS: dict[tuple[str, str], str] = {
    ("bad_stuff", "curse"): "a Curse's ops go under `ops`",
    ("bad_stuff", "trap"): "a trap's ops go under `ops`",
    ("ops", "monster"): "a monster's Bad Stuff goes under `bad_stuff`",
    ("treasures", "monster"): "a monster's Treasures are the card field `treasures`",
    ("levels", "monster"): "a monster's Levels for beating it are the card field `levels_gained`",
    ("side", "item"): "an item's bonus is the card field `bonus`",
}
