"""Game words for the board: actions, decisions, refusals and what an action changed.

Built only on the engine's public API (``state_dict()``, ``legal_actions()``, ``why_not()``,
``describe()``, ``specs``, ``log``) and the card specs, so the rules stay in the engine and the
phrasing stays here. Every function takes the game and, where the caller already has it, the
``state_dict()`` of the position (``sd``) so one redraw computes it once.

* :func:`action_text` - a button label that names the card and the target ("Move north into
  the Brig", "Take Staff of Napalm from P1 (Net Troll's Bad Stuff)").
* :func:`status` - the status line: turn, whose turn, the phase in the game's own terms, who
  must act and why.
* :func:`refusal` - why an action kind is not possible now, without internal ids.
* :func:`changes` - what an action changed (Levels, cards lost and taken, deaths), diffing
  ``state_dict()`` before and after: the story the log tells besides the engine's line.
* :class:`Story` - those explanations for every action of a game, with the log lines each
  action produced (for the rewind-by-log-click and the Level-over-time chart).

Phase names follow the core rules' turn (core rules, 5. Turn Phases: Kick Down the Door, Look
for Trouble / Loot the Room, Charity); Star Munchkin Adventures replaces kicking by moving
(Star Munchkin Adventures rules, Movement and Entering Rooms).
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..plural import plural

#: The four Resource kinds of Solar Storm, named after the public card list (card_facts_more.md
#: section 7, TOPO-SS, a single source; the engine's defaults are the placeholders A-D): the
#: board's and the command line's Solar Storm games use these names.
SOLAR_RESOURCES = ("Data", "Metal", "Nanobots", "Energy")

#: Directions of the rooms module's ``move n=`` (documented in ``engine/modules/rooms.py``):
#: (name, dx, dy); north is y+1.
DIRECTIONS = (("north", 0, 1), ("east", 1, 0), ("south", 0, -1), ("west", -1, 0))

#: The main action kinds in game words (greyed buttons, help).
KIND_WORDS = {
    "kick": "Kick Down the Door", "trouble": "Look for Trouble", "loot": "Loot the Room",
    "fight": "Declare victory", "run": "Run Away", "ask_help": "Ask for help", "offer_help": "Offer help",
    "play": "Play a card", "equip": "Equip an item", "sell": "Sell items", "pass": "Pass",
    "end_turn": "End the turn", "move": "Move", "stay": "Stay",
}

#: Solar Storm's main actions (public summary of the rules: Actions) in words: always listed on
#: the board, under "Not now" with the reason when not possible.
SOLAR_KIND_WORDS = {
    "move": "Move", "scavenge": "Scavenge", "give": "Give a Resource", "take": "Take a Resource",
    "repair": "Repair", "divert": "Divert power", "room": "Room action", "activate": "Activate the Energy Core",
}

#: Phases in the game's own terms (core rules, 5. Turn Phases).
PHASE_WORDS = {
    "setup": "Setup (Race, Class and Items before the first turn)",
    "start": "Kick Down the Door",
    "trouble": "Look for Trouble or Loot the Room",
    "combat": "Combat",
    "end": "End of the turn",
    "charity": "Charity",
    "over": "Game over",
}

#: The engine's end-of-game reasons in game words (a capital Level, as on the cards).
REASON_WORDS = {"level 10": "Level 10"}

#: ``choose`` decisions that hand out a won combat's Treasures (core rules, 7. Rewards): the
#: face-up Treasures of a helped win picked in turn; a Cleric fighter taking the top Treasure
#: discard instead of a face-up draw (its hand card paid, ``resurrect``, comes first in the queue).
REWARD_CHOICES = ("pick", "resurrect_t")

#: Order of the choices, on the board and at the terminal: the actions that move the game on
#: come first (the board's first button is green), the others after them in the engine's order.
ACTION_ORDER = ("kick", "move", "stay", "fight", "roll", "run", "accept", "loot", "pass", "end_turn", "end_actions",
                "charity", "choose", "resolve", "refuse", "collect", "pick", "trouble", "evade", "ask_help",
                "offer_help")
_ORDER_RANK = {k: i for i, k in enumerate(ACTION_ORDER)}


def in_order(acts: Iterable[Any], game: Any = None) -> list:
    """``acts`` sorted by :data:`ACTION_ORDER` (a stable sort: kinds not in it keep their order,
    after the listed ones). With the Munchkin ``game`` they belong to, the Charity choices
    (core rules, 6. phase 4: the excess cards go to the lowest-Level player) are ordered by
    what each card is worth to its holder in the greedy bot's own valuation
    (:func:`munchkin_lab.sim.bots.card_value`, Gold Pieces: an Item's Gold and 300 per bonus,
    a One-Shot's Gold and 200 per bonus, Go Up a Level 1,000, any other card 100), cheapest
    first and else in the engine's (hand) order: the suggested first choice (the board's green
    button) gives away the least useful card, the one the greedy bot gives."""
    acts = list(acts)
    if game is None or not any(a.kind == "charity" for a in acts):
        return sorted(acts, key=lambda a: _ORDER_RANK.get(a.kind, len(ACTION_ORDER)))
    from ..sim.bots import card_value

    def rank(a: Any) -> tuple[int, int]:
        return (_ORDER_RANK.get(a.kind, len(ACTION_ORDER)), card_value(game, a.card) if a.kind == "charity" else 0)

    return sorted(acts, key=rank)


_CARD_ID_RE = re.compile(r"\bcard (-?\d+)\b")
_SEAT_RE = re.compile(r"\bseat (\d+)\b")


# ---------------------------------------------------------------------- small helpers
def is_solar(sd: Mapping) -> bool:
    """True for a Solar Storm ``state_dict()``."""
    return sd.get("game") == "solar_storm"


def first_pending(sd: Mapping) -> dict | None:
    """The step the game waits on first, or None: a Munchkin ``state_dict()`` lists its pending
    steps, a Solar Storm one holds at most one (a dict such as ``{"kind": "scavenge", "left": 2}``)."""
    pend = sd.get("pending")
    if isinstance(pend, Mapping):
        return dict(pend)
    return pend[0] if pend else None


def names(sd: Mapping) -> dict[int, str]:
    """Seat -> player name."""
    return {p["seat"]: p["name"] for p in sd.get("players", [])}


def owed_lines(sd: Mapping) -> list[str]:
    """The rewards waiting for the combat's end (``state_dict()["combat"]["owed"]``: what its
    fighters won before a card such as Transferral Potion moved the fight to another player,
    paid when it closes - official FAQ, Munchkin card questions) in words, one line a living
    player, in the order they were won: ``["Ann is owed 1 Level and 3 Treasures when this
    combat ends."]`` (an Elf helper's Levels of those kills too); [] without a combat or such a
    reward. Shown with the combat on the board and by ``play --human``."""
    c = sd.get("combat") or {}
    got: dict[int, list[int]] = {}  # seat -> [Levels, Treasures]
    for e in c.get("owed") or ():
        got.setdefault(e["player"], [0, 0])
        got[e["player"]][0] += int(e.get("levels") or 0)
        got[e["player"]][1] += int(e.get("treasures") or 0)
        if e.get("helper") is not None and e.get("helper_levels"):
            got.setdefault(e["helper"], [0, 0])[0] += int(e["helper_levels"])
    nm = names(sd)
    alive = {p["seat"]: p.get("alive", True) for p in sd.get("players", [])}
    out = []
    for q, (lv, n) in got.items():
        parts = [plural(x, w) for x, w in ((lv, "Level"), (n, "Treasure")) if x]
        if parts and alive.get(q, True):  # (the dead gain nothing: core rules, 7. Death)
            out.append(f"{nm.get(q, f'P{q + 1}')} is owed {' and '.join(parts)} when this combat ends.")
    return out


#: How a hand card picked for a Scooby-Doo exit is told, on the board and at the terminal.
EXIT_PICKED = "picked for the exit"


def hand_picks(sd: Mapping, seat: int, hand: Sequence[str] | None = None) -> list[tuple[str, bool]]:
    """Player ``seat``'s hand (``hand``, else the ``state_dict()`` ``sd``'s: card names in
    order), each with whether it is picked for the Scooby-Doo exit that player is discovering:
    ``[(name, picked)]``. The exit's four discards (Scooby-Doo rules, Changing Dungeons Without
    a Portal) are picked one at a time (a ``choose`` step, ``why: "exit"``) and leave the hand
    together at the fourth pick; until then the picked ones are still in the hand, and the
    step's ``options`` are the cards not picked yet. So the picked cards are the hand less
    those options, copy by copy (of two copies of one card with one picked, the later copy is
    marked). Outside such a step (or in a Solar Storm game) nothing is picked."""
    if hand is None:
        players = sd.get("players") or []
        hand = list(players[seat].get("hand") or []) if 0 <= seat < len(players) else []
    pend = sd.get("pending")
    step = next((d for d in (pend if isinstance(pend, list) else ())
                 if d.get("kind") == "choose" and d.get("why") == "exit" and d.get("player") == seat), None)
    if step is None:
        return [(n, False) for n in hand]
    left = Counter(step.get("options") or [])
    out = []
    for n in hand:
        out.append((n, left[n] <= 0))
        left[n] -= 1
    return out


def join_and(items: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def join_or(items: Sequence[str]) -> str:
    """``"A"``, ``"A or B"``, ``"A, B or C"``."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1] if items else ""


