"""A database taken back to schema revision 0002 (``alembic downgrade 0002`` on a copy) keeps
its designer sets' rows but loses their mark (``card_set.origin``, added by 0003): ``db build``
migrates it keeping every designer set (an empty one too), card and deck. What a build cannot
keep is refused in one line per set saying what to do, and a long list of problems is capped."""
from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import insert, select
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards import build as build_module
from munchkin_lab.cards import designer as D
from munchkin_lab.cards.build import build, head_revision
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Card, CardSet
from munchkin_lab.cli import app
from munchkin_lab.decks import Deck

from cardtest_helpers import MINI

runner = CliRunner()


def _monster(name: str, level: int = 3) -> dict:
    return {"name": name, "kind": "monster", "deck": "door", "level": level, "treasures": 1,
            "effects": {"bad_stuff": [{"lose_levels": 1}]}}


def _downgrade(url: str, revision: str) -> None:
    from alembic import command

    cfg = build_module._alembic_config()
    with config.get_engine(url).begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, revision)
    config.dispose_engine(url)
    build_module._schema_ok.clear()


def _content(path) -> dict:
    con = sqlite3.connect(path)
    try:
        return {"sets": sorted(con.execute("SELECT code, name FROM card_set").fetchall()),
                "cards": sorted(con.execute("SELECT s.code, c.name, c.origin, c.level FROM card c "
                                            "JOIN card_set s ON s.id = c.set_id").fetchall()),
                "decks": sorted(con.execute("SELECT d.name, c.name, e.copies FROM deck_entry e JOIN deck d "
                                            "ON d.id = e.deck_id JOIN card c ON c.id = e.card_id").fetchall())}
    finally:
        con.close()


@pytest.fixture
def designer_db(tmp_path):
    path = tmp_path / "b.sqlite"
    url = f"sqlite:///{path}"
    build(url, MINI)
    D.create_set("swamp", "Swamp Things", requires=["alpha"], url=url)
    for i, name in enumerate(["Bog Lurker", "Mire Colossus", "Fen Wisp"]):
        D.add_card(_monster(name, 2 + i), "swamp", url=url)
    D.create_set("big_fan", "Big fan set", requires=["alpha"], url=url)
    for i in range(60):
        D.add_card(_monster(f"Critter {i}"), "big_fan", url=url)
    D.create_set("empty_fan", "Nothing yet", url=url)  # an empty designer set is kept too
    deck = Deck("Swamp mix", url=url)
    deck.add("Bog Lurker", copies=2)
    deck.add("Critter 7")
    deck.add("Grave Lord")
    deck.save()
    config.dispose_engine(url)
    yield path, url
    config.dispose_engine(url)


def test_db_build_migrates_a_downgraded_database_keeping_every_designer_set(designer_db):
    path, url = designer_db
    before = _content(path)
    assert len(before["cards"]) == 63 + len([c for c in before["cards"] if c[2] == "file"])
    _downgrade(url, "0002")
    con = sqlite3.connect(path)
    assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0002",)]
    assert "origin" not in [r[1] for r in con.execute("PRAGMA table_info(card_set)")]
    con.close()
    assert _content(path) == before  # the downgrade keeps the rows: only the mark is gone
    with pytest.raises(CardDataError, match=r"outdated \(schema revision 0002; this munchkin-lab needs 0003\)"):
        api.cards("", url=url)

    res = runner.invoke(app, ["db", "build", "--url", url, "--data", str(MINI)])
    assert res.exit_code == 0, res.output
    assert "kept 63 designer cards, 1 deck" in res.stdout
    assert _content(path) == before
    with config.get_engine(url).connect() as conn:
        origin = dict(conn.execute(select(CardSet.code, CardSet.origin)).all())
    assert origin == {"alpha": "file", "beta": "file", "swamp": "designer", "big_fan": "designer",
                      "empty_fan": "designer"}
    assert head_revision() == "0003"
    assert Deck.load("Swamp mix", url=url).copies("swamp:Bog Lurker") == 2
    # a second build keeps them too (they are designer sets now, not shipped sets gone from the files)
    assert build(url, MINI)["designer_cards"] == 63 and _content(path) == before


def test_what_a_build_cannot_keep_is_one_line_a_set(tmp_path, monkeypatch):
    """Designer cards kept in a shipped set (from before designer sets) whose file is gone:
    refused in one line for the set, naming a few cards, the count and what to do."""
    import shutil

    data = tmp_path / "database"
    shutil.copytree(MINI, data)
    path = tmp_path / "c.sqlite"
    url = f"sqlite:///{path}"
    build(url, data)
    with config.get_engine(url).begin() as conn:
        sid = conn.execute(select(CardSet.id).where(CardSet.code == "beta")).scalar_one()
        conn.execute(insert(Card), [{"set_id": sid, "name": f"Old Critter {i}", "kind": "monster", "deck": "door",
                                     "level": 1, "usable_by": [], "not_usable_by": [], "effects": {},
                                     "provenance": "designer", "origin": "designer", "position": 100 + i}
                                    for i in range(80)])
    (data / "sets" / "beta.yaml").unlink()
    before = _content(path)
    with pytest.raises(CardDataError) as info:
        build(url, data)
    problems = info.value.problems
    assert len(problems) == 1, problems
    assert problems[0].startswith("shipped set 'beta': the card files no longer have it, but it holds 80 designer "
                                  "cards (Old Critter 0, Old Critter 1, Old Critter 10, Old Critter 11, "
                                  "Old Critter 12, ... 75 more); keep them in a designer set: munchkin-lab set new")
    assert _content(path) == before
    res = runner.invoke(app, ["db", "build", "--url", url, "--data", str(data)])
    assert res.exit_code == 1 and len(res.output.splitlines()) <= 3, res.output


def test_a_long_list_of_problems_is_capped():
    err = CardDataError([f"card 'C{i}': level: too high" for i in range(807)], note="fix them")
    lines = str(err).splitlines()
    assert lines[0] == "807 problems in the card data:"
    assert lines[1] == "  card 'C0': level: too high" and lines[50] == "  card 'C49': level: too high"
    assert lines[51] == "  ... and 757 more (fix these and run again to see the rest)"
    assert lines[52:] == ["fix them"]
    assert len(err.problems) == 807
    assert len(str(CardDataError(["a"] * 50)).splitlines()) == 51  # 50 shown whole
