"""Scenario error messages a new user met: a "did you mean" for an unknown action or a card
named in a step, and the FAIL line naming the scenario by its ``name:``."""
from __future__ import annotations

from munchkin_lab.scenarios.runner import run_file

BASE = """
name: Goblin test
cards:
  - {name: Goblin, kind: monster, deck: door, level: 1, treasures: 1}
  - {name: Coin, kind: item, deck: treasure, slot: none, gold: 100}
players:
  - {name: Ann, hand: [Coin]}
  - {name: Bob}
decks:
  door: [Goblin]
  treasure: [Coin]
"""


def _run(tmp_path, steps):
    p = tmp_path / "my_file.yaml"
    p.write_text(BASE + "steps:\n" + steps)
    return run_file(p, lambda n: None)


def test_an_unknown_action_suggests_the_close_one_and_the_fail_line_uses_the_name(tmp_path):
    r = _run(tmp_path, "  - {actor: Ann, action: kik}\n")
    assert not r.ok and "step 1.action: unknown action 'kik' (did you mean 'kick'?) (known: " in r.message
    assert r.name == "Goblin test"
    path = tmp_path / "my_file.yaml"
    line = path.read_text().splitlines().index("  - {actor: Ann, action: kik}") + 1  # file:line, as card files
    assert r.line().startswith(f"FAIL {path}: Goblin test: error: {path}:{line}: step 1.action: unknown action 'kik'")


def test_a_misspelt_card_of_a_step_suggests_the_one_held(tmp_path):
    r = _run(tmp_path, "  - {actor: Ann, action: sell, cards: [Coim]}\n")
    assert not r.ok and "step 1: unknown card 'Coim' (did you mean 'Coin'?) (not inline" in r.message, r.message


def test_a_misspelt_card_of_the_start_position_suggests_the_close_one(tmp_path):
    p = tmp_path / "my_file.yaml"
    p.write_text(BASE.replace("hand: [Coin]", "hand: [Gobln]") + "steps: []\n")
    r = run_file(p, lambda n: None)
    assert not r.ok and "unknown card 'Gobln' (did you mean 'Goblin'?) (not inline, not in the database)" in r.message


def test_several_problems_of_a_file_come_in_line_order(tmp_path):
    p = tmp_path / "multi.yaml"
    p.write_text("name: multi\nseed: '7'\ncards:\n  - {name: Sludge, kind: monster, deck: door, level: '3', treasures: 1}\n"
                 "players:\n  - name: Ann\n    level: '5'\n  - name: Bob\n    level: x\nsteps: []\n")
    r = run_file(p, lambda n: None)
    assert not r.ok and r.name == "multi"
    import re

    lines = [int(n) for n in re.findall(rf"{re.escape(str(p))}:(\d+):", r.message)]
    assert lines == [2, 4, 7, 9], r.message


def test_a_misspelt_card_of_a_deck_suggests_the_real_card_never_the_typo(tmp_path):
    # (the deck's own list of names once stood in for the known cards: the typo came back)
    from munchkin_lab.scenarios.runner import database_resolver

    p = tmp_path / "decks.yaml"
    p.write_text("name: decks\nplayers:\n  - {name: Ann}\n  - {name: Bob}\n"
                 "decks:\n  door: [Potted Plnat, Jugling Ghoul]\nsteps: []\n")
    r = run_file(p, database_resolver())
    assert not r.ok
    assert "decks.door[0]: unknown card 'Potted Plnat' (did you mean 'Potted Plant'?)" in r.message, r.message
    # no card is close to this one: nothing is suggested, least of all the name as typed
    assert "decks.door[1]: unknown card 'Jugling Ghoul' (not inline, not in the database)" in r.message, r.message


def test_a_misspelt_card_of_a_step_suggests_a_database_card_not_in_the_game(tmp_path):
    from munchkin_lab.scenarios.runner import database_resolver

    p = tmp_path / "step.yaml"
    p.write_text("name: step\nplayers:\n  - {name: Ann}\n  - {name: Bob}\n"
                 "steps:\n  - {actor: Ann, action: play, card: Potted Plnat}\n")
    r = run_file(p, database_resolver())
    assert not r.ok and "step 1: unknown card 'Potted Plnat' (did you mean 'Potted Plant'?)" in r.message, r.message


def test_a_repeated_player_name_and_an_unknown_card_are_both_reported(tmp_path):
    p = tmp_path / "both.yaml"
    p.write_text(BASE.replace("{name: Bob}", "{name: Ann}").replace("hand: [Coin]", "hand: [Gobln]") + "steps: []\n")
    r = run_file(p, lambda n: None)
    assert not r.ok
    assert "players: names must be distinct ('Ann' twice)" in r.message, r.message
    assert "players[0].hand[0]: unknown card 'Gobln' (did you mean 'Goblin'?)" in r.message, r.message
