"""Where a replay comes from on the command line (``python main.py --replay ID|FILE``): the record, and its title.

- A whole number is a match id in the history (``--history PATH``, the user's own by default), opened read-only: a
  missing history or id is said, and so is a match whose stored record fails its replay.
- Anything else is a file: a game record (``docs/record-format.md``), or a ``.jsonl`` export of the history command
  (one match a line; the first, or the ``N``-th with ``FILE#N``, counting from 1).

Every record is checked as a loaded record is (the engine replays it and compares the result) before the window
opens; what fails is a :class:`ReplayRefusedError` whose message names the source and the engine's reason, for the
command line to print (and exit with 2): a replay is never half-shown.
"""

from __future__ import annotations

from pathlib import Path

from briscola.engine.errors import RecordError
from briscola.engine.record import GameRecord, load_record, record_from_dict
from briscola.engine.record_json import MAX_RECORD_BYTES, parse_json
from briscola.text.i18n import _
from briscola.text.presets import preset_label

__all__ = ["ReplayRefusedError", "find_record"]

#: What an export line of ``python -m briscola.history export`` says it is (:mod:`briscola.store.history.exchange`).
_EXPORT_FORMAT = "briscola-history-match"


class ReplayRefusedError(Exception):
    """A replay that can't be shown; the message says which source and why, in the player's language."""


def find_record(source: str, history: Path | str | None = None) -> tuple[GameRecord, str]:
    """The checked record ``source`` names (a match id in ``history``, or a file), and a title for the viewer."""
    if source.strip().isdigit():
        return _from_history(int(source), history)
    return _from_file(source)


def _from_history(match_id: int, path: Path | str | None) -> tuple[GameRecord, str]:
    from briscola.store.history import History
    from briscola.store.history.rows import local_time_text

    opened, problems = History.open(path, read_only=True)
    if opened is None:
        why = "; ".join(problem.message() for problem in problems) or _("there is no history file")
        raise ReplayRefusedError(_("match {id} can't be replayed: {why}").format(id=match_id, why=why))
    with opened as history:
        try:
            detail = history.match(match_id)
        except RecordError as error:
            raise ReplayRefusedError(
                _("match {id} in {file} can't be replayed: {reason}").format(
                    id=match_id, file=history.name, reason=error
                )
            ) from None
    if detail is None:
        raise ReplayRefusedError(_("there is no match {id} in {file}").format(id=match_id, file=history.name))
    summary = detail.summary
    title = _("match {id} · {rules} · {date}").format(
        id=match_id, rules=preset_label(summary.preset), date=local_time_text(summary.started)
    )
    return detail.record, title


def _split(source: str) -> tuple[Path, int | None]:
    """The file and the line asked for: ``FILE#N`` when FILE exists and N is a whole number, else the whole name."""
    name, mark, line = source.rpartition("#")
    if mark and line.isdigit() and not Path(source).exists():
        return Path(name), int(line)
    return Path(source), None


def _from_file(source: str) -> tuple[GameRecord, str]:
    path, line = _split(source)
    try:
        if path.stat().st_size > 64 * MAX_RECORD_BYTES:
            raise ReplayRefusedError(_("{file}: too large to be a game record or a history export").format(file=path))
        data = path.read_bytes()
    except OSError as error:
        raise ReplayRefusedError(_("{file} can't be read: {error}").format(file=path, error=error.strerror)) from None
    try:
        if path.suffix.lower() == ".jsonl" or line is not None:
            return _from_export(path, data, line or 1)
        return load_record(data), path.name
    except RecordError as error:
        raise ReplayRefusedError(_("{file} can't be replayed: {reason}").format(file=path, reason=error)) from None


def _from_export(path: Path, data: bytes, line: int) -> tuple[GameRecord, str]:
    """Line ``line`` of a history export: its record, checked."""
    lines = [text for text in data.splitlines() if text.strip()]
    if not 1 <= line <= len(lines):
        raise ReplayRefusedError(
            _("{file} has {count} matches; there is no match {line} in it").format(
                file=path, count=len(lines), line=line
            )
        )
    obj = parse_json(lines[line - 1])
    if not isinstance(obj, dict) or obj.get("format") != _EXPORT_FORMAT or "record" not in obj:
        raise RecordError(f"line {line}", "is not a match exported by the history command")
    return record_from_dict(obj["record"]), f"{path.name} #{line}"
