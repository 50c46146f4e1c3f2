"""puzzles: positions where one move wins, their ratings, the solvers' ratings, attempts

Revision ID: p0001
Revises: g0001
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'p0001'
down_revision: str | Sequence[str] | None = 'g0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('puzzles',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('fen', sa.Text(), nullable=False),
    sa.Column('solution', sa.String(length=120), nullable=False),
    sa.Column('line', sa.Text(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('gain', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('source_id', sa.Integer(), nullable=False),
    sa.Column('ply', sa.Integer(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('vol', sa.Float(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('solved', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('source', 'source_id', 'ply', name='uq_puzzles_source')
    )
    with op.batch_alter_table('puzzles', schema=None) as batch_op:
        batch_op.create_index('ix_puzzles_variant_rating', ['variant', 'rating'], unique=False)

    op.create_table('puzzle_ratings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('vol', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id')
    )
    op.create_table('puzzle_attempts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('puzzle_id', sa.Integer(), nullable=False),
    sa.Column('move', sa.String(length=120), nullable=False),
    sa.Column('solved', sa.Boolean(), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['puzzle_id'], ['puzzles.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('puzzle_attempts', schema=None) as batch_op:
        batch_op.create_index('ix_puzzle_attempts_user', ['user_id', 'puzzle_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_puzzle_attempts_puzzle_id'), ['puzzle_id'],
                              unique=False)

    op.create_table('puzzle_mined',
    sa.Column('analysis_id', sa.Integer(), nullable=False),
    sa.Column('found', sa.Integer(), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['analysis_id'], ['analyses.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('analysis_id')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('puzzle_mined')
    with op.batch_alter_table('puzzle_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_puzzle_attempts_puzzle_id'))
        batch_op.drop_index('ix_puzzle_attempts_user')
    op.drop_table('puzzle_attempts')
    op.drop_table('puzzle_ratings')
    with op.batch_alter_table('puzzles', schema=None) as batch_op:
        batch_op.drop_index('ix_puzzles_variant_rating')
    op.drop_table('puzzles')
