"""A new user's finding: `deck new H --preset base -s example_haunted_harbor` saved a deck that
fails its checks (a room tile but no START) without a word; the error showed only at
`simulate`. Creating or editing a deck now prints its check's problems (the deck is saved)."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "database" / "examples" / "example_haunted_harbor.yaml"


def deck(*args, url):
    res = runner.invoke(app, ["deck", *args, "--url", url])
    assert res.exit_code == 0, (args, res.output, res.exception)
    return res


def test_deck_new_and_edits_say_when_the_deck_fails_its_checks(fresh_sqlite):
    url = fresh_sqlite
    res = runner.invoke(app, ["set", "import", str(EXAMPLE), "--url", url])
    assert res.exit_code == 0, res.output
    res = deck("new", "H", "--preset", "base", "-s", "example_haunted_harbor", url=url)
    assert res.stdout.startswith("saved deck 'H': ")
    err = res.stderr.splitlines()
    assert err[0].startswith("Warning: deck 'H' is saved but fails its checks (simulate and play refuse it "
                             "until fixed): 1 error, ")
    assert err[1].startswith("  error: START: 1 room tile(s) but no START tile [start-tile;")
    assert err[-1] == f"  (`munchkin-lab deck check 'H' --url {url}` shows them again)"
    assert Deck.load("H", url=url).size > 0  # saved all the same
    res = deck("add", "H", "Potted Plant", url=url)  # an edit says it again
    assert "fails its checks" in res.stderr and "no START tile" in res.stderr
    res = deck("remove", "H", "Sunken Lighthouse", url=url)
    assert res.stderr.startswith("Warning: deck 'H' is saved but fails its checks")


def test_a_deck_without_problems_saves_quietly(fresh_sqlite):
    res = deck("new", "Plain", "--preset", "base", url=fresh_sqlite)
    assert res.stderr == "" and res.stdout.startswith("saved deck 'Plain': 168 cards")
