"""``CardTable``: a small anywidget that shows an HTML card table and reports card clicks.

Python sets :attr:`CardTable.html`; the browser draws it. A click on any element with a
``data-card`` attribute sets :attr:`CardTable.clicked` to that card's name and bumps
:attr:`CardTable.clicks` (so clicking the same card twice is seen twice). Tests without a
browser call :meth:`CardTable.click_card`.
"""
from __future__ import annotations

import anywidget
import traitlets

from .faces import CSS

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "mlab-table-root";
  el.appendChild(root);
  const draw = () => { root.innerHTML = model.get("html"); };
  draw();
  model.on("change:html", draw);
  root.addEventListener("click", (ev) => {
    const hit = ev.target.closest("[data-card]");
    if (!hit) return;
    model.set("clicked", hit.getAttribute("data-card"));
    model.set("clicks", (model.get("clicks") || 0) + 1);
    model.save_changes();
  });
}
export default { render };
"""


class CardTable(anywidget.AnyWidget):
    """An HTML view with card-click reporting (see the module docstring)."""

    _esm = _ESM
    _css = CSS
    html = traitlets.Unicode("").tag(sync=True)
    clicked = traitlets.Unicode("").tag(sync=True)
    clicks = traitlets.Int(0).tag(sync=True)

    def click_card(self, name: str) -> None:
        """Act as if the card ``name`` was clicked in the browser."""
        self.clicked = name
        self.clicks += 1
