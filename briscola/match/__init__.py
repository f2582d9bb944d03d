"""Matches between seats: the seat interface, the referee that plays a whole match trusting no seat, and the match
behind the desktop table (who sits where, computer moves thought off the render loop, external bots). No pygame."""
