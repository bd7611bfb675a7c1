"""The deck model: a named mix of cards across sets, the rules modules it switches on, and
game options.

A :class:`Deck` holds entries keyed by card key (``"<set>:<name>"``) with a number of copies
and an optional draw pile; the cards themselves live in a :class:`~.catalog.Catalog` (by
default the card database). :meth:`Deck.specs` gives the ``(CardSpec, copies)`` list the
engine's ``Game.new(deck=...)`` takes.

Rules modules (one engine module per expansion, see ``shared/notes/architecture.md``):

``fairy_dust``
    Munchkin Fairy Dust: the Fairy Dust mini-deck and the Sparkly Good Fairy (core rulebook
    001, Fairy Dust section). On when the deck holds a Fairy Dust card or the Sparkly Good Fairy.
``dungeons``
    Dungeons and Portals (Munchkin Scooby-Doo!, rulebook 002). On with any Dungeon or Portal card.
``rooms``
    Star Munchkin Adventures room tiles on a grid (rulebook 000). On with any room tile.
``solar_storm``
    Solar Storm ship rooms around the Energy Core (rulebook 003). On with any ship room card.

A designer may force a module on or off (:meth:`Deck.set_module`); the override is kept with
the deck. Game options (all off by default):

``faster_play``
    the Faster Play rule (listen at the door), recommended for big mixes (mixing_rules.md).
``shared_victory``
    every player who reaches the winning Level in the same combat wins (our table option).
``piles_per_set``
    one Door and one Treasure draw pile per set, the player choosing the pile to draw from
    (publisher's third suggestion for big mixes, mixing_rules.md).

A rules module's own option is a deck option named ``MODULE.KEY`` (the engine's module name:
``fairy_dust.fairy_level``, 12 say), kept in ``Deck.options`` beside the game options and
passed to the games as ``GameOptions.module_options`` (:meth:`Deck.set_option`,
:attr:`Deck.module_options`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from ..engine.cards import CardSpec
from ..suggest import close_matches
from .catalog import (
    AmbiguousCardError,
    Catalog,
    DeckError,
    UnknownCardError,
    default_catalog,
    label,
    normalize,
)

#: Rules modules a deck may switch on.
MODULES = ("fairy_dust", "dungeons", "rooms", "solar_storm")

#: A deck module -> the engine's rules module that plays it (``munchkin_lab.engine.rules.MODULES``):
#: Dungeons and Portals are the Scooby-Doo module's rules (rulebook 002). ``solar_storm`` is a
#: game of its own (``SolarStormGame``), not a module of the Munchkin engine.
ENGINE_MODULES = {"fairy_dust": "fairy_dust", "dungeons": "scooby_doo", "rooms": "rooms"}


def engine_modules(modules: Iterable[str]) -> tuple[str, ...]:
    """The engine's rules-module names for a deck's ``modules`` (:data:`ENGINE_MODULES`), in
    order; ``solar_storm`` (its own game) gives none."""
    return tuple(ENGINE_MODULES[m] for m in modules if m in ENGINE_MODULES)

#: Game options and their defaults.
DEFAULT_OPTIONS: dict[str, bool] = {"faster_play": False, "shared_victory": False, "piles_per_set": False}

#: Most copies of one card a deck may hold (a printed set holds at most a few of a card).
MAX_COPIES = 100
#: Most cards a deck may hold in all (every supported set together holds a few hundred).
MAX_CARDS = 5000
#: Draw piles a deck line may name (``@pile``): the engine's decks (``engine.cards.DECKS``)
#: and ``door_top``, the top part of the Door deck (Fairy Dust's "top inch").
PILES = ("door", "treasure", "dungeon", "fairy_dust", "character", "room_tile", "ship_room", "door_top")

#: Characters a search query has and a card name lacks (used to tell them apart).
_QUERY_MARKS = (":", "<", ">", "=", "(")


def option_value(raw: str) -> object:
    """The value of a typed ``NAME=VALUE`` option (``--option``, a deck file's ``options:``
    line): ``true``/``yes``/``on`` and ``false``/``no``/``off`` are True/False, ``none`` /
    ``null`` None (the module's default), a whole number an int, text in quotes (``"..."`` or
    ``'...'``) that text, any other word itself."""
    raw = raw.strip()
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        return raw[1:-1]
    low = raw.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    t = raw[1:] if raw[:1] in "+-" else raw
    if t.isascii() and t.isdigit():
        return int(raw)
    return raw


def parse_option(text: str) -> tuple[str, object]:
    """``NAME`` (a game option switched on: ``faster_play`` -> ``("faster_play", True)``) or
    ``NAME=VALUE`` (``fairy_dust.fairy_level=12`` -> ``("fairy_dust.fairy_level", 12)``,
    :func:`option_value`), as ``deck new --option`` and a deck file's ``options:`` line take it."""
    name, eq, raw = text.partition("=")
    return name.strip(), (option_value(raw) if eq else True)


