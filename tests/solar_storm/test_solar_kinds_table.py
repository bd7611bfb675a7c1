"""The Solar Storm action table (engine/solar_storm/kinds.py): every kind has one row whose
candidates, check and apply live in the row's rule-area module; legal_actions() and why_not()
agree (the listed actions are exactly the candidates why_not passes); every module stays
readable in one sitting and pure (no database, widget or file imports)."""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from munchkin_lab.engine.actions import IllegalActionError
from munchkin_lab.engine.solar_storm import KINDS, ROOM_NAMES, SolarAction, SolarStormGame
from munchkin_lab.engine.solar_storm.kinds import STAGES, TABLE
from munchkin_lab.engine.solar_storm.rooms_v2 import V2_ACTIONS

from solar_helpers import all16, version

PKG = Path(__file__).resolve().parents[2] / "munchkin_lab" / "engine" / "solar_storm"


def test_every_kind_has_one_row_in_its_area_module():
    assert sorted(TABLE) == sorted(KINDS)
    for k, row in TABLE.items():
        for name in (row.check, row.apply) + ((row.candidates,) if row.candidates else ()):
            fn = getattr(SolarStormGame, name)
            assert fn.__module__ == f"munchkin_lab.engine.solar_storm.{row.area}", (k, name, fn.__module__)
        if isinstance(row.cost, str):
            assert callable(getattr(SolarStormGame, row.cost))
    # each kind is taken in exactly one stage
    staged = [k for kinds in STAGES.values() for k in kinds]
    assert sorted(staged) == sorted(KINDS)


def test_every_v2_room_has_its_candidates_check_and_apply():
    assert sorted(r.rule for r in V2_ACTIONS.values()) == sorted(ROOM_NAMES)
    for key, row in V2_ACTIONS.items():
        assert key in row.runs, key
        for name in (row.candidates, row.check, row.apply):
            assert getattr(SolarStormGame, name).__module__.endswith(".rooms_v2"), (key, name)


def test_modules_are_small_and_pure():
    allowed = {"__future__", "json", "re", "dataclasses", "itertools", "typing"}
    for path in sorted(PKG.glob("*.py")):
        text = path.read_text()
        assert len(text.splitlines()) <= 1000, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in allowed for a in node.names), (path.name, ast.dump(node))
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    assert node.module.split(".")[0] in allowed, (path.name, node.module)
                elif node.level == 2:  # the engine's own pure modules
                    assert node.module in (None, "actions", "cards", "history", "rng", "turn_cap"), (path.name, node.module)


def _probe(g: SolarStormGame, r: random.Random) -> SolarAction:
    s = g.state
    n = len(s.players)
    pool = [c for p in s.players for c in p.hand] + s.face_up + s.res_discard[-2:]
    if s.pending and s.pending["kind"] == "bridge":
        pool += s.pending["cards"]
    card = lambda: r.choice(pool + [-1, len(g.res_type)]) if pool else -1  # noqa: E731
    return SolarAction(s.active if r.random() < 0.9 else (s.active + 1) % n, r.choice(sorted(KINDS)),
                       card=card(), target=r.randrange(-5, n + 1), n=r.randrange(-5, 15),
                       m=r.randrange(-1, 15), cards=tuple(card() for _ in range(r.choice([0, 1, 2, 4]))))


@pytest.mark.parametrize("rooms", ["all16", "v1", "v2"])
def test_listed_actions_are_exactly_the_candidates_why_not_allows(rooms):
    specs = all16() if rooms == "all16" else version(rooms.upper())
    checked = refused = 0
    kinds_played: set[str] = set()
    for seed in range(8):
        g = SolarStormGame.new(players=1 + seed % 4, rooms=specs, seed=seed, options={"max_turns": 20})
        r = random.Random(seed)
        while g.outcome() is None and checked < 4000:
            seat = g.actor()
            listed = g.legal_actions()
            assert listed == [a for a in g._candidates(seat) if g.why_not(a) is None]
            assert listed == g.legal_actions(labels=False) == g.legal_actions(seat=seat)
            assert g.legal_actions(seat=(seat + 1) % len(g.state.players)) == ([] if len(g.state.players) > 1 else listed)
            assert all(a.label for a in listed)
            # a refused action raises the same reason and changes nothing
            p = _probe(g, r)
            why = g.why_not(p)
            if why is not None:
                before = g.state_dict()
                with pytest.raises(IllegalActionError) as e:
                    g.play(p)
                assert str(e.value) == f"{p}: {why}"
                assert g.state_dict() == before
                refused += 1
            a = r.choice(listed)
            kinds_played.add(a.kind)
            g.play(a)
            checked += 1
    assert checked > 300 and refused > 100
    assert {"move", "scavenge", "end_actions", "collect"} <= kinds_played
    assert ("room" in kinds_played) == (rooms != "v1")
    assert ("resolve" in kinds_played) == (rooms != "v2")


def test_stage_refusals_name_what_the_stage_takes():
    g = SolarStormGame.new(players=2, rooms=version("V1"), seed=1)
    assert "only answers a pending" in g.why_not(SolarAction(0, "done"))
    assert "comes after the action phase" in g.why_not(SolarAction(0, "collect"))
    g.play("0 move n=1")  # from the Energy Core into a V1 room
    g.play("0 resolve")
    assert g.why_not(SolarAction(0, "move", n=1)) == "finish resolving the room by hand (then Done) first"
    g.play("0 done")
    g.play("0 end_actions")
    assert g.why_not(SolarAction(0, "move", n=1)).startswith("resource collection: only 'collect' now")
    assert g.why_not(SolarAction(1, "collect")) == "it is P1's turn, not P2's"
    assert g.why_not(SolarAction(9, "collect")) == "no player in seat 9: seats count from 0, here 0 to 1 (P1 to P2)"
    assert g.why_not(SolarAction(0, "move", n=1)) == \
        "resource collection: only 'collect' now (Solar Storm rules, Resource collection, public summary)"
