"""PDF sheets: page counts, text read back, mirrored backs, reference images, bad input.

Reference images live in ``tests/printing/reference/``; after an intended design change,
regenerate them with ``MUNCHKIN_LAB_UPDATE_REFERENCE=1 pytest tests/printing`` and look at them.
"""
from __future__ import annotations

import io
import math
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from munchkin_lab.decks import Catalog, Deck
from munchkin_lab.decks.presets import load_preset
from munchkin_lab.engine.cards import CardSpec
from munchkin_lab.printing import PrintError, pdf_bytes, preview_image, preview_png, print_cards
from munchkin_lab.printing import sheets as sheets_mod
from munchkin_lab.printing.faces import card_layout
from printhelpers import assert_inside, inline_cards, inline_tiles

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("MUNCHKIN_LAB_UPDATE_REFERENCE") == "1"
#: Mean absolute pixel difference (0-255, over RGB) a render may differ from its reference.
TOLERANCE = 2.0
REF_DPI = 60


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def page_texts(path) -> list[str]:
    return [squash(p.extract_text() or "") for p in PdfReader(str(path)).pages]


def expected_pages(cards: int, tiles: int, per_page=9, tiles_per_page=12, backs=True) -> int:
    return math.ceil(cards / per_page) * (2 if backs else 1) + math.ceil(tiles / tiles_per_page)


# ------------------------------------------------------------------ page counts and text
def test_twenty_cards_give_three_face_and_three_back_pages(tmp_path):
    cards = (inline_cards() * 3)[:20]
    out = tmp_path / "twenty.pdf"
    r = print_cards(cards, out)
    assert (r.cards, r.face_pages, r.back_pages, r.pages) == (20, 3, 3, 6)
    assert r.page_kinds == ["face", "back"] * 3
    assert len(PdfReader(str(out)).pages) == 6
    r2 = print_cards(cards, tmp_path / "nobacks.pdf", backs=False)
    assert r2.pages == 3 and len(PdfReader(str(r2.path)).pages) == 3


def test_base_deck_prints_with_every_card_on_its_page(print_url, tmp_path):
    deck = load_preset("base", url=print_url)
    out = tmp_path / "base.pdf"
    r = print_cards("base", out, url=print_url)
    assert r.cards == deck.size and r.tiles == 0
    assert r.pages == expected_pages(deck.size, 0) == len(PdfReader(str(out)).pages)
    texts = page_texts(out)
    from munchkin_lab.cards.api import cards

    summaries = {row["name"]: row["summary"] for row in cards("set:munchkin", url=print_url).to_dict("records")}
    for text, kind, names in zip(texts, r.page_kinds, r.page_names):
        if kind == "back":
            assert "DOOR" in text or "TREASURE" in text
            continue
        for name in names:
            assert squash(name) in text, name
            assert squash(summaries[name]) in text, name  # every real summary fits on its card


def test_scooby_doo_and_fairy_dust_mix(print_url, tmp_path):
    deck = Deck("Scooby + Fairy Dust", url=print_url)
    deck.add_set("scooby_doo")
    deck.add_set("fairy_dust")
    out = tmp_path / "mix.pdf"
    r = print_cards(deck, out)
    assert r.cards == deck.size  # copies as in the deck (15 Fairy Dust placeholders)
    assert r.pages == expected_pages(deck.size, 0)
    text = "".join(page_texts(out))
    for spec, _ in deck.specs():
        assert squash(spec.name) in text
    assert "DUNGEON" in text and "FAIRYDUST" in text and "INFERRED" in text
    assert text.count(squash("Fairy Dust (unnamed card)")) == 15


def test_room_tiles_print_as_square_tiles(print_url, tmp_path):
    out = tmp_path / "sma.pdf"
    r = print_cards("star_munchkin_adventures", out, url=print_url)
    assert r.tiles == 6 and r.tile_pages == 1 and r.page_kinds[-1] == "tile"
    tile_text = page_texts(out)[-1]
    for name in ("START", "Conveyor Belt Room", "Brig", "Empathizator", "Glass Dome", "Shaft of Doom"):
        assert squash(name) in tile_text
    page = PdfReader(str(out)).pages[-1]
    assert float(page.mediabox.width) == pytest.approx(595.28, abs=0.1)  # A4


def test_solar_storm_rooms_with_versions_and_energy_core(print_url, tmp_path):
    out = tmp_path / "ss.pdf"
    r = print_cards("set:solar_storm", out, url=print_url)
    assert (r.tiles, r.cards, r.pages, r.back_pages) == (17, 0, 2, 0)
    text = "".join(page_texts(out))
    for room in ("Crew Quarters", "Cargo Hold", "Mess Hall", "Engine Room", "Repair Centre", "Medical Bay",
                 "The Bridge", "The Armoury"):
        for v in ("V1", "V2"):
            assert squash(f"{room} ({v})") in text
    assert "EnergyCore" in text and "centreoftheship" in text
    assert text.count("V1") >= 16 and text.count("V2") >= 16  # name and badge


