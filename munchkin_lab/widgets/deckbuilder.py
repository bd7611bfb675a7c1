"""``DeckBuilder``: build a mixed deck from sets and cards with live statistics, draw odds,
plots and the mix checks; save, load, export and import."""
from __future__ import annotations

import base64
import io
from pathlib import Path

import ipywidgets as W

from ..decks import Deck, check_deck, list_presets, load_preset
from ..decks import stats as dstats
from ..decks.checks import DEFAULT_PLAYERS
from .faces import CSS, KIND_LABELS, esc

#: Order of the kind groups in the deck list (Door kinds, then Treasure kinds, then the rest).
KIND_ORDER = ("monster", "monster_enhancer", "curse", "race", "class", "special", "portal", "trap", "item",
              "one_shot", "go_up_a_level", "dungeon", "fairy_dust", "character", "room_tile", "ship_room")


def _fig_img(fig) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=72, bbox_inches="tight")
    plt.close(fig)
    return f'<img src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}" style="max-width:420px">'


class DeckBuilder(W.VBox):
    """Deck editor with live statistics.

    Args:
        deck: a :class:`~munchkin_lab.decks.Deck` to edit, or a name as the CLI takes it (preset
            ``"base"``/``"preset:base"``, deck file path, saved deck); default: an empty deck ``name``.
        name: name of the new deck.
        url: database URL.
        plots: draw the plots (level curve, kick odds) on every change.

    CSS classes: ``mlab-deckbuilder``, ``mlab-deck-name``, ``mlab-deck-set``, ``mlab-deck-add-set``,
    ``mlab-deck-search``, ``mlab-deck-found``, ``mlab-deck-add``, ``mlab-deck-entries``,
    ``mlab-copies-up``, ``mlab-copies-down``, ``mlab-deck-remove``, ``mlab-deck-stats``,
    ``mlab-deck-odds``, ``mlab-deck-plots``, ``mlab-deck-checks``, ``mlab-deck-save``,
    ``mlab-deck-load-name``, ``mlab-deck-load``, ``mlab-deck-path``, ``mlab-deck-export``,
    ``mlab-deck-import``, ``mlab-deck-preset``, ``mlab-deck-load-preset``, ``mlab-deck-message``.
    """

    def __init__(self, deck: Deck | None = None, name: str = "My mix", url: str | None = None, plots: bool = True):
        super().__init__()
        self.add_class("mlab-deckbuilder")
        self.url = url
        self.plots_on = plots
        if isinstance(deck, (str, Path)):  # a preset, deck file or saved deck name, as the CLI takes
            from ..decks import find_deck

            deck = find_deck(str(deck), url=url)
        self.deck = deck if deck is not None else Deck(name, url=url)

        def btn(desc, cls, fn, tip=""):
            b = W.Button(description=desc, tooltip=tip or desc, layout=W.Layout(width="auto", flex="none"))
            b.add_class(cls)
            b.on_click(lambda _b: fn())
            return b

        def row(*kids, **kw):
            return W.HBox(list(kids), layout=W.Layout(flex_flow="row wrap", align_items="center", **kw))

        self.name_w = W.Text(value=self.deck.name, description="deck", layout=W.Layout(width="320px"))
        self.name_w.add_class("mlab-deck-name")
        try:
            sets = self.deck.catalog.set_codes()
        except Exception:  # noqa: BLE001
            sets = []
        self.set_w = W.Dropdown(options=sets, description="set", layout=W.Layout(width="240px", flex="none"),
                                style={"description_width": "32px"})
        self.set_w.add_class("mlab-deck-set")
        self.add_set_btn = btn("Add whole set", "mlab-deck-add-set", lambda: self.add_set(self.set_w.value),
                               "every card of the set with its printed copies")
        self.search_w = W.Text(placeholder="card name or search, e.g. tag:ghost", continuous_update=False,
                               layout=W.Layout(width="300px", flex="none"))
        self.search_w.add_class("mlab-deck-search")
        self.search_w.observe(lambda c: self.find(), names="value")
        self.find_btn = btn("Find", "mlab-deck-find", self.find)
        self.found_w = W.Select(options=[], rows=6, layout=W.Layout(width="100%"))
        self.found_w.add_class("mlab-deck-found")
        self.found_w.observe(lambda c: self._preview(c["new"]), names="value")
        self.add_btn = btn("Add 1 copy", "mlab-deck-add", self.add_found)
        self.kind_w = W.Dropdown(options=[("all kinds", "")], value="", layout=W.Layout(width="220px", flex="none"))
        self.kind_w.add_class("mlab-deck-kind")
        self.kind_w.observe(lambda c: self.refresh(select=self.entries_w.value), names="value")
        self.deck_title = W.HTML("<b>In the deck</b>")
        self.entries_w = W.Select(options=[], rows=14, layout=W.Layout(width="100%"))
        self.entries_w.add_class("mlab-deck-entries")
        self.entries_w.observe(lambda c: self._preview(c["new"]), names="value")
        self.up_btn = btn("+1 copy", "mlab-copies-up", lambda: self.change_copies(+1))
        self.down_btn = btn("-1 copy", "mlab-copies-down", lambda: self.change_copies(-1))
        self.remove_btn = btn("Remove", "mlab-deck-remove", self.remove_entry)
        self.preview_w = W.HTML(layout=W.Layout(width="100%"))
        self.preview_w.add_class("mlab-deck-preview")
        self.stats_w = W.HTML(); self.stats_w.add_class("mlab-deck-stats")
        self.size_w = W.HTML(); self.size_w.add_class("mlab-deck-size")
        self.odds_w = W.HTML(); self.odds_w.add_class("mlab-deck-odds")
        self.plots_w = W.HTML(); self.plots_w.add_class("mlab-deck-plots")
        self.checks_w = W.HTML(); self.checks_w.add_class("mlab-deck-checks")
        self.message = W.HTML(); self.message.add_class("mlab-deck-message")
        self.save_btn = btn("Save to database", "mlab-deck-save", self.save)
        self.load_name_w = W.Text(placeholder="saved deck name", layout=W.Layout(width="170px", flex="none"))
        self.load_name_w.add_class("mlab-deck-load-name")
        self.load_btn = btn("Load", "mlab-deck-load", lambda: self.load(self.load_name_w.value))
        self.path_w = W.Text(value="my_mix.txt", layout=W.Layout(width="170px", flex="none"))
        self.path_w.add_class("mlab-deck-path")
        self.export_btn = btn("Export file", "mlab-deck-export", lambda: self.export(self.path_w.value))
        self.import_btn = btn("Import file", "mlab-deck-import", lambda: self.import_file(self.path_w.value))
        self.preset_w = W.Dropdown(options=list_presets(), description="preset", layout=W.Layout(width="250px", flex="none"),
                                   style={"description_width": "46px"})
        self.preset_w.add_class("mlab-deck-preset")
        self.preset_btn = btn("Load preset", "mlab-deck-load-preset", lambda: self.load_preset(self.preset_w.value))
        left = W.VBox([row(self.set_w, self.add_set_btn), row(self.search_w, self.find_btn), self.found_w,
                       row(self.add_btn), self.deck_title,
                       row(self.kind_w, self.up_btn, self.down_btn, self.remove_btn), self.entries_w],
                      layout=W.Layout(width="50%", min_width="300px", flex="1 1 auto"))
        right = W.VBox([W.HTML("<b>Card preview</b>"), self.preview_w],
                       layout=W.Layout(width="50%", min_width="260px", flex="1 1 auto", padding="0 0 0 8px"))
        self.tabs = W.Tab(children=[self.checks_w, self.stats_w, self.odds_w, self.plots_w])
        for i, t in enumerate(("Checks", "Statistics", "Draw odds", "Plots")):
            self.tabs.set_title(i, t)
        self.tabs.add_class("mlab-deck-tabs")
        files = row(self.save_btn, self.load_name_w, self.load_btn, self.path_w, self.export_btn,
                    self.import_btn, self.preset_w, self.preset_btn)
        from ..printing import print_sheet_button

        # print-and-play PDF of the current deck (copies as in the deck), offered for download
        self.print_box = print_sheet_button(lambda: self.deck)
        self.print_box.button.add_class("mlab-deck-print")
        self.children = [W.HTML(f"<style>{CSS}</style>"), row(self.name_w, self.message), files, self.print_box,
                         W.HBox([left, right], layout=W.Layout(width="100%")), self.size_w, self.tabs]
        self.name_w.observe(self._rename, names="value")
        self.refresh()

    # ------------------------------------------------------------------ helpers
    def _say(self, text: str, level: str = "ok") -> None:
        self.message.value = f'<div class="mlab-msg-{level}">{esc(text)}</div>' if text else ""

    def _rename(self, change) -> None:
        try:
            self.deck.name = Deck(change["new"]).name
        except Exception as e:  # noqa: BLE001
            self._say(f"bad deck name: {e}", "error")

    def _guarded(self, fn, *args) -> bool:
        try:
            fn(*args)
        except Exception as e:  # noqa: BLE001 - shown in the widget
            self._say(f"{type(e).__name__}: {e}", "error")
            return False
        return True

    def _preview(self, key) -> None:
        """Show the picked card (or kind group) in the preview pane."""
        if not key:
            return
        cat = self.deck.catalog
        if str(key).startswith("kind:"):
            kind = key.split(":", 1)[1]
            rows = [(e.copies, cat.spec(k)) for k, e in self.deck.entries.items() if k in cat and cat.spec(k).kind == kind]
            body = "".join(f"<li>{n} \u00d7 {esc(sp.name)}</li>" for n, sp in sorted(rows, key=lambda r: -r[0])[:12])
            self.preview_w.value = (f"<b>{esc(KIND_LABELS.get(kind, kind))}</b>: {sum(n for n, _ in rows)} cards"
                                    f"<ul style='margin:2px 0'>{body}</ul>")
            return
        if key not in cat:
            self.preview_w.value = ""
            return
        from .board import database_card_info
        from .render import card_detail_html

        spec = cat.spec(key)
        info = database_card_info(self.url).get(spec.key, {})
        copies = self.deck.copies(key) if key in self.deck.entries else 0
        self.preview_w.value = card_detail_html(spec, info.get("provenance", "printed"), facts=info,
                                                where=f"{copies} in the deck" if copies else "not in the deck")

    # ------------------------------------------------------------------ editing
    def add_set(self, code: str) -> None:
        """Add every card of set ``code`` with its printed copies."""
        if self._guarded(self.deck.add_set, code):
            self._say(f"added set {code}")
            self.refresh()

    def find(self, query: str | None = None) -> list:
        """Find cards by name or search query (results in the pick list)."""
        if query is not None:
            self.search_w.value = query
            return list(self.found_w.options)
        q = self.search_w.value.strip()
        if not q:
            self.found_w.options = []
            return []
        cat = self.deck.catalog
        try:
            hits = cat.matches(q) or cat.search(q)
        except Exception as e:  # noqa: BLE001
            self._say(f"bad search: {e}", "error")
            self.found_w.options = []
            return []
        if not hits:
            near = cat.closest(q)
            self._say(f"nothing found for {q!r}" + (f"; closest: {', '.join(near)}" if near else ""), "warning")
        else:
            self._say("")
        self.found_w.options = [(f"{s.name} [{s.set}] {s.kind}", s.key) for s in hits[:300]]
        if hits:
            self.found_w.value = hits[0].key
        return list(self.found_w.options)

    def add_found(self) -> None:
        """Add one copy of the picked search result."""
        key = self.found_w.value
        if not key:
            self._say("pick a card first", "warning")
            return
        if self._guarded(self.deck.add, key, 1):
            self._say(f"added {key}")
            self.refresh(select=key)

    def add(self, what: str, copies: int = 1) -> None:
        """Add ``copies`` of card(s) named or found by ``what`` (see ``Deck.add``)."""
        if self._guarded(self.deck.add, what, copies):
            self.refresh()

    def change_copies(self, delta: int) -> None:
        """Copies of the picked deck entry up (+1) or down (-1; 0 removes it)."""
        key = self.entries_w.value
        if not key or str(key).startswith("kind:"):
            self._say("pick a card of the deck first", "warning")
            return
        n = self.deck.copies(key) + delta
        if self._guarded(self.deck.set_copies, key, max(0, n)):
            self.refresh(select=key if n > 0 else None)

    def remove_entry(self) -> None:
        """Remove the picked entry."""
        key = self.entries_w.value
        if key and not str(key).startswith("kind:") and self._guarded(self.deck.set_copies, key, 0):
            self.refresh()

    # ------------------------------------------------------------------ files
    def save(self) -> None:
        """Save the deck to the database (replacing a deck of the same name)."""
        if self._guarded(self.deck.save, self.url, True):
            self._say(f"saved deck {self.deck.name!r}")

    def _replace(self, deck: Deck, what: str) -> None:
        self.deck = deck
        self.name_w.value = deck.name
        self._say(what)
        self.refresh()

    def load(self, name: str) -> None:
        """Load a saved deck by name (a failure leaves the current deck as it is)."""
        try:
            deck = Deck.load(name, url=self.url)
        except Exception as e:  # noqa: BLE001
            self._say(f"cannot load {name!r}: {e}", "error")
            return
        self._replace(deck, f"loaded deck {name!r}")

    def load_preset(self, name: str) -> None:
        """Load a preset deck (``database/presets``)."""
        try:
            deck = load_preset(name, url=self.url)
        except Exception as e:  # noqa: BLE001
            self._say(f"cannot load preset {name!r}: {e}", "error")
            return
        self._replace(deck, f"loaded preset {name!r}")

    def export(self, path: str) -> None:
        """Write the deck to a text (``.txt``) or YAML (``.yaml``) deck file."""
        if self._guarded(self.deck.export, path):
            self._say(f"exported to {path}")

    def import_file(self, path: str) -> None:
        """Read a deck file; a bad file is shown as a message and the current deck stays."""
        try:
            deck = Deck.from_file(Path(path), url=self.url)
        except Exception as e:  # noqa: BLE001
            self._say(f"cannot import {path}: {e}", "error")
            return
        self._replace(deck, f"imported {path}")

    # ------------------------------------------------------------------ views
    def refresh(self, select: str | None = None) -> None:
        """Redraw entries, checks, statistics, odds and plots from the deck."""
        d = self.deck
        cat = d.catalog
        groups: dict[str, list] = {}
        for key, e in sorted(d.entries.items(), key=lambda kv: kv[0].lower()):
            s = cat.spec(key) if key in cat else None
            groups.setdefault(s.kind if s else "?", []).append((key, e, s))
        kinds = sorted(groups, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER else 99, k))
        total = sum(e.copies for g in groups.values() for _k, e, _s in g)
        kind_opts = [(f"all kinds ({total} cards)", "")] + [
            (f"{KIND_LABELS.get(k, k)} ({sum(e.copies for _k, e, _s in groups[k])} cards)", k) for k in kinds]
        keep = self.kind_w.value if self.kind_w.value in groups else ""
        if list(self.kind_w.options) != kind_opts:
            self.kind_w.options = kind_opts
        self.kind_w.value = keep
        opts = []
        for k in (kinds if not keep else [keep]):
            copies = sum(e.copies for _k, e, _s in groups[k])
            if not keep:
                opts.append((f"\u25be {KIND_LABELS.get(k, k)}: {copies} cards, {len(groups[k])} different", f"kind:{k}"))
            for key, e, s in sorted(groups[k], key=lambda t: (t[2].name.lower() if t[2] else t[0].lower())):
                label = f"   {e.copies} \u00d7 {s.name} [{s.set}]" if s else f"   {e.copies} \u00d7 {key}"
                opts.append((label, key))
        self.entries_w.options = opts
        if select and any(k == select for _, k in opts):
            self.entries_w.value = select
        self.deck_title.value = (f"<b>In the deck</b>: {total} cards, {len(d.entries)} different, "
                                 f"{len(kinds)} kinds (pick a line to preview the card)")
        try:
            problems = check_deck(d)
        except Exception as e:  # noqa: BLE001
            problems = []
            self._say(f"checks failed: {e}", "error")
        errs = [p for p in problems if p.level == "error"]
        warns = [p for p in problems if p.level != "error"]
        lines = [f'<div class="mlab-msg-error mlab-check-error">error: {esc((p.card + ": ") if p.card else "")}{esc(p.message)}</div>' for p in errs]
        lines += [f'<div class="mlab-msg-warning mlab-check-warning">warning: {esc((p.card + ": ") if p.card else "")}{esc(p.message)}</div>' for p in warns]
        self.checks_w.value = "".join(lines) or '<div class="mlab-msg-ok">no problems</div>'
        self.tabs.set_title(0, f"Checks ({len(errs)} errors, {len(warns)} warnings)" if problems else "Checks (none)")
        size = d.size() if callable(d.size) else d.size
        if not d.entries:
            self.stats_w.value = '<div>0 cards</div>'
            self.size_w.value = '<div data-testid="deck-size">0 cards</div>'
            self.odds_w.value = ""
            self.plots_w.value = ""
            return
        try:
            counts = dstats.counts(d)
            odds = dstats.odds_table(d, players=DEFAULT_PLAYERS)  # the kicks after the opening hands
        except Exception as e:  # noqa: BLE001
            self.stats_w.value = f'<div class="mlab-msg-error">statistics failed: {esc(e)}</div>'
            return
        sets = d.sets() if callable(d.sets) else d.sets
        summary = (f'<b>{size}</b> cards, {len(d.entries)} distinct; sets: {esc(", ".join(sets))}; '
                   f'modules: {esc(", ".join(d.modules) or "none")}')
        self.size_w.value = f'<div data-testid="deck-size">{summary}</div>'
        self.stats_w.value = (f'<div>{summary}</div>'
                              + counts.to_html(classes="mlab-table-html", float_format=lambda x: f"{x:.1%}"))
        short = "".join(f'<div class="mlab-msg-warning">too small: {esc(line)} (the odds are those of the cards '
                        f'the hands of {DEFAULT_PLAYERS} players leave)</div>' for line in odds.attrs.get("short", []))
        self.odds_w.value = short + odds.to_html(classes="mlab-table-html", index=False,
                                                 float_format=lambda x: f"{x:.1%}")
        if self.plots_on:
            try:
                from ..decks import plots

                self.plots_w.value = _fig_img(plots.plot_level_curve(d)) + _fig_img(plots.plot_kick_odds(d))
            except Exception as e:  # noqa: BLE001
                self.plots_w.value = f'<div class="mlab-msg-warning">plots unavailable: {esc(e)}</div>'

    def stats_text(self) -> str:
        """The statistics pane as plain text (for tests)."""
        import re

        return re.sub(r"<[^>]+>", " ", self.stats_w.value)
