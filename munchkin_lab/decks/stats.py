"""Deck statistics and draw odds as pandas tables.

Every function takes a :class:`~munchkin_lab.decks.model.Deck` or a plain list of
``(CardSpec, copies)`` pairs. Counts are in cards (copies summed) unless a column says
``distinct`` (different cards). Odds are probabilities in [0, 1] from the hypergeometric
distribution (:data:`scipy.stats.hypergeom`): drawing ``n`` cards without replacement from a
shuffled pile of ``N`` cards of which ``K`` are of the wanted sort.

The draw pile of a card is its ``deck`` field (``door``, ``treasure``, ...). With the
``piles_per_set`` option the engine keeps one Door and one Treasure pile per set; pass
``set=`` to the odds functions to read one of those piles.

The Door cards kicked open come after the opening hands (core rules: 4 Door and 4 Treasure
cards a player, then the first player kicks). Every order of a shuffled pile being equally
likely, dealing first changes no odds while the pile holds more than the hands take; a pile
that cannot deal them leaves fewer cards, or none, to kick. Pass ``players=`` (``deck stats``
passes ``--players``, default 4 as ``deck check`` and ``play``) to count the deal: the odds are
then those of the cards left after it, and :func:`deal_shortfall` says when the piles are too
small (``deck check``'s ``opening-hands`` error). Without ``players`` the odds are those of the
pile alone (its top card, its first cards).

:func:`simulate_odds` estimates the same odds by shuffling the physical deck (numpy, seeded);
the tests hold the exact values against it.
"""
from __future__ import annotations

import numbers
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
from scipy.stats import hypergeom

from ..engine.cards import CardSpec
from ..plural import plural
from .checks import JOINABLE_TAGS

#: Kinds whose odds :func:`kick_odds` always reports (0 when absent).
KICK_KINDS = ("monster", "curse", "portal")
#: Cards of each pile in an opening hand (core rules: deal 4 Door and 4 Treasure cards).
OPENING_HAND = 4


def _dealt(door_cards: int, players: int | None) -> int:
    """Door cards the opening hands of ``players`` take from a pile of ``door_cards`` (all of
    them when it holds fewer; 0 without ``players``: the pile alone)."""
    if players is None:
        return 0
    players = _count(players, "players", 1)
    return min(door_cards, OPENING_HAND * players)


def deal_shortfall(deck, players: int) -> list[str]:
    """What the Door and Treasure piles of ``deck`` lack to deal the opening hands of
    ``players`` and leave a Door card to kick (core rules: 4 Door and 4 Treasure cards a
    player, then Kick Down the Door; ``deck check``'s ``opening-hands`` error), one sentence a
    pile; ``[]`` when they suffice. An empty pile is left out (a mix without Treasure cards
    is another error of ``deck check``)."""
    players = _count(players, "players", 1)
    door = sum(c for _, c in _pile(deck, "door", None))
    treasure = sum(c for _, c in _pile(deck, "treasure", None))
    out = []
    need = OPENING_HAND * players
    if door and door <= need:
        out.append(f"the Door pile has {plural(door, 'card')}: the opening hands of {plural(players, 'player')} "
                   f"take {need} and Kick Down the Door needs one more, so no Door card is left to kick"
                   + ("" if door == need else f" and the hands get {door} of their {need} Door cards"))
    if treasure and treasure < need:
        out.append(f"the Treasure pile has {plural(treasure, 'card')}: the opening hands of "
                   f"{plural(players, 'player')} take {need}, so they get {treasure} of them")
    return out

_COLUMNS = ["key", "name", "set", "kind", "deck", "copies", "level", "treasures", "levels_gained",
            "bonus", "slot", "big", "gold", "version", "tags"]


def _pairs(deck) -> list[tuple[CardSpec, int]]:
    if hasattr(deck, "specs"):
        return deck.specs()
    return list(deck)


