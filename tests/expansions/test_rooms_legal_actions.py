"""Star Munchkin Adventures rooms: ``legal_actions`` lists every legal action of the rooms
module's kinds (place / pickup / peek), and every listed action is accepted (``why_not``), over
many random positions of seeded games of the preset."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Action, Game


@pytest.fixture(scope="module")
def deck():
    from munchkin_lab.decks import load_preset

    return load_preset("star_munchkin_adventures")


def _space(g, seat):
    """Every place / pickup / peek action in the kinds' domain (t 0/1 for place; a room or
    t=1 for peek), on the rooms of the grid and one spot off it."""
    ms = g.state.module_state["rooms"]
    keys = sorted(ms["grid"]) + ["99,99"]
    spots = [tuple(int(v) for v in k.split(",")) for k in keys]
    p = g.state.players[seat]
    loot = [c for r in ms["grid"].values() for c in r["loot"]]
    out = [Action(seat, "place", c, t, x, y) for c in p.hand for x, y in spots for t in (0, 1)]
    out += [Action(seat, "pickup", c) for c in loot + p.hand[:1]]
    out += [Action(seat, "peek", target=1)] + [Action(seat, "peek", n=x, m=y) for x, y in spots]
    return out


def test_rooms_actions_listed_exactly(deck):
    seen = {"place": 0, "pickup": 0, "peek": 0, "face_up": 0, "second_card": 0, "labels": 0}
    for seed in range(30):  # a pickup is rare (a dead player's Treasure in a room): 30 games reach some
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=60))
        rnd = random.Random(seed)
        steps = 0
        while g.state.phase != "over" and steps < 1500:
            acts = g.legal_actions(labels=False)
            for a in acts:  # every listed action is accepted
                assert g.why_not(a) is None, (str(a), g.why_not(a))
            seat = g.actor()
            listed = set(acts)
            for a in _space(g, seat):
                if g.why_not(a) is None:
                    assert a in listed, f"accepted but not listed: {a}"
                    seen[a.kind] += 1
                    if a.kind == "place" and a.target == 1:
                        seen["face_up"] += 1
                    if a.kind == "place" and a.card != next(
                            c for c in g.state.players[seat].hand if g.specs[c].deck == "door"):
                        seen["second_card"] += 1
            if steps % 25 == 0:  # the labels tell the listed place / peek actions apart (two
                # copies of one card placed alike are one choice, with one label)
                mine = [a for a in g.legal_actions() if a.kind in ("place", "peek")]
                own = [a.label for a in mine]
                choices = {(a.kind, g.specs[a.card].name if a.card >= 0 else "", a.target, a.n, a.m) for a in mine}
                assert len(set(own)) == len(choices), own
                seen["labels"] += len(own)
            g.play(rnd.choice(acts))
            steps += 1
    # the positions reached really exercise the kinds (not a test that cannot fail)
    assert seen["place"] > 100 and seen["face_up"] > 50 and seen["second_card"] > 20, seen
    assert seen["pickup"] > 0 and seen["peek"] > 0 and seen["labels"] > 20, seen
