"""Which kinds of card can hear which trigger: one table, read off where the engine fires them.

The engine runs a card's ability of a trigger in two ways (``engine/abilities.py``):

- the card's *own* event (``Abilities._lang_fire_card``): ``hits`` only on a Curse that hits
  its victim or a trap turned up (``Curses._curse_hits``, ``Curses._trap``); ``kicked``,
  ``drawn``, ``played`` on the card drawn or played; a monster's own ``caught`` / ``escaped``
  / ``enters_combat``; a Dungeon's own ``revealed``; ``enters_play`` / ``leaves_play`` on a
  card coming into play or leaving it (never a monster or Monster Enhancer: they lie in a
  combat, not in front of a player);
- every *listening* card (``Abilities._holders``): the cards in front of the players (Races,
  Classes, Half-Breed, Super Munchkin, Cheat!, Hireling, a Character, Items in use, Curses
  that stay), then the combat's monsters, their enhancers and the One-Shots played into it,
  then the Dungeons in play and the room tiles. ``cursed`` asks only the cards in front of
  the Curse's victim (``owner_only``). ``kicking``, ``turn_start`` and ``turn_end`` come while
  no combat is on, so no monster, enhancer or One-Shot lies in one to hear them.

A card of a kind that never sits where a trigger is heard never runs that ability (a Go Up a
Level is played and discarded; a Portal changes the Dungeons and goes; a Curse that does not
stay is discarded once it hit). A reaction played from the hand (``from_hand``) is heard in
the hand, whatever the kind. Pure data and one function; no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

#: Kinds whose cards may sit in front of a player (an Item in use; a valued Fairy Dust card is
#: an Item too; a Curse only when it stays).
SEATED = frozenset({"race", "class", "special", "character", "item", "fairy_dust", "curse"})
#: Kinds whose cards lie in a combat (a monster, its enhancers, the One-Shots played into it).
IN_COMBAT = frozenset({"monster", "monster_enhancer", "one_shot"})
#: Kinds whose cards lie on the table by themselves (a Dungeon face up, a room tile on the grid).
PLACED = frozenset({"dungeon", "room_tile"})
_LISTENING = SEATED | IN_COMBAT | PLACED
_ALL = frozenset({"monster", "monster_enhancer", "curse", "race", "class", "portal", "trap", "special",
                  "item", "one_shot", "go_up_a_level", "dungeon", "fairy_dust", "character", "room_tile"})

#: trigger -> the kinds of card whose abilities of that trigger the engine can fire (a trigger
#: not listed: any kind). See the module docstring for where each comes from.
HEARD_BY: dict[str, frozenset] = {
    "hits": frozenset({"curse", "trap"}),
    "cursed": SEATED,
    "kicking": SEATED | PLACED,
    "turn_start": SEATED | PLACED,
    "turn_end": SEATED | PLACED,
    "enters_play": _ALL - {"monster", "monster_enhancer"},
    "leaves_play": _ALL - {"monster", "monster_enhancer"},
    **{t: _LISTENING for t in ("use", "in_play", "caught", "escaped", "enters_combat", "run_away_rolled",
                               "combat_end", "combat_won", "die_rolled", "fight_declared", "death",
                               "revealed")},
}

#: The triggers a Curse that does not stay can still hear: its own events before it goes.
_CURSE_OWN = frozenset({"hits", "kicked", "drawn", "played"})
#: Short forms that keep a Curse in front of its victim (``tables._kept``).
_CURSE_KEEPS = ("persistent", "next_combat", "roll_mod", "only_slot")

_WHERE = {
    "hits": "only a Curse hitting its victim or a trap turned up hears it",
    "cursed": "it is heard by the cards in front of the Curse's victim",
    "kicking": "it comes before a door is kicked open, while no combat is on",
    "turn_start": "it comes between turns, while no combat is on",
    "turn_end": "it comes as the turn ends, after the combat",
    "enters_play": "a monster or Monster Enhancer lies in a combat, never in play in front of a player",
    "leaves_play": "a monster or Monster Enhancer lies in a combat, never in play in front of a player",
}


def _kind_words(kind: str) -> str:
    return {"go_up_a_level": "a Go Up a Level card", "one_shot": "a One-Shot", "monster_enhancer": "a Monster Enhancer",
            "room_tile": "a room tile", "fairy_dust": "a Fairy Dust card"}.get(
        kind, ("an " if kind[:1] in "aeiou" else "a ") + kind.replace("_", " ").title().replace("Item", "item")
        .replace("Monster", "monster").replace("Trap", "trap").replace("Dungeon", "Dungeon"))


def curse_stays(effects: Mapping | None, program: Any) -> bool:
    """Whether a Curse may stay in front of its victim (and so hear events there): a short
    form that keeps it (``persistent``, ``next_combat``, ``roll_mod``, ``only_slot``), a
    continuous ``in_play`` ability, or ``hits`` abilities (a lasting change they make keeps it
    while it lasts: ``Curses._curse_hits``)."""
    e = effects if isinstance(effects, Mapping) else {}
    if any(e.get(k) for k in _CURSE_KEEPS):
        return True
    return any(("in_play" in ab.when or "hits" in ab.when) for ab in program.abilities)


def never_heard(kind: str, effects: Mapping | None) -> list[str]:
    """A note for each ability of a card of ``kind`` with ``effects`` whose trigger the engine
    can never fire on that kind of card (:data:`HEARD_BY`; a Curse that does not stay hears
    only its own events), e.g. ``when: hits`` on a monster. ``[]`` when every trigger can
    fire, or when the effects do not compile (the validator reports those)."""
    from . import expand

    if kind not in _ALL:
        return []  # (a Solar Storm ship room: another game, its own rules)
    try:
        prog = expand(effects or {}, kind)
    except (ValueError, TypeError):
        return []
    out: list[str] = []
    stays = kind != "curse" or curse_stays(effects, prog)
    for ab in prog.abilities:
        if ab.from_hand or ab.origin.split(".")[0] in (prog.parts or ()):
            continue  # (a reaction from the hand: heard in the hand; an expansion part's own record)
        for t in ab.when:
            kinds = HEARD_BY.get(t)
            where = f"`when: {t}` ({ab.origin})"
            if kinds is not None and kind not in kinds:
                why = _WHERE.get(t, "only cards in play in front of a player, in a combat, or a Dungeon or room "
                                    "tile on the table hear it")
                hint = " (for a monster catching a player, use `caught`)" if t == "hits" and kind == "monster" else ""
                out.append(f"{where} never runs on {_kind_words(kind)}: {why}{hint}")
            elif not stays and t not in _CURSE_OWN and kinds is not None:
                out.append(f"{where} never runs: this Curse does not stay in front of its victim (it is discarded "
                           "once it hits), so it is never in play to hear it; give it `hits` effects that last, "
                           "or `persistent: true`")
    return list(dict.fromkeys(out))
