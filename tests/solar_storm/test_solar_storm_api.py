"""Solar Storm API: setup errors, options, views, legal room actions per version."""
from __future__ import annotations

import json

import pytest

from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.engine.solar_storm import (CORE_POS, OUTER, ROOM_NAMES, SolarStormGame,
                                             SolarStormOptions, base_name)

from solar_helpers import ROOMS, all16, version


def test_base_name():
    assert base_name("Mess Hall (V2)") == "Mess Hall"
    assert base_name("Energy Core") == "Energy Core"


def test_missing_rooms_are_named():
    rooms = [r for r in all16() if not r.name.startswith(("The Armoury", "Medical Bay"))]
    with pytest.raises(ValueError) as e:
        SolarStormGame.new(players=2, rooms=rooms)
    assert "missing: Medical Bay, The Armoury" in str(e.value)


def test_not_a_ship_room_refused():
    monster = CardSpec.make(name="Potted Plant", set="munchkin", kind="monster", deck="door", level=1)
    with pytest.raises(ValueError, match="not a ship room"):
        SolarStormGame.new(players=2, rooms=all16() + [monster])


def test_two_cores_refused():
    with pytest.raises(ValueError, match="second Energy Core"):
        SolarStormGame.new(players=2, rooms=all16() + [ROOMS["Energy Core"]] * 2)


@pytest.mark.parametrize("players", [0, 5, ["A", "A"]])
def test_bad_players(players):
    with pytest.raises(ValueError):
        SolarStormGame.new(players=players, rooms=all16())


def test_bad_options():
    with pytest.raises(ValueError, match="unknown Solar Storm option"):
        SolarStormGame.new(players=2, rooms=all16(), options={"bogus": 1})
    with pytest.raises(ValueError, match="scavenge_table"):
        SolarStormGame.new(players=2, rooms=all16(), options={"scavenge_table": [1, 2]})
    with pytest.raises(ValueError, match="room_order"):
        SolarStormGame.new(players=2, rooms=all16(), options={"room_order": ["Galley (V1)"]})


@pytest.mark.parametrize("seed", range(25))
def test_deal_places_eight_names_and_setup_damage(seed):
    g = SolarStormGame.new(players=3, rooms=all16(), seed=seed)
    sd = g.state_dict()
    assert sorted(x["name"] for x in sd["grid"] if x["position"] != CORE_POS) == sorted(ROOM_NAMES)
    assert sd["grid"][CORE_POS]["card"] == "Energy Core"
    assert sum(x["damaged"] for x in sd["grid"] if x["damaged"] is not None) == 6
    assert sd["supply"]["repair_cubes"] == 6
    assert sd["damage"]["order"][-1] == "Hull Breach"
    assert len(sd["rooms_discarded"]) + len(sd["rooms_unused"]) == 8
    assert all(len(p["hand"]) == 2 for p in sd["players"])
    assert len(sd["resources"]["face_up"]) == 2


def test_energy_core_made_when_absent_and_options_respected():
    o = SolarStormOptions(actions_per_turn=4, resource_types=("Fuel", "Metal", "Water", "Chips"),
                          resource_copies=5, starting_resources=3, setup_damage_cubes=0)
    g = SolarStormGame.new(players=2, rooms=version("V2"), seed=1, options=o)
    sd = g.state_dict()
    assert sd["actions_left"] == 4
    assert sd["grid"][CORE_POS]["name"] == "Energy Core"
    assert all(x["damaged"] in (0, None) for x in sd["grid"])
    assert set(sd["resources"]["face_up"]) <= {"Fuel", "Metal", "Water", "Chips"}
    assert sd["resources"]["deck"]["count"] == 20 - 6 - 2
    again = SolarStormGame.from_json(g.to_json())
    assert again.options == o


def test_room_actions_listed_by_version():
    g = SolarStormGame.new(players=3, rooms=all16(), seed=2)
    for pos in OUTER:
        g.state.players[0].pos = pos
        kinds = {a.kind for a in g.legal_actions()}
        if g.v2_action(pos):
            assert "room" in kinds and "resolve" not in kinds, g.room_name(pos)
        else:
            assert "resolve" in kinds and "room" not in kinds, g.room_name(pos)
            assert "not in our sources" in g.why_not(g.legal_actions()[0].__class__(0, "room"))


def test_view_hides_orders_and_rng():
    g = SolarStormGame.new(players=2, rooms=all16(), seed=4)
    v = g.view(1)
    assert "order" not in v["resources"]["deck"] and "order" not in v["damage"]
    assert v["rng"] is None and v["viewer"] == 1
    json.dumps(v)
    json.dumps(g.state_dict())


def test_bad_saved_game():
    with pytest.raises(ValueError, match="format"):
        SolarStormGame.from_json("{}")
    g = SolarStormGame.new(players=2, rooms=all16(), seed=4)
    data = json.loads(g.to_json())
    data["actions"] = ["0 activate"]
    with pytest.raises(ValueError, match=r"actions\[0\]"):
        SolarStormGame.from_json(json.dumps(data))


def test_undo_rewinds_the_die():
    g = SolarStormGame.new(players=2, rooms=all16(), seed=9)
    g.play("0 scavenge")
    first = g.state_dict()["last_roll"]
    g.undo()
    g.play("0 scavenge")
    assert g.state_dict()["last_roll"] == first


def test_single_player_game_runs():
    g = SolarStormGame.new(players=1, rooms=all16(), seed=1)
    g.play("0 end_actions")
    g.play("0 collect")
    assert g.state_dict()["active"] == 0 and g.state_dict()["turn"] == 2
