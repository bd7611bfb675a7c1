"""API behaviour: setup, action text round trip, refusals, undo/redo, save/load errors, views,
effect validation, CLI."""
from __future__ import annotations

import json
import random

import pytest

from munchkin_lab.engine import Action, CardSpec, Game, GameOptions, IllegalActionError, validate_effects
from munchkin_lab.engine.rules import RulesModule, register_module, MODULES


def test_new_game_deals_four_and_four(base_deck):
    g = Game.new(players=4, deck=base_deck, seed=1)
    sd = g.state_dict()
    assert sd["phase"] == "setup" and sd["actor"] == 0
    for p in g.state.players:
        kinds = [g.specs[c].deck for c in p.hand]
        assert kinds.count("door") == 4 and kinds.count("treasure") == 4
    assert sum(n for _, n in base_deck) == len(g.all_zones())


def test_same_seed_same_game(base_deck):
    a = Game.new(players=3, deck=base_deck, seed=42)
    b = Game.new(players=3, deck=base_deck, seed=42)
    assert a.state_dict() == b.state_dict()
    assert Game.new(players=3, deck=base_deck, seed=43).state_dict() != a.state_dict()


def test_a_deck_tuple_gives_the_cards_of_the_same_deck_as_a_list(base_deck):
    """Game.new remembers the card list of the last deck given as a tuple of (spec, copies)
    tuples (a simulator's run); a deck holding a list entry is read anew each time."""
    deck = tuple(base_deck)
    want = Game.new(players=4, deck=list(base_deck), seed=5)
    for _ in range(2):  # built, then remembered
        g = Game.new(players=4, deck=deck, seed=5)
        assert g.specs == want.specs and g.specs is not want.specs
        assert g.state_dict() == want.state_dict()
    spec, n = base_deck[0]
    entry = [spec, n]
    mixed = (entry,) + deck[1:]
    assert len(Game.new(players=4, deck=mixed, seed=5).specs) == len(want.specs)
    entry[1] = n + 2  # a list entry may change between games
    assert len(Game.new(players=4, deck=mixed, seed=5).specs) == len(want.specs) + 2
    g = Game.new(players=4, deck=deck, seed=5)
    g.specs.append(spec)  # a game's own card list: the next game's is not touched
    assert Game.new(players=4, deck=deck, seed=5).specs == want.specs


def test_action_text_round_trip(base_deck):
    g = Game.new(players=4, deck=base_deck, seed=3, options=GameOptions(max_turns=5))
    rnd = random.Random(3)
    while g.outcome() is None:
        acts = g.legal_actions()
        for a in acts:
            assert Action.parse(str(a)) == a
            assert a.label
        g.play(rnd.choice(acts))


def test_parse_errors():
    for bad, frag in (("", "expected"), ("x kick", "seat"), ("0 dance", "unknown action kind"),
                      ("0 play q=1", "bad field"), ("0 play c=a", "integers")):
        with pytest.raises(ValueError, match=frag):
            Action.parse(bad)


def test_illegal_action_raises_and_leaves_state(base_deck):
    g = Game.new(players=3, deck=base_deck, seed=5, options=GameOptions(setup_window=False))
    before = g.state_dict()
    with pytest.raises(IllegalActionError) as e:
        g.play(Action(1, "kick"))
    assert isinstance(e.value, ValueError) and "decision" in str(e.value)
    with pytest.raises(IllegalActionError, match="Kick Down the Door first"):
        g.play("0 end_turn")
    assert g.why_not(Action(0, "loot")).endswith("phase 3)")
    assert g.state_dict() == before and g.actions == []


