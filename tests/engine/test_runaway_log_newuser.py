"""The Run Away and death lines of the log name their cause (a new user's findings): the card
that saved a runner, the monster that allows no Run Away, Bad Stuff before the death it caused
(core rules, 7. Running Away and Bad Stuff; 7. Death)."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game


def _lines(g, n):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def _run_and_roll(g, die):
    """Ann kicks the monster on top, runs (Bob lets her) and rolls ``die``."""
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.state.forced.append(die)
    g.play(Action(0, "roll", n=0))


def test_the_card_that_saves_a_runner_is_named(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 5, "hand": ["Invisibility Potion"]}, {"name": "Bob"}],
                    "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    n = len(g.log)
    _run_and_roll(g, 1)
    play = [a for a in g.legal_actions(seat=0) if a.kind == "play"]
    assert [g.specs[a.card].name for a in play] == ["Invisibility Potion"]
    g.play(play[0])
    lines = _lines(g, n)
    assert lines[-3:] == ["Ann's Run Away roll fails, unless someone reacts.", "The others may react.",
                          "Ann uses Invisibility Potion and gets away."]
    assert g.state.players[0].alive and g.state.combat is None


def test_a_roll_of_5_against_a_monster_that_allows_no_run_away(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 5}, {"name": "Bob"}],
                    "decks": {"door": ["Floating Nose"], "treasure": []}}, resolver)
    n = len(g.log)
    _run_and_roll(g, 6)
    lines = _lines(g, n)
    assert lines[-2:] == ["Ann rolls 6: Floating Nose allows no Run Away and catches them. Bad Stuff!",
                          "Floating Nose's Bad Stuff: Ann loses 3 Levels (now Level 2)."]


def _caught_by_bullrog(resolver, options: dict | None = None):
    """Ann (Level 6, a Magic Lamp in hand) runs from Bullrog, rolls 1 and keeps the Lamp:
    the game and its log lines from the kick on."""
    g = build_game({**({"options": options} if options else {}),
                    "players": [{"name": "Ann", "level": 6, "hand": ["Magic Lamp"]}, {"name": "Bob"}],
                    "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    n = len(g.log)
    _run_and_roll(g, 1)
    g.play(Action(0, "pass"))  # she keeps the Magic Lamp that could send Bullrog away now
    return g, _lines(g, n)


def test_bad_stuff_is_said_before_the_death_it_causes(resolver):
    g, lines = _caught_by_bullrog(resolver)
    i = lines.index("Bullrog's Bad Stuff: Ann dies.")
    assert lines[i - 1] == "Ann rolls 1: Bullrog catches them. Bad Stuff!"
    assert lines[i + 1] == "Ann dies! The corpse holds 1 card."
    assert lines.count("Bullrog's Bad Stuff: Ann dies.") == 1


def test_a_module_s_own_bad_stuff_is_said_before_the_death_it_causes(resolver, monkeypatch):
    """A rules module that runs a monster's Bad Stuff itself (``on_bad_stuff``) and kills the
    victim: the Bad Stuff line comes before the death's own line, as in the core's run of it."""
    from munchkin_lab.engine.rules import MODULES, RulesModule

    class Deadly(RulesModule):
        name = "deadly_test"

        def on_bad_stuff(self, game, seat, monster):
            game._change_level(seat, -1)
            game._kill(seat)
            return True

    monkeypatch.setitem(MODULES, "deadly_test", Deadly)
    g, lines = _caught_by_bullrog(resolver, {"modules": ["deadly_test"]})
    i = lines.index("Bullrog's Bad Stuff: Ann loses 1 Level (now Level 5); dies.")
    assert lines[i - 1] == "Ann rolls 1: Bullrog catches them. Bad Stuff!"
    assert lines[i + 1] == "Ann dies! The corpse holds 1 card."
    assert lines.count("Bullrog's Bad Stuff: Ann loses 1 Level (now Level 5); dies.") == 1
    assert not g.state.players[0].alive


def test_a_roll_says_its_total_once_and_only_when_a_modifier_changes_it(resolver):
    """The die alone: "rolls 4"; with Boots of Running Really Fast (+2 to Run Away) the total
    follows the die once, as "(total 6)" - never "rolls 4 (4)"."""
    g = build_game({"players": [{"name": "Ann", "level": 5}, {"name": "Bob"}],
                    "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    n = len(g.log)
    _run_and_roll(g, 2)
    assert "Ann rolls 2: Bullrog catches them. Bad Stuff!" in _lines(g, n)
    g = build_game({"players": [{"name": "Ann", "level": 5, "equipped": ["Boots of Running Really Fast"]},
                    {"name": "Bob"}], "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    n = len(g.log)
    _run_and_roll(g, 4)
    assert "Ann rolls 4 (total 6) and escapes Bullrog." in _lines(g, n)


def test_a_hireling_discarded_to_save_its_runner_is_said_in_plain_words(resolver):
    """The Hireling pays for its escape with itself: "Ann discards Hireling to use it", never
    "Ann discards Hireling for Hireling" (Hireling: discard it to get away at once)."""
    g = build_game({"players": [{"name": "Ann", "level": 5, "hand": ["Hireling"]}, {"name": "Bob"}],
                    "decks": {"door": ["Bullrog"], "treasure": []}}, resolver)
    g.play(next(a for a in g.legal_actions(seat=0) if a.kind == "play"))
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    n = len(g.log)
    g.play(next(a for a in g.legal_actions(seat=0) if a.kind == "use"))
    assert _lines(g, n) == ["Ann uses Hireling (escape).", "Ann discards Hireling to use it.",
                            "Ann uses Hireling and gets away."]
    assert g.state.combat is None and g.state.players[0].hireling == -1
