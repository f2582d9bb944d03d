"""The teams' colours: one home for the new-game scene's seat diagram and the table's name plates.

A player who sets up four players sees their partner's seat in a colour, then sits down and looks for that colour on
the plates; the two screens once disagreed (gold and red in the diagram, blue at the table), so both read the colours
from here. Your team (you and your partners) is blue; the other team has the plain dark of any plate. At the table a
plate is drawn translucent over the felt, in the diagram a seat's marker solid, from the same colour.
"""

from __future__ import annotations

from typing import Final

__all__ = ["OTHER_TEAM", "YOUR_TEAM"]

YOUR_TEAM: Final[tuple[int, int, int]] = (20, 55, 110)
"""You and your partners: the plates of your partners at the table, the markers of your team's seats in the diagram."""
OTHER_TEAM: Final[tuple[int, int, int]] = (0, 0, 0)
"""The other team: the plain dark of a plate, and of the other team's markers in the diagram."""
