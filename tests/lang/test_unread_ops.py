"""An op the engine reads only in one fixed form (``validate.SHAPE_ONLY``) is refused in any
other form, naming the form, instead of compiling into an ability nobody acts on; the printed
forms of the shipped cards still validate, and a Race's in_play ability may leave out
``who: owner`` (its player is its owner)."""
from __future__ import annotations

import glob
from pathlib import Path

import pytest
import yaml

from munchkin_lab.engine.lang import expand, validate
from munchkin_lab.engine.lang.validate import SHAPE_ONLY, unread_problems
from munchkin_lab.engine.lang_compile import specialise

ROOT = Path(__file__).resolve().parents[2]


def _msgs(effects, kind):
    return [str(p) for p in validate(effects, kind)]


@pytest.mark.parametrize("kind,effects,fragment", [
    ("class", {"abilities": [{"when": "use", "who": "chosen_other_player", "do": [{"take_item": "any"}]}]},
     "abilities[0]: take_item: the engine reads it only as a Race's or Class's theft"),
    ("item", {"abilities": [{"when": "use", "who": "owner", "do": [{"take_discard": True}]}]},
     "abilities[0]: take_discard: the engine reads it only as a played ability"),
    ("one_shot", {"abilities": [{"when": "played", "if": "in_combat", "do": [{"add_monster": "from_hand"},
                                                                            {"draw": "door"}]}]},
     "abilities[0]: add_monster: the engine reads it only as a played ability `add_monster`"),
    ("class", {"abilities": [{"when": "use", "who": "owner", "cost": [{"discard": "hand_card", "count": 2}],
                              "do": [{"cancel_curse": True}]}]},
     "abilities[0]: cancel_curse: the engine reads it only in a `cursed` ability"),
    ("race", {"abilities": [{"when": "caught", "if": {"player": "role:owner"}, "do": [{"reroll": True}]}]},
     "abilities[0]: reroll: the engine reads it only in a `run_away_rolled` or `die_rolled` ability"),
    ("class", {"abilities": [{"when": "turn_start", "if": "own_turn", "who": "chosen_other_player",
                              "do": [{"levels": -1}]}]},
     "abilities[0]: who: chosen_other_player in an automatic `turn_start` ability: nobody would be asked"),
])
def test_an_op_or_choice_nobody_would_act_on_is_refused(kind, effects, fragment):
    msgs = _msgs(effects, kind)
    assert len(msgs) == 1 and msgs[0].startswith(fragment), msgs


def test_the_same_choice_or_op_where_it_is_read_is_accepted():
    may = {"abilities": [{"when": "turn_start", "if": "own_turn", "may": True, "who": "chosen_other_player",
                          "do": [{"levels": -1}]}]}
    cursed = {"abilities": [{"when": "cursed", "may": True, "cost": [{"discard": "card"}],
                             "do": [{"cancel_curse": True}]}]}
    assert _msgs(may, "class") == [] and _msgs(cursed, "class") == []


@pytest.mark.parametrize("kind,effects,op", [
    ("item", {"abilities": [{"when": "in_play", "do": [{"double_sale": 1}]}]}, "double_sale"),
    ("class", {"abilities": [{"when": "in_play", "do": [{"half_breed": True}]}]}, "half_breed"),
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "do": [{"double_sale": 2}]}]}, "double_sale"),
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "if": "own_turn", "do": [{"double_sale": 1}]}]},
     "double_sale"),
    ("item", {"abilities": [{"when": "in_play", "do": [{"stays": True}]}]}, "stays"),
    ("item", {"abilities": [{"when": "in_play", "do": [{"strength_twice": True}]}]}, "strength_twice"),
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "if": {"any_munchkin": "race:elf"},
                                "do": [{"items_dont_count": True}]}]}, "items_dont_count"),
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "do": [
        {"if": {"any_munchkin": "race:elf"}, "then": [{"level_doesnt_count": True}]}]}]}, "level_doesnt_count"),
])
def test_an_op_out_of_its_form_is_refused_naming_the_form(kind, effects, op):
    msgs = _msgs(effects, kind)
    assert len(msgs) == 1, msgs
    assert msgs[0].startswith(f"abilities[0]: {op}: the engine reads it only as {SHAPE_ONLY[op]}"), msgs


@pytest.mark.parametrize("kind,effects", [
    ("race", {"abilities": [{"when": "in_play", "who": "owner", "do": [{"double_sale": 1}]}]}),
    ("race", {"abilities": [{"when": "in_play", "do": [{"double_sale": 1}]}]}),  # who left out
    ("monster", {"abilities": [{"when": "in_play", "who": "this_monster", "do": [{"items_dont_count": True}]}]}),
    ("class", {"abilities": [{"when": "in_play", "do": [{"wins_ties": True}, {"run_away": 1}]}]}),
])
def test_the_forms_the_engine_reads_are_accepted(kind, effects):
    assert _msgs(effects, kind) == []
    fx, run = specialise(expand(effects, kind), kind)
    assert run == () and fx, fx


def test_every_shipped_card_is_read_by_the_engine():
    seen = 0
    for f in sorted(glob.glob(str(ROOT / "database/sets/*.yaml"))):
        for c in yaml.safe_load(open(f, encoding="utf-8"))["cards"]:
            if c.get("effects"):
                seen += 1
                assert unread_problems(expand(c["effects"], c["kind"]), c["kind"]) == [], (f, c["name"])
    assert seen > 100


