"""Rules modules: the hook points through which expansions plug into the core engine.

The core game (:class:`munchkin_lab.engine.game.Game`) calls these hooks at fixed points and
never tests for a particular expansion. A module is switched on when the deck holds cards of
one of its ``sets`` or when its ``name`` is listed in ``GameOptions.modules``.

Planned modules (issue 4, not built yet): ``fairy_dust`` (a ``fairy_dust`` extra deck, reward
to a winning helper in ``on_combat_won``, keep Fairy Dust at death in ``keeps_at_death``,
Sparkly Good Fairy placement in ``setup``/``on_combat_end``), ``dungeons`` (a ``dungeon`` extra
deck and face-up Dungeons in ``module_state``; Dungeon modifiers in ``combat_modifier`` and
``monster_modifier``; Portals in ``on_draw_door``; "discover an exit" through
``extra_actions``/``apply_action``; Ghost/Pirate through ``joining_tags``), ``rooms`` (Star
Munchkin Adventures: grid in ``module_state``, movement as ``extra_actions``, room modifiers as
combat hooks) and ``solar_storm`` (a separate game class exposing the same public API).

Every hook has a do-nothing default; the engine only calls the hooks a module overrides.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import Game


class RulesModule:
    """Base class of a rules module. Subclass and override hooks; keep state in
    ``game.state.module_state[self.name]`` (plain JSON-able values, copied by undo).

    Class attributes:
        name: module id (``GameOptions.modules`` entry).
        sets: set codes whose cards switch the module on.
        parts: card kinds or draw piles (``CardSpec.kind`` / ``deck``) whose cards switch the
            module on from any set (a designer's Dungeon among base cards plays with the
            Dungeon rules, as its deck's ``dungeons`` module says: ``decks.model``).
        joining_tags: monster tags that join a combat holding a same-tag monster without a
            Wandering Monster (core: ``undead``; later ``ghost``, ``pirate``).
        joining_rule: the rulebook section of that joining (named when a monster may not join).
        extra_decks: names of additional draw piles (each gets a discard pile too).
        guest_in: core decks (``door``, ``treasure``) this module's set shuffles its cards
            into without bringing a deck of its own (Fairy Dust: the Sparkly Good Fairy goes
            into the Door deck); with one draw pile per set (``piles``) they join another
            set's pile instead of making a pile of their own.
        shared_victory_wins: ``GameOptions.shared_victory`` follows this set's rulebook: the
            helper of a fight that takes the fighter to Level 10 wins with them (whatever the
            helper's Level) and gains no Level for the help, instead of the core's "both gain
            1 Level" (Scooby-Doo rules, Faster Play Rules).
        gift_needs_consent: an Item given away (the action ``give``) goes only to a player
            who wants it: the receiver answers a pending ``gift`` decision (``accept`` /
            ``refuse``) before the Item moves (Scooby-Doo rules, Treasures: Items). The core
            rulebook lets a player give an Item without asking (core rules, 9.).
        anytime_kinds: the module's own action kinds (``extra_actions``) a player may take
            when another player is the one deciding now - the any-time actions of core rules,
            6. When You May Act: after any pending decision, by a living player, as the
            module's ``check_action`` allows (Scooby-Doo: discovering an exit, at any time of
            your own turn). They are listed among the player's any-time candidates
            (``legal_actions(seat=...)``).
        options: the module's settings (``GameOptions.module_options[name]``) and the type
            each takes (:data:`OPTION_TYPES`); :func:`check_module_options` refuses any other
            key or a value of another type. Their meaning is in the module's docstring.
    """

    name: str = "base"
    options: dict[str, str] = {}
    sets: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    joining_tags: tuple[str, ...] = ()
    joining_rule: str = ""
    extra_decks: tuple[str, ...] = ()
    guest_in: tuple[str, ...] = ()
    shared_victory_wins: bool = False
    gift_needs_consent: bool = False
    anytime_kinds: tuple[str, ...] = ()

    # -- game lifecycle -------------------------------------------------------------------
    def setup(self, game: "Game") -> None:
        """After decks are built and shuffled, before dealing (place special cards, state)."""

    def after_deal(self, game: "Game") -> None:
        """After the opening deal (every module's ``setup`` done, the cards dealt), before the
        set-up window: what the set-up does once the players hold their cards (Scooby-Doo: the
        first Dungeon's on-reveal effect). Not called for ``Game.new(deal=False)``."""

    def on_turn_start(self, game: "Game", seat: int) -> None:
        """At the start of ``seat``'s turn, after revival and redeal."""

    def on_begin(self, game: "Game") -> None:
        """The state was edited after ``Game.new`` (scenario set-up) and is re-marked as the
        initial state: rebuild ``module_state`` from the zones."""

    # -- doors and cards -------------------------------------------------------------------
    def on_draw_door(self, game: "Game", seat: int, card: int, face_up: bool) -> bool:
        """A Door card was drawn (Kick Down the Door when ``face_up``). Return True when the
        module handled it (e.g. a Portal); the core then does nothing more with it."""
        return False

    def draw_pile(self, game: "Game", deck: str, seat: int) -> str | None:
        """The pile ``seat`` draws from when the core draws from ``deck`` (e.g. ``"door"`` ->
        ``"door:scooby_doo"``); None keeps ``deck``."""
        return None

    def deal_pile(self, game: "Game", deck: str, n: int) -> str | None:
        """The pile the ``n``-th card of ``deck`` dealt at set-up comes from (counted over the
        whole deal, 0 first; ``Zones._deal``); None: the pile the active player draws from."""
        return None

    def discard_pile(self, game: "Game", card: int) -> str | None:
        """The discard pile ``card`` goes to (None: its own deck's, ``spec.deck``)."""
        return None

    def hand_limit(self, game: "Game", seat: int, limit: int) -> int:
        """Return the hand limit of ``seat`` (core: 5, Dwarf 6)."""
        return limit

    def level_price(self, game: "Game", seat: int, price: int) -> int:
        """Return the Gold (credits) a sale by ``seat`` needs per Level: ``price`` as the core
        and the modules before this one set it (core rules, 9. Selling Items: 1,000)."""
        return price

    # -- combat -----------------------------------------------------------------------------
    def combat_modifier(self, game: "Game", seat: int) -> int:
        """Extra combat strength of munchkin-side player ``seat`` (e.g. a Dungeon's bonus)."""
        return 0

    def monster_modifier(self, game: "Game", index: int) -> int:
        """Extra combat strength of monster number ``index`` of the combat."""
        return 0

    def treasure_modifier(self, game: "Game", index: int) -> int:
        """Extra Treasures of monster number ``index`` of the combat."""
        return 0

    def on_bad_stuff(self, game: "Game", seat: int, monster: int) -> bool:
        """``monster`` caught ``seat``. Return True when the module applied the Bad Stuff
        (the core then applies nothing). It may say its own line in the log (a change the core
        cannot see, e.g. the Fairy's charm); if it says none, the core says the changes it sees,
        before any death they cause."""
        return False

    def run_away_modifier(self, game: "Game", seat: int, index: int) -> int:
        """Extra Run Away modifier of ``seat`` against monster ``index``; :data:`AUTOMATIC_RUN`
        makes the Run Away automatic (any die escapes; the log says so, not the total)."""
        return 0

    def run_away_here(self, game: "Game", seat: int) -> int:
        """Extra Run Away modifier of where ``seat`` stands, for a Run Away roll with no monster
        to flee (``RunAway._lone_run_total``: a room's roll)."""
        return 0

    def on_combat_won(self, game: "Game", fighter: int, helper: int, monsters: list[int]) -> None:
        """The munchkin side won (before Treasures are drawn); ``monsters`` is empty when no
        monster was killed because every one was overcome otherwise (a charm, evading, a card):
        still a victory (core rules, 7. Combat)."""

    def on_help(self, game: "Game", fighter: int, helper: int) -> None:
        """``helper`` has just joined ``fighter``'s combat (a request accepted, or an offer of
        help accepted), after the monsters met them (core rules, 7. Help)."""

    def on_fighter_changed(self, game: "Game", old: int, fighter: int) -> None:
        """A card made ``fighter`` the fighter instead of ``old`` (Transferral Potion, the
        language's ``transfer_fighter``), after the combat was set for them."""

    def on_combat_end(self, game: "Game", fighter: int, helper: int, won: bool) -> None:
        """The combat is over (monsters about to be discarded are still in the combat); the
        cards in it have heard the language's ``combat_end`` already (``Combat._end_combat``)."""

    def winners(self, game: "Game", seats: list[int]) -> list[int]:
        """The winners when ``seats`` (the players at Level 10, seat order) win: add or keep
        seats (a shared victory). Called only on the modules that override it."""
        return seats

    # -- bots -------------------------------------------------------------------------------
    def bot_hint(self, game: "Game", seat: int, actions: list) -> "Action | None":
        """Advice for simple bots on this module's own decisions (e.g. where to move on the
        room grid): one of ``actions`` (the legal actions of ``seat``), or None for no advice.
        Rules never depend on it."""
        return None

    def resolves_manual(self, game: "Game", card: int) -> bool:
        """True when this module runs the rules of ``manual`` monster ``card`` itself (the
        Sparkly Good Fairy): the core queues no ResolveByHand decision as it enters a combat,
        however it comes (kicked, Look for Trouble, joining, a room's face-up card)."""
        return False

    # -- curses -----------------------------------------------------------------------------
    def on_monster_left(self, game: "Game", monster: int, kept: bool = False, slain: bool = False) -> None:
        """Monster ``monster`` left the combat before its end, sent away by a card or an ability
        (a charm, a chase, a Friendship Potion...). It is already discarded. ``kept``: its
        Treasures stay in the reward (a Wizard's charm, a Cleric's chase, a card that slays
        it or keeps them): overcome without combat, which still counts as a victory (core
        rules, 7. Combat); otherwise overcome by the card, with no Treasure unless the card
        gives some (7. Combat: still defeated). ``slain`` (with ``kept``): killed by
        a card (the language's ``slay``), a kill whose rewards wait for the combat's victory."""

    def on_curse_cancelled(self, game: "Game", canceller: int, victim: int) -> None:
        """``canceller`` cancelled a Curse aimed at ``victim`` (e.g. with a Wishing Ring),
        either while it resolved or later while it stayed on the victim."""

    # -- cards leaving play -----------------------------------------------------------------
    def on_leave_play(self, game: "Game", seat: int, card: int) -> None:
        """``card`` just left ``seat``'s play (any route: death, trade, sale, theft, Curse,
        Bad Stuff, discard; ``Game._leave_play``); the caller then puts it where it goes."""

    def big_exempt(self, game: "Game", seat: int, card: int) -> bool:
        """True when Big item ``card`` of ``seat`` does not count against the one-Big-item
        limit (e.g. a Scooby-Doo Vehicle)."""
        return False

    def limited_with(self, game: "Game", seat: int, card: int) -> list[int]:
        """The other cards in ``seat``'s play that share with Item ``card`` a limit of one per
        player this module sets (a Scooby-Doo Vehicle: the player's other Vehicles, not one a
        Cheat! allows); [] when ``card`` has no such limit. More than one in play: the state
        check of such a limit (``checks.py``, check 4b)."""
        return []

    # -- death ------------------------------------------------------------------------------
    def keeps_at_death(self, game: "Game", seat: int, card: int) -> bool:
        """True when ``card`` stays with the dead player (core keeps race/class/curses)."""
        return False

    def on_death(self, game: "Game", seat: int) -> None:
        """``seat`` just died (corpse built in ``state.corpses``, its looting not yet queued:
        a module that removes the corpse leaves nothing to loot and no looting order to roll)."""

    # -- views and zones ---------------------------------------------------------------------
    def state_view(self, game: "Game") -> Any:
        """JSON-able public view of this module's state, shown in
        ``state_dict()["module_state"][name]`` (None: nothing shown)."""
        return None

    def cards_held(self, game: "Game") -> list[int]:
        """Card ids this module keeps outside the core zones (for ``Game.all_zones``)."""
        return []

    def seat_cards(self, game: "Game", seat: int) -> dict[str, int]:
        """The cards this module keeps in play in front of player ``seat`` outside the core's
        zones, by the field of the player's entry in ``state_dict()`` that names them (-1:
        none; Scooby-Doo: ``{"character": card}``, the Character card). They are that
        player's cards in play as a Race or Class is: the card-effect language hears them
        (``Abilities._seated``: continuous and triggered abilities, ``use`` abilities, also at
        any moment of their owner's fight). The module calls ``Game._play_moved`` when one
        enters or leaves play, and ``Game._lang_left_play`` for the one that left."""
        return {}

    def opt(self, game: "Game", key: str, default: Any = None) -> Any:
        """Setting ``key`` of this module from ``GameOptions.module_options[name]``."""
        return (game.options.module_options or {}).get(self.name, {}).get(key, default)

    # -- actions ----------------------------------------------------------------------------
    def extra_actions(self, game: "Game", seat: int) -> list["Action"]:
        """Candidate actions of this module for the acting ``seat`` (checked by check_action)."""
        return []

    def check_action(self, game: "Game", action: "Action") -> Any:
        """Return None (legal), a reason string, or NotImplemented (not this module's)."""
        return NotImplemented

    def describe_action(self, game: "Game", action: "Action") -> str | None:
        """A readable label for an action of this module's own kinds (``legal_actions``), or
        None (the core's generic label)."""
        return None

    def before_action(self, game: "Game", action: "Action") -> None:
        """Called before every action that is not the answer to a pending decision, whoever
        then applies it (the core, this module or another module's ``apply_action``): a moment
        that lasts until a player's own next action ends here (Scooby-Doo: a Portal's choice
        (a)). Must not change what the action does."""

    def apply_action(self, game: "Game", action: "Action") -> bool:
        """Apply a module action; return True when handled."""
        return False


class CoreModule(RulesModule):
    """The core Munchkin rules that are naturally hooks: Undead join Undead combats
    (core rules, 10. When to Play Cards: Undead Monsters)."""

    name = "core"
    sets = ("munchkin",)
    joining_tags = ("undead",)
    joining_rule = "core rules, 10. When to Play Cards: Undead Monsters"


#: name -> module class. Expansions call :func:`register_module`.
MODULES: dict[str, type[RulesModule]] = {"core": CoreModule}


def register_module(cls: type[RulesModule]) -> type[RulesModule]:
    """Class decorator: make a module selectable by name and by its ``sets``."""
    MODULES[cls.name] = cls
    return cls


def select_modules(deck_sets: set[str], names: tuple[str, ...] = (),
                   deck_parts: frozenset = frozenset()) -> list[RulesModule]:
    """Instantiate the core module plus every registered module switched on by ``deck_sets``,
    by ``deck_parts`` (the cards' kinds and draw piles: ``RulesModule.parts``) or listed in
    ``names``.

    Raises:
        ValueError: an unknown module name.
    """
    from . import modules as _expansions  # noqa: F401  (registers the expansion modules)
    for n in names:
        if n not in MODULES:
            raise ValueError(f"options.modules: unknown rules module {n!r} (known: {sorted(MODULES)})")
    out: list[RulesModule] = [CoreModule()]
    for name, cls in MODULES.items():
        if name == "core":
            continue
        if name in names or deck_sets & set(cls.sets) or not deck_parts.isdisjoint(cls.parts):
            out.append(cls())
    return out


def _whole(lo: int, hi: int):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


#: The Run Away modifier of a place where Running Away is automatic (the Star Munchkin
#: Adventures Brig, SMA rules, Questions and Answers): any die escapes. No printed modifier
#: comes near it, so a total of at least half of it is read as automatic: the log then says
#: "automatic" instead of a total no card prints (``RunAway._rolls``).
AUTOMATIC_RUN = 100


#: The types a module option may declare (``RulesModule.options``): name -> (test, words).
#: The number types keep to what the game can mean, the card files' own ranges: a Level
#: 0..100, Treasures 0..20 (a monster's), a count of cards 1..100.
OPTION_TYPES = {
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "level?": (lambda v: v is None or _whole(0, 100)(v), "a Level from 0 to 100, or none"),
    "treasures": (_whole(0, 20), "a number of Treasures from 0 to 20"),
    "count": (_whole(1, 100), "a number of cards from 1 to 100"),
    "str?": (lambda v: v is None or (isinstance(v, str) and v.strip() != ""), "a name or none"),
    "map": (lambda v: isinstance(v, dict), "a mapping"),
}


def check_module_options(module_options: Any) -> dict:
    """``module_options`` (``{module name: {option: value}}``, ``GameOptions.module_options``)
    when every module is a registered rules module and every option one the module declares
    (``RulesModule.options``) with a value of its type. Returns it unchanged.

    Raises:
        ValueError: not a mapping of mappings; an unknown module (the known ones named, the
            closest first); ``No such option: MODULE.KEY`` naming the closest option and every
            option of the module; a value of another type (``fairy_dust.fairy_level takes a
            Level from 0 to 100, or none, got 'x'``).
    """
    from . import modules as _expansions  # noqa: F401  (registers the expansion modules)
    from ..suggest import close_matches

    if not isinstance(module_options, dict):
        raise ValueError(f"module_options: expected {{module: {{option: value}}}}, got {module_options!r}")
    with_opts = sorted(n for n, c in MODULES.items() if c.options)
    for mod, opts in module_options.items():
        cls = MODULES.get(mod) if isinstance(mod, str) else None
        if cls is None:
            close = close_matches(str(mod), with_opts)
            raise ValueError(f"module_options: no rules module {mod!r}"
                             + (f" (did you mean {close[0]}?)" if close else "")
                             + f"; modules with options: {', '.join(with_opts)}")
        if not isinstance(opts, dict):
            raise ValueError(f"module_options.{mod}: expected {{option: value}}, got {opts!r}")
        for key, value in opts.items():
            kind = cls.options.get(key) if isinstance(key, str) else None
            if kind is None:
                known = [f"{mod}.{k}" for k in cls.options]
                close = close_matches(f"{mod}.{key}", known)
                raise ValueError(f"No such option: {mod}.{key}"
                                 + (f" (did you mean {close[0]}?)" if close else "")
                                 + (f"; options of the {mod} rules module: {', '.join(known)}" if known
                                    else f"; the {mod} rules module has no options"))
            test, words = OPTION_TYPES[kind]
            if not test(value):
                from .lang.parse import yaml_text

                raise ValueError(f"option {mod}.{key} takes {words}, got {yaml_text(value)}")
    return module_options
