"""The play screen's leftovers of the last review: the phase while a won combat's rewards are
handed out, the focus pane in decisions without a card, *Pause bots* after the game, the
contrast of the "Not now" buttons."""
from __future__ import annotations

import re

import pytest
from widget_helpers import bot_position, pending_why

from munchkin_lab.widgets import Board, words


def _phase(board) -> str:
    return re.search(r'class="mlab-phase">([^<]*)<', board.table.html).group(1)


@pytest.mark.parametrize("why", ["pick", "resurrect_t", "resurrect"])
def test_the_phase_says_rewards_while_a_won_combats_treasures_are_handed_out(base_deck, why):
    # pick: the face-up Treasures of a helped win, shared by the bribe (the combat has closed);
    # resurrect_t / resurrect: a Cleric fighter takes Treasure discards instead (the monsters are
    # killed, the combat not yet closed): core rules, 7. Combat (loot after the combat); Rewards
    def stop(g, sd):
        if pending_why(sd) != why:
            return False
        return why != "resurrect" or any(d.get("why") == "resurrect_t" for d in sd["pending"])

    g = bot_position(base_deck, stop)
    b = Board(g, journal=False)
    assert _phase(b) == "Rewards"
    assert "Combat" not in _phase(b)


def test_the_phase_says_looting_the_corpse_while_the_others_loot_a_dead_player(base_deck):
    g = bot_position(base_deck, lambda g, sd: pending_why(sd) == "loot")
    assert words.phase_text(g.state_dict()) == "Looting the Corpse"


def test_the_phase_is_still_combat_in_a_fight(base_deck):
    g = bot_position(base_deck, lambda g, sd: sd["phase"] == "combat" and not sd.get("pending"))
    assert words.phase_text(g.state_dict()).startswith("Combat")


def test_pause_bots_is_disabled_once_the_game_is_over_and_back_after_undo(base_deck):
    from munchkin_lab.engine import GameOptions

    b = Board.from_deck(base_deck, seed=3, options=GameOptions(max_turns=3), journal=False,
                        seats=["human", "greedy", "greedy", "greedy"])
    assert not b.pause_btn.disabled
    b.run_to_end()
    assert b.game.outcome() is not None
    assert b.pause_btn.disabled and b.step_btn.disabled and b.autoplay_n.disabled
    b.undo()
    assert b.game.outcome() is None
    assert not b.pause_btn.disabled and not b.autoplay_n.disabled