def signed(n: int | None) -> str:
    """``+3`` / ``-2`` / ``+0``."""
    return "" if n is None else f"{int(n):+d}"


def card_name(game: Any, c: int) -> str:
    """Printed name of card id ``c`` (``"?"`` when out of range)."""
    specs = getattr(game, "specs", None) or ()
    return specs[c].name if 0 <= c < len(specs) else "?"


def _hand_of(game: Any, seat: int) -> list:
    """The hand (card ids) of ``seat`` in ``game`` (empty when it has none)."""
    try:
        return list(game.state.players[seat].hand)
    except (AttributeError, IndexError, TypeError):
        return []


def _spec(game: Any, c: int):
    specs = getattr(game, "specs", None) or ()
    return specs[c] if 0 <= c < len(specs) else None


def rooms_view(sd: Mapping) -> Mapping | None:
    """The Star Munchkin Adventures rooms module's view in ``sd["module_state"]`` (found by
    its shape: ``rooms`` and ``positions``), or None."""
    for v in (sd.get("module_state") or {}).values():
        if isinstance(v, Mapping) and isinstance(v.get("rooms"), Mapping) and "positions" in v:
            return v
    return None


def dungeons_view(sd: Mapping) -> Mapping | None:
    """The Scooby-Doo module's view (``dungeons`` list) in ``sd["module_state"]``, or None."""
    for v in (sd.get("module_state") or {}).values():
        if isinstance(v, Mapping) and isinstance(v.get("dungeons"), list):
            return v
    return None


def piles_view(sd: Mapping) -> Mapping | None:
    """The piles-per-set module's view in ``sd["module_state"]``, or None."""
    v = (sd.get("module_state") or {}).get("piles")
    return v if isinstance(v, Mapping) else None


def room_target(sd: Mapping, who: str, n: int) -> tuple[str, str, str | None]:
    """Where ``move n=`` takes player ``who``: ``(direction, "x,y", room name or None for new
    ground)`` (Star Munchkin Adventures rules, Movement and Entering Rooms)."""
    rv = rooms_view(sd) or {}
    at = str((rv.get("positions") or {}).get(who, "0,0"))
    try:
        x, y = (int(v) for v in at.split(","))
    except ValueError:
        x, y = 0, 0
    d, dx, dy = DIRECTIONS[n] if 0 <= n < 4 else ("?", 0, 0)
    key = f"{x + dx},{y + dy}"
    room = (rv.get("rooms") or {}).get(key)
    name = (room or {}).get("name") if room is not None else None
    if room is not None and not name:
        name = f"the room at ({key})"
    return d, key, name


def _the(name: str) -> str:
    """``"the Brig"`` for room names that read as places (not START)."""
    if not name or name.upper() == "START" or name.lower().startswith("the "):
        return name
    return f"the {name}"


def cause_of(game: Any, sd: Mapping | None = None, lines: int = 14) -> str | None:
    """The card that caused the decision or loss at hand: the newest monster, Curse or trap
    named in the recent log lines of the current turn (``"Net Troll"``), else None."""
    log = list(getattr(game, "log", []) or [])[-lines:]
    specs = getattr(game, "specs", None) or ()
    table = _cause_table(specs)
    if not table:
        return None
    turn = f"[t{(sd or {}).get('turn')}]" if sd else ""
    for line in reversed(log):
        if turn and not line.startswith(turn):
            break
        best = None
        for m in table[1].finditer(line):
            best = m.group(0)
        if best:
            return table[0].get(best.lower(), best)
    return None


_CAUSE_CACHE: dict[int, tuple] = {}


def _cause_table(specs) -> tuple | None:
    key = id(specs)
    hit = _CAUSE_CACHE.get(key)
    if hit is not None and hit[2] is specs:
        return hit
    names_ = {s.name.lower(): s.name for s in specs if s.kind in ("monster", "curse", "trap")}
    if not names_:
        return None
    rx = re.compile("|".join(re.escape(n) for n in sorted(names_.values(), key=len, reverse=True)))
    if len(_CAUSE_CACHE) > 16:
        _CAUSE_CACHE.clear()
    _CAUSE_CACHE[key] = (names_, rx, specs)
    return _CAUSE_CACHE[key]


def cause_words(game: Any, cause: str | None) -> str:
    """The game's words for what a cause card did to the player, the log's own
    (:func:`munchkin_lab.engine.victims.cause_words`): "Net Troll's Bad Stuff", "the Curse Lose
    1 Small Item"; "" without a cause."""
    if not cause:
        return ""
    from ..engine.victims import cause_words as words_of

    return words_of(cause, next((s.kind for s in (getattr(game, "specs", None) or ()) if s.name == cause), None))


def _caused(cause: str | None, game: Any = None) -> str:
    if not cause:
        return ""
    return f" ({cause_words(game, cause)})"



def _owner_of(sd: Mapping, card: str, not_seat: int | None = None) -> str | None:
    for p in sd.get("players", []):
        if p["seat"] == not_seat:
            continue
        if card in (p.get("equipped_list") or []) or card in (p.get("carried") or []) \
                or card in (p.get("races") or []) or card in (p.get("classes") or []):
            return p["name"]
    return None


def _monster(sd: Mapping, i: int) -> str:
    c = sd.get("combat") or {}
    ms = c.get("monsters") or []
    return ms[i]["name"] if 0 <= i < len(ms) else "the monster"


# ---------------------------------------------------------------------- actions
def action_text(game: Any, a: Any, sd: Mapping | None = None) -> str:
    """The label of action ``a`` in game words, naming its card(s) and target; never an
    internal id.

    Args:
        game: a :class:`~munchkin_lab.engine.Game` or ``SolarStormGame``.
        a: an action legal in the current position (its label depends on the position:
            the monster ``n`` indexes, the room ``move n=`` enters, the pending choice).
        sd: ``game.state_dict()`` of the current position (computed when omitted).
    """
    sd = sd if sd is not None else game.state_dict()
    if is_solar(sd):
        return _solar_text(game, a)
    try:
        label = _munchkin_text(game, a, sd)
    except Exception:  # noqa: BLE001 - a label must never break the board: the engine's words
        return _strip_who(game.describe(a) if hasattr(game, "describe") else str(a))
    if a.kind == "use" and a.cards:  # the cards it is paid with (or aims at): one choice per set of them
        cards = [card_name(game, c) for c in a.cards]
        if not all(c in label for c in cards):
            label += f" (with {join_and(cards)})"
    return label


