"""``CardBrowser``: search the card database, read a card, and the card editor: add, edit,
delete and try designer cards in designer sets (every field of the set-file format, the
effect built with a structured editor)."""
from __future__ import annotations

import re

import anywidget
import ipywidgets as W
import pandas as pd
import traitlets

from ..cards.errors import SearchSyntaxError
from ..engine.cards import DECKS, KINDS, SLOTS
from .designer import DesignerCardError, EditConflictError, card_identity
from .effect_editor import EffectEditor
from .faces import CSS, card_face, esc

_TABLE_COLUMNS = ["set", "name", "kind", "deck", "level", "treasures", "bonus", "gold", "provenance"]
MAX_ROWS = 200


def _style() -> W.HTML:
    return W.HTML(f"<style>{CSS}</style>")


def _v(x):
    return None if x is None or (not isinstance(x, (list, dict)) and pd.isna(x)) else x


#: ``Name [pl]``: an alias with its language in the editor's aliases field
_ALIAS_LANG = re.compile(r"^(.*\S)\s*\[([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\]$")


def alias_text(aliases: list) -> str:
    """The aliases field's text for a card's aliases in the set-file form (a name, or
    ``{name, language}``): comma separated, a language in brackets after its name
    (``Bilge Spook [en], Zly Duch [pl]``)."""
    return ", ".join(a if isinstance(a, str) else
                     f"{a['name']} [{a['language']}]" if a.get("language") else a["name"] for a in aliases)


