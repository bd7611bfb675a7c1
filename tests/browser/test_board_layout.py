"""Nothing of the play screen is clipped at 1280x800 in Voila (issue 15, finding 3): your own
hand (the human seat, drawn large below the centre), the combat breakdown and the action panel
show all their content (scrollHeight <= clientHeight) and lie inside the felt and the viewport,
for a 6-player base game (opening hand and a combat), Star Munchkin Adventures and Solar Storm
(all 9 ship cells in view). Screenshots: tests/artifacts/layout_*.png.

The review of the board at 1280x800 (the seven defects): in 4- and 6-player app games, in and
out of combat and with the Any-time list open, and on a full 6-player table where you fight two
monsters (``board_crowded.ipynb``), every seat, your hand, the combat breakdown and the actions
lie inside the viewport with nothing cut off; pile counts never cover a card's number; chips
read "Harpies L4"; the app shows one *New game* control; the card in focus shows no data
provenance notes. Screenshots: tests/artifacts/fit_*.png."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_helpers import (ARTIFACTS, assert_table_fits, click_and_wait, start_game, text_contrast, token,
                             wait_redraw)

VIEW = {"width": 1280, "height": 800}

#: For each selector: [scrollHeight, clientHeight, scrollWidth, clientWidth, left, top, right, bottom] of
#: every element found.
FITS = """(sels) => { const out = {}; for (const s of sels) { out[s] = [...document.querySelectorAll(s)].map(e => {
  const b = e.getBoundingClientRect(); return [e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth,
  b.left, b.top, b.right, b.bottom]; }); } return out; }"""


def _open(browser, voila):
    page = browser.new_page(viewport=VIEW)
    page.goto(voila("03_board.ipynb").url, timeout=120_000)
    page.locator(".mlab-screen").wait_for(timeout=120_000)
    return page


def _within(inner, outer) -> bool:
    return inner[4] >= outer[4] - 0.5 and inner[5] >= outer[5] - 0.5 and inner[6] <= outer[6] + 0.5 \
        and inner[7] <= outer[7] + 0.5


def assert_not_clipped(page, name: str, parts: list[str]) -> dict:
    """Screenshot, then assert each of ``parts`` exists, shows all its content and lies inside
    the viewport (and the felt, for parts of the table)."""
    page.mouse.move(5, 5)
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"layout_{name}.png"))
    got = page.evaluate(FITS, parts + [".mlab-felt", ".mlab-centre"])
    felt = got[".mlab-felt"][0]
    view = [0, 0, 0, 0, 0, 0, VIEW["width"], VIEW["height"]]
    for sel in parts:
        assert got[sel], f"{name}: no {sel}"
        for box in got[sel]:
            assert box[0] <= box[1] + 1, f"{name}: {sel} cut off vertically {box}"
            assert box[2] <= box[3] + 1, f"{name}: {sel} cut off horizontally {box}"
            assert _within(box, view), f"{name}: {sel} outside the viewport {box}"
            if sel != ".mlab-actions":
                assert _within(box, felt), f"{name}: {sel} outside the felt {box} {felt}"
    return got


def test_six_player_hand_combat_and_actions_are_not_clipped(browser, voila):
    page = _open(browser, voila)
    start_game(page, players=6)
    assert page.locator(".mlab-seat.mlab-own").get_attribute("data-seat") == "0"
    assert page.locator(".mlab-seat.mlab-own .mlab-chip[data-card]").count() == 8  # the opening hand
    assert_not_clipped(page, "six_opening_hand", [".mlab-seat.mlab-own", ".mlab-actions"])
    for _ in range(60):  # play the green action until P1 fights
        if page.locator(".mlab-combat").count() and "your move" in page.locator(".mlab-actions-title").inner_text().lower():
            break
        click_and_wait(page, page.locator(".mlab-actions [data-i]").first)
    assert page.locator(".mlab-combat").count() == 1, "no combat reached"
    got = assert_not_clipped(page, "six_combat", [".mlab-seat.mlab-own", ".mlab-combat", ".mlab-combat-side",
                                                  ".mlab-actions"])
    assert all(_within(b, got[".mlab-centre"][0]) for b in got[".mlab-combat"])
    assert len(got[".mlab-combat-side"]) == 2


def test_star_munchkin_adventures_hand_and_actions_are_not_clipped(browser, voila):
    page = _open(browser, voila)
    start_game(page, preset="star_munchkin_adventures", players=4)
    assert_not_clipped(page, "sma", [".mlab-seat.mlab-own", ".mlab-actions"])


def test_solar_storm_ship_crew_and_actions_are_not_clipped(browser, voila):
    page = _open(browser, voila)
    start_game(page, preset="solar_storm", players=4)
    assert page.locator(".mlab-ship-room").count() == 9
    got = assert_not_clipped(page, "solar", ['.mlab-seat[data-seat="0"]', ".mlab-ship", ".mlab-ship-room",
                                             ".mlab-supply", ".mlab-actions"])
    for box in got[".mlab-ship-room"] + got[".mlab-supply"]:  # every room and the supply in view, no scrolling
        assert _within(box, got[".mlab-centre"][0]), box
    # every room's text reads on its background, the rooms you may move into too (they were light blue)
    assert page.locator(".mlab-ship-room.mlab-can-move").count() >= 2
    for room in page.locator(".mlab-ship-room").all():
        assert text_contrast(room) >= 4.5, (room.inner_text(), text_contrast(room))


#: The visible buttons and panel titles that say "New game" (not the story's lines).
NEW_GAME_CONTROLS = """() => [...document.querySelectorAll(
  'button, .jupyter-widget-Collapse-header, .p-Collapse-header, .lm-AccordionPanel-title')]
  .filter(e => e.offsetParent !== null && !e.closest('.mlab-log-lines') && /new game/i.test(e.textContent))
  .map(e => e.textContent.trim())"""


@pytest.mark.parametrize("players", [4, 6])
def test_app_game_in_and_out_of_combat_with_the_any_time_list_open_shows_every_seat_whole(browser, voila, players):
    page = _open(browser, voila)
    start_game(page, players=players)
    # one New game control, the setup panel at the top; the board's Game panel has none
    page.locator(".mlab-more .jupyter-widget-Collapse-header, .mlab-more .lm-AccordionPanel-title").first.click()
    page.locator(".mlab-save").wait_for(state="visible", timeout=10_000)
    controls = page.evaluate(NEW_GAME_CONTROLS)
    assert len(controls) == 1 and controls[0].startswith("New game: deck"), controls
    assert not page.locator(".mlab-new").is_visible()
    setup_y = page.locator(".mlab-setup").bounding_box()["y"]
    assert setup_y < page.locator(".mlab-screen").bounding_box()["y"]
    page.locator(".mlab-more .jupyter-widget-Collapse-header, .mlab-more .lm-AccordionPanel-title").first.click()
    page.locator(".mlab-save").wait_for(state="hidden", timeout=10_000)
    assert_table_fits(page, f"fit_app_{players}p_opening")
    page.locator(".mlab-anytime > summary").click()
    page.wait_for_selector(".mlab-anytime[open]")
    assert not page.locator(".mlab-nope-row").is_visible()  # folds while the any-time list is open
    assert_table_fits(page, f"fit_app_{players}p_opening_anytime")
    for _ in range(60):  # the green action until P1 fights with actions for any time
        if page.locator(".mlab-combat").count() and page.locator(".mlab-anytime").count() \
                and "Munchkins: P1" in page.locator(".mlab-combat").inner_text():
            break
        click_and_wait(page, page.locator(".mlab-actions [data-i]").first)
    assert "Munchkins: P1" in page.locator(".mlab-combat").inner_text(), "P1 never fought"
    assert_table_fits(page, f"fit_app_{players}p_fight")
    page.locator(".mlab-anytime > summary").click()
    page.wait_for_selector(".mlab-anytime[open]")
    got = assert_table_fits(page, f"fit_app_{players}p_fight_anytime")
    assert len(got["seats"]) == players


CROWDED = Path(__file__).resolve().parent / "board_crowded.ipynb"
SCENARIO = Path(__file__).resolve().parent / "six_players_two_monsters.yaml"


def test_full_six_player_table_fighting_two_monsters_shows_hand_seats_and_breakdown(browser, voila, lab_env):
    for f in (CROWDED, SCENARIO):
        shutil.copy(f, lab_env["notebooks"] / f.name)
    page = browser.new_page(viewport=VIEW)
    page.goto(voila(CROWDED.name).url, timeout=120_000)
    page.locator(".mlab-screen").wait_for(timeout=120_000)
    assert page.locator(".mlab-combat .mlab-cards [data-card]").all() and \
        [e.get_attribute("data-card") for e in page.locator(".mlab-combat .mlab-cards [data-card]").all()] == \
        ["Gazebo", "Harpies"]
    got = assert_table_fits(page, "fit_crowded_fight")
    assert len(got["seats"]) == 6 and len(got["hand"]) == 6
    assert len(got["entries"]) == 3 and len(got["sums"]) == 2  # P1; Gazebo and Harpies side by side
    assert "Enhancers: Ancient" in page.locator(".mlab-combat").inner_text()
    page.locator(".mlab-anytime > summary").click()
    page.wait_for_selector(".mlab-anytime[open]")
    assert_table_fits(page, "fit_crowded_fight_anytime")
    # chips: the name, a space, the number (also where chips are one inline block: the piles in a combat)
    assert page.locator('.mlab-piles-compact .mlab-chip[data-card="Wandering Monster"]').count() == 1
    for sel, text in (('.mlab-seat.mlab-own .mlab-chip[data-card="Maul Rat"]', "Maul Rat L1"),
                      ('.mlab-piles-compact .mlab-chip[data-card="Broad Sword"]', "Broad Sword +3")):
        assert page.locator(sel).first.evaluate("e => e.textContent") == text
    # the card in focus: what a player needs, no data provenance notes
    page.locator('.mlab-combat [data-card="Harpies"]').hover()
    detail = page.locator('.mlab-focus [data-detail="Harpies"]')
    detail.wait_for(timeout=10_000)
    text = detail.inner_text()
    assert "Monster" in text and "Level: 4" in text and "Tags:" in text and "Bad Stuff" in text, text
    assert "Provenance" not in text and "source" not in text and "card_facts" not in text, text
    page.screenshot(path=str(ARTIFACTS / "fit_crowded_detail.png"))
    # back to the start of the turn: the discard piles' tops (Harpies L4, Broad Sword +3) with their counts
    for _ in range(3):
        old = token(page)
        page.locator(".mlab-undo").click()
        wait_redraw(page, old)
    assert page.locator(".mlab-combat").count() == 0
    got = assert_table_fits(page, "fit_crowded_piles")
    tops = {p["card"]: p for p in got["piles"] if p["number"] is not None}
    assert set(tops) == {"Harpies", "Broad Sword"}, got["piles"]


def test_seat_heads_show_race_and_class_whole_at_three_to_six_players(browser, voila):
    """Defect 1 of the 1280x800 review: the opponents' seat heads cut "Human · no Class" short
    (an ellipsis) while the chips below showed it whole. Now each head shows its Race and Class
    cards whole, wrapping below the name in a narrow seat, beside the menu of who plays it."""
    page = _open(browser, voila)
    for players in (3, 4, 5, 6):
        start_game(page, players=players)
        got = assert_table_fits(page, f"heads_{players}p")
        assert len(got["heads"]) == players
        assert all("Human, no Class" in h["text"] for h in got["heads"]), got["heads"]  # nobody has played one yet
        assert page.locator(".mlab-seat .mlab-zlabel", has_text="Race/Class").count() == 0  # said once, in the head


LATE = Path(__file__).resolve().parent / "six_players_late_full_seat.yaml"
DUNGEON = Path(__file__).resolve().parent / "six_players_dungeon_crowded.yaml"


def _code_page(browser, voila, lab_env, name: str, code: str):
    """Voila on a one-cell notebook ``<name>.ipynb`` whose ``code`` makes ``board`` (shown)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"from munchkin_lab.widgets.board import Board\n{code}\nboard")]
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, lab_env["notebooks"] / f"{name}.ipynb")
    page = browser.new_page(viewport=VIEW)
    page.goto(voila(f"{name}.ipynb").url, timeout=120_000)
    page.locator(".mlab-screen").wait_for(timeout=120_000)
    page.wait_for_selector(".mlab-table-root[data-faces-ready]", timeout=30_000)
    return page


