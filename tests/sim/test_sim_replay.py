"""An errored game of a run: its error text kept (the per-game table, the totals' first
examples, the CLI's warning) and the game replayed move for move with its traceback."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.sim import bots as bots_mod
from munchkin_lab.sim import replay_game, simulate


@pytest.fixture
def broken_random(monkeypatch):
    """The random bot raises once its game reaches turn 3 (a stand-in for an engine/bot bug)."""
    real = bots_mod.RandomBot.pick

    def pick(self, game, seat):
        if game.state.turn >= 3:
            raise RuntimeError("boom")
        return real(self, game, seat)

    monkeypatch.setattr(bots_mod.RandomBot, "pick", pick)


def test_errored_games_are_kept_and_replayed(broken_random, sim_url):
    r = simulate("base", players=4, games=7, bots="greedy,random", seed=3, workers=1, progress=False,
                 batch_size=2, url=sim_url)
    errs = r.games[r.games["end_cause"] == "error"]
    assert len(errs) >= 6  # a random seat acts on turn 3 in (almost) every game
    assert set(errs["error"]) == {"RuntimeError: boom"}
    ex = r.stats().error_examples
    assert ex == [[int(g), "RuntimeError: boom"] for g in errs["game"][:5]]
    game = int(errs["game"].iloc[1])
    with pytest.raises(RuntimeError, match="boom") as info:
        replay_game("base", game, players=4, bots="greedy,random", seed=3, url=sim_url)
    g = info.value.game
    assert g.state.turn >= 3 and g.log  # the game as it stood, its event log on
    note = "".join(info.value.__notes__)
    assert note.startswith(f"replay_game: game {game} of deck 'Munchkin (base game)' (seed 3, bots "
                           "greedy,random,greedy,random), step "), note
    assert len(g.actions) == int(errs["steps"].iloc[1])  # the same moves as in the run


def test_replayed_game_is_the_run_game(sim_url):
    r = simulate("base", players=3, games=3, bots="random,greedy", seed=9, workers=1, progress=False, url=sim_url)
    for row in r.games.itertuples():
        g = replay_game("base", row.game, players=3, bots="random,greedy", seed=9, url=sim_url)
        assert (g.state.turn, len(g.actions)) == (row.turns, row.steps)
        assert ",".join(map(str, g.state.winners)) == row.winners


def test_cli_warning_names_the_errors_and_the_replay(broken_random, sim_url):
    res = CliRunner().invoke(app, ["simulate", "base", "--games", "3", "--workers", "1", "--seed", "3",
                                   "--bots", "greedy,random", "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    assert "ended with an engine/bot error" in res.output
    assert "  game 0: RuntimeError: boom" in res.output
    assert (f"replay_game('base', GAME, players=4, bots='greedy,random,greedy,random', seed=3, turn_cap=300, url={sim_url!r})"
            in res.output)
