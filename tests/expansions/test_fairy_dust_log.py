"""The log of a Fairy Dust combat tells its story in order (Munchkin Fairy Dust rules, Getting
Fairy Dust Cards: a helper earns a card when the side wins): the kill line comes before the
helper's Fairy Dust; a combat a Wizard's charm emptied says it was won before what the win
earns, and its Treasures, alone or helped, have their draw line (core rules, 7. Combat: still a
victory; Rewards)."""
from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action

FD = Path(__file__).resolve().parents[1] / "scenarios" / "fairy_dust"


def _story(file: str) -> list[str]:
    sc = load_scenario(FD / file)
    g = build_game(sc, database_resolver())
    n = len(g.log)
    for i, step in enumerate(sc["steps"]):
        if "action" in step:
            g.play(make_action(g, step, f"steps[{i}]"))
    return [x.split("] ", 1)[1] for x in g.log[n:]]


@pytest.mark.parametrize("file, last_three", [
    # the kill line comes before the helper's Fairy Dust
    ("helper_earns_dust_win.yaml",
     ["Ann and Bob kill Orc (13 vs 12).",
      "Bob gets 1 Fairy Dust card (helped a winning combat).",
      "Ann draws 2 Treasures face up."]),
    # a helped combat a charm emptied is won, then the helper earns Fairy Dust
    ("helper_earns_dust_when_a_charm_wins.yaml",
     ["Nobody brought a monster back: the combat ends without a kill; it counts as a victory for Ann and Bob "
      "(no Level for it).",
      "Bob gets 1 Fairy Dust card (helped a winning combat).",
      "Ann draws 2 Treasures face up."]),
    # a Fairy charmed alone gives her Treasures with a draw line
    ("wizard_charming_the_fairy_defeats_her.yaml",
     ["No monster is left: the others may still react before the combat closes.",
      "Nobody brought a monster back: the combat ends without a kill; it counts as a victory for Ann "
      "(no Level for it).",
      "Ann draws 4 Treasures face down."]),
], ids=["kill_line_before_the_helpers_dust", "charm_emptied_helped_combat_won_then_dust",
        "fairy_charmed_alone_draw_line"])
def test_the_last_lines_of_a_fairy_dust_combat(file, last_three):
    lines = _story(file)
    assert lines[-3:] == last_three, lines


def test_her_four_treasures_are_drawn_before_the_fairy_dust_left_goes_on_the_treasure_deck():
    """Munchkin Fairy Dust rules, Killing the Sparkly Good Fairy: four regular Treasures and two
    Fairy Dust cards, then what is left of the Fairy Dust goes on top of the Treasure deck -
    the log said the draw last, as if the Fairy Dust were among the Treasures."""
    lines = _story("helper_of_the_fairy_kill_gets_dust.yaml")
    assert lines[-5:] == ["Ann and Bob kill Sparkly Good Fairy (5 vs 4).",
                          "Ann draws 4 Treasures face up.",
                          "Ann gets 2 Fairy Dust cards (killed the Sparkly Good Fairy).",
                          "Bob gets 1 Fairy Dust card (helped a winning combat).",
                          "1 Fairy Dust card goes on top of the Treasure deck (Munchkin Fairy Dust rules: "
                          "Killing the Sparkly Good Fairy)."], lines


def test_slain_by_a_card_the_fairy_dust_left_goes_under_the_treasures_still_drawn():
    lines = _story("fairy_slain_by_a_card_gives_the_kill_reward.yaml")
    assert lines[-2:] == ["2 Fairy Dust cards go on top of the Treasure deck, under the 4 Treasures Ann draws now "
                          "(Munchkin Fairy Dust rules: Killing the Sparkly Good Fairy).",
                          "Ann draws 4 Treasures face down."], lines