def cards_frame(deck) -> pd.DataFrame:
    """One row per deck entry: key, name, set, kind, deck (draw pile), copies, level,
    treasures, levels_gained, bonus, slot, big, gold, version, tags (sorted list).
    Numeric columns are nullable integers (``Int64``)."""
    rows = []
    for s, n in _pairs(deck):
        rows.append([s.key, s.name, s.set, s.kind, s.deck, n, s.level, s.treasures, s.levels_gained,
                     s.bonus, s.slot, s.big, s.gold, s.version, sorted(s.tags)])
    df = pd.DataFrame(rows, columns=_COLUMNS)
    for col in ("copies", "level", "treasures", "levels_gained", "bonus", "gold"):
        df[col] = df[col].astype("Int64")
    return df


def counts(deck, by: str = "kind") -> pd.DataFrame:
    """Cards per ``by`` value: ``by`` is ``deck`` (draw pile), ``kind``, ``set`` or ``tag``.

    Returns:
        DataFrame indexed by the value (named ``by``; a tag as stored, ``Below the Waist``),
        columns ``cards`` (copies summed), ``distinct`` (different cards) and ``share``
        (cards / deck size; for tags a card with two tags counts under both, untagged cards
        under none). Sorted by cards, then name.

    Raises:
        ValueError: another ``by``.
    """
    if by not in ("deck", "kind", "set", "tag"):
        raise ValueError(f"by must be deck, kind, set or tag, not {by!r}")
    df = cards_frame(deck)
    total = int(df["copies"].sum()) if len(df) else 0
    if by == "tag":  # named as stored ("Below the Waist"), the specs hold them lower-cased
        df = df.explode("tags").dropna(subset=["tags"]).rename(columns={"tags": "tag"})
        df["tag"] = df["tag"].map(deck.catalog.tag_name)
    if df.empty:
        out = pd.DataFrame({"cards": pd.Series(dtype="int64"), "distinct": pd.Series(dtype="int64"),
                            "share": pd.Series(dtype="float64")})
        out.index.name = by
        return out
    g = df.groupby(by)
    out = pd.DataFrame({"cards": g["copies"].sum().astype("int64"), "distinct": g["key"].nunique().astype("int64")})
    out["share"] = out["cards"] / total if total else 0.0
    out = out.reset_index().sort_values(["cards", by], ascending=[False, True]).set_index(by)
    return out


def composition(deck) -> pd.DataFrame:
    """:func:`counts` by deck, kind, set and tag stacked: columns ``by``, ``value``,
    ``cards``, ``distinct``, ``share``."""
    parts = []
    for by in ("deck", "kind", "set", "tag"):
        c = counts(deck, by).reset_index().rename(columns={by: "value"})
        c.insert(0, "by", by)
        parts.append(c)
    return pd.concat(parts, ignore_index=True)


def _monsters(deck) -> pd.DataFrame:
    df = cards_frame(deck)
    return df[df["kind"] == "monster"]


def level_curve(deck) -> pd.DataFrame:
    """Monster level curve: one row per printed Level, columns ``monsters`` (cards) and
    ``mean_treasures`` (Treasures per monster at that Level, copies weighted; NaN when no
    Treasures are known). Monsters whose Level is unknown are left out; their count is in
    ``attrs["unknown_level"]``."""
    m = _monsters(deck)
    known = m.dropna(subset=["level"])
    rows = []
    for level, grp in known.groupby("level"):
        t = grp.dropna(subset=["treasures"])
        w = int(t["copies"].sum())
        mean = float((t["treasures"] * t["copies"]).sum() / w) if w else float("nan")
        rows.append((int(level), int(grp["copies"].sum()), mean))
    out = pd.DataFrame(rows, columns=["level", "monsters", "mean_treasures"]).set_index("level")
    out.attrs["unknown_level"] = int(m[m["level"].isna()]["copies"].sum())
    return out


def treasures_per_monster(deck) -> pd.DataFrame:
    """How many monsters guard each number of Treasures: index ``treasures``, column
    ``monsters`` (cards). Monsters with unknown Treasures are left out
    (``attrs["unknown"]``); ``attrs["mean"]`` is the mean Treasures per monster."""
    m = _monsters(deck)
    known = m.dropna(subset=["treasures"])
    out = known.groupby("treasures")["copies"].sum().astype("int64").rename("monsters").to_frame()
    out.index = out.index.astype("int64")
    out.index.name = "treasures"
    w = int(known["copies"].sum())
    out.attrs["mean"] = float((known["treasures"] * known["copies"]).sum() / w) if w else float("nan")
    out.attrs["unknown"] = int(m["treasures"].isna().mul(m["copies"]).sum())
    return out


