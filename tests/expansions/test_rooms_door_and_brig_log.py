"""Star Munchkin Adventures log lines (new-user findings): a Run Away in the Brig, which is
automatic there (SMA rules, Questions and Answers: Brig), read "rolls 3 (total 103)" - the
engine's automatic bonus shown as a total no card prints; and the Door cards turned up in a
room just entered had no line, so a monster or Curse appeared from nowhere in the story."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

START = {"name": "START", "kind": "room_tile", "deck": "room_tile", "effects": {"room": {"indestructible": True}}}
BRIG = {"name": "Brig", "kind": "room_tile", "deck": "room_tile",
        "effects": {"room": {"run_away_automatic_unless_fight": True}}}
HALL = {"name": "Hall", "kind": "room_tile", "deck": "room_tile"}
DRONE = {"name": "Killer Drone", "kind": "monster", "deck": "door", "level": 20, "treasures": 1,
         "effects": {"bad_stuff": [{"death": True}]}}
GOBLIN = {"name": "Space Goblin", "kind": "monster", "deck": "door", "level": 1, "treasures": 1}
ZAP = {"name": "Zap", "kind": "curse", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}}
BOOTS = {"name": "Rocket Boots", "kind": "item", "deck": "treasure", "slot": "footgear", "gold": 400}


def _game(decks: dict, level: int = 3):
    return build_game({"options": {"modules": ["rooms"]}, "cards": [START, BRIG, HALL, DRONE, GOBLIN, ZAP, BOOTS],
                       "players": [{"name": "Ann", "level": level}, {"name": "Bob", "level": 3}],
                       "decks": {"room_tile": ["START"], **decks}}, lambda n: None)


def test_a_run_away_in_the_brig_says_it_is_automatic_not_a_total_of_100_and_more():
    g = _game({"room:1,0": ["Brig", "Killer Drone"]})
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.state.forced.extend([1])
    g.play(Action(0, "roll", n=0))
    lines = g.log[n:]
    assert g.state.players[0].alive  # the rule itself: a 1 escapes in the Brig
    assert any(line.endswith("Ann rolls 1 (Running Away is automatic here) and escapes Killer Drone.")
               for line in lines), lines
    assert not any("total 1" in line for line in lines), lines


def test_new_ground_says_which_door_card_was_turned_up_there():
    g = _game({"room_tile": ["START", "Hall"], "door": ["Zap", "Space Goblin"]})
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    lines = [line.split("] ", 1)[1] for line in g.log[n:]]
    i = next(k for k, line in enumerate(lines) if line.startswith("Ann finds new ground: Hall"))
    assert lines[i + 1] == "Ann turns up the Door there: Zap.", lines  # (the top card: listed first)
    assert lines[i + 2] == "Zap hits Ann.", lines


def test_a_level_6_mover_on_new_ground_names_both_doors():
    g = _game({"room_tile": ["START", "Hall"], "door": ["Zap", "Space Goblin"]}, level=6)
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    lines = [line.split("] ", 1)[1] for line in g.log[n:]]
    assert "Ann turns up the Doors there: Zap, Space Goblin." in lines, lines


def test_a_placed_room_says_its_face_down_door_is_turned_up():
    g = _game({"room:1,0": ["Hall"], "room_down:1,0": ["Space Goblin"]})
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    lines = [line.split("] ", 1)[1] for line in g.log[n:]]
    assert "Ann turns up the Door there: Space Goblin." in lines, lines
