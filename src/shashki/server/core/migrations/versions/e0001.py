"""events: the event's language (its judges' report, printed tables and printouts)

Revision ID: e0001
Revises: q0001
Create Date: 2026-12-07

(Named after its feature, not numbered, so that it cannot clash with another branch's
next number: where branches meet, ``down_revision`` is set to the head it follows.)

The report's other fields (venue, dates, organiser, the panel of judges with their
categories) live in the tournament document, ``events.data``, and need no column.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = 'e0001'
down_revision: str | Sequence[str] | None = 'q0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=2), nullable=False,
                                      server_default=''))
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.alter_column('language', server_default=None)


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_column('language')
