"""Where the board's files go, and the checked names of saved games.

Folders:

* The **lab folder** of the app (``munchkin-lab app``, :class:`~munchkin_lab.widgets.app.BoardApp`):
  ``$MUNCHKIN_LAB_HOME`` when set, else ``~/.munchkin-lab/`` (:func:`lab_home`). It holds the
  app's journals (``<name>.journal.jsonl``), its HTML exports and the folder ``saves/``; it is
  the same wherever the app is started from, and never inside the package.
* A :class:`~munchkin_lab.widgets.board.Board` made in code keeps its files in its ``folder``
  (default: the current folder, the notebook's folder in Jupyter).

Saved games of the board's *Game* panel are ``<folder>/saves/<name>.game.json``: the name is
checked like a board name (no path separator, no ``..``, no leading dot, at most
:data:`MAX_NAME` characters), so the panel never writes or reads outside that one folder.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


#: Environment variable naming the lab folder of the app.
HOME_ENV = "MUNCHKIN_LAB_HOME"
#: Suffix of a saved game of the *Game* panel.
SAVE_SUFFIX = ".game.json"
#: Sub-folder of a board's folder holding its saved games.
SAVES_DIR = "saves"
#: Longest save name (characters): the file name stays far below the file system's limit.
MAX_NAME = 100
#: Formats (``"format"`` field) of the saved games the engine writes.
SAVED_GAME_FORMATS = ("munchkin-lab-game/", "munchkin-lab-solar-storm/")


def lab_home() -> Path:
    """The app's lab folder: ``$MUNCHKIN_LAB_HOME`` or ``~/.munchkin-lab`` (not created here)."""
    env = os.environ.get(HOME_ENV, "").strip()
    return Path(env).expanduser() if env else Path.home() / ".munchkin-lab"


def check_save_name(name: Any) -> str:
    """Return the stripped ``name`` when it can name a saved game (``<name>.game.json``).

    A name typed with the suffix (``mix.game.json``) is taken without it.

    Raises:
        ValueError: empty, longer than :data:`MAX_NAME` characters, or holding a path
            separator, ``..``, a NUL or a leading dot (the message names the rule broken).
    """
    if not isinstance(name, str) or not name.strip():
        raise ValueError("save name: type a name for the saved game (it becomes <name>.game.json)")
    name = name.strip()
    if name.endswith(SAVE_SUFFIX):
        name = name[:-len(SAVE_SUFFIX)]
    if not name:
        raise ValueError("save name: type a name before the suffix (<name>.game.json)")
    if len(name) > MAX_NAME:
        raise ValueError(f"save name: at most {MAX_NAME} characters, got {len(name)}")
    return plain_name(name, "save name", "a save is a name, not a path: saves stay in the board's "
                      "saves folder")


def plain_name(name: str, what: str, why: str) -> str:
    """``name`` when it names a file inside its folder: no path separator (``/``, ``\\``), no
    ``..``, no leading dot and no NUL.

    Raises:
        ValueError: naming ``what`` and the character found; ``why`` says where such files go.
    """
    seps = {"/", "\\", os.sep} | ({os.altsep} if os.altsep else set())
    if any(c in name for c in seps):
        raise ValueError(f"{what} {name!r}: no path separators allowed ({why})")
    if ".." in name or name.startswith(".") or "\x00" in name:
        raise ValueError(f"{what} {name!r}: no '..', leading dot or NUL allowed")
    return name


def saves_folder(folder: str | os.PathLike) -> Path:
    """``<folder>/saves``: where the *Game* panel keeps saved games."""
    return Path(folder) / SAVES_DIR


def save_path(folder: str | os.PathLike, name: str) -> Path:
    """``<folder>/saves/<name>.game.json`` for a checked ``name``.

    Raises:
        ValueError: a bad name (:func:`check_save_name`).
    """
    return saves_folder(folder) / f"{check_save_name(name)}{SAVE_SUFFIX}"


def list_saves(folder: str | os.PathLike) -> list[str]:
    """Names of the saved games in ``<folder>/saves`` (sorted; empty when there is none)."""
    d = saves_folder(folder)
    if not d.is_dir():
        return []
    return sorted(p.name[:-len(SAVE_SUFFIX)] for p in d.iterdir()
                  if p.name.endswith(SAVE_SUFFIX) and not p.name.startswith(".") and p.is_file())


def is_saved_game(path: str | os.PathLike) -> bool:
    """True when ``path`` is a file holding a saved game of the engine (a JSON object whose
    ``format`` is one of :data:`SAVED_GAME_FORMATS`); False for anything else (a notebook, a
    README, a missing file)."""
    p = Path(path)
    try:
        if not p.is_file() or p.stat().st_size > 200_000_000:
            return False
        with open(p, "rb") as fh:
            head = fh.read(256).lstrip()
        if not head.startswith(b"{"):
            return False
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    fmt = data.get("format") if isinstance(data, dict) else None
    return isinstance(fmt, str) and fmt.startswith(SAVED_GAME_FORMATS)
