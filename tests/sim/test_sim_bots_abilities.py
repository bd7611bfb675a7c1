"""The greedy bot uses card abilities (new-user finding): it answers a ``react`` decision (a
card that reacts from the hand such as Loaded Die or a designer's die for anyone's roll, a
``may`` ability) by trying each answer
on a copy of the game, and takes a ``use`` ability that gets it away while running away; it
declines when the ability does not help its side."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game
from munchkin_lab.sim.bots import GreedyBot

#: a designer Item: used as an action in a combat, it discards itself and its owner escapes
POD = {"name": "Escape Pod", "kind": "item", "deck": "treasure", "gold": 200, "slot": "none",
       "effects": {"abilities": [{"when": "use", "if": {"owner": "role:in_combat"},
                                  "cost": [{"discard": "self"}], "label": "eject",
                                  "do": [{"escape": True}]}]}}
#: a designer One-Shot: after anyone's die roll, set it (the Loaded Die answers only its
#: holder's own roll: official FAQ), so a bot may spoil a rival's escape
MEDDLE = {"name": "Meddling Die", "kind": "one_shot", "deck": "treasure", "gold": 300,
          "effects": {"abilities": [{"when": "die_rolled", "from_hand": True, "label": "set the die",
                                     "do": [{"set_die": "this"}]}]}}


@pytest.fixture(scope="module")
def resolver(base_deck):
    by_name = {sp.name.lower(): sp for sp, _ in base_deck.specs()}
    return lambda name: by_name.get(name.lower())


def _rolled(resolver, ann_level, ann_hand, bob_level, bob_hand, die, monster="Gazebo"):
    """Ann kicks ``monster`` (Gazebo: Level 8, Bad Stuff lose 3 Levels), runs, the window
    passes and she rolls ``die``: the first ``react`` decision is pending."""
    sc = {"cards": [MEDDLE], "players": [{"name": "Ann", "level": ann_level, "hand": ann_hand},
                      {"name": "Bob", "level": bob_level, "hand": bob_hand}],
          "decks": {"door": [monster], "treasure": []}, "forced_dice": [die]}
    return _kick_run_roll(build_game(sc, resolver))


def _kick_run_roll(g):
    """Ann kicks, runs, the window passes, she rolls: the first ``react`` decision is pending."""
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    while g.state.combat.stage == "window":
        g.play(Action(g.actor(), "pass"))
    g.play(Action(0, "roll"))
    assert g.state.pending and g.state.pending[0]["kind"] == "react"
    return g


def test_a_failed_own_roll_is_set_to_an_escape_with_the_loaded_die(resolver):
    g = _rolled(resolver, 2, ["Loaded Die"], 3, [], die=1)
    die = g.state.players[0].hand[0]
    a = GreedyBot(1).choose(g, 0)
    assert (a.kind, a.card) == ("play", die) and a.n >= 5  # Gazebo: Run Away on 5 or 6
    g.play(a)
    assert g.state.combat is None and g.state.players[0].level == 2
    assert g.log[-1].endswith("and escapes Gazebo.")


def test_a_successful_own_roll_keeps_the_loaded_die(resolver):
    g = _rolled(resolver, 2, ["Loaded Die"], 3, [], die=6)
    assert GreedyBot(1).choose(g, 0) == Action(0, "pass")


def test_a_rival_s_escape_is_spoiled_and_a_trailing_player_s_is_left_alone(resolver):
    # Ann (Level 4) leads Bob (Level 3): Bob sets her die to a failure
    g = _rolled(resolver, 4, [], 3, ["Meddling Die"], die=6)
    assert g.actor() == 1
    a = GreedyBot(1).choose(g, 1)
    assert a.kind == "play" and a.n <= 4
    g.play(a)
    assert g.state.players[0].level == 1  # caught: 3 Levels lost
    assert g.state.players[1].hand == []
    # Ann (Level 2) trails Bob: no card spent on her roll
    g = _rolled(resolver, 2, [], 3, ["Meddling Die"], die=6)
    assert GreedyBot(1).choose(g, 1) == Action(1, "pass")


def test_a_roll_already_going_the_bot_s_way_is_passed_without_copies(resolver, monkeypatch):
    from munchkin_lab.engine.game import Game

    g_own = _rolled(resolver, 2, ["Loaded Die"], 3, [], die=6)  # Ann's own roll escapes
    g_rival = _rolled(resolver, 4, [], 3, ["Meddling Die"], die=2)  # the leader's roll fails
    assert [g_own.run_away_result(0, 0, f)[1] for f in range(1, 7)] == [False] * 4 + [True] * 2

    def no_copy(self):
        raise AssertionError("a copy of the game")

    monkeypatch.setattr(Game, "copy", no_copy)
    assert GreedyBot(1).choose(g_own, 0) == Action(0, "pass")
    assert GreedyBot(1).choose(g_rival, 1) == Action(1, "pass")


def test_the_halfling_rerolls_a_failed_first_roll(resolver):
    sc = {"players": [{"name": "Ann", "level": 2, "race": "Halfling", "hand": ["Potted Plant"]},
                      {"name": "Bob", "level": 3}],
          "decks": {"door": ["Gazebo"], "treasure": []}, "forced_dice": [1]}
    g = _kick_run_roll(build_game(sc, resolver))
    d = g.state.pending[0]
    assert d["kind"] == "react" and g.specs[d["card"]].name == "Halfling"
    a = GreedyBot(1).choose(g, 0)
    # a reroll is worth more than the certain Bad Stuff (3 Levels) on the bot's trial dice
    assert a.kind == "use" and a.card == d["card"] and len(a.cards) == 1


def _pod_game(resolver, level):
    sc = {"cards": [POD], "players": [{"name": "Ann", "level": level, "equipped": ["Escape Pod"]},
                                      {"name": "Bob"}],
          "decks": {"door": ["Bigfoot"], "treasure": []}}
    g = build_game(sc, resolver)
    g.play(Action(0, "kick"))
    return g


def test_an_escape_ability_is_used_while_running_away_not_in_the_fight(resolver):
    g = _pod_game(resolver, 1)
    bot = GreedyBot(1)
    # fighting, the escape does nothing (only runners get away): the bot runs
    assert any(a.kind == "use" for a in g.legal_actions(labels=False))
    assert bot.choose(g, 0) == Action(0, "run")
    g.play(Action(0, "run"))
    while g.state.combat.stage == "window":
        g.play(Action(g.actor(), "pass"))
    a = bot.choose(g, 0)
    assert a.kind == "use" and g.specs[a.card].name == "Escape Pod"  # before any roll
    g.play(a)
    assert g.state.combat is None and g.state.players[0].equipped == []
    assert g.log[-1].endswith("Ann uses Escape Pod and gets away.")


def test_no_ability_is_spent_on_a_fight_that_is_won(resolver):
    sc = {"cards": [POD], "players": [{"name": "Ann", "level": 5, "equipped": ["Escape Pod"]}, {"name": "Bob"}],
          "decks": {"door": ["Lame Goblin"], "treasure": ["Potted Plant"]}}
    g = build_game(sc, resolver)
    g.play(Action(0, "kick"))
    assert GreedyBot(1).choose(g, 0) == Action(0, "fight")


#: designer Items with ``use`` abilities out of a combat: one trades itself for a Level, one
#: costs a chosen rival a Level (once a turn), one throws itself away for a Level less
CHARM = {"name": "Lucky Charm", "kind": "item", "deck": "treasure", "gold": 100, "slot": "none",
         "effects": {"abilities": [{"when": "use", "if": {"not": "in_combat"}, "cost": [{"discard": "self"}],
                                    "who": "owner", "do": [{"levels": 1}]}]}}
HEX = {"name": "Hex Doll", "kind": "item", "deck": "treasure", "gold": 100, "slot": "none",
       "effects": {"abilities": [{"when": "use", "who": "chosen_other_player",
                                  "limit": {"times": 1, "per": "turn"}, "do": [{"levels": -1}]}]}}
JUNK = {"name": "Junk Box", "kind": "item", "deck": "treasure", "gold": 100, "slot": "none",
        "effects": {"abilities": [{"when": "use", "cost": [{"discard": "self"}], "who": "owner", "do": [{"levels": -1}]}]}}


def _turn_game(resolver, ann_items=(), phase="start", hand=(), cards=(CHARM, HEX, JUNK, POD)):
    """Ann (Level 3) at the start of her turn with ``ann_items`` equipped and ``hand``; Bob
    (Level 5) leads, Cat (Level 2) trails; ``cards``: the designer cards of the game."""
    sc = {"cards": list(cards), "phase": phase,
          "players": [{"name": "Ann", "level": 3, "equipped": list(ann_items), "hand": list(hand)},
                      {"name": "Bob", "level": 5}, {"name": "Cat", "level": 2}],
          "decks": {"door": ["Potted Plant"], "treasure": ["Potted Plant"]}}
    return build_game(sc, resolver)


def test_a_use_ability_that_pays_is_used_on_the_own_turn_out_of_combat(resolver):
    g = _turn_game(resolver, ["Lucky Charm"])
    a = GreedyBot(1).choose(g, 0)
    assert a.kind == "use" and g.specs[a.card].name == "Lucky Charm"
    g.play(a)
    assert g.state.players[0].level == 4 and g.state.players[0].equipped == []


def test_a_use_against_a_rival_hits_the_leader_once_a_turn(resolver):
    g = _turn_game(resolver, ["Hex Doll"])
    bot = GreedyBot(1)
    a = bot.choose(g, 0)
    assert a.kind == "use" and a.target == 1  # Bob, Level 5, leads; Cat (Level 2) is left alone
    g.play(a)
    assert [p.level for p in g.state.players] == [3, 4, 2]
    assert bot.choose(g, 0) == Action(0, "kick")  # used up for this turn: the turn goes on


def test_a_use_that_only_costs_is_not_taken_and_a_combat_only_one_not_looked_for(resolver, monkeypatch):
    g = _turn_game(resolver, ["Junk Box"])
    assert any(a.kind == "use" for a in g.legal_actions(labels=False))
    assert GreedyBot(1).choose(g, 0) == Action(0, "kick")
    assert g.facts.use_out_of_combat[g.card_ids("Junk Box")[0]] is True
    g = _turn_game(resolver, ["Escape Pod"])
    pod = g.card_ids("Escape Pod")[0]
    assert g.facts.use_ability[pod] is True and g.facts.use_out_of_combat[pod] is False
    bot = GreedyBot(1)
    monkeypatch.setattr(GreedyBot, "_turn_look", lambda *a: pytest.fail("looked for a use that needs a combat"))
    assert bot.choose(g, 0) == Action(0, "kick")


def test_the_bot_sells_at_the_engine_s_price_of_a_level(resolver):
    """With Star Munchkin Adventures' 900-credit house rule a Bug's three 300-credit Items buy
    a Level: the greedy bot asks the engine's price (Game.level_price), not 1,000."""
    cards = [{"name": "START", "kind": "room_tile", "deck": "room_tile", "effects": {"room": {"indestructible": True}}},
             {"name": "Hall", "kind": "room_tile", "deck": "room_tile"},
             {"name": "Bug", "kind": "race", "deck": "door"},
             {"name": "Space Goblin", "kind": "monster", "deck": "door", "level": 1, "treasures": 1},
             {"name": "Credit Chip", "kind": "item", "deck": "treasure", "slot": "none", "gold": 300}]
    sc = {"options": {"modules": ["rooms"], "module_options": {"rooms": {"bug_900": True}}}, "cards": cards,
          "players": [{"name": "Ann", "level": 3, "race": "Bug", "carried": ["Credit Chip"] * 3}, {"name": "Bob"}],
          "decks": {"room_tile": ["START", "Hall"], "door": ["Space Goblin"]}, "phase": "end"}
    g = build_game(sc, resolver)
    assert g.level_price(0) == 900 and g.level_price(1) == 1000
    a = GreedyBot(1).choose(g, 0)
    assert a.kind == "sell" and len(a.cards) == 3
    g.play(a)
    assert g.state.players[0].level == 4


