"""The built-in games; importing this package registers each of them."""

from . import wizard_towers  # noqa: F401
