"""State-based checks (issue 12): thousands of seeded random and greedy games on every preset;
after every step no position holds an unfixed violation - a Half-Breed / Super Munchkin with
nothing under it, an Item in use its owner may not use, more Items in use than the slots or
more Big items than allowed without the owner's pending choice, a dead helper in a combat."""
from __future__ import annotations

import random

import pytest

from munchkin_lab.engine import Game
from munchkin_lab.engine.policy import greedy_policy
from munchkin_lab.sim.bots import make_bot

PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")
GAMES = 500


def violations(g: Game) -> list[str]:
    """Every state-based condition that does not hold now (a pending choice counts as fixing)."""
    s = g.state
    out = []
    choosing = {(d["player"], d.get("why")) for d in s.pending if d["kind"] == "choose"}
    for seat, p in enumerate(s.players):
        if not p.alive:
            continue
        if p.half_breed >= 0 and not p.races:
            out.append(f"{p.name}: Half-Breed with no Race")
        if p.super_munchkin >= 0 and not p.classes:
            out.append(f"{p.name}: Super Munchkin with no Class")
        for c in p.equipped:
            if c != p.cheat_item and not g.can_use(seat, c):
                out.append(f"{p.name}: {g.name(c)} in use but restricted")
        if g._slot_excess(seat) and (seat, "sideways") not in choosing:
            out.append(f"{p.name}: too many items in use for the slots, no choice pending")
        if g._big_excess(seat) and (seat, "big") not in choosing:
            out.append(f"{p.name}: more than one Big item, no choice pending")
    c = s.combat
    if c is not None and s.phase == "combat" and c.helper >= 0 and not s.players[c.helper].alive:
        out.append("a dead helper in the combat")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_no_position_holds_an_unfixed_violation(preset):
    from munchkin_lab.decks import load_preset

    deck = load_preset(preset)
    specs = deck.specs()
    for seed in range(GAMES):
        players = 2 + seed % 5
        g = Game.new(players=players, deck=specs, seed=seed,
                     options=deck.game_options(max_turns=5 + seed % 4), history=False)
        total = len(g.specs)
        rnd = random.Random(seed)
        bots = [make_bot("greedy", seed + k) for k in range(players)]
        mode = seed % 3
        while g.outcome() is None:
            a = (rnd.choice(g.legal_actions(labels=False)) if mode == 0 else
                 greedy_policy(g) if mode == 1 else bots[g.actor()].choose(g))
            g.play(a)
            bad = violations(g)
            assert not bad, f"{preset} seed {seed} after {a}: {bad}"
            z = g.all_zones()
            assert len(z) == total and len(set(z)) == total


def test_the_checks_fix_a_position_reached_by_an_unusual_route(base_deck):
    """A position edited into violations is fixed by the next action, whatever it is."""
    from munchkin_lab.engine import GameOptions

    g = Game.new(players=3, deck=base_deck, seed=4, options=GameOptions(setup_window=False))
    p = g.state.players[0]
    bigs = [c for c, sp in enumerate(g.specs) if sp.big and sp.kind == "item"][:2]
    heads = [c for c, sp in enumerate(g.specs) if sp.slot == "headgear" and not sp.usable_by and not sp.not_usable_by][:2]
    half = next(c for c, sp in enumerate(g.specs) if sp.effects.get("half_breed"))
    for c in bigs + heads + [half]:
        for zone in (g.state.decks["door"], g.state.decks["treasure"]) + tuple(q.hand for q in g.state.players):
            if c in zone:
                zone.remove(c)
    p.carried += bigs
    p.equipped += heads
    p.half_breed = half
    g.begin()
    assert violations(g) != []
    g.play(g.legal_actions(labels=False)[0])  # any action: the checks run after it
    assert p.half_breed == -1 and half in g.state.discards["door"]
    whys = [d["why"] for d in g.state.pending if d["kind"] == "choose"]
    assert "big" in whys and "sideways" in whys
    assert violations(g) == []
