"""The table's pygame-free core: time-based tweens, the geometry of the table for 2-6 seats, and the paging of
action buttons. Testable without a window."""
