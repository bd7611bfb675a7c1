"""deck.row_version: the optimistic-locking counter of saved decks

Two processes editing one deck (``munchkin-lab deck add`` twice at once, a deck builder open
in a notebook) each save only over the version they read; the later one is told the deck
changed meanwhile instead of silently dropping the other's edit.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:00:00
"""
from typing import Sequence, Union

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: Union[str, None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


# Plain ALTER TABLE on every database, SQLite included (ADD COLUMN, and DROP COLUMN since
# SQLite 3.35): a batch "copy and swap" of ``deck`` would drop the old table, and with
# foreign keys on that cascades into ``deck_entry`` and empties every saved deck.


def upgrade() -> None:
    op.add_column('deck', sa.Column('row_version', sa.Integer(), server_default='1', nullable=False))


def downgrade() -> None:
    if op.get_bind().dialect.name == 'sqlite':
        op.execute('ALTER TABLE deck DROP COLUMN row_version')
    else:
        op.drop_column('deck', 'row_version')
