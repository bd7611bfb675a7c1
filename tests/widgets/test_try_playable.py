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
    offered = [a for a in g.legal_actions() if a.player == 0 and a.card >= 0]
    assert any(g.specs[a.card].name == card["name"] for a in offered), [str(a) for a in g.legal_actions()]


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
