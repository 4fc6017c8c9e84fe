"""Alembic migrations of the server's database, shipped with the package and run by ``Store.migrate``."""
