"""The log says why a Level did not change (new-user findings 12 and 13): a Thief who fails a
theft at Level 1 stays at Level 1 (core rules, Card Text and These Rules, 1), and a card that
gives a Level to a Level 9 player gives none, because a card never gives the winning Level
(Card Text and These Rules, 4). Before, the first said "loses a Level" and the second said
nothing."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game, make_action

RULE1 = "core rules, Card Text and These Rules, 1"
RULE4 = "core rules, Card Text and These Rules, 4"


def _lines(g, n):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def _failed_theft(resolver, level):
    g = build_game({"players": [{"name": "Ann", "level": level, "class": "Thief", "hand": ["Spiky Knees"]},
                                {"name": "Bob", "equipped": ["Helm of Courage"]}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, resolver)
    n = len(g.log)
    g.state.forced.append(1)
    g.play(make_action(g, {"actor": "Ann", "action": "steal", "card": "Spiky Knees", "target": "Bob",
                           "with": "Helm of Courage"}, "steal"))
    return g, _lines(g, n)


def test_a_failed_theft_at_level_one_says_the_thief_stays_at_level_one(resolver):
    g, lines = _failed_theft(resolver, 1)
    assert g.state.players[0].level == 1
    assert lines[-1] == f"Ann fails to steal (roll 1) and stays at Level 1 (no Level below 1: {RULE1})."
    g, lines = _failed_theft(resolver, 4)
    assert g.state.players[0].level == 3
    assert lines[-1] == "Ann fails to steal (roll 1) and loses 1 Level (now Level 3)."


def _room_game(resolver, level):
    cards = [{"name": "START", "kind": "room_tile", "deck": "room_tile",
              "effects": {"room": {"indestructible": True, "start": True}}},
             {"name": "Test Tub Room", "kind": "room_tile", "deck": "room_tile",
              "effects": {"room": {"on_entry": [{"gain_levels": 1}]}}}]
    return build_game({"options": {"modules": ["rooms"]}, "cards": cards,
                       "players": [{"name": "Ann", "level": level}, {"name": "Bob", "level": 3}],
                       "decks": {"room:1,0": ["Test Tub Room"], "room_tile": ["START"], "door": ["Potted Plant"]}},
                      resolver)


def test_a_level_from_a_card_at_level_nine_says_why_none_is_given(resolver):
    g = _room_game(resolver, 9)
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    assert g.state.players[0].level == 9
    assert _lines(g, n) == ["Ann moves to Test Tub Room at 1,0.",
                            f"Test Tub Room: Ann stays at Level 9 (a card cannot give the winning Level: {RULE4})."]
    g = _room_game(resolver, 3)
    n = len(g.log)
    g.play(Action(0, "move", n=1))
    assert _lines(g, n) == ["Ann moves to Test Tub Room at 1,0.", "Test Tub Room: Ann goes up 1 Level (now Level 4)."]


def _jinx(resolver, level):
    cards = [{"name": "Jinx", "kind": "class", "deck": "door", "effects": {"abilities": [
        {"when": "use", "who": "chosen_other_player", "do": [{"levels": -1}]}]}}]
    g = build_game({"cards": cards, "phase": "trouble",
                    "players": [{"name": "Ann", "level": 3, "class": "Jinx"}, {"name": "Bob", "level": level}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, resolver)
    n = len(g.log)
    g.play(make_action(g, {"actor": "Ann", "action": "use", "card": "Jinx", "n": 0, "target": "Bob"}, "use"))
    return g, _lines(g, n)


def test_a_level_lost_at_level_one_by_an_ability_says_the_player_stays_at_level_one(resolver):
    """The ``levels`` op of an ability says a loss at Level 1 in the failed theft's words
    (Card Text and These Rules, 1); before, it said nothing."""
    g, lines = _jinx(resolver, 1)
    assert g.state.players[1].level == 1
    assert lines[-1] == f"Jinx: Bob stays at Level 1 (no Level below 1: {RULE1})."
    g, lines = _jinx(resolver, 4)
    assert g.state.players[1].level == 3
    assert lines[-1] == "Jinx: Bob loses 1 Level (now Level 3)."


def test_bad_stuff_at_level_one_says_only_what_the_whole_card_took(resolver):
    """Bad Stuff written in the language (Tongue Demon: lose 2 Levels) on a Level 1 player: the
    card's own event says it once, "nothing to take" (core rules, 7. Running Away and Bad
    Stuff), not a second line from its ``levels`` op."""
    g = build_game({"players": [{"name": "Ann", "level": 1}, {"name": "Bob"}],
                    "decks": {"door": ["Tongue Demon"], "treasure": []}}, resolver)
    n = len(g.log)
    for a in (Action(0, "kick"), Action(0, "run"), Action(1, "pass")):
        g.play(a)
    g.state.forced.append(1)
    g.play(Action(0, "roll", n=0))
    lines = _lines(g, n)
    assert lines[-2:] == ["Ann rolls 1: Tongue Demon catches them. Bad Stuff!",
                          "Tongue Demon's Bad Stuff: nothing to take from Ann."]


def _set_level_curse(resolver, level, op):
    cards = [{"name": "Win Curse", "kind": "curse", "deck": "door", "effects": {"ops": [op]}}]
    g = build_game({"cards": cards, "players": [{"name": "Ann", "level": level}, {"name": "Bob"}],
                    "decks": {"door": ["Win Curse"], "treasure": []}}, resolver)
    n = len(g.log)
    g.play(Action(0, "kick"))
    return g, _lines(g, n)


def test_set_level_above_nine_acts_as_nine_and_the_log_says_so(resolver):
    """A designer Curse ``set_level: 10`` (new-user finding): the Level became 9, never the
    winning Level (Card Text and These Rules, 4); before, the Level did not change at all and
    the log said "nothing to take"."""
    g, lines = _set_level_curse(resolver, 3, {"set_level": 10})
    assert g.state.players[0].level == 9 and not g.state.winners
    assert lines[-2:] == [f"Win Curse: Level 10 acts as Level 9 for Ann (a card cannot give the winning Level: {RULE4}).",
                          "Win Curse: Ann goes up 6 Levels (now Level 9)."]
    g, lines = _set_level_curse(resolver, 9, {"set_level": 12})
    assert g.state.players[0].level == 9
    assert lines[-2] == f"Win Curse: Ann stays at Level 9 (a card cannot give the winning Level: {RULE4})."
    g, lines = _set_level_curse(resolver, 5, {"set_level": 2})
    assert g.state.players[0].level == 2 and lines[-1] == "Win Curse: Ann loses 3 Levels (now Level 2)."


def test_set_level_with_the_winning_switch_may_give_the_winning_level(resolver):
    g, lines = _set_level_curse(resolver, 3, {"set_level": 10, "winning": True})
    assert g.state.players[0].level == 10 and g.state.winners == [0]
    assert lines[-2:] == ["Win Curse: Ann goes up 7 Levels (now Level 10).", "Ann reaches Level 10 and wins!"]
