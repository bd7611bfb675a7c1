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


def test_deck_check_without_players_checks_the_table_play_takes(url):
    """``deck check`` with no --players checks the piles for the table ``play`` takes by default
    (4): for a Scooby-Doo-only deck it said 'the opening hands of 2 players', then 3 (its
    smallest table)."""
    _scooby_deck(url)
    res = runner.invoke(app, ["deck", "check", "Scooby only", "--url", url])
    assert "the opening hands of 4 players" in res.output and "of 3 players" not in res.output, res.output


def _small_deck(tmp_path, door: int, treasure: int):
    path = tmp_path / f"small_{door}_{treasure}.txt"
    path.write_text(f"# munchkin-lab deck\nname: Small table\n\n[munchkin]\n{door - 7} Potted Plant\n7 Lame Goblin\n"
                    f"{treasure} Dagger of Treachery\n", encoding="utf-8")
    return str(path)


def test_deck_check_and_play_agree_on_the_default_table(url, tmp_path):
    """New-user finding 15: ``deck check`` without --players checked 2 players while ``play``
    takes 4, so a deck whose piles deal the opening hands of 3 players passed the check (a
    warning, exit 0) and ``play --deck`` refused it. Both take 4 now (``DEFAULT_PLAYERS``), and
    the warning about larger tables stays."""
    from munchkin_lab.decks.checks import DEFAULT_PLAYERS

    assert DEFAULT_PLAYERS == 4
    small = _small_deck(tmp_path, 13, 14)  # opening hands of 3 players: 12 + 1 Door, 12 Treasure
    res = runner.invoke(app, ["deck", "check", small, "--url", url])
    assert res.exit_code == 1
    assert res.output.splitlines()[:2] == [
        "error: the Door pile has 13 cards: the opening hands of 4 players take 16 (4 each) and Kick Down the Door "
        "needs one more; add at least 4 Door cards [opening-hands; core rulebook 001 (Setup: 4 Door and 4 Treasure "
        "cards a player; Kick Down the Door)]",
        "error: the Treasure pile has 14 cards: the opening hands of 4 players take 16 (4 each); add at least 2 "
        "Treasure cards [opening-hands; core rulebook 001 (Setup: 4 Door and 4 Treasure cards a player; Kick Down "
        "the Door)]"]
    play = runner.invoke(app, ["play", "--deck", small, "--quiet", "--url", url])
    assert play.exit_code == 1 and "cannot be played with 4 players (2 errors of `deck check`)" in play.output
    assert runner.invoke(app, ["deck", "check", small, "--players", "3", "--url", url]).exit_code == 0
    four = _small_deck(tmp_path, 17, 16)
    res = runner.invoke(app, ["deck", "check", four, "--url", url])
    assert res.exit_code == 0 and "Small table: 0 errors, 5 warnings" in res.output
    assert ("warning: Dagger of Treachery [munchkin]: usable only with a Class card Thief, and the mix has none"
            in res.output), res.output  # Thief-only daggers and no Thief (unusable-item)
    assert ("warning: the piles (Door 17, Treasure 16) deal the opening hands of at most 4 players; add 8 Door and "
            "8 Treasure cards for 6 players") in res.output, res.output
    assert runner.invoke(app, ["play", "--deck", four, "--quiet", "--max-turns", "2", "--url", url]).exit_code == 0
