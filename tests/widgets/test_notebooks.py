"""The lab notebooks of this area run top to bottom under nbval (a fresh pytest process per notebook,
on a freshly built database; widget-heavy notebooks with --nbval-lax)."""
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
    env = dict(os.environ, DATABASE_URL=lab_db, MPLBACKEND="Agg")
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--nbval-lax",
           "--rootdir", str(work), str(work / name)]
    r = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout
