"""The real card data (database/): counts and names from the files, on SQLite and PostgreSQL."""
from __future__ import annotations

import pytest

from munchkin_lab import config
from munchkin_lab.cards import api
from munchkin_lab.cards.build import build, load_files


@pytest.fixture(scope="module")
def url(backend_url):
    build(backend_url, config.DATABASE_DIR)
    return backend_url


def names(query, url):
    return sorted(api.cards(query, url=url)["name"])


def test_files_validate():
    data = load_files()
    assert {s.code for s in data.sets} >= {"munchkin", "fairy_dust", "scooby_doo", "star_munchkin",
                                           "star_munchkin_adventures", "solar_storm"}


def test_base_undead_monsters(url):
    assert names("set:munchkin kind:monster tag:undead", url) == sorted(
        ["Mr. Bones", "Undead Horse", "King Tut", "Wight Brothers"])


def test_undead_level_ten_or_more(url):
    assert names("kind:monster tag:undead level>=10", url) == ["King Tut", "Wight Brothers"]


def test_ghosts(url):
    ghosts = names("tag:ghost", url)
    assert "Snow Ghost" in ghosts and "Ghost Clown" in ghosts


def test_solar_storm_rooms(url):
    df = api.cards("set:solar_storm", url=url)
    assert len(df) == 17
    assert "Energy Core" in set(df["name"])
    rooms = df[df["version"].notna()]
    assert len(rooms) == 16
    assert sorted(rooms["version"].value_counts().to_dict().items()) == [("V1", 8), ("V2", 8)]
    assert len(api.cards("version:V2", url=url)) == 8
    assert len(api.cards("set:solar_storm tag:v1", url=url)) == 8


@pytest.mark.parametrize("alias,name", [
    ("Priest", "Cleric"),
    ("Forum Troll", "Net Troll"),
    ("almost-vampire", "Wannabe Vampire"),
])
def test_aliases_resolve(url, alias, name):
    assert api.card(alias, url=url)["name"] == name
    assert name in names(f'"{alias}"', url)


def test_provenance_everywhere(url):
    df = api.cards("", url=url)
    assert set(df["provenance"]) <= {"printed", "inferred", "designer"}
    sourced = df[df["provenance"].isin(["printed", "inferred"])]
    assert sourced["source"].notna().all()


def test_derived_tags(url):
    df = api.cards("", url=url)
    one_shots = df[df["kind"] == "one_shot"]
    assert len(one_shots) > 0 and all("One-Shot" in t for t in one_shots["tags"])
    bigs = df[df["big"]]
    assert len(bigs) > 0 and all("Big" in t for t in bigs["tags"])


def test_rebuild_is_idempotent(url):
    before = api.cards("", url=url)
    build(url, config.DATABASE_DIR)
    assert api.cards("", url=url).equals(before)


def test_specs_for_engine(url):
    specs = api.load_specs(sets=["munchkin"], url=url)
    by = {s.name: (s, n) for s, n in specs}
    tut, copies = by["King Tut"]
    assert tut.level == 16 and tut.has_tag("undead") and copies == 1
    assert sum(n for _, n in specs) == int(api.cards("set:munchkin", url=url)["copies"].sum())


#: Sourcing remarks that belong in ``source``, not in the player-facing ``summary``.
SOURCING_REMARKS = ("UNVERIFIED", "not applied", "not in our sources", "modelled", "resolved by hand",
                    "decided by hand", "card list", "not given", "we do not have", "PLACEHOLDER",
                    "unknown", "disputed", "rulebook")


def test_summaries_are_player_facing():
    """Notes about sources (unverified numbers, missing texts, readings) live in ``source``:
    the summary is printed on the card face."""
    data = load_files()
    bad = [f"{c.set_code}:{c.card.name}: {c.card.summary}" for c in data.cards
           if c.card.summary and any(r.lower() in c.card.summary.lower() for r in SOURCING_REMARKS)]
    assert bad == []


def test_halfling_note_moved_to_source(url):
    row = api.card("Halfling", set="munchkin", url=url)
    assert row["summary"] == ("Once per turn may sell one item for double its value. After a failed "
                              "first Run Away roll, may discard a card and roll again.")
    assert "sign UNVERIFIED" in row["source"] and "not applied" in row["source"]


@pytest.mark.parametrize("query", ["ŁAŃCUCHOWA", "łańcuchowa", "PIŁA", "Rozczłonkowania"])
def test_polish_alias_matches_in_any_case(url, query):
    # SQLite's own lower() folds ASCII only; the search folds Unicode on every backend
    assert names(query, url) == ["Chainsaw of Bloody Dismemberment"]
    assert api.card("PIŁA ŁAŃCUCHOWA KRWAWEGO ROZCZŁONKOWANIA", url=url)["name"] == \
        "Chainsaw of Bloody Dismemberment"


def test_every_base_card_runs_from_data(url):
    """Issue 13: every base-set card runs from data (no ``manual: true``, no ``manual`` op):
    ``db stats`` shows 100% for ``munchkin``; other sets keep what is not known manual."""
    from munchkin_lab.cards.cli import stats_frames

    sets = stats_frames(url)["sets"].set_index("set")
    assert sets.loc["munchkin", "from_data"] == 1.0 and sets.loc["munchkin", "automated"] == 1.0
    assert 0 < sets.loc["scooby_doo", "from_data"] < 1.0
    assert (sets["from_data"] <= sets["automated"]).all()
