"""Alembic environment: runs the migrations on the connection ``Store.migrate`` hands over.

There is no ``alembic.ini``: the server configures Alembic in code (script location and connection), so the
migrations work from an installed package with no files to set up.
"""

from __future__ import annotations

from alembic import context

from tablecraft.server.store import Base


def run_migrations() -> None:
    """Upgrade on the connection given in ``config.attributes["connection"]`` (online mode only)."""
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("tablecraft migrations run through Store.migrate(), which passes a connection")
    # batch mode lets SQLite alter tables by copying them (it has no ALTER COLUMN)
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    context.config  # noqa: B018  (only set while Alembic runs this script)
except (AttributeError, NameError):  # imported outside Alembic (e.g. by doctest collection): nothing to run
    pass
else:
    run_migrations()
