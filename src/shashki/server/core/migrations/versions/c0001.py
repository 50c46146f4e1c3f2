"""composition contests: tournaments, entries, marks, solving

Revision ID: c0001
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'c0001'
down_revision: str | Sequence[str] | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('comp_contests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=12), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('variant', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('director_id', sa.Integer(), nullable=False),
    sa.Column('conditions', sa.Text(), nullable=False),
    sa.Column('started_at', sa.Float(), nullable=True),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['director_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('comp_contests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_contests_director_id'), ['director_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_comp_contests_status'), ['status'],
                              unique=False)

    op.create_table('comp_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('contest_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=False),
    sa.Column('pseudonym', sa.String(length=80), nullable=False),
    sa.Column('pdn', sa.Text(), nullable=False),
    sa.Column('fen', sa.Text(), nullable=False),
    sa.Column('verdict', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['author_id'], ['users.id'], ),
    sa.ForeignKeyConstraint(['contest_id'], ['comp_contests.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('comp_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_entries_author_id'), ['author_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_comp_entries_contest_id'), ['contest_id'],
                              unique=False)

    op.create_table('comp_judges',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('contest_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['contest_id'], ['comp_contests.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('contest_id', 'user_id', name='uq_comp_judges_user')
    )
    with op.batch_alter_table('comp_judges', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_judges_contest_id'), ['contest_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_comp_judges_user_id'), ['user_id'],
                              unique=False)

    op.create_table('comp_positions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('contest_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('pdn', sa.Text(), nullable=False),
    sa.Column('points', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['contest_id'], ['comp_contests.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('comp_positions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_positions_contest_id'), ['contest_id'],
                              unique=False)

    op.create_table('comp_marks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('judge_id', sa.Integer(), nullable=False),
    sa.Column('mark', sa.Float(), nullable=False),
    sa.Column('comment', sa.Text(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['entry_id'], ['comp_entries.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['judge_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('entry_id', 'judge_id', name='uq_comp_marks_judge')
    )
    with op.batch_alter_table('comp_marks', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_marks_entry_id'), ['entry_id'],
                              unique=False)
        batch_op.create_index(batch_op.f('ix_comp_marks_judge_id'), ['judge_id'],
                              unique=False)

    op.create_table('comp_solutions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('position_id', sa.Integer(), nullable=False),
    sa.Column('solver', sa.String(length=80), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('moves', sa.Text(), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('points', sa.Float(), nullable=False),
    sa.Column('entered_by', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['entered_by'], ['users.id'], ),
    sa.ForeignKeyConstraint(['position_id'], ['comp_positions.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('position_id', 'solver', name='uq_comp_solutions_solver')
    )
    with op.batch_alter_table('comp_solutions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_comp_solutions_position_id'), ['position_id'],
                              unique=False)



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('comp_solutions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_solutions_position_id'))

    op.drop_table('comp_solutions')
    with op.batch_alter_table('comp_marks', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_marks_judge_id'))
        batch_op.drop_index(batch_op.f('ix_comp_marks_entry_id'))

    op.drop_table('comp_marks')
    with op.batch_alter_table('comp_positions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_positions_contest_id'))

    op.drop_table('comp_positions')
    with op.batch_alter_table('comp_judges', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_judges_user_id'))
        batch_op.drop_index(batch_op.f('ix_comp_judges_contest_id'))

    op.drop_table('comp_judges')
    with op.batch_alter_table('comp_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_entries_contest_id'))
        batch_op.drop_index(batch_op.f('ix_comp_entries_author_id'))

    op.drop_table('comp_entries')
    with op.batch_alter_table('comp_contests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_comp_contests_status'))
        batch_op.drop_index(batch_op.f('ix_comp_contests_director_id'))

    op.drop_table('comp_contests')
