"""The board app in Voila and a real browser at 1280x800: one play screen, clicks you can trust,
a human-vs-bots game to the end, a Star Munchkin Adventures move by direction, a log click that
rewinds; the deck builder. Screenshots and the click-to-render times land in tests/artifacts/."""
from __future__ import annotations

import json
import re

from browser_helpers import (ARTIFACTS, assert_screen_in_view, click_and_wait, measure_clicks, start_game, token,
                             wait_redraw)

VIEW = {"width": 1280, "height": 800}


def _open_app(browser, voila):
    server = voila("03_board.ipynb")
    page = browser.new_page(viewport=VIEW)
    page.goto(server.url, timeout=120_000)
    page.locator(".mlab-screen").wait_for(timeout=120_000)
    return page


def _log_lines(page) -> list[str]:
    """The story's lines, oldest first."""
    return list(reversed(page.locator(".mlab-logline").all_inner_texts()))


def test_voila_play_screen_fits_and_a_double_click_plays_one_action(browser, voila):
    page = _open_app(browser, voila)
    assert_screen_in_view(page, "voila_play_screen")
    primary = page.locator(".mlab-actions .mlab-act.mlab-primary")
    assert primary.inner_text() == "Ready: end my setup"
    old = token(page)
    primary.dblclick()
    wait_redraw(page, old)
    page.wait_for_timeout(1500)  # a second action would have been played by now
    lines = _log_lines(page)
    assert sum(1 for x in lines if x.endswith("P1 is ready.")) == 1
    assert not [x for x in lines if "P1 kicks open the door" in x], lines[-6:]
    # two clicks in the same instant (no redraw between them): still one action
    assert page.locator(".mlab-actions .mlab-act.mlab-primary").inner_text() == "Kick Down the Door"
    old = token(page)
    page.evaluate("() => { const b = document.querySelector('.mlab-actions .mlab-act.mlab-primary'); b.click(); b.click(); }")
    wait_redraw(page, old)
    page.wait_for_timeout(1500)
    assert sum(1 for x in _log_lines(page) if "P1 kicks open the door" in x) == 1
    page.screenshot(path=str(ARTIFACTS / "voila_double_click.png"))
    # keyboard: focusing a card shows its detail; Enter on a focused action plays it
    page.mouse.move(5, 5)
    chip = page.locator('.mlab-seat[data-seat="0"] .mlab-chip[data-card]').first
    name = chip.get_attribute("data-card")
    chip.focus()
    page.wait_for_selector(f'.mlab-focus [data-detail="{name}"]', timeout=10_000)
    old = token(page)
    page.locator(".mlab-actions .mlab-act.mlab-primary").focus()
    page.keyboard.press("Enter")
    wait_redraw(page, old)


