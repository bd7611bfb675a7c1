"""Simulation result files: one unit (never two runs mixed), the previous result survives a
kill -9 at any point and a full disk, streaming equals the in-memory tables, requests that
cannot fit are refused up front."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest

from munchkin_lab.sim import SimResult, simulate
from munchkin_lab.sim.simulate import game_seed
from munchkin_lab.sim.results import seat_table, summary_table

CLI = [sys.executable, "-m", "munchkin_lab.cli"]
TABLES = ("games", "cards", "seats", "summary", "levels")


def _equal(a: SimResult, b: SimResult) -> None:
    for t in TABLES:
        pd.testing.assert_frame_equal(getattr(a, t), getattr(b, t))


def _consistent(r: SimResult) -> None:
    """Every table of ``r`` belongs to one run: the game seeds are the run seed's, and the seat
    and summary tables are those of its per-game table."""
    seed = r.config["seed"]
    assert [int(s) for s in r.games["seed"]] == [game_seed(seed, int(i)) for i in r.games["game"]]
    pd.testing.assert_frame_equal(seat_table(r.games, r.config["players"], r.config["bots"]), r.seats)
    pd.testing.assert_frame_equal(summary_table(r.games, r.config["players"]), r.summary)
    assert r.totals["games"] == len(r.games) == int(r.seats["games"].iloc[0])
    assert int(r.cards["drawn"].sum()) >= 4 * 8 * len(r.games)


@pytest.fixture(scope="module")
def ref(base_deck):
    return simulate(base_deck, games=12, seed=5, workers=1, progress=False, batch_size=4)


@pytest.mark.parametrize("suffix", [".parquet", ".json"])
def test_streamed_file_equals_the_in_memory_result(base_deck, ref, tmp_path, suffix):
    out = tmp_path / f"r{suffix}"
    r = simulate(base_deck, games=12, seed=5, workers=1, progress=False, batch_size=4, out=out)
    assert r.path == out and not r.interrupted
    _equal(r, ref)
    back = SimResult.load(out)
    _equal(back, ref)
    assert back.config == ref.config and back.totals == ref.totals and back.path == out
    _consistent(back)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no temporary file left


def test_keep_games_false_gives_the_same_tables_without_the_per_game_table(base_deck, ref, tmp_path):
    r = simulate(base_deck, games=12, seed=5, workers=1, progress=False, batch_size=4, keep_games=False)
    assert r.games is None and r.n_games == 12
    for t in ("cards", "seats", "summary", "levels"):
        pd.testing.assert_frame_equal(getattr(r, t), getattr(ref, t))
    assert r.totals == ref.totals
    with pytest.raises(ValueError, match="kept no per-game table"):
        r.save(tmp_path / "x.parquet")
    # streamed to a file without keeping it in memory: the file has it all
    s = simulate(base_deck, games=12, seed=5, workers=1, progress=False, batch_size=4, keep_games=False,
                 out=tmp_path / "s.parquet")
    assert s.games is None
    _equal(SimResult.load(tmp_path / "s.parquet"), ref)


def test_two_workers_stream_the_games_in_order(base_deck, ref, tmp_path):
    out = tmp_path / "par.parquet"
    r = simulate(base_deck, games=12, seed=5, workers=2, progress=False, batch_size=2, out=out, keep_games=False)
    assert r.games is None
    back = SimResult.load(out)
    _equal(back, ref)
    import pyarrow.parquet as pq

    assert list(pq.read_table(out).column("game").to_pylist()) == list(range(12))


def test_collector_writes_early_batches_after_the_ones_before_them(base_deck):
    from munchkin_lab.sim import simulate as _  # noqa: F401 - the package
    from munchkin_lab.sim.results import GameTable, Totals, games_schema
    from munchkin_lab.sim.simulate import _Collector, _deck_payload, run_batch

    name, pairs, options, modules = _deck_payload(base_deck)
    payload = {"key": ("t", len(pairs), 0), "cards": pairs, "players": 3, "bots": ("greedy",) * 3, "seed": 9,
               "turn_cap": 300, "options": options, "modules": list(modules), "max_steps": 120000}
    parts = [run_batch(payload, range(3 * k, 3 * k + 3)) for k in range(3)]
    schema = games_schema(3)
    in_order, shuffled = GameTable(schema), GameTable(schema)
    a = _Collector(Totals(3, 300), schema, [in_order])
    for k, p in enumerate(parts):
        a.add(k, p)
    b = _Collector(Totals(3, 300), schema, [shuffled])
    b.add(2, parts[2])
    assert shuffled.parts == [] and list(b.waiting) == [2]  # waits for batches 0 and 1
    b.add(0, parts[0])
    assert len(shuffled.parts) == 1
    b.add(1, parts[1])
    assert b.waiting == {}
    got = shuffled.frame()
    assert list(got["game"]) == list(range(9))
    pd.testing.assert_frame_equal(got, in_order.frame())
    assert a.totals.to_json() == b.totals.to_json()


def test_save_and_load_refuse_what_they_cannot_do(ref, tmp_path):
    with pytest.raises(ValueError, match="suffix '.txt'; a result file ends in .parquet, .json, .csv"):
        ref.save(tmp_path / "r.txt")
    with pytest.raises(ValueError, match="folder '.*nope' does not exist"):
        ref.save(tmp_path / "nope" / "r.parquet")
    assert not (tmp_path / "nope").exists()
    ref.save(tmp_path / "r.csv")
    with pytest.raises(FileExistsError, match="r.csv' already exists; pass overwrite=True"):
        ref.save(tmp_path / "r.csv")
    assert ref.save(tmp_path / "r.csv", overwrite=True) == [tmp_path / "r.csv"]
    with pytest.raises(ValueError, match="CSV result holds the per-game table only"):
        SimResult.load(tmp_path / "r.csv")
    csv = pd.read_csv(tmp_path / "r.csv", keep_default_na=False)
    assert list(csv["turns"]) == list(ref.games["turns"])
    (tmp_path / "bad.json").write_text('{"format": "something else"}')
    with pytest.raises(ValueError, match="bad.json'?: not a munchkin-lab simulation result"):
        SimResult.load(tmp_path / "bad.json")
    (tmp_path / "bad.parquet").write_bytes(b"not parquet")
    with pytest.raises(ValueError, match="not a Parquet file"):
        SimResult.load(tmp_path / "bad.parquet")


def test_earlier_layout_with_companion_files_still_loads(ref, tmp_path):
    """Results saved before this format (per-game Parquet + <stem>.cards/.seats/... files)."""
    import json

    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "old.parquet"
    table = pa.Table.from_pandas(ref.games, preserve_index=False)
    meta = json.dumps({"config": ref.config, "interrupted": False})
    pq.write_table(table.replace_schema_metadata({**(table.schema.metadata or {}), b"munchkin_lab_sim": meta.encode()}),
                   path)
    for n in ("cards", "seats", "summary", "levels"):
        getattr(ref, n).to_parquet(tmp_path / f"old.{n}.parquet", index=False)
    back = SimResult.load(path)
    _equal(back, ref)
    assert back.totals == ref.totals


def test_requests_that_cannot_fit_are_refused_up_front(base_deck, tmp_path):
    called = []
    hook = lambda d, t: called.append(d)  # noqa: E731
    with pytest.raises(ValueError, match=r"1,000,000,000,000 games needs about .* of memory.*keep_games=False"):
        simulate(base_deck, games=10 ** 12, workers=1, progress=False, on_progress=hook)
    with pytest.raises(ValueError, match=r"needs at least .* TB as parquet, and its folder has .* free"):
        simulate(base_deck, games=10 ** 12, workers=1, progress=False, keep_games=False,
                 out=tmp_path / "huge.parquet", on_progress=hook)
    with pytest.raises(ValueError, match="more than a per-game table can number"):
        simulate(base_deck, games=2 ** 64, workers=1, progress=False, keep_games=False, on_progress=hook)
    assert called == [] and list(tmp_path.iterdir()) == []


def test_cli_refuses_a_per_game_file_that_cannot_fit(sim_url, tmp_path):
    t = time.perf_counter()
    r = subprocess.run(CLI + ["simulate", "base", "--games", "1000000000000", "--out", str(tmp_path / "x.parquet"),
                              "--url", sim_url], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert "Error: cannot write" in r.stderr and "1,000,000,000,000 games needs at least" in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    assert time.perf_counter() - t < 60 and list(tmp_path.iterdir()) == []


def _run_until_writing(args, out: Path, env, kill_after: float | None):
    """Start ``args``; once its temporary result file exists, wait ``kill_after`` seconds and
    kill -9 it (None: let it finish). Returns the process."""
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 120
    if kill_after is not None:
        while time.monotonic() < deadline and proc.poll() is None:
            if any(p.name.startswith(f".{out.name}.") for p in out.parent.iterdir()):
                break
            time.sleep(0.02)
        time.sleep(kill_after)
        proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=120)
    return proc


@pytest.mark.parametrize("suffix", [".parquet", ".json"])
def test_kill_9_at_timed_points_keeps_the_previous_result_never_mixed(sim_url, tmp_path, suffix):
    """The issue's 12 timed kills: here a kill during start-up, three while games are written
    (JSON writes each game at once, Parquet in row groups), and a run left to finish; after
    each, the file is one whole run, and the finished run removes the killed runs' leftovers."""
    out = tmp_path / f"results{suffix}"
    env = dict(os.environ, DATABASE_URL=sim_url)
    base = CLI + ["simulate", "base", "--workers", "1", "--no-progress", "--out", str(out), "--force"]
    first = subprocess.run(base + ["--games", "20", "--seed", "1"], capture_output=True, text=True, env=env)
    assert first.returncode == 0, first.stderr
    previous = out.read_bytes()
    prev = SimResult.load(out)
    _consistent(prev)
    outcomes = []
    for kill_after in (-1.0, 0.0, 0.4, 1.2, None):
        args = base + ["--games", "150", "--seed", "2"]
        if kill_after == -1.0:  # before the result file is opened: during start-up
            proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            time.sleep(0.3)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
        else:
            proc = _run_until_writing(args, out, env, kill_after)
        r = SimResult.load(out)  # always loads: one whole file
        _consistent(r)
        if r.config["seed"] == 1:
            assert out.read_bytes() == previous
            outcomes.append("previous")
        else:
            assert r.config["seed"] == 2 and r.n_games == 150 and not r.interrupted
            outcomes.append("new")
        assert {p.name for p in tmp_path.iterdir() if not p.name.startswith(".")} == {out.name}
    assert outcomes[0] == "previous" and outcomes[-1] == "new"
    assert outcomes.count("previous") >= 2, outcomes  # the kills while writing kept the old file
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # no leftover temporary file


