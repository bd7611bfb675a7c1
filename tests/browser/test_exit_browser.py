"""Scooby-Doo's "Discover an exit" in Voila at 1280x800 (a new user's report: only the first
four cards of the hand could be discarded): after the exit and one pick, every card of the hand
not picked yet has its own button, "Discard X for the exit (2 of 4)", inside the viewport.
Screenshot: tests/artifacts/exit_pick.png."""
from __future__ import annotations

import shutil
from pathlib import Path

from browser_helpers import ARTIFACTS

NOTEBOOK = Path(__file__).resolve().parent / "board_exit.ipynb"


def test_the_exit_offers_every_card_of_the_hand(browser, voila, lab_env):
    shutil.copy(NOTEBOOK, lab_env["notebooks"] / NOTEBOOK.name)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(voila(NOTEBOOK.name).url, timeout=120_000)
        page.locator(".mlab-screen").wait_for(timeout=120_000)
        picks = page.locator("button", has_text="for the exit (2 of 4)")
        picks.first.wait_for(timeout=60_000)
        labels = sorted(b.inner_text() for b in picks.all())
        # the 8-card opening hand of seed 7 less Floating Nose (picked): its last cards included
        assert len(labels) == 7, labels
        assert "Discard Hammer of Kneecapping for the exit (2 of 4)" in labels
        assert not any("Floating Nose" in t for t in labels)
        picks.last.scroll_into_view_if_needed()
        for b in picks.all():
            box = b.bounding_box()
            assert box and 0 <= box["x"] and box["x"] + box["width"] <= 1280, (b.inner_text(), box)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "exit_pick.png"))
    finally:
        page.close()