def _strip_who(label: str) -> str:
    label = label.split(": ", 1)[1] if ": " in label else label
    return label[:1].upper() + label[1:]


def _solar_text(game: Any, a: Any) -> str:
    label = _strip_who(game.describe(a))
    if a.kind == "end_actions":
        return "End the action phase (the ship takes damage next)"
    if a.kind in ("resolve", "done"):  # a V1 room: its action is not in our sources, the table rules on it
        st = getattr(game, "state", None)
        pos = st.players[a.player].pos if st is not None and 0 <= a.player < len(st.players) else None
        room = game.room_name(pos) if pos is not None and hasattr(game, "room_name") else "the room"
        if a.kind == "done":
            return f"Done: {room} resolved by hand"
        return f"Resolve {room}'s room action by hand (not automated)"
    return label


def _munchkin_text(game: Any, a: Any, sd: Mapping) -> str:  # noqa: C901 - one branch per kind
    nm = names(sd)
    k = a.kind
    cn = card_name(game, a.card) if a.card >= 0 else ""
    tn = nm.get(a.target, "") if a.target >= 0 else ""
    sp = _spec(game, a.card) if a.card >= 0 else None
    combat = sd.get("combat")
    pend = first_pending(sd)
    if pend is not None and pend.get("player") == a.player and k in ("choose", "accept", "refuse", "pass",
                                                                    "play", "resolve", "flight"):
        text = _pending_words(game, sd, pend, a, cn, tn)
        if text:
            return text
    if k == "pass":
        if sd.get("phase") == "setup":
            return "Ready: end my setup"
        if combat:  # (with no monster left, the fight ends when everybody passed)
            go = "go on" if combat.get("monsters") else "end"
            return f"Pass (let {nm.get(combat['fighter'], '?')}'s combat {go})"
        return "Pass"
    if k == "kick":
        if a.n == 1:
            top = (sd.get("discards") or {}).get("door") or []
            return f"Resurrect {top[0] if top else 'the top Door discard'} instead of kicking (Cleric)"
        return "Kick Down the Door"
    if k == "trouble":
        lv = f" (Level {sp.level})" if sp is not None and sp.level is not None else ""
        return f"Look for Trouble: fight {cn}{lv} from your hand"
    if k == "loot":
        return "Loot the Room (draw a face-down Door)"
    if k == "end_turn":
        return "End the turn"
    if k == "play":
        return _play_text(game, a, sd, sp, cn, tn)
    if k == "join":
        return f"Add {cn} to the combat (it joins for free)"
    if k == "equip":
        return f"Equip {cn}" + (f" ({signed(sp.bonus)})" if sp is not None and sp.bonus else "")
    if k == "unequip":
        return f"Unequip {cn} (keep carrying it)"
    if k == "carry":
        return f"Put {cn} on the table (carried, used later)"
    if k == "discard":
        return f"Discard your {cn}"
    if k == "sell":
        cards = [card_name(game, c) for c in a.cards]
        gold = sum((_spec(game, c).gold or 0) for c in a.cards if _spec(game, c) is not None)
        if a.n >= 0 and _spec(game, a.n) is not None:
            gold += _spec(game, a.n).gold or 0
        return f"Sell {join_and(cards)} ({gold:,} Gold: {plural(gold // 1000, 'Level')})"
    if k == "give":
        return f"Give {cn} to {tn}"
    if k == "trade":
        return f"Trade {cn} for {tn}'s {card_name(game, a.m)}"
    if k == "ask_help":
        offer = f", offering {plural(a.n, 'Treasure')}" if a.n else ""
        first = f" ({tn} picks first)" if a.m == 1 and a.n else ""
        items = f" and {join_and([card_name(game, c) for c in a.cards])}" if a.cards else ""
        return f"Ask {tn} for help{offer}{items}{first}"
    if k == "offer_help":
        price = f" for {plural(a.n, 'Treasure')}{' (you pick first)' if a.m == 1 else ''}" if a.n else ""
        return f"Offer to help {nm.get(combat['fighter'], '?') if combat else 'the fighter'}{price}"
    if k in ("fight", "run") and combat:
        ms = " and ".join(m["name"] for m in combat.get("monsters") or [])
        vs = f"{combat.get('munchkin_strength')} vs {combat.get('monster_strength')}"
        return f"Declare victory over {ms} ({vs})" if k == "fight" else f"Run Away from {ms} ({vs})"
    if k == "roll":
        return f"Roll to Run Away from {_monster(sd, a.n)}"
    if k == "evade":
        if a.card >= 0:
            return f"Give up {cn} so {_monster(sd, a.n)} leaves"
        return f"Let {_monster(sd, a.n)} go (it does not pursue you)"
    if k == "berserk":
        return f"Berserk: discard {cn} for +1 (Warrior)"
    if k == "flight":
        return f"Flight spell: discard {cn} for +1 to Run Away (Wizard)"
    if k == "charm":
        return f"Charm {_monster(sd, a.n)} away: discard your whole hand (Wizard)"
    if k == "turning":
        return f"Turning: discard {cn} for +3 against Undead (Cleric)"
    if k == "chase":
        return f"Chase {_monster(sd, a.n)} away (Cleric)"
    if k == "backstab":
        return f"Backstab {tn} (-2): discard {cn} (Thief)"
    if k == "steal":
        return f"Steal {card_name(game, a.m)} from {tn}: discard {cn}, roll 4+ (Thief)"
    if k == "charity":
        return f"Give {cn} to {tn} (Charity)" if a.target >= 0 else f"Discard {cn} (Charity)"
    if k == "choose":
        return f"Choose {cn}"
    if k == "resolve":
        return _resolve_text(game, a, nm, cn, tn)
    if k == "move":
        me = nm.get(a.player, "")
        d, key, room = room_target(sd, me, a.n)
        if room:
            return f"Move {d} into {_the(room)} ({key})"
        return f"Move {d} to new ground ({key})"
    if k == "stay":
        rv = rooms_view(sd) or {}
        at = str((rv.get("positions") or {}).get(nm.get(a.player, ""), "0,0"))
        here = ((rv.get("rooms") or {}).get(at) or {}).get("name") or f"the room at ({at})"
        return f"Stay in {_the(here)}"
    if k == "place":
        rv = rooms_view(sd) or {}
        key = f"{a.n},{a.m}"
        room = ((rv.get("rooms") or {}).get(key) or {}).get("name") or "the room"
        return f"Place {cn} face {'up' if a.target == 1 else 'down'} in {_the(room)} ({key})"
    if k == "pickup":
        return f"Pick up {cn}, left in this room (instead of looting)"
    if k == "peek":
        return "Peek at the next room tile (Psychic)" if a.target == 1 else f"Peek into the room at ({a.n},{a.m}) (Psychic)"
    if k == "portal":
        return f"Open the Portal {cn}"
    if k == "exit":
        if not a.cards:  # the four cards are chosen next, one decision each
            return "Discover an exit: choose four cards from your hand to discard"
        return f"Discover an exit: discard {join_and([card_name(game, c) for c in a.cards])}"
    if k == "character":
        return f"Take {cn} as your new Character"
    if k in ("door_pile", "treasure_pile"):
        pv = piles_view(sd) or {}
        deck = "door" if k == "door_pile" else "treasure"
        keys = ((pv.get("piles") or {}).get(deck)) or []
        pile = keys[a.n] if 0 <= a.n < len(keys) else f"pile {a.n}"
        return f"Draw your {'Doors' if deck == 'door' else 'Treasures'} from the {pile.split(':', 1)[-1]} pile"
    if k == "fd_give":
        return f"Give {cn} to {tn} (Fairy Dust)"
    return _strip_who(game.describe(a))


