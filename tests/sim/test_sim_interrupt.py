"""Ctrl-C on every long command (simulate, compare, print, db build): one line saying what was
kept, exit status 130, no traceback; on one worker and on Dask (a real SIGINT to the process
group, as a terminal sends it)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import pandas as pd
import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.sim import SimResult, simulate
from munchkin_lab.sim.simulate import game_seed

runner = CliRunner()
CLI = [sys.executable, "-m", "munchkin_lab.cli"]
TOTAL = 20000
PROGRESS = re.compile(rf"(\d+)/{TOTAL}\b")


class _Run:
    """A command in its own session (process group), stderr read as it comes."""

    def __init__(self, args, env):
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                     start_new_session=True)
        self.err = b""
        self._t = threading.Thread(target=self._read, daemon=True)
        self._t.start()

    def _read(self):
        for chunk in iter(lambda: self.proc.stderr.read1(4096), b""):
            self.err += chunk

    def wait_for_games(self, at_least: int, timeout: float = 240) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.proc.poll() is None:
            done = [int(x) for x in PROGRESS.findall(self.err.decode(errors="replace"))]
            if done and max(done) >= at_least:
                return max(done)
            time.sleep(0.05)
        raise AssertionError(f"no progress: {self.err.decode(errors='replace')[-2000:]}")

    def ctrl_c(self, timeout: float = 120) -> tuple[int, str, str]:
        os.killpg(self.proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
        out = self.proc.stdout.read().decode()
        rc = self.proc.wait(timeout=timeout)
        self._t.join(timeout=10)
        return rc, out, self.err.decode(errors="replace")


def _lines(err: str) -> list[str]:
    """stderr lines that are not progress-bar updates."""
    return [ln.strip() for ln in re.split(r"[\r\n]", err) if ln.strip() and not PROGRESS.search(ln)
            and "game/s" not in ln]


def _group_gone(pgid: int, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def test_sigint_to_a_two_worker_simulation_keeps_the_games_and_exits_130(sim_url, tmp_path):
    out = tmp_path / "results.parquet"
    run = _Run(CLI + ["simulate", "base", "--games", str(TOTAL), "--workers", "2", "--seed", "3", "--out", str(out)],
               dict(os.environ, DATABASE_URL=sim_url))
    run.wait_for_games(1)
    rc, stdout, err = run.ctrl_c()
    assert rc == 130, err[-3000:]
    assert stdout == ""
    assert "Traceback" not in err and "distributed" not in err and "Error" not in err, err[-3000:]
    lines = _lines(err)
    assert len(lines) == 1, lines
    m = re.fullmatch(rf"Interrupted: ([\d,]+) of {TOTAL:,} games finished, saved to {re.escape(str(out))} "
                     r"\(marked interrupted\); win rate by seat P1 [\d.]+%, P2 [\d.]+%, P3 [\d.]+%, P4 [\d.]+%\.",
                     lines[0])
    assert m, lines[0]
    kept = int(m.group(1).replace(",", ""))
    assert 0 < kept < TOTAL
    r = SimResult.load(out)
    assert r.interrupted and r.n_games == kept and r.config["games"] == TOTAL
    games = list(r.games["game"])
    assert games == sorted(set(games))
    assert [int(s) for s in r.games["seed"]] == [game_seed(3, g) for g in games]
    # the games kept are the games a one-worker run plays
    first = [g for g in games if g < 8]
    serial = simulate("base", games=8, seed=3, workers=1, progress=False, url=sim_url).games
    pd.testing.assert_frame_equal(r.games[r.games["game"] < 8].reset_index(drop=True),
                                  serial[serial["game"].isin(first)].reset_index(drop=True))
    assert _group_gone(run.proc.pid), "worker processes outlived the command"
    assert [p.name for p in tmp_path.iterdir()] == ["results.parquet"]


def test_sigint_on_one_worker_without_out(sim_url):
    run = _Run(CLI + ["simulate", "base", "--games", str(TOTAL), "--workers", "1"], dict(os.environ, DATABASE_URL=sim_url))
    run.wait_for_games(1)
    rc, stdout, err = run.ctrl_c()
    assert rc == 130 and stdout == "" and "Traceback" not in err, err[-2000:]
    lines = _lines(err)
    assert len(lines) == 1 and lines[0].startswith("Interrupted: "), lines
    assert f"of {TOTAL:,} games finished, not saved (no --out); win rate by seat P1 " in lines[0]


def test_sigint_during_compare_exits_130_with_one_line(sim_url):
    run = _Run(CLI + ["compare", "base", "base_fairy_dust", "--games", str(TOTAL), "--workers", "2"],
               dict(os.environ, DATABASE_URL=sim_url))
    run.wait_for_games(1)
    rc, stdout, err = run.ctrl_c()
    assert rc == 130, err[-3000:]
    assert stdout == "" and "Traceback" not in err and "distributed" not in err, err[-3000:]
    lines = _lines(err)
    assert len(lines) == 1, lines
    assert re.fullmatch(rf"Interrupted: run A \(Munchkin \(base game\)\) stopped after [\d,]+ of {TOTAL:,} games; "
                        r"run B not started, nothing compared\.", lines[0]), lines[0]
    assert _group_gone(run.proc.pid)


def test_ctrl_c_inside_a_game_saves_the_finished_ones(base_deck, sim_url, tmp_path, monkeypatch):
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")
    real, calls = sim.play_game, []

    def fake(*a, **k):
        calls.append(1)
        if len(calls) == 8:
            raise KeyboardInterrupt  # Ctrl-C in the middle of game 7
        return real(*a, **k)

    monkeypatch.setattr(sim, "play_game", fake)
    out = tmp_path / "r.json"
    res = runner.invoke(app, ["simulate", "base", "--games", "24", "--workers", "1", "--seed", "11", "--out", str(out),
                              "--no-progress", "--url", sim_url])
    assert res.exit_code == 130, res.output
    assert res.output.startswith(f"Interrupted: 7 of 24 games finished, saved to {out} (marked interrupted); ")
    assert res.output.count("\n") == 1
    monkeypatch.setattr(sim, "play_game", real)
    r = SimResult.load(out)
    ref = simulate(base_deck, games=7, seed=11, workers=1, progress=False)
    assert r.interrupted and r.n_games == 7
    pd.testing.assert_frame_equal(r.games, ref.games)
    pd.testing.assert_frame_equal(r.seats, ref.seats)


def test_ctrl_c_in_the_first_game_keeps_the_earlier_result_file(sim_url, tmp_path, monkeypatch):
    """--force over an earlier result, then Ctrl-C before any game of the new run finished:
    nothing is written and the earlier file is kept whole (a new user lost 40 games so)."""
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")
    out = tmp_path / "r.parquet"
    first = runner.invoke(app, ["simulate", "base", "--games", "6", "--workers", "1", "--seed", "3", "--out", str(out),
                                "--no-progress", "--url", sim_url])
    assert first.exit_code == 0, first.output
    before = out.read_bytes()

    def stop(*a, **k):
        raise KeyboardInterrupt  # Ctrl-C inside the first game

    monkeypatch.setattr(sim, "play_game", stop)
    res = runner.invoke(app, ["simulate", "base", "--games", "50", "--workers", "1", "--seed", "4", "--out", str(out),
                              "--force", "--no-progress", "--url", sim_url])
    assert res.exit_code == 130, res.output
    assert res.output == f"Interrupted: no game of 50 finished; nothing written ({out} kept as it was).\n"
    assert out.read_bytes() == before
    assert SimResult.load(out).n_games == 6
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]  # no file left aside


def test_ctrl_c_after_some_games_keeps_the_earlier_result_and_saves_beside_it(sim_url, tmp_path, monkeypatch):
    """New-user finding 10: Ctrl+C on `simulate --out gs.parquet --force` replaced an earlier
    complete result with the games the new run had finished. The earlier result is kept; the
    partial run goes beside it (gs.interrupted.parquet, then -2...), and the line says both."""
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")
    out = tmp_path / "gs.parquet"
    first = runner.invoke(app, ["simulate", "base", "--games", "6", "--workers", "1", "--seed", "3", "--out", str(out),
                                "--no-progress", "--url", sim_url])
    assert first.exit_code == 0, first.output
    before = out.read_bytes()
    real = sim.play_game
    for n, name in ((4, "gs.interrupted.parquet"), (3, "gs.interrupted-2.parquet")):
        calls = []

        def fake(*a, **k):
            calls.append(1)
            if len(calls) == n + 1:
                raise KeyboardInterrupt  # Ctrl-C in the middle of game n
            return real(*a, **k)

        monkeypatch.setattr(sim, "play_game", fake)
        res = runner.invoke(app, ["simulate", "base", "--games", "50", "--workers", "1", "--seed", "4", "--out",
                                  str(out), "--force", "--no-progress", "--url", sim_url])
        assert res.exit_code == 130, res.output
        aside = tmp_path / name
        assert res.output.startswith(f"Interrupted: {n} of 50 games finished, saved to {aside} (marked interrupted); "
                                     f"the earlier result in {out} is kept as it was; win rate by seat ")
        assert out.read_bytes() == before and SimResult.load(out).n_games == 6 and not SimResult.load(out).interrupted
        partial = SimResult.load(aside)
        assert partial.interrupted and partial.n_games == n and partial.config["seed"] == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gs.interrupted-2.parquet", "gs.interrupted.parquet",
                                                          "gs.parquet"]
    # a run that is not interrupted still replaces the file (--force)
    monkeypatch.setattr(sim, "play_game", real)
    res = runner.invoke(app, ["simulate", "base", "--games", "2", "--workers", "1", "--seed", "5", "--out", str(out),
                              "--force", "--no-progress", "--url", sim_url])
    assert res.exit_code == 0 and SimResult.load(out).n_games == 2


def test_ctrl_c_before_any_game(sim_url, monkeypatch):
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")

    def stop(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "resolve_deck", stop)
    res = runner.invoke(app, ["simulate", "base", "--games", "5", "--no-progress", "--url", sim_url])
    assert res.exit_code == 130 and res.output == "Interrupted before any game finished; nothing written.\n"


@pytest.mark.parametrize("earlier", [True, False])
def test_ctrl_c_before_any_game_says_what_became_of_the_out_file(sim_url, tmp_path, monkeypatch, earlier):
    """New-user finding: an early Ctrl+C of `simulate --out F` did not say what was kept; the
    line names the file: an earlier one unchanged, or none created."""
    import importlib

    sim = importlib.import_module("munchkin_lab.sim.simulate")
    out = tmp_path / "r.parquet"
    if earlier:
        out.write_bytes(b"an earlier result")

    def stop(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(sim, "resolve_deck", stop)
    res = runner.invoke(app, ["simulate", "base", "--games", "5", "--no-progress", "--out", str(out), "--force",
                              "--url", sim_url])
    kept = f"{out} is unchanged" if earlier else f"{out} was not created"
    assert res.exit_code == 130 and res.output == f"Interrupted before any game finished; nothing written; {kept}.\n"
    assert (out.read_bytes() == b"an earlier result") if earlier else not out.exists()


def test_ctrl_c_while_the_command_line_starts_names_the_out_file(tmp_path):
    """A Ctrl+C while the modules load (before any argument is read: the console script's
    first handler) says nothing was written and what became of the --out file, exit 130."""
    import subprocess
    import sys

    from munchkin_lab.cli import early_interrupt_line

    old = tmp_path / "old.parquet"
    old.write_bytes(b"x")
    new = tmp_path / "new.parquet"
    assert early_interrupt_line(["simulate", "base", "--out", str(old)]) == (
        f"Interrupted before the command started: nothing written; {old} is unchanged.")
    assert early_interrupt_line(["print", "base", f"--out={new}", "--preview", str(old)]) == (
        f"Interrupted before the command started: nothing written; {new} was not created; {old} is unchanged.")
    assert early_interrupt_line(["cards", "--", "--out", "x"]) == (
        "Interrupted before the command started: nothing was read or written.")
    code = ("import signal, sys; sys.argv[:] = ['munchkin-lab', 'simulate', 'base', '-o', sys.argv[1]]; "
            "from munchkin_lab import cli; cli._interrupted_while_starting(signal.SIGINT, None)")
    proc = subprocess.run([sys.executable, "-c", code, str(old)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 130 and proc.stderr == (
        f"Interrupted before the command started: nothing written; {old} is unchanged.\n"), proc.stderr
    assert old.read_bytes() == b"x"


def test_ctrl_c_during_db_build_keeps_the_previous_database(tmp_path, monkeypatch):
    from munchkin_lab.cards import build as build_mod
    from munchkin_lab.cards.api import cards

    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    build_mod.build(url)
    before = len(cards("", url=url))

    def stop(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_mod, "write_data", stop)  # Ctrl-C in the middle of the build
    res = runner.invoke(app, ["db", "build", "--url", url])
    assert res.exit_code == 130, res.output
    assert res.output == ("Interrupted: the build stopped before it finished; the database is replaced only by "
                          "a finished build, so the previous one is kept.\n")
    from munchkin_lab import config

    config.dispose_engine(url)
    assert len(cards("", url=url)) == before
    assert not [p.name for p in tmp_path.iterdir() if "building" in p.name]  # the half build is gone
