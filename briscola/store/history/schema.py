"""The history database's schema: the tables of the newest version, and the steps that bring an older file up to it.

A history file says which schema it holds in SQLite's ``PRAGMA user_version`` and that it is ours in
``PRAGMA application_id`` (so a stranger's SQLite file is never mistaken for an empty history). :data:`LATEST_VERSION`
is what this release writes. :data:`MIGRATIONS` holds one step per later version: ``MIGRATIONS[0]`` takes a version 1
file to version 2, and so on; :func:`upgrade` runs the steps a file needs, each in the caller's transaction together
with the new ``user_version``, so a file is always at one version or the next, never between. A file of a *newer*
version than this release knows is never touched (:mod:`briscola.store.history` turns the history off for the run).

The rules for changing the schema: never edit a released version's statements; add a step to :data:`MIGRATIONS`
that changes a version N file into version N+1 (``ALTER TABLE``, a new table filled from the old ones, new indexes),
raise :data:`LATEST_VERSION` and make :data:`SCHEMA` the result. ``tests/store/test_history_schema.py`` keeps a frozen
copy of every released version, builds a file of each by hand and checks that it migrates to exactly :data:`SCHEMA`;
it fails when the schema changes without a migration.

The tables (``docs/history.md`` explains every column):

- ``profiles``: the names people play under;
- ``matches``: one row a match: when, the preset, who was the human, the human's result and the game record (the
  engine's JSON record, compact, which holds the rules: ``json_extract(record, '$.rules.hands_to_win')``), with a
  hash of the record that makes an import skip a match already kept;
- ``seats``: one row per seat of a match: who played it (kind, level), its team, a label of its opponents' levels, its
  match score and its result; the statistics of any seat (the human's, or a level's in the arena) start here;
- ``hands``: one row per scored hand: why it ended, its stake, the sides and their points, the game points, the winners;
- ``hand_seats``: the same hand for each seat that played it: its side's points and game points, won/drawn/lost and
  whether its side took (``1``) or conceded (``-1``) a cappotto, so the statistics add up with ``GROUP BY``;
- ``sheets`` and ``sheet_entries`` (version 2): the score sheets of games played with real cards
  (:mod:`briscola.sheet`): a sheet's title and agreed rules as JSON, and one row per deal entered, as JSON;
- ``arena_games`` (version 3): the arena's games (``python -m briscola.arena --history``), each by the key that places
  it in its plan and with the arena's result of it as JSON, so a measurement stopped midway resumes (``--resume``).
- ``hand_reviews`` (version 4): the coach's review of a seat's hand (:mod:`briscola.match.review`): its accuracy
  (expected points lost per graded decision; NULL when none was graded), how many decisions, and when.
- ``opponent_models`` (version 5): what Campione has learned about an opponent (:mod:`briscola.ai.opponent`), per
  human profile or per external bot's name, as the model's own JSON, with how many hands it learned and when.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Final

__all__ = ["APPLICATION_ID", "LATEST_VERSION", "MIGRATIONS", "SCHEMA", "Migration", "create", "upgrade"]

#: ``PRAGMA application_id`` of a history file: "BrHi" in ASCII.
APPLICATION_ID: Final = 0x42724869
#: The schema version this release writes.
LATEST_VERSION: Final = 5

#: A step from one version to the next, run inside the caller's transaction.
Migration = Callable[[sqlite3.Connection], None]

#: Version 2: the score sheets. Run by a new file and by the step from version 1, which must keep these statements
#: as they are (a later version that changes the tables adds its own step).
_SHEETS_V2: Final[tuple[str, ...]] = (
    """CREATE TABLE sheets (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    rules TEXT NOT NULL,
    entries INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE sheet_entries (
    sheet_id INTEGER NOT NULL REFERENCES sheets (id) ON DELETE CASCADE,
    entry_no INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (sheet_id, entry_no)
) WITHOUT ROWID""",
    "CREATE INDEX sheets_by_updated ON sheets (updated)",
)

#: Version 3: the arena's games, by the key that places each in its plan (so ``--resume`` skips what is kept) and
#: with the arena's own result of the game (faults, times), which the record does not hold.
_ARENA_V3: Final[tuple[str, ...]] = (
    """CREATE TABLE arena_games (
    key TEXT PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    result TEXT NOT NULL
) WITHOUT ROWID""",
)

#: Version 4: the coach's review of a hand (issue 33), its accuracy kept for the trend over many hands. Run by a new
#: file and by the step from version 3.
_REVIEWS_V4: Final[tuple[str, ...]] = (
    """CREATE TABLE hand_reviews (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    hand INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    accuracy REAL,
    decisions INTEGER NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (match_id, hand, seat)
) WITHOUT ROWID""",
    "CREATE INDEX hand_reviews_by_created ON hand_reviews (created)",
)

#: Version 5: what Campione learned about each opponent (issue 36): one row per human profile (``kind`` 'profile')
#: or external bot (``kind`` 'bot', by its name), the model as JSON. Run by a new file and by the step from version 4.
_MODELS_V5: Final[tuple[str, ...]] = (
    """CREATE TABLE opponent_models (
    kind TEXT NOT NULL CHECK (kind IN ('profile', 'bot')),
    owner TEXT NOT NULL,
    model TEXT NOT NULL,
    hands INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (kind, owner)
) WITHOUT ROWID""",
)

#: The statements of the latest schema, in the order they are run on a new file.
SCHEMA: Final[tuple[str, ...]] = (
    """CREATE TABLE profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
)""",
    """CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER REFERENCES profiles (id) ON DELETE SET NULL,
    started TEXT NOT NULL,
    ended TEXT,
    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
    preset TEXT NOT NULL,
    players INTEGER NOT NULL,
    hints_used INTEGER NOT NULL DEFAULT 0,
    undo_used INTEGER NOT NULL DEFAULT 0,
    human_seat INTEGER,
    result TEXT CHECK (result IN ('won', 'drawn', 'lost', 'abandoned')),
    hands_played INTEGER NOT NULL DEFAULT 0,
    record TEXT NOT NULL,
    content_hash TEXT UNIQUE
)""",
    """CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'computer', 'external')),
    level TEXT,
    team INTEGER NOT NULL,
    opponents TEXT NOT NULL,
    match_score INTEGER NOT NULL DEFAULT 0,
    result TEXT CHECK (result IN ('won', 'drawn', 'lost', 'abandoned')),
    PRIMARY KEY (match_id, seat)
) WITHOUT ROWID""",
    """CREATE TABLE hands (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    hand_no INTEGER NOT NULL,
    reason TEXT NOT NULL,
    stake INTEGER NOT NULL,
    cappotto INTEGER NOT NULL,
    sides TEXT NOT NULL,
    side_points TEXT NOT NULL,
    game_points TEXT NOT NULL,
    winners TEXT NOT NULL,
    PRIMARY KEY (match_id, hand_no)
) WITHOUT ROWID""",
    """CREATE TABLE hand_seats (
    match_id INTEGER NOT NULL,
    hand_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    points INTEGER NOT NULL,
    game_points INTEGER NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'drawn', 'lost')),
    cappotto INTEGER NOT NULL CHECK (cappotto IN (-1, 0, 1)),
    PRIMARY KEY (match_id, hand_no, seat),
    FOREIGN KEY (match_id, hand_no) REFERENCES hands (match_id, hand_no) ON DELETE CASCADE
) WITHOUT ROWID""",
    # The statistics and lists filter by profile, preset, time and level: each has an index that leads with it.
    "CREATE INDEX matches_by_profile ON matches (profile_id, started)",
    "CREATE INDEX matches_by_started ON matches (started)",
    "CREATE INDEX matches_by_preset ON matches (preset, started)",
    "CREATE INDEX seats_by_level ON seats (level, kind)",
    *_SHEETS_V2,
    *_ARENA_V3,
    *_REVIEWS_V4,
    *_MODELS_V5,
)


def _add_sheets(conn: sqlite3.Connection) -> None:
    """Version 1 to 2: the score sheets' two tables and their index; nothing of version 1 changes."""
    for statement in _SHEETS_V2:
        conn.execute(statement)


