"""Long problem lists are capped where they are printed, with one helper
(``plural.listed_lines``): the first 50 lines, then a line counting the rest and saying where
to see them; the error's ``problems`` keeps every one (a new user's 807-line error)."""
from __future__ import annotations

from munchkin_lab.cards.errors import CardDataError
from munchkin_lab.decks.files import DeckFileError, FileProblem
from munchkin_lab.plural import listed_lines


def test_listed_lines_caps_and_counts_the_rest():
    assert listed_lines(["a", "b"], "see all") == "  a\n  b"
    text = listed_lines([f"p{i}" for i in range(53)], "see all")
    lines = text.split("\n")
    assert len(lines) == 51
    assert lines[0] == "  p0" and lines[49] == "  p49"
    assert lines[50] == "  ... and 3 more (see all)"
    assert listed_lines(["x"] * 3, "r", limit=2).split("\n")[-1] == "  ... and 1 more (r)"


def test_a_deck_file_error_and_a_card_data_error_show_50_problems_and_keep_all():
    deck = DeckFileError([FileProblem(i + 1, f"unknown card 'C{i}'") for i in range(120)], source="d.txt")
    lines = str(deck).split("\n")
    assert lines[0] == "d.txt: 120 problems in deck file"
    assert lines[1] == "  line 1: unknown card 'C0'" and lines[50] == "  line 50: unknown card 'C49'"
    assert lines[51] == "  ... and 70 more (fix these and read it again to see the rest)"
    assert len(lines) == 52 and len(deck.problems) == 120
    cards = CardDataError([f"card 'M{i}': level: not a number" for i in range(51)], note="nothing written")
    lines = str(cards).split("\n")
    assert lines[0] == "51 problems in the card data:" and lines[-1] == "nothing written"
    assert lines[-2] == "  ... and 1 more (fix these and run again to see the rest)"
    assert len(cards.problems) == 51
