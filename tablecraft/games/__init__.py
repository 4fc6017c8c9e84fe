"""The built-in games; importing this package registers each of them."""

from . import wild_hunters  # noqa: F401
from . import wizard_towers  # noqa: F401
from . import xeno_faction  # noqa: F401
