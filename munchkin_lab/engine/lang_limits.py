"""The card-effect language's use limits (``limit: {times, per, each_target}`` of an ability:
``database/EFFECTS.md``): how many times an ability was used this combat / turn / roll, kept in
``state.lang["uses"]``. A mixin of :class:`munchkin_lab.engine.game.Game` (moved out of
``abilities.py``, which fires the abilities and asks these)."""
from __future__ import annotations


class LangLimits:
    """Counting and checking the uses of an ability against its ``limit`` (keys
    ``"<per>:<card>:<ability index>[:<target>]"``)."""

    def _limit_key(self, card: int, idx: int, per: str, target=None) -> str:
        return f"{per}:{card}:{idx}" + (f":{target}" if target is not None else "")

    def _limit_ok(self, card: int, idx: int, ab, target=None) -> bool:
        lim = ab.limit
        if lim is None:
            return True
        uses = (self.state.lang or {}).get("uses", {})
        return uses.get(self._limit_key(card, idx, lim.per, target if lim.each_target else None), 0) < lim.times

    def _limit_count(self, card: int, idx: int, ab, target=None) -> None:
        lim = ab.limit
        if lim is None:
            return
        uses = self._lstate().setdefault("uses", {})
        k = self._limit_key(card, idx, lim.per, target if lim.each_target else None)
        uses[k] = uses.get(k, 0) + 1

    def _limits_reset(self, per: str, cards=(), on=()) -> None:
        """Forget the uses counted ``per`` combat/turn/roll: all of them, or only those of the
        abilities of ``cards`` (the Race, Class, Half-Breed, Super Munchkin, Item, Cheat! and Hireling cards of
        players who left a combat, ``CombatCards._make_fighter``); with ``on`` (seats) only their uses on those players
        (a limit ``each_target``: a backstab on a player who left the combat)."""
        lang = self.state.lang
        if lang and lang.get("uses"):
            pre = tuple(f"{per}:{c}:" for c in cards) if cards else per + ":"
            end = tuple(f":{(q, -1)}" for q in on)  # (the key of a player target, _limit_count)
            lang["uses"] = {k: v for k, v in lang["uses"].items()
                            if not (k.startswith(pre) and (not end or k.endswith(end)))}
