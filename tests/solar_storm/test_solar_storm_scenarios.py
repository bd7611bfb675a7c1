"""Run every Solar Storm scenario file (tests/scenarios/solar_storm/*.yaml) with the harness."""
from __future__ import annotations

from pathlib import Path

import pytest

from solar_harness import run

FILES = sorted((Path(__file__).resolve().parents[1] / "scenarios" / "solar_storm").glob("*.yaml"))


def test_there_are_enough_scenarios():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    run(path)
