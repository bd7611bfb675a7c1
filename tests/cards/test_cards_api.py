"""Python API: frames, single lookups, specs, CSV round trips, designer cards and decks."""
from __future__ import annotations

import csv
import json

import pandas as pd
import pytest
from sqlalchemy import insert, select

import munchkin_lab
from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build
from munchkin_lab.cards.errors import AmbiguousCardError, CardDataError, UnknownCardError
from munchkin_lab.cards.models import Alias, Card, CardSet, CardTagLink, Deck, DeckEntry, Tag
from munchkin_lab.cards.spec import to_spec
from munchkin_lab.engine.cards import CardSpec

from cardtest_helpers import MINI, clear_designer_data


@pytest.fixture()
def url(backend_url):
    build(backend_url, MINI, discard_edits=True)  # a reset: earlier tests edited file cards
    clear_designer_data(backend_url)  # decks persist across builds: start clean
    return backend_url


def content(url) -> list:
    """Whole DB content without surrogate ids, sorted (for identity checks)."""
    with config.get_engine(url).connect() as conn:
        cards = conn.execute(select(Card.__table__, CardSet.code).join(CardSet)).mappings().all()
        by_id = {c["id"]: (c["code"], c["name"]) for c in cards}
        out = [sorted(json.dumps({k: v for k, v in c.items() if k not in ("id", "set_id")}, sort_keys=True,
                                 default=str) for c in cards)]
        links = conn.execute(select(CardTagLink.card_id, CardTagLink.derived, Tag.name)
                             .join(Tag, Tag.id == CardTagLink.tag_id)).all()
        out.append(sorted((by_id[cid], name, bool(derived)) for cid, derived, name in links))
        out.append(sorted((by_id[a.card_id], a.name, a.language or "") for a in conn.execute(select(Alias.__table__))))
    return out


def test_frame_shape(url):
    df = munchkin_lab.cards("", url=url)  # the package is callable
    assert list(df.columns)[:20] == ["set", "name", "kind", "deck", "copies", "level", "treasures",
                                     "levels_gained", "bonus", "slot", "big", "gold", "version", "tags",
                                     "aliases", "provenance", "source", "summary", "manual", "effects"]
    assert str(df["level"].dtype) == "Int64"
    row = df[df["name"] == "Grave Lord"].iloc[0]
    assert row["tags"] == ["Undead"] and row["aliases"] == ["Lord of Graves", "Grobowy Pan"]
    assert row["level"] == 16 and row["provenance"] == "printed" and row["source"] == "fixture #2"
    assert df[df["name"] == "Heavy Cart"].iloc[0]["tags"] == ["Big", "Vehicle"]


def test_single_lookup(url):
    assert munchkin_lab.card("grobowy pan", url=url)["name"] == "Grave Lord"
    assert api.card("LORD OF GRAVES", url=url)["set"] == "alpha"
    assert api.card("Priest", set="beta", url=url)["name"] == "Cleric"
    with pytest.raises(AmbiguousCardError) as amb:
        api.card("priest", url=url)
    assert amb.value.candidates == ["alpha:Cleric", "beta:Cleric"]
    assert "alpha:Cleric, beta:Cleric" in str(amb.value)
    with pytest.raises(UnknownCardError) as unk:
        api.card("Grave Lorde", url=url)
    assert unk.value.candidates[0] == "Grave Lord" and "closest: Grave Lord" in str(unk.value)
    assert isinstance(unk.value, LookupError)


def test_load_specs(url):
    specs = api.load_specs(sets=["alpha"], url=url)
    assert all(isinstance(s, CardSpec) for s, _ in specs)
    by = {s.name: (s, n) for s, n in specs}
    potion, copies = by["Potion"]
    assert copies == 3 and potion.key == "alpha:Potion" and potion.has_tag("one-shot") and potion.bonus == 2
    assert by["Flame Sword"][0].usable_by == ("class:cleric",) and by["Flame Sword"][0].gold == 400
    assert [s.name for s, _ in api.load_specs(query="tag:undead level>=10", url=url)] == ["Grave Lord", "Sheet Phantom"]
    with pytest.raises(ValueError, match="unknown set"):
        api.load_specs(sets=["nope"], url=url)
    row = api.cards("grave lord", url=url).iloc[0]
    assert to_spec(row) == by["Grave Lord"][0]
    assert to_spec(row.to_dict()).level == 16


