"""Rebuilds that are safe while the database is in use (issue 16): a writer process saving
designer cards and decks during `db build` loses nothing (SQLite and PostgreSQL), a killed or
failed build leaves the database as it was, leftover build files are cleaned, read-only
commands never build, an outdated schema is a clear message."""
from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import insert, select, text

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, head_revision
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Card, CardSet, Deck, DeckEntry
from munchkin_lab.decks import list_decks

from cardtest_helpers import BACKENDS, MINI, _pg_database

HERE = Path(__file__).resolve().parent
WRITER = HERE / "db_writer.py"
REPO = HERE.parents[1]
ENV = dict(os.environ, PYTHONPATH=str(REPO))


@pytest.fixture(params=BACKENDS)
def fresh_url(request, tmp_path):
    """A fresh empty database per test, on SQLite and (with MUNCHKIN_LAB_PG_URL) PostgreSQL."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db' / 'cards.sqlite'}"
        yield url
        config.dispose_engine(url)
    else:
        url, drop = _pg_database("mlab_safety")
        yield url
        drop()


def variant(data_dir: Path) -> Path:
    """Change the copied fixture data so that a build alternating with MINI updates, adds and
    removes file cards: Grave Lord's level and aliases change, a new card appears."""
    alpha = data_dir / "sets" / "alpha.yaml"
    src = alpha.read_text(encoding="utf-8")
    src = src.replace("    level: 16\n", "    level: 17\n").replace("      - {name: Lord of Graves}\n", "")
    src += ("  - name: Rattling Ghost\n    kind: monster\n    deck: door\n    level: 5\n"
            "    tags: [Undead]\n    source: \"variant\"\n")
    alpha.write_text(src, encoding="utf-8")
    return data_dir


def dump(url: str) -> dict:
    """Every row of every table, ids included (for "exactly as it was")."""
    out = {}
    with config.get_engine(url).connect() as conn:
        for table in ("card_set", "tag", "card", "card_tag_link", "alias", "deck", "deck_entry", "alembic_version"):
            rows = conn.execute(text(f"SELECT * FROM {table}")).all()
            out[table] = sorted(json.dumps(list(r), default=str) for r in rows)
    return out


def integrity(url: str) -> tuple[str, list]:
    path = config.sqlite_path(url)
    con = sqlite3.connect(path)
    try:
        return con.execute("PRAGMA integrity_check").fetchone()[0], con.execute("PRAGMA foreign_key_check").fetchall()
    finally:
        con.close()


def add_designer_card_and_deck(url: str, name: str = "Lab Goblin", deck: str = "Mix") -> tuple[int, int]:
    with config.get_engine(url).begin() as conn:
        sid = conn.execute(select(CardSet.id).where(CardSet.code == "alpha")).scalar_one()
        cid = conn.execute(insert(Card).returning(Card.id), {
            "set_id": sid, "name": name, "kind": "monster", "deck": "door", "level": 5, "usable_by": [],
            "not_usable_by": [], "effects": {}, "provenance": "designer", "origin": "designer",
            "row_version": 3, "position": 99}).scalar_one()
        did = conn.execute(insert(Deck).returning(Deck.id), {"name": deck, "modules": {}, "options": {}}).scalar_one()
        grave = conn.execute(select(Card.id).where(Card.name == "Grave Lord")).scalar_one()
        conn.execute(insert(DeckEntry), [{"deck_id": did, "card_id": cid, "copies": 2},
                                         {"deck_id": did, "card_id": grave, "copies": 1}])
    return cid, did


def wait_for(path: Path, proc: subprocess.Popen, timeout: float = 120) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None, f"helper process ended early with {proc.returncode}"
        assert time.monotonic() < end, f"timed out waiting for {path}"
        time.sleep(0.02)


# --------------------------------------------------------------------------- concurrent writers


