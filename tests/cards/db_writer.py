"""A second process for the concurrency tests: saves designer cards (and every few cards a
deck using the card just saved) in a loop, through the lab's own API, and writes what it
saved and every error it got as JSON. The cards go to the designer set ``lab`` (the test
creates it).

    python db_writer.py URL PREFIX COUNT OUT.json [START.flag]

With START.flag, the loop begins once that file exists (so the test can start its rebuilds
while this process is already connected and writing).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main(url: str, prefix: str, count: int, out: Path, start: Path | None) -> None:
    from munchkin_lab.decks import Catalog, Deck
    from munchkin_lab.widgets.designer import save_designer_card

    cards, decks, errors = [], [], []
    Catalog.from_database(url)  # connected before the loop starts
    if start is not None:
        out.with_suffix(".ready").write_text("ready")
        while not start.exists():
            time.sleep(0.01)
    for i in range(count):
        name = f"{prefix} {i}"
        try:
            save_designer_card({"name": name, "kind": "monster", "deck": "door", "level": i % 20,
                                "treasures": 1, "tags": ["Undead"], "summary": "made by the writer"},
                               "lab", url=url)
            cards.append(name)
        except Exception as exc:  # noqa: BLE001 - every failure is reported to the test
            errors.append(f"card {name}: {type(exc).__name__}: {exc}")
            continue
        if i % 4 == 0:
            try:
                deck = Deck(f"{prefix} deck {i}", catalog=Catalog.from_database(url), url=url)
                deck.add(f"lab:{name}", 2)
                deck.add("Potion")
                deck.save()
                decks.append(deck.name)
            except Exception as exc:  # noqa: BLE001
                errors.append(f"deck {i}: {type(exc).__name__}: {exc}")
    out.write_text(json.dumps({"cards": cards, "decks": decks, "errors": errors}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]),
         Path(sys.argv[5]) if len(sys.argv) > 5 else None)
