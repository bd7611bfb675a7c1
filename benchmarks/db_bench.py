"""Card database benchmark; prints JSON.

* ``build_real_s``: seconds to validate and build the real database (``database/``) into a
  fresh SQLite file (median of ``--repeat`` runs).
* ``search_*``: median milliseconds of ``kind:monster tag:undead level>=10`` on a synthetic
  SQLite database of ``--cards`` cards (default 100,000): ``search_ids_ms`` = compiled query
  only (ids), ``search_frame_ms`` = ``munchkin_lab.cards(query)`` end to end (DataFrame with
  tags, aliases and search hints, built in bulk), ``search_frame_min_ms`` its fastest run (the
  machine is shared: the minimum shows the cost without other load),
  ``search_frame_rowwise_ms`` = the same frame built row by row through dicts (the previous
  way, ``api._frame(api._rows(...))``) for comparison. Goal: ``search_frame_ms`` < 20 ms.
* ``hint_no_match_ms``: a misspelt name that matches nothing (``"Trol Bonez"``): the search
  plus its "did you mean" hint over every name of the synthetic database.

Usage: ``.venv/bin/python benchmarks/db_bench.py [--cards 100000] [--runs 30]``
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import insert

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, upgrade
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Alias, Card, CardSet, CardTagLink, Tag
from munchkin_lab.cards.search import select_cards
from munchkin_lab.engine.cards import DECKS, KINDS

QUERY = "kind:monster tag:undead level>=10"
TAGS = ["Undead", "Ghost", "Pirate", "Portal", "Dungeon", "Vehicle", "One-Shot", "Big", "V1", "V2",
        "Elf", "Dragon", "Plant", "Robot", "Space", "Cursed"]


def make_synthetic(url: str, n: int, seed: int = 7) -> None:
    """Fill ``url`` (fresh) with ``n`` random cards over 20 sets, tags and aliases."""
    rng = random.Random(seed)
    eng = config.create_db_engine(url)
    with eng.begin() as conn:
        upgrade(conn)
        set_ids = [conn.execute(insert(CardSet).returning(CardSet.id), {
            "code": f"s{i:02d}", "name": f"Set {i}", "family": "munchkin", "kind": "fan",
            "requires": [], "position": i}).scalar_one() for i in range(20)]
        tag_ids = [conn.execute(insert(Tag).returning(Tag.id), {"name": t, "key": t.lower()}).scalar_one()
                   for t in TAGS]
        kinds = list(KINDS)
        rows = []
        for i in range(n):
            kind = "monster" if rng.random() < 0.35 else rng.choice(kinds)
            rows.append({
                "set_id": set_ids[i % 20], "name": f"Card {i:06d} {rng.choice(['Troll', 'Bones', 'Sword', 'Ghost', 'Hat'])}",
                "kind": kind, "deck": rng.choice(DECKS), "copies": rng.choice([1, 1, 1, 2, 3]),
                "level": rng.randint(1, 20) if kind == "monster" else None,
                "treasures": rng.randint(1, 5) if kind == "monster" else None,
                "levels_gained": 1, "bonus": rng.randint(-5, 5) if kind != "monster" else None,
                "slot": None, "big": False, "gold": rng.choice([None, 100, 200, 500, 1000]), "version": None,
                "usable_by": [], "not_usable_by": [], "provenance": "designer", "source": None,
                "summary": "synthetic", "effects": {}, "manual": False, "origin": "designer",
                "position": i, "row_version": 1,
            })
        ids = []
        for k in range(0, n, 10_000):
            ids += conn.execute(insert(Card).returning(Card.id, sort_by_parameter_order=True),
                                rows[k:k + 10_000]).scalars().all()
        links = []
        for cid in ids:
            for t in rng.sample(range(len(tag_ids)), rng.choice([0, 1, 1, 2])):
                links.append({"card_id": cid, "tag_id": tag_ids[t], "derived": False})
        conn.execute(insert(CardTagLink), links)
        conn.execute(insert(Alias), [{"card_id": cid, "name": f"Alias {cid}", "language": None}
                                     for cid in ids[::10]])
        conn.exec_driver_sql("ANALYZE")
    eng.dispose()


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    result: dict = {"query": QUERY, "synthetic_cards": args.cards}
    with tempfile.TemporaryDirectory() as tmp:
        real = f"sqlite:///{Path(tmp) / 'real.sqlite'}"
        try:
            times = timed(lambda: build(real), args.repeat)
            result["build_real_s"] = round(statistics.median(times), 4)
            result["real_cards"] = len(api.cards("", url=real))
        except CardDataError as exc:
            result["build_real_error"] = exc.problems[:5]
        config.dispose_engine(real)

        url = f"sqlite:///{Path(tmp) / 'synthetic.sqlite'}"
        t = time.perf_counter()
        make_synthetic(url, args.cards)
        result["synthetic_fill_s"] = round(time.perf_counter() - t, 2)
        eng = config.get_engine(url)
        stmt = select_cards(QUERY)
        with eng.connect() as conn:
            n = len(conn.execute(stmt).all())
            ids = timed(lambda: conn.execute(select_cards(QUERY)).all(), args.runs)
        api.cards(QUERY, url=url)  # warm the connection pool and the query cache
        frame = timed(lambda: api.cards(QUERY, url=url), args.runs)
        from munchkin_lab.cards.search import compile_query

        with eng.connect() as conn:
            rowwise = timed(lambda: api._frame(api._rows(conn, compile_query(QUERY))), args.runs)
        hint = timed(lambda: api.cards("Trol Bonez", url=url), 3)
        result["matches"] = n
        result["search_ids_ms"] = round(statistics.median(ids) * 1000, 2)
        result["search_frame_ms"] = round(statistics.median(frame) * 1000, 2)
        result["search_frame_min_ms"] = round(min(frame) * 1000, 2)
        result["search_frame_rowwise_ms"] = round(statistics.median(rowwise) * 1000, 2)
        result["hint_no_match_ms"] = round(statistics.median(hint) * 1000, 1)
        result["goal_ms"] = 20
        result["goal_met"] = result["search_frame_ms"] < 20
        with eng.connect() as conn:
            plan = conn.exec_driver_sql("EXPLAIN QUERY PLAN " + str(stmt.compile(
                eng, compile_kwargs={"literal_binds": True}))).all()
        result["sqlite_plan"] = [r[-1] for r in plan]
        config.dispose_engine(url)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
