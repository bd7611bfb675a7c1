"""`munchkin-lab scenario run` serves both games: files with `game: solar_storm` run through
munchkin_lab.scenarios.solar; every scenario folder passes."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.engine import SolarStormGame
from munchkin_lab.scenarios.runner import run_file

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
FOLDERS = ["core", "fairy_dust", "scooby_doo", "star_munchkin_adventures", "solar_storm"]


def test_every_scenario_folder_passes_through_the_cli():
    files = [str(p) for d in FOLDERS for p in sorted((ROOT / d).glob("*.yaml"))]
    r = CliRunner().invoke(app, ["scenario", "run", *files])
    assert r.exit_code == 0, "\n".join(l for l in r.output.splitlines() if not l.startswith("PASS"))
    assert r.output.strip().splitlines()[-1] == f"{len(files)} passed, 0 failed"
    for d in FOLDERS:
        assert f"scenarios/{d}/" in r.output


def test_solar_file_is_run_as_solar_storm():
    r = run_file(ROOT / "solar_storm" / "medical_bay.yaml")
    assert r.ok, r.message
    assert SolarStormGame.game == "solar_storm"


def test_solar_scenario_failure_is_a_fail_line(tmp_path):
    import yaml
    sc = yaml.safe_load((ROOT / "solar_storm" / "cargo_hold.yaml").read_text())
    sc["expect"] = {"phase": "no_such_phase"}
    bad = tmp_path / "bad_solar.yaml"
    bad.write_text(yaml.safe_dump(sc))
    r = run_file(bad)
    assert not r.ok and "no_such_phase" in r.message


def test_unknown_game_is_an_error(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("game: chess\nplayers: [{name: A}, {name: B}]\n")
    r = run_file(f)
    assert not r.ok and "game" in r.message
