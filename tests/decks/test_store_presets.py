"""Decks in the database (SQLite, and PostgreSQL when MUNCHKIN_LAB_PG_URL is set) and the
shipped presets, on the real card data."""
from __future__ import annotations

import pytest

from munchkin_lab.decks import (Catalog, Deck, DeckError, DeckFileError, DuplicateDeckError, check_deck,
                                delete_deck, list_decks, list_presets, load_preset, read_deck)


def test_presets_load_and_pass_the_checks(real_catalog):
    assert list_presets() == ["base", "base_fairy_dust", "base_scooby_dungeons", "solar_storm",
                              "star_munchkin_adventures"]
    want = {"base": (), "base_fairy_dust": ("fairy_dust",), "base_scooby_dungeons": ("dungeons",),
            "solar_storm": ("solar_storm",), "star_munchkin_adventures": ("rooms",)}
    for name, modules in want.items():
        d = load_preset(name, catalog=real_catalog)
        assert d.modules == modules, name
        if name == "star_munchkin_adventures":  # the 5 tiles our data holds (deck check, room-tiles)
            assert [(p.level, p.rule) for p in check_deck(d)] == [("warning", "room-tiles")]
            assert "only 5 room tiles besides START" in check_deck(d)[0].message
        elif name == "base_fairy_dust":  # her Level is unknown (null): the engine plays Level 0
            assert [(p.level, p.rule, p.card) for p in check_deck(d)] == [
                ("warning", "unknown-level", "Sparkly Good Fairy [fairy_dust]")]
        else:
            assert check_deck(d) == [], (name, check_deck(d))


def test_preset_contents(real_catalog):
    ss = load_preset("solar_storm", catalog=real_catalog)
    rooms = [s for s, _ in ss.specs() if s.name != "Energy Core"]
    assert len(rooms) == 16 and ss.size == 17
    assert sorted(s.version for s in rooms) == ["V1"] * 8 + ["V2"] * 8
    sd = load_preset("base_scooby_dungeons", catalog=real_catalog)
    extra = sorted(s.name for s, _ in sd.specs() if s.set == "scooby_doo")
    assert extra == ["Creepy Cemetery Entrance", "Crystal Cove Neighborhood", "Drive-In Movie Theater",
                     "Ghost Clown", "K-Ghoul Mart", "Snow Ghost"]
    sma = load_preset("star_munchkin_adventures", catalog=real_catalog)
    kinds = {s.deck for s, _ in sma.specs()}
    assert {"door", "treasure", "room_tile"} <= kinds
    assert "star_munchkin_adventures:START" in sma


def test_breaking_the_solar_storm_preset(real_catalog):
    ss = load_preset("solar_storm", catalog=real_catalog)
    ss.remove("Mess Hall (V1)")
    ss.remove("Mess Hall (V2)")
    (p,) = check_deck(ss)
    assert (p.level, p.rule, p.card) == ("error", "solar-storm-rooms", None)  # deck-wide
    assert p.message.endswith("missing: Mess Hall")


def test_save_load_list_duplicate_delete(db_url):
    d = Deck("Spooky", "base + Scooby-Doo Dungeons + Fairy Dust", url=db_url)
    d.merge(load_preset("base_scooby_dungeons", url=db_url))
    d.add_set("fairy_dust")
    d.add("Net Troll", pile="door_top")  # alias of a base card: now 2 copies
    d.set_module("rooms", True)
    d.set_option("faster_play", True)
    d.save()
    back = Deck.load("Spooky", url=db_url)
    assert back == d
    assert back.copies("munchkin:Net Troll") == 2 and back.entries["munchkin:Net Troll"].pile == "door_top"
    assert back.modules == ("fairy_dust", "dungeons", "rooms")
    ls = list_decks(db_url)
    assert list(ls["name"]) == ["Spooky"] and int(ls["cards"][0]) == d.size
    with pytest.raises(DuplicateDeckError):
        Deck("Spooky", url=db_url).save()
    assert Deck.load("Spooky", url=db_url) == d  # untouched
    smaller = Deck("Spooky", url=db_url)
    smaller.add("Potted Plant")
    smaller.save(replace=True)
    assert Deck.load("Spooky", url=db_url).size == 1
    with pytest.raises(DeckError, match="closest: Spooky"):
        Deck.load("Spooky!", url=db_url)
    delete_deck("Spooky", db_url)
    assert list_decks(db_url).empty


