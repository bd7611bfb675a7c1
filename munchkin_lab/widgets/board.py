"""``Board``: the game table widget. It shows the engine's state and calls its API; no rules.

Every played, undone or redone action is appended to a journal file (JSON lines, next to the
notebook by default) so that :meth:`Board.resume` brings the game back exactly after a kernel
restart, mid-combat included::

    board = Board.from_deck(deck, seed=7)      # or Board.from_scenario("file.yaml")
    board                                       # show it
    ...                                         # kernel restart
    board = Board.resume()                      # the same position, undo history included
"""
from __future__ import annotations

import functools
import json
import random
import time
from pathlib import Path
from typing import Any, Callable, Iterable

import ipywidgets as W

from ..engine import Action, Game, GameOptions
from ..engine.actions import KINDS as ACTION_KINDS
from . import render
from .faces import esc
from .table import CardTable

JOURNAL_FORMAT = "munchkin-lab-journal/1"
#: Action kinds always shown in the action bar (greyed with the engine's reason when not legal).
MAIN_KINDS = ("kick", "trouble", "loot", "fight", "run", "ask_help", "offer_help", "play", "equip",
              "sell", "pass", "end_turn")
#: Cap of Run to end (actions) so a game that cannot finish never hangs the notebook.
RUN_CAP = 5000
_MAX_BUTTONS = 48

_provenance_cache: dict[str, dict[str, str]] = {}


def database_provenance(url: str | None = None) -> dict[str, str]:
    """Card key (``set:Name``) -> provenance from the card database ({} when unavailable)."""
    from ..config import database_url

    key = database_url(url)
    if key not in _provenance_cache:
        try:
            from ..cards.api import cards

            df = cards("", url=url)
            _provenance_cache[key] = {f"{s}:{n}": p for s, n, p in zip(df["set"], df["name"], df["provenance"])}
        except Exception:  # noqa: BLE001 - no database: faces get the default mark
            return {}
    return _provenance_cache[key]


def forget_provenance() -> None:
    """Drop the cached provenance map (after designer cards changed)."""
    _provenance_cache.clear()


def _bot_chooser(name: str, seed: int) -> Callable[[Game], Action]:
    """A function ``game -> action`` for the acting seat: ``sim.bots.make_bot`` when it
    exists, else the engine's greedy policy, else the first legal action."""
    try:
        from ..sim.bots import make_bot  # type: ignore[import-not-found]

        bot = make_bot(name, seed)
        return lambda g: bot.choose(g, g.actor())
    except Exception:  # noqa: BLE001 - the bots module is not there yet
        pass
    try:
        from ..engine.policy import greedy_policy

        rnd = random.Random(seed)
        return lambda g: greedy_policy(g, rnd)
    except Exception:  # noqa: BLE001
        return lambda g: g.legal_actions()[0]


def _solar_chooser(seed: int) -> Callable[[Any], Any]:
    """``game -> action`` for a Solar Storm game: the engine's ``solar_policy``."""
    from ..engine.policy import solar_policy

    rnd = random.Random(seed)
    return lambda g: solar_policy(g, rnd)


