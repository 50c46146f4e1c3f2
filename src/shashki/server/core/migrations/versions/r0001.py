"""ratings: Glicko-2 ratings and their changes; quick-pairing pools; rated games and seeks

Revision ID: r0001
Revises: j0001
Create Date: 2026-12-01

(Named after its feature, not numbered, so that it cannot clash with another branch's
next number: where branches meet, ``down_revision`` is set to the head it follows.)
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'r0001'
down_revision: str | Sequence[str] | None = 'j0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('ratings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('time_class', sa.String(length=16), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'variant', 'time_class')
    )
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.create_index('ix_ratings_board', ['variant', 'time_class', 'rating'],
                              unique=False)

    op.create_table('rating_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('time_class', sa.String(length=16), nullable=False),
    sa.Column('score', sa.Float(), nullable=False),
    sa.Column('rating_before', sa.Float(), nullable=False),
    sa.Column('rd_before', sa.Float(), nullable=False),
    sa.Column('rating_after', sa.Float(), nullable=False),
    sa.Column('rd_after', sa.Float(), nullable=False),
    sa.Column('volatility_after', sa.Float(), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'user_id', name='uq_rating_changes_game_user')
    )
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.create_index('ix_rating_changes_user', ['user_id', 'variant', 'time_class'],
                              unique=False)

    op.create_table('pool_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('pool', sa.String(length=16), nullable=False),
    sa.Column('rated', sa.Boolean(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('joined_at', sa.Float(), nullable=False),
    sa.Column('seen_at', sa.Float(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('pool_entries', schema=None) as batch_op:
        batch_op.create_index('ix_pool_entries_pool', ['status', 'variant', 'pool'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_pool_entries_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bot', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('deleted_at', sa.Float(), nullable=True))
    # The engine's accounts made before this column are bots too.
    op.execute("UPDATE users SET bot = TRUE WHERE id IN (SELECT user_id FROM engine_accounts)")
    with op.batch_alter_table('challenges', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rated', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('rating_min', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('rating_max', sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('challenges', schema=None) as batch_op:
        batch_op.drop_column('rating_max')
        batch_op.drop_column('rating_min')
        batch_op.drop_column('rated')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('bot')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('rated')
    with op.batch_alter_table('pool_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pool_entries_user_id'))
        batch_op.drop_index('ix_pool_entries_pool')
    op.drop_table('pool_entries')
    with op.batch_alter_table('rating_changes', schema=None) as batch_op:
        batch_op.drop_index('ix_rating_changes_user')
    op.drop_table('rating_changes')
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.drop_index('ix_ratings_board')
    op.drop_table('ratings')
