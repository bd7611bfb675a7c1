"""``munchkin-lab play`` plays the bots of ``simulate`` and the board (a new user's finding: it
ran the engine's own greedy policy, which never casts a Curse from hand)."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.play_cli import make_game, play_game
from munchkin_lab.sim.bots import GreedyBot, RandomBot, make_bot


@pytest.mark.parametrize("random_play", [False, True])
def test_play_drives_each_seat_with_a_sim_bot(random_play):
    seed, players = 5, 3
    g, steps = play_game(players=players, seed=seed, max_turns=40, random_play=random_play)
    rnd = random.Random(seed)  # the bots play_on makes: one a seat, each seeded from the seed's RNG
    bots = [make_bot("random" if random_play else "greedy", rnd.getrandbits(63)) for _ in range(players)]
    assert all(isinstance(b, RandomBot if random_play else GreedyBot) for b in bots)
    h = make_game(players=players, seed=seed, max_turns=40)
    while h.outcome() is None:
        h.play(bots[h.actor()].choose(h, h.actor()))
    assert steps == len(g.actions) == len(h.actions) > 0
    assert [str(a) for a in g.actions] == [str(a) for a in h.actions]


def test_plays_bots_cast_curses_from_hand():
    """The sim's greedy bot curses the leader; the engine policy play used never did."""
    cast = 0
    for seed in (1, 2, 3):
        g, _ = play_game(players=4, seed=seed)
        cast += sum(1 for a in g.actions if a.kind == "play" and a.card is not None and a.card >= 0
                    and g.specs[a.card].kind == "curse" and a.target not in (None, a.player))
    assert cast > 0
