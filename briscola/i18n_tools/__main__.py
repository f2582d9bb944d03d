"""``python -m briscola.i18n_tools extract|update|compile|check|stats``: see :mod:`briscola.i18n_tools`."""

from briscola.i18n_tools import main

raise SystemExit(main())