def _play_text(game: Any, a: Any, sd: Mapping, sp: Any, cn: str, tn: str) -> str:
    if sp is None:
        return _strip_who(game.describe(a))
    e = sp.effects or {}
    kind = sp.kind
    if e.get("cancel_curse"):
        return f"Cancel {card_name(game, a.m)} with {cn}" if a.m >= 0 else f"Cancel the Curse with {cn}"
    if e.get("set_die"):
        return f"Play {cn}: the next die shows {a.n}"
    if e.get("steal_level"):
        return f"Play {cn}: steal a Level from {tn}" if tn else f"Play {cn}"
    if e.get("hireling"):
        return f"Hire {cn}" + (f" to carry {card_name(game, a.m)}" if a.m >= 0 else "")
    if e.get("transfer_fighter"):
        return f"Play {cn}: {tn} fights instead" if tn else f"Play {cn}"
    if kind == "curse":
        return f"Curse {tn} with {cn}" if tn else f"Play the Curse {cn}"
    if kind == "go_up_a_level":
        return f"Go Up a Level with {cn}" + (f" ({tn})" if tn else "")
    if kind in ("race", "class"):
        return f"Become {'an' if cn[:1] in 'AEIOU' else 'a'} {cn} ({'Race' if kind == 'race' else 'Class'})"
    if kind == "item":
        bonus = f" {signed(sp.bonus)}" if sp.bonus else ""
        slot = {"headgear": "headgear", "armor": "armor", "footgear": "footgear", "one_hand": "1 hand",
                "two_hands": "2 hands", "vehicle": "Vehicle"}.get(sp.slot or "", "")
        info = ", ".join(x for x in (bonus.strip(), slot, "Big" if sp.big else "") if x)
        if a.m >= 0:
            return f"Play {cn} on {card_name(game, a.m)}"
        if hasattr(game, "can_use") and a.player >= 0 and a.card >= 0:
            # the engine's reason (Items.why_not_usable: "Warrior only"), else the slot's
            why = ((f"{game.why_not_usable(a.player, a.card)}, you cannot use it"
                    if hasattr(game, "why_not_usable") else "you cannot use it")
                   if not game.can_use(a.player, a.card)
                   else "no free slot" if game.why_slot(a.player, a.card) is not None else None)
            if why:  # the item goes on the table, carried (Playing: an item not usable now)
                return f"Carry the item {cn}" + (f" ({info})" if info else "") + f": {why} now"
        return f"Play the item {cn}" + (f" ({info})" if info else "")
    if kind == "monster_enhancer" or e.get("discard_monster"):
        return f"Play {cn} on {_monster(sd, a.n)}" + (f" ({signed(sp.bonus)})" if sp.bonus else "")
    if kind == "one_shot":
        if e.get("escape"):
            return f"Use {cn} to escape"
        if e.get("reroll_escape"):
            return f"Use {cn}: roll again"
        if e.get("take_discard"):
            return f"Use {cn}" + (f": take {card_name(game, a.m)} from the discards" if a.m >= 0 else "")
        if e.get("end_combat"):  # for either side the same (Playing: end_combat): no side named
            return f"Use {cn}: the combat ends"
        side = "for the monsters" if a.n == 1 else "for the munchkins"
        return f"Use {cn} {side}" + (f" ({signed(sp.bonus)})" if sp.bonus else "")
    if kind == "monster" and a.m >= 0:
        return f"Play {cn} with {card_name(game, a.m)}"
    if a.m >= 0:
        m = card_name(game, a.m)
        if sd.get("combat") and _spec(game, a.m) is not None and _spec(game, a.m).kind == "monster":
            return f"Play {cn}: {m} joins the combat"
        return f"Play {cn} on {m}"
    if tn:
        return f"Play {cn} on {tn}"
    return f"Play {cn}"


#: Card kinds whose by-hand effect never costs Levels by itself (a Race, a Class, an item, a
#: room): their manual resolution is a plain "done".
NO_LEVEL_KINDS = frozenset({"race", "class", "item", "room_tile", "dungeon", "portal", "character"})


def _resolve_text(game: Any, a: Any, nm: Mapping, cn: str, tn: str) -> str:
    parts = []
    if a.n:
        parts.append(f"{tn} {'goes up' if a.n > 0 else 'loses'} {plural(abs(a.n), 'Level')}")
    if a.cards:
        parts.append(f"{tn} discards {join_and([card_name(game, c) for c in a.cards])}")
    if not parts:
        return f"Done: {cn} ruled by hand (no Level or card changes)"
    return f"{cn} ruled by hand: " + "; ".join(parts)


def one_side_only(game: Any, acts: list) -> list:
    """``acts`` without the monsters' side (``n=1``) of a One-Shot that ends the combat
    (``end_combat``: Friendship Potion): played for either side it does the same (every
    monster leaves: Playing's ``end_combat``, which reads no side), so one action is offered."""
    def sideless(a: Any) -> bool:
        sp = _spec(game, a.card) if a.kind == "play" and a.card >= 0 else None
        return sp is not None and sp.kind == "one_shot" and bool((sp.effects or {}).get("end_combat"))

    return [a for a in acts if not (a.n == 1 and a.m < 0 and a.target < 0 and sideless(a))]


def manual_choices(game: Any, acts: list, sd: Mapping) -> list:
    """The choices the board offers (:func:`one_side_only`) and the by-hand resolutions worth
    offering for a manual card: all of them, except a Level change for a card whose kind never
    costs Levels (:data:`NO_LEVEL_KINDS`: becoming a Bug asks for no "lose 1 Level")."""
    acts = one_side_only(game, acts)
    pend = first_pending(sd)
    if not pend or pend.get("kind") != "manual":
        return acts
    sp = next((s for s in (getattr(game, "specs", None) or ()) if s.name == pend.get("card")), None)
    if sp is None or sp.kind not in NO_LEVEL_KINDS:
        return acts
    keep = [a for a in acts if not (a.kind == "resolve" and a.n)]
    return keep or acts


#: The most Treasures a human's priced offer of help lists (a combat rarely gives more).
MAX_OFFER_PRICE = 6


def priced_offers(game: Any, acts: list) -> list:
    """``acts`` with, after a free offer of help, the same offer for a price: 1 to all of the
    combat's Treasures (at most :data:`MAX_OFFER_PRICE`), the helper picking first - core
    rules, 7. Help: a helper may bargain for a share (the engine lists only the free offer;
    :meth:`~munchkin_lab.engine.Game.play` takes a price of 0 to the combat's Treasures and
    refuses more: ``CombatCards._why_bribe``)."""
    out = []
    for a in acts:
        out.append(a)
        if a.kind == "offer_help" and not a.n and getattr(game.state, "combat", None) is not None:
            out += [dataclasses.replace(a, n=k, m=1) for k in range(1, min(game.treasure_count(), MAX_OFFER_PRICE) + 1)]
    return out


def manual_note(game: Any, sd: Mapping, summary: str = "") -> str:
    """The line above the actions while a manual card waits: the card, that its effect is not
    automated, and what the player rules on (the card's own summary), e.g. ``"Bug (Race) is
    not automated: rule on it by hand. The card: ..."``; "" when no manual card waits."""
    pend = first_pending(sd)
    if not pend or pend.get("kind") != "manual":
        return ""
    name = pend.get("card") or "this card"
    sp = next((s for s in (getattr(game, "specs", None) or ()) if s.name == name), None)
    from .faces import KIND_LABELS

    kind = f" ({KIND_LABELS.get(sp.kind, sp.kind.replace('_', ' '))})" if sp is not None else ""
    text = f"{name}{kind} is not automated: rule on it by hand, then say what happened."
    return text + (f" The card: {summary}" if summary else "")


