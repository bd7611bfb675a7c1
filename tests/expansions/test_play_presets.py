"""`munchkin-lab play --deck PRESET`: every preset of issue 4 plays a whole game to a real outcome
(a winner, or the recorded end reason), and the same seed gives the same log."""
from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import list_presets
from munchkin_lab.play_cli import play_game

PRESETS = ["base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures", "solar_storm"]
# a winner, or the end reason the game recorded
OUTCOME = re.compile(r"^(Winner: .+ after \d+ turns?|No winner \((turn limit)\) after \d+ turns?"
                     r"|The (crew wins|ship is lost) \(.+\) after \d+ turns?)", re.M)


def _play(*args: str):
    r = CliRunner().invoke(app, ["play", *args])
    assert r.exit_code == 0, r.output + repr(r.exception)
    return r.output


def test_presets_exist():
    assert set(PRESETS) <= set(list_presets())


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_plays_a_whole_game(preset):
    out = _play("--deck", preset, "--seed", "7", "--players", "4", "--max-turns", "300")
    last = out.strip().splitlines()[-1]
    assert OUTCOME.match(last), last
    assert len(out.splitlines()) > 20  # the whole turn log is printed
    g, steps = play_game(preset, players=4, seed=7, max_turns=300)
    o = g.outcome()
    assert o is not None and steps > 0
    if preset in ("base", "base_fairy_dust", "base_scooby_dungeons"):
        assert o.winners, o  # the Munchkin mixes with monsters finish with a winner
    else:
        assert o.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_same_seed_same_log(preset):
    a = _play("--deck", preset, "--seed", "11", "--players", "3", "--max-turns", "150")
    b = _play("--deck", preset, "--seed", "11", "--players", "3", "--max-turns", "150")
    assert a == b
    c = _play("--deck", preset, "--seed", "12", "--players", "3", "--max-turns", "150")
    assert c != a


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_solar_storm_one_to_four_players(players):
    out = _play("--deck", "solar_storm", "--seed", "7", "--players", str(players), "--quiet")
    lines = out.strip().splitlines()
    assert len(lines) <= 11
    assert re.match(r"The (crew wins|ship is lost) \(.+\) after \d+ turns", lines[-1]), lines[-1]


def test_quiet_prints_the_tail_only():
    full = _play("--deck", "base_fairy_dust", "--seed", "7").strip().splitlines()
    quiet = _play("--deck", "base_fairy_dust", "--seed", "7", "--quiet", "--tail", "4").strip().splitlines()
    assert quiet == full[-5:]


def test_deck_from_file_and_preset_prefix(tmp_path):
    from munchkin_lab.decks import load_preset, write_deck
    f = tmp_path / "mix.txt"
    write_deck(load_preset("base_scooby_dungeons"), f)
    assert _play("--deck", str(f), "--seed", "5", "--quiet") == _play("--deck", "preset:base_scooby_dungeons", "--seed", "5", "--quiet")


def test_unknown_deck_is_a_clear_error():
    r = CliRunner().invoke(app, ["play", "--deck", "no_such_deck_xyz"])
    assert r.exit_code == 1  # bad input (exit codes: munchkin_lab/cli.py)
    assert "no_such_deck_xyz" in r.output and "base_fairy_dust" in r.output
