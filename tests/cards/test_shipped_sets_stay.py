"""Shipped sets and the presets built on them stay as printed (issue 14): every route that
saves cards refuses a designer card for a shipped set (``cards add``, the form's save, a CSV
row, a ``db import`` of another database's export) and writes nothing; a designer card kept
in a shipped set from before designer sets existed is not part of that set for a ``* [set]``
deck line (the presets) or ``load_specs(sets=...)``, but can still be added by name.
SQLite and PostgreSQL."""
from __future__ import annotations

import csv

import pytest
from sqlalchemy import insert, select
from typer.testing import CliRunner

from munchkin_lab import config
from munchkin_lab.cards import api, designer
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.cards.models import Card, CardSet
from munchkin_lab.cli import app
from munchkin_lab.decks.catalog import forget_catalogs
from munchkin_lab.decks.files import read_deck

from cardtest_helpers import MINI, clear_designer_data
from test_cards_api import content

runner = CliRunner()
ALPHA = ["Bone Rattler", "Grave Lord", "Flame Sword", "Heavy Cart", "Potion", "Cleric"]


@pytest.fixture()
def url(backend_url):
    build(backend_url, MINI, discard_edits=True)
    clear_designer_data(backend_url)
    designer.create_set("lab", "Lab cards", url=backend_url)
    forget_catalogs()
    return backend_url


def alpha_deck(url, tmp_path):
    path = tmp_path / "alpha.txt"
    path.write_text("name: Alpha as printed\n\n* [alpha]\n", encoding="utf-8")
    forget_catalogs()
    return read_deck(path, url=url)


def names(deck) -> list[str]:
    return sorted(k.split(":", 1)[1] for k in deck.entries)


GHOUL = {"name": "Lab Ghoul", "kind": "monster", "deck": "door", "level": 3}


def test_no_route_saves_a_designer_card_into_a_shipped_set(url, tmp_path):
    before = content(url)
    with pytest.raises(CardDataError, match="'alpha' is a shipped set"):
        designer.add_card(GHOUL, "alpha", url=url)
    res = runner.invoke(app, ["cards", "add", "alpha", "{name: Lab Ghoul, kind: monster, deck: door, level: 3}",
                              "--url", url])
    assert res.exit_code == 1 and "'alpha' is a shipped set" in res.output
    from munchkin_lab.widgets.designer import save_designer_card
    with pytest.raises(CardDataError, match="'alpha' is a shipped set"):
        save_designer_card(GHOUL, "alpha", url=url)
    # an export of another database whose designer card sits in a shipped set
    path = tmp_path / "other.csv"
    api.export_csv(path, url=url, overwrite=True)
    rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
    potion = next(r for r in rows if r["name"] == "Potion")
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerows(rows + [{**potion, "name": "Lab Potion", "origin": "designer", "provenance": "designer"}])
    res = runner.invoke(app, ["db", "import", str(path), "--url", url])
    assert res.exit_code == 1 and "card 'Lab Potion': set: 'alpha' is a shipped set" in res.output
    assert content(url) == before
    assert names(alpha_deck(url, tmp_path)) == sorted(ALPHA)


def test_a_designer_card_kept_in_a_shipped_set_stays_out_of_its_set_lines(url, tmp_path):
    with config.get_engine(url).begin() as conn:  # as an older version let a CSV import put it there
        sid = conn.execute(select(CardSet.id).where(CardSet.code == "alpha")).scalar_one()
        conn.execute(insert(Card), {"set_id": sid, "name": "Old Lab Ghoul", "kind": "monster", "deck": "door",
                                    "level": 3, "usable_by": [], "not_usable_by": [], "effects": {},
                                    "provenance": "designer", "origin": "designer"})
    designer.add_card(GHOUL, "lab", url=url)
    deck = alpha_deck(url, tmp_path)
    assert names(deck) == sorted(ALPHA)  # the preset-style line takes the printed set only
    assert sorted(s.name for s, _ in api.load_specs(sets=["alpha"], url=url)) == sorted(ALPHA)
    assert [s.name for s, _ in api.load_specs(sets=["lab"], url=url)] == ["Lab Ghoul"]  # a designer set: all
    assert "Old Lab Ghoul" in {s.name for s, _ in api.load_specs(url=url)}
    deck.add("Old Lab Ghoul")  # asked for by name: there
    assert "alpha:Old Lab Ghoul" in deck.entries
    assert build(url, MINI)["designer_cards"] == 2  # kept by the build, still out of the set lines
    assert names(alpha_deck(url, tmp_path)) == sorted(ALPHA)


def test_a_csv_import_keeps_the_designer_name_rule(url, tmp_path):
    designer.add_card(GHOUL, "lab", url=url)
    path = tmp_path / "names.csv"
    api.export_csv(path, url=url, overwrite=True)
    rows = list(csv.DictReader(open(path, encoding="utf-8", newline="")))
    ghoul = next(r for r in rows if r["name"] == "Lab Ghoul")
    before = content(url)
    for row, message in [
            ({**ghoul, "name": "Grave lord"}, "card 'Grave lord': name: 'Grave lord' shadows the printed card "
                                              "'Grave Lord' (alpha)"),
            ({**ghoul, "name": "Lörd of Graves"}, "name: 'Lörd of Graves' shadows the alias 'Lord of Graves' of "
                                                  "printed card 'Grave Lord' (alpha)"),
            ({**ghoul, "aliases": '[{"name": "Potion", "language": null}]'},
             "card 'Lab Ghoul': aliases[0]: 'Potion' shadows the printed card 'Potion' (alpha)"),
            ({**ghoul, "name": "lab  GHOUL", "set": "lab"}, None)]:  # the same card, by its folded name
        with open(path, "w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
            w.writeheader()
            w.writerows([ghoul, row] if message is None else [row])
        with pytest.raises(CardDataError) as info:
            api.import_csv(path, url=url)
        # (its two spaces are stored as one: the name as stored is named)
        assert (message or "'lab GHOUL' is also a name of") in str(info.value)
        assert content(url) == before
    api.export_csv(path, url=url, overwrite=True)  # the untouched export still goes through
    assert api.import_csv(path, url=url)["updated"] == 0
