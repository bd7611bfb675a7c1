"""Counted Treasures in the log (a new user's report: "draws 0 Treasure(s) face down" after a
kill with the Treasure deck empty)."""
from __future__ import annotations

from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action

SCENARIO = """\
name: a kill with no Treasure left to draw
rule: "core rules, 7. Rewards"
players:
  - {name: Ann, level: 2}
  - {name: Bob}
decks: {door: [Lame Goblin, Lame Goblin], treasure: [%s]}
steps:
  - {actor: Ann, action: kick}
  - {actor: Ann, action: fight}
  - {actor: Bob, action: pass}
"""


def _log_after_kill(tmp_path, treasures: str) -> list[str]:
    p = tmp_path / "kill.yaml"
    p.write_text(SCENARIO % treasures)
    sc = load_scenario(p)
    g = build_game(sc, database_resolver(sc.get("sets")))
    g = g[0] if isinstance(g, tuple) else g
    for i, st in enumerate(sc["steps"]):
        g.play(make_action(g, st, f"steps[{i}]"))
    return g.log


def test_no_treasure_to_draw_says_so(tmp_path):
    assert _log_after_kill(tmp_path, "")[-1] == "[t1] Ann draws no Treasure."


def test_one_treasure_is_singular(tmp_path):
    assert _log_after_kill(tmp_path, "Spiky Knees, Slimy Armor")[-1] == "[t1] Ann draws 1 Treasure face down."


def test_out_of_turn_refusal_in_a_combat_names_the_stage_in_game_words(tmp_path):
    """"(combat, fight)" was the engine's state; now the game's words."""
    from munchkin_lab.engine import Action

    p = tmp_path / "kick.yaml"
    p.write_text(SCENARIO.split("steps:")[0] % "Spiky Knees" + "steps:\n  - {actor: Ann, action: kick}\n")
    sc = load_scenario(p)
    g = build_game(sc, database_resolver(sc.get("sets")))
    g = g[0] if isinstance(g, tuple) else g
    g.play(make_action(g, sc["steps"][0], "steps[0]"))
    assert g.why_not(Action(1, "kick")) == "it is Ann's decision now, not Bob's (Combat: the fight)"