def test_deck_names_are_single_spaced_as_card_names_are(db_url):
    """The rule of card names (ends stripped, each run of spaces one plain space) holds for
    deck names: a deck saved as "My  deck " is "My deck", found and refused as a twin by it."""
    from sqlalchemy import update

    from munchkin_lab import config
    from munchkin_lab.cards.api import cards
    from munchkin_lab.cards.models import Deck as DeckRow

    d = Deck("My  deck ", url=db_url)
    d.add("Potted Plant")
    assert d.name == "My deck"
    d.save()
    assert list(list_decks(db_url)["name"]) == ["My deck"]
    assert Deck.load("My deck", url=db_url) == d
    assert Deck.load(" My\u00a0\u00a0deck", url=db_url).name == "My deck"
    with pytest.raises(DuplicateDeckError):
        Deck("My deck", url=db_url).save()
    assert list(cards('deck:"my   deck"', url=db_url)["name"]) == ["Potted Plant"]
    # a deck stored before the rule under a name with extra spaces: found by the single-spaced
    # name, and its next save stores that name (one deck, not two)
    with config.get_engine(db_url).begin() as conn:
        conn.execute(update(DeckRow.__table__).where(DeckRow.__table__.c.name == "My deck").values(name="My  deck"))
    old = Deck.load("My deck", url=db_url)
    assert old.name == "My deck" and old.size == 1
    old.add("Potted Plant")
    old.save()
    assert list(list_decks(db_url)["name"]) == ["My deck"] and Deck.load("My deck", url=db_url).size == 2
    delete_deck("  My deck", db_url)
    assert list_decks(db_url).empty


def test_failed_import_keeps_the_previous_deck(db_url, tmp_path):
    d = load_preset("base_fairy_dust", url=db_url)
    d.save()
    bad = tmp_path / "bad.txt"
    bad.write_text(f"name: {d.name}\n* [munchkin]\n1 Sparkly Good Fary\n0 Elf\n", encoding="utf-8")
    with pytest.raises(DeckFileError) as e:
        read_deck(bad, url=db_url).save(replace=True)
    assert [p.line for p in e.value.problems] == [3, 4]
    assert Deck.load(d.name, url=db_url) == d
    # a save that fails half way (a card unknown to this database) writes nothing
    other = Catalog.from_specs([*Catalog.from_database(db_url).cards])
    broken = Deck(d.name, catalog=other)
    broken.entries["munchkin:No Such Card"] = type(next(iter(d.entries.values())))("munchkin:No Such Card", 1)
    with pytest.raises(DeckError):
        from munchkin_lab.decks.store import save_deck

        save_deck(broken, db_url, replace=True)
    assert Deck.load(d.name, url=db_url) == d


def test_no_database_is_a_clear_error(tmp_path):
    with pytest.raises(DeckError, match="db build"):
        Deck.load("x", url=f"sqlite:///{tmp_path / 'empty.sqlite'}")


def test_decks_survive_a_rebuild(db_url):
    from munchkin_lab.cards.build import build
    from munchkin_lab.decks.catalog import forget_catalogs

    d = load_preset("base", url=db_url)
    d.save()
    build(db_url)
    forget_catalogs()
    assert Deck.load(d.name, url=db_url) == d


def test_presets_start_engine_games(real_catalog):
    d = load_preset("base_scooby_dungeons", catalog=real_catalog)
    d.set_option("faster_play", True)
    assert d.game_options().faster_play is True
    g = d.new_game(players=3, seed=5)
    assert g.state.players and len(g.specs) == d.size


