"""``BoardApp``: the board app (``munchkin-lab app``): a setup panel and one board, nothing else.

The setup panel chooses the deck (a preset, a saved deck or a deck file), the number of
players, who plays each seat (you or a bot), the seed and the options (Faster Play, Shared
Victory, a turn limit, how fast the bots play, passing automatically); *Start* deals a new game
on the one board below. Every visitor of the Voila app runs their own kernel, so every visitor
gets their own unnamed board and journal (:class:`~munchkin_lab.widgets.board.Board`).

The app's files (journals, HTML exports, saved games in ``saves/``) go to the lab folder:
``$MUNCHKIN_LAB_HOME``, else ``~/.munchkin-lab/`` (:func:`~munchkin_lab.widgets.places.lab_home`),
wherever the app was started from; never into the repository or the package.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as W

from ..engine import GameOptions
from .board import ROLES, SPEEDS, Board, _as_deck
from .faces import CSS, esc
from .places import lab_home

#: The preset the app starts with.
DEFAULT_PRESET = "base"


def _presets() -> list[tuple[str, str]]:
    from ..decks import list_presets

    try:
        return [(n.replace("_", " "), n) for n in list_presets()]
    except Exception:  # noqa: BLE001 - no presets folder
        return []


def _journals(folder: Path, exclude: str | Path | None = None, limit: int = 12) -> list[tuple[str, str]]:
    """``(label, path)`` of the unnamed boards' journals in ``folder`` with at least one move,
    newest first (at most ``limit``), but ``exclude`` (the app's own board): the games a reload
    of the page or a closed tab left behind. The label gives the time the journal was last
    written, its number of lines after the header (the moves journaled) and, when a kernel
    still holds it (a page closed a moment ago: Voila ends its kernel later), that it is still
    open elsewhere - resuming it then journals to a copy (``Board.resume``). A journal with
    no move that no live board holds (a page opened and closed before any move) is deleted on
    the way: it holds nothing to resume, and each page would leave one behind."""
    import time

    from .journal import in_use

    out = []
    skip = str(Path(exclude).resolve()) if exclude else None
    try:
        cands = sorted(folder.glob("board-*.journal.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return out
    for p in cands:
        if len(out) >= limit:
            break
        try:
            if skip is not None and str(p.resolve()) == skip:
                continue
            with open(p, "rb") as fh:
                moves = max(0, sum(1 for _ in fh) - 1)
            if not moves:
                if not in_use(p):  # a page opened and left before any move: nothing to keep
                    p.unlink(missing_ok=True)
                continue
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            held = " · still open in another page" if in_use(p) else ""
        except OSError:
            continue
        out.append((f"{when} · {moves} move{'s' if moves != 1 else ''}{held} · {p.name[:-len('.journal.jsonl')]}",
                    str(p)))
    return out


def _saved(url: str | None) -> list[str]:
    try:
        from ..decks import list_decks

        return list(list_decks(url)["name"])
    except Exception:  # noqa: BLE001 - no database yet
        return []


class BoardApp(W.VBox):
    """The setup panel and one board.

    Args:
        preset: the preset of the first game (default ``base``).
        players: players of the first game.
        seats: roles of the first game's seats (default: P1 human, the others greedy bots).
        seed: seed of the first game.
        url: card database URL (default: the configured database).
        height: height of the play screen in pixels.
        start: deal the first game at once.
        folder: the folder of the boards' files (default: :func:`~munchkin_lab.widgets.places.lab_home`,
            created when missing).

    CSS classes: ``mlab-app``, ``mlab-setup``, ``mlab-setup-source``, ``mlab-setup-preset``,
    ``mlab-setup-saved``, ``mlab-setup-file``, ``mlab-setup-players``, ``mlab-setup-seat``,
    ``mlab-setup-seed``, ``mlab-setup-faster``, ``mlab-setup-shared``, ``mlab-setup-turns``,
    ``mlab-setup-speed``, ``mlab-setup-autopass``, ``mlab-setup-start``, ``mlab-setup-message``,
    ``mlab-setup-journals``, ``mlab-setup-resume`` (the games a reload left behind: :meth:`resume`).
    """

    def __init__(self, preset: str = DEFAULT_PRESET, players: int = 4, seats: list[str] | None = None,
                 seed: int = 7, url: str | None = None, height: int = 640, start: bool = True,
                 folder: str | Path | None = None):
        super().__init__()
        self.add_class("mlab-app")
        self.folder = Path(folder) if folder is not None else lab_home()
        self.url = url
        self.height = height
        self.board: Board | None = None
        presets = _presets()
        self.source_w = W.ToggleButtons(options=[("preset", "preset"), ("saved deck", "saved"), ("deck file", "file")],
                                        value="preset", style={"button_width": "auto"})
        self.source_w.add_class("mlab-setup-source")
        self.preset_w = W.Dropdown(options=presets or [(preset, preset)],
                                   value=preset if any(v == preset for _t, v in presets) or not presets else presets[0][1],
                                   layout=W.Layout(width="240px"))
        self.preset_w.add_class("mlab-setup-preset")
        saved = _saved(url)
        self.saved_w = W.Dropdown(options=saved or ["(no saved decks)"], layout=W.Layout(width="240px"))
        self.saved_w.add_class("mlab-setup-saved")
        self.file_w = W.Text(placeholder="path/to/deck.txt or .yaml", layout=W.Layout(width="240px"))
        self.file_w.add_class("mlab-setup-file")
        self.players_w = W.BoundedIntText(value=players, min=1, max=6, description="players",
                                          layout=W.Layout(width="130px"), style={"description_width": "52px"})
        self.players_w.add_class("mlab-setup-players")
        self.seat_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.seed_w = W.IntText(value=seed, description="seed", layout=W.Layout(width="130px"),
                                style={"description_width": "36px"})
        self.seed_w.add_class("mlab-setup-seed")
        self.faster_w = W.Checkbox(value=False, description="Faster Play", indent=False, layout=W.Layout(width="auto"))
        self.faster_w.add_class("mlab-setup-faster")
        self.shared_w = W.Checkbox(value=False, description="Shared Victory", indent=False, layout=W.Layout(width="auto"))
        self.shared_w.add_class("mlab-setup-shared")
        self.turns_w = W.BoundedIntText(value=0, min=0, max=999, description="turn limit",
                                        tooltip="stop after this many turns (0: play to Level 10)",
                                        layout=W.Layout(width="150px"), style={"description_width": "64px"})
        self.turns_w.add_class("mlab-setup-turns")
        self.speed_w = W.Dropdown(options=list(SPEEDS), value=0.0, layout=W.Layout(width="170px"))
        self.speed_w.add_class("mlab-setup-speed")
        self.autopass_w = W.Checkbox(value=True, description="pass for me when passing is all I can do", indent=False,
                                     layout=W.Layout(width="auto"))
        self.autopass_w.add_class("mlab-setup-autopass")
        self.start_btn = W.Button(description="Start a new game", button_style="success", layout=W.Layout(width="auto"))
        self.start_btn.add_class("mlab-setup-start")
        self.start_btn.on_click(lambda _b: self.start())
        self.message = W.HTML()
        self.message.add_class("mlab-setup-message")
        self.resume_w = W.Dropdown(options=[("(no earlier game)", "")], layout=W.Layout(width="420px"),
                                   tooltip="games a reload of this page or a closed tab left behind (their journals)")
        self.resume_w.add_class("mlab-setup-journals")
        self.resume_btn = W.Button(description="Resume this game", layout=W.Layout(width="auto"))
        self.resume_btn.add_class("mlab-setup-resume")
        self.resume_btn.on_click(lambda _b: self.resume(self.resume_w.value))
        self.deck_pick = W.HBox([self.preset_w])
        self.source_w.observe(self._on_source, names="value")
        self.players_w.observe(lambda _c: self._seat_menus(), names="value")
        self._seat_menus(seats)
        lab = lambda t: W.HTML(f"<b>{esc(t)}</b>", layout=W.Layout(width="auto"))  # noqa: E731
        rows = [W.HBox([lab("Deck"), self.source_w, self.deck_pick], layout=W.Layout(flex_flow="row wrap")),
                W.HBox([lab("Seats"), self.players_w, self.seat_box], layout=W.Layout(flex_flow="row wrap")),
                W.HBox([lab("Options"), self.seed_w, self.faster_w, self.shared_w, self.turns_w, self.speed_w,
                        self.autopass_w], layout=W.Layout(flex_flow="row wrap", align_items="center")),
                W.HBox([self.start_btn, self.message], layout=W.Layout(align_items="center")),
                W.HBox([lab("Or resume"), self.resume_w, self.resume_btn], layout=W.Layout(align_items="center"))]
        self.setup = W.Accordion(children=[W.VBox(rows)], selected_index=None)
        self.setup.set_title(0, "New game: deck, players, seats (you or bots), seed, options")
        self.setup.add_class("mlab-setup")
        self.holder = W.VBox()
        self.children = [W.HTML(f"<style>{CSS}</style>"), self.setup, self.holder]
        self._list_journals()
        if start:
            self.start()
        else:
            self.setup.selected_index = 0

    # ------------------------------------------------------------------ setup panel
    def _on_source(self, change) -> None:
        self.deck_pick.children = [{"preset": self.preset_w, "saved": self.saved_w, "file": self.file_w}[change["new"]]]

    def _seat_menus(self, seats: list[str] | None = None) -> None:
        n = int(self.players_w.value)
        old = [w.value for w in self.seat_box.children]
        roles = list(seats or old or [])
        roles = (roles + ["human" if not roles else "greedy"] + ["greedy"] * n)[:n]
        menus = []
        for i, r in enumerate(roles):
            w = W.Dropdown(options=[("you (human)" if x == "human" else f"{x} bot", x) for x in ROLES], value=r,
                           description=f"P{i + 1}", layout=W.Layout(width="150px"), style={"description_width": "26px"})
            w.add_class("mlab-setup-seat")
            menus.append(w)
        self.seat_box.children = menus

    @property
    def seats(self) -> list[str]:
        """The roles chosen in the seat menus."""
        return [w.value for w in self.seat_box.children]

    def deck(self) -> Any:
        """The deck the panel names (a :class:`~munchkin_lab.decks.Deck`).

        Raises:
            ValueError: no deck chosen, or a name or file that is no deck (the message says why).
        """
        src = self.source_w.value
        if src == "preset":
            from ..decks import load_preset

            return load_preset(self.preset_w.value, url=self.url)
        if src == "saved":
            if not _saved(self.url):
                raise ValueError("there are no saved decks yet (save one with the deck builder)")
            from ..decks import Deck

            return Deck.load(self.saved_w.value, url=self.url)
        path = self.file_w.value.strip()
        if not path:
            raise ValueError("type the path of a deck file (.txt or .yaml)")
        if not Path(path).is_file():
            raise ValueError(f"deck file {path}: no such file")
        return _as_deck(path)

    def _list_journals(self) -> None:
        """Fill the resume menu with the earlier games' journals (newest first), never the
        app's own board's."""
        own = self.board.journal.path if self.board is not None else None
        found = _journals(self.folder, own)
        self.resume_w.options = found or [("(no earlier game)", "")]
        self.resume_w.value = found[0][1] if found else ""
        self.resume_btn.disabled = not found

    def resume(self, journal: str | Path) -> Board | None:
        """Bring back the game of journal ``journal`` on the one board, exactly as it was
        (``Board.resume``: position, log, undo history, seats; the bots wait for *Resume bots*).
        A reload of the page starts a new kernel and a new game: the journal of the game before
        is still in the lab folder and is listed in the panel's resume menu. A journal that does
        not replay is a message in the panel; the current game stays.

        Returns:
            the new board, or None.
        """
        if not journal:
            self._say("no earlier game to resume in " + str(self.folder), "error")
            return None
        try:
            board = Board.resume(journal, strict=True, folder=self.folder, height=self.height,
                                 bot_pause=float(self.speed_w.value), auto_pass=bool(self.autopass_w.value))
        except Exception as e:  # noqa: BLE001 - shown in the panel
            self._say(f"cannot resume: {e}", "error")
            self.setup.selected_index = 0
            return None
        self._show(board)
        n = len(board.game.actions)
        self._say(f"resumed {Path(journal).name}: {n} action{'s' if n != 1 else ''}", "ok")
        return board

    def _show(self, board: Board) -> None:
        """Make ``board`` the one board (the old board's journal is closed, the game it holds
        stays on disk and is listed in the resume menu)."""
        if self.board is not None:
            self.board.journal.detach()
        board.hide_new_game("New game (the panel at the top)")
        self.board = board
        self.holder.children = [board]
        self.setup.selected_index = None
        self._list_journals()

    def _say(self, text: str, level: str = "ok") -> None:
        self.message.value = f'<div class="mlab-msg-{level}">{esc(text)}</div>' if text else ""

    def start(self) -> Board | None:
        """Deal a new game from the panel on the one board (a bad deck or option is a message
        in the panel; the current game stays)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            deck = self.deck()
            n = int(self.players_w.value)
            solar = "solar_storm" in (getattr(deck, "modules", ()) or ())
            if solar and not 1 <= n <= 4:
                raise ValueError("Solar Storm is for 1 to 4 players")
            if not solar and not 2 <= n <= 6:
                raise ValueError("Munchkin is for 2 to 6 players")
            opts = None
            if not solar:
                over = {"faster_play": bool(self.faster_w.value), "shared_victory": bool(self.shared_w.value),
                        "max_turns": int(self.turns_w.value) or None}
                opts = deck.game_options(**over) if callable(getattr(deck, "game_options", None)) else GameOptions(**over)
            kw = dict(players=n, seed=int(self.seed_w.value), seats=self.seats, bot_pause=float(self.speed_w.value),
                      auto_pass=bool(self.autopass_w.value), height=self.height,
                      folder=self.folder)
            if opts is not None:
                kw["options"] = opts
            board = Board.from_deck(deck, **kw)
        except Exception as e:  # noqa: BLE001 - shown in the panel
            self._say(f"cannot start: {e}", "error")
            self.setup.selected_index = 0
            return None
        self._show(board)
        self._say(f"new game: {getattr(deck, 'name', 'deck')}, {n} players, seed {self.seed_w.value}", "ok")
        return board