def test_rebuilds_while_a_writer_saves_lose_nothing(fresh_url, data_copy, tmp_path):
    from munchkin_lab.cards.designer import create_set

    build(fresh_url, MINI)
    create_set("lab", "Lab cards", url=fresh_url)  # the writer's designer set
    other = variant(data_copy)
    out, start = tmp_path / "writer.json", tmp_path / "start.flag"
    proc = subprocess.Popen([sys.executable, str(WRITER), fresh_url, "W", "120", str(out), str(start)], env=ENV)
    try:
        wait_for(out.with_suffix(".ready"), proc)
        start.touch()
        builds, changed = 0, 0
        while proc.poll() is None or builds < 4:
            counts = build(fresh_url, other if builds % 2 == 0 else MINI)
            changed += counts["updated"] + counts["added"] + counts["removed"]
            builds += 1
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    got = json.loads(out.read_text())
    assert got["errors"] == []
    assert len(got["cards"]) == 120 and len(got["decks"]) == 30
    assert builds >= 4 and changed == 2 * builds  # every build really rewrote file cards
    designer = api.cards("origin:designer", url=fresh_url)
    assert sorted(designer["name"]) == sorted(got["cards"])
    assert set(designer["tags"].map(tuple)) == {("Undead",)}
    decks = list_decks(fresh_url)
    assert sorted(decks["name"]) == sorted(got["decks"])
    assert set(decks["cards"]) == {3} and set(decks["entries"]) == {2}  # 2 of the designer card + 1 Potion
    if config.is_sqlite(fresh_url):
        assert integrity(fresh_url) == ("ok", [])


def test_killed_build_leaves_the_database_whole(tmp_path, data_copy):
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    build(url, MINI)
    cid, did = add_designer_card_and_deck(url)
    other = variant(data_copy)
    states = []
    for data in (other, MINI):
        build(url, data)
        states.append(api.cards("", url=url).to_json())
    config.dispose_engine(url)
    loop = ("import sys; from munchkin_lab.cards.build import build\n"
            "open(sys.argv[4], 'w').close()\n"
            "while True:\n    build(sys.argv[1], sys.argv[2]); build(sys.argv[1], sys.argv[3])\n")
    flag = tmp_path / "started"
    proc = subprocess.Popen([sys.executable, "-c", loop, url, str(other), str(MINI), str(flag)], env=ENV)
    try:
        wait_for(flag, proc)
        time.sleep(1.5)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert integrity(url) == ("ok", [])
    assert api.cards("", url=url).to_json() in states  # one build or the other, never half of one
    assert api.card("Lab Goblin", url=url)["origin"] == "designer"
    with config.get_engine(url).connect() as conn:
        entries = conn.execute(select(DeckEntry.card_id, DeckEntry.copies).where(DeckEntry.deck_id == did)).all()
    assert sorted(c for _, c in entries) == [1, 2] and cid in {c for c, _ in entries}
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("cards.sqlite")) <= [
        "cards.sqlite", "cards.sqlite-shm", "cards.sqlite-wal"]
    assert not list(tmp_path.glob(".*building*"))
    assert build(url, MINI)["designer_cards"] == 1


# --------------------------------------------------------------------------- in-place rebuilds


@pytest.mark.parametrize("backend_url", BACKENDS, indirect=True)
def test_rebuild_keeps_ids_and_versions(backend_url, data_copy):
    from munchkin_lab.widgets.designer import card_identity, save_designer_card

    build(backend_url, MINI)
    with config.get_engine(backend_url).begin() as conn:
        conn.execute(Deck.__table__.delete())
        conn.execute(Card.__table__.delete().where(Card.origin == "designer"))
    from munchkin_lab.cards.designer import create_set, delete_set

    if "lab" in set(api.cards("", url=backend_url)["set"]):
        delete_set("lab", url=backend_url)
    create_set("lab", "Lab cards", url=backend_url)
    cid, ver = save_designer_card({"name": "Lab Goblin", "kind": "monster", "deck": "door", "level": 4,
                                   "tags": ["Undead"]}, "lab", url=backend_url)
    where = {"Grave Lord": "alpha", "Potion": "alpha", "Lab Goblin": "lab"}
    before = {n: card_identity(n, where[n], url=backend_url) for n in where}
    counts = build(backend_url, variant(data_copy))
    assert (counts["added"], counts["updated"], counts["removed"], counts["unchanged"]) == (1, 1, 0, 10)
    assert counts["designer_sets"] == 1
    after = {n: card_identity(n, where[n], url=backend_url) for n in before}
    assert after["Potion"] == before["Potion"] and after["Lab Goblin"] == before["Lab Goblin"] == (cid, ver, "designer")
    assert after["Grave Lord"][0] == before["Grave Lord"][0] and after["Grave Lord"][1] == before["Grave Lord"][1] + 1
    grave = api.card("Grave Lord", url=backend_url)
    assert grave["level"] == 17 and grave["aliases"] == ["Grobowy Pan"]
    # the designer's editor (id and version read before the rebuild) still saves
    assert save_designer_card({"name": "Lab Goblin", "kind": "monster", "deck": "door", "level": 6,
                               "tags": ["Undead"]}, "lab", card_id=cid, row_version=ver, url=backend_url) == (cid, ver + 1)
    counts = build(backend_url, MINI)
    assert (counts["added"], counts["updated"], counts["removed"]) == (0, 1, 1)
    assert api.card("Lab Goblin", url=backend_url)["level"] == 6
    assert "Rattling Ghost" not in set(api.cards("", url=backend_url)["name"])


