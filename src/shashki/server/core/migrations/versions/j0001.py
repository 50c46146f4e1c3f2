"""jobs: long work on a job queue (imports, analyses)

Revision ID: j0001
Revises: 0008
Create Date: 2026-12-01

(Named after its feature, not numbered, so that it cannot clash with another branch's
next number: where branches meet, ``down_revision`` is set to the head it follows.)

The queue's own storage is huey's (a SQLite file beside the database, huey's tables
``jobqueue_*`` created by huey in a PostgreSQL database, or Redis), not these migrations.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'j0001'
down_revision: str | Sequence[str] | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('jobs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('done', sa.Integer(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('unit', sa.String(length=16), nullable=False),
    sa.Column('message', sa.String(length=300), nullable=False),
    sa.Column('params', sa.Text(), nullable=False),
    sa.Column('result', sa.Text(), nullable=False),
    sa.Column('link', sa.String(length=200), nullable=False),
    sa.Column('cancel_requested', sa.Boolean(), nullable=False),
    sa.Column('cancelled_by', sa.Integer(), nullable=True),
    sa.Column('worker', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.Float(), nullable=False),
    sa.Column('started_at', sa.Float(), nullable=True),
    sa.Column('ended_at', sa.Float(), nullable=True),
    sa.Column('heartbeat_at', sa.Float(), nullable=True),
    sa.ForeignKeyConstraint(['cancelled_by'], ['users.id'], ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('jobs', schema=None) as batch_op:
        batch_op.create_index('ix_jobs_owner_status', ['owner_id', 'status'], unique=False)
        batch_op.create_index('ix_jobs_status', ['status'], unique=False)

    op.create_table('job_files',
    sa.Column('job_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['job_id'], ['jobs.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('job_id', 'seq')
    )
    with op.batch_alter_table('analyses', schema=None) as batch_op:
        batch_op.add_column(sa.Column('job_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_analyses_job_id_jobs', 'jobs', ['job_id'], ['id'],
                                    ondelete='SET NULL')

    with op.batch_alter_table('archive_imports', schema=None) as batch_op:
        batch_op.add_column(sa.Column('job_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('bytes_total', sa.Integer(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('lines_total', sa.Integer(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('lines_read', sa.Integer(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('capped', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('next_line', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_archive_imports_job_id'), ['job_id'], unique=False)
        batch_op.create_foreign_key('fk_archive_imports_job_id_jobs', 'jobs', ['job_id'],
                                    ['id'], ondelete='SET NULL')



def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('archive_imports', schema=None) as batch_op:
        batch_op.drop_constraint('fk_archive_imports_job_id_jobs', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_archive_imports_job_id'))
        batch_op.drop_column('next_line')
        batch_op.drop_column('capped')
        batch_op.drop_column('lines_read')
        batch_op.drop_column('lines_total')
        batch_op.drop_column('bytes_total')
        batch_op.drop_column('job_id')

    with op.batch_alter_table('analyses', schema=None) as batch_op:
        batch_op.drop_constraint('fk_analyses_job_id_jobs', type_='foreignkey')
        batch_op.drop_column('job_id')

    op.drop_table('job_files')
    with op.batch_alter_table('jobs', schema=None) as batch_op:
        batch_op.drop_index('ix_jobs_status')
        batch_op.drop_index('ix_jobs_owner_status')

    op.drop_table('jobs')
