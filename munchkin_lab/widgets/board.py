"""``Board``: the play screen widget. It shows the engine's state and calls its public API; no
rules here.

One screen (:mod:`munchkin_lab.widgets.render`) keeps the status in plain words, a compact
table, the legal actions and the card in focus in view at 1280x800. Each seat is played by a
human (you click its actions) or a bot (``greedy`` / ``random``: :mod:`munchkin_lab.sim.bots`)
that plays its turns and interference windows on its own, at once or with a short visible
pause. A click plays exactly the action it was shown with (a render token), or nothing.

Every played, undone or redone action is appended to a journal file (JSON lines, next to the
notebook: :mod:`munchkin_lab.widgets.journal`) so that :meth:`Board.resume` brings the game
back exactly after a kernel restart, mid-combat included::

    board = Board.from_deck("base", seed=7, seats=["human", "greedy", "greedy", "greedy"])
    board                                       # show it: P1 is you, the others are bots
    ...                                         # kernel restart
    board = Board.resume()                      # the newest unnamed board's game, exactly
"""
from __future__ import annotations

import asyncio
import base64
import dataclasses
import functools
import io
import json
import random
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

import ipywidgets as W

from ..engine import Action, Game, GameOptions
from ..fileio import atomic_write_text
from ..plural import plural
from . import places, render, words
from .faces import esc
from .places import SAVE_SUFFIX
from .journal import JOURNAL_FORMAT, Journal, JournalError, check_name, in_use, journal_path, unique_name
from .table import CardTable

__all__ = ["Board", "Journal", "JournalError", "JOURNAL_FORMAT", "MAIN_KINDS", "ROLES", "database_provenance",
           "database_card_info", "forget_provenance"]

#: Action kinds always listed in the actions area (under "Not now" with the reason when not legal).
MAIN_KINDS = ("kick", "trouble", "loot", "fight", "run", "ask_help", "offer_help", "play", "equip",
              "sell", "pass", "end_turn")
#: Who may play a seat.
ROLES = render.ROLES
#: Bot pauses the speed menu offers (seconds between two bot actions; 0 = at once).
SPEEDS = (("bots play at once", 0.0), ("bots: short pause", 0.4), ("bots: slow", 1.0))
#: Cap of Run to end and of one burst of bot play, so a game that cannot finish never hangs.
RUN_CAP = 5000
#: The board's own guard against an endless bot loop: when the bots (and auto-passing seats)
#: have played this many actions in one turn, the board pauses them and says so (the game goes
#: on: a human plays a seat, Undo, or Resume bots). A human's own clicks never count. A new
#: deck game of the board is therefore built without the engine's per-turn action limit
#: (``GameOptions.max_actions_per_turn``, which ends the game with no winner): that limit is
#: for unattended simulations, whose default stays as it is. A game loaded with its own limit
#: (a saved game, a scenario) keeps it; the board warns from :data:`LIMIT_WARN` actions before.
BOT_TURN_CAP = 1000
#: How many actions before a game's own per-turn action limit the board starts to warn.
LIMIT_WARN = 100
_MAX_BUTTONS = 60
#: A row of more choices than this is folded (its title and count; a click opens it).
_FOLD_ROW = 10

SOLAR_RESOURCES = words.SOLAR_RESOURCES  # (kept here too: older notebooks import it from the board)

_info_cache: dict[str, dict[str, dict]] = {}


def database_card_info(url: str | None = None) -> dict[str, dict]:
    """Card key (``set:Name``) -> ``{"provenance", "summary", "source", "aliases"}`` from the
    card database ({} when there is no database)."""
    from ..config import database_url

    key = database_url(url)
    if key not in _info_cache:
        try:
            from ..cards.api import cards

            df = cards("", url=url)
        except Exception:  # noqa: BLE001 - no database: faces get the default mark
            return {}
        info = {}
        for s, n, p, summ, src, al in zip(df["set"], df["name"], df["provenance"], df["summary"], df["source"],
                                           df["aliases"]):
            info[f"{s}:{n}"] = {"provenance": p, "summary": summ if isinstance(summ, str) else "",
                                "source": src if isinstance(src, str) else "", "aliases": list(al or [])}
        _info_cache[key] = info
    return _info_cache[key]


def database_provenance(url: str | None = None) -> dict[str, str]:
    """Card key (``set:Name``) -> provenance from the card database ({} when unavailable)."""
    return {k: v["provenance"] for k, v in database_card_info(url).items()}


def forget_provenance() -> None:
    """Drop the cached card facts (after designer cards changed)."""
    _info_cache.clear()


def _make_bot(role: str, seed: int):
    """A bot of :mod:`munchkin_lab.sim.bots` (``Bot.choose(game, seat)``)."""
    from ..sim.bots import make_bot

    return make_bot(role, seed)


def _guard(fn):
    """Run a handler; show any error as a message in the widget instead of a traceback."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except Exception as e:  # noqa: BLE001 - shown to the user, game untouched
            self.show_message(f"{type(e).__name__}: {words.clean(self.game, str(e))}", "error")
            return None

    return wrapper


def _reported(fn):
    """Run a method called from code or from a button: an error is shown as a message on the
    board *and* raised, so a code caller gets the exception; the buttons go through
    :func:`_shown`, which keeps only the message."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except Exception as e:
            self.show_message(f"{type(e).__name__}: {words.clean(self.game, str(e))}", "error")
            raise

    return wrapper


def _shown(method, *args, **kwargs):
    """A button's call of a :func:`_reported` method: the error is already the board's
    message; no traceback in the output area."""
    try:
        return method(*args, **kwargs)
    except Exception:  # noqa: BLE001 - shown by the method itself
        return None


class ShownAction:
    """An action button of the drawn screen: ``label`` (game words), ``action``, ``kind``;
    :meth:`click` plays it as a browser click on that button would."""

    def __init__(self, board: "Board", i: int, action: Action, label: str, token: int):
        self.board, self.i, self.action, self.label, self.token = board, i, action, label, token
        self.kind = action.kind

    # names the older button API used
    @property
    def description(self) -> str:
        return self.label

    @property
    def _mlab_action(self) -> Action:
        return self.action

    def click(self) -> None:
        """Play this action (with the token of the screen it was shown on)."""
        self.board.table.click_action(self.i, self.token)

    def __repr__(self) -> str:
        return f"ShownAction({self.label!r}, {self.action})"


