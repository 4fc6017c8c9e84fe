"""The built-in games; importing this package registers each of them."""

from . import fate, wild_hunters, wizard_towers, xeno_faction  # noqa: F401
