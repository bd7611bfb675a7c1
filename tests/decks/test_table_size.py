"""The table size a deck's sets allow (decks.checks.table_size / seats_problem), and
``simulate --players`` refused in the words of ``play --players`` (one wording source)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks.checks import seats_problem, table_size

runner = CliRunner()

SCOOBY = "--players: a Munchkin game seats 3 to 6 players (Scooby-Doo rulebook 002, Setting Up), got "
CORE = "--players: a Munchkin game seats 2 to 6 players (core rules, 2. Setting Up), got "


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def test_table_size_of_the_sets():
    """Scooby-Doo rulebook 002: three to six; core rules: 3 to 6 and two may play; a mix takes
    the widest range any of its rulebooks allows; sets without a count leave the core's."""
    assert table_size(["scooby_doo"]) == (3, 6, "Munchkin", "Scooby-Doo rulebook 002, Setting Up")
    assert table_size(["munchkin", "scooby_doo"])[:2] == (2, 6)
    assert table_size(["fairy_dust", "scooby_doo"])[:2] == (2, 6)
    assert table_size(["star_munchkin", "star_munchkin_adventures"])[:2] == (2, 6)
    assert table_size(["scooby_doo", "my_designer_set"])[:2] == (3, 6)
    assert table_size([])[:2] == (2, 6)
    assert table_size(["scooby_doo"], solar=True)[:2] == (1, 4)
    assert seats_problem(2, False, sets=["scooby_doo"]) == SCOOBY + "2"
    assert seats_problem(3, False, sets=["scooby_doo"]) is None
    assert seats_problem(2, False, sets=["scooby_doo", "munchkin"]) is None


def _scooby_deck(url):
    assert runner.invoke(app, ["deck", "new", "Scooby only", "--set", "scooby_doo", "--url", url]).exit_code == 0


def test_scooby_doo_only_deck_refuses_two_players(url):
    """A Scooby-Doo-only deck was checked, simulated and played for 2 players (the core rules'
    table); its rulebook seats 3 to 6."""
    _scooby_deck(url)
    res = runner.invoke(app, ["deck", "check", "Scooby only", "--players", "2", "--url", url])
    assert res.exit_code == 2 and res.output == "Error: " + SCOOBY + "2\n", res.output
    res = runner.invoke(app, ["play", "--sets", "scooby_doo", "--players", "2", "--url", url])
    assert res.exit_code == 2 and res.output == "Error: " + SCOOBY + "2\n", res.output
    res = runner.invoke(app, ["play", "--deck", "Scooby only", "--players", "2", "--url", url])
    assert res.exit_code == 2 and res.output == "Error: " + SCOOBY + "2\n", res.output
    res = runner.invoke(app, ["simulate", "Scooby only", "--players", "2", "--games", "1",
                              "--no-progress", "--url", url])
    assert res.exit_code == 2 and res.output == "Error: " + SCOOBY + "2\n", res.output


@pytest.mark.parametrize("players", ["9", "0", "1", "7"])
def test_simulate_and_compare_players_say_what_play_says(url, players):
    """``simulate --players 9`` was refused by typer's 1..6 range ('must be at most 6') before
    the game's own rule; now simulate, compare and play print one message, exit 2."""
    play = runner.invoke(app, ["play", "--players", players, "--url", url])
    assert play.exit_code == 2 and play.output == "Error: " + CORE + players + "\n", play.output
    for argv in (["simulate", "base"], ["compare", "base", "base"]):
        res = runner.invoke(app, [*argv, "--players", players, "--games", "1", "--no-progress", "--url", url])
        assert res.exit_code == 2 and res.output == play.output, (argv, res.output)


def test_simulate_api_checks_the_table_before_the_bots():
    """The Python API refuses a table size in the same words, before building one bot name
    per seat (a huge ``players`` is not a huge tuple)."""
    from munchkin_lab.sim import simulate

    with pytest.raises(ValueError) as e:
        simulate("base", players=10**12, games=1, workers=1, progress=False)
    assert str(e.value) == CORE + str(10**12)


def test_deck_check_without_players_checks_the_smallest_table_of_the_decks_sets(url):
    """``deck check`` with no --players checks the piles for the smallest table the deck's
    sets seat: 3 for a Scooby-Doo-only deck (it said 'the opening hands of 2 players')."""
    _scooby_deck(url)
    res = runner.invoke(app, ["deck", "check", "Scooby only", "--url", url])
    assert "the opening hands of 3 players" in res.output and "of 2 players" not in res.output, res.output
