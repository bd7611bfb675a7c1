"""Who played each One-Shot / Monster Enhancer into a combat (``CombatState.played_by``): kept
by clone and saves, checked on load, shown in the view; saves older than the field still load."""
from __future__ import annotations

import json
import random

import pytest

from munchkin_lab.engine import Game, GameOptions


def _combat_with_played_cards(base_deck):
    """A base game stopped in a combat into which someone played a One-Shot or an enhancer."""
    for seed in range(40):
        g = Game.new(players=3, deck=base_deck, seed=seed, options=GameOptions(max_turns=30))
        rnd = random.Random(seed)
        for _ in range(400):
            if g.outcome() is not None:
                break
            c = g.state.combat
            if c is not None and c.played_by:
                return g
            g.play(rnd.choice(g.legal_actions(labels=False)))
    pytest.fail("no combat with a card played into it")


def test_played_by_names_the_player_of_each_card_in_the_combat(base_deck):
    g = _combat_with_played_cards(base_deck)
    c = g.state.combat
    lying = set(c.used) | {e for en in c.enh for e in en}
    assert c.played_by and set(c.played_by) <= lying
    assert all(0 <= q < len(g.state.players) for q in c.played_by.values())
    view = g.state_dict()["combat"]
    assert view["one_shots_by"] == [c.played_by.get(u) for u in c.used]
    assert [m["enhancers_by"] for m in view["monsters"]] == [[c.played_by.get(e) for e in en] for en in c.enh]
    assert g.state.clone().combat.played_by == c.played_by


def test_played_by_survives_a_save_and_older_saves_load_without_it(base_deck):
    g = _combat_with_played_cards(base_deck)
    want = dict(g.state.combat.played_by)
    g.begin()  # (the combat becomes the save's initial state)
    data = json.loads(g.to_json())
    assert data["initial"]["combat"]["played_by"] == [[k, v] for k, v in want.items()]
    assert Game.from_json(json.dumps(data)).state.combat.played_by == want
    del data["initial"]["combat"]["played_by"]
    assert Game.from_json(json.dumps(data)).state.combat.played_by == {}


@pytest.mark.parametrize("bad, field", [
    ([[0, 9]], "initial.combat.played_by[0][1]"),
    ([[99999, 0]], "initial.combat.played_by[0][0]"),
    ([[0]], "initial.combat.played_by[0]"),
    ("x", "initial.combat.played_by"),
])
def test_a_bad_played_by_is_refused_by_name(base_deck, bad, field):
    g = _combat_with_played_cards(base_deck)
    g.begin()
    data = json.loads(g.to_json())
    data["initial"]["combat"]["played_by"] = bad
    with pytest.raises(ValueError, match=field.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        Game.from_json(json.dumps(data))
