"""Advice for simple bots in Star Munchkin Adventures (not rules): what the One-Shots in the
hand add when a bot weighs the rooms it may move to, where to stop (:func:`best_stop`), and
which monster from the hand to Look for Trouble with. :meth:`RoomsModule.bot_hint` asks them."""
from __future__ import annotations


def hand_bonus(game, seat: int) -> int:
    """The bonuses of the One-Shots in ``seat``'s hand, added to its combat strength when a bot
    weighs a room's monster: a player counts the potions it holds before it walks in, and the
    greedy bots play them when a fight is not yet won."""
    specs = game.specs
    return sum(max(specs[c].bonus or 0, 0) for c in game.state.players[seat].hand
               if specs[c].kind == "one_shot")


def trouble_picks(rooms, game, seat: int, actions: list) -> list:
    """Look for Trouble with the strongest monster from the hand that ``seat`` beats alone in
    the room it stands in (its combat and monster bonuses counted), as a list of at most one
    action; ``[]`` when none is legal or none is beaten.

    Why a player does this (advice, not a rule): on the grid the Doors that start fights come
    from new ground, which ends with the tiles, and from cards put on rooms, which a room
    holding a card refuses; after a Door without a monster Looking for Trouble is allowed
    as in the core game (Star Munchkin Adventures rules, Other stuff on your turn), and a
    fight won brings Treasures and a Level that looting does not. The monster is weighed as
    the fight counts it (:func:`fight_cost`, the hand's One-Shots left out); a fight that
    turns out lost is run from as any other."""
    acts = [a for a in actions if a.kind == "trouble" and a.player == seat]
    if not acts:
        return []
    data = rooms._data(game, rooms._ms(game)["pos"][seat])
    ok = [a for a in acts if fight_cost(game, seat, [(a.card, ())], data, one_shots=False) <= 0.5]
    return sorted(ok, key=lambda a: (-(game.specs[a.card].level or 0), a.card))[:1]


def _side_strength(game, t: int, monsters: list, one_shots: bool) -> int:
    """Player ``t``'s combat strength against ``monsters`` by the monsters' own rules on the
    munchkin side (core rules, 7. Combat: a monster card may say that Levels or Items do not
    count: Insurance Salesman, Ghoulfiends): its strength now, less its Level or the bonuses of
    its Items in use when a monster says so; with ``one_shots`` the One-Shots in its hand are
    counted (they are Items too). A monster under which the munchkins fight with their Levels
    alone (``level_only``: Ghoulfiends) leaves the Level and nothing else, as the engine counts
    it (``CombatCards._level_only``)."""
    p = game.state.players[t]
    if any(game._lvl_only[m] for m in monsters):
        return 0 if any(game._lvl_nc[m] for m in monsters) else p.level
    total = game.player_strength(t)
    items = not any(game._items_nc[m] for m in monsters)
    if any(game._lvl_nc[m] for m in monsters):
        total -= p.level
    if not items:
        total -= sum(game.item_bonus(t, it) for it in p.equipped)
    elif one_shots:
        total += hand_bonus(game, t)
    return total


def fight_cost(game, seat: int, up: list, data: dict, one_shots: bool = True) -> float:
    """How little a simple bot wants to walk into a room holding the face-up cards ``up``
    (``(card, enhancers)`` pairs; advice, not a rule; 3 with no monster): 0.5 when ``seat``
    beats the monsters alone (the One-Shots in its hand counted unless ``one_shots=False``), 1.5 with the strongest other
    living player's help, 9 when not even then.

    Both sides are counted as the fight will count them, so that the room the bot picks is a
    fight its combat choices take on (the greedy fighter runs from a fight it does not win and
    the monsters stay there face up, Star Munchkin Adventures rules, Combat): the room's
    ``combat_bonus`` and ``monster_bonus``, the Monster Enhancers, a monster's bonus or penalty
    against the player's Race or Class, a monster under which Levels or Items do not count, and
    one nobody may help against (no help counted); under a monster that lets the munchkins
    fight with their Levels only (Ghoulfiends) the room's ``combat_bonus`` is no help either."""
    specs = game.specs
    monsters = [c for c, _ in up if specs[c].kind == "monster"]
    if not monsters:
        return 3.0
    est = 0
    for c, enh in up:
        if specs[c].kind == "monster":
            est += (specs[c].level or 0) + int(data.get("monster_bonus", 0) or 0)
            est += sum(specs[e].bonus or 0 for e in enh)
            for cond in game._bonus_vs[c]:
                if game.matches(seat, cond["if"], cond["bonus"] > 0, c):
                    est += cond["bonus"]
    bonus = 0 if any(game._lvl_only[m] for m in monsters) else int(data.get("combat_bonus", 0) or 0)
    here = _side_strength(game, seat, monsters, one_shots) + bonus
    if here > est:
        return 0.5
    if any(game._no_help[m] for m in monsters):
        return 9.0
    s = game.state
    help_ = max((_side_strength(game, t, monsters, False) + bonus
                 for t, p in enumerate(s.players) if t != seat and p.alive), default=0)
    return 1.5 if here + help_ > est else 9.0