def test_the_solar_storm_preset_starts_a_solar_storm_game(real_catalog):
    from munchkin_lab.engine import Game
    from munchkin_lab.engine.solar_storm import SolarStormGame, SolarStormOptions

    d = load_preset("solar_storm", catalog=real_catalog)
    for n in (1, 2, 4):  # Solar Storm seats 1 to 4, solo play included
        g = d.new_game(players=n, seed=3)
        assert isinstance(g, SolarStormGame) and g.game == "solar_storm"
        assert g.names == [f"P{i}" for i in range(1, n + 1)]
        kinds = {a.kind for a in g.legal_actions()}
        assert "move" in kinds and kinds != {"pass"}
    # the same game as the engine's own constructor for the same rooms and seed
    rooms = [sp for sp, c in d.specs() for _ in range(c)]
    assert d.new_game(players=2, seed=3).state_dict() == SolarStormGame.new(2, rooms=rooms, seed=3).state_dict()
    g = d.new_game(players=2, seed=3, options=SolarStormOptions(max_turns=5))
    assert g.options.max_turns == 5
    with pytest.raises(ValueError, match="SolarStormOptions"):
        d.new_game(players=2, options=d.game_options())
    with pytest.raises(ValueError):
        d.new_game(players=5)
    # the Munchkin engine refuses the ship rooms alone and names the right entry point
    with pytest.raises(ValueError, match=r"all 17 cards are Solar Storm ship rooms.*SolarStormGame\.new"):
        Game.new(2, deck=d.specs())
    with pytest.raises(ValueError, match="ship rooms"):
        Game.new(3, deck=rooms)


def test_done_when_from_python(db_url, tmp_path):
    """Build base + Scooby-Doo Dungeons + Fairy Dust in Python, check it, read its odds,
    save it as files and in the database, load it back identical."""
    from munchkin_lab.decks import stats

    d = Deck("Spooky", "base + Scooby-Doo Dungeons + Fairy Dust", url=db_url)
    d.add_set("munchkin")
    assert [s.name for s in d.add("set:scooby_doo kind:dungeon")] == [
        "K-Ghoul Mart", "Crystal Cove Neighborhood", "Drive-In Movie Theater"]
    d.add("kind:portal")
    assert sorted(s.name for s in d.add("set:scooby_doo (tag:ghost or tag:pirate)")) == ["Ghost Clown", "Snow Ghost"]
    d.add_set("fairy_dust")
    assert d.modules == ("fairy_dust", "dungeons")
    assert [(p.rule, p.card) for p in d.check()] == [("unknown-level", "Sparkly Good Fairy [fairy_dust]")]
    preset = load_preset("base_scooby_dungeons", url=db_url)
    preset.add_set("fairy_dust")
    assert preset.state()[2:] == d.state()[2:]  # same cards, modules and options as the presets
    k = stats.kick_odds(d)
    assert k.loc["monster", "p"] == pytest.approx(40 / 99) and k.loc["portal", "p"] == pytest.approx(1 / 99)
    for fname in ("spooky.txt", "spooky.yml"):
        d.export(tmp_path / fname)
        back = Deck.from_file(tmp_path / fname, url=db_url)
        assert back == d
        back.export(tmp_path / f"again_{fname}")
        assert (tmp_path / f"again_{fname}").read_text() == (tmp_path / fname).read_text()
    d.save()
    assert Deck.load("Spooky", url=db_url) == d


