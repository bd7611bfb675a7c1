"""``CardBrowser``: search the card database, read a card, add or edit designer cards."""
from __future__ import annotations

import anywidget
import ipywidgets as W
import pandas as pd
import traitlets

from ..cards.errors import SearchSyntaxError
from ..engine.cards import DECKS, KINDS, SLOTS
from .designer import DesignerCardError, EditConflictError, card_identity, save_designer_card
from .faces import CSS, card_face, esc

_TABLE_COLUMNS = ["set", "name", "kind", "deck", "level", "treasures", "bonus", "gold", "provenance"]
MAX_ROWS = 200


def _style() -> W.HTML:
    return W.HTML(f"<style>{CSS}</style>")


def _v(x):
    return None if x is None or (not isinstance(x, (list, dict)) and pd.isna(x)) else x


class PickTable(anywidget.AnyWidget):
    """An HTML results table whose rows are picked by click or keyboard (Enter / Space on a
    focused row): rows carry ``data-row="<index>"``; a pick sets :attr:`picked` and bumps
    :attr:`picks`."""

    _esm = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  el.appendChild(root);
  const mark = () => {
    root.querySelectorAll(".mlab-row-picked").forEach((r) => r.classList.remove("mlab-row-picked"));
    const tr = root.querySelector(`[data-row="${model.get("picked")}"]`);
    if (tr) tr.classList.add("mlab-row-picked");
  };
  const draw = () => { root.innerHTML = model.get("html"); mark(); };
  draw();
  model.on("change:html", draw);
  model.on("change:picked", mark);
  const pick = (tr) => {
    model.set("picked", +tr.dataset.row); model.set("picks", (model.get("picks") || 0) + 1); model.save_changes();
    mark();
  };
  root.addEventListener("click", (ev) => { const tr = ev.target.closest("[data-row]"); if (tr) pick(tr); });
  root.addEventListener("keydown", (ev) => {
    const tr = ev.target.closest("[data-row]");
    if (!tr) return;
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(tr); }
    if (ev.key === "ArrowDown" && tr.nextElementSibling) { ev.preventDefault(); tr.nextElementSibling.focus(); }
    if (ev.key === "ArrowUp" && tr.previousElementSibling && tr.previousElementSibling.dataset.row) {
      ev.preventDefault(); tr.previousElementSibling.focus(); }
  });
}
export default { render };
"""
    _css = CSS
    html = traitlets.Unicode("").tag(sync=True)
    picked = traitlets.Int(-1).tag(sync=True)
    picks = traitlets.Int(0).tag(sync=True)

    def pick(self, i: int) -> None:
        """Act as if row ``i`` was clicked."""
        self.picked = int(i)
        self.picks += 1


class CardBrowser(W.VBox):
    """Search box (card search syntax, errors shown inline with the hint the error carries),
    a results table (click a row, or focus it and press Enter, to read that card), the card's
    detail always in step with the results, and a designer-card form.

    Args:
        query: initial search.
        url: database URL (default: the configured database).

    CSS classes: ``mlab-browser``, ``mlab-search``, ``mlab-search-btn``, ``mlab-search-error``,
    ``mlab-results-table`` (rows ``data-row``), ``mlab-results``, ``mlab-card-detail``,
    ``mlab-form-*`` (one per field), ``mlab-designer-new``, ``mlab-designer-edit``,
    ``mlab-designer-save``, ``mlab-designer-message``.
    """

    def __init__(self, query: str = "", url: str | None = None):
        super().__init__()
        self.add_class("mlab-browser")
        self.url = url
        self.frame = pd.DataFrame()
        self.editing: tuple[int, int] | None = None  # (card id, row_version)
        self.search_box = W.Text(value=query, placeholder="e.g. kind:monster level>=10 tag:undead",
                                 continuous_update=False, layout=W.Layout(width="420px", flex="0 1 auto"))
        self.search_box.add_class("mlab-search")
        self.search_box.observe(lambda c: self.search(), names="value")
        self.search_btn = W.Button(description="Search", layout=W.Layout(width="auto", flex="none"))
        self.search_btn.add_class("mlab-search-btn")
        self.search_btn.on_click(lambda _b: self.search())
        self.error = W.HTML(); self.error.add_class("mlab-search-error")
        self.count = W.HTML()
        self.table = PickTable(layout=W.Layout(max_height="360px", overflow="auto", width="56%", flex="1 1 auto"))
        self.table.add_class("mlab-results-table")
        self.table.observe(lambda c: self._on_row(), names="picks")
        self.results = W.Select(options=[], rows=8, layout=W.Layout(width="420px", display="none"))
        self.results.add_class("mlab-results")
        self.results.observe(self._on_result, names="value")
        self.detail = W.HTML(layout=W.Layout(width="44%", flex="1 1 auto", padding="0 0 0 8px"))
        self.detail.add_class("mlab-card-detail")
        self._build_form()
        form = W.Accordion(children=[self.form], selected_index=None)
        form.set_title(0, "Designer card: add a new card, or edit the picked one")
        self.children = [_style(), W.HBox([self.search_box, self.search_btn]), self.error, self.count,
                         W.HBox([self.table, self.detail], layout=W.Layout(width="100%")), self.results, form]
        self.search()

    # ------------------------------------------------------------------ search
    def search(self, query: str | None = None) -> pd.DataFrame:
        """Run ``query`` (default: the search box); a syntax error is shown under the box
        with the hint its message carries, and the previous results stay."""
        if query is not None and query != self.search_box.value:
            self.search_box.value = query  # observer runs the search
            return self.frame
        q = self.search_box.value
        try:
            from ..cards.api import cards

            df = cards(q, url=self.url)
        except SearchSyntaxError as e:
            pointer = f"{esc(q)}\n{' ' * e.position}^"
            self.error.value = (f'<div class="mlab-msg-error">search syntax error at position {e.position}: '
                                f'{esc(e.reason)}\n{pointer}</div>')
            return self.frame
        except Exception as e:  # noqa: BLE001 - shown, not raised
            self.error.value = f'<div class="mlab-msg-error">{esc(type(e).__name__)}: {esc(e)}</div>'
            return self.frame
        self.error.value = ""
        self.frame = df.reset_index(drop=True)
        shown = self.frame.head(MAX_ROWS)
        more = f" (first {MAX_ROWS} shown)" if len(self.frame) > MAX_ROWS else ""
        self.count.value = f"<b>{len(self.frame)}</b> card(s){more}" + (self._no_result_hint(q) if not len(shown) else "")
        rows = "".join(f'<tr class="mlab-row-pick" data-row="{i}" tabindex="0" '
                       f'aria-label="{esc(r["name"])} ({esc(r["set"])})">'
                       + "".join(f"<td>{esc('' if _v(r[c]) is None else r[c])}</td>" for c in _TABLE_COLUMNS)
                       + "</tr>" for i, r in shown.iterrows())
        head = "".join(f"<th>{c}</th>" for c in _TABLE_COLUMNS)
        self.table.html = f'<table class="mlab-table-html"><tr>{head}</tr>{rows}</table>'
        self.results.options = [(f"{r['name']} [{r['set']}]", i) for i, r in shown.iterrows()]
        self.table.picked = 0 if len(shown) else -1
        if len(shown):
            self.results.value = 0
        self.show_detail()  # also when the value stayed 0: the detail follows the new results
        return self.frame

    def _no_result_hint(self, q: str) -> str:
        """For an empty result of a query with ``set:`` / ``tag:``: the values that exist."""
        low = q.lower()
        parts = []
        try:
            if "set:" in low:
                from ..decks import default_catalog

                parts.append("set codes: " + ", ".join(default_catalog(self.url).set_codes()))
            if "tag:" in low:
                from ..cards.api import cards

                tags = sorted({t for ts in cards("", url=self.url)["tags"] for t in ts}, key=str.lower)
                parts.append("tags: " + ", ".join(tags))
        except Exception:  # noqa: BLE001 - no hint then
            return ""
        return f'<div class="mlab-msg-warning">{esc("; ".join(parts))}</div>' if parts else ""

    def _on_result(self, change) -> None:
        if isinstance(change["new"], int):
            self.table.picked = change["new"]
        self.show_detail()

    def _on_row(self) -> None:
        i = self.table.picked
        if 0 <= i < len(self.results.options):
            if self.results.value == i:
                self.show_detail()
            else:
                self.results.value = i

    def selected_row(self) -> pd.Series | None:
        """The row of the picked card (None when nothing is picked)."""
        i = self.results.value
        if i is None or i >= len(self.frame) or not len(self.results.options):
            return None
        return self.frame.iloc[i]

    def show_detail(self) -> None:
        """Draw the picked card: face, numbers, tags, aliases, provenance, summary."""
        r = self.selected_row()
        if r is None:
            self.detail.value = ""
            return
        rows = []
        for label, col in (("Set", "set"), ("Kind", "kind"), ("Deck", "deck"), ("Copies", "copies"),
                           ("Level", "level"), ("Treasures", "treasures"), ("Levels gained", "levels_gained"),
                           ("Bonus", "bonus"), ("Slot", "slot"), ("Gold", "gold"), ("Version", "version")):
            v = _v(r[col])
            if v is not None:
                rows.append(f"<tr><th>{label}</th><td>{esc(v)}</td></tr>")
        if bool(_v(r["big"])):
            rows.append("<tr><th>Big</th><td>yes (Big item)</td></tr>")
        rows.append(f"<tr><th>Tags</th><td>{esc(', '.join(r['tags']) or '—')}</td></tr>")
        rows.append(f"<tr><th>Aliases</th><td>{esc(', '.join(r['aliases']) or '—')}</td></tr>")
        rows.append(f"<tr><th>Provenance</th><td>{esc(r['provenance'])} ({esc(r['origin'])})"
                    f"{'; source ' + esc(r['source']) if _v(r['source']) else ''}</td></tr>")
        rows.append(f"<tr><th>Summary</th><td>{esc(_v(r['summary']) or '—')}</td></tr>")
        if bool(_v(r["manual"])):
            rows.append("<tr><th>Engine</th><td>resolved by hand</td></tr>")
        self.detail.value = (f'<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start" data-detail="{esc(r["name"])}">'
                             f'<div class="mlab-detail-card">{card_face(r)}</div>'
                             f'<table class="mlab-table-html">{"".join(rows)}</table></div>')

    # ------------------------------------------------------------------ designer form
    def _build_form(self) -> None:
        def text(name, desc, **kw):
            w = W.Text(description=desc, **kw); w.add_class(f"mlab-form-{name}"); return w

        def num(name, desc):
            w = W.Text(description=desc, placeholder="blank = none", layout=W.Layout(width="220px"))
            w.add_class(f"mlab-form-{name}")
            return w

        try:
            from ..decks import default_catalog

            sets = default_catalog(self.url).set_codes()
        except Exception:  # noqa: BLE001 - no database yet
            sets = []
        self.f_name = text("name", "name")
        self.f_set = W.Dropdown(options=sets or ["munchkin"], description="set"); self.f_set.add_class("mlab-form-set")
        self.f_kind = W.Dropdown(options=list(KINDS), value="monster", description="kind"); self.f_kind.add_class("mlab-form-kind")
        self.f_deck = W.Dropdown(options=list(DECKS), value="door", description="deck"); self.f_deck.add_class("mlab-form-deck")
        self.f_level, self.f_treasures, self.f_bonus, self.f_gold = (num("level", "level"), num("treasures", "treasures"),
                                                                     num("bonus", "bonus"), num("gold", "gold"))
        self.f_slot = W.Dropdown(options=[("—", None)] + [(s, s) for s in SLOTS], description="slot")
        self.f_slot.add_class("mlab-form-slot")
        self.f_big = W.Checkbox(description="Big"); self.f_big.add_class("mlab-form-big")
        self.f_tags = text("tags", "tags", placeholder="comma separated, declared tags")
        self.f_summary = W.Textarea(description="summary", placeholder="your own words"); self.f_summary.add_class("mlab-form-summary")
        self.new_btn = W.Button(description="New card"); self.new_btn.add_class("mlab-designer-new")
        self.new_btn.on_click(lambda _b: self.new_card())
        self.edit_btn = W.Button(description="Edit picked card"); self.edit_btn.add_class("mlab-designer-edit")
        self.edit_btn.on_click(lambda _b: self.edit_selected())
        self.save_btn = W.Button(description="Save designer card", button_style="success")
        self.save_btn.add_class("mlab-designer-save")
        self.save_btn.on_click(lambda _b: self.save_card())
        self.form_msg = W.HTML(); self.form_msg.add_class("mlab-designer-message")
        self.form = W.VBox([W.HBox([self.f_name, self.f_set]), W.HBox([self.f_kind, self.f_deck, self.f_slot]),
                            W.HBox([self.f_level, self.f_treasures]), W.HBox([self.f_bonus, self.f_gold, self.f_big]),
                            self.f_tags, self.f_summary, W.HBox([self.new_btn, self.edit_btn, self.save_btn]),
                            self.form_msg])

    def new_card(self) -> None:
        """Clear the form for a new designer card."""
        self.editing = None
        for w in (self.f_name, self.f_level, self.f_treasures, self.f_bonus, self.f_gold, self.f_tags, self.f_summary):
            w.value = ""
        self.f_big.value = False
        self.f_slot.value = None
        self.form_msg.value = '<div class="mlab-msg-ok">new designer card</div>'

    def edit_selected(self) -> None:
        """Fill the form with the picked card. A designer card is edited in place (its
        ``row_version`` is remembered); a printed card is copied as a new designer card."""
        r = self.selected_row()
        if r is None:
            self.form_msg.value = '<div class="mlab-msg-warning">pick a card first</div>'
            return
        self.f_name.value = r["name"]
        if r["set"] in self.f_set.options:
            self.f_set.value = r["set"]
        self.f_kind.value, self.f_deck.value = r["kind"], r["deck"]
        for w, col in ((self.f_level, "level"), (self.f_treasures, "treasures"), (self.f_bonus, "bonus"),
                       (self.f_gold, "gold")):
            w.value = "" if _v(r[col]) is None else str(int(r[col]))
        self.f_slot.value = _v(r["slot"])
        self.f_big.value = bool(r["big"])
        self.f_tags.value = ", ".join(t for t in r["tags"] if t not in ("One-Shot", "Big", "Vehicle", "Portal", "Dungeon", "V1", "V2"))
        self.f_summary.value = _v(r["summary"]) or ""
        try:
            cid, version, origin = card_identity(r["name"], r["set"], self.url)
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">{esc(e)}</div>'
            return
        if origin == "designer":
            self.editing = (cid, version)
            self.form_msg.value = f'<div class="mlab-msg-ok">editing {esc(r["name"])} (version {version})</div>'
        else:
            self.editing = None
            self.f_name.value = r["name"] + " (variant)"
            self.form_msg.value = ('<div class="mlab-msg-warning">printed card: saving makes a new designer card'
                                   '</div>')

    def form_values(self) -> dict:
        """The form as card fields (numbers parsed; a bad number raises DesignerCardError)."""
        vals = {"name": self.f_name.value.strip(), "kind": self.f_kind.value, "deck": self.f_deck.value,
                "slot": self.f_slot.value, "big": self.f_big.value, "summary": self.f_summary.value.strip() or None,
                "tags": [t.strip() for t in self.f_tags.value.split(",") if t.strip()]}
        for w, col in ((self.f_level, "level"), (self.f_treasures, "treasures"), (self.f_bonus, "bonus"),
                       (self.f_gold, "gold")):
            t = w.value.strip()
            if t == "":
                vals[col] = None
                continue
            try:
                vals[col] = int(t)
            except ValueError:
                raise DesignerCardError(f"{col}: not a whole number: {t!r}") from None
        return vals

    def save_card(self) -> bool:
        """Save the form as a designer card; errors and edit conflicts are shown in the form.
        Returns True when saved."""
        try:
            vals = self.form_values()
            cid, version = save_designer_card(vals, self.f_set.value, *(self.editing or (None, None)), url=self.url)
        except EditConflictError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">{esc(e)}</div>'
            return False
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">cannot save: {esc(e)}</div>'
            return False
        except Exception as e:  # noqa: BLE001 - shown, not raised
            self.form_msg.value = f'<div class="mlab-msg-error">cannot save: {esc(type(e).__name__)}: {esc(e)}</div>'
            return False
        self.editing = (cid, version)
        try:
            from ..decks.catalog import forget_catalogs
            from .board import forget_provenance

            forget_catalogs()
            forget_provenance()
        except Exception:  # noqa: BLE001
            pass
        self.form_msg.value = (f'<div class="mlab-msg-ok">saved {esc(vals["name"])} as a designer card '
                               f'(version {version})</div>')
        self.search()
        return True
