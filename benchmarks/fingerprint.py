"""Behaviour fingerprint of the engine and the bots (a tool for speed work, not a benchmark).

Plays fixed-seed games and prints one SHA-256 per family, so a change meant to be only faster can
be checked to play every game exactly as before:

- ``random_<preset>``: random legal actions (seeded) on each Munchkin preset, final
  ``state_dict()`` and the action log;
- ``policy_base``: the engine's default greedy policy on the base deck;
- ``history_base``: random games with ``history=True`` (the event log text, undo of the last 20
  steps);
- ``sim_<preset>``: ``simulate()`` with the greedy bots (the per-game and per-card tables);
- ``solar_<rooms>_p<n>``: Solar Storm games for each room set (``all16``, ``v1``, ``v2``) and
  player count 1..4: random legal actions (seeded), now and then a random probe action played
  when legal (by-hand adjustments with any fields), an undo and redo; per step the labelled
  legal actions and the ``why_not`` of random probe actions of every kind; at the end
  ``state_dict()``, every seat's ``view()``, the log, the action texts and the replay from
  ``to_json()``;
- ``solar_options``: the same with other option values (banked actions, no full-repair rule,
  designer Resource types, icons and combinations, a fixed room order ...);
- ``solar_policy``: the engine's ``solar_policy`` on every room set; ``solar_sim``:
  ``simulate("solar_storm")`` with the greedy bots; ``solar_errors``: the messages of refused
  set-ups, options and saved games.

Usage: ``python benchmarks/fingerprint.py [--quick] [--solar] [--out FILE]`` (``--solar``: the
Solar Storm families only); compare two outputs with ``diff``.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random

PRESETS = ("base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures")


def _h(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _random_games(deck, n: int, history: bool = False) -> str:
    from munchkin_lab.engine import Game

    acc = hashlib.sha256()
    for seed in range(n):
        opts = deck.game_options(max_turns=150)
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=opts, history=history)
        choice = random.Random(seed).choice
        steps = 0
        while g.state.phase != "over" and steps < 4000:
            g.play(choice(g.legal_actions(labels=False)))
            steps += 1
        if history:
            for _ in range(min(20, steps)):
                g.undo()
            acc.update(_h(g.log).encode())
        acc.update(_h(g.state_dict()).encode())
        acc.update(_h([str(a) for a in g.actions]).encode())
    return acc.hexdigest()[:16]


def _policy_games(deck, n: int) -> str:
    from munchkin_lab.engine import Game
    from munchkin_lab.engine.policy import greedy_policy

    acc = hashlib.sha256()
    for seed in range(n):
        g = Game.new(players=4, deck=deck.specs(), seed=seed, options=deck.game_options(max_turns=300),
                     history=False)
        while g.state.phase != "over":
            g.play(greedy_policy(g))
        acc.update(_h(g.state_dict()).encode())
    return acc.hexdigest()[:16]


def _sim(name: str, n: int) -> str:
    from munchkin_lab.sim import simulate

    r = simulate(name, players=4, games=n, seed=3, workers=1, progress=False)
    return _h([r.games.to_dict("records"), r.cards.to_dict("records")])


# ---------------------------------------------------------------------------------- Solar Storm
SOLAR_ROOMS = ("all16", "v1", "v2")


def _solar_rooms(which: str) -> list:
    from munchkin_lab.scenarios.solar import all16, version

    return all16() if which == "all16" else version(which.upper())


def _solar_probe(g, r: random.Random):
    """A random action of any Solar Storm kind with fields near (and beyond) the legal ones."""
    from munchkin_lab.engine.solar_storm import KINDS, SolarAction

    s = g.state
    n = len(s.players)
    nres = len(g.res_type)
    seat = s.active if r.random() < 0.9 else r.randrange(-1, n + 1)
    kind = r.choice(sorted(KINDS))
    pool = [c for p in s.players for c in p.hand] + s.face_up + s.res_discard[-3:] + s.res_deck[-2:]
    if s.pending and s.pending.get("kind") == "bridge":
        pool += s.pending["cards"]

    def card() -> int:
        x = r.random()
        if x < 0.25:
            return -1
        if x < 0.8 and pool:
            return r.choice(pool)
        return r.randrange(-3, nres + 3)

    def cell() -> int:
        return r.choice([-1, -5, -4, -3, -2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])

    cs = tuple(card() if r.random() < 0.6 else r.randrange(-1, n + 1) for _ in range(r.choice([0, 1, 2, 3, 4])))
    return SolarAction(seat, kind, card=card(), target=r.randrange(-5, n + 1), n=cell(), m=cell() if r.random() < 0.7 else r.randrange(-1, 2),
                       cards=cs)


def _solar_why(g, a) -> str:
    try:
        return str(g.why_not(a))
    except Exception as e:  # noqa: BLE001 - a crash is behaviour too
        return f"raised {type(e).__name__}: {e}"


def _solar_edit(g, r: random.Random) -> None:
    """A start position nearer the end: most rooms diverted, cubes and tokens in hand, dice set."""
    s = g.state
    for pos in r.sample([0, 1, 2, 3, 5, 6, 7, 8], 6):
        s.diverted[pos] = True
    for p in s.players:
        p.cubes, p.tokens, p.protection = r.randrange(3), r.randrange(3), r.randrange(2)
    s.forced = [r.randrange(1, 7) for _ in range(4)]
    g.begin()


def _solar_games(rooms: str, players: int, n: int, options: dict | None = None, edit: bool = False) -> str:
    from munchkin_lab.engine.solar_storm import SolarStormGame

    acc = hashlib.sha256()
    for seed in range(n):
        opts = {"max_turns": 25, **(options or {})}
        g = SolarStormGame.new(players=players, rooms=_solar_rooms(rooms), seed=seed * 7919 + players, options=opts)
        r = random.Random(seed * 31 + players)
        if edit:
            _solar_edit(g, r)
        steps = 0
        while g.outcome() is None and steps < 600:
            acc.update(_h([g.state_dict(), g.view((g.state.active + 1) % players), g.actor()]).encode())
            legal = g.legal_actions()
            acc.update(_h([(str(a), a.label) for a in legal]).encode())
            if not legal:  # e.g. collection from an empty deck with lose_when_resource_deck_empty off
                acc.update(b"stuck")
                break
            probes = [_solar_probe(g, r) for _ in range(6)]
            acc.update(_h([_solar_why(g, p) for p in probes]).encode())
            ok = [p for p in probes if _solar_why(g, p) == "None"]
            a = r.choice(ok) if ok and r.random() < 0.3 else r.choice(legal)
            g.play(a)
            steps += 1
            if r.random() < 0.04:
                g.undo()
                if r.random() < 0.5:
                    g.redo()
        sd = g.state_dict()
        acc.update(_h(sd).encode())
        acc.update(_h([g.view(i) for i in range(players)]).encode())
        acc.update(_h(g.log).encode())
        acc.update(_h([str(a) for a in g.actions]).encode())
        acc.update(_h([repr(g), g.cube_count(), g.all_zones(), str(g.outcome())]).encode())
        again = SolarStormGame.from_json(g.to_json())
        acc.update(_h([again.state_dict() == sd, again.to_json() == g.to_json()]).encode())
    return acc.hexdigest()[:16]


def _solar_policy(n: int) -> str:
    from munchkin_lab.engine.policy import solar_policy
    from munchkin_lab.engine.solar_storm import SolarStormGame

    acc = hashlib.sha256()
    for rooms in SOLAR_ROOMS:
        for seed in range(n):
            players = 1 + seed % 4
            g = SolarStormGame.new(players=players, rooms=_solar_rooms(rooms), seed=seed,
                                   options={"max_turns": 60}, history=False)
            rnd = random.Random(seed)
            steps = 0
            while g.outcome() is None and steps < 3000:
                g.play(solar_policy(g, rnd))
                steps += 1
            acc.update(_h(g.state_dict()).encode())
            acc.update(_h([str(a) for a in g.actions]).encode())
    return acc.hexdigest()[:16]


def _solar_errors() -> str:
    import json as _json

    from munchkin_lab.engine.solar_storm import SolarStormGame

    rooms = _solar_rooms("all16")
    out = []
    bad_setups = [
        {"players": 0}, {"players": 5}, {"players": ["A", "A"]}, {"players": [""]},
        {"rooms": rooms[:10]}, {"rooms": rooms + [rooms[0].__class__.make(name="Potted Plant", set="munchkin",
                                                                          kind="monster", deck="door", level=1)]},
        {"options": {"bogus": 1}}, {"options": {"scavenge_table": [1, 2]}}, {"options": {"room_order": ["Galley (V1)"]}},
        {"options": {"resource_types": ["A", "A"]}}, {"options": {"room_cubes": 0}}, {"options": {"face_up": -1}},
        {"options": {"start_position": 9}}, {"options": {"damage_tiers": [[9, 1]]}},
        {"options": {"room_icons": [["Mess Hall", ["Z", "A", "B"]]]}}, {"options": {"room_icons": [["Mess Hall", ["A"]]]}},
        {"options": {"room_combos": [["Mess Hall", ["Q"]]]}}, {"options": {"actions_per_turn": "3"}},
    ]
    for kw in bad_setups:
        args = {"players": 2, "rooms": rooms, **kw}
        try:
            SolarStormGame.new(**args)
            out.append("ok")
        except Exception as e:  # noqa: BLE001
            out.append(f"{type(e).__name__}: {e}")
    g = SolarStormGame.new(players=3, rooms=rooms, seed=4)
    for _ in range(5):
        g.play(g.legal_actions()[0])
    data = _json.loads(g.to_json())
    saves = ["{}", "not json", _json.dumps({**data, "actions": ["0 activate"]}),
             _json.dumps({**data, "options": {"bogus": 1}}), _json.dumps({**data, "initial": {"bogus": 1}}),
             _json.dumps({k: v for k, v in data.items() if k != "rooms"})]
    for text in saves:
        try:
            SolarStormGame.from_json(text)
            out.append("ok")
        except Exception as e:  # noqa: BLE001
            out.append(f"{type(e).__name__}: {e}")
    for text in ("0 kick", "0 move q=1", "x move", "0 move n=x"):
        try:
            g.play(text)
            out.append("ok")
        except Exception as e:  # noqa: BLE001
            out.append(f"{type(e).__name__}: {e}")
    out.append(str(g.why_not("0 move")))
    return _h(out)


def _solar_scenarios() -> str:
    """Every Solar Storm scenario file of the tests: the final state, log, legal labels."""
    from pathlib import Path

    from munchkin_lab.scenarios import solar

    acc = hashlib.sha256()
    root = Path(__file__).resolve().parents[1] / "tests" / "scenarios" / "solar_storm"
    for path in sorted(root.glob("*.yaml")):
        g = solar.run(path)
        if g is None:
            acc.update(path.name.encode())
            continue
        acc.update(_h([path.name, g.state_dict(), g.log, [(str(a), a.label) for a in g.legal_actions()],
                       [str(a) for a in g.actions]]).encode())
    return acc.hexdigest()[:16]


def _solar_families(k: int) -> dict:
    out = {}
    for rooms in SOLAR_ROOMS:
        for players in (1, 2, 3, 4):
            out[f"solar_{rooms}_p{players}"] = _solar_games(rooms, players, 12 // k)
    variants = [
        {"bank_unused_actions": True, "divert_requires_full_repair": False, "extra_repair_cubes": 4},
        {"lose_when_resource_deck_empty": False, "resource_copies": 3, "face_up": 0, "collect_from_deck": 1},
        {"resource_types": ["Data", "Metal", "Nanobots", "Energy"], "room_cubes": 2, "setup_damage_cubes": 3,
         "room_icons": [["Mess Hall", ["Data", "Metal"]]], "room_combos": [["Cargo Hold", ["Data", "Data", "Energy"]]],
         "action_tokens": 1, "protection_tokens": 0, "scavenge_table": [2, 2, 2, 1, 0, 0]},
        {"room_order": ["Mess Hall (V2)", "The Bridge (V1)", "Cargo Hold (V2)"], "first_player": 2,
         "damage_tiers": [[3, 2], [8, 1]], "actions_per_turn": 5, "start_position": 0},
    ]
    acc = hashlib.sha256()
    for i, v in enumerate(variants):
        for players in (1, 3, 4):
            acc.update(_solar_games(SOLAR_ROOMS[i % 3], players, 6 // k, v).encode())
    out["solar_options"] = acc.hexdigest()[:16]
    acc = hashlib.sha256()
    for rooms in SOLAR_ROOMS:
        for players in (1, 2, 3, 4):
            acc.update(_solar_games(rooms, players, 8 // k, {"setup_damage_cubes": 2, "max_turns": 12}, edit=True).encode())
    out["solar_edited"] = acc.hexdigest()[:16]
    out["solar_scenarios"] = _solar_scenarios()
    out["solar_policy"] = _solar_policy(12 // k)
    out["solar_sim"] = _sim("solar_storm", 40 // k)
    out["solar_errors"] = _solar_errors()
    return out


def main() -> None:
    from munchkin_lab.decks import load_preset

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games per family")
    ap.add_argument("--out", help="also write the JSON here")
    ap.add_argument("--solar", action="store_true", help="the Solar Storm families only")
    args = ap.parse_args()
    k = 4 if args.quick else 1
    out = {}
    if args.solar:
        return _write(_solar_families(k), args.out)
    for name in PRESETS:
        deck = load_preset(name)
        out[f"random_{name}"] = _random_games(deck, (200 if name == "base" else 40) // k)
        out[f"sim_{name}"] = _sim(name, (200 if name == "base" else 40) // k)
    base = load_preset("base")
    out["policy_base"] = _policy_games(base, 40 // k)
    out["history_base"] = _random_games(base, 20 // k, history=True)
    out.update(_solar_families(k))
    _write(out, args.out)


def _write(out: dict, path: str | None) -> None:
    text = json.dumps(out, indent=1, sort_keys=True)
    print(text)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