class Journal:
    """Append-only journal of one game: a header line with the saved game, then one line per
    action (``{"a": "0 kick"}``), undo (``{"undo": 1}``) or redo (``{"redo": 1}``)."""

    def __init__(self, path: str | Path | None):
        self.path = Path(path) if path else None

    def start(self, game: Game, meta: dict | None = None) -> None:
        """Start a new journal for ``game`` (replaces the file)."""
        if self.path is None:
            return
        head = {"format": JOURNAL_FORMAT, "game": game.to_json(), "meta": meta or {}}
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(head) + "\n")
        tmp.replace(self.path)

    def append(self, entries: Iterable[dict]) -> None:
        """Append entries (flushed at once)."""
        if self.path is None:
            return
        lines = "".join(json.dumps(e) + "\n" for e in entries)
        if lines:
            with self.path.open("a") as fh:
                fh.write(lines)
                fh.flush()

    @staticmethod
    def replay(path: str | Path) -> tuple[Game, dict]:
        """Rebuild the game of journal ``path``.

        Raises:
            ValueError: missing, unreadable or malformed journal (the message says where).
        """
        p = Path(path)
        try:
            lines = p.read_text().splitlines()
        except OSError as e:
            raise ValueError(f"journal {p}: cannot read ({e.strerror})") from None
        if not lines:
            raise ValueError(f"journal {p}: empty")
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError as e:
            raise ValueError(f"journal {p}:1: not JSON ({e.msg})") from None
        if not isinstance(head, dict) or head.get("format") != JOURNAL_FORMAT:
            raise ValueError(f"journal {p}:1: not a munchkin-lab journal")
        if '"solar_storm"' in str(head["game"])[:200]:
            from ..engine.solar_storm import SolarStormGame

            game = SolarStormGame.from_json(head["game"])
        else:
            game = Game.from_json(head["game"])
        for i, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                e = json.loads(line)
                if "a" in e:
                    game.play(e["a"])
                elif "undo" in e:
                    game.undo()
                elif "redo" in e:
                    game.redo()
            except json.JSONDecodeError:
                break  # a torn last line (crash while writing): keep what came before
            except (ValueError, IndexError) as ex:
                raise ValueError(f"journal {p}:{i}: does not replay ({ex})") from None
        return game, head.get("meta") or {}


