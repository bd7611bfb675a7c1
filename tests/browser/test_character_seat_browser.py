"""A Scooby-Doo Character card on its player's seat, in a real browser at 1280x800: the
designer's try of a Character (P1's Character, P1 in a combat) shows it in P1's seat line
after the Race and Class, and its +2 in P1's combat strength. Screenshot:
tests/artifacts/layout_character_seat.png."""
from __future__ import annotations

from test_board_layout import _code_page, assert_not_clipped

CARD = ('{"name": "Captain Nemo", "kind": "character", "deck": "character", "effects": {"abilities": '
        '[{"when": "in_play", "who": "owner", "label": "+2", "do": [{"combat_strength": 2}]}]}}')


def test_a_character_card_shows_on_its_players_seat_and_counts(browser, voila, lab_env):
    page = _code_page(browser, voila, lab_env, "character_seat",
                      f"from munchkin_lab.widgets.designer import try_board\nboard = try_board({CARD})")
    assert_not_clipped(page, "character_seat", [".mlab-seat", ".mlab-character", ".mlab-combat", ".mlab-actions"])
    who = page.locator("[data-testid=seat-0] .mlab-who")
    assert who.locator(".mlab-character [data-card='Captain Nemo']").count() == 1
    text = who.inner_text().replace("\u00a0", " ")
    assert "combat strength 5" in text, text
    assert "Character Captain Nemo" in page.locator("[data-testid=seat-0]").get_attribute("aria-label")
    assert page.locator("[data-testid=seat-1] .mlab-character").count() == 0  # P2 was dealt none
