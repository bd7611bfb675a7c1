"""SQLModel schema of the card database (created only through Alembic migrations).

Tables: ``card_set``, ``card``, ``tag``, ``card_tag_link`` (many-to-many), ``alias``,
``deck`` and ``deck_entry`` (association object deck <-> card carrying ``copies``), and
``build_info`` (what the last ``db build`` was made from).
Field meanings follow ``database/README.md``.
"""

from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import JSON, Column, Index, Integer, String, UniqueConstraint, func
from sqlmodel import Field, Relationship, SQLModel


def _now() -> datetime:
    return datetime.now(timezone.utc)


class CardSet(SQLModel, table=True):
    """A published (or fan) set: ``code`` is the lower-case id used everywhere. ``origin`` is
    ``'file'`` (a ``database/sets/*.yaml`` file: shipped, never changed in the lab) or
    ``'designer'`` (made in the lab, ``munchkin_lab.cards.designer``; kept by rebuilds)."""

    __tablename__ = "card_set"

    id: Optional[int] = Field(default=None, primary_key=True)
    code: str = Field(unique=True, index=True)
    name: str
    family: str
    kind: str
    printed_cards: Optional[int] = None
    requires: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    source: Optional[str] = None
    notes: Optional[str] = None
    position: int = 0
    origin: str = Field(default="file", sa_column=Column("origin", String, nullable=False, server_default="file",
                                                        index=True))

    cards: list["Card"] = Relationship(back_populates="card_set")


class CardTagLink(SQLModel, table=True):
    """Card <-> tag link. ``derived`` is True for tags the loader adds (One-Shot, Big, V1, ...)."""

    __tablename__ = "card_tag_link"
    __table_args__ = (Index("ix_card_tag_link_tag_card", "tag_id", "card_id"),)

    card_id: Optional[int] = Field(default=None, foreign_key="card.id", primary_key=True, ondelete="CASCADE")
    tag_id: Optional[int] = Field(default=None, foreign_key="tag.id", primary_key=True, ondelete="CASCADE")
    derived: bool = False


class Tag(SQLModel, table=True):
    """A tag (Undead, Ghost, V2, ...). ``key`` is the lower-case name (unique)."""

    __tablename__ = "tag"

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    key: str = Field(unique=True, index=True)
    description: Optional[str] = None
    #: set code that declared it, ``None`` for tags.yaml / derived tags
    declared_in: Optional[str] = None

    cards: list["Card"] = Relationship(back_populates="tags", link_model=CardTagLink)


_row_version = Column("row_version", Integer, nullable=False, server_default="1")
#: The largest ``row_version`` an Integer column holds on every backend (PostgreSQL: 4 bytes).
MAX_ROW_VERSION = 2**31 - 1


class Card(SQLModel, table=True):
    """One card (printed or designed). ``row_version`` is the optimistic-locking counter
    (SQLAlchemy ``version_id_col``); ``origin`` is ``'file'`` (built from database/ files) or
    ``'designer'`` (created in the lab; survives rebuilds)."""

    __tablename__ = "card"
    __table_args__ = (
        UniqueConstraint("set_id", "name", name="uq_card_set_name"),
        Index("ix_card_kind_level", "kind", "level"),
        Index("ix_card_name_lower", func.lower(Column("name"))),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    set_id: int = Field(foreign_key="card_set.id", index=True, ondelete="CASCADE")
    name: str
    kind: str = Field(index=True)
    deck: str = Field(index=True)
    copies: int = 1
    level: Optional[int] = Field(default=None, index=True)
    treasures: Optional[int] = None
    levels_gained: Optional[int] = None
    bonus: Optional[int] = None
    slot: Optional[str] = None
    big: bool = False
    gold: Optional[int] = None
    version: Optional[str] = None
    usable_by: list = Field(default_factory=list, sa_column=Column("usable_by", JSON, nullable=False))
    not_usable_by: list = Field(default_factory=list, sa_column=Column("not_usable_by", JSON, nullable=False))
    provenance: str = "printed"
    source: Optional[str] = None
    summary: Optional[str] = None
    effects: dict = Field(default_factory=dict, sa_column=Column("effects", JSON, nullable=False))
    manual: bool = False
    origin: str = Field(default="file", index=True)
    position: int = 0
    row_version: int = Field(default=1, sa_column=_row_version)

    __mapper_args__ = {"version_id_col": _row_version}

    card_set: Optional[CardSet] = Relationship(back_populates="cards")
    tags: list[Tag] = Relationship(back_populates="cards", link_model=CardTagLink)
    aliases: list["Alias"] = Relationship(
        back_populates="card", sa_relationship_kwargs={"cascade": "all, delete-orphan"}
    )


class Alias(SQLModel, table=True):
    """Another printed or translated name of a card (``language`` e.g. ``'pl'``, or None)."""

    __tablename__ = "alias"
    __table_args__ = (Index("ix_alias_name_lower", func.lower(Column("name"))),)

    id: Optional[int] = Field(default=None, primary_key=True)
    card_id: int = Field(foreign_key="card.id", index=True, ondelete="CASCADE")
    name: str
    language: Optional[str] = None

    card: Optional[Card] = Relationship(back_populates="aliases")


_deck_row_version = Column("row_version", Integer, nullable=False, server_default="1")


class Deck(SQLModel, table=True):
    """A saved (mixed) deck. ``modules``/``options`` are JSON owned by the decks area.
    ``row_version`` counts saves (SQLAlchemy ``version_id_col``): a save names the version it
    read and is refused when another save came first (``munchkin_lab.decks.store``)."""

    __tablename__ = "deck"

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(unique=True, index=True)
    description: Optional[str] = None
    modules: Any = Field(default_factory=list, sa_column=Column("modules", JSON, nullable=False))
    options: Any = Field(default_factory=dict, sa_column=Column("options", JSON, nullable=False))
    created: datetime = Field(default_factory=_now)
    updated: datetime = Field(default_factory=_now)
    row_version: int = Field(default=1, sa_column=_deck_row_version)

    __mapper_args__ = {"version_id_col": _deck_row_version}

    entries: list["DeckEntry"] = Relationship(
        back_populates="deck", sa_relationship_kwargs={"cascade": "all, delete-orphan"}
    )


class DeckEntry(SQLModel, table=True):
    """Association object deck <-> card: ``copies`` of the card in the deck, optional ``pile``."""

    __tablename__ = "deck_entry"
    __table_args__ = (Index("ix_deck_entry_card", "card_id"),)

    deck_id: Optional[int] = Field(default=None, foreign_key="deck.id", primary_key=True, ondelete="CASCADE")
    card_id: Optional[int] = Field(default=None, foreign_key="card.id", primary_key=True, ondelete="CASCADE")
    copies: int = 1
    pile: Optional[str] = None

    deck: Optional[Deck] = Relationship(back_populates="entries")
    card: Optional[Card] = Relationship()


class BuildInfo(SQLModel, table=True):
    """What the last ``db build`` was made from, as key -> JSON value: ``files`` (the data
    folder and the SHA-256 of each card file, :func:`munchkin_lab.cards.build.fingerprint`)."""

    __tablename__ = "build_info"

    key: str = Field(primary_key=True)
    value: Any = Field(default_factory=dict, sa_column=Column("value", JSON, nullable=False))
