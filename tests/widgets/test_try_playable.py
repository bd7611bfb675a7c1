""""Try this card" puts a card that is played from the hand where it can be played: the first
actions the board offers P1 include playing it (a One-Shot that lets you escape needs a
monster P1 loses to, and a Run Away: ``try_game`` builds that position)."""
from __future__ import annotations

import pytest

from munchkin_lab.widgets.designer import try_game

CARDS = [
    {"name": "Flask of Mud", "kind": "one_shot", "deck": "treasure", "gold": 100, "effects": {"escape": True}},
    {"name": "Swamp Gas", "kind": "one_shot", "deck": "treasure", "bonus": 3, "gold": 200, "effects": {"side": "either"}},
    {"name": "Extra Slimy", "kind": "monster_enhancer", "deck": "door", "bonus": 5, "effects": {"treasures": 1}},
    {"name": "Drain the Swamp", "kind": "go_up_a_level", "deck": "treasure", "effects": {"levels": 1}},
    {"name": "Bog Dweller", "kind": "race", "deck": "door", "effects": {"run_away": 1}},
    {"name": "Mud Monk", "kind": "class", "deck": "door", "effects": {"run_away": 1}},
]


@pytest.mark.parametrize("card", CARDS, ids=[c["name"] for c in CARDS])
def test_the_first_actions_offered_play_the_card_tried(card):
    g, sc = try_game(dict(card, provenance="designer"), "bog_fan")
    # as the board lists them for P1: the actor's flow and P1's any-time actions (a Race or Class
    # played during one's own combat: core rules, 6. When You May Act)
    offered = [a for a in g.legal_actions(seat=0) if a.player == 0 and a.card >= 0]
    assert any(g.specs[a.card].name == card["name"] for a in offered), [str(a) for a in g.legal_actions(seat=0)]


def test_an_escape_one_shot_is_tried_against_a_monster_p1_loses_to_while_running():
    g, sc = try_game(dict(CARDS[0], provenance="designer"), "bog_fan")
    assert sc["losing"] == 2
    c = g.state_dict()["combat"]
    assert c["monster_strength"] > c["munchkin_strength"]
    assert g.state.players[0].hand and g.specs[g.state.players[0].hand[0]].name == "Flask of Mud"


def test_a_card_played_at_once_keeps_the_plain_position():
    g, sc = try_game(dict(CARDS[1], provenance="designer"), "bog_fan")
    assert "losing" not in sc
    c = g.state_dict()["combat"]
    assert c["monster_strength"] < c["munchkin_strength"]  # the Practice Dummy, Level 1


def test_the_board_says_why_the_dummy_is_strong():
    from munchkin_lab.widgets.designer import try_board

    b = try_board(dict(CARDS[0], provenance="designer"), "bog_fan")
    assert "the Practice Dummy is Level 20, so P1 is losing and tries to Run Away" in b.message.value


def test_the_board_names_the_monster_p1_really_meets_when_a_class_is_tried():
    """New-user findings: a Class whose ability is used in a combat was said to meet "the
    Practice Dummy, Level 20", and then tried while P1 was already running away (where its
    ability is never offered). A Race or Class is tried against the Practice Rival at P1's
    own Level (a tie), in the fight, and the message says both."""
    from munchkin_lab.widgets.designer import try_board

    hex_class = {"name": "Bog Hexer", "kind": "class", "deck": "door", "provenance": "designer", "effects": {
        "abilities": [{"when": "use", "if": {"owner": "role:in_combat"}, "cost": [{"discard": "hand_card"}],
                       "limit": {"times": 1, "per": "combat"}, "who": "chosen_monster",
                       "do": [{"combat_strength": -3}]}]}}
    b = try_board(hex_class, "bog_fan")
    rival = [sp for sp in b.game.specs if sp.name == "Practice Rival"]
    assert rival and "Practice Dummy" not in b.message.value
    assert b.game.state_dict()["combat"]["stage"] == "fight"
    assert "against the Practice Rival, a monster of P1&#x27;s own combat strength" in b.message.value
    assert "play it and its ability is offered" in b.message.value
    assert rival[0].level == b.game.state.players[0].level


def test_the_board_says_which_tags_the_dummy_was_given():
    """New-user finding: an item with a bonus against a tag was tried against a Practice Dummy
    silently given that tag (7 vs 1, as if the bonus were unconditional): the message names it."""
    from munchkin_lab.widgets.designer import try_board

    boots = {"name": "Marsh Boots", "kind": "item", "deck": "treasure", "slot": "footgear", "bonus": 1,
             "gold": 300, "provenance": "designer", "effects": {"bonus_if": [{"if": "tag:undead", "bonus": 4}]}}
    b = try_board(boots, "bog_fan")
    dummy = next(sp for sp in b.game.specs if sp.name == "Practice Dummy")
    assert "undead" in dummy.tags
    assert "the Practice Dummy carries the tag Undead, which the card tests" in b.message.value
    plain = try_board(dict(boots, name="Plain Boots", effects={}), "bog_fan")
    assert "carries the tag" not in plain.message.value
