"""What a new user found on the deck command line (issue 17), through typer's CliRunner."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck
from munchkin_lab.decks import cli as deck_cli

runner = CliRunner()


@pytest.fixture
def url(fresh_sqlite):
    return fresh_sqlite


def run(*args, url=None, input=None):
    return runner.invoke(app, ["deck", *args] + (["--url", url] if url else []), input=input)


def _names(url):
    from munchkin_lab.decks.store import list_decks

    return list(list_decks(url)["name"])


def test_deck_delete_asks_first(url, monkeypatch):
    assert run("new", "Keep", "--set", "munchkin", url=url).exit_code == 0
    monkeypatch.setattr(deck_cli, "_interactive", lambda: True)
    res = run("delete", "Keep", url=url, input="n\n")
    assert res.exit_code == 1 and "Delete deck 'Keep' (" in res.output and "nothing deleted" in res.output
    assert _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="\n")  # the default answer is no
    assert res.exit_code == 1 and _names(url) == ["Keep"]
    res = run("delete", "Keep", url=url, input="y\n")
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []


def test_deck_delete_without_a_terminal_needs_yes(url):
    assert run("new", "Keep", url=url).exit_code == 0
    res = run("delete", "Keep", url=url, input="y\n")  # CliRunner's stdin is not a terminal
    assert res.exit_code == 1 and _names(url) == ["Keep"]
    assert "Error: not deleting deck 'Keep': no terminal to confirm on; pass --yes" in res.output
    res = run("delete", "Keep", "--yes", url=url)
    assert res.exit_code == 0 and "deleted deck 'Keep'" in res.output and _names(url) == []
    res = run("delete", "Keep", url=url)
    assert res.exit_code == 1 and "no deck named 'Keep'" in res.output
