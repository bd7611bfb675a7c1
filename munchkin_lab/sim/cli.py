"""Command-line commands of this area (registered by ``munchkin_lab.cli``):

``munchkin-lab simulate DECK --games 10000 --players 4 --workers 2 --seed 1 --out results.parquet
[--bots greedy,random,...] [--scheduler tcp://...] [--turn-cap 300] [--no-progress]``
    plays the games and prints the win rate by seat, game length and death rate; ``--out``
    writes the per-game table (Parquet) plus ``<stem>.cards/.seats/.summary/.levels.parquet``.
``munchkin-lab compare DECK_A DECK_B --games N ...``
    simulates both (same seed and bots unless ``--bots-a``/``--bots-b``) and prints the
    differences with 95% intervals and a verdict.

DECK is a preset name (``base``), a deck file path or the name of a deck saved in the
database. Errors are printed as ``Error: ...`` on stderr with exit code 1.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Optional

import typer


def _errors(fn):
    """Print bad-input errors cleanly and exit 1 (no traceback)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (ValueError, OSError) as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None

    return wrapper


def _print_result(r) -> None:
    typer.echo(f"{r.config['deck']}: {r.n_games} games, {r.config['players']} players, "
               f"bots {','.join(r.config['bots'])}, seed {r.config['seed']}"
               + (" (interrupted)" if r.interrupted else ""))
    typer.echo("seat  bot      win rate   95% CI")
    for s in r.seats.itertuples():
        typer.echo(f"P{s.seat + 1:<4} {s.bot:<8} {s.win_rate:7.1%}   {s.ci_low:.1%} - {s.ci_high:.1%}")
    m = dict(zip(r.summary["metric"], r.summary["value"]))
    typer.echo(f"game length: mean {m['turns_mean']:.1f} turns, median {m['turns_median']:.0f}, "
               f"10-90% {m['turns_p10']:.0f}-{m['turns_p90']:.0f}; deaths per game {m['deaths_per_game']:.2f}; "
               f"turn cap reached {m['turn_cap_rate']:.1%}")
    if m.get("error_games", 0):
        typer.echo(f"warning: {int(m['error_games'])} game(s) ended with an engine/bot error "
                   f"(see the 'error' column)", err=True)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``compare`` to the root ``munchkin-lab`` app."""

    @app.command("simulate")
    @_errors
    def simulate_cmd(
        deck: str = typer.Argument(..., help="Preset name, deck file path or saved deck name."),
        games: int = typer.Option(1000, "--games", "-n", help="Number of games (>= 1)."),
        players: int = typer.Option(4, "--players", "-p", help="Players (2-6)."),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", help="Local worker processes (default: every core; 1 = this process)."),
        seed: int = typer.Option(0, "--seed", help="Run seed (a seed per game is derived from it)."),
        bots: str = typer.Option("greedy", "--bots", "-b", help="Bot per seat, comma-separated (cycled): greedy, random."),
        scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Existing Dask scheduler, tcp://host:port."),
        connect_timeout: float = typer.Option(5.0, "--connect-timeout", help="Seconds to wait for --scheduler."),
        turn_cap: int = typer.Option(300, "--turn-cap", help="A game still running after this many turns ends without a winner."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the per-game table here (Parquet) and the other tables next to it."),
        progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
        url: Optional[str] = typer.Option(None, "--url", help="Database URL for deck names."),
    ) -> None:
        """Simulate many games of a deck with bots; print win rates by seat and game length."""
        from .simulate import simulate

        r = simulate(deck, players=players, games=games, bots=bots, seed=seed, workers=workers,
                     scheduler=scheduler, turn_cap=turn_cap, progress=progress, url=url,
                     connect_timeout=connect_timeout)
        _print_result(r)
        if out is not None:
            paths = r.save(out)
            typer.echo(f"wrote {', '.join(str(p) for p in paths)}")

    @app.command("compare")
    @_errors
    def compare_cmd(
        deck_a: str = typer.Argument(..., help="Deck A (baseline): preset, file or saved deck."),
        deck_b: str = typer.Argument(..., help="Deck B (variant)."),
        games: int = typer.Option(1000, "--games", "-n", help="Games per deck (>= 1)."),
        players: int = typer.Option(4, "--players", "-p"),
        workers: Optional[int] = typer.Option(None, "--workers", "-w"),
        seed: int = typer.Option(0, "--seed"),
        bots: str = typer.Option("greedy", "--bots", "-b", help="Bots for both runs."),
        bots_a: Optional[str] = typer.Option(None, "--bots-a", help="Bots of run A (line-up comparison)."),
        bots_b: Optional[str] = typer.Option(None, "--bots-b", help="Bots of run B."),
        scheduler: Optional[str] = typer.Option(None, "--scheduler"),
        connect_timeout: float = typer.Option(5.0, "--connect-timeout"),
        turn_cap: int = typer.Option(300, "--turn-cap"),
        progress: bool = typer.Option(True, "--progress/--no-progress"),
        plots: Optional[Path] = typer.Option(None, "--plots", help="Folder to write the three plots (PNG) to."),
        url: Optional[str] = typer.Option(None, "--url"),
    ) -> None:
        """Simulate two decks (or two bot line-ups) and print the differences and a verdict."""
        from .compare import compare

        cmp = compare(deck_a, deck_b, players=players, games=games, bots=bots, bots_a=bots_a,
                      bots_b=bots_b, seed=seed, workers=workers, scheduler=scheduler,
                      turn_cap=turn_cap, progress=progress, url=url, connect_timeout=connect_timeout)
        typer.echo(f"A = {cmp.label_a}, {cmp.a.n_games} games; B = {cmp.label_b}, {cmp.b.n_games} games")
        typer.echo("seat  win A    win B    B-A (95% CI)")
        for s in cmp.seats.itertuples():
            typer.echo(f"P{s.seat + 1:<4} {s.win_rate_a:6.1%}   {s.win_rate_b:6.1%}   "
                       f"{s.diff * 100:+.1f} ({s.ci_low * 100:+.1f} to {s.ci_high * 100:+.1f}) points"
                       + (" *" if s.significant else ""))
        L = cmp.length.iloc[0]
        typer.echo(f"length: {L.turns_mean_a:.1f} vs {L.turns_mean_b:.1f} turns, "
                   f"{L['diff']:+.1f} ({L.ci_low:+.1f} to {L.ci_high:+.1f})")
        typer.echo(cmp.verdict)
        if plots is not None:
            plots.mkdir(parents=True, exist_ok=True)
            for name, fig in (("win_rates", cmp.plot_win_rates()), ("lengths", cmp.plot_lengths()),
                              ("levels", cmp.plot_levels())):
                fig.savefig(plots / f"{name}.png", dpi=100)
            typer.echo(f"wrote plots to {plots}")
