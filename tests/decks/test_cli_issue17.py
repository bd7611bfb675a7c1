"""What a new user found on the deck command line (issue 17), through typer's CliRunner."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck
from munchkin_lab.decks import cli as deck_cli

runner = CliRunner()


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def run(*args, url=None, input=None):
    return runner.invoke(app, ["deck", *args] + (["--url", url] if url else []), input=input)


def _names(url):
    from munchkin_lab.decks.store import list_decks

    return list(list_decks(url)["name"])


def test_deck_delete_asks_first(url, monkeypatch):
    assert run("new", "Keep", "--set", "munchkin", url=url).exit_code == 0
    monkeypatch.setattr(deck_cli, "_interactive", lambda: True)
    res = run("delete", "Keep", url=url, input="n\n")
    assert res.exit_code == 1 and "Delete deck 'Keep' (" in res.output and "nothing deleted" in res.output
    assert _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="\n")  # the default answer is no
    assert res.exit_code == 1 and _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="y\n")
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []


def test_deck_delete_without_a_terminal_needs_yes(url):
    assert run("new", "Keep", url=url).exit_code == 0
    res = run("delete", "Keep", url=url, input="y\n")  # CliRunner's stdin is not a terminal
    assert res.exit_code == 1 and _names(url) == ["Keep"]
    assert "Error: not deleting deck 'Keep': no terminal to confirm on; pass --yes" in res.output
    res = run("delete", "Keep", "--yes", url=url)
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []
    res = run("delete", "Keep", url=url)
    assert res.exit_code == 1 and "no deck named 'Keep'" in res.output


@pytest.mark.parametrize("argv,message", [
    (["simulate", "base", "--bogus"], "Error: No such option: --bogus"),
    (["compare"], "Error: Missing argument 'deck_a' (see 'munchkin-lab compare --help')"),
    (["print"], "Error: Missing argument 'DECK_OR_QUERY' (see 'munchkin-lab print --help')"),
    (["deck", "nope"], "Error: No such command 'nope' (see 'munchkin-lab deck --help')"),
    (["--bogus"], "Error: No such option: --bogus (see 'munchkin-lab --help')"),
    (["play", "--players", "x"], "Error: Invalid value for '--players'"),
    (["simulate", "base", "--games", "99999999999999999999999"], "Error: Invalid value for '--games' / '-n'"),
    (["compare", "base", "base", "--games", "99999999999999999999999"], "Error: Invalid value for '--games'"),
    (["simulate", "base", "--workers", "99999999999999999999"], "Error: Invalid value for '--workers' / '-w': Input should be less than or equal to 512"),
    (["simulate", "base", "--turn-cap", "99999999999999999999"], "Error: Invalid value for '--turn-cap': Input should be less than or equal to 100000"),
])
def test_usage_errors_are_one_plain_line_exit_2(argv, message):
    res = runner.invoke(app, argv, prog_name="munchkin-lab")
    assert res.exit_code == 2, res.output
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), res.output
    assert "╭" not in res.output and "│" not in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("argv,message", [
    (["--players", "9"], "Error: --players: a Munchkin game seats 2 to 6 players, got 9"),
    (["--players", "1"], "Error: --players: a Munchkin game seats 2 to 6 players, got 1"),
    (["--players", "9", "--sets", "munchkin"], "Error: --players: a Munchkin game seats 2 to 6 players, got 9"),
    (["--players", "5", "--deck", "solar_storm"], "Error: --players: a Solar Storm game seats 1 to 4 players, got 5"),
    (["--players", "9", "--deck", "solar_storm"],
     "Error: --players: a Munchkin game seats 2 to 6 players and a Solar Storm game 1 to 4, got 9"),
    (["--players", "1", "--deck", "base"], "Error: --players: a Munchkin game seats 2 to 6 players, got 1"),
])
def test_play_players_names_the_game(url, argv, message):
    res = runner.invoke(app, ["play", *argv, "--url", url])
    assert res.exit_code == 2 and res.output.strip() == message, res.output


def test_play_and_scenario_run_take_url(url, tmp_path):
    from pathlib import Path

    res = runner.invoke(app, ["play", "--url", url, "--quiet", "--tail", "0", "--seed", "3"])
    assert res.exit_code == 0 and res.output.startswith(("Winner:", "No winner")), res.output
    missing = f"sqlite:///{tmp_path / 'none' / 'x.sqlite'}"
    res = runner.invoke(app, ["play", "--url", missing])
    assert res.exit_code == 1 and "no card database here" in res.output and not (tmp_path / "none").exists()
    core = Path(__file__).resolve().parents[1] / "scenarios" / "core"
    one = sorted(core.glob("*.yaml"))[0]
    res = runner.invoke(app, ["scenario", "run", str(one), "--url", url])
    assert res.exit_code == 0 and "1 passed, 0 failed" in res.output, res.output
    res = runner.invoke(app, ["scenario", "run", str(one), "--url", missing])
    assert res.exit_code == 1 and res.output.count("Error:") == 1 and "PASS" not in res.output