@pytest.mark.parametrize("backend_url", BACKENDS, indirect=True)
def test_failed_in_place_build_changes_nothing(backend_url, data_copy):
    build(backend_url, MINI)
    with config.get_engine(backend_url).begin() as conn:
        conn.execute(Deck.__table__.delete())
        conn.execute(Card.__table__.delete().where(Card.origin == "designer"))
    add_designer_card_and_deck(backend_url, name="Rattling Ghost")
    before = dump(backend_url)
    with pytest.raises(CardDataError) as info:  # the files now have a card of the designer card's name
        build(backend_url, variant(data_copy))
    assert "designer card 'Rattling Ghost': name: a card of that name now exists in set 'alpha'" in str(info.value)
    assert dump(backend_url) == before
    alpha = data_copy / "sets" / "alpha.yaml"  # a card a saved deck uses disappears from the files
    src = alpha.read_text(encoding="utf-8").replace("  - name: Rattling Ghost\n", "  - name: Rattling Ghoul\n")
    alpha.write_text(src.replace("  - name: Grave Lord\n", "  - name: Grave Lady\n"), encoding="utf-8")
    with pytest.raises(CardDataError, match="deck 'Mix': entries: card alpha:Grave Lord is no longer in the data"):
        build(backend_url, data_copy)
    assert dump(backend_url) == before


def test_leftover_build_files_are_cleaned(tmp_path):
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    leftovers = [".cards.sqlite.k2j3h4.building.sqlite", ".cards.sqlite.k2j3h4.building.sqlite-wal",
                 ".cards.sqlite.k2j3h4.building.sqlite-shm", ".cards.sqlite.zz9.building.sqlite"]
    keep = [".other.sqlite.k2j3h4.building.sqlite", ".cards.sqlite.x.part", "notes.txt"]
    for name in leftovers + keep:
        (tmp_path / name).write_bytes(b"old build")
    assert build(url, MINI)["cleaned"] == 4
    names = {p.name for p in tmp_path.iterdir()}
    assert not names & set(leftovers) and set(keep) <= names
    assert build(url, MINI)["cleaned"] == 0


# --------------------------------------------------------------------------- nothing else builds


def _old_schema(url: str) -> None:
    """Take a built database back to schema revision 0001 (before deck.row_version)."""
    from alembic import command

    from munchkin_lab.cards.build import _alembic_config

    cfg = _alembic_config()
    with config.get_engine(url).begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0001")
    config.dispose_engine(url)
    from munchkin_lab.cards import build as build_module

    build_module._schema_ok.clear()


def _snapshot(path: Path) -> tuple:
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return path.read_bytes(), path.stat().st_mtime_ns


