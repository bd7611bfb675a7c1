"""A card named on two lines of a deck file (new-user finding: `1 Cheap Goblin` and
`2 cheap   goblin` were summed to 3 with "no problems" and no word): the copies are still
summed, and a note names both lines."""
from __future__ import annotations

from munchkin_lab.decks import parse_text, parse_yaml


def test_two_lines_of_one_card_are_summed_with_a_note(catalog):
    d = parse_text("name: x\n1 Potted Plant\n1 Elf\n2 potted   plant\n", catalog=catalog)
    assert d.copies("munchkin:Potted Plant") == 3
    assert d.notes == ["lines 2 and 4 both name Potted Plant [munchkin]: their copies are summed (3 in all)"]


def test_a_card_named_once_has_no_note(catalog):
    d = parse_text("name: x\n3 Potted Plant\n1 Elf\n", catalog=catalog)
    assert d.copies("munchkin:Potted Plant") == 3 and d.notes == []


def test_yaml_lines_too(catalog):
    d = parse_yaml("name: x\ncards:\n  - {name: Potted Plant, copies: 1}\n  - {name: Potted Plant, copies: 2}\n",
                   catalog=catalog)
    assert d.copies("munchkin:Potted Plant") == 3
    assert len(d.notes) == 1 and "both name Potted Plant [munchkin]" in d.notes[0] and "(3 in all)" in d.notes[0]


def test_deck_check_prints_the_note(tmp_path):
    from typer.testing import CliRunner

    from munchkin_lab.cli import app

    path = tmp_path / "mine.txt"
    path.write_text("name: mine\n1 Potted Plant [munchkin]\n1 Elf [munchkin]\n2 potted   plant [munchkin]\n",
                    encoding="utf-8")
    r = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert "note: lines 2 and 4 both name Potted Plant [munchkin]: their copies are summed (3 in all)" in r.output, r.output
