"""simulate(): tables, determinism across workers, Dask cluster path, interrupt, bad input."""
from __future__ import annotations

import math
import os
import time

import pandas as pd
import pytest

from munchkin_lab.decks import Catalog, Deck
from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.sim import SimResult, simulate, wilson

G = 24  # games per run: small, the engine plays about 25-40 greedy games per second


def _frames_equal(a: SimResult, b: SimResult) -> None:
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.cards, b.cards)
    pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(a.summary, b.summary)
    pd.testing.assert_frame_equal(a.levels, b.levels)


@pytest.fixture(scope="module")
def serial(base_deck):
    return simulate(base_deck, players=4, games=G, seed=11, workers=1, progress=False, batch_size=5)


def test_tables_shape_and_end_causes(serial):
    r = serial
    assert not r.interrupted and r.n_games == G
    assert list(r.games["game"]) == list(range(G))
    assert set(r.games["end_cause"]) <= {"level_10", "turn_cap", "step_cap", "error"}
    assert (r.games["end_cause"] != "error").all(), r.games["error"].tolist()
    won = r.games[r.games["end_cause"] == "level_10"]
    assert (won["max_level"] == 10).all() and (won["n_winners"] >= 1).all()
    assert {"seed", "turns", "deaths", "level_0", "level_3", "lead_changes", "turn_first_level_5"} <= set(r.games)
    assert len(r.seats) == 4 and list(r.seats["bot"]) == ["greedy"] * 4
    # cards: every card of the deck, the deal alone draws 8 cards per player and game
    assert len(r.cards) == len(serial.cards["key"].unique())
    assert r.cards["drawn"].sum() >= 4 * 8 * G
    monsters = r.cards[r.cards["kind"] == "monster"]
    assert monsters["killed"].sum() > 0 and monsters["fled"].sum() > 0
    assert r.cards[r.cards["kind"] != "monster"]["killed"].sum() == 0
    assert r.cards["deaths_caused"].sum() <= r.games["deaths"].sum()
    assert (r.cards["held_wins"] <= r.cards["held"]).all()
    # Level curves start at Level 1 for everybody
    first = r.levels[r.levels["turn"] == 1]
    assert (first["mean_level"] == 1).all() and (first["games"] == G).all()


def test_summary_equals_direct_counts(serial):
    r = serial
    g = r.games
    for seat in range(4):
        wins = sum(1 for w in g["winners"] if w and str(seat) in w.split(","))
        row = r.seats[r.seats["seat"] == seat].iloc[0]
        assert row["wins"] == wins
        assert row["win_rate"] == pytest.approx(wins / G)
        lo, hi = wilson(wins, G)
        assert (row["ci_low"], row["ci_high"]) == pytest.approx((lo, hi))
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
    m = dict(zip(r.summary["metric"], r.summary["value"]))
    assert m["games"] == G
    assert m["decided_rate"] == pytest.approx((g["n_winners"] > 0).mean())
    assert m["turns_mean"] == pytest.approx(g["turns"].mean())
    assert m["turns_median"] == pytest.approx(g["turns"].median())
    assert m["turns_max"] == g["turns"].max()
    assert m["deaths_per_game"] == pytest.approx(g["deaths"].mean())
    assert m["death_rate"] == pytest.approx(g["deaths"].sum() / g["turns"].sum())
    assert m["turn_cap_rate"] == pytest.approx(g["end_cause"].isin(["turn_cap", "step_cap"]).mean())
    assert g["deaths"].equals(sum(g[f"deaths_{k}"] for k in range(4)))


