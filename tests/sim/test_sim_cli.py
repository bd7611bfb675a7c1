"""The simulate and compare commands (typer CliRunner)."""
from __future__ import annotations

import pandas as pd
from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


def test_simulate_writes_parquet(sim_url, tmp_path):
    out = tmp_path / "results.parquet"
    res = runner.invoke(app, ["simulate", "base", "--games", "6", "--players", "4", "--workers", "1",
                              "--seed", "1", "--out", str(out), "--bots", "greedy,random",
                              "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    assert "win rate" in res.output and "P4" in res.output
    games = pd.read_parquet(out)
    assert list(games["game"]) == list(range(6)) and "end_cause" in games
    cards = pd.read_parquet(tmp_path / "results.cards.parquet")
    assert {"key", "drawn", "killed", "win_share_when_held"} <= set(cards)
    from munchkin_lab.sim import SimResult

    back = SimResult.load(out)
    assert back.config["bots"] == ["greedy", "random", "greedy", "random"]


def test_simulate_deck_file(sim_url, tmp_path, base_deck):
    path = tmp_path / "mine.txt"
    base_deck.export(path)
    res = runner.invoke(app, ["simulate", str(path), "--games", "2", "--workers", "1", "--no-progress",
                              "--url", sim_url])
    assert res.exit_code == 0, res.output


def test_compare_command(sim_url, tmp_path):
    res = runner.invoke(app, ["compare", "base", "base", "--games", "4", "--workers", "1", "--seed", "2",
                              "--bots-b", "random", "--no-progress", "--url", sim_url,
                              "--plots", str(tmp_path / "plots"), "--turn-cap", "80"])
    assert res.exit_code == 0, res.output
    assert "B-A" in res.output and "turns" in res.output
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["lengths.png", "levels.png", "win_rates.png"]


def test_errors_exit_1_without_traceback(sim_url):
    for args, text in ((["simulate", "base", "--games", "0"], "games must be"),
                       (["simulate", "base", "--games", "2", "--bots", "smart"], "unknown bot"),
                       (["simulate", "nope", "--games", "2"], "not a file, a preset"),
                       (["compare", "base", "nope", "--games", "2"], "not a file, a preset"),
                       (["simulate", "base", "--games", "2", "--scheduler", "tcp://127.0.0.1:9",
                         "--connect-timeout", "1"], "unreachable")):
        res = runner.invoke(app, args + ["--url", sim_url, "--no-progress"])
        assert res.exit_code == 1, (args, res.output)
        assert "Error:" in res.output and text in res.output
        assert "Traceback" not in res.output
