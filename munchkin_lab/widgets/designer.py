"""The card editor's side of designer cards: saving the form (through
:mod:`munchkin_lab.cards.designer`, which owns the rules) and "try this card" positions.

Saving: :func:`save_designer_card` stores the form's fields as a designer card of a designer
set (never of a shipped set), with the ``row_version`` check: when another save came first,
:class:`EditConflictError` (no silent overwrite).

Trying: :func:`try_position` builds a scenario (the format of
``munchkin_lab/scenarios/README.md``) with the card where it acts at once, and
:func:`try_board` opens a :class:`~munchkin_lab.widgets.board.Board` on it: a monster is a
combat against it (P1 has kicked it), an item is equipped by P1 in a combat (its bonus counts), a
Curse has just been played
on P1 by P2, a Monster Enhancer sits in P1's hand before a combat, a One-Shot or Go Up a Level
card in P1's hand, a Dungeon is in play with a combat to feel it in, a Portal is in P1's hand
with practice Dungeons in play and in the Dungeon deck, a room tile is next to
START for P1 to enter, a Race or Class in P1's hand in a tied combat. A card with an ability
taken by an action (``when: use``, or a power such as Berserk) is tried where that ability is
offered, at once or once the card is played: in the fight, or while P1 runs away for an
ability used then (:func:`try_game`). Positions follow the core rules (7. Combat, 9. Items, 10. Curses) and
the expansions' set-up (Scooby-Doo rules, Dungeons; SMA rules, the grid).
"""
from __future__ import annotations

import re

from typing import Any, Mapping

from ..cards.designer import DesignerCardError, EditConflictError, save_card

__all__ = ["FIELDS", "DesignerCardError", "EditConflictError", "save_designer_card", "card_identity",
           "try_position", "try_game", "try_board", "TRY_KINDS"]

#: Fields of the editor (the set-file fields of a card).
FIELDS = ("name", "kind", "deck", "copies", "level", "treasures", "levels_gained", "bonus", "slot", "big", "gold",
          "version", "usable_by", "not_usable_by", "tags", "aliases", "source", "summary", "effects", "manual")


def _clean(values: Mapping[str, Any]) -> dict:
    """The form's values without empty ones (``None``, ``""``, empty lists and mappings)."""
    out = {}
    for k, v in values.items():
        if k not in FIELDS:
            continue
        if v is None or (isinstance(v, str) and not v.strip()) or (isinstance(v, (list, dict)) and not v):
            continue
        out[k] = v
    return out


def save_designer_card(values: Mapping[str, Any], set_code: str, card_id: int | None = None,
                       row_version: int | None = None, url: str | None = None) -> tuple[int, int]:
    """Insert (``card_id=None``) or update a designer card from the editor's fields.

    Args:
        values: card fields (:data:`FIELDS`; empty ones are left out: a blank number is
            unknown, ``null``).
        set_code: a designer set (a shipped set is refused: presets never change).
        card_id, row_version: the card being edited and the version the editor read.
    Returns:
        ``(card_id, new row_version)``.
    Raises:
        DesignerCardError: invalid fields (named), unknown or shipped set, undeclared tag, a
            name that shadows another card or alias, not a designer card.
        EditConflictError: the card changed since ``row_version`` was read.
    """
    saved = save_card(_clean(values), set_code, card_id=card_id, row_version=row_version, url=url)
    return saved.id, saved.row_version


def card_identity(name: str, set_code: str, url: str | None = None) -> tuple[int, int, str]:
    """``(card id, row_version, origin)`` of card ``name`` in set ``set_code``.

    Raises:
        DesignerCardError: no such card.
    """
    from sqlalchemy import select

    from .. import config
    from ..cards.models import Card, CardSet

    engine = config.get_engine(url)
    with engine.connect() as conn:
        row = conn.execute(select(Card.id, Card.row_version, Card.origin).join(CardSet, CardSet.id == Card.set_id)
                           .where(CardSet.code == set_code, Card.name == name)).first()
    if row is None:
        raise DesignerCardError(f"no card {name!r} in set {set_code!r}")
    return int(row[0]), int(row[1]), str(row[2])


# --------------------------------------------------------------------------- try it

