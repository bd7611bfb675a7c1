"""Constants and page helpers of the browser tests (unique module name: imported by the tests)."""
from __future__ import annotations

import io
import re
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


#: The table's parts as boxes with their scroll sizes: {part: [[left, top, right, bottom, scrollHeight,
#: clientHeight, scrollWidth, clientWidth], ...]}, plus the own hand's chips, each pile's count
#: badge beside the number of its top card, and each chip's name text beside its number.
TABLE_PARTS = """() => {
  const box = (e) => { const b = e.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom, e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth]; };
  const all = (sel) => [...document.querySelectorAll(sel)].map(box);
  const r = (b) => { return [b.left, b.top, b.right, b.bottom]; };
  const shown = (e) => e.getClientRects().length > 0;  // not in a part the screen hides (display: none)
  const piles = [...document.querySelectorAll('.mlab-pile')].filter(shown).map(p => {
    const c = p.querySelector('.mlab-count'), n = p.querySelector('.mlab-cnum');
    return {count: c ? r(c.getBoundingClientRect()) : null, number: n ? r(n.getBoundingClientRect()) : null,
            card: (p.querySelector('[data-card]') || {dataset: {}}).dataset.card || null}; });
  const chips = [...document.querySelectorAll('.mlab-chip[data-card]')].filter(c => shown(c) && c.querySelector('b')).map(c => {
    const t = c.firstChild, rg = document.createRange();
    rg.setStart(t, 0); rg.setEnd(t, t.textContent.replace(/\\s+$/, '').length);
    return {card: c.dataset.card, cut: c.scrollWidth > c.clientWidth + 1, sep: c.firstChild.nodeType === 3 && /\\s$/.test(c.firstChild.textContent),
            name: r(rg.getBoundingClientRect()),
            number: r(c.querySelector('b').getBoundingClientRect())}; });
  const heads = [...document.querySelectorAll('.mlab-seat-head')].map(h => {
    const seat = h.closest('.mlab-seat'), sb = seat.getBoundingClientRect();
    const parts = [h, ...h.querySelectorAll('*')].filter(e => !e.closest('.mlab-sr, option, .mlab-role-space')
      && e.getClientRects().length);
    const role = h.querySelector('.mlab-role, .mlab-role-tag');
    const rb = role ? role.getBoundingClientRect() : null;
    const atoms = [...h.querySelectorAll('.mlab-level, .mlab-pname, .mlab-chip, .mlab-sub, .mlab-dead-tag')];
    const frags = atoms.flatMap(e => [...e.getClientRects()].map(b => [e.textContent, b]));
    return {seat: seat.dataset.seat, label: seat.getAttribute('aria-label'), text: h.innerText.replace(/\u00a0/g, ' '),
            cut: parts.filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1).map(e => e.className + ': ' + e.textContent),
            out: parts.filter(e => [...e.getClientRects()].some(b => b.left < sb.left - 0.5 || b.right > sb.right + 0.5))
                      .map(e => e.className + ': ' + e.textContent),
            covered: rb ? frags.filter(([t, b]) => b.left < rb.right && rb.left < b.right && b.top < rb.bottom && rb.top < b.bottom)
                               .map(([t]) => t) : []};
  });
  return {heads, felt: all('.mlab-felt'), seats: all('.mlab-seat'), rows: all('.mlab-seats'), centre: all('.mlab-centre'),
          combat: all('.mlab-combat'), sides: all('.mlab-combat-side'), entries: all('.mlab-side-entry'),
          sums: all('.mlab-side-sum'), actions: all('.mlab-actions'),
          hand: all('.mlab-seat.mlab-own .mlab-zone-row:last-child .mlab-chip'), own: all('.mlab-seat.mlab-own'),
          piles, chips, vw: innerWidth, vh: innerHeight};
}
"""


def within(inner, outer, slack: float = 0.5) -> bool:
    """True when box ``inner`` lies within box ``outer`` (both start [left, top, right, bottom, ...])."""
    return inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack \
        and inner[3] <= outer[3] + slack


