"""New-user finding: `deck add DECK QUERY` whose query also found cards the deck held took them
from 1 to 2 copies without a word. It now says which cards went from n to m copies."""
from __future__ import annotations

from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck

runner = CliRunner()


def _run(url, *args):
    res = runner.invoke(app, ["deck", *args, "--url", url])
    assert res.exit_code == 0, res.output
    return res.output


def test_a_query_that_adds_cards_already_in_the_deck_says_their_copies(fresh_sqlite):
    url = fresh_sqlite
    _run(url, "new", "Gloom Scooby")
    _run(url, "add", "Gloom Scooby", "tag:ghost")
    ghosts = {k: e.copies for k, e in Deck.load("Gloom Scooby", url=url).entries.items()}
    assert ghosts["scooby_doo:Snow Ghost"] == 1 and ghosts["scooby_doo:Ghost Clown"] == 1
    out = _run(url, "add", "Gloom Scooby", "set:scooby_doo -kind:dungeon -kind:portal")
    after = Deck.load("Gloom Scooby", url=url)
    grown = sorted(k for k in ghosts if after.entries[k].copies > ghosts[k])
    assert "scooby_doo:Snow Ghost" in grown and "scooby_doo:Ghost Clown" in grown
    note = next(line for line in out.splitlines() if line.startswith("note: "))
    assert note.startswith(f"note: {len(grown)} cards were in the deck already, now with more copies: ")
    for key in grown:
        set_code, name = key.split(":", 1)
        assert f"{name} [{set_code}] {ghosts[key]} -> {after.entries[key].copies}" in note
    # a query that finds only new cards says nothing of the kind
    out = _run(url, "add", "Gloom Scooby", "Potted Plant")
    assert "in the deck already" not in out


def test_a_search_finding_one_card_of_the_deck_names_its_copies_a_name_says_nothing(fresh_sqlite):
    url = fresh_sqlite
    _run(url, "new", "One")
    _run(url, "add", "One", "Potted Plant")
    out = _run(url, "add", "One", "Potted Plant")  # named by itself: added to on purpose
    assert "in the deck already" not in out
    out = _run(url, "add", "One", 'name:"Potted Plant"')  # a search
    assert ("note: 1 card was in the deck already, now with more copies: Potted Plant [munchkin] 2 -> 3 "
            "(`deck remove 'One' 'munchkin:Potted Plant' --copies 1` takes the extra copies out)") in out
