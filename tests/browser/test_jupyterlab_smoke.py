"""JupyterLab smoke test: open the board notebook, run it, click one action."""
from __future__ import annotations

from browser_helpers import ARTIFACTS


def test_jupyterlab_runs_board_notebook_and_clicks(browser, jupyterlab):
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(jupyterlab.url, timeout=120_000)
    page.locator(".jp-Notebook").wait_for(timeout=120_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    accept = page.locator(".jp-Dialog button.jp-mod-accept")
    try:  # "Select Kernel" dialog on a fresh server
        accept.wait_for(timeout=15_000)
        accept.click()
    except Exception:  # noqa: BLE001 - no dialog this time
        pass
    page.locator(".jp-Notebook-ExecutionIndicator, .jp-KernelStatus").first.wait_for(timeout=30_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    board = page.locator(".mlab-board").first
    step = board.locator("button.mlab-step")
    try:
        step.wait_for(timeout=90_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "jupyterlab_failed.png"))
        raise
    last = board.locator("[data-testid=last-log]")
    last.wait_for(timeout=60_000)
    before = last.inner_text()
    step.click()
    page.wait_for_function(
        "(b) => { const e = document.querySelector('.mlab-board [data-testid=last-log]'); return e && e.innerText !== b; }",
        arg=before, timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "jupyterlab_board.png"))
