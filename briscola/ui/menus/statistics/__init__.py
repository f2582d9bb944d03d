"""The statistics screen: its scene, its charts and tables, and the words it shows (computed by store/history/board)."""
