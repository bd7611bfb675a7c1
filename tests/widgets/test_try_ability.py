""""Try this card" on a card with an ability taken by an action (``when: use``, or a power
such as Berserk): the position is one where P1 is offered that ability, at once or once the
card is played from the hand. New-user finding: a designer Race whose ability is used in a
combat was tried with P1 already running away (the Run Away rolls begun), where no ability
of the fight is offered (core rules, 7. Combat; engine README, *Any-time actions*)."""
from __future__ import annotations

import pytest

from munchkin_lab.widgets.designer import try_board, try_game

IN_COMBAT = {"owner": "role:in_combat"}
RUNNING = {"owner": "role:runner"}


def _ability(when_if, **extra):
    return {"abilities": [{"when": "use", "if": when_if, "limit": {"times": 1, "per": "combat"},
                           "who": "owner", "do": [{"combat_strength": 2} if when_if is IN_COMBAT else {"run_away": 2}],
                           **extra}]}


CARDS = [
    ({"name": "Bog Troll", "kind": "race", "deck": "door", "effects": _ability(IN_COMBAT)}, "fight"),
    ({"name": "Bog Barbarian", "kind": "class", "deck": "door",
      "effects": _ability(IN_COMBAT, cost=[{"discard": "card"}])}, "fight"),
    ({"name": "Bog Flyer", "kind": "race", "deck": "door", "effects": _ability(RUNNING)}, "run"),
    ({"name": "Bog Wand", "kind": "item", "deck": "treasure", "slot": "one_hand", "gold": 200,
      "effects": _ability(IN_COMBAT)}, "fight"),
    ({"name": "Bog Cloak", "kind": "item", "deck": "treasure", "slot": "armor", "gold": 200,
      "effects": _ability(RUNNING)}, "run"),
    ({"name": "Bog Hound", "kind": "special", "deck": "treasure", "gold": 0,
      "effects": {"hireling": True, **_ability(IN_COMBAT)}}, "fight"),
    ({"name": "Bog Kid", "kind": "character", "deck": "character", "effects": _ability(IN_COMBAT)}, "fight"),
]


def _uses_after(g, name):
    """The P1 actions that use card ``name`` in ``g``, at once or after P1 plays it."""
    def uses(game):
        return [a for a in game.legal_actions(seat=0)
                if a.kind == "use" and a.card >= 0 and game.specs[a.card].name == name]
    now = uses(g)
    if now:
        return now
    for a in g.legal_actions(seat=0):
        if a.kind == "play" and a.card >= 0 and g.specs[a.card].name == name:
            g.play(a)
            return uses(g)
    return []


@pytest.mark.parametrize("card,stage", CARDS, ids=[c["name"] for c, _ in CARDS])
def test_the_ability_of_the_card_tried_is_offered(card, stage):
    g, sc = try_game(dict(card, provenance="designer"), "bog_fan")
    assert g.state_dict()["combat"]["stage"] == stage
    used = _uses_after(g, card["name"])
    assert used, [str(a) for a in g.legal_actions(seat=0)]
    before = g.state_dict()["players"][0]
    g.play(used[0])  # and it does what it says: +2 to P1's combat strength, or to the Run Away rolls
    if stage == "fight":
        assert g.state_dict()["players"][0]["combat_strength"] == before["combat_strength"] + 2


def test_a_race_used_in_a_fight_is_tried_in_the_fight_not_while_running():
    g, sc = try_game(dict(CARDS[0][0], provenance="designer"), "bog_fan")
    assert "losing" not in sc
    assert not g.state_dict()["combat"]["pending_run_away"]


def test_the_board_says_the_ability_is_offered():
    b = try_board(dict(CARDS[0][0], provenance="designer"), "bog_fan")
    assert "play it and its ability is offered" in b.message.value
    w = try_board(dict(CARDS[3][0], provenance="designer"), "bog_fan")
    assert "its ability is offered now" in w.message.value
    plain = try_board({"name": "Bog Plain", "kind": "race", "deck": "door", "provenance": "designer",
                       "effects": {"run_away": 1}}, "bog_fan")
    assert "ability is offered" not in plain.message.value