#: Where "try this card" puts a card, by kind (what the board opens on).
TRY_KINDS = {
    "monster": "in a combat: P1 has just kicked it open (P1 wears practice gear, no bonus)",
    "item": "equipped by P1, in a combat against a Practice Dummy (see its bonus count)",
    "curse": "just played on P1 by P2 (P1 wears practice gear to lose)",
    "monster_enhancer": "in P1's hand, P1 in a combat (play it on the monster)",
    "one_shot": "in P1's hand, P1 in a combat",
    "go_up_a_level": "in P1's hand",
    "dungeon": "in play, P1 in a combat in it",
    "portal": "in P1's hand, a Practice Dungeon in play and three in the Dungeon deck (play it: own turn, "
              "out of combat)",
    "room_tile": "on the grid next to START (east); P1 moves in (a Practice Dummy waits there when the "
                 "room changes a fight)",
    "trap": "in the room east of START, face down: P1 has just moved in and it went off (see the story)",
    "fairy_dust": "in P1's hand, Fairy Dust on (play it on your own turn, out of combat)",
    "character": "P1's Character (Scooby-Doo), P1 in a combat against a Practice Dummy",
    "dungeon_manual": "in play, just revealed: the engine does not run it, so resolve it by hand first "
                      "(Resolve), then Kick Down the Door",
    "character_manual": "P1's Character (Scooby-Doo), dealt as at set-up: the engine does not run it, "
                        "so resolve it by hand first (Resolve), then Kick Down the Door",
    "ship_room": "in a Solar Storm ship with seven V2 rooms, P1 standing in it (a room whose action the "
                 "engine does not know is resolved by hand: Resolve)",
    "race": "in P1's hand, P1 in a combat against the Practice Rival, a monster of P1's own combat strength "
            "(a tie, which goes to the monster: play it, then fight or Run Away)",
    "class": "in P1's hand, P1 in a combat against the Practice Rival, a monster of P1's own combat strength "
             "(a tie, which goes to the monster: play it, then fight or Run Away)",
    "special": "in P1's hand, P1 in a combat",
}

_FOE = {"name": "Practice Dummy", "kind": "monster", "deck": "door", "level": 1, "treasures": 1}
#: The Practice Dummy's Level when P1 must be losing for the card to be played (try_position's
#: ``losing``): above any Level P1 is given plus practice gear and bonuses.
_BRUTE_LEVEL = 20
#: P1's worn gear when a monster or a Curse is tried: one item per slot, no bonus (P1's combat
#: strength stays their Level), so an effect that takes headgear, armor, footgear or an item in
#: the hands has something to take.
_GEAR = [{"name": f"Practice {n}", "kind": "item", "deck": "treasure", "slot": slot, "bonus": 0, "gold": 100}
         for n, slot in (("Helmet", "headgear"), ("Armor", "armor"), ("Boots", "footgear"), ("Club", "one_hand"))]
_TAG_ATOM = re.compile(r"tag:\s*([A-Za-z][\w' -]*)")
_LOOT = [{"name": f"Practice Coin {i}", "kind": "item", "deck": "treasure", "slot": "none", "gold": 100}
         for i in (1, 2, 3, 4)]
_DOOR_FILL = [{"name": f"Practice Door {i}", "kind": "curse", "deck": "door"} for i in (1, 2, 3, 4)]
#: P1's practice hand when the card's ability costs a card (``cost: [{discard: hand_card}]``,
#: ``card`` or the whole ``hand``): an empty hand never let its ``use`` be offered. Items worth
#: nothing with no slot and no bonus, so they change no combat strength.
_HAND = [{"name": f"Practice Pebble {i}", "kind": "item", "deck": "treasure", "slot": "none", "gold": 0}
         for i in (1, 2, 3)]
_HAND_COSTS = {"hand_card", "card", "hand"}
#: The Dungeons a Portal is tried with: one in play, three in the Dungeon deck (a Portal
#: discards the Dungeons in play and draws new ones: Scooby-Doo rules, Portals). No bonus and
#: nothing on reveal, so the Portal's own effect is all that shows; they carry an empty
#: ``dungeon`` part, else the engine would hand each to a person (a Dungeon without data).
_DUNGEONS = [{"name": f"Practice Dungeon {i}", "kind": "dungeon", "deck": "dungeon",
              "effects": {"dungeon": {"bonus_if": []}}} for i in (1, 2, 3, 4)]
#: The monster a Race or Class is tried against: P1's Level (set in :func:`try_position`), a
#: tie that the monster wins until the card changes it (core rules, 7. Combat: ties go to the monster).
_RIVAL = {"name": "Practice Rival", "kind": "monster", "deck": "door", "level": 3, "treasures": 1}
#: The room a trap is tried in (east of START; no rules of its own).
_ROOM = {"name": "Practice Room", "kind": "room_tile", "deck": "room_tile"}


def _costs_a_card(effects: Mapping[str, Any]) -> bool:
    """Whether an ability of ``effects`` pays a cost by discarding a card of the payer's
    (``discard: hand_card``, ``card`` or ``hand``; lang README, *Costs, limits, actions*)."""
    return any(str(v) in _HAND_COSTS for cost in _values_of(effects, "cost")
               for c in (cost if isinstance(cost, (list, tuple)) else [cost]) if isinstance(c, Mapping)
               for k, v in c.items() if k == "discard")


