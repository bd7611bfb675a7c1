"""The simulation notebook replays with identical stored outputs (nbval, strict mode)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "05_simulation.ipynb"


def test_simulation_notebook_outputs_replay(sim_url, tmp_path):
    pytest.importorskip("nbval")
    pytest.importorskip("ipykernel")
    assert NOTEBOOK.exists()
    env = dict(os.environ, DATABASE_URL=sim_url)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", str(NOTEBOOK),
         "--rootdir", str(tmp_path)],
        capture_output=True, text=True, env=env, cwd=str(NOTEBOOK.parent), timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