def test_the_kick_is_called_kick_down_the_door(base_deck):
    """New-user finding 15: the board said "Kick Open the Door" and `deck check` "Kick Down the
    Door"; the engine's words (the action's label, refusals) use the one name the lab uses."""
    g = Game.new(players=3, deck=base_deck, seed=5, options=GameOptions(setup_window=False))
    assert [a.label for a in g.legal_actions() if a.kind == "kick"] == ["P1: Kick Down the Door"]
    assert g.why_not(Action(0, "trouble")) == ("Look for Trouble only after a Kick Down the Door that met no "
                                               "monster (core rules, 6. Turn Phases, phase 2)")


def test_undo_redo_across_turns_rewinds_rng(base_deck):
    g = Game.new(players=3, deck=base_deck, seed=9, options=GameOptions(max_turns=6))
    rnd = random.Random(9)
    snaps = [g.state_dict()]
    while g.outcome() is None:
        g.play(rnd.choice(g.legal_actions(labels=False)))
        snaps.append(g.state_dict())
    assert g.state.turn > 3
    for i in range(len(snaps) - 1, 0, -1):
        g.undo()
        assert g.state_dict() == snaps[i - 1]
    with pytest.raises(IndexError):
        g.undo()
    for i in range(1, len(snaps)):
        g.redo()
        assert g.state_dict() == snaps[i]
    with pytest.raises(IndexError):
        g.redo()


def test_play_after_undo_drops_redo(base_deck):
    g = Game.new(players=2, deck=base_deck, seed=2, options=GameOptions(setup_window=False))
    g.play("0 kick")
    g.undo()
    acts = g.legal_actions()
    g.play(acts[0])
    if acts[0] != Action(0, "kick"):
        with pytest.raises(IndexError):
            g.redo()


def test_view_hides_other_hands(base_deck):
    g = Game.new(players=3, deck=base_deck, seed=4)
    v = g.view(1)
    assert v["players"][1]["hand"] == g.state_dict()["players"][1]["hand"]
    assert set(v["players"][0]["hand"]) <= {"door", "treasure"}
    assert "order" not in v["decks"]["door"] and v["rng"] is None


def test_from_json_errors(base_deck):
    g = Game.new(players=2, deck=base_deck, seed=4)
    good = json.loads(g.to_json())
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_json("{oops")
    with pytest.raises(ValueError, match="format"):
        Game.from_json("{}")
    bad = dict(good)
    del bad["deck"]
    with pytest.raises(ValueError, match="'deck'"):
        Game.from_json(json.dumps(bad))
    bad = dict(good, actions=["1 kick"])
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        Game.from_json(json.dumps(bad))
    bad = dict(good, options={"colour": 1})
    with pytest.raises(ValueError, match="options"):
        Game.from_json(json.dumps(bad))


def test_bad_players():
    with pytest.raises(ValueError, match="2 to 6"):
        Game.new(players=1, deck=[])
    with pytest.raises(ValueError, match="gender"):
        Game.new(players=[("A", "x"), ("B", "male")], deck=[])
    with pytest.raises(ValueError, match="deck"):
        Game.new(players=2, deck=["nope"])


def test_validate_effects_names_the_key():
    assert validate_effects({}) == []
    assert validate_effects({"bonus_vs": [{"if": "race:elf", "bonus": 4}], "bad_stuff": [{"lose_levels": 2}]}) == []
    probs = validate_effects({"colour": 1, "bad_stuff": [{"lose_item": "hat"}], "bonus_vs": [{"if": "race", "bonus": "x"}]})
    joined = " | ".join(probs)
    assert "colour" in joined and "bad_stuff[0].lose_item" in joined and "bonus_vs[0].if" in joined
    assert "bonus_vs[0].bonus" in joined


def test_base_deck_effects_are_valid_and_mostly_automated(base_deck):
    for sp, _ in base_deck:
        assert validate_effects(sp.effects.thaw()) == [], sp.name
    auto = sum(1 for sp, _ in base_deck if not sp.manual)
    assert auto / len(base_deck) >= 0.7


def test_rules_module_hooks_are_called(base_deck):
    calls = []

    @register_module
    class Tester(RulesModule):
        name = "tester_mod"

        def combat_modifier(self, game, seat):
            return 100

        def on_turn_start(self, game, seat):
            calls.append(seat)

    try:
        g = Game.new(players=2, deck=base_deck, seed=1,
                     options=GameOptions(setup_window=False, modules=("tester_mod",)))
        assert calls == [0]
        assert "tester_mod" in g.state_dict()["modules"]
        with pytest.raises(ValueError, match="unknown rules module"):
            Game.new(players=2, deck=base_deck, options=GameOptions(modules=("nope",)))
    finally:
        MODULES.pop("tester_mod")


def test_every_hook_has_its_own_list_of_modules(base_deck):
    """Each RulesModule hook is called on the modules that override it, whatever other modules
    are on: a module's ``hand_limit`` counts beside the Scooby-Doo module's ``limited_with``
    (both were listed under one game attribute, so the hand limit asked the Vehicle module
    and never this one)."""
    from munchkin_lab.engine.game import _HOOK_NAMES

    assert sorted(_HOOK_NAMES.values()) == sorted(set(_HOOK_NAMES.values()))  # one attribute per hook
    assert {"hand_limit", "limited_with"} <= set(_HOOK_NAMES.values())

    @register_module
    class BigHands(RulesModule):
        name = "big_hands_mod"

        def hand_limit(self, game, seat, limit):
            return limit + 2

    try:
        for mods in (("big_hands_mod",), ("big_hands_mod", "scooby_doo")):
            g = Game.new(players=2, deck=base_deck, seed=1, options=GameOptions(setup_window=False, modules=mods))
            assert g.hand_limit(0) == 7, mods
        g = Game.new(players=2, deck=base_deck, seed=1, options=GameOptions(setup_window=False, modules=("scooby_doo",)))
        assert g.hand_limit(0) == 5
    finally:
        MODULES.pop("big_hands_mod")


def test_greedy_policy_finishes_games(base_deck):
    from munchkin_lab.engine.policy import greedy_policy
    for seed in range(5):
        g = Game.new(players=4, deck=base_deck, seed=seed, options=GameOptions(max_turns=400), history=False)
        while g.outcome() is None:
            g.play(greedy_policy(g))
        assert g.outcome().winners


def test_play_cli(monkeypatch, base_deck):
    from typer.testing import CliRunner
    from munchkin_lab import play_cli
    from munchkin_lab.cli import app
    monkeypatch.setattr(play_cli, "_load_deck", lambda sets: base_deck)
    r = CliRunner().invoke(app, ["play", "--seed", "7", "--players", "4"])
    assert r.exit_code == 0, r.output
    assert "Winner:" in r.output and "Kick" not in r.output.splitlines()[-1]
    assert "kicks open the door" in r.output


def test_scenario_cli(tmp_path):
    from typer.testing import CliRunner
    from munchkin_lab.cli import app
    from pathlib import Path
    core = Path(__file__).resolve().parents[1] / "scenarios" / "core" / "ties_go_to_the_monster.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [")
    r = CliRunner().invoke(app, ["scenario", "run", str(core), str(bad)])
    assert r.exit_code == 1
    assert "PASS" in r.output and "FAIL" in r.output and "malformed YAML" in r.output