def test_a_db_import_replace_keeps_the_shipped_sets_whole(fresh_sqlite, tmp_path):
    """A CSV without the Solar Storm rows imported with ``--replace --yes`` deletes no printed
    card (it says it kept them), so the solar_storm preset is still all 17 cards."""
    import csv

    from typer.testing import CliRunner

    from munchkin_lab.cards import api
    from munchkin_lab.cli import app

    url = fresh_sqlite
    path = tmp_path / "no_ss.csv"
    api.export_csv(path, url=url)
    with open(path, encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["set"] != "solar_storm"]
    with open(path, "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=api.CSV_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    res = CliRunner().invoke(app, ["db", "import", str(path), "--replace", "--yes", "--url", url])
    assert res.exit_code == 0, res.output
    assert "0 deleted" in res.output
    assert "17 printed cards of shipped sets not in the CSV kept (solar_storm:" in res.output
    ss = load_preset("solar_storm", url=url)
    assert ss.size == 17 and check_deck(ss) == []
    res = CliRunner().invoke(app, ["deck", "check", "preset:solar_storm", "--url", url])
    assert res.exit_code == 0 and "no Door cards" not in res.output


def test_a_preset_whose_cards_the_database_lacks_names_them(fresh_sqlite):
    """An old database (or one whose shipped cards were deleted by hand) is no silent other
    deck: loading the preset names the missing cards and ``munchkin-lab db build``, which puts
    them back."""
    from sqlalchemy import delete, select
    from typer.testing import CliRunner

    from munchkin_lab import config
    from munchkin_lab.cards.build import build
    from munchkin_lab.cards.models import Card, CardSet, CardTagLink
    from munchkin_lab.cli import app
    from munchkin_lab.decks.catalog import forget_catalogs

    url = fresh_sqlite
    with config.get_engine(url).begin() as conn:
        sid = conn.execute(select(CardSet.id).where(CardSet.code == "solar_storm")).scalar_one()
        ids = select(Card.id).where(Card.set_id == sid, Card.name.like("Mess Hall%"))
        conn.execute(delete(CardTagLink).where(CardTagLink.card_id.in_(ids)))
        conn.execute(delete(Card).where(Card.id.in_(ids)))
    forget_catalogs()
    with pytest.raises(DeckError) as info:
        load_preset("solar_storm", url=url)
    assert str(info.value) == (
        "preset 'solar_storm': the database lacks 2 of its cards (solar_storm:Mess Hall (V1), "
        "solar_storm:Mess Hall (V2)): it was built from older card files, or those cards were deleted from it; "
        f"run `munchkin-lab db build --url {url}` to put the shipped cards back")  # the database it was asked of
    for args in (["deck", "check", "preset:solar_storm"], ["simulate", "solar_storm", "--players", "2", "--games", "1"]):
        res = CliRunner().invoke(app, [*args, "--url", url])
        assert res.exit_code == 1, (args, res.output)
        assert "the database lacks 2 of its cards (solar_storm:Mess Hall (V1)" in res.output
        assert f"run `munchkin-lab db build --url {url}`" in res.output
    build(url)
    forget_catalogs()
    assert load_preset("solar_storm", url=url).size == 17


def test_two_decks_stored_as_my_deck_and_my__deck_are_both_reachable(db_url):
    """Two decks an older version stored as "My deck" and "My  deck" (double space): each is
    reached by its exact name (an exact name wins), a name that only matches both once
    single-spaced is refused naming both, and the double-spaced one can be edited, renamed
    (``deck rename``) and deleted without touching the other."""
    from sqlalchemy import update
    from typer.testing import CliRunner

    from munchkin_lab import config
    from munchkin_lab.cards.models import Deck as DeckRow
    from munchkin_lab.cli import app

    a = Deck("My deck", url=db_url)
    a.add("Potted Plant")
    a.save()
    b = Deck("Other", url=db_url)
    b.add("Elf", copies=2)
    b.save()
    with config.get_engine(db_url).begin() as conn:
        conn.execute(update(DeckRow.__table__).where(DeckRow.__table__.c.name == "Other").values(name="My  deck"))
    assert Deck.load("My deck", url=db_url).copies("munchkin:Potted Plant") == 1
    assert Deck.load("My  deck", url=db_url).copies("munchkin:Elf") == 2
    with pytest.raises(DeckError) as info:
        Deck.load("My   deck", url=db_url)
    assert str(info.value) == ("deck name 'My   deck' matches 2 saved decks: 'My  deck', 'My deck'; give the "
                               "exact name, spaces included (`munchkin-lab deck rename 'My  deck' NEW` gives one "
                               "a name of its own)")
    run = CliRunner()
    res = run.invoke(app, ["deck", "add", "My  deck", "Potted Plant", "--url", db_url])
    assert res.exit_code == 0, res.output
    assert Deck.load("My  deck", url=db_url).size == 3 and Deck.load("My deck", url=db_url).size == 1
    assert sorted(list_decks(db_url)["name"]) == ["My  deck", "My deck"]  # not saved over the other
    res = run.invoke(app, ["deck", "rename", "My  deck", "My deck", "--url", db_url])
    assert res.exit_code == 1 and "a deck named 'My deck' already exists" in res.output, res.output
    res = run.invoke(app, ["deck", "rename", "My  deck", "Elves", "--url", db_url])
    assert res.exit_code == 0 and res.output == "renamed deck 'My  deck' to 'Elves'\n", res.output
    assert sorted(list_decks(db_url)["name"]) == ["Elves", "My deck"]
    assert Deck.load("Elves", url=db_url).size == 3 and Deck.load("My deck", url=db_url).size == 1
    res = run.invoke(app, ["deck", "rename", "Elves", "Elves  2", "--url", db_url])
    assert res.exit_code == 0 and "to 'Elves 2'" in res.output  # a new name is single-spaced
    with config.get_engine(db_url).begin() as conn:
        conn.execute(update(DeckRow.__table__).where(DeckRow.__table__.c.name == "Elves 2").values(name="My  deck"))
    delete_deck("My  deck", db_url)
    assert list(list_decks(db_url)["name"]) == ["My deck"]


def test_deck_export_in_python_refuses_the_suffix_of_another_format(real_catalog, tmp_path):
    """The Python ``Deck.export`` refuses what ``deck export`` refuses: a name that says another
    format (a new user's ``d.export("new.json")`` wrote a text deck into a .json file), and
    leaves an existing file of that name untouched, ``overwrite=True`` or not."""
    from munchkin_lab.fileio import OutputFileError

    d = Deck("Suffixes", catalog=real_catalog)
    d.add_set("munchkin")
    notes = tmp_path / "notes.json"
    notes.write_text('{"mine": 1}\n', encoding="utf-8")
    for name, fmt in (("new.json", "JSON"), ("cards.PDF", "PDF"), ("notes.json", "JSON")):
        with pytest.raises(OutputFileError, match=rf"{name}'.*a deck is written as text or YAML "
                                                  rf"\(\.yaml/\.yml\), not {fmt}; choose another name"):
            d.export(tmp_path / name, overwrite=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.json"]
    assert notes.read_text(encoding="utf-8") == '{"mine": 1}\n'
    d.export(tmp_path / "mix.deck")  # any other name is text
    assert (tmp_path / "mix.deck").read_text(encoding="utf-8").startswith("# munchkin-lab deck\nname: Suffixes\n")


def test_a_designer_dungeon_in_a_deck_without_scooby_doo_plays_with_the_dungeon_rules(real_catalog):
    """The deck's ``dungeons`` module is the engine's ``scooby_doo`` module on every route
    (``Deck.new_game``, the simulator's payload, ``Board.from_deck``): a designer Dungeon in
    base cards comes into play (Scooby-Doo rules, Set-up: one Dungeon face up)."""
    from munchkin_lab.decks import Catalog
    from munchkin_lab.engine.cards import CardSpec
    from munchkin_lab.sim.simulate import _deck_payload

    cellar = CardSpec.make(set="my_fan", name="Damp Cellar", kind="dungeon", deck="dungeon", bonus=1,
                           effects={"dungeon": {"vs_tag": [{"tag": "ghost", "bonus": 3}]}})
    cat = Catalog([*real_catalog.cards, (cellar, 1)], sets=real_catalog.sets)
    d = load_preset("base", catalog=cat)
    d.add("Damp Cellar")
    assert d.modules == ("dungeons",)
    assert d.game_options().modules == ("scooby_doo",)
    g = d.new_game(players=3, seed=1)
    st = g.state_dict()
    assert st["modules"] == ["core", "scooby_doo"]
    assert st["module_state"]["scooby_doo"]["dungeons"] == ["Damp Cellar"]
    assert _deck_payload(d)[3] == ("scooby_doo",)
    board = pytest.importorskip("munchkin_lab.widgets.board")
    b = board.Board.from_deck(d, players=3, seed=1)
    assert b.game.state_dict()["modules"] == ["core", "scooby_doo"]
