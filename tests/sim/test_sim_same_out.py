"""Two runs writing the same new ``--out`` file at once (no ``--force``): the check that the
file is free happens at the start, so the final write takes the name only if it is still free
(an exclusive link); a file that appeared meanwhile is kept and the result goes beside it."""
from __future__ import annotations

import importlib

import pytest

from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.sim import SimResult, simulate

runner = CliRunner()


def _another_run_writes(monkeypatch, path, data: bytes):
    """Force the interleaving: another program writes ``path`` just before this run's commit."""
    results = importlib.import_module("munchkin_lab.sim.results")
    real = results.ResultWriter._close

    def close(self, meta, tables):
        real(self, meta, tables)
        if self.path == path and not path.exists():
            path.write_bytes(data)

    monkeypatch.setattr(results.ResultWriter, "_close", close)


def test_simulate_without_force_never_replaces_a_file_that_appeared_during_the_run(sim_url, tmp_path, monkeypatch):
    out = tmp_path / "same.parquet"
    other = runner.invoke(app, ["simulate", "base", "--games", "3", "--workers", "1", "--seed", "1", "--out",
                                str(tmp_path / "other.parquet"), "--no-progress", "--url", sim_url])
    assert other.exit_code == 0, other.output
    theirs = (tmp_path / "other.parquet").read_bytes()
    _another_run_writes(monkeypatch, out, theirs)
    res = runner.invoke(app, ["simulate", "base", "--games", "4", "--workers", "1", "--seed", "2", "--out", str(out),
                              "--no-progress", "--url", sim_url])
    assert res.exit_code == 0, res.output
    aside = tmp_path / "same.not-replaced.parquet"
    assert out.read_bytes() == theirs  # the other run's result is kept whole
    assert (f"wrote {aside} (per-game, card, seat, summary and Level tables); {out} appeared during this run "
            "(another program wrote it) and is kept as it was") in res.output
    mine = SimResult.load(aside)
    assert mine.n_games == 4 and mine.config["seed"] == 2 and not mine.interrupted
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.parquet", "same.not-replaced.parquet", "same.parquet"]


def test_python_api_overwrite_false_refuses_at_the_start_and_at_the_commit(base_deck, tmp_path, monkeypatch):
    out = tmp_path / "r.json"
    out.write_text("earlier")
    try:
        simulate(base_deck, games=2, workers=1, progress=False, out=out, overwrite=False)
    except FileExistsError as e:
        assert str(out) in str(e)
    else:
        raise AssertionError("an existing file was not refused")
    assert out.read_text() == "earlier"
    out.unlink()
    _another_run_writes(monkeypatch, out, b"theirs")
    r = simulate(base_deck, games=2, workers=1, progress=False, out=out, overwrite=False)
    assert out.read_bytes() == b"theirs"
    assert r.path == tmp_path / "r.not-replaced.json" and SimResult.load(r.path).n_games == 2
    # overwrite=True (--force) replaces the file
    r = simulate(base_deck, games=2, workers=1, progress=False, out=out, overwrite=True)
    assert r.path == out and SimResult.load(out).n_games == 2


def test_python_api_default_refuses_an_existing_out(base_deck, tmp_path):
    """simulate() keeps a saved result by default, as the CLI without --force, export_csv and
    Deck.export do: a notebook re-run never replaces it silently."""
    out = tmp_path / "saved.parquet"
    out.write_bytes(b"an earlier result")
    with pytest.raises(FileExistsError) as e:
        simulate(base_deck, games=2, workers=1, progress=False, out=out)
    assert str(out) in str(e.value) and "overwrite=True" in str(e.value)
    assert out.read_bytes() == b"an earlier result"


def test_exclusive_atomic_path_keeps_a_file_that_appeared(tmp_path):
    from munchkin_lab.fileio import FileAppearedError, atomic_path, atomic_write_text

    target = tmp_path / "notes.txt"
    try:
        with atomic_path(target, exclusive=True) as tmp:
            tmp.write_text("mine")
            target.write_text("theirs")  # another program, between the start and the commit
    except FileAppearedError as e:
        assert e.kept == tmp_path / "notes.not-replaced.txt"
    else:
        raise AssertionError("the file that appeared was replaced")
    assert target.read_text() == "theirs" and (tmp_path / "notes.not-replaced.txt").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.not-replaced.txt", "notes.txt"]
    with atomic_path(tmp_path / "new.txt", exclusive=True) as tmp:  # a free name: written there
        tmp.write_text("x")
    assert (tmp_path / "new.txt").read_text() == "x"
    atomic_write_text(target, "replaced")  # not exclusive: replaces as before
    assert target.read_text() == "replaced"


def test_compare_plots_without_force_never_replace_a_plot_that_appeared(sim_url, tmp_path, monkeypatch):
    import matplotlib.figure

    plots = tmp_path / "plots"
    real = matplotlib.figure.Figure.savefig

    def savefig(self, fname, *a, **k):
        theirs = plots / "win_rates.png"
        if not theirs.exists():
            theirs.write_bytes(b"theirs")  # another compare writing the same folder, just before this one
        return real(self, fname, *a, **k)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    res = runner.invoke(app, ["compare", "base", "base", "--games", "3", "--workers", "1", "--bots-b", "random",
                              "--no-progress", "--plots", str(plots), "--url", sim_url])
    assert res.exit_code == 1, res.output
    kept = plots / "win_rates.not-replaced.png"
    assert (plots / "win_rates.png").read_bytes() == b"theirs"
    assert kept.read_bytes().startswith(b"\x89PNG")
    assert (f"Error: '{plots / 'win_rates.png'}' appeared while this command ran (another program wrote it) and "
            f"is kept as it was; this command's file is '{kept}'") in res.output


def test_default_batches_are_small_so_a_ctrl_c_keeps_most_finished_games():
    """New-user finding: Ctrl-C on a 2-worker run of 2,000 games at 12 s kept none (100-game
    batches: every game of the batches running is dropped). A batch is now at most 1/80 of
    such a run, and every batch is a whole number of games from 10 to 250."""
    from munchkin_lab.sim.simulate import _batches, default_batch_size

    size = default_batch_size(2000, 2)
    assert size * 80 <= 2000
    assert sum(len(b) for b in _batches(2000, size, 2)) == 2000
    assert default_batch_size(5, 2) == 10 and default_batch_size(10**7, 2) == 250
