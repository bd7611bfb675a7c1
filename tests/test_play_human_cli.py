"""``munchkin-lab play --human K``: a person plays seat K at the terminal (the log as it
happens, the seat's choices numbered, ``q`` stops); the other seats stay bots."""
from __future__ import annotations

from typer.testing import CliRunner

from munchkin_lab.cli import app

runner = CliRunner()


def test_q_stops_at_the_first_decision_of_the_human_seat():
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="q\n")
    assert res.exit_code == 0, res.output
    assert "== P1 may play a Race, a Class and Items, then say ready" in res.output
    assert "   1. Ready: end my setup" in res.output
    assert res.output.rstrip().endswith("Stopped by you in turn 1, after 0 actions.")


def test_a_whole_short_game_with_a_human_prints_each_log_line_once():
    res = runner.invoke(app, ["play", "--human", "2", "--seed", "5", "--max-turns", "4"], input="1\n" * 3000)
    assert res.exit_code == 0, res.output
    out = res.output.splitlines()
    assert out[-1].startswith(("Winner:", "No winner (turn limit) after 4 turns"))
    for t in range(1, 5):
        assert sum(line.startswith(f"[t{t}] Turn {t}: ") for line in out) == 1, t
    assert any(line.startswith("== P2 ") for line in out)
    assert not any(line.startswith("== P1 ") for line in out)  # P1, P3, P4 are bots


def test_bad_answers_are_asked_again_and_the_end_of_the_input_stops():
    res = runner.invoke(app, ["play", "--human", "1", "--seed", "3"], input="abc\n99\nl\n")
    assert res.exit_code == 0, res.output
    assert "Type a number from 1 to" in res.output and "(got 'abc')" in res.output and "(got '99')" in res.output
    assert res.output.count("   1. Ready: end my setup") == 2  # l lists the choices again
    assert "Stopped by you in turn 1" in res.output


def test_a_seat_outside_the_table_is_a_usage_error():
    res = runner.invoke(app, ["play", "--human", "5", "--players", "4"])
    assert res.exit_code == 2
    assert "--human 5: seats count from 1 (P1) to 4 (P4) with --players 4" in res.output


def test_a_solar_storm_seat_gets_its_choices_too():
    res = runner.invoke(app, ["play", "--deck", "solar_storm", "--players", "2", "--human", "1"], input="1\nq\n")
    assert res.exit_code == 0, res.output
    assert "== " in res.output and "   1. " in res.output and "Stopped by you in turn 1" in res.output
