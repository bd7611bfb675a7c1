"""The Solar Storm action table: per action kind its candidates, its check (the refusal
reason), its apply and its cost in actions, side by side (:data:`TABLE`), the stages that list
the kinds (:data:`STAGES`), and the dispatcher behind ``legal_actions``, ``why_not`` and
``play`` (:class:`Dispatch`).

``legal_actions()`` lists the candidates of the current stage's kinds and keeps those
``why_not`` passes; ``why_not()`` asks, in this order: the game is over; the kind is known;
the player is the active one; the stage allows the kind (:meth:`Dispatch._why_stage`); the
turn can pay its cost (actions left plus Action tokens); then the kind's check. Nothing else
decides legality.

Stages (:meth:`Dispatch._stage`): ``collect`` (the resource collection phase), a pending step
(``scavenge``: pick the scavenged cards; ``bridge``: place The Bridge's look; ``manual``: a V1
room resolved by hand), else ``actions``.

To add an action kind: its text in ``actions.KINDS``, its row here (candidates, check, apply
and cost methods in its rule area's module), its place in :data:`STAGES`, and a scenario file
in ``tests/scenarios/solar_storm/``. A V2 room action is a row of ``rooms_v2.V2_ACTIONS`` (keyed by its ``room_action`` key).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...plural import plural
from ..actions import Action, IllegalActionError
from .actions import KINDS, SolarAction
from .refs import r_base


#: What a pending step asks for, in the game's words (the refusal of any other action).
_PENDING_WORDS = {"scavenge": "pick the scavenged Resource cards",
                  "bridge": "put the Damage cards The Bridge showed back",
                  "manual": "finish resolving the room by hand (then Done)"}


@dataclass(frozen=True)
class SolarKind:
    """One row of the action table: method names of the game class.

    Attributes:
        area: the module holding the kind's rule (``moving``, ``damage`` ...).
        candidates: ``(seat, player, out) -> None`` appends the kind's candidate actions
            (checked afterwards), or "" when none are listed (free-form by-hand changes).
        check: ``(action, player) -> reason | None``.
        apply: ``(action, player) -> None``.
        cost: actions the kind takes (an int), or the name of a method ``(action) -> int``.
    """

    area: str
    candidates: str
    check: str
    apply: str
    cost: int | str = 0


#: action kind -> :class:`SolarKind` (one row per kind of ``actions.KINDS``)
TABLE: dict[str, SolarKind] = {
    # round.py: the round and its phases
    "end_actions": SolarKind("round", "_cand_end_actions", "_why_end_actions", "_do_end_actions"),
    "collect": SolarKind("round", "_cand_collect", "_why_collect", "_do_collect"),
    # moving.py
    "move": SolarKind("moving", "_cand_move", "_why_move", "_do_move", 1),
    # resources.py: scavenging and sharing
    "scavenge": SolarKind("resources", "_cand_scavenge", "_why_scavenge", "_do_scavenge", 1),
    "pick": SolarKind("resources", "_cand_pick", "_why_pick", "_do_pick"),
    "give": SolarKind("resources", "_cand_share", "_why_share", "_do_give", 1),
    "take": SolarKind("resources", "_cand_share", "_why_share", "_do_take", 1),
    # damage.py: repairs
    "repair": SolarKind("damage", "_cand_repair", "_why_repair", "_do_repair", 1),
    "repair_cube": SolarKind("damage", "_cand_repair_cube", "_why_repair_cube", "_do_repair_cube", 1),
    # power.py: diverting power, the Energy Core
    "divert": SolarKind("power", "_cand_divert", "_why_divert", "_do_divert", 1),
    "activate": SolarKind("power", "_cand_activate", "_why_activate", "_do_activate", 1),
    # rooms_v2.py: the V2 room actions (per room_action key: rooms_v2.V2_ACTIONS)
    "room": SolarKind("rooms_v2", "_cand_room", "_why_room", "_do_room", "_room_cost"),
    "place": SolarKind("rooms_v2", "_cand_place", "_why_place", "_do_place"),
    # by_hand.py: V1 rooms resolved by hand
    "resolve": SolarKind("by_hand", "_cand_resolve", "_why_resolve", "_do_resolve", 1),
    "done": SolarKind("by_hand", "_cand_done", "_why_done", "_do_done"),
    "adj_card": SolarKind("by_hand", "_cand_adj_card", "_why_adj_card", "_do_adj_card"),
    "adj_cube": SolarKind("by_hand", "_cand_adj_cube", "_why_adj_cube", "_do_adj_cube"),
    "adj_token": SolarKind("by_hand", "_cand_adj_token", "_why_adj_token", "_do_adj_token"),
    "adj_meeple": SolarKind("by_hand", "", "_why_adj_meeple", "_do_adj_meeple"),
    "adj_power": SolarKind("by_hand", "", "_why_adj_power", "_do_adj_power"),
}

#: stage -> the kinds allowed in it, in listing order (a generator shared by two kinds, such
#: as ``_cand_share`` for ``give`` and ``take``, runs once, at its first kind)
STAGES: dict[str, tuple[str, ...]] = {
    "actions": ("end_actions", "move", "scavenge", "give", "take", "repair", "repair_cube",
                "divert", "activate", "resolve", "room"),
    "collect": ("collect",),
    "scavenge": ("pick",),
    "bridge": ("place",),
    "manual": ("done", "adj_card", "adj_cube", "adj_token", "adj_meeple", "adj_power"),
}


def build_table(cls) -> None:
    """Resolve :data:`TABLE` and :data:`STAGES` into function lookups on the game class
    ``cls`` (``_CHECK``, ``_APPLY``, ``_COST``, ``_STAGE_GEN``): called once, after the class
    and its rule mixins exist."""
    cls._CHECK = {k: getattr(cls, r.check) for k, r in TABLE.items()}
    cls._APPLY = {k: getattr(cls, r.apply) for k, r in TABLE.items()}
    cls._COST = {k: (getattr(cls, r.cost) if isinstance(r.cost, str) else r.cost) for k, r in TABLE.items()}
    gens = {}
    for stage, kinds in STAGES.items():
        names: list[str] = []
        for k in kinds:
            g = TABLE[k].candidates
            if g and g not in names:
                names.append(g)
        gens[stage] = tuple(getattr(cls, g) for g in names)
    cls._STAGE_GEN = gens


class Dispatch:
    """Mixin of :class:`~munchkin_lab.engine.solar_storm.game.SolarStormGame`: listing,
    checking and applying actions through :data:`TABLE` (see the module docstring)."""

    _CHECK: dict = {}
    _APPLY: dict = {}
    _COST: dict = {}
    _STAGE_GEN: dict = {}

    # ------------------------------------------------------------------ listing
    def legal_actions(self, labels: bool = True, seat: int | None = None) -> list[SolarAction]:
        """All legal actions of the acting player, in a fixed order, with readable labels.
        Parametric choices (Mess Hall swaps, diversion cards, by-hand changes) are listed in a
        useful subset; :meth:`play` accepts every legal variant and :meth:`why_not` explains
        refusals.

        Args:
            labels: False skips the labels (faster, for bots).
            seat: only this seat's actions: the actor's list, or [] for another seat (only
                the active player acts in Solar Storm).
        """
        actor = self.actor()
        if actor is None or (seat is not None and seat != actor):
            return []
        out = []
        for a in self._candidates(actor):
            if self._why(a) is None:
                out.append(SolarAction(a.player, a.kind, a.card, a.target, a.n, a.m, a.cards,
                                       label=self.describe(a)) if labels else a)
        return out

    def _stage(self) -> str:
        """The current stage: ``collect``, the pending step's kind, or ``actions``."""
        s = self.state
        if s.phase == "collect":
            return "collect"
        return s.pending["kind"] if s.pending is not None else "actions"

    def _candidates(self, seat: int) -> list[SolarAction]:
        """Candidate actions of ``seat`` for the current stage, unchecked, in listing order."""
        p = self.state.players[seat]
        out: list[SolarAction] = []
        for gen in self._STAGE_GEN[self._stage()]:
            gen(self, seat, p, out)
        return out

    # ------------------------------------------------------------------ checks
    def why_not(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the reason with its rule source."""
        if not isinstance(action, Action):
            return "not an Action"
        return self._why(action)

    def is_legal(self, action: Action) -> bool:
        """True when :meth:`why_not` finds no reason against ``action``."""
        return self.why_not(action) is None

    def _why(self, a: Action) -> str | None:
        """The reason ``a`` is refused now, or None (order: see the module docstring)."""
        s = self.state
        if s.phase == "over":
            return "the game is over"
        k = a.kind
        if k not in KINDS:
            return f"unknown action kind {k!r}"
        if a.player != s.active:
            if not 0 <= a.player < len(s.players):
                return (f"no player in seat {a.player}: seats count from 0, here 0 to {len(s.players) - 1} "
                        f"({s.players[0].name} to {s.players[-1].name})")
            return f"it is {s.players[s.active].name}'s turn, not {s.players[a.player].name}'s"
        p = s.players[a.player]
        why = self._why_stage(k, self._stage())
        if why is not None:
            return why
        cost = self._cost(a)
        if cost and self._budget(a.player) < cost:
            return (f"{k} costs {plural(cost, 'action')}; {s.actions_left} left and "
                    f"{plural(p.tokens, 'Action token')} ({r_base('Actions')})")
        return self._CHECK[k](self, a, p)

    def _why_stage(self, k: str, stage: str) -> str | None:
        """Whether kind ``k`` may be taken in ``stage`` (:data:`STAGES`): collection takes
        only ``collect`` and ``collect`` only comes then (public summary, card_facts.md (b));
        a pending step takes only its answers, which answer nothing else."""
        if stage == "collect":
            return None if k == "collect" else f"resource collection: only 'collect' now ({r_base('Resource collection')})"
        if k == "collect":
            return f"resource collection comes after the action phase ({r_base('Resource collection')})"
        if stage != "actions":
            if k not in STAGES[stage]:
                return f"{_PENDING_WORDS.get(stage, f'finish the pending {stage}')} first"
        elif k not in STAGES["actions"]:
            return f"'{k}' only answers a pending scavenge, The Bridge or by-hand resolution"
        return None

    def _cost(self, a: Action) -> int:
        """Actions ``a`` takes (:data:`TABLE`; a V2 room's own cost for ``room``)."""
        c = self._COST.get(a.kind, 0)
        return c if isinstance(c, int) else c(self, a)

    # ------------------------------------------------------------------ play
    def play(self, action: Action | str) -> None:
        """Apply ``action`` (an Action or its text form).

        Raises:
            IllegalActionError: not legal now (message = :meth:`why_not`); state unchanged.
            ValueError: malformed action text.
        """
        if isinstance(action, str):
            action = SolarAction.parse(action)
        elif isinstance(action, Action) and not isinstance(action, SolarAction):
            action = SolarAction(action.player, action.kind, action.card, action.target,
                                 action.n, action.m, tuple(action.cards))
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"{action}: {why}")
        if self.history:
            self._undo.append((self.state.clone(), len(self._log)))
        self._apply(action)
        self._recorded(SolarAction(action.player, action.kind, action.card, action.target, action.n,
                                   action.m, tuple(action.cards)))

    push = play

    def _apply(self, a: Action) -> None:
        """Apply a legal action: pay its cost, the kind's apply (:data:`TABLE`), then the
        Resource deck check (``resources.py``)."""
        p = self.state.players[a.player]
        self._spend(self._cost(a))
        self._APPLY[a.kind](self, a, p)
        self._check_deck()