def test_a_monster_enhancers_played_ability_needs_no_in_combat_condition():
    """A Monster Enhancer is only played in a combat: its ``played`` ability without ``if:
    in_combat`` is the same shape as with it (the card editor writes it so)."""
    bare = {"abilities": [{"when": "played", "who": "this_monster", "do": [{"counts_twice": True}]}]}
    assert _msgs(bare, "monster_enhancer") == []
    assert specialise(expand(bare, "monster_enhancer"), "monster_enhancer") == ({"mate": True}, ())


def test_use_on_a_printed_power_names_its_action():
    """``use`` on a Race or Class whose power the core runs by its own action (the Warrior's
    Berserk) is refused naming that action, not "no ability"."""
    from munchkin_lab.engine import Action, Game
    from munchkin_lab.scenarios.runner import build_game, database_resolver

    g = build_game({"players": [{"name": "Ann", "class": "Warrior", "hand": ["Potted Plant"]}, {"name": "Bob"}],
                    "decks": {"door": ["Lame Goblin"], "treasure": []}}, database_resolver())
    assert isinstance(g, Game)
    g.play("0 kick")
    warrior = g.state.players[0].classes[0]
    why = g.why_not(Action(0, "use", warrior, n=0))
    assert why == "Warrior's Berserk is its own action: berserk c=<card to discard> (core rules, 8. Race / Class)"


@pytest.mark.parametrize("kind,effects,fragment", [
    # designer probe 3: each of these compiled and did nothing in a game
    ("special", {"abilities": [{"when": "played", "if": "curse_pending", "who": "neighbours",
                                "do": [{"levels": -1}]}]},
     "abilities[0]: curse_pending: only the events of cursed set it; in a `played` ability it is never true"),
    ("item", {"abilities": [{"when": "in_play", "if": {"not": "first_roll"}, "who": "owner",
                             "do": [{"run_away": 1}]}]},
     "abilities[0]: first_roll: only the events of run_away_rolled / die_rolled set it"),
    ("item", {"abilities": [{"when": "turn_start", "who": "owner",
                             "do": [{"if": "from_kick", "then": [{"levels": 1}]}]}]},
     "abilities[0]: from_kick: only the events of cursed / kicked / drawn set it"),
    ("one_shot", {"abilities": [{"when": "played", "if": "in_combat", "who": "other_monsters",
                                 "do": [{"leave_combat": "none"}]}]},
     "abilities[0]: who: other_monsters in a `played` ability (kind one_shot): its event has no monster"),
    ("item", {"abilities": [{"when": "use", "who": "owner", "do": [{"draw": "treasure"},
                                                                  {"slay": True, "who": "this_monster"}]}]},
     "abilities[0]: who: this_monster in a `use` ability (kind item)"),
    ("monster", {"abilities": [{"when": "leaves_play", "who": "each_player", "do": [{"levels": 1}]}]},
     "abilities[0]: when: leaves_play: a monster is never in play in front of a player"),
    ("monster_enhancer", {"abilities": [{"when": "enters_play", "who": "fighter", "do": [{"levels": -1}]}]},
     "abilities[0]: when: enters_play: a monster enhancer is never in play"),
    ("one_shot", {"abilities": [{"when": "turn_start", "who": "owner", "do": [{"levels": 1}]}]},
     "abilities[0]: when: turn_start: a One-Shot is in play only in the combat it is played into"),
    ("one_shot", {"abilities": [{"when": ["leaves_play", "turn_end"], "do": [{"levels": 1}]}]},
     "abilities[0]: when: leaves_play/turn_end: a One-Shot is in play only in the combat"),
    ("item", {"abilities": [{"when": "in_play", "who": "owner", "do": [{"grant_tag": "undead"}]}]},
     "abilities[0].do[0]: grant_tag acts on monsters; the ability's target is a player"),
])
def test_an_ability_that_could_never_act_is_refused(kind, effects, fragment):
    msgs = _msgs(effects, kind)
    assert len(msgs) == 1 and msgs[0].startswith(fragment), msgs


def test_the_same_facts_and_monster_targets_where_the_event_has_them_are_accepted():
    ok = [("item", {"abilities": [{"when": "run_away_rolled", "if": ["failed", "first_roll"], "may": True,
                                   "do": [{"reroll": True}]}]}),
          ("item", {"abilities": [{"when": "escaped", "who": "this_monster", "do": [{"treasures": 1, "for": "this_combat"}]}]}),
          ("monster_enhancer", {"abilities": [{"when": "played", "if": "monsters>=2", "who": "other_monsters",
                                               "do": [{"leave_combat": "none"}]}]}),
          ("monster", {"abilities": [{"when": "in_play", "who": "this_monster",
                                      "do": [{"combat_strength": {"each": 2, "per": "other_monsters"}}]}]}),
          ("special", {"abilities": [{"when": "cursed", "from_hand": True, "if": "curse_pending",
                                      "who": "neighbours", "do": [{"levels": -1}]}]}),
          ("monster_enhancer", {"abilities": [{"when": "played", "who": "this_monster", "do": [{"grant_tag": "undead"}]}]}),
          # a One-Shot in the combat it was played into hears that combat's events
          ("one_shot", {"abilities": [{"when": "played", "who": "munchkin_side", "do": [{"combat_strength": 3}]},
                                      {"when": "combat_won", "do": [{"levels": 1}]},
                                      {"when": ["combat_end", "turn_end"], "do": [{"levels": 1}]}]}),
          ("one_shot", {"abilities": [{"when": "turn_start", "from_hand": True, "may": True,
                                       "do": [{"levels": 1}]}]})]
    for kind, eff in ok:
        assert _msgs(eff, kind) == [], (kind, eff)