def test_voila_human_vs_bots_to_the_end_then_a_log_click_rewinds(browser, voila):
    page = _open_app(browser, voila)
    start_game(page, turns=5)
    timing = measure_clicks(page, 10)
    clicks = 0
    while page.locator("[data-testid=game-over]").count() == 0:
        title = page.locator(".mlab-actions-title").inner_text().lower()
        assert "p1: your move" in title, title
        click_and_wait(page, page.locator(".mlab-actions [data-i]").first)
        clicks += 1
        assert clicks < 400, "the game never ended"
    over = page.locator("[data-testid=game-over]")
    assert "Game over" in over.inner_text() and over.locator("[data-testid=level-chart]").count() == 1
    page.screenshot(path=str(ARTIFACTS / "voila_game_over.png"))
    # a log click rewinds to just after that line: it becomes the newest line of the story
    entries = page.evaluate("""() => { const seen = new Set(), out = [];
        document.querySelectorAll('.mlab-logline').forEach(b => { const k = b.dataset.rewind;
          if (!seen.has(k)) { seen.add(k); out.push([+k, b.innerText]); } }); return out; }""")
    k, text = entries[len(entries) // 2]
    click_and_wait(page, page.locator(f'.mlab-logline[data-rewind="{k}"]').first)
    assert _log_lines(page)[-1] == text
    # (the message is another widget than the table: its update may land just after the redraw)
    page.wait_for_function("() => (document.querySelector('.mlab-message') || {}).innerText?.includes('Rewound')",
                           timeout=20_000)
    assert "Rewound" in page.locator(".mlab-message").inner_text()
    # the two-line message shows whole beside the buttons at 1280x800 (no scroll, no clip)
    sh, ch, bottom = page.evaluate("() => { const e = document.querySelector('.mlab-message'); "
                                   "return [e.scrollHeight, e.clientHeight, e.getBoundingClientRect().bottom]; }")
    assert sh <= ch + 1 and bottom <= 800, (sh, ch, bottom)
    assert page.locator("[data-testid=game-over]").count() == 0
    page.screenshot(path=str(ARTIFACTS / "voila_rewind.png"))
    timing.update(clicks_to_end=clicks)
    out = ARTIFACTS / "click_to_render.json"
    data = json.loads(out.read_text()) if out.exists() else {}
    data["voila"] = timing
    out.write_text(json.dumps(data, indent=1))
    print(f"\nVoila click-to-render: first change {timing['first_ms']} ms, settled {timing['settled_ms']} ms "
          f"(medians of {timing['samples']} clicks); {clicks} human clicks to the end")


def test_voila_star_munchkin_adventures_move_by_direction(browser, voila):
    page = _open_app(browser, voila)
    start_game(page, preset="star_munchkin_adventures", players=3)
    for _ in range(20):
        if page.locator(".mlab-actions .mlab-action-move").count():
            break
        click_and_wait(page, page.locator(".mlab-actions [data-i]").first)
    moves = page.locator(".mlab-actions .mlab-action-move").all_inner_texts()
    assert moves and len(set(moves)) == len(moves), moves
    assert all(re.match(r"Move (north|east|south|west) (into .+|to new ground) \(-?\d+,-?\d+\)", m) for m in moves), moves
    assert page.locator(".mlab-room.mlab-can-move").count() == len(moves)
    here = page.locator('.mlab-room [data-token="P1"]').first.evaluate("e => e.closest('[data-room]').dataset.room")
    pick = next((m for m in moves if m.startswith("Move east")), moves[0])
    key = re.search(r"\((-?\d+,-?\d+)\)$", pick).group(1)
    d = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}[pick.split()[1]]
    x, y = (int(v) for v in here.split(","))
    assert key == f"{x + d[0]},{y + d[1]}"
    page.screenshot(path=str(ARTIFACTS / "voila_sma_before_move.png"))
    before = len(_log_lines(page))
    click_and_wait(page, page.locator(".mlab-actions .mlab-action-move", has_text=pick))
    new = _log_lines(page)[before:]
    assert any(f"at {key}." in line for line in new), new
    page.screenshot(path=str(ARTIFACTS / "voila_sma_after_move.png"))


def test_voila_deck_builder_add_card_changes_stats(browser, voila):
    server = voila("02_mixed_decks.ipynb")
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(server.url, timeout=120_000)
    db = page.locator(".mlab-deckbuilder").first
    size = db.locator("[data-testid=deck-size]")
    size.wait_for(timeout=120_000)
    before = size.inner_text()
    search = db.locator(".mlab-deck-search input")
    search.fill("Ghost Clown")
    search.press("Enter")
    page.wait_for_function("() => document.querySelectorAll('.mlab-deckbuilder .mlab-deck-found option').length > 0")
    db.locator("button.mlab-deck-add").click()
    page.wait_for_function("(b) => document.querySelector('.mlab-deckbuilder [data-testid=deck-size]').innerText !== b", arg=before)
    after = size.inner_text()
    assert int(after.split()[0]) == int(before.split()[0]) + 1
    db.screenshot(path=str(ARTIFACTS / "deck_builder.png"))