def _foe_tags(effects: Mapping[str, Any], names: Any) -> list[str]:
    """The tags the Practice Dummy carries: every tag the card's effects test (``tag:undead``
    atoms, a Dungeon's ``vs_tag`` entries), so that a Dungeon or an item with a bonus against
    Undead - or against a designer's own tag, such as ``Dragon`` - shows it on the try board.
    Spelled as declared (``names``: the :class:`~munchkin_lab.engine.lang.Names` the card
    was checked against: ``database/tags.yaml`` and the sets' own ``tags:``); the loader's
    derived tags (One-Shot, Big, Vehicle, Portal, Dungeon, V1, V2, ...) name other kinds of
    card and are left out. Returns the sorted names."""
    import json

    from ..cards.files import DERIVED_TAGS

    text = json.dumps(effects or {}, default=str)
    found = {m.strip() for m in _TAG_ATOM.findall(text)}
    found |= {str(v).strip() for v in _values(effects, "tag")}  # dungeon: {vs_tag: [{tag: ...}]}
    derived = {t.lower() for t in DERIVED_TAGS}
    standard = names.tags
    spelled = {t.lower(): standard.get(t.lower(), t) for t in found if t and t.lower() not in derived}
    return sorted(spelled.values())


def _values_of(doc: Any, key: str):
    """Every value under ``key`` anywhere in ``doc`` (mappings and lists walked)."""
    if isinstance(doc, Mapping):
        for k, v in doc.items():
            if k == key:
                yield v
            yield from _values_of(v, key)
    elif isinstance(doc, (list, tuple)):
        for v in doc:
            yield from _values_of(v, key)


def _values(doc: Any, key: str):
    """The text values under ``key`` anywhere in ``doc``."""
    return (v for v in _values_of(doc, key) if isinstance(v, str))


def _spec_of(card: Mapping[str, Any], set_code: str, url: str | None = None):
    """``(CardSpec of the designer card, the Names its effects were checked against)``: the
    names of the database ``url`` (designer sets too) and its own."""
    from ..cards.designer import card_model, engine_notes, known_names
    from ..cards.effect_schema import SHIPPED
    from ..engine import CardSpec

    try:  # the names its effects refer to: the database's (designer sets too) and its own
        names = known_names(url=url, cards=[(card.get("name"), card.get("kind"))]) \
            if isinstance(card, Mapping) else SHIPPED
    except Exception:  # noqa: BLE001 - no card database: the shipped sets' names
        names = SHIPPED
    model = card_model(card, names=names)
    fields = model.model_dump(exclude_none=True, exclude={"copies", "aliases", "provenance", "source", "summary"})
    fields["manual"] = bool(model.manual or engine_notes(model.effects, model.kind, model.version, model.name))
    if names == SHIPPED:
        from ..engine.lang.names import shipped
        names = shipped()
    return CardSpec.make(set=set_code, **fields), names


