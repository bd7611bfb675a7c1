"""Random playouts of Solar Storm: card/cube/token conservation, undo/redo identity, exact
replay, text round trip of every legal action (hypothesis draws the seeds)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from munchkin_lab.engine.actions import Action, IllegalActionError
from munchkin_lab.engine.solar_storm import SolarAction, SolarStormGame, SolarStormOptions

from solar_helpers import all16, version


def _check_invariants(g: SolarStormGame, totals: dict) -> None:
    z = g.all_zones()
    assert sorted(z["resources"]) == list(range(len(g.res_type)))
    assert sorted(z["damage"]) == list(range(len(g.state.damage_cards)))
    assert sorted(z["rooms"]) == list(range(len(g.rooms)))
    assert len({g.room_name(p) for p in range(9)}) == 9
    s = g.state
    assert g.cube_count() == totals["cubes"]
    assert s.token_supply + sum(p.tokens for p in s.players) == totals["tokens"]
    assert s.protection_supply + sum(p.protection for p in s.players) == totals["protection"]
    assert min(s.token_supply, s.protection_supply, s.cube_supply) >= 0
    assert s.damage_deck[:1] == [0] or s.phase == "over"  # Hull Breach stays at the bottom


def playout(seed: int, steps: int = 120, check_every: int = 1) -> SolarStormGame:
    r = random.Random(seed)
    rooms = [all16(), version("V1"), version("V2")][seed % 3]
    g = SolarStormGame.new(players=r.randint(1, 4), rooms=rooms, seed=seed,
                           options=SolarStormOptions(max_turns=30))
    s = g.state
    totals = {"cubes": g.cube_count(), "tokens": s.token_supply + sum(p.tokens for p in s.players),
              "protection": s.protection_supply + sum(p.protection for p in s.players)}
    for i in range(steps):
        if g.outcome() is not None:
            break
        legal = g.legal_actions()
        assert legal, "a running game always offers an action"
        a = r.choice(legal)
        assert SolarAction.parse(str(a)) == a
        assert g.why_not(a) is None
        before = g.state_dict()
        g.play(a)
        if i % check_every == 0:
            _check_invariants(g, totals)
            after = g.state_dict()
            g.undo()
            assert g.state_dict() == before
            g.redo()
            assert g.state_dict() == after
    return g


@pytest.mark.parametrize("seed", range(300))
def test_random_playout(seed):
    g = playout(seed, steps=100, check_every=3)
    again = SolarStormGame.from_json(g.to_json())
    assert again.state_dict() == g.state_dict()
    assert [str(a) for a in again.actions] == [str(a) for a in g.actions]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**64 - 1))  # the one seed range (engine.rng.check_seed)
def test_replay_and_full_undo(seed):
    g = playout(seed, steps=60, check_every=10)
    start = SolarStormGame.from_json(g.to_json())
    n = len(g.actions)
    final = g.state_dict()
    for _ in range(n):
        g.undo()
    assert g.state_dict() == SolarStormGame.from_json(
        g.to_json()).state_dict()  # back at the initial position
    for _ in range(n):
        g.redo()
    assert g.state_dict() == final == start.state_dict()


def test_same_seed_same_game():
    a, b = playout(11, steps=80), playout(11, steps=80)
    assert a.state_dict() == b.state_dict()


def test_illegal_action_leaves_state_unchanged():
    g = SolarStormGame.new(players=2, rooms=all16(), seed=3)
    before = g.state_dict()
    for text in ("1 move n=1", "0 move n=0", "0 activate", "0 place cs=1", "0 collect"):
        with pytest.raises(IllegalActionError):
            g.play(text)
        assert g.state_dict() == before
    assert g.why_not(SolarAction(0, "move", n=8)) is not None


def test_text_round_trip_and_plain_action_accepted():
    g = SolarStormGame.new(players=2, rooms=all16(), seed=5)
    a = next(x for x in g.legal_actions() if x.kind == "move")
    assert isinstance(a, Action) and a.label
    assert SolarAction.parse(str(a)) == a
    g.play(Action(a.player, "end_actions"))  # a plain engine Action with a Solar Storm kind
    assert g.state_dict()["phase"] == "collect"
    with pytest.raises(ValueError):
        SolarAction.parse("0 kick")
    with pytest.raises(ValueError):
        SolarAction.parse("0 move q=1")
