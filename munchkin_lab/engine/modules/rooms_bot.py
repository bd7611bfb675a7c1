"""Advice for simple bots in Star Munchkin Adventures (not rules): what the One-Shots in the
hand add when a bot weighs the rooms it may move to, and which monster from the hand to Look
for Trouble with. :meth:`RoomsModule.bot_hint` and ``RoomsModule._best_stop`` ask them."""
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
    fight won brings Treasures and a Level that looting does not. Monster-specific bonuses
    are not counted: a fight that turns out lost is run from as any other."""
    acts = [a for a in actions if a.kind == "trouble" and a.player == seat]
    if not acts:
        return []
    data = rooms._data(game, rooms._ms(game)["pos"][seat])
    mine = game.player_strength(seat) + int(data.get("combat_bonus", 0) or 0)
    extra = int(data.get("monster_bonus", 0) or 0)
    ok = [a for a in acts if (game.specs[a.card].level or 0) + extra < mine]
    return sorted(ok, key=lambda a: (-(game.specs[a.card].level or 0), a.card))[:1]


def _side_strength(game, t: int, monsters: list, one_shots: bool) -> int:
    """Player ``t``'s combat strength against ``monsters`` by the monsters' own rules on the
    munchkin side (core rules, 7. Combat: a monster card may say that Levels or Items do not
    count: Insurance Salesman, Ghoulfiends): its strength now, less its Level or the bonuses of
    its Items in use when a monster says so; with ``one_shots`` the One-Shots in its hand are
    counted (they are Items too)."""
    p = game.state.players[t]
    total = game.player_strength(t)
    items = not any(game._items_nc[m] for m in monsters)
    if any(game._lvl_nc[m] for m in monsters):
        total -= p.level
    if not items:
        total -= sum(game.item_bonus(t, it) for it in p.equipped)
    elif one_shots:
        total += hand_bonus(game, t)
    return total


def fight_cost(game, seat: int, up: list, data: dict) -> float:
    """How little a simple bot wants to walk into a room holding the face-up cards ``up``
    (``(card, enhancers)`` pairs; advice, not a rule; 3 with no monster): 0.5 when ``seat``
    beats the monsters alone (the One-Shots in its hand counted), 1.5 with the strongest other
    living player's help, 9 when not even then.

    Both sides are counted as the fight will count them, so that the room the bot picks is a
    fight its combat choices take on (the greedy fighter runs from a fight it does not win and
    the monsters stay there face up, Star Munchkin Adventures rules, Combat): the room's
    ``combat_bonus`` and ``monster_bonus``, the Monster Enhancers, a monster's bonus or penalty
    against the player's Race or Class, a monster under which Levels or Items do not count, and
    one nobody may help against (no help counted)."""
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
    bonus = int(data.get("combat_bonus", 0) or 0)
    here = _side_strength(game, seat, monsters, True) + bonus
    if here > est:
        return 0.5
    if any(game._no_help[m] for m in monsters):
        return 9.0
    s = game.state
    help_ = max((_side_strength(game, t, monsters, False) + bonus
                 for t, p in enumerate(s.players) if t != seat and p.alive), default=0)
    return 1.5 if here + help_ > est else 9.0
