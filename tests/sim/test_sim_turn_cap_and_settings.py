"""New-user findings on turn-capped runs and compare's words: a game stopped by a cap of N
reports N turns everywhere (simulate's table and summary, compare, play); compare names the
settings the two runs differ in before any number, words its seat verdict by the change in
win rate, and counts only the significant cards it marks; simulate warns about the cards the
bots resolve by hand as doing nothing."""
from __future__ import annotations

import inspect
import re

import pandas as pd
import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.sim import compare_results, simulate
from munchkin_lab.sim.compare import _verdict, card_table

runner = CliRunner()


@pytest.fixture(scope="module")
def capped(base_deck):
    return simulate(base_deck, games=6, seed=3, workers=1, progress=False, turn_cap=3)


@pytest.fixture(scope="module")
def uncapped(base_deck):
    return simulate(base_deck, games=6, seed=3, workers=1, progress=False, turn_cap=40)


def test_a_game_stopped_by_a_cap_of_n_reports_n_turns(capped):
    g = capped.games
    stopped = g[g["end_cause"] == "turn_cap"]
    assert len(stopped) > 0  # 3 turns of 4 players: nobody reaches Level 10
    assert set(stopped["turns"]) == {3}
    m = dict(zip(capped.summary["metric"], capped.summary["value"]))
    assert m["turns_max"] == 3 and m["turns_median"] == 3


def test_the_level_curves_end_at_each_games_last_turn_played(capped, uncapped):
    """Leftover of a closing note: a game stopped by the cap at turn N kept a Level row for
    turn N+1 (the turn the engine had moved to when it stopped, never played). The curve of
    every turn t now counts exactly the games that played turn t."""
    for r in (capped, uncapped):
        turns = r.games["turns"]
        lv = r.levels
        assert int(lv["turn"].max()) == int(turns.max())
        for t, rows in lv.groupby("turn"):
            assert set(rows["games"]) == {int((turns >= t).sum())}, (t, rows)
            assert len(rows) == 4  # one row per seat
    assert int(capped.levels["turn"].max()) == 3
    # the turn a leader first reached Level 5 or 9 is a turn played
    for r in (capped, uncapped):
        g = r.games
        for col in ("turn_first_level_5", "turn_first_level_9"):
            assert (g[col] <= g["turns"]).all(), g[[col, "turns"]]


def test_the_engine_and_play_count_the_same_turns():
    from munchkin_lab.play_cli import play_game, turns_played

    g, _ = play_game("base", seed=7, max_turns=3)
    assert g.outcome().reason == "turn limit"
    assert g.turns_played() == turns_played(g) == 3 == g.state.turn - 1
    r = runner.invoke(app, ["play", "--turn-cap", "3", "--quiet", "--tail", "0"])
    assert r.exit_code == 0, r.output
    assert "No winner (turn limit) after 3 turns" in r.output


def test_both_games_count_the_turns_of_a_capped_game_in_one_place():
    """``turns_played`` has one home (engine/turn_cap.py) that Munchkin and Solar Storm use:
    a game stopped by a cap of N played N turns in both."""
    from munchkin_lab.engine import Game
    from munchkin_lab.engine.solar_storm import SolarStormGame, SolarStormOptions
    from munchkin_lab.engine.turn_cap import TURN_LIMIT, TurnCount
    from munchkin_lab.scenarios.solar import version
    from munchkin_lab.sim.bots import make_bot

    assert Game.turns_played is SolarStormGame.turns_played is TurnCount.turns_played
    g = SolarStormGame.new(players=2, rooms=version("V2"), seed=5, options=SolarStormOptions(max_turns=2),
                           history=False)
    bots = [make_bot("greedy", k) for k in range(2)]
    while g.outcome() is None:
        seat = g.actor()
        g.play(bots[seat].choose(g, seat))
    assert g.outcome().reason == TURN_LIMIT and g.state.turn == 3 and g.turns_played() == 2


def test_play_simulate_and_compare_share_one_default_turn_cap():
    from munchkin_lab.play_cli import DEFAULT_TURN_CAP

    assert inspect.signature(simulate).parameters["turn_cap"].default == DEFAULT_TURN_CAP
    for cmd in ("play", "simulate", "compare"):
        r = runner.invoke(app, [cmd, "--help"], terminal_width=200)
        assert r.exit_code == 0
        text = re.sub(r"[\s\u2500-\u257f]+", " ", r.output)
        assert f"[default: {DEFAULT_TURN_CAP}]" in text.split("--turn-cap", 1)[1][:600], (cmd, text)


def test_compare_names_a_turn_cap_difference_first(capped, uncapped):
    cmp = compare_results(uncapped, capped, check_decks=False)
    assert cmp.notes[0].startswith("the runs differ in turn cap: A 40, B 3 turns")
    same = compare_results(uncapped, uncapped, check_decks=False)
    assert not any("differ in turn cap" in n for n in same.notes)


