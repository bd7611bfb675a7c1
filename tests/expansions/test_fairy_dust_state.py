"""The Fairy Dust module's own state (a player charmed by the Sparkly Good Fairy, the Fairy
killed) belongs to the game: a position re-marked as the initial one (``Game.begin``, which code
that edits the state between actions calls, and after which a save starts) keeps it."""
from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.engine.actions import IllegalActionError
from munchkin_lab.scenarios.runner import build_game, database_resolver, load_scenario, make_action

SCEN = Path(__file__).resolve().parents[1] / "scenarios" / "fairy_dust"


def _played(name: str, steps: int):
    """The game of scenario ``name`` after its first ``steps`` steps (dice as the file forces)."""
    sc = load_scenario(SCEN / name)
    g = build_game(sc, database_resolver())
    for st in sc["steps"][:steps]:
        if "dice" in st:
            g.state.forced.extend(int(x) for x in st["dice"])
        if "action" in st and not st.get("expect_error"):
            g.play(make_action(g, st, "step"))
    return sc, g


def test_a_charm_survives_begin_and_a_save_made_after_it():
    """Munchkin Fairy Dust rules, Sparkly Good Bad Stuff: Bob, caught by the Fairy, stays
    charmed until his next turn - also when the position is re-marked by ``begin`` in Ann's
    turn: asked for help, he may not refuse (before, ``begin`` forgot the charm)."""
    sc, g = _played("charmed_must_help.yaml", 7)  # (Bob charmed; Ann's turn, the Orc in play)
    assert g.state.module_state["fairy_dust"]["charmed"] == [1]
    g.begin()
    assert g.state.module_state["fairy_dust"]["charmed"] == [1]
    for twin in (g, Game.from_json(g.to_json())):
        twin.play(make_action(twin, sc["steps"][7], "ask"))  # Ann asks Bob for help
        with pytest.raises(IllegalActionError, match="charmed"):
            twin.play(make_action(twin, {"actor": "Bob", "action": "refuse"}, "refuse"))


def test_the_fairy_s_kill_survives_begin():
    """Munchkin Fairy Dust rules, Killing the Sparkly Good Fairy: once she is killed, Fairy
    Dust is no longer earned the regular way - a position re-marked by ``begin`` after the
    kill still knows it (before, ``begin`` forgot the kill)."""
    _sc, g = _played("kill_fairy.yaml", 4)
    assert g.state.module_state["fairy_dust"]["killed"] is True
    g.begin()
    assert g.state.module_state["fairy_dust"]["killed"] is True
    assert Game.from_json(g.to_json()).state.module_state["fairy_dust"]["killed"] is True
