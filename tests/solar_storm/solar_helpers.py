"""Shared helpers for the Solar Storm tests: room cards read from the shipped data file."""
from __future__ import annotations

from pathlib import Path

import yaml

from munchkin_lab.engine.cards import CardSpec

ROOT = Path(__file__).resolve().parents[2]
ROOM_FILE = ROOT / "database" / "sets" / "solar_storm.yaml"
SPEC_FIELDS = {"name", "kind", "deck", "version", "tags", "effects", "manual"}


def load_rooms() -> dict[str, CardSpec]:
    """Room name (with version) -> CardSpec, from database/sets/solar_storm.yaml."""
    data = yaml.safe_load(ROOM_FILE.read_text())
    out = {}
    for cd in data["cards"]:
        d = {k: v for k, v in cd.items() if k in SPEC_FIELDS}
        out[cd["name"]] = CardSpec.make(set="solar_storm", **d)
    return out


ROOMS = load_rooms()


def all16() -> list[CardSpec]:
    return [sp for n, sp in ROOMS.items() if n != "Energy Core"]


def version(v: str) -> list[CardSpec]:
    return [sp for n, sp in ROOMS.items() if n.endswith(f"({v})")]
