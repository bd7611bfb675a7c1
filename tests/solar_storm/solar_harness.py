"""The Solar Storm scenario harness now lives in the package: :mod:`munchkin_lab.scenarios.solar`
(``munchkin-lab scenario run`` runs ``game: solar_storm`` files through it). This module keeps the
old import path for the tests."""
from __future__ import annotations

from munchkin_lab.scenarios.solar import (CORE_POS, STEP, TOP, ScenarioFailure, base_name, build,  # noqa: F401
                                          get_path, make_action, run, run_data)

__all__ = ["run", "run_data", "build", "make_action", "get_path", "ScenarioFailure", "CORE_POS", "base_name"]