def is_solar_storm(deck) -> bool:
    """True for a Solar Storm deck (the ``solar_storm`` module, or ship rooms only): the
    Munchkin statistics (monster curve, Treasures, bonuses, Gold, Kick Down the Door, odds)
    mean nothing for it (:func:`ship_rooms` does)."""
    if "solar_storm" in (getattr(deck, "modules", ()) or ()):
        return True
    pairs = _pairs(deck)
    return bool(pairs) and all(s.kind == "ship_room" or s.deck == "ship_room" for s, _ in pairs)


def ship_rooms(deck) -> pd.DataFrame:
    """The ship of a Solar Storm deck: one row per room name (index ``room``, the Energy
    Core first), columns ``versions`` (e.g. ``"V1, V2"``) and ``cards`` (copies); the eight
    rooms the set-up needs around the core that the deck lacks are rows with 0 cards
    (Solar Storm Alternative Rooms, set-up: eight differently named rooms around the Energy
    Core). ``attrs["missing"]``: those room names."""
    from ..engine.solar_storm.refs import ENERGY_CORE, ROOM_NAMES, base_name, version_of

    rows: dict[str, list] = {}
    for s, n in _pairs(deck):
        if not (s.kind == "ship_room" or s.deck == "ship_room"):
            continue
        r = rows.setdefault(base_name(s.name), [[], 0])
        v = version_of(s)
        if v and v not in r[0]:
            r[0].append(v)
        r[1] += n
    missing = [r for r in ROOM_NAMES if r not in rows]
    order = ([ENERGY_CORE] if ENERGY_CORE in rows else []) + [r for r in ROOM_NAMES if r in rows] + \
        sorted(r for r in rows if r != ENERGY_CORE and r not in ROOM_NAMES) + missing
    out = pd.DataFrame({"versions": [", ".join(sorted(rows[r][0])) or "-" if r in rows else "-" for r in order],
                        "cards": [rows[r][1] if r in rows else 0 for r in order]},
                       index=pd.Index(order, name="room"))
    out["cards"] = out["cards"].astype("int64")
    out.attrs["missing"] = missing
    return out


def bonus_distribution(deck, kinds: Sequence[str] = ("item", "one_shot")) -> pd.DataFrame:
    """Combat bonus distribution of items and one-shots: index ``bonus``, one column per kind
    (cards with that bonus), zeros filled. Cards with no known bonus are left out."""
    df = cards_frame(deck)
    df = df[df["kind"].isin(kinds)].dropna(subset=["bonus"])
    out = df.pivot_table(index="bonus", columns="kind", values="copies", aggfunc="sum", fill_value=0)
    out = out.reindex(columns=list(kinds), fill_value=0).astype("int64")
    out.index = out.index.astype("int64")
    out.index.name = "bonus"
    out.columns.name = None
    return out


def gold_distribution(deck) -> pd.DataFrame:
    """Gold value distribution (Gold Pieces; Star Munchkin credits count alike) of Treasure
    cards with a known value: index ``gold``, column ``cards``; ``attrs["total"]`` is the
    Gold of the whole deck and ``attrs["levels"]`` that total in Levels (1,000 per Level)."""
    df = cards_frame(deck).dropna(subset=["gold"])
    out = df.groupby("gold")["copies"].sum().astype("int64").rename("cards").to_frame()
    out.index = out.index.astype("int64")
    out.index.name = "gold"
    total = int((df["gold"] * df["copies"]).sum()) if len(df) else 0
    out.attrs["total"] = total
    out.attrs["levels"] = total // 1000
    return out


def _pile(deck, pile: str, set: str | None) -> list[tuple[CardSpec, int]]:
    return [(s, n) for s, n in _pairs(deck) if s.deck == pile and (set is None or s.set == set)]


