"""Property tests (hypothesis draws seeds and player counts) of mixed games built from the
database presets: base + Fairy Dust + Scooby-Doo, and Star Munchkin Adventures. Random legal
play checks card conservation (``all_zones()`` is every card once), Levels within 1..10,
undo/redo identity, exact replay from the save and determinism of a seed."""
from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import HealthCheck, given, settings, strategies as st

from munchkin_lab.decks import load_preset
from munchkin_lab.engine import Game, GameOptions

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=None)
def _mix(name: str):
    """``(specs, modules)`` of a mix made from the presets."""
    if name == "base+fairy+scooby":
        fairy = load_preset("base_fairy_dust")
        scooby = load_preset("base_scooby_dungeons")
        specs = list(fairy.specs()) + [(sp, n) for sp, n in scooby.specs() if sp.set != "munchkin"]
        modules = tuple(dict.fromkeys(fairy.modules + scooby.modules))
    else:
        d = load_preset("star_munchkin_adventures")
        specs, modules = list(d.specs()), d.modules
    return specs, modules


def _new(mix: str, seed: int, players: int, max_turns: int, history: bool) -> Game:
    specs, modules = _mix(mix)
    # the engine switches its rules modules on from the cards' sets
    opts = GameOptions(max_turns=max_turns, module_options={"fairy_dust": {"fairy_level": 6}})
    return Game.new(players=players, deck=specs, seed=seed, options=opts, history=history)


def _check(g: Game, total: int) -> None:
    z = g.all_zones()
    assert len(z) == total and len(set(z)) == total, "a card is lost or duplicated"
    for p in g.state.players:
        assert 1 <= p.level <= 10, (p.name, p.level)


def _playout(mix, seed, players, max_turns=6, history=False, each=None, limit=600) -> Game:
    g = _new(mix, seed, players, max_turns, history)
    total = len(g.specs)
    _check(g, total)
    rnd = random.Random(seed)
    steps = 0
    while g.outcome() is None and steps < limit:
        acts = g.legal_actions(labels=False)
        assert acts, f"no legal action: {g.state.phase}"
        g.play(rnd.choice(acts))
        steps += 1
        _check(g, total)
        if each:
            each(g, steps)
    return g


MIXES = st.sampled_from(["base+fairy+scooby", "sma"])


def test_modules_of_the_mixes():
    assert set(_mix("base+fairy+scooby")[1]) >= {"fairy_dust", "dungeons"}
    assert "rooms" in _mix("sma")[1]


@SETTINGS
@given(mix=MIXES, seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6))
def test_cards_conserved_and_levels_in_range(mix, seed, players):
    _playout(mix, seed, players, max_turns=10)


@SETTINGS
@given(mix=MIXES, seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5))
def test_undo_redo_identity_and_exact_replay(mix, seed, players):
    def each(g, step):
        if step % 3 == 0:
            before = g.state_dict()
            g.undo()
            g.redo()
            assert g.state_dict() == before

    g = _playout(mix, seed, players, max_turns=4, history=True, each=each, limit=250)
    again = Game.from_json(g.to_json())
    assert again.state_dict() == g.state_dict()
    assert _playout(mix, seed, players, max_turns=4, history=True, limit=250).log == g.log
