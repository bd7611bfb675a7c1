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