#: designer cards played from the hand out of a combat: a Special with two modes (the first
#: costs its player a Level, the second gives one), a One-Shot whose one play needs a choice
#: of target (a rival loses a Level), a Special whose two modes do nothing worth the card
WELL = {"name": "Wishing Well", "kind": "special", "deck": "door",
        "effects": {"abilities": [
            {"when": "played", "if": "!in_combat", "who": "owner", "label": "fall in", "do": [{"levels": -1}]},
            {"when": "played", "if": "!in_combat", "who": "owner", "label": "make a wish", "do": [{"levels": 1}]}]}}
JINX = {"name": "Jinx", "kind": "one_shot", "deck": "treasure", "gold": 100,
        "effects": {"abilities": [{"when": "played", "if": "!in_combat", "who": "chosen_other_player",
                                   "do": [{"levels": -1}]}]}}
DUD = {"name": "Dud Coin", "kind": "special", "deck": "door",
       "effects": {"abilities": [
           {"when": "played", "who": "owner", "label": "heads", "do": [{"levels": -1}]},
           {"when": "played", "who": "owner", "label": "tails", "do": [{"discard_hand": True}]}]}}


def _hand_game(resolver, hand):
    return _turn_game(resolver, hand=hand, cards=(WELL, JINX, DUD))