def test_legal_actions_for_any_seat_lists_any_time_actions(base_deck):
    """core rules, 6. When You May Act: other players act at any time through
    ``legal_actions(seat=k)``; every listed action is legal and playable; the actor's own
    list (no ``seat``) is unchanged."""
    g = Game.new(players=4, deck=base_deck, seed=5, options=GameOptions(max_turns=6, setup_window=False))
    rnd = random.Random(5)
    steps = 0
    while g.outcome() is None and steps < 400:
        steps += 1
        actor = g.actor()
        assert g.legal_actions(labels=False) == [a for a in g.legal_actions(seat=actor, labels=False)
                                                  if a in set(g.legal_actions(labels=False))]
        for k in range(4):
            if k == actor:
                continue
            acts = g.legal_actions(seat=k)
            for a in acts:
                assert a.player == k and a.label and g.why_not(a) is None
                # (berserk, turning, backstab, join: at any moment of a fight or window, core
                # rules, 7. Interfering in Combat; Help; roll, flight: a helper who runs away
                # first, Scooby-Doo rules, Running Away and Bad Stuff)
                assert a.kind in ("discard", "give", "trade", "play", "equip", "unequip", "chase", "steal",
                                  "berserk", "turning", "backstab", "join", "ask_help", "roll", "flight")
                if a.kind in ("roll", "flight"):
                    c = g.state.combat
                    assert c.stage == "run" and c.runners == [c.fighter, k] and c.helper == k
            if g.state.pending:
                assert acts == []
            if acts and rnd.random() < 0.2:
                g.play(rnd.choice(acts))
                break
        else:
            g.play(rnd.choice(g.legal_actions()))
    assert sum(n for _, n in base_deck) == len(g.all_zones())
    assert Game.from_json(g.to_json()).state_dict() == g.state_dict()


def test_play_turn_count_and_bad_options():
    from typer.testing import CliRunner
    from munchkin_lab.cli import app
    from munchkin_lab.play_cli import play_game, turns_played

    r = CliRunner().invoke(app, ["play", "--max-turns", "5", "--quiet", "--tail", "0"])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("No winner (turn limit) after 5 turns, ")
    r = CliRunner().invoke(app, ["play", "--max-turns", "1", "--quiet", "--tail", "0"])
    assert r.exit_code == 0 and r.output.startswith("No winner (turn limit) after 1 turn, "), r.output  # not "1 turns"
    g, _ = play_game("base", max_turns=5)
    assert turns_played(g) == 5 and g.state.turn == 6
    # a game won before the limit counts the winning turn
    g, _ = play_game("base", seed=7, max_turns=1000)
    assert g.outcome().winners and turns_played(g) == g.state.turn
    for bad in ("0", "-3"):
        r = CliRunner().invoke(app, ["play", "--max-turns", bad])
        assert r.exit_code == 2
        assert f"Error: --turn-cap must be at least 1, got {bad}" in r.output
        assert "turns," not in r.output
    r = CliRunner().invoke(app, ["play", "--sets", "munchkin", "--deck", "base"])
    assert r.exit_code == 2 and "Error: --sets and --deck cannot be used together" in r.output


def test_play_game_errors_name_the_python_keywords():
    """``play_game`` / ``make_game`` are called from Python: their errors name the keyword
    the caller typed (``max_turns``, ``deck``/``sets``), not the CLI's option; the CLI names
    its documented option (``--turn-cap``) for the same values, its alias typed or not."""
    import pytest
    from typer.testing import CliRunner
    from munchkin_lab.cli import app
    from munchkin_lab.play_cli import MAX_TURNS, make_game, play_game

    for call in (make_game, play_game):
        for bad, words in ((0, "max_turns must be at least 1, got 0"),
                           (-3, "max_turns must be at least 1, got -3"),
                           (MAX_TURNS + 1, f"max_turns must be at most {MAX_TURNS}, got {MAX_TURNS + 1}"),
                           ("5", "max_turns must be a whole number of turns"),
                           (True, "max_turns must be a whole number of turns")):
            with pytest.raises(ValueError) as e:
                call("base", max_turns=bad)
            assert str(e.value).startswith(words), str(e.value)
            assert "--" not in str(e.value)
        with pytest.raises(ValueError) as e:
            call("base", sets=["munchkin"])
        assert str(e.value).startswith("deck and sets cannot be used together")
    for option in ("--turn-cap", "--max-turns"):
        r = CliRunner().invoke(app, ["play", option, str(MAX_TURNS + 1)])
        assert r.exit_code == 2 and "--turn-cap" in r.output and "max_turns" not in r.output, r.output