def test_wilson_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_same_games_whatever_the_batching_and_prefix(base_deck, serial):
    other = simulate(base_deck, games=G // 2, seed=11, workers=1, progress=False, batch_size=7)
    pd.testing.assert_frame_equal(other.games, serial.games.iloc[: G // 2].reset_index(drop=True))
    different = simulate(base_deck, games=4, seed=12, workers=1, progress=False)
    assert list(different.games["seed"]) != list(serial.games["seed"].iloc[:4])


def test_two_local_worker_processes_give_the_same_tables(base_deck, serial):
    par = simulate(base_deck, players=4, games=G, seed=11, workers=2, progress=False, batch_size=5)
    _frames_equal(serial, par)


def test_existing_cluster_of_two_processes(base_deck, serial, cluster2):
    from dask.distributed import Client

    with Client(cluster2) as c:
        pids = set(c.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids  # real processes, not threads
    r = simulate(base_deck, games=G, seed=11, scheduler=cluster2.scheduler_address,
                 progress=False, batch_size=6)
    _frames_equal(serial, r)


def test_interrupt_returns_the_games_finished_so_far(base_deck, serial):
    calls = []

    def hook(done, total):
        calls.append(done)
        if done >= 10:
            raise KeyboardInterrupt

    r = simulate(base_deck, games=G, seed=11, workers=1, progress=False, batch_size=5, on_progress=hook)
    assert r.interrupted and r.n_games == 10 and calls == [5, 10]
    pd.testing.assert_frame_equal(r.games, serial.games.iloc[:10].reset_index(drop=True))
    assert r.seats["games"].eq(10).all()


def test_interrupt_on_the_cluster_path(base_deck, cluster2):
    def hook(done, total):
        raise KeyboardInterrupt

    r = simulate(base_deck, games=12, seed=3, scheduler=cluster2.scheduler_address,
                 progress=False, batch_size=3, on_progress=hook)
    assert r.interrupted and r.n_games == 3
    assert sorted(r.games["game"]) == list(r.games["game"])


def test_turn_cap_is_recorded_never_a_hang(base_deck):
    r = simulate(base_deck, games=6, seed=1, workers=1, progress=False, turn_cap=4, bots="random")
    assert (r.games["end_cause"] == "turn_cap").all()
    assert (r.games["winners"] == "").all() and (r.games["winner"] == -1).all()
    assert (r.games["turns"] <= 5).all()
    m = dict(zip(r.summary["metric"], r.summary["value"]))
    assert m["turn_cap_rate"] == 1.0 and m["decided_rate"] == 0.0
    assert (r.seats["win_rate"] == 0).all()


def test_mixed_bots_and_progress_bar(base_deck, capsys):
    r = simulate(base_deck, players=3, games=3, seed=2, workers=1, bots=["greedy", "random"],
                 turn_cap=60, progress=True)
    assert list(r.seats["bot"]) == ["greedy", "random", "greedy"]
    assert "3/3" in capsys.readouterr().err


def _bad_deck():
    door_only = [(CardSpec.make(set="munchkin", name="Potted Plant", kind="monster", deck="door",
                                level=1, treasures=1), 5)]
    d = Deck("door only", catalog=Catalog(door_only))
    d.add("Potted Plant", 5)
    return d


@pytest.mark.parametrize("kwargs, match", [
    (dict(games=0), "games"),
    (dict(games=-3), "games"),
    (dict(games=2.5), "games"),
    (dict(players=1), "players"),
    (dict(bots="greedy,smart"), "unknown bot 'smart'; bots: random, greedy"),
    (dict(turn_cap=0), "turn_cap"),
    (dict(workers=0), "workers"),
])
def test_bad_input_raises_before_any_work(base_deck, kwargs, match):
    called = []
    args = dict(games=5, workers=1, progress=False, on_progress=lambda d, t: called.append(d))
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        simulate(base_deck, **args)
    assert called == []


def test_bad_decks_and_unreachable_scheduler(base_deck, sim_url):
    with pytest.raises(ValueError, match="fails its checks"):
        simulate(_bad_deck(), games=5, workers=1, progress=False)
    with pytest.raises(ValueError, match="not a file, a preset"):
        simulate("no such deck", games=5, workers=1, progress=False, url=sim_url)
    t = time.perf_counter()
    with pytest.raises(ValueError, match="unreachable"):
        simulate(base_deck, games=5, scheduler="tcp://127.0.0.1:9", connect_timeout=1, progress=False)
    assert time.perf_counter() - t < 15


def test_deck_by_preset_name_and_save_load(sim_url, serial, tmp_path):
    r = simulate("base", games=3, seed=11, workers=1, progress=False, url=sim_url)
    pd.testing.assert_frame_equal(r.games, serial.games.iloc[:3].reset_index(drop=True))
    paths = r.save(tmp_path / "out.parquet")
    assert all(p.exists() for p in paths)
    back = SimResult.load(tmp_path / "out.parquet")
    _frames_equal(r, back)
    assert back.config == r.config
    with pytest.raises(ValueError, match="not a munchkin-lab simulation result"):
        r.cards.to_parquet(tmp_path / "x.parquet")
        SimResult.load(tmp_path / "x.parquet")


def test_ctrl_c_inside_a_batch_keeps_the_finished_games(base_deck, serial, monkeypatch):
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")  # the module, not the function

    real = sim.play_game
    calls = []

    def fake(*a, **k):
        calls.append(1)
        if len(calls) == 8:
            raise KeyboardInterrupt  # as Ctrl-C in the middle of game 7
        return real(*a, **k)

    monkeypatch.setattr(sim, "play_game", fake)
    r = simulate(base_deck, games=G, seed=11, workers=1, progress=True, batch_size=5)
    assert r.interrupted and r.n_games == 7
    pd.testing.assert_frame_equal(r.games, serial.games.iloc[:7].reset_index(drop=True))


def test_every_shipped_preset_simulates(sim_url):
    from munchkin_lab.decks.presets import list_presets

    for name in list_presets():
        r = simulate(name, players=3, games=2, seed=1, workers=1, progress=False, turn_cap=30,
                     bots="greedy,random", url=sim_url)
        assert r.n_games == 2, name
        assert (r.games["end_cause"] != "error").all(), (name, r.games["error"].tolist())
    solar = simulate("solar_storm", players=2, games=2, seed=1, workers=1, progress=False, url=sim_url)
    assert set(solar.games["end_cause"]) <= {"crew_won", "ship_lost", "turn_cap"}
    with pytest.raises(ValueError, match="1 to 4 players"):
        simulate("solar_storm", players=5, games=2, workers=1, progress=False, url=sim_url)


def test_solo_solar_storm_simulates_and_munchkin_refuses_one_player(sim_url, base_deck):
    # Solar Storm is for 1 to 4 players (public summary: cooperative, solo allowed)
    solo = simulate("solar_storm", players=1, games=3, seed=2, workers=1, progress=False, url=sim_url)
    assert solo.n_games == 3 and list(solo.seats["seat"]) == [0]
    assert set(solo.games["end_cause"]) <= {"crew_won", "ship_lost", "turn_cap"}
    assert (solo.games["turns"] >= 10).all()  # the greedy crew keeps the ship past turn 9
    with pytest.raises(ValueError, match="a Munchkin game seats 2 to 6 players"):
        simulate(base_deck, players=1, games=2, workers=1, progress=False)


def test_used_counts_the_use_actions_of_each_card(base_deck):
    """The per-card `used` counter: every `use` action naming a card (a Halfling's, an item's,
    a Dungeon's ability), which `played` never counted; replayed games agree action by action."""
    from collections import Counter

    from munchkin_lab.engine import Game
    from munchkin_lab.sim.bots import make_bot
    from munchkin_lab.sim.simulate import play_game

    pairs = base_deck.specs()
    total = 0
    for seed in range(6):
        g = Game.new(players=4, deck=pairs, seed=seed)  # history on: the actions are kept
        _cause, _steps, st = play_game(g, [make_bot("greedy", seed * 10 + k) for k in range(4)], 20_000)
        uses = Counter(g.specs[a.card].key for a in g.actions if a.kind == "use")
        assert dict(uses) == _by_key(g, st["used"])
        total += sum(uses.values())
    assert total > 0  # the greedy bots do use abilities in these games (the Halfling's)
    r = simulate(base_deck, players=4, games=6, seed=3, workers=1, progress=False)
    assert list(r.cards.columns[6:9]) == ["drawn", "played", "used"] and r.cards["used"].dtype == "int64"
    assert (r.cards[r.cards["kind"] == "curse"]["used"] == 0).all()

def _by_key(g, per_id):
    out: dict = {}
    for i, n in enumerate(per_id):
        if n:
            k = g.specs[i].key
            out[k] = out.get(k, 0) + n
    return out
