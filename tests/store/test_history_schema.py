"""The history's schema: a new file is the latest version, every released version migrates to exactly it, and the
migration machinery runs its steps in order, all or nothing.

``RELEASED`` keeps a frozen copy of every released schema. Never edit one: a change to ``history.schema.SCHEMA`` needs
a migration step, a new ``LATEST_VERSION`` and its frozen copy here; ``test_every_released_version_migrates_to_the_
latest`` fails otherwise.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from briscola.ai.opponent import OpponentModel
from briscola.store.history import History
from briscola.store.history.rows import compact_record
from briscola.store.history.schema import APPLICATION_ID, LATEST_VERSION, MIGRATIONS, SCHEMA, upgrade
from tests.store.history_helpers import play

V1 = (
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
    "CREATE INDEX matches_by_profile ON matches (profile_id, started)",
    "CREATE INDEX matches_by_started ON matches (started)",
    "CREATE INDEX matches_by_preset ON matches (preset, started)",
    "CREATE INDEX seats_by_level ON seats (level, kind)",
)
V2 = (
    *V1,
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
V3 = (
    *V2,
    """CREATE TABLE arena_games (
    key TEXT PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    result TEXT NOT NULL
) WITHOUT ROWID""",
)
V4 = (
    *V3,
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
V5 = (
    *V4,
    """CREATE TABLE opponent_models (
    kind TEXT NOT NULL CHECK (kind IN ('profile', 'bot')),
    owner TEXT NOT NULL,
    model TEXT NOT NULL,
    hands INTEGER NOT NULL,
    updated TEXT NOT NULL,
    PRIMARY KEY (kind, owner)
) WITHOUT ROWID""",
)
RELEASED = {1: V1, 2: V2, 3: V3, 4: V4, 5: V5}


EMPTY = OpponentModel().to_json()


def _schema(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    rows = conn.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name")
    return [(kind, name, " ".join(sql.split())) for kind, name, sql in rows]


def _pragma(conn: sqlite3.Connection, name: str) -> object:
    return conn.execute(f"PRAGMA {name}").fetchone()[0]


def _hand_built(path: Path, version: int) -> None:
    """A file of ``version`` made with its frozen statements, holding one finished match typed in by hand (and from
    version 2 a score sheet with two deals)."""
    memory, _ = History.open(":memory:")
    assert memory is not None
    record = play(memory, seed=5).record()
    conn = sqlite3.connect(path)
    for statement in RELEASED[version]:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {version}")
    if version >= 2:
        conn.execute(
            "INSERT INTO sheets VALUES (3, 'Friday', '2025-03-01T18:00:00Z', '2025-03-01T18:20:00Z', ?, 2)",
            ('{"names":["Anna","Bo"]}',),
        )
        conn.execute("INSERT INTO sheet_entries VALUES (3, 1, '{\"points\":[70,50]}')")
        conn.execute("INSERT INTO sheet_entries VALUES (3, 2, '{\"points\":[60,60]}')")
    conn.execute("INSERT INTO profiles VALUES (1, 'Anna', '2025-03-01T18:00:00Z')")
    conn.execute(
        "INSERT INTO matches (id, profile_id, started, ended, status, preset, players, human_seat, result,"
        " hands_played, record, content_hash) VALUES (7, 1, '2025-03-01T18:30:00Z', '2025-03-01T18:40:00Z',"
        " 'finished', 'classic', 2, 0, ?, ?, ?, 'abc')",
        ("won" if 0 in (record.result.winners or ()) else "lost", record.result.hands_played, compact_record(record)),
    )
    won = 0 in (record.result.winners or ())
    for seat, kind, level, opponents in ((0, "human", None, "medio"), (1, "computer", "medio", "human")):
        result = "won" if (seat == 0) == won else "lost"
        conn.execute(
            "INSERT INTO seats VALUES (7, ?, ?, ?, ?, ?, ?, ?, ?)",
            (seat, record.seats[seat].name, kind, level, seat, opponents, record.result.match_scores[seat], result),
        )
    if version >= 4:
        conn.execute("INSERT INTO hand_reviews VALUES (7, 1, 0, 2.5, 20, '2025-03-01T18:41:00Z')")
    if version >= 5:
        conn.execute("INSERT INTO opponent_models VALUES ('profile', 'Anna', ?, 0, '2025-03-01T18:42:00Z')", (EMPTY,))
    conn.commit()
    conn.close()


def test_a_new_file_is_the_latest_schema_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    path = tmp_path / "data" / "history.sqlite3"
    history, problems = History.open(path)
    assert history is not None and problems == []
    history.close()
    conn = sqlite3.connect(path)
    assert _pragma(conn, "user_version") == LATEST_VERSION
    assert _pragma(conn, "application_id") == APPLICATION_ID
    assert _pragma(conn, "journal_mode") == "wal"
    fresh = sqlite3.connect(":memory:")
    for statement in SCHEMA:
        fresh.execute(statement)
    assert _schema(conn) == _schema(fresh)


def test_foreign_keys_are_enforced_on_every_connection(tmp_path: Path) -> None:
    history, _ = History.open(tmp_path / "h.sqlite3")
    assert history is not None
    history.close()
    again, _ = History.open(tmp_path / "h.sqlite3")
    assert again is not None
    memory, _ = History.open(":memory:")
    assert memory is not None
    for opened in (again, memory):
        assert opened._conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        with pytest.raises(sqlite3.IntegrityError):
            opened._conn.execute("INSERT INTO hands VALUES (999, 1, 'played', 1, 0, '[]', '[]', '[]', '[]')")


def test_the_latest_version_is_one_past_the_migrations() -> None:
    assert len(MIGRATIONS) + 1 == LATEST_VERSION
    assert max(RELEASED) == LATEST_VERSION, "freeze the new version's statements in RELEASED"
    assert tuple(RELEASED[LATEST_VERSION]) == SCHEMA, "a released schema changed: add a migration instead"


@pytest.mark.parametrize("version", sorted(RELEASED))
def test_every_released_version_migrates_to_the_latest(tmp_path: Path, version: int) -> None:
    path = tmp_path / "old.sqlite3"
    _hand_built(path, version)
    history, problems = History.open(path)
    assert history is not None and problems == []
    (match,) = history.matches()
    assert (match.id, match.profile, match.status) == (7, "Anna", "finished")
    detail = history.match(7)
    assert detail is not None and detail.record.finished
    assert history.stats().overall.matches == 1
    if version >= 2:
        sheet = history.sheet(3)
        assert sheet is not None and sheet.summary.title == "Friday"
        assert sheet.entries == ({"points": [70, 50]}, {"points": [60, 60]})
    else:
        assert history.sheets() == []  # migrated: the sheets' tables are there, empty
    trend = history.review_trend()
    if version >= 4:
        assert (trend.hands, trend.accuracy) == (1, 2.5)
    else:
        assert trend.hands == 0  # migrated: the reviews' table is there, empty
        assert history.keep_review(7, 1, 0, 1.5, 18)
        assert history.review_trend().accuracies == (1.5,)
    model, problem = history.opponent_model("profile", "Anna")
    assert problem is None and model.hands == 0  # kept (version 5) or migrated: the models' table is there
    history.close()
    conn = sqlite3.connect(path)
    fresh = sqlite3.connect(":memory:")
    for statement in SCHEMA:
        fresh.execute(statement)
    assert _pragma(conn, "user_version") == LATEST_VERSION
    assert _schema(conn) == _schema(fresh)
    assert _pragma(conn, "journal_mode") == "wal"


def test_upgrade_runs_each_step_once_in_order() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    for statement in V1:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")

    def to_2(c: sqlite3.Connection) -> None:
        c.execute("ALTER TABLE matches ADD COLUMN note TEXT")

    def to_3(c: sqlite3.Connection) -> None:
        c.execute("UPDATE matches SET note = 'three'")
        c.execute("CREATE INDEX matches_by_note ON matches (note)")

    conn.execute("BEGIN IMMEDIATE")
    assert upgrade(conn, 1, (to_2, to_3)) == 3
    conn.execute("COMMIT")
    assert _pragma(conn, "user_version") == 3
    assert ("index", "matches_by_note") in [(kind, name) for kind, name, _ in _schema(conn)]
    with pytest.raises(ValueError, match="version 4"):
        upgrade(conn, 4, (to_2, to_3))


def test_a_failing_step_leaves_the_file_at_its_old_version(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "h.sqlite3", isolation_level=None)
    for statement in V1:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    before = _schema(conn)

    def to_2(c: sqlite3.Connection) -> None:
        c.execute("ALTER TABLE matches ADD COLUMN note TEXT")

    def broken(c: sqlite3.Connection) -> None:
        c.execute("ALTER TABLE nowhere ADD COLUMN x")

    conn.execute("BEGIN IMMEDIATE")
    with pytest.raises(sqlite3.OperationalError):
        upgrade(conn, 1, (to_2, broken))
    conn.execute("ROLLBACK")
    assert _pragma(conn, "user_version") == 1
    assert _schema(conn) == before
