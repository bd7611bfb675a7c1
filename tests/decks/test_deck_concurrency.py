"""Decks stay whole under concurrency (issue 14): parallel `munchkin-lab deck add` processes
keep every edit, a stale save is refused as "changed meanwhile", edit_deck starts again from
a fresh load (SQLite, and PostgreSQL when MUNCHKIN_LAB_PG_URL is set)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from munchkin_lab.cards.api import cards
from munchkin_lab.decks import Deck, DeckConflictError, DeckError
from munchkin_lab.decks.store import edit_deck

REPO = Path(__file__).resolve().parents[2]
#: waits for a flag file (so every process starts its edit at the same moment), then runs the CLI
CLI = ("import os, sys, time\n"
       "from munchkin_lab.cli import app\n"
       "flag = sys.argv.pop(1)\n"
       "open(flag + '.' + str(os.getpid()), 'w').close()\n"
       "while not os.path.exists(flag):\n    time.sleep(0.005)\n"
       "sys.argv[0] = 'munchkin-lab'\n"
       "app()\n")


def test_parallel_deck_adds_keep_every_edit(db_url, tmp_path):
    names = list(cards("set:munchkin kind:monster", url=db_url)["name"][:10])
    Deck("Race", url=db_url).save()
    flag = tmp_path / "go"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    procs = [subprocess.Popen([sys.executable, "-c", CLI, str(flag), "deck", "add", "Race", name, "--set", "munchkin",
                               "--url", db_url], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for name in names]
    try:
        end = time.monotonic() + 120
        while len(list(tmp_path.glob("go.*"))) < len(procs) and time.monotonic() < end:
            assert all(p.poll() is None for p in procs), [p.communicate() for p in procs if p.poll() is not None]
            time.sleep(0.02)
        flag.touch()
        results = [p.communicate(timeout=180) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert [p.returncode for p in procs] == [0] * 10, results
    assert all("added 1 card:" in out for out, _ in results), results
    deck = Deck.load("Race", url=db_url)
    assert sorted(deck.entries) == sorted(f"munchkin:{n}" for n in names)
    assert deck.size == 10
    assert deck._stored_as[2] == 11  # created once, saved ten times


def test_stale_save_is_refused_and_force_overwrites(db_url):
    Deck("Shared", url=db_url).save()
    mine, theirs = Deck.load("Shared", url=db_url), Deck.load("Shared", url=db_url)
    theirs.add("Potted Plant")
    theirs.save(replace=True)
    mine.add("Mr. Bones")
    with pytest.raises(DeckConflictError) as info:
        mine.save(replace=True)
    assert str(info.value) == ("deck 'Shared' was changed by someone else since it was loaded (version 1, now 2); "
                               "load it again and redo your change (or save with force=True to overwrite theirs)")
    assert isinstance(info.value, DeckError)
    assert sorted(Deck.load("Shared", url=db_url).entries) == ["munchkin:Potted Plant"]  # theirs, untouched
    theirs.add("King Tut")
    theirs.save(replace=True)  # the deck that was saved carries its new version: saves again
    mine.save(replace=True, force=True)
    assert sorted(Deck.load("Shared", url=db_url).entries) == ["munchkin:Mr. Bones"]
    # a deck not read from the database (new, a file, a copy) still replaces outright
    fresh = Deck("Shared", url=db_url)
    fresh.add("Elf")
    fresh.save(replace=True)
    assert sorted(Deck.load("Shared", url=db_url).entries) == ["munchkin:Elf"]


def test_edit_deck_starts_again_after_a_conflict(db_url):
    Deck("Shared", url=db_url).save()
    calls = []

    def change(deck):
        calls.append(sorted(deck.entries))
        if len(calls) == 1:  # someone else saves between our load and our save
            other = Deck.load("Shared", url=db_url)
            other.add("Potted Plant")
            other.save(replace=True)
        return deck.add("Mr. Bones")

    deck, specs = edit_deck("Shared", change, url=db_url)
    assert calls == [[], ["munchkin:Potted Plant"]]
    assert [s.name for s in specs] == ["Mr. Bones"]
    assert sorted(Deck.load("Shared", url=db_url).entries) == ["munchkin:Mr. Bones", "munchkin:Potted Plant"]
    assert deck == Deck.load("Shared", url=db_url)


def test_deck_deleted_meanwhile(db_url):
    from munchkin_lab.decks import delete_deck

    Deck("Gone", url=db_url).save()
    mine = Deck.load("Gone", url=db_url)
    delete_deck("Gone", db_url)
    mine.add("Elf")
    with pytest.raises(DeckConflictError, match="deleted by someone else"):
        mine.save(replace=True)
    with pytest.raises(DeckError, match="no deck named 'Gone'"):
        edit_deck("Gone", lambda d: d.add("Elf"), url=db_url)
    mine.save(replace=True, force=True)
    assert sorted(Deck.load("Gone", url=db_url).entries) == ["munchkin:Elf"]


def test_a_loaded_deck_saves_over_itself_with_its_public_row_version(db_url):
    """As the README says: ``deck.row_version`` is public (read-only) and a deck loaded from
    the database saves over the stored one without ``replace``, while a stale save is still
    refused and a deck not loaded from it still needs ``replace``."""
    from munchkin_lab.decks import DuplicateDeckError

    new = Deck("Tri mix", url=db_url)
    assert new.row_version is None
    new.save()
    assert new.row_version == 1
    a = Deck.load("Tri mix", url=db_url)
    assert a.row_version == 1
    with pytest.raises(AttributeError):
        a.row_version = 5
    a.add("Gazebo")
    a.save()  # no replace=True: it is the stored deck
    assert a.row_version == 2
    a.add("Potted Plant")
    a.save()  # and again
    assert a.row_version == 3 and Deck.load("Tri mix", url=db_url).row_version == 3
    b = Deck.load("Tri mix", url=db_url)
    a.add("Mr. Bones")
    a.save()
    b.add("Elf")
    with pytest.raises(DeckConflictError, match=r"changed by someone else since it was loaded \(version 3, now 4\)"):
        b.save()
    assert sorted(Deck.load("Tri mix", url=db_url).entries) == ["munchkin:Gazebo", "munchkin:Mr. Bones",
                                                                "munchkin:Potted Plant"]
    with pytest.raises(DuplicateDeckError):
        Deck("Tri mix", url=db_url).save()  # another deck of that name: replace=True only
    assert a.copy().row_version is None  # a copy is not the stored deck