def _pending_words(game: Any, sd: Mapping, pend: Mapping, a: Any = None, cn: str = "", tn: str = "") -> str | None:
    """The words of the pending decision ``pend`` (the first of ``sd["pending"]``), one home per
    kind (help, gift, trade, offer, cancel, glue, flight, manual, react, choose), so the status line
    and the buttons answering it say the same thing: with ``a`` None, who must decide what
    (:func:`decision`); with ``a``, an action of the deciding player (``cn``, ``tn``: its card
    and target names), its button label (:func:`action_text`; None: the action's usual label)."""
    nm = names(sd)
    kind = pend.get("kind")
    actor = sd.get("actor")
    who = nm.get(actor, "?")
    k = None if a is None else a.kind
    if kind == "help":
        frm, n = nm.get(pend.get("from"), "?"), pend.get("treasures") or 0
        if a is None:
            return f"{who} must answer: {frm} asks for help" + (f", offering {plural(n, 'Treasure')}" if n else "")
        if pend.get("backout"):  # a forced helper and a fight for the win (Scooby-Doo rules)
            return f"Keep helping {frm}" if k == "accept" else f"Back out of {frm}'s fight for the win"
        if k == "accept":
            return f"Help {frm} in the combat" + (f" (for {plural(n, 'Treasure')})" if n else "")
        return f"Refuse to help {frm}" if k == "refuse" else None
    if kind == "gift":
        frm, card = nm.get(pend.get("from"), "?"), pend.get("card")
        if a is None:
            return f"{who} may take {card} from {frm} or refuse it"
        return {"accept": f"Take {card} from {frm}", "refuse": f"Refuse {card} from {frm}"}.get(k)
    if kind == "trade":
        frm, card, back = nm.get(pend.get("from"), "?"), pend.get("card"), pend.get("for")
        if a is None:
            return f"{who} may trade {back} for {frm}'s {card} or refuse"
        return {"accept": f"Trade {back} for {frm}'s {card}", "refuse": f"Keep {back}: refuse {frm}'s trade"}.get(k)
    if kind == "offer":
        frm, n = nm.get(pend.get("from"), "?"), int(pend.get("treasures") or 0)
        price = f" for {plural(n, 'Treasure')}" if n else ""
        if a is None:
            return f"{who} must answer {frm}'s offer to help{price}"
        return {"accept": f"Accept {frm}'s help{price}", "refuse": f"Refuse {frm}'s help"}.get(k)
    if kind == "cancel":
        card, victim = pend.get("card"), nm.get(pend.get("victim"), "?")
        if a is None:  # a seat's view hides who may react (the silent window)
            return f"{card} on {victim}: the others may react" if actor is None else \
                f"{who} may cancel {card} on {victim} or let it hit"
        return {"pass": f"Let {card} hit {victim}", "play": f"Cancel {card} on {victim} with {cn}"}.get(k)
    if kind == "glue":
        runner = nm.get(pend.get("runner"), "?")
        if a is None:
            return f"{runner} escaped: the others may react" if actor is None else \
                f"{who} may make {runner} roll again for {pend.get('monster')}"
        return {"pass": f"Let {runner} escape", "play": f"Play {cn}: {runner} must roll again"}.get(k)
    if kind == "flight":  # a Wizard after a failed Run Away roll (engine: runaway.py)
        die, monster = pend.get("die"), pend.get("monster")
        if a is None:
            return f"{who} rolled {die} against {monster}: flight may still get them away"
        return {"pass": f"Take the roll of {die} against {monster}",
                "flight": f"Flight: discard {cn} for +1 to the roll of {die}"}.get(k)
    if kind == "manual":
        if a is None:
            return f"{who} must resolve {pend.get('card')} by hand (its effect is not automated)"
        return _resolve_text(game, a, nm, cn, tn) if k == "resolve" else None
    if kind == "react":
        return _react_words(pend, a, who, actor, cn)
    if kind == "choose":
        return _choose_words(game, sd, pend, a, who, actor, cn)
    return f"{who} must decide" if a is None else None


def _react_words(pend: Mapping, a: Any, who: str, actor: Any, cn: str) -> str | None:
    """:func:`_pending_words` of a ``react`` decision: a card reacting to a die roll (Loaded
    Die) or offered after one (Invisibility Potion after a failed Run Away roll)."""
    die, card = pend.get("die"), pend.get("card")
    if a is None:
        shows = f"the die shows {die}" if die is not None else None
        if actor is None:  # a seat's view: a reaction from a hand is hidden (the silent window)
            return f"{shows[0].upper() + shows[1:] if shows else 'A card may be played'}: the others may react"
        return f"{who} may use {card}" + (f" ({pend.get('label')})" if pend.get("label") else "") \
            + (f": {shows}" if shows else "")
    if die is not None:
        return {"pass": f"Let the die show {die}", "play": f"Play {cn}: the die shows {a.n} instead of {die}"}.get(a.kind)
    if card:
        if a.kind == "pass":
            return f"Do not use {card}"
        if cn == card:  # the card the decision offers (Invisibility Potion: escape)
            return f"Use {cn}" + (f" ({pend['label']})" if pend.get("label") else "")
    return None


def _choose_words(game: Any, sd: Mapping, pend: Mapping, a: Any, who: str, actor: Any, cn: str) -> str | None:
    """:func:`_pending_words` of a ``choose`` decision, by its ``why``: a card to lose, take,
    loot, pick, pay the resurrection or Income Tax with."""
    nm = names(sd)
    why = pend.get("why")
    cause = cause_of(game, sd)
    opts = pend.get("options") or []
    if a is None:
        if why == "lose":
            return f"{who} must choose what to lose" + (f" to {cause_words(game, cause)}" if cause else "")
        if why == "take":
            owner = _owner_of(sd, opts[0], actor) if opts else None
            return f"{who} may take an item" + (f" from {owner}" if owner else "") + _caused(cause, game)
        if why == "resurrect_t":
            top = f" {opts[0]}" if opts else " the top card"
            return (f"{who} may resurrect{top} from the Treasure discards instead of drawing a Treasure face "
                    "up (Cleric)")
        if why == "tax":
            return (f"{who} must choose an item to discard ({cause or 'Income Tax'}): the others pay as much "
                    "in items")
        if why == "taxpay":
            owe = f" {pend['owe']:,} Gold" if pend.get("owe") else ""
            return f"{who} must pay{owe} in items" + (f" ({cause})" if cause else " (Income Tax)")
        if why == "exit":
            return f"{who} chooses four cards to discard for an exit ({pend.get('picked', 0)} of 4 chosen)"
        return {"loot": f"{who} loots a corpse: pick a card",
                "pick": f"{who} picks one of the face-up Treasures (sharing the reward)",
                "resurrect": f"{who} must discard a card for the resurrection (Cleric)",
                "hireling": f"{who} picks the Hireling that Kill the Hireling kills"}.get(why, f"{who} must decide")
    if a.kind == "pass":
        return "Draw the Treasures face up (no resurrection)" if why == "resurrect_t" else None
    if a.kind != "choose":
        return None
    if why == "lose":
        return f"Give up {cn}{_caused(cause, game)}"
    if why == "exit":
        return f"Discard {cn} for the exit ({pend.get('picked', 0) + 1} of 4)"
    if why == "take":
        if pend.get("from") is not None and a.card in _hand_of(game, pend["from"]):
            # Hippogriff: a card taken blind from the hand is never named (its owner's hand)
            return f"Take a card from {nm.get(pend['from'], '?')}'s hand, blind" + _caused(cause, game)
        owner = _owner_of(sd, cn, a.player)
        return f"Take {cn}" + (f" from {owner}" if owner else "") + _caused(cause, game)
    if why == "loot":
        dead = next((nm.get(c["player"]) for c in sd.get("corpses") or [] if cn in c.get("cards", [])), None)
        return f"Take {cn} from {dead + chr(39) + 's' if dead else 'the'} corpse"
    if why == "hireling":
        owner = next((p["name"] for p in sd.get("players", []) if p.get("hireling") == cn), None)
        return f"Kill {owner + chr(39) + 's ' if owner else ''}{cn}"
    if why in ("tax", "taxpay"):
        sp = _spec(game, a.card)
        gold = f", worth {sp.gold:,} Gold" if sp is not None and sp.gold else \
            (", worth nothing" if sp is not None and sp.gold == 0 else "")
        what = cause or "Income Tax"
        if why == "tax":  # the victim's item sets what the others pay
            return f"Discard {cn}{gold} ({what}: the others pay as much)"
        return f"Pay with {cn}{gold} ({what})"
    return {"pick": f"Take {cn} from the face-up Treasures",
            "resurrect": f"Discard {cn} for the resurrection (Cleric)",
            "resurrect_t": f"Resurrect {cn} from the Treasure discards instead of a face-up draw (Cleric: then "
                           "discard a card)"}.get(why, f"Choose {cn}")


