"""Putting a carried Item in use (``equip``) and carrying an Item in use instead (``unequip``)
each write a log line, in the words the log uses for an Item played straight into use ("Ann
puts Helm of Courage in use.") and for one the state-based checks move ("... instead of using
it"). Before, the log said nothing, while every other action wrote a line. The line belongs to
its action: undo takes it back, redo and a replayed save write it again."""
from __future__ import annotations

from munchkin_lab.engine import Action, Game
from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario

TEXT = """
name: equip and unequip write log lines
seed: 1
players:
  - {name: Ann, level: 4, equipped: [Boots of Butt-Kicking], carried: [Helm of Courage]}
  - {name: Bob, level: 3}
  - {name: Cy, level: 2}
decks: {door: [Potted Plant, Lame Goblin], treasure: [Cheese Grater of Peace, Rat on a Stick]}
steps: []
"""


def _game(tmp_path):
    path = tmp_path / "equip.yaml"
    path.write_text(TEXT)
    return build_game(load_scenario(path), database_resolver())


def _said(g, n):
    return [x.split("] ", 1)[1] for x in g.log[n:]]


def test_equip_and_unequip_say_what_they_did(tmp_path):
    g = _game(tmp_path)
    helm, boots = g.card_ids("Helm of Courage")[0], g.card_ids("Boots of Butt-Kicking")[0]
    n = len(g.log)
    g.play(Action(0, "equip", card=helm))
    assert _said(g, n) == ["Ann puts Helm of Courage in use."]
    assert g.log[-1].startswith(f"[t{g.state.turn}] ")
    assert "Helm of Courage" in g.state_dict()["players"][0]["equipped_list"]
    n = len(g.log)
    g.play(Action(0, "unequip", card=boots))
    assert _said(g, n) == ["Ann carries Boots of Butt-Kicking instead of using it."]
    assert g.state_dict()["players"][0]["carried"] == ["Boots of Butt-Kicking"]


def test_the_lines_follow_undo_redo_and_a_replayed_save(tmp_path):
    g = _game(tmp_path)
    helm, boots = g.card_ids("Helm of Courage")[0], g.card_ids("Boots of Butt-Kicking")[0]
    start = list(g.log)
    g.play(Action(0, "equip", card=helm))
    g.play(Action(0, "unequip", card=boots))
    played = list(g.log)
    assert len(played) == len(start) + 2
    g.undo()
    assert g.log == played[:-1]
    g.undo()
    assert g.log == start
    g.redo()
    g.redo()
    assert g.log == played
    replayed = Game.from_json(g.to_json())
    assert replayed.log == played and replayed.state_dict() == g.state_dict()
