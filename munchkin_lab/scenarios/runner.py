"""Load and run scenario files (format: ``README.md`` in this folder).

Public functions:
    load_scenario(path) -> dict            parsed and shape-checked file (ScenarioError if bad)
    build_game(scenario, resolver) -> (Game, names)   the start position
    run_scenario(scenario, resolver) -> ScenarioResult
    run_file(path, resolver=None) -> ScenarioResult   never raises for a bad file: FAIL result
                                           (``game: solar_storm`` files run in :mod:`.solar`)
    get_path(state_dict, "players.Arek.level")        dotted-path lookup used by expectations

Files are read through :mod:`munchkin_lab.safe_yaml` (no aliases or anchors, at most
:data:`MAX_BYTES` bytes, depth limit, control characters reported with line and column) and
type-checked by :mod:`munchkin_lab.scenarios.schema` before anything is built; inline cards go
through the card-file schema (:class:`munchkin_lab.cards.files.ScenarioCard`).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .. import safe_yaml
from ..engine import Action, CardSpec, Game, GameOptions, IllegalActionError
from ..engine.actions import KINDS
from ..engine.views import BLIND_HAND

Resolver = Callable[[str], CardSpec | None]

TOP_FIELDS = {"name", "rule", "description", "seed", "options", "cards", "players", "decks",
              "discards", "active", "turn", "phase", "forced_dice", "deal", "steps", "expect", "sets", "game"}
#: Values of the top-level ``game`` key: ``munchkin`` (default, this module) and
#: ``solar_storm`` (:mod:`munchkin_lab.scenarios.solar`).
GAMES = ("munchkin", "solar_storm")
PLAYER_FIELDS = {"name", "gender", "level", "race", "races", "class", "classes", "hand", "equipped",
                 "carried", "curses", "alive", "half_breed", "super_munchkin"}
STEP_FIELDS = {"actor", "action", "text", "card", "target", "side", "monster", "with", "cards",
               "treasures", "helper_first", "double", "n", "expect", "expect_error", "dice", "note",
               "undo", "redo", "mode"}


#: Largest scenario file read (bytes).
MAX_BYTES = 1024 * 1024


class ScenarioError(ValueError):
    """A malformed scenario file, an unknown card name or a bad step (message names the
    file, the step number and the field)."""


@dataclass
class ScenarioResult:
    """``ok``; ``name``; ``path``; ``message`` (first difference or error, empty on pass)."""

    ok: bool
    name: str
    path: str
    message: str = ""

    def line(self) -> str:
        head = f"{'PASS' if self.ok else 'FAIL'} {self.path}"
        if not self.name:  # a file that is no scenario at all (binary, unreadable)
            return head + (f": {self.message}" if self.message else "")
        return f"{head}: {self.name}" + ("" if self.ok else f": {self.message}")


def _read_text(path: Path) -> str:
    """The file as UTF-8 text (``UnicodeDecodeError`` for binary files, ``OSError``)."""
    return path.read_bytes().decode("utf-8")


def _not_text(e: UnicodeDecodeError) -> str:
    return f"not a text file (byte 0x{e.object[e.start]:02x} at offset {e.start} is not UTF-8)"


def _parse(path: Path) -> tuple[Any, Any]:
    """``(data, YamlDoc)`` of a scenario file read safely.

    Raises:
        ScenarioError: unreadable, too large, not text, malformed YAML, aliases/anchors, too
            deep, control characters (each problem with its line).
    """
    from ..cards.files import YamlDoc

    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ScenarioError(f"{path}: the file is too large ({size:,} bytes; at most {MAX_BYTES:,})")
        text = _read_text(path)
    except OSError as e:
        raise ScenarioError(f"{path}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise ScenarioError(f"{path}: {_not_text(e)}") from None
    try:
        doc = safe_yaml.read_yaml_text(text, str(path))
    except safe_yaml.YamlFileError as e:
        raise ScenarioError("; ".join(f"{p.where(str(path))}: {p.message}" for p in e.problems)) from None
    return doc.data, YamlDoc(path, doc.data, doc.node, str(path))


def load_scenario(path: str | Path, names: Any = None) -> dict:
    """Read a Munchkin scenario YAML file and check its values
    (:func:`munchkin_lab.scenarios.schema.check_scenario`; ``names``: what its inline cards
    may name besides each other, :func:`resolver_names`; default the shipped sets' names).

    Raises:
        ScenarioError: unreadable file, malformed YAML, unknown top-level field, missing
            ``players``, a value of the wrong type or out of range (every problem at once,
            with its field and line).
    """
    from .schema import check_scenario

    path = Path(path)
    data, doc = _parse(path)
    if not isinstance(data, dict):
        raise ScenarioError(f"{path}: a scenario is a mapping with players, decks and steps")
    game = data.get("game", "munchkin")
    if game not in GAMES:
        raise ScenarioError(f"{path}: field 'game': one of {list(GAMES)}, got {game!r}")
    if game == "solar_storm":
        raise ScenarioError(f"{path}: a Solar Storm scenario: run it with run_file (scenarios.solar)")
    bad = set(data) - TOP_FIELDS
    if bad:
        raise ScenarioError(f"{path}: unknown field(s) {sorted(map(str, bad))} (allowed: {sorted(TOP_FIELDS)})")
    if not isinstance(data.get("players"), list):
        raise ScenarioError(f"{path}: field 'players': a list of 2 to 6 players")
    if len(data["players"]) < 2:
        raise ScenarioError(f"{path}: players: a scenario has 2 to 6 players, got {len(data['players'])}")
    problems = check_scenario(data, doc, names)
    if problems:
        raise ScenarioError("; ".join(f"{path}:{line}: {msg}" if line else f"{path}: {msg}"
                                      for line, msg in problems))
    data.setdefault("name", path.stem)
    data["_path"] = str(path)
    steps = data.get("steps")
    if isinstance(steps, list) and doc is not None:  # each step's line, for its error messages
        data["_step_lines"] = [doc.line_of(("steps", i)) for i in range(len(steps))]
    return data


def database_resolver(sets: list[str] | None = None, url: str | None = None) -> Resolver:
    """Resolve card names through the card database ``url`` (default: ``$DATABASE_URL`` or the
    SQLite file; ``munchkin_lab.cards.api.load_specs``;
    only the embedded default database is built, and only when it does not exist yet). A card's
    aliases (older printed names, translations: ``Polymorph Potion`` -> ``Pollymorph Potion``)
    resolve to it too.

    ``sets``: the set codes whose cards a name means first (a scenario's ``sets:`` field:
    ``[scooby_doo]`` makes ``Cheat!`` the Scooby-Doo card); a name none of them holds is
    looked up in every set, the base game first, as without ``sets``.

    Raises (at the first look-up):
        ValueError: an unknown set code (the message lists the known ones).
    """
    cache: dict[str, CardSpec] = {}
    aliases: dict[str, str] = {}

    def load() -> None:
        from ..cards import api
        specs = api.load_specs(sets=sets, url=url) if sets else []
        specs += api.load_specs(url=url)
        for sp, _n in specs:
            cache.setdefault(sp.name.lower(), sp)
        rows = api.cards("", url=url)
        for name, names in zip(rows["name"], rows["aliases"]):
            for alias in names or ():
                aliases.setdefault(str(alias).lower(), str(name).lower())

    def resolve(name: str) -> CardSpec | None:
        if not cache:
            load()
        key = name.lower()
        return cache.get(key) or cache.get(aliases.get(key, key))

    known: list = []

    def names() -> Any:
        if not known:
            from ..cards.designer import known_names

            known.append(known_names(url=url))
        return known[0]

    resolve.known_names = names  # type: ignore[attr-defined]  # read by resolver_names
    resolve.with_sets = lambda codes: database_resolver(codes, url)  # type: ignore[attr-defined]  # run_file
    return resolve


def card_names(names: Any) -> list[str]:
    """The card names (as printed, each once) of ``names``: a
    :class:`munchkin_lab.engine.lang.names.Names` (:func:`resolver_names` merged with a
    scenario's inline cards: ``cards.effect_schema.names_of``); what an "unknown card"
    message suggests from (``munchkin_lab.suggest.did_you_mean``)."""
    by_kind = getattr(names, "by_kind", None) or {}
    return list(dict.fromkeys(n for d in by_kind.values() for n in d.values()))


def suggestable(cards: Any, base: Any) -> list[str]:
    """The card names an "unknown card" message of a scenario may suggest: its inline
    ``cards`` (mappings with a ``name``) and the cards of ``base`` (:func:`resolver_names`:
    the database the resolver reads; None - another resolver - adds none, since that
    resolver may not find them)."""
    inline = [str(c["name"]) for c in (cards if isinstance(cards, list) else []) if isinstance(c, dict) and "name" in c]
    return list(dict.fromkeys(inline + (card_names(base) if base is not None else [])))


def resolver_names(resolver: Resolver | None) -> Any:
    """The names a scenario's inline cards may refer to when its other cards come from
    ``resolver``: those of the database a :func:`database_resolver` reads (shipped and
    designer sets, :func:`munchkin_lab.cards.designer.known_names`), so that an inline Item
    usable by a designer set's Race is accepted; ``None`` (the shipped sets' names) for
    another resolver or a database that cannot be read (reading the cards then reports it)."""
    known = getattr(resolver, "known_names", None)
    if known is None:
        return None
    try:
        return known()
    except Exception:  # noqa: BLE001 - the resolver's own read names the database problem
        return None


def inline_card(card: dict, where: str = "card", names: Any = None) -> CardSpec:
    """The :class:`CardSpec` of an inline scenario card, checked by the card-file schema
    (:class:`munchkin_lab.cards.files.ScenarioCard`: strict types, bounds, effects).
    ``names``: what the names in its effects and ``usable_by`` must name
    (:func:`munchkin_lab.cards.effect_schema.names_of`: the shipped sets' and the scenario's
    inline cards; default the shipped sets' and this card's own).

    Raises:
        ScenarioError: every problem of the card, naming ``where``, the card and the key.
    """
    from pydantic import ValidationError

    from ..cards.effect_schema import names_of
    from ..cards.files import ScenarioCard, _describe

    if names is None:
        names = names_of([card])
    try:
        return ScenarioCard.model_validate(card, context={"names": names}).spec()
    except ValidationError as e:
        msgs = []
        for err in e.errors(include_url=False):
            fld, msg = _describe(err, ScenarioCard)
            msgs.append(f"{fld}: {msg}" if fld else msg)
        raise ScenarioError(f"{where} ({card.get('name')}): " + "; ".join(msgs)) from None
    except (TypeError, ValueError) as e:
        raise ScenarioError(f"{where} ({card.get('name')}): {e}") from None


def _as_list(v: Any, where: str) -> list:
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if not isinstance(v, list):
        raise ScenarioError(f"{where}: expected a list of card names")
    return v


def build_game(sc: dict, resolver: Resolver | None = None) -> Game:
    """Build the start position of scenario ``sc`` (see README). Cards named in zones become
    new card instances; inline ``cards`` win over the database.

    Raises:
        ScenarioError: unknown card, bad field.
    """
    from ..cards.effect_schema import names_of

    where = sc.get("_path", "scenario")
    inline: dict[str, CardSpec] = {}
    cards = sc.get("cards") or []
    # an inline Race may be named by another card, and so may a designer set's Race
    base = resolver_names(resolver)
    names = names_of(cards if isinstance(cards, list) else [], base=base)
    for i, cd in enumerate(cards):
        if not isinstance(cd, dict) or "name" not in cd:
            raise ScenarioError(f"{where}: cards[{i}]: a card mapping with at least name, kind, deck")
        inline[str(cd["name"]).lower()] = inline_card(cd, f"{where}: cards[{i}]", names)
    db = resolver

    # every unknown card and a repeated player name, reported together at the end of the zones
    problems: list[str] = []

    def spec(name: Any, field: str) -> CardSpec | None:
        if not isinstance(name, str):
            raise ScenarioError(f"{where}: {field}: card names are strings, got {name!r}")
        sp = inline.get(name.lower())
        if sp is None and db is not None:
            sp = db(name)
        if sp is None:
            from ..suggest import did_you_mean

            problems.append(f"{field}: unknown card {name!r}{did_you_mean(name, suggestable(cards, base))} "
                            "(not inline, not in the database)")
        return sp

    specs: list[CardSpec] = []
    zones: list[tuple[str, Any, int]] = []

    def add(name: str, field: str, zone: str, owner: Any) -> None:
        sp = spec(name, field)
        if sp is not None:
            specs.append(sp)
            zones.append((zone, owner, len(specs) - 1))

    players = sc["players"]
    pnames = []
    for i, pd in enumerate(players):
        f = f"players[{i}]"
        if not isinstance(pd, dict) or "name" not in pd:
            raise ScenarioError(f"{where}: {f}: a mapping with at least a name")
        bad = set(pd) - PLAYER_FIELDS
        if bad:
            raise ScenarioError(f"{where}: {f}: unknown field(s) {sorted(bad)}")
        pnames.append((str(pd["name"]), pd.get("gender", "male")))
        for key, zone in (("race", "races"), ("races", "races"), ("class", "classes"),
                          ("classes", "classes"), ("hand", "hand"), ("equipped", "equipped"),
                          ("carried", "carried"), ("curses", "curses"),
                          ("half_breed", "half_breed"), ("super_munchkin", "super_munchkin")):
            for j, nm in enumerate(_as_list(pd.get(key), f"{where}: {f}.{key}")):
                add(nm, f"{f}.{key}[{j}]", zone, i)
    for key in ("decks", "discards"):
        piles = sc.get(key) or {}
        if not isinstance(piles, dict):
            raise ScenarioError(f"{where}: {key}: a mapping of pile name to card names (top first)")
        for pile, listed in piles.items():
            for j, nm in enumerate(_as_list(listed, f"{where}: {key}.{pile}")):
                add(nm, f"{key}.{pile}[{j}]", key, pile)
    twice = sorted({n for n, _ in pnames if [m for m, _ in pnames].count(n) > 1})
    if twice:  # (Game.new's own check, said with the unknown cards rather than after them)
        problems.insert(0, f"players: names must be distinct ({', '.join(repr(n) for n in twice)} twice)")
    if problems:
        raise ScenarioError(f"{where}: " + "; ".join(problems))
    opts = dict(sc.get("options") or {})
    try:
        opts["modules"] = tuple(opts.get("modules") or ())
        opts["setup_window"] = False
        options = GameOptions(**opts)
    except TypeError as e:
        raise ScenarioError(f"{where}: options: {e}") from None
    try:
        g = Game.new(players=pnames, deck=specs, seed=int(sc.get("seed", 0)), options=options,
                     deal=False)
    except ValueError as e:
        raise ScenarioError(f"{where}: {e}") from None
    s = g.state
    for k in s.decks:
        s.decks[k] = []
    for k in s.discards:
        s.discards[k] = []
    # what the first turn's start did inside Game.new before the position is placed (a
    # turn_start ability of a card the set-up put in play drew a card): undone, the position
    # below is the whole start
    for p in s.players:
        p.hand, p.equipped, p.carried = [], [], []
    s.pending = []
    s.ledger = type(s.ledger)()
    g._log.clear()
    for zone, owner, cid in zones:
        if zone in ("decks", "discards"):
            pile = getattr(s, zone).setdefault(owner, [])
            if zone == "decks":
                s.decks.setdefault(owner, [])
                s.discards.setdefault(owner, [])
            else:
                s.decks.setdefault(owner, [])
            pile.insert(0, cid) if zone == "decks" else pile.append(cid)
        else:
            p = s.players[owner]
            if zone in ("half_breed", "super_munchkin"):
                setattr(p, zone, cid)
            else:
                getattr(p, zone).append(cid)
    for k, v in s.discards.items():
        v.reverse()  # listed top first; stored top last
    for i, pd in enumerate(players):
        p = s.players[i]
        if "level" in pd:
            if not isinstance(pd["level"], int) or not 1 <= pd["level"] <= 10:
                raise ScenarioError(f"{where}: players[{i}].level: an integer 1..10")
            p.level = pd["level"]
        p.alive = bool(pd.get("alive", True))
    names = [n for n, _ in pnames]
    s.active = _seat(sc.get("active", 0), names, f"{where}: active")
    s.turn = int(sc.get("turn", 1))
    s.phase = sc.get("phase", "start")
    if s.phase not in ("start", "trouble", "end", "setup"):
        raise ScenarioError(f"{where}: phase: start, trouble, end or setup")
    s.setup_seat = s.active
    s.forced = [int(x) for x in (sc.get("forced_dice") or [])]
    check_position(g, players, where)
    g.begin()
    if sc.get("deal"):  # the opening deal from the decks listed (Game._deal), after the hands listed
        for p in s.players:
            g._deal(p)
        g.begin()
    return g


#: The card kind each player zone of a scenario holds (README, ``players``).
ZONE_KINDS = {"races": ("race",), "classes": ("class",), "curses": ("curse",), "equipped": ("item",),
              "carried": ("item", "one_shot", "fairy_dust")}
#: The table zones hold Items only, as the engine counts them (``Items._lasting_item`` in use,
#: ``Items._is_item`` carried): a Fairy Dust card with a Gold value is one, in use or carried;
#: one without a value is no Item and never on the table (Munchkin Fairy Dust rules, Getting
#: Fairy Dust Cards).
_ITEM_ZONES = {"equipped": "_lasting_item", "carried": "_is_item"}
_ZONE_FIELDS = {"races": ("race", "races"), "classes": ("class", "classes"), "curses": ("curses",),
                "equipped": ("equipped",), "carried": ("carried",)}


def check_position(g: Game, players: list, where: str = "scenario") -> None:
    """Refuse a start position the rules cannot reach: a zone holding a card of the wrong kind
    (Potted Plant equipped, Huge Rock as a Curse; ``carried`` holds Items and One-Shots on the
    table, ``equipped`` Items in use - a Fairy Dust card with a value among them, one without
    none: :data:`_ITEM_ZONES`), Items in use beyond the slots (two Huge Rocks and a Chainsaw: two hands)
    or a second Big item in use without a Dwarf. The rules are the engine's own public helpers
    (``Game.why_slot``, ``Game.big_ok``; core rules, 9. Treasures and Items), asked Item by Item
    as if they were put in use in order. Race/class restrictions are not checked (a scenario
    may hold an Item its player cannot use, e.g. to sell it).

    Raises:
        ScenarioError: ``<file>: players[i].<field>[j]: <card>: <why>``.
    """
    s = g.state

    def field(i: int, zone: str, j: int) -> str:
        pd = players[i] if i < len(players) and isinstance(players[i], dict) else {}
        keys = [k for k in _ZONE_FIELDS[zone] if pd.get(k) is not None]
        key = keys[0] if keys else zone
        return f"players[{i}].{key}" + (f"[{j}]" if isinstance(pd.get(key), list) else "")

    for i, p in enumerate(s.players):
        for zone, kinds in ZONE_KINDS.items():
            for j, c in enumerate(getattr(p, zone)):
                kind = g.specs[c].kind
                if zone in _ITEM_ZONES and kind == "fairy_dust":
                    if getattr(g, _ITEM_ZONES[zone])(c):
                        continue
                    raise ScenarioError(f"{where}: {field(i, zone, j)}: {g.specs[c].name} is Fairy Dust without a "
                                        f"value, not an Item: it cannot be in {zone}")
                if kind not in kinds:
                    raise ScenarioError(f"{where}: {field(i, zone, j)}: {g.specs[c].name} is a {kind.replace('_', ' ')}, "
                                        f"not a {' or '.join(kinds)}: it cannot be in {zone}")
        in_use, carried = list(p.equipped), list(p.carried)
        p.equipped, p.carried = [], []  # put in use one by one; carried Items are not in use
        try:
            for j, c in enumerate(in_use):
                why = g.why_slot(i, c)
                if why is None and g.specs[c].big and not g.big_ok(i, c):
                    why = "a second Big item in use, and the player is no Dwarf (core rules, 9. Treasures and Items)"
                if why is not None:
                    raise ScenarioError(f"{where}: {field(i, 'equipped', j)}: {g.specs[c].name} cannot be in use: {why}")
                p.equipped.append(c)
        finally:
            p.equipped, p.carried = in_use, carried


def _seat(v: Any, names: list[str], field: str) -> int:
    if isinstance(v, int) and 0 <= v < len(names):
        return v
    if isinstance(v, str) and v in names:
        return names.index(v)
    raise ScenarioError(f"{field}: unknown player {v!r} (players: {names})")


def get_path(d: Any, path: str) -> Any:
    """Follow a dotted path in a ``state_dict()``: ``players.Arek.level``, ``players.0.hand``,
    ``combat.monsters.0.strength``; a trailing ``#`` gives the length (``players.0.hand#``).
    List items are picked by index or by their ``name`` field.

    Raises:
        KeyError: the path does not exist (message names the missing part).
    """
    count = path.endswith("#")
    if count:
        path = path[:-1]
    cur = d
    for part in path.split("."):
        if isinstance(cur, dict):
            if part not in cur:
                raise KeyError(f"{path}: no {part!r}")
            cur = cur[part]
        elif isinstance(cur, list):
            if part.lstrip("-").isdigit():
                idx = int(part)
                if not -len(cur) <= idx < len(cur):
                    raise KeyError(f"{path}: index {part} out of range")
                cur = cur[idx]
            else:
                found = [x for x in cur if isinstance(x, dict) and x.get("name") == part]
                if not found:
                    raise KeyError(f"{path}: no item named {part!r}")
                cur = found[0]
        else:
            raise KeyError(f"{path}: cannot go into {part!r}")
    return len(cur) if count else cur


#: every zone a card of a player may be in (a refused step's card: :func:`make_action`, ``anywhere``)
_PLAYER_ZONES = ("hand", "in_play", "races", "classes", "curses", "front")


def _anywhere(g: Game, seat: int, name: Any) -> list[int]:
    """Cards named ``name`` anywhere a refused step may name them: ``seat``'s zones first,
    then the other players' (hand, play, Races, Classes, Curses, in front), then the draw piles."""
    if isinstance(name, int):
        return [name]
    s = g.state
    low = str(name).lower()
    out = [c for q in [seat] + [q for q in range(len(s.players)) if q != seat]
           for c in _all_named(g, q, low, _PLAYER_ZONES)]
    return out + [c for pile in s.decks.values() for c in pile if g.specs[c].name.lower() == low]


def _nowhere(field: str, name: Any) -> ScenarioError:
    return ScenarioError(f"{field}: {name!r} is nowhere in the game (a refusal is judged by the engine: "
                         f"the card must be in some zone)")


def _find_card(g: Game, seat: int, name: Any, zones: tuple[str, ...], field: str, anywhere: bool = False) -> int:
    """The card named ``name`` in ``seat``'s ``zones`` (its id; an int is an id already);
    ``anywhere``: else anywhere :func:`_anywhere` looks (a step that expects a refusal may
    name a card the actor does not hold: the engine, not the runner, refuses it)."""
    if anywhere:
        try:
            return _find_card(g, seat, name, zones, field)
        except ScenarioError:
            hit = _anywhere(g, seat, name)
            if not hit:
                raise _nowhere(field, name) from None
            return hit[0]
    if isinstance(name, int):
        return name
    if not isinstance(name, str):
        raise ScenarioError(f"{field}: expected a card name")
    s = g.state
    p = s.players[seat]
    low = name.lower()
    seen: list[str] = []  # the names in those zones, for a "did you mean"
    for z in zones:
        if z == "pending":
            ids = list(g.choice_options(s.pending[0])) if s.pending and s.pending[0]["kind"] == "choose" else []
            if s.pending and s.pending[0]["kind"] == "manual":
                ids = [s.pending[0]["card"]]
        elif z == "in_play":
            ids = p.equipped + p.carried
        elif z == "front":  # a Hireling, Cheat!, Half-Breed, Super Munchkin, a Character in front of the player
            ids = _front(g, seat)
        elif z.startswith("deck:"):  # a card in a draw pile (a Character card not in use)
            ids = s.decks.get(z[5:], [])
        else:
            ids = getattr(p, z)
        for c in ids:
            if z == "pending" and g._blind_hand(s.pending[0], c):
                # a card taken blind from a hand (Hippogriff) is named as the view names it
                if low == BLIND_HAND:
                    return c
                continue
            if g.specs[c].name.lower() == low:
                return c
            seen.append(g.specs[c].name)
    from ..suggest import did_you_mean

    raise ScenarioError(f"{field}: {name!r} not found in {g.state.players[seat].name}'s {'/'.join(zones)}"
                        + did_you_mean(name, list(dict.fromkeys(seen))))


def _monster_index(g: Game, v: Any, field: str, anywhere: bool = False) -> int:
    """The index in the combat of the monster named ``v`` (an int is an index already);
    ``anywhere`` (a refused step): a monster card of the game that is not in the combat (sent
    away, never there) gives the index past the last monster - the engine refuses it."""
    if isinstance(v, int):
        return v
    c = g.state.combat
    if c is not None:
        for i, m in enumerate(c.monsters):
            if g.specs[m].name.lower() == str(v).lower():
                return i
    if anywhere:
        if not any(g.specs[x].kind == "monster" for x in g.card_ids(str(v))):
            raise ScenarioError(f"{field}: no monster card {v!r} in the game")
        return len(c.monsters) if c is not None else 0
    if c is None:
        raise ScenarioError(f"{field}: no combat")
    raise ScenarioError(f"{field}: no monster {v!r} in the combat")


def make_action(g: Game, step: dict, field: str) -> Action:
    """Turn a scenario step into an :class:`Action` (names resolved in the actor's zones; for a
    step with ``expect_error``, a card elsewhere too: the engine is to refuse it)."""
    anywhere = bool(step.get("expect_error"))
    names = [p.name for p in g.state.players]
    if "text" in step:
        try:
            return Action.parse(step["text"])
        except ValueError as e:
            raise ScenarioError(f"{field}.text: {e}") from None
    if "actor" not in step or "action" not in step:
        raise ScenarioError(f"{field}: a step needs actor and action (or text, or only expect)")
    seat = _seat(step["actor"], names, f"{field}.actor")
    kind = step["action"]
    if kind not in KINDS:
        from ..suggest import did_you_mean

        raise ScenarioError(f"{field}.action: unknown action {kind!r}{did_you_mean(str(kind), KINDS)} "
                            f"(known: {', '.join(KINDS)})")
    kw: dict[str, Any] = {}
    card_zones = {
        "play": ("hand", "carried"), "trouble": ("hand",), "join": ("hand",), "equip": ("carried",),
        "unequip": ("equipped",), "discard": ("races", "classes", "front"), "give": ("in_play",),
        "trade": ("in_play",),
        "berserk": ("hand", "in_play", "races", "classes", "front"),
        "flight": ("hand", "in_play", "races", "classes", "front"),
        "turning": ("hand", "in_play", "races", "classes", "front"),
        "backstab": ("hand", "in_play", "races", "classes", "front"),
        "steal": ("hand", "in_play", "races", "classes", "front"), "choose": ("pending",),
        "charity": ("hand",), "resolve": ("pending",), "evade": ("in_play", "hand"),
        "character": ("deck:character",),  # Scooby-Doo: a Character card not in use
    }
    if "card" in step and kind == "use":
        kw["card"] = _use_card(g, seat, step["card"], f"{field}.card", anywhere)
    elif "card" in step:
        kw["card"] = _find_card(g, seat, step["card"], card_zones.get(kind, ("hand",)), f"{field}.card", anywhere)
    if "target" in step:
        t = step["target"]
        kw["target"] = -1 if t in (None, "discard") else _seat(t, names, f"{field}.target")
    elif kind == "resolve":
        kw["target"] = seat
    elif kind == "charity":
        kw["target"] = -1
    if "side" in step:
        if step["side"] not in ("munchkin", "munchkins", "monster", "monsters"):
            raise ScenarioError(f"{field}.side: munchkin or monster")
        # (a use action names its ability in n: the side, the monster, go in m)
        kw["m" if kind == "use" else "n"] = 1 if step["side"].startswith("monster") else 0
    if "monster" in step:
        kw["m" if kind == "use" else "n"] = _monster_index(g, step["monster"], f"{field}.monster", anywhere)
    if "treasures" in step:
        kw["n"] = int(step["treasures"])
    if "n" in step:
        kw["n"] = int(step["n"])
    if "helper_first" in step:
        kw["m"] = 1 if step["helper_first"] else -1
    if "with" in step:
        zones = ("hand",) if kind == "play" and g.specs[kw.get("card", 0)].effects.get("wandering_monster") else ("in_play", "hand")
        if kind in ("steal", "trade"):  # the Item of the target's play (stolen, or traded for)
            tgt = kw.get("target", -1)
            if tgt < 0:
                raise ScenarioError(f"{field}.target: {kind} needs a target")
            kw["m"] = _find_card(g, tgt, step["with"], ("in_play",), f"{field}.with", anywhere)
        elif kind == "play" and g.specs[kw.get("card", 0)].effects.get("cancel_curse"):
            # the Curse to end may stay on any player (Wishing Ring)
            owners = [seat] + [q for q in range(len(names)) if q != seat]
            kw["m"] = next((c for q in owners for c in g.state.players[q].curses
                            if g.specs[c].name.lower() == str(step["with"]).lower()), None)
            if kw["m"] is None:
                raise ScenarioError(f"{field}.with: no player has the Curse {step['with']!r}")
        elif kind == "play" and g.specs[kw.get("card", 0)].effects.get("take_item"):
            # the item lies in front of the target player (Help Me Out Here!)
            tgt = kw.get("target", -1)
            if tgt < 0:
                raise ScenarioError(f"{field}.target: Help Me Out Here! needs a target")
            kw["m"] = _find_card(g, tgt, step["with"], ("in_play",), f"{field}.with", anywhere)
        elif kind == "play" and g.specs[kw.get("card", 0)].effects.get("take_discard"):
            # the card to take lies in a discard pile (Wand of Dowsing)
            kw["m"] = next((c for pile in g.state.discards.values() for c in reversed(pile)
                            if g.specs[c].name.lower() == str(step["with"]).lower()), None)
            if kw["m"] is None:
                raise ScenarioError(f"{field}.with: {step['with']!r} is in no discard pile")
        else:
            kw["m"] = _find_card(g, seat, step["with"], zones, f"{field}.with", anywhere)
    if "cards" in step:
        zones = ("hand", "in_play", "front")
        owner = kw.get("target", seat) if kind == "resolve" else seat
        ids = []
        for j, nm in enumerate(_as_list(step["cards"], f"{field}.cards")):
            pool = [c for c in (_all_named(g, owner, nm, zones)) if c not in ids]
            if not pool and kind in ("use", "play"):  # chosen rooms: tiles on the grid
                pool = [c for c in _grid_named(g, nm) if c not in ids]
            if not pool and anywhere:  # a refused step: a card of no zone of the owner's (a Race paying for itself)
                pool = [c for c in _anywhere(g, owner, nm) if c not in ids]
                if not pool:
                    raise _nowhere(f"{field}.cards[{j}]", nm)
            if not pool:
                raise ScenarioError(f"{field}.cards[{j}]: {nm!r} not found")
            ids.append(pool[0])
        kw["cards"] = tuple(ids)
    if "double" in step:
        kw["n"] = _find_card(g, seat, step["double"], ("hand", "in_play"), f"{field}.double", anywhere)
    if "mode" in step:
        kw["cards"] = (_mode_index(g, kw.get("card", -1), step["mode"], f"{field}.mode"),)
    return Action(seat, kind, **kw)


def _mode_index(g: Game, card: int, mode: Any, field: str) -> int:
    """The index (in the card's program) of the mode named ``mode`` - the ``label`` of one of
    the card's alternative ``played`` abilities (a card with modes is played with
    ``cs=(<index>,)``: engine/lang/README.md, Costs, limits, actions)."""
    modes = g._modes(card) if g._lang and 0 <= card < len(g.specs) else ()
    labels = {str(g._prog[card].abilities[i].label).lower(): i for i in modes}
    i = labels.get(str(mode).lower())
    if i is None:
        known = ", ".join(repr(g._prog[card].abilities[j].label) for j in modes) or "none"
        raise ScenarioError(f"{field}: {mode!r} is not a mode of {g._cn(card)} (modes: {known})")
    return i


def _grid_named(g: Game, name: str) -> list[int]:
    """Room tiles named ``name`` on the Star Munchkin Adventures grid (``rooms`` module)."""
    ms = g.state.module_state.get("rooms") or {}
    low = str(name).lower()
    return [r["tile"] for r in (ms.get("grid") or {}).values()
            if r.get("tile", -1) >= 0 and g.specs[r["tile"]].name.lower() == low]


def _use_card(g: Game, seat: int, name: Any, field: str, anywhere: bool = False) -> int:
    """The card of a ``use`` step: the card of the actor's pending ``react`` decision, else one
    of the actor's cards (in play, Races, Classes, Curses, hand), else a monster or Monster
    Enhancer in the combat, else a room tile on the grid, else a Dungeon in play
    (the card-effect language: abilities of cards in play, ``engine/lang_actions.py``);
    ``anywhere`` (a refused step): else another player's card or one in a draw pile."""
    if isinstance(name, int):
        return name
    s = g.state
    low = str(name).lower()
    for d in s.pending:
        if d.get("kind") == "react" and d.get("player") == seat and g.specs[d["card"]].name.lower() == low:
            return d["card"]
    zones = ("in_play", "front", "races", "classes", "curses", "hand")
    c = s.combat
    fight = [x for i, m in enumerate(c.monsters) for x in (m, *c.enh[i])] if c is not None else []
    hit = (_all_named(g, seat, name, zones) or [x for x in fight if g.specs[x].name.lower() == low]
           or _grid_named(g, name)
           or [d for d in ((s.module_state or {}).get("scooby_doo") or {}).get("in_play", ())
               if g.specs[d].name.lower() == low])
    if not hit and anywhere:
        hit = _anywhere(g, seat, name)
        if not hit:
            raise _nowhere(field, name)
    if not hit:
        raise ScenarioError(f"{field}: {name!r} not found in {s.players[seat].name}'s "
                            f"{'/'.join(zones)}, in the combat, on the room grid nor among the Dungeons in play")
    return hit[0]


def _front(g: Game, seat: int) -> list[int]:
    """A Hireling, Cheat!, Half-Breed or Super Munchkin in front of player ``seat``, and a
    rules module's cards there (a Scooby-Doo Character card: ``RulesModule.seat_cards``)."""
    p = g.state.players[seat]
    return [c for c in (p.hireling, p.cheat, p.half_breed, p.super_munchkin) if c >= 0] + [
        c for m in g.modules for c in m.seat_cards(g, seat).values() if c >= 0]


def _all_named(g: Game, seat: int, name: str, zones) -> list[int]:
    """Cards named ``name`` of ``seat`` in ``zones`` (``in_play``: items in use and carried;
    ``front``: :func:`_front`; else a zone of ``PlayerState``)."""
    p = g.state.players[seat]
    out = []
    for z in zones:
        if z == "front":
            ids = _front(g, seat)
        else:
            ids = p.equipped + p.carried if z == "in_play" else getattr(p, z)
        out += [c for c in ids if g.specs[c].name.lower() == str(name).lower()]
    return out


def _check_expect(g: Game, exp: Any, field: str) -> str | None:
    if not isinstance(exp, dict):
        raise ScenarioError(f"{field}: expect is a mapping of dotted paths to values")
    sd = g.state_dict()
    for path, want in exp.items():
        try:
            got = get_path(sd, str(path))
        except KeyError as e:
            return f"{field}: {e.args[0]}"
        if got != want:
            return f"{field}: {path}: expected {want!r}, got {got!r}"
    return None


def run_scenario(sc: dict, resolver: Resolver | None = None) -> ScenarioResult:
    """Run one parsed scenario; a failed expectation or unexpected refusal is a FAIL result.

    Raises:
        ScenarioError: malformed steps, unknown cards or players.
    """
    path = sc.get("_path", "<scenario>")
    name = str(sc.get("name"))
    g = build_game(sc, resolver)
    inline = {str(cd.get("name")).lower() for cd in sc.get("cards") or [] if isinstance(cd, dict)}

    def unknown_cards(step: dict) -> list[str]:
        """Card names of a step that are neither inline nor in the database."""
        names = [step.get(k) for k in ("card", "with", "double")]
        names += _as_list(step.get("cards"), "cards") if isinstance(step.get("cards"), (str, list)) else []
        return [n for n in names if isinstance(n, str) and n.lower() not in inline and n.lower() != BLIND_HAND
                and (resolver is None or resolver(n) is None)]
    steps = sc.get("steps") or []
    if not isinstance(steps, list):
        raise ScenarioError(f"{path}: steps: a list")
    lines = sc.get("_step_lines") or []
    for i, step in enumerate(steps, 1):
        field = f"step {i}"
        at = f"{path}:{lines[i - 1]}" if i <= len(lines) and lines[i - 1] else path  # file:line, as card files
        if not isinstance(step, dict):
            raise ScenarioError(f"{at}: {field}: a mapping")
        bad = set(step) - STEP_FIELDS
        if bad:
            raise ScenarioError(f"{at}: {field}: unknown field(s) {sorted(bad)}")
        if "dice" in step:
            g.state.forced.extend(int(x) for x in _as_list(step["dice"], f"{field}.dice"))
        for _ in range(int(step.get("undo", 0))):
            g.undo()
        for _ in range(int(step.get("redo", 0))):
            g.redo()
        if "action" in step or "text" in step:
            missing = unknown_cards(step)
            if missing:
                from ..suggest import did_you_mean

                what = " (a refusal cannot be expected for a card that does not exist)" if step.get("expect_error") else ""
                # the game's cards first, then every card the scenario could name
                close = did_you_mean(missing[0], list(dict.fromkeys(
                    [sp.name for sp in g.specs] + suggestable(sc.get("cards"), resolver_names(resolver)))))
                return ScenarioResult(False, name, path, f"{field}: unknown card {missing[0]!r}{close} "
                                                         f"(not inline, not in the database){what}")
            a = make_action(g, step, f"{at}: {field}")  # (a card not found: the step fails)
            err = step.get("expect_error")
            before = g.state_dict()
            try:
                g.play(a)
            except IllegalActionError as e:
                if not err:  # (the rule's words, without the action's internal text the error starts with)
                    why = str(e).removeprefix(f"{a}: ")
                    return ScenarioResult(False, name, path, f"{field} ({_words(g, a)}): refused: {why}"
                                                             f"{_missing_field_hint(g, step, a)}")
                if isinstance(err, str) and err.lower() not in str(e).lower():
                    return ScenarioResult(False, name, path, f"{field}: refusal {str(e)!r} lacks {err!r}")
                if g.state_dict() != before:
                    return ScenarioResult(False, name, path, f"{field}: refused action changed the state")
            else:
                if err:
                    return ScenarioResult(False, name, path, f"{field} ({g.describe(a)}): expected a refusal, it was played")
        if "expect" in step:
            diff = _check_expect(g, step["expect"], field)
            if diff:
                return ScenarioResult(False, name, path, diff)
    if "expect" in sc:
        diff = _check_expect(g, sc["expect"], "final")
        if diff:
            return ScenarioResult(False, name, path, diff)
    return ScenarioResult(True, name, path)


def _words(g: Game, a: Action) -> str:
    """The step's action in the game's words (``Game.describe``), never its internal text."""
    try:
        return g.describe(a)
    except Exception:  # noqa: BLE001 - a label must never hide the refusal itself
        return str(a)


def _missing_field_hint(g: Game, step: dict, a: Action) -> str:
    """What the step lacks when the engine refused it for want of a field: a Curse-cancelling
    card (Wishing Ring) played while no Curse is being played ends a Curse that stays on a
    player, named in ``with:``."""
    c = a.card
    if (a.kind == "play" and "with" not in step and 0 <= c < len(g.specs)
            and (g.specs[c].effects or {}).get("cancel_curse")):
        staying = [g.specs[x].name for q in g.state.players for x in q.curses]
        if staying:
            return (f" (the step has no `with:`: name the Curse that stays on a player to end it, "
                    f"e.g. with: {staying[0]})")
    return ""


def run_file(path: str | Path, resolver: Resolver | None = None) -> ScenarioResult:
    """Load and run one file. Never raises for a bad file (only ``KeyboardInterrupt`` and
    the like pass): every problem becomes a FAIL result naming the field or step. A file
    with ``game: solar_storm`` is run by :func:`munchkin_lab.scenarios.solar.run`. A binary
    file gives ``FAIL path: not a text file (...)``. The file's ``sets:`` names the sets whose
    cards its names mean first when ``resolver`` is a :func:`database_resolver` (or None: the
    default database); another resolver resolves as it does. A ``RecursionError`` while the
    file is read says it is nested too deeply; one while its steps are played says the engine
    failed, with the error."""
    try:
        _read_text(Path(path))
    except UnicodeDecodeError as e:
        return ScenarioResult(False, "", str(path), _not_text(e))
    except OSError:
        pass  # reported by load_scenario
    try:
        solar = _solar_data(path)
        if solar is not None:
            return _run_solar(path, solar)
        sets = _sets_of(path)
        if resolver is None:
            resolver = database_resolver(sets)
        elif sets and hasattr(resolver, "with_sets"):  # a database resolver: the file's sets first
            resolver = resolver.with_sets(sets)
        sc = load_scenario(path, resolver_names(resolver))
        try:
            return run_scenario(sc, resolver)
        except RecursionError as e:  # the file was read: the engine (or a check) recursed
            return ScenarioResult(False, str(sc.get("name") or Path(path).stem), str(path), _engine_failed(e))
    except ScenarioError as e:
        return ScenarioResult(False, _name_of(path), str(path), f"error: {e}")
    except RecursionError:
        return ScenarioResult(False, _name_of(path), str(path), "error: the scenario is nested too deeply")
    except Exception as e:  # noqa: BLE001 - documented: a bad file is a FAIL result, never an exception
        return ScenarioResult(False, _name_of(path), str(path), f"error: {type(e).__name__}: {e}")


def _name_of(path: str | Path) -> str:
    """The scenario's ``name:`` when the file reads and has one (a text), else the file's stem:
    the name of a FAIL line, as of a PASS line."""
    try:
        data, _doc = _parse(Path(path))
    except Exception:  # noqa: BLE001 - unreadable: the stem
        return Path(path).stem
    name = data.get("name") if isinstance(data, dict) else None
    return name.strip() if isinstance(name, str) and name.strip() else Path(path).stem


def _engine_failed(e: BaseException) -> str:
    """The FAIL reason of an exception raised while the file's steps were played (not while it
    was read): the engine failed, with its error - never blamed on the file."""
    return f"error: the engine failed: {type(e).__name__}: {e}"


def _sets_of(path: str | Path) -> list[str] | None:
    """The scenario file's ``sets:`` (the sets whose cards its names mean first,
    :func:`database_resolver`) when it is a list of set codes, else None (a malformed field is
    reported by :func:`load_scenario`)."""
    try:
        data, _doc = _parse(Path(path))
    except ScenarioError:
        return None
    sets = data.get("sets") if isinstance(data, dict) else None
    if isinstance(sets, list) and sets and all(isinstance(x, str) for x in sets):
        return sets
    return None


def _solar_data(path: str | Path) -> dict | None:
    """The parsed file when it is a Solar Storm scenario (``game: solar_storm``), else None
    (read safely; problems are reported by :func:`load_scenario`)."""
    try:
        data, _doc = _parse(Path(path))
    except ScenarioError:
        return None
    if isinstance(data, dict) and data.get("game") == "solar_storm":
        return data
    return None


def _run_solar(path: str | Path, data: dict) -> ScenarioResult:
    from . import solar

    name = str(data.get("name") or Path(path).stem)
    try:
        solar.run_data(data, path)
    except solar.ScenarioFailure as e:
        return ScenarioResult(False, name, str(path), str(e))
    except RecursionError as e:  # the file was read with its depth limit: the engine recursed
        return ScenarioResult(False, name, str(path), _engine_failed(e))
    except Exception as e:  # noqa: BLE001 - a bad file is a FAIL result, never an exception
        return ScenarioResult(False, name, str(path), f"error: {type(e).__name__}: {e}")
    return ScenarioResult(True, name, str(path))
