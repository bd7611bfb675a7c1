"""Scenario files with positions the rules cannot reach are refused when the scenario is built
(issue 17): the zone's card kind, slots and Big items in use (the engine's own helpers)."""
from __future__ import annotations

import pytest

from munchkin_lab.scenarios.runner import run_file

BASE = """
players:
  - {{name: Ann{ann}}}
  - {{name: Bob}}
decks: {{door: [Potted Plant], treasure: [Huge Rock]}}
"""


def _run(tmp_path, resolver, ann="", players=None):
    text = BASE.format(ann=ann)
    if players is not None:
        text = "players:\n" + "".join(f"  - {{name: P{i}}}\n" for i in range(players)) + \
            "decks: {door: [Potted Plant], treasure: [Huge Rock]}\n"
    p = tmp_path / "s.yaml"
    p.write_text(text, encoding="utf-8")
    return run_file(p, resolver)


@pytest.mark.parametrize("ann,message", [
    (", equipped: [Potted Plant]",
     "players[0].equipped[0]: Potted Plant is a monster, not a item: it cannot be in equipped"),
    (", curses: [Huge Rock]", "players[0].curses[0]: Huge Rock is a item, not a curse: it cannot be in curses"),
    (", race: Warrior", "players[0].race: Warrior is a class, not a race: it cannot be in races"),
    (", equipped: [Huge Rock, Huge Rock, Chainsaw of Bloody Dismemberment]",
     "players[0].equipped[1]: Huge Rock cannot be in use: you have only two hands"),
    (", equipped: [Helm of Courage, Horny Helmet]",
     "players[0].equipped[1]: Horny Helmet cannot be in use: you already use a headgear item"),
    (", equipped: [Mithril Armor, Boots of Butt-Kicking, Huge Rock]",
     "players[0].equipped[2]: Huge Rock cannot be in use: a second Big item in use, and the player is no Dwarf"),
])
def test_impossible_positions_are_refused(tmp_path, resolver, ann, message):
    r = _run(tmp_path, resolver, ann)
    assert not r.ok and message in r.message, r.message


@pytest.mark.parametrize("ann", [
    ", equipped: [Huge Rock]",
    ", equipped: [Mithril Armor], carried: [Huge Rock]",  # carried Items are not in use
    ", race: Dwarf, equipped: [Mithril Armor, Huge Rock]",  # a Dwarf uses any number of Big items
    ", equipped: [Helm of Courage, Mithril Armor, Boots of Butt-Kicking]",
    ", carried: [Magic Missile, Huge Rock, Chainsaw of Bloody Dismemberment]",
])
def test_reachable_positions_pass(tmp_path, resolver, ann):
    r = _run(tmp_path, resolver, ann)
    assert r.ok, r.message


def test_player_count_is_said_plainly(tmp_path, resolver):
    r = _run(tmp_path, resolver, players=7)
    assert not r.ok and "players: a scenario has 2 to 6 players, got 7" in r.message, r.message
    r = _run(tmp_path, resolver, players=1)
    assert not r.ok and "players: a scenario has 2 to 6 players, got 1" in r.message, r.message
    assert _run(tmp_path, resolver, players=6).ok


DUST = """
options: {{modules: [fairy_dust]}}
cards:
  - {{name: Dust, kind: fairy_dust, deck: fairy_dust, manual: true}}
  - {{name: Dust Crown, kind: fairy_dust, deck: fairy_dust, gold: 300, slot: headgear, bonus: 2}}
players:
  - {{name: Ann{ann}}}
  - {{name: Bob}}
"""


@pytest.mark.parametrize("ann,message", [
    (", equipped: [Dust Crown]", None),  # a Fairy Dust card with a value is an Item: in use
    (", carried: [Dust Crown]", None),
    (", equipped: [Dust Crown, Helm of Courage]",
     "players[0].equipped[1]: Helm of Courage cannot be in use: you already use a headgear item"),
    (", carried: [Dust]", "players[0].carried[0]: Dust is Fairy Dust without a value, not an Item: it cannot be in carried"),
    (", equipped: [Dust]", "players[0].equipped[0]: Dust is Fairy Dust without a value, not an Item: it cannot be in equipped"),
])
def test_fairy_dust_on_the_table_only_as_an_item(tmp_path, resolver, ann, message):
    """Munchkin Fairy Dust rules, Getting Fairy Dust Cards: a Fairy Dust card with a value is an
    Item - in use or carried like one; one without a value is no Item and never on the table."""
    p = tmp_path / "s.yaml"
    p.write_text(DUST.format(ann=ann), encoding="utf-8")
    r = run_file(p, resolver)
    if message is None:
        assert r.ok, r.message
    else:
        assert not r.ok and message in r.message, r.message
