""""Try this card" on a card that reacts to an event (``from_hand``, or ``may`` on a card in
play): the position is one where P1 is asked whether to react with it. New-user finding: a
One-Shot that rerolls a failed Run Away was tried in a fight P1 won against the Practice
Dummy, where no roll ever comes, so the reaction could never be tried."""
from __future__ import annotations

from munchkin_lab.widgets.designer import try_board, try_game

STONE = {"name": "Lucky Stone", "kind": "one_shot", "deck": "treasure", "gold": 100, "provenance": "designer",
         "effects": {"abilities": [{"when": "run_away_rolled", "if": ["failed", {"player": "role:owner"}],
                                    "from_hand": True, "label": "roll again", "do": [{"reroll": True}]}]}}
CHARM = {"name": "Bog Charm", "kind": "item", "deck": "treasure", "slot": "none", "gold": 200, "provenance": "designer",
         "effects": {"abilities": [{"when": "run_away_rolled", "if": ["failed", {"player": "role:owner"}],
                                    "may": True, "label": "slip away", "do": [{"escape": True}]}]}}


def _react(g):
    d = g.state.pending[0]
    return d["kind"], d["player"], g.specs[d["card"]].name, d["event"]


def test_a_reaction_from_the_hand_is_tried_where_p1_is_asked():
    g, sc = try_game(STONE, "bog")
    assert _react(g) == ("react", 0, "Lucky Stone", "run_away_rolled")
    assert sc["losing"] >= 1 and sc["forced_dice"] == [1]
    assert [s.split(": ")[1] for s in sc["reaction_steps"]][-1].startswith("roll to Run Away")
    play = [a for a in g.legal_actions() if a.kind == "play"]
    assert [g.specs[a.card].name for a in play] == ["Lucky Stone"]
    g.play(play[0])  # it does what it says: the roll is made again, the card is spent
    assert "Lucky Stone" not in [g.specs[c].name for c in g.state.players[0].hand]
    assert any("rolls again" in str(line) for line in g.log)


def test_a_may_reaction_of_a_card_in_play_is_tried_where_p1_is_asked():
    g, sc = try_game(CHARM, "bog")
    assert _react(g) == ("react", 0, "Bog Charm", "run_away_rolled")
    use = [a for a in g.legal_actions() if a.kind != "pass"]
    assert use and all(g.specs[a.card].name == "Bog Charm" for a in use)
    g.play(use[0])  # the failed roll becomes an escape: P1 is out of the combat, nothing caught them
    assert g.state.combat is None or 0 not in g.state.combat.runners
    assert g.state.players[0].level == 3


def test_the_board_says_where_the_reaction_is_offered():
    b = try_board(STONE, "bog")
    text = b.message.value
    assert "asked now whether to react with it" in text and "roll to Run Away" in text
    assert "the die was set to 1" in text and "next die roll" not in text