class Board(W.VBox):
    """The play screen for one game.

    Args:
        game: the game to show (a :class:`~munchkin_lab.engine.Game` or ``SolarStormGame``).
        factory: ``(seed, players) -> game`` used by *New game* (default: none).
        name: the board's name; its journal is ``<name>.journal.jsonl`` in the current folder.
            Default: a fresh unique name (``board-<date>-<time>-<random>``), so every unnamed
            board, kernel and app visitor has its own journal. Raises ``ValueError`` for a
            name with a path separator or ``..``.
        journal: journal path, or ``False`` for none (default: from ``name``).
        seats: who plays each seat: ``"human"``, ``"greedy"`` or ``"random"`` (default: all
            human). Bot seats play their turns and windows on their own.
        bot_pause: seconds between two bot actions (0: at once; a pause needs the notebook's
            event loop, otherwise bots play at once).
        auto_pass: a human seat whose only action is ``pass`` passes on its own.
        bot: the bot of *Step* / *Auto-play* / *Run to end* (any seat).
        provenance: card key -> provenance (default: read from the card database).
        default_provenance: mark of cards the map lacks (``scenario`` for inline cards).
        revealed: seats whose hands are shown face up (besides the human seats when bots
            play, and the human seat to act).
        height: height of the screen in pixels.
        folder: the folder of this board's files (journal, HTML exports and ``saves/``);
            default: the current working folder (``Path.cwd()``: the notebook's folder in
            Jupyter). The app passes its lab folder (:func:`~munchkin_lab.widgets.places.lab_home`).

    Where the journal goes: ``<name>.journal.jsonl`` in ``folder``, rewritten on *New game*. A second
    board of the same kernel with the same name takes the journal over (the first stops
    journaling and says so); a board of another kernel finding it in use writes a file of its
    own. Pass ``journal="path/to/file.jsonl"`` to put it elsewhere, ``journal=False`` for none.
    :meth:`resume` reads ``<name>.journal.jsonl``, or without a name the newest unnamed
    board's journal. The repository's ``.gitignore`` ignores ``*.journal.jsonl``.

    Saved games of the *Game* panel: a name (checked like a board name: no path separator,
    no ``..``, at most 100 characters) becomes ``<folder>/saves/<name>.game.json``; an
    existing save is replaced only after *Replace save* is pressed; *Load game* reads only
    that folder (:meth:`save_game`, :meth:`load_game`). :meth:`save` takes any path from
    code but never replaces a file that is not a saved game unless ``overwrite=True``.

    CSS classes for tests: ``mlab-board``, ``mlab-table`` (the screen: ``mlab-screen``,
    ``mlab-statusbar``, ``mlab-felt``, ``mlab-seat``, ``mlab-actions``, ``mlab-act``
    (+ ``mlab-action-<kind>``), ``mlab-unavailable``, ``mlab-focus``, ``mlab-log-lines``),
    ``mlab-step``, ``mlab-autoplay``, ``mlab-autoplay-n``, ``mlab-run-end``, ``mlab-undo``,
    ``mlab-redo``, ``mlab-speed``, ``mlab-pause``, ``mlab-seed``, ``mlab-players``,
    ``mlab-new``, ``mlab-path`` (the save name), ``mlab-saves`` (the saved games),
    ``mlab-save``, ``mlab-save-replace``, ``mlab-load``, ``mlab-export``,
    ``mlab-export-replay``, ``mlab-reveal``, ``mlab-message``.
    """

    def __init__(self, game: Any, factory: Callable[[int, int], Any] | None = None, *,
                 name: str | None = None, journal: str | Path | bool | None = None,
                 seats: Sequence[str] | None = None, bot_pause: float = 0.0, auto_pass: bool = False,
                 bot: str = "greedy", provenance: dict | None = None, default_provenance: str = "printed",
                 revealed: Iterable[int] = (), meta: dict | None = None, height: int = 640,
                 folder: str | Path | None = None, _start_journal: bool = True, _hold_bots: bool = False):
        super().__init__()
        self.add_class("mlab-board")
        self.name = check_name(name) if name is not None else unique_name("board")
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self.game = game
        self.factory = factory
        self.bot_name = bot
        self.meta = dict(meta or {})
        self.default_provenance = default_provenance
        self._provenance = provenance
        self.height = int(height)
        self.auto_pass = bool(auto_pass)
        self.bot_pause = float(bot_pause)
        self.paused = False
        self._tick_handle = None
        self._bots: dict[int, Any] = {}
        self._bot_key: tuple | None = None
        self._token = 0
        self._redo_depth = 0
        self._shown: list[Action] = []
        self._chart_key: tuple | None = None
        self._chart = ""
        if journal is False:
            self.journal = Journal(None)
        else:
            self.journal = Journal(journal or journal_path(self.name, self.folder))
        self.revealed: set[int] = set(revealed)
        self.selected: str = ""
        self.render_ms: list[float] = []
        n = len(game.state_dict()["players"])
        self.seats: list[str] = self._check_seats(seats, n)
        self._build_widgets()
        try:
            self._set_game(game, start_journal=_start_journal, hold_bots=_hold_bots)
        except BaseException:
            self._drop_new_journal(_start_journal)
            raise

    def _drop_new_journal(self, started: bool) -> None:
        """A board that failed to start leaves no journal behind (its file held only the
        header written just now)."""
        path = self.journal.path
        self.journal.detach()
        if started and path is not None:
            try:
                if path.read_text().count("\n") <= 1:
                    path.unlink()
            except OSError:
                pass

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_deck(cls, deck: Any, players: int | list | None = None, seed: int = 0, options: GameOptions | None = None,
                  **kw) -> "Board":
        """A board for a new game with ``deck``: a :class:`~munchkin_lab.decks.Deck`, a
        ``[(CardSpec, copies)]`` list, or a name as the command line takes it (a preset such as
        ``"base"`` or ``"preset:base"``, a deck file path, a saved deck). Game options come
        from the deck when not given. Other keywords go to :class:`Board` (``seats``,
        ``name``, ``bot_pause``...). ``players``: a count or the players' names; not given,
        one player per role of ``seats`` when given (``seats=["greedy"] * 6``: 6 players),
        else 4.

        The deck gets the check of ``deck check`` and ``play`` first: a deck that cannot be
        played (empty, no Treasure cards, a Door pile too small for the opening hands...) is
        refused rather than started to run to the turn limit. A plain ``[(CardSpec, copies)]``
        list is the engine's own form (as ``Game.new`` takes it, e.g. a scenario's tiny deck)
        and is not checked.

        Raises:
            ValueError: no deck given (``None``), a name that is no preset, file or saved
                deck, or a deck that ``deck check`` finds errors in for that many players
                (:class:`~munchkin_lab.decks.DeckError`, listing them); a seed outside
                0..2**64-1.
        """
        from ..decks.checks import refuse_unplayable

        if players is None:
            seats = kw.get("seats")
            players = len(seats) if seats is not None and not isinstance(seats, str) else 4
        deck = _as_deck(deck)
        refuse_unplayable(deck, players if isinstance(players, int) else len(players))
        if "solar_storm" in (getattr(deck, "modules", ()) or ()):
            return cls._solar_from_deck(deck, players, seed, **kw)
        pairs, opts = _deck_pairs_options(deck, options)
        opts = dataclasses.replace(opts, max_actions_per_turn=None)  # the board guards bot loops itself (BOT_TURN_CAP)

        def factory(s: int, n: int) -> Game:
            return Game.new(players=n if isinstance(players, int) else players, deck=pairs, seed=s, options=opts)

        n = players if isinstance(players, int) else len(players)
        meta = {"source": "deck", "deck": getattr(deck, "name", None)}
        board = cls(factory(seed, n), factory, meta=meta, **kw)
        board.players_w.value = n
        return board

    @classmethod
    def _solar_from_deck(cls, deck: Any, players: int | list, seed: int, **kw) -> "Board":
        """A Solar Storm board (deck with the ``solar_storm`` module): the deck's cards are the
        ship rooms; the Resource kinds carry their public names (:data:`SOLAR_RESOURCES`)."""
        from ..engine.solar_storm import SolarStormGame, SolarStormOptions

        rooms = [sp for sp, n in deck.specs() for _ in range(n)]
        sopts = SolarStormOptions(resource_types=SOLAR_RESOURCES)

        def factory(s: int, n: int):
            return SolarStormGame.new(players=n if isinstance(players, int) else players, rooms=rooms, seed=s,
                                      options=sopts)

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
    def resume(cls, journal: str | Path | None = None, name: str | None = None, strict: bool = True,
               **kw) -> "Board":
        """Bring back the game of a journal exactly as it was: position, log, undo history and
        the seats' roles (bots wait for *Resume bots* when one of them is to act).

        The journal: ``journal`` (a path), else ``<folder>/<name>.journal.jsonl``, else the
        newest unnamed board's journal (``board-*.journal.jsonl``) of the folder that no live
        board writes (``folder=`` keyword, default: the current folder). When another kernel
        writes that journal, the resumed board journals to a copy (its message says where).

        ``strict=False``: a broken or missing journal gives an empty stand-in board (no
        journal of its own) whose message says what is wrong, instead of raising.

        Raises:
            JournalError: the journal does not replay, or a path given that does not exist or
                cannot be read (``file:line: what``; unless ``strict=False``).
            ValueError: a bad ``name`` (path separators, ``..``).
            FileNotFoundError: ``name`` given and there is no ``<name>.journal.jsonl`` in the
                folder (a typo never looks like a resumed game); the message lists the names
                that can be resumed there. Without ``journal`` and ``name``: no unnamed
                board's journal that no live board writes (unless ``strict=False``).
        """
        folder = Path(kw["folder"]) if kw.get("folder") is not None else Path.cwd()
        if journal:
            path = Path(journal)
        elif name is not None:
            path = journal_path(name, folder)
            if not path.is_file():
                raise FileNotFoundError(f"cannot resume: no journal named {path.name} in {folder}"
                                        + _journals_there(folder))
        else:
            cands = sorted(folder.glob("board-*.journal.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
            free = [p for p in cands if not in_use(p)]
            if not free:
                why = (f"cannot resume: no journal of an unnamed board in {folder}"
                       + (" that no live board writes" if cands else ""))
                if strict:
                    raise FileNotFoundError(why)
                board = cls(_fallback_game(), None, journal=False, **kw)
                board.show_message(why, "error")
                return board
            path = free[0]
        bname = name if name is not None else (path.name[:-len(".journal.jsonl")]
                                               if path.name.endswith(".journal.jsonl") else None)
        try:
            if bname is not None:
                check_name(bname)
        except ValueError:
            bname = None
        try:
            game, meta = Journal.replay(path)
        except ValueError as e:
            if strict:
                raise
            board = cls(_fallback_game(), None, name=bname, journal=False, **kw)
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
        seats = meta.get("seats")
        n = len(game.state_dict()["players"])
        if not (isinstance(seats, list) and len(seats) == n and all(r in ROLES for r in seats)):
            seats = None
        kw.setdefault("seats", seats)
        # a bot to act waits (paused): the board comes back where its user left it (a rewind
        # into a bot's turn, a pause), not a few bot moves on
        board = cls(game, factory, name=bname, journal=path, meta=meta, _start_journal=False, _hold_bots=True, **kw)
        try:
            board.journal.resume(game, board._journal_meta())
        except OSError as e:
            board.journal.detach(f"journaling stopped: cannot append to {path.name} ({e.strerror or e})")
        note = f" ({board.journal.note})" if board.journal.note else ""
        board.show_message(f"resumed from {path.name}: {len(game.actions)} actions{note}", "ok")
        board.refresh()
        return board

    def _build_widgets(self) -> None:
        self.table = CardTable()
        self.table.add_class("mlab-table")
        self.table.observe(self._on_card_click, names="clicks")
        self.table.on_player(self._on_player)
        # (up to three lines of 15px beside the buttons: faces.py's .mlab-message; more scrolls)
        self.message = W.HTML(layout=W.Layout(flex="1 1 auto", min_width="0", max_height="46px", overflow="auto"))
        self.message.add_class("mlab-message")

        def btn(desc, cls, fn, tip=""):
            b = W.Button(description=desc, tooltip=tip or desc, layout=W.Layout(width="auto", flex="none"))
            b.add_class(cls)
            b.on_click(lambda _b: fn())
            return b

        self.undo_btn = btn("Undo", "mlab-undo", self.undo, "take back your last decision (and the bots' moves after it)")
        self.redo_btn = btn("Redo", "mlab-redo", self.redo, "play the undone decision again")
        self.step_btn = btn("Step", "mlab-step", self.step, "the bot plays one action for the seat to act")
        self.autoplay_n = W.BoundedIntText(value=10, min=1, max=RUN_CAP, layout=W.Layout(width="64px", flex="none"))
        self.autoplay_n.add_class("mlab-autoplay-n")
        self.autoplay_btn = btn("Auto-play", "mlab-autoplay", lambda: self.autoplay(self.autoplay_n.value),
                                "bots play this many actions for every seat")
        self.run_end_btn = btn("Run to end", "mlab-run-end", self.run_to_end, "bots play every seat to the end")
        self.speed_w = W.Dropdown(options=[(t, v) for t, v in SPEEDS], value=self._speed_value(self.bot_pause),
                                  layout=W.Layout(width="168px", flex="none"))
        self.speed_w.add_class("mlab-speed")
        self.speed_w.observe(self._on_speed, names="value")
        self.pause_btn = W.ToggleButton(value=False, description="Pause bots", tooltip="stop the bots after their current move",
                                        layout=W.Layout(width="auto", flex="none"))
        self.pause_btn.add_class("mlab-pause")
        self.pause_btn.observe(self._on_pause, names="value")
        self.seed_w = W.IntText(value=0, description="seed", layout=W.Layout(width="140px"))
        self.seed_w.add_class("mlab-seed")
        self.players_w = W.BoundedIntText(value=4, min=2, max=6, description="players", layout=W.Layout(width="150px"))
        self.players_w.add_class("mlab-players")
        self.new_btn = btn("New game", "mlab-new", self.new_game)
        self.path_w = W.Text(value=self.name, description="save name", placeholder="name of the saved game",
                             tooltip=f"saved as <name>{SAVE_SUFFIX} in the saves folder",
                             layout=W.Layout(width="300px"), style={"description_width": "70px"})
        self.path_w.add_class("mlab-path")
        self.path_w.observe(lambda _c: self._hide_replace(), names="value")
        self.saves_w = W.Dropdown(options=["(saved games)"], value="(saved games)", layout=W.Layout(width="200px"),
                                  tooltip="the saved games of the saves folder: pick one to load it")
        self.saves_w.add_class("mlab-saves")
        self.saves_w.observe(self._on_pick_save, names="value")
        self.save_btn = btn("Save game", "mlab-save", self._save_button,
                            f"save as <name>{SAVE_SUFFIX} in the saves folder")
        self.replace_btn = btn("Replace save", "mlab-save-replace",
                               lambda: _shown(self.save_game, self.path_w.value, replace=True),
                               "replace the existing saved game of this name")
        self.replace_btn.button_style = "warning"
        self.replace_btn.layout.display = "none"
        self.load_btn = btn("Load game", "mlab-load", lambda: _shown(self.load_game, self.path_w.value),
                            "load the saved game of this name from the saves folder")
        self.export_btn = btn("Export position HTML", "mlab-export", lambda: _shown(self.export_html))
        self.replay_btn = btn("Export replay HTML", "mlab-export-replay", lambda: _shown(self.export_replay))
        self.reveal_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        toolbar = W.HBox([self.undo_btn, self.redo_btn, self.step_btn, self.autoplay_n, self.autoplay_btn,
                          self.run_end_btn, self.speed_w, self.pause_btn, self.message],
                         layout=W.Layout(align_items="center", width="100%"))
        toolbar.add_class("mlab-toolbar")
        self.new_row = W.HBox([self.seed_w, self.players_w, self.new_btn], layout=W.Layout(flex_flow="row wrap"))
        self.new_game_where = "New game (below: the Game panel)"
        more = W.VBox([self.new_row,
                       W.HBox([self.path_w, self.saves_w, self.save_btn, self.replace_btn, self.load_btn,
                               self.export_btn, self.replay_btn],
                              layout=W.Layout(flex_flow="row wrap")),
                       self.reveal_box])
        self.more = W.Accordion(children=[more], selected_index=None)
        self.more.set_title(0, "Game: seed, new game, save, load, export, show hands")
        self.more.add_class("mlab-more")
        self.children = [self.table, toolbar, self.more]
        self._list_saves()

    def hide_new_game(self, where: str = "New game (above)") -> None:
        """Leave new games to the page around the board: the Game panel keeps save, load,
        export and the hands, without its seed, players and *New game* (the app's setup panel
        deals new games, so the page shows one *New game* control). ``where`` is how the
        game-over note names the control that starts another game."""
        self.new_row.layout.display = "none"
        self.new_game_where = where
        self.more.set_title(0, "Game: save, load, export, show hands")
        if self.game.outcome() is not None:  # the game-over note names the control
            self.refresh()

    @staticmethod
    def _speed_value(pause: float) -> float:
        vals = [v for _t, v in SPEEDS]
        return min(vals, key=lambda v: abs(v - pause))

    @staticmethod
    def _check_seats(seats: Sequence[str] | None, n: int) -> list[str]:
        if seats is None:
            return ["human"] * n
        out = [str(r).strip().lower() for r in seats]
        bad = [r for r in out if r not in ROLES]
        if bad:
            raise ValueError(f"seats: unknown role(s) {bad}; roles: {', '.join(ROLES)}")
        if len(out) != n:
            raise ValueError(f"seats: {len(out)} role(s) for {n} players")
        return out

    # ------------------------------------------------------------------ state
    @property
    def lookup(self) -> render.CardLookup:
        """Card name -> spec / provenance / database facts for the current game."""
        return self._lookup

    def _journal_meta(self) -> dict:
        return dict(self.meta, seats=list(self.seats))

    def _set_game(self, game: Any, start_journal: bool = True, hold_bots: bool = False) -> None:
        """Show ``game`` (a new or loaded one); ``hold_bots``: a bot to act at once waits
        (paused) instead of playing on."""
        self._cancel_tick()
        self.game = game
        info = database_card_info() if self._provenance is None else {}
        prov = self._provenance if self._provenance is not None else {k: v["provenance"] for k, v in info.items()}
        specs = getattr(game, "specs", None)
        if specs is None:  # Solar Storm: the ship rooms are its cards
            specs = getattr(game, "rooms", [])
        self._lookup = render.CardLookup(specs, prov, self.default_provenance, info)
        self.seed_w.value = int(getattr(game, "seed", 0) or 0)
        n = len(game.state_dict()["players"])
        self.players_w.value = n
        if len(self.seats) != n:
            self.seats = (self.seats + [self.seats[-1] if self.seats else "human"] * n)[:n]
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
        self._redo_depth = 0
        self.story = words.Story(game)
        self.table.faces = self._faces()
        self._bot_key = None
        self.paused = hold_bots and self._bot_to_act()
        if self.paused:
            self.pause_btn.value = True  # (the button then reads Resume bots)
        if start_journal:
            try:
                self.journal.start(game, self._journal_meta())
            except OSError as e:
                self.journal.detach(f"journaling off: cannot write {self.journal.path} ({e.strerror or e})")
        self.refresh()
        if self.journal.note:
            self.show_message(self.journal.note, "warning")
        self._advance(render=True)

    def _faces(self) -> dict[str, str]:
        """Card name -> detail HTML for every card of the game (sent once per game)."""
        out = {}
        for name, spec in self._lookup.by_name.items():
            out[name] = render.card_detail_html(spec, self._lookup.provenance(name), facts=self._lookup.facts(name),
                                                player=True)
        return out

    def _on_reveal(self, seat: int, change) -> None:
        if change["new"]:
            self.revealed.add(seat)
        else:
            self.revealed.discard(seat)
        self.refresh()

    def show_message(self, text: str, level: str = "error") -> None:
        """Show ``text`` next to the controls (``error``, ``warning`` or ``ok``). A journal
        that stopped since the last message (another board of this kernel took its file over,
        a full disk) is said with it, once, as a warning: the actions played from then on are
        not journaled."""
        journal = getattr(self, "journal", None)
        note = journal.note if journal is not None else ""
        if note and note != getattr(self, "_note_said", ""):
            self._note_said = note
            if text and note not in text:
                text = f"{text} · {note}"
                level = "error" if level == "error" else "warning"
        self.message.value = f'<div class="mlab-msg-{level}">{esc(text)}</div>' if text else ""

    # ------------------------------------------------------------------ seats and bots
    def role(self, seat: int | None) -> str | None:
        """Who plays ``seat`` (``human`` / ``greedy`` / ``random``; None for no seat)."""
        if seat is None or not 0 <= seat < len(self.seats):
            return None
        return self.seats[seat]

    def set_seats(self, seats: Sequence[str]) -> None:
        """Set who plays every seat (see :data:`ROLES`); bots to act start playing.

        Raises:
            ValueError: an unknown role or a wrong number of seats.
        """
        self.seats = self._check_seats(seats, len(self.seats))
        self._bot_key = None
        self.paused = False
        self.pause_btn.value = False
        if not self._advance(render=True):
            self.refresh()

    def set_seat(self, seat: int, role: str) -> None:
        """Set who plays ``seat`` (see :meth:`set_seats`)."""
        seats = list(self.seats)
        if not 0 <= int(seat) < len(seats):
            raise ValueError(f"seat {seat}: no such seat (0..{len(seats) - 1})")
        seats[int(seat)] = role
        self.set_seats(seats)

    def _seat_bot(self, seat: int):
        key = (tuple(self.seats), int(self.seed_w.value), id(self.game))
        if self._bot_key != key:
            self._bots = {}
            self._bot_key = key
        if seat not in self._bots:
            role = self.seats[seat] if self.seats[seat] != "human" else self.bot_name
            self._bots[seat] = _make_bot(role, int(self.seed_w.value) * 101 + seat)
        return self._bots[seat]

    def _bot_to_act(self) -> bool:
        a = self.game.actor()
        return a is not None and self.role(a) not in (None, "human")

    def _human_must_pass(self) -> Action | None:
        """The lone ``pass`` of a human seat (for ``auto_pass``), else None."""
        if not self.auto_pass or self.game.outcome() is not None:
            return None
        a = self.game.actor()
        if a is None or self.role(a) != "human":
            return None
        acts = self.game.legal_actions(labels=False)
        if len(acts) == 1 and acts[0].kind == "pass" and self.game.state_dict().get("phase") != "setup":
            return acts[0]
        return None

    def _play_one(self, action: Action, entries: list | None = None) -> None:
        g = self.game
        before = g.state_dict()
        n0 = len(g.log)
        g.play(action)
        self.story.record(g, before, g.actions[-1], n0)
        self._redo_depth = 0
        entry = {"a": str(g.actions[-1])}
        if entries is None:
            self.journal.append([entry])
        else:
            entries.append(entry)

    def _advance(self, render: bool = True) -> bool:
        """Let the bot seats (and auto-passing human seats) play until a human must decide:
        at once, or one action per ``bot_pause`` seconds on the notebook's event loop.
        Returns True when it redrew the screen (``render``)."""
        if self.paused or self.game.outcome() is not None:
            return False
        if self.bot_pause > 0 and self._loop() is not None:
            if self._bot_to_act() or self._human_must_pass() is not None:
                self._schedule()
                if render:
                    self.refresh()
                    return True
            return False
        entries: list = []
        played = 0
        try:
            while played < RUN_CAP and self.game.outcome() is None:
                a = self._human_must_pass()
                if a is None:
                    if not self._bot_to_act():
                        break
                    seat = self.game.actor()
                    a = self._seat_bot(seat).choose(self.game, seat)
                self._play_one(a, entries)
                played += 1
                if self._bot_loop_guard():
                    break
        finally:
            self.journal.append(entries)
        if played and render:
            self.refresh()
            return True
        return False

    def _limit_note(self) -> str:
        """A warning while a game with its own per-turn action limit (a loaded save, a
        scenario) comes within :data:`LIMIT_WARN` actions of it: at the limit the game ends
        with no winner; "" otherwise (and for the board's own deck games, which have none)."""
        cap = getattr(getattr(self.game, "options", None), "max_actions_per_turn", None)
        done = getattr(getattr(self.game, "state", None), "turn_actions", None)
        if not isinstance(cap, int) or not isinstance(done, int) or done < cap - LIMIT_WARN:
            return ""
        return (f"Warning: this turn has taken {done} actions; at {cap} the game ends with no winner "
                "(this game's action limit).")

    def _bot_loop_guard(self) -> bool:
        """Count one automatic action (a bot's or an auto-pass) of the current turn; at
        :data:`BOT_TURN_CAP` of them in one turn, pause the bots with a warning and return True.
        Only these count: a human's clicks are never limited."""
        turn = self.game.state.turn  # (both games keep it on the state: no state_dict per bot action)
        t, n = getattr(self, "_auto_turn", (None, 0))
        n = n + 1 if t == turn else 1
        self._auto_turn = (turn, n)
        if n < BOT_TURN_CAP or self.game.outcome() is not None:
            return False
        self._auto_turn = (turn, 0)
        self.pause_btn.value = True  # pauses (and redraws)
        self.show_message(f"the bots have played {n} actions in turn {turn} without ending it: paused. "
                          "Play a seat yourself, Undo, or Resume bots.", "warning")
        return True

    @staticmethod
    def _loop():
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _schedule(self) -> None:
        self._cancel_tick()
        loop = self._loop()
        if loop is not None:
            self._tick_handle = loop.call_later(self.bot_pause, self._tick)

    def _cancel_tick(self) -> None:
        h = getattr(self, "_tick_handle", None)
        if h is not None:
            h.cancel()
        self._tick_handle = None

    def _tick(self) -> None:
        """One paused bot action (called by the event loop)."""
        self._tick_handle = None
        try:
            if self.paused or self.game.outcome() is not None:
                return
            a = self._human_must_pass()
            if a is None:
                if not self._bot_to_act():
                    return
                seat = self.game.actor()
                a = self._seat_bot(seat).choose(self.game, seat)
            self._play_one(a)
            if self._bot_loop_guard():
                return
            self.refresh()
            if self._bot_to_act() or self._human_must_pass() is not None:
                self._schedule()
        except Exception as e:  # noqa: BLE001 - shown, the game stays
            self.show_message(f"bot stopped: {type(e).__name__}: {e}", "error")

    def _on_speed(self, change) -> None:
        self.bot_pause = float(change["new"])
        self._cancel_tick()
        self._advance(render=True)

    def _on_pause(self, change) -> None:
        self.paused = bool(change["new"])
        self.pause_btn.description = "Resume bots" if self.paused else "Pause bots"
        if self.paused:
            self._cancel_tick()
        self.refresh()
        if not self.paused:
            self._advance(render=True)

    def resume_bots(self) -> None:
        """Let the bots play again after a pause or a rewind."""
        self.pause_btn.value = False
        self.paused = False
        self._advance(render=True)

    # ------------------------------------------------------------------ rendering
    def _order(self, acts: list[Action]) -> list[Action]:
        # (the first button moves the game on: it is green; in Charity the least useful card)
        return words.in_order(acts, self.game)

    def _buttons(self, g: Any, sd: dict, acts: list[Action], labels: list[str], cards_of: list[list[str]],
                 offset: int) -> list[str]:
        """Button HTML for ``acts`` (indexes from ``offset``): actions that differ only by
        their target or side form one row with a short button per choice."""
        groups: dict[str, list[tuple[int, str]]] = {}
        keyed: list[tuple[str | None, int]] = []
        for j, a in enumerate(acts):
            i = offset + j
            gk = words.group_of(g, a, sd)
            if gk is not None:
                groups.setdefault(gk[0], []).append((i, gk[1]))
            keyed.append((gk[0] if gk else None, i))
        out, done = [], set()
        for title, i in keyed:
            a = self._shown[i]
            if title is not None and len(groups[title]) > 1:
                if title in done:
                    continue
                done.add(title)
                members = "".join(render.action_button(k, short, self._shown[k].kind, cards_of[k],
                                                       title=labels[k]) for k, short in groups[title])
                n = len(groups[title])
                # a long row (Mess Hall swaps) folds: the table keeps its height; so do the trades
                # of an Item (one per Item of the others in play: many at a crowded table, rare)
                if n > _FOLD_ROW or a.kind == "trade":
                    out.append(f'<details class="mlab-actgroup mlab-actfold"><summary>{esc(title.rstrip(":"))}: '
                               f'{n} choices</summary>{members}</details>')
                    continue
                # the group's spoken name is its title (said once: the visible title is not read again)
                out.append(f'<span class="mlab-actgroup" role="group" aria-label="{esc(title.rstrip(":"))}">'
                           f'<span class="mlab-actgroup-title" aria-hidden="true">{esc(title)}</span>{members}</span>')
            else:
                out.append(render.action_button(i, labels[i], a.kind, cards_of[i], primary=(i == 0)))
        return out

    def _cards_of(self, a: Action) -> list[str]:
        specs = getattr(self.game, "specs", None)
        if not specs:
            return []
        # (a use's m is a monster's index, an item or a side: not a card of its own)
        ids = [c for c in (a.card, *(() if a.kind == "use" else (a.m,)), *a.cards)
               if isinstance(c, int) and 0 <= c < len(specs)]
        if a.kind in ("charity", "choose", "play", "trouble", "equip", "unequip", "carry", "discard", "sell", "give", "trade",
                      "join", "berserk", "flight", "turning", "backstab", "steal", "evade", "exit", "portal",
                      "place", "pickup", "character", "resolve", "fd_give", "use"):
            return [specs[c].name for c in ids]
        return []

    def _focus_sd(self, sd: dict) -> dict:
        """``sd`` for the decision focus: a choice among the cards of a hand this screen does
        not show (a bot's Cleric resurrection, a loss that may take hand cards) lists those
        cards as the engine's ``view`` of another seat does - as backs, which the focus leaves
        out - so its "To choose from" names no hidden card."""
        pend = sd.get("pending") or []
        who = pend[0].get("player") if pend and pend[0].get("kind") == "choose" else None
        if who is None or who in self._shown_hands(sd):
            return sd
        other = next((i for i in range(len(sd["players"])) if i != who), None)
        if other is None:
            return sd
        masked = self.game.view(other)["pending"][0].get("options")
        return {**sd, "pending": [{**pend[0], "options": masked}] + list(pend[1:])}

    def _shown_hands(self, sd: dict) -> set[int]:
        shown = set(self.revealed)
        if any(r != "human" for r in self.seats):
            shown |= {i for i, r in enumerate(self.seats) if r == "human"}
        actor = sd.get("actor")
        if actor is not None and self.role(actor) == "human":
            shown.add(actor)
        return shown

    def _auto_focus(self, sd: dict) -> str:
        lk = self._lookup
        c = sd.get("combat")
        pend = words.first_pending(sd)
        if pend and pend.get("card") and lk.spec(pend["card"]) is not None:
            return pend["card"]
        if c and c.get("monsters"):
            return c["monsters"][-1]["name"]
        if sd.get("phase") == "charity":  # a decision about the hand: the focus pane says it
            return ""
        for line in reversed(self.game.log[-3:]):
            if "kicks open the door: " in line:
                name = line.split("kicks open the door: ", 1)[1].rstrip(".")
                if lk.spec(name) is not None:
                    return name
        return ""

    def _chart_html(self, sd: dict) -> str:
        key = (id(self.game), len(self.game.actions))
        if self._chart_key != key:
            try:
                self._chart = level_chart(self.story, [p["name"] for p in sd["players"]])
            except Exception:  # noqa: BLE001 - no chart, the table still shows
                self._chart = ""
            self._chart_key = key
        return self._chart

    def refresh(self) -> None:
        """Redraw the whole screen from the game (a new render token: clicks on the previous
        screen play nothing)."""
        t0 = time.perf_counter()
        g = self.game
        sd = g.state_dict()
        self.story.sync(g)
        solar = words.is_solar(sd)
        self._token += 1
        token = self._token
        actor = sd.get("actor")
        over = g.outcome() is not None
        bot_turn = self._bot_to_act() and not self.paused and not over
        shown: list[Action] = []
        anytime: list[Action] = []
        if actor is not None and not bot_turn:
            main = words.priced_offers(g, words.manual_choices(g, list(g.legal_actions()), sd))
            shown = self._order(list(main))[:_MAX_BUTTONS]
            if not solar:
                try:
                    extra = [a for a in words.manual_choices(g, list(g.legal_actions(seat=actor)), sd) if a not in main]
                except TypeError:
                    extra = []
                anytime = extra[:_MAX_BUTTONS]
                # choices of a row shown above (the other die values of a Loaded Die) join it
                titles = {gk[0] for a in shown if (gk := words.group_of(g, a, sd)) is not None}
                join = [a for a in anytime if (gk := words.group_of(g, a, sd)) is not None and gk[0] in titles]
                if join:
                    shown = shown + join
                    anytime = [a for a in anytime if a not in join]
        all_shown, labels, seen = [], [], set()
        n_main = 0
        for j, a in enumerate(shown + anytime):
            label = words.action_text(g, a, sd)
            if label in seen:  # a second copy of the same card: the same choice for the player
                continue
            seen.add(label)
            all_shown.append(a)
            labels.append(label)
            if j < len(shown):
                n_main += 1
        shown, anytime = all_shown[:n_main], all_shown[n_main:]
        self._shown = all_shown
        self._labels = labels
        moves: dict = {}
        cards_of = [self._cards_of(a) for a in all_shown]
        for i, (a, label) in enumerate(zip(all_shown, labels)):
            if a.kind == "move":
                if solar:
                    moves[a.n] = (i, label)
                else:
                    _d, key, _room = words.room_target(sd, words.names(sd).get(a.player, ""), a.n)
                    moves[key] = (i, label)
        buttons = self._buttons(g, sd, all_shown[:len(shown)], labels, cards_of, 0)
        more = self._buttons(g, sd, anytime, labels, cards_of, len(shown))
        nope = []
        if actor is not None and not bot_turn:
            legal_kinds = {a.kind for a in all_shown}
            kind_words = words.SOLAR_KIND_WORDS if solar else words.KIND_WORDS
            for k in (tuple(words.SOLAR_KIND_WORDS) if solar else MAIN_KINDS):
                if k not in legal_kinds:
                    nope.append((k, kind_words.get(k, k), words.refusal(g, k, actor, sd)))
        nm = words.names(sd)
        if over:
            title, note = "Game over", f"{self.new_game_where} starts another; Undo goes back."
        elif bot_turn:
            title = f"{nm.get(actor, '?')} ({self.role(actor)} bot) is playing"
            note = "the bots play their seats; Pause bots stops them"
        elif self.paused and self._bot_to_act():
            title = f"Bots paused: {nm.get(actor, '?')} ({self.role(actor)} bot) would act now"
            note = "Resume bots (Pause button), Step or Redo; or play the bot's seat yourself:"
        else:
            who = nm.get(actor, "?")
            title = f"{who}: your move" if self.role(actor) == "human" and any(r != "human" for r in self.seats) \
                else f"{who} to act"
            pend = words.first_pending(sd)
            summary = self._lookup.facts(pend.get("card")).get("summary", "") \
                if pend and pend.get("kind") == "manual" and pend.get("card") else ""
            note = "" if solar else words.manual_note(g, sd, summary)
            note = " ".join(t for t in (self._limit_note(), note) if t)
        lk = self._lookup
        focus_name = self.selected if self.selected and lk.spec(self.selected) is not None else self._auto_focus(sd)
        uses = "".join(render.action_button(i, labels[i], a.kind, self._cards_of(a))
                       for i, a in enumerate(all_shown) if focus_name and focus_name in self._cards_of(a))
        focus = (render.card_detail_html(lk.spec(focus_name), lk.provenance(focus_name), facts=lk.facts(focus_name),
                                         uses=uses, player=True) if focus_name else
                 render.decision_focus_html(sd if solar else self._focus_sd(sd), g, lk))
        table = render.table_html(sd, lk, self._shown_hands(sd), g.log, roles=self.seats, selected=focus_name,
                                  moves=moves, breakdown=None if solar else render.combat_breakdown(g, sd))
        status = render.status_html(sd, g, note="bots playing…" if bot_turn else "")
        log = render.log_html(g.log, 80, self.story, len(g.actions))
        if over:  # the final table and the Level-over-time chart take the actions' place
            chart = "" if solar else self._chart_html(sd)
            actions = (f'<div class="mlab-actions"><div class="mlab-actions-title">{esc(title)}: {esc(note)}</div>'
                       f'{render.game_over_html(sd, chart)}</div>')
        else:
            actions = render.actions_html(buttons, more, nope, title, note, anytime_count=len(anytime))
        self.table.html = render.screen_html(token=token, status=status, table=table, focus=focus, log=log,
                                             actions=actions, height=self.height, faces=self.table.faces_version)
        self.undo_btn.disabled = not g.actions
        self.redo_btn.disabled = not self.can_redo()
        for b in (self.step_btn, self.autoplay_btn, self.autoplay_n, self.run_end_btn, self.pause_btn):
            b.disabled = over  # nothing left for the bots to play (Undo goes back)
        self.render_ms.append((time.perf_counter() - t0) * 1000)

    # ------------------------------------------------------------------ the player's clicks
    def _on_player(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "seat":
            try:
                self.set_seat(int(msg.get("seat", -1)), str(msg.get("role", "")))
            except ValueError as e:
                self.show_message(str(e), "error")
            return
        if msg.get("token") != self._token:
            self.table.ignored()  # a click on a screen that is gone: nothing is played
            return
        if kind == "act":
            i = msg.get("i")
            if not isinstance(i, int) or not 0 <= i < len(self._shown):
                self.table.ignored()
                return
            _shown(self.play, self._shown[i])
        elif kind == "rewind":
            pos = msg.get("pos")
            if isinstance(pos, int):
                self.rewind(pos)
            else:
                self.table.ignored()
        else:
            self.table.ignored()

    def _on_card_click(self, change) -> None:
        self.select_card(self.table.clicked)

    def select_card(self, name: str) -> None:
        """Make card ``name`` the card in focus (its detail and the actions that use it)."""
        self.selected = name
        self.refresh()

    # ------------------------------------------------------------------ playing
    @_reported
    def play(self, action: Action | str) -> None:
        """Play ``action`` (an :class:`Action` or its text form), journal it, let the bots
        answer and redraw. An illegal or unreadable action changes nothing: it is shown as the
        board's message and raised to a code caller (a click on a button only shows it).

        Raises:
            ValueError: the engine cannot read the text (an empty one too) or refuses the
                action (``IllegalActionError``), with the reason."""
        self._cancel_tick()
        seat = getattr(action, "player", None)
        peek0 = self._peek_of(seat)
        try:
            self._play_one(action)
        except Exception:
            self.refresh()
            raise
        self.show_message(self._seen_words(seat) if self._peek_of(seat) != peek0 else "", "ok")
        if not self._advance(render=True):
            self.refresh()

    def _peek_of(self, seat: Any) -> Any:
        """The raw record of ``seat``'s last peek (op ``peek``, a Psychic's: ``state.lang["peek"]``), None
        for none (or a game without the card-effect language's state)."""
        lang = getattr(getattr(self.game, "state", None), "lang", None)
        return (lang or {}).get("peek", {}).get(str(seat)) if isinstance(seat, int) else None

    def _seen_words(self, seat: int) -> str:
        """What ``seat`` saw at the peek its action has just made, for the message beside the
        controls (the player who clicked is the one who looks: the engine's ``view(seat)``
        ``seen``; the log says only who looked at how many cards)."""
        seen = self.game.view(seat).get("seen") or {}
        cards = seen.get("cards") or []
        who = self.game.state.players[seat].name
        if seen.get("deck") == "room":  # a Psychic's look into a room (Star Munchkin Adventures)
            return (f"{who} looked into the room at ({seen.get('room')}): "
                    f"{', '.join(cards) if cards else 'no cards'}")
        if seen.get("deck") == "room_tile":  # a Psychic's look at the next room tile
            return f"{who} saw the next room tile: {cards[0]}" if cards else f"{who} looked: no room tile left"
        if not cards:
            return f"{who} looked: the {seen.get('deck', '')} deck is empty"
        return f"{who} saw the top of the {seen.get('deck', '')} deck: {', '.join(cards)} (top first)"

    def _bot(self) -> Callable[[Any], Action]:
        """``game -> action`` of the *Step* bot (``bot``) for the acting seat."""
        return lambda g: self._seat_bot_for_step(g.actor()).choose(g, g.actor())

    def _seat_bot_for_step(self, seat: int):
        key = ("step", self.bot_name, int(self.seed_w.value), id(self.game))
        if getattr(self, "_step_key", None) != key:
            self._step_bot = _make_bot(self.bot_name, int(self.seed_w.value))
            self._step_key = key
        return self._step_bot

    def _run(self, n: int) -> int:
        self._cancel_tick()
        g = self.game
        choose = self._bot()
        entries: list = []
        done = 0
        try:
            for _ in range(n):
                if g.outcome() is not None or g.actor() is None:
                    break
                self._play_one(choose(g), entries)
                done += 1
        finally:
            self.journal.append(entries)
        return done

    @_guard
    def step(self) -> None:
        """The *Step* bot plays one action for the seat to act (any seat)."""
        if self._run(1) == 0:
            self.show_message("the game is over", "warning")
        else:
            self.show_message(f"bot played: {self.game.log[-1] if self.game.log else self.game.actions[-1]}", "ok")
        if not self._advance(render=True):
            self.refresh()

    @_guard
    def autoplay(self, n: int = 10) -> None:
        """The bots play ``n`` actions for every seat (fewer when the game ends)."""
        done = self._run(int(n))
        self.show_message(f"played {plural(done, 'action')}", "ok")
        if not self._advance(render=True):
            self.refresh()

    @_guard
    def run_to_end(self) -> None:
        """The bots play every seat until the game is over (at most :data:`RUN_CAP` actions)."""
        done = self._run(RUN_CAP)
        out = self.game.outcome()
        if out is None:
            self.show_message(f"stopped after {done} actions without an end (cap {RUN_CAP})", "warning")
        else:
            who = " and ".join(out.names) or "nobody"
            self.show_message(f"game over after {done} actions: {who} ({out.reason})", "ok")
        self.refresh()

    def _undo_steps(self, want_human: bool) -> list[Action]:
        g = self.game
        undone: list[Action] = []
        bots = any(r != "human" for r in self.seats)
        while g.actions:
            undone.append(g.undo())
            self.story.truncate(len(g.actions))
            if not want_human or not bots:
                break
            a = g.actor()
            if a is not None and self.role(a) == "human" and not self._auto_pass_point():
                break
        return undone

    def _auto_pass_point(self) -> bool:
        return self._human_must_pass() is not None

    @_guard
    def undo(self) -> None:
        """Take back the last decision of a human seat, with the bots' actions after it (with
        no bot seat: the last action). The message says what was undone."""
        self._cancel_tick()
        if not self.game.actions:
            self.show_message("nothing to undo", "warning")
            return
        undone = self._undo_steps(want_human=True)
        self._redo_depth += len(undone)
        self.journal.append([{"undo": len(undone)}])
        g = self.game
        first = undone[-1]
        who = words.names(g.state_dict()).get(first.player, "?")
        try:
            what = words.action_text(g, first)
        except Exception:  # noqa: BLE001
            what = str(first)
        more = f" and {plural(len(undone) - 1, 'bot action')} after it" if len(undone) > 1 else ""
        self.show_message(f"Undid {who}: {what}{more}", "ok")
        if self._bot_to_act():
            self.paused = True
        self.refresh()

    def can_redo(self) -> bool:
        """True when an undone action can be played again."""
        redo = getattr(self.game, "_redo", None)  # the engine's redo list when it shows one
        return bool(redo) if redo is not None else self._redo_depth > 0

    @_guard
    def redo(self) -> None:
        """Play the undone decision again (and the bots' undone actions after it); the message
        says what was redone."""
        self._cancel_tick()
        g = self.game
        done: list[tuple[int, str]] = []
        bots = any(r != "human" for r in self.seats)
        while True:
            before = g.state_dict()
            n0 = len(g.log)
            try:
                a = g.redo()
            except IndexError:
                break
            self._redo_depth = max(0, self._redo_depth - 1)
            self.story.record(g, before, g.actions[-1], n0)
            done.append((a.player, words.action_text(g, a, before)))
            if not bots:
                break
            nxt = g.actor()
            if nxt is None or self.role(nxt) == "human":
                break
        if not done:
            self.show_message("nothing to redo", "warning")
            return
        self.journal.append([{"redo": len(done)}])
        who = words.names(g.state_dict()).get(done[0][0], "?")
        more = f" and {plural(len(done) - 1, 'action')} after it" if len(done) > 1 else ""
        self.show_message(f"Redid {who}: {done[0][1]}{more}", "ok")
        if self.paused or not self._advance(render=True):
            self.refresh()

    @_guard
    def rewind(self, position: int) -> None:
        """Go back to just after ``position`` actions (what a click on a log line does): the
        later actions are undone and stay available to Redo; bots to act wait (paused)."""
        self._cancel_tick()
        g = self.game
        position = int(position)
        n = len(g.actions) - position
        if position < 0 or n < 0:
            raise ValueError(f"rewind: position {position} is not in this game (0..{len(g.actions)})")
        if n == 0:
            self.show_message("already at that point of the game", "warning")
            self.refresh()
            return
        for _ in range(n):
            g.undo()
        self.story.truncate(len(g.actions))
        self._redo_depth += n
        self.journal.append([{"undo": n}])
        line = g.log[-1] if g.log else "the start"
        self.paused = self._bot_to_act()
        if self.paused:
            self.pause_btn.value = True
        self.show_message(f"Rewound {plural(n, 'action')}, to just after: {line} (Redo steps forward)", "ok")
        self.refresh()

    @_guard
    def new_game(self) -> None:
        """Start a new game with the seed and player count of the controls."""
        if self.factory is None:
            self.show_message("no deck or scenario to start a new game from", "warning")
            return
        seed = int(self.seed_w.value)
        n = int(self.players_w.value)
        g = self.factory(seed, n)
        if len(self.seats) != n:
            self.seats = (self.seats + ["greedy"] * n)[:n]
        self.pause_btn.value = False
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
        self.seats = ["human"] * len(game.state_dict()["players"])
        self._set_game(game)
        self.show_message(f"scenario {Path(path).name} loaded", "ok")

    # ------------------------------------------------------------------ files
    @property
    def saves_folder(self) -> Path:
        """``<folder>/saves``: where the *Game* panel saves and loads games."""
        return places.saves_folder(self.folder)

    def saves(self) -> list[str]:
        """Names of the saved games in :attr:`saves_folder` (sorted)."""
        return places.list_saves(self.folder)

    def _list_saves(self) -> None:
        names = self.saves()
        head = "(saved games)" if names else "(no saved games yet)"
        self.saves_w.options = [head] + names
        self.saves_w.value = head

    def _on_pick_save(self, change) -> None:
        if change["new"] in self.saves():
            self.path_w.value = change["new"]

    def _hide_replace(self) -> None:
        self.replace_btn.layout.display = "none"

    def _save_button(self) -> None:
        """The *Save game* button: an existing save of that name is kept and the message asks
        for *Replace save* (which calls :meth:`save_game` with ``replace=True``)."""
        try:
            self.save_game(self.path_w.value)
        except FileExistsError:
            p = places.save_path(self.folder, self.path_w.value)
            self.replace_btn.description = f"Replace save {p.name}"
            self.replace_btn.layout.display = None
            self.show_message(f"a saved game named {p.name} already exists in {p.parent}: press "
                              f"'Replace save' to replace it, or choose another name", "warning")
        except Exception:  # noqa: BLE001 - shown by save_game itself
            pass

    @_reported
    def save_game(self, name: str, replace: bool = False) -> Path:
        """Save the game as ``<folder>/saves/<name>.game.json`` (the *Save game* button;
        ``saves/`` is created when missing). Returns the file.

        An existing save of that name is replaced only with ``replace=True`` (the button
        asks for *Replace save* instead).

        Raises (also shown as the board's message; the buttons show only the message):
            ValueError: a bad name (empty, over 100 characters, a path separator or ``..``:
                see :func:`~munchkin_lab.widgets.places.check_save_name`), or an existing file
                of that name that is not a saved game.
            FileExistsError: a saved game of that name exists (without ``replace``); it is
                kept as it was.
            OSError: the write fails (the previous file stays).
        """
        self._hide_replace()
        p = places.save_path(self.folder, name)
        if p.exists() and not replace:
            raise FileExistsError(f"a saved game named {p.name} already exists in {p.parent}: not replaced "
                                  "(replace=True replaces it, or choose another name)")
        if p.exists() and not places.is_saved_game(p):
            raise ValueError(f"{p} is not a saved game: not replaced")
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(p, self._save_text())
        self._list_saves()
        self.show_message(f"saved {plural(len(self.game.actions), 'action')} to {p}", "ok")
        return p

    @_reported
    def load_game(self, name: str) -> None:
        """Load the saved game ``<folder>/saves/<name>.game.json`` (the *Load game* button):
        only that folder is read.

        Raises (also shown as the board's message; the button shows only the message; the
        current game stays):
            ValueError: a bad name, a missing save (the message lists the saves there) or a
                file that does not load.
        """
        p = places.save_path(self.folder, name)
        if not p.is_file():
            have = self.saves()
            raise ValueError(f"no saved game named {p.name} in {p.parent}"
                             + (f"; saved games: {', '.join(have[:12])}" if have else " (none saved yet)"))
        self._load_file(p)

    @_reported
    def save(self, path: str | Path, overwrite: bool = False) -> Path:
        """Save the game (``Game.to_json``) to ``path`` atomically: a kill or a full disk
        during the write leaves the previous file as it was. Returns the file.

        An existing file is replaced only when it is a saved game (its JSON ``format``
        header), or with ``overwrite=True``.

        Raises (also shown as the board's message; the file is not written):
            ValueError: ``path`` is a folder or empty.
            FileExistsError: ``path`` exists and is not a saved game (without ``overwrite``).
            OSError: the write fails, e.g. a missing folder.
        """
        p = Path(path)
        if str(path).strip() in ("", ".") or p.is_dir():
            raise ValueError(f"save: {str(path) or '(empty)'} is a folder, not a file name")
        if p.exists() and not overwrite and not places.is_saved_game(p):
            raise FileExistsError(f"{p} exists and is not a saved game: not replaced "
                                  "(pass overwrite=True to replace it)")
        atomic_write_text(p, self._save_text())
        self._list_saves()
        self.show_message(f"saved {plural(len(self.game.actions), 'action')} to {p}", "ok")
        return p

    @_reported
    def load(self, path: str | Path) -> None:
        """Load a saved game from the file ``path`` (from code; the panel loads by name from
        the saves folder).

        Raises (also shown as the board's message; the current game stays):
            OSError: the file cannot be read (``FileNotFoundError`` for a missing one), naming it.
            ValueError: a file that does not load as a saved game (not UTF-8 text, not a
                saved game's JSON: a user's notes.json), naming the file.
        """
        self._load_file(Path(path))

    def _save_text(self) -> str:
        """The saved game (``to_json``) with the board's ``seats`` (who plays each seat) added:
        a load brings them back (:meth:`_load_file`); the engine ignores the field."""
        data = json.loads(self.game.to_json())
        data["seats"] = list(self.seats)
        return json.dumps(data)

    def _load_file(self, p: Path) -> None:
        """Load the saved game ``p`` with the seats it was saved with (a save written without
        them - an older one, or ``Game.to_json`` - keeps the board's seats). Either way the
        board opens at the saved position: a bot to act there waits for *Resume bots*, as
        :meth:`resume` does (the user loaded that position to look at or play it, not to see
        the bots run on to the end)."""
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError as e:
            raise ValueError(f"{p}: not a saved game (not UTF-8 text: {e.reason})") from None
        except OSError as e:  # its own kind (FileNotFoundError...), the file named
            raise type(e)(e.errno, f"cannot read the saved game: {e.strerror or e}", str(p)) from None
        solar = '"munchkin-lab-solar-storm/' in text[:200]
        try:
            if solar:
                from ..engine.solar_storm import SolarStormGame

                game = SolarStormGame.from_json(text)
            else:
                game = Game.from_json(text)
        except ValueError as e:
            raise ValueError(f"{p}: not a saved game that loads: {e}") from None
        if solar:
            rooms, sopts = list(game.rooms), game.options
            self.factory = lambda s, n: SolarStormGame.new(players=n, rooms=rooms, seed=s, options=sopts)
        else:
            pairs = [(sp, 1) for sp in game.specs]
            opts = game.options
            self.factory = lambda s, n: Game.new(players=n, deck=pairs, seed=s, options=opts)
        self.meta = {"source": "saved", "path": str(p)}
        seats = json.loads(text).get("seats")
        n = len(game.state_dict()["players"])
        odd = ""
        if isinstance(seats, list) and len(seats) == n and all(r in ROLES for r in seats):
            self.seats = list(seats)
        elif seats is not None:  # an edited or foreign save: say so rather than drop it silently
            bad = [r for r in seats if r not in ROLES] if isinstance(seats, list) else [seats]
            why = (f"unknown role {', '.join(repr(r) for r in bad)}" if bad
                   else f"{plural(len(seats), 'seat')} for {plural(n, 'player')}")
            odd = f"; its seats were not used ({why}; a seat is one of {', '.join(ROLES)})"
        self._set_game(game, hold_bots=True)
        if odd:
            odd += f": the board's seats play ({', '.join(self.seats)})"
        wait = " - bots paused: Resume bots lets them play on" if self.paused else ""
        self.show_message(f"loaded {p} ({plural(len(game.actions), 'action')}){wait}{odd}", "warning" if odd else "ok")

    def _export_path(self, path: str | Path | None, default: str, overwrite: bool) -> Path:
        """Where an HTML export goes: ``path`` or ``<folder>/<name><default>``. The rule of
        :meth:`save`: an existing file is replaced only when it is an export of the board (a
        position or replay page), or with ``overwrite=True``; the name must end in ``.html``
        (as the other writers check their suffix)."""
        from ..fileio import check_suffix
        from .export import is_board_export

        p = Path(path) if path is not None else self.folder / f"{self.name}{default}"
        if str(path).strip() in ("", ".") or p.is_dir():
            raise ValueError(f"export: {str(path) or '(empty)'} is a folder, not a file name")
        check_suffix(p, (".html",), "the board exports an HTML page")
        if (p.exists() or p.is_symlink()) and not overwrite and not is_board_export(p):
            raise FileExistsError(f"{p} exists and is not a page exported by the board: not replaced "
                                  "(pass overwrite=True to replace it)")
        return p

    @_reported
    def export_html(self, path: str | Path | None = None, overwrite: bool = False) -> Path:
        """Write the current position as a self-contained HTML page (opens offline),
        atomically (default: ``<folder>/<name>.position.html``).

        Raises (also shown as the board's message; nothing is written): ValueError (a name not
        ending in ``.html``, a folder), FileExistsError (``path`` exists and is not a page the
        board exported, without ``overwrite``: a user's notes are never replaced), OSError."""
        from .export import position_html

        p = self._export_path(path, ".position.html", overwrite)
        atomic_write_text(p, position_html(self.game, self._lookup, self._shown_hands(self.game.state_dict())))
        self.show_message(f"position written to {p}", "ok")
        return p

    @_reported
    def export_replay(self, path: str | Path | None = None, overwrite: bool = False) -> Path:
        """Write the game so far as a self-contained HTML replay (step with buttons, offline),
        atomically (default: ``<folder>/<name>.replay.html``); the rule of :meth:`export_html`
        for an existing file and the suffix."""
        from .export import replay_html

        p = self._export_path(path, ".replay.html", overwrite)
        atomic_write_text(p, replay_html(self.game, self._lookup, self._shown_hands(self.game.state_dict())))
        self.show_message(f"replay written to {p}", "ok")
        return p

    # ------------------------------------------------------------------ reading
    def shown(self) -> list[ShownAction]:
        """The action buttons of the drawn screen (legal actions first, then the any-time ones)."""
        return [ShownAction(self, i, a, label, self._token)
                for i, (a, label) in enumerate(zip(self._shown, getattr(self, "_labels", [])))]

    def action_labels(self) -> list[str]:
        """Labels of the action buttons shown now (game words)."""
        return list(getattr(self, "_labels", []))

    def button_for(self, kind: str) -> ShownAction | None:
        """The first shown action button of ``kind`` (None when there is none now)."""
        for b in self.shown():
            if b.kind == kind:
                return b
        return None

    def click(self, text: str) -> ShownAction:
        """Click the first action button whose label contains ``text`` (case-insensitive).

        Raises:
            LookupError: no such button now (the message lists the buttons).
        """
        low = text.lower()
        for b in self.shown():
            if low in b.label.lower():
                b.click()
                return b
        raise LookupError(f"no action button with {text!r}; shown: {self.action_labels()}")

    def unavailable(self) -> list[tuple[str, str]]:
        """``(kind, reason)`` of the main action kinds not possible now (the "Not now" row),
        as plain text (the HTML attributes unescaped: ``"P2's turn"``, not ``"P2&#x27;s turn"``)."""
        import html as html_lib
        import re

        page = self.table.html
        return [(html_lib.unescape(k), html_lib.unescape(w))
                for k, w in re.findall(r'mlab-unavailable" aria-disabled="true" data-kind="([^"]+)" '
                                       r'data-why="([^"]*)"', page)]


def level_chart(story: words.Story, names: Sequence[str]) -> str:
    """Every player's Level over the turns of a game as an ``<img>`` (PNG, matplotlib):
    the Level at the end of each turn, from ``story.levels`` / ``story.turns``."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    by_turn: dict[int, list[int]] = {}
    for t, lv in zip(story.turns, story.levels):
        by_turn[t] = lv
    turns = sorted(by_turn)
    if not turns:
        return ""
    fig = Figure(figsize=(4.0, 1.45), dpi=80)
    ax = fig.add_subplot(1, 1, 1)
    for j, name in enumerate(names):
        ys = [by_turn[t][j] if j < len(by_turn[t]) else None for t in turns]
        ax.step(turns, ys, where="post", label=name, linewidth=1.8)
    ax.set_xlabel("turn")
    ax.set_ylabel("Level")
    ax.set_ylim(0.5, 10.5)
    ax.set_yticks([1, 4, 7, 10])
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="upper left", ncol=min(3, len(names)))
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = base64.b64encode(buf.getvalue()).decode()
    return (f'<img src="data:image/png;base64,{data}" alt="Level over time: {esc(", ".join(names))}" '
            f'data-testid="level-chart">')


#: How many journal names a "no journal named ..." message lists (the newest ones).
JOURNALS_LISTED = 12


def _journals_there(folder: Path) -> str:
    """The tail of a "no journal named ..." message: the board names of the newest
    :data:`JOURNALS_LISTED` journals in ``folder`` (newest first), and how many more there are."""
    found = sorted(folder.glob("*.journal.jsonl"), key=lambda p: (-p.stat().st_mtime, p.name))
    if not found:
        return " (no journals there)"
    names = [p.name[:-len(".journal.jsonl")] for p in found]
    if len(names) <= JOURNALS_LISTED:
        return f"; journals there: {', '.join(names)}"
    return (f"; journals there, newest first: {', '.join(names[:JOURNALS_LISTED])} "
            f"and {len(names) - JOURNALS_LISTED} more ({len(names)} in all)")


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
    from ..decks.model import engine_modules

    if hasattr(deck, "specs") and callable(deck.specs):
        pairs = deck.specs()
        if options is None and callable(getattr(deck, "game_options", None)):
            options = deck.game_options()  # faster play, shared victory, modules, piles per set
        if options is None:
            o = getattr(deck, "options", {}) or {}
            mods = engine_modules(getattr(deck, "modules", ()))
            options = GameOptions(faster_play=bool(o.get("faster_play")), shared_victory=bool(o.get("shared_victory")),
                                  modules=mods)
    else:
        pairs = list(deck)
    return pairs, options or GameOptions()


def _scenario_game(path: str | Path) -> Game:
    from ..scenarios.runner import build_game, database_resolver, load_scenario, resolver_names

    sc = load_scenario(path, resolver_names(database_resolver()))  # the database's names, designer sets too
    g = build_game(sc, database_resolver(sc.get("sets")))
    return g[0] if isinstance(g, tuple) else g


def _fallback_game() -> Game:
    from ..engine import CardSpec

    deck = [(CardSpec.make(name="Blank Door", set="lab", kind="curse", deck="door"), 8),
            (CardSpec.make(name="Blank Treasure", set="lab", kind="item", deck="treasure", slot="none", gold=0), 8)]
    return Game.new(players=2, deck=deck, seed=0)
