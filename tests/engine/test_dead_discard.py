"""A dead player may discard the Race or Class kept for the new character at any time (core
rules, 6. When You May Act; 8.; 7. Death lists what the dead may not do without it): the
discards are listed for the dead actor and for a dead bystander, and nothing else but ending
the turn is."""
from __future__ import annotations

from munchkin_lab.engine import Action
from munchkin_lab.scenarios.runner import build_game

KILLER = {"name": "Killer", "kind": "monster", "deck": "door", "level": 20, "treasures": 1,
          "effects": {"bad_stuff": [{"death": True}]}}


def _dead_ann(resolver):
    g = build_game({"cards": [KILLER],
                    "players": [{"name": "Ann", "level": 4, "race": "Elf", "class": "Warrior"},
                                {"name": "Bob", "level": 3, "race": "Dwarf"}],
                    "decks": {"door": ["Killer", "Potted Plant"], "treasure": []}}, resolver)
    g.play(Action(0, "kick"))
    g.play(Action(0, "run"))
    g.play(Action(1, "pass"))
    g.state.forced.append(1)
    g.play(Action(0, "roll", n=0))
    assert not g.state.players[0].alive and g.actor() == 0 and g.state.phase == "end"
    return g


def test_dead_actor_lists_end_turn_and_the_discards(resolver):
    g = _dead_ann(resolver)
    kept = set(g.state.players[0].races + g.state.players[0].classes)
    acts = g.legal_actions(labels=False)
    assert {(a.kind, a.card) for a in acts} == {("end_turn", -1)} | {("discard", c) for c in kept}
    assert all(g.why_not(a) is None for a in acts)
    assert set(g.legal_actions(seat=0, labels=False)) == set(acts)


def test_dead_bystander_lists_only_the_discards(resolver):
    g = build_game({"players": [{"name": "Ann", "level": 3},
                                {"name": "Cid", "level": 2, "alive": False, "race": "Elf", "class": "Wizard",
                                 "hand": ["Boil an Anthill"]}],
                    "decks": {"door": ["Potted Plant"], "treasure": []}}, resolver)
    cid = g.state.players[1]
    acts = g.legal_actions(seat=1, labels=False)
    assert sorted((a.kind, a.card) for a in acts) == sorted(("discard", c) for c in cid.races + cid.classes)
    g.play(acts[0])
    assert len(cid.races) + len(cid.classes) == 1 and not cid.alive