def test_letter_tarot_mini_and_bleed(tmp_path):
    cards = inline_cards()
    r = print_cards(cards, tmp_path / "letter.pdf", paper="letter")
    page = PdfReader(str(r.path)).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((612, 792), abs=0.1)
    assert r.per_page == 9
    assert print_cards(cards, tmp_path / "tarot.pdf", size="tarot").per_page == 4
    mini = print_cards(cards, tmp_path / "mini.pdf", size="mini")
    assert mini.per_page == 16 and mini.pages == 2
    bleed = print_cards(cards, tmp_path / "bleed.pdf", bleed_mm=3)
    assert bleed.per_page == 6 and bleed.pages == 4


def test_backs_are_mirrored_for_duplex(tmp_path):
    cards = inline_cards()
    door, treasure = cards[0], cards[4]
    out = tmp_path / "mirror.pdf"
    print_cards([door, door, treasure], out)  # treasure in the right column
    pages = PdfReader(str(out)).pages
    found: list[tuple[str, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), cm[4] + tm[4]))

    pages[1].extract_text(visitor_text=visit)
    width = float(pages[1].mediabox.width)
    treasure_x = [x for t, x in found if t.startswith("TREASUR")]  # pypdf may split the word
    door_x = [x for t, x in found if t == "DOOR"]
    assert len(treasure_x) == 1 and len(door_x) == 2, found
    assert treasure_x[0] < width / 3  # mirrored to the left column
    assert all(x > width / 3 for x in door_x)


def test_output_is_deterministic():
    assert pdf_bytes(inline_cards()) == pdf_bytes(inline_cards())


def test_deck_copies_and_inline_catalog(tmp_path):
    specs = [CardSpec.make(set="lab", name="Paper Golem", kind="monster", deck="door", level=3, treasures=1),
             CardSpec.make(set="lab", name="Ink Pot", kind="one_shot", deck="treasure", bonus=2)]
    deck = Deck("Inline", catalog=Catalog.from_specs(specs))
    deck.add("Paper Golem", copies=4)
    deck.add("Ink Pot", copies=7)
    r = print_cards(deck, tmp_path / "inline.pdf")
    assert r.cards == 11 and r.pages == 4
    text = "".join(page_texts(r.path))
    assert text.count("PaperGolem") == 4 and text.count("InkPot") == 7


# ------------------------------------------------------------------ preview and reference images
def _compare(img: Image.Image, name: str) -> float:
    ref_path = REFERENCE / name
    if UPDATE or not ref_path.exists():
        if not UPDATE:
            pytest.fail(f"reference image {ref_path} missing; run with MUNCHKIN_LAB_UPDATE_REFERENCE=1")
        ref_path.parent.mkdir(parents=True, exist_ok=True)
        img.save(ref_path, optimize=True)
    ref = Image.open(ref_path).convert("RGB")
    assert ref.size == img.size, (ref.size, img.size)
    diff = np.abs(np.asarray(img, dtype=np.int16) - np.asarray(ref, dtype=np.int16)).mean()
    return float(diff)


@pytest.mark.parametrize("page,name", [(0, "faces_a4_poker.png"), (1, "backs_a4_poker.png"),
                                       (2, "tiles_a4_poker.png")])
def test_rendered_pages_match_reference(tmp_path, page, name):
    out = tmp_path / "ref.pdf"
    r = print_cards(inline_cards() + inline_tiles(), out)
    assert r.page_kinds == ["face", "back", "tile"]
    img = preview_image(out, page, dpi=REF_DPI)
    assert abs(img.size[0] - 595.28 * REF_DPI / 72) <= 1 and abs(img.size[1] - 841.89 * REF_DPI / 72) <= 1
    assert _compare(img, name) <= TOLERANCE


def test_reference_comparison_notices_a_changed_page(tmp_path):
    out = tmp_path / "other.pdf"
    print_cards(list(reversed(inline_cards())), out)
    assert _compare(preview_image(out, 0, dpi=REF_DPI), "faces_a4_poker.png") > TOLERANCE


def test_preview_png_bytes(tmp_path):
    out = tmp_path / "p.pdf"
    print_cards(inline_cards()[:2], out)
    data = preview_png(out)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h = Image.open(io.BytesIO(data)).size
    assert abs(w - 595.28) <= 1 and abs(h - 841.89) <= 1
    assert preview_png(out.read_bytes(), page=1)[:4] == b"\x89PNG"
    with pytest.raises(PrintError, match="page 5"):
        preview_png(out, page=5)
    with pytest.raises(FileNotFoundError):
        preview_png(tmp_path / "missing.pdf")


