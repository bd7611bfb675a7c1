"""Every game ends and conserves its cards (issue 16.6): seeded short games on every Munchkin
preset and on single-expansion decks (Scooby-Doo only, Star Munchkin only), played by random
and greedy seats, card conservation checked after every action. 2,160 games in all. Then the
simulator's greedy and random bots at one table, in every seat order, as a simulation plays
them (64 short games and the known crash games)."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.engine.policy import greedy_policy
from munchkin_lab.sim.bots import make_bot

PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")
GAMES = 360


def _deck(name, scooby_only, star_only):
    from munchkin_lab.decks import load_preset

    if name == "scooby_doo only":
        return scooby_only, {}
    if name == "star_munchkin only":
        return star_only, {}
    d = load_preset(name)
    return d.specs(), {"modules": d.game_options().modules}


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS + ("scooby_doo only", "star_munchkin only"))
def test_every_game_reaches_an_outcome_and_conserves_cards(name, scooby_only, star_only):
    from munchkin_lab.engine import GameOptions

    specs, kw = _deck(name, scooby_only, star_only)
    reasons: dict[str, int] = {}
    for seed in range(GAMES):
        players = 2 + seed % 5
        opts = GameOptions(max_turns=4 + seed % 5, max_actions_per_turn=300, **kw)
        g = Game.new(players=players, deck=specs, seed=seed, options=opts, history=seed % 17 == 0)
        total = len(g.specs)
        rnd = random.Random(seed)
        mode = seed % 3  # random seats, the engine's greedy policy, the simulator's greedy bots
        bots = [make_bot("greedy", seed * 10 + k) for k in range(players)]
        steps = 0
        while g.outcome() is None:
            if mode == 0:
                a = rnd.choice(g.legal_actions(labels=False))
            elif mode == 1:
                a = greedy_policy(g)
            else:
                a = bots[g.actor()].choose(g)
            g.play(a)
            steps += 1
            z = g.all_zones()
            assert len(z) == total and len(set(z)) == total, f"seed {seed} step {steps}: a card lost or duplicated"
            assert steps <= 300 * 10, "the caps did not end the game"
        out = g.outcome()
        reasons[out.reason] = reasons.get(out.reason, 0) + 1
        if out.winners:
            assert all(g.state.players[w].level == 10 for w in out.winners)
    assert sum(reasons.values()) == GAMES
    assert set(reasons) <= {"level 10", "turn limit", "action limit"}


#: games of mixed seats per preset (2 to 6 players, every seat order in turn)
MIXED_GAMES = 16
#: games a user's mixed-seat simulation crashed in, as ``simulate(preset, seed=1, bots=...)``
#: plays game ``i`` (``replay_game``): (preset, game, players, bots)
MIXED_KNOWN = (("base", 243, 4, "greedy,random"),)  # a help question left after a won combat


def _mixed_seats(i: int, players: int) -> str:
    """The ``i``-th seat order of greedy and random bots with both kinds seated."""
    import itertools

    orders = [o for o in itertools.product(("greedy", "random"), repeat=players) if len(set(o)) == 2]
    return ",".join(orders[i % len(orders)])


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_mixed_greedy_and_random_seats_play_every_game_to_its_end(name, db_url):
    """The simulator's greedy and random bots at one table (a user's ``--bots greedy,random``)
    reach positions no table of one kind reaches (a fight moved after its monsters were gone, a
    help question outliving its combat): every game ends without an engine or bot error and
    conserves its cards. Played as the simulator plays them (``replay_game``: a run's game move
    for move), short turn caps except the known games."""
    from munchkin_lab.sim import replay_game

    games = [(i, 2 + i % 5, _mixed_seats(i // 5, 2 + i % 5), 12 + i % 7) for i in range(MIXED_GAMES)]
    games += [(i, p, bots, 300) for n, i, p, bots in MIXED_KNOWN if n == name]
    for i, players, bots, cap in games:
        g = replay_game(name, i, players=players, bots=bots, seed=1, turn_cap=cap, url=db_url, history=False)
        out = g.outcome()
        assert out is not None and out.reason in ("level 10", "turn limit"), (i, bots, out)
        z = g.all_zones()
        assert len(z) == len(g.specs) and len(set(z)) == len(z), (i, bots, "a card lost or duplicated")