def _guard(fn):
    """Run a handler; show any error as a message in the widget instead of a traceback."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except Exception as e:  # noqa: BLE001 - shown to the user, game untouched
            self.show_message(f"{type(e).__name__}: {e}", "error")
            return None

    return wrapper


class Board(W.VBox):
    """An interactive card table for one game.

    Args:
        game: the game to show (a :class:`~munchkin_lab.engine.Game`).
        factory: ``(seed, players) -> Game`` used by *New game* (default: a new game with
            the same deck and options).
        name: the board's name (journal file ``<name>.journal.jsonl``).
        journal: journal path, or ``False`` for none (default: ``<cwd>/<name>.journal.jsonl``).

    Where the journal goes: every board (``Board(...)``, :meth:`from_deck`,
    :meth:`from_scenario`) writes ``<name>.journal.jsonl`` in the **current working folder**
    (``Path.cwd()``: the notebook's folder in Jupyter, the folder you ran a script from
    otherwise) and rewrites it on *New game*. Pass ``journal="path/to/file.jsonl"`` to put it
    elsewhere, ``journal=False`` for none, and a distinct ``name`` per board so two boards do
    not share one file. :meth:`resume` reads the same default path. The repository's
    ``.gitignore`` ignores ``*.journal.jsonl``.
        bot: bot name for Step / Auto-play / Run to end.
        provenance: card key -> provenance (default: read from the card database).
        default_provenance: mark of cards the map lacks (``scenario`` for inline cards).
        revealed: seats whose hands are shown face up.

    Widgets with CSS classes for tests: ``mlab-board``, ``mlab-table``, ``mlab-action``
    (+ ``mlab-action-<kind>``), ``mlab-unavailable``, ``mlab-step``, ``mlab-autoplay``,
    ``mlab-autoplay-n``, ``mlab-run-end``, ``mlab-undo``, ``mlab-redo``, ``mlab-seed``,
    ``mlab-players``, ``mlab-new``, ``mlab-path``, ``mlab-save``, ``mlab-load``,
    ``mlab-export``, ``mlab-export-replay``, ``mlab-reveal``, ``mlab-message``, ``mlab-log``,
    ``mlab-detail``, ``mlab-detail-action``.
    """

    def __init__(self, game: Game, factory: Callable[[int, int], Game] | None = None, *,
                 name: str = "board", journal: str | Path | bool | None = None, bot: str = "greedy",
                 provenance: dict | None = None, default_provenance: str = "printed",
                 revealed: Iterable[int] = (), meta: dict | None = None, _start_journal: bool = True):
        super().__init__()
        self.add_class("mlab-board")
        self.game = game
        self.factory = factory
        self.name = name
        self.bot_name = bot
        self.meta = dict(meta or {})
        self.default_provenance = default_provenance
        self._provenance = provenance
        if journal is False:
            self.journal = Journal(None)
        else:
            self.journal = Journal(journal or Path.cwd() / f"{name}.journal.jsonl")
        self.revealed: set[int] = set(revealed)
        self.selected: str = ""
        self.render_ms: list[float] = []
        self._build_widgets()
        self._set_game(game, start_journal=_start_journal)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_deck(cls, deck: Any, players: int | list = 4, seed: int = 0, options: GameOptions | None = None,
                  **kw) -> "Board":
        """A board for a new game with ``deck``: a :class:`~munchkin_lab.decks.Deck`, a
        ``[(CardSpec, copies)]`` list, or a name as the command line takes it (a preset such as
        ``"base"`` or ``"preset:base"``, a deck file path, a saved deck). Game options come
        from the deck when not given.

        Raises:
            ValueError: no deck given (``None``), or a name that is no preset, file or saved
                deck (:class:`~munchkin_lab.decks.DeckError`).
        """
        deck = _as_deck(deck)
        if "solar_storm" in (getattr(deck, "modules", ()) or ()):
            return cls._solar_from_deck(deck, players, seed, **kw)
        pairs, opts = _deck_pairs_options(deck, options)

        def factory(s: int, n: int) -> Game:
            return Game.new(players=n if isinstance(players, int) else players, deck=pairs, seed=s, options=opts)

        n = players if isinstance(players, int) else len(players)
        board = cls(factory(seed, n), factory, meta={"source": "deck"}, **kw)
        board.players_w.value = n
        return board

    @classmethod
    def _solar_from_deck(cls, deck: Any, players: int | list, seed: int, **kw) -> "Board":
        """A Solar Storm board (deck with the ``solar_storm`` module): the deck's cards are the
        ship rooms, as in :mod:`munchkin_lab.play_cli`."""
        from ..engine.solar_storm import SolarStormGame

        rooms = [sp for sp, n in deck.specs() for _ in range(n)]

        def factory(s: int, n: int):
            return SolarStormGame.new(players=n if isinstance(players, int) else players, rooms=rooms, seed=s)

        n = players if isinstance(players, int) else len(players)
        board = cls(factory(seed, n), factory, meta={"source": "deck", "game": "solar_storm"}, **kw)
        board.players_w.value = n
        return board

    @classmethod
    def from_scenario(cls, path: str | Path, **kw) -> "Board":
        """A board at the start position of scenario file ``path``.

        Raises:
            ScenarioError: the file is bad (use :meth:`load_scenario` on a live board to get
                the message in the widget instead).
        """
        game = _scenario_game(path)
        kw.setdefault("default_provenance", "scenario")
        return cls(game, lambda s, n: _scenario_game(path), meta={"source": "scenario", "path": str(path)}, **kw)

    @classmethod
    def resume(cls, journal: str | Path | None = None, name: str = "board", **kw) -> "Board":
        """Bring back the game of a journal (default ``<cwd>/<name>.journal.jsonl``) exactly as
        it was: position, log, undo/redo. A missing or broken journal gives an empty board with
        the message shown."""
        path = Path(journal) if journal else Path.cwd() / f"{name}.journal.jsonl"
        try:
            game, meta = Journal.replay(path)
        except ValueError as e:
            board = cls(_fallback_game(), None, name=name, journal=False, **kw)
            board.show_message(f"cannot resume: {e}", "error")
            return board
        factory = None
        if meta.get("source") == "scenario" and meta.get("path"):
            p = meta["path"]
            factory = lambda s, n: _scenario_game(p)  # noqa: E731
            kw.setdefault("default_provenance", "scenario")
        elif _is_solar(game):
            from ..engine.solar_storm import SolarStormGame

            rooms, sopts = list(game.rooms), game.options
            factory = lambda s, n: SolarStormGame.new(players=n, rooms=rooms, seed=s, options=sopts)  # noqa: E731
        else:
            pairs = [(sp, 1) for sp in game.specs]
            opts = game.options
            factory = lambda s, n: Game.new(players=n, deck=pairs, seed=s, options=opts)  # noqa: E731
        board = cls(game, factory, name=name, journal=path, meta=meta, _start_journal=False, **kw)
        board.show_message(f"resumed from {path.name}: {len(game.actions)} actions", "ok")
        return board

    def _build_widgets(self) -> None:
        self.table = CardTable()
        self.table.add_class("mlab-table")
        self.table.observe(self._on_card_click, names="clicks")
        self.message = W.HTML(); self.message.add_class("mlab-message")
        self.action_buttons: list[W.Button] = []
        self.actions_box = W.Box(layout=W.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("mlab-actions")
        self.kind_buttons: dict[str, W.Button] = {}
        for k in MAIN_KINDS:
            b = W.Button(description=k.replace("_", " "), disabled=True, layout=W.Layout(width="auto"))
            b.add_class("mlab-unavailable"); b.add_class(f"mlab-unavailable-{k}")
            self.kind_buttons[k] = b
        self.unavailable_box = W.Box(list(self.kind_buttons.values()), layout=W.Layout(flex_flow="row wrap"))

        def btn(desc, cls, handler, tip=""):
            b = W.Button(description=desc, tooltip=tip, layout=W.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(lambda _b: handler())
            return b

        self.step_btn = btn("Step (bot)", "mlab-step", self.step, "the bot plays one action for the seat to act")
        self.autoplay_n = W.BoundedIntText(value=10, min=1, max=RUN_CAP, layout=W.Layout(width="70px"))
        self.autoplay_n.add_class("mlab-autoplay-n")
        self.autoplay_btn = btn("Auto-play N", "mlab-autoplay", lambda: self.autoplay(self.autoplay_n.value))
        self.run_end_btn = btn("Run to end", "mlab-run-end", self.run_to_end)
        self.undo_btn = btn("Undo", "mlab-undo", self.undo)
        self.redo_btn = btn("Redo", "mlab-redo", self.redo)
        self.seed_w = W.IntText(value=0, description="seed", layout=W.Layout(width="140px"))
        self.seed_w.add_class("mlab-seed")
        self.players_w = W.BoundedIntText(value=4, min=2, max=6, description="players", layout=W.Layout(width="150px"))
        self.players_w.add_class("mlab-players")
        self.new_btn = btn("New game", "mlab-new", self.new_game)
        self.path_w = W.Text(value=f"{self.name}.game.json", layout=W.Layout(width="220px"))
        self.path_w.add_class("mlab-path")
        self.save_btn = btn("Save game", "mlab-save", lambda: self.save(self.path_w.value))
        self.load_btn = btn("Load game", "mlab-load", lambda: self.load(self.path_w.value))
        self.export_btn = btn("Export position HTML", "mlab-export", lambda: self.export_html())
        self.replay_btn = btn("Export replay HTML", "mlab-export-replay", lambda: self.export_replay())
        self.reveal_box = W.HBox()
        self.log_w = W.HTML(); self.log_w.add_class("mlab-log")
        self.detail = W.HTML(); self.detail.add_class("mlab-detail")
        self.detail_buttons: list[W.Button] = []
        self.detail_actions = W.Box(layout=W.Layout(flex_flow="row wrap"))
        controls1 = W.HBox([self.step_btn, self.autoplay_n, self.autoplay_btn, self.run_end_btn,
                            self.undo_btn, self.redo_btn])
        controls2 = W.HBox([self.seed_w, self.players_w, self.new_btn, self.path_w, self.save_btn,
                            self.load_btn, self.export_btn, self.replay_btn])
        legal_label = W.HTML("<b>Legal actions</b>")
        grey_label = W.HTML("<b>Not now</b> (hover for the rule)")
        self.children = [self.message, self.table, legal_label, self.actions_box, grey_label,
                         self.unavailable_box, controls1, controls2, self.reveal_box,
                         W.HTML("<b>Card detail</b> (click a card)"), self.detail, self.detail_actions,
                         W.HTML("<b>Event log</b>"), self.log_w]

    # ------------------------------------------------------------------ state
    @property
    def lookup(self) -> render.CardLookup:
        """Card name -> spec / provenance for the current game."""
        return self._lookup

    def _set_game(self, game: Game, start_journal: bool = True) -> None:
        self.game = game
        prov = self._provenance if self._provenance is not None else database_provenance()
        specs = getattr(game, "specs", None)
        if specs is None:  # Solar Storm: the ship rooms are its cards
            specs = getattr(game, "rooms", [])
        self._lookup = render.CardLookup(specs, prov, self.default_provenance)
        self.seed_w.value = int(getattr(game, "seed", 0) or 0)
        n = len(game.state_dict()["players"])
        self.players_w.value = n
        self.revealed = {s for s in self.revealed if s < n}
        toggles = []
        for p in game.state_dict()["players"]:
            t = W.ToggleButton(value=p["seat"] in self.revealed, description=f"show {p['name']}'s hand",
                               layout=W.Layout(width="auto"))
            t.add_class("mlab-reveal")
            t.observe(functools.partial(self._on_reveal, p["seat"]), names="value")
            toggles.append(t)
        self.reveal_box.children = toggles
        self.selected = ""
        if start_journal:
            self.journal.start(game, self.meta)
        self.refresh()

    def _on_reveal(self, seat: int, change) -> None:
        if change["new"]:
            self.revealed.add(seat)
        else:
            self.revealed.discard(seat)
        self.refresh()

    def show_message(self, text: str, level: str = "error") -> None:
        """Show ``text`` above the table (``error``, ``warning`` or ``ok``)."""
        self.message.value = f'<div class="mlab-msg-{level}">{esc(text)}</div>' if text else ""

    # ------------------------------------------------------------------ rendering
    def refresh(self) -> None:
        """Redraw the table, action buttons, log and detail from the game."""
        t0 = time.perf_counter()
        g = self.game
        sd = g.state_dict()
        self.table.html = render.board_html(sd, self._lookup, self.revealed, g.log)
        acts = g.legal_actions()
        self._fill_buttons(self.action_buttons, self.actions_box, acts[:_MAX_BUTTONS], "mlab-action")
        legal_kinds = {a.kind for a in acts}
        actor = g.actor()
        solar = _is_solar(g)
        for k, b in self.kind_buttons.items():
            if solar or k in legal_kinds:
                b.layout.display = "none"
            else:
                b.layout.display = None
                why = g.why_not(Action(actor if actor is not None else 0, k)) if actor is not None else "the game is over"
                b.tooltip = why or "needs a card or a target: see the legal actions"
        self.undo_btn.disabled = not getattr(g, "_undo", None)
        self.redo_btn.disabled = not getattr(g, "_redo", None)
        over = g.outcome() is not None
        for b in (self.step_btn, self.autoplay_btn, self.run_end_btn):
            b.disabled = over
        self.log_w.value = render.log_html(g.log)
        self._render_detail(acts)
        self.render_ms.append((time.perf_counter() - t0) * 1000)

    def _fill_buttons(self, pool: list[W.Button], box: W.Box, acts: list[Action], cls: str) -> None:
        while len(pool) < len(acts):
            b = W.Button(layout=W.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(self._on_action_click)
            b._mlab_kind = ""
            pool.append(b)
        for b, a in zip(pool, acts):
            b._mlab_action = a
            if b._mlab_kind != a.kind:
                if b._mlab_kind:
                    b.remove_class(f"{cls}-{b._mlab_kind}")
                b.add_class(f"{cls}-{a.kind}")
                b._mlab_kind = a.kind
            label = a.label.split(": ", 1)[1] if ": " in a.label else (a.label or str(a))
            b.description = label
            b.tooltip = f"{a.label} [{a}]"
        box.children = pool[:len(acts)]

    def _render_detail(self, acts: list[Action] | None = None) -> None:
        name = self.selected
        if not name:
            self.detail.value = ""
            self.detail_actions.children = []
            return
        g = self.game
        spec = self._lookup.spec(name)
        ids = set(g.card_ids(name)) if hasattr(g, "card_ids") else set()
        acts = acts if acts is not None else g.legal_actions()
        using = [a for a in acts if a.card in ids or a.m in ids or ids.intersection(a.cards)]
        self.detail.value = render.card_detail_html(spec, self._lookup.provenance(name),
                                                    f"{len(using)} legal action(s) use it")
        self._fill_buttons(self.detail_buttons, self.detail_actions, using[:_MAX_BUTTONS], "mlab-detail-action")

    def _on_card_click(self, change) -> None:
        self.select_card(self.table.clicked)

    def select_card(self, name: str) -> None:
        """Show card ``name`` in the detail pane with the legal actions that use it."""
        self.selected = name
        self._render_detail()

    # ------------------------------------------------------------------ playing
    def _on_action_click(self, b: W.Button) -> None:
        self.play(b._mlab_action)

    @_guard
    def play(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text form), journal it and redraw.
        An illegal action is shown as a message; the game is unchanged."""
        self.game.play(action)
        self.journal.append([{"a": str(self.game.actions[-1])}])
        self.show_message("")
        self.refresh()

    def _bot(self) -> Callable[[Game], Action]:
        solar = _is_solar(self.game)
        key = (self.bot_name, self.seed_w.value, solar)
        if getattr(self, "_bot_key", None) != key:
            self._bot_fn = _solar_chooser(self.seed_w.value) if solar else _bot_chooser(self.bot_name, self.seed_w.value)
            self._bot_key = key
        return self._bot_fn

    def _run(self, n: int) -> int:
        g = self.game
        choose = self._bot()
        played = []
        try:
            for _ in range(n):
                if g.outcome() is not None or not g.legal_actions():
                    break
                g.play(choose(g))
                played.append({"a": str(g.actions[-1])})
        finally:
            self.journal.append(played)
        return len(played)

    @_guard
    def step(self) -> None:
        """The bot plays one action for the seat to act."""
        if self._run(1) == 0:
            self.show_message("the game is over", "warning")
        else:
            self.show_message("")
        self.refresh()

    @_guard
    def autoplay(self, n: int = 10) -> None:
        """The bots play ``n`` actions (fewer when the game ends)."""
        done = self._run(int(n))
        self.show_message(f"played {done} action(s)", "ok")
        self.refresh()

    @_guard
    def run_to_end(self) -> None:
        """The bots play until the game is over (at most :data:`RUN_CAP` actions)."""
        done = self._run(RUN_CAP)
        out = self.game.outcome()
        if out is None:
            self.show_message(f"stopped after {done} actions without an end (cap {RUN_CAP})", "warning")
        else:
            who = " and ".join(out.names) or "nobody"
            self.show_message(f"game over after {done} actions: {who} ({out.reason})", "ok")
        self.refresh()

    @_guard
    def undo(self) -> None:
        """Take back the last action."""
        try:
            self.game.undo()
        except IndexError:
            self.show_message("nothing to undo", "warning")
            return
        self.journal.append([{"undo": 1}])
        self.show_message("")
        self.refresh()

    @_guard
    def redo(self) -> None:
        """Replay the last undone action."""
        try:
            self.game.redo()
        except IndexError:
            self.show_message("nothing to redo", "warning")
            return
        self.journal.append([{"redo": 1}])
        self.show_message("")
        self.refresh()

    @_guard
    def new_game(self) -> None:
        """Start a new game with the seed and player count of the controls."""
        if self.factory is None:
            self.show_message("no deck or scenario to start a new game from", "warning")
            return
        g = self.factory(int(self.seed_w.value), int(self.players_w.value))
        seed = int(self.seed_w.value)
        self._set_game(g)
        self.seed_w.value = seed
        self.show_message(f"new game, seed {seed}", "ok")

    @_guard
    def load_scenario(self, path: str | Path) -> None:
        """Show the start position of scenario ``path``; a bad file is shown as a message and
        the current game stays."""
        game = _scenario_game(path)
        self.factory = lambda s, n: _scenario_game(path)
        self.meta = {"source": "scenario", "path": str(path)}
        self.default_provenance = "scenario"
        self._set_game(game)
        self.show_message(f"scenario {Path(path).name} loaded", "ok")

    # ------------------------------------------------------------------ files
    @_guard
    def save(self, path: str | Path) -> Path:
        """Save the game (``Game.to_json``) to ``path``."""
        p = Path(path)
        p.write_text(self.game.to_json())
        self.show_message(f"saved {len(self.game.actions)} actions to {p}", "ok")
        return p

    @_guard
    def load(self, path: str | Path) -> None:
        """Load a saved game; a file that does not load is shown as a message and the current
        game stays."""
        p = Path(path)
        try:
            text = p.read_text()
        except OSError as e:
            raise ValueError(f"cannot read {p} ({e.strerror})") from None
        game = Game.from_json(text)
        self.meta = {"source": "saved", "path": str(p)}
        pairs = [(sp, 1) for sp in game.specs]
        opts = game.options
        self.factory = lambda s, n: Game.new(players=n, deck=pairs, seed=s, options=opts)
        self._set_game(game)
        self.show_message(f"loaded {p} ({len(game.actions)} actions)", "ok")

    @_guard
    def export_html(self, path: str | Path | None = None) -> Path:
        """Write the current position as a self-contained HTML page (opens offline)."""
        from .export import position_html

        p = Path(path or f"{self.name}.position.html")
        p.write_text(position_html(self.game, self._lookup, self.revealed))
        self.show_message(f"position written to {p}", "ok")
        return p

    @_guard
    def export_replay(self, path: str | Path | None = None) -> Path:
        """Write the game so far as a self-contained HTML replay (step with buttons, offline)."""
        from .export import replay_html

        p = Path(path or f"{self.name}.replay.html")
        p.write_text(replay_html(self.game, self._lookup, self.revealed))
        self.show_message(f"replay written to {p}", "ok")
        return p

    # ------------------------------------------------------------------ reading
    def action_labels(self) -> list[str]:
        """Descriptions of the legal-action buttons shown now."""
        return [b.description for b in self.actions_box.children]

    def button_for(self, kind: str) -> W.Button | None:
        """The first legal-action button of ``kind`` (None when not legal now)."""
        for b in self.actions_box.children:
            if b._mlab_action.kind == kind:
                return b
        return None


