"""Board.from_deck with ``seats`` and no ``players`` (new-user finding: six roles raised
"seats: 6 role(s) for 4 players"): the count comes from the seats."""
from __future__ import annotations

import pytest

from munchkin_lab.widgets import Board


def test_six_seats_make_six_players(lab_db):
    b = Board.from_deck("base", seats=["greedy"] * 6, seed=3)
    assert len(b.game.state.players) == 6 and b.seats == ["greedy"] * 6
    assert b.players_w.value == 6


def test_no_seats_and_no_players_is_four(lab_db):
    assert len(Board.from_deck("base", seed=3).game.state.players) == 4


def test_a_count_that_disagrees_with_the_seats_is_still_refused(lab_db):
    with pytest.raises(ValueError, match="seats: 6 role"):
        Board.from_deck("base", players=4, seats=["greedy"] * 6)