def alias_item(text: str) -> str | dict:
    """One alias of the aliases field in the set-file form: ``Zly Duch [pl]`` ->
    ``{"name": "Zly Duch", "language": "pl"}``, a plain name -> the name (the reverse of
    :func:`alias_text`)."""
    m = _ALIAS_LANG.match(text)
    return {"name": m.group(1), "language": m.group(2)} if m else text


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

    The card editor (in the accordion below the results): a designer set to save into (or a
    new one: code, name, family, *Create set*), every field of a card (numbers, tags,
    aliases, copies, levels gained, restrictions, version, Big, the provenance note
    ``source``, the summary), the effect editor (:class:`~munchkin_lab.widgets.effect_editor.EffectEditor`:
    when / if / who / do / for how long picked from lists, the effects' YAML, the validator's
    message inline), the card's YAML, and *New card*, *Edit picked card* (a designer card in
    place with its ``row_version``; a printed card as a renamed copy), *Save*, *Delete* and
    *Try this card* (a board below the form with the card in a fitting position). A save of a
    card someone else saved meanwhile is refused with a conflict message; a card whose effects
    the engine cannot run (a ``manual`` op) is saved as ``manual``; the *manual* box left as
    read keeps the stored flag, except one the old effects gave, which follows the new effects
    (cleared when the engine runs them, said in the message; tick the box again to keep it), as
    ``cards edit`` and ``set import`` do (:func:`munchkin_lab.cards.designer.own_manual`).

    CSS classes: ``mlab-browser``, ``mlab-search``, ``mlab-search-btn``, ``mlab-search-error``,
    ``mlab-results-table`` (rows ``data-row``), ``mlab-results``, ``mlab-card-detail``,
    ``mlab-form-*`` (one per field), ``mlab-set-create``, ``mlab-designer-new``,
    ``mlab-designer-edit``, ``mlab-designer-save``, ``mlab-designer-delete``,
    ``mlab-designer-try``, ``mlab-designer-message``, ``mlab-card-yaml``, ``mlab-try-area``
    (the try-it board), ``mlab-try-close``; the effect editor's own (see its class).
    """

    def __init__(self, query: str = "", url: str | None = None):
        super().__init__()
        self.add_class("mlab-browser")
        self.url = url
        self.frame = pd.DataFrame()
        self.editing: tuple[int, int] | None = None  # (card id, row_version)
        # the manual box as read (the card opened or saved): left so, the save keeps the
        # stored flag, which follows the effects when they gave it (designer.own_manual)
        self._manual_read = False
        # the name and the aliases field as read (the designer card opened or saved): a save
        # under another name with the aliases left so keeps the old name as an alias, as
        # `cards edit` does (designer.renamed_aliases)
        self._read_name: tuple[str, str] | None = None
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
        form.add_class("mlab-designer-form")
        form.set_title(0, "Card editor: add a designer card, edit the picked one, try it")
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
        hints = "".join(f'<div class="mlab-msg-warning mlab-search-hint">{esc(h)}</div>'
                        for h in df.attrs.get("hints") or [])  # did you mean ...? (set:, tag:, deck:, names)
        listed = any("needs a value" in h for h in df.attrs.get("hints") or [])  # `tag:` lists them itself
        self.count.value = f"<b>{len(self.frame)}</b> {'card' if len(self.frame) == 1 else 'cards'}{more}" + hints + (
            self._no_result_hint(q) if not len(shown) and not listed else "")
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
        """For an empty result of a query with ``set:`` / ``tag:`` / ``deck:``: the values that exist."""
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
            if "deck:" in low:
                from ..decks import list_decks
                from ..engine.cards import DECKS

                saved = list(list_decks(self.url)["name"])
                parts.append("piles: " + ", ".join(DECKS) + "; saved decks: " + (", ".join(saved) or "none"))
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
    def _designer_sets(self) -> list[str]:
        try:
            from ..cards.designer import list_sets

            df = list_sets(self.url)
            return [c for c, o in zip(df["code"], df["origin"]) if o == "designer"]
        except Exception:  # noqa: BLE001 - no database yet
            return []

    def _build_form(self) -> None:
        def text(name, desc, width="320px", **kw):
            w = W.Text(description=desc, layout=W.Layout(width=width), **kw); w.add_class(f"mlab-form-{name}"); return w

        def num(name, desc):
            w = W.Text(description=desc, placeholder="blank = none", layout=W.Layout(width="190px"))
            w.add_class(f"mlab-form-{name}")
            w.observe(lambda _c: self._show_yaml(), names="value")
            return w

        sets = self._designer_sets()
        self.f_set = W.Dropdown(options=sets, value=sets[0] if sets else None, description="set",
                                layout=W.Layout(width="260px"))
        self.f_set.add_class("mlab-form-set")
        self.s_code = text("set-code", "new set", "230px", placeholder="code, e.g. my_fan")
        self.s_name = text("set-name", "", "220px", placeholder="name, e.g. My fan set")
        self.s_family = W.Dropdown(options=["munchkin", "solar_storm"], value="munchkin", layout=W.Layout(width="120px"))
        self.s_family.add_class("mlab-form-set-family")
        self.s_create = W.Button(description="Create set", layout=W.Layout(width="auto"))
        self.s_create.add_class("mlab-set-create")
        self.s_create.on_click(lambda _b: self.create_set())
        self.f_name = text("name", "name")
        self.f_kind = W.Dropdown(options=list(KINDS), value="monster", description="kind", layout=W.Layout(width="230px"))
        self.f_kind.add_class("mlab-form-kind")
        self.f_deck = W.Dropdown(options=list(DECKS), value="door", description="deck", layout=W.Layout(width="200px"))
        self.f_deck.add_class("mlab-form-deck")
        self.f_level, self.f_treasures, self.f_levels_gained = (num("level", "level"), num("treasures", "treasures"),
                                                                num("levels_gained", "levels won"))
        self.f_bonus, self.f_gold, self.f_copies = num("bonus", "bonus"), num("gold", "gold"), num("copies", "copies")
        self.f_slot = W.Dropdown(options=[("—", None)] + [(x, x) for x in SLOTS], description="slot",
                                 layout=W.Layout(width="200px"))
        self.f_slot.add_class("mlab-form-slot")
        self.f_version = W.Dropdown(options=[("—", None), ("V1", "V1"), ("V2", "V2")], description="version",
                                    layout=W.Layout(width="170px"))
        self.f_version.add_class("mlab-form-version")
        self.f_big = W.Checkbox(description="Big item", indent=False); self.f_big.add_class("mlab-form-big")
        self.f_manual = W.Checkbox(description="resolved by hand (manual)", indent=False)
        self.f_manual.add_class("mlab-form-manual")
        self.f_tags = text("tags", "tags", "400px", placeholder="comma separated, declared tags (Ghost, Undead...)")
        self.f_aliases = text("aliases", "aliases", "400px",
                              placeholder="other names, comma separated; a language after one: Zly Duch [pl]")
        self.f_usable = text("usable_by", "usable by", "400px", placeholder="atoms: race:elf, class:wizard...")
        self.f_not_usable = text("not_usable_by", "not by", "400px", placeholder="atoms: race:dwarf...")
        self.f_source = text("source", "source", "600px", placeholder="provenance note: where the idea comes from")
        self.f_summary = W.Textarea(description="summary", placeholder="the card's rules in your own words",
                                    layout=W.Layout(width="600px"))
        self.f_summary.add_class("mlab-form-summary")
        for w in (self.f_name, self.f_tags, self.f_aliases, self.f_usable, self.f_not_usable, self.f_source,
                  self.f_summary, self.f_slot, self.f_version, self.f_big, self.f_manual, self.f_deck):
            w.observe(lambda _c: self._show_yaml(), names="value")
        self.f_kind.observe(self._on_kind, names="value")
        self.effect_editor = EffectEditor(self.f_kind.value, on_change=self._show_yaml, names=self._effect_names)
        for w in (self.f_version, self.f_name):
            w.observe(lambda _c: self.effect_editor.set_version(self.f_version.value, self.f_name.value.strip()),
                      names="value")
        self.card_yaml = W.HTML(); self.card_yaml.add_class("mlab-card-yaml")
        self.new_btn = W.Button(description="New card"); self.new_btn.add_class("mlab-designer-new")
        self.new_btn.on_click(lambda _b: self.new_card())
        self.edit_btn = W.Button(description="Edit picked card"); self.edit_btn.add_class("mlab-designer-edit")
        self.edit_btn.on_click(lambda _b: self.edit_selected())
        self.save_btn = W.Button(description="Save designer card", button_style="success")
        self.save_btn.add_class("mlab-designer-save")
        self.save_btn.on_click(lambda _b: self.save_card())
        self.delete_btn = W.Button(description="Delete", button_style="danger")
        self.delete_btn.add_class("mlab-designer-delete")
        self.delete_btn.on_click(lambda _b: self.delete_card())
        self.try_btn = W.Button(description="Try this card", button_style="warning")
        self.try_btn.add_class("mlab-designer-try")
        self.try_btn.on_click(lambda _b: self.try_card())
        self.form_msg = W.HTML(); self.form_msg.add_class("mlab-designer-message")
        self.try_area = W.VBox(); self.try_area.add_class("mlab-try-area")
        self.board = None
        self.form = W.VBox([
            W.HBox([self.f_set, self.s_code, self.s_name, self.s_family, self.s_create]),
            W.HBox([self.f_name, self.f_kind, self.f_deck]),
            W.HBox([self.f_level, self.f_treasures, self.f_levels_gained, self.f_copies]),
            W.HBox([self.f_bonus, self.f_gold, self.f_slot, self.f_version, self.f_big]),
            W.HBox([self.f_tags, self.f_aliases]), W.HBox([self.f_usable, self.f_not_usable]),
            self.f_source, self.f_summary, self.effect_editor, self.f_manual,
            W.HBox([self.new_btn, self.edit_btn, self.save_btn, self.delete_btn, self.try_btn]),
            self.form_msg, self.card_yaml, self.try_area])
        self._show_yaml()

    def _effect_names(self):
        """The names the card's effects may refer to: the database's cards and tags and this
        card itself (its inline check, :class:`EffectEditor`)."""
        from ..cards.designer import known_names

        own = [(self.f_name.value.strip(), self.f_kind.value)] if self.f_name.value.strip() else []
        return known_names(url=self.url, cards=own)

    def _on_kind(self, change) -> None:
        self.effect_editor.set_kind(change["new"])
        self._show_yaml()

    def create_set(self) -> bool:
        """Create the designer set typed in the *new set* fields and pick it. Returns True
        when created (else the reason is shown)."""
        from ..cards.designer import DesignerCardError, create_set

        try:
            info = create_set(self.s_code.value.strip(), self.s_name.value.strip() or self.s_code.value.strip(),
                              self.s_family.value, url=self.url)
        except (DesignerCardError, ValueError) as e:
            self.form_msg.value = f'<div class="mlab-msg-error">cannot create the set: {esc(e)}</div>'
            return False
        self.f_set.options = self._designer_sets()
        self.f_set.value = info["code"]
        self.form_msg.value = f'<div class="mlab-msg-ok">created designer set {esc(info["code"])}</div>'
        return True

    def new_card(self) -> None:
        """Clear the form for a new designer card."""
        self.editing = self._read_name = None
        for w in (self.f_name, self.f_level, self.f_treasures, self.f_levels_gained, self.f_bonus, self.f_gold,
                  self.f_copies, self.f_tags, self.f_aliases, self.f_usable, self.f_not_usable, self.f_source,
                  self.f_summary):
            w.value = ""
        self.f_big.value = self.f_manual.value = self._manual_read = False
        self.f_slot.value = self.f_version.value = None
        self.effect_editor.set_effects({})
        self.form_msg.value = '<div class="mlab-msg-ok">new designer card</div>'

    def edit_selected(self) -> None:
        """Fill the form with the picked card. A designer card is edited in place (its
        ``row_version`` is remembered); a printed card is copied as a new designer card
        (renamed: a name may not shadow the printed one)."""
        r = self.selected_row()
        if r is None:
            self.form_msg.value = '<div class="mlab-msg-warning">pick a card first</div>'
            return
        from ..cards.designer import DERIVED_TAGS

        self.f_name.value = r["name"]
        if r["set"] in (self.f_set.options or ()):
            self.f_set.value = r["set"]
        self.f_kind.value, self.f_deck.value = r["kind"], r["deck"]
        for w, col in ((self.f_level, "level"), (self.f_treasures, "treasures"), (self.f_bonus, "bonus"),
                       (self.f_gold, "gold"), (self.f_levels_gained, "levels_gained"), (self.f_copies, "copies")):
            w.value = "" if _v(r[col]) is None else str(int(r[col]))
        if self.f_copies.value == "1":
            self.f_copies.value = ""
        self.f_slot.value = _v(r["slot"])
        self.f_version.value = _v(r["version"])
        self.f_big.value = bool(r["big"])
        self.f_manual.value = self._manual_read = bool(r["manual"])
        self.f_tags.value = ", ".join(t for t in r["tags"] if t not in DERIVED_TAGS)
        self.f_aliases.value = ", ".join(r["aliases"])
        self.f_usable.value = ", ".join(r["usable_by"] or [])
        self.f_not_usable.value = ", ".join(r["not_usable_by"] or [])
        self.f_source.value = _v(r["source"]) or "" if r["origin"] == "designer" else ""
        self.f_summary.value = _v(r["summary"]) or ""
        self.effect_editor.set_effects(dict(r["effects"] or {}))
        try:
            cid, version, origin = card_identity(r["name"], r["set"], self.url)
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">{esc(e)}</div>'
            return
        if origin == "designer":
            from ..cards.designer import get_card

            # the aliases with their languages (the search table holds the names only)
            self.f_aliases.value = alias_text(get_card(r["name"], r["set"], self.url).get("aliases", []))
            self.editing = (cid, version)
            self._read_name = (r["name"], self.f_aliases.value)
            self.form_msg.value = f'<div class="mlab-msg-ok">editing {esc(r["name"])} (version {version})</div>'
        else:
            self.editing = self._read_name = None
            self.f_name.value = r["name"] + " (variant)"
            self.f_aliases.value = ""
            self.form_msg.value = ('<div class="mlab-msg-warning">printed card: saving makes a new designer card '
                                   'in your designer set (a new name: it may not shadow the printed one)</div>')

    def form_values(self) -> dict:
        """The form as a card in the set-file form (numbers parsed; blank numbers are
        unknown, ``null``; a bad number raises DesignerCardError naming the field)."""
        def words(w) -> list[str]:
            return [t.strip() for t in w.value.split(",") if t.strip()]

        vals: dict = {"name": self.f_name.value.strip(), "kind": self.f_kind.value, "deck": self.f_deck.value,
                      "slot": self.f_slot.value, "big": self.f_big.value, "version": self.f_version.value,
                      "summary": self.f_summary.value.strip() or None, "source": self.f_source.value.strip() or None,
                      "tags": words(self.f_tags), "aliases": [alias_item(t) for t in words(self.f_aliases)],
                      "usable_by": words(self.f_usable), "not_usable_by": words(self.f_not_usable),
                      "effects": dict(self.effect_editor.effects), "manual": self.f_manual.value}
        if self.effect_editor.problems:
            raise DesignerCardError("; ".join(self.effect_editor.problems))
        for w, col in ((self.f_level, "level"), (self.f_treasures, "treasures"), (self.f_bonus, "bonus"),
                       (self.f_gold, "gold"), (self.f_levels_gained, "levels_gained"), (self.f_copies, "copies")):
            t = w.value.strip()
            if t == "":
                vals[col] = None
                continue
            try:
                vals[col] = int(t)
            except ValueError:
                raise DesignerCardError(f"{col}: not a whole number: {t!r}") from None
        return vals

    def _show_yaml(self) -> None:
        if not hasattr(self, "card_yaml"):
            return
        from ..cards.designer import card_yaml

        try:
            vals = {k: v for k, v in self.form_values().items() if v not in (None, "", [], {})}
        except DesignerCardError as e:
            self.card_yaml.value = f'<div class="mlab-msg-error">{esc(e)}</div>'
            return
        vals["provenance"] = "designer"
        self.card_yaml.value = (f'<details open><summary>the card as YAML (set file form)</summary>'
                                f'<pre class="mlab-card-yaml-text">{esc(card_yaml(vals))}</pre></details>')

    def save_card(self) -> bool:
        """Save the form as a designer card of the picked designer set; errors and edit
        conflicts are shown in the form. A designer card saved under a new name with its
        aliases field left as read keeps the old name as an alias, as ``cards edit`` does
        (:func:`munchkin_lab.cards.designer.renamed_aliases`): the field shows it and the
        message says so (an aliases field the designer changed is saved as typed). Returns
        True when saved."""
        if not self.f_set.value:
            self.form_msg.value = ('<div class="mlab-msg-error">cannot save: no designer set yet: type a code and a '
                                   'name under "new set" and press Create set</div>')
            return False
        kept = None
        try:
            from ..cards.designer import renamed_aliases, save_card

            vals = self.form_values()
            if self.editing is not None and self._read_name is not None:
                read, read_aliases = self._read_name
                if self.f_aliases.value == read_aliases:  # the aliases left as read: the rule of cards edit
                    vals["aliases"], kept = renamed_aliases(read, vals["name"], vals["aliases"])
            saved = save_card({k: v for k, v in vals.items() if v not in (None, "", [], {})}, self.f_set.value,
                              *(self.editing or (None, None)), url=self.url,
                              manual_set=vals["manual"] != self._manual_read,
                              keep_manual="tick 'resolved by hand (manual)' and save again")
        except EditConflictError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">{esc(e)}</div>'
            return False
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">cannot save: {esc(e)}</div>'
            return False
        except Exception as e:  # noqa: BLE001 - shown, not raised
            self.form_msg.value = f'<div class="mlab-msg-error">cannot save: {esc(type(e).__name__)}: {esc(e)}</div>'
            return False
        self.editing = (saved.id, saved.row_version)
        self.f_manual.value = self._manual_read = saved.manual
        self.f_name.value = name = saved.key.split(":", 1)[1]  # as stored (odd spaces made plain)
        if kept is not None:
            from ..cards.designer import kept_alias_note

            self.f_aliases.value = alias_text(vals["aliases"])
            saved.notes.append(kept_alias_note(kept, "take it out of the aliases field and save"))
        self._read_name = (name, self.f_aliases.value)
        notes = "".join(f"<br>note: {esc(n)}" for n in saved.notes)
        if getattr(saved, "unchanged", False):  # (as cards edit says it: nothing was written)
            self.form_msg.value = (f'<div class="mlab-msg-ok">unchanged {esc(name)}: the form holds the stored card '
                                   f'(version {saved.row_version}), nothing to save{notes}</div>')
        else:
            self.form_msg.value = (f'<div class="mlab-msg-ok">saved {esc(name)} as a designer card '
                                   f'(version {saved.row_version}){notes}</div>')
        self.search()
        return True

    def delete_card(self) -> bool:
        """Delete the designer card being edited (refused while a saved deck holds it).
        Returns True when deleted."""
        from ..cards.designer import delete_card

        if self.editing is None:
            self.form_msg.value = '<div class="mlab-msg-warning">edit a designer card first (Edit picked card)</div>'
            return False
        try:
            key = delete_card(self.f_name.value.strip(), self.f_set.value, row_version=self.editing[1], url=self.url)
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">cannot delete: {esc(e)}</div>'
            return False
        self.editing = None
        self.form_msg.value = f'<div class="mlab-msg-ok">deleted {esc(key)}</div>'
        self.search()
        return True

    def try_card(self, dice: list[int] | None = None) -> bool:
        """Open a board below the form with the card as the form holds it in a fitting
        position (:func:`munchkin_lab.widgets.designer.try_board`: a monster in a combat
        against P1, an item equipped, a Curse just played on P1, a room or Dungeon in play).
        The card need not be saved. Returns True when the board opened."""
        from .designer import try_board

        try:
            vals = {k: v for k, v in self.form_values().items() if v not in (None, "", [], {})}
            board = try_board(vals, self.f_set.value or "designer", dice=dice, url=self.url, height=560)
        except DesignerCardError as e:
            self.form_msg.value = f'<div class="mlab-msg-error">cannot try it: {esc(e)}</div>'
            return False
        except Exception as e:  # noqa: BLE001 - shown, not raised
            self.form_msg.value = f'<div class="mlab-msg-error">cannot try it: {esc(type(e).__name__)}: {esc(e)}</div>'
            return False
        self.board = board
        close = W.Button(description="Close the try-it board"); close.add_class("mlab-try-close")
        close.on_click(lambda _b: self._close_try())
        self.try_area.children = [close, board]
        self.form_msg.value = f'<div class="mlab-msg-ok">trying {esc(vals.get("name", ""))}: the board is below</div>'
        return True

    def _close_try(self) -> None:
        self.board = None
        self.try_area.children = []