def group_of(game: Any, a: Any, sd: Mapping) -> tuple[str, str] | None:
    """``(group title, short label)`` for actions that differ only by whom or which side they
    aim at, or by which card they take (Berserk, the Flight spell, unequip, carry, discard a
    Race or Class, a Thief's steal from one player; Solar Storm's Mess Hall swaps between two
    players), so the board shows them as one row ("Curse with Duck of Doom: P2 P3 P4"); None
    for an action that stands alone. A Solar Storm room's swaps are known by the room's action
    (``v2_action``: its ``room_action``), not its name: a designer's copy of the Mess Hall (V2)
    gets the same rows, titled by its own name."""
    if is_solar(sd):
        st = game.state
        pos = st.players[a.player].pos if a.kind == "room" and 0 <= a.player < len(st.players) else None
        if pos is None or game.v2_action(pos) != "Mess Hall" or len(a.cards) not in (2, 4):
            return None
        h = len(a.cards) // 2
        p, q = st.players[a.target].name, st.players[a.m].name
        give, take = ("+".join(game.res_type[c] for c in cs) for cs in (a.cards[:h], a.cards[h:]))
        return f"{game.room_name(pos)}: {p} and {q} swap Resources ({p}'s first):", f"{give} for {take}"
    nm = names(sd)
    k = a.kind
    cn = card_name(game, a.card) if a.card >= 0 else ""
    tn = nm.get(a.target, "") if a.target >= 0 else ""
    sp = _spec(game, a.card) if a.card >= 0 else None
    pend = first_pending(sd)
    if pend is not None and pend.get("kind") == "react" and pend.get("die") is not None and k == "play" \
            and pend.get("player") == a.player:
        return f"Play {cn}: the die shows", str(a.n)  # Loaded Die, after the roll: one button per value
    if pend is not None and pend.get("player") == a.player:
        return None
    if k == "play" and sp is not None:
        e = sp.effects or {}
        if sp.kind == "curse" and tn and a.m < 0:
            return f"Curse with {cn}:", tn
        if sp.kind == "go_up_a_level" and tn:
            return f"{cn} (Go Up a Level) for:", tn
        if e.get("steal_level") and tn:
            return f"{cn}: steal a Level from", tn
        if e.get("set_die") and a.m < 0 and not tn:
            return f"Play {cn}: the next die shows", str(a.n)
        if sp.kind == "one_shot" and not (e.get("escape") or e.get("reroll_escape") or e.get("take_discard")
                                          or e.get("discard_monster") or e.get("set_die") or e.get("end_combat")) \
                and a.m < 0 and not tn:
            return f"Use {cn}" + (f" ({signed(sp.bonus)})" if sp.bonus else "") + ":", \
                ("for the monsters" if a.n == 1 else "for the munchkins")
        if (sp.kind == "monster_enhancer" or e.get("discard_monster")) and sd.get("combat"):
            return f"Play {cn}" + (f" ({signed(sp.bonus)})" if sp.bonus else "") + " on", _monster(sd, a.n)
    if k == "use" and hasattr(game, "use_words"):  # an ability aimed at a player, monster, side, item, die value
        head, prep, target = game.use_words(a)
        if target:
            cost = f" (with {join_and([card_name(game, c) for c in a.cards])})" if a.cards else ""
            return (f"Use {head}{cost}{prep}" if prep.startswith(":") else f"Use {head}{cost} {prep}:"), target
    if k == "give" and tn:
        return f"Give {cn} to", tn
    if k == "trade" and tn and a.m >= 0:  # one row per Item of yours (the board folds it)
        return f"Trade {cn} for", f"{tn}'s {card_name(game, a.m)}"
    if k == "charity":
        return f"Charity: {cn} to", (tn if a.target >= 0 else "discard it")
    if k == "unequip" and cn:
        return "Unequip (keep carrying it):", cn
    if k == "carry" and cn:
        return "Put on the table (carried, used later):", cn
    if k == "discard" and cn:
        return "Discard your", cn
    if k == "berserk" and cn:
        return "Berserk (Warrior): discard for +1:", cn
    if k == "flight" and cn:
        return "Flight spell (Wizard): discard for +1 to Run Away:", cn
    if k == "backstab" and tn:
        return f"Backstab (-2), discard {cn}:", tn
    if k == "steal" and tn and a.m >= 0:
        return f"Steal from {tn} (Thief: discard {cn}, roll 4+):", card_name(game, a.m)
    if k == "ask_help" and tn:  # as the full label says it: "Ask P2 for help, offering 1 Treasure (P2 picks first)"
        if not a.n:
            return "Ask for help:", f"{tn}, offering nothing"
        first = f" ({tn} picks first)" if a.m == 1 else " (you pick first)"
        return "Ask for help:", f"{tn}, offering {plural(a.n, 'Treasure')}{first}"
    if k == "place":
        rv = rooms_view(sd) or {}
        key = f"{a.n},{a.m}"
        room = ((rv.get("rooms") or {}).get(key) or {}).get("name") or f"({key})"
        return f"Place {cn} face {'up' if a.target == 1 else 'down'} in", room
    return None


# ---------------------------------------------------------------------- status
#: A combat decision names only what the actor can do now (core rules, 7. Combat): the
#: fighter's and, while the others may interfere, each other player's choices in words.
_PLAY_KINDS = frozenset({"play", "use", "join"})
_FIGHT_WORDS = ((frozenset({"fight"}), "Declare victory"), (frozenset({"run"}), "Run Away"),
                (_PLAY_KINDS, "play cards"), (frozenset({"ask_help"}), "ask for help"))
_WINDOW_WORDS = ((_PLAY_KINDS, "play cards"), (frozenset({"offer_help"}), "offer help"),
                 (frozenset({"pass"}), "pass"))


def _kinds_now(game: Any, seat: int | None) -> set[str]:
    """The kinds of the actions ``seat`` may take now (with its any-time ones)."""
    if seat is None:
        return set()
    try:
        acts = game.legal_actions(labels=False, seat=seat)
    except TypeError:
        acts = game.legal_actions()
    return {a.kind for a in acts if a.player == seat}


def decision(game: Any, sd: Mapping | None = None) -> str:
    """Who must act now and why, as a sentence naming the card that caused a pending
    decision ("P2 must choose what to lose to Net Troll's Bad Stuff")."""
    sd = sd if sd is not None else game.state_dict()
    nm = names(sd)
    if is_solar(sd):
        return _solar_decision(sd, nm)
    if sd.get("phase") == "over":
        return game_over_text(sd)
    actor = sd.get("actor")
    who = nm.get(actor, "?")
    pend = first_pending(sd)
    if pend is not None:
        return _pending_words(game, sd, pend)
    phase = sd.get("phase")
    c = sd.get("combat")
    if c:
        f = nm.get(c["fighter"], "?")
        side = f + (f" and {nm.get(c['helper'])}" if c.get("helper") is not None else "")
        ms = join_and([m["name"] for m in c.get("monsters") or []])
        score = f"{c.get('munchkin_strength')} vs {c.get('monster_strength')}"
        lead = "the munchkins win" if c.get("winning") else "the monsters win (ties go to the monster)"
        stage = c.get("stage")
        if not c.get("monsters"):  # every monster left (bought off, charmed, sent away): no score
            return (f"No monster is left in {side}'s fight: {who} may still play cards (a Wandering "
                    "Monster brings one back in) or pass, before the fight ends")
        can = _kinds_now(game, actor)
        if stage == "window":
            may = join_or([w for ks, w in _WINDOW_WORDS if can & ks]) or "pass"
            return f"{who} may {may} in {side}'s fight against {ms}, {score}: {lead}"
        if stage == "run":
            return f"{who} must roll to Run Away from {ms}"
        may = join_or([w for ks, w in _FIGHT_WORDS if can & ks])
        return f"{who} fights {ms}, {score}: {lead}" + (f". {may[:1].upper()}{may[1:]}" if may else "")
    rooms = rooms_view(sd) is not None
    if phase == "setup":
        return f"{who} may play a Race, a Class and Items, then say ready"
    if phase == "start":
        return f"{who} moves: pick a direction or stay" if rooms else f"{who} must Kick Down the Door"
    if phase == "trouble":
        return f"{who} may Look for Trouble (a monster from the hand) or Loot the Room"
    if phase == "end":
        return f"{who} may play cards, then end the turn"
    if phase == "charity":
        ch = sd.get("charity") or {}
        n = int(ch.get("excess") or 0)
        return (f"{who} has {plural(n, 'card')} too many: Charity "
                f"(give {'it' if n == 1 else 'them'} to the lowest-Level player, or discard)")
    return f"{who} to act"