DISK_FULL = textwrap.dedent("""
    import resource, signal, sys
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    from munchkin_lab.cli import app
    from munchkin_lab.decks import load_preset
    load_preset("base")  # the card database is read before the limit
    resource.setrlimit(resource.RLIMIT_FSIZE, (FSIZE_CAP, FSIZE_CAP))
    sys.argv = ["munchkin-lab"] + sys.argv[1:]
    app()
""")


@pytest.mark.parametrize("suffix", [".parquet", ".json", ".csv"])
def test_full_disk_keeps_the_previous_result(sim_url, tmp_path, suffix):
    """A file-size limit (RLIMIT_FSIZE) fails the write like a full disk (EFBIG for ENOSPC)."""
    out = tmp_path / f"results{suffix}"
    env = dict(os.environ, DATABASE_URL=sim_url)
    ok = subprocess.run(CLI + ["simulate", "base", "--games", "4", "--workers", "1", "--no-progress",
                               "--out", str(out)], capture_output=True, text=True, env=env)
    assert ok.returncode == 0, ok.stderr
    previous = out.read_bytes()
    limit = 40_000 if suffix != ".csv" else 3_000
    assert len(previous) > limit or suffix == ".csv"
    code = DISK_FULL.replace("FSIZE_CAP", str(limit))
    r = subprocess.run([sys.executable, "-c", code, "simulate", "base", "--games", "60", "--workers", "1",
                        "--seed", "7", "--no-progress", "--out", str(out), "--force"], capture_output=True, text=True, env=env,
                       timeout=300)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"Error: cannot write '{out}'" in r.stderr and "the previous file (if any) is kept" in r.stderr
    assert "Traceback" not in r.stderr
    assert out.read_bytes() == previous
    assert [p.name for p in tmp_path.iterdir()] == [out.name]  # the temporary file was removed
