"""Undo, redo and the plain-words log, shared by every game class of the engine.

A game class using :class:`History` keeps ``self.history`` (bool), ``self.state`` (with
``clone()`` and ``turn``), ``self._log`` (list of str), ``self._undo`` (list of
``(state snapshot, log length)``), ``self._redo`` and ``self.actions`` (lists of actions), and
calls ``self._say(text)`` for events. Its ``play()`` pushes a snapshot before applying an
action (when ``history`` is on) and then :meth:`History._recorded`.
"""
from __future__ import annotations

import json
from typing import Any


class NothingToUndoError(IndexError):
    """``Game.undo`` with no action left to take back, or ``Game.redo`` with none taken back
    (also ``SolarStormGame``). A subclass of ``IndexError`` (what these methods raised before,
    so ``except IndexError`` still catches it); the message says which end was reached and why."""


class History:
    """Mixin: undo/redo across turns (the RNG lives in the state, so it rewinds too) and the
    event log. ``undo`` raises :class:`NothingToUndoError` (an ``IndexError``) when there is
    nothing to undo (always with ``history=False``), ``redo`` when nothing was undone."""

    #: log lines held back until their cause is said (:meth:`_say_after`; a game that never
    #: holds one back - Solar Storm's - reads this empty default)
    _after: list | tuple = ()

    @staticmethod
    def _saved_fields(text: str, fmt: str, keys: tuple[str, ...]) -> dict:
        """The JSON object of a saved game (``to_json``): it must parse, carry ``format == fmt``
        and every field in ``keys``.

        Raises:
            ValueError: not JSON, another format, or the first missing field (named).
        """
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as e:
            raise ValueError(f"saved game: not valid JSON ({e})") from None
        if not isinstance(data, dict) or data.get("format") != fmt:
            raise ValueError(f"saved game: field 'format' must be {fmt!r}")
        for key in keys:
            if key not in data:
                raise ValueError(f"saved game: missing field {key!r}")
        return data

    def _say(self, text: str) -> None:
        if self.history:
            self._log.append(f"[t{self.state.turn}] {text}")
            if self._after:
                self._say_the_rest()

    def _say_after(self, text: str) -> None:
        """Say ``text``, a consequence of what is happening (a Curse that ends because its
        victim lost the item it is tied to), after the line that says its cause: the next line
        said, or at the end of the action (:meth:`_say_the_rest`) - the cause is often said once
        it is done ("Ann sells ...", "Bad Stuff: Ann loses Boots")."""
        if self.history:
            self._after = [*self._after, f"[t{self.state.turn}] {text}"]

    def _say_the_rest(self) -> None:
        """The lines :meth:`_say_after` holds back go to the log."""
        self._log.extend(self._after)
        self._after = []

    @property
    def log(self) -> list[str]:
        """Events in plain words (read-only list; empty when ``history=False``)."""
        return self._log

    def _recorded(self, action: Any) -> None:
        """Append a played action; keep the redo list when it replays the next undone one."""
        self.actions.append(action)
        if self._redo:
            if self._redo[-1] == action:
                self._redo.pop()
            else:
                self._redo.clear()

    def _restored(self) -> None:
        """Called after ``undo`` put back a snapshot (caches keyed on the state refresh here)."""

    def _replay(self, actions: list) -> None:
        """Play saved action texts in order (``from_json``); the redo list ends empty.

        Raises:
            ValueError: naming ``actions[i]`` and why it does not replay.
        """
        for i, text in enumerate(actions):
            try:
                self.play(text)
            except Exception as e:  # noqa: BLE001 - any failure of a saved action is the save's
                raise ValueError(f"saved game: field 'actions[{i}]' ({text!r}) does not replay: {e}") from None
        self._redo.clear()

    def copy(self, history: bool = False):
        """A detached copy of the current position (no undo history by default)."""
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g.state = self.state.clone()
        g.history = history
        g._log = self._log[:] if history else []
        g._undo, g._redo = [], []
        g.actions = self.actions[:]
        g._restored()
        return g

    def undo(self) -> Any:
        """Take back the last action (any number of times, across turns; the RNG rewinds).

        Returns:
            the action taken back.
        Raises:
            NothingToUndoError: (an ``IndexError``) nothing to undo: no action played since the
                game began or was loaded, every one already taken back, or ``history=False``.
        """
        if not self._undo:
            if not self.history:
                raise NothingToUndoError("nothing to undo: this game keeps no history (made with history=False)")
            raise NothingToUndoError("nothing to undo: no action played since the game began or was loaded"
                                     if not self._redo else
                                     f"nothing to undo: every action played was taken back ({len(self._redo)} can "
                                     "be redone with redo())")
        st, loglen = self._undo.pop()
        self.state = st
        self._restored()
        del self._log[loglen:]
        a = self.actions.pop()
        self._redo.append(a)
        return a

    pop = undo

    def redo(self) -> Any:
        """Replay the last undone action.

        Returns:
            the action replayed.
        Raises:
            NothingToUndoError: (an ``IndexError``) nothing to redo: no action was taken back
                by :meth:`undo` since the last action played.
        """
        if not self._redo:
            raise NothingToUndoError("nothing to redo: no action was taken back (undo) since the last one played")
        a = self._redo[-1]
        self.play(a)
        return a
