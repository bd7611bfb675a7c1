"""Nothing of the play screen is clipped at 1280x800 in Voila (issue 15, finding 3): your own
hand (the human seat, drawn large below the centre), the combat breakdown and the action panel
show all their content (scrollHeight <= clientHeight) and lie inside the felt and the viewport,
for a 6-player base game (opening hand and a combat), Star Munchkin Adventures and Solar Storm
(all 9 ship cells in view). Screenshots: tests/artifacts/layout_*.png."""
from __future__ import annotations

from browser_helpers import ARTIFACTS, click_and_wait, start_game

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
