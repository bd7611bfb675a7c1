"""A room whose rule a designer wrote in the language (``enter_room``: ``move``) says in the log
what carried the player and where (new-user finding: a gust toward a spot with no tile left put
the player on START with no line, so the story said they were in the Wind Tunnel)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

START = {"name": "START", "kind": "room_tile", "deck": "room_tile", "effects": {"room": {"indestructible": True,
                                                                                          "start": True}}}
CHUTE = {"name": "Slide Chute", "kind": "room_tile", "deck": "room_tile",
         "effects": {"abilities": [{"when": "enter_room", "do": [{"move": "N"}]}]}}
HALL = {"name": "Hall", "kind": "room_tile", "deck": "room_tile"}


def _moved(decks: dict) -> tuple:
    g = build_game({"options": {"modules": ["rooms"]}, "cards": [START, CHUTE, HALL],
                    "players": [{"name": "Ann", "level": 3}, {"name": "Bob", "level": 3}],
                    "decks": {"room:0,1": ["Slide Chute"], "room_tile": ["START"], **decks}}, lambda n: None)
    n = len(g.log)
    g.play(Action(0, "move", n=0))
    return g.log[n:], g.state.module_state["rooms"]["pos"][0]


def test_a_gust_into_the_next_room_is_said_with_its_cause():
    lines, where = _moved({"room:0,2": ["Hall"]})
    assert where == "0,2"
    assert any(line.endswith("Ann is carried N by Slide Chute.") for line in lines), lines


def test_a_gust_toward_no_tile_left_says_the_player_goes_back_to_start():
    lines, where = _moved({})
    assert where == "0,0"
    assert any(line.endswith("Ann is carried N by Slide Chute: no room tile left that way, so back to START.")
               for line in lines), lines