def _scenario_page(browser, voila, lab_env, scenario: Path):
    """Voila on a one-cell notebook showing ``scenario``'s board (P1 you, five greedy bots)."""
    shutil.copy(scenario, lab_env["notebooks"] / scenario.name)
    return _code_page(browser, voila, lab_env, scenario.stem, f"board = Board.from_scenario({scenario.name!r}, "
                      "seats=['human'] + ['greedy'] * 5, journal=False)")


@pytest.mark.parametrize("scenario", [LATE, DUNGEON], ids=["late_full_seat", "dungeon"])
def test_a_crowded_late_six_player_table_fits_the_felt(browser, voila, lab_env, scenario):
    """Defect 2 of the 1280x800 review: a six-player late game with one very full seat (and a
    long list of actions, or a Dungeon in play) made the felt, or its centre, scroll. The table
    now takes a tighter look step by step until it fits (``data-fit`` on the table's root:
    1 = the piles as one line each, 2 = smaller seat chips too), also with the Any-time list open."""
    page = _scenario_page(browser, voila, lab_env, scenario)
    got = assert_table_fits(page, f"fit_{scenario.stem}")
    assert len(got["seats"]) == 6
    fit = int(page.locator(".mlab-table-root").get_attribute("data-fit"))
    assert fit >= 1 and page.locator(".mlab-piles-tight").is_visible()  # the one-line piles, in view
    assert not page.locator(".mlab-pile").first.is_visible()
    full = page.locator('.mlab-seat[data-seat="4"] .mlab-chip[data-card]')  # P5: every card shown whole
    assert full.count() == (6 if scenario is LATE else 1)
    if scenario is LATE:  # every action of P1 is shown: no Any-time list
        assert page.locator(".mlab-anytime").count() == 0
        return
    page.locator(".mlab-anytime > summary").click()
    page.wait_for_selector(".mlab-anytime[open]")
    assert_table_fits(page, f"fit_{scenario.stem}_anytime")
    assert int(page.locator(".mlab-table-root").get_attribute("data-fit")) >= fit