def _add_arena_games(conn: sqlite3.Connection) -> None:
    """Version 2 to 3: the arena's table of game keys; nothing of version 2 changes."""
    for statement in _ARENA_V3:
        conn.execute(statement)


def _add_reviews(conn: sqlite3.Connection) -> None:
    """Version 3 to 4: the table of the hands' reviews and its index; nothing of version 2 changes."""
    for statement in _REVIEWS_V4:
        conn.execute(statement)


def _add_models(conn: sqlite3.Connection) -> None:
    """Version 4 to 5: the table of what Campione learned about its opponents; nothing of version 4 changes."""
    for statement in _MODELS_V5:
        conn.execute(statement)


#: ``MIGRATIONS[i]`` takes a file from version ``i + 1`` to ``i + 2``.
MIGRATIONS: Final[tuple[Migration, ...]] = (_add_sheets, _add_arena_games, _add_reviews, _add_models)


def create(conn: sqlite3.Connection) -> None:
    """Make an empty file the latest schema (in the caller's transaction)."""
    for statement in SCHEMA:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION}")


def upgrade(conn: sqlite3.Connection, version: int, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Run the steps from ``version`` to the newest one ``migrations`` reach (in the caller's transaction).

    Returns the version reached (``len(migrations) + 1``). ``migrations`` is a parameter so the tests can run the
    machinery over steps of their own as well as over the real ones.
    """
    latest = len(migrations) + 1
    if not 1 <= version <= latest:
        raise ValueError(f"version {version} can't be upgraded by {len(migrations)} steps")
    for step in migrations[version - 1 :]:
        step(conn)
    conn.execute(f"PRAGMA user_version = {latest}")
    return latest
