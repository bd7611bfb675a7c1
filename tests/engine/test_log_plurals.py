"""Counted nouns in the engine's log and the board's messages say "1 card" / "2 cards", never
"card(s)" (munchkin_lab.plural is the one home for counted nouns)."""
from __future__ import annotations

import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "munchkin_lab"


def test_no_counted_noun_is_written_with_an_s_in_brackets_in_a_message():
    # a message is an f-string that puts a count before the noun: "{n} card(s)"
    pat = re.compile(r"\{[^{}]+\} (?:[A-Z][a-z]+ )?(card|Level|Treasure|action|token|Resource|game|seat|item)\(s\)")
    found = [f"{p.relative_to(PKG)}:{i}" for sub in ("engine", "widgets", "sim") for p in sorted((PKG / sub).rglob("*.py"))
             for i, line in enumerate(p.read_text().splitlines(), 1) if pat.search(line)]
    assert found == []


def test_plural_counts():
    from munchkin_lab.plural import plural
    from munchkin_lab.engine.ops import _lasting_words
    assert _lasting_words("treasures", 1) == "gives +1 Treasure" and _lasting_words("treasures", -2) == "gives -2 Treasures"
    assert _lasting_words("double_sale", 1) == "sells 1 item a turn for double"
    assert [plural(n, "Treasure") for n in (0, 1, 2, -1)] == ["0 Treasures", "1 Treasure", "2 Treasures", "-1 Treasure"]
