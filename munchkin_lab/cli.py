"""The ``munchkin-lab`` command line (typer).

Each area registers its own commands so that no module owns another's:
``cards.cli`` (``db``, ``cards``), ``play_cli`` (``play``, ``scenario``), ``decks.cli`` (``deck``),
``sim.cli`` (``simulate``, ``compare``), ``widgets.cli`` (``lab``, ``app``), ``printing.cli`` (``print``).
"""
from __future__ import annotations

import os
import sys

import typer

from .cards import cli as _cards_cli
from . import play_cli as _play_cli
from .decks import cli as _decks_cli
from .printing import cli as _printing_cli
from .sim import cli as _sim_cli
from .widgets import cli as _widgets_cli

#: Exit statuses of the commands: bad input (a file, deck or value the command cannot use) 1,
#: usage errors (unknown option, missing argument, value out of range: click's own) 2,
#: interrupted by Ctrl-C 130 (128 + SIGINT, as shells report it).
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def exit_interrupted(message: str) -> typer.Exit:
    """Print ``message`` (one line saying what was kept) on stderr and return the
    ``typer.Exit(130)`` to raise: ``raise exit_interrupted("Interrupted: ...") from None``.
    Command modules import it inside their functions (this module imports them first)."""
    typer.echo(message, err=True)
    return typer.Exit(EXIT_INTERRUPTED)


def _stdout_closed_quietly() -> None:
    """The reader of our output went away (``munchkin-lab cards | head``): send what is
    left to /dev/null and exit 0 without a message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
    except (OSError, AttributeError, ValueError):  # pragma: no cover - no real stdout
        pass
    sys.exit(0)


class _App(typer.Typer):
    """The root app; a closed output pipe is a quiet exit 0 for every command (click turns
    it into exit code 1 with no message)."""

    def __call__(self, *args, **kwargs):
        try:
            super().__call__(*args, **kwargs)
        except BrokenPipeError:
            _stdout_closed_quietly()
        except SystemExit as e:
            # click (typer vendors its own copy) saw EPIPE: it wrapped stdout and exits 1
            if type(sys.stdout).__name__ == "PacifyFlushWrapper":
                _stdout_closed_quietly()
            try:
                sys.stdout.flush()
            except BrokenPipeError:
                _stdout_closed_quietly()
            raise e


app = _App(
    help="munchkin-lab: card database, rules engine, mixed decks and simulation for Munchkin-style games.",
    no_args_is_help=True,
    add_completion=False,
)

for _module in (_cards_cli, _play_cli, _decks_cli, _sim_cli, _widgets_cli, _printing_cli):
    _module.register(app)


def main() -> None:  # pragma: no cover - console entry point
    """Run the command line."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
