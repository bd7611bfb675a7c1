"""Face data, text fitting and page geometry (no PDF, no database)."""
from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm

from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.printing import face_fields
from munchkin_lab.printing.faces import back_layout, card_layout, tile_layout
from munchkin_lab.printing.fonts import BOLD, REGULAR, text_width
from munchkin_lab.printing.layout import CARD_SIZES, TILE_SIZES, check_bleed, make_grid
from munchkin_lab.printing.text import ELLIPSIS, fit_text
from printhelpers import LONG_NAME, assert_inside, inline_cards, inline_tiles

# ------------------------------------------------------------------ face_fields
def test_face_fields_monster_from_dict():
    f = face_fields(inline_cards()[0])
    assert f["name"] == "Test Slime" and f["kind_label"] == "Monster" and f["deck_label"] == "Door"
    assert [(s["key"], s["value"]) for s in f["stats"]] == [("level", "4"), ("treasures", "2"), ("levels_gained", "1")]
    assert f["stats"][1]["label"] == "Treasures" and f["stats"][2]["label"] == "Level gained"
    assert f["provenance_mark"] == "" and f["set_label"] == "Munchkin" and f["shape"] == "card"
    assert f["tags"] == ["Undead"]


def test_face_fields_items_enhancers_and_marks():
    cards = {c["name"]: face_fields(c) for c in inline_cards()}
    sandals = cards["Test Sandals"]
    assert sandals["subtitle"] == "Item \u00b7 Footgear \u00b7 Treasure"
    assert [(s["key"], s["value"]) for s in sandals["stats"]] == [("bonus", "+2"), ("gold", "400")]
    boulder = cards["Test Boulder"]
    assert "Big" in boulder["subtitle"] and boulder["stats"][1] == {"key": "gold", "label": "Gold (no value)", "value": "0"}
    grumpy = cards["Grumpy"]
    assert [(s["key"], s["value"]) for s in grumpy["stats"]] == [("bonus", "+5"), ("treasures", "+1")]
    assert cards[LONG_NAME]["provenance_mark"] == "DESIGNER" and cards[LONG_NAME]["manual"]
    assert cards["Fairy Dust (unnamed card)"]["provenance_mark"] == "INFERRED"
    assert cards["Test Level"]["stats"][0]["value"] == "+1"


def test_face_fields_from_spec_and_series_agree():
    spec = CardSpec.make(set="munchkin", name="Test Slime", kind="monster", deck="door", level=4, treasures=2,
                         levels_gained=1, tags=["Undead", "One-Shot"])
    f = face_fields(spec)
    assert f["key"] == "munchkin:Test Slime" and f["summary"] == "" and f["provenance"] == "printed"
    assert f["tags"] == ["One-Shot", "Undead"]
    row = pd.Series({**inline_cards()[0], "level": pd.NA, "version": float("nan")})
    g = face_fields(row)
    assert g["stats"][0]["value"] == "?" and g["version"] is None


def test_face_fields_tiles_and_rooms():
    tiles = [face_fields(t) for t in inline_tiles()]
    assert all(t["shape"] == "tile" for t in tiles)
    assert tiles[1]["version"] == "V1" and tiles[2]["version"] == "V2"
    assert tiles[3]["energy_core"] and not tiles[1]["energy_core"]


def test_face_fields_needs_a_name():
    with pytest.raises(ValueError):
        face_fields({"kind": "monster"})


# ------------------------------------------------------------------ text fitting
def test_fit_text_shrinks_then_wraps_then_cuts():
    short = fit_text("Potted Plant", BOLD, 150, 30, 11, 5)
    assert short.lines == ("Potted Plant",) and short.size == 11 and not short.truncated
    long = fit_text(LONG_NAME, BOLD, 150, 30, 11, 5, max_lines=3)
    assert all(text_width(line, BOLD, long.size) <= 150 for line in long.lines)
    assert len(long.lines) <= 3 and long.height <= 30
    cut = fit_text("word " * 500, REGULAR, 100, 40, 9, 5)
    assert cut.truncated and cut.lines[-1].endswith(ELLIPSIS) and cut.height <= 40
    assert all(text_width(line, REGULAR, cut.size) <= 100 for line in cut.lines)
    with pytest.raises(ValueError):
        fit_text("x", REGULAR, 0, 10, 9, 5)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec="latin-1", exclude_categories=("Cc", "Cs")), max_size=300),
       st.floats(30, 200), st.floats(8, 120))