def test_a_designer_card_with_modes_is_played_out_of_combat_in_its_best_mode(resolver):
    g = _hand_game(resolver, ["Wishing Well"])
    well = g.card_ids("Wishing Well")[0]
    assert g.facts.modes_out_of_combat[well] is True
    a = GreedyBot(1).choose(g, 0)
    assert (a.kind, a.card, a.cards) == ("play", well, (1,))  # "make a wish", not "fall in"
    g.play(a)
    assert g.state.players[0].level == 4


def test_a_designer_card_with_a_choice_of_target_is_played_on_the_leader(resolver):
    g = _hand_game(resolver, ["Jinx"])
    jinx = g.card_ids("Jinx")[0]
    assert g.facts.modes_out_of_combat[jinx] is True
    a = GreedyBot(1).choose(g, 0)
    assert (a.kind, a.card, a.target) == ("play", jinx, 1)  # Bob (Level 5) leads; Cat is left alone
    g.play(a)
    assert [p.level for p in g.state.players] == [3, 4, 2]


def test_a_card_whose_modes_do_no_good_is_kept_and_weighed_once_a_phase(resolver, monkeypatch):
    g = _hand_game(resolver, ["Dud Coin", "Potted Plant"])
    assert g.facts.modes_out_of_combat[g.card_ids("Dud Coin")[0]] is True
    tried = []
    real = GreedyBot._trial_worth
    monkeypatch.setattr(GreedyBot, "_trial_worth", lambda self, game, a, *r: tried.append(a) or real(self, game, a, *r))
    bot = GreedyBot(1)
    assert bot.choose(g, 0) == Action(0, "kick") and len(tried) == 2  # both modes tried, neither taken
    assert bot.choose(g, 0) == Action(0, "kick") and len(tried) == 2  # not again in this phase


def test_no_shipped_card_has_modes_or_choices_out_of_combat(sim_url):
    """The printed cards' plays with modes (Potion of Halitosis) need a combat, so base games
    never look (GreedyBot._turn_look) and play exactly as before."""
    from munchkin_lab.cards.api import load_specs
    from munchkin_lab.engine import Game, GameOptions

    specs = [(sp, n) for sp, n in load_specs(url=sim_url) if sp.deck in ("door", "treasure")]
    g = Game.new(players=4, deck=specs, seed=1,
                 options=GameOptions(module_options={"scooby_doo": {"dungeons": False}}))
    names = {g.specs[c].name for c in range(len(g.specs))}
    assert {"Potion of Halitosis", "Hoard!"} <= names
    assert [g.specs[c].name for c, mo in enumerate(g.facts.modes_out_of_combat) if mo] == []