def kick_odds(deck, set: str | None = None, players: int | None = None) -> pd.DataFrame:
    """Chance that Kick Down the Door (the top card of the Door pile) shows each kind.

    Args:
        set: read only that set's Door pile (``piles_per_set`` option).
        players: the first kick comes after the opening hands of this many players (4 Door
            cards each): the card kicked is the one after them. While the pile holds more,
            that changes nothing; a pile of at most 4 x ``players`` cards leaves none to kick
            (p is 0 for every kind). ``None``: the top card of the pile alone.

    Returns:
        DataFrame indexed by ``kind`` (monster, curse, portal first, then the other kinds
        present), columns ``cards`` (K), ``doors`` (N) and ``p`` = hypergeom(N, K, 1).pmf(1)
        = K / N. Empty Door pile: p is 0. ``attrs["dealt"]``: the Door cards the hands take.
    Raises:
        ValueError: ``players`` below 1 or not whole.
    """
    doors = _pile(deck, "door", set)
    n = sum(c for _, c in doors)
    dealt = _dealt(n, players)
    by_kind: dict[str, int] = {k: 0 for k in KICK_KINDS}
    for s, c in doors:
        by_kind[s.kind] = by_kind.get(s.kind, 0) + c
    rows = [(k, K, n, float(hypergeom(n, K, 1).pmf(1)) if n > dealt else 0.0) for k, K in by_kind.items()]
    out = pd.DataFrame(rows, columns=["kind", "cards", "doors", "p"]).set_index("kind")
    out.attrs.update(dealt=dealt)
    return out


def kick_odds_by_set(deck) -> pd.DataFrame:
    """Kick odds per set's Door pile (the ``piles_per_set`` option): index ``set``, columns
    ``doors`` (cards in that pile) and ``p_monster``, ``p_curse``, ``p_portal`` (chance the
    top card of that pile is one)."""
    codes = sorted({s.set for s, _ in _pairs(deck) if s.deck == "door"})
    rows = []
    for code in codes:
        k = kick_odds(deck, set=code)
        rows.append((code, int(k["doors"].iloc[0]), *(float(k.loc[kind, "p"]) for kind in KICK_KINDS)))
    return pd.DataFrame(rows, columns=["set", "doors", *(f"p_{k}" for k in KICK_KINDS)]).set_index("set")