def test_fit_text_never_overflows(text, w, h):
    fitted = fit_text(text, REGULAR, w, h, 10, 4)
    assert fitted.height <= h + 1e-6
    for line in fitted.lines:
        assert text_width(line, REGULAR, fitted.size) <= w + 1e-6


# ------------------------------------------------------------------ faces stay inside the card
@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_every_inline_face_stays_inside(size):
    w, h = CARD_SIZES[size]
    for card in inline_cards():
        lay = card_layout(card, w * mm, h * mm)
        assert_inside(lay)
        names = " ".join(r.text for r in lay.runs if r.role == "name")
        if card["name"] != LONG_NAME:
            assert names == card["name"]
    for tile in inline_tiles():
        assert_inside(tile_layout(tile, TILE_SIZES[size] * mm))
    for deck in ("door", "treasure", "dungeon", "fairy_dust", "character"):
        assert_inside(back_layout(deck, w * mm, h * mm, bleed=3 * mm))


def test_long_designer_name_wraps_and_shrinks():
    lay = card_layout(inline_cards()[1], 63 * mm, 88 * mm)
    name_runs = [r for r in lay.runs if r.role == "name"]
    assert 2 <= len(name_runs) <= 3 and name_runs[0].size < 11
    summary = [r for r in lay.runs if r.role == "summary"]
    assert summary and summary[-1].text.endswith(ELLIPSIS) or len(summary) > 10
    assert any(r.role == "provenance" and r.text == "DESIGNER" for r in lay.runs)
    assert_inside(lay)


def _summary(lay) -> str:
    return " ".join(r.text for r in lay.runs if r.role == "summary")


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_a_designer_card_without_summary_prints_its_effects_in_words(size):
    """New-user finding: a designer card with effects but no summary printed "(no summary)".
    Its face now says its effects in the card editor's words (effect_rows.effects_words, from
    the language's own compiler and renderer); only a card with neither keeps the placeholder."""
    from munchkin_lab.cards.effect_rows import abilities_of, describe

    w, h = CARD_SIZES[size]
    effects = {"bad_stuff": [{"lose_levels": 2}], "bonus_vs": [{"if": "race:elf", "bonus": 3}]}
    card = {"name": "Bog Troll", "set": "my_fan", "kind": "monster", "deck": "door", "level": 8,
            "provenance": "designer", "effects": effects}
    words = "; ".join(describe(a) for a in abilities_of(effects, "monster"))
    assert words == "when caught: levels -2; in play, if any_munchkin race:elf: this monster combat strength 3"
    assert face_fields(card)["effects_words"] == words
    lay = card_layout(card, w * mm, h * mm)
    assert_inside(lay)
    assert _summary(lay).replace(" ", "") == words.replace(" ", "")  # wrapped over lines, never cut
    assert _summary(card_layout({**card, "effects": {}}, w * mm, h * mm)) == "(no summary)"
    own = card_layout({**card, "summary": "A troll of the bog."}, w * mm, h * mm)
    assert _summary(own) == "A troll of the bog." and face_fields({**card, "summary": "x"})["effects_words"] == ""
    # a printed card without a summary stays blank, as before
    assert _summary(card_layout({**card, "provenance": "printed"}, w * mm, h * mm)) == ""


