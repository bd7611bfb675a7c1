"""The greedy bots play Star Munchkin Adventures as a player would (new-user finding: games on
the preset rarely ended, the bots parked at START and only looted): after a Door without a
monster they Look for Trouble with a monster from the hand they beat (a fight is the only
way to a Level once the tiles are laid), and they count the One-Shots in their hand when they
weigh a room's monster (``engine/modules/rooms_bot.py``). Advice, not rules."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.engine.policy import greedy_policy
from munchkin_lab.scenarios.runner import build_game
from munchkin_lab.sim.bots import GreedyBot

CARDS = [{"name": "START", "kind": "room_tile", "deck": "room_tile", "effects": {"room": {"indestructible": True}}},
         {"name": "Hall", "kind": "room_tile", "deck": "room_tile"},
         {"name": "Cyborg", "kind": "race", "deck": "door"},
         {"name": "Space Goblin", "kind": "monster", "deck": "door", "level": 1, "treasures": 1},
         {"name": "Space Orc", "kind": "monster", "deck": "door", "level": 4, "treasures": 1},
         {"name": "Space Troll", "kind": "monster", "deck": "door", "level": 15, "treasures": 2},
         {"name": "Stim Pack", "kind": "one_shot", "deck": "treasure", "bonus": 3, "gold": 100},
         {"name": "Credit Chip", "kind": "item", "deck": "treasure", "slot": "none", "gold": 300}]


def _game(hand, decks, ann=3, bob=1):
    sc = {"options": {"modules": ["rooms"]}, "cards": CARDS,
          "players": [{"name": "Ann", "level": ann, "hand": hand}, {"name": "Bob", "level": bob}],
          "decks": {"treasure": ["Credit Chip"] * 4, **decks}}
    return build_game(sc, lambda name: None)


def _name(g, a):
    return (a.kind, g.name(a.card) if a.card is not None and a.card >= 0 else None)


def test_after_a_door_without_a_monster_the_bot_looks_for_trouble_with_one_it_beats():
    # new ground to the north: Hall, its Door a Race (to Ann's hand); Ann (Level 3) holds a
    # monster she beats (Space Goblin, 1) and one she does not (Space Troll, 15)
    g = _game(["Space Goblin", "Space Troll"], {"room_tile": ["START", "Hall"], "door": ["Cyborg"]})
    g.play(Action(0, "move", n=0))
    assert g.state.phase == "trouble"
    for choose in (lambda: greedy_policy(g), lambda: GreedyBot(1).choose(g, 0)):
        assert _name(g, choose()) == ("trouble", "Space Goblin")
    g.play(greedy_policy(g))
    assert g.state.combat is not None and g.name(g.state.combat.monsters[0]) == "Space Goblin"


def test_no_trouble_with_a_monster_the_bot_does_not_beat():
    g = _game(["Space Troll"], {"room_tile": ["START", "Hall"], "door": ["Cyborg"]})
    g.play(Action(0, "move", n=0))
    a = greedy_policy(g)
    assert a.kind != "trouble" and GreedyBot(1).choose(g, 0).kind != "trouble"


def test_one_shots_in_hand_count_when_the_bot_weighs_a_room_s_monster():
    # Hall (north of START) holds a face-up Space Orc (4); Ann is Level 3, Bob Level 1 (help
    # is not enough: 3 + 1 = 4). A +3 One-Shot in hand makes the fight one she wins: she moves in.
    rooms = {"room:0,1": ["Hall", "Space Orc"], "room_tile": ["START"], "door": ["Cyborg"]}
    g = _game([], rooms)
    assert _name(g, greedy_policy(g)) == ("stay", None)
    g = _game(["Stim Pack"], rooms)
    assert greedy_policy(g) == Action(0, "move", n=0)
    assert GreedyBot(1).choose(g, 0) == Action(0, "move", n=0)


def test_the_bot_walks_to_a_treasure_left_in_an_empty_room_and_takes_it():
    # Hall (north of START) is empty but for a Treasure a dead player left; no tiles are left
    g = _game([], {"room:0,1": ["Hall"], "room_loot:0,1": ["Credit Chip"], "room_tile": ["START"],
                   "door": ["Cyborg"]})
    for _ in range(2):  # move north, then end the move there
        a = greedy_policy(g)
        assert a == GreedyBot(1).choose(g, 0)
        g.play(a)
    assert g.state.phase == "trouble"
    a = greedy_policy(g)
    assert _name(g, a) == ("pickup", "Credit Chip")
    g.play(a)
    assert [g.name(c) for c in g.state.players[0].hand] == ["Credit Chip"]


def test_the_bot_places_only_a_monster_it_beats():
    """Measured finding (20 room tiles, 300 greedy games): a monster placed that nobody beats is
    met, the fight lost, and it stays face up, mostly next to START where the loser goes; once
    the four rooms around START hold such monsters nobody gets out (27% of the games reached
    the turn cap, 56 of the 81 walled in). The bot keeps such a monster in its hand."""
    rooms = {"room_tile": ["START", "Hall"], "door": ["Cyborg"]}
    g = _game(["Space Troll", "Space Orc"], rooms)  # Ann (3) beats neither (4, 15)
    g.play(Action(0, "move", n=0))
    assert g.state.phase == "trouble"
    assert any(a.kind == "place" for a in g.legal_actions())
    for choose in (lambda: greedy_policy(g), lambda: GreedyBot(1).choose(g, 0)):
        assert choose().kind != "place"
    g = _game(["Space Troll", "Space Orc", "Stim Pack"], rooms)  # with +3 in hand she beats the Orc
    g.play(Action(0, "move", n=0))
    for choose in (lambda: greedy_policy(g), lambda: GreedyBot(1).choose(g, 0)):
        a = choose()
        assert _name(g, a) == ("place", "Space Orc") and a.target == 0


def test_a_room_with_a_written_entry_rule_is_weighed_as_one_with_a_printed_rule():
    """A designer room whose rule is written in the language (``enter_room``: a gust moves the
    player on) is no plain room to the bot (new-user finding: the bots stepped into such a room
    every turn and were blown back): of two rooms with a monster it beats the bot takes the
    plain one, where before it took the first direction it looked at (north)."""
    tunnel = {"name": "Wind Tunnel", "kind": "room_tile", "deck": "room_tile",
              "effects": {"abilities": [{"when": "enter_room", "if": {"not": "forced_entry"},
                                         "do": [{"move": "S"}]}]}}
    for north, want in (("Hall", 0), ("Wind Tunnel", 2)):
        sc = {"options": {"modules": ["rooms"]}, "cards": CARDS + [tunnel],
              "players": [{"name": "Ann", "level": 3}, {"name": "Bob", "level": 1}],
              "decks": {"treasure": ["Credit Chip"] * 4, "door": ["Cyborg"], "room_tile": ["START"],
                        "room:0,1": [north, "Space Goblin"], "room:0,-1": ["Hall", "Space Goblin"]}}
        g = build_game(sc, lambda name: None)
        assert greedy_policy(g) == Action(0, "move", n=want), north


def _room_game(monster, ann=6, bob=1, ann_items=()):
    cards = CARDS + [monster, {"name": "Laser Sword", "kind": "item", "deck": "treasure", "slot": "one_hand",
                               "bonus": 5, "gold": 400}]
    sc = {"options": {"modules": ["rooms"]}, "cards": cards,
          "players": [{"name": "Ann", "level": ann, "equipped": list(ann_items)}, {"name": "Bob", "level": bob}],
          "decks": {"treasure": ["Credit Chip"] * 4, "door": ["Cyborg"], "room_tile": ["START"],
                    "room:0,1": ["Hall", monster["name"]]}}
    return build_game(sc, lambda name: None)


def test_a_room_s_monster_is_weighed_as_the_fight_counts_it():
    """Measured finding (200 greedy games of the preset, seed 1: 27.5% reached the turn cap):
    the bot weighed a room's monster by its plain combat strength, its combat choices by the
    fight's (Insurance Salesman: Levels do not count; Ghoulfiends: Levels alone; Gazebo: no
    help), so it walked every turn into a fight it then ran from (in the Brig, where running is
    free, for ever). Now it stays, and still walks into a fight it wins."""
    accountant = {"name": "Space Accountant", "kind": "monster", "deck": "door", "level": 5, "treasures": 2,
                  "effects": {"level_doesnt_count": True}}
    g = _room_game(accountant)  # Ann: Level 6, no Items: 0 against it
    assert g.player_strength(0) == 6
    for a in (greedy_policy(g), GreedyBot(1).choose(g, 0)):
        assert a.kind == "stay"
    # Bob (Level 1) adds nothing either; with a +5 Sword Ann has 5: a tie, which the monster wins
    assert greedy_policy(_room_game(accountant, ann_items=["Laser Sword"])).kind == "stay"
    weaker = dict(accountant, name="Junior Accountant", level=4)  # 5 > 4: she walks in
    g = _room_game(weaker, ann=1, ann_items=["Laser Sword"])
    for a in (greedy_policy(g), GreedyBot(1).choose(g, 0)):
        assert a == Action(0, "move", n=0)

def test_a_monster_nobody_may_help_against_is_weighed_without_help():
    gazer = {"name": "Lone Gazer", "kind": "monster", "deck": "door", "level": 8, "treasures": 2,
             "effects": {"no_help": True}}
    plain = dict(gazer, name="Plain Gazer", effects={})
    # Ann Level 6, Bob Level 5: together 11 > 8 (the plain one: she walks in, counting on help)
    assert greedy_policy(_room_game(plain, bob=5)) == Action(0, "move", n=0)
    for a in (greedy_policy(g := _room_game(gazer, bob=5)), GreedyBot(1).choose(g, 0)):
        assert a.kind == "stay"


def test_a_monster_fought_with_levels_alone_is_weighed_by_levels_alone():
    """Measured finding (200 greedy games of the preset, seed 1: 21.0% reached the turn cap):
    the bot weighed Ghoulfiends (``level_only``: the munchkins' Levels and nothing else) with
    the players' Items, so a Level 1 table walked into it every turn, ran, and was sent back to
    START for 300 turns. Now the Levels alone count, for the fighter and the helper alike
    (17.5% after)."""
    ghoul = {"name": "Space Ghoul", "kind": "monster", "deck": "door", "level": 8, "treasures": 2,
             "effects": {"level_only": True}}
    plain = dict(ghoul, name="Plain Ghoul", effects={})
    # Ann Level 1 with a +5 Sword (6), Bob Level 3: 9 > 8 for the plain one, 1 + 3 = 4 for the ghoul
    assert greedy_policy(_room_game(plain, ann=1, bob=3, ann_items=["Laser Sword"])) == Action(0, "move", n=0)
    g = _room_game(ghoul, ann=1, bob=3, ann_items=["Laser Sword"])
    assert g.player_strength(0) == 6
    for a in (greedy_policy(g), GreedyBot(1).choose(g, 0)):
        assert a.kind == "stay"
    # at Level 9 Ann beats it alone, Sword or not
    g = _room_game(ghoul, ann=9)
    for a in (greedy_policy(g), GreedyBot(1).choose(g, 0)):
        assert a == Action(0, "move", n=0)
