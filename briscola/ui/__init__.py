"""The desktop game: the only package that imports pygame (pygame-ce).

Its imports go one way, from the top: :mod:`~briscola.ui.launch` (the entry point) and :mod:`~briscola.ui.shots`
use :mod:`~briscola.ui.options` (the command line) and :mod:`~briscola.ui.launcher`, the one module that knows every
scene; the scenes (``menus/``, ``table/``, and ``overlays/``, which read the table they cover) use
:mod:`~briscola.ui.app` and the protocols they follow and ask through (:mod:`~briscola.ui.scene`,
:mod:`~briscola.ui.navigation`) and never open each other; below them are
``widgets/`` (text, panels, buttons, the menus' form), ``assets/`` (card images, sound, labels) and ``core/``
(pygame-free: tweens, layout, seat names).
"""
