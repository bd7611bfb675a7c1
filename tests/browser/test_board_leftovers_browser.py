"""The play screen's leftovers of the last review, in a real browser at 1280x800: the base game
mid-combat, while a won combat's Treasures are picked (the phase says Rewards), in a decision
about no card (the focus pane says what is decided, also after a hover) and after the game
(Pause bots disabled); the "Not now" buttons read at WCAG AA (4.5:1) in every set's game.
Screenshots: tests/artifacts/leftovers_*.png."""
from __future__ import annotations

from pathlib import Path

import pytest
from browser_helpers import ARTIFACTS, assert_table_fits, start_game, text_contrast
from test_board_layout import VIEW, _code_page, _open, assert_not_clipped

HERE = Path(__file__).resolve().parent


def _state_page(browser, voila, lab_env, state: str):
    return _code_page(browser, voila, lab_env, f"state_{state}",
                      f"import sys\nsys.path.insert(0, {str(HERE)!r})\nfrom board_states import board_at\n"
                      f"board = board_at({state!r})")


def test_mid_combat_the_phase_is_combat_and_the_monster_is_in_focus(browser, voila, lab_env):
    page = _state_page(browser, voila, lab_env, "mid_combat")
    assert_table_fits(page, "leftovers_mid_combat")
    assert page.locator(".mlab-phase").inner_text() == "Combat"
    assert page.locator(".mlab-focus [data-detail]").count() == 1
    assert not page.locator(".mlab-pause").is_disabled()


def test_rewards_the_phase_says_rewards_and_the_focus_pane_names_the_treasures(browser, voila, lab_env):
    page = _state_page(browser, voila, lab_env, "rewards")
    assert_table_fits(page, "leftovers_rewards")
    assert page.locator(".mlab-phase").inner_text() == "Rewards"
    now = page.locator(".mlab-focus [data-testid=decision-focus]")
    assert now.is_visible() and "picks one of the face-up Treasures" in now.inner_text()
    assert now.locator(".mlab-chip[data-card]").count() >= 2


def test_a_cleric_taking_the_rewards_from_the_discards_sees_rewards_not_a_fight(browser, voila, lab_env):
    page = _state_page(browser, voila, lab_env, "rewards_cleric")
    assert_table_fits(page, "leftovers_rewards_cleric")
    assert page.locator(".mlab-phase").inner_text() == "Rewards"
    head = page.locator(".mlab-combat-head").inner_text()
    assert "monsters killed · Rewards" in head and "interfere" not in head, head
    # each fighter's seat line shows the fight's combat strength, as the combat panel (not the
    # one after the Level the kill gave)
    from board_states import position

    won = position("rewards_cleric").state_dict()["combat"]["won_at"]
    for i in range(2, len(won) - 2, 3):
        who = page.locator(f"[data-testid=seat-{won[i]}] .mlab-who").inner_text()
        assert f"combat\u00a0strength\u00a0{won[i + 2]}" in who or f"combat strength {won[i + 2]}" in who, who


def test_a_decision_about_no_card_fills_the_focus_pane_also_after_a_hover(browser, voila, lab_env):
    page = _state_page(browser, voila, lab_env, "no_card")
    assert_table_fits(page, "leftovers_no_card")
    now = page.locator(".mlab-focus [data-testid=decision-focus]")
    assert now.is_visible()
    text = now.inner_text()
    assert "Charity" in text and "too many" in text, text
    box = now.bounding_box()
    assert box["height"] >= 60, box  # not an empty box with one hint line
    page.locator(".mlab-seat.mlab-own .mlab-chip[data-card]").first.hover()
    page.wait_for_selector(".mlab-focus [data-detail]", timeout=10_000)
    page.mouse.move(5, 5)
    now.wait_for(timeout=5_000)  # back to the decision once the pointer leaves the card
    assert page.locator(".mlab-focus [data-detail]").count() == 0


def test_after_the_game_pause_bots_is_disabled(browser, voila, lab_env):
    page = _state_page(browser, voila, lab_env, "game_over")
    page.mouse.move(5, 5)
    page.screenshot(path=str(ARTIFACTS / "leftovers_game_over.png"))
    assert page.locator("[data-testid=game-over]").is_visible()
    assert page.locator(".mlab-pause").is_disabled()
    assert page.locator(".mlab-run-end").is_disabled()


@pytest.mark.parametrize("preset", ["base", "base_fairy_dust", "base_scooby_dungeons", "star_munchkin_adventures",
                                    "solar_storm"])
def test_not_now_buttons_read_at_wcag_aa_in_every_sets_game(browser, voila, preset):
    page = _open(browser, voila)
    start_game(page, preset=preset, players=4)
    nope = page.locator(".mlab-nope")
    assert nope.count() >= 3  # Solar Storm too: Repair, Divert power, Room action, Activate at the start
    label = page.locator(".mlab-nope-row .mlab-zlabel")
    assert text_contrast(label) >= 4.5, text_contrast(label)
    for b in nope.all():
        assert text_contrast(b) >= 4.5, (b.inner_text(), text_contrast(b))
    nope.first.hover()  # hovered (and focused) too
    assert text_contrast(nope.first) >= 4.5, text_contrast(nope.first)
    page.screenshot(path=str(ARTIFACTS / f"leftovers_not_now_{preset}.png"))


def test_an_offer_of_help_may_name_a_price(browser, voila, lab_env):
    """Core rules, 7. Help: the helper bargains for a share; the window lists the free offer and
    the offers for 1 to all of the Treasures at stake (the helper picking first)."""
    page = _state_page(browser, voila, lab_env, "offer_window")
    assert_table_fits(page, "leftovers_offer_price")
    labels = [t.strip() for t in page.locator(".mlab-actions button").all_inner_texts()]
    offers = [t for t in labels if t.startswith("Offer to help")]
    assert len(offers) >= 3 and "for" not in offers[0], labels
    assert offers[1].endswith("for 1 Treasure (you pick first)") and offers[2].endswith("for 2 Treasures (you pick first)"), offers


@pytest.mark.parametrize("card", [
    {"name": "Hydroponics Bay", "kind": "ship_room", "deck": "ship_room"},
    {"name": "Sticky Floor", "kind": "trap", "deck": "door", "effects": {"ops": [{"lose_levels": 1}]}},
], ids=["ship_room", "trap"])
def test_try_this_card_puts_a_ship_room_or_a_trap_where_it_acts(browser, voila, lab_env, card):
    """*Try this card* for a Solar Storm room: a ship with P1 standing in it (Resolve by hand);
    for a trap: the room east of START, P1 just moved in and it went off."""
    page = _code_page(browser, voila, lab_env, f"try_{card['kind']}",
                      f"from munchkin_lab.widgets.designer import try_board\nboard = try_board({card!r})")
    if card["kind"] == "ship_room":
        assert_not_clipped(page, "try_ship_room", ['.mlab-seat[data-seat="0"]', ".mlab-ship", ".mlab-ship-room",
                                                   ".mlab-actions"])
    else:  # (P1 holds no card here: the table's own-hand check does not apply)
        assert_not_clipped(page, "try_trap", ['.mlab-seat[data-seat="0"]', ".mlab-actions"])
    text = page.locator(".mlab-table-root").inner_text()
    if card["kind"] == "ship_room":
        assert "Hydroponics Bay" in text and "Resolve Hydroponics Bay" in text, text[:2000]
    else:
        assert "Sticky Floor: P1 loses 1 Level" in text, text[:2000]
