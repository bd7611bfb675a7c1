"""Command-line commands of this area (registered by ``munchkin_lab.cli``)."""
from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this area's commands to the root ``munchkin-lab`` app."""
