"""What a README-only new user hit on the play screen (the board): each test plays the
reported steps and checks the real values the board shows or returns."""
from __future__ import annotations

import pytest

from munchkin_lab.widgets import Board, words


def _preset(name):
    from munchkin_lab.decks.presets import load_preset

    return load_preset(name)


@pytest.fixture()
def solar(lab_db, tmp_path):
    return Board.from_deck(_preset("solar_storm"), players=2, seed=5, name="ss", seats=["human", "greedy"],
                           journal=tmp_path / "ss.jsonl")


def test_solar_scavenge_click_offers_the_picks(solar):
    """Scavenge opens a pending pick; Solar Storm's state holds it as one dict (not a list):
    the board showed "KeyError: 0" and every later click failed."""
    solar.click("Scavenge")
    assert solar.message.value == ""
    assert solar.game.state_dict()["pending"] == {"kind": "scavenge", "left": 2}
    assert solar.action_labels() == ["Pick: top of the Resource deck", "Pick: face-up Resource Metal",
                                     "Pick: face-up Resource Energy"]
    solar.click("Pick: top of the Resource deck")
    assert solar.message.value == ""
    assert solar.game.state_dict()["pending"] == {"kind": "scavenge", "left": 1}
    assert words.first_pending(solar.game.state_dict()) == {"kind": "scavenge", "left": 1}


def test_solar_export_replay_writes_every_position(solar, tmp_path):
    """The replay is rebuilt with the game's own class: a Solar Storm save is not a Munchkin
    save ("field 'format' must be 'munchkin-lab-game/1'" before)."""
    solar.click("Scavenge")
    solar.click("Pick: top of the Resource deck")
    n = len(solar.game.actions)
    p = solar.export_replay(tmp_path / "ss.replay.html")
    text = p.read_text()
    assert f"<title>munchkin-lab replay ({n} actions)</title>" in text
    assert text.count("Solar Storm ship") == n + 1  # the ship drawn at the start and after each action
    assert "replay written to" in solar.message.value
