"""The lab notebooks of this area run top to bottom under nbval (a fresh pytest process per notebook,
on a private copy of a freshly built database; widget-heavy notebooks with --nbval-lax).
Notebook 02 runs the whole designer story (issue 14): a designer set, a card with an effect,
trying it on a board, mixing, simulating and sharing it."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = ["01_card_database.ipynb", "02_mixed_decks.ipynb", "03_board.ipynb", "04_scenarios.ipynb",
             "06_board_from_code.ipynb"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_under_nbval(name, lab_db, tmp_path):
    work = tmp_path / "notebooks"
    shutil.copytree(REPO / "notebooks", work, ignore=shutil.ignore_patterns("*.journal.jsonl", ".ipynb_checkpoints"))
    shutil.copytree(REPO / "tests" / "scenarios", tmp_path / "tests" / "scenarios")
    from munchkin_lab import config

    with config.get_engine(lab_db).connect() as conn:  # a private copy: notebook 02 adds designer cards
        conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    db = tmp_path / "lab.sqlite"
    shutil.copyfile(config.sqlite_path(lab_db), db)
    home = tmp_path / "lab-home"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{db}", MPLBACKEND="Agg", MUNCHKIN_LAB_HOME=str(home))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--nbval-lax",
           "--rootdir", str(work), str(work / name)]
    r = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
    if name == "03_board.ipynb":  # the app's files go to the lab folder, never next to the notebooks
        assert not list(work.glob("*.journal.jsonl")) and not (work / "saves").exists()
        assert [p.name.startswith("board-") for p in home.glob("*.journal.jsonl")] == [True]
