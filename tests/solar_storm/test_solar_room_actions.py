"""A room's V2 action comes from its ``effects.room_action`` (rooms_v2.V2_ACTIONS, one row per
key), never from its name: the shipped rooms keep their actions, a designer's room with the
same record does the same thing, and a record the engine cannot run stays by hand with a note
(cards.designer.engine_notes)."""
from __future__ import annotations

import json

import pytest

from munchkin_lab.cards.designer import engine_notes
from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.engine.solar_storm import SolarAction, SolarStormGame, base_name
from munchkin_lab.engine.solar_storm.rooms_v2 import SHARED_KEYS, V2_ACTIONS, room_action_of

from solar_helpers import ROOMS

MEDICAL = {"action_cost": 2, "give_action_tokens": {"max": 3, "from": "supply", "to": "other_players",
                                                    "split_freely": True}, "min_players": 2}


def test_each_shipped_room_runs_the_row_of_its_own_record():
    for name, sp in ROOMS.items():
        key, why = room_action_of(sp.effects)
        if sp.version == "V2":
            assert why is None and V2_ACTIONS[key].rule == base_name(name), name
            printed = {k: v for k, v in sp.effects["room_action"].items() if k not in SHARED_KEYS}
            assert json.loads(json.dumps(printed)) == V2_ACTIONS[key].runs, name  # tuples as lists
            assert engine_notes(sp.effects, "ship_room") == [], name
        else:  # the V1 rooms and the Energy Core: no room_action
            assert (key, why) == (None, None), name


@pytest.mark.parametrize("record, key", [
    (MEDICAL, "give_action_tokens"),
    ({"draw_resources": {"from": ["face_up", "deck"], "count": 1}}, "draw_resources"),  # any order
    ({"look_at_damage": 2}, "look_at_damage"),  # the keys left out read as the printed room's
])
def test_a_record_the_engine_runs(record, key):
    assert room_action_of({"room_action": record}) == (key, None)
    assert engine_notes({"room_action": record}, "ship_room") == []


@pytest.mark.parametrize("record, why", [
    ({"draw_resources": {"count": 2}}, "draw_resources.count: the engine runs only 1 (the action of Cargo Hold (V2))"),
    ({"draw_resources": {"from": ["deck"]}}, "draw_resources.from: the engine runs only deck, face_up"),
    ({"look_at_damage": 2, "any_order": False}, "any_order: the engine runs only true"),
    ({"look_at_damage": 2, "then_mill_resource_deck": 1}, "then_mill_resource_deck does not go with look_at_damage"),
    ({"look_at_damage": 2, "give_protection_token": {}}, "several actions (look_at_damage, give_protection_token)"),
    ({"min_players": 2}, "no action the engine knows"),
])
def test_a_record_the_engine_cannot_run_is_by_hand_and_said(record, why):
    key, got = room_action_of({"room_action": record})
    assert key is None and got.startswith(why)
    notes = engine_notes({"room_action": record}, "ship_room")
    assert len(notes) == 1 and why in notes[0] and "resolved by hand" in notes[0]


def _ship(extra: CardSpec, replaces: str, players: int = 3) -> SolarStormGame:
    rooms = [sp for n, sp in ROOMS.items() if n.endswith("(V2)") and not n.startswith(replaces)] + [extra]
    return SolarStormGame.new(players=players, rooms=rooms, seed=3)


def test_a_designer_room_with_the_medical_bay_record_is_a_medical_bay():
    annex = CardSpec.make(set="designer", name="Sick Bay Annex", kind="ship_room", deck="ship_room",
                          version="V2", effects={"room_action": MEDICAL})
    g = _ship(annex, "Medical Bay")
    pos = g.position_of("Sick Bay Annex")
    assert g.v2_action(pos) == "Medical Bay" and g.room_action_key(pos) == "give_action_tokens"
    assert not g.is_manual(pos)
    g.state.players[g.state.active].pos = pos
    g.state.token_supply = 3
    me = g.state.active
    other = (me + 1) % 3
    a = SolarAction(me, "room", cards=(other,))
    assert g.why_not(a) is None and g.why_not(SolarAction(me, "resolve")) is not None
    assert g.describe(a).endswith(f"Sick Bay Annex: Action tokens to {g.state.players[other].name}")
    left = g.state.actions_left
    g.play(a)
    assert g.state.players[other].tokens == 1 and g.state.actions_left == left - 2


