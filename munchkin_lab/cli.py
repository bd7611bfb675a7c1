"""The ``munchkin-lab`` command line (typer).

Each area registers its own commands so that no module owns another's:
``cards.cli`` (``db``, ``cards``), ``play_cli`` (``play``, ``scenario``), ``decks.cli`` (``deck``),
``sim.cli`` (``simulate``, ``compare``), ``widgets.cli`` (``lab``, ``app``), ``printing.cli`` (``print``).
"""
from __future__ import annotations

import typer

from .cards import cli as _cards_cli
from . import play_cli as _play_cli
from .decks import cli as _decks_cli
from .printing import cli as _printing_cli
from .sim import cli as _sim_cli
from .widgets import cli as _widgets_cli

app = typer.Typer(
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
