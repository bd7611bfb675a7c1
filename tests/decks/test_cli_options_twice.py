"""Options on the command line and in deck files: one given twice is refused naming it (the
last one used to win silently), and a bad value is a usage error like a bad name (exit 2)."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from munchkin_lab.cli import app
from munchkin_lab.decks import Deck
from munchkin_lab.decks.files import DeckFileError, parse_text
from munchkin_lab.decks.model import repeated_option

runner = CliRunner()
BAD_NEW = "Error: Invalid value for '--option' / '-o': "
BAD_OPTION = "Error: Invalid value for 'OPTION...': "


def ml(*args, url, code=0):
    res = runner.invoke(app, [*args, "--url", url])
    assert res.exit_code == code, (args, res.output, res.exception)
    return res


def test_repeated_option_names_the_first_option_given_twice():
    assert repeated_option(["faster_play", "fairy_dust.fairy_level=3"]) is None
    assert repeated_option(["fairy_dust.fairy_level=1", "faster_play", "fairy_dust.fairy_level=2"]) == (
        "option fairy_dust.fairy_level is given twice (fairy_dust.fairy_level=1, then fairy_dust.fairy_level=2); "
        "give it once")
    assert repeated_option(["faster_play", "faster_play=false"]).startswith("option faster_play is given twice")
    assert repeated_option(["rooms.bug_900=true", "rooms.bug_900=true"]) is not None  # same value: still twice


def test_deck_new_refuses_an_option_given_twice(fresh_sqlite):
    url = fresh_sqlite
    res = ml("deck", "new", "Twice", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=1",
             "-o", "fairy_dust.fairy_level=2", url=url, code=2)
    assert res.output.strip() == (f"{BAD_NEW}option fairy_dust.fairy_level is given twice "
                                  "(fairy_dust.fairy_level=1, then fairy_dust.fairy_level=2); give it once")
    ml("deck", "show", "Twice", url=url, code=1)  # nothing saved
    ml("deck", "new", "Twice", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=2", url=url)
    assert Deck.load("Twice", url=url).options["fairy_dust.fairy_level"] == 2


def test_deck_option_refuses_an_option_given_twice_and_bad_values_exit_2(fresh_sqlite):
    url = fresh_sqlite
    ml("deck", "new", "Opt", "--preset", "base_fairy_dust", "--option", "fairy_dust.fairy_level=5", url=url)
    res = ml("deck", "option", "Opt", "faster_play", "fairy_dust.fairy_level=7", "faster_play=false", url=url, code=2)
    assert res.output.strip() == (f"{BAD_OPTION}option faster_play is given twice (faster_play, then "
                                  "faster_play=false); give it once")
    res = ml("deck", "option", "Opt", "fairy_dust.fairy_level=101", url=url, code=2)
    assert res.output.strip() == f"{BAD_OPTION}option fairy_dust.fairy_level takes a Level from 0 to 100, or none, got 101"
    res = ml("deck", "option", "Opt", "fairy_dust.fairy_levl=3", url=url, code=2)
    assert res.output.strip().startswith(f"{BAD_OPTION}No such option: fairy_dust.fairy_levl (did you mean "
                                         "fairy_dust.fairy_level?)")
    res = ml("deck", "option", "Opt", "faster_play=maybe", url=url, code=2)
    assert res.output.strip() == f"{BAD_OPTION}option 'faster_play' takes true or false, got 'maybe'"
    deck = Deck.load("Opt", url=url)  # none of the refused commands changed the deck
    assert deck.options["fairy_dust.fairy_level"] == 5 and deck.options["faster_play"] is False


def test_a_deck_files_options_line_refuses_an_option_given_twice(catalog):
    with pytest.raises(DeckFileError) as info:
        parse_text("name: F\noptions: faster_play, fairy_dust.fairy_level=6, fairy_dust.fairy_level=7\n\n"
                   "3 Potted Plant [munchkin]\n", catalog=catalog)
    assert [str(p) for p in info.value.problems] == [
        "line 2: option fairy_dust.fairy_level is given twice (fairy_dust.fairy_level=6, then "
        "fairy_dust.fairy_level=7); give it once"]
    with pytest.raises(DeckFileError) as info:
        parse_text("name: F\noptions: faster_play, -faster_play\n\n3 Potted Plant [munchkin]\n", catalog=catalog)
    assert [str(p) for p in info.value.problems] == [
        "line 2: option faster_play is given twice (faster_play, then -faster_play); give it once"]
    deck = parse_text("name: F\noptions: faster_play, fairy_dust.fairy_level=6\n\n3 Potted Plant [munchkin]\n",
                      catalog=catalog)
    assert deck.options["fairy_dust.fairy_level"] == 6