def test_a_designer_room_without_a_runnable_record_is_resolved_by_hand():
    odd = CardSpec.make(set="designer", name="Greedy Hold", kind="ship_room", deck="ship_room", version="V2",
                        effects={"room_action": {"draw_resources": {"count": 2}}})
    g = _ship(odd, "Cargo Hold")
    pos = g.position_of("Greedy Hold")
    assert g.v2_action(pos) is None and g.is_manual(pos)
    g.state.players[g.state.active].pos = pos
    why = g.why_not(SolarAction(g.state.active, "room", card=-1))
    assert "cannot run its room_action (draw_resources.count: the engine runs only 1" in why
    assert g.why_not(SolarAction(g.state.active, "resolve")) is None


CARGO = {"draw_resources": {"count": 1, "from": ["deck", "face_up"]}}


@pytest.mark.parametrize("version, name, runs", [
    ("V1", "Old Hold", False), (None, "Old Hold (V1)", False),  # marked V1: field or name
    ("V2", "Old Hold", True), (None, "Old Hold", True)])  # V2, or a designer's room with no version
def test_a_room_marked_v1_runs_no_room_action_and_the_note_says_so(version, name, runs):
    """Solar Storm Alternative Rooms: the alternative actions are the V2 cards'; a V1 room's
    action is the base game's (resolved by hand), whatever room_action it carries."""
    sp = CardSpec.make(set="designer", name=name, kind="ship_room", deck="ship_room", version=version,
                       effects={"room_action": CARGO})
    g = _ship(sp, "Cargo Hold")
    pos = g.position_of("Old Hold")
    assert (g.room_action_key(pos) == "draw_resources") is runs and g.is_manual(pos) is not runs
    notes = engine_notes(sp.effects, "ship_room", version, name)
    if runs:
        assert notes == []
    else:
        assert len(notes) == 1 and "a V1 room's action is the base game's" in notes[0]
        g.state.players[g.state.active].pos = pos
        why = g.why_not(SolarAction(g.state.active, "room", card=-1))
        assert why.startswith(f"{sp.name}: a V1 room's action is the base game's") and "resolve" in why


@pytest.mark.parametrize("name", ["Mess Hall (V2)", "Galley"])
def test_the_board_groups_the_swaps_of_any_room_with_the_mess_hall_action(name):
    """The board's row of Mess Hall (V2) swaps comes from the room's action (its room_action),
    not its name: a designer's copy of the Mess Hall gets the same rows, titled by its own name."""
    from munchkin_lab.widgets.words import group_of

    mess = ROOMS["Mess Hall (V2)"]
    sp = mess if name == "Mess Hall (V2)" else CardSpec.make(
        set="designer", name=name, kind="ship_room", deck="ship_room", version="V2", effects=dict(mess.effects))
    g = _ship(sp, "Mess Hall")
    me = g.state.active
    g.state.players[me].pos = g.position_of(name)
    sd = g.state_dict()
    swaps = [a for a in g.legal_actions() if a.kind == "room"]
    assert swaps
    a = swaps[0]
    p, q = g.state.players[a.target].name, g.state.players[a.m].name
    here = name.replace(" (V2)", "")
    give, take = g.res_type[a.cards[0]], g.res_type[a.cards[1]]
    assert group_of(g, a, sd) == (f"{here}: {p} and {q} swap Resources ({p}'s first):", f"{give} for {take}")
