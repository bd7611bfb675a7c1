"""The greedy bot's list-free decisions pick what ranking the engine's legal list would pick."""
from __future__ import annotations

import pytest

from munchkin_lab.engine import Game, GameOptions
from munchkin_lab.sim.bots import GreedyBot


class ListBot(GreedyBot):
    """The greedy bot with every list-free shortcut that needs plain rules turned off: it
    ranks the engine's legal list (the reference behaviour)."""

    def _facts(self, game):
        super()._facts(game)
        self._plain = False
        return False


@pytest.mark.parametrize("players", [3, 4, 6])
def test_fast_decisions_match_the_list_ranking(base_deck, players):
    specs = base_deck.specs()
    kinds = set()
    pendings = set()  # the pending decisions answered (the list-free answers of each are compared)
    for seed in range(3):
        g = Game.new(players=players, deck=specs, seed=seed, options=GameOptions(max_turns=120),
                     history=False)
        bots = [GreedyBot(seed * 10 + k) for k in range(players)]
        steps = 0
        while g.outcome() is None and steps < 20000:
            seat = g.actor()
            bot = bots[seat]
            ref = ListBot(bot.seed)
            ref._unequips = bot._unequips
            want = ref.pick(g, seat)
            got = bot.pick(g, seat)
            assert got == want, f"seed {seed} step {steps}: {got} != listed choice {want}"
            assert bot._unequips == ref._unequips
            assert got is not None and g.why_not(got) is None, f"{got}: {g.why_not(got)}"
            kinds.add(got.kind)
            if g.state.pending:
                pendings.add(g.state.pending[0]["kind"])
            g.play(got)
            steps += 1
    assert {"kick", "end_turn", "loot", "fight", "pass", "play"} <= kinds
    assert {"help", "choose", "react"} <= pendings, pendings