def test_effects_words_caps_many_abilities_and_names_effects_it_cannot_read():
    from munchkin_lab.cards.effect_rows import abilities_of, describe, effects_words

    many = {"bad_stuff": [{"lose_levels": 1}], "bonus_vs": [{"if": "race:elf", "bonus": 3}], "run_away": 1,
            "not_pursue": "gender:female", "evade_treasures": 1}
    words = [describe(a) for a in abilities_of(many, "monster")]
    assert len(words) == 4
    assert effects_words(many, "monster") == "; ".join(words[:3]) + "; ... 1 more"
    assert effects_words(many, "monster", limit=4) == "; ".join(words)
    # effects the language does not compile (a face can still be printed): named by their keys
    assert effects_words({"bad_stuff": "oops", "run_away": 1}, "monster") == "effects: bad stuff, run away"
    assert effects_words({}, "monster") == "" and effects_words(None, "item") == ""


def test_back_layout_refuses_tiles():
    with pytest.raises(ValueError, match="no card back"):
        back_layout("room_tile", 63 * mm, 88 * mm)


# ------------------------------------------------------------------ grid
def test_poker_grid_is_three_by_three_on_both_papers():
    for paper in ("a4", "letter"):
        g = make_grid(CARD_SIZES["poker"], paper, 0, (3, 3))
        assert (g.cols, g.rows) == (3, 3)
        x0, y0, x1, y1 = g.area()
        assert x0 > 5 * mm and y0 > 5 * mm and x1 < g.page_w - 5 * mm and y1 < g.page_h - 5 * mm


def test_grid_mirror_and_bleed():
    g = make_grid(CARD_SIZES["poker"], "a4", 1, (3, 3))
    assert g.pitch_x == pytest.approx(65 * mm) and g.per_page == 9
    for i in range(g.per_page):
        fx, fy = g.slot(i)
        bx, by = g.slot(i, mirror=True)
        assert by == fy
        assert bx + g.card_w / 2 == pytest.approx(g.page_w - (fx + g.card_w / 2))  # mirrored about the centre
    xs, ys = g.cut_lines()
    assert len(xs) == 6 and len(ys) == 6
    with pytest.raises(IndexError):
        g.slot(9)
    wide = make_grid(CARD_SIZES["poker"], "a4", 3, (3, 3))  # 3 x 69 mm no longer fits between the margins
    assert (wide.cols, wide.rows) == (2, 3)
    with pytest.raises(ValueError):
        check_bleed(-1)
    with pytest.raises(ValueError):
        make_grid((300, 400), "a4")


def test_an_empty_effect_prints_as_no_effect():
    """New-user finding: a Curse written with ``effects: {ops: []}`` printed "effects: ops" as
    its rules text; an empty effect is no effect, so its face is that of a card without effects."""
    from munchkin_lab.cards.effect_rows import effects_words

    curse = {"name": "Hollow Curse", "set": "my_fan", "kind": "curse", "deck": "door", "provenance": "designer"}
    empty = {**curse, "effects": {"ops": []}}
    assert face_fields(empty)["effects_words"] == face_fields(curse)["effects_words"] == ""
    w, h = CARD_SIZES["poker"]
    assert _summary(card_layout(empty, w * mm, h * mm)) == _summary(card_layout(curse, w * mm, h * mm)) == "(no summary)"
    assert effects_words({"ops": [], "room": None}, "curse") == ""
    # a part with content is still named (the language cannot read it), the empty one left out
    assert effects_words({"ops": [], "room": {"x": 1}}, "curse") == "effects: room"


EMOJI_CLOWN = {"name": "\U0001f921 Emoji Clown", "set": "my_fan", "kind": "monster", "deck": "door", "level": 2,
               "treasures": 1, "provenance": "designer"}


