"""Fair play: the deal is made when the game starts, and the room knows whether it is a practice or a private
room.

- ``rooms.seed`` may be ``NULL``: a room's seed is drawn when its game starts, not when it is created. Rooms
  still *waiting* when this migration runs lose the seed drawn for them at creation (it may have been shown,
  through the old protocol, to anyone who took a seat for a moment): they are dealt afresh when they start.
- ``practice`` (the creator chose the seed or the position), ``private`` with ``invite_hash``,
  ``creator_hash`` (the creator's token, to remove seat holders before the start), ``salt`` and
  ``commitment`` (the published commitment to the seed), ``started_at`` and ``active_at`` (the last change of
  seats, for the expiry of idle waiting rooms).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the columns; make the seed nullable; forget the seeds of rooms still waiting."""
    with op.batch_alter_table("rooms") as batch:  # SQLite alters a column by rebuilding the table
        batch.alter_column("seed", existing_type=sa.BigInteger(), nullable=True)
        batch.add_column(sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("salt", sa.String(64), nullable=True))
        batch.add_column(sa.Column("commitment", sa.String(64), nullable=True))
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("active_at", sa.DateTime(timezone=True), nullable=True))
    rooms = sa.table("rooms", sa.column("status", sa.String), sa.column("seed", sa.BigInteger))
    op.execute(rooms.update().where(rooms.c.status == "waiting").values(seed=None))


def downgrade() -> None:
    """Drop the columns (a room without a seed yet gets seed 0)."""
    rooms = sa.table("rooms", sa.column("seed", sa.BigInteger))
    op.execute(rooms.update().where(rooms.c.seed.is_(None)).values(seed=0))
    with op.batch_alter_table("rooms") as batch:
        for name in ("active_at", "started_at", "commitment", "salt", "creator_hash", "invite_hash", "private",
                     "practice"):
            batch.drop_column(name)
        batch.alter_column("seed", existing_type=sa.BigInteger(), nullable=False)