def overlap(a, b) -> bool:
    """True when boxes ``a`` and ``b`` ([left, top, right, bottom]) share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_heads_whole(got: dict, name: str) -> None:
    """Every seat's head (``got["heads"]`` of :data:`TABLE_PARTS`) shows its Level, name, Race
    and Class whole: no part of it is cut short or reaches outside the seat, the menu of who
    plays the seat covers no text, and the head says the Race and Class that the seat's
    spoken label names ("P2, Level 4, Dwarf, Cleric")."""
    assert got["heads"], f"{name}: no seat heads"
    for h in got["heads"]:
        assert not h["cut"] and not h["out"], f"{name}: seat {h['seat']}'s head is cut short {h}"
        assert not h["covered"], f"{name}: seat {h['seat']}'s menu covers {h['covered']} {h}"
        for word in h["label"].split(", ")[2:]:
            for part in word.split(" + "):
                assert part in h["text"], f"{name}: seat {h['seat']}'s head does not say {part!r} {h}"


def assert_table_fits(page, name: str) -> dict:
    """Screenshot to ``tests/artifacts/<name>.png``, then assert the table shows everything at
    once: the felt does not scroll; every seat, both seat rows, the centre (combat and its
    breakdown) and the actions lie inside the viewport and show all their content; every seat
    lies inside the felt; each chip of your hand lies inside your seat; no pile's count badge
    covers the number of its top card; every chip's name stands apart from its number and no
    chip is cut off; every seat's head shows its Race and Class whole (:func:`assert_heads_whole`)."""
    page.mouse.move(5, 5)
    page.wait_for_timeout(300)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    got = page.evaluate(TABLE_PARTS)
    view = [0, 0, got["vw"], got["vh"]]
    felt = got["felt"][0]
    assert felt[4] <= felt[5] + 1, f"{name}: the felt scrolls {felt}"
    for part in ("seats", "rows", "centre", "combat", "sides", "entries", "sums", "actions"):
        for b in got[part]:
            assert within(b, view), f"{name}: a {part} box outside the viewport {b}"
            assert b[4] <= b[5] + 1 and b[6] <= b[7] + 1, f"{name}: a {part} box cut off {b}"
            if part != "actions":
                assert within(b, felt), f"{name}: a {part} box outside the felt {b} {felt}"
    for b in got["combat"] + got["entries"] + got["sums"]:
        assert within(b, got["centre"][0]), f"{name}: combat part outside the centre {b}"
    assert got["own"] and got["hand"], f"{name}: no hand of yours"
    for b in got["hand"]:
        assert within(b, got["own"][0]) and within(b, view), f"{name}: a card of your hand out of view {b}"
    for p in got["piles"]:
        assert p["count"] is not None and within(p["count"] + [0, 0], view), f"{name}: pile count {p}"
        if p["number"] is not None:
            assert not overlap(p["count"], p["number"]), f"{name}: the count covers {p['card']}'s number {p}"
    assert_heads_whole(got, name)
    for c in got["chips"]:
        assert c["name"][2] + 1 <= c["number"][0], f"{name}: {c['card']}'s name runs into its number {c}"
        assert c["sep"], f"{name}: no space between {c['card']}'s name and its number in the text"
        assert not c["cut"], f"{name}: the chip of {c['card']} is cut off"
    return got


def _luminance(rgb) -> float:
    def lin(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (``(r, g, b)``): 1 (none) to 21 (black on white)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_contrast(locator) -> float:
    """The contrast between an element's text colour and its background as drawn (the most
    common colour of its screenshot, so transparent layers over a gradient count too)."""
    from PIL import Image

    img = Image.open(io.BytesIO(locator.screenshot())).convert("RGB")
    bg = max(img.getcolors(maxcolors=img.width * img.height))[1]
    fg = [int(x) for x in re.findall(r"\d+", locator.evaluate("e => getComputedStyle(e).color"))[:3]]
    return contrast(fg, bg)