def try_position(card: Mapping[str, Any], set_code: str = "designer", dice: list[int] | None = None,
                 level: int | None = None, url: str | None = None, losing: int = 0) -> tuple[dict, Any]:
    """A scenario (``munchkin_lab/scenarios/README.md`` format) with ``card`` in a fitting
    position, and the card's engine spec.

    An item with ``usable_by`` / ``not_usable_by`` makes P1 someone who may use it where a
    Race or Class card, a gender or a Level does (a Wizard for ``class:wizard``); else the
    engine carries it, unused (:func:`try_board` says which).

    A card whose ability costs a card of its user (``discard: hand_card``, ``card`` or
    ``hand``) puts three practice cards (no bonus, no slot, worth nothing) in P1's hand, so
    the cost can be paid and its ``use`` is offered.

    Args:
        card: the card in the set-file form (as the editor holds it).
        set_code: the set it is shown under.
        dice: forced die results for the first rolls (default: a monster with Bad Stuff gets
            ``[1]``, so that running away fails and its Bad Stuff shows at once).
        level: P1's Level (default: the monster's Level, at most 9, so that the monster wins
            the tie and P1 must fight for help, run away or lose; else 3).
        url: the card database (default ``$DATABASE_URL`` or the SQLite file): the names the
            card is checked against and the Race or Class card P1 is given come from it (a
            designer's own Class too).
        losing: the Practice Dummy P1 meets is one P1 loses to (1), and P1 then tries to Run
            Away (2): where a card is played only then (a One-Shot that lets you escape);
            :func:`try_game` picks the first where the card can be played.

    Returns:
        ``(scenario dict, CardSpec)``; the scenario names the card by name and the spec goes
        to the resolver (a card with a ``manual`` op is resolved by hand).
    Raises:
        DesignerCardError: the card is invalid (named field), or not a designer card (a
            printed or inferred card of a shipped set, e.g. ``api.card("Potted Plant")``: the
            message says these functions try designer cards and how to make one of it).
    """
    prov = card.get("provenance", "designer") if callable(getattr(card, "get", None)) else "designer"  # (a Series too)
    if prov != "designer":
        from ..cards.designer import DesignerCardError

        name = card.get("name")
        raise DesignerCardError(
            f"card {name!r} is a {prov} card of a shipped set: try_board / try_game / try_position try a "
            "designer card (the card editor's, provenance 'designer'); to try this one, make a designer copy "
            "under another name (munchkin-lab cards show NAME, then cards add SET with the fields), or play "
            "it on a board of a deck that holds it (Board.from_deck)")
    spec, names = _spec_of(card, set_code, url)
    kind = spec.kind
    if kind == "ship_room":  # a Solar Storm game (scenarios.solar format)
        return _ship_position(spec, dice), spec
    e = spec.effects
    foe = dict(_FOE, tags=_foe_tags(e, names), **({"level": _BRUTE_LEVEL} if losing else {}))
    you: dict[str, Any] = {"name": "P1", "level": 3}
    other: dict[str, Any] = {"name": "P2", "level": 3}
    decks: dict[str, list[str]] = {"door": [], "treasure": [c["name"] for c in _LOOT]}
    cards = [foe, *_LOOT, *_DOOR_FILL, *_GEAR]
    options: dict[str, Any] = {}
    steps: list[dict] = []
    forced = list(dice) if dice is not None else []
    if kind == "monster":
        decks["door"] = [spec.name, *[c["name"] for c in _DOOR_FILL]]
        you["level"] = max(1, min(9, spec.level if spec.level is not None else 3))
        you["equipped"] = [g["name"] for g in _GEAR]
        steps = [{"actor": "P1", "action": "kick"}]
        if dice is None and e.get("bad_stuff"):
            forced = [1]
    elif kind == "item":
        you.update(_user_for(spec, names))  # a Race, Class, gender or Level that may use it
        you["equipped"] = [spec.name]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
        steps = [{"actor": "P1", "action": "kick"}]
    elif kind == "curse":
        other["hand"] = [spec.name]
        you["equipped"] = [g["name"] for g in _GEAR]
        decks["door"] = [c["name"] for c in _DOOR_FILL]
        steps = [{"actor": "P2", "action": "play", "card": spec.name, "target": "P1"}]
    elif kind in ("monster_enhancer", "one_shot", "special"):
        you["hand"] = [spec.name]
        if e.get("half_breed"):  # played on a Race in play (core rules, 10. Half-Breed)
            you["race"] = "Elf"
        if e.get("super_munchkin"):  # played on a Class in play (core rules, 10. Super Munchkin)
            you["class"] = "Warrior"
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
        steps = [{"actor": "P1", "action": "kick"}]
    elif kind == "dungeon":
        options["modules"] = ["scooby_doo"]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
        if spec.manual:  # turned face up as at set-up: revealed, resolved by hand first (as in
            # a game: ScoobyDooModule._revealed), the kick is then P1's
            decks["dungeon"] = [spec.name]
        else:
            decks["dungeon_in_play"] = [spec.name]
            steps = [{"actor": "P1", "action": "kick"}]
    elif kind == "portal":  # Dungeons on: the game needs Dungeon cards for it to change
        options["modules"] = ["scooby_doo"]
        you["hand"] = [spec.name]
        cards += _DUNGEONS
        decks["dungeon_in_play"] = [_DUNGEONS[0]["name"]]
        decks["dungeon"] = [c["name"] for c in _DUNGEONS[1:]]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
    elif kind in ("room_tile", "trap"):  # the grid: START, and the room east of it
        options["modules"] = ["rooms"]
        cards.append({"name": "START", "kind": "room_tile", "deck": "room_tile",
                      "effects": {"room": {"indestructible": True, "start": True}}})
        decks["room_tile"] = ["START"]
        decks["door"] = [c["name"] for c in _DOOR_FILL]
        if kind == "room_tile":
            decks["room:1,0"] = [spec.name]
            room = e.get("room") or {}
            if any(room.get(k) for k in ("combat_bonus", "monster_bonus", "run_away")):
                decks["room_down:1,0"] = [_FOE["name"]]  # a fight in it shows its combat numbers
        else:  # a trap goes off on the player who enters its room (SMA rules, Entering Rooms)
            cards.append(_ROOM)
            decks["room:1,0"] = [_ROOM["name"]]
            decks["room_down:1,0"] = [spec.name]
            steps = [{"actor": "P1", "action": "move", "n": 1}]
    elif kind == "fairy_dust":
        options["modules"] = ["fairy_dust"]
        you["hand"] = [spec.name]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
    elif kind == "character":  # Scooby-Doo: each player has a Character card in play
        options["modules"] = ["scooby_doo"]
        cards += _DUNGEONS
        decks["dungeon_in_play"] = [_DUNGEONS[0]["name"]]
        decks["character:P1"] = [spec.name]
        you["equipped"] = [g["name"] for g in _GEAR]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
        # dealt to P1 as at set-up: a manual one waits to be resolved by hand first (as in a
        # game: ScoobyDooModule._character_in), the kick is then P1's
        steps = [] if spec.manual else [{"actor": "P1", "action": "kick"}]
    elif kind in ("race", "class"):  # a tie: a bonus, a Run Away modifier or a tie rule shows at once
        you["hand"] = [spec.name]
        cards.append(dict(_RIVAL))
        decks["door"] = [_RIVAL["name"], *[c["name"] for c in _DOOR_FILL]]
        steps = [{"actor": "P1", "action": "kick"}]
    else:  # go_up_a_level and the rest: in hand
        you["hand"] = [spec.name]
        decks["door"] = [_FOE["name"], *[c["name"] for c in _DOOR_FILL]]
    if _costs_a_card(e):  # a cost paid with a card: P1 holds practice cards to pay it with
        you["hand"] = [*you.get("hand", []), *(c["name"] for c in _HAND)]
        cards += _HAND
    if level is not None:
        you["level"] = int(level)
    if losing >= 2 and steps and steps[-1] == {"actor": "P1", "action": "kick"}:
        steps = [*steps, {"actor": "P1", "action": "run"}, {"actor": "P2", "action": "pass"}]
    for c in cards:  # the rival of a Race or Class: P1's own combat strength (a tie)
        if c["name"] == _RIVAL["name"]:
            c["level"] = you["level"]
    sc = {"name": f"try {spec.name}", "rule": f"try it: {TRY_KINDS.get(kind, 'in P1 hand')}", "seed": 0,
          "options": options, "cards": [c for c in cards if c["name"] != spec.name], "players": [you, other],
          "decks": decks, "active": "P1", "phase": "start", "forced_dice": forced, "steps": steps}
    return sc, spec


