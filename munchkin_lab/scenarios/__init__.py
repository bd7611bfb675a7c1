"""Scenario files: YAML descriptions of a game position, steps and expectations.

File I/O lives here, outside the engine. See ``README.md`` in this folder for the format.
"""
from .runner import ScenarioError, ScenarioResult, load_scenario, run_file, run_scenario

__all__ = ["ScenarioError", "ScenarioResult", "load_scenario", "run_file", "run_scenario"]