def test_a_character_no_font_has_prints_as_a_visible_placeholder(monkeypatch):
    """New-user finding: a card named with an emoji printed a blank box (DejaVu has no emoji).
    With no fallback font installed the character is printed as U+FFFD, which DejaVu draws,
    and the layout records it so that the sheet says so once."""
    from munchkin_lab.printing import fonts

    monkeypatch.setattr(fonts, "fallback_font", lambda: None)
    assert not fonts.covers(BOLD, "\U0001f921") and fonts.covers(BOLD, fonts.PLACEHOLDER)
    w, h = CARD_SIZES["poker"]
    lay = card_layout(EMOJI_CLOWN, w * mm, h * mm)
    name = " ".join(r.text for r in lay.runs if r.role == "name")
    assert name == f"{fonts.PLACEHOLDER} Emoji Clown" and lay.missing == {"\U0001f921"}
    assert_inside(lay)
    assert card_layout({**EMOJI_CLOWN, "name": "Plain Clown"}, w * mm, h * mm).missing == set()


def test_a_fullwidth_name_prints_in_plain_letters(monkeypatch):
    """New-user finding: a designer card named in fullwidth letters (``Ｆｕｌｌｗｉｄｔｈ
    Ghoul``, as typed) printed as replacement glyphs: DejaVu has no fullwidth forms. A
    character no font has is drawn in its compatibility form (NFKC, the form the search reads)
    when the font has that; only what has none is a placeholder."""
    from munchkin_lab.printing import fonts

    monkeypatch.setattr(fonts, "fallback_font", lambda: None)
    full = "\uff26\uff55\uff4c\uff4c\uff57\uff49\uff44\uff54\uff48"
    assert not fonts.covers(BOLD, full[0])
    assert fonts.printable(f"{full} Ghoul \U0001f921", BOLD) == (f"Fullwidth Ghoul {fonts.PLACEHOLDER}", {"\U0001f921"})
    w, h = CARD_SIZES["poker"]
    lay = card_layout({**EMOJI_CLOWN, "name": f"{full} Ghoul"}, w * mm, h * mm)
    assert " ".join(r.text for r in lay.runs if r.role == "name") == "Fullwidth Ghoul" and lay.missing == set()


def test_a_character_the_fallback_font_has_is_drawn_with_it(monkeypatch):
    """When an installed font has a character DejaVu lacks, the run is drawn in pieces, that
    character in the fallback font (checked with a math letter of DejaVu Math, which this
    machine has: no emoji font is installed here)."""
    from pathlib import Path

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from munchkin_lab.printing import fonts

    math_font = Path("/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf")
    if not math_font.is_file():
        pytest.skip("DejaVu Math TeX Gyre is not installed")
    pdfmetrics.registerFont(TTFont("MLab-TestFallback", str(math_font)))
    monkeypatch.setattr(fonts, "fallback_font", lambda: "MLab-TestFallback")
    bold_b = "\U0001d401"  # MATHEMATICAL BOLD CAPITAL B: DejaVu Math has it, DejaVu Sans not
    assert not fonts.covers(BOLD, bold_b)
    assert fonts.printable(f"{bold_b}og", BOLD) == (f"{bold_b}og", set())
    assert fonts.segments(f"{bold_b}og", BOLD) == [(bold_b, "MLab-TestFallback"), ("og", BOLD)]
    assert fonts.text_width(f"{bold_b}og", BOLD, 10) == pytest.approx(
        pdfmetrics.stringWidth(bold_b, "MLab-TestFallback", 10) + pdfmetrics.stringWidth("og", BOLD, 10))
    w, h = CARD_SIZES["poker"]
    lay = card_layout({**EMOJI_CLOWN, "name": f"{bold_b}og Clown"}, w * mm, h * mm)
    assert lay.missing == set() and " ".join(r.text for r in lay.runs if r.role == "name") == f"{bold_b}og Clown"

    class Canvas:  # what draw() paints, piece by piece
        def __init__(self):
            self.font, self.drawn = None, []

        def __getattr__(self, name):
            return lambda *a, **k: None

        def setFont(self, font, size):
            self.font = font

        def drawString(self, x, y, text):
            self.drawn.append((text, self.font))

    from munchkin_lab.printing.faces import draw

    canvas = Canvas()
    draw(canvas, lay, 0, 0)
    assert (bold_b, "MLab-TestFallback") in canvas.drawn and ("og Clown", BOLD) in canvas.drawn
