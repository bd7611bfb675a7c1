"""The flags the engine sets where a change happens instead of testing after every action
(engine/README.md, Speed) are never off when the test they skip could find something.

``Game._lv_due`` (the winner test looks at the Levels): set where a Level changes, by
``begin()`` and by every state replaced whole (undo, copies, loads); cleared only when the
test found nobody at Level 10. After every action of random games of every preset (history on
every other game: undo and redo at random points; a copy or a loaded save taking over now and
then), a player at Level 10 in a game still running means the test is due.
"""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.engine.pending import Pending

PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")


def _deck(name):
    from munchkin_lab.decks import load_preset

    return load_preset(name)


def _due_when_needed(g: Game) -> None:
    s = g.state
    if s.phase != "over" and any(p.level >= 10 for p in s.players):
        assert g._lv_due, f"a player at Level 10 and the winner test not due: {g!r}"


@pytest.mark.parametrize("preset", PRESETS)
def test_the_winner_test_is_due_whenever_a_player_is_at_level_10(preset, monkeypatch):
    cleared = {"n": 0, "tests": 0}
    orig = Pending._winner_test

    def winner_test(self):
        cleared["tests"] += 1
        orig(self)
        cleared["n"] += not self._lv_due

    monkeypatch.setattr(Pending, "_winner_test", winner_test)
    deck = _deck(preset)
    ended = 0
    for seed in range(8):
        g = Game.new(players=3 + seed % 4, deck=deck.specs(), seed=seed,
                     options=deck.game_options(max_turns=100), history=seed % 2 == 0)
        rnd = random.Random(seed)
        steps = 0
        while g.outcome() is None and steps < 3000:
            g.play(rnd.choice(g.legal_actions(labels=False)))
            steps += 1
            _due_when_needed(g)
            r = rnd.random()
            if g.history and r < 0.03 and len(g._undo) > 3:
                for _ in range(rnd.randint(1, 3)):
                    g.undo()
                assert g._lv_due
                if rnd.random() < 0.5:
                    g.redo()
                    _due_when_needed(g)
            elif r < 0.04:
                g = g.copy(history=g.history)
                assert g._lv_due
            elif r < 0.045:
                g = Game.from_json(g.to_json())
                _due_when_needed(g)
            ended += g.outcome() is not None and g.outcome().reason == "level 10"
    if preset == "base":
        assert ended > 0  # (games reach Level 10: the check above is met)
        # with the core rules alone the test is skipped on most steps (the flag is cleared)
        assert cleared["n"] > 0 and cleared["tests"] > 0, cleared
    else:
        # a rules module may change Levels its own way: the test is never skipped
        assert cleared["n"] == 0 and cleared["tests"] > 0, cleared


def test_a_level_set_by_hand_then_begin_ends_the_game_at_the_next_action():
    """A scenario that edits the position calls ``begin()``: the winner test looks again."""
    deck = _deck("base")
    g = Game.new(players=3, deck=deck.specs(), seed=5, options=deck.game_options(), history=False)
    rnd = random.Random(5)
    while g.state.phase in ("setup", "combat") or g.state.pending:
        g.play(rnd.choice(g.legal_actions(labels=False)))
    assert g.outcome() is None and not g._lv_due
    g.state.players[1].level = 10
    g.begin()
    g.play(g.legal_actions(labels=False)[0])
    assert g.outcome() is not None and 1 in g.outcome().winners
