"""One "did you mean ...?" rule for every message (munchkin_lab.suggest): one cutoff, and no
module asks difflib with a cutoff of its own."""
from __future__ import annotations

from pathlib import Path

import munchkin_lab
from munchkin_lab.suggest import CUTOFF, close_matches


def test_close_matches_uses_the_one_cutoff():
    assert CUTOFF == 0.54
    assert close_matches("hed", ["headgear", "footgear", "armor"]) == ["headgear"]  # ratio 0.55
    assert close_matches("monstr", ["monster", "curse", "race"], n=1) == ["monster"]
    assert close_matches("xyz", ["headgear", "armor"]) == []
    assert close_matches("colour", ["source", "level"]) == []  # ratio 0.5: half the letters
    assert close_matches("grave lrd", ["grave lord", "flame sword"]) == ["grave lord"]
    assert close_matches("cuse", ("curse", "course", "cause", "case"), n=2) == ["curse", "cause"]  # best first


def test_no_module_has_a_close_match_cutoff_of_its_own():
    root = Path(munchkin_lab.__file__).parent
    calls = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py"))
             if "get_close_matches" in p.read_text(encoding="utf-8") and p.name != "suggest.py"]
    assert calls == []


def test_synonyms_and_plurals_come_before_spelling():
    from munchkin_lab.engine.lang import vocab as V
    from munchkin_lab.suggest import did_you_mean

    assert close_matches("combat_start", V.TRIGGERS, n=1) == ["enters_combat"]  # not turn_start
    assert close_matches("permanent", V.DURATIONS, n=1) == ["good"]
    assert close_matches("forever", V.DURATIONS, n=1) == ["good"]
    assert close_matches("elves", ["feline", "elf", "dwarf"], n=1) == ["elf"]  # not Feline
    assert close_matches("dwarves", ["feline", "elf", "dwarf"], n=1) == ["dwarf"]
    assert close_matches("permanent", ["headgear", "armor"]) == []  # a synonym only where it is a choice
    assert did_you_mean("lose", V.OPS).startswith(" (did you mean one of 'lose_levels', ")
    assert "'lose_item'" in did_you_mean("lose", V.OPS) and "'lose_race'" in did_you_mean("lose", V.OPS)
    assert did_you_mean("elves", {"elf": "Elf", "feline": "Feline"}, {"elf": "Elf"}) == " (did you mean 'Elf'?)"