def test_compare_command_prints_the_settings_difference_at_the_top(sim_url, tmp_path):
    a = tmp_path / "a.parquet"
    r = runner.invoke(app, ["simulate", "base", "--games", "3", "--workers", "1", "--seed", "2", "--turn-cap", "30",
                            "--out", str(a), "--no-progress", "--url", sim_url])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["compare", str(a), "base", "--turn-cap", "4", "--no-progress", "--url", sim_url,
                            "--cards", "0"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[1] == ("note: the runs differ in turn cap: A 30, B 4 turns; games cut short by the lower cap "
                        "have no winner, which alone moves the win rates and cards."), lines
    assert sum("differ in turn cap" in line for line in lines) == 1  # said once


def test_the_seat_verdict_leads_with_the_win_rate_change_and_names_the_average():
    # the user's case: 22% -> 3% while the seats' average fell from 25% to 1%: measured
    # against the average the seat "turns into an advantage", which read as a contradiction
    seats = pd.DataFrame([{"seat": 0, "win_rate_a": 0.22, "win_rate_b": 0.03, "advantage_a": -0.03,
                           "advantage_b": 0.02, "diff": -0.19, "ci_low": -0.33, "ci_high": -0.05,
                           "significant": True}])
    length = pd.DataFrame([{"turns_mean_a": 50.0, "turns_mean_b": 20.0, "diff": -30.0, "ci_low": -35.0,
                            "ci_high": -25.0, "significant": True}])
    v = _verdict(seats, length)
    assert v.startswith("P1 (seat 0) win rate falls from 22% to 3% (-19 points, 95% CI -33 to -5); "
                        "against the seats' average win rate (25% -> 1%) it goes from -3 to +2 points."), v
    assert "advantage" not in v


def test_a_significant_edited_card_is_marked_where_it_is_listed():
    cards = pd.DataFrame([{
        "key": "munchkin:Potted Plant", "name": "Potted Plant", "set": "munchkin", "kind": "monster",
        "runs": "both", "edited": True, "copies_a": 1, "copies_b": 1, "played_a": 0, "played_b": 0,
        "held_a": 40, "held_wins_a": 10, "share_a": 0.25, "held_b": 40, "held_wins_b": 39, "share_b": 0.975,
        "diff": 0.725, "ci_low": 0.5, "ci_high": 0.85, "killed_a": 30, "fled_a": 10, "kill_rate_a": 0.75,
        "kill_low_a": 0.6, "kill_high_a": 0.86, "killed_b": 30, "fled_b": 10, "kill_rate_b": 0.75,
        "kill_low_b": 0.6, "kill_high_b": 0.86, "kill_diff": 0.0, "kill_ci_low": -0.2, "kill_ci_high": 0.2,
        "p_value": 1e-9, "significant": True}])
    one = card_table(cards)["one_run"]
    assert list(one["*"]) == ["*"]


def test_simulate_warns_about_the_cards_resolved_by_hand(sim_url):
    from munchkin_lab.cards.designer import by_hand_why
    from munchkin_lab.decks.presets import find_deck

    deck = find_deck("base_scooby_dungeons", url=sim_url)
    manual = list(dict.fromkeys(sp.name for sp, _n in deck.specs()
                                if by_hand_why(sp.effects, sp.kind, sp.manual, sp.gold)))
    assert manual  # Dungeons and Portals the engine hands to a person
    r = runner.invoke(app, ["simulate", "base_scooby_dungeons", "--games", "1", "--workers", "1", "--turn-cap", "2",
                            "--no-progress", "--url", sim_url])
    assert r.exit_code == 0, r.output
    warn = [line for line in r.stderr.splitlines() if "resolved by hand" in line]
    assert len(warn) == 1, r.stderr
    assert warn[0].startswith(f"warning: {len(manual)} cards resolved by hand ({', '.join(manual[:8])}")
    assert "the bots play them as doing nothing" in warn[0]


def test_compare_warns_once_about_the_cards_resolved_by_hand(sim_url):
    r = runner.invoke(app, ["compare", "base_scooby_dungeons", "base_scooby_dungeons", "--games", "1", "--workers",
                            "1", "--turn-cap", "2", "--no-progress", "--url", sim_url, "--cards", "0"])
    assert r.exit_code == 0, r.output
    assert sum("resolved by hand" in line for line in r.stderr.splitlines()) == 1, r.stderr


def test_a_capped_solar_storm_simulation_says_turn_cap(sim_url):
    """A Solar Storm game stopped by the turn cap ends as ``turn_cap`` in the games table (the
    engine's reason, turn_cap.TURN_LIMIT), not as a lost ship; one turn is too few for either
    a win or a loss with 2 players."""
    r = simulate("solar_storm", players=2, games=3, seed=4, workers=1, progress=False, turn_cap=1, url=sim_url)
    assert list(r.games["end_cause"]) == ["turn_cap"] * 3
    assert list(r.games["turns"]) == [1, 1, 1]