def test_read_only_commands_never_build(tmp_path):
    path = tmp_path / "cards.sqlite"
    url = f"sqlite:///{path}"
    build(url, MINI)
    config.dispose_engine(url)
    before = _snapshot(path)
    env = dict(ENV, DATABASE_URL=url)
    cli = [sys.executable, "-c", "import sys; from munchkin_lab.cli import app; sys.argv[0] = 'munchkin-lab'; app()"]
    r = subprocess.run([*cli, "play", "--sets", "bogus", "--seed", "1"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and "unknown set(s) bogus; known: alpha, beta" in r.stderr, r.stderr  # bad input: 1
    assert _snapshot(path) == before  # neither rebuilt nor rewritten

    _old_schema(url)
    before = _snapshot(path)
    scenario = REPO / "tests" / "scenarios" / "core"
    r = subprocess.run([*cli, "scenario", "run", str(next(iter(sorted(scenario.glob("*.yaml")))))], env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "outdated" in r.stdout and "munchkin-lab db build" in r.stdout, r.stdout
    r = subprocess.run([*cli, "play", "--sets", "alpha", "--seed", "1"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 1 and "schema revision 0001" in r.stderr and "munchkin-lab db build" in r.stderr
    from munchkin_lab.widgets.notebook import ensure_database

    with pytest.raises(CardDataError, match=re.escape(f"run `munchkin-lab db build --url {url}`")):
        ensure_database(url)
    assert _snapshot(path) == before


@pytest.mark.parametrize("backend_url", BACKENDS, indirect=True)
def test_outdated_schema_is_refused_until_db_build(backend_url):
    from munchkin_lab.decks import Deck as DeckModel
    from munchkin_lab.decks import DeckError

    build(backend_url, MINI)
    with config.get_engine(backend_url).begin() as conn:
        conn.execute(Deck.__table__.delete())
        conn.execute(Card.__table__.delete().where(Card.origin == "designer"))
    add_designer_card_and_deck(backend_url)
    _old_schema(backend_url)
    with pytest.raises(CardDataError) as info:
        api.cards("", url=backend_url)
    build_cmd = config.build_command(backend_url)
    assert build_cmd.startswith("munchkin-lab db build --url ")  # the database asked of, not the default one
    assert (f"the card database is outdated (schema revision 0001; this munchkin-lab needs {head_revision()}); "
            f"run `{build_cmd}`") in str(info.value)
    with pytest.raises(DeckError, match="db build"):
        DeckModel.load("Mix", url=backend_url)
    counts = build(backend_url, MINI)  # alembic upgrade head, in place
    assert counts["designer_cards"] == 1 and counts["decks"] == 1
    deck = DeckModel.load("Mix", url=backend_url)
    assert deck.copies("alpha:Lab Goblin") == 2 and deck.copies("alpha:Grave Lord") == 1
    with config.get_engine(backend_url).connect() as conn:
        assert conn.execute(select(Deck.row_version)).scalar_one() == 1
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        conn.commit()
    from munchkin_lab.cards import build as build_module

    build_module._schema_ok.clear()
    with pytest.raises(CardDataError, match="schema revision 9999, unknown to this munchkin-lab"):
        api.cards("", url=backend_url)


def test_unreadable_file_is_a_clear_error(tmp_path):
    path = tmp_path / "cards.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(CardDataError, match="cannot read the card database .*file is not a database.*db build"):
        api.cards("", url=f"sqlite:///{path}")
    assert path.read_bytes() == b"this is not a database" * 100


def test_default_database_is_built_only_when_missing(tmp_path, monkeypatch):
    from munchkin_lab.cards import build as build_module

    path = tmp_path / "database" / "munchkin-lab.sqlite"
    monkeypatch.setattr(config, "DEFAULT_DB_PATH", path)
    monkeypatch.setattr(config, "DATABASE_DIR", MINI)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    url = config.default_url()
    try:
        assert len(api.cards("")) == 11  # first use: built from the data files
        assert path.exists()
        config.dispose_engine(url)
        path.write_bytes(b"")  # an empty file (first use interrupted) holds nothing: built
        assert len(api.cards("")) == 11
        _old_schema(url)
        before = _snapshot(path)
        with pytest.raises(CardDataError, match="outdated"):
            api.cards("")
        assert _snapshot(path) == before
    finally:
        config.dispose_engine(url)
        build_module._schema_ok.discard(url)


def test_the_sqlite_file_alone_holds_every_change_after_a_command(tmp_path):
    """WAL keeps the latest writes in ``-wal`` until a checkpoint: each process checkpoints
    its SQLite databases at exit (``config.checkpoint_sqlite``), so a copy of the ``.sqlite``
    file alone - a designer's backup, a move to another machine - has the designer set made
    by the last command."""
    db = tmp_path / "db" / "cards.sqlite"
    url = f"sqlite:///{db}"
    cli = [sys.executable, "-m", "munchkin_lab.cli"] if (REPO / "munchkin_lab" / "__main__.py").exists() else \
        [sys.executable, "-c", "from munchkin_lab.cli import app; app()"]
    for args in (["db", "build", "--url", url], ["set", "new", "my_copy", "My Copy", "--url", url]):
        r = subprocess.run(cli + args, env=ENV, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
    wal = db.with_name(db.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(db.read_bytes())
    con = sqlite3.connect(copy)
    try:
        codes = {row[0] for row in con.execute("SELECT code FROM card_set")}
    finally:
        con.close()
    assert "my_copy" in codes and "munchkin" in codes
