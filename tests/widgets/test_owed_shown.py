"""A reward a card moved the fight away from (Transferral Potion after a kill by a card: the
combat's ``owed``, paid when it closes) was invisible: neither ``state_dict()`` / ``view()``,
nor the board's combat panel, nor ``play --human``'s situation said that Ann still gets her
Level and Treasures when the moved combat ends. Now each does, and stops once they are paid."""
from __future__ import annotations

import pytest

from munchkin_lab.play_cli import _situation
from munchkin_lab.scenarios.runner import make_action
from munchkin_lab.widgets import Board, words

SCENARIO = """
name: Ann kills the Floating Nose with Potion of Halitosis, Bob takes the fight with Transferral Potion
players:
  - {name: Ann, level: 2, hand: [Potion of Halitosis]}
  - {name: Bob, level: 3, hand: [Wandering Monster, Net Troll, Transferral Potion]}
  - {name: Cid, level: 3}
decks: {door: [Floating Nose], treasure: [Spiky Knees, Helm of Courage, Leather Armor, Slimy Armor]}
steps: []
"""
STEPS = [{"actor": "Ann", "action": "kick"},
         {"actor": "Bob", "action": "play", "card": "Wandering Monster", "with": "Net Troll"},
         {"actor": "Ann", "action": "play", "card": "Potion of Halitosis", "mode": "kill the Floating Nose"}]
MOVE = {"actor": "Bob", "action": "play", "card": "Transferral Potion", "target": "Bob"}
OWED = "Ann is owed 1 Level and 3 Treasures when this combat ends."


@pytest.fixture()
def board(lab_db, tmp_path):
    path = tmp_path / "owed.yaml"
    path.write_text(SCENARIO)
    b = Board.from_scenario(path, journal=False)
    for i, step in enumerate(STEPS):
        b.play(make_action(b.game, step, f"steps[{i}]"))
    return b


def _nose(g):
    """The Floating Nose's Treasures and the Levels of its kill (the card's own numbers)."""
    sp = g.specs[g.card_ids("Floating Nose")[0]]
    return sp.treasures, g._levels_of_kill(g.card_ids("Floating Nose")[0], ())


def test_the_state_dict_view_board_and_terminal_say_what_is_owed(board):
    g = board.game
    assert g.state_dict()["combat"]["owed"] == []  # nothing moved yet: nothing owed
    assert words.owed_lines(g.state_dict()) == []
    board.play(make_action(g, MOVE, "move"))
    treasures, levels = _nose(g)
    assert (treasures, levels) == (3, 1)  # (the words below are these numbers)
    sd = g.state_dict()
    assert sd["combat"]["fighter"] == 1
    assert sd["combat"]["owed"] == [{"player": 0, "levels": levels, "treasures": treasures,
                                     "helper": None, "helper_levels": 0}]
    for seat in range(3):  # public: every seat's view has it
        assert g.view(seat)["combat"]["owed"] == sd["combat"]["owed"]
    assert words.owed_lines(sd) == [OWED]
    assert f'data-testid="combat-owed">{OWED}<' in board.table.html
    lines = _situation(sd, 1)
    assert lines[1] == OWED and lines[0].startswith("Combat: ")
    # undone, nothing is owed any more, and the board says so too (its payment at the end of
    # the moved combat: the scenario transferral_potion_the_killers_reward_comes_after_the_moved_combat)
    board.undo()
    assert g.state_dict()["combat"]["owed"] == [] and "combat-owed" not in board.table.html


def test_owed_lines_add_up_per_player_and_leave_out_the_dead():
    """Two moved fights owe the same player (summed, in the order won); an Elf helper's Levels
    of the kill are the helper's; a player who died meanwhile is owed nothing (core rules,
    7. Death)."""
    players = [{"seat": 0, "name": "Ann", "alive": True}, {"seat": 1, "name": "Bob", "alive": True},
               {"seat": 2, "name": "Cid", "alive": False}]
    owed = [{"player": 1, "levels": 2, "treasures": 1, "helper": 0, "helper_levels": 1},
            {"player": 1, "levels": 0, "treasures": 2, "helper": None, "helper_levels": 0},
            {"player": 2, "levels": 1, "treasures": 1, "helper": None, "helper_levels": 0}]
    sd = {"players": players, "combat": {"owed": owed}}
    assert words.owed_lines(sd) == ["Bob is owed 2 Levels and 3 Treasures when this combat ends.",
                                    "Ann is owed 1 Level when this combat ends."]
    assert words.owed_lines({"players": players, "combat": None}) == []