# ------------------------------------------------------------------ bad input
def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("selection,match", [
    ([], "empty"),
    ("", "empty"),
    (None, "empty"),
    ("preset:nope", "unknown deck"),
    ("no_such_deck.txt", "unknown deck"),
    ("zzqx-no-such-card", "unknown deck"),
    ("level>>", "not a valid card query"),
    (["No Such Card Anywhere"], "no card named"),
    ([{"kind": "monster"}], "without a name"),
    ([("Potted Plant", -1)], "negative copies"),
    (42, "cannot print int"),
])
def test_bad_selection_is_a_clear_error_and_leaves_nothing(print_url, tmp_path, selection, match):
    with pytest.raises(PrintError, match=match):
        print_cards(selection, tmp_path / "x.pdf", url=print_url)
    assert _leftovers(tmp_path) == []


def test_empty_deck_is_an_error(tmp_path):
    deck = Deck("Empty", catalog=Catalog.from_specs([]))
    with pytest.raises(PrintError, match="empty"):
        print_cards(deck, tmp_path / "x.pdf")
    assert _leftovers(tmp_path) == []


def test_unwritable_output(tmp_path):
    with pytest.raises(PrintError, match="does not exist"):
        print_cards(inline_cards(), tmp_path / "missing" / "x.pdf")
    with pytest.raises(PrintError, match="folder"):
        print_cards(inline_cards(), tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(PrintError):
        print_cards(inline_cards(), blocker / "x.pdf")
    assert _leftovers(tmp_path) == ["file"]


@pytest.mark.parametrize("kw", [{"size": "huge"}, {"paper": "a3"}, {"bleed_mm": 9}, {"bleed_mm": -1}])
def test_bad_options(tmp_path, kw):
    with pytest.raises(ValueError):
        print_cards(inline_cards(), tmp_path / "x.pdf", **kw)
    assert _leftovers(tmp_path) == []


def test_failure_while_drawing_leaves_no_half_written_pdf(tmp_path, monkeypatch):
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"%PDF old file")
    real = sheets_mod.card_layout
    calls = {"n": 0}

    def flaky(*a, **k):
        calls["n"] += 1
        if calls["n"] > 3:
            raise RuntimeError("disk on fire")
        return real(*a, **k)

    monkeypatch.setattr(sheets_mod, "card_layout", flaky)
    with pytest.raises(RuntimeError):
        print_cards(inline_cards(), out)
    assert _leftovers(tmp_path) == ["cards.pdf"] and out.read_bytes() == b"%PDF old file"


def test_real_cards_fit_every_size(print_url):
    """No real card needs its summary cut on a poker card, and all faces stay in the card."""
    from munchkin_lab.cards.api import cards
    from reportlab.lib.units import mm

    for row in cards("", url=print_url).to_dict("records"):
        if row["kind"] in ("room_tile", "ship_room"):
            continue
        lay = card_layout(row, 63 * mm, 88 * mm)
        assert_inside(lay)
        summary = [r.text for r in lay.runs if r.role == "summary"]
        assert squash("".join(summary)) == squash(row["summary"]), row["name"]


def test_a_designer_set_prints_its_name_not_its_code(tmp_path):
    """A designer set's cards carry the set's name from the database on their faces (the
    shipped sets keep their labels); a database built apart, so the session's stays as built."""
    from munchkin_lab.cards import designer as D
    from munchkin_lab.cards.build import build
    from munchkin_lab.printing.selection import resolve_titled

    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    build(url)
    D.create_set("nu_fan", "Bog and Fen", requires=["munchkin"], url=url)
    D.add_card({"name": "Bog Lurker", "kind": "monster", "deck": "door", "level": 3, "treasures": 1}, "nu_fan", url=url)
    items, _title = resolve_titled(["Bog Lurker", ("Potted Plant", 2)], url)
    assert [f["set_label"] for f in items] == ["Bog and Fen", "Munchkin", "Munchkin"]
    items, _title = resolve_titled("set:nu_fan", url)
    assert [f["set_label"] for f in items] == ["Bog and Fen"]


def test_a_sheet_says_once_which_characters_no_font_can_draw(tmp_path, monkeypatch):
    """Two emoji-named cards, no fallback font: the PDF is written (no crash), the placeholder is
    in its text, and the result's one note names the character once."""
    from munchkin_lab.printing import fonts

    monkeypatch.setattr(fonts, "fallback_font", lambda: None)
    clown = {"name": "\U0001f921 Emoji Clown", "set": "my_fan", "kind": "monster", "deck": "door", "level": 2,
             "treasures": 1, "provenance": "designer"}
    result = print_cards([clown, {**clown, "name": "\U0001f921 Other Clown"}], tmp_path / "clowns.pdf")
    assert result.missing == ["\U0001f921"]
    assert result.note.count("\U0001f921") == 1 and "U+1F921" in result.note and fonts.PLACEHOLDER in result.note
    text = PdfReader(str(result.path)).pages[0].extract_text()
    assert "Emoji Clown" in text and "\U0001f921" not in text
    plain = print_cards([{**clown, "name": "Plain Clown"}], tmp_path / "plain.pdf")
    assert plain.missing == [] and plain.note == ""