def _ship_position(spec, dice: list[int] | None) -> dict:
    """A Solar Storm scenario (:mod:`munchkin_lab.scenarios.solar`) for the ship room
    ``spec``: it is dealt first, then the V2 rooms of other names (8 different names, as the
    deal needs: Solar Storm Alternative Rooms, setup), P1 and P2 standing in it."""
    from ..engine.solar_storm.refs import base_name
    from ..scenarios.solar import version

    others = [sp for sp in version("V2") if base_name(sp.name).lower() != base_name(spec.name).lower()][:7]
    return {"game": "solar_storm", "name": f"try {spec.name}", "rule": f"try it: {TRY_KINDS['ship_room']}",
            "players": ["P1", "P2"], "seed": 0, "rooms": [spec, *others],
            "grid": [spec.name, *(sp.name for sp in others)],
            "setup": {"positions": {"P1": spec.name}}, "forced_dice": list(dice or []), "steps": []}


def _user_for(spec, names) -> dict[str, Any]:
    """P1's ``race`` / ``class`` / ``gender`` / ``level`` (scenario player fields) that let
    P1 use the item ``spec``: the first of its ``usable_by`` atoms that a Race or Class card
    of ``names``, a gender or a Level of 1..9 meets, and that none of its ``not_usable_by``
    atoms refuses. ``{}`` for an unrestricted item, or when nothing here meets the
    restriction (the engine then carries the item: :func:`try_board` says so)."""
    from ..engine.lang.names import card_key
    from ..engine.lang.parse import parse_atom

    def atoms(texts) -> list:
        out = []
        for t in texts:
            try:
                out.append(parse_atom(t))
            except ValueError:  # the card's validation names it
                pass
        return out

    def meets(a) -> dict[str, Any] | None:
        if a.neg or a.name == "human":
            return {}  # P1 has no Race and no Class
        if a.name in ("race", "class", "has_race", "has_class"):
            what = a.name.removeprefix("has_")
            known = names.known(what)
            card = known.get(a.arg) if a.arg else next(iter(sorted(known.values())), None)
            return {what: card} if card else None
        if a.name == "gender":
            return {"gender": a.arg}
        if a.name == "level":
            for level in (3, *range(1, 10)):
                if {"<": level < a.num, "<=": level <= a.num, ">": level > a.num, ">=": level >= a.num,
                    "=": level == a.num}.get(a.cmp, False):
                    return {"level": level}
        return None

    def refused(you: dict[str, Any], a) -> bool:
        held = {"race": card_key(you.get("race", "")), "class": card_key(you.get("class", "")),
                "gender": you.get("gender", "male")}
        if a.name == "human":
            hit = "race" not in you
        elif a.name in held:
            hit = held[a.name] == a.arg
        elif a.name in ("has_race", "has_class"):
            hit = a.name.removeprefix("has_") in you
        else:
            return False
        return hit != a.neg

    banned = atoms(spec.not_usable_by)
    for you in [meets(a) for a in atoms(spec.usable_by)] or [{}]:
        if you is None:
            continue
        for fit in ([you] if "gender" in you else [you, dict(you, gender="female")]):  # male by default
            if not any(refused(fit, a) for a in banned):
                return fit
    return {}


