"""Command-line commands of the engine area (registered by ``munchkin_lab.cli``):

``munchkin-lab play --seed 7 --players 4 [--sets munchkin] [--max-turns N] [--random]``
    plays a whole game with the base deck from the card database (built first if missing),
    seats driven by the greedy default policy; prints the turn log and the winner.
``munchkin-lab scenario run FILE...``
    runs scenario files (``munchkin_lab/scenarios/README.md``); one PASS/FAIL line each;
    exit code 1 on any failure.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import List, Optional

import typer


def _load_deck(sets: list[str]):
    from .cards import api
    try:
        return api.load_specs(sets=sets)
    except Exception:  # noqa: BLE001 - no database yet
        from .cards.build import build
        build()
        return api.load_specs(sets=sets)


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``scenario run`` to the root ``munchkin-lab`` app."""

    @app.command("play")
    def play(seed: int = typer.Option(7, help="RNG seed"),
             players: int = typer.Option(4, help="number of players (2-6)"),
             sets: Optional[List[str]] = typer.Option(None, "--sets", help="set codes (default munchkin)"),
             max_turns: int = typer.Option(1000, help="stop after this many turns"),
             random_play: bool = typer.Option(False, "--random", help="random legal actions instead of the greedy policy"),
             faster_play: bool = typer.Option(False, help="Faster Play option (phase 0)"),
             shared_victory: bool = typer.Option(False, help="Shared Victory option"),
             quiet: bool = typer.Option(False, help="print only the result")) -> None:
        """Play a whole game with the default policy and print the log and the winner."""
        from .engine import Game, GameOptions
        from .engine.policy import greedy_policy, random_policy
        deck = _load_deck(list(sets) if sets else ["munchkin"])
        if not deck:
            typer.echo("no cards found for the chosen sets", err=True)
            raise typer.Exit(2)
        opts = GameOptions(faster_play=faster_play, shared_victory=shared_victory, max_turns=max_turns)
        g = Game.new(players=players, deck=deck, seed=seed, options=opts)
        rnd = random.Random(seed)
        steps = 0
        while g.outcome() is None:
            a = random_policy(g, rnd) if random_play else greedy_policy(g, rnd)
            g.play(a)
            steps += 1
        if not quiet:
            for line in g.log:
                typer.echo(line)
        out = g.outcome()
        levels = ", ".join(f"{p.name} L{p.level}" for p in g.state.players)
        if out.winners:
            typer.echo(f"Winner: {' and '.join(out.names)} after {g.state.turn} turns, {steps} actions ({levels}).")
        else:
            typer.echo(f"No winner ({out.reason}) after {g.state.turn} turns ({levels}).")

    scenario_app = typer.Typer(help="Scenario files: positions, steps and expectations.", no_args_is_help=True)

    @scenario_app.command("run")
    def run(files: List[Path] = typer.Argument(..., help="scenario YAML files or folders")) -> None:
        """Run scenario files; print PASS/FAIL per scenario; exit 1 on any failure."""
        from .scenarios.runner import database_resolver, run_file
        resolver = database_resolver()
        paths: list[Path] = []
        for f in files:
            paths.extend(sorted(f.glob("**/*.yaml")) if f.is_dir() else [f])
        failed = 0
        for path in paths:
            r = run_file(path, resolver)
            typer.echo(r.line())
            failed += not r.ok
        typer.echo(f"{len(paths) - failed} passed, {failed} failed")
        if failed or not paths:
            raise typer.Exit(1)

    app.add_typer(scenario_app, name="scenario")
