"""Checks of a saved Munchkin game (``Game.to_json``) before it is loaded.

A save is refused with a :class:`ValueError` naming the first bad field (``"saved game: field
'initial.players[1].hand[2]': ..."``) when its types are wrong, when the players of the save
and of its initial state disagree, or when the initial state does not hold every card of the
deck exactly once (card conservation). ``Game.from_json`` calls :func:`check_options`,
:func:`check_players`, :func:`check_deck` and :func:`check_state` before it builds anything,
then :func:`check_conservation` on the built initial state, then replays the actions (each
checked by the rules). Nothing half-loaded is ever returned.
"""
from __future__ import annotations

from dataclasses import fields as _dc_fields
from typing import Any, Callable

from .cards import DECKS, KINDS, SLOTS

PREFIX = "saved game: field"
PHASES = ("setup", "start", "trouble", "combat", "end", "charity", "over")
STAGES = ("fight", "window", "run")
PENDING = ("help", "offer", "gift", "trade", "choose", "manual", "cancel", "glue", "flight", "react")


def _bad(path: str, what: str) -> ValueError:
    return ValueError(f"{PREFIX} {path!r}: {what}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not _is_int(v):
        raise _bad(path, f"expected an integer, got {type(v).__name__} {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise _bad(path, f"{v} is out of range ({rng})")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(path, f"expected true or false, got {type(v).__name__} {v!r}")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        raise _bad(path, f"expected a string, got {type(v).__name__} {v!r}")
    return v


def _list(v: Any, path: str) -> list:
    if not isinstance(v, list):
        raise _bad(path, f"expected a list, got {type(v).__name__}")
    return v


def _dict(v: Any, path: str, keys: tuple = ()) -> dict:
    if not isinstance(v, dict):
        raise _bad(path, f"expected a mapping, got {type(v).__name__}")
    for k in keys:
        if k not in v:
            raise _bad(f"{path}.{k}", "missing")
    return v


def _ids(v: Any, path: str, ncards: int) -> list:
    for i, c in enumerate(_list(v, path)):
        _int(c, f"{path}[{i}]", 0, ncards - 1)
    return v


def check_options(opts: Any, option_fields: tuple) -> dict:
    """The ``options`` field: a mapping of ``GameOptions`` fields with their types.

    Returns:
        the keyword arguments for ``GameOptions`` (``modules`` as a tuple).
    Raises:
        ValueError: an unknown field or a wrong type (named).
    """
    opts = dict(_dict(opts, "options"))
    for k in opts:
        if k not in option_fields:
            raise _bad(f"options.{k}", f"unknown option (known: {', '.join(option_fields)})")
    for k in ("faster_play", "shared_victory", "setup_window"):
        if k in opts:
            _bool(opts[k], f"options.{k}")
    for k in ("first_player", "hand_limit"):
        if k in opts:
            _int(opts[k], f"options.{k}", 0)
    for k in ("max_turns", "max_actions_per_turn"):
        if opts.get(k) is not None:
            _int(opts[k], f"options.{k}", 1)
    mods = opts.get("modules") or []
    if not isinstance(mods, (list, tuple)):
        raise _bad("options.modules", "expected a list of module names")
    for i, m in enumerate(mods):
        _str(m, f"options.modules[{i}]")
    opts["modules"] = tuple(mods)
    if "module_options" in opts:
        _dict(opts["module_options"], "options.module_options")
    return opts


def check_players(players: Any) -> tuple[list[str], list[str]]:
    """The ``players`` field: 2 to 6 distinct ``[name, gender]`` pairs (core rules, 2. Setting
    Up). Returns ``(names, genders)``; raises ValueError naming the bad entry."""
    _list(players, "players")
    if not 2 <= len(players) <= 6:
        raise _bad("players", f"2 to 6 players (core rules, 2. Setting Up), got {len(players)}")
    names, genders = [], []
    for i, p in enumerate(players):
        if not isinstance(p, list) or len(p) != 2:
            raise _bad(f"players[{i}]", "expected [name, gender]")
        names.append(_str(p[0], f"players[{i}][0]"))
        g = _str(p[1], f"players[{i}][1]")
        if g not in ("male", "female"):
            raise _bad(f"players[{i}][1]", f"gender 'male' or 'female', got {g!r}")
        genders.append(g)
    if len(set(names)) != len(names):
        raise _bad("players", "names must be distinct")
    return names, genders


_INT_OR_NONE = ("level", "treasures", "levels_gained", "bonus", "gold")
_STR_LISTS = ("tags", "usable_by", "not_usable_by")


def check_deck(deck: Any, spec_fields: tuple) -> None:
    """The ``deck`` field: one mapping of ``CardSpec`` fields per card id, with their types
    (names and sets strings; ``kind``/``deck``/``slot`` from the vocabularies of
    ``engine.cards``; numbers integers or null; ``big``/``manual`` booleans; tag and
    condition lists of strings; ``effects`` a mapping). Raises ValueError naming the field."""
    _list(deck, "deck")
    for i, d in enumerate(deck):
        path = f"deck[{i}]"
        _dict(d, path, ("name", "set", "kind", "deck"))
        for k in d:
            if k not in spec_fields:
                raise _bad(f"{path}.{k}", "not a card field")
        for k in ("key", "name", "set"):
            if k in d:
                _str(d[k], f"{path}.{k}")
        if d["kind"] not in KINDS:
            raise _bad(f"{path}.kind", f"unknown kind {d['kind']!r}")
        if d["deck"] not in DECKS:
            raise _bad(f"{path}.deck", f"unknown deck {d['deck']!r}")
        if d.get("slot") is not None and d["slot"] not in SLOTS:
            raise _bad(f"{path}.slot", f"unknown slot {d['slot']!r}")
        for k in _INT_OR_NONE:
            if d.get(k) is not None:
                _int(d[k], f"{path}.{k}")
        for k in ("big", "manual"):
            if k in d:
                _bool(d[k], f"{path}.{k}")
        for k in _STR_LISTS:
            for j, t in enumerate(_list(d.get(k) or [], f"{path}.{k}")):
                _str(t, f"{path}.{k}[{j}]")
        if d.get("effects") is not None:
            _dict(d["effects"], f"{path}.effects")
        if d.get("version") is not None:
            _str(d["version"], f"{path}.version")


_PLAYER_LISTS = ("hand", "equipped", "carried", "races", "classes", "curses")
_PLAYER_CARDS = ("half_breed", "super_munchkin", "cheat", "cheat_item", "hireling", "hireling_item")


def check_state(raw: Any, names: list[str], genders: list[str], ncards: int, path: str = "initial") -> None:
    """The ``initial`` field: the raw state (``State.to_raw``) with its types, card ids in
    ``0..ncards-1``, seats in range, and players matching the ``players`` field. Card
    conservation is :func:`check_conservation`'s. Raises ValueError naming the field."""
    n = len(names)
    _dict(raw, path, ("turn", "active", "phase", "decks", "discards", "players", "combat",
                      "pending", "rng", "forced", "winners", "setup_seat", "corpses", "pool",
                      "charity", "reason", "removed", "module_state"))
    _int(raw["turn"], f"{path}.turn", 1)
    _int(raw["active"], f"{path}.active", 0, n - 1)
    _int(raw["setup_seat"], f"{path}.setup_seat", 0, n - 1)
    if raw["phase"] not in PHASES:
        raise _bad(f"{path}.phase", f"one of {', '.join(PHASES)}, got {raw['phase']!r}")
    for key in ("decks", "discards"):
        for pile, cards in _dict(raw[key], f"{path}.{key}").items():
            _ids(cards, f"{path}.{key}.{pile}", ncards)
    for pile in raw["decks"]:
        if pile not in raw["discards"]:
            raise _bad(f"{path}.discards.{pile}", "every draw pile has a discard pile")
    players = _list(raw["players"], f"{path}.players")
    if len(players) != n:
        raise _bad(f"{path}.players", f"{len(players)} players, but the save lists {n}")
    for i, p in enumerate(players):
        pp = f"{path}.players[{i}]"
        _dict(p, pp, ("name", "gender", "level", "alive", "redeal", "sold_double") + _PLAYER_LISTS + _PLAYER_CARDS[:4])
        if p["name"] != names[i] or p["gender"] != genders[i]:
            raise _bad(pp, f"player {p['name']!r} ({p['gender']}) does not match players[{i}] "
                           f"({names[i]!r}, {genders[i]})")
        _int(p["level"], f"{pp}.level", 1, 10)
        for k in ("alive", "redeal", "sold_double"):
            _bool(p[k], f"{pp}.{k}")
        for k in _PLAYER_LISTS + (("fresh",) if "fresh" in p else ()):
            _ids(p[k], f"{pp}.{k}", ncards)
        for k in _PLAYER_CARDS:
            if k in p:  # (a Hireling and its item: absent from saves older than Hirelings)
                _int(p[k], f"{pp}.{k}", -1, ncards - 1)
    c = raw["combat"]
    if raw["phase"] == "combat" and c is None:
        raise _bad(f"{path}.combat", "phase 'combat' without a combat")
    if c is not None:
        cp = f"{path}.combat"
        _dict(c, cp, ("fighter", "helper", "monsters", "enh", "used", "stage", "window", "runners",
                      "rolled", "asked", "bribe_items", "berserk", "flight", "turning", "perplayer",
                      "backstab", "pbonus", "mbonus", "bribe_n", "bribe_first", "extra_treasures", "intent"))
        if raw["phase"] not in ("combat", "over"):
            raise _bad(cp, f"a combat in phase {raw['phase']!r}")
        _int(c["fighter"], f"{cp}.fighter", 0, n - 1)
        _int(c["helper"], f"{cp}.helper", -1, n - 1)
        _ids(c["monsters"], f"{cp}.monsters", ncards)
        enh = _list(c["enh"], f"{cp}.enh")
        if len(enh) != len(c["monsters"]):
            raise _bad(f"{cp}.enh", "one list of Monster Enhancers per monster")
        for i, e in enumerate(enh):
            _ids(e, f"{cp}.enh[{i}]", ncards)
        _ids(c["used"], f"{cp}.used", ncards)
        _ids(c["bribe_items"], f"{cp}.bribe_items", ncards)
        if c["stage"] not in STAGES:
            raise _bad(f"{cp}.stage", f"one of {', '.join(STAGES)}")
        for k in ("window", "runners", "asked"):
            for j, q in enumerate(_list(c[k], f"{cp}.{k}")):
                _int(q, f"{cp}.{k}[{j}]", 0, n - 1)
        for j, q in enumerate(_list(c["rolled"], f"{cp}.rolled")):
            _int(q, f"{cp}.rolled[{j}]", 0, max(0, len(c["monsters"]) - 1))
        if c["stage"] == "window" and not c["window"]:
            raise _bad(f"{cp}.window", "an open interference window with nobody in it")
        if c["stage"] == "run" and not c["runners"]:
            raise _bad(f"{cp}.runners", "a Run Away with nobody running")
        for k in ("berserk", "flight", "turning", "perplayer"):
            for j, pair in enumerate(_list(c[k], f"{cp}.{k}")):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise _bad(f"{cp}.{k}[{j}]", "expected [seat, count]")
                _int(pair[0], f"{cp}.{k}[{j}][0]", 0, n - 1)
                _int(pair[1], f"{cp}.{k}[{j}][1]")
        for j, pair in enumerate(_list(c["backstab"], f"{cp}.backstab")):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _bad(f"{cp}.backstab[{j}]", "expected [thief, victim]")
            for x in pair:
                _int(x, f"{cp}.backstab[{j}]", 0, n - 1)
        for k in ("pbonus", "mbonus", "bribe_n", "bribe_first", "extra_treasures"):
            _int(c[k], f"{cp}.{k}")
        if "stay_treasures" in c:  # optional: saves older than the field lack it
            _int(c["stay_treasures"], f"{cp}.stay_treasures", 0)
        _str(c["intent"], f"{cp}.intent")
        if "forced_help" in c:  # optional, as above
            _bool(c["forced_help"], f"{cp}.forced_help")
        for k in ("slain_levels", "slain_kills"):  # optional, as above
            if k in c:
                _int(c[k], f"{cp}.{k}", 0)
        if "for_monsters" in c:  # optional, as above
            _ids(c["for_monsters"], f"{cp}.for_monsters", ncards)
        if "won_at" in c:  # optional, as above: the strengths at the kill (display only)
            won = _list(c["won_at"], f"{cp}.won_at")
            for j, x in enumerate(won):
                _int(x, f"{cp}.won_at[{j}]")
        if "owed" in c:  # optional, as above: rewards won before the fight moved, given at its end
            for j, o in enumerate(_list(c["owed"], f"{cp}.owed")):
                if not isinstance(o, list) or len(o) != 5:
                    raise _bad(f"{cp}.owed[{j}]", "expected [seat, helper, Levels, kills, Treasures]")
                _int(o[0], f"{cp}.owed[{j}][0]", 0, n - 1)
                _int(o[1], f"{cp}.owed[{j}][1]", -1, n - 1)
                for x in o[2:]:
                    _int(x, f"{cp}.owed[{j}]", 0)
        if "played_by" in c:  # optional, as above: who played each One-Shot / Monster Enhancer into it
            for j, pair in enumerate(_list(c["played_by"], f"{cp}.played_by")):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise _bad(f"{cp}.played_by[{j}]", "expected [card, seat]")
                _int(pair[0], f"{cp}.played_by[{j}][0]", 0, ncards - 1)
                _int(pair[1], f"{cp}.played_by[{j}][1]", 0, n - 1)
    for i, d in enumerate(_list(raw["pending"], f"{path}.pending")):
        pp = f"{path}.pending[{i}]"
        _dict(d, pp, ("kind", "player"))
        if d["kind"] not in PENDING:
            raise _bad(f"{pp}.kind", f"one of {', '.join(PENDING)}")
        _int(d["player"], f"{pp}.player", 0, n - 1)
        if d["kind"] in ("manual", "cancel", "gift", "trade"):
            _int(d.get("card"), f"{pp}.card", 0, ncards - 1)
        if d["kind"] in ("gift", "trade"):  # an Item given or a trade, waiting for a yes (items.py)
            _int(d.get("from"), f"{pp}.from", 0, n - 1)
        if d["kind"] == "trade":  # the partner's Item asked for in exchange
            _int(d.get("for"), f"{pp}.for", 0, ncards - 1)
        if d["kind"] == "choose":
            _str(d.get("why"), f"{pp}.why")
    try:
        int(_str(raw["rng"], f"{path}.rng"))
    except ValueError:
        raise _bad(f"{path}.rng", "the generator state is an integer (as text)") from None
    for j, v in enumerate(_list(raw["forced"], f"{path}.forced")):
        _int(v, f"{path}.forced[{j}]", 1, 6)
    for j, v in enumerate(_list(raw["winners"], f"{path}.winners")):
        _int(v, f"{path}.winners[{j}]", 0, n - 1)
    for j, entry in enumerate(_list(raw["corpses"], f"{path}.corpses")):
        if not isinstance(entry, list) or len(entry) != 2:
            raise _bad(f"{path}.corpses[{j}]", "expected [seat, [cards]]")
        _int(entry[0], f"{path}.corpses[{j}][0]", 0, n - 1)
        _ids(entry[1], f"{path}.corpses[{j}][1]", ncards)
    _ids(raw["pool"], f"{path}.pool", ncards)
    _ids(raw["removed"], f"{path}.removed", ncards)
    if raw["charity"] is not None:
        ch = _list(raw["charity"], f"{path}.charity")
        if len(ch) != 2:
            raise _bad(f"{path}.charity", "expected [excess, [[seat, given], ...]]")
        _int(ch[0], f"{path}.charity[0]", 0)
        for j, pair in enumerate(_list(ch[1], f"{path}.charity[1]")):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _bad(f"{path}.charity[1][{j}]", "expected [seat, given]")
            _int(pair[0], f"{path}.charity[1][{j}][0]", 0, n - 1)
            _int(pair[1], f"{path}.charity[1][{j}][1]", 0)
    _str(raw["reason"], f"{path}.reason")
    _dict(raw["module_state"], f"{path}.module_state")
    for k in ("turn_actions", "last_combat_turn"):
        if k in raw:
            _int(raw[k], f"{path}.{k}", 0)


def zone_paths(state, modules_cards: Callable[[], list], path: str = "initial") -> list[tuple[str, int]]:
    """``(field path, card id)`` for every card of ``state`` (a ``State``), core zones first,
    then the cards the rules modules hold (``modules_cards()``, e.g. Dungeons in play)."""
    out: list[tuple[str, int]] = []

    def add(where: str, cards) -> None:
        out.extend((f"{where}[{i}]", c) for i, c in enumerate(cards))

    for key in ("decks", "discards"):
        for pile, cards in getattr(state, key).items():
            add(f"{path}.{key}.{pile}", cards)
    for i, p in enumerate(state.players):
        pp = f"{path}.players[{i}]"
        for k in _PLAYER_LISTS:
            add(f"{pp}.{k}", getattr(p, k))
        for k in ("half_breed", "super_munchkin", "cheat", "hireling"):
            v = getattr(p, k)
            if v >= 0:
                out.append((f"{pp}.{k}", v))
    c = state.combat
    if c is not None:
        add(f"{path}.combat.monsters", c.monsters)
        for i, e in enumerate(c.enh):
            add(f"{path}.combat.enh[{i}]", e)
        add(f"{path}.combat.used", c.used)
    for i, (_, cards) in enumerate(state.corpses):
        add(f"{path}.corpses[{i}]", cards)
    add(f"{path}.pool", state.pool)
    add(f"{path}.removed", state.removed)
    for i, d in enumerate(state.pending):
        if d["kind"] == "cancel":
            out.append((f"{path}.pending[{i}].card", d["card"]))
    try:
        held = list(modules_cards())
    except Exception as e:  # noqa: BLE001 - a module reading a malformed module_state
        raise _bad(f"{path}.module_state", f"unreadable by its rules module ({type(e).__name__}: {e})") from None
    add(f"{path}.module_state", held)
    return out


def check_conservation(state, modules_cards: Callable[[], list], names: list[str], path: str = "initial") -> None:
    """Every card id ``0..len(names)-1`` is in exactly one zone of ``state`` (core rules, 3.
    Handling Cards: a card is always somewhere). ``names``: card id -> printed name.

    Raises:
        ValueError: naming the first card held twice (both places) or held nowhere.
    """
    seen: dict[int, str] = {}
    for where, c in zone_paths(state, modules_cards, path):
        if not _is_int(c) or not 0 <= c < len(names):
            raise _bad(where, f"no card with id {c!r}")
        if c in seen:
            raise _bad(where, f"card {c} ({names[c]}) is also at {seen[c]}: a card is in one place only")
        seen[c] = where
    for c in range(len(names)):
        if c not in seen:
            raise _bad(path, f"card {c} ({names[c]}) is in no zone: every card of the deck must be somewhere")


def dataclass_fields(cls) -> tuple:
    """The field names of a dataclass (``GameOptions``, ``CardSpec``)."""
    return tuple(f.name for f in _dc_fields(cls))
