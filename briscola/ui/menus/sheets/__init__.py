"""The score sheets in the window: the kept sheets' list, a new sheet's form, and a sheet being filled in (their logic
is briscola/sheet)."""