def _count(value, name: str, low: int = 0, high: int | None = None, where: str = "") -> int:
    """``value`` as an ``int`` in ``low..high`` (``high`` None: no upper end).

    Raises:
        ValueError: not a whole number, or out of range: the message names ``name``, the
            range (and ``where``, what the upper end is) and the value.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    value = int(value)
    if high is None and value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    if high is not None and not low <= value <= high:
        raise ValueError(f"{name} must be {low}..{high}{where}, got {value}")
    return value


def _hand(value: int | None, name: str, pile: int, pile_name: str) -> int:
    """A hand size out of a pile of ``pile`` cards: ``None`` is :data:`OPENING_HAND` (the
    whole pile when it holds fewer); a number must be 0..pile."""
    if value is None:
        return min(OPENING_HAND, pile)
    return _count(value, name, 0, pile, f" (the {pile_name} pile holds {plural(pile, 'card')})")


def p_at_least_one(total: int, wanted: int, draws: int) -> float:
    """Chance of at least one wanted card in ``draws`` cards drawn without replacement from
    ``total`` cards holding ``wanted`` (1 - hypergeom(total, wanted, draws).pmf(0)).
    ``draws`` past ``total`` draws the whole pile (it is capped at ``total``).

    Raises:
        ValueError: ``total`` or ``draws`` below 0, ``wanted`` outside 0..``total``, or a
            number that is not whole.
    """
    total = _count(total, "total")
    wanted = _count(wanted, "wanted", 0, total, " (the cards there are)")
    draws = _count(draws, "draws")
    if total == 0 or wanted == 0 or draws == 0:
        return 0.0
    return float(1.0 - hypergeom(total, wanted, min(draws, total)).pmf(0))


def monster_within(deck, kicks: int | Iterable[int] = range(1, 11), set: str | None = None,
                   players: int | None = None) -> pd.DataFrame:
    """Chance of at least one monster in the first ``kicks`` Door cards kicked open.

    ``players``: the kicks come after the opening hands of this many players (4 Door cards
    each). Every order of the shuffled Door pile being equally likely, the deal changes
    nothing while the pile holds the hands and the kicks; otherwise only the cards left after
    the hands are kicked: ``m = min(kicks, N - dealt)`` of them, p = 1 - hypergeom(N, K,
    m).pmf(0) (0 when none is left). ``None``: the pile alone (more kicks than it holds see
    it whole). Returns a DataFrame indexed by ``kicks`` with column ``p``; ``attrs``:
    ``doors``, ``monsters``, ``dealt``.

    Raises:
        ValueError: a number of kicks below 0, ``players`` below 1, or not whole.
    """
    ks = [kicks] if isinstance(kicks, numbers.Integral) else list(kicks)
    ks = [_count(x, "kicks") for x in ks]
    doors = _pile(deck, "door", set)
    n = sum(c for _, c in doors)
    k = sum(c for s, c in doors if s.kind == "monster")
    dealt = _dealt(n, players)
    out = pd.DataFrame({"kicks": ks, "p": [p_at_least_one(n, k, min(x, n - dealt)) for x in ks]}).set_index("kicks")
    out.attrs.update(doors=n, monsters=k, dealt=dealt)
    return out


def opening_hand_odds(deck, doors: int | None = None, treasures: int | None = None) -> pd.DataFrame:
    """Chance an opening hand of ``doors`` Door and ``treasures`` Treasure cards holds at
    least one Race, at least one Class, and at least one Race or Class (core rules: deal
    4 + 4, the default; a pile holding fewer is dealt whole). The two piles are drawn
    independently, so P(none) = P(none among the Doors) x P(none among the Treasures).

    Returns:
        DataFrame indexed by ``wanted`` (race, class, race_or_class), columns ``door_cards``
        and ``treasure_cards`` (wanted cards in each pile) and ``p``.
    Raises:
        ValueError: ``doors`` / ``treasures`` outside 0..the cards of that pile, or not whole.
    """
    door = _pile(deck, "door", None)
    treas = _pile(deck, "treasure", None)
    nd, nt = sum(c for _, c in door), sum(c for _, c in treas)
    doors, treasures = _hand(doors, "doors", nd, "Door"), _hand(treasures, "treasures", nt, "Treasure")
    rows = []
    for wanted, kinds in (("race", {"race"}), ("class", {"class"}), ("race_or_class", {"race", "class"})):
        kd = sum(c for s, c in door if s.kind in kinds)
        kt = sum(c for s, c in treas if s.kind in kinds)
        p_none = (1 - p_at_least_one(nd, kd, doors)) * (1 - p_at_least_one(nt, kt, treasures))
        rows.append((wanted, kd, kt, 1.0 - p_none))
    return pd.DataFrame(rows, columns=["wanted", "door_cards", "treasure_cards", "p"]).set_index("wanted")


def tag_groups(deck, tags: Sequence[str] = JOINABLE_TAGS) -> pd.DataFrame:
    """Size of each joinable tag group: index ``tag``, columns ``monsters`` (distinct
    monsters with the tag), ``cards`` (copies) and ``can_join`` (at least two cards, so one
    can join another's combat; core rulebook 001 Undead, rulebook 002 Ghost/Pirate)."""
    rows = []
    for tag in tags:
        held = [(s, n) for s, n in _pairs(deck) if s.kind == "monster" and s.has_tag(tag)]
        cards = sum(n for _, n in held)
        rows.append((tag, len(held), cards, cards >= 2))
    return pd.DataFrame(rows, columns=["tag", "monsters", "cards", "can_join"]).set_index("tag")


def odds_table(deck, players: int | None = None) -> pd.DataFrame:
    """All headline odds in one table: columns ``what`` and ``p`` (kick shows a monster /
    curse / portal; a monster in the first 1, 3, 5 kicks; opening hand Race or Class).
    ``players``: the kicks come after the opening hands of this many players (see
    :func:`kick_odds`); ``attrs["short"]``: :func:`deal_shortfall`'s sentences then."""
    k = kick_odds(deck, players=players)
    w = monster_within(deck, [1, 3, 5], players=players)
    h = opening_hand_odds(deck)
    rows = [(f"kick shows a {kind}", float(k.loc[kind, "p"])) for kind in KICK_KINDS]
    rows += [(f"a monster within {n} kick(s)", float(w.loc[n, "p"])) for n in w.index]
    rows += [("opening 4+4 hand holds a Race or a Class", float(h.loc["race_or_class", "p"]))]
    out = pd.DataFrame(rows, columns=["what", "p"])
    out.attrs.update(short=deal_shortfall(deck, players) if players is not None else [])
    return out


def simulate_odds(deck, trials: int = 20000, seed: int = 0, kicks: Sequence[int] = range(1, 11),
                  hand: tuple[int | None, int | None] = (None, None), players: int | None = None) -> pd.DataFrame:
    """Estimate the odds above by shuffling the physical piles ``trials`` times (numpy
    ``default_rng(seed)``), independently of the hypergeometric formulas. ``hand``: Door and
    Treasure cards dealt, as :func:`opening_hand_odds` takes them (None: 4, or the whole pile).
    ``players``: the opening hands of that many players are dealt from the top first (P1's
    first, as the engine deals), and the kicks read the cards after them (:func:`kick_odds`).

    Returns:
        DataFrame with columns ``what`` (``kick:<kind>``, ``within:<n>``,
        ``hand:race_or_class``), ``p`` (observed frequency) and ``se`` (binomial standard
        error sqrt(p(1-p)/trials)).
    Raises:
        ValueError: ``trials`` below 1, kicks below 0, a hand outside 0..the cards of its
            pile, or a number that is not whole.
    """
    trials = _count(trials, "trials", 1)
    rng = np.random.default_rng(seed)
    door = _pile(deck, "door", None)
    treas = _pile(deck, "treasure", None)
    door_kinds = np.array([s.kind for s, n in door for _ in range(n)], dtype=object)
    treas_kinds = np.array([s.kind for s, n in treas for _ in range(n)], dtype=object)
    ks = [_count(x, "kicks") for x in kicks]
    nd = _hand(hand[0], "hand Door cards", len(door_kinds), "Door")
    nt = _hand(hand[1], "hand Treasure cards", len(treas_kinds), "Treasure")

    def shuffled(kinds: np.ndarray) -> np.ndarray:
        """trials x len(kinds) matrix: each row one shuffle of the pile."""
        if not len(kinds):
            return np.empty((trials, 0), dtype=object)
        order = rng.permuted(np.tile(np.arange(len(kinds)), (trials, 1)), axis=1)
        return kinds[order]

    d = shuffled(door_kinds)
    t = shuffled(treas_kinds)
    kicked = d[:, _dealt(len(door_kinds), players):]  # what the opening hands leave
    kick_hits = {k: int((kicked[:, 0] == k).sum()) if kicked.shape[1] else 0 for k in KICK_KINDS}
    is_monster = kicked == "monster"
    # no monster: never within any number of kicks (more kicks than cards see no more)
    first = np.where(is_monster.any(axis=1), is_monster.argmax(axis=1), np.iinfo(np.int64).max)
    within_hits = {n: int((first < n).sum()) for n in ks}
    dealt = np.concatenate([d[:, :nd], t[:, :nt]], axis=1)
    hand_hits = int(np.isin(dealt, ["race", "class"]).any(axis=1).sum())
    rows = [(f"kick:{k}", v / trials) for k, v in kick_hits.items()]
    rows += [(f"within:{n}", v / trials) for n, v in within_hits.items()]
    rows.append(("hand:race_or_class", hand_hits / trials))
    out = pd.DataFrame(rows, columns=["what", "p"])
    out["se"] = np.sqrt(out["p"] * (1 - out["p"]) / trials)
    return out