def _solar_decision(sd: Mapping, nm: Mapping) -> str:
    if sd.get("phase") == "over":
        return game_over_text(sd)
    who = nm.get(sd.get("actor"), "?")
    pend = sd.get("pending")
    if pend:
        k = pend.get("kind")
        if k == "scavenge":
            return f"{who} picks the scavenged Resource cards ({pend.get('left')} left)"
        if k == "bridge":
            return f"{who} puts the looked-at Damage cards back (The Bridge)"
        return f"{who} resolves {pend.get('room', 'the room')} by hand"
    if sd.get("phase") == "collect":
        return f"{who} collects Resources (2 from the deck or 1 face up)"
    return f"{who} has {plural(int(sd.get('actions_left') or 0), 'action')} left"


#: The combat's stage in the games' words (core rules, 7. Combat: the fight, the others
#: interfering, Running Away; "Rewards" once the monsters are killed): the status bar and the
#: combat panel.
STAGE_WORDS = {"fight": "Fight", "window": "Interference", "run": "Running Away"}


def phase_text(sd: Mapping) -> str:
    """The phase in the game's own terms ("Kick Down the Door", "Combat: Running Away"). While a
    won combat's Treasures are handed out (:data:`REWARD_CHOICES`) it is "Rewards", not a
    combat stage (core rules, 7. Combat: the loot is collected once the combat is finished;
    Rewards); while the others take a dead player's cards, "Looting the Corpse" (7. Death)."""
    if is_solar(sd):
        return {"actions": "Actions", "collect": "Resource collection", "over": "Game over"}.get(
            sd.get("phase"), str(sd.get("phase")))
    ph = sd.get("phase")
    pend = [d for d in sd.get("pending") or [] if d.get("kind") == "choose"]
    if any(d.get("why") in REWARD_CHOICES for d in pend):
        return "Rewards"  # the monsters are beaten (or gone): no longer a fight
    if any(d.get("why") == "loot" for d in pend):
        return "Looting the Corpse"
    if ph == "start" and rooms_view(sd) is not None:
        return "Movement"
    if ph == "combat" and sd.get("combat"):
        stage = sd["combat"].get("stage")
        return "Combat" if stage == "fight" or stage not in STAGE_WORDS else f"Combat: {STAGE_WORDS[stage]}"
    return PHASE_WORDS.get(ph, str(ph))


def game_over_text(sd: Mapping) -> str:
    """"Game over: P2 wins (Level 10) after 31 turns" (or the crew's result in Solar Storm)."""
    if is_solar(sd):
        return (f"Game over: the crew {'wins' if sd.get('won') else 'loses'} ({sd.get('reason')}) "
                f"after {plural(int(sd.get('turn') or 0), 'turn')}")
    who = join_and(sd.get("winner_names") or []) or "nobody"
    verb = "win" if len(sd.get("winner_names") or []) > 1 else "wins"
    reason = REASON_WORDS.get(sd.get("reason") or "", sd.get("reason") or "")
    return f"Game over: {who} {verb} ({reason}) after {plural(int(sd.get('turn') or 0), 'turn')}"


def status(game: Any, sd: Mapping | None = None) -> dict[str, Any]:
    """The status line as parts: ``{"turn": int, "whose": "P1's turn", "phase": game words,
    "actor": seat|None, "decision": sentence, "over": bool}``."""
    sd = sd if sd is not None else game.state_dict()
    nm = names(sd)
    return {"turn": sd.get("turn"), "whose": f"{nm.get(sd.get('active'), '?')}'s turn",
            "phase": phase_text(sd), "actor": sd.get("actor"), "decision": decision(game, sd),
            "over": sd.get("phase") == "over"}


def refusal(game: Any, kind: str, seat: int | None, sd: Mapping | None = None) -> str:
    """Why no action of ``kind`` is possible for ``seat`` now, in words without internal ids
    (the engine's rule with its source when the rule is about the phase; otherwise what is
    missing)."""
    sd = sd if sd is not None else game.state_dict()
    if seat is None:
        return "the game is over"
    from ..engine import Action  # local: words stays importable without the engine loaded

    who = names(sd).get(seat, "?")
    try:
        why = game.why_not(Action(seat, kind))
    except Exception:  # noqa: BLE001
        why = None
    if why and not _CARD_ID_RE.search(why) and "target" not in why and "monster n" not in why:
        return clean(game, why, sd)
    needs = {"play": f"none of {who}'s cards can be played now",
             "equip": f"{who} carries no item that can be equipped now",
             "trouble": f"{who} has no monster to Look for Trouble with now",
             "sell": f"{who} has nothing to sell now",
             "ask_help": "no one can be asked for help now",
             "give": f"{who} has no item to give now"}
    return needs.get(kind) or (clean(game, why, sd) if why else "not possible now")


def clean(game: Any, text: str, sd: Mapping | None = None) -> str:
    """``text`` with internal ids replaced: ``card 17`` -> its name, ``seat 2`` -> the player."""
    nm = names(sd) if sd else {}

    def card(m: re.Match) -> str:
        c = int(m.group(1))
        return card_name(game, c) if c >= 0 else "no card"

    text = _CARD_ID_RE.sub(card, text)
    if nm:
        text = _SEAT_RE.sub(lambda m: nm.get(int(m.group(1)), m.group(0)), text)
    return text


# ---------------------------------------------------------------------- what changed
def _in_play(p: Mapping) -> list[str]:
    return (list(p.get("equipped_list") or []) + list(p.get("carried") or []) + list(p.get("races") or [])
            + list(p.get("classes") or []) + ([p["hireling"]] if p.get("hireling") else []))


#: Action kinds whose own effect is the loss (no extra explanation for the actor).
_SELF_LOSS_KINDS = {"sell", "discard", "give", "trade", "charity", "exit", "charm", "berserk", "flight", "turning",
                    "backstab", "steal", "fd_give", "resolve"}