def _item_words(game, spec) -> str:
    """Where the try position left the item ``spec`` and why, from the game itself: equipped
    (its bonus counts; the Race, Class, gender or Level P1 was given to use it), or carried
    because P1 may not use it (no bonus)."""
    p = game.state_dict()["players"][0]
    rules = "; ".join(x for x in (f"usable by {', '.join(spec.usable_by)}" if spec.usable_by else "",
                                  f"not by {', '.join(spec.not_usable_by)}" if spec.not_usable_by else "") if x)
    if spec.name in p.get("equipped_list", []):
        given = [x for x in (p.get("class"), None if p.get("race") == "Human" else p.get("race")) if x]
        if p.get("gender") == "female":
            given.append("female")
        if "level" in rules:
            given.append(f"Level {p.get('level')}")
        who = f"P1 ({', '.join(given)}, to use it: {rules})" if rules and given else "P1"
        return f"equipped by {who}, in a combat against a Practice Dummy (see its bonus count)"
    if spec.name in p.get("carried", []):
        why = f"P1 may not use it ({rules})" if rules else "P1 may not use it"
        return (f"carried by P1, not in use: {why}, so its bonus does not count; P1 is in a combat "
                "against a Practice Dummy")
    return TRY_KINDS["item"]


def try_game(card: Mapping[str, Any], set_code: str = "designer", dice: list[int] | None = None,
             level: int | None = None, url: str | None = None):
    """The engine game of :func:`try_position` with its steps played (the kick, the Curse);
    the other cards come from the database ``url``, as the names do.

    The first position that fits is kept: the plain one, else P1 losing (``losing`` 1), else
    P1 running away (2). It fits when P1 is offered the card's ability (``use``, or a power
    such as ``berserk``), at once or once the card is played from the hand; for a card
    without such an ability, when P1 may play it (P1's actions, any-time ones included, as
    the board lists them). A card with an ability offered nowhere gets the first position
    where it is played, else the plain one.

    Returns:
        ``(game, scenario dict)``; the scenario's ``losing`` says which position it is.
    Raises:
        DesignerCardError: the card is invalid, or the position cannot be built with it (the
            engine's reason).
    """
    from ..scenarios.runner import ScenarioError, build_game, database_resolver, make_action

    sc, spec = try_position(card, set_code, dice, level, url=url)
    built = _try_built(sc, spec, url, build_game, database_resolver, make_action, ScenarioError)
    if sc.get("game") == "solar_storm":
        return built
    if _reacts(spec):  # a reaction (from the hand, or a "may" of a card in play): where it is offered
        found = _reaction_position(card, set_code, dice, level, url, spec, built,
                                   lambda sc_: _try_built(sc_, spec, url, build_game, database_resolver,
                                                          make_action, ScenarioError))
        if found is not None:
            return found
    if _usable(built[0], spec.name) or (not _uses(spec) and (not _waits_in_hand(built[0], spec.name)
                                                              or _playable(built[0], spec.name))):
        return built
    playable = None  # the first position where the card is at least played, if its use is never offered
    if _waits_in_hand(built[0], spec.name) and _playable(built[0], spec.name):
        playable = built
    for losing in (1, 2):  # not playable now: in a combat P1 loses, or while P1 runs away
        sc, _ = try_position(card, set_code, dice, level, url=url, losing=losing)
        try:
            g, sc = _try_built(sc, spec, url, build_game, database_resolver, make_action, ScenarioError)
        except Exception:  # noqa: BLE001 - that position cannot be reached: the plain one stays
            continue
        if _usable(g, spec.name):
            return g, dict(sc, losing=losing)
        if playable is None and _playable(g, spec.name):
            playable = g, dict(sc, losing=losing)
    return playable or built


#: The action kinds of a Race's or Class's powers (engine README, *Actions*: a designer Race
#: written like the Warrior's Berserk goes ``berserk``) and of the language's ``use``.
_ABILITY_KINDS = frozenset({"use", "berserk", "flight", "charm", "turning", "backstab", "steal", "chase"})


