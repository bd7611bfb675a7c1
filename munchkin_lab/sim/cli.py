"""Command-line commands of this area (registered by ``munchkin_lab.cli``):

``munchkin-lab simulate DECK --games 10000 --players 4 --workers 2 --seed 1 --out results.parquet
[--bots greedy,random,...] [--scheduler tcp://...] [--turn-cap 300] [--dashboard] [--no-progress]``
    plays the games and prints the win rate by seat, game length and death rate; ``--out``
    streams the result into one file as the games finish (``.parquet``: every table;
    ``.json``: every table; ``.csv``: the per-game table only), renamed into place at the end:
    the previous file survives a kill or a full disk; an existing file is refused before any
    game unless ``--force``. Memory stays flat in ``--games`` (the
    per-game table is never held in memory here).
``munchkin-lab compare DECK_A DECK_B --games N ...``
    simulates both (same seed and bots unless ``--bots-a``/``--bots-b``) and prints the
    differences with 95% intervals and a verdict.

DECK is a preset name (``base``), a deck file path or the name of a deck saved in the
database. Exit status: 0 done; 1 bad input (``Error: ...`` on stderr: unknown deck, missing
output folder, an existing ``--out`` file without ``--force``, unreachable scheduler, disk full); 2 usage (click's message: unknown option,
value out of range, unknown bot, unknown ``--out`` suffix); 130 interrupted (Ctrl-C: one
line on stderr saying what was kept; ``simulate --out`` saves the games finished).
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Optional

import typer

from ..decks.checks import DEFAULT_PLAYERS, PLAYERS_HELP
from ..engine.rng import SEED_RANGE
from ..plural import plural


#: Upper ends of the number options: an out-of-range value is a usage error (exit 2) naming the
#: range. Games: what the per-game table can number; workers: local processes; turn cap: as
#: ``play --turn-cap``.
MAX_GAMES = 2**63 - 1
MAX_WORKERS = 512
MAX_TURN_CAP = 100_000
#: Largest ``--seed``: the engine's seed range (``engine.rng.SEED_RANGE``), the one of ``play`` and
#: ``Board`` too, so a seed typed for one command is taken by every other.
MAX_SEED = SEED_RANGE[1]


def _interrupted(message: str) -> typer.Exit:
    from ..cli import exit_interrupted

    return exit_interrupted(message)


def _errors(fn):
    """Print bad-input errors cleanly and exit 1; Ctrl-C outside a run: one line, exit 130."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except BrokenPipeError:
            raise  # a closed output pipe (`simulate ... | head -1`): the root app ends quietly
        except (ValueError, OSError) as exc:
            typer.echo(f"Error: {exc}", err=True)
            # a bad option found late (--players for the deck's game, an --out file's suffix): exit 2
            raise typer.Exit(2 if getattr(exc, "usage", False) is True else 1) from None
        except KeyboardInterrupt:
            from .. import saved
            from ..cli import file_kept

            if saved.so_far():  # the run finished and its --out file was written (printing the result)
                raise _interrupted(saved.interrupted_line(saved.so_far())) from None
            out = kwargs.get("out") or kwargs.get("plots")  # simulate's result file, compare's plots
            raise _interrupted("Interrupted before any game finished; nothing written"
                               + (f"; {file_kept(out)}." if out is not None else ".")) from None

    return wrapper


def _check_bots(value: str) -> str:
    from .bots import BOT_NAMES, make_bot

    names = [b.strip() for b in value.split(",") if b.strip()]
    if not names:
        raise typer.BadParameter(f"give at least one bot name ({', '.join(BOT_NAMES)})")
    for b in names:
        try:
            make_bot(b, 0)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    return value


def _check_bots_opt(value: Optional[str]) -> Optional[str]:
    return None if value is None else _check_bots(value)


