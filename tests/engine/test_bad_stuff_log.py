"""The log says in game words what Bad Stuff and Curses did (issue 12 rules finding 5): Levels
lost, Race/Class and items lost, cards from the hand (a count), death, a choice still to make,
or that nothing was there to take (core rules, 7. Running Away and Bad Stuff; 10. Curses)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game


def _lines(g, n):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def _run_and_fail(g, die=1):
    n = len(g.log)
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.state.forced.append(die)
    g.play(Action(0, "roll", n=0))
    return _lines(g, n)


def test_levels_lost_to_bad_stuff(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 5}, {"name": "Bob"}],
                    "decks": {"door": ["Wannabe Vampire"], "treasure": []}}, resolver)
    lines = _run_and_fail(g)
    assert "Ann rolls 1: Wannabe Vampire catches them. Bad Stuff!" in lines
    assert lines[-1] == "Wannabe Vampire's Bad Stuff: Ann loses 3 Levels (now Level 2)."


def test_race_class_and_death(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 3, "race": "Elf", "class": "Warrior"}, {"name": "Bob"}],
                    "decks": {"door": ["Shrieking Geek"], "treasure": []}}, resolver)
    assert _run_and_fail(g)[-1] == "Shrieking Geek's Bad Stuff: Ann loses Elf, Warrior."
    g = build_game({"players": [{"name": "Ann", "level": 6}, {"name": "Bob"}],
                    "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    assert "Bullrog's Bad Stuff: Ann dies." in _run_and_fail(g)


def test_items_hand_and_a_choice_left(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 6, "hand": ["Elf", "Dwarf"],
                                 "equipped": ["Helm of Courage"]}, {"name": "Bob"}],
                    "decks": {"door": ["King Tut"], "treasure": []}}, resolver)
    lines = _run_and_fail(g)
    assert lines[-1] == "King Tut's Bad Stuff: Ann loses Helm of Courage; loses 2 cards from the hand."
    g = build_game({"players": [{"name": "Ann", "level": 1, "equipped": ["Helm of Courage", "Leather Armor"]},
                                {"name": "Bob"}],
                    "decks": {"door": ["Insurance Salesman"], "treasure": []}}, resolver)
    lines = _run_and_fail(g)
    assert lines[-1] == "Ann cannot pay 1000 Gold in items: loses every item."
    assert not any("nothing to take" in x for x in lines)
    g = build_game({"players": [{"name": "Ann", "level": 5, "equipped": ["Helm of Courage", "Leather Armor"]},
                                {"name": "Bob"}],
                    "decks": {"door": ["Net Troll"], "treasure": []}}, resolver)
    assert _run_and_fail(g)[-1] == "Net Troll's Bad Stuff: Ann waits for the others to take their items."


def test_curses_and_nothing_to_take(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 4, "hand": ["Duck of Doom", "Lose the Headgear"]},
                                {"name": "Bob", "level": 5}],
                    "decks": {"door": [], "treasure": []}}, resolver)
    n = len(g.log)
    g.play(Action(0, "play", g.state.players[0].hand[0], target=1))
    assert _lines(g, n)[-2:] == ["Duck of Doom hits Bob.", "The Curse Duck of Doom: Bob loses 2 Levels (now Level 3)."]
    n = len(g.log)
    g.play(Action(0, "play", g.state.players[0].hand[0], target=1))
    assert _lines(g, n)[-1] == "The Curse Lose the Headgear: nothing to take from Bob."


def test_a_won_combat_with_no_treasure_to_draw_says_so(resolver):
    """New-user finding 15: a monster killed with the Treasure deck and its discards empty
    logged "draws 0 Treasure(s) face down"."""
    g = build_game({"players": [{"name": "Ann", "level": 3}, {"name": "Bob"}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, resolver)
    n = len(g.log)
    g.play(Action(0, "kick"))
    g.play(Action(0, "fight"))
    g.play(Action(1, "pass"))
    assert _lines(g, n)[-2:] == ["Ann kills Potted Plant (3 vs 1).", "Ann draws no Treasure."]


def test_a_bad_stuff_the_victim_chooses_is_said_once_chosen(resolver):
    """Platycore: the victim is asked first (the whole hand or 2 Levels); no "nothing to take"
    while the choice is open, and the answer says what it cost."""
    g = build_game({"players": [{"name": "Ann", "level": 5, "hand": ["Elf"]}, {"name": "Bob"}],
                    "decks": {"door": ["Platycore"], "treasure": []}}, resolver)
    lines = _run_and_fail(g)
    assert lines[-1] == "Ann may use Platycore (discard the whole hand instead of 2 Levels)."
    assert not any("nothing to take" in x for x in lines)
    n = len(g.log)
    g.play(Action(0, "pass"))
    assert _lines(g, n)[-1] == "Platycore: Ann loses 2 Levels (now Level 3)."


def test_the_hireling_and_a_cheat_taken_are_named(resolver):
    """A Hireling taken by Bad Stuff was logged as "nothing to take" (the snapshot of what a
    victim may lose looked at the Items in play only); a Cheat! that goes with its Item is
    named with it (core rules, 3. Handling Cards: cards in play)."""
    g = build_game({"cards": [{"name": "Hireling Eater", "kind": "monster", "deck": "door", "level": 20,
                               "treasures": 1, "effects": {"bad_stuff": [{"lose_hireling": True}]}}],
                    "players": [{"name": "Ann", "level": 3, "hand": ["Hireling"]}, {"name": "Bob"}],
                    "decks": {"door": ["Hireling Eater"], "treasure": []}}, resolver)
    g.play(Action(0, "play", g.state.players[0].hand[0]))
    lines = _run_and_fail(g)
    assert lines[-2:] == ["Ann's Hireling is discarded.", "Hireling Eater's Bad Stuff: Ann loses Hireling."]
    g = build_game({"players": [{"name": "Ann", "level": 4, "hand": ["Cheat!"], "carried": ["Bow With Ribbons"]},
                                {"name": "Bob", "hand": ["Truly Obnoxious Curse"]}],
                    "decks": {"door": [], "treasure": []}}, resolver)
    bow = g.state.players[0].carried[0]
    g.play(Action(0, "play", g.state.players[0].hand[0], m=bow))
    n = len(g.log)
    g.play(Action(1, "play", g.state.players[1].hand[0], target=0))
    assert _lines(g, n)[-1] == "Truly Obnoxious Curse: Ann loses Bow With Ribbons, Cheat!."


def test_the_fairys_charm_is_her_whole_bad_stuff(resolver):
    """Munchkin Fairy Dust rules, Sparkly Good Bad Stuff: caught, you are charmed until your next
    turn. The log says so as her Bad Stuff, and not that it found nothing to take."""
    g = build_game({"options": {"modules": ["fairy_dust"], "module_options": {"fairy_dust": {"fairy_level": 12}}},
                    "cards": [{"name": "Sparkly Good Fairy", "kind": "monster", "deck": "door", "manual": True}],
                    "players": [{"name": "Ann", "level": 3}, {"name": "Bob"}],
                    "decks": {"door": ["Sparkly Good Fairy"], "treasure": []}}, resolver)
    lines = _run_and_fail(g)
    assert "Sparkly Good Fairy's Bad Stuff: Ann is charmed until their next turn - must help whoever asks, " \
           "with no reward and no Fairy Dust (Munchkin Fairy Dust rules: Sparkly Good Bad Stuff)." in lines
    assert not any("nothing to take" in x for x in lines)
    assert g.state.module_state["fairy_dust"]["charmed"] == [0]