def changes(before: Mapping, after: Mapping, action: Any = None, new_lines: Iterable[str] = ()) -> list[str]:
    """What an action changed, as sentences: Levels (``"P3 loses 2 Levels (5 -> 3)"``), cards
    in play lost or taken from another player, cards lost from a hand (not the actor's own
    play), deaths. Facts the engine's new log lines already state (``"P3 loses X."``) are
    left out. Solar Storm: ``[]``.

    Args:
        before, after: ``state_dict()`` before and after the action.
        action: the action (its player and kind decide what is the action itself).
        new_lines: the log lines the action produced.
    """
    if is_solar(after) or is_solar(before):
        return []
    said = "\n".join(new_lines)
    actor = getattr(action, "player", None)
    kind = getattr(action, "kind", "")
    pb = {p["seat"]: p for p in before.get("players", [])}
    lost_by: dict[str, list[str]] = {}
    out: list[str] = []
    per: list[tuple[str, list[str]]] = []
    # an Item given or a trade, agreed to: the log line says who gave what to whom
    agreed = kind == "accept" and bool(before.get("pending")) and before["pending"][0].get("kind") in ("gift", "trade")
    for p in after.get("players", []):
        q = pb.get(p["seat"])
        if q is None:
            continue
        name = p["name"]
        bits: list[str] = []
        lb, la = q.get("level"), p.get("level")
        if lb is not None and la is not None and la != lb:
            d = la - lb
            bits.append(f"{'goes up' if d > 0 else 'loses'} {plural(abs(d), 'Level')} ({lb} \u2192 {la})")
        if q.get("alive", True) and not p.get("alive", True):
            bits.append("dies")
        gone = Counter(_in_play(q)) - Counter(_in_play(p))
        if gone and not (p["seat"] == actor and kind in _SELF_LOSS_KINDS) and not agreed and p.get("alive", True):
            cards = [c for c in gone.elements() if f"{name} loses {c}" not in said]
            if cards:
                bits.append(f"loses {join_and(cards)}")
            lost_by.update({c: name for c in gone})
        hb, ha = q.get("hand_count", 0), p.get("hand_count", 0)
        if ha < hb and p["seat"] != actor and p.get("alive", True) and kind != "charity":
            bits.append(f"loses {plural(hb - ha, 'card')} from the hand")
        if ha > hb and p["seat"] == actor and kind == "move":  # a room's draw (Star Munchkin Adventures)
            drawn = [f"{plural(n, f'{d.title()} card')}" for d, n in _drawn(before, after).items() if n > 0]
            bits.append(f"draws {join_and(drawn) if drawn else plural(ha - hb, 'card')} into the hand")
        per.append((name, bits))
    taken: list[str] = []
    if kind not in ("give", "fd_give", "choose") and not agreed:
        for p in after.get("players", []):
            q = pb.get(p["seat"])
            if q is None:
                continue
            new = Counter(_in_play(p)) - Counter(_in_play(q))
            for c in new.elements():
                frm = lost_by.get(c)
                if frm and frm != p["name"] and f"takes {c}" not in said:
                    taken.append(f"{p['name']} takes {c} from {frm}")
    for name, bits in per:
        if bits:
            out.append(f"{name} {join_and(bits)}")
    return out + taken


def _drawn(before: Mapping, after: Mapping) -> dict[str, int]:
    """Cards that left each draw pile between two ``state_dict()``s (Door, Treasure...)."""
    out = {}
    for name, info in (after.get("decks") or {}).items():
        old = (before.get("decks") or {}).get(name)
        ca = info.get("count", 0) if isinstance(info, Mapping) else int(info or 0)
        cb = old.get("count", 0) if isinstance(old, Mapping) else int(old or 0)
        if cb > ca:
            out[name.split(":")[-1]] = cb - ca
    return out


class Story:
    """The story of a game as the board tells it, one record per action played:

    ``marks[k]`` is the log length after ``k`` actions (``marks[0]``: the start), so log line
    ``i`` belongs to the action ``k`` with ``marks[k-1] <= i < marks[k]``; ``notes[k]`` the
    explanation lines of action ``k`` (:func:`changes`, with the cause when the action hit Bad
    Stuff or a Curse); ``levels[k]`` every player's Level and ``turns[k]`` the turn after ``k``
    actions (the Level-over-time chart).

    Kept in step by :meth:`record` / :meth:`truncate` while the board plays and undoes, and
    rebuilt by :meth:`sync` (a replay of the saved game) when the game moved without it.
    """

    def __init__(self, game: Any):
        self.game = None
        self.marks: list[int] = []
        self.notes: list[list[str]] = []
        self.levels: list[list[int]] = []
        self.turns: list[int] = []
        self.rebuild(game)

    def _snap(self, sd: Mapping, log_len: int) -> None:
        self.marks.append(log_len)
        self.levels.append([int(p.get("level") or 0) for p in sd.get("players", [])] if not is_solar(sd)
                           else [int(sd.get("diverted") or 0)])
        self.turns.append(int(sd.get("turn") or 0))

    def rebuild(self, game: Any) -> None:
        """Replay ``game``'s saved game from the start and record every action."""
        self.game = game
        self.marks, self.notes, self.levels, self.turns = [], [], [], []
        data = json.loads(game.to_json())
        acts = data.get("actions") or []
        data["actions"] = []
        try:
            g = type(game).from_json(json.dumps(data))
        except Exception:  # noqa: BLE001 - no replay possible: record the present only
            g = None
        if g is None or len(g.log) > len(game.log):
            sd = game.state_dict()
            self.marks = [0] * len(game.actions)
            self.notes = [[] for _ in game.actions]
            self.levels = [[int(p.get("level") or 0) for p in sd.get("players", [])]] * len(game.actions)
            self.turns = [int(sd.get("turn") or 0)] * len(game.actions)
            self.notes.append([])
            self._snap(sd, len(game.log))
            return
        sd = g.state_dict()
        self.notes.append([])
        self._snap(sd, len(g.log))
        for text in acts:
            before = sd
            n0 = len(g.log)
            g.play(text)
            sd = g.state_dict()
            self.notes.append(self._explain(g, before, sd, g.actions[-1], g.log[n0:]))
            self._snap(sd, len(g.log))

    def _explain(self, g: Any, before: Mapping, after: Mapping, action: Any, lines: list[str]) -> list[str]:
        ch = changes(before, after, action, lines)
        if not ch:
            return []
        text = "; ".join(ch)
        joined = " ".join(lines)
        cause = None
        if "Bad Stuff" in joined or "rolls" in joined or action.kind == "choose" or "curses" in joined:
            cause = cause_of(g, after, lines=max(4, len(lines) + 3))
        spec = next((s for s in (getattr(g, "specs", None) or ()) if s.name == cause), None) if cause else None
        if spec is not None and spec.kind == "monster" and ("Bad Stuff" in joined or action.kind == "choose"):
            text = f"Bad Stuff of {cause}: {text}"
        elif spec is not None and spec.kind == "curse":
            text = f"Curse {cause}: {text}"
        return [text]

    def record(self, game: Any, before: Mapping, action: Any, log_before: int) -> Mapping:
        """Record the action just played (``before``: the ``state_dict()`` before it,
        ``log_before``: the log length before it). Returns the new ``state_dict()``."""
        sd = game.state_dict()
        self.notes.append(self._explain(game, before, sd, action, game.log[log_before:]))
        self._snap(sd, len(game.log))
        return sd

    def truncate(self, n_actions: int) -> None:
        """Forget the records after ``n_actions`` actions (after undo)."""
        keep = n_actions + 1
        del self.marks[keep:], self.notes[keep:], self.levels[keep:], self.turns[keep:]

    def in_step(self, game: Any) -> bool:
        """True when the records match ``game`` (same game, action count and log length)."""
        return (self.game is game and len(self.marks) == len(game.actions) + 1
                and self.marks[-1] == len(game.log))

    def sync(self, game: Any) -> None:
        """Rebuild unless already :meth:`in_step` with ``game``."""
        if not self.in_step(game):
            self.rebuild(game)

    def action_of_line(self, i: int) -> int:
        """The number of actions after which log line ``i`` was written (0: the start)."""
        import bisect

        return bisect.bisect_right(self.marks, i)

    def lines(self, log: Sequence[str], last: int = 80) -> list[tuple[int, int, str, list[str]]]:
        """The newest ``last`` log lines as ``(line index, position, text, notes)``; ``notes``
        are the explanation lines shown after the last line of an action."""
        out = []
        start = max(0, len(log) - last)
        for i in range(start, len(log)):
            k = self.action_of_line(i)
            end = self.marks[k] - 1 if k < len(self.marks) else len(log) - 1
            notes = self.notes[k] if (k < len(self.notes) and i == end) else []
            out.append((i, k, log[i], notes))
        return out