def _check_out(value: Optional[Path]) -> Optional[Path]:
    if value is None:
        return None
    from .results import result_format

    try:
        result_format(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def _rates(r) -> str:
    return ", ".join(f"P{s.seat + 1} {s.win_rate:.1%}" for s in r.seats.itertuples())


def _print_result(r, deck: str = "", url: Optional[str] = None) -> None:
    from .provenance import version_tag

    typer.echo(f"{r.config['deck']} [{version_tag(r.config)}]: {r.n_games} games, {plural(r.config['players'], 'player')}, "
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
        _print_errors(r, int(m["error_games"]), deck, url)


def _check_warnings(deck: str, url: Optional[str], label: str = "", hand: bool = True) -> list[str]:
    """The warning lines (stderr) of ``deck``'s check that bear on a run's numbers, from one
    :meth:`Deck.check`: the monsters whose Level is unknown (null), played at Level 0
    (``unknown-level``), and printed cards changed in the database since the last build,
    played as changed (``printed-edited``); then the cards resolved by hand
    (:func:`hand_resolved`), which the bots play as doing nothing (with ``hand``; else only
    returned, for ``compare`` to warn once about both decks); nothing when there are none or
    the deck cannot be read again (a custom card list). Returns those cards' names."""
    try:
        from ..decks.presets import find_deck

        # (the check leaves out the Sparkly Good Fairy when the deck sets her Level)
        found_deck = find_deck(deck, url=url)
        problems = found_deck.check()
    except Exception:  # noqa: BLE001 - advice only: the run has its result
        return []
    found = [p.card for p in problems if p.rule == "unknown-level"]
    if found:
        shown = ", ".join(found[:6]) + (" ..." if len(found) > 6 else "")
        typer.echo(f"warning: {label}{plural(len(found), 'monster')} of unknown Level ({shown}) played at Level 0, "
                   "so the numbers with them are not the printed game's (deck check: unknown-level)", err=True)
    for p in problems:
        if p.rule == "printed-edited":
            typer.echo(f"warning: {label}{p.message}", err=True)
    manual = hand_resolved(found_deck)
    if hand:
        _hand_warning(manual)
    return manual


def _hand_warning(manual: list[str]) -> None:
    """One warning line (stderr) naming the cards resolved by hand (:func:`hand_resolved`)
    that a run played; nothing when there are none."""
    if manual:
        shown = ", ".join(manual[:8]) + (" ..." if len(manual) > 8 else "")
        typer.echo(f"warning: {plural(len(manual), 'card')} resolved by hand ({shown}): the bots play "
                   "them as doing nothing (no Levels, no discards), so the numbers with them are not the "
                   "printed game's (db check lists why)", err=True)


def hand_resolved(deck) -> list[str]:
    """The names of the cards of ``deck`` (a :class:`~munchkin_lab.decks.model.Deck`) resolved
    by hand on the board, as ``db check`` lists them
    (:func:`munchkin_lab.cards.designer.by_hand_why`), each once, in the deck's order. A bot
    resolves such a card as doing nothing (the engine's ``resolve`` action with no Level
    change and no discard): the simulation does not know what it does."""
    from ..cards.designer import by_hand_why

    out: list[str] = []
    for spec, _copies in deck.specs():
        if spec.name not in out and by_hand_why(spec.effects, spec.kind, spec.manual, spec.gold):
            out.append(spec.name)
    return out


def _print_errors(r, n: int, deck: str, url: Optional[str]) -> None:
    """The warning of a run with ``n`` errored games: the first of them with their error text,
    and the line that replays one with its traceback (``replay_game``, the sim README)."""
    c = r.config
    typer.echo(f"warning: {plural(n, 'game')} ended with an engine/bot error (the 'error' column of --out); "
               f"first:", err=True)
    for game, error in r.stats().error_examples:
        typer.echo(f"  game {game}: {error}", err=True)
    typer.echo(f"  replay GAME with its traceback: python -c \"from munchkin_lab.sim import replay_game; "
               f"replay_game({deck!r}, GAME, players={c['players']}, bots={','.join(c['bots'])!r}, "
               f"seed={c['seed']}, turn_cap={c['turn_cap']}{f', url={url!r}' if url else ''})\" "
               f"(munchkin_lab/sim/README.md, Errors)", err=True)


def _what_was_kept(r, out: Optional[Path]) -> str:
    asked = r.config["games"]
    if r.n_games == 0:
        return f"Interrupted: no game of {asked:,} finished; nothing written" + (
            f" ({out} kept as it was)." if out is not None and out.exists() else
            f" ({out} was not created)." if out is not None else ".")
    where = (f"saved to {r.path} (marked interrupted)" if r.path is not None
             else "not saved (no --out)")
    if r.path is not None and out is not None and Path(r.path) != Path(out):
        where += f"; the earlier result in {out} is kept as it was"
    return (f"Interrupted: {r.n_games:,} of {asked:,} games finished, {where}; "
            f"win rate by seat {_rates(r)}.")


#: the files ``compare --plots`` writes, in its folder
PLOT_NAMES = ("win_rates", "lengths", "levels", "cards")


def _plots_folder(plots: Path, force: bool = False) -> Path:
    """The --plots folder, checked before any game: created when missing, but its parent
    must exist (never created); plots already in it (``win_rates.png`` ...) are replaced only
    with ``--force`` (a designer's earlier plots are not lost by a second run).

    Raises:
        ValueError: the parent folder is missing, the path is a file, or a plot file exists
            and ``force`` is False.
    """
    if plots.exists() and not plots.is_dir():
        raise ValueError(f"--plots {str(plots)!r}: it is a file, not a folder")
    parent = plots.parent if str(plots.parent) else Path(".")
    if not plots.exists() and not parent.is_dir():
        raise ValueError(f"--plots {str(plots)!r}: folder {str(parent)!r} does not exist (it is not created)")
    if not force and plots.is_dir():
        there = [f"{n}.png" for n in PLOT_NAMES if (plots / f"{n}.png").exists()]
        if there:
            raise ValueError(f"--plots {str(plots)!r}: {', '.join(there)} already "
                             f"{'exists' if len(there) == 1 else 'exist'} (use --force to overwrite)")
    return plots


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``compare`` to the root ``munchkin-lab`` app."""

    @app.command("simulate")
    @_errors
    def simulate_cmd(
        deck: str = typer.Argument(..., help="Preset name, deck file path or saved deck name."),
        games: int = typer.Option(1000, "--games", "-n", min=1, max=MAX_GAMES, help="Number of games (1..2**63-1)."),
        players: int = typer.Option(DEFAULT_PLAYERS, "--players", "-p", help="Players: " + PLAYERS_HELP + "."),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, max=MAX_WORKERS, help=f"Local worker processes, 1..{MAX_WORKERS} (default: every core; 1 = this process)."),
        seed: int = typer.Option(0, "--seed", min=0, max=MAX_SEED, help="Run seed, 0..2**64-1 (a seed per game is derived from it)."),
        bots: str = typer.Option("greedy", "--bots", "-b", callback=_check_bots, help="Bot per seat, comma-separated (cycled): greedy, random."),
        scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Existing Dask scheduler, tcp://host:port. Dask has no authentication: use only a cluster you trust."),
        connect_timeout: float = typer.Option(5.0, "--connect-timeout", min=0.1, help="Seconds to wait for --scheduler."),
        turn_cap: int = typer.Option(300, "--turn-cap", "--max-turns", min=1, max=MAX_TURN_CAP, help=f"A game still running after this many turns (1..{MAX_TURN_CAP}) ends without a winner (--max-turns: the same option, as in play)."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", callback=_check_out, help="Write the result to this file as the games finish: .parquet (every table), .json (every table) or .csv (per-game table only). The folder must exist."),
        force: bool = typer.Option(False, "--force", help="Overwrite an existing --out file."),
        dashboard: bool = typer.Option(False, "--dashboard", help="Serve the Dask dashboard on 127.0.0.1 (local cluster; off by default)."),
        progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar."),
        url: Optional[str] = typer.Option(None, "--url", help="Database URL for deck names."),
    ) -> None:
        """Simulate many games of a deck with bots; print win rates by seat and game length.
        An existing --out file is refused unless --force."""
        from .simulate import simulate

        if out is not None:
            from ..fileio import check_new_file

            check_new_file(out, force=force)

        r = simulate(deck, players=players, games=games, bots=bots, seed=seed, workers=workers,
                     scheduler=scheduler, turn_cap=turn_cap, progress=progress, url=url,
                     connect_timeout=connect_timeout, out=out, keep_games=False, dashboard=dashboard,
                     overwrite=force)
        if r.interrupted and r.n_games < games:
            raise _interrupted(_what_was_kept(r, out))
        _print_result(r, deck, url)
        _check_warnings(deck, url)
        if r.path is not None:
            what = ("the per-game table only; .parquet or .json keep every table" if r.path.suffix.lower() == ".csv"
                    else "per-game, card, seat, summary and Level tables")
            from ..fileio import appeared_note

            typer.echo(f"wrote {r.path} ({what})"
                       + (appeared_note(out) if out is not None and Path(r.path) != Path(out) else ""))

    def _saved_result(arg: str, url: Optional[str]):
        """The saved simulation result ``arg`` names (an existing ``.parquet`` / ``.json`` file,
        :meth:`SimResult.load`), or None (a deck: preset, deck file or saved deck name). A
        ``.csv`` result is refused: it holds the per-game table only."""
        from .results import RESULT_FORMATS, SimResult

        path = Path(arg).expanduser()
        suffix = path.suffix.lower()
        if suffix not in RESULT_FORMATS:
            return None
        if not path.is_file():
            raise ValueError(f"{arg}: no such file (a saved result; a deck is a preset, a deck file or a saved "
                             "deck's name)")
        if RESULT_FORMATS[suffix] == "csv":
            raise ValueError(f"{arg}: a .csv result holds the per-game table only, so compare cannot read it; "
                             "compare takes decks or results saved as .parquet or .json "
                             "(`munchkin-lab simulate DECK --out run.parquet`)")
        import warnings

        from .provenance import DeckChangedWarning

        with warnings.catch_warnings():  # compare says it once, as a note line of its own
            warnings.simplefilter("ignore", DeckChangedWarning)
            return SimResult.load(path, url=url)

    def _print_cards(cmp, top: int) -> None:
        """The per-card comparison (``Comparison.card_table``): the cards in one run only or
        edited between the runs, then the ``top`` cards compared, in ``card_impact``'s
        ranking, with what ``*`` means."""
        if not top or cmp.cards is None:
            return
        from .compare import text_table

        tables = cmp.card_table(top=top)
        one, comp = tables["one_run"], tables["compared"]
        from .compare import _by_design

        n_one = int(_by_design(cmp.cards).sum())
        if len(one):
            typer.echo(f"cards in one run only, edited or in other copies ({n_one}; played = times played; held = player-games "
                       "holding the card at the end; kill rate = killed / (killed + fled), monsters):")
            typer.echo(text_table(one, left=("card", "runs")))
            if n_one > len(one):
                typer.echo(f"... {n_one - len(one)} more (--cards N shows more)")
        if not len(comp):
            typer.echo("cards: no card compared in both runs")
            return
        m = int(cmp.cards.attrs.get("tests") or 0)
        typer.echo("cards in both runs (played = times played, A / B; win share = share of wins when held; B-A in points):")
        typer.echo(text_table(comp))
        # the cards marked * in the two tables above (a significant card of one run or edited
        # is marked in the first); any beyond the rows shown are counted apart
        sig = sum(int((tb["*"] == "*").sum()) for tb in (one, comp))
        hidden = int(cmp.cards["significant"].sum()) - sig
        typer.echo(f"ranked: * first, then by p-value (the strength of the evidence, not the size of the change). "
                   f"* significant: the change holds at 95% confidence corrected for the {m} differences "
                   f"compared (Bonferroni: each at {100 * 0.05 / max(m, 1):.2g}%); "
                   + ("no card's change is significant: the rows above are within chance."
                      if not sig and hidden <= 0 else "no card shown is marked *." if not sig else f"{plural(sig, 'card')} marked * above; a 95% CI that misses 0 without * can "
                                      "be chance.")
                   + (f" ({plural(hidden, 'more significant card')} beyond the rows shown: --cards N shows more.)"
                      if hidden > 0 else ""))

    @app.command("compare")
    @_errors
    def compare_cmd(
        deck_a: str = typer.Argument(..., metavar="DECK_A", help="Deck A (baseline): preset, file or saved deck, "
                                     "or a saved result (simulate --out: .parquet or .json)."),
        deck_b: str = typer.Argument(..., metavar="DECK_B", help="Deck B (variant): as DECK_A."),
        games: Optional[int] = typer.Option(None, "--games", "-n", min=1, max=MAX_GAMES, help="Games per deck (1..2**63-1; default 1000, or a saved result's)."),
        players: Optional[int] = typer.Option(None, "--players", "-p", help="Players: " + PLAYERS_HELP + " (default: a saved result's, else " + str(DEFAULT_PLAYERS) + ")."),
        workers: Optional[int] = typer.Option(None, "--workers", "-w", min=1, max=MAX_WORKERS),
        seed: Optional[int] = typer.Option(None, "--seed", min=0, max=MAX_SEED, help="Run seed, 0..2**64-1 (default 0, or a saved result's)."),
        bots: Optional[str] = typer.Option(None, "--bots", "-b", callback=_check_bots_opt, help="Bots for both runs (default greedy, or a saved result's)."),
        bots_a: Optional[str] = typer.Option(None, "--bots-a", callback=_check_bots_opt, help="Bots of run A (line-up comparison)."),
        bots_b: Optional[str] = typer.Option(None, "--bots-b", callback=_check_bots_opt, help="Bots of run B."),
        scheduler: Optional[str] = typer.Option(None, "--scheduler", help="Existing Dask scheduler (a cluster you trust)."),
        connect_timeout: float = typer.Option(5.0, "--connect-timeout", min=0.1),
        turn_cap: int = typer.Option(300, "--turn-cap", "--max-turns", min=1, max=MAX_TURN_CAP, help=f"A game still running after this many turns (1..{MAX_TURN_CAP}) ends without a winner (default 300, or a saved result's; --max-turns: the same option, as in play)."),
        dashboard: bool = typer.Option(False, "--dashboard", help="Serve the Dask dashboard on 127.0.0.1."),
        progress: bool = typer.Option(True, "--progress/--no-progress"),
        plots: Optional[Path] = typer.Option(None, "--plots", help="Folder to write the four plots (PNG: win rates, lengths, levels, cards) to (created if missing; its parent must exist)."),
        cards: int = typer.Option(10, "--cards", min=0, max=1000, help="Cards compared in both runs to list, ranked by the evidence of a change (0: none); cards of one run only are listed first."),
        force: bool = typer.Option(False, "--force", help="Overwrite plots already in the --plots folder."),
        url: Optional[str] = typer.Option(None, "--url"),
    ) -> None:
        """Simulate two decks (or two bot line-ups) and print the differences and a verdict.
        A saved result (simulate --out) is compared as it is; a deck against it is played
        with the result's players, games, seed, bots and turn cap unless given here.
        Plots already in the --plots folder are refused before any game unless --force."""
        from .compare import RunInterrupted, compare, players_problem

        run_a, run_b = _saved_result(deck_a, url), _saved_result(deck_b, url)
        saved = run_a or run_b
        c = saved.config if saved is not None else {}
        problem = players_problem(saved, players, "--players") if saved is not None and players is not None else None
        if problem:  # a seat-by-seat comparison needs the saved run's table size (compare's own rule and words)
            raise typer.BadParameter(problem, param_hint="'--players'")
        players = players if players is not None else int(c.get("players", DEFAULT_PLAYERS))
        games = games if games is not None else int(c.get("games", 1000))
        seed = seed if seed is not None else int(c.get("seed", 0))
        bots = bots if bots is not None else (",".join(c["bots"]) if c.get("bots") else "greedy")
        if saved is not None and "turn_cap" in c and turn_cap == 300:
            turn_cap = int(c["turn_cap"])
        if plots is not None:
            plots = _plots_folder(plots, force)
        try:
            cmp = compare(run_a or deck_a, run_b or deck_b, players=players, games=games, bots=bots, bots_a=bots_a,
                          bots_b=bots_b, seed=seed, workers=workers, scheduler=scheduler,
                          turn_cap=turn_cap, progress=progress, url=url, connect_timeout=connect_timeout,
                          keep_games=False, dashboard=dashboard)
        except RunInterrupted as exc:
            raise _interrupted(f"Interrupted: run A ({exc.result.config['deck']}) stopped after "
                               f"{exc.result.n_games:,} of {games:,} games; run B not started, "
                               "nothing compared.") from None
        if run_b is None and cmp.b.interrupted and cmp.b.n_games < games:  # (B played now: Ctrl-C; a saved
            # partial result is compared as far as it went, with a note: compare.partial_notes)
            raise _interrupted(f"Interrupted: run A finished {cmp.a.n_games:,} games, run B stopped after "
                               f"{cmp.b.n_games:,} of {games:,}; nothing compared.")
        typer.echo(f"A = {cmp.label_a}, {cmp.a.n_games} games; B = {cmp.label_b}, {cmp.b.n_games} games")
        from .compare import settings_notes

        first = settings_notes(cmp.a, cmp.b)  # settings that differ: at the top, before any number
        for note in first:
            typer.echo(f"note: {note}")
        typer.echo("seat  win A    win B    B-A (95% CI)")
        for s in cmp.seats.itertuples():
            typer.echo(f"P{s.seat + 1:<4} {s.win_rate_a:6.1%}   {s.win_rate_b:6.1%}   "
                       f"{s.diff * 100:+.1f} ({s.ci_low * 100:+.1f} to {s.ci_high * 100:+.1f}) points"
                       + (" *" if s.significant else ""))
        L = cmp.length.iloc[0]
        typer.echo(f"length: {L.turns_mean_a:.1f} vs {L.turns_mean_b:.1f} turns, "
                   f"{L['diff']:+.1f} ({L.ci_low:+.1f} to {L.ci_high:+.1f})")
        o = cmp.other.set_index("metric")
        cap, won = o.loc["turn_cap_rate"], o.loc["decided_rate"]
        typer.echo(f"turn cap reached: {cap.a:.1%} vs {cap.b:.1%}, {cap['diff'] * 100:+.1f} "
                   f"({cap.ci_low * 100:+.1f} to {cap.ci_high * 100:+.1f}) points; games with a winner "
                   f"{won.a:.1%} vs {won.b:.1%} (the seats' win rates add up to these)")
        typer.echo(cmp.verdict)
        for note in cmp.notes or ():
            if note not in first:
                typer.echo(f"note: {note}")
        manual: list[str] = []  # the cards resolved by hand in either deck: one warning
        for side, d, run in (("A", deck_a, run_a), ("B", deck_b, run_b)):
            if run is None:
                manual += [n for n in _check_warnings(d, url, label=f"deck {side}: ", hand=False) if n not in manual]
        _hand_warning(manual)
        _print_cards(cmp, top=cards)
        if plots is not None:
            from ..fileio import atomic_path

            plots.mkdir(exist_ok=True)
            shown = cards or 15  # cards.png: the cards listed above, in the same order
            for name, fig in zip(PLOT_NAMES, (cmp.plot_win_rates(), cmp.plot_lengths(), cmp.plot_levels(),
                                              cmp.plot_cards(top=shown, min_held=1))):
                # without --force a plot file that appeared during the runs is kept (checked free at the start)
                with atomic_path(plots / f"{name}.png", exclusive=not force) as tmp:
                    fig.savefig(tmp, dpi=100, format="png")
            typer.echo(f"wrote plots to {plots}")