def test_solar_storm_mess_hall_swaps_fold_and_the_ship_stays_whole(browser, voila, lab_env):
    """In the Mess Hall (V2) a player may make two others swap Resources: 33 choices. Listed one
    button each they filled the actions area and cut the ship's bottom row off. Now each pair's
    swaps form one row, a long row folds (its title and count), and with a row open the ship
    takes a tighter look (``data-fit``) and stays whole; every room reads on its background."""
    page = _code_page(browser, voila, lab_env, "solar_mess_hall",
                      "board = Board.from_deck('solar_storm', 4, 7, seats=['human'] + ['greedy'] * 3, journal=False)\n"
                      "board.autoplay(6)")
    parts = ['.mlab-seat[data-seat="0"]', ".mlab-ship", ".mlab-ship-room", ".mlab-supply", ".mlab-actions"]
    assert "in Mess Hall" in page.locator('.mlab-seat[data-seat="0"]').inner_text()
    folds = page.locator(".mlab-actfold")
    assert folds.count() == 2 and "Mess Hall: P2 and P3 swap Resources (P2's first): 14 choices" in folds.first.inner_text()
    assert_not_clipped(page, "solar_mess_hall", parts)
    folds.first.locator("summary").click()
    page.wait_for_selector(".mlab-actfold[open]")
    assert folds.first.locator(".mlab-act").count() == 14 and folds.first.locator(".mlab-act").first.is_visible()
    page.wait_for_function("() => document.querySelector('.mlab-table-root').dataset.fit !== '0'")
    assert_not_clipped(page, "solar_mess_hall_open", parts)
    for room in page.locator(".mlab-ship-room").all():
        assert text_contrast(room) >= 4.5, (room.inner_text(), text_contrast(room))