def place_pick(rooms, game, seat: int, actions: list):
    """After the turn, the monster from the hand to place face down (advice, not a rule; None:
    none): the weakest one ``seat`` beats alone as :func:`fight_cost` weighs it in the room it
    goes to, on the free room nearest to it. A monster it cannot beat is kept: met and lost, it
    would stay face up, mostly next to START where the loser goes, and wall the table in.

    Measured and left out (600 greedy 4-player games of the preset, seed 2): placing also a
    monster beaten only with help halved the median game length (115 -> 66 turns) but not the
    turn cap (13.7% -> 14.0%): its fights are lost more often (help refused, a weaker player
    meeting it), and two thirds of the games that still reached the cap were then walled in
    at Level 1 or 2."""
    from .rooms import key, xy  # (rooms imports this module)

    specs = game.specs
    best = None
    x, y = xy(rooms._ms(game)["pos"][seat])
    for a in actions:
        if a.kind != "place" or a.player != seat or a.target != 0 or specs[a.card].kind != "monster":
            continue
        if fight_cost(game, seat, [(a.card, ())], rooms._data(game, key(a.n, a.m))) > 0.5:
            continue
        k = (specs[a.card].level or 0, abs(a.n - x) + abs(a.m - y), a.n, a.m, a.card)
        if best is None or k < best[0]:
            best = (k, a)
    return None if best is None else best[1]


def room_cost(rooms, game, seat: int, k: str) -> float:
    """How little a simple bot wants to stop in room ``k`` (lower is better; advice, not a
    rule): new ground 0, a face-down Door 1, face-up cards by :func:`fight_cost`
    (a monster it beats alone 0.5, with the strongest other player's help 1.5, not even then
    9; no monster 3), an empty room 2 (START 1.8: a token there keeps the other rooms free
    for Door cards; 1.2 with a Treasure left in it)."""
    from .rooms import START  # (rooms imports this module)

    r = rooms._ms(game)["grid"].get(k)
    if r is None:
        return 0.0
    if r["down"]:
        return 1.0
    if r["up"]:
        return fight_cost(game, seat, r["up"], rooms._data(game, k))
    return 1.2 if r["loot"] else 1.8 if k == START else 2.0


def best_stop(rooms, game, seat: int) -> tuple[float, int, list[int]]:
    """Breadth-first search over the rooms reachable this turn (R_MOVE: pass freely through
    empty rooms, stop at a room with cards or at new ground, never enter a room twice in a
    turn): ``(cost, steps, first moves)`` of the cheapest stop (:func:`room_cost`), the
    current room (staying) included with 0 steps. Rooms with a known rule on entry
    (forced moves, ON ENTRY/EXIT ops, a roll, a designer's ``enter_room``/``leave_room``
    ability) end the search there."""
    from .rooms import DIRS, key, xy  # (rooms imports this module)

    s = game.state
    ms = rooms._ms(game)
    grid = ms["grid"]
    tiles = bool(s.decks.get("room_tile"))
    here = ms["pos"][seat]
    best = (room_cost(rooms, game, seat, here), 0, [])
    seen = set(ms["visited"]) | {here}
    frontier = [(here, [])]
    steps = 0
    while frontier:
        steps += 1
        nxt = []
        for k, path in frontier:
            x, y = xy(k)
            for d, (dx, dy) in enumerate(DIRS):
                t = key(x + dx, y + dy)
                if t in seen or (t not in grid and not tiles):
                    continue
                seen.add(t)
                first = path or [d]
                cost = room_cost(rooms, game, seat, t)
                data = rooms._data(game, t)
                r = grid.get(t)
                # a rule the designer wrote in the language (enter_room/leave_room: a move...)
                written = r is not None and r["tile"] >= 0 and any(
                    ab.origin.startswith("abilities") and {"enter_room", "leave_room"} & set(ab.when)
                    for ab in game._prog[r["tile"]].abilities)
                if written or any(data.get(f) for f in ("on_entry", "destroy")) or (
                        data.get("forced_move") and not (r and rooms._has_cards(r))):
                    cost += 1.0  # it may carry the token on (cards there stop it) or cost something
                elif data.get("run_away_roll_required"):
                    cost += 0.5
                if (cost, steps) < best[:2]:
                    best = (cost, steps, first)
                if r is not None and not written and not rooms._has_cards(r) and not any(
                        data.get(f) for f in ("forced_move", "on_entry", "on_exit", "destroy",
                                              "run_away_roll_required")):
                    nxt.append((t, first))
        frontier = nxt
    return best
