"""The card editor in a real browser (issue 14): Voila serves a notebook showing a CardBrowser;
at 1280x800 the test makes a designer set in the form, creates a monster whose Bad Stuff is
"lose 2 Levels" with the structured effect editor, saves it, presses *Try this card*, and on
the board that opens runs away, fails the forced roll and sees P1's Level drop from 6 to 4;
then renames the card in the form, which keeps the old name as an alias and says so.
Screenshots land in tests/artifacts/ (card_editor_*.png)."""
from __future__ import annotations

import shutil
from pathlib import Path

from browser_helpers import ARTIFACTS, click_and_wait

VIEW = {"width": 1280, "height": 800}
NOTEBOOK = Path(__file__).resolve().parent / "card_editor.ipynb"


def _pick(page, cls: str, prefix: str) -> None:
    """Choose the option of the dropdown ``cls`` whose label starts with ``prefix``."""
    sel = page.locator(f".{cls} select").first
    labels = sel.locator("option").all_inner_texts()
    index = next(i for i, t in enumerate(labels) if t.startswith(prefix))
    sel.select_option(index=index)


def _fill(page, cls: str, value: str) -> None:
    box = page.locator(f".{cls} input, .{cls} textarea").first
    box.fill(value)
    box.press("Tab")


def test_card_editor_creates_a_card_with_an_effect_and_tries_it(browser, voila, lab_env):
    shutil.copy(NOTEBOOK, lab_env["notebooks"] / NOTEBOOK.name)
    server = voila(NOTEBOOK.name)
    page = browser.new_page(viewport=VIEW)
    page.goto(server.url, timeout=120_000)
    page.locator(".mlab-browser").wait_for(timeout=120_000)
    page.get_by_text("Card editor: add a designer card").click()
    page.locator(".mlab-form-set-code input").wait_for(state="visible", timeout=30_000)
    # a designer set of one's own, made in the form
    _fill(page, "mlab-form-set-code", "browser_fan")
    _fill(page, "mlab-form-set-name", "Browser fan set")
    page.locator(".mlab-set-create").click()
    page.wait_for_function("() => document.querySelector('.mlab-designer-message').innerText"
                           ".includes('created designer set browser_fan')", timeout=30_000)
    page.locator(".mlab-designer-new").click()
    _fill(page, "mlab-form-name", "Gloom Gull")
    _pick(page, "mlab-form-kind", "monster")
    _fill(page, "mlab-form-level", "6")
    _fill(page, "mlab-form-treasures", "2")
    _fill(page, "mlab-form-tags", "Ghost")
    _fill(page, "mlab-form-summary", "Screeches in the fog. Bad Stuff: lose 2 Levels.")
    # the effect, picked from lists: when caught, the player's Level changes by -2
    _pick(page, "mlab-effect-when", "caught")
    _pick(page, "mlab-effect-op", "levels")
    _fill(page, "mlab-effect-value", "-2")
    preview = page.locator(".mlab-effect-preview")
    page.wait_for_function("() => document.querySelector('.mlab-effect-preview').innerText.includes('lose_levels: 2')",
                           timeout=30_000)
    assert "runs in play" in preview.inner_text()
    page.locator(".mlab-effect-add").click()
    page.wait_for_function("() => document.querySelector('.mlab-form-effects textarea').value"
                           ".includes('lose_levels: 2')", timeout=30_000)
    assert "valid; the engine runs every part of it" in page.locator(".mlab-effect-message").inner_text()
    assert "when caught: levels -2" in page.locator(".mlab-effect-list").inner_text()
    page.locator(".mlab-effect-editor").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "card_editor_effect.png"))
    # a typo in the effects' YAML: the validator's message names the key, inline
    box = page.locator(".mlab-form-effects textarea")
    box.fill("bad_stuff:\n- lose_levls: 2\n")
    page.wait_for_function("() => document.querySelector('.mlab-effect-message').innerText.includes('lose_levls')",
                           timeout=30_000)
    assert "did you mean 'lose_levels'" in page.locator(".mlab-effect-message").inner_text()
    box.fill("bad_stuff:\n- lose_levels: 2\n")
    page.wait_for_function("() => document.querySelector('.mlab-effect-message').innerText.includes('valid')",
                           timeout=30_000)
    page.locator(".mlab-designer-save").click()
    page.wait_for_function("() => document.querySelector('.mlab-designer-message').innerText"
                           ".includes('saved Gloom Gull as a designer card')", timeout=30_000)
    assert "name: Gloom Gull" in page.locator(".mlab-card-yaml").inner_text()
    # try it: a board opens below the form, P1 in a combat against the card
    page.locator(".mlab-designer-try").click()
    screen = page.locator(".mlab-try-area .mlab-screen")
    screen.wait_for(timeout=60_000)
    level = page.locator('.mlab-try-area .mlab-seat[data-seat="0"] .mlab-level')
    assert level.text_content() == "Level 6"  # the badge shows 6; "Level" is said to screen readers
    assert "Gloom Gull" in page.locator(".mlab-try-area .mlab-felt").inner_text()
    page.locator(".mlab-try-area").scroll_into_view_if_needed()
    screen.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "card_editor_try_board.png"))
    click_and_wait(page, page.locator(".mlab-try-area .mlab-actions .mlab-act", has_text="Run Away from Gloom Gull"))
    click_and_wait(page, page.locator(".mlab-try-area .mlab-actions .mlab-act", has_text="Roll to Run Away"))
    page.wait_for_function("() => document.querySelector('.mlab-try-area .mlab-seat[data-seat=\"0\"] .mlab-level')"
                           ".textContent === 'Level 4'", timeout=30_000)
    log = page.locator(".mlab-try-area .mlab-log-lines").inner_text()
    assert "Bad Stuff" in log and "Gloom Gull" in log
    screen.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "card_editor_bad_stuff.png"))
    # renamed in the form: the old name stays an alias (as `cards edit`), the field and the message say so
    _fill(page, "mlab-form-name", "Gloom Gannet")
    page.locator(".mlab-designer-save").click()
    page.wait_for_function("() => document.querySelector('.mlab-designer-message').innerText"
                           ".includes('saved Gloom Gannet as a designer card')", timeout=30_000)
    message = page.locator(".mlab-designer-message").inner_text()
    assert "kept the old name 'Gloom Gull' as an alias" in message and "(version 2)" in message
    assert page.locator(".mlab-form-aliases input").first.input_value() == "Gloom Gull"
    page.locator(".mlab-designer-message").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "card_editor_rename.png"))
