"""Actions: frozen, hashable decisions with a text round trip (python-chess ``Move`` feel).

Text form (one line, fields in this order, only non-default fields written)::

    <player> <kind> [c=<card>] [t=<target>] [n=<int>] [m=<int>] [cs=<card>,<card>,...]

``player`` is the seat (0-based) of the player who acts, ``card``/``cards`` are card ids (index
into ``Game.specs``), ``target`` a seat. Examples: ``"0 kick"``, ``"2 play c=17 n=1"``,
``"1 sell cs=4,9"``. ``Action.parse(str(a)) == a`` for every action.

The meaning of ``c``/``t``/``n``/``m``/``cs`` per kind is listed in :data:`KINDS`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Every action kind with the meaning of its arguments (also the help text of the board).
KINDS: dict[str, str] = {
    "pass": "end a window: setup window, interference window (no argument)",
    "kick": "Kick Down the Door (phase 1); n=1: a Cleric takes the top Door discard instead "
            "(resurrection), then discards a card from hand",
    "trouble": "Look for Trouble: fight monster c from your hand (phase 2)",
    "loot": "Loot the Room: draw a face-down Door card into your hand (phase 3)",
    "end_turn": "end the turn (Charity follows if the hand is over the limit)",
    "play": "play card c from hand (race, class, item, curse on t, Go Up a Level on t, one-shot "
            "for side n (0 munchkins, 1 monsters), Monster Enhancer on monster n, Wandering "
            "Monster with monster m, Half-Breed, Super Munchkin, Cheat! on item m, special)",
    "join": "add Undead (or other joining-tag) monster c from hand to the combat",
    "equip": "start using carried item c",
    "unequip": "stop using item c (it stays carried)",
    "carry": "put One-Shot c from your hand on the table, carried (an Item in play, used later "
             "from there; own turn out of combat, setup, or just received)",
    "discard": "discard your race or class card c (any time)",
    "sell": "sell items cs (from hand or in play) for 1 Level per 1,000 Gold; n = card sold at "
            "double price by a Halfling (or -1)",
    "give": "give item c in play to player t (trading outside combat)",
    "trade": "trade: item c in play for item m in play of player t, both at once (t accepts or refuses)",
    "ask_help": "ask player t to help; bribe n Treasures (at most those at stake), m=1 if the "
                "helper picks first, items cs given after the combat",
    "offer_help": "offer to help the fighter (interference window), for n Treasures (0: free; at "
                  "most those at stake), m=1 if the helper picks first",
    "accept": "accept the pending help request / offer / Item given / trade",
    "refuse": "refuse the pending help request / offer / Item given / trade",
    "fight": "declare victory (munchkin side is winning); others then get a window",
    "run": "give up the fight: Run Away begins",
    "roll": "roll to Run Away from monster n",
    "evade": "let monster n go without a fight (a monster that does not pursue you)",
    "berserk": "Warrior: discard card c for +1 (up to 3 per combat)",
    "flight": "Wizard: discard card c for +1 to Run Away rolls (up to 3; before the first roll or after a failed one)",
    "charm": "Wizard fighter or helper: discard the whole hand (at least 3 cards) to charm monster n "
             "away (its Treasures, no Level)",
    "turning": "Cleric: discard card c for +3 against Undead (up to 3 per combat)",
    "chase": "Cleric fighter or helper: chase monster n away (a monster that allows it, e.g. "
             "Wannabe Vampire): its Treasures stay in the combat's reward, no Level",
    "backstab": "Thief: discard card c to give player t -2 in this combat",
    "steal": "Thief: discard card c, try to steal small item m from player t (roll 4+)",
    "choose": "pick card c in a pending choice (item lost to a curse, corpse loot, "
              "Treasure share)",
    "charity": "Charity: give card c to player t (t=-1: discard)",
    "resolve": "resolve the manual card c by hand: player t changes n Levels and discards cs",
    "use": "use ability n of card c (card-effect language: an ability of a card in play, or the "
           "answer to a pending react decision): t a player, m a monster's index in the combat, "
           "an item or a side (0 munchkins, 1 monsters), cs the cost cards then chosen rooms",
}

_FIELD_RE = re.compile(r"^(c|t|n|m|cs)=(.*)$")


class IllegalActionError(ValueError):
    """An action the rules forbid now (the message cites the rule); the game is unchanged."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one player.

    Attributes:
        player: seat of the acting player.
        kind: a key of :data:`KINDS`.
        card, target, n, m: integer arguments (-1/0 when unused).
        cards: tuple of card ids.
        label: readable text (not part of equality, not in the text form).
    """

    player: int
    kind: str
    card: int = -1
    target: int = -1
    n: int = 0
    m: int = -1
    cards: tuple = ()
    label: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        parts = [str(self.player), self.kind]
        if self.card != -1:
            parts.append(f"c={self.card}")
        if self.target != -1:
            parts.append(f"t={self.target}")
        if self.n != 0:
            parts.append(f"n={self.n}")
        if self.m != -1:
            parts.append(f"m={self.m}")
        if self.cards:
            parts.append("cs=" + ",".join(str(c) for c in self.cards))
        return " ".join(parts)

    #: words naming the game in parse errors ("" for Munchkin, "Solar Storm " for SolarAction)
    _game_words = ""

    @classmethod
    def _kinds(cls) -> dict[str, str]:
        """The action kinds this class parses (a subclass for another game returns its own)."""
        return KINDS

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse the text form.

        Raises:
            ValueError: malformed text or unknown kind (the message names the bad part).
        """
        if not isinstance(text, str):
            raise ValueError(f"action text must be a string, got {type(text).__name__}")
        tokens = text.split()
        if len(tokens) < 2:
            raise ValueError(f"action {text!r}: expected '<player> <kind> [fields]'")
        try:
            player = int(tokens[0])
        except ValueError:
            raise ValueError(f"action {text!r}: player {tokens[0]!r} is not a seat number") from None
        kind = tokens[1]
        if kind not in cls._kinds():
            raise ValueError(f"action {text!r}: unknown {cls._game_words}action kind {kind!r}")
        kw: dict = {}
        for tok in tokens[2:]:
            mt = _FIELD_RE.match(tok)
            if not mt:
                raise ValueError(f"action {text!r}: bad field {tok!r} (expected c=, t=, n=, m=, cs=)")
            key, val = mt.groups()
            try:
                if key == "cs":
                    kw["cards"] = tuple(int(v) for v in val.split(",") if v != "")
                else:
                    kw[{"c": "card", "t": "target", "n": "n", "m": "m"}[key]] = int(val)
            except ValueError:
                raise ValueError(f"action {text!r}: field {key} needs integers, got {val!r}") from None
        return cls(player, kind, **kw)