def _is_solar(game: Any) -> bool:
    return getattr(game, "game", None) == "solar_storm" or type(game).__name__ == "SolarStormGame"


def _as_deck(deck: Any) -> Any:
    """``deck`` itself, or the Deck a name stands for (:func:`munchkin_lab.decks.find_deck`).

    Raises:
        ValueError: ``None`` or something that is no deck, name or ``(spec, copies)`` list.
    """
    if deck is None:
        raise ValueError("no deck given: pass a Deck, a preset name such as 'base', a deck file "
                         "path, a saved deck name or a [(CardSpec, copies)] list")
    if isinstance(deck, (str, Path)):
        from ..decks import find_deck

        return find_deck(str(deck))
    if hasattr(deck, "specs") and callable(deck.specs):
        return deck
    try:
        pairs = list(deck)
    except TypeError:
        raise ValueError(f"not a deck: {deck!r} (pass a Deck, a preset name, a deck file path, "
                         "a saved deck name or a [(CardSpec, copies)] list)") from None
    if not pairs or not all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
        raise ValueError("a deck list holds (CardSpec, copies) pairs")
    return pairs


def _deck_pairs_options(deck: Any, options: GameOptions | None):
    from ..engine.rules import MODULES

    if hasattr(deck, "specs") and callable(deck.specs):
        pairs = deck.specs()
        if options is None:
            o = getattr(deck, "options", {}) or {}
            mods = tuple(m for m in getattr(deck, "modules", ()) if m in MODULES)
            options = GameOptions(faster_play=bool(o.get("faster_play")), shared_victory=bool(o.get("shared_victory")),
                                  modules=mods)
    else:
        pairs = list(deck)
    return pairs, options or GameOptions()


def _scenario_game(path: str | Path) -> Game:
    from ..scenarios.runner import build_game, database_resolver, load_scenario

    sc = load_scenario(path)
    g = build_game(sc, database_resolver(sc.get("sets")))
    return g[0] if isinstance(g, tuple) else g


def _fallback_game() -> Game:
    from ..engine import CardSpec

    deck = [(CardSpec.make(name="Blank Door", set="lab", kind="curse", deck="door"), 8),
            (CardSpec.make(name="Blank Treasure", set="lab", kind="item", deck="treasure", slot="none", gold=0), 8)]
    return Game.new(players=2, deck=deck, seed=0)
