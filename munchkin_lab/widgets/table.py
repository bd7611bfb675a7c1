"""``CardTable``: the anywidget that draws the play screen and reports what the player did.

Python sets :attr:`CardTable.html` (the screen) and :attr:`CardTable.faces` (card name -> the
detail HTML of that card); the browser draws the screen and asks for the faces once per game
(``{"type": "faces?"}``, answered by a custom message, so they are not stored in a saved
notebook's widget state). In the browser:

* hovering, focusing (keyboard) or clicking an element with ``data-card`` shows that card's
  detail in the focus pane at once (from :attr:`faces`, no round trip) and marks the actions
  that use it; a click also makes it the card in focus (:attr:`clicked`, :attr:`clicks`);
  with no card in focus the pane shows what the screen drew there (the decision at hand,
  whose own cards show on click only: hovering them would swap them away under the pointer);
* a click on an element with ``data-i`` (an action button, a room you may move into) sends
  ``{"type": "act", "i": index, "token": render token}``; a click on a log line sends
  ``{"type": "rewind", "pos": n, "token": ...}``; a seat's role menu sends
  ``{"type": "seat", "seat": k, "role": "human"|"greedy"|"random"}``;
* after a click the screen is busy until the next redraw: further clicks are ignored, so a
  double click plays one action. The render token makes a click that raced a redraw play
  nothing (the board compares it with the token of the screen it drew last);
* the table fits its felt: after each draw and on every resize (a window, the Any-time list
  opened), when the felt or a part of it would scroll, steps of a tighter look apply one by
  one until it fits: ``mlab-fit-1`` (the piles as one line each, the centre as tall as its
  content, short Dungeon cards, a smaller Solar Storm ship), then ``mlab-fit-2`` (smaller seat
  chips). The root's ``data-fit`` says how many apply (0, 1 or 2).

Tests without a browser call :meth:`click_card`, :meth:`click_action`, :meth:`click_log`.
"""
from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from .faces import CSS

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "mlab-table-root";
  el.appendChild(root);
  let busy = false, sticky = "", hoverTimer = null, busyTimer = null;
  let faces = {}, facesVersion = null, asked = null, paneHtml = "";
  const token = () => { const s = root.querySelector("[data-token]"); return s ? +s.dataset.token : -1; };
  const setBusy = (on) => {
    busy = on; root.classList.toggle("mlab-busy", on);
    clearTimeout(busyTimer);
    if (on) busyTimer = setTimeout(() => setBusy(false), 5000);
  };
  const focusPane = () => root.querySelector(".mlab-focus-body");
  function showFocus(name) {
    const pane = focusPane();
    if (!pane) return;
    if (!name && pane.dataset.showing) {  // no card in focus: what the screen drew (the decision)
      pane.innerHTML = paneHtml; pane.dataset.showing = "";
    }
    if (name && faces[name] !== undefined) {
      if (pane.dataset.showing !== name) { pane.innerHTML = faces[name]; pane.dataset.showing = name; }
      const uses = pane.querySelector(".mlab-uses");
      if (uses) {
        uses.innerHTML = "";
        root.querySelectorAll(".mlab-actions [data-i][data-cards]").forEach((b) => {
          if (b.dataset.cards.split("|").includes(name)) {
            const c = b.cloneNode(true); c.classList.remove("mlab-primary"); uses.appendChild(c);
          }
        });
      }
    }
    root.querySelectorAll(".mlab-uses-card").forEach((b) => b.classList.remove("mlab-uses-card"));
    if (name) root.querySelectorAll(".mlab-actions [data-cards]").forEach((b) => {
      if (b.dataset.cards.split("|").includes(name)) b.classList.add("mlab-uses-card");
    });
  }
  // the table fits the felt: when the felt or a part of it would scroll (a crowded table, a long
  // list of actions), steps of a tighter look apply one by one until it fits (mlab-fit-1: the
  // piles as one line each and the centre as tall as its content, a smaller Solar Storm ship;
  // mlab-fit-2: smaller seat chips)
  const FITS = ["mlab-fit-1", "mlab-fit-2"];
  const scrolls = (e) => e.scrollHeight > e.clientHeight + 1;
  function fit() {
    const scr = root.querySelector(".mlab-screen"), felt = root.querySelector(".mlab-felt-own, .mlab-felt.mlab-solar");
    if (!scr || !felt) return;
    scr.classList.remove(...FITS);
    let level = 0;
    for (const c of FITS) {
      const parts = [...felt.querySelectorAll(".mlab-centre, .mlab-solar-side")];
      if (!felt.clientHeight || !(scrolls(felt) || parts.some(scrolls))) break;
      scr.classList.add(c); level += 1;
    }
    root.dataset.fit = String(level);
  }
  const sizes = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => fit());
  function draw() {
    const active = document.activeElement;
    const key = active && root.contains(active) ? (active.dataset.key || "") : "";
    const logEl = root.querySelector(".mlab-log-lines");
    root.innerHTML = model.get("html");
    fit();
    if (sizes) { sizes.disconnect(); const f = root.querySelector(".mlab-felt"); if (f) sizes.observe(f); }
    setBusy(false);
    const lg = root.querySelector(".mlab-log-lines");
    if (lg) lg.scrollTop = lg.scrollHeight;
    const pane = focusPane();
    const drawn = pane && pane.querySelector("[data-detail]");
    sticky = drawn ? drawn.dataset.detail : "";
    if (pane) { pane.dataset.showing = sticky; paneHtml = pane.innerHTML; }
    showFocus(sticky);
    if (key) { const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`); if (again) again.focus(); }
    const s = root.querySelector("[data-faces]");
    const want = s ? s.dataset.faces : null;
    if (want !== null && want !== facesVersion && want !== asked) { asked = want; model.send({ type: "faces?" }); }
  }
  draw();
  model.on("change:html", draw);
  model.on("msg:custom", (m) => {
    if (!m) return;
    if (m.type === "ignored") setBusy(false);
    if (m.type === "faces") {
      faces = m.faces || {}; facesVersion = String(m.version); asked = null;
      root.dataset.facesReady = facesVersion; showFocus(sticky);
    }
  });
  const send = (msg) => { setBusy(true); model.send(Object.assign({ token: token() }, msg)); };
  root.addEventListener("click", (ev) => {
    const act = ev.target.closest("[data-i]");
    if (act && root.contains(act)) {
      ev.preventDefault(); ev.stopPropagation();
      if (busy) return;
      send({ type: "act", i: +act.dataset.i });
      return;
    }
    const rw = ev.target.closest("[data-rewind]");
    if (rw) { ev.preventDefault(); if (busy) return; send({ type: "rewind", pos: +rw.dataset.rewind }); return; }
    const nope = ev.target.closest("[data-why]");
    if (nope) { const w = root.querySelector(".mlab-nope-why"); if (w) w.textContent = nope.textContent + ": " + nope.dataset.why; return; }
    const card = ev.target.closest("[data-card]");
    if (card) {
      sticky = card.dataset.card; showFocus(sticky);
      root.querySelectorAll(".mlab-selected").forEach((c) => c.classList.remove("mlab-selected"));
      card.classList.add("mlab-selected");
      model.set("clicked", sticky); model.set("clicks", (model.get("clicks") || 0) + 1); model.save_changes();
    }
  });
  // the cards of the focus pane itself (a decision's cards) show on click, not on hover
  const inPane = (card) => !!card.closest(".mlab-focus-body");
  root.addEventListener("mouseover", (ev) => {
    const card = ev.target.closest("[data-card]");
    if (!card || inPane(card)) return;
    clearTimeout(hoverTimer); showFocus(card.dataset.card);
  });
  root.addEventListener("mouseout", (ev) => {
    const card = ev.target.closest("[data-card]");
    if (!card || inPane(card)) return;
    clearTimeout(hoverTimer); hoverTimer = setTimeout(() => showFocus(sticky), 350);
  });
  root.addEventListener("focusin", (ev) => {
    const card = ev.target.closest("[data-card]");
    if (card && !inPane(card)) showFocus(card.dataset.card);
  });
  root.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if ((ev.key === "Enter" || ev.key === " ") && t.getAttribute && t.getAttribute("role") === "button" && t.tagName !== "BUTTON") {
      ev.preventDefault(); t.click();
    }
  });
  root.addEventListener("change", (ev) => {
    const sel = ev.target.closest("[data-seat-role]");
    if (sel) model.send({ type: "seat", seat: +sel.dataset.seatRole, role: sel.value, token: token() });
  });
}
export default { render };
"""


class CardTable(anywidget.AnyWidget):
    """The play screen's HTML view with click, hover and keyboard reporting (see the module
    docstring)."""

    _esm = _ESM
    _css = CSS
    html = traitlets.Unicode("").tag(sync=True)
    #: card name -> detail HTML (sent on request, not synced: see the module docstring)
    faces = traitlets.Dict({})
    #: version of :attr:`faces` (the screen's ``data-faces``)
    faces_version = traitlets.Int(0)
    clicked = traitlets.Unicode("").tag(sync=True)
    clicks = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self._handlers: list[Callable[[dict], None]] = []
        self.on_msg(self._dispatch)

    def on_player(self, fn: Callable[[dict], None]) -> None:
        """Call ``fn(message)`` for every message from the browser (``act``, ``rewind``,
        ``seat``)."""
        self._handlers.append(fn)

    @traitlets.observe("faces")
    def _new_faces(self, _change) -> None:
        self.faces_version += 1

    def _dispatch(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "faces?":
            try:
                self.send({"type": "faces", "version": self.faces_version, "faces": self.faces})
            except Exception:  # noqa: BLE001 - no front end (tests)
                pass
            return
        for fn in self._handlers:
            fn(content)

    def ignored(self) -> None:
        """Tell the browser its last click played nothing (it stops waiting for a redraw)."""
        try:
            self.send({"type": "ignored"})
        except Exception:  # noqa: BLE001 - no front end (tests)
            pass

    # ------------------------------------------------------------------ test hooks
    def token(self) -> int:
        """The render token of the screen drawn last (-1 when none)."""
        import re

        m = re.search(r'data-token="(-?\d+)"', self.html)
        return int(m.group(1)) if m else -1

    def click_card(self, name: str) -> None:
        """Act as if the card ``name`` was clicked in the browser."""
        self.clicked = name
        self.clicks += 1

    def click_action(self, i: int, token: int | None = None) -> None:
        """Act as if action button ``i`` of the drawn screen was clicked (with the token of
        that screen unless ``token`` is given: a stale token plays nothing)."""
        self._dispatch(self, {"type": "act", "i": int(i), "token": self.token() if token is None else token})

    def click_log(self, pos: int, token: int | None = None) -> None:
        """Act as if the log line that ends at position ``pos`` was clicked."""
        self._dispatch(self, {"type": "rewind", "pos": int(pos), "token": self.token() if token is None else token})

    def choose_role(self, seat: int, role: str) -> None:
        """Act as if seat ``seat``'s role menu was set to ``role``."""
        self._dispatch(self, {"type": "seat", "seat": int(seat), "role": role, "token": self.token()})