def test_csv_round_trip(url, tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    before = content(url)
    assert api.export_csv(a, url=url) == 11
    assert api.import_csv(a, url=url) == {"inserted": 0, "updated": 0, "deleted": 0, "unchanged": 11}
    api.export_csv(b, url=url)
    assert a.read_bytes() == b.read_bytes()
    assert content(url) == before


def test_export_csv_refuses_a_name_not_ending_in_csv_as_db_export_does(url, tmp_path):
    """One suffix rule for ``export_csv`` and ``db export``: a ValueError naming the file,
    before any work (no file written, an existing one kept)."""
    txt = tmp_path / "cards.txt"
    with pytest.raises(ValueError, match=r"cards\.txt': export_csv writes CSV: the file name must end in \.csv$"):
        api.export_csv(txt, url=url)
    assert not txt.exists()
    txt.write_text("my notes\n", encoding="utf-8")
    with pytest.raises(ValueError, match="must end in .csv"):
        api.export_csv(txt, url=url, overwrite=True)
    assert txt.read_text(encoding="utf-8") == "my notes\n"
    assert api.export_csv(tmp_path / "CARDS.CSV", url=url) == 11  # the suffix's case does not matter


def test_csv_import_applies_changes_atomically(url, tmp_path):
    from munchkin_lab.cards.designer import add_card, create_set

    create_set("lab", "Lab cards", url=url)  # a new card goes into a designer set
    add_card({"name": "Lab Bat", "kind": "monster", "deck": "door", "level": 1}, "lab", url=url)
    a = tmp_path / "a.csv"
    api.export_csv(a, url=url)
    rows = list(csv.DictReader(a.open(encoding="utf-8")))
    for r in rows:
        if r["name"] == "Bone Rattler":
            r["level"] = "3"
            r["tags"] = '["Undead", "Ghost"]'
    rows = [r for r in rows if r["name"] not in ("Homebrew", "Lab Bat")]
    rows.append({**rows[0], "set": "lab", "name": "New Skeleton", "aliases": "[]"})
    with a.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    version = api.card("Bone Rattler", url=url)
    result = api.import_csv(a, url=url, replace=True)
    assert result == {"inserted": 1, "updated": 1, "deleted": 1, "unchanged": 9}
    assert result.names["inserted"] == ["lab:New Skeleton"] and result.names["deleted"] == ["lab:Lab Bat"]
    assert result.names["kept"] == ["beta:Homebrew"]  # a printed card is never deleted in the lab
    assert api.card("New Skeleton", url=url)["origin"] == "designer"  # not from the data files
    rattler = api.card("Bone Rattler", url=url)
    assert rattler["level"] == 3 and rattler["tags"] == ["Ghost", "Undead"]
    with config.get_engine(url).connect() as conn:
        assert conn.execute(select(Card.row_version).where(Card.name == "Bone Rattler")).scalar_one() == 2
    with pytest.raises(UnknownCardError):
        api.card("Lab Bat", url=url)
    assert api.card("Homebrew", url=url)["origin"] == "file"
    assert version["level"] == 2

    # a bad CSV changes nothing
    before = content(url)
    rows[0]["level"] = "-4"
    rows[1]["tags"] = '["Zombie"]'
    rows[2]["aliases"] = '[{"name": "Grave Lord", "language": null}]'
    with a.open("w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    with pytest.raises(CardDataError) as info:
        api.import_csv(a, url=url)
    text = str(info.value)
    assert f"{a}:2: card 'Bone Rattler': level: must be >= 0, got -4" in text
    assert f"{a}:3: card 'Grave Lord': tags: undeclared tag 'Zombie'" in text
    assert "card 'Flame Sword': aliases: alias 'Grave Lord' clashes with card 'Grave Lord' (alpha)" in text
    assert content(url) == before


def test_designer_cards_and_decks_survive_rebuild(url):
    eng = config.get_engine(url)
    with eng.begin() as conn:
        sid = conn.execute(select(CardSet.id).where(CardSet.code == "alpha")).scalar_one()
        cid = conn.execute(insert(Card).returning(Card.id), {
            "set_id": sid, "name": "Lab Goblin", "kind": "monster", "deck": "door", "level": 5,
            "usable_by": [], "not_usable_by": [], "effects": {}, "provenance": "designer",
            "origin": "designer", "row_version": 4}).scalar_one()
        tid = conn.execute(select(Tag.id).where(Tag.key == "undead")).scalar_one()
        conn.execute(insert(CardTagLink), {"card_id": cid, "tag_id": tid, "derived": False})
        conn.execute(insert(Alias), {"card_id": cid, "name": "Labgob", "language": None})
        did = conn.execute(insert(Deck).returning(Deck.id), {"name": "Mix", "modules": ["alpha"],
                                                              "options": {"x": 1}}).scalar_one()
        grave = conn.execute(select(Card.id).where(Card.name == "Grave Lord")).scalar_one()
        conn.execute(insert(DeckEntry), [{"deck_id": did, "card_id": cid, "copies": 2, "pile": "door"},
                                         {"deck_id": did, "card_id": grave, "copies": 1, "pile": None}])
    build(url, MINI)
    goblin = api.card("labgob", url=url)
    assert goblin["name"] == "Lab Goblin" and goblin["tags"] == ["Undead"] and goblin["origin"] == "designer"
    assert sorted(api.cards("deck:mix", url=url)["name"]) == ["Grave Lord", "Lab Goblin"]
    with eng.connect() as conn:
        deck = conn.execute(select(Deck)).one()
        assert deck.id == did and deck.modules == ["alpha"] and deck.options == {"x": 1}
        assert conn.execute(select(Card.row_version).where(Card.name == "Lab Goblin")).scalar_one() == 4
        piles = sorted((e.copies, e.pile or "") for e in conn.execute(select(DeckEntry)).all())
        assert piles == [(1, ""), (2, "door")]


def test_version_id_col_is_optimistic_lock(url):
    from sqlalchemy.orm.exc import StaleDataError
    from sqlmodel import Session

    eng = config.get_engine(url)
    with Session(eng) as s1, Session(eng) as s2:
        a = s1.exec(select(Card).where(Card.name == "Potion")).one()[0]
        b = s2.exec(select(Card).where(Card.name == "Potion")).one()[0]
        a.gold = 150
        s1.commit()
        b.gold = 175
        with pytest.raises(StaleDataError):
            s2.commit()


def test_no_database_is_a_clean_error(tmp_path):
    with pytest.raises(CardDataError, match="db build"):
        api.cards("", url=f"sqlite:///{tmp_path / 'none.sqlite'}")


def test_single_lookup_with_or_without_diacritics_as_the_search(url):
    """New-user finding: ``card("priést")`` raised "no card named" while the search finds the
    Cleric without the accent; a lookup now folds diacritics too when nothing is spelt so."""
    assert munchkin_lab.card("Gróbowy Pań", url=url)["name"] == "Grave Lord"
    assert api.card("PRIÉST", set="beta", url=url)["name"] == "Cleric"
    assert api.card("Lord of Gravés", url=url)["name"] == "Grave Lord"
    with pytest.raises(AmbiguousCardError, match="'priést' matches 2 cards: alpha:Cleric, beta:Cleric"):
        api.card("priést", url=url)
    with pytest.raises(UnknownCardError, match="no card named 'Grávé Lorde'"):
        api.card("Grávé Lorde", url=url)
