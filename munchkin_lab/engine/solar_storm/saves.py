"""Saved Solar Storm games: ``to_json`` (format ``munchkin-lab-solar-storm/1``: seed, options,
players, room card specs, the initial state and the action log as text) and ``from_json``,
which replays the log from the initial state exactly (the RNG lives in the state).

:class:`Saves` is a mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`.
"""
from __future__ import annotations

import json
from dataclasses import asdict

from ..cards import CardSpec, FrozenDict
from ..rng import check_seed
from .options import SolarStormOptions
from .state import SolarState

#: the ``format`` field of a saved Solar Storm game
FORMAT = "munchkin-lab-solar-storm/1"


def spec_to_dict(s: CardSpec) -> dict:
    """A room card as a plain JSON-able dict (``CardSpec.make(**d)`` builds it back)."""
    d = asdict(s)
    d["tags"] = sorted(s.tags)
    d["usable_by"] = list(s.usable_by)
    d["not_usable_by"] = list(s.not_usable_by)
    d["effects"] = s.effects.thaw() if isinstance(s.effects, FrozenDict) else dict(s.effects)
    return d


class Saves:
    """Mixin: :meth:`to_json` and :meth:`from_json`."""

    def to_json(self) -> str:
        """Saved game: format, seed, options, players, rooms (card specs), the initial state and
        the action log (text forms). :meth:`from_json` replays it exactly."""
        return json.dumps({
            "format": FORMAT, "game": "solar_storm",
            "seed": self.seed, "options": self.options.to_dict(), "players": list(self.names),
            "rooms": [spec_to_dict(sp) for sp in self.rooms],
            "initial": self._initial.to_raw(), "actions": [str(a) for a in self.actions],
        })

    @classmethod
    def from_json(cls, text: str, history: bool = True):
        """Load a saved game by replaying its actions from the saved initial state.

        Raises:
            ValueError: bad JSON, a missing/bad field (named), or an action that does not replay
                (named by its index).
        """
        data = cls._saved_fields(text, FORMAT, ("seed", "options", "players", "rooms", "initial", "actions"))
        check_seed(data["seed"], "saved game: field 'seed'")  # the range SolarStormGame.new takes
        try:
            options = SolarStormOptions.from_dict(dict(data["options"]))
        except (TypeError, ValueError) as e:
            raise ValueError(f"saved game: field 'options': {e}") from None
        rooms = []
        for i, d in enumerate(data["rooms"]):
            try:
                rooms.append(CardSpec.make(**d))
            except (TypeError, ValueError) as e:
                raise ValueError(f"saved game: field 'rooms[{i}]': {e}") from None
        g = cls(rooms, list(data["players"]), data["seed"], options, history)
        try:
            g.state = SolarState.from_raw(data["initial"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"saved game: field 'initial': bad state ({e})") from None
        g._initial = g.state.clone()
        g._replay(data["actions"])
        return g
