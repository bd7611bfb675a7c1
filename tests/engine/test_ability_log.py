"""The log says in game words what an ability's ops changed (issue 13): who gained or lost how
many Levels, which cards, what a lasting change gives, naming the card - never the ops' names
("Growth Egg: levels."). A monster's own ``enters_combat`` ability is said too (it was silent).
The lines come from ``Victims._say_begin`` / ``_say_flush`` (only with ``history``)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game


def _lines(g, n):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def _game(resolver, cards, players, door=(), **kw):
    return build_game({"cards": cards, "players": players, "decks": {"door": list(door), "treasure": []}, **kw},
                      resolver)


def _card(g, seat, name):
    return next(c for c in g.state.players[seat].hand if g.name(c) == name)


def test_a_played_one_shot_says_who_goes_up(resolver):
    g = _game(resolver, [{"name": "Growth Egg", "kind": "one_shot", "deck": "treasure",
                          "effects": {"abilities": [{"when": "played", "do": [{"levels": 1}]}]}}],
              [{"name": "Ann", "level": 3, "hand": ["Growth Egg"]}, {"name": "Bob"}])
    n = len(g.log)
    g.play(Action(0, "play", _card(g, 0, "Growth Egg")))
    lines = _lines(g, n)
    assert lines[-1] == "Growth Egg: Ann goes up 1 Level (now Level 4)."
    assert not any(x.endswith(": levels.") for x in lines)


def test_a_monsters_own_enters_combat_level_loss_is_said(resolver):
    g = _game(resolver, [{"name": "Tongue Twister", "kind": "monster", "deck": "door", "level": 1, "treasures": 1,
                          "effects": {"abilities": [{"when": "enters_combat", "do": [{"lose_levels": 1}]}]}}],
              [{"name": "Ann", "level": 3}, {"name": "Bob"}], door=["Tongue Twister"])
    n = len(g.log)
    g.play(Action(0, "kick"))
    assert _lines(g, n)[1:] == ["Tongue Twister: Ann loses 1 Level (now Level 2)."]


def test_each_target_in_turn_and_cards_lost(resolver):
    g = _game(resolver, [{"name": "Tax Audit", "kind": "monster", "deck": "door", "level": 1, "treasures": 1,
                          "effects": {"abilities": [{"when": "enters_combat", "who": "each_player",
                                                     "do": [{"lose_levels": 1}, {"discard_hand": True}]}]}}],
              [{"name": "Ann", "level": 3}, {"name": "Bob", "level": 1, "hand": ["Elf", "Dwarf"]},
               {"name": "Cat", "level": 5}], door=["Tax Audit"])
    n = len(g.log)
    g.play(Action(0, "kick"))
    assert _lines(g, n)[1:] == ["Tax Audit: Ann loses 1 Level (now Level 2).",
                                "Tax Audit: Bob stays at Level 1 (no Level below 1: core rules, "
                                "Card Text and These Rules, 1).",
                                "Tax Audit: Bob loses 2 cards from the hand.",
                                "Tax Audit: Cat loses 1 Level (now Level 4)."]


def test_lasting_changes_and_a_labelled_use(resolver):
    g = _game(resolver, [
        {"name": "Battle Hymn", "kind": "item", "deck": "treasure", "slot": "none",
         "effects": {"abilities": [{"when": "use", "label": "sing", "limit": {"times": 1, "per": "combat"},
                                    "who": "owner", "do": [{"combat_strength": 2, "for": "this_combat"}]}]}},
        {"name": "Zombie Maker", "kind": "one_shot", "deck": "treasure",
         "effects": {"abilities": [{"when": "played", "who": "chosen_monster",
                                    "do": [{"grant_tag": "undead", "for": "this_combat"}]}]}}],
        [{"name": "Ann", "level": 3, "equipped": ["Battle Hymn"], "hand": ["Zombie Maker"]}, {"name": "Bob"}],
        door=["Gazebo"])
    g.play(Action(0, "kick"))
    hymn = g.state.players[0].in_play()[0]
    n = len(g.log)
    g.play(Action(0, "use", hymn, n=0))
    assert _lines(g, n) == ["Ann uses Battle Hymn (sing).", "Battle Hymn (sing): Ann gets +2 to combat strength for this combat."]
    n = len(g.log)
    g.play(Action(0, "play", _card(g, 0, "Zombie Maker"), n=0))
    assert _lines(g, n)[-1] == "Zombie Maker: Gazebo is undead for this combat."


def test_log_lines_need_history(resolver):
    g = _game(resolver, [{"name": "Growth Egg", "kind": "one_shot", "deck": "treasure",
                          "effects": {"abilities": [{"when": "played", "do": [{"levels": 1}]}]}}],
              [{"name": "Ann", "level": 3, "hand": ["Growth Egg"]}, {"name": "Bob"}])
    g.history = False
    g.play(Action(0, "play", _card(g, 0, "Growth Egg")))
    assert g.state.players[0].level == 4 and g._saying == []


def test_a_monster_entering_by_a_wandering_monster_is_said_before_what_it_does(resolver):
    g = _game(resolver, [{"name": "Zombie Master", "kind": "monster", "deck": "door", "level": 4, "treasures": 1,
                          "effects": {"abilities": [{"when": "enters_combat", "who": "other_monsters",
                                                     "do": [{"grant_tag": "undead", "for": "this_combat"}]}]}}],
              [{"name": "Ann", "level": 9}, {"name": "Bob", "hand": ["Wandering Monster", "Zombie Master"]}],
              door=["Lame Goblin"])
    g.play(Action(0, "kick"))
    g.play(Action(0, "fight"))
    n = len(g.log)
    g.play(Action(1, "play", _card(g, 1, "Wandering Monster"), m=_card(g, 1, "Zombie Master")))
    assert _lines(g, n) == ["Bob plays Wandering Monster: Zombie Master joins the combat.",
                            "Zombie Master: Lame Goblin is undead for this combat."]


def test_a_failed_run_away_roll_is_said_before_the_reactions_to_it(resolver):
    """The Run Away roll is made before an Invisibility Potion may answer it (card_facts_more.md
    2c): the log says the roll fails before the reaction window, so a player sees why a card is
    offered (the board showed the offer with no roll in the log)."""
    g = _game(resolver, [], [{"name": "Ann", "level": 1, "hand": ["Invisibility Potion"]}, {"name": "Bob", "level": 2}],
              door=["Maul Rat"], forced_dice=[2])
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    n = len(g.log)
    g.play(next(a for a in g.legal_actions() if a.kind == "roll"))
    assert _lines(g, n)[-2:] == ["Ann's Run Away roll fails, unless someone reacts.", "The others may react."]
    assert g.state_dict()["pending"][0]["kind"] == "react"


def test_out_to_lunch_says_the_treasures_it_draws(resolver):
    """A card that sends every monster away and draws Treasures for the fighter says so (the
    draw was silent): Out To Lunch draws two face down."""
    g = build_game({"players": [{"name": "Ann", "level": 2, "hand": ["Out To Lunch"]}, {"name": "Bob"}],
                    "decks": {"door": ["Gazebo"], "treasure": ["Spiky Knees", "Slimy Armor", "Leather Armor"]}},
                   resolver)
    g.play(Action(0, "kick"))
    n = len(g.log)
    g.play(Action(0, "play", _card(g, 0, "Out To Lunch")))
    assert "Ann draws 2 Treasures face down." in _lines(g, n)