def _reacts(spec) -> bool:
    """The card has an ability that answers an event and that its holder may take or leave (a
    ``from_hand`` ability, or a ``may`` one of a card in play): the engine offers it as a
    ``react`` decision when the event comes (lang README, *Reactions*)."""
    return any(isinstance(ab, Mapping) and ab.get("when") != "use" and (ab.get("from_hand") or ab.get("may"))
               for ab in (dict(spec.effects or {}).get("abilities") or ()))


def _reaction_offered(g, name: str) -> bool:
    """P1 is asked now whether to react with the card tried (a ``react`` decision for it, the
    first or one of those that follow it)."""
    p = g.state.pending
    if not p or p[0].get("kind") != "react":
        return False
    offers = [(p[0]["player"], p[0]["card"]), *((q, c) for q, c, _i in p[0].get("rest", ()))]
    return any(q == 0 and g.specs[c].name == name for q, c in offers)


#: P1's next step on the way to an event a reaction answers (the Run Away roll), in order;
#: the other players pass.
_REACT_STEPS = ("roll", "run", "pass")


def _reaction_position(card, set_code, dice, level, url, spec, built, build):
    """The first try position (:func:`try_position`'s plain one, P1 losing, P1 running away;
    the die forced to a 1, then a 6) where P1 is offered the card's reaction, within a few
    steps of it (P1 rolls or runs, the others pass: :data:`_REACT_STEPS`); ``(game,
    scenario)`` with those steps played, or None when the reaction comes up in none. The
    scenario's ``reaction_steps`` names the steps played."""
    name = spec.name
    tries = [(0, dice, built)] + [(losing, d, None) for losing in (1, 2)
                                  for d in ([dice] if dice is not None else [[1], [6]])]
    for losing, d, got in tries:
        if got is None:
            sc, _ = try_position(card, set_code, d, level, url=url, losing=losing)
            try:
                got = build(sc)
            except Exception:  # noqa: BLE001 - a position that cannot be reached: the next one
                continue
        g, sc = got
        played = []
        for _ in range(6):
            if _reaction_offered(g, name):
                return g, dict(sc, losing=losing, forced_dice=list(d or []), reaction_steps=played)
            seat = g.actor()
            if seat is None:
                break
            acts = g.legal_actions()
            pick = next((a for k in (_REACT_STEPS if seat == 0 else ("pass",)) for a in acts if a.kind == k), None)
            if pick is None:
                break
            g.play(pick)
            played.append(pick.label or str(pick))
    return None


def _uses(spec) -> bool:
    """The card has an ability its holder takes by an action (``when: use``: lang README,
    *Costs, limits, actions*)."""
    return any(v == "use" for v in _values(dict(spec.effects or {}), "when"))


def _waits_in_hand(g, name: str) -> bool:
    """The card tried is in P1's hand (to be played) in game ``g``."""
    return any(g.specs[c].name == name for c in g.state.players[0].hand)


def _offered(g, name: str) -> list:
    """P1's actions in ``g`` that play or use the card tried: the actions P1 is offered now,
    any-time actions included (a Race or Class played during one's own combat: core rules, 6.
    When You May Act), as the board lists them for P1."""
    return [a for a in g.legal_actions(seat=0) if a.player == 0 and a.card >= 0 and g.specs[a.card].name == name]


def _playable(g, name: str) -> bool:
    """Among the actions P1 is offered in ``g`` is one that plays or uses the card tried."""
    return bool(_offered(g, name))


def _ability_offered(g, name: str) -> bool:
    """P1 is offered the ``use`` of the card tried, or a power action (:data:`_ABILITY_KINDS`:
    the card tried is the only card with powers P1 holds in a try position)."""
    return any(a.player == 0 and (a.kind in _ABILITY_KINDS - {"use"}
                                  or (a.kind == "use" and a.card >= 0 and g.specs[a.card].name == name))
               for a in g.legal_actions(seat=0))


def _usable(g, name: str) -> bool:
    """P1 can take the card's ability in ``g`` by an action (``use``, or a power such as
    ``berserk``): at once, or once the card is played from the hand (tried on a copy of
    ``g``). False for a card without such an ability."""
    if _ability_offered(g, name):
        return True
    for a in _offered(g, name):
        if a.kind != "play":
            continue
        h = g.copy()
        try:
            h.play(a)
        except ValueError:
            continue
        if _ability_offered(h, name):
            return True
    return False


