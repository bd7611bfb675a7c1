"""Constants and page helpers of the browser tests (unique module name: imported by the tests)."""
from __future__ import annotations

import statistics
import time
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"

#: Bounding boxes of the play screen's parts: {part: [left, top, right, bottom]} (None: absent).
BOXES = """
() => {
  const r = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return {status: r('.mlab-statusbar'), table: r('.mlab-felt'), actions: r('.mlab-actions'),
          focus: r('.mlab-focus'), detail: r('.mlab-focus [data-detail]'), vw: innerWidth, vh: innerHeight};
}
"""

#: Click ``sel`` and resolve with [ms to the first change of the screen, ms to the frame drawn
#: after its last change], or [-1, -1] when nothing changed in 8 s.
MEASURE = """
([sel]) => new Promise((resolve) => {
  const root = document.querySelector('.mlab-table-root');
  const btn = document.querySelector(sel);
  if (!root || !btn) { resolve([-2, -2]); return; }
  const t0 = performance.now();
  let first = -1, painted = -1, quiet = null;
  const obs = new MutationObserver(() => {
    if (first < 0) first = performance.now() - t0;
    requestAnimationFrame(() => { painted = performance.now() - t0; });
    clearTimeout(quiet);
    quiet = setTimeout(() => { obs.disconnect(); resolve([first, painted]); }, 150);
  });
  obs.observe(root, {childList: true, subtree: true, characterData: true});
  btn.click();
  setTimeout(() => { if (first < 0) { obs.disconnect(); resolve([-1, -1]); } }, 8000);
})
"""

TOKEN = "() => { const s = document.querySelector('.mlab-screen'); return s ? s.dataset.token : null; }"


def token(page) -> str | None:
    """The render token of the screen shown now."""
    return page.evaluate(TOKEN)


def wait_redraw(page, old: str | None, timeout: float = 60_000) -> None:
    """Wait until the screen was redrawn (its token differs from ``old``)."""
    page.wait_for_function(
        "(old) => { const s = document.querySelector('.mlab-screen'); return s && s.dataset.token !== old "
        "&& !document.querySelector('.mlab-table-root.mlab-busy'); }", arg=old, timeout=timeout)


def click_and_wait(page, locator, timeout: float = 60_000) -> None:
    """Click ``locator`` (a button of the screen) and wait for the redraw it causes."""
    old = token(page)
    locator.click()
    wait_redraw(page, old, timeout)


def inside(box, vw: float, vh: float) -> bool:
    """True when ``box`` ([l, t, r, b]) lies within the viewport."""
    return box is not None and box[0] >= 0 and box[1] >= 0 and box[2] <= vw + 0.5 and box[3] <= vh + 0.5


def assert_screen_in_view(page, name: str) -> dict:
    """Hover a card so it is in focus, then assert status, table, actions and the focused
    card's detail all lie inside the viewport; screenshot to ``tests/artifacts/<name>.png``."""
    page.wait_for_selector(".mlab-table-root[data-faces-ready]", timeout=30_000)
    page.mouse.move(5, 5)
    page.locator(".mlab-felt [data-card]").first.hover()
    page.wait_for_selector(".mlab-focus [data-detail]", timeout=10_000)
    b = page.evaluate(BOXES)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    for part in ("status", "table", "actions", "focus", "detail"):
        assert inside(b[part], b["vw"], b["vh"]), (part, b)
    return b


def measure_clicks(page, n: int = 12) -> dict:
    """Click the first (green) action ``n`` times; the medians of click-to-first-change and
    click-to-settled in ms (reported, not asserted)."""
    first, settled = [], []
    for _ in range(n):
        if page.locator(".mlab-actions .mlab-act.mlab-primary").count() == 0:
            break
        f, s = page.evaluate(MEASURE, [".mlab-actions .mlab-act.mlab-primary"])
        if f >= 0:
            first.append(f)
            settled.append(s)
        page.wait_for_function("() => !document.querySelector('.mlab-table-root.mlab-busy')", timeout=30_000)
        time.sleep(0.05)
    return {"first_ms": statistics.median(first) if first else None,
            "settled_ms": statistics.median(settled) if settled else None, "samples": len(first),
            "first": [round(x, 1) for x in first], "settled": [round(x, 1) for x in settled]}


def open_setup(page) -> None:
    """Open the app's "New game" panel."""
    head = page.locator(".mlab-setup .jupyter-widget-Collapse-header, .mlab-setup .p-Collapse-header, "
                        ".mlab-setup .lm-AccordionPanel-title").first
    head.click()
    page.locator(".mlab-setup-start").wait_for(state="visible", timeout=10_000)


def start_game(page, *, preset: str | None = None, players: int | None = None, turns: int | None = None) -> None:
    """Fill the app's setup panel and start a new game; waits for the new board."""
    open_setup(page)
    if preset:
        page.locator(".mlab-setup-preset select").select_option(label=preset.replace("_", " "))
    if players:
        f = page.locator(".mlab-setup-players input")
        f.fill(str(players))
        f.press("Tab")
        page.wait_for_function(f"() => document.querySelectorAll('.mlab-setup-seat').length === {players}")
    if turns is not None:
        f = page.locator(".mlab-setup-turns input")
        f.fill(str(turns))
        f.press("Tab")
    page.evaluate("() => document.querySelectorAll('.mlab-table-root').forEach(e => e.dataset.old = '1')")
    page.locator(".mlab-setup-start").click()
    page.wait_for_selector(".mlab-table-root:not([data-old]) .mlab-screen", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.mlab-setup-start') || "
                           "document.querySelector('.mlab-setup-start').offsetParent === null", timeout=10_000)
