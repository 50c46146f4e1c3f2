"""explorer: every position of the archive's games, for the opening explorer

Revision ID: g0001
Revises: r0001
Create Date: 2026-12-01

The games already in the archive are indexed after the upgrade, not here: replaying their
PDN takes the live code of shashki, which a migration never imports (a migration is
frozen: it must run the same way whatever the code becomes). The migration environment
runs the revision's data step (``DATA_STEPS["g0001"]`` of ``shashki.server.tables``) in
the same transaction once the schema is at head.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'g0001'
down_revision: str | Sequence[str] | None = 'r0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('archive_positions',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('ply', sa.Integer(), nullable=False),
    sa.Column('key', sa.BigInteger(), nullable=False),
    sa.Column('move', sa.String(length=120), nullable=False),
    sa.Column('result', sa.String(length=8), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['archive_games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'ply')
    )
    with op.batch_alter_table('archive_positions', schema=None) as batch_op:
        batch_op.create_index('ix_archive_positions_key', ['key', 'move', 'result'],
                              unique=False)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('archive_positions', schema=None) as batch_op:
        batch_op.drop_index('ix_archive_positions_key')
    op.drop_table('archive_positions')
