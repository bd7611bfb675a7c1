"""Static HTML export of a board position and of a replay: self-contained pages (style sheet
and script inline, no network, no widget manager) that open offline in any browser."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..engine import Game
from . import render
from .faces import esc, page


def _lookup(game: Game, lookup: render.CardLookup | None) -> render.CardLookup:
    if lookup is not None:
        return lookup
    from .board import database_provenance

    return render.CardLookup(game.specs, database_provenance())


def position_html(game: Game, lookup: render.CardLookup | None = None, revealed: Iterable[int] = ()) -> str:
    """One position as a full HTML page (the table and the event log)."""
    lk = _lookup(game, lookup)
    body = (render.board_html(game.state_dict(), lk, set(revealed), game.log)
            + "<h3 style='color:#f5f1e6'>Event log</h3>" + render.log_html(game.log, last=200))
    return page(body, title=f"munchkin-lab position, turn {game.state_dict()['turn']}")


def replay_html(game: Game, lookup: render.CardLookup | None = None, revealed: Iterable[int] = ()) -> str:
    """Every position of the game so far (start, then after each action) in one HTML page with
    Previous / Next buttons and a slider. Built by replaying ``game.to_json()`` without
    touching ``game``, with the game's own class (a Solar Storm game saves in its own format)."""
    lk = _lookup(game, lookup)
    rev = set(revealed)
    data = json.loads(game.to_json())
    data_start = dict(data, actions=[])
    g = type(game).from_json(json.dumps(data_start))
    frames = [render.board_html(g.state_dict(), lk, rev, g.log)]
    labels = ["start"]
    for text in data["actions"]:
        g.play(text)
        frames.append(render.board_html(g.state_dict(), lk, rev, g.log))
        labels.append(g.log[-1] if g.log else text)
    payload = json.dumps({"frames": frames, "labels": labels}).replace("</", "<\\/")
    controls = ("<div style='color:#f5f1e6;margin-bottom:8px;font-family:sans-serif'>"
                "<button id='prev'>&#9664; Previous</button> <button id='next'>Next &#9654;</button> "
                f"<input id='pos' type='range' min='0' max='{len(frames) - 1}' value='{len(frames) - 1}' style='width:50%'> "
                "<span id='lbl'></span></div><div id='frame'></div>")
    script = ("<script>const R=" + payload + ";const f=document.getElementById('frame'),p=document.getElementById('pos'),"
              "l=document.getElementById('lbl');function show(i){i=Math.max(0,Math.min(R.frames.length-1,i));"
              "p.value=i;f.innerHTML=R.frames[i];l.textContent=i+'/'+(R.frames.length-1)+': '+R.labels[i];}"
              "document.getElementById('prev').onclick=()=>show(+p.value-1);"
              "document.getElementById('next').onclick=()=>show(+p.value+1);p.oninput=()=>show(+p.value);"
              "show(R.frames.length-1);</script>")
    return page(controls, title=f"munchkin-lab replay ({len(frames) - 1} actions)", script=script)


#: How a page written by :func:`position_html` / :func:`replay_html` starts (its title).
_EXPORT_STARTS = ("<title>munchkin-lab position", "<title>munchkin-lab replay")


def is_board_export(path: str | Path) -> bool:
    """True when ``path`` is a page the board exported (a position or a replay: its title,
    near the start), which a new export may replace as ``Board.save`` replaces a saved game."""
    try:
        with open(path, "rb") as f:
            head = f.read(400).decode("utf-8", "replace")
    except OSError:
        return False
    return head.startswith("<!DOCTYPE html>") and any(t in head for t in _EXPORT_STARTS)


def write(path: str | Path, text: str) -> Path:
    """Write ``text`` to ``path`` (UTF-8) atomically and return the path: written aside and
    renamed into place (:func:`munchkin_lab.fileio.atomic_write_text`), so a failure, a kill or
    a full disk leaves the previous page as it was.

    Raises:
        OSError: the folder is missing (never created) or the file cannot be written.
    """
    from ..fileio import atomic_write_text

    return atomic_write_text(Path(path), text)


__all__ = ["position_html", "replay_html", "write", "esc", "is_board_export"]