def repeated_option(texts: Iterable[str]) -> str | None:
    """The refusal of an option given twice among ``texts`` (``NAME`` / ``NAME=VALUE`` as typed:
    ``deck new --option``, ``deck option``'s arguments, a deck file's ``options:`` line), else
    None: ``option fairy_dust.fairy_level is given twice (fairy_dust.fairy_level=1, then
    fairy_dust.fairy_level=2); give it once``. The same name twice is refused even with the
    same value: which one was meant is not for the lab to guess (the last one used to win)."""
    first: dict[str, str] = {}
    for text in texts:
        name = parse_option(text)[0].lstrip("+-")  # (a deck file's -NAME: off)
        if name in first:
            return f"option {name} is given twice ({first[name].strip()}, then {text.strip()}); give it once"
        first[name] = text
    return None


def format_option_value(value: object) -> str:
    """``value`` as :func:`option_value` reads it back (``true``, ``none``, ``12``, ``"text"``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    return f"'{text}'" if '"' in text else f'"{text}"'


def _module_of_option(key: str) -> list[str]:
    """The rules modules that declare an option named ``key`` (``fairy_level``: fairy_dust)."""
    from ..engine import modules as _registered  # noqa: F401
    from ..engine.rules import MODULES as RULES

    return [n for n, cls in RULES.items() if key in cls.options]


class DuplicateDeckError(DeckError):
    """A deck of that name already exists in the database (pass ``replace=True`` to overwrite)."""


def derive_modules(specs: Iterable[CardSpec]) -> tuple[str, ...]:
    """Return the rules modules the given cards need, in :data:`MODULES` order.

    ``fairy_dust`` for Fairy Dust cards or the Sparkly Good Fairy; ``dungeons`` for Dungeon
    or Portal cards; ``rooms`` for room tiles; ``solar_storm`` for ship rooms.
    """
    on: set[str] = set()
    for s in specs:
        if s.deck == "fairy_dust" or s.kind == "fairy_dust" or normalize(s.name) == "sparkly good fairy":
            on.add("fairy_dust")
        if s.kind in ("dungeon", "portal") or s.deck == "dungeon":
            on.add("dungeons")
        if s.kind == "room_tile" or s.deck == "room_tile":
            on.add("rooms")
        if s.kind == "ship_room" or s.deck == "ship_room":
            on.add("solar_storm")
    return tuple(m for m in MODULES if m in on)


def _check_copies(copies: object, what: str, low: int = 1) -> int:
    """``copies`` as an int in ``low..MAX_COPIES``.

    Raises:
        DeckError: not a whole number (``True``, ``2.0`` and ``"2"`` are not), or out of range.
    """
    if isinstance(copies, bool) or not isinstance(copies, int):
        raise DeckError(f"{what}: copies must be a whole number, got {copies!r}")
    if copies < low:
        raise DeckError(f"{what}: copies must be at least {low}, got {copies}")
    if copies > MAX_COPIES:
        raise DeckError(f"{what}: copies must be at most {MAX_COPIES}, got {copies}")
    return copies


def check_pile(pile: str | None) -> str | None:
    """Validate a pile name: ``None`` or 1..64 lower-case letters, digits, ``_``, ``-`` and
    ``:``. (Whether a game knows the pile is a mix check: ``deck check``'s ``unknown-pile``.)

    Raises:
        DeckError: not text, any other character, or an empty or too long name.
    """
    if pile is None:
        return None
    if not isinstance(pile, str):
        raise DeckError(f"a pile name is text, got {pile!r}")
    ok = pile and len(pile) <= 64 and all(c.isascii() and (c.islower() or c.isdigit() or c in "_-:") for c in pile)
    if not ok:
        raise DeckError(f"bad pile name {pile!r}: use lower-case letters, digits, '_', '-' or ':'")
    return pile


def check_deck_name(name: object) -> str:
    """Validate a deck name: non-empty text on one line, without ``#`` (deck files use it
    for comments) and without control characters (a tab, a line break, ...: the name is
    shown in tables and typed on the command line), at most 200 characters. Returns it as
    stored and looked up: its ends stripped and each run of spaces one plain space, the rule
    of card names (:func:`munchkin_lab.cards.files.single_spaces`): a deck saved as
    ``"My  deck "`` is ``"My deck"``.

    Raises:
        DeckError: the name breaks one of these.
    """
    import unicodedata

    from ..cards.files import single_spaces

    if not isinstance(name, str) or not name.strip():
        raise DeckError(f"a deck needs a non-empty name, got {name!r}")
    name = name.strip()
    control = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Zl", "Zp")), None)
    if control is not None:
        raise DeckError(f"bad deck name {name!r}: it holds a control character ({control!r}); a deck name is one "
                        "line of plain text")
    name = single_spaces(name)
    if "#" in name or len(name) > 200:
        raise DeckError(f"bad deck name {name!r}: one line, no '#', at most 200 characters")
    return name


def check_saved_deck_name(name: object) -> str:
    """Validate the name of a deck about to be saved under a new name: :func:`check_deck_name`,
    and not one that commands would read as something else or that looks like another name:
    no ``preset:`` prefix (``preset:NAME`` always means the shipped preset), no ``/`` or ``\\``
    (a deck file path), no invisible format characters (a zero-width space: the check of card
    names, :func:`munchkin_lab.cards.files._one_line`). Decks already saved keep their names.

    Raises:
        DeckError: naming the problem and the name.
    """
    from ..cards.files import _one_line

    name = check_deck_name(name)
    if name.lower().startswith("preset:"):
        raise DeckError(f"bad deck name {name!r}: a saved deck may not start with 'preset:' (preset:NAME always "
                        "means the shipped preset); choose another name")
    if "/" in name or "\\" in name:
        raise DeckError(f"bad deck name {name!r}: no '/' or '\\' (it would read as a deck file path); "
                        "choose another name")
    try:
        _one_line(name)
    except ValueError as exc:
        raise DeckError(f"bad deck name {name!r}: {exc}") from None
    return name


@dataclass
class Entry:
    """One line of a deck: ``copies`` of card ``key`` (``"set:Name"``), optionally in ``pile``
    (a draw pile other than the card's own, e.g. ``door_top``; ``None`` = the usual pile)."""

    key: str
    copies: int
    pile: str | None = None


class Deck:
    """A named mixed deck.

    Args:
        name: unique deck name (see :func:`check_deck_name`).
        description: free text.
        catalog: where card names resolve; default: the card database at ``url``
            (loaded on first use).
        url: database URL for the default catalog and for :meth:`save`.
        modules: module overrides, ``{module: True/False}``.
        options: game options (see :data:`DEFAULT_OPTIONS`).

    Raises:
        DeckError: bad name, unknown module or option.

    Example::

        deck = Deck("Spooky mix")
        deck.add_set("munchkin")
        deck.add("tag:ghost")
        deck.add("Sparkly Good Fairy", set="fairy_dust")
        problems = deck.check()
        deck.save()
    """

    def __init__(
        self,
        name: str,
        description: str = "",
        *,
        catalog: Catalog | None = None,
        url: str | None = None,
        modules: Mapping[str, bool] | None = None,
        options: Mapping[str, bool] | None = None,
    ) -> None:
        self.name = check_deck_name(name)
        self.description = description or ""
        self.url = url
        self._catalog = catalog
        self.entries: dict[str, Entry] = {}
        #: sentences about the file the deck was read from, no problems (a card named on two
        #: lines, its copies summed: ``deck check`` prints them as ``note:`` lines)
        self.notes: list[str] = []
        self._lines: dict[str, int] = {}  # card key -> the file line that first named it
        self.module_overrides: dict[str, bool] = {}
        self.options: dict[str, bool] = dict(DEFAULT_OPTIONS)
        for m, on in (modules or {}).items():
            self.set_module(m, on)
        for o, value in (options or {}).items():
            self.set_option(o, value)

    @property
    def row_version(self) -> int | None:
        """The stored deck's version this deck was loaded (or last saved) at: ``None`` for a
        deck not read from the database (new, from a file, a preset or a copy). Read-only; a
        save succeeds only while the stored deck is still at this version
        (:func:`munchkin_lab.decks.store.save_deck`), then carries the new one."""
        stored = getattr(self, "_stored_as", None)
        return stored[2] if stored and stored[1] == self.name else None

    # ------------------------------------------------------------- catalog
    @property
    def catalog(self) -> Catalog:
        """The catalog card names resolve in (the database one unless given)."""
        if self._catalog is None:
            self._catalog = default_catalog(self.url)
        return self._catalog

    @catalog.setter
    def catalog(self, value: Catalog) -> None:
        self._catalog = value

    def _find(self, what: str, set: str | None) -> list[CardSpec]:
        """Resolve a name, alias, key or search query to cards (see :meth:`add`); one quoted
        phrase (``'"King Tut"'``) is that name, as the card search reads it."""
        from ..cards.search import quoted_name

        what = what.strip()
        name = quoted_name(what)
        what = name or what
        if not what:
            raise DeckError("empty card name")
        cat = self.catalog
        found = cat.matches(what, set)
        if len(found) == 1:
            return found
        if len(found) > 1:
            raise AmbiguousCardError(what, [label(s) for s in found])
        if name is None and (any(mark in what for mark in _QUERY_MARKS) or what.startswith("-")):
            query = f"set:{set} ({what})" if set else what
            try:
                hits = cat.search(query)
            except DeckError:
                raise
            except ValueError as exc:  # SearchSyntaxError and kin
                raise DeckError(f"bad search {what!r}: {exc}") from exc
            if not hits:
                from .catalog import EmptySearchError

                hints: list[str] = []
                if cat.hinter is not None:
                    try:
                        hints = list(cat.hinter(query))
                    except Exception:  # noqa: BLE001 - a hint that cannot be had is no error
                        hints = []
                raise EmptySearchError(what, hints, set)
            return hits
        raise UnknownCardError(what, cat.closest(what, set), set)

    # ------------------------------------------------------------ building
    def add(self, what: str, copies: int = 1, set: str | None = None, pile: str | None = None) -> list[CardSpec]:
        """Add ``copies`` of a card named by name, alias, key (``"set:Name"``) or, when
        ``what`` is a search query (``'tag:ghost'``, ``'kind:monster level>=10'``), of every
        card the query finds. Names and aliases are tried first; ``what`` is read as a query
        only when it holds a field or comparison (``:``, ``<``, ``>``, ``=``, ``(``) or starts
        with ``-`` (so a misspelt name gives the closest names, not an empty search).
        Copies add up with those already in the deck.

        Args:
            what: name, alias, key or query.
            copies: copies of each card, >= 1.
            set: only look in this set.
            pile: draw pile for the added cards (``None`` keeps the one already set).

        Returns:
            The specs added.

        Raises:
            UnknownCardError: nothing matches (with closest names); EmptySearchError (a
                subclass) when a search finds nothing (with the search's hints).
            AmbiguousCardError: a name found in several sets without ``set``.
            DeckError: bad copies, bad pile, bad query.
        """
        copies = _check_copies(copies, what)
        check_pile(pile)
        specs = self._find(what, set)
        self._check_room({s.key: copies for s in specs}, what)
        for s in specs:
            entry = self.entries.get(s.key)
            if entry is None:
                self.entries[s.key] = Entry(s.key, copies, pile)
            else:
                entry.copies += copies
                if pile is not None:
                    entry.pile = pile
        return specs

    def add_set(self, code: str, copies: int | None = None) -> list[CardSpec]:
        """Add every card of set ``code`` with its printed copies (or ``copies`` of each).

        Raises:
            DeckError: unknown set code (with the closest ones), bad copies.
        """
        if copies is not None:
            _check_copies(copies, code)
        cards = self.catalog.set_cards(code)
        self._check_room({spec.key: copies if copies is not None else max(1, printed or 1)
                          for spec, printed in cards}, code)
        added = []
        for spec, printed in cards:
            n = copies if copies is not None else max(1, printed or 1)
            entry = self.entries.get(spec.key)
            if entry is None:
                self.entries[spec.key] = Entry(spec.key, n)
            else:
                entry.copies += n
            added.append(spec)
        return added

    def _check_room(self, more: Mapping[str, int], what: str) -> None:
        """Refuse (before anything changes) adding ``more`` copies per card key when an entry
        would pass :data:`MAX_COPIES` or the deck :data:`MAX_CARDS`.

        Raises:
            DeckError: naming the card or the deck size and the limit.
        """
        for key, n in more.items():
            total = self.copies(key) + n
            if total > MAX_COPIES:
                raise DeckError(f"{what}: {key.split(':', 1)[-1]} would have {total} copies; at most "
                                f"{MAX_COPIES} copies of a card")
        size = self.size + sum(more.values())
        if size > MAX_CARDS:
            raise DeckError(f"{what}: the deck would hold {size} cards; at most {MAX_CARDS}")

    def _present(self, what: str, set: str | None) -> list[str]:
        """Keys of deck entries named by ``what`` (name/alias/key/query)."""
        what = what.strip()
        cat = self.catalog
        found = [s for s in cat.matches(what, set) if s.key in self.entries]
        if len(found) > 1:
            raise AmbiguousCardError(what, [label(s) for s in found])
        if not found:
            try:
                found = [s for s in self._find(what, set) if s.key in self.entries]
            except UnknownCardError as exc:
                in_deck = [cat.spec(k) for k in self.entries if k in cat]
                from ..suggest import close_matches

                names = {normalize(s.name): label(s) for s in in_deck}
                close = close_matches(normalize(what), list(names), n=3)
                raise UnknownCardError(what, [names[c] for c in close] or exc.suggestions, set) from None
        if not found:
            raise DeckError(f"{what!r} is not in deck {self.name!r}")
        return [s.key for s in found]

    def remove(self, what: str, copies: int | None = None, set: str | None = None) -> list[str]:
        """Remove ``copies`` of the named card(s) (all copies when ``None``); an entry left
        with no copies goes. ``what`` is read as in :meth:`add`.

        Returns:
            The keys touched.

        Raises:
            DeckError: the card is not in the deck, bad copies; lookup errors as in :meth:`add`.
        """
        if copies is not None:
            _check_copies(copies, what)
        keys = self._present(what, set)
        for key in keys:
            entry = self.entries[key]
            if copies is None or copies >= entry.copies:
                del self.entries[key]
            else:
                entry.copies -= copies
        return keys

    def set_copies(self, what: str, copies: int, set: str | None = None) -> list[CardSpec]:
        """Set the copies of the named card(s) to ``copies`` (0 removes them; a card not yet
        in the deck is added).

        Raises:
            DeckError: negative or non-integer copies; lookup errors as in :meth:`add`.
        """
        _check_copies(copies, what, low=0)
        specs = self._find(what, set)
        self._check_room({s.key: copies - self.copies(s.key) for s in specs}, what)
        for s in specs:
            if copies == 0:
                self.entries.pop(s.key, None)
            elif s.key in self.entries:
                self.entries[s.key].copies = copies
            else:
                self.entries[s.key] = Entry(s.key, copies)
        return specs

    def set_pile(self, what: str, pile: str | None, set: str | None = None) -> None:
        """Put the named card(s) already in the deck in draw pile ``pile`` (``None``: usual)."""
        check_pile(pile)
        for key in self._present(what, set):
            self.entries[key].pile = pile

    def merge(self, other: "Deck") -> "Deck":
        """Add every entry of ``other`` to this deck (copies add up; ``other``'s pile wins
        where this deck has none); module overrides and options that ``other`` sets and
        this deck does not are taken over; options switched on in either stay on.
        Returns ``self``.

        Raises:
            DeckError: the merged deck would pass :data:`MAX_COPIES` or :data:`MAX_CARDS`
                (nothing is changed).
        """
        self._check_room({k: e.copies for k, e in other.entries.items()}, other.name)
        for key, e in other.entries.items():
            mine = self.entries.get(key)
            if mine is None:
                self.entries[key] = Entry(key, e.copies, e.pile)
            else:
                mine.copies += e.copies
                mine.pile = mine.pile or e.pile
        for m, on in other.module_overrides.items():
            self.module_overrides.setdefault(m, on)
        for o, on in other.options.items():
            if "." in o:  # a module option: this deck's value wins, as a module override does
                self.options.setdefault(o, on)
            else:
                self.options[o] = self.options.get(o, False) or on
        return self

    def clear(self) -> None:
        """Remove every card (name, modules and options stay)."""
        self.entries.clear()

    # ------------------------------------------------------ modules/options
    def set_module(self, module: str, on: bool | None) -> None:
        """Force ``module`` on (True) or off (False), or back to derived (None).

        Raises:
            DeckError: unknown module (the message lists :data:`MODULES`), or ``on`` not
                True, False or None (``"false"`` is not false).
        """
        if module not in MODULES:
            raise DeckError(f"unknown rules module {module!r}; known: {', '.join(MODULES)}")
        if on is None:
            self.module_overrides.pop(module, None)
        elif not isinstance(on, bool):
            raise DeckError(f"module {module!r} takes true or false, got {on!r}")
        else:
            self.module_overrides[module] = on

    def set_option(self, option: str, value: object) -> None:
        """Set game option ``option`` (see :data:`DEFAULT_OPTIONS`) to True or False, or a rules
        module's option ``MODULE.KEY`` (the engine's module name: ``fairy_dust.fairy_level``,
        ``scooby_doo.start_dungeon``, ``rooms.bug_900``; each module declares its options,
        ``RulesModule.options``) to a value of its type; ``None`` takes a module option back
        to the module's default. Module options are kept with the deck (saved, exported,
        bundled) and passed to every game of it (:meth:`game_options`).

        Raises:
            DeckError: unknown option (a module option's message names the closest and every
                option of the module: ``No such option: fairy_dust.fairy_levl (did you mean
                fairy_dust.fairy_level?) ...``) or a value of the wrong type.
        """
        if isinstance(option, str) and "." in option:
            from ..engine.rules import check_module_options

            mod, _, key = option.partition(".")
            if value is None:  # back to the module's default: the name must still be one
                from ..engine import modules as _registered  # noqa: F401
                from ..engine.rules import MODULES as RULES

                if mod not in RULES or key not in RULES[mod].options:
                    try:
                        check_module_options({mod: {key: None}})
                    except ValueError as exc:
                        raise DeckError(str(exc)) from None
                self.options.pop(option, None)
                return
            try:
                check_module_options({mod: {key: value}})
            except ValueError as exc:
                raise DeckError(str(exc)) from None
            self.options[option] = value
            return
        if option not in DEFAULT_OPTIONS:
            owners = _module_of_option(option) if isinstance(option, str) else []
            if owners:
                tail = "=VALUE" if value is True else f"={format_option_value(value)}"  # (True: no value typed)
                forms = " or ".join(f"{m}.{option}{tail}" for m in owners)
                raise DeckError(f"{option!r} is an option of the {' and '.join(owners)} rules module: write it "
                                f"{forms}")
            close = close_matches(str(option), DEFAULT_OPTIONS)
            raise DeckError(f"unknown game option {option!r}" + (f" (did you mean {close[0]}?)" if close else "")
                            + f"; known: {', '.join(DEFAULT_OPTIONS)}, or a rules module's option as "
                            "MODULE.KEY=VALUE (e.g. fairy_dust.fairy_level=12)")
        if not isinstance(value, bool):
            raise DeckError(f"option {option!r} takes true or false, got {value!r}")
        self.options[option] = value

    @property
    def module_options(self) -> dict[str, dict]:
        """The rules modules' options the deck sets, as ``GameOptions.module_options`` takes
        them (``{"fairy_dust": {"fairy_level": 12}}``; from its ``MODULE.KEY`` options)."""
        out: dict[str, dict] = {}
        for k, v in self.options.items():
            if "." in k:
                mod, _, key = k.partition(".")
                out.setdefault(mod, {})[key] = v
        return out

    def derived_modules(self) -> tuple[str, ...]:
        """Modules the deck's cards call for (:func:`derive_modules`)."""
        return derive_modules(s for s, _ in self._pairs())

    @property
    def modules(self) -> tuple[str, ...]:
        """Modules in force: derived ones plus forced-on, minus forced-off (MODULES order)."""
        on = set(self.derived_modules())
        for m, forced in self.module_overrides.items():
            (on.add if forced else on.discard)(m)
        return tuple(m for m in MODULES if m in on)

    # ------------------------------------------------------------- reading
    def specs(self) -> list[tuple[CardSpec, int]]:
        """The ``(CardSpec, copies)`` pairs ``Game.new(deck=...)`` takes, in catalog order
        (:meth:`Catalog.rank`), not the order the entries were added or listed in: the same
        cards make the same game for a seed, whether the deck comes from a deck file, from
        Python or from the database (which lists a saved deck's entries in that order).

        Raises:
            UnknownCardError: an entry's card is not in the catalog any more.
            DeckError: the deck passes :data:`MAX_COPIES` or :data:`MAX_CARDS` (a deck saved
                before the limits, or entries set by hand): the message says how to fix it,
                instead of a game, simulation or print run exhausting the memory.
        """
        self.check_limits()
        return self._pairs()

    def _pairs(self) -> list[tuple[CardSpec, int]]:
        cat = self.catalog
        return [(cat.spec(e.key), e.copies) for e in sorted(self.entries.values(), key=lambda e: cat.rank(e.key))]

    def check_limits(self) -> None:
        """Raise :class:`DeckError` when an entry holds more than :data:`MAX_COPIES` copies
        (or not a whole number of at least 1) or the deck more than :data:`MAX_CARDS` cards."""
        for e in self.entries.values():
            if isinstance(e.copies, bool) or not isinstance(e.copies, int) or not 1 <= e.copies <= MAX_COPIES:
                name = e.key.split(":", 1)[-1]
                raise DeckError(f"deck {self.name!r}: {name} has {e.copies!r} copies; a deck holds 1 to "
                                f"{MAX_COPIES} copies of a card (remove them all with `deck remove "
                                f"{self.name!r} {name!r}`, then add the copies you want)")
        if self.size > MAX_CARDS:
            raise DeckError(f"deck {self.name!r} holds {self.size} cards; at most {MAX_CARDS}")

    def game_options(self, **overrides):
        """The engine's ``GameOptions`` for this deck: ``faster_play`` and ``shared_victory``
        from the deck's options, and ``modules`` = the engine modules that play the deck's
        modules (:func:`engine_modules`: ``dungeons`` is the engine's ``scooby_doo``; the
        engine also switches modules on from the cards' sets by itself), and ``module_options``
        = the deck's ``MODULE.KEY`` options (:attr:`module_options`). ``overrides`` are passed
        to ``GameOptions``.

        The ``piles_per_set`` option adds the engine module ``piles`` (one Door and one
        Treasure draw pile per set, the player picking the pile). Module overrides *off* are
        kept with the deck; this function does not pass them.
        """
        from ..engine.game import GameOptions

        kw = {"faster_play": self.options["faster_play"], "shared_victory": self.options["shared_victory"],
              "modules": engine_modules(self.modules)
              + (("piles",) if self.options.get("piles_per_set") else ())}
        if self.module_options:
            kw["module_options"] = self.module_options
        kw.update(overrides)
        return GameOptions(**kw)

    def new_game(self, players=4, seed: int = 0, **kwargs):
        """Start an engine game with this deck.

        A Munchkin deck gives ``Game.new(players, deck=self.specs(), seed=seed,
        options=self.game_options(), **kwargs)`` (2 to 6 players, core rules, 2. Setting Up).
        A deck with the ``solar_storm`` module (e.g. ``load_preset("solar_storm")``) gives a
        ``SolarStormGame.new(players, rooms=<the deck's cards, one per copy>, seed=seed,
        **kwargs)`` (1 to 4 players, solo play included; the cards are the ship rooms), as
        ``munchkin-lab play --deck``, the simulator and ``Board.from_deck`` do.

        Raises:
            ValueError: a player count the game does not seat; for Solar Storm, ``options``
                that are not ``SolarStormOptions`` (or a dict of its fields), a card that is
                not a ship room or fewer than 8 room names (``SolarStormGame.new``).
            DeckError: the deck passes the copy or size limits (:meth:`specs`).
        """
        if "solar_storm" in self.modules:
            from ..engine.solar_storm import SolarStormGame, SolarStormOptions

            opts = kwargs.get("options")
            if opts is not None and not isinstance(opts, (SolarStormOptions, dict)):
                raise ValueError(f"deck {self.name!r} is a Solar Storm deck: options must be SolarStormOptions "
                                 f"(or a dict of its fields), got {type(opts).__name__}")
            rooms = [sp for sp, n in self.specs() for _ in range(n)]
            return SolarStormGame.new(players, rooms=rooms, seed=seed, **kwargs)
        from ..engine.game import Game

        kwargs.setdefault("options", self.game_options())
        return Game.new(players, deck=self.specs(), seed=seed, **kwargs)

    def piles(self) -> dict[str, str]:
        """Card key -> draw pile, for entries placed in a pile other than their own."""
        return {k: e.pile for k, e in self.entries.items() if e.pile}

    def copies(self, what: str, set: str | None = None) -> int:
        """Copies in the deck of the card named by ``what``: its key (``"munchkin:Crabs"``),
        name or alias (``"Crabs"``: every set's card of that name counted; ``set``: only that
        set's). 0 when the card is not in the deck.

        Raises:
            UnknownCardError: ``what`` names no card at all (with the closest names), so a
                misspelt name is not read as "no copies".
        """
        e = self.entries.get(what)
        if e is not None:
            return e.copies
        name = what.strip() if isinstance(what, str) else ""
        found = self.catalog.matches(name, set) if name else []
        if not found:
            if ":" in name:
                return 0  # a key of a card the deck does not hold
            raise UnknownCardError(what, self.catalog.closest(name, set), set)
        entries = self.entries
        return sum(entries[s.key].copies for s in found if s.key in entries)

    @property
    def size(self) -> int:
        """Total number of cards (sum of copies)."""
        return sum(e.copies for e in self.entries.values())

    def sets(self) -> list[str]:
        """Set codes the deck draws on, in entry order."""
        out: list[str] = []
        for key in self.entries:
            code = key.split(":", 1)[0]
            if code not in out:
                out.append(code)
        return out

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def state(self) -> tuple:
        """Everything that defines the deck, comparable and hashable: name, description,
        entries (sorted), module overrides and options. Equality compares this."""
        return (
            self.name,
            self.description,
            tuple(sorted((e.key, e.copies, e.pile or "") for e in self.entries.values())),
            tuple(sorted(self.module_overrides.items())),
            tuple(sorted(self.options.items())),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        # (the modules come from the cards, looked up in the database: a repr does not open it)
        mods = f"modules={list(self.modules)}" if self._catalog else "modules not looked up yet"
        from ..plural import plural

        return (f"Deck({self.name!r}, {plural(len(self.entries), 'entry', 'entries')}, "
                f"{plural(self.size, 'card')}, {mods})")

    def copy(self, name: str | None = None) -> "Deck":
        """Return an independent copy (same catalog), optionally renamed."""
        d = Deck(name or self.name, self.description, catalog=self._catalog, url=self.url)
        d.entries = {k: Entry(e.key, e.copies, e.pile) for k, e in self.entries.items()}
        d.module_overrides = dict(self.module_overrides)
        d.options = dict(self.options)
        return d

    # -------------------------------------------------------- delegations
    def check(self, players: int | None = None, *, larger: bool | None = None) -> list:
        """Run the mix checks (:func:`munchkin_lab.decks.checks.check_deck`); ``players``:
        the table size the piles are checked for (default: 2, plus a warning below 6);
        ``larger``: that warning for a given ``players`` too. A deck on the card database
        (no catalog of its own) also gets ``printed-edited``: its printed cards changed in
        that database since the last build (a CSV import; the game plays them as changed)."""
        from .checks import _p, check_deck

        problems = check_deck(self, players, larger=larger)
        found = []
        try:
            from ..cards.build import edited_in_deck, edited_note
            from ..config import database_url
            from .catalog import _catalogs

            if self._catalog is _catalogs.get(database_url(self.url)):  # (not a catalog of its own)
                found = edited_in_deck(self.specs(), self.url)
        except Exception:  # noqa: BLE001 - advice only (no database to read)
            found = []
        if found:
            problems.append(_p("warning", None, "printed-edited", edited_note(found)))
        return problems

    def to_text(self) -> str:
        """Export as the hand-written text format (:func:`munchkin_lab.decks.files.to_text`)."""
        from .files import to_text

        return to_text(self)

    def to_yaml(self) -> str:
        """Export as YAML (:func:`munchkin_lab.decks.files.to_yaml`)."""
        from .files import to_yaml

        return to_yaml(self)

    def export(self, path, overwrite: bool = False) -> None:
        """Write the deck to ``path`` (``.yaml``/``.yml`` -> YAML, else text), atomically
        (:func:`munchkin_lab.decks.files.write_deck`).

        Raises:
            OutputFileError: (a ``ValueError``) ``path`` names another format (``.json``,
                ``.csv``, ``.pdf``...), as ``munchkin-lab deck export`` refuses it; nothing is
                written.
            FileExistsError: ``path`` exists and ``overwrite`` is False (the file is untouched;
                the message names the file and ``overwrite=True``), as ``munchkin-lab deck
                export`` refuses without ``--force``; a file that appeared there while the
                deck was written is kept too (``FileAppearedError``, :func:`write_deck`).
            OSError: the folder is missing or the file cannot be written; the previous file is kept.
        """
        from .files import write_deck

        write_deck(self, path, overwrite=overwrite)

    @classmethod
    def from_file(cls, path, catalog: Catalog | None = None, url: str | None = None) -> "Deck":
        """Read a deck file (text or YAML by extension; see :mod:`munchkin_lab.decks.files`)."""
        from .files import read_deck

        return read_deck(path, catalog=catalog, url=url)

    @classmethod
    def from_text(cls, text: str, catalog: Catalog | None = None, url: str | None = None, name: str | None = None) -> "Deck":
        """Parse the text format (see :func:`munchkin_lab.decks.files.parse_text`)."""
        from .files import parse_text

        return parse_text(text, catalog=catalog, url=url, name=name)

    @classmethod
    def from_yaml(cls, text: str, catalog: Catalog | None = None, url: str | None = None, name: str | None = None) -> "Deck":
        """Parse the YAML form (see :func:`munchkin_lab.decks.files.parse_yaml`)."""
        from .files import parse_yaml

        return parse_yaml(text, catalog=catalog, url=url, name=name)

    def save(self, url: str | None = None, replace: bool = False, force: bool = False) -> None:
        """Store the deck in the database deck tables (:func:`munchkin_lab.decks.store.save_deck`).
        A deck loaded from the database (or saved before) saves over the stored one, if
        nobody saved it in between (:attr:`row_version`).

        Raises:
            DuplicateDeckError: a deck of this name exists, this deck was not loaded from it
                and ``replace`` is False.
            DeckConflictError: someone else saved the deck since it was loaded (``force``
                overwrites their edit).
        """
        from .store import save_deck

        save_deck(self, url if url is not None else self.url, replace=replace, force=force)

    @classmethod
    def load(cls, name: str, url: str | None = None, catalog: Catalog | None = None) -> "Deck":
        """Load deck ``name`` from the database (:func:`munchkin_lab.decks.store.load_deck`)."""
        from .store import load_deck

        return load_deck(name, url=url, catalog=catalog)
