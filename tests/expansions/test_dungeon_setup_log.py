"""Scooby-Doo Dungeons: the Dungeon turned face up at set-up is named in the log (new-user
finding: 98 turns without a word of the Drive-In Movie Theater in play from the start)."""
from __future__ import annotations

from munchkin_lab.play_cli import make_game


def test_the_starting_dungeon_is_named_in_the_log():
    g = make_game(deck="base_scooby_dungeons", seed=7, max_turns=1)
    first = g.state.module_state["scooby_doo"]["in_play"]
    assert len(first) == 1
    assert any(line.endswith(f"Dungeon: {g.name(first[0])} (turned face up at set-up).") for line in g.log), g.log[:5]