def _try_built(sc, spec, url, build_game, database_resolver, make_action, ScenarioError):
    """:func:`try_game`'s game of scenario ``sc`` (its steps played), and ``sc``."""
    if sc.get("game") == "solar_storm":
        from ..scenarios.solar import ScenarioFailure, build

        try:
            return build(sc), sc
        except (ScenarioFailure, ValueError, KeyError) as exc:
            raise DesignerCardError(f"card {spec.name!r}: cannot be tried in this position: {exc}") from None
    fallback = database_resolver(url=url)

    def resolve(name: str):
        if name.lower() == spec.name.lower():
            return spec
        return fallback(name)

    resolve.known_names = fallback.known_names  # its inline cards may name designer cards
    try:
        g = build_game(sc, resolve)
        g = g[0] if isinstance(g, tuple) else g
        for i, step in enumerate(sc["steps"]):
            g.play(make_action(g, step, f"steps[{i}]"))
    except (ScenarioError, ValueError) as exc:
        raise DesignerCardError(f"card {spec.name!r}: cannot be tried in this position: {exc}") from None
    return g, sc


def try_board(card: Mapping[str, Any], set_code: str = "designer", dice: list[int] | None = None,
              level: int | None = None, url: str | None = None, **board_kw):
    """A :class:`~munchkin_lab.widgets.board.Board` on :func:`try_game`: P1 is you (human),
    P2 a greedy bot; *New game* builds the same position again. Other keywords go to
    ``Board`` (``name``, ``journal``, ``height``...).

    Raises:
        DesignerCardError: as :func:`try_game`.
    """
    from .board import Board

    game, sc = try_game(card, set_code, dice, level, url=url)
    name = str(card.get("name"))

    def factory(_seed: int, _n: int):
        return try_game(card, set_code, dice, level, url=url)[0]

    board_kw.setdefault("seats", ["human", "greedy"])
    board_kw.setdefault("journal", False)
    board_kw.setdefault("default_provenance", "designer")
    board = Board(game, factory, meta={"source": "try", "card": name, "set": set_code}, **board_kw)
    if sc.get("game") == "solar_storm":
        where = TRY_KINDS["ship_room"]
    else:
        spec = game.specs[_find(game, name)]
        kind = f"{spec.kind}_manual" if spec.kind in ("character", "dungeon") and spec.manual else spec.kind
        where = _item_words(game, spec) if kind == "item" else TRY_KINDS.get(kind, "in play")
    foe = _practice_foe(sc)
    if foe is not None and foe.get("tags"):  # (said: else a bonus against a tag looks unconditional)
        where += f"; the {foe['name']} carries the tag{'s' if len(foe['tags']) > 1 else ''} " \
                 f"{', '.join(foe['tags'])}, which the card tests"
    if foe is not None and foe["name"] == _RIVAL["name"] and not sc.get("losing"):
        where += f"; the {foe['name']} is Level {foe.get('level')}, P1's combat strength (a tie: ties go to the monster)"
    if sc.get("game") != "solar_storm" and _uses(game.specs[_find(game, name)]):
        if _ability_offered(game, name):
            where += "; its ability is offered now (P1's actions)"
        elif _usable(game, name):
            where += "; play it and its ability is offered"
    if sc.get("reaction_steps") is not None:
        steps = sc["reaction_steps"]
        where += ("; " + (f"after {'; '.join(steps)}, " if steps else "")
                  + "P1 is asked now whether to react with it (play it, or pass)")
    if sc.get("losing"):
        who = foe if foe is not None else {"name": _FOE["name"], "level": _BRUTE_LEVEL}
        tie = " (a tie: ties go to the monster)" if who["name"] == _RIVAL["name"] else ""
        where += (f"; the {who['name']} is Level {who.get('level')}{tie}, so P1 is losing"
                  + (" and tries to Run Away" if sc["losing"] >= 2 else "") + " (where the card can be played)")
    board.show_message(f"Try it: {name} is {where}"
                       + (f"; the next die roll is {sc['forced_dice'][0]}" if sc["forced_dice"] and not sc.get("reaction_steps")
                          else f"; the die was set to {sc['forced_dice'][0]}" if sc["forced_dice"] else ""), "ok")
    return board


def _practice_foe(sc: Mapping[str, Any]) -> dict | None:
    """The practice monster of scenario ``sc`` (:func:`try_position`) that P1 meets: the top
    Door card when it is one of the scenario's own monsters (the Practice Dummy or Rival), with
    its Level and tags as dealt; ``None`` otherwise (a monster card tried, no kick)."""
    door = (sc.get("decks") or {}).get("door") or []
    if not door:
        return None
    return next((c for c in sc.get("cards") or [] if c.get("name") == door[0] and c.get("kind") == "monster"), None)


def _find(game, name: str) -> int:
    for i, sp in enumerate(game.specs):
        if sp.name == name:
            return i
    return 0
