"""Every scenario file under tests/scenarios/core passes; bad scenario input fails clearly."""
from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_lab.scenarios.runner import ScenarioError, build_game, load_scenario, run_file, run_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "core"
FILES = sorted(ROOT.glob("*.yaml"))


def test_at_least_40_scenarios():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path, resolver):
    r = run_file(path, resolver)
    assert r.ok, r.line()


def _write(tmp_path, text):
    p = tmp_path / "s.yaml"
    p.write_text(text)
    return p


BASE = """
cards:
  - {name: Goblin, kind: monster, deck: door, level: 1, treasures: 1}
  - {name: Coin, kind: item, deck: treasure, slot: none, gold: 100}
players:
  - {name: Ann}
  - {name: Bob}
decks:
  door: [Goblin]
  treasure: [Coin]
"""


def test_unknown_card_names_the_field(tmp_path):
    p = _write(tmp_path, BASE + "\n" + "steps: []\n").read_text().replace("players:\n  - {name: Ann}",
                                                                          "players:\n  - {name: Ann, hand: [Nope]}")
    p = _write(tmp_path, p)
    r = run_file(p, lambda n: None)
    assert not r.ok and "players[0].hand[0]" in r.message and "Nope" in r.message


def test_unknown_action_wrong_actor_wrong_phase(tmp_path):
    for step, frag in (("{actor: Ann, action: dance}", "unknown action"),
                       ("{actor: Zed, action: kick}", "unknown player"),):
        r = run_file(_write(tmp_path, BASE + f"steps:\n  - {step}\n"), lambda n: None)
        assert not r.ok and "step 1" in r.message and frag in r.message, r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Bob, action: kick}\n"), lambda n: None)
    assert not r.ok and "refused" in r.message and "Ann's decision" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: loot}\n"), lambda n: None)
    assert not r.ok and "Loot the Room" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: loot, expect_error: Loot}\n"), lambda n: None)
    assert r.ok, r.message


def test_malformed_files(tmp_path):
    r = run_file(_write(tmp_path, "players: [: oops"), None)
    assert not r.ok and "malformed YAML" in r.message
    r = run_file(_write(tmp_path, BASE + "colour: red\n"), None)
    assert not r.ok and "colour" in r.message
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: kick, bogus: 1}\n"), None)
    assert not r.ok and "step 1" in r.message and "bogus" in r.message
    with pytest.raises(ScenarioError):
        load_scenario(tmp_path / "missing.yaml")


def test_refused_step_leaves_state_unchanged(tmp_path):
    sc = load_scenario(_write(tmp_path, BASE + "steps: []\n"))
    g = build_game(sc, None)
    before = g.state_dict()
    from munchkin_lab.engine import Action, IllegalActionError
    with pytest.raises(IllegalActionError):
        g.play(Action(0, "loot"))
    assert g.state_dict() == before


def test_expectation_failure_reports_first_difference(tmp_path):
    r = run_file(_write(tmp_path, BASE + "steps:\n  - {actor: Ann, action: kick}\n  - expect: {players.Ann.level: 3}\n"), None)
    assert not r.ok and "players.Ann.level: expected 3, got 1" in r.message


BINARY = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE, 0x00, 0x01])


def test_binary_file_is_a_clean_fail(tmp_path):
    """A binary file is a FAIL result (no UnicodeDecodeError) and load_scenario says why."""
    bin_file = tmp_path / "picture.yaml"
    bin_file.write_bytes(BINARY)
    r = run_file(bin_file, None)
    assert not r.ok
    assert r.line() == f"FAIL {bin_file}: not a text file (byte 0x89 at offset 0 is not UTF-8)"
    with pytest.raises(ScenarioError, match="not a text file"):
        load_scenario(bin_file)


def test_cli_folder_with_binary_file_still_runs_the_others(tmp_path):
    from typer.testing import CliRunner
    from munchkin_lab.cli import app

    (tmp_path / "a_bad.yaml").write_bytes(BINARY)
    good = tmp_path / "b_good.yaml"
    good.write_text((ROOT / "ties_go_to_the_monster.yaml").read_text())
    r = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert r.exit_code == 1
    assert r.exception is None or isinstance(r.exception, SystemExit)
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"FAIL {tmp_path / 'a_bad.yaml'}: not a text file (")
    assert lines[1].startswith(f"PASS {good}")
    assert lines[-1] == "1 passed, 1 failed"


def test_cli_empty_folder(tmp_path):
    from typer.testing import CliRunner
    from munchkin_lab.cli import app

    r = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert r.exit_code == 1
    assert f"no scenario files found in {tmp_path}" in r.output
