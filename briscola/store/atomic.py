"""Writing files so that a crash never leaves half of one, and moving broken files aside instead of deleting them.

A settings overlay or an autosave that is cut short by a crash, a full disk or a power cut must not cost the player
the previous good copy, so every write goes to a temporary file in the same folder, is flushed to the disk, and only
then replaces the old file in one step (``os.replace`` is atomic within a file system). A file the game can't read is
never deleted either: it may hold something the player wants back, so it is renamed with a timestamp, and an older
aside file is never overwritten.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Final

__all__ = ["FileTooLargeError", "move_aside", "read_limited", "write_atomic"]

# Enough tries to find a free aside name even if the game was started many times in the same second.
_MAX_ASIDE_TRIES: Final = 1000


class FileTooLargeError(ValueError):
    """A file longer than the caller's limit: read no further, it is not something the game wrote."""


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` in one step, creating its folder if needed; raises OSError on failure.

    On failure the old file is untouched and the temporary file is removed.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Flush the folder entry too, so the rename itself survives a power cut (best effort: not on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_limited(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, refusing (FileTooLargeError) a file longer than ``limit`` without reading it all."""
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(path)
    return data


def move_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename ``path`` to ``<name>.corrupt-YYYYmmdd-HHMMSS`` (``-2``, ``-3``... if taken) and return the new path.

    A hard link is tried first because it fails if the name is taken, so no earlier aside file can be overwritten
    even by a second game starting at the same moment; where links are not supported the name is checked first.
    Raises OSError if the file can't be moved.
    """
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    for attempt in range(1, _MAX_ASIDE_TRIES + 1):
        suffix = "" if attempt == 1 else f"-{attempt}"
        target = path.with_name(f"{path.name}.corrupt-{stamp}{suffix}")
        try:
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
        os.unlink(path)
        return target
    raise FileExistsError(path)
